//! [`Position`]: a board as two bitboards, with make/undo history.

use crate::bits::{self, Geometry};
use crate::{Column, MoveError, Standard};
use std::fmt;
use std::hash::{Hash, Hasher};
use zerosum::{Bitboard, Game, MoveList, Outcome, Side};

/// A Connect Four position, with the moves that led to it, on the standard 7×6 board
/// (`Position`, i.e. `Position<Standard>`) or on a board of any size chosen at run time
/// (`Position<Size>`, made by [`Position::empty_on`]).
///
/// # Representation
///
/// Pascal Pons' layout (`Position.hpp`, <https://github.com/PascalPons/connect4>): two
/// `u64` words over the columns of `height + 1` bits (the rows and an empty sentinel,
/// see [`crate::bits`]): `current` holds the stones of the side to move, `mask` every
/// stone.
/// Playing in column `c` is `current ^= mask; mask |= mask + bottom(c)`, so the new side to
/// move's stones become `current` without a colour branch.
///
/// The moves played are kept (one byte each) for [`Game::undo`] and for the notation.
/// Two positions are equal when their board sizes and stones are (and positions of
/// one size hash alike when their stones are), whatever the move order that reached
/// them.
#[derive(Clone, Default)]
pub struct Position<G: Geometry = Standard> {
    geometry: G,
    current: u64,
    mask: u64,
    history: Vec<Column>,
}

impl Position {
    /// The empty standard board, the first player to move.
    pub fn new() -> Self {
        Self::default()
    }
}

impl<G: Geometry> Position<G> {
    /// The empty board of `geometry` ([`Standard`] or a [`crate::Size`]), the first
    /// player to move.
    pub fn empty_on(geometry: G) -> Self {
        Position {
            geometry,
            current: 0,
            mask: 0,
            history: Vec::new(),
        }
    }

    /// The board's size.
    #[inline]
    pub fn geometry(&self) -> G {
        self.geometry
    }

    /// Number of stones on the board (= plies played).
    #[inline]
    pub fn moves(&self) -> u32 {
        self.history.len() as u32
    }

    /// The side to move: the first player after an even number of stones.
    #[inline]
    pub fn side_to_move(&self) -> Side {
        if self.history.len().is_multiple_of(2) {
            Side::First
        } else {
            Side::Second
        }
    }

    /// The stones of the side to move (Pons' `current_position`).
    #[inline]
    pub fn current(&self) -> Bitboard {
        Bitboard(self.current)
    }

    /// Every stone on the board (Pons' `mask`).
    #[inline]
    pub fn mask(&self) -> Bitboard {
        Bitboard(self.mask)
    }

    /// The stones of `side`.
    pub fn stones(&self, side: Side) -> Bitboard {
        if side == self.side_to_move() {
            Bitboard(self.current)
        } else {
            Bitboard(self.current ^ self.mask)
        }
    }

    /// A unique key of the stones and the side to move: `current + mask` (Pons' `key`,
    /// [`Geometry::key_bits`] bits: 49 on the standard board). Distinct positions of
    /// one board size have distinct keys: adding `mask` turns each column's lowest
    /// empty cell into a marker bit above the column's stones.
    #[inline]
    pub fn key(&self) -> u64 {
        self.current + self.mask
    }

    /// The moves played, first to last.
    pub fn history(&self) -> &[Column] {
        &self.history
    }

    /// The last move played, if any.
    pub fn last_move(&self) -> Option<Column> {
        self.history.last().copied()
    }

    /// Who owns the cell of column `col` (0-based), row `row` (0 = bottom); `None` for
    /// an empty cell or out of range.
    pub fn cell(&self, col: usize, row: usize) -> Option<Side> {
        let g = self.geometry;
        if col >= g.width() as usize || row >= g.height() as usize {
            return None;
        }
        let b = g.cell(col as u32, row as u32);
        if self.mask & b == 0 {
            None
        } else if self.current & b != 0 {
            Some(self.side_to_move())
        } else {
            Some(!self.side_to_move())
        }
    }

    /// Number of stones in column `col` (0 for a column not on the board).
    pub fn height(&self, col: Column) -> u32 {
        if !self.on_board(col) {
            return 0;
        }
        (self.mask & self.geometry.column(col.index() as u32)).count_ones()
    }

