//! [`Engine`]: the Connect Four player behind [`zerosum::Engine`] — [`Level`]s of
//! depth-limited alpha-beta with the 2^p win-place [`ScoreTable`] (run by zerosum's
//! [`Searcher`]), and `perfect`: the play book ([`PlayBook`]) in the positions it
//! holds, else the exact [`Solver`] (with the opening book) when it finishes within the
//! budget.

use crate::{Column, PlayBook, Position, ScoreTable, Solver, ThreatScoreTable, WinPlacePosition};
use zerosum::Observer;
use zerosum::search::{Limits, SearchResult, Searcher, search_after_solve, search_before_solve};
use zerosum::time::Budget;

/// How strong the Connect Four engine plays.
///
/// | level | play |
/// |---|---|
/// | `1`…`14` (default 7) | alpha-beta to `n` plies with the win-place [`ScoreTable`] |
/// | `perfect` | the play book's move where it has one, else the exact solver (Pons' scores: the fastest win, the slowest loss) |
///
/// As in the source program, wins score above every table value and sooner wins higher
/// ([`zerosum::Score::win_in`]), so every level takes the quickest win it sees and
/// delays a loss it cannot avoid. `perfect` answers at once in every position of the
/// play book ([`PlayBook::shipped`]: each position it can face in the first
/// [`PlayBook::plies`] plies of a game from the empty board, as either colour), and
/// searches after it. An exact solve of an early position off the book takes seconds to
/// minutes: with a time or node limit, `perfect` gives the solver half of the budget
/// and, when it does not finish, plays the deepest search the rest allows (with
/// [`ThreatScoreTable`]: the score table, and a four one ply past the horizon read
/// exactly);
/// with only a stop flag (a UI's "think until I say stop") it first searches
/// [`zerosum::search::SEARCH_BEFORE_SOLVE_NODES`] nodes off the book, and plays that
/// search's move when the flag ends the solve. A solved move's principal variation is the whole perfect line to the game's end
/// (a win or loss in `n` plies: `n` moves), unless the budget, or an allowance of
/// 4,000,000 solver nodes, ends it sooner; the result's node count and time include the
/// solves that built that line (a book move's line from the empty board takes about
/// 117,000 nodes, though the move itself needs none).
pub type Level = zerosum::DepthOrPerfect<14, 7>;

/// The solver nodes a perfect move's principal variation may take after the move is
/// known ([`Engine::perfect_line`]): the line from the empty board, 41 plies, took about
/// 117,000, almost all at the first position after the play book.
const LINE_NODES: u64 = 4_000_000;

/// The Connect Four engine: the score-table [`Searcher`] (16 MiB table) and the exact
/// [`Solver`] (made on first use: its table takes `2^table_log2` × 8 bytes).
///
/// ```
/// use connect4::prelude::*;
/// use connect4::{Engine, Level, Limits, Position};
/// let p: Position = "44455554221".parse().unwrap();
/// let mut engine = Engine::default();
/// engine.set_level(Level::Perfect);
/// let r = engine.think(&p, &Limits::default(), &mut |_| {});
/// assert!(r.exact);
/// // The opponent wins with their 7th stone (Pons' tutorial, part 2).
/// assert_eq!(r.score.to_string(), "loss in 2");
/// ```
pub struct Engine {
    level: Level,
    searcher: Searcher<WinPlacePosition>,
    solver: Option<Solver>,
    table_log2: u32,
    play_book: Option<&'static PlayBook>,
    /// The searcher's table holds [`ThreatScoreTable`]'s values (the `perfect` level's
    /// search), not [`ScoreTable`]'s: cleared when the other evaluator searches next.
    threat_table: bool,
}

impl Default for Engine {
    /// The default level and solver table size.
    fn default() -> Self {
        Engine::with_table_log2(crate::DEFAULT_TABLE_LOG2)
    }
}

