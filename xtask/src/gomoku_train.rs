//! `cargo xtask train-gomoku`: self-play games from the balanced openings and random
//! ones (rayon across cores), positions labelled by the game's result, a logistic fit of
//! the evaluation's per-pattern and per-threat-class values (`gomoku::train`), the table
//! written to `gomoku/src/eval_fitted.rs`; then, unless `--match-games 0`, a match of the
//! fitted table against the hand-set one (both at the same node budget per move, from the
//! balanced openings, colours swapped).

use crate::gomoku_teacher::{self, TeacherGame};
use gomoku::gomocup::MatchReport;
use gomoku::suite::parse_openings;
use gomoku::train::{
    Sample, SelfPlay, fit_logistic, next_random, play_game, random_below, random_opening, to_table,
};
use gomoku::{Board, Engine, EvalTable, FEATURE_NAMES, FEATURES, Rule};
use rayon::prelude::*;
use std::fmt::Write as _;
use std::path::Path;
use std::time::Instant;
use zerosum::search::Limits;
use zerosum::time::process_cpu_time;
use zerosum::{Game, Outcome, Side};

/// Settings of `cargo xtask train-gomoku`.
#[derive(clap::Args, Debug)]
pub struct TrainArgs {
    /// Self-play games (the balanced openings first, each with colours as given, then
    /// random openings).
    #[arg(long, allow_negative_numbers = true, default_value_t = 2_000, value_parser = crate::args::at_least_one)]
    pub games: usize,
    /// Master seed (random openings and random moves).
    #[arg(long, allow_negative_numbers = true, default_value_t = 2026)]
    pub seed: u64,
    /// Search nodes per self-play move.
    #[arg(long, default_value_t = 600, allow_negative_numbers = true, value_parser = crate::args::count::<u64>)]
    pub nodes: u64,
    /// Ridge penalty on the standardised weights (a finite number, at least 0).
    #[arg(long, default_value_t = 1.0, value_parser = crate::args::non_negative, allow_negative_numbers = true)]
    pub lambda: f64,
    /// Games of the fitted-against-hand match (pairs with colours swapped over the
    /// balanced openings, repeated as needed); 0 = no match.
    #[arg(long, allow_negative_numbers = true, default_value_t = 48)]
    pub match_games: usize,
    /// Search nodes per move in the match.
    #[arg(long, default_value_t = 3_000, allow_negative_numbers = true, value_parser = crate::args::count::<u64>)]
    pub match_nodes: u64,
    /// Nodes of the root VCT searches in the match (the engine's default is 40,000; a
    /// smaller budget keeps the match cheap and is the same for both sides).
    #[arg(long, default_value_t = 5_000, allow_negative_numbers = true, value_parser = crate::args::count::<u64>)]
    pub match_vct_nodes: u64,
    /// Worker threads, 1 to 256 (default: all cores).
    #[arg(long, allow_negative_numbers = true, value_parser = crate::args::thread_count)]
    pub threads: Option<usize>,
    /// Where to write the table (default: gomoku/src/eval_fitted.rs).
    #[arg(long)]
    pub out: Option<std::path::PathBuf>,
    /// Play only the match (fitted table as compiled against the hand-set one).
    #[arg(long)]
    pub match_only: bool,
    /// A teacher engine (a Gomocup brain's command line, e.g. Rapfi): the positions come
    /// from its games against itself from random openings of 3 to 6 stones, labelled
    /// with its reported evaluation mixed with the game's result (see `--teacher-mix`),
    /// instead of from our self-play.
    #[arg(long)]
    pub teacher: Option<String>,
    /// The teacher's node limit a move (sent as `INFO max_node`, after `INFO thread_num 1`).
    #[arg(long, default_value_t = 3_000, allow_negative_numbers = true, value_parser = crate::args::count::<u64>)]
    pub teacher_nodes: u64,
    /// The teacher's games file: read when it exists (no game is played then), else
    /// written as the games are played (see `gomoku_teacher`).
    #[arg(long, default_value = "target/gomoku-teacher-games.tsv")]
    pub teacher_games: std::path::PathBuf,
    /// Share of the teacher's evaluation in a label (the rest is the game's result).
    #[arg(long, allow_negative_numbers = true, default_value_t = 0.5, value_parser = crate::args::unit_interval)]
    pub teacher_mix: f64,
    /// Teacher evaluation units a logit (Rapfi's classical evaluation: about 200).
    #[arg(long, allow_negative_numbers = true, default_value_t = 200.0, value_parser = crate::args::positive)]
    pub teacher_scale: f64,
    /// With `--cells`: the teacher's part of a label is the TD(λ) return of the game's
    /// later evaluations with this λ (0: the position's own evaluation; see
    /// `teacher_positions`).
    #[arg(long, allow_negative_numbers = true, default_value_t = 0.0, value_parser = crate::args::unit_interval)]
    pub teacher_lambda: f64,
    /// Fit the move-ordering model on the teacher's moves (`gomoku::order`) instead of
    /// the evaluation; writes `gomoku/src/order_fitted.rs`.
    #[arg(long)]
    pub policy: bool,
    /// With `--policy`: fit the finer model (`gomoku::order::PatternOrderTable`, a value
    /// per cell pattern code and side) instead; writes
    /// `gomoku/src/order_codes_fitted.rs` (or `--out`).
    #[arg(long)]
    pub codes: bool,
    /// Instead of fitting: how often the engine at `--match-nodes` nodes a move picks
    /// the teacher's move (at `--teacher-nodes`) in this many positions of the teacher
    /// games file, one a game (give it games the fits did not see; plies 4–30 after the opening, no forced reply), for each
    /// evaluation (hand-set, fitted) and ordering (hand-set, fitted).
    #[arg(long, allow_negative_numbers = true, default_value_t = 0)]
    pub agreement: usize,
    /// Fit on the leaves of our own searches instead (`gomoku_leaf`): this many games of
    /// ours against the teacher (`--teacher`, at `--teacher-nodes`), their sampled
    /// leaves labelled by a deeper search; 0 = off.
    #[arg(long, allow_negative_numbers = true, default_value_t = 0)]
    pub leaves: usize,
    /// Openings of the leaf games (a move list a line), each played with both colours
    /// before the seeded random openings.
    #[arg(long)]
    pub leaf_openings: Option<std::path::PathBuf>,
    /// Folder of the public suites, where the balanced openings are read
    /// (gomoku/balanced-openings-freestyle15.txt; default ../shared/data when it exists).
    #[arg(long)]
    pub data: Option<std::path::PathBuf>,
    /// Sample every this-many-th static leaf value of our searches.
    #[arg(long, default_value_t = 1_000, allow_negative_numbers = true, value_parser = crate::args::count::<u32>)]
    pub leaf_every: u32,
    /// Our search nodes a move in the leaf games (the ladder's 40,000).
    #[arg(long, default_value_t = 40_000, allow_negative_numbers = true, value_parser = crate::args::count::<u64>)]
    pub leaf_nodes: u64,
    /// Nodes of the judge's search that labels a leaf (the teacher's `INFO max_node`, or
    /// ours with `--judge-ours`).
    #[arg(long, default_value_t = 5_000, allow_negative_numbers = true, value_parser = crate::args::count::<u64>)]
    pub judge_nodes: u64,
    /// Label the leaves by our own deeper search instead of the teacher's evaluation.
    #[arg(long)]
    pub judge_ours: bool,
    /// Instead of playing games: the leaves of this leaf file (every
    /// `--relabel-every`-th line) labelled again by the judge, written to `--leaf-file`.
    #[arg(long)]
    pub relabel: Option<std::path::PathBuf>,
    /// With `--relabel`, keep every this-many-th leaf.
    #[arg(long, allow_negative_numbers = true, default_value_t = 1, value_parser = crate::args::at_least_one)]
    pub relabel_every: usize,
    /// Fit only the side-to-move constant of the compiled table on the leaves (its other
    /// weights kept), instead of every weight.
    #[arg(long)]
    pub leaf_constant: bool,
    /// The labelled leaves: read when it exists (no game is played then), else written.
    #[arg(long, default_value = "target/gomoku-leaves.tsv")]
    pub leaf_file: std::path::PathBuf,
    /// Where the leaf fit's table is written in the text form of `EvalTable::to_text`
    /// (for `quirky-pbrain --eval`).
    #[arg(long, default_value = "target/gomoku-leaf-fit.eval")]
    pub leaf_table: std::path::PathBuf,
    /// Comparison training on the teacher's moves in `--teacher-games` instead
    /// (`gomoku_mmto`: the weights under which the teacher's move is preferred).
    #[arg(long)]
    pub mmto: bool,
    /// Fit the cell evaluation (`gomoku::CellTable`: values per pattern code of a
    /// frontier cell and per threat mask) on the teacher's games (`--teacher`) instead;
    /// writes `gomoku/src/eval_cells_fitted.rs` (or `--out`).
    #[arg(long)]
    pub cells: bool,
    /// With `--mmto`: the depth of the candidates' leaves (1 or 2 plies).
    #[arg(long, allow_negative_numbers = true, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=2))]
    pub mmto_plies: u32,
    /// With `--mmto`: our ordering's first candidates a position (the teacher's move is
    /// added when not among them).
    #[arg(long, allow_negative_numbers = true, default_value_t = 16, value_parser = crate::args::at_least_one)]
    pub mmto_candidates: usize,
    /// With `--mmto --mmto-plies 2`: the opponent's first replies a candidate.
    #[arg(long, allow_negative_numbers = true, default_value_t = 8, value_parser = crate::args::at_least_one)]
    pub mmto_replies: usize,
    /// With `--mmto --mmto-plies 2`: rounds of choosing the leaves again and fitting.
    #[arg(long, default_value_t = 4, allow_negative_numbers = true, value_parser = crate::args::count::<u32>)]
    pub mmto_rounds: u32,
    /// With `--mmto`: the weight a position of the value term (the logistic log loss
    /// against the teacher's evaluation, `--teacher-scale` units a logit) beside the
    /// choices; 0 = choices only, the direction then scaled to today's table's spread.
    #[arg(long, allow_negative_numbers = true, default_value_t = 0.0, value_parser = crate::args::non_negative)]
    pub mmto_value_weight: f64,
    /// With `--mmto`: the leaves from our engine's principal variations at this many
    /// nodes a search (the position after each candidate searched, again every round of
    /// `--mmto-rounds` with the round's weights; needs `--mmto-value-weight` above 0 for
    /// the units); 0 = the fixed-depth leaves of `--mmto-plies`.
    #[arg(long, allow_negative_numbers = true, default_value_t = 0)]
    pub mmto_search_nodes: u64,
    /// With `--mmto`: where the fitted table is written (`EvalTable::to_text`, for
    /// `quirky-pbrain --eval`).
    #[arg(long, default_value = "target/gomoku-mmto.eval")]
    pub mmto_table: std::path::PathBuf,
}

