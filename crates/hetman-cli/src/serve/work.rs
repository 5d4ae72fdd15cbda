//! Bounded work: the heavy requests (traces, one-page exports, tours) run at
//! most [`workers`] at a time, the rest wait in a short queue or get 503 with
//! `Retry-After`; the work of a request stops within a few thousand events
//! when its client leaves (also while it skips events), and after
//! [`MAX_RUN`] whatever the client does.
//!
//! A [`Ticket`] is the right to run: it holds a slot of the gate and the
//! request's stop flag. The flag is set when the [`Ticket`]'s [`Watch`] guard
//! is dropped (the answer's body was dropped: the client left, or the
//! request was a HEAD) or when the time is up; [`Cancellable`] ends a trace
//! at the next event once the flag is set.

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use hetman::trace::{Counters, Event, Header, Trace};
use serde_json::json;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Duration;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// The longest a heavy request may run (its work and the sending of its
/// answer); past it the answer is cut.
pub const MAX_RUN: Duration = Duration::from_secs(120);
/// The longest a request waits in the queue before it gets 503.
pub const MAX_WAIT: Duration = Duration::from_secs(20);
/// Requests waiting in the queue, per worker, before more get 503 at once.
const WAITING_PER_WORKER: usize = 16;

/// The gate of the heavy requests.
struct Gate {
    slots: Arc<Semaphore>,
    workers: usize,
    waiting: AtomicUsize,
}

static GATE: OnceLock<Gate> = OnceLock::new();

/// Sets how many heavy requests run at once (the first call wins; the
/// default is the number of cores).
pub fn set_workers(workers: usize) {
    let _ = GATE.set(Gate::new(workers));
}

/// How many heavy requests run at once.
pub fn workers() -> usize {
    gate().workers
}

fn gate() -> &'static Gate {
    GATE.get_or_init(|| {
        Gate::new(std::thread::available_parallelism().map_or(2, std::num::NonZeroUsize::get))
    })
}

impl Gate {
    fn new(workers: usize) -> Gate {
        let workers = workers.max(1);
        Gate {
            slots: Arc::new(Semaphore::new(workers)),
            workers,
            waiting: AtomicUsize::new(0),
        }
    }
}

/// The answer when the queue is full or the wait too long: 503 with a JSON
/// body and `Retry-After`.
#[derive(Debug)]
pub struct Busy {
    retry_after: u64,
    workers: usize,
    waiting: usize,
}

impl IntoResponse for Busy {
    fn into_response(self) -> Response {
        let w = self.workers;
        let mut r = (
            StatusCode::SERVICE_UNAVAILABLE,
            axum::Json(json!({
                "error": format!(
                    "the server is busy ({w} at once, {} waiting): try again in {} s",
                    self.waiting, self.retry_after
                )
            })),
        )
            .into_response();
        let h = r.headers_mut();
        h.insert(header::RETRY_AFTER, HeaderValue::from(self.retry_after));
        h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
        r
    }
}

/// Counts a request in the queue for as long as it waits there.
struct Waiting<'a>(&'a AtomicUsize);

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

/// Waits for a slot (at most [`MAX_WAIT`]), or says the server is busy.
pub async fn admit() -> Result<Ticket, Busy> {
    gate().admit().await
}

impl Gate {
    async fn admit(&self) -> Result<Ticket, Busy> {
        let g = self;
        let slot = match g.slots.clone().try_acquire_owned() {
            Ok(slot) => slot,
            Err(_) => {
                let before = g.waiting.fetch_add(1, Ordering::Relaxed);
                let _queued = Waiting(&g.waiting);
                if before >= g.workers * WAITING_PER_WORKER {
                    return Err(Busy {
                        retry_after: 5,
                        workers: g.workers,
                        waiting: before,
                    });
                }
                match tokio::time::timeout(MAX_WAIT, g.slots.clone().acquire_owned()).await {
                    Ok(Ok(slot)) => slot,
                    _ => {
                        return Err(Busy {
                            retry_after: 10,
                            workers: g.workers,
                            waiting: before,
                        })
                    }
                }
            }
        };
        let stop = Arc::new(AtomicBool::new(false));
        let timer = {
            let stop = stop.clone();
            tokio::spawn(async move {
                tokio::time::sleep(MAX_RUN).await;
                stop.store(true, Ordering::Relaxed);
            })
        };
        Ok(Ticket {
            slot,
            stop: stop.clone(),
            watch: Watch { stop, timer },
        })
    }
}

/// One-page exports built or sent at once: a page of 200,000 events is
/// about 15 MB and takes about 4 times that while it is built, and memory
/// freed by one thread is not all handed back, so two at once already
/// approach 300 MB.
const PAGES_AT_ONCE: usize = 1;

static PAGES: Semaphore = Semaphore::const_new(PAGES_AT_ONCE);

