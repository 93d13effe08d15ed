//! The board: stones, side to move, rules, outcome, make/undo, and the per-cell line
//! patterns kept up to date on every move.

use crate::cell::{Cell, CellError, MAX_SIZE, MIN_SIZE, parse_move_list};
use crate::pattern::{self, Pattern};
use crate::rule::Rule;
use std::fmt;
use thiserror::Error;
use zerosum::{Game, MoveList, Notation, Outcome, Side};

/// The four line directions `(dx, dy)`: horizontal, vertical, diagonal, anti-diagonal.
pub const DIRECTIONS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// Why a move was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PlayError {
    /// The cell lies outside the board.
    #[error("cell {cell} is off the {size}x{size} board")]
    OffBoard {
        /// The rejected cell.
        cell: Cell,
        /// The board side.
        size: u8,
    },
    /// The cell already holds a stone.
    #[error("cell {0} is occupied")]
    Occupied(Cell),
    /// The game is already over.
    #[error("the game is over ({0}); no more moves")]
    GameOver(String),
    /// Under renju, black may not play there (overline, double four or double three;
    /// see [`crate::renju`]).
    #[error("cell {0} is forbidden for black under renju")]
    Forbidden(Cell),
}

/// Why a position's text was rejected (see [`Board`]'s notation).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseError {
    /// Nothing but white space: no board, not even the empty one (written `15f:`), as
    /// the other games refuse an empty position.
    #[error(
        "empty position (the empty board is written 15f:, or 20s:, 15r:, … for another size or rule)"
    )]
    Empty,
    /// The size before the colon is not a number in 5..=22.
    #[error("bad board size {0:?} (5 to 22)")]
    Size(String),
    /// The rule letter is not `f`, `s` or `r`.
    #[error("bad rule letter {0:?} (f = freestyle, s = standard, r = renju)")]
    Rule(String),
    /// A cell of the move list is malformed.
    #[error("move {index}: {error}")]
    Cell {
        /// 1-based position in the move list.
        index: usize,
        /// What is wrong with it.
        error: CellError,
    },
    /// A cell of the move list is beyond this board (and beyond the largest one). Its
    /// text is a letter and digits (the parser's shape), so it is shown unquoted, as
    /// [`PlayError::OffBoard`] shows a cell beyond this board only.
    #[error("move {index}: cell {cell} is off the {size}x{size} board")]
    OffBoard {
        /// 1-based position in the move list.
        index: usize,
        /// The cell as written (its first characters and `…` when long).
        cell: String,
        /// The board's side.
        size: u8,
    },
    /// A move of the list cannot be played.
    #[error("move {index}: {error}")]
    Play {
        /// 1-based position in the move list.
        index: usize,
        /// Why it was refused.
        error: PlayError,
    },
    /// The set-up part `[…]` of a position (see the type docs) is malformed, or one of its
    /// stones cannot be placed.
    #[error("set-up part {setup:?}: {problem}")]
    Setup {
        /// The set-up text between the brackets, cut to 60 characters and `…` when
        /// longer.
        setup: String,
        /// What is wrong with it.
        problem: String,
    },
}

/// Why a board size was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unsupported board size {0} (5 to 22)")]
pub struct SizeError(pub u32);

fn zobrist(i: usize) -> u64 {
    // SplitMix64 of the index: fixed, portable keys.
    let mut z = (i as u64)
        .wrapping_add(1)
        .wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

const CELLS: usize = MAX_SIZE as usize * MAX_SIZE as usize;

/// The Zobrist hash of the empty board of `size` under `rule`: a key of the size and one
/// of the rule, each 0 for the usual game (15×15, freestyle). With them in every hash, a
/// table entry made under one rule or size is never read under another (the same
/// stones can be a VCF under freestyle and none under renju), whoever shares the tables.
fn empty_hash(size: u32, rule: Rule) -> u64 {
    let size_key = if size == 15 {
        0
    } else {
        zobrist(2 * CELLS + 1 + size as usize)
    };
    let rule_key = match rule {
        Rule::Freestyle => 0,
        Rule::Standard => zobrist(2 * CELLS + 1 + MAX_SIZE as usize + 1),
        Rule::Renju => zobrist(2 * CELLS + 1 + MAX_SIZE as usize + 2),
    };
    size_key ^ rule_key
}

fn keys() -> &'static [u64] {
    static KEYS: std::sync::OnceLock<Vec<u64>> = std::sync::OnceLock::new();
    KEYS.get_or_init(|| (0..2 * CELLS + 1).map(zobrist).collect())
}

