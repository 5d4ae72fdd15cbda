//! The sweep: the table of frontier states carried from square to square
//! on several threads, with the keys, the hashing and the merge of equal
//! states.

use std::fs;
use std::hash::{Hash, Hasher};
use std::io;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use super::checkpoint::{checkpoint_error, load_checkpoint, save_checkpoint};
use super::plan::Plan;
use super::ways::{on_table, Sum, Table, Ways};
use super::{BigCount, Options, Progress, FULL};
use crate::Error;

/// A packed frontier state.
pub(super) trait Key: Copy + Ord + Hash + Send + Sync {
    fn pack(x: u128) -> Self;
    fn unpack(self) -> u128;
}

impl Key for u64 {
    #[inline]
    fn pack(x: u128) -> Self {
        x as u64
    }
    #[inline]
    fn unpack(self) -> u128 {
        u128::from(self)
    }
}

/// A 128-bit key with 8-byte alignment, so a `(key, count)` pair is 24 bytes.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(super) struct Wide(u64, u64);

impl Key for Wide {
    #[inline]
    fn pack(x: u128) -> Self {
        Wide(x as u64, (x >> 64) as u64)
    }
    #[inline]
    fn unpack(self) -> u128 {
        u128::from(self.0) | u128::from(self.1) << 64
    }
}

/// A multiply-rotate hash (after rustc's FxHash) with a final mix so the
/// table's low bits see every input bit.
#[derive(Default, Clone, Copy)]
pub(super) struct MixHasher(u64);

impl Hasher for MixHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    #[inline]
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(26) ^ x).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
    #[inline]
    fn finish(&self) -> u64 {
        let h = self.0;
        (h ^ (h >> 29)).wrapping_mul(0xbf58_476d_1ce4_e5b9) ^ (h >> 32)
    }
}

#[inline]
pub(super) fn hash_of<K: Key>(k: &K) -> u64 {
    let mut h = MixHasher::default();
    k.hash(&mut h);
    h.finish()
}

/// States between squares: chunks of `(state, ways)` pairs. A step's output
/// has each state once; a shard's input may hold a state once per sending
/// shard, which a step handles like any other input (expansion is linear in
/// the ways). A step consumes its input chunk by chunk, dropping each once
/// expanded, so the old and new tables share memory.
pub(super) type Parts<K, W = u64> = Vec<Vec<(K, W)>>;

/// The least input states each thread expands in one round before the
/// successors are merged. A round is also at least an eighth of the step, so
/// that each bucket's table takes many insertions per visit (a visit loads
/// the table into the cache), while the unmerged successors stay a fraction
/// of the states.
pub(super) const ROUND: usize = 1 << 18;
/// The most input states a thread expands in one round, so that the
/// buffered successors stay small beside the tables on the largest boards
/// (8×8 holds over 6·10^8 states).
pub(super) const ROUND_MAX: usize = 1 << 23;

/// Runs `f` on each item, on one scoped thread per item (inline for one item).
pub(super) fn par<T: Send, R: Send>(items: Vec<T>, f: impl Fn(T) -> R + Sync) -> Vec<R> {
    if items.len() <= 1 {
        return items.into_iter().map(f).collect();
    }
    let f = &f;
    std::thread::scope(|s| {
        let handles: Vec<_> = items.into_iter().map(|x| s.spawn(move || f(x))).collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("frontier worker panicked"))
            .collect()
    })
}

/// Runs the steps; returns the undirected count and the peak state count.
pub(super) fn run<K: Key>(plan: &Plan, opts: &Options<'_>) -> Result<(BigCount, usize), Error> {
    run_with::<K>(plan, opts, &mut |_, _| Ok(()))
}

