//! Long boards: the transfer matrix of the repeating ranks.
//!
//! On a `k × n` board with `n` much larger than `k`, every square in the
//! middle ranks sees the same moves, the same free neighbours ahead and the
//! same colour balance as the square one rank (or, for odd `k`, two ranks)
//! before it: the plan repeats with a period of `p` squares. So does the
//! step from one table of states to the next. Instead of expanding, hashing
//! and merging every state at every square, the sweep then lists once the
//! states that can occur at each of the `p` positions of a period (the
//! closure of the states it holds under the steps of one period, so that no
//! later period can make a state outside it) with their successors, and
//! from there each square is a sparse matrix applied to a vector of counts:
//! every count is the sum of the counts of its predecessors. The states of
//! the closure that a square cannot reach hold zero and cost only their
//! place in the vector.
//!
//! The 40 rows of the 6 × n closed tours (`hetman knight table 6 --closed
//! --to 40`) took 8.8 s this way against 108 s square by square, those of
//! the open tours 7.7 minutes on one thread against about 16 (projected), and the
//! counts of long boards (and the rows of
//! `count_table`) grow linearly in `n` at a small
//! cost per square.

use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use std::path::Path;
use std::sync::atomic::Ordering;
use std::time::Instant;

use super::checkpoint::{checkpoint_error, save_table, Half};
use super::closure::Closure;
use super::key::{par, state_overflow, Key, MixHasher};
use super::plan::Plan;
use super::ways::{Limbs, Sum, Table, Ways, MARGIN, MAX_BITS};
use super::{BigCount, Options, Progress};
use crate::Error;

/// The fewest whole periods ahead for which building the closure pays.
pub(super) const MIN_PERIODS: usize = 3;

/// Whether square `a` and square `b` are stepped alike: the same moves
/// back, the same squares leaving, the same free neighbours ahead (as the
/// plan counts them) and the same colour balance to come.
fn same_square(plan: &Plan, a: usize, b: usize) -> bool {
    plan.blocked[a] == plan.blocked[b]
        && plan.back[a] == plan.back[b]
        && plan.departs[a] == plan.departs[b]
        && (plan.remaining_after[a] == 0) == (plan.remaining_after[b] == 0)
        && [1, -1]
            .into_iter()
            .any(|sign| same_colours(plan, a, b, sign) && same_fixed_end(plan, a, b, sign))
        && plan.touched[a] == plan.touched[b]
        && plan.readoff[a] == plan.readoff[b]
}

/// Whether the free neighbours ahead and the colours of two squares agree,
/// with the colours of the second turned over when `sign` is -1 (a square one
/// rank on, on a board of even width). Turning every colour over changes no
/// step: the colour tests only ask that the light and dark squares balance.
fn same_colours(plan: &Plan, a: usize, b: usize, sign: i8) -> bool {
    let window = plan.window + 1;
    let look = |v: usize| &plan.look[v * window..(v + 1) * window];
    let turn = |l: i8| match l {
        0 => 0,
        l if l > 0 => l - 4 + sign * 4,
        l => l + 4 - sign * 4,
    };
    let balance = plan.unprocessed_balance[a] == i32::from(sign) * plan.unprocessed_balance[b];
    (plan.relaxed || balance) && look(a).iter().zip(look(b)).all(|(&x, &y)| x == turn(y))
}

/// Whether a fixed tour end (see [`Plan::fix_end`]) is in the same place for
/// squares `a` and `b`: both before it, both after it has left, or at the
/// same slot; and, with the colours turned over (`sign` -1), only after it
/// has left, since its colour counts in the tests until then.
fn same_fixed_end(plan: &Plan, a: usize, b: usize, sign: i8) -> bool {
    use super::plan::Fixed;
    let Some(x) = &plan.fixed else {
        return true;
    };
    let leaves = |v: usize| x.departs.is_some_and(|(d, _)| d == v);
    x.at[a] == x.at[b] && !leaves(a) && !leaves(b) && (sign == 1 || x.at[a] == Fixed::GONE)
}

