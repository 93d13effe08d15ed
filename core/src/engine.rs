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
//!   with [`Report::exact`] set when the score is the game-theoretic value (a depth its
//!   limit cut may be reported too, its [`Report::bound`] then not `Exact`);
//! - its level decides what it does when the limits give no time: a fixed depth, or the
//!   exact solver. The top level of every game with an exact solver is "perfect": the
//!   exact solver when it fits the budget, the best search otherwise (Gomoku has none:
//!   no exact solver fits a move's time there);
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
//! use zerosum::{DepthOrPerfect, Engine, Level, Observer};
//!
//! // Levels 1-6 search that many plies, `perfect` to the end; the default is 4.
//! type Depth = DepthOrPerfect<6, 4>;
//! assert_eq!(Depth::range_text(), "1-6 or perfect (default 4)");
//! assert!("7".parse::<Depth>().unwrap_err().to_string().contains("1-6"));
//!
//! struct Plain {
//!     searcher: Searcher<Drop>,
//!     level: Depth,
//! }
//!
//! impl Engine for Plain {
//!     type Game = Drop;
//!     type Level = Depth;
//!     fn level_mut(&mut self) -> &mut Depth { &mut self.level }
//!     fn think(
//!         &mut self,
//!         game: &Drop,
//!         limits: &Limits,
//!         observer: &mut Observer<'_, Col>,
//!     ) -> SearchResult<Col> {
//!         let mut limits = limits.clone();
//!         if limits.time.is_none() && limits.clock.is_none() && limits.nodes.is_none() {
//!             let depth = self.level.depth().map_or(42, u32::from);
//!             limits.depth = Some(limits.depth.unwrap_or(depth));
//!         }
//!         self.searcher.search(&mut game.clone(), &mut hash_eval, &limits, observer)
//!     }
//!     fn new_game(&mut self) {}
//!     fn clear(&mut self) { self.searcher.clear() }
//! }
//!
//! let mut engine = Plain { searcher: Searcher::new(1), level: Depth::default_level() };
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
    Copy + Debug + Display + FromStr<Err = LevelError> + PartialEq + Send + 'static
{
    /// Every level, weakest first (the choices a UI offers).
    fn all() -> Vec<Self>;
    /// The level used when none is given.
    fn default_level() -> Self;
    /// False for a level that chooses its move without a search (Gomoku's greedy level
    /// 1), so that node and time budgets have nothing to bound (an explicit depth may
    /// still make the engine search); front ends say so instead of ignoring the budgets
    /// silently. True by default.
    fn searches(&self) -> bool {
        true
    }
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
    /// helper most `FromStr` implementations need. A number is read as plain decimal
    /// digits (`04` is level 4), as the numeric options read them: a `+` is refused, and
    /// the error says so.
    ///
    /// ```
    /// use zerosum::{DepthOrPerfect, Level};
    /// type Seven = DepthOrPerfect<7, 3>;
    /// assert_eq!(Seven::parse_in_range(" 04"), Ok(Seven::Depth(4)));
    /// assert_eq!(Seven::parse_in_range("Perfect"), Ok(Seven::Perfect));
    /// assert!(Seven::parse_in_range("8").is_err());
    /// assert!(Seven::parse_in_range("-1").is_err());
    /// let plus = Seven::parse_in_range("+4").unwrap_err();
    /// assert_eq!(
    ///     plus.to_string(),
    ///     "level \"+4\": expected 1-7 or perfect (default 3), in plain decimal digits without a + sign"
    /// );
    /// ```
    ///
    /// # Errors
    /// The text is neither a level of [`Level::all`] nor `perfect`.
    fn parse_in_range(text: &str) -> Result<Self, LevelError> {
        let t = text.trim();
        let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        if t.strip_prefix('+').is_some_and(digits) {
            return Err(LevelError {
                text: t.to_string(),
                expected: format!(
                    "{}, in plain decimal digits without a + sign",
                    Self::range_text()
                ),
            });
        }
        // Digits only: `u32::from_str` would also read a `+`.
        let number = digits(t).then(|| t.parse::<u32>().ok()).flatten();
        Self::all()
            .into_iter()
            .find(|l| {
                let name = l.to_string();
                name.eq_ignore_ascii_case(t)
                    || (number.is_some() && name.parse::<u32>().ok() == number)
            })
            .ok_or_else(|| LevelError {
                text: t.to_string(),
                expected: Self::range_text(),
            })
    }
}

/// A level name that is not one of the game's levels ([`Level::parse_in_range`], each
/// game's `Level::from_str`): the text given (trimmed) and the levels it accepts
/// ([`Level::range_text`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("level {text:?}: expected {expected}")]
pub struct LevelError {
    /// The text that named no level, without its surrounding white space.
    pub text: String,
    /// The accepted levels, as [`Level::range_text`] gives them (`1-7 or perfect
    /// (default 3)`).
    pub expected: String,
}

/// The `DEFAULT` of a [`DepthOrPerfect`] whose default level is `perfect`.
pub const PERFECT_BY_DEFAULT: u8 = 0;

