//! The states of a side at its cut folded onto their mirror images, for
//! a count met in the middle on a board that is its own mirror image across
//! its middle file (see [`cut::reflects`](super::cut::reflects)).
//!
//! After the last square of rank L the near side's states describe ranks
//! L - 1 and L, two whole ranks, and the mirror across the middle file
//! maps each of them onto the state with every square's moves and paths
//! mirrored. The rest of the count (rank F's moves back across the cut, the
//! far side, the join) is linear in the near states' ways: it counts, for
//! each state, the tours that complete it, times its ways. The mirror maps
//! the tours completing a state one to one onto those completing its image,
//! and the board's rules (and the filters that drop only states no tour
//! completes) alike, so a state and its image count as many tours each,
//! and have as many ways. So the smaller of each pair of images (as packed
//! keys) is kept with twice its ways, a state that is its own image is kept
//! as it is, and the other states are dropped: the count is the same, and
//! rank F is walked and joined with about half the states. (Measured on
//! 8×8 open tours, rank F's walk and the join took most of the count.)
//!
//! The far side's states at its own cut (before rank L) are folded the
//! same way, so that its walk over rank L takes about half the states too.
//! The join needs the far side whole, not folded, and gets it back at
//! the end of that walk: with F the far table of the whole count and F'
//! the folded one walked on, each state of F' listed with its ways and its
//! mirror image listed with the same ways make 2F ([`unfold`]; a state and
//! its image each came from a kept state s with twice its ways and from
//! the image of s, or from a state s that is its own image, once). A
//! table that was not folded (F' = F, its own mirror image) lists as 2F
//! too. So the join's totals against the listed far side are twice the
//! tours, and are halved ([`halve`]).

use super::key::{par, runs, Key, Parts};
use super::plan::Plan;
use super::ways::{on_table, Table, Ways};
use super::{BigCount, EMPTY, FULL, LABEL0, TERM};
use crate::Error;

/// The mirror image of `key`, a state stored after the last square of a
/// rank: `None` when the state reaches further back than the two ranks
/// before (its first slot is not full), which a state of a whole board
/// never does.
fn image(plan: &Plan, key: u128) -> Option<u128> {
    let w = plan.w;
    debug_assert_eq!(plan.window, 2 * w + 1, "a slot and two ranks");
    let mut e = [FULL; 32];
    let ends = plan.decode(key, &mut e);
    // Slot 0 is the last square of the rank before those two; slots 1 to
    // w the first of them, file by file, and w + 1 to 2w the second.
    if e[0] != FULL {
        return None;
    }
    let mut m = [FULL; 32];
    for (i, &c) in e.iter().enumerate().take(2 * w + 1).skip(1) {
        let (rank, file) = ((i - 1) / w, (i - 1) % w);
        m[1 + rank * w + (w - 1 - file)] = c;
    }
    // The labels again in order of first appearance, as `Plan::finish`
    // stores them.
    let mut map = [0xffu8; 32];
    map[..LABEL0 as usize].copy_from_slice(&[EMPTY, FULL, TERM]);
    let mut next = LABEL0;
    for c in m.iter_mut().take(plan.window) {
        if map[*c as usize] == 0xff {
            map[*c as usize] = next;
            next += 1;
        }
        *c = map[*c as usize];
    }
    Some(plan.encode(&m, ends))
}

/// Folds the states of `table`, stored after the last square of a rank of
/// `plan` (rank L of the near side, or the far side's rank before its
/// own), onto their mirror images (see the module documentation); the
/// table as it is when a state has no image.
pub(super) fn fold<K: Key>(
    plan: &Plan,
    table: Table<K>,
    threads: usize,
) -> Result<Table<K>, Error> {
    let whole = on_table!(&table, p => every_image(plan, p, threads));
    if !whole {
        return Ok(table);
    }
    // Twice a count takes one more bit.
    let high = table.high();
    let table = table.fit(high + 1, 1)?;
    #[cfg(test)]
    let before = table.len();
    let folded = on_table!(table, p => fold_parts(plan, p, threads));
    #[cfg(test)]
    tests::FOLDS.with(|f| f.borrow_mut().push((before, folded.len())));
    Ok(folded)
}

/// The states of `table`, stored after the last square of a rank of
/// `plan`, each listed with its ways and beside it its mirror image with
/// the same ways (see the module documentation): twice the whole table
/// when `table` was walked from states folded by [`fold`], or not folded.
pub(super) fn unfold<K: Key>(plan: &Plan, table: Table<K>, threads: usize) -> Table<K> {
    on_table!(table, p => unfold_parts(plan, p, threads))
}

