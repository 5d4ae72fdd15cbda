//! Boards as pixels: a [`Scene`] follows a trace's events (queens put and
//! removed, the knight's path, the square the step is about) and draws
//! itself with lines of text below the board on an indexed [`Canvas`], in the
//! 16 colours of [`PALETTE`] and the 5 × 7 [`font`](super::font). The frames
//! of `render::gif` (the cargo feature `gif`) are drawn here.
//!
//! # Example
//! ```
//! use hetman::render::raster::{ink, Layout, Scene};
//! use hetman::trace::{QueensAlgorithm, QueensTrace, Trace};
//! let mut trace = QueensTrace::new(4, QueensAlgorithm::Backtracking).unwrap();
//! let mut scene = Scene::new(&trace.header());
//! for event in trace.by_ref().take(3) {
//!     scene.apply(&event); // call test(a), try a1, put a1
//! }
//! let layout = Layout::new(4, 4, 2);
//! let canvas = scene.draw(&layout, &["step 3", "put a1, 1 on the board"]);
//! let (x, y) = layout.centre(hetman::Square::new(0, 0));
//! assert_eq!(canvas.get(x, y), ink::QUEEN);
//! ```

use super::font::{glyph, GLYPH_HEIGHT, GLYPH_WIDTH};
use crate::trace::{Event, Header, Pieces};
use crate::Square;

/// The colours of the pictures, as RGB, indexed by the [`ink`] constants.
/// Index 0 is never drawn: an animation uses it for "unchanged".
pub const PALETTE: [[u8; 3]; 16] = [
    [255, 0, 255],   // unused (transparent in a GIF)
    [255, 255, 255], // paper
    [240, 217, 181], // light square
    [181, 136, 99],  // dark square
    [20, 20, 20],    // text
    [30, 30, 30],    // queen
    [230, 180, 0],   // queen of a solution
    [25, 90, 200],   // square tried
    [200, 30, 30],   // square refused
    [20, 140, 60],   // queen put
    [110, 110, 110], // square left (remove, back)
    [90, 90, 90],    // blocked square
    [170, 215, 170], // square on the knight's path
    [240, 140, 30],  // the knight's square
    [255, 255, 255], // the queen's highlight
    [120, 120, 120], // coordinates
];

/// The indices of [`PALETTE`], by what they draw.
pub mod ink {
    /// The background around the board and under the text.
    pub const PAPER: u8 = 1;
    /// A light square.
    pub const LIGHT: u8 = 2;
    /// A dark square.
    pub const DARK: u8 = 3;
    /// Text.
    pub const TEXT: u8 = 4;
    /// A queen.
    pub const QUEEN: u8 = 5;
    /// A queen of a solution.
    pub const SOLVED: u8 = 6;
    /// The frame of the square being tried (also the knight's candidates).
    pub const TRIED: u8 = 7;
    /// The frame of a refused square (also the clash of a permutation, a dead end, a prune).
    pub const REFUSED: u8 = 8;
    /// The frame of the square a queen was just put on.
    pub const PUT: u8 = 9;
    /// The frame of a square just left (a queen removed, the knight backing up).
    pub const LEFT: u8 = 10;
    /// A blocked square.
    pub const BLOCKED: u8 = 11;
    /// A square on the knight's path.
    pub const VISITED: u8 = 12;
    /// The knight's square, or a square of a tour.
    pub const KNIGHT: u8 = 13;
    /// The light dot in a queen.
    pub const SHINE: u8 = 14;
    /// The file letters and rank numbers.
    pub const LABEL: u8 = 15;
}

/// A picture of `width × height` pixels, each an index into [`PALETTE`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Canvas {
    width: u32,
    height: u32,
    pixels: Vec<u8>,
}

impl Canvas {
    /// A canvas filled with `fill`.
    ///
    /// ```
    /// use hetman::render::raster::{ink, Canvas};
    /// let c = Canvas::new(3, 2, ink::PAPER);
    /// assert_eq!((c.width(), c.height(), c.pixels().len()), (3, 2, 6));
    /// ```
    #[must_use]
    pub fn new(width: u32, height: u32, fill: u8) -> Canvas {
        Canvas {
            width,
            height,
            pixels: vec![fill; width as usize * height as usize],
        }
    }