/// CPU time (user + system) of this process so far, in seconds (0 outside Unix).
fn cpu_seconds() -> f64 {
    process_cpu_time().map_or(0.0, |t| t.as_secs_f64())
}

/// Runs the job; false on an error (reported on standard error).
pub fn train(args: &TrainArgs, root: &Path, data: Option<&Path>) -> bool {
    if let Some(n) = args.threads {
        let _ = rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build_global();
    }
    if args.mmto {
        return crate::gomoku_mmto::fit_mmto(args, root);
    }
    if args.cells {
        return crate::gomoku_cells::fit_cells(args, root);
    }
    if args.policy && args.codes {
        return crate::gomoku_policy::fit_pattern_policy(args, root);
    }
    if args.policy {
        return crate::gomoku_policy::fit_policy(args, root);
    }
    if args.agreement > 0 {
        return crate::gomoku_policy::agreement(args, root);
    }
    // Read only by the jobs that play from them (a new user's report: every mode failed
    // without them, and the error named neither the file nor why).
    let openings = || -> Option<Vec<Board>> {
        let Some(dir) = data else {
            eprintln!(
                "xtask train-gomoku: no data folder for the balanced openings \
                 (gomoku/balanced-openings-freestyle15.txt): give --data DIR"
            );
            return None;
        };
        let path = dir.join("gomoku/balanced-openings-freestyle15.txt");
        let text = std::fs::read_to_string(&path)
            .map_err(|e| eprintln!("xtask train-gomoku: {}: {e}", path.display()))
            .ok()?;
        let openings = parse_openings(&text, 15, Rule::Freestyle)
            .map_err(|(line, e)| {
                eprintln!("xtask train-gomoku: {} line {line}: {e}", path.display());
            })
            .ok()?;
        // A file without one (a recheck's report: the match divided by zero, after the
        // table was written).
        if openings.is_empty() {
            eprintln!("xtask train-gomoku: {}: no opening in it", path.display());
            return None;
        }
        Some(openings)
    };
    if args.leaves > 0 {
        let Some(table) = crate::gomoku_leaf::fit_leaves(args, root) else {
            return false;
        };
        if args.match_games > 0 {
            let Some(openings) = openings() else {
                return false;
            };
            play_match(args, &openings, &table);
        }
        return true;
    }
    let needs_openings = args.match_games > 0 || !(args.match_only || args.teacher.is_some());
    let openings = if needs_openings {
        let Some(openings) = openings() else {
            return false;
        };
        openings
    } else {
        Vec::new()
    };
    let table = if args.match_only {
        EvalTable::FITTED
    } else if args.teacher.is_some() {
        match fit_teacher(args, root) {
            Some(t) => t,
            None => return false,
        }
    } else {
        match fit(args, &openings, root) {
            Some(t) => t,
            None => return false,
        }
    };
    if args.match_games > 0 {
        play_match(args, &openings, &table);
    }
    true
}

