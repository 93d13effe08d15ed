//! `zerosum`: play, solve and analyse two-player zero-sum games from the command line.
//!
//! `zerosum <game> <command> [options]`; see `zerosum --help` and
//! `zerosum <game> --help`.

use clap::{Parser, Subcommand};
use std::io::{self, Write};
use std::process::ExitCode;

#[macro_use]
mod diag;

mod connect4;
mod gomoku;
mod gomoku_match;
mod limits;
mod lines;
mod othello;
mod play;
mod progress;
mod tictactoe;
mod whole;

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
    /// Connect Four (7×6; other sizes for solve and analyze): exact solver in Pascal Pons'
    /// score convention, levelled AI.
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
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return clap_answer(&e),
    };
    match cli.game {
        GameCommand::Tictactoe { command } => tictactoe::run(command),
        GameCommand::Connect4 { command } => connect4::run(command),
        GameCommand::Othello { command } => othello::run(command),
        GameCommand::Gomoku { command } => gomoku::run(command),
    }
}

/// `one` when `n` is 1, else `many`: the noun a count takes (`1 node`, `2 nodes`).
fn noun(n: u64, one: &'static str, many: &'static str) -> &'static str {
    if n == 1 { one } else { many }
}

/// Reports a table of `--hash-mib` MiB that the system refused (`error: cannot allocate
/// …`, with the remedy) and gives the failing exit status. The size named is the
/// table's own: a table holds a power of two of its entries (3,072 MiB for 4,096 in
/// tic-tac-toe) and may add an alignment (1,026 MiB for 1,024 in Othello).
fn table_refused(e: &zerosum::TableAllocError) -> ExitCode {
    diag!(
        "error: {e} (try a smaller --hash-mib; a table's own size is a power of two of its entries, which can differ from the option)"
    );
    ExitCode::FAILURE
}

/// Prints what clap answered instead of a command — help, the version, or a usage error —
/// and gives its exit status (0 for help and the version, 2 for a usage error). Help or a
/// version that cannot be written (`zerosum --help > /dev/full`) is reported on standard
/// error with status 1, as coreutils do; before, clap's `exit` ignored the failed write
/// and the status was 0. A reader that went away (a broken pipe) is no failure.
fn clap_answer(e: &clap::Error) -> ExitCode {
    let printed = e.print().and_then(|()| {
        if e.use_stderr() {
            io::stderr().flush()
        } else {
            io::stdout().flush()
        }
    });
    match printed {
        Err(w) if !e.use_stderr() && w.kind() != io::ErrorKind::BrokenPipe => {
            diag!("error: cannot write to standard output: {w}");
            ExitCode::FAILURE
        }
        _ => ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2)),
    }
}
