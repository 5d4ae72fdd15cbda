//! The join of a count met in the middle (step 4 of the [`meet`](super::meet) module): the
//! states of the two sides at the cut, matched by the moves each gives the
//! squares of ranks L and F, and paired when their paths link up.

use std::collections::HashMap;
use std::sync::atomic::Ordering;

use super::plan::{Allows, Plan};
use super::sweep::{par, Key, Parts};
use super::ways::{Sum, Ways};
use super::{BigCount, Options, FULL, LABEL0, TERM};
use crate::Error;

/// A link of a square that is a path end: no path end here.
const NONE: u8 = 0xff;
/// A link to a tour end that has left the frontier.
const END: u8 = 0xfe;

/// One side's view of a state at the 2w squares of ranks L and F.
#[derive(Clone, Copy)]
struct Side {
    /// For each square: the other end of its path on this side, [`END`] when
    /// the path runs to a tour end that has left, [`NONE`] with 0 or 2 moves.
    links: [u8; 24],
    /// Squares with a link (a position or [`END`]).
    linked: u32,
    /// Squares whose path runs to a tour end that has left.
    ends: u32,
    /// Where its ways start in [`Backward::ways`] (unused on the forward side).
    at: u32,
}

/// A state seen from the cut: its moves per square (2 bits each) and used
/// tour ends (bits 48 and up), and its links. `slot(k)` is the stored slot
/// of square `cut - w + k`.
#[inline]
fn side(
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
/// ends, with their ways, `stride` words each, in one array.
pub(super) struct Backward {
    groups: HashMap<u64, Vec<Side>>,
    ways: Vec<u64>,
    stride: usize,
}

impl Backward {
    #[inline]
    fn ways(&self, s: &Side) -> &[u64] {
        let at = s.at as usize * self.stride;
        &self.ways[at..at + self.stride]
    }
}

pub(super) fn groups<K: Key, W: Ways>(
    plan: &Plan,
    parts: &Parts<K, W>,
    blocked: &[bool],
    slot: impl Fn(usize) -> usize + Copy,
) -> Backward {
    let mut out = Backward {
        groups: HashMap::new(),
        ways: Vec::with_capacity(parts.iter().map(Vec::len).sum::<usize>() * W::LIMBS),
        stride: W::LIMBS,
    };
    for (i, &(key, ways)) in parts.iter().flatten().enumerate() {
        let (degrees, s) = side(plan, key.unpack(), i as u32, blocked, slot);
        out.groups.entry(degrees).or_default().push(s);
        out.ways.extend_from_slice(ways.limbs());
    }
    out
}

/// The degree keys of the other side's states that match a state with
/// `degrees`: each square's moves add up to two, or to one at a new tour end.
/// With `must_end`, that square (a join position) is one of the new ends.
fn targets(
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

    pub(super) fn new(
        b: &Backward,
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
        for &key in b.groups.keys() {
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

impl Allows for Prefixes {
    /// Whether the squares after the cut up to `v` (expanded slots in `f`)
    /// have crossing moves that some backward state completes.
    #[inline]
    fn allows(&self, v: usize, f: &[u8; 32]) -> bool {
        if v < self.cut {
            return true;
        }
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
        self.bits[m][p >> 6] >> (p & 63) & 1 != 0
    }
}

/// The tours made of pairs of matching states: forward states `a` (read in
/// place) against the grouped backward states `b`. Open tours have many
/// matching groups per state, so the forward states are visited in order of
/// their degree keys (an index of 16 bytes a state) and each group's
/// matches are looked up once. Stops with [`Error::Interrupted`] when
/// [`Options::stop`] is raised. With `must_end`, only the tours with an end
/// at that join position are counted (the fixed end of the plan, held for
/// the join).
pub(super) fn join<K: Key, W: Ways>(
    plan: &Plan,
    a: &Parts<K, W>,
    b: &Backward,
    blocked: &[bool],
    must_end: Option<usize>,
    opts: &Options<'_>,
) -> Result<BigCount, Error> {
    let closed = plan.closed;
    let threads = opts.threads.max(1);
    let stop = opts.stop;
    let stopped = move || stop.is_some_and(|s| s.load(Ordering::Relaxed));
    let slot = |k: usize| k + 1;
    let pairs = |x: &Side, ways: &W, others: &[Side], total: &mut Sum| {
        for y in others {
            if links_up(x, y, closed) {
                total.add_product(ways.limbs(), b.ways(y));
            }
        }
    };
    let sums = if closed {
        let per = a.len().div_ceil(threads).max(1);
        par(a.chunks(per).collect(), |chunks| {
            let mut total = Sum::default();
            let mut t = Vec::new();
            for (n, (key, ways)) in chunks.iter().flatten().enumerate() {
                if n % 4096 == 0 && stopped() {
                    break;
                }
                let (degrees, x) = side(plan, key.unpack(), 0, blocked, slot);
                targets(degrees, blocked, true, None, &mut t);
                if let Some(others) = b.groups.get(&t[0]) {
                    pairs(&x, ways, others, &mut total);
                }
            }
            total
        })
    } else {
        let mut index: Vec<(u64, u32, u32)> = Vec::with_capacity(a.iter().map(Vec::len).sum());
        for (i, chunk) in a.iter().enumerate() {
            for (j, &(key, _)) in chunk.iter().enumerate() {
                let degrees = side(plan, key.unpack(), 0, blocked, slot).0;
                index.push((degrees, i as u32, j as u32));
            }
        }
        index.sort_unstable();
        // Pieces for the threads, cut at group boundaries.
        let mut pieces = Vec::new();
        let mut rest = &index[..];
        let per = index.len().div_ceil(4 * threads).max(1);
        while !rest.is_empty() {
            let mut end = per.min(rest.len());
            while end < rest.len() && rest[end].0 == rest[end - 1].0 {
                end += 1;
            }
            pieces.push(&rest[..end]);
            rest = &rest[end..];
        }
        par(pieces, |piece| {
            let mut total = Sum::default();
            let mut t = Vec::new();
            for group in piece.chunk_by(|x, y| x.0 == y.0) {
                if stopped() {
                    break;
                }
                targets(group[0].0, blocked, false, must_end, &mut t);
                let matches: Vec<&Vec<Side>> = t.iter().filter_map(|k| b.groups.get(k)).collect();
                if matches.is_empty() {
                    continue;
                }
                for &(_, i, j) in group {
                    let (key, ways) = &a[i as usize][j as usize];
                    let x = side(plan, key.unpack(), 0, blocked, slot).1;
                    for others in &matches {
                        pairs(&x, ways, others, &mut total);
                    }
                }
            }
            total
        })
    };
    if stopped() {
        // Some pairs were left out: no answer.
        return Err(Error::Interrupted);
    }
    let mut total = Sum::default();
    for s in sums {
        total.absorb(s);
    }
    Ok(total.total())
}

/// Whether the paths of two matching sides make one path (or one cycle).
#[inline]
fn links_up(a: &Side, b: &Side, closed: bool) -> bool {
    let nodes = (a.linked | b.linked).count_ones();
    if nodes == 0 {
        return false;
    }
    let side = |s: bool| if s { &b.links } else { &a.links };
    let is_pos = |l: u8| (l as usize) < 24;
    if closed {
        let start = a.linked.trailing_zeros() as usize;
        let (mut cur, mut on_b, mut seen) = (start, false, 0);
        loop {
            let next = side(on_b)[cur];
            if !is_pos(next) {
                return false;
            }
            cur = next as usize;
            on_b = !on_b;
            seen += 1;
            if cur == start || seen > nodes {
                break;
            }
        }
        return cur == start && seen == nodes;
    }
    // An end of the whole path: a square whose path runs to a tour end that
    // has left, or a new tour end (a link on one side only).
    let tips = a.ends | b.ends | (a.linked ^ b.linked);
    if tips == 0 {
        return false;
    }
    let start = tips.trailing_zeros() as usize;
    let mut on_b = if is_pos(a.links[start]) {
        false
    } else if is_pos(b.links[start]) {
        true
    } else {
        return nodes == 1;
    };
    let (mut cur, mut seen) = (start, 1);
    loop {
        cur = side(on_b)[cur] as usize;
        on_b = !on_b;
        seen += 1;
        if !is_pos(side(on_b)[cur]) || seen > nodes {
            break;
        }
    }
    seen == nodes
}
