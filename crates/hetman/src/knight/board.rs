//! The board a knight tours: a rectangle with some squares blocked, and its
//! knight moves.
//!
//! Squares are numbered `rank * width + file` (`a1` is 0, `b1` is 1, ...).
//! [`KnightBoard`] computes moves on the fly, which costs no memory and suits
//! boards of any size; [`MoveTable`] precomputes them for the searches on
//! small boards.

use crate::{BoardSize, Error, Square};

/// The eight knight moves as `(file step, rank step)`, in the fixed order the
/// seed's recursive search tries them.
///
/// Clockwise from "one file right, two ranks up". Of the 8! orders, this is
/// the first of the twelve in which the seed's first-found 5×5 tour from a5
/// comes out exactly as the seed prints it, and in which the search from b5
/// first gets stuck after 20 squares, as the seed says.
pub const KNIGHT_MOVES: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// The largest number of squares a knight's board may have (square indices are `u32`).
pub const MAX_SQUARES: u64 = u32::MAX as u64 - 1;

/// Whether `a` and `b` are a knight's move apart.
///
/// ```
/// use hetman::{Square, knight::board::is_knight_move};
/// assert!(is_knight_move(Square::new(0, 0), Square::new(1, 2)));
/// assert!(!is_knight_move(Square::new(0, 0), Square::new(1, 1)));
/// ```
#[inline]
#[must_use]
pub const fn is_knight_move(a: Square, b: Square) -> bool {
    let dx = a.file().abs_diff(b.file());
    let dy = a.rank().abs_diff(b.rank());
    (dx == 1 && dy == 2) || (dx == 2 && dy == 1)
}

/// A rectangular board with some squares blocked (the seed's "squares
/// forbidden from the start").
///
/// # Example
/// ```
/// use hetman::{BoardSize, Square, knight::KnightBoard};
/// let b = KnightBoard::with_blocked(BoardSize::square(3).unwrap(), &[Square::new(1, 1)]).unwrap();
/// assert_eq!(b.free_squares(), 8);
/// assert!(b.is_blocked(b.index(Square::new(1, 1))));
/// // a1 reaches b3 and c2.
/// let n: Vec<String> = b.neighbours(0).map(|i| b.square(i).to_string()).collect();
/// assert_eq!(n, ["b3", "c2"]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KnightBoard {
    size: BoardSize,
    blocked: Vec<bool>,
    free: u64,
}

impl KnightBoard {
    /// An empty board of `size`; refuses boards with more than [`MAX_SQUARES`] squares.
    ///
    /// ```
    /// let b = hetman::knight::KnightBoard::new(hetman::BoardSize::new(5, 6).unwrap()).unwrap();
    /// assert_eq!(b.free_squares(), 30);
    /// ```
    pub fn new(size: BoardSize) -> Result<Self, Error> {
        Self::with_blocked(size, &[])
    }

    /// A board of `size` with the squares in `blocked` removed.
    ///
    /// ```
    /// use hetman::{BoardSize, Square, knight::KnightBoard};
    /// let size = BoardSize::square(4).unwrap();
    /// assert!(KnightBoard::with_blocked(size, &[Square::new(4, 0)]).is_err());
    /// ```
    pub fn with_blocked(size: BoardSize, blocked: &[Square]) -> Result<Self, Error> {
        check_squares(size)?;
        let mut board = KnightBoard {
            size,
            blocked: if blocked.is_empty() {
                Vec::new()
            } else {
                vec![false; size.squares() as usize]
            },
            free: size.squares(),
        };
        for &sq in blocked {
            if !size.contains(sq) {
                return Err(Error::Square {
                    value: sq.to_string(),
                    reason: format!("off the {size} board"),
                });
            }
            let i = board.index(sq) as usize;
            if !board.blocked[i] {
                board.blocked[i] = true;
                board.free -= 1;
            }
        }
        Ok(board)
    }

    /// The size of the board.
    ///
    /// ```
    /// let s = hetman::BoardSize::new(3, 4).unwrap();
    /// assert_eq!(hetman::knight::KnightBoard::new(s).unwrap().size(), s);
    /// ```
    #[inline]
    #[must_use]
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// Files.
    ///
    /// ```
    /// let s = hetman::BoardSize::new(3, 4).unwrap();
    /// assert_eq!(hetman::knight::KnightBoard::new(s).unwrap().width(), 3);
    /// ```
    #[inline]
    #[must_use]
    pub fn width(&self) -> u32 {
        self.size.width()
    }

    /// Ranks.
    ///
    /// ```
    /// let s = hetman::BoardSize::new(3, 4).unwrap();
    /// assert_eq!(hetman::knight::KnightBoard::new(s).unwrap().height(), 4);
    /// ```
    #[inline]
    #[must_use]
    pub fn height(&self) -> u32 {
        self.size.height()
    }

    /// All squares, blocked or not.
    ///
    /// ```
    /// let s = hetman::BoardSize::new(3, 4).unwrap();
    /// assert_eq!(hetman::knight::KnightBoard::new(s).unwrap().squares(), 12);
    /// ```
    #[inline]
    #[must_use]
    pub fn squares(&self) -> u64 {
        self.size.squares()
    }

    /// The squares a tour must visit.
    ///
    /// ```
    /// let s = hetman::BoardSize::new(3, 4).unwrap();
    /// assert_eq!(hetman::knight::KnightBoard::new(s).unwrap().free_squares(), 12);
    /// ```
    #[inline]
    #[must_use]
    pub fn free_squares(&self) -> u64 {
        self.free
    }

    /// Whether any square is blocked.
    ///
    /// ```
    /// let s = hetman::BoardSize::new(3, 4).unwrap();
    /// assert!(!hetman::knight::KnightBoard::new(s).unwrap().has_blocked());
    /// ```
    #[inline]
    #[must_use]
    pub fn has_blocked(&self) -> bool {
        self.free != self.size.squares()
    }

