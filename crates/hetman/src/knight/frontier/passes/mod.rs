//! The near side's crossing rank and the join in several passes, for counts
//! met in the middle whose near side does not fit in memory at once.
//!
//! The near side's table grows most over its crossing rank F (see
//! the `meet` module): on 8×8 open tours some 18 times, from about 115
//! million states at the cut to some 2 billion (103 million at the cut and
//! 255 million one square on, measured). Its squares make only moves back
//! across the cut, so once a square of rank F is passed, its number of
//! moves (0, 1 or 2) stays in every state that comes from it, and states
//! that differ there never merge again. So after the first square of rank F
//! the near states are dealt into up to three passes by that number, and
//! each pass runs the rest of the rank from its own states and joins them
//! with the whole far side. The walk and the join add up the ways of each
//! state separately, so the passes add up to the whole count. For more
//! passes, each of those is dealt again after the next square by its
//! number there (passes within passes), and so on: the states' numbers on
//! the squares passed (their *prefix*) tell the passes apart, and the
//! largest table holds about 1/P of the near states for P passes.
//!
//! The prefixes are dealt by the states that have each: largest first, to
//! the pass with the fewest states so far.
//!
//! With a checkpoint, the states after the first square are saved before
//! the first pass, each pass's states wait on disk until its turn (see
//! [`StartFiles`]), so that memory holds only the far side and one pass,
//! and each pass saves its join's progress beside them
//! (`FILE.pass-K-of-P.join`, see [`JoinFile`](super::join_file::JoinFile)):
//! a count stopped in a pass resumes at that pass (its walk again, then the
//! join's unfinished pieces) and skips the passes it finished.

use std::cell::Cell;
use std::path::Path;

use super::checkpoint;
use super::fold::halve;
use super::join::join;
use super::join_file::{JoinFile, JoinProgress};
use super::key::{par, runs, Key, Parts};
use super::memory::give_back;
use super::plan::Plan;
use super::prefixes::Prefixes;
use super::sides::Backward;
use super::start_file::StartFiles;
use super::ways::{on_table, Table, Ways};
use super::{BigCount, Options, Pass};
use crate::Error;

/// The square where the passes start (the first square of their walks),
/// when there are passes: one square into rank F for a count that starts
/// before it, or where a count resumed in rank F was stopped (after the
/// square it stopped in, with `partial`), so that it holds no larger table
/// than before. `None` past the squares a prefix can cover.
pub(super) fn split_at(
    passes: usize,
    cut: usize,
    w: usize,
    longest: usize,
    from: usize,
    partial: bool,
) -> Option<usize> {
    if passes <= 1 {
        return None;
    }
    let split = if from > cut {
        from + usize::from(partial)
    } else {
        cut + 1
    };
    let m = split - cut;
    (m <= longest.min(MOST_SQUARES) && split <= cut + w).then_some(split)
}

/// The most squares of a prefix (4^10 counters a thread for the
/// [`histogram`]).
const MOST_SQUARES: usize = 10;

/// The pass of each prefix.
pub(super) struct Classes {
    /// The pass of each prefix (2 bits a square).
    class: Vec<u8>,
    /// The states dealt to each pass.
    pub(super) sizes: Vec<usize>,
}

impl Classes {
    /// Deals the prefixes to `passes` passes (1 to 255) by their states,
    /// counted in `histogram` (indexed by prefix).
    pub(super) fn new(histogram: &[usize], passes: usize) -> Classes {
        assert!((1..=255).contains(&passes), "1 to 255 passes");
        let mut order: Vec<usize> = (0..histogram.len()).collect();
        // Largest first; ties by prefix, so the deal is the same every time.
        order.sort_by_key(|&p| (std::cmp::Reverse(histogram[p]), p));
        let mut sizes = vec![0usize; passes];
        let mut class = vec![0u8; histogram.len()];
        for p in order {
            let (k, _) = sizes
                .iter()
                .enumerate()
                .min_by_key(|&(k, &s)| (s, k))
                .expect("at least one pass");
            class[p] = k as u8;
            sizes[k] += histogram[p];
        }
        Classes { class, sizes }
    }
}

