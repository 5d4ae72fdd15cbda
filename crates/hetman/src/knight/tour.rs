//! A knight's tour, its verification, and reading tours back from text.

use super::board::{check_squares, is_knight_move, KnightBoard};
use crate::{BoardSize, Error, Square};
use std::fmt;

/// A knight's tour: the squares in visiting order on a board of a given size.
///
/// A `Tour` is just the sequence; [`Tour::verify`] says whether it is a tour
/// of a particular [`KnightBoard`] (every free square once, knight moves only).
///
/// # Example
/// ```
/// use hetman::{BoardSize, knight::{Tour, KnightBoard}};
/// let size = BoardSize::new(3, 4).unwrap();
/// let t = Tour::from_moves(size, "a1 c2 a3 b1 c3 a2 c1 b3 a4 c4 b2 ... ").unwrap_err();
/// # let _ = t;
/// let t = Tour::from_moves(size, "a1 b3 c1 a2 c3 b1 a3 c4 b2 a4 ... ");
/// assert!(t.is_err()); // '...' is not a square
/// let t = Tour::from_moves(size, "a1 b3 c1 a2 c3 b1 a3 c4 b2 a4 c3").unwrap();
/// let board = KnightBoard::new(size).unwrap();
/// assert!(t.verify(&board, false).is_err()); // c3 twice
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tour {
    size: BoardSize,
    path: Vec<u32>,
}

/// Why a sequence of squares is not a tour of a board.
///
/// # Example
/// ```
/// use hetman::{BoardSize, knight::{Tour, KnightBoard, Fault}};
/// let size = BoardSize::square(5).unwrap();
/// let t = Tour::from_moves(size, "a1 b3 a4 c4").unwrap();
/// let err = t.verify(&KnightBoard::new(size).unwrap(), false).unwrap_err();
/// assert!(matches!(err, Fault::Step { number: 2, .. }));
/// assert_eq!(err.to_string(), "move 2, b3 to a4, is not a knight's move");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Fault {
    /// The tour visits no square.
    Empty,
    /// Step `number` (from square `number`, 1-based, to the next) is not a knight's move.
    Step {
        /// The 1-based number of the move: move 1 goes from square 1 to square 2.
        number: u64,
        /// Where it starts.
        from: Square,
        /// Where it lands.
        to: Square,
    },
    /// A square is visited twice.
    Repeated {
        /// The square.
        square: Square,
        /// Its first visit, 1-based.
        first: u64,
        /// Its second visit, 1-based.
        second: u64,
    },
    /// The tour visits a blocked square.
    Blocked {
        /// The square.
        square: Square,
        /// The visit, 1-based.
        number: u64,
    },
    /// A free square is never visited.
    Missing {
        /// The first one, in index order (a1, b1, ...).
        square: Square,
        /// How many free squares are missing.
        count: u64,
    },
    /// A closed tour was asked for, but the last square is not a knight's move from the first.
    NotClosed {
        /// The first square.
        first: Square,
        /// The last square.
        last: Square,
    },
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::Empty => write!(f, "the tour visits no square"),
            Fault::Step { number, from, to } => {
                write!(f, "move {number}, {from} to {to}, is not a knight's move")
            }
            Fault::Repeated {
                square,
                first,
                second,
            } => write!(
                f,
                "square {square} is visited twice, as square {first} and square {second} of the tour"
            ),
            Fault::Blocked { square, number } => {
                write!(f, "square {number} of the tour, {square}, is blocked")
            }
            Fault::Missing { square, count } => {
                if *count == 1 {
                    write!(f, "square {square} is never visited")
                } else {
                    write!(f, "{count} squares are never visited, the first being {square}")
                }
            }
            Fault::NotClosed { first, last } => write!(
                f,
                "not closed: the last square {last} is not a knight's move from the first {first}"
            ),
        }
    }
}

impl std::error::Error for Fault {}

impl Tour {
    /// A tour from square indices (`rank * width + file`), unchecked; see [`Tour::verify`].
    ///
    /// ```
    /// use hetman::{BoardSize, knight::Tour};
    /// let t = Tour::from_indices(BoardSize::square(5).unwrap(), vec![0, 7]);
    /// assert_eq!(t.to_moves(), "a1 c2");
    /// ```
    #[must_use]
    pub fn from_indices(size: BoardSize, path: Vec<u32>) -> Self {
        Tour { size, path }
    }

