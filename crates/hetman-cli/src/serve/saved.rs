//! Saved states of the traced searches, shared by the trace requests, so
//! that a chunk far into a search does not replay it from its start.
//!
//! A trace request runs its search from the nearest saved state at or
//! before its `skip` (or from the start), and while it runs keeps a copy of
//! the search (its arrays, stack and counters) at every multiple of
//! [`SAVE_EVERY`] steps it passes, and at the search's end; they join the
//! saved states of that search when the request ends, also when its client
//! left. The states of one search are keyed by the trace's header (what is
//! searched, on which board, from where, in which order); all of them
//! together are bounded by [`CAP_BYTES`], the searches used least recently
//! dropped first. The search is deterministic, so an answer started from a
//! saved state is byte for byte the answer replayed from the start.
//!
//! One request replays at most [`MAX_REPLAY`] steps before its first event:
//! a skip farther than that past the nearest saved state is refused with the
//! farthest skip answered now (`reach`), so a far jump is reached in hops,
//! each saving the states the next one starts from.

use super::work::Stop;
use hetman::knight::KnightBoard;
use hetman::trace::{Counters, Event, Header, JsonLines, KnightTrace, Limits, QueensTrace, Trace};
use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, LazyLock, Mutex, MutexGuard};

/// Steps between two saved states of a search: a jump replays at most this
/// many steps past the nearest (about 35 ms at 30 million steps a second).
pub const SAVE_EVERY: u64 = 1 << 20;
/// The most steps one request replays before its first event, fast-forwarded
/// (`bench/jump.sh`, 2026-11-29, a loaded machine: 0.4-0.6 s for the queens'
/// backtracking, about 1 s for the bitboard search, 0.1 s for the
/// permutations, 2-3.5 s for the knight's 8x8 search; 3.3-5.3 s for queens
/// and 13-16 s for the knight before the traces fast-forwarded).
pub const MAX_REPLAY: u64 = 100_000_000;
/// The most steps replayed between two looks at the stop flag (a few
/// milliseconds).
const RUN: u64 = 1 << 20;
/// The bytes all saved states may take together.
pub const CAP_BYTES: usize = 128 << 20;
/// What a saved search costs besides its states (its key, its board, the map).
const ENTRY_BYTES: usize = 1024;

/// The saved states of one search.
pub struct Saved<T> {
    states: Mutex<States<T>>,
    bytes: AtomicUsize,
}

struct States<T> {
    /// (step, the search after that many events), in order of step.
    list: Vec<(u64, T)>,
    /// Steps between saved states (doubles when the search alone fills the cap).
    every: u64,
    /// The events of the whole search, once a request has run to its end.
    end: Option<u64>,
}

/// Where a request starts.
pub struct Start<T> {
    /// The saved state to start from (its step and the search), or none:
    /// the search from its start.
    pub from: Option<(u64, T)>,
    /// The steps between the states the request is to save.
    pub every: u64,
}

/// The bytes one saved state takes, as measured with a counting allocator
/// and rounded up.
pub trait StateBytes {
    /// The bytes of this state, its heap included.
    fn state_bytes(&self) -> usize;
}

impl StateBytes for QueensTrace {
    fn state_bytes(&self) -> usize {
        // Measured (a counting allocator, 16 bytes added per allocation,
        // the most over a search's first 3 million steps): 401 bytes for 8
        // queens, 505 for 16 by backtracking, 568 for 16 and 792 for 32 on
        // bit masks; this gives 504, 696 and 1,080.
        std::mem::size_of::<Self>() + 24 * self.n() + 96
    }
}

impl StateBytes for KnightTrace<'_> {
    fn state_bytes(&self) -> usize {
        // Per square: taken, degree, path, the moves still to try, the path
        // shown; and the events waiting to be given out. Measured as for the
        // queens when a level kept a byte of moves tried instead of the 8
        // of its moves to try: 996 bytes on 5x5 and 1,581 on 8x8
        // (Warnsdorff's order, the larger), so about 1,200 and 2,050 now
        // (not measured again); this gives 1,350 and 2,520.
        let squares = self.board().width() as usize * self.board().height() as usize;
        std::mem::size_of::<Self>() + 30 * squares + 256
    }
}

impl<T: Trace + Clone + StateBytes> Saved<T> {
    fn new() -> Self {
        Self::every(SAVE_EVERY)
    }

    /// No states yet; requests are to save one every `every` steps.
    fn every(every: u64) -> Self {
        Saved {
            states: Mutex::new(States {
                list: Vec::new(),
                every: every.max(1),
                end: None,
            }),
            bytes: AtomicUsize::new(ENTRY_BYTES),
        }
    }

