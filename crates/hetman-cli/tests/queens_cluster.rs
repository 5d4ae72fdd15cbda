//! Long counts through the real binary: kill -9 and resume, shards and merge,
//! Slurm scripts.

mod common;
use assert_cmd::cargo::CommandCargoExt;
use common::{group, run, run_line};
use std::collections::hash_map::RandomState;
use std::hash::BuildHasher;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn hetman() -> Command {
    Command::cargo_bin("hetman").unwrap()
}

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("hetman-cluster-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// (total, unique) from the OEIS table in the library's test data.
fn oeis(n: usize) -> (u64, u64) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../hetman/tests/data/queens_oeis.txt");
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let v: Vec<u64> = l.split_whitespace().map(|x| x.parse().unwrap()).collect();
            (v[0] as usize, v[1], v[2])
        })
        .find(|&(m, _, _)| m == n)
        .map(|(_, t, u)| (t, u))
        .unwrap()
}

fn count_line(n: usize) -> String {
    let (t, u) = oeis(n);
    format!("{n} queens: {} solutions, {} unique\n", group(t), group(u))
}

fn random_below(bound: u64) -> u64 {
    RandomState::new().hash_one(Instant::now()) % bound
}

fn lines(path: &Path) -> usize {
    std::fs::read_to_string(path).map_or(0, |t| t.lines().count())
}

