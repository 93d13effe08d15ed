//! `zerosum connect4 …` commands.
//!
//! Positions are read from standard input, one a line, in Pascal Pons' notation: the
//! columns played from the empty board, digits `1`–`7` (`4455`). One score may follow
//! the moves, so that his test files (`<moves> <score>`) can be piped in as they are; it
//! must lie in the range any score of the position can have
//! (`connect4::score::possible_scores`: `4455 19` is refused, since a win takes four
//! stones of one's own, at best 18), and is otherwise ignored; any other text after the
//! moves is an error (`44 55` is not taken for `44`). A lone `-` stands for the empty
//! board (blank lines are skipped). Scores are in Pons'
//! convention: positive = the side to move wins, `22 − k` when with its `k`-th stone.
//!
//! `solve` and `analyze` take other board sizes (`--width W --height H`, any size with
//! `W·(H + 1) ≤ 64`; columns `1`…`9`, then `a`…`w` (or `A`…`W`); scores over the board's cells: the
//! winner's stones left unplayed plus one, `⌊cells/2⌋ + 1 − k`, or `⌈cells/2⌉ + 1 − k`
//! for the first player on an odd board); `bestmove` and `play` accept `--width`/`--height` only for the
//! 7×6 board (their levels and the TUI are 7×6 only).

use crate::limits::{ExactLimitArgs, FAR_BEYOND_OUTLOOK, LimitArgs, NOT_SOLVED, warn_far_beyond};
use crate::progress::Progress;
use clap::{Args, Subcommand};
use connect4::{Engine, Geometry, Position, Size, SizeError, Solver, Standard};
use std::process::ExitCode;
use zerosum::time::Budget;

/// The `bestmove --depth` (plies) from which the score-table search may take minutes
/// from an early position (the top level searches 14; depth 20 from the empty board ran
/// over a minute).
const SEARCH_MINUTES_DEEP: u32 = 20;

/// How long a search of [`SEARCH_MINUTES_DEEP`] plies or more may take, in words.
const SEARCH_MINUTES_DEEP_TEXT: &str = "a Connect Four search of 20 plies or more may take \
     minutes from an early position (--time-ms or --nodes bound it; --level perfect solves)";

/// Commands of `zerosum connect4`.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Play in the terminal (TUI, or plain line mode with --plain); 7×6 only. Levels 1-14
    /// or `perfect` (default 7).
    #[command(mut_arg("level", crate::play::options::level_arg::<connect4::Level>))]
    Play(PlayArgs),
    /// Solve positions read from standard input, one a line (`<moves> [score]`, the
    /// moves as column digits from the empty board, `-` for the empty board itself; a score
    /// as in Pons' test files may follow: it is checked only against the scores a game
    /// from the position can end with, an error outside them, and otherwise ignored):
    /// prints `<moves> <score>` in Pons' convention (`--weak`: 1 win, 0 draw, -1 loss).
    Solve(SolveArgs),
    /// The score of every column (positions as for solve; `-` is the empty board):
    /// `<moves>` then one score per column (seven on 7×6), left to right (`x` for a
    /// column that cannot be played). Under --time-ms or --nodes the columns share the
    /// one budget: each first gets a quick look of 16 nodes (fewer under a tiny limit),
    /// then an equal part of an eighth of it (so that a cheap column, a quick win, is not
    /// starved by a costly one), then the columns still open
    /// get the rest in turn, left to right; a column not solved within it is `?`, and a
    /// line with none solved reads `not solved within the limit`.
    #[command(mut_arg("time_ms", |a| a.help(
        "Give up on a position after this many milliseconds: the columns solved by then \
         keep their scores, the others print `?` (none solved: not solved within the \
         limit; exit status 0 all the same); without it an early position can take minutes \
         or more")))]
    #[command(mut_arg("nodes", |a| a.help(
        "Give up on a position after this many nodes: the columns solved by then keep \
         their scores, the others print `?` (none solved: not solved within the limit; \
         exit status 0 all the same)")))]
    Analyze(SolveArgs),
    /// The engine's column (positions as for solve; `-` is the empty board): `<moves> bestmove <column> score <value> depth <plies> nodes
    /// <n> time <ms> pv <columns…>`. `--level perfect` is the exact solver (ties go to the centre;
    /// with --time-ms it gets half the time, then the score table searches); levels 1-14
    /// search the win-place score table. A finished game has no column:
    /// `<moves> bestmove none game over <score>`; `score none` at depth 0: no search gave a value (a level that plays its first choice without one, or a limit that ended before the first iteration).
    Bestmove(BestmoveArgs),
}

