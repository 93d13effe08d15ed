//! The bit layout of the 7×6 board and the shift tricks on it (after Pascal Pons'
//! `Position.hpp`, <https://github.com/PascalPons/connect4>).
//!
//! Column `c` (0 = leftmost) owns bits `7c .. 7c + 6`: bit `7c + r` is the cell of row `r`
//! (0 = bottom), and bit `7c + 6` is a sentinel row that is always empty, so that shifts
//! by 1, 6, 7 and 8 never carry a line of four across the edge of a column.
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

/// Number of columns.
pub const WIDTH: u32 = 7;
/// Number of rows.
pub const HEIGHT: u32 = 6;
/// Bits used by a column (its rows plus the sentinel).
pub const COLUMN_BITS: u32 = HEIGHT + 1;
/// Cells on the board.
pub const CELLS: u32 = WIDTH * HEIGHT;

/// One bit at the bottom of every column.
pub const BOTTOM_MASK: u64 = {
    let mut m = 0;
    let mut c = 0;
    while c < WIDTH {
        m |= 1 << (c * COLUMN_BITS);
        c += 1;
    }
    m
};

/// Every playable cell (the sentinel row excluded).
pub const BOARD_MASK: u64 = BOTTOM_MASK * ((1 << HEIGHT) - 1);

/// The cells of the even rows counted from 1 at the bottom (bit rows 1, 3, 5).
pub const EVEN_ROWS: u64 = BOTTOM_MASK * 0b10_1010;

/// The bottom cell of column `col`.
#[inline]
pub const fn bottom_mask_col(col: u32) -> u64 {
    1 << (col * COLUMN_BITS)
}

/// The top playable cell of column `col`.
#[inline]
pub const fn top_mask_col(col: u32) -> u64 {
    1 << (HEIGHT - 1 + col * COLUMN_BITS)
}

/// Every playable cell of column `col`.
#[inline]
pub const fn column_mask(col: u32) -> u64 {
    ((1 << HEIGHT) - 1) << (col * COLUMN_BITS)
}

/// The cell of column `col` (0..7), row `row` (0..6, 0 = bottom).
#[inline]
pub const fn cell(col: u32, row: u32) -> u64 {
    1 << (col * COLUMN_BITS + row)
}

/// True when `stones` holds four in a row (any direction), by shifts.
#[inline]
pub const fn has_four(stones: u64) -> bool {
    // Horizontal, diagonal (two ways), vertical: shift by 7, 6, 8, 1.
    let dirs = [COLUMN_BITS, HEIGHT, HEIGHT + 2, 1];
    let mut i = 0;
    while i < 4 {
        let d = dirs[i];
        let m = stones & (stones >> d);
        if m & (m >> (2 * d)) != 0 {
            return true;
        }
        i += 1;
    }
    false
}

/// The empty cells that would complete a four for the owner of `stones`, given the
/// occupied cells `mask` (Pons' `compute_winning_position`). Cells need not be playable
/// yet: a cell above the current top is a *threat* that waits.
#[inline]
pub const fn winning_cells(stones: u64, mask: u64) -> u64 {
    let p = stones;
    // Vertical: three below.
    let mut r = (p << 1) & (p << 2) & (p << 3);
    let mut d = COLUMN_BITS;
    // Horizontal (7), diagonal "/" (8) and diagonal "\" (6).
    let mut k = 0;
    while k < 3 {
        let a = (p << d) & (p << (2 * d));
        r |= a & (p << (3 * d));
        r |= a & (p >> d);
        let b = (p >> d) & (p >> (2 * d));
        r |= b & (p << d);
        r |= b & (p >> (3 * d));
        d = if k == 0 { HEIGHT + 2 } else { HEIGHT };
        k += 1;
    }
    r & (BOARD_MASK ^ mask)
}

/// The cells where a stone can be dropped now (one per column that is not full).
#[inline]
pub const fn playable(mask: u64) -> u64 {
    (mask + BOTTOM_MASK) & BOARD_MASK
}

/// The column (0..7) of a single-bit `cell`.
#[inline]
pub const fn column_of(cell: u64) -> u32 {
    cell.trailing_zeros() / COLUMN_BITS
}

