//! Pascal Pons' move-sequence notation: the columns played, as digits `1`…`7` from the
//! empty board, first player first (e.g. `4455`). The empty string is the empty board,
//! and so is `-` (as the command line writes it).
//! Other board sizes write columns `1`…`W` the same way; boards wider than 9 columns go
//! on with the letters `a`…`w` for columns 10…32 (our extension: Pons' solver has no
//! such boards; `A`…`W` are read as the same columns, written in lower case), so
//! every move is one character.

use crate::bits::Geometry;
use crate::{Column, Position, Standard};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// Why a move cannot be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
pub enum MoveError {
    /// The character is not the symbol of a column of the board (only in parsing): a
    /// digit `1`…`9`, or on a board wider than 9 columns `1`…`9` and `a`… (either
    /// case).
    #[error("{}", not_a_column(*width))]
    NotADigit {
        /// Columns of the board.
        width: u32,
    },
    /// The column is not on the board (a board of `width` columns).
    #[error("column {column} is off the board ({width} columns)")]
    OffBoard {
        /// The column asked for.
        column: Column,
        /// Columns of the board.
        width: u32,
    },
    /// The column is already full (six stones on the standard board, its height on a
    /// [`crate::Size`]).
    #[error("column {0} is full")]
    ColumnFull(Column),
    /// The previous move made four in a row: the game is over.
    #[error("the game is already won")]
    GameOver,
}

/// The message of [`MoveError::NotADigit`] on a board of `width` columns:
/// `not a column digit 1-7`, or with letters, read in either case, `not a column 1-9,
/// a or A` (10 columns) or `not a column 1-9, a-c or A-C` (12).
fn not_a_column(width: u32) -> String {
    let last = Column::new(width.max(1) as usize - 1).map_or('?', Column::digit);
    if width <= 9 {
        format!("not a column digit 1-{last}")
    } else if width == 10 {
        "not a column 1-9, a or A".to_string()
    } else {
        let upper = last.to_ascii_uppercase();
        format!("not a column 1-9, a-{last} or A-{upper}")
    }
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
    /// Parses a move sequence on the standard board in Pons' notation (see the module
    /// docs).
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
    /// assert_eq!((e.index, e.found, e.reason), (2, 'a', MoveError::NotADigit { width: 7 }));
    /// assert_eq!(e.to_string(), "move 3 ('a'): not a column digit 1-7");
    /// ```
    pub fn from_moves(moves: &str) -> Result<Position, ParseError> {
        Position::from_moves_on(Standard, moves)
    }
}

