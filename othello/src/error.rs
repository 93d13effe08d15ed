//! Typed errors: parsing positions and moves, and playing illegal moves.

use crate::Square;
use thiserror::Error;

/// Why a move text such as `d3` or `PS` could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseMoveError {
    /// Not `a1`…`h8` or a pass (`PS`, `PA` or `PASS`, in either case).
    #[error("invalid move {0:?}: expected a square a1..h8 or a pass (PS, PA or PASS)")]
    Syntax(String),
    /// Not `a1`…`h8`, where a square is read ([`crate::Square`]'s parser: a pass is no
    /// square; a library user's report: its error offered one).
    #[error("invalid square {0:?}: expected a1..h8")]
    Square(String),
}

/// Why a position in the OBF board form (`<64 squares> <X|O>`) could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParsePositionError {
    /// The board part does not have 64 squares.
    #[error("the board has {found} {}, expected 64", if *.found == 1 { "square" } else { "squares" })]
    Length {
        /// Squares found.
        found: usize,
    },
    /// A square is not `X` or `*` (black), `O` (white), `-` or `.` (empty), or `x`, `o`
    /// for the letters.
    #[error(
        "invalid square {found:?} at {square} (expected X or * for black, O for white, - or . for empty; x and o too)"
    )]
    Character {
        /// The square, `a1`…`h8`.
        square: String,
        /// The character found.
        found: char,
    },
    /// A character that is no square (not `X`, `O` or `-`) beyond the 64th place of the
    /// board text, where the board should have ended (`<board>,X`).
    #[error(
        "invalid character {found:?} after the board's 64 squares (a space, then the side to \
         move X or O, follows them)"
    )]
    AfterBoard {
        /// The character found.
        found: char,
    },
    /// No space between the board and the side to move (`<64 squares>X`).
    #[error("the side to move {found:?} is joined to the board: put a space between them")]
    JoinedSide {
        /// The side letter found as a 65th square.
        found: char,
    },
    /// No side to move after the board.
    #[error("missing side to move (X or O) after the board")]
    MissingSide,
    /// The side to move is not `X`, `x`, `*` (black) or `O`, `o` (white).
    #[error("invalid side to move {found:?} (expected X or O; x, * and o are read too)")]
    Side {
        /// The text found.
        found: String,
    },
    /// A board with an empty centre square: every game starts with d4, e4, d5 and e5
    /// filled, and no move empties a square, so no game reaches it (an empty board
    /// included).
    #[error(
        "centre square {square} is empty: no game reaches it (the four centre squares are filled at the start and never emptied)"
    )]
    EmptyCentre {
        /// The first empty centre square, in the order d4, e4, d5, e5.
        square: Square,
    },
    /// Text after the side to move (the strict form allows none; see
    /// [`crate::Othello::from_obf_line`] for lines with `;` annotations).
    #[error("unexpected text {found:?} after the side to move")]
    Trailing {
        /// The text found.
        found: String,
    },
}

/// Why a move could not be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum PlayError {
    /// The game is over: no move, not even a pass, is legal.
    #[error("the game is over")]
    GameOver,
    /// The square is empty but the move turns no disc over.
    #[error("illegal move {0}: it turns no disc over")]
    Illegal(crate::Move),
    /// The square already holds a disc.
    #[error("illegal move {0}: the square is occupied")]
    Occupied(crate::Move),
    /// A pass while the side to move has a disc move.
    #[error("cannot pass: a move exists")]
    PassWithMoves,
    /// A disc move while the side to move must pass.
    #[error("illegal move {0}: the side to move must pass")]
    MustPass(crate::Move),
}

/// Why a line of moves (`f5d6c3…`) could not be replayed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseLineError {
    /// A move's text is not a square or `PS`.
    #[error("move {index}: {error}")]
    Syntax {
        /// 1-based number of the move in the line.
        index: usize,
        /// What is wrong (in the message, so not also the error's `source`).
        error: ParseMoveError,
    },
    /// A move is illegal in the position reached.
    #[error("move {index}: {error}")]
    Illegal {
        /// 1-based number of the move in the line.
        index: usize,
        /// Why it could not be played (in the message, so not also the error's
        /// `source`).
        error: PlayError,
    },
}

/// Why a solver parameter assignment (`name=value`, [`crate::solver::Tuning::set`])
/// could not be applied.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TuningError {
    /// No `=` in the text.
    #[error("expected name=value, got {0:?}")]
    Syntax(String),
    /// The name is not a parameter.
    #[error("unknown solver parameter {0:?}")]
    Unknown(String),
    /// The value is not a count (or `on`/`off`, `none` where allowed).
    #[error("{name}: invalid value {value:?}")]
    Value {
        /// The parameter.
        name: String,
        /// The text given.
        value: String,
    },
}
