//! Reading and writing positions.
//!
//! # The notation
//!
//! - **3×3 (standard):** 9 characters, row-major from the top-left, `x` for X, `o` for O,
//!   `.` for an empty cell; X moves first, so the side to move follows from the counts.
//!   `x...o....` is X in the top-left corner and O in the centre, X to move.
//! - **m×n (general):** the rows from top to bottom separated by `/`, each row its cells
//!   from left to right, then optionally a space and `k=K`. Without `k=` the line length
//!   is `min(cols, rows)`. `x.../.o../..../....` is a 4×4 board with k = 4;
//!   `...../...../..x../...../..... k=4` is the 5×5 board with k = 4 after X took the
//!   centre. A one-row board ends with `/` (`x.o./ k=2`; without `k=` its line length
//!   would be 1, and both sides would have won), which may also end any other board. 3×3 positions may also be written this way (`x../.o./...`); they print in
//!   the 9-character form.
//!
//! Upper-case `X` and `O` are accepted. Positions are checked: the piece counts must be
//! possible (X has as many stones as O or one more), at most one side may have a line,
//! and the winner's last stone must be the one that completed every line it has, played
//! on its own turn — otherwise play went on after the game had ended.

use crate::{Board, Geometry, Shape, ShapeError};
use std::fmt;
use std::str::FromStr;
use std::sync::Arc;
use thiserror::Error;
use zerosum::{Notation, Side};

/// `cell` or `cells`, as `n` asks.
fn cells(n: usize) -> &'static str {
    if n == 1 { "cell" } else { "cells" }
}

/// What is wrong with a written position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseError {
    /// Nothing to parse.
    #[error("empty position")]
    Empty,
    /// The flat form has the wrong number of cells.
    #[error("wrong length: expected {expected} {}, found {found}", cells(*expected))]
    WrongLength {
        /// Cells of the board.
        expected: usize,
        /// Cells written.
        found: usize,
    },
    /// The `/`-separated form has the wrong number of rows.
    #[error("wrong number of rows: {found}, expected {expected}")]
    WrongRows {
        /// Rows of the board.
        expected: usize,
        /// Rows written.
        found: usize,
    },
    /// A row of the `/`-separated form has a different length from the first.
    #[error("row {row}: expected {expected} {}, found {found}", cells(*expected))]
    RaggedRow {
        /// 1-based row number, from the top.
        row: usize,
        /// Length of the first row (or the board's width).
        expected: usize,
        /// Length of this row.
        found: usize,
    },
    /// A row of the `/`-separated form with no cell (`/..../....`, a lone `/`).
    #[error("row {row} is empty (rows are separated by '/', e.g. x.../.o../..../....)")]
    EmptyRow {
        /// 1-based row number.
        row: usize,
    },
    /// A character other than `x`, `o`, `.`.
    #[error("bad character {ch:?} at cell {cell} (use x, o or .)")]
    BadCharacter {
        /// The character.
        ch: char,
        /// 1-based cell number where it stands.
        cell: usize,
    },
    /// The rows describe a board that cannot be played.
    #[error("bad board: {0}")]
    Shape(ShapeError),
    /// Text after the board that is not `k=K`.
    #[error("unexpected {0:?} after the board (expected k=K)")]
    BadSuffix(String),
    /// A `k=` followed by a sign and digits (`k=-1`, `k=+3`): k is a whole number of 1
    /// or more, written without a sign, as a size's k is. The field holds the text after
    /// `k=`.
    #[error("k = {0} has a sign (k is a whole number of 1 or more, written without one, e.g. k=4)")]
    SignedK(String),
    /// A `k=K` whose number does not even fit 32 bits (no board is that large).
    #[error("k = {0} is far too large (no board here is that large)")]
    KTooLarge(String),
    /// A `k=` other than 3 on the flat 9-character form, which is the 3×3 board with
    /// k = 3 (other boards and lengths are written in the `/`-separated form).
    #[error(
        "k = {0} on the flat 9-cell form, which is 3×3 with k = 3 (write the rows with '/', e.g. .../.../... k={0})"
    )]
    FlatK(u32),
    /// A `k=` that disagrees with the board asked for.
    #[error("the line's k = {found} does not match k = {expected} of the board asked for")]
    KMismatch {
        /// The board's k.
        expected: u32,
        /// The k written.
        found: u32,
    },
    /// The stone counts cannot arise with X moving first.
    #[error("impossible piece counts: x has {x}, o has {o} (x moves first, so x = o or x = o + 1)")]
    PieceCounts {
        /// X's stones.
        x: u32,
        /// O's stones.
        o: u32,
    },
    /// Both X and O have a line.
    #[error("both sides have a line")]
    BothWon,
    /// The winner's lines could not all have been completed by its last move, or the
    /// loser moved after the line was made.
    #[error("play after the game ended: {winner} already had a line")]
    PlayedAfterEnd {
        /// `'x'` or `'o'`.
        winner: char,
    },
}