    fn lock(&self) -> MutexGuard<'_, States<T>> {
        // A request that panicked left whole states behind: they are still good.
        self.states.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Whether a request at `skip` is answered: `Err(reach)` when the skip
    /// is more than [`MAX_REPLAY`] steps past the nearest saved state (and
    /// not past the search's known end); `reach` is the farthest skip
    /// answered now.
    pub fn check(&self, skip: u64) -> Result<(), u64> {
        let s = self.lock();
        let i = s.list.partition_point(|(step, _)| *step <= skip);
        let base = i.checked_sub(1).map_or(0, |i| s.list[i].0);
        let past_end = s.end.is_some_and(|end| skip >= end);
        if skip - base > MAX_REPLAY && !past_end {
            return Err(base + MAX_REPLAY);
        }
        Ok(())
    }

    /// Where a request at `skip` starts: the nearest saved state at or
    /// before it.
    pub fn start(&self, skip: u64) -> Start<T> {
        let s = self.lock();
        let i = s.list.partition_point(|(step, _)| *step <= skip);
        Start {
            from: i.checked_sub(1).map(|i| s.list[i].clone()),
            every: s.every,
        }
    }

    /// Adds the states a request saved (and the search's length, if it ran
    /// to the end).
    fn add(&self, found: Vec<(u64, T)>, end: Option<u64>) {
        let mut s = self.lock();
        if end.is_some() {
            s.end = end;
        }
        let mut added = 0;
        for (step, state) in found {
            let keep = step.is_multiple_of(s.every) || Some(step) == s.end;
            let i = s.list.partition_point(|(k, _)| *k < step);
            if keep && s.list.get(i).is_none_or(|(k, _)| *k != step) {
                added += state.state_bytes();
                s.list.insert(i, (step, state));
            }
        }
        self.bytes.fetch_add(added, Ordering::Relaxed);
    }

    /// Keeps every other state (the spacing doubles), the end's kept.
    fn thin(&self) {
        let mut s = self.lock();
        s.every *= 2;
        let (every, end) = (s.every, s.end);
        s.list
            .retain(|(step, _)| step.is_multiple_of(every) || Some(*step) == end);
        let bytes = ENTRY_BYTES + s.list.iter().map(|(_, t)| t.state_bytes()).sum::<usize>();
        self.bytes.store(bytes, Ordering::Relaxed);
    }

    /// The states held now.
    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.lock().list.len()
    }
}

type KnightStates<'b> = Saved<KnightTrace<'b>>;

self_cell::self_cell!(
    /// The saved states of a knight's search with the board they run on.
    pub struct KnightSaved {
        owner: KnightBoard,
        #[not_covariant]
        dependent: KnightStates,
    }
);

/// A search's saved states, as the cache holds them.
#[derive(Clone)]
enum Entry {
    Queens(Arc<Saved<QueensTrace>>),
    Knight(Arc<KnightSaved>),
}

impl Entry {
    fn bytes(&self) -> usize {
        match self {
            Entry::Queens(s) => s.bytes.load(Ordering::Relaxed),
            Entry::Knight(k) => k.with_dependent(|_, s| s.bytes.load(Ordering::Relaxed)),
        }
    }

    fn thin(&self) {
        match self {
            Entry::Queens(s) => s.thin(),
            Entry::Knight(k) => k.with_dependent(|_, s| s.thin()),
        }
    }
}

struct Slot {
    entry: Entry,
    used: u64,
}

/// Every search's saved states, the least recently used dropped first.
#[derive(Default)]
struct Cache {
    slots: HashMap<String, Slot>,
    clock: u64,
}

static CACHE: LazyLock<Mutex<Cache>> = LazyLock::new(Mutex::default);

fn cache() -> MutexGuard<'static, Cache> {
    CACHE.lock().unwrap_or_else(|e| e.into_inner())
}

/// The key of a search: its header, as the trace's first line writes it.
pub fn key(header: &Header) -> String {
    hetman::trace::header_json(header)
}

impl Cache {
    fn get(&mut self, key: &str, make: impl FnOnce() -> Entry) -> Entry {
        self.clock += 1;
        let used = self.clock;
        let slot = self.slots.entry(key.to_string()).or_insert_with(|| Slot {
            entry: make(),
            used,
        });
        slot.used = used;
        slot.entry.clone()
    }

    /// Drops the searches used least recently until all fit in `cap`; a
    /// search that alone does not fit keeps every other state.
    fn trim(&mut self, keep: &str, cap: usize) {
        loop {
            let total: usize = self.slots.values().map(|s| s.entry.bytes()).sum();
            if total <= cap {
                return;
            }
            let oldest = self
                .slots
                .iter()
                .filter(|(k, _)| k.as_str() != keep)
                .min_by_key(|(_, s)| s.used)
                .map(|(k, _)| k.clone());
            match oldest {
                Some(k) => {
                    self.slots.remove(&k);
                }
                None => match self.slots.get(keep) {
                    Some(s) => s.entry.thin(),
                    None => return,
                },
            }
        }
    }
}

