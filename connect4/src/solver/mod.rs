//! The exact solver: scores in Pascal Pons' convention (see [`crate::score`]).
//!
//! # Algorithm
//!
//! After Pons' tutorial "Solving Connect 4" (<http://blog.gamesolver.org>) and his solver
//! (<https://github.com/PascalPons/connect4>), with techniques from Allis' thesis ("A
//! knowledge-based approach of Connect-Four", 1988) and Steininger's solver
//! (<https://github.com/ChristopheSteininger/c4>), read and rewritten, not copied:
//!
//! 1. **Root**: a position where the side to move wins at once scores at once; a
//!    position in the opening book ([`crate::Book`]) scores from it. Otherwise the score
//!    is found by a sequence of *null-window* searches `(m, m + 1)`, each telling whether
//!    the score is above `m`: two probes halfway to each end of the range (cheap when
//!    the score is far from 0), then probes stepped from a guessed score of 0 towards
//!    the score, the step doubling while they fail the same way, and a bisection of what
//!    is left once one fails the other way (each probe reuses the table entries of the
//!    last, after Steininger's solver; [`Techniques::guess_windows`] off: Pons'
//!    bisection). A *weak* solve narrows only the sign (window `-1..=1`).
//! 2. **Negamax node** (one node = one call, the count Pons reports):
//!    - the moves that do not lose at once (never allow an immediate opponent win, play a
//!      forced block, and a double threat means a loss: the score of losing to the
//!      opponent's next stone);
//!    - with two cells left and no immediate win either way, a draw;
//!    - a single move that does not lose at once is played at once, without the table
//!      (a table probe is a cache miss, dearer than the node);
//!    - the window is clipped by the worst score the side can still get (the opponent
//!      cannot win on their next stone), by the best (we cannot win on ours), by Allis'
//!      claimeven rule (`Board::claimeven_bound`), by "no four possible any
//!      more" for either side, and, below `TABLE_MAX_STONES` (32) stones (on boards of
//!      more than 42 cells, with more than 10 empty cells), by the table
//!      entry (lower, upper or exact; nearer the end a probe costs more than the search
//!      it saves);
//!    - each move gets a static bound before any search: a move that leaves the
//!      opponent no move that does not lose wins; a move after which play is forced
//!      (each side in turn has a single move that does not lose at once) is scored by
//!      playing the forced line out (after Steininger's static search); claimeven one
//!      ply down; below `ETC_MAX_STONES` (20) stones, the table entry of the position
//!      after the move (an enhanced transposition cut-off);
//!    - the table's best move first, then moves sorted by a guessed value from the
//!      threats they make (after Steininger: useful threats — not right above an
//!      opponent's threat — weighted 12 on the cell just above a playable one, 5 two
//!      above, 3 anywhere; Pons' count of winning cells when
//!      [`Techniques::threat_ordering`] is off), ties centre-first (`4 3 5 2 6 1 7`),
//!      searched with fail-soft alpha-beta (on other board sizes the same, centre
//!      first as in [`Geometry::order`]);
//!    - the result is stored as a lower bound, an upper bound or an exact score, with
//!      the best move and the work spent.
//!
//! A position and its mirror image share a table entry (the smaller of the two keys; the
//! best move is stored mirrored with it). While a node orders its moves, it prefetches
//! the table bucket of each child that will probe ([`Techniques::prefetch`]: a probe is a
//! cache miss, most of a node's time), once the part of the table in use is larger than
//! its first 2^16 entries (512 KiB stay in a core's cache). The part of the table in use
//! grows with the work ([`Techniques::growing_table`]). Optionally ([`Techniques::dead_stones_min`],
//! off by default) opponent stones whose colour can no longer matter are given to the
//! side to move in the key ([`Geometry::dead_stones`]). With [`Solver::set_threads`] several threads
//! search each null window from the root and share the table (Lazy SMP); the helpers
//! break ties in the move order at random so that they desynchronise.
//!
//! The transposition table persists across [`Solver`] calls (entries are true bounds
//! whatever the root), like Pons' solver when it reads a file of positions;
//! [`Solver::reset`] empties it.
//!
//! # Board sizes
//!
//! `Solver` solves the standard board ([`Standard`], every mask a constant);
//! `Solver<Size>` ([`Solver::on`]) any size of [`crate::Size`], with the same algorithm
//! and scores in the same convention over the board's cell count
//! ([`crate::score::win_score_on`]). Allis' claimeven rule is used only on boards of even
//! height (on an odd height the top row cannot be claimed), and the opening book only on
//! the standard board.

pub(crate) mod board;
mod sorter;
mod table;

use crate::bits::{self, Geometry};
use crate::score::win_score_on;
use crate::{Book, Column, PlayBook, Position, Standard};
use board::Board;
use sorter::MoveSorter;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU64, Ordering};
use table::{Bound, Table};
use thiserror::Error;
use zerosum::search::StopFlag;
use zerosum::time::Budget;

/// Enhanced transposition cut-offs are tried at nodes with fewer stones than this
/// (measured: 27 cost more time in table probes than it saved).
const ETC_MAX_STONES: u32 = 20;
/// Positions with fewer stones than this use the table (measured: a probe near the end
/// of the game costs more than the nodes it saves; 32 instead of 42 stones: 1.3-1.6x the
/// nodes, about 10-15 % less CPU time).
const TABLE_MAX_STONES: u32 = 32;
/// Dead stones are looked for in table keys of positions with at least this many stones
/// (never by default, more than any board's cells: measured on 7×6, the nodes they save
/// cost as much time as the search).
const DEAD_STONES_MIN: u32 = 64;
/// The static bounds of each move are tried at nodes with fewer stones than this (by
/// default at every node of every board).
const STATIC_MAX_STONES: u32 = 64;
/// The other threads' progress, and on the main thread the stop flag, the budget (its
/// node limit and clock) and the progress counter, are looked at every 2^10 nodes, as
/// [`zerosum::time`]'s polling contract asks (the clock every 1,024 nodes).
const POLL_DONE_MASK: u64 = (1 << 10) - 1;

