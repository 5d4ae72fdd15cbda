//! The pairs of one join group that link up, summed without trying each
//! pair (used by the `join` module for groups with many pairs).
//!
//! Within a group the sides of one table (the *kept* sides) are merged
//! into a distribution: the path systems they make at ranks L and F, each
//! with the sum of the ways that make it. The sides of the other table (the
//! *applied* sides) are sorted by their links and applied square by square,
//! as a trie: two applied sides that agree on their first squares share the
//! distributions worked out for those squares. Each applied link joins two
//! paths into one (or ends one), so the distribution shrinks as it goes:
//! many kept sides that differ only in how the squares already passed
//! were paired become one path system. At the end of an applied side, the
//! weight of the systems that became one path (one cycle for closed tours)
//! is the sum of the ways of the kept sides it links up with.
//!
//! The result equals trying every pair with `links_up`; the tests of
//! the `join` module check the two against each other.

use std::collections::hash_map::Entry;
use std::collections::HashMap;

use super::sides::{Side, END, NONE};

/// A path system: for each square (5 bits from bit `5k`) its partner plus
/// one, [`OPEN_END`] when its path runs to a tour end, or 0 when the square
/// has no open path; bit 127 marks a system made into one whole path (or
/// cycle) with nothing left open.
type System = u128;

const OPEN_END: u128 = 31;
const WHOLE: u128 = 1 << 127;

#[inline]
fn get(s: System, k: usize) -> u128 {
    s >> (5 * k) & 31
}

#[inline]
fn set(s: System, k: usize, v: u128) -> System {
    s & !(31 << (5 * k)) | v << (5 * k)
}

/// The system of a side: its links as partners.
fn system(side: &Side, squares: usize) -> System {
    let mut s = 0;
    for k in 0..squares {
        match side.links[k] {
            NONE => {}
            END => s = set(s, k, OPEN_END),
            p => s = set(s, k, u128::from(p) + 1),
        }
    }
    s
}

/// Ends the path at open square `k` there (a tour end, new or old): its
/// other end becomes a path end. `None` when a whole path is closed while
/// other paths are open (or after a whole one).
#[inline]
fn end_at(s: System, k: usize) -> Option<System> {
    let a = get(s, k);
    let s = set(s, k, 0);
    if a == OPEN_END {
        // Both ends are tour ends: the path is whole.
        return (s == 0).then_some(WHOLE);
    }
    Some(set(s, a as usize - 1, OPEN_END))
}

/// The system after the applied side's link at square `k` (`link` as in
/// [`Side::links`]), `None` when the pair cannot link up.
#[inline]
fn apply(s: System, k: usize, link: u8, closed: bool) -> Option<System> {
    let open = |x: usize| get(s, x) != 0;
    match link {
        NONE => {
            if open(k) {
                // A new tour end.
                end_at(s, k)
            } else {
                Some(s)
            }
        }
        END => {
            if open(k) {
                end_at(s, k)
            } else {
                // A path of this one square, from a new tour end to an old
                // one: whole only when it is all there is.
                (s == 0).then_some(WHOLE)
            }
        }
        p if usize::from(p) < k => Some(s),
        p => {
            let p = usize::from(p);
            match (open(k), open(p)) {
                (true, true) => {
                    let (a, b) = (get(s, k), get(s, p));
                    let s = set(set(s, k, 0), p, 0);
                    if a == p as u128 + 1 {
                        // The link closes a cycle: one tour when it is all.
                        return (closed && s == 0).then_some(WHOLE);
                    }
                    match (a, b) {
                        (OPEN_END, OPEN_END) => (s == 0).then_some(WHOLE),
                        (OPEN_END, b) => Some(set(s, b as usize - 1, OPEN_END)),
                        (a, OPEN_END) => Some(set(s, a as usize - 1, OPEN_END)),
                        (a, b) => Some(set(set(s, a as usize - 1, b), b as usize - 1, a)),
                    }
                }
                // The other square is a new tour end.
                (true, false) => end_at(s, k),
                (false, true) => end_at(s, p),
                // A path of the two squares, both new tour ends.
                (false, false) => (s == 0).then_some(WHOLE),
            }
        }
    }
}

/// The most systems [`merge`] sorts; more are merged through a hash map
/// (in 40 seconds of an 8x8 open pass's join profiled, the small sorts of
/// these 32-byte entries took 27 % of the time, and quicksort, whose
/// entries were not told apart, 14 % more). Tests take both ways on small
/// boards.
#[cfg(not(test))]
const SORTED: usize = 32;
#[cfg(test)]
const SORTED: usize = 4;

