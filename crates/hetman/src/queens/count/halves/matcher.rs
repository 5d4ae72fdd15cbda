//! The matcher of the half-board join: counts the pairs of west and east
//! halves that share no crossing diagonal, 64 pairs to a 64-bit AND
//! ([`Matcher`]), after the [`Sieve`](super::sieve::Sieve) has split both
//! sides by a few of the busiest diagonals.

use super::low;

/// Halves stored per block.
pub(super) const BLOCK: usize = 512;
/// Words per block row.
const WORDS: usize = BLOCK / 64;
/// Key bits looked up together, at most.
const WIDEST: usize = 7;
/// Key bits looked up together when that takes no more lookups.
const NARROW: usize = 6;
/// The most chunks a key is cut into: keys of N up to 28 have at most 54
/// bits.
const MAX_CHUNKS: usize = 9;

/// Counts, for one west half at a time, the east halves it fits.
///
/// The key bits are cut into *chunks* of [`NARROW`] or [`WIDEST`] bits
/// ([`Layout`]). For every block of [`BLOCK`] east halves and every chunk, a
/// table gives for each subset of the chunk's bits the halves that use none
/// of it, as a bit set; a west half's count in the block is the number of
/// bits left after ANDing one table row per chunk.
///
/// The halves are stored in *groups* ([`Matcher::push`]), one per sieve
/// bucket, so that a bucket's halves never share a block with another
/// bucket's.
#[derive(Default)]
pub(super) struct Matcher {
    layout: Layout,
    /// The first row and the blocks of each group.
    groups: Vec<(usize, usize)>,
    /// The rows of the groups, one after another; rows past the last group
    /// are left over from earlier use.
    rows: Vec<Row>,
}

impl Matcher {
    /// Bytes its tables hold.
    pub(super) fn bytes(&self) -> u64 {
        (self.rows.capacity() * std::mem::size_of::<Row>() + self.groups.capacity() * 16) as u64
    }
}

/// One table row: a bit per half of a block, on a cache line of its own.
#[derive(Clone, Copy)]
#[repr(align(64))]
struct Row([u64; WORDS]);

/// How keys of some width are cut into chunks, and where each chunk's table
/// sits among a block's rows.
#[derive(Clone, Copy, Debug, Default)]
struct Layout {
    bits: usize,
    chunks: usize,
    /// How many chunks, the first ones, are [`WIDEST`] bits wide; the others
    /// are [`NARROW`].
    wide: usize,
    /// The lowest key bit of each chunk.
    shift: [u32; MAX_CHUNKS],
    /// The chunk's bits, once shifted down.
    mask: [u64; MAX_CHUNKS],
    /// The first row of each chunk's table in a block.
    base: [usize; MAX_CHUNKS],
    /// Rows per block.
    rows: usize,
}

impl Layout {
    /// Chunks of [`NARROW`] bits, or fewer chunks some of which are
    /// [`WIDEST`] bits wide (the wide ones first) where their tables take no
    /// more rows: a lookup fewer for each probe, with no more memory. At N =
    /// 22 most probes see keys of 28 to 31 bits; at 31 bits the probe looks
    /// up five tables instead of six.
    fn new(bits: usize) -> Layout {
        let narrow = bits.div_ceil(NARROW).max(1);
        let fewer = bits.div_ceil(WIDEST).max(1);
        let wide = bits.saturating_sub(NARROW * fewer);
        // A wide table has as many rows as two narrow ones.
        let (chunks, wide) = if fewer + wide <= narrow {
            (fewer, wide)
        } else {
            (narrow, 0)
        };
        assert!(chunks <= MAX_CHUNKS, "keys of {bits} bits");
        let mut layout = Layout {
            bits,
            chunks,
            wide,
            ..Layout::default()
        };
        let (mut shift, mut base) = (0, 0);
        for c in 0..chunks {
            let width = if c < wide { WIDEST } else { NARROW };
            layout.shift[c] = shift as u32;
            layout.mask[c] = low(width);
            layout.base[c] = base;
            shift += width;
            base += 1 << width;
        }
        layout.rows = base;
        layout
    }
}

impl Matcher {
    /// The groups stored.
    #[cfg(test)]
    pub(super) fn groups(&self) -> usize {
        self.groups.len()
    }

    /// Empties the matcher for keys of `bits` bits.
    pub(super) fn clear(&mut self, bits: usize) {
        self.layout = Layout::new(bits);
        self.groups.clear();
    }

