//! [`Column`]: a Connect Four move.

use crate::bits::WIDTH;
use std::fmt;

/// A column of the board, the only thing a Connect Four move chooses. Stored 0-based
/// (0 = leftmost); written 1-based as in Pascal Pons' notation (`1`…`7`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Column(u8);

impl Column {
    /// The seven columns, left to right.
    pub const ALL: [Column; 7] = [
        Column(0),
        Column(1),
        Column(2),
        Column(3),
        Column(4),
        Column(5),
        Column(6),
    ];

    /// The column with 0-based `index` (0..7), or `None` if out of range.
    #[inline]
    pub const fn new(index: usize) -> Option<Column> {
        if index < WIDTH as usize {
            Some(Column(index as u8))
        } else {
            None
        }
    }

    /// The column written as the digit `c` (`'1'`…`'7'`), or `None`.
    #[inline]
    pub const fn from_digit(c: char) -> Option<Column> {
        match c {
            '1'..='7' => Some(Column(c as u8 - b'1')),
            _ => None,
        }
    }

    /// The 0-based index (0 = leftmost).
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The digit of the column in Pons' notation (`'1'`…`'7'`).
    #[inline]
    pub const fn digit(self) -> char {
        (b'1' + self.0) as char
    }

    /// The column seen in a mirror (1 ↔ 7, 2 ↔ 6, 3 ↔ 5).
    #[inline]
    pub const fn mirror(self) -> Column {
        Column(WIDTH as u8 - 1 - self.0)
    }
}

impl fmt::Display for Column {
    /// The digit `1`…`7`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.digit())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_round_trip() {
        for c in Column::ALL {
            assert_eq!(Column::from_digit(c.digit()), Some(c));
            assert_eq!(c.mirror().mirror(), c);
        }
        assert_eq!(Column::from_digit('0'), None);
        assert_eq!(Column::from_digit('8'), None);
        assert_eq!(Column::new(7), None);
        assert_eq!(Column::new(3).unwrap().to_string(), "4");
    }
}
