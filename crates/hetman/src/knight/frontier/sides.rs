//! The two tables of a count met in the middle as the join sees them: each
//! state's view of the 2w squares of ranks L and F (its moves per square,
//! its tour ends and the links of its path ends), the far side's states
//! grouped by their moves, and which groups of one side match a group of
//! the other.

use super::key::{par, Key, Map, Parts};
use super::plan::Plan;
use super::ways::Ways;
use super::{FULL, LABEL0, TERM};

/// A link of a square that is a path end: no path end here.
pub(super) const NONE: u8 = 0xff;
/// A link to a tour end that has left the frontier.
pub(super) const END: u8 = 0xfe;

/// One side's view of a state at the 2w squares of ranks L and F.
#[derive(Clone, Copy)]
pub(super) struct Side {
    /// For each square: the other end of its path on this side, [`END`] when
    /// the path runs to a tour end that has left, [`NONE`] with 0 or 2 moves.
    pub(super) links: [u8; 24],
    /// Squares with a link (a position or [`END`]).
    pub(super) linked: u32,
    /// Squares whose path runs to a tour end that has left.
    pub(super) ends: u32,
    /// Where its ways start in [`Backward::ways`] (unused on the forward side).
    pub(super) at: u32,
}

/// A state seen from the cut: its moves per square (2 bits each) and used
/// tour ends (bits 48 and up), and its links. `slot(k)` is the stored slot
/// of square `cut - w + k`.
#[inline]
pub(super) fn side(
    plan: &Plan,
    key: u128,
    at: u32,
    blocked: &[bool],
    slot: impl Fn(usize) -> usize,
) -> (u64, Side) {
    let mut e = [FULL; 32];
    let ends = plan.decode(key, &mut e);
    let mut side = Side {
        links: [NONE; 24],
        linked: 0,
        ends: 0,
        at,
    };
    let mut degrees = u64::from(ends) << 48;
    // The position of each label's first square.
    let mut first = [NONE; 32];
    for k in (0..blocked.len()).filter(|&k| !blocked[k]) {
        let c = e[slot(k)];
        let degree = match c {
            0 => 0,
            FULL => 2,
            TERM => {
                side.links[k] = END;
                side.ends |= 1 << k;
                1
            }
            _ => {
                debug_assert!(c >= LABEL0);
                let f = &mut first[c as usize];
                if *f == NONE {
                    *f = k as u8;
                } else {
                    side.links[k] = *f;
                    side.links[*f as usize] = k as u8;
                }
                1
            }
        };
        if degree == 1 {
            side.linked |= 1 << k;
        }
        degrees |= degree << (2 * k);
    }
    (degrees, side)
}

/// The backward states grouped by their moves per square and used tour
/// ends: their keys in group order, with their ways, `stride` words each.
/// A group's [`Side`]s are worked out from its keys when the join reaches
/// it, so a state costs its key and ways (16 bytes on most boards) instead
/// of a decoded side (36 bytes more).
pub(super) struct Backward<K> {
    /// Degree key to the group's first state and its number of states.
    groups: Map<(usize, usize)>,
    keys: Vec<K>,
    ways: Vec<u64>,
    stride: usize,
    /// The stored slot of each square of ranks L and F.
    slots: Vec<usize>,
}

impl<K: Key> Backward<K> {
    #[inline]
    pub(super) fn ways(&self, s: &Side) -> &[u64] {
        let at = s.at as usize * self.stride;
        &self.ways[at..at + self.stride]
    }

    /// Words per count.
    pub(super) fn stride(&self) -> usize {
        self.stride
    }

    /// The number of states.
    pub(super) fn len(&self) -> usize {
        self.keys.len()
    }

    /// The states with their counts (little-endian words), in group order.
    pub(super) fn states(&self) -> impl Iterator<Item = (K, &[u64])> + '_ {
        self.keys
            .iter()
            .copied()
            .zip(self.ways.chunks_exact(self.stride))
    }

    /// The degree keys of the groups.
    pub(super) fn degree_keys(&self) -> impl Iterator<Item = u64> + '_ {
        self.groups.keys().copied()
    }

    /// Appends the sides of the group with degree key `degrees`, if any,
    /// to `out`.
    pub(super) fn sides(&self, plan: &Plan, degrees: u64, blocked: &[bool], out: &mut Vec<Side>) {
        let Some(&(start, len)) = self.groups.get(&degrees) else {
            return;
        };
        let slot = |k: usize| self.slots[k];
        for (i, key) in self.keys[start..start + len].iter().enumerate() {
            let at = u32::try_from(start + i).expect("at most 2^32 backward states");
            out.push(side(plan, key.unpack(), at, blocked, slot).1);
        }
    }
}

