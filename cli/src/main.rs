//! `zerosum`: play, solve and analyse two-player zero-sum games from the command line.
//!
//! `zerosum <game> <command> [options]`; see `zerosum --help` and
//! `zerosum <game> --help`.

use clap::{Parser, Subcommand};
use std::process::ExitCode;

mod connect4;
mod gomoku;
mod gomoku_match;
mod limits;
mod lines;
mod othello;
mod play;
mod progress;
mod tictactoe;

/// Game-playing AI for two-player zero-sum games with perfect information.
#[derive(Parser, Debug)]
#[command(name = "zerosum", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    game: GameCommand,
}

#[derive(Subcommand, Debug)]
enum GameCommand {
    /// Tic-tac-toe and m,n,k games: perfect play, four textbook search variants.
    #[command(name = "tictactoe", visible_alias = "ttt")]
    Tictactoe {
        #[command(subcommand)]
        command: tictactoe::Command,
    },
    /// Connect Four (7×6): exact solver in Pascal Pons' score convention, levelled AI.
    #[command(name = "connect4", visible_alias = "c4")]
    Connect4 {
        #[command(subcommand)]
        command: connect4::Command,
    },
    /// Othello (8×8): perft, exact endgame solver, evaluation-based play.
    Othello {
        #[command(subcommand)]
        command: othello::Command,
    },
    /// Gomoku (15×15 by default): threat-space search, alpha-beta, Gomocup protocol.
    Gomoku {
        #[command(subcommand)]
        command: gomoku::Command,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.game {
        GameCommand::Tictactoe { command } => tictactoe::run(command),
        GameCommand::Connect4 { command } => connect4::run(command),
        GameCommand::Othello { command } => othello::run(command),
        GameCommand::Gomoku { command } => gomoku::run(command),
    }
}

/// Reports a table of `--hash-mib` MiB that the system refused (`error: cannot allocate
/// …`, with the remedy) and gives the failing exit status.
fn table_refused(e: &zerosum::TableAllocError) -> ExitCode {
    eprintln!("error: {e} (try a smaller --hash-mib)");
    ExitCode::FAILURE
}
