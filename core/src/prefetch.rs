//! Memory hints for transposition tables: a cache-line prefetch, and huge pages.
//!
//! **Prefetch.** A solver whose time goes into waiting for its table bucket (Connect Four:
//! about 62 % of the cycles in `perf`) can ask for a child's bucket while it still works on
//! the parent, so that the line is in cache when the child is searched. Steininger's
//! Connect Four solver and Edax both prefetch their hash entries this way ([`prefetch`]).
//!
//! **Huge pages.** A table of tens of MiB probed at random also misses the processor's
//! address-translation cache (TLB): with 4 KiB pages a 64 MiB table spans 16 384 pages,
//! far more than the TLB holds, so most probes first walk the page tables (on a virtual
//! machine, two sets of them). With 2 MiB pages it spans 32. Linux backs anonymous memory
//! with such pages ("transparent huge pages") when its setting
//! (`/sys/kernel/mm/transparent_hugepage/enabled`) is `always`, or when it is `madvise`
//! and the program asked for them with `madvise(MADV_HUGEPAGE)` before first touching
//! the memory. [`huge_page_vec`] allocates a table that way (Linux kernel documentation,
//! `admin-guide/mm/transhuge`).
//!
//! **Fallible allocation.** A table's size is often the user's choice (`--hash-mib`), so
//! the tables are allocated with [`try_huge_page_vec`] and [`try_zeroed_atomic_u64s`],
//! which return a [`TableAllocError`] when the system refuses the memory, instead of
//! aborting the process as `vec!` does.
//!
//! This module holds the workspace's `unsafe` blocks but one (the Gomoku match runner's
//! `pre_exec`, in `gomoku::gomocup`): two for hints that never change memory — the
//! `PREFETCHT0` instruction never faults and never changes memory, so calling it on any
//! address is sound (the function takes a reference anyway, so the address is
//! always a live one); `madvise(MADV_HUGEPAGE)` only marks a range of the caller's own
//! allocation and keeps its contents — and one zeroed allocation
//! ([`try_zeroed_atomic_u64s`]: all-zero bytes are a valid `AtomicU64`, and the vector is
//! built from the global allocator's block with the layout it was allocated with).

use std::sync::atomic::AtomicU64;
use thiserror::Error;

/// The system refused the memory of a table (a transposition table whose size the user
/// chose, say, beyond the memory or the address-space limit of the process).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("cannot allocate a table of {} MiB ({bytes} bytes): not enough memory", bytes.div_ceil(1 << 20))]
pub struct TableAllocError {
    /// The size asked for, in bytes (saturated at `usize::MAX`).
    pub bytes: usize,
}

impl TableAllocError {
    /// The error for a table of `len` elements of type `T`.
    pub fn for_elements<T>(len: usize) -> TableAllocError {
        TableAllocError {
            bytes: len.saturating_mul(std::mem::size_of::<T>()),
        }
    }
}

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

/// The huge-page size that [`huge_page_vec`] aligns to, in bytes: 2 MiB, the
/// second-level page of x86-64 (and of AArch64 with 4 KiB pages).
pub const HUGE_PAGE_BYTES: usize = 2 << 20;

/// A table of `len` clones of `value` laid out for huge pages: the vector, and the index
/// of the table's first element in it. Use the elements `offset..offset + len`.
///
/// The table starts on a [`HUGE_PAGE_BYTES`] boundary when the element size divides it
/// (otherwise at the first element after one; the elements before `offset` are padding,
/// at most 2 MiB), and on Linux the whole allocation's 2 MiB-aligned part is
/// advised `MADV_HUGEPAGE` before anything is written to it, so that the kernel backs the
/// table with huge pages when its transparent-huge-page setting is `always` or
/// `madvise`. Elsewhere, or when the kernel refuses the advice, the table is the same,
/// only in ordinary pages. Tables smaller than a huge page get no huge page.
///
/// With `len` 0 the vector is empty and the offset 0.
///
/// # Panics
///
/// When the system refuses the memory (see [`try_huge_page_vec`], which returns an error
/// instead).
pub fn huge_page_vec<T: Clone>(len: usize, value: T) -> (Vec<T>, usize) {
    try_huge_page_vec(len, value).unwrap_or_else(|e| panic!("{e}"))
}

/// [`huge_page_vec`], or an error when the system refuses the memory (nothing of it is
/// written before it is granted).
///
/// # Errors
///
/// [`TableAllocError`] with the table's size, `len` elements (the size the caller asked
/// for: the alignment padding of up to a huge page that is asked for with it is left out).
pub fn try_huge_page_vec<T: Clone>(
    len: usize,
    value: T,
) -> Result<(Vec<T>, usize), TableAllocError> {
    let size = std::mem::size_of::<T>().max(1);
    let mut v: Vec<T> = Vec::new();
    if len == 0 || len.saturating_mul(size) < HUGE_PAGE_BYTES {
        v.try_reserve_exact(len)
            .map_err(|_| TableAllocError::for_elements::<T>(len))?;
        v.resize(len, value);
        return Ok((v, 0));
    }
    let pad = HUGE_PAGE_BYTES.div_ceil(size);
    let wanted = len.saturating_add(pad);
    v.try_reserve_exact(wanted)
        .map_err(|_| TableAllocError::for_elements::<T>(len))?;
    let start = v.as_ptr() as usize;
    let offset = (start.next_multiple_of(HUGE_PAGE_BYTES) - start).div_ceil(size);
    advise_huge_pages(v.spare_capacity_mut());
    v.resize(offset + len, value);
    Ok((v, offset))
}