/// [`run`], handing the tours finished at each read-off square `v` to
/// `rows(v, tours)` (undirected) as soon as they are known.
pub(super) fn run_with<K: Key>(
    plan: &Plan,
    opts: &Options<'_>,
    rows: &mut dyn FnMut(usize, BigCount) -> Result<(), Error>,
) -> Result<(BigCount, usize), Error> {
    let threads = opts.threads.max(1);
    let mut start = 0;
    let mut total = BigCount::zero();
    let resume = match opts.checkpoint {
        Some(p) => load_checkpoint(plan, p)?,
        None => None,
    };
    let mut table = if let Some((v, t, states)) = resume {
        start = v;
        total = t;
        states
    } else {
        // Before the first square every slot is "full": nothing to join to.
        Table::start(K::pack(plan.encode(&[FULL; 32], 0)))
    };
    let mut high = table.high();
    let mut peak = table.len();
    let mut last_save = Instant::now();
    let stopped = || opts.stop.is_some_and(|s| s.load(Ordering::Relaxed));
    for v in start..plan.cells {
        if stopped() {
            if let Some(p) = opts.checkpoint {
                save_table(plan, p, v, &total, &table).map_err(|e| checkpoint_error(p, e))?;
            }
            return Err(Error::Interrupted);
        }
        let (next, finished, h) = step_table(plan, v, table, high, threads, opts.stop)?;
        table = next;
        high = h;
        if plan.readoff[v] {
            rows(v, finished)?;
        } else {
            total += &finished;
        }
        let states = table.len();
        peak = peak.max(states);
        if let Some(progress) = opts.progress {
            progress(Progress {
                step: v + 1,
                steps: plan.cells,
                states,
            });
        }
        if let Some(p) = opts.checkpoint {
            if v + 1 < plan.cells && last_save.elapsed() >= opts.checkpoint_every {
                save_table(plan, p, v + 1, &total, &table).map_err(|e| checkpoint_error(p, e))?;
                last_save = Instant::now();
            }
        }
    }
    if let Some(p) = opts.checkpoint {
        // A finished count leaves nothing to resume.
        let _ = fs::remove_file(p);
    }
    Ok((total, peak))
}

pub(super) fn state_overflow() -> Error {
    Error::TooLarge {
        reason: "a frontier state's count overflows its width".into(),
    }
}

/// One square on a table of any width: widens the counts first when the
/// step might overflow them (see the `ways` module); `high` is the bit
/// length of the table's largest count. Returns the new table, the tours
/// finished and the bit length of the new table's largest count.
pub(super) fn step_table<K: Key>(
    plan: &Plan,
    v: usize,
    table: Table<K>,
    high: u64,
    threads: usize,
    stop: Option<&AtomicBool>,
) -> Result<(Table<K>, BigCount, u64), Error> {
    on_table!(table.fit(high, plan.min_limbs)?, p => {
        let (next, finished, h) = step(plan, v, p, threads, stop)?;
        Ok((Ways::table(next), finished, h.bits()))
    })
}

/// Saves a table of any width (see [`save_checkpoint`]).
pub(super) fn save_table<K: Key>(
    plan: &Plan,
    path: &Path,
    v: usize,
    total: &BigCount,
    table: &Table<K>,
) -> io::Result<()> {
    on_table!(table, p => save_checkpoint(plan, path, v, total, p))
}

