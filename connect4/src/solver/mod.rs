//! The exact solver: scores in Pascal Pons' convention (see [`crate::score`]).
//!
//! # Algorithm
//!
//! After Pons' tutorial "Solving Connect 4" (<http://blog.gamesolver.org>) and his solver
//! (<https://github.com/PascalPons/connect4>), without an opening book:
//!
//! 1. **Root**: a position where the side to move wins at once scores at once. Otherwise
//!    the score is found by a sequence of *null-window* searches `(m, m + 1)`, each
//!    telling whether the score is above `m`: a bisection of the score range, with the
//!    first probes pulled towards 0 (they are the cheapest). A *weak* solve narrows only
//!    the sign (window `-1..=1`).
//! 2. **Negamax node** (one node = one call, the count Pons reports):
//!    - the moves that do not lose at once (never allow an immediate opponent win, play a
//!      forced block, and a double threat means a loss: the score of losing to the
//!      opponent's next stone);
//!    - with two cells left and no immediate win either way, a draw;
//!    - the window is clipped by the worst score the side can still get (the opponent
//!      cannot win on their next stone) and by the best (we cannot win on ours), and by a
//!      bound from the transposition table;
//!    - the moves are sorted by the number of winning cells they create (threats), ties
//!      centre-first (`4 3 5 2 6 1 7`), and searched with fail-soft alpha-beta;
//!    - the result is stored as a lower bound (cut-off) or an upper bound.
//!
//! The transposition table persists across [`Solver`] calls (entries are true bounds
//! whatever the root), like Pons' solver when it reads a file of positions;
//! [`Solver::reset`] empties it.

mod board;
mod sorter;
mod table;

use crate::bits::{self, CELLS, WIDTH};
use crate::score::{MAX_SCORE, MIN_SCORE};
use crate::{Column, Position};
use board::Board;
use sorter::MoveSorter;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};
use table::Table;
use thiserror::Error;
use zerosum::search::StopFlag;
use zerosum::time::Budget;

/// Columns, centre first (Pons' `columnOrder`).
const ORDER: [u32; WIDTH as usize] = [3, 2, 4, 1, 5, 0, 6];
/// Largest stored value that encodes an upper bound.
const UPPER_MAX: i32 = MAX_SCORE - MIN_SCORE + 1;
/// The stop flag and progress counter are looked at every 2^16 nodes.
const POLL_MASK: u64 = (1 << 16) - 1;

/// Default transposition-table size: 2^24 entries of 4 bytes (64 MiB).
pub const DEFAULT_TABLE_LOG2: u32 = 24;

/// A solve was cancelled through its [`StopFlag`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("the search was stopped")]
pub struct Stopped;

/// The result of one solve, with its cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The score in Pons' convention (a strong solve), or -1/0/1 (a weak solve).
    pub score: i32,
    /// Negamax calls made (Pons' node count).
    pub nodes: u64,
    /// Wall-clock time.
    pub elapsed: Duration,
}

/// An exact Connect Four solver with its transposition table (see the module docs).
///
/// ```
/// use connect4::{Position, Solver};
/// let mut solver = Solver::new();
/// // Pons' tutorial: `4455` scores 18 (the side to move wins with its 4th stone).
/// assert_eq!(solver.solve(&Position::from_moves("4455").unwrap()), 18);
/// ```
pub struct Solver {
    table: Table,
    nodes: u64,
    stop: Option<StopFlag>,
    /// The budget polled with the stop flag, and the node count when it was set.
    budget: Option<(Budget, u64)>,
    progress: Option<Arc<AtomicU64>>,
    aborted: bool,
}

impl Default for Solver {
    fn default() -> Self {
        Self::new()
    }
}

impl Solver {
    /// A solver with the default 64 MiB table.
    pub fn new() -> Self {
        Self::with_table_log2(DEFAULT_TABLE_LOG2)
    }

    /// A solver whose table has `2^log2` entries of 4 bytes (`log2` clamped to 24..=30).
    pub fn with_table_log2(log2: u32) -> Self {
        Solver {
            table: Table::new(log2),
            nodes: 0,
            stop: None,
            budget: None,
            progress: None,
            aborted: false,
        }
    }

    /// Number of table entries.
    pub fn table_len(&self) -> usize {
        self.table.len()
    }

    /// Empties the transposition table and the node counter.
    pub fn reset(&mut self) {
        self.table.clear();
        self.nodes = 0;
    }

    /// Negamax calls since the solver was made or [`Solver::reset`] (all solves).
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Watches `stop` during solves: once set, a solve returns [`Stopped`].
    pub fn set_stop(&mut self, stop: Option<StopFlag>) {
        self.stop = stop;
    }

