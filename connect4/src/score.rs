//! Pascal Pons' score convention and its link with the core's [`Score`].
//!
//! From the side to move's point of view, with perfect play (win as soon as possible,
//! lose as late as possible): 0 is a draw; a win completed by the winner's `k`-th stone
//! scores `22 − k`; a loss to the opponent's `k`-th stone scores `k − 22`. In plies: a
//! four made by the `m`-th stone of the game is worth `22 − ⌈m/2⌉` to its maker.
//! (`../shared/data/connect4/README.md`; Pons, "Solving Connect 4", part 2.)
//!
//! On a board of `N` cells ([`crate::Size`]) the same convention reads: a four made by
//! the `m`-th stone of the game is worth `⌊(N + 2 − m)/2⌋` to its maker
//! ([`win_score_on`]; Pons' solver's `(N + 1 − moves)/2` for a win at once), so the score
//! is the number of the winner's stones left unplayed plus one; the fastest possible win
//! scores most, a draw (the board filled, the game's last move the `N`-th) 0, and every
//! win at least 1 — also, on an odd board, the first player's win with the last cell
//! (it has `⌈N/2⌉` stones, one more than the second player). On an even board, and for
//! the second player's wins, this is `⌊N/2⌋ + 1 − ⌈m/2⌉`. Conversely the game ends on
//! move `m = N + 1 − 2s` (`N` even) or `N + 2 − 2s` (`N` odd) for a first-player score
//! `s > 0` from the empty board, and `m = N + 2 + 2s` (`N` even) or `N + 1 + 2s` (`N`
//! odd) for `s < 0` ([`ending_move`]), the form in which the outcomes of other board
//! sizes are published.
use crate::bits::CELLS;
use zerosum::Score;

/// The lowest score of a 7×6 game (the opponent wins with their 4th stone): -18.
pub const MIN_SCORE: i32 = -(CELLS as i32) / 2 + 3;
/// The highest score of a 7×6 game (a win with one's own 4th stone): 18.
pub const MAX_SCORE: i32 = (CELLS as i32 + 1) / 2 - 3;

/// The score, for its maker, of a four completed by the `stone`-th stone of the game
/// (`stone` counted from 1 on the empty board): `22 − ⌈stone/2⌉` on the standard board.
#[inline]
pub const fn win_score(stone: u32) -> i32 {
    win_score_on(CELLS, stone)
}

/// [`win_score`] on a board of `cells` cells: `⌊(cells + 2 − stone)/2⌋`, the winner's
/// stones left unplayed plus one (`stone` at most `cells`). It is `⌊cells/2⌋ + 1 −
/// ⌈stone/2⌉` except for the first player on an odd board, which has one stone more:
/// its win with the last cell scores 1, not 0 as a draw does, as the solver's own
/// bounds (Pons') count it.
#[inline(always)]
pub const fn win_score_on(cells: u32, stone: u32) -> i32 {
    (cells as i32 + 2 - stone as i32) / 2
}

/// The move (counted from 1) on which a game from the empty board of `cells` cells
/// ends under perfect play, given the empty board's score `score` (the first player's):
/// the stone that makes the winner's four (a positive score: the first player's, an
/// odd move; a negative one: the second player's, an even move), or the last cell
/// (`cells`) for a draw. The inverse of [`win_score_on`] on the moves of the right
/// parity. `score` must be one a game on that board can have (`|score| ≤ ⌊(cells − 5)/2⌋`:
/// a four made with the first player's own 4th stone): other scores give no move of the
/// game.
///
/// ```
/// // The standard board: +1, a first-player win with the 41st stone (Allis, Allen).
/// assert_eq!(connect4::score::ending_move(42, 1), 41);
/// assert_eq!(connect4::score::ending_move(42, 0), 42);
/// ```
pub const fn ending_move(cells: u32, score: i32) -> u32 {
    let n = cells as i32;
    let m = if score > 0 {
        // The odd m with ⌊(n + 2 − m)/2⌋ = score.
        if n % 2 == 0 {
            n + 1 - 2 * score
        } else {
            n + 2 - 2 * score
        }
    } else if score < 0 {
        // The even m with ⌊(n + 2 − m)/2⌋ = −score.
        2 * (n / 2 + 1 + score)
    } else {
        n
    };
    m as u32
}

/// The Pons score of a core [`Score`] given to a position with `stones` stones on the
/// standard 7×6 board: a decisive score "in n plies" is a four made by stone
/// `stones + n`; anything else (a draw, or a heuristic value) is 0. Other board sizes:
/// [`from_core_on`].
pub fn from_core(score: Score, stones: u32) -> i32 {
    from_core_on(CELLS, score, stones)
}

