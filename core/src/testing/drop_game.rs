//! [`Drop`], a small game for testing searches: "drop k in a row" on a `width`×`height`
//! board with gravity (Connect Four's rules on any board size). On 4×4 with k = 3 it is
//! small enough to search exhaustively, with transpositions, wins, losses and draws.

use crate::{Game, MoveList, Outcome, Score, Side};
use std::fmt;

/// A move of [`Drop`]: a column, 0-based (displayed 1-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Col(pub u8);

impl fmt::Display for Col {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0 + 1)
    }
}

/// A position of "drop k in a row" with its history. Deliberately simple (a cell
/// vector, line checks by walking) so that it is obviously right; not fast.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Drop {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// Stones in a row needed to win.
    pub k: usize,
    cells: Vec<Option<Side>>, // row-major, row 0 at the bottom
    heights: Vec<usize>,
    history: Vec<u8>,
    winner: Option<Side>,
    winner_history: Vec<Option<Side>>,
}

impl Drop {
    /// The empty board.
    pub fn new(width: usize, height: usize, k: usize) -> Self {
        Drop {
            width,
            height,
            k,
            cells: vec![None; width * height],
            heights: vec![0; width],
            history: Vec::new(),
            winner: None,
            winner_history: Vec::new(),
        }
    }

    fn at(&self, x: i64, y: i64) -> Option<Side> {
        if x < 0 || y < 0 || x >= self.width as i64 || y >= self.height as i64 {
            None
        } else {
            self.cells[y as usize * self.width + x as usize]
        }
    }

    fn makes_line(&self, x: usize, y: usize, side: Side) -> bool {
        for (dx, dy) in [(1i64, 0i64), (0, 1), (1, 1), (1, -1)] {
            let mut n = 1;
            for dir in [1i64, -1] {
                let (mut cx, mut cy) = (x as i64 + dx * dir, y as i64 + dy * dir);
                while self.at(cx, cy) == Some(side) {
                    n += 1;
                    cx += dx * dir;
                    cy += dy * dir;
                }
            }
            if n >= self.k {
                return true;
            }
        }
        false
    }
}

impl Game for Drop {
    type Move = Col;

    fn side_to_move(&self) -> Side {
        if self.history.len().is_multiple_of(2) {
            Side::First
        } else {
            Side::Second
        }
    }

    fn ply(&self) -> u32 {
        self.history.len() as u32
    }

    fn legal_moves(&self, moves: &mut MoveList<Col>) {
        if self.winner.is_some() {
            return;
        }
        for x in 0..self.width {
            if self.heights[x] < self.height {
                moves.push(Col(x as u8));
            }
        }
    }

    fn is_legal(&self, mv: Col) -> bool {
        self.winner.is_none()
            && (mv.0 as usize) < self.width
            && self.heights[mv.0 as usize] < self.height
    }

    fn play(&mut self, mv: Col) {
        let x = mv.0 as usize;
        let y = self.heights[x];
        let side = self.side_to_move();
        self.cells[y * self.width + x] = Some(side);
        self.heights[x] += 1;
        self.history.push(mv.0);
        self.winner_history.push(self.winner);
        if self.makes_line(x, y, side) {
            self.winner = Some(side);
        }
    }

    fn undo(&mut self) {
        if let Some(x) = self.history.pop() {
            let x = x as usize;
            self.heights[x] -= 1;
            self.cells[self.heights[x] * self.width + x] = None;
            self.winner = self.winner_history.pop().flatten();
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        if let Some(w) = self.winner {
            Some(Outcome::Win(w))
        } else if self.history.len() == self.width * self.height {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    fn hash(&self) -> u64 {
        // FNV-1a over the cells and the side to move: a key of the position only.
        let mut h = 0xcbf2_9ce4_8422_2325u64;
        for c in &self.cells {
            let v = match c {
                None => 0u64,
                Some(Side::First) => 1,
                Some(Side::Second) => 2,
            };
            h = (h ^ v).wrapping_mul(0x100_0000_01b3);
        }
        (h ^ self.side_to_move().index() as u64).wrapping_mul(0x100_0000_01b3)
    }

    fn move_index_count(&self) -> usize {
        self.width
    }

    fn move_index(&self, mv: Col) -> usize {
        mv.0 as usize
    }

    fn move_from_index(&self, index: usize) -> Option<Col> {
        (index < self.width).then_some(Col(index as u8))
    }
}

/// A deterministic evaluator seeded by the position's hash: arbitrary but fixed values
/// in -50..=50 for the side to move, so that every search must agree on them.
pub fn hash_eval(game: &Drop) -> Score {
    let h = game.hash().wrapping_mul(0x9E37_79B9_7F4A_7C15);
    Score::heuristic((h >> 40) as i32 % 101 - 50)
}
