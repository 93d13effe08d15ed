//! A match between the trained pattern evaluation and the hand-written `Strong`, both in
//! the core searcher, from random openings with colours swapped:
//!
//! ```sh
//! cargo run --release -p othello --example eval_match -- [--weights FILE] [--openings N]
//!     (--depth D | --nodes N | --cpu-ms MS) [--midgame [--selective T] [--strong-selective T] | --probcut T]
//! ```
//!
//! `--midgame` plays both sides with the engine's own midgame search
//! (`othello::midgame`: aspiration windows, PVS, table) instead of the core searcher,
//! and prints each side's mean depth (overall and by 10 empties), nodes per CPU-second
//! and CPU per move. Both sides search full-width unless `--selective T` turns
//! multi-ProbCut on at threshold `T` for the pattern side (the `Engine` plays at 1.5
//! under a clock) and `--strong-selective T` for the `Strong` side (with the same
//! `PROBCUT_FITS`, which were fitted on the pattern evaluation's searches).
//!
//! `--probcut T` plays the midgame search with the pattern evaluation on both sides, one
//! with multi-ProbCut at threshold `T` (`Midgame::set_selectivity`) against one without,
//! and prints the mean depth each side reached per move.
//!
//! `--openings N` (default 100) openings of 8 random plies from `--seed S`; `--skip K`
//! plays only those after the first `K` (to split one match into parts).
//!
//! `--cpu-ms` gives each move that much CPU time of the searching thread (read from
//! Linux's `/proc/thread-self/schedstat`, so the load of other processes does not count):
//! equal time per move. Prints wins/draws/losses of the pattern side, its score and an
//! Elo estimate with a 95 % interval.

use othello::eval::Strong;
use othello::eval::pattern::{PatternWeights, shipped};
use othello::midgame::{Midgame, MidgameEval};
use othello::{Move, Othello};
use std::sync::Arc;
use std::time::Duration;
use zerosum::agent::Agent;
use zerosum::agent::{SearchAgent, random_openings, run_match};
use zerosum::search::Limits;
use zerosum::time::Budget;
use zerosum::time::TimeSource;

/// The CPU time of the thread that reads it (nanoseconds on the CPU from schedstat).
#[derive(Debug)]
struct ThreadCpu;

impl TimeSource for ThreadCpu {
    fn now(&self) -> Duration {
        let s = std::fs::read_to_string("/proc/thread-self/schedstat").unwrap_or_default();
        let ns = s
            .split_whitespace()
            .next()
            .and_then(|x| x.parse().ok())
            .unwrap_or(0);
        Duration::from_nanos(ns)
    }
}

/// An agent playing the engine's midgame search with evaluation `E`.
struct MidAgent<E> {
    search: Midgame,
    eval: E,
    limits: Limits,
    /// Moves searched and the sum of the depths they reached.
    moves: u64,
    depths: u64,
    /// Nodes searched and thread CPU time spent, over all moves.
    nodes: u64,
    cpu: Duration,
    /// Per band of 10 empties (index `empties / 10`): moves and summed depths.
    band_moves: [u64; 7],
    band_depths: [u64; 7],
}

impl<E> MidAgent<E> {
    fn new(eval: E, limits: Limits, selectivity: Option<f64>) -> MidAgent<E> {
        let mut search = Midgame::new(8);
        search.set_selectivity(selectivity);
        MidAgent {
            search,
            eval,
            limits,
            moves: 0,
            depths: 0,
            nodes: 0,
            cpu: Duration::ZERO,
            band_moves: [0; 7],
            band_depths: [0; 7],
        }
    }

