//! The quarter tables of the half-board join: every placement of the west
//! half's north and south quarters ([`Placements`]), and for one rank of the
//! middle queen those that keep off its diagonals, grouped by the ranks and
//! files they hold ([`Quarters`]), from which the west halves of a rank set
//! are made ([`Quarters::west_into`]).

use super::super::run_workers;
use super::{low, HALVES_MAX_N, HALVES_MIN_N};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// Placements of the west half's north and south quarters together, for N
/// from 8 to [`HALVES_MAX_N`] (counted once by [`place_piece`]; the figures size
/// the engine's memory before it starts).
pub(in crate::queens::count) fn placements(n: usize) -> u64 {
    const NORTH: [u64; 8] = [
        87, 462, 2_635, 16_870, 118_969, 915_442, 7_535_369, 66_807_234,
    ];
    const SOUTH_ODD: [u64; 8] = [
        185,
        1_039,
        6_335,
        42_807,
        316_395,
        2_524_999,
        21_637_115,
        198_770_307,
    ];
    let i = (n.clamp(HALVES_MIN_N, HALVES_MAX_N) - HALVES_MIN_N) / 2;
    NORTH[i] + if n % 2 == 0 { NORTH[i] } else { SOUTH_ODD[i] }
}

/// One placement of a quarter, as listed: the ranks (relative to the
/// quarter's first) and files it holds and the diagonals its queens stand on,
/// by index (`rank − file + N − 1` for the diagonals, `rank + file` for the
/// anti-diagonals).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Placed {
    pub(super) ranks: u32,
    pub(super) files: u32,
    pub(super) diag: u64,
    pub(super) anti: u64,
}

/// The last ranks of a quarter whose pattern of occupied ranks splits its
/// listing into pieces ([`place_piece`]): 16 pieces a quarter.
const SPLIT_RANKS: usize = 4;

/// The placements of non-attacking queens, at most one per rank and file,
/// on ranks `first..first + height` and files `0..width` of an `n` × `n`
/// board whose last `min(SPLIT_RANKS, height)` ranks are occupied as the bits
/// of `pattern` say, ordered by ranks and then files. The pieces of the
/// patterns in increasing order make up the list of all placements in that
/// order (ranks are ordered by their last ranks first).
pub(super) fn place_piece(
    n: usize,
    first: usize,
    height: usize,
    width: usize,
    pattern: u32,
) -> Vec<Placed> {
    let split_at = height - SPLIT_RANKS.min(height);
    let mut all = Vec::new();
    let empty = Placed {
        ranks: 0,
        files: 0,
        diag: 0,
        anti: 0,
    };
    // The ranks are filled from the last, so that the pattern's choices
    // come first and no two pieces search the same branches.
    let mut stack = vec![(height, empty)];
    while let Some((above, p)) = stack.pop() {
        let Some(row) = above.checked_sub(1) else {
            all.push(p);
            continue;
        };
        // Ranks before the split may be empty or not; the last ones as the
        // pattern says.
        let occupied = (row >= split_at).then(|| pattern >> (row - split_at) & 1 == 1);
        if occupied != Some(true) {
            stack.push((row, p));
        }
        if occupied == Some(false) {
            continue;
        }
        let r = first + row;
        for c in 0..width {
            let d = 1u64 << (r + n - 1 - c);
            let a = 1u64 << (r + c);
            if p.files >> c & 1 == 0 && p.diag & d == 0 && p.anti & a == 0 {
                stack.push((
                    row,
                    Placed {
                        ranks: p.ranks | 1 << row,
                        files: p.files | 1 << c,
                        diag: p.diag | d,
                        anti: p.anti | a,
                    },
                ));
            }
        }
    }
    all.sort_unstable_by_key(|p| (u64::from(p.ranks) << 32) | u64::from(p.files));
    all
}

/// One placement of a quarter as the join uses it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Part {
    /// The diagonals it uses that also cross the other quarter of the half.
    inner: u64,
    /// The diagonals it uses that cross to the east half (see [`Quarters::key`]).
    key: u64,
}

/// The placements of one quarter of the west half, grouped by the ranks and
/// files they hold.
#[derive(Clone, Debug, Default)]
struct Quarter {
    /// For each rank set: the file sets present, in increasing order, each
    /// with its range in `parts`.
    cells: Vec<Vec<(u32, u32, u32)>>,
    parts: Vec<Part>,
}

