//! Pascal Pons' score convention and its link with the core's [`Score`].
//!
//! From the side to move's point of view, with perfect play (win as soon as possible,
//! lose as late as possible): 0 is a draw; a win completed by the winner's `k`-th stone
//! scores `22 − k`; a loss to the opponent's `k`-th stone scores `k − 22`. In plies: a
//! four made by the `m`-th stone of the game is worth `22 − ⌈m/2⌉` to its maker.
//! (`../shared/data/connect4/README.md`; Pons, "Solving Connect 4", part 2.)

use crate::bits::CELLS;
use zerosum::Score;

/// The lowest score of a 7×6 game (the opponent wins with their 4th stone): -18.
pub const MIN_SCORE: i32 = -(CELLS as i32) / 2 + 3;
/// The highest score of a 7×6 game (a win with one's own 4th stone): 18.
pub const MAX_SCORE: i32 = (CELLS as i32 + 1) / 2 - 3;

/// The score, for its maker, of a four completed by the `stone`-th stone of the game
/// (`stone` counted from 1 on the empty board): `22 − ⌈stone/2⌉`.
#[inline]
pub const fn win_score(stone: u32) -> i32 {
    (CELLS as i32 / 2 + 1) - (stone as i32 + 1) / 2
}

/// The Pons score of a core [`Score`] given to a position with `stones` stones: a
/// decisive score "in n plies" is a four made by stone `stones + n`; anything else (a
/// draw, or a heuristic value) is 0.
pub fn from_core(score: Score, stones: u32) -> i32 {
    match score.plies_to_end() {
        Some(n) if score.is_win() => win_score(stones + n),
        Some(n) => -win_score(stones + n),
        None => 0,
    }
}

/// The core [`Score`] of a Pons score given to a position with `stones` stones (the
/// inverse of [`from_core`] on the scores that can occur there).
pub fn to_core(score: i32, stones: u32) -> Score {
    let stones = stones as i32;
    let kmax = CELLS as i32 / 2 + 1;
    if score > 0 {
        // The side to move has ⌊stones/2⌋ stones and wins with its (22 − score)-th.
        let k = kmax - score;
        Score::win_in((2 * (k - stones / 2) - 1).max(0) as u32)
    } else if score < 0 {
        // The opponent has ⌈stones/2⌉ stones and wins with its (22 + score)-th.
        let k = kmax + score;
        Score::loss_in((2 * (k - (stones + 1) / 2)).max(0) as u32)
    } else {
        Score::DRAW
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn convention() {
        assert_eq!((MIN_SCORE, MAX_SCORE), (-18, 18));
        // An immediate win from n stones scores ⌊(43 − n)/2⌋ (data README).
        for n in 0..42 {
            assert_eq!(win_score(n + 1), (43 - n as i32) / 2);
            // A loss to the opponent's next stone scores −⌊(42 − n)/2⌋.
            if n < 41 {
                assert_eq!(-win_score(n + 2), -((42 - n as i32) / 2));
            }
        }
        // 4455: the side to move wins with its 4th stone, the 7th of the game.
        assert_eq!(win_score(7), 18);
        for stones in 0..42 {
            for s in MIN_SCORE..=MAX_SCORE {
                let c = to_core(s, stones);
                if c.plies_to_end()
                    .is_some_and(|n| n >= 1 && stones + n <= CELLS)
                {
                    assert_eq!(from_core(c, stones), s, "score {s} at {stones} stones");
                }
            }
        }
    }
}