fn fit(args: &TrainArgs, openings: &[Board], root: &Path) -> Option<EvalTable> {
    let cfg = SelfPlay {
        nodes: args.nodes,
        ..SelfPlay::default()
    };
    let (t, c) = (Instant::now(), cpu_seconds());
    let games: Vec<(Vec<Sample>, Option<Outcome>)> = (0..args.games)
        .into_par_iter()
        .map(|g| {
            let mut rng = args.seed ^ (g as u64).wrapping_mul(0x2545_f491_4f6c_dd1d);
            let opening = if g < openings.len() {
                openings[g].clone()
            } else {
                let stones = 2 + random_below(&mut rng, 4) as usize;
                random_opening(&mut rng, stones)
            };
            play_game(&opening, &cfg, next_random(&mut rng))
        })
        .collect();
    let samples: Vec<Sample> = games.iter().flat_map(|g| g.0.iter().copied()).collect();
    let (mut black, mut white, mut draws) = (0, 0, 0);
    for g in &games {
        match g.1 {
            Some(Outcome::Win(Side::First)) => black += 1,
            Some(Outcome::Win(Side::Second)) => white += 1,
            _ => draws += 1,
        }
    }
    let play_cpu = cpu_seconds() - c;
    eprintln!(
        "self-play: {} games (black {black}, white {white}, draws {draws}), {} positions, {:.0} s wall, {play_cpu:.0} s cpu",
        games.len(),
        samples.len(),
        t.elapsed().as_secs_f64(),
    );
    if samples.is_empty() {
        eprintln!("xtask: no position to fit on: the table is not written");
        return None;
    }
    // Hold out every tenth game to report the fit's error on unseen games.
    let (mut train, mut held) = (Vec::new(), Vec::new());
    for (g, game) in games.iter().enumerate() {
        if g % 10 == 9 {
            held.extend_from_slice(&game.0);
        } else {
            train.extend_from_slice(&game.0);
        }
    }
    let held_fit = fit_logistic(&train, args.lambda, 50);
    let loss = gomoku::train::log_loss;
    eprintln!(
        "held-out log loss: fitted {:.4}, constant {:.4} ({} training, {} held-out positions)",
        loss(&held, &held_fit.weights),
        loss(&held, &{
            let mut w = [0.0; FEATURES];
            w[FEATURES - 1] = held_fit.weights[FEATURES - 1];
            w
        }),
        train.len(),
        held.len()
    );
    let fit = fit_logistic(&samples, args.lambda, 50);
    let table = to_table(&fit.weights);
    eprintln!(
        "fit on all {} positions: log loss {:.4} after {} Newton steps",
        samples.len(),
        fit.log_loss,
        fit.steps
    );
    let command = format!(
        "cargo xtask train-gomoku --games {} --seed {} --nodes {} --lambda {}",
        args.games, args.seed, args.nodes, args.lambda
    );
    let mut text = String::new();
    let _ = writeln!(
        text,
        "//! The evaluation values fitted on self-play positions, written by\n//! `{command}`\n//! (do not edit by hand; run the command again).\n//!\n//! Data: {} games ({} balanced openings, the rest random 2-5 stone openings; black {black},\n//! white {white}, draws {draws}), self-play at {} search nodes a move, 15 % random moves\n//! among the best four in the first 12 plies; {} quiet positions labelled with the game's\n//! result for the side to move. Logistic regression (Newton, ridge {} on the\n//! standardised features): log loss {:.4}. {} units a logit, weights in tenths of a unit.\n//! Self-play took {play_cpu:.0} s of CPU.",
        games.len(),
        openings.len().min(args.games),
        args.nodes,
        samples.len(),
        args.lambda,
        fit.log_loss,
        gomoku::train::UNITS_PER_LOGIT,
    );
    write_table(text, &fit, &table, args, root)
}