    /// The index of `sq`, `rank * width + file`.
    ///
    /// ```
    /// use hetman::{BoardSize, Square, knight::KnightBoard};
    /// let b = KnightBoard::new(BoardSize::square(5).unwrap()).unwrap();
    /// assert_eq!(b.index(Square::new(1, 2)), 11);
    /// ```
    #[inline]
    #[must_use]
    pub fn index(&self, sq: Square) -> u32 {
        sq.rank() * self.width() + sq.file()
    }

    /// The square with index `i`.
    ///
    /// ```
    /// use hetman::{BoardSize, Square, knight::KnightBoard};
    /// let b = KnightBoard::new(BoardSize::square(5).unwrap()).unwrap();
    /// assert_eq!(b.square(11), Square::new(1, 2));
    /// ```
    #[inline]
    #[must_use]
    pub fn square(&self, i: u32) -> Square {
        Square::new(i % self.width(), i / self.width())
    }

    /// Whether the square with index `i` is blocked.
    ///
    /// ```
    /// let b = hetman::knight::KnightBoard::new(hetman::BoardSize::square(5).unwrap()).unwrap();
    /// assert!(!b.is_blocked(0));
    /// ```
    #[inline]
    #[must_use]
    pub fn is_blocked(&self, i: u32) -> bool {
        !self.blocked.is_empty() && self.blocked[i as usize]
    }

    /// The blocked squares, in index order.
    ///
    /// ```
    /// use hetman::{BoardSize, Square, knight::KnightBoard};
    /// let b = KnightBoard::with_blocked(BoardSize::square(5).unwrap(), &[Square::new(2, 2)]).unwrap();
    /// assert_eq!(b.blocked_squares(), vec![Square::new(2, 2)]);
    /// ```
    #[must_use]
    pub fn blocked_squares(&self) -> Vec<Square> {
        (0..self.squares() as u32)
            .filter(|&i| self.is_blocked(i))
            .map(|i| self.square(i))
            .collect()
    }

    /// The free squares a knight's move away from square `i`, in the seed's
    /// move order ([`KNIGHT_MOVES`]).
    ///
    /// ```
    /// let b = hetman::knight::KnightBoard::new(hetman::BoardSize::square(8).unwrap()).unwrap();
    /// assert_eq!(b.neighbours(27).count(), 8); // d4
    /// ```
    #[inline]
    pub fn neighbours(&self, i: u32) -> impl Iterator<Item = u32> + '_ {
        let (w, h) = (self.width() as i64, self.height() as i64);
        let (x, y) = (i64::from(i) % w, i64::from(i) / w);
        KNIGHT_MOVES.iter().filter_map(move |&(dx, dy)| {
            let (nx, ny) = (x + i64::from(dx), y + i64::from(dy));
            if nx < 0 || ny < 0 || nx >= w || ny >= h {
                return None;
            }
            let j = (ny * w + nx) as u32;
            (!self.is_blocked(j)).then_some(j)
        })
    }

    /// Whether square `i` has the colour of `a1` (file + rank even).
    ///
    /// ```
    /// let b = hetman::knight::KnightBoard::new(hetman::BoardSize::square(5).unwrap()).unwrap();
    /// assert!(b.is_a1_colour(0) && !b.is_a1_colour(1));
    /// ```
    #[inline]
    #[must_use]
    pub fn is_a1_colour(&self, i: u32) -> bool {
        let sq = self.square(i);
        (sq.file() + sq.rank()).is_multiple_of(2)
    }

    /// Precomputes the moves of every free square.
    ///
    /// ```
    /// let b = hetman::knight::KnightBoard::new(hetman::BoardSize::square(5).unwrap()).unwrap();
    /// let t = b.move_table();
    /// assert_eq!(t.moves(0), &[11, 7]); // a1: b3, c2
    /// ```
    #[must_use]
    pub fn move_table(&self) -> MoveTable {
        let n = self.squares() as usize;
        let mut targets = vec![[0u32; 8]; n];
        let mut len = vec![0u8; n];
        for i in 0..n as u32 {
            if self.is_blocked(i) {
                continue;
            }
            for j in self.neighbours(i) {
                targets[i as usize][len[i as usize] as usize] = j;
                len[i as usize] += 1;
            }
        }
        MoveTable { targets, len }
    }
}

/// Refuses boards whose squares do not fit the `u32` indices.
pub(crate) fn check_squares(size: BoardSize) -> Result<(), Error> {
    if size.squares() > MAX_SQUARES {
        return Err(Error::TooLarge {
            reason: format!(
                "a {size} board has {} squares; the knight's tour takes at most {MAX_SQUARES}",
                size.squares()
            ),
        });
    }
    Ok(())
}

/// The knight moves of every free square, precomputed, in the seed's order.
///
/// # Example
/// ```
/// let b = hetman::knight::KnightBoard::new(hetman::BoardSize::square(8).unwrap()).unwrap();
/// assert_eq!(b.move_table().moves(27).len(), 8);
/// ```
#[derive(Clone, Debug)]
pub struct MoveTable {
    targets: Vec<[u32; 8]>,
    len: Vec<u8>,
}

impl MoveTable {
    /// The squares a knight's move from free square `i`.
    ///
    /// ```
    /// let b = hetman::knight::KnightBoard::new(hetman::BoardSize::square(3).unwrap()).unwrap();
    /// assert!(b.move_table().moves(4).is_empty()); // the centre of 3×3
    /// ```
    #[inline]
    #[must_use]
    pub fn moves(&self, i: u32) -> &[u32] {
        &self.targets[i as usize][..self.len[i as usize] as usize]
    }
}
