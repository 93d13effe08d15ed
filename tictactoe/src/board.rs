//! [`Board`]: a position of an m,n,k game (tic-tac-toe by default) on two bitboards.

use crate::{Cell, CellError, Geometry, Shape};
use std::fmt;
use std::sync::Arc;
use thiserror::Error;
use zerosum::{BySide, Game, MoveList, Outcome, Side};

/// A position of an m,n,k game: X (the first player, [`Side::First`]) and O take turns
/// putting a stone on an empty cell; the first to have `k` stones in a row, column or
/// diagonal wins; a full board without a line is a draw.
///
/// # Representation
///
/// One `u64` bitboard per side (bit `i` = cell `i`, row-major from the top-left), the
/// winner if any, and the cells played since the position was created (for
/// [`Game::undo`]). The side to move follows from the counts: X when both have as many
/// stones. The win test after a move checks only the precomputed line masks through the
/// cell played ([`Geometry::lines_through`]).
///
/// # Make/undo
///
/// [`Game::play`] puts a stone and records it; [`Game::undo`] takes back the last stone
/// played. Parsed positions start with an empty history.
#[derive(Clone)]
pub struct Board {
    geo: Arc<Geometry>,
    stones: BySide<u64>,
    winner: Option<Side>,
    history: Vec<u8>,
}

/// Why a move cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PlayError {
    /// The game is already over.
    #[error("the game is over")]
    GameOver,
    /// The cell is not on the board.
    #[error("{}", off_board(cell, *cells))]
    OffBoard {
        /// The cell asked for.
        cell: Cell,
        /// Number of cells of the board.
        cells: u32,
    },
    /// The cell already holds a stone.
    #[error("cell {0} is occupied")]
    Occupied(Cell),
}

/// Why a move written as text cannot be played on a board ([`Board::parse_move`]).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MoveError {
    /// Not a cell number at all ([`CellError::NotANumber`]: not a whole number of
    /// digits).
    #[error(transparent)]
    NotACell(CellError),
    /// A whole number that is no cell of this board: 0, or above its last cell, however
    /// long (above 64 no [`Cell`] holds it, so it is kept as written).
    #[error("{}", off_board(number, *cells))]
    OffBoard {
        /// The number as written (digits only, white space trimmed).
        number: String,
        /// Number of cells of the board.
        cells: u32,
    },
    /// A cell of the board that cannot be played now: [`PlayError::GameOver`] or
    /// [`PlayError::Occupied`] (never [`PlayError::OffBoard`], which is
    /// [`MoveError::OffBoard`] here).
    #[error(transparent)]
    Play(PlayError),
}

/// The one wording of a cell off a board of `cells` cells, for [`PlayError::OffBoard`]
/// and [`MoveError::OffBoard`]: `cell 10 is off the board (cells are 1..=9)`.
fn off_board(cell: &dyn fmt::Display, cells: u32) -> String {
    format!("cell {cell} is off the board (cells are 1..={cells})")
}

impl Default for Board {
    /// The empty 3×3 board.
    fn default() -> Self {
        Board::with_geometry(Geometry::standard())
    }
}

impl Board {
    /// The empty board of `shape`.
    pub fn new(shape: Shape) -> Board {
        Board::with_geometry(Geometry::of(shape))
    }

    /// The empty board of a shared geometry (cheap: no tables are built).
    pub fn with_geometry(geo: Arc<Geometry>) -> Board {
        Board {
            geo,
            stones: BySide::new(0, 0),
            winner: None,
            history: Vec::with_capacity(64),
        }
    }

    /// A position from the stone sets of X and O, which the caller has validated
    /// (see [`crate::ParseError`] for the checks the parser makes). The history is empty.
    pub(crate) fn from_parts(geo: Arc<Geometry>, x: u64, o: u64) -> Board {
        let mut b = Board::with_geometry(geo);
        b.stones = BySide::new(x, o);
        b.winner = Side::BOTH.into_iter().find(|&s| b.has_line(s));
        b
    }

    /// The board's geometry (shape, lines, symmetries).
    #[inline]
    pub fn geometry(&self) -> &Arc<Geometry> {
        &self.geo
    }

    /// The board's shape.
    #[inline]
    pub fn shape(&self) -> Shape {
        self.geo.shape()
    }

    /// The stones of `side` as a bitboard.
    #[inline]
    pub fn stones(&self, side: Side) -> u64 {
        self.stones[side]
    }

    /// The empty cells as a bitboard.
    #[inline]
    pub fn empty(&self) -> u64 {
        self.geo.full() & !(self.stones.first | self.stones.second)
    }

    /// Number of empty cells.
    #[inline]
    pub fn empty_count(&self) -> u32 {
        self.empty().count_ones()
    }

    /// Who holds `cell`, if anyone.
    pub fn get(&self, cell: Cell) -> Option<Side> {
        Side::BOTH
            .into_iter()
            .find(|&s| self.stones[s] & cell.bit() != 0)
    }

