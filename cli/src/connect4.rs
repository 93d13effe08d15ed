//! `zerosum connect4 …` commands.
//!
//! Positions are read from standard input, one a line, in Pascal Pons' notation: the
//! columns played from the empty board, digits `1`–`7` (`4455`). Tokens after the first
//! are ignored, so his test files (`<moves> <score>`) can be piped in as they are. A lone
//! `-` stands for the empty board (blank lines are skipped). Scores are in Pons'
//! convention: positive = the side to move wins, `22 − k` when with its `k`-th stone.

use clap::{Args, Subcommand};
use connect4::prelude::*;
use connect4::{Engine, Level, Limits, Position, Solver};
use indicatif::{ProgressBar, ProgressStyle};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

/// Commands of `zerosum connect4`.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Play in the terminal (TUI, or plain line mode with --plain).
    Play(crate::play::connect4::PlayArgs),
    /// Solve positions read from standard input, one a line (`<moves> [ignored…]`):
    /// prints `<moves> <score>` in Pons' convention (`--weak`: 1 win, 0 draw, -1 loss).
    Solve(SolveArgs),
    /// The score of every column: `<moves>` then seven scores, left to right (`x` for a
    /// column that cannot be played).
    Analyze(SolveArgs),
    /// The column to play: `<moves> <column> <score>` with `--exact` (the default; ties
    /// go to the centre), `<moves> <column>` with `--level N` (the seed's AI).
    Bestmove(BestmoveArgs),
}

/// Options of `solve` and `analyze`.
#[derive(Args, Debug, Clone)]
pub struct SolveArgs {
    /// Weak solve: only win (1), draw (0) or loss (-1); faster.
    #[arg(long)]
    weak: bool,
    /// Transposition table of 2^N entries of 4 bytes (24 = 64 MiB, 24..=30).
    #[arg(long, default_value_t = connect4::DEFAULT_TABLE_LOG2, value_name = "N")]
    table_log2: u32,
}

/// Options of `bestmove`.
#[derive(Args, Debug, Clone)]
pub struct BestmoveArgs {
    /// The seed's AI at this level (search depth in plies, 1 to 14).
    #[arg(long, value_name = "N", conflicts_with = "exact", value_parser = clap::value_parser!(u32).range(1..=Level::MAX as i64))]
    level: Option<u32>,
    /// Perfect play by the exact solver (the default).
    #[arg(long)]
    exact: bool,
}

/// Runs one `zerosum connect4` command.
pub fn run(command: Command) -> ExitCode {
    match command {
        Command::Play(args) => crate::play::connect4::run(args),
        Command::Solve(args) => {
            let mut solver = Solver::with_table_log2(args.table_log2);
            crate::lines::process_stdin(|line| {
                let (moves, position) = parse(line)?;
                let s = with_progress(&mut solver, moves, |s| s.try_solve(&position, args.weak))
                    .map_err(|e| e.to_string())?;
                Ok::<_, String>(format!("{moves} {}", s.score))
            })
        }
        Command::Analyze(args) => {
            let mut solver = Solver::with_table_log2(args.table_log2);
            crate::lines::process_stdin(|line| {
                let (moves, position) = parse(line)?;
                let scores = with_progress(&mut solver, moves, |s| s.analyze(&position, args.weak))
                    .map_err(|e| e.to_string())?;
                let cols: Vec<String> = scores
                    .iter()
                    .map(|s| s.map_or("x".to_string(), |v| v.to_string()))
                    .collect();
                Ok::<_, String>(format!("{moves} {}", cols.join(" ")))
            })
        }
        Command::Bestmove(args) => match args.level {
            Some(level) => {
                let mut ai = Engine::default();
                ai.set_level(Level::Depth(level as u8));
                crate::lines::process_stdin(|line| {
                    let (moves, position) = parse(line)?;
                    let col = ai
                        .think(&position, &Limits::default(), &mut |_| {})
                        .best_move
                        .ok_or("the game is over")?;
                    Ok::<_, String>(format!("{moves} {col}"))
                })
            }
            None => {
                let mut solver = Solver::new();
                crate::lines::process_stdin(|line| {
                    let (moves, position) = parse(line)?;
                    let best = with_progress(&mut solver, moves, |s| s.best_move(&position))
                        .map_err(|e| e.to_string())?;
                    let (col, score) = best.ok_or("the game is over")?;
                    Ok::<_, String>(format!("{moves} {col} {score}"))
                })
            }
        },
    }
}

/// The move string of a line (its first token; `-` = the empty board) and its position.
fn parse(line: &str) -> Result<(&str, Position), String> {
    let moves = line.split_whitespace().next().unwrap_or("");
    let text = if moves == "-" { "" } else { moves };
    let position = Position::from_moves(text).map_err(|e| e.to_string())?;
    Ok((moves, position))
}

/// Runs `work` with a spinner on standard error that appears once it has taken more than
/// a second (indicatif draws nothing when standard error is not a terminal).
fn with_progress<T>(solver: &mut Solver, moves: &str, work: impl FnOnce(&mut Solver) -> T) -> T {
    let counter = Arc::new(AtomicU64::new(solver.nodes()));
    let start_nodes = solver.nodes();
    solver.set_progress(Some(Arc::clone(&counter)));
    let (done, wait) = mpsc::channel::<()>();
    let label = if moves.is_empty() {
        "-".to_string()
    } else {
        moves.to_string()
    };
    let spinner = std::thread::spawn(move || {
        if wait.recv_timeout(Duration::from_secs(1)) != Err(RecvTimeoutError::Timeout) {
            return;
        }
        let bar = ProgressBar::new_spinner();
        if let Ok(style) = ProgressStyle::with_template("{spinner} [{elapsed_precise}] {msg}") {
            bar.set_style(style);
        }
        loop {
            let nodes = counter.load(Ordering::Relaxed).saturating_sub(start_nodes);
            bar.set_message(format!(
                "solving {label}: {:.1} M nodes",
                nodes as f64 / 1e6
            ));
            bar.tick();
            if wait.recv_timeout(Duration::from_millis(120)) != Err(RecvTimeoutError::Timeout) {
                break;
            }
        }
        bar.finish_and_clear();
    });
    let result = work(solver);
    drop(done);
    let _ = spinner.join();
    solver.set_progress(None);
    result
}
