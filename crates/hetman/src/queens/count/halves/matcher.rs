//! The matcher of the half-board join: counts the pairs of west and east
//! halves that share no crossing diagonal, 64 pairs to a 64-bit AND
//! ([`Matcher`]), after a [`Sieve`] has split both sides by a few of the
//! busiest diagonals.

use super::low;

/// Halves stored per block.
pub(super) const BLOCK: usize = 512;
/// Words per block row.
const WORDS: usize = BLOCK / 64;
/// Key bits looked up together, at most.
const WIDEST: usize = 7;
/// Key bits looked up together when that takes no more lookups.
const NARROW: usize = 6;
/// The most chunks a key is cut into: keys of N up to 27 have at most 52
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
/// The halves are stored in *groups* ([`Matcher::push`]), one per [`Sieve`]
/// bucket, so that a bucket's halves never share a block with another
/// bucket's.
#[derive(Default)]
struct Matcher {
    layout: Layout,
    /// The first row and the blocks of each group.
    groups: Vec<(usize, usize)>,
    /// The rows of the groups, one after another; rows past the last group
    /// are left over from earlier use.
    rows: Vec<Row>,
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
    /// Empties the matcher for keys of `bits` bits.
    fn clear(&mut self, bits: usize) {
        self.layout = Layout::new(bits);
        self.groups.clear();
    }

