//! What a count will hold and take, projected from its first squares: the
//! figures behind refusing, up front, a count that cannot fit.
//!
//! The states of a frontier count grow by a large factor per rank while the
//! frontier fills, then the growth falls off quickly (on the boards measured
//! here the logarithm of the growth per rank shrank to 0.2-0.8 of the rank
//! before's). The projection follows the last rank's growth with its
//! logarithm shrinking by the smaller of the observed ratio and 0.45 per
//! rank. It is rough: on the boards of the tests it lands between 2.4 times
//! above and 6.7 times below the states held (on 8×8 open tours, from the
//! first 2 s, 1.9 billion against 452 million at the end of the walk and
//! 780 million at its peak), so it serves to refuse counts
//! out of reach by far (a 10×10 or 12×12 board), not to time feasible ones.
//! It covers the first walk of the count only: the far side of a count met
//! in the middle (see the `meet` module), or the whole of a count front to
//! back. The near side, its crossing rank and the join usually cost more
//! (on 8×8 closed tours ten times more than the far side).
//!
//! While a count runs, `Work` estimates its whole work in
//! states stepped, for the progress bar.

use std::time::Duration;

use super::cut;
use super::plan::Plan;
use super::transfer;
use super::{Options, Progress, Tours};
use crate::Error;

/// Memory per frontier state, in bytes, that a count of this board needs
/// while a square is made (the key and its count, the square's input and
/// output tables, and the buffers between them): the figure that turns a
/// memory budget into [`Options::max_states`].
///
/// ```
/// use hetman::knight::frontier::{bytes_per_state, Tours};
/// assert_eq!(bytes_per_state(8, 8, &[false; 64], Tours::Closed).unwrap(), 32);
/// ```
pub fn bytes_per_state(
    width: u32,
    height: u32,
    blocked: &[bool],
    kind: Tours,
) -> Result<usize, Error> {
    let plan = Plan::new(width, height, blocked, kind)?;
    Ok(per_state(&plan))
}

/// 8×8 closed tours held 230 million states at their peak in 7.0 GiB
/// (`/usr/bin/time -v hetman knight count 8 --closed`, 2026-11-27): a
/// state's 16 bytes (8 of key, 8 of count) and as much again.
fn per_state(plan: &Plan) -> usize {
    (plan.key_bytes() + 8) * 2
}

/// A projection of the first walk of a count, from the states it held
/// after each square so far.
///
/// # Example
/// ```
/// use hetman::knight::frontier::{Projection, Options, Progress, Tours};
/// use std::time::Duration;
/// let mut p = Projection::new(6, 6, &[false; 36], Tours::OpenDirected, &Options::default()).unwrap();
/// // Fourteen squares of a count that doubles its states with every square
/// // (a projection needs two ranks and a square).
/// for step in 1..=14 {
///     p.record(Progress { step, steps: 25, states: 1 << step, pass: None }, Duration::from_millis(step as u64));
/// }
/// let e = p.project().unwrap();
/// assert!(e.states > 16384.0 && e.sampled == 14 && e.squares > 14);
/// ```
#[derive(Debug, Clone)]
pub struct Projection {
    /// Squares in the first walk.
    walk: usize,
    /// Squares per rank (the frontier width).
    w: usize,
    per_state: usize,
    /// States after each square of the first walk so far, and the time then.
    seen: Vec<(f64, Duration)>,
}

/// The first walk of a count, projected (see [`Projection`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FirstWalk {
    /// States at the end of the walk.
    pub states: f64,
    /// Bytes those states take while a square is made ([`bytes_per_state`]).
    pub bytes: f64,
    /// Seconds the whole walk takes, at the speed of the squares seen (on
    /// the threads they ran on).
    pub seconds: f64,
    /// Squares in the walk.
    pub squares: usize,
    /// Squares seen.
    pub sampled: usize,
}

/// The most the logarithm of the growth per rank keeps from one rank to the
/// next in a projection (see the module documentation).
pub(super) const DECAY: f64 = 0.45;

/// The most seconds a projection lets a state cost to step: some twenty
/// times the most measured (8×8 open tours: about 1.2 us of CPU a state
/// over the 4.6 billion states their first walk steps). Before it, the 6 x
/// 12 closed tours (7 s) were refused as "over an hour" from 15 squares of
/// a few thousand states, one of which had tried a closure.
const MAX_PER_STATE: f64 = 20e-6;

impl Projection {
    /// The projection of the count that [`count`](super::count) runs with
    /// these arguments (a count met in the middle or front to back, as
    /// `opts.split` and the board decide).
    pub fn new(
        width: u32,
        height: u32,
        blocked: &[bool],
        kind: Tours,
        opts: &Options<'_>,
    ) -> Result<Projection, Error> {
        let plan = Plan::new(width, height, blocked, kind)?;
        let w = plan.w;
        let long = opts.periodic && transfer::long(&plan);
        // A long board: past its first ranks the count runs by the matrices
        // of its repeating ranks, at a cost linear in its length and within
        // the memory limit (see the `transfer` module), so the walk projected
        // ends where they begin.
        let walk = if long {
            transfer::start(&plan)
        } else {
            cut::walks(&plan, opts.split, long).1[0].1
        };
        Ok(Projection {
            walk,
            w,
            per_state: per_state(&plan),
            seen: Vec::new(),
        })
    }

