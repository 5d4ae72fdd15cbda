//! The census: the number of placements of every cell of both quarters,
//! counted without listing them. The plan sizes its memory and estimates
//! its costs from it.
//!
//! A quarter without the middle queen is a `width × height` rectangle on
//! its own: its placements on a set of ranks do not depend on where the
//! rectangle stands. The rank sets are counted in groups: the rank sets
//! `X ∪ {e, t}` for one set `X` and all ranks `e < t` below X's last share
//! the placements of `X`, found once; those of each `X ∪ {e}` are made from
//! them a batch at a time, and each is followed by its queens on every `t`,
//! added rank by rank as one row of 16 counts (by the file of the queen on
//! `t`) without a branch, so that one rank's counts are in the cache at a
//! time. The counts by file set are read off the rows at the end. The
//! diagonals are carried as windows on the files of the rank in hand,
//! shifted as the search moves down, so a rank's free files are a few bit
//! operations.

use super::super::run_workers;
use super::tables::{Geometry, Side, FILES_BYTES, PART_BYTES};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};

/// A rank set's file sets with their numbers of placements.
type Cells = Vec<(u32, u32)>;

/// The most files of a quarter (N up to 29).
const MAX_WIDTH: usize = 14;
/// The counts of one rank set by file set `F` and file `f` not in it: the
/// placements on `F ∪ {f}` with their last queen on `f`.
type Lanes = [u32; 16];
/// Placements of a group's shared ranks `X` gathered before the queens of
/// each `e` and then each `t` are added to them.
const BATCH: usize = 1024;

/// The number of placements of every cell of both quarters, without the
/// middle queen (an upper bound with one): for each rank set of a quarter,
/// its file sets in increasing order with their numbers of placements.
///
/// Without the middle queen a cell's placements depend only on its ranks
/// relative to its quarter's first, so one table serves both quarters: the
/// south quarter's (as tall as the north one, or one rank taller for odd
/// N), whose first `2^north_height` rank sets are the north quarter's. It
/// is counted for one rank set of each pair a flip upside down makes (the
/// two have the same counts) and, for each, for the placements whose first
/// queen is in the west half of the files (the mirror gives the others).
pub(super) struct Census {
    cells: Vec<Vec<(u32, u32)>>,
    /// The bytes of each rank set's cell built ([`Census::bytes`]), summed
    /// once: the plan asks for them for every rank set of every unit.
    bytes: Vec<u64>,
    north_height: usize,
}

impl Census {
    /// Counts the placements on `threads` threads, the families of rank
    /// sets shared out most ranks first.
    pub(super) fn new(geo: &Geometry, threads: usize) -> Census {
        let (_, height) = geo.rows(Side::South);
        let width = geo.width;
        assert!(width <= MAX_WIDTH && (1..32).contains(&height));
        let flip = |r: u32| r.reverse_bits() >> (32 - height);
        let mirror = |f: u32| f.reverse_bits() >> (32 - width);
        // Each group: a set X of ranks, and the families X ∪ {e} that share
        // its placements, each with the ranks t after e for which
        // X ∪ {e, t} is the one of its flipped pair counted.
        let mut groups: Vec<(u32, Vec<(usize, u32)>)> = (0..1u32 << height)
            .map(|x| {
                let after = (32 - x.leading_zeros()) as usize;
                let ends = (after..height)
                    .map(|e| {
                        let xe = x | 1 << e;
                        let last = (e + 1..height)
                            .filter(|&t| xe | 1 << t <= flip(xe | 1 << t))
                            .fold(0u32, |m, t| m | 1 << t);
                        (e, last)
                    })
                    .filter(|&(_, last)| last != 0)
                    .collect::<Vec<_>>();
                (x, ends)
            })
            .filter(|(_, ends)| !ends.is_empty())
            .collect();
        groups.sort_by_key(|(x, _)| std::cmp::Reverse(x.count_ones()));
        let out: Vec<Mutex<Vec<(u32, Cells)>>> = groups.iter().map(|_| Mutex::default()).collect();
        // The file sets of each size, in increasing order.
        let mut by_size = vec![Vec::new(); width.max(height) + 1];
        for f in 0..1u32 << width {
            by_size[f.count_ones() as usize].push(f);
        }
        let next = AtomicUsize::new(0);
        run_workers(threads.clamp(1, groups.len().max(1)), &|| {
            let rows = 1usize << width;
            let mut acc: Vec<Lanes> = vec![[0; 16]; pair(0, height) * rows];
            let mut stack = Vec::new();
            let mut batch = Vec::with_capacity(BATCH + MAX_WIDTH);
            let mut kids = Vec::new();
            let mut on = vec![0u32; rows];
            loop {
                let at = next.fetch_add(1, Ordering::Relaxed);
                let Some((x, ends)) = groups.get(at) else {
                    break;
                };
                count_group(*x, ends, width, &mut acc, &mut stack, &mut batch, &mut kids);
                let k = x.count_ones() as usize + 2;
                let mut lists = Vec::new();
                for &(e, last) in ends {
                    let mut ts = last;
                    while ts != 0 {
                        let t = ts.trailing_zeros() as usize;
                        ts &= ts - 1;
                        let at = pair(e, t) * rows;
                        let block = &mut acc[at..at + rows];
                        // The placements on each file set f: by the file
                        // of the last queen.
                        for &f in &by_size[k] {
                            let mut sum = 0;
                            let mut bits = f;
                            while bits != 0 {
                                let b = bits.trailing_zeros();
                                bits &= bits - 1;
                                sum += block[(f ^ 1 << b) as usize][b as usize];
                            }
                            on[f as usize] = sum;
                        }
                        let mut list = Vec::new();
                        for &f in &by_size[k] {
                            // Twice the placements with the first queen west
                            // of the middle file, once those on it (odd
                            // widths), none east of it: with the mirror's,
                            // twice the count.
                            let twice = on[f as usize] + on[mirror(f) as usize];
                            debug_assert!(twice.is_multiple_of(2));
                            if twice > 0 {
                                list.push((f, twice / 2));
                            }
                        }
                        for &f in &by_size[k - 1] {
                            block[f as usize] = [0; 16];
                        }
                        lists.push((x | 1 << e | 1 << t, list));
                    }
                }
                *out[at].lock().unwrap_or_else(PoisonError::into_inner) = lists;
            }
        });
        let mut cells = vec![Vec::new(); 1 << height];
        cells[0] = vec![(0, 1)];
        for t in 0..height {
            cells[1 << t] = (0..width).map(|c| (1 << c, 1)).collect();
        }
        for lists in out {
            for (ranks, list) in lists.into_inner().unwrap_or_else(PoisonError::into_inner) {
                cells[ranks as usize] = list;
            }
        }
        for r in 0..1u32 << height {
            if flip(r) < r {
                cells[r as usize] = cells[flip(r) as usize].clone();
            }
        }
        let bytes = cells
            .iter()
            .map(|c| {
                c.iter().map(|c| u64::from(c.1)).sum::<u64>() * PART_BYTES
                    + c.len() as u64 * FILES_BYTES
            })
            .collect();
        Census {
            cells,
            bytes,
            north_height: geo.north_height,
        }
    }

