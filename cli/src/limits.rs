//! One set of limit options for every game's `bestmove` (and the engine they drive):
//! `--level`, `--depth`, `--nodes`, `--time-ms`, and the one `bestmove` output shape.

use crate::progress::{Task, time_left};
use crate::whole::whole;
use clap::{Arg, ArgMatches, Args, Command, FromArgMatches};
use std::fmt::Display;
use std::marker::PhantomData;
use std::process::ExitCode;
use std::time::{Duration, Instant};
use zerosum::search::{Limits, SearchResult};
use zerosum::time::Budget;
use zerosum::{Engine, Game, Level, MoveOf};

/// The longest `--time-ms` any command takes: a day, in milliseconds.
pub const MAX_TIME_MS: u64 = 86_400_000;

/// The deepest `--depth` any command takes, in plies: one less than [`zerosum::MAX_PLY`]
/// (a `u64`, the bound type of [`crate::whole::whole`]).
pub const MAX_DEPTH_PLIES: u64 = zerosum::MAX_PLY as u64 - 1;

/// `--level`, `--depth`, `--nodes`, `--time-ms` for an engine with levels `L`; the help of
/// `--level` gives the game's range and default.
#[derive(Debug, Clone)]
pub struct LimitArgs<L> {
    /// The level asked for.
    pub level: Option<String>,
    /// Depth in plies.
    pub depth: Option<u32>,
    /// Node budget.
    pub nodes: Option<u64>,
    /// Time per position in milliseconds.
    pub time_ms: Option<u64>,
    levels: PhantomData<L>,
}

impl<L: Level> LimitArgs<L> {
    /// The level these options give the engine (see [`LimitArgs::apply`]): an explicit
    /// `--level`; else, with `--time-ms` or `--nodes`, the strongest level; else the
    /// game's default. `None` when `--level` does not parse (the engine keeps its own).
    pub fn resolved_level(&self) -> Option<L> {
        match &self.level {
            Some(text) => text.parse::<L>().ok(),
            None if self.time_ms.is_some() || self.nodes.is_some() => L::all().last().copied(),
            None => Some(L::default_level()),
        }
    }

    /// Sets the engine's level and returns the limits: an explicit `--level`; else, with
    /// `--time-ms` or `--nodes`, the strongest level (the budget decides the depth); else
    /// the game's default level. Warns on standard error when a limit has no effect (a
    /// level without a search) or turns `perfect` into a depth-limited search (`--depth`).
    pub fn apply<E: Engine<Level = L>>(&self, engine: &mut E) -> Limits {
        if let Some(level) = self.resolved_level() {
            engine.set_level(level);
            if !level.searches()
                && let Some(what) = self.unused_limit()
            {
                diag!(
                    "warning: level {level} chooses its move without a search, so {what} no effect"
                );
            }
            // Asked for by name: without `--level`, a budget's strongest level is no
            // request for exact play.
            if let Some(d) = self.depth
                && self.level.is_some()
                && level.to_string() == "perfect"
            {
                warn_perfect_to_depth(d, "the search");
            }
        }
        Limits {
            depth: self.depth,
            nodes: self.nodes,
            time: self.time_ms.map(Duration::from_millis),
            ..Limits::default()
        }
    }
}

impl<L: Level> LimitArgs<L> {
    /// Warns on standard error when `--depth` is at least `hopeless` plies with neither
    /// `--time-ms` nor `--nodes` to bound it (`what_it_takes` says how long that depth
    /// takes, for the game that calls).
    pub fn warn_if_too_deep(&self, hopeless: u32, what_it_takes: &str) {
        if let Some(d) = self.depth
            && d >= hopeless
            && self.time_ms.is_none()
            && self.nodes.is_none()
        {
            diag!("warning: --depth {d} without --time-ms or --nodes: {what_it_takes}");
        }
    }

    /// The budgets given (`--nodes`, `--time-ms`, or both) without `--depth` (which makes
    /// every level search), for the warning that a level without a search ignores them.
    fn unused_limit(&self) -> Option<&'static str> {
        if self.depth.is_some() {
            return None;
        }
        unused_limits_text(self.nodes.is_some(), self.time_ms.is_some())
    }
}

