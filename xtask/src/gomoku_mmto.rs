//! `cargo xtask train-gomoku --mmto`: comparison training of the evaluation's weights on
//! a teacher engine's move choices (the method of Bonanza and of MMTO: Hoki & Kaneko
//! 2014, "Large-Scale Optimization for Evaluation Functions with Minimax Search", JAIR
//! 49; after Tesauro's comparison training). The weights are chosen so that the move
//! our evaluation prefers after a shallow search is the teacher's move.
//!
//! In each usable position of the teacher's games (quiet, no four on the board, no VCF
//! for the side to move, the teacher reporting no mate) the candidates are our move
//! generator's first `--mmto-candidates` root moves (the fitted ordering) plus the
//! teacher's move. A candidate's value is the evaluation of the leaf of its line, from
//! the mover's side: at 1 ply the position after it, negated (the opponent is to move
//! there); at 2 plies the position after it and the opponent's reply the evaluation
//! likes least among the first `--mmto-replies` replies (a minimax of depth 2; the
//! replies are chosen again with the new weights every round, as MMTO searches its
//! principal variations again). The weights maximise the conditional logit's likelihood
//! of the teacher's move (`choice_logit`; at 1 ply convex, a round at 2 plies is convex
//! with its leaves fixed).
//!
//! A choice fixes the weights' direction only (and not the side-to-move constant); the
//! direction is scaled so that its values spread as much as today's table's over the
//! same positions, with today's constant, so the table keeps the units the search's
//! fixed margins assume (MMTO fixes its scale by a constraint too).

use crate::choice_logit::{self, Choice};
use crate::gomoku_teacher::{self, MATE_EVAL, TeacherGame};
use crate::gomoku_train::{TrainArgs, scaled_loss};
use gomoku::order::OrderScorer;
use gomoku::train::{Sample, UNITS_PER_LOGIT, is_quiet, to_table};
use gomoku::vcf::VcfSolver;
use gomoku::{Board, Cell, Engine, EvalTable, FEATURE_NAMES, FEATURES, Pattern, features};
use rayon::prelude::*;
use std::path::Path;
use zerosum::Game;

/// One usable position of the teacher's games, with the leaves of its candidates.
pub struct Position {
    /// The features of the position (side to move's view), for the value fit.
    pub x: [i32; FEATURES],
    /// The teacher's evaluation (side to move's view, its units).
    pub eval: i32,
    /// The stones of the position in playing order.
    pub stones: Vec<Cell>,
    /// The candidates, the teacher's move first.
    pub cells: Vec<Cell>,
    /// Per candidate (the teacher's move first), the features of the leaf after each
    /// opponent reply, from the mover's view (to move again there); at 1 ply one leaf a
    /// candidate: the negated features of the position after the candidate.
    pub leaves: Vec<Vec<[i16; FEATURES]>>,
}

/// Whether the side to move of `b` faces no four and has none, and has no VCF within a
/// small search (the position is a question of judgement, not of tactics).
pub fn usable(b: &Board, vcf: &mut VcfSolver) -> bool {
    let me = b.side_to_move();
    is_quiet(b)
        && b.pattern_count(!me, Pattern::Five) == 0
        && vcf.solve(&mut b.clone(), 40, 2_000).is_none()
}

fn narrow(x: [i32; FEATURES], sign: i32) -> [i16; FEATURES] {
    x.map(|v| (sign * v).clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16)
}

/// The position `b` with the teacher's move `expert` and evaluation `eval`, its
/// candidates (the first `candidates` of our ordering and `expert`) and their leaves at
/// `plies` (1 or 2, with the first `replies` replies at 2).
pub fn position(
    b: &Board,
    expert: Cell,
    eval: i32,
    candidates: usize,
    plies: u32,
    replies: usize,
) -> Position {
    let order = Some(OrderScorer::fitted());
    let cells = candidate_cells(b, expert, candidates);
    let mut after = b.clone();
    let mut leaves = Vec::new();
    let mut answers = Vec::new();
    for &c in &cells {
        after.play(c);
        if plies < 2 {
            leaves.push(vec![narrow(features(&after), -1)]);
        } else {
            Engine::candidate_moves_by(&after, replies, &mut answers, order);
            answers.truncate(replies);
            let mut l = Vec::new();
            for &(_, r) in &answers {
                after.play(r);
                if after.outcome().is_none() {
                    l.push(narrow(features(&after), 1));
                }
                after.undo();
            }
            if l.is_empty() {
                l.push(narrow(features(&after), -1));
            }
            leaves.push(l);
        }
        after.undo();
    }
    Position {
        x: features(b),
        eval,
        stones: b.moves().to_vec(),
        cells,
        leaves,
    }
}

