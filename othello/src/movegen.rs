//! Move generation and flips on player/opponent bitboards.
//!
//! Two implementations that tests compare on many random positions:
//! - the fast one: [`moves`] by parallel-prefix (Kogge–Stone) shifts in the eight
//!   directions, [`flips`] by looking up the first non-opponent square of each ray from
//!   the move (precomputed rays, one bit trick per direction);
//! - the slow reference: [`moves_slow`] and [`flips_slow`] walk square by square, as in
//!   Edax's `flip_slow.c` idea (a plain implementation to check the fast one against).
//!
//! Bit layout: a1 = bit 0, h1 = bit 7, h8 = bit 63. `p` holds the discs of the side to
//! move, `o` the opponent's; they must not overlap.

/// The eight directions as (file step, rank step).
pub const DIRECTIONS: [(i8, i8); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, -1),
    (-1, 1),
    (1, -1),
];

/// Squares not on the a- or h-file: horizontal and diagonal runs must not wrap.
const INNER_FILES: u64 = 0x7E7E_7E7E_7E7E_7E7E;

/// Moves of `p` along one shift direction `dir` (bits) through `mask` (opponent discs
/// that may be crossed), both ways: parallel prefix in three steps (Kogge–Stone).
#[inline(always)]
fn dir_moves(p: u64, mask: u64, dir: u32) -> u64 {
    let mut fl = mask & (p << dir);
    let mut fr = mask & (p >> dir);
    fl |= mask & (fl << dir);
    fr |= mask & (fr >> dir);
    let ml = mask & (mask << dir);
    let mr = ml >> dir;
    let d2 = dir * 2;
    fl |= ml & (fl << d2);
    fr |= mr & (fr >> d2);
    fl |= ml & (fl << d2);
    fr |= mr & (fr >> d2);
    (fl << dir) | (fr >> dir)
}

/// The legal moves of the side to move (`p`) against `o`: every empty square from which
/// a straight line of one or more opponent discs ends at a disc of `p`.
#[inline]
pub fn moves(p: u64, o: u64) -> u64 {
    let mask = o & INNER_FILES;
    (dir_moves(p, mask, 1) | dir_moves(p, o, 8) | dir_moves(p, mask, 7) | dir_moves(p, mask, 9))
        & !(p | o)
}

/// For each square and direction index (see [`DIRECTIONS`]), the squares of the ray
/// leaving it, excluding the square itself.
const RAYS: [[u64; 8]; 64] = {
    let mut rays = [[0u64; 8]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 8 {
            let (dx, dy) = DIRECTIONS[d];
            let mut x = (sq % 8) as i32 + dx as i32;
            let mut y = (sq / 8) as i32 + dy as i32;
            let mut ray = 0u64;
            while x >= 0 && x < 8 && y >= 0 && y < 8 {
                ray |= 1u64 << (8 * y + x);
                x += dx as i32;
                y += dy as i32;
            }
            rays[sq][d] = ray;
            d += 1;
        }
        sq += 1;
    }
    rays
};

/// Flips along a ray whose squares have higher indices than the move (nearest = lowest).
#[inline(always)]
fn flips_up(ray: u64, p: u64, o: u64) -> u64 {
    let stop = ray & !o;
    let first = stop & stop.wrapping_neg();
    if first & p != 0 { ray & (first - 1) } else { 0 }
}

/// Flips along a ray whose squares have lower indices than the move (nearest = highest).
#[inline(always)]
fn flips_down(ray: u64, p: u64, o: u64) -> u64 {
    let stop = ray & !o;
    if stop == 0 {
        return 0;
    }
    let top = 63 - stop.leading_zeros();
    if p >> top & 1 != 0 {
        ray & !(u64::MAX >> (63 - top))
    } else {
        0
    }
}

/// The opponent discs that placing a disc of `p` on square `sq` (0..64, empty) turns
/// over; zero when the move is illegal.
#[inline]
pub fn flips(p: u64, o: u64, sq: u32) -> u64 {
    let r = &RAYS[sq as usize];
    // Directions with positive bit steps: E (+1), N (+8), NE (+9), NW (+7).
    flips_up(r[0], p, o)
        | flips_up(r[2], p, o)
        | flips_up(r[4], p, o)
        | flips_up(r[6], p, o)
        | flips_down(r[1], p, o)
        | flips_down(r[3], p, o)
        | flips_down(r[5], p, o)
        | flips_down(r[7], p, o)
}

/// The empty squares next to at least one disc of `o` (potential mobility of `p`).
#[inline]
pub fn potential_moves(p: u64, o: u64) -> u64 {
    zerosum::Bitboard(o).neighbours().0 & !(p | o)
}

/// Slow reference for [`flips`]: walks each direction square by square.
pub fn flips_slow(p: u64, o: u64, sq: u32) -> u64 {
    if (p | o) >> sq & 1 != 0 {
        return 0;
    }
    let mut all = 0;
    for (dx, dy) in DIRECTIONS {
        let (mut x, mut y) = ((sq % 8) as i32 + dx as i32, (sq / 8) as i32 + dy as i32);
        let mut line = 0u64;
        while (0..8).contains(&x) && (0..8).contains(&y) {
            let bit = 1u64 << (8 * y + x);
            if o & bit != 0 {
                line |= bit;
            } else {
                if p & bit != 0 {
                    all |= line;
                }
                break;
            }
            x += dx as i32;
            y += dy as i32;
        }
    }
    all
}

/// Slow reference for [`moves`]: every empty square with a non-empty [`flips_slow`].
pub fn moves_slow(p: u64, o: u64) -> u64 {
    (0..64)
        .filter(|&sq| flips_slow(p, o, sq) != 0)
        .fold(0, |m, sq| m | 1u64 << sq)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_has_four_moves() {
        // d5, e4 black (X); d4, e5 white.
        let x = 1u64 << 35 | 1u64 << 28;
        let o = 1u64 << 27 | 1u64 << 36;
        let m = moves(x, o);
        assert_eq!(m, moves_slow(x, o));
        assert_eq!(m.count_ones(), 4);
        // d3 = 19 flips d4 = 27.
        assert_eq!(flips(x, o, 19), 1u64 << 27);
    }
}