/// One square, in rounds. In a round each thread expands its share of the
/// input states (freeing each input chunk once expanded), writing the
/// successors into per-bucket buffers by the top bits of their hash
/// (sequential writes); then each thread sorts the buffered successors of its
/// own buckets and merges them into those buckets' sorted lists of distinct
/// states, adding the ways of equal states. A state costs its 16 bytes (8 of
/// key, 8 of ways) and no table overhead, and the unmerged successors never
/// exceed one round's worth. Returns the new states (one chunk per bucket)
/// and the tours finished at this square.
pub(super) fn step<K: Key, W: Ways>(
    plan: &Plan,
    v: usize,
    mut parts: Parts<K, W>,
    threads: usize,
    stop: Option<&AtomicBool>,
) -> Result<(Parts<K, W>, BigCount, W), Error> {
    let states: usize = parts.iter().map(Vec::len).sum();
    // About 32k states per bucket, and a bucket range for every thread.
    let bits = (states / 32_768)
        .max(threads)
        .next_power_of_two()
        .trailing_zeros()
        .min(16);
    let buckets = 1usize << bits;
    let bucket_of = |h: u64| {
        if bits == 0 {
            0
        } else {
            (h >> (64 - bits)) as usize
        }
    };
    let per = buckets.div_ceil(threads);
    // Each bucket's states so far: sorted by key, distinct, exactly sized.
    let mut tables: Vec<Vec<(K, W)>> = vec![Vec::new(); buckets];
    let mut buffers: Vec<Vec<Vec<(K, W)>>> = vec![vec![Vec::new(); buckets]; threads];
    let mut finished = Sum::default();
    // Never more than an equal share: on small tables the first thread
    // would otherwise take a whole round while the others wait.
    let round = ROUND
        .max(states / (8 * threads))
        .min(ROUND_MAX)
        .min(states.div_ceil(threads).max(1));
    while !parts.is_empty() {
        if stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
            return Err(Error::Interrupted);
        }
        // Hand out the next chunks: about `round` states to each thread.
        let mut work: Vec<Vec<Vec<(K, W)>>> = vec![Vec::new(); threads];
        for w in &mut work {
            let mut n = 0;
            while n < round {
                let Some(chunk) = parts.pop() else { break };
                n += chunk.len();
                w.push(chunk);
            }
        }
        let jobs: Vec<_> = buffers.iter_mut().zip(work).collect();
        let done = par(jobs, |(out, chunks)| {
            out.iter_mut().for_each(Vec::clear);
            let mut finished = Sum::default();
            for chunk in chunks {
                for &(k, c) in &chunk {
                    plan.expand(v, k.unpack(), &mut |o| match o {
                        Some(nk) => {
                            let nk = K::pack(nk);
                            out[bucket_of(hash_of(&nk))].push((nk, c));
                        }
                        None => finished.add(c),
                    });
                }
            }
            finished
        });
        for f in done {
            finished.absorb(f);
        }
        let buffers = &buffers;
        let jobs: Vec<_> = tables.chunks_mut(per).enumerate().collect();
        let merged = par(jobs, |(t, mine)| -> Result<(), Error> {
            let mut batch: Vec<(K, W)> = Vec::new();
            let mut out: Vec<(K, W)> = Vec::new();
            for (i, table) in mine.iter_mut().enumerate() {
                let b = t * per + i;
                batch.clear();
                for buf in buffers {
                    batch.extend_from_slice(&buf[b]);
                }
                if batch.is_empty() {
                    continue;
                }
                batch.sort_unstable_by_key(|&(k, _)| k);
                out.clear();
                merge_sorted(table, &batch, &mut out)?;
                *table = out.as_slice().to_vec();
            }
            Ok(())
        });
        merged.into_iter().collect::<Result<(), Error>>()?;
    }
    tables.retain(|t| !t.is_empty());
    // The bits of every count, for the bit length of the largest.
    let jobs: Vec<_> = tables.chunks(per).collect();
    let high = par(jobs, |mine| {
        mine.iter().flatten().fold(W::zero(), |a, &(_, w)| a.or(w))
    })
    .into_iter()
    .fold(W::zero(), W::or);
    Ok((tables, finished.total(), high))
}

/// Merges `old` (sorted, distinct keys) and `new` (sorted) into `out`,
/// adding the ways of equal keys.
pub(super) fn merge_sorted<K: Key, W: Ways>(
    old: &[(K, W)],
    new: &[(K, W)],
    out: &mut Vec<(K, W)>,
) -> Result<(), Error> {
    out.reserve(old.len() + new.len());
    let (mut i, mut j) = (0, 0);
    while i < old.len() || j < new.len() {
        let (k, c) = if j == new.len() || (i < old.len() && old[i].0 <= new[j].0) {
            i += 1;
            old[i - 1]
        } else {
            j += 1;
            new[j - 1]
        };
        match out.last_mut() {
            Some(last) if last.0 == k => {
                last.1 = last.1.checked_add(c).ok_or_else(state_overflow)?;
            }
            _ => out.push((k, c)),
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn merging_counts_past_their_width_fails_with_state_overflow() {
        // The count then runs again with wider counts (see `count`).
        let mut out = Vec::new();
        assert_eq!(
            merge_sorted(&[(1u64, u64::MAX)], &[(1u64, 1u64)], &mut out),
            Err(state_overflow())
        );
        out.clear();
        assert_eq!(
            merge_sorted(&[(1u64, 2u64)], &[(1, 3), (2, 1)], &mut out),
            Ok(())
        );
        assert_eq!(out, [(1, 5), (2, 1)]);
    }
}
