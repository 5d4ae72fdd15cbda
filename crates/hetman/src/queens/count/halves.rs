//! The half-board join: the default engine of `hetman queens count` for N
//! from 8 to [`HALVES_MAX_N`].
//!
//! Cut the board between its two middle files (for odd N the middle file
//! holds one queen, placed first at each rank in turn). Every solution splits
//! into a *west half*, one queen on each west file in some set S of ranks,
//! and an *east half* with the other ranks. Ranks and files cannot clash
//! across the cut, so the two halves of a solution meet only on the
//! diagonals that cross it: 2(N − 1) of them, or 2(N − 2) beside a middle
//! file. With each half reduced to the set of crossing diagonals it uses,
//!
//! ```text
//! solutions = Σ over rank sets S of #{(w, e) : w ∈ West(S), e ∈ East(not S), w ∩ e = ∅}
//! ```
//!
//! and no solution is ever listed. An east half is a mirrored west half, so
//! only west halves are made: each from a north and a south quarter of the
//! west half, listed once in advance by the ranks and files they hold
//! ([`Quarters`]). The mirror (S and not S give the same count) and the
//! upside-down flip (S and S reversed) leave each rank set's count alone, so
//! one set in four is counted and weighted ([`Job`]).
//!
//! The pairs are counted by a bit-sliced matcher ([`Matcher`]): the east
//! halves are stored by diagonal, one bit per half, 512 halves to a block, so
//! one 64-bit AND tests a west half against 64 east halves at once. Before
//! that a [`Sieve`] drops the diagonals one side never uses and splits both
//! sides by a few of the busiest diagonals, so that the pairs those
//! diagonals already rule out are never looked at.
//!
//! This is the method of Evgeny Kluev's quadrant counter, written afresh.

use super::{run_workers, CountOptions, Progress};
use crate::Error;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// The largest N the half-board join takes. Its quarter tables grow about
/// fivefold per step of N; above this, the constellation search is used.
pub const HALVES_MAX_N: usize = 23;

/// The smallest N it takes: below this the constellation search is instant.
pub const HALVES_MIN_N: usize = 8;

fn low(k: usize) -> u64 {
    if k >= 64 {
        u64::MAX
    } else {
        (1u64 << k) - 1
    }
}

