//! The core search on its own, on the small test game [`zerosum::testing::Drop`]
//! ("drop k in a row": Connect Four's rules on any board): iterative deepening with a
//! transposition table to the end of the game, checked against plain minimax (the
//! reference, no pruning), with one report per finished depth.
//!
//! `cargo run --release -p zerosum --example drop -- [WIDTH HEIGHT K]` (default 4 4 3).
use zerosum::search::{Limits, Searcher, minimax};
use zerosum::testing::Drop;
use zerosum::{Game, ZeroEval};

fn main() {
    let args: Vec<usize> = match std::env::args().skip(1).map(|a| a.parse()).collect() {
        Ok(args) => args,
        Err(e) => {
            eprintln!("error: WIDTH HEIGHT K must be whole numbers: {e}");
            std::process::exit(2);
        }
    };
    let (width, height, k) = match args[..] {
        [] => (4, 4, 3),
        [w, h, k] if (1..=6).contains(&w) && (1..=6).contains(&h) && k >= 1 => (w, h, k),
        _ => {
            eprintln!("error: expected WIDTH HEIGHT K (board sides 1 to 6, k at least 1)");
            std::process::exit(2);
        }
    };
    let mut game = Drop::new(width, height, k);
    let plies = u32::try_from(width * height).expect("at most 36 cells");
    // Searcher with a 1 MiB transposition table; a depth limit of every cell of the
    // board searches to the end of the game, so the value is exact.
    let mut searcher = Searcher::new(1);
    let result = searcher.search(&mut game, &mut ZeroEval, &Limits::depth(plies), |r| {
        println!("depth {:2} score {} nodes {}", r.depth, r.score, r.nodes);
    });
    let best = result.best_move.map_or("-".to_string(), |m| m.to_string());
    println!(
        "{width}x{height} k={k}: best column {best}, value {}",
        result.score
    );
    // The reference visits every line: only for small boards.
    if width * height <= 16 {
        let reference = minimax(&mut game, plies, &mut ZeroEval);
        println!("minimax (no pruning) agrees: {}", reference == result.score);
        assert_eq!(reference, result.score);
    }
    assert_eq!(game.ply(), 0, "the search leaves the game as it was");
}
