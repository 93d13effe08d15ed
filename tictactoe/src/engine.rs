//! [`Engine`]: the tic-tac-toe / m,n,k player behind [`zerosum::Engine`] — levels of
//! depth-limited search with the open-lines evaluation, and `perfect`: the exact
//! [`Solver`] when it finishes within the budget, the deepest search otherwise.

use crate::{Board, Cell, LineEvaluator, Mode, Solver, SolverConfig};
use zerosum::search::{Limits, SearchResult, Searcher, search_after_solve, search_before_solve};
use zerosum::time::Budget;
use zerosum::{Game as _, Observer, Score};

/// How strong the tic-tac-toe engine plays.
///
/// | level | play |
/// |---|---|
/// | `1`…`5` | search `2n − 1` plies with the open-lines evaluation ([`LineEvaluator`]) |
/// | `perfect` (default) | the exact solver: the fastest win, else a draw, else the slowest loss |
///
/// With a time or node limit, `perfect` gives the solver half of the budget and, when it
/// does not finish (large boards: the empty 5×5 with k = 5 takes about 10 s, 7×7 and
/// beyond minutes to hours), searches with the rest. With only a stop flag (a UI's "think
/// until I say stop") it first searches
/// [`zerosum::search::SEARCH_BEFORE_SOLVE_NODES`] nodes, and plays that search's move
/// when the flag ends the solve.
pub type Level = zerosum::DepthOrPerfect<5, { zerosum::PERFECT_BY_DEFAULT }>;

/// The tic-tac-toe engine: the exact [`Solver`] (distance mode) and the core
/// [`Searcher`] with the open-lines evaluation, both keeping their tables between moves.
///
/// ```
/// use tictactoe::prelude::*;
/// use tictactoe::{Board, Engine, Limits};
/// let board: Board = "xx.oo....".parse().unwrap();
/// let mut engine = Engine::default();
/// let r = engine.think(&board, &Limits::default(), &mut |_| {});
/// assert_eq!(r.best_move.unwrap().to_string(), "3"); // x completes the top row
/// assert_eq!(r.score.to_string(), "win in 1");
/// ```
pub struct Engine {
    level: Level,
    solver: Solver,
    searcher: Searcher<Board>,
}

impl Default for Engine {
    /// The default level, 16 MiB tables.
    fn default() -> Self {
        Engine::new(16)
    }
}

impl Engine {
    /// An engine at the default level with `tt_mib` MiB for each of its two tables.
    ///
    /// # Panics
    ///
    /// When the system refuses the tables' memory (see [`Engine::try_new`], which returns
    /// an error instead: use it for a size the user chose).
    pub fn new(tt_mib: usize) -> Self {
        Self::try_new(tt_mib).unwrap_or_else(|e| panic!("{e}"))
    }

    /// [`Engine::new`], or an error when the system refuses the tables' memory.
    ///
    /// # Errors
    ///
    /// [`zerosum::TableAllocError`] with the size of the table refused, in bytes.
    pub fn try_new(tt_mib: usize) -> Result<Self, zerosum::TableAllocError> {
        Ok(Engine {
            level: <Level as zerosum::Level>::default_level(),
            solver: Solver::try_new(SolverConfig {
                mode: Mode::Distance,
                tt_mib,
                ..SolverConfig::default()
            })?,
            searcher: Searcher::try_new(tt_mib)?,
        })
    }

    /// The exact value of every legal move of `board` for its side to move (`win in 3`,
    /// `draw`, `loss in 4`: plies from now), best first, each move solved within `limits`
    /// of its own; `None`, last, for a move not solved within them.
    pub fn move_values(&mut self, board: &Board, limits: &Limits) -> Vec<(Cell, Option<Score>)> {
        let mut moves = zerosum::MoveList::new();
        board.legal_moves(&mut moves);
        let mut values: Vec<(Cell, Option<Score>)> = (moves.iter())
            .map(|&mv| {
                let mut child = board.clone();
                child.play(mv);
                let s = self.solver.solve_with_budget(&child, &Budget::new(limits));
                (mv, s.map(|s| -s.score.from_tt(1)))
            })
            .collect();
        values.sort_by_key(|&(_, v)| std::cmp::Reverse(v));
        values
    }

