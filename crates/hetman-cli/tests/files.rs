//! Nothing wrong, nothing lost: every file hetman reads back is checked, and
//! no output destroys what hetman did not write. Tamper tests on shard
//! results and checkpoints (edited fields, flipped bits, cuts, appends,
//! copies), and the targets a user may name (an existing file, a FIFO, a
//! symlink, a read-only directory, a full device).

mod common;

use common::run;
use std::path::{Path, PathBuf};

fn temp_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("files-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// Writes the K shard results of `queens count N` into `dir`.
fn queens_shards(dir: &Path, n: usize, k: usize) -> Vec<PathBuf> {
    (0..k)
        .map(|i| {
            let f = dir.join(format!("q{n}-{i}.json"));
            let shard = format!("{i}/{k}");
            let (_, err, code) = run(&[
                "queens",
                "count",
                &n.to_string(),
                "--shard",
                &shard,
                "--result",
                s(&f),
            ]);
            assert_eq!(code, 0, "{err}");
            f
        })
        .collect()
}

/// `queens count 9 --shard 0/2 --result TARGET`.
fn shard_result(target: &str) -> (String, String, i32) {
    run(&["queens", "count", "9", "--shard", "0/2", "--result", target])
}

fn merge(kind: &str, files: &[PathBuf]) -> (String, String, i32) {
    let mut args = vec![kind, "merge"];
    args.extend(files.iter().map(|f| s(f)));
    run(&args)
}

/// Replaces the first `"key":value` in a record.
fn edit_field(path: &Path, key: &str, to: &str) {
    let text = std::fs::read_to_string(path).unwrap();
    let start = text.find(&format!("\"{key}\":")).unwrap() + key.len() + 3;
    let end = start + text[start..].find([',', '}']).unwrap();
    let edited = format!("{}{to}{}", &text[..start], &text[end..]);
    assert_ne!(edited, text);
    std::fs::write(path, edited).unwrap();
}

#[test]
fn tampered_queens_shard_results_are_refused_and_yield_no_total() {
    let dir = temp_dir("queens-tamper");
    let files = queens_shards(&dir, 12, 3);
    let (whole, err, code) = merge("queens", &files);
    assert_eq!(code, 0, "{err}");
    assert_eq!(whole, "12 queens: 14,200 solutions, 1,787 unique\n");
    let good: Vec<Vec<u8>> = files.iter().map(|f| std::fs::read(f).unwrap()).collect();
    let restore = || {
        for (f, g) in files.iter().zip(&good) {
            std::fs::write(f, g).unwrap();
        }
    };
    let refused = |what: &str| {
        let (out, err, code) = merge("queens", &files);
        assert_eq!(code, 2, "{what}: merged into {out}");
        assert!(out.is_empty(), "{what}: {out}");
        assert_eq!(err.lines().count(), 1, "{what}: {err}");
        restore();
        err
    };
    // Each field edited, keeping the JSON well formed and the length or not.
    for (key, to) in [
        ("solutions", "1"),
        ("half_turn", "99"),
        ("quarter_turn", "0"),
        ("n", "13"),
        ("shard", "2"),
        ("shards", "4"),
        ("split", "\"0000000000000000\""),
        ("units", "1"),
    ] {
        edit_field(&files[0], key, to);
        let err = refused(key);
        assert!(
            err.contains("checksum mismatch")
                || err.contains("bytes after its end")
                || err.contains("cut short"),
            "{key}: {err}"
        );
    }
    // A sample of single bit flips anywhere in each file.
    for (i, g) in good.iter().enumerate() {
        for at in (0..g.len()).step_by(7) {
            let mut bad = g.clone();
            bad[at] ^= 1 << (at % 8);
            std::fs::write(&files[i], &bad).unwrap();
            refused(&format!("file {i} byte {at}"));
        }
    }
    // Cut short, extended.
    std::fs::write(&files[1], &good[1][..good[1].len() - 2]).unwrap();
    assert!(refused("cut").contains("cut short"));
    let mut longer = good[1].clone();
    longer.extend_from_slice(b" ");
    std::fs::write(&files[1], &longer).unwrap();
    assert!(refused("appended").contains("bytes after its end"));
    // One result copied over another's: a duplicate and a missing shard.
    std::fs::copy(&files[0], &files[2]).unwrap();
    let err = refused("copied");
    assert!(err.contains("missing shard 2"), "{err}");
    assert!(err.contains("shard 0 is given twice"), "{err}");
    // A result of another N in the set.
    let other = queens_shards(&dir, 11, 3);
    let (_, err, code) = merge(
        "queens",
        &[files[0].clone(), files[1].clone(), other[2].clone()],
    );
    assert_eq!(code, 2);
    assert!(err.contains("another split"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A shard result as hetman wrote it before records: a sealed file (a
/// `hetman-file 1` header line, then the JSON record, as
/// `hetman::jobs::sealed::write` still writes it) with the same identity.
fn to_sealed_form(path: &Path) {
    let mut v: serde_json::Value = serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap();
    let seal = v.as_object_mut().unwrap().remove("hetman").unwrap();
    let (kind, identity) = (
        seal["kind"].as_str().unwrap(),
        seal["identity"].as_str().unwrap(),
    );
    std::fs::remove_file(path).unwrap();
    hetman::jobs::sealed::write(path, kind, identity, format!("{v}\n").as_bytes()).unwrap();
}

#[test]
fn shard_results_are_json_that_any_reader_parses() {
    let dir = temp_dir("json");
    let files = queens_shards(&dir, 10, 3);
    let mut solutions = 0;
    for (i, f) in files.iter().enumerate() {
        let v: serde_json::Value = serde_json::from_slice(&std::fs::read(f).unwrap()).unwrap();
        assert_eq!(v["format"], "hetman-queens-shard");
        assert_eq!(
            (v["n"].as_u64(), v["shard"].as_u64(), v["shards"].as_u64()),
            (Some(10), Some(i as u64), Some(3))
        );
        assert_eq!(v["hetman"]["kind"], "hetman-queens-shard");
        assert_eq!(v["hetman"]["blake3"].as_str().unwrap().len(), 64);
        solutions += v["solutions"].as_u64().unwrap();
    }
    assert_eq!(solutions, 724);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn shard_results_of_the_older_sealed_form_still_merge() {
    let dir = temp_dir("sealed-form");
    let files = queens_shards(&dir, 11, 3);
    let (whole, err, code) = merge("queens", &files);
    assert_eq!(code, 0, "{err}");
    assert_eq!(whole, "11 queens: 2,680 solutions, 341 unique\n");
    to_sealed_form(&files[1]);
    assert!(std::fs::read_to_string(&files[1])
        .unwrap()
        .starts_with("hetman-file 1 kind=hetman-queens-shard "));
    let (mixed, err, code) = merge("queens", &files);
    assert_eq!(code, 0, "{err}");
    assert_eq!(mixed, whole);
    // Damaged in that form: refused as before.
    let good = std::fs::read(&files[1]).unwrap();
    let mut bad = good.clone();
    let at = bad.len() - 5;
    bad[at] ^= 2;
    std::fs::write(&files[1], &bad).unwrap();
    let (out, err, code) = merge("queens", &files);
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(err.contains("checksum mismatch"), "{err}");
    // A new run writing there replaces it with a record.
    std::fs::write(&files[1], &good).unwrap();
    let again = queens_shards(&dir, 11, 3);
    assert!(std::fs::read_to_string(&again[1])
        .unwrap()
        .starts_with(r#"{"hetman":"#));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_tampered_knight_shard_result_is_refused() {
    let dir = temp_dir("knight-tamper");
    let exchange = dir.join("exchange");
    let files: Vec<PathBuf> = (0..2).map(|i| dir.join(format!("k{i}.json"))).collect();
    let children: Vec<_> = (0..2)
        .map(|i| {
            std::process::Command::new(env!("CARGO_BIN_EXE_hetman"))
                .args([
                    "knight",
                    "count",
                    "6x5",
                    "--closed",
                    "--quiet",
                    "--shard",
                    &format!("{i}/2"),
                    "--exchange",
                    s(&exchange),
                    "--result",
                    s(&files[i]),
                ])
                .stdout(std::process::Stdio::null())
                .spawn()
                .unwrap()
        })
        .collect();
    for mut c in children {
        assert!(c.wait().unwrap().success());
    }
    let (out, err, code) = merge("knight", &files);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("8 closed tours"), "{out}");
    let mut tours = 0;
    for f in &files {
        let v: serde_json::Value = serde_json::from_slice(&std::fs::read(f).unwrap()).unwrap();
        assert_eq!(v["hetman"]["kind"], "hetman-knight-shard");
        tours += v["tours"].as_str().unwrap().parse::<u64>().unwrap();
    }
    assert_eq!(tours, 8);
    edit_field(&files[1], "tours", "\"9\"");
    let (out, err, code) = merge("knight", &files);
    assert_eq!(code, 2, "{out}");
    assert!(err.contains("checksum mismatch"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_file_of_the_users_is_never_taken_for_a_checkpoint() {
    let dir = temp_dir("notes");
    for notes in ["my notes, no newline", "hello", "line one\nline two\n", ""] {
        let f = dir.join("notes.txt");
        std::fs::write(&f, notes).unwrap();
        for args in [
            vec!["queens", "count", "12", "--checkpoint", s(&f)],
            vec![
                "knight",
                "count",
                "5",
                "--start",
                "a1",
                "--checkpoint",
                s(&f),
            ],
        ] {
            let (out, err, code) = run(&args);
            assert_eq!(code, 2, "{args:?}: {out}");
            assert!(out.is_empty(), "{args:?}: {out}");
            assert!(
                err.contains("not a hetman checkpoint") || err.contains("empty"),
                "{args:?}: {err}"
            );
            assert_eq!(std::fs::read_to_string(&f).unwrap(), notes, "{args:?}");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_interrupted_count_resumes_and_a_tampered_checkpoint_is_refused() {
    let dir = temp_dir("ckpt-tamper");
    let f = dir.join("k.ckpt");
    let args = [
        "knight",
        "count",
        "6",
        "--start",
        "a1",
        "--quiet",
        "--checkpoint",
        s(&f),
    ];
    // Ctrl-C once two units are recorded: exit 130, the checkpoint synced.
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_hetman"))
        .args(args)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let t0 = std::time::Instant::now();
    let lines = || std::fs::read_to_string(&f).map_or(0, |t| t.lines().count());
    while lines() < 3 && t0.elapsed().as_secs() < 120 {
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    let status = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let code = child.wait().unwrap().code();
    let good = std::fs::read_to_string(&f).unwrap();
    if code == Some(130) {
        let ls: Vec<&str> = good.lines().collect();
        assert!(ls.len() >= 3, "{good}");
        let join = |v: &[&str]| v.iter().map(|l| format!("{l}\n")).collect::<String>();
        let mut swapped = ls.clone();
        swapped.swap(1, 2);
        let edited = good.replacen("unit ", "unit 1", 1);
        for (what, text) in [
            ("swapped", join(&swapped)),
            ("edited", edited),
            ("dropped", join(&[ls[0], ls[2]])),
            ("appended", format!("{good}unit 99 1 2 #00\n")),
            ("garbage", format!("{good}garbage")),
        ] {
            std::fs::write(&f, &text).unwrap();
            let (out, err, code) = run(&args);
            assert_eq!(code, 2, "{what}: {out}");
            assert!(
                err.contains("checkpoint") && err.contains("remove it"),
                "{what}: {err}"
            );
            assert_eq!(std::fs::read_to_string(&f).unwrap(), text, "{what}");
        }
        std::fs::write(&f, &good).unwrap();
        let (out, err, code) = run(&args);
        assert_eq!(code, 0, "{err}");
        assert!(err.contains("resuming"), "{err}");
        assert_eq!(out, "6x6 from a1: 524,486 directed open tours\n");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn outputs_go_where_the_user_points_without_destroying_anything() {
    let dir = temp_dir("targets");
    // An existing file of the user's is not replaced by a shard result.
    let notes = dir.join("notes.txt");
    std::fs::write(&notes, "keep me").unwrap();
    let (_, err, code) = shard_result(s(&notes));
    assert_eq!(code, 2);
    assert!(err.contains("was not written by hetman"), "{err}");
    assert_eq!(std::fs::read_to_string(&notes).unwrap(), "keep me");
    // A symlink is followed: the file it points to is replaced, the link kept.
    let real = dir.join("real.svg");
    std::fs::write(&real, "old").unwrap();
    let link = dir.join("link.svg");
    std::os::unix::fs::symlink("real.svg", &link).unwrap();
    let (_, err, code) = run(&["queens", "solve", "8", "--svg", s(&link)]);
    assert_eq!(code, 0, "{err}");
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert!(std::fs::read_to_string(&real).unwrap().starts_with("<svg"));
    // A FIFO is written in place, not replaced by a file.
    let fifo = dir.join("pipe");
    assert!(std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read_to_string(fifo).unwrap())
    };
    let (_, err, code) = shard_result(s(&fifo));
    assert_eq!(code, 0, "{err}");
    let record = reader.join().unwrap();
    assert!(record.starts_with(r#"{"hetman":{"record":1,"kind":"hetman-queens-shard""#));
    let v: serde_json::Value = serde_json::from_str(&record).unwrap();
    assert_eq!((v["n"].as_u64(), v["shard"].as_u64()), (Some(9), Some(0)));
    assert!(!std::fs::metadata(&fifo).unwrap().is_file());
    // A full device: an error naming it, exit 2, and still a device.
    if Path::new("/dev/full").exists() {
        for args in [
            vec![
                "queens",
                "count",
                "9",
                "--shard",
                "0/2",
                "--result",
                "/dev/full",
            ],
            vec!["queens", "solve", "8", "--svg", "/dev/full"],
        ] {
            let (_, err, code) = run(&args);
            assert_eq!(code, 2, "{args:?}");
            assert!(
                err.contains("'/dev/full' cannot be written: No space left"),
                "{err}"
            );
        }
        assert!(!std::fs::metadata("/dev/full").unwrap().is_file());
    }
    // A directory hetman may not write to: an error, nothing left behind.
    let ro = dir.join("read-only");
    std::fs::create_dir(&ro).unwrap();
    let mut perms = std::fs::metadata(&ro).unwrap().permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut perms, 0o555);
    std::fs::set_permissions(&ro, perms).unwrap();
    let target = ro.join("s.json");
    let (_, err, code) = shard_result(s(&target));
    // Root may write anywhere; anyone else gets a clean error.
    if code != 0 {
        assert_eq!(code, 2);
        assert!(err.contains("cannot be written"), "{err}");
        assert_eq!(std::fs::read_dir(&ro).unwrap().count(), 0);
    }
    let mut perms = std::fs::metadata(&ro).unwrap().permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut perms, 0o755);
    std::fs::set_permissions(&ro, perms).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
}
