//! The API's handlers driven through the router: answers, refusals, formats.
use super::*;
use axum::body::Body;
use axum::http::Request;
use hetman::knight::KnightBoard;
use hetman::trace::Limits;
use hetman::BoardSize;
use tower::ServiceExt;

async fn get(uri: &str) -> (StatusCode, String) {
    let r = routes()
        .oneshot(Request::get(uri).body(Body::empty()).unwrap())
        .await
        .unwrap();
    let status = r.status();
    let body = axum::body::to_bytes(r.into_body(), usize::MAX)
        .await
        .unwrap();
    (status, String::from_utf8(body.to_vec()).unwrap())
}

fn error(body: &str) -> String {
    let v: serde_json::Value = serde_json::from_str(body).unwrap();
    v["error"].as_str().unwrap().to_string()
}

/// Each URI is refused with 400 and an error naming its word.
async fn all_refused(cases: &[(&str, &str)]) {
    for &(uri, word) in cases {
        let (s, body) = get(uri).await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{uri}");
        assert!(error(&body).contains(word), "{uri}: {body}");
    }
}

#[tokio::test]
async fn four_queens_trace() {
    let (s, body) = get("/api/queens/trace?n=4").await;
    assert_eq!(s, StatusCode::OK);
    let lines: Vec<&str> = body.lines().collect();
    assert_eq!(
        lines[0],
        r#"{"hetman_trace":2,"problem":"queens","n":4,"algorithm":"backtracking"}"#
    );
    assert_eq!(
        lines
            .iter()
            .filter(|l| l.contains(r#""event":"solution""#))
            .count(),
        2
    );
    assert!(lines.last().unwrap().contains(r#""complete":true"#));
}

#[tokio::test]
async fn bad_parameters_name_themselves() {
    all_refused(&[
        (
            "/api/queens/trace?n=17",
            "n must be a whole number from 1 to 16",
        ),
        ("/api/queens/trace?n=x", "not 'x'"),
        (
            "/api/queens/trace?algorithm=fast",
            "algorithm must be backtracking, bitboard, brute or permutations",
        ),
        ("/api/queens/trace?limit=0", "limit must be"),
        ("/api/queens/trace?limit=200001", "from 1 to 200000"),
        ("/api/queens/trace?nn=8", "unknown parameter 'nn'"),
        ("/api/knight/trace?size=9", "each side from 1 to 8"),
        ("/api/knight/trace?size=5&start=f1", "start:"),
        (
            "/api/knight/trace?size=5&start=a1&blocked=a1",
            "blocked square",
        ),
        ("/api/knight/trace?size=5&blocked=z9", "blocked:"),
        (
            "/api/knight/trace?order=clever",
            "order must be plain or warnsdorff",
        ),
        (
            "/api/knight/trace?closed=maybe",
            "closed must be true or false",
        ),
        ("/api/knight/tour?size=301", "from 1 to 300"),
    ])
    .await;
}

#[tokio::test]
async fn knight_tour_avoids_blocked_squares() {
    let (s, body) = get("/api/knight/tour?size=5&start=a1&blocked=c3").await;
    assert_eq!(s, StatusCode::OK);
    let v: serde_json::Value = serde_json::from_str(&body).unwrap();
    let tour = v["tour"].as_array().unwrap();
    assert_eq!(tour.len(), 24);
    assert!(tour.iter().all(|s| s != "c3"));
    // 6x6 without f6 leaves 17 squares of a1's colour and 18 of the other.
    let (s, body) = get("/api/knight/tour?size=6&start=a1&blocked=f6").await;
    assert_eq!(s, StatusCode::OK);
    let v: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert!(v["tour"].is_null(), "{body}");
    assert!(v["no_tour"].as_str().unwrap().starts_with("no tour"));
}

#[tokio::test]
async fn a_trace_as_one_page() {
    let (s, body) = get("/api/queens/trace?n=4&format=html").await;
    assert_eq!(s, StatusCode::OK);
    assert!(body.contains("<body data-mode=\"export\">"));
    assert!(body.contains("<title>hetman: 4 queens, backtracking</title>"));
    assert!(body.contains(r#"{"hetman_trace":2,"problem":"queens","n":4"#));
    let (s, body) = get("/api/queens/trace?format=pdf").await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(error(&body).contains("format must be jsonl"));
}

#[tokio::test]
async fn unknown_api_is_404_json() {
    let (s, body) = get("/api/nothing").await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    assert!(error(&body).contains("/api/queens/trace"));
}

#[tokio::test]
async fn code_listings_name_the_lines_of_the_events() {
    let (s, body) = get("/api/code?algorithm=backtracking&dialect=pseudo").await;
    assert_eq!(s, StatusCode::OK);
    let v: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(v["algorithm"], "backtracking");
    assert_eq!(v["dialect"], "pseudo");
    let lines = v["lines"].as_array().unwrap();
    assert_eq!(lines[0]["id"], "test.call");
    assert_eq!(lines[0]["text"], "procedure test(c)");
    assert!(lines.iter().any(|l| l["id"].is_null()));
    let (s, body) = get("/api/code?algorithm=warnsdorff&dialect=c").await;
    assert_eq!(s, StatusCode::OK);
    assert!(body.contains(r#""id":"try.candidates""#), "{body}");
    all_refused(&[
        (
            "/api/code?algorithm=fast",
            "algorithm must be one of backtracking",
        ),
        ("/api/code?dialect=pascal", "dialect must be pseudo"),
        ("/api/code?n=8", "unknown parameter 'n'"),
    ])
    .await;
}

#[tokio::test]
async fn brute_force_and_permutations_are_traces() {
    let (s, body) = get("/api/queens/trace?n=4&algorithm=brute").await;
    assert_eq!(s, StatusCode::OK);
    let last = body.lines().last().unwrap();
    assert!(
        last.contains(r#""placements_scored":256,"solutions":2"#),
        "{last}"
    );
    assert!(body.contains(r#""event":"score","pairs":6,"of":6,"line":"brute.score""#));
    let (s, body) = get("/api/queens/trace?n=5&algorithm=permutations").await;
    assert_eq!(s, StatusCode::OK);
    let last = body.lines().last().unwrap();
    assert!(
        last.contains(r#""permutations_tried":120,"solutions":10"#),
        "{last}"
    );
    let (s, body) = get("/api/queens/trace?n=9&algorithm=brute").await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(error(&body).contains("1 to 8"), "{body}");
}

/// The lines a replay from the start gives, as the body joins them.
fn replayed<T: Trace>(trace: T, skip: u64, limit: u64) -> String {
    let limits = Limits {
        skip,
        limit: Some(limit),
        until_solution: None,
    };
    let mut out = String::new();
    for l in hetman::trace::JsonLines::new(trace, limits) {
        out.push_str(&l);
        out.push('\n');
    }
    out
}

#[tokio::test]
async fn a_far_chunk_asked_twice_is_the_replay_both_times() {
    let board = KnightBoard::new(BoardSize::square(5).unwrap()).unwrap();
    let fresh =
        || KnightTrace::new(&board, "a5".parse().unwrap(), KnightOrder::Plain, false).unwrap();
    let want = replayed(fresh(), 3_000_000, 1000);
    let uri = "/api/knight/trace?size=5&start=a5&skip=3000000&limit=1000";
    for time in ["first", "second"] {
        let (s, body) = get(uri).await;
        assert_eq!(s, StatusCode::OK);
        assert!(body == want, "{time} time: not the replay");
    }
    let held = saved::knight(&fresh().header(), &board).with_dependent(|_, s| s.len());
    assert!(held >= 2, "states at 2^20 and 2^21 were saved: {held}");
    assert!(saved::bytes() > 2 * std::mem::size_of::<KnightTrace>());
}

#[tokio::test]
async fn a_skip_far_past_the_saved_states_is_refused_with_its_reach() {
    let (s, body) = get("/api/queens/trace?n=16&algorithm=bitboard&skip=250000000&limit=5").await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    let v: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(v["reach"], saved::MAX_REPLAY);
    assert!(
        error(&body).starts_with(
            "skip: 250000000 is more than 100000000 steps past the nearest saved state"
        ),
        "{body}"
    );
    let (_, body) = get("/api/limits").await;
    let v: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(v["max_replay"], saved::MAX_REPLAY);
    assert_eq!(v["save_every"], saved::SAVE_EVERY);
    assert_eq!(v["saved_bytes_cap"], saved::CAP_BYTES);
    assert!(v["skip_rule"].as_str().unwrap().contains("reach"));
    // A short search: refused until a request has seen its end, then answered past it.
    let uri = |skip: u64| {
        format!(
            "/api/knight/trace?size=3x4&start=a1&order=warnsdorff&closed=true&skip={skip}&limit=3"
        )
    };
    let (s, _) = get(&uri(1_000_000_000_000)).await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    let (s, body) = get(&uri(saved::MAX_REPLAY)).await;
    assert_eq!(s, StatusCode::OK);
    assert!(
        body.lines().last().unwrap().contains(r#""complete":true"#),
        "{body}"
    );
    let (s, far) = get(&uri(1_000_000_000_000)).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(far, body, "past the end, the same end");
}
