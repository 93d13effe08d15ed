//! Move generation and flips on player/opponent bitboards.
//!
//! Two implementations that tests compare on many random positions:
//! - the fast one: [`moves`] by parallel-prefix (Kogge–Stone) shifts in the eight
//!   directions, [`flips`] by finding the first non-opponent square of each ray from
//!   the move (precomputed rays, four directions at a time as vector lanes: lowest set
//!   bit upwards; downwards a leading-zero count, or a parallel-prefix fill where
//!   vectors cannot count leading zeros);
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
/// 64-byte line a square, so that [`flips_lzcnt`] reads one cache line.
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

/// The opponent discs of each lane (E/W, N/S, NE/SW, NW/SE) that a flip may cross: the
/// board's edge squares are left out (sentinels), so that every non-empty ray has a
/// square that is not a crossable opponent disc (Edax's `flip_avx_ppfill.c` idea).
const INNER: [u64; 4] = [
    0x7E7E_7E7E_7E7E_7E7E,
    0x00FF_FFFF_FFFF_FF00,
    0x007E_7E7E_7E7E_7E00,
    0x007E_7E7E_7E7E_7E00,
];

/// The shift of one step along each lane's direction (E/W 1, N/S 8, NE/SW 9, NW/SE 7).
const STEP: [u32; 4] = [1, 8, 9, 7];

/// The opponent discs that placing a disc of `p` on square `sq` (0..64, empty) turns
/// over; zero when the move is illegal.
///
/// Each of the eight rays leaving `sq` flips the opponent discs before its first square
/// that is not the opponent's, when that square holds a disc of `p`. Two equivalent
/// implementations, chosen by the processor the build is for (both are tested against
/// [`flips_slow`] in every build): [`flips_lzcnt`] where leading zeros are counted in
/// vectors (AVX-512 CD), [`flips_ppfill`] elsewhere.
#[inline(never)]
pub fn flips(p: u64, o: u64, sq: u32) -> u64 {
    #[cfg(all(target_feature = "avx512cd", target_feature = "avx512vl"))]
    {
        flips_lzcnt(p, o, sq)
    }
    #[cfg(not(all(target_feature = "avx512cd", target_feature = "avx512vl")))]
    {
        flips_ppfill(p, o, sq)
    }
}

