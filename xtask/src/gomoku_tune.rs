//! `cargo xtask tune-gomoku`: tunes the gomoku evaluation's weights by match results
//! with SPSA (simultaneous perturbation stochastic approximation, Spall 1998, "An
//! overview of the simultaneous perturbation method for efficient optimization"; the
//! way chess engines tune by games, e.g. Stockfish's fishtest).
//!
//! Each iteration `k` draws a random sign `Δᵢ = ±1` for every tuned weight and plays
//! two engines with the weights `θ ± c_k·s⊙Δ` (`s` the per-weight scale), each from the
//! same fresh random opening with colours swapped, against a fixed opponent (Rapfi
//! limited by nodes by default; `--self-play` plays the two against each other). Then
//! `θ += a_k·s⊙Δ·(score₊ − score₋)/(2c_k)` (scores in points a game), with Spall's
//! gains `c_k = c/(k+1)^0.101` and `a_k = a/(A+k+1)^0.602`, `A` a tenth of the
//! iterations. Our engines are `quirky-pbrain --nodes N --eval FILE` processes played
//! through the Gomocup match runner ([`gomoku::gomocup::run_match`]); the engines think
//! one at a time.
//!
//! Openings: black h8, white in the central 5×5, black and white in the central 7×7
//! (4 stones, black to move), drawn from `--seed` and the iteration, so they are never
//! the 3-stone openings of the validation sets. Weights that start at 0 stay 0 (their
//! features never fire on the positions the search evaluates: the side to move's open
//! four and five).
//!
//! Writes one line per iteration to `--log` (the scores, then the weights) and, after
//! each iteration, the mean of the weights over the last half of the iterations so far
//! (Polyak averaging of the noisy iterates) to `--out` in the text form of
//! [`EvalTable::to_text`], which `quirky-pbrain --eval FILE` reads.

use clap::Args;
use gomoku::gomocup::{EngineSpec, MatchConfig, TimeControl, run_match};
use gomoku::{Board, Cell, EvalTable, FEATURES, Rule};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Options of `cargo xtask tune-gomoku`.
#[derive(Args, Debug)]
pub struct TuneArgs {
    /// Our engine: a `quirky-pbrain` binary (build it with `cargo build --release -p gomoku`;
    /// the default is the workspace's target folder, wherever the command runs from).
    #[arg(long, default_value_os_t = crate::target_dir().join("release/quirky-pbrain"))]
    pub engine: PathBuf,
    /// Nodes a move for our engines.
    #[arg(long, default_value_t = 12_000, allow_negative_numbers = true, value_parser = crate::args::count::<u64>)]
    pub nodes: u64,
    /// The opponent's command (default Rapfi in the anchors cache).
    #[arg(long)]
    pub opponent: Option<String>,
    /// The opponent's node limit (sent as `INFO max_node`, with `INFO thread_num 1`).
    #[arg(long, default_value_t = 3_000, allow_negative_numbers = true, value_parser = crate::args::count::<u64>)]
    pub opponent_nodes: u64,
    /// Play θ₊ against θ₋ directly instead of both against the opponent.
    #[arg(long)]
    pub self_play: bool,
    /// Iterations (each plays 4 games, 2 with `--self-play`, per batch member).
    #[arg(long, allow_negative_numbers = true, default_value_t = 600, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub iterations: u64,
    /// Iteration to start at (to continue a run with `--start` = its `--out`).
    #[arg(long, allow_negative_numbers = true, default_value_t = 0, value_parser = clap::value_parser!(u64).range(0..=1_000_000))]
    pub first: u64,
    /// Perturbations an iteration, played in parallel threads; their gradient
    /// estimates are averaged.
    #[arg(long, allow_negative_numbers = true, default_value_t = 1, value_parser = crate::args::thread_count)]
    pub batch: usize,
    /// Seed of the signs and the openings.
    #[arg(long, allow_negative_numbers = true, default_value_t = 2031)]
    pub seed: u64,
    /// Starting weights (text form of `EvalTable::to_text`; default the shipped table).
    #[arg(long)]
    pub start: Option<PathBuf>,
    /// Scale of a weight's perturbation as a part of its starting value.
    #[arg(long, allow_negative_numbers = true, default_value_t = 0.2, value_parser = crate::args::positive)]
    pub scale: f64,
    /// Smallest scale of a weight (in the table's units).
    #[arg(long, allow_negative_numbers = true, default_value_t = 5.0, value_parser = crate::args::non_negative)]
    pub scale_floor: f64,
    /// Change of a weight, in scales, for a whole point of score difference at the
    /// first iteration (sets `a`).
    #[arg(long, allow_negative_numbers = true, default_value_t = 0.1, value_parser = crate::args::positive)]
    pub rate: f64,
    /// One line an iteration: scores and weights.
    #[arg(long, default_value_os_t = crate::target_dir().join("gomoku-tune.tsv"))]
    pub log: PathBuf,
    /// The averaged weights, rewritten after every iteration.
    #[arg(long, default_value_os_t = crate::target_dir().join("gomoku-tuned.eval"))]
    pub out: PathBuf,
}

