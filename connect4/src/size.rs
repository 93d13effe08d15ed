//! The board sizes: [`Standard`] (7×6, every mask a compile-time constant) and [`Size`]
//! (any size the bitboard holds, chosen at run time), the two [`Geometry`]s.

use crate::bits::{self, BOARD_MASK, BOTTOM_MASK, Geometry, HEIGHT, WIDTH};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// The widest board: `W(H + 1) ≤ 64` bits with at least one row.
pub const MAX_WIDTH: u32 = 32;
/// The tallest board: one column of 63 rows and its sentinel.
pub const MAX_HEIGHT: u32 = 63;

/// The columns of a `width`-column board, centre first, then alternately left and right
/// of it (Pons' `columnOrder`: `W/2 + (1 − 2(i mod 2))·⌈i/2⌉`, so on an even width the
/// right one of the two middle columns first); unused entries are 0.
const fn centre_first(width: u32) -> [u32; MAX_WIDTH as usize] {
    let mut order = [0; MAX_WIDTH as usize];
    let mut i = 0;
    while i < width {
        let offset = (i as i32 + 1) / 2;
        let col = (width / 2) as i32 + if i % 2 == 1 { -offset } else { offset };
        order[i as usize] = col as u32;
        i += 1;
    }
    order
}

/// [`centre_first`] of every width from 0 to [`MAX_WIDTH`].
static ORDERS: [[u32; MAX_WIDTH as usize]; MAX_WIDTH as usize + 1] = {
    let mut all = [[0; MAX_WIDTH as usize]; MAX_WIDTH as usize + 1];
    let mut w = 0;
    while w <= MAX_WIDTH {
        all[w as usize] = centre_first(w);
        w += 1;
    }
    all
};

/// The standard 7×6 board, whose size is known when compiling: every mask and shift of
/// the solver folds to a constant, as in Pons' solver. The default geometry of
/// [`crate::Position`] and [`crate::Solver`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Standard;

impl Geometry for Standard {
    type PerColumn<T: Copy + Default> = [T; WIDTH as usize];

    #[inline(always)]
    fn width(self) -> u32 {
        WIDTH
    }

    #[inline(always)]
    fn height(self) -> u32 {
        HEIGHT
    }

    #[inline(always)]
    fn bottom(self) -> u64 {
        BOTTOM_MASK
    }

    #[inline(always)]
    fn board(self) -> u64 {
        BOARD_MASK
    }

    #[inline(always)]
    fn order(self) -> &'static [u32] {
        const ORDER: [u32; WIDTH as usize] = {
            let all = centre_first(WIDTH);
            let mut o = [0; WIDTH as usize];
            let mut i = 0;
            while i < o.len() {
                o[i] = all[i];
                i += 1;
            }
            o
        };
        &ORDER
    }
}

/// Why a board size is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
pub enum SizeError {
    /// A board needs at least one column and one row.
    #[error("the {width}x{height} board has no cells: width and height must be at least 1")]
    Empty {
        /// Columns asked for.
        width: u32,
        /// Rows asked for.
        height: u32,
    },
    /// The bitboard takes `width · (height + 1)` bits (each column has an empty
    /// sentinel row above it), at most 64.
    #[error(
        "the {width}x{height} board does not fit the 64-bit bitboard: it needs {width} x ({height} + 1) = {bits} bits"
    )]
    TooLarge {
        /// Columns asked for.
        width: u32,
        /// Rows asked for.
        height: u32,
        /// Bits it would need.
        bits: u64,
    },
}

/// A board size chosen at run time: `width` columns of `height` rows, any size with
/// `width ≥ 1`, `height ≥ 1` and `width · (height + 1) ≤ 64` (the bitboard's limit, see
/// [`crate::bits`]; so at most 63 cells, [`MAX_WIDTH`] columns and [`MAX_HEIGHT`] rows).
/// Its masks are computed once, when it is made. The 7×6 board is faster as
/// [`Standard`], whose masks are constants.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Size {
    width: u32,
    height: u32,
    bottom: u64,
    board: u64,
}

impl Size {
    /// The standard 7×6 board as a run-time size.
    pub const STANDARD: Size = Size {
        width: WIDTH,
        height: HEIGHT,
        bottom: BOTTOM_MASK,
        board: BOARD_MASK,
    };

