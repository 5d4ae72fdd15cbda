//! Tables of tour counts: the boards `k × n` for a range of `n`.
//!
//! Up to 6 wide (and 7 wide for closed tours) one sweep along the longest
//! board gives every row, the middle ranks by their transfer matrix (see
//! the `transfer` module). Wider frontiers do not fit such a sweep: front to
//! back, the 7-wide open tours held 11.4 GB after 25 minutes without the
//! 7×6 row, and the 8-wide closed tours 159 million states after rank 5 of
//! 16, still growing. Met in the middle, each of those boards alone is far
//! cheaper (7×6 open in 3.4 s, 7×7 in 77 s, 8×8 closed in 8 minutes on
//! two cores), so their tables count row by row.

use super::key::{state_overflow, Wide};
use super::plan::Plan;
use super::sweep::run_with;
use super::{count, BigCount, Options, Tours, MAX_WIDTH};
use crate::Error;

/// Whether [`count_table`] gives the rows of `k`-wide boards from one sweep
/// front to back (up to 6 wide, and 7 wide for closed tours), rather than
/// by counting each board on its own, met in the middle.
///
/// # Example
/// ```
/// use hetman::knight::frontier::{table_sweeps, Tours};
/// assert!(table_sweeps(6, Tours::OpenDirected));
/// assert!(table_sweeps(7, Tours::Closed));
/// assert!(!table_sweeps(7, Tours::OpenDirected));
/// assert!(!table_sweeps(8, Tours::Closed));
/// ```
pub fn table_sweeps(k: u32, kind: Tours) -> bool {
    k <= 6 || (k == 7 && kind == Tours::Closed)
}

/// Counts the tours of every board `k × n` for `n` from `from` to `to`,
/// handing each row `(n, tours)` to `row` as soon as it is known, in order
/// of `n`: in one sweep where [`table_sweeps`] says so, else each row by
/// its own [`count`] (met in the middle).
///
/// The sweep runs along the `k × to` board with the `k`-wide side as the
/// frontier, front to back; after the last square of rank `n` the tours of
/// the `k × n` board are exactly the states that close up there (a cycle
/// closing with the last move, or a path whose squares on the frontier all
/// leave now), so every row costs one sweep in all. On odd `k` the colour
/// balance of the ranks still to come differs from board to board, so that
/// test is left out (more states, the same counts). `opts.checkpoint` and
/// `opts.split` are not used. Returns the peak number of states (of the
/// sweep, or the largest of the rows' counts).
///
/// Fails with [`Error::Size`] when `k` is 0 or `from` is not in `1..=to`,
/// [`Error::TooLarge`] when `k` exceeds [`MAX_WIDTH`],
/// [`Error::OutOfMemory`] when a row needs more than
/// [`Options::max_states`] (the rows before it have been handed out), and
/// [`Error::Interrupted`] when [`Options::stop`] is raised.
///
/// # Example
/// The closed tours of 6×5 to 6×8 (OEIS A175881):
/// ```
/// use hetman::knight::frontier::{count_table, Options, Tours};
/// let mut rows = Vec::new();
/// count_table(6, 5, 8, Tours::Closed, &Options::default(), &mut |n, c| {
///     rows.push((n, c.to_string()));
/// })
/// .unwrap();
/// let want = [(5, "8"), (6, "9862"), (7, "1067638"), (8, "55488142")];
/// assert_eq!(rows, want.map(|(n, c)| (n, c.to_string())));
/// ```
pub fn count_table(
    k: u32,
    from: u32,
    to: u32,
    kind: Tours,
    opts: &Options<'_>,
    row: &mut dyn FnMut(u32, BigCount),
) -> Result<usize, Error> {
    if k == 0 || from == 0 || from > to {
        return Err(Error::Size {
            value: format!("{k}x{from}..{to}"),
            reason: "the width must be at least 1 and the lengths 1 <= from <= to".into(),
        });
    }
    if k > MAX_WIDTH {
        return Err(Error::TooLarge {
            reason: format!("a table takes widths of at most {MAX_WIDTH}, not {k}"),
        });
    }
    let cells = (k as usize)
        .checked_mul(to as usize)
        .ok_or_else(|| Error::Size {
            value: format!("{k}x{to}"),
            reason: "the board has too many squares".into(),
        })?;
    if table_sweeps(k, kind) {
        sweep_rows(k, from, to, kind, cells, opts, row)
    } else {
        counted_rows(k, from, to, kind, opts, row)
    }
}

/// The rows of [`count_table`] from one sweep front to back.
fn sweep_rows(
    k: u32,
    from: u32,
    to: u32,
    kind: Tours,
    cells: usize,
    opts: &Options<'_>,
    row: &mut dyn FnMut(u32, BigCount),
) -> Result<usize, Error> {
    let directed = |n: u32, c: BigCount| {
        if kind == Tours::OpenDirected && u64::from(k) * u64::from(n) > 1 {
            c.mul_u64(2)
        } else {
            c
        }
    };
    let opts = &rows_options(opts, false);
    let mut plan = Plan::oriented(k, to, &vec![false; cells], kind, true)?;
    if plan.vertices < 2 {
        // The 1×1 board: one open tour, no closed one.
        let c = count(k, to, &vec![false; cells], kind, opts)?;
        row(to, c.tours);
        return Ok(0);
    }
    let w = k as usize;
    for n in from..to {
        if k * n == 1 {
            continue;
        }
        plan.readoff[n as usize * w - 1] = true;
    }
    plan.relaxed = k % 2 == 1;
    if k * from == 1 {
        row(1, BigCount::from(u64::from(kind != Tours::Closed)));
    }
    // The last row handed out: a sweep that runs again (with wider counts,
    // see `ways`) does not repeat them.
    let mut emitted = 0;
    loop {
        let mut rows = |v: usize, c: BigCount| {
            let n = ((v + 1) / w) as u32;
            if n > emitted {
                row(n, directed(n, c));
                emitted = n;
            }
            Ok(())
        };
        let counted = if plan.key_bytes() == 8 {
            run_with::<u64>(&plan, opts, &mut rows)
        } else {
            run_with::<Wide>(&plan, opts, &mut rows)
        };
        match counted {
            Err(e) if e == state_overflow() && plan.min_limbs < 64 => plan.min_limbs *= 2,
            other => {
                let (total, peak) = other?;
                row(to, directed(to, total));
                return Ok(peak);
            }
        }
    }
}

/// The rows of [`count_table`] each by its own count, met in the middle.
fn counted_rows(
    k: u32,
    from: u32,
    to: u32,
    kind: Tours,
    opts: &Options<'_>,
    row: &mut dyn FnMut(u32, BigCount),
) -> Result<usize, Error> {
    let opts = &rows_options(opts, true);
    let mut peak = 0;
    for n in from..=to {
        let c = count(k, n, &vec![false; k as usize * n as usize], kind, opts)?;
        peak = peak.max(c.peak_states);
        row(n, c.tours);
    }
    Ok(peak)
}

/// The caller's options for the counts of a table: no checkpoint (a table
/// is not resumed), split or not.
fn rows_options<'a>(opts: &Options<'a>, split: bool) -> Options<'a> {
    Options {
        threads: opts.threads,
        progress: opts.progress,
        joining: opts.joining,
        stop: opts.stop,
        max_states: opts.max_states,
        checkpoint: None,
        checkpoint_every: opts.checkpoint_every,
        waiting: None,
        split,
        periodic: opts.periodic,
        passes: opts.passes,
    }
}
