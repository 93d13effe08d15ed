//! The solver's copy-make view of a position: the two words and the stone count, with
//! the move-generation tricks of Pons' `Position.hpp`.

use crate::bits::{self, CELLS};

/// `(current, mask, moves)`: see [`crate::Position`]. Moves are single-bit cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Board {
    pub current: u64,
    pub mask: u64,
    pub moves: u32,
}

impl Board {
    /// The cells where a stone can be dropped now.
    #[inline(always)]
    pub fn possible(&self) -> u64 {
        bits::playable(self.mask)
    }

    /// Empty cells that would give the side to move four in a row.
    #[inline(always)]
    pub fn winning_cells(&self) -> u64 {
        bits::winning_cells(self.current, self.mask)
    }

    /// Empty cells that would give the opponent four in a row.
    #[inline(always)]
    pub fn opponent_winning_cells(&self) -> u64 {
        bits::winning_cells(self.current ^ self.mask, self.mask)
    }

    /// True when the side to move wins with its next stone.
    #[inline(always)]
    pub fn can_win_next(&self) -> bool {
        self.winning_cells() & self.possible() != 0
    }

    /// The moves that do not lose at once (Pons' `possibleNonLosingMoves`), assuming the
    /// side to move cannot win at once: if the opponent threatens to win in two playable
    /// cells we lose (empty set); if in one, that cell is forced; never play directly
    /// below an opponent's winning cell.
    #[inline(always)]
    pub fn non_losing_moves(&self) -> u64 {
        let mut possible = self.possible();
        let opponent_win = self.opponent_winning_cells();
        let forced = possible & opponent_win;
        if forced != 0 {
            if forced & (forced - 1) != 0 {
                return 0;
            }
            possible = forced;
        }
        possible & !(opponent_win >> 1)
    }

    /// Plays the single-bit cell `mv` (a cell of [`Board::possible`]).
    #[inline(always)]
    pub fn play(&mut self, mv: u64) {
        self.current ^= self.mask;
        self.mask |= mv;
        self.moves += 1;
    }

    /// Pons' ordering score of a move: the number of winning cells the side to move
    /// would have after it.
    #[inline(always)]
    pub fn move_score(&self, mv: u64) -> u32 {
        // Few bits are set: clearing them one by one beats a table-free popcount on
        // targets without a popcount instruction (Pons' `popcount`).
        let mut cells = bits::winning_cells(self.current | mv, self.mask);
        let mut n = 0;
        while cells != 0 {
            cells &= cells - 1;
            n += 1;
        }
        n
    }

    /// Pons' unique key `current + mask`.
    #[inline(always)]
    pub fn key(&self) -> u64 {
        self.current + self.mask
    }

    /// True when the board is full.
    #[inline(always)]
    pub fn is_full(&self) -> bool {
        self.moves == CELLS
    }
}
