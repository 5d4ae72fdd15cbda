//! A trace's steps as an animated GIF: what `queens trace --gif`, `knight
//! trace --gif` and the server's `format=gif` share. The library draws each
//! frame from the trace's own events ([`Scene`]); this module chooses the
//! steps, writes the words and refuses a range that is empty or too long.

use crate::common::events::{describe, title};
use crate::common::i18n::{Lang, Tr};
use crate::common::output::group;
use hetman::render::gif::GifWriter;
use hetman::render::raster::{Layout, Scene};
use hetman::trace::{Counters, Event, Limits, Stream, Trace};

/// The most frames a GIF holds.
pub const MAX_FRAMES: u64 = 20_000;
/// Milliseconds per frame unless asked otherwise.
pub const DEFAULT_DELAY_MS: u32 = 120;
/// The least and most milliseconds per frame.
pub const DELAY_RANGE: (u32, u32) = (20, 10_000);
/// The last frame stays this long (or one frame's delay, if longer).
const HOLD_MS: u32 = 2_000;

/// Which steps become frames, and how fast they play.
#[derive(Clone, Copy, Debug)]
pub struct GifRange {
    /// The first step (0 is the board before the first event).
    pub from: u64,
    /// The last step; `None`: the `until_solution`-th solution (or tour), or the end.
    pub to: Option<u64>,
    /// The solution that ends the GIF when `to` is not given.
    pub until_solution: u64,
    /// Milliseconds per frame.
    pub delay_ms: u32,
}

/// The names the range's limits have where they were given (`--from` and
/// `--to` on the command line, `from` and `to` in the server's query).
#[derive(Clone, Copy, Debug)]
pub struct Names {
    pub from: &'static str,
    pub to: &'static str,
}

/// A GIF made: its bytes, its frames and its last step.
#[derive(Debug)]
pub struct Made {
    pub bytes: Vec<u8>,
    pub frames: u64,
    pub last_step: u64,
}

/// Checks what can be checked before the trace runs: a range that is
/// empty or longer than [`MAX_FRAMES`].
pub fn check_range(range: &GifRange, names: Names) -> Result<(), String> {
    if let Some(to) = range.to {
        if to < range.from {
            return Err(format!(
                "{} {to}: the range is empty; it must be at least {} {}",
                names.to, names.from, range.from
            ));
        }
        if to - range.from >= MAX_FRAMES {
            return Err(format!(
                "{} {to}: a GIF holds at most {} frames, so with {} {} it may be at most {}",
                names.to,
                group(MAX_FRAMES),
                names.from,
                range.from,
                range.from + MAX_FRAMES - 1
            ));
        }
    }
    Ok(())
}

