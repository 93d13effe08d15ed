//! [`Engine`]: the Othello player behind [`zerosum::Engine`] — the midgame search of
//! [`crate::midgame`] (iterative deepening, aspiration windows, PVS, transposition table)
//! with the trained [`Pattern`] evaluation, and the exact endgame [`Solver`] from
//! [`Level::end_depth`] empties on (the scheme of Edax's and neural-reversi's level
//! tables).
//!
//! The two pieces are meant to be replaced independently: the midgame in
//! [`Engine::midgame`], the endgame solver in [`Engine::endgame`].

use crate::eval::Pattern;
use crate::eval::pattern::{MAX_VALUE, shipped};
use crate::midgame::Midgame;
use crate::solver::Solver;
use crate::{Board, Move, Othello};
use std::fmt;
use std::str::FromStr;
use zerosum::search::{Limits, Report, RootMove, SearchResult, Searcher};
use zerosum::time::Budget;
use zerosum::{Bound, Game, LevelError, Observer, Score};

/// How strong the Othello engine plays: the midgame search depth, and the number of
/// empty squares from which it solves the endgame exactly (final disc difference).
///
/// | level | `mid_depth` | `end_depth` |
/// |---|---|---|
/// | `1`…`10` (default 4) | `n` plies | `2n` empties |
/// | `perfect` | 12 plies (as deep as a time or node limit allows) | 60 empties (always exact when it fits the budget) |
///
/// With a time limit the midgame search deepens until the time is used (`mid_depth`
/// still caps it), selectively (multi-ProbCut at t = 1.5 standard deviations, also
/// under a node limit; a bare depth searches every line), and an exact solve that does
/// not finish within its share of the time (half) hands over to the search. Under a time or node limit the solve is tried only
/// when an estimate of its cost says it may fit (about 20 empties at 200 ms a move, 23
/// at 2 s, 24 at 3 s); without limits it always is. A midgame search that reaches the
/// end of the game (selectively) before its budget runs out hands the rest to an exact
/// solve. A single legal move (or a forced pass) is answered at once under a game
/// clock: its search (or solve) gets at most 200,000 nodes and a sixteenth of the time,
/// enough to value it, and the rest stays on the clock; under a time per move or a node
/// limit it gets the whole budget, as a chess engine does under a fixed move time (time
/// a move does not use is lost there, and the search fills the table for the next move).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Level {
    /// Midgame search depth in plies.
    pub mid_depth: u32,
    /// Solve exactly when at most this many squares are empty.
    pub end_depth: u32,
}

impl Level {
    /// The highest numbered level.
    pub const MAX: u8 = 10;
    /// Perfect play: exact whenever the solver finishes within the budget.
    pub const PERFECT: Level = Level {
        mid_depth: 12,
        end_depth: 60,
    };

    /// Level `n` of the table (1 to [`Level::MAX`]): `n` plies, exact from `2n` empties.
    /// A number outside the table is clamped into it, as the core levels clamp their
    /// depths (`numbered(0)` is level 1, `numbered(200)` level 10); a level of other
    /// depths is written with the fields.
    pub const fn numbered(n: u8) -> Level {
        let n = if n < 1 {
            1
        } else if n > Level::MAX {
            Level::MAX
        } else {
            n
        };
        Level {
            mid_depth: n as u32,
            end_depth: 2 * n as u32,
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if *self == Level::PERFECT {
            return f.write_str("perfect");
        }
        match (1..=Level::MAX).find(|&n| Level::numbered(n) == *self) {
            Some(n) => write!(f, "{n}"),
            None => write!(f, "mid {} end {}", self.mid_depth, self.end_depth),
        }
    }
}

impl FromStr for Level {
    type Err = LevelError;
    /// A level as [`Level`]'s `Display` writes it: `1`…`10`, `perfect`, or `mid M end E`
    /// for other depths (M from 1 to 60 plies, E from 0 to 60 empty squares), which read
    /// back as the same level (a library user's report: `mid 5 end 6` printed, but was
    /// refused). A `Level` built from its public fields outside those ranges (`mid_depth`
    /// 0 or above 60) is written the same way but does not read back.
    ///
    /// # Errors
    /// [`LevelError`] naming the text and the forms accepted.
    fn from_str(s: &str) -> Result<Level, LevelError> {
        let words: Vec<&str> = s.split_whitespace().collect();
        if let [mid, m, end, e] = words[..]
            && mid.eq_ignore_ascii_case("mid")
            && end.eq_ignore_ascii_case("end")
        {
            let depth = |t: &str, lo: u32| t.parse::<u32>().ok().filter(|d| (lo..=60).contains(d));
            return match (depth(m, 1), depth(e, 0)) {
                (Some(mid_depth), Some(end_depth)) => Ok(Level {
                    mid_depth,
                    end_depth,
                }),
                _ => Err(LevelError {
                    text: s.trim().to_string(),
                    expected: "mid M end E with M from 1 to 60 and E from 0 to 60".into(),
                }),
            };
        }
        <Level as zerosum::Level>::parse_in_range(s)
    }
}

impl zerosum::Level for Level {
    fn all() -> Vec<Level> {
        (1..=Level::MAX)
            .map(Level::numbered)
            .chain([Level::PERFECT])
            .collect()
    }
    fn default_level() -> Level {
        Level::numbered(4)
    }
}

/// The Othello engine: the [`Midgame`] search with the [`Pattern`] evaluation and the
/// exact [`Solver`] for the endgame, each with its own table (and the core [`Searcher`]
/// for [`Engine::analyze_midgame`]).
///
/// Scores: exact results in discs; midgame values in hundredths of a disc (the
/// evaluation's estimate of the final disc difference).
///
/// A depth limit ([`Limits::depth`]) that reaches every end of the game (a depth of at
/// least the empty squares, or one less when the side to move has a disc move) asks for
/// what the exact solver gives: the solve, without a midgame search. With no time or
/// node limit beside it, that solve runs to its end, which from the opening is far beyond
/// reach (a library user's report: `Limits::depth(1000)` from the start never returned).
///
/// A node limit ([`Limits::nodes`]) is a hard cap: the result counts at most that many
/// nodes, an abandoned solve's included, depth 1 included. A limit too small for one
/// depth-1 child (`0`) gives depth 0: the first legal move by the static square order,
/// valued by the static evaluation, never marked exact (see [`crate::midgame`]). A cap
/// the solve's cost estimate fits under (`Limits::nodes(u64::MAX)`) lets the perfect
/// level solve from any position, as with no limit: from the opening that never ends (a
/// library tester's report).
///
/// The exact solve that only a stop flag ends (the perfect level with neither a time nor
/// a node limit, as a UI's "think until I say stop" asks for it) comes after the level's
/// 12-ply midgame search when more than 16 squares are empty: stopped during the solve,
/// the engine plays the midgame's move (before, a 1-ply search's).
///
/// ```
/// use othello::prelude::*;
/// use othello::{Engine, Level, Limits, Othello};
/// // FFO #1-style endgame: 14 empties, solved exactly at level 7 (exact from 14).
/// let g = Othello::from_obf_line(
///     "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X").unwrap();
/// let mut engine = Engine::default();
/// engine.set_level(Level::numbered(7));
/// let r = engine.think(&g, &Limits::default(), &mut |_| {});
/// assert!(r.exact);
/// assert_eq!(Engine::score_text(r.score, r.exact), "+18 discs");
/// ```
pub struct Engine {
    level: Level,
    midgame: Midgame,
    searcher: Searcher<Othello>,
    solver: Solver,
}

impl Default for Engine {
    /// The default level, 32 MiB for each table.
    fn default() -> Self {
        Engine::new(32)
    }
}

impl Engine {
    /// At most this many empty squares, [`Engine::move_values`] tries exact values.
    pub const EXACT_VALUE_EMPTIES: u32 = 16;

