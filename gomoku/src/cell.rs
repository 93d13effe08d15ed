//! Cells of the board: `h8` for people, `x,y` (0-based) in the Gomocup protocol.

use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// The largest board side supported (Gomocup plays 15 and 20; the protocol allows up to 22
/// with letters `a`…`v`).
pub const MAX_SIZE: u8 = 22;
/// The smallest board side supported.
pub const MIN_SIZE: u8 = 5;

/// A cell of the board: column `x` (0 = `a`, left) and row `y` (0 = row `1`).
///
/// People write `h8` (letter = column from `a`, number = row `y + 1`); the Gomocup
/// protocol writes `7,7` (`x,y`, 0-based). A `Cell` does not know the board size: the
/// board checks that it is on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    /// Column, 0-based (`a` = 0).
    pub x: u8,
    /// Row, 0-based (row `1` = 0).
    pub y: u8,
}

/// Why a cell's text was rejected.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CellError {
    /// The text is not a cell in the people's form (a letter and a row number, `h8`).
    #[error("malformed cell {0:?} (expected a letter and a row number like h8)")]
    Malformed(String),
    /// The text is not a cell in the protocol's form (two 0-based numbers, `x,y`).
    #[error("malformed cell {0:?} (expected two 0-based numbers x,y like 7,7)")]
    MalformedXy(String),
    /// A coordinate is beyond the largest board ([`MAX_SIZE`]).
    #[error("cell {0:?} is beyond the largest board ({MAX_SIZE}x{MAX_SIZE})")]
    OutOfRange(String),
}

/// Longest part of a bad cell's text that an error quotes, in characters.
const SHOWN_CHARS: usize = 24;

/// The text of a bad cell as its error quotes it: whole when short, else its first
/// [`SHOWN_CHARS`] characters and `…`, so that a huge garbage token is not echoed whole.
fn shown(t: &str) -> String {
    zerosum::text::cut(t, SHOWN_CHARS)
}

impl Cell {
    /// The cell at column `x`, row `y` (0-based).
    #[inline]
    pub const fn new(x: u8, y: u8) -> Cell {
        Cell { x, y }
    }

    /// Parses the people's form, a letter `a`…`v` (case-insensitive) then a row number
    /// `1`…`22`: `h8` is `x = 7, y = 7`.
    ///
    /// # Errors
    /// [`CellError::OutOfRange`] for a column letter beyond `v` or a row beyond 22,
    /// [`CellError::Malformed`] for anything else.
    pub fn parse_human(text: &str) -> Result<Cell, CellError> {
        let t = text.trim();
        let mut chars = t.chars();
        let letter = chars.next().ok_or_else(|| CellError::Malformed(shown(t)))?;
        let digits = chars.as_str();
        if !letter.is_ascii_alphabetic()
            || digits.is_empty()
            || !digits.bytes().all(|b| b.is_ascii_digit())
        {
            return Err(CellError::Malformed(shown(t)));
        }
        let x = letter.to_ascii_lowercase() as u8 - b'a';
        // A row number, however long, that is too large is off the board.
        let row: u32 = digits.parse().unwrap_or(u32::MAX);
        if row == 0 {
            return Err(CellError::Malformed(shown(t)));
        }
        if x >= MAX_SIZE || row > MAX_SIZE as u32 {
            return Err(CellError::OutOfRange(shown(t)));
        }
        Ok(Cell::new(x, (row - 1) as u8))
    }

    /// Parses the protocol form `x,y` (0-based, spaces allowed around the numbers).
    ///
    /// # Errors
    /// [`CellError::MalformedXy`] when it is not two numbers separated by a comma,
    /// [`CellError::OutOfRange`] when a coordinate is 22 or more.
    pub fn parse_xy(text: &str) -> Result<Cell, CellError> {
        let t = text.trim();
        let (a, b) = t
            .split_once(',')
            .ok_or_else(|| CellError::MalformedXy(shown(t)))?;
        // The protocol's numbers (`decimal`): digits only, no sign.
        let parse = |s: &str| -> Result<u32, CellError> {
            match crate::decimal::unsigned_as::<u32>(s.trim()) {
                Ok(n) => Ok(n),
                // A number, however long, that is too large is off the board, not malformed.
                Err(crate::decimal::NumberError::TooLarge) => Err(CellError::OutOfRange(shown(t))),
                Err(_) => Err(CellError::MalformedXy(shown(t))),
            }
        };
        let (x, y) = (parse(a)?, parse(b)?);
        if x >= MAX_SIZE as u32 || y >= MAX_SIZE as u32 {
            return Err(CellError::OutOfRange(shown(t)));
        }
        Ok(Cell::new(x as u8, y as u8))
    }

    /// The protocol form `x,y`.
    pub fn to_xy(self) -> String {
        format!("{},{}", self.x, self.y)
    }

    /// Chebyshev distance (king moves) to `other`.
    pub fn distance(self, other: Cell) -> u8 {
        self.x.abs_diff(other.x).max(self.y.abs_diff(other.y))
    }
}

/// A cell as the engine's shared transposition table stores it: `x` in the low byte,
/// `y` in the high byte (both below [`MAX_SIZE`], so never the table's "no move").
impl zerosum::search::TableMove for Cell {
    fn to_bits(self) -> u16 {
        u16::from(self.x) | u16::from(self.y) << 8
    }
    fn from_bits(bits: u16) -> Self {
        Cell {
            x: bits as u8,
            y: (bits >> 8) as u8,
        }
    }
}