impl Quarter {
    /// Groups the placements that keep off the `banned` diagonals.
    fn new(
        height: usize,
        placed: &[Vec<Placed>],
        banned: (u64, u64),
        part: impl Fn(&Placed) -> Part,
    ) -> Quarter {
        let mut q = Quarter {
            cells: vec![Vec::new(); 1 << height],
            parts: Vec::with_capacity(placed.iter().map(Vec::len).sum()),
        };
        let mut open: Option<(u32, u32)> = None;
        for p in placed.iter().flatten() {
            if p.diag & banned.0 != 0 || p.anti & banned.1 != 0 {
                continue;
            }
            if open != Some((p.ranks, p.files)) {
                open = Some((p.ranks, p.files));
                let at = q.parts.len() as u32;
                q.cells[p.ranks as usize].push((p.files, at, at));
            }
            q.parts.push(part(p));
            if let Some(cell) = q.cells[p.ranks as usize].last_mut() {
                cell.2 += 1;
            }
        }
        q
    }

    fn cell(&self, ranks: u32, files: u32) -> &[Part] {
        let cells = &self.cells[ranks as usize];
        match cells.binary_search_by_key(&files, |c| c.0) {
            Ok(i) => &self.parts[cells[i].1 as usize..cells[i].2 as usize],
            Err(_) => &[],
        }
    }
}

/// The placements of the west half's north and south quarters, listed once
/// for a board size.
pub(super) struct Placements {
    pub(super) n: usize,
    /// Each quarter's list, in pieces ([`place_piece`]) that follow each
    /// other in its order.
    pub(super) north: Vec<Vec<Placed>>,
    pub(super) south: Vec<Vec<Placed>>,
}

impl Placements {
    /// Lists both quarters, on `threads` threads: the pieces of both
    /// ([`place_piece`]) are shared out, the likely largest (most ranks
    /// occupied) first.
    pub(super) fn new(n: usize, threads: usize) -> Placements {
        let (width, height) = (n / 2, n / 2);
        // (south, first rank, height, pattern)
        let mut pieces: Vec<(bool, usize, usize, u32)> = Vec::new();
        for (south, first, h) in [(true, height, n - height), (false, 0, height)] {
            for pattern in 0..1u32 << SPLIT_RANKS.min(h) {
                pieces.push((south, first, h, pattern));
            }
        }
        let mut order: Vec<usize> = (0..pieces.len()).collect();
        order.sort_by_key(|&i| std::cmp::Reverse(pieces[i].3.count_ones()));
        let lists: Vec<Mutex<Vec<Placed>>> = pieces.iter().map(|_| Mutex::default()).collect();
        let next = AtomicUsize::new(0);
        run_workers(threads.min(pieces.len()), &|| {
            while let Some(&i) = order.get(next.fetch_add(1, Ordering::Relaxed)) {
                let (_, first, h, pattern) = pieces[i];
                let list = place_piece(n, first, h, width, pattern);
                *lists[i]
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner) = list;
            }
        });
        let (mut north, mut south) = (Vec::new(), Vec::new());
        for (piece, list) in pieces.iter().zip(lists) {
            let list = list
                .into_inner()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            if piece.0 { &mut south } else { &mut north }.push(list);
        }
        Placements { n, north, south }
    }
}

