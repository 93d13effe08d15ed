//! `pbrain-zerosum`: the zerosum Gomoku engine for Gomocup managers (piskvork, the
//! Gomocup judge): the Gomocup protocol on standard input/output, the same engine as
//! `zerosum gomoku pbrain`.

use std::process::ExitCode;

fn main() -> ExitCode {
    match gomoku::protocol::Brain::new().run_stdio() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
