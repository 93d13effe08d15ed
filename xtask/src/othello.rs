//! othello suites for `cargo xtask`: the FFO endgame positions solved exactly, one
//! thread, checked against the published scores and best moves.

use crate::SuiteRow;
use othello::ffo::{FfoPosition, read_file};
use othello::solver::Solver;
use std::path::Path;
use std::time::{Duration, Instant};
use zerosum::time::{process_cpu_time, thread_cpu_time};

/// Runs the othello suites found under `data` (if any); `quick` takes a sample
/// (#1–#19 and #20–#29).
pub fn suites(data: Option<&Path>, quick: bool) -> Vec<SuiteRow> {
    let Some(dir) = crate::suite_folder(data, "othello") else {
        return Vec::new();
    };
    let mut rows = Vec::new();
    let mut solver = Solver::new(othello::solver::DEFAULT_MIB);
    if let Some(p) = load(&dir, "fforum-1-19.obf", 1..=19, &mut rows) {
        rows.push(run(
            &mut solver,
            "othello FFO #1-#19",
            &p,
            1..=19,
            "no reference figure in the data README",
        ));
    }
    if let Some(p) = load(&dir, "fforum-20-39.obf", 20..=39, &mut rows) {
        // The quick run's ten positions are half the reference's twenty: said so (a new
        // user's report), as the quick Connect Four rows say theirs.
        let (range, name, reference) = if quick {
            (
                20..=29,
                "othello FFO #20-#29",
                "Edax 4.6 (real weights): 2.14 s for #20-#39, i7-9700; ours on #20-#29 only: not comparable",
            )
        } else {
            (
                20..=39,
                "othello FFO #20-#39",
                "Edax 4.6 (real weights): 2.14 s for #20-#39, i7-9700",
            )
        };
        rows.push(run(&mut solver, name, &p, range, reference));
    }
    if !quick && let Some(p) = load(&dir, "fforum-40-59.obf", 40..=59, &mut rows) {
        rows.push(run(
            &mut solver,
            "othello FFO #40-#49",
            &p,
            40..=49,
            "Edax zero-weight here: 6.75 G nodes, 242 s; real weights about 1.06 G nodes",
        ));
    }
    rows
}

/// The positions of the FFO file `file` in `dir`; `None` when it is not there (the suite
/// is skipped) or cannot be read, which adds a row with one wrong result naming why (a
/// suite file that cannot be read fails the run, as Connect Four's do).
fn load(
    dir: &Path,
    file: &str,
    numbers: std::ops::RangeInclusive<usize>,
    rows: &mut Vec<SuiteRow>,
) -> Option<Vec<FfoPosition>> {
    let path = dir.join(file);
    if !path.exists() {
        crate::note_missing_suite(&path);
        return None;
    }
    match read_file(&path) {
        // A position's number is its line's place in the file: a line missing or added
        // would shift every later number and the scores checked with it (a new user's
        // report: a file cut to 5 lines passed as `#1-#19 5/5`, and one without #20
        // labelled #21 as #20). The file must hold the set's count (the data README).
        Ok(p) if p.len() != numbers.clone().count() => {
            rows.push(SuiteRow {
                name: format!("othello {file}"),
                note: format!(
                    "NOT THE SET: {}: {} positions where the set has {} (#{}-#{}): a line \
                     missing or added would shift the numbers of every later position",
                    path.display(),
                    p.len(),
                    numbers.clone().count(),
                    numbers.start(),
                    numbers.end()
                ),
                wrong: Some(1),
                ..SuiteRow::default()
            });
            None
        }
        Ok(p) => Some(p),
        Err(e) => {
            rows.push(SuiteRow::unreadable(
                format!("othello {file}"),
                format!("{}: {e}", path.display()),
            ));
            None
        }
    }
}

