//! No run walks into the machine's limits: searches that would take hours
//! are estimated before they start and refused with the figures, unless
//! `--force` is given.

mod common;

use common::{run, run_line};
use std::time::Instant;

#[test]
fn long_searches_are_refused_at_once_with_their_estimate() {
    for (args, says) in [
        // Too large a search for backtracking: the frontier counter, whose
        // projection from its first seconds is refused (a limit of 4 GiB
        // makes it the same everywhere).
        (
            vec![
                "knight",
                "count",
                "8",
                "--start",
                "a1",
                "--max-memory",
                "4GiB",
            ],
            "8x8: the count is estimated at more than the 4.0 GiB given by --max-memory",
        ),
        (
            vec!["queens", "complete", "20", "--count"],
            "--count: the search is estimated at about",
        ),
    ] {
        let t0 = Instant::now();
        let (out, err, code) = run(&args);
        assert_eq!(code, 2, "{args:?}: {out}");
        assert!(err.starts_with("error: "), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
        assert!(err.contains("--force"), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        // Refused from an estimate, not after running: well under the hour.
        assert!(t0.elapsed().as_secs() < 60, "{args:?}");
    }
}

#[test]
fn short_searches_run_without_force() {
    let (out, err, code) = run(&["knight", "count", "5", "--start", "c3"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "5x5 from c3: 64 directed open tours\n");
}

#[test]
fn whole_board_counts_out_of_reach_are_refused_from_their_first_seconds() {
    // 12×12 open and 10×10 closed tours: the frontier states outgrow any
    // machine; a limit of 4 GiB makes the refusal the same everywhere.
    for (args, says) in [
        (
            vec!["knight", "count", "12", "--max-memory", "4GiB"],
            "12x12: the count is estimated at more than the 4.0 GiB given by --max-memory",
        ),
        (
            vec!["knight", "count", "10", "--closed", "--max-memory", "4GiB"],
            "10x10: the count is estimated at more than the 4.0 GiB given by --max-memory",
        ),
    ] {
        let t0 = Instant::now();
        let (out, err, code) = run(&args);
        assert_eq!(code, 2, "{args:?}: {out}");
        assert!(err.contains(says), "{args:?}: {err}");
        assert!(
            err.contains("frontier states") && err.contains("--force"),
            "{err}"
        );
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(t0.elapsed().as_secs() < 60, "{args:?}");
    }
    let (_, err, code) = run(&["knight", "count", "6", "--max-memory", "0.5K"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("'--max-memory <SIZE>'") && err.contains("at least 1M"),
        "{err}"
    );
}

#[test]
fn a_count_stopped_at_its_memory_limit_resumes_from_its_checkpoint() {
    let dir = std::env::temp_dir().join(format!("hetman-limits-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let ckpt = dir.join("6x6.ckpt");
    let path = ckpt.to_str().unwrap();
    // 1 MiB holds about 37,000 states; 6×6 open tours need 533,290.
    let (out, err, code) = run_line(&format!(
        "knight count 6 --max-memory 1M --checkpoint {} --quiet",
        path
    ));
    assert_eq!(code, 2, "{out}");
    assert!(
        err.starts_with("error: 6x6: stopped at the memory limit: the count holds"),
        "{err}"
    );
    assert!(err.contains("resumes it"), "{err}");
    assert!(ckpt.exists(), "the count saves where it stopped");
    let (out, err, code) = run(&["knight", "count", "6", "--checkpoint", path, "--quiet"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("resuming from the checkpoint"), "{err}");
    assert!(
        out.starts_with("6x6: 6,637,920 directed open tours"),
        "{out}"
    );
    assert!(!ckpt.exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_queens_count_over_its_memory_limit_is_refused_before_it_starts() {
    let (out, err, code) = run(&["queens", "count", "20", "--max-memory", "100M"]);
    assert_eq!(code, 2, "{out}");
    assert!(
        err.starts_with("error: the fast engine would need about ")
            && err.contains("MiB for N = 20, more than the 100 MiB given by --max-memory"),
        "{err}"
    );
    let (out, err, code) = run(&["queens", "count", "12", "--max-memory", "100M"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "12 queens: 14,200 solutions, 1,787 unique\n");
}
