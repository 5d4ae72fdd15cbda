//! Saving and loading the states of a count between squares, or in the
//! middle of one (`HETMANF4`; the older `HETMANF2` and `HETMANF3` files are
//! refused).
//! The file is sealed ([`crate::jobs::sealed`]): a header naming the count
//! and a BLAKE3 checksum over every byte of the states, checked before any
//! state is used.

use std::fs;
use std::io::{self, Read, Write};
use std::path::Path;

use super::key::{Key, Parts};
use super::plan::Plan;
use super::sides::Backward;
use super::ways::{self, on_table, Table, Ways};
use super::BigCount;
use crate::jobs::sealed::{SealedReader, SealedWriter};
use crate::Error;

pub(super) fn checkpoint_error(path: &Path, reason: impl std::fmt::Display) -> Error {
    Error::Checkpoint {
        path: path.display().to_string(),
        reason: reason.to_string(),
    }
}

/// The checkpoint's first bytes; `HETMANF2` (64-bit counts) and `HETMANF3`
/// (no half-done square) files are refused.
pub(super) const MAGIC: &[u8; 8] = b"HETMANF4";

/// A square left half done when a count stopped in the middle of it: the
/// successors made so far from the states already expanded, and the tours
/// those states finished. The states not yet expanded are the checkpoint's
/// table.
pub(super) struct Partial<K> {
    /// The successors so far (distinct states of the next square).
    pub(super) done: Table<K>,
    /// The tours finished by the states expanded so far.
    pub(super) finished: BigCount,
}

/// Which walk of a count met in the middle a checkpoint is in (see the
/// `meet` module); a count front to back is always on the near side.
#[derive(Clone, Copy)]
pub(super) enum Half<'a, K> {
    /// The walk from the far end of the board to the middle.
    Far,
    /// The walk from the near end, with the far side's finished table,
    /// grouped for the join (`None` when the count has no far side).
    Near(Option<&'a Backward<K>>),
}

/// Writes `states` to `path` atomically (a temporary file, then a rename):
/// the magic, the count's signature, the next square `v`, the tours so far,
/// the states of square `v` (words per count, number of states, then each
/// state's 16-byte key and its count), the half-done square (the tours it
/// finished and its successors, in the same form; none between squares),
/// the side (0 near, 1 far) and the far side's table (no states when there
/// is none).
#[allow(clippy::too_many_arguments)]
pub(super) fn save_checkpoint<K: Key, W: Ways>(
    plan: &Plan,
    path: &Path,
    v: usize,
    total: &BigCount,
    shards: &[Vec<(K, W)>],
    partial: Option<&Partial<K>>,
    side: Half<'_, K>,
) -> io::Result<()> {
    let identity = job(plan);
    let mut w = SealedWriter::create(path, KIND, &identity).map_err(io::Error::other)?;
    w.write_all(MAGIC)?;
    w.write_all(&(plan.signature.len() as u64).to_le_bytes())?;
    w.write_all(&plan.signature)?;
    w.write_all(&(v as u64).to_le_bytes())?;
    write_count(&mut w, total)?;
    write_states(&mut w, shards)?;
    match partial {
        Some(p) => {
            write_count(&mut w, &p.finished)?;
            on_table!(&p.done, d => write_states(&mut w, d))?;
        }
        None => {
            write_count(&mut w, &BigCount::zero())?;
            write_states::<K, u64>(&mut w, &[])?;
        }
    }
    match side {
        Half::Far => w.write_all(&1u64.to_le_bytes())?,
        Half::Near(_) => w.write_all(&0u64.to_le_bytes())?,
    }
    match side {
        Half::Near(Some(far)) => write_grouped(&mut w, far)?,
        _ => write_states::<K, u64>(&mut w, &[])?,
    }
    w.finish().map_err(io::Error::other)
}

fn write_count(w: &mut impl Write, c: &BigCount) -> io::Result<()> {
    w.write_all(&(c.limbs().len() as u64).to_le_bytes())?;
    for l in c.limbs() {
        w.write_all(&l.to_le_bytes())?;
    }
    Ok(())
}

fn write_states<K: Key, W: Ways>(w: &mut impl Write, shards: &[Vec<(K, W)>]) -> io::Result<()> {
    w.write_all(&(W::LIMBS as u64).to_le_bytes())?;
    let n: usize = shards.iter().map(Vec::len).sum();
    w.write_all(&(n as u64).to_le_bytes())?;
    for &(k, c) in shards.iter().flatten() {
        w.write_all(&k.unpack().to_le_bytes())?;
        for l in c.limbs() {
            w.write_all(&l.to_le_bytes())?;
        }
    }
    Ok(())
}

