//! Backtracking as the Polish seeds write it.
//!
//! `test(c)` tries each row of column `c` in turn; `possible` asks three boolean
//! arrays in O(1): `row[r]` (the row is free), `up[r + c]` and `down[r - c + N]`
//! (the two diagonals through the square are free); `put` marks them and
//! `remove` clears them again. Here columns are the board's files and rows its
//! ranks. For N = 8 `test` is called 1965 times, the first call included, and
//! finds 92 solutions.
//!
//! The recursion is kept as an explicit stack of calls, one step at a time
//! (a stepper), so that the same search can be run at full speed
//! ([`search`]) or watched one step after another ([`crate::trace`]).

use super::{Steps, Tally, Visitor};

/// The largest N the seed's backtracking accepts.
pub const MAX_N: usize = 64;

/// Which of the seed's three arrays rule a square out, as bits: 1 `row`,
/// 2 `up`, 4 `down`.
pub(crate) type Lines = u8;
/// The `row` bit of [`Lines`].
pub(crate) const ROW: Lines = 1;
/// The `up` bit of [`Lines`].
pub(crate) const UP: Lines = 2;
/// The `down` bit of [`Lines`].
pub(crate) const DOWN: Lines = 4;

/// One step of the seed's search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Step {
    /// `test(c)` is called for column `file`.
    Call { file: u32 },
    /// `test(c)` looks at this rank of its column.
    Try { file: u32, rank: u32 },
    /// `possible` says no: the lines that rule the square out.
    Refuse { file: u32, rank: u32, lines: Lines },
    /// `put`: a queen on the square.
    Put { file: u32, rank: u32 },
    /// The board is full: the code is a solution.
    Solution,
    /// `remove`: the queen on the square is taken back.
    Remove { file: u32, rank: u32 },
}

#[derive(Clone, Copy, Debug)]
enum Phase {
    /// `test(0)` has not been called yet.
    Start,
    /// The innermost call looks at its next rank.
    Next,
    /// The innermost call has announced its rank and asks `possible`.
    Check,
    /// A queen was just put by the innermost call.
    Placed,
    /// The innermost call's queen is to be removed.
    Remove,
    /// The search is over.
    Done,
}

/// The seed's search, one step at a time: its arrays, its code and its stack
/// of calls of `test`.
#[derive(Clone, Debug)]
pub(crate) struct Stepper {
    n: usize,
    /// `row[r]`: no queen on row (rank) r yet.
    row: Vec<bool>,
    /// `up[r + c]`: no queen on that rising diagonal yet.
    up: Vec<bool>,
    /// `down[r - c + N]`: no queen on that falling diagonal yet.
    down: Vec<bool>,
    /// The code: the row of the queen in each column placed so far.
    code: Vec<u32>,
    /// The rank each open call of `test` is at; call `c` is `stack[c]`.
    stack: Vec<u32>,
    phase: Phase,
    /// Calls of `test` since [`next_solution`](Self::next_solution) last started.
    calls: u64,
}

impl Stepper {
    /// A search of `n` queens, before its first call.
    pub(crate) fn new(n: usize) -> Self {
        super::assert_size(n, MAX_N, "backtracking");
        Stepper {
            n,
            row: vec![true; n],
            up: vec![true; 2 * n],
            down: vec![true; 2 * n + 1],
            code: vec![0; n],
            stack: Vec::with_capacity(n),
            phase: Phase::Start,
            calls: 0,
        }
    }

    /// The lines that rule out rank `r` of column `c`, none when `possible`.
    #[inline]
    pub(crate) fn blocking(&self, r: usize, c: usize) -> Lines {
        let mut lines = 0;
        if !self.row[r] {
            lines |= ROW;
        }
        if !self.up[r + c] {
            lines |= UP;
        }
        if !self.down[r + self.n - c] {
            lines |= DOWN;
        }
        lines
    }