impl Engine {
    /// An engine at the default level whose solver table takes at most `table_mib` MiB
    /// (the largest power of two of 8-byte entries that fits, 0.5 MiB to 8 GiB:
    /// [`crate::table_log2_for_mib`]), as the other games' engines take their size.
    pub fn new(table_mib: usize) -> Self {
        Engine::with_table_log2(crate::table_log2_for_mib(table_mib as u64))
    }

    /// An engine at the default level whose solver table has `2^table_log2` entries of
    /// 8 bytes (clamped to 16..=30).
    pub fn with_table_log2(table_log2: u32) -> Self {
        Engine {
            level: <Level as zerosum::Level>::default_level(),
            searcher: Searcher::new(16),
            solver: None,
            table_log2,
            play_book: PlayBook::shipped(),
            threat_table: false,
        }
    }

    /// Whether `perfect` plays the play book's move in the positions it holds (the
    /// default) or searches them; the solver's own use of the books is set on
    /// [`Engine::solver`] ([`Solver::set_use_book`]).
    pub fn set_use_play_book(&mut self, use_play_book: bool) {
        self.play_book = PlayBook::shipped().filter(|_| use_play_book);
    }

    /// The play book's column and exact score for `position`, as a search result with
    /// no node searched; `None` when the book (if in use) does not hold the position.
    fn play_book_move(&self, position: &Position, budget: &Budget) -> Option<SearchResult<Column>> {
        let (mv, pons) = self.play_book?.best(position)?;
        let score = crate::score::to_core(pons, position.moves());
        Some(SearchResult::solved(
            mv,
            score,
            42 - position.moves(),
            0,
            budget.elapsed(),
        ))
    }

    /// The exact solver (made on first use).
    pub fn solver(&mut self) -> &mut Solver {
        let log2 = self.table_log2;
        self.solver
            .get_or_insert_with(|| Solver::with_table_log2(log2))
    }

    /// Every playable column of `position` with its exact score for the side to move (in
    /// Pons' convention: `22 − k` for a win with its `k`-th stone), left to right, each
    /// solved within `limits` of its own; `None` for a column not solved within them.
    pub fn move_values(
        &mut self,
        position: &Position,
        limits: &Limits,
    ) -> Vec<(Column, Option<i32>)> {
        let solver = self.solver();
        let playable = Column::ALL.into_iter().filter(|&c| position.can_play(c));
        playable
            .map(|col| {
                let mut child = position.clone();
                child.play_unchecked(col);
                solver.set_budget(Some(Budget::new(limits)));
                let s = solver.try_solve(&child, false);
                solver.set_budget(None);
                (col, s.ok().map(|s| -s.score))
            })
            .collect()
    }

    /// A search to `depth` plies (`None`: as deep as `budget` allows): a level's with the
    /// seed's [`ScoreTable`], the `perfect` level's beside its exact solve (`threats`)
    /// with [`ThreatScoreTable`], so that even a one-ply search under a tiny budget never
    /// plays a column the opponent answers with four. The searcher's table is cleared
    /// when it holds the other evaluator's values.
    fn search(
        &mut self,
        position: &Position,
        depth: Option<u32>,
        threats: bool,
        budget: &Budget,
        observer: &mut Observer<'_, Column>,
    ) -> SearchResult<Column> {
        if std::mem::replace(&mut self.threat_table, threats) != threats {
            self.searcher.clear();
        }
        let mut game = WinPlacePosition::from(position.clone());
        let searcher = &mut self.searcher;
        if threats {
            searcher.search_within(&mut game, &mut ThreatScoreTable, depth, budget, observer)
        } else {
            searcher.search_within(&mut game, &mut ScoreTable, depth, budget, observer)
        }
    }

