//! Pictures of results: the shared flags (`--svg`, `--png`, `--png-size`,
//! `--color`, `--ascii`), colour rules, writing SVG and PNG files, and the
//! pictures made of several boards (a sheet, the eight images, a gallery).
//!
//! Commands flatten [`PictureArgs`] into their arguments and turn it into a
//! [`Pictures`] with [`PictureArgs::resolve`]; the library draws the SVG, this
//! module writes it and rasterises it with resvg when the `png` feature is on.
//! A new output format for pictures goes here, behind [`Pictures::write`].

use anyhow::{bail, Context, Result};
use clap::{Args, ValueEnum};
use hetman::jobs::output::{write_file, Existing};
use hetman::queens::Placement;
use hetman::render::{svg, TourPicture};
use hetman::Symmetry;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};

/// The widest PNG `--png-size` accepts.
const MAX_PNG_WIDTH: u32 = 16_384;
/// The most pixels a PNG may have (a 4-byte pixel each in memory).
#[cfg(feature = "png")]
const MAX_PNG_PIXELS: u64 = 200_000_000;

/// When to colour boards on the terminal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    /// Colour when standard output is a terminal and NO_COLOR is not set.
    Auto,
    /// Always colour, even into a pipe or file.
    Always,
    /// Never colour.
    Never,
}

/// Picture flags for commands that draw a board.
#[derive(Debug, Clone, Args)]
pub struct PictureArgs {
    #[command(flatten)]
    pub common: CommonPictureArgs,
    /// Width of the PNG in pixels, 16 to 16384 (default: the picture's natural width, at least 800).
    #[arg(long, value_name = "PIXELS", value_parser = clap::value_parser!(u32).range(16..=MAX_PNG_WIDTH as i64))]
    pub png_size: Option<u32>,
}

/// [`PictureArgs`] for the commands where `--size` used to be the PNG width
/// (`queens list`, `symmetry`, `solve`, `complete`): `--size` is kept as a
/// hidden, deprecated spelling of `--png-size` for one release. New commands
/// use [`PictureArgs`].
#[derive(Debug, Clone, Args)]
pub struct PictureArgsOldSize {
    #[command(flatten)]
    pub common: CommonPictureArgs,
    /// Width of the PNG in pixels, 16 to 16384 (default: the picture's natural width, at least 800).
    #[arg(long, value_name = "PIXELS", alias = "size", value_parser = clap::value_parser!(u32).range(16..=MAX_PNG_WIDTH as i64))]
    pub png_size: Option<u32>,
}

/// The flags both kinds share.
#[derive(Debug, Clone, Args)]
pub struct CommonPictureArgs {
    /// Also write the picture as SVG to FILE.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// Also write the picture as PNG to FILE (see --png-size).
    #[arg(long, value_name = "FILE")]
    pub png: Option<PathBuf>,
    /// Colour boards on the terminal: auto (on a terminal without NO_COLOR), always or never.
    #[arg(long, value_enum, value_name = "WHEN", default_value = "auto")]
    pub color: ColorChoice,
    /// Draw boards in plain ASCII ('Q' and '.'), never in colour.
    #[arg(long)]
    pub ascii: bool,
}

impl PictureArgs {
    pub fn resolve(&self) -> Pictures {
        self.common.resolve(self.png_size)
    }
}

impl PictureArgsOldSize {
    pub fn resolve(&self) -> Pictures {
        self.common.resolve(self.png_size)
    }
}

impl CommonPictureArgs {
    fn resolve(&self, size: Option<u32>) -> Pictures {
        Pictures {
            svg: self.svg.clone(),
            png: self.png.clone(),
            png_width: size,
            color: use_color(self.color, self.ascii),
        }
    }
}

/// What a command was asked to draw, resolved from the flags.
#[derive(Debug, Clone)]
pub struct Pictures {
    pub svg: Option<PathBuf>,
    pub png: Option<PathBuf>,
    pub png_width: Option<u32>,
    /// Draw terminal boards in colour with glyphs.
    pub color: bool,
}

impl Pictures {
    /// Whether any file is to be written.
    pub fn wanted(&self) -> bool {
        self.svg.is_some() || self.png.is_some()
    }

