//! `zerosum tictactoe …` commands.
//!
//! Positions are read from standard input, one a line: the 9-character form for 3×3
//! (`x`, `o`, `.`, row-major from the top-left, X moves first), or rows separated by `/`
//! for other sizes (optionally followed by ` k=K`), or the flat form of `--size` cells.
//! Moves are cell numbers, 1 = top-left, row by row.

use crate::limits::{
    ExactLimitArgs, FAR_BEYOND_OUTLOOK, LimitArgs, NOT_SOLVED, solve_each_move, warn_far_beyond,
};
use crate::progress::Progress;
use clap::{Args, Subcommand};
use std::process::ExitCode;
use std::sync::Arc;
use tictactoe::variants::{self, Variant};
use tictactoe::{Board, Geometry, Mode, Score, Shape, Solver, SolverConfig};
use zerosum::Game as _;

/// Commands of `zerosum tictactoe`.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Play in the terminal (TUI, or plain line mode with --plain). Levels 1-5 or
    /// `perfect` (the default up to 16 cells, 4x4; on larger boards 2 s a move, exact
    /// whenever the solver finishes within half of it).
    #[command(mut_arg("level", |a| crate::play::options::level_arg_defaulting::<tictactoe::Level>(
        a,
        &crate::play::tictactoe::default_text(),
    )))]
    Play {
        #[command(flatten)]
        common: crate::play::CommonArgs,
        /// Board size COLSxROWS (at most 64 cells; default 3x3), or COLSxROWSxK with the
        /// stones in a row to win (as --k, which must then agree). With --position, the
        /// position is read on this board (the flat form of its cells, or rows that
        /// must agree with it), as `bestmove --size` reads its lines.
        #[arg(long, value_name = "COLSxROWS", allow_hyphen_values = true)]
        size: Option<String>,
        /// Stones in a row to win (default: the smaller side). With --position, a
        /// position's own ` k=K` must agree with it.
        #[arg(long, allow_negative_numbers = true, value_parser = crate::whole::whole::<u32>(1, 64))]
        k: Option<u32>,
    },
    /// Solve positions read from standard input, one a line: prints `<position> <value>`,
    /// value 1 (the side to move wins), 0 (draw) or -1 (it loses) under perfect play.
    Solve(SolveArgs),
    /// The value of every legal move: `<position> <cell>:<value> …` (cells 1 = top-left);
    /// with --distance `<cell>:<value>:<plies>`, the plies to the end counted from before
    /// that move (the move included).
    Analyze(SolveArgs),
    /// The engine's move: `<position> bestmove <cell> score <value> depth <plies> nodes
    /// <n> time <ms> pv <cells…>`. By default perfect play (the fastest win, the slowest loss); a
    /// level searches with the open-lines evaluation; with --time-ms or --nodes the
    /// exact solve that does not finish within half the budget hands over to the search.
    /// A finished game: `<position> bestmove none game over <value>`; `score none` at depth 0: no search gave a value (a level that plays its first choice without one, or a limit that ended before the first iteration).
    Bestmove(BestmoveArgs),
    /// The four textbook search variants A–D (full tree, win cut-off, alpha-beta, immediate
    /// threats) and ours on each position: nodes counted per position created, and move.
    /// Variants A–D build whole game trees: a position with more than 10 empty cells
    /// (any board size) is refused, named on standard error.
    Variants(BoardArgs),
}

/// Empty cells beyond which an exact solve may take minutes (5×5 with k = 5 and more;
/// a quick solve first spares the easy ones the warning).
const FAR_BEYOND_EMPTIES: u32 = 22;

