//! A trace's steps as an animated GIF: what `queens trace --gif`, `knight
//! trace --gif` and the server's `format=gif` share. The library draws each
//! frame from the trace's own events ([`Scene`]); this module chooses the
//! steps, writes the words (in the language of the [`Tr`] it is given, from
//! the `.ftl` files like every other text) and refuses a range that is
//! empty or too long.

use crate::common::events::{counter_id, describe, title};
use crate::common::i18n::{s, Tr};
use crate::common::output::group;
use hetman::render::gif::GifWriter;
use hetman::render::raster::Layout;
use hetman::render::scene::Scene;
use hetman::trace::{Counters, Event, Limits, Stream, Trace};

/// The most frames a GIF holds.
pub const MAX_FRAMES: u64 = 20_000;
/// Milliseconds per frame unless asked otherwise.
pub const DEFAULT_DELAY_MS: u32 = 120;
/// The least and most milliseconds per frame.
pub const DELAY_RANGE: (u32, u32) = (20, 10_000);
/// The most events fast-forwarded between two looks at `stop`.
const FAST_RUN: u64 = 1 << 20;
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

/// Runs `trace` and draws the steps `range` asks for, the words in `tr`'s
/// language; `stop` is asked between events and ends the work (with an
/// error) when it says so.
pub fn make<T: Trace>(
    mut trace: T,
    range: &GifRange,
    names: Names,
    tr: &Tr,
    stop: &dyn Fn() -> bool,
) -> Result<Made, String> {
    check_range(range, names)?;
    let header = trace.header();
    let mut counters = trace.counters();
    let mut scene = Scene::new(&header);
    let (files, ranks) = scene.size();
    let width = Layout::new(files, ranks, 0).chars_per_line();
    let name = title(&header, tr);
    let words = Words::new(&name, &counters, tr, width);
    let layout = Layout::new(files, ranks, words.lines());
    let mut bytes = Vec::new();
    let mut gif = GifWriter::new(
        &mut bytes,
        layout.width(),
        layout.height(),
        range.delay_ms,
        &name,
    )
    .map_err(|e| e.to_string())?;
    let mut draw = |step: u64, event: Option<&Event>, scene: &Scene, counters: &Counters| {
        let lines = words.frame(step, event, counters);
        let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
        gif.frame(&scene.draw(&layout, &refs))
            .map_err(|e| e.to_string())
    };
    let mut last_step = 0;
    if range.from == 0 {
        draw(0, None, &scene, &counters)?;
    }
    // Far into the search, where the trace tells its pieces: up to two
    // events before the first frame without making the events, the board
    // set from there; the event before the first frame is then applied as
    // any other (a score keeps the marks of the placement before it).
    let mut at = 0;
    if range.from > 2 && trace.pieces().is_some() {
        let lead = range.from - 2;
        while at < lead {
            if stop() {
                return Err("stopped".to_string());
            }
            let want = (lead - at).min(FAST_RUN);
            let done = trace.fast_forward(want);
            at += done;
            if done < want {
                break;
            }
        }
        if let Some(pieces) = trace.pieces() {
            scene = Scene::at(&header, &pieces);
        }
        counters = trace.counters();
        last_step = at;
    }
    let limits = Limits {
        skip: 0,
        limit: range.to.map(|to| to - at),
        until_solution: range.to.is_none().then_some(range.until_solution),
    };
    for (step, event) in Stream::resume(trace, at, limits) {
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

/// The least characters a counter takes under the board ("placements
/// 1,234,567" and a space); a longer name widens every counter's column.
const COUNTER_CHARS: usize = 21;

/// Room for a counter's value in its column: up to 9,999,999 (9
/// characters) and the space after it.
const VALUE_CHARS: usize = 10;

/// The words under the board, in one language: the title, the step and its
/// event in words (over two lines), and the counters as many to a line as fit.
struct Words<'a> {
    tr: &'a Tr,
    /// The title, over one line or two.
    title: Vec<String>,
    /// The counters' names, in the order of [`Counters::pairs`].
    names: Vec<String>,
    /// The characters of a line, and of a counter's column.
    width: usize,
    column: usize,
}

impl<'a> Words<'a> {
    fn new(title: &str, counters: &Counters, tr: &'a Tr, width: usize) -> Words<'a> {
        let names: Vec<String> = counters
            .pairs()
            .iter()
            .map(|(k, _)| tr.t(counter_id(k)))
            .collect();
        let longest = names.iter().map(|n| n.chars().count()).max().unwrap_or(0);
        let (first, second) = wrap(title, width);
        Words {
            tr,
            title: [first, second]
                .into_iter()
                .filter(|l| !l.is_empty())
                .collect(),
            names,
            width,
            column: COUNTER_CHARS.max(longest + 1 + VALUE_CHARS).min(width),
        }
    }

    fn per_line(&self) -> usize {
        (self.width / self.column).max(1)
    }

    /// The lines of text under the board, in every frame.
    fn lines(&self) -> u32 {
        (self.title.len() + 2 + self.names.len().div_ceil(self.per_line())) as u32
    }

    /// The words of the frame of `step`, after `event` (`None`: the board
    /// before the first step).
    fn frame(&self, step: u64, event: Option<&Event>, counters: &Counters) -> Vec<String> {
        let tr = self.tr;
        let said = match event {
            None => tr.t("gif-before-first"),
            Some(Event::End { complete: true, .. }) => tr.t("trace-over"),
            Some(e) => describe(e, tr),
        };
        let mut lines = self.title.clone();
        let step = tr.tf(
            "gif-step",
            &[("step", s(tr.group(step))), ("event", s(said))],
        );
        let (first, second) = wrap(&step, self.width);
        lines.push(first);
        lines.push(second);
        let pairs: Vec<String> = self
            .names
            .iter()
            .zip(counters.pairs())
            .map(|(name, (_, v))| format!("{name} {}", tr.group(v)))
            .collect();
        let column = self.column;
        for some in pairs.chunks(self.per_line()) {
            let line: String = some.iter().map(|p| format!("{p:<column$}")).collect();
            lines.push(line.trim_end().to_string());
        }
        lines
    }
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

    use crate::common::i18n::{messages_json, Lang};
    use hetman::render::font::has_glyph;
    use hetman::trace::{
        BruteCounters, KnightCounters, PermutationCounters, QueensAlgorithm, QueensCounters,
        QueensTrace,
    };
    use serde_json::Value;

    /// The texts of a message as the page gets it (its parts and variants),
    /// without the names of its arguments.
    fn texts(v: &Value, out: &mut String) {
        match v {
            Value::String(t) => out.push_str(t),
            Value::Array(parts) => parts.iter().for_each(|p| texts(p, out)),
            Value::Object(o) => {
                if let Some(Value::Object(variants)) = o.get("variants") {
                    variants.values().for_each(|p| texts(p, out));
                }
            }
            _ => {}
        }
    }

    /// A trace that does not tell its pieces: a GIF of it replays
    /// every event from the start.
    #[derive(Clone)]
    struct Replayed<T>(T);

    impl<T: Trace> Iterator for Replayed<T> {
        type Item = Event;
        fn next(&mut self) -> Option<Event> {
            self.0.next()
        }
    }

    impl<T: Trace> Trace for Replayed<T> {
        fn header(&self) -> hetman::trace::Header {
            self.0.header()
        }
        fn counters(&self) -> Counters {
            self.0.counters()
        }
    }

    /// A GIF that starts far into a search, its board set from the
    /// fast-forwarded trace, is byte for byte the GIF replayed event by
    /// event, for every kind of trace and first frames on every kind of
    /// event (and past the end, the same refusal).
    #[test]
    fn far_gifs_are_the_gifs_replayed_from_the_start() {
        use hetman::knight::KnightBoard;
        use hetman::trace::{KnightOrder, KnightTrace};
        let tr = Tr::new(Lang::En);
        let names = Names {
            from: "--from",
            to: "--to",
        };
        let never = || false;
        let same = |a: Result<Made, String>, b: Result<Made, String>, what: &str| match (a, b) {
            (Ok(a), Ok(b)) => {
                assert_eq!((a.frames, a.last_step), (b.frames, b.last_step), "{what}");
                assert!(a.bytes == b.bytes, "{what}: the pictures differ");
            }
            (Err(a), Err(b)) => assert_eq!(a, b, "{what}"),
            (a, b) => panic!(
                "{what}: {:?} against {:?}",
                a.map(|m| m.frames),
                b.map(|m| m.frames)
            ),
        };
        let ranges = |end: u64| {
            let mut froms = vec![0, 1, 2, 3, 4, 5, 6, 7, 57, 1000, end / 2, end - 3, end + 5];
            froms.retain(|&f| f <= end + 5);
            froms.into_iter().map(|from| GifRange {
                from,
                to: Some(from + 12),
                until_solution: 1,
                delay_ms: DEFAULT_DELAY_MS,
            })
        };
        let mut made = 0;
        for (algorithm, n) in [
            (QueensAlgorithm::Backtracking, 6),
            (QueensAlgorithm::Bitboard, 7),
            (QueensAlgorithm::Brute, 5),
            (QueensAlgorithm::Permutations, 6),
        ] {
            let t = QueensTrace::new(n, algorithm).unwrap();
            let end = t.clone().count() as u64;
            for range in ranges(end) {
                let what = format!("{algorithm:?} {n} from {}", range.from);
                let fast = make(t.clone(), &range, names, &tr, &never);
                let slow = make(Replayed(t.clone()), &range, names, &tr, &never);
                made += u32::from(fast.is_ok());
                same(fast, slow, &what);
            }
        }
        let board = KnightBoard::new(hetman::BoardSize::square(5).unwrap()).unwrap();
        for (start, order) in [("a5", KnightOrder::Plain), ("c3", KnightOrder::Warnsdorff)] {
            let t = KnightTrace::new(&board, start.parse().unwrap(), order, false).unwrap();
            for from in [3, 4, 5, 20, 777, 5001, 123_457] {
                let range = GifRange {
                    from,
                    to: Some(from + 30),
                    until_solution: 1,
                    delay_ms: DEFAULT_DELAY_MS,
                };
                let fast = make(t.clone(), &range, names, &tr, &never);
                let slow = make(Replayed(t.clone()), &range, names, &tr, &never);
                made += u32::from(fast.is_ok());
                same(fast, slow, &format!("knight from {start}, from {from}"));
            }
        }
        assert!(made > 50, "only {made} GIFs made");
    }

    #[test]
    fn the_font_draws_every_letter_of_the_frames_messages() {
        let in_frames = [
            "title-",
            "algorithm-",
            "order-",
            "event-",
            "counter-",
            "trace-over",
            "gif-",
        ];
        for lang in Lang::ALL {
            let messages = messages_json(lang);
            let mut seen = 0;
            for (id, v) in messages.as_object().unwrap() {
                if !in_frames.iter().any(|p| id.starts_with(p)) {
                    continue;
                }
                seen += 1;
                let mut text = String::new();
                texts(v, &mut text);
                for c in text.chars() {
                    assert!(has_glyph(c), "{}: {id}: {c:?} in {text:?}", lang.code());
                }
            }
            assert!(seen > 40, "{}: {seen} messages", lang.code());
        }
    }

    #[test]
    fn counters_fit_the_line_in_every_language() {
        let big = 9_999_999;
        let all = [
            Counters::Queens(QueensCounters {
                calls: big,
                tries: big,
                refusals: big,
                placements: big,
                backtracks: big,
                solutions: big,
            }),
            Counters::Knight(KnightCounters {
                moves: big,
                dead_ends: big,
                prunes: big,
                backtracks: big,
                tours: big,
            }),
            Counters::Brute(BruteCounters {
                placements_scored: big,
                solutions: big,
            }),
            Counters::Permutations(PermutationCounters {
                permutations_tried: big,
                solutions: big,
            }),
        ];
        // The narrowest picture (any board up to 53 files).
        let width = Layout::new(8, 8, 0).chars_per_line();
        for lang in Lang::ALL {
            let tr = Tr::new(lang);
            for c in &all {
                let words = Words::new("title", c, &tr, width);
                let lines = words.frame(1, None, c);
                assert_eq!(lines.len() as u32, words.lines());
                let counters = &lines[3..];
                for line in counters {
                    assert!(line.chars().count() <= width, "{}: {line:?}", lang.code());
                }
                let shown: usize = counters
                    .iter()
                    .map(|l| l.matches(&tr.group(big)).count())
                    .sum();
                assert_eq!(shown, c.pairs().len(), "{}: {counters:?}", lang.code());
            }
        }
    }

    #[test]
    fn a_frame_speaks_its_language() {
        let trace = QueensTrace::new(4, QueensAlgorithm::Backtracking).unwrap();
        let counters = trace.counters();
        let header = trace.header();
        let words = |lang| {
            let tr = Tr::new(lang);
            let w = Words::new(&title(&header, &tr), &counters, &tr, 64);
            let put = Event::Put {
                file: 0,
                rank: 0,
                square: hetman::Square::new(0, 0),
                depth: 1,
            };
            [
                w.frame(0, None, &counters),
                w.frame(1_965, Some(&put), &counters),
            ]
        };
        let [ru0, ru1] = words(Lang::Ru);
        assert_eq!(ru0[0], "4 ферзя, перебор с возвратом test(c) из статей");
        assert_eq!(ru0[1], "шаг 0: доска до первого шага");
        assert_eq!(ru1[1], "шаг 1\u{a0}965: put a1, на доске 1 ферзь");
        assert_eq!(ru0[3], format!("{:<22}попытки 0", "вызовы 0"));
        assert_eq!(ru0.len(), 6, "{ru0:?}");
        let [pl0, _] = words(Lang::Pl);
        assert_eq!(pl0[1], "krok 0: szachownica przed pierwszym krokiem");
        let [en0, en1] = words(Lang::En);
        assert_eq!(en0[1], "step 0: the board before the first step");
        assert_eq!(en1[1], "step 1,965: put a1, 1 on the board");
        // English keeps three counters to a line.
        assert_eq!(
            en0[3],
            format!("{:<21}{:<21}refusals 0", "calls 0", "tries 0")
        );
        assert_eq!(en0.len(), 5);
    }

    #[test]
    fn words_wrap_at_spaces() {
        assert_eq!(wrap("abc def ghi", 7), ("abc def".into(), "ghi".into()));
        assert_eq!(wrap("abcdefghij", 4), ("abcd".into(), "efghij".into()));
        assert_eq!(wrap("short", 10), ("short".into(), String::new()));
    }
}
