//! The work of a whole count as it runs, for the progress bar (see
//! [`Work`]): squares are a poor measure of it, since the last squares of
//! each walk step the most states (on 8×8 closed tours the first walk and
//! most of the second take a minute of eleven, and the bar counting
//! squares showed 83% done then).

use super::cut;
use super::estimate::{extend, DECAY};
use super::plan::Plan;
use super::{Options, Pass, Progress, Tours};
use crate::Error;

/// The work of a whole count as it runs, in states stepped (a square costs
/// about the states it steps, those held before it): the work done since
/// this process started, and that plus the work projected to come. Fed
/// the count's progress reports, it gives a progress bar its length and
/// its time left.
///
/// The rest of the walk under way is projected as [`Projection`](super::Projection) projects
/// the first walk; a walk still to come is taken to step as many states at
/// each square as the first walk did (times the ratio of the latest squares
/// both have made, once the second walk has begun), and the join of a count
/// met in the middle as [`JOIN_SQUARES`] squares of the walks' last tables
/// (of which the share the join reports done, see [`Work::record_join`],
/// counts as done).
/// It is an estimate: it drifts while a walk's growth changes (the near
/// walk's last rank, which makes the crossing moves, grows more than the
/// far walk's, by 1.7 to 6.5 times on 5×8, 5×10 and 7×8 boards) and settles
/// as the count goes on.
///
/// # Example
/// ```
/// use hetman::knight::frontier::{Work, Options, Progress, Tours};
/// let mut work = Work::new(6, 5, &[false; 30], Tours::Closed, &Options::default()).unwrap();
/// work.record(Progress { step: 1, steps: 30, states: 1, pass: None });
/// work.record(Progress { step: 2, steps: 30, states: 3, pass: None });
/// let (done, all) = work.done_of();
/// assert!(done > 0.0 && all > done);
/// ```
#[derive(Debug, Clone)]
pub struct Work {
    /// The progress steps of each walk, in order (1-based, inclusive).
    walks: Vec<(usize, usize)>,
    /// Squares per rank.
    w: usize,
    /// States after each step reported in this process, by step.
    states: Vec<Option<f64>>,
    /// The last step reported.
    last: usize,
    /// States stepped since this process started.
    done: f64,
    /// Whether a join follows the walks (a count met in the middle).
    join: bool,
    /// The share of the join done, once it has reported.
    joined: Option<f64>,
    /// The forward states of the join, once it has reported.
    join_states: f64,
    /// The pass under way in a count in passes, and the states stepped
    /// before it began.
    pass: Option<Pass>,
    pass_start: f64,
    /// Before the first pass this process ran: the work done and the whole
    /// as estimated then (by one walk with all the states, which is what
    /// the passes step together), or where a resumed count began its
    /// passes: the states stepped and the share of the passes done.
    passes_from: Option<PassesFrom>,
}

#[derive(Debug, Clone, Copy)]
enum PassesFrom {
    Estimated { done: f64, all: f64 },
    Resumed { done: f64, share: f64 },
}

/// The join of a count met in the middle, in squares of its walks' last
/// tables: the join of 8×8 closed tours took as long as four squares
/// stepping the last tables, that of 7×8 closed tours one (measured with
/// `hetman knight count 8 --closed` and `7x8 --closed`, 2026-11-27); that
/// of 7×8 open tours 7 minutes after 6 of walks. The join's own reports
/// (see [`Options::joining`]) carry the bar through it.
pub const JOIN_SQUARES: f64 = 2.0;

impl Work {
    /// The work of the count that [`count`](super::count) runs with these
    /// arguments.
    pub fn new(
        width: u32,
        height: u32,
        blocked: &[bool],
        kind: Tours,
        opts: &Options<'_>,
    ) -> Result<Work, Error> {
        let plan = Plan::new(width, height, blocked, kind)?;
        let w = plan.w;
        let (cut, walks) = cut::walks(&plan, opts.split, opts.periodic);
        let end = walks.last().map_or(0, |&(_, e)| e);
        Ok(Work {
            walks,
            w,
            states: vec![None; end + 2],
            last: 0,
            done: 0.0,
            join: cut.is_some(),
            joined: None,
            join_states: 0.0,
            pass: None,
            pass_start: 0.0,
            passes_from: None,
        })
    }

