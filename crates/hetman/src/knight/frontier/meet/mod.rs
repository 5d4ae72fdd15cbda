//! Meet in the middle: the frontier count from both ends of the board, joined
//! at a cut across the middle.
//!
//! The forward count is cheap while the frontier is in the first half of the
//! board and expensive in the second, where its states record the many ways
//! the past can look from the few squares left (for 6×6 open tours 60 thousand
//! states after three ranks, 3.8 million after four and a half). So the board
//! is cut between two ranks into a part P (before the cut) and a part Q. Call
//! the last rank of P rank L and the first rank of Q rank F. A knight move
//! across the cut joins L or the rank before it to F, or L to the rank after
//! F. Then:
//!
//! 1. the forward count runs over P, making the moves inside P;
//! 2. it goes on over rank F making only its moves back across the cut, so
//!    every move with both ends up to rank F is made;
//! 3. the same count runs over Q from the far end of the board (on the board
//!    turned through 180°), making the moves inside Q, and goes on over rank
//!    L making only its moves to the rank after F: every other move is made;
//! 4. the join: both tables now describe ranks L and F. A square needs two
//!    moves in all (one at a tour end), so the moves one side gave a square
//!    fix the moves the other side must give it. States are grouped by
//!    those numbers, and within matching groups a pair counts when the
//!    paths of the two sides link up into one path (open tours) or one cycle
//!    (closed tours). The number of tours is the sum of the products of the
//!    ways of such pairs.
//!
//! Every tour splits in exactly one way into the moves of the two sides, so
//! each is counted once, as in the plain count. Steps 2 and 3 each add one
//! rank of crossing moves; putting both on one side made its table three
//! times larger.
//!
//! When a half turn maps the board (with its blocked squares) onto itself
//! and the cut is in the middle, the backward count is the forward count of
//! the same board, except for the moves between ranks L and F, which the
//! forward side makes and the backward side does not. Split those moves
//! evenly instead, so that the half turn maps the moves of each side onto
//! the other's (see [`keeps`]; this needs an even width), and the two
//! tables are equal: count one side and join its table with itself. For
//! 6×6 open tours this leaves one table of 400 thousand states instead of
//! two of 195 and 620 thousand, and takes 0.48 s instead of 0.82 s. The join pairs the
//! table with itself, so only narrow boards take this way (see
//! [`MIRROR_WIDTH`](super::cut::MIRROR_WIDTH)).
//!
//! Wider boards a half turn maps onto themselves still use the symmetry
//! for open tours: the near side keeps at most one tour end (see
//! [`capped`](super::cut::capped)), which drops its most numerous states. For 7×8 open tours
//! the largest table held 105 million states instead of 168 million.

use std::sync::Arc;
use std::time::Instant;

use super::checkpoint::save_table;
use super::checkpoint::{self, checkpoint_error, load_partial, Half, Partial};
use super::cut::{capped, far_only, mirrored, near_only, reflects};
use super::fold::{fold, halve, unfold};
use super::join::join;
use super::join_file::JoinFile;
use super::key::Key;
use super::memory::give_back;
use super::passes;
use super::plan::Plan;
use super::prefixes::Prefixes;
use super::sides::groups;
use super::sweep::{step_table, walk_to, At, Stepped, Walk};
use super::ways::{on_table, Table};
use super::{BigCount, Options, Progress, Tours, FULL};
use crate::Error;