    /// Pixels across.
    #[must_use]
    pub const fn width(&self) -> u32 {
        self.width
    }

    /// Pixels down.
    #[must_use]
    pub const fn height(&self) -> u32 {
        self.height
    }

    /// The pixels, row by row from the top.
    #[must_use]
    pub fn pixels(&self) -> &[u8] {
        &self.pixels
    }

    /// The pixel at `(x, y)` (0 outside the canvas).
    ///
    /// ```
    /// use hetman::render::raster::{ink, Canvas};
    /// let c = Canvas::new(2, 2, ink::PAPER);
    /// assert_eq!((c.get(1, 1), c.get(2, 0)), (ink::PAPER, 0));
    /// ```
    #[must_use]
    pub fn get(&self, x: u32, y: u32) -> u8 {
        if x < self.width && y < self.height {
            self.pixels[(y * self.width + x) as usize]
        } else {
            0
        }
    }

    /// Fills the rectangle at `(x, y)` of `w × h`, cut to the canvas.
    pub fn fill(&mut self, x: u32, y: u32, w: u32, h: u32, ink: u8) {
        let x1 = (x.saturating_add(w)).min(self.width);
        let y1 = (y.saturating_add(h)).min(self.height);
        for yy in y.min(y1)..y1 {
            let row = (yy * self.width) as usize;
            self.pixels[row + x.min(x1) as usize..row + x1 as usize].fill(ink);
        }
    }

    /// A frame `t` pixels thick just inside the rectangle at `(x, y)` of `w × h`.
    pub fn frame(&mut self, x: u32, y: u32, w: u32, h: u32, t: u32, ink: u8) {
        self.fill(x, y, w, t, ink);
        self.fill(x, y + h.saturating_sub(t), w, t, ink);
        self.fill(x, y, t, h, ink);
        self.fill(x + w.saturating_sub(t), y, t, h, ink);
    }

    /// A filled disc centred at `(cx, cy)`.
    pub fn disc(&mut self, cx: u32, cy: u32, r: u32, ink: u8) {
        let r2 = i64::from(r) * i64::from(r);
        for dy in -i64::from(r)..=i64::from(r) {
            for dx in -i64::from(r)..=i64::from(r) {
                if dx * dx + dy * dy <= r2 {
                    let (x, y) = (i64::from(cx) + dx, i64::from(cy) + dy);
                    if x >= 0 && y >= 0 {
                        self.fill(x as u32, y as u32, 1, 1, ink);
                    }
                }
            }
        }
    }

    /// Writes `text` with its top left corner at `(x, y)`, each font pixel
    /// `scale` pixels wide, one character every `(5 + 1) × scale` pixels.
    ///
    /// ```
    /// use hetman::render::raster::{ink, Canvas};
    /// let mut c = Canvas::new(12, 7, ink::PAPER);
    /// c.text(0, 0, 1, ink::TEXT, "1");
    /// assert_eq!(c.get(2, 0), ink::TEXT); // the top of the 1
    /// assert_eq!(c.get(0, 0), ink::PAPER);
    /// ```
    pub fn text(&mut self, x: u32, y: u32, scale: u32, ink: u8, text: &str) {
        for (i, ch) in text.chars().enumerate() {
            let left = x + i as u32 * (GLYPH_WIDTH + 1) * scale;
            if left >= self.width {
                break;
            }
            for (row, bits) in glyph(ch).iter().enumerate() {
                for col in 0..GLYPH_WIDTH {
                    if bits & (1 << (GLYPH_WIDTH - 1 - col)) != 0 {
                        self.fill(
                            left + col * scale,
                            y + row as u32 * scale,
                            scale,
                            scale,
                            ink,
                        );
                    }
                }
            }
        }
    }
}

