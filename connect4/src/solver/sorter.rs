//! Move ordering for the solver: at most seven moves sorted by score with an insertion
//! sort (Pons' `MoveSorter.hpp`). Moves of equal score come out in reverse order of
//! insertion, which the solver uses to keep its centre-first column order among ties.

/// Up to seven moves with their scores, popped best first; each move carries the mover's
/// winning cells after it (the opponent's threats in the child), so that the child need
/// not compute them again.
pub(crate) struct MoveSorter {
    entries: [(u64, u64, u32); 7],
    len: usize,
}

impl MoveSorter {
    /// An empty sorter.
    #[inline(always)]
    pub fn new() -> Self {
        MoveSorter {
            entries: [(0, 0, 0); 7],
            len: 0,
        }
    }

    /// Adds a move with the mover's winning cells after it; it goes after (comes out
    /// before) moves of the same score.
    #[inline(always)]
    pub fn add(&mut self, mv: u64, threats: u64, score: u32) {
        let mut pos = self.len;
        self.len += 1;
        while pos > 0 && self.entries[pos - 1].2 > score {
            self.entries[pos] = self.entries[pos - 1];
            pos -= 1;
        }
        self.entries[pos] = (mv, threats, score);
    }

    /// The best remaining move and its threats, or `None`.
    #[inline(always)]
    pub fn pop(&mut self) -> Option<(u64, u64)> {
        if self.len == 0 {
            None
        } else {
            self.len -= 1;
            let (mv, threats, _) = self.entries[self.len];
            Some((mv, threats))
        }
    }
}
