//! # gomoku — five in a row for zerosum
//!
//! - [`Board`]: 5×5 to 22×22 (15×15 by default), freestyle or exactly-five rules, make/undo,
//!   the [`zerosum::Game`] and [`zerosum::Notation`] traits, and per-cell line
//!   [`Pattern`]s updated on every move;
//! - [`WinLines`] and [`WeightTable`]: seed 004's representation — every five-cell window
//!   per player with per-cell attack/defence weights — and its greedy player;
//! - [`vcf`]: victory by continuous fours, with a checked proof line;
//! - [`Engine`]: alpha-beta (PVS, TT, iterative deepening) over candidate cells with
//!   forced replies, VCF at the nodes and a time/node budget;
//! - [`protocol`]: the Gomocup `pbrain` protocol as a testable state machine;
//! - [`suite`] and [`arena`]: the puzzle and opening files, and a match runner with Elo;
//! - [`gomocup`]: a match runner for any two Gomocup engines (processes), with times and
//!   protocol faults.
#![deny(missing_docs)]

pub mod arena;
mod board;
mod cell;
mod engine;
mod eval;
pub mod gomocup;
mod pattern;
pub mod protocol;
mod rule;
pub mod suite;
pub mod vcf;
pub mod vct;
mod winlines;

pub use board::{Board, DIRECTIONS, ParseError, PlayError, SizeError};
pub use cell::{Cell, CellError, MAX_SIZE, MIN_SIZE, parse_move_list};
pub use engine::{Candidate, Engine, EngineAgent, SearchInfo};
pub use eval::evaluate;
pub use pattern::{Pattern, classify_line};
pub use rule::{Rule, RuleError};
pub use winlines::{WeightTable, WinLines};
pub use zerosum::{Game, Notation, Outcome, Score, Side};
