//! The tree search below the root: negamax with alpha-beta in principal-variation form,
//! its steps numbered (terminal positions, immediate wins and forced losses, the horizon
//! with its probes, the transposition table, the move loop, the store).

use super::{Engine, HISTORY_CELLS, HISTORY_MAX, KILLER_PLIES, LEAF_VCT_DEPTH, MAX_PLY};
use crate::board::Board;
use crate::eval::{EvalTable, evaluate_with, has_double_four_cell, quick_win};
use crate::eval_cells::evaluate_cells;
use crate::pattern::Pattern;
use zerosum::{Bound, Game, Outcome, Score};

/// Whether the side to move faces neither a four nor an open three of the opponent (no
/// cell where the opponent makes five or an open four): a node where the static value
/// stands for the position, and the move count and reductions apply.
pub(super) fn is_calm(b: &Board) -> bool {
    let opp = !b.side_to_move();
    b.pattern_count(opp, Pattern::Five) == 0 && b.pattern_count(opp, Pattern::OpenFour) == 0
}

/// Updates a history value by `bonus` (Stockfish's gravity form: the nearer the value is
/// to ± [`HISTORY_MAX`], the less it moves).
fn history_update(h: &mut i32, bonus: i32) {
    let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
    *h += bonus - *h * bonus.abs() / HISTORY_MAX;
}

impl Engine {
    /// The reduction [`Engine::reductions`] takes from the `k`-th move of a node with
    /// `depth` plies left, whose ordering value is `gap` units below the node's best,
    /// quiet or not, with history value `h`, in whole plies.
    pub(super) fn reduction(&self, depth: i32, k: usize, gap: i32, quiet: bool, h: i32) -> i32 {
        let mut r = f64::from(depth).ln() * ((k + 1) as f64).ln() / self.reduction_divisor;
        r += f64::from(gap.max(0)) * f64::from(self.reduction_gap) / 10_000.0;
        if !quiet {
            r -= 1.0;
        }
        r -= f64::from(h) / f64::from(HISTORY_MAX);
        (r.round() as i32).max(0)
    }

    /// Whether the search reads the static values of interior nodes (for
    /// [`Engine::reverse_futility_margin`]).
    pub(super) fn reads_static_values(&self) -> bool {
        self.reverse_futility_margin > 0
    }

    /// Evaluates with the feature table `table` ([`Engine::eval`]) instead of the cell
    /// evaluation ([`Engine::cell_eval`] off): what every caller that chooses a feature
    /// table wants, in one place.
    pub fn use_feature_table(&mut self, table: EvalTable) {
        self.eval = table;
        self.cell_eval = None;
    }

    /// The static value of `b` for its side to move: [`Engine::cell_eval`]'s when set,
    /// else [`Engine::eval`]'s.
    pub(crate) fn evaluate(&self, b: &Board) -> Score {
        match self.cell_eval {
            Some(table) => evaluate_cells(b, table),
            None => evaluate_with(b, &self.eval),
        }
    }

    /// Records and returns the static value of the node at `ply` (side to move's view, in
    /// evaluation units): its evaluation when `calm`, else (facing a four or an open three)
    /// the parent's value negated, `None` when that is unknown.
    pub(super) fn record_static_value(&mut self, b: &Board, ply: u32, calm: bool) -> Option<Score> {
        let p = ply as usize;
        let stand = if calm {
            Some(self.evaluate(b))
        } else {
            p.checked_sub(1)
                .and_then(|q| self.static_values[q])
                .map(|v| -v)
        };
        self.static_values[p] = stand;
        stand
    }

    /// Whether the side to move at `ply` is improving: its static value above the one of
    /// its previous node, two plies up (`None` when either is unknown).
    fn improving(&self, ply: u32) -> Option<bool> {
        let p = ply as usize;
        let now = self.static_values[p];
        let before = p.checked_sub(2).and_then(|q| self.static_values[q]);
        now.zip(before).map(|(now, then)| now > then)
    }

