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