    /// An engine at the default level with `tt_mib` MiB for each of its tables (midgame
    /// and endgame; the analysis searcher gets a sixteenth).
    ///
    /// # Panics
    ///
    /// When the system refuses the tables' memory (see [`Engine::try_new`], which returns
    /// an error instead: use it for a size the user chose).
    pub fn new(tt_mib: usize) -> Self {
        Self::try_new(tt_mib).unwrap_or_else(|e| panic!("{e}"))
    }

    /// [`Engine::new`], or an error when the system refuses the tables' memory.
    ///
    /// # Errors
    ///
    /// [`zerosum::TableAllocError`] with the size of the table refused, in bytes.
    pub fn try_new(tt_mib: usize) -> Result<Self, zerosum::TableAllocError> {
        Self::try_with_tables(tt_mib, tt_mib)
    }

    /// [`Engine::try_new`] with a table of `midgame_mib` MiB for the midgame search (the
    /// analysis searcher gets a sixteenth) and one of `solver_mib` MiB for the exact
    /// solver: a caller that only solves (an exact analysis) keeps the search's small.
    ///
    /// # Errors
    ///
    /// [`zerosum::TableAllocError`] with the size of the table refused, in bytes.
    pub fn try_with_tables(
        midgame_mib: usize,
        solver_mib: usize,
    ) -> Result<Self, zerosum::TableAllocError> {
        // Decode the shipped pattern weights now (tens of milliseconds, once per process),
        // so that no search pays it inside its time limit.
        crate::eval::pattern::shipped();
        Ok(Engine {
            level: <Level as zerosum::Level>::default_level(),
            midgame: Midgame::try_new(midgame_mib)?,
            searcher: Searcher::try_new((midgame_mib / 16).max(1))?,
            solver: Solver::try_new(solver_mib)?,
        })
    }

    /// The midgame: iterative deepening with aspiration windows and the trained
    /// evaluation, to at most `depth` plies, under `budget` (score in hundredths of a
    /// disc); with multi-ProbCut (t = 1.5) when `budget` has a time or
    /// node limit.
    pub fn midgame(
        &mut self,
        game: &Othello,
        depth: u32,
        budget: &Budget,
        observer: &mut Observer<'_, Move>,
    ) -> SearchResult<Move> {
        if game.outcome().is_some() {
            let mut g = game.clone();
            return self
                .searcher
                .search_within(&mut g, &mut Pattern, Some(1), budget, observer);
        }
        // Selective under a clock or a node limit, where it buys depth; a fixed depth
        // keeps its exact fixed-depth values.
        self.midgame.set_selectivity(if budget.is_bounded() {
            Some(MIDGAME_SELECTIVITY)
        } else {
            None
        });
        self.midgame
            .search(shipped(), game.board(), depth, budget, observer)
    }

