//! The pieces every long run shares, written once for both problems: the stop
//! flag and its Ctrl-C handler, the progress renderer, the memory check, the
//! thread count and the atomic file write.
//!
//! A command that runs long calls [`install_ctrlc`], hands [`STOP`] to the
//! library (which polls it and returns `hetman::Error::Interrupted`), and
//! feeds the library's progress reports to a [`Progress`].

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::{self, IsTerminal, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{mpsc, Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// Set by Ctrl-C; the library's searches and counts poll it.
pub static STOP: AtomicBool = AtomicBool::new(false);

/// Installs the one Ctrl-C handler, which sets [`STOP`]. Calling it again
/// does nothing (a second handler cannot be installed; the first one stays).
pub fn install_ctrlc() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let _ = ctrlc::set_handler(|| STOP.store(true, Ordering::Relaxed));
    });
}

/// The threads a run will use: `--threads`, else every core.
pub fn resolve_threads(threads: Option<u32>) -> usize {
    threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, usize::from),
        |t| t as usize,
    )
}

/// Bytes of memory available (Linux `MemAvailable`), if known.
pub fn available_memory() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

/// The memory a run may take, and where the figure comes from: `--max-memory`,
/// else nine tenths of the memory available now (some for the rest of the
/// process and the machine), if known.
pub fn memory_budget(max_memory: Option<u64>) -> Option<(u64, &'static str)> {
    match max_memory {
        Some(b) => Some((b, "given by --max-memory")),
        None => available_memory().map(|b| (b / 10 * 9, "available")),
    }
}

/// Writes `text` to `path` whole or not at all (the library's one atomic
/// write: symlinks followed, devices and FIFOs written in place).
pub fn write_atomically(path: &Path, text: &str) -> Result<(), hetman::Error> {
    hetman::jobs::output::write_file(
        path,
        text.as_bytes(),
        hetman::jobs::output::Existing::Replace,
    )
}

/// Nothing is shown for runs shorter than this.
const QUIET_START: Duration = Duration::from_secs(1);
/// Seconds between two plain progress lines (stderr not a terminal), unless
/// `HETMAN_PROGRESS_EVERY` says otherwise.
const LINE_EVERY_SECS: u64 = 60;

/// Progress of a long run on stderr: a bar on a terminal, a plain line every
/// minute otherwise (a log file, a pipe, a Slurm job; also while no work unit
/// finishes, from a thread of its own) and one at the end of a run that
/// lasted over a second, nothing for the first second or when disabled
/// (`--quiet`, `--json`). Cleared when dropped.
///
/// [`Progress::update`] may be called from any thread.
pub struct Progress {
    mode: Mode,
    bar: ProgressBar,
    shown: AtomicBool,
    lines: Arc<Lines>,
    /// Plain lines: the thread that writes one when a minute has passed with
    /// no report, and the sender whose drop stops it.
    ticker: Option<(mpsc::Sender<()>, std::thread::JoinHandle<()>)>,
}

/// The state of the plain lines, shared with the ticker.
struct Lines {
    /// Seconds between two lines.
    every: u64,
    /// Whole seconds since `t0` at which the next line is due.
    next_line: AtomicU64,
    t0: Instant,
    /// The last figures seen, and what they were in the run's own units
    /// (refreshed at most once a second, and at the end), and when.
    last: Mutex<(u64, u64, String, Duration)>,
    /// Where the lines go: stderr, or a buffer in tests.
    sink: Mutex<Box<dyn Write + Send>>,
}

impl Lines {
    /// Writes a line if one is due; `elapsed` is now.
    fn write_if_due(&self, last: &(u64, u64, String, Duration), elapsed: Duration) {
        if elapsed.as_secs() >= self.next_line.load(Ordering::Relaxed) {
            self.next_line
                .store(elapsed.as_secs() + self.every, Ordering::Relaxed);
            self.write(last, elapsed);
        }
    }

