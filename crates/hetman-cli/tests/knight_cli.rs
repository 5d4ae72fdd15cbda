//! The real `hetman knight ...` binary, run as a new user would: the seed's
//! tour, the theorems, counts with their conventions, checking, bad input.

mod common;
use common::{group, run, run_in, run_line};

#[test]
fn tour_5_from_a5() {
    let (out, err, code) = run(&["knight", "tour", "5", "--start", "a5"]);
    assert_eq!((err.as_str(), code), ("", 0));
    insta::assert_snapshot!(out);
    // What it prints, the checker accepts.
    let (out, _, code) = run_in(&["knight", "check", "--closed"], &out);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("not closed"), "{out}");
}

#[test]
fn backtracking_prints_the_seed_tour() {
    let (out, _, code) = run(&["knight", "tour", "5", "-s", "a5", "-a", "backtracking"]);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "5  1 20 17 12  3\n4 16 11  2  7 18\n3 21 24 19  4 13\n2 10 15  6 23  8\n1 25 22  9 14  5\n   a  b  c  d  e\n"
    );
}

#[test]
fn printed_tours_pass_the_checker() {
    for args in [
        &["knight", "tour", "8", "--closed"][..],
        &["knight", "tour", "8", "--format", "moves"],
        &["knight", "tour", "6", "--block", "a1", "--start", "b1"],
        &["knight", "tour", "30", "--closed", "-a", "divide"],
        &["knight", "tour", "31", "-a", "divide", "--format", "moves"],
        &["knight", "tour", "3x4", "-a", "backtracking"],
    ] {
        let (out, err, code) = run(args);
        assert_eq!(code, 0, "{args:?}: {err}");
        let closed = args.contains(&"--closed");
        let block: Vec<&str> = match args.iter().position(|a| *a == "--block") {
            Some(i) => vec!["--block", args[i + 1]],
            None => vec![],
        };
        let mut check = vec!["knight", "check"];
        if closed {
            check.push("--closed");
        }
        check.extend(&block);
        if args.contains(&"moves") {
            check.extend(["--size", args[2]]);
        }
        let (v, err, code) = run_in(&check, &out);
        assert_eq!(code, 0, "{args:?}: {v} {err}");
    }
}