    /// Takes a progress report of the count.
    pub fn record(&mut self, p: Progress) {
        if p.step == 0 || p.step == self.last || p.step >= self.states.len() {
            return;
        }
        if p.step < self.last {
            // The count started again (with wider counts): what it held is
            // gone, the work done stays done.
            self.states.iter_mut().for_each(|s| *s = None);
            self.joined = None;
        }
        if p.pass != self.pass {
            if let (None, Some(pass)) = (self.passes_from, p.pass) {
                let (done, all) = self.done_of();
                self.passes_from = Some(if done > 0.0 && all > done {
                    PassesFrom::Estimated { done, all }
                } else {
                    PassesFrom::Resumed {
                        done: self.done,
                        share: pass.done,
                    }
                });
            }
            self.pass = p.pass;
            self.pass_start = self.done;
        }
        let states = p.states.max(1) as f64;
        // The square stepped the states held before it.
        let before = if self.walks.iter().any(|&(first, _)| first == p.step) {
            // A walk starts from one state.
            1.0
        } else {
            self.states[p.step - 1].unwrap_or(states)
        };
        self.done += before;
        self.states[p.step] = Some(states);
        self.last = p.step;
    }

    /// Takes a report of the join (see [`Options::joining`]): `done` of
    /// `all` forward states joined.
    /// A join reports only once the walks are over; a count resumed
    /// straight into its join has reported nothing else, and its join's
    /// forward states then stand for the work left.
    pub fn record_join(&mut self, done: usize, all: usize) {
        self.joined = Some(done.min(all) as f64 / all.max(1) as f64);
        self.join_states = all as f64;
        let walks_end = self.walks.last().map_or(0, |&(_, e)| e);
        self.last = self.last.max(walks_end);
    }

    /// The states stepped since this process started, and that plus the
    /// states projected to be stepped until the count ends. In the join,
    /// the share of it reported done counts as done.
    ///
    /// In a count in passes (see [`Pass`]), the passes together are taken
    /// to cost what the walk and the join with all the states were
    /// estimated to cost before they began, and to cost their shares of
    /// it; the share of the pass under way done is estimated as above. A
    /// count resumed in its passes takes the passes still to come to cost
    /// what those it has run cost for their shares.
    pub fn done_of(&self) -> (f64, f64) {
        let left = self.left();
        let in_join = self.walks.iter().all(|&(_, e)| self.last >= e);
        let (done, all) = match self.joined.filter(|_| in_join) {
            Some(share) => (self.done + share * left, self.done + left),
            None => (self.done, self.done + left),
        };
        let (Some(p), Some(from)) = (self.pass, self.passes_from) else {
            return (done, all);
        };
        // The share of the passes done, this one's as far as it has got.
        let this = all - self.pass_start;
        let got = if this > 0.0 {
            ((done - self.pass_start) / this).clamp(0.0, 1.0)
        } else {
            0.0
        };
        let share = (p.done + p.share * got).min(1.0);
        match from {
            PassesFrom::Estimated { done: d0, all: a0 } => {
                let passes = a0 - d0;
                (d0 + passes * share, a0)
            }
            PassesFrom::Resumed {
                done: d0,
                share: s0,
            } => {
                let run = share - s0;
                if run <= 0.0 {
                    return (done, all);
                }
                let whole = (done - d0) / run;
                (done, d0 + whole * (1.0 - s0))
            }
        }
    }

    /// The pass under way, in a count in passes.
    pub fn pass(&self) -> Option<Pass> {
        self.pass
    }

