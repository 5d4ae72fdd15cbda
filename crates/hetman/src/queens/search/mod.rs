//! The seeds' search algorithms, one file each, from slowest to fastest.
//!
//! Each `search` walks its search space in lexicographic order of the code,
//! hands every solution (0-based ranks, one per file) to a visitor that can
//! stop it, and returns the work it did in its own measure.

pub mod backtracking;
pub mod bitboard;
pub mod brute_force;
pub mod permutations;

/// A visitor of solutions, given 0-based ranks, one per file.
pub type Visitor<'a> = dyn FnMut(&[u32]) -> std::ops::ControlFlow<()> + 'a;

/// Panics unless `1 <= n <= max`: the searches' callers check N first
/// (e.g. [`hetman::queens::count`](crate::queens::count) returns an error).
pub(crate) fn assert_size(n: usize, max: usize, search: &str) {
    assert!((1..=max).contains(&n), "{search} takes N from 1 to {max}");
}

/// The steps a run of [`backtracking`] or [`bitboard`] steps was made of,
/// by kind: what a trace's counters add when it runs through them without
/// giving them out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Tally {
    /// Calls of `test` (nodes).
    pub(crate) calls: u64,
    /// Ranks looked at.
    pub(crate) tries: u64,
    /// Ranks `possible` refused.
    pub(crate) refusals: u64,
    /// Queens put.
    pub(crate) puts: u64,
    /// Queens taken back.
    pub(crate) removes: u64,
    /// Solutions.
    pub(crate) solutions: u64,
}

/// A search one step at a time ([`backtracking`] and [`bitboard`]): every
/// step given out for a trace, or run to the next solution at full speed
/// through the very same loop.
pub(crate) trait Steps {
    /// What one step is.
    type Step;

    /// The search's one loop. With `STEPS` every step is given out;
    /// without, only solutions, and the work is counted in
    /// [`work`](Self::work) instead (the compiler drops what is not given
    /// out, so the search runs at full speed).
    fn advance<const STEPS: bool>(&mut self) -> Option<Self::Step>;

    /// The work (calls of `test`, or nodes) since
    /// [`next_solution`](Self::next_solution) last started.
    fn work(&mut self) -> &mut u64;

    /// The next step, `None` when the search is over.
    #[inline]
    fn step(&mut self) -> Option<Self::Step> {
        self.advance::<true>()
    }

    /// Runs to the next solution through the very steps
    /// [`step`](Self::step) gives, without giving them out; false at the
    /// end. Adds the work it took to `work`.
    #[inline]
    fn next_solution(&mut self, work: &mut u64) -> bool {
        *self.work() = 0;
        let found = self.advance::<false>().is_some();
        *work += *self.work();
        found
    }
}
