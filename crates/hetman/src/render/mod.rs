//! Drawing boards: as text for the terminal ([`text`]) and as SVG pictures ([`svg`]).

pub mod svg;
pub mod text;