/// Merges equal systems, adding their weights; `seen` is work space. The
/// order of the merged systems is not kept (the sums do not depend on it).
fn merge(
    v: &mut Vec<(System, u128)>,
    seen: &mut HashMap<System, usize, foldhash::fast::FixedState>,
) {
    let mut out = 0;
    if v.len() <= SORTED {
        v.sort_unstable_by_key(|e| e.0);
        for i in 0..v.len() {
            if out > 0 && v[out - 1].0 == v[i].0 {
                v[out - 1].1 += v[i].1;
            } else {
                v[out] = v[i];
                out += 1;
            }
        }
    } else {
        // (Clearing costs a byte a slot: a map grown on a large group is
        // not kept for the small ones after it.)
        if seen.capacity() > 8 * v.len().max(64) {
            *seen = HashMap::default();
        }
        seen.clear();
        seen.reserve(v.len());
        for i in 0..v.len() {
            let (s, w) = v[i];
            match seen.entry(s) {
                Entry::Occupied(e) => v[*e.get()].1 += w,
                Entry::Vacant(e) => {
                    e.insert(out);
                    v[out] = (s, w);
                    out += 1;
                }
            }
        }
    }
    v.truncate(out);
}

/// Work space of [`Linking::linked`], kept between groups.
#[derive(Default)]
pub(super) struct Linking {
    /// The distributions of the applied side under way: `levels[at[k]]`
    /// holds the one after its first `k` squares (a square that changes
    /// nothing leaves the one before).
    levels: Vec<Vec<(System, u128)>>,
    at: Vec<usize>,
    /// The order of the applied sides.
    order: Vec<usize>,
    /// Work space of [`merge`].
    seen: HashMap<System, usize, foldhash::fast::FixedState>,
}

impl Linking {
    /// For each applied side, calls `found(i, weight)` (`i` its position in
    /// `applied`) with the summed weights of the kept sides it links up
    /// with, when that is not zero. `kept` pairs each kept side with its
    /// weight.
    pub(super) fn linked(
        &mut self,
        kept: &[(Side, u128)],
        applied: &[Side],
        squares: usize,
        closed: bool,
        mut found: impl FnMut(usize, u128),
    ) {
        self.levels.resize_with(squares + 1, Vec::new);
        self.at.clear();
        self.at.resize(squares + 1, 0);
        let first = &mut self.levels[0];
        first.clear();
        // (Not merged: profiled on the 8x8 open joins, this merge never
        // found two equal systems and cost a sort of every group; the
        // levels that follow merge what the applied links make equal.)
        first.extend(kept.iter().map(|(s, w)| (system(s, squares), *w)));
        self.order.clear();
        self.order.extend(0..applied.len());
        self.order.sort_unstable_by(|&i, &j| {
            applied[i].links[..squares].cmp(&applied[j].links[..squares])
        });
        let mut previous: Option<&Side> = None;
        for &i in &self.order {
            let y = &applied[i];
            // The squares this side shares with the one before keep their
            // distributions.
            let same = previous.map_or(0, |p| {
                (0..squares)
                    .position(|k| p.links[k] != y.links[k])
                    .unwrap_or(squares)
            });
            previous = Some(y);
            for k in same..squares {
                let link = y.links[k];
                let (done, rest) = self.levels.split_at_mut(k + 1);
                let from = &done[self.at[k]];
                // (A link back to an earlier square was made there; END and
                // NONE are above every square.)
                let acts = link != NONE && usize::from(link) > k;
                if !acts && !from.iter().any(|&(s, _)| s & WHOLE == 0 && get(s, k) != 0) {
                    self.at[k + 1] = self.at[k];
                    continue;
                }
                let next = &mut rest[0];
                next.clear();
                next.extend(from.iter().filter_map(|&(s, w)| {
                    if s & WHOLE != 0 {
                        // Anything more is a second piece.
                        return (!acts).then_some((s, w));
                    }
                    apply(s, k, link, closed).map(|s| (s, w))
                }));
                merge(next, &mut self.seen);
                self.at[k + 1] = k + 1;
            }
            let weight: u128 = self.levels[self.at[squares]]
                .iter()
                .filter(|&&(s, _)| s == WHOLE)
                .map(|&(_, w)| w)
                .sum();
            if weight != 0 {
                found(i, weight);
            }
        }
    }
}
