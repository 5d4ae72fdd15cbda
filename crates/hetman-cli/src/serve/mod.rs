//! `hetman serve`: the web page that animates the searches, and its API.
//!
//! - The same page as one self-contained HTML file with a trace inside (for
//!   `trace --html FILE` and the API's `format=html`) is made by
//!   [`crate::common::html::export_html_in`]; no server needed.
//! - With the `web` feature: [`run`] serves the page and the API on
//!   `127.0.0.1` (axum on tokio, every asset embedded with rust-embed):
//!   - `GET /`: the page (and `GET /{asset}` its CSS and scripts);
//!   - `GET /api/limits`: the limits the page must respect;
//!   - `GET /api/queens/trace?n=8&algorithm=backtracking&skip=0&limit=200000`;
//!   - `GET /api/knight/trace?size=5&start=a5&order=plain&closed=false&blocked=c3,d4&skip=0&limit=200000`;
//!   - `GET /api/knight/tour?size=8&start=a1&closed=false&blocked=`.
//!
//!   The traces are JSON Lines in the schema of `docs/trace-schema.md`,
//!   streamed in chunks; a request gives at most [`api::MAX_LIMIT`] events, and
//!   the page asks for the next chunk with `skip`. `format=html` gives the
//!   player as one page with those events inside (what `--html` writes), and
//!   `download=1` names a file to save; `format=gif&from=K&to=L&delay=MS`
//!   gives the steps K to L as an animated GIF (what `--gif` writes, at most
//!   20,000 frames; without `to`, up to the first solution or tour).
//!   `lang=pl|ru|en` chooses the language of a GIF's words and a page's
//!   texts (default: the server's `--lang`). Bad parameters get HTTP 400 and
//!   `{"error": "..."}` naming the parameter and what it accepts.
//!
//! A class can lean on it (issue 43): at most a few searches run at once
//! (`--workers`, the cores by default; more wait in a short queue, then get
//! 503 with `Retry-After`), so the page and `/api/limits` stay quick; a
//! search stops within a few thousand events when its client leaves, also
//! while it skips; a slot is held only while the work runs (a stream gives
//! it back while it waits for a client slow to read, a page once it is
//! built), so clients that stop reading keep no one waiting; one-page
//! exports are built and sent one at a time; connections stay below the
//! open-file limit, a client has 10 s to send its headers (and a kept-alive
//! connection 10 s to send the next), and quiet ones are closed first when
//! nearly all are taken; every answer has a Content-Security-Policy,
//! `nosniff` and gzip when asked for, every 4xx a JSON body that quotes at
//! most a short prefix of the request. `--host 0.0.0.0` prints this
//! machine's addresses for the students.
//!
//! Far jumps cost little (issue 42): the trace requests share saved states
//! of the searches they run ([`saved`]: one every 2^20 steps, at most 128 MiB
//! in all), so a chunk at skip S replays only from the nearest saved state;
//! one request replays at most 10^8 steps, and a farther skip gets 400 with
//! `reach`, the skip to ask for first (`/api/limits` states the rule).
//!
//! The page keeps up to 2 million events for stepping back (`?cap=N` in its
//! address changes that, for tests) and says so when older ones are dropped.

#[cfg(feature = "web")]
pub mod api;
#[cfg(feature = "web")]
mod assets;
#[cfg(feature = "web")]
mod body;
#[cfg(feature = "web")]
mod conn;
#[cfg(feature = "web")]
mod gif;
#[cfg(feature = "web")]
mod layers;
#[cfg(feature = "web")]
mod params;
#[cfg(feature = "web")]
mod saved;
#[cfg(feature = "web")]
mod server;
#[cfg(feature = "web")]
mod work;

#[cfg(feature = "web")]
#[allow(unused_imports)] // the router is for tests that drive it without a socket
pub use server::{router, run, ServeArgs};