    /// The endgame: the exact final disc difference and its principal variation (the
    /// best move first, a forced pass written `PS`), or `None` when the move cannot be
    /// had within `budget`. Once the move is known the line is followed to the game's
    /// end by narrow-window solves on the same table (at most 4,000,000 more nodes, and
    /// within `budget`); their nodes count in the result's. A finished game: its final
    /// disc difference, exact, with no move (a library user's report: it was `None`).
    pub fn endgame(&mut self, game: &Othello, budget: &Budget) -> Option<SearchResult<Move>> {
        self.endgame_with_line(game, budget, budget)
    }

    /// [`Engine::endgame`] with the solve under `solve` and its line under `line` (at
    /// most [`LINE_NODES`] of what `line` has left after the solve's nodes): a search
    /// that gave the solve only a part of its budget lets the line use the rest.
    fn endgame_with_line(
        &mut self,
        game: &Othello,
        solve: &Budget,
        line: &Budget,
    ) -> Option<SearchResult<Move>> {
        if game.outcome().is_some() {
            return Some(finished(game));
        }
        let empties = game.board().empties();
        self.solver.reset_nodes();
        let s = self.solver.solve_within(game.board(), solve)?;
        let mv = s.best_move?;
        let nodes = self.solver.nodes();
        let allowance = line
            .node_limit()
            .map_or(LINE_NODES, |n| n.saturating_sub(nodes).min(LINE_NODES));
        let pv = self.perfect_line(game.board(), mv, s.score, &line.share(1.0, Some(allowance)));
        let mut r = SearchResult::solved(
            mv,
            Score(s.score),
            empties,
            self.solver.nodes(),
            solve.elapsed(),
        );
        r.pv = pv;
        Some(r)
    }

    /// The principal variation of an exact solve: `first`, whose exact value for the side
    /// to move of `board` is `score`, then at each ply a move that keeps the value (found
    /// by a solve with the window `(v − 1, v + 1)`, which holds only the value `v` as
    /// scores are even; the table still holds most of the first solve), a forced pass
    /// included, to the end of the game. Cut short when `budget` (at most
    /// [`LINE_NODES`] nodes) runs out; `first` alone at worst. The same line as Edax's
    /// principal variation in value, not always in moves: ties are broken by the solver's
    /// move order.
    fn perfect_line(
        &mut self,
        board: Board,
        first: Move,
        score: i32,
        budget: &Budget,
    ) -> Vec<Move> {
        let mut line = vec![first];
        let start = self.solver.nodes();
        let mut b = board;
        let mut v = score;
        let mut mv = first;
        loop {
            b = if mv.is_pass() {
                b.pass()
            } else {
                match b.play(mv.index() as u32) {
                    Some(next) => next,
                    None => break,
                }
            };
            v = -v;
            if b.moves() == 0 && b.opponent_moves() == 0 {
                break;
            }
            // Each solve counts its nodes from its start: what is left of the line's.
            let left = budget
                .node_limit()
                .map(|n| n.saturating_sub(self.solver.nodes() - start));
            let Some(s) =
                self.solver
                    .solve_window_within(b, v - 1, v + 1, &budget.share(1.0, left))
            else {
                break;
            };
            match s.best_move {
                Some(next) if s.score == v => {
                    line.push(next);
                    mv = next;
                }
                _ => break,
            }
        }
        line
    }

    /// Every legal move's value from a midgame search of `depth` plies in analysis mode
    /// (each move searched with the full window, so every value is exact at that depth):
    /// what an `analyze` command shows.
    pub fn analyze_midgame(&mut self, game: &Othello, depth: u32) -> SearchResult<Move> {
        self.analyze_midgame_within(game, depth, &Budget::unlimited())
    }

    /// [`Engine::analyze_midgame`] unless `budget` (time, nodes, stop flag) runs out
    /// first: then the result of the last finished iteration (its `depth` says which).
    pub fn analyze_midgame_within(
        &mut self,
        game: &Othello,
        depth: u32,
        budget: &Budget,
    ) -> SearchResult<Move> {
        self.analyze_midgame_reporting(game, depth, budget, |_| {})
    }

    /// [`Engine::analyze_midgame_within`] that calls `report` after each finished
    /// iteration (its depth, the best move's value and principal variation).
    pub fn analyze_midgame_reporting(
        &mut self,
        game: &Othello,
        depth: u32,
        budget: &Budget,
        report: impl FnMut(&Report<Move>),
    ) -> SearchResult<Move> {
        let mut g = game.clone();
        self.searcher.set_analysis(true);
        let r =
            self.searcher
                .search_within(&mut g, &mut Pattern, Some(depth.max(1)), budget, report);
        self.searcher.set_analysis(false);
        r
    }

    /// Every legal move of `game` valued by a `depth`-ply analysis search
    /// ([`Engine::analyze_midgame`]), best first, every value in discs: the core search
    /// scores a finished game as a win or loss "in N plies" without its disc margin, so a
    /// move whose value is such a proven result is solved exactly instead when the solve
    /// is small, else shown as ±64.00 ([`Engine::root_move_values`]). Exact values
    /// ([`MoveValue::exact`]) are final disc differences, the others evaluations in
    /// hundredths of a disc; the order compares both in hundredths.
    pub fn analyze_depth(&mut self, game: &Othello, depth: u32) -> Vec<MoveValue> {
        self.analyze_depth_within(game, depth, &Budget::unlimited())
            .0
    }