    /// The board of `width` columns and `height` rows.
    ///
    /// # Errors
    /// [`SizeError::Empty`] for a zero dimension, [`SizeError::TooLarge`] when
    /// `width · (height + 1) > 64`.
    ///
    /// ```
    /// use connect4::{Size, SizeError};
    /// assert_eq!(Size::new(8, 7).unwrap().cells(), 56);
    /// assert!(matches!(Size::new(9, 7), Err(SizeError::TooLarge { bits: 72, .. })));
    /// ```
    pub fn new(width: u32, height: u32) -> Result<Size, SizeError> {
        if width == 0 || height == 0 {
            return Err(SizeError::Empty { width, height });
        }
        let bits = u64::from(width) * (u64::from(height) + 1);
        if bits > 64 {
            return Err(SizeError::TooLarge {
                width,
                height,
                bits,
            });
        }
        let bottom = bits::bottom_row(width, height + 1);
        Ok(Size {
            width,
            height,
            bottom,
            board: bottom * ((1 << height) - 1),
        })
    }

    /// Every accepted size, by width then height (the sizes [`Size::new`] accepts).
    pub fn all() -> impl Iterator<Item = Size> {
        (1..=MAX_WIDTH).flat_map(|w| (1..=MAX_HEIGHT).filter_map(move |h| Size::new(w, h).ok()))
    }

    /// Number of columns.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Number of rows.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// Number of cells.
    pub fn cells(&self) -> u32 {
        self.width * self.height
    }
}

impl fmt::Debug for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Size({self})")
    }
}

impl fmt::Display for Size {
    /// `WxH`, e.g. `7x6`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

/// Why a text is not a [`Size`] ([`Size`]'s `FromStr`).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseSizeError {
    /// Not two whole numbers joined by `x`.
    #[error("{0:?} is not a board size: expected WIDTHxHEIGHT, e.g. 7x6")]
    Malformed(String),
    /// A number too large for any board (beyond `u32`), named as written.
    #[error(
        "{0:?} is not a board size: a number too large for any board (at most {MAX_WIDTH} columns, {MAX_HEIGHT} rows)"
    )]
    Huge(String),
    /// Two numbers, but no board of that size.
    #[error(transparent)]
    Size(SizeError),
}

impl FromStr for Size {
    type Err = ParseSizeError;

    /// A size written as `Display` writes it, `WxH` (`7x6`; `X` or `×` as well, spaces
    /// around the numbers ignored).
    ///
    /// # Errors
    /// [`ParseSizeError::Malformed`] for anything but two whole numbers joined by `x`;
    /// [`ParseSizeError::Huge`] for a number beyond `u32`; [`ParseSizeError::Size`] for a
    /// size [`Size::new`] refuses.
    ///
    /// ```
    /// use connect4::{ParseSizeError, Size, SizeError};
    /// assert_eq!("8x7".parse::<Size>().unwrap(), Size::new(8, 7).unwrap());
    /// assert!(matches!("9x7".parse::<Size>(), Err(ParseSizeError::Size(SizeError::TooLarge { .. }))));
    /// assert!(matches!("7 by 6".parse::<Size>(), Err(ParseSizeError::Malformed(_))));
    /// ```
    fn from_str(text: &str) -> Result<Size, ParseSizeError> {
        let malformed = || ParseSizeError::Malformed(text.to_string());
        let (w, h) = text.split_once(['x', 'X', '×']).ok_or_else(malformed)?;
        let number = |s: &str| {
            let s = s.trim();
            if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
                return Err(malformed());
            }
            // Too many digits for a `u32`: named as written (a recheck's report: the
            // error named the board of u32::MAX instead).
            s.parse::<u32>()
                .map_err(|_| ParseSizeError::Huge(text.to_string()))
        };
        Size::new(number(w)?, number(h)?).map_err(ParseSizeError::Size)
    }
}

impl Geometry for Size {
    type PerColumn<T: Copy + Default> = [T; MAX_WIDTH as usize];

    #[inline(always)]
    fn width(self) -> u32 {
        self.width
    }

