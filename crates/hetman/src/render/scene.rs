//! A board as a trace's events leave it ([`Scene`]): the queens put and
//! removed, the knight's path, the squares the last event is about; drawn
//! on a [`Canvas`] as [`Layout`] places it (see [`raster`](super::raster)).

use super::font::{GLYPH_HEIGHT, GLYPH_WIDTH};
use super::raster::{ink, Canvas, Layout, GUTTER, LINE_HEIGHT, MARGIN, TEXT_SCALE};
use crate::trace::{Event, Header, Pieces};
use crate::Square;

/// How the step marks a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mark {
    Tried,
    Refused,
    Put,
    Left,
}

impl Mark {
    const fn ink(self) -> u8 {
        match self {
            Mark::Tried => ink::TRIED,
            Mark::Refused => ink::REFUSED,
            Mark::Put => ink::PUT,
            Mark::Left => ink::LEFT,
        }
    }
}

/// A board as a trace's events leave it: the queens (or the knight's path),
/// the blocked squares, and the squares the last event is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scene {
    files: u32,
    ranks: u32,
    knight: bool,
    /// Queens: the rank of the queen on each file, if any.
    queens: Vec<Option<u32>>,
    /// Knight: the squares of the path, the start first.
    path: Vec<Square>,
    blocked: Vec<Square>,
    marks: Vec<(Square, Mark)>,
    /// The last event was a solution or a tour.
    solved: bool,
}

impl Scene {
    /// The empty board of the trace that `header` opens.
    #[must_use]
    pub fn new(header: &Header) -> Scene {
        let (files, ranks, knight, blocked) = match header {
            Header::Queens { n, .. } => (*n, *n, false, Vec::new()),
            Header::Knight {
                width,
                height,
                blocked,
                ..
            } => (*width, *height, true, blocked.clone()),
        };
        Scene {
            files,
            ranks,
            knight,
            queens: vec![None; if knight { 0 } else { files as usize }],
            path: Vec::new(),
            blocked,
            marks: Vec::new(),
            solved: false,
        }
    }

    /// The board of the trace that `header` opens with `pieces` on it, as
    /// the events up to there leave it, without the marks of the
    /// last event: apply the next event to draw it (see
    /// [`Trace::pieces`](crate::trace::Trace::pieces)).
    ///
    /// ```
    /// use hetman::render::scene::Scene;
    /// use hetman::trace::{Pieces, QueensAlgorithm, QueensTrace, Trace};
    /// let mut t = QueensTrace::new(6, QueensAlgorithm::Backtracking).unwrap();
    /// let mut by_events = Scene::new(&t.header());
    /// for e in t.by_ref().take(500) {
    ///     by_events.apply(&e);
    /// }
    /// let mut resumed = Scene::at(&t.header(), &t.pieces().unwrap());
    /// let next = t.next().unwrap();
    /// by_events.apply(&next);
    /// resumed.apply(&next);
    /// assert_eq!(resumed, by_events);
    /// ```
    #[must_use]
    pub fn at(header: &Header, pieces: &Pieces) -> Scene {
        let mut scene = Scene::new(header);
        match pieces {
            Pieces::Queens(ranks) => scene.set_ranks(ranks),
            Pieces::Path(path) => scene.path.clone_from(path),
        }
        scene
    }

    /// Files and ranks of the board.
    #[must_use]
    pub const fn size(&self) -> (u32, u32) {
        (self.files, self.ranks)
    }

    /// The rank of the queen on each file, if any (empty for a knight).
    #[must_use]
    pub fn queens(&self) -> &[Option<u32>] {
        &self.queens
    }

    /// The knight's path, the start first (empty for queens).
    #[must_use]
    pub fn path(&self) -> &[Square] {
        &self.path
    }