impl<L: Level> FromArgMatches for LimitArgs<L> {
    fn from_arg_matches(m: &ArgMatches) -> Result<Self, clap::Error> {
        Ok(LimitArgs {
            level: m.get_one::<String>("level").cloned(),
            depth: m.get_one::<u32>("depth").copied(),
            nodes: m.get_one::<u64>("nodes").copied(),
            time_ms: m.get_one::<u64>("time_ms").copied(),
            levels: PhantomData,
        })
    }
    fn update_from_arg_matches(&mut self, m: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(m)?;
        Ok(())
    }
}

/// What a game's `--nodes` help says of how its engine keeps to a node budget.
pub trait NodeBudgetNote {
    /// True when the node limit is a hard cap (Othello, Gomoku: the README's words; a
    /// first iteration the budget cuts is answered with a bound); false when the first
    /// iteration always finishes, past the limit if need be.
    const HARD_CAP: bool = false;
    /// Inserted in the help after what [`NodeBudgetNote::HARD_CAP`] says; empty by
    /// default.
    const NOTE: &'static str = "";

    /// True when the time limit is a hard cap too (Gomoku: its root's threat solvers may
    /// leave no time for a first iteration); false when the first iteration always
    /// finishes, past the limit if need be.
    const TIME_HARD_CAP: bool = false;

    /// The `--time-ms` help: how the game's engine keeps to the time.
    fn time_keeping() -> &'static str {
        if Self::TIME_HARD_CAP {
            "Time per position in milliseconds: the search stops within it, a hard cap (its root's threat solvers may leave no time for a first iteration), though on a busy machine the process itself may wait for a CPU (without --level: the strongest level)"
        } else {
            "Time per position in milliseconds: the search stops within it, though a search may finish its first iteration past it, and on a busy machine the process itself may wait for a CPU (without --level: the strongest level)"
        }
    }

    /// The help's words in brackets after "reproducible; ".
    fn keeping() -> String {
        let how = if Self::HARD_CAP {
            "a hard cap: a first iteration the budget cuts answers its best move so far, its value a bound (>= or <=)"
        } else {
            "a search may finish its first iteration past it, so that it has a move"
        };
        format!("{how}{}", Self::NOTE)
    }
}

impl NodeBudgetNote for connect4::Level {
    const NOTE: &'static str = "; the exact solver keeps its part exactly";
}
impl NodeBudgetNote for tictactoe::Level {}
impl NodeBudgetNote for othello::Level {
    const HARD_CAP: bool = true;
}
impl NodeBudgetNote for gomoku::Level {
    const HARD_CAP: bool = true;
    const TIME_HARD_CAP: bool = true;
}

impl<L: Level + NodeBudgetNote> Args for LimitArgs<L> {
    fn augment_args(cmd: Command) -> Command {
        cmd.arg(
            Arg::new("level")
                .long("level")
                .allow_negative_numbers(true)
                .value_name("LEVEL")
                .help(format!("AI strength: {}", L::range_text()))
                .value_parser(|s: &str| s.parse::<L>().map(|_| s.to_string())),
        )
        .arg(
            Arg::new("depth")
                .long("depth")
                .allow_negative_numbers(true)
                .value_name("PLIES")
                .help("Search depth in plies (overrides the level's depth)")
                .value_parser(whole::<u32>(1, MAX_DEPTH_PLIES)),
        )
        .arg(
            Arg::new("nodes")
                .long("nodes")
                .allow_negative_numbers(true)
                .value_name("N")
                .help(format!("Node budget per position (reproducible; {}); without --level: the strongest level", L::keeping()))
                .value_parser(whole::<u64>(1, u64::MAX)),
        )
        .arg(
            Arg::new("time_ms")
                .long("time-ms")
                .allow_negative_numbers(true)
                .value_name("MS")
                .help(L::time_keeping())
                .value_parser(whole::<u64>(1, MAX_TIME_MS)),
        )
    }
    fn augment_args_for_update(cmd: Command) -> Command {
        Self::augment_args(cmd)
    }
}

