//! Solves Pons' test sets and prints mean time and nodes per position.
//!
//! `cargo run --release -p connect4 --example suite -- [DIR] [LIMIT] [--weak]`
//! (DIR defaults to `../shared/data/connect4`; LIMIT = lines per set, all by default,
//! 100 of Test_L1_R3). `C4_TECHNIQUES=threat_ordering=0,etc=27,…` changes the solver's
//! techniques (`connect4::Techniques`) to measure each one's effect (names:
//! `threat_ordering`, `mirror_keys`, `etc`, `child_claimeven`, `forced_lines`, `static`,
//! `guess_windows`, `dead_stones`, `forced_without_table`, `table_max_stones`, `prefetch`,
//! `growing_table`; a number,
//! 0 for off); `C4_THREADS=N` sets the number of search threads (1 by default).

use connect4::Solver;
use connect4::suite::{self, SETS};
use std::path::PathBuf;

#[path = "common/techniques.rs"]
mod techniques;
use techniques::techniques_from_env;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let weak = args.iter().any(|a| a == "--weak");
    let mut rest = args.iter().filter(|a| !a.starts_with("--"));
    let dir = rest
        .next()
        .map_or_else(|| PathBuf::from("../shared/data/connect4"), PathBuf::from);
    let limit: Option<usize> = rest.next().and_then(|l| l.parse().ok());
    let only: Option<&String> = rest.next();
    println!(
        "{:<12} {:<14} {:>5} {:>6} {:>12} {:>14} {:>12} {:>14}",
        "set", "name", "n", "ok", "mean time", "mean nodes", "Pons time", "Pons nodes"
    );
    for set in SETS {
        if only.is_some_and(|o| o != set.file) {
            continue;
        }
        let lim = if set.file == "Test_L1_R3" {
            Some(limit.unwrap_or(100).min(100))
        } else {
            limit
        };
        let cases = match suite::read_file(&dir.join(set.file), lim) {
            Ok(c) => c,
            Err(e) => {
                eprintln!("{}: {e}", set.file);
                continue;
            }
        };
        let mut solver = Solver::new();
        // The books off: the sets measure the search (Pons' figures are without his book).
        solver.set_use_book(false);
        solver.set_techniques(techniques_from_env());
        solver.set_threads(std::env::var("C4_THREADS").map_or(1, |t| t.parse().expect("a number")));
        let s = suite::run(&mut solver, &cases, weak);
        println!(
            "{:<12} {:<14} {:>5} {:>6} {:>12.2?} {:>14.1} {:>12.2?} {:>14.1}",
            set.file,
            set.name,
            s.positions,
            s.passed,
            s.mean_time(),
            s.mean_nodes(),
            set.pons_time,
            set.pons_nodes
        );
        for f in &s.failures {
            println!("  FAIL {} want {} got {}", f.0, f.1, f.2);
        }
    }
}
