//! Ground truth from published facts and from an independent brute force.
//!
//! - 5,478 legal positions are reachable from the empty 3×3 board, 765 up to symmetry;
//! - 255,168 possible games: 131,184 won by X, 77,904 by O, 46,080 drawn
//!   (e.g. Schaefer, "Tic-Tac-Toe (Naughts and Crosses, Cheese and Crackers, etc.)";
//!   OEIS A008907 for the positions);
//! - the empty board is a draw; on every reachable position the solver equals plain
//!   minimax (`zerosum::search::minimax` with `ZeroEval`) and a brute force written here
//!   on plain arrays, independent of the crate.

use std::collections::{HashMap, HashSet};
use tictactoe::enumerate::{count_games, count_up_to_symmetry, reachable_positions};
use tictactoe::{Board, Game, Mode, Score, Side, Solver, SolverConfig};
use zerosum::ZeroEval;
use zerosum::search::minimax;

#[test]
fn reachable_positions_5478_and_765_up_to_symmetry() {
    let all = reachable_positions(&Board::default());
    assert_eq!(all.len(), 5478);
    assert_eq!(count_up_to_symmetry(&all), 765);
}

#[test]
fn the_parser_accepts_exactly_the_reachable_positions() {
    let reachable: HashSet<String> = reachable_positions(&Board::default())
        .iter()
        .map(|b| b.to_string())
        .collect();
    let mut accepted = 0;
    for code in 0..3usize.pow(9) {
        let text: String = (0..9)
            .map(|i| ['.', 'x', 'o'][code / 3usize.pow(i) % 3])
            .collect();
        if let Ok(b) = Board::parse(&text) {
            accepted += 1;
            assert!(
                reachable.contains(&b.to_string()),
                "{text} parsed but is not reachable"
            );
        }
    }
    assert_eq!(accepted, 5478);
}

#[test]
fn games_255168() {
    let c = count_games(&Board::default());
    assert_eq!(
        (c.total(), c.x_wins, c.o_wins, c.draws),
        (255_168, 131_184, 77_904, 46_080)
    );
}

#[test]
fn empty_board_is_a_draw() {
    let s = Solver::default().solve(&Board::default());
    assert_eq!(s.score, Score::DRAW);
    let mut d = Solver::new(SolverConfig {
        mode: Mode::Distance,
        ..SolverConfig::default()
    });
    assert_eq!(d.solve(&Board::default()).score, Score::DRAW);
}

/// Brute force on `[u8; 9]` (0 empty, 1 X, 2 O): (result for the side to move: +1/0/−1,
/// plies to the end with the winner hurrying and the loser delaying).
fn brute(cells: &mut [u8; 9], me: u8, memo: &mut HashMap<([u8; 9], u8), (i32, u32)>) -> (i32, u32) {
    const LINES: [[usize; 3]; 8] = [
        [0, 1, 2],
        [3, 4, 5],
        [6, 7, 8],
        [0, 3, 6],
        [1, 4, 7],
        [2, 5, 8],
        [0, 4, 8],
        [2, 4, 6],
    ];
    if let Some(&r) = memo.get(&(*cells, me)) {
        return r;
    }
    let other = 3 - me;
    let result = if LINES.iter().any(|l| l.iter().all(|&i| cells[i] == other)) {
        (-1, 0)
    } else if cells.iter().all(|&c| c != 0) {
        (0, 0)
    } else {
        // Best: win soonest, else draw, else lose latest.
        let mut best: Option<(i32, u32)> = None;
        for i in 0..9 {
            if cells[i] != 0 {
                continue;
            }
            cells[i] = me;
            let (v, d) = brute(cells, other, memo);
            cells[i] = 0;
            let cand = (-v, d + 1);
            let better = |a: (i32, u32), b: (i32, u32)| {
                a.0 > b.0 || (a.0 == b.0 && ((a.0 > 0 && a.1 < b.1) || (a.0 < 0 && a.1 > b.1)))
            };
            if best.is_none_or(|b| better(cand, b)) {
                best = Some(cand);
            }
        }
        best.expect("an empty cell")
    };
    memo.insert((*cells, me), result);
    result
}

