//! The endgame transposition table: exact-score bounds keyed by the full position.

/// One entry: the position (verified in full), bounds on its exact score, a best move.
#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    player: u64,
    opponent: u64,
    /// Lower and upper bounds on the final disc difference for the side to move.
    lower: i8,
    upper: i8,
    /// Best move square (64 = none).
    best: u8,
    /// Empty squares of the position (its remaining depth): deeper entries are kept.
    empties: u8,
    /// The selectivity of the search that stored the bounds ([`EXACT`]: exact).
    level: u8,
}

/// The default size of the endgame table, MiB ([`crate::solver::Solver::default`], the
/// `solve` command, the `ffo` example and the xtask suites).
///
/// 32 MiB rather than 64: side by side over 6 rounds, CPU user + system, it was
/// 2.3 % faster than 64 MiB on FFO #20–#39, 0.7 % on #40–#49 and 0.6 % on 15 self-play
/// endgames of 20–24 empties, for 0.06 / 0.68 / 0.19 % more nodes; 16 MiB was within
/// 1 % of 32 (−0.7 / +0.1 / −0.3 %) for up to 1.2 % more nodes (the crate's FIGURES.md). A smaller table stays in the processor's last-level cache more, and the
/// kernel has fewer huge pages to clear at its first touch.
pub const DEFAULT_MIB: usize = 32;

/// The level of exact bounds ([`EndgameTable::set_level`]); lower levels are the
/// solver's selective searches, whose bounds hold only for searches of their level or
/// below.
pub const EXACT: u8 = u8::MAX;

/// What a probe found: bounds and a best move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Probe {
    /// A lower bound on the exact score.
    pub lower: i32,
    /// An upper bound on the exact score.
    pub upper: i32,
    /// The best move's square, if stored.
    pub best: Option<u32>,
}

/// Two entries on one 64-byte cache line: a probe costs at most one cache miss.
#[derive(Clone, Copy, Debug, Default)]
#[repr(align(64))]
struct Bucket([Entry; 2]);

/// A table of `2^k` two-entry buckets (each on its own cache line; the buckets in huge
/// pages where the system gives them, so that a probe seldom misses the address-translation
/// cache: [`zerosum::prefetch::huge_page_vec`]). Bounds of exact endgame scores do not depend on
/// the depth searched, so any hit is usable; replacement prefers positions with more
/// empties (costlier to recompute) in the first slot of a bucket, the most recent in the
/// second. A store for a stored position intersects the bounds.
pub struct EndgameTable {
    /// The buckets, from `base` on (before it: padding, so that they start on a huge
    /// page; [`zerosum::prefetch::huge_page_vec`]).
    buckets: Vec<Bucket>,
    base: usize,
    mask: usize,
    /// The table of the positions with fewer than `near_empties` empties (near the
    /// leaves: many, cheap to recompute), small so that its pages stay in the
    /// processor's address-translation cache; empty when `near_empties` is 0.
    near: Vec<Bucket>,
    near_base: usize,
    near_mask: usize,
    near_empties: u32,
    /// The selectivity of the current search (see [`EndgameTable::set_level`]).
    level: u8,
}

/// Where the bucket of a position is ([`EndgameTable::slot`]): which table, and the
/// bucket's index in it. A node computes it once for its probe and its store.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Slot {
    near: bool,
    index: usize,
}

#[inline]
fn mix(p: u64, o: u64) -> u64 {
    let h = p.wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ o.rotate_left(31).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
    h ^ (h >> 29)
}

impl EndgameTable {
    /// A table of at most `mib` MiB.
    ///
    /// # Panics
    ///
    /// When the system refuses the table's memory (see [`EndgameTable::try_new`]).
    pub fn new(mib: usize) -> EndgameTable {
        Self::try_new(mib).unwrap_or_else(|e| panic!("{e}"))
    }

    /// [`EndgameTable::new`], or an error when the system refuses the table's memory.
    ///
    /// # Errors
    ///
    /// [`zerosum::TableAllocError`] with the table's size in bytes.
    pub fn try_new(mib: usize) -> Result<EndgameTable, zerosum::TableAllocError> {
        let n = mib.max(1).saturating_mul(1 << 20) / std::mem::size_of::<Bucket>();
        let n = 1usize << (usize::BITS - 1 - n.leading_zeros());
        let (buckets, base) = zerosum::prefetch::try_huge_page_vec(n, Bucket::default())?;
        Ok(EndgameTable {
            buckets,
            base,
            mask: n - 1,
            near: Vec::new(),
            near_base: 0,
            near_mask: 0,
            near_empties: 0,
            level: EXACT,
        })
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.buckets.iter_mut().for_each(|e| *e = Bucket::default());
        self.near.iter_mut().for_each(|e| *e = Bucket::default());
    }

    /// Keeps the positions with fewer than `empties` empties in a separate table of
    /// `mib` MiB (0: no separate table); forgets them.
    pub fn set_near(&mut self, empties: u32, mib: usize) {
        self.near_empties = if mib == 0 { 0 } else { empties };
        if self.near_empties == 0 {
            self.near = Vec::new();
            self.near_base = 0;
            self.near_mask = 0;
            return;
        }
        let n = (mib << 20) / std::mem::size_of::<Bucket>();
        let n = 1usize << (usize::BITS - 1 - n.leading_zeros());
        (self.near, self.near_base) = zerosum::prefetch::huge_page_vec(n, Bucket::default());
        self.near_mask = n - 1;
    }

