//! Tours on huge boards by divide and conquer, in one byte per square.
//!
//! The board is cut into blocks of 5 to 11 squares a side. Each block shape
//! gets a closed tour, found once by the Warnsdorff search on the block
//! alone; when the board has an odd number of squares, the block holding the
//! start has an odd number too and gets an open tour from the start instead.
//! Neighbouring blocks are then joined two at a time: an edge `a1-a2` of one
//! cycle and an edge `b1-b2` of the other with `a1-b1` and `a2-b2` knight's
//! moves across the seam are swapped for those two cross edges, which turns
//! two cycles into one (or splices a cycle into the open path). Joining
//! along every row of blocks and down the first column of blocks leaves a
//! single closed tour (or a single open tour from the start).
//!
//! Every square stores its two tour neighbours as move codes (4 bits each),
//! so the tour takes one byte per square and is read by walking it
//! ([`CompactTour::walk`]); [`CompactTour::verify`] checks it in place.

use super::backtracking::{search, Order};
use super::board::{KnightBoard, KNIGHT_MOVES};
use super::start_index;
use super::warnsdorff::TieBreak;
use crate::{BoardSize, Error, Square};
use std::collections::HashMap;

mod compact;

pub use compact::CompactTour;
use compact::{NONE, REVERSE};

/// The smallest side the construction takes.
pub const MIN_SIDE: u32 = 5;

fn move_code(dx: i64, dy: i64) -> Option<u8> {
    KNIGHT_MOVES
        .iter()
        .position(|&(a, b)| i64::from(a) == dx && i64::from(b) == dy)
        .map(|m| m as u8)
}

/// A block's tour in local coordinates.
struct BlockTour {
    w: u32,
    h: u32,
    links: Vec<u8>,
}

impl BlockTour {
    fn find(w: u32, h: u32, start: Square, closed: bool) -> Result<BlockTour, Error> {
        let board = KnightBoard::new(BoardSize::new(w, h)?)?;
        let s = start_index(&board, start)?;
        // Warnsdorff's open tour closed by rotations is quick on every block
        // shape; the searches below are the fallback.
        let mut quick = None;
        if closed {
            let order = Order::Warnsdorff(TieBreak::Corner);
            let out = search(
                &board,
                s,
                false,
                order,
                true,
                Some(w as u64 * h as u64 * 4),
                None,
            );
            if let Ok(super::backtracking::Outcome {
                path: Some(mut p), ..
            }) = out
                && super::warnsdorff::close_by_rotations(&board, &mut p, 10_000)
            {
                quick = Some(p);
            }
        }
        for tie in [TieBreak::Corner, TieBreak::MoveOrder] {
            let out = match quick.take() {
                Some(p) => Ok(super::backtracking::Outcome {
                    path: Some(p),
                    nodes: 0,
                }),
                None => search(
                    &board,
                    s,
                    closed,
                    Order::Warnsdorff(tie),
                    true,
                    Some(2_000_000),
                    None,
                ),
            };
            if let Ok(super::backtracking::Outcome { path: Some(p), .. }) = out {
                let mut links = vec![(NONE << 4) | NONE; (w * h) as usize];
                let n = p.len();
                let pairs = if closed { n } else { n - 1 };
                for k in 0..pairs {
                    let (a, b) = (p[k], p[(k + 1) % n]);
                    let (ax, ay) = (i64::from(a % w), i64::from(a / w));
                    let (bx, by) = (i64::from(b % w), i64::from(b / w));
                    let c = move_code(bx - ax, by - ay).expect("tour steps are knight's moves");
                    add_link(&mut links[a as usize], c);
                    add_link(&mut links[b as usize], REVERSE[c as usize]);
                }
                return Ok(BlockTour { w, h, links });
            }
        }
        Err(Error::TooLarge {
            reason: format!(
                "no {} tour found for a {w}x{h} block",
                if closed { "closed" } else { "open" }
            ),
        })
    }

