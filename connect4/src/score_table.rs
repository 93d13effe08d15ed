//! The seed's representation (seed 001, a Java Connect Four chapter): the 69 *win
//! places* of the 7×6 board and a per-player score table, kept incrementally, with the
//! evaluation "mover's sum minus opponent's".
//!
//! For each player and each win place the table holds `2^p` when `p` of the player's
//! stones occupy the place and the opponent has none there, and 0 once the opponent
//! has a stone in it (the place is blocked for the player). An empty place holds 1;
//! 16 (four stones) is a win. Places are numbered as in the seed: 24 horizontal (row by
//! row), 21 vertical (column by column), 12 diagonals going up-right, 12 going up-left.

use crate::bits::{self, COLUMN_BITS, Geometry, HEIGHT, WIDTH};
use crate::{Column, ParseError, Position, Standard};
use std::fmt;
use zerosum::{Evaluator, Game, MoveList, Outcome, Score, Side};

/// Number of win places on the 7×6 board: 24 + 21 + 12 + 12.
pub const WIN_PLACES: usize = 69;

/// The win places as bitboards (in [`crate::bits`]' layout), in the seed's order.
pub const WIN_PLACE_MASKS: [u64; WIN_PLACES] = {
    let mut m = [0u64; WIN_PLACES];
    let mut n = 0;
    let (w, h) = (WIDTH as i32, HEIGHT as i32);
    let mut dir = 0;
    while dir < 4 {
        let (dc, dr) = [(1, 0), (0, 1), (1, 1), (-1, 1)][dir];
        // The seed walks verticals column by column, the others row by row, and the
        // up-left diagonals from the right.
        let mut outer = 0;
        let outer_len = if dir == 1 { w } else { h };
        while outer < outer_len {
            let mut inner = 0;
            let inner_len = if dir == 1 { h } else { w };
            while inner < inner_len {
                let (c, r0) = if dir == 1 {
                    (outer, inner)
                } else {
                    (inner, outer)
                };
                let c = if dc < 0 { w - 1 - c } else { c };
                let (ce, re) = (c + 3 * dc, r0 + 3 * dr);
                if ce >= 0 && ce < w && re < h {
                    let mut k = 0;
                    while k < 4 {
                        m[n] |= bits::cell((c + k * dc) as u32, (r0 + k * dr) as u32);
                        k += 1;
                    }
                    n += 1;
                }
                inner += 1;
            }
            outer += 1;
        }
        dir += 1;
    }
    assert!(n == WIN_PLACES);
    m
};

/// For each bit of the board (index `7·column + row`), the win places through it:
/// `(count, places)`.
const CELL_PLACES: [(u8, [u8; 16]); 49] = {
    let mut t = [(0u8, [0u8; 16]); 49];
    let mut k = 0;
    while k < WIN_PLACES {
        let mut i = 0;
        while i < 49 {
            if WIN_PLACE_MASKS[k] >> i & 1 != 0 {
                let n = t[i].0 as usize;
                t[i].1[n] = k as u8;
                t[i].0 += 1;
            }
            i += 1;
        }
        k += 1;
    }
    t
};

/// The seed's score of one win place for a player with `own` stones in it, against an
/// opponent with `other` stones in it.
#[inline]
const fn place_score(own: u8, other: u8) -> i32 {
    if other == 0 { 1 << own } else { 0 }
}

/// The per-player score tables of a position (see the module docs), with their sums.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct WinPlaceScores {
    /// Stones of each side (by [`Side::index`]) in each win place.
    counts: [[u8; WIN_PLACES]; 2],
    /// The sum of each side's table.
    sums: [i32; 2],
}

impl Default for WinPlaceScores {
    fn default() -> Self {
        WinPlaceScores {
            counts: [[0; WIN_PLACES]; 2],
            sums: [WIN_PLACES as i32; 2],
        }
    }
}

impl WinPlaceScores {
    /// The tables of `position`, counted from scratch.
    pub fn recount(position: &Position) -> Self {
        let mut s = WinPlaceScores {
            counts: [[0; WIN_PLACES]; 2],
            sums: [0; 2],
        };
        for side in Side::BOTH {
            let stones = position.stones(side).0;
            for (k, m) in WIN_PLACE_MASKS.iter().enumerate() {
                s.counts[side.index()][k] = (stones & m).count_ones() as u8;
            }
        }
        for side in Side::BOTH {
            s.sums[side.index()] = (0..WIN_PLACES).map(|k| s.score(side, k) as i32).sum();
        }
        s
    }

    /// The table entry of `side` for win place `place` (0..69): 2^p, or 0 if blocked.
    pub fn score(&self, side: Side, place: usize) -> u32 {
        place_score(
            self.counts[side.index()][place],
            self.counts[(!side).index()][place],
        ) as u32
    }

    /// The whole table of `side`, in the seed's order of places.
    pub fn table(&self, side: Side) -> [u32; WIN_PLACES] {
        std::array::from_fn(|k| self.score(side, k))
    }

    /// The sum of `side`'s table.
    pub fn sum(&self, side: Side) -> i32 {
        self.sums[side.index()]
    }

