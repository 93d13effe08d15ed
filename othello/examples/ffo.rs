//! Solves FFO suite positions and prints time and nodes per position.
//!
//! `cargo run --release -p othello --example ffo -- <file.obf> [first] [last]`

use othello::ffo::read_file;
use othello::solver::Solver;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let Some(path) = args.get(1) else {
        eprintln!("usage: ffo <file.obf> [first] [last]");
        std::process::exit(2);
    };
    let positions = read_file(std::path::Path::new(path)).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(1)
    });
    let first: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(0);
    let last: usize = args
        .get(3)
        .and_then(|s| s.parse().ok())
        .unwrap_or(usize::MAX);
    let mut solver = Solver::new(256);
    let (mut nodes, t0, mut bad) = (0u64, Instant::now(), 0);
    for pos in positions
        .iter()
        .filter(|p| (first..=last).contains(&p.number))
    {
        let t = Instant::now();
        let s = solver.solve(pos.game.board());
        let dt = t.elapsed().as_secs_f64();
        nodes += s.nodes;
        let mv = s.best_move.map(|m| m.to_string()).unwrap_or_default();
        let ok =
            Some(s.score) == pos.best_score() && s.best_move.is_some_and(|m| pos.is_best_move(m));
        bad += usize::from(!ok);
        println!(
            "#{:<2} {:>2} empties {:+3} {:<3} {:>12} nodes {:8.3} s {:5.1} Mn/s {}",
            pos.number,
            pos.game.board().empties(),
            s.score,
            mv,
            s.nodes,
            dt,
            s.nodes as f64 / dt.max(1e-9) / 1e6,
            if ok { "ok" } else { "WRONG" }
        );
    }
    println!(
        "total {nodes} nodes {:.2} s, {bad} wrong",
        t0.elapsed().as_secs_f64()
    );
}
