//! No run walks into the machine's limits: searches that would take hours
//! are estimated before they start and refused with the figures, unless
//! `--force` is given.

mod common;

use common::run;
use std::time::Instant;

#[test]
fn long_searches_are_refused_at_once_with_their_estimate() {
    for (args, says) in [
        (
            vec!["knight", "count", "8", "--start", "a1"],
            "--start a1: the search on 8x8 is estimated at about",
        ),
        (
            vec!["knight", "count", "8x7", "--start", "d4", "--closed", "-j1"],
            "--start d4: the search on 8x7 is estimated at about",
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
