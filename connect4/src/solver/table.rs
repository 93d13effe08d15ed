//! The solver's transposition table: 8-byte entries in two-entry buckets, each entry the
//! whole scrambled key, a bound or exact score, the best move and the work spent
//! (after Steininger's table, `ChristopheSteininger/c4`, and the bound types of any
//! alpha-beta table; written from the description, not the code).
//!
//! # Layout
//!
//! A position key is `current + mask` < 2^K, `K` = [`Geometry::key_bits`] (49 on the
//! standard board, at most 64), scrambled by `h = key · C mod 2^K` with `C` odd — a
//! bijection (on small boards `K` is raised to 30, so that `h` has room for the bucket
//! index). The bucket index is the top bits of `h` and the entry keeps its low 49
//! bits; the table has at least 2^15 buckets, so index and stored bits together are the
//! whole of `h` for every `K ≤ 64`, and a match is exact (for `K ≤ 49` the entry alone
//! holds all of `h`). An entry (a `u64`):
//!
//! | bits | field |
//! |---|---|
//! | 0..49 | `h mod 2^49` |
//! | 49..56 | score + 64 |
//! | 56..58 | bound: 0 empty, 1 lower, 2 upper, 3 exact |
//! | 58..61 | best column (0..7; 7 none: the best column of a wider board is kept only when it is one of the first 7) |
//! | 61..64 | work: ⌊log₈ nodes⌋ of the search that made it, capped at 7 |
//!
//! A bucket is the two entries `2i` and `2i + 1` (one cache line): the first keeps the
//! entry of most work (depth-preferred), the second takes what the first refuses
//! (always-replace), so expensive results survive while recent ones are kept too.

use std::sync::atomic::{AtomicU32, AtomicU64, Ordering::Relaxed};

/// Bits of the scrambled key kept in an entry.
const KEY_BITS: u32 = 49;
const KEY_MASK: u64 = (1 << KEY_BITS) - 1;
/// An odd multiplier (the 64-bit golden ratio), used modulo 2^K.
const MULTIPLIER: u64 = 0x9E37_79B9_7F4A_7C15;
/// Best columns stored: 0..7 (the field's value 7 means none).
pub(crate) const COLUMNS: u32 = 7;

/// The bits of the scrambled key `h` for keys of `key_bits` bits: at least
/// [`Table::MAX_LOG2`], so that the bucket index (at most `MAX_LOG2 − 1` top bits of
/// `h`) always fits in `h` on small boards; `h = key · C mod 2^that` is still a
/// bijection on the keys.
#[inline(always)]
fn scrambled_bits(key_bits: u32) -> u32 {
    key_bits.max(Table::MAX_LOG2)
}

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

/// A table from position keys to score bounds and best moves, shared by the search
/// threads: each entry is one atomic word read and written whole (relaxed order, plain
/// loads and stores on x86-64), so a reader sees either a whole old entry or a whole new
/// one, and the key inside it says whether it is the position's.
///
/// Only the first `2^used_log2` entries are in use: the part in use grows with the work
/// ([`Table::fit`]), so that a run of a few easy positions does not pay for mapping the
/// whole table (64 MiB: about 40 ms of page faults, more than such a run's search).
/// Growing moves the entries to their new buckets; an entry found is a true bound
/// wherever it is (its whole key is in it), so threads storing meanwhile are harmless.
#[derive(Debug)]
pub(crate) struct Table {
    entries: Vec<AtomicU64>,
    /// `log2` of the number of entries in use (from `START_LOG2` up to the capacity).
    used_log2: AtomicU32,
}

impl Table {
    /// Smallest size allowed (2^16 entries).
    pub const MIN_LOG2: u32 = 16;
    /// Largest size allowed (2^30 entries, 8 GiB).
    pub const MAX_LOG2: u32 = 30;
    /// Entries in use after [`Table::try_new`] and [`Table::clear`]: 2^16 (512 KiB).
    const START_LOG2: u32 = 16;

    /// [`Table::try_new`] for the tests.
    #[cfg(test)]
    pub fn new(log2: u32) -> Self {
        Self::try_new(log2).expect("the test table's memory")
    }

    /// A table of `2^log2` entries of 8 bytes (`log2` clamped to `MIN_LOG2..=MAX_LOG2`),
    /// with its first `2^16` in use, or an error when the system refuses the memory.
    pub fn try_new(log2: u32) -> Result<Self, zerosum::TableAllocError> {
        let log2 = log2.clamp(Self::MIN_LOG2, Self::MAX_LOG2);
        Ok(Table {
            // All zero: a zeroed allocation, whose pages the operating system maps on
            // first use (`double` writes them as the part in use grows).
            entries: zerosum::prefetch::try_zeroed_atomic_u64s(1usize << log2)?,
            used_log2: AtomicU32::new(Self::START_LOG2),
        })
    }