/// Runs `a` and `b`, at the same time if `parallel`.
fn both<A: Send, B: Send>(
    parallel: bool,
    a: impl FnOnce() -> A + Send,
    b: impl FnOnce() -> B + Send,
) -> (A, B) {
    if parallel {
        std::thread::scope(|s| {
            let b = s.spawn(b);
            let a = a();
            (a, b.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
        })
    } else {
        (a(), b())
    }
}

/// The west half's two quarters for one rank of the middle queen (odd N) or
/// none (even N).
#[derive(Clone, Debug)]
pub(super) struct Quarters {
    /// West files.
    width: usize,
    /// Ranks in the north quarter (the rest are south).
    north_height: usize,
    north: Quarter,
    south: Quarter,
    /// Crossing diagonals of each kind.
    pub(super) bits: usize,
}

impl Quarters {
    /// The quarters with the middle queen (odd N) on rank `middle`, built on
    /// two threads if `parallel`.
    pub(super) fn new(placements: &Placements, middle: Option<usize>, parallel: bool) -> Quarters {
        let n = placements.n;
        let width = n / 2;
        let north_height = n / 2;
        // The middle queen stands on file `width`.
        let banned = middle.map_or((0, 0), |r| (1 << (r + n - 1 - width), 1 << (r + width)));
        // Crossing diagonals start here in the diagonal indices; beside a
        // middle file the first one is on the middle file's first rank and
        // reaches no east square.
        let (shift, bits) = if n % 2 == 0 {
            (width, n - 1)
        } else {
            (width + 1, n - 2)
        };
        // A diagonal holding squares of both quarters passes rank
        // `north_height − 1` and rank `north_height` inside the west files:
        // `width − 1` diagonals of each kind.
        let inner = width.saturating_sub(1);
        let part = |p: &Placed| Part {
            inner: ((p.diag >> (north_height + n - width)) & low(inner))
                | (((p.anti >> north_height) & low(inner)) << inner),
            key: ((p.diag >> shift) & low(bits)) | (((p.anti >> shift) & low(bits)) << bits),
        };
        let (north, south) = both(
            parallel,
            || Quarter::new(north_height, &placements.north, banned, part),
            || Quarter::new(n - north_height, &placements.south, banned, part),
        );
        Quarters {
            width,
            north_height,
            north,
            south,
            bits,
        }
    }

    /// The same half seen as an east half (mirrored): its diagonals become
    /// anti-diagonals and the other way round.
    pub(super) fn mirror(&self, key: u64) -> u64 {
        (key >> self.bits) | ((key & low(self.bits)) << self.bits)
    }

    /// Replaces `out` with the keys of every west half with its queens on
    /// `ranks` (see [`Quarters::west_into`]).
    #[cfg(test)]
    pub(super) fn west(&self, ranks: u64, out: &mut Vec<u64>) {
        let used = self.west_into(ranks, out);
        out.truncate(used);
    }

    /// Writes the keys of every west half with its queens on `ranks` to
    /// `out[..k]` and returns `k`: the crossing diagonals in the low `bits`,
    /// the crossing anti-diagonals above them. `out` keeps its length, so
    /// that a buffer used again is not filled with zeros again.
    pub(super) fn west_into(&self, ranks: u64, out: &mut Vec<u64>) -> usize {
        let north_ranks = (ranks & low(self.north_height)) as usize;
        let south_ranks = (ranks >> self.north_height) as u32;
        let files = low(self.width) as u32;
        let mut used = 0;
        for &(f, a, b) in &self.north.cells[north_ranks] {
            let south = self.south.cell(south_ranks, files & !f);
            for n in &self.north.parts[a as usize..b as usize] {
                if out.len() < used + south.len() {
                    out.resize((used + south.len()).max(2 * out.len()), 0);
                }
                // Without a branch: every key is written, and kept when the
                // quarters fit.
                let window = &mut out[used..used + south.len()];
                let mut kept = 0;
                for (i, s) in south.iter().enumerate() {
                    window[kept.min(i)] = n.key | s.key;
                    kept += usize::from(n.inner & s.inner == 0);
                }
                used += kept;
            }
        }
        used
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every placement of the quarter, one rank at a time from the first,
    /// sorted by ranks and files.
    fn plain_place(n: usize, first: usize, height: usize, width: usize) -> Vec<Placed> {
        let mut all = vec![Placed {
            ranks: 0,
            files: 0,
            diag: 0,
            anti: 0,
        }];
        for row in 0..height {
            let r = first + row;
            let mut next = all.clone();
            for p in &all {
                for c in (0..width).filter(|c| p.files >> c & 1 == 0) {
                    let (d, a) = (1u64 << (r + n - 1 - c), 1u64 << (r + c));
                    if p.diag & d == 0 && p.anti & a == 0 {
                        next.push(Placed {
                            ranks: p.ranks | 1 << row,
                            files: p.files | 1 << c,
                            diag: p.diag | d,
                            anti: p.anti | a,
                        });
                    }
                }
            }
            all = next;
        }
        all.sort_by_key(|p| (p.ranks, p.files, p.diag, p.anti));
        all
    }

    #[test]
    fn the_pieces_make_up_every_placement_in_order() {
        for n in [8, 9, 12, 13] {
            let p = Placements::new(n, 2);
            for (pieces, first, height) in [(&p.north, 0, n / 2), (&p.south, n / 2, n - n / 2)] {
                let listed: Vec<Placed> = pieces.iter().flatten().copied().collect();
                assert!(
                    listed.is_sorted_by_key(|p| (p.ranks, p.files)),
                    "N = {n}, first rank {first}"
                );
                let mut sorted = listed.clone();
                sorted.sort_by_key(|p| (p.ranks, p.files, p.diag, p.anti));
                assert_eq!(sorted, plain_place(n, first, height, n / 2), "N = {n}");
            }
        }
    }

    #[test]
    fn the_placement_figures_are_the_lists_lengths() {
        for n in HALVES_MIN_N..=16 {
            let p = Placements::new(n, 1);
            assert_eq!(
                placements(n),
                p.north.iter().chain(&p.south).map(Vec::len).sum::<usize>() as u64,
                "N = {n}"
            );
        }
    }
}
