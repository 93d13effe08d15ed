//! `cargo xtask train-gomoku --policy`: the move-ordering model (`gomoku::order`) fitted
//! as a conditional logit on a teacher engine's moves: in each position of the teacher's
//! games (not a forced reply), `P(cell) ∝ e^(w·x(cell))` over the empty cells within two
//! of a stone, maximised by Newton's method with a small ridge. Reports how often the
//! teacher's move is the first, or among the first 14, of the fitted order and of the
//! engine's hand-set order on held-out games (every tenth).

use crate::choice_logit::{Choice, SparseChoice, fit, fit_sparse, penalised_sparse, rank};
use crate::gomoku_teacher::{self, TeacherGame};
use crate::gomoku_train::TrainArgs;
use gomoku::order::{
    ORDER_FEATURE_NAMES, ORDER_FEATURES, PATTERN_ORDER_FEATURES, cell_features, pattern_features,
};
use gomoku::{Board, Pattern};
use std::fmt::Write as _;
use std::path::Path;
use zerosum::Game;

/// One decision: the features of every candidate cell, the hand-set order's values and
/// the index of the teacher's choice.
struct Decision {
    choice: Choice<ORDER_FEATURES>,
    hand: Vec<i32>,
}

/// The teacher's decisions in `games` (each position after the opening that is not a
/// forced reply to a four or a five): per candidate (every cell within two of a stone)
/// `cell(board, index)`, and the index of the teacher's move among them.
fn decisions_with<T>(
    games: &[TeacherGame],
    cell: impl Fn(&Board, usize) -> T,
) -> Vec<(Vec<T>, usize)> {
    let mut out = Vec::new();
    for g in games {
        let mut b = Board::new();
        for (k, &c) in g.moves.iter().enumerate() {
            let me = b.side_to_move();
            let forced = b.pattern_count(!me, Pattern::Five) > 0
                || b.pattern_count(!me, Pattern::OpenFour) > 0
                || b.pattern_count(me, Pattern::Five) > 0;
            if k >= g.opening && !forced {
                let target = b.index(c);
                let cells: Vec<usize> = b.frontier().iter().map(|&i| usize::from(i)).collect();
                if let Some(chosen) = cells.iter().position(|&i| i == target) {
                    out.push((cells.into_iter().map(|i| cell(&b, i)).collect(), chosen));
                }
            }
            b.play(c);
        }
    }
    out
}

fn decisions(games: &[TeacherGame]) -> Vec<Decision> {
    decisions_with(games, |b, i| {
        let me = b.side_to_move();
        let hand =
            gomoku::cell_value(b.patterns(i, me)) + gomoku::cell_value(b.patterns(i, !me)) * 4 / 5;
        (cell_features(b, i), hand)
    })
    .into_iter()
    .map(|(cells, chosen)| {
        let (x, hand) = cells.into_iter().unzip();
        Decision {
            choice: Choice {
                x,
                chosen,
                weight: 1.0,
            },
            hand,
        }
    })
    .collect()
}

/// The decisions' choices (the fit's input).
fn choices(ds: &[Decision]) -> Vec<Choice<ORDER_FEATURES>> {
    ds.iter().map(|d| d.choice.clone()).collect()
}

fn report(name: &str, ds: &[Decision], value: impl Fn(&Decision) -> Vec<i32>) {
    rank_report(name, ds.iter().map(|d| (value(d), d.choice.chosen)));
}

/// Prints how often the chosen candidate is first, among the first 5 and among the
/// first 14 under the values, over `(values of the candidates, chosen)` pairs.
fn rank_report<T: PartialOrd>(name: &str, ds: impl Iterator<Item = (Vec<T>, usize)>) {
    let (mut n, mut top1, mut top5, mut top14) = (0, 0, 0, 0);
    for (values, chosen) in ds {
        let r = rank(&values, chosen);
        n += 1;
        top1 += usize::from(r == 0);
        top5 += usize::from(r < 5);
        top14 += usize::from(r < 14);
    }
    let n = f64::from(n.max(1));
    eprintln!(
        "  {name:<10} first {:.1} %, among 5 {:.1} %, among 14 {:.1} %",
        100.0 * top1 as f64 / n,
        100.0 * top5 as f64 / n,
        100.0 * top14 as f64 / n
    );
}

