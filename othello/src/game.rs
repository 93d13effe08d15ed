//! [`Othello`]: a game record — the position with colours, the side to move, the history
//! with undo/redo (seed 003's `Board` API in Rust names) — and the `zerosum::Game` and
//! `zerosum::Notation` implementations.

use crate::error::{ParseLineError, ParsePositionError, PlayError};
use crate::{Board, Move, Square};
use std::fmt;
use zerosum::{Game, MoveList, Notation, Outcome, Side};

/// The first of the centre squares d4, e4, d5, e5 that `occupied` (a bitboard) leaves
/// empty. No game reaches such a board: the four are filled at the start and a move
/// never empties a square.
pub(crate) fn empty_centre(occupied: u64) -> Option<Square> {
    [(3, 3), (4, 3), (3, 4), (4, 4)]
        .into_iter()
        .filter_map(|(x, y)| Square::from_xy(x, y))
        .find(|s| occupied & s.bit() == 0)
}

/// Key mixed into [`Game::hash`] when white (the second player) is to move.
const WHITE_TO_MOVE_KEY: u64 = 0xA3C5_9AC3_5E1B_0F27;

/// An Othello game: the current [`Board`] (relative to the side to move), whose colour
/// moves, and the history of moves with undo and redo.
///
/// Seed 003's API maps as: `getBlackScore`/`getWhiteScore`/`getScore(color)` →
/// [`Othello::black_score`], [`Othello::white_score`], [`Othello::score`];
/// `getStonesOnBoard` → [`Othello::stones_on_board`]; `getCurrentColor` →
/// [`Othello::side_to_move`]; `getCurrentStep` → [`Othello::ply`]; `isEndOfGame` →
/// [`Othello::is_end_of_game`]; `getBoard(i, j)` → [`Othello::disc_at`];
/// `isLegalMove(x, y[, color])` → [`Othello::is_legal_move`] /
/// [`Othello::is_legal_move_for`]; `putStone` → [`Othello::try_play`] (and
/// [`Game::play`]); `pass` → [`Othello::pass`]; `getUndoCount`/`getRedoCount` →
/// [`Othello::undo_count`]/[`Othello::redo_count`]; `undo()`/`undo(n)`/`redo()`/`redo(n)`
/// → [`Game::undo`], [`Othello::undo_n`], [`Othello::redo`], [`Othello::redo_n`].
///
/// Playing a new move clears the redo list; undo moves the last move onto it.
///
/// # Colours
/// [`Side::First`] is black (`X`, moves first), [`Side::Second`] is white (`O`).
#[derive(Clone)]
pub struct Othello {
    board: Board,
    side: Side,
    ply: u32,
    /// Boards before each played move, and the move.
    history: Vec<(Board, Move)>,
    /// Undone moves, the next one to redo last.
    redo: Vec<Move>,
}

impl Default for Othello {
    fn default() -> Othello {
        Othello::new()
    }
}

impl PartialEq for Othello {
    /// Equal positions: same discs and side to move (history and ply ignored).
    fn eq(&self, other: &Othello) -> bool {
        self.board == other.board && self.side == other.side
    }
}

impl Eq for Othello {}

impl Othello {
    /// The initial position, black to move, empty history.
    pub fn new() -> Othello {
        Othello::from_board(Board::START, Side::First)
    }

    /// A game starting from `board` with `side` to move (`board.player` are `side`'s
    /// discs); empty history, ply 0.
    pub fn from_board(board: Board, side: Side) -> Othello {
        Othello {
            board,
            side,
            ply: 0,
            history: Vec::new(),
            redo: Vec::new(),
        }
    }

    /// The start position followed by a line of moves written back to back or separated
    /// by spaces (`f5d6c3`, `f5 d6 PS`); a pass is `PS` or `PA` anywhere, or `pass` as a
    /// word of its own (`f5 d6 pass`), in either case.
    ///
    /// # Errors
    /// [`ParseLineError`] naming the first bad or illegal move (numbered from 1).
    pub fn from_line(moves: &str) -> Result<Othello, ParseLineError> {
        let mut g = Othello::new();
        let mut index = 0;
        for word in moves.split_whitespace() {
            // Two characters a move (not two bytes: a non-ASCII character is one bad
            // move), but `pass` whole.
            let chars: Vec<char> = word.chars().collect();
            let texts: Vec<String> = if word.eq_ignore_ascii_case("pass") {
                vec![word.to_string()]
            } else {
                chars.chunks(2).map(|c| c.iter().collect()).collect()
            };
            for text in texts {
                index += 1;
                let mv = text
                    .parse::<Move>()
                    .map_err(|error| ParseLineError::Syntax { index, error })?;
                g.try_play(mv)
                    .map_err(|error| ParseLineError::Illegal { index, error })?;
            }
        }
        Ok(g)
    }

