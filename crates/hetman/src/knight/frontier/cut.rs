//! Where a count met in the middle cuts the board (see the `meet` module),
//! and which of its ways the board's half-turn symmetry allows: one side
//! counted for both, or the near side's tour ends capped at one.

use super::plan::Plan;
use super::transfer;

/// The squares where Q can start: cuts between ranks that leave each side a
/// free square whose moves are all its own (before rank L, after rank F),
/// so that no tour is made of one side's moves alone.
pub(super) fn cuts(plan: &Plan) -> impl Iterator<Item = usize> + '_ {
    let w = plan.w;
    let ranks = plan.cells / w;
    (2..=ranks.saturating_sub(2))
        .map(move |r| r * w)
        .filter(move |&cut| {
            let free = |range: std::ops::Range<usize>| range.into_iter().any(|u| !plan.blocked[u]);
            free(0..cut - w) && free(cut + w..plan.cells)
        })
}

/// The cut nearest the middle of the board, if there is one.
pub(super) fn cut_of(plan: &Plan) -> Option<usize> {
    cuts(plan).min_by_key(|&cut| (2 * cut).abs_diff(plan.cells))
}

/// The cut a count with these choices meets in the middle at, if it does
/// (`split`: the user allows it; `periodic`: long boards may run by their
/// repeating ranks' matrices, see [`Options::periodic`]). A long board
/// runs front to back, where its repeating ranks cost little, unless the
/// count is [`mirrored`]: then its one side runs by the matrices up to the
/// middle, and the join replaces the second half of the board and the
/// ranks at its far end, which do not repeat (6x40 closed tours, side by
/// side in one run of `bench/old-new.sh`: 17.1 s front to back, 8.7 s met
/// so; front to back, the last three ranks had taken about 7 s of 20).
/// Not the 6-wide open tours: their closure holds 80 million states, so
/// the table at the cut joined with itself would be far larger than any
/// measured (they keep their measured way, front to back).
///
/// [`Options::periodic`]: super::Options::periodic
pub(super) fn chosen(plan: &Plan, split: bool, periodic: bool) -> Option<usize> {
    let meets_long = |cut| mirrored(plan, cut) && (plan.closed || plan.w < transfer::LONG_WIDTH);
    cut_of(plan).filter(|&cut| {
        split && plan.vertices > 1 && (!periodic || !transfer::long(plan) || meets_long(cut))
    })
}

/// The cut of [`chosen`] and the walks the count takes, as (first step,
/// last step): one walk for a plain or mirrored count, two (the far side,
/// then the near one) for a count joined at the cut.
pub(super) fn walks(
    plan: &Plan,
    split: bool,
    periodic: bool,
) -> (Option<usize>, Vec<(usize, usize)>) {
    let (w, cells) = (plan.w, plan.cells);
    let cut = chosen(plan, split, periodic);
    let walks = match cut {
        Some(cut) if mirrored(plan, cut) => vec![(1, cut + w)],
        Some(cut) => {
            let far = cells - cut + w;
            vec![(1, far), (far + 1, far + cut + w)]
        }
        None => vec![(1, cells)],
    };
    (cut, walks)
}

/// The widest frontier counted one side by symmetry (see [`mirrored`]): the
/// join then pairs a table with itself, and the pairs it tries grow as the
/// square of the table, which on wider boards costs more than the second
/// side saves.
pub(super) const MIRROR_WIDTH: usize = 6;

/// Whether the count at `cut` runs one side only: the board and its
/// blocked squares are unchanged by a half turn, the cut is in the middle,
/// and the frontier width is even (and at most [`MIRROR_WIDTH`]). The moves
/// between ranks L and F are then split by `meet::keeps` so that the half turn
/// maps the moves each side makes onto the other side's.
pub(super) fn mirrored(plan: &Plan, cut: usize) -> bool {
    let w = plan.w;
    // (A fixed tour end makes the two sides differ.)
    plan.fixed.is_none()
        && w.is_multiple_of(2)
        && w <= MIRROR_WIDTH
        && 2 * cut == plan.cells
        && plan.blocked.iter().eq(plan.blocked.iter().rev())
}

