//! [`Board`]: a position as two bitboards, the side to move's discs and the opponent's.

use crate::movegen;
use crate::zobrist;

/// A position relative to the side to move (Edax's layout): `player` holds the discs of
/// the side to move, `opponent` the other side's, a1 = bit 0 … h8 = bit 63. The board
/// does not know the colours; [`crate::Othello`] adds them and the history.
///
/// Boards are small `Copy` values; [`Board::play`] returns the next position
/// (copy-make), seen from the new side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// Discs of the side to move.
    pub player: u64,
    /// Discs of the opponent.
    pub opponent: u64,
}

impl Board {
    /// The initial position, seen from black (who moves first): black on d5 and e4,
    /// white on d4 and e5.
    pub const START: Board = Board {
        player: 1 << 28 | 1 << 35,
        opponent: 1 << 27 | 1 << 36,
    };

    /// A board from two disc sets, or `None` if they overlap.
    #[inline]
    pub const fn new(player: u64, opponent: u64) -> Option<Board> {
        if player & opponent == 0 {
            Some(Board { player, opponent })
        } else {
            None
        }
    }

    /// The empty squares.
    #[inline]
    pub const fn empty(self) -> u64 {
        !(self.player | self.opponent)
    }

    /// Number of empty squares.
    #[inline]
    pub const fn empties(self) -> u32 {
        self.empty().count_ones()
    }

    /// Discs of the side to move.
    #[inline]
    pub const fn player_discs(self) -> u32 {
        self.player.count_ones()
    }

    /// Discs of the opponent.
    #[inline]
    pub const fn opponent_discs(self) -> u32 {
        self.opponent.count_ones()
    }

    /// The legal disc moves of the side to move, as a bitboard.
    #[inline]
    pub fn moves(self) -> u64 {
        movegen::moves(self.player, self.opponent)
    }

    /// The legal disc moves the opponent would have if it were to move.
    #[inline]
    pub fn opponent_moves(self) -> u64 {
        movegen::moves(self.opponent, self.player)
    }

    /// The discs a move on `sq` (0..64) would flip; zero if it is illegal.
    #[inline]
    pub fn flips(self, sq: u32) -> u64 {
        movegen::flips(self.player, self.opponent, sq)
    }

    /// The position after the side to move plays on `sq` flipping `flips` (from
    /// [`Board::flips`], non-zero), seen from the new side to move.
    #[inline]
    pub const fn play_flips(self, sq: u32, flips: u64) -> Board {
        Board {
            player: self.opponent ^ flips,
            opponent: self.player ^ flips ^ (1u64 << sq),
        }
    }

    /// The position after a disc on `sq`, or `None` if that move is illegal.
    #[inline]
    pub fn play(self, sq: u32) -> Option<Board> {
        if sq >= 64 || self.empty() >> sq & 1 == 0 {
            return None;
        }
        let f = self.flips(sq);
        if f == 0 {
            None
        } else {
            Some(self.play_flips(sq, f))
        }
    }

    /// The position after a pass: the same discs, the other side to move.
    #[inline]
    pub const fn pass(self) -> Board {
        Board {
            player: self.opponent,
            opponent: self.player,
        }
    }

    /// True when neither side can move: the game is over.
    #[inline]
    pub fn is_game_over(self) -> bool {
        self.moves() == 0 && self.opponent_moves() == 0
    }

    /// The final score of a finished game for the side to move: own discs minus the
    /// opponent's, the empty squares going to the winner (the tournament rule used by
    /// the FFO suite, Edax and Egaroucid). Meaningful whatever the position, it is the
    /// score "if the game stopped now".
    #[inline]
    pub const fn final_score(self) -> i32 {
        let p = self.player_discs() as i32;
        let o = self.opponent_discs() as i32;
        let e = 64 - p - o;
        if p > o {
            p - o + e
        } else if p < o {
            p - o - e
        } else {
            0
        }
    }

    /// The Zobrist key of the position (see [`crate::zobrist`]); it does not say whose
    /// colour moves (the `Game::hash` of [`crate::Othello`] adds that).
    #[inline]
    pub fn hash(self) -> u64 {
        zobrist::hash(self.player, self.opponent)
    }
}

impl Default for Board {
    fn default() -> Board {
        Board::START
    }
}
