//! `hetman queens complete` on boards of any size: instances from files,
//! JSON with the search counters, reasons for "none", strict squares, and
//! the estimate before a long count.

mod common;
use common::{hetman, run, run_in};
use hetman::queens::complete::Puzzle;
use hetman::queens::{check, Placement};
use hetman::Square;

fn temp(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("hetman-complete-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn big_boards_are_completed_and_checked() {
    for n in ["100", "1000"] {
        let (out, err, code) = run(&["queens", "complete", n, "--with", "a1 c2 e3"]);
        assert_eq!(code, 0, "{err}");
        let p: Placement = out.trim().parse().unwrap();
        let mut puzzle = Puzzle::new(p.n()).unwrap();
        for s in ["a1", "c2", "e3"] {
            puzzle.give(s.parse().unwrap()).unwrap();
        }
        assert!(check(&p).is_solution() && puzzle.allows(&p));
    }
}

#[test]
fn instances_and_json_give_the_answer_time_and_counters() {
    let path = temp(
        "planted.txt",
        "# a 12-queens puzzle\nn 12\ngiven a1 b3\nblocked 3,5 d4\nblocked l12\n",
    );
    let (out, err, code) = run(&[
        "queens",
        "complete",
        "--instance",
        path.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["answer"], "found");
    for key in ["engine", "seconds", "nodes", "fails", "forced", "restarts"] {
        assert!(!v[key].is_null(), "{key} in {v}");
    }
    let code: Vec<u32> = v["code"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_u64().unwrap() as u32)
        .collect();
    let p = Placement::from_code(&code).unwrap();
    let mut puzzle = Puzzle::new(12).unwrap();
    puzzle.give(Square::new(0, 0)).unwrap();
    puzzle.give(Square::new(1, 2)).unwrap();
    for b in [(2, 4), (3, 3), (11, 11)] {
        puzzle.block(Square::new(b.0, b.1)).unwrap();
    }
    assert!(check(&p).is_solution() && puzzle.allows(&p));
    // From standard input, with a count.
    let (out, _, code) = run_in(
        &["queens", "complete", "--instance", "-", "--count"],
        "n 8\ngiven a1\n",
    );
    assert_eq!((out.as_str(), code), ("8 queens: 4 completions\n", 0));
    // A bad file names the argument and the line.
    let bad = temp("bad.txt", "n 8\ngiven a1\nqueen b3\n");
    let (_, err, code) = run(&["queens", "complete", "--instance", bad.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(
        err.contains("--instance") && err.contains("line 3") && err.lines().count() == 1,
        "{err}"
    );
}

#[test]
fn none_names_the_empty_line_or_gives_the_nodes() {
    let (out, err, code) = run(&[
        "queens",
        "complete",
        "8",
        "--with",
        "b2",
        "--block",
        "a3 b3 c3 d3 e3 f3 g3 h3",
    ]);
    assert_eq!((out.as_str(), code), ("", 1));
    assert_eq!(err, "no completion: rank 3 has no free square once the given queens, and the queens they force, are placed\n");
    let (_, err, code) = run(&["queens", "complete", "3"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("tried every placement") && err.contains("nodes searched"),
        "{err}"
    );
    let (out, _, code) = run(&["queens", "complete", "3", "--json"]);
    assert_eq!(code, 1);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["answer"], "none");
    assert!(v["nodes"].as_u64().unwrap() > 0);
}

#[test]
fn duplicate_and_contradictory_squares_are_errors() {
    for (args, want) in [
        (
            &["queens", "complete", "8", "--with", "a1 a1"][..],
            "--with: a1 is given twice",
        ),
        (
            &["queens", "complete", "8", "--block", "c3,c3"],
            "--block: c3 is blocked twice",
        ),
        (
            &["queens", "complete", "8", "--with", "a1", "--block", "a1"],
            "both given and blocked",
        ),
        (
            &[
                "queens", "complete", "8", "--with", "a1", "--block", "diagonal",
            ],
            "a1 is on the blocked line",
        ),
        (
            &["queens", "complete", "8", "--with", "a1 b2"],
            "a1 and b2 attack each other",
        ),
    ] {
        let (out, err, code) = run(args);
        assert_eq!((out.as_str(), code), ("", 2), "{args:?}");
        assert!(
            err.contains(want) && err.lines().count() == 1,
            "{args:?}: {err}"
        );
    }
    // Line words may overlap each other: the centre of 7x7 is on both diagonals.
    let (out, _, code) = run(&["queens", "complete", "7", "--block", "diagonals", "--count"]);
    assert_eq!((out.as_str(), code), ("7 queens: 0 completions\n", 0));
}

#[test]
fn long_counts_are_refused_without_force() {
    let (out, err, code) = run(&["queens", "complete", "40", "--with", "a1", "--count"]);
    assert_eq!((out.as_str(), code), ("", 2));
    assert!(
        err.contains("--force") && err.contains("estimated"),
        "{err}"
    );
    hetman()
        .args([
            "queens", "complete", "12", "--with", "a1", "--count", "--force",
        ])
        .assert()
        .success();
}
