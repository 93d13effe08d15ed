//! The transposition table: a fixed-size hash table of search results.

use crate::{Bound, Score, TableAllocError};

/// One stored search result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TtEntry<M> {
    /// The full 64-bit key of the position (verified on probe, so index collisions are
    /// never mistaken for hits).
    pub key: u64,
    /// The score, with decisive scores counted from this node (see [`Score::to_tt`]).
    pub score: Score,
    /// Remaining depth of the search that produced it, in plies.
    pub depth: u16,
    /// How `score` relates to the true value.
    pub bound: Bound,
    /// The best move found, if any.
    pub mv: Option<M>,
    /// The search generation that wrote it (for aging).
    pub generation: u8,
    /// True if the search below this node stopped at a horizon somewhere (scored a
    /// position with the evaluator), so the score depends on the depth; false when every
    /// line was searched to the end of the game (the score is the game value).
    pub horizon: bool,
    /// True if the position was on a principal variation when written, or had been
    /// (Stockfish's `ttPv`: a flag kept by the entry's writer, see
    /// [`TranspositionTable::store_pv`]); false from [`TranspositionTable::store`].
    pub pv: bool,
}

/// Entries a bucket, in both tables ([`TranspositionTable`], [`super::SharedTable`]).
pub(super) const BUCKET: usize = 4;

/// The number of buckets of `bucket_bytes` bytes in at most `mib` MiB: the largest power
/// of two that fits, at least 1.
pub(super) fn bucket_count(mib: usize, bucket_bytes: usize) -> usize {
    let budget = mib.saturating_mul(1 << 20) / bucket_bytes.max(1);
    if budget <= 1 {
        1
    } else {
        1usize << (usize::BITS - 1 - budget.leading_zeros())
    }
}

/// The bucket of `key` among `mask + 1` (a power of two) buckets: the high bits of a
/// multiplicative hash, as games' low key bits are often structured.
#[inline]
pub(super) fn bucket_index(key: u64, mask: usize) -> usize {
    (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) as usize & mask
}

/// What keeping an entry of stored `depth`, written in search `written`, is worth when
/// the search now is `generation`: `depth − 4·age` (the lowest is replaced).
#[inline]
pub(super) fn replacement_worth(depth: u32, written: u8, generation: u8) -> i64 {
    i64::from(depth) - 4 * i64::from(generation.wrapping_sub(written))
}

/// A transposition table of `2^k` buckets of four entries, sized in MiB.
///
/// Replacement is depth-preferred with aging: a probe of the same key overwrites its
/// entry; otherwise the entry replaced is the one with the lowest `depth − 4·age`, where
/// `age` is the number of searches since it was written ([`TranspositionTable::new_search`]).
/// Keys are verified in full. Layout after Stockfish's `tt.h` (clusters, generation).
#[derive(Clone, Debug)]
pub struct TranspositionTable<M> {
    entries: Vec<Option<TtEntry<M>>>,
    mask: usize,
    generation: u8,
}

impl<M: Copy> TranspositionTable<M> {
    /// A table using at most `mib` MiB (at least one bucket), rounded down to a power of
    /// two buckets.
    ///
    /// # Panics
    ///
    /// When the system refuses the memory (see [`TranspositionTable::try_new`], which
    /// returns an error instead: use it for a size the user chose).
    pub fn new(mib: usize) -> Self {
        Self::try_new(mib).unwrap_or_else(|e| panic!("{e}"))
    }

    /// [`TranspositionTable::new`], or an error when the system refuses the memory.
    ///
    /// # Errors
    ///
    /// [`TableAllocError`] with the table's size in bytes.
    pub fn try_new(mib: usize) -> Result<Self, TableAllocError> {
        let entry = std::mem::size_of::<Option<TtEntry<M>>>().max(1);
        let buckets = bucket_count(mib, entry * BUCKET);
        let len = buckets * BUCKET;
        let mut entries = Vec::new();
        entries
            .try_reserve_exact(len)
            .map_err(|_| TableAllocError::for_elements::<Option<TtEntry<M>>>(len))?;
        entries.resize(len, None);
        Ok(TranspositionTable {
            entries,
            mask: buckets - 1,
            generation: 0,
        })
    }

    /// Number of entries the table holds.
    pub fn capacity(&self) -> usize {
        self.entries.len()
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        self.entries.iter_mut().for_each(|e| *e = None);
        self.generation = 0;
    }