/// Ordering-model units a logit.
const UNITS: f64 = 100.0;

/// The games of `--teacher-games` in the seeded order, the training and the held-out
/// games' decisions made by `decide`, reported on standard error; `None` (after saying
/// so, as `job`) when the file holds no game of `--seed`.
fn policy_data<D>(
    args: &TrainArgs,
    root: &Path,
    job: &str,
    decide: impl Fn(&[TeacherGame]) -> Vec<D>,
) -> Option<(Vec<TeacherGame>, Vec<D>, Vec<D>)> {
    // A path given absolute stays as it is (`Path::join`).
    let path = root.join(&args.teacher_games);
    let games =
        gomoku_teacher::games_in_order(gomoku_teacher::read_games(&path), args.seed, args.games)
            .reported(&path.display().to_string(), args.seed);
    if games.is_empty() {
        eprintln!(
            "xtask train-gomoku {job}: no games of seed {} to fit on in {}",
            args.seed,
            path.display()
        );
        return None;
    }
    let (train, held) = crate::gomoku_train::held_out(&games);
    let (dt, dh) = (decide(&train), decide(&held));
    eprintln!(
        "{} games, {} training decisions, {} held out",
        games.len(),
        dt.len(),
        dh.len()
    );
    Some((games, dt, dh))
}

/// Runs the policy fit; false on an error.
pub fn fit_policy(args: &TrainArgs, root: &Path) -> bool {
    let Some((games, dt, dh)) = policy_data(args, root, "--policy", decisions) else {
        return false;
    };
    let (w, ll) = fit(&choices(&dt), [0.0; ORDER_FEATURES], args.lambda, 30);
    let table: Vec<i32> = w.iter().map(|v| (v * UNITS).round() as i32).collect();
    eprintln!("training log likelihood {ll:.4} a decision; held-out games:");
    report("hand-set", &dh, |d| d.hand.clone());
    report("fitted", &dh, |d| {
        d.choice
            .x
            .iter()
            .map(|x| x.iter().zip(&table).map(|(a, b)| a * b).sum())
            .collect()
    });
    let all = decisions(&games);
    let (w, ll) = fit(&choices(&all), [0.0; ORDER_FEATURES], args.lambda, 30);
    let cmd = format!(
        "cargo xtask train-gomoku --policy --games {} --seed {} --lambda {}",
        args.games, args.seed, args.lambda
    );
    let mut text = String::new();
    let _ = writeln!(
        text,
        "//! The move-ordering weights fitted on a teacher engine's moves, written by\n//! `{cmd}`\n//! (do not edit by hand; run the command again; the games file comes from\n//! `cargo xtask train-gomoku --teacher …`, see `eval_fitted.rs`).\n//!\n//! Data: {} games, {} decisions (positions that are not a forced reply), conditional\n//! logit over the cells within two of a stone (Newton, ridge {}): log likelihood\n//! {ll:.4} a decision. {UNITS} units a logit.\n\nuse crate::order::OrderTable;\n\n/// The fitted table (feature order of [`crate::order::ORDER_FEATURE_NAMES`]).\npub const FITTED: OrderTable = OrderTable {{\n    weights: [",
        games.len(),
        all.len(),
        args.lambda
    );
    let cells: Vec<String> = w
        .iter()
        .map(|v| format!("{},", (v * UNITS).round() as i32))
        .collect();
    let width = cells.iter().map(String::len).max().unwrap_or(0);
    for (cell, name) in cells.iter().zip(ORDER_FEATURE_NAMES) {
        let _ = writeln!(text, "        {cell:<width$} // {name}");
        eprintln!("  {name:<30} {cell}");
    }
    let _ = writeln!(text, "    ],\n}};");
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| root.join("gomoku/src/order_fitted.rs"));
    crate::gomoku_train::write_file(" --policy", &out, &text)
}

