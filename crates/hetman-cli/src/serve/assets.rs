//! The page's files, embedded in the binary with rust-embed (read from
//! `assets/web/` at run time in debug builds, so the page can be edited
//! without rebuilding).

use crate::common::i18n::{messages_js, Lang};
use axum::extract::Path;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

#[derive(rust_embed::RustEmbed)]
#[folder = "assets/web/"]
struct Assets;

/// The language the page takes when the browser asks for none we have
/// (`serve --lang`, else the environment's); set once when the server starts.
pub static DEFAULT_LANG: std::sync::OnceLock<Lang> = std::sync::OnceLock::new();

/// The routes of the page and its files.
pub fn routes() -> Router {
    Router::new()
        .route("/", get(|| async { asset("index.html") }))
        .route("/messages.js", get(|| async { messages() }))
        .route(
            "/{*path}",
            get(|Path(path): Path<String>| async move { asset(&path) }),
        )
}

/// The media type of a file name.
pub fn content_type(path: &str) -> &'static str {
    match path.rsplit_once('.').map(|(_, e)| e) {
        Some("html") => "text/html; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("js") => "text/javascript; charset=utf-8",
        Some("svg") => "image/svg+xml",
        Some("png") => "image/png",
        Some("ico") => "image/x-icon",
        Some("json") => "application/json",
        _ => "application/octet-stream",
    }
}

/// The messages of every language, made from the Fluent files.
fn messages() -> Response {
    let lang = DEFAULT_LANG.get().copied().unwrap_or(Lang::En);
    let mut r = messages_js(lang).into_response();
    let h = r.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(content_type("messages.js")),
    );
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    r
}

fn asset(path: &str) -> Response {
    match Assets::get(path) {
        Some(file) => {
            let mut r = file.data.into_owned().into_response();
            let h = r.headers_mut();
            h.insert(
                header::CONTENT_TYPE,
                HeaderValue::from_static(content_type(path)),
            );
            h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
            h.insert(
                header::X_CONTENT_TYPE_OPTIONS,
                HeaderValue::from_static("nosniff"),
            );
            r
        }
        // No echo of the path; the page's address is all a person needs.
        None => (
            StatusCode::NOT_FOUND,
            axum::Json(serde_json::json!({
                "error": "no such file: the page is at / and the API under /api"
            })),
        )
            .into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_and_its_files_are_embedded() {
        let index = Assets::get("index.html").expect("index.html");
        let index = std::str::from_utf8(&index.data).unwrap();
        for name in crate::common::html::ASSETS {
            assert!(Assets::get(name).is_some(), "{name} is not embedded");
            assert!(index.contains(name), "index.html does not load {name}");
        }
    }
}