    /// Number of entries (the capacity, in use or not).
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Forgets every entry, and goes back to the first `2^16` entries. Takes the table
    /// by `&mut` (no search thread holds it), so the part in use is zeroed by plain
    /// writes, which compile to a block fill (`memset`): on Pons' Test_L1_R1, a table
    /// emptied before each of its 1,000 lines, an atomic store an entry took 6 % of the
    /// CPU samples (`perf record`), the fill 2 %.
    pub fn clear(&mut self) {
        let used = 1 << *self.used_log2.get_mut();
        self.entries[..used]
            .iter_mut()
            .for_each(|e| *e.get_mut() = 0);
        *self.used_log2.get_mut() = Self::START_LOG2;
    }

    /// Makes the part in use hold more than half of `work` entries (up to the capacity),
    /// `work` being the nodes searched since the table was emptied (at most one store
    /// each), by doubling it as often as needed ([`Table::double`]); keys have
    /// `key_bits` bits. Half, not twice as many: a smaller part stays in the caches
    /// (first 30 lines of Pons' Test_L1_R2: 2.03–2.08 s against 2.27–2.47 s CPU, 0.5 %
    /// more nodes).
    pub fn fit(&self, work: u64, key_bits: u32) {
        let want =
            (u64::BITS - (work / 2).leading_zeros()).min(self.entries.len().trailing_zeros());
        let mut used = self.used_log2.load(Relaxed);
        while used < want {
            self.double(used, key_bits);
            used += 1;
            self.used_log2.store(used, Relaxed);
        }
    }

    /// Doubles the part in use, from `2^used_log2` entries: the bucket index gains the
    /// next bit of `h`, so bucket `b`'s entries go to bucket `2b` or `2b + 1`, each kept
    /// in its slot order. Buckets are moved from the last down, so a target is always
    /// already moved out or new; the new part is only written (never read first, which
    /// would map its pages twice: the shared zero page, then a copy). That next bit,
    /// bit `key_bits − used_log2` of `h`, is one of the 49 stored (`used_log2 ≥ 16`).
    fn double(&self, used_log2: u32, key_bits: u32) {
        let buckets = 1usize << (used_log2 - 1);
        let shift = scrambled_bits(key_bits) - used_log2;
        for b in (0..buckets).rev() {
            let mut out = [0; 4];
            for e in [
                self.entries[2 * b].load(Relaxed),
                self.entries[2 * b + 1].load(Relaxed),
            ] {
                if e >> 56 & 3 != 0 {
                    let half = 2 * ((e & KEY_MASK) >> shift & 1) as usize;
                    out[half + usize::from(out[half] != 0)] = e;
                }
            }
            for (k, e) in out.into_iter().enumerate() {
                self.entries[4 * b + k].store(e, Relaxed);
            }
        }
    }

    /// The first entry of `key`'s bucket (keys of `key_bits` bits), and the stored part
    /// of the scrambled key `h`.
    #[inline(always)]
    fn bucket(&self, key: u64, key_bits: u32) -> (usize, u64) {
        let key_bits = scrambled_bits(key_bits);
        let h = key.wrapping_mul(MULTIPLIER);
        let h = if key_bits < 64 {
            h & ((1 << key_bits) - 1)
        } else {
            h
        };
        // The bucket index is the top used_log2 - 1 bits of h.
        let shift = key_bits + 1 - self.used_log2.load(Relaxed);
        (((h >> shift) as usize) << 1, h & KEY_MASK)
    }

