//! `hetman queens solve`, `hetman queens complete`, and `queens check` on large input.

mod common;
use common::{hetman, stdout};
use hetman::queens::{complete::Puzzle, Placement};
use predicates::prelude::PredicateBooleanExt;
use predicates::str::contains;

fn placement(text: &str) -> Placement {
    text.trim().parse().unwrap()
}

#[test]
fn solve_prints_a_checked_solution_for_any_n() {
    for n in [
        1usize, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 20, 21, 100, 12_345,
    ] {
        let p = placement(&stdout(&["queens", "solve", &n.to_string()]));
        assert_eq!(p.n(), n);
        assert!(p.is_solution(), "N = {n}");
    }
    assert_eq!(stdout(&["queens", "solve", "8"]), "2 4 6 8 3 1 7 5\n");
}

#[test]
fn solve_says_why_2_and_3_have_none() {
    for n in ["2", "3"] {
        hetman()
            .args(["queens", "solve", n])
            .assert()
            .code(1)
            .stdout("")
            .stderr(contains("no solution").and(contains("attack")));
    }
}

#[test]
fn solve_formats_and_json() {
    let board = stdout(&["queens", "solve", "8", "--format", "board"]);
    assert_eq!(placement(&board).to_string(), "2 4 6 8 3 1 7 5");
    let alg = stdout(&["queens", "solve", "6", "-f", "algebraic"]);
    assert_eq!(
        alg.trim(),
        placement(&stdout(&["queens", "solve", "6"])).to_algebraic()
    );
    let json: serde_json::Value =
        serde_json::from_str(&stdout(&["queens", "solve", "10", "--json"])).unwrap();
    assert_eq!(json["n"], 10);
    assert_eq!(json["verified"], true);
    assert_eq!(json["code"].as_array().unwrap().len(), 10);
    hetman()
        .args(["queens", "solve", "100", "-f", "board"])
        .assert()
        .code(2)
        .stderr(contains("--format board"));
}

#[test]
fn solve_streams_large_n_without_verification_and_says_so() {
    let out = hetman()
        .args(["queens", "solve", "2000003", "--no-verify"])
        .assert()
        .success()
        .stderr(contains("--no-verify"));
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let p = placement(&text);
    assert_eq!(p.n(), 2_000_003);
    assert!(p.is_solution());
}

#[test]
fn random_solutions_are_checked_and_reproducible() {
    let a = stdout(&["queens", "solve", "500", "--random", "--seed", "7"]);
    let b = stdout(&["queens", "solve", "500", "-r", "-s", "7"]);
    let c = stdout(&["queens", "solve", "500", "-r", "-s", "8"]);
    assert_eq!(a, b);
    assert_ne!(a, c);
    assert!(placement(&a).is_solution() && placement(&c).is_solution());
    // Without a seed, the one used is printed so the run can be repeated.
    hetman()
        .args(["queens", "solve", "30", "--random"])
        .assert()
        .success()
        .stderr(contains("seed"));
    hetman()
        .args(["queens", "solve", "30", "--seed", "1"])
        .assert()
        .code(2)
        .stderr(contains("--random"));
}

#[test]
fn check_reads_large_codes_one_rank_per_line() {
    let code = stdout(&["queens", "solve", "100000"]);
    let lines = code.split_whitespace().collect::<Vec<_>>().join("\n");
    hetman()
        .args(["queens", "check"])
        .write_stdin(lines.clone())
        .assert()
        .success()
        .stdout(contains("placement: 100000 queens").and(contains("a solution")));
    // The queen on file b moved onto the rank of file a's: named, and exit 1.
    let mut ranks: Vec<&str> = code.split_whitespace().collect();
    ranks[1] = ranks[0];
    hetman()
        .args(["queens", "check", "--no-board"])
        .write_stdin(ranks.join("\n"))
        .assert()
        .code(1)
        .stdout(contains("not a solution").and(contains("same rank")));
}

#[test]
fn complete_reproduces_the_russian_seed_variant() {
    hetman()
        .args([
            "queens",
            "complete",
            "8",
            "--block",
            "diagonals",
            "--count",
            "--unique",
        ])
        .assert()
        .success()
        .stdout("8 queens: 12 completions in 2 symmetry classes\n");
    let list = stdout(&["queens", "complete", "8", "--block", "diagonals", "--list"]);
    let mut puzzle = Puzzle::new(8).unwrap();
    for i in 0..8 {
        puzzle.block(hetman::Square::new(i, i)).unwrap();
        puzzle.block(hetman::Square::new(i, 7 - i)).unwrap();
    }
    let lines: Vec<&str> = list.lines().collect();
    assert_eq!(lines.len(), 12);
    for l in lines {
        let p = placement(l);
        assert!(p.is_solution() && puzzle.allows(&p), "{l}");
    }
    let unique = stdout(&[
        "queens",
        "complete",
        "8",
        "-b",
        "diagonals",
        "--list",
        "--unique",
    ]);
    assert_eq!(unique.lines().count(), 2);
    assert!(unique.contains("class size 8") && unique.contains("class size 4"));
}

#[test]
fn complete_keeps_given_queens() {
    let p = placement(&stdout(&[
        "queens", "complete", "30", "--with", "a1 b30", "--block", "c3,d4",
    ]));
    assert!(p.is_solution());
    assert_eq!((p.ranks()[0], p.ranks()[1]), (0, 29));
    assert!(p.ranks()[2] != 2 && p.ranks()[3] != 3);
    // a1 leaves 4 solutions of 8 queens.
    hetman()
        .args(["queens", "complete", "8", "-w", "a1", "--count"])
        .assert()
        .success()
        .stdout("8 queens: 4 completions\n");
    let list = stdout(&[
        "queens", "complete", "8", "-w", "a1", "--list", "--limit", "3",
    ]);
    assert_eq!(list.lines().count(), 3);
}

#[test]
fn complete_proves_none_and_refuses_bad_input() {
    // Two given queens that attack each other are contradictory input (issue 26).
    hetman()
        .args(["queens", "complete", "8", "--with", "a1,h8"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(contains("--with").and(contains("a1 and h8")));
    hetman()
        .args(["queens", "complete", "8", "--with", "a1 b3"])
        .assert()
        .code(1)
        .stderr(contains("no completion"));
    hetman()
        .args(["queens", "complete", "1048577", "--with", "a1"])
        .assert()
        .code(2)
        .stderr(contains("from 1 to 1,048,576"));
    hetman()
        .args(["queens", "complete", "8", "--with", "j1"])
        .assert()
        .code(2)
        .stderr(contains("--with 'j1'"));
    hetman()
        .args(["queens", "complete", "8", "--unique"])
        .assert()
        .code(2)
        .stderr(contains("--count or --list"));
}
