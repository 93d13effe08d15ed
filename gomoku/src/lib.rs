//! # gomoku — five in a row for zerosum
//!
//! - [`Board`]: 5×5 to 22×22 (15×15 by default), freestyle, exactly-five (standard) or
//!   renju rules ([`Rule`]), make/undo,
//!   the [`zerosum::Game`] and [`zerosum::Notation`] traits, and per-cell line
//!   [`Pattern`]s updated on every move;
//! - [`WinLines`] and [`WeightTable`]: seed 004's representation — every five-cell window
//!   per player with per-cell attack/defence weights — and its greedy player;
//! - [`renju`]: black's forbidden points under the renju rule (overline, double four,
//!   double three, with the recursive check of threes);
//! - [`vcf`]: victory by continuous fours, with a checked proof line;
//! - [`Engine`]: alpha-beta (PVS, TT, iterative deepening) over candidate cells with
//!   forced replies, VCF at the nodes and a time/node budget; behind [`zerosum::Engine`]
//!   with [`Level`]s 1–8;
//! - [`EvalTable`]: the evaluation's values (hand-set and [`eval_fitted`]), fitted on
//!   self-play positions by [`train`] (`cargo xtask train-gomoku`);
//! - [`protocol`]: the Gomocup `pbrain` protocol as a testable state machine;
//! - [`suite`]: the puzzle and opening files (in-process matches use the core
//!   [`zerosum::agent::run_match`] with [`zerosum::agent::EngineAgent`]);
//! - [`gomocup`]: a match runner for any two Gomocup engines (processes), with times and
//!   protocol faults.
//!
//! The move the engine plays, with this crate alone (`Limits::time(…)` for a time per
//! move; levels 1–8):
//!
//! ```
//! use gomoku::prelude::*;
//! use gomoku::{Board, Engine, Level, Limits};
//! // Black has an open three h8-i8-j8 and plays next after white's i9.
//! let board = Board::parse_position("h8h9i8g9j8i9").unwrap();
//! let mut engine = Engine::new(4);
//! engine.set_level("3".parse::<Level>().unwrap());
//! let r = engine.think(&board, &Limits::default(), &mut |_| {});
//! let mv = r.best_move.unwrap();
//! assert!(["g8", "k8"].contains(&mv.to_string().as_str()), "{mv}");
//! assert!(r.score.is_win());
//! ```
#![deny(missing_docs)]

mod board;
mod cell;
mod decimal;
mod engine;
mod eval;
mod eval_cells;
pub mod eval_cells_fitted;
pub mod eval_fitted;
pub mod gomocup;
mod level;
pub mod order;
pub mod order_codes_fitted;
pub mod order_fitted;
mod pattern;
pub mod protocol;
pub mod renju;
mod rule;
pub mod suite;
mod threats;
pub mod train;
pub mod vcf;
pub mod vct;
mod winlines;

pub use board::{Board, DIRECTIONS, ParseError, PlayError, SizeError};
pub use cell::{Cell, CellError, MAX_SIZE, MIN_SIZE, parse_move_list};
pub use engine::{Candidate, Engine, MAX_THREADS, SearchInfo, TreeStats};
pub use eval::{
    EvalTable, EvalTableError, FEATURE_NAMES, FEATURES, cell_value, combination_class, evaluate,
    evaluate_with, features, quick_win,
};
pub use eval_cells::{
    CELL_FEATURES, CellTable, PATTERN_CODES, THREAT_MASKS, cell_features, evaluate_cells,
    pattern_code, threat_mask,
};
pub use level::Level;
pub use pattern::{FINE_CODES, FinePattern, Pattern, classify_line};
pub use rule::{Rule, RuleError};
pub use threats::{Threat, ThreatKind};
pub use winlines::{WeightTable, WinLines};
/// The core crate itself, for the items its API uses that are not re-exported by name
/// above (e.g. `zerosum::search::SearchStats`, the type of [`SearchResult::stats`]), so
/// that a program depending on this crate alone can name them.
pub use zerosum;
pub use zerosum::search::{Limits, Report, RootMove, SearchResult, StopFlag};
pub use zerosum::time::{Budget, GameClock, TimeSource};
pub use zerosum::{
    Bound, Game, LevelError, MoveList, Notation, Observer, Outcome, Score, Side, TableAllocError,
};

/// The traits to have in scope to call the engine and the board:
/// `use gomoku::prelude::*;`.
pub mod prelude {
    pub use zerosum::{Engine as _, Game as _, Level as _, Notation as _};
}
