//! The time each pass of a count in passes took (`--stats`): a line on
//! stderr as each pass's join finishes, so that a long count's log tells
//! where its hours went even when the count is stopped before its end.

use std::time::Duration;

use crate::common::output::{self, group};
use hetman::knight::frontier;

/// The pass under way and when its parts began.
#[derive(Default)]
pub(super) struct PassTimes {
    /// The pass under way (its number), once its walk or join was seen.
    current: Option<usize>,
    /// When it began: when the pass before it ended (its start file read
    /// and its states dealt count as its walk), or when it was first seen.
    started: Duration,
    /// When its join first reported.
    joining: Option<Duration>,
    /// The most states its walk held.
    peak: usize,
    /// Its line was given (a finished join may report again).
    told: bool,
    /// When the last pass ended.
    last_end: Option<Duration>,
}

impl PassTimes {
    /// A new pass seen at `elapsed` (`Some` number), if it is new.
    fn begin(&mut self, number: usize, elapsed: Duration) {
        if self.current != Some(number) {
            let started = self.last_end.unwrap_or(elapsed);
            *self = PassTimes {
                current: Some(number),
                started,
                last_end: self.last_end,
                ..PassTimes::default()
            };
        }
    }

    /// A square of a walk reported at `elapsed`.
    pub(super) fn square(&mut self, p: &frontier::Progress, elapsed: Duration) {
        let Some(pass) = p.pass else { return };
        self.begin(pass.number, elapsed);
        self.peak = self.peak.max(p.states);
    }

    /// The join of `pass` reported `done` of `all` states at `elapsed`;
    /// gives the pass's line when its join has finished.
    pub(super) fn join(
        &mut self,
        pass: Option<frontier::Pass>,
        (done, all): (usize, usize),
        elapsed: Duration,
    ) -> Option<String> {
        let pass = pass?;
        self.begin(pass.number, elapsed);
        let joining = *self.joining.get_or_insert(elapsed);
        if done < all || self.told {
            return None;
        }
        self.told = true;
        self.last_end = Some(elapsed);
        let walk = if self.peak > 0 {
            format!(
                "walk {} (up to {} states)",
                output::duration(joining.saturating_sub(self.started)),
                group(self.peak as u64)
            )
        } else {
            // Resumed in its join: the walk was another run's.
            "walk in an earlier run".to_string()
        };
        Some(format!(
            "pass {} of {} ({:.1}% of the states): {walk}, join {} ({} states), {} in all",
            pass.number,
            pass.of,
            100.0 * pass.share,
            output::duration(elapsed.saturating_sub(joining)),
            group(all as u64),
            output::duration(elapsed.saturating_sub(self.started)),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pass(number: usize) -> Option<frontier::Pass> {
        Some(frontier::Pass {
            number,
            of: 9,
            done: 0.0,
            share: 0.125,
        })
    }

    fn square(number: usize, states: usize) -> frontier::Progress {
        frontier::Progress {
            step: 1,
            steps: 2,
            states,
            pass: pass(number),
        }
    }

    #[test]
    fn each_pass_is_told_once_with_its_walk_and_join() {
        let s = Duration::from_secs;
        let mut t = PassTimes::default();
        t.square(&square(1, 500), s(10));
        t.square(&square(1, 2_000), s(70));
        assert_eq!(t.join(pass(1), (0, 1_500), s(80)), None);
        assert_eq!(t.join(pass(1), (700, 1_500), s(100)), None);
        let line = t.join(pass(1), (1_500, 1_500), s(200)).unwrap();
        assert_eq!(
            line,
            "pass 1 of 9 (12.5% of the states): walk 1 min 10 s (up to 2,000 states), \
             join 2 min 0 s (1,500 states), 3 min 10 s in all"
        );
        // A finished join that reports again is not told twice.
        assert_eq!(t.join(pass(1), (1_500, 1_500), s(201)), None);
        // The next pass begins where the last ended.
        t.square(&square(2, 300), s(230));
        assert_eq!(t.join(pass(2), (0, 40), s(240)), None);
        let line = t.join(pass(2), (40, 40), s(260)).unwrap();
        assert!(line.starts_with("pass 2 of 9"), "{line}");
        assert!(line.contains("walk 40.00 s (up to 300 states)"), "{line}");
        assert!(line.contains("join 20.00 s (40 states)"), "{line}");
        assert!(line.ends_with("1 min 0 s in all"), "{line}");
        // A count not in passes tells nothing.
        let plain = frontier::Progress {
            pass: None,
            ..square(3, 1)
        };
        t.square(&plain, s(300));
        assert_eq!(t.join(None, (1, 1), s(301)), None);
    }

    #[test]
    fn a_pass_resumed_in_its_join_says_its_walk_was_earlier() {
        let mut t = PassTimes::default();
        let line = t.join(pass(4), (10, 10), Duration::from_secs(5)).unwrap();
        assert!(line.contains("walk in an earlier run"), "{line}");
    }
}
