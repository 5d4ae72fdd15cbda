//! The unit tests of counts met in the middle: every cut against the plain
//! count, known counts, one side by symmetry, capped near sides, passes.

use super::super::cut::{cut_of, cuts};
use super::super::sweep::run;
use super::*;

/// A few blocked squares, from a seed (a small linear congruential generator).
fn mask(cells: usize, seed: u64, per_mille: u64) -> Vec<bool> {
    let mut x = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
    (0..cells)
        .map(|_| {
            x = x
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (x >> 33) % 1000 < per_mille
        })
        .collect()
}

/// Every cut of every board below gives the count of the plain engine.
#[test]
fn every_cut_agrees_with_the_plain_count() {
    let o = Options::default();
    let mut split = 0;
    for (w, h) in [
        (3, 8),
        (3, 10),
        (4, 6),
        (4, 7),
        (5, 6),
        (3, 12),
        (4, 9),
        (5, 7),
    ] {
        for seed in 0..4 {
            let blocked = mask((w * h) as usize, seed, if seed == 0 { 0 } else { 80 });
            for kind in [Tours::Closed, Tours::OpenUndirected] {
                let plan = Plan::new(w, h, &blocked, kind).unwrap();
                if plan.vertices < 2 {
                    continue;
                }
                let (plain, _) = run::<u64>(&plan, &o).unwrap();
                for cut in cuts(&plan) {
                    let (joined, _) = run_split::<u64>(&plan, kind, cut, &o).unwrap();
                    assert_eq!(joined, plain, "{w}x{h} {kind:?} seed {seed} cut {cut}");
                    split += 1;
                    // In passes (where the count runs two sides).
                    let passes = Options {
                        passes: 3,
                        ..o.clone()
                    };
                    let (joined, _) = run_split::<u64>(&plan, kind, cut, &passes).unwrap();
                    assert_eq!(
                        joined, plain,
                        "{w}x{h} {kind:?} seed {seed} cut {cut} passes"
                    );
                }
            }
        }
    }
    assert!(split > 50, "only {split} split counts ran");
}

#[test]
fn known_counts_through_the_split() {
    let o = Options::default();
    for (w, h, kind, tours) in [
        (6, 6, Tours::Closed, 9862u128),
        (10, 3, Tours::Closed, 16),
        (12, 3, Tours::Closed, 176),
        (8, 5, Tours::Closed, 44_202),
        (8, 5, Tours::OpenUndirected, 18_061_054),
        (6, 6, Tours::OpenUndirected, 3_318_960),
    ] {
        let plan = Plan::new(w, h, &vec![false; (w * h) as usize], kind).unwrap();
        let cut = cut_of(&plan).expect("these boards can be cut");
        assert_eq!(run_split::<u64>(&plan, kind, cut, &o).unwrap().0, tours);
    }
}

/// Each board of `sizes` with `seeds` random masks (none for seed 0) that a
/// half turn of the board leaves as they are: (width, height, seed, mask).
fn half_turn_boards(
    sizes: &'static [(u32, u32)],
    seeds: u64,
) -> impl Iterator<Item = (u32, u32, u64, Vec<bool>)> {
    sizes.iter().flat_map(move |&(w, h)| {
        let cells = (w * h) as usize;
        (0..seeds).map(move |seed| {
            let mut blocked = mask(cells, seed, if seed == 0 { 0 } else { 60 });
            for i in 0..cells {
                blocked[i] |= blocked[cells - 1 - i];
            }
            (w, h, seed, blocked)
        })
    })
}

/// Boards unchanged by a half turn, with random symmetric masks: the
/// count of one side joined with itself agrees with the plain count.
#[test]
fn mirrored_counts_agree_with_the_plain_count() {
    let o = Options::default();
    let mut mirrored_runs = 0;
    for (w, h, seed, blocked) in half_turn_boards(&[(4, 4), (4, 6), (6, 4), (4, 8), (6, 6)], 6) {
        for kind in [Tours::Closed, Tours::OpenUndirected] {
            if (w, h, kind) == (6, 6, Tours::OpenUndirected) && seed == 0 {
                continue; // checked against its known count elsewhere
            }
            let plan = Plan::new(w, h, &blocked, kind).unwrap();
            let Some(cut) = cut_of(&plan) else { continue };
            if plan.vertices < 2 {
                continue;
            }
            assert!(mirrored(&plan, cut), "{w}x{h} seed {seed}");
            let (plain, _) = run::<u64>(&plan, &o).unwrap();
            let (joined, _) = run_split::<u64>(&plan, kind, cut, &o).unwrap();
            assert_eq!(joined, plain, "{w}x{h} {kind:?} seed {seed}");
            mirrored_runs += 1;
        }
    }
    assert!(
        mirrored_runs > 30,
        "only {mirrored_runs} mirrored counts ran"
    );
}

