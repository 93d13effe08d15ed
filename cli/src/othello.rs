//! `zerosum othello …` commands.

use crate::limits::{ExactLimitArgs, LimitArgs, NOT_SOLVED, solve_each_move, warn_far_beyond};
use crate::progress::Progress;
use clap::Subcommand;
use othello::perft::{PerftMode, try_perft};
use othello::solver::Solver;
use othello::{Game, Othello};
use std::io::Write;
use std::process::ExitCode;
use zerosum::MoveList;

/// The `bestmove --depth` (plies) from which a search from the middle game takes
/// minutes: measured from the start position, depth 18 took 9 s of CPU and depth 20 a
/// minute (at load 11).
const SEARCH_MINUTES_DEEP: u32 = 20;

/// How long a search of [`SEARCH_MINUTES_DEEP`] plies or more may take, in words.
const SEARCH_MINUTES_DEEP_TEXT: &str = "an Othello search of 20 plies or more takes minutes \
     from the middle game, each further ply several times longer (--time-ms or --nodes bound it)";

/// The `analyze --depth` (plies) from which an analysis takes minutes: it searches every
/// move (from the start position depth 14 took 1 s of CPU, each two plies about 8 times
/// more).
const ANALYZE_MINUTES_DEEP: u32 = 18;

/// How long an analysis of [`ANALYZE_MINUTES_DEEP`] plies or more may take, in words.
const ANALYZE_MINUTES_DEEP_TEXT: &str = "an Othello analysis of 18 plies or more searches \
     every move and takes minutes from the middle game, each further ply several times longer";

/// What `play --level perfect` takes, in words: every move is solved exactly, which
/// from the start is far beyond reach (see [`FAR_BEYOND_EMPTIES`]).
const PLAY_PERFECT_TEXT: &str = "before about 20 empty squares are left that takes from \
     minutes to far more than a lifetime (the m key in the TUI plays the search's move; \
     --time-ms bounds each move, exact whenever the solver fits)";

/// Empty squares beyond which an unbounded exact solve gets a warning: with
/// [`GROWTH_PER_EMPTY`] from [`SOLVABLE_EMPTIES`], 27 empties are about 10^2 times the
/// work of 20, a minute or more (measured: FFO #53 and #54, 28 empties, 44 s and more
/// than 2 minutes of CPU).
const FAR_BEYOND_EMPTIES: u32 = 26;

/// Empty squares an exact solve finishes in about a second here (measured, CPU at load
/// about 4: FFO #40, 20 empties, 0.3 s; #41–#44, 22–23 empties, 0.5–0.7 s; #45 and #46,
/// 24 empties, 6.8 and 1.5 s).
pub(crate) const SOLVABLE_EMPTIES: u32 = 20;

/// The rough growth of an endgame solve's work per more empty square: measured on FFO
/// #40–#54 (CPU, one solve each), from 0.3 s at 20 empties to 44 s and more than 2
/// minutes at 28 (the positions of one count differ up to 9 times), about 2 a square.
const GROWTH_PER_EMPTY: f64 = 2.0;