/// `word` mirrored left to right: column `c`'s 7 bits move to column `6 − c`.
#[inline]
pub const fn mirror(word: u64) -> u64 {
    let col = (1u64 << COLUMN_BITS) - 1;
    let mut m = 0;
    let mut c = 0;
    while c < WIDTH {
        m |= ((word >> (c * COLUMN_BITS)) & col) << ((WIDTH - 1 - c) * COLUMN_BITS);
        c += 1;
    }
    m
}

/// [`mirror`] by masks and shifts, for the 7-wide board (columns 0↔6, 1↔5, 2↔4).
#[inline(always)]
pub const fn mirror7(word: u64) -> u64 {
    const C: u64 = (1 << COLUMN_BITS) - 1;
    const B: u32 = COLUMN_BITS;
    (word & (C << (3 * B)))
        | (word & C) << (6 * B)
        | (word >> (6 * B)) & C
        | (word & (C << B)) << (4 * B)
        | (word >> (4 * B)) & (C << B)
        | (word & (C << (2 * B))) << (2 * B)
        | (word >> (2 * B)) & (C << (2 * B))
}

/// The windows of four cells in direction `d` (1 vertical, 7 horizontal, 6 and 8 the
/// diagonals), each named by its first cell: the cells `p`, `p + d`, `p + 2d`, `p + 3d`
/// are all on the board.
#[inline(always)]
const fn windows(d: u32) -> u64 {
    BOARD_MASK & (BOARD_MASK >> d) & (BOARD_MASK >> (2 * d)) & (BOARD_MASK >> (3 * d))
}

/// The windows of direction `d` (named by their first cell) holding a cell of `cells`.
#[inline(always)]
const fn windows_with(cells: u64, d: u32) -> u64 {
    (cells | (cells >> d) | (cells >> (2 * d)) | (cells >> (3 * d))) & windows(d)
}

/// The cells of the windows of direction `d` named in `starts`.
#[inline(always)]
const fn window_cells(starts: u64, d: u32) -> u64 {
    starts | (starts << d) | (starts << (2 * d)) | (starts << (3 * d))
}

/// Opponent stones whose colour can no longer matter, given the side to move's stones
/// `current` and the occupied cells `mask` (after the *dead stones* of Steininger's
/// solver; this rule is our own and simpler): a future four needs an empty cell, so only
/// the windows of four cells with an empty cell count. Such a window is *open* while it
/// holds stones of one colour at most (one side can still make a four there), else
/// *blocked*. An opponent stone is dead when it lies in no open window and every blocked
/// window through it keeps an opponent stone that lies in an open window (a stone that
/// stays). Giving every dead stone to the side to move then changes no window's open or
/// blocked state — the open windows hold no dead stone, and each blocked one keeps a
/// stone of each colour — so the game from there, every future four and so every
/// score, is the same; positions that differ only in their dead stones can share a
/// table entry.
#[inline(always)]
pub const fn dead_stones(current: u64, mask: u64) -> u64 {
    const DIRS: [u32; 4] = [1, COLUMN_BITS, HEIGHT, HEIGHT + 2];
    let opponent = current ^ mask;
    let empty = BOARD_MASK & !mask;
    let mut in_open = 0;
    let mut blocked = [0u64; 4];
    let mut i = 0;
    while i < 4 {
        let d = DIRS[i];
        let with_empty = windows_with(empty, d);
        let both = windows_with(current, d) & windows_with(opponent, d);
        in_open |= window_cells(with_empty & !both, d);
        blocked[i] = with_empty & both;
        i += 1;
    }
    let stays = opponent & in_open;
    let mut unsafe_cells = in_open;
    let mut i = 0;
    while i < 4 {
        let d = DIRS[i];
        unsafe_cells |= window_cells(blocked[i] & !windows_with(stays, d), d);
        i += 1;
    }
    opponent & !unsafe_cells
}