/// Which board the input positions are on.
#[derive(Args, Debug, Clone)]
pub struct BoardArgs {
    /// Board size COLSxROWS (e.g. 4x4, 5x4), or COLSxROWSxK with the stones in a row to
    /// win (as --k, which must then agree). Without it, each line's own form decides:
    /// 9 characters for 3x3, or rows separated by '/'.
    #[arg(long, value_name = "COLSxROWS", allow_hyphen_values = true)]
    size: Option<String>,
    /// Stones in a row to win (default: the smaller side of the board). Without --size it
    /// applies to each line's own board, and a line's own ` k=K` must agree.
    #[arg(long, value_name = "K", allow_negative_numbers = true,
          value_parser = crate::whole::whole::<u32>(1, 64))]
    k: Option<u32>,
    /// Transposition-table memory in MiB of each table, 1 to 4096: `solve` and `analyze`
    /// have one (the solver's); `bestmove` has the solver's and the search's, and at
    /// level perfect with no limit a third for the quick solve that decides the slow-solve
    /// warning, so up to three times this; `variants` uses at most 16. Each table is
    /// written through when made (a large one takes seconds).
    #[arg(long, default_value_t = 16, value_name = "MIB", allow_negative_numbers = true,
          value_parser = crate::whole::whole::<u64>(1, 4096))]
    hash_mib: u64,
}

/// Options of `solve`, `analyze` and `bestmove`.
#[derive(Args, Debug, Clone)]
pub struct SolveArgs {
    #[command(flatten)]
    board: BoardArgs,
    #[command(flatten)]
    limits: ExactLimitArgs,
    /// Also print the number of plies to the end of the game under perfect play (the
    /// winner hurrying, the loser delaying; a draw fills the board).
    #[arg(long)]
    distance: bool,
    /// Win, draw or loss only (1, 0, -1). That is already the form without --distance;
    /// the option is taken so that a script may pass it as to Connect Four's and
    /// Othello's `solve --weak`.
    #[arg(long, conflicts_with = "distance")]
    weak: bool,
}

/// Options of `bestmove`.
#[derive(Args, Debug, Clone)]
pub struct BestmoveArgs {
    #[command(flatten)]
    board: BoardArgs,
    #[command(flatten)]
    limits: LimitArgs<tictactoe::Level>,
}

/// How the boards of the input lines are read, from `--size` and `--k`.
enum BoardForm {
    /// Each line's own form: 9 characters for 3×3, or rows separated by `/` with an
    /// optional ` k=K`.
    Own,
    /// Each line's own size, with `k` stones in a row to win (a line's own ` k=K` must
    /// agree, and `k` must fit the line's board).
    OwnSize { k: u32 },
    /// The `--size` board (with `--k`, or the smaller side).
    Fixed(Arc<Geometry>),
}

impl BoardArgs {
    /// The board form asked for by `--size`/`--k`; an error names a bad `--size`, or a
    /// `--k` that does not fit it.
    fn form(&self) -> Result<BoardForm, String> {
        board_form(self.size.as_deref(), self.k)
    }
}

/// The board form asked for by `--size`/`--k` (`bestmove`'s, and `play`'s with
/// `--position`); an error names a bad `--size`, or a `--k` that does not fit it.
fn board_form(size: Option<&str>, k: Option<u32>) -> Result<BoardForm, String> {
    match (size, k) {
        (None, None) => Ok(BoardForm::Own),
        (None, Some(k)) if k >= 1 => Ok(BoardForm::OwnSize { k }),
        (None, Some(k)) => Err(format!("--k: k = {k} (need k >= 1)")),
        (Some(_), k) => Ok(BoardForm::Fixed(Geometry::of(shape_of(size, k)?))),
    }
}

/// The board of `--size` (default 3x3; `COLSxROWS`, or `COLSxROWSxK` with its own
/// `k`) with `--k` (default the size's own `k`, else the smaller side); an error names
/// the option that is wrong: `--size`, `--k`, or both when `--k` does not fit the
/// `--size` board or differs from the `k` written in it.
fn shape_of(size: Option<&str>, k: Option<u32>) -> Result<Shape, String> {
    let text = size.unwrap_or("3x3");
    let probe: Shape = text.parse().map_err(|e| format!("--size: {e}"))?;
    let Some(k) = k else {
        return Ok(probe);
    };
    let option = if size.is_some() { "--size/--k" } else { "--k" };
    let own_k = text.contains(" k=") || text.split(['x', 'X', '×']).count() == 3;
    if own_k && probe.k != k {
        return Err(format!(
            "--size/--k: the size {text:?} has k = {}, --k is {k}",
            probe.k
        ));
    }
    Shape::new(probe.cols, probe.rows, k).map_err(|e| format!("{option}: {e}"))
}

