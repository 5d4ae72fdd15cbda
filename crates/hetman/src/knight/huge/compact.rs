//! The tour the construction gives: the two neighbours of every square as
//! move codes, one byte a square, read by walking it.

use crate::knight::board::KNIGHT_MOVES;
use crate::knight::Tour;
use crate::{BoardSize, Square};

/// No neighbour (an end of an open tour).
pub(super) const NONE: u8 = 15;

/// The move code that undoes move code `m`.
const fn reverse(m: u8) -> u8 {
    let (dx, dy) = KNIGHT_MOVES[m as usize];
    let mut k = 0;
    while k < 8 {
        if KNIGHT_MOVES[k].0 == -dx && KNIGHT_MOVES[k].1 == -dy {
            return k as u8;
        }
        k += 1;
    }
    NONE
}

pub(super) const REVERSE: [u8; 8] = [
    reverse(0),
    reverse(1),
    reverse(2),
    reverse(3),
    reverse(4),
    reverse(5),
    reverse(6),
    reverse(7),
];

/// A tour stored as the two neighbours of every square (one byte a square).
///
/// # Example
/// ```
/// use hetman::{BoardSize, knight::huge::construct, knight::KnightBoard};
/// let board = KnightBoard::new(BoardSize::square(40).unwrap()).unwrap();
/// let t = construct(&board, "a1".parse().unwrap(), true).unwrap();
/// assert!(t.verify().is_ok());
/// assert!(t.into_tour().verify(&board, true).is_ok());
/// ```
#[derive(Clone, Debug)]
pub struct CompactTour {
    pub(super) width: u32,
    pub(super) height: u32,
    pub(super) links: Vec<u8>,
    pub(super) start: u32,
    pub(super) closed: bool,
}

impl CompactTour {
    /// Squares on the board (all visited).
    ///
    /// ```
    /// use hetman::{BoardSize, knight::{huge::construct, KnightBoard}};
    /// let b = KnightBoard::new(BoardSize::square(10).unwrap()).unwrap();
    /// assert_eq!(construct(&b, "a1".parse().unwrap(), false).unwrap().len(), 100);
    /// ```
    #[must_use]
    pub fn len(&self) -> usize {
        self.links.len()
    }

