//! [`Solution`]: what an exact solver returns, one shape for every game.

use crate::Score;

/// A solved position: its exact game-theoretic score, a move achieving it and the work
/// spent. Each game crate names its own instance (`tictactoe::Solution`,
/// `connect4::Solution`, `othello::Solution`) and documents the units of `score`.
///
/// ```
/// use zerosum::{Score, Solution};
/// let s = Solution { score: Score(0), best_move: Some(4u8), nodes: 1 };
/// assert_eq!(s.outcome_value(), 0); // a draw
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Solution<M, S> {
    /// The score for the side to move, in the game's units (exact, or a bound where the
    /// solver's docs say so, e.g. a win/draw/loss-only "weak" solve).
    pub score: S,
    /// A move achieving `score`, `None` when the game is over (or where the game's
    /// solver documents that it does not compute one).
    pub best_move: Option<M>,
    /// Positions visited by this solve (each game's solver says how it counts them).
    pub nodes: u64,
}

impl<M> Solution<M, Score> {
    /// 1 if the side to move wins, 0 for a draw, −1 if it loses.
    pub fn outcome_value(&self) -> i32 {
        self.score.signum()
    }
}

impl<M> Solution<M, i32> {
    /// 1 if the side to move wins, 0 for a draw, −1 if it loses.
    pub fn outcome_value(&self) -> i32 {
        self.score.signum()
    }
}
