//! Exhaustive enumeration: every position reachable from a start, every possible game.
//! For 3×3 these give the published counts (5,478 positions, 765 up to symmetry;
//! 255,168 games: 131,184 won by X, 77,904 by O, 46,080 drawn), which the tests check.

use crate::Board;
use std::collections::HashSet;
use zerosum::{Game, MoveList, Outcome, Side};

/// Every position reachable from `start` by legal play (`start` included), each once,
/// in depth-first order of first discovery (cells tried in increasing order).
pub fn reachable_positions(start: &Board) -> Vec<Board> {
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    let mut b = start.clone();
    visit(&mut b, &mut seen, &mut out);
    out
}

fn visit(b: &mut Board, seen: &mut HashSet<(u64, u64)>, out: &mut Vec<Board>) {
    if !seen.insert((b.stones(Side::First), b.stones(Side::Second))) {
        return;
    }
    out.push(Board::parse_in(&b.to_string(), b.geometry()).expect("reachable positions are valid"));
    let mut moves = MoveList::new();
    b.legal_moves(&mut moves);
    for mv in moves {
        b.play(mv);
        visit(b, seen, out);
        b.undo();
    }
}

/// Number of distinct canonical keys among `positions` (positions up to symmetry).
pub fn count_up_to_symmetry(positions: &[Board]) -> usize {
    positions
        .iter()
        .map(Board::canonical_key)
        .collect::<HashSet<_>>()
        .len()
}

/// How the possible games from a position end.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GameCounts {
    /// Games won by X (the first player).
    pub x_wins: u64,
    /// Games won by O.
    pub o_wins: u64,
    /// Drawn games.
    pub draws: u64,
}

impl GameCounts {
    /// All games.
    pub fn total(&self) -> u64 {
        self.x_wins + self.o_wins + self.draws
    }
}

/// Counts every game (move sequence to the end) from `start`.
pub fn count_games(start: &Board) -> GameCounts {
    fn go(b: &mut Board, c: &mut GameCounts) {
        match b.outcome() {
            Some(Outcome::Win(Side::First)) => c.x_wins += 1,
            Some(Outcome::Win(Side::Second)) => c.o_wins += 1,
            Some(Outcome::Draw) => c.draws += 1,
            None => {
                let mut moves = MoveList::new();
                b.legal_moves(&mut moves);
                for mv in moves {
                    b.play(mv);
                    go(b, c);
                    b.undo();
                }
            }
        }
    }
    let mut c = GameCounts::default();
    go(&mut start.clone(), &mut c);
    c
}
