//! A fitted move-ordering model: the value of playing an empty cell, a weighted sum of
//! the cell's features ([`cell_features`]: its four direction patterns for each side,
//! its threat and combination classes for each side, its distance to the last two
//! moves), fitted as a conditional logit ("which cell did a strong player choose")
//! on a teacher engine's moves by `cargo xtask train-gomoku --policy` (see
//! [`crate::order_fitted`] for the command and data).
//!
//! A second, finer model ([`PatternOrderTable`], fitted by `cargo xtask train-gomoku
//! --policy --codes`, see [`crate::order_codes_fitted`]) gives every cell pattern code
//! ([`pattern_code`]: the multiset of the cell's four fine patterns) its own value per
//! side, as Rapfi's classical move scores do, with the same four distance terms.
//!
//! The engine reads either through an [`OrderScorer`]: per side, one table of the value
//! of every cell pattern code ([`PATTERN_CODES`] entries), so a cell's value is two
//! look-ups and two distance terms.

use crate::board::Board;
use crate::eval::combination_class;
use crate::eval_cells::{PATTERN_CODES, pattern_code};
use crate::pattern::{FINE_CODES, FinePattern, threat_class};
use std::sync::OnceLock;
use zerosum::Game;

/// Number of move-ordering features (see [`cell_features`]).
pub const ORDER_FEATURES: usize = 36;

/// Features of one side's part: pattern counts one to five (7), threat classes (2),
/// combination classes (7).
const SIDE_FEATURES: usize = 16;

/// Names of the [`cell_features`], in order.
pub const ORDER_FEATURE_NAMES: [&str; ORDER_FEATURES] = [
    "my one",
    "my two",
    "my three",
    "my open three",
    "my four",
    "my open four",
    "my five",
    "my double three",
    "my four-three",
    "my four + three",
    "my four + two",
    "my open three + three",
    "my open three + two",
    "my three + three",
    "my three + two",
    "my two + two",
    "their one",
    "their two",
    "their three",
    "their open three",
    "their four",
    "their open four",
    "their five",
    "their double three",
    "their four-three",
    "their four + three",
    "their four + two",
    "their open three + three",
    "their open three + two",
    "their three + three",
    "their three + two",
    "their two + two",
    "next to the last move",
    "two from the last move",
    "next to our previous move",
    "two from our previous move",
];

/// The weights of the ordering model, in its units (a cell's value is the weighted sum).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OrderTable {
    /// Weight of each [`cell_features`] entry.
    pub weights: [i32; ORDER_FEATURES],
}

/// Adds one side's part of the features of a cell with direction patterns `p` to `x`
/// from `base` on.
fn side_part(p: [u8; 4], x: &mut [i32], base: usize) {
    for &v in &p {
        if v > 0 {
            x[base + usize::from(v) - 1] += 1;
        }
    }
    match threat_class(p) {
        0 => {}
        c => x[base + 6 + c] = 1,
    }
    match combination_class(p) {
        0 => {}
        c => x[base + 8 + c] = 1,
    }
}

/// King-move distance between two cells.
fn distance(a: crate::Cell, b: crate::Cell) -> u8 {
    a.x.abs_diff(b.x).max(a.y.abs_diff(b.y))
}

/// The features of the empty cell `i` for the side to move of `board`: per side (ours
/// first) the number of directions with each pattern one to five, the threat class
/// (double three, four-three) and the [`combination_class`] as indicators; then whether
/// the cell is at distance 1 or 2 of the last move and of our previous move.
pub fn cell_features(board: &Board, i: usize) -> [i32; ORDER_FEATURES] {
    let me = board.side_to_move();
    let mut x = [0i32; ORDER_FEATURES];
    side_part(board.patterns(i, me), &mut x, 0);
    side_part(board.patterns(i, !me), &mut x, SIDE_FEATURES);
    let c = board.cell_of(i);
    let moves = board.moves();
    let near = |m: Option<&crate::Cell>, base: usize, x: &mut [i32; ORDER_FEATURES]| {
        if let Some(&m) = m {
            match distance(c, m) {
                1 => x[base] = 1,
                2 => x[base + 1] = 1,
                _ => {}
            }
        }
    };
    near(moves.last(), 2 * SIDE_FEATURES, &mut x);
    near(moves.iter().rev().nth(1), 2 * SIDE_FEATURES + 2, &mut x);
    x
}

