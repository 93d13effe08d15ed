//! The solve suite behind `cargo xtask suites`: every position reachable from a start,
//! solved, each answer checked against plain minimax (`zerosum::search::minimax`).

use crate::enumerate::reachable_positions;
use crate::{Board, Mode, Solver, SolverConfig};
use std::time::{Duration, Instant};
use zerosum::search::minimax;
use zerosum::{Game, ZeroEval};

/// The result of [`solve_reachable`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SuiteOutcome {
    /// Positions solved.
    pub positions: usize,
    /// Positions whose value equals the reference (all of them when not checked).
    pub passed: usize,
    /// Time spent in the solver (not in the reference).
    pub elapsed: Duration,
    /// Solver nodes over all positions.
    pub nodes: u64,
}

/// Solves every position reachable from `start` with one solver in `mode` (its table
/// shared across the positions). With `check`, compares each value with plain minimax
/// to the end (exact in [`Mode::Distance`], by sign in [`Mode::Outcome`]); only
/// practical for 3×3 and nearly full larger boards.
pub fn solve_reachable(start: &Board, mode: Mode, check: bool) -> SuiteOutcome {
    let positions = reachable_positions(start);
    let mut solver = Solver::new(SolverConfig {
        mode,
        ..SolverConfig::default()
    });
    let mut out = SuiteOutcome {
        positions: positions.len(),
        ..SuiteOutcome::default()
    };
    for b in &positions {
        let t = Instant::now();
        let s = solver.solve(b);
        out.elapsed += t.elapsed();
        out.nodes += s.nodes;
        let ok = !check || {
            let reference = minimax(&mut b.clone(), b.empty_count(), &mut ZeroEval);
            match mode {
                Mode::Distance => reference == s.score,
                Mode::Outcome => reference.signum() == s.outcome_value(),
            }
        };
        if ok && (b.outcome().is_some() || s.best_move.is_some()) {
            out.passed += 1;
        }
    }
    out
}
