//! The join of a count met in the middle (step 4 of the `meet` module): the
//! states of the two sides at the cut, matched by the moves each gives the
//! squares of ranks L and F, and paired when their paths link up.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{mpsc, Mutex};
use std::time::{Duration, Instant};

use super::join_file::{JoinFile, JoinProgress};
use super::key::{par, Key, Map, Parts};
use super::linking::Linking;
use super::plan::Plan;
use super::sides::{side, targets, Backward, Side};
use super::ways::{Sum, Ways};
use super::{BigCount, Options};
use crate::Error;

/// How often [`Options::joining`] hears from a join under way.
const REPORT_EVERY: Duration = Duration::from_secs(1);

/// The fewest states of the larger and of the smaller side of a group
/// whose pairs [`Linking`] sums instead of trying them one by one (see
/// [`join`]).
const LINKING_LARGER: usize = 256;
const LINKING_SMALLER: usize = 16;

/// The pieces a join is cut into (fewer when it has fewer states): whole
/// groups each, about as many states each, taken in turn by the threads.
/// The same for every thread count, so that a join resumed from its
/// progress file (see [`JoinFile`]) cuts the same pieces.
const PIECES: usize = 1024;

/// The forward states in groups by their degree keys: one word a state,
/// the group's number above the state's position in the table, sorted.
struct Index {
    entries: Vec<u64>,
    /// The bits of an entry that hold the position.
    low: u32,
    /// Each group's degree key.
    keys: Vec<u64>,
    /// The position of each part's first state.
    starts: Vec<usize>,
}

impl Index {
    /// Groups the states of `a` on `threads` threads, in two passes over
    /// the table (as [`groups`](super::sides::groups) groups the far side):
    /// one counts each chunk's states in each group, one places each state
    /// in its chunk's range of its group. No sort: the chunks are ranges of
    /// parts in table order, laid end to end in each group, so the entries
    /// come out in the order a sort by (group, position) gives, whatever
    /// the threads, and a join cut into pieces cuts the same pieces again
    /// (a resumed join skips the pieces it finished).
    fn new<K: Key, W: Ways>(
        plan: &Plan,
        a: &Parts<K, W>,
        blocked: &[bool],
        slot: impl Fn(usize) -> usize + Copy + Sync,
        threads: usize,
    ) -> Index {
        let degrees = |key: K| side(plan, key.unpack(), 0, blocked, slot).0;
        let mut starts = Vec::with_capacity(a.len());
        let mut n = 0;
        for part in a {
            starts.push(n);
            n += part.len();
        }
        let per = a.len().div_ceil(threads.max(1)).max(1);
        // Each chunk of parts with the position of its first state.
        let chunks: Vec<(usize, &[Vec<_>])> = a
            .chunks(per)
            .enumerate()
            .map(|(c, chunk)| (starts.get(c * per).copied().unwrap_or(n), chunk))
            .collect();
        let counted = par(chunks.clone(), |(_, chunk)| {
            let mut sizes: Map<usize> = Map::default();
            for &(key, _) in chunk.iter().flatten() {
                *sizes.entry(degrees(key)).or_default() += 1;
            }
            sizes
        });
        // The groups in the order of their keys.
        let mut keys: Vec<u64> = counted.iter().flat_map(|m| m.keys().copied()).collect();
        keys.sort_unstable();
        keys.dedup();
        // At least one bit of group, so that the shifts stay below 64.
        let low = (keys.len() as u64).leading_zeros().min(63);
        assert!((n as u64) < 1 << low, "positions and groups fit one word");
        // Each chunk's next place in each group (its group's rank beside
        // it): after those of the chunks before it.
        let mut fill = vec![0usize; keys.len()];
        for sizes in &counted {
            for (&d, &k) in sizes {
                fill[keys.binary_search(&d).expect("a counted key")] += k;
            }
        }
        let mut at = 0;
        for f in &mut fill {
            let size = *f;
            *f = at;
            at += size;
        }
        let places: Vec<Map<(usize, u64)>> = counted
            .iter()
            .map(|sizes| {
                let mut place = Map::default();
                for (&d, &k) in sizes {
                    let rank = keys.binary_search(&d).expect("a counted key");
                    place.insert(d, (fill[rank], rank as u64));
                    fill[rank] += k;
                }
                place
            })
            .collect();
        drop(counted);
        let entries: Vec<AtomicU64> = (0..n).map(|_| AtomicU64::new(0)).collect();
        par(
            chunks.into_iter().zip(places).collect(),
            |((first, chunk), mut place)| {
                let states = chunk.iter().flatten().enumerate();
                for (i, &(key, _)) in states {
                    let (next, rank) = place
                        .get_mut(&degrees(key))
                        .expect("counted in the first pass");
                    entries[*next].store(*rank << low | (first + i) as u64, Ordering::Relaxed);
                    *next += 1;
                }
            },
        );
        // (The atomics give way to plain words in place.)
        let entries: Vec<u64> = entries.into_iter().map(AtomicU64::into_inner).collect();
        debug_assert!(entries.is_sorted());
        Index {
            entries,
            low,
            keys,
            starts,
        }
    }

