//! Solves the empty board of other sizes and prints, for each, the score, who wins, the
//! move on which the game ends under perfect play, the nodes and the time:
//! `cargo run --release -p connect4 --example sizes -- [WxH …]` (by default every board
//! with both sides at least 4 and width + height ≤ 13; one thread, 64 MiB table; the
//! published outcomes are in `tests/integration/sizes.rs`). `C4_TECHNIQUES` changes the
//! techniques as for the `suite` example.

use connect4::score::ending_move;
use connect4::{Position, Size, Solver};
use std::time::Instant;

#[path = "common/techniques.rs"]
mod techniques;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let sizes: Vec<Size> = if args.is_empty() {
        Size::all()
            .filter(|s| s.width() >= 4 && s.height() >= 4 && s.width() + s.height() <= 13)
            .collect()
    } else {
        args.iter()
            .map(|a| {
                let (w, h) = a.split_once('x').expect("a size WxH");
                let size = Size::new(w.parse().expect("a width"), h.parse().expect("a height"));
                size.unwrap_or_else(|e| panic!("{a}: {e}"))
            })
            .collect()
    };
    println!("size   score  winner  ends-on  nodes          seconds");
    for size in sizes {
        let mut solver = Solver::on(size, connect4::DEFAULT_TABLE_LOG2);
        if std::env::var_os("C4_TECHNIQUES").is_some() {
            solver.set_techniques(techniques::techniques_from_env());
        }
        let start = Instant::now();
        let s = solver
            .try_solve(&Position::empty_on(size), false)
            .expect("no stop flag");
        let winner = match s.score.signum() {
            1 => "1st",
            -1 => "2nd",
            _ => "draw",
        };
        println!(
            "{:<6} {:>5}  {:<6}  {:>7}  {:>13}  {:>8.3}",
            size.to_string(),
            s.score,
            winner,
            ending_move(size.cells(), s.score),
            s.nodes,
            start.elapsed().as_secs_f64()
        );
    }
}
