//! Argument parsers and readers shared by the commands: N, board sizes,
//! limits, shards, square lists, and text given as arguments, a file or
//! standard input.
//!
//! Value parsers (`parse_*` returning `Result<_, String>`) run inside clap, so
//! their messages come out as `invalid value 'X' for '<ARG>': ...`; checks
//! that need two arguments at once (N against the chosen algorithm) use
//! [`invalid_value`] for the same shape of message.

use anyhow::{Context, Result};
use hetman::queens::Algorithm;
use hetman::{BoardSize, Square};
use std::io::Read as _;
use std::path::Path;

/// Parses N for commands that take any placement size: 1 to
/// [`hetman::queens::MAX_PLACEMENT_N`].
pub fn parse_n(s: &str) -> Result<usize, String> {
    parse_n_up_to(s, hetman::queens::MAX_PLACEMENT_N, "")
}

/// The largest N any counting algorithm takes (backtracking's 64).
pub const fn max_search_n() -> usize {
    let mut max = 0;
    let mut i = 0;
    while i < Algorithm::ALL.len() {
        let m = Algorithm::ALL[i].max_n();
        if m > max {
            max = m;
        }
        i += 1;
    }
    max
}

/// Parses N for the searches (`queens count`, `compare`, `list`): 1 to the
/// largest N any algorithm takes; [`check_n_for`] then checks the one chosen.
pub fn parse_search_n(s: &str) -> Result<usize, String> {
    parse_n_up_to(
        s,
        max_search_n(),
        "; no --algorithm takes more, and the default fast engine takes up to 28 (see --help)",
    )
}

/// Parses N for `queens complete`: 1 to [`hetman::queens::complete::MAX_N`].
pub fn parse_complete_n(s: &str) -> Result<usize, String> {
    parse_n_up_to(
        s,
        hetman::queens::complete::MAX_N,
        " (the largest board whose squares have names)",
    )
}

fn parse_n_up_to(s: &str, max: usize, why: &str) -> Result<usize, String> {
    let t = s.trim();
    match t.parse::<i128>() {
        Ok(v) if v >= 1 && v <= max as i128 => Ok(v as usize),
        Ok(_) => Err(format!(
            "N must be from 1 to {} (the number of queens and the side of the board){why}",
            crate::common::output::group(max as u64)
        )),
        Err(_) => Err("N must be a whole number such as 8".to_string()),
    }
}

/// Refuses N beyond what `algorithm` takes, in the words of a value parser.
pub fn check_n_for(algorithm: Algorithm, n: usize) -> Result<()> {
    if n > algorithm.max_n() {
        return Err(invalid_value(
            "<N>",
            n,
            &format!(
                "the {} algorithm takes N from 1 to {} (see --algorithm in --help)",
                algorithm.name(),
                algorithm.max_n()
            ),
        ));
    }
    Ok(())
}

/// An error worded as clap words a bad value: `invalid value 'V' for 'ARG': why`.
pub fn invalid_value(arg: &str, value: impl std::fmt::Display, why: &str) -> anyhow::Error {
    anyhow::anyhow!("invalid value '{value}' for '{arg}': {why}")
}

/// Parses SIZE: `N` or `WxH`.
pub fn parse_size(s: &str) -> Result<BoardSize, String> {
    s.parse::<BoardSize>().map_err(|e| e.to_string())
}

/// Parses `--limit`: a whole number of 0 or more.
pub fn parse_limit(s: &str) -> Result<u64, String> {
    s.trim().parse::<u64>().map_err(|_| {
        format!(
            "LIMIT must be a whole number from 0 to {} (the most to print; 0 prints none)",
            u64::MAX
        )
    })
}

/// Parses `--max-memory`: a size in bytes with an optional unit (`K`, `M`,
/// `G`, `T`, with or without `iB`/`B`; all powers of 1024), such as `8GiB`,
/// `512M` or `1.5G`.
pub fn parse_memory(s: &str) -> Result<u64, String> {
    let usage =
        "expected a size such as 8GiB, 512M or 1.5G (K, M, G, T: powers of 1024), at least 1M";
    let t = s.trim();
    let split = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(t.len());
    let (number, unit) = t.split_at(split);
    let number: f64 = number.parse().map_err(|_| usage.to_string())?;
    let unit = unit.trim().to_ascii_lowercase();
    let unit = unit.trim_end_matches("ib").trim_end_matches('b');
    let scale = match unit {
        "" => 1u64,
        "k" => 1 << 10,
        "m" => 1 << 20,
        "g" => 1 << 30,
        "t" => 1 << 40,
        _ => return Err(usage.to_string()),
    };
    let bytes = number * scale as f64;
    if !bytes.is_finite() || bytes < (1u64 << 20) as f64 || bytes > u64::MAX as f64 / 2.0 {
        return Err(usage.to_string());
    }
    Ok(bytes as u64)
}

/// Parses a list of squares (`--with`, `--block`): anything but blank; the
/// squares themselves are read against the board by [`parse_squares`].
pub fn parse_square_list(s: &str) -> Result<String, String> {
    if s.trim().is_empty() {
        Err("no squares given: give squares such as 'a1 d4' or 'a1,d4'".to_string())
    } else {
        Ok(s.to_string())
    }
}

/// Which shard of how many, from `--shard I/K`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShardSpec {
    pub index: usize,
    pub count: usize,
}

