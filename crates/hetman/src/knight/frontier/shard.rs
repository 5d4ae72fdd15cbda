//! One shard of a frontier count, for counts spread over several machines.
//!
//! A frontier count cannot be cut into independent pieces: states reached
//! from different parts of the work merge again a few squares later. So the
//! K shards of a split run *at the same time* and share the work square by
//! square: shard I owns the frontier states whose hash is I modulo K. At each
//! square a shard expands the states it owns, writes the successors owned by
//! each shard J to a file in a directory that all shards see (the
//! *exchange*), marks the square done, then waits until every shard has
//! marked it before reading the states sent to it. Each shard holds about
//! 1/K of the states, so memory and time per shard fall about K-fold, and
//! the tours a shard finishes are its part of the total ([`merge_shards`]
//! adds them up).
//!
//! The exchange is also the checkpoint: a shard that is stopped or killed
//! resumes at the last square it marked when run again with the same
//! arguments, and the others wait for it meanwhile. An exchange directory
//! holds one count: a shard of another board, kind of tour or split is
//! refused.
//!
//! # Example
//! ```
//! use hetman::knight::frontier::{count, Options, Tours};
//! use hetman::knight::frontier::shard::{count_shard, merge_shards, Shard};
//! let dir = std::env::temp_dir().join(format!("hetman-doc-shards-{}", std::process::id()));
//! let free = [false; 30];
//! // Two shards, run at the same time (here on two threads).
//! let records: Vec<_> = std::thread::scope(|s| {
//!     let jobs: Vec<_> = (0..2)
//!         .map(|i| {
//!             let dir = &dir;
//!             s.spawn(move || {
//!                 let shard = Shard { index: i, count: 2, exchange: dir };
//!                 let c = count_shard(6, 5, &free, Tours::Closed, &shard, &Options::default());
//!                 c.unwrap().record(format!("shard {i}"))
//!             })
//!         })
//!         .collect();
//!     jobs.into_iter().map(|j| j.join().unwrap()).collect()
//! });
//! assert_eq!(merge_shards(&records).unwrap().tours, 8);
//! # std::fs::remove_dir_all(&dir).unwrap();
//! ```

use super::checkpoint::Half;
use super::ways::Table;
use super::{checkpoint_error, hash_of, load_checkpoint, save_checkpoint, step, Limits, Step};
use super::{BigCount, Key, Options, Parts, Plan, Progress, Tours, Wide, FULL};
use crate::jobs::merge::{check_members, members_of, merge_error};
use crate::Error;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Which shard of how many, and the directory the shards share.
#[derive(Debug, Clone, Copy)]
pub struct Shard<'a> {
    /// This shard's number, from 0 to `count - 1`.
    pub index: usize,
    /// K, the number of shards running together.
    pub count: usize,
    /// The exchange directory, on a file system every shard sees.
    pub exchange: &'a Path,
}

/// What one shard counted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShardCount {
    /// The board, `WxH`.
    pub size: String,
    /// The kind of tours.
    pub kind: Tours,
    /// This shard's number.
    pub shard: usize,
    /// K.
    pub shards: usize,
    /// The identity of the split (board, mask, kind of tour, K).
    pub split: String,
    /// The tours this shard finished: its part of the total, in the
    /// convention of [`Tours`].
    pub tours: u128,
    /// The most states this shard held after one square.
    pub peak_states: usize,
}

impl ShardCount {
    /// The record of this result for [`merge_shards`]; `source` names it in messages.
    ///
    /// # Example
    /// ```
    /// use hetman::knight::frontier::{Options, Tours};
    /// use hetman::knight::frontier::shard::{count_shard, Shard};
    /// let dir = std::env::temp_dir().join(format!("hetman-doc-record-{}", std::process::id()));
    /// let shard = Shard { index: 0, count: 1, exchange: &dir };
    /// let c = count_shard(5, 5, &[false; 25], Tours::OpenDirected, &shard, &Options::default());
    /// let r = c.unwrap().record("whole.json".into());
    /// assert_eq!((r.tours, r.shard, r.shards), (1728, 0, 1));
    /// # std::fs::remove_dir_all(&dir).unwrap();
    /// ```
    pub fn record(&self, source: String) -> ShardRecord {
        ShardRecord {
            source,
            size: self.size.clone(),
            kind: self.kind,
            shard: self.shard,
            shards: self.shards,
            split: self.split.clone(),
            tours: self.tours,
        }
    }
}

