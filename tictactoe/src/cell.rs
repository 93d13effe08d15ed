//! [`Cell`]: a move, the cell where the side to move puts its stone.

use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// A cell of the board and the move that puts a stone there.
///
/// Internally the 0-based row-major index (0 = top-left). Written for people as the
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
pub struct Cell(pub u8);

impl Cell {
    /// The cell of 0-based index `index`.
    #[inline]
    pub const fn new(index: u32) -> Cell {
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

/// A move that is not a cell number.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{0:?} is not a cell number (1, 2, …; 1 is the top-left cell)")]
pub struct CellError(pub String);

impl FromStr for Cell {
    type Err = CellError;
    /// Parses a 1-based cell number (`1`..=`64`). Whether it is on the board is for
    /// [`crate::Board::try_play`] to say.
    fn from_str(s: &str) -> Result<Cell, CellError> {
        match s.trim().parse::<u32>() {
            Ok(n @ 1..=64) => Ok(Cell::new(n - 1)),
            _ => Err(CellError(s.to_string())),
        }
    }
}