    fn edges(&self) -> Vec<(u32, u32)> {
        let mut out = Vec::new();
        for i in 0..self.w * self.h {
            let b = self.links[i as usize];
            for c in [b >> 4, b & 15] {
                if c == NONE {
                    continue;
                }
                let (dx, dy) = KNIGHT_MOVES[c as usize];
                let j = (i64::from(i) + i64::from(dx) + i64::from(dy) * i64::from(self.w)) as u32;
                if i < j {
                    out.push((i, j));
                }
            }
        }
        out
    }
}

fn add_link(b: &mut u8, c: u8) {
    if *b >> 4 == NONE {
        *b = (c << 4) | (*b & 15);
    } else {
        *b = (*b & 0xf0) | c;
    }
}

fn replace_link(b: &mut u8, old: u8, new: u8) {
    if *b >> 4 == old {
        *b = (new << 4) | (*b & 15);
    } else {
        debug_assert_eq!(*b & 15, old);
        *b = (*b & 0xf0) | new;
    }
}

/// One way to join two neighbouring blocks: remove edge `a` (in the first
/// block, local indices) and edge `b` (in the second), add `a.0-b.0` and `a.1-b.1`.
#[derive(Clone, Copy, Debug)]
struct Join {
    a: (u32, u32),
    b: (u32, u32),
}

/// The ways to join block `p` to block `q` lying to its right (`vertical`
/// false) or above it (`vertical` true).
fn joins(p: &BlockTour, q: &BlockTour, vertical: bool) -> Vec<Join> {
    // Coordinates of q's squares in p's frame.
    let (ox, oy) = if vertical {
        (0, p.h as i64)
    } else {
        (p.w as i64, 0)
    };
    let pos_p = |i: u32| (i64::from(i % p.w), i64::from(i / p.w));
    let pos_q = |i: u32| (i64::from(i % q.w) + ox, i64::from(i / q.w) + oy);
    let near_p = |(x, y): (i64, i64)| {
        if vertical {
            y >= p.h as i64 - 2
        } else {
            x >= p.w as i64 - 2
        }
    };
    let near_q = |(x, y): (i64, i64)| if vertical { y < oy + 2 } else { x < ox + 2 };
    let km = |a: (i64, i64), b: (i64, i64)| {
        let (dx, dy) = ((a.0 - b.0).abs(), (a.1 - b.1).abs());
        (dx == 1 && dy == 2) || (dx == 2 && dy == 1)
    };
    let ep: Vec<(u32, u32)> = p
        .edges()
        .into_iter()
        .filter(|&(a, b)| near_p(pos_p(a)) && near_p(pos_p(b)))
        .collect();
    let eq: Vec<(u32, u32)> = q
        .edges()
        .into_iter()
        .filter(|&(a, b)| near_q(pos_q(a)) && near_q(pos_q(b)))
        .collect();
    let mut out = Vec::new();
    for &(a1, a2) in &ep {
        for &(b1, b2) in &eq {
            if km(pos_p(a1), pos_q(b1)) && km(pos_p(a2), pos_q(b2)) {
                out.push(Join {
                    a: (a1, a2),
                    b: (b1, b2),
                });
            } else if km(pos_p(a1), pos_q(b2)) && km(pos_p(a2), pos_q(b1)) {
                out.push(Join {
                    a: (a1, a2),
                    b: (b2, b1),
                });
            }
        }
    }
    out
}

/// Cuts `len` into pieces of 6, 8 and 10 (`len` even, 0 or at least 6).
fn split_even(len: u32, out: &mut Vec<u32>) {
    let mut r = len;
    while r > 0 {
        let piece = match r {
            6 | 8 | 10 => r,
            12 => 6,
            14 => 6,
            _ => 8,
        };
        out.push(piece);
        r -= piece;
    }
}

