//! tictactoe suites for `cargo xtask`. Tic-tac-toe has no data folder: the suites are
//! computed — every reachable 3×3 position solved and checked against plain minimax,
//! the lecture's first move under the four seed variants and ours, and the empty 4×4
//! (and, in a full run, 5×5) board with k = 4, both known draws.

use crate::SuiteRow;
use std::path::Path;
use std::time::Instant;
use tictactoe::suite::solve_reachable;
use tictactoe::variants::{self, Variant};
use tictactoe::{Board, Mode, Score, Shape, Solver, SolverConfig};

/// Runs the tictactoe suites (`data` is unused); `quick` skips the 5×5 board.
pub fn suites(_data: Option<&Path>, quick: bool) -> Vec<SuiteRow> {
    let mut rows = Vec::new();
    for (mode, label) in [
        (Mode::Outcome, "win/draw/loss"),
        (Mode::Distance, "exact distance"),
    ] {
        let r = solve_reachable(&Board::default(), mode, true);
        rows.push(SuiteRow {
            name: format!("tictactoe all reachable 3x3 positions ({label})"),
            positions: r.positions,
            passed: r.passed,
            mean_time: r.elapsed / r.positions.max(1) as u32,
            mean_nodes: r.nodes as f64 / r.positions.max(1) as f64,
            note: "5,478 published; one table shared; each checked against plain minimax".into(),
            ..SuiteRow::default()
        });
    }
    let empty = Board::default();
    let t = Instant::now();
    let ours = Solver::new(SolverConfig {
        tt_mib: 1,
        ..SolverConfig::default()
    })
    .solve(&empty);
    let elapsed = t.elapsed();
    let counts: Vec<String> = Variant::ALL
        .iter()
        .map(|&v| format!("{v} {}", variants::run(v, &empty).nodes))
        .collect();
    rows.push(SuiteRow {
        name: "tictactoe variants first move (ours)".into(),
        positions: 1,
        passed: usize::from(ours.score == Score::DRAW && ours.nodes < 2914),
        mean_time: elapsed,
        mean_nodes: ours.nodes as f64,
        note: format!(
            "variants A-D: {}; goal: ours < 2914 nodes",
            counts.join(", ")
        ),
        // A value other than the draw is wrong; more nodes only misses the goal.
        wrong: Some(usize::from(ours.score != Score::DRAW)),
        goal: Some(1.0),
    });
    let mut boards = vec![("4x4", "known draw")];
    if !quick {
        boards.push(("5x5x4", "known draw"));
    }
    for (shape, note) in boards {
        let shape: Shape = shape.parse().expect("a valid shape");
        let t = Instant::now();
        let s = Solver::new(SolverConfig {
            tt_mib: 256,
            ..SolverConfig::default()
        })
        .solve(&Board::new(shape));
        rows.push(SuiteRow {
            name: format!("tictactoe empty {shape}"),
            positions: 1,
            passed: usize::from(s.score == Score::DRAW),
            mean_time: t.elapsed(),
            mean_nodes: s.nodes as f64,
            note: note.into(),
            ..SuiteRow::default()
        });
    }
    rows
}
