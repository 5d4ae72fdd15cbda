//! The west halves of every rank set at once, for the plan's costs: the
//! number of halves a set S makes (before the diagonals inside the half are
//! checked) is a sum over the north cell's file sets f of
//! `north[S's north part][f] · south[S's south part][the other files]`,
//! which over all sets of one *layer* (north parts of k ranks) is a product
//! of two matrices. Multiplied row by row (each row a sum of rows of the
//! second matrix), the inner loop runs over consecutive numbers and the
//! compiler makes it wide: N = 27's 20 million sets in a few seconds of CPU
//! time, where a sum per set took about a minute.

use super::super::run_workers;
use super::census::Census;
use super::low;
use super::tables::{Geometry, Side};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};

/// Rows of a layer's product worked out together.
const ROWS_AT_ONCE: usize = 16;

/// The west halves of every set of `n / 2` ranks of the board (for odd N
/// the census leaves the middle queen out, so that one table serves every
/// rank of it), by layer.
pub(super) struct SetHalves {
    north_height: usize,
    /// For every number below `2^south height`: its place among the numbers
    /// with as many bits set, in increasing order.
    place: Vec<u32>,
    /// For each layer k (north parts of k ranks): the number of north
    /// parts, and the halves of each set, by south part then north part.
    layers: Vec<(usize, Vec<f64>)>,
}

impl SetHalves {
    /// Works out every set's halves on `threads` threads.
    pub(super) fn new(geo: &Geometry, census: &Census, threads: usize) -> SetHalves {
        let (nh, (_, sh)) = (geo.north_height, geo.rows(Side::South));
        let width = geo.width;
        let set_size = geo.n / 2;
        let bits = nh.max(sh).max(width);
        let mut place = vec![0u32; 1 << bits];
        let mut seen = vec![0u32; bits + 1];
        for (x, p) in place.iter_mut().enumerate() {
            let k = x.count_ones() as usize;
            *p = seen[k];
            seen[k] += 1;
        }
        let with = |k: usize, of: usize| -> Vec<u32> {
            (0..1u32 << of)
                .filter(|x| x.count_ones() as usize == k)
                .collect()
        };
        let north = census.side(Side::North);
        let south = census.side(Side::South);
        let full = low(width) as u32;
        let mut layers = Vec::new();
        for k in 0..=nh {
            let Some(rest) = set_size.checked_sub(k).filter(|&r| r <= sh && k <= width) else {
                layers.push((0, Vec::new()));
                continue;
            };
            // Row by south part, so that the plan's rank sets, in order of
            // south part then north part, read their halves in order.
            let rows = with(rest, sh);
            let cols = with(k, nh);
            let files = with(k, width);
            // The second matrix: for each file set f of k files, the north
            // parts' placements on it.
            let mut second = vec![0f64; files.len() * cols.len()];
            for (c, &sn) in cols.iter().enumerate() {
                for &(f, count) in &north[sn as usize] {
                    second[place[f as usize] as usize * cols.len() + c] = f64::from(count);
                }
            }
            // Rows in blocks: a row of the second matrix is read once for
            // every row of a block that needs it, one after the other, from
            // the cache (N = 28's largest layer is a product of two
            // 3,432-square matrices, the second 94 MB).
            let blocks: Vec<&[u32]> = rows.chunks(ROWS_AT_ONCE).collect();
            let out: Vec<Mutex<Vec<f64>>> = blocks.iter().map(|_| Mutex::default()).collect();
            let next = AtomicUsize::new(0);
            let width_cols = cols.len();
            run_workers(threads.clamp(1, blocks.len().max(1)), &|| {
                let mut terms: Vec<(u32, u32, f64)> = Vec::new();
                loop {
                    let b = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&block) = blocks.get(b) else { break };
                    terms.clear();
                    for (r, &ss) in block.iter().enumerate() {
                        for &(g, count) in &south[ss as usize] {
                            let f = full & !g;
                            if f.count_ones() as usize == k {
                                terms.push((place[f as usize], r as u32, f64::from(count)));
                            }
                        }
                    }
                    terms.sort_unstable_by_key(|t| (t.0, t.1));
                    let mut sums = vec![0f64; block.len() * width_cols];
                    for &(f, r, c) in &terms {
                        let at = f as usize * width_cols;
                        let from = &second[at..at + width_cols];
                        let row = &mut sums[r as usize * width_cols..(r as usize + 1) * width_cols];
                        for (o, s) in row.iter_mut().zip(from) {
                            *o += c * s;
                        }
                    }
                    *out[b].lock().unwrap_or_else(PoisonError::into_inner) = sums;
                }
            });
            let mut data = Vec::with_capacity(rows.len() * width_cols);
            for block in out {
                data.extend(block.into_inner().unwrap_or_else(PoisonError::into_inner));
            }
            layers.push((width_cols, data));
        }
        SetHalves {
            north_height: nh,
            place,
            layers,
        }
    }

    /// The west halves of the rank set `ranks` (`n / 2` ranks of the board).
    pub(super) fn get(&self, ranks: u64) -> u64 {
        let sn = (ranks & low(self.north_height)) as usize;
        let ss = (ranks >> self.north_height) as usize;
        let (cols, data) = &self.layers[sn.count_ones() as usize];
        // Sums of whole numbers, each product at most the sum (halves, up
        // to about 10^10 at N = 28), far below 2^53: exact.
        data[self.place[ss] as usize * cols + self.place[sn] as usize] as u64
    }
}
