//! The per-square table of a whole-board count: tours from each square.

use super::report::{exact, pass_label, word};
use super::CountArgs;
use crate::common::long_run::{Progress, STOP};
use crate::common::output;
use anyhow::{Context, Result};
use hetman::knight::frontier::{self, BigCount};
use std::sync::Mutex;
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
/// twice the total. With --checkpoint the table keeps its total and each
/// square's count beside the checkpoint as they finish, and the same
/// command goes on from there (see `frontier::count_per_square_with_total`).
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
    let (w, h) = (size.width(), size.height());
    let mut opts = frontier::Options::default();
    opts.threads = threads;
    opts.stop = Some(&STOP);
    opts.max_states = max_states;
    opts.passes = a.passes as usize;
    opts.checkpoint = a.checkpoint.as_deref();
    opts.checkpoint_every = Duration::from_secs(a.checkpoint_every);
    let t0 = Instant::now();
    let talk = !a.quiet && !a.json;
    let classes = frontier::square_classes(w, h, mask).len();
    // The bar: the squares done and the share of the one under way (its
    // work estimated as a whole count's).
    let bar = Progress::new(talk);
    let mut plan_opts = frontier::Options::default();
    plan_opts.passes = opts.passes;
    let fresh = || frontier::Work::new(w, h, mask, frontier::Tours::OpenUndirected, &plan_opts);
    let under_way = Mutex::new((0usize, fresh()?));
    let show = |p: Option<frontier::Progress>| {
        let (k, (d, all)) = {
            let u = under_way.lock().expect("the square under way");
            (u.0, u.1.done_of())
        };
        let share = if all > 0.0 { (d / all).min(1.0) } else { 0.0 };
        const UNIT: f64 = 1e6;
        bar.update(
            ((k as f64 + share) * UNIT) as u64,
            (classes as f64 * UNIT) as u64,
            || match p {
                Some(p) => format!(
                    "per-square {}/{classes}: {}{}/{} squares, {} states",
                    k + 1,
                    pass_label(p.pass),
                    p.step,
                    p.steps,
                    output::group(p.states as u64)
                ),
                None => format!("per-square {}/{classes}: joining the halves", k + 1),
            },
        );
    };
    let progress = |p: frontier::Progress| {
        under_way.lock().expect("the square under way").1.record(p);
        show(Some(p));
    };
    let joining = |done: usize, all: usize| {
        under_way
            .lock()
            .expect("the square under way")
            .1
            .record_join(done, all);
        show(None);
    };
    opts.progress = Some(&progress);
    opts.joining = Some(&joining);
    let mut done = |d: frontier::ClassDone| {
        if let Ok(work) = fresh() {
            *under_way.lock().expect("the square under way") = (d.done, work);
        }
        // A line per square counted, once the table takes a while.
        if talk && (d.resumed || t0.elapsed() >= Duration::from_secs(1)) {
            bar.suspend(|| {
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
                    if d.resumed {
                        "counted by an earlier run".to_string()
                    } else {
                        output::duration(t0.elapsed())
                    },
                )
            });
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
    .with_context(|| format!("SIZE '{size}': the per-square table"));
    drop(bar);
    if let (Err(e), Some(p)) = (&t, a.checkpoint.as_deref())
        && e.downcast_ref::<hetman::Error>() == Some(&hetman::Error::Interrupted)
    {
        eprintln!(
            "hetman: {size}: the per-square table so far is saved beside '{}'; the same \
             command goes on from there",
            p.display()
        );
    }
    let t = t?;
    Ok(Table {
        cells: t.cells,
        engine: format!(
            "frontier with a fixed tour end, {} square{} counted (one per symmetry class)",
            t.classes,
            output::s(t.classes as u64)
        ),
    })
}
