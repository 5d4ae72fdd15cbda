//! The plan of a count: the board in processing order, the move tables each
//! square needs, and the packing of frontier states into integer keys.

use std::sync::Arc;

use super::{Tours, FULL, LABEL0, MAX_WIDTH};
use crate::Error;

/// A filter on the states of a crossing phase: whether the state `f` after
/// square `v` can still meet some state of the other side (see the `meet`
/// module).
pub(super) trait Allows: Send + Sync {
    /// Whether the state may go on.
    fn allows(&self, v: usize, f: &[u8; 32]) -> bool;
}

/// The board in processing order, with the move tables the steps need.
#[derive(Clone)]
pub(super) struct Plan {
    /// Frontier width (the narrow side).
    pub(super) w: usize,
    /// Squares on the board.
    pub(super) cells: usize,
    /// Stored frontier slots: `2w + 1`.
    pub(super) window: usize,
    pub(super) closed: bool,
    /// The original size and mask, to recognise a checkpoint.
    pub(super) signature: Vec<u8>,
    pub(super) blocked: Vec<bool>,
    /// For each square, the expanded-window slots of its earlier free neighbours.
    pub(super) back: Vec<Vec<u8>>,
    /// For each square, the slots of free squares whose last free neighbour it is.
    pub(super) departs: Vec<Vec<u8>>,
    /// Free squares after each square.
    pub(super) remaining_after: Vec<usize>,
    /// For each square `v` and expanded slot `j`: the colour sign (+1 light,
    /// -1 dark) of the slot's square, times 4, plus its free neighbours after
    /// `v` (0..=3 counted, capped): `sign * 4 + min(rem, 3)`, or 0 off the board.
    pub(super) look: Vec<i8>,
    /// For each square: 2 × (light − dark) over the free squares after it.
    pub(super) unprocessed_balance: Vec<i32>,
    /// For each square `v`, the expanded slots (≥ 1) whose moves or free
    /// neighbours change at `v`: its earlier free neighbours and itself, as
    /// a list and as a bit mask.
    pub(super) touched: Vec<Vec<u8>>,
    pub(super) touched_mask: Vec<u32>,
    pub(super) vertices: usize,
    /// Keys in base 11 (see [`Plan::encode`]).
    pub(super) radix11: bool,
    /// In the crossing phase of a split count, the crossing moves of the
    /// squares after the cut that some backward state can complete.
    pub(super) prefixes: Option<Arc<dyn Allows>>,
    /// For each square: whether the tours of the board cut after it are
    /// counted there too (see [`count_table`]). Its tours go to the table's
    /// rows, not to the total.
    pub(super) readoff: Vec<bool>,
    /// Skip the colour-balance test (a table of odd width, where the ranks
    /// after a read-off square would change the balance).
    pub(super) relaxed: bool,
    /// The least words per count: more after a count overflowed its width
    /// and runs again (see the `ways` module).
    pub(super) min_limbs: usize,
    /// A square that must be an end of every open tour counted (see
    /// `count_per_square`).
    pub(super) fixed: Option<Fixed>,
    /// The most squares that may leave the frontier as tour ends (2, or
    /// fewer on the near side of a split count; see the `meet` module).
    pub(super) max_ends: u8,
}

/// A square that must be a tour end: when it leaves the frontier it has
/// exactly one move (never two, never none).
#[derive(Clone, Debug)]
pub(super) struct Fixed {
    /// The square, in processing order.
    pub(super) square: usize,
    /// Its colour: the index of `expand::Base::forced` it
    /// counts in (0 light, 1 dark).
    pub(super) colour: usize,
    /// The square `v` at which it leaves the frontier and its expanded slot
    /// there; `None` when it never leaves on this plan (a square held for the
    /// join of a split count, or one of the other side's).
    pub(super) departs: Option<(usize, u8)>,
    /// For each square `v`, where the fixed square is when `v`'s moves are
    /// made and its departures done: [`Fixed::AHEAD`], [`Fixed::GONE`] or
    /// its expanded slot.
    pub(super) at: Vec<u8>,
}

