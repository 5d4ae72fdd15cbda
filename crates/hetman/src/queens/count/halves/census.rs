//! The census: the number of placements of every cell of both quarters,
//! counted without listing them. The plan sizes its memory and estimates
//! its costs from it.
//!
//! A quarter without the middle queen is a `width × height` rectangle on
//! its own: its placements on a set of ranks do not depend on where the
//! rectangle stands. The rank sets are counted in families: the rank sets
//! `X ∪ {t}` for one set `X` and every rank `t` below X's last share the
//! placements of `X`, each of which is followed by a loop over `t` that
//! adds the queens of rank `t` straight to `t`'s counts. The diagonals are
//! carried as windows on the files of the rank in hand, shifted as the
//! search moves down, so a rank's free files are a few bit operations.

use super::super::run_workers;
use super::tables::{Geometry, Side, FILES_BYTES, PART_BYTES};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};

/// A rank set's file sets with their numbers of placements.
type Cells = Vec<(u32, u32)>;

/// The most files of a quarter (N up to 29).
const MAX_WIDTH: usize = 14;
/// The counts of one rank set, by file set.
const DENSE: usize = 1 << MAX_WIDTH;

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
        // Each family: a set X of at least one rank, and the ranks t after
        // its last for which X ∪ {t} is the one of its flipped pair counted.
        let mut families: Vec<(u32, u32)> = (1..1u32 << height)
            .map(|x| {
                let after = (32 - x.leading_zeros()) as usize;
                let last = (after..height)
                    .filter(|&t| x | 1 << t <= flip(x | 1 << t))
                    .fold(0u32, |m, t| m | 1 << t);
                (x, last)
            })
            .filter(|&(_, last)| last != 0)
            .collect();
        families.sort_by_key(|&(x, _)| std::cmp::Reverse(x.count_ones()));
        let out: Vec<Mutex<Vec<(u32, Cells)>>> =
            families.iter().map(|_| Mutex::default()).collect();
        let next = AtomicUsize::new(0);
        run_workers(threads.clamp(1, families.len().max(1)), &|| {
            let mut acc = vec![0u32; height * DENSE];
            let mut stack = Vec::new();
            loop {
                let at = next.fetch_add(1, Ordering::Relaxed);
                let Some(&(x, last)) = families.get(at) else {
                    break;
                };
                count_family(x, last, width, &mut acc, &mut stack);
                let mut lists = Vec::new();
                let mut ts = last;
                while ts != 0 {
                    let t = ts.trailing_zeros() as usize;
                    ts &= ts - 1;
                    let dense = &mut acc[t * DENSE..(t + 1) * DENSE];
                    let mut list = Vec::new();
                    for f in 0..1u32 << width {
                        // Twice the placements with the first queen west of
                        // the middle file, once those on it (odd widths),
                        // none east of it: with the mirror's, twice the
                        // count.
                        let twice = dense[f as usize] + dense[mirror(f) as usize];
                        debug_assert!(twice.is_multiple_of(2));
                        if twice > 0 {
                            list.push((f, twice / 2));
                        }
                    }
                    dense[..1 << width].fill(0);
                    lists.push((x | 1 << t, list));
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

/// Adds the placements of the rank sets `x ∪ {t}` of a `width`-file
/// rectangle, for each rank `t` of `last` (all after x's last rank), to
/// `acc[t · DENSE + file set]`: twice each placement whose first queen is
/// west of the middle file, once each with it on the middle file (odd
/// widths), none east of it.
fn count_family(
    x: u32,
    last: u32,
    width: usize,
    acc: &mut [u32],
    stack: &mut Vec<(usize, u32, u32, u32)>,
) {
    let full = (1u32 << width) - 1;
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
    // The queens of every rank t after a placement of x: files, and the
    // diagonals (`down` toward higher files, `up` toward lower) as they
    // cross x's last rank.
    let mut leaves = |files: u32, down: u32, up: u32, weight: u32| {
        let mut ts = last;
        while ts != 0 {
            let t = ts.trailing_zeros() as usize;
            ts &= ts - 1;
            let d = t - end;
            let mut free = full & !(files | down << d | up >> d);
            let dense: &mut [u32; DENSE] = (&mut acc[t * DENSE..(t + 1) * DENSE])
                .try_into()
                .expect("a rank's counts are DENSE long");
            // The first four queens without a branch (adding nothing where
            // there is none): how many there are is hard to foresee, and a
            // loop ending at a different count each time is mispredicted.
            for _ in 0..6 {
                let bit = free & free.wrapping_neg();
                free &= free.wrapping_sub(1);
                dense[(files | bit) as usize & (DENSE - 1)] += weight * u32::from(bit != 0);
            }
            while free != 0 {
                let bit = free & free.wrapping_neg();
                free &= free - 1;
                dense[(files | bit) as usize & (DENSE - 1)] += weight;
            }
        }
    };
    for c in 0..width {
        let weight = match (2 * c + 1).cmp(&width) {
            std::cmp::Ordering::Less => 2,
            std::cmp::Ordering::Equal => 1,
            std::cmp::Ordering::Greater => break,
        };
        let q = 1u32 << c;
        if k == 1 {
            leaves(q, q, q, weight);
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
                    leaves(files | bit, down | bit, up | bit, weight);
                }
            } else {
                while free != 0 {
                    let bit = free & free.wrapping_neg();
                    free &= free - 1;
                    stack.push((depth + 1, files | bit, down | bit, up | bit));
                }
            }
        }
    }
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
