//! The root: a dead draw, a win at once, a loss the rules prove (two winning cells of the
//! opponent's), the root VCF and VCT, the defence against the opponent's threats, a
//! single move (the position after it searched as a root), then iterative deepening over
//! the root moves.

use super::negamax::is_calm;
use super::{Candidate, Engine, KILLER_PLIES, MAX_DEPTH, SearchInfo, TreeStats};
use crate::board::Board;
use crate::cell::Cell;
use crate::pattern::Pattern;
use crate::vct::{VctProof, VctSolver};
use std::time::Duration;
use zerosum::search::{Limits, Report};
use zerosum::time::Budget;
use zerosum::{Bound, Game, Outcome, Score};

/// Most attacker threats of the root VCT searches.
const VCT_DEPTH: u32 = 10;

/// Most VCF nodes that carry a VCT proof's main line on to the five
/// ([`Engine::finish_vct_line`]): the attacker is left an open three or a four, a VCF of
/// a few plies.
const LINE_VCF_NODES: u64 = 2_000;

/// Most nodes the search of the position after a single root candidate may visit under
/// a game clock (see `Engine::single_reply_search`): the move is played whatever that
/// search finds, which only values it, and the time it does not use is kept for the
/// later moves; 10,000 nodes take a few milliseconds and reach about 8 plies (see
/// FIGURES.md).
const SINGLE_REPLY_NODES: u64 = 10_000;
/// The part of the time left that the search after a single root candidate may use
/// under a game clock (a bound for slow nodes; [`SINGLE_REPLY_NODES`] usually stops it
/// first).
const SINGLE_REPLY_TIME: f64 = 1.0 / 16.0;
impl Engine {
    /// The root defence's threat test: the plies in which the side to move of `b` wins
    /// by VCF or else by VCT, and the line (the VCF, or the VCT proof's main line), on a
    /// quarter of `vcf_budget` VCF nodes (none when it is 0), half of `vct_budget` VCT
    /// nodes and a sixth of the time; `None` when neither is found.
    fn opponent_threat(
        &mut self,
        b: &mut Board,
        vcf_budget: u64,
        vct_budget: u64,
    ) -> Option<(u32, Vec<Cell>)> {
        if vcf_budget > 0 && self.room() > 0 {
            let limit = (vcf_budget / 4 + 1).min(self.room() - 1);
            let line = self.vcf.solve_within(b, 40, limit, &self.budget);
            self.nodes += self.vcf.nodes;
            if let Some(line) = line {
                return Some((line.len() as u32, line));
            }
        }
        let limit = (vct_budget / 2).min(self.vct_room());
        if limit == 0 {
            return None;
        }
        let time = self.budget.share(1.0 / 6.0, None);
        self.prove_vct(b, limit, &time)
            .map(|p| (p.plies(b), p.main_line()))
    }

    /// The root VCT solver's proof for the side to move of `b` within `limit` nodes (its
    /// deepening's; all its stages together stay within what the node limit leaves,
    /// [`Engine::vct_room`]) and the core time `time`, its nodes counted in the search's.
    fn prove_vct(&mut self, b: &mut Board, limit: u64, time: &Budget) -> Option<VctProof> {
        self.vct.max_nodes = self.vct_room();
        let proof = self.vct.prove_within(b, VCT_DEPTH, limit, time);
        self.nodes += self.vct.nodes;
        proof
    }

    /// A VCT proof's main line (`line`, the attacker the side to move of `board`)
    /// carried on to the five. The main line stops where no reply of the defender's
    /// needed listing: after a double three, or a threat that leaves two winning cells.
    /// There the defender's reply is a block of a winning cell if the attacker has one,
    /// else its first candidate ([`Engine::candidate_moves_by`]) that makes no four of
    /// its own, and the attacker's VCF follows, on at most [`LINE_VCF_NODES`] nodes
    /// (counted in the search's). Where no VCF is found the line stays as it was.
    fn finish_vct_line(&mut self, board: &Board, mut line: Vec<Cell>) -> Vec<Cell> {
        let attacker = board.side_to_move();
        let mut b = board.clone();
        for &c in &line {
            b.play_unchecked(c);
        }
        if b.outcome().is_some() {
            return line;
        }
        let mut reply = None;
        if b.side_to_move() != attacker {
            let defender = !attacker;
            let block = b.winning_cells(attacker).into_iter().next();
            let choice = block.map(|i| b.cell_of(i)).or_else(|| {
                let mut moves = Vec::new();
                Self::candidate_moves_by(&b, usize::MAX, &mut moves, self.order());
                let quiet = moves.iter().find(|m| !b.makes_four(b.index(m.1), defender));
                quiet.or(moves.first()).map(|m| m.1)
            });
            match choice {
                Some(c) if b.is_legal(c) => {
                    b.play_unchecked(c);
                    reply = Some(c);
                }
                _ => return line,
            }
        }
        let limit = LINE_VCF_NODES.min(self.room().saturating_sub(1));
        if limit == 0 {
            return line;
        }
        let vcf = self.vcf.solve_within(&mut b, 40, limit, &self.budget);
        self.nodes += self.vcf.nodes;
        if let Some(vcf) = vcf {
            line.extend(reply);
            line.extend(vcf);
        }
        line
    }