/// Writes `header` (the file's module docs) and `table` into the fitted-table file, and
/// prints the weights beside the hand-set ones.
pub(crate) fn write_table(
    mut text: String,
    fit: &gomoku::train::Fit,
    table: &EvalTable,
    args: &TrainArgs,
    root: &Path,
) -> Option<EvalTable> {
    let _ = writeln!(
        text,
        "\nuse crate::eval::EvalTable;\n\n/// The fitted table (feature order of [`crate::FEATURE_NAMES`]).\npub const FITTED: EvalTable = EvalTable {{\n    weights: ["
    );
    // Aligned as rustfmt aligns trailing comments.
    let cells: Vec<String> = table.weights.iter().map(|w| format!("{w},")).collect();
    let width = cells.iter().map(String::len).max().unwrap_or(0);
    for (cell, name) in cells.iter().zip(FEATURE_NAMES) {
        let _ = writeln!(text, "        {cell:<width$} // {name}");
    }
    let _ = writeln!(text, "    ],\n    divisor: {},\n}};", table.divisor);
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| root.join("gomoku/src/eval_fitted.rs"));
    for (j, name) in FEATURE_NAMES.iter().enumerate() {
        eprintln!(
            "  {name:<45} {:>9.4} logit  {:>7} /{} (hand {:>6} /{})",
            fit.weights[j],
            table.weights[j],
            table.divisor,
            EvalTable::HAND.weights[j],
            EvalTable::HAND.divisor
        );
    }
    write_file("", &out, &text).then_some(*table)
}

/// Writes `text` to `out`, saying so on standard error; false (with the error reported as
/// `xtask train-gomoku{job}: cannot write …`) when it cannot.
pub(crate) fn write_file(job: &str, out: &Path, text: &str) -> bool {
    match std::fs::write(out, text) {
        Ok(()) => {
            eprintln!("wrote {}", out.display());
            true
        }
        Err(e) => {
            eprintln!(
                "xtask train-gomoku{job}: cannot write {}: {e}",
                out.display()
            );
            false
        }
    }
}

/// One game between an engine with `first` and one with `second` as their tables.
fn game(
    opening: &Board,
    first: &EvalTable,
    second: &EvalTable,
    args: &TrainArgs,
) -> Option<Outcome> {
    let mut engines = [Engine::new(16), Engine::new(16)];
    engines[0].use_feature_table(*first);
    engines[1].use_feature_table(*second);
    for e in &mut engines {
        e.root_vct_nodes = args.match_vct_nodes;
    }
    let nodes = args.match_nodes;
    let limits = Limits::nodes(nodes);
    let mut b = opening.clone();
    while b.outcome().is_none() && b.stone_count() < 225 {
        let e = &mut engines[usize::from(b.side_to_move() == Side::Second)];
        let mv = e.search(&b, &limits).best?;
        b.play(mv);
    }
    b.outcome()
}