fn run(
    solver: &mut Solver,
    name: &str,
    positions: &[FfoPosition],
    range: std::ops::RangeInclusive<usize>,
    reference: &str,
) -> SuiteRow {
    let mut row = SuiteRow {
        name: name.to_string(),
        ..SuiteRow::default()
    };
    let (mut total_time, mut total_nodes, mut total_cpu) = (Duration::ZERO, 0u64, Duration::ZERO);
    let mut failures = Vec::new();
    for pos in positions.iter().filter(|p| range.contains(&p.number)) {
        let (t, c) = (Instant::now(), thread_cpu_time());
        let s = solver.solve(pos.game.board());
        let dt = t.elapsed();
        let cpu = match (c, thread_cpu_time()) {
            (Some(a), Some(b)) => b - a,
            _ => dt,
        };
        total_cpu += cpu;
        total_time += dt;
        total_nodes += s.nodes;
        row.positions += 1;
        let ok =
            Some(s.score) == pos.best_score() && s.best_move.is_some_and(|m| pos.is_best_move(m));
        if ok {
            row.passed += 1;
        } else {
            failures.push(format!("#{}", pos.number));
        }
        eprintln!(
            "  FFO #{:<2} {:>2} empties  {:+3} {:<3} {:>12} nodes {:8.3} s wall {:8.2} s cpu{}",
            pos.number,
            pos.game.board().empties(),
            s.score,
            s.best_move.map(|m| m.to_string()).unwrap_or_default(),
            s.nodes,
            dt.as_secs_f64(),
            cpu.as_secs_f64(),
            if ok {
                String::new()
            } else {
                // What was wanted, as a Connect Four failure says it.
                let best: Vec<String> = (pos.moves.iter())
                    .filter(|&&(_, v)| Some(v) == pos.best_score())
                    .map(|(m, _)| m.to_string())
                    .collect();
                let want = pos.best_score().map_or("?".into(), |v| format!("{v:+}"));
                format!("  WRONG: want {want} {}", best.join(" "))
            }
        );
    }
    if row.positions > 0 {
        row.mean_time = total_time / row.positions as u32;
        row.mean_nodes = total_nodes as f64 / row.positions as f64;
    }
    row.note = format!(
        "total {:.2} s wall, {:.2} s cpu, {:.1} M nodes; {reference}{}",
        total_time.as_secs_f64(),
        total_cpu.as_secs_f64(),
        total_nodes as f64 / 1e6,
        if failures.is_empty() {
            String::new()
        } else {
            format!("; WRONG: {}", failures.join(" "))
        }
    );
    row
}

