//! The examples of README.md and of the guide in docs/, run: every
//! ```console block is a session of `$ COMMAND` lines, each followed by what
//! it prints (stdout and stderr as a terminal shows them, in order). A test
//! fails when the tool and the page disagree, so the examples cannot drift (as
//! trycmd does for clap; this harness also runs pipes and loops, through `sh`).
//!
//! What may differ from run to run is marked, as trycmd marks it: `[..]` in
//! a line matches any text on that line (timings such as `time: [..]`), and a
//! line `...` matches any number of lines. A block right after a line
//! `<!-- not checked: REASON -->` is not run (REASON says why, e.g. it takes
//! minutes). The commands of one page run in order, in a fresh temporary
//! directory of that page, with this build's `hetman` first on the PATH.
//!
//! One test per page, so a failure names the page; every page of docs/ with
//! a console block must have its test here. The relative links of every page
//! are checked too: each must name an existing file and, after `#`, one of
//! its headings.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

/// One `$ COMMAND` and the lines it should print.
struct Example {
    line: usize,
    command: String,
    expected: Vec<String>,
}

/// The examples of the checked console blocks of `text`, the page `name`.
fn examples(name: &str, text: &str) -> Vec<Example> {
    let mut out = Vec::new();
    let mut in_block = false;
    let mut skip = false;
    let mut opened = 0;
    let mut previous = "";
    for (i, line) in text.lines().enumerate() {
        if !in_block {
            if line.trim_end() == "```console" {
                in_block = true;
                opened = i + 1;
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
        } else if let Some(e) = out.last_mut().filter(|e| e.line > opened) {
            e.expected.push(line.to_string());
        } else {
            panic!("{name}:{}: output before any `$ ` line", i + 1);
        }
    }
    assert!(
        !in_block,
        "{name}:{opened}: the console block opened here is not closed"
    );
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

/// The repository's root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The page at `name`, a path from the repository's root.
fn page(name: &str) -> String {
    let path = root().join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The pages of the guide: `docs/*.md`, as paths from the root, sorted.
fn guide_pages() -> Vec<String> {
    let dir = root().join("docs");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".md"))
        .map(|name| format!("docs/{name}"))
        .collect();
    names.sort();
    names
}

/// Runs the examples of the page `name` (at least `least` of them, so that
/// a page whose blocks stop being found fails) and fails naming each
/// example, as `name:line`, that prints something else.
fn check_examples(name: &str, least: usize) {
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_hetman"));
    let path = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let stem = name.trim_end_matches(".md").replace('/', "-");
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("examples")
        .join(stem);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let all = examples(name, &page(name));
    assert!(
        all.len() >= least,
        "{name}: only {} examples found, {least} expected",
        all.len()
    );
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
        // lines are not part of what the page shows.
        let lines: Vec<&str> = actual.lines().filter(|l| !is_progress(l)).collect();
        if !lines_match(&e.expected, &lines) {
            failures.push(format!(
                "{name}:{}: $ {}\n--- the page says:\n{}\n--- it prints:\n{}",
                e.line,
                e.command,
                e.expected.join("\n"),
                actual.trim_end()
            ));
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n\n"));
}

/// The pages whose examples the tests below run, with the least number of
/// examples each holds today.
const PAGES_WITH_EXAMPLES: &[(&str, usize)] = &[
    ("README.md", 15),
    ("docs/queens.md", 13),
    ("docs/knight.md", 12),
    ("docs/watch-and-serve.md", 8),
    ("docs/long-runs.md", 10),
];

/// Runs the examples of `name`, one of `PAGES_WITH_EXAMPLES`.
fn check_page(name: &str) {
    let least = PAGES_WITH_EXAMPLES
        .iter()
        .find(|(page, _)| *page == name)
        .map(|(_, least)| *least)
        .unwrap_or_else(|| panic!("{name} is not in PAGES_WITH_EXAMPLES"));
    check_examples(name, least);
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "runs in release builds (cargo test --release)"
)]
fn readme_examples_print_what_the_readme_says() {
    check_page("README.md");
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "runs in release builds (cargo test --release)"
)]
fn queens_guide_examples() {
    check_page("docs/queens.md");
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "runs in release builds (cargo test --release)"
)]
fn knight_guide_examples() {
    check_page("docs/knight.md");
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "runs in release builds (cargo test --release)"
)]
fn watch_and_serve_guide_examples() {
    check_page("docs/watch-and-serve.md");
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "runs in release builds (cargo test --release)"
)]
fn long_runs_guide_examples() {
    check_page("docs/long-runs.md");
}

#[test]
fn every_page_with_examples_has_its_test() {
    let with_blocks: BTreeSet<String> = std::iter::once("README.md".to_string())
        .chain(guide_pages())
        .filter(|name| !examples(name, &page(name)).is_empty())
        .collect();
    let tested: BTreeSet<String> = PAGES_WITH_EXAMPLES
        .iter()
        .map(|(name, _)| name.to_string())
        .collect();
    assert_eq!(
        with_blocks, tested,
        "the pages with checked console blocks and the pages listed in \
         PAGES_WITH_EXAMPLES (each with its test above) differ"
    );
}

/// The GitHub anchor of a heading's text: lower case, punctuation dropped
/// (letters, digits, `-` and `_` kept), each space a `-`.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | ' '))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// The text of `line` with its code spans blanked out, so that a link
/// shown as code is not taken for one.
fn without_code_spans(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut in_code = false;
    for c in line.chars() {
        if c == '`' {
            in_code = !in_code;
            out.push(' ');
        } else {
            out.push(if in_code { ' ' } else { c });
        }
    }
    out
}