/// Whether a count met in the middle with two sides may fold the states of
/// each side at its cut onto their mirror images (see the `fold` module): the
/// board and its blocked squares are unchanged by the mirror across the
/// middle file, which maps each rank onto itself, and no tour end is fixed.
/// The near side makes the moves up to rank F and rank F's moves back
/// across the cut, the far side the others; the mirror maps each of those
/// sets of moves onto itself. (Not a count of one side by symmetry:
/// [`mirrored`] splits the moves between ranks L and F by their files,
/// which the mirror does not keep.)
pub(super) fn reflects(plan: &Plan) -> bool {
    let w = plan.w;
    plan.fixed.is_none()
        && plan
            .blocked
            .chunks(w)
            .all(|rank| rank.iter().eq(rank.iter().rev()))
}

/// Whether the near side of an open count at `cut` keeps at most one tour
/// end: the board and its blocked squares are unchanged by a half turn and
/// the cut is in the middle (a fixed tour end makes the two sides differ).
///
/// Each tour end is a square before rank L (the near side makes it an end,
/// as it leaves the near side's frontier), a square after rank F (the far
/// side), or a square of ranks L and F (the join). The near side's states
/// with both tour ends are the most numerous (more than half of them on
/// the boards measured), and they pair only with the far side's states
/// without one: the tours with both ends before rank L. The half turn maps
/// those one to one onto the tours with both ends after rank F, which the
/// pairs of a near state with no tour end and a far state with both
/// count. So the near side stops at one tour end, and the join counts the
/// pairs of no near end and two far ends twice.
///
/// The argument needs the near side's tour ends to be exactly the squares
/// before rank L, which the half turn maps onto the squares after rank F.
/// A free square of rank L with no free square a move away in the rank after
/// F has all its moves on the near side, which then makes it a tour end too
/// (and its image in rank F is not the far side's alone): such a board is
/// not capped. 4x3 without a2 and d2 is one (one cycle of 10 squares; a cap
/// there lost 2 of its 10 open tours).
pub(super) fn capped(plan: &Plan, cut: usize) -> bool {
    !plan.closed
        && plan.fixed.is_none()
        && 2 * cut == plan.cells
        && plan.blocked.iter().eq(plan.blocked.iter().rev())
        && rank_l_crosses(plan, cut)
}

/// Whether every free square of rank L (the rank before `cut`) has a free
/// square a knight move away in the rank after rank F.
fn rank_l_crosses(plan: &Plan, cut: usize) -> bool {
    (cut - plan.w..cut).all(|s| plan.blocked[s] || !near_only(plan, cut, s))
}

/// Whether square `s` of rank L (the rank before `cut`) has every move on
/// the near side, so that it leaves the near side's frontier there (and a
/// fixed tour end on it is checked there, not in the join): none of its
/// moves reaches a free square of the rank after rank F. Without blocked
/// squares that happens only on boards one square wide.
pub(super) fn near_only(plan: &Plan, cut: usize, s: usize) -> bool {
    let w = plan.w;
    let after_f = cut + w;
    let x = s - (cut - w);
    ![x.checked_sub(1), Some(x + 1)]
        .into_iter()
        .flatten()
        .filter(|&x| x < w)
        .any(|x| after_f + x < plan.cells && !plan.blocked[after_f + x])
}

/// Whether square `s` of rank F (the rank from `cut` on) has every move on
/// the far side: none of its moves reaches a free square of rank L or the
/// rank before it. The far side then retires it as soon as it is reached
/// (a fixed tour end on it is checked there, not in the join), as the near
/// side does with [`near_only`] squares of rank L. Without blocked squares
/// that happens only on boards at most two squares wide.
pub(super) fn far_only(plan: &Plan, cut: usize, s: usize) -> bool {
    let w = plan.w;
    let x = s - cut;
    let free_at = |rank_start: usize, x: Option<usize>| {
        x.is_some_and(|x| x < w && !plan.blocked[rank_start + x])
    };
    let (l, before_l) = (cut - w, cut - 2 * w);
    ![
        free_at(l, x.checked_sub(2)),
        free_at(l, Some(x + 2)),
        free_at(before_l, x.checked_sub(1)),
        free_at(before_l, Some(x + 1)),
    ]
    .into_iter()
    .any(|f| f)
}
