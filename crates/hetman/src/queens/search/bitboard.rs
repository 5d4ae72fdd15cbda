//! The seeds' backtracking on bit masks: the free ranks of a file are one word,
//! `!(ranks | rising | falling)`, and moving to the next file shifts the two
//! diagonal masks by one (the classic bitwise formulation; see also the
//! comments in OEIS A000170).

use super::{Steps, Tally, Visitor};
use crate::queens::canon::Canon;

/// The largest N the bitboard search accepts (one bit per rank in a `u32`).
pub const MAX_N: usize = 32;

/// One step of the bitboard search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Step {
    /// A node: the search comes to `file`; `free` has a bit per rank not attacked.
    Call { file: u32, free: u32 },
    /// A queen on the lowest free rank left.
    Put { file: u32, rank: u32 },
    /// The board is full.
    Solution,
    /// The queen is taken back.
    Remove { file: u32, rank: u32 },
}

#[derive(Clone, Copy, Debug)]
struct Frame {
    /// Ranks of this file not yet tried and not attacked.
    free: u32,
    taken: u32,
    rising: u32,
    falling: u32,
}

#[derive(Clone, Copy, Debug)]
enum Phase {
    Start,
    Next,
    Placed,
    Remove,
    Done,
}

/// The bitboard search one step at a time: a stack of files with their masks.
#[derive(Clone, Debug)]
pub(crate) struct Stepper {
    n: usize,
    full: u32,
    ranks: Vec<u32>,
    stack: Vec<Frame>,
    phase: Phase,
    /// Nodes since [`next_solution`](Self::next_solution) last started.
    nodes: u64,
}

impl Stepper {
    /// A search of `n` queens, before its first node.
    pub(crate) fn new(n: usize) -> Self {
        super::assert_size(n, MAX_N, "the bitboard search");
        Stepper {
            n,
            full: full_mask(n),
            ranks: vec![0; n],
            stack: Vec::with_capacity(n),
            phase: Phase::Start,
            nodes: 0,
        }
    }

    /// The ranks of the queens on the board, one per file from `a`.
    pub(crate) fn queens(&self) -> &[u32] {
        let placed = match self.phase {
            Phase::Next => self.stack.len().saturating_sub(1),
            Phase::Placed | Phase::Remove => self.stack.len(),
            Phase::Start | Phase::Done => 0,
        };
        &self.ranks[..placed]
    }

    /// Runs through up to `k` steps as [`step`](Steps::step) gives them,
    /// without giving them out (no list of free ranks is made for a node),
    /// adding them to `tally`; returns the steps run (fewer than `k` only at
    /// the end of the search).
    pub(crate) fn skip(&mut self, k: u64, tally: &mut Tally) -> u64 {
        let mut done = 0;
        while done < k {
            let Some(step) = self.advance::<true>() else {
                break;
            };
            done += 1;
            match step {
                Step::Call { .. } => tally.calls += 1,
                Step::Put { .. } => tally.puts += 1,
                Step::Remove { .. } => tally.removes += 1,
                Step::Solution => tally.solutions += 1,
            }
        }
        done
    }

    fn push(&mut self, taken: u32, rising: u32, falling: u32) -> Step {
        let free = self.full & !(taken | rising | falling);
        self.stack.push(Frame {
            free,
            taken,
            rising,
            falling,
        });
        self.phase = Phase::Next;
        self.nodes += 1;
        Step::Call {
            file: self.stack.len() as u32 - 1,
            free,
        }
    }
}

impl Steps for Stepper {
    type Step = Step;

    /// The search's one loop; without `STEPS` only solutions are given out.
    #[inline(always)]
    fn advance<const STEPS: bool>(&mut self) -> Option<Step> {
        loop {
            match self.phase {
                Phase::Start => {
                    let call = self.push(0, 0, 0);
                    if STEPS {
                        return Some(call);
                    }
                }
                Phase::Next => {
                    let file = self.stack.len() - 1;
                    let top = &mut self.stack[file];
                    if top.free != 0 {
                        let bit = top.free & top.free.wrapping_neg();
                        top.free ^= bit;
                        let rank = bit.trailing_zeros();
                        self.ranks[file] = rank;
                        self.phase = Phase::Placed;
                        if STEPS {
                            return Some(Step::Put {
                                file: file as u32,
                                rank,
                            });
                        }
                        continue;
                    }
                    self.stack.pop();
                    self.phase = if self.stack.is_empty() {
                        Phase::Done
                    } else {
                        Phase::Remove
                    };
                }
                Phase::Placed => {
                    let file = self.stack.len() - 1;
                    if file + 1 == self.n {
                        self.phase = Phase::Remove;
                        return Some(Step::Solution);
                    }
                    let f = self.stack[file];
                    let bit = 1u32 << self.ranks[file];
                    let call =
                        self.push(f.taken | bit, (f.rising | bit) << 1, (f.falling | bit) >> 1);
                    if STEPS {
                        return Some(call);
                    }
                }
                Phase::Remove => {
                    let file = self.stack.len() - 1;
                    self.phase = Phase::Next;
                    if STEPS {
                        return Some(Step::Remove {
                            file: file as u32,
                            rank: self.ranks[file],
                        });
                    }
                }
                Phase::Done => return None,
            }
        }
    }