/// A Gomoku position with its history.
///
/// Black ([`Side::First`]) moves first. Five in a row wins (exactly five under
/// [`Rule::Standard`], and for black under [`Rule::Renju`], where black's forbidden
/// points are refused by [`Board::try_play`]); a full board without a winner is a draw. Make/undo as the
/// [`Game`] contract says; each move also updates, for both sides, the [`Pattern`] every
/// empty cell would make in each of the four directions, so that threats (fours, open
/// threes) are read off in O(1) per cell. A move records the values it overwrites, and
/// its undo writes them back (a make and undo take about a third less time than with an
/// undo that recomputes them); a clone starts without that record, so moves played
/// before the clone are undone by recomputing, with the same result.
///
/// # Notation
///
/// `<size><rule>:<moves>`, e.g. `15f:h8i7e9`: the board side (5–22), the rule letter
/// (`f` freestyle, `s` standard, `r` renju), a colon, then the stones in the order played, black
/// first, each a column letter from `a` and a row number from 1 (`h8` = `x = 7, y = 7`).
/// Without a rule letter the rule is freestyle (`19:h8` = `19f:h8`); a bare move list
/// (`h8i7e9`, spaces allowed) means 15×15 freestyle. The empty board is `15f:`, or `-`
/// (the empty bare move list, as Connect Four writes its empty move sequence; `20f:-` for
/// another board); an empty text is refused ([`ParseError::Empty`]), as the other games
/// refuse theirs. Under renju the stones are played in that order, so a black stone on a
/// point forbidden at its turn is refused: a composed position listed through such a
/// point is built with [`Board::place`] instead.
///
/// Set-up stones (placed, not played: [`Board::place`], [`Board::place_blocker`],
/// [`Board::set_side_to_move`]) come first, in brackets, before the moves played after
/// them: `15f:[black h8 i9; white a1; blocked c3; white to move]e9f10` — clauses
/// `black <cells>`, `white <cells>`, `blocked <cells>` and `<black|white> to move`,
/// separated by `;`, each at most once, in any order; without a `to move` clause black
/// is to move. Set-up stones that give both sides a five are refused (no game reaches
/// that). They are placed in no playing order, so renju's forbidden points do not
/// apply to them. `Display` writes this form for every position with set-up stones, a
/// blocker, or a side to move set by hand, so that it reads back as the same position.
#[derive(Clone)]
pub struct Board {
    size: u8,
    rule: Rule,
    cells: Vec<u8>,
    /// Per cell, what the pattern updates read and write (see [`Spot`]).
    spots: Vec<Spot>,
    /// The board-wide pattern counts the pattern updates keep (see [`Sums`]).
    sums: Sums,
    /// The empty cells near stones, in no order, and each cell's place in it (`u16::MAX`
    /// when absent).
    frontier: Vec<u16>,
    frontier_at: Vec<u16>,
    history: Vec<Cell>,
    base: usize,
    blockers: usize,
    to_move: Side,
    hash: u64,
    outcome: Option<Outcome>,
    /// The fine pattern table ([`pattern::fine_table`]: the pattern code in bits 0–2,
    /// the [`pattern::FinePattern`] in bits 3–6) seen by black and by white.
    tables: [&'static [u8; pattern::KEYS]; 2],
    /// Per side, whether its patterns read the cells five away
    /// ([`pattern::reads_outer_cells`]).
    outer: [bool; 2],
    /// A solver copy ([`Board::solver_copy`]): the evaluation's sums (`near_counts`,
    /// `classes`, the tallies) are not kept.
    lean: bool,
    /// Per board value placed on an empty cell (1 black, 2 white, 3 blocker), per offset
    /// index `5 - k` of that cell as seen from its neighbour at offset `k`, and per side,
    /// the change of the neighbour's key (taking a stone back is the negative).
    key_deltas: [[[i32; 2]; 11]; 4],
    /// What the last moves changed, for an undo that restores instead of recomputing.
    undo_log: UndoLog,
}

/// The board-wide counts the pattern updates keep, together so that an update can hold
/// them beside one cell's [`Spot`] (two borrows of the board, no index checks between).
#[derive(Clone, Copy, Default, PartialEq, Debug)]
struct Sums {
    /// Per side and pattern, the (cell, direction) pairs of the empty cells.
    counts: [[u16; 8]; 2],
    /// Per side and pattern, the (cell, direction) pairs of the cells near stones
    /// (`near > 0`; occupied cells have no pattern).
    near_counts: [[u16; 8]; 2],
    /// Per side and threat class (see [`pattern::threat_class`]), the cells (every cell
    /// of class 1 or 2 is empty and near a stone).
    classes: [[u16; 3]; 2],
    /// Per side, the cells where a stone makes a four ([`Pattern::Four`]) in two or more
    /// directions (every such cell is empty and near a stone).
    double_fours: [u16; 2],
}

/// The record of what each move played by [`Board::play_unchecked`] changed (the
/// neighbours' keys, patterns and tallies, the centre's patterns, the sums), so that
/// [`Board::try_undo`] writes the old values back instead of recomputing them from the
/// pattern tables: an undo costs about a quarter of a make (`perf`), and the position
/// after it is the same, field for field. A move without a record (played before a clone or a
/// setup change, which start the record afresh) is undone by recomputing, as it always
/// was. A clone starts with an empty record: copying it would cost more than it saves.
/// Rapfi's board keeps such a record for its undo (its `UpdateCache` and per-ply
/// `StateInfo`; design read, not copied).
#[derive(Default)]
struct UndoLog {
    /// One frame a recorded move, the last move last.
    frames: Vec<Frame>,
    /// The neighbours' old values, the frames' entries one after another.
    saved: Vec<Saved>,
}

impl Clone for UndoLog {
    fn clone(&self) -> Self {
        UndoLog::default()
    }
}

/// What one move changed besides its neighbours (see [`UndoLog`]).
#[derive(Clone, Copy)]
struct Frame {
    /// The number of moves in the history before this one.
    ply: usize,
    /// Where its neighbours' entries begin in [`UndoLog::saved`].
    start: usize,
    sums: Sums,
    /// The played cell's patterns, tallies and packs before the move.
    pats: [[u8; 4]; 2],
    tally: [u8; 2],
    packs: [u16; 2],
}

/// A neighbour's values before a move: its key and patterns in the one direction in
/// which it sees the played cell, its tallies and its packs.
#[derive(Clone, Copy)]
struct Saved {
    cell: u16,
    direction: u8,
    pats: [u8; 2],
    tally: [u8; 2],
    packs: [u16; 2],
    keys: [u32; 2],
}

/// What the board keeps per cell for the pattern updates, together so that updating a
/// neighbour touches one place in memory (one bounds check, one or two cache lines).
#[derive(Clone, Copy, Default, PartialEq, Debug)]
struct Spot {
    /// Per cell, direction and side (black, white), the pattern-table key of the ten
    /// cells at offsets −5..=5 around it as that side sees them, kept incrementally:
    /// offsets −4..−1, +1..+4 as base-3 digits (empty, own stone, opponent stone or
    /// edge) of weights 3^0..3^7, plus 3^8 for an own stone at −5 and 2·3^8 at +5
    /// (the outer bits only for a side whose patterns read them; 0 otherwise).
    keys: [[u32; 2]; 4],
    /// Per side and direction, the fine pattern code a stone there makes (0 when
    /// occupied): the [`Pattern`] code in bits 0–2, the [`pattern::FinePattern`] in
    /// bits 3–6; [`plain`] keeps bits 0–2.
    pats: [[u8; 4]; 2],
    /// Per side, the number of fours (bits 0..3) and open threes (bits 3..6) among its
    /// four direction patterns: its threat class in one table look-up.
    tally: [u8; 2],
    /// Per side, the base-13 pack of its four fine patterns (`f0 + 13 f1 + 169 f2 +
    /// 2197 f3`, the fine pattern of direction d in digit d), kept by additions on full
    /// boards only (a [`Board::solver_copy`] leaves it stale): the cell's pattern code
    /// is one look-up away ([`Board::pattern_code`]).
    packs: [u16; 2],
    /// Number of stones within two cells (king distance).
    near: u8,
    /// The board value (0 empty, 1 black, 2 white, 3 blocker), as in `Board::cells`.
    stone: u8,
}

/// Sets the fine pattern code of `spot`'s cell for `side` in direction `d` to `new`,
/// keeping `sums` and, but on a lean board (`LEAN`, a [`Board::solver_copy`]), the
/// cell's pack and tally and the evaluation's sums.
#[inline(always)]
fn set_pattern_in<const LEAN: bool>(
    spot: &mut Spot,
    sums: &mut Sums,
    side: usize,
    d: usize,
    new: u8,
) {
    let old = spot.pats[side][d];
    if new != old {
        let (o, n) = (old as usize & 7, new as usize & 7);
        sums.counts[side][o] -= 1;
        sums.counts[side][n] += 1;
        spot.pats[side][d] = new;
        if LEAN {
            return;
        }
        // The pack changes by the fine pattern's step (the code read from it later
        // costs one look-up, where reading the four patterns costs four digits).
        let step = i32::from(new >> 3) - i32::from(old >> 3);
        if step != 0 {
            spot.packs[side] = (i32::from(spot.packs[side]) + step * PACK_WEIGHTS[d]) as u16;
        }
        if TALLY[o] | TALLY[n] != 0 {
            let was = spot.tally[side];
            let now = was.wrapping_sub(TALLY[o]).wrapping_add(TALLY[n]);
            spot.tally[side] = now;
            let (a, b) = (
                CLASS_OF_TALLY[was as usize & 63] as usize,
                CLASS_OF_TALLY[now as usize & 63] as usize,
            );
            if a != b {
                sums.classes[side][a % 3] -= 1;
                sums.classes[side][b % 3] += 1;
            }
            let (df_was, df_now) = (was & 7 >= 2, now & 7 >= 2);
            if df_was != df_now {
                if df_now {
                    sums.double_fours[side] += 1;
                } else {
                    sums.double_fours[side] -= 1;
                }
            }
        }
        if spot.near > 0 {
            sums.near_counts[side][o] -= 1;
            sums.near_counts[side][n] += 1;
        }
    }
}

/// The [`Pattern`] codes of four fine pattern codes (bits 0–2 of each).
#[inline(always)]
fn plain(p: [u8; 4]) -> [u8; 4] {
    (u32::from_ne_bytes(p) & 0x0707_0707).to_ne_bytes()
}

/// The weight of direction d's fine pattern in a cell's pack (see `Spot::packs`).
const PACK_WEIGHTS: [i32; 4] = {
    let n = pattern::FINE_CODES as i32;
    [1, n, n * n, n * n * n]
};

/// What one direction's pattern adds to a cell's tally: 1 for a four, 8 for an open three.
const TALLY: [u8; 8] = [0, 0, 0, 0, 8, 1, 0, 0];

/// The threat class ([`pattern::threat_class`]) of a tally (fours + 8 × open threes;
/// tallies of more than four patterns cannot occur).
const CLASS_OF_TALLY: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut k = 0;
    while k < 64 {
        let (fours, threes) = (k & 7, k >> 3);
        if fours + threes <= 4 {
            let mut p = [0u8; 4];
            let mut j = 0;
            while j < 4 {
                p[j] = if j < fours {
                    Pattern::Four as u8
                } else if j < fours + threes {
                    Pattern::OpenThree as u8
                } else {
                    0
                };
                j += 1;
            }
            t[k] = pattern::threat_class(p) as u8;
        }
        k += 1;
    }
    t
};

/// The weight of offset `k` (±1..=±5) in a pattern-table key (see `Board::keys`).
#[inline]
const fn key_weight(k: i32) -> u32 {
    match k {
        -5 => pattern::INNER_KEYS as u32,
        5 => 2 * pattern::INNER_KEYS as u32,
        k if k < 0 => pattern::slot_weight((k + 4) as usize),
        k => pattern::slot_weight((k + 3) as usize),
    }
}

/// [`key_weight`] of offsets −5..=5 (index `k + 5`; 0 for the centre).
const KEY_WEIGHTS: [u32; 11] = {
    let mut w = [0; 11];
    let mut k = -5;
    while k <= 5 {
        if k != 0 {
            w[(k + 5) as usize] = key_weight(k);
        }
        k += 1;
    }
    w
};

/// The key digit of board value `v` (0 empty, 1 black, 2 white, 3 edge or blocker) at
/// offset `k`, seen by the side whose stones have value `own`.
#[inline]
const fn key_digit(k: i32, v: u32, own: u32) -> u32 {
    if k == 5 || k == -5 {
        (v == own) as u32
    } else if v == own {
        1
    } else if v == 0 {
        0
    } else {
        2
    }
}

impl Board {
    /// An empty 15×15 freestyle board.
    pub fn new() -> Board {
        Board::with_size(15, Rule::Freestyle).expect("15 is a valid size")
    }

    /// An empty `size`×`size` board under `rule`.
    ///
    /// # Errors
    /// [`SizeError`] unless `size` is in 5..=22.
    pub fn with_size(size: u32, rule: Rule) -> Result<Board, SizeError> {
        if !(MIN_SIZE as u32..=MAX_SIZE as u32).contains(&size) {
            return Err(SizeError(size));
        }
        let n = (size * size) as usize;
        let mut b = Board {
            size: size as u8,
            rule,
            cells: vec![0; n],
            spots: vec![Spot::default(); n],
            sums: Sums {
                classes: [[n as u16, 0, 0]; 2],
                ..Sums::default()
            },
            frontier: Vec::with_capacity(n),
            frontier_at: vec![u16::MAX; n],
            history: Vec::with_capacity(n),
            base: 0,
            blockers: 0,
            to_move: Side::First,
            hash: empty_hash(size, rule),
            outcome: None,
            tables: [
                pattern::fine_table(rule.line_rule(Side::First)),
                pattern::fine_table(rule.line_rule(Side::Second)),
            ],
            outer: [
                pattern::reads_outer_cells(rule.line_rule(Side::First)),
                pattern::reads_outer_cells(rule.line_rule(Side::Second)),
            ],
            lean: false,
            key_deltas: [[[0; 2]; 11]; 4],
            undo_log: UndoLog::default(),
        };
        for v in 1..4 {
            for (side, &outer) in b.outer.iter().enumerate() {
                let own = side as u32 + 1;
                let inner = key_digit(1, v, own) as i32 - key_digit(1, 0, own) as i32;
                let outer = if outer {
                    key_digit(5, v, own) as i32 - key_digit(5, 0, own) as i32
                } else {
                    0
                };
                for (j, row) in b.key_deltas[v as usize].iter_mut().enumerate() {
                    let change = if j == 0 || j == 10 { outer } else { inner };
                    row[side] = change * KEY_WEIGHTS[j] as i32;
                }
            }
        }
        for i in 0..n {
            let c = b.cell_of(i);
            for (d, &(dx, dy)) in DIRECTIONS.iter().enumerate() {
                for k in [-5, -4, -3, -2, -1, 1, 2, 3, 4, 5] {
                    let (x, y) = (c.x as i32 + k * dx, c.y as i32 + k * dy);
                    if x < 0 || y < 0 || x >= size as i32 || y >= size as i32 {
                        for (side, key) in b.spots[i].keys[d].iter_mut().enumerate() {
                            *key += key_digit(k, 3, side as u32 + 1) * key_weight(k);
                        }
                    }
                }
            }
        }
        b.sums.counts = [[4 * n as u16, 0, 0, 0, 0, 0, 0, 0]; 2];
        for i in 0..n {
            for s in 0..2 {
                for d in 0..4 {
                    let p = b.compute(i, d, s);
                    b.set_pattern::<false>(i, s, d, p);
                }
            }
        }
        Ok(b)
    }