    /// [`Engine::analyze_depth`] unless `budget` (time, nodes, stop flag) runs out
    /// first: then every move's value at the deepest depth finished (at least 1 ply).
    /// Returns the values, best first, and the depth in plies of that shallower
    /// analysis when the budget cut it (`None` when the values are those of `depth`, or
    /// final sooner: every line ended the game or proved a win or loss).
    pub fn analyze_depth_within(
        &mut self,
        game: &Othello,
        depth: u32,
        budget: &Budget,
    ) -> (Vec<MoveValue>, Option<u32>) {
        let r = self.analyze_midgame_within(game, depth, budget);
        let values = self.root_move_values(game, &r.root_moves, r.depth);
        let final_sooner = r.exact || values.iter().all(|v| v.exact);
        let cut = (r.depth < depth.max(1) && !final_sooner).then_some(r.depth);
        (values, cut)
    }

    /// The values of an analysis search's root moves (`root`, from
    /// [`Engine::analyze_midgame`] of `game`, which reached `depth` plies) in discs, best
    /// first, as [`Engine::analyze_depth`] gives them: a move whose position has at most
    /// `depth` empty squares (its solve costs less than the search did) is solved
    /// exactly to its final disc difference; so is a move whose score is a proven win or
    /// loss (a game end within the search's depth) when the solve takes at most
    /// 4,000,000 nodes, else (a proof that the game can be ended is not a proof of its
    /// margin: a tester's 44-empty position solved for minutes) it is shown as the
    /// evaluation's extreme for its side, ±64.00 discs, not exact, with
    /// [`MoveValue::proven`] set; the others keep their evaluation in hundredths of a disc.
    pub fn root_move_values(
        &mut self,
        game: &Othello,
        root: &[RootMove<Move>],
        depth: u32,
    ) -> Vec<MoveValue> {
        self.root_move_values_capped(game, root, depth, PROVEN_SOLVE_NODES)
    }

    /// [`Engine::root_move_values`] with `cap` nodes for the solve of a proven game end.
    fn root_move_values_capped(
        &mut self,
        game: &Othello,
        root: &[RootMove<Move>],
        depth: u32,
        cap: u64,
    ) -> Vec<MoveValue> {
        let mut values: Vec<MoveValue> = root
            .iter()
            .map(|rm| {
                let mut child = game.clone();
                child.play(rm.mv);
                let within = 64 - child.stones_on_board() <= depth;
                if !rm.score.is_decisive() && !within {
                    return MoveValue {
                        mv: rm.mv,
                        value: rm.score.0,
                        exact: false,
                        proven: false,
                    };
                }
                let solved = if within {
                    Some(self.solver.solve(child.board()))
                } else {
                    self.solver
                        .solve_within(child.board(), &Budget::new(&Limits::nodes(cap)))
                };
                match solved {
                    Some(s) => MoveValue {
                        mv: rm.mv,
                        value: -s.score,
                        exact: true,
                        proven: false,
                    },
                    None => MoveValue {
                        mv: rm.mv,
                        value: if rm.score.is_win() {
                            MAX_VALUE
                        } else {
                            -MAX_VALUE
                        },
                        exact: false,
                        proven: true,
                    },
                }
            })
            .collect();
        values.sort_by_key(|v| std::cmp::Reverse(if v.exact { v.value * 100 } else { v.value }));
        values
    }

    /// Every legal move's value for the side to move, best first, as an analysis shows
    /// it: the exact final disc differences (`exact` set, scores in discs) when at most
    /// [`Engine::EXACT_VALUE_EMPTIES`] squares are empty and the solver values every move
    /// within half of `limits` (all the moves together; the whole of them when they have
    /// neither a time nor a node limit); else the evaluation after a `depth`-ply
    /// analysis search ([`Engine::analyze_midgame_within`]) within what `limits` leaves
    /// (its time, its nodes less the solves', its stop flag): when they run out first,
    /// the last finished iteration's values (the result's `depth` says which; the first
    /// iteration always finishes). `None` when the stop flag of `limits` is set before
    /// the evaluation. The nodes reported are all those spent: after solves that ran out
    /// of the limit, the search's and the solves' (the one that gave up included). A
    /// finished game: its final disc difference, exact, with no move (a library user's
    /// report: it was the core search's `loss in 0`).
    pub fn move_values(
        &mut self,
        game: &Othello,
        limits: &Limits,
        depth: u32,
    ) -> Option<SearchResult<Move>> {
        if game.outcome().is_some() {
            return Some(finished(game));
        }
        let empties = 64 - game.stones_on_board();
        let budget = &Budget::new(limits);
        // Under a time or node limit the solves get half of it, as `think`'s do, so that
        // the search after solves that gave up still has the other half (it had what they
        // left: a 1-ply search).
        let exact = budget.exact_part(limits);
        // Nodes of the exact solves when they did not value every move.
        let mut spent = 0;
        if empties <= Self::EXACT_VALUE_EMPTIES {
            let mut list = zerosum::MoveList::new();
            game.legal_moves(&mut list);
            let (mut root, mut nodes) = (Vec::new(), 0);
            for &mv in list.iter() {
                let mut child = game.clone();
                child.play(mv);
                // One node limit for all the moves' solves.
                let part = exact.rest_of_nodes(nodes);
                let before = self.solver.nodes();
                let Some(s) = self.solver.solve_within(child.board(), &part) else {
                    // The solve that gave up spent nodes too.
                    nodes += self.solver.nodes() - before;
                    break;
                };
                nodes += s.nodes;
                let (score, bound) = (Score(-s.score), Bound::Exact);
                root.push(RootMove { mv, score, bound });
            }
            root.sort_by_key(|m| -m.score.0);
            if let (Some(best), true) = (root.first(), root.len() == list.len()) {
                let elapsed = budget.elapsed();
                let mut r = SearchResult::solved(best.mv, best.score, empties, nodes, elapsed);
                r.root_moves = root;
                return Some(r);
            }
            spent = nodes;
        }
        let stopped = limits.stop.as_ref().is_some_and(|s| s.is_stopped());
        (!stopped).then(|| {
            let mut r = self.analyze_midgame_within(game, depth, &budget.rest_of_nodes(spent));
            r.stats.nodes += spent;
            r
        })
    }