    /// Reads the position at the start of an OBF line: `<board> <side>`, optionally
    /// followed by `;` and annotations (such as `; G8:+4; …`), which are ignored.
    ///
    /// # Errors
    /// [`ParsePositionError`] as for [`Notation::parse_position`]: in particular text
    /// between the side and the first `;` is an error, not ignored.
    pub fn from_obf_line(line: &str) -> Result<Othello, ParsePositionError> {
        let text = line.split(';').next().unwrap_or("");
        Othello::parse_position(text)
    }

    fn parse_parts(
        board: &str,
        side: Option<&str>,
        trailing: Option<&str>,
    ) -> Result<Othello, ParsePositionError> {
        let is_square = |c: char| matches!(c, 'X' | 'x' | '*' | 'O' | 'o' | '-' | '.');
        let count = board.chars().count();
        // Past the 64th place of a board whose 64 squares are good: a side letter with no
        // space before it, or a character that is no square (the board should have ended
        // there).
        if count > 64 && board.chars().take(64).all(is_square) {
            if let (Some(c), None) = (board.chars().nth(64), side)
                && matches!(c, 'X' | 'x' | '*' | 'O' | 'o')
            {
                return Err(ParsePositionError::JoinedSide { found: c });
            }
            if let Some(c) = board.chars().skip(64).find(|&c| !is_square(c)) {
                return Err(ParsePositionError::AfterBoard { found: c });
            }
        }
        if count != 64 {
            return Err(ParsePositionError::Length { found: count });
        }
        let (mut black, mut white) = (0u64, 0u64);
        for (i, c) in board.chars().enumerate() {
            match c {
                'X' | 'x' | '*' => black |= 1 << i,
                'O' | 'o' => white |= 1 << i,
                '-' | '.' => {}
                other => {
                    let square = Square::new(i as u8)
                        .map(|s| s.to_string())
                        .unwrap_or_default();
                    return Err(ParsePositionError::Character {
                        square,
                        found: other,
                    });
                }
            }
        }
        let side = match side {
            None => return Err(ParsePositionError::MissingSide),
            Some("X" | "x" | "*") => Side::First,
            Some("O" | "o") => Side::Second,
            Some(other) => {
                return Err(ParsePositionError::Side {
                    found: other.to_string(),
                });
            }
        };
        if let Some(t) = trailing {
            return Err(ParsePositionError::Trailing {
                found: t.to_string(),
            });
        }
        // Testers' reports: 64 empty squares read as a finished game, 0 discs to 0, and a
        // board of one disc as a game won 64 to 0.
        if let Some(square) = empty_centre(black | white) {
            return Err(ParsePositionError::EmptyCentre { square });
        }
        let board = match side {
            Side::First => Board {
                player: black,
                opponent: white,
            },
            Side::Second => Board {
                player: white,
                opponent: black,
            },
        };
        Ok(Othello::from_board(board, side))
    }

    /// The current position, relative to the side to move.
    #[inline]
    pub fn board(&self) -> Board {
        self.board
    }

    /// Black's and white's discs, in that order.
    pub fn discs(&self) -> (u64, u64) {
        match self.side {
            Side::First => (self.board.player, self.board.opponent),
            Side::Second => (self.board.opponent, self.board.player),
        }
    }

    /// Discs of `side` on the board (seed 003's `getScore(color)`).
    pub fn score(&self, side: Side) -> u32 {
        let (b, w) = self.discs();
        match side {
            Side::First => b.count_ones(),
            Side::Second => w.count_ones(),
        }
    }

    /// Black's discs (`getBlackScore`).
    pub fn black_score(&self) -> u32 {
        self.score(Side::First)
    }

    /// White's discs (`getWhiteScore`).
    pub fn white_score(&self) -> u32 {
        self.score(Side::Second)
    }

    /// Discs on the board (`getStonesOnBoard`).
    pub fn stones_on_board(&self) -> u32 {
        64 - self.board.empties()
    }

    /// The disc on the square at file `x`, rank `y` (0-based): `Some(side)` or `None`
    /// for an empty square or a square off the board (`getBoard(i, j)`).
    pub fn disc_at(&self, x: u8, y: u8) -> Option<Side> {
        let sq = Square::from_xy(x, y)?;
        let (b, w) = self.discs();
        if b & sq.bit() != 0 {
            Some(Side::First)
        } else if w & sq.bit() != 0 {
            Some(Side::Second)
        } else {
            None
        }
    }

