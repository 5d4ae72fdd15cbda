//! Old spellings of flags, kept for one release.
//!
//! The rule: a *hidden* alias of a flag (clap's `alias`, `short_alias`) is an
//! old spelling that still works and is deprecated; visible aliases are not
//! used. After a successful parse, [`notes`] finds the old spellings in the
//! command line and the binary prints one line for each on stderr. To retire
//! one, delete its alias; to deprecate a spelling, make it a hidden alias.

use clap::{Arg, Command};
use std::ffi::OsString;

/// One line per old spelling used in `args` (the whole command line, the
/// binary first) of `cmd` (the whole command tree).
pub fn notes(cmd: &Command, args: &[OsString]) -> Vec<String> {
    let mut cmd = cmd;
    let mut path = Vec::new();
    let mut out = Vec::new();
    let mut skip_value = false;
    for tok in args.iter().skip(1).map(|a| a.to_string_lossy()) {
        if skip_value {
            skip_value = false;
            continue;
        }
        if tok == "--" {
            break;
        }
        if let Some(long) = tok.strip_prefix("--") {
            let (name, has_value) = match long.split_once('=') {
                Some((name, _)) => (name, true),
                None => (long, false),
            };
            if let Some(arg) = cmd
                .get_arguments()
                .find(|a| a.get_long() == Some(name) || hidden_longs(a).contains(&name))
            {
                if hidden_longs(arg).contains(&name) {
                    out.push(note(&path, &format!("--{name}"), arg));
                }
                skip_value = takes_value(arg) && !has_value;
            }
        } else if let Some(shorts) = tok.strip_prefix('-').filter(|s| !s.is_empty()) {
            for (i, c) in shorts.char_indices() {
                let Some(arg) = cmd
                    .get_arguments()
                    .find(|a| a.get_short() == Some(c) || hidden_shorts(a).contains(&c))
                else {
                    break; // a negative number, or an error clap has let through
                };
                if hidden_shorts(arg).contains(&c) {
                    out.push(note(&path, &format!("-{c}"), arg));
                }
                if takes_value(arg) {
                    skip_value = i + c.len_utf8() == shorts.len();
                    break;
                }
            }
        } else if let Some(sub) = cmd.find_subcommand(tok.as_ref()) {
            path.push(sub.get_name().to_string());
            cmd = sub;
        }
    }
    out
}

fn note(path: &[String], old: &str, arg: &Arg) -> String {
    let new = arg.get_long().map_or_else(
        || format!("-{}", arg.get_short().unwrap_or('?')),
        |l| format!("--{l}"),
    );
    format!(
        "hetman: note: {old} is an old spelling of {new} in `hetman {}` and will be removed in \
         the next release; write {new}",
        path.join(" ")
    )
}

fn takes_value(arg: &Arg) -> bool {
    arg.get_action().takes_values()
}

fn hidden_longs(arg: &Arg) -> Vec<&str> {
    let visible = arg.get_visible_aliases().unwrap_or_default();
    arg.get_all_aliases()
        .unwrap_or_default()
        .into_iter()
        .filter(|a| !visible.contains(a))
        .collect()
}

fn hidden_shorts(arg: &Arg) -> Vec<char> {
    let visible = arg.get_visible_short_aliases().unwrap_or_default();
    arg.get_all_short_aliases()
        .unwrap_or_default()
        .into_iter()
        .filter(|a| !visible.contains(a))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    fn notes_for(line: &str) -> Vec<String> {
        let args: Vec<OsString> = line.split(' ').map(OsString::from).collect();
        notes(&crate::cli::Cli::command(), &args)
    }

    #[test]
    fn old_spellings_get_one_note_each() {
        assert!(notes_for("hetman queens complete 8 --count -u").is_empty());
        let n = notes_for("hetman queens complete 8 -cu -b diagonals");
        assert_eq!(n.len(), 1, "{n:?}");
        assert!(n[0].contains("-c is an old spelling of --count in `hetman queens complete`"));
        let n = notes_for("hetman queens list 4 --png x.png --size=100");
        assert!(
            n[0].contains("--size is an old spelling of --png-size"),
            "{n:?}"
        );
        let n = notes_for("hetman queens solve 5 -rs 7");
        assert!(n[0].contains("-s is an old spelling of --seed"), "{n:?}");
        // A value that looks like an old spelling is a value.
        assert!(notes_for("hetman knight tour 5 --block -u").is_empty());
        assert!(notes_for("hetman knight count 5 -s a1").is_empty());
    }

    /// Every hidden alias has a current spelling to point to.
    #[test]
    fn every_old_spelling_names_its_new_one() {
        fn walk(cmd: &Command) {
            for a in cmd.get_arguments() {
                if !hidden_longs(a).is_empty() || !hidden_shorts(a).is_empty() {
                    assert!(
                        a.get_long().is_some(),
                        "{}: {:?}",
                        cmd.get_name(),
                        a.get_id()
                    );
                }
            }
            cmd.get_subcommands().for_each(walk);
        }
        walk(&crate::cli::Cli::command());
    }
}