    /// Mean depth, nodes per CPU-second and the mean depth by band of 10 empties.
    fn summary(&self) -> String {
        let bands: Vec<String> = (0..7)
            .filter(|&i| self.band_moves[i] > 0)
            .map(|i| {
                format!(
                    "{}-{}: {:.2}",
                    10 * i,
                    10 * i + 9,
                    self.band_depths[i] as f64 / self.band_moves[i] as f64
                )
            })
            .collect();
        format!(
            "mean depth {:.2}, {:.2} M nodes/s, {:.1} ms/move, by empties [{}]",
            self.mean_depth(),
            self.nodes as f64 / self.cpu.as_secs_f64().max(1e-9) / 1e6,
            self.cpu.as_secs_f64() * 1e3 / self.moves.max(1) as f64,
            bands.join(", ")
        )
    }

    fn mean_depth(&self) -> f64 {
        self.depths as f64 / self.moves.max(1) as f64
    }
}

impl<E: MidgameEval> Agent<Othello> for MidAgent<E> {
    fn name(&self) -> String {
        "midgame".into()
    }
    fn choose(&mut self, game: &Othello) -> Option<Move> {
        let budget = Budget::new(&self.limits);
        let depth = self.limits.depth.unwrap_or(60);
        let start = ThreadCpu.now();
        let r = self
            .search
            .search(&self.eval, game.board(), depth, &budget, &mut |_| {});
        self.cpu += ThreadCpu.now().saturating_sub(start);
        self.moves += 1;
        self.depths += r.depth as u64;
        self.nodes += r.stats.nodes;
        let band = (game.board().empties() / 10) as usize;
        self.band_moves[band] += 1;
        self.band_depths[band] += r.depth as u64;
        r.best_move
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let weights = match value("--weights") {
        Some(path) => {
            let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
            PatternWeights::decode(&bytes).unwrap_or_else(|e| panic!("{path}: {e}"))
        }
        None => shipped().clone(),
    };
    let openings: usize = value("--openings").map_or(100, |v| v.parse().expect("--openings N"));
    let seed: u64 = value("--seed").map_or(20261201, |v| v.parse().expect("--seed S"));
    let limits = if let Some(d) = value("--depth") {
        Limits::depth(d.parse().expect("--depth D"))
    } else if let Some(n) = value("--nodes") {
        Limits::nodes(n.parse().expect("--nodes N"))
    } else if let Some(ms) = value("--cpu-ms") {
        Limits::time(Duration::from_millis(ms.parse().expect("--cpu-ms MS")))
            .with_time_source(Arc::new(ThreadCpu))
    } else {
        Limits::depth(4)
    };
    // `--skip K` drops the first K openings of the same list (a long match split into
    // parts that run at once).
    let skip: usize = value("--skip").map_or(0, |v| v.parse().expect("--skip K"));
    let openings: Vec<Othello> = random_openings(&Othello::new(), openings, 8, seed)
        .into_iter()
        .skip(skip)
        .collect();
    if let Some(t) = value("--probcut") {
        let t: f64 = t.parse().expect("--probcut T");
        let mut selective = MidAgent::new(weights.clone(), limits.clone(), Some(t));
        let mut plain = MidAgent::new(weights, limits, None);
        let r = run_match(&openings, &mut selective, &mut plain, 200);
        println!(
            "ProbCut t = {t} vs no ProbCut: {r}; mean depth {:.2} vs {:.2}",
            selective.mean_depth(),
            plain.mean_depth()
        );
        return;
    }
    let r = if args.iter().any(|a| a == "--midgame") {
        let t = |name: &str| value(name).map(|t| t.parse::<f64>().expect("a threshold"));
        let mut pattern = MidAgent::new(weights, limits.clone(), t("--selective"));
        let mut strong = MidAgent::new(Strong, limits, t("--strong-selective"));
        let r = run_match(&openings, &mut pattern, &mut strong, 200);
        println!("Pattern: {}", pattern.summary());
        println!("Strong:  {}", strong.summary());
        r
    } else {
        let mut pattern = SearchAgent::new("pattern", weights, limits.clone(), 8);
        let mut strong = SearchAgent::new("strong", Strong, limits, 8);
        run_match(&openings, &mut pattern, &mut strong, 200)
    };
    println!("Pattern vs Strong: {r}");
}