    /// True when neither side can move (`isEndOfGame`).
    pub fn is_end_of_game(&self) -> bool {
        self.board.is_game_over()
    }

    /// True when the side to move may put a disc on `square` (`isLegalMove(x, y)`).
    pub fn is_legal_move(&self, square: Square) -> bool {
        self.board.moves() & square.bit() != 0
    }

    /// True when `side` could put a disc on `square` if it were to move
    /// (`isLegalMove(x, y, color)`).
    pub fn is_legal_move_for(&self, square: Square, side: Side) -> bool {
        let m = if side == self.side {
            self.board.moves()
        } else {
            self.board.opponent_moves()
        };
        m & square.bit() != 0
    }

    /// The legal disc moves of the side to move as a bitboard.
    pub fn moves_bitboard(&self) -> u64 {
        self.board.moves()
    }

    /// True when the side to move has no disc move but the game goes on: it must pass.
    pub fn must_pass(&self) -> bool {
        self.board.moves() == 0 && self.board.opponent_moves() != 0
    }

    /// Plays `mv` after checking it; clears the redo list (`putStone` / `pass`).
    ///
    /// # Errors
    /// [`PlayError::GameOver`], [`PlayError::Occupied`], [`PlayError::Illegal`],
    /// [`PlayError::PassWithMoves`] or [`PlayError::MustPass`]; the game is unchanged.
    pub fn try_play(&mut self, mv: Move) -> Result<(), PlayError> {
        let moves = self.board.moves();
        if moves == 0 && self.board.opponent_moves() == 0 {
            return Err(PlayError::GameOver);
        }
        match mv.to_square() {
            None if moves != 0 => Err(PlayError::PassWithMoves),
            Some(_) if moves == 0 => Err(PlayError::MustPass(mv)),
            Some(sq) if self.board.empty() & sq.bit() == 0 => Err(PlayError::Occupied(mv)),
            Some(sq) if moves & sq.bit() == 0 => Err(PlayError::Illegal(mv)),
            _ => {
                self.redo.clear();
                self.apply(mv);
                Ok(())
            }
        }
    }

    /// Passes (seed 003's `pass`).
    ///
    /// # Errors
    /// [`PlayError::PassWithMoves`] if a disc move exists, [`PlayError::GameOver`] at
    /// the end of the game.
    pub fn pass(&mut self) -> Result<(), PlayError> {
        self.try_play(Move::PASS)
    }

    /// Plays `mv` without clearing the redo list. `mv` must be legal.
    #[inline]
    fn apply(&mut self, mv: Move) {
        self.history.push((self.board, mv));
        self.board = match mv.to_square() {
            Some(sq) => {
                let sq = sq.index() as u32;
                let f = self.board.flips(sq);
                debug_assert!(f != 0, "illegal move {mv}");
                self.board.play_flips(sq, f)
            }
            None => self.board.pass(),
        };
        self.side = !self.side;
        self.ply += 1;
    }

    /// Moves that can be undone (`getUndoCount`).
    pub fn undo_count(&self) -> usize {
        self.history.len()
    }

    /// Moves that can be redone (`getRedoCount`).
    pub fn redo_count(&self) -> usize {
        self.redo.len()
    }

    /// The moves played since the game's first position, oldest first.
    pub fn moves_played(&self) -> impl Iterator<Item = Move> + '_ {
        self.history.iter().map(|&(_, m)| m)
    }

    /// Takes back up to `n` moves; returns how many were taken back (`undo(n)`).
    pub fn undo_n(&mut self, n: usize) -> usize {
        let k = n.min(self.history.len());
        for _ in 0..k {
            Game::undo(self);
        }
        k
    }

    /// Replays the last undone move; false if there is none (`redo()`).
    pub fn redo(&mut self) -> bool {
        match self.redo.pop() {
            Some(mv) => {
                self.apply(mv);
                true
            }
            None => false,
        }
    }

    /// Replays up to `n` undone moves; returns how many (`redo(n)`).
    pub fn redo_n(&mut self, n: usize) -> usize {
        (0..n).take_while(|_| self.redo()).count()
    }

    /// The final disc difference for the side to move if the game ended now (empties to
    /// the winner); see [`Board::final_score`].
    pub fn final_score(&self) -> i32 {
        self.board.final_score()
    }
}

impl Game for Othello {
    type Move = Move;

