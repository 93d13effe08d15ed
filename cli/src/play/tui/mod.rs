//! The interactive terminal UI: ratatui over crossterm (its re-export).
//!
//! The AI searches on a worker thread ([`crate::play::worker`]); this loop redraws about
//! twenty times a second and handles keys and clicks meanwhile. The terminal is restored
//! on exit, on Ctrl-C (a key in raw mode), on panic (a panic hook), and on SIGTERM,
//! SIGHUP or SIGINT (`kill`, a closed terminal window): a thread of its own waits for
//! them, restores the terminal and ends the process with 128 + the signal's number, so
//! that it ends even when the event loop cannot run (the terminal gone, its input at an
//! end that the event poll never reports). Before, SIGTERM left the terminal on the
//! alternate screen with mouse reporting on.

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
    restore_on_termination_signals();
    let mut app = App::new(game, setup);
    let result = event_loop(&mut terminal, &mut app);
    let _ = execute!(io::stdout(), DisableMouseCapture);
    ratatui::restore();
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

/// Starts the thread that waits for SIGTERM, SIGHUP and SIGINT: on one it restores the
/// terminal (mouse reporting off, the main screen, cooked mode; writes to a terminal
/// that is gone fail quietly) and ends the process with 128 + the signal's number. It
/// does not wait for the event loop, which a closed terminal can keep from ever
/// returning (its input at an end, read again and again: the process spun, and with
/// the signals caught nothing but SIGKILL ended it). Where the handlers cannot be
/// installed (or off Unix) the signals keep their default action.
fn restore_on_termination_signals() {
    #[cfg(unix)]
    {
        use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
        let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGTERM, SIGHUP, SIGINT]) else {
            return;
        };
        let _ = std::thread::Builder::new()
            .name("signals".into())
            .spawn(move || {
                if let Some(signal) = signals.forever().next() {
                    // The cursor too, which only the terminal's drop shows again on a
                    // normal exit (a tester's report: the shell's cursor stayed
                    // hidden); errors unreported, the terminal may be gone (ratatui's
                    // `restore` printed "Failed to restore terminal").
                    let _ = execute!(
                        io::stdout(),
                        DisableMouseCapture,
                        ratatui::crossterm::cursor::Show
                    );
                    let _ = ratatui::try_restore();
                    std::process::exit(128 + signal);
                }
            });
    }
}

fn event_loop<G: PlayGame>(terminal: &mut DefaultTerminal, app: &mut App<G>) -> io::Result<()> {
    while !app.quit {
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