    fn write(&self, last: &(u64, u64, String, Duration), elapsed: Duration) {
        let line = plain_line(last.0, last.1, &last.2, elapsed);
        let mut sink = self.sink.lock().unwrap_or_else(PoisonError::into_inner);
        // Progress is best effort: a closed stderr does not stop the run.
        let _ = writeln!(sink, "hetman: {line}");
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Off,
    Bar,
    Lines,
}

impl Progress {
    /// A renderer; `enabled` false shows nothing. Plain lines come every
    /// `HETMAN_PROGRESS_EVERY` seconds if that is set, else every minute.
    pub fn new(enabled: bool) -> Self {
        let mode = match (enabled, io::stderr().is_terminal()) {
            (false, _) => Mode::Off,
            (true, true) => Mode::Bar,
            (true, false) => Mode::Lines,
        };
        let every = std::env::var("HETMAN_PROGRESS_EVERY")
            .ok()
            .and_then(|s| s.parse::<u64>().ok())
            .filter(|&s| s > 0)
            .unwrap_or(LINE_EVERY_SECS);
        Progress::with(mode, every, Box::new(io::stderr()))
    }

    fn with(mode: Mode, every: u64, sink: Box<dyn Write + Send>) -> Self {
        let lines = Arc::new(Lines {
            every,
            next_line: AtomicU64::new(every),
            t0: Instant::now(),
            last: Mutex::new((0, 0, String::new(), Duration::ZERO)),
            sink: Mutex::new(sink),
        });
        let ticker = (mode == Mode::Lines).then(|| {
            let (tx, rx) = mpsc::channel::<()>();
            let lines = Arc::clone(&lines);
            let handle = std::thread::spawn(move || loop {
                let due = Duration::from_secs(lines.next_line.load(Ordering::Relaxed));
                let wait = due.saturating_sub(lines.t0.elapsed()) + Duration::from_millis(50);
                match rx.recv_timeout(wait) {
                    Err(mpsc::RecvTimeoutError::Timeout) => {
                        let last = lines.last.lock().unwrap_or_else(PoisonError::into_inner);
                        lines.write_if_due(&last, lines.t0.elapsed());
                    }
                    _ => break,
                }
            });
            (tx, handle)
        });
        Progress {
            mode,
            bar: ProgressBar::hidden(),
            shown: AtomicBool::new(false),
            lines,
            ticker,
        }
    }

    /// `done` of `all` (in any unit of cost); `what` says what has been
    /// done in the run's own units, e.g. `12/40 squares` (called only when
    /// something is drawn).
    pub fn update(&self, done: u64, all: u64, what: impl FnOnce() -> String) {
        match self.mode {
            Mode::Off => {}
            Mode::Bar => {
                if !self.shown.load(Ordering::Relaxed)
                    && self.lines.t0.elapsed() > QUIET_START
                    && !self.shown.swap(true, Ordering::Relaxed)
                {
                    self.bar.set_style(
                        ProgressStyle::with_template(
                            "{percent:>3}% [{wide_bar}] {msg} elapsed {elapsed}, about {eta} left",
                        )
                        .unwrap_or_else(|_| ProgressStyle::default_bar()),
                    );
                    self.bar.set_draw_target(ProgressDrawTarget::stderr());
                    self.bar.enable_steady_tick(Duration::from_millis(500));
                }
                self.bar.set_length(all);
                self.bar.set_position(done);
                if self.shown.load(Ordering::Relaxed) {
                    self.bar.set_message(what());
                }
            }
            Mode::Lines => {
                let lines = &self.lines;
                let elapsed = lines.t0.elapsed();
                let mut last = lines.last.lock().unwrap_or_else(PoisonError::into_inner);
                // Reports from several threads may come out of order: the
                // furthest is kept.
                if done < last.0 {
                    return;
                }
                let due = elapsed.as_secs() >= lines.next_line.load(Ordering::Relaxed);
                if due
                    || done >= all
                    || last.2.is_empty()
                    || elapsed >= last.3 + Duration::from_secs(1)
                {
                    last.2 = what();
                    last.3 = elapsed;
                }
                last.0 = done;
                last.1 = all;
                lines.write_if_due(&last, elapsed);
            }
        }
    }
}

/// `12/40 units, 37% of the estimated work, 1.9%/min, 12 s elapsed, about
/// 20 s left`.
fn plain_line(done: u64, all: u64, what: &str, elapsed: Duration) -> String {
    if all == 0 {
        // No report yet.
        return format!(
            "started, {} elapsed, nothing finished yet",
            crate::common::output::seconds(elapsed.as_secs_f64())
        );
    }
    let fraction = if all == 0 {
        0.0
    } else {
        done as f64 / all as f64
    };
    let secs = elapsed.as_secs_f64();
    let per_second = if secs > 0.0 {
        100.0 * fraction / secs
    } else {
        0.0
    };
    let rate = if per_second >= 1.0 {
        format!("{per_second:.1}%/s")
    } else if per_second * 60.0 >= 1.0 {
        format!("{:.1}%/min", per_second * 60.0)
    } else {
        format!("{:.2}%/h", per_second * 3600.0)
    };
    let what = if what.is_empty() {
        String::new()
    } else {
        format!("{what}, ")
    };
    let left = if fraction > 0.0 && fraction < 1.0 {
        format!(
            ", about {} left",
            crate::common::output::seconds(secs * (1.0 - fraction) / fraction)
        )
    } else {
        String::new()
    };
    format!(
        "{what}{:.0}% of the estimated work, {rate}, {} elapsed{left}",
        fraction * 100.0,
        crate::common::output::seconds(secs)
    )
}

impl Progress {
    /// Runs `f` with the bar hidden, so that what it prints on a terminal is
    /// not mixed with the bar.
    pub fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        self.bar.suspend(f)
    }

