//! The shape of an m,n,k board: its size, its win lines as bitboard masks, and its
//! symmetries.
//!
//! Cells are numbered row-major from the top-left corner: cell `row * cols + col`, row 0
//! at the top, column 0 at the left. A board has at most 64 cells, so a set of cells is a
//! `u64` (bit `i` = cell `i`).

use std::fmt;
use std::str::FromStr;
use std::sync::{Arc, OnceLock};
use thiserror::Error;
use zerosum::Symmetry;

/// The most cells a board may have (one `u64` bitboard).
pub const MAX_CELLS: u32 = 64;

/// The size of an m,n,k game: `cols` × `rows` cells, `k` in a row wins.
///
/// Written `COLSxROWS` (`4x3` is four columns wide and three rows tall); `k` separately.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    /// Width: cells in a row.
    pub cols: u32,
    /// Height: rows of the board.
    pub rows: u32,
    /// Stones in a line (row, column or diagonal) needed to win.
    pub k: u32,
}

/// Why a [`Shape`] is not a playable board.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ShapeError {
    /// A side of the board is zero.
    #[error("the board needs at least one row and one column, got {cols}x{rows}")]
    Empty {
        /// Columns asked for.
        cols: u32,
        /// Rows asked for.
        rows: u32,
    },
    /// More than [`MAX_CELLS`] cells.
    #[error("the {cols}x{rows} board has {} cells, at most 64 are supported", u64::from(*cols) * u64::from(*rows))]
    TooLarge {
        /// Columns asked for.
        cols: u32,
        /// Rows asked for.
        rows: u32,
    },
    /// `k` is zero or longer than both sides, so nobody could ever win.
    #[error("k = {k} does not fit the {cols}x{rows} board (need 1 <= k <= {})", (*cols).max(*rows))]
    BadK {
        /// The line length asked for.
        k: u32,
        /// Columns of the board.
        cols: u32,
        /// Rows of the board.
        rows: u32,
    },
    /// A size that is not `COLSxROWS`.
    #[error("size {0:?} is not of the form COLSxROWS (e.g. 3x3, 5x4)")]
    Syntax(String),
    /// A size with a side written as a negative number (`-3x3`).
    #[error("size {0:?} has a negative side (sides are whole numbers of 1 or more, e.g. 3x3, 5x4)")]
    Negative(String),
    /// A size whose k is written with a minus sign (`3x3x-1`, `3x3 k=-1`, `3x3x-0`).
    #[error(
        "size {0:?} has a minus sign before k (k is a whole number of 1 or more, e.g. 5x5 k=4)"
    )]
    NegativeK(String),
    /// A size with a number written with a `+` sign (`+3x3`, `3x3 k=+3`): sizes are
    /// plain decimal digits, as every number of the command line.
    #[error(
        "size {0:?} has a number written with a + sign (sizes are plain decimal digits, e.g. 3x3, 5x4 k=4)"
    )]
    PlusSign(String),
    /// A side written in digits but too long for any board.
    #[error("a side of {0} cells is far too large (at most 64 cells are supported)")]
    SideTooLarge(String),
    /// A `k` written in digits but too long for any board (beyond `u32`).
    #[error("k = {0} is far too large (k is at most the longer side of the board)")]
    KTooLarge(String),
}

impl Shape {
    /// Standard tic-tac-toe: 3×3, three in a row.
    pub const TIC_TAC_TOE: Shape = Shape {
        cols: 3,
        rows: 3,
        k: 3,
    };

    /// A checked shape.
    ///
    /// # Errors
    /// [`ShapeError`] when a side is zero, the board has more than 64 cells, or `k` is 0
    /// or longer than both sides.
    pub fn new(cols: u32, rows: u32, k: u32) -> Result<Shape, ShapeError> {
        if cols == 0 || rows == 0 {
            return Err(ShapeError::Empty { cols, rows });
        }
        if cols.saturating_mul(rows) > MAX_CELLS {
            return Err(ShapeError::TooLarge { cols, rows });
        }
        if k == 0 || k > cols.max(rows) {
            return Err(ShapeError::BadK { k, cols, rows });
        }
        Ok(Shape { cols, rows, k })
    }

