//! The bodies of the trace answers: JSON Lines streamed as the search runs,
//! and the player as one page. Each runs on a blocking thread under a
//! [`Ticket`] of the gate: the stop flag ends the work when the body is
//! dropped (the client left) or the time is up. The slot is held only while
//! the work runs: a stream gives it back while it waits for a client that
//! is slow to take the next piece (at most [`SEND_WAIT`], then it ends) and
//! takes a slot again before it goes on; a page gives it back once built.
//! So clients that stop reading (a laptop closed mid-answer) keep no one
//! else waiting.

use super::work::{OwnedPagePermit, Stop, Ticket};
use axum::body::{Body, Bytes};
use axum::http::{header, HeaderValue};
use axum::response::Response;
use futures_util::StreamExt;
use std::time::Duration;

/// Bytes gathered before a piece of the streamed body is sent.
const CHUNK_BYTES: usize = 64 * 1024;
/// The longest the work waits for the client to take the next piece.
const SEND_WAIT: Duration = Duration::from_secs(30);

/// A JSON Lines body streamed in pieces of about [`CHUNK_BYTES`].
pub fn stream_lines(
    ticket: Ticket,
    produce: impl FnOnce(&Stop, &mut dyn FnMut(&str) -> bool) + Send + 'static,
) -> Response {
    let (slot, stop, watch) = ticket.split();
    let (tx, rx) = tokio::sync::mpsc::channel::<Bytes>(4);
    let handle = tokio::runtime::Handle::current();
    tokio::task::spawn_blocking(move || {
        let gate = std::sync::Arc::clone(slot.semaphore());
        let mut slot = Some(slot);
        let mut buf = Vec::with_capacity(CHUNK_BYTES + 1024);
        let mut open = true;
        // Sends a piece; `more` when the work goes on after it.
        let mut send = |buf: &mut Vec<u8>, more: bool| {
            let piece = Bytes::from(std::mem::replace(
                buf,
                Vec::with_capacity(CHUNK_BYTES + 1024),
            ));
            if stop.is_set() {
                return false;
            }
            let piece = match tx.try_send(piece) {
                Ok(()) => return true,
                Err(tokio::sync::mpsc::error::TrySendError::Closed(_)) => return false,
                Err(tokio::sync::mpsc::error::TrySendError::Full(piece)) => piece,
            };
            // The client is slow to read: wait without the slot, then take
            // one again (as a request in the queue would) before going on.
            slot = None;
            handle.block_on(async {
                let sent = matches!(
                    tokio::time::timeout(SEND_WAIT, tx.send(piece)).await,
                    Ok(Ok(()))
                );
                if sent && more && !stop.is_set() {
                    slot = gate.clone().acquire_owned().await.ok();
                    return slot.is_some();
                }
                sent
            })
        };
        produce(&stop, &mut |line: &str| {
            buf.extend_from_slice(line.as_bytes());
            buf.push(b'\n');
            if buf.len() >= CHUNK_BYTES {
                open = send(&mut buf, true);
            }
            open
        });
        if open && !buf.is_empty() {
            send(&mut buf, false);
        }
    });
    // The guard lives as long as the body: dropped early, it stops the work.
    let body = futures_util::stream::unfold((rx, watch), |(mut rx, watch)| async move {
        rx.recv()
            .await
            .map(|b| (Ok::<_, std::convert::Infallible>(b), (rx, watch)))
    });
    // Fused: the gzip layer polls a body once more after its end (for trailers).
    let mut r = Response::new(Body::from_stream(body.fuse()));
    r.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/x-ndjson; charset=utf-8"),
    );
    r
}

/// The player as one page with the trace inside (at most the request's
/// limit of events), in `lang` when the browser asks for none of pl, ru, en.
/// The page's permit is held until the page is sent, so the pages in memory
/// at once are bounded; the slot, until it is built.
pub fn html_page(
    ticket: Ticket,
    page_permit: OwnedPagePermit,
    produce: impl FnOnce(&Stop, &mut dyn FnMut(&str) -> bool) + Send + 'static,
    title: String,
    lang: crate::common::i18n::Lang,
) -> Response {
    let (slot, stop, watch) = ticket.split();
    let (tx, rx) = tokio::sync::oneshot::channel::<String>();
    let work_stop = stop.clone();
    tokio::task::spawn_blocking(move || {
        let stop = work_stop;
        // The slot is the work's: given back once the page is built.
        let _slot = slot;
        let mut text = String::new();
        produce(&stop, &mut |line: &str| {
            text.push_str(line);
            text.push('\n');
            !stop.is_set()
        });
        if stop.is_set() {
            return;
        }
        let page = crate::common::html::export_html_in(&text, &title, lang);
        drop(text);
        let _ = tx.send(page);
    });
    enum State {
        Building(tokio::sync::oneshot::Receiver<String>),
        Sending(Bytes),
    }
    let held = (watch, stop, page_permit);
    let body =
        futures_util::stream::unfold(Some((State::Building(rx), held)), |state| async move {
            let (state, held) = state?;
            let page = match state {
                State::Building(rx) => match rx.await {
                    Ok(page) => Bytes::from(page),
                    Err(_) => {
                        let e = std::io::Error::other("the page could not be built");
                        return Some((Err(e), None));
                    }
                },
                State::Sending(rest) => rest,
            };
            if held.1.is_set() {
                let e = std::io::Error::other("the page took too long to send");
                return Some((Err(e), None));
            }
            if page.is_empty() {
                return None;
            }
            let mut rest = page;
            let piece = rest.split_to(rest.len().min(CHUNK_BYTES));
            Some((Ok(piece), Some((State::Sending(rest), held))))
        });
    // Fused: the gzip layer polls a body once more after its end (for trailers).
    let mut r = Response::new(Body::from_stream(body.fuse()));
    r.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    r
}
