//! [`Cell`]: a move, the cell where the side to move puts its stone.

use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// A cell of the board and the move that puts a stone there.
///
/// Internally the 0-based row-major index (0 = top-left), below 64: made with
/// [`Cell::new`] (which refuses 64 or more) or parsed, never from a bare number, so that
/// every cell has a bit of the board's bitboards. Written for people as the
/// 1-based number: on 3×3 the cells are
///
/// ```text
/// 1 2 3
/// 4 5 6
/// 7 8 9
/// ```
///
/// and on larger boards `1..=cols*rows` in the same reading order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(pub(crate) u8);

impl Cell {
    /// The cell of 0-based index `index`.
    ///
    /// # Panics
    /// When `index` is 64 or more (no board has that many cells, [`crate::MAX_CELLS`]).
    #[inline]
    pub const fn new(index: u32) -> Cell {
        assert!(index < 64, "a cell index is below 64");
        Cell(index as u8)
    }

    /// The 0-based row-major index.
    #[inline]
    pub const fn index(self) -> u32 {
        self.0 as u32
    }

    /// The cell's bit in a bitboard.
    #[inline]
    pub const fn bit(self) -> u64 {
        1u64 << self.0
    }
}

impl fmt::Display for Cell {
    /// The 1-based cell number.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0 as u32 + 1)
    }
}

/// A move that is not a cell of any board.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CellError {
    /// Not a whole number of digits (with the text as given).
    #[error("{0:?} is not a cell number (1, 2, …; 1 is the top-left cell)")]
    NotANumber(String),
    /// A number, but 0 or above every board's cells (at most 64, [`crate::MAX_CELLS`]).
    #[error("cell {0} is off the board (cells are numbered from 1, at most 64)")]
    OffEveryBoard(String),
}

impl FromStr for Cell {
    type Err = CellError;
    /// Parses a 1-based cell number (`1`..=`64`). Whether it is on the board is for
    /// [`crate::Board::try_play`] to say.
    ///
    /// # Errors
    /// [`CellError::NotANumber`] for text other than digits (around white space),
    /// [`CellError::OffEveryBoard`] for 0 or a number above 64, however long.
    fn from_str(s: &str) -> Result<Cell, CellError> {
        let t = s.trim();
        // Digits only: `u32::from_str` would take `+5` for 5.
        let digits = !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
        match t.parse::<u32>() {
            Ok(n @ 1..=64) if digits => Ok(Cell::new(n - 1)),
            _ if digits => Err(CellError::OffEveryBoard(t.to_string())),
            _ => Err(CellError::NotANumber(s.to_string())),
        }
    }
}
