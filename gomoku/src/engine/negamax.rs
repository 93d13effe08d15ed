//! The tree search below the root: negamax with alpha-beta in principal-variation form,
//! its steps numbered (terminal positions, immediate wins and forced losses, the horizon
//! with its probes, the transposition table, the move loop, the store).

use super::moves::attacks;
use super::{
    Engine, HISTORY_CELLS, HISTORY_MAX, KILLER_PLIES, LEAF_VCT_DEPTH, MAX_PLY, ONE_PLY,
    PV_STALE_REDUCTION_MAX, per_ply, plies,
};
use crate::board::Board;
use crate::eval::{EvalTable, evaluate_parts, evaluate_with, has_double_four_cell, quick_win};
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

/// What the singular extension's test ([`Engine::singular_depth`]) found for a move.
enum Singular {
    /// No test (the move is not the table move, or the conditions do not hold).
    Untested,
    /// Search the move this many units of [`ONE_PLY`] deeper (a ply: singular; a ply
    /// less: another move reached the test's bound while the table's value reaches beta).
    Extend(i32),
    /// Another move reached the test's bound, which is at least beta: the node's value.
    Cut(Score),
}

impl Engine {
    /// The singular extension's test of move `c` at a node with `depth` units of
    /// [`ONE_PLY`] left, `ply` plies below the root, whose table entry is `tt` (see
    /// [`Engine::singular_depth`]). Searches the node again without `c`.
    #[allow(clippy::too_many_arguments)]
    fn singular_test(
        &mut self,
        b: &mut Board,
        c: crate::cell::Cell,
        tt: Option<zerosum::search::TtEntry<crate::cell::Cell>>,
        depth: i32,
        beta: Score,
        ply: u32,
        cut_node: bool,
    ) -> Singular {
        let Some(e) = tt else {
            return Singular::Untested;
        };
        let p = ply as usize;
        // The test's depth: half the plies left after the move, in whole plies.
        let test_depth = (depth - ONE_PLY) / (2 * ONE_PLY) * ONE_PLY;
        if self.singular_depth <= 0
            || depth < plies(self.singular_depth)
            || e.mv != Some(c)
            || self.excluded[p].is_some()
            || ply as i32 >= 2 * self.root_depth
            || !matches!(e.bound, Bound::Lower | Bound::Exact)
            || self.table_depth(e.depth) < depth - 3 * ONE_PLY
            || test_depth < ONE_PLY
        {
            return Singular::Untested;
        }
        let v = e.score.from_tt(ply);
        if v.is_decisive() {
            return Singular::Untested;
        }
        let bound = v - per_ply(self.singular_margin, depth).min(Score::WIN.0);
        self.excluded[p] = Some(c);
        let s = self.negamax(b, test_depth, bound - 1, bound, ply, cut_node);
        self.excluded[p] = None;
        if self.aborted {
            Singular::Untested
        } else if s < bound {
            self.stats.singular_extended += 1;
            Singular::Extend(ONE_PLY)
        } else if bound >= beta {
            self.stats.multi_cuts += 1;
            Singular::Cut(bound)
        } else if v >= beta {
            Singular::Extend(-ONE_PLY)
        } else {
            Singular::Untested
        }
    }

    /// The reduction [`Engine::reductions`] takes from the `k`-th move of a node with
    /// `depth` units of [`ONE_PLY`] left, whose ordering value is `gap` units below the
    /// node's best, quiet or not, with history value `h`, in units of [`ONE_PLY`]: whole
    /// plies, or sixteenths of a ply with [`Engine::fractional_reductions`].
    pub(super) fn reduction(&self, depth: i32, k: usize, gap: i32, quiet: bool, h: i32) -> i32 {
        let plies_left = f64::from(depth) / f64::from(ONE_PLY);
        let mut r = plies_left.ln() * ((k + 1) as f64).ln() / self.reduction_divisor;
        r += f64::from(gap.max(0)) * f64::from(self.reduction_gap) / 10_000.0;
        if !quiet {
            r -= 1.0;
        }
        r -= f64::from(h) / f64::from(HISTORY_MAX);
        if self.fractional_reductions {
            ((r * f64::from(ONE_PLY)).round() as i32).max(0)
        } else {
            (r.round() as i32).max(0) * ONE_PLY
        }
    }

    /// The depth of a transposition-table entry whose stored depth is `stored`, in
    /// units of [`ONE_PLY`] (see [`Engine::table_depth_units`]).
    fn table_depth(&self, stored: u16) -> i32 {
        if self.table_depth_units {
            i32::from(stored)
        } else {
            plies(i32::from(stored))
        }
    }

