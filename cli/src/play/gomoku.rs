//! `zerosum gomoku play`.

use clap::Args;
use std::process::ExitCode;

/// Options of `zerosum gomoku play`.
#[derive(Args, Debug, Clone)]
pub struct PlayArgs {}

/// Runs `zerosum gomoku play`.
pub fn run(_args: PlayArgs) -> ExitCode {
    eprintln!("zerosum gomoku play: not implemented yet");
    ExitCode::FAILURE
}