    /// A copy for the threat solvers (VCF, VCT): the same position, stones, patterns,
    /// pattern counts ([`Board::pattern_count`]), frontier and hash, but make/undo no
    /// longer keeps the evaluation's sums, so they cost less: on the copy
    /// [`Board::near_pattern_counts`] and [`Board::class_counts`] read all zeros. Used by
    /// [`crate::vct::VctSolver`] for its whole search; everything else is as on `self`.
    pub fn solver_copy(&self) -> Board {
        let mut b = self.clone();
        b.lean = true;
        b.sums.near_counts = [[0; 8]; 2];
        b.sums.classes = [[0; 3]; 2];
        b.sums.double_fours = [0; 2];
        b
    }

    /// Whether this is a [`Board::solver_copy`] (the evaluation's sums not kept).
    #[inline]
    pub fn is_solver_copy(&self) -> bool {
        self.lean
    }

    /// The board side.
    #[inline]
    pub fn size(&self) -> u8 {
        self.size
    }

    /// The rule.
    #[inline]
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// Number of cells (`size²`).
    #[inline]
    pub fn cell_count(&self) -> usize {
        self.cells.len()
    }

    /// The dense index `y·size + x` of an on-board cell.
    #[inline]
    pub fn index(&self, c: Cell) -> usize {
        c.y as usize * self.size as usize + c.x as usize
    }

    /// The cell of dense index `i`.
    #[inline]
    pub fn cell_of(&self, i: usize) -> Cell {
        let s = self.size as usize;
        Cell::new((i % s) as u8, (i / s) as u8)
    }

    /// True when `c` lies on the board.
    #[inline]
    pub fn on_board(&self, c: Cell) -> bool {
        c.x < self.size && c.y < self.size
    }

    /// The stone on `c`: `Some(side)` or `None` for empty (and off-board) cells.
    pub fn stone(&self, c: Cell) -> Option<Side> {
        if !self.on_board(c) {
            return None;
        }
        match self.cells[self.index(c)] {
            1 => Some(Side::First),
            2 => Some(Side::Second),
            _ => None,
        }
    }

    /// The stone at dense index `i` (0 empty, 1 black, 2 white, 3 a blocker).
    #[inline]
    pub fn raw(&self, i: usize) -> u8 {
        self.cells[i]
    }

    /// True when `c` holds a blocker ([`Board::place_blocker`]): no stone, and no move.
    pub fn is_blocked(&self, c: Cell) -> bool {
        self.cells[self.index(c)] == 3
    }

