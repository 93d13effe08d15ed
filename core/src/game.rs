//! The [`Game`] trait: a position of a two-player zero-sum game with perfect information.

use crate::{Score, Side};
use smallvec::SmallVec;
use std::fmt::{Debug, Display};
use std::hash::Hash;

/// A caller-provided list of moves. It holds 64 moves inline (every position of
/// tic-tac-toe up to 8×8, Connect Four and Othello) and spills to the heap only beyond,
/// so generating moves costs no allocation per node in those games.
pub type MoveList<M> = SmallVec<[M; 64]>;

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The given side won.
    Win(Side),
    /// Nobody won.
    Draw,
}

impl Outcome {
    /// The outcome as a score for `side` at the node where the game ended, `ply` plies
    /// below the search root: a loss/win "in 0" seen from that node, adjusted so that the
    /// root prefers quicker wins and slower losses. Draws score [`Score::DRAW`].
    #[inline]
    pub fn score_for(self, side: Side, ply: u32) -> Score {
        match self {
            Outcome::Draw => Score::DRAW,
            Outcome::Win(w) if w == side => Score::win_in(ply),
            Outcome::Win(_) => Score::loss_in(ply),
        }
    }
}

/// A position of a two-player, zero-sum game with perfect information, with the history
/// that leads to it.
///
/// # Contract: make/undo
///
/// Positions change in place: [`Game::play`] makes a legal move and pushes what is needed
/// to take it back; [`Game::undo`] takes back the last move played. A game keeps its own
/// history (a `Vec` whose capacity is reused, so no allocation per node once warm), which
/// also gives users seed 003's undo. After `play(m); undo()` the position, its side to
/// move and its [`Game::hash`] are exactly what they were.
///
/// A pass, where a game has one (Othello), is an ordinary move of the `Move` type; the
/// side to move then changes like after any other move.
pub trait Game: Clone {
    /// A move: small and `Copy` (a cell index, a column, a square or a pass).
    type Move: Copy + Eq + Hash + Debug + Display;

    /// The side to move.
    fn side_to_move(&self) -> Side;

    /// Number of plies played (moves and passes): [`Game::play`] adds one and
    /// [`Game::undo`] takes it back. A position read from text does not always say how
    /// many plies led to it, so each game documents where its count starts: tic-tac-toe,
    /// Connect Four and Gomoku count the stones on the board (Gomoku's set-up stones too),
    /// an Othello position read from its OBF board starts at 0.
    fn ply(&self) -> u32;

    /// Appends every legal move of the side to move to `moves` (which it does not clear).
    /// Appends nothing when the game is over.
    fn legal_moves(&self, moves: &mut MoveList<Self::Move>);

    /// True when `mv` is legal now. Agrees with [`Game::legal_moves`]; false once the game
    /// is over.
    fn is_legal(&self, mv: Self::Move) -> bool;

    /// Plays `mv`, which must be legal (check with [`Game::is_legal`]). Implementations
    /// may panic or corrupt the position on an illegal move; they must not cause
    /// undefined behaviour.
    fn play(&mut self, mv: Self::Move);

    /// Takes back the last move played. Does nothing when no move has been played
    /// (or when the history was cut at the position the game was parsed from).
    fn undo(&mut self);

    /// `Some` once the game is over, `None` while it goes on.
    fn outcome(&self) -> Option<Outcome>;

    /// A 64-bit key of the position (stones and side to move, not the history): a
    /// Zobrist key or a perfect key. Equal positions have equal keys.
    fn hash(&self) -> u64;

    /// Size of the dense move index: every move of this game's board (legal or not
    /// now) maps into `0..move_index_count()`.
    fn move_index_count(&self) -> usize;

    /// The dense index of `mv` in `0..move_index_count()`, for history tables. `mv` must
    /// be a move of this game's board: one off it (a tic-tac-toe `Cell` beyond a 3×3
    /// board, a Gomoku cell beyond 15×15) may index past the count (a library user's
    /// report), as [`Game::is_legal`] refuses it.
    fn move_index(&self, mv: Self::Move) -> usize;

    /// The move with dense index `index`, or `None` if `index` is out of range. Every
    /// syntactically possible move has an index; with [`Game::is_legal`] this enumerates
    /// candidate moves for checks.
    fn move_from_index(&self, index: usize) -> Option<Self::Move>;

    /// A quick ordering hint for `mv` (larger = try earlier), used by the generic search
    /// after the transposition-table move, killers and history. Default: 0.
    #[inline]
    fn move_order_hint(&self, _mv: Self::Move) -> i32 {
        0
    }

    /// Whether `mv` costs a ply of search depth in the generic search (it is always a ply
    /// of the game: win distances and perft count it). Default: true. Othello's forced
    /// pass costs none, as in Edax's and NTest's searches: a depth-`d` search then sees
    /// `d` moves with discs whatever passes come between.
    #[inline]
    fn costs_depth(&self, _mv: Self::Move) -> bool {
        true
    }
}

/// A static evaluation of non-terminal positions, from the point of view of the side to
/// move, in the evaluator's own units (a heuristic [`Score`]).
pub trait Evaluator<G: Game> {
    /// The heuristic value of `game` (not finished) for its side to move. Implementations
    /// should return values within `Score::MIN_HEURISTIC..=Score::MAX_HEURISTIC`.
    fn evaluate(&mut self, game: &G) -> Score;
}

impl<G: Game, F: FnMut(&G) -> Score> Evaluator<G> for F {
    fn evaluate(&mut self, game: &G) -> Score {
        self(game)
    }
}

/// The evaluator that scores every unfinished position as a draw (0): with it a search
/// to the end of the game is an exact solver.
#[derive(Clone, Copy, Debug, Default)]
pub struct ZeroEval;

impl<G: Game> Evaluator<G> for ZeroEval {
    fn evaluate(&mut self, _game: &G) -> Score {
        Score::DRAW
    }
}

/// Anything whose positions can be written and read in the game's standard notation.
/// Used by the conformance suite (`parse(display(p)) == p`) and by the command line.
pub trait Notation: Sized + Display {
    /// The error returned for text that does not describe a valid position.
    type Error: std::error::Error;
    /// Parses a position written in the game's notation.
    ///
    /// # Errors
    /// The game's typed parse error, naming what is wrong.
    fn parse_position(text: &str) -> Result<Self, Self::Error>;
}