/// The board of one input line, read as `form` says; the error names what is wrong.
fn parse(text: &str, form: &BoardForm) -> Result<Board, String> {
    match form {
        BoardForm::Own => Board::parse(text).map_err(|e| e.to_string()),
        BoardForm::Fixed(geo) => Board::parse_in(text, geo).map_err(|e| e.to_string()),
        // The line's size with `--k`, checked under that k alone (a fuzzer's report:
        // `x.o./` with `--k 2` was refused as "both sides have a line" under the line's
        // own default k = 1).
        BoardForm::OwnSize { k } => Board::parse_with_k(text, *k).map_err(|e| e.to_string()),
    }
}

/// `1`, `0` or `-1` (`v` is for the side to move at `board`), and with `distance` the
/// plies to the end after `separator` (a draw fills the board).
fn value_text(v: Score, board: &Board, distance: bool, separator: char) -> String {
    let plies = v.plies_to_end().unwrap_or(board.empty_count());
    if distance {
        format!("{}{separator}{plies}", v.signum())
    } else {
        v.signum().to_string()
    }
}

/// Nodes of the quick solve tried before warning: a large board whose `k` makes it easy
/// (5×5 with k = 4 takes about a million nodes) is solved within them and gets no
/// warning; its result stays in the solver's table for the real solve.
const QUICK_SOLVE_NODES: u64 = 4_000_000;

/// Warns when `board` has so many empty cells that an unbounded exact solve may take
/// minutes to hours, unless a quick solve of [`QUICK_SOLVE_NODES`] finishes it (of each
/// move's board with `every_move`, see [`far_beyond`]).
fn warn_if_far_beyond(
    solver: &mut Solver,
    board: &Board,
    limits: &ExactLimitArgs,
    line: &str,
    every_move: bool,
) {
    if limits.unbounded()
        && let Some(what) = far_beyond(solver, board, every_move)
    {
        warn_far_beyond(limits, line, &what, FAR_BEYOND_OUTLOOK);
    }
}

/// The estimated nodes beyond which a numbered level's search is worth a warning: about
/// ten seconds at the 3.5 million nodes a second measured here (level 5, 9 plies, on the
/// empty 7×7 with k = 5: 45 million nodes, 12.6 s; on the empty 6×6: 9–14 million, 2 s).
const LEVEL_SLOW_NODES: f64 = 3.0e7;

/// Warns when level `level` (searching `2·level − 1` plies of every empty cell) may take
/// far more than seconds on `board`: its estimated nodes, the empty cells to the power
/// of half the plies (a well-ordered alpha-beta tree), above [`LEVEL_SLOW_NODES`] (a
/// tester's report: level 5 on the empty 8×8 with k = 5 took 162 s with no word).
fn warn_if_level_slow(board: &Board, level: u8, line: &str) {
    if let Some((plies, empties)) = level_slow(board, level) {
        diag!(
            "warning: {line}: level {level} searches {plies} plies of every empty cell: with \
             {empties} empty cells that can take minutes (--time-ms or --nodes bound it)"
        );
    }
}

/// The plies and empty cells of [`warn_if_level_slow`]'s warning, `None` when level
/// `level`'s search of `board` is estimated at most [`LEVEL_SLOW_NODES`] nodes.
fn level_slow(board: &Board, level: u8) -> Option<(u32, u32)> {
    let plies = 2 * u32::from(level.max(1)) - 1;
    let empties = board.empty_count();
    (f64::from(empties).powf(f64::from(plies) / 2.0) > LEVEL_SLOW_NODES).then_some((plies, empties))
}

