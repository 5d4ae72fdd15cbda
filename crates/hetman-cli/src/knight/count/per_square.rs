//! The per-square table of a whole-board count: tours from each square.

use super::report::{exact, word};
use super::CountArgs;
use crate::common::long_run::STOP;
use crate::common::output;
use anyhow::{Context, Result};
use hetman::knight::frontier::{self, BigCount};
use std::time::{Duration, Instant};

/// The directed tours from each square, added up to the total.
pub(super) struct Table {
    /// Row-major, rank 0 first; `None` for a blocked square.
    pub(super) cells: Vec<Option<BigCount>>,
    /// How it was made, for --stats.
    pub(super) engine: String,
}

/// The per-square table of a whole-board count whose total (directed open
/// tours, or closed tours) is `total`. Open tours: the frontier counter with
/// a fixed tour end, once per class of squares the board's symmetries map
/// onto each other, the cells checked against the total. Closed tours: every
/// cycle runs through every square, once in each direction, so each cell is
/// twice the total.
pub(super) fn per_square_table(
    a: &CountArgs,
    board: &hetman::knight::KnightBoard,
    mask: &[bool],
    total: &BigCount,
    threads: usize,
    max_states: Option<usize>,
) -> Result<Table> {
    let size = board.size();
    if a.closed {
        let each = total.mul_u64(2);
        return Ok(Table {
            cells: mask.iter().map(|&b| (!b).then(|| each.clone())).collect(),
            engine: "each cycle through every square (twice the total)".into(),
        });
    }
    let mut opts = frontier::Options::default();
    opts.threads = threads;
    opts.stop = Some(&STOP);
    opts.max_states = max_states;
    let t0 = Instant::now();
    let talk = !a.quiet && !a.json;
    let mut done = |d: frontier::ClassDone| {
        // A line per square counted, once the table takes a while.
        if talk && t0.elapsed() >= Duration::from_secs(1) {
            eprintln!(
                "hetman: per-square {}/{}: {} directed open {} from {}{}, {}",
                d.done,
                d.classes,
                exact(&d.tours),
                word(&d.tours),
                board.square(d.square as u32),
                if d.squares > 1 {
                    format!(
                        " (and {} square{} like it)",
                        d.squares - 1,
                        output::s(d.squares as u64 - 1)
                    )
                } else {
                    String::new()
                },
                output::duration(t0.elapsed()),
            );
        }
    };
    let t = frontier::count_per_square_with_total(
        size.width(),
        size.height(),
        mask,
        total,
        &opts,
        &mut done,
    )
    .with_context(|| format!("SIZE '{size}': the per-square table"))?;
    Ok(Table {
        cells: t.cells,
        engine: format!(
            "frontier with a fixed tour end, {} square{} counted (one per symmetry class)",
            t.classes,
            output::s(t.classes as u64)
        ),
    })
}