    /// Checks up front what can fail before any work: PNG support, and that
    /// the files' folders exist.
    pub fn check(&self) -> Result<()> {
        if self.png.is_some() && !cfg!(feature = "png") {
            bail!(
                "--png: this hetman was built without PNG support (the cargo feature 'png'); \
                 use --svg FILE"
            );
        }
        for (flag, path) in [("--svg", &self.svg), ("--png", &self.png)] {
            if let Some(path) = path {
                check_parent(flag, path)?;
            }
        }
        Ok(())
    }

    /// Draws the picture with `svg` and writes it to the files asked for;
    /// does not draw at all when no file is asked for.
    pub fn write_with(&self, svg: impl FnOnce() -> String) -> Result<()> {
        if self.wanted() {
            self.write(&svg())?;
        }
        Ok(())
    }

    /// Writes the SVG document `svg` to the files asked for.
    pub fn write(&self, svg: &str) -> Result<()> {
        if let Some(path) = &self.svg {
            write_file(path, svg.as_bytes(), Existing::Replace).context("--svg")?;
        }
        if let Some(path) = &self.png {
            let png = to_png(svg, self.png_width)?;
            write_file(path, &png, Existing::Replace).context("--png")?;
        }
        Ok(())
    }
}

/// A knight's tour board for the terminal: move numbers, in colour with the
/// start and end marked when `pics.color`, else plain (`.` unvisited, `#` blocked).
pub fn tour_board(pics: &Pictures, t: &TourPicture<'_>) -> String {
    if pics.color {
        hetman::render::text::tour_color(t)
    } else {
        hetman::render::text::tour(t)
    }
}

/// Writes the SVG/PNG of a knight's tour when asked for (path only, without
/// numbers, on boards of 500 or more on a side).
pub fn write_tour(pics: &Pictures, t: &TourPicture<'_>) -> Result<()> {
    pics.write_with(|| svg::tour(t))
}

/// Refuses an output file `path` (given to `flag`, e.g. `--svg`) in a
/// missing folder, or that is a folder.
pub fn check_parent(flag: &str, path: &Path) -> Result<()> {
    let parent = path.parent().filter(|p| !p.as_os_str().is_empty());
    if let Some(dir) = parent
        && !dir.is_dir()
    {
        bail!(
            "{flag} '{}': the folder '{}' does not exist",
            path.display(),
            dir.display()
        );
    }
    if path.is_dir() {
        bail!(
            "{flag} '{}' is a folder; give a file name such as board.{}",
            path.display(),
            &flag[2..]
        );
    }
    Ok(())
}

/// The colour rule: `--ascii` wins, then `--color always|never`; `auto` colours
/// only a terminal, and never with NO_COLOR set (to anything but "") or TERM=dumb.
pub fn use_color(choice: ColorChoice, ascii: bool) -> bool {
    if ascii {
        return false;
    }
    match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => {
            let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
            let dumb = std::env::var_os("TERM").is_some_and(|t| t == "dumb");
            !no_color && !dumb && std::io::stdout().is_terminal()
        }
    }
}

/// The width of text as a terminal shows it: characters, not counting ANSI escapes.
pub fn visible_width(s: &str) -> usize {
    let mut n = 0;
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            for d in chars.by_ref() {
                if d == 'm' {
                    break;
                }
            }
        } else {
            n += 1;
        }
    }
    n
}

/// `s` padded with spaces to `width` visible characters.
pub fn pad(s: &str, width: usize) -> String {
    let w = visible_width(s);
    format!("{s}{}", " ".repeat(width.saturating_sub(w)))
}

/// A PNG of the SVG document, `width` pixels wide (default: its natural width,
/// at least 800), the height in proportion.
#[cfg(feature = "png")]
pub fn to_png(svg: &str, width: Option<u32>) -> Result<Vec<u8>> {
    use resvg::{tiny_skia, usvg};
    let mut options = usvg::Options::default();
    {
        let db = options.fontdb_mut();
        db.load_system_fonts();
        // Prefer DejaVu Sans (what the SVG asks for first), else any sans face.
        let faces: Vec<String> = db
            .faces()
            .flat_map(|f| f.families.iter().map(|(name, _)| name.clone()))
            .collect();
        if let Some(name) = faces
            .iter()
            .find(|n| n.as_str() == "DejaVu Sans")
            .or_else(|| faces.iter().find(|n| n.contains("Sans")))
            .or(faces.first())
        {
            db.set_sans_serif_family(name.clone());
        }
        if faces.is_empty() {
            eprintln!(
                "hetman: warning: no fonts found on this system; the PNG has no labels or \
                 numbers (install a font such as DejaVu Sans, or use --svg)"
            );
        }
    }
    let tree = usvg::Tree::from_str(svg, &options).context("internal error: the SVG is invalid")?;
    let natural = tree.size();
    let w = width.unwrap_or_else(|| (natural.width().round() as u32).clamp(800, 4000));
    let scale = w as f32 / natural.width();
    let h = (natural.height() * scale).round().max(1.0) as u32;
    if u64::from(w) * u64::from(h) > MAX_PNG_PIXELS {
        bail!(
            "--png: a {w} x {h} image is too large ({} pixels, the limit is {}); \
             give a smaller --png-size, or use --svg",
            w as u64 * h as u64,
            MAX_PNG_PIXELS
        );
    }
    let mut pixmap = tiny_skia::Pixmap::new(w, h)
        .with_context(|| format!("--png: cannot make a {w} x {h} image"))?;
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    pixmap
        .encode_png()
        .context("--png: cannot encode the image")
}