    /// True when `col` is a column of this board.
    #[inline]
    pub fn on_board(&self, col: Column) -> bool {
        (col.index() as u32) < self.geometry.width()
    }

    /// True when column `col` is on the board and has room (whether or not the game is
    /// over).
    #[inline]
    pub fn has_room(&self, col: Column) -> bool {
        self.on_board(col) && self.mask & self.geometry.top_of(col.index() as u32) == 0
    }

    /// The winner, if the last move made four in a row.
    pub fn winner(&self) -> Option<Side> {
        if self.geometry.has_four(self.current ^ self.mask) {
            Some(!self.side_to_move())
        } else {
            None
        }
    }

    /// True when the game is over: four in a row, or the board is full.
    pub fn is_over(&self) -> bool {
        self.moves() == self.geometry.cells() || self.winner().is_some()
    }

    /// True when `col` is a legal move: the game goes on and the column has room.
    #[inline]
    pub fn can_play(&self, col: Column) -> bool {
        self.has_room(col) && !self.is_over()
    }

    /// True when playing `col` (which must have room) makes four in a row for the side
    /// to move.
    pub fn is_winning_move(&self, col: Column) -> bool {
        let g = self.geometry;
        self.on_board(col)
            && g.winning_cells(self.current, self.mask)
                & g.playable(self.mask)
                & g.column(col.index() as u32)
                != 0
    }

    /// True when the side to move can make four in a row with its next stone.
    pub fn can_win_next(&self) -> bool {
        let g = self.geometry;
        g.winning_cells(self.current, self.mask) & g.playable(self.mask) != 0
    }

    /// Plays `col` without checking that the game goes on (the caller knows the column
    /// has room and nobody has won).
    ///
    /// # Panics
    /// If the column is full or not on the board (a cheap check that keeps the
    /// bitboards sound).
    #[inline]
    pub fn play_unchecked(&mut self, col: Column) {
        assert!(self.has_room(col), "column {col} is full or off the board");
        self.current ^= self.mask;
        self.mask |= self.mask + self.geometry.bottom_of(col.index() as u32);
        self.history.push(col);
    }

    /// Plays `col` if it is legal.
    ///
    /// # Errors
    /// [`MoveError::OffBoard`], [`MoveError::ColumnFull`] or [`MoveError::GameOver`];
    /// the position is unchanged.
    pub fn try_play(&mut self, col: Column) -> Result<(), MoveError> {
        if !self.on_board(col) {
            return Err(MoveError::OffBoard {
                column: col,
                width: self.geometry.width(),
            });
        }
        if self.winner().is_some() {
            return Err(MoveError::GameOver);
        }
        if !self.has_room(col) {
            return Err(MoveError::ColumnFull(col));
        }
        self.play_unchecked(col);
        Ok(())
    }

    /// Takes back the last move; returns it (`None` on the empty board).
    pub fn undo_move(&mut self) -> Option<Column> {
        let col = self.history.pop()?;
        let column = self.mask & self.geometry.column(col.index() as u32);
        let top = 1u64 << (63 - column.leading_zeros());
        self.mask ^= top;
        self.current ^= self.mask;
        Some(col)
    }

    /// The position mirrored left to right (column 1 ↔ 7 on the standard board),
    /// history included.
    pub fn mirror(&self) -> Self {
        let mut p = Self::empty_on(self.geometry);
        for &c in &self.history {
            p.play_unchecked(c.mirror(self.geometry.width()));
        }
        p
    }

    /// A perfect 64-bit hash of the stones and side to move: [`Position::key`] mixed by
    /// SplitMix64's finaliser (a bijection), so well spread in every bit.
    #[inline]
    pub fn hash64(&self) -> u64 {
        bits::mix64(self.key())
    }

    /// The raw words `(current, mask)` and the number of stones, for the solver.
    #[inline]
    pub(crate) fn raw(&self) -> (u64, u64, u32) {
        (self.current, self.mask, self.moves())
    }
}

impl<G: Geometry> PartialEq for Position<G> {
    fn eq(&self, other: &Self) -> bool {
        self.geometry == other.geometry && self.current == other.current && self.mask == other.mask
    }
}