/// Nodes between two looks at a solve's budget ([`Solver::set_budget`]): a node limit
/// is kept to within this many nodes.
pub const BUDGET_POLL_NODES: u64 = POLL_DONE_MASK + 1;

/// Default transposition-table size: 2^23 entries of 8 bytes (64 MiB).
pub const DEFAULT_TABLE_LOG2: u32 = 23;

/// The largest table of 8-byte entries that fits in `mib` MiB, as the power of two
/// [`Solver::with_table_log2`] takes (64 MiB = 2^23 entries), clamped to the solver's
/// range 16..=30 (0.5 MiB to 8 GiB).
///
/// ```
/// use connect4::table_log2_for_mib;
/// assert_eq!(table_log2_for_mib(64), 23);
/// assert_eq!(table_log2_for_mib(100), 23); // 64 MiB of the 100
/// assert_eq!((table_log2_for_mib(0), table_log2_for_mib(u64::MAX)), (16, 30));
/// ```
pub fn table_log2_for_mib(mib: u64) -> u32 {
    let entries = mib.saturating_mul(1 << 20) / 8;
    entries.checked_ilog2().unwrap_or(0).clamp(16, 30)
}

/// Switches for the solver's techniques, so that each one's effect on nodes and time can
/// be measured alone (all on by default; every setting gives exact scores).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Techniques {
    /// Order moves by a guessed value from the threats they make (weighted: threats on the
    /// cell just above a playable one, two above, and all useful threats — a threat right
    /// above an opponent's threat is useless), after Steininger's solver; off: Pons' count
    /// of winning cells.
    pub threat_ordering: bool,
    /// A position and its mirror image share a table entry.
    pub mirror_keys: bool,
    /// Enhanced transposition cut-offs (each child's table entry looked up before any
    /// search) at nodes with fewer stones than this; 0 turns them off.
    pub etc_max_stones: u32,
    /// Allis' claimeven bound for each child before searching it.
    pub child_claimeven: bool,
    /// A move after which the play is forced (each side in turn has one move that does
    /// not lose at once) until a side has none is scored by playing the forced line out,
    /// without search (after Steininger's static search).
    pub forced_lines: bool,
    /// The static bounds of each move (claimeven, forced lines) are only tried at nodes
    /// with fewer stones than this (near the leaves they cost more than they save).
    pub static_max_stones: u32,
    /// The score is narrowed by null windows stepped from a guessed score (0 first,
    /// then next to each probe's result: each probe reuses the table entries of the
    /// last one, after Steininger's solver) instead of a bisection of the score range.
    pub guess_windows: bool,
    /// Positions with at least this many stones give their dead stones (opponent stones
    /// whose colour can no longer matter, [`Geometry::dead_stones`]) to the side to move
    /// in their table key, so that positions differing only there share an entry; above
    /// the board's cell count: never.
    pub dead_stones_min: u32,
    /// A position where one move does not lose at once plays it without looking at or
    /// storing into the table.
    pub forced_without_table: bool,
    /// Positions with fewer stones than this look at and store into the table (near
    /// the end of the game a probe, a cache miss, costs more than the search it saves).
    pub table_max_stones: u32,
    /// While a node orders its moves, the table bucket of each child that will probe
    /// the table (or, for a child with one reply, of the position after that reply) is
    /// prefetched into cache ([`zerosum::prefetch::prefetch`], after Steininger's solver), so
    /// that the child's probe does not wait for memory. Changes no node count.
    pub prefetch: bool,
    /// The part of the table in use grows with the nodes searched since it was emptied
    /// (more entries than half the nodes, doubled as needed, from 2^16 up to the whole
    /// table), so that a few easy positions do not pay for mapping all of its memory;
    /// off: the whole table from the first search.
    pub growing_table: bool,
}

impl Techniques {
    /// The defaults for a board of `cells` cells: those of 7×6 ([`Techniques::default`]),
    /// but on a larger board the table is used while more than 10 cells are empty, as
    /// on 7×6 (measured on 5×9: 272 M nodes, 47.9 s instead of 432 M, 74.5 s with the
    /// table below 32 stones; on 40 cells, below 30 stones was slower than below 32).
    pub fn for_cells(cells: u32) -> Techniques {
        Techniques {
            table_max_stones: TABLE_MAX_STONES.max(cells.saturating_sub(10)),
            ..Techniques::default()
        }
    }
}

impl Default for Techniques {
    fn default() -> Self {
        Techniques {
            threat_ordering: true,
            mirror_keys: true,
            etc_max_stones: ETC_MAX_STONES,
            child_claimeven: true,
            forced_lines: true,
            static_max_stones: STATIC_MAX_STONES,
            guess_windows: true,
            dead_stones_min: DEAD_STONES_MIN,
            forced_without_table: true,
            table_max_stones: TABLE_MAX_STONES,
            prefetch: true,
            growing_table: true,
        }
    }
}

/// A solve was cancelled: by its [`StopFlag`] ([`Solver::set_stop`]) or by its time or
/// node limit ([`Solver::set_budget`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("the search was stopped")]
pub struct Stopped;

/// The result of one solve ([`zerosum::Solution`]): `score` is in Pons' convention (see
/// [`crate::score`]: positive when the side to move wins, the sooner the larger) for a
/// strong solve, or -1/0/1 for a weak one; `nodes` counts negamax calls (Pons' node
/// count). `best_move` is not computed by [`Solver::try_solve`] (always `None`: the
/// null-window probes that find the score do not keep a root move); see
/// [`Solver::best_move`]. Callers that need the time measure it themselves.
pub type Solution = zerosum::Solution<Column, i32>;