/// Empty cells of 7×6 above which an exact solve may take minutes (fewer than 4
/// stones; Pons: the empty board takes hours without a book).
const FAR_BEYOND_EMPTIES: u32 = 38;

/// True when an exact solve of a position with `empties` empty cells on a board `width`
/// columns wide may take minutes: the work grows about as `b^empties` with `b` the
/// columns there are to choose from, so `empties · log2(min(width, empties))` is
/// compared with 7×6's [`FAR_BEYOND_EMPTIES`] · log2 7. Measured (one thread, release):
/// 6×6, 5×8 and 4×9 empty solve in 1–9 s and are not warned of; 9×4, 6×7, 8×5, 28×1
/// take 20–106 s and are; 1×63, 2×20 and 3×15 solve at once.
fn far_beyond(width: u32, empties: u32) -> bool {
    let choices = width.min(empties).max(1) as f64;
    empties as f64 * choices.log2() > FAR_BEYOND_EMPTIES as f64 * 7f64.log2()
}

/// Warns on standard error when the position of `line` may take minutes to solve
/// exactly (see [`far_beyond`]), unless the opening book answers it.
fn warn_if_far_beyond<G: Geometry>(
    solver: &Solver<G>,
    g: G,
    position: &Position<G>,
    limits: &ExactLimitArgs,
    line: &str,
) {
    let empties = g.cells() - position.moves();
    if far_beyond(g.width(), empties) && !solver.in_book(position) {
        let what = format!("ply {}, {empties} empty cells", position.moves());
        warn_far_beyond(limits, line, &what, FAR_BEYOND_OUTLOOK);
    }
}

/// The board size (`--width`, `--height`; default 7×6).
#[derive(Args, Debug, Clone)]
pub struct SizeArgs {
    /// Columns of the board, 1 to 32, with width x (height + 1) at most 64 (the
    /// bitboard's limit). Other sizes than 7x6 for solve and analyze only.
    #[arg(long, default_value_t = 7, value_name = "W", allow_negative_numbers = true,
          value_parser = crate::whole::whole::<u32>(1, 32))]
    width: u32,
    /// Rows of the board, 1 to 63. Other sizes than 7x6 for solve and analyze only.
    #[arg(long, default_value_t = 6, value_name = "H", allow_negative_numbers = true,
          value_parser = crate::whole::whole::<u32>(1, 63))]
    height: u32,
}

impl SizeArgs {
    /// The board asked for: `None` for the standard 7×6 board (solved with its
    /// compile-time masks and the opening book).
    ///
    /// # Errors
    /// The [`SizeError`] of a size the bitboard does not hold.
    fn size(&self) -> Result<Option<Size>, SizeError> {
        let size = Size::new(self.width, self.height)?;
        Ok((size != Size::STANDARD).then_some(size))
    }

    /// A size the bitboard does not hold, naming the options that asked for it
    /// (`--width 80 --height 6: the 80x6 board does not fit …`).
    fn refused(&self, e: &SizeError) -> String {
        format!("--width {} --height {}: {e}", self.width, self.height)
    }

    /// Checks that the board is 7×6, for the commands that play only that board.
    fn standard_only(&self, command: &str) -> Result<(), String> {
        match self.size() {
            Ok(None) => Ok(()),
            Ok(Some(size)) => Err(format!(
                "--width {} --height {}: {command} takes the 7x6 board only, not {size} \
                 (solve and analyze take other sizes)",
                self.width, self.height
            )),
            Err(e) => Err(self.refused(&e)),
        }
    }
}

