//! One square of the sweep for one state: the moves the square can make,
//! the squares that leave the frontier, and the counting arguments that drop
//! states no tour can complete.

use super::plan::{Fixed, Plan};
use super::{EMPTY, FULL, LABEL0, TERM};

impl Plan {
    /// Expands one state at square `v`, handing each successor's key to `out`
    /// (`None` for a finished tour).
    #[inline]
    pub(super) fn expand(&self, v: usize, key: u128, out: &mut impl FnMut(Option<u128>)) {
        let mut e = [FULL; 32];
        let ends = self.decode(key, &mut e);
        let vs = self.window;
        e[vs] = if self.blocked[v] { FULL } else { EMPTY };
        let Some(base) = self.base(v, &e, ends) else {
            return;
        };
        if self.blocked[v] {
            self.finish(v, e, ends, false, base, out);
            return;
        }
        let mut cand = [0u8; 4];
        let mut nc = 0;
        for &b in &self.back[v] {
            if e[b as usize] != FULL {
                cand[nc] = b;
                nc += 1;
            }
        }
        self.finish(v, e, ends, false, base, out);
        for i in 0..nc {
            let mut f = e;
            let mut done = false;
            if !self.add_edge(&mut f, vs, cand[i] as usize, 30, &mut done) {
                continue;
            }
            self.finish(v, f, ends, done, base, out);
            for &b in &cand[i + 1..nc] {
                let mut g = f;
                let mut done = false;
                if self.add_edge(&mut g, vs, b as usize, 31, &mut done) {
                    self.finish(v, g, ends, done, base, out);
                }
            }
        }
    }

    /// Adds the move `x`–`y` (both with fewer than two moves); false when it
    /// closes a cycle that is not allowed. `done` is set when the move
    /// closes the last cycle or joins the two ends of the tour.
    #[inline]
    pub(super) fn add_edge(
        &self,
        f: &mut [u8; 32],
        x: usize,
        y: usize,
        fresh: u8,
        done: &mut bool,
    ) -> bool {
        let (cx, cy) = (f[x], f[y]);
        debug_assert!(cx != FULL && cy != FULL);
        if cx >= LABEL0 && cx == cy {
            if !self.closed {
                return false;
            }
            f[x] = FULL;
            f[y] = FULL;
            *done = true;
            return true;
        }
        let other = |f: &[u8; 32], s: usize, c: u8| match c {
            EMPTY => Some(s),
            TERM => None,
            _ => Some(partner(f, s, c)),
        };
        let ox = other(f, x, cx);
        let oy = other(f, y, cy);
        if cx != EMPTY {
            f[x] = FULL;
        }
        if cy != EMPTY {
            f[y] = FULL;
        }
        match (ox, oy) {
            (Some(a), Some(b)) => {
                f[a] = fresh;
                f[b] = fresh;
            }
            (Some(a), None) | (None, Some(a)) => f[a] = TERM,
            (None, None) => *done = true,
        }
        true
    }

    /// Retires the squares whose moves are all decided at `v`, then emits the
    /// state shifted by one square (or a finished tour).
    #[inline]
    pub(super) fn finish(
        &self,
        v: usize,
        mut f: [u8; 32],
        mut ends: u8,
        mut done: bool,
        base: Base,
        out: &mut impl FnMut(Option<u128>),
    ) {
        for &d in &self.departs[v] {
            let d = d as usize;
            match f[d] {
                EMPTY => return,
                FULL => {
                    // A fixed tour end with two moves: not a tour end.
                    if self
                        .fixed
                        .as_ref()
                        .is_some_and(|x| x.departs == Some((v, d as u8)))
                    {
                        return;
                    }
                }
                c => {
                    if self.closed || ends >= self.max_ends {
                        return;
                    }
                    ends += 1;
                    if c == TERM {
                        done = true;
                    } else {
                        let p = partner(&f, d, c);
                        f[p] = TERM;
                    }
                    f[d] = FULL;
                }
            }
        }
        let vs = self.window;
        if done {
            if (self.remaining_after[v] == 0 || self.readoff[v])
                && f[..=vs].iter().all(|&c| c == FULL)
            {
                out(None);
            }
            return;
        }
        if self.readoff[v] && self.ends_here(&f, ends) {
            out(None);
        }
        // The square leaving the frontier has both its moves: always, but for
        // a state from a damaged checkpoint, which has no completions then.
        if f[0] != FULL {
            return;
        }
        if !self.feasible(v, &f, ends, base) {
            return;
        }
        if let Some(p) = &self.prefixes
            && !p.allows(v, &f)
        {
            return;
        }
        // Labels in order of first appearance from slot 1 upwards; branch-free
        // (the codes below LABEL0 map to themselves, 0xff is "no label yet").
        let mut map = [0xffu8; 32];
        map[..LABEL0 as usize].copy_from_slice(&[EMPTY, FULL, TERM]);
        let mut next = LABEL0;
        let mut codes = [FULL; 32];
        for (code, &c) in codes.iter_mut().zip(&f[1..=vs]) {
            let m = map[c as usize];
            let fresh = m == 0xff;
            let new = if fresh { next } else { m };
            map[c as usize] = new;
            next += u8::from(fresh);
            *code = new;
        }
        debug_assert!(next <= if self.radix11 { 11 } else { 16 });
        out(Some(self.encode(&codes, ends)));
    }