    /// The dense indices of the blocked cells ([`Board::place_blocker`]), in index order.
    pub fn blocked_cells(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.cells.len()).filter(|&i| self.cells[i] == 3)
    }

    /// The stones played, oldest first (setup stones included).
    pub fn moves(&self) -> &[Cell] {
        &self.history
    }

    /// The last stone played, if any.
    pub fn last_move(&self) -> Option<Cell> {
        self.history.last().copied()
    }

    /// Number of stones on the board.
    pub fn stone_count(&self) -> usize {
        self.history.len()
    }

    /// Number of empty cells (blockers and setup stones counted as occupied).
    pub fn empty_count(&self) -> usize {
        self.cells.len() - self.history.len() - self.blockers
    }

    /// The pattern `side` would make by playing on the empty cell of index `i` in
    /// direction `d` (0..4, see [`DIRECTIONS`]); [`Pattern::None`] on occupied cells.
    #[inline]
    pub fn pattern(&self, i: usize, side: Side, d: usize) -> Pattern {
        Pattern::from_code(self.spots[i].pats[side.index()][d] & 7)
    }

    /// The four direction patterns of `side` at index `i`, as codes.
    #[inline]
    pub fn patterns(&self, i: usize, side: Side) -> [u8; 4] {
        plain(self.spots[i].pats[side.index()])
    }

    /// The four direction patterns of `side` at index `i` as fine codes: the
    /// [`Pattern`] code of [`Board::patterns`] in bits 0–2 and the refining
    /// [`crate::FinePattern`] in bits 3–6 (`code | fine << 3`, see
    /// [`crate::FinePattern::of_code`]); all 0 on occupied cells.
    #[inline]
    pub fn fine_patterns(&self, i: usize, side: Side) -> [u8; 4] {
        self.spots[i].pats[side.index()]
    }

    /// The pattern code of `side` at index `i`: [`crate::pattern_code`] of
    /// [`Board::fine_patterns`] (0..[`crate::PATTERN_CODES`]; 0 on occupied cells), kept
    /// up to date on make/undo (computed afresh on a [`Board::solver_copy`]).
    #[inline]
    pub fn pattern_code(&self, i: usize, side: Side) -> usize {
        if self.lean {
            crate::eval_cells::pattern_code(self.fine_patterns(i, side))
        } else {
            usize::from(crate::eval_cells::code_of_pack(usize::from(
                self.spots[i].packs[side.index()],
            )))
        }
    }

    /// Whether a stone of `side` on the empty index `i` makes a four or a five in one of
    /// its four directions (a direction pattern of [`Pattern::Four`] or above).
    #[inline]
    pub fn makes_four(&self, i: usize, side: Side) -> bool {
        self.patterns(i, side)
            .iter()
            .any(|&p| p >= Pattern::Four as u8)
    }

    /// How many (empty cell, direction) pairs give `side` the pattern `p`.
    #[inline]
    pub fn pattern_count(&self, side: Side, p: Pattern) -> u32 {
        self.sums.counts[side.index()][p as usize] as u32
    }

    /// Per pattern (index = [`Pattern`] code), how many (empty cell near a stone,
    /// direction) pairs give `side` that pattern; kept on every move (all zeros on a
    /// [`Board::solver_copy`]).
    #[inline]
    pub fn near_pattern_counts(&self, side: Side) -> [u16; 8] {
        self.sums.near_counts[side.index()]
    }

    /// Per threat class (index 1 = double three: two open threes; 2 = four-three: a four
    /// and an open three), how many empty cells have it for `side` (all of them
    /// near a stone: an open three or a four needs a stone within two cells); index 0
    /// counts every other cell. Kept on every move (all zeros on a
    /// [`Board::solver_copy`]).
    #[inline]
    pub fn class_counts(&self, side: Side) -> [u16; 3] {
        self.sums.classes[side.index()]
    }

    /// How many empty cells give `side` a four ([`Pattern::Four`]) in two or more
    /// directions at once (a double four; all of them near a stone). Kept on every move
    /// (0 on a [`Board::solver_copy`]).
    #[inline]
    pub fn double_four_count(&self, side: Side) -> u16 {
        self.sums.double_fours[side.index()]
    }

    /// The empty cells within two cells (king distance) of a stone, as dense indices in
    /// no particular order; kept on every move.
    #[inline]
    pub fn frontier(&self) -> &[u16] {
        &self.frontier
    }

    /// Number of stones within two cells (king distance) of index `i`.
    #[inline]
    pub fn near(&self, i: usize) -> u8 {
        self.spots[i].near
    }

    /// The Zobrist hash ([`Game::hash`]) the position would have after the side to move
    /// plays at the empty index `i`, without playing it (for probing a table first).
    #[inline]
    pub fn hash_after_move(&self, i: usize) -> u64 {
        self.hash ^ keys()[2 * i + self.to_move.index()] ^ keys()[2 * CELLS]
    }

    /// The Zobrist key of a stone of `side` on index `i`: the hash of a position with that
    /// stone is the hash without it XOR this key (Zobrist 1970), so a position with a few
    /// stones more than another is found in a table by XOR-ing their keys off its hash
    /// (the proof-number stage's relevance zones, `vct::dfpn`).
    #[inline]
    pub(crate) fn stone_key(i: usize, side: Side) -> u64 {
        keys()[2 * i + side.index()]
    }

    /// The Zobrist key of the side to move's change: the hash after a move is the hash
    /// before XOR the stone's [`Board::stone_key`] XOR this key.
    #[inline]
    pub(crate) fn turn_key() -> u64 {
        keys()[2 * CELLS]
    }

    /// The Zobrist hash the position would have after the side to move plays at the
    /// empty index `i` and the other side then at the empty index `j` (`j != i`),
    /// without playing them (a four and its block, for probing a table first).
    #[inline]
    pub fn hash_after_pair(&self, i: usize, j: usize) -> u64 {
        let s = self.to_move.index();
        self.hash ^ keys()[2 * i + s] ^ keys()[2 * j + (1 - s)]
    }

    /// The cells where `side` would complete a winning row if it had a stone on the
    /// empty index `i`, among the empty cells on the four lines through `i` within
    /// four cells (where [`Board::play_unchecked`] would change a win point), in the
    /// order direction by direction ([`DIRECTIONS`]), offsets −4..=4; each cell once.
    /// Read from the pattern keys without playing: for a cell `j` at offset `k` from
    /// `i`, only its pattern in that line's direction changes. Cells that are win points
    /// already are listed too when they lie on those lines. Under renju the result is
    /// black's patterns as the table gives them (forbidden points are not looked at).
    pub fn fives_after(&self, i: usize, side: Side, out: &mut Vec<usize>) {
        out.clear();
        let s = self.size as i32;
        let c = self.cell_of(i);
        let (cx, cy) = (c.x as i32, c.y as i32);
        let si = side.index();
        let five = Pattern::Five as u8;
        for (d, &(dx, dy)) in DIRECTIONS.iter().enumerate() {
            for k in -4..=4i32 {
                let (x, y) = (cx + k * dx, cy + k * dy);
                if k == 0 || x < 0 || y < 0 || x >= s || y >= s {
                    continue;
                }
                let j = (y * s + x) as usize;
                if self.spots[j].stone != 0 {
                    continue;
                }
                // `i` lies at offset −k from `j`: an own stone there adds that offset's
                // digit 1 (|k| ≤ 4: no outer bits).
                let key = self.spots[j].keys[d][si] + KEY_WEIGHTS[(5 - k) as usize];
                let now = self.tables[si][key as usize] & 7;
                let pats = plain(self.spots[j].pats[si]);
                let other = (0..4).any(|e| e != d && pats[e] == five);
                if (now == five || other) && !out.contains(&j) {
                    out.push(j);
                }
            }
        }
    }

    /// Calls `f(j, patterns)` for each empty cell `j` on the four lines through the
    /// empty index `i` whose patterns for `side` a stone of `stone` on `i` could change
    /// (within four cells; five for a stone of `side` when its patterns read the cells
    /// five away), with `side`'s four direction patterns at `j` as they would be after
    /// that stone, without playing it; stops and returns true at the first call that
    /// returns true. Cells off those lines keep their patterns.
    pub fn any_pattern_after(
        &self,
        i: usize,
        stone: Side,
        side: Side,
        mut f: impl FnMut(usize, [u8; 4]) -> bool,
    ) -> bool {
        let s = self.size as i32;
        let c = self.cell_of(i);
        let (cx, cy) = (c.x as i32, c.y as i32);
        let si = side.index();
        let own = stone == side;
        let reach = if own && self.outer[si] { 5 } else { 4 };
        for (d, &(dx, dy)) in DIRECTIONS.iter().enumerate() {
            for k in -reach..=reach {
                let (x, y) = (cx + k * dx, cy + k * dy);
                if k == 0 || x < 0 || y < 0 || x >= s || y >= s {
                    continue;
                }
                let j = (y * s + x) as usize;
                if self.spots[j].stone != 0 {
                    continue;
                }
                // `i` lies at offset −k from `j`.
                let mut pats = plain(self.spots[j].pats[si]);
                pats[d] = self.pattern_with_stone(j, d, si, -k, own);
                if f(j, pats) {
                    return true;
                }
            }
        }
        false
    }

    /// `side`'s pattern at the empty index `j` in direction `d` with one more stone on
    /// that line at `offset` cells from `j` (1..=4 either way, or 5 for the outer bit
    /// of a side whose patterns read it), an own stone when `own`, read from `j`'s key.
    #[inline]
    fn pattern_with_stone(&self, j: usize, d: usize, si: usize, offset: i32, own: bool) -> u8 {
        let w = KEY_WEIGHTS[(offset + 5) as usize];
        // The key digit of a stone: 1 own, 2 the opponent's (at ±5 only an own stone
        // has a bit).
        let add = if offset.abs() == 5 || own { w } else { 2 * w };
        self.tables[si][(self.spots[j].keys[d][si] + add) as usize] & 7
    }

    /// The four direction patterns of `side` at the empty index `i` as they would be
    /// after a stone of `stone` on the empty index `j` (`j != i`), without playing it:
    /// when `j` lies on a line through `i` within the cells `i`'s patterns read (four,
    /// or five for a stone of `side` whose patterns read the cells five away), that
    /// line's pattern read from the key with the stone added (as
    /// [`Board::any_pattern_after`] does); otherwise the patterns as they are.
    pub fn patterns_after_stone(&self, i: usize, j: usize, stone: Side, side: Side) -> [u8; 4] {
        let si = side.index();
        let mut pats = plain(self.spots[i].pats[si]);
        let (ci, cj) = (self.cell_of(i), self.cell_of(j));
        // `j` lies at offset `k` from `i` along direction `d`.
        let (dx, dy) = (cj.x as i32 - ci.x as i32, cj.y as i32 - ci.y as i32);
        let (d, k) = match (dx, dy) {
            (_, 0) => (0, dx),
            (0, _) => (1, dy),
            _ if dx == dy => (2, dx),
            _ if dx == -dy => (3, dx),
            _ => return pats,
        };
        let own = stone == side;
        let reach = if own && self.outer[si] { 5 } else { 4 };
        if k == 0 || k.abs() > reach {
            return pats;
        }
        pats[d] = self.pattern_with_stone(i, d, si, k, own);
        pats
    }

    /// True when `side` playing at empty index `i` wins at once.
    #[inline]
    pub fn is_winning_cell(&self, i: usize, side: Side) -> bool {
        pattern::has_pattern(plain(self.spots[i].pats[side.index()]), Pattern::Five)
    }

    /// The cells where `side` would complete a winning row now (its "win points"), in
    /// increasing index order.
    pub fn winning_cells(&self, side: Side) -> Vec<usize> {
        let mut out: Vec<usize> = self.win_points(side).collect();
        out.sort_unstable();
        out
    }

    /// The lowest index of a cell where `side` would complete a winning row now (the
    /// first of [`Board::winning_cells`]), without building the list.
    pub fn first_winning_cell(&self, side: Side) -> Option<usize> {
        self.win_points(side).min()
    }

    /// `side`'s win points ([`Board::winning_cells`]) in no particular order, without
    /// building a list (for counting them at search nodes).
    pub fn win_points(&self, side: Side) -> impl Iterator<Item = usize> + '_ {
        // A winning cell has stones of its row next to it: it is on the frontier.
        let cells: &[u16] = if self.sums.counts[side.index()][Pattern::Five as usize] > 0 {
            &self.frontier
        } else {
            &[]
        };
        cells
            .iter()
            .map(|&i| i as usize)
            .filter(move |&i| self.is_winning_cell(i, side))
    }

    #[inline]
    fn at(&self, x: i32, y: i32) -> u8 {
        let s = self.size as i32;
        if x < 0 || y < 0 || x >= s || y >= s {
            3
        } else {
            self.cells[(y * s + x) as usize]
        }
    }

    /// The pattern of side index `side` (0 black, 1 white) at empty index `i` in
    /// direction `d`, from the line code.
    #[inline]
    fn compute(&self, i: usize, d: usize, side: usize) -> u8 {
        self.tables[side][self.spots[i].keys[d][side] as usize]
    }

    #[inline(always)]
    fn set_pattern<const LEAN: bool>(&mut self, i: usize, side: usize, d: usize, new: u8) {
        set_pattern_in::<LEAN>(&mut self.spots[i], &mut self.sums, side, d, new);
    }

    /// Adds (`add`) or removes the patterns of cell `i` in the near sums.
    #[inline]
    fn count_near(&mut self, i: usize, add: bool) {
        for side in 0..2 {
            for v in self.spots[i].pats[side] {
                if add {
                    self.sums.near_counts[side][v as usize & 7] += 1;
                } else {
                    self.sums.near_counts[side][v as usize & 7] -= 1;
                }
            }
        }
    }

    /// Puts the empty cell `i` in the frontier (it is not there yet).
    #[inline]
    fn frontier_insert(&mut self, i: usize) {
        self.frontier_at[i] = self.frontier.len() as u16;
        self.frontier.push(i as u16);
    }

    /// Takes cell `i` out of the frontier if it is there.
    #[inline]
    fn frontier_remove(&mut self, i: usize) {
        let at = self.frontier_at[i];
        if at != u16::MAX {
            let last = *self.frontier.last().expect("the frontier holds i");
            self.frontier.swap_remove(at as usize);
            self.frontier_at[last as usize] = at;
            self.frontier_at[i] = u16::MAX;
        }
    }

    /// Updates the pattern keys and patterns around `c`, whose board value has just
    /// changed from `was` (a stone or blocker placed on an empty cell, `was` 0, or a
    /// stone of value `was` taken back).
    ///
    /// The key change of every neighbour is known before the loop (it depends only on
    /// the offset and the side), so each neighbour costs two additions and, when empty,
    /// two table look-ups. A side whose patterns do not read the cells five away
    /// ([`pattern::reads_outer_cells`]) keeps no outer bits in its keys (its table gives
    /// the same pattern for every value of them), so under freestyle the loop stops at
    /// four cells.
    ///
    /// With `record` (a stone placed by a move) the old values are kept in the
    /// [`UndoLog`] for [`Board::try_undo`].
    fn update_around(&mut self, c: Cell, was: u32, record: bool) {
        match (self.lean, record) {
            (true, true) => self.update_lines::<true, true>(c, was),
            (true, false) => self.update_lines::<true, false>(c, was),
            (false, true) => self.update_lines::<false, true>(c, was),
            (false, false) => self.update_lines::<false, false>(c, was),
        }
    }

    /// [`Board::update_around`] for a board that keeps the evaluation's sums
    /// (`LEAN` false) or not (a [`Board::solver_copy`]), recording the old values
    /// (`RECORD`) or not, chosen once a move.
    #[inline(always)]
    fn update_lines<const LEAN: bool, const RECORD: bool>(&mut self, c: Cell, was: u32) {
        let s = self.size as i32;
        let (cx, cy) = (c.x as i32, c.y as i32);
        let ci = self.index(c);
        let v = self.cells[ci] as u32;
        // Per offset index `5 - k` of `c` as seen from its neighbour at offset k, and
        // per side, the change of the neighbour's key.
        let delta = if v != 0 {
            self.key_deltas[v as usize]
        } else {
            self.key_deltas[was as usize].map(|row| row.map(|change| -change))
        };
        if RECORD {
            let spot = &self.spots[ci];
            self.undo_log.frames.push(Frame {
                ply: self.history.len(),
                start: self.undo_log.saved.len(),
                sums: self.sums,
                pats: spot.pats,
                tally: spot.tally,
                packs: spot.packs,
            });
        }
        let reach = if self.outer[0] || self.outer[1] { 5 } else { 4 };
        // The offsets k in −reach..=reach along each axis that stay on the board.
        let span = |p: i32, dp: i32| match dp {
            0 => (-reach, reach),
            1 => ((-p).max(-reach), (s - 1 - p).min(reach)),
            _ => ((p - (s - 1)).max(-reach), p.min(reach)),
        };
        for (d, &(dx, dy)) in DIRECTIONS.iter().enumerate() {
            let step = dy * s + dx;
            let ((lx, hx), (ly, hy)) = (span(cx, dx), span(cy, dy));
            for k in lx.max(ly)..=hx.min(hy) {
                if k == 0 {
                    continue;
                }
                let i = (ci as i32 + k * step) as usize;
                // `c` lies at offset −k from `i`.
                let [d0, d1] = delta[(5 - k) as usize];
                let spot = &mut self.spots[i];
                if RECORD {
                    self.undo_log.saved.push(Saved {
                        cell: i as u16,
                        direction: d as u8,
                        pats: [spot.pats[0][d], spot.pats[1][d]],
                        tally: spot.tally,
                        packs: spot.packs,
                        keys: spot.keys[d],
                    });
                }
                let key = &mut spot.keys[d];
                key[0] = key[0].wrapping_add_signed(d0);
                key[1] = key[1].wrapping_add_signed(d1);
                let [k0, k1] = *key;
                if spot.stone == 0 {
                    if d0 != 0 {
                        let new = self.tables[0][k0 as usize];
                        set_pattern_in::<LEAN>(spot, &mut self.sums, 0, d, new);
                    }
                    if d1 != 0 {
                        let new = self.tables[1][k1 as usize];
                        set_pattern_in::<LEAN>(spot, &mut self.sums, 1, d, new);
                    }
                }
            }
            for side in 0..2 {
                let new = if v == 0 { self.compute(ci, d, side) } else { 0 };
                self.set_pattern::<LEAN>(ci, side, d, new);
            }
        }
        let placed = v != 0;
        if placed {
            self.frontier_remove(ci);
        }
        for y in (cy - 2).max(0)..=(cy + 2).min(s - 1) {
            for x in (cx - 2).max(0)..=(cx + 2).min(s - 1) {
                let i = (y * s + x) as usize;
                if placed {
                    self.spots[i].near += 1;
                    if self.spots[i].near == 1 {
                        if !LEAN {
                            self.count_near(i, true);
                        }
                        if self.cells[i] == 0 {
                            self.frontier_insert(i);
                        }
                    }
                } else {
                    self.spots[i].near -= 1;
                    if self.spots[i].near == 0 {
                        if !LEAN {
                            self.count_near(i, false);
                        }
                        self.frontier_remove(i);
                    }
                }
            }
        }
        if !placed && self.spots[ci].near > 0 {
            self.frontier_insert(ci);
        }
    }

    /// Takes the stone on `c`, the last move played, off the board by writing back what
    /// its [`UndoLog`] frame kept (the caller has emptied the cell and checked that the
    /// last frame is this move's); the near counts and the frontier change as in
    /// [`Board::update_lines`], in the same order, so the frontier's order is the same as
    /// after a recomputing undo.
    fn restore_around(&mut self, c: Cell) {
        let frame = self
            .undo_log
            .frames
            .pop()
            .expect("the caller checked the frame");
        for e in self.undo_log.saved.drain(frame.start..) {
            let spot = &mut self.spots[e.cell as usize];
            let d = e.direction as usize;
            spot.keys[d] = e.keys;
            spot.pats[0][d] = e.pats[0];
            spot.pats[1][d] = e.pats[1];
            spot.tally = e.tally;
            spot.packs = e.packs;
        }
        let ci = self.index(c);
        self.spots[ci].pats = frame.pats;
        self.spots[ci].tally = frame.tally;
        self.spots[ci].packs = frame.packs;
        self.sums = frame.sums;
        let s = self.size as i32;
        let (cx, cy) = (c.x as i32, c.y as i32);
        for y in (cy - 2).max(0)..=(cy + 2).min(s - 1) {
            for x in (cx - 2).max(0)..=(cx + 2).min(s - 1) {
                let i = (y * s + x) as usize;
                self.spots[i].near -= 1;
                if self.spots[i].near == 0 {
                    self.frontier_remove(i);
                }
            }
        }
        if self.spots[ci].near > 0 {
            self.frontier_insert(ci);
        }
    }

    /// Forgets the [`UndoLog`]: after a setup change the recorded values are stale, so
    /// the moves before it are undone by recomputing.
    fn forget_undo_log(&mut self) {
        self.undo_log.frames.clear();
        self.undo_log.saved.clear();
    }

    /// Checks `c` and plays it for the side to move.
    ///
    /// # Errors
    /// [`PlayError::GameOver`], [`PlayError::OffBoard`], [`PlayError::Occupied`] or,
    /// under renju, [`PlayError::Forbidden`] for black.
    pub fn try_play(&mut self, c: Cell) -> Result<(), PlayError> {
        self.check(c)?;
        if self.to_move == Side::First && crate::renju::is_forbidden(self, c) {
            return Err(PlayError::Forbidden(c));
        }
        self.play_unchecked(c);
        Ok(())
    }

    /// The checks of [`Board::try_play`] but the forbidden points.
    fn check(&self, c: Cell) -> Result<(), PlayError> {
        if let Some(o) = self.outcome {
            return Err(PlayError::GameOver(describe(o)));
        }
        self.check_cell(c)
    }

    /// Whether `c` is on the board and empty ([`PlayError::OffBoard`],
    /// [`PlayError::Occupied`]): the checks of a setup stone.
    fn check_cell(&self, c: Cell) -> Result<(), PlayError> {
        if !self.on_board(c) {
            return Err(PlayError::OffBoard {
                cell: c,
                size: self.size,
            });
        }
        if self.cells[self.index(c)] != 0 {
            return Err(PlayError::Occupied(c));
        }
        Ok(())
    }

    /// Plays `c` for the side to move without checks beyond debug assertions. The cell
    /// must be on the board and empty, the game unfinished and, under renju, not a
    /// forbidden point of black's; otherwise the position becomes meaningless (no
    /// undefined behaviour; out-of-range indices panic).
    pub fn play_unchecked(&mut self, c: Cell) {
        let i = self.index(c);
        debug_assert_eq!(self.cells[i], 0, "{c} occupied");
        let side = self.to_move;
        let wins = self.is_winning_cell(i, side);
        self.cells[i] = side.index() as u8 + 1;
        self.spots[i].stone = self.cells[i];
        self.hash ^= keys()[2 * i + side.index()] ^ keys()[2 * CELLS];
        self.update_around(c, 0, true);
        self.history.push(c);
        self.to_move = !side;
        self.outcome = if wins {
            Some(Outcome::Win(side))
        } else if self.history.len() + self.blockers == self.cells.len() || self.black_stuck() {
            Some(Outcome::Draw)
        } else {
            None
        };
    }

    /// Under renju with black to move: every empty cell is a forbidden point, so black
    /// has no move. There is no pass, so the game ends there as a draw, as on a full
    /// board (before, such a position had no outcome and no legal move: `bestmove`
    /// answered "no move", `analyze` blamed the level, and `play` stopped with "the AI
    /// found no move"). The first allowed empty cell ends the scan, so it costs one
    /// quick test on almost every board.
    fn black_stuck(&self) -> bool {
        self.rule == Rule::Renju
            && self.to_move == Side::First
            && !(0..self.cells.len())
                .any(|i| self.cells[i] == 0 && !crate::renju::is_forbidden(self, self.cell_of(i)))
    }

    /// After a setup change (a placed stone, a blocker, the side to move): a position
    /// that is not won is drawn when the board is full or black is stuck (see
    /// [`Board::black_stuck`]), else unfinished.
    fn settle_setup_outcome(&mut self) {
        if matches!(self.outcome, None | Some(Outcome::Draw)) {
            let full = self.history.len() + self.blockers == self.cells.len();
            self.outcome = (full || self.black_stuck()).then_some(Outcome::Draw);
        }
    }

    /// Places a setup stone of `side` on `c` (for positions that did not arise by
    /// alternate play, such as the protocol's `BOARD`). It cannot be undone and does not
    /// change the side to move. Renju's forbidden points are not checked: setup stones
    /// come in no playing order. For the same reason a finished game takes more setup
    /// stones, and the outcome is read from the whole board after each one: under the
    /// exact-five rules a sixth stone can turn a five placed earlier into an overline,
    /// which wins nothing (when both sides have a five, black's is read first).
    ///
    /// # Errors
    /// [`PlayError::OffBoard`] or [`PlayError::Occupied`].
    pub fn place(&mut self, c: Cell, side: Side) -> Result<(), PlayError> {
        self.check_cell(c)?;
        let keep = self.to_move;
        self.to_move = side;
        self.play_unchecked(c);
        self.to_move = keep;
        self.hash ^= keys()[2 * CELLS];
        self.base = self.history.len();
        self.forget_undo_log();
        self.outcome = [Side::First, Side::Second]
            .into_iter()
            .find(|&s| self.has_five(s))
            .map(Outcome::Win);
        self.settle_setup_outcome();
        Ok(())
    }

    /// Whether `side` has a winning row on the board ([`Rule::row_wins`]). Scans every
    /// stone of `side` (for setup positions, not for search nodes).
    fn has_five(&self, side: Side) -> bool {
        let own = side.index() as u8 + 1;
        let s = self.size as i32;
        (0..s).any(|y| {
            (0..s).any(|x| {
                self.at(x, y) == own
                    && DIRECTIONS.iter().any(|&(dx, dy)| {
                        // Runs counted from their first stone only.
                        if self.at(x - dx, y - dy) == own {
                            return false;
                        }
                        let run = (0..)
                            .take_while(|&k| self.at(x + k * dx, y + k * dy) == own)
                            .count();
                        self.rule.row_wins(side, run)
                    })
            })
        })
    }

    /// Puts a blocking stone of neither side on `c` (the protocol's `BOARD` field 3 of
    /// continuous games): the cell is occupied, both sides' lines through it are cut, and
    /// it is not a move (it is not in [`Board::moves`] and cannot be undone).
    ///
    /// # Errors
    /// [`PlayError::OffBoard`] or [`PlayError::Occupied`].
    pub fn place_blocker(&mut self, c: Cell) -> Result<(), PlayError> {
        self.check_cell(c)?;
        let i = self.index(c);
        self.cells[i] = 3;
        self.spots[i].stone = 3;
        self.blockers += 1;
        self.hash ^= keys()[2 * i] ^ keys()[2 * i + 1];
        self.update_around(c, 0, false);
        self.forget_undo_log();
        self.settle_setup_outcome();
        Ok(())
    }

    /// Sets the side to move (for setup positions).
    pub fn set_side_to_move(&mut self, side: Side) {
        if side != self.to_move {
            self.to_move = side;
            self.hash ^= keys()[2 * CELLS];
            self.settle_setup_outcome();
        }
    }

    /// Takes back the last move; false when there is none (or only setup stones).
    pub fn try_undo(&mut self) -> bool {
        if self.history.len() <= self.base {
            return false;
        }
        let c = self.history.pop().expect("history is not empty");
        let i = self.index(c);
        let side = if self.cells[i] == 1 {
            Side::First
        } else {
            Side::Second
        };
        self.cells[i] = 0;
        self.spots[i].stone = 0;
        // The side-to-move key flips only when the side changes: after
        // `set_side_to_move` the stone's side may already be to move (a library user's
        // report: the empty board's hash differed from a new board's).
        self.hash ^= keys()[2 * i + side.index()];
        if self.to_move != side {
            self.hash ^= keys()[2 * CELLS];
        }
        let recorded = self.undo_log.frames.last().map(|f| f.ply);
        if recorded == Some(self.history.len()) {
            self.restore_around(c);
        } else {
            self.update_around(c, side.index() as u32 + 1, false);
        }
        self.to_move = side;
        self.outcome = None;
        true
    }

    /// True while `side` may still make five in a row: some five cells in a line hold
    /// neither an opponent's stone nor a blocker, and no more empty cells than the moves
    /// `side` still has before the board is full (the side to move has half the empty
    /// cells rounded up, the other side half rounded down: two empty cells of a line
    /// with one move left cannot both be filled by it). False means `side` can never win
    /// from here, whatever the rule (an overline or a forbidden point only removes wins),
    /// so when it is false for both sides the game is a dead draw. Scans every line of
    /// five cells (572 on 15×15); meant for the root, not for every node.
    pub fn five_possible(&self, side: Side) -> bool {
        let own = side.index() as u8 + 1;
        let empty = self.empty_count();
        let moves_left = if side == self.to_move {
            empty.div_ceil(2)
        } else {
            empty / 2
        };
        let s = self.size as i32;
        (0..s).any(|y| {
            (0..s).any(|x| {
                DIRECTIONS.iter().any(|&(dx, dy)| {
                    let mut needed = 0;
                    (0..5).all(|k| {
                        let v = self.at(x + k * dx, y + k * dy);
                        needed += usize::from(v == 0);
                        v == 0 || v == own
                    }) && needed <= moves_left
                })
            })
        })
    }

    /// The winning row's cells if the last move made one.
    pub fn winning_row(&self) -> Option<Vec<Cell>> {
        let Some(Outcome::Win(_)) = self.outcome else {
            return None;
        };
        let c = self.last_move()?;
        let stone = self.cells[self.index(c)];
        for (dx, dy) in DIRECTIONS {
            let mut row = vec![c];
            for sign in [-1, 1] {
                let mut k = 1;
                while self.at(c.x as i32 + sign * k * dx, c.y as i32 + sign * k * dy) == stone {
                    row.push(Cell::new(
                        (c.x as i32 + sign * k * dx) as u8,
                        (c.y as i32 + sign * k * dy) as u8,
                    ));
                    k += 1;
                }
            }
            let side = if stone == 1 {
                Side::First
            } else {
                Side::Second
            };
            if self.rule.row_wins(side, row.len()) {
                row.sort();
                return Some(row);
            }
        }
        None
    }

    /// The board as rows of `X` (black), `O` (white) and `.`, top row (highest `y`)
    /// first, with coordinates.
    pub fn diagram(&self) -> String {
        let mut s = String::new();
        for y in (0..self.size).rev() {
            s.push_str(&format!("{:>2} ", y as u32 + 1));
            for x in 0..self.size {
                s.push(match self.cells[self.index(Cell::new(x, y))] {
                    1 => 'X',
                    2 => 'O',
                    _ => '.',
                });
                s.push(' ');
            }
            s.pop();
            s.push('\n');
        }
        s.push_str("   ");
        for x in 0..self.size {
            s.push((b'a' + x) as char);
            s.push(' ');
        }
        s.pop();
        s
    }
}

