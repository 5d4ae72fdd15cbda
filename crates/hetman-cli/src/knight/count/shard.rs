//! `knight count --shard`: one shard of a whole-board count on several machines.

use super::report::square_progress;
use super::CountArgs;
use crate::common::args::ShardSpec;
use crate::common::long_run::{install_ctrlc, resolve_threads, Progress, STOP};
use crate::common::output::{self, big, group};
use crate::common::shard::{knight_record, write_record};
use anyhow::{bail, Context, Result};
use hetman::knight::frontier::shard::{count_shard as shard_count, Shard};
use hetman::knight::frontier::{self, Tours};
use hetman::BoardSize;
use std::process::ExitCode;
use std::time::Instant;

/// `knight count` of one shard of the whole board.
pub(super) fn count_shard(
    a: &CountArgs,
    size: BoardSize,
    mask: &[bool],
    s: ShardSpec,
) -> Result<ExitCode> {
    let Some(exchange) = a.exchange.as_deref() else {
        bail!("--shard needs --exchange DIR, a directory every shard sees");
    };
    install_ctrlc();
    let t0 = Instant::now();
    let kind = if a.closed {
        Tours::Closed
    } else {
        Tours::OpenDirected
    };
    let (index, count) = (s.index, s.count);
    let bar = Progress::new(!a.quiet && !a.json);
    let progress =
        |p: frontier::Progress| square_progress(&bar, p, (p.step as u64, p.steps as u64));
    let shown = exchange.display().to_string();
    let waiting = |v: usize, missing: &[usize]| {
        if !a.quiet {
            let list: Vec<String> = missing.iter().map(ToString::to_string).collect();
            eprintln!(
                "hetman: shard {index}/{count} waits before square {} for shard{} {} \
                 (the shards of a count run at the same time and exchange states in '{shown}')",
                v + 1,
                if missing.len() == 1 { "" } else { "s" },
                list.join(", ")
            );
        }
    };
    let mut opts = frontier::Options::default();
    opts.threads = resolve_threads(a.threads);
    opts.progress = Some(&progress);
    opts.stop = Some(&STOP);
    opts.waiting = Some(&waiting);
    let shard = Shard {
        index,
        count,
        exchange,
    };
    let c = shard_count(size.width(), size.height(), mask, kind, &shard, &opts)
        .with_context(|| format!("SIZE '{size}'"))?;
    drop(bar);
    let wall = t0.elapsed().as_secs_f64();
    let record = knight_record(&c, wall);
    if let Some(path) = &a.result {
        write_record(path, &record)?;
    }
    if a.json {
        crate::outln!("{record}");
        return Ok(ExitCode::SUCCESS);
    }
    let what = if a.closed {
        "closed tours (undirected)"
    } else {
        "directed open tours"
    };
    crate::outln!(
        "{size}, shard {index}/{count}: {} {what}, this shard's part of the total",
        big(c.tours)
    );
    if a.result.is_none() {
        crate::outln!("(add --result FILE to keep it for `hetman knight merge`)");
    }
    if a.stats {
        crate::outln!(
            "engine: frontier, shard {index} of {count}, split {} (peak {} states)",
            c.split,
            group(c.peak_states as u64)
        );
        crate::outln!("time: {}", output::seconds(wall));
    }
    Ok(ExitCode::SUCCESS)
}