    /// True when `side` has a full win place (an entry of 16).
    pub fn has_won(&self, side: Side) -> bool {
        self.counts[side.index()].contains(&4)
    }

    /// Adds (`delta = 1`) or removes (`delta = -1`) a stone of `side` on bit `bit`.
    #[inline]
    fn update(&mut self, side: Side, bit: u32, delta: i8) {
        let (s, o) = (side.index(), (!side).index());
        let (n, places) = CELL_PLACES[bit as usize];
        for &k in &places[..n as usize] {
            let k = k as usize;
            let (own, other) = (self.counts[s][k], self.counts[o][k]);
            let new_own = own.wrapping_add_signed(delta);
            self.sums[s] += place_score(new_own, other) - place_score(own, other);
            self.sums[o] += place_score(other, new_own) - place_score(other, own);
            self.counts[s][k] = new_own;
        }
    }
}

/// A [`Position`] with the seed's score tables kept incrementally on play and undo: the
/// game the seed's AI searches.
#[derive(Clone, PartialEq, Eq, Default)]
pub struct WinPlacePosition {
    position: Position,
    scores: WinPlaceScores,
}

impl WinPlacePosition {
    /// The empty board.
    pub fn new() -> Self {
        Self::default()
    }

    /// The position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The score tables.
    pub fn scores(&self) -> &WinPlaceScores {
        &self.scores
    }

    /// The top stone of column `col`, as a bit index.
    fn top_bit(&self, col: Column) -> u32 {
        let column = self.position.mask().0 & Standard.column(col.index() as u32);
        63 - column.leading_zeros()
    }
}

impl From<Position> for WinPlacePosition {
    fn from(position: Position) -> Self {
        let scores = WinPlaceScores::recount(&position);
        WinPlacePosition { position, scores }
    }
}

impl Game for WinPlacePosition {
    type Move = Column;

    fn side_to_move(&self) -> Side {
        self.position.side_to_move()
    }

    fn ply(&self) -> u32 {
        self.position.moves()
    }

    fn legal_moves(&self, moves: &mut MoveList<Column>) {
        self.position.legal_moves(moves);
    }

    fn is_legal(&self, mv: Column) -> bool {
        self.position.can_play(mv)
    }

    fn play(&mut self, mv: Column) {
        let side = self.position.side_to_move();
        self.position.play_unchecked(mv);
        let bit = self.top_bit(mv);
        self.scores.update(side, bit, 1);
    }

    fn undo(&mut self) {
        if let Some(mv) = self.position.last_move() {
            let bit = self.top_bit(mv);
            self.position.undo_move();
            let side = self.position.side_to_move();
            self.scores.update(side, bit, -1);
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.position.outcome()
    }

    fn hash(&self) -> u64 {
        self.position.hash64()
    }

    fn move_index_count(&self) -> usize {
        self.position.move_index_count()
    }

    fn move_index(&self, mv: Column) -> usize {
        self.position.move_index(mv)
    }

    fn move_from_index(&self, index: usize) -> Option<Column> {
        self.position.move_from_index(index)
    }

    fn move_order_hint(&self, mv: Column) -> i32 {
        self.position.move_order_hint(mv)
    }
}

impl fmt::Display for WinPlacePosition {
    /// The moves, in Pons' notation.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.position, f)
    }
}

impl fmt::Debug for WinPlacePosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:?}\nsums {} / {}",
            self.position, self.scores.sums[0], self.scores.sums[1]
        )
    }
}

impl zerosum::Notation for WinPlacePosition {
    type Error = ParseError;

    /// As [`Position`]'s: the white space around `text` is ignored.
    fn parse_position(text: &str) -> Result<Self, Self::Error> {
        text.parse::<Position>().map(WinPlacePosition::from)
    }
}

/// The seed's evaluation: the sum of the side to move's score table minus the sum of the
/// opponent's, as a heuristic [`Score`] (roughly −300…300).
#[derive(Clone, Copy, Debug, Default)]
pub struct ScoreTable;

impl Evaluator<WinPlacePosition> for ScoreTable {
    #[inline]
    fn evaluate(&mut self, game: &WinPlacePosition) -> Score {
        let side = game.side_to_move();
        Score::heuristic(game.scores.sum(side) - game.scores.sum(!side))
    }
}

/// The value [`ThreatScoreTable`] gives a position whose next ply decides the game:
/// `+1000` for the side to move when it makes four with its next stone, `-1000` when it
/// cannot stop the opponent's next four. Above any score-table value (69 win places of
/// at most 8 for three stones: under 560), below every proven win.
pub const THREAT_VALUE: i32 = 1000;

/// [`ScoreTable`] with the threats at the horizon read exactly, as Pons' solver reads
/// them before its search (its `canWinNext` and `possibleNonLosingMoves`): a side to move
/// that makes four with its next stone has won, and one whose every move lets the
/// opponent make four at once has lost (two cells where the opponent's next stone makes
/// four, or a forced block right under another one); both are valued
/// ±[`THREAT_VALUE`] (a heuristic value, not a proven result: the distance is not
/// counted), every other position as [`ScoreTable`] values it. A search with it never
/// misses a four one ply past its horizon: the `perfect` level's search when the exact
/// solve gives up (a tester's report: under a tiny budget it played a column after which
/// the opponent made four at once, where one column held).
#[derive(Clone, Copy, Debug, Default)]
pub struct ThreatScoreTable;

