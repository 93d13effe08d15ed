//! The cell evaluation: one value per empty cell near stones, looked up by the cell's
//! four fine direction patterns for each side, plus one value for the side to move's
//! threat mask — the two terms of the classical evaluation of Rapfi (its per-cell
//! pattern-code table `EVALS` and its threat table `EVALS_THREAT` over an 11-bit mask),
//! here on our thirteen fine patterns ([`crate::FinePattern`], after Rapfi's line
//! patterns; [`Board::fine_patterns`]).
//!
//! A cell's *pattern code* is its multiset of four fine patterns (the order of the
//! directions does not matter): 1,820 codes (the 4-multisets of 13 values). The value of a
//! position for its side to move is
//!
//! `(Σ over frontier cells (mine[code of my patterns] + theirs[code of their patterns])
//!   + threats[mask] + constant) / divisor`
//!
//! in the evaluation's units (200 a logit of the winning chance, as the fitted
//! [`crate::EvalTable`]). The values are fitted by `cargo xtask train-gomoku --cells`
//! (a logistic regression on a teacher engine's evaluations, see
//! [`crate::eval_cells_fitted`]).

use crate::board::Board;
use crate::pattern::{FINE_CODES, Pattern};
use zerosum::{Game, Score, Side};

/// Number of cell pattern codes: the 4-multisets of the [`FINE_CODES`] fine patterns,
/// C(16, 4).
pub const PATTERN_CODES: usize = 1820;

/// Number of threat masks (11 bits, see [`threat_mask`]).
pub const THREAT_MASKS: usize = 2048;

/// Number of the cell evaluation's features ([`cell_features`]): my pattern codes, their
/// pattern codes, the threat masks (one-hot) and the constant, in that order.
pub const CELL_FEATURES: usize = 2 * PATTERN_CODES + THREAT_MASKS + 1;

/// The values of the cell evaluation (see the module docs), in `1 / divisor` units.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CellTable {
    /// Per pattern code, the value of a frontier cell with that code for the side to
    /// move.
    pub mine: [i32; PATTERN_CODES],
    /// Per pattern code, the value of a frontier cell with that code for the opponent.
    pub theirs: [i32; PATTERN_CODES],
    /// Per threat mask ([`threat_mask`]), its value.
    pub threats: [i32; THREAT_MASKS],
    /// The constant (the side to move's share).
    pub constant: i32,
    /// The common divisor of the values (at least 1).
    pub divisor: i32,
}

/// Base-13 index of four fine patterns (`p[0] + 13 p[1] + 169 p[2] + 2197 p[3]`).
const PACKS: usize = FINE_CODES * FINE_CODES * FINE_CODES * FINE_CODES;

/// The pattern code of every base-13 packed quadruple of fine codes: the rank of its
/// sorted form among the sorted quadruples in lexicographic order.
static PATTERN_CODE_OF: [u16; PACKS] = {
    const N: usize = FINE_CODES;
    let mut rank_of_sorted = [0u16; PACKS];
    let mut n = 0u16;
    let mut a = 0;
    while a < N {
        let mut b = a;
        while b < N {
            let mut c = b;
            while c < N {
                let mut d = c;
                while d < N {
                    rank_of_sorted[a + N * b + N * N * c + N * N * N * d] = n;
                    n += 1;
                    d += 1;
                }
                c += 1;
            }
            b += 1;
        }
        a += 1;
    }
    assert!(
        n as usize == PATTERN_CODES,
        "PATTERN_CODES counts the multisets"
    );
    let mut t = [0u16; PACKS];
    let mut k = 0;
    while k < PACKS {
        let mut p = [k % N, k / N % N, k / (N * N) % N, k / (N * N * N)];
        // Sort the four digits (a small bubble sort: const context).
        let mut i = 0;
        while i < 4 {
            let mut j = 0;
            while j + 1 < 4 - i {
                if p[j] > p[j + 1] {
                    let x = p[j];
                    p[j] = p[j + 1];
                    p[j + 1] = x;
                }
                j += 1;
            }
            i += 1;
        }
        t[k] = rank_of_sorted[p[0] + N * p[1] + N * N * p[2] + N * N * N * p[3]];
        k += 1;
    }
    t
};

/// The pattern code (0..[`PATTERN_CODES`]) of four fine codes
/// ([`Board::fine_patterns`]).
#[inline]
pub fn pattern_code(p: [u8; 4]) -> usize {
    usize::from(code_of_pack(pack(p)))
}