    fn pv_from_tt(&self, board: &Board, first: Cell, max: usize) -> Vec<Cell> {
        let mut b = board.clone();
        let mut pv = vec![first];
        b.play_unchecked(first);
        while pv.len() < max && b.outcome().is_none() {
            match self.tt.probe(b.hash()).and_then(|e| e.mv) {
                Some(m) if b.is_legal(m) => {
                    pv.push(m);
                    b.play_unchecked(m);
                }
                _ => break,
            }
        }
        pv
    }

    /// Searches `board` under `limits` (depth in plies, nodes, time, stop flag) and returns
    /// the move to play with its score, principal variation and root candidates. Time and
    /// the stop flag come from one core [`Budget`](zerosum::time::Budget), polled at every search node and every
    /// 8 VCF nodes (the root VCT gets an eighth of it), so the search returns shortly
    /// after its maximum; `elapsed` is the budget's own clock. With only a node limit the
    /// result is reproducible.
    pub fn search(&mut self, board: &Board, limits: &Limits) -> SearchInfo {
        self.search_observed(board, limits, &mut |_| {})
    }

    /// [`Engine::search`], calling `observer` after each finished iteration. Time comes
    /// from the core [`Budget`](zerosum::time::Budget): no iteration starts after its optimum, and the searches
    /// stop at its maximum.
    pub fn search_observed(
        &mut self,
        board: &Board,
        limits: &Limits,
        observer: &mut zerosum::Observer<'_, Cell>,
    ) -> SearchInfo {
        if self.root_vct_lambda != self.vct_staged {
            // The option changed since the last search: the solver it asks for.
            self.vct = if self.root_vct_lambda {
                crate::suite::suite_vct_solver()
            } else {
                VctSolver::new()
            };
            self.vct_staged = self.root_vct_lambda;
        }
        self.budget = self.budget_for(limits);
        self.game_clock = limits.clock.is_some();
        self.stall = Duration::ZERO;
        self.nodes = 0;
        self.aborted = false;
        self.node_limit = limits.nodes.unwrap_or(u64::MAX);
        self.tt.new_search();
        self.killers = [[None; 2]; KILLER_PLIES];
        self.stats = TreeStats::default();
        self.history_table.iter_mut().for_each(|h| *h /= 2);
        // A depth of 0 is searched as 1, as every game's search reads it.
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let info = self.search_root(board.clone(), max_depth, observer);
        self.lag = self.stall.max(self.lag * 7 / 8);
        info
    }

    /// The search of the position `b` after a single root candidate, as a root of at
    /// most `max_depth` plies. Under a game clock it gets at most [`SINGLE_REPLY_NODES`]
    /// nodes (less when the node limit leaves less) and [`SINGLE_REPLY_TIME`] of the
    /// time left, so that the one move is answered at once and the time saved goes to
    /// the later moves (the centre of an empty board, say). Under a time per move, a node
    /// limit or a bare depth it gets the rest of the budget, as a chess engine does under
    /// a fixed move time: time a move does not use is lost, and this search fills the
    /// transposition table for the next move (answering at once under the node limit
    /// scored 80.5 against 84.5 of 240 ladder games, −4 ± 2.3 paired; see FIGURES.md).
    fn single_reply_search(&mut self, b: &Board, max_depth: u32) -> SearchInfo {
        let (limit, budget) = (self.node_limit, self.budget.clone());
        if self.game_clock {
            self.node_limit = limit.min(self.nodes.saturating_add(SINGLE_REPLY_NODES));
            self.budget = budget.share(SINGLE_REPLY_TIME, None);
        }
        let reply = self.search_root(b.clone(), max_depth, &mut |_| {});
        (self.node_limit, self.budget) = (limit, budget);
        reply
    }

