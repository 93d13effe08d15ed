//! The core items this crate's API uses, named through the crate alone, as a program
//! that depends on it alone must name them (the README promises it): a library user's
//! report found `TableAllocError`, `RootMove`, `Observer`, `TimeSource` and the core's
//! `SearchStats` reachable only through a dependency on `zerosum` itself. These
//! functions do not compile when a re-export is missing.

use gomoku::zerosum::search::SearchStats;
use gomoku::{
    Board, Cell, Engine, Limits, Observer, Report, RootMove, SearchResult, TableAllocError,
    TimeSource,
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

/// Also a position read with `str::parse` and an engine by `Default`, as the other game
/// crates allow; and a table the system refuses is an error, not a panic.
#[test]
fn the_core_items_of_the_api_are_named_through_the_crate() {
    use gomoku::prelude::*;
    let mut reports = 0;
    let mut count = |_: &Report<Cell>| reports += 1;
    let observer: &mut Observer<'_, Cell> = &mut count;
    let board: Board = "15f:h8i7".parse().unwrap();
    assert!("15f:h8h8".parse::<Board>().is_err());
    let r = engine(1)
        .unwrap()
        .think(&board, &Limits::depth(2), observer);
    assert!(reports > 0);
    assert!(first(&r).is_some());
    assert!(stats(&r).nodes > 0);
    let r = Engine::default().think(&board, &Limits::depth(1), &mut |_| {});
    assert!(r.best_move.is_some());
    assert!(engine(usize::MAX >> 20).is_err());
    let _: Option<std::sync::Arc<dyn TimeSource>> = None;
}