    /// The exact solver (for `solve` and `analyze`).
    pub fn solver(&mut self) -> &mut Solver {
        &mut self.solver
    }
}

/// The most nodes [`Engine::root_move_values`] spends on the exact value of a move whose
/// game end the analysis search proved (a fraction of a second; FFO-sized solves of 20
/// empties take millions).
const PROVEN_SOLVE_NODES: u64 = 4_000_000;

/// One move's value in a depth-limited analysis ([`Engine::analyze_depth`]), for the
/// player who made the move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveValue {
    /// The move.
    pub mv: Move,
    /// The final disc difference (−64 to +64) when `exact`, else the evaluation in
    /// hundredths of a disc.
    pub value: i32,
    /// True when the value is a proven final disc difference.
    pub exact: bool,
    /// True when the analysis search proved that this move's line ends the game (a
    /// win when `value` is positive, a loss when negative) but the solve of its final
    /// disc difference ran past its node cap: `value` is then the evaluation's extreme,
    /// ±6,400 hundredths (±64.00 discs), and `exact` is false. A won game's disc
    /// difference is at least +2 (the empty squares go to the winner, so it is even).
    pub proven: bool,
}

/// Multi-ProbCut's threshold in the midgame under a time or node limit, in standard
/// deviations of the regression's error ([`crate::midgame::PROBCUT_FITS`]). At 20 ms
/// of thread CPU per move it scored 82.5 % against the same search without ProbCut
/// (200 games, see the crate's FIGURES.md).
const MIDGAME_SELECTIVITY: f64 = 1.5;

/// The deepest midgame search, in plies (the strongest level under a budget).
const MAX_MIDGAME_DEPTH: u32 = 60;

/// Nodes the exact solver needs at 20 empties, roughly: the mean of the 20-empties
/// positions of FFO #20–#39 (about 7 M, measured with this solver in 2026).
const EXACT_NODES_AT_20: f64 = 7.0e6;
/// How many times more nodes each more empty square costs the exact solver, roughly: a
/// pessimistic envelope. FFO #40–#49 (20–26 empties) took 10–198 M nodes in December
/// 2026, a growth of 1.5 a square by a least-squares fit; 2 puts the hard ones (#45,
/// 198 M at 24 empties; #49, 164 M at 26) within twice the estimate. Until then it was
/// 2.8 (from an older, slower solver: about 160 M nodes at 23 empties), which put FFO
/// #44 (23 empties, solved in 11 M nodes and 0.47 s) at 154 M: at 3 s a move it was
/// not even tried, and the answer was an evaluation (see FIGURES.md).
const EXACT_GROWTH: f64 = 2.0;
/// Exact-solver nodes per second assumed when only time limits a solve: the solver ran
/// at 25.5 M nodes per second over FFO #40–#49 in December 2026 (14–19 M in earlier
/// builds).
const EXACT_NODES_PER_SECOND: f64 = 25.0e6;
/// How much more than the budget allows a solve may be estimated to cost and still be
/// tried: the estimate is for hard positions, and most positions solve faster.
const EXACT_OPTIMISM: f64 = 4.0;

/// True when an exact solve at `empties` may finish within `budget` (its node limit, or
/// its time at [`EXACT_NODES_PER_SECOND`]), by the estimate of [`EXACT_NODES_AT_20`] and
/// [`EXACT_GROWTH`] with [`EXACT_OPTIMISM`]; always true for an unbounded budget (the
/// solver then runs until done or stopped). Without it, the strongest level spent half of
/// every midgame move's time on a solve at 40 or 60 empties that could never finish.
fn exact_may_fit(empties: u32, budget: &Budget) -> bool {
    let by_time = budget
        .maximum()
        .map(|t| t.saturating_sub(budget.elapsed()).as_secs_f64() * EXACT_NODES_PER_SECOND);
    let by_nodes = budget.node_limit().map(|n| n as f64);
    let affordable = match (by_time, by_nodes) {
        (Some(t), Some(n)) => t.min(n),
        (Some(a), None) | (None, Some(a)) => a,
        (None, None) => return true,
    };
    let estimate = EXACT_NODES_AT_20 * EXACT_GROWTH.powi(empties as i32 - 20);
    estimate <= EXACT_OPTIMISM * affordable
}

/// Most nodes the engine spends, under a game clock, on a position with a single legal
/// move (or a forced pass): the move is played whatever the search finds, so the search
/// only values it (about 15 plies of midgame, or an exact solve of up to about 16
/// empties). Without the cap such a move uses its whole share of the clock (see
/// FIGURES.md).
const SINGLE_MOVE_NODES: u64 = 200_000;
/// The part of the time a position with a single legal move may use under a game clock
/// (a bound for slow machines; [`SINGLE_MOVE_NODES`] usually stops the search first).
const SINGLE_MOVE_TIME: f64 = 1.0 / 16.0;

