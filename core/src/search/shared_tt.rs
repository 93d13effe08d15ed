//! A transposition table that several search threads share: the same entries and
//! replacement rule as [`TranspositionTable`](super::TranspositionTable), each entry
//! packed into two 64-bit atomic words so that threads read and write it without locks.
//!
//! Lockless by Hyatt and Mann's XOR trick ("A lockless transposition-table
//! implementation for parallel search", ICGA Journal 25(1), 2002): an entry stores its
//! data word and the key XOR the data word. A reader that meets a half-written entry
//! (one word from one writer, one from another) sees a key that does not match and
//! treats the entry as absent, so a torn entry is never read as a hit. The table is the
//! shared memory of a "Lazy SMP" search, where every thread searches the same root and
//! they help each other only through the table (as Stockfish does since 2015).

use super::TtEntry;
use super::tt::{BUCKET, bucket_count, bucket_index, replacement_worth};
use crate::{Bound, Score, TableAllocError};
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

/// A move that fits in 16 bits, as a [`SharedTable`] stores it.
pub trait TableMove: Copy {
    /// The move as 16 bits; [`NO_MOVE`] is reserved for "no move" and is never returned.
    fn to_bits(self) -> u16;
    /// The move that [`TableMove::to_bits`] gave `bits` for.
    fn from_bits(bits: u16) -> Self;
}

/// The 16 bits that stand for "no move" in a [`SharedTable`] entry.
pub const NO_MOVE: u16 = u16::MAX;

impl TableMove for u8 {
    fn to_bits(self) -> u16 {
        u16::from(self)
    }
    fn from_bits(bits: u16) -> Self {
        bits as u8
    }
}

/// The offset added to a score to store it unsigned in [`SCORE_BITS`] bits.
const SCORE_BITS: u32 = 22;
const SCORE_OFFSET: i64 = 1 << (SCORE_BITS - 1);
const DEPTH_BITS: u32 = 12;
const DEPTH_MAX: u32 = (1 << DEPTH_BITS) - 1;
const DEPTH_SHIFT: u32 = SCORE_BITS;
const BOUND_SHIFT: u32 = DEPTH_SHIFT + DEPTH_BITS;
const MOVE_SHIFT: u32 = BOUND_SHIFT + 2;
const GENERATION_SHIFT: u32 = MOVE_SHIFT + 16;
const HORIZON_BIT: u64 = 1 << (GENERATION_SHIFT + 8);
const PV_BIT: u64 = HORIZON_BIT << 1;
/// Set in every written entry, so that an empty entry (both words 0) is never a hit,
/// whatever the key.
const OCCUPIED_BIT: u64 = 1 << 63;

/// Words of one entry: the key XOR the data word, then the data word.
const SLOT_WORDS: usize = 2;
/// Words of one bucket: four entries, 64 bytes, one cache line.
const BUCKET_WORDS: usize = BUCKET * SLOT_WORDS;

/// A transposition table of `2^k` buckets of four entries, sized in MiB, that threads
/// share by reference (`&self` for every read and write).
///
/// The entries and the replacement rule are those of
/// [`TranspositionTable`](super::TranspositionTable): a store for a key already there
/// overwrites its entry; otherwise an empty entry is taken, else the one with the lowest
/// `depth − 4·age` (`age`: searches since it was written,
/// [`SharedTable::new_search`]). Keys are verified in full. Stored fields are bounded: a
/// score within ±2,097,151 (every [`Score`], [`Score::INFINITE`] included), a depth up to
/// 4,095 (deeper is kept as 4,095), a move of 16 bits ([`TableMove`]).
///
/// With one thread it behaves exactly as `TranspositionTable` of the same capacity.
/// With several, two writers of one bucket may both pick the same entry (the later one
/// wins) or leave an entry torn, which every reader then ignores: a lost entry costs a
/// little search, never a wrong hit.
#[derive(Debug)]
pub struct SharedTable<M> {
    /// The buckets' words from `offset` on (the first word of a 64-byte line).
    words: Vec<AtomicU64>,
    offset: usize,
    mask: usize,
    generation: AtomicU8,
    moves: std::marker::PhantomData<M>,
}

