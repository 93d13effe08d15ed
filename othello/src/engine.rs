//! [`Engine`]: the Othello player behind [`zerosum::Engine`] — a midgame search with the
//! [`Strong`] evaluation, and the exact endgame [`Solver`] from [`Level::end_depth`]
//! empties on (the scheme of Edax's and neural-reversi's level tables).
//!
//! The two pieces are meant to be replaced independently: the evaluation (`Strong`
//! today: the trained `Pattern` lost the match against it, see the crate README) in [`Engine::midgame`], the endgame solver in [`Engine::endgame`].

use crate::eval::Strong;
use crate::solver::Solver;
use crate::{Move, Othello};
use std::fmt;
use std::str::FromStr;
use zerosum::search::{Limits, SearchResult, Searcher};
use zerosum::time::Budget;
use zerosum::{Game, Observer, Score};

/// How strong the Othello engine plays: the midgame search depth, and the number of
/// empty squares from which it solves the endgame exactly (final disc difference).
///
/// | level | `mid_depth` | `end_depth` |
/// |---|---|---|
/// | `1`…`10` (default 4) | `n` plies | `2n` empties |
/// | `perfect` | 12 plies | 60 empties (always exact when it fits the budget) |
///
/// With a time limit the midgame search deepens until the time is used (`mid_depth`
/// still caps it), and an exact solve that does not finish within its share of the time
/// hands over to the search.
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

    /// Level `n` of the table: `n` plies, exact from `2n` empties.
    pub const fn numbered(n: u8) -> Level {
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
    type Err = String;
    fn from_str(s: &str) -> Result<Level, String> {
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

/// The Othello engine: the core [`Searcher`] with the [`Strong`] evaluation for the
/// midgame and the exact [`Solver`] for the endgame, each with its own table.
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
    /// An engine at the default level with `tt_mib` MiB for each of its two tables.
    pub fn new(tt_mib: usize) -> Self {
        Engine {
            level: <Level as zerosum::Level>::default_level(),
            searcher: Searcher::new(tt_mib),
            solver: Solver::new(tt_mib),
        }
    }

    /// The midgame: iterative deepening with the evaluation, to at most `depth` plies,
    /// under `budget`.
    pub fn midgame(
        &mut self,
        game: &Othello,
        depth: u32,
        budget: &Budget,
        observer: &mut Observer<'_, Move>,
    ) -> SearchResult<Move> {
        let mut g = game.clone();
        self.searcher.set_analysis(false);
        self.searcher
            .search_within(&mut g, &mut Strong, Some(depth), budget, observer)
    }

    /// The endgame: the exact final disc difference and a best move, or `None` when it
    /// cannot be had within `budget`.
    pub fn endgame(&mut self, game: &Othello, budget: &Budget) -> Option<SearchResult<Move>> {
        let empties = game.board().empties();
        self.solver.reset_nodes();
        let s = self.solver.solve_within(game.board(), budget)?;
        let mv = s.best_move?;
        let elapsed = budget.elapsed();
        Some(SearchResult::solved(
            mv,
            Score(s.score),
            empties,
            s.nodes,
            elapsed,
        ))
    }

    /// Every legal move's value from a midgame search of `depth` plies in analysis mode
    /// (each move searched with the full window, so every value is exact at that depth):
    /// what an `analyze` command shows.
    pub fn analyze_midgame(&mut self, game: &Othello, depth: u32) -> SearchResult<Move> {
        let mut g = game.clone();
        self.searcher.set_analysis(true);
        let r = self.searcher.search_within(
            &mut g,
            &mut Strong,
            Some(depth.max(1)),
            &Budget::unlimited(),
            |_| {},
        );
        self.searcher.set_analysis(false);
        r
    }

    /// The exact solver (for `solve` and `analyze`).
    pub fn solver(&mut self) -> &mut Solver {
        &mut self.solver
    }
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
        let budget = Budget::new(limits);
        let level = self.level;
        let empties = game.board().empties();
        if limits.depth.is_none()
            && empties <= level.end_depth
            && game.outcome().is_none()
            && let Some(r) = self.endgame(game, &budget.exact_part(limits))
        {
            observer(&r.report());
            return r;
        }
        let depth = limits.depth.unwrap_or(level.mid_depth);
        self.midgame(game, depth, &budget.share(1.0, limits.nodes), observer)
    }

    fn new_game(&mut self) {}

    fn clear(&mut self) {
        self.searcher.clear();
        self.solver.clear();
    }

    /// `+12 discs` for an exact result (the final disc difference), `+35 (evaluation)`
    /// for the evaluation's own units (mobility and corners weigh most; not discs),
    /// `win in 9` once the search sees the end.
    fn score_text(score: Score, exact: bool) -> String {
        if exact && !score.is_decisive() {
            format!("{:+} discs", score.0)
        } else if score.is_decisive() {
            score.to_string()
        } else {
            format!("{:+} (evaluation)", score.0)
        }
    }
}