// Plain `From`s (not thiserror's `#[from]`): a variant's message already holds the
// inner error's, so it is not also its `source` (an error reporter printed it twice).
impl From<ShapeError> for ParseError {
    fn from(e: ShapeError) -> Self {
        ParseError::Shape(e)
    }
}

impl Board {
    /// Parses a position, the shape taken from the text: 9 characters for 3×3, or the
    /// `/`-separated general form (see the [module docs](crate::notation)).
    ///
    /// # Errors
    /// [`ParseError`] naming what is wrong.
    pub fn parse(text: &str) -> Result<Board, ParseError> {
        let (board, k) = split_suffix(text)?;
        if board.contains('/') {
            let (cols, rows) = dimensions(board)?;
            let shape = Shape::new(cols, rows, k.unwrap_or(Shape::default_k(cols, rows)))?;
            parse_cells(&Geometry::of(shape), board)
        } else {
            // The cells first: a wrong length is the first thing wrong.
            let parsed = parse_cells(&Geometry::standard(), board)?;
            match k {
                Some(k) if k != 3 => Err(ParseError::FlatK(k)),
                _ => Ok(parsed),
            }
        }
    }

    /// Parses a position whose size is taken from the text (9 characters for 3×3, or the
    /// `/`-separated form) and whose stones in a row to win are `k` (the command line's
    /// `--k` without `--size`); a `k=` suffix, if written, must agree. The position is
    /// checked under `k` alone: `x.o./` with k = 2 is a position in play, though its
    /// own default k = 1 would give both sides a line.
    ///
    /// # Errors
    /// [`ParseError`] naming what is wrong.
    pub fn parse_with_k(text: &str, k: u32) -> Result<Board, ParseError> {
        let (board, own_k) = split_suffix(text)?;
        if let Some(found) = own_k
            && found != k
        {
            return Err(ParseError::KMismatch { expected: k, found });
        }
        let (cols, rows) = if board.contains('/') {
            dimensions(board)?
        } else {
            // The flat form is 3×3: a wrong length is the first thing wrong (a recheck's
            // report: 16 cells under k = 4 were "k = 4 does not fit the 3x3 board").
            let found = board.chars().count();
            if found != 9 {
                return Err(ParseError::WrongLength { expected: 9, found });
            }
            (3, 3)
        };
        parse_cells(&Geometry::of(Shape::new(cols, rows, k)?), board)
    }

    /// Parses a position on a board of known geometry (the command line's `--size`/`--k`):
    /// the flat form of `cols·rows` characters or the `/`-separated form; a `k=` suffix,
    /// if written, must agree.
    ///
    /// # Errors
    /// [`ParseError`] naming what is wrong.
    pub fn parse_in(text: &str, geo: &Arc<Geometry>) -> Result<Board, ParseError> {
        let (board, k) = split_suffix(text)?;
        if let Some(k) = k
            && k != geo.shape().k
        {
            return Err(ParseError::KMismatch {
                expected: geo.shape().k,
                found: k,
            });
        }
        parse_cells(geo, board)
    }
}