/// `zerosum <game> bestmove`: for each position of standard input, the engine's move in
/// one shape for every game:
///
/// `<position> bestmove <move> score <value with its unit> depth <plies> nodes <n> time <ms> pv <moves…>`
///
/// (`time`: the engine's own time for the position, in milliseconds.) A value from an
/// iteration that its limit stopped is a bound on the move played (not on the
/// position's value at that depth, which the unfinished iteration did not prove), marked
/// `>=` (a move that beat the previous best, or the previous best's value before the
/// others were searched) or `<=`; with no
/// iteration finished (depth 0: the move is the engine's first choice by its ordering)
/// the value is `none`.
///
/// A finished game has no move: it is answered `<position> bestmove none game over
/// <value>`, the value written by `game_over` as the game's `analyze` writes it
/// (`xxxoo.... bestmove none game over -1`), an answer like any other (exit status 0).
pub fn bestmove<E: Engine>(
    engine: &mut E,
    args: &LimitArgs<E::Level>,
    parse: impl FnMut(&str) -> Result<(String, E::Game), String>,
    game_over: impl Fn(&E::Game) -> String,
) -> ExitCode
where
    <E::Game as Game>::Move: Display,
{
    let finished =
        |name: &str, game: &E::Game, _| Ok(format!("{name} bestmove none {}", game_over(game)));
    think_each(engine, args, parse, finished, |name, r| {
        let best = r.best_move.ok_or("no move")?;
        let pv: Vec<String> = r.pv.iter().map(|m| m.to_string()).collect();
        let mark = match r.bound {
            zerosum::Bound::Lower if !r.exact => ">=",
            zerosum::Bound::Upper if !r.exact => "<=",
            _ => "",
        };
        let value = if r.depth == 0 && !r.exact {
            "none".to_string()
        } else {
            format!("{mark}{}", E::score_text(r.score, r.exact))
        };
        Ok(format!(
            "{name} bestmove {best} score {value} depth {} nodes {} time {} pv {}",
            r.depth,
            r.stats.nodes,
            r.stats.elapsed.as_millis(),
            pv.join(" ")
        ))
    })
}

/// For each position of standard input (read by `parse`: its name and the game), the
/// engine's result under `args`, written by `answer`; a finished game is answered by
/// `finished` (its name, the game and its outcome).
fn think_each<E: Engine>(
    engine: &mut E,
    args: &LimitArgs<E::Level>,
    mut parse: impl FnMut(&str) -> Result<(String, E::Game), String>,
    finished: impl Fn(&str, &E::Game, zerosum::Outcome) -> Result<String, String>,
    answer: impl Fn(&str, SearchResult<MoveOf<E>>) -> Result<String, String>,
) -> ExitCode {
    let limits = args.apply(engine);
    crate::lines::process_stdin(|line| -> Result<String, String> {
        let (name, game) = parse(line)?;
        if let Some(outcome) = game.outcome() {
            return finished(&name, &game, outcome);
        }
        // Each line is its own question: what an earlier line left in the tables must not
        // change this line's answer (as Pons' solver resets between its lines).
        engine.clear();
        let r = engine.think(&game, &limits, &mut |_| {});
        answer(&name, r)
    })
}

/// `--time-ms` and `--nodes` of the exact commands (`solve`, `analyze`): a position not
/// solved within them is answered `not solved within the limit`. That is an answer, not
/// a bad line: the exit status stays 0 (non-zero only for bad lines), as the help says.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct ExactLimitArgs {
    /// Give up on a position after this many milliseconds (answer: not solved within the
    /// limit, with exit status 0 all the same); without it an early position can take
    /// minutes or more.
    // (Othello's and Connect Four's `analyze` word both limits their own way: Othello's
    // for its --depth, Connect Four's for the columns solved in time.)
    #[arg(long, value_name = "MS", allow_negative_numbers = true, value_parser = whole::<u64>(1, MAX_TIME_MS))]
    pub time_ms: Option<u64>,
    /// Give up on a position after this many nodes (answer: not solved within the
    /// limit, with exit status 0 all the same).
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = whole::<u64>(1, u64::MAX))]
    pub nodes: Option<u64>,
}

