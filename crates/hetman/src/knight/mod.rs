//! The knight's tour: exact tour counts by a frontier dynamic programme.

pub mod frontier;