impl Fixed {
    /// Not yet processed: a square still to come that must be a tour end.
    pub(super) const AHEAD: u8 = 0xff;
    /// Left the frontier (as a tour end).
    pub(super) const GONE: u8 = 0xfe;
}

impl Plan {
    pub(super) fn new(
        width: u32,
        height: u32,
        blocked: &[bool],
        kind: Tours,
    ) -> Result<Plan, Error> {
        Plan::oriented(width, height, blocked, kind, false)
    }

    /// The plan with the frontier along the narrow side, or along the width
    /// when `along_width`.
    pub(super) fn oriented(
        width: u32,
        height: u32,
        blocked: &[bool],
        kind: Tours,
        along_width: bool,
    ) -> Result<Plan, Error> {
        let size = format!("{width}x{height}");
        if width == 0 || height == 0 {
            return Err(Error::Size {
                value: size,
                reason: "both sides must be at least 1".into(),
            });
        }
        let (wo, ho) = (width as usize, height as usize);
        let cells = wo.checked_mul(ho).ok_or_else(|| Error::Size {
            value: size.clone(),
            reason: "the board has too many squares".into(),
        })?;
        if blocked.len() != cells {
            return Err(Error::Size {
                value: size,
                reason: format!(
                    "the blocked-square mask has {} entries, expected {cells}",
                    blocked.len()
                ),
            });
        }
        let w = if along_width { wo } else { wo.min(ho) };
        if w > MAX_WIDTH as usize {
            return Err(Error::TooLarge {
                reason: format!(
                    "the frontier count handles boards whose narrow side is at most {MAX_WIDTH}, \
                     not {size}"
                ),
            });
        }
        let h = cells / w;
        // Row-major along the narrow side: transpose when the board is wider than high.
        let free: Vec<bool> = (0..cells)
            .map(|i| {
                let (r, c) = (i / w, i % w);
                let orig = if wo == w { r * wo + c } else { c * wo + r };
                !blocked[orig]
            })
            .collect();
        let moves: [(isize, isize); 8] = [
            (1, 2),
            (2, 1),
            (-1, 2),
            (-2, 1),
            (1, -2),
            (2, -1),
            (-1, -2),
            (-2, -1),
        ];
        let neighbours = |v: usize| {
            let (r, c) = ((v / w) as isize, (v % w) as isize);
            moves.iter().filter_map(move |&(dr, dc)| {
                let (nr, nc) = (r + dr, c + dc);
                (nr >= 0 && nc >= 0 && (nr as usize) < h && (nc as usize) < w)
                    .then(|| nr as usize * w + nc as usize)
            })
        };
        let window = 2 * w + 1;
        let slot = |u: usize, v: usize| (u + window - v) as u8;
        let mut back = vec![Vec::new(); cells];
        let mut departs = vec![Vec::new(); cells];
        for v in 0..cells {
            if !free[v] {
                continue;
            }
            let mut last = v;
            for u in neighbours(v).filter(|&u| free[u]) {
                if u < v {
                    back[v].push(slot(u, v));
                } else {
                    last = last.max(u);
                }
            }
            departs[last].push(slot(v, last));
        }
        let mut remaining_after = vec![0; cells];
        let mut rest = 0;
        for v in (0..cells).rev() {
            remaining_after[v] = rest;
            rest += usize::from(free[v]);
        }
        let mut look = vec![0i8; cells * (window + 1)];
        let mut unprocessed_balance = vec![0i32; cells];
        let mut bal = 0i32;
        let sign = |x: usize| {
            if (x / w + x % w).is_multiple_of(2) {
                1i8
            } else {
                -1i8
            }
        };
        for v in (0..cells).rev() {
            unprocessed_balance[v] = bal;
            if free[v] {
                bal += 2 * i32::from(sign(v));
            }
            for j in 0..=window {
                let Some(x) = (v + j).checked_sub(window) else {
                    continue;
                };
                if !free[x] {
                    continue;
                }
                let rem = neighbours(x).filter(|&u| u > v && free[u]).count().min(3) as i8;
                look[v * (window + 1) + j] = sign(x) * 4 + rem;
            }
        }
        let mut touched = vec![Vec::new(); cells];
        let mut touched_mask = vec![0u32; cells];
        for v in (0..cells).filter(|&v| free[v]) {
            touched[v] = back[v].iter().copied().filter(|&j| j >= 1).collect();
            touched[v].push(window as u8);
            touched_mask[v] = touched[v].iter().map(|&j| 1u32 << j).sum();
        }
        let mut signature = format!("{width}x{height} {kind:?} ").into_bytes();
        signature.extend(blocked.iter().map(|&b| b'0' + u8::from(b)));
        Ok(Plan {
            w,
            cells,
            window,
            closed: kind == Tours::Closed,
            signature,
            blocked: free.iter().map(|&f| !f).collect(),
            back,
            departs,
            remaining_after,
            look,
            unprocessed_balance,
            touched,
            touched_mask,
            vertices: rest,
            radix11: 4 * window + 2 > 64 && window <= 17,
            prefixes: None,
            readoff: vec![false; cells],
            relaxed: false,
            min_limbs: 1,
            fixed: None,
            max_ends: 2,
        })
    }