    /// The root's steps for `b` within the search's budget and node limit (the nodes
    /// counted on from the engine's count): the game's end, a dead draw, a win at once,
    /// a loss the rules prove, the root VCF and VCT, the defence against the opponent's threats, a single move,
    /// then iterative deepening to at most `max_depth` plies.
    fn search_root(
        &mut self,
        mut b: Board,
        max_depth: u32,
        observer: &mut zerosum::Observer<'_, Cell>,
    ) -> SearchInfo {
        let mut info = SearchInfo {
            best: None,
            score: Score::DRAW,
            bound: Bound::Exact,
            depth: 0,
            nodes: 0,
            pv: Vec::new(),
            candidates: Vec::new(),
            vcf: None,
            elapsed: Duration::ZERO,
            exact: false,
        };
        match b.outcome() {
            // The game is won (0 plies from now): by the previous move, so the side to
            // move has lost, or in a set-up position by either side (a library user's
            // report: `[black a1 b1 c1 d1 e1; …; black to move]` was a loss for black).
            Some(Outcome::Win(winner)) => {
                info.score = if winner == b.side_to_move() {
                    Score::win_in(0)
                } else {
                    Score::loss_in(0)
                };
                info.exact = true;
                return info;
            }
            Some(Outcome::Draw) => {
                info.exact = true;
                return info;
            }
            None => {}
        }
        let me = b.side_to_move();
        let mut moves = Vec::new();
        Self::candidate_moves_by(&b, usize::MAX, &mut moves, self.order());
        // A dead draw: no five left for either side, whatever is played.
        if !b.five_possible(me) && !b.five_possible(!me) {
            let cell = moves.first().map(|&(_, c)| c).or_else(|| {
                (0..b.cell_count())
                    .find(|&i| b.raw(i) == 0)
                    .map(|i| b.cell_of(i))
            });
            info.best = cell;
            info.exact = true;
            info.pv = cell.into_iter().collect();
            info.candidates = moves
                .iter()
                .map(|&(_, c)| Candidate {
                    cell: c,
                    score: Score::DRAW,
                    bound: Bound::Exact,
                })
                .collect();
            info.elapsed = self.budget.elapsed();
            return info;
        }
        // Root step 1: a win at once or a VCF.
        if let Some(w) = (0..b.cell_count()).find(|&i| b.is_winning_cell(i, me)) {
            let c = b.cell_of(w);
            info.best = Some(c);
            info.score = Score::win_in(1);
            info.exact = true;
            info.pv = vec![c];
            info.candidates = vec![Candidate {
                cell: c,
                score: info.score,
                bound: Bound::Exact,
            }];
            info.elapsed = self.budget.elapsed();
            return info;
        }
        // Root step 1a: a loss the rules prove. The opponent has two or more cells that
        // make its five (under renju a black cell that would make an overline is no such
        // cell, nor is an overline cell under the exactly-five rule: `is_winning_cell`
        // reads the rule's fives) and we have none: our one stone can take at most one
        // of them, and a four of ours forces nothing, since the opponent answers it with
        // its five (a four on one of its cells still leaves it another); a stone cannot
        // lengthen the opponent's rows into overlines. So every move loses in 2 plies.
        // The move played blocks one of those cells (the first by ordering value, if we
        // may play one); every candidate is listed with the same proven loss.
        let threats: Vec<usize> = b.winning_cells(!me);
        if threats.len() >= 2 {
            // Against a four the candidates are exactly the blocks we may play, so the
            // first one blocks; renju's black may have none (its blocks forbidden).
            let block = moves
                .first()
                .map(|&(_, c)| c)
                .or_else(|| {
                    threats
                        .iter()
                        .map(|&i| b.cell_of(i))
                        .find(|&c| b.is_legal(c))
                })
                .or_else(|| {
                    (0..b.cell_count())
                        .map(|i| b.cell_of(i))
                        .find(|&c| b.is_legal(c))
                });
            if let Some(c) = block {
                let i = b.index(c);
                let five = threats.iter().find(|&&t| t != i).map(|&t| b.cell_of(t));
                info.best = Some(c);
                info.score = Score::loss_in(2);
                info.exact = true;
                info.depth = 0;
                info.pv = std::iter::once(c).chain(five).collect();
                // Every candidate loses alike: the move played first, then the others.
                info.candidates = std::iter::once(c)
                    .chain(moves.iter().map(|&(_, m)| m).filter(|&m| m != c))
                    .map(|cell| Candidate {
                        cell,
                        score: info.score,
                        bound: Bound::Exact,
                    })
                    .collect();
                info.nodes = self.nodes;
                info.elapsed = self.budget.elapsed();
                return info;
            }
        }
        // Under a node limit the root solvers get parts of what is left of it (an eighth
        // for the VCF, an eighth for the VCT, less for the defence), and the tree search
        // the rest (all of the limit at the top; the nodes left to the search after a
        // single candidate when that is searched as a root).
        let room = self.room();
        let part = |want: u64, share: u64| want.min(room / share);
        let vcf_budget = part(self.root_vcf_nodes, 8);
        if vcf_budget > 0
            && let Some(line) = self
                .vcf
                .solve_within(&mut b, 40, vcf_budget - 1, &self.budget)
        {
            self.nodes += self.vcf.nodes;
            info.best = Some(line[0]);
            info.score = Score::win_in(line.len() as u32);
            info.exact = true;
            info.pv = line.clone();
            info.candidates = vec![Candidate {
                cell: line[0],
                score: info.score,
                bound: Bound::Exact,
            }];
            info.vcf = Some(line);
            info.nodes = self.nodes;
            info.elapsed = self.budget.elapsed();
            return info;
        }
        if vcf_budget > 0 {
            self.nodes += self.vcf.nodes;
        }
        // Root step 1b: a VCT (threes and fours) on its own budget: at most its share of
        // the time (and of a node limit).
        let share = self.root_vct_share.max(1);
        let vct_budget = part(self.root_vct_nodes, share);
        if vct_budget.min(self.vct_room()) > 0 {
            let budget = vct_budget.min(self.vct_room());
            let vct_time = self.budget.share(1.0 / share as f64, None);
            if let Some(proof) = self.prove_vct(&mut b, budget, &vct_time) {
                info.best = Some(proof.first_move());
                // The plies the proof guarantees, not its main line's length: the line
                // stops where no defence needed an answer (e.g. after a double three).
                info.score = Score::win_in(proof.plies(&mut b));
                info.exact = true;
                info.pv = self.finish_vct_line(&b, proof.main_line());
                info.candidates = vec![Candidate {
                    cell: info.pv[0],
                    score: info.score,
                    bound: Bound::Exact,
                }];
                info.nodes = self.nodes;
                info.elapsed = self.budget.elapsed();
                return info;
            }
        }
        // Root step 2: if the opponent, moving now, would win by VCF or VCT, keep only the
        // moves after which it no longer does (tested on a smaller budget, until half the
        // time is gone), and our fours.
        if moves.len() > 1 && b.pattern_count(!me, Pattern::Five) == 0 {
            b.set_side_to_move(!me);
            let threat = self.opponent_threat(&mut b, vcf_budget, vct_budget);
            b.set_side_to_move(me);
            if threat.is_some() {
                // The best candidates by ordering value (defences of a threat rank high:
                // they take the opponent's best cells).
                let mut order = moves.clone();
                order.truncate(self.width() * 2);
                let half = self.budget.share(0.5, None);
                let mut safe = Vec::new();
                let mut unchecked = Vec::new();
                // The candidates' small tests run the deepening alone.
                let stages = (self.vct.tss_nodes, self.vct.dfpn_nodes);
                (self.vct.tss_nodes, self.vct.dfpn_nodes) = (0, 0);
                for &(v, c) in &order {
                    if half.poll() || self.room() < 2 {
                        unchecked.push((v, c));
                        continue;
                    }
                    let i = b.index(c);
                    let my_four = b.makes_four(i, me);
                    b.play_unchecked(c);
                    let refuted = my_four || b.outcome().is_some() || {
                        let limit = (vcf_budget / 8 + 1).min(self.room() - 1);
                        let vcf = self.vcf.solve_within(&mut b, 40, limit, &half);
                        self.nodes += self.vcf.nodes;
                        vcf.is_none()
                            && (vct_budget == 0 || self.vct_room() == 0 || {
                                let limit = (vct_budget / 32 + 1).min(self.vct_room());
                                self.prove_vct(&mut b, limit, &half).is_none()
                            })
                    };
                    b.try_undo();
                    if refuted {
                        safe.push((v, c));
                    }
                }
                (self.vct.tss_nodes, self.vct.dfpn_nodes) = stages;
                if safe.iter().any(|m| !b.makes_four(b.index(m.1), me)) {
                    safe.extend(unchecked.into_iter().take(self.width()));
                    moves = safe;
                }
            }
        }
        if moves.is_empty() {
            // Renju: black may not block a four (or has no allowed cell near the stones):
            // any allowed cell, nearest the stones first.
            let allowed = |i: usize| b.is_legal(b.cell_of(i));
            let pick = (0..b.cell_count())
                .find(|&i| b.near(i) > 0 && allowed(i))
                .or_else(|| (0..b.cell_count()).find(|&i| allowed(i)));
            match pick {
                Some(i) => moves.push((0, b.cell_of(i))),
                None => {
                    info.elapsed = self.budget.elapsed();
                    info.exact = true;
                    return info;
                }
            }
        }
        let root_width = if self.root_max_moves > 0 {
            self.root_max_moves.min(usize::MAX / 2)
        } else {
            self.width() * 2
        };
        if moves.len() > root_width {
            moves.truncate(root_width);
        }
        let scores: Vec<(Cell, Score, Bound)> = moves
            .iter()
            .map(|&(_, c)| (c, Score::DRAW, Bound::Upper))
            .collect();
        info.best = Some(scores[0].0);
        info.candidates = scores
            .iter()
            .map(|&(cell, score, bound)| Candidate { cell, score, bound })
            .collect();
        if moves.len() == 1 {
            // One move (a forced block, renju's only allowed cell, the centre of the empty
            // board, the last cell, or the only move the root defence kept): its value is
            // exact when it ends the game or cannot stop the opponent's five (renju: the
            // block is forbidden; or a second four); it is a loss when it leaves the
            // opponent a VCF or VCT (tested as the root defence tests, on the same
            // budgets), proven only when the move was forced by the opponent's four (the
            // root defence tests only the best candidates: a move it did not test may
            // hold); otherwise the position after it is searched as a root (its own
            // solvers and defence, then iterations), on a small part of the budget under
            // a game clock, else on the rest of it (`single_reply_search`), and its value
            // is the move's, a ply further (the static evaluation at depth 1).
            let forced = b.pattern_count(!me, Pattern::Five) > 0;
            let c = scores[0].0;
            b.play_unchecked(c);
            info.depth = 1;
            (info.score, info.exact) = match b.outcome() {
                Some(Outcome::Win(_)) => (Score::win_in(1), true),
                Some(Outcome::Draw) => (Score::DRAW, true),
                None if b.pattern_count(!me, Pattern::Five) > 0 => {
                    // The opponent's five ends the line.
                    let five = b.winning_cells(!me).into_iter().next();
                    info.pv.extend(five.map(|i| b.cell_of(i)));
                    (Score::loss_in(2), true)
                }
                None => match self.opponent_threat(&mut b, vcf_budget, vct_budget) {
                    Some((plies, line)) => {
                        let line = self.finish_vct_line(&b, line);
                        info.pv.extend(line);
                        (Score::loss_in(1 + plies), forced)
                    }
                    None => {
                        let reply = (max_depth > 1)
                            .then(|| self.single_reply_search(&b, max_depth - 1))
                            // A reply search that found nothing in its budget says nothing.
                            .filter(|r| r.depth > 0 || r.exact);
                        match reply {
                            Some(reply) => {
                                info.pv.extend(reply.pv);
                                info.depth = reply.depth + 1;
                                // The reply's bound, seen from the other side.
                                info.bound = match reply.bound {
                                    Bound::Lower => Bound::Upper,
                                    Bound::Upper => Bound::Lower,
                                    Bound::Exact => Bound::Exact,
                                };
                                // The reply's score, from the other side and a ply further
                                // (a win that a cut reply search only bounds from above is
                                // no proof).
                                let score = (-reply.score).from_tt(1);
                                let exact = reply.exact
                                    && (info.bound == Bound::Exact || proven(score, info.bound));
                                (score, exact)
                            }
                            None => (-self.evaluate(&b), false),
                        }
                    }
                },
            };
            b.try_undo();
            info.pv.insert(0, c);
            info.candidates = vec![Candidate {
                cell: c,
                score: info.score,
                bound: info.bound,
            }];
            info.nodes = self.nodes;
            info.elapsed = self.budget.elapsed();
            return info;
        }
        // Root step 3: iterative deepening PVS, in the nodes the root solvers left.
        self.stats.root_solver_nodes = self.nodes;
        self.last_poll = self.budget.elapsed();
        if self.reads_static_values() {
            // The root's static value, for the options that compare a node with the one
            // two plies up (none when facing a four or an open three: the root has no parent).
            let calm = is_calm(&b);
            self.record_static_value(&b, 0, calm);
        }
        let helpers = self.search_threads() - 1;
        if helpers == 0 {
            self.deepen(&mut b, scores, max_depth, 0, &mut info, observer);
            return info;
        }
        // Lazy SMP: helper threads search the same root, each on its own copy of the
        // engine's state and all on the one transposition table, until this thread's
        // search ends; the table carries their work to it. A helper that finished a
        // deeper iteration and values its move higher gives the answer instead
        // (Stockfish's choice of the best thread before its vote, 2015–2018: the
        // depths compared are finished ones).
        let stop = zerosum::search::StopFlag::new();
        let results = std::thread::scope(|scope| {
            let handles: Vec<_> = (1..=helpers)
                .map(|index| {
                    let mut helper = self.clone();
                    helper.budget = self
                        .budget
                        .clone()
                        .with_stop(stop.clone())
                        .without_progress();
                    helper.threads = 1;
                    // Its own count: the root solvers' nodes are this thread's.
                    helper.nodes = 0;
                    let (mut b, scores) = (b.clone(), scores.clone());
                    let mut info = info.clone();
                    scope.spawn(move || {
                        let done =
                            helper.deepen(&mut b, scores, max_depth, index, &mut info, &mut |_| {});
                        (info, done)
                    })
                })
                .collect();
            let done = self.deepen(&mut b, scores, max_depth, 0, &mut info, observer);
            stop.stop();
            let helpers: Vec<(SearchInfo, u32)> = handles
                .into_iter()
                .map(|h| h.join().expect("a helper thread of the search panicked"))
                .collect();
            (done, helpers)
        });
        let (mut done, helpers) = results;
        let (mut nodes, elapsed) = (info.nodes, info.elapsed);
        for (helper, helper_done) in helpers {
            nodes += helper.nodes;
            if helper.best.is_some() && helper_done > done && helper.score > info.score {
                info = helper;
                done = helper_done;
            }
        }
        (info.nodes, info.elapsed) = (nodes, elapsed);
        info
    }

