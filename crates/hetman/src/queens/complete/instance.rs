//! The plain text format of a completion puzzle (`queens complete --instance FILE`).
//!
//! ```text
//! # 8 queens, the Russian seed's first queen, two blocked squares
//! n 8
//! given a1
//! blocked c2 d4
//! blocked 5,5
//! ```
//!
//! - `#` starts a comment; blank lines are skipped.
//! - `n N` (once, before any square): the number of queens and the side of the board.
//! - `given SQUARES` (any number of lines): queens every completion keeps.
//! - `blocked SQUARES` (any number of lines): squares no queen may take.
//!
//! Squares are separated by spaces or commas, in algebraic notation (`a1`,
//! `aa10` past file z) or as 1-based `file,rank` pairs joined by a comma
//! without spaces (`5,5`). Repeated squares, a square both given and blocked,
//! and two given queens that attack each other are errors
//! ([`Puzzle::from_squares`]).

use super::Puzzle;
use crate::{BoardSize, Error, Square};

/// A puzzle as read from text, before its squares are checked against each other.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Instance {
    /// N.
    pub n: usize,
    /// The given queens, in the order read.
    pub given: Vec<Square>,
    /// The blocked squares, in the order read.
    pub blocked: Vec<Square>,
}

impl Instance {
    /// The puzzle, checked strictly ([`Puzzle::from_squares`]).
    ///
    /// # Errors
    /// As [`Puzzle::from_squares`].
    ///
    /// ```
    /// let i = hetman::queens::complete::parse_instance("n 4\ngiven b4").unwrap();
    /// assert_eq!(i.puzzle().unwrap().count(), 1);
    /// ```
    pub fn puzzle(&self) -> Result<Puzzle, Error> {
        Puzzle::from_squares(self.n, &self.given, &self.blocked)
    }
}

fn bad(line: usize, what: String) -> Error {
    Error::Placement {
        reason: format!("line {line}: {what}"),
    }
}

/// Reads a puzzle in the format above.
///
/// # Errors
/// [`Error::Placement`] naming the line: no `n`, a second `n`, an unknown
/// keyword, a square off the board or unreadable.
///
/// ```
/// use hetman::queens::complete::parse_instance;
/// let i = parse_instance("# a puzzle\nn 8\ngiven a1 b3\nblocked 5,5, h8").unwrap();
/// assert_eq!((i.n, i.given.len(), i.blocked.len()), (8, 2, 2));
/// assert!(parse_instance("given a1").unwrap_err().to_string().contains("line 1"));
/// ```
pub fn parse_instance(text: &str) -> Result<Instance, Error> {
    let mut inst: Option<(BoardSize, Instance)> = None;
    for (i, raw) in text.lines().enumerate() {
        let no = i + 1;
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let (key, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        match key {
            "n" => {
                if inst.is_some() {
                    return Err(bad(no, "a second 'n' line: give N once".into()));
                }
                let n: usize = rest.trim().parse().map_err(|_| {
                    bad(
                        no,
                        format!("'n {}': N must be a whole number such as 8", rest.trim()),
                    )
                })?;
                let board = u32::try_from(n)
                    .ok()
                    .and_then(|v| BoardSize::square(v).ok())
                    .ok_or_else(|| {
                        bad(no, format!("N must be from 1 to {}, not {n}", super::MAX_N))
                    })?;
                inst = Some((
                    board,
                    Instance {
                        n,
                        given: Vec::new(),
                        blocked: Vec::new(),
                    },
                ));
            }
            "given" | "blocked" => {
                let Some((board, ins)) = inst.as_mut() else {
                    return Err(bad(no, format!("'{key}' before the 'n N' line")));
                };
                for tok in rest.split_whitespace() {
                    let parts: Vec<&str> = if tok.starts_with(|c: char| c.is_ascii_alphabetic()) {
                        tok.split(',').filter(|s| !s.is_empty()).collect()
                    } else {
                        vec![tok.trim_end_matches(',')]
                    };
                    for part in parts {
                        let sq = board
                            .parse_square(part)
                            .map_err(|e| bad(no, format!("{key} '{part}': {e}")))?;
                        if key == "given" {
                            ins.given.push(sq);
                        } else {
                            ins.blocked.push(sq);
                        }
                    }
                }
            }
            other => {
                return Err(bad(
                    no,
                    format!("unknown keyword '{other}' (expected 'n', 'given' or 'blocked')"),
                ));
            }
        }
    }
    inst.map(|(_, i)| i)
        .ok_or_else(|| bad(text.lines().count().max(1), "no 'n N' line".into()))
}
