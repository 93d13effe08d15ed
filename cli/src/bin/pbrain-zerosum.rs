//! `pbrain-zerosum`: the zerosum Gomoku engine for Gomocup managers (piskvork, the
//! Gomocup judge): the Gomocup protocol on standard input/output, the same engine as
//! `zerosum gomoku pbrain`. Managers start it without arguments; `--help` and
//! `--version` answer and exit, any other argument is refused (exit 2).

use std::io::Write;
use std::process::ExitCode;

#[macro_use]
#[path = "../diag.rs"]
mod diag;

const USAGE: &str = "pbrain-zerosum: the zerosum Gomoku engine for Gomocup managers.
Usage: pbrain-zerosum   (no arguments: speaks the Gomocup protocol on standard input/output;
                         send START 15, then BEGIN or TURN x,y; END ends it;
                         a move takes up to 5 s until INFO timeout_turn MS is sent)
       pbrain-zerosum --help | --version";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        None => {}
        Some("-h" | "--help") => return answer(USAGE),
        Some("-V" | "--version") => {
            return answer(&format!("pbrain-zerosum {}", env!("CARGO_PKG_VERSION")));
        }
        Some(other) => {
            diag!("error: unexpected argument {other:?}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    }
    match gomoku::protocol::Brain::new().run_stdio() {
        Ok(()) => ExitCode::SUCCESS,
        // The manager went away (it closed our output): nobody is left to answer, and
        // the brain ends quietly, as `zerosum othello nboard` does when its GUI is gone.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            diag!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Prints `text` as a line: an output that cannot be written (a full disk) is an error
/// on standard error and a failure, not a panic (`println!` panicked, exit 101).
fn answer(text: &str) -> ExitCode {
    let mut out = std::io::stdout().lock();
    match writeln!(out, "{text}").and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            diag!("error: cannot write to standard output: {e}");
            ExitCode::FAILURE
        }
    }
}
