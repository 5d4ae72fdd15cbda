//! The glyphs and colours of a frame of `watch`, shared by the board and the
//! code panel.

use hetman::trace::Line as Lane;
use hetman::Square;
use ratatui::style::{Color, Style};

/// The glyphs and colours of a frame.
pub struct Look {
    /// ASCII only.
    pub ascii: bool,
    /// Colour.
    pub color: bool,
}

impl Look {
    /// A style with these colours, if colour is on.
    pub fn style(&self, fg: Option<Color>, bg: Option<Color>) -> Style {
        let mut s = Style::default();
        if self.color {
            if let Some(fg) = fg {
                s = s.fg(fg);
            }
            if let Some(bg) = bg {
                s = s.bg(bg);
            }
        }
        s
    }

    /// The glyph of a line that rules a square out.
    pub fn lane_glyph(&self, lane: Lane) -> &'static str {
        match (lane, self.ascii) {
            (Lane::Row, true) => "-",
            (Lane::Up, true) => "\\",
            (Lane::Down, true) => "/",
            (Lane::Row, false) => "─",
            (Lane::Up, false) => "╲",
            (Lane::Down, false) => "╱",
        }
    }

    /// The colour of a line that rules a square out.
    pub fn lane_color(lane: Lane) -> Color {
        match lane {
            Lane::Row => Color::Blue,
            Lane::Up => Color::Green,
            Lane::Down => Color::Magenta,
        }
    }

    /// The colour of a square of the board (a1 dark).
    pub fn square_bg(&self, sq: Square) -> Option<Color> {
        if (sq.file() + sq.rank()).is_multiple_of(2) {
            Some(Color::Rgb(181, 136, 99))
        } else {
            Some(Color::Rgb(240, 217, 181))
        }
    }
}