    #[inline]
    fn group(&self, e: u64) -> u64 {
        e >> self.low
    }

    #[inline]
    fn degrees(&self, e: u64) -> u64 {
        self.keys[self.group(e) as usize]
    }

    #[inline]
    fn state<'a, K, W>(&self, a: &'a Parts<K, W>, e: u64) -> &'a (K, W) {
        let position = (e & ((1 << self.low) - 1)) as usize;
        let part = self.starts.partition_point(|&s| s <= position) - 1;
        &a[part][position - self.starts[part]]
    }
}

/// The tours made of pairs of matching states: forward states `a` (read in
/// place) against the grouped backward states `b`. The forward states are
/// visited in groups by their degree keys (an index of 8 bytes a state), so
/// that each forward group works out the sides of its matching backward
/// groups once. Stops with [`Error::Interrupted`] when [`Options::stop`] is
/// raised. With `must_end`, only the tours with an end at that join
/// position are counted (the fixed end of the plan, held for the join).
/// With `twice`, the pairs of a forward state with no tour end used and a
/// backward state with both count twice (see `cut::capped`).
/// With a `file`, the pieces finished so far and their tours are saved in it
/// every [`Options::checkpoint_every`] and when stopped, and a join that
/// finds progress saved there for the same checkpoint skips those pieces.
#[allow(clippy::too_many_arguments)]
pub(super) fn join<K: Key, W: Ways>(
    plan: &Plan,
    a: &Parts<K, W>,
    b: &Backward<K>,
    blocked: &[bool],
    must_end: Option<usize>,
    twice: bool,
    opts: &Options<'_>,
    file: Option<&JoinFile>,
) -> Result<BigCount, Error> {
    // Tests may make every group take one way or the other.
    #[cfg(test)]
    let (larger, smaller) = match tests::LINKING.with(std::cell::Cell::get) {
        Some(true) => (0, 0),
        Some(false) => (usize::MAX, usize::MAX),
        None => (LINKING_LARGER, LINKING_SMALLER),
    };
    #[cfg(not(test))]
    let (larger, smaller) = (LINKING_LARGER, LINKING_SMALLER);
    let closed = plan.closed;
    let threads = opts.threads.max(1);
    // Tests may stop a join after some pieces.
    #[cfg(test)]
    let stop_after = tests::STOP_AFTER.with(std::cell::Cell::get);
    #[cfg(not(test))]
    let stop_after: Option<usize> = None;
    let halt = AtomicBool::new(false);
    let stop = opts.stop;
    let stopped =
        || halt.load(Ordering::Relaxed) || stop.is_some_and(|s| s.load(Ordering::Relaxed));
    let slot = |k: usize| k + 1;
    let index = Index::new(plan, a, blocked, slot, threads);
    #[cfg(test)]
    tests::INDEXED.with(|i| i.set(index.entries.len()));
    // Pieces for the threads, cut at group boundaries: as many whatever
    // the threads, so that a resumed join cuts the same pieces.
    let mut pieces = Vec::new();
    let mut rest = &index.entries[..];
    let per = rest.len().div_ceil(PIECES).max(1);
    while !rest.is_empty() {
        let mut end = per.min(rest.len());
        while end < rest.len() && index.group(rest[end]) == index.group(rest[end - 1]) {
            end += 1;
        }
        pieces.push(&rest[..end]);
        rest = &rest[end..];
    }
    let all = index.entries.len();
    let resumed = match file {
        Some(f) => f.load(pieces.len(), all)?,
        None => None,
    };
    let progress = Mutex::new(resumed.unwrap_or_else(|| JoinProgress::new(pieces.len(), all)));
    let joined = AtomicUsize::new(
        pieces
            .iter()
            .zip(&progress.lock().expect("join progress").done)
            .filter(|(_, d)| **d)
            .map(|(p, _)| p.len())
            .sum(),
    );
    // The tours of a piece, or `None` when stopped before its end.
    let work =
        |piece: &[u64]| -> Option<Sum> {
            let mut total = Sum::default();
            let mut t = Vec::new();
            let mut others = Vec::new();
            let (mut xs, mut ys, mut forward) = (Vec::new(), Vec::new(), Vec::new());
            let mut linker = Linking::default();
            let squares = blocked.len();
            // Forward states joined and not yet told to the reporting thread.
            let mut untold = 0;
            for group in piece.chunk_by(|&x, &y| index.group(x) == index.group(y)) {
                if stopped() {
                    return None;
                }
                let degrees = index.degrees(group[0]);
                targets(degrees, blocked, closed, must_end, &mut t);
                // The backward groups with both tour ends used come first, so
                // that with `twice` their pairs count again.
                let doubled = twice && degrees >> 48 == 0;
                t.sort_unstable_by_key(|&k| std::cmp::Reverse(k >> 48 == 2));
                others.clear();
                let mut again = 0;
                for &k in &t {
                    b.sides(plan, k, blocked, &mut others);
                    if doubled && k >> 48 == 2 {
                        again = others.len();
                    }
                }
                if others.is_empty() {
                    // Nothing to pair with.
                } else if group.len().max(others.len()) < larger
                    || group.len().min(others.len()) < smaller
                {
                    for &e in group {
                        let (key, ways) = index.state(a, e);
                        let x = side(plan, key.unpack(), 0, blocked, slot).1;
                        for (i, y) in others.iter().enumerate() {
                            if links_up(&x, y, closed) {
                                total.add_product(ways.limbs(), b.ways(y));
                                if i < again {
                                    total.add_product(ways.limbs(), b.ways(y));
                                }
                            }
                        }
                    }
                } else {
                    // Many pairs: summed by applying the smaller side's links
                    // to the larger side's merged path systems, one word of the
                    // larger side's counts at a time (the sums are linear in
                    // the counts: word `j` of a count weighs 2^64j).
                    forward.clear();
                    forward.extend(group.iter().map(|&e| {
                        let (key, _) = index.state(a, e);
                        side(plan, key.unpack(), 0, blocked, slot).1
                    }));
                    let times = |i: usize| if i < again { 2 } else { 1 };
                    if group.len() >= others.len() {
                        for word in 0..W::LIMBS {
                            xs.clear();
                            xs.extend(group.iter().zip(&forward).map(|(&e, x)| {
                                (*x, u128::from(index.state(a, e).1.limbs()[word]))
                            }));
                            if xs.iter().all(|&(_, w)| w == 0) {
                                continue;
                            }
                            linker.linked(&xs, &others, squares, closed, |i, sum| {
                                let y = b.ways(&others[i]);
                                for _ in 0..times(i) {
                                    add_shifted(&mut total, sum, word, y);
                                }
                            });
                        }
                    } else {
                        for word in 0..b.stride() {
                            ys.clear();
                            ys.extend(
                                others
                                    .iter()
                                    .enumerate()
                                    .map(|(i, y)| (*y, u128::from(b.ways(y)[word]) * times(i))),
                            );
                            if ys.iter().all(|&(_, w)| w == 0) {
                                continue;
                            }
                            linker.linked(&ys, &forward, squares, closed, |i, sum| {
                                let x = index.state(a, group[i]).1.limbs();
                                add_shifted(&mut total, sum, word, x);
                            });
                        }
                    }
                }
                untold += group.len();
                if untold >= 1 << 14 {
                    joined.fetch_add(untold, Ordering::Relaxed);
                    untold = 0;
                }
            }
            joined.fetch_add(untold, Ordering::Relaxed);
            Some(total)
        };
    // The largest pieces first: a piece is whole groups, and one large
    // group taken last kept one thread busy alone for about a minute at the
    // end of 8x8 open joins. (The sum does not depend on the order.)
    let mut order: Vec<usize> = (0..pieces.len()).collect();
    order.sort_by_key(|&i| (std::cmp::Reverse(pieces[i].len()), i));
    // Told as it begins (the walk before it is over).
    if let Some(report) = opts.joining {
        report(joined.load(Ordering::Relaxed), all);
    }
    // One worker a thread, each taking the next piece not yet done until
    // none is left, and adding its tours to the progress.
    let next = AtomicUsize::new(0);
    let finished_here = AtomicUsize::new(0);
    let saved = std::thread::scope(|s| {
        let (work, pieces, next, progress, order) = (&work, &pieces, &next, &progress, &order);
        let (finished_here, halt) = (&finished_here, &halt);
        let (done, finished) = mpsc::channel();
        let handles: Vec<_> = (0..threads.min(pieces.len()))
            .map(|_| {
                let done = done.clone();
                s.spawn(move || {
                    while let Some(&i) = order.get(next.fetch_add(1, Ordering::Relaxed)) {
                        let p = pieces[i];
                        if progress.lock().expect("join progress").done[i] {
                            continue;
                        }
                        let Some(sum) = work(p) else { break };
                        let sum = sum.total();
                        let mut g = progress.lock().expect("join progress");
                        g.done[i] = true;
                        g.total += &sum;
                        let here = finished_here.fetch_add(1, Ordering::Relaxed) + 1;
                        if stop_after.is_some_and(|k| here >= k) {
                            halt.store(true, Ordering::Relaxed);
                        }
                    }
                    // The receiver outlives the workers.
                    let _ = done.send(());
                })
            })
            .collect();
        drop(done);
        // This thread reports how far the join has got while the pieces run,
        // and saves the progress now and then.
        let mut left = handles.len();
        let mut last_save = Instant::now();
        let mut saved = Ok(());
        while left > 0 {
            match finished.recv_timeout(REPORT_EVERY) {
                Ok(()) => left -= 1,
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    if let Some(report) = opts.joining {
                        report(joined.load(Ordering::Relaxed), all);
                    }
                    if let Some(f) = file.filter(|_| last_save.elapsed() >= opts.checkpoint_every) {
                        let now = progress.lock().expect("join progress").clone();
                        saved = saved.and(f.save(&now));
                        last_save = Instant::now();
                    }
                }
                // A worker panicked: joining the handles passes it on.
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
        }
        for h in handles {
            h.join().expect("frontier worker panicked");
        }
        saved
    });
    let progress = progress.into_inner().expect("join progress");
    if progress.done.contains(&false) {
        // Stopped with pieces left: no answer, but the progress is kept.
        if let Some(f) = file {
            f.save(&progress)?;
        }
        return Err(Error::Interrupted);
    }
    // The answer stands even if a save on the way failed.
    drop(saved);
    if let Some(report) = opts.joining {
        report(all, all);
    }
    Ok(progress.total)
}

