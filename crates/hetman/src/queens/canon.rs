//! Symmetry tests on solutions, fast enough to run on every solution a search finds.
//!
//! A solution has one queen on each file and each rank, so it is a permutation
//! `p` (file -> rank) with an inverse `q` (rank -> file). Each of the eight
//! images can then be read off element by element without building it:
//! with `m = N - 1`, the image's rank on file `x` is
//!
//! | symmetry | image\[x\] |
//! |---|---|
//! | identity | `p[x]` |
//! | quarter turn | `m - q[x]` |
//! | half turn | `m - p[m - x]` |
//! | three-quarter turn | `q[m - x]` |
//! | mirror left-right | `p[m - x]` |
//! | mirror top-bottom | `m - p[x]` |
//! | mirror in a1-h8 | `q[x]` |
//! | mirror in a8-h1 | `m - q[m - x]` |

use crate::Symmetry;
use std::cmp::Ordering;

/// Scratch space for symmetry tests on permutations of up to `N` elements.
#[derive(Debug, Clone, Default)]
pub(crate) struct Canon {
    inv: Vec<u32>,
}

impl Canon {
    #[inline]
    fn image_at(p: &[u32], q: &[u32], sym: Symmetry, x: usize) -> u32 {
        let m = p.len() - 1;
        let mu = m as u32;
        match sym {
            Symmetry::Identity => p[x],
            Symmetry::Rotate90 => mu - q[x],
            Symmetry::Rotate180 => mu - p[m - x],
            Symmetry::Rotate270 => q[m - x],
            Symmetry::MirrorFiles => p[m - x],
            Symmetry::MirrorRanks => mu - p[x],
            Symmetry::MirrorDiagonal => q[x],
            Symmetry::MirrorAntiDiagonal => mu - q[m - x],
        }
    }

    fn load(&mut self, p: &[u32]) {
        self.inv.clear();
        self.inv.resize(p.len(), 0);
        for (f, &r) in p.iter().enumerate() {
            self.inv[r as usize] = f as u32;
        }
    }

    fn compare(&self, p: &[u32], sym: Symmetry) -> Ordering {
        for x in 0..p.len() {
            let o = Self::image_at(p, &self.inv, sym, x).cmp(&p[x]);
            if o != Ordering::Equal {
                return o;
            }
        }
        Ordering::Equal
    }

    /// For a permutation `p`: whether it is the smallest of its images, and how
    /// many of the eight symmetries leave it unchanged (`None` if not canonical).
    #[inline]
    pub(crate) fn canonical_fixed(&mut self, p: &[u32]) -> Option<u32> {
        self.load(p);
        let mut fixed = 1;
        for sym in &Symmetry::ALL[1..] {
            match self.compare(p, *sym) {
                Ordering::Less => return None,
                Ordering::Equal => fixed += 1,
                Ordering::Greater => {}
            }
        }
        Some(fixed)
    }

    /// Whether the permutation `p` is the smallest of its eight images.
    #[inline]
    pub(crate) fn is_canonical(&mut self, p: &[u32]) -> bool {
        self.canonical_fixed(p).is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::queens::Placement;

    #[test]
    fn agrees_with_building_the_images() {
        let mut c = Canon::default();
        let mut p: Vec<u32> = (0..6).collect();
        // Every permutation of 6.
        loop {
            let pl = Placement::from_ranks(p.clone()).unwrap();
            let canonical = pl.canonical().unwrap() == pl;
            assert_eq!(c.is_canonical(&p), canonical, "{pl}");
            if canonical {
                let size = pl.class_size().unwrap() as u32;
                assert_eq!(c.canonical_fixed(&p), Some(8 / size));
            }
            if !super::super::search::permutations::next_permutation(&mut p) {
                break;
            }
        }
    }
}
