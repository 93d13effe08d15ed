//! Writes a set of self-play endgame positions in the FFO suite format, for tuning the
//! endgame solver on positions other than the test suites: one position per game of the
//! training pipeline's generator (`othello::train::generate`: the greedy player with the
//! shipped weights, 2–12 random plies, then 10 % random moves), at a number of empties
//! drawn uniformly from `--lo..=--hi`, with its best moves and their exact score (the
//! solver's score, then a null-window search of every other move at that score: all the
//! moves that reach it are listed, the others left out; `--one-best`: only the solver's
//! move, much cheaper, but then the `ffo` example calls another best move wrong).
//!
//! ```sh
//! cargo run --release -p othello --example endgame_set -- [--games N] [--seed S] [--lo 18] [--hi 28] [--threads T] [--one-best] > set.obf
//! cargo run --release -p othello --example ffo -- set.obf
//! ```
//!
//! The lines are `<board> X; <move>:<score>; …` (only the best moves) with the side to move's discs as `X`, so
//! that the `ffo` example reads them and checks every score and best move.

use othello::solver::Solver;
use othello::train::SplitMix;
use othello::{Board, Move, Othello, Side};
use selfplay::{one_board_per_game, option};

#[path = "common/selfplay.rs"]
mod selfplay;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games = option(&args, "--games", 100) as u32;
    let seed = option(&args, "--seed", 2613);
    let lo = option(&args, "--lo", 18) as u32;
    let hi = option(&args, "--hi", 28) as u32;
    let threads = option(&args, "--threads", 2) as usize;
    let all_best = !args.iter().any(|a| a == "--one-best");
    let samples = selfplay::games(games, seed, threads);
    let rng = SplitMix::new(seed ^ 0x0E0D_5E75);
    let boards = one_board_per_game(&samples, rng, lo, hi + 1);
    let lines: Vec<String> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads.max(1))
            .map(|t| {
                let boards = &boards;
                s.spawn(move || {
                    let mut solver = Solver::new(64);
                    boards
                        .iter()
                        .enumerate()
                        .skip(t)
                        .step_by(threads.max(1))
                        .map(|(i, &b)| (i, line(&mut solver, b, all_best)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        let mut all: Vec<(usize, String)> = handles
            .into_iter()
            .flat_map(|h| h.join().expect("worker"))
            .collect();
        all.sort_by_key(|x| x.0);
        all.into_iter().map(|x| x.1).collect()
    });
    for l in lines {
        println!("{l}");
    }
}

/// One FFO-format line: the board with the side to move as `X`, then every best move with
/// the exact score (with `all_best` false, only the solver's best move).
fn line(solver: &mut Solver, b: Board, all_best: bool) -> String {
    // The OBF form with the side to move as black (`X`).
    let mut out = format!("{};", Othello::from_board(b, Side::First));
    let solved = solver.solve(b);
    let score = solved.score;
    eprintln!("{} empties {score:+} {} nodes", b.empties(), solved.nodes);
    if !all_best {
        let mv = solved.best_move.expect("a move").to_string().to_uppercase();
        return format!("{out} {mv}:{score:+};");
    }
    for sq in zerosum::Bitboard(b.moves()) {
        let child = b.play_flips(sq, b.flips(sq));
        if -solver.solve_window(child, -score - 1, -score + 1).score >= score {
            let mv = Move::from_index(sq as usize).expect("a square");
            out += &format!(" {}:{score:+};", mv.to_string().to_uppercase());
        }
    }
    out
}