    /// Polls `budget` (time, nodes from now on, its stop flag) with the stop flag: once it
    /// says stop, a solve returns [`Stopped`]. Checked every 2^16 nodes (about 2 ms).
    pub fn set_budget(&mut self, budget: Option<Budget>) {
        self.budget = budget.map(|b| (b, self.nodes));
    }

    /// Publishes the node count into `counter` every 65,536 nodes (for a progress line).
    pub fn set_progress(&mut self, counter: Option<Arc<AtomicU64>>) {
        self.progress = counter;
    }

    /// The exact score of `position` in Pons' convention (strong solve). A finished game
    /// scores its result for the side to move (a loss by the last stone, or 0).
    ///
    /// # Panics
    /// If a [`StopFlag`] set by [`Solver::set_stop`] stops the search (use
    /// [`Solver::try_solve`] then).
    pub fn solve(&mut self, position: &Position) -> i32 {
        self.try_solve(position, false)
            .expect("solve stopped: use try_solve with a stop flag")
            .score
    }

    /// The sign of the score: 1 win, 0 draw, -1 loss for the side to move (weak solve,
    /// faster). Same panics as [`Solver::solve`].
    pub fn solve_weak(&mut self, position: &Position) -> i32 {
        self.try_solve(position, true)
            .expect("solve stopped: use try_solve with a stop flag")
            .score
    }

    /// Solves `position` (strongly, or weakly when `weak`), with the node count and time.
    ///
    /// # Errors
    /// [`Stopped`] when the stop flag was set during the search.
    pub fn try_solve(&mut self, position: &Position, weak: bool) -> Result<Solution, Stopped> {
        let start = Instant::now();
        let before = self.nodes;
        let (current, mask, moves) = position.raw();
        let score = if position.winner().is_some() {
            -crate::score::win_score(moves)
        } else {
            self.solve_board(
                Board {
                    current,
                    mask,
                    moves,
                },
                weak,
            )?
        };
        let score = if weak { score.signum() } else { score };
        Ok(Solution {
            score,
            nodes: self.nodes - before,
            elapsed: start.elapsed(),
        })
    }

    /// The score of every column for the side to move (`None` for a column that cannot
    /// be played), in Pons' convention or by sign when `weak`. All `None` once the game
    /// is over.
    ///
    /// # Errors
    /// [`Stopped`] when the stop flag was set during the search.
    pub fn analyze(
        &mut self,
        position: &Position,
        weak: bool,
    ) -> Result<[Option<i32>; 7], Stopped> {
        let mut scores = [None; 7];
        if position.is_over() {
            return Ok(scores);
        }
        let (current, mask, moves) = position.raw();
        let board = Board {
            current,
            mask,
            moves,
        };
        for col in Column::ALL {
            if !position.has_room(col) {
                continue;
            }
            let score = if position.is_winning_move(col) {
                if weak {
                    1
                } else {
                    crate::score::win_score(moves + 1)
                }
            } else {
                let mut child = board;
                child.play(bits::playable(mask) & bits::column_mask(col.index() as u32));
                let s = -self.solve_board(child, weak)?;
                if weak { s.signum() } else { s }
            };
            scores[col.index()] = Some(score);
        }
        Ok(scores)
    }

    /// The best column and its exact score (ties broken centre-first), or `None` when
    /// the game is over. Cheaper than [`Solver::analyze`]: an immediate win is played at
    /// once, and each further column is only searched for a score above the best so far.
    ///
    /// # Errors
    /// [`Stopped`] when the stop flag was set during the search.
    pub fn best_move(&mut self, position: &Position) -> Result<Option<(Column, i32)>, Stopped> {
        if position.is_over() {
            return Ok(None);
        }
        let (current, mask, moves) = position.raw();
        let board = Board {
            current,
            mask,
            moves,
        };
        let columns = ORDER
            .map(|c| Column::ALL[c as usize])
            .into_iter()
            .filter(|&col| position.has_room(col));
        if let Some(col) = columns.clone().find(|&col| position.is_winning_move(col)) {
            return Ok(Some((col, crate::score::win_score(moves + 1))));
        }
        let mut best: Option<(Column, i32)> = None;
        for col in columns {
            let c = col.index() as u32;
            let mut child = board;
            child.play(bits::playable(mask) & bits::column_mask(c));
            // Only a child score below -best makes this column better.
            let ceiling = best.map(|(_, b)| -b);
            let s = -self.solve_bounded(child, false, ceiling)?;
            if best.is_none_or(|(_, b)| s > b) {
                best = Some((col, s));
            }
        }
        Ok(best)
    }

    /// Iterative narrowing of the score by null-window searches (step 1 of the module
    /// docs). The board is not finished.
    fn solve_board(&mut self, board: Board, weak: bool) -> Result<i32, Stopped> {
        self.solve_bounded(board, weak, None)
    }