    /// The search with the evaluation to `depth` plies at most, under `budget`.
    fn search(
        &mut self,
        board: &Board,
        depth: Option<u32>,
        budget: &Budget,
        observer: &mut Observer<'_, Cell>,
    ) -> SearchResult<Cell> {
        let mut b = board.clone();
        self.searcher
            .search_within(&mut b, &mut LineEvaluator, depth, budget, observer)
    }

    /// The perfect line from `board` after its solved best move `first`: each following
    /// move the solver's best (the fastest win, the slowest loss) in the position before
    /// it, to the end of the game or until `budget` runs out (the line then stops there),
    /// with the nodes those solves took. The root's solve leaves its table to them, so
    /// they are cheap.
    fn perfect_line(&mut self, board: &Board, first: Cell, budget: &Budget) -> (Vec<Cell>, u64) {
        let (mut line, mut nodes) = (vec![first], 0);
        let mut b = board.clone();
        b.play(first);
        while b.outcome().is_none() {
            let Some(s) = self.solver.solve_with_budget(&b, budget) else {
                break;
            };
            nodes += s.nodes;
            let Some(mv) = s.best_move else { break };
            line.push(mv);
            b.play(mv);
        }
        (line, nodes)
    }
}

impl zerosum::Engine for Engine {
    type Game = Board;
    type Level = Level;

    fn level_mut(&mut self) -> &mut Level {
        &mut self.level
    }

    fn think(
        &mut self,
        board: &Board,
        limits: &Limits,
        observer: &mut Observer<'_, Cell>,
    ) -> SearchResult<Cell> {
        let budget = Budget::new(limits);
        match (self.level.depth(), limits.depth) {
            (_, Some(depth)) => self.search(board, Some(depth), &budget, observer),
            (Some(n), None) => self.search(board, Some(2 * u32::from(n) - 1), &budget, observer),
            (None, None) => {
                // A solve that a stop flag can end (no node limit): a search's move
                // first, played if the flag comes before the solve's end.
                let searched =
                    search_before_solve(&budget, |b| self.search(board, None, b, observer));
                let searched_nodes = searched.as_ref().map_or(0, |r| r.stats.nodes);
                let part = budget.exact_part(limits);
                if let Some(s) = self.solver.solve_with_budget(board, &part) {
                    let r = s.best_move.map(|mv| {
                        let depth = board.empty_count();
                        let mut r =
                            SearchResult::solved(mv, s.score, depth, s.nodes, budget.elapsed());
                        let (pv, nodes) = self.perfect_line(board, mv, &part);
                        r.pv = pv;
                        r.stats.nodes += nodes + searched_nodes;
                        r.stats.elapsed = budget.elapsed();
                        r
                    });
                    if let Some(r) = r {
                        observer(&r.report());
                        return r;
                    }
                }
                // Not solved within its share: the deepest search the rest allows, its
                // reports and result counting the solve (a TUI tester's report: after `m`
                // stopped the solve of 8.76 M nodes on 8×8, the play screen showed
                // `nodes 72 (20/s)`; a recheck's: mid-move the count fell to 390 k).
                let spent = self.solver.nodes();
                search_after_solve(spent, &budget, searched, observer, |rest, observer| {
                    self.search(board, None, rest, observer)
                })
            }
        }
    }

    fn new_game(&mut self) {}

