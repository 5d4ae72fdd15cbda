//! A request to the API: its query checked parameter by parameter against
//! what an endpoint takes, the bounds on what one request may ask, and the
//! error answer (`{"error": "..."}` with the status) that names the
//! parameter and what it accepts.

use super::{gif, saved};
use crate::common::gif_out::{self, GifRange};
use crate::common::i18n::{parse_lang, Lang};
use axum::extract::rejection::QueryRejection;
use axum::extract::Query;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use hetman::knight::KnightBoard;
use hetman::trace::Limits;
use hetman::{BoardSize, Square};
use serde_json::json;

/// The most events one request gives (the page asks for the next chunk with `skip`).
pub const MAX_LIMIT: u64 = 200_000;
/// The first step of a GIF at most (its frames are drawn from a replay of
/// the search from its start).
pub const MAX_GIF_FROM: u64 = 100_000_000;

/// An error answer: a status and a message for a person.
#[derive(Debug)]
pub struct ApiError {
    pub(super) status: StatusCode,
    pub(super) message: String,
    /// For a skip too far: the farthest skip answered now.
    pub(super) reach: Option<u64>,
}

impl ApiError {
    pub(super) fn bad(message: impl Into<String>) -> Self {
        ApiError {
            status: StatusCode::BAD_REQUEST,
            message: message.into(),
            reach: None,
        }
    }

    /// `skip` is more than [`saved::MAX_REPLAY`] steps past the nearest
    /// saved state of the search; `reach` is answered now.
    pub(super) fn too_far(skip: u64, reach: u64) -> Self {
        ApiError {
            reach: Some(reach),
            ..ApiError::bad(format!(
                "skip: {skip} is more than {} steps past the nearest saved state of this search: \
                 ask for skip={reach} first (its replay saves the states the next request starts from), then again",
                saved::MAX_REPLAY
            ))
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = match self.reach {
            Some(reach) => json!({ "error": self.message, "reach": reach }),
            None => json!({ "error": self.message }),
        };
        let mut r = (self.status, axum::Json(body)).into_response();
        r.headers_mut().insert(
            header::CACHE_CONTROL,
            header::HeaderValue::from_static("no-store"),
        );
        r
    }
}

/// The most characters of a client's value quoted back in an error.
const QUOTE_CHARS: usize = 24;

/// `v` as an error quotes it: at most [`QUOTE_CHARS`] characters, then "...".
pub(super) fn short(v: &str) -> String {
    match v.char_indices().nth(QUOTE_CHARS) {
        Some((cut, _)) => format!("{}...", &v[..cut]),
        None => v.to_string(),
    }
}

/// The square `v` of parameter `what`; the error quotes a long value only in part.
pub(super) fn parse_square(size: BoardSize, what: &str, v: &str) -> Result<Square, ApiError> {
    size.parse_square(v).map_err(|e| {
        if v.chars().count() > QUOTE_CHARS {
            ApiError::bad(format!(
                "{what}: '{}' is not a square (give one such as c3)",
                short(v)
            ))
        } else {
            ApiError::bad(format!("{what}: {e}"))
        }
    })
}

/// The query string, checked against the names an endpoint takes.
pub(super) struct Params {
    pairs: Vec<(String, String)>,
}

impl Params {
    pub(super) fn new(
        query: Result<Query<Vec<(String, String)>>, QueryRejection>,
        accepted: &[&str],
    ) -> Result<Self, ApiError> {
        let Query(pairs) =
            query.map_err(|e| ApiError::bad(format!("the query string cannot be read: {e}")))?;
        for (name, _) in &pairs {
            if !accepted.contains(&name.as_str()) {
                return Err(ApiError::bad(format!(
                    "unknown parameter '{}': this endpoint takes {}",
                    short(name),
                    accepted.join(", ")
                )));
            }
        }
        Ok(Params { pairs })
    }

    /// The last value given for `name`.
    pub(super) fn get(&self, name: &str) -> Option<&str> {
        self.pairs
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.trim())
    }

    pub(super) fn number(
        &self,
        name: &str,
        min: u64,
        max: u64,
        what: &str,
    ) -> Result<Option<u64>, ApiError> {
        let Some(v) = self.get(name) else {
            return Ok(None);
        };
        match v.parse::<u64>() {
            Ok(x) if (min..=max).contains(&x) => Ok(Some(x)),
            _ => Err(ApiError::bad(format!(
                "{name} must be a whole number from {min} to {max} ({what}), not '{}'",
                short(v)
            ))),
        }
    }

    pub(super) fn flag(&self, name: &str) -> Result<bool, ApiError> {
        match self.get(name) {
            None | Some("false" | "0" | "no" | "off") => Ok(false),
            Some("" | "true" | "1" | "yes" | "on") => Ok(true),
            Some(v) => Err(ApiError::bad(format!(
                "{name} must be true or false, not '{}'",
                short(v)
            ))),
        }
    }

