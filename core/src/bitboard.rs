//! A [`Bitboard`]: a set of squares of a board of at most 64 cells, one bit a cell.
//!
//! For an 8×8 board the bit of square (file `x`, rank `y`), both 0-based, is `8*y + x`
//! (a1 = bit 0, h1 = bit 7, h8 = bit 63), the layout Othello programs such as Edax use.
//! Games with another layout (Connect Four's 7 bits a column) use the set operations and
//! iteration, and their own shifts.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Shl, Shr};

/// A set of cells as the bits of a `u64`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Bitboard(pub u64);

impl Bitboard {
    /// No cell.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 64 cells.
    pub const FULL: Bitboard = Bitboard(u64::MAX);
    /// The a-file (x = 0) of an 8×8 board.
    pub const FILE_A: Bitboard = Bitboard(0x0101_0101_0101_0101);
    /// The h-file (x = 7) of an 8×8 board.
    pub const FILE_H: Bitboard = Bitboard(0x8080_8080_8080_8080);
    /// Rank 1 (y = 0) of an 8×8 board.
    pub const RANK_1: Bitboard = Bitboard(0xFF);
    /// Rank 8 (y = 7) of an 8×8 board.
    pub const RANK_8: Bitboard = Bitboard(0xFF00_0000_0000_0000);

    /// The set holding only cell `index` (0..64).
    #[inline]
    pub const fn from_index(index: u32) -> Bitboard {
        Bitboard(1u64 << index)
    }

    /// The 8×8 cell at file `x`, rank `y` (both 0..8).
    #[inline]
    pub const fn from_xy(x: u32, y: u32) -> Bitboard {
        Bitboard(1u64 << (8 * y + x))
    }

    /// Number of cells in the set.
    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// True when the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// True when cell `index` is in the set.
    #[inline]
    pub const fn contains(self, index: u32) -> bool {
        self.0 >> index & 1 != 0
    }

    /// The set with cell `index` added.
    #[inline]
    pub const fn with(self, index: u32) -> Bitboard {
        Bitboard(self.0 | 1u64 << index)
    }

    /// The set with cell `index` removed.
    #[inline]
    pub const fn without(self, index: u32) -> Bitboard {
        Bitboard(self.0 & !(1u64 << index))
    }

    /// The lowest cell index in the set, or `None` if it is empty.
    #[inline]
    pub const fn first(self) -> Option<u32> {
        if self.0 == 0 {
            None
        } else {
            Some(self.0.trailing_zeros())
        }
    }

    /// Iterates over the cell indices in the set, lowest first.
    #[inline]
    pub const fn iter(self) -> Squares {
        Squares(self.0)
    }

    /// 8×8: every cell moved one rank up (towards rank 8); cells leaving the board vanish.
    #[inline]
    pub const fn north(self) -> Bitboard {
        Bitboard(self.0 << 8)
    }

    /// 8×8: every cell moved one rank down (towards rank 1).
    #[inline]
    pub const fn south(self) -> Bitboard {
        Bitboard(self.0 >> 8)
    }

    /// 8×8: every cell moved one file right (towards h), without wrapping to the a-file.
    #[inline]
    pub const fn east(self) -> Bitboard {
        Bitboard((self.0 & !Self::FILE_H.0) << 1)
    }

    /// 8×8: every cell moved one file left (towards a), without wrapping to the h-file.
    #[inline]
    pub const fn west(self) -> Bitboard {
        Bitboard((self.0 & !Self::FILE_A.0) >> 1)
    }

    /// 8×8: one step up and right.
    #[inline]
    pub const fn north_east(self) -> Bitboard {
        Bitboard((self.0 & !Self::FILE_H.0) << 9)
    }

    /// 8×8: one step up and left.
    #[inline]
    pub const fn north_west(self) -> Bitboard {
        Bitboard((self.0 & !Self::FILE_A.0) << 7)
    }

    /// 8×8: one step down and right.
    #[inline]
    pub const fn south_east(self) -> Bitboard {
        Bitboard((self.0 & !Self::FILE_H.0) >> 7)
    }

    /// 8×8: one step down and left.
    #[inline]
    pub const fn south_west(self) -> Bitboard {
        Bitboard((self.0 & !Self::FILE_A.0) >> 9)
    }

    /// 8×8: the set with its cells moved to their eight neighbours (the king-move ring),
    /// without wrapping.
    #[inline]
    pub const fn neighbours(self) -> Bitboard {
        Bitboard(
            self.north().0
                | self.south().0
                | self.east().0
                | self.west().0
                | self.north_east().0
                | self.north_west().0
                | self.south_east().0
                | self.south_west().0,
        )
    }

    /// 8×8: the board mirrored top to bottom (rank 1 ↔ rank 8).
    #[inline]
    pub const fn flip_vertical(self) -> Bitboard {
        Bitboard(self.0.swap_bytes())
    }

    /// 8×8: the board mirrored left to right (a-file ↔ h-file).
    #[inline]
    pub const fn mirror_horizontal(self) -> Bitboard {
        let mut x = self.0;
        x = ((x >> 1) & 0x5555_5555_5555_5555) | ((x & 0x5555_5555_5555_5555) << 1);
        x = ((x >> 2) & 0x3333_3333_3333_3333) | ((x & 0x3333_3333_3333_3333) << 2);
        x = ((x >> 4) & 0x0F0F_0F0F_0F0F_0F0F) | ((x & 0x0F0F_0F0F_0F0F_0F0F) << 4);
        Bitboard(x)
    }