/// Why an unbounded exact solve of `board` may take minutes to hours, in words; `None`
/// when it has few empty cells or a quick solve of [`QUICK_SOLVE_NODES`] finishes it.
/// With `every_move` (`analyze`, which solves each move) the quick solve must finish
/// each move's position: a board won at once on one cell may have other cells whose
/// values take hours.
fn far_beyond(solver: &mut Solver, board: &Board, every_move: bool) -> Option<String> {
    let empties = board.empty_count();
    if empties <= FAR_BEYOND_EMPTIES {
        return None;
    }
    let mut quickly_solved = |b: &Board| {
        let quick = zerosum::time::Budget::new(&zerosum::search::Limits::nodes(QUICK_SOLVE_NODES));
        solver.solve_with_budget(b, &quick).is_some()
    };
    let easy = if every_move {
        let mut list = zerosum::MoveList::new();
        board.legal_moves(&mut list);
        list.iter().all(|&mv| {
            let mut child = board.clone();
            child.play(mv);
            quickly_solved(&child)
        })
    } else {
        quickly_solved(board)
    };
    (!easy).then(|| {
        format!(
            "{empties} empty cells, {} more than the {FAR_BEYOND_EMPTIES} solved here within \
             seconds (each more cell multiplies the work)",
            empties - FAR_BEYOND_EMPTIES
        )
    })
}

/// The value of `board` and a best move, under `limits`; `None` when they stop it. Shows
/// the node count on a terminal.
fn solve(
    solver: &mut Solver,
    progress: &mut Progress,
    board: &Board,
    limits: &ExactLimitArgs,
) -> Option<tictactoe::Solution> {
    let empties = board.empty_count();
    let task = progress.task(format!("solving ({empties} empty cells)"), 0);
    solver.solve_with_budget(board, &task.budget(&limits.limits()))
}

/// The value of every legal move of `board` (for its side to move, in cell order), one
/// solve per move under one budget for the position; `None` when the limits stop it.
/// Shows the move being solved and the time left on a terminal.
fn analyze(
    solver: &mut Solver,
    progress: &mut Progress,
    board: &Board,
    limits: &ExactLimitArgs,
) -> Option<Vec<(tictactoe::Cell, Score)>> {
    let mut list = zerosum::MoveList::new();
    board.legal_moves(&mut list);
    let moves = list.to_vec();
    let empties = board.empty_count();
    let task = progress.task(format!("analyzing ({empties} empty cells)"), 0);
    solve_each_move(&task, &moves, limits, |mv, part| {
        let mut child = board.clone();
        child.play(mv);
        let s = solver.solve_with_budget(&child, part)?;
        Some((s.nodes, -s.score.from_tt(1)))
    })
}

/// The solver of `solve` and `analyze`, or the error when the system refuses its table.
fn solver(args: &SolveArgs) -> Result<Solver, zerosum::TableAllocError> {
    // `--weak` is the outcome form, the default (clap refuses it with `--distance`).
    let mode = if args.distance && !args.weak {
        Mode::Distance
    } else {
        Mode::Outcome
    };
    Solver::try_new(SolverConfig {
        mode,
        tt_mib: args.board.hash_mib as usize,
        ..SolverConfig::default()
    })
}

fn with_form(args: &BoardArgs, body: impl FnOnce(BoardForm) -> ExitCode) -> ExitCode {
    match args.form() {
        Ok(form) => body(form),
        Err(e) => {
            diag!("error: {e}");
            ExitCode::from(2)
        }
    }
}