/// Commands of `zerosum othello`.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Play in the terminal (TUI, or plain line mode with --plain). Levels 1-10 or
    /// `perfect` (default 4).
    #[command(mut_arg("level", crate::play::options::level_arg::<othello::Level>))]
    Play(crate::play::CommonArgs),
    /// Solve positions read from standard input, one OBF line each (`<64 squares> <X|O>`,
    /// then optionally `;` and annotations, which are ignored); prints `<board> <side> <score> <best move>`,
    /// the score being the exact final disc difference for the side to move.
    ///
    /// A solve takes under a second at 20 empty squares (FFO #40: 0.3 s), seconds at 24
    /// (#45: 7 s) and a minute or more at 28 (#53: 44 s); each more empty square costs
    /// about twice as much, though positions of one count differ several times over (the
    /// start position, 60 empties, is far beyond reach: a warning says so, and --time-ms
    /// or --nodes bound it). A spinner with the node count shows on standard error when it is a terminal.
    Solve {
        /// Only win/draw/loss (much faster): prints `win`, `draw` or `loss` for the side to
        /// move, then a move that keeps that result (`--` in a finished game).
        #[arg(long)]
        weak: bool,
        #[command(flatten)]
        limits: ExactLimitArgs,
        /// Transposition-table memory in MiB, 1 to 4096. The whole table is set up before the first
        /// solve (the system maps and zeroes it: about 1 to 2 s a GiB measured here).
        #[arg(long, default_value_t = othello::solver::DEFAULT_MIB as u64, value_name = "MIB",
              allow_negative_numbers = true, value_parser = crate::whole::whole::<u64>(1, 4096))]
        hash_mib: u64,
    },
    /// The value of every legal move of each position read from standard input: exact
    /// scores by default, or a depth-limited evaluation with --depth (then printed as
    /// `<move>:<value>` in discs with two decimals and the line ending `discs
    /// (evaluation)`; a move whose position has no more empty squares than the depth is
    /// solved exactly and printed as a whole disc difference, like the exact analysis,
    /// and so is a move whose game end the search proved when its solve is small, else
    /// it is printed as the bound `>=+2` for a win or `<=-2` for a loss, the least
    /// margin of a game won, and the line's ending says `a bound: a proven game end, its
    /// margin not solved`).
    ///
    /// Exact values cost one solve per legal move (see `solve` for how long); the spinner
    /// on a terminal shows the move being solved and an estimate of the time left. With
    /// --depth, --time-ms and --nodes bound the whole analysis of a position: when they
    /// end it first, the values are those of the deepest depth finished (at least 1 ply)
    /// and the line ends `discs (evaluation; depth D of N within the limit)`.
    #[command(mut_arg("time_ms", |a| a.help(
        "Give up on a position after this many milliseconds (answer: not solved within the \
         limit, with exit status 0 all the same); without it an early position can take minutes or more. With --depth: the \
         values of the deepest depth finished within it (depth 1 always finishes, past the limit if need be)")))]
    #[command(mut_arg("nodes", |a| a.help(
        "Give up on a position after this many nodes (answer: not solved within the limit, \
         with exit status 0 all the same; with --depth: the values of the deepest depth finished within them, depth 1 \
         always finishing, past the limit if need be)")))]
    Analyze {
        /// Search depth in plies with the evaluation instead of exact solving.
        #[arg(long, value_name = "PLIES", allow_negative_numbers = true,
              value_parser = crate::whole::whole::<u32>(1, crate::limits::MAX_DEPTH_PLIES))]
        depth: Option<u32>,
        #[command(flatten)]
        limits: ExactLimitArgs,
        /// Transposition-table memory in MiB for each of the engine's tables (the exact
        /// solver's and, with --depth, the search's), 1 to 4096. The whole table is set up before the first
        /// solve (the system maps and zeroes it: about 1 to 2 s a GiB measured here).
        #[arg(long, default_value_t = othello::solver::DEFAULT_MIB as u64, value_name = "MIB",
              allow_negative_numbers = true, value_parser = crate::whole::whole::<u64>(1, 4096))]
        hash_mib: u64,
    },
    /// The engine's move for each position read from standard input:
    /// `<board> <side> bestmove <move> score <value> depth <plies> nodes <n> time <ms> pv <moves…>`
    /// (values: `+N discs` when exact, the evaluation's units otherwise); a finished game:
    /// `<board> <side> bestmove none game over <final disc difference>`; `score none` at depth 0: no search gave a value (a level that plays its first choice without one, or a limit that ended before the first iteration).
    Bestmove {
        #[command(flatten)]
        limits: LimitArgs<othello::Level>,
    },
    /// Speaks the NBoard protocol (version 2) on standard input and output, for the
    /// NBoard GUI and other Othello front ends: `nboard`, `set game` (GGF), `set depth`,
    /// `move`, `hint`, `go`, `ping`, `learn`, `analyze` (the game's positions valued for black), `quit`.
    Nboard {
        /// Transposition-table memory in MiB for each of the engine's two tables, 1 to 4096. The whole table is set up before the first
        /// solve (the system maps and zeroes it: about 1 to 2 s a GiB measured here).
        #[arg(long, default_value_t = 64, value_name = "MIB", allow_negative_numbers = true,
              value_parser = crate::whole::whole::<u64>(1, 4096))]
        hash_mib: u64,
    },
    /// Counts the leaves of the game tree to each depth from 1 to DEPTH (depth 0: the
    /// position itself, 1 leaf); prints `<depth> <count> <CPU seconds> <leaves per CPU
    /// second>` a line as each depth completes, the rate `-` when under 0.02 s of CPU
    /// (too short to mean much). A depth beyond the longest possible game (twice the empty
    /// squares: a pass is a ply) is an error.
    Perft {
        /// The deepest depth, in plies (at most twice the empty squares, 120 from the
        /// start; from the start depth 15 takes hours and depth 20 years).
        #[arg(allow_negative_numbers = true, value_parser = parse_perft_depth)]
        depth: PerftDepth,
        /// The position (`<64 squares> <X|O>`), the start position by default.
        #[arg(long, allow_hyphen_values = true, value_parser = parse_position)]
        position: Option<Othello>,
        /// Edax's convention: a game that ends before the last ply adds no leaf
        /// (by default it counts as one leaf). A forced pass uses a ply in both.
        #[arg(long)]
        edax: bool,
    },
}

