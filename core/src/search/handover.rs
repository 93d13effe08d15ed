//! The hand-over from an exact solve that gave up to a search: what a game's `perfect`
//! level does under a time or node limit (tic-tac-toe, Connect Four), counted as one
//! move's work.

use super::{Report, SearchResult};
use crate::Observer;
use crate::time::Budget;

/// Runs `search` on what an exact solve that gave up left of `budget` (`spent`: the
/// solve's nodes, counted against a node limit by [`Budget::rest_of_nodes`]), and counts
/// the solve in everything it reports: each report with the solve's nodes and the move's
/// whole time ([`Report::after_prior_work`]), so that a front end's count never falls
/// during the move; and the result, whose nodes add the solve's and whose time is the
/// move's. When the solve spent nodes, the result is reported once more at the end: the
/// last report is then the move's whole work, a depth the limit cut included.
///
/// `search` gets the budget left and the observer to report to, and returns its result.
/// `before` is the search [`search_before_solve`] ran: when there is one and the stop
/// flag ended the solve, that search's result is the answer (its nodes and the solve's,
/// the move's whole time), reported once more, and `search` is not run; when the solve
/// gave up at its time share, `search` runs on the rest, and the deeper of the two
/// results is the answer (a library user's report: a perfect level stopped during a
/// time-limited solve played a 1-ply move, the search after it finding the flag set).
pub fn search_after_solve<M: Copy>(
    spent: u64,
    budget: &Budget,
    before: Option<SearchResult<M>>,
    observer: &mut Observer<'_, M>,
    search: impl FnOnce(&Budget, &mut Observer<'_, M>) -> SearchResult<M>,
) -> SearchResult<M> {
    let before = match before {
        Some(mut r) if budget.stop_requested() => {
            r.stats.nodes += spent;
            r.stats.elapsed = budget.elapsed();
            observer(&r.report());
            return r;
        }
        before => before,
    };
    let before_nodes = before.as_ref().map_or(0, |b| b.stats.nodes);
    let rest = budget.rest_of_nodes(spent);
    let mut r = {
        let mut with_solve = |rep: &Report<M>| {
            observer(&rep.after_prior_work(spent, budget.elapsed()));
        };
        search(&rest, &mut with_solve)
    };
    r.stats.nodes += spent + before_nodes;
    if let Some(b) = before.filter(|b| b.depth > r.depth) {
        r = SearchResult {
            stats: r.stats,
            ..b
        };
    }
    if spent > 0 {
        r.stats.elapsed = budget.elapsed();
        observer(&r.report());
    }
    r
}

/// The nodes of the search that [`search_before_solve`] runs: a few tens of
/// milliseconds of Connect Four's or tic-tac-toe's search.
pub const SEARCH_BEFORE_SOLVE_NODES: u64 = 100_000;

/// The search a `perfect` level runs before an exact solve that a stop flag can end
/// (`budget` has a stop flag and no node limit: a UI's "think until I say stop", with or
/// without a time limit): `search` on a budget of [`SEARCH_BEFORE_SOLVE_NODES`] nodes and
/// the same stop flag. Stopped during the solve, the level answers with that search's
/// move ([`search_after_solve`]'s `before`); without it the hand-over found the flag
/// already set and answered with a 1-ply search (library users' reports: Connect Four's
/// perfect level stopped after 1 s played a 1-ply move, where a second's search reaches
/// 14 plies; the same under a time limit). `None` when the solve cannot be stopped, or
/// has a node limit (the search after it gets the rest: node-limited answers stay the
/// same from run to run).
pub fn search_before_solve<M: Copy>(
    budget: &Budget,
    search: impl FnOnce(&Budget) -> SearchResult<M>,
) -> Option<SearchResult<M>> {
    (budget.can_be_stopped() && budget.node_limit().is_none())
        .then(|| search(&budget.share(1.0, Some(SEARCH_BEFORE_SOLVE_NODES))))
}
