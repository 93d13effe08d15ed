//! Stable discs: discs that can never be turned over, whatever is played.
//!
//! A disc is counted stable when, along each of its four lines (horizontal, vertical,
//! two diagonals), it cannot be outflanked: the line is full, or it touches the board
//! edge, or its neighbour on that line is itself a stable disc of the same colour. Found
//! by iterating to a fixed point from the empty set; a lower bound of the true set of
//! stable discs (the usual approximation, as in Edax's `get_stability`).
//!
//! The stability cut-off ([`score_upper_bound`]) uses [`stable_discs_exact_edges`]: the
//! edges' stable discs exactly, from a table of every edge ([`stable_edges`]: a disc on
//! an edge can only be flipped along it), then the inner discs by the same rule. It finds
//! a superset of [`stable_discs`] (which the evaluation keeps) and runs fewer rounds of
//! the fixed point: edge runs no longer grow one disc a round.

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

/// The squares of the board but its border: the discs whose stability
/// [`stable_discs_exact_edges`] finds by contact (the border's come from [`EDGE_STABLE`]).
const CENTRE: u64 = 0x007E_7E7E_7E7E_7E00;
/// The multiplier that stacks the a-file into the top byte (rank `r` → bit `56 + r`).
const FILE_TO_BYTE: u64 = 0x0102_0408_1020_4080;
/// The multiplier that spreads a byte's bits 1–6 over the a-file's squares a2–a7 (bit
/// `r` → bit `8·r`; without bits 0 and 7 no two partial products meet, so no carry).
const BYTE_TO_FILE: u64 = 0x0002_0408_1020_4081;

/// The discs of one colour on an 8-square edge (bit `i` = the edge's `i`-th square) that
/// no sequence of moves on that edge can turn over, indexed by `edge_index` (the other
/// colour's discs): computed once, from the full edges back to the empty one, as the own
/// discs that stay own in every position reachable by either colour playing any empty
/// square of the edge (a move there may be legal through another line, so every empty
/// square is playable, flipping along the edge as the rules say; Edax's
/// `edge_stability_init`). An edge disc can only be flipped along its edge, so these
/// discs are stable on the whole board.
static EDGE_STABLE: std::sync::LazyLock<Box<[u8; 6561]>> =
    std::sync::LazyLock::new(edge_stable_table);

/// `TERNARY[x]`: the bits of `x` as base-3 digits (`Σ bitᵢ·3ⁱ`); an edge's index in
/// [`EDGE_STABLE`] is `TERNARY[own] + 2·TERNARY[other]` (6561 bytes: the table stays in
/// the first-level cache; indexed `own << 8 | other`, 64 KiB, FFO #20–#39 took about 2 %
/// more CPU).
const TERNARY: [u16; 256] = {
    let mut t = [0u16; 256];
    let mut x = 0;
    while x < 256 {
        let (mut v, mut w, mut i) = (0u16, 1u16, 0);
        while i < 8 {
            if x >> i & 1 != 0 {
                v += w;
            }
            w *= 3;
            i += 1;
        }
        t[x] = v;
        x += 1;
    }
    t
};

/// The index of an edge in [`EDGE_STABLE`].
#[inline(always)]
fn edge_index(own: u64, other: u64) -> usize {
    TERNARY[own as u8 as usize] as usize + 2 * TERNARY[other as u8 as usize] as usize
}

/// The own and other discs of an edge after the colour holding `mover` plays the empty
/// square `x` (bit index 0–7): the other colour's runs ending at a `mover` disc flip.
fn edge_play(mover: u8, other: u8, x: u32) -> (u8, u8) {
    let (mut m, mut t) = (mover | 1 << x, other);
    for step in [1i32, -1] {
        let mut run = 0u8;
        let mut y = x as i32 + step;
        while (0..8).contains(&y) && t >> y & 1 != 0 {
            run |= 1 << y;
            y += step;
        }
        if (0..8).contains(&y) && m >> y & 1 != 0 {
            m |= run;
            t &= !run;
        }
    }
    (m, t)
}