    /// Reverse futility pruning at a calm null-window node with `depth` plies left: the
    /// static value `stand` stays at or above `beta` after a margin of
    /// [`Engine::reverse_futility_margin`] per ply left beyond the first (one ply fewer
    /// when `improving`), within [`Engine::reverse_futility_depth`], neither value a
    /// proven result, and the line not a run of fours by the side to move (its last two
    /// moves both fours: a forcing attack whose value the evaluation does not see).
    fn reverse_futility_cuts(
        &self,
        stand: Score,
        depth: i32,
        beta: Score,
        ply: u32,
        improving: Option<bool>,
    ) -> bool {
        let p = ply as usize;
        if self.reverse_futility_margin <= 0
            || depth > self.reverse_futility_depth
            || stand.is_decisive()
            || beta.is_decisive()
            || (p >= 4 && self.four_played[p - 2] && self.four_played[p - 4])
        {
            return false;
        }
        let beyond = (depth - 1 - i32::from(improving == Some(true))).max(0);
        let margin = self
            .reverse_futility_margin
            .saturating_mul(beyond)
            .min(Score::WIN.0);
        stand - margin >= beta
    }

    /// The value of `b` searched `depth` plies deep within (`alpha`, `beta`), `ply` plies
    /// below the root (the horizon at 0 plies or fewer).
    pub(super) fn negamax(
        &mut self,
        b: &mut Board,
        depth: i32,
        mut alpha: Score,
        beta: Score,
        ply: u32,
    ) -> Score {
        // Checked before the node is counted, so that a node limit is never passed.
        if self.check_abort() {
            return Score::DRAW;
        }
        self.nodes += 1;
        // 1. Terminal positions: the previous move won, or the board is full.
        // Counted as early; the horizon and the move loop take it back.
        self.stats.early += 1;
        match b.outcome() {
            Some(Outcome::Draw) => return Score::DRAW,
            Some(Outcome::Win(_)) => return Score::loss_in(ply),
            None => {}
        }
        let me = b.side_to_move();
        // 2. Immediate wins and forced losses.
        if b.pattern_count(me, Pattern::Five) > 0 {
            return Score::win_in(ply + 1);
        }
        let opp_fives = b.pattern_count(!me, Pattern::Five);
        if opp_fives == 0 && has_double_four_cell(b, me) {
            return Score::win_in(ply + 3);
        }
        if opp_fives > 0 && b.win_points(!me).nth(1).is_some() {
            return Score::loss_in(ply + 2);
        }
        // Wins the threat classes show (double three, four-three) without a search.
        if self.quick_wins && opp_fives == 0 && quick_win(b) {
            self.stats.quick_wins += 1;
            return Score::win_in(ply + 5);
        }
        // 3. Horizon: with stand pat, the static value stands when it already reaches
        // beta (our VCF could only raise it: the cut-off is the same); else our own VCF
        // (with the four-three gate, only when we have a four-three cell), then the VCT
        // probe (when on), else the static value.
        if depth <= 0 || ply >= MAX_PLY {
            self.stats.horizon += 1;
            self.stats.early -= 1;
            let stand = self.evaluate(b);
            if self.leaf_stand_pat && stand >= beta {
                return stand;
            }
            // The VCF visits at most its limit + 1 positions: within the node limit.
            let room = self.node_limit.saturating_sub(self.nodes);
            if opp_fives == 0
                && self.leaf_vcf_nodes > 0
                && room > 0
                && b.pattern_count(me, Pattern::Four) > 0
                && (!self.leaf_vcf_four_three || b.class_counts(me)[2] > 0)
            {
                let line = self.vcf.solve(b, 12, self.leaf_vcf_nodes.min(room - 1));
                self.nodes += self.vcf.nodes;
                self.stats.probe_nodes += self.vcf.nodes;
                if let Some(line) = line {
                    return Score::win_in(ply + line.len() as u32);
                }
            }
            // A VCT probe where the side to move has a double-three or four-three cell
            // (quick_win could not prove it: the opponent has fours to answer with). The
            // solver may pass its limit by two of its VCF tests: kept within the room.
            let room = self.node_limit.saturating_sub(self.nodes);
            // Saturating: any `leaf_vct_vcf_nodes` (u64::MAX overflowed).
            let slack = self.leaf_vct_vcf_nodes.saturating_add(2).saturating_mul(2);
            let classes = b.class_counts(me);
            if opp_fives == 0
                && self.leaf_vct_nodes > 0
                && room > slack.saturating_mul(2)
                && classes[1] + classes[2] > 0
            {
                self.leaf_vct.vcf_nodes = self.leaf_vct_vcf_nodes;
                let limit = self.leaf_vct_nodes.min(room - slack);
                let proof = self
                    .leaf_vct
                    .prove_within(b, LEAF_VCT_DEPTH, limit, &self.budget);
                self.nodes += self.leaf_vct.nodes;
                self.stats.probe_nodes += self.leaf_vct.nodes;
                if let Some(p) = proof {
                    return Score::win_in(ply + p.plies(b));
                }
            }
            if self.leaf_sample_every > 0 {
                self.leaf_count += 1;
                if self.leaf_count >= self.leaf_sample_every {
                    self.leaf_count = 0;
                    self.leaf_samples.push(b.moves().to_vec());
                }
            }
            return stand;
        }
        // 4. Transposition table.
        let key = b.hash();
        let mut tt_move = None;
        if let Some(e) = self.tt.probe(key) {
            tt_move = e.mv;
            if i32::from(e.depth) >= depth {
                let s = e.score.from_tt(ply);
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                };
                if cut {
                    self.stats.tt_cuts += 1;
                    return s;
                }
            }
        }
        let pv_node = beta != alpha + 1;
        let calm = is_calm(b);
        // 4a. Reverse futility pruning on the interior node's static value (recorded for
        // the nodes two plies down, which compare theirs with it).
        if self.reads_static_values() {
            let stand = self.record_static_value(b, ply, calm);
            let improving = self.improving(ply);
            if let Some(stand) = stand
                && calm
                && !pv_node
                && self.reverse_futility_cuts(stand, depth, beta, ply, improving)
            {
                self.stats.futility_cuts += 1;
                return stand;
            }
        }
        // 5. Moves: forced replies or the best candidates, into this ply's buffer (put
        // back before every return below).
        let mut moves = std::mem::take(&mut self.move_lists[ply as usize]);
        let width = if pv_node && self.pv_max_moves > 0 {
            self.pv_max_moves.min(usize::MAX / 2)
        } else {
            self.width()
        };
        Self::candidate_moves_by(b, width, &mut moves, self.order());
        if moves.is_empty() {
            self.move_lists[ply as usize] = moves;
            // Renju: black may not block the four (or has no allowed cell near the stones).
            return if opp_fives > 0 {
                Score::loss_in(ply + 2)
            } else {
                self.evaluate(b)
            };
        }
        // Killers (quiet moves that cut off at this ply before), then the TT move, first.
        let slot = (ply as usize).min(KILLER_PLIES - 1);
        for killer in self.killers[slot].into_iter().rev().flatten() {
            if let Some(pos) = moves.iter().position(|m| m.1 == killer) {
                moves[..=pos].rotate_right(1);
            }
        }
        if let Some(t) = tt_move
            && let Some(pos) = moves.iter().position(|m| m.1 == t)
        {
            moves[..=pos].rotate_right(1);
        }
        // A single candidate (a forced reply) keeps its parent's depth; every other move
        // costs a ply.
        let next_depth = if moves.len() == 1 { depth } else { depth - 1 };
        // Move-count pruning: near the horizon only the first few candidates.
        let move_count =
            if self.move_count_pruning && calm && (self.pv_move_count_pruning || !pv_node) {
                let plies_left = f64::from(depth.max(0));
                (self.move_count_base + plies_left.powf(1.32)) as usize
            } else {
                usize::MAX
            };
        self.stats.interior += 1;
        self.stats.early -= 1;
        self.stats.generated += moves.len() as u64;
        let top = moves.iter().map(|m| m.0).max().unwrap_or(0);
        let side = usize::from(me != zerosum::Side::First) * HISTORY_CELLS;
        let reducing = self.reductions
            && calm
            && depth >= self.reduction_depth
            && depth > self.reduction_floor
            && moves.len() > 1;
        // Far counter-attacks at a node facing an open three: pruned near the horizon.
        let threat_pruning =
            !calm && opp_fives == 0 && moves.len() > 1 && depth <= self.threat_prune_depth;
        // Whether the move `back` plies before the last one lies more than 4 cells from `c`.
        let far = |b: &Board, back: usize, c: crate::cell::Cell| {
            let history = b.moves();
            history
                .len()
                .checked_sub(back + 1)
                .is_some_and(|k| history[k].distance(c) > 4)
        };
        let alpha0 = alpha;
        let mut best = -Score::INFINITE;
        let mut best_move = None;
        for (k, &(value, c)) in moves.iter().enumerate() {
            if k >= move_count && best > -Score::INFINITE && !best.is_loss() {
                self.stats.pruned += (moves.len() - k) as u64;
                break;
            }
            // A far cell that does not block the opponent's open three (no four of the
            // opponent's there): skipped once a move has been searched.
            if threat_pruning
                && best > -Score::INFINITE
                && !best.is_loss()
                && !b.makes_four(b.index(c), !me)
                // Before the move: the opponent's last move is the last, ours one before.
                && far(b, 0, c)
                && far(b, 1, c)
            {
                self.stats.threat_pruned += 1;
                self.stats.pruned += 1;
                continue;
            }
            let four = b.makes_four(b.index(c), me);
            let quiet = self.is_quiet_move(b, c, value);
            if self.reverse_futility_margin > 0 {
                self.four_played[ply as usize] = four;
            }
            b.play_unchecked(c);
            if next_depth > 0 {
                // The child probes the table after its first checks.
                self.tt.prefetch(b.hash());
            }
            let mut s;
            if k == 0 {
                s = -self.negamax(b, next_depth, -beta, -alpha, ply + 1);
            } else {
                // Late-move reduction of quiet moves (no four or open three for either
                // side), re-searched at full depth when they beat alpha.
                let r = if reducing && k >= self.reduction_from && !four {
                    let h = if self.history {
                        self.history_table[side + b.index(c)]
                    } else {
                        0
                    };
                    let mut r = self.reduction(depth, k, top - value, quiet, h);
                    if pv_node {
                        r = r.saturating_sub(self.pv_reduction_less).max(0);
                    }
                    r.min(next_depth.saturating_sub(self.reduction_floor))
                } else {
                    0
                };
                let reduce = r > 0;
                s = if reduce {
                    self.stats.reduced += 1;
                    -self.negamax(b, next_depth - r, -alpha - 1, -alpha, ply + 1)
                } else {
                    alpha + 1
                };
                if s > alpha && !self.aborted {
                    if reduce {
                        self.stats.re_searches += 1;
                    }
                    s = -self.negamax(b, next_depth, -alpha - 1, -alpha, ply + 1);
                }
                if s > alpha && s < beta && !self.aborted {
                    self.stats.re_searches += 1;
                    s = -self.negamax(b, next_depth, -beta, -alpha, ply + 1);
                }
            }
            b.try_undo();
            if self.aborted {
                self.move_lists[ply as usize] = moves;
                return Score::DRAW;
            }
            if s > best {
                best = s;
                best_move = Some(c);
                if s > alpha {
                    alpha = s;
                    if s >= beta {
                        self.stats.cuts += 1;
                        self.stats.first_cuts += u64::from(k == 0);
                        self.stats.cut_index_sum += k as u64;
                        if self.history && quiet {
                            // 64 a square ply.
                            let bonus = 64 * depth * depth;
                            history_update(&mut self.history_table[side + b.index(c)], bonus);
                            for &(v, q) in &moves[..k] {
                                if self.is_quiet_move(b, q, v) {
                                    let h = &mut self.history_table[side + b.index(q)];
                                    history_update(h, -bonus);
                                }
                            }
                        }
                        if quiet && self.killers[slot][0] != Some(c) {
                            self.killers[slot][1] = self.killers[slot][0];
                            self.killers[slot][0] = Some(c);
                        }
                        break;
                    }
                }
            }
        }
        self.move_lists[ply as usize] = moves;
        // 6. Store.
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt
            .store(key, best.to_tt(ply), depth.max(0) as u32, bound, best_move);
        best
    }
}
