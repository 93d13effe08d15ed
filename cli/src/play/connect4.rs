//! `zerosum connect4 play`.

use clap::Args;
use std::process::ExitCode;

/// Options of `zerosum connect4 play`.
#[derive(Args, Debug, Clone)]
pub struct PlayArgs {}

/// Runs `zerosum connect4 play`.
pub fn run(_args: PlayArgs) -> ExitCode {
    eprintln!("zerosum connect4 play: not implemented yet");
    ExitCode::FAILURE
}
