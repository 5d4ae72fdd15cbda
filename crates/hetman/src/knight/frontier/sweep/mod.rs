//! The sweep: the table of frontier states carried from square to square
//! on several threads, with the keys, the hashing and the merge of equal
//! states.

use std::fs;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use super::checkpoint::{checkpoint_error, load_partial, save_table, Half, Partial};
use super::closure::closure;
use super::key::{hash_of, par, state_overflow, Key, Parts};
use super::plan::Plan;
use super::transfer;
use super::ways::{on_table, Sum, Table, Ways};
use super::{BigCount, Options, Progress, FULL};
use crate::Error;

/// The least input states each thread expands in one round before the
/// successors are merged. A round is also at least an eighth of the step, so
/// that each bucket's table takes many insertions per visit (a visit loads
/// the table into the cache), while the unmerged successors stay a fraction
/// of the states.
/// (Smaller in unit tests, so that small boards take several rounds.)
pub(super) const ROUND: usize = if cfg!(test) { 1 << 12 } else { 1 << 18 };
/// The most input states a thread expands in one round, so that the
/// buffered successors stay small beside the tables on the largest boards
/// (8×8 holds over 6·10^8 states).
pub(super) const ROUND_MAX: usize = 1 << 23;

/// The most buckets a thread writes successors into while it expands, on
/// steps of at least `2^SPLIT_BITS` buckets (or one a thread if there are
/// more threads): few enough that each bucket's tail stays in the cache and
/// the TLB. Each is split into its share of the step's buckets when it is
/// merged. On the 8×8 open far walk (65,536 buckets at squares 33 and 34,
/// `perf record`), a sixth of the walk's time sat on the stores into the
/// buckets' tails. (Lower in unit tests, so that small boards take the
/// split.)
const COARSE_BITS: u32 = if cfg!(test) { 1 } else { 8 };

/// Steps with fewer buckets than `2^SPLIT_BITS` write into them directly.
const SPLIT_BITS: u32 = if cfg!(test) { 2 } else { 12 };

/// Squares with fewer states than this are stepped on one thread.
/// (Smaller in unit tests, so that small boards still take several threads.)
const SMALL_STEP: usize = if cfg!(test) { 16 } else { 2048 };

/// How many of the table's states (as [`Options::max_states`] counts them)
/// one state of a closure costs while it is built.
const CLOSURE_COST: usize = 4;

/// How much larger the cap of a closure must be before it is tried again
/// (see [`run_with`]).
const RETRY: usize = 4;

/// Runs the steps; returns the undirected count and the peak state count.
pub(super) fn run<K: Key>(plan: &Plan, opts: &Options<'_>) -> Result<(BigCount, usize), Error> {
    run_with::<K>(plan, opts, &mut |_, _| Ok(()))
}

/// [`run`], handing the tours finished at each read-off square `v` to
/// `rows(v, tours)` (undirected) as soon as they are known.
pub(super) fn run_with<K: Key>(
    plan: &Plan,
    opts: &Options<'_>,
    rows: &mut dyn FnMut(usize, BigCount) -> Result<(), Error>,
) -> Result<(BigCount, usize), Error> {
    let resume = match opts.checkpoint {
        Some(p) => load_partial::<K>(plan, p)?,
        None => None,
    };
    let at = if let Some(r) = resume {
        if r.far_side || r.far.len() > 0 {
            let p = opts.checkpoint.expect("a checkpoint was read");
            return Err(checkpoint_error(
                p,
                "is damaged: a far side in a count front to back",
            ));
        }
        At {
            v: r.v,
            table: r.table,
            partial: r.partial,
            total: r.total,
        }
    } else {
        At::start(plan)
    };
    let walk = Walk {
        signed: plan,
        end: plan.cells,
        steps: plan.cells,
    };
    let (_, total, peak) = walk_to(plan, &walk, at, opts, rows)?;
    if let Some(p) = opts.checkpoint {
        // A finished count leaves nothing to resume.
        let _ = fs::remove_file(p);
    }
    Ok((total, peak))
}

/// Where a walk over the squares of a plan is: the next square, the states
/// before it, that square's work before a stop, and the tours finished so
/// far (undirected).
pub(super) struct At<K> {
    pub(super) v: usize,
    pub(super) table: Table<K>,
    pub(super) partial: Option<Partial<K>>,
    pub(super) total: BigCount,
}

