//! The closure of a table of states under the steps of one period (see the
//! `transfer` module): every state the steps can reach from it, at each
//! position of the period, with the edges from each state to its
//! successors, built on several threads.
//!
//! Each round expands the states that the last round found (on every
//! thread), then looks their successors up among the states known (on every
//! thread too: the states are kept in shards by their hash, each thread
//! owning some of the shards, so that no two threads touch one table). A
//! state is numbered within its shard while the closure grows, and the
//! shards are laid end to end at the end. The numbering depends on the
//! states alone, not on the number of threads: within a shard the
//! successors are looked up in the order of the states they come from.
//! For the 6 x n closed tours (5.9 million states) the lookups had taken
//! about half of the time on one thread.

use hashbrown::hash_table::{Entry, HashTable};

use super::key::{hash_of, par, Key};
use super::plan::Plan;

/// The shards of each position's states. A state's shard comes from bits
/// of its hash that the tables use for neither the place nor the tag.
const SHARD_BITS: u32 = 6;
const SHARDS: usize = 1 << SHARD_BITS;
/// The bits of a state's number within its shard while the closure grows.
const LOCAL_BITS: u32 = 32 - SHARD_BITS;

fn shard_of<K: Key>(k: &K) -> usize {
    (hash_of(k) >> 40) as usize & (SHARDS - 1)
}

/// A state's number while the closure grows: its shard, then its place there.
fn code(shard: usize, local: usize) -> u32 {
    (shard as u32) << LOCAL_BITS | local as u32
}

/// One shard of one position's states.
struct Shard<K> {
    keys: Vec<K>,
    /// The place of each key in `keys`, found by the key's hash: 4 bytes
    /// an entry where a map from the keys would take 24 (80 million states
    /// in the closure of the 6 x n open tours).
    index: HashTable<u32>,
    /// How many of `keys` have been expanded.
    done: usize,
}

impl<K: Key> Shard<K> {
    fn new() -> Shard<K> {
        Shard {
            keys: Vec::new(),
            index: HashTable::new(),
            done: 0,
        }
    }

    /// The number of `k` in this shard, inserted when new.
    fn insert(&mut self, k: K) -> usize {
        let keys = &self.keys;
        let entry = self.index.entry(
            hash_of(&k),
            |&i| keys[i as usize] == k,
            |&i| hash_of(&keys[i as usize]),
        );
        match entry {
            Entry::Occupied(e) => *e.get() as usize,
            Entry::Vacant(e) => {
                let i = self.keys.len();
                e.insert(i as u32);
                self.keys.push(k);
                i
            }
        }
    }
}

/// The closure: for each position of the period, its states, the edges of
/// the step that leaves it as (successor at the next position, state here),
/// and its states (once per tour) whose step finishes a tour.
pub(super) struct Closure<K> {
    pub(super) keys: Vec<Vec<K>>,
    pub(super) edges: Vec<Vec<(u32, u32)>>,
    pub(super) fin: Vec<Vec<u32>>,
}

/// The closure of the states `seeds` (before square `v0`) under the steps of
/// squares `v0..v0 + p`, or `None` when it would hold more than `cap` states
/// in all.
pub(super) fn closure<K: Key>(
    plan: &Plan,
    v0: usize,
    p: usize,
    seeds: impl Iterator<Item = K>,
    threads: usize,
    cap: usize,
) -> Option<Closure<K>> {
    closure_in(plan, v0, p, seeds, threads, cap, BATCH)
}

/// The states expanded at once (their successors wait for their lookups).
const BATCH: usize = 1 << 20;