/// The far side's states as [`write_states`] writes a table: they are read
/// back as one and grouped again.
fn write_grouped<K: Key>(w: &mut impl Write, far: &Backward<K>) -> io::Result<()> {
    w.write_all(&(far.stride() as u64).to_le_bytes())?;
    w.write_all(&(far.len() as u64).to_le_bytes())?;
    for (k, c) in far.states() {
        w.write_all(&k.unpack().to_le_bytes())?;
        for l in c {
            w.write_all(&l.to_le_bytes())?;
        }
    }
    Ok(())
}

/// What is wrong with a sealed file, without its path (the checkpoint
/// error names it).
pub(super) fn reason(e: Error) -> String {
    match e {
        Error::File { reason, .. } => reason,
        other => other.to_string(),
    }
}

/// The kind of sealed file a frontier checkpoint is.
pub const KIND: &str = "hetman-knight-frontier";

/// The job a checkpoint belongs to: the count's signature, hashed.
fn job(plan: &Plan) -> String {
    job_for(&plan.signature)
}

/// The job identity of a count with this plan signature.
pub(super) fn job_for(signature: &[u8]) -> String {
    crate::jobs::Job::new("knight-frontier")
        .field("count", crate::jobs::short_hash(signature))
        .identity()
}

/// A resumable position: the next square, the tours finished so far, the
/// states of that square not yet expanded, the square's work so far when
/// the count stopped in the middle of it, whether it is on the far side,
/// and the far side's table (of a count on the near side that has one).
pub(super) struct Resume<K> {
    pub(super) v: usize,
    pub(super) total: BigCount,
    pub(super) table: Table<K>,
    pub(super) partial: Option<Partial<K>>,
    pub(super) far_side: bool,
    pub(super) far: Table<K>,
}

/// Reads the checkpoint at `path` as [`load_partial`] does, refusing a file
/// saved in the middle of a square or by a count met in the middle (a
/// shard's files are saved between squares, front to back).
pub(super) fn load_checkpoint<K: Key>(
    plan: &Plan,
    path: &Path,
) -> Result<Option<(usize, BigCount, Table<K>)>, Error> {
    match load_partial(plan, path)? {
        None => Ok(None),
        Some(r) if r.partial.is_none() && !r.far_side && r.far.len() == 0 => {
            Ok(Some((r.v, r.total, r.table)))
        }
        Some(_) => Err(checkpoint_error(
            path,
            "is damaged: it holds a half-done square or a far side where none can be",
        )),
    }
}

/// Reads the checkpoint at `path`: `None` when there is no such file, an
/// error when it belongs to another count or is damaged.
pub(super) fn load_partial<K: Key>(plan: &Plan, path: &Path) -> Result<Option<Resume<K>>, Error> {
    let mut r = match SealedReader::open(path, KIND) {
        Ok(Some(r)) => r,
        Ok(None) => return Ok(None),
        Err(e) => {
            let mut head = [0u8; 7];
            let old = fs::File::open(path).and_then(|mut f| f.read_exact(&mut head));
            if old.is_ok() && &head == b"HETMANF" {
                return Err(checkpoint_error(
                    path,
                    "was written by an older hetman (an unsealed file); remove it and count again",
                ));
            }
            return Err(checkpoint_error(path, reason(e)));
        }
    };
    if let Some(why) = crate::jobs::difference(&r.header().identity, &job(plan)) {
        return Err(checkpoint_error(
            path,
            format!("belongs to another count: {why}; remove it or choose another file"),
        ));
    }
    let damaged = |e: io::Error| checkpoint_error(path, format!("is cut short or damaged: {e}"));
    let mut magic = [0u8; 8];
    r.read_exact(&mut magic).map_err(damaged)?;
    if &magic == b"HETMANF2" || &magic == b"HETMANF3" {
        return Err(checkpoint_error(
            path,
            "was written by an older hetman; remove it and count again",
        ));
    }
    if &magic != MAGIC {
        return Err(checkpoint_error(path, "is not a frontier count checkpoint"));
    }
    let len = word(path, &mut r)? as usize;
    let mut sig = vec![0u8; len.min(1 << 20)];
    r.read_exact(&mut sig).map_err(damaged)?;
    if sig != plan.signature {
        let head = String::from_utf8_lossy(&sig[..sig.len().min(40)]).into_owned();
        let head = head.split(' ').take(2).collect::<Vec<_>>().join(" ");
        return Err(checkpoint_error(
            path,
            format!("belongs to another count ({head}); remove it or choose another file"),
        ));
    }
    let v = word(path, &mut r)? as usize;
    if v > plan.cells {
        return Err(checkpoint_error(path, "is damaged: square out of range"));
    }
    let total = read_count(path, &mut r)?;
    let table = read_table(plan, path, &mut r)?;
    let finished = read_count(path, &mut r)?;
    let done = read_table(plan, path, &mut r)?;
    let far_side = match word(path, &mut r)? {
        0 => false,
        1 => true,
        _ => return Err(checkpoint_error(path, "is damaged: unknown side")),
    };
    let far = read_table(plan, path, &mut r)?;
    // Nothing read is used before every byte is checked.
    r.finish().map_err(|e| checkpoint_error(path, reason(e)))?;
    let partial = if done.len() == 0 && finished.is_zero() {
        None
    } else if v == plan.cells {
        return Err(checkpoint_error(path, "is damaged: square out of range"));
    } else {
        Some(Partial { done, finished })
    };
    if far_side && far.len() > 0 {
        return Err(checkpoint_error(
            path,
            "is damaged: a far side within the far side",
        ));
    }
    Ok(Some(Resume {
        v,
        total,
        table,
        partial,
        far_side,
        far,
    }))
}

