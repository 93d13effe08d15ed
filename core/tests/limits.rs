//! Limits end searches: the stop flag, the node budget, the depth.

use std::thread;
use std::time::Duration;
use zerosum::search::{Limits, Searcher, StopFlag};
use zerosum::testing::{Drop, hash_eval};
use zerosum::{Game, MoveList};

#[test]
fn a_preset_stop_flag_ends_the_search_after_depth_one() {
    let mut g = Drop::new(7, 6, 4);
    let mut searcher = Searcher::<Drop>::new(1);
    let depth1 = searcher
        .search(&mut g, &mut hash_eval, &Limits::depth(1), |_| {})
        .stats
        .nodes;
    let stop = StopFlag::new();
    stop.stop();
    let result = searcher.search(
        &mut g,
        &mut hash_eval,
        &Limits::default().with_stop(stop),
        |_| {},
    );
    assert_eq!(result.depth, 1);
    assert!(result.best_move.is_some());
    // Depth 1, then at most one check interval (256 nodes) of depth 2.
    assert!(
        result.stats.nodes <= depth1 + 257,
        "{} nodes after the flag",
        result.stats.nodes
    );
}

#[test]
fn a_stop_flag_set_from_another_thread_ends_an_unbounded_search() {
    // Connect Four on 7x6 with a heuristic evaluation never ends by itself in a test's time.
    let mut g = Drop::new(7, 6, 4);
    let stop = StopFlag::new();
    let remote = stop.clone();
    let handle = thread::spawn(move || {
        thread::sleep(Duration::from_millis(50));
        remote.stop();
    });
    let mut searcher = Searcher::<Drop>::new(8);
    let mut reports = Vec::new();
    let result = searcher.search(
        &mut g,
        &mut hash_eval,
        &Limits::default().with_stop(stop),
        |r| reports.push(r.depth),
    );
    handle.join().unwrap();
    assert!(result.best_move.is_some());
    assert!(!reports.is_empty());
    assert_eq!(
        reports,
        (1..=reports.len() as u32).collect::<Vec<_>>(),
        "one report per finished depth"
    );
}

#[test]
fn the_node_budget_is_respected() {
    let mut g = Drop::new(7, 6, 4);
    let mut searcher = Searcher::<Drop>::new(1);
    let result = searcher.search(&mut g, &mut hash_eval, &Limits::nodes(5_000), |_| {});
    let depth1 = Searcher::<Drop>::new(1)
        .search(&mut g, &mut hash_eval, &Limits::depth(1), |_| {})
        .stats
        .nodes;
    assert!(
        result.stats.nodes <= 5_000.max(depth1) + 1,
        "{} nodes",
        result.stats.nodes
    );
    assert!(result.depth >= 1);
    // The same budget gives the same result: node limits are reproducible.
    let again =
        Searcher::<Drop>::new(1).search(&mut g, &mut hash_eval, &Limits::nodes(5_000), |_| {});
    assert_eq!(
        (again.best_move, again.score, again.depth),
        (result.best_move, result.score, result.depth)
    );
}

#[test]
fn search_leaves_the_game_as_it_was_and_reports_legal_pv() {
    let mut g = Drop::new(5, 4, 3);
    g.play(zerosum::testing::Col(2));
    let before = format!("{g:?}");
    let mut searcher = Searcher::<Drop>::new(1);
    let result = searcher.search(&mut g, &mut hash_eval, &Limits::depth(6), |_| {});
    assert_eq!(format!("{g:?}"), before);
    let mut h = g.clone();
    for mv in &result.pv {
        assert!(h.is_legal(*mv), "PV move {mv} illegal");
        h.play(*mv);
    }
    assert_eq!(result.pv.first().copied(), result.best_move);
    let mut moves = MoveList::new();
    g.legal_moves(&mut moves);
    assert_eq!(result.root_moves.len(), moves.len());
}

#[test]
fn conformance_suite_accepts_the_test_game() {
    zerosum::testing::check_rules(&Drop::new(4, 4, 3), 50, 1);
}
