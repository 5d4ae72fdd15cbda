//! The west halves of every rank set at once, for the plan's costs: the
//! number of halves a set S makes (before the diagonals inside the half are
//! checked) is a sum over the north cell's file sets f of
//! `north[S's north part][f] · south[S's south part][the other files]`,
//! which over all sets of one *layer* (north parts of k ranks) is a product
//! of two matrices, taken by a blocked multiplication (`matrixmultiply`'s
//! dgemm): N = 28's 40 million sets in about 5 seconds of CPU time (a sum
//! per set took about a minute at N = 27). The counts are whole numbers
//! whose sums stay far below 2^53, so the floating-point product is exact.

use super::super::run_workers;
use super::census::Census;
use super::low;
use super::tables::{Geometry, Side};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};

/// Rows of a layer's product worked out together: a few MB of the first
/// matrix, and few enough blocks that packing the second matrix once per
/// block is a small share of the work. (The tests' layers are at most 70
/// rows: they take a few at a time, so that blocks meet.)
const ROWS_AT_ONCE: usize = if cfg!(test) { 7 } else { 256 };

/// `out = a · b`, all three dense by rows: `a` is `out.len() / cols` by
/// `inner`, `b` is `inner` by `cols`.
fn multiply(a: &[f64], b: &[f64], out: &mut [f64], inner: usize, cols: usize) {
    let rows = out.len() / cols.max(1);
    assert!(a.len() == rows * inner && b.len() == inner * cols && out.len() == rows * cols);
    if rows == 0 || cols == 0 || inner == 0 {
        out.fill(0.0);
        return;
    }
    let stride = |x: usize| isize::try_from(x).expect("a layer's width fits an isize");
    // SAFETY: the three slices hold the whole matrices of the dimensions and
    // row strides given (checked above), with unit column strides; `out` is
    // borrowed mutably, so it aliases neither input.
    #[allow(unsafe_code)]
    unsafe {
        matrixmultiply::dgemm(
            rows,
            inner,
            cols,
            1.0,
            a.as_ptr(),
            stride(inner),
            1,
            b.as_ptr(),
            stride(cols),
            1,
            0.0,
            out.as_mut_ptr(),
            stride(cols),
            1,
        );
    }
}

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
            // The first matrix, dense, a block of rows at a time (N = 28's
            // largest layer is a product of two 3,432-square matrices),
            // times the second by a blocked multiplication.
            let blocks: Vec<&[u32]> = rows.chunks(ROWS_AT_ONCE).collect();
            let out: Vec<Mutex<Vec<f64>>> = blocks.iter().map(|_| Mutex::default()).collect();
            let next = AtomicUsize::new(0);
            let (inner, width_cols) = (files.len(), cols.len());
            run_workers(threads.clamp(1, blocks.len().max(1)), &|| {
                let mut first = Vec::new();
                loop {
                    let b = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&block) = blocks.get(b) else { break };
                    first.clear();
                    first.resize(block.len() * inner, 0f64);
                    for (r, &ss) in block.iter().enumerate() {
                        for &(g, count) in &south[ss as usize] {
                            let f = full & !g;
                            if f.count_ones() as usize == k {
                                first[r * inner + place[f as usize] as usize] = f64::from(count);
                            }
                        }
                    }
                    let mut sums = vec![0f64; block.len() * width_cols];
                    multiply(&first, &second, &mut sums, inner, width_cols);
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