    /// Follows `event`.
    pub fn apply(&mut self, event: &Event) {
        let keep_solved = matches!(event, Event::End { .. } | Event::Score { .. });
        if !keep_solved {
            self.solved = false;
            self.marks.clear();
        }
        match event {
            Event::Try { square, .. } => self.marks.push((*square, Mark::Tried)),
            Event::Refuse { square, .. } | Event::Prune { square, .. } => {
                self.marks.push((*square, Mark::Refused));
            }
            Event::DeadEnd { square, .. } => self.marks.push((*square, Mark::Refused)),
            Event::Put {
                file, rank, square, ..
            } => {
                self.set_queen(*file, Some(*rank));
                self.marks.push((*square, Mark::Put));
            }
            Event::Remove { file, square, .. } => {
                self.set_queen(*file, None);
                self.marks.push((*square, Mark::Left));
            }
            Event::Solution { ranks, .. } => {
                self.set_ranks(ranks);
                self.solved = true;
            }
            Event::Placement { ranks } => self.set_ranks(ranks),
            Event::Permutation { ranks, clash } => {
                self.set_ranks(ranks);
                for &f in clash.iter().flatten() {
                    if let Some(&r) = ranks.get(f as usize) {
                        self.marks.push((Square::new(f, r), Mark::Refused));
                    }
                }
            }
            Event::Move { square, number, .. } => {
                self.path.truncate(number.saturating_sub(1) as usize);
                self.path.push(*square);
            }
            Event::Candidates { options, .. } => {
                self.marks
                    .extend(options.iter().map(|c| (c.square, Mark::Tried)));
            }
            Event::Back { square, number } => {
                self.path.truncate(number.saturating_sub(1) as usize);
                self.marks.push((*square, Mark::Left));
            }
            Event::Tour { path, .. } => {
                self.path.clone_from(path);
                self.solved = true;
            }
            _ => {}
        }
    }

    fn set_queen(&mut self, file: u32, rank: Option<u32>) {
        if let Some(q) = self.queens.get_mut(file as usize) {
            *q = rank;
        }
    }

    fn set_ranks(&mut self, ranks: &[u32]) {
        for (f, q) in self.queens.iter_mut().enumerate() {
            *q = ranks.get(f).copied();
        }
    }

    /// The picture: the board as `layout` places it, then `lines` of text
    /// below it (each cut to [`Layout::chars_per_line`]).
    #[must_use]
    pub fn draw(&self, layout: &Layout, lines: &[&str]) -> Canvas {
        let mut c = Canvas::new(layout.width(), layout.height(), ink::PAPER);
        let sq = layout.square();
        let on_board = |s: &Square| s.file() < self.files && s.rank() < self.ranks;
        for rank in 0..self.ranks {
            for file in 0..self.files {
                let s = Square::new(file, rank);
                let (x, y) = layout.corner(s);
                let colour = if (file + rank) % 2 == 0 {
                    ink::DARK
                } else {
                    ink::LIGHT
                };
                c.fill(x, y, sq, sq, colour);
            }
        }
        for s in self.blocked.iter().filter(|s| on_board(s)) {
            let (x, y) = layout.corner(*s);
            c.fill(x, y, sq, sq, ink::BLOCKED);
        }
        if self.knight {
            self.draw_path(&mut c, layout);
        } else {
            let ink = if self.solved { ink::SOLVED } else { ink::QUEEN };
            for (f, r) in self.queens.iter().enumerate() {
                if let Some(r) = r {
                    let (cx, cy) = layout.centre(Square::new(f as u32, *r));
                    c.disc(cx, cy, (sq * 3 / 10).max(1), ink);
                    if sq >= 16 {
                        c.disc(cx - sq / 10, cy - sq / 10, sq / 16, ink::SHINE);
                    }
                }
            }
        }
        for (s, mark) in self.marks.iter().filter(|(s, _)| on_board(s)) {
            let (x, y) = layout.corner(*s);
            c.frame(x, y, sq, sq, layout.thickness(), mark.ink());
        }
        if sq >= 14 {
            self.draw_labels(&mut c, layout);
        }
        let top = layout.top + sq * self.ranks + if sq >= 14 { GUTTER } else { 0 } + MARGIN;
        let max = layout.chars_per_line();
        for (i, line) in lines.iter().take(layout.lines as usize).enumerate() {
            let text: String = if line.chars().count() > max {
                let mut t: String = line.chars().take(max.saturating_sub(3)).collect();
                t.push_str("...");
                t
            } else {
                (*line).to_string()
            };
            c.text(
                MARGIN,
                top + i as u32 * LINE_HEIGHT,
                TEXT_SCALE,
                ink::TEXT,
                &text,
            );
        }
        c
    }