/// The columns and rows of the `/`-separated form `board` (a trailing `/` allowed).
fn dimensions(board: &str) -> Result<(u32, u32), ParseError> {
    let rows: Vec<&str> = board
        .strip_suffix('/')
        .unwrap_or(board)
        .split('/')
        .collect();
    // An empty row gives no width to measure the others by (a tester's report:
    // `/..../....` was "the board needs at least one row and one column, got 0x3").
    if let Some(i) = rows.iter().position(|r| r.is_empty()) {
        return Err(ParseError::EmptyRow { row: i + 1 });
    }
    // Counts beyond u32 saturate: such a board is refused as too large anyway.
    let cols = u32::try_from(rows[0].chars().count()).unwrap_or(u32::MAX);
    let nrows = u32::try_from(rows.len()).unwrap_or(u32::MAX);
    Ok((cols, nrows))
}

fn split_suffix(text: &str) -> Result<(&str, Option<u32>), ParseError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(ParseError::Empty);
    }
    match text.split_once(char::is_whitespace) {
        None => Ok((text, None)),
        Some((board, rest)) => {
            let rest = rest.trim();
            let all_digits = |k: &str| !k.is_empty() && k.bytes().all(|b| b.is_ascii_digit());
            // Spaces around `=` and a capital K are read, as `--size "3x3 K = 3"` reads
            // them (a tester's report: `k= 2` was read, `k =2` and `K=3` refused).
            let written = crate::geometry::k_suffix(rest);
            if let Some(k) = written.filter(|k| k.strip_prefix(['-', '+']).is_some_and(all_digits))
            {
                return Err(ParseError::SignedK(k.to_string()));
            }
            let digits = written
                .filter(|k| all_digits(k))
                .ok_or_else(|| ParseError::BadSuffix(rest.to_string()))?;
            let k = digits
                .parse::<u32>()
                .map_err(|_| ParseError::KTooLarge(digits.to_string()))?;
            Ok((board, Some(k)))
        }
    }
}

fn parse_cells(geo: &Arc<Geometry>, text: &str) -> Result<Board, ParseError> {
    let shape = geo.shape();
    let (cols, rows) = (shape.cols as usize, shape.rows as usize);
    let flat: Vec<char> = if text.contains('/') {
        let parts: Vec<&str> = text.strip_suffix('/').unwrap_or(text).split('/').collect();
        if parts.len() != rows {
            return Err(ParseError::WrongRows {
                expected: rows,
                found: parts.len(),
            });
        }
        for (i, p) in parts.iter().enumerate() {
            let n = p.chars().count();
            if n != cols {
                return Err(ParseError::RaggedRow {
                    row: i + 1,
                    expected: cols,
                    found: n,
                });
            }
        }
        parts.iter().flat_map(|p| p.chars()).collect()
    } else {
        text.chars().collect()
    };
    if flat.len() != cols * rows {
        return Err(ParseError::WrongLength {
            expected: cols * rows,
            found: flat.len(),
        });
    }
    let (mut x, mut o) = (0u64, 0u64);
    for (i, &ch) in flat.iter().enumerate() {
        match ch {
            'x' | 'X' => x |= 1 << i,
            'o' | 'O' => o |= 1 << i,
            '.' => {}
            _ => return Err(ParseError::BadCharacter { ch, cell: i + 1 }),
        }
    }
    validate(geo, x, o)
}

/// Checks that the stones `x`, `o` can arise in play and builds the position.
fn validate(geo: &Arc<Geometry>, x: u64, o: u64) -> Result<Board, ParseError> {
    let (nx, no) = (x.count_ones(), o.count_ones());
    if nx != no && nx != no + 1 {
        return Err(ParseError::PieceCounts { x: nx, o: no });
    }
    let lines_of = |s: u64| geo.lines().iter().copied().filter(move |&l| s & l == l);
    let (x_won, o_won) = (lines_of(x).next().is_some(), lines_of(o).next().is_some());
    if x_won && o_won {
        return Err(ParseError::BothWon);
    }
    for (won, stones, side) in [(x_won, x, Side::First), (o_won, o, Side::Second)] {
        if !won {
            continue;
        }
        let winner = if side == Side::First { 'x' } else { 'o' };
        // The winner must have moved last ...
        let moved_last = if side == Side::First {
            nx == no + 1
        } else {
            nx == no
        };
        // ... with a stone common to all its lines.
        let common = lines_of(stones).fold(stones, |acc, l| acc & l);
        if !moved_last || common == 0 {
            return Err(ParseError::PlayedAfterEnd { winner });
        }
    }
    Ok(Board::from_parts(geo.clone(), x, o))
}

