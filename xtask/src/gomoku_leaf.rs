//! `cargo xtask train-gomoku --leaves N`: the evaluation fitted on the positions our own
//! search asks it about. N games of ours (`Engine` at `--leaf-nodes` a move, the
//! ladder's engine) against the teacher (Rapfi at `--teacher-nodes`) from the given
//! openings (`--leaf-openings`, both colours) and then seeded random ones; every
//! `--leaf-every`-th static leaf value of our searches is sampled
//! ([`Engine::leaf_sample_every`]: the positions in the phase mix of the games and of
//! the tree), and each sampled leaf is labelled by a deeper search: the teacher's
//! reported evaluation at `--judge-nodes` (or, with `--judge-ours`, our own search's
//! value at that many nodes). The labelled leaves are kept in `--leaf-file` (one a line:
//! game, moves, label) so that a fit can be repeated without playing again; the
//! logistic fit of `gomoku::train` gives the table, written in the text form of
//! `EvalTable::to_text` to `--leaf-table` (and as the crate's Rust file with `--out`).

use crate::gomoku_teacher::{MATE_EVAL, Teacher, game_opening};
use crate::gomoku_train::{TrainArgs, scaled_loss, write_table};
use gomoku::suite::parse_openings;
use gomoku::train::{Sample, fit_logistic, log_loss, to_table};
use gomoku::{Board, Engine, EvalTable, Rule};
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::Path;
use std::time::Instant;
use zerosum::search::Limits;
use zerosum::{Game, Notation, Side};

/// One labelled leaf: its game number, its position and the judge's value for its side
/// to move (teacher units, or ours with `--judge-ours`; mates as ±[`MATE_EVAL`]).
struct Leaf {
    game: usize,
    board: Board,
    label: i32,
}

/// The opening and our colour of game `g`: the openings file's openings first, each
/// twice (ours black, then white), then the seeded random openings of
/// [`game_opening`].
fn opening_of(g: usize, openings: &[Board], seed: u64) -> (Board, Side) {
    let side = if g.is_multiple_of(2) {
        Side::First
    } else {
        Side::Second
    };
    let k = g / 2;
    let board = match openings.get(k) {
        Some(b) => b.clone(),
        None => game_opening(seed, k - openings.len()),
    };
    (board, side)
}

fn moves_text(b: &Board) -> String {
    b.moves().iter().map(|c| c.to_string()).collect()
}

/// The value our own search gives `board` at `nodes` nodes, in evaluation units
/// (decisive scores as ±[`MATE_EVAL`]).
fn our_judgement(judge: &mut Engine, board: &Board, nodes: u64) -> i32 {
    judge.clear();
    let info = judge.search(board, &Limits::nodes(nodes));
    if info.score.is_decisive() {
        if info.score.0 > 0 {
            MATE_EVAL
        } else {
            -MATE_EVAL
        }
    } else {
        info.score.0.clamp(-MATE_EVAL, MATE_EVAL)
    }
}