    /// Makes square `s` (in processing order) an end of every tour counted,
    /// or no square with `None`. Call it again after the departures change
    /// (as [`Plan::crossing_phase`] does).
    pub(super) fn fix_end(&mut self, s: Option<usize>) {
        let Some(s) = s else {
            self.fixed = None;
            return;
        };
        let window = self.window;
        let departs = self.departs.iter().enumerate().find_map(|(v, d)| {
            d.iter()
                .find(|&&j| v + j as usize == s + window)
                .map(|&j| (v, j))
        });
        let at = (0..self.cells)
            .map(|v| {
                if v < s {
                    Fixed::AHEAD
                } else if departs.is_some_and(|(d, _)| v >= d) || v - s >= window {
                    // (A square still on the frontier is within the window.)
                    Fixed::GONE
                } else {
                    (s + window - v) as u8
                }
            })
            .collect();
        let w = self.w;
        self.fixed = Some(Fixed {
            square: s,
            colour: (s / w + s % w) % 2,
            departs,
            at,
        });
    }

    /// The plan of a crossing phase of a split count (see [`meet`]) over the
    /// squares `from..end`: a square `v` there makes its move to an earlier
    /// square `u` only when `keep(u, v)` (the others belong to the other
    /// side), and squares from `held_from` on, or with a move of the other
    /// side, stay on the frontier whatever their moves, for the join. A frontier square counts as still reachable
    /// by every move this side has yet to make and every move of the other
    /// side (made after the cut, or beyond `end`), so it is forced to be a
    /// tour end only when it truly is. The colour balance still holds: every
    /// later move, made on either side, joins a light and a dark square.
    pub(super) fn crossing_phase(
        &self,
        from: usize,
        end: usize,
        keep: impl Fn(usize, usize) -> bool,
        held_from: usize,
    ) -> Plan {
        let mut p = self.clone();
        let window = self.window;
        // Slot `j` at square `v` holds square `v + j - window`.
        let square = |j: u8, v: usize| (j as usize + v) - window;
        let mut neighbours = vec![Vec::new(); self.cells];
        for (v, back) in self.back.iter().enumerate() {
            for &j in back {
                let u = square(j, v);
                neighbours[u].push(v);
                neighbours[v].push(u);
            }
        }
        // Whether the move x-u is still to be made after square `v`.
        let open = |x: usize, u: usize, v: usize| {
            let (lo, hi) = (x.min(u), x.max(u));
            hi >= end || (hi >= from && (!keep(lo, hi) || hi > v))
        };
        for v in from..self.cells {
            p.back[v].retain(|&j| keep(square(j, v), v));
            for j in 0..=window {
                let l = &mut p.look[v * (window + 1) + j];
                if *l == 0 {
                    continue;
                }
                let x = v + j - window;
                let rem = neighbours[x].iter().filter(|&&u| open(x, u, v)).count();
                *l = if *l < 0 { -4 } else { 4 } + rem.min(3) as i8;
            }
        }
        // A square leaves the frontier only once all its moves are decided
        // on this side (with the crossing moves split, a square of rank L
        // whose last neighbour is in rank F may still take a move from the
        // other side). The squares that left before `from` did so in the
        // walk before this phase: they stay gone (a fixed tour end among
        // them too, such as a square of rank F whose moves all go away from
        // the cut).
        for (v, d) in p.departs.iter_mut().enumerate().skip(from) {
            d.retain(|&j| {
                let x = square(j, v);
                x < held_from && !neighbours[x].iter().any(|&u| open(x, u, v))
            });
        }
        p.fix_end(self.fixed.as_ref().map(|f| f.square));
        p
    }

