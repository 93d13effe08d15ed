//! The engine search: iterative deepening over principal-variation search with a
//! transposition table, killer moves and a history table.

use super::{Limits, TranspositionTable};
use crate::time::Budget;
use crate::{Bound, Evaluator, Game, MAX_PLY, MoveList, Score};
use std::time::Duration;

/// Counters of one search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Positions visited (calls of the node search, the root included).
    pub nodes: u64,
    /// Positions scored by the evaluator at the horizon.
    pub evaluations: u64,
    /// Horizon nodes met, counting those behind transposition-table cut-offs: zero for a
    /// depth means that depth searched every line to the end of the game.
    pub horizon_nodes: u64,
    /// Transposition-table probes that found the position.
    pub tt_hits: u64,
    /// Probes whose stored bound ended the node at once.
    pub tt_cutoffs: u64,
    /// Wall-clock time of the search.
    pub elapsed: Duration,
}

impl SearchStats {
    /// Nodes per second over the search so far (0 before a millisecond has passed).
    pub fn nodes_per_second(&self) -> u64 {
        let secs = self.elapsed.as_secs_f64();
        if secs < 1e-3 {
            0
        } else {
            (self.nodes as f64 / secs) as u64
        }
    }
}

/// What the search knows after a finished depth: passed to the report callback. A report
/// can also be of a depth its limit cut (Othello's midgame search reports the cut one;
/// a `perfect` level's hand-over from a solve reports the move's result once more, cut
/// depth included): then `bound` says which bound `score` is.
#[derive(Clone, Debug, PartialEq)]
pub struct Report<M> {
    /// The depth just finished (or cut: see `bound`), in plies.
    pub depth: u32,
    /// The root score for the side to move.
    pub score: Score,
    /// [`Bound::Exact`] when `score` is the depth's value (the depth finished);
    /// [`Bound::Lower`] or [`Bound::Upper`] when the limit cut the depth and `score` is
    /// only a bound on the move played (a library user's report: a cut depth was
    /// reported as if it had finished).
    pub bound: Bound,
    /// The principal variation, best move first.
    pub pv: Vec<M>,
    /// Nodes visited so far in this search (all depths).
    pub nodes: u64,
    /// Time since the search started.
    pub elapsed: Duration,
    /// Nodes per second so far.
    pub nodes_per_second: u64,
    /// True when `score` is the exact game-theoretic value (every line was searched to
    /// the end of the game, or an exact solver found it), in the game's exact unit.
    pub exact: bool,
}

impl<M: Clone> Report<M> {
    /// This report counted with the work done before its search began: `nodes` more
    /// nodes (an exact solve that gave up and handed over to this search, say) and
    /// `elapsed` as the whole time so far; the rate is recomputed over both. A front end
    /// that shows the reports of such a move then sees its count rise throughout.
    pub fn after_prior_work(&self, nodes: u64, elapsed: Duration) -> Report<M> {
        let stats = SearchStats {
            nodes: self.nodes + nodes,
            elapsed,
            ..SearchStats::default()
        };
        Report {
            nodes: stats.nodes,
            elapsed,
            nodes_per_second: stats.nodes_per_second(),
            ..self.clone()
        }
    }
}

/// A root move with the score the last finished (or usable partial) depth gave it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RootMove<M> {
    /// The move.
    pub mv: M,
    /// Its score for the side to move at the root.
    pub score: Score,
    /// `Exact` for the best move (and every move in analysis mode); `Upper` for moves
    /// only proven no better than the best.
    pub bound: Bound,
}

/// The outcome of [`Searcher::search`].
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult<M> {
    /// The move to play; `None` only when the game is already over.
    pub best_move: Option<M>,
    /// The root score for the side to move.
    pub score: Score,
    /// How `score` relates to the true value at `depth`.
    pub bound: Bound,
    /// The deepest depth whose result is used, in plies.
    pub depth: u32,
    /// The principal variation, best move first.
    pub pv: Vec<M>,
    /// The root moves the search valued, best first: every legal move for a full-width
    /// search; the candidates it searched for one that prunes at the root (Gomoku's);
    /// only the move played when an exact solver chose it (tic-tac-toe's and Othello's
    /// perfect levels, for instance: the other moves' values were never found; their
    /// `Engine::move_values` gives every move's); none when no iteration ran (a level
    /// that chooses its move without a search, or a limit that ended the search before
    /// its first iteration).
    pub root_moves: Vec<RootMove<M>>,
    /// Counters of the whole search.
    pub stats: SearchStats,
    /// True when `score` is the exact game-theoretic value (see [`Report::exact`]).
    pub exact: bool,
}