/// Plays the games of one worker (`t`, every `threads`-th game) and labels their leaves,
/// appending each game's leaves to `file` as it ends.
fn worker(
    args: &TrainArgs,
    command: &str,
    openings: &[Board],
    t: usize,
    threads: usize,
    file: &std::sync::Mutex<std::fs::File>,
) -> Option<()> {
    let init = |nodes: u64| {
        vec![
            "INFO thread_num 1".to_string(),
            format!("INFO max_node {nodes}"),
            "INFO timeout_turn 10000".to_string(),
        ]
    };
    let mut opponent = Teacher::start(command, &init(args.teacher_nodes))?;
    let mut judge = if args.judge_ours {
        None
    } else {
        Some(Teacher::start(command, &init(args.judge_nodes))?)
    };
    let mut our_judge = Engine::new(16);
    let mut engine = Engine::new(64);
    engine.leaf_sample_every = args.leaf_every;
    let limits = Limits::nodes(args.leaf_nodes);
    for g in (t..args.leaves).step_by(threads) {
        let (opening, ours) = opening_of(g, openings, args.seed);
        engine.clear();
        engine.leaf_samples.clear();
        let mut b = opening.clone();
        while b.outcome().is_none() && b.stone_count() < 200 {
            let mv = if b.side_to_move() == ours {
                engine.search(&b, &limits).best?
            } else {
                opponent.think(&b)?.0
            };
            if !b.is_legal(mv) {
                return None;
            }
            b.play(mv);
        }
        let mut text = String::new();
        for moves in std::mem::take(&mut engine.leaf_samples) {
            let mut leaf = Board::new();
            for c in moves {
                leaf.play(c);
            }
            let label = match judge.as_mut() {
                Some(j) => j.think(&leaf)?.1,
                None => Some(our_judgement(&mut our_judge, &leaf, args.judge_nodes)),
            };
            if let Some(label) = label {
                let _ = writeln!(text, "{g}\t{}\t{label}", moves_text(&leaf));
            }
        }
        let mut f = file.lock().unwrap();
        let _ = f.write_all(text.as_bytes());
        let _ = f.flush();
        eprintln!("game {g}: {} stones, {:?}", b.stone_count(), b.outcome());
    }
    Some(())
}

/// `table` with its side-to-move constant refitted on `samples`: the logistic fit of
/// the labels on `a · value + b` moves the constant by `b / a` evaluation units; the
/// other weights are kept.
fn constant_refit(table: &EvalTable, samples: &[Sample]) -> EvalTable {
    let one: Vec<Sample> = samples
        .iter()
        .map(|s| {
            let mut x = [0i32; gomoku::FEATURES];
            x[0] = table.value(&s.x);
            x[gomoku::FEATURES - 1] = 1;
            Sample { x, y: s.y }
        })
        .collect();
    let fit = fit_logistic(&one, 1e-6, 50);
    let (a, b) = (fit.weights[0], fit.weights[gomoku::FEATURES - 1]);
    let mut out = *table;
    let shift = (b / a * f64::from(table.divisor)).round() as i32;
    out.weights[gomoku::FEATURES - 1] += shift;
    eprintln!(
        "constant refit: {a:.5} logit a unit, the constant {} -> {} (/{})",
        table.weights[gomoku::FEATURES - 1],
        out.weights[gomoku::FEATURES - 1],
        table.divisor
    );
    out
}