    /// The states the walk under way holds after its squares seen, from its
    /// first step.
    fn seen(&self, (first, end): (usize, usize)) -> Vec<f64> {
        let mut seen = Vec::new();
        for s in first..=end.min(self.last) {
            match self.states[s] {
                Some(x) => seen.push(x),
                None => seen.clear(),
            }
        }
        seen
    }

    fn left(&self) -> f64 {
        let walks_end = self.walks.last().map_or(0, |&(_, e)| e);
        let Some(at) = self.walks.iter().position(|&(_, e)| self.last < e) else {
            // Only the join is left, or nothing.
            if !self.join || self.last > walks_end {
                return 0.0;
            }
            let finals: f64 = self.walks.iter().filter_map(|&(_, e)| self.states[e]).sum();
            if finals == 0.0 {
                // Resumed in the join: its states are the unit of the work.
                return self.join_states;
            }
            return JOIN_SQUARES * finals;
        };
        let (first, end) = self.walks[at];
        // Squares of this walk made, and the states after the last of them.
        let made = self.last.saturating_sub(first - 1);
        let now = self.states[self.last].filter(|_| made > 0).unwrap_or(1.0);
        let full = |&(a, e): &(usize, usize)| {
            (a..=e)
                .map(|s| self.states[s])
                .collect::<Option<Vec<f64>>>()
        };
        let (left, finals) = match (at, self.walks.first().and_then(full)) {
            // The first walk's shape, scaled to where this walk is.
            (1.., Some(f)) => {
                // Square i of this walk as square i of the first (the walks
                // start at the two ends of the board, and a longer one as its
                // last square beyond).
                let at = |i: usize| f.get(i).or(f.last()).copied().unwrap_or(1.0);
                let ratio = if made > 0 { now / at(made - 1) } else { 1.0 };
                let squares = end + 1 - first;
                let inputs: f64 = (made.max(1) - 1..squares - 1).map(at).sum();
                let start = if made == 0 { 1.0 } else { 0.0 };
                (
                    start + inputs * ratio,
                    at(squares - 1) * ratio + at(f.len() - 1),
                )
            }
            // A later walk not begun, in a count resumed after the first
            // walk's early squares: its shape is unknown here, so take each
            // of its squares to step what the walk before it ended with.
            (1.., None) if made == 0 && self.states[self.walks[at - 1].1].is_some() => {
                let prev = self.states[self.walks[at - 1].1].unwrap_or(1.0);
                let squares = (end + 1 - first) as f64;
                (prev * squares, 2.0 * prev)
            }
            _ => {
                let seen = self.seen((first, end));
                let m = seen.len();
                let growth = if m > self.w {
                    now / seen[m - 1 - self.w]
                } else {
                    1.0
                };
                let before = if m > 2 * self.w {
                    seen[m - 1 - self.w] / seen[m - 1 - 2 * self.w]
                } else {
                    1.0
                };
                let decay = if growth > 1.0 && before > 1.0 {
                    (growth.ln() / before.ln()).clamp(0.0, DECAY)
                } else {
                    DECAY
                };
                let (rest, last) =
                    extend(now, growth, decay, self.w, end - self.last.max(first - 1));
                // The walks to come step as many states as this one.
                let later = (self.walks.len() - at - 1) as f64;
                let whole = seen.iter().sum::<f64>() + rest;
                (rest + whole * later, last * (later + 1.0))
            }
        };
        if self.join {
            left + JOIN_SQUARES * finals
        } else {
            left
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knight::frontier::count;
    use std::sync::Mutex;

    /// The progress reports of a real count.
    fn reports(w: u32, h: u32, kind: Tours) -> Vec<Progress> {
        reports_in(w, h, kind, 1)
    }

    /// The progress reports of a real count in `passes` passes.
    fn reports_in(w: u32, h: u32, kind: Tours, passes: usize) -> Vec<Progress> {
        let seen = Mutex::new(Vec::new());
        let show = |p: Progress| seen.lock().unwrap().push(p);
        let o = Options {
            progress: Some(&show),
            passes,
            ..Options::default()
        };
        count(w, h, &vec![false; (w * h) as usize], kind, &o).unwrap();
        seen.into_inner().unwrap()
    }

    #[test]
    fn work_estimates_settle_near_the_work_done() {
        for (w, h, kind) in [
            (7, 6, Tours::OpenDirected),
            (6, 7, Tours::Closed),
            (6, 6, Tours::OpenDirected),
            (5, 16, Tours::Closed),
        ] {
            let reports = reports(w, h, kind);
            let blocked = vec![false; (w * h) as usize];
            let mut work = Work::new(w, h, &blocked, kind, &Options::default()).unwrap();
            let mut estimates = Vec::new();
            let mut done = 0.0;
            for &p in &reports {
                work.record(p);
                let (d, all) = work.done_of();
                assert!(d >= done && all >= d, "{w}x{h}: {d} of {all}");
                done = d;
                estimates.push(all);
            }
            // The whole: the walks' work, known exactly once they are done,
            // and the join's as the estimate takes it (the reports do not
            // show it).
            let total = estimates[reports.len() - 2];
            // From two thirds of the squares on, within three times the
            // whole (counting squares instead, a count met in the middle
            // is half done when its first walk ends, with a few percent of
            // the work done).
            for (i, e) in estimates.iter().enumerate().skip(reports.len() * 2 / 3) {
                assert!(
                    *e > total / 3.0 && *e < total * 3.0,
                    "{w}x{h} {kind:?} after report {i}: estimated {e}, done {total}"
                );
            }
        }
    }

    /// Each pass walks the near side's last squares again: the passes to
    /// come count as work left (the estimate once took the first pass's
    /// end for the count's and showed 90-100 % for hours).
    #[test]
    fn the_passes_to_come_are_work_left() {
        let (w, h, kind) = (5, 8, Tours::OpenDirected);
        let reports = reports_in(w, h, kind, 9);
        let free = vec![false; (w * h) as usize];
        let mut work = Work::new(w, h, &free, kind, &Options::default()).unwrap();
        // The states stepped, as a count that did not tell its passes
        // would count them.
        let mut stepped = Work::new(w, h, &free, kind, &Options::default()).unwrap();
        // A count resumed in its fourth pass sees the reports from there on.
        let mut resumed = Work::new(w, h, &free, kind, &Options::default()).unwrap();
        let mut resumed_seen = Vec::new();
        let mut seen = Vec::new();
        for &p in &reports {
            work.record(p);
            stepped.record(Progress { pass: None, ..p });
            if p.pass.is_some_and(|p| p.number >= 4) {
                resumed.record(p);
                let (done, all) = resumed.done_of();
                resumed_seen.push((p.pass, done, all, stepped.done));
            }
            let (done, all) = work.done_of();
            seen.push((p.pass, done, all, stepped.done));
        }
        let total = stepped.done;
        let numbers: Vec<usize> = seen.iter().filter_map(|s| s.0).map(|p| p.number).collect();
        assert_eq!(numbers.first(), Some(&1));
        assert!(numbers.windows(2).all(|n| n[0] <= n[1]), "{numbers:?}");
        for (pass, done, all, stepped) in seen.iter().filter(|s| s.0.is_some()) {
            let p = pass.unwrap();
            // Within three times the whole, and the share done near the
            // share of the states stepped (the first pass's reports once
            // showed 100 %, with 53 % stepped).
            assert!(
                *all > total / 3.0 && *all < total * 3.0,
                "pass {p:?}: estimated {all}, done {total}"
            );
            assert!(
                (done / all - stepped / total).abs() < 0.15,
                "pass {p:?}: {done} of {all}, {stepped} of {total} stepped"
            );
        }
        // Resumed: once a pass is done here, the work left is projected
        // from it, within three times what the count went on to step.
        let from = resumed_seen[0].3;
        let first = resumed_seen[0].0.map(|p| p.number);
        for (pass, done, all, _) in &resumed_seen {
            if pass.map(|p| p.number) == first {
                continue;
            }
            let left = all - done;
            let p = pass.unwrap();
            assert!(
                *all > (total - from) / 3.0 && *all < (total - from) * 3.0,
                "resumed, pass {p:?}: estimated {all} ({left} left), stepped {}",
                total - from
            );
        }
    }

    #[test]
    fn the_join_reports_its_share_and_the_work_counts_it_done() {
        // A count met in the middle whose join holds work: 6x6 open tours.
        let (w, h, kind) = (6, 6, Tours::OpenDirected);
        let blocked = vec![false; (w * h) as usize];
        let joins = Mutex::new(Vec::new());
        let hear = |done: usize, all: usize| joins.lock().unwrap().push((done, all));
        let o = Options {
            joining: Some(&hear),
            ..Options::default()
        };
        let c = count(w, h, &blocked, kind, &o).unwrap();
        assert!(c.split);
        let joins = joins.into_inner().unwrap();
        // The join ends with all its forward states joined.
        let &(done, all) = joins.last().expect("the join reports at its end");
        assert!(all > 0 && done == all, "{joins:?}");
        assert!(joins.iter().all(|&(d, a)| a == all && d <= a), "{joins:?}");

        // Fed to the work estimate after the walks, the join's share moves
        // the work done and leaves the whole as it was.
        let mut work = Work::new(w, h, &blocked, kind, &Options::default()).unwrap();
        let reports = reports(w, h, kind);
        // The last report comes after the join.
        for &p in &reports[..reports.len() - 1] {
            work.record(p);
        }
        let (walks, whole) = work.done_of();
        assert!(whole > walks, "{walks} of {whole}");
        work.record_join(all / 2, all);
        let (half, same) = work.done_of();
        assert_eq!(same, whole);
        assert!(
            (half - (walks + whole) / 2.0).abs() < 1e-6 * whole,
            "{half}"
        );
        work.record_join(all, all);
        assert_eq!(work.done_of(), (whole, whole));
    }

    /// A count resumed at the end of its first walk has not seen that walk's
    /// shape: the second walk is still work to come, not nothing.
    #[test]
    fn a_count_resumed_after_its_first_walk_still_has_its_second_to_do() {
        let (w, h, kind) = (5, 8, Tours::OpenDirected);
        let blocked = vec![false; (w * h) as usize];
        let reports = reports(w, h, kind);
        let mut whole = Work::new(w, h, &blocked, kind, &Options::default()).unwrap();
        assert_eq!(whole.walks.len(), 2, "a count met in the middle, two walks");
        let far_end = whole.walks[0].1;
        let mut resumed = Work::new(w, h, &blocked, kind, &Options::default()).unwrap();
        for &p in reports.iter().filter(|p| p.step <= far_end) {
            whole.record(p);
            if p.step + 1 >= far_end {
                resumed.record(p);
            }
        }
        let left = |work: &Work| {
            let (done, all) = work.done_of();
            all - done
        };
        assert!(
            left(&resumed) > 0.25 * left(&whole),
            "{} left after a resume, {} seen from the start",
            left(&resumed),
            left(&whole)
        );
    }

    /// A count resumed in its join hears of nothing but the join: the bar
    /// follows the join's share (it showed 0% through a whole 8x9 join).
    #[test]
    fn a_count_resumed_in_its_join_shows_the_share_joined() {
        let (w, h, kind) = (6, 6, Tours::OpenDirected);
        let mut work = Work::new(w, h, &[false; 36], kind, &Options::default()).unwrap();
        work.record_join(0, 1000);
        let (done, all) = work.done_of();
        assert!(done == 0.0 && all > 0.0, "{done} of {all}");
        work.record_join(250, 1000);
        let (done, all) = work.done_of();
        assert!((done / all - 0.25).abs() < 1e-9, "{done} of {all}");
        work.record_join(1000, 1000);
        let (done, all) = work.done_of();
        assert!(all > 0.0 && done == all, "{done} of {all}");
    }
}
