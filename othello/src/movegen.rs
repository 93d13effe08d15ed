//! Move generation and flips on player/opponent bitboards.
//!
//! Two implementations that tests compare on many random positions:
//! - the fast one: [`moves`] by parallel-prefix (Kogge–Stone) shifts in the eight
//!   directions, [`flips`] by finding the first non-opponent square of each ray from
//!   the move (precomputed rays, four directions at a time as vector lanes: lowest set
//!   bit upwards, leading-zero count downwards);
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

/// The rays of each square in two groups of four lanes: the directions whose squares
/// have higher indices than the square (E, N, NE, NW: the nearest square is the lowest
/// bit) and the opposite ones (W, S, SW, SE: the nearest is the highest bit). One
/// 64-byte line a square, so that [`flips`] reads one cache line.
#[repr(align(64))]
struct Lanes([u64; 4], [u64; 4]);

const LANES: [Lanes; 64] = {
    let mut t = [const { Lanes([0; 4], [0; 4]) }; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 4 {
            t[sq].0[d] = RAYS[sq][2 * d];
            t[sq].1[d] = RAYS[sq][2 * d + 1];
            d += 1;
        }
        sq += 1;
    }
    t
};

/// The opponent discs that placing a disc of `p` on square `sq` (0..64, empty) turns
/// over; zero when the move is illegal.
///
/// Each of the eight rays leaving `sq` flips the opponent discs before its first square
/// that is not the opponent's, when that square holds a disc of `p`. Upwards rays find
/// that square as their lowest set bit (`x & −x`), downwards rays as their highest (a
/// leading-zero count, which also gives the mask of the squares below it). The four
/// directions of each kind are computed as four independent lanes, so that the compiler
/// can do them in one vector (with AVX-512 it counts leading zeros in vectors too).
#[inline]
pub fn flips(p: u64, o: u64, sq: u32) -> u64 {
    let Lanes(up, down) = &LANES[sq as usize];
    let mut f = [0u64; 4];
    for d in 0..4 {
        // Upwards: the first non-opponent square is the lowest bit of `stop`.
        let stop = up[d] & !o;
        let first = stop & stop.wrapping_neg();
        let run_up = if first & p != 0 {
            up[d] & first.wrapping_sub(1)
        } else {
            0
        };
        // Downwards: the highest bit of `stop`; `below` holds it and every lower bit
        // (bit 63 is never on a downwards ray, so the count is at least 1).
        let stop = down[d] & !o;
        let below = (u64::MAX >> 1) >> (stop.leading_zeros().max(1) - 1);
        let run_down = if (below ^ (below >> 1)) & p != 0 {
            down[d] & !below
        } else {
            0
        };
        f[d] = run_up | run_down;
    }
    f[0] | f[1] | f[2] | f[3]
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
