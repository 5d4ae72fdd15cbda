//! What every answer gets, whatever route made it: a Content-Security-Policy
//! and `nosniff`, gzip when the client accepts it, and a JSON body
//! `{"error": "..."}` on every 4xx (also on those axum makes itself, such as
//! 405); addresses and header blocks too long for the API get 414 and 431
//! with such a body before any route sees them.

use axum::extract::Request;
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::Router;
use serde_json::json;
use tower_http::compression::{CompressionLayer, CompressionLevel};
use tower_http::set_header::SetResponseHeaderLayer;

/// The page's policy: its own scripts only (no inline script), styles from
/// its file and the inline ones its SVG boards carry, pictures it makes
/// itself (`data:`, `blob:`), requests to this server only. No
/// `frame-ancestors`: a course page may embed the player in an `<iframe>`.
pub const PAGE_CSP: &str = "default-src 'self'; script-src 'self'; \
    style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; \
    object-src 'none'; base-uri 'none'; form-action 'self'";

/// The one-file player's policy (`format=html`): its scripts and styles are
/// inline, and it loads and sends nothing.
pub const EXPORT_CSP: &str = "default-src 'none'; script-src 'unsafe-inline'; \
    style-src 'unsafe-inline'; img-src data: blob:; object-src 'none'; base-uri 'none'; \
    form-action 'none'";

/// The longest address (path and query) answered; the API's longest real
/// query is a few hundred bytes.
pub const MAX_URI_BYTES: usize = 8 * 1024;
/// The largest header block answered (names and values).
pub const MAX_HEADER_BYTES: usize = 16 * 1024;

/// `router` with the headers, compression and JSON errors of every answer.
pub fn apply(router: Router) -> Router {
    router
        .layer(axum::middleware::from_fn(json_errors))
        .layer(
            CompressionLayer::new()
                .gzip(true)
                .quality(CompressionLevel::Fastest),
        )
        .layer(SetResponseHeaderLayer::if_not_present(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(PAGE_CSP),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::REFERRER_POLICY,
            HeaderValue::from_static("no-referrer"),
        ))
}

/// An error answer with a JSON body.
fn error(status: StatusCode, message: &str) -> Response {
    let mut r = (status, axum::Json(json!({ "error": message }))).into_response();
    r.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    r
}

/// Refuses oversized requests with 414 or 431, and gives any other 4xx
/// answer without a JSON body one that says what went wrong (never quoting
/// the request).
async fn json_errors(req: Request, next: Next) -> Response {
    let uri_bytes = req.uri().path_and_query().map_or(0, |pq| pq.as_str().len());
    if uri_bytes > MAX_URI_BYTES {
        return error(
            StatusCode::URI_TOO_LONG,
            &format!("the address is {uri_bytes} bytes long: at most {MAX_URI_BYTES} are answered"),
        );
    }
    let header_bytes: usize = req
        .headers()
        .iter()
        .map(|(k, v)| k.as_str().len() + v.len() + 4)
        .sum();
    if header_bytes > MAX_HEADER_BYTES {
        return error(
            StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
            &format!(
                "the request's headers are {header_bytes} bytes: at most {MAX_HEADER_BYTES} \
                 are answered"
            ),
        );
    }
    let r = next.run(req).await;
    let status = r.status();
    if !status.is_client_error() || is_json(&r) {
        return r;
    }
    let message = match status {
        StatusCode::NOT_FOUND => {
            "nothing here: the page is at / and the API under /api (see /api/limits)".to_string()
        }
        StatusCode::METHOD_NOT_ALLOWED => {
            "method not allowed: the page and the API answer GET and HEAD only".to_string()
        }
        s => format!(
            "{} {}",
            s.as_u16(),
            s.canonical_reason().unwrap_or("bad request").to_lowercase()
        ),
    };
    let (mut parts, _) = r.into_parts();
    let body = error(status, &message);
    parts.headers.remove(header::CONTENT_LENGTH);
    for (k, v) in body.headers() {
        parts.headers.insert(k.clone(), v.clone());
    }
    Response::from_parts(parts, body.into_body())
}