/// Number of [`pattern_features`] indices: my cell pattern codes, theirs, and the four
/// distance terms.
pub const PATTERN_ORDER_FEATURES: usize = 2 * PATTERN_CODES + 4;

/// The finer move-ordering model (see the module docs): per cell pattern code
/// ([`pattern_code`]) its value for the side to move's patterns and for the opponent's,
/// and the values of the four distance terms (as [`cell_features`]' last four), in
/// ordering units (100 a logit).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PatternOrderTable {
    /// Per cell pattern code, the value of the side to move's patterns.
    pub mine: [i32; PATTERN_CODES],
    /// Per cell pattern code, the value of the opponent's patterns.
    pub theirs: [i32; PATTERN_CODES],
    /// At distance 1 and 2 of the last move, at distance 1 and 2 of our previous move.
    pub distance: [i32; 4],
}

/// The features of the empty cell `i` for the side to move of `board` under the
/// [`PatternOrderTable`] model, as indices into 0..[`PATTERN_ORDER_FEATURES`] (each
/// present once, value 1): my cell pattern code, [`PATTERN_CODES`] + theirs, then
/// 2 × [`PATTERN_CODES`] + k for each distance term k that holds (0, 1: distance 1, 2
/// of the last move; 2, 3: of our previous move). What the fit reads.
pub fn pattern_features(board: &Board, i: usize) -> Vec<usize> {
    let me = board.side_to_move();
    let mut out = vec![
        board.pattern_code(i, me),
        PATTERN_CODES + board.pattern_code(i, !me),
    ];
    let (c, moves) = (board.cell_of(i), board.moves());
    for (m, base) in [(moves.last(), 0), (moves.iter().rev().nth(1), 2)] {
        match m.map(|&m| distance(c, m)) {
            Some(1) => out.push(2 * PATTERN_CODES + base),
            Some(2) => out.push(2 * PATTERN_CODES + base + 1),
            _ => {}
        }
    }
    out
}

/// An [`OrderTable`] or a [`PatternOrderTable`] in look-up form (see the module docs).
pub struct OrderScorer {
    /// Per cell pattern code, the value of the side to move's patterns.
    mine: Vec<i32>,
    /// Per cell pattern code, the value of the opponent's patterns.
    theirs: Vec<i32>,
    distance: [i32; 4],
}

/// Every cell pattern code with its four [`Pattern`](crate::Pattern) codes (a sorted
/// quadruple of fine patterns, as board codes, for each).
fn codes_and_patterns() -> Vec<(usize, [u8; 4])> {
    let fine = |d: usize| FinePattern::of_code((d as u8) << 3).code();
    let mut out = Vec::with_capacity(PATTERN_CODES);
    for a in 0..FINE_CODES {
        for b in a..FINE_CODES {
            for c in b..FINE_CODES {
                for d in c..FINE_CODES {
                    let q = [fine(a), fine(b), fine(c), fine(d)];
                    out.push((pattern_code(q), q.map(|v| v & 7)));
                }
            }
        }
    }
    out
}

impl OrderScorer {
    /// The look-up tables of `table` (each cell pattern code valued by its four
    /// patterns' features).
    pub fn new(table: &OrderTable) -> OrderScorer {
        let part = |base: usize| -> Vec<i32> {
            let mut values = vec![0; PATTERN_CODES];
            for (code, p) in codes_and_patterns() {
                let mut x = [0i32; SIDE_FEATURES];
                side_part(p, &mut x, 0);
                values[code] = x
                    .iter()
                    .zip(&table.weights[base..base + SIDE_FEATURES])
                    .map(|(a, b)| a * b)
                    .sum();
            }
            values
        };
        let d = 2 * SIDE_FEATURES;
        OrderScorer {
            mine: part(0),
            theirs: part(SIDE_FEATURES),
            distance: [
                table.weights[d],
                table.weights[d + 1],
                table.weights[d + 2],
                table.weights[d + 3],
            ],
        }
    }

    /// The look-up tables of the finer model `table`.
    pub fn with_patterns(table: &PatternOrderTable) -> OrderScorer {
        OrderScorer {
            mine: table.mine.to_vec(),
            theirs: table.theirs.to_vec(),
            distance: table.distance,
        }
    }

