//! The midgame search of the [`crate::Engine`]: iterative deepening with aspiration
//! windows over a negamax principal-variation search (PVS) on the [`Board`], with a
//! transposition table, a static evaluation at the horizon ([`MidgameEval`]: the trained
//! [`crate::eval::Pattern`] by default) and the exact final disc count when a line ends
//! the game.
//!
//! - **Units**: hundredths of a disc for the side to move ([`SCALE`]); a finished game is
//!   worth `100 ×` its final disc difference, so evaluations and results share one unit.
//! - **Ordering**: the table's move first; then, with 3 or more plies left, the children
//!   by their static evaluation (the best for us first); nearer the horizon by the
//!   opponent's mobility (fewest replies first) with a static square bonus.
//! - **PVS**: the first move with the full window, the others with a null window and a
//!   re-search when they fail high (Marsland and Campbell 1982).
//! - **Aspiration**: from depth 3 each iteration starts with a window of ±[`ASPIRATION`]
//!   around the previous iteration's value and widens it (doubling) on a fail.
//! - **Table**: one entry per slot (key, value, bound, depth, best move), replaced when
//!   the new result is at least as deep or comes from a newer search.
//! - **Limits**: the node limit is a hard cap, compared at every node (the search
//!   visits at most that many, depth 1 included, so runs under a node limit are
//!   reproducible); the clock and the stop flag are read every 1024 nodes from depth 2
//!   on (depth 1 always finishes unless the node limit stops it). An interrupted
//!   iteration is dropped unless its first (previous best) move was finished, so the
//!   move played comes from completed work; when not even one depth-1 child fits in the
//!   node limit, the move is the first by the static square order, with depth 0.

use crate::eval::pattern::{PatternWeights, SCALE};
use crate::eval::{SQUARE_ORDER, Strong};
use crate::{Board, Move, Square};
use zerosum::search::{Report, RootMove, SearchResult, SearchStats};
use zerosum::time::Budget;
use zerosum::{Bound, Observer, Score};

/// Half-width of the first aspiration window, in hundredths of a disc.
pub const ASPIRATION: i32 = 200;
/// The bound on every value: a finished game is at most 64 discs.
const INF: i32 = 64 * SCALE + 1;
/// Nodes between two looks at the budget.
const POLL_MASK: u64 = 1023;

/// An evaluation the midgame search can use: the value of a position for its side to
/// move in hundredths of a disc (or in the evaluation's own comparable unit).
pub trait MidgameEval {
    /// The static value of `board` for its side to move.
    fn value(&self, board: Board) -> i32;
}

impl MidgameEval for PatternWeights {
    #[inline]
    fn value(&self, board: Board) -> i32 {
        PatternWeights::value(self, board).clamp(-INF + 1, INF - 1)
    }
}

impl MidgameEval for Strong {
    #[inline]
    fn value(&self, board: Board) -> i32 {
        Strong::value(board).clamp(-INF + 1, INF - 1)
    }
}

#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    key: u64,
    value: i16,
    depth: u8,
    bound: u8,
    best: u8,
    generation: u8,
}

const LOWER: u8 = 1;
const UPPER: u8 = 2;
const EXACT: u8 = 3;
const NO_MOVE: u8 = 255;

impl Entry {
    /// The entry for a fail-soft result `best` of a `depth`-ply search of the position
    /// `key` in the window `(alpha, beta)`: a lower bound at or above `beta`, an upper
    /// bound at or below `alpha`, else exact.
    fn new(
        key: u64,
        best: i32,
        depth: u32,
        alpha: i32,
        beta: i32,
        best_sq: u8,
        generation: u8,
    ) -> Entry {
        Entry {
            key,
            value: best as i16,
            depth: depth as u8,
            bound: if best >= beta {
                LOWER
            } else if best <= alpha {
                UPPER
            } else {
                EXACT
            },
            best: best_sq,
            generation,
        }
    }
}

/// The midgame searcher: owns its transposition table between searches.
pub struct Midgame {
    table: Vec<Entry>,
    mask: usize,
    generation: u8,
    nodes: u64,
    evaluations: u64,
    budget: Budget,
    /// The node count at which the search stops (`u64::MAX`: no node limit).
    node_limit: u64,
    checks: bool,
    stopped: bool,
}

impl Midgame {
    /// A searcher with a table of at most `tt_mib` MiB (a power of two of entries).
    pub fn new(tt_mib: usize) -> Midgame {
        let entries = (tt_mib.max(1) << 20) / std::mem::size_of::<Entry>();
        let mut size = 1024;
        while size * 2 <= entries {
            size *= 2;
        }
        Midgame {
            table: vec![Entry::default(); size],
            mask: size - 1,
            generation: 0,
            nodes: 0,
            evaluations: 0,
            budget: Budget::unlimited(),
            node_limit: u64::MAX,
            checks: false,
            stopped: false,
        }
    }

