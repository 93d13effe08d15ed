//! Move ordering for the solver: at most one move a column sorted by score with an
//! insertion sort (after Pons' `MoveSorter.hpp`). Moves of equal score come out in reverse
//! order of insertion, which the solver uses to keep its centre-first column order among
//! ties.

use crate::bits::Geometry;

/// Up to one move a column of the board `G` with their scores, popped best first; each
/// move carries the mover's winning cells after it (the opponent's threats in the
/// child), so that the child need not compute them again.
///
/// The sort moves one word a move: the score and the move's insertion index packed in
/// a `u64` (the index in the low 8 bits, so that among equal scores the later move is
/// the larger); the moves and their threats stay where they were added.
pub(crate) struct MoveSorter<G: Geometry> {
    keys: G::PerColumn<u64>,
    moves: G::PerColumn<(u64, u64)>,
    len: usize,
}

impl<G: Geometry> MoveSorter<G> {
    /// An empty sorter.
    #[inline(always)]
    pub fn new() -> Self {
        MoveSorter {
            keys: Default::default(),
            moves: Default::default(),
            len: 0,
        }
    }

    /// Adds a move with the mover's winning cells after it; it goes after (comes out
    /// before) moves of the same score.
    #[inline(always)]
    pub fn add(&mut self, mv: u64, threats: u64, score: u32) {
        let keys = self.keys.as_mut();
        let key = u64::from(score) << 8 | self.len as u64;
        self.moves.as_mut()[self.len] = (mv, threats);
        let mut pos = self.len;
        self.len += 1;
        while pos > 0 && keys[pos - 1] > key {
            keys[pos] = keys[pos - 1];
            pos -= 1;
        }
        keys[pos] = key;
    }

    /// The best remaining move and its threats, or `None`.
    #[inline(always)]
    pub fn pop(&mut self) -> Option<(u64, u64)> {
        if self.len == 0 {
            None
        } else {
            self.len -= 1;
            let i = (self.keys.as_ref()[self.len] & 0xFF) as usize;
            Some(self.moves.as_ref()[i])
        }
    }
}