impl fmt::Display for Cell {
    /// The people's form: `h8`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.x) as char, self.y as u32 + 1)
    }
}

impl FromStr for Cell {
    type Err = CellError;
    /// Either form: `h8` or `7,7`.
    fn from_str(s: &str) -> Result<Cell, CellError> {
        if s.contains(',') {
            Cell::parse_xy(s)
        } else {
            Cell::parse_human(s)
        }
    }
}

/// Splits a move list such as `h8i7e9` or `h8 i7 e9` (or `H8I7`) into cells.
///
/// # Errors
/// The first bad cell, with its 1-based position in the list.
pub fn parse_move_list(text: &str) -> Result<Vec<Cell>, (usize, CellError)> {
    let mut out = Vec::new();
    let mut rest = text;
    loop {
        // Work on whole characters, never byte offsets inside one: the text is any `&str`.
        rest = rest.trim_start_matches(|c: char| c.is_whitespace() || c == ',' || c == ';');
        let Some(first) = rest.chars().next() else {
            break;
        };
        let after = &rest[first.len_utf8()..];
        let digits = after.len() - after.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let end = first.len_utf8() + digits;
        let cell = Cell::parse_human(&rest[..end]).map_err(|e| match e {
            CellError::Malformed(_) => {
                // Name the whole word, not its first letter: "junk", not "j".
                let word_end = rest
                    .find(|c: char| c.is_whitespace() || c == ',' || c == ';')
                    .unwrap_or(rest.len());
                (
                    out.len() + 1,
                    CellError::Malformed(shown(&rest[..word_end])),
                )
            }
            e => (out.len() + 1, e),
        })?;
        out.push(cell);
        rest = &rest[end..];
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_forms_round_trip() {
        let c = Cell::parse_human("h8").unwrap();
        assert_eq!(c, Cell::new(7, 7));
        assert_eq!(c.to_string(), "h8");
        assert_eq!(c.to_xy(), "7,7");
        assert_eq!("7, 7".parse::<Cell>().unwrap(), c);
        assert_eq!("O15".parse::<Cell>().unwrap(), Cell::new(14, 14));
        assert_eq!("v22".parse::<Cell>().unwrap(), Cell::new(21, 21));
    }

    #[test]
    fn bad_cells_are_named() {
        let human = Cell::parse_human;
        let xy = Cell::parse_xy;
        for (parse, text, out_of_range) in [
            (human as fn(&str) -> Result<Cell, CellError>, "h0", false),
            (human, "8h", false),
            (human, "w8", true),
            (human, "a23", true),
            (xy, "1;2", false),
            (xy, "-1,2", false),
            (xy, "30,2", true),
            (human, "", false),
            (human, "h123", true),
            (human, "h99999999999", true),
            (xy, "99999999999,1", true),
        ] {
            let is_xy = ["1;2", "-1,2", "30,2", "99999999999,1"].contains(&text);
            match parse(text) {
                Err(CellError::OutOfRange(_)) if out_of_range => {}
                Err(CellError::Malformed(_)) if !out_of_range && !is_xy => {}
                Err(CellError::MalformedXy(_)) if !out_of_range && is_xy => {}
                other => panic!("{text:?}: {other:?}"),
            }
        }
    }

    /// Each parser's error names only the form that parser accepts.
    #[test]
    fn errors_suggest_only_an_accepted_form() {
        let human = Cell::parse_human("7,7 junk").unwrap_err().to_string();
        assert!(human.contains("h8") && !human.contains("x,y"), "{human}");
        let xy = Cell::parse_xy("junk").unwrap_err().to_string();
        assert!(xy.contains("x,y") && !xy.contains("h8"), "{xy}");
        // The suggested forms parse with the parser that suggested them.
        assert!(Cell::parse_human("h8").is_ok() && Cell::parse_xy("7,7").is_ok());
    }

    #[test]
    fn move_lists_split() {
        let v = parse_move_list("h8i7E9").unwrap();
        assert_eq!(v, vec![Cell::new(7, 7), Cell::new(8, 6), Cell::new(4, 8)]);
        assert_eq!(parse_move_list("h8 i10 j12").unwrap().len(), 3);
        assert_eq!(parse_move_list("h8?").unwrap_err().0, 2);
        // A word that is not a cell is named whole, not by its first letter.
        assert_eq!(
            parse_move_list("h8i7e9 junk").unwrap_err(),
            (4, CellError::Malformed("junk".into()))
        );
        assert_eq!(
            parse_move_list("h8 z99, i7").unwrap_err(),
            (2, CellError::OutOfRange("z99".into()))
        );
    }

    #[test]
    fn non_ascii_text_is_an_error_not_a_panic() {
        // The inputs that panicked when the list was cut by byte index (issue 14 item 4).
        for text in ["Ｘ", "é", "٣", "ｈ8", "h8é", "h٣", "ｈ８", "h8\u{85}Ｘ"] {
            let r = parse_move_list(text);
            assert!(r.is_err(), "{text:?} gave {r:?}");
            assert!(Cell::parse_human(text).is_err());
            assert!(Cell::parse_xy(text).is_err());
        }
        // Unicode whitespace separates cells like ASCII whitespace.
        // (U+0085 and U+3000 are Unicode white space.)
        assert_eq!(parse_move_list("h8\u{3000}i7").unwrap().len(), 2);
        assert_eq!(parse_move_list("h8\u{85}i7").unwrap().len(), 2);
        assert!(Cell::parse_human("\u{85}").is_err());
    }
}