/// A shard result as read back for a merge.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShardRecord {
    /// Where it came from, for messages.
    pub source: String,
    /// The board, `WxH`.
    pub size: String,
    /// The kind of tours.
    pub kind: Tours,
    /// Its shard number.
    pub shard: usize,
    /// K.
    pub shards: usize,
    /// The identity of the split.
    pub split: String,
    /// Its part of the total.
    pub tours: u128,
}

/// The total of a complete set of shards.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Merged {
    /// The board, `WxH`.
    pub size: String,
    /// The kind of tours.
    pub kind: Tours,
    /// K.
    pub shards: usize,
    /// The identity of the split.
    pub split: String,
    /// The number of tours, in the convention of [`Tours`].
    pub tours: u128,
}

/// Adds up the shards of one split, after checking that every shard 0..K-1
/// is present exactly once and that all come from one split; every problem
/// is named in one message, with the shard numbers.
///
/// # Example
/// ```
/// use hetman::knight::frontier::Tours;
/// use hetman::knight::frontier::shard::{merge_shards, ShardRecord};
/// let r = |shard, tours| ShardRecord {
///     source: format!("{shard}.json"), size: "6x6".into(), kind: Tours::Closed,
///     shard, shards: 3, split: "x".into(), tours,
/// };
/// assert_eq!(merge_shards(&[r(0, 5), r(1, 0), r(2, 7)]).unwrap().tours, 12);
/// let e = merge_shards(&[r(0, 5), r(2, 7), r(2, 7)]).unwrap_err().to_string();
/// assert!(e.contains("missing shard 1"), "{e}");
/// assert!(e.contains("shard 2 is given twice (2.json, 2.json)"), "{e}");
/// ```
pub fn merge_shards(records: &[ShardRecord]) -> Result<Merged, Error> {
    let describe = |r: &ShardRecord| {
        format!(
            "{} {}, {} shards, split {}",
            r.size,
            kind_name(r.kind),
            r.shards,
            r.split
        )
    };
    let members = members_of(records, describe, |r| (r.shards, r.shard, &r.source));
    let (_, problems) = check_members(&members);
    if !problems.is_empty() {
        return Err(merge_error(records.len(), &problems));
    }
    let first = &records[0];
    let mut tours = 0u128;
    for r in records {
        tours = tours.checked_add(r.tours).ok_or_else(|| Error::Shard {
            reason: "the shard totals overflow 128 bits; a record is damaged".into(),
        })?;
    }
    Ok(Merged {
        size: first.size.clone(),
        kind: first.kind,
        shards: first.shards,
        split: first.split.clone(),
        tours,
    })
}

/// The name of a kind of tour in records and messages.
///
/// # Example
/// ```
/// use hetman::knight::frontier::Tours;
/// use hetman::knight::frontier::shard::{kind_name, parse_kind};
/// assert_eq!(kind_name(Tours::Closed), "closed");
/// assert_eq!(parse_kind("open-directed"), Some(Tours::OpenDirected));
/// ```
pub fn kind_name(kind: Tours) -> &'static str {
    match kind {
        Tours::Closed => "closed",
        Tours::OpenDirected => "open-directed",
        Tours::OpenUndirected => "open-undirected",
    }
}

/// The kind of tour [`kind_name`] names.
///
/// # Example
/// ```
/// use hetman::knight::frontier::shard::parse_kind;
/// assert_eq!(parse_kind("sideways"), None);
/// ```
pub fn parse_kind(name: &str) -> Option<Tours> {
    [Tours::Closed, Tours::OpenDirected, Tours::OpenUndirected]
        .into_iter()
        .find(|&k| kind_name(k) == name)
}

