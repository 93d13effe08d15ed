//! Zobrist keys of positions.
//!
//! Every (square, player/opponent) pair has a fixed random 64-bit key (SplitMix64 from a
//! fixed seed, computed at compile time); a position's key is the XOR of the keys of its
//! discs. For speed the keys are grouped by board byte: `TABLE[k][b]` is the XOR of the
//! keys of the discs that byte value `b` puts on rank `k`'s squares (eight lookups per
//! bitboard instead of one per disc, as in Edax's `hash.c`).

use zerosum::hash::splitmix64 as splitmix;

/// The key of one disc: `SQUARE_KEYS[0][sq]` for the side to move, `[1][sq]` for the
/// opponent.
pub const SQUARE_KEYS: [[u64; 64]; 2] = {
    let mut keys = [[0u64; 64]; 2];
    let mut state = 0x05EE_D0F0_E110_u64;
    let mut who = 0;
    while who < 2 {
        let mut sq = 0;
        while sq < 64 {
            let (s, k) = splitmix(state);
            state = s;
            keys[who][sq] = k;
            sq += 1;
        }
        who += 1;
    }
    keys
};

/// Byte tables: `TABLE[who * 8 + rank][byte]`.
static TABLE: [[u64; 256]; 16] = {
    let mut t = [[0u64; 256]; 16];
    let mut who = 0;
    while who < 2 {
        let mut rank = 0;
        while rank < 8 {
            let mut b = 0;
            while b < 256 {
                let mut k = 0u64;
                let mut bit = 0;
                while bit < 8 {
                    if b >> bit & 1 != 0 {
                        k ^= SQUARE_KEYS[who][rank * 8 + bit];
                    }
                    bit += 1;
                }
                t[who * 8 + rank][b] = k;
                b += 1;
            }
            rank += 1;
        }
        who += 1;
    }
    t
};

/// The Zobrist key of the position with `p` (side to move) and `o` (opponent) discs:
/// the XOR of [`SQUARE_KEYS`] over the discs.
#[inline]
pub fn hash(p: u64, o: u64) -> u64 {
    let mut h = 0;
    let (pb, ob) = (p.to_le_bytes(), o.to_le_bytes());
    for k in 0..8 {
        h ^= TABLE[k][pb[k] as usize] ^ TABLE[8 + k][ob[k] as usize];
    }
    h
}

/// Slow reference for [`hash`]: one key per disc.
pub fn hash_slow(p: u64, o: u64) -> u64 {
    let mut h = 0;
    for (sq, (kp, ko)) in SQUARE_KEYS[0].iter().zip(&SQUARE_KEYS[1]).enumerate() {
        if p >> sq & 1 != 0 {
            h ^= kp;
        }
        if o >> sq & 1 != 0 {
            h ^= ko;
        }
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byte_tables_agree_with_square_keys() {
        let mut s = 12345u64;
        for _ in 0..500 {
            let (s1, a) = splitmix(s);
            let (s2, b) = splitmix(s1);
            s = s2;
            let (p, o) = (a & !b, b & !a);
            assert_eq!(hash(p, o), hash_slow(p, o));
        }
        assert_ne!(hash(1, 2), hash(2, 1));
    }
}