impl<M: TableMove> SharedTable<M> {
    /// A table using at most `mib` MiB (at least one bucket), rounded down to a power of
    /// two buckets of 64 bytes. Its memory comes zeroed from the system, untouched
    /// ([`crate::prefetch::try_zeroed_atomic_u64s`]): making even a large table costs
    /// next to nothing, and only the pages a search writes become resident.
    ///
    /// # Panics
    ///
    /// When the system refuses the memory (see [`SharedTable::try_new`]).
    pub fn new(mib: usize) -> Self {
        Self::try_new(mib).unwrap_or_else(|e| panic!("{e}"))
    }

    /// [`SharedTable::new`], or an error when the system refuses the memory.
    ///
    /// # Errors
    ///
    /// [`TableAllocError`] with the table's size in bytes.
    pub fn try_new(mib: usize) -> Result<Self, TableAllocError> {
        let len = bucket_count(mib, BUCKET_WORDS * 8);
        // A bucket's worth more, to start the buckets on a cache line.
        let words = len
            .checked_mul(BUCKET_WORDS)
            .and_then(|n| n.checked_add(BUCKET_WORDS))
            .ok_or(TableAllocError::for_elements::<AtomicU64>(usize::MAX))?;
        let words = crate::prefetch::try_zeroed_atomic_u64s(words)?;
        let misaligned = (words.as_ptr() as usize / 8) % BUCKET_WORDS;
        Ok(SharedTable {
            words,
            offset: (BUCKET_WORDS - misaligned) % BUCKET_WORDS,
            mask: len - 1,
            generation: AtomicU8::new(0),
            moves: std::marker::PhantomData,
        })
    }

    /// Number of entries the table holds.
    pub fn capacity(&self) -> usize {
        (self.mask + 1) * BUCKET
    }

    /// Empties the table (while no search uses it: an entry written meanwhile may stay).
    pub fn clear(&self) {
        for word in &self.words {
            word.store(0, Ordering::Relaxed);
        }
        self.generation.store(0, Ordering::Relaxed);
    }