impl ExactLimitArgs {
    /// The limits of one position.
    pub fn limits(&self) -> Limits {
        Limits {
            nodes: self.nodes,
            time: self.time_ms.map(Duration::from_millis),
            ..Limits::default()
        }
    }

    /// True when neither limit is given.
    pub fn unbounded(&self) -> bool {
        self.time_ms.is_none() && self.nodes.is_none()
    }
}

/// The values of `moves`, solved one after another by `solve` (the nodes it spent and the
/// value; `None` when its budget ends) under one budget from `limits` for them all; `task`
/// shows the move being solved and the time left. `None` when the budget ends first.
pub fn solve_each_move<M: Copy + Display, V>(
    task: &Task<'_>,
    moves: &[M],
    limits: &ExactLimitArgs,
    mut solve: impl FnMut(M, &Budget) -> Option<(u64, V)>,
) -> Option<Vec<(M, V)>> {
    let limits = limits.limits();
    let budget = task.budget(&limits);
    let start = Instant::now();
    let mut spent = 0u64;
    let mut values = Vec::with_capacity(moves.len());
    for (k, &mv) in moves.iter().enumerate() {
        task.set_detail(|| {
            let left = time_left(k, moves.len(), start.elapsed());
            let sep = if left.is_empty() { "" } else { ", " };
            format!("move {} of {} ({mv}){sep}{left}", k + 1, moves.len())
        });
        let part = budget.rest_of_nodes(spent);
        let (nodes, value) = solve(mv, &part)?;
        spent += nodes;
        task.part_done(nodes);
        values.push((mv, value));
    }
    Some(values)
}

/// The warning's words for the budgets a level without a search ignores: `--nodes has`,
/// `--time-ms has` or `--nodes and --time-ms have` (a recheck's report: with both, only
/// `--nodes` was named); `None` without either.
pub fn unused_limits_text(nodes: bool, time: bool) -> Option<&'static str> {
    match (nodes, time) {
        (true, true) => Some("--nodes and --time-ms have"),
        (true, false) => Some("--nodes has"),
        (false, true) => Some("--time-ms has"),
        (false, false) => None,
    }
}

/// Warns on standard error that `--depth d` with level `perfect` makes `search` (`the
/// search`, `each AI move's search`) a depth-limited one, whose value is exact only where
/// the game ends within `d` plies.
pub fn warn_perfect_to_depth(d: u32, search: &str) {
    let plies = if d == 1 { "ply" } else { "plies" };
    diag!(
        "warning: --depth {d} with level perfect: {search} stops at {d} {plies}, so its \
         value is exact only where the game ends within that depth"
    );
}

/// The answer for a position an exact command gave up on: an answer like any other, so
/// it leaves the exit status 0 (a script that needs every value looks for this text).
pub const NOT_SOLVED: &str = "not solved within the limit";

/// The outlook [`warn_far_beyond`] gives when the caller has no estimate of its own.
pub const FAR_BEYOND_OUTLOOK: &str = "an exact solve can take minutes to hours";

/// Warns on standard error that `what` is far beyond what an exact solve finishes soon,
/// when no limit bounds it, with `outlook` (how long it may take, say
/// [`FAR_BEYOND_OUTLOOK`]).
pub fn warn_far_beyond(limits: &ExactLimitArgs, position: &str, what: &str, outlook: &str) {
    if limits.unbounded() {
        diag!("warning: {position}: {what}: {outlook} (--time-ms or --nodes bound it)");
    }
}

/// What `analyze` prints for a position whose search the limit ended before its first
/// iteration (exit status 0: an answer, not a bad line).
pub const NOT_VALUED: &str = "no move valued within the limit";

