//! # zerosum — the shared search core
//!
//! The pieces every zerosum game crate builds on:
//!
//! - [`Game`]: a position of a two-player zero-sum game with perfect information
//!   (make/undo, legal moves into a caller-provided [`MoveList`], outcome, 64-bit hash,
//!   dense move index), [`Side`], [`Outcome`], [`Evaluator`];
//! - [`Score`]: heuristic values below "win/loss in n plies"; [`Solution`]: what an
//!   exact solver returns (score, best move, nodes), one shape for every game;
//! - [`search`]: plain minimax (the reference), alpha-beta, principal-variation search,
//!   a [`search::TranspositionTable`], and iterative deepening under [`search::Limits`]
//!   with a report per finished depth;
//! - [`Bitboard`] and the eight board [`Symmetry`] transforms; [`hash`]: SplitMix64;
//! - [`Engine`]: how a game's AI thinks — one per game crate, the one interface every
//!   front end calls;
//! - [`time`]: one time control for every search (per-move limit or game clock → an
//!   optimum and a maximum; the [`time::Budget`] every search polls);
//! - [`agent`]: who picks the move (search, random) and a match runner;
//! - [`testing`]: a conformance suite every game runs.
#![deny(missing_docs)]

pub mod agent;
mod bitboard;
pub mod engine;
mod game;
pub mod hash;
pub mod prefetch;
mod score;
pub mod search;
mod side;
mod solution;
mod symmetry;
pub mod testing;
pub mod text;
pub mod time;

pub use bitboard::{Bitboard, Squares};
pub use engine::{DepthOrPerfect, Engine, Level, LevelError, MoveOf, Observer, PERFECT_BY_DEFAULT};
pub use game::{Evaluator, Game, MoveList, Notation, Outcome, ZeroEval};
pub use prefetch::TableAllocError;
pub use score::{Bound, MAX_PLY, Score};
pub use side::{BySide, Side};
pub use solution::Solution;
pub use symmetry::Symmetry;
