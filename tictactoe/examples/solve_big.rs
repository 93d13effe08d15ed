//! Solves the empty board of a shape given as the first argument (default 4x4) and prints
//! the value, best move, nodes and time: `cargo run --release -p tictactoe --example
//! solve_big -- 5x5x4`.
use std::time::Instant;
use tictactoe::{Board, Mode, Shape, Solver, SolverConfig};

fn main() {
    let shape: Shape = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "4x4".into())
        .parse()
        .expect("a shape like 4x4 or 5x5x4");
    let distance = std::env::args().any(|a| a == "--distance");
    let mode = if distance {
        Mode::Distance
    } else {
        Mode::Outcome
    };
    let mut solver = Solver::new(SolverConfig {
        mode,
        tt_mib: 256,
        ..SolverConfig::default()
    });
    let t = Instant::now();
    let s = solver.solve(&Board::new(shape));
    println!(
        "{shape}: value {} best {:?} nodes {} time {:?}",
        s.score,
        s.best_move.map(|c| c.to_string()),
        s.nodes,
        t.elapsed()
    );
}