/// Counts shard `shard.index` of `shard.count` of the tours of a board (see
/// the [module](self) documentation): the other shards of the split must
/// run at the same time with the same board, kind and exchange directory.
/// `opts.threads`, `opts.stop` and `opts.progress` apply;
/// `opts.checkpoint` is not used (the exchange is the checkpoint).
///
/// Fails like [`count`](super::count), and with [`Error::Checkpoint`] when the
/// exchange directory cannot be used or belongs to another count, and
/// [`Error::Shard`] for a shard number out of range.
///
/// # Example
/// ```
/// use hetman::knight::frontier::{Options, Tours};
/// use hetman::knight::frontier::shard::{count_shard, Shard};
/// let dir = std::env::temp_dir().join(format!("hetman-doc-one-{}", std::process::id()));
/// let shard = Shard { index: 0, count: 1, exchange: &dir };
/// let c = count_shard(6, 6, &[false; 36], Tours::Closed, &shard, &Options::default()).unwrap();
/// assert_eq!(c.tours, 9862);
/// # std::fs::remove_dir_all(&dir).unwrap();
/// ```
pub fn count_shard(
    width: u32,
    height: u32,
    blocked: &[bool],
    kind: Tours,
    shard: &Shard<'_>,
    opts: &Options<'_>,
) -> Result<ShardCount, Error> {
    if shard.count == 0 || shard.index >= shard.count {
        return Err(Error::Shard {
            reason: format!(
                "shard {} of {}: shards are numbered from 0 to K-1 and K is at least 1",
                shard.index, shard.count
            ),
        });
    }
    let plan = Plan::new(width, height, blocked, kind)?;
    let ex = Exchange::open(&plan, shard)?;
    let (tours, peak_states) = match plan.vertices {
        // Nothing to share: shard 0 has the whole (trivial) count.
        0 => (0, 0),
        1 => (u128::from(kind != Tours::Closed && shard.index == 0), 0),
        _ if plan.key_bytes() == 8 => ex.run::<u64>(&plan, opts)?,
        _ => ex.run::<Wide>(&plan, opts)?,
    };
    let tours = if kind == Tours::OpenDirected && plan.vertices > 1 {
        tours.checked_mul(2).ok_or_else(super::overflow)?
    } else {
        tours
    };
    Ok(ShardCount {
        size: format!("{width}x{height}"),
        kind,
        shard: shard.index,
        shards: shard.count,
        split: ex.split,
        tours,
        peak_states,
    })
}

/// The exchange directory of one shard.
struct Exchange {
    dir: PathBuf,
    index: usize,
    count: usize,
    split: String,
}

/// The error of a file operation on `p`.
fn io(p: &Path) -> impl Fn(std::io::Error) -> Error + '_ {
    move |e| checkpoint_error(p, e)
}

/// How long a shard waits for the others before it says so on `progress`.
const PATIENCE: Duration = Duration::from_secs(5);

impl Exchange {
    /// Creates the directory, or checks that it holds this count.
    fn open(plan: &Plan, shard: &Shard<'_>) -> Result<Exchange, Error> {
        let dir = shard.exchange.to_path_buf();
        let err = |e: std::io::Error| checkpoint_error(&dir, e);
        fs::create_dir_all(&dir).map_err(err)?;
        let mut id = plan.signature.clone();
        id.extend_from_slice(format!(" shards {}", shard.count).as_bytes());
        let split = crate::jobs::short_hash(&id);
        let description = format!(
            "hetman frontier exchange\nsplit {split}\n{}\n",
            String::from_utf8_lossy(&id)
        );
        let marker = dir.join("split.txt");
        if !marker.exists() {
            let tmp = dir.join(format!("split.txt.{}", shard.index));
            fs::write(&tmp, &description).map_err(err)?;
            fs::rename(&tmp, &marker).map_err(err)?;
        }
        let found = fs::read_to_string(&marker).map_err(err)?;
        if found != description {
            let head = found.lines().nth(2).unwrap_or("").chars().take(60);
            return Err(checkpoint_error(
                &dir,
                format!(
                    "holds the exchange of another count ({}); use another directory",
                    head.collect::<String>()
                ),
            ));
        }
        Ok(Exchange {
            dir,
            index: shard.index,
            count: shard.count,
            split,
        })
    }

    fn step_dir(&self, v: usize) -> PathBuf {
        self.dir.join(format!("square-{v:04}"))
    }

    /// The states shard `from` sends to shard `to` before square `v`.
    fn states(&self, v: usize, from: usize, to: usize) -> PathBuf {
        self.step_dir(v).join(format!("{from}-to-{to}.states"))
    }

    /// Shard `from`'s mark that its states before square `v` are written.
    fn done(&self, v: usize, from: usize) -> PathBuf {
        self.step_dir(v).join(format!("done-{from}"))
    }

    /// The shard that owns a state.
    fn owner<K: Key>(&self, k: &K) -> usize {
        // The low bits of the hash: the in-memory buckets use the top bits.
        (hash_of(k) % self.count as u64) as usize
    }

