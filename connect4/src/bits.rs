//! The bit layout of a Connect Four board and the shift tricks on it (after Pascal Pons'
//! `Position.hpp`, <https://github.com/PascalPons/connect4>), for any board size.
//!
//! On a board of `W` columns and `H` rows, column `c` (0 = leftmost) owns bits
//! `c(H + 1) .. c(H + 1) + H`: bit `c(H + 1) + r` is the cell of row `r` (0 = bottom),
//! and bit `c(H + 1) + H` is a sentinel row that is always empty, so that shifts by 1,
//! `H`, `H + 1` and `H + 2` never carry a line of four across the edge of a column. The
//! board needs `W(H + 1) ≤ 64` bits ([`crate::Size`]). The standard 7×6 board:
//!
//! ```text
//!  .  .  .  .  .  .  .     <- sentinel row (always 0)
//!  5 12 19 26 33 40 47
//!  4 11 18 25 32 39 46
//!  3 10 17 24 31 38 45
//!  2  9 16 23 30 37 44
//!  1  8 15 22 29 36 43
//!  0  7 14 21 28 35 42     <- bottom row
//! ```
//!
//! The tricks are the provided methods of [`Geometry`]; the board's size comes from
//! [`Geometry::width`] and [`Geometry::height`], compile-time constants for
//! [`crate::Standard`] (so that every mask and shift of the 7×6 board folds to a
//! constant) and run-time values for [`crate::Size`].

/// Number of columns of the standard board.
pub const WIDTH: u32 = 7;
/// Number of rows of the standard board.
pub const HEIGHT: u32 = 6;
/// Bits used by a column of the standard board (its rows plus the sentinel).
pub const COLUMN_BITS: u32 = HEIGHT + 1;
/// Cells on the standard board.
pub const CELLS: u32 = WIDTH * HEIGHT;

/// One bit at the bottom of every column of a `width`-column board whose columns take
/// `column_bits` bits each.
pub const fn bottom_row(width: u32, column_bits: u32) -> u64 {
    let mut m = 0;
    let mut c = 0;
    while c < width {
        m |= 1 << (c * column_bits);
        c += 1;
    }
    m
}

/// One bit at the bottom of every column of the standard board.
pub const BOTTOM_MASK: u64 = bottom_row(WIDTH, COLUMN_BITS);

/// Every playable cell of the standard board (the sentinel row excluded).
pub const BOARD_MASK: u64 = BOTTOM_MASK * ((1 << HEIGHT) - 1);

/// The cell of column `col` (0..7), row `row` (0..6, 0 = bottom) of the standard board
/// (for constant tables; [`Geometry::cell`] for any board).
#[inline]
pub const fn cell(col: u32, row: u32) -> u64 {
    1 << (col * COLUMN_BITS + row)
}

/// `x << n`, 0 when `n ≥ 64` (a line of four on a tall board shifts by more than 64).
#[inline(always)]
const fn shl(x: u64, n: u32) -> u64 {
    if n < 64 { x << n } else { 0 }
}

/// `x >> n`, 0 when `n ≥ 64`.
#[inline(always)]
const fn shr(x: u64, n: u32) -> u64 {
    if n < 64 { x >> n } else { 0 }
}

/// The lowest `n` bits set (`n ≤ 64`).
#[inline(always)]
const fn low_bits(n: u32) -> u64 {
    if n >= 64 { u64::MAX } else { (1 << n) - 1 }
}

