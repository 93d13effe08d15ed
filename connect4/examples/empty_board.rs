//! Solves a position from scratch (no opening book), weakly then strongly, and prints
//! time and nodes: `cargo run --release -p connect4 --example empty_board -- [MOVES]`
//! (the empty board by default; minutes).

use connect4::{Position, Solver};

fn main() {
    let moves = std::env::args().nth(1).unwrap_or_default();
    let position = Position::from_moves(&moves).expect("a legal move string");
    for weak in [true, false] {
        let mut solver = Solver::new();
        let s = solver.try_solve(&position, weak).expect("not stopped");
        println!(
            "{:?} {} solve: score {}, {} nodes, {:.1?} ({:.2} M nodes/s)",
            moves,
            if weak { "weak" } else { "strong" },
            s.score,
            s.nodes,
            s.elapsed,
            s.nodes as f64 / s.elapsed.as_secs_f64() / 1e6
        );
    }
}