impl<M: Copy> SearchResult<M> {
    /// The result of an exact solver: `mv` with its exact `score` (the only root move
    /// given), `depth` the plies to the end that were searched; a win or loss reports
    /// the plies to its end when fewer (a win in 1 is depth 1, not the board's empty
    /// cells).
    pub fn solved(mv: M, score: Score, depth: u32, nodes: u64, elapsed: Duration) -> Self {
        SearchResult {
            best_move: Some(mv),
            score,
            bound: Bound::Exact,
            depth: score.plies_to_end().map_or(depth, |n| n.min(depth)),
            pv: vec![mv],
            root_moves: vec![RootMove {
                mv,
                score,
                bound: Bound::Exact,
            }],
            stats: SearchStats {
                nodes,
                elapsed,
                ..SearchStats::default()
            },
            exact: true,
        }
    }

    /// This result as a report (what an engine tells its observer after a solver step).
    pub fn report(&self) -> Report<M> {
        Report {
            depth: self.depth,
            score: self.score,
            bound: self.bound,
            pv: self.pv.clone(),
            nodes: self.stats.nodes,
            elapsed: self.stats.elapsed,
            nodes_per_second: self.stats.nodes_per_second(),
            exact: self.exact,
        }
    }
}

/// A reusable search engine for one game type: owns the transposition table and the
/// ordering tables, so that successive searches (a game's moves) share what they learned.
///
/// # Algorithm
///
/// Iterative deepening from depth 1; each depth a negamax principal-variation search:
/// 1. count the node and check the limits;
/// 2. finished game → win/loss/draw score by ply; horizon → evaluator;
/// 3. probe the transposition table: a stored bound of the *same* remaining depth may end
///    the node (same depth, so the result equals fixed-depth minimax exactly); the stored
///    move is tried first;
/// 4. order the moves: table move, two killers of the ply, history score + game hint;
/// 5. first move with the full window, the rest with a null window and a re-search;
/// 6. on a cut-off update killers and history; store the result with its bound.
///
/// The iteration ends early when the root score is proven (no horizon node was reached,
/// so deeper searches cannot change it).
pub struct Searcher<G: Game> {
    tt: TranspositionTable<G::Move>,
    history: Vec<i32>,
    killers: Vec<[Option<G::Move>; 2]>,
    pv_table: Vec<Vec<G::Move>>,
    analysis: bool,
    // Per-search state.
    stats: SearchStats,
    budget: Budget,
    checks_enabled: bool,
    aborted: bool,
}

impl<G: Game> Searcher<G> {
    /// A searcher with a transposition table of at most `tt_mib` MiB.
    ///
    /// # Panics
    ///
    /// When the system refuses the table's memory (see [`Searcher::try_new`]).
    pub fn new(tt_mib: usize) -> Self {
        Self::try_new(tt_mib).unwrap_or_else(|e| panic!("{e}"))
    }

    /// [`Searcher::new`], or an error when the system refuses the table's memory.
    ///
    /// # Errors
    ///
    /// [`crate::TableAllocError`] with the table's size in bytes.
    pub fn try_new(tt_mib: usize) -> Result<Self, crate::TableAllocError> {
        Ok(Searcher {
            tt: TranspositionTable::try_new(tt_mib)?,
            history: Vec::new(),
            killers: Vec::new(),
            pv_table: Vec::new(),
            analysis: false,
            stats: SearchStats::default(),
            budget: Budget::unlimited(),
            checks_enabled: false,
            aborted: false,
        })
    }

    /// In analysis mode every root move is searched with the full window, so every
    /// [`RootMove`] score is exact (slower; for "the value of every move"). A search
    /// that its budget cuts then answers with the last iteration it finished (depth 1
    /// always finishes): every root move valued at that one depth.
    pub fn set_analysis(&mut self, on: bool) {
        self.analysis = on;
    }