/// [`closure`], expanding at most `batch` states at once.
fn closure_in<K: Key>(
    plan: &Plan,
    v0: usize,
    p: usize,
    seeds: impl Iterator<Item = K>,
    threads: usize,
    cap: usize,
    batch: usize,
) -> Option<Closure<K>> {
    let threads = threads.max(1);
    let mut positions: Vec<Vec<Shard<K>>> = (0..p)
        .map(|_| (0..SHARDS).map(|_| Shard::new()).collect())
        .collect();
    let mut held = 0;
    for k in seeds {
        let shard = &mut positions[0][shard_of(&k)];
        let before = shard.keys.len();
        shard.insert(k);
        held += shard.keys.len() - before;
    }
    // The edges of each position's step, by the successor's shard.
    let mut edges: Vec<Vec<Vec<(u32, u32)>>> = vec![vec![Vec::new(); SHARDS]; p];
    let mut fin: Vec<Vec<u32>> = vec![Vec::new(); p];
    let batch = batch.max(1);
    loop {
        let mut grew = false;
        for i in 0..p {
            // The states of position i not yet expanded: (shard, from, to).
            let pending: Vec<(usize, usize, usize)> = positions[i]
                .iter_mut()
                .enumerate()
                .filter_map(|(s, shard)| {
                    let from = std::mem::replace(&mut shard.done, shard.keys.len());
                    (from < shard.done).then_some((s, from, shard.done))
                })
                .collect();
            if pending.is_empty() {
                continue;
            }
            grew = true;
            let n = (i + 1) % p;
            // Expanded and looked up a batch at a time, in the order of the
            // states, so that only one batch's successors wait for their
            // lookups (a whole round's had taken gigabytes).
            let mut states: Vec<(u32, K)> = Vec::with_capacity(batch.min(1 << 20));
            macro_rules! flush {
                () => {
                    held += step(
                        plan,
                        v0 + i,
                        &states,
                        &mut positions[n],
                        &mut edges[i],
                        &mut fin[i],
                        threads,
                    );
                    states.clear();
                    if held > cap {
                        return None;
                    }
                };
            }
            for (s, from, to) in pending {
                let mut j = from;
                while j < to {
                    let take = (to - j).min(batch - states.len());
                    let keys = &positions[i][s].keys[j..j + take];
                    states.extend(keys.iter().enumerate().map(|(t, &k)| (code(s, j + t), k)));
                    j += take;
                    if states.len() == batch {
                        flush!();
                    }
                }
            }
            if !states.is_empty() {
                flush!();
            }
        }
        if !grew {
            break;
        }
    }
    // The indexes are no longer needed: dropped before the numbers are laid
    // out, which needs room for the keys and edges once more.
    for shards in &mut positions {
        for shard in shards.iter_mut() {
            shard.index = HashTable::new();
        }
    }
    // The shards laid end to end: a state's number is its place in the
    // shards before its own, plus its place there.
    let starts: Vec<Vec<u32>> = positions
        .iter()
        .map(|shards| {
            let mut at = 0u32;
            shards
                .iter()
                .map(|s| {
                    let start = at;
                    at = at
                        .checked_add(s.keys.len() as u32)
                        .expect("at most 2^32 states a position");
                    start
                })
                .collect()
        })
        .collect();
    let number =
        |i: usize, c: u32| starts[i][(c >> LOCAL_BITS) as usize] + (c & ((1 << LOCAL_BITS) - 1));
    let mut edges: Vec<Vec<(u32, u32)>> = edges
        .into_iter()
        .enumerate()
        .map(|(i, by_shard)| {
            let n = (i + 1) % p;
            let mut all = Vec::with_capacity(by_shard.iter().map(Vec::len).sum());
            for shard in by_shard {
                all.extend(shard.into_iter().map(|(d, s)| (number(n, d), number(i, s))));
            }
            all
        })
        .collect();
    let mut fin: Vec<Vec<u32>> = fin
        .into_iter()
        .enumerate()
        .map(|(i, f)| f.into_iter().map(|s| number(i, s)).collect())
        .collect();
    let mut keys: Vec<Vec<K>> = positions
        .into_iter()
        .map(|shards| {
            let mut all = Vec::with_capacity(shards.iter().map(|s| s.keys.len()).sum());
            for shard in shards {
                all.extend_from_slice(&shard.keys);
            }
            all
        })
        .collect();
    renumber(&mut keys, &mut edges, &mut fin);
    Some(Closure { keys, edges, fin })
}

/// Expands `states` (of the position before square `v`) on every thread and
/// looks their successors up among the next position's `shards` (each
/// thread its own shards, in the order of the states), adding the edges and
/// the finished tours; returns the number of states new to the closure.
fn step<K: Key>(
    plan: &Plan,
    v: usize,
    states: &[(u32, K)],
    shards: &mut [Shard<K>],
    edges: &mut [Vec<(u32, u32)>],
    fin: &mut Vec<u32>,
    threads: usize,
) -> usize {
    let chunk = states.len().div_ceil(threads).max(1);
    // Each chunk's successors by their shard, and its finished tours.
    let outs = par(states.chunks(chunk).collect(), |states| {
        let mut out: Vec<Vec<(u32, K)>> = vec![Vec::new(); SHARDS];
        let mut done = Vec::new();
        for &(s, k) in states {
            plan.expand(v, k.unpack(), &mut |o| match o {
                None => done.push(s),
                Some(o) => {
                    let o = K::pack(o);
                    out[shard_of(&o)].push((s, o));
                }
            });
        }
        (out, done)
    });
    let mut by_shard: Vec<Vec<Vec<(u32, K)>>> = vec![Vec::new(); SHARDS];
    for (out, done) in outs {
        fin.extend(done);
        for (s, o) in out.into_iter().enumerate() {
            by_shard[s].push(o);
        }
    }
    let mut jobs: Vec<Vec<_>> = (0..threads).map(|_| Vec::new()).collect();
    for (s, job) in shards
        .iter_mut()
        .zip(edges.iter_mut())
        .zip(by_shard)
        .enumerate()
    {
        jobs[s % threads].push((s, job));
    }
    let grown = par(jobs, |job| {
        let mut grown = 0;
        for (s, ((shard, edges), outs)) in job {
            let before = shard.keys.len();
            for (from, k) in outs.into_iter().flatten() {
                let d = shard.insert(k);
                edges.push((code(s, d), from));
            }
            grown += shard.keys.len() - before;
            assert!(
                shard.keys.len() < 1 << LOCAL_BITS,
                "a shard outgrew its numbers"
            );
        }
        grown
    });
    grown.iter().sum()
}