    /// Iterative deepening PVS over the root moves of `b`, `scores` (cell, value, bound)
    /// in the order to search them, to at most `max_depth`
    /// plies, into `info` (best move, value, depth, candidates, principal variation,
    /// nodes); `observer` is called after each finished iteration. `helper` is 0 for the
    /// search's own thread; a Lazy SMP helper thread (1, 2, …) skips some depths, by
    /// Stockfish's skip pattern, so that the threads spread over neighbouring depths.
    /// Returns the depth of the last iteration it finished (0 when none).
    #[allow(clippy::too_many_arguments)]
    fn deepen(
        &mut self,
        b: &mut Board,
        mut scores: Vec<(Cell, Score, Bound)>,
        max_depth: u32,
        helper: usize,
        info: &mut SearchInfo,
        observer: &mut zerosum::Observer<'_, Cell>,
    ) -> u32 {
        let mut done = 0;
        'deepening: for depth in 1..=max_depth {
            if helper > 0 && depth < max_depth && skips(helper, depth) {
                continue;
            }
            // Principal variation search over the root moves, best first, full window.
            let mut alpha = -Score::INFINITE;
            let beta = Score::INFINITE;
            let mut iter_best: Option<(usize, Score)> = None;
            let mut iter_scores = scores.clone();
            let mut searched = 0;
            // The root's children: a ply less.
            let child_depth = depth as i32 - 1;
            for k in 0..scores.len() {
                let c = scores[k].0;
                if self.reverse_futility_margin > 0 {
                    self.four_played[0] = b.makes_four(b.index(c), b.side_to_move());
                }
                b.play_unchecked(c);
                let s = if k == 0 {
                    -self.negamax(b, child_depth, -beta, -alpha, 1)
                } else {
                    let s = -self.negamax(b, child_depth, -alpha - 1, -alpha, 1);
                    if s > alpha && s < beta && !self.aborted {
                        -self.negamax(b, child_depth, -beta, -alpha, 1)
                    } else {
                        s
                    }
                };
                b.try_undo();
                if self.aborted {
                    break;
                }
                searched = k + 1;
                if s > alpha {
                    alpha = s;
                    iter_best = Some((k, s));
                    iter_scores[k] = (c, s, Bound::Exact);
                } else {
                    iter_scores[k] = (c, s, Bound::Upper);
                }
            }
            if self.aborted {
                if let Some((k, s)) = iter_best
                    && (k != 0 || depth == 1)
                {
                    // A move searched in full at the new depth beat the old best: the
                    // position is worth at least its value (the moves after it were not
                    // searched at this depth).
                    info.best = Some(scores[k].0);
                    info.score = s;
                    info.bound = Bound::Lower;
                    info.depth = depth;
                    // Its line at this depth, searched in full.
                    info.pv = self.pv_from_tt(b, scores[k].0, 16);
                    if depth == 1 {
                        // No iteration finished: the candidates are this one's values,
                        // the moves it did not reach left out.
                        iter_scores.truncate(searched);
                        // The answer's value is the position's lower bound, as `best`
                        // says (the moves after it were not searched).
                        iter_scores[k].2 = Bound::Lower;
                        let (best, mut rest): (Vec<_>, Vec<_>) =
                            iter_scores.into_iter().partition(|m| m.0 == scores[k].0);
                        rest.sort_by_key(|m| std::cmp::Reverse(m.1));
                        info.candidates = best
                            .into_iter()
                            .chain(rest)
                            .map(|(cell, score, bound)| Candidate { cell, score, bound })
                            .collect();
                    }
                    // Otherwise, as the core search lists its moves after a cut
                    // iteration: the moves searched at the new depth lead, the answer
                    // first with its lower bound (the position's value, as `best`'s
                    // score says), the others best first with their values at that
                    // depth; the moves not reached follow with the finished
                    // iteration's values as upper bounds (a deeper search would not
                    // raise them above the answer).
                    else {
                        let mut now: Vec<Candidate> = iter_scores[..searched]
                            .iter()
                            .map(|&(cell, score, bound)| Candidate { cell, score, bound })
                            .collect();
                        now.sort_by_key(|m| std::cmp::Reverse(m.score));
                        let lead = now.iter().position(|m| m.cell == scores[k].0);
                        if let Some(at) = lead {
                            let mut m = now.remove(at);
                            m.bound = Bound::Lower;
                            now.insert(0, m);
                        }
                        let rest: Vec<Candidate> = info
                            .candidates
                            .iter()
                            .filter(|m| now.iter().all(|n| n.cell != m.cell))
                            .map(|&m| Candidate {
                                bound: Bound::Upper,
                                ..m
                            })
                            .collect();
                        now.extend(rest);
                        info.candidates = now;
                    }
                }
                break 'deepening;
            }
            // A finished iteration: best first, the rest by their bounds.
            if let Some((k, _)) = iter_best {
                let m = iter_scores.remove(k);
                iter_scores.insert(0, m);
            }
            let head = iter_scores.remove(0);
            iter_scores.sort_by_key(|m| std::cmp::Reverse(m.1));
            iter_scores.insert(0, head);
            scores = iter_scores;
            done = depth;
            info.best = Some(scores[0].0);
            info.score = scores[0].1;
            info.depth = depth;
            info.candidates = scores
                .iter()
                .map(|&(cell, score, bound)| Candidate { cell, score, bound })
                .collect();
            // The line now, while the table holds this iteration's: a later iteration
            // cut by the limit rewrites the entries along it, and its line would not be
            // the one this depth and value belong to (a tester's report: `depth 2` with
            // a line from the cut third iteration).
            info.pv = self.pv_from_tt(b, scores[0].0, 16);
            let elapsed = self.budget.elapsed();
            observer(&Report {
                depth,
                score: info.score,
                bound: zerosum::Bound::Exact,
                pv: info.pv.clone(),
                nodes: self.nodes,
                elapsed,
                nodes_per_second: (self.nodes as f64 / elapsed.as_secs_f64().max(1e-3)) as u64,
                // The tree's values are never proofs (see `SearchInfo::exact`).
                exact: false,
            });
            // No early stop on a decisive value: the tree's wins and losses are claims
            // against the best candidates of its quiet nodes (a few of its wins are
            // refuted by a defence it cut), so a deeper iteration may still find the
            // defence or the move that holds; only the root solvers' proofs above end
            // the search early (against stopping at the first win: the same ladder
            // points, +1 ± 1.7 of 240; see FIGURES.md).
            if !self.budget.start_iteration(0) {
                break;
            }
        }
        // The tree's value is never a proof, not even a decisive one: below the root it
        // searches only the best candidates at quiet nodes (and reduces or prunes late
        // ones), so a win is one against the defences it searched, and a loss one over
        // the moves it tried (`SearchInfo::exact`).
        info.exact = false;
        info.nodes = self.nodes;
        info.elapsed = self.budget.elapsed();
        if info.depth == 0 {
            // No iteration gave a value (a node limit is a hard cap at depth 1 too, so
            // none may finish): the first candidate and the root's static value, at
            // depth 0 and never exact, as Othello's engine answers. The table's line
            // after the move (an earlier search's) and the candidates' placeholder values
            // are no part of it, so the moves are listed without values (a library
            // user's report: it was a placeholder draw given as exact).
            info.score = self.evaluate(b);
            info.bound = Bound::Exact;
            info.pv = info.best.into_iter().collect();
            info.candidates.clear();
        }
        done
    }
}