/// A perfect 64-bit mix of a key (SplitMix64's finaliser, a bijection on `u64`).
#[inline]
pub const fn mix64(key: u64) -> u64 {
    zerosum::hash::splitmix64(key).1
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Slow four detection over (col, row) coordinates.
    fn slow_four(stones: u64) -> bool {
        let at = |c: i32, r: i32| {
            (0..WIDTH as i32).contains(&c)
                && (0..HEIGHT as i32).contains(&r)
                && stones & cell(c as u32, r as u32) != 0
        };
        for c in 0..WIDTH as i32 {
            for r in 0..HEIGHT as i32 {
                for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                    if (0..4).all(|k| at(c + k * dc, r + k * dr)) {
                        return true;
                    }
                }
            }
        }
        false
    }

    #[test]
    fn mirror7_is_mirror() {
        let mut x: u64 = 5;
        for _ in 0..1000 {
            x = mix64(x);
            let w = x & ((1 << (WIDTH * COLUMN_BITS)) - 1);
            assert_eq!(mirror7(w), mirror(w));
        }
    }

    #[test]
    fn masks() {
        assert_eq!(BOARD_MASK.count_ones(), CELLS);
        assert_eq!(column_mask(3).count_ones(), HEIGHT);
        assert_eq!(top_mask_col(6), cell(6, 5));
        assert_eq!(bottom_mask_col(2), cell(2, 0));
        assert_eq!(column_of(cell(5, 3)), 5);
    }

    #[test]
    fn four_detection_matches_slow_scan() {
        let mut x: u64 = 0x1234_5678_9ABC_DEF1;
        for _ in 0..20_000 {
            x = mix64(x);
            // Sparse-ish random sets of cells.
            let stones = x & mix64(x ^ 77) & BOARD_MASK;
            assert_eq!(has_four(stones), slow_four(stones), "{stones:#x}");
        }
    }

    /// A reachable-looking mask from the bits of `x`: each column filled from the bottom.
    fn column_heights_mask(x: u64) -> u64 {
        let mut mask = 0;
        for c in 0..WIDTH {
            let h = ((x >> (4 * c)) & 0xF) as u32 % (HEIGHT + 1);
            mask |= ((1u64 << h) - 1) << (c * COLUMN_BITS);
        }
        mask
    }

    #[test]
    fn winning_cells_match_has_four() {
        let mut x: u64 = 99;
        for _ in 0..5_000 {
            x = mix64(x);
            let mask = column_heights_mask(x);
            let stones = mask & mix64(x + 1);
            if has_four(stones) {
                continue;
            }
            let win = winning_cells(stones, mask);
            for i in 0..64 {
                let b = 1u64 << i;
                if b & BOARD_MASK & !mask != 0 {
                    assert_eq!(
                        win & b != 0,
                        has_four(stones | b),
                        "cell {i} of {stones:#x}"
                    );
                }
            }
            assert_eq!(win & !BOARD_MASK, 0);
            assert_eq!(win & mask, 0);
        }
    }

    /// Every window of four cells with an empty cell, by coordinates: whether the side
    /// to move (`current`) or the opponent could still complete it.
    fn open_windows(current: u64, mask: u64) -> Vec<(bool, bool)> {
        let mut out = Vec::new();
        for c in 0..WIDTH as i32 {
            for r in 0..HEIGHT as i32 {
                for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                    let cells: Vec<u64> = (0..4)
                        .map(|k| (c + k * dc, r + k * dr))
                        .filter(|&(x, y)| {
                            (0..WIDTH as i32).contains(&x) && (0..HEIGHT as i32).contains(&y)
                        })
                        .map(|(x, y)| cell(x as u32, y as u32))
                        .collect();
                    if cells.len() < 4 || cells.iter().all(|&b| mask & b != 0) {
                        continue;
                    }
                    let mine = cells.iter().all(|&b| mask & b == 0 || current & b != 0);
                    let theirs = cells.iter().all(|&b| mask & b == 0 || current & b == 0);
                    out.push((mine, theirs));
                }
            }
        }
        out
    }

    #[test]
    fn dead_stones_change_no_open_window() {
        let mut x: u64 = 4242;
        let mut found = 0;
        for _ in 0..20_000 {
            x = mix64(x);
            let mask = column_heights_mask(x);
            let current = mask & mix64(x + 1);
            let dead = dead_stones(current, mask);
            assert_eq!(dead & !(mask ^ current), 0, "only opponent stones");
            found += dead.count_ones();
            assert_eq!(
                open_windows(current, mask),
                open_windows(current | dead, mask),
                "{current:#x} {mask:#x} dead {dead:#x}"
            );
        }
        assert!(found > 1000, "the rule finds dead stones ({found})");
    }
}