/// Runs one `zerosum othello` command.
pub fn run(command: Command) -> ExitCode {
    match command {
        Command::Play(args) => {
            args.warn_if_too_deep(SEARCH_MINUTES_DEEP, SEARCH_MINUTES_DEEP_TEXT);
            use crate::play::{PlayGame, othello::OthelloGame};
            let game = match &args.position {
                None => Ok(OthelloGame::default()),
                Some(text) => parse(text)
                    .map(OthelloGame::from_position)
                    .map_err(|e| format!("--position {text:?}: {e}")),
            };
            if game.as_ref().is_ok_and(|g| g.perfect_may_take_long()) {
                args.warn_if_perfect(PLAY_PERFECT_TEXT);
            }
            crate::play::run(game, &args)
        }
        Command::Solve {
            weak,
            limits,
            hash_mib,
        } => {
            let mut solver = match Solver::try_new(hash_mib as usize) {
                Ok(solver) => solver,
                Err(e) => return crate::table_refused(&e),
            };
            let mut progress = Progress::stderr();
            crate::lines::process_stdin(|line| {
                solve_line(&mut solver, &mut progress, line, weak, &limits)
            })
        }
        Command::Analyze {
            depth,
            limits,
            hash_mib,
        } => {
            // Warned once, at the first middle-game position (an endgame's depth
            // analysis is about as quick as its exact solve).
            let mut warn = depth.filter(|&d| d >= ANALYZE_MINUTES_DEEP && limits.unbounded());
            // An exact analysis only solves: the search's table stays at 1 MiB.
            let midgame_mib = if depth.is_some() {
                hash_mib as usize
            } else {
                1
            };
            let mut engine = match othello::Engine::try_with_tables(midgame_mib, hash_mib as usize)
            {
                Ok(engine) => engine,
                Err(e) => return crate::table_refused(&e),
            };
            let mut progress = Progress::stderr();
            crate::lines::process_stdin(|line| {
                analyze_line(&mut engine, &mut progress, line, depth, &limits, &mut warn)
            })
        }
        Command::Bestmove { limits } => {
            limits.warn_if_too_deep(SEARCH_MINUTES_DEEP, SEARCH_MINUTES_DEEP_TEXT);
            let mut engine = othello::Engine::new(16);
            // Level perfect with neither a time, a node limit nor a depth (which replaces
            // the exact solve by a search that deep) solves every position exactly: warn
            // of the hopeless ones, as `solve` does.
            let perfect = limits.resolved_level() == Some(othello::Level::PERFECT);
            let unbounded =
                limits.time_ms.is_none() && limits.nodes.is_none() && limits.depth.is_none();
            let mut quick = (perfect && unbounded).then(|| Solver::new(1));
            crate::limits::bestmove(
                &mut engine,
                &limits,
                |line| {
                    let g = parse(line)?;
                    if let Some((what, outlook)) = quick.as_mut().and_then(|s| far_beyond(s, &g)) {
                        diag!(
                            "warning: {g}: level perfect solves exactly: {what}: {outlook} \
                         (--time-ms or --nodes bound it)"
                        );
                    }
                    Ok((g.to_string(), g))
                },
                |g| format!("game over {}", othello::signed_discs(g.final_score())),
            )
        }
        Command::Nboard { hash_mib } => run_nboard(hash_mib as usize),
        Command::Perft {
            depth,
            position,
            edax,
        } => run_perft(depth, position, edax),
    }
}

fn parse(line: &str) -> Result<Othello, String> {
    Othello::from_obf_line(line).map_err(|e| e.to_string())
}

/// Nodes of the quick solve tried before warning: a position with many empty squares
/// but almost no moves (a wipe-out in sight) is solved within them and gets no warning.
const QUICK_SOLVE_NODES: u64 = 100_000;

/// Warns when `g` has so many empty squares that an unbounded exact solve may not finish
/// in reasonable time, saying how far beyond it is by the estimate from its empty
/// squares ([`GROWTH_PER_EMPTY`] from [`SOLVABLE_EMPTIES`] in about a second); a
/// position the solver finishes within [`QUICK_SOLVE_NODES`] gets no warning. With
/// `every_move` (`analyze`, which solves each move) the quick solve must finish each
/// move's position, not only `g`'s.
fn warn_if_far_beyond(solver: &mut Solver, g: &Othello, limits: &ExactLimitArgs, every_move: bool) {
    if !limits.unbounded() {
        return;
    }
    let found = if every_move {
        analysis_far_beyond(solver, g)
    } else {
        far_beyond(solver, g)
    };
    if let Some((what, outlook)) = found {
        warn_far_beyond(limits, &g.to_string(), &what, &outlook);
    }
}