/// `len` atomic words, all zero, or an error when the system refuses the memory.
///
/// The block comes zeroed from the allocator (`alloc_zeroed`: for a large table, pages
/// the operating system maps zeroed on first use), so nothing is written here and a
/// table whose first part only is used touches only that part's pages — as
/// `vec![0; len]` does, which aborts the process when the memory is refused.
///
/// # Errors
///
/// [`TableAllocError`] with the size asked for.
pub fn try_zeroed_atomic_u64s(len: usize) -> Result<Vec<AtomicU64>, TableAllocError> {
    let error = TableAllocError::for_elements::<AtomicU64>(len);
    if len == 0 {
        return Ok(Vec::new());
    }
    let layout = std::alloc::Layout::array::<AtomicU64>(len).map_err(|_| error)?;
    #[allow(unsafe_code)]
    // SAFETY: `layout` has a non-zero size (`len` > 0, 8-byte elements). The block, when
    // granted, comes from the global allocator with the layout of `len` `AtomicU64`s,
    // which is what `Vec::from_raw_parts` needs for a capacity of `len`; its bytes are
    // all zero, and an `AtomicU64` has the representation of a `u64`, so each element is
    // a valid `AtomicU64::new(0)`; the vector owns the block from here on.
    let table = unsafe {
        let block = std::alloc::alloc_zeroed(layout).cast::<AtomicU64>();
        if block.is_null() {
            return Err(error);
        }
        Vec::from_raw_parts(block, len, len)
    };
    Ok(table)
}

/// Advises the kernel to back the 2 MiB-aligned part of `region` with huge pages
/// (`madvise(MADV_HUGEPAGE)`); returns whether it accepted. Pages already written keep
/// their size until the kernel's background collapse, so advise before the first write.
#[cfg(target_os = "linux")]
fn advise_huge_pages<T>(region: &mut [T]) -> bool {
    let start = region.as_mut_ptr() as usize;
    let end = start + std::mem::size_of_val(region);
    let (first, last) = (
        start.next_multiple_of(HUGE_PAGE_BYTES),
        end / HUGE_PAGE_BYTES * HUGE_PAGE_BYTES,
    );
    if first >= last {
        return false;
    }
    let addr = region
        .as_mut_ptr()
        .cast::<u8>()
        .wrapping_add(first - start)
        .cast::<std::ffi::c_void>();
    #[allow(unsafe_code)]
    // SAFETY: `addr..addr + (last - first)` lies inside `region`, memory this function
    // borrows mutably, so nothing else uses it meanwhile; `MADV_HUGEPAGE` only marks the
    // range for huge pages, and keeps its contents and its mapping (madvise(2)).
    let advised =
        unsafe { rustix::mm::madvise(addr, last - first, rustix::mm::Advice::LinuxHugepage) };
    advised.is_ok()
}

/// No hint outside Linux.
#[cfg(not(target_os = "linux"))]
fn advise_huge_pages<T>(region: &mut [T]) -> bool {
    let _ = region;
    false
}

#[cfg(test)]
mod tests {
    use super::{
        HUGE_PAGE_BYTES, TableAllocError, huge_page_vec, prefetch, try_huge_page_vec,
        try_zeroed_atomic_u64s,
    };
    use std::sync::atomic::Ordering::Relaxed;

    #[test]
    fn impossible_tables_are_errors_not_aborts() {
        // More than `isize::MAX` bytes: refused before any memory is asked for.
        let len = usize::MAX / 2;
        assert_eq!(
            try_huge_page_vec(len, 0_u64).unwrap_err(),
            TableAllocError::for_elements::<u64>(len)
        );
        // The message names the size asked for, not the padded one (a table of 2^40 MiB
        // was refused as one of 1099511627777 MiB).
        let tebi = 1_usize << 40;
        let message = try_huge_page_vec(tebi << 17, 0_u64)
            .unwrap_err()
            .to_string();
        assert!(
            message.starts_with(&format!("cannot allocate a table of {tebi} MiB (")),
            "{message}"
        );
        assert_eq!(
            try_zeroed_atomic_u64s(len).unwrap_err(),
            TableAllocError { bytes: usize::MAX }
        );
        let message = TableAllocError { bytes: 4 << 30 }.to_string();
        assert!(
            message.starts_with("cannot allocate a table of 4096 MiB"),
            "{message}"
        );
    }

    #[test]
    fn zeroed_tables_hold_zeros() {
        for len in [0, 1, 1000, (4 << 20) / 8] {
            let v = try_zeroed_atomic_u64s(len).unwrap();
            assert_eq!(v.len(), len);
            assert!(v.iter().all(|a| a.load(Relaxed) == 0));
        }
    }

    #[test]
    fn prefetch_changes_nothing() {
        let table = vec![7_u64; 4096];
        for entry in table.iter().step_by(8) {
            prefetch(entry);
        }
        assert!(table.iter().all(|&v| v == 7));
    }

    #[test]
    fn huge_page_tables_start_on_a_huge_page_and_hold_their_values() {
        #[derive(Clone, PartialEq, Debug)]
        #[repr(align(64))]
        struct Bucket([u64; 8]);
        for len in [0, 1, 1000, (4 << 20) / 64, (4 << 20) / 64 + 3] {
            let (v, offset) = huge_page_vec(len, Bucket([9; 8]));
            assert_eq!(v.len(), offset + len);
            assert!(v.iter().all(|b| *b == Bucket([9; 8])));
            if len * 64 >= HUGE_PAGE_BYTES {
                assert_eq!(v[offset..].as_ptr() as usize % HUGE_PAGE_BYTES, 0);
            }
        }
        let (v, offset) = huge_page_vec(3 << 20, 5_u8);
        assert_eq!(v[offset..].len(), 3 << 20);
        assert_eq!(v[offset..].as_ptr() as usize % HUGE_PAGE_BYTES, 0);
    }
}