impl<K: Key> At<K> {
    /// Before the first square, where every slot is "full": nothing to join to.
    pub(super) fn start(plan: &Plan) -> At<K> {
        At {
            v: 0,
            table: Table::start(K::pack(plan.encode(&[FULL; 32], 0))),
            partial: None,
            total: BigCount::zero(),
        }
    }
}

/// How far a walk goes and what it reports: its checkpoints carry the
/// identity of `signed` (the plan stepped, or the same plan marked for a
/// count met in the middle), and its progress counts square `v` as step
/// `v + 1` of `steps`.
pub(super) struct Walk<'a> {
    pub(super) signed: &'a Plan,
    pub(super) end: usize,
    pub(super) steps: usize,
}

/// Steps the states of `at` over the squares of `plan` up to `walk.end`, by
/// the matrices of the repeating ranks where they pay (see the `transfer`
/// module) and square by square elsewhere, saving to the checkpoint now and
/// then and when stopped. Returns the states before square `walk.end`, the
/// tours finished (those of the read-off squares go to `rows`) and the most
/// states held.
pub(super) fn walk_to<K: Key>(
    plan: &Plan,
    walk: &Walk<'_>,
    at: At<K>,
    opts: &Options<'_>,
    rows: &mut dyn FnMut(usize, BigCount) -> Result<(), Error>,
) -> Result<(Table<K>, BigCount, usize), Error> {
    let threads = opts.threads.max(1);
    let At {
        v: start,
        mut table,
        mut partial,
        mut total,
    } = at;
    let mut high = table.high();
    let mut peak = table.len();
    let mut last_save = Instant::now();
    // The repeating ranks of a long board, run by their transfer matrix
    // where the table has stopped growing fast (each run of repeating
    // ranks, such as those before and after the first row of a table).
    let repeats = if opts.periodic {
        transfer::periods(plan)
    } else {
        Vec::new()
    };
    // The cap of the last closure that did not fit. Tried early (on a small
    // table) a closure may not fit a cap made from that table's size and
    // fit later (6 x n open tours: 25 million states is too few at the
    // third rank). So it is tried again once the table has grown enough
    // for a cap `RETRY` times larger: the tries that fail cost at most a
    // third more than the last of them. Never again at the memory's cap
    // (7 x n closed tours: over 195 million states, some 17 GB).
    let mut refused: Option<usize> = None;
    let mut lens = vec![0usize; plan.cells + 1];
    let mut v = start;
    while v < walk.end {
        lens[v] = table.len();
        // (Not on a square resumed half done: its work so far is in
        // `partial`; nor past the end of the walk.)
        let here = repeats
            .iter()
            .map(|(p, m)| (*p, m[v].min(walk.end - v)))
            .find(|&(p, m)| m >= transfer::MIN_PERIODS * p && partial.is_none());
        if let Some((p, span)) = here {
            let len = table.len();
            // (A square run by the matrices has no length: the table there
            // had settled already.)
            let settled = len <= 4096
                || (v >= start + p && (lens[v - p] == usize::MAX || len <= lens[v - p] / 4 * 5));
            // A state of the closure costs about four of the table's while
            // it is built (its key, its index entry and its edges: the 80
            // million of the 6 x n open tours peaked at 7.6 GB).
            let cap = (64 * p * len.max(1 << 16))
                .min(opts.max_states.map_or(usize::MAX, |s| s / CLOSURE_COST));
            if settled && refused.is_none_or(|r| cap >= r.saturating_mul(RETRY)) {
                let seeds: Vec<K> = on_table!(&table, parts => {
                    parts.iter().flatten().map(|&(k, _)| k).collect()
                });
                let built = closure(plan, v, p, seeds.into_iter(), threads, cap)
                    .map(|c| transfer::Transfer::new(c, v, threads));
                if let Some(tr) = built {
                    peak = peak.max(tr.states());
                    let mut sw = transfer::Sweep {
                        plan,
                        signed: walk.signed,
                        steps: walk.steps,
                        opts,
                        rows: &mut *rows,
                        total: &mut total,
                        peak: &mut peak,
                        last_save: &mut last_save,
                    };
                    table = transfer::run(&tr, table, v + span, &mut sw)?;
                    high = table.high();
                    lens[v..v + span].fill(usize::MAX);
                    v += span;
                    continue;
                }
                refused = Some(cap);
            }
        }
        let (next, finished, h) =
            match step_table(plan, v, table, high, threads, opts, partial.take())? {
                Stepped::Done(next, finished, h) => (next, finished, h),
                Stepped::Stopped(rest, half, why) => {
                    // The final save: the states not yet expanded and the
                    // square's work so far, so that nothing done is lost.
                    if let Some(p) = opts.checkpoint {
                        save_table(
                            walk.signed,
                            p,
                            v,
                            &total,
                            &rest,
                            Some(&half),
                            Half::Near(None),
                        )
                        .map_err(|e| checkpoint_error(p, e))?;
                    }
                    return Err(why);
                }
            };
        table = next;
        high = h;
        if plan.readoff[v] {
            rows(v, finished)?;
        } else {
            total += &finished;
        }
        let states = table.len();
        peak = peak.max(states);
        if let Some(progress) = opts.progress {
            progress(Progress {
                step: v + 1,
                steps: walk.steps,
                states,
                pass: None,
            });
        }
        if let Some(p) = opts.checkpoint
            && v + 1 < plan.cells
            && last_save.elapsed() >= opts.checkpoint_every
        {
            save_table(
                walk.signed,
                p,
                v + 1,
                &total,
                &table,
                None,
                Half::Near(None),
            )
            .map_err(|e| checkpoint_error(p, e))?;
            last_save = Instant::now();
        }
        v += 1;
    }
    Ok((table, total, peak))
}