    /// Stores `halves` as a new group (empty if `halves` is) and returns its
    /// index.
    pub(super) fn push(&mut self, halves: &[u64]) -> usize {
        let layout = self.layout;
        let blocks = halves.len().div_ceil(BLOCK);
        let at = self
            .groups
            .last()
            .map_or(0, |&(at, b)| at + b * layout.rows);
        let end = at + blocks * layout.rows;
        if self.rows.len() < end {
            self.rows.resize(end, Row([0; WORDS]));
        }
        self.groups.push((at, blocks));
        // Every row of the group is written below.
        let rows = &mut self.rows[at..end];
        let mut free = [[0u64; WORDS]; 64];
        let mut square = [0u64; 64];
        for (block, rows) in halves.chunks(BLOCK).zip(rows.chunks_exact_mut(layout.rows)) {
            let mut present = [0u64; WORDS];
            free.fill([0; WORDS]);
            for (w, word) in block.chunks(64).enumerate() {
                present[w] = low(word.len());
                square.fill(0);
                for (row, &h) in square.iter_mut().zip(word) {
                    *row = !h & low(layout.bits);
                }
                transpose(&mut square);
                for (f, &col) in free.iter_mut().zip(&square).take(layout.bits) {
                    f[w] = col;
                }
            }
            for c in 0..layout.chunks {
                let table = &mut rows[layout.base[c]..][..=layout.mask[c] as usize];
                let free = &free[layout.shift[c] as usize..];
                table[0] = Row(present);
                for v in 1..table.len() {
                    let prev = table[v & (v - 1)].0;
                    let f = free[v.trailing_zeros() as usize];
                    table[v] = Row(std::array::from_fn(|w| prev[w] & f[w]));
                }
            }
        }
        self.groups.len() - 1
    }

    /// The number of pairs of a half stored in group `group` and a half in
    /// one of `probes` that share no diagonal.
    pub(super) fn count(&self, group: usize, probes: &[&[u64]]) -> u64 {
        self.count_on(group, probes, Path::fastest())
    }

    /// [`Matcher::count`] on the path given.
    fn count_on(&self, group: usize, probes: &[&[u64]], path: Path) -> u64 {
        let (at, blocks) = self.groups[group];
        if blocks == 0 {
            return 0;
        }
        let rows = &self.rows[at..at + blocks * self.layout.rows];
        // One instance per layout, so that the compiler knows every chunk's
        // bits and table.
        macro_rules! layouts {
            ($($c:literal: $($w:literal)*;)*) => {
                match (self.layout.chunks, self.layout.wide) {
                    $($(($c, $w) => count_with::<$c, $w, { (($c + $w) << NARROW) }>(rows, probes, path),)*)*
                    (c, w) => unreachable!("`Layout::new` makes no layout of {c} chunks, {w} wide"),
                }
            };
        }
        // Every layout `Layout::new` makes, for keys of up to 54 bits.
        layouts! {
            1: 0 1;
            2: 0 1;
            3: 0 1;
            4: 0 1;
            5: 0 1;
            6: 0 1;
            7: 0 1;
            8: 0;
            9: 0;
        }
    }
}

/// The code the matcher counts with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Path {
    /// Built for the CPU of the build (`.cargo/config.toml`).
    Portable,
    /// Built for AVX-512 with VPOPCNTDQ, and BMI2 for the sieve; only made
    /// by [`Path::fastest`], on a CPU that has them (every CPU with AVX-512
    /// has a fast BMI2).
    #[cfg(target_arch = "x86_64")]
    Wide,
}

impl Path {
    /// The fastest path this CPU has, asked once. `HETMAN_NO_AVX512` in the
    /// environment keeps to the portable one, to compare the two.
    pub(super) fn fastest() -> Path {
        #[cfg(target_arch = "x86_64")]
        {
            static WIDE: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
            let wide = *WIDE.get_or_init(|| {
                std::env::var_os("HETMAN_NO_AVX512").is_none()
                    && is_x86_feature_detected!("avx512f")
                    && is_x86_feature_detected!("avx512vpopcntdq")
                    && is_x86_feature_detected!("bmi2")
            });
            if wide {
                return Path::Wide;
            }
        }
        Path::Portable
    }
}

/// [`Matcher::count`] for `C` chunks of which the first `W` are
/// [`WIDEST`] bits wide, `R` rows to a block.
fn count_with<const C: usize, const W: usize, const R: usize>(
    rows: &[Row],
    probes: &[&[u64]],
    path: Path,
) -> u64 {
    match path {
        Path::Portable => count_rows::<C, W, R>(rows, probes),
        #[cfg(target_arch = "x86_64")]
        #[allow(unsafe_code)]
        // SAFETY: the CPU has the features `count_wide` is compiled for:
        // `Path::Wide` is made only after asking it.
        Path::Wide => unsafe { count_wide::<C, W, R>(rows, probes) },
    }
}

/// [`count_rows`] compiled for AVX-512 with VPOPCNTDQ: a row is one
/// register, and its bits are counted in one instruction. The build leaves
/// AVX-512 off everywhere else (see `.cargo/config.toml`).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512vpopcntdq")]
fn count_wide<const C: usize, const W: usize, const R: usize>(
    rows: &[Row],
    probes: &[&[u64]],
) -> u64 {
    count_rows::<C, W, R>(rows, probes)
}

