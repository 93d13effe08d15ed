//! The Gomoku [`Engine`] behind [`zerosum::Engine`], and its [`Level`]s.

use crate::{Board, Cell, Engine, WeightTable};
use std::fmt;
use std::str::FromStr;
use zerosum::agent::Agent;
use zerosum::search::{Limits, RootMove, SearchResult, SearchStats};
use zerosum::{LevelError, Observer, Score};

/// How strong the Gomoku engine plays, `1`…`8` (default 4).
///
/// | level | play |
/// |---|---|
/// | `1` | the greedy win-line weight table ([`WeightTable`], from seed 004's program) |
/// | `2`…`7` | the engine's search to `level − 1` plies (VCF/VCT at the root, VCF at the leaves) |
/// | `8` | the same search as deep as a time or node limit allows (7 plies without one) |
///
/// There is no `perfect` level, unlike the other games: an exact solver of 15×15
/// Gomoku (Allis' threat-space and proof-number search, 1994) ran for weeks, so no solve
/// fits a move's budget, and a level that only *sometimes* plays perfectly would be
/// mislabelled. What can be exact is already at every level from 2: a proven win by
/// VCF or VCT is played at once (and reported as a decisive score), and a proven VCF of
/// the opponent's leaves only the moves that stop it; otherwise the search plays its
/// best heuristic move. The strongest play is level 8 with the time it is given.
///
/// The root's threat solvers come first at every level from 2, on budgets of their own
/// ([`Engine::root_vcf_nodes`], [`Engine::root_vct_nodes`]: 60,000 nodes together): in a
/// position full of threes and fours level 2 spends about as much as level 4 there (a
/// library user measured about 71,000 nodes for each), so a low level is a weak
/// player, not always a much quicker one. A time or node limit bounds them too.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Level(u8);

impl Level {
    /// The highest level.
    pub const MAX: u8 = 8;

    /// Level `n`, `1..=Level::MAX`; `None` outside.
    pub fn new(n: u8) -> Option<Level> {
        (1..=Self::MAX).contains(&n).then_some(Level(n))
    }

    /// The search depth in plies (0 for the greedy level 1).
    pub fn depth(self) -> u32 {
        u32::from(self.0) - 1
    }

    /// The depth cap under `limits`: the level's depth, none at the top level when time
    /// or nodes bound the search.
    fn depth_under(self, limits: &Limits) -> Option<u32> {
        let bounded = limits.time.is_some() || limits.clock.is_some() || limits.nodes.is_some();
        (self.0 < Self::MAX || !bounded).then(|| self.depth())
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for Level {
    type Err = LevelError;
    fn from_str(s: &str) -> Result<Level, LevelError> {
        <Level as zerosum::Level>::parse_in_range(s)
    }
}

impl zerosum::Level for Level {
    fn all() -> Vec<Level> {
        (1..=Level::MAX).map(Level).collect()
    }
    fn default_level() -> Level {
        Level(4)
    }
    /// Level 1 (the greedy weight table) does not search.
    fn searches(&self) -> bool {
        self.0 > 1
    }
    /// `1-8 (default 4; no perfect level: …)`, so that `--help` and errors say why.
    fn range_text() -> String {
        format!(
            "1-{} (default {}; no perfect level: no exact Gomoku solver fits a move's time)",
            Level::MAX,
            Self::default_level()
        )
    }
}

impl zerosum::Engine for Engine {
    type Game = Board;
    type Level = Level;

    fn level_mut(&mut self) -> &mut Level {
        &mut self.level
    }

    fn think(
        &mut self,
        board: &Board,
        limits: &Limits,
        observer: &mut Observer<'_, Cell>,
    ) -> SearchResult<Cell> {
        if self.level.depth() == 0
            && limits.depth.is_none()
            && zerosum::Game::outcome(board).is_none()
        {
            // No search: the greedy move, valued as a win when it completes a row and
            // otherwise by the static evaluation of the position (depth 0).
            let start = std::time::Instant::now();
            let mv = WeightTable::new().choose(board);
            let wins = mv.is_some_and(|c| {
                board.is_winning_cell(board.index(c), zerosum::Game::side_to_move(board))
            });
            return SearchResult {
                best_move: mv,
                score: if wins {
                    Score::win_in(1)
                } else {
                    self.evaluate(board)
                },
                bound: zerosum::Bound::Exact,
                depth: 0,
                pv: mv.into_iter().collect(),
                root_moves: Vec::new(),
                stats: SearchStats {
                    elapsed: start.elapsed(),
                    ..SearchStats::default()
                },
                exact: wins,
            };
        }
        let mut limits = limits.clone();
        limits.depth = limits.depth.or(self.level.depth_under(&limits));
        let mut reported = false;
        let info = self.search_observed(board, &limits, &mut |r| {
            reported = true;
            observer(r);
        });
        let result = SearchResult {
            best_move: info.best,
            score: info.score,
            bound: info.bound,
            depth: info.depth,
            pv: info.pv,
            root_moves: info
                .candidates
                .iter()
                .map(|c| RootMove {
                    mv: c.cell,
                    score: c.score,
                    bound: c.bound,
                })
                .collect(),
            stats: SearchStats {
                nodes: info.nodes,
                elapsed: info.elapsed,
                ..SearchStats::default()
            },
            exact: info.exact,
        };
        // A result the root decided without an iteration (a solver, a single move, a dead
        // draw) is reported once, so that a front end shows its value as for the others.
        if !reported && result.best_move.is_some() {
            observer(&result.report());
        }
        result
    }

    fn new_game(&mut self) {}

    /// As the other games (`win in 7`, `draw`, `+35 (evaluation)`), except that a win or
    /// loss the tree search found but no solver proved is marked: `win in 17 (search)`,
    /// a win within 17 plies against every defence the search tried, not a proof (see
    /// [`SearchInfo::exact`](crate::SearchInfo::exact)); `win in 9` unmarked is proven
    /// (a VCF or VCT, or the rules).
    fn score_text(score: Score, exact: bool) -> String {
        let text = zerosum::engine::default_score_text(score, exact);
        if score.is_decisive() && !exact {
            format!("{text} (search)")
        } else {
            text
        }
    }

    fn clear(&mut self) {
        Engine::clear(self);
    }
}