    /// Takes a progress report of the count and the time since it started.
    /// Reports after the first walk are ignored.
    pub fn record(&mut self, p: Progress, elapsed: Duration) {
        if p.step == self.seen.len() + 1 && p.step <= self.walk {
            self.seen.push((p.states as f64, elapsed));
        }
    }

    /// The projection, once two ranks have been seen (`None` before).
    pub fn project(&self) -> Option<FirstWalk> {
        let (w, m) = (self.w, self.seen.len());
        if m < 2 * w + 1 {
            return None;
        }
        let s = |j: usize| self.seen[j - 1].0.max(1.0);
        let g = s(m) / s(m - w);
        let before = s(m - w) / s(m - 2 * w);
        let decay = if g > 1.0 && before > 1.0 {
            (g.ln() / before.ln()).clamp(0.0, DECAY)
        } else {
            DECAY
        };
        // Seconds per state expanded over the last rank seen, at most
        // MAX_PER_STATE: a rank of few states is timed by its squares' fixed
        // costs (threads, tables, a closure of the repeating ranks tried and
        // given up), which the states to come do not repeat in proportion.
        let last: f64 = (m - w..m).map(s).sum();
        let rank_time = self.seen[m - 1].1.saturating_sub(self.seen[m - w - 1].1);
        let per_state = (rank_time.as_secs_f64() / last).min(MAX_PER_STATE);
        let (left, states) = extend(s(m), g, decay, w, self.walk - m);
        let time = self.seen[m - 1].1.as_secs_f64() + left * per_state;
        Some(FirstWalk {
            states,
            bytes: states * self.per_state as f64,
            seconds: time,
            squares: self.walk,
            sampled: m,
        })
    }
}

/// The states after `squares` more squares of a walk that holds `states`
/// now and grew by `growth` over its last rank of `w` squares, that growth's
/// logarithm shrinking by `decay` a rank: the states the squares step in
/// all (the input of each square is the output of the one before), and the
/// states at the end.
pub(super) fn extend(states: f64, growth: f64, decay: f64, w: usize, squares: usize) -> (f64, f64) {
    let (mut states, mut growth, mut stepped) = (states, growth.max(1.0), 0.0);
    for j in 1..=squares {
        if j % w == 1 {
            growth = growth.powf(decay);
        }
        stepped += states;
        states *= growth.powf(1.0 / w as f64);
    }
    (stepped, states)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knight::frontier::count;
    use std::sync::Mutex;
    use std::time::Instant;

    /// The projections from the squares of a real count up to each of
    /// `upto`, against what the first walk held at its end.
    fn projected(w: u32, h: u32, kind: Tours, upto: &[usize]) -> Vec<(f64, f64)> {
        let opts = Options::default();
        let seen = Mutex::new(Vec::new());
        let t0 = Instant::now();
        let show = |p: Progress| seen.lock().unwrap().push((p, t0.elapsed()));
        let o = Options {
            progress: Some(&show),
            ..Options::default()
        };
        let cells = (w * h) as usize;
        count(w, h, &vec![false; cells], kind, &o).unwrap();
        let seen = seen.into_inner().unwrap();
        let mut out = Vec::new();
        for &upto in upto {
            let mut proj = Projection::new(w, h, &vec![false; cells], kind, &opts).unwrap();
            for &(p, t) in seen.iter().take(upto) {
                proj.record(p, t);
            }
            let actual = seen[proj.walk - 1].0.states as f64;
            out.push((proj.project().unwrap().states, actual));
        }
        out
    }

    #[test]
    fn projections_are_within_ten_times_the_states_held() {
        for (w, h, kind, upto) in [
            (7, 6, Tours::OpenDirected, &[20, 24][..]),
            (6, 6, Tours::OpenDirected, &[18]),
            (8, 6, Tours::Closed, &[20]),
        ] {
            for (p, actual) in projected(w, h, kind, upto) {
                assert!(
                    p > actual / 10.0 && p < actual * 10.0,
                    "{w}x{h} {kind:?} from {upto:?} squares: projected {p}, held {actual}"
                );
            }
        }
    }

    /// First squares of few states that took seconds (their fixed costs)
    /// do not make a walk of some thousands of states an hour long.
    #[test]
    fn few_slow_states_are_not_projected_to_hours() {
        let opts = Options::default();
        let mut p = Projection::new(6, 12, &[false; 72], Tours::Closed, &opts).unwrap();
        for step in 1..=15 {
            let states = 1 << step.min(12);
            p.record(
                Progress {
                    step,
                    steps: 42,
                    states,
                    pass: None,
                },
                Duration::from_millis(500 * step as u64),
            );
        }
        let e = p.project().unwrap();
        assert!(e.states < 1e6, "{e:?}");
        assert!(e.seconds < 60.0, "{e:?}");
    }

    #[test]
    fn nothing_before_two_ranks() {
        let mut p =
            Projection::new(5, 5, &[false; 25], Tours::Closed, &Options::default()).unwrap();
        for step in 1..=10 {
            p.record(
                Progress {
                    step,
                    steps: 30,
                    states: step,
                    pass: None,
                },
                Duration::ZERO,
            );
        }
        assert!(p.project().is_none());
        p.record(
            Progress {
                step: 11,
                steps: 30,
                states: 11,
                pass: None,
            },
            Duration::ZERO,
        );
        assert!(p.project().is_some());
    }
}