/// [`from_core`] on a board of `cells` cells ([`crate::Size::cells`]): the score
/// [`win_score_on`] gives the four made by stone `stones + n`.
pub fn from_core_on(cells: u32, score: Score, stones: u32) -> i32 {
    match score.plies_to_end() {
        Some(n) if score.is_win() => win_score_on(cells, stones + n),
        Some(n) => -win_score_on(cells, stones + n),
        None => 0,
    }
}

/// The core [`Score`] of a Pons score given to a position with `stones` stones on the
/// standard 7×6 board (the inverse of [`from_core`] on the scores that can occur there).
/// Other board sizes: [`to_core_on`].
pub fn to_core(score: i32, stones: u32) -> Score {
    to_core_on(CELLS, score, stones)
}

/// [`to_core`] on a board of `cells` cells ([`crate::Size::cells`]), the inverse of
/// [`from_core_on`] on the scores that can occur there: the side to move plays the
/// stones `stones + 1, stones + 3, …`, so its win scoring `score > 0` is made by the
/// one of the stones `cells + 2 − 2·score` and `cells + 1 − 2·score` that it plays, and
/// the opponent's win scoring `−score` by the one of `cells + 2 + 2·score` and
/// `cells + 1 + 2·score` that the opponent plays. A score that no stone left can make
/// reads as a win or loss in 0 plies.
pub fn to_core_on(cells: u32, score: i32, stones: u32) -> Score {
    let (n, stones) = (cells as i64, stones as i64);
    let score = score as i64;
    // The ending stone among two consecutive candidates, by whose turn it is: the side
    // to move's stones are an odd number of plies ahead, the opponent's an even number.
    let ending = |high: i64, odd: bool| {
        if ((high - stones).rem_euclid(2) == 1) == odd {
            high
        } else {
            high - 1
        }
    };
    if score > 0 {
        let m = ending(n + 2 - 2 * score, true);
        Score::win_in((m - stones).max(0) as u32)
    } else if score < 0 {
        let m = ending(n + 2 + 2 * score, false);
        Score::loss_in((m - stones).max(0) as u32)
    } else {
        Score::DRAW
    }
}

