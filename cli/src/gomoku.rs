//! `zerosum gomoku …` commands.

use clap::Subcommand;
use std::process::ExitCode;

/// Commands of `zerosum gomoku`.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Play in the terminal (TUI, or plain line mode with --plain).
    Play(crate::play::gomoku::PlayArgs),
    /// Solve positions read from standard input, one a line (not yet available).
    Solve,
}

/// Runs one `zerosum gomoku` command.
pub fn run(command: Command) -> ExitCode {
    match command {
        Command::Play(args) => crate::play::gomoku::run(args),
        Command::Solve => {
            eprintln!("zerosum gomoku solve: not implemented yet");
            ExitCode::FAILURE
        }
    }
}
