//! The command tree as clap sees it (the problems' commands live in
//! `queens/` and `knight/`), shell completions, the man page, and clap's
//! errors as one line.

use crate::EXIT_USAGE;
use clap::error::ErrorKind;
use clap::{CommandFactory, Parser, Subcommand};
use std::process::ExitCode;

/// N-Queens and the knight's tour: count, list, check and draw solutions.
#[derive(Debug, Parser)]
#[command(
    name = "hetman",
    version,
    about,
    long_about = "hetman (Polish for the chess queen) solves the classic chessboard \
backtracking problems: N-Queens and the knight's tour.\n\n\
Squares are written in algebraic notation (a1 is the bottom-left corner); a queens \
placement is the code of the rank of the queen on each file, e.g. '5 8 4 1 7 2 6 3'.\n\n\
Exit codes: 0 success, 1 the answer is no (not a solution, no tour), 2 bad input, \
130 interrupted.",
    after_help = "Examples:\n  hetman queens count 8\n  \
hetman queens list 8 --unique --format board\n  \
hetman queens check 5 8 4 1 7 2 6 3 --svg board.svg\n  \
hetman queens list 8 --unique --svg-dir gallery\n  \
hetman completions bash > ~/.local/share/bash-completion/completions/hetman\n  \
hetman man > hetman.1\n\n\
Boards are drawn in colour with glyphs on a terminal; plain ASCII when piped, with \
--ascii, --color never or NO_COLOR set.",
    propagate_version = true,
    allow_negative_numbers = true
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// N-Queens: count, list, check and compare placements of N non-attacking queens.
    #[command(
        subcommand,
        after_help = "Examples:\n  hetman queens count 12\n  hetman queens compare 8\n  \
hetman queens list 8 --unique --format board\n  hetman queens check 2 4 6 8 1 3 5 7\n  \
hetman queens symmetry 3 5 2 8 1 7 4 6\n  hetman queens solve 1000 > thousand.txt\n  \
hetman queens complete 8 --with a1 --format board"
    )]
    Queens(crate::queens::QueensCommand),
    /// The knight's tour: find, list, count and check tours on any board.
    #[command(
        subcommand,
        after_help = "Examples:\n  hetman knight tour 5 --start a5\n  hetman knight tour 8 --closed --format moves\n  \
hetman knight tour 1000 --stats\n  hetman knight list 5 --start a1 --limit 3\n  hetman knight count 6 --closed\n  \
hetman knight check a1 b3 c5"
    )]
    Knight(crate::knight::KnightCommand),
    /// Serve the web page that animates both searches (http://127.0.0.1:8080/ by default).
    #[cfg(feature = "web")]
    Serve(crate::serve::ServeArgs),
    /// Print shell completions for bash, zsh, fish, powershell or elvish.
    #[command(after_help = "Examples:\n  \
hetman completions bash > ~/.local/share/bash-completion/completions/hetman\n  \
hetman completions zsh > ~/.zfunc/_hetman\n  \
hetman completions fish > ~/.config/fish/completions/hetman.fish\n  \
hetman completions powershell >> $PROFILE")]
    Completions {
        /// The shell to write completions for.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff), every command and its options and examples.
    #[command(
        after_help = "Examples:\n  hetman man > hetman.1 && man ./hetman.1\n  \
hetman man | man -l -"
    )]
    Man,
}

/// Shell completions for `shell`, as bytes (written by the caller, so a closed
/// pipe is an error, not a panic).
pub fn completions(shell: clap_complete::Shell) -> Vec<u8> {
    let mut buf = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "hetman", &mut buf);
    buf
}

/// The man page: the whole command, then each command under it with its
/// synopsis, options and examples.
pub fn man_page() -> std::io::Result<Vec<u8>> {
    let mut cmd = Cli::command();
    cmd.build();
    let mut buf = Vec::new();
    clap_mangen::Man::new(cmd.clone()).render(&mut buf)?;
    fn leaves(cmd: &clap::Command, path: &str, out: &mut Vec<(String, clap::Command)>) {
        for sub in cmd.get_subcommands().filter(|s| s.get_name() != "help") {
            let name = format!("{path} {}", sub.get_name());
            if sub.has_subcommands() {
                leaves(sub, &name, out);
            } else {
                out.push((name, sub.clone()));
            }
        }
    }
    let mut subs = Vec::new();
    leaves(&cmd, "hetman", &mut subs);
    for (name, sub) in subs {
        let man = clap_mangen::Man::new(sub.bin_name(name.clone()));
        buf.extend_from_slice(format!(".SH \"{}\"\n", name.to_uppercase()).as_bytes());
        let mut section = Vec::new();
        man.render_description_section(&mut section)?;
        man.render_synopsis_section(&mut section)?;
        man.render_options_section(&mut section)?;
        man.render_extra_section(&mut section)?;
        // Each command's parts become subsections of its section.
        let text = String::from_utf8_lossy(&section).replace(".SH ", ".SS ");
        buf.extend_from_slice(text.as_bytes());
    }
    Ok(buf)
}