/// An exact Connect Four solver with its transposition table (see the module docs), for
/// the standard board (`Solver`) or any board size (`Solver<Size>`, [`Solver::on`]).
///
/// ```
/// use connect4::{Position, Size, Solver};
/// let mut solver = Solver::new();
/// // Pons' tutorial: `4455` scores 18 (the side to move wins with its 4th stone).
/// assert_eq!(solver.solve(&Position::from_moves("4455").unwrap()), 18);
/// // The 4×4 board is a draw (Tromp's results, tabulated in Steininger's README).
/// let size = Size::new(4, 4).unwrap();
/// assert_eq!(Solver::on(size, 16).solve(&Position::empty_on(size)), 0);
/// ```
///
/// # Panics
/// Every method that takes a position panics when the position is on another board than
/// the solver's (`Solver<Size>` and `Position<Size>` of two sizes have the same type).
pub struct Solver<G: Geometry = Standard> {
    g: G,
    table: Table,
    nodes: u64,
    stop: Option<StopFlag>,
    /// The budget polled with the stop flag, and the node count when it was set.
    budget: Option<(Budget, u64)>,
    progress: Option<Arc<AtomicU64>>,
    book: Option<&'static Book>,
    play_book: Option<&'static PlayBook>,
    techniques: Techniques,
    threads: usize,
}

impl Default for Solver {
    fn default() -> Self {
        Self::new()
    }
}

impl Solver {
    /// A solver of the standard board with the default 64 MiB table.
    pub fn new() -> Self {
        Self::with_table_log2(DEFAULT_TABLE_LOG2)
    }

    /// A solver of the standard board whose table has `2^log2` entries of 8 bytes
    /// (`log2` clamped to 16..=30).
    pub fn with_table_log2(log2: u32) -> Self {
        Self::on(Standard, log2)
    }
}

impl<G: Geometry> Solver<G> {
    /// A solver of the board of `geometry` ([`Standard`] or a [`crate::Size`]) whose
    /// table has `2^log2` entries of 8 bytes (`log2` clamped to 16..=30). The opening
    /// book is used on the 7×6 board only.
    ///
    /// # Panics
    ///
    /// When the system refuses the table's memory (see [`Solver::try_on`], which returns
    /// an error instead: use it for a size the user chose).
    pub fn on(geometry: G, log2: u32) -> Self {
        Self::try_on(geometry, log2).unwrap_or_else(|e| panic!("{e}"))
    }

    /// [`Solver::on`], or an error when the system refuses the table's memory (the
    /// table's pages are mapped as it is used, so a table granted here may still run
    /// into a memory limit later, as any program's memory may).
    ///
    /// # Errors
    ///
    /// [`zerosum::TableAllocError`] with the table's size in bytes.
    pub fn try_on(geometry: G, log2: u32) -> Result<Self, zerosum::TableAllocError> {
        Ok(Solver {
            g: geometry,
            table: Table::try_new(log2)?,
            nodes: 0,
            stop: None,
            budget: None,
            progress: None,
            threads: 1,
            book: Self::book_for(geometry, true),
            play_book: Self::play_book_for(geometry, true),
            techniques: Techniques::for_cells(geometry.cells()),
        })
    }

