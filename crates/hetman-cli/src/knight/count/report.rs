//! How an exact count is printed: thousands separators, both directions of
//! open tours, JSON numbers or strings, and the progress line.

use crate::common::long_run::Progress;
use crate::common::output::{self, group_decimal, json_exact};
use hetman::knight::frontier::{self, BigCount};
use serde_json::json;

/// An exact count with thousands separators.
pub(super) fn exact(n: &BigCount) -> String {
    group_decimal(&n.to_string())
}

/// `tour` or `tours`.
pub(super) fn word(n: &BigCount) -> &'static str {
    if *n == 1u128 {
        "tour"
    } else {
        "tours"
    }
}

/// The undirected count of open tours from the directed one (a board of
/// one square has one tour, its own reverse).
pub(super) fn undirected(directed: &BigCount) -> BigCount {
    if *directed <= BigCount::from(1u64) {
        return directed.clone();
    }
    directed
        .div_rem_u64(2)
        .map_or_else(BigCount::zero, |(q, _)| q)
}

/// The headline of a whole-board count (as `common::tour::total_line`, exact).
pub(super) fn exact_line(size: &str, closed: bool, n: &BigCount) -> String {
    if closed {
        format!(
            "{size}: {} closed {} (undirected: each cycle once)",
            exact(n),
            word(n)
        )
    } else {
        format!(
            "{size}: {} directed open {} ({} undirected: each path once)",
            exact(n),
            word(n),
            exact(&undirected(n))
        )
    }
}

/// The JSON object of a whole-board count (as `common::tour::total_json`,
/// exact): numbers up to 2^53, strings beyond.
pub(super) fn exact_json(size: &str, closed: bool, n: &BigCount) -> serde_json::Value {
    let mut v = json!({"size": size, "closed": closed});
    if closed {
        v["tours"] = json_exact(&n.to_string());
        v["convention"] = json!("undirected");
    } else {
        v["directed"] = json_exact(&n.to_string());
        v["undirected"] = json_exact(&undirected(n).to_string());
    }
    v
}

/// The frontier counter's progress: `done` of `all` units of work (squares,
/// or states stepped as [`frontier::Work`] estimates them).
pub(super) fn square_progress(bar: &Progress, p: frontier::Progress, (done, all): (u64, u64)) {
    bar.update(done, all, || {
        format!(
            "{}{}/{} squares, {} states",
            pass_label(p.pass),
            p.step,
            p.steps,
            output::group(p.states as u64)
        )
    });
}

/// `pass 4 of 27 (31% of the passes done): ` in a count in passes, else
/// nothing.
pub(super) fn pass_label(pass: Option<frontier::Pass>) -> String {
    match pass {
        Some(p) => format!(
            "pass {} of {} ({:.0}% of the passes done): ",
            p.number,
            p.of,
            100.0 * p.done
        ),
        None => String::new(),
    }
}
