//! The README's examples, run: every ```console block is a session of
//! `$ COMMAND` lines, each followed by what it prints (stdout and stderr as a
//! terminal shows them, in order). A test fails when the tool and the README
//! disagree, so the examples cannot drift (as trycmd does for clap; this
//! harness also runs pipes and loops, through `sh`).
//!
//! What may differ from run to run is marked, as trycmd marks it: `[..]` in
//! a line matches any text on that line (timings such as `time: [..]`), and a
//! line `...` matches any number of lines. A block right after a line
//! `<!-- not checked: REASON -->` is not run (REASON says why, e.g. it takes
//! minutes). The commands run in a fresh temporary directory with this build's
//! `hetman` first on the PATH.

use std::path::{Path, PathBuf};
use std::process::Command;

/// One `$ COMMAND` and the lines it should print.
struct Example {
    line: usize,
    command: String,
    expected: Vec<String>,
}

/// The examples of the checked console blocks of `text`.
fn examples(text: &str) -> Vec<Example> {
    let mut out = Vec::new();
    let mut in_block = false;
    let mut skip = false;
    let mut previous = "";
    for (i, line) in text.lines().enumerate() {
        if !in_block {
            if line.trim_end() == "```console" {
                in_block = true;
                skip = previous.trim_start().starts_with("<!-- not checked:");
            }
            if !line.trim().is_empty() {
                previous = line;
            }
            continue;
        }
        if line.trim_end() == "```" {
            in_block = false;
            previous = line;
            continue;
        }
        if skip {
            continue;
        }
        if let Some(cmd) = line.strip_prefix("$ ") {
            out.push(Example {
                line: i + 1,
                command: cmd.to_string(),
                expected: Vec::new(),
            });
        } else if let Some(e) = out.last_mut() {
            e.expected.push(line.to_string());
        } else {
            panic!("README.md:{}: output before any `$ ` line", i + 1);
        }
    }
    assert!(!in_block, "README.md: a console block is not closed");
    out
}

/// Whether `actual` matches the `expected` line with its `[..]` elisions.
fn line_matches(expected: &str, actual: &str) -> bool {
    let parts: Vec<&str> = expected.split("[..]").collect();
    if parts.len() == 1 {
        return expected == actual;
    }
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if !actual.starts_with(first) || actual.len() < first.len() + last.len() {
        return false;
    }
    let mut rest = &actual[first.len()..];
    for mid in &parts[1..parts.len() - 1] {
        match rest.find(mid) {
            Some(at) => rest = &rest[at + mid.len()..],
            None => return false,
        }
    }
    rest.ends_with(last)
}

/// Whether the `actual` lines match the `expected` ones, `...` matching any
/// run of lines (tried shortest first).
fn lines_match(expected: &[String], actual: &[&str]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((e, rest)) if e == "..." => {
            (0..=actual.len()).any(|k| lines_match(rest, &actual[k..]))
        }
        Some((e, rest)) => actual
            .split_first()
            .is_some_and(|(a, more)| line_matches(e, a) && lines_match(rest, more)),
    }
}

/// Whether `line` is a plain progress line (`hetman: ..., 1.00 s elapsed`
/// or `..., about 2 min left`), printed only by runs over a second.
fn is_progress(line: &str) -> bool {
    line.starts_with("hetman: ")
        && (line.ends_with(" elapsed")
            || line.ends_with(" left")
            || line.ends_with("nothing finished yet"))
}

fn readme() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../README.md");
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "the README's examples run in release builds (cargo test --release)"
)]
fn readme_examples_print_what_the_readme_says() {
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_hetman"));
    let path = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("readme");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let text = readme();
    let all = examples(&text);
    assert!(all.len() >= 15, "only {} examples found", all.len());
    let mut failures = Vec::new();
    for e in &all {
        let out = Command::new("sh")
            .arg("-c")
            .arg(format!("exec 2>&1; {}", e.command))
            .current_dir(&dir)
            .env("PATH", &path)
            .env("NO_COLOR", "1")
            .env_remove("HETMAN_LOG")
            .output()
            .unwrap();
        let actual = String::from_utf8_lossy(&out.stdout);
        // A run that takes over a second ends with a progress line on
        // stderr; how long a run takes depends on the machine, so those
        // lines are not part of what the README shows.
        let lines: Vec<&str> = actual.lines().filter(|l| !is_progress(l)).collect();
        if !lines_match(&e.expected, &lines) {
            failures.push(format!(
                "README.md:{}: $ {}\n--- the README says:\n{}\n--- it prints:\n{}",
                e.line,
                e.command,
                e.expected.join("\n"),
                actual.trim_end()
            ));
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n\n"));
}

#[test]
fn progress_lines_are_told_from_output() {
    assert!(is_progress(
        "hetman: 70/70 squares of the 5 x 14 sweep, 100% of the estimated work, 99.8%/s, 1.00 s elapsed"
    ));
    assert!(is_progress(
        "hetman: 27/81 squares, 61,237,478 states, 0% of the estimated work, 20.80%/h, 1 min 0 s elapsed, about 4 h 47 min left"
    ));
    assert!(!is_progress(
        "hetman: resuming from the checkpoint 'k.ckpt'"
    ));
    assert!(!is_progress("8x8: 92 solutions, 1 min 0 s elapsed"));
}

#[test]
fn elisions_match_as_trycmd_does() {
    assert!(line_matches("time: [..]", "time: 158.1 µs"));
    assert!(line_matches("a [..] b [..] c", "a 1 b 2 c"));
    assert!(!line_matches("a [..] b", "a 1 c"));
    assert!(!line_matches("time: 1 s", "time: 2 s"));
    let e: Vec<String> = ["x", "...", "z"].map(String::from).to_vec();
    assert!(lines_match(&e, &["x", "y1", "y2", "z"]));
    assert!(lines_match(&e, &["x", "z"]));
    assert!(!lines_match(&e, &["x", "y"]));
    let text = "<!-- not checked: slow -->\n```console\n$ a\n```\n\n```console\n$ b\nout\n```\n";
    let ex = examples(text);
    assert_eq!(ex.len(), 1);
    assert_eq!((ex[0].command.as_str(), ex[0].expected.len()), ("b", 1));
}