    /// Runs this shard; returns its tours (undirected) and peak states.
    fn run<K: Key>(&self, plan: &Plan, opts: &Options<'_>) -> Result<(u128, usize), Error> {
        // Resume after the last square this shard marked done.
        let mut start = 0;
        let mut total = 0u128;
        for v in (1..=plan.cells).rev() {
            if let Some((_, t, _)) = load_checkpoint::<K>(plan, &self.done(v, self.index))? {
                start = v;
                total = t.to_u128().ok_or_else(super::overflow)?;
                break;
            }
        }
        let mut peak = 0;
        for v in start..plan.cells {
            let parts: Parts<K> = if v == 0 {
                // Before the first square every slot is "full"; one shard owns that state.
                let first = K::pack(plan.encode(&[FULL; 32], 0));
                if self.owner(&first) == self.index {
                    vec![vec![(first, 1)]]
                } else {
                    Vec::new()
                }
            } else {
                self.wait(v, opts)?;
                self.receive(plan, v)?
            };
            peak = peak.max(parts.iter().map(Vec::len).sum());
            let limits = Limits {
                stop: opts.stop,
                max_states: opts.max_states,
            };
            // A shard saves between squares only: the square runs again.
            let (next, finished) = match step(plan, v, parts, opts.threads.max(1), &limits, None)? {
                Step::Done(next, finished, _) => (next, finished),
                Step::Stopped { why, .. } => return Err(why),
            };
            let finished = finished.to_u128().ok_or_else(super::overflow)?;
            total = total.checked_add(finished).ok_or_else(super::overflow)?;
            if let Some(progress) = opts.progress {
                progress(Progress {
                    step: v + 1,
                    steps: plan.cells,
                    states: next.iter().map(Vec::len).sum(),
                    pass: None,
                });
            }
            // Send each successor to its owner, then mark the square done.
            let step = self.step_dir(v + 1);
            fs::create_dir_all(&step).map_err(io(&step))?;
            let mut out: Vec<Vec<(K, u64)>> = vec![Vec::new(); self.count];
            for &(k, c) in next.iter().flatten() {
                out[self.owner(&k)].push((k, c));
            }
            drop(next);
            for (to, states) in out.iter().enumerate() {
                let p = self.states(v + 1, self.index, to);
                save_checkpoint(
                    plan,
                    &p,
                    v + 1,
                    &BigCount::zero(),
                    std::slice::from_ref(states),
                    None,
                    Half::Near(None),
                )
                .map_err(io(&p))?;
            }
            let done = self.done(v + 1, self.index);
            let total = BigCount::from(total);
            save_checkpoint::<K, u64>(plan, &done, v + 1, &total, &[], None, Half::Near(None))
                .map_err(io(&done))?;
            // The states sent to this shard before square v are used up.
            if v > 0 {
                for from in 0..self.count {
                    let p = self.states(v, from, self.index);
                    fs::remove_file(&p)
                        .or_else(ignore_missing)
                        .map_err(io(&p))?;
                }
            }
        }
        Ok((total, peak))
    }

    /// Waits until every shard has marked square `v` done.
    fn wait(&self, v: usize, opts: &Options<'_>) -> Result<(), Error> {
        let t0 = Instant::now();
        let mut told = false;
        loop {
            let missing: Vec<usize> = (0..self.count)
                .filter(|&j| !self.done(v, j).exists())
                .collect();
            if missing.is_empty() {
                return Ok(());
            }
            if opts
                .stop
                .is_some_and(|s| s.load(std::sync::atomic::Ordering::Relaxed))
            {
                return Err(Error::Interrupted);
            }
            if !told && t0.elapsed() >= PATIENCE {
                if let Some(w) = opts.waiting {
                    w(v, &missing);
                }
                told = true;
            }
            // Quick to notice a short wait, gentle on the file system in a long one.
            let pause =
                (t0.elapsed() / 8).clamp(Duration::from_millis(1), Duration::from_millis(500));
            std::thread::sleep(pause);
        }
    }

    /// Reads the states every shard sent to this one before square `v`.
    fn receive<K: Key>(&self, plan: &Plan, v: usize) -> Result<Parts<K>, Error> {
        let mut parts = Vec::new();
        for from in 0..self.count {
            let p = self.states(v, from, self.index);
            match load_checkpoint::<K>(plan, &p)? {
                Some((at, _, Table::W1(states))) if at == v => parts.extend(states),
                Some(_) => return Err(checkpoint_error(&p, "is damaged: wrong square")),
                None => {
                    return Err(checkpoint_error(
                        &p,
                        "is missing although its shard marked the square done",
                    ))
                }
            }
        }
        Ok(parts)
    }
}

fn ignore_missing(e: std::io::Error) -> std::io::Result<()> {
    if e.kind() == std::io::ErrorKind::NotFound {
        Ok(())
    } else {
        Err(e)
    }
}
