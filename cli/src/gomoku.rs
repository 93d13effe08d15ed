//! `zerosum gomoku …` commands.

use clap::Subcommand;
use gomoku::vcf::VcfSolver;
use gomoku::{Board, Engine, Notation};
use std::process::ExitCode;
use std::time::Duration;
use zerosum::search::Limits;

/// Commands of `zerosum gomoku`.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Play in the terminal (TUI, or plain line mode with --plain).
    Play(crate::play::gomoku::PlayArgs),
    /// Reads positions (`15f:h8i7e9`, or a bare move list for 15x15 freestyle) from
    /// standard input, one a line, and prints whether the side to move has a forced win by
    /// continuous fours (VCF) and the proof line.
    Solve {
        /// Attacker positions the VCF search may visit per position.
        #[arg(long, default_value_t = 500_000)]
        nodes: u64,
    },
    /// Reads positions from standard input and prints the move the engine plays, its
    /// score, depth, nodes and principal variation.
    Bestmove {
        /// Time budget per position in milliseconds (default 1000 unless --nodes or
        /// --depth is given).
        #[arg(long)]
        time_ms: Option<u64>,
        /// Node budget per position (reproducible).
        #[arg(long)]
        nodes: Option<u64>,
        /// Deepest iteration in plies.
        #[arg(long)]
        depth: Option<u32>,
    },
    /// Speaks the Gomocup protocol on standard input/output (the `pbrain-zerosum` engine).
    Pbrain,
    /// Plays a match between two Gomocup engines from openings, colours swapped in pairs.
    Match(crate::gomoku_match::MatchArgs),
}

/// Runs one `zerosum gomoku` command.
pub fn run(command: Command) -> ExitCode {
    match command {
        Command::Play(args) => crate::play::gomoku::run(args),
        Command::Solve { nodes } => {
            let mut solver = VcfSolver::default();
            crate::lines::process_stdin(|line| -> Result<String, String> {
                let mut board = Board::parse_position(line).map_err(|e| e.to_string())?;
                if let Some(o) = zerosum::Game::outcome(&board) {
                    return Err(format!("the game is over ({})", outcome_text(o)));
                }
                Ok(match solver.solve(&mut board, 60, nodes) {
                    Some(l) => {
                        let moves: Vec<String> = l.iter().map(|c| c.to_string()).collect();
                        format!("{board} vcf win in {}: {}", l.len(), moves.join(" "))
                    }
                    None => format!("{board} no vcf"),
                })
            })
        }
        Command::Bestmove {
            time_ms,
            nodes,
            depth,
        } => {
            let time = match (time_ms, nodes, depth) {
                (Some(t), _, _) => Some(Duration::from_millis(t)),
                (None, None, None) => Some(Duration::from_millis(1000)),
                _ => None,
            };
            let limits = Limits {
                time,
                nodes,
                depth,
                ..Limits::default()
            };
            let mut engine = Engine::new(64);
            crate::lines::process_stdin(|line| -> Result<String, String> {
                let board = Board::parse_position(line).map_err(|e| e.to_string())?;
                if let Some(o) = zerosum::Game::outcome(&board) {
                    return Err(format!("the game is over ({})", outcome_text(o)));
                }
                let info = engine.search(&board, &limits);
                let best = info.best.ok_or("no move")?;
                let pv: Vec<String> = info.pv.iter().map(|c| c.to_string()).collect();
                Ok(format!(
                    "{board} bestmove {best} ({}) score {} depth {} nodes {} pv {}",
                    best.to_xy(),
                    info.score,
                    info.depth,
                    info.nodes,
                    pv.join(" ")
                ))
            })
        }
        Command::Pbrain => pbrain(),
        Command::Match(args) => crate::gomoku_match::run(args),
    }
}

/// Runs the Gomocup protocol on standard input/output until `END`.
pub fn pbrain() -> ExitCode {
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    match gomoku::protocol::Brain::new().run(stdin.lock(), &mut stdout.lock()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("pbrain: {e}");
            ExitCode::FAILURE
        }
    }
}

/// A finished game's outcome in words: `black won`, `white won`, `draw`.
fn outcome_text(outcome: zerosum::Outcome) -> &'static str {
    match outcome {
        zerosum::Outcome::Win(zerosum::Side::First) => "black won",
        zerosum::Outcome::Win(zerosum::Side::Second) => "white won",
        zerosum::Outcome::Draw => "draw",
    }
}