    pub(super) fn format(&self) -> Result<Format, ApiError> {
        match self.get("format").unwrap_or("jsonl") {
            "jsonl" | "ndjson" => Ok(Format::JsonLines),
            "html" => Ok(Format::Html),
            "gif" => Ok(Format::Gif),
            v => Err(ApiError::bad(format!(
                "format must be jsonl (the events), html (the player as one page) or gif (the steps from..to as an animated GIF), not '{}'",
                short(v)
            ))),
        }
    }

    pub(super) fn limits(&self) -> Result<Limits, ApiError> {
        Ok(Limits {
            skip: self
                .number(
                    "skip",
                    0,
                    u64::MAX,
                    "events to run through before the first one sent",
                )?
                .unwrap_or(0),
            limit: Some(
                self.number("limit", 1, MAX_LIMIT, "events per request")?
                    .unwrap_or(MAX_LIMIT),
            ),
            until_solution: self.number(
                "until_solution",
                1,
                u64::MAX,
                "stop after the solution with this number",
            )?,
        })
    }

    /// The steps of a GIF; `skip` and `limit` are for the other formats.
    pub(super) fn gif_range(&self) -> Result<GifRange, ApiError> {
        for other in ["skip", "limit"] {
            if self.get(other).is_some() {
                return Err(ApiError::bad(format!(
                    "{other} is for format jsonl or html; a GIF takes from and to"
                )));
            }
        }
        let from = self
            .number("from", 0, MAX_GIF_FROM, "the first step drawn")?
            .unwrap_or(0);
        let (lo, hi) = gif_out::DELAY_RANGE;
        let range = GifRange {
            from,
            to: self.number(
                "to",
                0,
                MAX_GIF_FROM + gif_out::MAX_FRAMES,
                "the last step drawn",
            )?,
            until_solution: self
                .number(
                    "until_solution",
                    1,
                    u64::MAX,
                    "the solution that ends the GIF",
                )?
                .unwrap_or(1),
            delay_ms: self
                .number(
                    "delay",
                    u64::from(lo),
                    u64::from(hi),
                    "milliseconds per frame",
                )?
                .map_or(gif_out::DEFAULT_DELAY_MS, |d| d as u32),
        };
        gif_out::check_range(&range, gif::NAMES).map_err(ApiError::bad)?;
        Ok(range)
    }

    /// The language of a GIF's words and of a page's texts: `lang`, else
    /// the server's (`serve --lang`, else the environment's).
    pub(super) fn lang(&self) -> Result<Lang, ApiError> {
        match self.get("lang") {
            None => Ok(super::assets::DEFAULT_LANG
                .get()
                .copied()
                .unwrap_or(Lang::En)),
            Some(v) => parse_lang(v).map_err(|_| {
                ApiError::bad(format!("lang must be pl, ru or en, not '{}'", short(v)))
            }),
        }
    }

    pub(super) fn size(&self, max_side: u32) -> Result<BoardSize, ApiError> {
        let v = self.get("size").unwrap_or("8");
        let bad = || {
            ApiError::bad(format!(
                "size must be N or WxH with each side from 1 to {max_side} (e.g. 5 or 5x6), not '{}'",
                short(v)
            ))
        };
        let size: BoardSize = v.parse().map_err(|_| bad())?;
        if size.width() > max_side || size.height() > max_side {
            return Err(bad());
        }
        Ok(size)
    }

    pub(super) fn board(&self, size: BoardSize) -> Result<KnightBoard, ApiError> {
        let mut blocked = Vec::new();
        for s in self.get("blocked").unwrap_or("").split(',') {
            let s = s.trim();
            if s.is_empty() {
                continue;
            }
            blocked.push(parse_square(size, "blocked", s)?);
        }
        KnightBoard::with_blocked(size, &blocked)
            .map_err(|e| ApiError::bad(format!("blocked: {e}")))
    }

    pub(super) fn start(&self, board: &KnightBoard) -> Result<Square, ApiError> {
        let v = self.get("start").unwrap_or("a1");
        let sq = parse_square(board.size(), "start", v)?;
        if board.is_blocked(board.index(sq)) {
            return Err(ApiError::bad(format!(
                "start: '{}' is a blocked square: choose a free one",
                short(v)
            )));
        }
        Ok(sq)
    }
}

/// What a trace request answers with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Format {
    /// The events, streamed as JSON Lines.
    JsonLines,
    /// The player as one self-contained HTML page with the events inside.
    Html,
    /// The steps `from` to `to` as an animated GIF.
    Gif,
}