/// Text below the board is drawn this many times the font's size (1: a
/// GIF of thousands of steps stays small, and slides scale it up).
const TEXT_SCALE: u32 = 1;
/// The height of a line of text below the board.
const LINE_HEIGHT: u32 = (GLYPH_HEIGHT + 4) * TEXT_SCALE;
/// The width of a character of text below the board.
const CHAR_WIDTH: u32 = (GLYPH_WIDTH + 1) * TEXT_SCALE;
/// The narrowest picture, so that the text has room.
const MIN_WIDTH: u32 = 400;
/// The board's longer side aims at this many pixels.
const BOARD_PIXELS: u32 = 320;
/// Space around the board and the text.
const MARGIN: u32 = 8;
/// Room for the file letters and rank numbers.
const GUTTER: u32 = 14;

/// Where things go in a picture: the board's squares and the lines of text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    files: u32,
    ranks: u32,
    lines: u32,
    square: u32,
    left: u32,
    top: u32,
    width: u32,
    height: u32,
}

impl Layout {
    /// The layout of a board of `files × ranks` with `lines` lines of text below.
    ///
    /// ```
    /// use hetman::render::raster::Layout;
    /// let l = Layout::new(8, 8, 4);
    /// assert_eq!(l.square(), 40);
    /// assert!(l.width() >= 8 * 40 && l.height() > 8 * 40);
    /// assert_eq!(l.chars_per_line(), (l.width() as usize - 16) / 6);
    /// ```
    #[must_use]
    pub fn new(files: u32, ranks: u32, lines: u32) -> Layout {
        let (files, ranks) = (files.max(1), ranks.max(1));
        let square = (BOARD_PIXELS / files.max(ranks)).clamp(4, 48);
        let gutter = if square >= 14 { GUTTER } else { 0 };
        let board_w = gutter + square * files;
        let width = (board_w + 2 * MARGIN).max(MIN_WIDTH);
        let left = (width - board_w) / 2 + gutter;
        let top = MARGIN;
        let height = top + square * ranks + gutter + MARGIN + lines * LINE_HEIGHT + MARGIN;
        Layout {
            files,
            ranks,
            lines,
            square,
            left,
            top,
            width,
            height,
        }
    }

    /// Pixels across the picture.
    #[must_use]
    pub const fn width(&self) -> u32 {
        self.width
    }

    /// Pixels down the picture.
    #[must_use]
    pub const fn height(&self) -> u32 {
        self.height
    }

    /// The side of a square in pixels.
    #[must_use]
    pub const fn square(&self) -> u32 {
        self.square
    }

    /// The characters a line of text holds.
    #[must_use]
    pub const fn chars_per_line(&self) -> usize {
        ((self.width - 2 * MARGIN) / CHAR_WIDTH) as usize
    }

    /// The top left pixel of `s` (`a1` is at the bottom left).
    #[must_use]
    pub fn corner(&self, s: Square) -> (u32, u32) {
        let rank_from_top = self.ranks - 1 - s.rank().min(self.ranks - 1);
        (
            self.left + s.file() * self.square,
            self.top + rank_from_top * self.square,
        )
    }

    /// The centre pixel of `s`: a queen covers it.
    #[must_use]
    pub fn centre(&self, s: Square) -> (u32, u32) {
        let (x, y) = self.corner(s);
        (x + self.square / 2, y + self.square / 2)
    }

    /// A pixel of `s` that only the square's own colour covers (not a queen,
    /// a frame or a number): it tells light, dark, blocked, visited or the knight.
    #[must_use]
    pub fn probe(&self, s: Square) -> (u32, u32) {
        let (x, y) = self.corner(s);
        let t = self.thickness();
        (x + t + 1, y + t + 1)
    }

    /// The thickness of a square's frame.
    const fn thickness(&self) -> u32 {
        if self.square >= 32 {
            3
        } else if self.square >= 12 {
            2
        } else {
            1
        }
    }
}

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
    /// use hetman::render::raster::Scene;
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