    /// Parses a size `COLSxROWS` (also `×` or `X`) and checks it with `k`.
    ///
    /// # Errors
    /// [`ShapeError::Syntax`] for text that is not a size, [`ShapeError::PlusSign`] for
    /// a side written with a `+`, [`ShapeError::SideTooLarge`] for a side of digits
    /// beyond `u32`, else as [`Shape::new`].
    pub fn parse_size(size: &str, k: u32) -> Result<Shape, ShapeError> {
        let bad = || ShapeError::Syntax(size.to_string());
        let (c, r) = size.trim().split_once(['x', 'X', '×']).ok_or_else(bad)?;
        Shape::new(side(c, size)?, side(r, size)?, k)
    }

    /// Number of cells.
    pub const fn cells(self) -> u32 {
        self.cols * self.rows
    }

    /// The `k` assumed when a position is written without one: `min(cols, rows)`.
    pub const fn default_k(cols: u32, rows: u32) -> u32 {
        if cols < rows { cols } else { rows }
    }

    /// True for a square board (eight symmetries rather than four).
    pub const fn is_square(self) -> bool {
        self.cols == self.rows
    }
}

impl Default for Shape {
    fn default() -> Self {
        Shape::TIC_TAC_TOE
    }
}

impl fmt::Display for Shape {
    /// `COLSxROWS k=K`, e.g. `3x3 k=3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{} k={}", self.cols, self.rows, self.k)
    }
}

/// One side of a size, `t`, from the size text `whole`: plain decimal digits.
/// [`ShapeError::SideTooLarge`] for digits beyond `u32`, [`ShapeError::PlusSign`] for
/// digits after a `+` (which `u32::from_str` would read), [`ShapeError::Negative`] for
/// digits after a `-`, [`ShapeError::Syntax`] for anything else that is not a number.
fn side(t: &str, whole: &str) -> Result<u32, ShapeError> {
    let t = t.trim();
    if is_digits(t) {
        t.parse()
            .map_err(|_| ShapeError::SideTooLarge(t.to_string()))
    } else if t.strip_prefix('+').is_some_and(is_digits) {
        Err(ShapeError::PlusSign(whole.to_string()))
    } else if t.strip_prefix('-').is_some_and(is_digits) {
        Err(ShapeError::Negative(whole.to_string()))
    } else {
        Err(ShapeError::Syntax(whole.to_string()))
    }
}

/// The `k` of a size, `t`, from the size text `whole`: plain decimal digits;
/// [`ShapeError::PlusSign`] after a `+`, [`ShapeError::NegativeK`] after a `-`,
/// [`ShapeError::KTooLarge`] for digits beyond `u32`, [`ShapeError::Syntax`] for anything
/// else.
fn line_length(t: &str, whole: &str) -> Result<u32, ShapeError> {
    let t = t.trim();
    if t.strip_prefix('+').is_some_and(is_digits) {
        return Err(ShapeError::PlusSign(whole.to_string()));
    }
    if t.strip_prefix('-').is_some_and(is_digits) {
        return Err(ShapeError::NegativeK(whole.to_string()));
    }
    if !is_digits(t) {
        return Err(ShapeError::Syntax(whole.to_string()));
    }
    t.parse().map_err(|_| ShapeError::KTooLarge(t.to_string()))
}

/// One or more ASCII digits, nothing else.
fn is_digits(t: &str) -> bool {
    !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit())
}

/// The `K` of a `k=K` suffix (`rest`, the text after the board or size): `k` in either
/// case, then `=`, with spaces allowed around `=` (`k = 3`, `K=3`), the number untrimmed
/// on the right; `None` when `rest` is not of that shape.
pub(crate) fn k_suffix(rest: &str) -> Option<&str> {
    rest.trim()
        .strip_prefix(['k', 'K'])?
        .trim_start()
        .strip_prefix('=')
        .map(str::trim_start)
}

