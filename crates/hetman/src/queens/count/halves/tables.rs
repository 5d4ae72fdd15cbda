//! The quarter tables of the half-board join. The west half is cut into a
//! north and a south quarter; a *cell* holds every placement of one quarter
//! on one set of its ranks (one queen on each), for one rank of the middle
//! queen, grouped by the files they hold ([`Cell`]). The west halves of a
//! rank set are made from one north and one south cell ([`Geometry::west_into`]).
//!
//! Cells are built on demand ([`Cell::build`]) and dropped after their last
//! use (see `cells.rs`), so that only the cells of the units in hand are
//! held. The census (`census.rs`) counts the placements of every cell without
//! listing them: the plan sizes its memory and estimates its costs from it.

use super::low;

/// One of the west half's two quarters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(super) enum Side {
    /// Ranks `0..north_height`.
    North,
    /// The other ranks.
    South,
}

/// The shape of the west half for one N: its files, the quarters' ranks and
/// the crossing diagonals.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Geometry {
    pub(super) n: usize,
    /// West files.
    pub(super) width: usize,
    /// Ranks in the north quarter (the rest are south).
    pub(super) north_height: usize,
    /// Crossing diagonals of each kind.
    pub(super) bits: usize,
    /// Where the crossing diagonals start in the diagonal indices.
    shift: usize,
    /// Diagonals of each kind holding squares of both quarters.
    inner: usize,
}

impl Geometry {
    pub(super) fn new(n: usize) -> Geometry {
        let width = n / 2;
        // Beside a middle file the first crossing diagonal is on the middle
        // file's first rank and reaches no east square.
        let (shift, bits) = if n.is_multiple_of(2) {
            (width, n - 1)
        } else {
            (width + 1, n - 2)
        };
        Geometry {
            n,
            width,
            north_height: n / 2,
            bits,
            shift,
            // A diagonal holding squares of both quarters passes rank
            // `north_height − 1` and rank `north_height` inside the west
            // files: `width − 1` diagonals of each kind.
            inner: width.saturating_sub(1),
        }
    }

    /// The first rank and the number of ranks of a quarter.
    pub(super) fn rows(&self, side: Side) -> (usize, usize) {
        match side {
            Side::North => (0, self.north_height),
            Side::South => (self.north_height, self.n - self.north_height),
        }
    }

    /// A rank set of the board cut into its north and south parts (each
    /// relative to its quarter's first rank).
    pub(super) fn cut(&self, ranks: u64) -> (u32, u32) {
        (
            (ranks & low(self.north_height)) as u32,
            (ranks >> self.north_height) as u32,
        )
    }

    /// The diagonals the middle queen (odd N, on file `width`) stands on.
    fn banned(&self, middle: Option<usize>) -> (u64, u64) {
        let (n, w) = (self.n, self.width);
        middle.map_or((0, 0), |r| (1 << (r + n - 1 - w), 1 << (r + w)))
    }

    fn part(&self, diag: u64, anti: u64) -> Part {
        let (n, w, h, inner, bits) = (self.n, self.width, self.north_height, self.inner, self.bits);
        Part {
            inner: ((diag >> (h + n - w)) & low(inner)) | (((anti >> h) & low(inner)) << inner),
            key: ((diag >> self.shift) & low(bits)) | (((anti >> self.shift) & low(bits)) << bits),
        }
    }

    /// The west files free on rank `r` (bit `c` for file `c`) beside the
    /// queens on `files`, `diag` and `anti`: file `c` of rank `r` is on
    /// diagonal `r + n − 1 − c` and anti-diagonal `r + c`.
    #[inline]
    fn free(&self, r: usize, files: u32, diag: u64, anti: u64) -> u32 {
        let w = self.width;
        let mask = low(w) as u32;
        // Diagonals r + n − w .. r + n − 1 hold files w − 1 .. 0.
        let d = ((diag >> (r + self.n - w)) as u32) & mask;
        let d = u32::from(REVERSED[d as usize]) >> (14 - w);
        let a = ((anti >> r) as u32) & mask;
        mask & !files & !d & !a
    }

    /// The same half seen as an east half (mirrored): its diagonals become
    /// anti-diagonals and the other way round.
    pub(super) fn mirror(&self, key: u64) -> u64 {
        (key >> self.bits) | ((key & low(self.bits)) << self.bits)
    }

    /// The keys of every west half with its queens on `ranks` (see
    /// [`Geometry::west_into`]), its cells built for the purpose.
    #[cfg(test)]
    pub(super) fn west(&self, middle: Option<usize>, ranks: u64) -> Vec<u64> {
        let (n, s) = self.cut(ranks);
        let north = Cell::build(self, middle, Side::North, n);
        let south = Cell::build(self, middle, Side::South, s);
        let mut out = Vec::new();
        let used = self.west_into(&north, &south, Piece::WHOLE, &mut out);
        out.truncate(used);
        out
    }