/// Runs `trace` and draws the steps `range` asks for; `stop` is asked
/// between events and ends the work (with an error) when it says so.
pub fn make<T: Trace>(
    trace: T,
    range: &GifRange,
    names: Names,
    stop: &dyn Fn() -> bool,
) -> Result<Made, String> {
    check_range(range, names)?;
    let header = trace.header();
    let tr = Tr::new(Lang::En);
    let name = title(&header, &tr);
    let mut counters = trace.counters();
    let mut scene = Scene::new(&header);
    let (files, ranks) = scene.size();
    let probe = Layout::new(files, ranks, 0);
    let per_line = (probe.chars_per_line() / COUNTER_CHARS).max(1);
    let counter_lines = counters.pairs().len().div_ceil(per_line) as u32;
    let layout = Layout::new(files, ranks, 3 + counter_lines);
    let mut bytes = Vec::new();
    let mut gif = GifWriter::new(
        &mut bytes,
        layout.width(),
        layout.height(),
        range.delay_ms,
        &name,
    )
    .map_err(|e| e.to_string())?;
    let limits = Limits {
        skip: 0,
        limit: range.to,
        until_solution: range.to.is_none().then_some(range.until_solution),
    };
    let mut draw = |step: u64, event: Option<&Event>, scene: &Scene, counters: &Counters| {
        let words = match event {
            None => "the board before the first step".to_string(),
            Some(Event::End { complete: true, .. }) => "the search is over".to_string(),
            Some(e) => describe(e, &tr),
        };
        let lines = text_lines(&name, step, &words, counters, layout.chars_per_line());
        let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
        gif.frame(&scene.draw(&layout, &refs))
            .map_err(|e| e.to_string())
    };
    let mut last_step = 0;
    if range.from == 0 {
        draw(0, None, &scene, &counters)?;
    }
    for (step, event) in Stream::new(trace, limits) {
        if stop() {
            return Err("stopped".to_string());
        }
        if let Event::End { complete, .. } = event {
            if complete && step >= range.from && range.to.is_none_or(|to| step <= to) {
                scene.apply(&event);
                draw(step, Some(&event), &scene, &counters)?;
                last_step = step;
            }
            break;
        }
        scene.apply(&event);
        counters.record(&event);
        last_step = step;
        if step < range.from {
            continue;
        }
        if step - range.from >= MAX_FRAMES {
            return Err(format!(
                "{}: the GIF would pass {} frames before the solution or the end; give {} at most {}",
                names.to,
                group(MAX_FRAMES),
                names.to,
                range.from + MAX_FRAMES - 1
            ));
        }
        draw(step, Some(&event), &scene, &counters)?;
    }
    if last_step < range.from {
        return Err(format!(
            "{} {}: the search has only {} steps{}",
            names.from,
            range.from,
            group(last_step),
            if range.to.is_none() {
                " up to the solution asked for"
            } else {
                ""
            }
        ));
    }
    let frames = gif
        .finish(HOLD_MS.max(range.delay_ms))
        .map_err(|e| e.to_string())?;
    Ok(Made {
        bytes,
        frames,
        last_step,
    })
}

/// The characters a counter takes under the board ("placements 1,234,567").
const COUNTER_CHARS: usize = 21;

/// The text under the board: the title, the step and its event in words
/// (over two lines), and the counters as many to a line as fit.
fn text_lines(
    name: &str,
    step: u64,
    words: &str,
    counters: &Counters,
    width: usize,
) -> Vec<String> {
    let mut lines = vec![name.to_string()];
    let (first, second) = wrap(&format!("step {}: {words}", group(step)), width);
    lines.push(first);
    lines.push(second);
    let pairs: Vec<String> = counters
        .pairs()
        .iter()
        .map(|(k, v)| format!("{} {}", k.replace('_', " "), group(*v)))
        .collect();
    let per_line = (width / COUNTER_CHARS).max(1);
    for some in pairs.chunks(per_line) {
        let line: String = some
            .iter()
            .map(|p| format!("{p:<COUNTER_CHARS$}"))
            .collect();
        lines.push(line.trim_end().to_string());
    }
    lines
}

/// `text` as two lines of at most `width` characters, broken at a space
/// where it can be (the rest of a longer text is cut when drawn).
fn wrap(text: &str, width: usize) -> (String, String) {
    if text.chars().count() <= width {
        return (text.to_string(), String::new());
    }
    let cut = text
        .char_indices()
        .take_while(|(i, _)| text[..*i].chars().count() <= width)
        .filter(|(_, c)| *c == ' ')
        .map(|(i, _)| i)
        .last()
        .unwrap_or_else(|| {
            text.char_indices()
                .nth(width)
                .map_or(text.len(), |(i, _)| i)
        });
    (
        text[..cut].trim_end().to_string(),
        text[cut..].trim_start().to_string(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_wrap_at_spaces() {
        assert_eq!(wrap("abc def ghi", 7), ("abc def".into(), "ghi".into()));
        assert_eq!(wrap("abcdefghij", 4), ("abcd".into(), "efghij".into()));
        assert_eq!(wrap("short", 10), ("short".into(), String::new()));
    }
}