/// Waits (up to a minute) until process `pid` catches SIGINT, from the
/// `SigCgt` mask in /proc (Linux); returns at once where there is no /proc.
fn wait_for_sigint_handler(pid: u32) {
    let t0 = std::time::Instant::now();
    while t0.elapsed() < Duration::from_secs(60) {
        let Ok(status) = std::fs::read_to_string(format!("/proc/{pid}/status")) else {
            return;
        };
        let caught = status
            .lines()
            .find_map(|l| l.strip_prefix("SigCgt:"))
            .and_then(|m| u64::from_str_radix(m.trim(), 16).ok())
            .is_some_and(|m| m & (1 << (2 - 1)) != 0);
        if caught {
            return;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// The `work units: U (R from the checkpoint)` figures of a `--stats` output.
fn units_line(out: &str) -> (String, String) {
    let line = out
        .lines()
        .find_map(|l| l.strip_prefix("work units: "))
        .unwrap_or_else(|| panic!("{out}"));
    let (all, rest) = line.split_once(" (").unwrap();
    let from = rest.split_once(' ').unwrap().0;
    (all.to_string(), from.to_string())
}

/// Kills a checkpointed count of the half-board join (N = 16, one thread,
/// about 0.2 s) again and again at random moments, each after the
/// checkpoint has grown (so that every round gets somewhere) and a random
/// further delay, once with Ctrl-C, then resumes.
#[test]
fn killed_at_random_moments_then_resumed_gives_the_uninterrupted_answer() {
    let dir = temp_dir("resume");
    let ckpt = dir.join("q16.ckpt");
    let ckpt_s = ckpt.to_str().unwrap();
    let line = format!("queens count 16 --threads 1 --quiet --checkpoint {ckpt_s}");
    let args = shell_words::split(&line).unwrap();
    let (plain, _, code) = run(&["queens", "count", "16", "--threads", "1"]);
    assert_eq!(code, 0);
    assert_eq!(plain, count_line(16));
    let mut recorded = vec![0];
    let mut moments = Vec::new();
    for round in 0..6 {
        let before = lines(&ckpt);
        let mut child = hetman()
            .args(&args)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        if round == 2 {
            // Ctrl-C: exit 130 after syncing the checkpoint. On a loaded machine the
            // process may not have installed its handler yet: wait until it catches SIGINT.
            wait_for_sigint_handler(child.id());
        }
        // Until a unit more is recorded (or the count ends), then a little more.
        let t0 = Instant::now();
        while lines(&ckpt) <= before.max(1)
            && child.try_wait().unwrap().is_none()
            && t0.elapsed() < Duration::from_secs(20)
        {
            std::thread::sleep(Duration::from_millis(1));
        }
        let wait = random_below(40);
        moments.push(t0.elapsed().as_millis() as u64 + wait);
        std::thread::sleep(Duration::from_millis(wait));
        if round == 2 {
            let pid = child.id().to_string();
            Command::new("kill").args(["-INT", &pid]).status().unwrap();
            let status = child.wait().unwrap();
            assert!(
                matches!(status.code(), Some(130 | 0)),
                "{status:?} after SIGINT at {moments:?} ms"
            );
        } else {
            let _ = child.kill(); // SIGKILL (the count may have ended)
            child.wait().unwrap();
        }
        recorded.push(lines(&ckpt));
    }
    let (out, err, code) = run_line(&line);
    assert_eq!((code, err.as_str()), (0, ""), "kills at {moments:?} ms");
    assert_eq!(out, plain, "kills at {moments:?} ms");
    // The checkpoint only grew.
    assert!(recorded.windows(2).all(|w| w[0] <= w[1]), "{recorded:?}");
    // Run again: everything comes from the checkpoint, on another thread count.
    let (out, _, _) = run_line(&format!(
        "queens count 16 --checkpoint {} --stats --threads 2",
        ckpt_s
    ));
    assert!(out.starts_with(&plain), "{out}");
    let (all, from) = units_line(&out);
    assert_eq!(all, from, "{out}");
    assert!(out.contains("engine: join-2/"), "{out}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_checkpoint_of_another_run_or_damaged_is_refused() {
    let dir = temp_dir("refuse");
    let ckpt = dir.join("c.ckpt");
    let c = ckpt.to_str().unwrap();
    assert_eq!(run(&["queens", "count", "11", "--checkpoint", c]).2, 0);
    let (_, err, code) = run(&["queens", "count", "12", "--checkpoint", c]);
    assert_eq!(code, 2);
    assert_eq!(
        err,
        format!(
            "error: checkpoint '{c}': belongs to another run: it is for n=11, this run has n=12; \
             use another file, or delete it to start over\n"
        )
    );
    let (_, err, code) = run(&["queens", "count", "11", "--shard", "0/2", "--checkpoint", c]);
    assert_eq!(code, 2);
    assert!(
        err.contains("it is for shard=0/1, this run has shard=0/2"),
        "{err}"
    );
    // A torn last line (a crash while appending) is dropped and redone.
    let mut text = std::fs::read_to_string(&ckpt).unwrap();
    std::fs::write(&ckpt, format!("{text}unit 5 1")).unwrap();
    let (out, _, code) = run(&["queens", "count", "11", "--checkpoint", c]);
    assert_eq!((code, out), (0, count_line(11)));
    // A changed digit in a complete line is damage.
    text = std::fs::read_to_string(&ckpt).unwrap();
    let third = text.lines().nth(2).unwrap().to_string();
    let broken = third.replacen("unit ", "unit 9", 1);
    std::fs::write(&ckpt, text.replacen(&third, &broken, 1)).unwrap();
    let (_, err, code) = run(&["queens", "count", "11", "--checkpoint", c]);
    assert_eq!(code, 2);
    assert!(err.contains("damaged at line 3"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

fn shard_files(dir: &Path, n: usize, k: usize) -> Vec<String> {
    (0..k)
        .map(|i| {
            let f = dir.join(format!("n{n}-k{k}-s{i}.json"));
            let f = f.to_str().unwrap().to_string();
            let (out, err, code) = run(&[
                "queens",
                "count",
                &n.to_string(),
                "--shard",
                &format!("{i}/{k}"),
                "--result",
                &f,
            ]);
            assert_eq!(code, 0, "{err}");
            if k > 1 {
                assert!(out.contains(&format!("shard {i} of {k}")), "{out}");
            } else {
                assert_eq!(out, count_line(n)); // one shard is the whole count
            }
            f
        })
        .collect()
}

#[test]
fn shards_merge_to_the_total_for_several_k() {
    let dir = temp_dir("merge");
    for k in [1, 2, 5, 16] {
        let files = shard_files(&dir, 13, k);
        let mut args = vec!["queens", "merge"];
        args.extend(files.iter().map(String::as_str));
        let (out, err, code) = run(&args);
        assert_eq!((code, err.as_str()), (0, ""), "K = {k}");
        assert_eq!(out, count_line(13), "K = {k}");
    }
    let files = shard_files(&dir, 14, 3);
    let (out, _, _) = run(&["queens", "merge", "--json", &files[2], &files[0], &files[1]]);
    let (count, _, _) = run(&["queens", "count", "14", "--json"]);
    assert_eq!(out, count);
    // A directory stands for every *.json in it: here the 14-queens shards
    // only (a file of another name beside them is left out).
    let only = dir.join("n14");
    std::fs::create_dir_all(&only).unwrap();
    for f in &files {
        let name = Path::new(f).file_name().unwrap();
        std::fs::rename(f, only.join(name)).unwrap();
    }
    std::fs::write(only.join("notes.txt"), "not a shard").unwrap();
    let (out, err, code) = run(&["queens", "merge", "--json", only.to_str().unwrap()]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(out, count);
    // One shard moved out: the directory's shards are one short, named.
    let moved = dir.join("s1.json");
    std::fs::rename(only.join("n14-k3-s1.json"), &moved).unwrap();
    let (_, err, code) = run(&["queens", "merge", only.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("missing shard 1"), "{err}");
    // ...and given beside the directory it is counted once.
    let (out, _, code) = run(&[
        "queens",
        "merge",
        "--json",
        only.to_str().unwrap(),
        moved.to_str().unwrap(),
    ]);
    assert_eq!((code, out), (0, count));
    // A directory with no .json file is refused, not merged as nothing.
    let empty = dir.join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    let (_, err, code) = run(&["queens", "merge", empty.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("is a directory with no .json file"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Above a million shards each shard of a million is cut again (the
/// library's tests merge whole fine splits of small N): a shard of such a
/// split counts, records and estimates like any other, a merge of some of
/// its shards names the missing ones, and a K that does not divide is
/// refused naming the argument.
#[test]
fn more_than_a_million_shards_cut_each_shard_again() {
    let dir = temp_dir("fine");
    let k = 2_000_000;
    let mut files = Vec::new();
    for i in [0, 1, k - 1] {
        let f = dir.join(format!("s{i}.json"));
        let f = f.to_str().unwrap().to_string();
        let (out, err, code) = run(&[
            "queens",
            "count",
            "12",
            "--shard",
            &format!("{i}/{k}"),
            "--result",
            &f,
        ]);
        assert_eq!((code, err.as_str()), (0, ""), "{out}");
        assert!(out.contains(&format!("shard {i} of {k} (split ")), "{out}");
        files.push(f);
    }
    let mut args = vec!["queens", "merge"];
    args.extend(files.iter().map(String::as_str));
    let (_, err, code) = run(&args);
    assert_eq!(code, 2);
    assert!(err.contains("missing shards 2, 3, 4"), "{err}");
    let (out, _, code) = run(&[
        "queens",
        "count",
        "12",
        "--estimate",
        "--shard",
        "5/2000000",
    ]);
    assert_eq!(code, 0);
    assert!(out.contains("shard 5 of 2000000: about "), "{out}");
    assert!(out.contains("(the largest shard: at most "), "{out}");
    let (_, err, code) = run(&["queens", "count", "12", "--shard", "0/1000001"]);
    assert_eq!(code, 2);
    assert!(err.contains("'--shard <I/K>'"), "{err}");
    assert!(err.contains("K must be a multiple of it"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    let (_, err, code) = run(&["queens", "count", "12", "--shard", "0/64000001"]);
    assert_eq!(code, 2);
    assert!(err.contains("from 1 to 64000000"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn merge_names_missing_duplicated_and_mismatched_shards() {
    let dir = temp_dir("merge-bad");
    let a = shard_files(&dir, 12, 4);
    let b = shard_files(&dir, 13, 4);
    let (_, err, code) = run(&["queens", "merge", &a[0], &a[2], &a[2], &b[3]]);
    assert_eq!(code, 2);
    assert!(
        err.starts_with("error: cannot merge 4 shard results: missing shards 1, 3;"),
        "{err}"
    );
    assert!(
        err.contains(&format!("shard 2 is given twice ({}, {})", a[2], a[2])),
        "{err}"
    );
    assert!(
        err.contains(&format!(
            "shard 3 ({}) is from another split (N = 13, 4 shards",
            b[3]
        )),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    // Another K for the same N is another split too.
    let c = shard_files(&dir, 12, 3);
    let (_, err, code) = run(&["queens", "merge", &a[0], &a[1], &a[2], &c[2]]);
    assert_eq!(code, 2);
    assert!(err.contains("missing shard 3;"), "{err}");
    assert!(err.contains("shard 2 ("), "{err}");
    // A record of another engine or version is from another split, named.
    // (Written as hetman writes a record: only the engine differs.)
    let (identity, v) =
        hetman::jobs::record::read(Path::new(&a[3]), "hetman-queens-shard").unwrap();
    let old = dir.join("old-version.json");
    let engine = v["engine"].as_str().unwrap().to_string();
    assert!(engine.starts_with("join-2/"), "{engine}");
    let mut edited = v.clone();
    edited["engine"] = "fast-1/0.0.1".into();
    hetman::jobs::record::write(&old, "hetman-queens-shard", &identity, &edited).unwrap();
    let (_, err, code) = run(&[
        "queens",
        "merge",
        &a[0],
        &a[1],
        &a[2],
        old.to_str().unwrap(),
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("engine fast-1/0.0.1; the others are"), "{err}");
    assert!(err.contains(&format!("engine {engine})")), "{err}");
    // Not a result at all.
    let junk = dir.join("junk.json");
    std::fs::write(&junk, "{\"n\": 3}").unwrap();
    let (_, err, code) = run(&["queens", "merge", junk.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("is not a file written by hetman"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn estimate_prints_wall_and_cpu_time_memory_overall_and_per_shard() {
    let (out, _, code) = run(&["queens", "count", "15", "--estimate", "--shard", "1/4"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("15 queens: about "), "{out}");
    assert!(
        out.contains(" of CPU time), peak memory at most about "),
        "{out}"
    );
    assert!(out.contains("with the half-board join"), "{out}");
    assert!(out.contains("shard 1 of 4: about "), "{out}");
}

/// The engine `--estimate` is for, as its JSON names it.
fn estimated_engine(n: &str) -> String {
    let (out, err, code) = run(&["queens", "count", n, "--estimate", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    v["engine"].as_str().unwrap().to_string()
}

/// One N of each range of the fast engine: below the join (constellations)
/// and the join's range, up to its top (N = 28, refused here for its time,
/// naming the engine, before any plan is made).
#[test]
fn the_estimates_engine_is_the_engine_that_runs() {
    let dir = temp_dir("estimate-engine");
    for n in ["6", "8", "14"] {
        let ckpt = dir.join(format!("q{n}.ckpt"));
        let (out, err, code) = run_line(&format!(
            "queens count {} --json --stats --checkpoint {}",
            n,
            ckpt.to_str().unwrap()
        ));
        assert_eq!(code, 0, "{err}");
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(
            estimated_engine(n),
            v["engine"].as_str().unwrap(),
            "N = {n}"
        );
        // The plain count's work figure is that engine's too.
        let (plain, _, _) = run(&["queens", "count", n, "--json", "--stats"]);
        let p: serde_json::Value = serde_json::from_str(&plain).unwrap();
        assert_eq!(p["work_unit"], v["work_unit"], "N = {n}");
    }
    let (_, err, code) = run(&[
        "queens", "count", "28", "--shard", "0/2", "--result", "x.json",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("with the half-board join"), "{err}");
    assert!(!err.contains("constellation"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn slurm_writes_an_array_and_a_dependent_merge() {
    let dir = temp_dir("slurm");
    let d = dir.to_str().unwrap();
    let (out, err, code) = run_line(&format!(
        "queens slurm 13 --shards 4 --partition debug --time 10:00 --dir {}",
        d
    ));
    assert_eq!((code, err.as_str()), (0, ""));
    let array = std::fs::read_to_string(dir.join("queens-13.sbatch")).unwrap();
    assert!(array.contains("#SBATCH --array=0-3\n"), "{array}");
    assert!(array.contains("#SBATCH --partition=debug\n"), "{array}");
    assert!(array.contains("#SBATCH --time=10:00\n"), "{array}");
    assert!(
        array.contains("queens count 13 --shard \"$i/4\""),
        "{array}"
    );
    assert!(array.contains("(half-board join, join-2/"), "{array}");
    let merge = std::fs::read_to_string(dir.join("queens-13-merge.sbatch")).unwrap();
    assert!(merge.contains("queens merge --stats"), "{merge}");
    assert!(out.contains("jobid=$(sbatch --parsable"), "{out}");
    assert!(out.contains("sbatch --dependency=afterok:$jobid"), "{out}");
    // More shards than the cluster's largest array: each task takes every
    // 16th shard in turn. (The loop runs in bash here the way Slurm runs it,
    // with a stand-in for hetman that prints its shard; the real run is
    // scripts/slurm-test.sh.)
    let (out, err, code) = run_line(&format!(
        "queens slurm 13 --shards 40 --max-array 16 --dir {d} --hetman /bin/echo"
    ));
    assert_eq!((code, err.as_str()), (0, ""));
    assert!(
        out.contains("a job array of 16 tasks for 40 shards: up to 3 shards a task"),
        "{out}"
    );
    let array = std::fs::read_to_string(dir.join("queens-13.sbatch")).unwrap();
    assert!(array.contains("#SBATCH --array=0-15\n"), "{array}");
    let mut seen = Vec::new();
    for task in 0..16 {
        let ran = std::process::Command::new("bash")
            .arg(dir.join("queens-13.sbatch"))
            .env("SLURM_ARRAY_TASK_ID", task.to_string())
            .output()
            .unwrap();
        assert!(
            ran.status.success(),
            "{}",
            String::from_utf8_lossy(&ran.stderr)
        );
        for line in String::from_utf8(ran.stdout).unwrap().lines() {
            let shard = line
                .split("--shard ")
                .nth(1)
                .unwrap()
                .split('/')
                .next()
                .unwrap();
            seen.push((task, shard.parse::<u32>().unwrap()));
        }
    }
    seen.sort_by_key(|&(_, s)| s);
    assert_eq!(seen.len(), 40, "{seen:?}");
    for (i, &(task, shard)) in seen.iter().enumerate() {
        assert_eq!((shard, task), (i as u32, shard % 16));
    }
    // A shard whose result is written is not counted again.
    std::fs::write(dir.join("results/shard-21.json"), "{}").unwrap();
    let ran = std::process::Command::new("bash")
        .arg(dir.join("queens-13.sbatch"))
        .env("SLURM_ARRAY_TASK_ID", "5")
        .output()
        .unwrap();
    let said = String::from_utf8(ran.stdout).unwrap();
    assert!(
        said.contains("--shard 5/40") && said.contains("--shard 37/40"),
        "{said}"
    );
    assert!(!said.contains("--shard 21/40"), "{said}");
    for (args, what) in [
        (vec!["--shards", "0"], "--shards"),
        (vec!["--shards", "2", "--time", "1h"], "--time"),
        (vec!["--shards", "2", "--partition", "a b"], "--partition"),
    ] {
        let mut all = vec!["queens", "slurm", "13", "--dir", d];
        all.extend(args);
        let (_, err, code) = run(&all);
        assert_eq!(code, 2, "{err}");
        assert!(err.starts_with("error: ") && err.contains(what), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn estimate_with_a_checkpoint_gives_the_work_left_and_changes_nothing() {
    let dir = temp_dir("estimate-left");
    let ckpt = dir.join("14.ckpt");
    let path = ckpt.to_str().unwrap();
    // No file yet: all of the work is left, and no file is made.
    let (out, err, code) = run(&["queens", "count", "14", "--estimate", "--checkpoint", path]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("14 queens: 0 of "), "{out}");
    assert!(out.contains("100% of the estimated work"), "{out}");
    assert!(!ckpt.exists());
    // A finished count's checkpoint: nothing is left.
    let (out, err, code) = run(&["queens", "count", "14", "--checkpoint", path]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, count_line(14));
    let before = std::fs::read(&ckpt).unwrap();
    let (out, err, code) = run(&["queens", "count", "14", "--estimate", "--checkpoint", path]);
    assert_eq!(code, 0, "{err}");
    let (done, all) = out
        .strip_prefix("14 queens: ")
        .and_then(|r| r.split_once(" work units done"))
        .and_then(|(d, _)| d.split_once(" of "))
        .unwrap_or_else(|| panic!("{out}"));
    assert_eq!(done, all, "{out}");
    assert!(out.contains(" 0% of the estimated work"), "{out}");
    assert_eq!(
        std::fs::read(&ckpt).unwrap(),
        before,
        "the estimate only reads the file"
    );
    // Another shard's checkpoint is refused as the count would refuse it.
    let (_, err, code) = run_line(&format!(
        "queens count 14 --estimate --checkpoint {} --shard 1/2",
        path
    ));
    assert_eq!(code, 2);
    assert!(err.contains("checkpoint"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}