#[test]
fn json_has_the_board_and_the_moves() {
    let (out, _, code) = run(&["knight", "tour", "6", "--closed", "--json", "--stats"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["size"], "6x6");
    assert_eq!(v["closed"], true);
    assert_eq!(v["moves"].as_array().unwrap().len(), 36);
    assert_eq!(v["board"].as_array().unwrap().len(), 6);
    assert!(v["nodes"].as_u64().unwrap() >= 36);
}

#[test]
fn no_tour_names_the_theorem_and_exits_1() {
    for (args, says) in [
        (&["knight", "tour", "3"][..], "b2 cannot be reached"),
        (&["knight", "tour", "4"], "4x4"),
        (&["knight", "tour", "2x8"], "a side is 1 or 2"),
        (&["knight", "tour", "5", "--closed"], "colour parity"),
        (&["knight", "tour", "5", "--start", "b1"], "colour parity"),
        (&["knight", "tour", "4x7", "--closed"], "Schwenk"),
        (&["knight", "tour", "3x8", "--closed"], "Schwenk"),
    ] {
        let (out, err, code) = run(args);
        assert_eq!(code, 1, "{args:?}: {err}");
        // The answer "no" and its reason go to stderr; stdout carries only tours.
        assert!(
            out.is_empty() && err.contains(says),
            "{args:?}: {out} {err}"
        );
    }
    // Decided by the search: 3x7 has no closed tour (Schwenk says nothing of
    // odd x odd only through parity) - use blocked squares instead.
    let (out, err, code) = run(&[
        "knight", "tour", "5", "--block", "c3", "--start", "a1", "--closed",
    ]);
    assert_eq!(code, 1);
    assert!(
        out.is_empty() && err.contains("exhaustive search"),
        "{out} {err}"
    );
}

#[test]
fn counts_say_their_convention() {
    let (out, _, code) = run(&["knight", "count", "5", "--start", "a1"]);
    assert_eq!(code, 0);
    assert_eq!(out, "5x5 from a1: 304 directed open tours\n");
    let (out, _, _) = run(&["knight", "count", "5"]);
    assert!(
        out.starts_with("5x5: 1,728 directed open tours (864 undirected: each path once)\n"),
        "{out}"
    );
    assert!(out.contains("5 304   0  56   0 304\n"), "{out}");
    let (out, _, _) = run(&["knight", "count", "3x4"]);
    assert!(out.contains("(8 undirected"), "{out}");
    let (out, _, _) = run(&["knight", "count", "6x5", "--closed"]);
    assert!(
        out.starts_with("6x5: 8 closed tours (undirected: each cycle once)\n"),
        "{out}"
    );
    let (out, _, _) = run(&["knight", "count", "10x3", "--closed", "--json"]);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["tours"], 16);
    assert_eq!(v["convention"], "undirected");
    let (out, _, _) = run(&["knight", "count", "5x6", "--closed", "--start", "a1"]);
    assert_eq!(
        out,
        "5x6 from a1: 16 directed closed tours (each closed tour once in each direction)\n"
    );
    let (out, _, code) = run(&["knight", "count", "4x5", "--undirected"]);
    assert_eq!(code, 0);
    assert!(
        out.starts_with("4x5: 82 undirected open tours (each path once; 164 directed)\n"),
        "{out}"
    );
    let (out, _, _) = run(&["knight", "count", "4x5", "-u", "--json"]);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!((&v["tours"], &v["directed"]), (&82.into(), &164.into()));
    assert_eq!(v["convention"], "undirected");
    let (_, err, code) = run(&["knight", "count", "5", "--undirected", "--start", "a1"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("--undirected") && err.contains("--start"),
        "{err}"
    );
}

#[test]
fn per_square_table_comes_from_the_frontier_and_adds_up() {
    let (out, _, code) = run(&["knight", "count", "6", "--per-square", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["directed"], 6_637_920);
    let rows = v["per_square_directed"].as_array().unwrap();
    assert_eq!(rows.len(), 6);
    let cells: Vec<u64> = rows
        .iter()
        .flat_map(|r| r.as_array().unwrap().iter().map(|c| c.as_u64().unwrap()))
        .collect();
    assert_eq!(cells.len(), 36);
    assert_eq!(cells.iter().sum::<u64>(), 6_637_920);
    assert_eq!(cells[0], 524_486); // a6
    let (out, _, _) = run(&["knight", "count", "6", "--per-square", "--stats"]);
    assert!(
        out.contains("1 524486 289050 115837 115837 289050 524486\n"),
        "{out}"
    );
    assert!(
        out.contains("per-square table: frontier with a fixed tour end, 6 squares counted"),
        "{out}"
    );
    // A blocked square breaks the symmetry: every square is counted.
    let (out, _, code) = run(&["knight", "count", "5", "--block", "b1", "--stats"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("24 squares counted"), "{out}");
    // Closed tours: every square has twice the total.
    let (out, _, _) = run(&["knight", "count", "6x5", "--closed"]);
    assert!(out.contains("1 16 16 16 16 16 16\n"), "{out}");
}

#[test]
fn counts_from_a_square_too_large_for_backtracking_go_to_the_frontier() {
    // Closed tours from d4 of 8x7: every closed tour runs through d4, once
    // in each direction: twice the board's.
    let (out, err, code) = run(&[
        "knight", "count", "8x7", "--closed", "--start", "d4", "--json", "--stats",
    ]);
    assert_eq!(code, 0, "{err}");
    let from: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    let (out, _, _) = run(&["knight", "count", "8x7", "--closed", "--json"]);
    let whole: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(
        from["tours"].as_u64(),
        whole["tours"].as_u64().map(|t| 2 * t)
    );
    assert_eq!(from["convention"], "directed");
    assert!(
        from["engine"].as_str().unwrap().starts_with("frontier"),
        "{from}"
    );
    // Open tours from a1 of 6x8: the a1 cell of the per-square table (which
    // adds up to the board's total).
    let (out, err, code) = run(&["knight", "count", "6x8", "--start", "a1", "--stats"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("engine: frontier with the tour's end fixed on the start"),
        "{out}"
    );
    let (table, _, _) = run(&["knight", "count", "6x8", "--per-square", "--json"]);
    let v: serde_json::Value = serde_json::from_str(table.trim()).unwrap();
    let rows = v["per_square_directed"].as_array().unwrap();
    let a1 = rows[rows.len() - 1][0].as_u64().unwrap();
    assert!(a1 > 0);
    assert!(
        out.starts_with(&format!("6x8 from a1: {} directed open tours\n", group(a1))),
        "{out}"
    );
    // A small search stays with backtracking, which takes no --passes.
    let (out, _, _) = run(&["knight", "count", "5", "--start", "a1", "--stats"]);
    assert!(out.contains("engine: backtracking"), "{out}");
    let (_, err, code) = run(&["knight", "count", "5", "--start", "a1", "--passes", "3"]);
    assert_eq!(code, 2);
    assert!(err.contains("counted by backtracking"), "{err}");
}

#[test]
fn a_per_square_table_keeps_its_cells_beside_its_checkpoint() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("knight-cells");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let ckpt = dir.join("6.ckpt");
    let ckpt = ckpt.to_str().unwrap();
    let line = format!("knight count 6 --per-square --json --checkpoint {ckpt}");
    // Finished: the same table as without a checkpoint, and no file left.
    let (out, err, code) = run_line(&line);
    assert_eq!(code, 0, "{err}");
    let (plain, _, _) = run(&["knight", "count", "6", "--per-square", "--json"]);
    assert_eq!(out, plain);
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
    // A file of the user's where the cells would go: refused, and kept.
    let cells = format!("{ckpt}.cells");
    std::fs::write(&cells, "my notes\n").unwrap();
    let (out, err, code) = run_line(&line);
    assert_eq!(code, 2, "{out}");
    assert!(err.contains(&cells), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert_eq!(std::fs::read_to_string(&cells).unwrap(), "my notes\n");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn list_streams_and_stops() {
    let (out, _, code) = run(&["knight", "list", "5", "--start", "a1", "--limit", "3"]);
    assert_eq!(code, 0);
    assert_eq!(out.lines().count(), 3);
    let (out, _, code) = run(&["knight", "list", "3x4", "--start", "a1", "--json"]);
    assert_eq!(code, 0);
    assert_eq!(out.lines().count(), 2);
    for l in out.lines() {
        let v: serde_json::Value = serde_json::from_str(l).unwrap();
        assert_eq!(v["moves"].as_array().unwrap().len(), 12);
    }
}

#[test]
fn check_names_the_first_fault() {
    let (out, _, code) = run(&["knight", "check", "--size", "5", "a1", "b3", "a4", "c4"]);
    assert_eq!(code, 1);
    assert_eq!(
        out,
        "not a tour of 5x5: move 2, b3 to a4, is not a knight's move\n"
    );
    let (out, _, code) = run(&["knight", "check", "--size", "3x4", "a1", "b3", "c1"]);
    assert_eq!(code, 1);
    assert!(out.contains("never visited"), "{out}");
    let board = "3 1 . .\n2 . . 2\n1 . . .\n  a b c\n";
    let (out, _, code) = run_in(&["knight", "check"], board);
    assert_eq!(code, 1);
    assert!(out.contains("not a tour of 3x3"), "{out}");
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    for (args, says) in [
        (&["knight", "tour", "0"][..], "'0'"),
        (&["knight", "tour", "-5"], "'-5'"),
        (&["knight", "tour", "5x"], "'5x'"),
        (&["knight", "tour", "5", "--start", "f1"], "--start 'f1'"),
        (
            &["knight", "tour", "5", "--start", "a1", "--block", "a1"],
            "--start 'a1'",
        ),
        (&["knight", "tour", "5", "--block", "q9"], "--block 'q9'"),
        (&["knight", "tour", "5", "--algorithm", "magic"], "magic"),
        (&["knight", "tour", "4x6", "-a", "divide"], "divide"),
        (
            &["knight", "list", "9", "--start", "a1"],
            "at most 64 squares",
        ),
        (&["knight", "tour", "2000", "--json"], "--json"),
        (&["knight", "tour", "1048576"], "MiB"),
        (&["knight", "check", "a1", "zz"], "tour"),
        (&["knight", "count", "8x5", "--passes", "0"], "--passes"),
        (&["knight", "count", "8x5", "--passes", "256"], "--passes"),
    ] {
        let (out, err, code) = run(args);
        assert_eq!(code, 2, "{args:?}: {out} {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("error: "), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

#[test]
fn whole_board_count_resumes_after_kill() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("knight-checkpoint");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let ckpt = dir.join("8x6.ckpt");
    let ckpt = ckpt.to_str().unwrap();
    let line =
        format!("knight count 8x6 --closed -j1 --quiet --checkpoint {ckpt} --checkpoint-every 0");
    let args = shell_words::split(&line).unwrap();
    // Kill the count (no chance to clean up) once a checkpoint has been written.
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_hetman"))
        .args(&args)
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let t0 = std::time::Instant::now();
    while !std::path::Path::new(ckpt).exists() && t0.elapsed().as_secs() < 60 {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    std::thread::sleep(std::time::Duration::from_millis(300));
    child.kill().unwrap();
    let status = child.wait().unwrap();
    if !status.success() {
        assert!(
            std::path::Path::new(ckpt).exists(),
            "no checkpoint was left"
        );
        let (out, err, code) = run_line(&line);
        assert_eq!(code, 0, "{err}");
        assert!(err.contains("resuming from the checkpoint"), "{err}");
        assert!(out.contains("55,488,142 closed tours"), "{out}");
    }
    // Finished: the checkpoint is gone. --start counts take one too.
    assert!(!std::path::Path::new(ckpt).exists());
    let (out, err, code) = run_line(&format!("knight count 5 --start a1 --checkpoint {}", ckpt));
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("304 directed open tours"), "{out}");
    assert!(!std::path::Path::new(ckpt).exists());
}

#[test]
fn a_count_in_passes_is_the_same_count() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("knight-passes");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let ckpt = dir.join("8x5.ckpt");
    for (passes, checkpoint) in [("1", false), ("4", false), ("3", true)] {
        let mut args = vec!["knight", "count", "8x5", "--closed", "--passes", passes];
        if checkpoint {
            args.extend(["--checkpoint", ckpt.to_str().unwrap()]);
        }
        let (out, err, code) = run(&args);
        assert_eq!(code, 0, "{args:?}: {err}");
        assert!(out.contains("44,202 closed tours"), "{args:?}: {out}");
    }
    // The checkpoint and the passes' files are gone when the count is done.
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
}

/// Starts `hetman knight count ARGS --shard I/K ...` for every shard at once.
fn spawn_shards(args: &[&str], k: usize, dir: &std::path::Path) -> Vec<std::process::Child> {
    (0..k)
        .map(|i| {
            std::process::Command::new(env!("CARGO_BIN_EXE_hetman"))
                .args(args)
                .args([
                    "--quiet",
                    "-j1",
                    "--shard",
                    &format!("{i}/{k}"),
                    "--exchange",
                ])
                .arg(dir.join("exchange"))
                .arg("--result")
                .arg(dir.join(format!("s{i}.json")))
                .stdout(std::process::Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect()
}

#[test]
fn shards_run_together_and_merge_to_the_whole_count() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("knight-shards");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for child in spawn_shards(&["knight", "count", "6", "--closed"], 3, &dir) {
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success());
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(text.contains("this shard's part of the total"), "{text}");
    }
    let files: Vec<String> = (0..3)
        .map(|i| dir.join(format!("s{i}.json")).display().to_string())
        .collect();
    let files: Vec<&str> = files.iter().map(String::as_str).collect();
    let merge = |extra: &[&str]| {
        let mut args = vec!["knight", "merge"];
        args.extend(extra);
        run(&args)
    };
    let (out, err, code) = merge(&files);
    assert_eq!(code, 0, "{err}");
    let (whole, _, _) = run(&["knight", "count", "6", "--closed"]);
    assert_eq!(out.lines().next(), whole.lines().next());
    assert_eq!(
        out,
        "6x6: 9,862 closed tours (undirected: each cycle once)\n"
    );
    let (json, _, _) = merge(&[files[0], files[1], files[2], "--json"]);
    let (whole, _, _) = run(&["knight", "count", "6", "--closed", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let w: serde_json::Value = serde_json::from_str(&whole).unwrap();
    assert_eq!(v["tours"], w["tours"]);
    // Missing and duplicated shards are named by number.
    let (_, err, code) = merge(&[files[0], files[2], files[2]]);
    assert_eq!(code, 2);
    assert!(err.contains("missing shard 1"), "{err}");
    assert!(err.contains("shard 2 is given twice"), "{err}");
    // A queens record is not a knight record.
    let q = dir.join("q.json");
    let q = q.to_str().unwrap();
    let (_, err, code) = run(&["queens", "count", "8", "--shard", "0/1", "--result", q]);
    assert_eq!(code, 0, "{err}");
    let (_, err, code) = merge(&[q]);
    assert_eq!(code, 2);
    assert!(
        err.contains("holds a hetman-queens-shard, not a hetman-knight-shard"),
        "{err}"
    );
    // A file of the user's is not a record, and is never overwritten.
    std::fs::write(dir.join("notes.txt"), "my notes").unwrap();
    let notes = dir.join("notes.txt");
    let (_, err, code) = merge(&[notes.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("not a file written by hetman"), "{err}");
}

#[test]
fn a_killed_shard_resumes_from_the_exchange() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("knight-shard-kill");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let args = ["knight", "count", "8x6", "--closed"];
    let mut children = spawn_shards(&args, 2, &dir);
    // Kill shard 0 (no chance to clean up) once it has finished some squares.
    let mark = dir.join("exchange").join("square-0020").join("done-0");
    let t0 = std::time::Instant::now();
    while !mark.exists() && t0.elapsed().as_secs() < 60 {
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    children[0].kill().unwrap();
    children[0].wait().unwrap();
    let (exchange, result) = (dir.join("exchange"), dir.join("s0.json"));
    let (out, err, code) = run_line(&format!(
        "knight count 8x6 --closed --quiet --shard 0/2 --exchange {} --result {}",
        exchange.display(),
        result.display()
    ));
    assert_eq!(code, 0, "{out} {err}");
    assert!(children.remove(1).wait().unwrap().success());
    let s0 = dir.join("s0.json").display().to_string();
    let s1 = dir.join("s1.json").display().to_string();
    let (out, err, code) = run(&["knight", "merge", &s0, &s1]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "8x6: 55,488,142 closed tours (undirected: each cycle once)\n"
    );
}

#[test]
fn shard_arguments_are_checked() {
    for (args, says) in [
        (
            &["knight", "count", "6", "--shard", "0/2"][..],
            "--exchange",
        ),
        (
            &["knight", "count", "6", "--shard", "2/2", "--exchange", "x"][..],
            "--shard",
        ),
        (
            &[
                "knight",
                "count",
                "6",
                "--start",
                "a1",
                "--shard",
                "0/2",
                "--exchange",
                "x",
            ][..],
            "--start",
        ),
    ] {
        let (out, err, code) = run(args);
        assert_eq!(code, 2, "{args:?}: {out} {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}