    /// Clears the bar without the closing line: for a run refused or
    /// abandoned, whose last figures would only confuse.
    pub fn abandon(mut self) {
        self.mode = Mode::Off;
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.bar.finish_and_clear();
        if let Some((tx, handle)) = self.ticker.take() {
            drop(tx);
            let _ = handle.join();
        }
        let lines = &self.lines;
        if self.mode == Mode::Lines && lines.t0.elapsed() > QUIET_START {
            let last = lines.last.lock().unwrap_or_else(PoisonError::into_inner);
            if last.1 > 0 {
                lines.write(&last, lines.t0.elapsed());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A buffer the test keeps a handle on.
    #[derive(Clone, Default)]
    struct Shared(Arc<Mutex<Vec<u8>>>);

    impl Write for Shared {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn plain_lines_come_while_no_report_does() {
        let out = Shared::default();
        let text = || String::from_utf8(out.0.lock().unwrap().clone()).unwrap();
        let p = Progress::with(Mode::Lines, 1, Box::new(out.clone()));
        // The first line is due at one second.
        std::thread::sleep(Duration::from_millis(1_600));
        assert!(
            text().starts_with("hetman: started, 1.") && text().ends_with("nothing finished yet\n"),
            "{}",
            text()
        );
        p.update(0, 8, || "0/8 units".to_string());
        std::thread::sleep(Duration::from_millis(1_000));
        let lines = text();
        let last = lines.lines().last().unwrap();
        assert!(
            last.starts_with("hetman: 0/8 units, 0% of the estimated work"),
            "{lines}"
        );
        p.update(8, 8, || "8/8 units".to_string());
        drop(p);
        let lines = text();
        assert!(lines.lines().count() >= 3, "{lines}");
        let last = lines.lines().last().unwrap();
        assert!(
            last.starts_with("hetman: 8/8 units, 100% of the estimated work"),
            "{lines}"
        );
    }

    #[test]
    fn plain_lines_say_the_share_and_the_time_left() {
        let l = plain_line(1, 4, "1/4 units", Duration::from_secs(10));
        assert_eq!(
            l,
            "1/4 units, 25% of the estimated work, 2.5%/s, 10.00 s elapsed, about 30.00 s left"
        );
        let l = plain_line(1, 40, "1/40 units", Duration::from_secs(60));
        assert!(
            l.contains(", 2.5%/min, 1 min 0 s elapsed, about 39 min 0 s left"),
            "{l}"
        );
        let l = plain_line(0, 0, "", Duration::from_secs(2));
        assert_eq!(l, "started, 2.00 s elapsed, nothing finished yet");
    }
}