/// Labels again every `--relabel-every`-th leaf of `source` by the judge (on
/// `--threads` workers, each taking every `threads`-th of those leaves) and writes them
/// to `out`, in the order of `source`.
fn relabel(args: &TrainArgs, command: &str, source: &Path, out: &Path) -> Option<()> {
    let leaves: Vec<Leaf> = read_leaves(source, usize::MAX)
        .into_iter()
        .step_by(args.relabel_every.max(1))
        .collect();
    let threads = args.threads.unwrap_or(2).max(1);
    let t0 = Instant::now();
    let labels: Vec<Vec<(usize, Option<i32>)>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let leaves = &leaves;
                s.spawn(move || {
                    let mut judge = (!args.judge_ours).then(|| {
                        Teacher::start(
                            command,
                            &[
                                "INFO thread_num 1".to_string(),
                                format!("INFO max_node {}", args.judge_nodes),
                                "INFO timeout_turn 10000".to_string(),
                            ],
                        )
                    });
                    let mut ours = Engine::new(16);
                    (t..leaves.len())
                        .step_by(threads)
                        .map(|k| {
                            let label = match judge.as_mut() {
                                Some(Some(j)) => j.think(&leaves[k].board).and_then(|r| r.1),
                                Some(None) => None,
                                None => Some(our_judgement(
                                    &mut ours,
                                    &leaves[k].board,
                                    args.judge_nodes,
                                )),
                            };
                            (k, label)
                        })
                        .collect()
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let mut by_index = vec![None; leaves.len()];
    for (k, label) in labels.into_iter().flatten() {
        by_index[k] = label;
    }
    let mut text = String::new();
    for (leaf, label) in leaves.iter().zip(by_index) {
        if let Some(label) = label {
            let _ = writeln!(text, "{}\t{}\t{label}", leaf.game, moves_text(&leaf.board));
        }
    }
    std::fs::write(out, text).ok()?;
    eprintln!(
        "relabelled {} leaves in {:.0} s wall",
        leaves.len(),
        t0.elapsed().as_secs_f64()
    );
    Some(())
}

fn read_leaves(path: &Path, games: usize) -> Vec<Leaf> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let mut out: Vec<Leaf> = text
        .lines()
        .filter_map(|line| {
            let f: Vec<&str> = line.split('\t').collect();
            let game: usize = f.first()?.parse().ok()?;
            // A bare move list, 15x15 freestyle (`15f:` keeps the empty board readable).
            let board = Board::parse_position(&format!("15f:{}", f.get(1)?)).ok()?;
            let label = f.get(2)?.trim().parse().ok()?;
            (game < games).then_some(Leaf { game, board, label })
        })
        .collect();
    // The workers append games as they end: the order of the games, then of the lines.
    out.sort_by_key(|l| l.game);
    out
}

/// Runs the job; the fitted table, or `None` on an error (reported on standard error).
pub fn fit_leaves(args: &TrainArgs, root: &Path) -> Option<EvalTable> {
    let Some(command) = args.teacher.as_deref() else {
        eprintln!("xtask train-gomoku --leaves: --teacher (the opponent and judge) is needed");
        return None;
    };
    let path = root.join(&args.leaf_file);
    if !path.exists()
        && let Some(source) = &args.relabel
    {
        relabel(args, command, &root.join(source), &path)?;
    }
    if !path.exists() {
        let openings = match &args.leaf_openings {
            Some(p) => {
                let text = std::fs::read_to_string(root.join(p)).ok()?;
                parse_openings(&text, 15, Rule::Freestyle).ok()?
            }
            None => Vec::new(),
        };
        let file = std::sync::Mutex::new(
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(&path)
                .ok()?,
        );
        let threads = args.threads.unwrap_or(2).max(1);
        let t0 = Instant::now();
        std::thread::scope(|s| {
            for t in 0..threads {
                let (file, openings) = (&file, &openings);
                s.spawn(move || {
                    if worker(args, command, openings, t, threads, file).is_none() {
                        eprintln!("worker {t}: an engine failed; its remaining games are lost");
                    }
                });
            }
        });
        eprintln!(
            "played {} games and labelled their leaves in {:.0} s wall",
            args.leaves,
            t0.elapsed().as_secs_f64()
        );
    }
    let leaves = read_leaves(&path, args.leaves);
    let scale = args.teacher_scale;
    let sample = |l: &Leaf| Sample {
        x: gomoku::features(&l.board),
        y: gomoku::train::sigmoid(f64::from(l.label) / scale),
    };
    let quiet: Vec<&Leaf> = leaves
        .iter()
        .filter(|l| gomoku::train::is_quiet(&l.board))
        .collect();
    let (mut train, mut held) = (Vec::new(), Vec::new());
    for l in &quiet {
        if l.game % 10 == 9 {
            held.push(sample(l));
        } else {
            train.push(sample(l));
        }
    }
    let stones: Vec<usize> = quiet.iter().map(|l| l.board.stone_count()).collect();
    let mean_stones = stones.iter().sum::<usize>() as f64 / stones.len().max(1) as f64;
    eprintln!(
        "{} leaves ({} quiet; {} training, {} held out), mean {mean_stones:.1} stones, from {}",
        leaves.len(),
        quiet.len(),
        train.len(),
        held.len(),
        path.display()
    );
    if train.is_empty() {
        return None;
    }
    let held_fit = fit_logistic(&train, args.lambda, 50);
    eprintln!("held-out leaves, log loss against the judge:");
    eprintln!(
        "  this fit:        {:.4}",
        log_loss(&held, &held_fit.weights)
    );
    for (name, table) in [
        ("hand-set", EvalTable::HAND),
        ("compiled FITTED", EvalTable::FITTED),
    ] {
        eprintln!(
            "  {name:<16} {:.4} (scaled on the training leaves)",
            scaled_loss(&table, &train, &held)
        );
    }
    eprintln!(
        "  this fit, scaled {:.4}",
        scaled_loss(&to_table(&held_fit.weights), &train, &held)
    );
    // How often a table's sign agrees with the judge on the held-out leaves the judge
    // found decided (a mate either way), which a static value can only guess.
    let decided: Vec<&&Leaf> = quiet
        .iter()
        .filter(|l| l.game % 10 == 9 && l.label.abs() >= MATE_EVAL)
        .collect();
    let won = decided.iter().filter(|l| l.label > 0).count();
    eprintln!(
        "held-out leaves the judge found decided: {} of {} ({won} won for the side to move); sign agreement:",
        decided.len(),
        held.len()
    );
    for (name, table) in [
        ("hand-set", EvalTable::HAND),
        ("compiled FITTED", EvalTable::FITTED),
        ("this fit", to_table(&held_fit.weights)),
    ] {
        let agree = decided
            .iter()
            .filter(|l| (table.value(&gomoku::features(&l.board)) > 0) == (l.label > 0))
            .count();
        eprintln!(
            "  {name:<16} {:.1} %",
            100.0 * agree as f64 / decided.len().max(1) as f64
        );
    }
    let all: Vec<Sample> = quiet.iter().map(|l| sample(l)).collect();
    let fit = fit_logistic(&all, args.lambda, 50);
    let table = if args.leaf_constant {
        constant_refit(&EvalTable::FITTED, &all)
    } else {
        to_table(&fit.weights)
    };
    let text_path = root.join(&args.leaf_table);
    if let Err(e) = std::fs::write(&text_path, table.to_text()) {
        eprintln!("cannot write {}: {e}", text_path.display());
        return None;
    }
    eprintln!("wrote {}", text_path.display());
    let home = std::env::var("HOME").unwrap_or_default();
    let shown = match command.strip_prefix(home.as_str()) {
        Some(rest) if !home.is_empty() => format!("~{rest}"),
        _ => command.to_string(),
    };
    let judge = if args.judge_ours {
        format!("our own search at {} nodes", args.judge_nodes)
    } else {
        format!("the teacher's evaluation at {} nodes", args.judge_nodes)
    };
    let openings = args.leaf_openings.as_ref().map_or(String::new(), |p| {
        format!(" --leaf-openings {}", p.display())
    });
    let cmd = format!(
        "cargo xtask train-gomoku --teacher {shown} --teacher-nodes {} --leaves {} --leaf-every {} --leaf-nodes {} --judge-nodes {}{}{openings} --seed {} --teacher-scale {} --lambda {} --threads {}",
        args.teacher_nodes,
        args.leaves,
        args.leaf_every,
        args.leaf_nodes,
        args.judge_nodes,
        if args.judge_ours { " --judge-ours" } else { "" },
        args.seed,
        scale,
        args.lambda,
        args.threads.unwrap_or(2),
    );
    let mut header = String::new();
    let _ = writeln!(
        header,
        "//! The evaluation values fitted on the leaves of our own searches, written by\n//! `{cmd}`\n//! (do not edit by hand; run the command again).\n//!\n//! Data: {} games of ours at {} nodes a move against the teacher at {} nodes; every\n//! {}th static leaf value of our searches sampled, {} quiet leaves (mean {mean_stones:.1} stones),\n//! each labelled by {judge} (a logistic of {} units a logit). Logistic\n//! regression (Newton, ridge {} on the standardised features): log loss {:.4}.\n//! {} units a logit, weights in tenths of a unit.",
        args.leaves,
        args.leaf_nodes,
        args.teacher_nodes,
        args.leaf_every,
        quiet.len(),
        scale,
        args.lambda,
        fit.log_loss,
        gomoku::train::UNITS_PER_LOGIT,
    );
    if args.out.is_some() {
        write_table(header, &fit, &table, args, root)?;
    } else {
        for (name, w) in gomoku::FEATURE_NAMES.iter().zip(table.weights) {
            eprintln!("  {name:<45} {w:>7}");
        }
    }
    Some(table)
}
