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
pub fn search_after_solve<M: Copy>(
    spent: u64,
    budget: &Budget,
    observer: &mut Observer<'_, M>,
    search: impl FnOnce(&Budget, &mut Observer<'_, M>) -> SearchResult<M>,
) -> SearchResult<M> {
    let rest = budget.rest_of_nodes(spent);
    let mut r = {
        let mut with_solve = |rep: &Report<M>| {
            observer(&rep.after_prior_work(spent, budget.elapsed()));
        };
        search(&rest, &mut with_solve)
    };
    r.stats.nodes += spent;
    if spent > 0 {
        r.stats.elapsed = budget.elapsed();
        observer(&r.report());
    }
    r
}
