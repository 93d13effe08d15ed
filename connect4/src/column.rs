//! [`Column`]: a Connect Four move.

use crate::size::MAX_WIDTH;
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// The symbols of the columns, left to right: Pascal Pons' digits `1`…`9`, then, on
/// boards wider than 9 columns (our extension), the letters `a`…`w` for columns 10…32.
const SYMBOLS: &[u8; MAX_WIDTH as usize] = b"123456789abcdefghijklmnopqrstuvw";

/// A column of a board, the only thing a Connect Four move chooses. Stored 0-based
/// (0 = leftmost), any column of the widest board ([`crate::MAX_WIDTH`]); a
/// position says whether it is on its board. Written 1-based as in Pascal Pons' notation
/// (`1`…`7` on the standard board), columns 10…32 of wider boards as `a`…`w`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Column(u8);

impl Column {
    /// The seven columns of the standard board, left to right.
    pub const ALL: [Column; 7] = [
        Column(0),
        Column(1),
        Column(2),
        Column(3),
        Column(4),
        Column(5),
        Column(6),
    ];

    /// The column with 0-based `index` (0..32), or `None` if no board has it.
    #[inline]
    pub const fn new(index: usize) -> Option<Column> {
        if index < MAX_WIDTH as usize {
            Some(Column(index as u8))
        } else {
            None
        }
    }

    /// The column written as `c` (`'1'`…`'9'`, then `'a'`…`'w'` in either case), or
    /// `None`.
    #[inline]
    pub const fn from_digit(c: char) -> Option<Column> {
        match c {
            '1'..='9' => Some(Column(c as u8 - b'1')),
            'a'..='w' => Some(Column(c as u8 - b'a' + 9)),
            'A'..='W' => Some(Column(c as u8 - b'A' + 9)),
            _ => None,
        }
    }

    /// The 0-based index (0 = leftmost).
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The symbol of the column: the digit in Pons' notation (`'1'`…`'9'`), then
    /// `'a'`…`'w'` for columns 10…32.
    #[inline]
    pub const fn digit(self) -> char {
        SYMBOLS[self.0 as usize] as char
    }

    /// The column seen in a mirror on a board of `width` columns (on 7: 1 ↔ 7, 2 ↔ 6,
    /// 3 ↔ 5).
    ///
    /// # Panics
    ///
    /// When `self` is not on a board of `width` columns, or no board has `width` columns
    /// (more than [`crate::MAX_WIDTH`]): a tester's report, column 21 mirrored on 7 was
    /// the column of index 242 in a release build, which no board has.
    #[inline]
    pub const fn mirror(self, width: u32) -> Column {
        assert!(
            width <= MAX_WIDTH && (self.0 as u32) < width,
            "Column::mirror: the column is not on a board of that width"
        );
        Column(width as u8 - 1 - self.0)
    }
}

impl fmt::Display for Column {
    /// The symbol of [`Column::digit`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.digit())
    }
}

/// Why a text is not a [`Column`] ([`Column`]'s `FromStr`).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{0:?} is not a column: expected one symbol, 1-9 then a-w")]
pub struct ParseColumnError(pub String);

impl FromStr for Column {
    type Err = ParseColumnError;

    /// The column written as one symbol of [`Column::digit`] (`"4"`, `"b"` or `"B"`),
    /// spaces around it ignored: what `Display` writes reads back. Whether the column is
    /// on a given board is the position's to say.
    ///
    /// # Errors
    /// [`ParseColumnError`], holding the text, for anything but one symbol.
    ///
    /// ```
    /// use connect4::Column;
    /// assert_eq!("4".parse::<Column>().unwrap().index(), 3);
    /// assert_eq!("b".parse::<Column>().unwrap().index(), 10);
    /// assert!("0".parse::<Column>().is_err());
    /// assert!("12".parse::<Column>().is_err());
    /// ```
    fn from_str(text: &str) -> Result<Column, ParseColumnError> {
        let mut chars = text.trim().chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Column::from_digit(c),
            _ => None,
        }
        .ok_or_else(|| ParseColumnError(text.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_round_trip() {
        for i in 0..MAX_WIDTH as usize {
            let c = Column::new(i).unwrap();
            assert_eq!(Column::from_digit(c.digit()), Some(c));
            assert_eq!(c.mirror(MAX_WIDTH).mirror(MAX_WIDTH), c);
        }
        for c in Column::ALL {
            assert_eq!(c.mirror(7).mirror(7), c);
        }
        assert_eq!(Column::ALL[1].mirror(7), Column::ALL[5]);
        // Off the board: a panic, not a column of no board (in a release build, where
        // the subtraction's overflow check is off, the assertion alone panics on the
        // first three too; in a test build it catches the last).
        for (index, width) in [(20, 7), (7, 7), (0, 0), (0, MAX_WIDTH + 1)] {
            let c = Column::new(index).unwrap();
            assert!(
                std::panic::catch_unwind(|| c.mirror(width)).is_err(),
                "{c:?} on {width}"
            );
        }
        assert_eq!(Column::from_digit('0'), None);
        assert_eq!(Column::from_digit('x'), None);
        assert_eq!(Column::from_digit('a'), Column::new(9));
        // Letters in either case: `A` is column 10 as `a` is.
        for (lower, upper) in ('a'..='w').zip('A'..='W') {
            assert_eq!(Column::from_digit(upper), Column::from_digit(lower));
        }
        assert_eq!(Column::from_digit('X'), None);
        assert_eq!(Column::new(31).unwrap().digit(), 'w');
        assert_eq!(Column::new(32), None);
        assert_eq!(Column::new(3).unwrap().to_string(), "4");
    }

    /// `Display` and `FromStr` agree on every column, and other texts are refused.
    #[test]
    fn display_reads_back() {
        for i in 0..MAX_WIDTH as usize {
            let c = Column::new(i).unwrap();
            assert_eq!(c.to_string().parse::<Column>(), Ok(c));
        }
        assert_eq!(" 7 ".parse::<Column>(), Ok(Column::ALL[6]));
        for bad in ["", " ", "0", "x", "12", "44", "-1", "٣"] {
            let e = bad.parse::<Column>().unwrap_err();
            assert_eq!(e, ParseColumnError(bad.to_string()));
        }
    }
}