fn play_match(args: &TrainArgs, openings: &[Board], fitted: &EvalTable) {
    let (t, c) = (Instant::now(), cpu_seconds());
    let pairs = args.match_games.div_ceil(2);
    let results: Vec<(Option<Outcome>, Option<Outcome>)> = (0..pairs)
        .into_par_iter()
        .map(|k| {
            let o = &openings[k % openings.len()];
            let hand = EvalTable::HAND;
            (game(o, fitted, &hand, args), game(o, &hand, fitted, args))
        })
        .collect();
    let mut r = MatchReport::default();
    for (a, b) in &results {
        // Game a: the fitted table plays black, game b white.
        r.result.record(Side::First, *a);
        r.result.record(Side::Second, *b);
        let points = |o: &Option<Outcome>, side: Side| match o {
            Some(Outcome::Win(w)) if *w == side => 2,
            Some(Outcome::Win(_)) => 0,
            _ => 1,
        };
        let pair = points(a, Side::First) + points(b, Side::Second);
        r.pairs_won += u32::from(pair == 4);
        r.pairs_lost += u32::from(pair == 0);
    }
    eprintln!(
        "fitted vs hand-set, {} nodes a move, root VCT {} nodes: {} ({:.0} s wall, {:.0} s cpu)",
        args.match_nodes,
        args.match_vct_nodes,
        r.summary(),
        t.elapsed().as_secs_f64(),
        cpu_seconds() - c
    );
}

/// The quiet positions of teacher games as samples: labels mix the teacher's evaluation
/// (share `mix`, through a logistic of `scale` units a logit) with the result for the
/// side to move.
pub(crate) fn teacher_samples(games: &[TeacherGame], mix: f64, scale: f64) -> Vec<Sample> {
    teacher_positions(games, mix, scale, 0.0, gomoku::features)
        .into_iter()
        .map(|(x, y)| Sample { x, y })
        .collect()
}

/// The quiet positions of teacher games as `features` of the position and a label (as
/// [`teacher_samples`] labels them), for any feature form. With `lambda` > 0 the
/// teacher's part of a label is the TD(λ) return of the game's later evaluations
/// instead of the position's own (the λ-return of Sutton 1988, in its backward form): the
/// value at ply k is `(1 − λ) p_k + λ (1 − v_{k+1})`, `p_k` the teacher's evaluation
/// through the logistic (side to move's view) and `v` past the last move the game's
/// result; a ply without an evaluation passes the next one's value on. `lambda` 0 is
/// the position's own evaluation; near 1, the result.
pub(crate) fn teacher_positions<T>(
    games: &[TeacherGame],
    mix: f64,
    scale: f64,
    lambda: f64,
    features: impl Fn(&Board) -> T,
) -> Vec<(T, f64)> {
    let mut out = Vec::new();
    for g in games {
        let result_for = |side: Side| match g.outcome {
            Some(Outcome::Win(w)) if w == side => 1.0,
            Some(Outcome::Win(_)) => 0.0,
            _ => 0.5,
        };
        let probability = |k: usize| {
            k.checked_sub(g.opening)
                .and_then(|j| g.evals.get(j).copied().flatten())
                .map(|eval| gomoku::train::sigmoid(f64::from(eval) / scale))
        };
        // The TD(λ) value of each ply, from the end back (for the side to move there;
        // at λ 0 exactly the ply's own evaluation).
        let n = g.moves.len();
        let mut returns = vec![0.5; n + 1];
        // Past the last stone (black moves first).
        returns[n] = result_for(if n.is_multiple_of(2) {
            Side::First
        } else {
            Side::Second
        });
        for k in (0..n).rev() {
            let later = 1.0 - returns[k + 1];
            returns[k] = match probability(k) {
                Some(p) => (1.0 - lambda) * p + lambda * later,
                None => later,
            };
        }
        let mut b = Board::new();
        for (k, &c) in g.moves.iter().enumerate() {
            if probability(k).is_some() && gomoku::train::is_quiet(&b) {
                let result = result_for(b.side_to_move());
                out.push((features(&b), mix * returns[k] + (1.0 - mix) * result));
            }
            b.play(c);
        }
    }
    out
}

/// The log loss on `held` of `table` scaled by the logistic fit of one factor (and a
/// constant) on `train`: how well the table's order of positions predicts the labels.
pub(crate) fn scaled_loss(table: &EvalTable, train: &[Sample], held: &[Sample]) -> f64 {
    let one = |s: &Sample| {
        let mut x = [0i32; FEATURES];
        x[0] = table.value(&s.x);
        x[FEATURES - 1] = 1;
        Sample { x, y: s.y }
    };
    let t: Vec<Sample> = train.iter().map(one).collect();
    let h: Vec<Sample> = held.iter().map(one).collect();
    let fit = fit_logistic(&t, 1e-6, 50);
    gomoku::train::log_loss(&h, &fit.weights)
}