impl FromStr for Shape {
    type Err = ShapeError;
    /// Parses `COLSxROWS` with `k = min(cols, rows)`, or `COLSxROWS k=K` / `COLSxROWSxK`.
    fn from_str(s: &str) -> Result<Shape, ShapeError> {
        let s = s.trim();
        // The suffix starts at the first white space followed by `k` (`4 x 4 k=3`: the
        // size may hold spaces too, as a recheck found it refused).
        if let Some((size, k)) = s
            .char_indices()
            .filter(|&(_, c)| c.is_whitespace())
            .find_map(|(i, _)| k_suffix(&s[i..]).map(|k| (&s[..i], k)))
        {
            let k = line_length(k, s)?;
            return Shape::parse_size(size, k);
        }
        let parts: Vec<&str> = s.split(['x', 'X', '×']).collect();
        let negative = |t: &&str| {
            t.trim()
                .strip_prefix('-')
                .is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
        };
        // The sides (a negative k is `line_length`'s to name).
        if parts.iter().take(2).any(negative) {
            return Err(ShapeError::Negative(s.to_string()));
        }
        match parts.as_slice() {
            [c, r] => {
                let (c, r) = (side(c, s)?, side(r, s)?);
                Shape::new(c, r, Shape::default_k(c, r))
            }
            [c, r, k] => Shape::new(side(c, s)?, side(r, s)?, line_length(k, s)?),
            _ => Err(ShapeError::Syntax(s.to_string())),
        }
    }
}

/// Everything precomputed for one [`Shape`]: win-line masks, the lines through each
/// cell, and byte tables that map a bitboard through each symmetry of the board.
///
/// Shared by every [`crate::Board`] of that shape through an [`Arc`].
pub struct Geometry {
    shape: Shape,
    full: u64,
    lines: Vec<u64>,
    cell_lines: Vec<Vec<u64>>,
    line_count: Vec<u32>,
    symmetries: Vec<Symmetry>,
    perms: Vec<Vec<u8>>,
    /// `tables[s][chunk][byte]`: image under symmetry `s` of `byte << (8 * chunk)`.
    tables: Vec<Vec<[u64; 256]>>,
}

impl fmt::Debug for Geometry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Geometry({}, {} lines)", self.shape, self.lines.len())
    }
}

impl Geometry {
    /// Builds the tables of `shape` (which [`Shape::new`] has checked).
    pub fn new(shape: Shape) -> Geometry {
        let (cols, rows, k) = (shape.cols as i32, shape.rows as i32, shape.k as i32);
        let cells = shape.cells();
        let full = if cells == 64 {
            u64::MAX
        } else {
            (1u64 << cells) - 1
        };
        let mut lines = Vec::new();
        // Every segment of k cells along the four directions: →, ↓, ↘, ↙.
        for (dx, dy) in [(1, 0), (0, 1), (1, 1), (-1, 1)] {
            for y in 0..rows {
                for x in 0..cols {
                    let (ex, ey) = (x + dx * (k - 1), y + dy * (k - 1));
                    if !(0..cols).contains(&ex) || !(0..rows).contains(&ey) {
                        continue;
                    }
                    if k == 1 && (dx, dy) != (1, 0) {
                        continue; // a single cell is one line, not four
                    }
                    let mask =
                        (0..k).fold(0u64, |m, i| m | 1u64 << ((y + dy * i) * cols + x + dx * i));
                    lines.push(mask);
                }
            }
        }
        let cell_lines: Vec<Vec<u64>> = (0..cells)
            .map(|c| lines.iter().copied().filter(|l| l >> c & 1 == 1).collect())
            .collect();
        let line_count = cell_lines.iter().map(|l| l.len() as u32).collect();
        let symmetries: Vec<Symmetry> = if shape.is_square() {
            Symmetry::ALL.to_vec()
        } else {
            vec![
                Symmetry::Identity,
                Symmetry::MirrorX,
                Symmetry::MirrorY,
                Symmetry::Rotate180,
            ]
        };
        let perms: Vec<Vec<u8>> = symmetries
            .iter()
            .map(|&s| {
                (0..cells)
                    .map(|i| {
                        let (x, y) = (i % shape.cols, i / shape.cols);
                        let (mx, my) = (shape.cols - 1 - x, shape.rows - 1 - y);
                        let (nx, ny) = match s {
                            Symmetry::Identity => (x, y),
                            Symmetry::MirrorX => (mx, y),
                            Symmetry::MirrorY => (x, my),
                            Symmetry::Rotate180 => (mx, my),
                            other => other.apply(shape.cols, x, y),
                        };
                        (ny * shape.cols + nx) as u8
                    })
                    .collect()
            })
            .collect();
        let chunks = cells.div_ceil(8) as usize;
        let tables = perms
            .iter()
            .map(|perm| {
                (0..chunks)
                    .map(|chunk| {
                        let mut t = [0u64; 256];
                        for (byte, slot) in t.iter_mut().enumerate() {
                            for bit in 0..8 {
                                let cell = chunk * 8 + bit;
                                if byte >> bit & 1 == 1 && cell < cells as usize {
                                    *slot |= 1u64 << perm[cell];
                                }
                            }
                        }
                        t
                    })
                    .collect()
            })
            .collect();
        Geometry {
            shape,
            full,
            lines,
            cell_lines,
            line_count,
            symmetries,
            perms,
            tables,
        }
    }

