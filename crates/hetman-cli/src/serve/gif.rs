//! `format=gif` of the trace endpoints: the steps `from` to `to` as an
//! animated GIF, made on a blocking thread under a slot of the work gate
//! (or 503 when the server is busy). The GIF is made whole before it is
//! sent (at most [`gif_out::MAX_FRAMES`] frames, a few MB), so a range the
//! trace cannot give is a 400 with the reason, not a broken image; a client
//! that leaves while it is made stops the work at the next event.

use super::work;
use crate::common::gif_out::{self, Made};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};

/// The names of the range in the query.
pub const NAMES: gif_out::Names = gif_out::Names {
    from: "from",
    to: "to",
};

/// What went wrong: a range the trace cannot give (400), or the server.
pub enum Failed {
    /// The message for the client, naming the parameter.
    Bad(String),
    /// The server is busy or the work failed.
    Answer(Response),
}

/// Makes the GIF with `make` once the gate lets it run; `file` names the
/// download (without `.gif`) when it is one.
pub async fn respond(
    make: impl FnOnce(&work::Stop) -> Result<Made, String> + Send + 'static,
    file: Option<String>,
) -> Result<Response, Failed> {
    let ticket = work::admit()
        .await
        .map_err(|busy| Failed::Answer(busy.into_response()))?;
    let (slot, stop, watch) = ticket.split();
    let work_stop = stop.clone();
    let task = tokio::task::spawn_blocking(move || {
        let _slot = slot;
        make(&work_stop)
    });
    // Dropped with this future (the client left), `watch` stops the work.
    let made = task.await;
    // Set by the time limit while the work ran (dropping `watch` sets it too).
    let stopped = stop.is_set();
    drop(watch);
    let made = match made {
        Ok(Ok(made)) => made,
        Ok(Err(message)) if !stopped => return Err(Failed::Bad(message)),
        _ => {
            let r = (
                StatusCode::SERVICE_UNAVAILABLE,
                axum::Json(serde_json::json!({
                    "error": "the GIF was not finished in time; ask for fewer steps"
                })),
            );
            return Err(Failed::Answer(r.into_response()));
        }
    };
    let mut r = Response::new(axum::body::Body::from(made.bytes));
    let h = r.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static("image/gif"));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    if let Some(v) =
        file.and_then(|f| HeaderValue::from_str(&format!("attachment; filename=\"{f}.gif\"")).ok())
    {
        h.insert(header::CONTENT_DISPOSITION, v);
    }
    Ok(r)
}

#[cfg(test)]
mod tests {
    use super::super::api::routes;
    use axum::body::Body;
    use axum::http::{header, Request, StatusCode};
    use tower::ServiceExt;

    async fn get(uri: &str) -> (StatusCode, Option<String>, Vec<u8>) {
        let r = routes()
            .oneshot(Request::get(uri).body(Body::empty()).unwrap())
            .await
            .unwrap();
        let status = r.status();
        let kind = r
            .headers()
            .get(header::CONTENT_TYPE)
            .map(|v| v.to_str().unwrap().to_string());
        let body = axum::body::to_bytes(r.into_body(), usize::MAX)
            .await
            .unwrap();
        (status, kind, body.to_vec())
    }

    fn error(body: &[u8]) -> String {
        let v: serde_json::Value = serde_json::from_slice(body).unwrap();
        v["error"].as_str().unwrap().to_string()
    }

    #[tokio::test]
    async fn a_gif_of_the_steps_asked_for() {
        let (s, kind, body) = get("/api/queens/trace?n=5&format=gif&from=3&to=40").await;
        assert_eq!(s, StatusCode::OK);
        assert_eq!(kind.as_deref(), Some("image/gif"));
        assert!(hetman::render::gif::is_hetman_gif(&body));
        let mut d = gif::DecodeOptions::new().read_info(&body[..]).unwrap();
        let mut frames = 0;
        while d.read_next_frame().unwrap().is_some() {
            frames += 1;
        }
        assert_eq!(frames, 38);
        let (s, _, body) =
            get("/api/knight/trace?size=5&start=a5&blocked=c3&format=gif&to=10&download=1").await;
        assert_eq!(s, StatusCode::OK, "{}", String::from_utf8_lossy(&body));
    }

    #[tokio::test]
    async fn the_words_are_in_the_language_asked_for() {
        let uri = "/api/queens/trace?n=4&format=gif&to=3";
        let (s, _, en) = get(&format!("{uri}&lang=en")).await;
        assert_eq!(s, StatusCode::OK);
        let (s, _, ru) = get(&format!("{uri}&lang=ru")).await;
        assert_eq!(s, StatusCode::OK);
        let (_, _, pl) = get(&format!("{uri}&lang=PL")).await;
        assert!(hetman::render::gif::is_hetman_gif(&ru));
        assert_ne!(en, ru);
        assert_ne!(pl, ru);
        // The comment names the trace in the language asked for.
        let title = "4 ферзя, перебор с возвратом";
        assert!(ru.windows(title.len()).any(|w| w == title.as_bytes()));
        let (s, _, body) = get(&format!("{uri}&lang=de")).await;
        assert_eq!(s, StatusCode::BAD_REQUEST);
        assert!(
            error(&body).starts_with("lang must be pl, ru or en"),
            "{}",
            error(&body)
        );
    }

    #[tokio::test]
    async fn ranges_the_trace_cannot_give_name_their_parameter() {
        for (uri, want) in [
            (
                "/api/queens/trace?n=4&format=gif&from=5&to=2",
                "to 2: the range is empty",
            ),
            (
                "/api/queens/trace?n=4&format=gif&to=20000",
                "to 20000: a GIF holds at most 20,000 frames",
            ),
            (
                "/api/queens/trace?n=4&format=gif&skip=3",
                "skip is for format jsonl",
            ),
            ("/api/queens/trace?n=4&format=gif&delay=1", "delay must be"),
            (
                "/api/knight/trace?size=5&start=a5&format=gif&from=100000",
                "from 100000: the search has only",
            ),
        ] {
            let (s, _, body) = get(uri).await;
            assert_eq!(s, StatusCode::BAD_REQUEST, "{uri}");
            assert!(error(&body).starts_with(want), "{uri}: {}", error(&body));
        }
    }
}
