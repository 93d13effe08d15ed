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
//! - [`PerfectPlayer`]: the solver as a core [`zerosum::agent::Agent`];
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
#![deny(missing_docs)]

pub mod agent;
mod board;
mod cell;
pub mod enumerate;
mod eval;
mod geometry;
pub mod notation;
mod solver;
pub mod suite;
pub mod variants;

pub use agent::PerfectPlayer;
pub use board::{Board, PlayError};
pub use cell::{Cell, CellError};
pub use eval::LineEvaluator;
pub use geometry::{Geometry, MAX_CELLS, Shape, ShapeError};
pub use notation::ParseError;
pub use solver::{Mode, Solution, Solver, SolverConfig};
pub use zerosum::{Game, Notation, Outcome, Score, Side};
