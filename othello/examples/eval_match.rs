//! A match between the trained pattern evaluation and the hand-written `Strong`, both in
//! the core searcher, from random openings with colours swapped:
//!
//! ```sh
//! cargo run --release -p othello --example eval_match -- [--weights FILE] [--openings N]
//!     (--depth D | --nodes N | --cpu-ms MS) [--midgame]
//! ```
//!
//! `--midgame` plays both sides with the engine's own midgame search
//! (`othello::midgame`: aspiration windows, PVS, table) instead of the core searcher.
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
}

impl<E: MidgameEval> Agent<Othello> for MidAgent<E> {
    fn name(&self) -> String {
        "midgame".into()
    }
    fn choose(&mut self, game: &Othello) -> Option<Move> {
        let budget = Budget::new(&self.limits);
        let depth = self.limits.depth.unwrap_or(60);
        self.search
            .search(&self.eval, game.board(), depth, &budget, &mut |_| {})
            .best_move
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
    let openings = random_openings(&Othello::new(), openings, 8, seed);
    let r = if args.iter().any(|a| a == "--midgame") {
        let mut pattern = MidAgent {
            search: Midgame::new(8),
            eval: weights,
            limits: limits.clone(),
        };
        let mut strong = MidAgent {
            search: Midgame::new(8),
            eval: Strong,
            limits,
        };
        run_match(&openings, &mut pattern, &mut strong, 200)
    } else {
        let mut pattern = SearchAgent::new("pattern", weights, limits.clone(), 8);
        let mut strong = SearchAgent::new("strong", Strong, limits, 8);
        run_match(&openings, &mut pattern, &mut strong, 200)
    };
    println!("Pattern vs Strong: {r}");
}