fn is_json(r: &Response) -> bool {
    r.headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::body::Body;
    use axum::http::Request;
    use axum::routing::get;
    use tower::ServiceExt;

    fn app() -> Router {
        apply(
            Router::new()
                .route("/", get(|| async { "page" }))
                .route("/big", get(|| async { "a line of text\n".repeat(1000) }))
                .route(
                    "/teapot",
                    get(|| async { (StatusCode::IM_A_TEAPOT, "short and stout") }),
                ),
        )
    }

    async fn send(req: Request<Body>) -> (StatusCode, axum::http::HeaderMap, String) {
        let r = app().oneshot(req).await.unwrap();
        let (parts, body) = r.into_parts();
        let body = axum::body::to_bytes(body, usize::MAX).await.unwrap();
        (
            parts.status,
            parts.headers,
            String::from_utf8(body.to_vec()).unwrap(),
        )
    }

    fn error_of(body: &str) -> String {
        let v: serde_json::Value = serde_json::from_str(body).unwrap();
        v["error"].as_str().unwrap().to_string()
    }

    #[tokio::test]
    async fn every_answer_has_the_security_headers() {
        let (s, h, body) = send(Request::get("/").body(Body::empty()).unwrap()).await;
        assert_eq!(s, StatusCode::OK);
        assert_eq!(body, "page");
        assert_eq!(h[header::X_CONTENT_TYPE_OPTIONS], "nosniff");
        assert_eq!(h[header::CONTENT_SECURITY_POLICY], PAGE_CSP);
    }

    #[tokio::test]
    async fn a_4xx_without_json_gets_a_json_body() {
        let (s, h, body) = send(Request::post("/").body(Body::empty()).unwrap()).await;
        assert_eq!(s, StatusCode::METHOD_NOT_ALLOWED);
        assert_eq!(h[header::CONTENT_TYPE], "application/json");
        assert!(error_of(&body).contains("GET and HEAD"), "{body}");
        assert!(h.contains_key(header::ALLOW), "axum's Allow header is kept");
        let (s, _, body) = send(Request::get("/teapot").body(Body::empty()).unwrap()).await;
        assert_eq!(s, StatusCode::IM_A_TEAPOT);
        assert_eq!(error_of(&body), "418 i'm a teapot");
        let (s, _, body) = send(Request::get("/nothing").body(Body::empty()).unwrap()).await;
        assert_eq!(s, StatusCode::NOT_FOUND);
        assert!(!body.contains("nothing\""), "{body}");
    }

    #[tokio::test]
    async fn long_addresses_and_headers_are_refused_in_json() {
        let long = format!("/?q={}", "x".repeat(MAX_URI_BYTES));
        let (s, _, body) = send(Request::get(long.as_str()).body(Body::empty()).unwrap()).await;
        assert_eq!(s, StatusCode::URI_TOO_LONG);
        assert!(!body.contains("xxxxxxxx"), "the address is not quoted");
        assert!(error_of(&body).contains("at most 8192"));
        let mut req = Request::get("/");
        for i in 0..20 {
            req = req.header(format!("x-h{i}"), "y".repeat(1000));
        }
        let (s, _, body) = send(req.body(Body::empty()).unwrap()).await;
        assert_eq!(s, StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE);
        assert!(error_of(&body).contains("at most 16384"));
    }

    #[tokio::test]
    async fn answers_are_gzipped_when_the_client_asks() {
        use std::io::Read;
        let plain = Request::get("/big").body(Body::empty()).unwrap();
        let (_, h, text) = send(plain).await;
        assert!(h.get(header::CONTENT_ENCODING).is_none());
        let req = Request::get("/big")
            .header(header::ACCEPT_ENCODING, "gzip")
            .body(Body::empty())
            .unwrap();
        let r = app().oneshot(req).await.unwrap();
        assert_eq!(r.headers()[header::CONTENT_ENCODING], "gzip");
        assert_eq!(r.headers()[header::X_CONTENT_TYPE_OPTIONS], "nosniff");
        let zipped = axum::body::to_bytes(r.into_body(), usize::MAX)
            .await
            .unwrap();
        assert!(zipped.len() * 10 < text.len(), "{} bytes", zipped.len());
        let mut unzipped = String::new();
        flate2::read::GzDecoder::new(&zipped[..])
            .read_to_string(&mut unzipped)
            .unwrap();
        assert_eq!(unzipped, text);
    }
}
