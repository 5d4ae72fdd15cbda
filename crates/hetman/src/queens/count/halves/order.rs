//! The rank sets of a [`JoinPlan`] in the order a count takes them: by the
//! middle queen's rank, then by layer (the sizes of their south parts),
//! then in chunks whose north cells fit the chunk size, then by south part;
//! and the segments of equal (middle, layer, chunk) with the bytes of their
//! cells.

use super::super::run_workers;
use super::census::Census;
use super::jobs::{jobs, Job};
use super::tables::{Geometry, Side};
use super::{low, sample, JoinPlan, HALVES_MAX_N, HALVES_MIN_N, MAX_SIDE_HALVES};
use crate::Error;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

impl JoinPlan {
    pub(super) fn build(n: usize, chunk_bytes: u64, shards: usize) -> Result<JoinPlan, Error> {
        if !(HALVES_MIN_N..=HALVES_MAX_N).contains(&n) {
            return Err(Error::Size {
                value: n.to_string(),
                reason: format!(
                    "the half-board join takes N from {HALVES_MIN_N} to {HALVES_MAX_N}"
                ),
            });
        }
        let geo = Geometry::new(n);
        let threads = std::thread::available_parallelism().map_or(1, usize::from);
        let clock = sample::Clock::start(sample::Clock::Process);
        let census = Census::new(&geo, threads);
        let census_seconds = clock.seconds(threads);
        let jobs = jobs(n);
        // Each job's place: (middle, layer, chunk, south pair, south, north).
        let parts = |job: &Job| {
            let free = low(n) & !job.middle().map_or(0, |r| 1u64 << r);
            let (sn, ss) = geo.cut(job.ranks());
            let (cn, cs) = geo.cut(free & !job.ranks());
            (sn, ss, cn, cs)
        };
        let layer = |job: &Job| {
            let (_, ss, _, cs) = parts(job);
            ss.count_ones().min(cs.count_ones())
        };
        // By (middle, layer), in order within each: the jobs come by middle
        // rank, so that a stable bucketing by layer within each middle does
        // it in one pass (N = 27 has 70 million).
        debug_assert!(jobs.is_sorted_by_key(|j| j.middle()));
        let mut by_layer: Vec<Vec<Job>> = vec![Vec::new(); n + 1];
        let mut sorted = Vec::with_capacity(jobs.len());
        let mut at = 0;
        while at < jobs.len() {
            let m = jobs[at].middle();
            let end = at + jobs[at..].iter().take_while(|j| j.middle() == m).count();
            for j in &jobs[at..end] {
                by_layer[layer(j) as usize].push(*j);
            }
            for l in &mut by_layer {
                sorted.append(l);
            }
            at = end;
        }
        drop(jobs);
        let jobs = sorted;
        // The groups of one (middle, layer): (first, end).
        let mut groups = Vec::new();
        let mut at = 0;
        while at < jobs.len() {
            let key = (jobs[at].middle(), layer(&jobs[at]));
            let end = at
                + jobs[at..]
                    .iter()
                    .take_while(|j| (j.middle(), layer(j)) == key)
                    .count();
            groups.push((at, end));
            at = end;
        }
        // The chunks of each group, by north part.
        let mut chunk_of: Vec<u32> = vec![0; jobs.len()];
        for &(at, end) in &groups {
            let mut norths: Vec<(u32, u32)> = jobs[at..end]
                .iter()
                .map(|j| {
                    let (sn, _, cn, _) = parts(j);
                    (sn, cn)
                })
                .collect();
            norths.sort_unstable();
            norths.dedup();
            let mut chunk = std::collections::HashMap::new();
            let (mut index, mut held) = (0u32, std::collections::HashSet::new());
            let mut bytes = 0;
            for &(sn, cn) in &norths {
                let more: u64 = [sn, cn]
                    .iter()
                    .filter(|r| !held.contains(*r))
                    .map(|&r| census.bytes(Side::North, r))
                    .sum();
                if bytes > 0 && bytes + more > chunk_bytes {
                    index += 1;
                    bytes = 0;
                    held.clear();
                }
                bytes += [sn, cn]
                    .iter()
                    .filter(|r| held.insert(**r))
                    .map(|&r| census.bytes(Side::North, r))
                    .sum::<u64>();
                chunk.insert(sn, index);
            }
            for (k, j) in jobs[at..end].iter().enumerate() {
                chunk_of[at + k] = chunk[&parts(j).0];
            }
        }
        // Within each group, by (chunk, south pair, south, north), packed
        // in one number (parts of at most 14 bits up to N = 28, and fewer
        // chunks than north parts), the groups sorted on every core.
        let sorted: Vec<Mutex<Vec<u32>>> = groups.iter().map(|_| Mutex::default()).collect();
        let next = AtomicUsize::new(0);
        run_workers(threads.clamp(1, groups.len().max(1)), &|| loop {
            let g = next.fetch_add(1, Ordering::Relaxed);
            let Some(&(start, end)) = groups.get(g) else {
                break;
            };
            let mut keys: Vec<(u64, u32)> = (start..end)
                .map(|i| {
                    let (sn, ss, _, cs) = parts(&jobs[i]);
                    let key = (u64::from(chunk_of[i]) << 42)
                        | (u64::from(ss.min(cs)) << 28)
                        | (u64::from(ss) << 14)
                        | u64::from(sn);
                    (key, (i - start) as u32)
                })
                .collect();
            keys.sort_unstable();
            *sorted[g].lock().unwrap_or_else(PoisonError::into_inner) =
                keys.into_iter().map(|k| k.1).collect();
        });
        let order: Vec<usize> = groups
            .iter()
            .zip(sorted)
            .flat_map(|(&(start, _), o)| {
                o.into_inner()
                    .unwrap_or_else(PoisonError::into_inner)
                    .into_iter()
                    .map(move |k| start + k as usize)
            })
            .collect();
        // In that order, the lists in the old order dropped at once (N = 27's
        // rank sets take 560 MB a list).
        let (jobs, chunk_of) = {
            let (old_jobs, old_chunks) = (jobs, chunk_of);
            let jobs: Vec<Job> = order.iter().map(|&i| old_jobs[i]).collect();
            let chunk_of: Vec<u32> = order.iter().map(|&i| old_chunks[i]).collect();
            (jobs, chunk_of)
        };
        drop(order);
        let segment_key = |i: usize| (jobs[i].middle(), layer(&jobs[i]), chunk_of[i]);
        // The segments: (first rank set, end).
        let mut segments = Vec::new();
        let (mut segment_bytes, mut segment_south_bytes) = (Vec::new(), Vec::new());
        let mut at = 0;
        while at < jobs.len() {
            let key = segment_key(at);
            let end = at
                + (at..jobs.len())
                    .take_while(|&i| segment_key(i) == key)
                    .count();
            // The bytes of the distinct cells of one side the segment needs.
            let bytes = |side: Side| -> u64 {
                let mut cells: Vec<u32> = jobs[at..end]
                    .iter()
                    .flat_map(|j| {
                        let (sn, ss, cn, cs) = parts(j);
                        match side {
                            Side::North => [sn, cn],
                            Side::South => [ss, cs],
                        }
                    })
                    .collect();
                cells.sort_unstable();
                cells.dedup();
                cells.iter().map(|&r| census.bytes(side, r)).sum()
            };
            segment_bytes.push(bytes(Side::North));
            segment_south_bytes.push(bytes(Side::South));
            segments.push((at, end));
            at = end;
        }
        drop(chunk_of);
        let plan = JoinPlan {
            n,
            geo,
            jobs: Arc::new(jobs),
            segments,
            spans: Vec::new(),
            chunk_bytes,
            shards: 1,
            segment: Vec::new(),
            segment_bytes,
            segment_south_bytes,
            census: Arc::new(census),
            census_seconds,
            job_costs: OnceLock::new(),
            costs: OnceLock::new(),
            side_halves: MAX_SIDE_HALVES,
        };
        Ok(plan.cut_for_shards(shards))
    }
}