/// The base-13 pack of four fine codes' fine patterns (`f0 + 13 f1 + 169 f2 + 2197 f3`,
/// below 13^4).
#[inline]
fn pack(p: [u8; 4]) -> usize {
    // The digit of a fine code: its fine pattern.
    let digit = |v: u8| usize::from(v >> 3);
    digit(p[0])
        + FINE_CODES * digit(p[1])
        + FINE_CODES * FINE_CODES * digit(p[2])
        + FINE_CODES * FINE_CODES * FINE_CODES * digit(p[3])
}

/// The pattern code of a base-13 pack of four fine patterns (see [`pattern_code`]); the
/// board keeps the packs by additions as the patterns change.
#[inline]
pub(crate) fn code_of_pack(pack: usize) -> u16 {
    PATTERN_CODE_OF[pack]
}

/// The side to move's threat mask, after Rapfi's: bit 0 the opponent has a five to
/// make; 1 / 2 I / the opponent have an open four to make; then for me (bits 3–6) and
/// for the opponent (bits 7–10): a four-three or double-four cell, a four, a
/// double-three cell, an open three. Reads the board's kept counts (a full board, not a
/// [`Board::solver_copy`]).
pub fn threat_mask(board: &Board) -> usize {
    let me = board.side_to_move();
    let opp = !me;
    let has = |s: Side, p: Pattern| board.pattern_count(s, p) > 0;
    let side = |s: Side| {
        let classes = board.class_counts(s);
        usize::from(classes[2] > 0 || board.double_four_count(s) > 0)
            | usize::from(has(s, Pattern::Four)) << 1
            | usize::from(classes[1] > 0) << 2
            | usize::from(has(s, Pattern::OpenThree)) << 3
    };
    usize::from(has(opp, Pattern::Five))
        | usize::from(has(me, Pattern::OpenFour)) << 1
        | usize::from(has(opp, Pattern::OpenFour)) << 2
        | side(me) << 3
        | side(opp) << 7
}

/// The cell evaluation's features of `board` for its side to move, as (feature index,
/// count) pairs, each index at most once, ascending: per pattern code the number of
/// frontier cells with it for me (index = code) and for the opponent
/// ([`PATTERN_CODES`] + code), the threat mask (2 × [`PATTERN_CODES`] + mask, count 1)
/// and the constant (the last, count 1). What the fit reads; [`evaluate_cells`] is
/// the dot product of these with the table.
pub fn cell_features(board: &Board) -> Vec<(usize, i32)> {
    let me = board.side_to_move();
    let mut counts = vec![0i32; 2 * PATTERN_CODES];
    for &i in board.frontier() {
        let i = usize::from(i);
        counts[board.pattern_code(i, me)] += 1;
        counts[PATTERN_CODES + board.pattern_code(i, !me)] += 1;
    }
    let mut out: Vec<(usize, i32)> = (counts.iter().enumerate())
        .filter(|&(_, &n)| n != 0)
        .map(|(j, &n)| (j, n))
        .collect();
    out.push((2 * PATTERN_CODES + threat_mask(board), 1));
    out.push((CELL_FEATURES - 1, 1));
    out
}

