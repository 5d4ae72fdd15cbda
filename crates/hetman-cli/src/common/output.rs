//! Small helpers for printing: grouped numbers, singular and plural, durations,
//! a streaming writer.
//!
//! Everything goes to stdout through `outln!` and `out!`, which return the
//! write error (a closed pipe ends the program quietly) instead of panicking as
//! `println!` does.

/// `println!` that returns write errors to the caller with `?`.
#[macro_export]
macro_rules! outln {
    () => {{
        use std::io::Write as _;
        writeln!(std::io::stdout().lock())?
    }};
    ($($t:tt)*) => {{
        use std::io::Write as _;
        writeln!(std::io::stdout().lock(), $($t)*)?
    }};
}

/// `print!` that returns write errors to the caller with `?`.
#[macro_export]
macro_rules! out {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        write!(std::io::stdout().lock(), $($t)*)?
    }};
}

use std::io::{self, BufWriter, Stdout, Write};
use std::time::{Duration, Instant};

/// `1234567` -> `1,234,567`.
pub fn group(v: u64) -> String {
    group_decimal(&v.to_string())
}

/// A count of any size given in decimal digits, grouped like [`group`]:
/// `"1234567"` -> `1,234,567`.
pub fn group_decimal(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + s.len() / 3);
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A count too large for `u64` (knight tours), grouped the same way.
pub fn big(v: u128) -> String {
    group_decimal(&v.to_string())
}

/// An exact count of any size, given in decimal digits, for JSON: a number
/// up to 2^53 (where every JSON reader holds it exactly), a string beyond.
pub fn json_exact(decimal: &str) -> serde_json::Value {
    match decimal.parse::<u64>() {
        Ok(v) if v <= 1 << 53 => serde_json::json!(v),
        _ => serde_json::json!(decimal),
    }
}

/// A count too large for a JSON number is given as a string.
pub fn json_count(n: u128) -> serde_json::Value {
    u64::try_from(n).map_or_else(
        |_| serde_json::json!(n.to_string()),
        |v| serde_json::json!(v),
    )
}

/// `count` and the noun, singular for one: `1 solution`, `2 solutions`,
/// `1,000 queens` (`plural` is the noun's plural form).
pub fn count_of(count: u64, singular: &str, plural: &str) -> String {
    format!(
        "{} {}",
        group(count),
        if count == 1 { singular } else { plural }
    )
}

/// `""` for one, `"s"` otherwise: `thread{}`.
pub fn s(count: u64) -> &'static str {
    if count == 1 {
        ""
    } else {
        "s"
    }
}

/// A float count, grouped when it fits a `u64` exactly enough, else in e-notation.
pub fn group_f64(v: f64) -> String {
    if v < 1e18 {
        group(v.round() as u64)
    } else {
        format!("{v:.2e}")
    }
}

/// Bytes for people, in powers of 1024: `512 KiB`, `1.5 GiB`, `74 GiB`, `3.2 PiB`.
pub fn bytes(b: u64) -> String {
    let units = ["bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"];
    let mut v = b as f64;
    let mut u = 0;
    while v >= 1024.0 && u + 1 < units.len() {
        v /= 1024.0;
        u += 1;
    }
    if u == 0 {
        format!("{b} bytes")
    } else if v < 10.0 {
        format!("{v:.1} {}", units[u])
    } else {
        format!("{} {}", group(v.round() as u64), units[u])
    }
}

/// A duration for people: `0.21 ms`, `1.53 s`, `4 min 12 s`, `3 h 5 min`, `2.1 years`.
pub fn duration(d: Duration) -> String {
    seconds(d.as_secs_f64())
}

/// Seconds for people, as [`duration`].
pub fn seconds(s: f64) -> String {
    if s < 1e-3 {
        format!("{:.1} µs", s * 1e6)
    } else if s < 1.0 {
        format!("{:.2} ms", s * 1e3)
    } else if s < 60.0 {
        format!("{s:.2} s")
    } else if s < 3600.0 {
        format!("{} min {} s", (s / 60.0) as u64, (s % 60.0) as u64)
    } else if s < 86400.0 * 2.0 {
        format!(
            "{} h {} min",
            (s / 3600.0) as u64,
            ((s % 3600.0) / 60.0) as u64
        )
    } else if s < 86400.0 * 365.0 {
        format!("{:.1} days", s / 86400.0)
    } else {
        let years = s / (86400.0 * 365.25);
        if years < 100.0 {
            format!("{years:.1} years")
        } else if years < 1e18 {
            format!("{} years", group(years.round() as u64))
        } else {
            format!("{years:.1e} years")
        }
    }
}

/// Stdout for streams: buffered, flushed at least every 50 ms while results
/// come fast, and at once when they come slowly, so that the first results of a
/// long listing appear at once.
pub struct Stream {
    out: BufWriter<Stdout>,
    last_flush: Instant,
    last_record: Instant,
}

impl Stream {
    pub fn new() -> Self {
        Stream {
            out: BufWriter::with_capacity(1 << 16, io::stdout()),
            last_flush: Instant::now(),
            last_record: Instant::now(),
        }
    }

    /// Writes one record (the caller adds its newline) and flushes if due.
    pub fn record(&mut self, text: &str) -> io::Result<()> {
        self.out.write_all(text.as_bytes())?;
        let now = Instant::now();
        if now - self.last_flush > Duration::from_millis(50)
            || now - self.last_record > Duration::from_millis(5)
        {
            self.out.flush()?;
            self.last_flush = now;
        }
        self.last_record = now;
        Ok(())
    }

    pub fn finish(mut self) -> io::Result<()> {
        self.out.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups() {
        assert_eq!(group(0), "0");
        assert_eq!(group(999), "999");
        assert_eq!(group(1000), "1,000");
        assert_eq!(group(16_777_216), "16,777,216");
        // Past 64 bits too, like every other count.
        assert_eq!(big(u128::from(u64::MAX) + 1), "18,446,744,073,709,551,616");
        assert_eq!(
            group_decimal("1234567890123456789012"),
            "1,234,567,890,123,456,789,012"
        );
        // JSON: numbers up to 2^53, strings beyond.
        assert_eq!(
            json_exact("9007199254740992"),
            serde_json::json!(9_007_199_254_740_992u64)
        );
        assert_eq!(
            json_exact("9007199254740993"),
            serde_json::json!("9007199254740993")
        );
        assert_eq!(count_of(1, "queen", "queens"), "1 queen");
        assert_eq!(count_of(1000, "queen", "queens"), "1,000 queens");
    }

    #[test]
    fn durations() {
        assert_eq!(seconds(0.5), "500.00 ms");
        assert_eq!(seconds(75.0), "1 min 15 s");
        assert_eq!(seconds(3.0), "3.00 s");
        let year = 86400.0 * 365.25;
        assert_eq!(seconds(1.2 * year), "1.2 years");
        assert_eq!(seconds(31_400.0 * year), "31,400 years");
    }
}