    /// [`Solver::solve_board`] with an optional `ceiling`: when the score is at least the
    /// ceiling, the result is only guaranteed to be at least the ceiling (no higher score
    /// is needed by the caller).
    fn solve_bounded(
        &mut self,
        board: Board,
        weak: bool,
        ceiling: Option<i32>,
    ) -> Result<i32, Stopped> {
        self.aborted = false;
        self.poll();
        if self.aborted {
            return Err(Stopped);
        }
        if board.can_win_next() {
            return Ok(crate::score::win_score(board.moves + 1));
        }
        if board.is_full() {
            return Ok(0);
        }
        let (mut min, mut max) = if weak {
            (-1, 1)
        } else {
            (
                -((CELLS - board.moves) as i32 / 2),
                ((CELLS + 1 - board.moves) / 2) as i32,
            )
        };
        if let Some(c) = ceiling
            && c < max
        {
            max = c.max(min);
        }
        while min < max {
            let mut med = min + (max - min) / 2;
            if med <= 0 && min / 2 < med {
                med = min / 2;
            } else if med >= 0 && max / 2 > med {
                med = max / 2;
            }
            let r = self.negamax(&board, med, med + 1);
            if self.aborted {
                return Err(Stopped);
            }
            if r <= med {
                max = r;
            } else {
                min = r;
            }
        }
        Ok(min)
    }

    #[cold]
    fn poll(&mut self) {
        if let Some(p) = &self.progress {
            p.store(self.nodes, Ordering::Relaxed);
        }
        if self.stop.as_ref().is_some_and(StopFlag::is_stopped)
            || self
                .budget
                .as_ref()
                .is_some_and(|(b, start)| b.exceeded(self.nodes - start))
        {
            self.aborted = true;
        }
    }

    /// Fail-soft negamax in `(alpha, beta)` (step 2 of the module docs). The side to move
    /// cannot win at once, and `alpha < beta`.
    fn negamax(&mut self, board: &Board, mut alpha: i32, mut beta: i32) -> i32 {
        debug_assert!(alpha < beta && !board.can_win_next());
        self.nodes += 1;
        if self.nodes & POLL_MASK == 0 {
            self.poll();
            if self.aborted {
                return 0;
            }
        }
        let possible = board.non_losing_moves();
        if possible == 0 {
            // Every move lets the opponent win with their next stone.
            return -((CELLS - board.moves) as i32 / 2);
        }
        if board.moves >= CELLS - 2 {
            return 0;
        }
        // The opponent cannot win with their next stone.
        let min = -((CELLS - 2 - board.moves) as i32 / 2);
        if alpha < min {
            alpha = min;
            if alpha >= beta {
                return alpha;
            }
        }
        // We cannot win with our next stone.
        let mut max = ((CELLS - 1 - board.moves) / 2) as i32;
        let key = board.key();
        let stored = i32::from(self.table.get(key));
        if stored != 0 {
            if stored > UPPER_MAX {
                let min = stored + 2 * MIN_SCORE - MAX_SCORE - 2;
                if alpha < min {
                    alpha = min;
                    if alpha >= beta {
                        return alpha;
                    }
                }
            } else {
                max = stored + MIN_SCORE - 1;
            }
        }
        if beta > max {
            beta = max;
            if alpha >= beta {
                return beta;
            }
        }
        if possible & (possible - 1) == 0 {
            // A single move (often a forced block): nothing to order.
            let mut child = *board;
            child.play(possible);
            let score = -self.negamax(&child, -beta, -alpha);
            if self.aborted {
                return 0;
            }
            return self.store(key, score, alpha, beta);
        }
        let mut moves = MoveSorter::new();
        for &col in ORDER.iter().rev() {
            let mv = possible & bits::column_mask(col);
            if mv != 0 {
                moves.add(mv, board.move_score(mv));
            }
        }
        while let Some(mv) = moves.pop() {
            let mut child = *board;
            child.play(mv);
            let score = -self.negamax(&child, -beta, -alpha);
            if self.aborted {
                return 0;
            }
            if score >= beta {
                return self.store(key, score, alpha, beta);
            }
            if score > alpha {
                alpha = score;
            }
        }
        self.store(key, alpha, alpha, beta)
    }

    /// Stores the result `score` of a node searched in `(alpha, beta)` and returns it:
    /// a lower bound when it reached `beta`, else an upper bound no lower than `alpha`
    /// (values kept within the scores that exist).
    #[inline(always)]
    fn store(&mut self, key: u64, score: i32, alpha: i32, beta: i32) -> i32 {
        if score >= beta {
            let v = score.min(MAX_SCORE) + MAX_SCORE - 2 * MIN_SCORE + 2;
            self.table.put(key, v as u8);
            score
        } else {
            let score = score.max(alpha);
            let v = score.max(MIN_SCORE) - MIN_SCORE + 1;
            self.table.put(key, v as u8);
            score
        }
    }
}