/// What makes an unbounded exact solve of `g` hopeless and how long it may take, in
/// words (see [`warn_if_far_beyond`]); `None` when it is not.
fn far_beyond(solver: &mut Solver, g: &Othello) -> Option<(String, String)> {
    let empties = 64 - g.stones_on_board();
    if empties <= FAR_BEYOND_EMPTIES || quickly_solved(solver, g) {
        return None;
    }
    Some(far_beyond_text(empties))
}

/// [`far_beyond`] for an analysis of `g`, which solves every move: a position whose own
/// value is found at once (a wipe-out on one move) may still have moves whose exact
/// values take far more than a lifetime. The text is `g`'s.
fn analysis_far_beyond(solver: &mut Solver, g: &Othello) -> Option<(String, String)> {
    let empties = 64 - g.stones_on_board();
    if empties <= FAR_BEYOND_EMPTIES {
        return None;
    }
    let mut list = MoveList::new();
    g.legal_moves(&mut list);
    let hard = list.iter().any(|&mv| {
        let mut child = g.clone();
        child.play(mv);
        child.outcome().is_none() && !quickly_solved(solver, &child)
    });
    hard.then(|| far_beyond_text(empties))
}

/// Whether the solver finishes `g` within [`QUICK_SOLVE_NODES`].
fn quickly_solved(solver: &mut Solver, g: &Othello) -> bool {
    let quick = zerosum::time::Budget::new(&zerosum::search::Limits::nodes(QUICK_SOLVE_NODES));
    solver.solve_within(g.board(), &quick).is_some()
}

/// The warning's words for a position of `empties` empty squares: how far beyond a
/// second's solve it is, and how long it may take.
fn far_beyond_text(empties: u32) -> (String, String) {
    let times = GROWTH_PER_EMPTY.powi((empties - SOLVABLE_EMPTIES) as i32);
    let what = format!(
        "{empties} empty squares, {} more than the {SOLVABLE_EMPTIES} solved here in \
         about a second: roughly 10^{:.0} times that work",
        empties - SOLVABLE_EMPTIES,
        times.log10()
    );
    (what, outlook(times))
}

/// How long an exact solve of `seconds` (the estimate) may take, in words.
fn outlook(seconds: f64) -> String {
    const HOUR: f64 = 3600.0;
    const DAY: f64 = 24.0 * HOUR;
    const YEAR: f64 = 365.25 * DAY;
    let span = if seconds < 2.0 * HOUR {
        "minutes to hours"
    } else if seconds < 2.0 * DAY {
        "hours"
    } else if seconds < YEAR {
        "days to months"
    } else if seconds < 100.0 * YEAR {
        "years"
    } else {
        "far more than a lifetime"
    };
    format!("an exact solve may take {span}")
}

fn solve_line(
    solver: &mut Solver,
    progress: &mut Progress,
    line: &str,
    weak: bool,
    limits: &ExactLimitArgs,
) -> Result<String, String> {
    let g = parse(line)?;
    // Each line as if alone: under a limit, what an earlier line left in the table
    // would decide whether this one is solved within it.
    if !limits.unbounded() {
        solver.clear();
    }
    warn_if_far_beyond(solver, &g, limits, false);
    let empties = 64 - g.stones_on_board();
    let task = progress.task(format!("solving ({empties} empties)"), 0);
    let budget = task.budget(&limits.limits());
    let solved = if weak {
        solver.solve_weak_within(g.board(), &budget)
    } else {
        solver.solve_within(g.board(), &budget)
    };
    let Some(s) = solved else {
        return Ok(format!("{g} {NOT_SOLVED}"));
    };
    drop(task);
    let mv = s.best_move.map_or("--".to_string(), |m| m.to_string());
    let value = if weak {
        match s.score.signum() {
            1 => "win".to_string(),
            -1 => "loss".to_string(),
            _ => "draw".to_string(),
        }
    } else {
        othello::signed_discs(s.score)
    };
    Ok(format!("{g} {value} {mv}"))
}