/// Settings of `cargo xtask train-othello`.
#[derive(clap::Args, Debug)]
pub struct TrainArgs {
    /// Self-play games per round (at least 1).
    #[arg(long, default_value_t = 30_000, allow_negative_numbers = true, value_parser = crate::args::count::<u32>)]
    pub games: u32,
    /// Rounds: round 1 plays with the hand-written `Strong` evaluation, later rounds
    /// with the previous round's weights; each fit uses all rounds' positions.
    #[arg(long, default_value_t = 1, allow_negative_numbers = true, value_parser = crate::args::count::<u32>)]
    pub rounds: u32,
    /// Master seed.
    #[arg(long, allow_negative_numbers = true, default_value_t = 2026)]
    pub seed: u64,
    /// Positions with at most this many empties are labelled by the exact solver, 0 to
    /// 24 (every position of a game from that many empties is solved: beyond about 24
    /// one solve takes minutes).
    #[arg(long, allow_negative_numbers = true, default_value_t = 16, value_parser = clap::value_parser!(u32).range(0..=24))]
    pub solve_empties: u32,
    /// Search depth in plies of the labels of earlier positions, 1 to 20.
    #[arg(long, allow_negative_numbers = true, default_value_t = 4, value_parser = clap::value_parser!(u32).range(1..=20))]
    pub label_depth: u32,
    /// Ridge penalty per weight (a finite number, at least 0).
    #[arg(long, default_value_t = 12.0, value_parser = crate::args::non_negative, allow_negative_numbers = true)]
    pub lambda: f64,
    /// Conjugate-gradient iterations per phase (at least 1).
    #[arg(long, default_value_t = 300, allow_negative_numbers = true, value_parser = crate::args::count::<u32>)]
    pub iterations: u32,
    /// Held-out positions per phase checked against the exact solver (phases up to
    /// `--check-empties` empties).
    #[arg(long, allow_negative_numbers = true, default_value_t = 100)]
    pub check_positions: usize,
    /// The most empties of a held-out position checked against the exact solver, 0 to
    /// 24 (as `--solve-empties`).
    #[arg(long, allow_negative_numbers = true, default_value_t = 20, value_parser = clap::value_parser!(u32).range(0..=24))]
    pub check_empties: u32,
    /// Worker threads, 1 to 256.
    #[arg(long, allow_negative_numbers = true, default_value_t = 2, value_parser = crate::args::thread_count)]
    pub threads: usize,
    /// Empties below a phase whose positions also train it, 0 to 60.
    #[arg(long, allow_negative_numbers = true, default_value_t = 2, value_parser = clap::value_parser!(u32).range(0..=60))]
    pub window_below: u32,
    /// Empties above a phase whose positions also train it, 0 to 60.
    #[arg(long, allow_negative_numbers = true, default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=60))]
    pub window_above: u32,
    /// Shrink each phase's weights towards zero instead of towards the phase with fewer
    /// empties fitted before it (`othello::train::FitConfig::smooth`, the default).
    #[arg(long)]
    pub no_smooth: bool,
    /// Fit only this many phases from the end (4 empties each; the others stay zero),
    /// 1 to 16: for quick experiments on the endgame's phases, not for shipped weights.
    #[arg(long, allow_negative_numbers = true, default_value_t = 16, value_parser = clap::value_parser!(u64).range(1..=16))]
    pub phases: u64,
    /// Do not re-centre the search labels on the games' outcomes (see
    /// `othello::train::recentre`; for measuring its effect).
    #[arg(long)]
    pub no_recentre: bool,
    /// Where to write the weights (default: the crate's shipped file).
    #[arg(long)]
    pub out: Option<std::path::PathBuf>,
    /// Also save the labelled positions here (24-byte records).
    #[arg(long)]
    pub save_data: Option<std::path::PathBuf>,
    /// Fit on positions saved by `--save-data` instead of playing games (their exact
    /// labels up to `--solve-empties` are kept, search labels are made again).
    #[arg(long)]
    pub load_data: Option<std::path::PathBuf>,
    /// With `--load-data`: use only the games numbered below this (to measure how the
    /// error depends on the data's size).
    #[arg(long, allow_negative_numbers = true, requires = "load_data")]
    pub use_games: Option<u32>,
    /// Play and label the games exactly, save them (`--save-data`) and stop, without a
    /// fit.
    #[arg(long)]
    pub data_only: bool,
    /// With `--load-data`: measure the weights in this file (the errors by phase)
    /// instead of fitting; nothing is written.
    #[arg(long)]
    pub eval_weights: Option<std::path::PathBuf>,
    /// Also measure the weights on the FFO positions in this folder (the `fforum-*.obf`
    /// files of `../shared/data/othello`): every listed move's exact score against the
    /// 0-, 2- and 4-ply pattern search, positions with 12 or more empties.
    #[arg(long)]
    pub ffo: Option<std::path::PathBuf>,
}

/// Errors of `w` on published exact move scores (see [`TrainArgs::ffo`]): for every
/// position of the FFO files in `dir` with 12 or more empties and every move listed with
/// its exact score, the `depth`-ply pattern search's value of the move
/// (`othello::train::search_value`) against that score; prints, per depth, the RMSE, the
/// RMSE after removing each position's mean error (what ordering the moves depends on)
/// and how often the best-valued move is a best move.
fn ffo_error(w: &othello::eval::pattern::PatternWeights, dir: &Path) {
    let mut all = Vec::new();
    for f in ["fforum-1-19.obf", "fforum-20-39.obf", "fforum-40-59.obf"] {
        if let Ok(p) = read_file(&dir.join(f)) {
            all.extend(p);
        }
    }
    for depth in [0u32, 2, 4] {
        let (mut sse, mut sse_within, mut n, mut hits, mut positions) = (0f64, 0f64, 0, 0, 0);
        for p in &all {
            let b = p.game.board();
            if b.empties() < 12 {
                continue;
            }
            let mut pairs = Vec::new();
            for &(mv, score) in &p.moves {
                let Some(sq) = mv.to_square() else {
                    continue;
                };
                let sq = sq.index() as u32;
                let c = b.play_flips(sq, b.flips(sq));
                let target = c.empties().saturating_sub(depth);
                let v = -othello::train::search_value(w, c, target, -6401, 6401);
                pairs.push((v as f64 / 100.0, score as f64));
            }
            if pairs.is_empty() {
                continue;
            }
            let mean = pairs.iter().map(|(v, s)| v - s).sum::<f64>() / pairs.len() as f64;
            for &(v, s) in &pairs {
                sse += (v - s) * (v - s);
                sse_within += (v - s - mean) * (v - s - mean);
                n += 1;
            }
            let best = pairs.iter().map(|x| x.1).fold(f64::MIN, f64::max);
            let pick = pairs
                .iter()
                .fold((f64::MIN, 0.0), |m, &x| if x.0 > m.0 { x } else { m });
            hits += usize::from(pick.1 == best);
            positions += 1;
        }
        eprintln!(
            "FFO moves, {depth}-ply search: {n} moves of {positions} positions, rmse {:.2}, within a position {:.2}, best move first {hits}/{positions}",
            (sse / n.max(1) as f64).sqrt(),
            (sse_within / n.max(1) as f64).sqrt(),
        );
    }
}