impl fmt::Display for Board {
    /// The 9-character form for 3×3 with k = 3, the `/`-separated form otherwise (with
    /// ` k=K` when `K` is not `min(cols, rows)`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shape = self.shape();
        let (x, o) = (self.stones(Side::First), self.stones(Side::Second));
        let mut s = String::with_capacity(80);
        for i in 0..shape.cells() {
            if i > 0 && i % shape.cols == 0 && shape != Shape::TIC_TAC_TOE {
                s.push('/');
            }
            s.push(if x >> i & 1 == 1 {
                'x'
            } else if o >> i & 1 == 1 {
                'o'
            } else {
                '.'
            });
        }
        if shape.rows == 1 {
            s.push('/'); // marks the general form of a one-row board
        }
        if shape.k != Shape::default_k(shape.cols, shape.rows) {
            s.push_str(&format!(" k={}", shape.k));
        }
        f.write_str(&s)
    }
}

impl FromStr for Board {
    type Err = ParseError;
    /// As [`Board::parse`].
    fn from_str(s: &str) -> Result<Board, ParseError> {
        Board::parse(s)
    }
}

impl Notation for Board {
    type Error = ParseError;
    fn parse_position(text: &str) -> Result<Board, ParseError> {
        Board::parse(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use zerosum::Game;

    /// The size from the text, k given: checked under that k alone (`x.o./` has both
    /// sides in a line under its own default k = 1, none under k = 2), a written `k=`
    /// must agree, the flat form is 3×3.
    #[test]
    fn parse_with_k_takes_the_size_from_the_text() {
        let b = Board::parse_with_k("x.o./", 2).unwrap();
        assert_eq!((b.shape().cols, b.shape().rows, b.shape().k), (4, 1, 2));
        assert_eq!(b.to_string(), "x.o./ k=2");
        assert!(matches!(Board::parse("x.o./"), Err(ParseError::BothWon)));
        assert!(matches!(
            Board::parse_with_k("x.o./ k=3", 2),
            Err(ParseError::KMismatch {
                expected: 2,
                found: 3
            })
        ));
        let b = Board::parse_with_k("x...o....", 2).unwrap();
        assert_eq!((b.shape().cols, b.shape().rows, b.shape().k), (3, 3, 2));
        assert!(matches!(
            Board::parse_with_k("x...o....", 4),
            Err(ParseError::Shape(_))
        ));
        assert!(matches!(
            Board::parse_with_k("................", 4),
            Err(ParseError::WrongLength {
                expected: 9,
                found: 16
            })
        ));
        assert!(matches!(
            Board::parse_with_k("/..", 2),
            Err(ParseError::EmptyRow { row: 1 })
        ));
    }

    #[test]
    fn round_trips() {
        for text in [
            "x...o....",
            ".........",
            "xxxoo....",
            "x.../.o../..../....",
            "...../...../..x../...../..... k=4",
            "x.o./ k=2",
            "./",
        ] {
            assert_eq!(Board::parse(text).unwrap().to_string(), text);
        }
        assert_eq!(
            Board::parse("x../.o./...").unwrap().to_string(),
            "x...o...."
        );
        assert_eq!(
            Board::parse(" X...O.... ").unwrap().to_string(),
            "x...o...."
        );
    }

    #[test]
    fn errors_name_the_problem() {
        use ParseError::*;
        assert_eq!(Board::parse(""), Err(Empty));
        assert_eq!(
            Board::parse("x...o..."),
            Err(WrongLength {
                expected: 9,
                found: 8
            })
        );
        assert_eq!(
            Board::parse("x...o...z"),
            Err(BadCharacter { ch: 'z', cell: 9 })
        );
        assert_eq!(Board::parse("xx......."), Err(PieceCounts { x: 2, o: 0 }));
        assert_eq!(Board::parse("o........"), Err(PieceCounts { x: 0, o: 1 }));
        assert_eq!(Board::parse("xxxooo..."), Err(BothWon));
        // O moved after X's line.
        assert_eq!(
            Board::parse("xxxoo.o.."),
            Err(PlayedAfterEnd { winner: 'x' })
        );
        // X moved after O's line.
        assert_eq!(
            Board::parse("ooox.xx.x"),
            Err(PlayedAfterEnd { winner: 'o' })
        );
        assert_eq!(
            Board::parse("x../.o/..."),
            Err(RaggedRow {
                row: 2,
                expected: 3,
                found: 2
            })
        );
        // An empty row is named (a tester's report: "needs at least one row and one
        // column, got 0x5"); one trailing '/' ends the last row.
        assert_eq!(
            Board::parse("/..../..../..../...."),
            Err(EmptyRow { row: 1 })
        );
        assert_eq!(Board::parse("/"), Err(EmptyRow { row: 1 }));
        assert_eq!(Board::parse("//"), Err(EmptyRow { row: 1 }));
        assert_eq!(Board::parse("..//.."), Err(EmptyRow { row: 2 }));
        assert!(Board::parse("..../..../..../..../").is_ok());
        assert_eq!(Board::parse("x...o.... k=2"), Err(FlatK(2)));
        // A number too large for any board is named as such, not as a bad suffix.
        assert_eq!(
            Board::parse("..../..../..../.... k=99999999999999999999"),
            Err(KTooLarge("99999999999999999999".into()))
        );
        assert_eq!(
            Board::parse("..../..../..../.... k=-1"),
            Err(SignedK("-1".into()))
        );
        assert_eq!(
            Board::parse("..../..../..../.... k=+3"),
            Err(SignedK("+3".into()))
        );
        // Spaces around `=` and a capital K, as a size's `k = 3` takes them (a tester's
        // report: `k= 3` was read, `k =3` and `K=3` refused); the board's k either way.
        for suffix in ["k= 3", "k =3", "k = 3", "K=3", "k=03"] {
            let b = Board::parse(&format!("..../..../..../.... {suffix}")).unwrap();
            assert_eq!(b.shape().k, 3, "{suffix}");
            for size in ["4x4", "4 x 4"] {
                let shape: crate::Shape = format!("{size} {suffix}").parse().unwrap();
                assert_eq!((shape.cols, shape.k), (4, 3), "{size} {suffix}");
            }
        }
        assert!(matches!(
            Board::parse("..../..../..../.... kk=3"),
            Err(BadSuffix(_))
        ));
        assert_eq!(
            Board::parse("..../..../..../.... k=-"),
            Err(BadSuffix("k=-".into()))
        );
        assert!(matches!(Board::parse(". k=1"), Err(WrongLength { .. })));
        assert!(matches!(Board::parse("x...o.... q"), Err(BadSuffix(_))));
        assert!(matches!(
            Board::parse(&[".........."; 8].join("/")),
            Err(Shape(ShapeError::TooLarge { .. }))
        ));
        let geo = Geometry::of(crate::Shape::new(4, 4, 4).unwrap());
        assert_eq!(
            Board::parse_in("x...o....", &geo),
            Err(WrongLength {
                expected: 16,
                found: 9
            })
        );
        assert_eq!(
            Board::parse_in("x../.o./...", &geo),
            Err(WrongRows {
                expected: 4,
                found: 3
            })
        );
    }

    #[test]
    fn two_lines_through_the_last_stone_are_fine_two_apart_are_not() {
        // X completes the top row and the left column with the corner.
        let b = Board::parse("xxxxoox.o").unwrap_err();
        assert_eq!(b, ParseError::PieceCounts { x: 5, o: 3 });
        let b = Board::parse("xxxxooxoo").unwrap();
        assert_eq!(b.winner(), Some(Side::First));
        // 4×4 k=3: two disjoint X lines cannot both be the last move.
        let geo = Geometry::of(Shape::new(4, 4, 3).unwrap());
        assert_eq!(
            Board::parse_in("xxx./ooo./xxx./ooo.", &geo),
            Err(ParseError::BothWon)
        );
        assert_eq!(
            Board::parse_in("xxxo/oo.o/xxx./o...", &geo),
            Err(ParseError::PlayedAfterEnd { winner: 'x' })
        );
    }

    #[test]
    fn side_to_move_follows_the_counts() {
        assert_eq!(
            Board::parse("x........").unwrap().side_to_move(),
            Side::Second
        );
        assert_eq!(
            Board::parse("x...o....").unwrap().side_to_move(),
            Side::First
        );
    }
}
