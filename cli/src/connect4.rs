//! `zerosum connect4 …` commands.
//!
//! Positions are read from standard input, one a line, in Pascal Pons' notation: the
//! columns played from the empty board, digits `1`–`7` (`4455`). Tokens after the first
//! are ignored, so his test files (`<moves> <score>`) can be piped in as they are. A lone
//! `-` stands for the empty board (blank lines are skipped). Scores are in Pons'
//! convention: positive = the side to move wins, `22 − k` when with its `k`-th stone.

use crate::limits::{ExactLimitArgs, LimitArgs, NOT_SOLVED, warn_far_beyond};
use clap::{Args, Subcommand};
use connect4::{Engine, Position, Solver};
use indicatif::{ProgressBar, ProgressStyle};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;
use zerosum::time::Budget;

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
    /// The engine's column: `<moves> bestmove <column> score <value> depth <plies> nodes
    /// <n> time <ms> pv <columns…>`. `--level perfect` is the exact solver (ties go to the centre;
    /// with --time-ms it gets half the time, then the score table searches); levels 1-14
    /// search the win-place score table.
    Bestmove(BestmoveArgs),
}

/// Stones below which an exact solve takes minutes (Pons: the empty board takes hours).
const FAR_BEYOND_STONES: u32 = 4;

/// Options of `solve` and `analyze`.
#[derive(Args, Debug, Clone)]
pub struct SolveArgs {
    /// Weak solve: only win (1), draw (0) or loss (-1); faster.
    #[arg(long)]
    weak: bool,
    #[command(flatten)]
    limits: ExactLimitArgs,
    /// Transposition-table memory in MiB, 64 to 4096 (rounded down to a power of two;
    /// 4 bytes an entry).
    #[arg(long, default_value_t = 64, value_name = "MIB", value_parser = clap::value_parser!(u64).range(64..=4096))]
    hash_mib: u64,
}

/// Options of `bestmove`.
#[derive(Args, Debug, Clone)]
pub struct BestmoveArgs {
    #[command(flatten)]
    limits: LimitArgs<connect4::Level>,
}

/// Runs one `zerosum connect4` command.
pub fn run(command: Command) -> ExitCode {
    match command {
        Command::Play(args) => crate::play::connect4::run(args),
        Command::Solve(args) => {
            let mut solver = Solver::with_table_log2(table_log2(args.hash_mib));
            crate::lines::process_stdin(|line| {
                let (moves, position) = parse(line)?;
                if position.moves() < FAR_BEYOND_STONES {
                    let what = format!("{} stones", position.moves());
                    warn_far_beyond(&args.limits, line, &what);
                }
                solver.set_budget(Some(Budget::new(&args.limits.limits())));
                let s = with_progress(&mut solver, moves, |s| s.try_solve(&position, args.weak));
                solver.set_budget(None);
                Ok::<_, String>(match s {
                    Ok(s) => format!("{moves} {}", s.score),
                    Err(_) => format!("{moves} {NOT_SOLVED}"),
                })
            })
        }
        Command::Analyze(args) => {
            let mut solver = Solver::with_table_log2(table_log2(args.hash_mib));
            crate::lines::process_stdin(|line| {
                let (moves, position) = parse(line)?;
                solver.set_budget(Some(Budget::new(&args.limits.limits())));
                let scores = with_progress(&mut solver, moves, |s| s.analyze(&position, args.weak));
                solver.set_budget(None);
                let Ok(scores) = scores else {
                    return Ok(format!("{moves} {NOT_SOLVED}"));
                };
                let cols: Vec<String> = scores
                    .iter()
                    .map(|s| s.map_or("x".to_string(), |v| v.to_string()))
                    .collect();
                Ok::<_, String>(format!("{moves} {}", cols.join(" ")))
            })
        }
        Command::Bestmove(args) => {
            let mut engine = Engine::default();
            crate::limits::bestmove(&mut engine, &args.limits, |line| {
                let (moves, position) = parse(line)?;
                Ok((moves.to_string(), position))
            })
        }
    }
}

/// The table's size as a power of two of 4-byte entries, from MiB (64 MiB = 2^24).
fn table_log2(mib: u64) -> u32 {
    63 - mib.leading_zeros() + 18
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