/// A heading's text as GitHub renders it: links become their text, and
/// code and emphasis marks are dropped.
fn heading_text(raw: &str) -> String {
    let mut text = String::new();
    let mut rest = raw;
    while let Some(open) = rest.find('[') {
        let Some(mid) = rest[open..].find("](") else {
            break;
        };
        let Some(close) = rest[open + mid..].find(')') else {
            break;
        };
        text.push_str(&rest[..open]);
        text.push_str(&rest[open + 1..open + mid]);
        rest = &rest[open + mid + close + 1..];
    }
    text.push_str(rest);
    text.replace(['`', '*'], "")
}

/// The anchors of the headings of a Markdown text (outside code blocks),
/// numbered as GitHub numbers repeated ones (`name`, `name-1`, ...).
fn anchors(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut in_block = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_block = !in_block;
            continue;
        }
        if in_block {
            continue;
        }
        let hashes = line.chars().take_while(|&c| c == '#').count();
        if !(1..=6).contains(&hashes) || !line[hashes..].starts_with(' ') {
            continue;
        }
        let base = slug(&heading_text(&line[hashes..]));
        let mut anchor = base.clone();
        let mut k = 0;
        while out.contains(&anchor) {
            k += 1;
            anchor = format!("{base}-{k}");
        }
        out.insert(anchor);
    }
    out
}

/// The link targets of a Markdown text with their line numbers: inline
/// links and images `[text](target)` and reference definitions
/// `[label]: target`, outside code blocks and code spans.
fn links(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut in_block = false;
    for (i, raw) in text.lines().enumerate() {
        if raw.trim_start().starts_with("```") {
            in_block = !in_block;
            continue;
        }
        if in_block {
            continue;
        }
        let line = without_code_spans(raw);
        let trimmed = line.trim_start();
        if let Some(at) = trimmed.find("]: ").filter(|_| trimmed.starts_with('[')) {
            let target = trimmed[at + 3..].split_whitespace().next().unwrap_or("");
            out.push((i + 1, target.to_string()));
            continue;
        }
        let mut rest = line.as_str();
        while let Some(at) = rest.find("](") {
            let after = &rest[at + 2..];
            let end = after.find(')').unwrap_or(after.len());
            let target = after[..end].split_whitespace().next().unwrap_or("");
            out.push((i + 1, target.trim_matches(['<', '>']).to_string()));
            rest = &after[end..];
        }
    }
    out
}

/// What is wrong with the link `target` of the page `name`, if anything.
fn broken(name: &str, target: &str) -> Option<String> {
    if target.is_empty() {
        return Some("an empty link".into());
    }
    if target.contains("://") || target.starts_with("mailto:") {
        return None;
    }
    let (file, anchor) = match target.split_once('#') {
        Some((file, anchor)) => (file, Some(anchor)),
        None => (target, None),
    };
    let base = Path::new(name).parent().unwrap_or(Path::new(""));
    let path = if file.is_empty() {
        root().join(name)
    } else {
        root().join(base).join(file)
    };
    if !path.exists() {
        return Some(format!("{} does not exist", base.join(file).display()));
    }
    let anchor = anchor?;
    if path.extension().is_none_or(|e| e != "md") {
        return Some(format!(
            "an anchor #{anchor} into a file that is not Markdown"
        ));
    }
    let text = std::fs::read_to_string(&path).unwrap();
    if anchors(&text).contains(anchor) {
        None
    } else {
        Some(format!("{} has no heading #{anchor}", path.display()))
    }
}

#[test]
fn relative_links_point_to_files_and_headings() {
    let mut failures = Vec::new();
    let mut count = 0;
    for name in std::iter::once("README.md".to_string()).chain(guide_pages()) {
        for (line, target) in links(&page(&name)) {
            count += 1;
            if let Some(why) = broken(&name, &target) {
                failures.push(format!("{name}:{line}: ({target}): {why}"));
            }
        }
    }
    assert!(count >= 20, "only {count} links found");
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn links_and_anchors_are_read_as_github_reads_them() {
    assert_eq!(slug("The knight's tour"), "the-knights-tour");
    assert_eq!(slug("8×8 open: the runs"), "88-open-the-runs");
    assert_eq!(slug(&heading_text("The `--json` form")), "the---json-form");
    assert_eq!(
        slug(&heading_text("[Slurm](https://slurm.schedmd.com) shards")),
        "slurm-shards"
    );
    let text = "# A\n## A\n```sh\n# not a heading\n```\n#nope\n";
    let a: Vec<String> = anchors(text).into_iter().collect();
    assert_eq!(a, ["a", "a-1"]);
    let text =
        "see [x](docs/a.md#b) and ![p](p.png)\n`[not](a link)`\n```\n[no](c)\n```\n[r]: r.md\n";
    let l: Vec<(usize, String)> = links(text);
    assert_eq!(
        l,
        [
            (1, "docs/a.md#b".to_string()),
            (1, "p.png".to_string()),
            (6, "r.md".to_string())
        ]
    );
    assert!(broken("README.md", "docs/no-such-page.md").is_some());
    assert!(broken("README.md", "#no-such-heading").is_some());
    assert!(broken("README.md", "https://example.com/x").is_none());
    assert!(broken("docs/queens.md", "../README.md").is_none());
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
    let ex = examples("t.md", text);
    assert_eq!(ex.len(), 1);
    assert_eq!((ex[0].command.as_str(), ex[0].expected.len()), ("b", 1));
}

#[test]
#[should_panic(expected = "t.md:2: output before any `$ ` line")]
fn output_before_a_command_names_the_page_and_line() {
    examples("t.md", "```console\nout\n```\n");
}