/// True when the side to move of `game` has exactly one legal move: one square, or a
/// pass because it has none while the opponent has some.
fn single_move(game: &Othello) -> bool {
    let board = game.board();
    match board.moves().count_ones() {
        0 => board.opponent_moves() != 0,
        n => n == 1,
    }
}

/// The node budget of the exact solve tried when the midgame's principal variation
/// ends the game (most such positions are solved in a few hundred nodes).
const END_PROBE_NODES: u64 = 20_000;

/// Empty squares above which an exact solve that only a stop flag can end (a UI's "think
/// until I say stop", NBoard's `go` at the perfect level without a clock) comes after the
/// level's midgame search, whose move is played when the solve is stopped. At 16
/// empties the solve takes about 20 ms ([`EXACT_NODES_AT_20`] halved four times, at
/// [`EXACT_NODES_PER_SECOND`]); from there it doubles with each empty square, and a stop
/// during it used to leave only a 1-ply search.
const SEARCH_BEFORE_SOLVE_EMPTIES: u32 = 16;

/// The solver nodes [`Engine::perfect_line`] may spend on the principal variation of an
/// exact solve once its move is known (the first solve's table makes most of them
/// cheap: FFO #40's line of 20 moves took a small part of its solve's nodes).
const LINE_NODES: u64 = 4_000_000;

/// True when the first move of `pv` takes every disc of the opponent (a wipe-out): the
/// game ends at once with the mover 64 discs ahead, the best result there is.
fn wipes_out(game: &Othello, pv: &[Move]) -> bool {
    let Some(&mv) = pv.first() else {
        return false;
    };
    if game.outcome().is_some() || !game.is_legal(mv) {
        return false;
    }
    let mut child = game.clone();
    child.play(mv);
    child.outcome().is_some() && -child.final_score() == 64
}

/// A finished game's result: no move, and its exact value in discs, the final disc
/// difference for the side to move (the core search scores it `win in 0` or `loss in
/// 0`, without the margin).
fn finished(game: &Othello) -> SearchResult<Move> {
    SearchResult {
        best_move: None,
        score: Score(game.final_score()),
        bound: Bound::Exact,
        depth: 0,
        pv: Vec::new(),
        root_moves: Vec::new(),
        stats: Default::default(),
        exact: true,
    }
}

/// True when playing `pv` from `game` finishes the game.
fn pv_ends_game(game: &Othello, pv: &[Move]) -> bool {
    let mut g = game.clone();
    for &mv in pv {
        if g.outcome().is_some() || !g.is_legal(mv) {
            return false;
        }
        g.play(mv);
    }
    !pv.is_empty() && g.outcome().is_some()
}

impl zerosum::Engine for Engine {
    type Game = Othello;
    type Level = Level;

    fn level_mut(&mut self) -> &mut Level {
        &mut self.level
    }

