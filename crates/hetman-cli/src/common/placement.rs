//! Queens placements in and out: reading one from arguments, a file or
//! standard input; `--format` and the text of each form; the JSON object of a
//! placement; and the streaming writer that prints N = 10^9 without holding
//! the text.

use crate::common::args::read_input;
use crate::common::output::group;
use crate::common::picture::Pictures;
use anyhow::{bail, Result};
use clap::{Args, ValueEnum};
use hetman::queens::Placement;
use hetman::{render, Square};
use serde_json::json;
use std::io::{self, Write};
use std::path::Path;

/// The largest N drawn with `--format board` (N² squares).
pub const MAX_BOARD_N: usize = 64;
/// The largest N drawn with `--svg`/`--png` (one element per queen; the
/// checkerboard is a pattern, so the file grows with N, not N²).
pub const MAX_PICTURE_N: usize = 10_000;

/// `--format` of a printed placement.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// The seeds' code: '5 8 4 1 7 2 6 3'.
    Code,
    /// The code without spaces, '58417263' (N up to 9).
    Compact,
    /// A drawn board, top rank first, files and ranks labelled (N up to 64).
    Board,
    /// Squares in algebraic notation: 'a5 b8 c4 d1 e7 f2 g6 h3'.
    Algebraic,
}

/// `--format`, written once for the commands that print placements
/// (`queens list`, `solve`, `complete`); each has its own `--json`, which
/// `--format` conflicts with.
#[derive(Debug, Args)]
pub struct FormatArg {
    /// How to print each placement.
    #[arg(
        long,
        short,
        value_enum,
        default_value = "code",
        conflicts_with = "json"
    )]
    pub format: Format,
}

/// Refuses a format that cannot show N queens.
pub fn check_format(format: Format, n: usize) -> Result<()> {
    if format == Format::Compact && n > 9 {
        bail!("--format compact writes one digit per queen and takes N up to 9, not {n}; use --format code");
    }
    if format == Format::Board && n > MAX_BOARD_N {
        bail!(
            "--format board draws N x N squares and takes N up to {MAX_BOARD_N}, not {}; use --format code",
            group(n as u64)
        );
    }
    Ok(())
}

/// Checks the picture flags up front: paths, and N small enough to draw.
pub fn check_pictures(pics: &Pictures, n: usize) -> Result<()> {
    pics.check()?;
    if pics.wanted() && n > MAX_PICTURE_N {
        bail!(
            "--svg/--png draw every queen and take N up to {}, not {}; print the code instead",
            group(MAX_PICTURE_N as u64),
            group(n as u64)
        );
    }
    Ok(())
}

/// The text of a placement in `format` (a board in colour when `color`).
pub fn format_placement(p: &Placement, format: Format, color: bool) -> String {
    match format {
        Format::Code => p.to_code(),
        Format::Compact => p.to_compact().unwrap_or_else(|| p.to_code()),
        Format::Board if color => render::text::queens_color(p, &[]),
        Format::Board => render::text::queens(p),
        Format::Algebraic => p.to_algebraic(),
    }
}

/// One record of a listing (`queens list`, `queens complete --list`): the
/// placement numbered `index`, with a `note` such as its class size; boards
/// get a heading line.
pub fn placement_record(
    index: u64,
    p: &Placement,
    format: Format,
    color: bool,
    note: Option<&str>,
) -> String {
    let body = format_placement(p, format, color);
    match (format, note) {
        (Format::Board, Some(note)) => format!("#{index} {} ({note})\n{body}\n", p.to_code()),
        (Format::Board, None) => format!("#{index} {}\n{body}\n", p.to_code()),
        (_, Some(note)) => format!("{body}  ({note})\n"),
        (_, None) => format!("{body}\n"),
    }
}

/// `{"n", "code", "algebraic"}` of a placement.
pub fn placement_json(p: &Placement) -> serde_json::Value {
    let code: Vec<u64> = p.ranks().iter().map(|&r| u64::from(r) + 1).collect();
    json!({"n": p.n(), "code": code, "algebraic": p.to_algebraic()})
}

/// Reads a placement from the arguments, a file, or standard input.
pub fn read_placement(args: &[String], file: Option<&Path>) -> Result<Placement> {
    let text = read_input(args, file, "placement")?;
    let shown: String = text.trim().chars().take(40).collect();
    let parsed = match parse_code_fast(&text) {
        Some(p) => p,
        None => text.parse::<Placement>(),
    };
    parsed.map_err(|e| {
        let more = if text.trim().chars().count() > 40 {
            "..."
        } else {
            ""
        };
        anyhow::anyhow!("PLACEMENT '{}{more}': {e}", shown.replace('\n', " / "))
    })
}

