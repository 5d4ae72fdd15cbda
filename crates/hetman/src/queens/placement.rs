//! A placement of N queens, one on each file: the seeds' code.

use crate::board::file_name;
use crate::{Error, Square, Symmetry};
use std::fmt;
use std::str::FromStr;

/// The largest N a placement may have.
pub const MAX_N: usize = 1 << 30;

/// N queens on an N × N board, one on each file.
///
/// This is the seeds' code: the rank of the queen on each file, in file order.
/// It prints 1-based (`5 8 4 1 7 2 6 3`) and stores 0-based ranks.
///
/// It parses from any of the forms the tool prints:
/// - the code, `5 8 4 1 7 2 6 3` (spaces or commas), or compact `58417263` when N ≤ 9;
/// - algebraic squares, `a5 b8 c4 d1 e7 f2 g6 h3` (any order);
/// - a drawn board, top rank first, `Q` for a queen and `.` for an empty square,
///   with or without rank and file labels.
///
/// # Example
/// ```
/// use hetman::queens::Placement;
/// let p: Placement = "58417263".parse().unwrap();
/// assert_eq!(p.to_string(), "5 8 4 1 7 2 6 3");
/// assert_eq!(p.to_algebraic(), "a5 b8 c4 d1 e7 f2 g6 h3");
/// assert!(p.is_solution());
/// let same: Placement = "h3 a5 b8 c4 d1 e7 f2 g6".parse().unwrap();
/// assert_eq!(same, p);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Placement {
    ranks: Vec<u32>,
}

impl Placement {
    /// A placement from 0-based ranks, one per file.
    ///
    /// ```
    /// use hetman::queens::Placement;
    /// assert_eq!(Placement::from_ranks(vec![1, 3, 0, 2]).unwrap().to_string(), "2 4 1 3");
    /// assert!(Placement::from_ranks(vec![0, 4]).is_err());
    /// ```
    pub fn from_ranks(ranks: Vec<u32>) -> Result<Self, Error> {
        let n = ranks.len();
        if n == 0 {
            return Err(Error::placement("it has no queens"));
        }
        if n > MAX_N {
            return Err(Error::placement(format!(
                "N = {n} is above the limit of {MAX_N}"
            )));
        }
        if let Some((file, &r)) = ranks.iter().enumerate().find(|&(_, &r)| r as usize >= n) {
            return Err(Error::placement(format!(
                "rank {} on file {} is off the {n}x{n} board (ranks 1-{n})",
                u64::from(r) + 1,
                file_name(file as u32)
            )));
        }
        Ok(Placement { ranks })
    }

    /// A placement from the seeds' 1-based code.
    ///
    /// ```
    /// use hetman::queens::Placement;
    /// let p = Placement::from_code(&[2, 4, 1, 3]).unwrap();
    /// assert_eq!(p.ranks(), &[1, 3, 0, 2]);
    /// ```
    pub fn from_code(code: &[u32]) -> Result<Self, Error> {
        let n = code.len();
        let mut ranks = Vec::with_capacity(n);
        for (file, &c) in code.iter().enumerate() {
            if c == 0 || c as usize > n {
                return Err(Error::placement(format!(
                    "rank {c} on file {} is out of range: with {n} queens ranks run from 1 to {n}",
                    file_name(file as u32)
                )));
            }
            ranks.push(c - 1);
        }
        Self::from_ranks(ranks)
    }

    /// Builds a placement from 0-based ranks known to be in range (used by the searches).
    pub(crate) fn from_ranks_unchecked(ranks: &[u32]) -> Self {
        debug_assert!(ranks.iter().all(|&r| (r as usize) < ranks.len()));
        Placement {
            ranks: ranks.to_vec(),
        }
    }

    /// N: the number of queens, files and ranks.
    ///
    /// ```
    /// assert_eq!("2413".parse::<hetman::queens::Placement>().unwrap().n(), 4);
    /// ```
    #[inline]
    #[must_use]
    pub fn n(&self) -> usize {
        self.ranks.len()
    }

    /// The 0-based rank of the queen on each file.
    ///
    /// ```
    /// assert_eq!("2413".parse::<hetman::queens::Placement>().unwrap().ranks(), &[1, 3, 0, 2]);
    /// ```
    #[inline]
    #[must_use]
    pub fn ranks(&self) -> &[u32] {
        &self.ranks
    }