fn cpu_seconds_since(c: Option<std::time::Duration>) -> f64 {
    c.zip(process_cpu_time())
        .map_or(0.0, |(a, b)| (b - a).as_secs_f64())
}

/// Runs the training and prints the held-out error by phase; false on an I/O error.
pub fn train(args: &TrainArgs, root: &Path) -> bool {
    use othello::eval::pattern::{BUCKET_WIDTH, PatternWeights};
    use othello::train::{
        FitConfig, GenConfig, Label, exact_error, fit_backward, generate, held_out_error,
        label_exact, outcome_bias,
    };
    let mut data = Vec::new();
    let mut weights: Option<PatternWeights> = None;
    let fit_cfg = FitConfig {
        lambda: args.lambda,
        iterations: args.iterations,
        threads: args.threads,
        label_depth: args.label_depth,
        recentre: !args.no_recentre,
        window: (args.window_below, args.window_above),
        smooth: !args.no_smooth,
        phases: args.phases as usize,
    };
    if let Some(p) = &args.load_data {
        // Why it cannot be read, named (a new user's report: a missing file and a junk
        // one gave the same bare message).
        let read = std::fs::read(p).map_err(|e| e.to_string()).and_then(|b| {
            othello::train::read_samples(&b).ok_or_else(|| {
                "not a positions file saved by --save-data (its format or length is wrong)"
                    .to_string()
            })
        });
        match read
            .map_err(|why| eprintln!("xtask: cannot read positions from {}: {why}", p.display()))
            .ok()
        {
            Some(d) => {
                data = d;
                let limit = args.use_games.unwrap_or(u32::MAX);
                data.retain(|s| s.game < limit);
                for s in data.iter_mut() {
                    if s.label == Label::Exact && s.board.empties() > args.solve_empties {
                        s.label = Label::None;
                    }
                }
            }
            None => {
                return false;
            }
        }
    }
    if let Some(p) = &args.eval_weights {
        match std::fs::read(p)
            .ok()
            .and_then(|b| PatternWeights::decode(&b).ok())
        {
            Some(w) => weights = Some(w),
            None => {
                eprintln!("xtask: cannot read weights from {}", p.display());
                return false;
            }
        }
    }
    let rounds = if args.eval_weights.is_some() {
        0
    } else if args.load_data.is_some() {
        1
    } else {
        args.rounds
    };
    let start_cpu = process_cpu_time();
    for round in 0..rounds {
        let cfg = GenConfig {
            games: args.games,
            seed: args.seed,
            round,
            random_plies: (2, 12),
            random_permille: 100,
            threads: args.threads,
        };
        if args.load_data.is_none() {
            let (t, c) = (Instant::now(), process_cpu_time());
            let mut games = generate(&cfg, weights.as_ref());
            // Games of later rounds get fresh numbers (the held-out split is by game).
            for s in games.iter_mut() {
                s.game += round * args.games;
            }
            eprintln!(
                "round {}: {} games, {} positions, {:.0} s wall, {:.0} s cpu",
                round + 1,
                args.games,
                games.len(),
                t.elapsed().as_secs_f64(),
                cpu_seconds_since(c),
            );
            let (t, c) = (Instant::now(), process_cpu_time());
            label_exact(&mut games, args.solve_empties, args.threads);
            eprintln!(
                "exact labels (<= {} empties): {} positions, {:.0} s wall, {:.0} s cpu",
                args.solve_empties,
                games.iter().filter(|s| s.label == Label::Exact).count(),
                t.elapsed().as_secs_f64(),
                cpu_seconds_since(c),
            );
            data.extend(games);
        }
        if args.data_only {
            return match &args.save_data {
                Some(p) => match std::fs::write(p, othello::train::write_samples(&data)) {
                    Ok(()) => {
                        eprintln!("wrote {} ({} positions)", p.display(), data.len());
                        true
                    }
                    Err(e) => {
                        eprintln!("xtask: cannot write {}: {e}", p.display());
                        false
                    }
                },
                None => {
                    eprintln!("xtask: --data-only needs --save-data");
                    false
                }
            };
        }
        for s in data.iter_mut().filter(|s| s.label == Label::Search) {
            s.label = Label::None;
        }
        let (t, c) = (Instant::now(), process_cpu_time());
        let w = fit_backward(&mut data, &fit_cfg, |b, r| {
            eprintln!(
                "  phase {b:>2}: {} positions, {} weights seen, training rmse {:.2}, {:.0} s cpu so far",
                r.positions,
                r.weights,
                r.train_rmse,
                cpu_seconds_since(c)
            );
        });
        eprintln!(
            "labels and fit: {:.0} s wall, {:.0} s cpu",
            t.elapsed().as_secs_f64(),
            cpu_seconds_since(c)
        );
        weights = Some(w);
    }
    let Some(w) = weights else {
        return false;
    };
    let errs = held_out_error(&data, |b| w.value(b));
    let bias = outcome_bias(&data, |b| w.value(b));
    let (t, c) = (Instant::now(), process_cpu_time());
    let exact = exact_error(
        &data,
        args.check_empties,
        args.check_positions,
        args.threads,
        |b| w.value(b),
    );
    eprintln!(
        "exact check: {:.0} s wall, {:.0} s cpu",
        t.elapsed().as_secs_f64(),
        cpu_seconds_since(c)
    );
    eprintln!(
        "held-out error by phase (discs; labels: exact | search; exact solver at the phase's fewest empties):"
    );
    for (b, (((ex, se), chk), bias)) in errs.iter().zip(&exact).zip(&bias).enumerate() {
        eprintln!(
            "  empties {:>2}-{:>2}: exact n={:>6} rmse {:5.2} mae {:5.2} | search n={:>6} rmse {:5.2} mae {:5.2} | solver n={:>4} rmse {:5.2} mae {:5.2} | mean minus outcome {:+5.2}",
            b as u32 * BUCKET_WIDTH,
            b as u32 * BUCKET_WIDTH + BUCKET_WIDTH - 1,
            ex.count,
            ex.rmse(),
            ex.mae(),
            se.count,
            se.rmse(),
            se.mae(),
            chk.count,
            chk.rmse(),
            chk.mae(),
            bias,
        );
    }
    eprintln!(
        "total: {} positions ({} exact), {:.0} s cpu",
        data.len(),
        data.iter().filter(|s| s.label == Label::Exact).count(),
        cpu_seconds_since(start_cpu)
    );
    if let Some(dir) = &args.ffo {
        ffo_error(&w, dir);
    }
    if args.eval_weights.is_some() {
        return true;
    }
    if data.is_empty() {
        eprintln!("xtask: no position to fit on: the weights are not written");
        return false;
    }
    let bytes = w.encode();
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| root.join("othello/src/eval/weights.bin"));
    if let Some(p) = &args.save_data
        && let Err(e) = std::fs::write(p, othello::train::write_samples(&data))
    {
        eprintln!("xtask: cannot write {}: {e}", p.display());
        return false;
    }
    match std::fs::write(&out, &bytes) {
        Ok(()) => {
            eprintln!(
                "wrote {} ({} bytes; {} positions)",
                out.display(),
                bytes.len(),
                data.len()
            );
            true
        }
        Err(e) => {
            eprintln!("xtask: cannot write {}: {e}", out.display());
            false
        }
    }
}