    /// The shared geometry of standard 3×3 tic-tac-toe (built once).
    pub fn standard() -> Arc<Geometry> {
        static STANDARD: OnceLock<Arc<Geometry>> = OnceLock::new();
        STANDARD
            .get_or_init(|| Arc::new(Geometry::new(Shape::TIC_TAC_TOE)))
            .clone()
    }

    /// The geometry of `shape`, shared for the standard shape and built otherwise.
    pub fn of(shape: Shape) -> Arc<Geometry> {
        if shape == Shape::TIC_TAC_TOE {
            Geometry::standard()
        } else {
            Arc::new(Geometry::new(shape))
        }
    }

    /// The board's shape.
    #[inline]
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Number of cells.
    #[inline]
    pub fn cells(&self) -> u32 {
        self.shape.cells()
    }

    /// The set of all cells.
    #[inline]
    pub fn full(&self) -> u64 {
        self.full
    }

    /// Every win line (k cells in a row, column or diagonal) as a mask. For 3×3 there are
    /// 8; for 4×4 with k = 4, 10; for 5×5 with k = 4, 28.
    #[inline]
    pub fn lines(&self) -> &[u64] {
        &self.lines
    }

    /// The win lines through `cell`.
    #[inline]
    pub fn lines_through(&self, cell: u32) -> &[u64] {
        &self.cell_lines[cell as usize]
    }

    /// Number of win lines through `cell` (4 for the centre of 3×3, 3 for a corner, 2 for
    /// an edge): a static move-ordering hint.
    #[inline]
    pub fn line_count(&self, cell: u32) -> u32 {
        self.line_count[cell as usize]
    }

    /// The symmetries of the board: all eight for a square board, else the four that keep
    /// a rectangle (identity, both mirrors, half turn). Identity first.
    #[inline]
    pub fn symmetries(&self) -> &[Symmetry] {
        &self.symmetries
    }

    /// The image of `cell` under the `s`-th symmetry of [`Geometry::symmetries`].
    ///
    /// # Panics
    /// When `s` is not below the number of symmetries or `cell` is off the board.
    #[inline]
    pub fn map_cell(&self, s: usize, cell: u32) -> u32 {
        self.perms[s][cell as usize] as u32
    }

    /// The image of the cell set `bits` under the `s`-th symmetry of
    /// [`Geometry::symmetries`] (byte-table lookups).
    ///
    /// # Panics
    /// When `s` is not below the number of symmetries.
    #[inline]
    pub fn transform(&self, s: usize, bits: u64) -> u64 {
        let t = &self.tables[s];
        let mut out = 0;
        for (chunk, table) in t.iter().enumerate() {
            out |= table[(bits >> (8 * chunk)) as usize & 0xFF];
        }
        out
    }