/// The fast path for long codes (N up to 10^9): ranks separated by spaces,
/// commas or newlines (one rank per line), read in one pass over the bytes with
/// no allocation per number. `None` when the text is anything else (squares, a
/// board, a compact code, a number too large), for the general parser and its
/// messages.
fn parse_code_fast(text: &str) -> Option<Result<Placement, hetman::Error>> {
    // At most one number per two bytes; pages never written cost nothing.
    let mut code: Vec<u32> = Vec::with_capacity(text.len() / 2 + 1);
    let mut value: u64 = 0;
    let mut in_number = false;
    for &b in text.as_bytes() {
        if b.is_ascii_digit() {
            value = value * 10 + u64::from(b - b'0');
            if value > u64::from(u32::MAX) {
                return None;
            }
            in_number = true;
        } else if b.is_ascii_whitespace() || b == b',' || b == b';' {
            if in_number {
                code.push(value as u32);
                value = 0;
                in_number = false;
            }
        } else {
            return None;
        }
    }
    if in_number {
        code.push(value as u32);
    }
    if code.len() < 2 {
        return None; // empty, or one compact code such as 58417263
    }
    if code.contains(&0) {
        return Some(Placement::from_code(&code)); // for its message about rank 0
    }
    // 1-based to 0-based in place; from_ranks checks the range.
    for v in &mut code {
        *v -= 1;
    }
    Some(Placement::from_ranks(code))
}

/// Two decimal digits for each of 0..100: "00", "01", ..., "99".
const DIGIT_PAIRS: &[u8; 200] = b"0001020304050607080910111213141516171819\
2021222324252627282930313233343536373839\
4041424344454647484950515253545556575859\
6061626364656667686970717273747576777879\
8081828384858687888990919293949596979899";

/// Writes 1-based ranks, separated by `sep`, as decimal: digits go straight
/// into a 64 KiB buffer, two at a time, with no allocation or copy per number
/// (N = 10^9 writes 10 GB).
pub fn write_code(
    out: &mut impl Write,
    ranks: impl Iterator<Item = u32>,
    sep: &[u8],
) -> io::Result<()> {
    let mut buf = vec![0u8; 1 << 16];
    let room = buf.len() - 16 - sep.len();
    let mut pos = 0;
    for (i, r) in ranks.enumerate() {
        if pos > room {
            out.write_all(&buf[..pos])?;
            pos = 0;
        }
        if i > 0 {
            for &b in sep {
                buf[pos] = b;
                pos += 1;
            }
        }
        let mut v = u64::from(r) + 1;
        let end = pos + v.ilog10() as usize + 1;
        let mut k = end;
        while v >= 100 {
            let d = (v % 100) as usize * 2;
            v /= 100;
            k -= 2;
            buf[k] = DIGIT_PAIRS[d];
            buf[k + 1] = DIGIT_PAIRS[d + 1];
        }
        if v >= 10 {
            k -= 2;
            buf[k] = DIGIT_PAIRS[v as usize * 2];
            buf[k + 1] = DIGIT_PAIRS[v as usize * 2 + 1];
        } else {
            buf[k - 1] = b'0' + v as u8;
        }
        pos = end;
    }
    out.write_all(&buf[..pos])
}

/// Writes a solution given as a restartable stream of 0-based ranks.
pub fn write_solution<I>(
    out: &mut impl Write,
    n: usize,
    ranks: impl Fn() -> I,
    format: Format,
    color: bool,
) -> io::Result<()>
where
    I: Iterator<Item = u32>,
{
    match format {
        Format::Code => write_code(out, ranks(), b" ")?,
        Format::Compact => write_code(out, ranks(), b"")?,
        Format::Algebraic => {
            for (f, r) in ranks().enumerate() {
                if f > 0 {
                    out.write_all(b" ")?;
                }
                write!(out, "{}", Square::new(f as u32, r))?;
            }
        }
        Format::Board => {
            let p = Placement::from_ranks(ranks().collect()).map_err(io::Error::other)?;
            debug_assert_eq!(p.n(), n);
            let board = format_placement(&p, Format::Board, color);
            out.write_all(board.trim_end().as_bytes())?;
        }
    }
    out.write_all(b"\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streamed_code_matches_the_placement() {
        let p: Placement = "5 8 4 1 7 2 6 3".parse().unwrap();
        let mut out = Vec::new();
        write_solution(
            &mut out,
            8,
            || p.ranks().iter().copied(),
            Format::Code,
            false,
        )
        .unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "5 8 4 1 7 2 6 3\n");
        let long: Vec<u32> = (0..200).rev().collect();
        let mut out = Vec::new();
        write_code(&mut out, long.iter().copied(), b",").unwrap();
        assert!(String::from_utf8(out).unwrap().starts_with("200,199,"));
    }

    #[test]
    fn fast_code_path_agrees_with_the_parser() {
        let p = parse_code_fast("5\n8\n4\n1\n7\n2\n6\n3\n")
            .unwrap()
            .unwrap();
        assert_eq!(p, "5 8 4 1 7 2 6 3".parse().unwrap());
        assert!(parse_code_fast("58417263").is_none());
        assert!(parse_code_fast("a1 b3").is_none());
    }
}
