//! The interactive terminal UI: ratatui over crossterm (its re-export).
//!
//! The AI searches on a worker thread ([`crate::play::worker`]); this loop redraws about
//! twenty times a second and handles keys and clicks meanwhile. The terminal is restored
//! on exit, on Ctrl-C (a key in raw mode), on panic (a panic hook), and on SIGTERM,
//! SIGHUP or SIGINT (`kill`, a closed terminal window: the loop sees the signal within
//! its 50 ms tick, restores the terminal and exits with 128 + the signal's number; before,
//! SIGTERM left the terminal on the alternate screen with mouse reporting on).

pub mod app;
pub mod dialog;
pub mod draw;
#[cfg(test)]
mod tests;

use super::PlayGame;
use super::options::Setup;
use app::App;
use ratatui::DefaultTerminal;
use ratatui::crossterm::event::{
    self, DisableMouseCapture, EnableMouseCapture, Event, KeyEventKind,
};
use ratatui::crossterm::execute;
use std::io;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

/// Runs the TUI until the user quits; prints the last result (if any) afterwards.
pub fn run<G: PlayGame>(game: G, setup: Setup) -> ExitCode {
    // Our hook runs after ratatui's (which restores raw mode and the screen): it turns
    // mouse reporting off, then the default hook prints the panic.
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let _ = execute!(io::stdout(), DisableMouseCapture);
        default_hook(info);
    }));
    let mut terminal = match ratatui::try_init() {
        Ok(t) => t,
        Err(e) => {
            ratatui::restore();
            diag!("error: cannot open the terminal UI ({e}); try --plain");
            return ExitCode::FAILURE;
        }
    };
    let _ = execute!(io::stdout(), EnableMouseCapture);
    let signal = termination_signal();
    let mut app = App::new(game, setup);
    let result = event_loop(&mut terminal, &mut app, &signal);
    let _ = execute!(io::stdout(), DisableMouseCapture);
    ratatui::restore();
    let signalled = signal.load(Ordering::Relaxed);
    if signalled != 0 {
        return ExitCode::from(128 + u8::try_from(signalled).unwrap_or(0));
    }
    match result {
        Ok(()) if !app.session.is_running() => {
            print_result(&mut io::stdout(), &app.session.game.result_text())
        }
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            diag!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Writes the finished game's `result: …` line, once the screen is restored, and gives
/// the exit status. A terminal that cannot take it is reported on standard error (with
/// the failing status, as plain mode reports an output it cannot write); a reader gone
/// (a broken pipe) is no failure. `println!` panicked there (exit 101).
fn print_result(out: &mut impl io::Write, result: &str) -> ExitCode {
    match writeln!(out, "result: {result}").and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            diag!("error: cannot write the result: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The number of the termination signal received (0 while none): SIGTERM, SIGHUP and
/// SIGINT set it instead of ending the process, so that the loop can restore the
/// terminal first. Where the handlers cannot be installed (or off Unix) it stays 0.
fn termination_signal() -> Arc<AtomicUsize> {
    let signal = Arc::new(AtomicUsize::new(0));
    #[cfg(unix)]
    for s in [
        signal_hook::consts::SIGTERM,
        signal_hook::consts::SIGHUP,
        signal_hook::consts::SIGINT,
    ] {
        let _ = signal_hook::flag::register_usize(s, Arc::clone(&signal), s as usize);
    }
    signal
}

fn event_loop<G: PlayGame>(
    terminal: &mut DefaultTerminal,
    app: &mut App<G>,
    signal: &AtomicUsize,
) -> io::Result<()> {
    while !app.quit && signal.load(Ordering::Relaxed) == 0 {
        app.tick();
        terminal.draw(|frame| draw::draw(app, frame))?;
        if event::poll(Duration::from_millis(50))? {
            match event::read()? {
                Event::Key(key) if key.kind == KeyEventKind::Press => app.handle_key(key),
                Event::Mouse(mouse) => app.handle_mouse(mouse),
                _ => {}
            }
        }
    }
    Ok(())
}

/// Draws `app` on a `width`×`height` test terminal and returns the screen as text (for
/// snapshot tests).
#[cfg(test)]
pub fn render_to_string<G: PlayGame>(app: &mut App<G>, width: u16, height: u16) -> String {
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("test terminal");
    terminal.draw(|frame| draw::draw(app, frame)).expect("draw");
    terminal.backend().to_string()
}

/// Draws `app` on a `width`×`height` test terminal and returns its cells, styles
/// included (for tests of colours and highlights).
#[cfg(test)]
pub fn render_to_buffer<G: PlayGame>(
    app: &mut App<G>,
    width: u16,
    height: u16,
) -> ratatui::buffer::Buffer {
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("test terminal");
    terminal.draw(|frame| draw::draw(app, frame)).expect("draw");
    terminal.backend().buffer().clone()
}