    fn think(
        &mut self,
        game: &Othello,
        limits: &Limits,
        observer: &mut Observer<'_, Move>,
    ) -> SearchResult<Move> {
        if game.outcome().is_some() {
            return finished(game);
        }
        // A report that sums the nodes of several searches (a midgame and a solve) gives
        // the time of them all: its node rate was the sum over the last search's time
        // (1.12G nodes/s after `m` stopped a perfect solve in the play screen).
        let started = std::time::Instant::now();
        let mut budget = Budget::new(limits);
        let mut limits = limits;
        let capped;
        if limits.clock.is_some() && single_move(game) {
            // One legal move (or a forced pass): it is played whatever the search finds,
            // which only values it, so the search gets a small part of the budget.
            let cap = limits
                .nodes
                .map_or(SINGLE_MOVE_NODES, |n| n.min(SINGLE_MOVE_NODES));
            budget = budget.share(SINGLE_MOVE_TIME, Some(cap));
            capped = Limits {
                nodes: Some(cap),
                ..limits.clone()
            };
            limits = &capped;
        }
        let level = self.level;
        let empties = game.board().empties();
        let exact = budget.exact_part(limits);
        // Nodes the exact solver spent before it gave up: they count against a node
        // limit, and in the report.
        let mut spent = 0;
        // A depth limit that reaches every game end asks for what the solver gives; so
        // does one that reaches the end after each move with a disc (the depth then
        // covers every empty square the move leaves), as `analyze --depth` solves each
        // such move ([`Engine::root_move_values`]).
        let solve_here = match limits.depth {
            None => empties <= level.end_depth,
            Some(d) => d >= empties || (d + 1 >= empties && game.board().moves() != 0),
        };
        // The strongest level under a time or node limit deepens as far as the budget
        // goes; its 12 plies are the depth of an unlimited search.
        let depth = match limits.depth {
            Some(d) => d,
            None if level == Level::PERFECT && budget.is_bounded() => MAX_MIDGAME_DEPTH,
            None => level.mid_depth,
        };
        // A long solve that only a stop flag ends: the midgame's move first, to be played
        // if the solve is stopped.
        let mut searched = None;
        if solve_here
            && limits.depth.is_none()
            && !budget.is_bounded()
            && budget.can_be_stopped()
            && empties > SEARCH_BEFORE_SOLVE_EMPTIES
        {
            searched = Some(self.midgame(game, depth, &budget, observer));
        }
        let searched_nodes = searched.as_ref().map_or(0, |r| r.stats.nodes);
        if solve_here && exact_may_fit(empties, &exact) && game.outcome().is_none() {
            if let Some(mut r) = self.endgame_with_line(game, &exact, &budget) {
                r.stats.nodes += searched_nodes;
                r.stats.elapsed = started.elapsed();
                observer(&r.report());
                return r;
            }
            spent = self.solver.nodes();
        }
        let mut r = match searched {
            Some(r) => r,
            None => self.midgame(game, depth, &budget.rest_of_nodes(spent), observer),
        };
        // The midgame's last report left out the nodes of solves around it: a front end
        // that shows reports (the play screen) gets the whole count once more at the end.
        let reported = r.stats.nodes;
        r.stats.nodes += spent;
        // The midgame searched to the end of the game (selectively, so its value is no
        // proof) before its budget ran out: the rest of the budget goes to an exact
        // solve, which often fits in it (FFO #44 at 3 s a move: the midgame reached its
        // 23 empties in 1.9 s, and the solve takes 0.5 s).
        let to_the_end = r.depth >= empties && budget.is_bounded();
        if !r.exact && wipes_out(game, &r.pv) {
            // The move takes every disc: +64, the best any move can do, proven by the
            // move itself (a recheck's report: `+64.00 discs (evaluation)`, where a solve
            // of the whole position was out of reach of its small probe).
            r.score = Score(64);
            r.bound = Bound::Exact;
            r.exact = true;
            r.pv.truncate(1);
            // The other moves' values are the evaluation's, not discs: only this one is
            // known exactly.
            r.root_moves = vec![RootMove {
                mv: r.pv[0],
                score: r.score,
                bound: Bound::Exact,
            }];
            r.stats.elapsed = started.elapsed();
            observer(&r.report());
            return r;
        }
        if !r.exact && (to_the_end || pv_ends_game(game, &r.pv)) {
            // Else the line the evaluation chose ends the game (a wipe-out, say): a
            // small solve often proves its value, which is then reported as exact.
            let left = match limits.nodes {
                Some(n) if to_the_end => Some(n.saturating_sub(r.stats.nodes)),
                None if to_the_end => None,
                n => Some(n.map_or(END_PROBE_NODES, |n| {
                    n.saturating_sub(r.stats.nodes).min(END_PROBE_NODES)
                })),
            };
            if left != Some(0) {
                let probe = budget.share(1.0, left);
                if let Some(mut solved) = self.endgame(game, &probe) {
                    solved.stats.nodes += r.stats.nodes;
                    solved.stats.elapsed = started.elapsed();
                    observer(&solved.report());
                    return solved;
                }
                r.stats.nodes += self.solver.nodes();
            }
        }
        if r.stats.nodes != reported {
            r.stats.elapsed = started.elapsed();
            observer(&r.report());
        }
        r
    }

    fn new_game(&mut self) {}

    fn clear(&mut self) {
        self.midgame.clear();
        self.searcher.clear();
        self.solver.clear();
    }

