//! The library's one error type.

use std::fmt;

/// Everything that can go wrong when the library is handed input it cannot use.
///
/// Messages are lowercase and name the value and what would be accepted, so a
/// front end can print them as they are.
///
/// # Example
/// ```
/// use hetman::queens::Placement;
/// let err = "5 9 4 1 7 2 6 3".parse::<Placement>().unwrap_err();
/// assert!(err.to_string().contains("rank 9"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// A board size that is zero, malformed or too large.
    Size {
        /// The value as given.
        value: String,
        /// What is wrong and what is accepted.
        reason: String,
    },
    /// A square that is malformed or off the board.
    Square {
        /// The value as given.
        value: String,
        /// What is wrong and what is accepted.
        reason: String,
    },
    /// A queens placement that cannot be read.
    Placement {
        /// What is wrong and what is accepted.
        reason: String,
    },
    /// A knight's tour that cannot be read.
    Tour {
        /// What is wrong and what is accepted.
        reason: String,
    },
    /// A job too large for the chosen algorithm: it would take too long or too much memory.
    TooLarge {
        /// What was asked for and the estimate that made it refuse.
        reason: String,
    },
    /// The search was stopped from outside (for example by Ctrl-C).
    Interrupted,
    /// A count stopped at the memory limit it was given (saving its
    /// checkpoint first, if it has one).
    OutOfMemory {
        /// What it held and the limit.
        reason: String,
    },
    /// The question has no answer: no tour from that square, say.
    NoSolution {
        /// What was asked for and why there is none.
        reason: String,
    },
    /// A checkpoint file that cannot be written, read, or used for this job.
    Checkpoint {
        /// The file as given.
        path: String,
        /// What is wrong.
        reason: String,
    },
    /// A file hetman wrote that does not read back whole (damaged, cut short,
    /// extended, foreign), or an output that cannot be written safely.
    File {
        /// The file as given.
        path: String,
        /// What is wrong with it.
        reason: String,
    },
    /// A shard that does not exist, or a set of shard results that cannot be merged.
    Shard {
        /// What is wrong, with the shard numbers.
        reason: String,
    },
    /// A line of a trace (JSON Lines, `docs/trace-schema.md`) that cannot be
    /// read: not JSON, not an event, or a schema version not known.
    Trace {
        /// What is wrong and what is accepted.
        reason: String,
    },
    /// A result that failed hetman's own check of it (two ways of computing
    /// the same number disagree): a bug, to be reported.
    Internal {
        /// The check that failed, with both numbers.
        reason: String,
    },
}

impl Error {
    pub(crate) fn placement(reason: impl Into<String>) -> Self {
        Error::Placement {
            reason: reason.into(),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Size { value, reason } => write!(f, "invalid size '{value}': {reason}"),
            Error::Square { value, reason } => write!(f, "invalid square '{value}': {reason}"),
            Error::Placement { reason } => write!(f, "invalid placement: {reason}"),
            Error::Tour { reason } => write!(f, "invalid tour: {reason}"),
            Error::TooLarge { reason } => write!(f, "{reason}"),
            Error::Interrupted => write!(f, "interrupted"),
            Error::OutOfMemory { reason } => write!(f, "{reason}"),
            Error::NoSolution { reason } => write!(f, "{reason}"),
            Error::Checkpoint { path, reason } => write!(f, "checkpoint '{path}': {reason}"),
            Error::File { path, reason } => write!(f, "'{path}' {reason}"),
            Error::Shard { reason } => write!(f, "{reason}"),
            Error::Trace { reason } => write!(f, "trace: {reason}"),
            Error::Internal { reason } => write!(f, "internal error: {reason}"),
        }
    }
}

impl std::error::Error for Error {}