/// Options of `play`.
#[derive(Args, Debug, Clone)]
pub struct PlayArgs {
    #[command(flatten)]
    common: crate::play::CommonArgs,
    #[command(flatten)]
    size: SizeArgs,
}

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
    #[arg(long, default_value_t = 64, value_name = "MIB", allow_negative_numbers = true,
          value_parser = crate::whole::whole::<u64>(64, 4096))]
    hash_mib: u64,
    /// Search threads sharing the table (Lazy SMP); default 1: on 2 cores a second
    /// thread added CPU and no speed (connect4/FIGURES.md, *Threads*), as Gomoku's
    /// default is 1 too. With more, --nodes counts every thread's nodes (the others' as
    /// each of the solver's null-window searches ends), and each other thread may search
    /// up to 1,024 nodes past it.
    #[arg(long, default_value_t = 1, value_name = "N", allow_negative_numbers = true,
          value_parser = crate::whole::whole::<u16>(1, 256))]
    threads: u16,
    /// Search every position, even one the shipped books answer (to measure the solver,
    /// or to check a book).
    #[arg(long)]
    no_book: bool,
    #[command(flatten)]
    size: SizeArgs,
}

impl SolveArgs {
    /// A solver of the board `g` with the table size and the threads asked for, or the
    /// error when the system refuses the table's memory.
    fn solver<G: Geometry>(&self, g: G) -> Result<Solver<G>, zerosum::TableAllocError> {
        let mut solver = Solver::try_on(g, connect4::table_log2_for_mib(self.hash_mib))?;
        solver.set_threads(usize::from(self.threads));
        if self.no_book {
            solver.set_use_book(false);
        }
        Ok(solver)
    }
}

/// Options of `bestmove`.
#[derive(Args, Debug, Clone)]
pub struct BestmoveArgs {
    #[command(flatten)]
    limits: LimitArgs<connect4::Level>,
    #[command(flatten)]
    size: SizeArgs,
}

/// Runs one `zerosum connect4` command.
pub fn run(command: Command) -> ExitCode {
    match command {
        Command::Play(args) => {
            args.common
                .warn_if_too_deep(SEARCH_MINUTES_DEEP, SEARCH_MINUTES_DEEP_TEXT);
            let game = args.size.standard_only("play").and_then(|()| {
                use crate::play::connect4::ConnectFour;
                match &args.common.position {
                    None => Ok(ConnectFour::default()),
                    Some(text) => parse(Standard, text)
                        .map(|(_, position)| ConnectFour::from_position(position))
                        .map_err(|e| format!("--position {text:?}: {e}")),
                }
            });
            crate::play::run(game, &args.common)
        }
        Command::Solve(args) => on_board(&args, solve, solve),
        Command::Analyze(args) => on_board(&args, analyze, analyze),
        Command::Bestmove(args) => {
            if let Err(e) = args.size.standard_only("bestmove") {
                diag!("error: {e}");
                return ExitCode::from(2);
            }
            args.limits
                .warn_if_too_deep(SEARCH_MINUTES_DEEP, SEARCH_MINUTES_DEEP_TEXT);
            let mut engine = Engine::default();
            crate::limits::bestmove(
                &mut engine,
                &args.limits,
                |line| {
                    let (moves, position) = parse(Standard, line)?;
                    Ok((moves.to_string(), position))
                },
                |position| {
                    let score = connect4::score::possible_scores(position);
                    format!("game over {}", score.start())
                },
            )
        }
    }
}

/// Runs `standard` on the 7×6 board, or `sized` on the size asked for; a size the
/// bitboard does not hold is an error (exit status 2).
fn on_board(
    args: &SolveArgs,
    standard: fn(Standard, &SolveArgs) -> ExitCode,
    sized: fn(Size, &SolveArgs) -> ExitCode,
) -> ExitCode {
    match args.size.size() {
        Ok(None) => standard(Standard, args),
        Ok(Some(size)) => sized(size, args),
        Err(e) => {
            diag!("error: {}", args.size.refused(&e));
            ExitCode::from(2)
        }
    }
}