    /// Writes the keys of every west half made of a placement of `north`
    /// and one of `south` (cells of one rank set's two parts) to `out[..k]`
    /// and returns `k`: the crossing diagonals in the low `bits`, the
    /// crossing anti-diagonals above them. `out` keeps its length, so that a
    /// buffer used again is not filled with zeros again. With a `piece`
    /// other than [`Piece::WHOLE`], only the halves of that piece of the
    /// north cell's file sets are made.
    pub(super) fn west_into(
        &self,
        north: &Cell,
        south: &Cell,
        piece: Piece,
        out: &mut Vec<u64>,
    ) -> usize {
        let files = low(self.width) as u32;
        let mut used = 0;
        let step = piece.of.max(1) as usize;
        for &(f, a, b) in north.files.iter().skip(piece.index as usize).step_by(step) {
            let south = south.get(files & !f);
            for n in &north.parts[a as usize..b as usize] {
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

/// A share of the halves of one side of a rank set: those made from every
/// `of`-th file set of its north cell (in increasing order), from the
/// `index`-th on. The pieces `0..of` of a side share its halves out, each
/// once, so that their counts add up to the rank set's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Piece {
    /// Which piece, from 0.
    pub(super) index: u32,
    /// The number of pieces.
    pub(super) of: u32,
}

impl Piece {
    /// The whole side.
    pub(super) const WHOLE: Piece = Piece { index: 0, of: 1 };

    /// Piece `k` of this piece cut into `m`: every `m`-th of its file sets
    /// from its `k`-th on. The `m` of them share out its halves.
    pub(super) fn sub(self, k: u32, m: u32) -> Piece {
        Piece {
            index: self.index + self.of * k,
            of: self.of * m,
        }
    }

    /// Into how many pieces this piece of a side with about `halves` halves
    /// (the whole side's) is cut so that each makes at most `cap`, and no
    /// more than there are of its `file_sets` (of the whole side).
    pub(super) fn cuts(self, halves: u64, cap: u64, file_sets: usize) -> u32 {
        let of = u64::from(self.of.max(1));
        let mine = (file_sets as u64)
            .saturating_sub(u64::from(self.index))
            .div_ceil(of);
        let wanted = halves.div_ceil(of).div_ceil(cap.max(1));
        wanted
            .min(mine)
            .clamp(1, u64::from(u32::MAX / self.of.max(1))) as u32
    }
}

/// One placement of a quarter as the join uses it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Part {
    /// The diagonals it uses that also cross the other quarter of the half.
    inner: u64,
    /// The diagonals it uses that cross to the east half.
    key: u64,
}

/// Bytes a cell takes per placement and per file set (see [`Cell::bytes`]).
pub(super) const PART_BYTES: u64 = 16;
pub(super) const FILES_BYTES: u64 = 12;

/// Every placement of one quarter on one set of its ranks (a queen on each,
/// off the middle queen's diagonals), grouped by the files they hold.
#[derive(Clone, Debug, Default)]
pub(super) struct Cell {
    /// The file sets present, in increasing order, each with its range in
    /// `parts`.
    files: Vec<(u32, u32, u32)>,
    parts: Vec<Part>,
}

impl Cell {
    /// Lists the cell of `side`'s rank set `ranks` (relative to its first
    /// rank) with the middle queen on rank `middle` (odd N).
    pub(super) fn build(geo: &Geometry, middle: Option<usize>, side: Side, ranks: u32) -> Cell {
        let (first, _) = geo.rows(side);
        let banned = geo.banned(middle);
        let rows: Vec<usize> = (0..32)
            .filter(|&r| ranks >> r & 1 == 1)
            .map(|r| first + r)
            .collect();
        let mut listed: Vec<(u32, Part)> = Vec::new();
        let n = geo.n;
        let Some((&last, rest)) = rows.split_last() else {
            listed.push((0, geo.part(0, 0)));
            return Cell::group(geo.width, listed);
        };
        // (depth, files, diagonals, anti-diagonals); the last rank is placed
        // in a loop rather than pushed.
        let mut stack = vec![(0usize, 0u32, banned.0, banned.1)];
        while let Some((depth, files, diag, anti)) = stack.pop() {
            let r = rest.get(depth).copied().unwrap_or(last);
            let mut free = geo.free(r, files, diag, anti);
            while free != 0 {
                let c = free.trailing_zeros() as usize;
                free &= free - 1;
                let (f, d, a) = (
                    files | 1 << c,
                    diag | 1u64 << (r + n - 1 - c),
                    anti | 1u64 << (r + c),
                );
                if depth == rest.len() {
                    listed.push((f, geo.part(d & !banned.0, a & !banned.1)));
                } else {
                    stack.push((depth + 1, f, d, a));
                }
            }
        }
        Cell::group(geo.width, listed)
    }

    /// The cell of `listed` placements (file set, part), grouped by file
    /// set: by counting when the placements are many against the `width`
    /// files' 2^width file sets, else by sorting.
    fn group(width: usize, mut listed: Vec<(u32, Part)>) -> Cell {
        let mut cell = Cell {
            files: Vec::new(),
            parts: Vec::with_capacity(listed.len()),
        };
        if listed.len() >= (1 << width) / 4 {
            let mut at = vec![0u32; 1 << width];
            for &(f, _) in &listed {
                at[f as usize] += 1;
            }
            let mut start = 0;
            for (f, slot) in at.iter_mut().enumerate() {
                let k = *slot;
                if k > 0 {
                    cell.files.push((f as u32, start, start + k));
                }
                *slot = start;
                start += k;
            }
            cell.parts.resize(listed.len(), Part { inner: 0, key: 0 });
            for (f, p) in listed {
                let slot = &mut at[f as usize];
                cell.parts[*slot as usize] = p;
                *slot += 1;
            }
            return cell;
        }
        listed.sort_unstable_by_key(|p| p.0);
        for (f, p) in listed {
            let at = cell.parts.len() as u32;
            match cell.files.last_mut() {
                Some(last) if last.0 == f => last.2 += 1,
                _ => cell.files.push((f, at, at + 1)),
            }
            cell.parts.push(p);
        }
        cell
    }

    /// The placements holding exactly the files `files`.
    fn get(&self, files: u32) -> &[Part] {
        match self.files.binary_search_by_key(&files, |c| c.0) {
            Ok(i) => &self.parts[self.files[i].1 as usize..self.files[i].2 as usize],
            Err(_) => &[],
        }
    }

    /// The file sets present.
    pub(super) fn file_sets(&self) -> usize {
        self.files.len()
    }

    /// The placements listed.
    #[cfg(test)]
    pub(super) fn len(&self) -> usize {
        self.parts.len()
    }

    /// Bytes it holds.
    pub(super) fn bytes(&self) -> u64 {
        self.parts.len() as u64 * PART_BYTES + self.files.len() as u64 * FILES_BYTES
    }
}

/// `REVERSED[x]`: the 14 low bits of `x` in reverse order (the west
/// files of N up to 29).
static REVERSED: std::sync::LazyLock<Vec<u16>> = std::sync::LazyLock::new(|| {
    (0..1u32 << 14)
        .map(|x| (x.reverse_bits() >> (32 - 14)) as u16)
        .collect()
});

#[cfg(test)]
mod tests {
    use super::*;

    /// Every placement of a quarter with one queen on each of `ranks`, by
    /// trying every file for each.
    fn plain(geo: &Geometry, middle: Option<usize>, side: Side, ranks: u32) -> u64 {
        let (first, height) = geo.rows(side);
        let n = geo.n;
        let banned = geo.banned(middle);
        let mut all = vec![(0u32, banned.0, banned.1)];
        for row in (0..height).filter(|r| ranks >> r & 1 == 1) {
            let r = first + row;
            let mut next = Vec::new();
            for &(f, d0, a0) in &all {
                for c in (0..geo.width).filter(|c| f >> c & 1 == 0) {
                    let (d, a) = (1u64 << (r + n - 1 - c), 1u64 << (r + c));
                    if d0 & d == 0 && a0 & a == 0 {
                        next.push((f | 1 << c, d0 | d, a0 | a));
                    }
                }
            }
            all = next;
        }
        all.len() as u64
    }

    #[test]
    fn cells_list_every_placement() {
        // Even and odd widths of the west half (the mirror's middle file).
        for n in [8, 9, 10, 11, 12, 13] {
            let geo = Geometry::new(n);
            for side in [Side::North, Side::South] {
                let (_, height) = geo.rows(side);
                for ranks in 0..1u32 << height {
                    let middle = (n % 2 == 1).then_some(n / 2 - 1);
                    let cell = Cell::build(&geo, middle, side, ranks);
                    assert_eq!(cell.len() as u64, plain(&geo, middle, side, ranks));
                    assert!(cell.files.is_sorted_by_key(|c| c.0));
                }
            }
        }
    }

    /// N = 28: west files of 14 bits, crossing-diagonal keys of 54 bits
    /// (below the sieve's 55), and its cells list what trying every file
    /// finds, for rank sets of a few ranks of both quarters.
    #[test]
    fn n_28_fits_the_tables() {
        let geo = Geometry::new(28);
        assert_eq!((geo.width, geo.north_height, geo.bits), (14, 14, 27));
        assert!(2 * geo.bits <= 55);
        for ranks in [
            0b1,
            0b1011,
            0b1100_0000_0011,
            0b10_0000_0000_0001,
            0b11_1100_0000_0000,
        ] {
            for side in [Side::North, Side::South] {
                let cell = Cell::build(&geo, None, side, ranks);
                assert_eq!(
                    cell.len() as u64,
                    plain(&geo, None, side, ranks),
                    "{ranks:b}"
                );
            }
        }
    }
}