/// The static value of `board` for its side to move under the cell evaluation `table`
/// (see the module docs), within the heuristic range; a draw on an empty board.
/// Unfinished positions only.
pub fn evaluate_cells(board: &Board, table: &CellTable) -> Score {
    if board.stone_count() == 0 {
        return Score::DRAW;
    }
    let me = board.side_to_move();
    let mut sum = table.threats[threat_mask(board)] + table.constant;
    for &i in board.frontier() {
        let i = usize::from(i);
        sum += table.mine[board.pattern_code(i, me)];
        sum += table.theirs[board.pattern_code(i, !me)];
    }
    Score::heuristic(sum / table.divisor.max(1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Notation;

    #[test]
    fn pattern_codes_are_the_multisets() {
        let mut seen = std::collections::HashSet::new();
        for (k, &code) in PATTERN_CODE_OF.iter().enumerate() {
            let n = FINE_CODES;
            let mut p = [k % n, k / n % n, k / (n * n) % n, k / (n * n * n)];
            p.sort();
            assert!(usize::from(code) < PATTERN_CODES);
            seen.insert((p, code));
        }
        // One code per multiset and one multiset per code.
        assert_eq!(seen.len(), PATTERN_CODES);
        let codes: std::collections::HashSet<u16> = seen.iter().map(|&(_, c)| c).collect();
        assert_eq!(codes.len(), PATTERN_CODES);
        use crate::FinePattern as F;
        assert_eq!(pattern_code([0, 0, 0, 0]), 0);
        let (a, b, c) = (F::FlexTwo.code(), F::BlockedTwo.code(), F::FlexOne.code());
        assert_eq!(pattern_code([a, b, 0, c]), pattern_code([c, 0, b, a]));
        assert_ne!(pattern_code([a, 0, 0, 0]), pattern_code([b, 0, 0, 0]));
    }

    /// The evaluation is the dot product of the features with the table's values.
    #[test]
    fn evaluation_is_the_features_dot_the_table() {
        let mut table = CellTable {
            mine: [0; PATTERN_CODES],
            theirs: [0; PATTERN_CODES],
            threats: [0; THREAT_MASKS],
            constant: 7,
            divisor: 1,
        };
        for j in 0..PATTERN_CODES {
            table.mine[j] = (j as i32 * 37) % 101 - 50;
            table.theirs[j] = (j as i32 * 53) % 89 - 44;
        }
        for m in 0..THREAT_MASKS {
            table.threats[m] = (m as i32 * 29) % 71 - 35;
        }
        for text in ["h8i7e9h6g5i5", "h8i7e9", "h8g6e10i9", "h8h9i8g8j8"] {
            let b = Board::parse_position(text).unwrap();
            let mut sum = 0;
            for (j, n) in cell_features(&b) {
                sum += n * match j {
                    j if j < PATTERN_CODES => table.mine[j],
                    j if j < 2 * PATTERN_CODES => table.theirs[j - PATTERN_CODES],
                    j if j < CELL_FEATURES - 1 => table.threats[j - 2 * PATTERN_CODES],
                    _ => table.constant,
                };
            }
            assert_eq!(evaluate_cells(&b, &table), Score::heuristic(sum), "{text}");
        }
    }

    /// A map of the board's coordinates (a mirror or the transpose).
    type Map = fn(u8, u8) -> (u8, u8);

    /// The evaluation does not depend on the board's orientation: the same value for
    /// a position and its mirror images and transpose (the pattern code is a multiset
    /// of the four directions, the line patterns read both ways alike).
    #[test]
    fn evaluation_is_symmetric() {
        use crate::Cell;
        let table = &crate::eval_cells_fitted::CELLS_FITTED;
        for text in [
            "h8i9h7h6h11h10j8i8i10j9h9",
            "h8i8g7f6k11j10j9g9i11j11j13i13h11i10",
            "h8j9g7f6k11j10j8i8k10k9i9",
            "h8i7e9h6g5i5i6g7j4k7h7j6h4k5",
        ] {
            let b = Board::parse_position(text).unwrap();
            let v = evaluate_cells(&b, table);
            let maps: [Map; 3] = [|x, y| (14 - x, y), |x, y| (x, 14 - y), |x, y| (y, x)];
            for map in maps {
                let mut m = Board::new();
                for &c in b.moves() {
                    let (x, y) = map(c.x, c.y);
                    m.play(Cell::new(x, y));
                }
                assert_eq!(evaluate_cells(&m, table), v, "{text} and {m}");
            }
        }
    }

    /// The mask's bits on positions built for them.
    #[test]
    fn threat_mask_bits() {
        // Black to move; white has the open four h9 i9 j9 k9 (g9 and l9 free): fives to
        // make. Black's h8 i8 j8 is an open three: open fours to make at g8 and k8.
        let b = Board::parse_position("h8h9i8i9j8j9a1k9").unwrap();
        assert_eq!(b.side_to_move(), Side::First);
        let mask = threat_mask(&b);
        assert_eq!(mask & 1, 1, "the opponent has a five to make");
        assert_ne!(mask & 2, 0, "I have an open four to make");
        // White to move: black (the opponent) has the open three h8 i8 j8; white's a1 and
        // a3 at the edge make no open three anywhere.
        let b = Board::parse_position("h8a1i8a3j8").unwrap();
        let mask = threat_mask(&b);
        assert_eq!(mask & 1, 0);
        assert_ne!(mask & 4, 0, "the opponent has an open four to make");
        assert_eq!(mask & (1 << 6), 0, "white has no open three to make");
    }
}