impl<G: Geometry> Eq for Position<G> {}

impl<G: Geometry> Hash for Position<G> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.key().hash(state);
    }
}

impl<G: Geometry> Game for Position<G> {
    type Move = Column;

    fn side_to_move(&self) -> Side {
        Position::side_to_move(self)
    }

    fn ply(&self) -> u32 {
        self.moves()
    }

    fn legal_moves(&self, moves: &mut MoveList<Column>) {
        if self.is_over() {
            return;
        }
        let g = self.geometry;
        let free = g.playable(self.mask);
        moves.extend(
            (0..g.width())
                .filter(|&c| free & g.column(c) != 0)
                .filter_map(|c| Column::new(c as usize)),
        );
    }

    fn is_legal(&self, mv: Column) -> bool {
        self.can_play(mv)
    }

    fn play(&mut self, mv: Column) {
        self.play_unchecked(mv);
    }

    fn undo(&mut self) {
        self.undo_move();
    }

    fn outcome(&self) -> Option<Outcome> {
        if let Some(w) = self.winner() {
            Some(Outcome::Win(w))
        } else if self.moves() == self.geometry.cells() {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    fn hash(&self) -> u64 {
        self.hash64()
    }

    fn move_index_count(&self) -> usize {
        self.geometry.width() as usize
    }

    fn move_index(&self, mv: Column) -> usize {
        mv.index()
    }

    fn move_from_index(&self, index: usize) -> Option<Column> {
        Column::new(index).filter(|&c| self.on_board(c))
    }

    /// Centre columns first (on the standard board 3 for the centre, 0 for the edges:
    /// minus the distance in columns from the centre, plus `⌊(width − 1)/2⌋`).
    fn move_order_hint(&self, mv: Column) -> i32 {
        let twice_centre = self.geometry.width() as i32 - 1;
        (twice_centre - (2 * mv.index() as i32 - twice_centre).abs()) / 2
    }
}

impl<G: Geometry> fmt::Debug for Position<G> {
    /// The grid, top row first (`X` first player, `O` second, `.` empty), then the moves.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f)?;
        for row in (0..self.geometry.height() as usize).rev() {
            for col in 0..self.geometry.width() as usize {
                let ch = match self.cell(col, row) {
                    Some(Side::First) => 'X',
                    Some(Side::Second) => 'O',
                    None => '.',
                };
                write!(f, "{ch}")?;
            }
            writeln!(f)?;
        }
        write!(f, "moves \"{self}\", {:?} to move", self.side_to_move())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn play_undo_and_cells() {
        let mut p = Position::new();
        let c = |i| Column::new(i).unwrap();
        p.play_unchecked(c(3));
        p.play_unchecked(c(3));
        p.play_unchecked(c(2));
        assert_eq!(p.cell(3, 0), Some(Side::First));
        assert_eq!(p.cell(3, 1), Some(Side::Second));
        assert_eq!(p.cell(2, 0), Some(Side::First));
        assert_eq!(p.cell(2, 1), None);
        assert_eq!(p.side_to_move(), Side::Second);
        assert_eq!(p.height(c(3)), 2);
        assert_eq!(p.undo_move(), Some(c(2)));
        assert_eq!(p.cell(2, 0), None);
        assert_eq!(p.undo_move(), Some(c(3)));
        assert_eq!(p.undo_move(), Some(c(3)));
        assert_eq!(p, Position::new());
        assert_eq!(p.undo_move(), None);
    }

    #[test]
    fn win_and_full_column() {
        let mut p = Position::new();
        for d in [0, 1, 0, 1, 0, 1] {
            p.play_unchecked(Column::new(d).unwrap());
        }
        assert!(p.is_winning_move(Column::new(0).unwrap()));
        assert!(!p.is_winning_move(Column::new(2).unwrap()));
        assert!(p.can_win_next());
        p.play_unchecked(Column::new(0).unwrap());
        assert_eq!(p.winner(), Some(Side::First));
        assert_eq!(
            p.try_play(Column::new(3).unwrap()),
            Err(MoveError::GameOver)
        );
    }
}
