//! The solver's transposition table: 8-byte entries in two-entry buckets, each entry the
//! whole scrambled key, a bound or exact score, the best move and the work spent
//! (after Steininger's table, `ChristopheSteininger/c4`, and the bound types of any
//! alpha-beta table; written from the description, not the code).
//!
//! # Layout
//!
//! A position key is `current + mask` < 2^49, scrambled by `h = key · C mod 2^49` with
//! `C` odd — a bijection — and stored whole, so a match is exact. An entry (a `u64`):
//!
//! | bits | field |
//! |---|---|
//! | 0..49 | `h` |
//! | 49..56 | score + 64 |
//! | 56..58 | bound: 0 empty, 1 lower, 2 upper, 3 exact |
//! | 58..61 | best column (0..7; 7 none) |
//! | 61..64 | work: ⌊log₈ nodes⌋ of the search that made it, capped at 7 |
//!
//! A bucket is the two entries `2i` and `2i + 1` (one cache line): the first keeps the
//! entry of most work (depth-preferred), the second takes what the first refuses
//! (always-replace), so expensive results survive while recent ones are kept too.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// Bits of a position key.
const KEY_BITS: u32 = 49;
const KEY_MASK: u64 = (1 << KEY_BITS) - 1;
/// An odd multiplier (the 64-bit golden ratio), used modulo 2^49.
const MULTIPLIER: u64 = 0x9E37_79B9_7F4A_7C15;

/// What an entry says about the score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The score is at least the stored one.
    Lower = 1,
    /// The score is at most the stored one.
    Upper = 2,
    /// The score is the stored one.
    Exact = 3,
}

/// A table hit: the bound, its score and the best column found (or `None`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Hit {
    pub bound: Bound,
    pub score: i32,
    pub column: Option<u32>,
}

/// A fixed-size table from position keys to score bounds and best moves, shared by the
/// search threads: each entry is one atomic word read and written whole (relaxed order,
/// plain loads and stores on x86-64), so a reader sees either a whole old entry or a
/// whole new one, and the key inside it says whether it is the position's.
#[derive(Debug)]
pub(crate) struct Table {
    entries: Vec<AtomicU64>,
    shift: u32,
}

impl Table {
    /// Smallest size allowed (2^16 entries).
    pub const MIN_LOG2: u32 = 16;
    /// Largest size allowed (2^30 entries, 8 GiB).
    pub const MAX_LOG2: u32 = 30;

    /// A table of `2^log2` entries of 8 bytes (`log2` clamped to `MIN_LOG2..=MAX_LOG2`).
    pub fn new(log2: u32) -> Self {
        let log2 = log2.clamp(Self::MIN_LOG2, Self::MAX_LOG2);
        Table {
            // Written one by one: the operating system maps the pages now rather than on
            // first use in the middle of a timed search.
            entries: (0..1usize << log2).map(|_| AtomicU64::new(0)).collect(),
            // The bucket index is the top log2 - 1 bits of h.
            shift: KEY_BITS - (log2 - 1),
        }
    }

    /// Number of entries.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Forgets every entry.
    pub fn clear(&self) {
        self.entries.iter().for_each(|e| e.store(0, Relaxed));
    }

    /// The first entry of `key`'s bucket, and the scrambled key `h`.
    #[inline(always)]
    fn bucket(&self, key: u64) -> (usize, u64) {
        let h = key.wrapping_mul(MULTIPLIER) & KEY_MASK;
        (((h >> self.shift) as usize) << 1, h)
    }

    /// Stores a result for `key`: the bound, the score, the best column (if any) and the
    /// nodes the search took.
    #[inline(always)]
    pub fn put(&self, key: u64, bound: Bound, score: i32, column: Option<u32>, nodes: u64) {
        let (i, h) = self.bucket(key);
        let work = ((63 - (nodes | 1).leading_zeros()) / 3).min(7) as u64;
        let e = h
            | ((score + 64) as u64) << 49
            | (bound as u64) << 56
            | u64::from(column.unwrap_or(7)) << 58
            | work << 61;
        let first = self.entries[i].load(Relaxed);
        if first & KEY_MASK == h && first >> 56 & 3 != 0 {
            self.entries[i].store(e, Relaxed);
        } else if work >= first >> 61 {
            // The first slot's old entry moves down unless the second holds this key.
            let second = self.entries[i + 1].load(Relaxed);
            if !(second & KEY_MASK == h && second >> 56 & 3 != 0) && first >> 56 & 3 != 0 {
                self.entries[i + 1].store(first, Relaxed);
            }
            self.entries[i].store(e, Relaxed);
        } else {
            self.entries[i + 1].store(e, Relaxed);
        }
    }

    /// Asks the processor to bring `key`'s bucket into cache ([`zerosum::prefetch::prefetch`]): a
    /// hint, to be given a while before [`Table::get`] or [`Table::put`] of that key.
    #[inline(always)]
    pub fn prefetch(&self, key: u64) {
        zerosum::prefetch::prefetch(&self.entries[self.bucket(key).0]);
    }

    /// What is stored for `key`, if anything.
    #[inline(always)]
    pub fn get(&self, key: u64) -> Option<Hit> {
        let (i, h) = self.bucket(key);
        for e in [
            self.entries[i].load(Relaxed),
            self.entries[i + 1].load(Relaxed),
        ] {
            let bound = match e >> 56 & 3 {
                0 => continue,
                1 => Bound::Lower,
                2 => Bound::Upper,
                _ => Bound::Exact,
            };
            if e & KEY_MASK == h {
                let col = (e >> 58 & 7) as u32;
                return Some(Hit {
                    bound,
                    score: (e >> 49 & 0x7F) as i32 - 64,
                    column: (col < 7).then_some(col),
                });
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_verifies() {
        let t = Table::new(20);
        assert_eq!(t.len(), 1 << 20);
        t.put(12345, Bound::Lower, -7, Some(3), 1000);
        let hit = t.get(12345).unwrap();
        assert_eq!(
            (hit.bound, hit.score, hit.column),
            (Bound::Lower, -7, Some(3))
        );
        assert_eq!(t.get(12346), None);
        // Keys of the same bucket: h' = h ^ 1, h ^ 2, key' = h' / C mod 2^49.
        let mut inv = MULTIPLIER;
        for _ in 0..6 {
            inv = inv.wrapping_mul(2u64.wrapping_sub(MULTIPLIER.wrapping_mul(inv)));
        }
        let h = 12345u64.wrapping_mul(MULTIPLIER) & KEY_MASK;
        let k1 = (h ^ 1).wrapping_mul(inv) & KEY_MASK;
        let k2 = (h ^ 2).wrapping_mul(inv) & KEY_MASK;
        assert_eq!(t.bucket(k1).0, t.bucket(12345).0);
        assert_eq!(t.get(k1), None);
        // Less work: goes to the second slot, the first keeps its entry.
        t.put(k1, Bound::Exact, 5, None, 1);
        assert_eq!(t.get(k1).unwrap().score, 5);
        assert_eq!(t.get(12345).unwrap().score, -7);
        // More work: takes the first slot, the old first moves down over k1.
        t.put(k2, Bound::Upper, 0, Some(6), 1 << 20);
        assert_eq!(t.get(k2).unwrap().bound, Bound::Upper);
        assert_eq!(t.get(12345).unwrap().score, -7);
        assert_eq!(t.get(k1), None);
        // The empty board's key 0 is stored like any other.
        t.put(0, Bound::Exact, 1, Some(3), 9);
        assert_eq!(t.get(0).unwrap().score, 1);
    }
}
