//! The API: traces streamed as JSON Lines, finished tours as JSON, and the limits.
//!
//! Every parameter is checked before any work starts; a bad one gets HTTP 400
//! with `{"error": "..."}` that names the parameter and what it accepts.

use super::params::{short, ApiError, Format, Params};
pub use super::params::{MAX_GIF_FROM, MAX_LIMIT};
use super::{body, gif, saved, work};
use crate::common::gif_out;
use crate::common::i18n::{Lang, Tr};
use axum::extract::rejection::QueryRejection;
use axum::extract::Query;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use hetman::knight::{find, Algorithm, FindOptions, NoTour};
use hetman::trace::{code, KnightOrder, KnightTrace, QueensAlgorithm, QueensTrace, Trace};
use serde_json::json;

/// The largest N of the traced queens searches (the page's boards).
pub const MAX_QUEENS: u32 = 16;
/// The largest side of a board for the traced knight search.
pub const MAX_KNIGHT_SIDE: u32 = 8;
/// The largest side of a board for a finished tour.
pub const MAX_TOUR_SIDE: u32 = 300;
/// The most nodes a search for a finished tour may visit.
const TOUR_MAX_NODES: u64 = 20_000_000;

/// The API's routes.
pub fn routes() -> Router {
    Router::new()
        .route("/api/limits", get(limits))
        .route("/api/queens/trace", get(queens_trace))
        .route("/api/knight/trace", get(knight_trace))
        .route("/api/knight/tour", get(knight_tour))
        .route("/api/code", get(code_listing))
        .route("/api", get(not_found))
        .route("/api/{*rest}", get(not_found))
}

async fn not_found() -> ApiError {
    ApiError {
        status: StatusCode::NOT_FOUND,
        message: "no such API: the endpoints are /api/limits, /api/queens/trace, \
                  /api/knight/trace, /api/knight/tour and /api/code"
            .to_string(),
        reach: None,
    }
}

async fn limits() -> Response {
    axum::Json(json!({
        "schema": hetman::trace::SCHEMA_VERSION,
        "version": env!("CARGO_PKG_VERSION"),
        "max_queens": MAX_QUEENS,
        "max_knight_side": MAX_KNIGHT_SIDE,
        "max_tour_side": MAX_TOUR_SIDE,
        "max_limit": MAX_LIMIT,
        "max_replay": saved::MAX_REPLAY,
        "save_every": saved::SAVE_EVERY,
        "saved_bytes_cap": saved::CAP_BYTES,
        "saved_bytes": saved::bytes(),
        "skip_rule": format!(
            "a trace request replays its search from the nearest saved state at or before skip \
             (states are saved every {} steps by the requests that pass them, at most {} MiB in all, \
             the searches used least recently dropped first); a skip more than {} steps past it \
             (and not past the search's end) gets 400 with reach, the farthest skip answered now: \
             ask for that first, then again",
            saved::SAVE_EVERY,
            saved::CAP_BYTES >> 20,
            saved::MAX_REPLAY
        ),
        "max_gif_from": MAX_GIF_FROM,
        "max_gif_frames": gif_out::MAX_FRAMES,
    }))
    .into_response()
}

/// The parameters both trace endpoints take besides the problem's own.
const TRACE_PARAMS: &[&str] = &[
    "skip",
    "limit",
    "until_solution",
    "format",
    "download",
    "from",
    "to",
    "delay",
    "lang",
];

/// `GET /api/queens/trace?n=8&algorithm=backtracking&skip=0&limit=200000&until_solution=&format=jsonl&download=`
async fn queens_trace(
    query: Result<Query<Vec<(String, String)>>, QueryRejection>,
) -> Result<Response, ApiError> {
    let p = Params::new(query, &[&["n", "algorithm"], TRACE_PARAMS].concat())?;
    let n = p
        .number("n", 1, u64::from(MAX_QUEENS), "the number of queens")?
        .unwrap_or(8) as usize;
    let algorithm = match p.get("algorithm").unwrap_or("backtracking") {
        "backtracking" => QueensAlgorithm::Backtracking,
        "bitboard" => QueensAlgorithm::Bitboard,
        "brute" => QueensAlgorithm::Brute,
        "permutations" => QueensAlgorithm::Permutations,
        v => {
            return Err(ApiError::bad(format!(
                "algorithm must be backtracking, bitboard, brute or permutations, not '{}'",
                short(v)
            )));
        }
    };
    let format = p.format()?;
    let download = p.flag("download")?;
    let lang = p.lang()?;
    let trace = QueensTrace::new(n, algorithm).map_err(|e| ApiError::bad(format!("n: {e}")))?;
    let name = algorithm.name();
    if format == Format::Gif {
        let range = p.gif_range()?;
        let file = download.then(|| format!("hetman-queens-{n}-{name}"));
        return gif_answer(
            move |stop| {
                let tr = Tr::new(lang);
                gif_out::make(stop.watch(trace), &range, gif::NAMES, &tr, &|| {
                    stop.is_set()
                })
            },
            file,
        )
        .await;
    }
    let limits = p.limits()?;
    let header = trace.header();
    let states = saved::queens(&header);
    states
        .check(limits.skip)
        .map_err(|reach| ApiError::too_far(limits.skip, reach))?;
    let out = Output {
        format,
        file: download.then(|| format!("hetman-queens-{n}-{name}")),
        title: format!("hetman: {n} queens, {name}"),
        lang,
    };
    Ok(out
        .respond(move |stop, line| {
            saved::lines(&states, saved::key(&header), trace, limits, stop, line);
        })
        .await)
}

