//! Solving the book's leaves: all cores, one transposition table a thread kept across
//! the leaves it solves, the leaves taken in blocks of neighbours so that a table
//! serves positions that share most of their subtrees.

use crate::{Position, Solver};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Most consecutive leaves a thread takes at a time: neighbours in
/// [`super::Book::leaves`] order share their first moves, so their searches meet the
/// same positions in the thread's table (fewer when there are few leaves a thread).
const BLOCK: usize = 32;

/// What solving a set of leaves cost.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LeafStats {
    /// Leaves solved.
    pub positions: usize,
    /// Negamax calls of every thread, summed (Pons' count).
    pub nodes: u64,
}

/// Solves `leaves` strongly (exact scores, Pons' convention) on `threads` threads, each
/// with its own solver of `2^table_log2` table entries that keeps its table from one
/// leaf to the next; the shipped book is not consulted (the leaves are found by search
/// alone). Calls `done` with each leaf, its score and the nodes its solve took, as they
/// finish (from any thread, in no fixed order).
pub fn solve_leaves(
    leaves: &[Position],
    threads: usize,
    table_log2: u32,
    done: &(dyn Fn(&Position, i32, u64) + Sync),
) -> LeafStats {
    let next = AtomicUsize::new(0);
    let block = (leaves.len() / (threads.max(1) * 16)).clamp(1, BLOCK);
    let stats = Mutex::new(LeafStats::default());
    std::thread::scope(|s| {
        for _ in 0..threads.max(1) {
            s.spawn(|| {
                let mut solver = Solver::with_table_log2(table_log2);
                solver.set_use_book(false);
                let mut solved = 0;
                loop {
                    let start = next.fetch_add(block, Ordering::Relaxed);
                    if start >= leaves.len() {
                        break;
                    }
                    for p in &leaves[start..(start + block).min(leaves.len())] {
                        let s = solver.try_solve(p, false).expect("no stop flag is set");
                        done(p, s.score, s.nodes);
                        solved += 1;
                    }
                }
                let mut st = stats.lock().expect("no thread panics holding the lock");
                st.positions += solved;
                st.nodes += solver.nodes();
            });
        }
    });
    stats.into_inner().expect("no thread panicked")
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// Late positions (quick to solve): the prefixes of one game and their mirror images.
    fn positions() -> Vec<Position> {
        let game = "4444443332222336655111556677";
        (20..=game.len())
            .map_while(|n| Position::from_moves(&game[..n]).ok())
            .filter(|p| !p.is_over())
            .flat_map(|p| [p.mirror(), p])
            .collect()
    }

    #[test]
    fn threads_give_the_scores_of_one_solver() {
        let leaves = positions();
        assert!(leaves.len() > 8);
        let mut solver = Solver::new();
        solver.set_use_book(false);
        let want: HashMap<String, i32> = leaves
            .iter()
            .map(|p| (p.to_string(), solver.solve(p)))
            .collect();
        for threads in [1, 3] {
            let got = Mutex::new(HashMap::new());
            let stats = solve_leaves(&leaves, threads, 16, &|p, s, _| {
                got.lock().unwrap().insert(p.to_string(), s);
            });
            assert_eq!(got.into_inner().unwrap(), want, "{threads} threads");
            assert_eq!(stats.positions, leaves.len());
            assert!(stats.nodes > 0);
        }
    }
}