/// The leaves of `p`'s candidates replaced by the principal-variation leaves of our
/// engine's search (`engine`, its table and `nodes` a search) of the position after each
/// candidate, as MMTO takes its leaves: one leaf a candidate, from the mover's view (the
/// sign by the side to move at the leaf; a line that ends the game stops one move
/// short). `b` is `p`'s position and `cells` its candidates, the teacher's move first.
pub fn search_leaves(
    b: &Board,
    cells: &[Cell],
    engine: &mut Engine,
    nodes: u64,
) -> Vec<Vec<[i16; FEATURES]>> {
    let me = b.side_to_move();
    let mut out = Vec::new();
    for &c in cells {
        let mut leaf = b.clone();
        leaf.play(c);
        let info = engine.search(&leaf, &zerosum::search::Limits::nodes(nodes));
        for &m in &info.pv {
            if !leaf.is_legal(m) {
                break;
            }
            leaf.play(m);
            if leaf.outcome().is_some() {
                leaf.undo();
                break;
            }
        }
        let sign = if leaf.side_to_move() == me { 1 } else { -1 };
        out.push(vec![narrow(features(&leaf), sign)]);
    }
    out
}

/// The candidates of `b` (the teacher's move `expert` first, then the first `candidates`
/// of our ordering).
pub fn candidate_cells(b: &Board, expert: Cell, candidates: usize) -> Vec<Cell> {
    let mut moves = Vec::new();
    Engine::candidate_moves_by(b, candidates, &mut moves, Some(OrderScorer::fitted()));
    // Against an open three the generator keeps every defence: cut to the same count.
    moves.truncate(candidates);
    let mut cells = vec![expert];
    cells.extend(moves.iter().map(|m| m.1).filter(|&c| c != expert));
    cells
}

/// The usable positions of `games` (moves after the opening with a non-mate evaluation).
pub fn positions(
    games: &[TeacherGame],
    candidates: usize,
    plies: u32,
    replies: usize,
) -> Vec<Position> {
    games
        .par_iter()
        .flat_map_iter(|g| {
            let mut vcf = VcfSolver::new(1 << 14);
            let mut b = Board::new();
            let mut out = Vec::new();
            for (k, &c) in g.moves.iter().enumerate() {
                if k >= g.opening
                    && let Some(Some(eval)) = g.evals.get(k - g.opening)
                    && eval.abs() < MATE_EVAL
                    && usable(&b, &mut vcf)
                {
                    out.push(position(&b, c, *eval, candidates, plies, replies));
                }
                b.play(c);
            }
            out
        })
        .collect()
}

fn value(w: &[f64; FEATURES], x: &[i16; FEATURES]) -> f64 {
    w.iter().zip(x).map(|(a, &b)| a * f64::from(b)).sum()
}

/// The choice of `p` under weights `w`: each candidate's leaf is the one `w` values
/// least (the opponent's best reply by `w`).
pub fn choice(p: &Position, w: &[f64; FEATURES]) -> Choice<FEATURES> {
    let x = p
        .leaves
        .iter()
        .map(|l| {
            let leaf = l
                .iter()
                .min_by(|a, b| value(w, a).total_cmp(&value(w, b)))
                .expect("a candidate has a leaf");
            leaf.map(i32::from)
        })
        .collect();
    Choice {
        x,
        chosen: 0,
        weight: 1.0,
    }
}

/// How often the teacher's move is first and among the first three under `w` (each
/// candidate valued by its leaf), in per cent.
pub fn agreement(ps: &[Position], w: &[f64; FEATURES]) -> (f64, f64) {
    let (mut top1, mut top3) = (0usize, 0usize);
    for p in ps {
        let c = choice(p, w);
        let values: Vec<f64> = c.x.iter().map(|x| value(w, &narrow(*x, 1))).collect();
        let r = choice_logit::rank(&values, 0);
        top1 += usize::from(r == 0);
        top3 += usize::from(r < 3);
    }
    let n = ps.len().max(1) as f64;
    (100.0 * top1 as f64 / n, 100.0 * top3 as f64 / n)
}

