//! The solver's copy-make view of a position: the two words and the stone count, with
//! the move-generation tricks of Pons' `Position.hpp`.

use crate::bits::Geometry;

/// `(current, mask, moves)` on the board of `g`: see [`crate::Position`]. Moves are
/// single-bit cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Board<G> {
    pub g: G,
    pub current: u64,
    pub mask: u64,
    pub moves: u32,
}

impl<G: Geometry> Board<G> {
    /// The cells where a stone can be dropped now.
    #[inline(always)]
    pub fn possible(&self) -> u64 {
        self.g.playable(self.mask)
    }

    /// Empty cells that would give the side to move four in a row.
    #[inline(always)]
    pub fn winning_cells(&self) -> u64 {
        self.g.winning_cells(self.current, self.mask)
    }

    /// Empty cells that would give the opponent four in a row.
    #[inline(always)]
    pub fn opponent_winning_cells(&self) -> u64 {
        self.g.winning_cells(self.current ^ self.mask, self.mask)
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
        self.non_losing_moves_with(self.opponent_winning_cells())
    }

    /// [`Board::non_losing_moves`] given the opponent's winning cells.
    #[inline(always)]
    pub fn non_losing_moves_with(&self, opponent_win: u64) -> u64 {
        let mut possible = self.possible();
        let forced = possible & opponent_win;
        if forced != 0 {
            if forced & (forced - 1) != 0 {
                return 0;
            }
            possible = forced;
        }
        possible & !(opponent_win >> 1)
    }

    /// An upper bound on the score of the side to move from Allis' *claimeven* rule
    /// (Allis 1988, "A knowledge-based approach of Connect-Four", §6.2): with an even
    /// number of stones on a board of even height, the second player can answer every
    /// move on an odd row (1-based) by playing on top of it, and a move on an even row —
    /// only possible on a cell playable now — by another such cell, so it gets every
    /// empty even-row cell not playable now. When the side to move (the first player)
    /// has no four among its stones and the other empty cells, it cannot win: the bound
    /// is 0, or −1 (a loss) when the second player has a four among its stones and its
    /// claimed cells. `None` when the rule says nothing (an odd stone count, an odd
    /// height, or a four for the side to move).
    #[inline(always)]
    pub fn claimeven_bound(&self) -> Option<i32> {
        let g = self.g;
        if self.moves & 1 != 0 || g.height() & 1 != 0 {
            return None;
        }
        let claimed = (self.current ^ self.mask) | (g.even_rows() & !self.mask & !self.possible());
        let ours = g.board() & !claimed;
        if g.has_four(ours) {
            None
        } else if g.has_four(claimed) {
            Some(-1)
        } else {
            Some(0)
        }
    }

    /// Plays the single-bit cell `mv` (a cell of [`Board::possible`]).
    #[inline(always)]
    pub fn play(&mut self, mv: u64) {
        self.current ^= self.mask;
        self.mask |= mv;
        self.moves += 1;
    }

    /// Pons' ordering score of a move: the number of winning cells the side to move
    /// would have after it, given those cells ([`Geometry::winning_cells`] of its
    /// stones and the move).
    #[inline(always)]
    pub fn move_score(cells: u64) -> u32 {
        cells.count_ones()
    }

    /// True when the side to move could still make a four if it got every empty cell
    /// (else its best result is a draw).
    #[inline(always)]
    pub fn can_still_win(&self) -> bool {
        self.g
            .has_four(self.current | (self.g.board() & !self.mask))
    }

    /// True when the opponent could still make a four if it got every empty cell (else
    /// the side to move cannot lose).
    #[inline(always)]
    pub fn opponent_can_still_win(&self) -> bool {
        self.g
            .has_four((self.current ^ self.mask) | (self.g.board() & !self.mask))
    }

    /// True when the board is full.
    #[inline(always)]
    pub fn is_full(&self) -> bool {
        self.moves == self.g.cells()
    }
}