/// For each square `v`, the number of squares from `v` on that are stepped
/// alike to the square a whole number of periods of `p` squares before
/// them, back to the first period `v..v + p` (0 when square `v + p` differs
/// from `v`): the matrices of that period step them all, whole periods
/// or not.
pub(super) fn spans_from(plan: &Plan, p: usize) -> Vec<usize> {
    let cells = plan.cells;
    // run[v]: how many squares from v on equal the square p after them.
    let mut run = vec![0usize; cells + 1];
    for v in (0..cells).rev() {
        run[v] = if v + p < cells && same_square(plan, v, v + p) {
            run[v + 1] + 1
        } else {
            0
        };
    }
    // Squares v..v+run[v] equal the square p after them, so squares
    // v..v+run[v]+p all equal their counterpart in the first period.
    (0..cells)
        .map(|v| if run[v] < p { 0 } else { run[v] + p })
        .collect()
}

/// The periods the plan may repeat with, one rank or two (where the
/// colours of the ranks do not balance), each with [`spans_from`]; none
/// in a split count (whose crossing phase does not repeat) or on a plan
/// that never repeats [`MIN_PERIODS`] times.
pub(super) fn periods(plan: &Plan) -> Vec<(usize, Vec<usize>)> {
    if plan.prefixes.is_some() || plan.cells < 2 {
        return Vec::new();
    }
    [plan.w, 2 * plan.w]
        .into_iter()
        .map(|p| (p, spans_from(plan, p)))
        .filter(|(p, m)| m.iter().any(|&m| m >= MIN_PERIODS * p))
        .collect()
}

/// The widest frontier for which a count gives up meeting in the middle
/// for the matrices: measured on 6-wide boards (closed tours: 5.9 million
/// states in the closure; open tours: 80 million, 7.6 GB at the peak). On
/// 7-wide boards the closure of the closed tours passed 195 million states
/// (the cap of 22 GB of memory) after 2.5 minutes and did not fit, so the
/// count would run front to back square by square (about 14 s a square on
/// one thread, at 8 to 30 million states a square). (Tables always run
/// front to back, and use the matrices where the closure fits.)
pub(super) const LONG_WIDTH: usize = 6;

/// The fewest repeating ranks for which a count runs front to back with the
/// matrices rather than meeting in the middle (measured on 6-wide boards:
/// see `bench/knight-columns.sh`).
pub(super) const LONG_RANKS: usize = 12;

/// Whether a count of this board runs front to back with the matrices of
/// its repeating ranks rather than meeting in the middle.
pub(super) fn long(plan: &Plan) -> bool {
    plan.w <= LONG_WIDTH
        && periods(plan)
            .iter()
            .any(|(_, m)| m.iter().max().copied().unwrap_or(0) >= LONG_RANKS * plan.w)
}

/// The first square from which the plan repeats [`MIN_PERIODS`] times (the
/// end of the board when it never does).
pub(super) fn start(plan: &Plan) -> usize {
    periods(plan)
        .iter()
        .filter_map(|(p, m)| m.iter().position(|&m| m >= MIN_PERIODS * p))
        .min()
        .unwrap_or(plan.cells)
}

/// The closure of a table under one period, with the steps as matrices.
pub(super) struct Transfer<K> {
    /// The first square of the period.
    v0: usize,
    /// The states at each position of the period (before its square).
    keys: Vec<Vec<K>>,
    /// For position `i`: the predecessors (at position `i`) of each state at
    /// position `i + 1` (mod p), as offsets into `preds[i]`.
    starts: Vec<Vec<u32>>,
    preds: Vec<Vec<u32>>,
    /// For position `i`: the states (once per finished tour) whose step
    /// finishes a tour.
    fin: Vec<Vec<u32>>,
    /// For position `i`: the bits a count can grow by in its step (the
    /// base-2 logarithm of the most predecessors of one state, rounded up).
    grow: Vec<u64>,
}

type Index<K> = HashMap<K, u32, BuildHasherDefault<MixHasher>>;

impl<K: Key> Transfer<K> {
    /// The matrices of the steps of `closure` (built by
    /// [`closure`](super::closure::closure) from square `v0`), put together
    /// on `threads` threads.
    pub(super) fn new(closure: Closure<K>, v0: usize, threads: usize) -> Transfer<K> {
        let Closure { keys, edges, fin } = closure;
        let p = keys.len();
        // Each position's edges as the predecessors of each successor, the
        // positions on the threads in turn.
        let mut jobs: Vec<Vec<(usize, Edges)>> =
            (0..threads.clamp(1, p)).map(|_| Vec::new()).collect();
        let count = jobs.len();
        for (i, e) in edges.into_iter().enumerate() {
            jobs[i % count].push((i, e));
        }
        let sizes: Vec<usize> = (0..p).map(|i| keys[(i + 1) % p].len()).collect();
        let mut done: Vec<(usize, Predecessors)> = par(jobs, |job| {
            job.into_iter()
                .map(|(i, e)| (i, predecessors(e, sizes[i])))
                .collect::<Vec<_>>()
        })
        .into_iter()
        .flatten()
        .collect();
        done.sort_unstable_by_key(|&(i, _)| i);
        let (mut starts, mut preds, mut grow) = (Vec::new(), Vec::new(), Vec::new());
        for (_, (start, pred, g)) in done {
            starts.push(start);
            preds.push(pred);
            grow.push(g);
        }
        Transfer {
            v0,
            keys,
            starts,
            preds,
            fin,
            grow,
        }
    }

