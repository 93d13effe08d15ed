//! perft: the number of leaves of the game tree to a fixed depth, the standard check of
//! move generation.
//!
//! Two conventions differ only in games that end before the last ply; in both a forced
//! pass is a move that uses a ply:
//! - [`PerftMode::FinishedIsLeaf`] (default): a game that ends early counts as one leaf.
//!   From the start: 4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288, 24571284,
//!   212258800, 1939886636, 18429641748 for depths 1–13;
//! - [`PerftMode::Edax`]: Edax's `count`, where a game that ends early adds no leaf:
//!   …, 24571056, 212258216, 1939879668, 18429618408 for depths 10–13.
//!
//! (Figures from the data README, `../shared/data/othello/README.md`.) The last ply is
//! counted in bulk: the number of legal moves (or 1 for a pass) without playing them.
//!
//! Since a pass is a ply, a game from a position with `e` empty squares lasts at most
//! `2e` plies ([`longest_game_plies`]: at most `e` moves, and every pass is followed by a
//! move, two passes in a row ending the game; real games have had over 20 passes). No
//! count changes beyond it, and [`check_depth`] refuses such depths.

use crate::Board;
use thiserror::Error;

/// The most plies a game from `board` can last, passes included: `2 × empties`. Each
/// empty square takes at most one move, and a pass is always followed by a move (the
/// side to move passes only when the other side can move; two passes in a row end the
/// game), so there are at most as many passes as moves. From the start: 120.
pub const fn longest_game_plies(board: Board) -> u32 {
    2 * board.empties()
}

/// A perft depth beyond the longest game ([`longest_game_plies`]): every game has ended
/// by then, so the count at the longest game's depth is already final.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error(
    "perft depth {depth} is beyond the longest possible game: with {empties} empty squares a game \
     lasts at most {max} plies ({empties} moves and at most as many passes); deeper counts \
     change nothing (the largest depth is {max})"
)]
pub struct DepthError {
    /// The depth asked for.
    pub depth: u32,
    /// The position's empty squares.
    pub empties: u32,
    /// The largest depth that can change a count, [`longest_game_plies`].
    pub max: u32,
}

/// Checks a perft depth against [`longest_game_plies`] of `board`.
///
/// # Errors
/// [`DepthError`] naming the largest useful depth when `depth` is beyond it.
pub fn check_depth(board: Board, depth: u32) -> Result<(), DepthError> {
    let max = longest_game_plies(board);
    if depth > max {
        return Err(DepthError {
            depth,
            empties: board.empties(),
            max,
        });
    }
    Ok(())
}

/// How a game that ends before the requested depth is counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum PerftMode {
    /// A finished game is one leaf.
    #[default]
    FinishedIsLeaf,
    /// Edax's convention: a finished game before the last ply adds nothing.
    Edax,
}

/// The number of leaves `depth` plies below `board` (a pass counts as a ply).
pub fn perft(board: Board, depth: u32, mode: PerftMode) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = board.moves();
    if moves == 0 {
        if board.opponent_moves() == 0 {
            return match mode {
                PerftMode::FinishedIsLeaf => 1,
                PerftMode::Edax => 0,
            };
        }
        return perft(board.pass(), depth - 1, mode);
    }
    if depth == 1 {
        return moves.count_ones() as u64;
    }
    let mut total = 0;
    let mut m = moves;
    while m != 0 {
        let sq = m.trailing_zeros();
        m &= m - 1;
        total += perft(board.play_flips(sq, board.flips(sq)), depth - 1, mode);
    }
    total
}

/// Slow reference perft: the same count through [`crate::Othello`]'s generic
/// `zerosum::Game` interface, no bulk counting.
pub fn perft_slow(game: &mut crate::Othello, depth: u32, mode: PerftMode) -> u64 {
    use zerosum::{Game, MoveList};
    if game.outcome().is_some() {
        return match (depth, mode) {
            (0, _) | (_, PerftMode::FinishedIsLeaf) => 1,
            (_, PerftMode::Edax) => 0,
        };
    }
    if depth == 0 {
        return 1;
    }
    let mut moves = MoveList::new();
    game.legal_moves(&mut moves);
    let mut total = 0;
    for mv in moves {
        game.play(mv);
        total += perft_slow(game, depth - 1, mode);
        game.undo();
    }
    total
}