/// Open counts of boards unchanged by a half turn that the mirror does
/// not take (odd widths), with random symmetric masks: the near side
/// stops at one tour end, and the count agrees with the plain count.
#[test]
fn capped_near_sides_count_every_open_tour() {
    let o = Options::default();
    let (mut capped_runs, mut uncapped_runs) = (0, 0);
    for (w, h, seed, blocked) in half_turn_boards(&[(3, 8), (3, 10), (5, 6), (3, 12), (5, 8)], 5) {
        let cells = (w * h) as usize;
        let plan = Plan::new(w, h, &blocked, Tours::OpenUndirected).unwrap();
        let Some(cut) = cut_of(&plan) else { continue };
        if plan.vertices < 2 || 2 * cut != cells {
            continue;
        }
        assert!(!mirrored(&plan, cut), "{w}x{h} seed {seed}");
        // A board whose rank L has a square with every move on the near
        // side is not capped (see `capped`); it is counted all the same.
        let (plain, _) = run::<u64>(&plan, &o).unwrap();
        let (joined, _) = run_split::<u64>(&plan, Tours::OpenUndirected, cut, &o).unwrap();
        assert_eq!(joined, plain, "{w}x{h} seed {seed}");
        if capped(&plan, cut) {
            capped_runs += 1;
        } else {
            uncapped_runs += 1;
        }
    }
    assert!(capped_runs > 12, "only {capped_runs} capped counts ran");
    assert!(uncapped_runs > 0, "no board left uncapped");
    // Closed tours, a fixed end or a cut off the middle keep both ends.
    let plan = Plan::new(5, 8, &[false; 40], Tours::Closed).unwrap();
    assert!(!capped(&plan, 20));
    let plan = Plan::new(5, 8, &[false; 40], Tours::OpenUndirected).unwrap();
    assert!(capped(&plan, 20) && !capped(&plan, 15));
    // 4x3 without a2 and d2, turned to 3x4: b1's and b4's neighbours
    // before the cut have every move on the near side.
    let mut blocked = vec![false; 12];
    blocked[1] = true;
    blocked[10] = true;
    let plan = Plan::new(3, 4, &blocked, Tours::OpenUndirected).unwrap();
    assert!(!capped(&plan, 6));
    let plan = Plan::new(3, 4, &[false; 12], Tours::OpenUndirected).unwrap();
    assert!(capped(&plan, 6));
}

#[test]
fn short_boards_are_not_cut() {
    for (w, h) in [(3, 3), (2, 3), (3, 2), (1, 1)] {
        let plan = Plan::new(w, h, &vec![false; (w * h) as usize], Tours::Closed).unwrap();
        assert_eq!(cut_of(&plan), None, "{w}x{h}");
    }
    let plan = Plan::new(5, 5, &[false; 25], Tours::Closed).unwrap();
    assert_eq!(cut_of(&plan), Some(10));
    // 4x4 with its first rank blocked: the only cut, after two ranks,
    // leaves no free square out of reach on the first side.
    let mut blocked = vec![false; 16];
    blocked[..4].fill(true);
    let plan = Plan::new(4, 4, &blocked, Tours::OpenUndirected).unwrap();
    assert_eq!(cuts(&plan).count(), 0);
    blocked[..4].fill(false);
    let plan = Plan::new(4, 4, &blocked, Tours::OpenUndirected).unwrap();
    assert_eq!(cuts(&plan).collect::<Vec<_>>(), [8]);
}

