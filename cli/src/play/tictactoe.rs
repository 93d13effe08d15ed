//! `zerosum tictactoe play`.

use clap::Args;
use std::process::ExitCode;

/// Options of `zerosum tictactoe play`.
#[derive(Args, Debug, Clone)]
pub struct PlayArgs {}

/// Runs `zerosum tictactoe play`.
pub fn run(_args: PlayArgs) -> ExitCode {
    eprintln!("zerosum tictactoe play: not implemented yet");
    ExitCode::FAILURE
}
