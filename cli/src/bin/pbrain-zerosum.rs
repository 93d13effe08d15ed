//! `pbrain-zerosum`: the zerosum Gomoku engine for Gomocup managers (piskvork, the
//! Gomocup judge): the Gomocup protocol on standard input/output, the same engine as
//! `zerosum gomoku pbrain`.

use std::process::ExitCode;

fn main() -> ExitCode {
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    match gomoku::protocol::Brain::new().run(stdin.lock(), &mut stdout.lock()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