/// Parses `--shard I/K`.
pub fn parse_shard(s: &str) -> Result<ShardSpec, String> {
    let usage = "expected I/K with 0 <= I < K, such as 0/4 (part 0 of 4)";
    let (i, k) = s.trim().split_once('/').ok_or_else(|| usage.to_string())?;
    let (Ok(index), Ok(count)) = (i.trim().parse::<i64>(), k.trim().parse::<i64>()) else {
        return Err(usage.to_string());
    };
    let most = hetman::queens::count::MAX_SHARDS * hetman::queens::count::MAX_FINE;
    if !(1..=most as i64).contains(&count) {
        return Err(format!("the number of shards K must be from 1 to {most}"));
    }
    if let Err(e) = hetman::queens::count::Split::sizes(count as usize) {
        return Err(e.to_string());
    }
    if !(0..count).contains(&index) {
        return Err(format!(
            "shards are numbered from 0 to K-1, here 0 to {}",
            count - 1
        ));
    }
    Ok(ShardSpec {
        index: index as usize,
        count: count as usize,
    })
}

/// Squares from `--with` or `--block` values on `board`: separated by spaces,
/// or by commas between letter squares ('a1,d4'; '3,4' is one square). With
/// `lines`, the words 'diagonal' (a1 to the top right), 'anti-diagonal' and
/// 'diagonals' (both) stand for the squares of the main diagonals.
pub fn parse_squares(
    values: &[String],
    board: BoardSize,
    flag: &str,
    lines: bool,
) -> Result<Vec<Square>> {
    let n = board.width().min(board.height());
    let mut out = Vec::new();
    for value in values {
        for tok in value.split_whitespace() {
            if lines && matches!(tok, "diagonal" | "diagonals" | "anti-diagonal") {
                if tok != "anti-diagonal" {
                    out.extend((0..n).map(|i| Square::new(i, i)));
                }
                if tok != "diagonal" {
                    out.extend((0..n).map(|i| Square::new(i, n - 1 - i)));
                }
                continue;
            }
            let parts: Vec<&str> = if tok.starts_with(|c: char| c.is_ascii_alphabetic()) {
                tok.split(',').filter(|s| !s.is_empty()).collect()
            } else {
                vec![tok]
            };
            for part in parts {
                let sq = board.parse_square(part).map_err(|e| {
                    let also = if lines {
                        ", or 'diagonal', 'anti-diagonal', 'diagonals'"
                    } else {
                        ""
                    };
                    anyhow::anyhow!("{flag} '{value}': {e} (give squares such as 'a1 d4'{also})")
                })?;
                out.push(sq);
            }
        }
    }
    Ok(out)
}

/// The text of a placement or a tour (`what`): the arguments joined, the
/// file given with `--file`, or standard input when there are no arguments
/// or just '-'.
pub fn read_input(args: &[String], file: Option<&Path>, what: &str) -> Result<String> {
    if let Some(path) = file {
        return std::fs::read_to_string(path)
            .with_context(|| format!("cannot read --file '{}'", path.display()));
    }
    if args.is_empty() || (args.len() == 1 && args[0] == "-") {
        let mut s = String::new();
        std::io::stdin()
            .read_to_string(&mut s)
            .with_context(|| format!("cannot read the {what} from standard input"))?;
        return Ok(s);
    }
    Ok(args.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shard_specs() {
        assert_eq!(parse_shard("3/8"), Ok(ShardSpec { index: 3, count: 8 }));
        assert!(parse_shard("8/8").unwrap_err().contains("0 to 7"));
        assert!(parse_shard("-1/8").unwrap_err().contains("0 to 7"));
        assert!(parse_shard("1/0").unwrap_err().contains("from 1"));
        assert!(parse_shard("3").unwrap_err().contains("I/K"));
    }

    #[test]
    fn n_ranges_are_the_engines() {
        assert_eq!(max_search_n(), 64);
        assert_eq!(parse_search_n("64"), Ok(64));
        assert!(parse_search_n("65").unwrap_err().contains("from 1 to 64"));
        assert_eq!(parse_complete_n("65"), Ok(65));
        assert!(parse_complete_n("1048577")
            .unwrap_err()
            .contains("from 1 to 1,048,576"));
        assert!(parse_n("0")
            .unwrap_err()
            .contains("from 1 to 1,073,741,824"));
        assert!(check_n_for(Algorithm::Fast, 29).is_err());
        assert!(check_n_for(Algorithm::Fast, 28).is_ok());
    }

    #[test]
    fn limits_and_square_lists() {
        assert_eq!(parse_limit("0"), Ok(0));
        assert!(parse_limit("-1").unwrap_err().contains("from 0 to"));
        assert!(parse_square_list(" ").is_err());
        let b = BoardSize::square(8).unwrap();
        let sq = parse_squares(&["a1,h8 diagonal".into()], b, "--block", true).unwrap();
        assert_eq!(sq.len(), 10);
        assert!(parse_squares(&["diagonal".into()], b, "--block", false).is_err());
    }
}

#[cfg(test)]
mod memory_tests {
    use super::parse_memory;

    #[test]
    fn memory_sizes() {
        assert_eq!(parse_memory("8GiB"), Ok(8 << 30));
        assert_eq!(parse_memory("512M"), Ok(512 << 20));
        assert_eq!(parse_memory("1.5g"), Ok(3 << 29));
        assert_eq!(parse_memory("2 GB"), Ok(2 << 30));
        assert_eq!(parse_memory("1048576"), Ok(1 << 20));
        for bad in ["", "-1G", "12 apples", "0.5K", "G", "1e9"] {
            assert!(parse_memory(bad).is_err(), "{bad}");
        }
    }
}
