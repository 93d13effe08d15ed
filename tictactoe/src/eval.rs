//! [`LineEvaluator`]: a heuristic for boards too large to solve, for depth-limited search
//! with the core `Searcher`.

use crate::Board;
use zerosum::{Evaluator, Game, Score};

/// Counts the win lines still open for each side, weighted by the stones already in
/// them (the idea of seed 004's Gomoku win lists): a line holding `n` stones of one
/// side and none of the other is worth `4^n` to that side. The value is the side to
/// move's total minus the opponent's, as a heuristic [`Score`].
#[derive(Clone, Copy, Debug, Default)]
pub struct LineEvaluator;

impl Evaluator<Board> for LineEvaluator {
    fn evaluate(&mut self, game: &Board) -> Score {
        let me = game.side_to_move();
        let (own, opp) = (game.stones(me), game.stones(!me));
        let mut value: i64 = 0;
        for &l in game.geometry().lines() {
            let (a, b) = ((l & own).count_ones(), (l & opp).count_ones());
            if b == 0 {
                value += 1 << (2 * a);
            }
            if a == 0 {
                value -= 1 << (2 * b);
            }
        }
        Score::heuristic(value.clamp(i32::MIN as i64 + 1, i32::MAX as i64) as i32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn centre_is_worth_more_than_an_edge() {
        // After X's move it is O's turn: lower is better for X.
        let centre: Board = "....x....".parse().unwrap();
        let edge: Board = ".x.......".parse().unwrap();
        assert!(LineEvaluator.evaluate(&centre) < LineEvaluator.evaluate(&edge));
        assert_eq!(LineEvaluator.evaluate(&Board::default()), Score::DRAW);
    }
}
