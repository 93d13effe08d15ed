//! Game-tree search: the plain references and the engine search.
//!
//! - [`minimax`]: plain minimax over the full tree to a fixed depth — slow, obviously
//!   right, the reference every other search is tested against;
//! - [`alpha_beta`]: fail-soft negamax alpha-beta, no ordering, no table;
//! - [`pvs`]: principal-variation (null-window) search, no table;
//! - [`Searcher`]: PVS with a [`TranspositionTable`], move ordering (table move, killers,
//!   history) and iterative deepening under [`Limits`] (through a
//!   [`crate::time::Budget`]), reporting each finished depth;
//! - [`SearcherEngine`]: the [`Searcher`] with an evaluation as a [`crate::Engine`];
//! - [`SharedTable`]: a transposition table that search threads share without locks.
//!
//! Depths are in plies. A depth-0 node is evaluated by the [`crate::Evaluator`]; a
//! finished game scores [`crate::Score::win_in`]/[`crate::Score::loss_in`] its ply from
//! the root, or a draw.

mod handover;
mod limits;
mod reference;
mod searcher;
mod searcher_engine;
mod shared_tt;
mod tt;

pub use handover::{SEARCH_BEFORE_SOLVE_NODES, search_after_solve, search_before_solve};
pub use limits::{Limits, StopFlag};
pub use reference::{alpha_beta, minimax, pvs};
pub use searcher::{Report, RootMove, SearchResult, SearchStats, Searcher};
pub use searcher_engine::SearcherEngine;
pub use shared_tt::{NO_MOVE, SharedTable, TableMove};
pub use tt::{TranspositionTable, TtEntry};
