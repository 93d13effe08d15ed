//! The core items this crate's API uses, named through the crate alone, as a program
//! that depends on it alone must name them (the README promises it): a library user's
//! report found `TableAllocError`, `RootMove`, `Observer`, `TimeSource` and the core's
//! `SearchStats` reachable only through a dependency on `zerosum` itself. These
//! functions do not compile when a re-export is missing.

use othello::zerosum::search::SearchStats;
use othello::{
    Engine, Limits, Move, Observer, Othello, Report, RootMove, SearchResult, TableAllocError,
    TimeSource,
};

fn engine(mib: usize) -> Result<Engine, TableAllocError> {
    Engine::try_new(mib)
}

fn first(r: &SearchResult<Move>) -> Option<&RootMove<Move>> {
    r.root_moves.first()
}

fn stats(r: &SearchResult<Move>) -> &SearchStats {
    &r.stats
}

#[test]
fn the_core_items_of_the_api_are_named_through_the_crate() {
    use othello::prelude::*;
    let mut reports = 0;
    let mut count = |_: &Report<Move>| reports += 1;
    let observer: &mut Observer<'_, Move> = &mut count;
    let r = engine(1)
        .unwrap()
        .think(&Othello::new(), &Limits::depth(2), observer);
    assert!(reports > 0);
    assert!(first(&r).is_some());
    assert!(stats(&r).nodes > 0);
    let _: Option<std::sync::Arc<dyn TimeSource>> = None;
}
