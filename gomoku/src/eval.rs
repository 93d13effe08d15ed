//! Threat-aware static evaluation and move-ordering values on the line patterns.

use crate::board::Board;
use crate::pattern::Pattern;
use zerosum::{Game, Score, Side};

/// Value of one direction's pattern at an empty cell, for the evaluation sum.
const EVAL_WEIGHT: [i32; 8] = [0, 1, 4, 12, 30, 40, 160, 600];

/// How good a move on a cell with these four direction patterns is for its side:
/// the combination classes of Gomoku threat theory first (five; open four or double
/// four; four-three; double open three), then a sum of the single patterns.
#[inline]
pub fn cell_value(p: [u8; 4]) -> i32 {
    let mut fours = 0;
    let mut open_four = false;
    let mut threes = 0;
    let mut sum = 0;
    for v in p {
        match Pattern::from_code(v) {
            Pattern::Five => return 1_000_000,
            Pattern::OpenFour => open_four = true,
            Pattern::Four => fours += 1,
            Pattern::OpenThree => threes += 1,
            _ => {}
        }
        sum += EVAL_WEIGHT[v as usize];
    }
    sum + if open_four || fours >= 2 {
        100_000
    } else if fours == 1 && threes >= 1 {
        20_000
    } else if threes >= 2 {
        8_000
    } else if fours == 1 {
        300
    } else if threes == 1 {
        200
    } else {
        0
    }
}

/// The threat class of a cell for the side that would play there: 2 = a four with an
/// open three (four-three), 1 = two open threes (double three), 0 = neither. Open fours
/// and double fours are found by the search itself ([`has_double_four_move`]).
#[inline]
fn threat_class(p: [u8; 4]) -> usize {
    let (mut fours, mut threes) = (0, 0);
    for v in p {
        if v == Pattern::Four as u8 {
            fours += 1;
        } else if v == Pattern::OpenThree as u8 {
            threes += 1;
        }
    }
    if fours >= 1 && threes >= 1 {
        2
    } else if threes >= 2 {
        1
    } else {
        0
    }
}

/// Bonus of the side to move's best threat class (none, double three, four-three): it
/// plays first, so a four-three is close to a win when the opponent has no four to gain
/// the tempo back.
const MY_CLASS: [i32; 3] = [0, 250, 700];
/// The opponent's best threat class counts less: the side to move can still defend it.
const THEIR_CLASS: [i32; 3] = [0, 80, 200];

/// The static value of `board` for its side to move, in pattern units: the sum over
/// empty cells near stones of the side to move's [`EVAL_WEIGHT`]s minus the opponent's,
/// the opponent weighted a little less (the side to move plays next), plus a bonus for
/// each side's best threat class (four-three, double three) on a single cell, larger for
/// the side to move. Unfinished positions only; scores lie well within the heuristic
/// range.
pub fn evaluate(board: &Board) -> Score {
    let me = board.side_to_move();
    let opp = !me;
    let (mut mine, mut theirs) = (0i32, 0i32);
    let (mut my_class, mut their_class) = (0usize, 0usize);
    for i in 0..board.cell_count() {
        if board.raw(i) != 0 || board.near(i) == 0 {
            continue;
        }
        let (pm, po) = (board.patterns(i, me), board.patterns(i, opp));
        for d in 0..4 {
            mine += EVAL_WEIGHT[pm[d] as usize];
            theirs += EVAL_WEIGHT[po[d] as usize];
        }
        my_class = my_class.max(threat_class(pm));
        their_class = their_class.max(threat_class(po));
    }
    if board.stone_count() == 0 {
        return Score::DRAW;
    }
    // A four of the opponent's takes the tempo back: our class is then worth less.
    let opp_can_four = board.pattern_count(opp, Pattern::Four) > 0
        || board.pattern_count(opp, Pattern::OpenFour) > 0;
    let mut bonus = MY_CLASS[my_class] - THEIR_CLASS[their_class];
    if opp_can_four {
        bonus = MY_CLASS[my_class] / 3 - THEIR_CLASS[their_class];
    }
    Score::heuristic(mine * 6 / 5 - theirs + bonus)
}

/// True when `side` has a cell that makes an open four or a double four at once (under
/// renju, not on a forbidden point of black's).
pub fn has_double_four_move(board: &Board, side: Side) -> Option<usize> {
    if board.pattern_count(side, Pattern::OpenFour) == 0
        && board.pattern_count(side, Pattern::Four) < 2
    {
        return None;
    }
    (0..board.cell_count()).find(|&i| {
        let p = board.patterns(i, side);
        (p.contains(&(Pattern::OpenFour as u8))
            || p.iter().filter(|&&v| v == Pattern::Four as u8).count() >= 2)
            && !(side == Side::First && crate::renju::is_forbidden(board, board.cell_of(i)))
    })
}

#[cfg(test)]
fn evaluate_raw(board: &Board) -> i32 {
    evaluate(board).0
}

#[cfg(test)]
mod tests {
    use super::*;
    use zerosum::Notation;

    #[test]
    fn symmetric_start_is_balanced_and_threats_rank_first() {
        let b = Board::new();
        assert_eq!(evaluate(&b), Score::DRAW);
        assert!(cell_value([7, 0, 0, 0]) > cell_value([6, 0, 0, 0]));
        assert!(cell_value([6, 0, 0, 0]) > cell_value([5, 4, 0, 0]));
        assert!(cell_value([5, 4, 0, 0]) > cell_value([4, 4, 0, 0]));
        assert!(cell_value([4, 4, 0, 0]) > cell_value([5, 0, 0, 0]));
        let b = Board::parse_position("15f:h8a1i8a2j8").unwrap();
        assert!(evaluate_raw(&b) < 0, "white faces an open three");
    }
}