/// `solve` and `analyze`: each board of standard input (with a warning when it is far
/// beyond a quick solve, of each move's board with `every_move`) answered
/// `<line> <answer>` by `answer`, from an empty table under `--nodes` or `--time-ms`.
fn for_each_board(
    args: &SolveArgs,
    every_move: bool,
    mut answer: impl FnMut(&mut Solver, &mut Progress, &Board) -> String,
) -> ExitCode {
    with_form(&args.board, |form| {
        let mut solver = match solver(args) {
            Ok(solver) => solver,
            Err(e) => return crate::table_refused(&e),
        };
        let mut progress = Progress::stderr();
        crate::lines::process_stdin(|line| {
            let board = parse(line, &form)?;
            // Each line as if alone: under a limit, what an earlier line left in the
            // table would decide whether this one is solved within it.
            if !args.limits.unbounded() {
                solver.clear();
            }
            warn_if_far_beyond(&mut solver, &board, &args.limits, line, every_move);
            Ok::<_, String>(format!(
                "{line} {}",
                answer(&mut solver, &mut progress, &board)
            ))
        })
    })
}

/// Runs one `zerosum tictactoe` command.
pub fn run(command: Command) -> ExitCode {
    match command {
        Command::Play { common, size, k } => {
            use crate::play::tictactoe::TicTacToe;
            let game = match &common.position {
                None => shape_of(size.as_deref(), k)
                    .map(|shape| TicTacToe::from_board(Board::new(shape))),
                Some(text) => board_form(size.as_deref(), k).and_then(|form| {
                    parse(text, &form)
                        .map(TicTacToe::from_board)
                        .map_err(|e| format!("--position {text:?}: {e}"))
                }),
            };
            if game.as_ref().is_ok_and(|g| !g.perfect_by_default()) {
                common.warn_if_perfect(
                    "beyond 4x4 an early position takes from under a second (5x5, k = 4) \
                     to hours (8x8, k = 5) (the m key in the TUI plays the search's move; \
                     --time-ms bounds each move, exact whenever the solver fits)",
                );
            }
            // A numbered level's fixed depth on a large board, as `bestmove` warns of it.
            let level = common
                .level
                .as_deref()
                .and_then(|l| l.parse::<tictactoe::Level>().ok())
                .and_then(|l| l.depth());
            if let (Ok(g), Some(level), false) = (&game, level, common.bounded())
                && let Some((plies, empties)) = level_slow(crate::play::PlayGame::game(g), level)
            {
                diag!(
                    "warning: --level {level}: each AI move searches {plies} plies of every \
                     empty cell: with {empties} empty cells a move can take minutes \
                     (--time-ms bounds each move)"
                );
            }
            crate::play::run(game, &common)
        }
        Command::Solve(args) => {
            for_each_board(&args, false, |solver, progress, board| {
                match solve(solver, progress, board, &args.limits) {
                    Some(s) => value_text(s.score, board, args.distance, ' '),
                    None => NOT_SOLVED.to_string(),
                }
            })
        }
        Command::Analyze(args) => for_each_board(&args, true, |solver, progress, board| {
            match analyze(solver, progress, board, &args.limits) {
                None => NOT_SOLVED.to_string(),
                Some(moves) if moves.is_empty() => {
                    match solve(solver, progress, board, &args.limits) {
                        Some(s) => format!(
                            "game over {}",
                            value_text(s.score, board, args.distance, ' ')
                        ),
                        None => NOT_SOLVED.to_string(),
                    }
                }
                Some(moves) => moves
                    .iter()
                    .map(|(m, v)| format!("{m}:{}", value_text(*v, board, args.distance, ':')))
                    .collect::<Vec<String>>()
                    .join(" "),
            }
        }),
        Command::Bestmove(args) => with_form(&args.board, |form| {
            let mut engine = match tictactoe::Engine::try_new(args.board.hash_mib as usize) {
                Ok(engine) => engine,
                Err(e) => return crate::table_refused(&e),
            };
            // Level perfect with no limit solves every position exactly: warn of the
            // hopeless ones, as `solve` does. The quick solve has a table of its own (the
            // engine clears its tables for each line), so a board it finishes is solved
            // twice: at most QUICK_SOLVE_NODES more, and only beyond FAR_BEYOND_EMPTIES.
            let l = &args.limits;
            let unbounded = l.time_ms.is_none() && l.nodes.is_none() && l.depth.is_none();
            let perfect = l.resolved_level() == Some(tictactoe::Level::Perfect);
            let quick = (perfect && unbounded).then(|| {
                Solver::try_new(SolverConfig {
                    mode: Mode::Distance,
                    tt_mib: args.board.hash_mib as usize,
                    ..SolverConfig::default()
                })
            });
            let mut quick = match quick.transpose() {
                Ok(quick) => quick,
                Err(e) => return crate::table_refused(&e),
            };
            // A numbered level with no limit: its fixed depth may take minutes on a
            // large board.
            let numbered = l
                .resolved_level()
                .and_then(|level| level.depth())
                .filter(|_| unbounded);
            crate::limits::bestmove(
                &mut engine,
                l,
                |line| {
                    let board = parse(line, &form)?;
                    if let Some(solver) = quick.as_mut() {
                        warn_if_far_beyond(solver, &board, &ExactLimitArgs::default(), line, false);
                    }
                    if let Some(level) = numbered {
                        warn_if_level_slow(&board, level, line);
                    }
                    Ok((line.to_string(), board))
                },
                |board| match board.outcome() {
                    Some(zerosum::Outcome::Win(_)) => "game over -1".to_string(),
                    _ => "game over 0".to_string(),
                },
            )
        }),
        Command::Variants(args) => with_form(&args, |form| {
            crate::lines::process_stdin(|line| {
                let board = parse(line, &form)?;
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
                    tt_mib: (args.hash_mib as usize).min(16),
                    ..SolverConfig::default()
                })
                .solve(&board);
                out += &format!(" ours:{}@{}", s.nodes, shown(s.best_move));
                Ok(out)
            })
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A numbered level's warning comes where its search takes more than seconds: level
    /// 5 (9 plies) on the empty 7×7 (45 million nodes, 12.6 s here) and 8×8 (224 million,
    /// 65 s of CPU: a tester's report) but not on the empty 6×6 (9–14 million, 2 s), nor
    /// at level 3 on the 8×8.
    #[test]
    fn a_slow_level_is_warned_of_on_large_boards_only() {
        let empty = |c, r, k| Board::new(Shape::new(c, r, k).unwrap());
        assert_eq!(level_slow(&empty(8, 8, 5), 5), Some((9, 64)));
        assert_eq!(level_slow(&empty(7, 7, 5), 5), Some((9, 49)));
        assert_eq!(level_slow(&empty(6, 6, 4), 5), None);
        assert_eq!(level_slow(&empty(8, 8, 5), 3), None);
        assert_eq!(level_slow(&empty(3, 3, 3), 5), None);
    }

    /// `--size` with its own k (new-user report 40: `3x3x2 --k 3` was called "not of
    /// the form COLSxROWS" while `3x3x2` alone was taken).
    #[test]
    fn a_size_with_its_own_k_agrees_with_k_or_is_refused() {
        let shape = |size: &str, k| shape_of(Some(size), k);
        assert_eq!(shape("3x3x2", None).unwrap().k, 2);
        assert_eq!(shape("3x3x2", Some(2)).unwrap().k, 2);
        assert_eq!(shape("4x4", Some(3)).unwrap().k, 3);
        assert_eq!(shape("4x4 k=3", Some(3)).unwrap().k, 3);
        assert_eq!(
            shape("3x3x2", Some(3)).unwrap_err(),
            "--size/--k: the size \"3x3x2\" has k = 2, --k is 3"
        );
        assert!(
            shape("3x3", Some(9))
                .unwrap_err()
                .starts_with("--size/--k: ")
        );
        assert!(shape("3x3x9", None).unwrap_err().starts_with("--size: "));
        assert!(shape_of(None, Some(9)).unwrap_err().starts_with("--k: "));
    }

    fn distance_solver() -> Solver {
        Solver::new(SolverConfig {
            mode: Mode::Distance,
            tt_mib: 4,
            ..SolverConfig::default()
        })
    }

    /// An analysis solves every cell: on 8×8 with k = 5, x wins at once on cell 5, so the
    /// quick solve of the board spared it the warning and `analyze` ran in silence, but
    /// x's block on 13 leaves a position far beyond reach. `solve` still gets none.
    #[test]
    fn an_analysis_is_warned_of_by_its_moves() {
        let rows = ["xxxx....", "oooo....", "........", "........"];
        let text = format!("{}/{} k=5", rows.join("/"), rows[2..].repeat(2).join("/"));
        let board = Board::parse(&text).unwrap();
        assert_eq!(board.empty_count(), 56);
        let mut solver = distance_solver();
        assert_eq!(far_beyond(&mut solver, &board, false), None);
        let what = far_beyond(&mut solver, &board, true).expect("a warning");
        assert!(what.starts_with("56 empty cells"), "{what}");
        // Small boards are never warned of.
        let small = Board::parse("x.../.o../..../....").unwrap();
        assert_eq!(far_beyond(&mut solver, &small, true), None);
    }

    /// Issue 14 item 2: a solve publishes its node count to the spinner; 4×4 with k = 4
    /// is a draw (every line can be blocked).
    #[test]
    fn solve_reports_its_nodes() {
        let (mut progress, log) = Progress::recorded();
        let board = Board::parse("..../..../..../....").unwrap();
        let s = solve(
            &mut distance_solver(),
            &mut progress,
            &board,
            &ExactLimitArgs::default(),
        )
        .unwrap();
        assert_eq!(s.score, Score::DRAW);
        let log = log.lock().unwrap();
        assert_eq!(log[0], "solving (16 empty cells)");
        let last = log.last().unwrap();
        assert!(last.contains(" M nodes"), "{last}");
    }

    /// Issue 14 item 2: an analysis shows which move of how many it is solving.
    #[test]
    fn analysis_reports_its_progress_move_by_move() {
        let (mut progress, log) = Progress::recorded();
        let board = Board::parse("x.../.o../..../....").unwrap();
        let mut solver = distance_solver();
        let values = analyze(
            &mut solver,
            &mut progress,
            &board,
            &ExactLimitArgs::default(),
        );
        assert_eq!(values.unwrap().len(), 14);
        let last = log.lock().unwrap().last().cloned().unwrap();
        assert!(last.starts_with("analyzing (14 empty cells): "), "{last}");
        assert!(last.contains("move 14 of 14"), "{last}");
    }

    fn form(size: Option<&str>, k: Option<u32>) -> Result<BoardForm, String> {
        BoardArgs {
            size: size.map(str::to_string),
            k,
            hash_mib: 1,
        }
        .form()
    }

    /// `--k` without `--size` applies to each line's own board, and is refused only on
    /// a line whose board it does not fit or whose own `k=` disagrees.
    #[test]
    fn k_without_size_applies_to_each_line_board() {
        let own_size = form(None, Some(4)).unwrap();
        let board = parse("...../...../..x../...../.....", &own_size).unwrap();
        assert_eq!((board.shape().cols, board.shape().k), (5, 4));
        let err = parse("x...o....", &own_size).unwrap_err();
        assert!(err.contains("k = 4 does not fit the 3x3 board"), "{err}");
        let err = parse("..../..../..../.... k=3", &own_size).unwrap_err();
        assert!(err.contains('3') && err.contains('4'), "{err}");
        assert!(parse("..../..../..../.... k=4", &own_size).is_ok());
        assert!(form(None, Some(0)).is_err());
        // With --size the board is fixed, and --k must fit it.
        assert!(form(Some("3x3"), Some(5)).is_err());
        let fixed = form(Some("4x4"), Some(3)).unwrap();
        assert_eq!(parse("................", &fixed).unwrap().shape().k, 3);
        assert!(matches!(form(None, None), Ok(BoardForm::Own)));
    }
}
