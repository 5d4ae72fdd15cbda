//! `hetman queens compare`: every algorithm that can do N in reasonable
//! time, on one thread each, in one table.

use crate::common::args::parse_search_n;
use crate::common::engine::{refusal, run_count};
use crate::common::long_run::memory_budget;
use crate::common::output::{self, group};
use anyhow::{bail, Result};
use clap::Args;
use hetman::queens::Algorithm;
use serde_json::json;
use std::process::ExitCode;

pub const HELP: &str =
    "An algorithm that would take more than about a minute is skipped, with its \
estimate. The time column is measured, so it differs from run to run.\n\n\
Example:\n  hetman queens compare 8";

#[derive(Debug, Args)]
pub struct CompareArgs {
    /// The number of queens and the side of the board, 1 to 64 (each algorithm's own range
    /// and time limit decide which of them run).
    #[arg(value_parser = parse_search_n, allow_negative_numbers = true)]
    pub n: usize,
    /// Print one JSON object per algorithm instead of a table.
    #[arg(long)]
    pub json: bool,
}

pub fn run(a: &CompareArgs) -> Result<ExitCode> {
    let n = a.n;
    let mut rows = Vec::new();
    let mut skipped = Vec::new();
    for algorithm in Algorithm::ALL {
        if let Some(why) = refusal(algorithm, n, false, 1) {
            skipped.push((algorithm, why));
            continue;
        }
        // The slow ones say what is running, so a long table is not a silent wait.
        let estimate = algorithm.estimate(n).seconds;
        if estimate > 1.0 {
            eprintln!(
                "hetman: running {} (about {})...",
                algorithm.name(),
                output::seconds(estimate)
            );
        }
        let (c, time, _) = run_count(n, algorithm, 1, false, memory_budget(None))?;
        rows.push((algorithm, c, time));
    }
    if rows.is_empty() {
        bail!("no algorithm can count N = {n} in reasonable time");
    }
    if let Some(w) = rows.windows(2).find(|w| w[0].1.total != w[1].1.total) {
        bail!(
            "internal error: {} and {} disagree ({} vs {} solutions)",
            w[0].0,
            w[1].0,
            w[0].1.total,
            w[1].1.total
        );
    }
    let fastest = rows
        .iter()
        .map(|r| r.2.as_secs_f64())
        .fold(f64::INFINITY, f64::min)
        .max(1e-9);
    if a.json {
        for (alg, c, t) in &rows {
            crate::outln!(
                "{}",
                json!({"n": n, "algorithm": alg.name(), "solutions": c.total, "unique": c.unique,
                       "work": c.work, "work_unit": alg.work_unit_for(n), "seconds": t.as_secs_f64(),
                       "times_slower": t.as_secs_f64().max(1e-9) / fastest})
            );
        }
        for (alg, why) in &skipped {
            crate::outln!(
                "{}",
                json!({"n": n, "algorithm": alg.name(), "skipped": why})
            );
        }
        return Ok(ExitCode::SUCCESS);
    }
    let header = [
        "algorithm",
        "solutions",
        "unique",
        "work",
        "",
        "time",
        "slower",
    ];
    let table: Vec<[String; 7]> = rows
        .iter()
        .map(|(alg, c, t)| {
            [
                alg.name().to_string(),
                group(c.total),
                group(c.unique),
                group(c.work),
                alg.work_unit_for(n).to_string(),
                output::duration(*t),
                format!("{:.1}x", t.as_secs_f64().max(1e-9) / fastest),
            ]
        })
        .collect();
    let mut widths = header.map(str::len);
    for row in &table {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    crate::outln!(
        "{}, one thread each:",
        output::count_of(n as u64, "queen", "queens")
    );
    let line = |cells: &[String]| {
        let mut s = String::new();
        for (i, (cell, w)) in cells.iter().zip(widths).enumerate() {
            // Text columns left-aligned, numbers right-aligned.
            if i == 0 || i == 4 {
                s.push_str(&format!("{cell:<w$}  "));
            } else {
                s.push_str(&format!("{cell:>w$}  "));
            }
        }
        s.trim_end().to_string()
    };
    crate::outln!("{}", line(&header.map(String::from)));
    for row in &table {
        crate::outln!("{}", line(row));
    }
    for (alg, why) in &skipped {
        crate::outln!("{}: skipped: {why}", alg.name());
    }
    Ok(ExitCode::SUCCESS)
}
