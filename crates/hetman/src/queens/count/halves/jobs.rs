//! The work units of the half-board join: one rank set per class under the
//! mirror and the flip ([`Job`]).

use super::low;

/// One rank set to count, with the middle queen's rank (odd N) and the
/// number of rank sets it stands for.
///
/// Packed in 8 bytes (N = 27 has 70 million of them): the ranks as a set of
/// at most [`super::HALVES_MAX_N`] bits, the middle rank or [`NO_MIDDLE`],
/// and a weight of at most 8.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Job {
    ranks: u32,
    middle: u8,
    weight: u8,
}

/// The middle rank of a job of even N, which has none.
const NO_MIDDLE: u8 = u8::MAX;

const _: () = assert!(std::mem::size_of::<Job>() == 8);
const _: () = assert!(super::HALVES_MAX_N <= 32);

impl Job {
    /// The rank set `ranks` (of the ranks below 32) with the middle queen
    /// on rank `middle` (odd N), standing for `weight` rank sets (at most 8).
    fn new(middle: Option<usize>, ranks: u64, weight: u64) -> Job {
        debug_assert!(ranks < 1 << 32 && weight <= 8 && middle.is_none_or(|m| m < 32));
        Job {
            ranks: ranks as u32,
            middle: middle.map_or(NO_MIDDLE, |m| m as u8),
            weight: weight as u8,
        }
    }

    /// The middle queen's rank (odd N).
    pub(super) fn middle(self) -> Option<usize> {
        (self.middle != NO_MIDDLE).then_some(usize::from(self.middle))
    }

    /// The ranks of the west half.
    pub(super) fn ranks(self) -> u64 {
        u64::from(self.ranks)
    }

    /// The number of rank sets it stands for.
    pub(super) fn weight(self) -> u64 {
        u64::from(self.weight)
    }
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
pub(super) fn jobs(n: usize) -> Vec<Job> {
    let half = n / 2;
    let middles: Vec<Option<usize>> = if n.is_multiple_of(2) {
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
                out.push(Job::new(middle, s, size as u64 * middle_weight));
            }
            s = next_set(s);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rank_set_is_counted_once_with_its_weight() {
        for n in 8..=13 {
            let total: u64 = jobs(n).iter().map(|j| j.weight()).sum();
            let sets = |k: u64, r: u64| (0..r).fold(1u64, |acc, i| acc * (k - i) / (i + 1));
            let expected = if n % 2 == 0 {
                sets(n as u64, n as u64 / 2)
            } else {
                n as u64 * sets(n as u64 - 1, n as u64 / 2)
            };
            assert_eq!(total, expected, "N = {n}");
        }
    }

    /// The rank sets of N = 28, the join's largest: one of each class of
    /// the C(28, 14) sets, their weights adding up to all of them.
    #[test]
    fn n_28_has_a_quarter_of_its_rank_sets() {
        let all = 40_116_600u64; // C(28, 14)
        let jobs = jobs(28);
        assert_eq!(jobs.iter().map(|j| j.weight()).sum::<u64>(), all);
        // Burnside: the flip fixes C(14, 7) sets, the complement none, both
        // together 2^14 (one of each mirrored pair of ranks).
        assert_eq!(jobs.len() as u64, (all + 3_432 + 16_384) / 4);
        assert!(jobs
            .iter()
            .all(|j| j.ranks().count_ones() == 14 && j.ranks() < 1 << 28));
    }
}
