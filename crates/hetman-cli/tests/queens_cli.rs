//! The real `hetman` binary, run as a new user would: seed figures and error messages.

mod common;
use common::{hetman, run};
use predicates::prelude::*;

#[test]
fn count_gives_the_seed_figures() {
    for (n, line) in [
        ("8", "8 queens: 92 solutions, 12 unique\n"),
        ("4", "4 queens: 2 solutions, 1 unique\n"),
        ("3", "3 queens: 0 solutions, 0 unique\n"),
        ("2", "2 queens: 0 solutions, 0 unique\n"),
        ("1", "1 queen: 1 solution, 1 unique\n"),
    ] {
        hetman()
            .args(["queens", "count", n])
            .assert()
            .success()
            .stdout(line);
    }
}

#[test]
fn every_algorithm_counts_eight_queens_with_its_work() {
    for (alg, work) in [
        ("brute-force", "placements: 16,777,216"),
        ("permutations", "placements: 40,320"),
        ("backtracking", "calls of test: 1,965"),
        ("bitboard", "nodes:"),
        ("fast", "time:"),
    ] {
        hetman()
            .args(["queens", "count", "8", "--stats", "--algorithm", alg])
            .assert()
            .success()
            .stdout(predicate::str::starts_with(
                "8 queens: 92 solutions, 12 unique\n",
            ))
            .stdout(predicate::str::contains(work))
            .stdout(predicate::str::contains("time:"));
    }
}

#[test]
fn count_json() {
    let (out, _, code) = run(&[
        "queens",
        "count",
        "8",
        "--json",
        "--stats",
        "-a",
        "backtracking",
    ]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["solutions"], 92);
    assert_eq!(v["unique"], 12);
    assert_eq!(v["work"], 1965);
    assert_eq!(v["work_unit"], "calls of test");
}