    /// The states held at every position of the period.
    pub(super) fn states(&self) -> usize {
        self.keys.iter().map(Vec::len).sum()
    }

    fn p(&self) -> usize {
        self.keys.len()
    }
}

#[cfg(test)]
thread_local! {
    /// Runs of [`run`] on this thread, for the tests to see they took this way.
    pub(super) static RUNS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// The edges of one step: (successor, state).
type Edges = Vec<(u32, u32)>;
/// The predecessors of a step's successors: offsets, states, and the bits
/// a count can grow by.
type Predecessors = (Vec<u32>, Vec<u32>, u64);

/// The edges `(successor, state)` of one step as the predecessors of each
/// of its `n` successors (their offsets, then the states), with the bits a
/// count can grow by in the step (the base-2 logarithm of the most
/// predecessors of one state, rounded up).
fn predecessors(e: Edges, n: usize) -> Predecessors {
    let mut start = vec![0u32; n + 1];
    for &(d, _) in &e {
        start[d as usize + 1] += 1;
    }
    let most = start.iter().copied().max().unwrap_or(0);
    let grow = u64::from(most.max(1).next_power_of_two().trailing_zeros());
    for j in 0..n {
        start[j + 1] += start[j];
    }
    let mut at = start.clone();
    let mut pred = vec![0u32; e.len()];
    for (d, s) in e {
        pred[at[d as usize] as usize] = s;
        at[d as usize] += 1;
    }
    (start, pred, grow)
}

/// Counts held at one position of the period, in one width.
enum Column {
    W1(Vec<u64>),
    W2(Vec<Limbs<2>>),
    W4(Vec<Limbs<4>>),
    W8(Vec<Limbs<8>>),
    W16(Vec<Limbs<16>>),
    W32(Vec<Limbs<32>>),
    W64(Vec<Limbs<64>>),
}

fn convert<A: Ways, B: Ways>(x: Vec<A>) -> Vec<B> {
    x.into_iter()
        .map(|w| B::from_limbs(w.limbs()).expect("a wider count holds it"))
        .collect()
}

impl Column {
    fn of<W: Ways>(x: Vec<W>) -> Column {
        match W::LIMBS {
            1 => Column::W1(convert(x)),
            2 => Column::W2(convert(x)),
            4 => Column::W4(convert(x)),
            8 => Column::W8(convert(x)),
            16 => Column::W16(convert(x)),
            32 => Column::W32(convert(x)),
            _ => Column::W64(convert(x)),
        }
    }

    fn widen(self) -> Result<Column, Error> {
        Ok(match self {
            Column::W1(x) => Column::W2(convert(x)),
            Column::W2(x) => Column::W4(convert(x)),
            Column::W4(x) => Column::W8(convert(x)),
            Column::W8(x) => Column::W16(convert(x)),
            Column::W16(x) => Column::W32(convert(x)),
            Column::W32(x) => Column::W64(convert(x)),
            Column::W64(_) => {
                return Err(Error::TooLarge {
                    reason: format!("the tour count may exceed {MAX_BITS} bits"),
                })
            }
        })
    }
}

/// What one run over the repeating ranks needs from the sweep around it.
pub(super) struct Sweep<'a, 'b> {
    pub(super) plan: &'a Plan,
    /// The plan whose identity the checkpoints carry (see `sweep::Walk`).
    pub(super) signed: &'a Plan,
    /// The progress steps in all.
    pub(super) steps: usize,
    pub(super) opts: &'a Options<'b>,
    pub(super) rows: &'a mut dyn FnMut(usize, BigCount) -> Result<(), Error>,
    pub(super) total: &'a mut BigCount,
    pub(super) peak: &'a mut usize,
    pub(super) last_save: &'a mut Instant,
}

/// Runs squares `tr.v0 .. end` by the matrices (squares that repeat the
/// period's, see [`spans_from`]), starting from `table` (the states before
/// square `tr.v0`). Returns the table of the states after the last of them.
pub(super) fn run<K: Key>(
    tr: &Transfer<K>,
    table: Table<K>,
    end: usize,
    sw: &mut Sweep<'_, '_>,
) -> Result<Table<K>, Error> {
    #[cfg(test)]
    RUNS.with(|r| r.set(r.get() + 1));
    let mut column = super::ways::on_table!(table, parts => {
        let index: Index<K> = tr.keys[0]
            .iter()
            .enumerate()
            .map(|(i, &k)| (k, i as u32))
            .collect();
        let mut x = vec![Ways::zero(); tr.keys[0].len()];
        for (k, c) in parts.into_iter().flatten() {
            let i = index[&k] as usize;
            x[i] = Ways::checked_add(x[i], c).ok_or_else(state_overflow)?;
        }
        Column::of(x)
    });
    let mut v = tr.v0;
    loop {
        let step = match column {
            Column::W1(x) => drive(tr, x, &mut v, end, sw)?,
            Column::W2(x) => drive(tr, x, &mut v, end, sw)?,
            Column::W4(x) => drive(tr, x, &mut v, end, sw)?,
            Column::W8(x) => drive(tr, x, &mut v, end, sw)?,
            Column::W16(x) => drive(tr, x, &mut v, end, sw)?,
            Column::W32(x) => drive(tr, x, &mut v, end, sw)?,
            Column::W64(x) => drive(tr, x, &mut v, end, sw)?,
        };
        match step {
            Drive::Done(t) => return Ok(t),
            Drive::Wider(c) => column = c.widen()?,
        }
    }
}

enum Drive<K> {
    /// The states after the last square.
    Done(Table<K>),
    /// The counts at square `v` need a wider width first.
    Wider(Column),
}

/// The states of position `i` with their counts as a table (nonzero counts only).
fn table_of<K: Key, W: Ways>(keys: &[K], x: &[W]) -> Table<K> {
    let zero = W::zero();
    let parts: Vec<Vec<(K, W)>> = keys
        .chunks(1 << 16)
        .zip(x.chunks(1 << 16))
        .map(|(ks, xs)| {
            ks.iter()
                .zip(xs)
                .filter(|&(_, c)| *c != zero)
                .map(|(&k, &c)| (k, c))
                .collect::<Vec<_>>()
        })
        .filter(|c: &Vec<(K, W)>| !c.is_empty())
        .collect();
    W::table(parts)
}

/// Applies squares from `*v` on while the counts fit `W`.
fn drive<K: Key, W: Ways>(
    tr: &Transfer<K>,
    mut x: Vec<W>,
    v: &mut usize,
    end: usize,
    sw: &mut Sweep<'_, '_>,
) -> Result<Drive<K>, Error> {
    let p = tr.p();
    let threads = sw.opts.threads.max(1);
    let mut high = x.iter().fold(W::zero(), |a, &b| a.or(b)).bits();
    while *v < end {
        let i = (*v - tr.v0) % p;
        let n = (i + 1) % p;
        if high + tr.grow[i] + MARGIN > 64 * W::LIMBS as u64 {
            return Ok(Drive::Wider(Column::of(x)));
        }
        if sw.opts.stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
            save(sw, *v, &tr.keys[i], &x)?;
            return Err(Error::Interrupted);
        }
        let mut finished = Sum::default();
        for &s in &tr.fin[i] {
            finished.add(x[s as usize]);
        }
        let size = tr.keys[n].len();
        let mut y = vec![W::zero(); size];
        let chunk = size.div_ceil(threads).max(1);
        let (start, pred) = (&tr.starts[i], &tr.preds[i]);
        let x_ref = &x;
        let jobs: Vec<_> = y.chunks_mut(chunk).enumerate().collect();
        let got = par(jobs, |(c, ys)| -> Result<(W, usize), Error> {
            let mut or = W::zero();
            let mut live = 0;
            let first = c * chunk;
            for (j, y) in ys.iter_mut().enumerate() {
                let j = first + j;
                let mut sum = W::zero();
                for &s in &pred[start[j] as usize..start[j + 1] as usize] {
                    sum = sum
                        .checked_add(x_ref[s as usize])
                        .ok_or_else(state_overflow)?;
                }
                *y = sum;
                or = or.or(sum);
                live += usize::from(sum != W::zero());
            }
            Ok((or, live))
        });
        let mut or = W::zero();
        let mut states = 0;
        for g in got {
            let (o, l) = g?;
            or = or.or(o);
            states += l;
        }
        high = or.bits();
        x = y;
        let finished = finished.total();
        if sw.plan.readoff[*v] {
            (sw.rows)(*v, finished)?;
        } else {
            *sw.total += &finished;
        }
        *v += 1;
        *sw.peak = (*sw.peak).max(states);
        if let Some(progress) = sw.opts.progress {
            progress(Progress {
                step: *v,
                steps: sw.steps,
                states,
                pass: None,
            });
        }
        if sw.opts.checkpoint.is_some()
            && *v < sw.plan.cells
            && sw.last_save.elapsed() >= sw.opts.checkpoint_every
        {
            save(sw, *v, &tr.keys[n], &x)?;
            *sw.last_save = Instant::now();
        }
    }
    let i = (*v - tr.v0) % p;
    Ok(Drive::Done(table_of(&tr.keys[i], &x)))
}