/// SplitMix64 (Steele, Lea, Flood 2014): the signs and openings from the seed.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A 4-stone opening: black h8, white in the central 5×5, black and white in the
/// central 7×7, all distinct.
fn opening(rng: &mut SplitMix) -> Board {
    let mut b = Board::with_size(15, Rule::Freestyle).expect("15 is valid");
    b.try_play(Cell::new(7, 7)).expect("empty board");
    let mut put = |b: &mut Board, lo: u64, width: u64| loop {
        let c = Cell::new((lo + rng.below(width)) as u8, (lo + rng.below(width)) as u8);
        if b.try_play(c).is_ok() {
            break;
        }
    };
    put(&mut b, 5, 5);
    put(&mut b, 4, 7);
    put(&mut b, 4, 7);
    b
}

/// The table of the real weights `w` (rounded).
fn table(w: &[f64; FEATURES], divisor: i32) -> EvalTable {
    let mut weights = [0i32; FEATURES];
    for (o, &v) in weights.iter_mut().zip(w) {
        *o = v.round() as i32;
    }
    EvalTable { weights, divisor }
}

/// Our engine with the table written to `file`.
fn ours(args: &TuneArgs, t: &EvalTable, file: &Path, name: &str) -> std::io::Result<EngineSpec> {
    std::fs::write(file, t.to_text())?;
    Ok(EngineSpec {
        name: name.to_string(),
        command: vec![
            args.engine.display().to_string(),
            "--nodes".into(),
            args.nodes.to_string(),
            "--eval".into(),
            file.display().to_string(),
        ],
        init: Vec::new(),
    })
}

/// The points (0–2) of engine `a` in the two games from `opening` against `b`, and the
/// number of faults.
fn pair(a: &EngineSpec, b: &EngineSpec, opening: &Board) -> (f64, usize) {
    let mut config = MatchConfig::new(
        vec![opening.clone()],
        TimeControl::PerMove(Duration::from_secs(5)),
    );
    config.games = 2;
    let r = run_match(&config, a, b, |_| {});
    let faults = r.a.faults.len() + r.b.faults.len();
    for f in r.a.faults.iter().chain(&r.b.faults) {
        eprintln!("fault: {f}");
    }
    (r.pairs.first().map_or(0.0, |p| p.1), faults)
}

/// Runs the tuning; false on an error (a file that cannot be read or written).
pub fn tune(args: &TuneArgs) -> bool {
    match run(args) {
        Ok(()) => true,
        Err(e) => {
            eprintln!("tune-gomoku: {e}");
            false
        }
    }
}

