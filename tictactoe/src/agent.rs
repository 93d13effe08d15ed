//! [`PerfectPlayer`]: the solver as a [`zerosum::agent::Agent`], for the match runner
//! and the terminal UI.

use crate::{Board, Cell, Mode, Solver, SolverConfig};
use zerosum::agent::Agent;

/// Plays a best move under perfect play: the fastest win, else a draw, else the slowest
/// loss ([`Mode::Distance`]). Keeps its transposition table between moves.
pub struct PerfectPlayer {
    solver: Solver,
}

impl PerfectPlayer {
    /// A perfect player with a `tt_mib` MiB table.
    pub fn new(tt_mib: usize) -> PerfectPlayer {
        PerfectPlayer {
            solver: Solver::new(SolverConfig {
                mode: Mode::Distance,
                tt_mib,
                ..SolverConfig::default()
            }),
        }
    }
}

impl Default for PerfectPlayer {
    /// A 16 MiB table.
    fn default() -> Self {
        PerfectPlayer::new(16)
    }
}

impl Agent<Board> for PerfectPlayer {
    fn name(&self) -> String {
        "perfect".into()
    }

    fn choose(&mut self, game: &Board) -> Option<Cell> {
        self.solver.solve(game).best_move
    }
}