/// The near states after square `v` (the `m`-th of rank F) counted by
/// their prefix of `m` squares.
pub(super) fn histogram<K: Key, W: Ways>(
    plan: &Plan,
    prefixes: &Prefixes,
    v: usize,
    m: usize,
    parts: &Parts<K, W>,
    threads: usize,
) -> Vec<usize> {
    let per = parts.len().div_ceil(threads.max(1)).max(1);
    let counted = par(parts.chunks(per).collect(), |chunk| {
        let mut h = vec![0usize; 1 << (2 * m)];
        for &(key, _) in chunk.iter().flatten() {
            h[prefixes.prefix_of_key(plan, v, key)] += 1;
        }
        h
    });
    let mut h = vec![0usize; 1 << (2 * m)];
    for c in counted {
        for (x, y) in h.iter_mut().zip(c) {
            *x += y;
        }
    }
    h
}

/// Deals the states after square `v` to the passes by their prefixes. The
/// table is given back bucket by bucket as it is dealt.
pub(super) fn deal<K: Key>(
    plan: &Plan,
    prefixes: &Prefixes,
    classes: &Classes,
    v: usize,
    table: Table<K>,
    threads: usize,
) -> Vec<Table<K>> {
    on_table!(table, p => deal_parts(plan, prefixes, classes, v, p, threads))
}

fn deal_parts<K: Key, W: Ways>(
    plan: &Plan,
    prefixes: &Prefixes,
    classes: &Classes,
    v: usize,
    parts: Parts<K, W>,
    threads: usize,
) -> Vec<Table<K>> {
    let passes = classes.sizes.len();
    // Each thread deals a run of parts, giving each back once dealt; the
    // dealt parts keep the table's order.
    let per = parts.len().div_ceil(threads.max(1)).max(1);
    let dealt = par(runs(parts, threads), |run| {
        let mut out: Vec<Parts<K, W>> = vec![Vec::with_capacity(run.len()); passes];
        for part in run {
            let mut dealt: Vec<Vec<(K, W)>> = vec![Vec::new(); passes];
            for (key, ways) in part {
                let k = classes.class[prefixes.prefix_of_key(plan, v, key)];
                dealt[usize::from(k)].push((key, ways));
            }
            for (o, mut d) in out.iter_mut().zip(dealt) {
                d.shrink_to_fit();
                o.push(d);
            }
        }
        out
    });
    let mut out: Vec<Parts<K, W>> = vec![Vec::with_capacity(per * dealt.len()); passes];
    for run in dealt {
        for (o, d) in out.iter_mut().zip(run) {
            o.extend(d);
        }
    }
    out.into_iter().map(W::table).collect()
}

/// What the passes of a count share: the count's plan, its near side's
/// crossing phase with the filter of the whole far side, the cut and the
/// square where the passes start, the join's arguments, and the count's
/// checkpoint (its marked plan and path), if it has one.
pub(super) struct Within<'a> {
    pub(super) plan: &'a Plan,
    pub(super) phase: &'a Plan,
    pub(super) prefixes: &'a Prefixes,
    pub(super) cut: usize,
    pub(super) split: usize,
    pub(super) blocked: &'a [bool],
    pub(super) must_end: Option<usize>,
    pub(super) capped: bool,
    /// The far side is listed with its mirror images (see `fold`): the
    /// joins count every tour twice.
    pub(super) halve: bool,
    pub(super) opts: &'a Options<'a>,
    pub(super) checkpoint: Option<(&'a Plan, &'a Path)>,
}

/// Passes dealt at one square at most: one for each number of moves the
/// states can have there (0, 1, 2). More are dealt again a square further
/// on, within each of these (see [`run`]).
pub(super) const FAN: usize = 3;

/// Which pass of how many at each level of passes within passes.
type Name = Vec<(usize, usize)>;

/// Runs the passes from the near states `common` after the square before
/// `w.split`, each walked to the end of rank F by `walk` (squares `range`
/// of the near side's crossing phase from the given states) and joined
/// with the far side `b`; returns the tours, the progress files of the
/// passes and the most states a table held. `far_held` is set to the
/// states held beside each pass's walk: the far side's, and those of the
/// passes still to come unless they wait on disk (with a checkpoint, see
/// [`StartFiles`]).
///
/// At most [`FAN`] passes are dealt at a square, so that the states walked
/// together are few: for more, each of those walks one square further and
/// is dealt again into passes of its own (`FILE.pass-K-of-P.pass-J-of-Q.*`),
/// and so on while the rank lasts, so that `passes` passes or a few more
/// run in all.
///
/// `now` is set to the pass under way while it runs (see [`Pass`]).
pub(super) fn run<K: Key>(
    w: &Within<'_>,
    b: &Backward<K>,
    common: Table<K>,
    far_held: &Cell<usize>,
    now: &Cell<Option<Pass>>,
    walk: impl FnMut(std::ops::Range<usize>, Table<K>) -> Result<Table<K>, Error>,
) -> Result<(BigCount, Vec<JoinFile>, usize), Error> {
    let stash = match &w.checkpoint {
        Some((marked, path)) => Some(StartFiles::beside(marked, path)?),
        None => None,
    };
    let mut passes = Passes {
        w,
        b,
        stash,
        far_held,
        walk,
        most: common.len().max(b.len()),
        now,
        finished: 0,
        done: 0.0,
        of: 0,
    };
    passes.of = passes.leaves(w.opts.passes, w.split);
    let counted = passes.level(common, w.split, w.opts.passes, &Vec::new(), 0, 1.0);
    now.set(None);
    let (tours, files) = counted?;
    Ok((tours, files, passes.most))
}