/// The saved states of the queens search of `header`.
pub fn queens(header: &Header) -> Arc<Saved<QueensTrace>> {
    let made = cache().get(&key(header), || Entry::Queens(Arc::new(Saved::new())));
    match made {
        Entry::Queens(s) => s,
        // The key says queens: a knight's entry cannot sit under it.
        Entry::Knight(_) => Arc::new(Saved::new()),
    }
}

/// The saved states of the knight's search of `header` on `board`.
pub fn knight(header: &Header, board: &KnightBoard) -> Arc<KnightSaved> {
    let fresh = || Arc::new(KnightSaved::new(board.clone(), |_| Saved::new()));
    let made = cache().get(&key(header), || Entry::Knight(fresh()));
    match made {
        Entry::Knight(k) => k,
        Entry::Queens(_) => fresh(),
    }
}

/// The bytes all saved states take now.
pub fn bytes() -> usize {
    cache().slots.values().map(|s| s.entry.bytes()).sum()
}

/// Writes the JSON Lines of the search `fresh` (at its start) within
/// `limits`, started from the nearest state saved in `saved` (whose key is
/// `key`) and saving more as it runs; stops when `line` returns false or
/// `stop` is set.
pub fn lines<T: Trace + Clone + StateBytes>(
    saved: &Saved<T>,
    key: String,
    fresh: T,
    limits: Limits,
    stop: &Stop,
    line: &mut dyn FnMut(&str) -> bool,
) {
    let Start { from, every } = saved.start(limits.skip);
    let (mut step, trace) = from.unwrap_or((0, fresh));
    let mut saving = Saving::new(trace, step, every, saved, key, stop.clone());
    // The replay up to the skip, in a loop of its own, fast-forwarded
    // (without making the events) in runs of at most `RUN` steps, between
    // which a stop is seen.
    'skip: while step < limits.skip {
        let until = limits.skip.min(saving.next_save);
        while step < until {
            if stop.is_set() {
                return;
            }
            let want = (until - step).min(RUN);
            let done = saving.trace.fast_forward(want);
            step += done;
            if done < want {
                saving.step = step;
                saving.ended();
                break 'skip;
            }
        }
        saving.step = step;
        if step == saving.next_save {
            saving.keep();
        }
    }
    for l in JsonLines::resume(saving, step, limits) {
        if !line(&l) {
            return;
        }
    }
}

/// A trace that keeps a copy of its search at every multiple of `every`
/// steps and at its end, and hands them to the search's saved states when
/// it is dropped; it ends at the next event once `stop` is set (as
/// [`Stop::watch`] does: one wrapper, not two, in the replay's loop).
pub struct Saving<'s, T: Trace + Clone + StateBytes> {
    trace: T,
    step: u64,
    every: u64,
    /// The next step to save at (a comparison per event, not a division).
    next_save: u64,
    found: Vec<(u64, T)>,
    end: Option<u64>,
    into: &'s Saved<T>,
    key: String,
    stop: Stop,
}

impl<'s, T: Trace + Clone + StateBytes> Saving<'s, T> {
    /// `trace`, which has given `step` events, saving into `into` (the
    /// states of the search whose key is `key`).
    pub fn new(
        trace: T,
        step: u64,
        every: u64,
        into: &'s Saved<T>,
        key: String,
        stop: Stop,
    ) -> Self {
        let every = every.max(1);
        Saving {
            trace,
            step,
            every,
            next_save: (step / every + 1) * every,
            found: Vec::new(),
            end: None,
            into,
            key,
            stop,
        }
    }
}

impl<T: Trace + Clone + StateBytes> Saving<'_, T> {
    /// Keeps a copy of the search at this step, the next one `every` on.
    fn keep(&mut self) {
        self.found.push((self.step, self.trace.clone()));
        self.next_save += self.every;
    }

    /// The search has ended at this step: keeps its end (once).
    fn ended(&mut self) {
        if self.end.is_none() {
            self.end = Some(self.step);
            if !self.step.is_multiple_of(self.every) {
                self.found.push((self.step, self.trace.clone()));
            }
        }
    }
}

impl<T: Trace + Clone + StateBytes> Iterator for Saving<'_, T> {
    type Item = Event;

    fn next(&mut self) -> Option<Event> {
        if self.stop.is_set() {
            return None;
        }
        let e = self.trace.next();
        if e.is_some() {
            self.step += 1;
            if self.step == self.next_save {
                self.keep();
            }
        } else {
            self.ended();
        }
        e
    }
}

impl<T: Trace + Clone + StateBytes> Trace for Saving<'_, T> {
    fn header(&self) -> Header {
        self.trace.header()
    }

    fn counters(&self) -> Counters {
        self.trace.counters()
    }
}

impl<T: Trace + Clone + StateBytes> Drop for Saving<'_, T> {
    fn drop(&mut self) {
        if self.found.is_empty() && self.end.is_none() {
            return;
        }
        self.into.add(std::mem::take(&mut self.found), self.end);
        cache().trim(&self.key, CAP_BYTES);
    }
}

#[cfg(test)]
#[path = "saved_tests.rs"]
mod tests;