/// Replaces the leaves of `ps` by our search's principal-variation leaves under `table`
/// ([`search_leaves`], `nodes` a search). One engine a thread keeps its transposition
/// table from position to position, so the leaves repeat exactly only on one thread
/// (`--threads 1`).
pub fn research(ps: &mut [Position], table: &EvalTable, nodes: u64) {
    ps.par_iter_mut().for_each_init(
        || {
            let mut e = Engine::new(4);
            e.use_feature_table(*table);
            e
        },
        |engine, p| {
            let mut b = Board::new();
            for &c in &p.stones {
                b.play(c);
            }
            p.leaves = search_leaves(&b, &p.cells, engine, nodes);
        },
    );
}

/// The teacher's evaluations of `ps` as weighted binary choices (`weight` a position):
/// the logistic log loss of the value `w·x` against the label `1 / (1 + e^(−eval /
/// scale))`, the value term of a joint fit.
pub fn value_choices(ps: &[Position], scale: f64, weight: f64) -> Vec<Choice<FEATURES>> {
    let mut out = Vec::new();
    for p in ps {
        let y = gomoku::train::sigmoid(f64::from(p.eval) / scale);
        for (chosen, share) in [(0, y), (1, 1.0 - y)] {
            out.push(Choice {
                x: vec![p.x, [0; FEATURES]],
                chosen,
                weight: weight * share,
            });
        }
    }
    out
}

/// Comparison training: `rounds` rounds of (leaves chosen by the current weights, then
/// Newton's method on the conditional logit of the choices and the `values` choices)
/// from `init`, ridge `lambda`.
pub fn fit_choices(
    ps: &[Position],
    values: &[Choice<FEATURES>],
    init: [f64; FEATURES],
    lambda: f64,
    rounds: u32,
) -> ([f64; FEATURES], f64) {
    let mut w = init;
    let mut ll = 0.0;
    for round in 0..rounds.max(1) {
        let mut cs: Vec<Choice<FEATURES>> = ps.par_iter().map(|p| choice(p, &w)).collect();
        cs.extend_from_slice(values);
        (w, ll) = choice_logit::fit(&cs, w, lambda, 20);
        eprintln!("  round {round}: log likelihood {ll:.4} a choice");
    }
    (w, ll)
}

/// The weights `w` (a direction; its constant ignored) scaled so that their values over
/// `ps` spread as much as `reference`'s (the same standard deviation), with
/// `reference`'s side-to-move constant: a table in `reference`'s units (the search's
/// margins assume them; MMTO likewise fixes the scale by a constraint), in logits of
/// [`gomoku::train::UNITS_PER_LOGIT`] units.
pub fn rescale(ps: &[Position], w: &[f64; FEATURES], reference: &EvalTable) -> [f64; FEATURES] {
    let mut dir = *w;
    dir[FEATURES - 1] = 0.0;
    let spread = |f: &dyn Fn(&[i32; FEATURES]) -> f64| {
        let v: Vec<f64> = ps.iter().map(|p| f(&p.x)).collect();
        let mean = v.iter().sum::<f64>() / v.len().max(1) as f64;
        (v.iter().map(|a| (a - mean).powi(2)).sum::<f64>() / v.len().max(1) as f64).sqrt()
    };
    let mut r = reference.weights.map(f64::from);
    r[FEATURES - 1] = 0.0;
    let dot = |w: &[f64; FEATURES], x: &[i32; FEATURES]| -> f64 {
        w.iter().zip(x).map(|(a, &b)| a * f64::from(b)).sum()
    };
    let units = f64::from(reference.divisor) * UNITS_PER_LOGIT;
    let factor = spread(&|x| dot(&r, x)) / units / spread(&|x| dot(&dir, x)).max(1e-12);
    let mut out = dir.map(|v| v * factor);
    out[FEATURES - 1] = f64::from(reference.weights[FEATURES - 1]) / units;
    out
}

/// The positions as value samples: the teacher's evaluation through a logistic of
/// `scale` units a logit.
pub fn value_samples(ps: &[Position], scale: f64) -> Vec<Sample> {
    ps.iter()
        .map(|p| Sample {
            x: p.x,
            y: gomoku::train::sigmoid(f64::from(p.eval) / scale),
        })
        .collect()
}

/// A table's weights as a direction (logit units are irrelevant to the choices).
fn weights_of(t: &EvalTable) -> [f64; FEATURES] {
    t.weights.map(f64::from)
}