/// The games split for a held-out check: every tenth game (the tenth, the twentieth, …)
/// held out, the rest for training.
pub(crate) fn held_out(games: &[TeacherGame]) -> (Vec<TeacherGame>, Vec<TeacherGame>) {
    let (mut train, mut held) = (Vec::new(), Vec::new());
    for (g, game) in games.iter().enumerate() {
        if g % 10 == 9 {
            held.push(game.clone());
        } else {
            train.push(game.clone());
        }
    }
    (train, held)
}

/// The teacher's games of `--teacher-games` (played first with `command` when the file
/// does not exist; when it holds fewer than `--games` games of `--seed`, the missing game
/// numbers are played and appended, so a file can be extended), in the seeded order, and
/// the count of black wins, white wins and draws; the counts and the time taken are
/// reported on standard error. `None`, after an error on standard error, when there is no
/// game at all (the teacher could not be started or played none); fewer games than
/// `--games` are kept with a warning.
pub(crate) fn teacher_games(
    args: &TrainArgs,
    root: &Path,
    command: &str,
) -> Option<(Vec<TeacherGame>, (usize, usize, usize))> {
    // A path given absolute stays as it is (`Path::join`).
    let path = root.join(&args.teacher_games);
    let shown = path.display().to_string();
    let (t, c) = (Instant::now(), cpu_seconds());
    let read = if path.exists() {
        gomoku_teacher::read_games(&path)
    } else {
        Vec::new()
    };
    let kept = gomoku_teacher::games_in_order(read, args.seed, args.games);
    let first_missing = kept.first_missing;
    let mut games = kept.reported(&shown, args.seed);
    if let Some(first) = first_missing {
        eprintln!(
            "playing teacher games {first}..{} of seed {} into {shown}",
            args.games, args.seed
        );
        let init = vec![
            "INFO thread_num 1".to_string(),
            format!("INFO max_node {}", args.teacher_nodes),
            "INFO timeout_turn 10000".to_string(),
        ];
        let threads = args.threads.unwrap_or(2);
        let played = gomoku_teacher::play_games(
            command,
            &init,
            first..args.games,
            args.seed,
            threads,
            &path,
        );
        games.extend(played);
        // A game the teacher failed to play ends the kept games there.
        games = gomoku_teacher::games_in_order(games, args.seed, args.games)
            .reported(&shown, args.seed);
    }
    if games.is_empty() {
        eprintln!(
            "xtask train-gomoku: no teacher games in {shown} (does `{command}` start and answer as a Gomocup brain?)"
        );
        return None;
    }
    if games.len() < args.games {
        eprintln!(
            "warning: {} of the {} teacher games asked for; the fit uses those",
            games.len(),
            args.games
        );
    }
    let (mut black, mut white, mut draws) = (0, 0, 0);
    for g in &games {
        match g.outcome {
            Some(Outcome::Win(Side::First)) => black += 1,
            Some(Outcome::Win(Side::Second)) => white += 1,
            _ => draws += 1,
        }
    }
    eprintln!(
        "teacher games: {} (black {black}, white {white}, draws {draws}) from {}, {:.0} s wall, {:.0} s cpu of ours",
        games.len(),
        path.display(),
        t.elapsed().as_secs_f64(),
        cpu_seconds() - c
    );
    Some((games, (black, white, draws)))
}