    /// A tour from squares on a board of `size`; refuses squares off the board.
    ///
    /// ```
    /// use hetman::{BoardSize, Square, knight::Tour};
    /// let size = BoardSize::square(5).unwrap();
    /// assert!(Tour::from_squares(size, &[Square::new(0, 0), Square::new(1, 2)]).is_ok());
    /// assert!(Tour::from_squares(size, &[Square::new(5, 0)]).is_err());
    /// ```
    pub fn from_squares(size: BoardSize, squares: &[Square]) -> Result<Self, Error> {
        check_squares(size)?;
        let mut path = Vec::with_capacity(squares.len());
        for &sq in squares {
            if !size.contains(sq) {
                return Err(Error::Tour {
                    reason: format!("square {sq} is off the {size} board"),
                });
            }
            path.push(sq.rank() * size.width() + sq.file());
        }
        Ok(Tour { size, path })
    }

    /// Reads a move list in algebraic notation (`a1 b3 c5 ...`, separated by
    /// spaces, commas, `-` or new lines) on a board of `size`.
    ///
    /// ```
    /// use hetman::{BoardSize, knight::Tour};
    /// let t = Tour::from_moves(BoardSize::square(5).unwrap(), "a1-b3, c5").unwrap();
    /// assert_eq!(t.len(), 3);
    /// ```
    pub fn from_moves(size: BoardSize, text: &str) -> Result<Self, Error> {
        let squares = parse_move_list(text)?;
        Self::from_squares(size, &squares)
    }

    /// Reads a tour as text: either a move list (then the board is `size`, or
    /// the smallest board holding every square when `size` is `None`) or a
    /// board of move numbers as [`Tour::to_board`] draws it, top rank first,
    /// with or without the rank and file labels (`#` marks a blocked square, `.`
    /// one not visited). Returns the tour and the squares marked blocked.
    ///
    /// ```
    /// use hetman::knight::Tour;
    /// let text = "3 7 4 1\n2 2 9 6\n1 5 8 3\n  a b c\n"; // not a tour, but readable
    /// let (t, blocked) = Tour::parse(text, None).unwrap();
    /// assert_eq!(t.len(), 9);
    /// assert!(blocked.is_empty());
    /// assert_eq!(t.to_moves().split(' ').next(), Some("c3"));
    /// ```
    pub fn parse(text: &str, size: Option<BoardSize>) -> Result<(Self, Vec<Square>), Error> {
        let t = text.trim();
        if t.is_empty() {
            return Err(tour_err(
                "empty input: give a move list such as 'a1 c2 e1 ...' or a board of move numbers",
            ));
        }
        let looks_numbered = t
            .split_whitespace()
            .next()
            .is_some_and(|w| w.bytes().all(|b| b.is_ascii_digit()));
        if looks_numbered {
            parse_numbered(t, size)
        } else {
            let squares = parse_move_list(t)?;
            let size = match size {
                Some(s) => s,
                None => {
                    let w = squares.iter().map(|s| s.file()).max().unwrap_or(0) + 1;
                    let h = squares.iter().map(|s| s.rank()).max().unwrap_or(0) + 1;
                    BoardSize::new(w, h)?
                }
            };
            Ok((Self::from_squares(size, &squares)?, Vec::new()))
        }
    }

    /// The board size.
    ///
    /// ```
    /// use hetman::{BoardSize, knight::Tour};
    /// let s = BoardSize::square(5).unwrap();
    /// assert_eq!(Tour::from_indices(s, vec![0]).size(), s);
    /// ```
    #[must_use]
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// The number of squares visited.
    ///
    /// ```
    /// use hetman::{BoardSize, knight::Tour};
    /// assert_eq!(Tour::from_indices(BoardSize::square(5).unwrap(), vec![0, 7]).len(), 2);
    /// ```
    #[must_use]
    pub fn len(&self) -> usize {
        self.path.len()
    }

