//! `zerosum tictactoe …` commands.
//!
//! Positions are read from standard input, one a line: the 9-character form for 3×3
//! (`x`, `o`, `.`, row-major from the top-left, X moves first), or rows separated by `/`
//! for other sizes (optionally followed by ` k=K`), or the flat form of `--size` cells.
//! Moves are cell numbers, 1 = top-left, row by row.

use clap::{Args, Subcommand};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;
use tictactoe::variants::{self, Variant};
use tictactoe::{Board, Geometry, LineEvaluator, Mode, Score, Shape, Solver, SolverConfig};
use zerosum::search::{Limits, Searcher};

/// Commands of `zerosum tictactoe`.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Play in the terminal (TUI, or plain line mode with --plain).
    Play(crate::play::tictactoe::PlayArgs),
    /// Solve positions read from standard input, one a line: prints `<position> <value>`,
    /// value 1 (the side to move wins), 0 (draw) or -1 (it loses) under perfect play.
    Solve(SolveArgs),
    /// The value of every legal move: `<position> <cell>:<value> …` (cells 1 = top-left).
    Analyze(SolveArgs),
    /// The move perfect play chooses (the fastest win, the slowest loss):
    /// `<position> <cell> <value>`. With --depth,
    /// --time-ms or --nodes, a depth-limited search with the open-lines evaluation
    /// instead (for boards too large to solve): `<position> <cell> <score>`.
    Bestmove(BestmoveArgs),
    /// The four textbook search variants A–D (full tree, win cut-off, alpha-beta, immediate
    /// threats) and ours on each position: nodes counted per position created, and move.
    Variants(BoardArgs),
}

/// Which board the input positions are on.
#[derive(Args, Debug, Clone)]
pub struct BoardArgs {
    /// Board size COLSxROWS (e.g. 4x4, 5x4). Without it, each line's own form decides:
    /// 9 characters for 3x3, or rows separated by '/'.
    #[arg(long, value_name = "COLSxROWS")]
    size: Option<String>,
    /// Stones in a row to win (default: the smaller side of --size).
    #[arg(long, value_name = "K")]
    k: Option<u32>,
    /// Transposition-table size in MiB.
    #[arg(long, default_value_t = 64, value_name = "MIB")]
    hash: usize,
}

/// Options of `solve`, `analyze` and `bestmove`.
#[derive(Args, Debug, Clone)]
pub struct SolveArgs {
    #[command(flatten)]
    board: BoardArgs,
    /// Also print the number of plies to the end of the game under perfect play (the
    /// winner hurrying, the loser delaying; a draw fills the board).
    #[arg(long)]
    distance: bool,
}

/// Options of `bestmove`.
#[derive(Args, Debug, Clone)]
pub struct BestmoveArgs {
    #[command(flatten)]
    solve: SolveArgs,
    /// Search depth in plies (iterative deepening with the evaluation).
    #[arg(long)]
    depth: Option<u32>,
    /// Time budget per position in milliseconds.
    #[arg(long, value_name = "MS")]
    time_ms: Option<u64>,
    /// Node budget per position.
    #[arg(long)]
    nodes: Option<u64>,
}

impl BestmoveArgs {
    /// The search limits, if any was given.
    fn limits(&self) -> Option<Limits> {
        if self.depth.is_none() && self.time_ms.is_none() && self.nodes.is_none() {
            return None;
        }
        Some(Limits {
            depth: self.depth,
            nodes: self.nodes,
            time: self.time_ms.map(Duration::from_millis),
            ..Limits::default()
        })
    }
}

impl BoardArgs {
    /// The geometry asked for by `--size`/`--k`, if any.
    fn geometry(&self) -> Result<Option<Arc<Geometry>>, String> {
        match (&self.size, self.k) {
            (None, None) => Ok(None),
            (size, k) => {
                let size = size.as_deref().unwrap_or("3x3");
                let probe: Shape = size.parse().map_err(|e| format!("--size: {e}"))?;
                let shape = Shape::parse_size(size, k.unwrap_or(probe.k))
                    .map_err(|e| format!("--size/--k: {e}"))?;
                Ok(Some(Geometry::of(shape)))
            }
        }
    }
}

fn parse(text: &str, geo: &Option<Arc<Geometry>>) -> Result<Board, String> {
    match geo {
        Some(g) => Board::parse_in(text, g),
        None => Board::parse(text),
    }
    .map_err(|e| e.to_string())
}

/// `1`, `0` or `-1`, and with `distance` the plies to the end.
fn value_text(v: Score, board: &Board, distance: bool) -> String {
    let plies = v.plies_to_end().unwrap_or(board.empty_count());
    if distance {
        format!("{} {plies}", v.signum())
    } else {
        v.signum().to_string()
    }
}

