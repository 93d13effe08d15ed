//! Nodes the core `Searcher` (iterative deepening, PVS, TT, killers, history) needs to
//! solve the empty 3×3 board, for comparison with the lecture's variants and ours:
//! `cargo run --release -p tictactoe --example core_searcher_count`.
use tictactoe::Board;
use zerosum::ZeroEval;
use zerosum::search::{Limits, Searcher};

fn main() {
    let mut searcher = Searcher::<Board>::new(1);
    let r = searcher.search(
        &mut Board::default(),
        &mut ZeroEval,
        &Limits::default(),
        |_| {},
    );
    println!(
        "core Searcher: value {} move {} depth {} nodes {}",
        r.score,
        r.best_move.unwrap(),
        r.depth,
        r.stats.nodes
    );
    let mut searcher = Searcher::<Board>::new(1);
    let v = searcher.search_depth(
        &mut Board::default(),
        &mut ZeroEval,
        9,
        -zerosum::Score::INFINITE,
        zerosum::Score::INFINITE,
    );
    println!(
        "core Searcher, one depth-9 pass: value {v} nodes {}",
        searcher.stats().nodes
    );
}
