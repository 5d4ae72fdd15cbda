//! `hetman queens symmetry`: the eight images of a placement under the
//! rotations and reflections, its canonical form and class size.

use crate::common::picture::{self, PictureArgsOldSize};
use crate::common::placement::{placement_json, read_placement};
use anyhow::{bail, Result};
use clap::Args;
use hetman::queens::Placement;
use hetman::{render, Symmetry};
use serde_json::json;
use std::process::ExitCode;

pub const HELP: &str = "Examples:\n  hetman queens symmetry 3 5 2 8 1 7 4 6\n  \
hetman queens symmetry 3 5 2 8 1 7 4 6 --png images.png   # the 8 images side by side";

#[derive(Debug, Args)]
pub struct SymmetryArgs {
    /// The placement: a code, squares or a drawn board; '-' or nothing reads standard input.
    pub placement: Vec<String>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Draw the eight images as boards too (default for N up to 12).
    #[arg(long, overrides_with = "no_boards", conflicts_with = "json")]
    pub boards: bool,
    /// Do not draw the images.
    #[arg(long, conflicts_with = "json")]
    pub no_boards: bool,
    #[command(flatten)]
    pub picture: PictureArgsOldSize,
}

pub fn run(a: &SymmetryArgs) -> Result<ExitCode> {
    let pics = a.picture.resolve();
    pics.check()?;
    let p = read_placement(&a.placement, None)?;
    if !p.is_permutation() {
        let mut seen = vec![false; p.n()];
        let rank = p
            .ranks()
            .iter()
            .find(|&&r| std::mem::replace(&mut seen[r as usize], true))
            .map_or(0, |&r| r + 1);
        bail!(
            "PLACEMENT '{p}' has two queens on rank {rank}: rotations and diagonal reflections \
             turn ranks into files, so symmetry needs one queen on each rank as well as each file"
        );
    }
    let images: Vec<(Symmetry, Placement)> = Symmetry::ALL
        .into_iter()
        .map(|s| Ok((s, p.image(s)?)))
        .collect::<Result<_, hetman::Error>>()?;
    let canonical = p.canonical()?;
    let size = p.class_size()?;
    let fixed: Vec<Symmetry> = images
        .iter()
        .filter(|(_, q)| *q == p)
        .map(|(s, _)| *s)
        .collect();
    if pics.wanted() {
        pics.write(&picture::symmetry_sheet(&images))?;
    }
    if a.json {
        let imgs: Vec<_> = images
            .iter()
            .map(|(s, q)| {
                let mut v = placement_json(q);
                v["symmetry"] = json!(s.id());
                v["same_as_identity"] = json!(*q == p);
                v
            })
            .collect();
        let v = json!({
            "n": p.n(), "code": placement_json(&p)["code"], "solution": p.is_solution(),
            "images": imgs, "canonical": placement_json(&canonical)["code"],
            "is_canonical": canonical == p, "class_size": size,
            "fixed_by": fixed.iter().map(|s| s.id()).collect::<Vec<_>>(),
        });
        crate::outln!("{v}");
        return Ok(ExitCode::SUCCESS);
    }
    crate::outln!("placement: {p}");
    let w = Symmetry::ALL
        .iter()
        .map(|s| s.name().len())
        .max()
        .unwrap_or(0);
    for (i, (s, q)) in images.iter().enumerate() {
        let first = images[..i]
            .iter()
            .find(|(_, r)| r == q)
            .map(|(t, _)| t.name());
        let note = match first {
            Some(name) => format!("  = {name}"),
            None => String::new(),
        };
        crate::outln!("  {:<w$}  {q}{note}", s.name());
    }
    crate::outln!(
        "canonical form: {canonical}{}",
        if canonical == p {
            " (this placement)"
        } else {
            ""
        }
    );
    let distinct = 8 / fixed.len();
    let why = if fixed.len() == 1 {
        "no symmetry but the identity leaves it unchanged".to_string()
    } else {
        let names: Vec<&str> = fixed[1..].iter().map(|s| s.name()).collect();
        format!("it is unchanged by the {}", names.join(" and the "))
    };
    let images_word = if distinct == 1 { "image" } else { "images" };
    crate::outln!("class size: {size} ({distinct} distinct {images_word}: {why})");
    crate::outln!("solution: {}", if p.is_solution() { "yes" } else { "no" });
    let draw = if a.no_boards {
        false
    } else {
        a.boards || p.n() <= 12
    };
    if draw {
        crate::outln!();
        let boards: Vec<(String, Vec<String>)> = images
            .iter()
            .map(|(s, q)| {
                let b = if pics.color {
                    render::text::queens_color(q, &[])
                } else {
                    render::text::queens(q)
                };
                (s.name().to_string(), b.lines().map(String::from).collect())
            })
            .collect();
        for chunk in boards.chunks(4) {
            let width = chunk
                .iter()
                .flat_map(|(t, l)| l.iter().chain([t]))
                .map(|l| picture::visible_width(l))
                .max()
                .unwrap_or(0);
            let titles: Vec<String> = chunk.iter().map(|(t, _)| format!("{t:<width$}")).collect();
            crate::outln!("{}", titles.join("   ").trim_end());
            for row in 0..chunk[0].1.len() {
                let cells: Vec<String> = chunk
                    .iter()
                    .map(|(_, l)| picture::pad(&l[row], width))
                    .collect();
                crate::outln!("{}", cells.join("   ").trim_end());
            }
            crate::outln!();
        }
    }
    Ok(ExitCode::SUCCESS)
}