/// What a square came to: done (the new table, the tours finished, the bit
/// length of the largest count), or stopped in the middle (the states not
/// yet expanded, the work so far, and why it stopped).
pub(super) enum Stepped<K> {
    Done(Table<K>, BigCount, u64),
    Stopped(Table<K>, Partial<K>, Error),
}

/// One square on a table of any width: widens the counts first when the
/// step might overflow them (see the `ways` module); `high` is the bit
/// length of the table's largest count. `partial` is the square's work
/// before a stop (from a checkpoint). Stops between rounds when
/// [`Options::stop`] is raised ([`Error::Interrupted`]) or the states pass
/// [`Options::max_states`].
pub(super) fn step_table<K: Key>(
    plan: &Plan,
    v: usize,
    table: Table<K>,
    high: u64,
    threads: usize,
    opts: &Options<'_>,
    partial: Option<Partial<K>>,
) -> Result<Stepped<K>, Error> {
    let mut table = table.fit(high, plan.min_limbs)?;
    let carry = match partial {
        Some(Partial { done, finished }) => {
            // Both tables at one width, wide enough for either.
            let high = done.high();
            let done = done.fit(high, table.limbs())?;
            table = table.fit(0, done.limbs())?;
            Some((done, finished))
        }
        None => None,
    };
    let limits = Limits {
        stop: opts.stop,
        max_states: opts.max_states,
    };
    on_table!(table, p => {
        let carry = carry.map(|(done, finished)| (done.into_parts(), finished));
        Ok(match step(plan, v, p, threads, &limits, carry)? {
            Step::Done(next, finished, h) => Stepped::Done(Ways::table(next), finished, h.bits()),
            Step::Stopped { rest, done, finished, why } => Stepped::Stopped(
                Ways::table(rest),
                Partial { done: Ways::table(done), finished },
                why,
            ),
        })
    })
}

/// When a square stops between its rounds.
pub(super) struct Limits<'a> {
    /// Raised: stop with [`Error::Interrupted`].
    pub(super) stop: Option<&'a AtomicBool>,
    /// More states than this (the next square's so far and this square's
    /// still to expand): stop with [`Error::OutOfMemory`].
    pub(super) max_states: Option<usize>,
}

/// A square done, or stopped between two rounds.
pub(super) enum Step<K, W> {
    /// The new states, the tours finished and the largest count's bits.
    Done(Parts<K, W>, BigCount, W),
    /// The states not yet expanded, the successors of the others so far,
    /// the tours they finished, and why it stopped.
    Stopped {
        rest: Parts<K, W>,
        done: Parts<K, W>,
        finished: BigCount,
        why: Error,
    },
}

