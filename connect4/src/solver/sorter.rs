//! Move ordering for the solver: at most one move a column sorted by score with an
//! insertion sort (Pons' `MoveSorter.hpp`). Moves of equal score come out in reverse order of
//! insertion, which the solver uses to keep its centre-first column order among ties.

use crate::bits::Geometry;

/// Up to one move a column of the board `G` with their scores, popped best first; each
/// move carries the mover's winning cells after it (the opponent's threats in the
/// child), so that the child need not compute them again.
pub(crate) struct MoveSorter<G: Geometry> {
    entries: G::PerColumn<(u64, u64, u32)>,
    len: usize,
}

impl<G: Geometry> MoveSorter<G> {
    /// An empty sorter.
    #[inline(always)]
    pub fn new() -> Self {
        MoveSorter {
            entries: Default::default(),
            len: 0,
        }
    }

    /// Adds a move with the mover's winning cells after it; it goes after (comes out
    /// before) moves of the same score.
    #[inline(always)]
    pub fn add(&mut self, mv: u64, threats: u64, score: u32) {
        let entries = self.entries.as_mut();
        let mut pos = self.len;
        self.len += 1;
        while pos > 0 && entries[pos - 1].2 > score {
            entries[pos] = entries[pos - 1];
            pos -= 1;
        }
        entries[pos] = (mv, threats, score);
    }

    /// The best remaining move and its threats, or `None`.
    #[inline(always)]
    pub fn pop(&mut self) -> Option<(u64, u64)> {
        if self.len == 0 {
            None
        } else {
            self.len -= 1;
            let (mv, threats, _) = self.entries.as_ref()[self.len];
            Some((mv, threats))
        }
    }
}
