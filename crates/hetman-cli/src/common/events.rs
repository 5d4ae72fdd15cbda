//! Trace events in words: the readable form of `trace --format text` and the
//! "last step" line of `watch`.

use crate::common::i18n::{n, s, Tr};
use hetman::trace::{Counters, Event, Header, KnightOrder, QueensAlgorithm};

/// The column's name for the seeds' `test(c)`: the file letter.
fn column(file: u32) -> String {
    hetman::board::file_name(file)
}

/// One event in words, without its step number, in `tr`'s language.
pub fn describe(event: &Event, tr: &Tr) -> String {
    match event {
        Event::Call {
            file, depth, free, ..
        } => match free {
            None => tr.tf(
                "event-call",
                &[("file", s(column(*file))), ("depth", n(*depth))],
            ),
            Some(free) => {
                let ranks: Vec<String> = free.iter().map(|r| (r + 1).to_string()).collect();
                let ranks = if ranks.is_empty() {
                    tr.t("event-none")
                } else {
                    ranks.join(" ")
                };
                tr.tf(
                    "event-node",
                    &[("file", s(column(*file))), ("ranks", s(ranks))],
                )
            }
        },
        Event::Try { square, .. } => tr.tf("event-try", &[("square", s(square))]),
        Event::Refuse { square, lines, .. } => {
            let names: Vec<&str> = lines.iter().map(|l| l.name()).collect();
            tr.tf(
                "event-refuse",
                &[("square", s(square)), ("lines", s(names.join(", ")))],
            )
        }
        Event::Put { square, depth, .. } => {
            tr.tf("event-put", &[("square", s(square)), ("depth", n(*depth))])
        }
        Event::Remove { square, .. } => tr.tf("event-remove", &[("square", s(square))]),
        Event::Solution { number, code, .. } => tr.tf(
            "event-solution",
            &[("number", s(number)), ("code", s(code))],
        ),
        Event::Placement { ranks } => tr.tf("event-placement", &[("code", s(code_of(ranks)))]),
        Event::Score { pairs, of } => tr.tf("event-score", &[("pairs", n(*pairs)), ("of", n(*of))]),
        Event::Permutation { ranks, clash } => match clash {
            Some([i, j]) => tr.tf(
                "event-permutation-clash",
                &[
                    ("code", s(code_of(ranks))),
                    ("i", s(column(*i))),
                    ("j", s(column(*j))),
                ],
            ),
            None => tr.tf("event-permutation-ok", &[("code", s(code_of(ranks)))]),
        },
        Event::Move {
            square,
            number,
            from,
        } => match from {
            None => tr.tf("event-start", &[("square", s(square))]),
            Some(f) => tr.tf(
                "event-move",
                &[
                    ("from", s(f)),
                    ("square", s(square)),
                    ("number", n(*number)),
                ],
            ),
        },
        Event::Candidates { square, options } => {
            if options.is_empty() {
                tr.tf("event-candidates-none", &[("square", s(square))])
            } else {
                let list: Vec<String> = options
                    .iter()
                    .map(|c| format!("{} ({})", c.square, c.degree))
                    .collect();
                tr.tf(
                    "event-candidates",
                    &[("square", s(square)), ("list", s(list.join(", ")))],
                )
            }
        }
        Event::DeadEnd { square, number } => tr.tf(
            "event-dead-end",
            &[("square", s(square)), ("number", n(*number))],
        ),
        // The library gives one reason only (the Warnsdorff prune); its words
        // are the message's.
        Event::Prune { square, .. } => tr.tf("event-prune", &[("square", s(square))]),
        Event::Back { square, number } => tr.tf(
            "event-back",
            &[("square", s(square)), ("number", n(*number))],
        ),
        Event::Tour { number, path } => {
            let squares: Vec<String> = path.iter().map(ToString::to_string).collect();
            tr.tf(
                "event-tour",
                &[("number", s(number)), ("path", s(squares.join(" ")))],
            )
        }
        Event::End { complete, counters } => tr.tf(
            if *complete {
                "event-end"
            } else {
                "event-end-limit"
            },
            &[("counters", s(counters_line(counters, tr)))],
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

/// The message of a counter's name.
pub fn counter_id(key: &str) -> &'static str {
    match key {
        "calls" => "counter-calls",
        "tries" => "counter-tries",
        "refusals" => "counter-refusals",
        "placements" => "counter-placements",
        "backtracks" => "counter-backtracks",
        "solutions" => "counter-solutions",
        "moves" => "counter-moves",
        "dead_ends" => "counter-dead-ends",
        "prunes" => "counter-prunes",
        "tours" => "counter-tours",
        "placements_scored" => "counter-placements-scored",
        _ => "counter-permutations-tried",
    }
}

/// The counters as `name value` pairs on one line, with thousands separators.
pub fn counters_line(counters: &Counters, tr: &Tr) -> String {
    counters
        .pairs()
        .iter()
        .map(|(k, v)| format!("{} {}", tr.t(counter_id(k)), tr.group(*v)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// What is traced, in words.
pub fn title(header: &Header, tr: &Tr) -> String {
    match header {
        Header::Queens { n: size, algorithm } => tr.tf(
            "title-queens",
            &[
                ("n", n(*size as f64)),
                (
                    "algorithm",
                    s(tr.t(match algorithm {
                        QueensAlgorithm::Backtracking => "algorithm-backtracking",
                        QueensAlgorithm::Bitboard => "algorithm-bitboard",
                        QueensAlgorithm::Brute => "algorithm-brute",
                        QueensAlgorithm::Permutations => "algorithm-permutations",
                    })),
                ),
            ],
        ),
        Header::Knight {
            width,
            height,
            start,
            order,
            closed,
            blocked,
        } => {
            let mut text = tr.tf(
                "title-knight",
                &[
                    ("width", n(*width)),
                    ("height", n(*height)),
                    ("start", s(start)),
                    (
                        "order",
                        s(tr.t(match order {
                            KnightOrder::Plain => "order-plain",
                            KnightOrder::Warnsdorff => "order-warnsdorff",
                        })),
                    ),
                ],
            );
            if *closed {
                text.push_str(", ");
                text.push_str(&tr.t("title-closed"));
            }
            if !blocked.is_empty() {
                let b: Vec<String> = blocked.iter().map(ToString::to_string).collect();
                text.push_str(", ");
                text.push_str(&tr.tf("title-blocked", &[("squares", s(b.join(" ")))]));
            }
            text
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::common::i18n::Lang;
    use hetman::trace::{Line, QueensCounters};
    use hetman::Square;

    #[test]
    fn events_read_as_the_seeds_words() {
        let tr = Tr::new(Lang::En);
        let pl = Tr::new(Lang::Pl);
        let ru = Tr::new(Lang::Ru);
        let e = Event::Refuse {
            file: 1,
            rank: 1,
            square: Square::new(1, 1),
            lines: vec![Line::Row, Line::Down],
        };
        assert_eq!(describe(&e, &tr), "refuse b2: row, down taken");
        let p = Event::Permutation {
            ranks: vec![0, 1, 2],
            clash: Some([0, 1]),
        };
        assert_eq!(
            describe(&p, &tr),
            "permutation 1 2 3: the queens on files a and b share a diagonal"
        );
        let s = Event::Score { pairs: 25, of: 28 };
        assert_eq!(
            describe(&s, &tr),
            "score 25 of 28: 25 pairs of queens do not attack each other"
        );
        assert_eq!(describe(&e, &pl), "odmowa b2: zajęte row, down");
        assert_eq!(
            describe(&s, &pl),
            "wynik 25 z 28: 25 par hetmanów nie szachuje się wzajemnie"
        );
        assert_eq!(
            describe(&s, &ru),
            "счёт 25 из 28: 25 пар ферзей не атакуют друг друга"
        );
        assert_eq!(indent(&e), 2);
        let c = Counters::Queens(QueensCounters {
            calls: 1965,
            solutions: 92,
            ..Default::default()
        });
        assert_eq!(
            counters_line(&c, &tr),
            "calls 1,965, tries 0, refusals 0, placements 0, backtracks 0, solutions 92"
        );
    }
}
