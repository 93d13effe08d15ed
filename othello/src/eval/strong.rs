//! Our own evaluation: hand-weighted features whose weights move with the game phase.

use super::CORNERS;
use crate::movegen::{moves, potential_moves};
use crate::stability::stable_discs;
use crate::{Board, Othello};
use zerosum::{Evaluator, Score};

/// X-squares (b2, g2, b7, g7) with the corner each touches diagonally.
const X_SQUARES: [(u64, u64); 4] = [
    (1 << 9, 1 << 0),
    (1 << 14, 1 << 7),
    (1 << 49, 1 << 56),
    (1 << 54, 1 << 63),
];

/// C-squares (next to a corner on an edge) with their corner.
const C_SQUARES: [(u64, u64); 4] = [
    (1 << 1 | 1 << 8, 1 << 0),
    (1 << 6 | 1 << 15, 1 << 7),
    (1 << 48 | 1 << 57, 1 << 56),
    (1 << 55 | 1 << 62, 1 << 63),
];

/// Feature weights at one phase.
#[derive(Clone, Copy, Debug)]
struct Weights {
    mobility: i32,
    potential: i32,
    corner: i32,
    x_square: i32,
    c_square: i32,
    stable: i32,
    parity: i32,
    discs: i32,
}

/// Weights with 60 empties (opening) and 0 empties (end); linear in between, with the
/// midgame point at 30 empties.
const OPENING: Weights = Weights {
    mobility: 14,
    potential: 6,
    corner: 90,
    x_square: 45,
    c_square: 14,
    stable: 18,
    parity: 0,
    discs: -2,
};
const MIDGAME: Weights = Weights {
    mobility: 12,
    potential: 5,
    corner: 80,
    x_square: 35,
    c_square: 10,
    stable: 25,
    parity: 2,
    discs: 0,
};
const ENDGAME: Weights = Weights {
    mobility: 7,
    potential: 2,
    corner: 50,
    x_square: 12,
    c_square: 4,
    stable: 30,
    parity: 10,
    discs: 6,
};

/// A phase-dependent evaluation for the side to move, in hundredths-of-a-disc-like
/// units:
///
/// `w_mob·(moves − opponent's moves) + w_pot·(potential mobility difference)`
/// `+ w_corner·(corner difference) − w_x·(own − opponent's X-squares next to an empty`
/// `corner) − w_c·(same for C-squares) + w_stable·(stable disc difference)`
/// `+ w_parity·(±1 by the parity of the empties) + w_disc·(disc difference)`.
///
/// Weights interpolate between opening (60 empties), midgame (30) and endgame (0)
/// tables; they are hand-set from the usual Othello strategy principles (mobility and
/// frontier early, corners and stability throughout, discs only late) and checked by the
/// match against [`super::Classic`] (see the crate's FIGURES.md).
#[derive(Clone, Copy, Debug, Default)]
pub struct Strong;

impl Strong {
    /// The value of `board` for its side to move.
    pub fn value(board: Board) -> i32 {
        let (p, o) = (board.player, board.opponent);
        let empties = board.empties() as i32;
        let (a, b, t, span) = if empties >= 30 {
            (MIDGAME, OPENING, empties - 30, 30)
        } else {
            (ENDGAME, MIDGAME, empties, 30)
        };
        let w = |f: fn(&Weights) -> i32| (f(&a) * (span - t) + f(&b) * t) / span;

        let mob = moves(p, o).count_ones() as i32 - moves(o, p).count_ones() as i32;
        let pot =
            potential_moves(p, o).count_ones() as i32 - potential_moves(o, p).count_ones() as i32;
        let corner = (p & CORNERS).count_ones() as i32 - (o & CORNERS).count_ones() as i32;
        let empty = board.empty();
        let mut x = 0;
        let mut c = 0;
        for (sq, corner_sq) in X_SQUARES {
            if empty & corner_sq != 0 {
                x += (p & sq != 0) as i32 - (o & sq != 0) as i32;
            }
        }
        for (sq, corner_sq) in C_SQUARES {
            if empty & corner_sq != 0 {
                c += (p & sq).count_ones() as i32 - (o & sq).count_ones() as i32;
            }
        }
        let stable = if (p | o) & CORNERS != 0 || empties < 24 {
            stable_discs(p, o).count_ones() as i32 - stable_discs(o, p).count_ones() as i32
        } else {
            0
        };
        let parity = if empties % 2 == 1 { 1 } else { -1 };
        let discs = p.count_ones() as i32 - o.count_ones() as i32;
        w(|w| w.mobility) * mob + w(|w| w.potential) * pot + w(|w| w.corner) * corner
            - w(|w| w.x_square) * x
            - w(|w| w.c_square) * c
            + w(|w| w.stable) * stable
            + w(|w| w.parity) * parity
            + w(|w| w.discs) * discs
    }
}

impl Evaluator<Othello> for Strong {
    fn evaluate(&mut self, game: &Othello) -> Score {
        Score::heuristic(Strong::value(game.board()))
    }
}
