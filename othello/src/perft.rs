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
    "perft depth {depth} is beyond the longest possible game: with {} a game \
     lasts at most {max} plies ({} and at most as many passes); deeper counts \
     change nothing (the largest depth is {max})",
    counted(*.empties, "empty square"),
    counted(*.empties, "move")
)]
pub struct DepthError {
    /// The depth asked for (any count of plies a caller can hold).
    pub depth: u64,
    /// The position's empty squares.
    pub empties: u32,
    /// The largest depth that can change a count, [`longest_game_plies`].
    pub max: u32,
}

/// `n` and the noun, plural but for one (`1 move`, `2 moves`).
fn counted(n: u32, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// Checks a perft depth against [`longest_game_plies`] of `board`.
///
/// # Errors
/// [`DepthError`] naming the largest useful depth when `depth` is beyond it.
pub fn check_depth(board: Board, depth: u64) -> Result<(), DepthError> {
    let max = longest_game_plies(board);
    if depth > u64::from(max) {
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

/// A perft count larger than the largest count kept ([`perft_up_to`]'s `max`; for
/// [`try_perft`], `u64::MAX − 1`, which the count from the start passes at about depth
/// 22).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("perft {depth}: the count exceeds {max}, the largest count kept")]
pub struct CountOverflow {
    /// The depth asked for.
    pub depth: u32,
    /// The largest count kept.
    pub max: u64,
}

/// The number of leaves `depth` plies below `board` (a pass counts as a ply).
///
/// # Panics
/// When the count exceeds `u64::MAX − 1` (from the start, beyond about depth 22: years
/// of CPU); [`try_perft`] returns that as an error.
pub fn perft(board: Board, depth: u32, mode: PerftMode) -> u64 {
    match try_perft(board, depth, mode) {
        Ok(n) => n,
        Err(e) => panic!("{e}"),
    }
}

/// [`perft`], with a count beyond `u64::MAX − 1` returned as an error instead of
/// wrapping round.
///
/// # Errors
/// [`CountOverflow`] when the count exceeds `u64::MAX − 1`.
pub fn try_perft(board: Board, depth: u32, mode: PerftMode) -> Result<u64, CountOverflow> {
    perft_up_to(board, depth, mode, u64::MAX - 1)
}

/// [`try_perft`] with the largest count kept set to `max` (below `u64::MAX`): every sum
/// of counts saturates at `max + 1`, so it never wraps round, and a count that reaches
/// it is an error.
///
/// # Errors
/// [`CountOverflow`] when the count exceeds `max`.
pub fn perft_up_to(
    board: Board,
    depth: u32,
    mode: PerftMode,
    max: u64,
) -> Result<u64, CountOverflow> {
    let max = max.min(u64::MAX - 1);
    let n = count(board, depth, mode, max + 1);
    if n > max {
        return Err(CountOverflow { depth, max });
    }
    Ok(n)
}

/// The leaves `depth` plies below `board`, or `cap` when there are at least that many
/// (every sum saturates at it; a bulk count of the last ply, at most 64, is capped by
/// its caller's sum or by [`perft_up_to`]).
fn count(board: Board, depth: u32, mode: PerftMode, cap: u64) -> u64 {
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
        return count(board.pass(), depth - 1, mode, cap);
    }
    if depth == 1 {
        return u64::from(moves.count_ones());
    }
    let mut total: u64 = 0;
    let mut m = moves;
    while m != 0 {
        let sq = m.trailing_zeros();
        m &= m - 1;
        let n = count(board.play_flips(sq, board.flips(sq)), depth - 1, mode, cap);
        total = total.saturating_add(n).min(cap);
    }
    total
}

/// Slow reference perft: the same count through [`crate::Othello`]'s generic
/// `zerosum::Game` interface, no bulk counting.
///
/// # Panics
/// When the count does not fit in a `u64` (never within a lifetime of CPU: it counts
/// one leaf at a time).
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
        total = u64::checked_add(total, perft_slow(game, depth - 1, mode))
            .expect("a perft count beyond u64");
        game.undo();
    }
    total
}
