//! Boards as pixels: a [`Scene`](super::scene::Scene) follows a trace's events (queens put and
//! removed, the knight's path, the square the step is about) and draws
//! itself with lines of text below the board on an indexed [`Canvas`], in the
//! 16 colours of [`PALETTE`] and the 5 × 7 [`font`](super::font). The frames
//! of `render::gif` (the cargo feature `gif`) are drawn here.
//!
//! # Example
//! ```
//! use hetman::render::raster::{ink, Layout};
//! use hetman::render::scene::Scene;
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
pub(super) const TEXT_SCALE: u32 = 1;
/// The height of a line of text below the board.
pub(super) const LINE_HEIGHT: u32 = (GLYPH_HEIGHT + 4) * TEXT_SCALE;
/// The width of a character of text below the board.
const CHAR_WIDTH: u32 = (GLYPH_WIDTH + 1) * TEXT_SCALE;
/// The narrowest picture, so that the text has room.
const MIN_WIDTH: u32 = 400;
/// The board's longer side aims at this many pixels.
const BOARD_PIXELS: u32 = 320;
/// Space around the board and the text.
pub(super) const MARGIN: u32 = 8;
/// Room for the file letters and rank numbers.
pub(super) const GUTTER: u32 = 14;

/// Where things go in a picture: the board's squares and the lines of text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    files: u32,
    ranks: u32,
    pub(super) lines: u32,
    square: u32,
    left: u32,
    pub(super) top: u32,
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
    pub(super) const fn thickness(&self) -> u32 {
        if self.square >= 32 {
            3
        } else if self.square >= 12 {
            2
        } else {
            1
        }
    }
}