fn fit_teacher(args: &TrainArgs, root: &Path) -> Option<EvalTable> {
    let command = args.teacher.as_deref()?;
    let (games, (black, white, draws)) = teacher_games(args, root, command)?;
    let (train_games, held_games) = held_out(&games);
    let mix = args.teacher_mix;
    let train = teacher_samples(&train_games, mix, args.teacher_scale);
    let held_result = teacher_samples(&held_games, 0.0, args.teacher_scale);
    let held_teacher = teacher_samples(&held_games, 1.0, args.teacher_scale);
    let train_result = teacher_samples(&train_games, 0.0, args.teacher_scale);
    let held_fit = fit_logistic(&train, args.lambda, 50);
    let loss = gomoku::train::log_loss;
    eprintln!(
        "held-out games' positions ({} training, {} held out), log loss against the result / the teacher's evaluation:",
        train.len(),
        held_result.len()
    );
    eprintln!(
        "  this fit:                 {:.4} / {:.4}",
        loss(&held_result, &held_fit.weights),
        loss(&held_teacher, &held_fit.weights)
    );
    for (name, table) in [
        ("hand-set", EvalTable::HAND),
        ("compiled FITTED", EvalTable::FITTED),
    ] {
        eprintln!(
            "  {name:<25} {:.4} (scaled on the training results)",
            scaled_loss(&table, &train_result, &held_result)
        );
    }
    let mut constant = [0.0; FEATURES];
    constant[FEATURES - 1] = held_fit.weights[FEATURES - 1];
    eprintln!(
        "  the constant alone:       {:.4}",
        loss(&held_result, &constant)
    );
    let samples = teacher_samples(&games, mix, args.teacher_scale);
    let fit = fit_logistic(&samples, args.lambda, 50);
    let table = to_table(&fit.weights);
    // The command as written in the table's docs, with the home directory as `~`.
    let home = std::env::var("HOME").unwrap_or_default();
    let shown = match command.strip_prefix(home.as_str()) {
        Some(rest) if !home.is_empty() => format!("~{rest}"),
        _ => command.to_string(),
    };
    let cmd = format!(
        "cargo xtask train-gomoku --teacher {shown} --teacher-nodes {} --games {} --seed {} --teacher-mix {} --teacher-scale {} --lambda {}",
        args.teacher_nodes, args.games, args.seed, mix, args.teacher_scale, args.lambda
    );
    let mut text = String::new();
    let _ = writeln!(
        text,
        "//! The evaluation values fitted on a teacher engine's games, written by\n//! `{cmd}`\n//! (do not edit by hand; run the command again).\n//!\n//! Data: {} games of the teacher against itself at {} nodes a move from random openings\n//! of 3 to 6 stones (black {black}, white {white}, draws {draws}); {} quiet positions, each\n//! labelled {mix} × the teacher's evaluation (a logistic of {} units a logit) + {} × the\n//! game's result for the side to move. Logistic regression (Newton, ridge {} on the\n//! standardised features): log loss {:.4}. {} units a logit, weights in tenths of a unit.",
        games.len(),
        args.teacher_nodes,
        samples.len(),
        args.teacher_scale,
        1.0 - mix,
        args.lambda,
        fit.log_loss,
        gomoku::train::UNITS_PER_LOGIT,
    );
    write_table(text, &fit, &table, args, root)
}

#[cfg(test)]
mod tests {
    use super::*;
    use gomoku::Cell;

    /// A quiet four-stone game (no line of three) with the teacher's evaluations of its
    /// four positions.
    fn game(evals: [Option<i32>; 4], outcome: Option<Outcome>) -> TeacherGame {
        TeacherGame {
            opening: 0,
            moves: ["h8", "a1", "o15", "a15"]
                .iter()
                .map(|s| s.parse::<Cell>().expect("a cell"))
                .collect(),
            evals: evals.to_vec(),
            outcome,
        }
    }

    /// The TD(λ) labels against the forward sum they stand for,
    /// `(1 − λ) Σ_j λ^j p'_{k+j} + λ^{n−k} z'` (`'`: from the side to move at k, so the
    /// odd steps flipped): λ 0 is the position's own evaluation, λ 1 the result.
    #[test]
    fn td_lambda_labels_are_the_forward_sums() {
        let scale = 50.0;
        let p = |e: i32| 1.0 / (1.0 + (-f64::from(e) / scale).exp());
        let evals = [30, -45, 80, -120];
        for outcome in [
            None,
            Some(Outcome::Win(Side::First)),
            Some(Outcome::Win(Side::Second)),
        ] {
            let g = game(evals.map(Some), outcome);
            // The result after the fourth stone, for black (to move there).
            let z = match outcome {
                Some(Outcome::Win(Side::First)) => 1.0,
                Some(Outcome::Win(_)) => 0.0,
                _ => 0.5,
            };
            for lambda in [0.0, 0.5, 0.8, 1.0] {
                let labels =
                    teacher_positions(std::slice::from_ref(&g), 1.0, scale, lambda, |_| ());
                assert_eq!(labels.len(), 4);
                for (k, &(_, y)) in labels.iter().enumerate() {
                    let flip = |j: usize, v: f64| if j.is_multiple_of(2) { v } else { 1.0 - v };
                    let mut want = 0.0;
                    for (j, &e) in evals[k..].iter().enumerate() {
                        want += (1.0 - lambda) * lambda.powi(j as i32) * flip(j, p(e));
                    }
                    want += lambda.powi((4 - k) as i32) * flip(4 - k, z);
                    assert!(
                        (y - want).abs() < 1e-12,
                        "λ {lambda}, ply {k}, {outcome:?}: {y} against {want}"
                    );
                }
                if lambda == 0.0 {
                    assert!((labels[1].1 - p(-45)).abs() < 1e-12);
                }
            }
        }
    }

    /// A ply without an evaluation gives no sample and passes the next ply's value on.
    #[test]
    fn a_ply_without_an_evaluation_passes_the_value_on() {
        let g = game([Some(0), None, Some(100), Some(-100)], None);
        let half = teacher_positions(std::slice::from_ref(&g), 1.0, 100.0, 0.5, |_| ());
        let full = teacher_positions(&[g], 1.0, 100.0, 0.5, |b| b.stone_count());
        assert_eq!(full.iter().map(|s| s.0).collect::<Vec<_>>(), [0, 2, 3]);
        let p = |e: f64| 1.0 / (1.0 + (-e / 100.0).exp());
        // Ply 3: ½ p(−100) + ½ · (1 − ½); ply 2: ½ p(100) + ½ (1 − v3); ply 0: ½ · ½ + ½ v2.
        let v3 = 0.5 * p(-100.0) + 0.25;
        let v2 = 0.5 * p(100.0) + 0.5 * (1.0 - v3);
        let v0 = 0.25 + 0.5 * v2;
        let got: Vec<f64> = half.iter().map(|s| s.1).collect();
        for (g, w) in got.iter().zip([v0, v2, v3]) {
            assert!((g - w).abs() < 1e-12, "{got:?}");
        }
    }

