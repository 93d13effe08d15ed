//! # connect4 — Connect Four (7×6, and every board size the bitboard holds) for zerosum
//!
//! - [`Position`]: Pascal Pons' bitboard (`current` + `mask`), make/undo, the move
//!   notation (`4455`: columns 1–7 from the empty board) with typed [`ParseError`]s;
//!   implements [`zerosum::Game`] and [`zerosum::Notation`];
//! - board sizes ([`Geometry`]): [`Standard`] 7×6, whose masks are constants, the default
//!   of [`Position`] and [`Solver`]; [`Size`], any `W×H` with `W·(H + 1) ≤ 64` chosen at
//!   run time (`Position<Size>`, `Solver<Size>`), refused otherwise with a [`SizeError`];
//!   the opening book, the play book, the score table and the engine's levels are 7×6
//!   only;
//! - [`Solver`]: an exact solver in Pons' score convention ([`score`]): null-window
//!   bisection on the score, a transposition table, threat-count move ordering, pruning
//!   of moves that lose at once; per-column analysis;
//! - [`score_table`]: the 69 win places and the 2^p score table, kept
//!   incrementally, evaluated by [`ScoreTable`] in a depth-limited alpha-beta
//!   (zerosum's [`zerosum::search::Searcher`]);
//! - [`Engine`]: the player behind [`zerosum::Engine`] — [`Level`]s 1–14 of score-table
//!   search and `perfect`: the play book ([`PlayBook`]) in the positions it holds, the
//!   exact solver (with the opening book, [`Book`]) after it, when it fits the budget;
//! - [`suite`]: Pons' benchmark files (`<moves> <score>` a line) and a runner.
//!
//! ```
//! use connect4::{Position, Solver};
//! let p: Position = "44455554221".parse().unwrap();
//! // The opponent wins with their 7th stone (Pons' tutorial, part 2).
//! assert_eq!(Solver::new().solve(&p), -15);
//! ```
//!
//! The move the engine plays, with this crate alone (here level 7: a 7-ply search with
//! the score table; `Level::Perfect` solves exactly, `Limits::time` bounds the time):
//!
//! ```
//! use connect4::prelude::*;
//! use connect4::{Engine, Level, Limits, Position};
//! let p: Position = "4455".parse().unwrap();
//! let mut engine = Engine::default();
//! engine.set_level(Level::Depth(7));
//! let result = engine.think(&p, &Limits::default(), &mut |_| {});
//! println!("play column {} ({})", result.best_move.unwrap(), result.score);
//! // 3 or 6 makes an open three on the bottom row: a win on the third ply.
//! assert_eq!(result.score.to_string(), "win in 3");
//! ```
//!
//! # How long a call takes
//!
//! [`Solver::solve`] answers positions near the end in microseconds to milliseconds
//! (Pons' `Test_L3`/`L2` sets) and middle positions in milliseconds to seconds
//! (`L1_R*`); early positions take up to a minute, and the empty board about 30 s on one core
//! of a small machine (positions of at most 4 stones are in the shipped opening book,
//! [`Book::shipped`], and answer at once). The perfect engine plays at once through the
//! first [`PlayBook::plies`] plies of any game from the empty board, as either colour
//! ([`PlayBook::shipped`]), and its searches after the book are short. Bound a solve with [`Solver::set_budget`] (time, nodes, stop flag) and
//! [`Solver::try_solve`], which then returns [`Stopped`]. [`Solver::analyze`] costs up to
//! seven solves. [`Engine::think`](zerosum::Engine::think) at levels 1–14 searches a fixed
//! depth (milliseconds); `Limits::time`/`Limits::nodes` bound every level.
#![deny(missing_docs)]

pub mod bits;
pub mod book;
mod column;
mod engine;
mod notation;
mod position;
pub mod score;
pub mod score_table;
mod size;
mod solver;
pub mod suite;

pub use bits::Geometry;
pub use book::{Book, BookError, PlayBook};
pub use column::{Column, ParseColumnError};
pub use engine::{Engine, Level};
pub use notation::{
    InputLine, InputLineError, MoveError, ParseError, parse_input_line, parse_input_line_on,
};
pub use position::Position;
pub use score_table::{ScoreTable, THREAT_VALUE, ThreatScoreTable, WinPlacePosition};
pub use size::{MAX_HEIGHT, MAX_WIDTH, ParseSizeError, Size, SizeError, Standard};
pub use solver::{
    BUDGET_POLL_NODES, DEFAULT_TABLE_LOG2, Solution, Solver, Stopped, Techniques,
    table_log2_for_mib,
};
/// The core crate itself, for the items its API uses that are not re-exported by name
/// above (e.g. `zerosum::search::SearchStats`, the type of [`SearchResult::stats`]), so
/// that a program depending on this crate alone can name them.
pub use zerosum;
pub use zerosum::search::{Limits, Report, RootMove, SearchResult, StopFlag};
pub use zerosum::time::{Budget, GameClock, TimeSource};
pub use zerosum::{
    Bitboard, Bound, Game, LevelError, MoveList, Notation, Observer, Outcome, Score, Side,
    TableAllocError,
};

/// The traits to have in scope to call the engine and the position:
/// `use connect4::prelude::*;`.
pub mod prelude {
    pub use zerosum::{Engine as _, Game as _, Level as _, Notation as _};
}