    /// 8×8: the board mirrored about the a1–h8 diagonal (file ↔ rank).
    /// Delta swaps as in the Chess Programming Wiki, "Flipping Mirroring and Rotating".
    #[inline]
    pub const fn flip_diagonal(self) -> Bitboard {
        let mut x = self.0;
        let mut t = 0x0F0F_0F0F_0000_0000 & (x ^ (x << 28));
        x ^= t ^ (t >> 28);
        t = 0x3333_0000_3333_0000 & (x ^ (x << 14));
        x ^= t ^ (t >> 14);
        t = 0x5500_5500_5500_5500 & (x ^ (x << 7));
        x ^= t ^ (t >> 7);
        Bitboard(x)
    }

    /// 8×8: the image of the board under `symmetry` (see [`crate::Symmetry`]); agrees
    /// cell by cell with [`crate::Symmetry::apply`] on size 8.
    #[inline]
    pub const fn transform(self, symmetry: crate::Symmetry) -> Bitboard {
        use crate::Symmetry::*;
        match symmetry {
            Identity => self,
            MirrorX => self.mirror_horizontal(),
            MirrorY => self.flip_vertical(),
            Rotate180 => self.mirror_horizontal().flip_vertical(),
            Transpose => self.flip_diagonal(),
            AntiTranspose => self.flip_diagonal().mirror_horizontal().flip_vertical(),
            Rotate90 => self.flip_diagonal().mirror_horizontal(),
            Rotate270 => self.flip_diagonal().flip_vertical(),
        }
    }
}

/// Iterator over the cell indices of a [`Bitboard`], lowest first.
#[derive(Clone, Copy, Debug)]
pub struct Squares(u64);

impl Iterator for Squares {
    type Item = u32;
    #[inline]
    fn next(&mut self) -> Option<u32> {
        if self.0 == 0 {
            None
        } else {
            let i = self.0.trailing_zeros();
            self.0 &= self.0 - 1;
            Some(i)
        }
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Squares {}

impl IntoIterator for Bitboard {
    type Item = u32;
    type IntoIter = Squares;
    fn into_iter(self) -> Squares {
        self.iter()
    }
}

impl fmt::Debug for Bitboard {
    /// Draws the 8×8 grid, rank 8 at the top, `X` for a member, `.` otherwise.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Bitboard({:#018x})", self.0)?;
        for y in (0..8).rev() {
            for x in 0..8 {
                f.write_str(if self.contains(8 * y + x) { "X" } else { "." })?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

macro_rules! bit_op {
    ($trait:ident, $method:ident, $assign:ident, $assign_method:ident, $op:tt) => {
        impl $trait for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $method(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $assign for Bitboard {
            #[inline]
            fn $assign_method(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}

bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

impl Shl<u32> for Bitboard {
    type Output = Bitboard;
    /// Raw shift of the bits (no edge masking).
    #[inline]
    fn shl(self, n: u32) -> Bitboard {
        Bitboard(self.0 << n)
    }
}

impl Shr<u32> for Bitboard {
    type Output = Bitboard;
    /// Raw shift of the bits (no edge masking).
    #[inline]
    fn shr(self, n: u32) -> Bitboard {
        Bitboard(self.0 >> n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Symmetry;

    fn slow_shift(b: Bitboard, dx: i32, dy: i32) -> Bitboard {
        let mut out = Bitboard::EMPTY;
        for i in b {
            let (x, y) = ((i % 8) as i32 + dx, (i / 8) as i32 + dy);
            if (0..8).contains(&x) && (0..8).contains(&y) {
                out = out.with((8 * y + x) as u32);
            }
        }
        out
    }

    fn sample_boards() -> impl Iterator<Item = Bitboard> {
        let mut s = 0x9E37_79B9_7F4A_7C15u64;
        (0..200).map(move |_| {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            Bitboard(s)
        })
    }

    #[test]
    fn shifts_do_not_wrap() {
        for b in sample_boards() {
            assert_eq!(b.east(), slow_shift(b, 1, 0));
            assert_eq!(b.west(), slow_shift(b, -1, 0));
            assert_eq!(b.north(), slow_shift(b, 0, 1));
            assert_eq!(b.south(), slow_shift(b, 0, -1));
            assert_eq!(b.north_east(), slow_shift(b, 1, 1));
            assert_eq!(b.north_west(), slow_shift(b, -1, 1));
            assert_eq!(b.south_east(), slow_shift(b, 1, -1));
            assert_eq!(b.south_west(), slow_shift(b, -1, -1));
        }
    }

    #[test]
    fn bitboard_transforms_agree_with_coordinate_symmetries() {
        for b in sample_boards().take(20) {
            for s in Symmetry::ALL {
                let mut slow = Bitboard::EMPTY;
                for i in b {
                    let (x, y) = s.apply(8, i % 8, i / 8);
                    slow = slow.with(8 * y + x);
                }
                assert_eq!(b.transform(s), slow, "{s:?}");
            }
        }
    }

    #[test]
    fn iteration_is_exact_size_and_ordered() {
        let b = Bitboard(0b1010_0001);
        assert_eq!(b.iter().len(), 3);
        assert_eq!(b.iter().collect::<Vec<_>>(), vec![0, 5, 7]);
        assert_eq!(b.first(), Some(0));
        assert_eq!(Bitboard::EMPTY.first(), None);
    }
}