    /// The winner, if a side has a line.
    #[inline]
    pub fn winner(&self) -> Option<Side> {
        self.winner
    }

    /// True when `side` has `k` stones in a line.
    pub fn has_line(&self, side: Side) -> bool {
        let s = self.stones[side];
        self.geo.lines().iter().any(|&l| l & !s == 0)
    }

    /// The empty cells where `side` would complete a line at once (its threats). Not
    /// masked by whose turn it is.
    #[inline]
    pub fn winning_cells(&self, side: Side) -> u64 {
        let own = self.stones[side];
        let opp = self.stones[!side];
        let need = self.geo.shape().k - 1;
        let mut out = 0;
        for &l in self.geo.lines() {
            if l & opp == 0 && (l & own).count_ones() == need {
                out |= l & !own;
            }
        }
        out
    }

    /// One pass over the lines: the winning cells of `side`, those of the other side,
    /// and the cells on a line still open to someone (a line without stones of at least
    /// one side). No open cell means the game can only be drawn ([`Board::is_dead`]);
    /// an empty cell outside the open cells is dead: filling it changes nothing but the
    /// turn. ([`Board::winning_cells`] twice and more in one pass, for the solver.)
    #[inline]
    pub fn scan_lines(&self, side: Side) -> (u64, u64, u64) {
        let own = self.stones[side];
        let opp = self.stones[!side];
        let need = self.geo.shape().k - 1;
        let (mut mine, mut theirs, mut open) = (0, 0, 0);
        for &l in self.geo.lines() {
            match (l & own == 0, l & opp == 0) {
                (false, false) => {}
                (true, true) => {
                    open |= l;
                    if need == 0 {
                        mine |= l;
                        theirs |= l;
                    }
                }
                (false, true) => {
                    open |= l;
                    if (l & own).count_ones() == need {
                        mine |= l & !own;
                    }
                }
                (true, false) => {
                    open |= l;
                    if (l & opp).count_ones() == need {
                        theirs |= l & !opp;
                    }
                }
            }
        }
        (mine, theirs, open)
    }

    /// True when no line can still be completed by either side (every line holds stones
    /// of both): the game can only end in a draw.
    pub fn is_dead(&self) -> bool {
        let (x, o) = (self.stones.first, self.stones.second);
        self.geo.lines().iter().all(|&l| l & x != 0 && l & o != 0)
    }

    /// The cells played since the position was created, oldest first.
    pub fn history(&self) -> impl ExactSizeIterator<Item = Cell> + '_ {
        self.history.iter().map(|&c| Cell(c))
    }

    /// Plays `cell` after checking it.
    ///
    /// # Errors
    /// [`PlayError`] if the game is over, the cell is off the board or occupied; the
    /// position is then unchanged.
    pub fn try_play(&mut self, cell: Cell) -> Result<(), PlayError> {
        self.check(cell)?;
        self.play(cell);
        Ok(())
    }

    /// Reads a move as a person writes it, the 1-based cell number (`5` is the centre of
    /// 3×3; white space around it is ignored), and checks that it can be played now,
    /// without playing it.
    ///
    /// # Errors
    /// [`MoveError::NotACell`] for text that is not a whole number,
    /// [`MoveError::OffBoard`] for 0 or a number above this board's last cell (however
    /// large; even when the game is over, as the text names no cell of this board),
    /// [`MoveError::Play`] when the game is over or the cell is occupied.
    ///
    /// ```
    /// use tictactoe::{Board, Cell, MoveError};
    /// let board = Board::default();
    /// assert_eq!(board.parse_move(" 5 "), Ok(Cell::new(4)));
    /// let e = board.parse_move("100").unwrap_err();
    /// assert_eq!(e.to_string(), "cell 100 is off the board (cells are 1..=9)");
    /// assert!(matches!(board.parse_move("x"), Err(MoveError::NotACell(_))));
    /// ```
    pub fn parse_move(&self, text: &str) -> Result<Cell, MoveError> {
        let cells = self.geo.cells();
        let cell = text.parse::<Cell>().map_err(|e| match e {
            CellError::OffEveryBoard(number) => MoveError::OffBoard { number, cells },
            e => MoveError::NotACell(e),
        })?;
        if cell.index() >= cells {
            return Err(MoveError::OffBoard {
                number: cell.to_string(),
                cells,
            });
        }
        self.check(cell).map_err(MoveError::Play)?;
        Ok(cell)
    }

    /// Whether `cell` can be played now: [`Board::try_play`]'s checks.
    fn check(&self, cell: Cell) -> Result<(), PlayError> {
        if self.outcome().is_some() {
            return Err(PlayError::GameOver);
        }
        if cell.index() >= self.geo.cells() {
            return Err(PlayError::OffBoard {
                cell,
                cells: self.geo.cells(),
            });
        }
        if self.empty() & cell.bit() == 0 {
            return Err(PlayError::Occupied(cell));
        }
        Ok(())
    }

    /// The symmetry-reduced 64-bit key (equal for positions that are mirror images or
    /// rotations of each other), see [`Geometry::canonical_key`].
    #[inline]
    pub fn canonical_key(&self) -> u64 {
        self.geo
            .canonical_key(self.stones.first, self.stones.second)
            .0
    }

    /// The image of the position under the `s`-th symmetry of
    /// [`Geometry::symmetries`] (history dropped).
    ///
    /// # Panics
    /// When `s` is not below the number of the board's symmetries (8 on a square
    /// board, 4 on another rectangle).
    pub fn transformed(&self, s: usize) -> Board {
        let x = self.geo.transform(s, self.stones.first);
        let o = self.geo.transform(s, self.stones.second);
        Board::from_parts(self.geo.clone(), x, o)
    }
}