    /// The squares of the queens, in file order.
    ///
    /// ```
    /// let p: hetman::queens::Placement = "2413".parse().unwrap();
    /// assert_eq!(p.squares().next().unwrap().to_string(), "a2");
    /// ```
    pub fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        self.ranks
            .iter()
            .enumerate()
            .map(|(f, &r)| Square::new(f as u32, r))
    }

    /// Whether no two queens attack each other.
    ///
    /// ```
    /// use hetman::queens::Placement;
    /// assert!("2413".parse::<Placement>().unwrap().is_solution());
    /// assert!(!"1234".parse::<Placement>().unwrap().is_solution());
    /// ```
    #[must_use]
    pub fn is_solution(&self) -> bool {
        super::check::is_solution(&self.ranks)
    }

    /// The 1-based code separated by spaces, as the seeds write it.
    ///
    /// ```
    /// assert_eq!("2413".parse::<hetman::queens::Placement>().unwrap().to_code(), "2 4 1 3");
    /// ```
    #[must_use]
    pub fn to_code(&self) -> String {
        self.to_string()
    }

    /// The compact code without separators, `58417263`; `None` when N > 9.
    ///
    /// ```
    /// let p: hetman::queens::Placement = "5 8 4 1 7 2 6 3".parse().unwrap();
    /// assert_eq!(p.to_compact().as_deref(), Some("58417263"));
    /// ```
    #[must_use]
    pub fn to_compact(&self) -> Option<String> {
        (self.n() <= 9).then(|| {
            self.ranks
                .iter()
                .map(|&r| char::from(b'1' + r as u8))
                .collect()
        })
    }

    /// The squares in algebraic notation, `a5 b8 c4 ...`.
    ///
    /// ```
    /// let p: hetman::queens::Placement = "2413".parse().unwrap();
    /// assert_eq!(p.to_algebraic(), "a2 b4 c1 d3");
    /// ```
    #[must_use]
    pub fn to_algebraic(&self) -> String {
        let mut s = String::new();
        for (i, sq) in self.squares().enumerate() {
            if i > 0 {
                s.push(' ');
            }
            s.push_str(&sq.to_string());
        }
        s
    }

    /// Whether the placement also has one queen on each rank, so that every
    /// symmetry of the board maps it to a placement again.
    ///
    /// ```
    /// use hetman::queens::Placement;
    /// assert!("2413".parse::<Placement>().unwrap().is_permutation());
    /// assert!(!"2213".parse::<Placement>().unwrap().is_permutation());
    /// ```
    #[must_use]
    pub fn is_permutation(&self) -> bool {
        let mut seen = vec![false; self.n()];
        self.ranks
            .iter()
            .all(|&r| !std::mem::replace(&mut seen[r as usize], true))
    }

    /// The image of the placement under a symmetry of the board.
    ///
    /// Reflections left-right and top-bottom and the half turn always give a
    /// placement; the other symmetries exchange files and ranks, so they need a
    /// placement with one queen on each rank as well, and return an error otherwise.
    ///
    /// ```
    /// use hetman::{queens::Placement, Symmetry};
    /// let p: Placement = "2413".parse().unwrap();
    /// assert_eq!(p.image(Symmetry::MirrorFiles).unwrap().to_string(), "3 1 4 2");
    /// assert_eq!(p.image(Symmetry::Rotate90).unwrap(), p);
    /// ```
    pub fn image(&self, sym: Symmetry) -> Result<Placement, Error> {
        let n = self.n() as u32;
        let mut out = vec![u32::MAX; self.n()];
        for (f, &r) in self.ranks.iter().enumerate() {
            let (f2, r2) = sym.map(f as u32, r, n);
            if out[f2 as usize] != u32::MAX {
                return Err(Error::placement(format!(
                    "the {} needs one queen on each rank, but rank {} has more than one",
                    sym.name(),
                    r + 1
                )));
            }
            out[f2 as usize] = r2;
        }
        Ok(Placement { ranks: out })
    }

    /// The canonical form: the smallest code among the eight images.
    ///
    /// Needs one queen on each rank (see [`Placement::image`]).
    ///
    /// ```
    /// use hetman::queens::Placement;
    /// let p: Placement = "3142".parse().unwrap();
    /// assert_eq!(p.canonical().unwrap().to_string(), "2 4 1 3");
    /// ```
    pub fn canonical(&self) -> Result<Placement, Error> {
        let mut best = self.clone();
        for sym in Symmetry::ALL {
            let img = self.image(sym)?;
            if img.ranks < best.ranks {
                best = img;
            }
        }
        Ok(best)
    }

    /// The number of distinct images under the eight symmetries: 8, 4, 2 or 1.
    ///
    /// ```
    /// use hetman::queens::Placement;
    /// // The one 8-queens solution with a half-turn symmetry.
    /// assert_eq!("35281746".parse::<Placement>().unwrap().class_size().unwrap(), 4);
    /// assert_eq!("15863724".parse::<Placement>().unwrap().class_size().unwrap(), 8);
    /// ```
    pub fn class_size(&self) -> Result<usize, Error> {
        let mut fixed = 0;
        for sym in Symmetry::ALL {
            if self.image(sym)? == *self {
                fixed += 1;
            }
        }
        Ok(8 / fixed)
    }

    /// Parses a drawn board: rows top rank first, `Q`/`q`/`♛`/`♕` a queen,
    /// `.`/`·`/`-`/`_` an empty square; rank labels at either end of a row and a
    /// line of file letters are ignored.
    fn parse_board(s: &str) -> Result<Self, Error> {
        let mut rows: Vec<Vec<bool>> = Vec::new();
        for line in s.lines() {
            let line = line.trim();
            if line.is_empty() {
                continue;
            }
            // A line of file letters (the label line): letters only, and not
            // only queens (from N = 17 on it names file q too).
            if line
                .chars()
                .all(|c| c.is_ascii_alphabetic() || c.is_whitespace())
                && line
                    .chars()
                    .any(|c| c.is_ascii_alphabetic() && c != 'q' && c != 'Q')
            {
                continue;
            }
            if !line.chars().any(is_square_char) {
                return Err(Error::placement(format!(
                    "board line '{line}' has no squares: use 'Q' for a queen and '.' for an empty square"
                )));
            }
            let mut row = Vec::new();
            for c in line.chars() {
                match c {
                    'Q' | 'q' | '♛' | '♕' => row.push(true),
                    c if is_square_char(c) => row.push(false),
                    c if c.is_ascii_digit() || c.is_whitespace() || c == '|' => {}
                    c => {
                        return Err(Error::placement(format!(
                            "unexpected character '{c}' in board line '{line}': use 'Q' for a queen and '.' for an empty square"
                        )))
                    }
                }
            }
            rows.push(row);
        }
        let n = rows.len();
        if n == 0 {
            return Err(Error::placement("the board has no rows"));
        }
        let mut ranks = vec![u32::MAX; n];
        for (i, row) in rows.iter().enumerate() {
            let rank = (n - 1 - i) as u32;
            if row.len() != n {
                return Err(Error::placement(format!(
                    "rank {} has {} squares but the board has {n} ranks; a board must be square",
                    rank + 1,
                    row.len()
                )));
            }
            for (file, &q) in row.iter().enumerate() {
                if q {
                    if ranks[file] != u32::MAX {
                        return Err(Error::placement(format!(
                            "two queens on file {}: a placement has one queen on each file",
                            file_name(file as u32)
                        )));
                    }
                    ranks[file] = rank;
                }
            }
        }
        if let Some(file) = ranks.iter().position(|&r| r == u32::MAX) {
            return Err(Error::placement(format!(
                "no queen on file {}: a placement has one queen on each file",
                file_name(file as u32)
            )));
        }
        Self::from_ranks(ranks)
    }

    fn parse_algebraic(tokens: &[&str]) -> Result<Self, Error> {
        let n = tokens.len();
        let mut ranks = vec![u32::MAX; n];
        for tok in tokens {
            if tok.bytes().all(|b| b.is_ascii_digit()) {
                return Err(Error::placement(format!(
                    "'{tok}' is a rank number but other entries are squares: give either a code such as '5 8 4 1' or squares such as 'a5 b8 c4 d1'"
                )));
            }
            let sq: Square = tok.parse().map_err(|_| {
                Error::placement(format!(
                    "'{tok}' is not a square: expected a file letter and a rank, such as 'a5'"
                ))
            })?;
            let (f, r) = (sq.file() as usize, sq.rank() as usize);
            if f >= n || r >= n {
                return Err(Error::placement(format!(
                    "square {sq} is off the {n}x{n} board that {n} queens stand on (files a-{}, ranks 1-{n})",
                    file_name(n as u32 - 1)
                )));
            }
            if ranks[f] != u32::MAX {
                return Err(Error::placement(format!(
                    "two queens on file {}: a placement has one queen on each file",
                    file_name(f as u32)
                )));
            }
            ranks[f] = r as u32;
        }
        Self::from_ranks(ranks)
    }
}