    #[inline]
    fn side_to_move(&self) -> Side {
        self.side
    }

    #[inline]
    fn ply(&self) -> u32 {
        self.ply
    }

    fn legal_moves(&self, moves: &mut MoveList<Move>) {
        let m = self.board.moves();
        if m != 0 {
            for sq in zerosum::Bitboard(m) {
                moves.push(Move::from_index(sq as usize).expect("square index"));
            }
        } else if self.board.opponent_moves() != 0 {
            moves.push(Move::PASS);
        }
    }

    fn is_legal(&self, mv: Move) -> bool {
        let m = self.board.moves();
        match mv.to_square() {
            Some(sq) => m & sq.bit() != 0,
            None => m == 0 && self.board.opponent_moves() != 0,
        }
    }

    /// Plays a legal move (a pass only when no disc move exists), clearing the redo list.
    ///
    /// # Panics
    /// In debug builds, on a disc move that flips nothing.
    #[inline]
    fn play(&mut self, mv: Move) {
        if !self.redo.is_empty() {
            self.redo.clear();
        }
        self.apply(mv);
    }

    /// Takes back the last move and puts it on the redo list.
    #[inline]
    fn undo(&mut self) {
        if let Some((board, mv)) = self.history.pop() {
            self.board = board;
            self.side = !self.side;
            self.ply -= 1;
            self.redo.push(mv);
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        if !self.board.is_game_over() {
            return None;
        }
        let s = self.board.final_score();
        Some(match s.signum() {
            1 => Outcome::Win(self.side),
            -1 => Outcome::Win(!self.side),
            _ => Outcome::Draw,
        })
    }

    #[inline]
    fn hash(&self) -> u64 {
        let h = self.board.hash();
        if self.side == Side::Second {
            h ^ WHITE_TO_MOVE_KEY
        } else {
            h
        }
    }

    fn move_index_count(&self) -> usize {
        65
    }

    fn move_index(&self, mv: Move) -> usize {
        mv.index()
    }

    fn move_from_index(&self, index: usize) -> Option<Move> {
        Move::from_index(index)
    }

    /// Corners first, X-squares last.
    fn move_order_hint(&self, mv: Move) -> i32 {
        match mv.to_square() {
            Some(sq) => crate::eval::SQUARE_ORDER[sq.index() as usize],
            None => 0,
        }
    }

    /// A pass costs no depth, as in the midgame search ([`crate::midgame`]) that
    /// `bestmove` uses: an analysis and a search of the same depth see the same moves.
    fn costs_depth(&self, mv: Move) -> bool {
        !mv.is_pass()
    }
}

impl fmt::Display for Othello {
    /// The OBF board form: 64 squares a1…h8 (`X` black, `O` white, `-` empty), a space,
    /// the side to move.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (b, w) = self.discs();
        let mut s = String::with_capacity(66);
        for i in 0..64 {
            s.push(if b >> i & 1 != 0 {
                'X'
            } else if w >> i & 1 != 0 {
                'O'
            } else {
                '-'
            });
        }
        s.push(' ');
        s.push(if self.side == Side::First { 'X' } else { 'O' });
        f.write_str(&s)
    }
}

impl fmt::Debug for Othello {
    /// The grid (rank 8 at the top), the side to move and the ply; not the history.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Othello {self} (ply {})", self.ply)?;
        writeln!(f, "  a b c d e f g h")?;
        for y in (0..8u8).rev() {
            write!(f, "{}", y + 1)?;
            for x in 0..8u8 {
                let c = match self.disc_at(x, y) {
                    Some(Side::First) => 'X',
                    Some(Side::Second) => 'O',
                    None => '-',
                };
                write!(f, " {c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

impl Notation for Othello {
    type Error = ParsePositionError;

    /// Parses the strict OBF board form `<64 squares> <X|O>` (also accepted: `*`/`x`
    /// for black, `o` for white, `.` for empty).
    fn parse_position(text: &str) -> Result<Othello, ParsePositionError> {
        let mut parts = text.split_whitespace();
        let board = parts.next().unwrap_or("");
        let side = parts.next();
        let rest: Vec<&str> = parts.collect();
        let trailing = if rest.is_empty() {
            None
        } else {
            Some(rest.join(" "))
        };
        Othello::parse_parts(board, side, trailing.as_deref())
    }
}

impl std::str::FromStr for Othello {
    type Err = ParsePositionError;

    fn from_str(s: &str) -> Result<Othello, ParsePositionError> {
        Othello::parse_position(s)
    }
}