/// [`flips`] with the eight directions as two groups of four lanes: upwards rays find
/// their first non-opponent square as their lowest set bit (`x & −x`), downwards rays
/// as their highest (a leading-zero count, which also gives the mask of the squares
/// below it). The compiler makes each group one vector; where the processor counts
/// leading zeros in vectors (AVX-512 CD) this is the fastest form, elsewhere
/// [`flips_ppfill`] is.
#[inline]
pub fn flips_lzcnt(p: u64, o: u64, sq: u32) -> u64 {
    let Lanes(up, down) = &LANES[(sq & 63) as usize];
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

/// [`flips`] without leading-zero counts (Edax's `flip_avx_ppfill.c` idea), for
/// processors that cannot count them in vectors (AVX2 and older): the upwards rays as
/// in [`flips_lzcnt`], with the edge squares as sentinels (`INNER`: the lowest
/// non-opponent square always exists, and it is the outflank when it is `p`'s); the
/// downwards rays by a parallel-prefix fill of their non-opponent squares downwards
/// (three shifts: 1, 2 and 4 steps), which leaves the one-step-up image of `p`'s
/// outflanking disc only when no non-opponent square lies between it and the move; the
/// flips are then the ray's squares from that image upwards.
#[inline]
pub fn flips_ppfill(p: u64, o: u64, sq: u32) -> u64 {
    let Lanes(up, down) = &LANES[(sq & 63) as usize];
    let mut f = [0u64; 4];
    for d in 0..4 {
        let crossable = o & INNER[d];
        let stop = up[d] & !crossable;
        let first = stop & stop.wrapping_neg();
        let outflank = first & p;
        let run_up = outflank.wrapping_add(if outflank == first { u64::MAX } else { 0 }) & up[d];
        let step = STEP[d];
        let mut stops = down[d] & !crossable;
        let mut image = (p & down[d]) << step;
        stops |= stops >> step;
        image &= !stops;
        stops |= stops >> (2 * step);
        image &= !stops;
        image &= !(stops >> (4 * step));
        let run_down = image.wrapping_neg() & down[d];
        f[d] = run_up | run_down;
    }
    f[0] | f[1] | f[2] | f[3]
}

/// The empty squares next to at least one disc of `o` (potential mobility of `p`).
///
/// The eight neighbours in three steps: the discs moved one file either way, then
/// those and the discs themselves moved one rank either way (10 operations instead of
/// eight masked shifts).
#[inline]
pub fn potential_moves(p: u64, o: u64) -> u64 {
    const FILE_A: u64 = 0x0101_0101_0101_0101;
    const FILE_H: u64 = 0x8080_8080_8080_8080;
    let side = (o & !FILE_H) << 1 | (o & !FILE_A) >> 1;
    let row = o | side;
    (side | row << 8 | row >> 8) & !(p | o)
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

    /// [`potential_moves`] against the eight masked shifts of `Bitboard::neighbours`, on
    /// random boards (dense and sparse) and on single discs on every square.
    #[test]
    fn potential_moves_match_the_neighbours() {
        let reference = |p: u64, o: u64| zerosum::Bitboard(o).neighbours().0 & !(p | o);
        let mut rng = crate::train::SplitMix::new(0x9E37_79B9_7F4A_7C15);
        for i in 0..20_000 {
            let s = rng.next_u64();
            let t = s.rotate_left(29);
            let occupied = if i % 2 == 0 { s | t } else { s & t };
            let o = occupied & s.rotate_left(7);
            let p = occupied & !o;
            assert_eq!(potential_moves(p, o), reference(p, o), "p={p:#x} o={o:#x}");
        }
        for sq in 0..64 {
            assert_eq!(
                potential_moves(0, 1 << sq),
                reference(0, 1 << sq),
                "sq={sq}"
            );
        }
    }

    /// Both implementations of [`flips`] (whichever this build uses) against the slow
    /// reference, on every empty square of random boards (dense and sparse) and of
    /// positions from random games.
    #[test]
    fn both_flips_match_the_slow_reference() {
        let mut s = 0x2545_F491_4F6C_DD1Du64;
        let mut next = || {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            s
        };
        for i in 0..4000 {
            let (a, b, c) = (next(), next(), next());
            let occ = if i % 2 == 0 { a | b } else { a & b };
            let (p, o) = (occ & c, occ & !c);
            for sq in 0..64 {
                if (p | o) >> sq & 1 == 0 {
                    let r = flips_slow(p, o, sq);
                    assert_eq!(flips_lzcnt(p, o, sq), r, "{p:#x} {o:#x} {sq}");
                    assert_eq!(flips_ppfill(p, o, sq), r, "{p:#x} {o:#x} {sq}");
                }
            }
        }
        for _ in 0..200 {
            let (mut p, mut o) = (1u64 << 28 | 1u64 << 35, 1u64 << 27 | 1u64 << 36);
            loop {
                for sq in 0..64 {
                    if (p | o) >> sq & 1 == 0 {
                        let r = flips_slow(p, o, sq);
                        assert_eq!(flips_lzcnt(p, o, sq), r);
                        assert_eq!(flips_ppfill(p, o, sq), r);
                    }
                }
                let m = moves_slow(p, o);
                if m == 0 {
                    if moves_slow(o, p) == 0 {
                        break;
                    }
                    (p, o) = (o, p);
                    continue;
                }
                let mut k = next() % m.count_ones() as u64;
                let mut mm = m;
                while k > 0 {
                    mm &= mm - 1;
                    k -= 1;
                }
                let sq = mm.trailing_zeros();
                let f = flips_slow(p, o, sq);
                (p, o) = (o ^ f, p ^ f ^ (1u64 << sq));
            }
        }
    }
}