    /// The depth the transposition table keeps for a node searched `depth` units of
    /// [`ONE_PLY`] deep: whole plies, rounded down (an entry never claims more depth
    /// than its search had), or the units with [`Engine::table_depth_units`]; 0 for
    /// the horizon.
    fn depth_to_store(&self, depth: i32) -> u32 {
        let depth = depth.max(0) as u32;
        if self.table_depth_units {
            depth
        } else {
            depth / ONE_PLY as u32
        }
    }

    /// Whether an option reads the static values of interior nodes
    /// ([`Engine::reverse_futility_margin`], [`Engine::improving_move_count`],
    /// [`Engine::razor_margin`], [`Engine::fail_high_margin`], [`Engine::eval_average`]).
    pub(super) fn reads_static_values(&self) -> bool {
        self.reverse_futility_margin > 0
            || self.improving_move_count
            || self.razor_margin > 0
            || self.fail_high_margin > 0
            || self.eval_average
    }

    /// The evaluation of `b` in the two parts [`Engine::eval_average`] reads: the part
    /// it averages over two plies and the part it keeps (the whole evaluation and 0, or
    /// with [`Engine::eval_average_stones`] the stones' and the threats' parts of
    /// [`evaluate_parts`]).
    fn eval_parts(&self, b: &Board) -> (Score, Score) {
        if self.eval_average_stones && self.cell_eval.is_none() {
            evaluate_parts(b, &self.eval)
        } else {
            (self.evaluate(b), Score::DRAW)
        }
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

    /// The static value of the position `b` at `ply` for its side to move: its
    /// evaluation; with [`Engine::eval_average`], the mean of that and the parent
    /// position's evaluation negated (the parent's kept evaluation when it has one, else
    /// computed by taking the last move back; with [`Engine::eval_average_stones`], only
    /// the stones' part averaged, the threats' part of this position added in full).
    /// With [`Engine::eval_average`], the evaluation is kept as the ply's (for the child).
    pub(super) fn static_eval(&mut self, b: &mut Board, ply: u32) -> Score {
        let p = ply as usize;
        if !self.eval_average {
            return self.evaluate(b);
        }
        let (averaged, kept) = self.eval_parts(b);
        self.raw_evals[p] = Some((averaged, kept));
        let parent = match p.checked_sub(1).and_then(|q| self.raw_evals[q]) {
            Some((v, _)) => Some(v),
            None => match b.moves().last().copied() {
                Some(last) if b.stone_count() > 1 => {
                    b.try_undo();
                    let (v, _) = self.eval_parts(b);
                    b.play_unchecked(last);
                    Some(v)
                }
                _ => None,
            },
        };
        match parent {
            Some(v) => Score::heuristic((averaged.0 - v.0) / 2 + kept.0),
            None => Score::heuristic(averaged.0 + kept.0),
        }
    }

    /// Records and returns the static value of the node at `ply` (side to move's view, in
    /// evaluation units): its evaluation when `calm`, else (facing a four or an open three)
    /// the parent's value negated, `None` when that is unknown.
    pub(super) fn record_static_value(
        &mut self,
        b: &mut Board,
        ply: u32,
        calm: bool,
    ) -> Option<Score> {
        let p = ply as usize;
        self.raw_evals[p] = None;
        let stand = if calm {
            Some(self.static_eval(b, ply))
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

    /// Razoring at a calm null-window node with `depth` units of [`ONE_PLY`] left: the
    /// static value `stand` plus [`Engine::razor_margin`] per ply left stays below
    /// `alpha`, within [`Engine::razor_depth`], neither value a proven result.
    fn razors(&self, stand: Score, depth: i32, alpha: Score) -> bool {
        self.razor_margin > 0
            && depth > 0
            && depth <= plies(self.razor_depth)
            && !stand.is_decisive()
            && !alpha.is_decisive()
            && stand + per_ply(self.razor_margin, depth).min(Score::WIN.0) < alpha
    }

    /// Whether an expected cut node with `depth` units of [`ONE_PLY`] left and static
    /// value `stand` is likely to fail high: `stand ≥ beta + fail_high_margin · depth`
    /// (depth in plies), neither value a proven result ([`Engine::fail_high_margin`];
    /// false when it is 0).
    fn fails_high_likely(&self, stand: Score, depth: i32, beta: Score) -> bool {
        self.fail_high_margin > 0
            && !stand.is_decisive()
            && !beta.is_decisive()
            && stand.0 >= beta.0.saturating_add(per_ply(self.fail_high_margin, depth))
    }

    /// Reverse futility pruning at a calm null-window node with `depth` units of
    /// [`ONE_PLY`] left: the static value `stand` stays at or above `beta` after a
    /// margin of [`Engine::reverse_futility_margin`] per ply left beyond the first (one ply fewer
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
            || depth > plies(self.reverse_futility_depth)
            || stand.is_decisive()
            || beta.is_decisive()
            || (p >= 4 && self.four_played[p - 2] && self.four_played[p - 4])
        {
            return false;
        }
        let beyond = (depth - ONE_PLY - plies(i32::from(improving == Some(true)))).max(0);
        let margin = per_ply(self.reverse_futility_margin, beyond).min(Score::WIN.0);
        stand - margin >= beta
    }

    /// The value of `b` searched `depth` units of [`ONE_PLY`] deep within (`alpha`,
    /// `beta`), `ply` plies below the root (the horizon at 0 units or fewer); `cut_node`
    /// when the node is an expected cut node (see [`Engine::cut_node_reduction`]; never
    /// at a principal-variation node).
    pub(super) fn negamax(
        &mut self,
        b: &mut Board,
        depth: i32,
        mut alpha: Score,
        beta: Score,
        ply: u32,
        cut_node: bool,
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
            let stand = if self.eval_average {
                self.static_eval(b, ply)
            } else {
                self.evaluate(b)
            };
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
        // 4. Transposition table (no cut-off in a singular extension's test search: the
        // entry is the whole node's, the test leaves a move out).
        let key = b.hash();
        let excluded = self.excluded[ply as usize];
        let mut tt_move = None;
        let mut tt_entry = None;
        if let Some(e) = self.tt.probe(key) {
            tt_move = e.mv;
            tt_entry = Some(e);
            if self.table_depth(e.depth) >= depth && excluded.is_none() {
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
        // On a principal variation now or before (kept only when an option reads it).
        let tt_pv = self.tt_pv_reduction_less > 0 && (pv_node || tt_entry.is_some_and(|e| e.pv));
        // 4a. Internal iterative reduction: no table move to try first, a ply less.
        let depth = if self.iir_depth > 0
            && tt_move.is_none()
            && excluded.is_none()
            && (pv_node || cut_node)
            && depth >= plies(self.iir_depth)
        {
            self.stats.iir_reduced += 1;
            depth - ONE_PLY
        } else {
            depth
        };
        // 4a'. A principal-variation node whose table entry is shallower than this search:
        // its move not confirmed for some iterations, a part of a ply less per ply missing.
        let depth = match tt_entry {
            Some(e)
                if self.pv_stale_reduction > 0
                    && pv_node
                    && tt_move.is_some()
                    && excluded.is_none()
                    && depth > ONE_PLY =>
            {
                let gap = (depth - self.table_depth(e.depth)).max(0);
                let r = (gap * self.pv_stale_reduction / ONE_PLY).min(PV_STALE_REDUCTION_MAX);
                if r > 0 {
                    self.stats.pv_stale_reduced += 1;
                }
                depth - r
            }
            _ => depth,
        };
        let calm = is_calm(b);
        // 4b. The interior node's static value, when an option reads it: whether the side
        // to move is improving, and reverse futility pruning.
        let (stand, improving) = if self.reads_static_values() {
            let stand = self.record_static_value(b, ply, calm);
            let improving = self.improving(ply);
            // The table's value, where its bound says it is nearer the truth, stands for
            // the static value in the pruning decisions (not in `improving`).
            let stand = match (stand, tt_entry) {
                (Some(v), Some(e)) if self.tt_value_as_eval => {
                    let t = e.score.from_tt(ply);
                    let nearer = match e.bound {
                        Bound::Lower => t > v,
                        Bound::Upper => t < v,
                        Bound::Exact => true,
                    };
                    Some(if nearer && !t.is_decisive() { t } else { v })
                }
                _ => stand,
            };
            if let Some(stand) = stand
                && calm
                && !pv_node
            {
                if self.reverse_futility_cuts(stand, depth, beta, ply, improving) {
                    self.stats.futility_cuts += 1;
                    return stand;
                }
                if self.razors(stand, depth, alpha) {
                    // The horizon's value: the node is counted again there, as early.
                    self.nodes -= 1;
                    self.stats.early -= 1;
                    self.stats.razored += 1;
                    return self.negamax(b, 0, alpha, beta, ply, cut_node);
                }
            }
            (stand, improving)
        } else {
            (None, None)
        };
        // An expected cut node whose static value is far above beta: its moves but the
        // fours are searched a ply shallower (Rapfi's fail-high reduction).
        let likely_fail_high = cut_node
            && !pv_node
            && calm
            && stand.is_some_and(|s| self.fails_high_likely(s, depth, beta));
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
        // A single candidate (a forced reply) gets the reply extension.
        let reply_extension = if moves.len() == 1 {
            self.reply_extension.clamp(0, 2 * ONE_PLY)
        } else {
            0
        };
        let tt_move_extension = if pv_node {
            self.tt_move_extension_pv
        } else {
            self.tt_move_extension_non_pv
        }
        .clamp(0, ONE_PLY);
        // Move-count pruning: near the horizon only the first few candidates.
        let move_count =
            if self.move_count_pruning && calm && (self.pv_move_count_pruning || !pv_node) {
                let plies_left = f64::from(depth.max(0)) / f64::from(ONE_PLY);
                let count = (self.move_count_base + plies_left.powf(1.32)) as usize;
                if self.improving_move_count && improving == Some(false) {
                    count / 2
                } else {
                    count
                }
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
            && depth >= plies(self.reduction_depth)
            && depth > plies(self.reduction_floor)
            && moves.len() > 1;
        // Far counter-attacks at a node facing an open three: pruned near the horizon,
        // reduced.
        let threat_node = !calm && opp_fives == 0 && moves.len() > 1;
        let threat_pruning = threat_node && depth <= plies(self.threat_prune_depth);
        let threat_reducing = threat_node && self.threat_reduction > 0 && depth >= plies(2);
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
        // The node's depth, lowered by the alpha-improvement reduction as the loop goes.
        let mut depth = depth;
        for (k, &(value, c)) in moves.iter().enumerate() {
            if Some(c) == excluded {
                continue;
            }
            let next_depth = depth - ONE_PLY + reply_extension;
            if k >= move_count && best > -Score::INFINITE && !best.is_loss() {
                self.stats.pruned += (moves.len() - k) as u64;
                break;
            }
            // A cell where the opponent would make a four: a defence against its open three.
            let blocks = (threat_reducing || threat_pruning) && b.makes_four(b.index(c), !me);
            if threat_pruning && !blocks && best > -Score::INFINITE && !best.is_loss() {
                // Before the move: the opponent's last move is the last, ours one before.
                if far(b, 0, c) && far(b, 1, c) {
                    self.stats.threat_pruned += 1;
                    self.stats.pruned += 1;
                    continue;
                }
            }
            // Four extension: a four costs no depth (the block it forces costs none either).
            let four = b.makes_four(b.index(c), me);
            let next_depth = if self.four_extension && ply < MAX_PLY / 2 && four {
                self.stats.extended += 1;
                next_depth.max(depth)
            } else {
                next_depth
            };
            // Singular extension of the table move (or a multi-cut).
            let next_depth = match self.singular_test(b, c, tt_entry, depth, beta, ply, cut_node) {
                Singular::Cut(s) => {
                    self.move_lists[ply as usize] = moves;
                    return s;
                }
                Singular::Extend(units) if moves.len() > 1 && next_depth < depth => {
                    next_depth + units
                }
                // The table move's own extension, where the test left it as it was.
                _ if tt_move_extension > 0
                    && Some(c) == tt_move
                    && moves.len() > 1
                    && next_depth < depth =>
                {
                    self.stats.tt_move_extended += 1;
                    next_depth + tt_move_extension
                }
                _ => next_depth,
            };
            let next_depth = if likely_fail_high && !four && moves.len() > 1 {
                self.stats.fail_high_reduced += 1;
                next_depth - ONE_PLY
            } else {
                next_depth
            };
            let quiet = self.is_quiet_move(b, c, value);
            if self.reverse_futility_margin > 0 {
                self.four_played[ply as usize] = four;
            }
            // A continued attack: our move two plies back attacked and this one does too.
            let continued = self.continuous_attack_less > 0 && {
                let p = b.patterns(b.index(c), me);
                let attack = attacks(p);
                self.attack_played[ply as usize] = attack;
                ply >= 2
                    && self.attack_played[ply as usize - 2]
                    && (attack
                        || (!far(b, 1, c)
                            && p.iter().filter(|&&v| v >= Pattern::Two as u8).count() >= 2))
            };
            b.play_unchecked(c);
            if next_depth > 0 {
                // The child probes the table after its first checks.
                self.tt.prefetch(b.hash());
            }
            let mut s;
            if k == 0 {
                // The first move of a principal-variation node is on the principal
                // variation; elsewhere the child's expectation is the node's reversed.
                let child_cut = !pv_node && !cut_node;
                s = -self.negamax(b, next_depth, -beta, -alpha, ply + 1, child_cut);
            } else {
                // Late-move reduction of quiet moves (no four or open three for either
                // side), re-searched at full depth when they beat alpha.
                let r = if reducing && k >= self.reduction_from && !four {
                    let h = if self.history {
                        self.history_table[side + b.index(c)]
                    } else {
                        0
                    };
                    let cut = if cut_node
                        && self.cut_node_reduction > 0
                        && !self.killers[slot].contains(&Some(c))
                    {
                        plies(self.cut_node_reduction)
                    } else {
                        0
                    };
                    let mut r = self.reduction(depth, k, top - value, quiet, h);
                    if pv_node {
                        r = r.saturating_sub(plies(self.pv_reduction_less)).max(0);
                    } else if r > ONE_PLY && improving == Some(false) {
                        r = r.saturating_add(plies(self.not_improving_reduction));
                    }
                    if tt_pv && !pv_node && r > 0 {
                        self.stats.tt_pv_less += 1;
                        r = (r - self.tt_pv_reduction_less.min(2 * ONE_PLY)).max(0);
                    }
                    if continued && r > 0 {
                        self.stats.attack_less += 1;
                        r = (r - self.continuous_attack_less.min(2 * ONE_PLY)).max(0);
                    }
                    r.saturating_add(cut)
                        .min(next_depth.saturating_sub(plies(self.reduction_floor)))
                } else if threat_reducing && !blocks {
                    // The move is played: the opponent's last move is one back, ours two.
                    let (far_opp, far_own) = (far(b, 1, c), far(b, 2, c));
                    let u = self.threat_reduction.min(2 * ONE_PLY);
                    let r = if far_opp { u } else { 0 } + if far_own { u / 2 } else { 0 };
                    if r > 0 {
                        self.stats.threat_reduced += 1;
                    }
                    r.min(next_depth.saturating_sub(plies(self.reduction_floor)))
                        .max(0)
                } else {
                    0
                };
                let reduce = r > 0;
                s = if reduce {
                    self.stats.reduced += 1;
                    -self.negamax(b, next_depth - r, -alpha - 1, -alpha, ply + 1, true)
                } else {
                    alpha + 1
                };
                // The re-searches' depth: a ply more when the reduced search beat alpha by
                // the deeper-search margin.
                let mut full_depth = next_depth;
                if s > alpha && !self.aborted {
                    if reduce {
                        self.stats.re_searches += 1;
                        if self.lmr_deeper_margin > 0
                            && ply < MAX_PLY / 2
                            && !s.is_decisive()
                            && !alpha.is_decisive()
                            && s.0 > alpha.0.saturating_add(self.lmr_deeper_margin)
                        {
                            self.stats.lmr_deepened += 1;
                            full_depth += ONE_PLY;
                        }
                    }
                    s = -self.negamax(b, full_depth, -alpha - 1, -alpha, ply + 1, !cut_node);
                }
                if s > alpha && s < beta && !self.aborted {
                    self.stats.re_searches += 1;
                    s = -self.negamax(b, full_depth, -beta, -alpha, ply + 1, false);
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
                    // The alpha-improvement reduction: the later moves a part of a ply
                    // shallower once one raised alpha (only at principal-variation nodes
                    // can a value fall between alpha and beta).
                    if s < beta
                        && self.alpha_improvement_reduction > 0
                        && depth > plies(2)
                        && depth < plies(12)
                        && !s.is_decisive()
                    {
                        self.stats.alpha_reduced += 1;
                        depth -= self.alpha_improvement_reduction.min(ONE_PLY * 2);
                    }
                    if s >= beta {
                        self.stats.cuts += 1;
                        self.stats.first_cuts += u64::from(k == 0);
                        self.stats.cut_index_sum += k as u64;
                        if self.history && quiet {
                            // 64 a square ply.
                            let bonus = 64 * depth * depth / (ONE_PLY * ONE_PLY);
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
        if excluded.is_some() {
            // A singular extension's test: its value is not the node's (no store); every
            // move but the excluded one pruned or none left: fail low.
            return best.max(alpha0);
        }
        // 6. Store.
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let stored = self.depth_to_store(depth);
        self.tt
            .store_pv(key, best.to_tt(ply), stored, bound, best_move, tt_pv);
        best
    }
}
