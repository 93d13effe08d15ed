//! Solves a position from scratch (no opening book), weakly then strongly, and prints
//! time and nodes: `cargo run --release -p connect4 --example empty_board -- [MOVES]
//! [weak|strong] [THREADS]` (the empty board, both solves and one thread by default;
//! minutes; `-` is the empty board). `C4_TECHNIQUES` changes the techniques as for the
//! `suite` example.

use connect4::{Position, Solver};
use std::time::Instant;

#[path = "common/techniques.rs"]
mod techniques;

/// CPU time of this process so far (user + system) in seconds, if known.
fn cpu_seconds() -> Option<f64> {
    zerosum::time::process_cpu_time().map(|t| t.as_secs_f64())
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let moves = args
        .first()
        .filter(|m| *m != "-")
        .cloned()
        .unwrap_or_default();
    let position = Position::from_moves(&moves).expect("a legal move string");
    let kinds: &[bool] = match args.get(1).map(String::as_str) {
        Some("weak") => &[true],
        Some("strong") => &[false],
        _ => &[true, false],
    };
    let threads = args
        .get(2)
        .map_or(1, |t| t.parse().expect("a thread count"));
    for &weak in kinds {
        let mut solver = Solver::new();
        solver.set_use_book(false);
        solver.set_techniques(techniques::techniques_from_env());
        solver.set_threads(threads);
        let cpu = cpu_seconds();
        let wall = Instant::now();
        let s = solver.try_solve(&position, weak).expect("not stopped");
        let wall = wall.elapsed();
        let cpu = cpu.zip(cpu_seconds()).map_or(f64::NAN, |(a, b)| b - a);
        println!(
            "{:?} {} solve: score {}, {} nodes, {:.1?} wall, {:.1} s CPU ({:.2} M nodes/s CPU)",
            moves,
            if weak { "weak" } else { "strong" },
            s.score,
            s.nodes,
            wall,
            cpu,
            s.nodes as f64 / cpu / 1e6
        );
    }
}
