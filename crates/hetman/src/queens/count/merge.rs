//! Adding up shard results: the record of one shard as read back, and the
//! merge that checks the set (every shard of one split and engine exactly
//! once, totals consistent with the symmetry classes) before adding it up.

use super::error::shard_error;
use super::symmetric::{unique_from, SymmetricCounts};
use crate::jobs::merge::{check_members, members_of, merge_error};
use crate::Error;

/// One shard's result as read back from its record (a JSON file written by
/// `hetman queens count --shard I/K --result FILE`).
#[derive(Clone, Debug, PartialEq)]
pub struct ShardRecord {
    /// Where the record came from (a file name), for messages.
    pub source: String,
    /// The board size.
    pub n: usize,
    /// The shard's number, from 0.
    pub shard: usize,
    /// The number of shards in the split.
    pub shards: usize,
    /// The split's identity.
    pub split: String,
    /// The engine and version that counted ([`Engine::version`](super::Engine::version)).
    pub engine: String,
    /// Units in the shard.
    pub units: usize,
    /// Units in the whole split (`None` in a record written before records
    /// carried it): the shards' units must add up to it.
    pub split_units: Option<usize>,
    /// Solutions in the shard's units.
    pub solutions: u64,
    /// Search nodes.
    pub nodes: u64,
    /// CPU seconds.
    pub cpu_seconds: f64,
    /// The symmetric counts (shard 0 has them).
    pub symmetric: Option<SymmetricCounts>,
}

/// The totals of a complete set of shards.
#[derive(Clone, Debug, PartialEq)]
pub struct Merged {
    /// The board size.
    pub n: usize,
    /// The number of shards.
    pub shards: usize,
    /// The split's identity.
    pub split: String,
    /// The engine and version that counted ([`Engine::version`](super::Engine::version)).
    pub engine: String,
    /// All solutions.
    pub total: u64,
    /// Solutions distinct under rotations and reflections.
    pub unique: u64,
    /// Solutions fixed by the half turn.
    pub half_turn: u64,
    /// Solutions fixed by the quarter turn.
    pub quarter_turn: u64,
    /// Units over all shards.
    pub units: usize,
    /// The work figure over all shards: search nodes (constellations) or
    /// west halves matched (the join).
    pub nodes: u64,
    /// CPU seconds over all shards.
    pub cpu_seconds: f64,
}

/// Adds the results of the shards of one split, after checking that every
/// shard 0..K-1 is present exactly once and that all come from one split (the
/// same N, K and split identity). Every problem is named in one message, with
/// the shard numbers: missing shards, duplicated ones (with their sources),
/// and ones from another split.
///
/// ```
/// use hetman::queens::count::{count_resumable, merge_shards, CountOptions, Plan, Split};
/// let plan = Plan::new(9).unwrap();
/// let split = Split::new(&plan, 4).unwrap();
/// let opts = CountOptions::default();
/// let r: Vec<_> = (0..4)
///     .map(|i| count_resumable(&plan, &split, i, None, &opts).unwrap().record(format!("{i}.json")))
///     .collect();
/// assert_eq!(merge_shards(&r).unwrap().total, 352);
/// let e = merge_shards(&[r[0].clone(), r[2].clone(), r[2].clone()]).unwrap_err().to_string();
/// assert!(e.contains("missing shards 1, 3"), "{e}");
/// assert!(e.contains("shard 2 is given twice (2.json, 2.json)"), "{e}");
/// ```
pub fn merge_shards(records: &[ShardRecord]) -> Result<Merged, Error> {
    let describe = |r: &ShardRecord| {
        format!(
            "N = {}, {} shards, split {}, engine {}",
            r.n, r.shards, r.split, r.engine
        )
    };
    let members = members_of(records, describe, |r| (r.shards, r.shard, &r.source));
    let (reference, mut problems) = check_members(&members);
    let Some(first) = records.iter().find(|r| describe(r) == reference) else {
        return Err(merge_error(records.len(), &problems));
    };
    let (n, k, split, engine) = (
        first.n,
        first.shards,
        first.split.clone(),
        first.engine.clone(),
    );
    let zero = records
        .iter()
        .find(|r| r.shard == 0 && describe(r) == reference);
    let symmetric = zero.and_then(|r| r.symmetric);
    if let (Some(r), None) = (zero, symmetric) {
        problems.push(format!(
            "shard 0 ({}) lacks the symmetric counts needed for the unique count",
            r.source
        ));
    }
    if !problems.is_empty() {
        return Err(merge_error(records.len(), &problems));
    }
    let sym = symmetric.unwrap_or_default();
    let mut total = 0u64;
    let mut m = Merged {
        n,
        shards: k,
        split,
        engine,
        total: 0,
        unique: 0,
        half_turn: sym.half_turn,
        quarter_turn: sym.quarter_turn,
        units: 0,
        nodes: 0,
        cpu_seconds: 0.0,
    };
    for r in records {
        total = total.checked_add(r.solutions).ok_or_else(|| {
            shard_error("the shard totals overflow 64 bits; a record is damaged".to_string())
        })?;
        m.units += r.units;
        m.nodes = m.nodes.saturating_add(r.nodes);
        m.cpu_seconds += r.cpu_seconds;
    }
    m.total = total;
    // Every unit counted once: the shards' units add up to the split's.
    let declared: Vec<usize> = records.iter().filter_map(|r| r.split_units).collect();
    if let Some(&expected) = declared.first() {
        if declared.iter().any(|&d| d != expected) {
            return Err(shard_error(
                "the records disagree on the number of units in the split; a record is damaged"
                    .to_string(),
            ));
        }
        if m.units != expected {
            return Err(shard_error(format!(
                "the shards hold {} units, the split has {expected}: a unit is missing or \
                 counted twice; a record is damaged",
                m.units
            )));
        }
    }
    // The classes of solutions have 8, 4 or 2 members (no symmetry, the half
    // turn only, the quarter turn), so the counts must add up that way: a
    // record edited by hand rarely does, and is refused rather than merged.
    let (half, quarter) = (sym.half_turn, sym.quarter_turn);
    if n > 1
        && !(quarter <= half
            && half <= total
            && (total - half).is_multiple_of(8)
            && (half - quarter) % 4 == 0
            && quarter % 2 == 0)
    {
        return Err(shard_error(format!(
            "the counts do not add up to classes of 8, 4 and 2 solutions (total {total}, fixed by the half turn {half}, by the quarter turn {quarter}); a record is damaged"
        )));
    }
    m.unique = unique_from(n, total, half, quarter);
    Ok(m)
}