    /// The cells of a side: for each of its rank sets, its file sets with
    /// their numbers of placements.
    pub(super) fn side(&self, side: Side) -> &[Vec<(u32, u32)>] {
        match side {
            Side::North => &self.cells[..1 << self.north_height],
            Side::South => &self.cells,
        }
    }

    /// Bytes a cell built for `side`'s rank set `ranks` takes at most.
    pub(super) fn bytes(&self, side: Side, ranks: u32) -> u64 {
        debug_assert!(side == Side::South || ranks >> self.north_height == 0);
        self.bytes[ranks as usize]
    }

    /// Bytes the census holds.
    pub(super) fn held_bytes(&self) -> u64 {
        self.cells.iter().map(|c| 8 * c.len() as u64 + 32).sum()
    }
}

/// Adds the placements of the rank sets `x ∪ {e, t}` of a `width`-file
/// rectangle, for each `(e, last)` of `ends` (`e` after x's last rank, and
/// each rank `t` of `last` after `e`), to the rows of the pair `(e, t)` in
/// `acc` ([`add_last`]): twice each placement whose first queen is west of
/// the middle file, once each with it on the middle file (odd widths), none
/// east of it. The placements of `x` are found once for all its `e`.
#[allow(clippy::too_many_arguments)]
fn count_group(
    x: u32,
    ends: &[(usize, u32)],
    width: usize,
    acc: &mut [Lanes],
    stack: &mut Vec<(usize, u32, u32, u32)>,
    batch: &mut Vec<(u32, u32, u32)>,
    kids: &mut Vec<(u32, u32, u32)>,
) {
    let full = (1u32 << width) - 1;
    let weights = (0..width).map_while(|c| match (2 * c + 1).cmp(&width) {
        std::cmp::Ordering::Less => Some((c, 2)),
        std::cmp::Ordering::Equal => Some((c, 1)),
        std::cmp::Ordering::Greater => None,
    });
    if x == 0 {
        // The first queen is on e.
        for (c, weight) in weights {
            let q = 1u32 << c;
            for &(e, last) in ends {
                add_last(&[(q, q, q)], e, last, width, acc, weight);
            }
        }
        return;
    }
    let mut rows = [0usize; 32];
    let mut k = 0;
    let mut bits = x;
    while bits != 0 {
        rows[k] = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        k += 1;
    }
    let rows = &rows[..k];
    let end = rows[k - 1];
    // The queens of each e after the placements of x in `batch`, and then
    // of each t after e, family by family.
    let mut flush = |batch: &mut Vec<(u32, u32, u32)>, acc: &mut [Lanes], weight: u32| {
        for &(e, last) in ends {
            let d = e - end;
            if kids.len() < batch.len() * width {
                kids.resize(batch.len() * width, (0, 0, 0));
            }
            let mut n = 0;
            for &(files, down, up) in batch.iter() {
                let (down, up) = ((down << d) & full, up >> d);
                let mut free = full & !(files | down | up);
                while free != 0 {
                    let bit = free & free.wrapping_neg();
                    free &= free - 1;
                    kids[n] = (files | bit, down | bit, up | bit);
                    n += 1;
                }
            }
            add_last(&kids[..n], e, last, width, acc, weight);
        }
        batch.clear();
    };
    for (c, weight) in weights {
        let q = 1u32 << c;
        if k == 1 {
            batch.push((q, q, q));
            flush(batch, acc, weight);
            continue;
        }
        stack.clear();
        stack.push((1, q, q, q));
        while let Some((depth, files, down, up)) = stack.pop() {
            let d = rows[depth] - rows[depth - 1];
            let (down, up) = ((down << d) & full, up >> d);
            let mut free = full & !(files | down | up);
            if depth + 1 == k {
                while free != 0 {
                    let bit = free & free.wrapping_neg();
                    free &= free - 1;
                    batch.push((files | bit, down | bit, up | bit));
                }
                if batch.len() >= BATCH {
                    flush(batch, acc, weight);
                }
            } else {
                while free != 0 {
                    let bit = free & free.wrapping_neg();
                    free &= free - 1;
                    stack.push((depth + 1, files | bit, down | bit, up | bit));
                }
            }
        }
        flush(batch, acc, weight);
    }
}

