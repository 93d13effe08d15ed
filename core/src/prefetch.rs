//! A cache-line prefetch hint for transposition tables.
//!
//! A solver whose time goes into waiting for its table bucket (Connect Four: about 62 % of
//! the cycles in `perf`) can ask for a child's bucket while it still works on the parent,
//! so that the line is in cache when the child is searched. Steininger's Connect Four
//! solver and Edax both prefetch their hash entries this way.
//!
//! This module holds the workspace's one `unsafe` block: the `PREFETCHT0` instruction is
//! only a hint, it never faults and never changes memory, so calling it on any address is
//! sound; the function takes a reference anyway, so the address is always a live one.

/// Asks the processor to bring the cache line holding `value` into every cache level.
///
/// A hint only: it returns at once, changes nothing, and is a no-op on targets other than
/// x86-64. Use it on the table bucket of a position you are about to search, a few hundred
/// cycles before you probe it.
#[inline(always)]
pub fn prefetch<T>(value: &T) {
    #[cfg(target_arch = "x86_64")]
    #[allow(unsafe_code)]
    // SAFETY: `_mm_prefetch` is a hint that neither reads architecturally visible state nor
    // faults on any address (Intel SDM, PREFETCHh); SSE is part of the x86-64 baseline.
    unsafe {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        _mm_prefetch::<_MM_HINT_T0>(std::ptr::from_ref(value).cast::<i8>());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = value;
}

#[cfg(test)]
mod tests {
    use super::prefetch;

    #[test]
    fn prefetch_changes_nothing() {
        let table = vec![7_u64; 4096];
        for entry in table.iter().step_by(8) {
            prefetch(entry);
        }
        assert!(table.iter().all(|&v| v == 7));
    }
}