    /// The 64-bit key of the position with X stones `x` and O stones `o`: for boards of at
    /// most 32 cells the perfect key `x | o << 32`, else a mix of both (SplitMix64's
    /// finaliser). The side to move follows from the stone counts.
    #[inline]
    pub fn key(&self, x: u64, o: u64) -> u64 {
        if self.shape.cells() <= 32 {
            x | o << 32
        } else {
            mix(x) ^ mix(o ^ zerosum::hash::GOLDEN_GAMMA).rotate_left(17)
        }
    }

    /// The symmetry-reduced key: the least [`Geometry::key`] over the images of the
    /// position under every symmetry, with the index of the symmetry reaching it.
    /// Symmetric positions have equal canonical keys.
    #[inline]
    pub fn canonical_key(&self, x: u64, o: u64) -> (u64, usize) {
        let mut best = (self.key(x, o), 0);
        for s in 1..self.symmetries.len() {
            let k = self.key(self.transform(s, x), self.transform(s, o));
            if k < best.0 {
                best = (k, s);
            }
        }
        best
    }

    /// The index of the inverse of the `s`-th symmetry.
    pub fn inverse(&self, s: usize) -> usize {
        let inv = self.symmetries[s].inverse();
        self.symmetries.iter().position(|&t| t == inv).unwrap_or(0)
    }
}