fn cells_of(b: &Board) -> [u8; 9] {
    let mut c = [0u8; 9];
    for (i, ch) in b.to_string().chars().enumerate() {
        c[i] = match ch {
            'x' => 1,
            'o' => 2,
            _ => 0,
        };
    }
    c
}

#[test]
fn solver_equals_minimax_and_brute_force_on_every_reachable_position() {
    let mut outcome = Solver::new(SolverConfig::default());
    let mut plain = Solver::new(SolverConfig {
        symmetry: false,
        ..SolverConfig::default()
    });
    let mut distance = Solver::new(SolverConfig {
        mode: Mode::Distance,
        ..SolverConfig::default()
    });
    let mut memo = HashMap::new();
    for b in reachable_positions(&Board::default()) {
        let reference = minimax(&mut b.clone(), 9, &mut ZeroEval);
        let me = if b.side_to_move() == Side::First {
            1
        } else {
            2
        };
        let (v, d) = brute(&mut cells_of(&b), me, &mut memo);
        let expected = match v {
            1 => Score::win_in(d),
            -1 => Score::loss_in(d),
            _ => Score::DRAW,
        };
        assert_eq!(reference, expected, "minimax vs brute force at {b}");
        assert_eq!(distance.solve(&b).score, expected, "distance solver at {b}");
        assert_eq!(
            outcome.solve(&b).outcome_value(),
            v,
            "outcome solver at {b}"
        );
        assert_eq!(
            plain.solve(&b).outcome_value(),
            v,
            "outcome solver without symmetry at {b}"
        );
    }
}

#[test]
fn best_moves_keep_the_value() {
    let mut solver = Solver::new(SolverConfig {
        mode: Mode::Distance,
        ..SolverConfig::default()
    });
    let mut fresh = Solver::new(SolverConfig {
        mode: Mode::Distance,
        ..SolverConfig::default()
    });
    for b in reachable_positions(&Board::default()) {
        let s = solver.solve(&b);
        match (b.outcome(), s.best_move) {
            (Some(_), None) => {}
            (None, Some(mv)) => {
                let mut after = b.clone();
                after.play(mv);
                // The value after the best move, one ply later, from the other side.
                let v = minimax(&mut after, 9, &mut ZeroEval);
                let shifted = if v.is_win() {
                    Score::loss_in(v.plies_to_end().unwrap() + 1)
                } else if v.is_loss() {
                    Score::win_in(v.plies_to_end().unwrap() + 1)
                } else {
                    v
                };
                assert_eq!(shifted, s.score, "best move {mv} at {b}");
                assert_eq!(fresh.solve(&b).score, s.score);
            }
            other => panic!("{b}: {other:?}"),
        }
    }
}

/// Random positions with `empties` empty cells on `shape`, none finished.
fn random_positions(shape: tictactoe::Shape, empties: u32, count: usize, seed: u64) -> Vec<Board> {
    use rand::SeedableRng;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let mut b = Board::new(shape);
        while b.outcome().is_none() && b.empty_count() > empties {
            zerosum::testing::play_random(&mut b, &mut rng);
        }
        if b.outcome().is_none() {
            out.push(b);
        }
    }
    out
}

#[test]
fn solver_equals_minimax_on_random_larger_boards() {
    for (shape, empties) in [("4x3x3", 8), ("4x4", 8), ("5x4x3", 8), ("5x5x4", 7)] {
        let shape: tictactoe::Shape = shape.parse().unwrap();
        let mut outcome = Solver::new(SolverConfig::default());
        let mut distance = Solver::new(SolverConfig {
            mode: Mode::Distance,
            ..SolverConfig::default()
        });
        for b in random_positions(shape, empties, 30, 5) {
            let reference = minimax(&mut b.clone(), empties, &mut ZeroEval);
            let d = distance.solve(&b);
            let o = outcome.solve(&b);
            assert_eq!(d.score, reference, "distance solver at {b}");
            assert_eq!(
                o.outcome_value(),
                reference.signum(),
                "outcome solver at {b}"
            );
            // Win/draw/loss runs the distance search (its bounds prune long wins) and
            // reports the sign: the same nodes, never more.
            assert_eq!(o.nodes, d.nodes, "outcome solver's nodes at {b}");
        }
    }
}

