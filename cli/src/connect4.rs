//! `zerosum connect4 …` commands.

use clap::Subcommand;
use std::process::ExitCode;

/// Commands of `zerosum connect4`.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Play in the terminal (TUI, or plain line mode with --plain).
    Play(crate::play::connect4::PlayArgs),
    /// Solve positions read from standard input, one a line (not yet available).
    Solve,
}

/// Runs one `zerosum connect4` command.
pub fn run(command: Command) -> ExitCode {
    match command {
        Command::Play(args) => crate::play::connect4::run(args),
        Command::Solve => {
            eprintln!("zerosum connect4 solve: not implemented yet");
            ExitCode::FAILURE
        }
    }
}