/// Groups the backward states by their degree keys, in two passes over
/// the table: one counts the groups, one places each state in its group.
pub(super) fn groups<K: Key, W: Ways>(
    plan: &Plan,
    parts: &Parts<K, W>,
    blocked: &[bool],
    slot: impl Fn(usize) -> usize + Copy + Sync,
    threads: usize,
) -> Backward<K> {
    let degrees = |key: K| side(plan, key.unpack(), 0, blocked, slot).0;
    let per = parts.len().div_ceil(threads.max(1)).max(1);
    let chunks: Vec<&[Vec<(K, W)>]> = parts.chunks(per).collect();
    let counted = par(chunks.clone(), |chunk| {
        let mut sizes: Map<usize> = Map::default();
        for &(key, _) in chunk.iter().flatten() {
            *sizes.entry(degrees(key)).or_default() += 1;
        }
        sizes
    });
    let mut groups: Map<(usize, usize)> = Map::default();
    for sizes in &counted {
        for (&d, &n) in sizes {
            groups.entry(d).or_default().1 += n;
        }
    }
    // Each group's start and length, and where each chunk's states of each
    // group go: after those of the chunks before it.
    let mut n = 0;
    let mut fill: Map<usize> = Map::default();
    for (&d, g) in &mut groups {
        g.0 = n;
        fill.insert(d, n);
        n += g.1;
    }
    // Each chunk's range in each group: the next position and the end.
    let ranges: Vec<Map<(usize, usize)>> = counted
        .iter()
        .map(|sizes| {
            let mut at = Map::default();
            for (&d, &k) in sizes {
                let f = fill.get_mut(&d).expect("a group of every degree key");
                at.insert(d, (*f, *f + k));
                *f += k;
            }
            at
        })
        .collect();
    drop(counted);
    let slots = (0..blocked.len()).map(slot).collect();
    let Some(&(first, _)) = parts.iter().flatten().next() else {
        return Backward {
            groups,
            keys: Vec::new(),
            ways: Vec::new(),
            stride: W::LIMBS,
            slots,
        };
    };
    let mut keys = vec![first; n];
    let mut ways = vec![0u64; n * W::LIMBS];
    let out = Scatter {
        keys: keys.as_mut_ptr(),
        ways: ways.as_mut_ptr(),
        len: n,
    };
    par(
        chunks.into_iter().zip(ranges).collect(),
        |(chunk, mut at)| {
            let out = &out;
            for &(key, w) in chunk.iter().flatten() {
                let (next, end) = at
                    .get_mut(&degrees(key))
                    .expect("counted in the first pass");
                let i = *next;
                *next += 1;
                assert!(i < *end && i < out.len, "a state placed past its range");
                let limbs = w.limbs();
                assert_eq!(limbs.len(), W::LIMBS);
                // SAFETY: `i < len` is inside both vectors (`ways` holds
                // `LIMBS` words a state), which outlive this scope. The
                // ranges of the chunks are disjoint (laid end to end above),
                // each position of a range is taken once, and `i < end`
                // keeps this chunk in its own: no position is written twice.
                #[allow(unsafe_code)]
                unsafe {
                    out.keys.add(i).write(key);
                    std::ptr::copy_nonoverlapping(
                        limbs.as_ptr(),
                        out.ways.add(i * W::LIMBS),
                        W::LIMBS,
                    );
                }
            }
        },
    );
    Backward {
        groups,
        keys,
        ways,
        stride: W::LIMBS,
        slots,
    }
}

/// Where [`groups`] places the states, shared by its threads, each of
/// which writes its own positions only.
struct Scatter<K> {
    keys: *mut K,
    ways: *mut u64,
    len: usize,
}

// SAFETY: the threads write disjoint positions (see `groups`), and the
// vectors outlive the threads.
#[allow(unsafe_code)]
unsafe impl<K: Send> Sync for Scatter<K> {}

/// The degree keys of the other side's states that match a state with
/// `degrees`: each square's moves add up to two, or to one at a new tour end.
/// With `must_end`, that square (a join position) is one of the new ends.
pub(super) fn targets(
    degrees: u64,
    blocked: &[bool],
    closed: bool,
    must_end: Option<usize>,
    out: &mut Vec<u64>,
) {
    out.clear();
    let used = (degrees >> 48) as u32;
    let mut need = 0u64;
    let mut can_end = [0usize; 24];
    let mut ends = 0;
    for k in (0..blocked.len()).filter(|&k| !blocked[k]) {
        let d = degrees >> (2 * k) & 3;
        need |= (2 - d) << (2 * k);
        if d < 2 {
            can_end[ends] = k;
            ends += 1;
        }
    }
    if closed {
        out.push(need);
        return;
    }
    let Some(left) = 2u32.checked_sub(used) else {
        return;
    };
    let mut push = |ks: &[usize]| {
        if must_end.is_some_and(|m| !ks.contains(&m)) {
            return;
        }
        let mut t = need;
        for &k in ks {
            t -= 1 << (2 * k);
        }
        out.push(t | u64::from(left - ks.len() as u32) << 48);
    };
    push(&[]);
    if left >= 1 {
        for (i, &k) in can_end[..ends].iter().enumerate() {
            push(&[k]);
            if left >= 2 {
                for &l in &can_end[i + 1..ends] {
                    push(&[k, l]);
                }
            }
        }
    }
}