/// A board size and the bitboard tricks on it (see the module docs). Implemented by
/// [`crate::Standard`] (7×6, sizes known when compiling) and [`crate::Size`] (any
/// accepted size, known at run time); every provided method works for both.
pub trait Geometry: Copy + PartialEq + Eq + std::fmt::Debug + Send + Sync + 'static {
    /// One value per column (an array as long as the widest board of this geometry):
    /// the solver's move lists and per-column results.
    type PerColumn<T: Copy + Default>: AsRef<[T]> + AsMut<[T]> + Copy + Default;

    /// Number of columns.
    fn width(self) -> u32;
    /// Number of rows.
    fn height(self) -> u32;
    /// One bit at the bottom of every column.
    fn bottom(self) -> u64;
    /// Every playable cell (the sentinel row excluded).
    fn board(self) -> u64;
    /// The columns (0-based), centre first, then alternately left and right of it
    /// (Pons' `columnOrder`: `3 2 4 1 5 0 6` on 7 columns).
    fn order(self) -> &'static [u32];

    /// Bits used by a column (its rows plus the sentinel).
    #[inline(always)]
    fn column_bits(self) -> u32 {
        self.height() + 1
    }

    /// Cells on the board.
    #[inline(always)]
    fn cells(self) -> u32 {
        self.width() * self.height()
    }

    /// Bits of a position key `current + mask`: `width · (height + 1)`, at most 64.
    #[inline(always)]
    fn key_bits(self) -> u32 {
        self.width() * self.column_bits()
    }

    /// The cells of the even rows counted from 1 at the bottom (bit rows 1, 3, 5, …).
    #[inline(always)]
    fn even_rows(self) -> u64 {
        self.bottom() * (0xAAAA_AAAA_AAAA_AAAA & low_bits(self.height()))
    }

    /// The bottom cell of column `col`.
    #[inline(always)]
    fn bottom_of(self, col: u32) -> u64 {
        1 << (col * self.column_bits())
    }

    /// The top playable cell of column `col`.
    #[inline(always)]
    fn top_of(self, col: u32) -> u64 {
        1 << (self.height() - 1 + col * self.column_bits())
    }

    /// Every playable cell of column `col`.
    #[inline(always)]
    fn column(self, col: u32) -> u64 {
        low_bits(self.height()) << (col * self.column_bits())
    }

    /// The cell of column `col`, row `row` (0 = bottom).
    #[inline(always)]
    fn cell(self, col: u32, row: u32) -> u64 {
        1 << (col * self.column_bits() + row)
    }

    /// The column of a single-bit `cell`.
    #[inline(always)]
    fn column_of(self, cell: u64) -> u32 {
        cell.trailing_zeros() / self.column_bits()
    }

    /// The shifts of the four directions: vertical (1), horizontal (`H + 1`) and the
    /// two diagonals (`H`, `H + 2`).
    #[inline(always)]
    fn directions(self) -> [u32; 4] {
        let h = self.height();
        [1, h + 1, h, h + 2]
    }

    /// True when `stones` holds four in a row (any direction), by shifts.
    #[inline(always)]
    fn has_four(self, stones: u64) -> bool {
        self.directions().into_iter().any(|d| {
            let m = stones & shr(stones, d);
            m & shr(m, 2 * d) != 0
        })
    }

    /// The empty cells that would complete a four for the owner of `stones`, given the
    /// occupied cells `mask` (Pons' `compute_winning_position`). Cells need not be
    /// playable yet: a cell above the current top is a *threat* that waits.
    #[inline(always)]
    fn winning_cells(self, stones: u64, mask: u64) -> u64 {
        let p = stones;
        // Vertical: three below.
        let mut r = (p << 1) & (p << 2) & (p << 3);
        // Horizontal and the two diagonals.
        for d in [self.height() + 1, self.height() + 2, self.height()] {
            let a = shl(p, d) & shl(p, 2 * d);
            r |= a & shl(p, 3 * d);
            r |= a & shr(p, d);
            let b = shr(p, d) & shr(p, 2 * d);
            r |= b & shl(p, d);
            r |= b & shr(p, 3 * d);
        }
        r & (self.board() ^ mask)
    }

    /// The cells where a stone can be dropped now (one per column that is not full).
    #[inline(always)]
    fn playable(self, mask: u64) -> u64 {
        (mask + self.bottom()) & self.board()
    }

    /// `word` mirrored left to right: column `c`'s bits move to column `W − 1 − c` (one
    /// mask and two shifts a pair of columns).
    #[inline(always)]
    fn mirror(self, word: u64) -> u64 {
        let (w, b) = (self.width(), self.column_bits());
        let col = low_bits(b);
        let mut m = if w % 2 == 1 {
            word & (col << (w / 2 * b))
        } else {
            0
        };
        for c in 0..w / 2 {
            let d = (w - 1 - 2 * c) * b;
            let left = col << (c * b);
            m |= shl(word & left, d) | (shr(word, d) & left);
        }
        m
    }

    /// The windows of four cells in direction `d` (see [`Geometry::directions`]), each
    /// named by its first cell: the cells `p`, `p + d`, `p + 2d`, `p + 3d` are all on
    /// the board.
    #[inline(always)]
    fn windows(self, d: u32) -> u64 {
        let b = self.board();
        b & shr(b, d) & shr(b, 2 * d) & shr(b, 3 * d)
    }

    /// Opponent stones whose colour can no longer matter, given the side to move's
    /// stones `current` and the occupied cells `mask` (after the *dead stones* of
    /// Steininger's solver; this rule is our own and simpler): a future four needs an
    /// empty cell, so only the windows of four cells with an empty cell count. Such a
    /// window is *open* while it holds stones of one colour at most (one side can still
    /// make a four there), else *blocked*. An opponent stone is dead when it lies in no
    /// open window and every blocked window through it keeps an opponent stone that
    /// lies in an open window (a stone that stays). Giving every dead stone to the side
    /// to move then changes no window's open or blocked state — the open windows hold no
    /// dead stone, and each blocked one keeps a stone of each colour — so the game from
    /// there, every future four and so every score, is the same; positions that differ
    /// only in their dead stones can share a table entry.
    #[inline(always)]
    fn dead_stones(self, current: u64, mask: u64) -> u64 {
        // The windows (named by their first cell) of direction `d` holding a cell of
        // `cells`, and the cells of the windows named in `starts`.
        let with = |cells: u64, d: u32| {
            (cells | shr(cells, d) | shr(cells, 2 * d) | shr(cells, 3 * d)) & self.windows(d)
        };
        let cells_of =
            |starts: u64, d: u32| starts | shl(starts, d) | shl(starts, 2 * d) | shl(starts, 3 * d);
        let dirs = self.directions();
        let opponent = current ^ mask;
        let empty = self.board() & !mask;
        let mut in_open = 0;
        let mut blocked = [0u64; 4];
        for (i, d) in dirs.into_iter().enumerate() {
            let with_empty = with(empty, d);
            let both = with(current, d) & with(opponent, d);
            in_open |= cells_of(with_empty & !both, d);
            blocked[i] = with_empty & both;
        }
        let stays = opponent & in_open;
        let mut unsafe_cells = in_open;
        for (i, d) in dirs.into_iter().enumerate() {
            unsafe_cells |= cells_of(blocked[i] & !with(stays, d), d);
        }
        opponent & !unsafe_cells
    }
}

/// A perfect 64-bit mix of a key (SplitMix64's finaliser, a bijection on `u64`).
#[inline]
pub const fn mix64(key: u64) -> u64 {
    zerosum::hash::splitmix64(key).1
}

#[cfg(test)]
mod tests;
