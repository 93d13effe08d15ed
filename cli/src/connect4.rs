//! `zerosum connect4 …` commands.
//!
//! Positions are read from standard input, one a line, in Pascal Pons' notation: the
//! columns played from the empty board, digits `1`–`7` (`4455`). One score may follow
//! the moves, so that his test files (`<moves> <score>`) can be piped in as they are; it
//! must lie in the range any score of the position can have, and any other text after the
//! moves is an error (`44 55` is not taken for `44`). A lone `-` stands for the empty
//! board (blank lines are skipped). Scores are in Pons'
//! convention: positive = the side to move wins, `22 − k` when with its `k`-th stone.

use crate::progress::Progress;
use clap::{Args, Subcommand};
use connect4::prelude::*;
use connect4::{Engine, Level, Limits, Position, Solver};
use std::process::ExitCode;

/// Commands of `zerosum connect4`.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Play in the terminal (TUI, or plain line mode with --plain).
    Play(crate::play::connect4::PlayArgs),
    /// Solve positions read from standard input, one a line (`<moves> [score]`, the
    /// score of Pons' test files being allowed and ignored):
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
            let mut progress = Progress::stderr();
            crate::lines::process_stdin(|line| {
                let (moves, position) = parse(line)?;
                let s = with_progress(&mut progress, &mut solver, moves, |s| {
                    s.try_solve(&position, args.weak)
                })
                .map_err(|e| e.to_string())?;
                Ok::<_, String>(format!("{moves} {}", s.score))
            })
        }
        Command::Analyze(args) => {
            let mut solver = Solver::with_table_log2(args.table_log2);
            let mut progress = Progress::stderr();
            crate::lines::process_stdin(|line| {
                let (moves, position) = parse(line)?;
                let scores = with_progress(&mut progress, &mut solver, moves, |s| {
                    s.analyze(&position, args.weak)
                })
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
                let mut progress = Progress::stderr();
                crate::lines::process_stdin(|line| {
                    let (moves, position) = parse(line)?;
                    let best = with_progress(&mut progress, &mut solver, moves, |s| {
                        s.best_move(&position)
                    })
                    .map_err(|e| e.to_string())?;
                    let (col, score) = best.ok_or("the game is over")?;
                    Ok::<_, String>(format!("{moves} {col} {score}"))
                })
            }
        },
    }
}

/// The move string of a line (`-` = the empty board) and its position; one trailing
/// score as in Pons' test files is allowed, any other text is an error.
fn parse(line: &str) -> Result<(&str, Position), String> {
    let l = connect4::parse_input_line(line).map_err(|e| e.to_string())?;
    Ok((l.moves, l.position))
}

/// Runs `work` under a progress task (a spinner with the node count on standard error
/// when it is a terminal and the solve takes more than a second; nothing otherwise).
fn with_progress<T>(
    progress: &mut Progress,
    solver: &mut Solver,
    moves: &str,
    work: impl FnOnce(&mut Solver) -> T,
) -> T {
    let label = format!("solving {}", if moves.is_empty() { "-" } else { moves });
    let task = progress.task(label, solver.nodes());
    solver.set_progress(task.counter());
    let result = work(solver);
    solver.set_progress(None);
    result
}
