//! Stable discs: discs that can never be turned over, whatever is played.
//!
//! A disc is counted stable when, along each of its four lines (horizontal, vertical,
//! two diagonals), it cannot be outflanked: the line is full, or it touches the board
//! edge, or its neighbour on that line is itself a stable disc of the same colour. Found
//! by iterating to a fixed point from the empty set; a lower bound of the true set of
//! stable discs (the usual approximation, as in Edax's `get_stability`).

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = 0x8080_8080_8080_8080;
const RANK_1: u64 = 0xFF;
const RANK_8: u64 = 0xFF00_0000_0000_0000;
/// The 28 squares on the border.
pub const EDGE: u64 = FILE_A | FILE_H | RANK_1 | RANK_8;

/// The squares of full lines through each square, per direction: (horizontal, vertical,
/// diagonal, anti-diagonal).
///
/// Rows and columns by folding each line into one bit; the diagonals by spreading the
/// empty squares along them both ways (three doubling shifts each way, masked so that
/// no step wraps around the board's side), the squares not reached being those of
/// full diagonals (as Edax's `get_full_lines`).
#[inline]
pub fn full_lines(occupied: u64) -> (u64, u64, u64, u64) {
    let mut h = occupied;
    h &= h >> 1;
    h &= h >> 2;
    h &= h >> 4;
    let full_h = (h & FILE_A).wrapping_mul(0xFF);
    let mut v = occupied;
    v &= v >> 8;
    v &= v >> 16;
    v &= v >> 32;
    let full_v = (v & RANK_1).wrapping_mul(FILE_A);
    let empty = !occupied;
    (
        full_h,
        full_v,
        !diagonal_spread(empty, 9),
        !diagonal_spread(empty, 7),
    )
}

/// The squares on the same diagonal (`step` 9: a1–h8 direction; 7: h1–a8) as a square
/// of `squares`, both ways (parallel prefix: one, two, then four squares a step).
#[inline(always)]
fn diagonal_spread(squares: u64, step: u32) -> u64 {
    // A step upwards moves one file right (9) or left (7); these masks drop what would
    // have wrapped around the board's side after 1, 2 and 4 steps.
    let (up1, down1) = if step == 9 {
        (!FILE_A, !FILE_H)
    } else {
        (!FILE_H, !FILE_A)
    };
    let (up2, down2) = if step == 9 {
        (up1 & (up1 << 1), down1 & (down1 >> 1))
    } else {
        (up1 & (up1 >> 1), down1 & (down1 << 1))
    };
    let (up4, down4) = if step == 9 {
        (up2 & (up2 << 2), down2 & (down2 >> 2))
    } else {
        (up2 & (up2 >> 2), down2 & (down2 << 2))
    };
    let mut u = squares;
    u |= (u << step) & up1;
    u |= (u << (2 * step)) & up2;
    u |= (u << (4 * step)) & up4;
    let mut d = squares;
    d |= (d >> step) & down1;
    d |= (d >> (2 * step)) & down2;
    d |= (d >> (4 * step)) & down4;
    u | d
}

/// The stable discs of `p` (the other discs are `o`), by the rule in the module docs.
pub fn stable_discs(p: u64, o: u64) -> u64 {
    let (fh, fv, fd9, fd7) = full_lines(p | o);
    let h_ok = fh | FILE_A | FILE_H;
    let v_ok = fv | RANK_1 | RANK_8;
    let d9_ok = fd9 | EDGE;
    let d7_ok = fd7 | EDGE;
    let mut stable = p & h_ok & v_ok & d9_ok & d7_ok;
    loop {
        let h = h_ok | ((stable << 1) & !FILE_A) | ((stable >> 1) & !FILE_H);
        let v = v_ok | (stable << 8) | (stable >> 8);
        let d9 = d9_ok | ((stable << 9) & !FILE_A) | ((stable >> 9) & !FILE_H);
        let d7 = d7_ok | ((stable << 7) & !FILE_H) | ((stable >> 7) & !FILE_A);
        let next = p & h & v & d9 & d7;
        if next == stable {
            return stable;
        }
        stable = next;
    }
}