fn unfold_parts<K: Key, W: Ways>(plan: &Plan, parts: Parts<K, W>, threads: usize) -> Table<K> {
    let listed = par(runs(parts, threads), |mut run| {
        for part in &mut run {
            let n = part.len();
            part.reserve_exact(n);
            for i in 0..n {
                let (k, w) = part[i];
                let m = image(plan, k.unpack()).expect("a state after a whole rank has an image");
                part.push((K::pack(m), w));
            }
        }
        run
    });
    W::table(listed.into_iter().flatten().collect())
}

/// Half the tours of a join with a far side listed by [`unfold`] (twice the
/// whole far side): an even number.
pub(super) fn halve(twice: BigCount) -> BigCount {
    let (half, odd) = twice.div_rem_u64(2).expect("two is not zero");
    assert_eq!(
        odd, 0,
        "a join with the far side listed twice counts every tour twice"
    );
    half
}

fn every_image<K: Key, W: Ways>(plan: &Plan, parts: &Parts<K, W>, threads: usize) -> bool {
    let per = parts.len().div_ceil(threads.max(1)).max(1);
    par(parts.chunks(per).collect(), |chunk| {
        chunk
            .iter()
            .flatten()
            .all(|&(k, _)| image(plan, k.unpack()).is_some())
    })
    .into_iter()
    .all(|x| x)
}

fn fold_parts<K: Key, W: Ways>(plan: &Plan, parts: Parts<K, W>, threads: usize) -> Table<K> {
    let folded = par(runs(parts, threads), |mut run| {
        for part in &mut run {
            part.retain_mut(|(k, w)| {
                let x = k.unpack();
                let m = image(plan, x).expect("every state has an image");
                if x < m {
                    *w = w.checked_add(*w).expect("a count fit to take twice itself");
                }
                x <= m
            });
            part.shrink_to_fit();
        }
        run
    });
    W::table(folded.into_iter().flatten().collect())
}

#[cfg(test)]
pub(super) mod tests {
    use std::cell::Cell;

    use super::*;
    use crate::knight::frontier::Tours;

    thread_local! {
        /// `false`: counts met in the middle do not fold (tests compare).
        pub(in super::super) static FOLD: Cell<bool> = const { Cell::new(true) };
        /// The states before and after each fold on this thread.
        pub(in super::super) static FOLDS: std::cell::RefCell<Vec<(usize, usize)>> =
            const { std::cell::RefCell::new(Vec::new()) };
    }

    /// On the states of whole boards after a rank, the image of a state is
    /// a state with as many ways, and its image is the state.
    #[test]
    fn images_of_images_are_the_states() {
        use super::super::sweep::{walk_to, At, Walk};
        use super::super::{BigCount, Options};
        for (w, h, kind) in [
            (5u32, 6u32, Tours::OpenUndirected),
            (6, 6, Tours::Closed),
            (4, 7, Tours::OpenUndirected),
        ] {
            let plan = Plan::new(w, h, &vec![false; (w * h) as usize], kind).unwrap();
            let end = 3 * w as usize;
            let at = At {
                v: 0,
                table: Table::<u64>::start(plan.encode(&[FULL; 32], 0) as u64),
                partial: None,
                total: BigCount::zero(),
            };
            let walk = Walk {
                signed: &plan,
                end,
                steps: plan.cells,
            };
            let (table, _, _) =
                walk_to(&plan, &walk, at, &Options::default(), &mut |_, _| Ok(())).unwrap();
            let ways: std::collections::HashMap<u128, Vec<u64>> = on_table!(&table, p => p
                .iter()
                .flatten()
                .map(|(k, w)| (k.unpack(), w.limbs().to_vec()))
                .collect());
            assert!(ways.len() > 10, "{w}x{h}: {} states", ways.len());
            let mut own = 0;
            for (&k, n) in &ways {
                let m = image(&plan, k).expect("an image");
                assert_eq!(image(&plan, m), Some(k), "{w}x{h}");
                assert_eq!(
                    ways.get(&m),
                    Some(n),
                    "{w}x{h}: the image is a state with as many ways"
                );
                own += usize::from(m == k);
            }
            assert!(
                own < ways.len(),
                "{w}x{h}: some states are not their own image"
            );
        }
    }
}