/// Adds the queens of every rank `t` of `last` after the `placements` of a
/// rank set whose last rank is `end` (files, and the diagonals as they
/// cross `end`: `down` toward higher files, `up` toward lower), `weight`
/// each, to the rows of the pair `(end, t)` in `acc` (`2^width` rows from
/// [`pair`]`(end, t) · 2^width`, one by file set, one lane by the file of
/// the queen on `t`), rank by rank, so that one rank's counts are in the
/// cache at a time. A placement's queens on `t` are one row of 16 lanes
/// added at once, without a branch.
fn add_last(
    placements: &[(u32, u32, u32)],
    end: usize,
    last: u32,
    width: usize,
    acc: &mut [Lanes],
    weight: u32,
) {
    let full = (1u32 << width) - 1;
    let rows = 1usize << width;
    let mut ts = last;
    while ts != 0 {
        let t = ts.trailing_zeros() as usize;
        ts &= ts - 1;
        let d = t - end;
        let at = pair(end, t) * rows;
        let block = &mut acc[at..at + rows];
        for &(files, down, up) in placements {
            let free = full & !(files | down << d | up >> d);
            let row = &mut block[files as usize & (rows - 1)];
            for (b, lane) in row.iter_mut().enumerate() {
                *lane += 0u32.wrapping_sub(free >> b & 1) & weight;
            }
        }
    }
}

/// The place of the ranks `e < t` among all such pairs (those of `t` in a
/// row, after all pairs below `t`).
fn pair(e: usize, t: usize) -> usize {
    t * t.saturating_sub(1) / 2 + e
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The placements of a `width`-file rectangle on `ranks`, by file set,
    /// one placement at a time.
    fn plain(width: usize, ranks: u32) -> Vec<(u32, u32)> {
        let mut all = vec![(0u32, Vec::<(usize, usize)>::new())];
        for r in (0..32).filter(|r| ranks >> r & 1 == 1) {
            let mut next = Vec::new();
            for (files, queens) in &all {
                for c in (0..width).filter(|c| files >> c & 1 == 0) {
                    if queens
                        .iter()
                        .all(|&(qr, qc)| qr.abs_diff(r) != qc.abs_diff(c))
                    {
                        let mut q = queens.clone();
                        q.push((r, c));
                        next.push((files | 1 << c, q));
                    }
                }
            }
            all = next;
        }
        let mut by_files = std::collections::BTreeMap::new();
        for (files, _) in all {
            *by_files.entry(files).or_insert(0u32) += 1;
        }
        by_files.into_iter().collect()
    }

    #[test]
    fn the_census_lists_every_placement_by_its_files() {
        // Odd and even widths, quarters as tall as wide and one taller.
        for n in 8..=15 {
            let geo = Geometry::new(n);
            let census = Census::new(&geo, 2);
            let (_, height) = geo.rows(Side::South);
            for ranks in 0..1u32 << height {
                assert_eq!(
                    census.side(Side::South)[ranks as usize],
                    plain(geo.width, ranks),
                    "N = {n}, ranks {ranks:b}"
                );
            }
        }
    }
}