    /// The transposition table.
    pub fn tt(&mut self) -> &mut TranspositionTable<G::Move> {
        &mut self.tt
    }

    /// Forgets everything learned: table, killers, history.
    pub fn clear(&mut self) {
        self.tt.clear();
        self.history.iter_mut().for_each(|h| *h = 0);
        self.killers.iter_mut().for_each(|k| *k = [None; 2]);
    }

    /// Searches `game` by iterative deepening under `limits`, calling `report` after each
    /// finished depth. `game` is left as it was (every move is undone).
    ///
    /// Depth 1 is always finished. Then a new depth starts only while
    /// [`Budget::start_iteration`] allows it (before the optimum time, under the node
    /// limit), and a depth in progress stops at the maximum time, the node limit or the
    /// stop flag (polled through [`Budget::should_stop`] every node).
    pub fn search<E: Evaluator<G>>(
        &mut self,
        game: &mut G,
        eval: &mut E,
        limits: &Limits,
        report: impl FnMut(&Report<G::Move>),
    ) -> SearchResult<G::Move> {
        self.search_within(game, eval, limits.depth, &Budget::new(limits), report)
    }

    /// [`Searcher::search`] to at most `max_depth` plies under a budget the caller made
    /// (an engine that runs several phases in one move shares one budget between them).
    /// The node limit applies to this search's own node count.
    pub fn search_within<E: Evaluator<G>>(
        &mut self,
        game: &mut G,
        eval: &mut E,
        max_depth: Option<u32>,
        budget: &Budget,
        mut report: impl FnMut(&Report<G::Move>),
    ) -> SearchResult<G::Move> {
        self.begin(game, budget.clone());
        let mut moves = MoveList::new();
        game.legal_moves(&mut moves);
        let mut result = SearchResult {
            best_move: None,
            score: game
                .outcome()
                .map_or(Score::DRAW, |o| o.score_for(game.side_to_move(), 0)),
            bound: Bound::Exact,
            depth: 0,
            pv: Vec::new(),
            root_moves: Vec::new(),
            stats: SearchStats::default(),
            exact: true,
        };
        if game.outcome().is_some() || moves.is_empty() {
            result.stats = self.finish();
            return result;
        }
        let mut root: Vec<RootMove<G::Move>> = moves
            .iter()
            .map(|&mv| RootMove {
                mv,
                score: -Score::INFINITE,
                bound: Bound::Upper,
            })
            .collect();
        let max_depth = max_depth.unwrap_or(MAX_PLY - 1).clamp(1, MAX_PLY - 1);
        for depth in 1..=max_depth {
            self.checks_enabled = depth > 1;
            let horizon_before = self.stats.horizon_nodes;
            let (completed, first_done) = self.search_root(game, eval, depth, &mut root);
            // A cut iteration's best move stands when its first move was searched in
            // full. In analysis mode every root move's value must come from one depth,
            // so a cut iteration is dropped whole: the result is the last finished one.
            if !completed && (!first_done || self.analysis) {
                break;
            }
            result.best_move = Some(root[0].mv);
            result.score = root[0].score;
            result.bound = if completed {
                Bound::Exact
            } else {
                Bound::Lower
            };
            result.depth = depth;
            result.pv = self.pv_table.first().cloned().unwrap_or_default();
            if result.pv.first() != Some(&root[0].mv) {
                result.pv = vec![root[0].mv];
            }
            result.root_moves = root.clone();
            result.exact = false;
            if !completed {
                break;
            }
            // Deeper searches cannot change the value once no line met the horizon, nor
            // once a win or loss within this depth is proven.
            // In analysis mode every root move's score must be final, not only the best.
            let decided = |s: Score| s.plies_to_end().is_some_and(|n| n <= depth);
            let whole_tree = self.stats.horizon_nodes == horizon_before;
            let proven = whole_tree
                || if self.analysis {
                    root.iter().all(|rm| decided(rm.score))
                } else {
                    decided(result.score)
                };
            result.exact = whole_tree || (!self.analysis && decided(result.score));
            let elapsed = self.budget.elapsed();
            self.stats.elapsed = elapsed;
            report(&Report {
                depth,
                score: result.score,
                // Only finished iterations get here.
                bound: Bound::Exact,
                pv: result.pv.clone(),
                nodes: self.stats.nodes,
                elapsed,
                nodes_per_second: self.stats.nodes_per_second(),
                exact: result.exact,
            });
            if proven || !self.budget.start_iteration(self.stats.nodes) {
                break;
            }
        }
        result.stats = self.finish();
        result
    }