/// The level type of games whose levels are a search depth and an exact solver: `1`…`MAX`
/// (what a depth `n` means — plies, `2n − 1` plies — is the engine's to say) and
/// `perfect` (the exact solver when it fits the budget). `DEFAULT` is the default depth
/// level (a `DEFAULT` above `MAX` is taken as `MAX`), or [`PERFECT_BY_DEFAULT`]. Each
/// game names its own:
/// `pub type Level = zerosum::DepthOrPerfect<14, 7>;` with its level table in the docs.
///
/// ```
/// use zerosum::{DepthOrPerfect, Level, PERFECT_BY_DEFAULT};
/// type Seven = DepthOrPerfect<7, 3>;
/// assert_eq!(Seven::range_text(), "1-7 or perfect (default 3)");
/// assert_eq!("5".parse::<Seven>(), Ok(Seven::Depth(5)));
/// assert_eq!("Perfect".parse::<Seven>(), Ok(Seven::Perfect));
/// assert!("8".parse::<Seven>().unwrap_err().to_string().contains("1-7 or perfect"));
/// assert_eq!(Seven::Depth(5).to_string(), "5");
/// assert_eq!(
///     DepthOrPerfect::<5, PERFECT_BY_DEFAULT>::default_level(),
///     DepthOrPerfect::Perfect
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DepthOrPerfect<const MAX: u8, const DEFAULT: u8> {
    /// Level `n`, `1..=MAX`: a search bounded by depth (the engine defines the depth).
    /// Built directly with `0` or above `MAX`, it plays as level 1 or `MAX` (see
    /// [`DepthOrPerfect::depth`]).
    Depth(u8),
    /// The exact solver when it fits the budget, the best search otherwise.
    Perfect,
}

impl<const MAX: u8, const DEFAULT: u8> DepthOrPerfect<MAX, DEFAULT> {
    /// The highest numbered level.
    pub const MAX: u8 = MAX;

    /// The numbered level in `1..=MAX` (a `Depth(0)` counts as 1, a `Depth` above
    /// `MAX` as `MAX`), `None` for `perfect`. Engines read their level through it, so
    /// every game treats an out-of-range `Depth` alike.
    ///
    /// ```
    /// use zerosum::DepthOrPerfect;
    /// type Seven = DepthOrPerfect<7, 3>;
    /// assert_eq!(Seven::Depth(0).depth(), Some(1));
    /// assert_eq!(Seven::Depth(5).depth(), Some(5));
    /// assert_eq!(Seven::Depth(200).depth(), Some(7));
    /// assert_eq!(Seven::Perfect.depth(), None);
    /// ```
    pub fn depth(self) -> Option<u8> {
        match self {
            DepthOrPerfect::Depth(n) => Some(n.clamp(1, MAX.max(1))),
            DepthOrPerfect::Perfect => None,
        }
    }
}

impl<const MAX: u8, const DEFAULT: u8> Display for DepthOrPerfect<MAX, DEFAULT> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DepthOrPerfect::Depth(n) => write!(f, "{n}"),
            DepthOrPerfect::Perfect => f.write_str("perfect"),
        }
    }
}

impl<const MAX: u8, const DEFAULT: u8> FromStr for DepthOrPerfect<MAX, DEFAULT> {
    type Err = LevelError;
    /// `1`…`MAX` or `perfect` (any case), with surrounding white space.
    fn from_str(s: &str) -> Result<Self, LevelError> {
        Self::parse_in_range(s)
    }
}

impl<const MAX: u8, const DEFAULT: u8> Level for DepthOrPerfect<MAX, DEFAULT> {
    fn all() -> Vec<Self> {
        (1..=MAX)
            .map(DepthOrPerfect::Depth)
            .chain([DepthOrPerfect::Perfect])
            .collect()
    }
    fn default_level() -> Self {
        match DEFAULT {
            PERFECT_BY_DEFAULT => DepthOrPerfect::Perfect,
            n => DepthOrPerfect::Depth(n.min(MAX)),
        }
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

    /// Where the engine keeps its level (the one required accessor; [`Engine::level`] and
    /// [`Engine::set_level`] are provided over it).
    fn level_mut(&mut self) -> &mut Self::Level;

    /// The current level.
    fn level(&mut self) -> Self::Level {
        *self.level_mut()
    }

    /// Sets the level for the next calls of [`Engine::think`].
    fn set_level(&mut self, level: Self::Level) {
        *self.level_mut() = level;
    }

    /// The best move it finds in `game` (which must not be over) under `limits` at the
    /// current level, calling `observer` after each finished iteration (and for a depth
    /// the limit cut, with [`Report::bound`] saying which bound its score is). Time and node
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
        default_score_text(score, exact)
    }
}

/// The default [`Engine::score_text`] (for an override that changes only some cases):
/// a decisive score as `win in 7` / `loss in 6`, an exact draw `draw`, another exact value
/// `+12 (exact)`, else the evaluation `+35 (evaluation)`; a zero evaluation has no sign
/// (`0 (evaluation)`), as [`Score`]'s `Display` writes it.
///
/// ```
/// use zerosum::{Score, engine::default_score_text};
/// assert_eq!(default_score_text(Score(35), false), "+35 (evaluation)");
/// assert_eq!(default_score_text(Score(0), false), "0 (evaluation)");
/// assert_eq!(default_score_text(Score(-3), true), "-3 (exact)");
/// assert_eq!(default_score_text(Score::DRAW, true), "draw");
/// ```
pub fn default_score_text(score: Score, exact: bool) -> String {
    if score.is_decisive() {
        score.to_string()
    } else if exact && score == Score::DRAW {
        "draw".to_string()
    } else if exact {
        format!("{score} (exact)")
    } else {
        format!("{score} (evaluation)")
    }
}