/// How a finished game ended, for messages: `"black won"`, `"white won"` or `"draw"`.
pub(crate) fn describe(o: Outcome) -> String {
    match o {
        Outcome::Win(side) => format!("{} won", colour_name(side)),
        Outcome::Draw => "draw".into(),
    }
}

/// Why a drawn game `b` is over, in words: its board is full, or (renju) black, to move,
/// has only forbidden cells left (a tester's report: that was called a full board).
pub(crate) fn draw_reason(b: &Board) -> &'static str {
    if b.empty_count() == 0 {
        "the board is full"
    } else {
        "a draw: black, to move, has only forbidden cells left"
    }
}

/// The colour of `side`'s stones in messages: `"black"` for the side that moves first,
/// `"white"` for the other.
pub(crate) fn colour_name(side: Side) -> &'static str {
    match side {
        Side::First => "black",
        Side::Second => "white",
    }
}

impl Default for Board {
    fn default() -> Self {
        Board::new()
    }
}

impl PartialEq for Board {
    fn eq(&self, other: &Self) -> bool {
        self.size == other.size
            && self.rule == other.rule
            && self.cells == other.cells
            && self.to_move == other.to_move
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{self}  ({:?} to move)", self.to_move)?;
        write!(f, "{}", self.diagram())
    }
}