use zerosum::hash::finalize as mix;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_counts_of_known_boards() {
        assert_eq!(Geometry::new(Shape::TIC_TAC_TOE).lines().len(), 8);
        assert_eq!(
            Geometry::new(Shape::new(4, 4, 4).unwrap()).lines().len(),
            10
        );
        assert_eq!(
            Geometry::new(Shape::new(5, 5, 4).unwrap()).lines().len(),
            28
        );
        // Seed 004's count of five-windows on 15×15 is 572; 8×8 with k = 5: 4·8·2 + 4·4·2.
        assert_eq!(
            Geometry::new(Shape::new(8, 8, 5).unwrap()).lines().len(),
            64 + 32
        );
        assert_eq!(Geometry::new(Shape::new(3, 1, 1).unwrap()).lines().len(), 3);
    }

    /// `Shape::parse_size` names a negative side as `str::parse` does (a library user's
    /// report: it gave the generic "not of the form" error).
    #[test]
    fn parse_size_names_a_negative_side_as_parse_does() {
        for text in ["-1x3", "3x-3", " -2 x 4"] {
            assert!(
                matches!(Shape::parse_size(text, 3), Err(ShapeError::Negative(_))),
                "{text}"
            );
            assert!(
                matches!(text.parse::<Shape>(), Err(ShapeError::Negative(_))),
                "{text}"
            );
        }
        assert!(matches!(
            Shape::parse_size("-x3", 3),
            Err(ShapeError::Syntax(_))
        ));
        assert_eq!(
            Shape::parse_size("4x3", 3).unwrap(),
            Shape::new(4, 3, 3).unwrap()
        );
        // A fuzzer's report: a negative k was "a negative side".
        for text in ["3x3x-1", "3x3 k=-1", "4x4x -2", "3x3x-0"] {
            let e = text.parse::<Shape>().unwrap_err();
            assert!(matches!(e, ShapeError::NegativeK(_)), "{text}: {e}");
            assert!(e.to_string().contains("minus sign before k"), "{text}: {e}");
        }
        assert!(matches!(
            "-3x3x-1".parse::<Shape>(),
            Err(ShapeError::Negative(_))
        ));
    }

    #[test]
    fn centre_has_four_lines() {
        let g = Geometry::new(Shape::TIC_TAC_TOE);
        let counts: Vec<u32> = (0..9).map(|c| g.line_count(c)).collect();
        assert_eq!(counts, vec![3, 2, 3, 2, 4, 2, 3, 2, 3]);
    }

    #[test]
    fn transforms_are_permutations_and_match_cell_maps() {
        for shape in [
            Shape::TIC_TAC_TOE,
            Shape::new(4, 3, 3).unwrap(),
            Shape::new(8, 8, 5).unwrap(),
        ] {
            let g = Geometry::new(shape);
            for s in 0..g.symmetries().len() {
                assert_eq!(g.transform(s, g.full()), g.full());
                for c in 0..g.cells() {
                    assert_eq!(g.transform(s, 1u64 << c), 1u64 << g.map_cell(s, c));
                    assert_eq!(g.map_cell(g.inverse(s), g.map_cell(s, c)), c);
                }
                // Lines map to lines.
                for &l in g.lines() {
                    assert!(g.lines().contains(&g.transform(s, l)));
                }
            }
        }
    }

    #[test]
    fn shapes_parse_and_reject() {
        assert_eq!(
            "4x4".parse::<Shape>().unwrap(),
            Shape::new(4, 4, 4).unwrap()
        );
        assert_eq!(
            "5x5x4".parse::<Shape>().unwrap(),
            Shape::new(5, 5, 4).unwrap()
        );
        assert_eq!(
            "5x4 k=3".parse::<Shape>().unwrap(),
            Shape::new(5, 4, 3).unwrap()
        );
        assert_eq!(
            Shape::parse_size("9x8", 4),
            Err(ShapeError::TooLarge { cols: 9, rows: 8 })
        );
        assert!(matches!(
            Shape::parse_size("3x3", 4),
            Err(ShapeError::BadK { .. })
        ));
        assert!(matches!(
            Shape::parse_size("3by3", 3),
            Err(ShapeError::Syntax(_))
        ));
        assert!(matches!(
            Shape::parse_size("0x3", 1),
            Err(ShapeError::Empty { .. })
        ));
        assert_eq!(
            Shape::parse_size("99999999999999999999x3", 3),
            Err(ShapeError::SideTooLarge("99999999999999999999".into()))
        );
        // A negative side is named, as `str::parse` names it.
        assert!(matches!(
            Shape::parse_size("-3x3", 3),
            Err(ShapeError::Negative(_))
        ));
        // A k of digits beyond `u32` is named as the k, not as the size's form (a
        // tester's report), in both ways of writing it.
        for text in ["4x4 k=99999999999999999999", "4x4x99999999999999999999"] {
            assert_eq!(
                text.parse::<Shape>(),
                Err(ShapeError::KTooLarge("99999999999999999999".into())),
                "{text}"
            );
        }
    }

    /// A size's numbers are plain decimal digits, as everywhere on the command line
    /// (the Gomocup protocol's `decimal`, the whole-number options): a `+` is refused
    /// and named, in a side and in `k`. Before, `+3x3` was 3x3 (`u32::from_str` reads a
    /// `+`); leading zeros stay decimal.
    #[test]
    fn a_plus_sign_is_refused_and_named() {
        for text in ["+3x3", "3x+3", "3x3x+3", "3x3 k=+3"] {
            assert_eq!(
                text.parse::<Shape>(),
                Err(ShapeError::PlusSign(text.to_string())),
                "{text:?}"
            );
        }
        // With ` k=`, the size before it is named.
        assert_eq!(
            "+4x4 k=3".parse::<Shape>(),
            Err(ShapeError::PlusSign("+4x4".into()))
        );
        assert_eq!(
            Shape::parse_size("+3x3", 3),
            Err(ShapeError::PlusSign("+3x3".into()))
        );
        assert_eq!(
            "+3x3".parse::<Shape>().unwrap_err().to_string(),
            "size \"+3x3\" has a number written with a + sign (sizes are plain decimal digits, e.g. 3x3, 5x4 k=4)"
        );
        for text in ["+x3", "3x3x+", "3x3 k=+", "3x3 k=++3"] {
            assert!(
                matches!(text.parse::<Shape>(), Err(ShapeError::Syntax(_))),
                "{text:?}"
            );
        }
        assert_eq!("03x3".parse::<Shape>(), Ok(Shape::TIC_TAC_TOE));
    }
}