/// Answers each position of standard input on the board `g` with `work` (its move
/// string, the position, the solver) and prints `<moves> <answer>`. Each line is
/// independent: it is warned of when far beyond a quick solve, and it starts from an
/// empty table of the smallest size, which then grows with its own work only (see
/// `Solver::reset`), under the limits of `args` and a progress spinner.
fn each_position<G: Geometry>(
    g: G,
    args: &SolveArgs,
    mut work: impl FnMut(&mut Solver<G>, &Position<G>) -> String,
) -> ExitCode {
    let mut solver = match args.solver(g) {
        Ok(solver) => solver,
        Err(e) => return crate::table_refused(&e),
    };
    let mut progress = Progress::stderr();
    crate::lines::process_stdin(|line| {
        let (moves, position) = parse(g, line)?;
        warn_if_far_beyond(&solver, g, &position, &args.limits, line);
        solver.reset();
        solver.set_budget(Some(Budget::new(&args.limits.limits())));
        let answer = with_progress(&mut progress, &mut solver, moves, |s| work(s, &position));
        solver.set_budget(None);
        Ok::<_, String>(format!("{moves} {answer}"))
    })
}

/// `solve`: the score of each position of standard input on the board `g`.
fn solve<G: Geometry>(g: G, args: &SolveArgs) -> ExitCode {
    each_position(g, args, |solver, position| {
        match solver.try_solve(position, args.weak) {
            Ok(s) => s.score.to_string(),
            Err(_) => NOT_SOLVED.to_string(),
        }
    })
}

/// The part of an `analyze` limit shared out equally among the columns after their
/// quick look (see [`analyze`]); the columns still open then get the rest in turn. Measured on a
/// recheck's `11111122` (columns 2 and 3 need 1–2 M nodes, the others 0.3–0.7 M each)
/// and `4455` (column 3 wins with a small solve) at 1–8 M nodes: an eighth keeps what
/// solving left to right found there, but for 3 M nodes' fourth column, and finds the
/// cheap columns (a half or all of the budget shared out found nothing at 2 M).
const SHARED_ROUND_PART: f64 = 0.125;

/// The nodes of an `analyze` limit's quick look at each column, before the shares (see
/// [`analyze`]): enough for a win within a few moves.
const QUICK_LOOK_NODES: u64 = 16;