/// `zerosum <game> analyze` through the engine: every root move with its value from the
/// last finished iteration (one depth for all), best first, `<=` marking a value only proven to be an upper bound
/// and `>=` one only a lower bound (Gomoku: a single forced move whose reply's search the
/// limit cut):
///
/// `<position> <move>:<value> <move>:<=<value> …` (values in the engine's units, a
/// decisive one or a proven draw in its words, [`Engine::score_text`]: Gomoku's `win in 9
/// (search)`, `draw`); a
/// finished game is `<position> game over (<outcome>)`, the outcome in the words of
/// `outcome_text`. A level that chooses without a search (Gomoku's level 1, the greedy
/// weight table) has no values of moves: without `--depth` it is refused before any line
/// is read (exit status 2, as for other options that cannot work; before, every line was
/// reported as an error). A position whose search the limit ended before its first
/// iteration is `<position> no move valued within the limit` ([`NOT_VALUED`]), an
/// answer (exit status 0), as a limit's cut is elsewhere.
pub fn analyze<E: Engine>(
    engine: &mut E,
    args: &LimitArgs<E::Level>,
    parse: impl FnMut(&str) -> Result<(String, E::Game), String>,
    outcome_text: impl Fn(zerosum::Outcome) -> &'static str,
) -> ExitCode
where
    <E::Game as Game>::Move: Display,
{
    if let Some(level) = args.resolved_level()
        && !level.searches()
        && args.depth.is_none()
    {
        diag!(
            "error: --level {level} chooses its move without a search: analyze has no values \
             of moves to show (use a higher level, or give --depth)"
        );
        return ExitCode::from(2);
    }
    let finished =
        |name: &str, _: &E::Game, o| Ok(format!("{name} game over ({})", outcome_text(o)));
    think_each(engine, args, parse, finished, |name, r| {
        Ok(analyze_answer::<E>(name, &r))
    })
}

/// The answer of `analyze` for the position `name` searched into `r` (see [`analyze`]).
fn analyze_answer<E: Engine>(name: &str, r: &SearchResult<MoveOf<E>>) -> String
where
    <E::Game as Game>::Move: Display,
{
    // The levels that choose without a search are refused by `analyze` before any line
    // is read: no values here means the limit ended the search before its first
    // iteration. That is an answer, as a limit's cut is elsewhere, not a bad line (a
    // fuzzer's report: Gomoku's `analyze --time-ms 10` refused a line, exit 1, as the
    // machine's load let the root's threat solvers use up the time).
    if r.root_moves.is_empty() {
        return format!("{name} {NOT_VALUED}");
    }
    let items: Vec<String> = r
        .root_moves
        .iter()
        .map(|m| {
            let bound = match m.bound {
                zerosum::Bound::Upper => "<=",
                zerosum::Bound::Lower => ">=",
                zerosum::Bound::Exact => "",
            };
            // A decisive value in the engine's words (Gomoku marks one its search
            // found but no solver proved), and so a proven draw, as `bestmove` words
            // them; the others as numbers. The result's exactness is the best move's:
            // when that is a proven draw, no move wins, and another move valued an
            // exact draw is one too (Gomoku's dead draw values every move so).
            let exact_draw = r.exact
                && r.score == zerosum::Score::DRAW
                && m.bound == zerosum::Bound::Exact
                && m.score == zerosum::Score::DRAW;
            let value = if m.score.is_decisive() || exact_draw {
                E::score_text(m.score, r.exact)
            } else {
                m.score.to_string()
            };
            format!("{}:{bound}{value}", m.mv)
        })
        .collect();
    format!("{name} {}", items.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fuzzer's report: Gomoku's `analyze --time-ms 10` refused a good line (exit 1)
    /// when the machine's load let the root's threat solvers use up the time, so that
    /// no iteration gave values. It is an answer, as a limit's cut is elsewhere.
    #[test]
    fn a_search_the_limit_ended_before_any_value_is_an_answer() {
        let cell = gomoku::Cell::new(7, 7);
        let mut r = SearchResult::solved(cell, zerosum::Score::DRAW, 0, 10, Duration::ZERO);
        r.root_moves.clear();
        r.exact = false;
        assert_eq!(
            analyze_answer::<gomoku::Engine>("15f:h8", &r),
            format!("15f:h8 {NOT_VALUED}")
        );
    }
}