/// `GET /api/code?algorithm=backtracking&dialect=pseudo`: the listing a
/// trace's events name their lines in (`{"algorithm", "dialect", "lines":
/// [{"id", "text"}]}`).
async fn code_listing(
    query: Result<Query<Vec<(String, String)>>, QueryRejection>,
) -> Result<Response, ApiError> {
    let p = Params::new(query, &["algorithm", "dialect"])?;
    let names: Vec<&str> = code::Algorithm::ALL.iter().map(|a| a.name()).collect();
    let v = p.get("algorithm").unwrap_or("backtracking");
    let algorithm = code::Algorithm::from_name(v).ok_or_else(|| {
        ApiError::bad(format!(
            "algorithm must be one of {} (queens: the first four; knight: plain, warnsdorff), not '{}'",
            names.join(", "),
            short(v)
        ))
    })?;
    let v = p.get("dialect").unwrap_or("pseudo");
    let dialect = code::Dialect::from_name(v).ok_or_else(|| {
        ApiError::bad(format!(
            "dialect must be pseudo (the seeds' pseudocode) or c, not '{}'",
            short(v)
        ))
    })?;
    Ok(axum::Json(json!({
        "algorithm": algorithm.name(),
        "dialect": dialect.name(),
        "lines": code::listing(algorithm, dialect),
    }))
    .into_response())
}

/// `GET /api/knight/trace?size=5&start=a5&order=plain&closed=false&blocked=c3,d4&skip=&limit=&until_solution=&format=jsonl&download=`
async fn knight_trace(
    query: Result<Query<Vec<(String, String)>>, QueryRejection>,
) -> Result<Response, ApiError> {
    let accepted = [
        &["size", "start", "order", "closed", "blocked"],
        TRACE_PARAMS,
    ]
    .concat();
    let p = Params::new(query, &accepted)?;
    let size = p.size(MAX_KNIGHT_SIDE)?;
    let board = p.board(size)?;
    let start = p.start(&board)?;
    let order = match p.get("order").unwrap_or("plain") {
        "plain" => KnightOrder::Plain,
        "warnsdorff" => KnightOrder::Warnsdorff,
        v => {
            return Err(ApiError::bad(format!(
                "order must be plain or warnsdorff, not '{}'",
                short(v)
            )));
        }
    };
    let closed = p.flag("closed")?;
    let format = p.format()?;
    let download = p.flag("download")?;
    let lang = p.lang()?;
    // Checked here, so that the stream below starts without an error.
    let header = KnightTrace::new(&board, start, order, closed)
        .map_err(|e| ApiError::bad(format!("start: {e}")))?
        .header();
    if format == Format::Gif {
        let range = p.gif_range()?;
        let file = download.then(|| format!("hetman-knight-{size}-{start}"));
        return gif_answer(
            move |stop| {
                let trace = KnightTrace::new(&board, start, order, closed)
                    .map_err(|e| format!("start: {e}"))?;
                let tr = Tr::new(lang);
                gif_out::make(stop.watch(trace), &range, gif::NAMES, &tr, &|| {
                    stop.is_set()
                })
            },
            file,
        )
        .await;
    }
    let limits = p.limits()?;
    let states = saved::knight(&header, &board);
    states
        .with_dependent(|_, s| s.check(limits.skip))
        .map_err(|reach| ApiError::too_far(limits.skip, reach))?;
    let order_name = match order {
        KnightOrder::Plain => "plain",
        KnightOrder::Warnsdorff => "warnsdorff",
    };
    let out = Output {
        format,
        file: download.then(|| format!("hetman-knight-{size}-{start}")),
        title: format!("hetman: knight on {size} from {start}, {order_name}"),
        lang,
    };
    Ok(out
        .respond(move |stop, line| {
            states.with_dependent(|board, s| {
                if let Ok(fresh) = KnightTrace::new(board, start, order, closed) {
                    saved::lines(s, saved::key(&header), fresh, limits, stop, line);
                }
            });
        })
        .await)
}