    /// A fixed-depth principal-variation search with the table and ordering, in the
    /// window `(alpha, beta)`; returns the fail-soft value for the side to move (exact
    /// inside the window). No limits apply. For tests and for callers that drive their
    /// own deepening.
    pub fn search_depth<E: Evaluator<G>>(
        &mut self,
        game: &mut G,
        eval: &mut E,
        depth: u32,
        alpha: Score,
        beta: Score,
    ) -> Score {
        self.begin(game, Budget::unlimited());
        let v = self.negamax(game, eval, depth.min(MAX_PLY - 1), 0, alpha, beta);
        self.finish();
        v
    }

    /// Counters of the last search.
    pub fn stats(&self) -> SearchStats {
        self.stats
    }

    fn begin(&mut self, game: &G, budget: Budget) {
        self.tt.new_search();
        self.stats = SearchStats::default();
        self.budget = budget;
        self.checks_enabled = false;
        self.aborted = false;
        let n = game.move_index_count();
        if self.history.len() != n {
            self.history = vec![0; n];
        } else {
            // Age the history so old games do not dominate.
            self.history.iter_mut().for_each(|h| *h /= 8);
        }
    }

    fn finish(&mut self) -> SearchStats {
        self.stats.elapsed = self.budget.elapsed();
        self.stats
    }

    /// Polls the budget (from depth 2 on: depth 1 always finishes so there is a move).
    #[inline]
    fn should_abort(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        if self.checks_enabled && self.budget.should_stop(self.stats.nodes) {
            self.aborted = true;
        }
        self.aborted
    }

    /// Searches every root move at `depth` and reorders `root` best first. Returns
    /// (completed, first move completed). After an interrupted depth whose first move
    /// was searched, the moves searched at this depth lead (best first) and the others
    /// follow with their older scores as upper bounds.
    fn search_root<E: Evaluator<G>>(
        &mut self,
        game: &mut G,
        eval: &mut E,
        depth: u32,
        root: &mut [RootMove<G::Move>],
    ) -> (bool, bool) {
        self.stats.nodes += 1;
        self.ensure_ply(0);
        let beta = Score::INFINITE;
        let mut alpha = -Score::INFINITE;
        let mut best = -Score::INFINITE;
        let mut searched = 0;
        #[allow(clippy::needless_range_loop)] // `i` also decides the window
        for i in 0..root.len() {
            let mv = root[i].mv;
            let child = depth - u32::from(game.costs_depth(mv));
            game.play(mv);
            let v = if i == 0 || self.analysis {
                -self.negamax(game, eval, child, 1, -beta, -alpha)
            } else {
                let probe = -self.negamax(game, eval, child, 1, -alpha - 1, -alpha);
                if probe > alpha && !self.aborted {
                    -self.negamax(game, eval, child, 1, -beta, -alpha)
                } else {
                    probe
                }
            };
            game.undo();
            if self.aborted {
                break;
            }
            let exact = self.analysis || i == 0 || v > alpha;
            root[i].score = v;
            root[i].bound = if exact { Bound::Exact } else { Bound::Upper };
            if i == 0 || v > best {
                best = v;
                self.update_pv(0, mv);
            }
            if !self.analysis {
                alpha = alpha.max(v);
            }
            searched = i + 1;
        }
        let completed = !self.aborted;
        if searched > 0 {
            // Stable: ties keep the previous order, so the previous best stays first.
            root[..searched].sort_by_key(|rm| std::cmp::Reverse(rm.score));
            for rm in &mut root[searched..] {
                rm.bound = Bound::Upper;
            }
        }
        (completed, searched > 0)
    }