fn is_square_char(c: char) -> bool {
    matches!(c, 'Q' | 'q' | '♛' | '♕' | '.' | '·' | '-' | '_')
}

impl fmt::Display for Placement {
    /// The 1-based code separated by spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, &r) in self.ranks.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{}", u64::from(r) + 1)?;
        }
        Ok(())
    }
}

impl FromStr for Placement {
    type Err = Error;

    fn from_str(s: &str) -> Result<Self, Error> {
        let t = s.trim();
        if t.is_empty() {
            return Err(Error::placement(
                "it is empty: give a code such as '5 8 4 1 7 2 6 3'",
            ));
        }
        // A lowercase 'q' is also the 17th file letter ('q17'), so it marks a
        // one-line board only in a word of square symbols ('q', '.q..').
        if t.contains('\n')
            || t.chars().any(|c| matches!(c, 'Q' | '♛' | '♕' | '.' | '·'))
            || t.split_whitespace()
                .any(|w| w.contains('q') && w.chars().all(is_square_char))
        {
            return Self::parse_board(t);
        }
        let tokens: Vec<&str> = t
            .split(|c: char| c.is_whitespace() || c == ',' || c == ';')
            .filter(|x| !x.is_empty())
            .collect();
        if tokens
            .iter()
            .any(|x| x.starts_with(|c: char| c.is_ascii_alphabetic()))
        {
            return Self::parse_algebraic(&tokens);
        }
        if let Some(bad) = tokens
            .iter()
            .find(|x| !x.bytes().all(|b| b.is_ascii_digit()))
        {
            return Err(Error::placement(format!(
                "'{bad}' is neither a rank number nor a square; use a code such as '5 8 4 1 7 2 6 3', squares such as 'a5 b8', or a drawn board"
            )));
        }
        if tokens.len() == 1 && tokens[0].len() > 1 {
            // Compact code: one digit per file.
            let code: Vec<u32> = tokens[0].bytes().map(|b| u32::from(b - b'0')).collect();
            if code.len() > 9 {
                return Err(Error::placement(format!(
                    "compact code '{}' has {} digits; compact codes are for N up to 9, separate larger codes with spaces",
                    tokens[0],
                    code.len()
                )));
            }
            return Self::from_code(&code);
        }
        let mut code = Vec::with_capacity(tokens.len());
        for tok in &tokens {
            let v: u32 = tok
                .parse()
                .map_err(|_| Error::placement(format!("rank '{tok}' is too large")))?;
            code.push(v);
        }
        Self::from_code(&code)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_form_parses_to_the_same_placement() {
        let p: Placement = "5 8 4 1 7 2 6 3".parse().unwrap();
        let board = "8 . Q . . . . . .\n7 . . . . Q . . .\n6 . . . . . . Q .\n5 Q . . . . . . .\n4 . . Q . . . . .\n3 . . . . . . . Q\n2 . . . . . Q . .\n1 . . . Q . . . .\n  a b c d e f g h\n";
        for s in [
            "58417263",
            "5,8,4,1,7,2,6,3",
            "a5 b8 c4 d1 e7 f2 g6 h3",
            board,
        ] {
            assert_eq!(s.parse::<Placement>().unwrap(), p, "{s}");
        }
    }

    #[test]
    fn squares_on_file_q_are_not_a_board() {
        // Found by fuzzing (fuzz/placement): with N >= 17 the squares printed
        // for a placement name file q, which was read as a queen of a drawn board.
        let p: Placement = "10 3 5 7 1 4 2 7 1 4 2 8 6 9 8 6 9".parse().unwrap();
        assert_eq!(p.to_algebraic().parse::<Placement>().unwrap(), p);
        assert_eq!("q".parse::<Placement>().unwrap().n(), 1);
        // And the drawn board's label line names file q.
        let board = crate::render::text::queens(&p);
        assert_eq!(board.parse::<Placement>().unwrap(), p);
    }

    #[test]
    fn bad_placements_say_why() {
        let cases = [
            ("5 9 4 1 7 2 6 3", "rank 9"),
            ("0 1", "rank 0"),
            ("a1 a2", "two queens on file a"),
            ("a1 c2", "off the 2x2"),
            ("a1 b2 x", "'x' is not a square"),
            (
                "1 2 z",
                "'1' is a rank number but other entries are squares",
            ),
            ("1 2 3?", "'3?'"),
            ("", "empty"),
            ("Q.\n.", "rank 1 has 1 squares"),
            ("Q.\nQ.", "two queens on file a"),
            ("1234567891", "compact"),
        ];
        for (s, want) in cases {
            let e = s.parse::<Placement>().unwrap_err().to_string();
            assert!(e.contains(want), "{s:?}: {e}");
        }
    }
}