    #[inline]
    fn work(&mut self) -> &mut u64 {
        &mut self.nodes
    }
}

fn full_mask(n: usize) -> u32 {
    if n == 32 {
        u32::MAX
    } else {
        (1u32 << n) - 1
    }
}

/// Walks every solution in lexicographic order, handing each to `visit`.
/// Returns the number of nodes (calls of the placing function, the first included),
/// the same count as the seed's calls of `test`.
///
/// # Example
/// ```
/// use hetman::queens::search::bitboard;
/// let mut first = None;
/// bitboard::search(8, &mut |ranks| {
///     first = Some(ranks.to_vec());
///     std::ops::ControlFlow::Break(())
/// });
/// assert_eq!(first.unwrap(), vec![0, 4, 7, 5, 2, 6, 1, 3]); // 1 5 8 6 3 7 2 4
/// ```
pub fn search(n: usize, visit: &mut Visitor<'_>) -> u64 {
    let mut walk = Stepper::new(n);
    let mut nodes = 0;
    while walk.next_solution(&mut nodes) {
        if visit(&walk.ranks).is_break() {
            break;
        }
    }
    nodes
}

/// Totals found by [`count`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BitboardCount {
    /// All solutions.
    pub total: u64,
    /// Solutions distinct under the eight symmetries.
    pub unique: u64,
    /// Nodes searched.
    pub nodes: u64,
}

struct Counter {
    n: usize,
    full: u32,
    ranks: Vec<u32>,
    mirror: Vec<u32>,
    canon: Canon,
    /// Solutions found in this branch of the search, and how many of the
    /// solutions they stand for are canonical.
    found: u64,
    canonical: u64,
    nodes: u64,
    /// Whether each solution found stands for itself and its top-bottom mirror.
    doubled: bool,
}

impl Counter {
    fn place(&mut self, file: usize, taken: u32, rising: u32, falling: u32) {
        self.nodes += 1;
        let mut free = self.full & !(taken | rising | falling);
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            self.ranks[file] = bit.trailing_zeros();
            if file + 1 == self.n {
                self.solution();
            } else {
                self.place(
                    file + 1,
                    taken | bit,
                    (rising | bit) << 1,
                    (falling | bit) >> 1,
                );
            }
        }
    }

    fn solution(&mut self) {
        self.found += 1;
        self.canonical += u64::from(self.canon.is_canonical(&self.ranks));
        if self.doubled {
            let m = self.n as u32 - 1;
            for (d, &r) in self.mirror.iter_mut().zip(&self.ranks) {
                *d = m - r;
            }
            self.canonical += u64::from(self.canon.is_canonical(&self.mirror));
        }
    }
}

/// Counts all solutions and the unique ones, searching only the boards whose
/// first queen is in the lower half of file `a` and doubling (the top-bottom
/// mirror image of a solution is another solution, never the same one for N > 1).
/// Each solution found is tested for being the smallest of its eight images.
///
/// # Example
/// ```
/// let c = hetman::queens::search::bitboard::count(8);
/// assert_eq!((c.total, c.unique), (92, 12));
/// ```
#[must_use]
pub fn count(n: usize) -> BitboardCount {
    super::assert_size(n, MAX_N, "the bitboard search");
    let mut c = Counter {
        n,
        full: full_mask(n),
        ranks: vec![0; n],
        mirror: vec![0; n],
        canon: Canon::default(),
        found: 0,
        canonical: 0,
        nodes: 1,
        doubled: true,
    };
    if n == 1 {
        return BitboardCount {
            total: 1,
            unique: 1,
            nodes: 1,
        };
    }
    let mut total = 0;
    for r in 0..n.div_ceil(2) {
        let bit = 1u32 << r;
        c.ranks[0] = r as u32;
        c.doubled = 2 * r + 1 != n;
        c.found = 0;
        c.place(1, bit, bit << 1, bit >> 1);
        total += if c.doubled { 2 * c.found } else { c.found };
    }
    BitboardCount {
        total,
        unique: c.canonical,
        nodes: c.nodes,
    }
}