/// `analyze`: the score of every column of each position of standard input on the
/// board `g` (`x` for a column that cannot be played); a finished game (a four or a
/// full board) is `game over <score>`, its score for the side to move as `solve`
/// gives it.
fn analyze<G: Geometry>(g: G, args: &SolveArgs) -> ExitCode {
    each_position(g, args, |solver, position| {
        if position.is_over() {
            return match solver.try_solve(position, args.weak) {
                Ok(s) => format!("game over {}", s.score),
                Err(_) => NOT_SOLVED.to_string(),
            };
        }
        // Column by column under the one budget: those valued before it ran out keep
        // their score, the others are `?`. Under a time or node limit each column first
        // gets a quick look, then its share of [`SHARED_ROUND_PART`] of it (a tester's
        // report: `4455 --nodes 3000000` spent it all on column 1 and gave nothing, while
        // column 3 wins in 3 plies), then the columns still open get the rest in turn,
        // the table keeping the earlier rounds' work.
        let budget = Budget::new(&args.limits.limits());
        let open: Vec<connect4::Column> = (0..g.width() as usize)
            .filter_map(connect4::Column::new)
            .filter(|&c| position.has_room(c))
            .collect();
        let mut values: Vec<Option<Option<i32>>> = vec![None; open.len()];
        let start = solver.nodes();
        let spent = |solver: &Solver<G>| solver.nodes() - start;
        // Under a limit, three rounds: a quick look at every column (a few nodes each,
        // enough for a win within a few moves), then an eighth of the budget shared out,
        // then the rest in turn.
        let rounds: &[usize] = if budget.is_bounded() {
            &[0, 1, 2]
        } else {
            &[2]
        };
        // The second round's part of the budget: its time and nodes, shared out.
        let shared = budget.share(
            SHARED_ROUND_PART,
            budget
                .node_limit()
                .map(|n| (n as f64 * SHARED_ROUND_PART) as u64),
        );
        let mut stopped = false;
        for &round in rounds {
            for (k, &col) in open.iter().enumerate() {
                if values[k].is_some() {
                    continue;
                }
                let ahead = values[k..].iter().filter(|v| v.is_none()).count().max(1) as u64;
                let part = match round {
                    // A quick look: at most QUICK_LOOK_NODES, and under a tiny node
                    // limit half of what is left shared out (recheck reports: `4455
                    // --nodes 70` valued no column, and `--time-ms 15` on a busy machine
                    // sometimes only column 3, where 3 and 6 need 2 nodes each).
                    0 => {
                        let nodes = budget.node_limit().map_or(QUICK_LOOK_NODES, |total| {
                            (total.saturating_sub(spent(solver)) / (2 * ahead))
                                .min(QUICK_LOOK_NODES)
                        });
                        budget.share(1.0, Some(nodes))
                    }
                    // Its share of the second round's nodes and time, which the solver
                    // keeps exactly (a tester's report: when it looked at its limit only
                    // every 1,024 nodes, the first columns' overruns under a small limit
                    // left the later ones nothing).
                    1 => {
                        let nodes = shared
                            .node_limit()
                            .map(|n| n.saturating_sub(spent(solver)) / ahead);
                        shared.share(1.0 / ahead as f64, nodes)
                    }
                    // The rest in turn (the whole budget without a limit).
                    _ => budget.rest_of_nodes(spent(solver)),
                };
                solver.set_budget(Some(part));
                match solver.analyze_column(position, col, args.weak) {
                    Ok(v) => values[k] = Some(v),
                    Err(_) => stopped = true,
                }
            }
        }
        let mut values = values.into_iter();
        let columns: Vec<String> = (0..g.width() as usize)
            .filter_map(connect4::Column::new)
            .map(|col| {
                if !position.has_room(col) {
                    return "x".to_string();
                }
                match values.next().flatten() {
                    Some(v) => v.map_or("x".to_string(), |v| v.to_string()),
                    None => "?".to_string(),
                }
            })
            .collect();
        if columns.iter().all(|c| c == "?" || c == "x") && stopped {
            return NOT_SOLVED.to_string();
        }
        columns.join(" ")
    })
}

/// The move string of a line (`-` = the empty board) and its position; one trailing
/// score as in Pons' test files is allowed, any other text is an error.
fn parse<G: Geometry>(g: G, line: &str) -> Result<(&str, Position<G>), String> {
    let l = connect4::parse_input_line_on(g, line).map_err(|e| match e {
        // A bad first move: perhaps an attempt at the empty board.
        connect4::InputLineError::Moves(p) if p.index == 0 => {
            format!("{p} (a lone - is the empty board)")
        }
        e => e.to_string(),
    })?;
    Ok((l.moves, l.position))
}

/// Runs `work` under a progress task (a spinner with the node count on standard error
/// when it is a terminal and the solve takes more than a second; nothing otherwise).
fn with_progress<G: Geometry, T>(
    progress: &mut Progress,
    solver: &mut Solver<G>,
    moves: &str,
    work: impl FnOnce(&mut Solver<G>) -> T,
) -> T {
    let label = format!("solving {}", if moves.is_empty() { "-" } else { moves });
    let task = progress.task(label, solver.nodes());
    solver.set_progress(task.counter());
    let result = work(solver);
    solver.set_progress(None);
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The warning follows the measured solve times of empty boards (see [`far_beyond`]):
    /// 7×6 keeps its old line at 38 empty cells.
    #[test]
    fn far_beyond_follows_the_board_shape() {
        assert!(!far_beyond(7, 38) && far_beyond(7, 39));
        for (w, h) in [(9, 4), (6, 7), (8, 5), (28, 1), (32, 1)] {
            assert!(far_beyond(w, w * h), "{w}x{h}");
        }
        for (w, h) in [(6, 6), (5, 8), (4, 9), (1, 63), (2, 20), (3, 15), (20, 1)] {
            assert!(!far_beyond(w, w * h), "{w}x{h}");
        }
        assert!(!far_beyond(7, 0));
    }
}