    /// Starts a new search: entries of earlier searches age and become easier to replace.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Ordering::Relaxed);
    }

    /// The words of `key`'s bucket: entry `i`'s check word at `2i`, its data at `2i + 1`.
    #[inline]
    fn bucket(&self, key: u64) -> &[AtomicU64] {
        let start = self.offset + bucket_index(key, self.mask) * BUCKET_WORDS;
        &self.words[start..start + BUCKET_WORDS]
    }

    /// The data word of entry `i` of `bucket` when it holds `key`.
    #[inline]
    fn read(bucket: &[AtomicU64], i: usize, key: u64) -> Option<u64> {
        let data = bucket[SLOT_WORDS * i + 1].load(Ordering::Relaxed);
        let check = bucket[SLOT_WORDS * i].load(Ordering::Relaxed);
        (data & OCCUPIED_BIT != 0 && check ^ data == key).then_some(data)
    }

    /// The entry for `key`, if stored.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<TtEntry<M>> {
        let bucket = self.bucket(key);
        (0..BUCKET)
            .find_map(|i| Self::read(bucket, i, key))
            .map(|data| decode(key, data))
    }

    /// Asks the processor to bring `key`'s bucket into the cache (a hint: see
    /// [`crate::prefetch::prefetch`]).
    #[inline]
    pub fn prefetch(&self, key: u64) {
        crate::prefetch::prefetch(&self.bucket(key)[0]);
    }

    /// Stores a result for `key` with its [`TtEntry::pv`] flag (see the type's replacement
    /// rule), marked as depending on the horizon. A store without a move keeps the move
    /// already stored for the key.
    pub fn store_pv(
        &self,
        key: u64,
        score: Score,
        depth: u32,
        bound: Bound,
        mv: Option<M>,
        pv: bool,
    ) {
        let generation = self.generation.load(Ordering::Relaxed);
        let bucket = self.bucket(key);
        let words: [u64; BUCKET] =
            std::array::from_fn(|i| bucket[SLOT_WORDS * i + 1].load(Ordering::Relaxed));
        // The key's own entry (and its data word), else an empty one, else the least worth.
        let held = (0..BUCKET).find_map(|i| Self::read(bucket, i, key).map(|w| (i, w)));
        let slot = match held {
            Some((i, _)) => i,
            None => match words.iter().position(|&w| w & OCCUPIED_BIT == 0) {
                Some(i) => i,
                None => (0..BUCKET)
                    .min_by_key(|&i| {
                        let w = words[i];
                        let depth = (w >> DEPTH_SHIFT) as u32 & DEPTH_MAX;
                        replacement_worth(depth, (w >> GENERATION_SHIFT) as u8, generation)
                    })
                    .unwrap_or(0),
            },
        };
        let mv = match (mv, held) {
            (Some(m), _) => m.to_bits(),
            (None, Some((_, w))) => (w >> MOVE_SHIFT) as u16,
            (None, None) => NO_MOVE,
        };
        let data = encode(score, depth, bound, mv, generation, pv);
        bucket[SLOT_WORDS * slot + 1].store(data, Ordering::Relaxed);
        bucket[SLOT_WORDS * slot].store(key ^ data, Ordering::Relaxed);
    }

    /// [`SharedTable::store_pv`] without the principal-variation flag.
    pub fn store(&self, key: u64, score: Score, depth: u32, bound: Bound, mv: Option<M>) {
        self.store_pv(key, score, depth, bound, mv, false);
    }
}

/// The data word of an entry (horizon-dependent, as every store of this table is).
fn encode(score: Score, depth: u32, bound: Bound, mv: u16, generation: u8, pv: bool) -> u64 {
    let score = (i64::from(score.0) + SCORE_OFFSET).clamp(0, 2 * SCORE_OFFSET - 1) as u64;
    let bound = match bound {
        Bound::Exact => 0u64,
        Bound::Lower => 1,
        Bound::Upper => 2,
    };
    score
        | u64::from(depth.min(DEPTH_MAX)) << DEPTH_SHIFT
        | bound << BOUND_SHIFT
        | u64::from(mv) << MOVE_SHIFT
        | u64::from(generation) << GENERATION_SHIFT
        | HORIZON_BIT
        | if pv { PV_BIT } else { 0 }
        | OCCUPIED_BIT
}

/// The entry for `key` whose data word is `data`.
fn decode<M: TableMove>(key: u64, data: u64) -> TtEntry<M> {
    let mv = (data >> MOVE_SHIFT) as u16;
    TtEntry {
        key,
        score: Score(((data & ((1 << SCORE_BITS) - 1)) as i64 - SCORE_OFFSET) as i32),
        depth: ((data >> DEPTH_SHIFT) as u32 & DEPTH_MAX) as u16,
        bound: match (data >> BOUND_SHIFT) & 3 {
            0 => Bound::Exact,
            1 => Bound::Lower,
            _ => Bound::Upper,
        },
        mv: (mv != NO_MOVE).then(|| M::from_bits(mv)),
        generation: (data >> GENERATION_SHIFT) as u8,
        horizon: data & HORIZON_BIT != 0,
        pv: data & PV_BIT != 0,
    }
}

#[cfg(test)]
mod tests {
    use super::super::TranspositionTable;
    use super::*;