/// Counts the tours by the four steps of the module documentation, with
/// rank F starting at square `cut`; returns the count (undirected) and the
/// most states held in one table.
pub(super) fn run_split<K: Key>(
    plan: &Plan,
    kind: Tours,
    cut: usize,
    opts: &Options<'_>,
) -> Result<(BigCount, usize), Error> {
    let w = plan.w;
    let cells = plan.cells;
    let mirror = mirrored(plan, cut);
    let capped = !mirror && capped(plan, cut);
    // Two sides: the states of each side at its cut are folded onto their
    // mirror images where the board allows, and the far side is listed
    // with its images for the join, whose totals are halved (see `fold`;
    // tests may not fold).
    let reflect = !mirror && reflects(plan);
    #[cfg(test)]
    let reflect = reflect && super::fold::tests::FOLD.with(std::cell::Cell::get);
    let steps = if mirror {
        cut + w + 1
    } else {
        cells + 2 * w + 1
    };
    // Both sides save their states between squares and when stopped (the
    // near side with the far side's finished table); a checkpoint of this
    // split is marked so that the front-to-back count (or a split at
    // another square) never takes it.
    let checkpoint = opts.checkpoint.map(|path| {
        let mut marked = plan.clone();
        let mut mark = if mirror {
            format!(" met in the middle at {cut}, one side by symmetry")
        } else if capped {
            format!(" met in the middle at {cut}, near ends capped at 1")
        } else {
            format!(" met in the middle at {cut}")
        };
        // (The far table saved with the near side's states is listed with
        // its mirror images, twice the far side: not a table an unfolded
        // count may take, nor the other way round.)
        if reflect {
            mark.push_str(", mirror images listed");
        }
        marked.signature.extend_from_slice(mark.as_bytes());
        (marked, path)
    });
    let save = |v: usize, table: &Table<K>, partial: Option<&Partial<K>>, side: Half<'_, K>| {
        match &checkpoint {
            Some((marked, path)) => {
                save_table(marked, path, v, &BigCount::zero(), table, partial, side)
                    .map_err(|e| checkpoint_error(path, e))
            }
            None => Ok(()),
        }
    };
    // The squares of each side: the far side's count from the far end and
    // its crossing rank, the near side's count and its crossing rank.
    let (far_end, near_end) = (cells - cut + w, cut + w);
    let mut last_save = Instant::now();
    let mut peak = 1;
    // The most states of the mirrored count's walk to the cut.
    let mut near_peak = 0;
    // The far side's states, held while the near side runs: they count
    // towards `max_states` too.
    let far_held = std::cell::Cell::new(0usize);
    // The pass under way, told with each square's progress (see `passes`).
    let passing = std::cell::Cell::new(None);
    // The far side's states are folded after this square (see `fold`), so
    // that every save of its last rank holds them folded.
    let fold_far_after = std::cell::Cell::new(None::<usize>);
    // Runs squares `range` of one side, saving its states now and then and
    // when stopped (in the middle of a square too) unless it is a pass (see
    // `passes`); `before` is the number of progress steps before square 0
    // of this walk, and `partial` the first square's work before a stop.
    let mut walk = |plan: &Plan,
                    range: std::ops::Range<usize>,
                    mut parts: Table<K>,
                    before: usize,
                    side: Half<'_, K>,
                    mut partial: Option<Partial<K>>,
                    saves: bool|
     -> Result<Table<K>, Error> {
        let mut high = parts.high();
        let end = match side {
            Half::Far => far_end,
            Half::Near(_) => near_end,
        };
        let limited = Options {
            max_states: opts.max_states.map(|m| m.saturating_sub(far_held.get())),
            ..opts.clone()
        };
        for v in range {
            let threads = opts.threads.max(1);
            let (next, finished, h) =
                match step_table(plan, v, parts, high, threads, &limited, partial.take())? {
                    Stepped::Done(next, finished, h) => (next, finished, h),
                    Stepped::Stopped(rest, half, why) => {
                        if saves {
                            save(v, &rest, Some(&half), side)?;
                        }
                        return Err(why);
                    }
                };
            // The cut leaves each side a free square whose moves are all its
            // own (see `cuts`), so no tour ends before the join.
            debug_assert!(finished.is_zero());
            parts = next;
            high = h;
            if matches!(side, Half::Far) && fold_far_after.get() == Some(v) {
                parts = fold(plan, parts, threads)?;
                give_back();
                high = parts.high();
            }
            let states = parts.len();
            peak = peak.max(states);
            if let Some(progress) = opts.progress {
                progress(Progress {
                    step: before + v + 1,
                    steps,
                    states,
                    pass: passing.get(),
                });
            }
            if saves && v + 1 < end && last_save.elapsed() >= opts.checkpoint_every {
                save(v + 1, &parts, None, side)?;
                last_save = Instant::now();
            }
        }
        Ok(parts)
    };
    let start = |plan: &Plan| Table::start(K::pack(plan.encode(&[FULL; 32], 0)));
    let resume = match &checkpoint {
        Some((marked, path)) => load_partial::<K>(marked, path)?,
        None => None,
    };
    // Resumed with both tables whole: the checkpoint on disk is the join's.
    let at_join = resume
        .as_ref()
        .is_some_and(|r| !r.far_side && r.v == near_end && r.partial.is_none());
    // A count with a checkpoint saves both tables before its join (unless
    // it resumed from them), so that the join can save its progress beside
    // them (see `JoinFile`).
    let join_file = |a: &Table<K>, side: Half<'_, K>| -> Result<Option<JoinFile>, Error> {
        let Some((marked, path)) = &checkpoint else {
            return Ok(None);
        };
        if !at_join {
            save(near_end, a, None, side)?;
        }
        JoinFile::beside(
            path,
            checkpoint::KIND,
            &checkpoint::job_for(&marked.signature),
        )
        .map(Some)
    };
    if let Some(r) = &resume {
        let path = opts.checkpoint.expect("a checkpoint was read");
        if r.v > if r.far_side { far_end } else { near_end } {
            return Err(checkpoint_error(path, "is damaged: square out of range"));
        }
        if mirror && (r.far_side || r.far.len() > 0) {
            return Err(checkpoint_error(
                path,
                "is damaged: a far side in a count of one side",
            ));
        }
    }
    // Where the near side starts: its square, its states and that square's
    // work before a stop, split between the near side's first walk and its
    // crossing rank.
    let near = |r: Option<(usize, Table<K>, Option<Partial<K>>)>| {
        let (from, table, partial) = r.unwrap_or_else(|| (0, start(plan), None));
        let (first, crossing) = if from < cut {
            (partial, None)
        } else {
            (None, partial)
        };
        (from, table, first, crossing)
    };
    // The join sees the rank before the cut and the rank after it: square
    // `cut - w + k` is slot `k + 1` of a forward state and slot `2w - k` of
    // a backward one. The backward table is grouped; the forward one is
    // read in place.
    let blocked = &plan.blocked[cut - w..cut + w];
    // A fixed tour end in ranks L and F stays on the frontier on both sides
    // and becomes an end in the join; elsewhere it leaves the frontier on
    // its own side, which checks it (the other side only counts it as an
    // end still to come). A square of rank L with every move on the near
    // side leaves the frontier there too, and so does a square of rank F
    // with every move on the far side (a fixed end is never mirrored).
    let must_end = plan
        .fixed
        .as_ref()
        .map(|f| f.square)
        .filter(|&s| s + w >= cut && s < cut + w)
        .filter(|&s| {
            if s < cut {
                !near_only(plan, cut, s)
            } else {
                !far_only(plan, cut, s)
            }
        })
        .map(|s| s + w - cut);
    let (tours, files, most) = if mirror {
        // The half turn maps the board, the cut and the crossing moves each
        // side makes onto themselves, so the backward table is the forward
        // one: count one side and join it with itself.
        let (from, forward, first, crossing) = near(resume.map(|r| (r.v, r.table, r.partial)));
        let near_side = Half::Near(None);
        // Up to the cut by the matrices of the repeating ranks where the
        // board is long (see the `transfer` module), square by square elsewhere.
        let forward = if from < cut {
            let at = At {
                v: from,
                table: forward,
                partial: first,
                total: BigCount::zero(),
            };
            let signed = checkpoint.as_ref().map_or(plan, |(marked, _)| marked);
            let to_cut = Walk {
                signed,
                end: cut,
                steps,
            };
            let (forward, finished, most) = walk_to(plan, &to_cut, at, opts, &mut |_, _| Ok(()))?;
            debug_assert!(finished.is_zero());
            near_peak = most;
            forward
        } else {
            forward
        };
        let phase = plan.crossing_phase(cut, cut + w, |u, v| keeps(w, cut, u, v), cut);
        let a = walk(
            &phase,
            from.max(cut)..cut + w,
            forward,
            0,
            near_side,
            crossing,
            true,
        )?;
        give_back();
        let b = on_table!(&a, p => groups(&phase, p, blocked, |k| 2 * w - k, opts.threads));
        peak = peak.max(a.len());
        let file = join_file(&a, near_side)?;
        let f = file.as_ref();
        let joined = on_table!(&a, p => join(plan, p, &b, blocked, must_end, false, opts, f))?;
        (joined, Vec::from_iter(file), 0)
    } else {
        // The backward count over the ranks from the cut on, then its half
        // of the crossing phase: the rank before the cut makes its moves two
        // ranks on (the moves to the rank after the cut are the forward
        // side's).
        let reversed: Vec<bool> = plan.blocked.iter().rev().copied().collect();
        let mut back = Plan::new(w as u32, (cells / w) as u32, &reversed, kind)?;
        back.min_limbs = plan.min_limbs;
        back.fix_end(plan.fixed.as_ref().map(|f| cells - 1 - f.square));
        let (row, next) = (cells - cut, cells - cut - w);
        let back_phase = back.crossing_phase(row, row + w, |u, _| u < next, next);
        let (b, resume) = match resume {
            // Saved on the near side: the far side is done.
            Some(r) if !r.far_side => (r.far, Some((r.v, r.table, r.partial))),
            far => {
                let (from, table, partial) = match far {
                    Some(r) => (r.v, r.table, r.partial),
                    None => (0, start(&back), None),
                };
                let (first, crossing) = if from < row {
                    (partial, None)
                } else {
                    (None, partial)
                };
                if reflect {
                    fold_far_after.set(Some(row - 1));
                }
                let b = walk(&back, from.min(row)..row, table, 0, Half::Far, first, true)?;
                let b = walk(
                    &back_phase,
                    from.max(row)..row + w,
                    b,
                    0,
                    Half::Far,
                    crossing,
                    true,
                )?;
                // Whole again for the join, twice over.
                let b = if reflect {
                    let listed = unfold(&back_phase, b, opts.threads);
                    give_back();
                    listed
                } else {
                    b
                };
                (b, None)
            }
        };
        give_back();
        let grouped =
            on_table!(&b, p => groups(&back_phase, p, blocked, |k| 2 * w - k, opts.threads));
        // The far side's table goes into the near side's checkpoints,
        // written from its groups.
        drop(b);
        give_back();
        let b = grouped;
        far_held.set(b.len());
        let near_side = Half::Near(checkpoint.as_ref().map(|_| &b));
        let (from, forward, first, crossing) = near(resume);
        let before = far_end;
        // With the tour ends capped, the near side keeps only the states
        // with at most one tour end before rank L (see `capped`).
        let mut near_plan = plan.clone();
        if capped {
            near_plan.max_ends = 1;
        }
        let forward = walk(
            &near_plan,
            from.min(cut)..cut,
            forward,
            before,
            near_side,
            first,
            true,
        )?;
        // Folded once, as the walk to the cut ends in this run: a count
        // resumed in rank F has its states folded already, and one resumed
        // at the cut may have them folded or not (a stop before the first
        // square of rank F saves them folded, with nothing of that square
        // done, and a save between squares saves them as walked), so it
        // goes on as saved. Both count the same tours: folding only drops
        // work, and folding twice would double the count.
        let forward = if reflect && from < cut {
            let folded = fold(&near_plan, forward, opts.threads)?;
            give_back();
            folded
        } else {
            forward
        };
        // The forward half of the crossing phase: the rank after the cut
        // makes its moves back across the cut only.
        let mut phase = near_plan.crossing_phase(cut, cut + w, |u, _| u < cut, cut);
        let all = Arc::new(Prefixes::new(
            &b,
            cut,
            w,
            plan.window,
            blocked,
            plan.closed,
            must_end,
        ));
        phase.prefixes = Some(all.clone());
        // In passes (see `passes`), from the states after the first squares
        // of rank F (or, resumed in rank F, from where it was stopped).
        let from = from.max(cut);
        let split = passes::split_at(opts.passes, cut, w, all.longest(), from, crossing.is_some());
        // The whole rank, or its squares before the passes.
        let walked = walk(
            &phase,
            from..split.unwrap_or(cut + w),
            forward,
            before,
            near_side,
            crossing,
            true,
        )?;
        match split {
            None => {
                let a = walked;
                give_back();
                // A count resumed at its join holds its tables too.
                peak = peak.max(a.len()).max(b.len());
                let file = join_file(&a, near_side)?;
                let f = file.as_ref();
                let joined =
                    on_table!(&a, p => join(plan, p, &b, blocked, must_end, capped, opts, f))?;
                let joined = if reflect { halve(joined) } else { joined };
                (joined, Vec::from_iter(file), 0)
            }
            Some(split) => {
                let common = walked;
                // The passes start from here: saved once, so that the progress
                // files of the passes go with this checkpoint.
                if from < split {
                    save(split, &common, None, near_side)?;
                }
                let within = passes::Within {
                    plan,
                    phase: &phase,
                    prefixes: &all,
                    cut,
                    split,
                    blocked,
                    must_end,
                    capped,
                    halve: reflect,
                    opts,
                    checkpoint: checkpoint.as_ref().map(|(marked, path)| (marked, *path)),
                };
                let walk_rest = |squares: std::ops::Range<usize>, start: Table<K>| {
                    walk(&phase, squares, start, before, near_side, None, false)
                };
                let (tours, files, most) =
                    passes::run(&within, &b, common, &far_held, &passing, walk_rest)?;
                (tours, files, most)
            }
        }
    };
    peak = peak.max(most).max(near_peak);
    if let Some(progress) = opts.progress {
        progress(Progress {
            step: steps,
            steps,
            states: 0,
            pass: None,
        });
    }
    if let Some(path) = opts.checkpoint {
        // A finished count leaves nothing to resume.
        for f in files {
            f.remove();
        }
        let _ = std::fs::remove_file(path);
    }
    Ok((tours, peak))
}

/// Whether the forward side of a mirrored count makes the move from square
/// `v` of rank F to the earlier square `u` (of rank L − 1 or L; see the
/// module documentation). A move between files `i` of rank L and `j` of
/// rank F is its own when `i + j < w - 1`; the half turn maps it to the
/// move between files `w - 1 - j` and `w - 1 - i`, whose sum is greater than
/// `w - 1` (never equal on an even width, where `i + j` and `i - j = ±2`
/// are even): so of each such pair the forward side makes one move and the
/// backward side, the same count turned round, the other.
fn keeps(w: usize, cut: usize, u: usize, v: usize) -> bool {
    u < cut - w || u % w + v % w < w - 1
}

#[cfg(test)]
mod tests;
