//! `cargo xtask train-gomoku --policy`: the move-ordering model (`gomoku::order`) fitted
//! as a conditional logit on a teacher engine's moves: in each position of the teacher's
//! games (not a forced reply), `P(cell) ∝ e^(w·x(cell))` over the empty cells within two
//! of a stone, maximised by Newton's method with a small ridge. Reports how often the
//! teacher's move is the first, or among the first 14, of the fitted order and of the
//! engine's hand-set order on held-out games (every tenth).

use crate::choice_logit::{Choice, fit, rank};
use crate::gomoku_teacher::{self, TeacherGame};
use crate::gomoku_train::TrainArgs;
use gomoku::order::{ORDER_FEATURE_NAMES, ORDER_FEATURES, cell_features};
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

fn decisions(games: &[TeacherGame]) -> Vec<Decision> {
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
                let mut x = Vec::new();
                let mut hand = Vec::new();
                let mut chosen = None;
                for &i in b.frontier() {
                    let i = usize::from(i);
                    if i == target {
                        chosen = Some(x.len());
                    }
                    x.push(cell_features(&b, i));
                    hand.push(
                        gomoku::cell_value(b.patterns(i, me))
                            + gomoku::cell_value(b.patterns(i, !me)) * 4 / 5,
                    );
                }
                if let Some(chosen) = chosen {
                    out.push(Decision {
                        choice: Choice {
                            x,
                            chosen,
                            weight: 1.0,
                        },
                        hand,
                    });
                }
            }
            b.play(c);
        }
    }
    out
}

/// The decisions' choices (the fit's input).
fn choices(ds: &[Decision]) -> Vec<Choice<ORDER_FEATURES>> {
    ds.iter().map(|d| d.choice.clone()).collect()
}

fn report(name: &str, ds: &[Decision], value: impl Fn(&Decision) -> Vec<i32>) {
    let (mut top1, mut top5, mut top14) = (0, 0, 0);
    for d in ds {
        let r = rank(&value(d), d.choice.chosen);
        top1 += usize::from(r == 0);
        top5 += usize::from(r < 5);
        top14 += usize::from(r < 14);
    }
    let n = ds.len().max(1) as f64;
    eprintln!(
        "  {name:<10} first {:.1} %, among 5 {:.1} %, among 14 {:.1} %",
        100.0 * top1 as f64 / n,
        100.0 * top5 as f64 / n,
        100.0 * top14 as f64 / n
    );
}

/// Ordering-model units a logit.
const UNITS: f64 = 100.0;

/// Runs the policy fit; false on an error.
pub fn fit_policy(args: &TrainArgs, root: &Path) -> bool {
    // A path given absolute stays as it is (`Path::join`).
    let path = root.join(&args.teacher_games);
    let games =
        gomoku_teacher::games_in_order(gomoku_teacher::read_games(&path), args.seed, args.games);
    if games.is_empty() {
        eprintln!(
            "xtask train-gomoku --policy: no games in {}",
            path.display()
        );
        return false;
    }
    let (train, held) = crate::gomoku_train::held_out(&games);
    let (dt, dh) = (decisions(&train), decisions(&held));
    eprintln!(
        "{} games, {} training decisions, {} held out",
        games.len(),
        dt.len(),
        dh.len()
    );
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