    /// The shipped book when `use_book` and the board is 7×6 (the book's board).
    fn book_for(geometry: G, use_book: bool) -> Option<&'static Book> {
        let standard = (geometry.width(), geometry.height()) == (bits::WIDTH, bits::HEIGHT);
        if use_book && standard {
            Book::shipped()
        } else {
            None
        }
    }

    /// The shipped play book when `use_book` and the board is 7×6.
    fn play_book_for(geometry: G, use_book: bool) -> Option<&'static PlayBook> {
        let standard = (geometry.width(), geometry.height()) == (bits::WIDTH, bits::HEIGHT);
        if use_book && standard {
            PlayBook::shipped()
        } else {
            None
        }
    }

    /// The board size solved.
    pub fn geometry(&self) -> G {
        self.g
    }

    /// Chooses the techniques used (see [`Techniques`]); scores stay exact whatever the
    /// choice, only nodes and time change. Empties the table.
    pub fn set_techniques(&mut self, techniques: Techniques) {
        self.techniques = techniques;
        self.reset();
    }

    /// Searches with `threads` threads (at least 1; the default is 1) sharing the table,
    /// Lazy-SMP style: every thread searches each null window from the root, the helpers
    /// with their move order perturbed (ties broken at random) so that they desynchronise
    /// and fill the table for each other; the first thread to finish gives the answer,
    /// exact whichever it is, since every table entry is a true bound.
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.max(1);
    }

    /// The number of search threads (see [`Solver::set_threads`]).
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The techniques in use.
    pub fn techniques(&self) -> Techniques {
        self.techniques
    }

    /// Number of table entries.
    pub fn table_len(&self) -> usize {
        self.table.len()
    }

    /// Empties the transposition table and the node counter; the table's part in use
    /// goes back to its smallest size (2^16 entries, 512 KiB) and grows again with the
    /// work. Costs a write of the part in use. Call it between unrelated positions:
    /// a table kept small by the one position's work stays in the caches, which made
    /// Pons' Test_L1_R1 (1,000 positions of about 2,600 nodes) a third faster than a
    /// table grown by all the positions before.
    pub fn reset(&mut self) {
        self.table.clear();
        self.nodes = 0;
    }

    /// Negamax calls since the solver was made or [`Solver::reset`] (all solves).
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Watches `stop` during solves: once set, a solve that searches returns
    /// [`Stopped`] (a position answered without search, a finished game, a column that
    /// wins at once or a book entry, is still answered).
    pub fn set_stop(&mut self, stop: Option<StopFlag>) {
        self.stop = stop;
    }

    /// Polls `budget` (time, nodes from now on, its stop flag) with the stop flag: once it
    /// says stop, a solve returns [`Stopped`] ([`Solver::solve`] and
    /// [`Solver::solve_weak`] panic: use [`Solver::try_solve`] with a budget). Checked every 1,024 nodes (well under a
    /// millisecond), and at a node limit's last node, so that a node limit is kept
    /// exactly. With more than one
    /// thread ([`Solver::set_threads`]) the limit counts every thread's nodes of the
    /// null-window searches done (a solve runs several; [`Solver::nodes`] adds them as
    /// each ends) and the first thread's of the one in progress; the others look at the
    /// first thread's end every 1,024 nodes, so each may search up to 1,024 nodes past the
    /// limit (and may solve the position within those).
    pub fn set_budget(&mut self, budget: Option<Budget>) {
        self.budget = budget.map(|b| (b, self.nodes));
    }

    /// Whether solves of positions in the shipped books — the opening book
    /// ([`Book::shipped`]) and the play book ([`PlayBook::shipped`]) — answer from them
    /// (the default) or search. Other board sizes than 7×6 have no book.
    pub fn set_use_book(&mut self, use_book: bool) {
        self.book = Self::book_for(self.g, use_book);
        self.play_book = Self::play_book_for(self.g, use_book);
    }

    /// Whether solves of positions in the shipped play book ([`PlayBook::shipped`])
    /// answer from its scores (the default); the opening book stays as set by
    /// [`Solver::set_use_book`]. The play book's builder turns it off.
    pub fn set_use_play_book(&mut self, use_play_book: bool) {
        self.play_book = Self::play_book_for(self.g, use_play_book);
    }

    /// True when [`Solver::solve`] answers `position` from a book (no node searched):
    /// the books are in use, the board is 7×6 and the position is in the opening book
    /// or the play book.
    ///
    /// # Panics
    /// If `position` is on another board than the solver's (see [`Solver::solve`]).
    pub fn in_book(&self, position: &Position<G>) -> bool {
        self.check_geometry(position);
        let (current, mask, moves) = position.raw();
        self.book_score(current, mask, moves).is_some()
    }

    /// The exact score of a position from the opening book, else from the play book.
    fn book_score(&self, current: u64, mask: u64, moves: u32) -> Option<i32> {
        self.book
            .and_then(|b| b.raw_score(current, mask, moves))
            .or_else(|| {
                self.play_book
                    .and_then(|b| b.raw_best(current, mask, moves))
                    .map(|(_, score)| score)
            })
    }

    /// Publishes the node count into `counter` every 1,024 nodes (for a progress line).
    pub fn set_progress(&mut self, counter: Option<Arc<AtomicU64>>) {
        self.progress = counter;
    }

    /// The exact score of `position` in Pons' convention (strong solve). A finished game
    /// scores its result for the side to move (a loss by the last stone, or 0).
    ///
    /// # Panics
    /// If the search is stopped: by a [`StopFlag`] set by [`Solver::set_stop`], or by a
    /// time or node limit set by [`Solver::set_budget`]. Use [`Solver::try_solve`] with
    /// either. If `position` is on another board than the solver's (a [`crate::Size`]
    /// solver and position of two sizes have one type): make the solver with
    /// `Solver::on(position.geometry(), …)`.
    pub fn solve(&mut self, position: &Position<G>) -> i32 {
        self.try_solve(position, false)
            .expect("solve stopped (a stop flag or a budget): use try_solve with either")
            .score
    }

    /// The sign of the score: 1 win, 0 draw, -1 loss for the side to move (weak solve,
    /// faster). Same panics as [`Solver::solve`].
    pub fn solve_weak(&mut self, position: &Position<G>) -> i32 {
        self.try_solve(position, true)
            .expect("solve stopped (a stop flag or a budget): use try_solve with either")
            .score
    }

    /// Solves `position` (strongly, or weakly when `weak`), with the node count (no best
    /// move: see [`Solution`]).
    ///
    /// # Errors
    /// [`Stopped`] when the stop flag or the budget stopped the search.
    ///
    /// # Panics
    /// If `position` is on another board than the solver's (see [`Solver::solve`]).
    pub fn try_solve(&mut self, position: &Position<G>, weak: bool) -> Result<Solution, Stopped> {
        self.check_geometry(position);
        let before = self.nodes;
        let score = if position.winner().is_some() {
            -win_score_on(self.g.cells(), position.moves())
        } else {
            self.solve_board(self.board(position), weak)?
        };
        let score = if weak { score.signum() } else { score };
        Ok(Solution {
            score,
            best_move: None,
            nodes: self.nodes - before,
        })
    }

    /// Panics unless `position` is on this solver's board (a [`crate::Size`] solver and
    /// position of two sizes have the same type; a search on the wrong board gives wrong
    /// scores).
    #[track_caller]
    fn check_geometry(&self, position: &Position<G>) {
        assert!(
            self.g == position.geometry(),
            "a position on a {:?} board given to a solver of {:?} boards (make the solver \
             with Solver::on(position.geometry(), …))",
            position.geometry(),
            self.g
        );
    }

    /// The solver's view of `position`.
    fn board(&self, position: &Position<G>) -> Board<G> {
        let (current, mask, moves) = position.raw();
        Board {
            g: self.g,
            current,
            mask,
            moves,
        }
    }

    /// The columns of the board that have room, in `order` (0-based indices).
    fn columns<'p>(
        position: &'p Position<G>,
        order: impl Iterator<Item = u32> + Clone + 'p,
    ) -> impl Iterator<Item = Column> + Clone + 'p {
        order
            .filter_map(|c| Column::new(c as usize))
            .filter(|&col| position.has_room(col))
    }

    /// The score of every column for the side to move (`None` for a column that cannot
    /// be played), in Pons' convention or by sign when `weak`: on the standard board an
    /// array of seven, on a [`crate::Size`] an array of [`crate::MAX_WIDTH`] whose first
    /// `width` entries are the board's columns. All `None` once the game is over.
    ///
    /// # Errors
    /// [`Stopped`] when the stop flag or the budget stopped the search.
    ///
    /// # Panics
    /// If `position` is on another board than the solver's (see [`Solver::solve`]).
    pub fn analyze(
        &mut self,
        position: &Position<G>,
        weak: bool,
    ) -> Result<G::PerColumn<Option<i32>>, Stopped> {
        let mut scores = G::PerColumn::<Option<i32>>::default();
        for c in 0..self.g.width() {
            if let Some(col) = Column::new(c as usize) {
                scores.as_mut()[col.index()] = self.analyze_column(position, col, weak)?;
            }
        }
        Ok(scores)
    }

    /// The score of playing `col` for the side to move of `position`, as
    /// [`Solver::analyze`] gives it: `None` for a column that cannot be played (full, off
    /// the board, or the game over). Under a budget, columns can be valued one by one
    /// until it runs out (`analyze` gives all or nothing).
    ///
    /// # Errors
    /// [`Stopped`] when the stop flag or the budget stopped the search.
    ///
    /// # Panics
    /// If `position` is on another board than the solver's (see [`Solver::solve`]).
    pub fn analyze_column(
        &mut self,
        position: &Position<G>,
        col: Column,
        weak: bool,
    ) -> Result<Option<i32>, Stopped> {
        self.check_geometry(position);
        if position.is_over() || col.index() >= self.g.width() as usize || !position.has_room(col) {
            return Ok(None);
        }
        let board = self.board(position);
        if position.is_winning_move(col) {
            return Ok(Some(if weak {
                1
            } else {
                win_score_on(self.g.cells(), board.moves + 1)
            }));
        }
        let mut child = board;
        child.play(board.possible() & self.g.column(col.index() as u32));
        let s = -self.solve_board(child, weak)?;
        Ok(Some(if weak { s.signum() } else { s }))
    }

    /// [`Solver::best_move`] where it needs no search (no node, whatever the budget): a
    /// column that wins at once, or the best column when the book holds every child's
    /// score; else `None` (the game over included).
    ///
    /// # Panics
    /// If `position` is on another board than the solver's (see [`Solver::solve`]).
    pub fn known_best_move(&mut self, position: &Position<G>) -> Option<(Column, i32)> {
        self.check_geometry(position);
        if position.is_over() {
            return None;
        }
        let board = self.board(position);
        let columns = Self::columns(position, self.g.order().iter().copied());
        if let Some(col) = columns.clone().find(|&col| position.is_winning_move(col)) {
            return Some((col, win_score_on(self.g.cells(), board.moves + 1)));
        }
        // Every child's score in a book: the best of them.
        let mut known: Option<(Column, i32)> = None;
        for col in columns {
            let mut child = board;
            child.play(board.possible() & self.g.column(col.index() as u32));
            let s = self.book_score(child.current, child.mask, child.moves)?;
            if known.is_none_or(|(_, b)| -s > b) {
                known = Some((col, -s));
            }
        }
        known
    }

    /// The best column and its exact score (ties broken centre-first), or `None` when
    /// the game is over. Cheaper than [`Solver::analyze`]: an immediate win is played at
    /// once; otherwise the position's own score `v` is solved first (the book, the
    /// forced lines and the table make it the cheap part), then the columns in
    /// centre-first order are each only tested for reaching `v` — a search that stops
    /// as soon as the child is shown to be worse — and the first that reaches it is
    /// played.
    ///
    /// # Errors
    /// [`Stopped`] when the stop flag or the budget stopped the search.
    ///
    /// # Panics
    /// If `position` is on another board than the solver's (see [`Solver::solve`]).
    pub fn best_move(&mut self, position: &Position<G>) -> Result<Option<(Column, i32)>, Stopped> {
        self.check_geometry(position);
        if position.is_over() {
            return Ok(None);
        }
        if let Some(known) = self.known_best_move(position) {
            return Ok(Some(known));
        }
        let board = self.board(position);
        let columns = Self::columns(position, self.g.order().iter().copied());
        let value = self.solve_board(board, false)?;
        for col in columns {
            let c = col.index() as u32;
            let mut child = board;
            child.play(board.possible() & self.g.column(c));
            // The child scores at least -value; any more and this column is worse, so
            // the search may stop once it shows that.
            let s = -self.solve_bounded(child, false, Some(1 - value))?;
            if s == value {
                return Ok(Some((col, value)));
            }
        }
        unreachable!("a column of a position reaches the position's own score")
    }

    /// Iterative narrowing of the score by null-window searches (step 1 of the module
    /// docs). The board is not finished.
    fn solve_board(&mut self, board: Board<G>, weak: bool) -> Result<i32, Stopped> {
        self.solve_bounded(board, weak, None)
    }

    /// [`Solver::solve_board`] with an optional `ceiling`: when the score is at least the
    /// ceiling, the result is only guaranteed to be at least the ceiling (no higher score
    /// is needed by the caller).
    fn solve_bounded(
        &mut self,
        board: Board<G>,
        weak: bool,
        ceiling: Option<i32>,
    ) -> Result<i32, Stopped> {
        // What needs no search (an immediate win, a full board, the opening book) is
        // answered even when the budget is spent: it costs no node.
        let cells = self.g.cells();
        if board.can_win_next() {
            return Ok(win_score_on(cells, board.moves + 1));
        }
        if board.is_full() {
            return Ok(0);
        }
        if let Some(score) = self.book_score(board.current, board.mask, board.moves) {
            return Ok(score);
        }
        if self.stopped(self.nodes) {
            return Err(Stopped);
        }
        let (mut min, mut max) = if weak {
            (-1, 1)
        } else {
            (
                -((cells - board.moves) as i32 / 2),
                ((cells + 1 - board.moves) / 2) as i32,
            )
        };
        if let Some(c) = ceiling
            && c < max
        {
            max = c.max(min);
        }
        // With `guess_windows`, after two probes halfway to each end of the range (cheap
        // when the score is far from 0), the null windows step from a guessed score of 0
        // towards the score, the step doubling while the probes fail the same way, and
        // bisect what is left once a probe fails the other way.
        let mut guess = 0;
        let mut step = 1;
        let mut last_high = None;
        let mut probes = 0;
        while min < max {
            let med = if self.techniques.guess_windows && probes >= 2 {
                guess.clamp(min, max - 1)
            } else {
                let mut med = min + (max - min) / 2;
                if med <= 0 && min / 2 < med {
                    med = min / 2;
                } else if med >= 0 && max / 2 > med {
                    med = max / 2;
                }
                med
            };
            let r = self.probe(&board, med)?;
            probes += 1;
            let high = r > med;
            if high {
                min = r;
            } else {
                max = r;
            }
            if probes <= 2 {
                continue;
            }
            if last_high.is_some_and(|h| h != high) {
                step = 0;
            }
            last_high = Some(high);
            guess = if step == 0 {
                min + (max - min) / 2
            } else if high {
                min + step - 1
            } else {
                max - step
            };
            step *= 2;
        }
        Ok(min)
    }

    /// Whether the stop flag or the budget says stop, `nodes` having been searched since
    /// the solver was made; publishes `nodes` to the progress counter.
    #[cold]
    fn stopped(&self, nodes: u64) -> bool {
        if let Some(p) = &self.progress {
            p.store(nodes, Ordering::Relaxed);
        }
        self.stop.as_ref().is_some_and(StopFlag::is_stopped)
            || self
                .budget
                .as_ref()
                .is_some_and(|(b, start)| b.exceeded(nodes - start))
    }

    /// One null-window search `(med, med + 1)` of `board` with all threads: the first to
    /// finish answers, the others stop.
    fn probe(&mut self, board: &Board<G>, med: i32) -> Result<i32, Stopped> {
        let control = Control {
            done: AtomicBool::new(false),
            result: AtomicI64::new(i64::MIN),
        };
        let (table, tech) = (&self.table, self.techniques);
        let work = if tech.growing_table {
            self.nodes
        } else {
            u64::MAX
        };
        table.fit(work, self.g.key_bits());
        let search = |seed: u64, solver: Option<&Solver<G>>| {
            let mut search = Search {
                g: board.g,
                table,
                tech,
                nodes: 0,
                next_poll: 0,
                aborted: false,
                jitter: seed,
                solver,
                control: &control,
            };
            search.next_poll = search.poll_gap();
            let r = search.negamax(board, med, med + 1, board.opponent_winning_cells());
            if !search.aborted {
                let _ = control.result.compare_exchange(
                    i64::MIN,
                    i64::from(r),
                    Ordering::Relaxed,
                    Ordering::Relaxed,
                );
            }
            // Finished or stopped: the other threads stop.
            control.done.store(true, Ordering::Relaxed);
            search.nodes
        };
        let nodes = if self.threads == 1 {
            search(0, Some(self))
        } else {
            std::thread::scope(|scope| {
                let search = &search;
                let helpers: Vec<_> = (1..self.threads as u64)
                    .map(|i| scope.spawn(move || search(bits::mix64(i) | 1, None)))
                    .collect();
                let main = search(0, Some(self));
                main + helpers
                    .into_iter()
                    .map(|h| h.join().expect("a search thread panicked"))
                    .sum::<u64>()
            })
        };
        let result = control.result.load(Ordering::Relaxed);
        self.nodes += nodes;
        if result == i64::MIN {
            Err(Stopped)
        } else {
            Ok(result as i32)
        }
    }
}