impl fmt::Display for Board {
    /// The notation `15f:h8i7e9` (see the type docs); a position with set-up stones
    /// ([`Board::place`], [`Board::place_blocker`], [`Board::set_side_to_move`]) writes
    /// them in brackets before the moves played after them, `15f:[black h8 i9; white
    /// a1; blocked c3; white to move]e9`, so that it reads back as the same position (a
    /// library user's report: a placed white stone was written as black's move).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}:", self.size, self.rule.letter())?;
        let colour = |c: Cell| match self.cells[self.index(c)] {
            1 => Side::First,
            _ => Side::Second,
        };
        let played = &self.history[self.base..];
        // The side to move before the moves played after the set-up, if they alternate
        // from it to the side to move now (a side set between moves breaks that: then
        // every stone is written as set up, and the position still reads back).
        let start = if played.len().is_multiple_of(2) {
            self.to_move
        } else {
            !self.to_move
        };
        let alternates = played
            .iter()
            .enumerate()
            .all(|(k, &c)| colour(c) == if k % 2 == 0 { start } else { !start });
        if self.base == 0 && self.blockers == 0 && alternates && start == Side::First {
            for c in played {
                write!(f, "{c}")?;
            }
            return Ok(());
        }
        let (setup, moves, side) = if alternates {
            (&self.history[..self.base], played, start)
        } else {
            (&self.history[..], &[][..], self.to_move)
        };
        let mut clauses = Vec::new();
        for (word, side) in [("black", Side::First), ("white", Side::Second)] {
            let cells: Vec<String> = (setup.iter())
                .filter(|&&c| colour(c) == side)
                .map(|c| c.to_string())
                .collect();
            if !cells.is_empty() {
                clauses.push(format!("{word} {}", cells.join(" ")));
            }
        }
        let blocked: Vec<String> = self
            .blocked_cells()
            .map(|i| self.cell_of(i).to_string())
            .collect();
        if !blocked.is_empty() {
            clauses.push(format!("blocked {}", blocked.join(" ")));
        }
        let side = if side == Side::First {
            "black"
        } else {
            "white"
        };
        clauses.push(format!("{side} to move"));
        write!(f, "[{}]", clauses.join("; "))?;
        for c in moves {
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

/// Most characters of a set-up part that [`ParseError::Setup`] quotes.
const SETUP_QUOTE_CHARS: usize = 60;

/// A set-up part as [`ParseError::Setup`] quotes it: whole when short, else its first
/// [`SETUP_QUOTE_CHARS`] characters and `…` (a fuzz tester's report: a part cut at 40
/// characters without a mark lost the very cell its error named).
fn setup_quote(setup: &str) -> String {
    zerosum::text::cut(setup, SETUP_QUOTE_CHARS)
}

/// Places the set-up part of a position (the text between `[` and `]`, see the type
/// docs) on `board`: `black <cells>`, `white <cells>`, `blocked <cells>` and `<side> to
/// move` clauses separated by `;`, each at most once.
fn place_setup(board: &mut Board, setup: &str) -> Result<(), ParseError> {
    let fail = |problem: String| ParseError::Setup {
        setup: setup_quote(setup),
        problem,
    };
    let mut seen = Vec::new();
    let mut side = None;
    for clause in setup.split(';').map(str::trim).filter(|c| !c.is_empty()) {
        let (word, rest) = clause
            .split_once(char::is_whitespace)
            .unwrap_or((clause, ""));
        let word = word.to_ascii_lowercase();
        let rest = rest.trim();
        if rest.eq_ignore_ascii_case("to move") {
            if side.is_some() {
                return Err(fail("a second \"to move\" clause".into()));
            }
            side = Some(match word.as_str() {
                "black" => Side::First,
                "white" => Side::Second,
                _ => return Err(fail(format!("{word:?} to move: expected black or white"))),
            });
            continue;
        }
        if seen.contains(&word) {
            return Err(fail(format!("a second {word:?} clause")));
        }
        let stone = match word.as_str() {
            "black" => Some(Side::First),
            "white" => Some(Side::Second),
            "blocked" => None,
            _ => {
                return Err(fail(format!(
                    "{word:?}: expected black, white or blocked, then cells, or <side> to move"
                )));
            }
        };
        if rest.is_empty() {
            return Err(fail(format!("{word}: no cells (e.g. {word} h8 i9)")));
        }
        let cells = parse_move_list(rest).map_err(|(index, error)| match error {
            CellError::OutOfRange(cell) => {
                fail(format!("{word} cell {index}: {cell} is off the board"))
            }
            error => fail(format!("{word} cell {index}: {error}")),
        })?;
        for c in cells {
            match stone {
                Some(s) => board.place(c, s),
                None => board.place_blocker(c),
            }
            .map_err(|e| fail(format!("{word} {c}: {e}")))?;
        }
        seen.push(word);
    }
    // Set-up stones that give both sides a five: no game reaches that (a tester: it
    // was read as black's win, whoever was to move).
    if board.has_five(Side::First) && board.has_five(Side::Second) {
        return Err(fail(
            "both black and white have a five (a game ends at the first)".into(),
        ));
    }
    if let Some(side) = side {
        board.set_side_to_move(side);
    }
    Ok(())
}

impl std::str::FromStr for Board {
    type Err = ParseError;

    /// [`Notation::parse_position`]: `"15f:h8i7"`, or moves alone on the default board.
    fn from_str(text: &str) -> Result<Board, ParseError> {
        Board::parse_position(text)
    }
}

impl Notation for Board {
    type Error = ParseError;

    fn parse_position(text: &str) -> Result<Board, ParseError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(ParseError::Empty);
        }
        let (mut board, moves) = match text.split_once(':') {
            Some((head, moves)) => {
                let head = head.trim();
                let digits: String = head.chars().take_while(|c| c.is_ascii_digit()).collect();
                let rest = &head[digits.len()..];
                // Quote the digits alone when there are some (an overflowing size), so the
                // rule letter after them is not taken for part of the size; without digits
                // (`-15f`), the head less a rule letter at its end.
                let size: u32 = digits.parse().map_err(|_| {
                    let shown = if digits.is_empty() {
                        head.strip_suffix(['f', 'F', 's', 'S', 'r', 'R'])
                            .filter(|s| !s.is_empty())
                            .unwrap_or(head)
                    } else {
                        &digits
                    };
                    ParseError::Size(shown.into())
                })?;
                let rule = match rest {
                    "" | "f" | "F" => Rule::Freestyle,
                    "s" | "S" => Rule::Standard,
                    "r" | "R" => Rule::Renju,
                    _ => return Err(ParseError::Rule(rest.into())),
                };
                let b = Board::with_size(size, rule).map_err(|_| ParseError::Size(digits))?;
                // `20f:-`: the empty move list written as a bare one is.
                let moves = if moves.trim() == "-" { "" } else { moves };
                (b, moves)
            }
            // `-`: the empty bare move list, as Connect Four writes its empty sequence.
            None if text == "-" => (Board::new(), ""),
            None => (Board::new(), text),
        };
        // A set-up part `[…]` before the moves: stones placed, not played.
        let moves = match moves.trim_start().strip_prefix('[') {
            Some(rest) => {
                let (setup, after) = rest.split_once(']').ok_or_else(|| ParseError::Setup {
                    setup: setup_quote(rest),
                    problem: "no closing ]".into(),
                })?;
                place_setup(&mut board, setup)?;
                after
            }
            None => moves,
        };
        // A bracket among the moves: a set-up part out of its place (it comes first) or
        // a second one; named as such, not as a malformed cell `[`.
        if let Some(at) = moves.find(['[', ']']) {
            // A closing bracket first closes nothing (a tester: `15f:black h8]` was told
            // that a set-up part comes once, with none before it).
            let problem = if moves[at..].starts_with(']') {
                "a ] that closes no [ (a set-up part is written first, as in 15f:[black h8; white i9]j10)"
            } else {
                "a set-up part comes once, before the moves"
            };
            return Err(ParseError::Setup {
                setup: setup_quote(&moves[at..]),
                problem: problem.into(),
            });
        }

        let cells = parse_move_list(moves).map_err(|(index, error)| match error {
            CellError::OutOfRange(cell) => ParseError::OffBoard {
                index,
                cell,
                size: board.size(),
            },
            error => ParseError::Cell { index, error },
        })?;
        for (k, c) in cells.into_iter().enumerate() {
            board.try_play(c).map_err(|error| ParseError::Play {
                index: k + 1,
                error,
            })?;
        }
        Ok(board)
    }
}