fn analyze_line(
    engine: &mut othello::Engine,
    progress: &mut Progress,
    line: &str,
    depth: Option<u32>,
    limits: &ExactLimitArgs,
    warn_depth: &mut Option<u32>,
) -> Result<String, String> {
    let g = parse(line)?;
    if g.outcome().is_some() {
        return Ok(format!(
            "{g} game over {}",
            othello::signed_discs(g.final_score())
        ));
    }
    let empties = 64 - g.stones_on_board();
    if let Some(d) = *warn_depth
        && empties > SOLVABLE_EMPTIES
    {
        if d + 1 >= empties {
            // Every move's position is within the depth, so each is solved exactly: the
            // exact analysis's warning, which a position whose moves the solver finishes
            // at once does not get (a tester's report: `--depth 1023` on a position that
            // ends in one move warned of minutes, and `--depth 61` from the start spoke
            // of a search, not of a solve beyond reach).
            warn_if_far_beyond(engine.solver(), &g, limits, true);
        } else {
            diag!("warning: {g}: --depth {d}: {ANALYZE_MINUTES_DEEP_TEXT}");
            *warn_depth = None;
        }
    }
    let items: Vec<String> = match depth {
        None => match analyze_exact(engine.solver(), progress, &g, limits) {
            Some(values) => values
                .into_iter()
                .map(|(m, s)| format!("{m}:{}", othello::signed_discs(s)))
                .collect(),
            None => return Ok(format!("{g} {NOT_SOLVED}")),
        },
        Some(d) => {
            // Each line as if alone: nothing an earlier line left in the tables.
            zerosum::Engine::clear(engine);
            let budget = zerosum::time::Budget::new(&limits.limits());
            let (values, cut) = engine.analyze_depth_within(&g, d, &budget);
            let evaluated = values.iter().filter(|v| !v.exact && !v.proven).count();
            let proven = values.iter().filter(|v| v.proven).count();
            let mut items: Vec<String> = values
                .iter()
                .map(|v| {
                    if v.exact {
                        format!("{}:{}", v.mv, othello::signed_discs(v.value))
                    } else if v.proven {
                        // A proven game end whose margin was not solved: a win is by at
                        // least 2 discs (the empty squares go to the winner).
                        let bound = if v.value > 0 { ">=+2" } else { "<=-2" };
                        format!("{}:{bound}", v.mv)
                    } else {
                        format!("{}:{}", v.mv, othello::signed_hundredths(v.value))
                    }
                })
                .collect();
            // The depth reached when a limit ended the search before `d`.
            let cut = cut
                .map(|reached| format!("; depth {reached} of {d} within the limit"))
                .unwrap_or_default();
            let exact = values.len() - evaluated - proven;
            let mut notes = Vec::new();
            if evaluated > 0 {
                notes.push("evaluation");
            }
            if exact > 0 && exact < values.len() {
                notes.push("whole numbers exact");
            }
            if proven > 0 {
                notes.push("a bound: a proven game end, its margin not solved");
            }
            items.push(if notes.is_empty() {
                "discs".to_string()
            } else {
                format!("discs ({}{cut})", notes.join("; "))
            });
            items
        }
    };
    Ok(format!("{g} {}", items.join(" ")))
}

/// The exact score of every legal move of `g` (the final disc difference for the player
/// who made it), best first, one solve per move under one budget for the position; `None`
/// when the limits stop it. Shows the move being solved and the time left on a terminal.
fn analyze_exact(
    solver: &mut Solver,
    progress: &mut Progress,
    g: &Othello,
    limits: &ExactLimitArgs,
) -> Option<Vec<(othello::Move, i32)>> {
    // Each line as if alone (see `solve_line`).
    if !limits.unbounded() {
        solver.clear();
    }
    warn_if_far_beyond(solver, g, limits, true);
    let mut list = MoveList::new();
    g.legal_moves(&mut list);
    let moves = list.to_vec();
    let empties = 64 - g.stones_on_board();
    let task = progress.task(format!("analyzing ({empties} empties)"), 0);
    let mut values = solve_each_move(&task, &moves, limits, |mv, part| {
        let mut child = g.clone();
        child.play(mv);
        let s = solver.solve_within(child.board(), part)?;
        Some((s.nodes, -s.score))
    })?;
    values.sort_by_key(|&(_, v)| std::cmp::Reverse(v));
    Some(values)
}

/// Leaves per second, or `-` when `secs` of CPU is too short to mean much (under
/// [`MIN_RATE_SECS`]).
fn rate_text(leaves: u64, secs: f64) -> String {
    if secs < MIN_RATE_SECS {
        "-".to_string()
    } else {
        format!("{:.0}", leaves as f64 / secs)
    }
}

/// The least CPU time for which a rate is printed: the clock's resolution is fine, but
/// below this start-up and scheduling noise dominate.
const MIN_RATE_SECS: f64 = 0.02;

/// The CPU time (user + system) this process has used: rates from it do not halve when
/// other processes share the cores, as wall-clock rates do. Where the platform has no
/// CPU clock, the wall clock since the first call stands in for it.
fn cpu_time() -> std::time::Duration {
    use std::time::Instant;
    static START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    let start = *START.get_or_init(Instant::now);
    zerosum::time::process_cpu_time().unwrap_or_else(|| start.elapsed())
}

/// `--position`'s value parser: a bad position is a usage error (exit status 2, as
/// clap gives every other bad option value).
fn parse_position(text: &str) -> Result<Othello, String> {
    parse(text)
}