    /// At a read-off square: whether the state is an open tour of the board
    /// cut after this square, the squares still on the frontier leaving now
    /// (as in [`Plan::finish`]).
    pub(super) fn ends_here(&self, f: &[u8; 32], mut ends: u8) -> bool {
        if self.closed {
            return false;
        }
        let mut f = *f;
        let mut done = false;
        for j in 0..=self.window {
            match f[j] {
                FULL => {}
                EMPTY => return false,
                c => {
                    if ends == 2 {
                        return false;
                    }
                    ends += 1;
                    if c == TERM {
                        done = true;
                    } else {
                        let p = partner(&f, j, c);
                        f[p] = TERM;
                    }
                    f[j] = FULL;
                }
            }
        }
        done
    }
}

impl Plan {
    /// The colour sign and the free neighbours after `v` of expanded slot `j`.
    #[inline]
    pub(super) fn look(&self, v: usize, j: usize) -> (i32, i32) {
        let l = self.look[v * (self.window + 1) + j];
        if l < 0 {
            (-1, i32::from(l + 4))
        } else {
            (1, i32::from(l - 4))
        }
    }

    /// The feasibility sums over the slots that no choice at `v` changes;
    /// `None` when those slots alone make the state hopeless.
    #[inline]
    pub(super) fn base(&self, v: usize, e: &[u8; 32], ends: u8) -> Option<Base> {
        let mask = self.touched_mask[v];
        let mut b = Base {
            balance: self.unprocessed_balance[v],
            forced: [0; 2],
        };
        for (j, &c) in e.iter().enumerate().take(self.window + 1).skip(1) {
            if c != FULL && mask >> j & 1 == 0 && !self.add_slot(&mut b, v, j, c) {
                return None;
            }
        }
        (b.forced[0] + b.forced[1] + ends <= 2).then_some(b)
    }

    /// Adds slot `j` (code `c`, not full) to the sums; false when the slot
    /// cannot get its missing moves.
    #[inline]
    pub(super) fn add_slot(&self, b: &mut Base, v: usize, j: usize, c: u8) -> bool {
        let need = if c == EMPTY { 2 } else { 1 };
        let (sign, rem) = self.look(v, j);
        b.balance += sign * need;
        if rem < need {
            if self.closed || rem + 1 < need {
                return false;
            }
            b.forced[usize::from(sign < 0)] += 1;
        }
        true
    }

    /// Whether the state after square `v` can still be completed, by two
    /// counting arguments. Every later move joins a light and a dark square
    /// (knight moves change colour), so the moves still needed by light
    /// squares equal those needed by dark squares, less the tour ends still to
    /// be chosen in open tours; and a square needs enough free neighbours after
    /// `v` for its missing moves (or, in an open tour, becomes one of its two
    /// ends). Only the touched slots are summed here; `base` has the rest.
    #[inline]
    pub(super) fn feasible(&self, v: usize, f: &[u8; 32], ends: u8, mut b: Base) -> bool {
        for &j in &self.touched[v] {
            let c = f[j as usize];
            if c != FULL && !self.add_slot(&mut b, v, j as usize, c) {
                return false;
            }
        }
        if let Some(x) = &self.fixed {
            // The fixed square is one of the ends still to be chosen,
            // unless it has left (as an end) already.
            match x.at[v] {
                Fixed::GONE => {}
                Fixed::AHEAD => b.forced[x.colour] += 1,
                j => {
                    let c = f[j as usize];
                    if c == FULL {
                        return false;
                    }
                    let need = if c == EMPTY { 2 } else { 1 };
                    // (With too few neighbours left it is counted already.)
                    if self.look(v, j as usize).1 >= need {
                        b.forced[x.colour] += 1;
                    }
                }
            }
        }
        if self.relaxed {
            return self.closed || b.forced[0] + b.forced[1] + ends <= 2;
        }
        if self.closed {
            return b.balance == 0;
        }
        // The ends still to be chosen: `light + dark = free_ends` and
        // `light - dark = balance`, each at least the squares forced to be ends.
        let free_ends = 2 - i32::from(ends);
        let twice_light = free_ends + b.balance;
        let twice_dark = free_ends - b.balance;
        twice_light >= 2 * i32::from(b.forced[0])
            && twice_dark >= 2 * i32::from(b.forced[1])
            && twice_light % 2 == 0
    }
}

/// Sums for [`Plan::feasible`]: the colour balance of missing moves and the
/// light and dark squares that can only be tour ends.
#[derive(Clone, Copy)]
pub(super) struct Base {
    pub(super) balance: i32,
    pub(super) forced: [u8; 2],
}

/// The other end of the path whose end is slot `s` with label `c`.
#[inline]
pub(super) fn partner(f: &[u8; 32], s: usize, c: u8) -> usize {
    f.iter()
        .enumerate()
        .position(|(j, &x)| x == c && j != s)
        .expect("every label marks two path ends")
}