    fn draw_path(&self, c: &mut Canvas, layout: &Layout) {
        let sq = layout.square();
        let last = self.path.len().saturating_sub(1);
        for (k, s) in self.path.iter().enumerate() {
            if s.file() >= self.files || s.rank() >= self.ranks {
                continue;
            }
            let (x, y) = layout.corner(*s);
            let fill = if k == last || self.solved {
                ink::KNIGHT
            } else {
                ink::VISITED
            };
            c.fill(x, y, sq, sq, fill);
            let number = (k + 1).to_string();
            let w = number.len() as u32 * (GLYPH_WIDTH + 1) - 1;
            if w + 4 <= sq && GLYPH_HEIGHT + 4 <= sq {
                c.text(
                    x + (sq - w) / 2,
                    y + (sq - GLYPH_HEIGHT) / 2,
                    1,
                    ink::TEXT,
                    &number,
                );
            }
        }
    }

    fn draw_labels(&self, c: &mut Canvas, layout: &Layout) {
        let sq = layout.square();
        for file in 0..self.files {
            let (x, y) = layout.corner(Square::new(file, 0));
            let name = Square::new(file, 0).to_string();
            let letters = name.trim_end_matches(|ch: char| ch.is_ascii_digit());
            let w = letters.len() as u32 * (GLYPH_WIDTH + 1) - 1;
            c.text(
                x + sq.saturating_sub(w) / 2,
                y + sq + 4,
                1,
                ink::LABEL,
                letters,
            );
        }
        for rank in 0..self.ranks {
            let (x, y) = layout.corner(Square::new(0, rank));
            let number = (rank + 1).to_string();
            let w = number.len() as u32 * (GLYPH_WIDTH + 1) - 1;
            c.text(
                x.saturating_sub(w + 3),
                y + (sq - GLYPH_HEIGHT) / 2,
                1,
                ink::LABEL,
                &number,
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trace::{KnightOrder, QueensAlgorithm, QueensTrace, Trace};

    #[test]
    fn queens_follow_the_trace() {
        let mut trace = QueensTrace::new(6, QueensAlgorithm::Backtracking).unwrap();
        let mut scene = Scene::new(&trace.header());
        let layout = Layout::new(6, 6, 3);
        for _ in 0..400 {
            let Some(e) = trace.next() else { break };
            scene.apply(&e);
            let placed: Vec<u32> = scene.queens().iter().map_while(|q| *q).collect();
            assert_eq!(placed, trace.queens());
        }
        let c = scene.draw(&layout, &["a", "b", "c"]);
        for (f, r) in trace.queens().iter().enumerate() {
            let (x, y) = layout.centre(Square::new(f as u32, *r));
            assert!(matches!(c.get(x, y), ink::QUEEN | ink::SOLVED));
        }
    }

    #[test]
    fn a_knight_path_shades_its_squares() {
        let header = Header::Knight {
            width: 5,
            height: 5,
            start: Square::new(0, 0),
            order: KnightOrder::Plain,
            closed: false,
            blocked: vec![Square::new(4, 4)],
        };
        let mut scene = Scene::new(&header);
        scene.apply(&Event::Move {
            square: Square::new(0, 0),
            number: 1,
            from: None,
        });
        scene.apply(&Event::Move {
            square: Square::new(1, 2),
            number: 2,
            from: Some(Square::new(0, 0)),
        });
        let layout = Layout::new(5, 5, 1);
        let c = scene.draw(&layout, &["step 2"]);
        let at = |s: Square| {
            let (x, y) = layout.probe(s);
            c.get(x, y)
        };
        assert_eq!(at(Square::new(0, 0)), ink::VISITED);
        assert_eq!(at(Square::new(1, 2)), ink::KNIGHT);
        assert_eq!(at(Square::new(4, 4)), ink::BLOCKED);
        assert_eq!(at(Square::new(1, 0)), ink::LIGHT);
        scene.apply(&Event::Back {
            square: Square::new(1, 2),
            number: 2,
        });
        assert_eq!(scene.path(), &[Square::new(0, 0)]);
    }

    #[test]
    fn long_lines_are_cut_and_the_canvas_is_sized() {
        let layout = Layout::new(32, 32, 1);
        assert_eq!(layout.square(), 10);
        let scene = Scene::new(&Header::Queens {
            n: 32,
            algorithm: QueensAlgorithm::Bitboard,
        });
        let c = scene.draw(&layout, &[&"x".repeat(500)]);
        assert_eq!(
            c.pixels().len(),
            (layout.width() * layout.height()) as usize
        );
    }
}