impl Evaluator<WinPlacePosition> for ThreatScoreTable {
    #[inline]
    fn evaluate(&mut self, game: &WinPlacePosition) -> Score {
        let (current, mask, moves) = game.position.raw();
        let board = crate::solver::board::Board {
            g: Standard,
            current,
            mask,
            moves,
        };
        if board.can_win_next() {
            return Score::heuristic(THREAT_VALUE);
        }
        if board.non_losing_moves() == 0 {
            return Score::heuristic(-THREAT_VALUE);
        }
        ScoreTable.evaluate(game)
    }
}

impl Evaluator<Position> for ScoreTable {
    /// The same value counted from scratch (69 masks, no table kept).
    fn evaluate(&mut self, game: &Position) -> Score {
        let (own, other) = (game.current().0, game.current().0 ^ game.mask().0);
        let v: i32 = WIN_PLACE_MASKS
            .iter()
            .map(|m| {
                let (a, b) = ((own & m).count_ones() as u8, (other & m).count_ones() as u8);
                place_score(a, b) - place_score(b, a)
            })
            .sum();
        Score::heuristic(v)
    }
}

const _: () = assert!(COLUMN_BITS * WIDTH == 49);

#[cfg(test)]
mod tests {
    use super::*;

    /// [`ThreatScoreTable`] against the rules read by brute force on the positions of
    /// pseudo-random games: `+THREAT_VALUE` exactly when a column makes four,
    /// `-THREAT_VALUE` exactly when none does and every column lets the opponent make
    /// four at once, else [`ScoreTable`]'s value.
    #[test]
    fn threat_values_follow_the_rules() {
        let (mut seed, mut seen) = (7u64, [0; 3]);
        for _ in 0..300 {
            let mut p = Position::new();
            while !p.is_over() {
                let cols: Vec<Column> =
                    Column::ALL.into_iter().filter(|&c| p.can_play(c)).collect();
                if cols.is_empty() {
                    break;
                }
                let wins = cols.iter().any(|&c| p.is_winning_move(c));
                let loses = !wins
                    && cols.iter().all(|&c| {
                        let mut child = p.clone();
                        child.play_unchecked(c);
                        child.can_win_next()
                    });
                let game = WinPlacePosition::from(p.clone());
                let v = ThreatScoreTable.evaluate(&game);
                let want = if wins {
                    seen[0] += 1;
                    Score::heuristic(THREAT_VALUE)
                } else if loses {
                    seen[1] += 1;
                    Score::heuristic(-THREAT_VALUE)
                } else {
                    seen[2] += 1;
                    ScoreTable.evaluate(&game)
                };
                assert_eq!(v, want, "{p}");
                seed = zerosum::hash::splitmix64(seed).1;
                p.play_unchecked(cols[(seed % cols.len() as u64) as usize]);
            }
        }
        assert!(seen.iter().all(|&n| n > 50), "{seen:?}");
    }

    #[test]
    fn sixty_nine_places_of_four_cells() {
        let mut seen = std::collections::HashSet::new();
        for m in WIN_PLACE_MASKS {
            assert_eq!(m.count_ones(), 4);
            assert_eq!(m & !bits::BOARD_MASK, 0);
            assert!(Standard.has_four(m));
            assert!(seen.insert(m));
        }
        // The seed's order: 24 horizontal, 21 vertical, 12 + 12 diagonal; (column, row)
        // of the first cell and the step to the next.
        for (index, (c, r), (dc, dr)) in [
            (0, (0, 0), (1, 0)),
            (24, (0, 0), (0, 1)),
            (25, (0, 1), (0, 1)),
            (27, (1, 0), (0, 1)),
            (45, (0, 0), (1, 1)),
            (57, (6, 0), (-1, 1)),
        ] {
            let place = (0..4).fold(0, |m, k| {
                m | bits::cell((c + k * dc) as u32, (r + k * dr) as u32)
            });
            assert_eq!(WIN_PLACE_MASKS[index], place, "place {index}");
        }
        // The centre-low cell (column 4, row 3 from the bottom) lies in 13 places.
        let most = CELL_PLACES.iter().map(|c| c.0).max().unwrap();
        assert_eq!(most, 13);
    }

    #[test]
    fn empty_board_and_first_stone() {
        let mut g = WinPlacePosition::new();
        assert_eq!(g.scores().sum(Side::First), 69);
        g.play(Column::new(3).unwrap());
        // The bottom centre stone sits in 7 places: 4 horizontal, 1 vertical, 1 + 1 diagonal.
        assert_eq!(g.scores().sum(Side::First), 69 + 7);
        assert_eq!(g.scores().sum(Side::Second), 69 - 7);
        g.undo();
        assert_eq!(g.scores(), &WinPlaceScores::default());
    }
}