impl Game for Board {
    type Move = Cell;

    fn side_to_move(&self) -> Side {
        self.to_move
    }

    fn ply(&self) -> u32 {
        self.history.len() as u32
    }

    fn legal_moves(&self, moves: &mut MoveList<Cell>) {
        if self.outcome.is_some() {
            return;
        }
        let renju_black = self.rule == Rule::Renju && self.to_move == Side::First;
        for i in 0..self.cells.len() {
            if self.cells[i] == 0 {
                let c = self.cell_of(i);
                if !(renju_black && crate::renju::is_forbidden(self, c)) {
                    moves.push(c);
                }
            }
        }
    }

    /// Empty, on the board, the game not over, and under renju not a forbidden point
    /// when black is to move.
    fn is_legal(&self, mv: Cell) -> bool {
        self.outcome.is_none()
            && self.on_board(mv)
            && self.cells[self.index(mv)] == 0
            && !(self.to_move == Side::First && crate::renju::is_forbidden(self, mv))
    }

    fn play(&mut self, mv: Cell) {
        self.try_play(mv)
            .unwrap_or_else(|e| panic!("illegal move: {e}"));
    }

    fn undo(&mut self) {
        self.try_undo();
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn move_index_count(&self) -> usize {
        self.cells.len()
    }

    fn move_index(&self, mv: Cell) -> usize {
        self.index(mv)
    }

    fn move_from_index(&self, index: usize) -> Option<Cell> {
        (index < self.cells.len()).then(|| self.cell_of(index))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pattern::classify_line;

    /// A position written and read back is the same position: every cell (stones and
    /// blockers), the side to move, the outcome and the hash — for positions of set-up
    /// stones, blockers and a side set by hand, with moves played around them (a
    /// library user's report: a placed white stone was written as black's move, and a
    /// blocker not at all).
    #[test]
    fn set_up_positions_read_back_from_their_text() {
        let same = |b: &Board| {
            let text = b.to_string();
            let back: Board = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(back.to_string(), text);
            assert_eq!(back.cells, b.cells, "{text}");
            assert_eq!(back.side_to_move(), b.side_to_move(), "{text}");
            assert_eq!(back.outcome(), b.outcome(), "{text}");
            assert_eq!(back.hash(), b.hash(), "{text}");
            text
        };
        let c = |s: &str| s.parse::<Cell>().unwrap();
        let mut b = Board::new();
        b.place(c("h8"), Side::Second).unwrap();
        assert_eq!(same(&b), "15f:[white h8; black to move]");
        b.set_side_to_move(Side::Second);
        b.place_blocker(c("a1")).unwrap();
        assert_eq!(same(&b), "15f:[white h8; blocked a1; white to move]");
        b.try_play(c("i9")).unwrap();
        b.try_play(c("j10")).unwrap();
        assert_eq!(same(&b), "15f:[white h8; blocked a1; white to move]i9j10");
        // A side set between moves: every stone is written as set up.
        b.set_side_to_move(Side::Second);
        b.try_play(c("k11")).unwrap();
        same(&b);
        // Plain play keeps the plain form; renju's set-up stones skip its forbidden points.
        let mut plain = Board::with_size(20, Rule::Renju).unwrap();
        for m in ["h8", "i9", "j8"] {
            plain.try_play(c(m)).unwrap();
        }
        assert_eq!(same(&plain), "20r:h8i9j8");
        let mut rng = 0x2545_f491_4f6c_dd1du64;
        let mut next = |n: u64| {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng % n
        };
        for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju] {
            for _ in 0..200 {
                let mut b = Board::with_size(9, rule).unwrap();
                for _ in 0..next(40) {
                    let cell = Cell::new(next(9) as u8, next(9) as u8);
                    match next(5) {
                        0 => drop(b.place(cell, Side::First)),
                        1 => drop(b.place(cell, Side::Second)),
                        2 => drop(b.place_blocker(cell)),
                        3 => b.set_side_to_move(if next(2) == 0 {
                            Side::First
                        } else {
                            Side::Second
                        }),
                        _ => drop(b.try_play(cell)),
                    }
                }
                same(&b);
            }
        }
    }

    #[test]
    fn bad_set_up_parts_are_named() {
        for (text, problem) in [
            ("15f:[black h8", "no closing ]"),
            (
                "15f:[green h8]",
                "\"green\": expected black, white or blocked",
            ),
            ("15f:[black h8; black i9]", "a second \"black\" clause"),
            ("15f:[black h8; white h8]", "white h8"),
            ("15f:[black z99]", "black cell 1"),
            ("15f:[red to move]", "\"red\" to move"),
            ("15f:[black to move; white to move]", "a second \"to move\""),
            ("15f:[black]", "black: no cells"),
            // A library user's report: `15r:h8[` was "move 2: malformed cell \"[\"".
            ("15r:h8[", "a set-up part comes once, before the moves"),
            (
                "15f:h8[black i9]",
                "a set-up part comes once, before the moves",
            ),
            ("15f:[black h8][white i9]", "a set-up part comes once"),
            ("15f:h8]", "a ] that closes no ["),
            ("15f:black h8]", "a ] that closes no ["),
            ("15f:[black h8]]", "a ] that closes no ["),
            (
                "15f:[black a1 a2 a3 a4 a5; white b1 b2 b3 b4 b5; white to move]",
                "both black and white have a five",
            ),
        ] {
            let e = text.parse::<Board>().unwrap_err().to_string();
            assert!(e.starts_with("set-up part \""), "{text}: {e}");
            assert!(e.contains(problem), "{text}: {e}");
        }
        // A long part is quoted whole up to 60 characters, and marked where cut (a fuzz
        // tester's report: cut at 40 without a mark, it lost the cell its error named).
        let e = "15f:[black a1 b1 c1 d1 e1 f1 g1 h1 i1; white a1]"
            .parse::<Board>()
            .unwrap_err()
            .to_string();
        assert!(
            e.starts_with("set-up part \"black a1 b1 c1 d1 e1 f1 g1 h1 i1; white a1\": "),
            "{e}"
        );
        let long = format!("15f:[black h8; white {}]", "a1 ".repeat(30));
        let e = long.parse::<Board>().unwrap_err().to_string();
        assert!(e.contains("a1 a1…\": "), "{e}");
        // A move after the set-up onto a set-up stone is a move's error.
        let e = "15f:[black h8]h8".parse::<Board>().unwrap_err();
        assert!(matches!(e, ParseError::Play { index: 1, .. }), "{e}");
    }

    /// The slow reference: the pattern of `stone` at empty `i` in direction `d`, read off
    /// the cells themselves.
    fn slow_pattern(b: &Board, i: usize, d: usize, stone: u8) -> u8 {
        let c = b.cell_of(i);
        let (dx, dy) = DIRECTIONS[d];
        let mut line = [0u8; 11];
        for (j, slot) in line.iter_mut().enumerate() {
            let k = j as i32 - 5;
            let v = b.at(c.x as i32 + k * dx, c.y as i32 + k * dy);
            *slot = if k == 0 || v == stone {
                1
            } else if v == 0 {
                0
            } else {
                2
            };
        }
        classify_line(&line, b.rule) as u8
    }

    #[test]
    fn the_hash_tells_rules_and_sizes_apart() {
        let moves = ["h8", "a1", "i8", "a3"];
        let hash = |size: u32, rule: Rule| {
            let mut b = Board::with_size(size, rule).unwrap();
            for m in moves {
                b.try_play(m.parse().unwrap()).unwrap();
            }
            (b.hash(), b)
        };
        let mut seen = Vec::new();
        for size in [15, 16, 20] {
            for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju] {
                let (h, mut b) = hash(size, rule);
                assert!(!seen.contains(&h), "{size} {rule:?}");
                seen.push(h);
                // Undoing every move comes back to the empty board's own key.
                while b.try_undo() {}
                assert_eq!(b.hash(), empty_hash(size, rule));
            }
        }
        assert_eq!(empty_hash(15, Rule::Freestyle), 0);
    }

