//! The [`Engine`] trait: how a game's AI thinks, behind one interface.
//!
//! Each game crate ships **one** engine (`tictactoe::Engine`, `connect4::Engine`,
//! `othello::Engine`, `gomoku::…`): it owns the game's levels (a `Level` type of its own,
//! like Edax's level table), its evaluation, its search and its switch to exact solving.
//! Every front end — the CLI's `play`, `bestmove` and `analyze`, the pbrain and NBoard
//! protocols, the match runners, the benches — only chooses a level and [`Limits`]
//! (a depth, nodes, a per-move time or a game clock, a stop flag) and receives reports; it
//! decides nothing about the search.
//!
//! # What an implementation must do
//!
//! - [`Engine::think`] returns a legal move for any position that is not over, under any
//!   limits, and returns soon after the limits say stop: it builds one
//!   [`Budget`](crate::time::Budget) from the limits at its start and every search it runs
//!   (the core [`Searcher`](crate::search::Searcher), its own solvers, threat searches)
//!   polls that budget — see [`crate::time`] for the contract;
//! - it reports each finished iteration (or solver step) to the observer, best first,
//!   with [`Report::exact`] set when the score is the game-theoretic value;
//! - its level decides what it does when the limits give no time: a fixed depth, or the
//!   exact solver. The top level of every game is "perfect": the exact solver when it fits
//!   the budget, the best search otherwise;
//! - [`Engine::new_game`] forgets what belongs to one game (history, ages);
//!   [`Engine::clear`] forgets everything (the transposition tables too).
//!
//! # Example
//!
//! A minimal engine over the core [`Searcher`](crate::search::Searcher), for the
//! Connect-Four-like test game of [`crate::testing`]:
//!
//! ```
//! use zerosum::search::{Limits, SearchResult, Searcher};
//! use zerosum::testing::{Col, Drop, hash_eval};
//! use zerosum::{Engine, Level, Observer};
//!
//! #[derive(Clone, Copy, Debug, PartialEq)]
//! struct Depth(u32);
//! impl std::fmt::Display for Depth {
//!     fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result { self.0.fmt(f) }
//! }
//! impl std::str::FromStr for Depth {
//!     type Err = String;
//!     fn from_str(s: &str) -> Result<Depth, String> { Depth::parse_in_range(s) }
//! }
//! impl Level for Depth {
//!     fn all() -> Vec<Depth> { (1..=6).map(Depth).collect() }
//!     fn default_level() -> Depth { Depth(4) }
//! }
//! assert_eq!(Depth::range_text(), "1-6 (default 4)");
//! assert!("7".parse::<Depth>().unwrap_err().contains("1-6"));
//!
//! struct Plain {
//!     searcher: Searcher<Drop>,
//!     depth: u32,
//! }
//!
//! impl Engine for Plain {
//!     type Game = Drop;
//!     type Level = Depth;
//!     fn level(&self) -> Depth { Depth(self.depth) }
//!     fn set_level(&mut self, depth: Depth) { self.depth = depth.0 }
//!     fn think(
//!         &mut self,
//!         game: &Drop,
//!         limits: &Limits,
//!         observer: &mut Observer<'_, Col>,
//!     ) -> SearchResult<Col> {
//!         let mut limits = limits.clone();
//!         if limits.time.is_none() && limits.clock.is_none() && limits.nodes.is_none() {
//!             limits.depth = Some(limits.depth.unwrap_or(self.depth));
//!         }
//!         self.searcher.search(&mut game.clone(), &mut hash_eval, &limits, observer)
//!     }
//!     fn new_game(&mut self) {}
//!     fn clear(&mut self) { self.searcher.clear() }
//! }
//!
//! let mut engine = Plain { searcher: Searcher::new(1), depth: Depth::default_level().0 };
//! let mut depths = Vec::new();
//! let r = engine.think(&Drop::new(7, 6, 4), &Limits::default(), &mut |r| depths.push(r.depth));
//! assert!(r.best_move.is_some());
//! assert_eq!(depths, [1, 2, 3, 4]);
//! ```