/// The passes of a count as they run (see [`run`]).
struct Passes<'w, 'a, K, F> {
    w: &'w Within<'a>,
    b: &'w Backward<K>,
    stash: Option<StartFiles<'w>>,
    far_held: &'w Cell<usize>,
    walk: F,
    /// The most states a table held.
    most: usize,
    /// The pass under way, for the progress reports.
    now: &'w Cell<Option<Pass>>,
    /// The passes finished (innermost, as [`Pass::number`] counts them),
    /// their share of the states, and the passes in all.
    finished: usize,
    done: f64,
    of: usize,
}

impl<K: Key, F> Passes<'_, '_, K, F>
where
    F: FnMut(std::ops::Range<usize>, Table<K>) -> Result<Table<K>, Error>,
{
    /// The square where passes within passes dealt at `at` start, if any
    /// (while the rank and the prefixes last), and how many passes each of
    /// those is dealt into.
    fn next(&self, passes: usize, at: usize) -> (usize, Option<usize>) {
        let within = passes.div_ceil(passes.min(FAN));
        (within, self.deeper(at).filter(|_| within > 1))
    }

    /// The square where passes dealt again within a pass dealt at `at`
    /// would start, if the rank and the prefixes reach it.
    fn deeper(&self, at: usize) -> Option<usize> {
        let w = self.w;
        let (cut, end) = (w.cut, w.cut + w.phase.w);
        let longest = w.prefixes.longest().min(MOST_SQUARES);
        Some(at + 1).filter(|&n| n - cut <= longest && n <= end)
    }

    /// The innermost passes that [`Passes::level`] runs for `passes` passes
    /// dealt at `at`.
    fn leaves(&self, passes: usize, at: usize) -> usize {
        let groups = passes.min(FAN);
        match self.next(passes, at) {
            (within, Some(next)) => groups * self.leaves(within, next),
            (_, None) => groups,
        }
    }

    /// Walks the states `start` of pass `name` over the squares `range`
    /// and deals them again into `passes` passes where it ends (see
    /// [`Passes::level`]); returns the pass's tours.
    fn dealt_again(
        &mut self,
        range: std::ops::Range<usize>,
        start: Table<K>,
        passes: usize,
        name: &Name,
        held: usize,
        share: f64,
    ) -> Result<BigCount, Error> {
        let next = range.end;
        let t = (self.walk)(range, start)?;
        give_back();
        self.most = self.most.max(t.len());
        let (joined, inside) = self.level(t, next, passes, name, held, share)?;
        // The pass's sum is kept in its own file (see `level`).
        for f in inside {
            f.remove();
        }
        Ok(joined)
    }

    /// Counts the tours from the near states `table` after the square
    /// before `at`, in about `passes` passes, as pass `name` (empty for the
    /// whole count); `held` states of the passes still to come outside it
    /// are held meanwhile, and `share` is the share of the whole count's
    /// states that `table` holds. Returns the tours and the progress files
    /// made.
    ///
    /// A pass whose walk outgrows `Options::max_states` is dealt again
    /// into [`FAN`] passes a square further on (from its states on disk:
    /// with a checkpoint only), and so on while the prefixes reach.
    fn level(
        &mut self,
        table: Table<K>,
        at: usize,
        passes: usize,
        name: &Name,
        held: usize,
        share: f64,
    ) -> Result<(BigCount, Vec<JoinFile>), Error> {
        let w = self.w;
        let (cut, width) = (w.cut, w.phase.w);
        let end = cut + width;
        let groups = passes.min(FAN);
        let (within, next) = self.next(passes, at);
        let (m, v) = (at - cut, at - 1);
        let histogram =
            on_table!(&table, p => histogram(w.phase, w.prefixes, v, m, p, w.opts.threads));
        let classes = Classes::new(&histogram, groups);
        debug_assert_eq!(classes.sizes.iter().sum::<usize>(), table.len());
        let mut starts = deal(w.phase, w.prefixes, &classes, v, table, w.opts.threads);
        give_back();
        let names: Vec<Name> = (0..groups)
            .map(|k| {
                let mut n = name.clone();
                n.push((k, groups));
                n
            })
            .collect();
        // The progress file of each pass, and the sum of those finished.
        let mut files = Vec::new();
        let mut done = Vec::new();
        for n in &names {
            let file = match &w.checkpoint {
                Some((marked, path)) => {
                    let count = checkpoint::job_for(&marked.signature);
                    let f = JoinFile::for_pass(path, checkpoint::KIND, &count, n)?;
                    done.push(f.finished()?);
                    Some(f)
                }
                None => {
                    done.push(None);
                    None
                }
            };
            files.push(file);
        }
        // The states of the passes to make wait on disk, those of the
        // passes made leave memory.
        for (k, start) in starts.iter_mut().enumerate() {
            if let (None, Some(s)) = (&done[k], &self.stash) {
                s.put(&names[k], at, start)?;
            }
            if done[k].is_some() || self.stash.is_some() {
                *start = Table::W1(Vec::new());
                give_back();
            }
        }
        // Each pass's share of the states (equal shares of none).
        let states: usize = classes.sizes.iter().sum();
        let share_of = |k: usize| match states {
            0 => share / groups as f64,
            _ => share * classes.sizes[k] as f64 / states as f64,
        };
        let mut tours = BigCount::zero();
        // The smallest first: the states dealt to the passes still to come
        // are held meanwhile (without a checkpoint), and fewer of them are
        // left when the largest runs.
        let mut order: Vec<usize> = (0..groups).collect();
        order.sort_by_key(|&k| (classes.sizes[k], k));
        for k in order {
            let joined = match done[k].take() {
                Some(done) => {
                    self.finished += next.map_or(1, |n| self.leaves(within, n));
                    self.done += share_of(k);
                    done
                }
                None => {
                    // (A pass dealt again is told as the first pass in it.)
                    self.now.set(Some(Pass {
                        number: self.finished + 1,
                        of: self.of,
                        done: self.done.min(1.0),
                        share: share_of(k),
                    }));
                    let start = match &self.stash {
                        Some(s) => s.take(&names[k], at)?,
                        None => std::mem::replace(&mut starts[k], Table::W1(Vec::new())),
                    };
                    let inner = held + starts.iter().map(Table::len).sum::<usize>();
                    self.far_held.set(self.b.len() + inner);
                    let f = files[k].as_ref();
                    let joined = match next {
                        Some(next) => self.dealt_again(
                            at..next,
                            start,
                            within,
                            &names[k],
                            inner,
                            share_of(k),
                        )?,
                        None => {
                            let walked = (self.walk)(at..end, start);
                            give_back();
                            let again = self.deeper(at).filter(|_| self.stash.is_some());
                            match (walked, again) {
                                (Ok(a), _) => {
                                    self.most = self.most.max(a.len());
                                    let (plan, blocked, opts, b) =
                                        (w.plan, w.blocked, w.opts, self.b);
                                    let joined = on_table!(&a, p => join(plan, p, b, blocked, w.must_end, w.capped, opts, f))?;
                                    self.finished += 1;
                                    self.done += share_of(k);
                                    if w.halve {
                                        halve(joined)
                                    } else {
                                        joined
                                    }
                                }
                                // A pass that outgrows the memory given is
                                // dealt again into FAN a square on, from its
                                // states on disk, as a count in FAN times as
                                // many passes would have dealt it: its passes
                                // get those names, so that a resumed count
                                // finds the ones finished.
                                (Err(Error::OutOfMemory { .. }), Some(next)) => {
                                    let s = self.stash.as_ref().expect("the states on disk");
                                    let start = s.take(&names[k], at)?;
                                    self.of += FAN - 1;
                                    self.dealt_again(
                                        at..next,
                                        start,
                                        FAN,
                                        &names[k],
                                        inner,
                                        share_of(k),
                                    )?
                                }
                                (Err(e), _) => return Err(e),
                            }
                        }
                    };
                    if let Some(f) = f {
                        f.save(&JoinProgress {
                            done: vec![true],
                            total: joined.clone(),
                            states: 0,
                        })?;
                    }
                    joined
                }
            };
            if let Some(s) = &self.stash {
                s.remove(&names[k]);
            }
            tours += &joined;
        }
        Ok((tours, files.into_iter().flatten().collect()))
    }
}

#[cfg(test)]
mod tests;