    fn clear(&mut self) {
        self.solver.clear();
        self.searcher.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The perfect level with a stop flag (a UI's "think until I say stop"), with or without
    /// a time limit, searches
    /// before it solves, and a stop during the solve plays that search's move (a library
    /// user's report: stopped on the empty 7×7 board, k = 5, it played a 1-ply move).
    /// The flag is set once the search has reported 3 plies, so the solve after it is
    /// stopped at once: without the search first, nothing would set it, and the solve
    /// would run on.
    #[test]
    fn a_stopped_perfect_solve_plays_the_search_before_it() {
        use zerosum::Engine as _;
        let board =
            Board::parse("......./......./......./......./......./......./....... k=5").unwrap();
        let mut engine = Engine::default();
        engine.set_level(Level::Perfect);
        zerosum::testing::check_a_stopped_solve_plays_the_search_before_it(&mut engine, &board, 3);
    }

    /// A depth the node limit cut is reported with its bound, as the result gives it (a
    /// library user's report: on this board, 1,000 nodes reported depth 3 as if it had
    /// finished, where the result said it was a lower bound); the depths before it are
    /// finished ones.
    #[test]
    fn a_cut_depth_is_reported_as_a_bound() {
        use zerosum::{Bound, Engine as _};
        let board = Board::parse("....../....../....../....../....../...... k=4").unwrap();
        let mut engine = Engine::default();
        engine.set_level(Level::Perfect);
        let mut reports = Vec::new();
        let r = engine.think(&board, &Limits::nodes(1_000), &mut |rep| {
            reports.push((rep.depth, rep.bound));
        });
        assert_ne!(r.bound, Bound::Exact, "{r:?}");
        let (last, before) = reports.split_last().unwrap();
        assert_eq!(*last, (r.depth, r.bound), "{reports:?}");
        assert!(
            before.iter().all(|&(_, b)| b == Bound::Exact),
            "{reports:?}"
        );
    }

    /// A solve that gives up hands over to the search, and the last report counts the
    /// solver's nodes too, as the result does (a TUI tester's report: the play screen
    /// showed the search's 72 nodes after a stopped solve of millions).
    #[test]
    fn the_last_report_counts_the_solver_that_gave_up() {
        use zerosum::Engine as _;
        let board = Board::parse(
            "......../......../......../......../......../......../......../........ k=5",
        )
        .unwrap();
        let mut engine = Engine::default();
        engine.set_level(Level::Perfect);
        // Every report, not only the last: the count never falls during the move (a
        // recheck's report: it fell from 3.26 M to 390 k mid-move).
        let (r, reports) = zerosum::testing::check_reports_count_the_whole_move(
            &mut engine,
            &board,
            &Limits::nodes(200_000),
        );
        assert!(!r.exact, "solved within the limit: {r:?}");
        assert!(r.stats.nodes > 50_000, "{r:?}");
        assert!(reports[0] > 50_000, "{reports:?}");
    }

    /// A solved move's principal variation is the whole perfect line: played out, it
    /// ends the game as the score says (a draw, or the winner after exactly the plies of
    /// `win in N`), and every position on it keeps the root's value by the plain
    /// reference search (`zerosum::search::minimax` to the end of the game, an
    /// independent algorithm).
    #[test]
    fn a_solved_move_comes_with_its_perfect_line() {
        use zerosum::{Engine as _, Outcome};
        // No evaluation is ever read: 9 plies reach the end of every line.
        let value =
            |b: &Board| zerosum::search::minimax(&mut b.clone(), 9, &mut |_: &Board| Score::DRAW);
        for text in [
            ".........",
            "x...o....",
            "xo.......",
            "xx.oo....",
            "x.o.x.o..",
        ] {
            let board = Board::parse(text).unwrap();
            let mover = board.side_to_move();
            let root = value(&board).signum();
            let r = Engine::new(1).think(&board, &Limits::default(), &mut |_| {});
            assert!(
                r.exact && r.pv.first() == r.best_move.as_ref(),
                "{text}: {r:?}"
            );
            let mut b = board.clone();
            for (k, &mv) in r.pv.iter().enumerate() {
                assert!(b.is_legal(mv), "{text}: {:?}", r.pv);
                b.play(mv);
                if b.outcome().is_none() {
                    let v = value(&b).signum();
                    let for_mover = if b.side_to_move() == mover { v } else { -v };
                    assert_eq!(for_mover, root, "{text}: after {:?}", &r.pv[..=k]);
                }
            }
            let expected = if r.score == Score::DRAW {
                Outcome::Draw
            } else {
                assert_eq!(
                    r.score.plies_to_end(),
                    Some(r.pv.len() as u32),
                    "{text}: {r:?}"
                );
                Outcome::Win(if r.score.is_win() { mover } else { !mover })
            };
            assert_eq!(b.outcome(), Some(expected), "{text}: {r:?}");
        }
    }

    #[test]
    fn an_impossible_table_is_an_error() {
        let e = Engine::try_new(usize::MAX).err().unwrap();
        assert!(e.bytes > isize::MAX as usize, "{e:?}");
    }
}