use crate::search::{Limits, Report, SearchResult};
use crate::{Game, Score};
use std::fmt::{Debug, Display};
use std::str::FromStr;

/// A game's strength settings: levels `1..=MAX` (a depth or a budget, reproducible) and
/// `perfect` (the exact solver when it fits the budget). Written and parsed as users type
/// them: `5`, `perfect`.
pub trait Level:
    Copy + Debug + Display + FromStr<Err = String> + PartialEq + Send + 'static
{
    /// Every level, weakest first (the choices a UI offers).
    fn all() -> Vec<Self>;
    /// The level used when none is given.
    fn default_level() -> Self;
    /// The levels in words for `--help` and errors: `1-10 or perfect (default 4)`.
    fn range_text() -> String {
        let all = Self::all();
        let numbered: Vec<String> = all
            .iter()
            .map(|l| l.to_string())
            .filter(|t| t.parse::<u32>().is_ok())
            .collect();
        let named: Vec<String> = all
            .iter()
            .map(|l| l.to_string())
            .filter(|t| t.parse::<u32>().is_err())
            .collect();
        let mut text = match (numbered.first(), numbered.last()) {
            (Some(a), Some(b)) if a != b => format!("{a}-{b}"),
            (Some(a), _) => a.clone(),
            _ => String::new(),
        };
        for n in named {
            text += &format!(" or {n}");
        }
        format!("{text} (default {})", Self::default_level())
    }
    /// Parses a level number `1..=max` or `perfect`, with an error naming the range: the
    /// helper most `FromStr` implementations need.
    ///
    /// # Errors
    /// The text is neither a level of [`Level::all`] nor `perfect`.
    fn parse_in_range(text: &str) -> Result<Self, String> {
        let t = text.trim();
        Self::all()
            .into_iter()
            .find(|l| l.to_string().eq_ignore_ascii_case(t))
            .ok_or_else(|| format!("level {t:?}: expected {}", Self::range_text()))
    }
}

/// The per-iteration callback of [`Engine::think`]: called after each finished depth (or
/// solver step) with what the engine knows so far. Front ends draw progress from it.
pub type Observer<'a, M> = dyn FnMut(&Report<M>) + 'a;

/// The move type of an engine's game.
pub type MoveOf<E> = <<E as Engine>::Game as Game>::Move;

/// A game's AI: levels, evaluation, search and exact solving behind one call. See the
/// [module docs](self) for the contract.
pub trait Engine {
    /// The game it plays.
    type Game: Game;
    /// Its strength setting, as users write it (`5`, `perfect`); each game documents its
    /// range and default on its own type.
    type Level: Level;

    /// The current level.
    fn level(&self) -> Self::Level;

    /// Sets the level for the next calls of [`Engine::think`].
    fn set_level(&mut self, level: Self::Level);

    /// The best move it finds in `game` (which must not be over) under `limits` at the
    /// current level, calling `observer` after each finished iteration. Time and node
    /// limits bound the call; a depth in `limits` overrides the level's depth.
    fn think(
        &mut self,
        game: &Self::Game,
        limits: &Limits,
        observer: &mut Observer<'_, MoveOf<Self>>,
    ) -> SearchResult<MoveOf<Self>>;

    /// Prepares for a new game (forgets history and other per-game state).
    fn new_game(&mut self);

    /// Forgets everything learned, transposition tables included.
    fn clear(&mut self);

    /// A score this engine reported, in words with its unit: `win in 7`, `draw`,
    /// `+12 discs`, `+35 (evaluation)`. The default knows only decisive scores and an
    /// evaluation; games with an exact unit (Othello's discs) override it.
    fn score_text(score: Score, exact: bool) -> String
    where
        Self: Sized,
    {
        if score.is_decisive() {
            score.to_string()
        } else if exact && score == Score::DRAW {
            "draw".to_string()
        } else if exact {
            format!("{:+} (exact)", score.0)
        } else {
            format!("{:+} (evaluation)", score.0)
        }
    }
}