/// A fixed tour end on every free square of small boards with random
/// blocked squares, at every cut, agrees with the plain count: ends in
/// every position relative to the cut, among them squares of ranks L and F
/// whose moves all belong to one side.
#[test]
fn fixed_ends_at_every_cut_agree_with_the_plain_count() {
    let o = Options::default();
    let mut runs = 0;
    let mut wrong = Vec::new();
    let mut boards: Vec<(u32, u32, Vec<bool>)> = Vec::new();
    // 4x3 without a2, d2 and b3, turned to 3x4 (c1 is square 6): its only
    // move reaches the far side's last rank.
    let mut b = vec![false; 12];
    for s in [1, 5, 10] {
        b[s] = true;
    }
    boards.push((3, 4, b.clone()));
    // The same board turned through 180 degrees: the end is in rank L.
    b.reverse();
    boards.push((3, 4, b));
    for (w, h) in [
        (3, 4),
        (4, 3),
        (3, 5),
        (4, 4),
        (3, 6),
        (4, 5),
        (5, 4),
        (3, 8),
    ] {
        for seed in 0..6 {
            let blocked = mask((w * h) as usize, seed, if seed == 0 { 0 } else { 150 });
            boards.push((w, h, blocked));
        }
    }
    for (w, h, blocked) in &boards {
        for end in (0..blocked.len()).filter(|&s| !blocked[s]) {
            let mut plan = Plan::new(*w, *h, blocked, Tours::OpenDirected).unwrap();
            if plan.vertices < 2 {
                continue;
            }
            plan.fix_end(Some(end));
            let (plain, _) = run::<u64>(&plan, &o).unwrap();
            for cut in cuts(&plan) {
                let (joined, _) = run_split::<u64>(&plan, Tours::OpenDirected, cut, &o).unwrap();
                if joined != plain {
                    let b: Vec<usize> = (0..blocked.len()).filter(|&s| blocked[s]).collect();
                    wrong.push(format!(
                        "{w}x{h} blocked {b:?} end {end} cut {cut}: {joined} not {plain}"
                    ));
                }
                runs += 1;
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert!(runs > 100, "only {runs} split counts ran");
}

/// Boards whose blocked squares the mirror across the middle file leaves
/// as they are (random masks made symmetric; none for seed 0), counted
/// with two sides, in one pass and in three: the count with the states of
/// both sides folded onto their mirror images at their cuts (the far side
/// listed whole again for the join) agrees with the plain count, and joins
/// fewer states than the count unfolded, which agrees too.
#[test]
fn counts_folded_onto_mirror_images_count_every_tour() {
    use super::super::cut::reflects;
    use super::super::fold::tests::{FOLD, FOLDS};
    use super::super::join::tests::INDEXED;
    let o = Options::default();
    let passes = Options {
        passes: 3,
        ..o.clone()
    };
    let (mut runs, mut folded, mut whole) = (0, 0, 0);
    let (mut dropped, mut kept) = (0, 0);
    for (w, h) in [(3, 8), (4, 7), (5, 6), (5, 7), (3, 10), (4, 9), (5, 8)] {
        for seed in 0..4 {
            let cells = (w * h) as usize;
            let mut blocked = mask(cells, seed, if seed == 0 { 0 } else { 60 });
            for i in 0..cells {
                let image = i - i % w as usize + (w as usize - 1 - i % w as usize);
                blocked[i] |= blocked[image];
            }
            for kind in [Tours::Closed, Tours::OpenUndirected] {
                let plan = Plan::new(w, h, &blocked, kind).unwrap();
                let Some(cut) = cut_of(&plan) else { continue };
                if plan.vertices < 2 || mirrored(&plan, cut) {
                    continue;
                }
                assert!(reflects(&plan), "{w}x{h} seed {seed}");
                let (plain, _) = run::<u64>(&plan, &o).unwrap();
                FOLDS.with(|f| f.borrow_mut().clear());
                let (joined, _) = run_split::<u64>(&plan, kind, cut, &o).unwrap();
                assert_eq!(joined, plain, "{w}x{h} {kind:?} seed {seed}");
                folded += INDEXED.with(std::cell::Cell::get);
                // The far side at its cut, then the near side at its.
                let folds = FOLDS.with(|f| f.borrow().clone());
                assert_eq!(folds.len(), 2, "{w}x{h} {kind:?} seed {seed}: {folds:?}");
                for (before, after) in folds {
                    dropped += before - after;
                    kept += after;
                }
                let (joined, _) = run_split::<u64>(&plan, kind, cut, &passes).unwrap();
                assert_eq!(joined, plain, "{w}x{h} {kind:?} seed {seed} passes");
                FOLD.with(|r| r.set(false));
                let every = run_split::<u64>(&plan, kind, cut, &o);
                whole += INDEXED.with(std::cell::Cell::get);
                FOLD.with(|r| r.set(true));
                assert_eq!(
                    every.unwrap().0,
                    plain,
                    "{w}x{h} {kind:?} seed {seed} unfolded"
                );
                runs += 1;
            }
        }
    }
    assert!(runs > 30, "only {runs} counts ran");
    // About half: a state that is its own image stays.
    assert!(folded * 10 < whole * 7, "{folded} of {whole} states joined");
    assert!(
        dropped * 10 > kept * 3,
        "the folds dropped {dropped} states and kept {kept}"
    );
}
