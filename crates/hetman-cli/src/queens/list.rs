//! `hetman queens list`: stream the solutions, one per line (or one board
//! each), with pictures on request.

use crate::common::args::{check_n_for, parse_limit, parse_search_n};
use crate::common::engine::{refusal, AlgorithmArg};
use crate::common::output::{group, Stream};
use crate::common::picture::{Gallery, PictureArgsOldSize, Sheet};
use crate::common::placement::{check_format, placement_json, placement_record, FormatArg};
use anyhow::{bail, Result};
use clap::Args;
use hetman::queens::{self, Algorithm, Placement};
use serde_json::json;
use std::io;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

pub const HELP: &str = "Examples:\n  hetman queens list 8 --unique --format board\n  \
hetman queens list 20 --limit 5\n  hetman queens list 6 --json\n  \
hetman queens list 8 --unique --svg-dir gallery   # 12 pictures and gallery/index.html\n  \
hetman queens list 8 --unique --png unique.png";

/// The most pictures `--svg-dir` writes.
const MAX_GALLERY: u64 = 1000;

#[derive(Debug, Args)]
pub struct ListArgs {
    /// The number of queens and the side of the board: 1 to 32 with the bitboard search
    /// (the default); each --algorithm's range is given with it below.
    #[arg(value_parser = parse_search_n, allow_negative_numbers = true)]
    pub n: usize,
    /// Stop after this many solutions (0 or more).
    #[arg(long, short, value_parser = parse_limit, allow_negative_numbers = true)]
    pub limit: Option<u64>,
    /// One solution per symmetry class (the smallest code of its 8 images), with its class size.
    #[arg(long, short)]
    pub unique: bool,
    #[command(flatten)]
    pub print: FormatArg,
    /// One JSON object per line.
    #[arg(long)]
    pub json: bool,
    /// The search that produces the solutions (all give the same order).
    #[arg(long, short, value_enum, default_value = "bitboard")]
    pub algorithm: AlgorithmArg,
    /// Write one SVG picture per solution into DIR (named by its code) and an index.html showing them all.
    #[arg(long, value_name = "DIR")]
    pub svg_dir: Option<PathBuf>,
    #[command(flatten)]
    pub picture: PictureArgsOldSize,
}

pub fn run(a: &ListArgs) -> Result<ExitCode> {
    let algorithm = Algorithm::from(a.algorithm);
    check_n_for(algorithm, a.n)?;
    check_format(a.print.format, a.n)?;
    if let Some(why) = refusal(algorithm, a.n, true, 1) {
        bail!("{why}");
    }
    let pics = a.picture.resolve();
    pics.check()?;
    if let Some(dir) = &a.svg_dir {
        check_gallery_size(dir, a)?;
    }
    let mut gallery = a.svg_dir.as_deref().map(Gallery::create).transpose()?;
    let mut sheet = Sheet::default();
    let mut out = Stream::new();
    let mut index = 0u64;
    let limit = a.limit.unwrap_or(u64::MAX);
    if limit == 0 {
        return Ok(ExitCode::SUCCESS);
    }
    let mut failure: Option<io::Error> = None;
    let mut picture_failure: Option<anyhow::Error> = None;
    let mut emit = |p: &Placement, class_size: Option<usize>| -> ControlFlow<()> {
        index += 1;
        // Verify what we print.
        assert!(p.is_solution(), "search produced a non-solution {p}");
        let text = if a.json {
            let mut v = placement_json(p);
            v["index"] = json!(index);
            if let Some(s) = class_size {
                v["class_size"] = json!(s);
            }
            format!("{v}\n")
        } else {
            let note = class_size.map(|s| format!("class size {s}"));
            placement_record(index, p, a.print.format, pics.color, note.as_deref())
        };
        if let Err(e) = out.record(&text) {
            failure = Some(e);
            return ControlFlow::Break(());
        }
        if pics.wanted() {
            sheet.add(index, p, class_size);
        }
        if let Some(g) = gallery.as_mut()
            && let Err(e) = g.add(p, class_size)
        {
            picture_failure = Some(e);
            return ControlFlow::Break(());
        }
        if index >= limit {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    };
    if a.unique {
        queens::for_each_unique(a.n, algorithm, |p, s| emit(p, Some(s)))?;
    } else {
        queens::for_each_solution(a.n, algorithm, |p| emit(p, None))?;
    }
    if let Some(e) = failure {
        return Err(e.into());
    }
    out.finish()?;
    if let Some(e) = picture_failure {
        return Err(e);
    }
    if let Some(g) = gallery {
        g.finish(a.n)?;
    }
    if pics.wanted() {
        pics.write(&sheet.svg())?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Refuses up front a gallery of more than [`MAX_GALLERY`] pictures: the
/// listing's length is `--limit` or, for N up to 14, the count (instant).
fn check_gallery_size(dir: &Path, a: &ListArgs) -> Result<()> {
    let limit = a.limit.unwrap_or(u64::MAX);
    if limit <= MAX_GALLERY {
        return Ok(());
    }
    let listed = if a.n <= 14 {
        let c = queens::count(a.n, Algorithm::Fast)?;
        if a.unique {
            c.unique
        } else {
            c.total
        }
    } else {
        u64::MAX
    };
    if listed > MAX_GALLERY {
        let what = if listed == u64::MAX {
            format!("more than {}", group(MAX_GALLERY))
        } else {
            group(listed)
        };
        bail!(
            "--svg-dir '{}': {} queens would give {what} pictures; a gallery holds at most {} \
             (add --limit {}{})",
            dir.display(),
            a.n,
            group(MAX_GALLERY),
            MAX_GALLERY,
            if a.unique { "" } else { ", or --unique" }
        );
    }
    Ok(())
}
