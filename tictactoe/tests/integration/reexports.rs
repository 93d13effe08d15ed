//! The core items this crate's API uses, named through the crate alone, as a program
//! that depends on it alone must name them (the README promises it): a library user's
//! report found `TableAllocError`, `RootMove`, `Observer`, `TimeSource` and the core's
//! `SearchStats` reachable only through a dependency on `zerosum` itself. These
//! functions do not compile when a re-export is missing.

use tictactoe::zerosum::search::SearchStats;
use tictactoe::{
    Board, Cell, Engine, Limits, Observer, Report, RootMove, SearchResult, Symmetry,
    TableAllocError, TimeSource,
};

fn engine(mib: usize) -> Result<Engine, TableAllocError> {
    Engine::try_new(mib)
}

fn first(r: &SearchResult<Cell>) -> Option<&RootMove<Cell>> {
    r.root_moves.first()
}

fn stats(r: &SearchResult<Cell>) -> &SearchStats {
    &r.stats
}

fn symmetries(b: &Board) -> &[Symmetry] {
    b.geometry().symmetries()
}

#[test]
fn the_core_items_of_the_api_are_named_through_the_crate() {
    use tictactoe::prelude::*;
    let mut reports = 0;
    let mut count = |_: &Report<Cell>| reports += 1;
    let observer: &mut Observer<'_, Cell> = &mut count;
    let board = Board::default();
    let r = engine(1)
        .unwrap()
        .think(&board, &Limits::depth(2), observer);
    assert!(reports > 0);
    assert!(first(&r).is_some());
    assert!(stats(&r).nodes > 0);
    assert_eq!(symmetries(&board).len(), 8);
    let _: Option<std::sync::Arc<dyn TimeSource>> = None;
}
