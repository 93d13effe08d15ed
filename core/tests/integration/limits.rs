//! Limits end searches: the stop flag, the node budget, the depth.

use std::sync::Arc;
use std::thread;
use std::time::Duration;
use zerosum::search::{Limits, Searcher, StopFlag};
use zerosum::testing::{Drop, hash_eval};
use zerosum::time::{Budget, GameClock, POLL_INTERVAL, TickClock};
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

/// Time, made deterministic: a clock that moves 20 µs per reading. A per-move limit of
/// 200 ms must be used (at least 75 %: the position is far from solved) and respected
/// (the search notices the maximum within one poll interval).
#[test]
fn a_per_move_limit_is_used_and_respected() {
    let mut g = Drop::new(7, 6, 4);
    let clock = Arc::new(TickClock::new(Duration::from_micros(20)));
    let limit = Duration::from_millis(200);
    let limits = Limits::time(limit).with_time_source(clock);
    let mut searcher = Searcher::<Drop>::new(1);
    let mut last_report = Duration::ZERO;
    let r = searcher.search(&mut g, &mut hash_eval, &limits, |r| last_report = r.elapsed);
    let elapsed = r.stats.elapsed;
    assert!(
        elapsed >= limit * 3 / 4,
        "used only {elapsed:?} of {limit:?}"
    );
    // At most the maximum plus the readings of one poll interval and the final ones.
    assert!(
        elapsed <= limit + Duration::from_micros(20) * 4,
        "{elapsed:?}"
    );
    assert!(last_report <= elapsed);
    assert!(r.best_move.is_some());
}

/// With a game clock, no depth starts after the optimum: every reported depth but the
/// last finished before it.
#[test]
fn a_game_clock_starts_no_depth_after_the_optimum() {
    let mut g = Drop::new(7, 6, 4);
    let clock = Arc::new(TickClock::new(Duration::from_micros(20)));
    let limits = Limits::clock(GameClock {
        remaining: Duration::from_secs(3),
        increment: Duration::ZERO,
        moves_to_go: None,
    })
    .with_time_source(clock);
    let optimum = Budget::new(&limits).optimum().unwrap();
    let mut reports = Vec::new();
    let r = Searcher::<Drop>::new(1)
        .search(&mut g, &mut hash_eval, &limits, |r| reports.push(r.elapsed));
    assert!(reports.len() >= 2);
    for e in &reports[..reports.len() - 1] {
        assert!(
            *e < optimum,
            "a depth started at {e:?} after the optimum {optimum:?}"
        );
    }
    assert!(r.stats.elapsed <= Budget::new(&limits).maximum().unwrap() + Duration::from_millis(1));
}

/// The node limit is one comparison everywhere: the search stops once it has counted
/// `nodes >= limit` (depth 1 aside, which always finishes).
#[test]
fn the_node_limit_is_checked_every_node() {
    let mut g = Drop::new(7, 6, 4);
    for limit in [1_000, 3_333, 20_000] {
        let r =
            Searcher::<Drop>::new(1).search(&mut g, &mut hash_eval, &Limits::nodes(limit), |_| {});
        // The stopping node and the root re-entries of the unwinding count at most once each.
        assert!(r.stats.nodes <= limit + 1, "{} > {limit}", r.stats.nodes);
        assert!(r.stats.nodes >= limit.min(POLL_INTERVAL as u64));
    }
}