/// `perft`'s depth as typed: a whole number of plies, its digits as many as the user
/// likes. Beyond `u64` it is held as `u64::MAX` with its text kept, so that the error
/// names the position's longest game (at most 128 plies), not the type's limit.
#[derive(Clone, Debug)]
pub struct PerftDepth {
    /// The depth in plies (`u64::MAX` for any larger number).
    plies: u64,
    /// The digits typed.
    text: String,
}

/// `perft`'s depth: plain decimal digits of any length, refused as every whole-number
/// option refuses a sign or a non-number.
fn parse_perft_depth(text: &str) -> Result<PerftDepth, crate::whole::WholeError> {
    let plies = match crate::whole::whole::<u64>(0, u64::MAX)(text) {
        Err(crate::whole::WholeError::TooLarge(_)) => u64::MAX,
        other => other?,
    };
    Ok(PerftDepth {
        plies,
        text: text.to_string(),
    })
}

/// The perft depth (and empty squares) from which `perft` warns that it will take hours.
const HOURS_OF_PERFT: u32 = 15;

fn run_perft(depth: PerftDepth, position: Option<Othello>, edax: bool) -> ExitCode {
    let g = position.unwrap_or_default();
    let empties = 64 - g.stones_on_board();
    if let Err(e) = othello::perft::check_depth(g.board(), depth.plies) {
        // The error names the depth as typed, whatever its size (its text opens with
        // `perft depth N`, N held as at most `u64::MAX`).
        let held = format!("perft depth {}", depth.plies);
        let typed = format!("perft depth {}", depth.text);
        let e = e.to_string().replacen(&held, &typed, 1);
        diag!("error: {e}");
        return ExitCode::from(2);
    }
    let depth = depth.plies;
    // Within the longest game: at most 128 plies.
    let depth = u32::try_from(depth).expect("a depth within the longest game");
    if depth.min(empties) >= HOURS_OF_PERFT {
        diag!(
            "warning: perft {depth} from {empties} empty squares: perft 13 from the start \
             takes about half a minute of CPU here and each ply multiplies the work by \
             about 8-10, so depth {HOURS_OF_PERFT} takes hours and depth 20 years; each \
             depth's line is printed as it completes"
        );
    }
    let mode = if edax {
        PerftMode::Edax
    } else {
        PerftMode::FinishedIsLeaf
    };
    perft_lines(
        &g,
        depth,
        mode,
        &mut std::io::stdout().lock(),
        &mut std::io::stderr(),
    )
}