/// Runs the comparison training; false on an error.
pub fn fit_mmto(args: &TrainArgs, root: &Path) -> bool {
    let path = root.join(&args.teacher_games);
    let games = gomoku_teacher::read_games(&path);
    if games.is_empty() {
        eprintln!("xtask train-gomoku --mmto: no games in {}", path.display());
        return false;
    }
    let (train, held): (Vec<_>, Vec<_>) = games
        .iter()
        .cloned()
        .enumerate()
        .partition(|(g, _)| g % 10 != 9);
    let strip = |v: Vec<(usize, TeacherGame)>| v.into_iter().map(|g| g.1).collect::<Vec<_>>();
    let (train, held) = (strip(train), strip(held));
    let plies = args.mmto_plies;
    let build =
        |g: &[TeacherGame], plies| positions(g, args.mmto_candidates, plies, args.mmto_replies);
    let (pt, ph) = (build(&train, 1), build(&held, 1));
    eprintln!(
        "{} games ({} held out), {} training positions, {} held out; {} candidates at most",
        games.len(),
        held.len(),
        pt.len(),
        ph.len(),
        args.mmto_candidates + 1
    );
    let current = weights_of(&EvalTable::FITTED);
    let (a1, a3) = agreement(&ph, &current);
    eprintln!("held-out agreement at 1 ply, current table: first {a1:.1} %, top 3 {a3:.1} %");
    let mu = args.mmto_value_weight;
    let values = if mu > 0.0 {
        value_choices(&pt, args.teacher_scale, mu)
    } else {
        Vec::new()
    };
    let (mut w, _) = fit_choices(&pt, &values, [0.0; FEATURES], args.lambda, 1);
    let (a1, a3) = agreement(&ph, &w);
    eprintln!("held-out agreement at 1 ply, fitted: first {a1:.1} %, top 3 {a3:.1} %");
    let mut fitted_on = pt;
    if args.mmto_search_nodes > 0 {
        // MMTO's loop: leaves from our search's principal variations under the current
        // weights, then a fit with those leaves fixed, again.
        let (mut pt, mut hs) = (fitted_on, build(&held, 1));
        let nodes = args.mmto_search_nodes;
        for round in 0..args.mmto_rounds.max(1) {
            let table = if round == 0 && mu > 0.0 {
                EvalTable::FITTED
            } else {
                to_table(&w)
            };
            research(&mut pt, &table, nodes);
            research(&mut hs, &table, nodes);
            let (a1, a3) = agreement(&hs, &weights_of(&table));
            eprintln!(
                "round {round}: held-out agreement at the search leaves ({nodes} nodes), the round's table: first {a1:.1} %, top 3 {a3:.1} %"
            );
            (w, _) = fit_choices(&pt, &values, w, args.lambda, 1);
            let (a1, a3) = agreement(&hs, &w);
            eprintln!("  fitted on these leaves: first {a1:.1} %, top 3 {a3:.1} %");
        }
        fitted_on = pt;
    } else if plies >= 2 {
        let (pt2, ph2) = (build(&train, plies), build(&held, plies));
        let (a1, a3) = agreement(&ph2, &current);
        eprintln!("held-out agreement at 2 plies, current table: first {a1:.1} %, top 3 {a3:.1} %");
        let (a1, a3) = agreement(&ph2, &w);
        eprintln!("held-out agreement at 2 plies, 1-ply fit: first {a1:.1} %, top 3 {a3:.1} %");
        (w, _) = fit_choices(&pt2, &values, w, args.lambda, args.mmto_rounds);
        let (a1, a3) = agreement(&ph2, &w);
        eprintln!("held-out agreement at 2 plies, fitted: first {a1:.1} %, top 3 {a3:.1} %");
        fitted_on = pt2;
    }
    // With a value term the weights are already in the value's logits.
    let logits = if mu > 0.0 {
        w
    } else {
        rescale(&fitted_on, &w, &EvalTable::FITTED)
    };
    let table = to_table(&logits);
    let (a1, a3) = agreement(&ph, &weights_of(&table));
    eprintln!("held-out agreement at 1 ply, the written table: first {a1:.1} %, top 3 {a3:.1} %");
    let (vt, vh) = (
        value_samples(&fitted_on, args.teacher_scale),
        value_samples(&ph, args.teacher_scale),
    );
    eprintln!(
        "held-out log loss against the teacher's evaluation (one factor and a constant fitted): current table {:.4}, written table {:.4}",
        scaled_loss(&EvalTable::FITTED, &vt, &vh),
        scaled_loss(&table, &vt, &vh)
    );
    let mut text = format!(
        "# cargo xtask train-gomoku --mmto --mmto-plies {plies} --mmto-candidates {} --mmto-replies {} --mmto-rounds {} --mmto-search-nodes {} --mmto-value-weight {mu} --lambda {} --teacher-scale {} --teacher-games {}\n# {} games, {} training positions\n",
        args.mmto_candidates,
        args.mmto_replies,
        args.mmto_rounds,
        args.mmto_search_nodes,
        args.lambda,
        args.teacher_scale,
        args.teacher_games.display(),
        games.len(),
        fitted_on.len()
    );
    text.push_str(&table.to_text());
    for (name, (new, old)) in FEATURE_NAMES
        .iter()
        .zip(table.weights.iter().zip(EvalTable::FITTED.weights))
    {
        eprintln!("  {name:<45} {new:>7} (today {old:>7})");
    }
    let out = root.join(&args.mmto_table);
    crate::gomoku_train::write_file(" --mmto", &out, &text)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// On a tiny synthetic case the comparison fit learns to prefer the teacher's move:
    /// positions whose teacher move makes a three (and the other candidates do not) end
    /// with the "my three" weight positive, and the teacher's move first.
    #[test]
    fn comparison_fit_learns_the_teachers_preference() {
        let b = <Board as zerosum::Notation>::parse_position("h8a1i8a3").unwrap();
        let expert = Cell::new(9, 7); // j8: black's three h8 i8 j8
        let mut vcf = VcfSolver::new(1 << 10);
        assert!(usable(&b, &mut vcf));
        let p = position(&b, expert, 30, 6, 1, 0);
        assert!(p.leaves.len() >= 2);
        assert_eq!(p.leaves[0].len(), 1);
        let one = std::slice::from_ref(&p);
        let (w, ll) = fit_choices(one, &[], [0.0; FEATURES], 1e-3, 1);
        // The log likelihood recomputed here from the leaves (one a candidate at 1 ply):
        // the teacher's move, candidate 0, under a softmax of the leaves' values w·x.
        let values: Vec<f64> = p
            .leaves
            .iter()
            .map(|l| l[0].iter().zip(&w).map(|(&x, a)| f64::from(x) * a).sum())
            .collect();
        let top = values.iter().copied().fold(f64::MIN, f64::max);
        let log_sum = values.iter().map(|v| (v - top).exp()).sum::<f64>().ln();
        let recomputed = values[0] - top - log_sum;
        // (`fit` reports the likelihood of the weights before its last, converged step.)
        assert!((ll - recomputed).abs() < 1e-6, "{ll} against {recomputed}");
        // The fit learnt: from 1 in 6 at the zero weights it started from (6 candidates)
        // to over 0.95 for the teacher's move (the ridge keeps it below 1).
        assert_eq!(values.len(), 6);
        assert!(recomputed.exp() > 0.95, "{recomputed}");
        let (top1, _) = agreement(std::slice::from_ref(&p), &w);
        assert_eq!(top1, 100.0);
        let scaled = rescale(one, &w, &EvalTable::FITTED);
        assert!(scaled.iter().all(|v| v.is_finite()));
        // A value term pulls the value of the position towards the teacher's.
        let values = value_choices(one, 60.0, 1.0);
        assert_eq!(values.len(), 2);
        let (wv, _) = fit_choices(one, &values, [0.0; FEATURES], 1e-3, 1);
        let v: f64 = wv.iter().zip(&p.x).map(|(a, &b)| a * f64::from(b)).sum();
        assert!(v > 0.0, "the teacher's evaluation is positive");
        // At 2 plies every candidate has a leaf a reply.
        let p2 = position(&b, expert, 30, 6, 2, 3);
        assert!(p2.leaves.iter().all(|l| !l.is_empty() && l.len() <= 3));
        // Our search's principal-variation leaves: one a candidate.
        let mut ps = vec![p2];
        research(&mut ps, &EvalTable::FITTED, 300);
        assert_eq!(ps[0].leaves.len(), ps[0].cells.len());
        assert!(ps[0].leaves.iter().all(|l| l.len() == 1));
        assert_eq!(ps[0].cells[0], expert);
    }
}