/// The decisions of `games` as the finer model's choices
/// ([`gomoku::order::pattern_features`] of every candidate), with the compiled feature
/// model's values of the candidates.
fn pattern_decisions(games: &[TeacherGame]) -> Vec<(SparseChoice, Vec<i32>)> {
    let scorer = gomoku::order::OrderScorer::fitted();
    decisions_with(games, |b, i| (pattern_features(b, i), scorer.score(b, i)))
        .into_iter()
        .map(|(cells, chosen)| {
            let (mut x, mut starts, mut old) = (Vec::new(), vec![0u32], Vec::new());
            for (f, v) in cells {
                x.extend(f.iter().map(|&j| j as u32));
                starts.push(x.len() as u32);
                old.push(v);
            }
            (SparseChoice { x, starts, chosen }, old)
        })
        .collect()
}

/// `--policy --codes`: fits the finer move-ordering model
/// ([`gomoku::order::PatternOrderTable`]) as the conditional logit of the teacher's
/// moves on [`pattern_features`], reports it against the compiled feature model on the
/// held-out games and writes `gomoku/src/order_codes_fitted.rs` (or `--out`); false on
/// an error.
pub fn fit_pattern_policy(args: &TrainArgs, root: &Path) -> bool {
    let Some((games, dt, dh)) = policy_data(args, root, "--policy --codes", pattern_decisions)
    else {
        return false;
    };
    let train_choices: Vec<SparseChoice> = dt.into_iter().map(|d| d.0).collect();
    let (w, ll) = fit_sparse(&train_choices, PATTERN_ORDER_FEATURES, args.lambda, 30);
    eprintln!("training log likelihood {ll:.4} a decision; held-out games:");
    let held_choices: Vec<SparseChoice> = dh.iter().map(|d| d.0.clone()).collect();
    let held_ll = penalised_sparse(&held_choices, &w, 0.0) / held_choices.len().max(1) as f64;
    eprintln!("  held-out log likelihood {held_ll:.4} a decision");
    rank_report("feature", dh.iter().map(|d| (d.1.clone(), d.0.chosen)));
    rank_report("codes", dh.iter().map(|d| (d.0.values(&w), d.0.chosen)));
    let all: Vec<SparseChoice> = pattern_decisions(&games).into_iter().map(|d| d.0).collect();
    let (w, ll) = fit_sparse(&all, PATTERN_ORDER_FEATURES, args.lambda, 30);
    let units = |v: f64| (v * UNITS).round() as i32;
    let cmd = format!(
        "cargo xtask train-gomoku --policy --codes --games {} --seed {} --teacher-games {} --lambda {}",
        args.games,
        args.seed,
        args.teacher_games.display(),
        args.lambda
    );
    let mut text = String::new();
    let _ = writeln!(
        text,
        "//! The finer move-ordering model fitted on a teacher engine's moves, written by\n//! `{cmd}`\n//! (do not edit by hand; run the command again; the games file comes from\n//! `cargo xtask train-gomoku --cells --teacher …`, see `eval_cells_fitted.rs`).\n//!\n//! Data: {} games, {} decisions (positions that are not a forced reply), conditional\n//! logit over the cells within two of a stone on the cell pattern codes of each side and\n//! four distance terms (Newton, ridge {}): log likelihood {ll:.4} a decision. {UNITS}\n//! units a logit.\n\nuse crate::order::PatternOrderTable;\n\n/// The fitted table (index order of [`crate::pattern_code`]).\npub const PATTERN_ORDER_FITTED: PatternOrderTable = PatternOrderTable {{",
        games.len(),
        all.len(),
        args.lambda
    );
    let values: Vec<i32> = w.iter().map(|&v| units(v)).collect();
    let pc = gomoku::PATTERN_CODES;
    for (name, part) in [
        ("mine", &values[..pc]),
        ("theirs", &values[pc..2 * pc]),
        ("distance", &values[2 * pc..]),
    ] {
        let _ = writeln!(text, "    {name}: [");
        crate::gomoku_cells::rows(&mut text, part);
        let _ = writeln!(text, "    ],");
    }
    let _ = writeln!(text, "}};");
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| root.join("gomoku/src/order_codes_fitted.rs"));
    crate::gomoku_train::write_file(" --policy --codes", &out, &text)
}