    /// The scorer of the fitted table ([`crate::order_fitted::FITTED`]), built once.
    pub fn fitted() -> &'static OrderScorer {
        static FITTED: OnceLock<OrderScorer> = OnceLock::new();
        FITTED.get_or_init(|| OrderScorer::new(&crate::order_fitted::FITTED))
    }

    /// The scorer of the fitted finer table
    /// ([`crate::order_codes_fitted::PATTERN_ORDER_FITTED`]), built once.
    pub fn fitted_patterns() -> &'static OrderScorer {
        static FITTED: OnceLock<OrderScorer> = OnceLock::new();
        FITTED.get_or_init(|| {
            OrderScorer::with_patterns(&crate::order_codes_fitted::PATTERN_ORDER_FITTED)
        })
    }

    /// The value of the empty cell `i` for the side to move of `board` (the weighted
    /// sum of its [`cell_features`]).
    #[inline]
    pub fn score(&self, board: &Board, i: usize) -> i32 {
        self.at(board).score(board, i, board.cell_of(i))
    }

    /// The scorer of `board`'s cells, with what they share (the side to move, the last
    /// two moves) read once.
    #[inline]
    pub fn at(&self, board: &Board) -> PositionScorer<'_> {
        let moves = board.moves();
        PositionScorer {
            scorer: self,
            me: board.side_to_move(),
            last: moves.last().copied(),
            previous: moves.len().checked_sub(2).map(|k| moves[k]),
        }
    }
}

/// An [`OrderScorer`] for the cells of one position ([`OrderScorer::at`]).
pub struct PositionScorer<'a> {
    scorer: &'a OrderScorer,
    me: zerosum::Side,
    last: Option<crate::Cell>,
    previous: Option<crate::Cell>,
}

impl PositionScorer<'_> {
    /// [`OrderScorer::score`] of the empty index `i`, whose cell is `c`, on the board
    /// this scorer was made for.
    #[inline]
    pub fn score(&self, board: &Board, i: usize, c: crate::Cell) -> i32 {
        let o = self.scorer;
        let mut v =
            o.mine[board.pattern_code(i, self.me)] + o.theirs[board.pattern_code(i, !self.me)];
        if let Some(m) = self.last {
            match distance(c, m) {
                1 => v += o.distance[0],
                2 => v += o.distance[1],
                _ => {}
            }
        }
        if let Some(m) = self.previous {
            match distance(c, m) {
                1 => v += o.distance[2],
                2 => v += o.distance[3],
                _ => {}
            }
        }
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use zerosum::Notation;

    /// The look-up form gives the weighted sum of the features on every cell of a few
    /// positions.
    #[test]
    fn scorer_equals_the_weighted_features() {
        let mut w = [0i32; ORDER_FEATURES];
        for (k, v) in w.iter_mut().enumerate() {
            *v = (k as i32 * 37) % 23 - 11;
        }
        let table = OrderTable { weights: w };
        let scorer = OrderScorer::new(&table);
        for pos in ["15f:h8i7e9", "15f:h8i9h9h10g8i8j7", "15f:h8a1i8a2j8b5g9"] {
            let b = Board::parse_position(pos).unwrap();
            for &i in b.frontier() {
                let i = usize::from(i);
                let x = cell_features(&b, i);
                let sum: i32 = x.iter().zip(&w).map(|(a, b)| a * b).sum();
                assert_eq!(scorer.score(&b, i), sum, "{pos} {i}");
            }
        }
    }

    /// The finer model's look-up form gives the sum of the values of its features.
    #[test]
    fn pattern_scorer_equals_the_feature_values() {
        let mut table = PatternOrderTable {
            mine: [0; PATTERN_CODES],
            theirs: [0; PATTERN_CODES],
            distance: [5, -3, 7, 2],
        };
        for j in 0..PATTERN_CODES {
            table.mine[j] = (j as i32 * 31) % 41 - 20;
            table.theirs[j] = (j as i32 * 17) % 29 - 14;
        }
        let mut w = table.mine.to_vec();
        w.extend(table.theirs);
        w.extend(table.distance);
        assert_eq!(w.len(), PATTERN_ORDER_FEATURES);
        let scorer = OrderScorer::with_patterns(&table);
        for pos in ["15f:h8i7e9", "15f:h8i9h9h10g8i8j7", "15f:h8a1i8a2j8b5g9"] {
            let b = Board::parse_position(pos).unwrap();
            for &i in b.frontier() {
                let i = usize::from(i);
                let sum: i32 = pattern_features(&b, i).iter().map(|&j| w[j]).sum();
                assert_eq!(scorer.score(&b, i), sum, "{pos} {i}");
            }
        }
    }
}