/// What the threads of one probe share.
struct Control {
    /// Set once a thread has finished (or the search was stopped): the others stop.
    done: AtomicBool,
    /// The first finished thread's score (`i64::MIN` until then).
    result: AtomicI64,
}

/// Where a node's result goes in the table: whether it uses the table, its key, whether
/// the key is its mirror image's, and the node count when the node began.
struct Slot {
    use_table: bool,
    key: u64,
    mirrored: bool,
    nodes_before: u64,
}

/// One thread's search state.
struct Search<'a, G: Geometry> {
    /// The board size.
    g: G,
    table: &'a Table,
    tech: Techniques,
    nodes: u64,
    /// The node count at which this thread next polls ([`Search::poll`]): every
    /// [`BUDGET_POLL_NODES`] nodes, and sooner when the budget's node limit comes first,
    /// so that a node limit is kept exactly.
    next_poll: u64,
    aborted: bool,
    /// State of the xorshift generator that perturbs a helper's move order (0: none).
    jitter: u64,
    /// The solver whose stop flag and budget this thread polls (the main thread's).
    solver: Option<&'a Solver<G>>,
    control: &'a Control,
}

impl<G: Geometry> Search<'_, G> {
    /// Nodes to the next poll: [`BUDGET_POLL_NODES`], or fewer on the main thread when
    /// its budget's node limit is nearer (a tester's report: `analyze` shares out small
    /// parts of a limit among the columns, and a part of a few hundred nodes cost 1,024,
    /// so the columns after the first ones got nothing).
    fn poll_gap(&self) -> u64 {
        let near = self.solver.and_then(|s| {
            let (budget, start) = s.budget.as_ref()?;
            let spent = (s.nodes + self.nodes).saturating_sub(*start);
            Some(budget.node_limit()?.saturating_sub(spent))
        });
        near.map_or(BUDGET_POLL_NODES, |n| n.clamp(1, BUDGET_POLL_NODES))
    }

    /// Looks at the other threads and, on the main thread, at the stop flag and the
    /// budget: sets `aborted` when the search must end. The main thread
    /// also grows the part of the table in use ([`Techniques::growing_table`]).
    #[cold]
    fn poll(&mut self) {
        if self.tech.growing_table
            && let Some(s) = self.solver
        {
            self.table.fit(s.nodes + self.nodes, s.g.key_bits());
        }
        if self.control.done.load(Ordering::Relaxed)
            || self.solver.is_some_and(|s| s.stopped(s.nodes + self.nodes))
        {
            self.aborted = true;
        }
    }

    /// Stores a node's result into its table slot, if it has one (see [`Table::put`]):
    /// the bound, the score, the best column as seen from the side of the board the key
    /// was taken from (if one the table can hold), and the nodes searched since the
    /// node began.
    #[inline(always)]
    fn store(&self, slot: &Slot, bound: Bound, score: i32, column: Option<u32>) {
        let g = self.g;
        if slot.use_table {
            let mut column = column.map(|c| orient(g, c, slot.mirrored));
            if g.width() > table::COLUMNS {
                column = column.filter(|&c| c < table::COLUMNS);
            }
            self.table.put(
                slot.key,
                g.key_bits(),
                bound,
                score,
                column,
                self.nodes - slot.nodes_before,
            );
        }
    }

    /// Raises `floor`, the best score known without search among a node's moves, to
    /// `lower`, a move's static lower bound (and `alpha` with it): on a beta cut-off
    /// stores it as a lower bound with the move `col` and returns it.
    #[inline(always)]
    fn raise_floor(
        &self,
        slot: &Slot,
        col: u32,
        lower: i32,
        floor: &mut i32,
        alpha: &mut i32,
        beta: i32,
    ) -> Option<i32> {
        if lower > *floor {
            *floor = lower;
            if lower >= beta {
                self.store(slot, Bound::Lower, lower, Some(col));
                return Some(lower);
            }
            *alpha = (*alpha).max(lower);
        }
        None
    }

    /// The next pseudo-random number of a helper's move-order jitter.
    #[inline(always)]
    fn next_jitter(&mut self) -> u64 {
        let mut x = self.jitter;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.jitter = x;
        x
    }

    /// Fail-soft negamax in `(alpha, beta)` (step 2 of the module docs). The side to move
    /// cannot win at once, `alpha < beta`, and `opponent_win` is the opponent's winning
    /// cells ([`Board::opponent_winning_cells`], known to the parent).
    fn negamax(
        &mut self,
        board: &Board<G>,
        mut alpha: i32,
        mut beta: i32,
        opponent_win: u64,
    ) -> i32 {
        debug_assert!(alpha < beta && !board.can_win_next());
        let g = board.g;
        let cells = g.cells();
        let key_bits = g.key_bits();
        debug_assert_eq!(opponent_win, board.opponent_winning_cells());
        self.nodes += 1;
        if self.nodes >= self.next_poll {
            self.poll();
            if self.aborted {
                return 0;
            }
            self.next_poll = self.nodes + self.poll_gap();
        }
        let possible = board.non_losing_moves_with(opponent_win);
        if possible == 0 {
            // Every move lets the opponent win with their next stone.
            return -((cells - board.moves) as i32 / 2);
        }
        if board.moves + 2 >= cells {
            return 0;
        }
        // The opponent cannot win with their next stone.
        let min = -((cells - 2 - board.moves) as i32 / 2);
        if alpha < min {
            alpha = min;
            if alpha >= beta {
                return alpha;
            }
        }
        // We cannot win with our next stone.
        let mut max = ((cells - 1 - board.moves) / 2) as i32;
        if self.tech.forced_without_table && possible & (possible - 1) == 0 {
            // One move does not lose at once: its score is the position's. Played
            // without the table (a probe is a cache miss: it costs more than the node).
            if beta > max {
                beta = max;
                if alpha >= beta {
                    return beta;
                }
            }
            let mut child = *board;
            child.play(possible);
            let threats = g.winning_cells(board.current | possible, child.mask);
            return -self.negamax(&child, -beta, -alpha, threats);
        }
        if let Some(b) = board.claimeven_bound() {
            max = max.min(b);
        } else if !board.can_still_win() {
            max = max.min(0);
        }
        if alpha < 0 && !board.opponent_can_still_win() {
            alpha = 0;
            if alpha >= beta {
                return alpha;
            }
        }
        if beta > max {
            beta = max;
            if alpha >= beta {
                return beta;
            }
        }
        let tech = self.tech;
        let use_table = board.moves < tech.table_max_stones;
        let (key, mirrored) = if use_table {
            table_key(board, &tech)
        } else {
            (0, false)
        };
        let hit = if use_table {
            self.table.get(key, key_bits)
        } else {
            None
        };
        let mut table_move = None;
        if let Some(hit) = hit {
            match hit.bound {
                Bound::Exact => return hit.score,
                Bound::Lower => {
                    alpha = alpha.max(hit.score);
                    table_move = hit.column.map(|c| orient(g, c, mirrored));
                }
                Bound::Upper => beta = beta.min(hit.score),
            }
            if alpha >= beta {
                return hit.score;
            }
        }
        let slot = Slot {
            use_table,
            key,
            mirrored,
            nodes_before: self.nodes,
        };
        let alpha0 = alpha;
        // Bounds on each move's score known without searching it: a move after which
        // the opponent has no move that does not lose wins; Allis' claimeven bound and,
        // near the root, the table entry of the position after the move (an enhanced
        // transposition cut-off) give a lower bound.
        let etc = board.moves < tech.etc_max_stones;
        // A table small enough to stay in the processor's caches is not prefetched.
        let prefetch = tech.prefetch && self.table.beyond_cache();
        let statics = board.moves < tech.static_max_stones;
        let mut floor = i32::MIN;
        let mut moves = MoveSorter::<G>::new();
        // With ETC every child's bucket is read below: they are all asked for first, so
        // that the cache misses overlap.
        let mut child_keys = G::PerColumn::<u64>::default();
        if etc {
            let mut rest = possible;
            while rest != 0 {
                let mv = rest & rest.wrapping_neg();
                rest &= rest - 1;
                let mut child = *board;
                child.play(mv);
                let child_key = table_key(&child, &tech).0;
                if prefetch {
                    self.table.prefetch(child_key, key_bits);
                }
                child_keys.as_mut()[g.column_of(mv) as usize] = child_key;
            }
        }
        for &col in g.order().iter().rev() {
            let mv = possible & g.column(col);
            if mv == 0 {
                continue;
            }
            let mut child = *board;
            child.play(mv);
            // Our winning cells after the move: the opponent's threats in the child.
            let threats = g.winning_cells(board.current | mv, child.mask);
            let replies = child.non_losing_moves_with(threats);
            if statics
                && tech.forced_lines
                && replies & replies.wrapping_sub(1) == 0
                && replies != 0
                && child.moves + 2 < cells
            {
                let mut line = child;
                line.play(replies);
                if let Some(v) = forced_value(line) {
                    // The move's exact score: no search needed.
                    if let Some(cut) = self.raise_floor(&slot, col, v, &mut floor, &mut alpha, beta)
                    {
                        return cut;
                    }
                    continue;
                }
                if prefetch && tech.forced_without_table && line.moves < tech.table_max_stones {
                    // The child plays its one reply without the table: the position
                    // after it is the one that probes.
                    self.table.prefetch(table_key(&line, &tech).0, key_bits);
                }
            }
            if replies == 0 {
                let win = ((cells - 1 - board.moves) / 2) as i32;
                self.store(&slot, Bound::Exact, win, Some(col));
                return win;
            }
            if prefetch
                && !etc
                && child.moves < tech.table_max_stones
                && !(tech.forced_without_table && replies & (replies - 1) == 0)
            {
                self.table.prefetch(table_key(&child, &tech).0, key_bits);
            }
            let mut lower = if statics && tech.child_claimeven {
                child.claimeven_bound().map_or(i32::MIN, |b| -b)
            } else {
                i32::MIN
            };
            if etc
                && let Some(h) = self.table.get(child_keys.as_ref()[col as usize], key_bits)
                && h.bound != Bound::Lower
            {
                lower = lower.max(-h.score);
            }
            if let Some(cut) = self.raise_floor(&slot, col, lower, &mut floor, &mut alpha, beta) {
                return cut;
            }
            let score = if Some(col) == table_move {
                u32::MAX
            } else if tech.threat_ordering {
                threat_score(g, threats, opponent_win & !mv, child.mask)
            } else {
                Board::<G>::move_score(threats)
            };
            let score = if self.jitter != 0 && score != u32::MAX {
                // Helpers break ties (and near ties) at random.
                score * 16 + (self.next_jitter() & 15) as u32
            } else {
                score
            };
            moves.add(mv, threats, score);
        }
        let mut value = i32::MIN;
        let mut best = None;
        while let Some((mv, threats)) = moves.pop() {
            let mut child = *board;
            child.play(mv);
            let score = -self.negamax(&child, -beta, -alpha, threats);
            if self.aborted {
                return 0;
            }
            if score > value {
                value = score;
                best = Some(g.column_of(mv));
                if score >= beta {
                    break;
                }
                alpha = alpha.max(score);
            }
        }
        value = value.max(floor);
        let bound = if value >= beta {
            if hit.is_some_and(|h| h.bound == Bound::Upper && h.score == value) {
                Bound::Exact
            } else {
                Bound::Lower
            }
        } else if value <= alpha0 {
            if hit.is_some_and(|h| h.bound == Bound::Lower && h.score == value) {
                Bound::Exact
            } else {
                Bound::Upper
            }
        } else {
            Bound::Exact
        };
        self.store(&slot, bound, value, best);
        value
    }
}