    /// Where the bucket of a position is (valid until the table is resized).
    #[inline(always)]
    pub(crate) fn slot(&self, p: u64, o: u64) -> Slot {
        self.slot_with(p, o, (p | o).count_zeros())
    }

    /// [`EndgameTable::slot`] of a position known to have `empties` empty squares (the
    /// solver knows them: no count).
    #[inline(always)]
    pub(crate) fn slot_with(&self, p: u64, o: u64, empties: u32) -> Slot {
        let h = mix(p, o) as usize;
        if empties < self.near_empties {
            Slot {
                near: true,
                index: self.near_base + (h & self.near_mask),
            }
        } else {
            Slot {
                near: false,
                index: self.base + (h & self.mask),
            }
        }
    }

    /// The bucket at a slot.
    #[inline(always)]
    fn bucket(&self, s: Slot) -> &Bucket {
        if s.near {
            &self.near[s.index]
        } else {
            &self.buckets[s.index]
        }
    }

    /// The bucket at a slot, to write.
    #[inline(always)]
    fn bucket_mut(&mut self, s: Slot) -> &mut Bucket {
        if s.near {
            &mut self.near[s.index]
        } else {
            &mut self.buckets[s.index]
        }
    }

    /// Sets the selectivity of the searches that follow: their stores are marked with
    /// `level`, and their probes use the bounds of entries stored at `level` or above
    /// (a lower level's entry gives only its best move, with the bounds `-64..=64`).
    /// [`EXACT`] (the default) for exact searches; lower levels for selective ones
    /// (ProbCut), whose bounds are not exact.
    pub fn set_level(&mut self, level: u8) {
        self.level = level;
    }

    /// Looks up a position.
    #[inline]
    pub fn probe(&self, p: u64, o: u64) -> Option<Probe> {
        self.probe_at(self.slot(p, o), p, o)
    }

    /// Looks up a position whose [`EndgameTable::slot`] is `s`.
    #[inline]
    pub(crate) fn probe_at(&self, s: Slot, p: u64, o: u64) -> Option<Probe> {
        for e in &self.bucket(s).0 {
            if e.player == p && e.opponent == o && (p | o) != 0 {
                let usable = e.level >= self.level;
                return Some(Probe {
                    lower: if usable { e.lower as i32 } else { -64 },
                    upper: if usable { e.upper as i32 } else { 64 },
                    best: if e.best < 64 {
                        Some(e.best as u32)
                    } else {
                        None
                    },
                });
            }
        }
        None
    }

    /// Asks the processor to bring the bucket of a position into the cache
    /// ([`zerosum::prefetch::prefetch`]), so that a later [`probe`] or [`store`] finds it there; a
    /// hint only, nothing waits for it.
    ///
    /// [`probe`]: EndgameTable::probe
    /// [`store`]: EndgameTable::store
    #[inline]
    pub fn prefetch(&self, p: u64, o: u64) {
        self.prefetch_at(self.slot(p, o));
    }

    /// [`EndgameTable::prefetch`] of the bucket at a slot.
    #[inline]
    pub(crate) fn prefetch_at(&self, s: Slot) {
        zerosum::prefetch::prefetch(self.bucket(s));
    }

    /// Stores bounds `lower..=upper` and a best move for a position with `empties`
    /// empty squares.
    #[inline]
    pub fn store(
        &mut self,
        p: u64,
        o: u64,
        empties: u32,
        lower: i32,
        upper: i32,
        best: Option<u32>,
    ) {
        self.store_at(self.slot(p, o), p, o, empties, lower, upper, best);
    }

    /// [`EndgameTable::store`] for a position whose [`EndgameTable::slot`] is `s`.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub(crate) fn store_at(
        &mut self,
        s: Slot,
        p: u64,
        o: u64,
        empties: u32,
        lower: i32,
        upper: i32,
        best: Option<u32>,
    ) {
        let best = best.map_or(64, |b| b as u8);
        let level = self.level;
        let bucket = &mut self.bucket_mut(s).0;
        for e in bucket.iter_mut() {
            if e.player == p && e.opponent == o {
                if e.level > level {
                    // Bounds of a more exact search stay.
                    return;
                }
                if e.level < level {
                    e.level = level;
                    e.lower = -64;
                    e.upper = 64;
                }
                e.lower = e.lower.max(lower as i8);
                e.upper = e.upper.min(upper as i8);
                if e.lower > e.upper {
                    // Bounds from different windows can only cross through a bug; keep
                    // the newest.
                    e.lower = lower as i8;
                    e.upper = upper as i8;
                }
                if best < 64 {
                    e.best = best;
                }
                return;
            }
        }
        let new = Entry {
            player: p,
            opponent: o,
            lower: lower as i8,
            upper: upper as i8,
            best,
            empties: empties as u8,
            level,
        };
        // Slot 0 keeps the deepest position, slot 1 the most recent one.
        if empties >= bucket[0].empties as u32 {
            bucket[1] = bucket[0];
            bucket[0] = new;
        } else {
            bucket[1] = new;
        }
    }
}