fn run(args: &TuneArgs) -> Result<(), String> {
    let start = match &args.start {
        Some(p) => {
            let text = std::fs::read_to_string(p).map_err(|e| format!("{}: {e}", p.display()))?;
            EvalTable::parse(&text).map_err(|e| format!("{}: {e}", p.display()))?
        }
        None => EvalTable::DEFAULT,
    };
    if !args.engine.exists() {
        return Err(format!(
            "{} not found (cargo build --release -p gomoku)",
            args.engine.display()
        ));
    }
    let opponent = args.opponent.clone().unwrap_or_else(|| {
        let home = std::env::var("HOME").unwrap_or_default();
        format!("{home}/.cache/zerosum-anchors/rapfi/pbrain-rapfi")
    });
    let mut rapfi = EngineSpec::from_command_line(&opponent);
    rapfi.init = vec![
        "INFO thread_num 1".to_string(),
        format!("INFO max_node {}", args.opponent_nodes),
    ];
    let dir = args.out.with_extension("work");
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut log = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&args.log)
        .map_err(|e| format!("{}: {e}", args.log.display()))?;
    let _ = writeln!(
        log,
        "# tune-gomoku seed {} nodes {} opponent-nodes {} self-play {} scale {} floor {} rate {} batch {}\n# iteration\tc\ta\tscores (+:-)…\tgames\tseconds\t{}",
        args.seed,
        args.nodes,
        args.opponent_nodes,
        args.self_play,
        args.scale,
        args.scale_floor,
        args.rate,
        args.batch,
        gomoku::FEATURE_NAMES.join("\t")
    );
    let tuned: Vec<usize> = (0..FEATURES).filter(|&i| start.weights[i] != 0).collect();
    let s: Vec<f64> = (0..FEATURES)
        .map(|i| (args.scale * f64::from(start.weights[i]).abs()).max(args.scale_floor))
        .collect();
    let mut theta = [0f64; FEATURES];
    for (t, &w) in theta.iter_mut().zip(&start.weights) {
        *t = f64::from(w);
    }
    let big_a = args.iterations as f64 / 10.0;
    let (c, alpha, gamma) = (1.0, 0.602, 0.101);
    let a = args.rate * 2.0 * c * (big_a + 1.0).powf(alpha);
    let began = Instant::now();
    let mut games = 0u64;
    let mut history: Vec<[f64; FEATURES]> = Vec::new();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.batch.max(1))
        .build()
        .map_err(|e| e.to_string())?;
    for k in args.first..args.first + args.iterations {
        let ck = c / ((k + 1) as f64).powf(gamma);
        let ak = a / (big_a + (k + 1) as f64).powf(alpha);
        // Signs and openings: one stream per (seed, iteration, batch member).
        let members: Vec<(Vec<f64>, Board)> = (0..args.batch.max(1))
            .map(|j| {
                let mut rng = SplitMix(
                    args.seed ^ (k.wrapping_mul(0x1000_0001) + j as u64).wrapping_mul(0x9e37),
                );
                rng.next();
                let delta = (0..FEATURES)
                    .map(|_| if rng.next() & 1 == 0 { 1.0 } else { -1.0 })
                    .collect();
                (delta, opening(&mut rng))
            })
            .collect();
        let results: Vec<Result<(f64, f64, usize), String>> = pool.install(|| {
            use rayon::prelude::*;
            members
                .par_iter()
                .enumerate()
                .map(|(j, (delta, op))| {
                    let mut plus = theta;
                    let mut minus = theta;
                    for &i in &tuned {
                        plus[i] += ck * s[i] * delta[i];
                        minus[i] -= ck * s[i] * delta[i];
                    }
                    let fp = dir.join(format!("plus{j}.eval"));
                    let fm = dir.join(format!("minus{j}.eval"));
                    let ep = ours(args, &table(&plus, start.divisor), &fp, "plus")
                        .map_err(|e| e.to_string())?;
                    let em = ours(args, &table(&minus, start.divisor), &fm, "minus")
                        .map_err(|e| e.to_string())?;
                    if args.self_play {
                        // θ₊'s points p of 2 against θ₋: θ₋ has 2 − p.
                        let (p, f) = pair(&ep, &em, op);
                        Ok((p / 2.0, (2.0 - p) / 2.0, f))
                    } else {
                        let (p, f1) = pair(&ep, &rapfi, op);
                        let (m, f2) = pair(&em, &rapfi, op);
                        Ok((p / 2.0, m / 2.0, f1 + f2))
                    }
                })
                .collect()
        });
        let mut scores = Vec::new();
        let mut grad = [0f64; FEATURES];
        let (mut played, mut faulted) = (0u64, 0u64);
        for ((delta, _), r) in members.iter().zip(results) {
            let (p, m, faults) = r?;
            let n = if args.self_play { 2 } else { 4 };
            games += n;
            played += n;
            faulted += faults as u64;
            scores.push(format!("{p}:{m}"));
            for &i in &tuned {
                grad[i] += (p - m) / (2.0 * ck) * delta[i] / members.len() as f64;
            }
        }
        // Games that all failed (an engine that died or was the wrong program: a
        // recheck's report) score nothing: the weights would follow no result.
        if faulted >= played {
            return Err(format!(
                "iteration {k}: every game had a fault (see above); no weights are written"
            ));
        }
        for &i in &tuned {
            theta[i] += ak * s[i] * grad[i];
        }
        history.push(theta);
        let _ = writeln!(
            log,
            "{k}\t{ck:.4}\t{ak:.4}\t{}\t{games}\t{:.0}\t{}",
            scores.join(" "),
            began.elapsed().as_secs_f64(),
            theta
                .iter()
                .map(|v| format!("{v:.1}"))
                .collect::<Vec<_>>()
                .join("\t")
        );
        // Polyak averaging over the last half of the iterates so far.
        let tail = &history[history.len() / 2..];
        let mut mean = [0f64; FEATURES];
        for t in tail {
            for (m, v) in mean.iter_mut().zip(t) {
                *m += v / tail.len() as f64;
            }
        }
        let text = format!(
            "# cargo xtask tune-gomoku: seed {}, iterations {}..={k}, {games} games, mean of the last {} iterates\n{}",
            args.seed,
            args.first,
            tail.len(),
            table(&mean, start.divisor).to_text()
        );
        std::fs::write(&args.out, text).map_err(|e| format!("{}: {e}", args.out.display()))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;
    use zerosum::Game;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        tune: TuneArgs,
    }

    /// A recheck's report: with an engine that dies at once (here this test binary,
    /// which refuses the engine's arguments), every game faulted, and the job wrote
    /// weights that followed no result, exit status 0. It stops at the first iteration
    /// whose games all faulted, and writes nothing.
    #[test]
    fn an_iteration_whose_games_all_faulted_stops_the_job() {
        let dir = std::env::temp_dir().join(format!("xtask-tune-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let out = dir.join("tuned.eval");
        let log = dir.join("tune.tsv");
        let dies = std::env::current_exe().unwrap();
        let args = Cli::parse_from([
            "tune",
            "--engine",
            dies.to_str().unwrap(),
            "--self-play",
            "--iterations",
            "1",
            "--out",
            out.to_str().unwrap(),
            "--log",
            log.to_str().unwrap(),
        ]);
        let e = run(&args.tune).expect_err("every game faulted");
        assert!(e.contains("every game had a fault"), "{e}");
        assert!(!out.exists(), "weights were written");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// The openings are 4 distinct stones in the central squares, black to move, and
    /// the same seed gives the same openings.
    #[test]
    fn openings_are_reproducible_and_central() {
        let (mut r1, mut r2) = (SplitMix(7), SplitMix(7));
        for _ in 0..200 {
            let (a, b) = (opening(&mut r1), opening(&mut r2));
            assert_eq!(a.to_string(), b.to_string());
            assert_eq!(a.stone_count(), 4);
            assert_eq!(a.side_to_move(), zerosum::Side::First);
            for c in a.moves() {
                let (x, y) = (c.x, c.y);
                assert!((4..=10).contains(&x) && (4..=10).contains(&y), "{a}");
            }
        }
    }
}
