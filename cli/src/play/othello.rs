//! `zerosum othello play`.

use clap::Args;
use std::process::ExitCode;

/// Options of `zerosum othello play`.
#[derive(Args, Debug, Clone)]
pub struct PlayArgs {}

/// Runs `zerosum othello play`.
pub fn run(_args: PlayArgs) -> ExitCode {
    eprintln!("zerosum othello play: not implemented yet");
    ExitCode::FAILURE
}
