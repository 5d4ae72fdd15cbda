//! Drawing boards: as text (and, later, as pictures).

pub mod text;