    fn ensure_ply(&mut self, ply: usize) {
        while self.killers.len() <= ply + 1 {
            self.killers.push([None; 2]);
        }
        while self.pv_table.len() <= ply + 1 {
            self.pv_table.push(Vec::new());
        }
    }

    fn update_pv(&mut self, ply: usize, mv: G::Move) {
        let (head, tail) = self.pv_table.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(mv);
        line.extend_from_slice(&tail[0]);
    }

    fn negamax<E: Evaluator<G>>(
        &mut self,
        game: &mut G,
        eval: &mut E,
        depth: u32,
        ply: u32,
        mut alpha: Score,
        beta: Score,
    ) -> Score {
        // Step 1: count, check the limits.
        self.stats.nodes += 1;
        let p = ply as usize;
        self.ensure_ply(p);
        self.pv_table[p].clear();
        if self.should_abort() {
            return Score::DRAW;
        }
        // Step 2: finished game, horizon.
        if let Some(outcome) = game.outcome() {
            return outcome.score_for(game.side_to_move(), ply);
        }
        if depth == 0 || ply >= MAX_PLY - 1 {
            self.stats.evaluations += 1;
            self.stats.horizon_nodes += 1;
            return eval.evaluate(game);
        }
        // Step 3: transposition table.
        let key = game.hash();
        let mut tt_move = None;
        if let Some(entry) = self.tt.probe(key) {
            self.stats.tt_hits += 1;
            tt_move = entry.mv;
            if entry.depth as u32 == depth {
                let s = entry.score.from_tt(ply);
                let cut = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                };
                if cut {
                    self.stats.tt_cutoffs += 1;
                    self.stats.horizon_nodes += u64::from(entry.horizon);
                    return s;
                }
            }
        }
        // Step 4: move ordering.
        let mut moves = MoveList::new();
        game.legal_moves(&mut moves);
        let killers = self.killers[p];
        let mut keyed: smallvec::SmallVec<[(i32, G::Move); 64]> = moves
            .iter()
            .map(|&mv| {
                let key = if Some(mv) == tt_move {
                    i32::MAX
                } else if Some(mv) == killers[0] {
                    i32::MAX - 1
                } else if Some(mv) == killers[1] {
                    i32::MAX - 2
                } else {
                    let h = self.history.get(game.move_index(mv)).copied().unwrap_or(0);
                    h.saturating_add(game.move_order_hint(mv)).min(i32::MAX - 3)
                };
                (key, mv)
            })
            .collect();
        keyed.sort_by_key(|k| std::cmp::Reverse(k.0));
        // Step 5: principal-variation search over the moves.
        let alpha_orig = alpha;
        let horizon_before = self.stats.horizon_nodes;
        let mut best = -Score::INFINITE;
        let mut best_move = None;
        for (i, &(_, mv)) in keyed.iter().enumerate() {
            let child = depth - u32::from(game.costs_depth(mv));
            game.play(mv);
            let v = if i == 0 {
                -self.negamax(game, eval, child, ply + 1, -beta, -alpha)
            } else {
                let probe = -self.negamax(game, eval, child, ply + 1, -alpha - 1, -alpha);
                if probe > alpha && probe < beta && !self.aborted {
                    -self.negamax(game, eval, child, ply + 1, -beta, -alpha)
                } else {
                    probe
                }
            };
            game.undo();
            if self.aborted {
                return Score::DRAW;
            }
            if v > best {
                best = v;
                best_move = Some(mv);
                if v > alpha {
                    alpha = v;
                    self.update_pv(p, mv);
                    if alpha >= beta {
                        // Step 6: a cut-off teaches the killers and the history.
                        if Some(mv) != tt_move && self.killers[p][0] != Some(mv) {
                            self.killers[p][1] = self.killers[p][0];
                            self.killers[p][0] = Some(mv);
                        }
                        if let Some(h) = self.history.get_mut(game.move_index(mv)) {
                            *h = h.saturating_add((depth * depth) as i32).min(1 << 24);
                        }
                        break;
                    }
                }
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha_orig {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let horizon = self.stats.horizon_nodes != horizon_before;
        self.tt
            .store_with_horizon(key, best.to_tt(ply), depth, bound, best_move, horizon);
        best
    }
}
