//! The sieve of the half-board join: drops the diagonals one side never
//! uses and splits both sides by a few of the busiest diagonals, so that the
//! [`Matcher`] sees only the pairs of buckets that can fit.

use super::low;
use super::matcher::{Matcher, Path, BLOCK};

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
    /// Bytes its buffers hold (the copies of both sides and the matcher's
    /// tables).
    pub(super) fn bytes(&self) -> u64 {
        let words = self.stored.capacity()
            + self.stored_at.capacity()
            + self.probes.capacity()
            + self.probe_at.capacity()
            + self.scratch.capacity();
        8 * words as u64 + self.matcher.bytes()
    }

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
    /// Key bytes rewritten: the keys of N up to [`HALVES_MAX_N`] fit (54
    /// bits at N = 28; six bytes up to N = 25).
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
                .filter(|j| j.middle() == (n % 2 == 1).then_some(n / 2))
            {
                let free = low(n) & !job.middle().map_or(0, |r| 1u64 << r);
                let west = q.west(job.middle(), job.ranks());
                let mut east = q.west(job.middle(), free & !job.ranks());
                for e in &mut east {
                    *e = q.mirror(*e);
                }
                let mut sieve = Sieve::default();
                let count = sieve.count(&east, &west, 2 * q.bits);
                assert_eq!(
                    count,
                    plain_pairs(&q, job.middle(), job.ranks(), free),
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
            let buckets = sieve.matcher.groups();
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
                .filter(|j| j.middle() == (n % 2 == 1).then_some(n / 2));
            for job in ours.step_by(97).take(12) {
                let free = low(n) & !job.middle().map_or(0, |r| 1u64 << r);
                let west = q.west(job.middle(), job.ranks());
                let mut east = q.west(job.middle(), free & !job.ranks());
                for e in &mut east {
                    *e = q.mirror(*e);
                }
                let count = sieve.count(&east, &west, 2 * q.bits);
                assert_eq!(
                    count,
                    plain_pairs(&q, job.middle(), job.ranks(), free),
                    "N = {n}"
                );
            }
        }
    }
}