    /// The argument that makes [`teacher_brain_child`] a teacher (absent from any normal
    /// test run).
    const CHILD_MARKER: &str = "xtask-teacher-child";

    /// Not a test of its own (ignored, so that no run counts it as one): run by
    /// [`teacher_command`] in a child process, this test binary is a Gomocup brain (ours,
    /// 200 nodes a move) on standard input/output, a teacher for the games-file test
    /// below that needs no engine outside the workspace. Without the marker argument
    /// (`cargo test -- --ignored`) it does nothing, rather than wait for a manager.
    #[test]
    #[ignore = "a teacher process, started by a_games_file_is_played_then_extended_with_the_missing_games"]
    fn teacher_brain_child() {
        if std::env::args().any(|a| a == CHILD_MARKER) {
            // End the test harness's unfinished `test … ` line, so that the brain's
            // first answer is a line of its own.
            println!();
            let _ = gomoku::protocol::Brain::new()
                .with_node_limit(200)
                .run_stdio();
        }
    }

    /// The command line that starts [`teacher_brain_child`] as a teacher.
    fn teacher_command() -> String {
        let exe = std::env::current_exe().expect("the test binary's path");
        format!(
            "{} --exact gomoku_train::tests::teacher_brain_child {CHILD_MARKER} --ignored --nocapture --test-threads 1",
            exe.display()
        )
    }

    /// `train-gomoku`'s settings for a games file of `games` games at `path`.
    fn games_args(path: &std::path::Path, games: usize) -> TrainArgs {
        #[derive(clap::Parser)]
        struct Cli {
            #[command(flatten)]
            args: TrainArgs,
        }
        let games = games.to_string();
        let path = path.to_str().expect("a UTF-8 temporary path");
        let argv = [
            "train-gomoku",
            "--seed",
            "31",
            "--games",
            &games,
            "--threads",
            "1",
        ];
        let argv = argv.into_iter().chain(["--teacher-games", path]);
        <Cli as clap::Parser>::parse_from(argv).args
    }

    /// A games file is played when missing, and extended when it holds fewer games than
    /// asked: only the missing game numbers are played and appended, and the games come
    /// back in the order of their numbers, each from its seeded opening. A teacher that
    /// cannot start gives no games (`None`) and writes none.
    #[test]
    fn a_games_file_is_played_then_extended_with_the_missing_games() {
        let dir = std::env::temp_dir().join(format!("xtask-extend-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("games.tsv");
        let teacher = teacher_command();
        let lines = |p: &std::path::Path| std::fs::read_to_string(p).unwrap().lines().count();

        // A teacher that cannot start: no games, none written.
        let none = teacher_games(&games_args(&path, 2), &dir, "/nonexistent/teacher-brain");
        assert!(none.is_none());
        assert!(!path.exists() || lines(&path) == 0);

        // No file: games 0 and 1 are played and written.
        let (first, _) = teacher_games(&games_args(&path, 2), &dir, &teacher).unwrap();
        assert_eq!(first.len(), 2);
        assert_eq!(lines(&path), 2);
        // The file without its second game, and four asked: games 1, 2 and 3 are played
        // and appended (game 0 is read, not played again).
        let text = std::fs::read_to_string(&path).unwrap();
        let line0 = text
            .lines()
            .find(|l| TeacherGame::parse(l).is_some_and(|g| g.line() == first[0].line()));
        std::fs::write(
            &path,
            format!("{}\n", line0.expect("game 0 is in the file")),
        )
        .unwrap();
        let (games, (black, white, draws)) =
            teacher_games(&games_args(&path, 4), &dir, &teacher).unwrap();
        assert_eq!(lines(&path), 4, "one line read, three appended");
        assert_eq!(games.len(), 4);
        assert_eq!(black + white + draws, 4);
        assert_eq!(games[0].line(), first[0].line());
        for (g, game) in games.iter().enumerate() {
            let opening = gomoku_teacher::game_opening(31, g);
            assert_eq!(game.opening, opening.stone_count());
            assert_eq!(game.moves[..game.opening], opening.moves()[..], "game {g}");
            assert!(
                game.moves.len() > game.opening,
                "game {g} has the teacher's moves"
            );
        }
        // Everything there: nothing is played, the same games come back.
        let (again, _) = teacher_games(&games_args(&path, 4), &dir, "/nonexistent/teacher-brain")
            .expect("the file alone holds the four games");
        assert_eq!(lines(&path), 4);
        let line = |v: &[TeacherGame]| v.iter().map(TeacherGame::line).collect::<Vec<_>>();
        assert_eq!(line(&again), line(&games));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