/// Prints `perft`'s line for each depth up to `depth` on `out` as it completes. A reader
/// that went away (`perft 12 | head -1`) ends the run quietly; another write error (a
/// full disk) is reported on `err` and fails the run, as `solve`'s does.
fn perft_lines(
    g: &Othello,
    depth: u32,
    mode: PerftMode,
    out: &mut impl Write,
    err: &mut impl Write,
) -> ExitCode {
    for d in depth.min(1)..=depth {
        let t = cpu_time();
        let n = match try_perft(g.board(), d, mode) {
            Ok(n) => n,
            Err(e) => {
                let _ = writeln!(err, "error: {e}");
                return ExitCode::FAILURE;
            }
        };
        let secs = cpu_time().saturating_sub(t).as_secs_f64();
        if let Err(e) =
            writeln!(out, "{d} {n} {secs:.3} {}", rate_text(n, secs)).and_then(|()| out.flush())
        {
            if e.kind() == std::io::ErrorKind::BrokenPipe {
                return ExitCode::SUCCESS;
            }
            let _ = writeln!(err, "error: cannot write depth {d}'s line: {e}");
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}

/// One line of the NBoard loop's input, as its reader thread sends it.
enum NBoardInput {
    /// A line as text (bytes that are not UTF-8 replaced).
    Line(String),
    /// A line that cannot be read (longer than the bound): why, and the loop goes on.
    Unreadable(String),
    /// The input itself cannot be read: the reader's error, and the input ends.
    Failed(std::io::Error),
}

/// The NBoard loop: a thread reads standard input (raising the session's stop flag for
/// `ping` and `quit`, so that a search in progress ends at once), another (Linux) raises
/// it when standard output closes ([`watch_output`]), the session answers on standard
/// output. Lines the session cannot carry out are reported on standard
/// error and the loop goes on.
fn run_nboard(hash_mib: usize) -> ExitCode {
    use crate::lines::{Line, MAX_LINE_BYTES, read_line, unreadable};
    use othello::nboard::{CommandError, Control, Session, SessionError, interrupts};
    let mut session = match Session::try_new(hash_mib) {
        Ok(session) => session,
        Err(e) => return crate::table_refused(&e),
    };
    let stop = session.stop_flag();
    #[cfg(target_os = "linux")]
    watch_output(session.stop_flag());
    let (tx, rx) = std::sync::mpsc::channel::<NBoardInput>();
    let input_failed = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let reader_failed = std::sync::Arc::clone(&input_failed);
    std::thread::spawn(move || {
        let stdin = std::io::stdin();
        let mut lock = stdin.lock();
        // The shared reader: lines end with LF, CR LF or a CR alone, and are bounded.
        loop {
            let line = match read_line(&mut lock, MAX_LINE_BYTES) {
                Ok(Some(line)) => line,
                Ok(None) => break,
                Err(e) => {
                    // As every command reading standard input reports it (`< /`: a
                    // directory); before, the session ended in silence with success.
                    reader_failed.store(true, std::sync::atomic::Ordering::SeqCst);
                    let _ = tx.send(NBoardInput::Failed(e));
                    break;
                }
            };
            let line = match line {
                // Bytes that are not UTF-8 are replaced (U+FFFD), as before: a GGF
                // record's names may come in another encoding.
                Line::Text(text) | Line::NotUtf8 { lossy: text, .. } => {
                    if interrupts(&text) {
                        stop.stop();
                    }
                    NBoardInput::Line(text)
                }
                bad => NBoardInput::Unreadable(unreadable(&bad).unwrap_or_default()),
            };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for (n, input) in rx.iter().enumerate() {
        let result = match input {
            NBoardInput::Line(text) => session.handle_line(&text, &mut out),
            // A line too long to read may have been a `set game` or a `move`: the GUI is
            // told, as for any refused game, since it reads no standard error.
            NBoardInput::Unreadable(why) => {
                diag!("line {}: {why}", n + 1);
                Session::tell_refused(&format!("line {}: {why}", n + 1), &mut out)
                    .map(|()| Control::Continue)
                    .map_err(SessionError::Io)
            }
            NBoardInput::Failed(e) => {
                diag!("{}", crate::lines::read_failure(n, &e));
                continue;
            }
        };
        match result {
            Ok(Control::Continue) => {}
            Ok(Control::Quit) => break,
            // The GUI went away (it closed the pipe): the session ends quietly with
            // success, as the batch commands do on a closed output; another write
            // error (a full disk) is reported and fails the run.
            Err(SessionError::Io(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => {
                return ExitCode::SUCCESS;
            }
            Err(SessionError::Io(e)) => {
                diag!("zerosum othello nboard: output: {e}");
                return ExitCode::FAILURE;
            }
            // Blank lines are skipped, as every command reading standard input does.
            Err(SessionError::Command(CommandError::Empty)) => {}
            Err(e) => diag!("line {}: {e}", n + 1),
        }
    }
    if input_failed.load(std::sync::atomic::Ordering::SeqCst) {
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}

/// Raises `stop` when standard output is closed: the GUI is gone (a pipe whose reader
/// died reports `POLLERR`, a hung-up terminal `POLLHUP`), so that a search in progress
/// ends at once, as the Gomocup brain's listener does. Before, `go` at a deep `set depth`
/// searched on for nobody until its depth was done (`set depth 40`: until killed); its
/// `nodestats` write failed only at the next finished depth. The end of the input alone
/// does not stop a search (a script piped in at once still gets its answer).
#[cfg(target_os = "linux")]
fn watch_output(stop: zerosum::search::StopFlag) {
    use rustix::event::{PollFd, PollFlags, poll};
    use std::os::fd::AsFd;
    let Ok(out) = std::io::stdout().as_fd().try_clone_to_owned() else {
        return;
    };
    std::thread::spawn(move || {
        let gone = PollFlags::ERR | PollFlags::HUP | PollFlags::NVAL;
        loop {
            // No events asked: only the output's end (or an error) wakes it; a file or
            // a terminal still open never does.
            let mut fds = [PollFd::new(&out, PollFlags::empty())];
            match poll(&mut fds, None) {
                Err(rustix::io::Errno::INTR) => continue,
                Ok(_) if fds[0].revents().intersects(gone) => {
                    stop.stop();
                    return;
                }
                _ => return,
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A writer that refuses every write with `kind`.
    struct Refusing(std::io::ErrorKind);

    impl Write for Refusing {
        fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
            Err(self.0.into())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    /// New-user report 22: `perft 3 > /dev/full` printed nothing and exited 0, as it
    /// did for a reader gone away. A broken pipe still ends it quietly; another write
    /// error is reported and fails the run.
    #[test]
    fn perft_reports_an_output_it_cannot_write() {
        let g = Othello::new();
        for (kind, code, message) in [
            (std::io::ErrorKind::BrokenPipe, ExitCode::SUCCESS, ""),
            (
                std::io::ErrorKind::StorageFull,
                ExitCode::FAILURE,
                "error: cannot write depth 1's line: ",
            ),
        ] {
            let mut err = Vec::new();
            let got = perft_lines(
                &g,
                3,
                PerftMode::FinishedIsLeaf,
                &mut Refusing(kind),
                &mut err,
            );
            let err = String::from_utf8(err).unwrap();
            assert_eq!(got, code, "{kind:?}: {err}");
            assert!(err.starts_with(message), "{kind:?}: {err:?}");
            assert_eq!(message.is_empty(), err.is_empty(), "{kind:?}: {err:?}");
        }
        let mut out = Vec::new();
        let got = perft_lines(&g, 2, PerftMode::FinishedIsLeaf, &mut out, &mut Vec::new());
        assert_eq!(got, ExitCode::SUCCESS);
        let out = String::from_utf8(out).unwrap();
        let counts: Vec<&str> = out.lines().map(|l| l.split(' ').nth(1).unwrap()).collect();
        assert_eq!(counts, ["4", "12"]);
    }

    /// An analysis solves every move: a position won at once on one move (black's c5
    /// wipes white out, 52 empty squares) is warned of, as its other moves are far beyond
    /// reach; before, the quick solve of the position itself spared it the warning and
    /// `analyze` ran in silence. Its `solve` still gets none.
    #[test]
    fn an_analysis_is_warned_of_by_its_moves() {
        let g =
            parse("--------------------X------OXX-----OOOX----OXX------X----------- X").unwrap();
        let mut solver = Solver::new(1);
        assert_eq!(far_beyond(&mut solver, &g), None);
        let (what, _) = analysis_far_beyond(&mut solver, &g).expect("a warning");
        assert!(what.starts_with("52 empty squares"), "{what}");
        // A position near the end is never warned of.
        let near =
            parse("XXXOXXXXOXXXXXXXOOXXXXXXOOOXXXXXOOOXXOO-OOOOO---OOOOOOO-OOOOOOO- X").unwrap();
        assert_eq!(analysis_far_beyond(&mut solver, &near), None);
    }

    /// Issue 14 item 9: perft rates come from the process's CPU time (which never goes
    /// back) and are not printed for times too short to mean anything.
    #[test]
    fn perft_rates_use_cpu_time() {
        let before = cpu_time();
        let n = try_perft(Othello::new().board(), 6, PerftMode::FinishedIsLeaf).unwrap();
        assert_eq!(n, 8200);
        assert!(cpu_time() >= before);
        assert_eq!(rate_text(1000, 0.001), "-");
        assert_eq!(rate_text(1000, 0.5), "2000");
    }

    /// FFO #1 (14 empties) and its published values of every legal move (FFO suite).
    const FFO1: &str = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";
    const FFO1_VALUES: &str = "g8:+18 h1:+12 a2:+6 h7:+6 a3:+4 b1:-4 a4:-22 g2:-24";

    /// Issue 14 item 2: an exact analysis shows its progress move by move — the node
    /// count of the moves solved and which move of how many — and answers the published
    /// values.
    #[test]
    fn exact_analysis_reports_its_progress_move_by_move() {
        let mut engine = othello::Engine::new(16);
        let (mut progress, log) = Progress::recorded();
        let line = analyze_line(
            &mut engine,
            &mut progress,
            FFO1,
            None,
            &ExactLimitArgs::default(),
            &mut None,
        )
        .unwrap();
        let mut got: Vec<&str> = line.split(' ').skip(2).collect();
        let mut want: Vec<&str> = FFO1_VALUES.split(' ').collect();
        got.sort_unstable();
        want.sort_unstable();
        assert_eq!(got, want);
        let log = log.lock().unwrap();
        assert_eq!(
            log.first().map(String::as_str),
            Some("analyzing (14 empties)")
        );
        let last = log.last().unwrap();
        assert!(
            last.contains(" M nodes") && last.contains("move 8 of 8"),
            "{last}"
        );
    }

    /// Issue 14 item 2: an exact solve publishes its node count to the spinner, and a
    /// limit gives up with the line saying so.
    #[test]
    fn exact_solve_reports_its_nodes_and_takes_a_limit() {
        let mut solver = Solver::new(16);
        let (mut progress, log) = Progress::recorded();
        let unbounded = ExactLimitArgs::default();
        let answer = solve_line(&mut solver, &mut progress, FFO1, false, &unbounded).unwrap();
        assert_eq!(answer, format!("{FFO1} +18 g8"));
        let last = log.lock().unwrap().last().cloned().unwrap();
        assert!(last.starts_with("solving (14 empties): "), "{last}");
        assert!(last.contains(" M nodes"), "{last}");
        let limits = ExactLimitArgs {
            nodes: Some(1000),
            time_ms: None,
        };
        solver.clear();
        let answer = solve_line(&mut solver, &mut progress, FFO1, false, &limits).unwrap();
        assert_eq!(answer, format!("{FFO1} {NOT_SOLVED}"));
    }
}