/// The body of [`count_with`], on the rows of the blocks of one group.
#[inline(always)]
fn count_rows<const C: usize, const W: usize, const R: usize>(
    rows: &[Row],
    probes: &[&[u64]],
) -> u64 {
    // Chunk c's lowest bit, and its table's first row: the same sums as
    // `Layout::new`'s, on constants.
    let shift = |c: usize| c * NARROW + c.min(W);
    let base = |c: usize| (c << NARROW) + (c.min(W) << NARROW);
    let mask = |c: usize| low(if c < W { WIDEST } else { NARROW });
    let (blocks, _) = rows.as_chunks::<R>();
    let mut counts = [0u64; WORDS];
    for block in blocks {
        for slice in probes {
            for &h in *slice {
                // An opaque step, so that the optimiser keeps one probe at
                // a time in the vector registers: where it takes gathers to
                // be fast (AVX-512), it would look up eight probes at once
                // with gathered loads, six times slower on Zen 4. (Opaque
                // `h` did the same at the cost of a store and a load.)
                std::hint::black_box(());
                let mut acc = block[(h & mask(0)) as usize].0;
                for c in 1..C {
                    let r = &block[base(c) + ((h >> shift(c)) & mask(c)) as usize].0;
                    for w in 0..WORDS {
                        acc[w] &= r[w];
                    }
                }
                // Kept per word, so that the sum across the words is made
                // once at the end and not for every probe.
                for w in 0..WORDS {
                    counts[w] += u64::from(acc[w].count_ones());
                }
            }
        }
    }
    counts.iter().sum()
}

/// Transposes a 64 × 64 bit matrix: bit `c` of row `r` moves to bit `r` of
/// row `c`.
fn transpose(rows: &mut [u64; 64]) {
    let mut j = 32;
    let mut mask = 0x0000_0000_FFFF_FFFFu64;
    while j != 0 {
        // Rows `base..base + j` swap their high bits with the low bits of
        // the `j` rows after them.
        for base in (0..64).step_by(2 * j) {
            let (top, bottom) = rows[base..base + 2 * j].split_at_mut(j);
            for (a, b) in top.iter_mut().zip(bottom) {
                let t = ((*a >> j) ^ *b) & mask;
                *b ^= t;
                *a ^= t << j;
            }
        }
        j >>= 1;
        mask ^= mask << j;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_path_of_the_matcher_agrees_with_testing_every_pair() {
        let mut x = 0x1234_5678_9ABC_DEF1u64;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let paths = [Path::Portable, Path::fastest()];
        // Every key width, so every layout; one block, a partial one,
        // several.
        let lens = [40, 512, 1_300, 2_100, 700];
        for (bits, len) in (1..=54).zip(lens.into_iter().cycle()) {
            let mut m = Matcher::default();
            m.clear(bits);
            let stored: Vec<u64> = (0..len).map(|_| next() & next() & low(bits)).collect();
            let probes: Vec<u64> = (0..300).map(|_| next() & next() & low(bits)).collect();
            let group = m.push(&stored);
            let plain: u64 = probes
                .iter()
                .map(|p| stored.iter().filter(|&&s| s & p == 0).count() as u64)
                .sum();
            assert!(
                plain > 0,
                "{bits} bits: the keys are too dense to test anything"
            );
            for path in paths {
                let (a, b) = probes.split_at(100);
                assert_eq!(
                    m.count_on(group, &[a, b], path),
                    plain,
                    "{bits} bits, {path:?}"
                );
            }
        }
    }

    #[test]
    fn layouts_cover_the_keys_in_no_more_rows_than_narrow_chunks() {
        let mut fewer = 0;
        for bits in 0..=54 {
            let l = Layout::new(bits);
            let widths: Vec<usize> = (0..l.chunks)
                .map(|c| l.mask[c].count_ones() as usize)
                .collect();
            assert!(widths.iter().sum::<usize>() >= bits, "{bits} bits");
            for c in 1..l.chunks {
                assert_eq!(l.shift[c] as usize, l.shift[c - 1] as usize + widths[c - 1]);
                assert_eq!(l.base[c], l.base[c - 1] + (1 << widths[c - 1]));
            }
            assert_eq!(l.rows, widths.iter().map(|w| 1 << w).sum::<usize>());
            let narrow = bits.div_ceil(NARROW).max(1);
            assert!(l.rows <= narrow << NARROW, "{bits} bits: {widths:?}");
            fewer += usize::from(l.chunks < narrow);
        }
        assert!(fewer > 0, "no key width gets fewer chunks");
    }

    #[test]
    fn transpose_moves_every_bit_across_the_diagonal() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        let mut rows = [0u64; 64];
        for r in &mut rows {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            *r = x;
        }
        let before = rows;
        transpose(&mut rows);
        for (r, row) in before.iter().enumerate() {
            for (c, column) in rows.iter().enumerate() {
                assert_eq!(column >> r & 1, row >> c & 1, "({r}, {c})");
            }
        }
    }
}
