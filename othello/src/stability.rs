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

/// The 15 diagonals (a1–h8 direction) and 15 anti-diagonals (h1–a8 direction).
const DIAGONALS: ([u64; 15], [u64; 15]) = {
    let mut d9 = [0u64; 15];
    let mut d7 = [0u64; 15];
    let mut sq = 0;
    while sq < 64 {
        let (x, y) = (sq % 8, sq / 8);
        d9[x + 7 - y] |= 1u64 << sq;
        d7[x + y] |= 1u64 << sq;
        sq += 1;
    }
    (d9, d7)
};

/// The squares of full lines through each square, per direction: (horizontal, vertical,
/// diagonal, anti-diagonal).
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
    let (mut full_d9, mut full_d7) = (0, 0);
    for i in 0..15 {
        let (a, b) = (DIAGONALS.0[i], DIAGONALS.1[i]);
        if occupied & a == a {
            full_d9 |= a;
        }
        if occupied & b == b {
            full_d7 |= b;
        }
    }
    (full_h, full_v, full_d9, full_d7)
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
/// stable discs. `None`, without computing them, when even no stable disc at all could
/// not bring that bound to `alpha` or below (`alpha < 64 − 2·|opponent|`), so that a
/// caller only pays for [`stable_discs`] when a cut-off is possible. Units: discs.
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
