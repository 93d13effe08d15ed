//! The core items this crate's API uses, named through the crate alone, as a program
//! that depends on it alone must name them (the README promises it): a library user's
//! report found `TableAllocError`, `RootMove`, `Observer`, `TimeSource` and the core's
//! `SearchStats` reachable only through a dependency on `zerosum` itself. These
//! functions do not compile when a re-export is missing.

use connect4::zerosum::search::SearchStats;
use connect4::{
    Bitboard, Column, Engine, Limits, Observer, Position, Report, RootMove, SearchResult, Solver,
    Standard, TableAllocError, TimeSource,
};

fn solver(log2: u32) -> Result<Solver<Standard>, TableAllocError> {
    Solver::try_on(Standard, log2)
}

fn first(r: &SearchResult<Column>) -> Option<&RootMove<Column>> {
    r.root_moves.first()
}

fn stats(r: &SearchResult<Column>) -> &SearchStats {
    &r.stats
}

fn stones(p: &Position) -> Bitboard {
    p.mask()
}

#[test]
fn the_core_items_of_the_api_are_named_through_the_crate() {
    use connect4::prelude::*;
    assert!(solver(10).is_ok());
    let mut reports = 0;
    let mut count = |_: &Report<Column>| reports += 1;
    let observer: &mut Observer<'_, Column> = &mut count;
    let p: Position = "4444".parse().unwrap();
    let r = Engine::default().think(&p, &Limits::depth(2), observer);
    assert!(r.best_move.is_some());
    let _ = (first(&r), stats(&r));
    assert_eq!(stones(&p).0.count_ones(), 4);
    let _: Option<std::sync::Arc<dyn TimeSource>> = None;
}