/// Builds [`EDGE_STABLE`]: positions by decreasing number of discs, so that every
/// position's children (one disc more) are done before it.
fn edge_stable_table() -> Box<[u8; 6561]> {
    let mut t = vec![0u8; 6561].into_boxed_slice();
    for discs in (0..=8u32).rev() {
        for own in 0..256u32 {
            for other in 0..256u32 {
                if own & other != 0 || (own | other).count_ones() != discs {
                    continue;
                }
                let (p, o) = (own as u8, other as u8);
                let mut stable = p;
                let empty = !(p | o);
                for x in 0..8 {
                    if stable == 0 {
                        break;
                    }
                    if empty >> x & 1 == 0 {
                        continue;
                    }
                    let (p1, o1) = edge_play(p, o, x);
                    stable &= t[edge_index(p1 as u64, o1 as u64)];
                    let (o2, p2) = edge_play(o, p, x);
                    stable &= t[edge_index(p2 as u64, o2 as u64)];
                }
                t[edge_index(own as u64, other as u64)] = stable;
            }
        }
    }
    t.try_into().expect("6561 entries")
}

/// The edge discs of `p` that are stable (the other discs are `o`), from a table of every
/// edge: the four edges gathered into bytes (the a- and h-files by one multiplication
/// each).
#[inline]
pub fn stable_edges(p: u64, o: u64) -> u64 {
    let t: &[u8; 6561] = &EDGE_STABLE;
    // The files stacked into the top byte; the h-file's multiplier is the a-file's
    // shifted down by its seven bits.
    let file_a = |x: u64| (x & FILE_A).wrapping_mul(FILE_TO_BYTE) >> 56;
    let file_h = |x: u64| (x & FILE_H).wrapping_mul(FILE_TO_BYTE >> 7) >> 56;
    let rank1 = t[edge_index(p, o)] as u64;
    let rank8 = (t[edge_index(p >> 56, o >> 56)] as u64) << 56;
    // The files' middle squares spread back (their corners are the ranks').
    let spread = |i: usize| (t[i] as u64 & 0x7E).wrapping_mul(BYTE_TO_FILE);
    let a = spread(edge_index(file_a(p), file_a(o))) & FILE_A;
    let h = spread(edge_index(file_h(p), file_h(o))) << 7 & FILE_H;
    rank1 | rank8 | a | h
}

/// The stable discs of `p` (the other discs are `o`): the exact stable discs of the
/// edges ([`stable_edges`]), then the inner discs by the rule in the module docs (each of
/// the four lines full, or the neighbour on it a stable disc of `p`), iterated to a fixed
/// point (Edax's `get_stable_discs`). A superset of [`stable_discs`]'s (the edges are
/// exact there, not only by contact), still a lower bound of the true set.
pub fn stable_discs_exact_edges(p: u64, o: u64) -> u64 {
    stable_discs_from_edges(p, o, stable_edges(p, o))
}

