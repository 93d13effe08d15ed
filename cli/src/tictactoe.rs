//! `zerosum tictactoe …` commands.

use clap::Subcommand;
use std::process::ExitCode;

/// Commands of `zerosum tictactoe`.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Play in the terminal (TUI, or plain line mode with --plain).
    Play(crate::play::tictactoe::PlayArgs),
    /// Solve positions read from standard input, one a line (not yet available).
    Solve,
}

/// Runs one `zerosum tictactoe` command.
pub fn run(command: Command) -> ExitCode {
    match command {
        Command::Play(args) => crate::play::tictactoe::run(args),
        Command::Solve => {
            eprintln!("zerosum tictactoe solve: not implemented yet");
            ExitCode::FAILURE
        }
    }
}