/// `--agreement N`: the teacher's moves at `--teacher-nodes` in N positions of the
/// games file (one a game; give games the fits did not use), and how often each engine configuration picks the same cell.
pub fn agreement(args: &TrainArgs, root: &Path) -> bool {
    // A path given absolute stays as it is (`Path::join`).
    let path = root.join(&args.teacher_games);
    let games = gomoku_teacher::read_games(&path);
    let Some(command) = args.teacher.as_deref() else {
        eprintln!("xtask train-gomoku --agreement: --teacher is needed");
        return false;
    };
    let mut positions = Vec::new();
    'games: for (g, game) in games.iter().enumerate() {
        let mut b = Board::new();
        for (k, &c) in game.moves.iter().enumerate() {
            let me = b.side_to_move();
            let forced = b.pattern_count(!me, Pattern::Five) > 0
                || b.pattern_count(!me, Pattern::OpenFour) > 0
                || b.pattern_count(me, Pattern::Five) > 0
                || b.pattern_count(me, Pattern::Four) > 0
                || b.pattern_count(me, Pattern::OpenFour) > 0;
            // One position a game, its ply drawn from the game index.
            if k >= game.opening + 4 + g % 12 && !forced {
                positions.push(b.clone());
                continue 'games;
            }
            b.play(c);
            if k > game.opening + 30 {
                continue 'games;
            }
        }
        if positions.len() >= args.agreement {
            break;
        }
    }
    positions.truncate(args.agreement);
    let init = vec![
        "INFO thread_num 1".to_string(),
        format!("INFO max_node {}", args.teacher_nodes),
        "INFO timeout_turn 30000".to_string(),
    ];
    let Some(mut teacher) = gomoku_teacher::Teacher::start(command, &init) else {
        eprintln!("xtask train-gomoku --agreement: cannot start {command}");
        return false;
    };
    let reference: Vec<Option<gomoku::Cell>> = positions
        .iter()
        .map(|b| teacher.think(b).map(|t| t.0))
        .collect();
    drop(teacher);
    eprintln!(
        "{} positions, teacher at {} nodes; ours at {} nodes (root VCT {}):",
        positions.len(),
        args.teacher_nodes,
        args.match_nodes,
        args.match_vct_nodes
    );
    for (name, eval, fitted_order) in [
        ("hand eval, hand order", gomoku::EvalTable::HAND, false),
        ("hand eval, fitted order", gomoku::EvalTable::HAND, true),
        ("fitted eval, hand order", gomoku::EvalTable::FITTED, false),
        ("fitted eval, fitted order", gomoku::EvalTable::FITTED, true),
    ] {
        use rayon::prelude::*;
        let same: usize = positions
            .par_iter()
            .zip(&reference)
            .map(|(b, r)| {
                let mut e = gomoku::Engine::new(16);
                e.use_feature_table(eval);
                e.fitted_order = fitted_order;
                e.root_vct_nodes = args.match_vct_nodes;
                let info = e.search(b, &zerosum::search::Limits::nodes(args.match_nodes));
                usize::from(info.best.is_some() && info.best == *r)
            })
            .sum();
        eprintln!(
            "  {name:<28} {same} of {} ({:.1} %)",
            positions.len(),
            100.0 * same as f64 / positions.len().max(1) as f64
        );
    }
    true
}