    /// `+12 discs` for an exact result (the final disc difference), `+3.50 discs
    /// (evaluation)` for the evaluation's estimate (hundredths of a disc),
    /// `win in 9` once the search sees the end. A zero has no sign (`0 discs`, `0.00
    /// discs (evaluation)`), as `solve` and `analyze` write it.
    fn score_text(score: Score, exact: bool) -> String {
        if score.is_decisive() {
            score.to_string()
        } else if exact {
            format!("{} discs", crate::signed_discs(score.0))
        } else {
            format!("{} discs (evaluation)", crate::signed_hundredths(score.0))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;
    use zerosum::Engine as _;

    /// `Level::numbered` clamps a number outside the table into it (a library user's
    /// report: `numbered(0)` showed as `mid 0 end 0`, `numbered(200)` solved from 400
    /// empties), and the table's own numbers are unchanged.
    #[test]
    fn a_numbered_level_outside_the_table_is_clamped() {
        assert_eq!(Level::numbered(0), Level::numbered(1));
        assert_eq!(Level::numbered(200), Level::numbered(Level::MAX));
        assert_eq!(Level::numbered(0).to_string(), "1");
        assert_eq!(Level::numbered(255).to_string(), "10");
        for n in 1..=Level::MAX {
            let l = Level::numbered(n);
            assert_eq!((l.mid_depth, l.end_depth), (u32::from(n), 2 * u32::from(n)));
        }
    }

    /// Every level reads back from what `Display` writes (a library user's report:
    /// `mid 5 end 6` was refused); bad depths are refused, naming the form.
    #[test]
    fn a_level_reads_back_from_its_text() {
        let custom = Level {
            mid_depth: 5,
            end_depth: 6,
        };
        for level in [
            custom,
            Level::PERFECT,
            Level::numbered(3),
            Level::numbered(10),
        ] {
            assert_eq!(level.to_string().parse::<Level>(), Ok(level));
        }
        assert_eq!("MID 7  End 0".parse::<Level>().map(|l| l.end_depth), Ok(0));
        for bad in ["mid 0 end 6", "mid 5 end 61", "mid x end 6", "mid 5 end"] {
            let e = bad.parse::<Level>().unwrap_err();
            assert_eq!(e.text, bad, "{e:?}");
        }
        assert!(
            "mid 0 end 6"
                .parse::<Level>()
                .unwrap_err()
                .expected
                .contains("mid M end E")
        );
    }

    /// A move that wipes the opponent out is +64 discs, exact, whatever the level (a
    /// recheck's report: `bestmove c5 score +64.00 discs (evaluation)` after the shortest
    /// game's eight plies, 52 squares empty).
    #[test]
    fn a_wipe_out_is_an_exact_plus_64() {
        let mut g = Othello::new();
        for m in ["e6", "f4", "e3", "f6", "g5", "d6", "e7", "f5"] {
            g.play(m.parse().unwrap());
        }
        for level in [Level::numbered(1), Level::numbered(4)] {
            let mut engine = Engine::new(1);
            engine.set_level(level);
            let r = engine.think(&g, &Limits::default(), &mut |_| {});
            assert_eq!(r.best_move, Some("c5".parse().unwrap()), "{r:?}");
            assert!(r.exact, "{r:?}");
            assert_eq!(Engine::score_text(r.score, r.exact), "+64 discs");
        }
    }

    /// A move whose game end the analysis search proved is solved to its margin within
    /// the node cap, else marked `proven` at the evaluation's extreme: after white's f5
    /// black's c5 takes every disc (the shortest game, 52 squares empty).
    #[test]
    fn a_proven_game_end_past_the_cap_is_marked_proven() {
        let mut g = Othello::new();
        for m in ["e6", "f4", "e3", "f6", "g5", "d6", "e7"] {
            g.play(m.parse().unwrap());
        }
        let f5: Move = "f5".parse().unwrap();
        let mut engine = Engine::new(1);
        let r = engine.analyze_midgame(&g, 2);
        let root = r.root_moves.clone();
        assert!(
            root.iter().any(|rm| rm.mv == f5 && rm.score.is_loss()),
            "{root:?}"
        );
        let f5_value = |values: &[MoveValue]| *values.iter().find(|v| v.mv == f5).unwrap();
        let solved = f5_value(&engine.root_move_values(&g, &root, 2));
        assert_eq!(
            (solved.value, solved.exact, solved.proven),
            (-64, true, false)
        );
        let capped = f5_value(&engine.root_move_values_capped(&g, &root, 2, 1));
        assert_eq!(
            (capped.value, capped.exact, capped.proven),
            (-MAX_VALUE, false, true)
        );
        // The other moves keep their evaluation.
        let others = engine.root_move_values_capped(&g, &root, 2, 1);
        assert!(others.iter().filter(|v| v.mv != f5).all(|v| !v.proven));
    }

    #[test]
    fn a_zero_is_written_without_a_sign() {
        assert_eq!(Engine::score_text(Score(0), true), "0 discs");
        assert_eq!(
            Engine::score_text(Score(0), false),
            "0.00 discs (evaluation)"
        );
        assert_eq!(Engine::score_text(Score(-2), true), "-2 discs");
        assert_eq!(
            Engine::score_text(Score(350), false),
            "+3.50 discs (evaluation)"
        );
    }

    #[test]
    fn impossible_tables_are_an_error() {
        let e = Engine::try_new(usize::MAX).err().unwrap();
        assert!(e.bytes > isize::MAX as usize, "{e:?}");
    }

    fn budget(time_ms: Option<u64>, nodes: Option<u64>) -> Budget {
        Budget::new(&Limits {
            time: time_ms.map(Duration::from_millis),
            nodes,
            ..Limits::default()
        })
    }

    #[test]
    fn exact_solves_are_tried_only_where_they_may_fit() {
        assert!(exact_may_fit(60, &Budget::unlimited()));
        // 1 s at 15 M nodes/s: about 22 empties with the optimism factor, not 30.
        assert!(exact_may_fit(16, &budget(Some(1000), None)));
        assert!(!exact_may_fit(30, &budget(Some(1000), None)));
        // The tighter of the two limits decides.
        assert!(!exact_may_fit(16, &budget(Some(1000), Some(1000))));
        assert!(exact_may_fit(12, &budget(None, Some(1_000_000))));
        assert!(!exact_may_fit(40, &budget(None, Some(1_000_000_000))));
    }

    /// A perfect search stopped during its exact solve plays the midgame's move, and the
    /// last report an observer gets counts the abandoned solve's nodes as the result does
    /// (the play screen showed `nodes 4` after a 63 M-node solve was stopped).
    #[test]
    fn a_stopped_solve_s_nodes_reach_the_last_report() {
        let mut engine = Engine::new(1);
        engine.set_level(Level::PERFECT);
        let stop = zerosum::search::StopFlag::new();
        let limits = Limits::default().with_stop(stop.clone());
        let stopper = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(200));
            stop.stop();
        });
        let mut last = None;
        let r = engine.think(&Othello::new(), &limits, &mut |report| {
            last = Some(report.nodes);
        });
        stopper.join().unwrap();
        assert!(r.best_move.is_some() && !r.exact);
        assert!(r.stats.nodes > 10_000, "{}", r.stats.nodes);
        assert_eq!(last, Some(r.stats.nodes));
    }

    /// The strongest level with a node budget at 60 empties goes straight to the midgame
    /// search: its exact solver is not run at all (it used to take half the budget).
    #[test]
    fn the_strongest_level_does_not_try_to_solve_the_opening() {
        let mut engine = Engine::new(1);
        engine.set_level(Level::PERFECT);
        let limits = Limits {
            nodes: Some(20_000),
            ..Limits::default()
        };
        let r = engine.think(&Othello::new(), &limits, &mut |_| {});
        assert!(r.best_move.is_some() && !r.exact);
        assert_eq!(engine.solver().nodes(), 0);
    }
}