/// Adds `a` · 2^(64 `word`) times `b`.
#[inline]
fn add_shifted(total: &mut Sum, a: u128, word: usize, b: &[u64]) {
    let (lo, hi) = (a as u64, (a >> 64) as u64);
    if word == 0 {
        // The common case (counts of one word): no shift to lay out.
        if hi == 0 {
            total.add_product(&[lo], b);
        } else {
            total.add_product(&[lo, hi], b);
        }
        return;
    }
    let mut shifted = [0u64; 66];
    shifted[word] = lo;
    shifted[word + 1] = hi;
    let len = if hi == 0 { word + 1 } else { word + 2 };
    total.add_product(&shifted[..len], b);
}

/// Whether the paths of two matching sides make one path (or one cycle).
#[inline]
fn links_up(a: &Side, b: &Side, closed: bool) -> bool {
    let nodes = (a.linked | b.linked).count_ones();
    if nodes == 0 {
        return false;
    }
    let side = |s: bool| if s { &b.links } else { &a.links };
    let is_pos = |l: u8| (l as usize) < 24;
    if closed {
        let start = a.linked.trailing_zeros() as usize;
        let (mut cur, mut on_b, mut seen) = (start, false, 0);
        loop {
            let next = side(on_b)[cur];
            if !is_pos(next) {
                return false;
            }
            cur = next as usize;
            on_b = !on_b;
            seen += 1;
            if cur == start || seen > nodes {
                break;
            }
        }
        return cur == start && seen == nodes;
    }
    // An end of the whole path: a square whose path runs to a tour end that
    // has left, or a new tour end (a link on one side only).
    let tips = a.ends | b.ends | (a.linked ^ b.linked);
    if tips == 0 {
        return false;
    }
    let start = tips.trailing_zeros() as usize;
    let mut on_b = if is_pos(a.links[start]) {
        false
    } else if is_pos(b.links[start]) {
        true
    } else {
        return nodes == 1;
    };
    let (mut cur, mut seen) = (start, 1);
    loop {
        cur = side(on_b)[cur] as usize;
        on_b = !on_b;
        seen += 1;
        if !is_pos(side(on_b)[cur]) || seen > nodes {
            break;
        }
    }
    seen == nodes
}

#[cfg(test)]
pub(super) mod tests {
    use std::cell::Cell;

    thread_local! {
        /// `Some(true)`: every group of a join is summed by `Linking`;
        /// `Some(false)`: every pair is tried; `None`: as counts go.
        pub(in super::super) static LINKING: Cell<Option<bool>> = const { Cell::new(None) };
        /// `Some(k)`: a join stops (as if told to) once it has finished `k`
        /// pieces.
        pub(in super::super) static STOP_AFTER: Cell<Option<usize>> = const { Cell::new(None) };
        /// The forward states the last join on this thread indexed.
        pub(in super::super) static INDEXED: Cell<usize> = const { Cell::new(0) };
    }
}
