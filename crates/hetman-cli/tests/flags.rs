//! One vocabulary of flags (issue 22): ranges checked up front in the help's
//! words, inapplicable and conflicting flags refused, old spellings working
//! with a note, singular and plural, and "no" answers on stderr.

mod common;
use common::{run, run_in, run_line};

/// Runs a command that must be refused: exit 2, nothing on stdout, one line
/// on stderr containing every one of `says`.
fn refused(args: &[&str], says: &[&str]) {
    let (out, err, code) = run(args);
    assert_eq!(code, 2, "{args:?}: {out} {err}");
    assert!(out.is_empty(), "{args:?}: {out}");
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    for s in says {
        assert!(err.contains(s), "{args:?}: {err}");
    }
}

#[test]
fn ranges_are_checked_before_any_work_in_the_helps_words() {
    refused(
        &["queens", "count", "40"],
        &[
            "invalid value '40' for '<N>'",
            "fast algorithm takes N from 1 to 28",
        ],
    );
    refused(
        &["queens", "count", "65", "-a", "backtracking"],
        &["from 1 to 64"],
    );
    refused(
        &["queens", "list", "40"],
        &["bitboard algorithm takes N from 1 to 32"],
    );
    refused(
        &["queens", "complete", "0"],
        &["invalid value '0' for '[N]'", "from 1 to"],
    );
    for args in [
        &["queens", "list", "8", "--limit", "-1"][..],
        &["knight", "list", "5", "--start", "a1", "--limit", "-1"],
        &["queens", "complete", "8", "--list", "--limit", "x"],
    ] {
        refused(args, &["invalid value", "--limit", "from 0 to"]);
    }
    let (help, _, _) = run(&["queens", "count", "--help"]);
    assert!(help.contains("1 to 28 with the fast engine"), "{help}");
}

#[test]
fn inapplicable_and_conflicting_flags_are_refused() {
    refused(
        &[
            "queens",
            "count",
            "8",
            "-a",
            "brute-force",
            "--threads",
            "2",
        ],
        &["--threads", "brute-force"],
    );
    refused(
        &["queens", "complete", "8", "--with", ""],
        &["--with", "no squares given"],
    );
    refused(&["queens", "complete", "8", "--block", " "], &["--block"]);
    refused(
        &["queens", "list", "6", "--json", "--format", "board"],
        &["--json", "--format"],
    );
    refused(
        &["queens", "solve", "8", "--random", "--no-verify"],
        &["--no-verify"],
    );
    refused(
        &["queens", "complete", "8", "--count", "--format", "board"],
        &["--count"],
    );
    refused(
        &["queens", "check", "--json", "--no-boards", "2 4 1 3"],
        &["--no-boards"],
    );
    refused(
        &["knight", "count", "5", "--undirected", "--closed"],
        &["--undirected"],
    );
    refused(
        &["knight", "count", "5", "--start", "a1", "--per-square"],
        &["--per-square"],
    );
    refused(&["knight", "tour", "5", "--json", "--quiet"], &["--quiet"]);
    refused(
        &["queens", "count", "12", "--estimate", "--stats"],
        &["--estimate"],
    );
}

#[test]
fn old_spellings_work_with_a_note() {
    for (args, old, new) in [
        (&["queens", "complete", "8", "-c"][..], "-c", "--count"),
        (
            &["queens", "complete", "8", "-l", "--limit", "1"],
            "-l",
            "--list",
        ),
        (&["knight", "count", "4x5", "-u"], "-u", "--undirected"),
        (&["queens", "solve", "6", "-r", "-s", "3"], "-s", "--seed"),
        (
            &["queens", "check", "--no-board", "2 4 1 3"],
            "--no-board",
            "--no-boards",
        ),
    ] {
        let (out, err, code) = run(args);
        assert_eq!(code, 0, "{args:?}: {err}");
        assert!(!out.is_empty(), "{args:?}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(
            err.contains(&format!("{old} is an old spelling of {new}")),
            "{args:?}: {err}"
        );
    }
    // The new spellings give the same answer, without a note.
    let (old, _, _) = run(&["queens", "complete", "8", "-c"]);
    let (new, err, _) = run(&["queens", "complete", "8", "--count"]);
    assert_eq!((old, err.as_str()), (new, ""));
    // --size is the PNG width only where it never meant the board.
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("flags-png");
    std::fs::create_dir_all(&dir).unwrap();
    let png = dir.join("x.png");
    let (_, err, code) = run_line(&format!(
        "queens list 4 --limit 1 --png {} --size 100",
        png.to_str().unwrap()
    ));
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("--size is an old spelling of --png-size"),
        "{err}"
    );
}

#[test]
fn one_is_singular() {
    assert_eq!(
        run(&["queens", "count", "1"]).0,
        "1 queen: 1 solution, 1 unique\n"
    );
    let (out, _, _) = run(&["queens", "compare", "1"]);
    assert!(out.starts_with("1 queen, one thread each:"), "{out}");
    let (out, _, _) = run(&["knight", "count", "1"]);
    assert!(
        out.starts_with("1x1: 1 directed open tour (1 undirected"),
        "{out}"
    );
    let (out, _, _) = run(&["queens", "complete", "4", "--with", "b4", "--count"]);
    assert_eq!(out, "4 queens: 1 completion\n");
}

#[test]
fn no_answers_go_to_stderr_with_exit_1() {
    for args in [
        &["queens", "solve", "2"][..],
        &["queens", "complete", "8", "--with", "a1 b3"],
        &["knight", "tour", "4"],
        &["knight", "list", "3", "--start", "a1"],
    ] {
        let (out, err, code) = run(args);
        assert_eq!(code, 1, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert!(
            err.starts_with("no ") || err.contains(": no "),
            "{args:?}: {err}"
        );
    }
    // With --json the answer is the JSON result on stdout.
    let (out, _, code) = run(&["queens", "solve", "3", "--json"]);
    assert_eq!(code, 1);
    assert!(out.contains("\"code\":null"), "{out}");
}

#[test]
fn a_drawn_board_keeps_its_size() {
    let (tour, _, _) = run(&["knight", "tour", "5", "--start", "a5"]);
    let (out, err, code) = run_in(&["knight", "check", "--size", "6"], &tour);
    assert_eq!(code, 2, "{out}");
    assert!(
        err.contains("--size 6x6: the board drawn is 5x5"),
        "not a wrong size: {err}"
    );
    let (out, _, code) = run_in(&["knight", "check", "--size", "5"], &tour);
    assert_eq!(code, 0, "{out}");
}
