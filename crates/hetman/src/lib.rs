//! # hetman
//!
//! The classic chessboard backtracking problems: **N-Queens** and the
//! **knight's tour**. Everything the seed articles teach (brute force,
//! permutations, the recursive `test(c)` with its `row`, `up` and `down`
//! arrays, symmetry classes), plus fast engines for counting far up the OEIS
//! tables.
//!
//! Eight queens have 92 solutions, 12 of them distinct under rotations and
//! reflections:
//!
//! ```
//! use hetman::queens::{count, Algorithm};
//! let c = count(8, Algorithm::Fast).unwrap();
//! assert_eq!((c.total, c.unique), (92, 12));
//! ```
//!
//! A placement is the seeds' code, the rank of the queen on each file:
//!
//! ```
//! use hetman::queens::{check, Placement};
//! let p: Placement = "2 4 7 1 3 8 6 5".parse().unwrap();
//! let report = check(&p);
//! assert_eq!((report.non_attacking_pairs(), report.pairs), (25, 28));
//! assert_eq!(p.to_algebraic(), "a2 b4 c7 d1 e3 f8 g6 h5");
//! ```
//!
//! Squares use algebraic notation with `a1` at the bottom left ([`Square`]);
//! the eight symmetries of the board are [`Symmetry`].

#![deny(missing_docs)]

pub mod board;
mod error;
pub mod jobs;
pub mod knight;
pub mod queens;
pub mod render;
pub mod symmetry;
pub mod trace;

pub use board::{BoardSize, Square};
pub use error::Error;
pub use symmetry::Symmetry;

/// The README's `rust` blocks, run as doctests so that they cannot drift.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeDoctests;

/// The `rust` blocks of the guide's page on the library, run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/library.md")]
pub struct LibraryGuideDoctests;