/// Saves the states before square `v` to the checkpoint, if there is one.
fn save<K: Key, W: Ways>(sw: &Sweep<'_, '_>, v: usize, keys: &[K], x: &[W]) -> Result<(), Error> {
    let Some(path): Option<&Path> = sw.opts.checkpoint else {
        return Ok(());
    };
    let table = table_of(keys, x);
    save_table(sw.signed, path, v, sw.total, &table, None, Half::Near(None))
        .map_err(|e| checkpoint_error(path, e))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knight::frontier::Tours;

    #[test]
    fn the_middle_ranks_of_a_long_board_repeat_rank_by_rank() {
        // One rank turns every colour over, which changes no step.
        let plan = Plan::new(6, 20, &[false; 120], Tours::Closed).unwrap();
        let found = periods(&plan);
        assert_eq!(found[0].0, 6);
        // From the third rank to the last three or so.
        assert_eq!(found[0].1.iter().max(), Some(&95));
        // A blocked square unbalances the colours before it: there the
        // plan repeats every two ranks, and after it every rank.
        let mut blocked = [false; 120];
        blocked[60] = true;
        let plan = Plan::new(6, 20, &blocked, Tours::Closed).unwrap();
        let found = periods(&plan);
        let at = |v: usize| found.iter().map(|(p, m)| (*p, m[v])).collect::<Vec<_>>();
        // (Squares counted from each: up to where they stop repeating.)
        assert_eq!(at(13), [(6, 0), (12, 36)]);
        assert_eq!(at(74), [(6, 34), (12, 34)]);
    }

    fn both_ways(w: u32, h: u32, blocked: &[bool], kind: Tours, threads: usize) -> [BigCount; 2] {
        [false, true].map(|periodic| {
            let before = RUNS.with(|r| r.get());
            let opts = Options {
                threads,
                split: false,
                periodic,
                ..Options::default()
            };
            let c = super::super::count(w, h, blocked, kind, &opts)
                .unwrap()
                .tours;
            let runs = RUNS.with(|r| r.get()) - before;
            assert_eq!(runs, usize::from(periodic), "{w}x{h} {kind:?}");
            c
        })
    }

    #[test]
    fn the_matrices_count_what_the_steps_count() {
        for (w, h) in [(1, 12), (2, 14), (3, 16), (3, 30), (4, 14), (5, 12), (6, 9)] {
            for kind in [Tours::Closed, Tours::OpenDirected, Tours::OpenUndirected] {
                if w >= 5 && kind != Tours::Closed {
                    // Wider open tours front to back take many seconds.
                    continue;
                }
                let cells = (w * h) as usize;
                let [plain, fast] = both_ways(w, h, &vec![false; cells], kind, 2);
                assert_eq!(plain, fast, "{w}x{h} {kind:?}");
            }
        }
        // 4 x 20: 1 blocked square, so the ranks repeat every rank after it
        // and every two ranks before it.
        let mut blocked = vec![false; 80];
        blocked[37] = true;
        for kind in [Tours::Closed, Tours::OpenDirected] {
            let [plain, fast] = both_ways(4, 20, &blocked, kind, 1);
            assert_eq!(plain, fast, "4x20 blocked {kind:?}");
        }
    }
}