    /// The perfect line from `position` that starts with `first` (a column that keeps
    /// the position's exact value): after it, each side's best column in turn (the play
    /// book's where it holds the position, else [`Solver::best_move`]: the fastest win,
    /// the slowest loss, ties to the centre) until the game ends, so that a win or loss
    /// in `n` plies comes with its `n` moves. Later positions are small solves (the table
    /// holds most of them after the first); the line stops short, still exact as far as
    /// it goes, when `budget` ends or after [`LINE_NODES`] solver nodes (or what a node
    /// limit in `limits` leaves after `spent`).
    fn perfect_line(
        &mut self,
        position: &Position,
        first: Column,
        budget: &Budget,
        limits: &Limits,
        spent: u64,
    ) -> Vec<Column> {
        let nodes = limits
            .nodes
            .map_or(LINE_NODES, |n| n.saturating_sub(spent).min(LINE_NODES));
        let book = self.play_book;
        let solver = self.solver();
        // The move is known: the line takes no time past the move's planned time (under
        // a game clock the maximum is several times it).
        solver.set_budget(Some(budget.share(1.0, Some(nodes)).capped_at_optimum()));
        let mut line = vec![first];
        let mut p = position.clone();
        p.play_unchecked(first);
        while !p.is_over() {
            let best = match book.and_then(|b| b.best(&p)) {
                Some((col, _)) => col,
                None => match solver.best_move(&p) {
                    Ok(Some((col, _))) => col,
                    _ => break,
                },
            };
            line.push(best);
            p.play_unchecked(best);
        }
        solver.set_budget(None);
        line
    }

    /// The exact best column under `budget`, as a search result; `None` when the budget
    /// ends first.
    fn solve(&mut self, position: &Position, budget: &Budget) -> Option<SearchResult<Column>> {
        let solver = self.solver();
        solver.set_budget(Some(budget.clone()));
        let before = solver.nodes();
        let best = solver.best_move(position);
        let nodes = solver.nodes() - before;
        solver.set_budget(None);
        let (mv, pons) = best.ok()??;
        let score = crate::score::to_core(pons, position.moves());
        let depth = 42 - position.moves();
        Some(SearchResult::solved(
            mv,
            score,
            depth,
            nodes,
            budget.elapsed(),
        ))
    }
}

impl zerosum::Engine for Engine {
    type Game = Position;
    type Level = Level;

    fn level_mut(&mut self) -> &mut Level {
        &mut self.level
    }

    fn think(
        &mut self,
        position: &Position,
        limits: &Limits,
        observer: &mut Observer<'_, Column>,
    ) -> SearchResult<Column> {
        if self.level == Level::Perfect && limits.depth.is_none() {
            // Make the solver (its table: 2^table_log2 entries, 64 MiB by default) before
            // the clock starts, once per engine, as a start-up cost; the table's memory is
            // mapped as the part in use grows with the work (`Techniques::growing_table`).
            self.solver();
        }
        let budget = Budget::new(limits);
        match (self.level.depth(), limits.depth) {
            (_, Some(depth)) => self.search(position, Some(depth), false, &budget, observer),
            (Some(n), None) => self.search(position, Some(u32::from(n)), false, &budget, observer),
            (None, None) => {
                let book = self.play_book_move(position, &budget);
                // A solve that a stop flag can end (no node limit): a search's move
                // first, played if the flag comes before the solve's end.
                let searched = if book.is_none() {
                    search_before_solve(&budget, |b| self.search(position, None, true, b, observer))
                } else {
                    None
                };
                let searched_nodes = searched.as_ref().map_or(0, |r| r.stats.nodes);
                let before = self.solver().nodes();
                // The solver gets half a node limit, which it keeps exactly, and the
                // search the rest.
                if let Some(mut r) =
                    book.or_else(|| self.solve(position, &budget.exact_part(limits)))
                {
                    if let Some(&first) = r.pv.first() {
                        let spent = self.solver().nodes() - before;
                        r.pv = self.perfect_line(position, first, &budget, limits, spent);
                        // The line's solves are part of the answer's work: its nodes
                        // and time are reported with the move's.
                        r.stats.nodes = self.solver().nodes() - before + searched_nodes;
                        r.stats.elapsed = budget.elapsed();
                    }
                    observer(&r.report());
                    return r;
                }
                // Not solved within its share: the deepest search the rest allows. The
                // solver's nodes count against a node limit, in the result and in every
                // report (a tester's report: after `m` stopped a perfect solve of 4.68 M
                // nodes, the play screen showed `nodes 10 (6/s)`).
                let spent = self.solver().nodes() - before;
                search_after_solve(spent, &budget, searched, observer, |rest, observer| {
                    self.search(position, None, true, rest, observer)
                })
            }
        }
    }

