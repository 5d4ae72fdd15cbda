//! How far a long run has got, in one shape for every engine.

use std::time::Duration;

/// Units and estimated cost done of all, as the engines report them and the
/// front ends render them (a bar, or a plain line with rate and time left).
///
/// ```
/// use hetman::jobs::Progress;
/// use std::time::Duration;
/// let p = Progress { units_done: 1, units: 4, cost_done: 30, cost: 120 };
/// assert_eq!(p.fraction(), 0.25);
/// assert_eq!(p.left(Duration::from_secs(10)), Some(Duration::from_secs(30)));
/// assert_eq!(p.rate(Duration::from_secs(10)), 0.1);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    /// Units finished (including those an earlier run recorded).
    pub units_done: usize,
    /// Units in all.
    pub units: usize,
    /// Estimated cost of the finished units.
    pub cost_done: u64,
    /// Estimated cost of all units.
    pub cost: u64,
}

impl Progress {
    /// The fraction of the estimated cost done, from 0 to 1.
    ///
    /// ```
    /// use hetman::jobs::Progress;
    /// assert_eq!(Progress::default().fraction(), 1.0);
    /// ```
    #[must_use]
    pub fn fraction(&self) -> f64 {
        if self.cost == 0 {
            1.0
        } else {
            self.cost_done as f64 / self.cost as f64
        }
    }

    /// Units finished per second over `elapsed`.
    ///
    /// ```
    /// use hetman::jobs::Progress;
    /// use std::time::Duration;
    /// assert_eq!(Progress::default().rate(Duration::ZERO), 0.0);
    /// ```
    #[must_use]
    pub fn rate(&self, elapsed: Duration) -> f64 {
        let s = elapsed.as_secs_f64();
        if s > 0.0 {
            self.units_done as f64 / s
        } else {
            0.0
        }
    }

    /// The time left, extrapolated from the cost done in `elapsed`; `None`
    /// before anything is done.
    ///
    /// ```
    /// use hetman::jobs::Progress;
    /// use std::time::Duration;
    /// let p = Progress { units_done: 0, units: 4, cost_done: 0, cost: 120 };
    /// assert_eq!(p.left(Duration::from_secs(5)), None);
    /// ```
    #[must_use]
    pub fn left(&self, elapsed: Duration) -> Option<Duration> {
        let f = self.fraction();
        (f > 0.0).then(|| Duration::from_secs_f64(elapsed.as_secs_f64() * (1.0 - f) / f))
    }
}