/// The scores a game from `position` can still end with, in Pons' convention for the
/// side to move: from the opponent's fastest possible win to the side to move's, each
/// needing four stones of its own (the first player's 4th stone is the game's 7th, the
/// second player's its 8th) and the stones alternating from here. A four that cannot
/// win before the board is full, or does not fit on the board (neither side 4 long),
/// leaves 0 (a draw) as that end of the range. A finished position has its own score
/// only: a loss to the last stone, or 0 for a full board.
///
/// ```
/// use connect4::{Position, score::possible_scores};
/// // After 4 stones the side to move has 2 and wins at best with its 4th: 22 − 4 = 18.
/// assert_eq!(possible_scores(&Position::from_moves("4455").unwrap()), -18..=18);
/// // After 11 stones: a win with the next stone (the 6th of the second player) scores 16,
/// // Pons' bound (43 − 11) / 2; the first player's next stone is its 7th: 22 − 7 = 15.
/// assert_eq!(possible_scores(&Position::from_moves("44455554221").unwrap()), -15..=16);
/// ```
pub fn possible_scores<G: crate::Geometry>(
    position: &crate::Position<G>,
) -> std::ops::RangeInclusive<i32> {
    use zerosum::Game;
    let g = position.geometry();
    let cells = g.cells();
    let stones = position.moves();
    match position.outcome() {
        Some(zerosum::Outcome::Win(_)) => {
            let s = -win_score_on(cells, stones);
            return s..=s;
        }
        Some(zerosum::Outcome::Draw) => return 0..=0,
        None => {}
    }
    let fits = g.width() >= 4 || g.height() >= 4;
    // The earliest move (from 1) on which a side can make its four: its own 4th stone,
    // and not before `from`, the side's next move (same parity).
    let earliest = |first_player: bool, from: u32| from.max(if first_player { 7 } else { 8 });
    let to_move_is_first = stones.is_multiple_of(2);
    let best = |first_player: bool, from: u32| {
        let m = earliest(first_player, from);
        if fits && m <= cells {
            win_score_on(cells, m)
        } else {
            0
        }
    };
    -best(!to_move_is_first, stones + 2)..=best(to_move_is_first, stones + 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Game, MoveList, Position, Size};
    use std::collections::HashMap;

    /// Every score a game from `p` can end with (any play, not only perfect play), as a
    /// bit set over `score + 32`, by walking every continuation (memoised by position).
    fn reachable(p: &mut Position<Size>, memo: &mut HashMap<u64, u64>) -> u64 {
        if let Some(&m) = memo.get(&p.key()) {
            return m;
        }
        let cells = p.geometry().cells() as i32;
        let n = p.moves() as i32;
        let set = match p.outcome() {
            // The side to move lost to the last stone: the winner has its stones left
            // plus one, counted on the board itself.
            Some(crate::Outcome::Win(_)) => 1 << (32 - (cells - n + 2) / 2),
            Some(crate::Outcome::Draw) => 1 << 32,
            None => {
                let mut moves = MoveList::new();
                p.legal_moves(&mut moves);
                let mut set = 0u64;
                for &mv in moves.iter() {
                    p.play(mv);
                    // The child's scores are the opponent's: negate them.
                    let child = reachable(p, memo);
                    p.undo();
                    for s in -32i32..32 {
                        if child >> (s + 32) & 1 == 1 {
                            set |= 1 << (32 - s);
                        }
                    }
                }
                set
            }
        };
        memo.insert(p.key(), set);
        set
    }

    /// [`possible_scores`] holds every score any game from the position reaches, on small
    /// boards walked exhaustively (each of their positions), and its ends are reached
    /// from the empty board (the fastest wins: the 4th stone of each side).
    #[test]
    fn possible_scores_hold_every_reachable_score() {
        for (w, h) in [(4, 4), (5, 3), (3, 5), (3, 3), (6, 2)] {
            let size = Size::new(w, h).unwrap();
            let mut memo = HashMap::new();
            let mut empty = Position::empty_on(size);
            let all = reachable(&mut empty, &mut memo);
            let range = possible_scores(&empty);
            for s in -32i32..32 {
                if all >> (s + 32) & 1 == 1 {
                    assert!(range.contains(&s), "{w}x{h}: {s} outside {range:?}");
                }
            }
            for end in [*range.start(), *range.end()] {
                assert!(
                    all >> (end + 32) & 1 == 1,
                    "{w}x{h}: {end} of {range:?} unreached"
                );
            }
            // Every position met on the way (walked again, each checked once).
            let mut seen = std::collections::HashSet::new();
            let mut stack = vec![Position::empty_on(size)];
            while let Some(p) = stack.pop() {
                if !seen.insert(p.key()) {
                    continue;
                }
                let range = possible_scores(&p);
                let set = memo[&p.key()];
                for s in -32i32..32 {
                    if set >> (s + 32) & 1 == 1 {
                        assert!(range.contains(&s), "{w}x{h} {p}: {s} outside {range:?}");
                    }
                }
                let mut moves = MoveList::new();
                p.legal_moves(&mut moves);
                for &mv in moves.iter() {
                    let mut child = p.clone();
                    child.play(mv);
                    stack.push(child);
                }
            }
        }
    }

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

    /// On every board size up to 64 cells, [`to_core_on`] inverts [`from_core_on`]
    /// for every decisive result that can occur: a four made by a later stone of either
    /// side. A library user's report: `from_core` and `to_core` read every board as
    /// 7×6 (`112233` on 4×4, a win with the next stone, scored 18, not 5).
    #[test]
    fn core_scores_round_trip_on_every_board() {
        for cells in 1..=64 {
            for stones in 0..cells {
                for n in 1..=cells - stones {
                    let core = if n % 2 == 1 {
                        Score::win_in(n)
                    } else {
                        Score::loss_in(n)
                    };
                    let pons = from_core_on(cells, core, stones);
                    assert_eq!(
                        pons,
                        if n % 2 == 1 { 1 } else { -1 } * win_score_on(cells, stones + n)
                    );
                    assert_eq!(
                        to_core_on(cells, pons, stones),
                        core,
                        "{cells} cells, {stones} stones, {n} plies"
                    );
                }
            }
        }
        // The 4×4 board of the report: the side to move wins with the 7th stone.
        assert_eq!(from_core_on(16, Score::win_in(1), 6), 5);
        assert_eq!(to_core_on(16, 5, 6), Score::win_in(1));
        assert_eq!(to_core_on(42, 0, 10), Score::DRAW);
    }

    #[test]
    fn ending_moves_invert_win_scores() {
        for cells in 1..=63 {
            for m in 1..=cells {
                let s = win_score_on(cells, m);
                // Move m is the first player's when odd.
                let first = if m % 2 == 1 { s } else { -s };
                assert_eq!(ending_move(cells, first), m, "{cells} cells, move {m}");
            }
            assert_eq!(ending_move(cells, 0), cells);
        }
    }
}
