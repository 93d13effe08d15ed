//! # connect4 — Connect Four (7×6) for zerosum
//!
//! - [`Position`]: Pascal Pons' bitboard (`current` + `mask`), make/undo, the move
//!   notation (`4455`: columns 1–7 from the empty board) with typed [`ParseError`]s;
//!   implements [`zerosum::Game`] and [`zerosum::Notation`];
//! - [`Solver`]: an exact solver in Pons' score convention ([`score`]): null-window
//!   bisection on the score, a transposition table, threat-count move ordering, pruning
//!   of moves that lose at once; per-column analysis;
//! - [`score_table`]: the 69 win places and the 2^p score table, kept
//!   incrementally, evaluated by [`ScoreTable`] in a depth-limited alpha-beta
//!   (zerosum's [`zerosum::search::Searcher`]) behind difficulty [`Level`]s;
//! - [`suite`]: Pons' benchmark files (`<moves> <score>` a line) and a runner.
//!
//! ```
//! use connect4::{Position, Solver};
//! let p: Position = "44455554221".parse().unwrap();
//! // The opponent wins with their 7th stone (Pons' tutorial, part 2).
//! assert_eq!(Solver::new().solve(&p), -15);
//! ```
#![deny(missing_docs)]

pub mod bits;
mod column;
mod level;
mod notation;
mod position;
pub mod score;
pub mod score_table;
mod solver;
pub mod suite;

pub use column::Column;
pub use level::{Level, LevelAi};
pub use notation::{MoveError, ParseError};
pub use position::Position;
pub use score_table::{ScoreTable, WinPlacePosition};
pub use solver::{DEFAULT_TABLE_LOG2, Solution, Solver, Stopped};
pub use zerosum::{Game, Notation, Score, Side};
