//! Animated GIFs of [`Canvas`] frames (with the cargo feature `gif`).
//!
//! Each frame after the first is written as the rectangle that changed, its
//! unchanged pixels transparent, so a trace of thousands of steps stays
//! small: 8 queens up to the first solution (1,972 frames) is about 0.4 MB.
//! The file opens with a comment naming hetman ([`is_hetman_gif`]), so a
//! command can tell its own GIF from a file it must not overwrite.
//!
//! # Example
//! ```
//! use hetman::render::gif::{is_hetman_gif, GifWriter};
//! use hetman::render::raster::{ink, Canvas};
//! let mut out = Vec::new();
//! let mut gif = GifWriter::new(&mut out, 4, 4, 100, "a test").unwrap();
//! let mut c = Canvas::new(4, 4, ink::PAPER);
//! gif.frame(&c).unwrap();
//! c.fill(1, 1, 2, 2, ink::QUEEN);
//! gif.frame(&c).unwrap();
//! assert_eq!(gif.finish(2000).unwrap(), 2);
//! assert!(out.starts_with(b"GIF89a") && is_hetman_gif(&out));
//! ```

use super::raster::{Canvas, PALETTE};
use crate::Error;
use gif::{DisposalMethod, Encoder, Frame, Repeat};
use std::borrow::Cow;
use std::io::Write;

/// The words of the comment that opens every GIF hetman writes.
pub const MARK: &str = "hetman gif";

/// The index of [`PALETTE`] that stands for "unchanged" in a frame.
const UNCHANGED: u8 = 0;

/// Whether `bytes` (the start of a file, its first 512 bytes are enough) is
/// a GIF that hetman wrote.
///
/// ```
/// assert!(!hetman::render::gif::is_hetman_gif(b"GIF89a and something else"));
/// ```
#[must_use]
pub fn is_hetman_gif(bytes: &[u8]) -> bool {
    let head = &bytes[..bytes.len().min(512)];
    head.starts_with(b"GIF89a") && head.windows(MARK.len()).any(|w| w == MARK.as_bytes())
}

/// Writes frames of one size as an animated GIF that loops.
pub struct GifWriter<W: Write> {
    encoder: Encoder<W>,
    width: u16,
    height: u16,
    /// Hundredths of a second per frame.
    delay: u16,
    previous: Option<Canvas>,
    /// The last frame given, written when the next comes (or at the end, held longer).
    pending: Option<Frame<'static>>,
    frames: u64,
}

fn gif_error(e: &gif::EncodingError) -> Error {
    Error::File {
        path: "GIF".to_string(),
        reason: format!("the GIF could not be written: {e}"),
    }
}

impl<W: Write> GifWriter<W> {
    /// A GIF of `width × height` pixels, `delay_ms` milliseconds per frame
    /// (rounded to hundredths, at least 2), its comment naming hetman and `title`.
    ///
    /// # Errors
    /// A side over 65,535 pixels, or the writer failing.
    pub fn new(out: W, width: u32, height: u32, delay_ms: u32, title: &str) -> Result<Self, Error> {
        let side = |v: u32| {
            u16::try_from(v).map_err(|_| Error::File {
                path: "GIF".to_string(),
                reason: format!("a GIF is at most 65535 pixels on a side, not {v}"),
            })
        };
        let (w, h) = (side(width)?, side(height)?);
        let palette: Vec<u8> = PALETTE.iter().flatten().copied().collect();
        let mut encoder = Encoder::new(out, w, h, &palette).map_err(|e| gif_error(&e))?;
        let comment = format!("{MARK}: {title}");
        encoder
            .write_raw_extension(gif::Extension::Comment.into(), &[comment.as_bytes()])
            .map_err(|e| gif_error(&e))?;
        encoder
            .set_repeat(Repeat::Infinite)
            .map_err(|e| gif_error(&e))?;
        Ok(GifWriter {
            encoder,
            width: w,
            height: h,
            delay: hundredths(delay_ms),
            previous: None,
            pending: None,
            frames: 0,
        })
    }

    /// Adds `canvas` (of the GIF's size) as the next frame.
    ///
    /// # Errors
    /// A canvas of another size, or the writer failing.
    pub fn frame(&mut self, canvas: &Canvas) -> Result<(), Error> {
        if canvas.width() != u32::from(self.width) || canvas.height() != u32::from(self.height) {
            return Err(Error::File {
                path: "GIF".to_string(),
                reason: format!(
                    "a frame of {}x{} in a GIF of {}x{}",
                    canvas.width(),
                    canvas.height(),
                    self.width,
                    self.height
                ),
            });
        }
        let frame = match &self.previous {
            None => Frame {
                width: self.width,
                height: self.height,
                buffer: Cow::Owned(canvas.pixels().to_vec()),
                ..Frame::default()
            },
            Some(prev) => diff(prev, canvas),
        };
        self.flush_pending(self.delay)?;
        self.pending = Some(Frame {
            dispose: DisposalMethod::Keep,
            transparent: Some(UNCHANGED),
            ..frame
        });
        self.previous = Some(canvas.clone());
        self.frames += 1;
        Ok(())
    }