/// The exact score of `board` for the side to move (who cannot win at once) when it
/// follows from forced moves alone: play goes on while the side to move has exactly one
/// move that does not lose at once (its other moves lose, so that move's score is the
/// position's) and ends when a side has none (a loss) or two cells are left (a draw, as
/// in the negamax). `None` when a side gets a choice first.
#[inline]
fn forced_value<G: Geometry>(mut board: Board<G>) -> Option<i32> {
    let mut sign = 1;
    let cells = board.g.cells();
    loop {
        let moves = board.non_losing_moves();
        if moves == 0 {
            return Some(-sign * ((cells - board.moves) as i32 / 2));
        }
        if board.moves + 2 >= cells {
            return Some(0);
        }
        if moves & (moves - 1) != 0 {
            return None;
        }
        board.play(moves);
        sign = -sign;
    }
}

/// The table key of `board` — Pons' `current + mask`, its dead stones given to the side
/// to move with [`Techniques::dead_stones_min`] ([`Geometry::dead_stones`]), and with
/// [`Techniques::mirror_keys`] the smaller of it and its mirror image's — and whether
/// the mirror image's was taken.
#[inline(always)]
fn table_key<G: Geometry>(board: &Board<G>, tech: &Techniques) -> (u64, bool) {
    let current = if board.moves >= tech.dead_stones_min {
        board.current | board.g.dead_stones(board.current, board.mask)
    } else {
        board.current
    };
    let key = current + board.mask;
    if tech.mirror_keys {
        let m = board.g.mirror(key);
        if m < key {
            return (m, true);
        }
    }
    (key, false)
}

/// Column `col` seen in the mirror when `mirrored` (table entries of mirrored keys store
/// their best move mirrored).
#[inline(always)]
fn orient<G: Geometry>(g: G, col: u32, mirrored: bool) -> u32 {
    if mirrored { g.width() - 1 - col } else { col }
}

/// The guessed value of a move for ordering (after Steininger's solver): `threats` are the
/// mover's winning cells after the move, `opponent` the opponent's, `mask` the occupied
/// cells after it. A threat directly above an opponent's threat can never be used; the
/// useful ones weigh most on the cell just above a playable cell (the opponent can no
/// longer play below it), then two above, then anywhere.
#[inline(always)]
fn threat_score<G: Geometry>(g: G, threats: u64, opponent: u64, mask: u64) -> u32 {
    let useful = threats & !(opponent << 1);
    let above = (g.playable(mask) << 1) & g.board();
    let next = useful & above;
    let next_next = useful & (above << 1);
    12 * Board::<G>::move_score(next)
        + 5 * Board::<G>::move_score(next_next)
        + 3 * Board::<G>::move_score(useful)
}