    /// Always false: a tour visits at least one square.
    ///
    /// ```
    /// use hetman::{BoardSize, knight::{huge::construct, KnightBoard}};
    /// let b = KnightBoard::new(BoardSize::square(10).unwrap()).unwrap();
    /// assert!(!construct(&b, "a1".parse().unwrap(), false).unwrap().is_empty());
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.links.is_empty()
    }

    /// Whether the tour is closed (the walk returns to the start).
    ///
    /// ```
    /// use hetman::{BoardSize, knight::{huge::construct, KnightBoard}};
    /// let b = KnightBoard::new(BoardSize::square(10).unwrap()).unwrap();
    /// assert!(construct(&b, "a1".parse().unwrap(), true).unwrap().is_closed());
    /// ```
    #[must_use]
    pub fn is_closed(&self) -> bool {
        self.closed
    }

    /// The board size.
    ///
    /// ```
    /// use hetman::{BoardSize, knight::{huge::construct, KnightBoard}};
    /// let s = BoardSize::new(10, 12).unwrap();
    /// let b = KnightBoard::new(s).unwrap();
    /// assert_eq!(construct(&b, "a1".parse().unwrap(), true).unwrap().size(), s);
    /// ```
    #[must_use]
    pub fn size(&self) -> BoardSize {
        BoardSize::new(self.width, self.height).expect("constructed from a valid size")
    }

    /// The square indices (`rank * width + file`) in visiting order, computed as it goes.
    ///
    /// ```
    /// use hetman::{BoardSize, knight::{huge::construct, KnightBoard}};
    /// let b = KnightBoard::new(BoardSize::square(10).unwrap()).unwrap();
    /// let t = construct(&b, "a1".parse().unwrap(), false).unwrap();
    /// assert_eq!(t.walk().next(), Some(0));
    /// assert_eq!(t.walk().count(), 100);
    /// ```
    pub fn walk(&self) -> impl Iterator<Item = u32> + '_ {
        let w = i64::from(self.width);
        let deltas: [i64; 8] = KNIGHT_MOVES.map(|(dx, dy)| i64::from(dx) + i64::from(dy) * w);
        let total = self.links.len();
        let mut cur = self.start;
        let mut back = NONE;
        let mut k = 0usize;
        std::iter::from_fn(move || {
            if k >= total {
                return None;
            }
            k += 1;
            let here = cur;
            let b = self.links[cur as usize];
            let (c1, c2) = (b >> 4, b & 15);
            let next = if c1 != back && c1 != NONE {
                c1
            } else if c2 != back {
                c2
            } else {
                NONE
            };
            if next == NONE {
                k = total;
            } else {
                cur = (i64::from(cur) + deltas[next as usize]) as u32;
                back = REVERSE[next as usize];
            }
            Some(here)
        })
    }

    /// The move number of every square (index order), by walking the tour:
    /// four more bytes a square.
    ///
    /// ```
    /// use hetman::{BoardSize, knight::{huge::construct, KnightBoard}};
    /// let b = KnightBoard::new(BoardSize::square(10).unwrap()).unwrap();
    /// let t = construct(&b, "a1".parse().unwrap(), false).unwrap();
    /// assert_eq!(t.numbers()[0], 1);
    /// ```
    #[must_use]
    pub fn numbers(&self) -> Vec<u32> {
        let mut num = vec![0u32; self.links.len()];
        for (k, i) in self.walk().enumerate() {
            num[i as usize] = k as u32 + 1;
        }
        num
    }

    /// Checks the tour in place: every link a knight's move on the board and
    /// answered by the square it points to, and the walk from the start
    /// covering every square (returning to the start when closed).
    ///
    /// ```
    /// use hetman::{BoardSize, knight::{huge::construct, KnightBoard}};
    /// let b = KnightBoard::new(BoardSize::new(7, 9).unwrap()).unwrap();
    /// assert!(construct(&b, "a1".parse().unwrap(), false).unwrap().verify().is_ok());
    /// ```
    pub fn verify(&self) -> Result<(), String> {
        let (w, h) = (i64::from(self.width), i64::from(self.height));
        for (i, &b) in self.links.iter().enumerate() {
            let (x, y) = (i as i64 % w, i as i64 / w);
            for c in [b >> 4, b & 15] {
                if c == NONE {
                    continue;
                }
                if c > 7 {
                    return Err(format!("square {i} has an invalid link {c}"));
                }
                let (dx, dy) = KNIGHT_MOVES[c as usize];
                let (nx, ny) = (x + i64::from(dx), y + i64::from(dy));
                if nx < 0 || ny < 0 || nx >= w || ny >= h {
                    return Err(format!(
                        "square {} links off the board",
                        Square::new(x as u32, y as u32)
                    ));
                }
                let j = (ny * w + nx) as usize;
                let r = REVERSE[c as usize];
                if self.links[j] >> 4 != r && self.links[j] & 15 != r {
                    return Err(format!(
                        "{} links to {} but not back",
                        Square::new(x as u32, y as u32),
                        Square::new(nx as u32, ny as u32)
                    ));
                }
            }
        }
        let s = self.links[self.start as usize];
        let ends = u8::from(s >> 4 == NONE) + u8::from(s & 15 == NONE);
        if self.links.len() > 1 && ends != u8::from(!self.closed) {
            return Err("the start is not an end of the tour".into());
        }
        let mut last = self.start;
        let mut n = 0usize;
        for i in self.walk() {
            last = i;
            n += 1;
        }
        if n != self.links.len() {
            return Err(format!(
                "the walk covers {n} of {} squares",
                self.links.len()
            ));
        }
        if self.closed {
            let sq = |i: u32| Square::new(i % self.width, i / self.width);
            if !crate::knight::board::is_knight_move(sq(last), sq(self.start)) {
                return Err("the walk does not return to the start".into());
            }
        }
        Ok(())
    }

    /// The tour as a [`Tour`] (four bytes a square).
    ///
    /// ```
    /// use hetman::{BoardSize, knight::{huge::construct, KnightBoard}};
    /// let b = KnightBoard::new(BoardSize::square(10).unwrap()).unwrap();
    /// let t = construct(&b, "a1".parse().unwrap(), true).unwrap().into_tour();
    /// assert!(t.is_closed());
    /// ```
    #[must_use]
    pub fn into_tour(self) -> Tour {
        let path: Vec<u32> = self.walk().collect();
        Tour::from_indices(self.size(), path)
    }
}