/// Placements of the west half's north and south quarters together, for N
/// from 8 to [`HALVES_MAX_N`] (counted once by [`place_piece`]; the figures size
/// the engine's memory before it starts).
pub(super) fn placements(n: usize) -> u64 {
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
struct Placed {
    ranks: u32,
    files: u32,
    diag: u64,
    anti: u64,
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
fn place_piece(n: usize, first: usize, height: usize, width: usize, pattern: u32) -> Vec<Placed> {
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
struct Placements {
    n: usize,
    /// Each quarter's list, in pieces ([`place_piece`]) that follow each
    /// other in its order.
    north: Vec<Vec<Placed>>,
    south: Vec<Vec<Placed>>,
}

impl Placements {
    /// Lists both quarters, on `threads` threads: the pieces of both
    /// ([`place_piece`]) are shared out, the likely largest (most ranks
    /// occupied) first.
    fn new(n: usize, threads: usize) -> Placements {
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
struct Quarters {
    /// West files.
    width: usize,
    /// Ranks in the north quarter (the rest are south).
    north_height: usize,
    north: Quarter,
    south: Quarter,
    /// Crossing diagonals of each kind.
    bits: usize,
}

impl Quarters {
    /// The quarters with the middle queen (odd N) on rank `middle`, built on
    /// two threads if `parallel`.
    fn new(placements: &Placements, middle: Option<usize>, parallel: bool) -> Quarters {
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
    fn mirror(&self, key: u64) -> u64 {
        (key >> self.bits) | ((key & low(self.bits)) << self.bits)
    }

    /// Replaces `out` with the keys of every west half with its queens on
    /// `ranks` (see [`Quarters::west_into`]).
    #[cfg(test)]
    fn west(&self, ranks: u64, out: &mut Vec<u64>) {
        let used = self.west_into(ranks, out);
        out.truncate(used);
    }

    /// Writes the keys of every west half with its queens on `ranks` to
    /// `out[..k]` and returns `k`: the crossing diagonals in the low `bits`,
    /// the crossing anti-diagonals above them. `out` keeps its length, so
    /// that a buffer used again is not filled with zeros again.
    fn west_into(&self, ranks: u64, out: &mut Vec<u64>) -> usize {
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

/// Halves stored per block.
const BLOCK: usize = 512;
/// Words per block row.
const WORDS: usize = BLOCK / 64;
/// Key bits looked up together.
const CHUNK: usize = 6;

/// Counts, for one west half at a time, the east halves it fits.
///
/// For every block of [`BLOCK`] east halves and every group of [`CHUNK`]
/// diagonals, a table gives for each subset of the group the halves that
/// use none of it, as a bit set; a west half's count in the block is the
/// number of bits left after ANDing one table row per group. The blocks are
/// built group by group ([`Matcher::push`]), so a [`Sieve`] bucket's halves
/// never share a block with another bucket's.
#[derive(Default)]
struct Matcher {
    bits: usize,
    chunks: usize,
    blocks: usize,
    /// The tables of each block, `chunks << CHUNK` rows to a block; rows
    /// past `blocks` are left over from earlier use.
    rows: Vec<[u64; WORDS]>,
}

impl Matcher {
    /// Empties the matcher for keys of `bits` bits.
    fn clear(&mut self, bits: usize) {
        self.bits = bits;
        self.chunks = bits.div_ceil(CHUNK).max(1);
        self.blocks = 0;
    }

    /// The blocks stored so far.
    fn blocks(&self) -> usize {
        self.blocks
    }

    /// Stores `halves` in new blocks.
    fn push(&mut self, halves: &[u64]) {
        let bits = self.bits;
        let per_block = self.chunks << CHUNK;
        let mut free = [[0u64; WORDS]; 64];
        let mut square = [0u64; 64];
        for block in halves.chunks(BLOCK) {
            let mut present = [0u64; WORDS];
            free.fill([0; WORDS]);
            for (w, word) in block.chunks(64).enumerate() {
                present[w] = low(word.len());
                square.fill(0);
                for (row, &h) in square.iter_mut().zip(word) {
                    *row = !h & low(bits);
                }
                transpose(&mut square);
                for (f, &col) in free.iter_mut().zip(&square).take(bits) {
                    f[w] = col;
                }
            }
            let at = self.blocks * per_block;
            if self.rows.len() < at + per_block {
                self.rows.resize(at + per_block, [0; WORDS]);
            }
            self.blocks += 1;
            // Every row of the block is written below.
            let rows = &mut self.rows[at..at + per_block];
            for c in 0..self.chunks {
                let table = &mut rows[c << CHUNK..(c + 1) << CHUNK];
                table[0] = present;
                for v in 1..1usize << CHUNK {
                    let prev = table[v & (v - 1)];
                    let f = free[c * CHUNK + v.trailing_zeros() as usize];
                    table[v] = std::array::from_fn(|w| prev[w] & f[w]);
                }
            }
        }
    }

    /// The number of pairs of a half stored in `blocks` and a half in one of
    /// `probes` that share no diagonal.
    fn count(&self, blocks: std::ops::Range<usize>, probes: &[&[u64]]) -> u64 {
        match self.chunks {
            0..=3 => self.count_with::<3>(blocks, probes),
            4 => self.count_with::<4>(blocks, probes),
            5 => self.count_with::<5>(blocks, probes),
            6 => self.count_with::<6>(blocks, probes),
            7 => self.count_with::<7>(blocks, probes),
            8 => self.count_with::<8>(blocks, probes),
            9 => self.count_with::<9>(blocks, probes),
            10 => self.count_with::<10>(blocks, probes),
            _ => self.count_with::<11>(blocks, probes),
        }
    }

    /// [`Matcher::count`] with the number of chunks known to the compiler.
    /// A chunk past `self.chunks` reads row 0 of the last chunk (its key bits
    /// are 0), which holds every half present in the block and so changes
    /// nothing.
    fn count_with<const C: usize>(&self, blocks: std::ops::Range<usize>, probes: &[&[u64]]) -> u64 {
        const ROWS: usize = 1 << CHUNK;
        let per_block = self.chunks * ROWS;
        let mask = (ROWS - 1) as u64;
        let mut counts = [0u64; WORDS];
        let rows = &self.rows[blocks.start * per_block..blocks.end * per_block];
        for block in rows.chunks_exact(per_block) {
            let tables: [&[[u64; WORDS]; ROWS]; C] = std::array::from_fn(|c| {
                let at = c.min(self.chunks - 1) * ROWS;
                block[at..at + ROWS]
                    .try_into()
                    .expect("a chunk has ROWS rows")
            });
            for slice in probes {
                for &h in *slice {
                    // Opaque to the optimiser, so that it keeps one probe at
                    // a time in the vector registers: where it takes gathers
                    // to be fast (AVX-512), it would look up eight probes at
                    // once with gathered loads, six times slower on Zen 4.
                    let h = std::hint::black_box(h);
                    let mut acc = tables[0][(h & mask) as usize];
                    for (c, table) in tables.iter().enumerate().skip(1) {
                        let r = table[((h >> (c * CHUNK)) & mask) as usize];
                        for w in 0..WORDS {
                            acc[w] &= r[w];
                        }
                    }
                    // Kept per word, so that the sum across the words is
                    // made once at the end and not for every probe.
                    for w in 0..WORDS {
                        counts[w] += u64::from(acc[w].count_ones());
                    }
                }
            }
        }
        counts.iter().sum()
    }
}

/// The most diagonals a [`Sieve`] splits on.
const MAX_CUTS: usize = 8;

/// Halves per bucket the sieve aims at, at least: smaller buckets waste the
/// unfilled end of their last block.
const BUCKET: usize = BLOCK;

/// Probes below which the sieve does not split: what it saves grows with
/// the probes, what it costs (rewriting both lists) does not. Measured: N =
/// 16 and 17 take a quarter less time with this floor than with none, N = 18
/// the same.
const MIN_PROBES: usize = 1024;

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
struct Sieve {
    matcher: Matcher,
    squeeze: Squeeze,
    stored: Vec<u64>,
    stored_at: Vec<usize>,
    probes: Vec<u64>,
    /// Bucket `b` of the probes is `probes[probe_at[b]..probe_at[b + 1]]`.
    probe_at: Vec<usize>,
    /// Bucket `b` of the stored halves is in blocks `block_at[b]..block_at[b + 1]`.
    block_at: Vec<usize>,
    scratch: Vec<u64>,
}

impl Sieve {
    /// The number of pairs of one of `stored` and one of `probes` with no bit
    /// in common, among the low `bits`.
    fn count(&mut self, stored: &[u64], probes: &[u64], bits: usize) -> u64 {
        let used = |keys: &[u64]| keys.iter().fold(0, |acc, &h| acc | h);
        let live = used(stored) & used(probes) & low(bits);
        if live == 0 {
            return stored.len() as u64 * probes.len() as u64;
        }
        let mut k = 0;
        while k < MAX_CUTS && stored.len() >> (k + 1) >= BUCKET && probes.len() >= MIN_PROBES {
            k += 1;
        }
        if k == 0 {
            // Too few to split: the keys go to the matcher as they are.
            self.matcher.clear(bits);
            self.matcher.push(stored);
            return self.matcher.count(0..self.matcher.blocks(), &[probes]);
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
        self.matcher.clear((live & !cuts).count_ones() as usize);
        self.block_at.clear();
        self.block_at.push(0);
        for b in 0..buckets {
            self.matcher
                .push(&self.stored[self.stored_at[b]..self.stored_at[b + 1]]);
            self.block_at.push(self.matcher.blocks());
        }
        let mut total = 0;
        let mut slices: Vec<&[u64]> = Vec::with_capacity(buckets);
        for b in 0..buckets {
            if self.block_at[b] == self.block_at[b + 1] {
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
            total += self
                .matcher
                .count(self.block_at[b]..self.block_at[b + 1], &slices);
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
}

impl Default for Squeeze {
    fn default() -> Squeeze {
        Squeeze {
            tables: [[0; 256]; Squeeze::BYTES],
        }
    }
}

impl Squeeze {
    /// Where the cut bits go.
    const PATTERN: u32 = 56;
    /// Key bytes rewritten: the keys of N up to [`HALVES_MAX_N`] fit.
    const BYTES: usize = 6;

    fn set(&mut self, live: u64, cuts: u64) {
        let keep = live & !cuts;
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
        for (i, table) in self.tables.iter().enumerate() {
            out |= table[((h >> (8 * i)) & 255) as usize];
        }
        out
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
        scratch.extend(keys.iter().map(|&h| self.apply(h)));
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
        let mask = low(Self::PATTERN as usize);
        for i in 0..seg {
            for s in 0..STREAMS {
                let r = scratch[s * seg + i];
                let to = &mut next[bucket(r)][s];
                out[*to] = r & mask;
                *to += 1;
            }
        }
        for &r in &scratch[tail] {
            let to = &mut next[bucket(r)][0];
            out[*to] = r & mask;
            *to += 1;
        }
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

/// One rank set to count, with the middle queen's rank (odd N) and the
/// number of rank sets it stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Job {
    middle: Option<usize>,
    ranks: u64,
    weight: u64,
}

/// The next larger set with as many members as `s` (Gosper's hack).
fn next_set(s: u64) -> u64 {
    let low_bit = s & s.wrapping_neg();
    let r = s + low_bit;
    (((r ^ s) >> 2) / low_bit) | r
}

fn reverse(ranks: u64, n: usize) -> u64 {
    ranks.reverse_bits() >> (64 - n)
}

/// Every rank set to count for N queens, one per class under the mirror and
/// (where it keeps the middle queen) the flip.
fn jobs(n: usize) -> Vec<Job> {
    let half = n / 2;
    let middles: Vec<Option<usize>> = if n % 2 == 0 {
        vec![None]
    } else {
        (0..=half).map(Some).collect()
    };
    let mut out = Vec::new();
    for middle in middles {
        let free = low(n) & !middle.map_or(0, |r| 1u64 << r);
        // The flip moves a middle queen off the centre to the mirror rank.
        let (flip, middle_weight) = match middle {
            Some(r) if r < half => (false, 2),
            _ => (true, 1),
        };
        // Every set of `half` ranks in increasing order (Gosper's hack),
        // those off the middle queen's rank kept.
        let mut s = low(half);
        while s < 1u64 << n {
            if s & !free != 0 {
                s = next_set(s);
                continue;
            }
            let other = free & !s;
            // The orbit of `s`: itself, its complement, and their flips.
            let mut orbit = [s, other, s, other];
            if flip {
                orbit[2] = reverse(s, n);
                orbit[3] = reverse(other, n);
            }
            if orbit.iter().all(|&o| o >= s) {
                orbit.sort_unstable();
                let size = 1 + orbit.windows(2).filter(|w| w[0] != w[1]).count();
                out.push(Job {
                    middle,
                    ranks: s,
                    weight: size as u64 * middle_weight,
                });
            }
            s = next_set(s);
        }
    }
    out
}

/// What one count by the half-board join found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HalvesCount {
    /// All solutions.
    pub total: u64,
    /// Rank sets counted (the work units).
    pub jobs: usize,
    /// West halves matched against east halves, over all units.
    pub halves: u64,
}

/// Counts all solutions of N queens (N from [`HALVES_MIN_N`] to
/// [`HALVES_MAX_N`]) by the half-board join, on `options.threads` threads.
///
/// ```
/// use hetman::queens::count::{count_halves, CountOptions};
/// let c = count_halves(10, &CountOptions::default()).unwrap();
/// assert_eq!(c.total, 724);
/// ```
pub fn count_halves(n: usize, options: &CountOptions<'_>) -> Result<HalvesCount, Error> {
    if !(HALVES_MIN_N..=HALVES_MAX_N).contains(&n) {
        return Err(Error::Size {
            value: n.to_string(),
            reason: format!("the half-board join takes N from {HALVES_MIN_N} to {HALVES_MAX_N}"),
        });
    }
    let jobs = jobs(n);
    let middles: Vec<Option<usize>> = if n % 2 == 0 {
        vec![None]
    } else {
        (0..=n / 2).map(Some).collect()
    };
    let threads = match options.threads {
        0 => std::thread::available_parallelism().map_or(1, usize::from),
        t => t,
    }
    .min(jobs.len().max(1));
    // Jobs are grouped by middle rank: each group's quarters are built when
    // its first job is taken (or before, see below) and dropped when its last
    // job is done. The thread that builds them holds the group's lock, and
    // builds them on two threads if the other workers wait for them.
    let mut placements = Some(Placements::new(n, threads));
    let mut quarters: Vec<Mutex<Option<Arc<Quarters>>>> =
        middles.iter().map(|_| Mutex::new(None)).collect();
    if let (Some(p), [None]) = (&placements, middles.as_slice()) {
        // Even N: one group, built now, and the lists it came from freed.
        quarters[0] = Mutex::new(Some(Arc::new(Quarters::new(p, None, threads > 1))));
        placements = None;
    }
    let build = |group: usize, parallel: bool| -> Arc<Quarters> {
        let mut slot = quarters[group]
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        Arc::clone(slot.get_or_insert_with(|| {
            let p = placements.as_ref().expect("odd N keeps the placements");
            Arc::new(Quarters::new(p, middles[group], parallel))
        }))
    };
    // Whether a worker has set out to build a group's quarters ahead of its
    // jobs.
    let ahead: Vec<AtomicBool> = middles.iter().map(|_| AtomicBool::new(false)).collect();
    let remaining: Vec<AtomicUsize> = middles
        .iter()
        .map(|&m| AtomicUsize::new(jobs.iter().filter(|j| j.middle == m).count()))
        .collect();
    let never = AtomicBool::new(false);
    let stop = options.stop.unwrap_or(&never);
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let found = AtomicU64::new(0);
    let halves_done = AtomicU64::new(0);
    // Jobs are taken a few at a time, and a worker keeps its group's
    // quarters until it moves to another group: at N = 17 a job takes about
    // 10 µs, and the shared counters, lock and reference count touched once
    // a job slowed two threads by about 3%.
    let step = (jobs.len() / (threads * 512)).clamp(1, 16);
    // Counts `count` more jobs of `group` done, and drops the group's
    // quarters after its last.
    let finish = |group: usize, count: usize| {
        if count > 0 && remaining[group].fetch_sub(count, Ordering::AcqRel) == count {
            *quarters[group]
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner) = None;
        }
    };
    let worker = || {
        let (mut west_buffer, mut east_buffer) = (Vec::new(), Vec::new());
        let mut sieve = Sieve::default();
        let (mut total, mut halves) = (0u64, 0u64);
        // The group whose quarters this worker holds, and its jobs this
        // worker has done and not yet counted off.
        let mut held: Option<(usize, Arc<Quarters>, usize)> = None;
        while !stop.load(Ordering::Relaxed) {
            let first = next.fetch_add(step, Ordering::Relaxed);
            let chunk = jobs.get(first..jobs.len().min(first + step)).unwrap_or(&[]);
            if chunk.is_empty() {
                break;
            }
            for job in chunk {
                let group = job.middle.unwrap_or(0);
                if held.as_ref().is_none_or(|h| h.0 != group) {
                    if let Some((old, q, count)) = held.take() {
                        drop(q);
                        finish(old, count);
                    }
                    held = Some((group, build(group, threads > 1), 0));
                }
                let Some((_, q, count)) = held.as_mut() else {
                    unreachable!("set above")
                };
                let free = low(n) & !job.middle.map_or(0, |r| 1u64 << r);
                let west_len = q.west_into(job.ranks, &mut west_buffer);
                let west = &west_buffer[..west_len];
                let east_len = q.west_into(free & !job.ranks, &mut east_buffer);
                let east = &mut east_buffer[..east_len];
                for e in east.iter_mut() {
                    *e = q.mirror(*e);
                }
                // The larger side goes into the matcher: its cost is per
                // block.
                let east = &*east;
                let (stored, probes) = if east.len() >= west.len() {
                    (east, west)
                } else {
                    (west, east)
                };
                total += job.weight * sieve.count(stored, probes, 2 * q.bits);
                halves += probes.len() as u64;
                *count += 1;
            }
            if let Some((group, _, count)) = held.as_mut() {
                let group = *group;
                finish(group, std::mem::take(count));
                // With more than one worker, one builds the next group's
                // quarters on its own while the others go on with this
                // group's jobs, so that no one waits for them; once the
                // group before this one is dropped, so that at most two are
                // held.
                let later = group + 1;
                if threads > 1
                    && later < middles.len()
                    && (group == 0 || remaining[group - 1].load(Ordering::Acquire) == 0)
                    && !ahead[later].load(Ordering::Relaxed)
                    && !ahead[later].swap(true, Ordering::AcqRel)
                {
                    build(later, false);
                }
            }
            let units_done = done.fetch_add(chunk.len(), Ordering::Relaxed) + chunk.len();
            if let Some(report) = options.progress {
                report(Progress {
                    units_done,
                    units: jobs.len(),
                    cost_done: units_done as u64,
                    cost: jobs.len() as u64,
                });
            }
        }
        halves_done.fetch_add(halves, Ordering::Relaxed);
        found.fetch_add(total, Ordering::Relaxed);
    };
    run_workers(threads, &worker);
    if stop.load(Ordering::Relaxed) {
        return Err(Error::Interrupted);
    }
    Ok(HalvesCount {
        total: found.load(Ordering::Relaxed),
        jobs: jobs.len(),
        halves: halves_done.load(Ordering::Relaxed),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Counts the rank set's pairs by testing every pair.
    fn plain_pairs(q: &Quarters, ranks: u64, free: u64) -> u64 {
        let (mut west, mut east) = (Vec::new(), Vec::new());
        q.west(ranks, &mut west);
        q.west(free & !ranks, &mut east);
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
            let q = Quarters::new(&Placements::new(n, 2), (n % 2 == 1).then_some(n / 2), true);
            for job in jobs(n)
                .iter()
                .filter(|j| j.middle == (n % 2 == 1).then_some(n / 2))
            {
                let free = low(n) & !job.middle.map_or(0, |r| 1u64 << r);
                let (mut west, mut east) = (Vec::new(), Vec::new());
                q.west(job.ranks, &mut west);
                q.west(free & !job.ranks, &mut east);
                for e in &mut east {
                    *e = q.mirror(*e);
                }
                let mut sieve = Sieve::default();
                let count = sieve.count(&east, &west, 2 * q.bits);
                assert_eq!(count, plain_pairs(&q, job.ranks, free), "N = {n}");
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
            let buckets = sieve.block_at.len().saturating_sub(1);
            if stored_len >= 2 * BUCKET {
                assert!(buckets > 1, "{stored_len} keys were not split");
            }
        }
        // Real halves of the larger boards, where the lists are split.
        for n in [16, 17] {
            let q = Quarters::new(&Placements::new(n, 2), (n % 2 == 1).then_some(n / 2), true);
            let jobs = jobs(n);
            let ours = jobs
                .iter()
                .filter(|j| j.middle == (n % 2 == 1).then_some(n / 2));
            for job in ours.step_by(97).take(12) {
                let free = low(n) & !job.middle.map_or(0, |r| 1u64 << r);
                let (mut west, mut east) = (Vec::new(), Vec::new());
                q.west(job.ranks, &mut west);
                q.west(free & !job.ranks, &mut east);
                for e in &mut east {
                    *e = q.mirror(*e);
                }
                let count = sieve.count(&east, &west, 2 * q.bits);
                assert_eq!(count, plain_pairs(&q, job.ranks, free), "N = {n}");
            }
        }
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

    #[test]
    fn every_rank_set_is_counted_once_with_its_weight() {
        for n in 8..=13 {
            let total: u64 = jobs(n).iter().map(|j| j.weight).sum();
            let sets = |k: u64, r: u64| (0..r).fold(1u64, |acc, i| acc * (k - i) / (i + 1));
            let expected = if n % 2 == 0 {
                sets(n as u64, n as u64 / 2)
            } else {
                n as u64 * sets(n as u64 - 1, n as u64 / 2)
            };
            assert_eq!(total, expected, "N = {n}");
        }
    }
}
