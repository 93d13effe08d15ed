//! Pascal Pons' move-sequence notation: the columns played, as digits `1`…`7` from the
//! empty board, first player first (e.g. `4455`). The empty string is the empty board.

use crate::{Column, Position};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// Why a move cannot be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
pub enum MoveError {
    /// The character is not a column digit `1`…`7` (only in parsing).
    #[error("not a column digit 1-7")]
    NotADigit,
    /// The column already holds six stones.
    #[error("column {0} is full")]
    ColumnFull(Column),
    /// The previous move made four in a row: the game is over.
    #[error("the game is already won")]
    GameOver,
}

/// A move string that is not a legal game: names the first bad move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
#[error("move {} ({found:?}): {reason}", .index + 1)]
pub struct ParseError {
    /// 0-based index of the bad move in the string (in characters); the moves before it
    /// are legal.
    pub index: usize,
    /// The character found there.
    pub found: char,
    /// What is wrong with it.
    pub reason: MoveError,
}

impl Position {
    /// Parses a move sequence in Pons' notation (see the module docs).
    ///
    /// # Errors
    /// A [`ParseError`] naming the first character that is not a digit `1`…`7`, the first
    /// move into a full column, or the first move after a four in a row.
    ///
    /// ```
    /// use connect4::{MoveError, Position};
    /// let p = Position::from_moves("4455").unwrap();
    /// assert_eq!(p.moves(), 4);
    /// let e = Position::from_moves("44a").unwrap_err();
    /// assert_eq!((e.index, e.found, e.reason), (2, 'a', MoveError::NotADigit));
    /// assert_eq!(e.to_string(), "move 3 ('a'): not a column digit 1-7");
    /// ```
    pub fn from_moves(moves: &str) -> Result<Position, ParseError> {
        let mut p = Position::new();
        for (index, found) in moves.chars().enumerate() {
            let col = Column::from_digit(found).ok_or(ParseError {
                index,
                found,
                reason: MoveError::NotADigit,
            })?;
            p.try_play(col).map_err(|reason| ParseError {
                index,
                found,
                reason,
            })?;
        }
        Ok(p)
    }
}

impl FromStr for Position {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Position::from_moves(s)
    }
}

impl fmt::Display for Position {
    /// The moves played, in Pons' notation (empty for the empty board).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for c in self.history() {
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

impl zerosum::Notation for Position {
    type Error = ParseError;

    fn parse_position(text: &str) -> Result<Self, Self::Error> {
        Position::from_moves(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_name_the_first_bad_move() {
        let e = Position::from_moves("4444444").unwrap_err();
        assert_eq!(e.index, 6);
        assert_eq!(e.reason, MoveError::ColumnFull(Column::new(3).unwrap()));
        assert_eq!(e.to_string(), "move 7 ('4'): column 4 is full");
        let e = Position::from_moves("12121215").unwrap_err();
        assert_eq!((e.index, e.found, e.reason), (7, '5', MoveError::GameOver));
        assert_eq!(e.to_string(), "move 8 ('5'): the game is already won");
        let e = Position::from_moves("40").unwrap_err();
        assert_eq!((e.index, e.reason), (1, MoveError::NotADigit));
        let e = Position::from_moves("4 4").unwrap_err();
        assert_eq!((e.index, e.found), (1, ' '));
        assert_eq!(Position::from_moves("").unwrap(), Position::new());
    }

    #[test]
    fn display_round_trips() {
        let p = Position::from_moves("44455554221").unwrap();
        assert_eq!(p.to_string(), "44455554221");
        assert_eq!("44455554221".parse::<Position>().unwrap(), p);
    }
}