    /// Bytes of a packed state (see [`Plan::encode`]).
    pub(super) fn key_bytes(&self) -> usize {
        if 4 * self.window + 2 <= 64 || self.radix11 {
            8
        } else {
            16
        }
    }

    /// Packs the codes of the `window` stored slots and the used tour ends.
    /// Four bits a slot when that fits 64 bits or needs more than 64 anyway;
    /// else (the 8-wide board) base 11, since at most 8 label pairs fit 17
    /// slots: `ends + 3 * sum(code[j] * 11^j)` < 3 * 11^17 < 2^61.
    #[inline]
    pub(super) fn encode(&self, codes: &[u8; 32], ends: u8) -> u128 {
        if self.radix11 {
            let mut x = 0u64;
            for &c in codes[..self.window].iter().rev() {
                x = x * 11 + u64::from(c);
            }
            return u128::from(x * 3 + u64::from(ends));
        }
        // The key in two 64-bit halves (16 slots each): cheaper than u128 shifts.
        let mut half = [0u64; 2];
        for (j, &c) in codes[..self.window].iter().enumerate() {
            half[j >> 4] |= u64::from(c) << (4 * (j & 15));
        }
        let key = u128::from(half[0]) | u128::from(half[1]) << 64;
        key | u128::from(ends) << (4 * self.window)
    }

    /// Whether `key` is one [`Plan::encode`] can make: at most two tour ends
    /// used, and each path label on exactly two slots, numbered in order of
    /// first appearance (checked on the states read from a checkpoint).
    pub(super) fn is_key(&self, key: u128) -> bool {
        let mut e = [FULL; 32];
        let ends = self.decode(key, &mut e);
        let mut seen = [0u8; 32];
        let mut next = LABEL0;
        for &c in &e[..self.window] {
            if c >= LABEL0 {
                if seen[c as usize] == 0 && c != next {
                    return false;
                }
                next += u8::from(seen[c as usize] == 0);
                seen[c as usize] += 1;
            }
        }
        ends <= 2 && seen.iter().all(|&n| n == 0 || n == 2) && self.encode(&e, ends) == key
    }

    /// Unpacks a key made by [`Plan::encode`] into `e[..window]`; returns the used ends.
    #[inline]
    pub(super) fn decode(&self, key: u128, e: &mut [u8; 32]) -> u8 {
        if self.radix11 {
            let mut x = key as u64;
            let ends = (x % 3) as u8;
            x /= 3;
            for c in e.iter_mut().take(self.window) {
                *c = (x % 11) as u8;
                x /= 11;
            }
            return ends;
        }
        let (lo, hi) = (key as u64, (key >> 64) as u64);
        for (j, x) in e.iter_mut().take(self.window).enumerate() {
            let word = if j < 16 { lo } else { hi };
            *x = (word >> (4 * (j & 15)) & 15) as u8;
        }
        (key >> (4 * self.window) & 3) as u8
    }
}
