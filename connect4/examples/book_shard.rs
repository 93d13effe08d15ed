//! Solves one shard of the opening book's leaves and prints `<moves> <score>` lines.
//!
//! `cargo run --release -p connect4 --example book_shard -- DEPTH K N`
//! (`cargo xtask connect4-book` runs every shard and merges them).

use connect4::{Book, Solver};

fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("DEPTH K N: numbers"))
        .collect();
    let [depth, k, n] = args[..] else {
        eprintln!("usage: book_shard DEPTH K N");
        std::process::exit(2);
    };
    let mut solver = Solver::new();
    Book::solve_shard(depth as u32, k, n, &mut solver, &mut |line| {
        println!("{line}")
    });
}
