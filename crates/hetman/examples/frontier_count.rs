//! Counts knight's tours with the frontier engine and prints the answer, the
//! peak number of frontier states, peak memory and time.
//!
//! ```text
//! cargo run --release --example frontier_count -p hetman -- 6x6 --closed
//! cargo run --release --example frontier_count -p hetman -- 8x5 --undirected --threads 2
//! cargo run --release --example frontier_count -p hetman -- 8x8 --closed --threads 2 \
//!     --progress --checkpoint /tmp/8x8.ckpt
//! ```
//!
//! Options: `--closed`, `--undirected` (open tours counted once; the default
//! counts each open tour in both directions), `--threads N`, `--progress`
//! (frontier position and state count on stderr), `--checkpoint FILE`
//! (save every `--every` seconds, default 600; resume when the file exists),
//! `--no-split` (count front to back, not from both ends; for comparisons),
//! `--block a1,b3,...` (blocked squares in algebraic notation), `--expect N`
//! (fail with exit code 2 unless the count is N; bench/frontier.sh uses it),
//! `--max-states N` (stop, with the checkpoint saved, once the count would
//! hold more than N states: a partial run of a count out of reach),
//! `--passes N` (the near side's last rank and the join in N passes).

use std::path::PathBuf;
use std::time::{Duration, Instant};

use hetman::knight::frontier::{count, Options, Progress, Tours};
use hetman::{BoardSize, Square};

fn main() {
    if let Err(e) = run() {
        eprintln!("error: {e}");
        std::process::exit(2);
    }
}

/// Peak resident memory of this process in bytes (Linux; 0 elsewhere).
fn peak_rss() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|kb| kb.parse::<u64>().ok())
        })
        .map_or(0, |kb| kb * 1024)
}

/// User plus system CPU time of this process in seconds (Linux; 0 elsewhere).
/// On a shared machine it is a steadier figure than the wall time.
fn cpu_seconds() -> f64 {
    std::fs::read_to_string("/proc/self/stat")
        .ok()
        .and_then(|s| {
            // Fields after the command name in parentheses; utime and stime are 14 and 15.
            let rest = s.rsplit_once(')')?.1;
            let f: Vec<&str> = rest.split_whitespace().collect();
            let ticks = f.get(11)?.parse::<f64>().ok()? + f.get(12)?.parse::<f64>().ok()?;
            Some(ticks / 100.0)
        })
        .unwrap_or(0.0)
}

fn run() -> Result<(), String> {
    let mut size = None;
    let mut kind = Tours::OpenDirected;
    let mut undirected = false;
    let mut closed = false;
    let mut threads = 1;
    let mut progress = false;
    let mut split = true;
    let mut checkpoint: Option<PathBuf> = None;
    let mut every = 600u64;
    let mut block = String::new();
    let mut passes = 1usize;
    let mut expect: Option<u128> = None;
    let mut max_states: Option<usize> = None;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = |name: &str| args.next().ok_or(format!("{name} needs a value"));
        match a.as_str() {
            "--closed" => closed = true,
            "--undirected" => undirected = true,
            "--progress" => progress = true,
            "--no-split" => split = false,
            "--threads" => {
                threads = value("--threads")?
                    .parse()
                    .map_err(|e| format!("--threads: {e}"))?
            }
            "--checkpoint" => checkpoint = Some(value("--checkpoint")?.into()),
            "--every" => {
                every = value("--every")?
                    .parse()
                    .map_err(|e| format!("--every: {e}"))?
            }
            "--block" => block = value("--block")?,
            "--passes" => {
                passes = value("--passes")?
                    .parse()
                    .map_err(|e| format!("--passes: {e}"))?
            }
            "--max-states" => {
                max_states = Some(
                    value("--max-states")?
                        .replace(',', "")
                        .parse()
                        .map_err(|e| format!("--max-states: {e}"))?,
                )
            }
            "--expect" => {
                expect = Some(
                    value("--expect")?
                        .replace(',', "")
                        .parse()
                        .map_err(|e| format!("--expect: {e}"))?,
                )
            }
            s if size.is_none() => {
                size = Some(s.parse::<BoardSize>().map_err(|e| e.to_string())?);
            }
            s => return Err(format!("unexpected argument '{s}'")),
        }
    }
    if closed {
        kind = Tours::Closed;
    } else if undirected {
        kind = Tours::OpenUndirected;
    }
    let size = size.ok_or("give a board size such as 6x6")?;
    let (w, h) = (size.width(), size.height());
    let mut blocked = vec![false; (w * h) as usize];
    for s in block.split(',').filter(|s| !s.is_empty()) {
        let sq: Square = size.parse_square(s).map_err(|e| e.to_string())?;
        blocked[(sq.rank() * w + sq.file()) as usize] = true;
    }
    let start = Instant::now();
    let show = |p: Progress| {
        eprintln!(
            "square {:>4}/{}  states {:>12}  {:>8.1} s wall  {:>8.1} s cpu  {:>8.1} MiB peak",
            p.step,
            p.steps,
            p.states,
            start.elapsed().as_secs_f64(),
            cpu_seconds(),
            peak_rss() as f64 / (1024.0 * 1024.0),
        );
    };
    // The join's time: from the walks' last square to the join's last report.
    let walked = std::sync::Mutex::new((0.0f64, 0.0f64));
    let joined = std::sync::Mutex::new(None::<(f64, f64)>);
    let step = |p: Progress| {
        *walked.lock().unwrap() = (start.elapsed().as_secs_f64(), cpu_seconds());
        if progress {
            show(p);
        }
    };
    let joining = |done: usize, all: usize| {
        if done == all {
            let (wall, cpu) = *walked.lock().unwrap();
            *joined.lock().unwrap() =
                Some((start.elapsed().as_secs_f64() - wall, cpu_seconds() - cpu));
        }
    };
    let mut opts = Options::default();
    opts.threads = threads;
    opts.progress = Some(&step);
    opts.joining = Some(&joining);
    opts.split = split;
    opts.max_states = max_states;
    opts.passes = passes;
    opts.checkpoint = checkpoint.as_deref();
    opts.checkpoint_every = Duration::from_secs(every);
    let c = count(w, h, &blocked, kind, &opts).map_err(|e| e.to_string())?;
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{w}x{h} {kind:?}: {} tours; {}, frontier width {}, peak states {}, {} bytes per key, \
         peak memory {:.1} MiB, {secs:.3} s wall, {:.2} s cpu, {threads} thread(s)",
        c.tours,
        if c.split {
            "met in the middle"
        } else {
            "front to back"
        },
        c.width,
        c.peak_states,
        c.key_bytes,
        peak_rss() as f64 / (1024.0 * 1024.0),
        cpu_seconds(),
    );
    if let Some((wall, cpu)) = *joined.lock().unwrap() {
        println!("join: {wall:.3} s wall, {cpu:.2} s cpu");
    }
    match expect {
        Some(e) if e != c.tours => Err(format!("expected {e} tours, counted {}", c.tours)),
        _ => Ok(()),
    }
}