#[test]
fn compare_runs_every_algorithm_and_agrees() {
    let (out, _, code) = run(&["queens", "compare", "8"]);
    assert_eq!(code, 0);
    for alg in [
        "brute-force",
        "permutations",
        "backtracking",
        "bitboard",
        "fast",
    ] {
        let row = out
            .lines()
            .find(|l| l.starts_with(alg))
            .unwrap_or_else(|| panic!("{alg} row in\n{out}"));
        assert!(row.contains(" 92 ") && row.contains(" 12 "), "{row}");
    }
    assert!(out.contains("16,777,216") && out.contains("40,320") && out.contains("1,965"));
    // Too large for brute force: skipped with its size, the rest still run.
    let (out, _, code) = run(&["queens", "compare", "11"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("brute-force: skipped") && out.contains("285,311,670,611 placements"),
        "{out}"
    );
    assert!(out
        .lines()
        .any(|l| l.starts_with("backtracking") && l.contains("2,680")));
}

#[test]
fn list_unique_boards() {
    let (out, _, code) = run(&["queens", "list", "8", "--unique", "--format", "board"]);
    assert_eq!(code, 0);
    insta::assert_snapshot!("list_8_unique_board", out);
}

#[test]
fn list_unique_codes_have_class_sizes() {
    let (out, _, _) = run(&["queens", "list", "8", "--unique"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 12);
    assert_eq!(
        lines
            .iter()
            .filter(|l| l.ends_with("(class size 8)"))
            .count(),
        11
    );
    assert_eq!(
        lines
            .iter()
            .filter(|l| l.ends_with("(class size 4)"))
            .count(),
        1
    );
}

#[test]
fn list_formats_and_limit() {
    let (out, _, _) = run(&["queens", "list", "8", "--limit", "2"]);
    assert_eq!(out, "1 5 8 6 3 7 2 4\n1 6 8 3 7 4 2 5\n");
    let (out, _, _) = run(&["queens", "list", "8", "--limit", "1", "--format", "compact"]);
    assert_eq!(out, "15863724\n");
    let (out, _, _) = run(&[
        "queens",
        "list",
        "8",
        "--limit",
        "1",
        "--format",
        "algebraic",
    ]);
    assert_eq!(out, "a1 b5 c8 d6 e3 f7 g2 h4\n");
    let (out, _, _) = run(&["queens", "list", "6", "--json"]);
    let rows: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rows.len(), 4);
    assert_eq!(rows[0]["code"], serde_json::json!([2, 4, 6, 1, 3, 5]));
    assert_eq!(rows[3]["index"], 4);
    // Large N streams: the first solutions of N = 20 come at once.
    let (out, _, code) = run(&["queens", "list", "20", "--limit", "3"]);
    assert_eq!((code, out.lines().count()), (0, 3));
}

#[test]
fn check_counts_non_attacking_pairs() {
    for (code, pairs, exit) in [
        ("5 8 4 1 7 2 6 3", "28 of 28", 0),
        ("2 5 7 1 3 8 6 4", "28 of 28", 0),
        ("2 4 7 1 3 8 6 5", "25 of 28", 1),
        ("2 4 6 8 1 3 5 7", "25 of 28", 1),
        ("2 3 4 5 6 7 8 1", "6 of 28", 1),
    ] {
        let (out, _, c) = run(&["queens", "check", code]);
        assert_eq!(c, exit, "{code}");
        assert!(out.contains(pairs), "{code}: {out}");
    }
    let (out, _, _) = run(&["queens", "check", "2", "4", "7", "1", "3", "8", "6", "5"]);
    insta::assert_snapshot!("check_24713865", out);
}

#[test]
fn check_reads_every_form() {
    let board = run(&["queens", "list", "8", "--limit", "1", "--format", "board"]).0;
    let board: String = board.lines().skip(1).map(|l| format!("{l}\n")).collect();
    hetman()
        .args(["queens", "check"])
        .write_stdin(board)
        .assert()
        .success()
        .stdout(predicate::str::contains("1 5 8 6 3 7 2 4"));
    hetman()
        .args(["queens", "check", "a1 b5 c8 d6 e3 f7 g2 h4"])
        .assert()
        .success();
    hetman()
        .args(["queens", "check", "15863724"])
        .assert()
        .success();
    let (out, _, _) = run(&["queens", "check", "--json", "2 3 4 5 6 7 8 1"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["non_attacking_pairs"], 6);
    assert_eq!(v["attacks"].as_array().unwrap().len(), 22);
}

#[test]
fn symmetry_of_the_symmetric_solution() {
    let (out, _, code) = run(&["queens", "symmetry", "3 5 2 8 1 7 4 6"]);
    assert_eq!(code, 0);
    insta::assert_snapshot!("symmetry_35281746", out);
    let (out, _, _) = run(&["queens", "symmetry", "5 8 4 1 7 2 6 3", "--no-boards"]);
    assert!(out.contains("canonical form: 2 5 7 1 3 8 6 4"), "{out}");
    assert!(out.contains("class size: 8"));
}

#[test]
fn bad_input_gets_one_line_and_exit_2() {
    let cases: &[(&[&str], &str)] = &[
        (&["queens", "count", "0"], "invalid value '0' for '<N>'"),
        (&["queens", "count", "-3"], "invalid value '-3' for '<N>'"),
        (
            &["queens", "count", "eight"],
            "invalid value 'eight' for '<N>'",
        ),
        (
            &["queens", "count", "33", "-a", "bitboard"],
            "takes N from 1 to 32",
        ),
        (
            &["queens", "count", "10", "-a", "brute-force"],
            "10,000,000,000 placements",
        ),
        (
            &["queens", "count", "14", "-a", "permutations"],
            "87,178,291,200 placements",
        ),
        (
            &["queens", "count", "25", "-a", "backtracking"],
            "refuses runs estimated above an hour",
        ),
        (
            &["queens", "count", "8", "-a", "quantum"],
            "invalid value 'quantum' for '--algorithm",
        ),
        (
            &["queens", "list", "10", "--format", "compact"],
            "--format compact",
        ),
        (
            &["queens", "check", "5 8 4 1 7 2 6"],
            "rank 8 on file b is off the 7x7 board",
        ),
        (&["queens", "check", "5 8 4 1 7 2 6 9"], "rank 9 on file h"),
        (
            &["queens", "check", "a5 b8 c4 d1 e7 f2 g6 i3"],
            "square i3 is off the 8x8 board",
        ),
        (
            &["queens", "check", "a5 a8 c4 d1 e7 f2 g6 h3"],
            "two queens on file a",
        ),
        (
            &["queens", "check", "a5 b8 c4 d1 e7 f2 g6 h3!"],
            "'h3!' is not a square",
        ),
        (
            &["queens", "check", "5 8 4 1 7 2 6 3x"],
            "'3x' is neither a rank number nor a square",
        ),
        (
            &["queens", "check", "--size", "6", "2 4 1 3"],
            "has 4 queens but --size is 6",
        ),
        (&["queens", "symmetry", "1 1 2"], "two queens on rank 1"),
        (
            &["queens", "frobnicate"],
            "unrecognized subcommand 'frobnicate'",
        ),
    ];
    for (args, want) in cases {
        let (out, err, code) = run(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?} printed {out}");
        assert_eq!(
            err.trim_end().lines().count(),
            1,
            "{args:?}: one line, got {err}"
        );
        assert!(
            err.starts_with("error: ") && err.contains(want),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn help_shows_examples() {
    for cmd in ["count", "compare", "list", "check", "symmetry"] {
        hetman()
            .args(["queens", cmd, "--help"])
            .assert()
            .success()
            .stdout(predicate::str::contains("hetman queens"));
    }
}