    #[inline(always)]
    fn height(self) -> u32 {
        self.height
    }

    #[inline(always)]
    fn bottom(self) -> u64 {
        self.bottom
    }

    #[inline(always)]
    fn board(self) -> u64 {
        self.board
    }

    #[inline(always)]
    fn order(self) -> &'static [u32] {
        &ORDERS[self.width as usize][..self.width as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `Display` and `FromStr` agree on every size; each bad text gets its error.
    #[test]
    fn display_reads_back() {
        for size in Size::all() {
            assert_eq!(size.to_string().parse::<Size>(), Ok(size));
        }
        assert_eq!(" 7 X 6 ".parse::<Size>(), Ok(Size::STANDARD));
        assert_eq!("7×6".parse::<Size>(), Ok(Size::STANDARD));
        for bad in [
            "",
            "7",
            "x6",
            "7x",
            "7x6x5",
            "-7x6",
            "7.0x6",
            "seven x six",
            "7 6",
        ] {
            assert_eq!(
                bad.parse::<Size>(),
                Err(ParseSizeError::Malformed(bad.to_string())),
                "{bad:?}"
            );
        }
        assert!(matches!(
            "0x6".parse::<Size>(),
            Err(ParseSizeError::Size(SizeError::Empty { .. }))
        ));
        for huge in ["99999999999x6", "4294967296x1", "0x99999999999"] {
            assert_eq!(
                huge.parse::<Size>(),
                Err(ParseSizeError::Huge(huge.to_string()))
            );
        }
        for big in ["7x4294967295", "80x6"] {
            assert!(
                matches!(
                    big.parse::<Size>(),
                    Err(ParseSizeError::Size(SizeError::TooLarge { .. }))
                ),
                "{big}"
            );
        }
    }

    #[test]
    fn accepted_sizes_are_the_bitboards() {
        let all: Vec<Size> = Size::all().collect();
        assert!(
            all.iter()
                .all(|s| s.width * (s.height + 1) <= 64 && s.cells() <= 63)
        );
        // Width w takes heights 1..=64/w − 1: 32 widths, 63 + 31 + 20 + … sizes.
        let expected: u32 = (1..=32).map(|w| 64 / w - 1).sum();
        assert_eq!((all.len() as u32, expected), (216, 216));
        assert_eq!(Size::new(7, 6), Ok(Size::STANDARD));
        assert_eq!(Size::new(32, 1).unwrap().key_bits(), 64);
        assert_eq!(Size::new(1, 63).unwrap().key_bits(), 64);
        assert_eq!(
            Size::new(33, 1),
            Err(SizeError::TooLarge {
                width: 33,
                height: 1,
                bits: 66
            })
        );
        assert_eq!(
            Size::new(0, 6),
            Err(SizeError::Empty {
                width: 0,
                height: 6
            })
        );
        assert_eq!(
            Size::new(8, 8).unwrap_err().to_string(),
            "the 8x8 board does not fit the 64-bit bitboard: it needs 8 x (8 + 1) = 72 bits"
        );
    }

    #[test]
    fn masks_agree_with_the_standard_board() {
        let s = Size::STANDARD;
        assert_eq!(s.order(), Standard.order());
        assert_eq!(Standard.order(), [3, 2, 4, 1, 5, 0, 6]);
        assert_eq!(s.even_rows(), Standard.even_rows());
        assert_eq!(Standard.even_rows(), BOTTOM_MASK * 0b10_1010);
        assert_eq!(Size::new(4, 4).unwrap().order(), [2, 1, 3, 0]);
        assert_eq!(Size::new(1, 4).unwrap().order(), [0]);
    }

    #[test]
    fn orders_are_permutations_centre_first() {
        for w in 1..=MAX_WIDTH {
            let order = &ORDERS[w as usize][..w as usize];
            let mut seen = order.to_vec();
            seen.sort_unstable();
            assert_eq!(seen, (0..w).collect::<Vec<_>>(), "width {w}");
            // Distance from the centre never decreases.
            let dist = |c: u32| (2 * c as i32 - (w as i32 - 1)).abs();
            assert!(
                order.windows(2).all(|p| dist(p[0]) <= dist(p[1])),
                "{order:?}"
            );
        }
    }
}
