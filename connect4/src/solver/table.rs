//! The solver's transposition table: one `u32` an entry, always-replace, keys verified
//! by a partial key (after Pons' `TranspositionTable.hpp`, with a power-of-two size and
//! one cache line access per probe instead of a prime size and two arrays).
//!
//! # Why a partial key is enough
//!
//! A position key is `current + mask` < 2^49. It is scrambled by `h = key · C mod 2^49`
//! with `C` odd — a bijection of the 49-bit keys — so `h` identifies the position. The
//! entry index is the top `log2` bits of `h` (well mixed: they depend on every key bit)
//! and the entry stores the low `49 − log2` bits as its tag. Index and tag together are
//! all of `h`: a tag match is an exact match, never a collision. With `log2 ≥ 24` the
//! tag fits in 25 bits, which leaves 7 bits for the value.

/// Bits of a position key.
const KEY_BITS: u32 = 49;
/// An odd multiplier (the 64-bit golden ratio), used modulo 2^49.
const MULTIPLIER: u64 = 0x9E37_79B9_7F4A_7C15;
/// Bits of an entry holding the value (values are 1..=127; 0 = empty).
const VALUE_BITS: u32 = 7;

/// A fixed-size table from position keys to small non-zero values.
#[derive(Clone, Debug)]
pub(crate) struct Table {
    entries: Vec<u32>,
    shift: u32,
    tag_mask: u64,
}

impl Table {
    /// Smallest size allowed (2^24 entries, 64 MiB): below it the tag would not fit.
    pub const MIN_LOG2: u32 = KEY_BITS - (32 - VALUE_BITS);
    /// Largest size allowed (2^30 entries, 4 GiB).
    pub const MAX_LOG2: u32 = 30;

    /// A table of `2^log2` entries (`log2` clamped to `MIN_LOG2..=MAX_LOG2`).
    pub fn new(log2: u32) -> Self {
        let log2 = log2.clamp(Self::MIN_LOG2, Self::MAX_LOG2);
        let tag_bits = KEY_BITS - log2;
        let mut table = Table {
            entries: vec![0; 1 << log2],
            shift: tag_bits,
            tag_mask: (1 << tag_bits) - 1,
        };
        table.touch();
        table
    }

    /// Writes one entry of every memory page, so that the operating system maps the
    /// zeroed pages now rather than on first use in the middle of a timed search.
    fn touch(&mut self) {
        for i in (0..self.entries.len()).step_by(1024) {
            self.entries[i] = std::hint::black_box(0);
        }
    }

    /// Number of entries.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Forgets every entry.
    pub fn clear(&mut self) {
        self.entries.iter_mut().for_each(|e| *e = 0);
    }

    #[inline(always)]
    fn slot(&self, key: u64) -> (usize, u32) {
        let h = key.wrapping_mul(MULTIPLIER) & ((1 << KEY_BITS) - 1);
        ((h >> self.shift) as usize, (h & self.tag_mask) as u32)
    }

    /// Stores `value` (1..=127) for `key`, replacing whatever was in its slot.
    #[inline(always)]
    pub fn put(&mut self, key: u64, value: u8) {
        debug_assert!(value != 0 && u32::from(value) < 1 << VALUE_BITS);
        let (i, tag) = self.slot(key);
        self.entries[i] = tag << VALUE_BITS | u32::from(value);
    }

    /// The value stored for `key`, or 0.
    #[inline(always)]
    pub fn get(&self, key: u64) -> u8 {
        let (i, tag) = self.slot(key);
        let e = self.entries[i];
        if e >> VALUE_BITS == tag {
            (e & ((1 << VALUE_BITS) - 1)) as u8
        } else {
            0
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_verifies() {
        let mut t = Table::new(0);
        assert_eq!(t.len(), 1 << 24);
        t.put(12345, 7);
        assert_eq!(t.get(12345), 7);
        assert_eq!(t.get(12346), 0);
        // A key with the same index and another tag: h' = h ^ 1, key' = h' / C mod 2^49.
        let mut inv = MULTIPLIER;
        for _ in 0..6 {
            inv = inv.wrapping_mul(2u64.wrapping_sub(MULTIPLIER.wrapping_mul(inv)));
        }
        let bits = (1u64 << KEY_BITS) - 1;
        let h = 12345u64.wrapping_mul(MULTIPLIER) & bits;
        let k = (h ^ 1).wrapping_mul(inv) & bits;
        assert_eq!(t.slot(k).0, t.slot(12345).0);
        assert_eq!(t.get(k), 0);
        t.put(k, 9);
        assert_eq!(t.get(k), 9);
        assert_eq!(t.get(12345), 0, "always-replace");
    }
}