    /// Stores a result for `key` (of `key_bits` bits): the bound, the score, the best
    /// column (if any; one of the first [`COLUMNS`]) and the nodes the search took.
    #[inline(always)]
    pub fn put(
        &self,
        key: u64,
        key_bits: u32,
        bound: Bound,
        score: i32,
        column: Option<u32>,
        nodes: u64,
    ) {
        let (i, h) = self.bucket(key, key_bits);
        let work = ((63 - (nodes | 1).leading_zeros()) / 3).min(7) as u64;
        let e = h
            | ((score + 64) as u64) << 49
            | (bound as u64) << 56
            | u64::from(column.unwrap_or(COLUMNS)) << 58
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

    /// True when the part in use is larger than its first `2^16` entries (512 KiB),
    /// which stay in a core's second-level cache: below that, prefetching buckets only
    /// costs the instructions that compute the children's keys.
    #[inline(always)]
    pub fn beyond_cache(&self) -> bool {
        self.used_log2.load(Relaxed) > Self::START_LOG2
    }

    /// Asks the processor to bring `key`'s bucket into cache ([`zerosum::prefetch::prefetch`]): a
    /// hint, to be given a while before [`Table::get`] or [`Table::put`] of that key.
    #[inline(always)]
    pub fn prefetch(&self, key: u64, key_bits: u32) {
        zerosum::prefetch::prefetch(&self.entries[self.bucket(key, key_bits).0]);
    }

    /// What is stored for `key` (of `key_bits` bits), if anything.
    #[inline(always)]
    pub fn get(&self, key: u64, key_bits: u32) -> Option<Hit> {
        let (i, h) = self.bucket(key, key_bits);
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
                    column: (col < COLUMNS).then_some(col),
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
        t.put(12345, 49, Bound::Lower, -7, Some(3), 1000);
        let hit = t.get(12345, 49).unwrap();
        assert_eq!(
            (hit.bound, hit.score, hit.column),
            (Bound::Lower, -7, Some(3))
        );
        assert_eq!(t.get(12346, 49), None);
        // Keys of the same bucket: h' = h ^ 1, h ^ 2, key' = h' / C mod 2^49.
        let mut inv = MULTIPLIER;
        for _ in 0..6 {
            inv = inv.wrapping_mul(2u64.wrapping_sub(MULTIPLIER.wrapping_mul(inv)));
        }
        let h = 12345u64.wrapping_mul(MULTIPLIER) & KEY_MASK;
        let k1 = (h ^ 1).wrapping_mul(inv) & KEY_MASK;
        let k2 = (h ^ 2).wrapping_mul(inv) & KEY_MASK;
        assert_eq!(t.bucket(k1, 49).0, t.bucket(12345, 49).0);
        assert_eq!(t.get(k1, 49), None);
        // Less work: goes to the second slot, the first keeps its entry.
        t.put(k1, 49, Bound::Exact, 5, None, 1);
        assert_eq!(t.get(k1, 49).unwrap().score, 5);
        assert_eq!(t.get(12345, 49).unwrap().score, -7);
        // More work: takes the first slot, the old first moves down over k1.
        t.put(k2, 49, Bound::Upper, 0, Some(6), 1 << 20);
        assert_eq!(t.get(k2, 49).unwrap().bound, Bound::Upper);
        assert_eq!(t.get(12345, 49).unwrap().score, -7);
        assert_eq!(t.get(k1, 49), None);
        // The empty board's key 0 is stored like any other.
        t.put(0, 49, Bound::Exact, 1, Some(3), 9);
        assert_eq!(t.get(0, 49).unwrap().score, 1);
    }

    #[test]
    fn growing_keeps_every_entry() {
        let mut t = Table::new(20);
        assert_eq!(t.used_log2.load(Relaxed), Table::START_LOG2);
        // More keys than the starting part holds: some are replaced, the rest are kept.
        let keys: Vec<u64> = (1..=100_000u64)
            .map(|i| i.wrapping_mul(0x2545_F491_4F6C_DD1D) & KEY_MASK)
            .collect();
        for (i, &k) in keys.iter().enumerate() {
            t.put(
                k,
                49,
                Bound::Lower,
                (i % 40) as i32 - 20,
                Some((i % 7) as u32),
                i as u64,
            );
        }
        let before: Vec<_> = keys.iter().map(|&k| t.get(k, 49)).collect();
        assert!(before.iter().filter(|h| h.is_some()).count() > 30_000);
        t.fit((1 << 20) - 1, 49);
        assert_eq!(t.used_log2.load(Relaxed), 19);
        t.fit(u64::MAX, 49);
        assert_eq!(t.used_log2.load(Relaxed), 20);
        for (&k, hit) in keys.iter().zip(&before) {
            if hit.is_some() {
                assert_eq!(t.get(k, 49), *hit);
            }
        }
        t.clear();
        assert_eq!(t.used_log2.load(Relaxed), Table::START_LOG2);
        assert!(keys.iter().all(|&k| t.get(k, 49).is_none()));
    }

    /// Keys of 64 bits (the 32×1 and 1×63 boards): index and stored bits together tell
    /// every key apart, also after the table grows.
    #[test]
    fn wide_keys_stay_exact() {
        let t = Table::new(18);
        // Keys equal in their low 49 scrambled bits, different in the top 15.
        let mut inv = MULTIPLIER;
        for _ in 0..6 {
            inv = inv.wrapping_mul(2u64.wrapping_sub(MULTIPLIER.wrapping_mul(inv)));
        }
        let keys: Vec<u64> = (0..8u64)
            .map(|top| (12345 | top << 60).wrapping_mul(inv))
            .collect();
        for (i, &k) in keys.iter().enumerate() {
            t.put(k, 64, Bound::Exact, i as i32, None, 1);
        }
        // Each in its own bucket (the top bits are the index), each found with its own
        // score although their stored bits are equal; and so after growing.
        let scores = || -> Vec<_> {
            keys.iter()
                .map(|&k| t.get(k, 64).map(|h| h.score))
                .collect()
        };
        let expected: Vec<_> = (0..8).map(Some).collect();
        assert_eq!(scores(), expected);
        t.fit(u64::MAX, 64);
        assert_eq!(scores(), expected);
    }
}