/// Waits for the right to build and send a one-page export (at most
/// [`MAX_WAIT`]), or says the server is busy. Taken before [`admit`].
pub async fn admit_page() -> Result<OwnedPagePermit, Busy> {
    let waiting = PAGES_AT_ONCE.saturating_sub(PAGES.available_permits());
    match tokio::time::timeout(MAX_WAIT, PAGES.acquire()).await {
        Ok(Ok(permit)) => Ok(OwnedPagePermit(permit)),
        _ => Err(Busy {
            retry_after: 10,
            workers: PAGES_AT_ONCE,
            waiting,
        }),
    }
}

/// The right to build and send a one-page export (held with its body).
pub struct OwnedPagePermit(#[allow(dead_code)] tokio::sync::SemaphorePermit<'static>);

/// The right to run a heavy request: a slot of the gate and the stop flag.
pub struct Ticket {
    slot: OwnedSemaphorePermit,
    stop: Arc<AtomicBool>,
    watch: Watch,
}

impl Ticket {
    /// The parts: the slot (hold it while working or sending), the stop flag
    /// (the work polls it), and the guard that sets the flag when dropped
    /// (keep it with the answer's body).
    pub fn split(self) -> (OwnedSemaphorePermit, Stop, Watch) {
        (self.slot, Stop(self.stop), self.watch)
    }
}

/// The stop flag of a request, as the work sees it.
#[derive(Clone, Debug)]
pub struct Stop(Arc<AtomicBool>);

impl Stop {
    /// The stop flag `flag` (tests make their own).
    #[cfg(test)]
    pub fn new(flag: Arc<AtomicBool>) -> Stop {
        Stop(flag)
    }

    /// Whether the work should stop (the client left or the time is up).
    pub fn is_set(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    /// The flag itself, for the library's searches that take one.
    pub fn flag(&self) -> &AtomicBool {
        &self.0
    }

    /// `trace`, ended at the next event once the flag is set.
    pub fn watch<T: Trace>(&self, trace: T) -> Cancellable<T> {
        Cancellable {
            trace,
            stop: self.clone(),
        }
    }
}

/// Sets the stop flag when dropped: it travels with the answer's body, so a
/// body dropped before its end (the client left, a HEAD request) stops the
/// work.
pub struct Watch {
    stop: Arc<AtomicBool>,
    timer: tokio::task::JoinHandle<()>,
}

impl Drop for Watch {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        self.timer.abort();
    }
}

/// A trace that ends at the next event once its [`Stop`] is set: the
/// library's `Stream` runs through skipped events by calling `next`, so this
/// stops the skip phase too.
pub struct Cancellable<T> {
    trace: T,
    stop: Stop,
}

impl<T: Trace> Iterator for Cancellable<T> {
    type Item = Event;

    fn next(&mut self) -> Option<Event> {
        if self.stop.is_set() {
            return None;
        }
        self.trace.next()
    }
}

impl<T: Trace> Trace for Cancellable<T> {
    fn header(&self) -> Header {
        self.trace.header()
    }

    fn counters(&self) -> Counters {
        self.trace.counters()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hetman::trace::{Limits, QueensAlgorithm, QueensTrace, Stream};

    #[test]
    fn a_set_flag_ends_a_trace_in_its_skip_phase() {
        let stop = Stop(Arc::new(AtomicBool::new(false)));
        let trace = stop.watch(QueensTrace::new(8, QueensAlgorithm::Backtracking).unwrap());
        stop.0.store(true, Ordering::Relaxed);
        let limits = Limits {
            skip: 1_000_000,
            ..Limits::default()
        };
        // Without the flag the skip would run through the whole search.
        let events: Vec<_> = Stream::new(trace, limits).collect();
        assert_eq!(events.len(), 1, "only the end line");
        let Event::End { counters, .. } = &events[0].1 else {
            panic!("{events:?}")
        };
        assert_eq!(counters.solutions(), 0);
    }

    #[test]
    fn an_unset_flag_changes_nothing() {
        let stop = Stop(Arc::new(AtomicBool::new(false)));
        let trace = stop.watch(QueensTrace::new(8, QueensAlgorithm::Backtracking).unwrap());
        let last = Stream::new(trace, Limits::default()).last().unwrap();
        let Event::End { complete, counters } = last.1 else {
            panic!()
        };
        assert!(complete);
        assert_eq!(counters.solutions(), 92);
    }

    #[tokio::test]
    async fn the_queue_is_bounded_and_says_when_to_come_back() {
        let g = Gate::new(2);
        let mut held = Vec::new();
        while let Ok(slot) = g.slots.clone().try_acquire_owned() {
            held.push(slot);
        }
        g.waiting
            .fetch_add(g.workers * WAITING_PER_WORKER, Ordering::Relaxed);
        let busy = g.admit().await.err().expect("503 when the queue is full");
        g.waiting
            .fetch_sub(g.workers * WAITING_PER_WORKER, Ordering::Relaxed);
        let r = busy.into_response();
        assert_eq!(r.status(), StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(r.headers()[header::RETRY_AFTER], "5");
        drop(held);
        let ticket = g.admit().await.expect("a slot once they are free");
        let (_slot, stop, watch) = ticket.split();
        assert!(!stop.is_set());
        drop(watch);
        assert!(stop.is_set(), "dropping the body's guard stops the work");
    }
}