fn word(path: &Path, r: &mut impl Read) -> Result<u64, Error> {
    let mut b8 = [0u8; 8];
    r.read_exact(&mut b8)
        .map_err(|e| checkpoint_error(path, format!("is cut short or damaged: {e}")))?;
    Ok(u64::from_le_bytes(b8))
}

fn read_count(path: &Path, r: &mut impl Read) -> Result<BigCount, Error> {
    let limbs = word(path, r)?;
    if limbs > ways::MAX_BITS / 32 {
        return Err(checkpoint_error(path, "is damaged: a total is too long"));
    }
    let limbs: Vec<u64> = (0..limbs)
        .map(|_| word(path, r))
        .collect::<Result<_, _>>()?;
    Ok(BigCount::from_limbs(&limbs))
}

fn read_table<K: Key>(plan: &Plan, path: &Path, r: &mut impl Read) -> Result<Table<K>, Error> {
    let limbs = word(path, r)?;
    let n = word(path, r)? as usize;
    Ok(match limbs {
        1 => Table::W1(read_states(plan, path, r, n)?),
        2 => Table::W2(read_states(plan, path, r, n)?),
        4 => Table::W4(read_states(plan, path, r, n)?),
        8 => Table::W8(read_states(plan, path, r, n)?),
        16 => Table::W16(read_states(plan, path, r, n)?),
        32 => Table::W32(read_states(plan, path, r, n)?),
        64 => Table::W64(read_states(plan, path, r, n)?),
        _ => return Err(checkpoint_error(path, "is damaged: unknown count width")),
    })
}

/// Reads `n` states with counts of `W::LIMBS` words.
pub(super) fn read_states<K: Key, W: Ways>(
    plan: &Plan,
    path: &Path,
    r: &mut impl Read,
    n: usize,
) -> Result<Parts<K, W>, Error> {
    let damaged = |e: io::Error| checkpoint_error(path, format!("is cut short or damaged: {e}"));
    // Straight into chunks of packed keys: a whole table of 16-byte keys
    // would take twice the memory of the count itself on the largest boards.
    const CHUNK: usize = 1 << 15;
    let mut states: Parts<K, W> = Vec::with_capacity(n.div_ceil(CHUNK).min(1 << 20));
    let mut b16 = [0u8; 16];
    let mut b8 = [0u8; 8];
    let mut limbs = vec![0u64; W::LIMBS];
    let mut left = n;
    while left > 0 {
        let take = left.min(CHUNK);
        let mut chunk = Vec::with_capacity(take);
        for _ in 0..take {
            r.read_exact(&mut b16).map_err(damaged)?;
            for l in &mut limbs {
                r.read_exact(&mut b8).map_err(damaged)?;
                *l = u64::from_le_bytes(b8);
            }
            let key = u128::from_le_bytes(b16);
            if !plan.is_key(key) || K::pack(key).unpack() != key {
                return Err(checkpoint_error(path, "is damaged: a state is malformed"));
            }
            let Some(ways) = W::from_limbs(&limbs) else {
                return Err(checkpoint_error(path, "is damaged: a count is malformed"));
            };
            chunk.push((K::pack(key), ways));
        }
        states.push(chunk);
        left -= take;
    }
    Ok(states)
}

/// Saves a table of any width (see [`save_checkpoint`]).
#[allow(clippy::too_many_arguments)]
pub(super) fn save_table<K: Key>(
    plan: &Plan,
    path: &Path,
    v: usize,
    total: &BigCount,
    table: &Table<K>,
    partial: Option<&Partial<K>>,
    side: Half<'_, K>,
) -> io::Result<()> {
    on_table!(table, p => save_checkpoint(plan, path, v, total, p, partial, side))
}
