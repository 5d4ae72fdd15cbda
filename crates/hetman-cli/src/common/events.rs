//! Trace events in words: the readable form of `trace --format text` and the
//! "last step" line of `watch`.

use crate::common::output::group;
use hetman::trace::{Counters, Event, Header, KnightOrder, QueensAlgorithm};

/// The column's name for the seeds' `test(c)`: the file letter.
fn column(file: u32) -> String {
    hetman::board::file_name(file)
}

/// One event in words, without its step number.
pub fn describe(event: &Event) -> String {
    match event {
        Event::Call {
            file, depth, free, ..
        } => match free {
            None => format!("call test({}), {depth} on the board", column(*file)),
            Some(free) => {
                let ranks: Vec<String> = free.iter().map(|r| (r + 1).to_string()).collect();
                format!(
                    "node at file {}: free ranks {}",
                    column(*file),
                    if ranks.is_empty() {
                        "none".to_string()
                    } else {
                        ranks.join(" ")
                    }
                )
            }
        },
        Event::Try { square, .. } => format!("try {square}"),
        Event::Refuse { square, lines, .. } => {
            let names: Vec<&str> = lines.iter().map(|l| l.name()).collect();
            format!("refuse {square}: {} taken", names.join(", "))
        }
        Event::Put { square, depth, .. } => format!("put {square}, {depth} on the board"),
        Event::Remove { square, .. } => format!("remove {square}"),
        Event::Solution { number, code, .. } => format!("solution {number}: {code}"),
        Event::Placement { ranks } => format!("placement {}", code_of(ranks)),
        Event::Score { pairs, of } => format!(
            "score {pairs} of {of}: {pairs} {} of queens do not attack each other",
            if *pairs == 1 { "pair" } else { "pairs" }
        ),
        Event::Permutation { ranks, clash } => match clash {
            Some([i, j]) => format!(
                "permutation {}: the queens on files {} and {} share a diagonal",
                code_of(ranks),
                column(*i),
                column(*j)
            ),
            None => format!(
                "permutation {}: no two queens on a diagonal",
                code_of(ranks)
            ),
        },
        Event::Move {
            square,
            number,
            from,
        } => match from {
            None => format!("start on {square} (1)"),
            Some(f) => format!("move {f} -> {square} ({number})"),
        },
        Event::Candidates { square, options } => {
            if options.is_empty() {
                format!("from {square}: no free square")
            } else {
                let list: Vec<String> = options
                    .iter()
                    .map(|c| format!("{} ({})", c.square, c.degree))
                    .collect();
                format!("from {square}: {}", list.join(", "))
            }
        }
        Event::DeadEnd { square, number } => {
            format!("dead end on {square} ({number}): no free square to move to")
        }
        Event::Prune { square, .. } => format!("prune {square}: {}", prune_reason(event)),
        Event::Back { square, number } => format!("back from {square} ({number})"),
        Event::Tour { number, path } => {
            let squares: Vec<String> = path.iter().map(ToString::to_string).collect();
            format!("tour {number}: {}", squares.join(" "))
        }
        Event::End { complete, counters } => format!(
            "end{}: {}",
            if *complete {
                ""
            } else {
                " (stopped by a limit)"
            },
            counters_line(counters)
        ),
        _ => format!("{event:?}"),
    }
}

/// Ranks in the seeds' code: 1-based, joined by spaces.
pub fn code_of(ranks: &[u32]) -> String {
    ranks
        .iter()
        .map(|r| (r + 1).to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

fn prune_reason(event: &Event) -> &str {
    match event {
        Event::Prune { reason, .. } => reason,
        _ => "",
    }
}

/// How deep to indent an event in the text form (queens: the column).
pub fn indent(event: &Event) -> usize {
    match event {
        Event::Call { file, .. } => *file as usize,
        Event::Try { file, .. }
        | Event::Refuse { file, .. }
        | Event::Put { file, .. }
        | Event::Remove { file, .. } => *file as usize + 1,
        _ => 0,
    }
}

/// The counters as `name value` pairs on one line, with thousands separators.
pub fn counters_line(counters: &Counters) -> String {
    counters
        .pairs()
        .iter()
        .map(|(k, v)| format!("{} {}", k.replace('_', " "), group(*v)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// What is traced, in words.
pub fn title(header: &Header) -> String {
    match header {
        Header::Queens { n, algorithm } => format!(
            "{n} {}, {}",
            if *n == 1 { "queen" } else { "queens" },
            match algorithm {
                QueensAlgorithm::Backtracking => "the seeds' backtracking test(c)",
                QueensAlgorithm::Bitboard => "the bitboard search",
                QueensAlgorithm::Brute => "brute force, every placement with one queen per file",
                QueensAlgorithm::Permutations => "every permutation of the ranks",
            }
        ),
        Header::Knight {
            width,
            height,
            start,
            order,
            closed,
            blocked,
        } => {
            let mut s = format!(
                "knight on {width}x{height} from {start}, {} order{}",
                match order {
                    KnightOrder::Plain => "the seed's",
                    KnightOrder::Warnsdorff => "Warnsdorff's",
                },
                if *closed { ", closed tours" } else { "" }
            );
            if !blocked.is_empty() {
                let b: Vec<String> = blocked.iter().map(ToString::to_string).collect();
                s.push_str(&format!(", blocked {}", b.join(" ")));
            }
            s
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hetman::trace::{Line, QueensCounters};
    use hetman::Square;

    #[test]
    fn events_read_as_the_seeds_words() {
        let e = Event::Refuse {
            file: 1,
            rank: 1,
            square: Square::new(1, 1),
            lines: vec![Line::Row, Line::Down],
        };
        assert_eq!(describe(&e), "refuse b2: row, down taken");
        let p = Event::Permutation {
            ranks: vec![0, 1, 2],
            clash: Some([0, 1]),
        };
        assert_eq!(
            describe(&p),
            "permutation 1 2 3: the queens on files a and b share a diagonal"
        );
        let s = Event::Score { pairs: 25, of: 28 };
        assert_eq!(
            describe(&s),
            "score 25 of 28: 25 pairs of queens do not attack each other"
        );
        assert_eq!(indent(&e), 2);
        let c = Counters::Queens(QueensCounters {
            calls: 1965,
            solutions: 92,
            ..Default::default()
        });
        assert_eq!(
            counters_line(&c),
            "calls 1,965, tries 0, refusals 0, placements 0, backtracks 0, solutions 92"
        );
    }
}