/// Numbers the states so that the matrices read their counts in order
/// rather than at random (the shards hold them in the order of their
/// hashes): the states of the first position by their keys, those of each
/// later position by their first predecessor. A step then reads the
/// counts it adds up mostly from nearby places, which the caches hold.
fn renumber<K: Key>(keys: &mut [Vec<K>], edges: &mut [Vec<(u32, u32)>], fin: &mut [Vec<u32>]) {
    let p = keys.len();
    // new[i][old number] = new number.
    let mut new: Vec<Vec<u32>> = Vec::with_capacity(p);
    for i in 0..p {
        let mut order: Vec<u32> = (0..keys[i].len() as u32).collect();
        if i == 0 {
            order.sort_unstable_by_key(|&s| keys[0][s as usize]);
        } else {
            let mut first = vec![u32::MAX; keys[i].len()];
            for &(d, s) in &edges[i - 1] {
                let s = new[i - 1][s as usize];
                let f = &mut first[d as usize];
                *f = (*f).min(s);
            }
            order.sort_unstable_by_key(|&s| (first[s as usize], s));
        }
        let mut at = vec![0u32; order.len()];
        for (place, &s) in order.iter().enumerate() {
            at[s as usize] = place as u32;
        }
        let old = std::mem::take(&mut keys[i]);
        keys[i] = order.iter().map(|&s| old[s as usize]).collect();
        new.push(at);
    }
    for (i, e) in edges.iter_mut().enumerate() {
        let n = (i + 1) % p;
        for (d, s) in e.iter_mut() {
            *d = new[n][*d as usize];
            *s = new[i][*s as usize];
        }
    }
    for (i, f) in fin.iter_mut().enumerate() {
        for s in f.iter_mut() {
            *s = new[i][*s as usize];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knight::frontier::{Tours, FULL};

    /// The closure of a long board's repeating ranks: the same states in the
    /// same order, the same edges and finished tours on 1, 2 and 3 threads;
    /// every edge within its positions, and the first position in key order.
    #[test]
    fn the_closure_is_numbered_alike_on_any_number_of_threads() {
        for (w, kind) in [(5, Tours::Closed), (4, Tours::OpenUndirected)] {
            let plan = Plan::new(w, 30, &vec![false; (w * 30) as usize], kind).unwrap();
            let (p, v0) = (w as usize, 3 * w as usize);
            // The states before square v0, stepped there one by one.
            let mut seeds = vec![plan.encode(&[FULL; 32], 0)];
            for v in 0..v0 {
                let mut next = Vec::new();
                for &s in &seeds {
                    plan.expand(v, s, &mut |o| next.extend(o));
                }
                next.sort_unstable();
                next.dedup();
                seeds = next;
            }
            let seeds: Vec<u64> = seeds.into_iter().map(u64::pack).collect();
            let built: Vec<Closure<u64>> = [1, 2, 3]
                .map(|t| closure(&plan, v0, p, seeds.iter().copied(), t, usize::MAX).unwrap())
                .into();
            let one = &built[0];
            assert!(
                one.keys.iter().map(Vec::len).sum::<usize>() > 100,
                "{w} {kind:?}"
            );
            assert!(one.keys[0].is_sorted());
            for (i, e) in one.edges.iter().enumerate() {
                let n = (i + 1) % p;
                assert!(e
                    .iter()
                    .all(|&(d, s)| (d as usize) < one.keys[n].len()
                        && (s as usize) < one.keys[i].len()));
            }
            // Expanded a few states at a time: the same closure.
            let small = closure_in(&plan, v0, p, seeds.iter().copied(), 2, usize::MAX, 7).unwrap();
            for other in built[1..].iter().chain([&small]) {
                assert!(other.keys == one.keys, "{w} {kind:?}");
                assert!(other.edges == one.edges, "{w} {kind:?}");
                assert!(other.fin == one.fin, "{w} {kind:?}");
            }
        }
    }
}