/// Prints a clap error as one line (help and version as clap prints them) and
/// returns the exit code.
pub fn report_clap_error(e: &clap::Error) -> ExitCode {
    match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let _ = e.print();
            ExitCode::SUCCESS
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = e.print();
            ExitCode::from(EXIT_USAGE)
        }
        _ => {
            let text = e.render().to_string();
            let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
            let mut first = lines.next().unwrap_or("error: invalid usage").to_string();
            // "the following required arguments were not provided:" lists them below.
            if first.ends_with(':') {
                let mut listed = Vec::new();
                while let Some(l) = lines.next().filter(|l| !l.starts_with("Usage:")) {
                    listed.push(l);
                }
                first.push(' ');
                first.push_str(&listed.join(", "));
            }
            let tip = lines.find_map(|l| l.strip_prefix("tip: "));
            match tip {
                Some(tip) => eprintln!("{first} ({tip})"),
                None => eprintln!("{first}"),
            }
            ExitCode::from(EXIT_USAGE)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clap_definition_is_consistent() {
        Cli::command().debug_assert();
    }

    /// Each visible flag of each command, `--long, -s` -> `queens count, list; knight tour`.
    fn flag_table() -> std::collections::BTreeMap<String, String> {
        fn leaves(cmd: &clap::Command, path: &str, out: &mut Vec<(String, clap::Command)>) {
            for sub in cmd.get_subcommands().filter(|s| s.get_name() != "help") {
                let name = format!("{path} {}", sub.get_name()).trim().to_string();
                if sub.has_subcommands() {
                    leaves(sub, &name, out);
                } else {
                    out.push((name, sub.clone()));
                }
            }
        }
        let mut cmd = Cli::command();
        cmd.build();
        let mut subs = Vec::new();
        leaves(&cmd, "", &mut subs);
        let mut users: std::collections::BTreeMap<String, Vec<String>> = Default::default();
        for (name, sub) in &subs {
            for arg in sub.get_arguments() {
                let Some(long) = arg.get_long() else { continue };
                if arg.is_hide_set() || long == "help" || long == "version" {
                    continue;
                }
                let key = match arg.get_short() {
                    Some(c) => format!("`--{long}`, `-{c}`"),
                    None => format!("`--{long}`"),
                };
                users.entry(key).or_default().push(name.clone());
            }
        }
        users
            .into_iter()
            .map(|(k, cmds)| {
                // "queens count", "queens list", "knight tour" -> "queens count, list; knight tour"
                let mut groups: Vec<(String, Vec<String>)> = Vec::new();
                for c in cmds {
                    let (head, tail) = c.split_once(' ').unwrap_or((c.as_str(), ""));
                    match groups.iter_mut().find(|(h, _)| h == head) {
                        Some((_, t)) => t.push(tail.to_string()),
                        None => groups.push((head.to_string(), vec![tail.to_string()])),
                    }
                }
                let text = groups
                    .iter()
                    .map(|(h, t)| format!("{h} {}", t.join(", ")).trim().to_string())
                    .collect::<Vec<_>>()
                    .join("; ");
                (k, text)
            })
            .collect()
    }

    /// Each short flag stands for one long flag in every command (hidden
    /// aliases, the old spellings, aside).
    #[test]
    fn each_short_flag_has_one_meaning() {
        let mut longs: std::collections::BTreeMap<char, std::collections::BTreeSet<String>> =
            Default::default();
        for (key, _) in flag_table() {
            if let Some((long, short)) = key.split_once(", ") {
                let c = short.trim_matches('`').trim_start_matches('-');
                longs
                    .entry(c.chars().next().unwrap())
                    .or_default()
                    .insert(long.to_string());
            }
        }
        for (c, l) in longs {
            assert!(l.len() == 1, "-{c} stands for {l:?}");
        }
    }

    /// The flags table of docs/flags.md names every flag and the commands
    /// that take it.
    #[test]
    fn docs_flag_table_is_complete() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/flags.md");
        let page = std::fs::read_to_string(path).unwrap();
        let mut in_page = std::collections::BTreeMap::new();
        let table = page
            .lines()
            .skip_while(|l| !l.starts_with("| flag |"))
            .take_while(|l| l.starts_with('|'));
        for row in table.filter(|l| l.starts_with("| `")) {
            let cells: Vec<&str> = row.trim_matches('|').split(" | ").map(str::trim).collect();
            assert_eq!(cells.len(), 3, "{row}");
            in_page.insert(cells[0].to_string(), cells[2].to_string());
        }
        let want = flag_table();
        if in_page != want {
            let rows: Vec<String> = want
                .iter()
                .map(|(k, v)| format!("| {k} | ? | {v} |"))
                .collect();
            panic!(
                "the table of docs/flags.md and the commands disagree; the flags and commands are:\n{}",
                rows.join("\n")
            );
        }
    }
}
