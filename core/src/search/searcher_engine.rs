//! [`SearcherEngine`]: the core [`Searcher`] with an evaluation, as an [`Engine`] — the
//! first engine a new game gets (see `CONTRIBUTING.md`), before it has solvers of its own.

use super::{Limits, SearchResult, Searcher};
use crate::{DepthOrPerfect, Engine, Evaluator, Game, Level, Observer};

/// The core [`Searcher`] (PVS, transposition table, iterative deepening) with the
/// evaluation `E`, behind [`Engine`]. Its levels are a [`DepthOrPerfect`]: level `n`
/// searches `n × plies_per_level` plies, `perfect` deepens until the limits stop it or
/// the whole tree is searched (exact on games small enough).
///
/// ```
/// use zerosum::search::{Limits, SearcherEngine};
/// use zerosum::testing::Drop;
/// use zerosum::{DepthOrPerfect, Engine, ZeroEval};
///
/// // Levels 1-5, default 2; each level searches two plies.
/// let mut engine: SearcherEngine<Drop, ZeroEval, 5, 2> =
///     SearcherEngine::new(ZeroEval, 1).with_plies_per_level(2);
/// assert_eq!(engine.level(), DepthOrPerfect::Depth(2));
/// let mut depths = Vec::new();
/// let r = engine.think(&Drop::new(7, 6, 4), &Limits::default(), &mut |r| depths.push(r.depth));
/// assert!(r.best_move.is_some());
/// assert_eq!(depths, [1, 2, 3, 4]);
/// ```
pub struct SearcherEngine<G: Game, E, const MAX: u8, const DEFAULT: u8> {
    searcher: Searcher<G>,
    eval: E,
    level: DepthOrPerfect<MAX, DEFAULT>,
    plies_per_level: u32,
}

impl<G: Game, E: Evaluator<G>, const MAX: u8, const DEFAULT: u8>
    SearcherEngine<G, E, MAX, DEFAULT>
{
    /// An engine at the default level with a `tt_mib` MiB transposition table, one ply a
    /// level.
    pub fn new(eval: E, tt_mib: usize) -> Self {
        SearcherEngine {
            searcher: Searcher::new(tt_mib),
            eval,
            level: DepthOrPerfect::default_level(),
            plies_per_level: 1,
        }
    }

    /// The same engine with level `n` searching `n × plies` plies.
    pub fn with_plies_per_level(mut self, plies: u32) -> Self {
        self.plies_per_level = plies;
        self
    }
}

impl<G: Game, E: Evaluator<G>, const MAX: u8, const DEFAULT: u8> Engine
    for SearcherEngine<G, E, MAX, DEFAULT>
{
    type Game = G;
    type Level = DepthOrPerfect<MAX, DEFAULT>;

    fn level_mut(&mut self) -> &mut Self::Level {
        &mut self.level
    }

    /// Searches to the level's depth (a depth in `limits` overrides it); `perfect`
    /// searches as deep as the limits allow.
    fn think(
        &mut self,
        game: &G,
        limits: &Limits,
        observer: &mut Observer<'_, G::Move>,
    ) -> SearchResult<G::Move> {
        let mut limits = limits.clone();
        if let Some(n) = self.level.depth() {
            limits.depth = limits.depth.or(Some(u32::from(n) * self.plies_per_level));
        }
        self.searcher
            .search(&mut game.clone(), &mut self.eval, &limits, observer)
    }

    fn new_game(&mut self) {}

    fn clear(&mut self) {
        self.searcher.clear();
    }
}
