//! Difficulty levels: the seed's depth-limited alpha-beta with the [`ScoreTable`]
//! evaluation, run by zerosum's [`Searcher`].

use crate::{Column, Position, ScoreTable, WinPlacePosition};
use zerosum::search::{Limits, SearchResult, Searcher, StopFlag};

/// A difficulty level, 1 (weakest) to [`Level::MAX`]: the search depth in plies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u32);

impl Level {
    /// The strongest level.
    pub const MAX: u32 = 14;

    /// Level `n`, clamped to `1..=Level::MAX`.
    pub fn new(n: u32) -> Level {
        Level(n.clamp(1, Self::MAX))
    }

    /// The level number.
    pub fn number(self) -> u32 {
        self.0
    }

    /// The search depth in plies (equal to the level number).
    pub fn depth(self) -> u32 {
        self.0
    }
}

/// The levelled AI: a reusable searcher (with its transposition table) over
/// [`WinPlacePosition`]s.
///
/// As in the seed, wins score a large constant minus their depth (here
/// [`zerosum::Score::win_in`] plies), so the AI takes the quickest win it sees and
/// delays a loss it cannot avoid.
pub struct LevelAi {
    searcher: Searcher<WinPlacePosition>,
}

impl Default for LevelAi {
    fn default() -> Self {
        Self::new()
    }
}

impl LevelAi {
    /// An AI with a 16 MiB transposition table.
    pub fn new() -> Self {
        LevelAi {
            searcher: Searcher::new(16),
        }
    }

    /// Searches `position` to the depth of `level`; `stop` may cancel it (the result is
    /// then the last finished depth's).
    pub fn search(
        &mut self,
        position: &Position,
        level: Level,
        stop: Option<StopFlag>,
    ) -> SearchResult<Column> {
        let mut game = WinPlacePosition::from(position.clone());
        let mut limits = Limits::depth(level.depth());
        limits.stop = stop;
        self.searcher
            .search(&mut game, &mut ScoreTable, &limits, |_| {})
    }

    /// The column the AI plays at `level`, or `None` when the game is over.
    pub fn choose(&mut self, position: &Position, level: Level) -> Option<Column> {
        self.search(position, level, None).best_move
    }
}
