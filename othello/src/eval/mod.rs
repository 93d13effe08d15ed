//! Static evaluations of positions, for the side to move.
//!
//! - [`Classic`]: seed 003's evaluation, 100·mobility + 30·edge + 10000·corner, and its
//!   negamax ([`classic_search`]);
//! - [`Strong`]: our own phase-dependent evaluation (mobility, potential mobility,
//!   corners, X- and C-squares, stable discs, parity, discs);
//! - [`Pattern`]: the trained pattern evaluation (Logistello/Edax-style tables by
//!   phase, see [`pattern`]).
//!
//! Both implement [`zerosum::Evaluator`] for [`crate::Othello`], so the core
//! [`zerosum::search::Searcher`] can play with them; finished games are scored by the
//! searcher (win/loss in n plies), not by the evaluators.

mod classic;
pub mod pattern;
mod strong;

pub use classic::{Classic, ClassicResult, SEED_INFINITY, classic_search, end_of_game_value};
pub use pattern::Pattern;
pub use strong::Strong;

/// A static ordering hint per square, a1 = 0 … h8 = 63: corners first, then edges,
/// inner squares, C-squares, and X-squares (diagonal to a corner) last.
pub const SQUARE_ORDER: [i32; 64] = {
    let mut t = [0i32; 64];
    let mut sq = 0;
    while sq < 64 {
        let (x, y) = (sq % 8, sq / 8);
        let ex = x == 0 || x == 7;
        let ey = y == 0 || y == 7;
        let nx = x == 1 || x == 6;
        let ny = y == 1 || y == 6;
        t[sq] = if ex && ey {
            1000
        } else if nx && ny {
            -500
        } else if (ex && ny) || (ey && nx) {
            -100
        } else if ex || ey {
            50
        } else {
            0
        };
        sq += 1;
    }
    t
};

/// The four corners.
pub const CORNERS: u64 = 0x8100_0000_0000_0081;