    /// Starts a new search: entries of earlier searches age and become easier to replace.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        bucket_index(key, self.mask) * BUCKET
    }

    /// The entry for `key`, if stored.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<TtEntry<M>> {
        let b = self.bucket(key);
        self.entries[b..b + BUCKET]
            .iter()
            .flatten()
            .find(|e| e.key == key)
            .copied()
    }

    /// Asks the processor to bring `key`'s bucket into the cache (a hint: see
    /// [`crate::prefetch::prefetch`]), a little before [`TranspositionTable::probe`] or
    /// [`TranspositionTable::store`] reads it.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        crate::prefetch::prefetch(&self.entries[self.bucket(key)]);
    }

    /// Stores a result for `key` (see the type's replacement rule), marked as depending
    /// on the horizon. A store without a move keeps the move already stored for the key.
    pub fn store(&mut self, key: u64, score: Score, depth: u32, bound: Bound, mv: Option<M>) {
        self.store_with_horizon(key, score, depth, bound, mv, true);
    }

    /// [`TranspositionTable::store`] with the entry's [`TtEntry::pv`] flag given (the
    /// entry depends on the horizon).
    pub fn store_pv(
        &mut self,
        key: u64,
        score: Score,
        depth: u32,
        bound: Bound,
        mv: Option<M>,
        pv: bool,
    ) {
        self.write(key, score, depth, bound, mv, true, pv);
    }

    /// [`TranspositionTable::store`] with the entry's [`TtEntry::horizon`] flag given.
    pub fn store_with_horizon(
        &mut self,
        key: u64,
        score: Score,
        depth: u32,
        bound: Bound,
        mv: Option<M>,
        horizon: bool,
    ) {
        self.write(key, score, depth, bound, mv, horizon, false);
    }

    /// Writes an entry with both flags (see the type's replacement rule).
    #[allow(clippy::too_many_arguments)]
    fn write(
        &mut self,
        key: u64,
        score: Score,
        depth: u32,
        bound: Bound,
        mv: Option<M>,
        horizon: bool,
        pv: bool,
    ) {
        let generation = self.generation;
        let b = self.bucket(key);
        let bucket = &mut self.entries[b..b + BUCKET];
        let depth = depth.min(u16::MAX as u32) as u16;
        let slot = match bucket.iter().position(|e| e.is_some_and(|e| e.key == key)) {
            Some(i) => i,
            None => match bucket.iter().position(Option::is_none) {
                Some(i) => i,
                None => {
                    let worth = |e: &Option<TtEntry<M>>| {
                        let e = e.as_ref().expect("bucket is full");
                        replacement_worth(u32::from(e.depth), e.generation, generation)
                    };
                    (0..BUCKET).min_by_key(|&i| worth(&bucket[i])).unwrap_or(0)
                }
            },
        };
        let mv = mv.or_else(|| bucket[slot].filter(|e| e.key == key).and_then(|e| e.mv));
        bucket[slot] = Some(TtEntry {
            key,
            score,
            depth,
            bound,
            mv,
            generation,
            horizon,
            pv,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_impossible_size_is_an_error() {
        let e = TranspositionTable::<u8>::try_new(usize::MAX).unwrap_err();
        assert!(e.bytes > isize::MAX as usize, "{e:?}");
        assert_eq!(
            TranspositionTable::<u8>::try_new(1).unwrap().capacity(),
            TranspositionTable::<u8>::new(1).capacity()
        );
    }

    #[test]
    fn stores_probes_and_verifies_keys() {
        let mut tt = TranspositionTable::<u8>::new(1);
        assert!(tt.capacity().is_power_of_two());
        tt.store(42, Score(7), 3, Bound::Exact, Some(5));
        let e = tt.probe(42).unwrap();
        assert_eq!(
            (e.score, e.depth, e.bound, e.mv),
            (Score(7), 3, Bound::Exact, Some(5))
        );
        assert!(tt.probe(43).is_none());
        tt.store(42, Score(9), 4, Bound::Lower, None);
        assert_eq!(
            tt.probe(42).unwrap().mv,
            Some(5),
            "move kept when none given"
        );
    }

    #[test]
    fn the_principal_variation_flag_is_the_writers() {
        let mut tt = TranspositionTable::<u8>::new(1);
        tt.store_pv(7, Score(1), 2, Bound::Exact, Some(3), true);
        let e = tt.probe(7).unwrap();
        assert!(e.pv && e.horizon, "{e:?}");
        tt.store(7, Score(1), 3, Bound::Lower, None);
        let e = tt.probe(7).unwrap();
        assert!(!e.pv, "a plain store clears the flag: {e:?}");
        assert_eq!(e.mv, Some(3));
    }

    #[test]
    fn deep_entries_survive_shallow_ones_in_a_full_bucket() {
        let mut tt = TranspositionTable::<u8>::new(0); // a single bucket
        assert_eq!(tt.capacity(), 4);
        tt.store(1, Score(0), 20, Bound::Exact, None);
        for k in 2..50 {
            tt.store(k, Score(0), 1, Bound::Exact, None);
        }
        assert!(tt.probe(1).is_some());
        // After enough searches the old deep entry ages out.
        for _ in 0..10 {
            tt.new_search();
        }
        for k in 100..104 {
            tt.store(k, Score(0), 1, Bound::Exact, None);
        }
        assert!(tt.probe(1).is_none());
    }
}
