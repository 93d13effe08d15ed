//! `zerosum connect4 …` commands.
//!
//! Positions are read from standard input, one a line, in Pascal Pons' notation: the
//! columns played from the empty board, digits `1`–`7` (`4455`). One score may follow
//! the moves, so that his test files (`<moves> <score>`) can be piped in as they are; it
//! must lie in the range any score of the position can have, and any other text after the
//! moves is an error (`44 55` is not taken for `44`). A lone `-` stands for the empty
//! board (blank lines are skipped). Scores are in Pons'
//! convention: positive = the side to move wins, `22 − k` when with its `k`-th stone.

use crate::limits::{ExactLimitArgs, LimitArgs, NOT_SOLVED, warn_far_beyond};
use crate::progress::Progress;
use clap::{Args, Subcommand};
use connect4::{Engine, Position, Solver};
use std::process::ExitCode;
use zerosum::time::Budget;

/// Commands of `zerosum connect4`.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Play in the terminal (TUI, or plain line mode with --plain).
    Play(crate::play::CommonArgs),
    /// Solve positions read from standard input, one a line (`<moves> [score]`, a score
    /// as in Pons' test files allowed and ignored):
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
    /// 8 bytes an entry).
    #[arg(long, default_value_t = 64, value_name = "MIB", value_parser = clap::value_parser!(u64).range(64..=4096))]
    hash_mib: u64,
    /// Search threads sharing the table (Lazy SMP); default: all cores.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=256))]
    threads: Option<u16>,
}

impl SolveArgs {
    /// A solver with the table size and the threads asked for.
    fn solver(&self) -> Solver {
        let mut solver = Solver::with_table_log2(table_log2(self.hash_mib));
        solver.set_threads(self.threads.map_or_else(
            || std::thread::available_parallelism().map_or(1, |n| n.get()),
            usize::from,
        ));
        solver
    }
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
        Command::Play(args) => {
            crate::play::run(Ok(crate::play::connect4::ConnectFour::default()), &args)
        }
        Command::Solve(args) => {
            let mut solver = args.solver();
            let mut progress = Progress::stderr();
            crate::lines::process_stdin(|line| {
                let (moves, position) = parse(line)?;
                let in_book =
                    connect4::Book::shipped().is_some_and(|b| b.score(&position).is_some());
                if position.moves() < FAR_BEYOND_STONES && !in_book {
                    let what = format!("{} stones", position.moves());
                    warn_far_beyond(&args.limits, line, &what);
                }
                solver.set_budget(Some(Budget::new(&args.limits.limits())));
                let s = with_progress(&mut progress, &mut solver, moves, |s| {
                    s.try_solve(&position, args.weak)
                });
                solver.set_budget(None);
                Ok::<_, String>(match s {
                    Ok(s) => format!("{moves} {}", s.score),
                    Err(_) => format!("{moves} {NOT_SOLVED}"),
                })
            })
        }
        Command::Analyze(args) => {
            let mut solver = args.solver();
            let mut progress = Progress::stderr();
            crate::lines::process_stdin(|line| {
                let (moves, position) = parse(line)?;
                solver.set_budget(Some(Budget::new(&args.limits.limits())));
                let scores = with_progress(&mut progress, &mut solver, moves, |s| {
                    s.analyze(&position, args.weak)
                });
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

/// The table's size as a power of two of 8-byte entries, from MiB (64 MiB = 2^23).
fn table_log2(mib: u64) -> u32 {
    63 - mib.leading_zeros() + 17
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
