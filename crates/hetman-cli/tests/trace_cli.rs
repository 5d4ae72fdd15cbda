//! `queens trace` and `knight trace` as a user runs them: the counts in the
//! stream, the limits, the text form, a closed pipe, and the refusals of
//! `watch` where it cannot draw.

mod common;
use common::{hetman, stdout};
use serde_json::Value;

fn lines(args: &[&str]) -> Vec<Value> {
    stdout(args)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn count(events: &[Value], name: &str) -> usize {
    events.iter().filter(|e| e["event"] == name).count()
}

#[test]
fn eight_queens_stream_1965_calls_and_92_solutions_with_an_end_that_agrees() {
    let ev = lines(&["queens", "trace", "8", "--json"]);
    assert_eq!(ev[0]["hetman_trace"], 2);
    assert_eq!(ev[0]["problem"], "queens");
    assert_eq!(count(&ev, "call"), 1965);
    assert_eq!(count(&ev, "solution"), 92);
    let end = ev.last().unwrap();
    assert_eq!(end["event"], "end");
    assert_eq!(end["complete"], true);
    assert_eq!(end["counters"]["calls"], 1965);
    assert_eq!(end["counters"]["solutions"], 92);
    // The steps are numbered 1, 2, 3, ... to the end.
    for (i, e) in ev[1..].iter().enumerate() {
        assert_eq!(e["step"], i as u64 + 1);
    }
    // The same figures as `queens count --algorithm backtracking --stats`.
    let stats = stdout(&[
        "queens",
        "count",
        "8",
        "--algorithm",
        "backtracking",
        "--stats",
    ]);
    assert!(stats.contains("1,965"), "{stats}");
    assert!(stats.contains("92 solutions"), "{stats}");
}

#[test]
fn bitboard_trace_gives_free_ranks_per_node() {
    let ev = lines(&["queens", "trace", "6", "--algorithm", "bitboard", "--json"]);
    assert_eq!(count(&ev, "solution"), 4);
    assert_eq!(count(&ev, "try"), 0);
    let first = &ev[1];
    assert_eq!(first["event"], "call");
    assert_eq!(first["free"], serde_json::json!([0, 1, 2, 3, 4, 5]));
}

#[test]
fn limits_cut_the_stream_and_say_so() {
    let ev = lines(&["queens", "trace", "8", "--json", "--limit", "10"]);
    assert_eq!(ev.len(), 12);
    assert_eq!(ev[11]["complete"], false);
    let ev = lines(&["queens", "trace", "8", "--json", "--until-solution", "2"]);
    assert_eq!(count(&ev, "solution"), 2);
    assert_eq!(ev[ev.len() - 2]["event"], "solution");
    assert_eq!(ev[ev.len() - 2]["code"], "1 6 8 3 7 4 2 5");
    let ev = lines(&["queens", "trace", "4", "--json", "--limit", "0"]);
    assert_eq!(ev.len(), 2);
}

#[test]
fn the_knight_from_b5_is_stuck_on_square_20_and_from_a5_finds_the_seeds_tour() {
    let ev = lines(&[
        "knight",
        "trace",
        "5",
        "--start",
        "b5",
        "--json",
        "--until-solution",
        "1",
    ]);
    let dead = ev.iter().find(|e| e["event"] == "dead_end").unwrap();
    assert_eq!(dead["number"], 20);
    assert_eq!(dead["square"], "e1");
    let ev = lines(&[
        "knight",
        "trace",
        "5",
        "--start",
        "a5",
        "--json",
        "--until-solution",
        "1",
    ]);
    let tour = ev.iter().find(|e| e["event"] == "tour").unwrap();
    let path: Vec<&str> = tour["path"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap())
        .collect();
    // The seed's board: 1 on a5, 2 on c4, 3 on e5, ..., 25 on a1.
    assert_eq!(&path[..3], ["a5", "c4", "e5"]);
    assert_eq!(path[24], "a1");
    let checked = hetman()
        .args(["knight", "check", &path.join(" ")])
        .assert()
        .success();
    drop(checked);
    // Every tour from a1 (four million events: counted without parsing each).
    let out = stdout(&["knight", "trace", "5", "--start", "a1", "--json"]);
    assert_eq!(
        out.lines()
            .filter(|l| l.contains(r#""event":"tour""#))
            .count(),
        304
    );
    let end: Value = serde_json::from_str(out.lines().last().unwrap()).unwrap();
    assert_eq!(end["counters"]["tours"], 304);
}

#[test]
fn warnsdorff_trace_lists_candidates_with_degrees() {
    let ev = lines(&[
        "knight",
        "trace",
        "6",
        "--start",
        "a1",
        "--warnsdorff",
        "--json",
        "--until-solution",
        "1",
    ]);
    let c = ev.iter().find(|e| e["event"] == "candidates").unwrap();
    assert_eq!(c["square"], "a1");
    let opts = c["options"].as_array().unwrap();
    assert_eq!(opts.len(), 2);
    assert!(opts[0]["degree"].as_u64() <= opts[1]["degree"].as_u64());
    assert_eq!(count(&ev, "tour"), 1);
}

#[test]
fn text_form_reads_as_the_seeds_steps() {
    let out = stdout(&["queens", "trace", "4"]);
    let first: Vec<&str> = out.lines().take(9).collect();
    assert_eq!(
        first[0],
        "# hetman trace: 4 queens, the seeds' backtracking test(c)"
    );
    assert_eq!(first[1].trim(), "1  call test(a), 0 on the board");
    assert_eq!(first[6].trim(), "6      refuse b1: row taken");
    assert_eq!(first[8].trim(), "8      refuse b2: down taken");
    assert!(out.lines().last().unwrap().contains("solutions 2"), "{out}");
}

#[test]
fn a_closed_pipe_ends_the_stream_quietly() {
    let bin = assert_cmd::cargo::cargo_bin("hetman");
    let out = std::process::Command::new("bash")
        .arg("-c")
        .arg(format!(
            "set -o pipefail; '{}' queens trace 20 --json | head -3",
            bin.display()
        ))
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 3);
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Runs `args`, expects exit code 2, and gives stderr.
fn refused(args: &[&str]) -> String {
    let err = hetman()
        .args(args)
        .assert()
        .code(2)
        .get_output()
        .stderr
        .clone();
    String::from_utf8(err).unwrap()
}

#[test]
fn bad_sizes_and_watch_without_a_terminal_are_refused_by_name() {
    assert!(refused(&["queens", "trace", "40"]).contains("1 to 32"));
    assert!(refused(&["queens", "watch", "17"]).contains("1 to 16"));
    assert!(refused(&["knight", "watch", "9", "--start", "a1"]).contains("up to 8x8"));
    assert!(refused(&["queens", "trace", "8", "--until-solution", "0"]).contains("from 1"));
    // stdout is a pipe here, not a terminal.
    let err = refused(&["queens", "watch", "6"]);
    assert!(err.contains("hetman queens trace 6"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn every_event_names_its_code_line() {
    for alg in ["backtracking", "bitboard", "brute", "permutations"] {
        let ev = lines(&["queens", "trace", "4", "--algorithm", alg, "--json"]);
        for e in &ev[1..] {
            assert!(e["line"].is_string(), "{alg}: {e}");
        }
        assert_eq!(ev.last().unwrap()["line"], "main.end");
    }
    let ev = lines(&[
        "knight", "trace", "5", "--start", "a5", "--json", "--limit", "50",
    ]);
    assert!(ev[1..].iter().all(|e| e["line"].is_string()));
    assert_eq!(ev[1]["line"], "try.move");
}

#[test]
fn brute_force_and_permutations_count_as_queens_compare_does() {
    let ev = lines(&["queens", "trace", "6", "--algorithm", "brute", "--json"]);
    assert_eq!(ev[0]["algorithm"], "brute");
    assert_eq!(count(&ev, "placement"), 46_656);
    assert_eq!(count(&ev, "score"), 46_656);
    let end = &ev.last().unwrap()["counters"];
    assert_eq!(end["placements_scored"], 46_656);
    assert_eq!(end["solutions"], 4);
    assert_eq!(
        ev.iter()
            .filter(|e| e["event"] == "score" && e["pairs"] == 15)
            .count(),
        4
    );
    let ev = lines(&[
        "queens",
        "trace",
        "8",
        "--algorithm",
        "permutations",
        "--json",
    ]);
    let end = &ev.last().unwrap()["counters"];
    assert_eq!(end["permutations_tried"], 40_320);
    assert_eq!(end["solutions"], 92);
    // queens compare runs the same searches at full speed.
    let table = stdout(&["queens", "compare", "8"]);
    assert!(table.contains("40,320"), "{table}");
    assert!(table.contains("16,777,216"), "{table}");
    let text = stdout(&[
        "queens",
        "trace",
        "4",
        "--algorithm",
        "permutations",
        "--limit",
        "1",
    ]);
    assert!(
        text.contains("permutation 1 2 3 4: the queens on files a and b share a diagonal"),
        "{text}"
    );
    let err = refused(&["queens", "trace", "9", "--algorithm", "brute"]);
    assert!(err.contains("N = 9 with --algorithm brute"), "{err}");
    assert!(err.contains("1 to 8"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
}