    /// A pseudo-random source from `seed` (Knuth's MMIX linear congruential generator):
    /// each call with `n` gives a number in 0..n.
    fn below(seed: u64) -> impl FnMut(usize) -> usize {
        let mut state = seed;
        move |n| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            ((state >> 33) as usize) % n
        }
    }

    /// Every field that make/undo keeps, for comparing two boards exactly (the frontier
    /// in its order).
    fn kept_state(b: &Board) -> impl PartialEq + fmt::Debug {
        (
            (b.cells.clone(), b.spots.clone(), b.sums),
            (b.frontier.clone(), b.frontier_at.clone()),
            (b.history.clone(), b.to_move, b.hash, b.outcome),
        )
    }

    #[test]
    fn an_undo_from_the_record_equals_a_recomputing_one() {
        let mut next = below(0x9e37_79b9_7f4a_7c15);
        let mut recorded_undos = 0;
        for (size, rule) in [
            (15, Rule::Freestyle),
            (15, Rule::Renju),
            (9, Rule::Standard),
            (6, Rule::Freestyle),
        ] {
            for game in 0..12 {
                let mut b = Board::with_size(size, rule).unwrap();
                if game % 3 == 1 {
                    b.place_blocker(Cell::new(2, 3)).unwrap();
                }
                if game % 4 == 2 {
                    b = b.solver_copy();
                }
                for step in 0..150 {
                    let empty: Vec<usize> =
                        (0..b.cell_count()).filter(|&i| b.raw(i) == 0).collect();
                    let undo = b.outcome().is_some() || empty.is_empty() || next(3) == 0;
                    if undo {
                        // The same undo without the record: recomputed from the tables.
                        let mut slow = b.clone();
                        let fast_has_record =
                            b.undo_log.frames.last().map(|f| f.ply + 1) == Some(b.history.len());
                        recorded_undos += usize::from(fast_has_record);
                        assert_eq!(b.try_undo(), slow.try_undo());
                        assert_eq!(kept_state(&b), kept_state(&slow), "{b} step {step}");
                    } else {
                        b.play_unchecked(b.cell_of(empty[next(empty.len())]));
                    }
                    if step == 60 {
                        // A copy keeps playing and undoing from where it was taken.
                        b = b.clone();
                    }
                }
            }
        }
        assert!(
            recorded_undos > 1000,
            "{recorded_undos} undos used the record"
        );
    }

    #[test]
    fn incremental_patterns_match_the_slow_classifier() {
        let mut next = below(0x1234_5678);
        for (size, rule) in [
            (15, Rule::Freestyle),
            (9, Rule::Standard),
            (7, Rule::Freestyle),
        ] {
            let mut b = Board::with_size(size, rule).unwrap();
            for step in 0..400 {
                if b.outcome().is_some() || (step % 7 == 6 && b.try_undo()) {
                    if b.outcome().is_some() {
                        b.try_undo();
                    }
                } else {
                    let empty: Vec<usize> =
                        (0..b.cell_count()).filter(|&i| b.raw(i) == 0).collect();
                    b.play_unchecked(b.cell_of(empty[next(empty.len())]));
                }
                let mut counts = [[0u16; 8]; 2];
                for i in 0..b.cell_count() {
                    for (s, side_counts) in counts.iter_mut().enumerate() {
                        for d in 0..4 {
                            let want = if b.raw(i) == 0 {
                                slow_pattern(&b, i, d, s as u8 + 1)
                            } else {
                                0
                            };
                            assert_eq!(
                                b.spots[i].pats[s][d] & 7,
                                want,
                                "step {step} cell {i} side {s} dir {d}"
                            );
                            side_counts[want as usize] += 1;
                        }
                        assert_eq!(
                            b.pattern_code(i, [Side::First, Side::Second][s]),
                            crate::eval_cells::pattern_code(b.spots[i].pats[s]),
                            "step {step} cell {i} side {s}: the kept pattern code"
                        );
                    }
                }
                assert_eq!(b.sums.counts, counts);
                let (mut near_counts, mut classes) = ([[0u16; 8]; 2], [[0u16; 3]; 2]);
                let mut double_fours = [0u16; 2];
                let mut frontier = Vec::new();
                for i in 0..b.cell_count() {
                    for (side_classes, pats) in classes.iter_mut().zip(b.spots[i].pats.map(plain)) {
                        let class = pattern::threat_class(pats);
                        assert!(class == 0 || (b.raw(i) == 0 && b.near(i) > 0));
                        side_classes[class] += 1;
                    }
                    for (count, pats) in double_fours.iter_mut().zip(b.spots[i].pats.map(plain)) {
                        let fours = pats.iter().filter(|&&p| p == Pattern::Four as u8).count();
                        assert!(fours < 2 || (b.raw(i) == 0 && b.near(i) > 0));
                        *count += u16::from(fours >= 2);
                    }
                    if b.near(i) == 0 {
                        continue;
                    }
                    if b.raw(i) == 0 {
                        frontier.push(i as u16);
                    }
                    for (side_counts, pats) in
                        near_counts.iter_mut().zip(b.spots[i].pats.map(plain))
                    {
                        for p in pats {
                            side_counts[p as usize] += 1;
                        }
                    }
                }
                assert_eq!(b.sums.near_counts, near_counts, "step {step}");
                assert_eq!(b.sums.classes, classes, "step {step}");
                assert_eq!(b.sums.double_fours, double_fours, "step {step}");
                let mut kept = b.frontier().to_vec();
                kept.sort();
                assert_eq!(kept, frontier, "step {step}");
            }
        }
    }
}