/// [`stable_discs_exact_edges`] from the stable edge discs `edges` ([`stable_edges`]).
#[inline]
fn stable_discs_from_edges(p: u64, o: u64, edges: u64) -> u64 {
    let (fh, fv, fd9, fd7) = full_lines(p | o);
    let centre = p & CENTRE;
    let mut stable = edges | (centre & fh & fv & fd9 & fd7);
    // No wrap masks: a shift wraps only onto the border, which `centre` excludes.
    loop {
        let h = fh | stable << 1 | stable >> 1;
        let v = fv | stable << 8 | stable >> 8;
        let d9 = fd9 | stable << 9 | stable >> 9;
        let d7 = fd7 | stable << 7 | stable >> 7;
        let next = stable | (centre & h & v & d9 & d7);
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
    let edges = stable_edges(opponent, player);
    if alpha < 64 - 2 * (edges | opponent & CENTRE).count_ones() as i32 {
        return None;
    }
    Some(64 - 2 * stable_discs_from_edges(opponent, player, edges).count_ones() as i32)
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

    /// [`EDGE_STABLE`] equals a search of every position reachable on the edge (each
    /// empty square played by either colour, in any order): the own discs that are own in
    /// all of them.
    #[test]
    fn edge_table_matches_every_reachable_edge() {
        fn own_everywhere(p: u8, o: u8, seen: &mut std::collections::HashSet<(u8, u8)>) -> u8 {
            let mut own = p;
            for x in 0..8 {
                if (p | o) >> x & 1 != 0 {
                    continue;
                }
                let (p1, o1) = edge_play(p, o, x);
                let (o2, p2) = edge_play(o, p, x);
                for child in [(p1, o1), (p2, o2)] {
                    if seen.insert(child) {
                        own &= own_everywhere(child.0, child.1, seen);
                    }
                }
            }
            own
        }
        let table: &[u8; 6561] = &EDGE_STABLE;
        let mut checked = 0;
        for own in 0..256usize {
            for other in 0..256usize {
                if own & other != 0 {
                    continue;
                }
                let mut seen = std::collections::HashSet::new();
                // The discs own in every reachable position (the start included).
                let mut expected = own as u8 & own_everywhere(own as u8, other as u8, &mut seen);
                for &(p, _) in &seen {
                    expected &= p;
                }
                assert_eq!(
                    table[edge_index(own as u64, other as u64)],
                    expected,
                    "own {own:#010b} other {other:#010b}"
                );
                checked += 1;
            }
        }
        assert_eq!(checked, 6561);
    }

    /// The exact edges only add stable discs to the contact rule's (on random boards from
    /// sparse to full), and its edge discs are the table's.
    #[test]
    fn exact_edges_contain_the_contact_rule() {
        let mut rng = crate::train::SplitMix::new(0x2F0B_3A49_77C1_D5E3);
        let mut more = 0;
        for i in 0..20_000 {
            let (a, b, c) = (rng.next_u64(), rng.next_u64(), rng.next_u64());
            let occ = match i % 3 {
                0 => a | b,
                1 => a | b | c,
                _ => !(a & b & c),
            };
            let p = occ & rng.next_u64();
            let o = occ & !p;
            let (slow, exact) = (stable_discs(p, o), stable_discs_exact_edges(p, o));
            assert_eq!(slow & !exact, 0, "p={p:#x} o={o:#x}");
            assert_eq!(exact & EDGE, stable_edges(p, o), "p={p:#x} o={o:#x}");
            more += usize::from(exact != slow);
        }
        assert!(more > 0, "the exact edges never added a disc");
    }

    /// No disc found stable (with the exact edges) changes colour in random games played
    /// to the end from random positions with 4–24 empty squares.
    #[test]
    fn exact_edge_stable_discs_keep_their_colour_to_the_end() {
        use crate::movegen::{flips, moves};
        let mut rng = crate::train::SplitMix::new(0x6A09_E667_F3BC_C908);
        for i in 0..4000 {
            let empties = 4 + i % 21;
            let mut empty = 0u64;
            while empty.count_ones() < empties {
                empty |= 1 << rng.below(64);
            }
            let p = !empty & rng.next_u64();
            let o = !empty & !p;
            for (own, other) in [(p, o), (o, p)] {
                let stable = stable_discs_exact_edges(own, other);
                for _ in 0..4 {
                    // `mover` is to move; `own_moves` says whether that is `own`'s colour.
                    let (mut mover, mut waiter, mut own_moves) = (p, o, own == p);
                    loop {
                        let m = moves(mover, waiter);
                        if m == 0 {
                            if moves(waiter, mover) == 0 {
                                break;
                            }
                        } else {
                            let k = rng.below(m.count_ones() as u64) as u32;
                            let mut mm = m;
                            for _ in 0..k {
                                mm &= mm - 1;
                            }
                            let sq = mm.trailing_zeros();
                            let f = flips(mover, waiter, sq);
                            mover |= f | 1 << sq;
                            waiter &= !f;
                        }
                        (mover, waiter, own_moves) = (waiter, mover, !own_moves);
                        let own_now = if own_moves { mover } else { waiter };
                        assert_eq!(stable & !own_now, 0, "p={p:#x} o={o:#x}");
                    }
                }
            }
        }
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