#[test]
fn known_mnk_values() {
    // Known results for m,n,k-games (e.g. Wikipedia, "m,n,k-game"): 3,3,3 and 4,4,4 are
    // draws; k = 3 on a 4x3 board is a first-player win.
    let mut solver = Solver::default();
    for (shape, value) in [
        ("3x3", 0),
        ("4x4", 0),
        ("4x3x3", 1),
        ("3x4x3", 1),
        ("2x2x2", 1),
        ("3x3x2", 1),
    ] {
        let b = Board::new(shape.parse().unwrap());
        assert_eq!(solver.solve(&b).outcome_value(), value, "{shape}");
    }
}

#[test]
#[ignore = "takes a few seconds: 5x5, k = 4 is a draw"]
fn five_by_five_k4_is_a_draw() {
    let mut solver = Solver::new(SolverConfig {
        tt_mib: 256,
        ..SolverConfig::default()
    });
    assert_eq!(
        solver
            .solve(&Board::new("5x5x4".parse().unwrap()))
            .outcome_value(),
        0
    );
}

/// A finished game's value comes from the rules, so no budget refuses it: on every
/// finished 3×3 position a node limit of one, or a raised stop flag, still gets plain
/// minimax's value (and no move).
#[test]
fn a_finished_game_is_answered_under_any_budget() {
    use zerosum::search::{Limits, StopFlag};
    let stop = StopFlag::new();
    stop.stop();
    let mut distance = Solver::new(SolverConfig {
        mode: Mode::Distance,
        ..SolverConfig::default()
    });
    let mut finished = 0;
    for b in reachable_positions(&Board::default()) {
        if b.outcome().is_none() {
            continue;
        }
        finished += 1;
        let reference = minimax(&mut b.clone(), 9, &mut ZeroEval);
        for limits in [Limits::nodes(1), Limits::default().with_stop(stop.clone())] {
            let s = distance.solve_within(&b, &limits).expect("a finished game");
            assert_eq!((s.score, s.best_move), (reference, None), "{b}");
        }
    }
    // 958 won and drawn full or partial boards end a game (Schaefer's 958 terminal
    // positions).
    assert_eq!(finished, 958);
}

/// `Solver::nodes` counts the positions the last call visited: a call stopped before its
/// first node (a stop flag raised, a time or a node limit of zero) visited none, and
/// reads 0, not 1 (the root was counted before the stop was seen), after an earlier
/// call's count too. A finished game is still answered, in its one node.
#[test]
fn a_solve_stopped_before_it_starts_counts_no_node() {
    use std::time::Duration;
    use zerosum::search::{Limits, StopFlag};
    let stop = StopFlag::new();
    stop.stop();
    let board = Board::default();
    for limits in [
        Limits::default().with_stop(stop.clone()),
        Limits::time(Duration::ZERO),
        Limits::nodes(0),
    ] {
        let mut solver = Solver::default();
        assert!(solver.solve(&board).nodes > 0);
        assert_eq!(solver.solve_within(&board, &limits), None, "{limits:?}");
        assert_eq!(solver.nodes(), 0, "{limits:?}");
        let over: Board = "xxxoo....".parse().unwrap();
        let s = solver
            .solve_within(&over, &limits)
            .expect("a finished game");
        assert_eq!((s.nodes, solver.nodes()), (1, 1), "{limits:?}");
    }
}

#[test]
fn interrupted_solves_give_up_and_later_ones_are_still_right() {
    use zerosum::search::{Limits, StopFlag};
    let four = Board::new("4x4".parse().unwrap());
    let mut solver = Solver::default();
    assert_eq!(solver.solve_within(&four, &Limits::nodes(1000)), None);
    assert!(solver.nodes() <= 1001);
    let stop = StopFlag::new();
    stop.stop();
    assert_eq!(
        solver.solve_within(&four, &Limits::default().with_stop(stop)),
        None
    );
    // The table holds only completed results: the full solve is still exact.
    assert_eq!(solver.solve(&four).score, Score::DRAW);
    let s = solver
        .solve_within(&Board::default(), &Limits::nodes(1000))
        .unwrap();
    assert_eq!(s.score, Score::DRAW);
}
