//! The filter of the forward crossing phase of a count met in the middle
//! (see the `meet` module): a forward state is dropped as soon as the
//! squares of rank F it has passed match no backward state.

use super::key::Key;
use super::plan::{Allows, Plan};
use super::sides::{targets, Backward};
use super::FULL;

/// Which crossing moves of the first squares of rank F some backward
/// state can complete: a square's moves add up to two, or to one at a new
/// tour end (at most two of them). The forward crossing phase drops a state
/// as soon as the squares of rank F it has passed rule out every backward
/// state.
pub(super) struct Prefixes {
    cut: usize,
    /// The join position of square `cut` (the rank before the cut comes first).
    offset: usize,
    window: usize,
    /// The most squares checked: `bits` has 4^m bits for m squares.
    longest: usize,
    /// `bits[m]`: bit `p` is set when `p`, the moves of the first `m`
    /// squares after the cut (2 bits each), matches some backward group.
    bits: Vec<Vec<u64>>,
    blocked: Vec<bool>,
}

impl Prefixes {
    /// Squares checked at most: 4^13 bits are 8 MiB.
    const LONGEST: usize = 13;

    pub(super) fn new<K: Key>(
        b: &Backward<K>,
        cut: usize,
        offset: usize,
        window: usize,
        blocked: &[bool],
        closed: bool,
        must_end: Option<usize>,
    ) -> Prefixes {
        let longest = (blocked.len() - offset).min(Self::LONGEST);
        let mut bits: Vec<Vec<u64>> = (0..=longest)
            .map(|m| vec![0u64; (1usize << (2 * m)).div_ceil(64)])
            .collect();
        // The matches of a backward group are the forward degree keys that
        // `targets` gives for it (the relation is symmetric).
        let mut matches = Vec::new();
        for key in b.degree_keys() {
            targets(key, blocked, closed, must_end, &mut matches);
            for &x in &matches {
                let x = x >> (2 * offset);
                for (m, b) in bits.iter_mut().enumerate().skip(1) {
                    let p = (x & ((1u64 << (2 * m)) - 1)) as usize;
                    b[p >> 6] |= 1 << (p & 63);
                }
            }
        }
        Prefixes {
            cut,
            offset,
            window,
            longest,
            bits,
            blocked: blocked.to_vec(),
        }
    }
}

impl Prefixes {
    /// The crossing moves of the squares after the cut up to `v` (expanded
    /// slots in `f`), 2 bits a square, and how many squares they cover.
    #[inline]
    fn prefix(&self, v: usize, f: &[u8; 32]) -> (usize, usize) {
        let m = (v - self.cut + 1).min(self.longest);
        let mut p = 0usize;
        for k in (0..m).filter(|&k| !self.blocked[self.offset + k]) {
            let d = match f[self.cut + k + self.window - v] {
                0 => 0,
                FULL => 2,
                _ => 1,
            };
            p |= d << (2 * k);
        }
        (m, p)
    }

    /// The crossing moves of the first `m` squares after the cut of a state
    /// stored after square `v` (at least `cut + m - 1`), 2 bits a square.
    pub(super) fn prefix_of_key<K: Key>(&self, plan: &Plan, v: usize, key: K) -> usize {
        self.prefix(v, &expanded(plan, key)).1
    }

    /// Squares checked at most.
    pub(super) fn longest(&self) -> usize {
        self.longest
    }
}

/// The expanded slots of a state stored after a square: a stored state
/// holds slots 1.. of the expanded one (see `Plan::finish`), whose slot 0
/// has left the frontier with both its moves.
fn expanded<K: Key>(plan: &Plan, key: K) -> [u8; 32] {
    let mut e = [FULL; 32];
    plan.decode(key.unpack(), &mut e);
    let mut f = [FULL; 32];
    f[1..].copy_from_slice(&e[..31]);
    f
}

impl Allows for Prefixes {
    /// Whether the squares after the cut up to `v` (expanded slots in `f`)
    /// have crossing moves that some backward state completes.
    #[inline]
    fn allows(&self, v: usize, f: &[u8; 32]) -> bool {
        if v < self.cut {
            return true;
        }
        let (m, p) = self.prefix(v, f);
        self.bits[m][p >> 6] >> (p & 63) & 1 != 0
    }
}