/// Whether Lazy SMP helper thread `helper` (1, 2, …) skips iteration `depth`: Stockfish's
/// skip pattern (its `SkipSize` and `SkipPhase` tables, 2015–2019), which lets the
/// first helper search the even depths, the next two every other pair of depths, and
/// so on, so that the threads are spread over the next few depths rather than all on
/// the same one.
fn skips(helper: usize, depth: u32) -> bool {
    const SIZE: [u32; 20] = [1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4];
    const PHASE: [u32; 20] = [0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7];
    let i = (helper - 1) % SIZE.len();
    ((depth + PHASE[i]) / SIZE[i]) % 2 == 1
}

/// Whether a decisive `score` with `bound` proves the game's result: a win that is the
/// value or a lower bound of it, a loss that is the value or an upper bound of it.
fn proven(score: Score, bound: Bound) -> bool {
    (score.is_win() && bound != Bound::Upper) || (score.is_loss() && bound != Bound::Lower)
}

#[cfg(test)]
mod tests {
    use super::*;
    use zerosum::Notation;

    /// Plays `line` from `b` and returns who made five, if anyone.
    fn five_after(b: &Board, line: &[Cell]) -> Option<Outcome> {
        let mut b = b.clone();
        for &c in line {
            assert!(b.outcome().is_none() && b.is_legal(c), "{c} in {line:?}");
            b.play_unchecked(c);
        }
        b.outcome()
    }

    /// A double three: the VCT proof's main line is the threat alone (no reply needs
    /// listing); the engine's line goes on to the five, as many plies as the proof
    /// guarantees, and a line that ends in five is kept as it is.
    #[test]
    fn a_vct_line_is_carried_on_to_the_five() {
        let b = Board::parse_position("15f:f8a1g8a2h6o15h7o14").unwrap();
        let proof = VctSolver::new()
            .prove(&mut b.clone(), 10, 100_000, None)
            .expect("a double three at h8");
        let main = proof.main_line();
        assert_eq!(main, [Cell::new(7, 7)]);
        let plies = proof.plies(&mut b.clone());
        let mut engine = Engine::new(1);
        engine.budget = Budget::unlimited();
        let line = engine.finish_vct_line(&b, main);
        assert_eq!(line[0], Cell::new(7, 7));
        assert_eq!(five_after(&b, &line), Some(Outcome::Win(b.side_to_move())));
        assert!(line.len() as u32 <= plies, "{line:?} beyond {plies} plies");
        assert!(engine.nodes > 0);
        assert_eq!(engine.finish_vct_line(&b, line.clone()), line);
    }
}