    /// Forgets the table.
    pub fn clear(&mut self) {
        self.table.iter_mut().for_each(|e| *e = Entry::default());
    }

    /// Nodes of the last search.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Iterative deepening to at most `max_depth` plies under `budget`; `observer` hears
    /// of every finished depth. The score is in hundredths of a disc for the side to
    /// move. `None` as the best move only when `board`'s game is over.
    pub fn search<E: MidgameEval>(
        &mut self,
        eval: &E,
        board: Board,
        max_depth: u32,
        budget: &Budget,
        observer: &mut Observer<'_, Move>,
    ) -> SearchResult<Move> {
        self.generation = self.generation.wrapping_add(1);
        self.nodes = 0;
        self.evaluations = 0;
        self.budget = budget.clone();
        self.node_limit = budget.node_limit().unwrap_or(u64::MAX);
        self.stopped = false;
        let mut result = SearchResult {
            best_move: None,
            score: Score::DRAW,
            bound: Bound::Exact,
            depth: 0,
            pv: Vec::new(),
            root_moves: Vec::new(),
            stats: SearchStats::default(),
            exact: false,
        };
        let moves = board.moves();
        let root_board = if moves == 0 { board.pass() } else { board };
        if moves == 0 {
            if board.opponent_moves() == 0 {
                result.score = Score::heuristic(board.final_score() * SCALE);
                result.exact = true;
                return result;
            }
            // The pass is the only move.
            result.best_move = Some(Move::PASS);
        }
        let sign = if moves == 0 { -1 } else { 1 };
        let mut root: Vec<(u32, i32)> = zerosum::Bitboard(root_board.moves())
            .iter()
            .map(|sq| (sq, -INF))
            .collect();
        root.sort_by_key(|&(sq, _)| -SQUARE_ORDER[sq as usize]);
        let mut prev = 0;
        for depth in 1..=max_depth.clamp(1, 60) {
            self.checks = depth > 1;
            let (mut alpha, mut beta) = if depth >= 3 {
                (prev - ASPIRATION, prev + ASPIRATION)
            } else {
                (-INF, INF)
            };
            let mut width = ASPIRATION;
            let (value, complete) = loop {
                let (v, complete) = self.root(eval, root_board, depth, alpha, beta, &mut root);
                if !complete {
                    break (v, false);
                }
                if v <= alpha && alpha > -INF {
                    width *= 2;
                    alpha = (v - width).max(-INF);
                } else if v >= beta && beta < INF {
                    width *= 2;
                    beta = (v + width).min(INF);
                } else {
                    break (v, true);
                }
            };
            // A partial iteration counts only if its first move (the previous best) was
            // searched and something beat or matched it in this window.
            if !complete && root[0].1 == -INF {
                break;
            }
            prev = value;
            let (sq, v) = root[0];
            let mv = Move::square(Square::new(sq as u8).expect("a square"));
            if moves != 0 {
                result.best_move = Some(mv);
            }
            result.score = Score::heuristic(sign * v);
            result.depth = depth;
            result.bound = if complete { Bound::Exact } else { Bound::Lower };
            result.pv = self.principal_variation(board, depth);
            result.root_moves = root
                .iter()
                .enumerate()
                .map(|(i, &(sq, v))| RootMove {
                    mv: Move::square(Square::new(sq as u8).expect("a square")),
                    score: Score::heuristic(v.max(-INF + 1)),
                    bound: if i == 0 { Bound::Exact } else { Bound::Upper },
                })
                .collect();
            if moves == 0 {
                result.root_moves = vec![RootMove {
                    mv: Move::PASS,
                    score: result.score,
                    bound: Bound::Exact,
                }];
            }
            let elapsed = self.budget.elapsed();
            result.stats = self.stats(elapsed);
            observer(&Report {
                depth,
                score: result.score,
                pv: result.pv.clone(),
                nodes: self.nodes,
                elapsed,
                nodes_per_second: result.stats.nodes_per_second(),
                exact: false,
            });
            if !complete
                || depth >= root_board.empties()
                || !self.budget.start_iteration(self.nodes)
            {
                break;
            }
        }
        if result.best_move.is_none() {
            // Not one depth-1 child within the node limit: the first move by the static
            // square order.
            let mv = Move::square(Square::new(root[0].0 as u8).expect("a square"));
            result.best_move = Some(mv);
            result.pv = vec![mv];
        }
        result.stats = self.stats(self.budget.elapsed());
        result
    }