    #[test]
    fn entries_come_back_as_stored() {
        let tt = SharedTable::<u8>::new(1);
        assert!(tt.capacity().is_power_of_two());
        assert_eq!(
            tt.bucket(0).as_ptr() as usize % 64,
            0,
            "a bucket on a cache line"
        );
        for (score, depth, bound, mv, pv) in [
            (Score(7), 3, Bound::Exact, Some(5), false),
            (Score::win_in(3), 4_095, Bound::Lower, Some(255), true),
            (Score::loss_in(80), 0, Bound::Upper, None, false),
            (Score::INFINITE, 1, Bound::Lower, Some(0), false),
            (-Score::INFINITE, 2, Bound::Upper, Some(1), true),
        ] {
            // A fresh key each (a store without a move keeps the key's old move).
            let key = 40 + u64::from(depth);
            tt.store_pv(key, score, depth, bound, mv, pv);
            let e = tt.probe(key).unwrap();
            assert_eq!(
                (
                    e.key,
                    e.score,
                    u32::from(e.depth),
                    e.bound,
                    e.mv,
                    e.pv,
                    e.horizon
                ),
                (key, score, depth, bound, mv, pv, true)
            );
        }
        tt.store(42, Score(7), 3, Bound::Exact, Some(1));
        tt.store(42, Score(0), 9_000, Bound::Exact, None);
        let e = tt.probe(42).unwrap();
        assert_eq!((e.depth, e.mv), (4_095, Some(1)), "depth capped, move kept");
        assert!(tt.probe(1_000).is_none());
        assert!(tt.probe(0).is_none(), "an empty entry is no hit for key 0");
        tt.clear();
        assert!(tt.probe(42).is_none());
    }

    /// The same stores and probes give the same answers as the single-thread table of
    /// the same capacity: the replacement rule, aging included, is the same.
    #[test]
    fn one_thread_sees_what_the_plain_table_sees() {
        let shared = SharedTable::<u8>::new(0);
        let mut plain = TranspositionTable::<u8>::new(0);
        assert_eq!(shared.capacity(), plain.capacity());
        // A small linear congruential sequence: keys colliding in the one bucket.
        let mut x = 12_345u64;
        for step in 0..5_000u64 {
            x = x
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let key = x >> 58; // 64 keys
            let depth = (x >> 20) as u32 % 30;
            let mv = (!(x >> 30).is_multiple_of(3)).then_some((x >> 40) as u8);
            let bound = [Bound::Exact, Bound::Lower, Bound::Upper][(x >> 45) as usize % 3];
            let score = Score((x >> 8) as i32 % 1_000 - 500);
            if step % 700 == 0 {
                shared.new_search();
                plain.new_search();
            }
            shared.store_pv(key, score, depth, bound, mv, step % 2 == 0);
            plain.store_pv(key, score, depth, bound, mv, step % 2 == 0);
            for k in 0..64 {
                let (s, p) = (shared.probe(k), plain.probe(k));
                assert_eq!(
                    s.map(|e| (e.score, e.depth, e.bound, e.mv, e.pv, e.generation)),
                    p.map(|e| (e.score, e.depth, e.bound, e.mv, e.pv, e.generation)),
                    "key {k} after step {step}"
                );
            }
        }
    }

    /// Threads writing the same keys with self-consistent data never read an entry
    /// mixed from two writes.
    #[test]
    fn threads_never_read_a_torn_entry() {
        let tt = SharedTable::<u8>::new(0);
        std::thread::scope(|s| {
            for t in 0..4u32 {
                let tt = &tt;
                s.spawn(move || {
                    for i in 0..20_000u32 {
                        let key = u64::from(i % 7);
                        // Depth, score and move all derived from one number.
                        let n = (i * 4 + t) % 200;
                        tt.store(key, Score(n as i32), n, Bound::Lower, Some(n as u8));
                        if let Some(e) = tt.probe(u64::from((i + 3) % 7)) {
                            let n = u32::from(e.depth);
                            assert_eq!((e.score, e.mv), (Score(n as i32), Some(n as u8)));
                        }
                    }
                });
            }
        });
    }
}
