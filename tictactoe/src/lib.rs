//! # tictactoe — perfect tic-tac-toe and m,n,k games
//!
//! - [`Board`]: an m×n board with k in a row (3×3, k = 3 by default), two `u64`
//!   bitboards, precomputed win-line masks ([`Geometry`]), make/undo, implementing
//!   [`zerosum::Game`] and [`zerosum::Notation`] (the 9-character `x`/`o`/`.` form, and
//!   rows separated by `/` for other sizes: see [`notation`]);
//! - moves are [`Cell`]s, written 1–9 on 3×3 (row-major from the top-left);
//! - [`variants`]: four textbook search variants A–D (full tree, win cut-off, alpha-beta
//!   with goals, immediate threats) with per-position node counting;
//! - [`Solver`]: our perfect player (negamax + transposition table + symmetry
//!   reduction + threat ordering), in win/draw/loss or exact-distance mode;
//! - [`Engine`]: the player behind [`zerosum::Engine`] — [`Level`]s of depth-limited
//!   search, and `perfect`: the solver when it fits the budget (every front end and
//!   match runner plays through it);
//! - [`enumerate`]: all reachable positions and all games (the published counts);
//! - [`LineEvaluator`]: open lines weighted by their stones, for depth-limited search
//!   with the core [`zerosum::search::Searcher`] on boards too large to solve.
//!
//! ```
//! use tictactoe::{Board, Solver};
//! let board: Board = "x...o....".parse().unwrap();
//! let solution = Solver::default().solve(&board);
//! assert_eq!(solution.outcome_value(), 0); // a draw with perfect play
//! ```
//!
//! The move the engine plays, with this crate alone (a time limit works the same way:
//! `Limits::time(Duration::from_millis(200))`):
//!
//! ```
//! use tictactoe::prelude::*;
//! use tictactoe::{Board, Engine, Level, Limits, Score};
//! let board: Board = "x...o....".parse().unwrap();
//! let mut engine = Engine::default();
//! engine.set_level(Level::Perfect);
//! let result = engine.think(&board, &Limits::default(), &mut |_| {});
//! assert!(result.best_move.is_some());
//! assert_eq!(result.score, Score::DRAW);
//! assert!(result.exact);
//! ```
//!
//! # How long a call takes
//!
//! Measured on one core of a small shared machine (release build): [`Solver::solve`]
//! takes microseconds on 3×3, 0.02 s on the empty 4×4 (k = 4), 0.4–1.9 s on the empty
//! 5×5 with k = 4 (the README's table) and 10 s with k = 5; the empty 6×6 with k = 4 (a first-player win) takes
//! about 1.2 M nodes and about 1.7 s (the README's table). Each more empty cell multiplies the work, so boards beyond about 22
//! empty cells can take minutes to hours: bound a solve with [`Solver::solve_within`]
//! (a time or node limit, a stop flag), which returns `None` when the limit is reached.
//! [`Solver::analyze`] costs one solve per legal move and has no limit.
#![deny(missing_docs)]

mod board;
mod cell;
mod engine;
pub mod enumerate;
mod eval;
mod geometry;
pub mod notation;
mod solver;
pub mod suite;
pub mod variants;

pub use board::{Board, MoveError, PlayError};
pub use cell::{Cell, CellError};
pub use engine::{Engine, Level};
pub use eval::LineEvaluator;
pub use geometry::{Geometry, MAX_CELLS, Shape, ShapeError};
pub use notation::ParseError;
pub use solver::{Mode, Solution, Solver, SolverConfig};
/// The core crate itself, for the items its API uses that are not re-exported by name
/// above (e.g. `zerosum::search::SearchStats`, the type of [`SearchResult::stats`]), so
/// that a program depending on this crate alone can name them.
pub use zerosum;
pub use zerosum::search::{Limits, Report, RootMove, SearchResult, StopFlag};
pub use zerosum::time::{Budget, GameClock, TimeSource};
pub use zerosum::{
    Bound, Game, LevelError, MoveList, Notation, Observer, Outcome, Score, Side, Symmetry,
    TableAllocError,
};

/// The traits to have in scope to call the engine and the board:
/// `use tictactoe::prelude::*;`.
pub mod prelude {
    pub use zerosum::{Engine as _, Game as _, Level as _, Notation as _};
}