    /// Counts a node, or stops the search when the node limit is reached (every node) or
    /// the clock or the stop flag say so (every 1024 nodes, from depth 2 on); true when
    /// stopped.
    #[inline]
    fn count_node(&mut self) -> bool {
        if self.stopped || self.nodes >= self.node_limit {
            self.stopped = true;
            return true;
        }
        self.nodes += 1;
        if self.checks && self.nodes & POLL_MASK == 0 && self.budget.exceeded(self.nodes) {
            self.stopped = true;
        }
        self.stopped
    }

    fn stats(&self, elapsed: std::time::Duration) -> SearchStats {
        SearchStats {
            nodes: self.nodes,
            evaluations: self.evaluations,
            elapsed,
            ..SearchStats::default()
        }
    }

    /// The moves stored as best from `board` on, up to `depth` plies.
    fn principal_variation(&self, board: Board, depth: u32) -> Vec<Move> {
        let mut pv = Vec::new();
        let mut b = board;
        while pv.len() < depth as usize {
            let m = b.moves();
            if m == 0 {
                if b.opponent_moves() == 0 {
                    break;
                }
                pv.push(Move::PASS);
                b = b.pass();
                continue;
            }
            let e = self.table[b.hash() as usize & self.mask];
            if e.key != b.hash() || e.best == NO_MOVE || m >> e.best & 1 == 0 {
                break;
            }
            pv.push(Move::square(Square::new(e.best).expect("a square")));
            b = b.play_flips(e.best as u32, b.flips(e.best as u32));
        }
        pv
    }

    /// One root iteration in `(alpha, beta)`: the best value and whether every move was
    /// searched. `root` comes back best first, each move with its value (a bound for all
    /// but the first), moves not searched keep their place after the searched ones.
    fn root<E: MidgameEval>(
        &mut self,
        eval: &E,
        board: Board,
        depth: u32,
        alpha: i32,
        beta: i32,
        root: &mut [(u32, i32)],
    ) -> (i32, bool) {
        let mut best = -INF;
        let mut a = alpha;
        let mut searched = 0;
        for i in 0..root.len() {
            let sq = root[i].0;
            let child = board.play_flips(sq, board.flips(sq));
            let v = self.child(eval, child, depth, a, beta, i == 0);
            if self.stopped {
                break;
            }
            searched = i + 1;
            root[i].1 = v;
            if v > best {
                best = v;
                // Move the new best to the front, keeping the others' order.
                root[..=i].rotate_right(1);
                if v > a {
                    a = v;
                }
                if v >= beta {
                    break;
                }
            }
        }
        if searched == 0 {
            root[0].1 = -INF;
        }
        let complete = !self.stopped;
        if complete {
            let e = &mut self.table[board.hash() as usize & self.mask];
            *e = Entry::new(
                board.hash(),
                best,
                depth,
                alpha,
                beta,
                root[0].0 as u8,
                self.generation,
            );
        }
        (best, complete)
    }

    /// A horizon position: the final score if the game is over, else the evaluation.
    #[inline]
    fn leaf<E: MidgameEval>(&mut self, eval: &E, b: Board) -> i32 {
        if b.moves() == 0 && b.opponent_moves() == 0 {
            return b.final_score() * SCALE;
        }
        self.evaluations += 1;
        eval.value(b)
    }

    /// The value of `child` for its parent (a `depth`-ply node searched in `(alpha,
    /// beta)`): the full window for the parent's `first` move, else a null window at
    /// `alpha` and a full-window re-search when it fails high inside the window (PVS).
    #[inline]
    fn child<E: MidgameEval>(
        &mut self,
        eval: &E,
        child: Board,
        depth: u32,
        alpha: i32,
        beta: i32,
        first: bool,
    ) -> i32 {
        if first {
            return -self.pvs(eval, child, depth - 1, -beta, -alpha);
        }
        let v = -self.pvs(eval, child, depth - 1, -alpha - 1, -alpha);
        if v > alpha && v < beta && !self.stopped {
            -self.pvs(eval, child, depth - 1, -beta, -alpha)
        } else {
            v
        }
    }

