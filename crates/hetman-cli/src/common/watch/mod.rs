//! `queens watch` and `knight watch`: the search animated in the terminal
//! (ratatui on crossterm), stepped forward and back on a
//! [`hetman::trace::Timeline`].
//!
//! [`app`] holds the state and what the keys do, [`draw`] draws a frame from
//! it (with the board's lines from `board`; the tests draw on ratatui's
//! `TestBackend`), and [`run`] is the loop that reads keys and the clock.

#[cfg(feature = "tui")]
pub mod app;
#[cfg(feature = "tui")]
mod board;
#[cfg(feature = "tui")]
pub mod code_panel;
#[cfg(feature = "tui")]
pub mod draw;
#[cfg(feature = "tui")]
pub mod look;
#[cfg(all(test, feature = "tui"))]
mod tests;

use anyhow::{bail, Result};
use clap::Args;
use hetman::trace::{KnightTrace, QueensTrace};
use std::io::IsTerminal;

#[cfg(feature = "tui")]
pub use app::App;
#[cfg(feature = "tui")]
use app::Key;
#[cfg(feature = "tui")]
use ratatui::crossterm::event::{self, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
#[cfg(feature = "tui")]
use std::time::{Duration, Instant};

/// How the animation looks.
#[derive(Debug, Args)]
pub struct LookArgs {
    /// Draw with ASCII characters only, without colour (NO_COLOR alone turns colour off).
    #[arg(long)]
    pub ascii: bool,
    #[command(flatten)]
    pub lang: crate::common::i18n::LangArg,
}

#[cfg_attr(not(feature = "tui"), allow(dead_code))] // read by the animation only
impl LookArgs {
    /// (ASCII only, colour): colour unless `--ascii` or NO_COLOR (set and not empty).
    pub fn resolve(&self) -> (bool, bool) {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        (self.ascii, !self.ascii && !no_color)
    }
}

/// Refuses to start when stdout is not a terminal, pointing at `instead`.
pub fn require_terminal(instead: &str) -> Result<()> {
    if !std::io::stdout().is_terminal() {
        bail!(
            "watch draws in a terminal, and standard output is not one; for the steps as text or JSON Lines use: {instead}"
        );
    }
    Ok(())
}

/// What is watched.
#[cfg_attr(not(feature = "tui"), allow(dead_code))] // read by the animation only
pub enum Subject<'b> {
    /// N queens.
    Queens(QueensTrace),
    /// A knight's search.
    Knight(KnightTrace<'b>),
}

/// Runs the animation of `subject` until the user quits.
#[cfg(feature = "tui")]
pub fn watch(subject: Subject<'_>, look: &LookArgs) -> Result<()> {
    let (ascii, color) = look.resolve();
    let mut app = match subject {
        Subject::Queens(t) => App::queens(t, ascii, color),
        Subject::Knight(t) => App::knight(t, ascii, color),
    }
    .in_lang(look.lang.lang());
    run(&mut app)
}

/// Without the `tui` feature there is no animation.
#[cfg(not(feature = "tui"))]
pub fn watch(_subject: Subject<'_>, _look: &LookArgs) -> Result<()> {
    bail!("this hetman was built without the `tui` feature: use trace instead, or rebuild with default features")
}

/// Frames a second while playing.
#[cfg(feature = "tui")]
const FPS: u64 = 30;

/// The key's meaning, if it has one.
#[cfg(feature = "tui")]
pub fn key_of(k: KeyEvent) -> Option<Key> {
    if k.modifiers.contains(KeyModifiers::CONTROL) && k.code == KeyCode::Char('c') {
        return Some(Key::Quit);
    }
    Some(match k.code {
        KeyCode::Char(d @ '0'..='9') => Key::Digit(d as u8 - b'0'),
        KeyCode::Enter => Key::Enter,
        KeyCode::Backspace => Key::Erase,
        KeyCode::Char('g') => Key::GoTo,
        KeyCode::Char('s') => Key::GoToSolution,
        KeyCode::Char('c') => Key::ToggleCode,
        KeyCode::Char('d') => Key::ToggleDialect,
        KeyCode::Char(' ') | KeyCode::Char('p') => Key::PlayPause,
        KeyCode::Right | KeyCode::Char('l') => Key::Forward,
        KeyCode::Left | KeyCode::Char('h') => Key::Back,
        KeyCode::Char('+') | KeyCode::Char('=') | KeyCode::Up => Key::Faster,
        KeyCode::Char('-') | KeyCode::Char('_') | KeyCode::Down => Key::Slower,
        KeyCode::Char('n') => Key::NextSolution,
        KeyCode::Char('q') | KeyCode::Esc => Key::Quit,
        _ => return None,
    })
}

#[cfg(feature = "tui")]
/// Runs the animation until the user quits. The terminal is restored on the
/// way out, on an error and on a panic (ratatui's hook).
pub fn run(app: &mut App) -> Result<()> {
    let mut terminal = ratatui::init();
    let result = event_loop(&mut terminal, app);
    ratatui::restore();
    result
}

#[cfg(feature = "tui")]
fn event_loop(terminal: &mut ratatui::DefaultTerminal, app: &mut App) -> Result<()> {
    let mut clock = Instant::now();
    loop {
        terminal.draw(|f| draw::draw(f, app))?;
        let wait = if app.playing {
            Duration::from_millis(1000 / FPS)
        } else {
            Duration::from_millis(250)
        };
        if event::poll(wait)? {
            match event::read()? {
                event::Event::Key(k) if k.kind != KeyEventKind::Release => {
                    if let Some(key) = key_of(k)
                        && !app.key(key)
                    {
                        return Ok(());
                    }
                }
                // A resize is drawn at the next turn of the loop.
                _ => {}
            }
        }
        let now = Instant::now();
        app.tick(now.duration_since(clock).as_millis() as u64);
        clock = now;
    }
}