/// A search score: `win:N` / `loss:N` (plies to the end) when proven, else the
/// evaluation for the side to move as a signed number.
fn score_text(v: Score) -> String {
    match v.plies_to_end() {
        Some(n) if v.is_win() => format!("win:{n}"),
        Some(n) => format!("loss:{n}"),
        None => format!("{:+}", v.0),
    }
}

fn move_value_text(v: Score, board: &Board, distance: bool) -> String {
    // `v` is for the side to move at `board`; a draw fills the board.
    let plies = v.plies_to_end().unwrap_or(board.empty_count());
    if distance {
        format!("{}:{plies}", v.signum())
    } else {
        v.signum().to_string()
    }
}

fn solver(args: &SolveArgs) -> Solver {
    let mode = if args.distance {
        Mode::Distance
    } else {
        Mode::Outcome
    };
    Solver::new(SolverConfig {
        mode,
        tt_mib: args.board.hash,
        ..SolverConfig::default()
    })
}

fn with_geometry(
    args: &BoardArgs,
    body: impl FnOnce(Option<Arc<Geometry>>) -> ExitCode,
) -> ExitCode {
    match args.geometry() {
        Ok(geo) => body(geo),
        Err(e) => {
            eprintln!("zerosum tictactoe: {e}");
            ExitCode::from(2)
        }
    }
}

/// Runs one `zerosum tictactoe` command.
pub fn run(command: Command) -> ExitCode {
    match command {
        Command::Play(args) => crate::play::tictactoe::run(args),
        Command::Solve(args) => with_geometry(&args.board, |geo| {
            let mut solver = solver(&args);
            crate::lines::process_stdin(|line| {
                let board = parse(line, &geo)?;
                let s = solver.solve(&board);
                Ok::<_, String>(format!(
                    "{line} {}",
                    value_text(s.value, &board, args.distance)
                ))
            })
        }),
        Command::Analyze(args) => with_geometry(&args.board, |geo| {
            let mut solver = solver(&args);
            crate::lines::process_stdin(|line| {
                let board = parse(line, &geo)?;
                let (moves, _) = solver.analyze(&board);
                if moves.is_empty() {
                    return Ok(format!("{line} (game over)"));
                }
                let list: Vec<String> = moves
                    .iter()
                    .map(|(m, v)| format!("{m}:{}", move_value_text(*v, &board, args.distance)))
                    .collect();
                Ok::<_, String>(format!("{line} {}", list.join(" ")))
            })
        }),
        Command::Bestmove(args) => with_geometry(&args.solve.board, |geo| {
            let limits = args.limits();
            // Always exact distances: the winner takes the fastest win, the loser the
            // slowest loss.
            let mut solver = solver(&SolveArgs {
                distance: true,
                ..args.solve.clone()
            });
            let mut searcher = Searcher::<Board>::new(args.solve.board.hash);
            crate::lines::process_stdin(|line| {
                let board = parse(line, &geo)?;
                if let Some(limits) = &limits {
                    let r = searcher.search(&mut board.clone(), &mut LineEvaluator, limits, |_| {});
                    let mv = r.best_move.ok_or_else(|| "the game is over".to_string())?;
                    return Ok(format!("{line} {mv} {}", score_text(r.score)));
                }
                let s = solver.solve(&board);
                let mv = s.best_move.ok_or_else(|| "the game is over".to_string())?;
                Ok::<_, String>(format!(
                    "{line} {mv} {}",
                    value_text(s.value, &board, args.solve.distance)
                ))
            })
        }),
        Command::Variants(args) => with_geometry(&args, |geo| {
            crate::lines::process_stdin(|line| {
                let board = parse(line, &geo)?;
                if board.empty_count() > 10 {
                    return Err(
                        "variants A-D build whole game trees: at most 10 empty cells".to_string(),
                    );
                }
                let mut out = line.to_string();
                let shown =
                    |m: Option<tictactoe::Cell>| m.map_or("-".to_string(), |c| c.to_string());
                for v in Variant::ALL {
                    let r = variants::run(v, &board);
                    out += &format!(" {v}:{}@{}", r.nodes, shown(r.best_move));
                }
                let s = Solver::new(SolverConfig {
                    tt_mib: args.hash.min(16),
                    ..SolverConfig::default()
                })
                .solve(&board);
                out += &format!(" ours:{}@{}", s.nodes, shown(s.best_move));
                Ok(out)
            })
        }),
    }
}