/// One square, in rounds. In a round each thread expands its share of the
/// input states (freeing each input chunk once expanded), writing the
/// successors into per-bucket buffers by the top bits of their hash
/// (sequential writes; on large steps into coarse buckets, at most
/// `2^COARSE_BITS` a thread); then each thread splits the buffered successors
/// of its own buckets into the step's finer buckets, sorts them and merges
/// them into those buckets' sorted lists of distinct states, adding the ways
/// of equal states. A state costs its 16 bytes (8 of key, 8 of ways) and no
/// table overhead, and the unmerged successors never exceed one round's
/// worth. `carry` is the square's work before a stop (successors, tours
/// finished). Returns the new states (one chunk per bucket) and the tours
/// finished at this square, or where it stopped.
pub(super) fn step<K: Key, W: Ways>(
    plan: &Plan,
    v: usize,
    mut parts: Parts<K, W>,
    threads: usize,
    limits: &Limits<'_>,
    carry: Option<(Parts<K, W>, BigCount)>,
) -> Result<Step<K, W>, Error> {
    let (carried, mut before) = carry.unwrap_or_default();
    let states: usize =
        parts.iter().map(Vec::len).sum::<usize>() + carried.iter().map(Vec::len).sum::<usize>();
    // A few states are stepped on this thread: starting threads for them
    // costs more than the step (a 6×6 count has about 40 such squares).
    let threads = if states < SMALL_STEP { 1 } else { threads };
    // About 32k states per bucket (fewer in unit tests, see `ROUND`), and a
    // bucket range for every thread.
    let bits = (states / if cfg!(test) { 1024 } else { 32_768 })
        .max(threads)
        .next_power_of_two()
        .trailing_zeros()
        .min(16);
    let buckets = 1usize << bits;
    let bucket_of = |h: u64| {
        if bits == 0 {
            0
        } else {
            (h >> (64 - bits)) as usize
        }
    };
    // The successors are written into coarse buckets (the top bits of the
    // same hash), each of `fine` buckets, and a range of coarse buckets for
    // every thread.
    let coarse_bits = if bits >= SPLIT_BITS {
        bits.min(COARSE_BITS.max(threads.next_power_of_two().trailing_zeros()))
    } else {
        bits
    };
    let fine = 1usize << (bits - coarse_bits);
    let coarse = buckets / fine;
    let coarse_of = |h: u64| bucket_of(h) / fine;
    let per = coarse.div_ceil(threads);
    // Each bucket's states so far: sorted by key, distinct, exactly sized.
    let mut tables: Vec<Vec<(K, W)>> = vec![Vec::new(); buckets];
    for (k, c) in carried.into_iter().flatten() {
        tables[bucket_of(hash_of(&k))].push((k, c));
    }
    for t in &mut tables {
        // Distinct already; each bucket in key order.
        t.sort_unstable_by_key(|&(k, _)| k);
    }
    let mut buffers: Vec<Vec<Vec<(K, W)>>> = vec![vec![Vec::new(); coarse]; threads];
    let mut finished = Sum::default();
    // Never more than an equal share: on small tables the first thread
    // would otherwise take a whole round while the others wait.
    let round = ROUND
        .max(states / (8 * threads))
        .min(ROUND_MAX)
        .min(states.div_ceil(threads).max(1));
    while !parts.is_empty() {
        let why = if limits.stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
            Some(Error::Interrupted)
        } else {
            let held = parts.iter().chain(&tables).map(Vec::len).sum::<usize>();
            limits
                .max_states
                .filter(|&most| held > most)
                .map(|most| too_many_states(held, most))
        };
        if let Some(why) = why {
            tables.retain(|t| !t.is_empty());
            before += &finished.total();
            return Ok(Step::Stopped {
                rest: parts,
                done: tables,
                finished: before,
                why,
            });
        }
        // Hand out the next chunks: about `round` states to each thread.
        let mut work: Vec<Vec<Vec<(K, W)>>> = vec![Vec::new(); threads];
        for w in &mut work {
            let mut n = 0;
            while n < round {
                let Some(chunk) = parts.pop() else { break };
                n += chunk.len();
                w.push(chunk);
            }
        }
        let jobs: Vec<_> = buffers.iter_mut().zip(work).collect();
        let done = par(jobs, |(out, chunks)| {
            out.iter_mut().for_each(Vec::clear);
            let mut finished = Sum::default();
            for chunk in chunks {
                for &(k, c) in &chunk {
                    plan.expand(v, k.unpack(), &mut |o| match o {
                        Some(nk) => {
                            let nk = K::pack(nk);
                            out[coarse_of(hash_of(&nk))].push((nk, c));
                        }
                        None => finished.add(c),
                    });
                }
            }
            finished
        });
        for f in done {
            finished.absorb(f);
        }
        let buffers = &buffers;
        let jobs: Vec<_> = tables.chunks_mut(per * fine).enumerate().collect();
        let merged = par(jobs, |(t, mine)| -> Result<(), Error> {
            let mut batch: Vec<(K, W)> = Vec::new();
            let mut split: Vec<(K, W)> = Vec::new();
            let mut starts = vec![0usize; fine + 1];
            let mut next = Vec::new();
            for (i, group) in mine.chunks_mut(fine).enumerate() {
                let c = t * per + i;
                let Some(&first) = buffers.iter().find_map(|buf| buf[c].first()) else {
                    continue;
                };
                // With fine buckets, the successors are split into them by
                // a counting sort (each bucket's after those of the buckets
                // before it).
                let new = if fine == 1 {
                    batch.clear();
                    for buf in buffers {
                        batch.extend_from_slice(&buf[c]);
                    }
                    &mut batch[..]
                } else {
                    let fine_of = |k: &K| bucket_of(hash_of(k)) % fine;
                    starts.fill(0);
                    for (k, _) in buffers.iter().flat_map(|buf| &buf[c]) {
                        starts[fine_of(k) + 1] += 1;
                    }
                    for b in 1..=fine {
                        starts[b] += starts[b - 1];
                    }
                    split.clear();
                    split.resize(starts[fine], first);
                    next.clone_from(&starts);
                    for &(k, w) in buffers.iter().flat_map(|buf| &buf[c]) {
                        let b = fine_of(&k);
                        split[next[b]] = (k, w);
                        next[b] += 1;
                    }
                    &mut split[..]
                };
                for (b, table) in group.iter_mut().enumerate() {
                    let new = if fine == 1 {
                        &mut new[..]
                    } else {
                        &mut new[starts[b]..starts[b + 1]]
                    };
                    if new.is_empty() {
                        continue;
                    }
                    new.sort_unstable_by_key(|&(k, _)| k);
                    // Exactly sized (glibc shrinks a block in place: no
                    // copy of the merged states).
                    let mut out = Vec::with_capacity(table.len() + new.len());
                    merge_sorted(table, new, &mut out)?;
                    out.shrink_to_fit();
                    *table = out;
                }
            }
            Ok(())
        });
        merged.into_iter().collect::<Result<(), Error>>()?;
    }
    tables.retain(|t| !t.is_empty());
    // The bits of every count, for the bit length of the largest.
    let jobs: Vec<_> = tables.chunks(per * fine).collect();
    let high = par(jobs, |mine| {
        mine.iter().flatten().fold(W::zero(), |a, &(_, w)| a.or(w))
    })
    .into_iter()
    .fold(W::zero(), W::or);
    before += &finished.total();
    Ok(Step::Done(tables, before, high))
}

/// The error of a count whose states passed [`Options::max_states`].
pub(super) fn too_many_states(held: usize, most: usize) -> Error {
    Error::OutOfMemory {
        reason: format!(
            "the count holds {held} frontier states, more than the {most} its memory limit allows"
        ),
    }
}

/// Merges `old` (sorted, distinct keys) and `new` (sorted) into `out`,
/// adding the ways of equal keys.
pub(super) fn merge_sorted<K: Key, W: Ways>(
    old: &[(K, W)],
    new: &[(K, W)],
    out: &mut Vec<(K, W)>,
) -> Result<(), Error> {
    out.reserve(old.len() + new.len());
    let (mut i, mut j) = (0, 0);
    while i < old.len() || j < new.len() {
        let (k, c) = if j == new.len() || (i < old.len() && old[i].0 <= new[j].0) {
            i += 1;
            old[i - 1]
        } else {
            j += 1;
            new[j - 1]
        };
        match out.last_mut() {
            Some(last) if last.0 == k => {
                last.1 = last.1.checked_add(c).ok_or_else(state_overflow)?;
            }
            _ => out.push((k, c)),
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests;