impl<G: Geometry> Position<G> {
    /// Parses a move sequence on the board of `geometry` (see the module docs); `-`
    /// alone, as the command line writes it, stands for the empty board (so does the
    /// empty string).
    ///
    /// # Errors
    /// A [`ParseError`] naming the first character that is not a column of the board,
    /// the first move into a full column, or the first move after a four in a row.
    ///
    /// ```
    /// use connect4::{Position, Size};
    /// let size = Size::new(4, 4).unwrap();
    /// assert_eq!(Position::from_moves_on(size, "1234").unwrap().moves(), 4);
    /// assert_eq!(Position::from_moves_on(size, "-").unwrap().moves(), 0);
    /// let e = Position::from_moves_on(size, "15").unwrap_err();
    /// assert_eq!(e.to_string(), "move 2 ('5'): not a column digit 1-4");
    /// ```
    pub fn from_moves_on(geometry: G, moves: &str) -> Result<Self, ParseError> {
        let mut p = Position::empty_on(geometry);
        if moves == "-" {
            return Ok(p);
        }
        let width = geometry.width();
        for (index, found) in moves.chars().enumerate() {
            let col = Column::from_digit(found)
                .filter(|&c| p.on_board(c))
                .ok_or(ParseError {
                    index,
                    found,
                    reason: MoveError::NotADigit { width },
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

    /// [`Position::from_moves`] of `s` without the white space around it (as the other
    /// games' positions parse: a line from `read_line` keeps its `\n`, which a library
    /// user's report found refused as a move).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Position::from_moves(s.trim())
    }
}

impl<G: Geometry> fmt::Display for Position<G> {
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

    /// As [`Position`]'s `FromStr`: the white space around `text` is ignored, as the
    /// other games' notations ignore it (a tester's report: `" 4455"` was refused here
    /// and taken by `parse`).
    fn parse_position(text: &str) -> Result<Self, Self::Error> {
        text.parse()
    }
}

/// A line of input to the command-line solver: `<moves>`, optionally followed by one
/// score as in Pons' test files (`<moves> <score>`); `-` stands for the empty board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputLine<'a, G: Geometry = Standard> {
    /// The move string as written (`-` for the empty board).
    pub moves: &'a str,
    /// The position it reaches.
    pub position: Position<G>,
    /// The trailing score, if one was written (not checked against the position's true
    /// value, only against the range any score of it can have,
    /// [`crate::score::possible_scores`]).
    pub score: Option<i32>,
}

/// Why a line is not `<moves> [score]`.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum InputLineError {
    /// The line holds no moves (write `-` for the empty board).
    #[error("no moves (write - for the empty board)")]
    Empty,
    /// The move string is not a legal game.
    #[error(transparent)]
    Moves(#[from] ParseError),
    /// Text after the moves that is not a single score.
    #[error("unexpected text after the moves: {0:?} (only a score in Pons' convention may follow)")]
    Trailing(String),
    /// A trailing number no game from this position can score
    /// ([`crate::score::possible_scores`]).
    #[error("the score {score} after the moves is not possible here: at ply {stones} {}", possible_text(*.min, *.max))]
    ScoreRange {
        /// The number written.
        score: i32,
        /// Stones on the board.
        stones: u32,
        /// The lowest possible score: the opponent's fastest possible win.
        min: i32,
        /// The highest possible score: the side to move's fastest possible win.
        max: i32,
    },
    /// A trailing whole number too large for any score (beyond `i32`): as far outside
    /// the possible scores as [`InputLineError::ScoreRange`]'s.
    #[error("the score {text} after the moves is not possible here: at ply {stones} {}", possible_text(*.min, *.max))]
    HugeScore {
        /// The number as written.
        text: String,
        /// Stones on the board.
        stones: u32,
        /// The lowest possible score.
        min: i32,
        /// The highest possible score.
        max: i32,
    },
}

/// The possible scores `min` to `max` in words: `scores lie from -18 to 18`, or `the
/// only possible score is -18` (before: Rust's range syntax, `-18..=18`).
fn possible_text(min: i32, max: i32) -> String {
    if min == max {
        format!("the only possible score is {min}")
    } else {
        format!("scores lie from {min} to {max}")
    }
}

/// Parses `<moves> [score]` on the standard board (see [`InputLine`]). Anything else
/// after the moves is an error, so that `44 55` is not taken for `44`. A score must be
/// one a game from the position can end with ([`crate::score::possible_scores`]): in
/// Pons' convention a win with the side's `k`-th stone scores `22 − k`, the earliest
/// possible win, or loss, is at the next stone of that side, and a four takes four stones
/// (after `n` stones, `|s| ≤ (43 − n) / 2`, and at most 18 early on: `4455 19` is refused).
///
/// # Errors
/// [`InputLineError`] naming what is wrong.
pub fn parse_input_line(line: &str) -> Result<InputLine<'_>, InputLineError> {
    parse_input_line_on(Standard, line)
}

/// [`parse_input_line`] on the board of `geometry`: the score must lie in
/// [`crate::score::possible_scores`] of the position (at most `(cells + 1 − n) / 2` in
/// magnitude after `n` stones).
///
/// # Errors
/// [`InputLineError`] naming what is wrong.
pub fn parse_input_line_on<G: Geometry>(
    geometry: G,
    line: &str,
) -> Result<InputLine<'_, G>, InputLineError> {
    let mut tokens = line.split_whitespace();
    let moves = tokens.next().ok_or(InputLineError::Empty)?;
    let position = Position::from_moves_on(geometry, moves)?;
    let score = match tokens.next() {
        None => None,
        Some(t) => {
            let range = crate::score::possible_scores(&position);
            let s: i32 = t.parse().map_err(|_| {
                // Digits (with a sign) that overflow are a score, only far too large.
                let digits = t.strip_prefix(['+', '-']).unwrap_or(t);
                if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
                    InputLineError::HugeScore {
                        text: t.to_string(),
                        stones: position.moves(),
                        min: *range.start(),
                        max: *range.end(),
                    }
                } else {
                    InputLineError::Trailing(t.to_string())
                }
            })?;
            if !range.contains(&s) {
                return Err(InputLineError::ScoreRange {
                    score: s,
                    stones: position.moves(),
                    min: *range.start(),
                    max: *range.end(),
                });
            }
            Some(s)
        }
    };
    if let Some(extra) = tokens.next() {
        let start = extra.as_ptr() as usize - line.as_ptr() as usize;
        return Err(InputLineError::Trailing(line[start..].trim().to_string()));
    }
    Ok(InputLine {
        moves,
        position,
        score,
    })
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
        assert_eq!((e.index, e.reason), (1, MoveError::NotADigit { width: 7 }));
        let e = Position::from_moves("48").unwrap_err();
        assert_eq!(e.to_string(), "move 2 ('8'): not a column digit 1-7");
        let e = Position::from_moves("4 4").unwrap_err();
        assert_eq!((e.index, e.found), (1, ' '));
        assert_eq!(Position::from_moves("").unwrap(), Position::new());
    }

    #[test]
    fn display_round_trips() {
        let p = Position::from_moves("44455554221").unwrap();
        assert_eq!(p.to_string(), "44455554221");
        assert_eq!("44455554221".parse::<Position>().unwrap(), p);
        assert_eq!(" 44455554221\n".parse::<Position>().unwrap(), p);
    }

    /// Issue 14 item 7: text after the moves is an error unless it is one score in
    /// Pons' range; `44 55` is not taken for `44`.
    #[test]
    fn input_lines_refuse_extra_text() {
        let l = parse_input_line("4455 18").unwrap();
        assert_eq!((l.moves, l.score), ("4455", Some(18)));
        assert_eq!(parse_input_line(" - ").unwrap().position, Position::new());
        // After 2 stones no score exceeds 18: each side needs its 4th stone to win.
        assert_eq!(
            parse_input_line("44 55").unwrap_err(),
            InputLineError::ScoreRange {
                score: 55,
                stones: 2,
                min: -18,
                max: 18
            }
        );
        assert_eq!(parse_input_line("44 18").unwrap().score, Some(18));
        assert_eq!(parse_input_line("44 -18").unwrap().score, Some(-18));
        // New-user reports 18 and 19: 19 at ply 4 was accepted (Pons' bound (43 − 4) / 2).
        assert_eq!(
            parse_input_line("4455 19").unwrap_err().to_string(),
            "the score 19 after the moves is not possible here: at ply 4 scores lie from -18 to 18"
        );
        // Late in the game: Pons' bound for the side to move's win at once, one less for
        // the opponent's (its next stone comes a ply later).
        assert!(parse_input_line("44455554221 16").is_ok());
        assert!(parse_input_line("44455554221 -16").is_err());
        assert!(parse_input_line("44455554221 -15").is_ok());
        // A finished game has its own score only: x won with its 4th stone (the 7th).
        assert!(parse_input_line("1212121 -18").is_ok());
        assert_eq!(
            parse_input_line("1212121 0").unwrap_err().to_string(),
            "the score 0 after the moves is not possible here: at ply 7 the only possible score is -18"
        );
        // `solve`'s own answer for a game lost at ply 16 was refused (|s| ≤ 13 then).
        assert_eq!(
            parse_input_line("2275632242144233 -14").unwrap().score,
            Some(-14)
        );
        assert_eq!(
            parse_input_line("44 x").unwrap_err(),
            InputLineError::Trailing("x".into())
        );
        assert_eq!(
            parse_input_line("44 3 extra  words").unwrap_err(),
            InputLineError::Trailing("extra  words".into())
        );
        assert_eq!(parse_input_line("  ").unwrap_err(), InputLineError::Empty);
    }

    #[test]
    fn wide_boards_write_letters() {
        let size = crate::Size::new(12, 4).unwrap();
        let p = Position::from_moves_on(size, "9abc1").unwrap();
        assert_eq!(p.to_string(), "9abc1");
        assert_eq!(p.cell(11, 0), Some(zerosum::Side::Second));
        let e = Position::from_moves_on(size, "1d").unwrap_err();
        // The letters are read in either case, and the message says so (a tester's
        // report: it named `a-c` only, and `D` looked refused for its case).
        assert_eq!(e.to_string(), "move 2 ('d'): not a column 1-9, a-c or A-C");
        let e = Position::from_moves_on(size, "1C2D").unwrap_err();
        assert_eq!(e.to_string(), "move 4 ('D'): not a column 1-9, a-c or A-C");
        let ten = crate::Size::new(10, 4).unwrap();
        let e = Position::from_moves_on(ten, "b").unwrap_err();
        assert_eq!(e.to_string(), "move 1 ('b'): not a column 1-9, a or A");
        // 4×4: a win with one's 4th stone (the game's 7th) leaves 16 + 2 − 7 halved: 5.
        let l = parse_input_line_on(crate::Size::new(4, 4).unwrap(), "12 5").unwrap();
        assert_eq!(l.score, Some(5));
        assert!(parse_input_line_on(crate::Size::new(4, 4).unwrap(), "12 6").is_err());
        let mut q = Position::empty_on(crate::Size::new(4, 4).unwrap());
        assert_eq!(
            q.try_play(Column::new(4).unwrap()),
            Err(MoveError::OffBoard {
                column: Column::new(4).unwrap(),
                width: 4
            })
        );
    }
}