    fn flush_pending(&mut self, delay: u16) -> Result<(), Error> {
        if let Some(mut f) = self.pending.take() {
            f.delay = delay;
            self.encoder.write_frame(&f).map_err(|e| gif_error(&e))?;
        }
        Ok(())
    }

    /// Writes the last frame, shown for `hold_ms` milliseconds, and ends the
    /// file; gives the number of frames.
    ///
    /// # Errors
    /// The writer failing.
    pub fn finish(mut self, hold_ms: u32) -> Result<u64, Error> {
        self.flush_pending(hundredths(hold_ms))?;
        self.encoder.into_inner().map_err(|e| gif_error(&e))?;
        Ok(self.frames)
    }
}

/// Milliseconds as a GIF's hundredths of a second, at least 2 (browsers show
/// shorter delays as 10).
fn hundredths(ms: u32) -> u16 {
    u16::try_from(ms.div_ceil(10)).unwrap_or(u16::MAX).max(2)
}

/// The rectangle of `next` that differs from `prev`, unchanged pixels as
/// [`UNCHANGED`]; one unchanged pixel when nothing changed.
fn diff(prev: &Canvas, next: &Canvas) -> Frame<'static> {
    let w = next.width() as usize;
    let (a, b) = (prev.pixels(), next.pixels());
    let (mut x0, mut y0, mut x1, mut y1) = (usize::MAX, usize::MAX, 0, 0);
    for (i, (p, q)) in a.iter().zip(b).enumerate() {
        if p != q {
            let (x, y) = (i % w, i / w);
            x0 = x0.min(x);
            x1 = x1.max(x);
            y0 = y0.min(y);
            y1 = y1.max(y);
        }
    }
    if x0 == usize::MAX {
        return Frame {
            width: 1,
            height: 1,
            buffer: Cow::Owned(vec![UNCHANGED]),
            ..Frame::default()
        };
    }
    let mut buffer = Vec::with_capacity((x1 - x0 + 1) * (y1 - y0 + 1));
    for y in y0..=y1 {
        let row = y * w;
        for x in x0..=x1 {
            let q = b[row + x];
            buffer.push(if a[row + x] == q { UNCHANGED } else { q });
        }
    }
    Frame {
        left: x0 as u16,
        top: y0 as u16,
        width: (x1 - x0 + 1) as u16,
        height: (y1 - y0 + 1) as u16,
        buffer: Cow::Owned(buffer),
        ..Frame::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::raster::ink;

    /// Decodes `bytes` and paints each frame over the last, as a viewer does.
    fn play(bytes: &[u8]) -> (Vec<Vec<u8>>, Vec<u16>) {
        let mut opts = gif::DecodeOptions::new();
        opts.set_color_output(gif::ColorOutput::Indexed);
        let mut d = opts.read_info(bytes).unwrap();
        let (w, h) = (usize::from(d.width()), usize::from(d.height()));
        let mut screen = vec![0u8; w * h];
        let (mut frames, mut delays) = (Vec::new(), Vec::new());
        while let Some(f) = d.read_next_frame().unwrap() {
            for y in 0..usize::from(f.height) {
                for x in 0..usize::from(f.width) {
                    let p = f.buffer[y * usize::from(f.width) + x];
                    if Some(p) != f.transparent {
                        screen[(y + usize::from(f.top)) * w + x + usize::from(f.left)] = p;
                    }
                }
            }
            frames.push(screen.clone());
            delays.push(f.delay);
        }
        (frames, delays)
    }

    #[test]
    fn frames_play_back_as_drawn() {
        let mut canvases = vec![Canvas::new(6, 5, ink::PAPER)];
        let mut c = canvases[0].clone();
        c.fill(2, 1, 2, 3, ink::QUEEN);
        canvases.push(c.clone());
        canvases.push(c.clone()); // nothing changed
        c.fill(0, 4, 1, 1, ink::TEXT);
        canvases.push(c);
        let mut out = Vec::new();
        let mut g = GifWriter::new(&mut out, 6, 5, 120, "t").unwrap();
        for c in &canvases {
            g.frame(c).unwrap();
        }
        assert_eq!(g.finish(2000).unwrap(), 4);
        let (frames, delays) = play(&out);
        let want: Vec<Vec<u8>> = canvases.iter().map(|c| c.pixels().to_vec()).collect();
        assert_eq!(frames, want);
        assert_eq!(delays, [12, 12, 12, 200]);
    }

    #[test]
    fn a_frame_of_another_size_is_refused() {
        let mut out = Vec::new();
        let mut g = GifWriter::new(&mut out, 6, 5, 120, "t").unwrap();
        assert!(g.frame(&Canvas::new(5, 5, ink::PAPER)).is_err());
        assert!(GifWriter::new(Vec::new(), 70_000, 5, 120, "t").is_err());
    }
}