/// Without the `png` feature: refused up front by [`Pictures::check`].
#[cfg(not(feature = "png"))]
pub fn to_png(_svg: &str, _width: Option<u32>) -> Result<Vec<u8>> {
    bail!("--png: this hetman was built without PNG support (the cargo feature 'png')")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ascii_and_never_win_over_everything() {
        assert!(!use_color(ColorChoice::Always, true));
        assert!(!use_color(ColorChoice::Never, false));
        assert!(use_color(ColorChoice::Always, false));
    }

    #[test]
    fn tour_helpers_draw_and_write() {
        let path = TourPicture::squares_from_indices(3, &[0, 5, 6]);
        let t = TourPicture {
            width: 3,
            height: 3,
            path: &path,
            blocked: &[],
            closed: false,
        };
        let dir = std::env::temp_dir().join(format!("hetman-picture-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("tour.svg");
        let mut pics = Pictures {
            svg: Some(file.clone()),
            png: None,
            png_width: None,
            color: false,
        };
        assert_eq!(
            tour_board(&pics, &t),
            "3 3 . .\n2 . . 2\n1 1 . .\n  a b c\n"
        );
        write_tour(&pics, &t).unwrap();
        let svg = std::fs::read_to_string(&file).unwrap();
        assert!(svg.starts_with("<svg") && svg.contains(">3</text>"));
        pics.color = true;
        assert!(tour_board(&pics, &t).contains("\x1b["));
        let args = PictureArgs {
            common: CommonPictureArgs {
                svg: Some(dir.join("none/x.svg")),
                png: None,
                color: ColorChoice::Never,
                ascii: false,
            },
            png_size: None,
        };
        let mut drawn = false;
        let pics = args.resolve();
        let err = pics.check().and_then(|()| {
            pics.write_with(|| {
                drawn = true;
                String::new()
            })
        });
        assert!(err.unwrap_err().to_string().contains("does not exist"));
        assert!(!drawn, "a bad path fails before drawing");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn widths_skip_escapes() {
        assert_eq!(visible_width("\x1b[1;38;5;16m ♛ \x1b[0m"), 3);
        assert_eq!(pad("\x1b[0mab", 4), "\x1b[0mab  ");
    }
}

/// The most boards one `--svg`/`--png` sheet of `queens list` holds.
pub const MAX_SHEET: usize = 100;

/// The boards of a listing, for one picture of them side by side.
#[derive(Default)]
pub struct Sheet {
    boards: Vec<(String, Placement)>,
    seen: u64,
}

impl Sheet {
    /// Keeps solution number `index` (1-based) if there is room.
    pub fn add(&mut self, index: u64, p: &Placement, class_size: Option<usize>) {
        self.seen += 1;
        if self.boards.len() < MAX_SHEET {
            let mut caption = format!("#{index}");
            if p.n() <= 16 {
                caption.push_str(": ");
                caption.push_str(&p.to_code());
            }
            if let Some(s) = class_size {
                caption.push_str(&format!("\nclass size {s}"));
            }
            self.boards.push((caption, p.clone()));
        }
    }

    /// The picture; a note on stderr when some boards were left out.
    pub fn svg(&self) -> String {
        if self.seen > self.boards.len() as u64 {
            eprintln!(
                "hetman: the picture shows the first {} of {} solutions (use --limit, or --svg-dir \
                 for one file each)",
                self.boards.len(),
                self.seen
            );
        }
        svg::queens_sheet(&self.boards, 4)
    }
}

/// The eight images of a placement side by side, named, with their codes.
pub fn symmetry_sheet(images: &[(Symmetry, Placement)]) -> String {
    let boards: Vec<(String, Placement)> = images
        .iter()
        .enumerate()
        .map(|(i, (s, q))| {
            let same = images[..i]
                .iter()
                .find(|(_, r)| r == q)
                .map(|(t, _)| t.name());
            let mut caption = s.name().to_string();
            if q.n() <= 16 {
                caption.push('\n');
                caption.push_str(&q.to_code());
            }
            if let Some(t) = same {
                caption.push_str(&format!("\n= {t}"));
            } else {
                caption.push_str("\n ");
            }
            (caption, q.clone())
        })
        .collect();
    svg::queens_sheet(&boards, 4)
}

/// `queens list --svg-dir DIR`: one SVG per solution and an `index.html`.
pub struct Gallery {
    dir: PathBuf,
    /// File name, code and class size of each picture, in order.
    entries: Vec<(String, String, Option<usize>)>,
}

impl Gallery {
    /// Makes the folder (and its parents) if it does not exist.
    pub fn create(dir: &Path) -> Result<Gallery> {
        if dir.exists() && !dir.is_dir() {
            bail!("--svg-dir '{}' is a file, not a folder", dir.display());
        }
        std::fs::create_dir_all(dir)
            .with_context(|| format!("--svg-dir: cannot make the folder '{}'", dir.display()))?;
        Ok(Gallery {
            dir: dir.to_path_buf(),
            entries: Vec::new(),
        })
    }

    /// Writes the picture of one solution, named by its code (`15863724.svg`,
    /// or `10-1-3-...svg` when N > 9).
    pub fn add(&mut self, p: &Placement, class_size: Option<usize>) -> Result<()> {
        let stem = p
            .to_compact()
            .unwrap_or_else(|| p.to_code().replace(' ', "-"));
        let name = format!("{stem}.svg");
        let path = self.dir.join(&name);
        std::fs::write(&path, svg::queens(p, &[]))
            .with_context(|| format!("--svg-dir: cannot write '{}'", path.display()))?;
        self.entries.push((name, p.to_code(), class_size));
        Ok(())
    }

    /// Writes `index.html`: every picture in a grid with its code and class size.
    pub fn finish(self, n: usize) -> Result<()> {
        let unique = self.entries.first().is_some_and(|e| e.2.is_some());
        let what = if unique {
            "unique solutions"
        } else {
            "solutions"
        };
        let title = format!("{n} queens: {} {what}", self.entries.len());
        let mut html = format!(
            "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
             <title>{title}</title>\n<style>\n\
             body {{ font-family: 'DejaVu Sans', Verdana, Arial, sans-serif; margin: 2em; color: #222; }}\n\
             .grid {{ display: grid; grid-template-columns: repeat(auto-fill, minmax(220px, 1fr)); gap: 1.5em; }}\n\
             figure {{ margin: 0; text-align: center; }}\n\
             img {{ width: 100%; height: auto; }}\n\
             figcaption {{ font-family: 'DejaVu Sans Mono', monospace; margin-top: 0.3em; }}\n\
             .size {{ color: #666; font-family: 'DejaVu Sans', sans-serif; font-size: 0.9em; }}\n\
             </style>\n</head>\n<body>\n<h1>{title}</h1>\n"
        );
        if unique {
            let total: usize = self.entries.iter().filter_map(|e| e.2).sum();
            html.push_str(&format!(
                "<p>One solution per symmetry class (the smallest code of its 8 rotations and \
                 reflections); the class sizes add up to {total} solutions.</p>\n"
            ));
        }
        html.push_str("<div class=\"grid\">\n");
        for (name, code, size) in &self.entries {
            html.push_str(&format!(
                "<figure><img src=\"{name}\" alt=\"queens {code}\"><figcaption>{code}"
            ));
            if let Some(s) = size {
                html.push_str(&format!("<br><span class=\"size\">class size {s}</span>"));
            }
            html.push_str("</figcaption></figure>\n");
        }
        html.push_str("</div>\n</body>\n</html>\n");
        let path = self.dir.join("index.html");
        std::fs::write(&path, html)
            .with_context(|| format!("--svg-dir: cannot write '{}'", path.display()))?;
        Ok(())
    }
}