    #[inline]
    fn possible(&self, r: usize, c: usize) -> bool {
        self.row[r] && self.up[r + c] && self.down[r + self.n - c]
    }

    #[inline]
    fn put(&mut self, r: usize, c: usize) {
        self.row[r] = false;
        self.up[r + c] = false;
        self.down[r + self.n - c] = false;
        self.code[c] = r as u32;
    }

    #[inline]
    fn remove(&mut self, r: usize, c: usize) {
        self.row[r] = true;
        self.up[r + c] = true;
        self.down[r + self.n - c] = true;
    }

    /// Runs through up to `k` steps as [`step`](Steps::step) gives them,
    /// without giving them out, adding them to `tally`; returns the steps
    /// run (fewer than `k` only at the end of the search). The ranks
    /// `possible` refuses, most of the steps, are passed two steps (try,
    /// refuse) a rank without going round the phases: the search is then
    /// where `k` steps leave it, its arrays, stack and counters too.
    pub(crate) fn skip(&mut self, k: u64, tally: &mut Tally) -> u64 {
        let mut left = k;
        while left > 0 {
            if let Phase::Next = self.phase {
                let c = self.stack.len() - 1;
                let from = self.stack[c] as usize;
                let mut r = from;
                while left >= 2 && r < self.n && !self.possible(r, c) {
                    r += 1;
                    left -= 2;
                }
                let run = (r - from) as u64;
                tally.tries += run;
                tally.refusals += run;
                self.stack[c] = r as u32;
                if left == 0 {
                    break;
                }
            }
            let Some(step) = self.advance::<true>() else {
                break;
            };
            left -= 1;
            match step {
                Step::Call { .. } => tally.calls += 1,
                Step::Try { .. } => tally.tries += 1,
                Step::Refuse { .. } => tally.refusals += 1,
                Step::Put { .. } => tally.puts += 1,
                Step::Remove { .. } => tally.removes += 1,
                Step::Solution => tally.solutions += 1,
            }
        }
        k - left
    }

    /// The ranks of the queens on the board, one per column from `a`.
    pub(crate) fn queens(&self) -> &[u32] {
        let placed = match self.phase {
            // The innermost call's rank is announced but not placed.
            Phase::Next | Phase::Check => self.stack.len().saturating_sub(1),
            Phase::Placed | Phase::Remove => self.stack.len(),
            Phase::Start | Phase::Done => 0,
        };
        &self.code[..placed]
    }
}

impl Steps for Stepper {
    type Step = Step;

    #[inline]
    fn work(&mut self) -> &mut u64 {
        &mut self.calls
    }

    /// The search's one loop. With `STEPS` every step is given out; without,
    /// only solutions, and calls are counted instead (the compiler drops
    /// what is not given out, so the search runs at full speed).
    #[inline(always)]
    fn advance<const STEPS: bool>(&mut self) -> Option<Step> {
        loop {
            match self.phase {
                Phase::Start => {
                    self.stack.push(0);
                    self.phase = Phase::Next;
                    self.calls += 1;
                    if STEPS {
                        return Some(Step::Call { file: 0 });
                    }
                }
                Phase::Next => {
                    let c = self.stack.len() - 1;
                    let r = self.stack[c];
                    if (r as usize) < self.n {
                        self.phase = Phase::Check;
                        if STEPS {
                            return Some(Step::Try {
                                file: c as u32,
                                rank: r,
                            });
                        }
                        continue;
                    }
                    // test(c) returns to the call that put the queen before it.
                    self.stack.pop();
                    self.phase = if self.stack.is_empty() {
                        Phase::Done
                    } else {
                        Phase::Remove
                    };
                }
                Phase::Check => {
                    let c = self.stack.len() - 1;
                    let r = self.stack[c];
                    let (ru, cu) = (r as usize, c as u32);
                    if self.possible(ru, c) {
                        self.put(ru, c);
                        self.phase = Phase::Placed;
                        if STEPS {
                            return Some(Step::Put { file: cu, rank: r });
                        }
                        continue;
                    }
                    if STEPS {
                        self.stack[c] += 1;
                        self.phase = Phase::Next;
                        return Some(Step::Refuse {
                            file: cu,
                            rank: r,
                            lines: self.blocking(ru, c),
                        });
                    }
                    // The ranks refused one after another, as the seed's loop
                    // runs through them, without going round the phases.
                    let mut r = ru + 1;
                    while r < self.n && !self.possible(r, c) {
                        r += 1;
                    }
                    self.stack[c] = r as u32;
                    self.phase = if r < self.n {
                        Phase::Check
                    } else {
                        Phase::Next
                    };
                }
                Phase::Placed => {
                    let c = self.stack.len();
                    if c == self.n {
                        self.phase = Phase::Remove;
                        return Some(Step::Solution);
                    }
                    self.stack.push(0);
                    self.phase = Phase::Next;
                    self.calls += 1;
                    if STEPS {
                        return Some(Step::Call { file: c as u32 });
                    }
                }
                Phase::Remove => {
                    let c = self.stack.len() - 1;
                    let r = self.stack[c];
                    self.remove(r as usize, c);
                    self.stack[c] += 1;
                    self.phase = Phase::Next;
                    if STEPS {
                        return Some(Step::Remove {
                            file: c as u32,
                            rank: r,
                        });
                    }
                }
                Phase::Done => return None,
            }
        }
    }
}