/// Cuts a side into pieces of 5 to 11; at most one odd piece, which holds
/// coordinate `at`. Returns the pieces and the index of the odd one.
fn split(len: u32, at: u32) -> Option<(Vec<u32>, Option<usize>)> {
    let mut out = Vec::new();
    if len.is_multiple_of(2) {
        if len < 6 {
            return None;
        }
        split_even(len, &mut out);
        return Some((out, None));
    }
    if len <= 11 {
        return (len >= 5).then(|| (vec![len], Some(0)));
    }
    let ok = |v: u32| v == 0 || (v >= 6 && v.is_multiple_of(2));
    for odd in [9, 7, 11, 5] {
        let lo = at.saturating_sub(odd - 1);
        for p in (lo..=at).rev() {
            if p + odd > len || !ok(p) || !ok(len - p - odd) {
                continue;
            }
            split_even(p, &mut out);
            let k = out.len();
            out.push(odd);
            split_even(len - p - odd, &mut out);
            return Some((out, Some(k)));
        }
    }
    None
}

/// Builds a tour of `board` (no blocked squares, both sides at least
/// [`MIN_SIDE`]) from `start`: closed when the board has an even number of
/// squares (so an open tour is that cycle cut at the start), open from the
/// start otherwise. `closed` asks for a closed tour and fails when the board
/// has an odd number of squares.
///
/// # Example
/// ```
/// use hetman::{BoardSize, knight::{huge::construct, KnightBoard}};
/// let b = KnightBoard::new(BoardSize::new(101, 103).unwrap()).unwrap();
/// let t = construct(&b, "a1".parse().unwrap(), false).unwrap();
/// assert!(t.verify().is_ok() && !t.is_closed());
/// ```
pub fn construct(board: &KnightBoard, start: Square, closed: bool) -> Result<CompactTour, Error> {
    let (w, h) = (board.width(), board.height());
    let refuse = |why: String| Err(Error::TooLarge { reason: why });
    if board.has_blocked() {
        return refuse(
            "the divide-and-conquer construction takes boards without blocked squares".into(),
        );
    }
    if w.min(h) < MIN_SIDE {
        return refuse(format!(
            "the divide-and-conquer construction takes boards with both sides at least {MIN_SIDE}, not {w}x{h}"
        ));
    }
    let s = start_index(board, start)?;
    let odd = w % 2 == 1 && h % 2 == 1;
    if odd && closed {
        return refuse(format!(
            "a {w}x{h} board has an odd number of squares and so no closed tour"
        ));
    }
    if odd && !board.is_a1_colour(s) {
        return refuse(format!(
            "no open tour of {w}x{h} starts on {start}: it has the colour with fewer squares"
        ));
    }
    let (cols, odd_col) = split(w, start.file()).ok_or_else(|| Error::TooLarge {
        reason: format!("cannot cut a side of {w} into blocks"),
    })?;
    let (rows, odd_row) = split(h, start.rank()).ok_or_else(|| Error::TooLarge {
        reason: format!("cannot cut a side of {h} into blocks"),
    })?;
    let x0: Vec<u32> = cols
        .iter()
        .scan(0, |a, &c| {
            let v = *a;
            *a += c;
            Some(v)
        })
        .collect();
    let y0: Vec<u32> = rows
        .iter()
        .scan(0, |a, &c| {
            let v = *a;
            *a += c;
            Some(v)
        })
        .collect();
    // The open block: the odd one, holding the start.
    let open_block = if odd {
        Some((odd_col.expect("odd width"), odd_row.expect("odd height")))
    } else {
        None
    };
    // Block tours, one per shape (and one open block).
    let mut shapes: HashMap<(u32, u32), BlockTour> = HashMap::new();
    for &bw in &cols {
        for &bh in &rows {
            if bw % 2 == 1 && bh % 2 == 1 {
                continue;
            }
            if let std::collections::hash_map::Entry::Vacant(e) = shapes.entry((bw, bh)) {
                e.insert(BlockTour::find(bw, bh, Square::new(0, 0), true)?);
            }
        }
    }
    let open = match open_block {
        Some((i, j)) => Some(BlockTour::find(
            cols[i],
            rows[j],
            Square::new(start.file() - x0[i], start.rank() - y0[j]),
            false,
        )?),
        None => None,
    };
    let tour_of = |i: usize, j: usize| -> &BlockTour {
        if open_block == Some((i, j)) {
            open.as_ref().expect("open block tour")
        } else {
            &shapes[&(cols[i], rows[j])]
        }
    };
    // Lay the blocks.
    let mut links = vec![0u8; (u64::from(w) * u64::from(h)) as usize];
    for (j, &by) in y0.iter().enumerate() {
        for r in 0..rows[j] {
            let row = ((by + r) * w) as usize;
            for (i, &bx) in x0.iter().enumerate() {
                let t = tour_of(i, j);
                let src = &t.links[(r * t.w) as usize..((r + 1) * t.w) as usize];
                links[row + bx as usize..row + (bx + t.w) as usize].copy_from_slice(src);
            }
        }
    }
    // Join: along every row of blocks, and up the first column.
    type Key = (bool, bool, bool, u32, u32, u32, u32);
    type Edge = (u32, u32);
    let mut cache: HashMap<Key, Vec<Join>> = HashMap::new();
    let mut join = |links: &mut [u8],
                    (pi, pj): (usize, usize),
                    (qi, qj): (usize, usize),
                    vertical: bool,
                    used: &[(u32, u32)]|
     -> Result<(Edge, Edge), Error> {
        let (p, q) = (tour_of(pi, pj), tour_of(qi, qj));
        let po = open_block == Some((pi, pj));
        let qo = open_block == Some((qi, qj));
        let key = (vertical, po, qo, p.w, p.h, q.w, q.h);
        let list = cache.entry(key).or_insert_with(|| joins(p, q, vertical));
        let glob =
            |i: usize, j: usize, t: &BlockTour, l: u32| (y0[j] + l / t.w) * w + x0[i] + l % t.w;
        let same = |x: (u32, u32), e: (u32, u32)| x == e || (x.0 == e.1 && x.1 == e.0);
        let pick = list.iter().find(|jn| {
            let ea = (glob(pi, pj, p, jn.a.0), glob(pi, pj, p, jn.a.1));
            let eb = (glob(qi, qj, q, jn.b.0), glob(qi, qj, q, jn.b.1));
            !used.iter().any(|&x| same(x, ea) || same(x, eb))
        });
        let Some(jn) = pick.copied() else {
            return Err(Error::TooLarge {
                reason: format!(
                    "internal: no way to join a {}x{} block to a {}x{} block",
                    p.w, p.h, q.w, q.h
                ),
            });
        };
        let a = (glob(pi, pj, p, jn.a.0), glob(pi, pj, p, jn.a.1));
        let b = (glob(qi, qj, q, jn.b.0), glob(qi, qj, q, jn.b.1));
        let code = |from: u32, to: u32| {
            move_code(
                i64::from(to % w) - i64::from(from % w),
                i64::from(to / w) - i64::from(from / w),
            )
            .expect("joins are knight's moves")
        };
        // a.0-a.1 and b.0-b.1 out; a.0-b.0 and a.1-b.1 in.
        replace_link(&mut links[a.0 as usize], code(a.0, a.1), code(a.0, b.0));
        replace_link(&mut links[a.1 as usize], code(a.1, a.0), code(a.1, b.1));
        replace_link(&mut links[b.0 as usize], code(b.0, b.1), code(b.0, a.0));
        replace_link(&mut links[b.1 as usize], code(b.1, b.0), code(b.1, a.1));
        Ok((a, b))
    };
    // Only the blocks of the first column join three ways (below, above,
    // right); they must not give up the same edge twice. Elsewhere a block
    // joins left and right, with edges in its first and last two files.
    let mut below: Vec<(u32, u32)> = Vec::new();
    for j in 0..rows.len() {
        let mut here: Vec<(u32, u32)> = Vec::new();
        if j > 0 {
            let (a, b) = join(&mut links, (0, j - 1), (0, j), true, &below)?;
            let _ = a;
            here.push(b);
        }
        for i in 0..cols.len() - 1 {
            let (a, _) = join(
                &mut links,
                (i, j),
                (i + 1, j),
                false,
                if i == 0 { &here } else { &[] },
            )?;
            if i == 0 {
                here.push(a);
            }
        }
        below = here;
    }
    Ok(CompactTour {
        width: w,
        height: h,
        links,
        start: s,
        closed: !odd,
    })
}