    /// Fail-soft negamax PVS of `depth` plies in `(alpha, beta)`.
    fn pvs<E: MidgameEval>(
        &mut self,
        eval: &E,
        b: Board,
        depth: u32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        if self.count_node() {
            return 0;
        }
        if depth == 0 {
            return self.leaf(eval, b);
        }
        let moves = b.moves();
        if moves == 0 {
            if b.opponent_moves() == 0 {
                return b.final_score() * SCALE;
            }
            return -self.pvs(eval, b.pass(), depth, -beta, -alpha);
        }
        let key = b.hash();
        let slot = key as usize & self.mask;
        let e = self.table[slot];
        let mut tt_move = NO_MOVE;
        if e.key == key {
            tt_move = e.best;
            // Only a result of the same depth: the value then equals a fixed-depth
            // negamax exactly (deeper results would make it depend on the table).
            if e.depth as u32 == depth {
                let v = e.value as i32;
                match e.bound {
                    EXACT => return v,
                    LOWER if v >= beta => return v,
                    UPPER if v <= alpha => return v,
                    _ => {}
                }
            }
        }
        if depth == 1 {
            // The last ply: no ordering, no table store.
            let mut best = -INF;
            for sq in zerosum::Bitboard(moves) {
                let c = b.play_flips(sq, b.flips(sq));
                if self.count_node() {
                    return 0;
                }
                let v = -self.leaf(eval, c);
                if v > best {
                    best = v;
                    if v >= beta {
                        break;
                    }
                }
            }
            return best;
        }
        let mut list = [(0i32, 0u32, b); 32];
        let mut n = 0;
        for sq in zerosum::Bitboard(moves) {
            let c = b.play_flips(sq, b.flips(sq));
            let key = if sq as u8 == tt_move {
                i32::MAX
            } else if depth >= 3 {
                self.evaluations += 1;
                -eval.value(c)
            } else {
                SQUARE_ORDER[sq as usize] - 100 * c.moves().count_ones() as i32
            };
            list[n] = (key, sq, c);
            n += 1;
        }
        let list = &mut list[..n];
        list.sort_unstable_by_key(|x| -x.0);
        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_sq = NO_MOVE;
        for (i, &(_, sq, c)) in list.iter().enumerate() {
            let v = self.child(eval, c, depth, alpha, beta, i == 0);
            if self.stopped {
                return 0;
            }
            if v > best {
                best = v;
                best_sq = sq as u8;
                if v > alpha {
                    alpha = v;
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        let e = &mut self.table[slot];
        if e.generation != self.generation || depth as u8 >= e.depth || e.key == key {
            *e = Entry::new(key, best, depth, alpha0, beta, best_sq, self.generation);
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plain negamax without pruning or table, same horizon and terminal values.
    fn negamax<E: MidgameEval>(eval: &E, b: Board, depth: u32) -> i32 {
        let m = b.moves();
        if m == 0 && b.opponent_moves() == 0 {
            return b.final_score() * SCALE;
        }
        if depth == 0 {
            return eval.value(b);
        }
        if m == 0 {
            return -negamax(eval, b.pass(), depth);
        }
        zerosum::Bitboard(m)
            .iter()
            .map(|sq| -negamax(eval, b.play_flips(sq, b.flips(sq)), depth - 1))
            .max()
            .expect("a move")
    }

    fn positions() -> Vec<Board> {
        let mut out = Vec::new();
        let mut x = 0x1234_5678_9ABC_DEF1u64;
        for game in 0..12 {
            let mut b = Board::START;
            for ply in 0..(8 + game * 4) {
                let m = b.moves();
                if m == 0 {
                    break;
                }
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let k = (x % m.count_ones() as u64) as usize;
                let sq = zerosum::Bitboard(m).iter().nth(k).expect("k < count");
                b = b.play_flips(sq, b.flips(sq));
                let _ = ply;
            }
            if b.moves() != 0 {
                out.push(b);
            }
        }
        out
    }

    #[test]
    fn values_equal_plain_negamax_with_both_evaluations() {
        let w = crate::eval::pattern::shipped().clone();
        for b in positions() {
            for depth in 1..=4 {
                let mut m = Midgame::new(1);
                let r = m.search(&w, b, depth, &Budget::unlimited(), &mut |_| {});
                assert_eq!(
                    r.score,
                    Score::heuristic(negamax(&w, b, depth)),
                    "{b:?} {depth}"
                );
                let mut m = Midgame::new(1);
                let r = m.search(&Strong, b, depth, &Budget::unlimited(), &mut |_| {});
                assert_eq!(
                    r.score,
                    Score::heuristic(negamax(&Strong, b, depth)),
                    "{b:?} {depth}"
                );
                // The best move reaches the value.
                let sq = r
                    .best_move
                    .and_then(Move::to_square)
                    .expect("a move")
                    .index() as u32;
                let child = b.play_flips(sq, b.flips(sq));
                assert_eq!(
                    r.score,
                    Score::heuristic(-negamax(&Strong, child, depth - 1))
                );
            }
        }
    }

    #[test]
    fn a_reused_table_keeps_the_values() {
        let w = crate::eval::pattern::shipped().clone();
        let mut m = Midgame::new(1);
        for b in positions() {
            for depth in [3, 5] {
                let r = m.search(&w, b, depth, &Budget::unlimited(), &mut |_| {});
                assert_eq!(r.score, Score::heuristic(negamax(&w, b, depth)));
            }
        }
    }
}