    /// Whether the tour visits no square.
    ///
    /// ```
    /// use hetman::{BoardSize, knight::Tour};
    /// assert!(Tour::from_indices(BoardSize::square(5).unwrap(), vec![]).is_empty());
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.path.is_empty()
    }

    /// The square indices in visiting order.
    ///
    /// ```
    /// use hetman::{BoardSize, knight::Tour};
    /// assert_eq!(Tour::from_indices(BoardSize::square(5).unwrap(), vec![0, 7]).indices(), &[0, 7]);
    /// ```
    #[must_use]
    pub fn indices(&self) -> &[u32] {
        &self.path
    }

    /// The square visited `k`-th (0-based).
    ///
    /// ```
    /// use hetman::{BoardSize, Square, knight::Tour};
    /// let t = Tour::from_indices(BoardSize::square(5).unwrap(), vec![0, 7]);
    /// assert_eq!(t.square(1), Square::new(2, 1));
    /// ```
    #[must_use]
    pub fn square(&self, k: usize) -> Square {
        let i = self.path[k];
        Square::new(i % self.size.width(), i / self.size.width())
    }

    /// The squares in visiting order.
    ///
    /// ```
    /// use hetman::{BoardSize, knight::Tour};
    /// let t = Tour::from_indices(BoardSize::square(5).unwrap(), vec![0, 7]);
    /// assert_eq!(t.squares().count(), 2);
    /// ```
    pub fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        (0..self.path.len()).map(|k| self.square(k))
    }

    /// Whether the last square is a knight's move from the first (a re-entrant tour).
    ///
    /// ```
    /// use hetman::{BoardSize, knight::Tour};
    /// let t = Tour::from_moves(BoardSize::square(5).unwrap(), "a1 c2 d4 b3").unwrap();
    /// assert!(t.is_closed());
    /// ```
    #[must_use]
    pub fn is_closed(&self) -> bool {
        self.path.len() > 2 && is_knight_move(self.square(0), self.square(self.path.len() - 1))
    }

    /// Checks that this is a tour of `board`: knight moves only, every free
    /// square exactly once, no blocked square, and when `closed` is asked for,
    /// the last square a knight's move from the first. Names the first fault.
    ///
    /// ```
    /// use hetman::{BoardSize, knight::{find, FindOptions, KnightBoard}};
    /// let board = KnightBoard::new(BoardSize::square(5).unwrap()).unwrap();
    /// let tour = find(&board, "a5".parse().unwrap(), &FindOptions::default()).unwrap().tour.unwrap();
    /// assert_eq!(tour.verify(&board, false), Ok(()));
    /// ```
    pub fn verify(&self, board: &KnightBoard, closed: bool) -> Result<(), Fault> {
        if self.path.is_empty() {
            return Err(Fault::Empty);
        }
        let n = board.squares() as usize;
        let mut seen: Vec<u32> = vec![0; n];
        for (k, &i) in self.path.iter().enumerate() {
            let number = k as u64 + 1;
            let sq = self.square(k);
            if (i as usize) >= n || self.size != board.size() {
                return Err(Fault::Blocked { square: sq, number });
            }
            if k > 0 && !is_knight_move(self.square(k - 1), sq) {
                return Err(Fault::Step {
                    number: k as u64,
                    from: self.square(k - 1),
                    to: sq,
                });
            }
            if board.is_blocked(i) {
                return Err(Fault::Blocked { square: sq, number });
            }
            if seen[i as usize] != 0 {
                return Err(Fault::Repeated {
                    square: sq,
                    first: u64::from(seen[i as usize]),
                    second: number,
                });
            }
            seen[i as usize] = k as u32 + 1;
        }
        let mut missing = (0..n as u32).filter(|&i| !board.is_blocked(i) && seen[i as usize] == 0);
        if let Some(first) = missing.next() {
            return Err(Fault::Missing {
                square: board.square(first),
                count: 1 + missing.count() as u64,
            });
        }
        if closed && !self.is_closed() {
            return Err(Fault::NotClosed {
                first: self.square(0),
                last: self.square(self.path.len() - 1),
            });
        }
        Ok(())
    }

    /// The move numbers, square by square (index order), 0 for a square not visited.
    ///
    /// ```
    /// use hetman::{BoardSize, knight::Tour};
    /// let t = Tour::from_indices(BoardSize::new(3, 1).unwrap(), vec![2]);
    /// assert_eq!(t.numbers(), vec![0, 0, 1]);
    /// ```
    #[must_use]
    pub fn numbers(&self) -> Vec<u32> {
        let mut num = vec![0u32; self.size.squares() as usize];
        for (k, &i) in self.path.iter().enumerate() {
            num[i as usize] = k as u32 + 1;
        }
        num
    }

    /// The board of move numbers as the seed prints it: top rank first,
    /// columns aligned, files and ranks labelled; `#` marks a blocked square
    /// and `.` a square not visited.
    ///
    /// ```
    /// use hetman::{BoardSize, knight::{KnightBoard, Tour}};
    /// let size = BoardSize::new(3, 2).unwrap();
    /// let t = Tour::from_moves(size, "a1 c2").unwrap();
    /// let board = KnightBoard::new(size).unwrap();
    /// assert_eq!(t.to_board(&board), "2 . . 2\n1 1 . .\n  a b c\n");
    /// ```
    #[must_use]
    pub fn to_board(&self, board: &KnightBoard) -> String {
        let num = self.numbers();
        let w = self.size.width();
        crate::board::text_grid(w, self.size.height(), |sq| {
            let i = sq.rank() * w + sq.file();
            match num[i as usize] {
                0 if board.is_blocked(i) => "#".to_string(),
                0 => ".".to_string(),
                k => k.to_string(),
            }
        })
    }

    /// The move list in algebraic notation, `a1 c2 e1 ...`.
    ///
    /// ```
    /// use hetman::{BoardSize, knight::Tour};
    /// let t = Tour::from_indices(BoardSize::square(5).unwrap(), vec![0, 7, 4]);
    /// assert_eq!(t.to_moves(), "a1 c2 e1");
    /// ```
    #[must_use]
    pub fn to_moves(&self) -> String {
        let mut s = String::with_capacity(self.path.len() * 4);
        for (k, sq) in self.squares().enumerate() {
            if k > 0 {
                s.push(' ');
            }
            s.push_str(&sq.to_string());
        }
        s
    }

    /// The same tour run backwards.
    ///
    /// ```
    /// use hetman::{BoardSize, knight::Tour};
    /// let t = Tour::from_indices(BoardSize::square(5).unwrap(), vec![0, 7]);
    /// assert_eq!(t.reversed().indices(), &[7, 0]);
    /// ```
    #[must_use]
    pub fn reversed(&self) -> Tour {
        let mut path = self.path.clone();
        path.reverse();
        Tour {
            size: self.size,
            path,
        }
    }

    pub(crate) fn path_mut(&mut self) -> &mut Vec<u32> {
        &mut self.path
    }
}