    /// Stores `halves` as a new group (empty if `halves` is) and returns its
    /// index.
    fn push(&mut self, halves: &[u64]) -> usize {
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
    fn count(&self, group: usize, probes: &[&[u64]]) -> u64 {
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
enum Path {
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
    fn fastest() -> Path {
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

/// The most diagonals a [`Sieve`] splits on.
pub(super) const MAX_CUTS: usize = 9;

/// Halves per bucket the sieve aims at, on average, at least: smaller
/// buckets waste more of the unfilled ends of their last blocks, larger ones
/// rule out fewer pairs. Measured on a shard of N = 22 (one unit in 400):
/// 11.9 s with buckets of one block on average, 13.5 s with two.
pub(super) const BUCKET: usize = BLOCK;

/// Probes below which the sieve does not split: what it saves grows with
/// the probes, what it costs (rewriting both lists) does not. Measured: N =
/// 16 and 17 take a quarter less time with this floor than with none, N = 18
/// the same.
pub(super) const MIN_PROBES: usize = 1024;

/// Counts the disjoint pairs of two lists of keys, skipping the pairs a few
/// diagonals already rule out.
///
/// A diagonal that no key of one list uses cannot clash and is dropped from
/// the keys. Both lists are split into buckets by their pattern on `k` *cut*
/// diagonals, chosen as those most often used on both sides. A pair can fit
/// only if its two patterns are disjoint, so the matcher sees only 3^k of
/// the 4^k bucket pairs, and with the cut bits taken out of the keys it
/// looks up fewer chunks for each.
#[derive(Default)]
pub(super) struct Sieve {
    matcher: Matcher,
    squeeze: Squeeze,
    stored: Vec<u64>,
    stored_at: Vec<usize>,
    probes: Vec<u64>,
    /// Bucket `b` of the probes is `probes[probe_at[b]..probe_at[b + 1]]`.
    probe_at: Vec<usize>,
    scratch: Vec<u64>,
}

impl Sieve {
    /// The number of pairs of one of `stored` and one of `probes` with no bit
    /// in common, among the low `bits`.
    pub(super) fn count(&mut self, stored: &[u64], probes: &[u64], bits: usize) -> u64 {
        let used = |keys: &[u64]| keys.iter().fold(0, |acc, &h| acc | h);
        let live = used(stored) & used(probes) & low(bits);
        if live == 0 {
            return stored.len() as u64 * probes.len() as u64;
        }
        let mut k = 0;
        while k < MAX_CUTS && stored.len() >> k >= BUCKET && probes.len() >= MIN_PROBES {
            k += 1;
        }
        if k == 0 {
            // Too few to split: the keys go to the matcher as they are.
            self.matcher.clear(bits);
            let all = self.matcher.push(stored);
            return self.matcher.count(all, &[probes]);
        }
        let cuts = choose_cuts(stored, probes, live, k);
        self.squeeze.set(live, cuts);
        let buckets = 1usize << k;
        self.squeeze.split(
            stored,
            &mut self.scratch,
            &mut self.stored,
            &mut self.stored_at,
            buckets,
        );
        self.squeeze.split(
            probes,
            &mut self.scratch,
            &mut self.probes,
            &mut self.probe_at,
            buckets,
        );
        // Bucket b of the stored halves is the matcher's group b.
        self.matcher.clear((live & !cuts).count_ones() as usize);
        for b in 0..buckets {
            self.matcher
                .push(&self.stored[self.stored_at[b]..self.stored_at[b + 1]]);
        }
        let mut total = 0;
        let mut slices: Vec<&[u64]> = Vec::with_capacity(buckets);
        for b in 0..buckets {
            if self.stored_at[b] == self.stored_at[b + 1] {
                continue;
            }
            // The probe buckets whose pattern misses this one's: the subsets
            // of its complement.
            let others = !b & (buckets - 1);
            slices.clear();
            let mut sub = others;
            loop {
                let s = &self.probes[self.probe_at[sub]..self.probe_at[sub + 1]];
                if !s.is_empty() {
                    slices.push(s);
                }
                if sub == 0 {
                    break;
                }
                sub = (sub - 1) & others;
            }
            total += self.matcher.count(b, &slices);
        }
        total
    }
}

/// Picks `k` of the `live` bit positions, those whose use on both sides
/// rules out the most pairs, judged on a sample of each list.
fn choose_cuts(stored: &[u64], probes: &[u64], live: u64, k: usize) -> u64 {
    let density = |keys: &[u64]| {
        let step = (keys.len() / 256).max(1);
        let mut seen = [0u32; 64];
        let mut taken = 0u32;
        for &h in keys.iter().step_by(step) {
            taken += 1;
            let mut m = h & live;
            while m != 0 {
                seen[m.trailing_zeros() as usize] += 1;
                m &= m - 1;
            }
        }
        seen.map(|s| f64::from(s) / f64::from(taken.max(1)))
    };
    let (s, p) = (density(stored), density(probes));
    let mut order: Vec<usize> = (0..64).filter(|&i| live >> i & 1 == 1).collect();
    order.sort_unstable_by(|&a, &b| (s[b] * p[b]).total_cmp(&(s[a] * p[a])));
    order.iter().take(k).fold(0, |acc, &i| acc | 1 << i)
}

/// Rewrites keys by table: the `live` bits that are not cuts packed at the
/// bottom, the cut bits packed at the top ([`Squeeze::PATTERN`] up).
struct Squeeze {
    tables: [[u64; 256]; Squeeze::BYTES],
    /// Whether the keys reach the seventh byte (N from 26 on).
    wide: bool,
    /// The live bits that are not cuts.
    keep: u64,
    cuts: u64,
}

impl Default for Squeeze {
    fn default() -> Squeeze {
        Squeeze {
            tables: [[0; 256]; Squeeze::BYTES],
            wide: false,
            keep: 0,
            cuts: 0,
        }
    }
}

impl Squeeze {
    /// Where the cut bits go.
    const PATTERN: u32 = 64 - MAX_CUTS as u32;
    /// Key bytes rewritten: the keys of N up to [`HALVES_MAX_N`] fit (50
    /// bits at N = 27; six bytes up to N = 25).
    const BYTES: usize = 7;

    fn set(&mut self, live: u64, cuts: u64) {
        let keep = live & !cuts;
        self.wide = live >> 48 != 0;
        (self.keep, self.cuts) = (keep, cuts);
        for (i, table) in self.tables.iter_mut().enumerate() {
            let single: [u64; 8] = std::array::from_fn(|j| {
                let at = 8 * i + j;
                let below = low(at);
                if cuts >> at & 1 == 1 {
                    1 << (Self::PATTERN + (cuts & below).count_ones())
                } else if keep >> at & 1 == 1 {
                    1 << (keep & below).count_ones()
                } else {
                    0
                }
            });
            table[0] = 0;
            for v in 1..256 {
                table[v] = table[v & (v - 1)] | single[v.trailing_zeros() as usize];
            }
        }
    }

    fn apply(&self, h: u64) -> u64 {
        let mut out = 0;
        for (i, table) in self.tables[..6].iter().enumerate() {
            out |= table[((h >> (8 * i)) & 255) as usize];
        }
        if self.wide {
            out |= self.tables[6][((h >> 48) & 255) as usize];
        }
        out
    }

    /// Appends `keys`, rewritten, to `out`.
    fn rewrite(&self, keys: &[u64], out: &mut Vec<u64>) {
        #[cfg(target_arch = "x86_64")]
        if Path::fastest() == Path::Wide {
            #[allow(unsafe_code)]
            // SAFETY: the CPU has BMI2: `Path::Wide` is made only after
            // asking it.
            unsafe {
                rewrite_bmi2(keys, self.keep, self.cuts, out);
            }
            return;
        }
        out.extend(keys.iter().map(|&h| self.apply(h)));
    }

    /// Sorts `keys`, rewritten, into `buckets` buckets by their cut bits,
    /// with those bits taken out: bucket `b` is `out[at[b]..at[b + 1]]`.
    fn split(
        &self,
        keys: &[u64],
        scratch: &mut Vec<u64>,
        out: &mut Vec<u64>,
        at: &mut Vec<usize>,
        buckets: usize,
    ) {
        // Four interleaved streams, each with its own counters, so that the
        // counting of one key does not wait for the key before it.
        const STREAMS: usize = 4;
        scratch.clear();
        self.rewrite(keys, scratch);
        let bucket = |r: u64| (r >> Self::PATTERN) as usize;
        let seg = keys.len() / STREAMS;
        let tail = STREAMS * seg..keys.len();
        let mut next = vec![[0usize; STREAMS]; buckets];
        for i in 0..seg {
            for (s, &r) in scratch[i..].iter().step_by(seg).take(STREAMS).enumerate() {
                next[bucket(r)][s] += 1;
            }
        }
        for &r in &scratch[tail.clone()] {
            next[bucket(r)][0] += 1;
        }
        at.clear();
        at.push(0);
        let mut sum = 0;
        for counts in &mut next {
            for c in counts.iter_mut() {
                let here = *c;
                *c = sum;
                sum += here;
            }
            at.push(sum);
        }
        // Every place below `keys.len()` is written.
        if out.len() < keys.len() {
            out.resize(keys.len(), 0);
        }
        // The keys go in one pass, one place per bucket (a bucket's streams
        // are next to each other, and the order within a bucket does not
        // matter): a quarter of the places in use at a time, more of them in
        // the cache.
        let mut place: Vec<usize> = next.iter().map(|counts| counts[0]).collect();
        let mask = low(Self::PATTERN as usize);
        for &r in scratch.iter() {
            let to = &mut place[bucket(r)];
            out[*to] = r & mask;
            *to += 1;
        }
    }
}

/// [`Squeeze::rewrite`] by the BMI2 instruction made for it, PEXT, which
/// packs the bits of a mask.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi2")]
fn rewrite_bmi2(keys: &[u64], keep: u64, cuts: u64, out: &mut Vec<u64>) {
    use std::arch::x86_64::_pext_u64;
    out.reserve(keys.len());
    for &h in keys {
        out.push(_pext_u64(h, keep) | _pext_u64(h, cuts) << Squeeze::PATTERN);
    }
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
    use super::super::jobs::jobs;
    use super::super::tables::Geometry;
    use super::*;

    /// Counts the rank set's pairs by testing every pair.
    fn plain_pairs(q: &Geometry, middle: Option<usize>, ranks: u64, free: u64) -> u64 {
        let west = q.west(middle, ranks);
        let east = q.west(middle, free & !ranks);
        let mut count = 0;
        for w in &west {
            for e in &east {
                count += u64::from(w & q.mirror(*e) == 0);
            }
        }
        count
    }

    #[test]
    fn the_matcher_agrees_with_testing_every_pair() {
        for n in [8, 9, 10, 11, 12] {
            let q = Geometry::new(n);
            for job in jobs(n)
                .iter()
                .filter(|j| j.middle == (n % 2 == 1).then_some(n / 2))
            {
                let free = low(n) & !job.middle.map_or(0, |r| 1u64 << r);
                let west = q.west(job.middle, job.ranks);
                let mut east = q.west(job.middle, free & !job.ranks);
                for e in &mut east {
                    *e = q.mirror(*e);
                }
                let mut sieve = Sieve::default();
                let count = sieve.count(&east, &west, 2 * q.bits);
                assert_eq!(
                    count,
                    plain_pairs(&q, job.middle, job.ranks, free),
                    "N = {n}"
                );
            }
        }
    }

    #[test]
    fn the_sieve_agrees_with_testing_every_pair_when_it_splits() {
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let mut sieve = Sieve::default();
        // Sizes that give no cut, a few and the most; a key width per chunk
        // count; keys that use about a quarter of their bits, and probes
        // that never use some bits (which the sieve drops).
        for (stored_len, bits) in [(700, 12), (3_000, 34), (9_000, 38), (60_000, 44)] {
            let holes = next() & next();
            let stored: Vec<u64> = (0..stored_len)
                .map(|_| next() & next() & low(bits))
                .collect();
            let probes: Vec<u64> = (0..MIN_PROBES + 99)
                .map(|_| next() & next() & !holes & low(bits))
                .collect();
            let plain: u64 = probes
                .iter()
                .map(|p| stored.iter().filter(|&&s| s & p == 0).count() as u64)
                .sum();
            assert_eq!(
                sieve.count(&stored, &probes, bits),
                plain,
                "{stored_len} keys"
            );
            let buckets = sieve.matcher.groups.len();
            if stored_len >= 2 * BUCKET {
                assert!(buckets > 1, "{stored_len} keys were not split");
            }
        }
        // Real halves of the larger boards, where the lists are split.
        for n in [16, 17] {
            let q = Geometry::new(n);
            let jobs = jobs(n);
            let ours = jobs
                .iter()
                .filter(|j| j.middle == (n % 2 == 1).then_some(n / 2));
            for job in ours.step_by(97).take(12) {
                let free = low(n) & !job.middle.map_or(0, |r| 1u64 << r);
                let west = q.west(job.middle, job.ranks);
                let mut east = q.west(job.middle, free & !job.ranks);
                for e in &mut east {
                    *e = q.mirror(*e);
                }
                let count = sieve.count(&east, &west, 2 * q.bits);
                assert_eq!(
                    count,
                    plain_pairs(&q, job.middle, job.ranks, free),
                    "N = {n}"
                );
            }
        }
    }

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