/// `GET /api/knight/tour?size=8&start=a1&closed=false&blocked=`: one finished tour.
async fn knight_tour(
    query: Result<Query<Vec<(String, String)>>, QueryRejection>,
) -> Result<Response, ApiError> {
    let p = Params::new(query, &["size", "start", "closed", "blocked"])?;
    let size = p.size(MAX_TOUR_SIDE)?;
    let board = p.board(size)?;
    let start = p.start(&board)?;
    let closed = p.flag("closed")?;
    let (_slot, stop, _watch) = match work::admit().await {
        Ok(ticket) => ticket.split(),
        Err(busy) => return Ok(busy.into_response()),
    };
    let found = tokio::task::spawn_blocking(move || {
        let options = FindOptions {
            closed,
            algorithm: Algorithm::Warnsdorff,
            max_nodes: Some(TOUR_MAX_NODES),
            stop: Some(stop.flag()),
            ..FindOptions::default()
        };
        find(&board, start, &options).map(|f| (board, f))
    })
    .await
    .map_err(|e| ApiError {
        status: StatusCode::INTERNAL_SERVER_ERROR,
        message: format!("the search failed: {e}"),
        reach: None,
    })?;
    let (board, found) = found.map_err(|e| ApiError {
        status: StatusCode::UNPROCESSABLE_ENTITY,
        message: e.to_string(),
        reach: None,
    })?;
    let blocked: Vec<String> = board
        .blocked_squares()
        .iter()
        .map(ToString::to_string)
        .collect();
    let tour = found
        .tour
        .as_ref()
        .map(|t| t.squares().map(|s| s.to_string()).collect::<Vec<_>>());
    let no_tour = found.no_tour.as_ref().map(|n| match n {
        NoTour::Theorem(reason) => format!("no tour: {reason}"),
        NoTour::Exhausted { nodes } => {
            format!("no tour: the search tried every path ({nodes} squares entered)")
        }
        _ => "no tour".to_string(),
    });
    let mut r = axum::Json(json!({
        "width": size.width(),
        "height": size.height(),
        "start": start.to_string(),
        "closed": closed,
        "blocked": blocked,
        "algorithm": found.algorithm.name(),
        "nodes": found.nodes,
        "tour": tour,
        "no_tour": no_tour,
    }))
    .into_response();
    r.headers_mut().insert(
        header::CACHE_CONTROL,
        header::HeaderValue::from_static("no-store"),
    );
    Ok(r)
}

/// A GIF answer, or the error that names the parameter.
async fn gif_answer(
    make: impl FnOnce(&work::Stop) -> Result<gif_out::Made, String> + Send + 'static,
    file: Option<String>,
) -> Result<Response, ApiError> {
    match gif::respond(make, file).await {
        Ok(r) => Ok(r),
        Err(gif::Failed::Bad(message)) => Err(ApiError::bad(message)),
        Err(gif::Failed::Answer(r)) => Ok(r),
    }
}

/// How to answer a trace request.
struct Output {
    format: Format,
    /// The file name (without extension) to save the answer as, when it is a download.
    file: Option<String>,
    /// The title of an HTML page.
    title: String,
    /// The language an HTML page takes when the browser asks for none of pl, ru, en.
    lang: Lang,
}

impl Output {
    /// The answer whose lines `produce` writes, on a blocking thread, once
    /// the gate lets it run (or 503); `produce` stops when the callback
    /// returns false or the stop flag is set (the client has gone).
    async fn respond(
        self,
        produce: impl FnOnce(&work::Stop, &mut dyn FnMut(&str) -> bool) + Send + 'static,
    ) -> Response {
        let page = match self.format {
            Format::Html => match work::admit_page().await {
                Ok(page) => Some(page),
                Err(busy) => return busy.into_response(),
            },
            Format::JsonLines | Format::Gif => None,
        };
        let ticket = match work::admit().await {
            Ok(ticket) => ticket,
            Err(busy) => return busy.into_response(),
        };
        let (mut r, ext) = match page {
            None => (body::stream_lines(ticket, produce), "jsonl"),
            Some(page) => (
                body::html_page(ticket, page, produce, self.title, self.lang),
                "html",
            ),
        };
        let h = r.headers_mut();
        h.insert(
            header::CACHE_CONTROL,
            header::HeaderValue::from_static("no-store"),
        );
        let disposition = self.file.and_then(|file| {
            header::HeaderValue::from_str(&format!("attachment; filename=\"{file}.{ext}\"")).ok()
        });
        if let Some(v) = disposition {
            h.insert(header::CONTENT_DISPOSITION, v);
        }
        if self.format == Format::Html {
            // The one-file player runs its own inline scripts and asks for nothing.
            h.insert(
                header::CONTENT_SECURITY_POLICY,
                header::HeaderValue::from_static(super::layers::EXPORT_CSP),
            );
        }
        r
    }
}

#[cfg(test)]
#[path = "api_tests.rs"]
mod tests;