impl PartialEq for Board {
    /// Same shape, same stones (history ignored).
    fn eq(&self, other: &Board) -> bool {
        self.shape() == other.shape() && self.stones == other.stones
    }
}

impl Eq for Board {}

impl fmt::Debug for Board {
    /// The position's notation, its shape and whose turn it is (or how it ended).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let state = match self.outcome() {
            None if self.side_to_move() == Side::First => "x to move".to_string(),
            None => "o to move".to_string(),
            Some(Outcome::Draw) => "draw".to_string(),
            Some(Outcome::Win(Side::First)) => "x won".to_string(),
            Some(Outcome::Win(Side::Second)) => "o won".to_string(),
        };
        write!(f, "Board({self}, {}, {state})", self.shape())
    }
}

impl Game for Board {
    type Move = Cell;

    #[inline]
    fn side_to_move(&self) -> Side {
        if self.stones.first.count_ones() == self.stones.second.count_ones() {
            Side::First
        } else {
            Side::Second
        }
    }

    #[inline]
    fn ply(&self) -> u32 {
        (self.stones.first | self.stones.second).count_ones()
    }

    fn legal_moves(&self, moves: &mut MoveList<Cell>) {
        if self.winner.is_some() {
            return;
        }
        let mut e = self.empty();
        while e != 0 {
            moves.push(Cell(e.trailing_zeros() as u8));
            e &= e - 1;
        }
    }

    #[inline]
    fn is_legal(&self, mv: Cell) -> bool {
        self.winner.is_none() && mv.index() < self.geo.cells() && self.empty() & mv.bit() != 0
    }

    /// # Panics
    /// In debug builds, if `mv` is not legal.
    #[inline]
    fn play(&mut self, mv: Cell) {
        debug_assert!(self.is_legal(mv), "illegal move {mv} in {self:?}");
        let side = self.side_to_move();
        let s = self.stones[side] | mv.bit();
        self.stones[side] = s;
        if self
            .geo
            .lines_through(mv.index())
            .iter()
            .any(|&l| l & !s == 0)
        {
            self.winner = Some(side);
        }
        self.history.push(mv.0);
    }

    #[inline]
    fn undo(&mut self) {
        if let Some(c) = self.history.pop() {
            let bit = !(1u64 << c);
            self.stones.first &= bit;
            self.stones.second &= bit;
            // Play stops at the first line, so the position before held none.
            self.winner = None;
        }
    }

    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        match self.winner {
            Some(w) => Some(Outcome::Win(w)),
            None if self.empty() == 0 => Some(Outcome::Draw),
            None => None,
        }
    }

    #[inline]
    fn hash(&self) -> u64 {
        self.geo.key(self.stones.first, self.stones.second)
    }

    fn move_index_count(&self) -> usize {
        self.geo.cells() as usize
    }

    fn move_index(&self, mv: Cell) -> usize {
        mv.index() as usize
    }

    fn move_from_index(&self, index: usize) -> Option<Cell> {
        (index < self.geo.cells() as usize).then(|| Cell::new(index as u32))
    }

    /// The number of win lines through the cell (centre first on 3×3).
    fn move_order_hint(&self, mv: Cell) -> i32 {
        self.geo.line_count(mv.index()) as i32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scan_lines_agrees_with_the_separate_queries() {
        use zerosum::MoveList;
        for shape in ["3x3", "4x4", "5x5x4", "3x1x1", "4x3x2"] {
            let mut b = Board::new(shape.parse().unwrap());
            let mut seed = 12345u64;
            for _ in 0..200 {
                let side = b.side_to_move();
                let (mine, theirs, open) = b.scan_lines(side);
                assert_eq!(mine, b.winning_cells(side), "{b:?}");
                assert_eq!(theirs, b.winning_cells(!side), "{b:?}");
                assert_eq!(open == 0, b.is_dead(), "{b:?}");
                let mut moves = MoveList::new();
                b.legal_moves(&mut moves);
                if moves.is_empty() {
                    b = Board::new(b.shape());
                    continue;
                }
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                b.play(moves[(seed >> 33) as usize % moves.len()]);
            }
        }
    }
}