    fn new_game(&mut self) {}

    fn clear(&mut self) {
        self.searcher.clear();
        if let Some(s) = &mut self.solver {
            s.reset();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A level's search after a starved `perfect` one in the same engine answers as a
    /// fresh engine's: the table of the perfect level's evaluator ([`ThreatScoreTable`])
    /// is not read with the levels' ([`ScoreTable`]), and the other way round.
    #[test]
    fn a_level_after_a_starved_perfect_search_answers_as_a_fresh_engine() {
        use zerosum::Engine as _;
        let p: Position = "71521637131".parse().unwrap();
        let level = |engine: &mut Engine| {
            engine.set_level(Level::Depth(6));
            let r = engine.think(&p, &Limits::default(), &mut |_| {});
            (r.best_move, r.score, r.stats.nodes, r.pv)
        };
        let mut used = Engine::default();
        used.set_level(Level::Perfect);
        used.set_use_play_book(false);
        used.think(&p, &Limits::nodes(5_000), &mut |_| {});
        assert_eq!(level(&mut used), level(&mut Engine::default()));
        // And the perfect level's search after a level's, as after none.
        used.set_level(Level::Perfect);
        let starved = |engine: &mut Engine| {
            let r = engine.think(&p, &Limits::nodes(5_000), &mut |_| {});
            (r.best_move, r.score, r.stats.nodes)
        };
        let mut fresh = Engine::default();
        fresh.set_level(Level::Perfect);
        fresh.set_use_play_book(false);
        assert_eq!(starved(&mut used), starved(&mut fresh));
    }

    /// Under a budget too small for any solve, `perfect` still never plays a column the
    /// opponent answers with four when another column holds, and takes a four it has (a
    /// tester's report: on `71521637131` at `--nodes 1` it played 3, after which the
    /// opponent wins at once; only 1 holds, by Pons' Test_L1_R3 and `analyze`). Checked
    /// on that position and on the positions of pseudo-random games, against the rule
    /// itself (the position's own `can_win_next`), not the engine's values.
    #[test]
    fn a_starved_perfect_level_never_misses_a_four_one_ply_away() {
        use zerosum::Engine as _;
        let mut engine = Engine::default();
        engine.set_level(Level::Perfect);
        engine.set_use_play_book(false);
        let mut positions = vec!["71521637131".parse::<Position>().unwrap()];
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        for _ in 0..40 {
            let mut p = Position::new();
            while !p.is_over() {
                seed = zerosum::hash::splitmix64(seed).1;
                let cols: Vec<Column> =
                    Column::ALL.into_iter().filter(|&c| p.can_play(c)).collect();
                if cols.is_empty() {
                    break;
                }
                positions.push(p.clone());
                p.play_unchecked(cols[(seed % cols.len() as u64) as usize]);
            }
        }
        let mut checked = 0;
        for p in positions.iter().filter(|p| p.moves() >= 8) {
            let cols: Vec<Column> = Column::ALL.into_iter().filter(|&c| p.can_play(c)).collect();
            let wins: Vec<Column> = cols
                .iter()
                .copied()
                .filter(|&c| p.is_winning_move(c))
                .collect();
            let holds = |c: Column| {
                let mut child = p.clone();
                child.play_unchecked(c);
                !child.can_win_next()
            };
            for limits in [Limits::nodes(0), Limits::nodes(1), Limits::nodes(50)] {
                let mv = engine.think(p, &limits, &mut |_| {}).best_move.unwrap();
                if !wins.is_empty() {
                    assert!(wins.contains(&mv), "{p}: {mv} where {wins:?} win");
                } else if cols.iter().any(|&c| holds(c)) {
                    assert!(holds(mv), "{p}: {mv} lets the opponent make four");
                }
                checked += 1;
            }
        }
        assert!(checked > 300, "{checked}");
    }

    /// The perfect level with a stop flag (a UI's "think until I say stop"), with or without
    /// a time limit, searches
    /// before it solves off the book, and a stop during the solve plays that search's
    /// move (a library user's report: stopped after 1 s on `13712`, it played a 1-ply
    /// move). The flag is set once the search has reported 8 plies, so the solve after it
    /// is stopped at once: without the search first, nothing would set it, and the solve
    /// would run to its end.
    #[test]
    fn a_stopped_perfect_solve_plays_the_search_before_it() {
        use zerosum::Engine as _;
        let p: Position = "13712".parse().unwrap();
        let mut engine = Engine::default();
        engine.set_level(Level::Perfect);
        zerosum::testing::check_a_stopped_solve_plays_the_search_before_it(&mut engine, &p, 8);
    }

    /// The perfect level under a small node limit: the solver keeps its half exactly,
    /// and the search has the rest (before the solver looked at its limit only every
    /// 1,024 nodes, and 1,000 nodes searched 1 ply). The limit holds, and so does a
    /// larger one that the solver shares.
    #[test]
    fn a_small_node_limit_goes_to_the_search() {
        use zerosum::Engine as _;
        let p: Position = "16635".parse().unwrap();
        let mut engine = Engine::default();
        engine.set_level(Level::Perfect);
        let r = engine.think(&p, &Limits::nodes(1_000), &mut |_| {});
        assert!(r.depth >= 4 && r.stats.nodes <= 1_000, "{r:?}");
        let r = engine.think(&p, &Limits::nodes(100_000), &mut |_| {});
        assert!(r.stats.nodes <= 100_000, "{r:?}");
    }

    /// A solve that gives up hands over to the search, and the last report counts the
    /// solver's nodes too, as the result does (a tester's report: the play screen showed
    /// the search's 10 nodes after a stopped solve of millions).
    #[test]
    fn the_last_report_counts_the_solver_that_gave_up() {
        use zerosum::Engine as _;
        let p: Position = "1177".parse().unwrap();
        let mut engine = Engine::default();
        engine.set_level(Level::Perfect);
        // Every report counts the solver: the count never falls during the move.
        let (r, reports) = zerosum::testing::check_reports_count_the_whole_move(
            &mut engine,
            &p,
            &Limits::nodes(200_000),
        );
        assert!(!r.exact, "solved within the limit: {r:?}");
        assert!(r.stats.nodes > 100_000, "{r:?}");
        assert!(reports[0] > 50_000, "{reports:?}");
    }

    /// A node limit bounds the perfect line: with one node left after the move, a fresh
    /// solver (no book, an empty table) gives the line's first moves only, each legal;
    /// with the default allowance the line reaches the game's end.
    #[test]
    fn the_perfect_line_stops_at_its_node_limit() {
        let p: Position = "4444443265555".parse().unwrap();
        let full = {
            let mut engine = Engine::default();
            engine.set_use_play_book(false);
            engine.perfect_line(
                &p,
                Column::ALL[4],
                &Budget::unlimited(),
                &Limits::default(),
                0,
            )
        };
        let mut end = p.clone();
        for &col in &full {
            assert!(end.can_play(col) && !end.is_over());
            end.play_unchecked(col);
        }
        assert!(end.is_over(), "{full:?}");
        let mut engine = Engine::default();
        engine.set_use_play_book(false);
        let limits = Limits::nodes(1_000);
        let cut = engine.perfect_line(&p, Column::ALL[4], &Budget::unlimited(), &limits, 999);
        assert!(!cut.is_empty() && cut.len() < full.len(), "{cut:?}");
        assert_eq!(cut[0], Column::ALL[4]);
    }
}
