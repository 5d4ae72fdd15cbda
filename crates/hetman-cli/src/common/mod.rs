//! What the commands share. A command module uses this and the `hetman`
//! library, never another command module.
//!
//! - [`args`]: value parsers and readers (N, sizes, limits, shards, square
//!   lists, text from arguments, a file or standard input).
//! - [`deprecated`]: old spellings of flags (hidden aliases) and their notes.
//! - [`engine`]: the queens `--algorithm` values, refusals, and running the fast engine.
//! - [`long_run`]: the stop flag and Ctrl-C handler, the progress renderer, the
//!   memory check, thread counts, atomic writes.
//! - [`output`]: stdout helpers (`outln!`, grouped numbers, plurals, durations, streams).
//! - [`picture`]: the picture flags and SVG/PNG files.
//! - [`placement`]: queens placements in and out (`--format`, JSON, streaming).
//! - [`shard`]: shard result records (`--result FILE`, `merge`).
//! - [`events`]: trace events in words (text traces, the watch's status line).
//! - [`i18n`]: the messages in Polish, Russian and English (Fluent files) and `--lang`.
//! - [`html`]: the web page's player as one self-contained HTML file with a trace inside.
//! - [`trace_out`]: the flags and writers of `queens trace` and `knight trace`.
//! - [`watch`]: the terminal animation of `queens watch` and `knight watch`.
//! - [`tour`]: knight's tours in and out (the board argument, `--format`, headlines, pictures).

pub mod args;
pub mod deprecated;
pub mod engine;
pub mod events;
pub mod gif_out;
pub mod html;
pub mod i18n;
pub mod long_run;
pub mod output;
pub mod picture;
pub mod placement;
pub mod shard;
pub mod tour;
pub mod trace_out;
pub mod watch;
