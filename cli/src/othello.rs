//! `zerosum othello …` commands.

use clap::Subcommand;
use std::process::ExitCode;

/// Commands of `zerosum othello`.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Play in the terminal (TUI, or plain line mode with --plain).
    Play(crate::play::othello::PlayArgs),
    /// Solve positions read from standard input, one a line (not yet available).
    Solve,
}

/// Runs one `zerosum othello` command.
pub fn run(command: Command) -> ExitCode {
    match command {
        Command::Play(args) => crate::play::othello::run(args),
        Command::Solve => {
            eprintln!("zerosum othello solve: not implemented yet");
            ExitCode::FAILURE
        }
    }
}