fn tour_err(reason: impl Into<String>) -> Error {
    Error::Tour {
        reason: reason.into(),
    }
}

fn parse_move_list(text: &str) -> Result<Vec<Square>, Error> {
    let mut out = Vec::new();
    for (k, tok) in text
        .split(|c: char| c.is_whitespace() || c == ',' || c == '-' || c == ';')
        .filter(|t| !t.is_empty())
        .enumerate()
    {
        // Allow "1." style numbering and a leading 'N' (knight) as in chess notation.
        if tok.ends_with('.') && tok[..tok.len() - 1].bytes().all(|b| b.is_ascii_digit()) {
            continue;
        }
        let t = tok.strip_prefix('N').unwrap_or(tok);
        let sq: Square = t.parse().map_err(|_| {
            tour_err(format!(
                "word {} '{tok}' is not a square: expected squares such as 'a1 c2 e1' (or a board of move numbers)",
                k + 1
            ))
        })?;
        out.push(sq);
    }
    if out.is_empty() {
        return Err(tour_err("no squares found"));
    }
    Ok(out)
}

fn parse_numbered(text: &str, size: Option<BoardSize>) -> Result<(Tour, Vec<Square>), Error> {
    let mut rows: Vec<Vec<&str>> = Vec::new();
    for line in text.lines() {
        let cells: Vec<&str> = line.split_whitespace().collect();
        if cells.is_empty() {
            continue;
        }
        // A file-label row: every cell letters.
        if cells
            .iter()
            .all(|c| c.bytes().all(|b| b.is_ascii_alphabetic()))
        {
            continue;
        }
        rows.push(cells);
    }
    if rows.is_empty() {
        return Err(tour_err("no rows of move numbers found"));
    }
    // Rank labels: every row has one more cell than the narrowest, and the
    // first cells count down to 1.
    let height = rows.len();
    let labelled = rows.iter().enumerate().all(|(i, r)| {
        r.first()
            .is_some_and(|c| c.parse::<usize>().ok() == Some(height - i))
    }) && rows.iter().all(|r| r.len() == rows[0].len())
        && rows[0].len() >= 2
        && (size.is_none_or(|s| s.width() as usize == rows[0].len() - 1));
    let width = rows[0].len() - usize::from(labelled);
    for (i, r) in rows.iter().enumerate() {
        if r.len() - usize::from(labelled) != width {
            return Err(tour_err(format!(
                "row {} from the top has {} numbers but the first row has {width}: every rank needs one entry per file",
                i + 1,
                r.len() - usize::from(labelled)
            )));
        }
    }
    let bsize = BoardSize::new(width as u32, height as u32)?;
    if let Some(s) = size
        && s != bsize
    {
        return Err(tour_err(format!(
            "the board drawn is {bsize} but the size given is {s}"
        )));
    }
    check_squares(bsize)?;
    let n = bsize.squares() as usize;
    let mut at: Vec<Option<Square>> = vec![None; n];
    let mut blocked = Vec::new();
    let mut visited = 0usize;
    for (i, r) in rows.iter().enumerate() {
        let rank = (height - 1 - i) as u32;
        for (file, cell) in r[usize::from(labelled)..].iter().enumerate() {
            let sq = Square::new(file as u32, rank);
            match *cell {
                "#" => blocked.push(sq),
                "." => {}
                c => {
                    let k: usize = c.parse().map_err(|_| {
                        tour_err(format!(
                            "'{c}' on {sq} is not a move number: expected whole numbers, '#' (blocked) or '.' (not visited)"
                        ))
                    })?;
                    if k == 0 || k > n {
                        return Err(tour_err(format!(
                            "move number {k} on {sq} is out of range: numbers run from 1 to at most {n}"
                        )));
                    }
                    if let Some(other) = at[k - 1] {
                        return Err(tour_err(format!(
                            "move number {k} appears twice, on {other} and on {sq}"
                        )));
                    }
                    at[k - 1] = Some(sq);
                    visited += 1;
                }
            }
        }
    }
    if let Some(gap) = at[..visited].iter().position(Option::is_none) {
        return Err(tour_err(format!(
            "move number {} is missing although {} squares are numbered",
            gap + 1,
            visited
        )));
    }
    let squares: Vec<Square> = at[..visited].iter().map(|s| s.expect("checked")).collect();
    Ok((Tour::from_squares(bsize, &squares)?, blocked))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_round_trips() {
        let size = BoardSize::new(3, 4).unwrap();
        let t = Tour::from_moves(size, "a1 b3 c1 a2 c3 b1 a3 c4 b2 a4 c2 b4").unwrap();
        let board = KnightBoard::new(size).unwrap();
        let text = t.to_board(&board);
        let (back, blocked) = Tour::parse(&text, None).unwrap();
        assert_eq!(back, t);
        assert!(blocked.is_empty());
        let (back, _) = Tour::parse(&t.to_moves(), None).unwrap();
        assert_eq!(back, t);
    }

    #[test]
    fn faults_are_named() {
        let size = BoardSize::square(5).unwrap();
        let board = KnightBoard::new(size).unwrap();
        let t = Tour::from_moves(size, "a1 c2 a1").unwrap();
        assert!(matches!(
            t.verify(&board, false),
            Err(Fault::Repeated { .. })
        ));
        let t = Tour::from_moves(size, "a1 c2").unwrap();
        assert_eq!(
            t.verify(&board, false),
            Err(Fault::Missing {
                square: Square::new(1, 0),
                count: 23
            })
        );
    }
}