/// Runs the seed's backtracking, handing each solution to `visit` in
/// lexicographic order. Returns the number of calls of `test`, the first included.
///
/// # Example
/// ```
/// use hetman::queens::search::backtracking;
/// let mut solutions = 0;
/// let calls = backtracking::search(8, &mut |_| { solutions += 1; std::ops::ControlFlow::Continue(()) });
/// assert_eq!((solutions, calls), (92, 1965));
/// ```
pub fn search(n: usize, visit: &mut Visitor<'_>) -> u64 {
    let mut seed = Stepper::new(n);
    let mut calls = 0;
    while seed.next_solution(&mut calls) {
        if visit(&seed.code).is_break() {
            break;
        }
    }
    calls
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ops::ControlFlow;

    /// The seed's recursion as it is written, to hold the stepper to.
    fn recursive(n: usize) -> (u64, Vec<Vec<u32>>) {
        fn test(s: &mut Stepper, c: usize, calls: &mut u64, out: &mut Vec<Vec<u32>>) {
            *calls += 1;
            for r in 0..s.n {
                if s.possible(r, c) {
                    s.put(r, c);
                    if c + 1 == s.n {
                        out.push(s.code.clone());
                    } else {
                        test(s, c + 1, calls, out);
                    }
                    s.remove(r, c);
                }
            }
        }
        let mut s = Stepper::new(n);
        let (mut calls, mut out) = (0, Vec::new());
        test(&mut s, 0, &mut calls, &mut out);
        (calls, out)
    }

    #[test]
    fn stepper_matches_the_recursion() {
        for n in 1..=9 {
            let (calls, solutions) = recursive(n);
            let mut found = Vec::new();
            let c = search(n, &mut |code| {
                found.push(code.to_vec());
                ControlFlow::Continue(())
            });
            assert_eq!((c, &found), (calls, &solutions), "n = {n}");
        }
    }

    #[test]
    fn every_put_is_removed_and_queens_follow_the_steps() {
        let mut s = Stepper::new(6);
        let mut depth = 0usize;
        while let Some(step) = s.step() {
            match step {
                Step::Put { file, .. } => {
                    assert_eq!(file as usize, depth);
                    depth += 1;
                }
                Step::Remove { file, .. } => {
                    depth -= 1;
                    assert_eq!(file as usize, depth);
                }
                Step::Refuse { lines, .. } => assert_ne!(lines, 0),
                _ => {}
            }
            assert_eq!(s.queens().len(), depth);
        }
        assert_eq!(depth, 0);
    }
}
