//! # othello — an Othello (Reversi) engine for zerosum
//!
//! - [`Board`]: player/opponent bitboards (Edax's layout, a1 = bit 0 … h8 = bit 63),
//!   fast move generation and flips ([`movegen`], checked against a slow reference),
//!   Zobrist keys ([`zobrist`]);
//! - [`Othello`]: the game record of seed 003 (scores per colour, side to move, ply,
//!   legality tests, play, pass, undo/redo of one or n moves), implementing
//!   [`zerosum::Game`] and [`zerosum::Notation`] (the OBF board form
//!   `<64 squares> <X|O>`; moves `a1`…`h8`, pass `PS`);
//! - [`perft`]: leaf counts in both conventions;
//! - [`eval`]: the seed's [`eval::Classic`] evaluation (100·mobility + 30·edge +
//!   10000·corner) with its negamax, the stronger [`eval::Strong`], and the trained
//!   pattern evaluation [`eval::Pattern`];
//! - [`solver`]: the exact endgame solver (final disc difference and best move);
//! - [`Engine`]: the player behind [`zerosum::Engine`] — midgame search with the
//!   evaluation, exact from [`Level::end_depth`] empties (levels 1–10 and `perfect`);
//! - [`ffo`]: the FFO endgame suite's line format;
//! - [`ggf`]: game records in GGF (read and write), as GGS and NBoard use them;
//! - [`nboard`]: the NBoard protocol (`zerosum othello nboard`).
//! - [`train`]: self-play data labelled by the solver and the least-squares fit of the
//!   pattern evaluation.
//!
//! ```
//! use othello::prelude::*;
//! use othello::{Move, Othello};
//! let mut g = Othello::new();
//! g.try_play("f5".parse::<Move>().unwrap()).unwrap();
//! assert_eq!((g.black_score(), g.white_score()), (4, 1));
//! g.undo();
//! assert_eq!(g.redo_count(), 1);
//! assert!(g.redo());
//! assert_eq!(g.to_string(), "---------------------------OX------XXX-------------------------- O");
//! ```
//!
//! The move the engine plays, with this crate alone (a time per move instead:
//! `Limits::time(Duration::from_millis(200))`):
//!
//! ```
//! use othello::prelude::*;
//! use othello::{Engine, Level, Limits, Othello};
//! let mut engine = Engine::default();
//! engine.set_level(Level::numbered(3));
//! let r = engine.think(&Othello::new(), &Limits::default(), &mut |_| {});
//! println!("{} {}", r.best_move.unwrap(), Engine::score_text(r.score, r.exact));
//! assert_eq!(r.depth, 3);
//! ```
//!
//! # How long a call takes
//!
//! Measured on one core of a small shared machine (release build):
//!
//! - [`solver::Solver::solve`] and [`solver::Solver::analyze`] (one solve per legal move)
//!   take under a second at 20 empty squares (FFO #40: 0.3 s CPU, `zerosum othello
//!   solve`), seconds at 24 (FFO #45: 6.8 s) and a minute or more at 28 (#53: 44 s);
//!   each more empty square costs about twice as much (FFO #40–#54), so the start
//!   position (60 empties) is out of reach. Bound a solve with
//!   [`solver::Solver::solve_within`] and a [`zerosum::time::Budget`] (time, nodes, stop
//!   flag): it then returns `None` when the budget runs out.
//! - [`Engine::think`](zerosum::Engine::think) at a numbered level searches a fixed depth
//!   (milliseconds to about a second); `Level::PERFECT` solves exactly only near the end.
//!   `Limits::time`/`Limits::nodes` bound any level.
#![deny(missing_docs)]

mod board;
mod disc_text;
mod engine;
mod error;
pub mod eval;
pub mod ffo;
mod game;
pub mod ggf;
pub mod midgame;
pub mod movegen;
pub mod nboard;
pub mod perft;
pub mod solver;
mod square;
pub mod stability;
pub mod train;
pub mod zobrist;

pub use board::Board;
pub use disc_text::{signed_discs, signed_hundredths};
pub use engine::{Engine, Level, MoveValue};
pub use error::{ParseLineError, ParseMoveError, ParsePositionError, PlayError, TuningError};
pub use game::Othello;
pub use solver::Solution;
pub use square::{Move, Square};
/// The core crate itself, for the items its API uses that are not re-exported by name
/// above (e.g. `zerosum::search::SearchStats`, the type of [`SearchResult::stats`]), so
/// that a program depending on this crate alone can name them.
pub use zerosum;
pub use zerosum::search::{Limits, Report, RootMove, SearchResult, StopFlag};
pub use zerosum::time::{Budget, GameClock, TimeSource};
pub use zerosum::{
    Bound, Game, LevelError, MoveList, Notation, Observer, Outcome, Score, Side, TableAllocError,
};

/// The traits to have in scope to call the engine and the game:
/// `use othello::prelude::*;`.
pub mod prelude {
    pub use zerosum::{Engine as _, Game as _, Level as _, Notation as _};
}