/// The stability cut-off's bound (as in Edax's `search_SC_NWS`): the final disc
/// difference of the side to move `player` is at most `64 − 2·s`, `s` the opponent's
/// stable discs. `None`, without computing them, when even every opponent disc being
/// stable could not bring that bound to `alpha` or below (`alpha < 64 − 2·|opponent|`),
/// so that a caller only pays for [`stable_discs`] when a cut-off is possible. Units:
/// discs.
#[inline]
pub fn score_upper_bound(player: u64, opponent: u64, alpha: i32) -> Option<i32> {
    if alpha < 64 - 2 * opponent.count_ones() as i32 {
        return None;
    }
    Some(64 - 2 * stable_discs(opponent, player).count_ones() as i32)
}

/// Stable discs on the edges only (cheaper; used by the evaluation): the same rule
/// restricted to the 28 border squares.
pub fn stable_edge_discs(p: u64, o: u64) -> u64 {
    stable_discs(p, o) & EDGE
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movegen::{flips_slow, moves_slow};

    /// The full lines by shifts equal a square-by-square walk of each line, on random
    /// boards from sparse to full.
    #[test]
    fn full_lines_match_walking_the_lines() {
        let walk = |occ: u64| {
            let full = |dx: i32, dy: i32| {
                let mut m = 0u64;
                for sq in 0..64 {
                    let (x, y) = (sq % 8, sq / 8);
                    let mut all = true;
                    for dir in [-1, 1] {
                        let (mut u, mut v) = (x, y);
                        while (0..8).contains(&u) && (0..8).contains(&v) {
                            all &= occ >> (8 * v + u) & 1 != 0;
                            u += dx * dir;
                            v += dy * dir;
                        }
                    }
                    if all {
                        m |= 1 << sq;
                    }
                }
                m
            };
            (full(1, 0), full(0, 1), full(1, 1), full(-1, 1))
        };
        let mut rng = crate::train::SplitMix::new(0x5DEE_CE66_D1CE_4E5B);
        for i in 0..3000 {
            let (a, b, c) = (rng.next_u64(), rng.next_u64(), rng.next_u64());
            let occ = match i % 4 {
                0 => a,
                1 => a | b,
                2 => a | b | c,
                _ => !(a & b & c & rng.next_u64()),
            };
            assert_eq!(full_lines(occ), walk(occ), "{occ:#x}");
        }
        assert_eq!(
            full_lines(u64::MAX),
            (u64::MAX, u64::MAX, u64::MAX, u64::MAX)
        );
    }

    #[test]
    fn full_lines_match_a_slow_count() {
        let occ = 0xFFFF_0F0F_FF00_FF81u64;
        let (h, v, _, _) = full_lines(occ);
        assert_eq!(h, 0xFFFF_0000_FF00_FF00);
        assert_eq!(v, 0);
        assert_eq!(
            full_lines(u64::MAX),
            (u64::MAX, u64::MAX, u64::MAX, u64::MAX)
        );
    }

    /// No disc found stable can be flipped by any move of either side within two plies
    /// on random boards.
    #[test]
    fn stable_discs_are_never_flipped() {
        let mut s = 0x1234_5678_9ABC_DEF1u64;
        let mut next = || {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            s
        };
        for _ in 0..3000 {
            let (a, b, c) = (next(), next(), next());
            let occ = a | b | c; // dense boards
            let p = occ & next();
            let o = occ & !p;
            let st = stable_discs(p, o);
            for (pp, oo, own_is_p) in [(p, o, false), (o, p, true)] {
                // Opponent of the stable set moves: must not flip stable discs.
                let m = moves_slow(pp, oo);
                for sq in 0..64 {
                    if m >> sq & 1 != 0 {
                        let f = flips_slow(pp, oo, sq);
                        if !own_is_p {
                            // pp = p moving flips o discs; irrelevant to p's stability.
                            continue;
                        }
                        assert_eq!(f & st, 0, "stable disc flipped: p={p:#x} o={o:#x} sq={sq}");
                        // And after that move, p's reply cannot unflip anything of note;
                        // check o's second move too.
                        let (np, no) = (oo ^ f, pp | f | 1u64 << sq);
                        let m2 = moves_slow(no, np);
                        for sq2 in 0..64 {
                            if m2 >> sq2 & 1 != 0 {
                                let f2 = flips_slow(no, np, sq2);
                                assert_eq!(f2 & st & np, 0, "stable disc flipped at depth 2");
                            }
                        }
                    }
                }
            }
        }
    }
}
