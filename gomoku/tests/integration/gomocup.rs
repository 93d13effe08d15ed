//! The Gomocup match runner against real processes (`quirky-pbrain`, our protocol brain
//! with the quirks real engines have): results add up, faults are recorded and the match
//! goes on.

use gomoku::gomocup::{EngineSpec, MatchConfig, TimeControl, match_table, run_match};
use gomoku::suite::parse_openings;
use gomoku::{Outcome, Rule};
use std::time::Duration;

fn engine(args: &str) -> EngineSpec {
    EngineSpec::from_command_line(&format!("{} {args}", env!("CARGO_BIN_EXE_quirky-pbrain")))
}

fn openings(n: usize) -> Vec<gomoku::Board> {
    let text = "h8i7e9\nh8g6e10\nh8i9j6\n";
    parse_openings(text, 15, Rule::Freestyle).unwrap()[..n].to_vec()
}

#[test]
fn a_clean_match_adds_up_and_swaps_colours() {
    let mut config = MatchConfig::new(openings(1), TimeControl::PerMove(Duration::from_secs(5)));
    config.max_stones = 30;
    let a = engine("--nodes 200");
    let b = engine("--nodes 200 --error-on-info");
    let mut seen = 0;
    let r = run_match(&config, &a, &b, |_| seen += 1);
    assert_eq!(seen, 2);
    assert_eq!(r.report.result.games(), 2);
    assert_eq!(r.games.len(), 2);
    // Colours swapped in pairs: each opening once with A on each side.
    assert_ne!(r.games[0].a_side, r.games[1].a_side);
    assert_eq!(r.games[0].opening, r.games[1].opening);
    // ERROR answers to INFO keys are skipped, never taken as moves: no faults at all.
    assert!(r.a.faults.is_empty() && r.b.faults.is_empty(), "{r:?}");
    assert!(r.b.stray_lines > 0, "the ERROR lines were seen and skipped");
    // Every game ended on the board (a five, or a draw at the stone cap), and the times
    // add up.
    for g in &r.games {
        assert!(g.forfeit.is_none());
        let stones = g.moves.split(':').nth(1).unwrap().len();
        assert!(g.outcome.is_some() || stones >= 2 * 30, "{}", g.moves);
    }
    let moves: usize = r.games.iter().map(|g| g.times.len()).sum();
    assert_eq!(moves as u64, r.a.moves + r.b.moves);
    let pts: f64 = r.pairs.iter().map(|p| p.1).sum();
    assert_eq!(
        pts,
        r.report.result.wins as f64 + r.report.result.draws as f64 / 2.0
    );
    let table = match_table(&r, "a", "b");
    assert!(table.contains("Elo") && table.contains("pairs"), "{table}");
    // Each engine's row: the mean and the maximum in the same tenths of a millisecond,
    // so a maximum is never written below the mean (it was cut to whole milliseconds:
    // a mean of 0.2 beside a maximum of 0).
    for row in table
        .lines()
        .filter(|l| l.starts_with("| a |") || l.starts_with("| b |"))
    {
        let cells: Vec<&str> = row.split('|').map(str::trim).collect();
        let (mean, max): (f64, f64) = (cells[3].parse().unwrap(), cells[4].parse().unwrap());
        assert!(mean <= max && cells[4].contains('.'), "{row}");
    }
}

#[test]
fn a_dying_engine_loses_its_games_and_the_match_goes_on() {
    let config = MatchConfig::new(openings(2), TimeControl::PerMove(Duration::from_secs(5)));
    let a = engine("--nodes 50");
    let b = engine("--nodes 50 --die-after 2");
    let r = run_match(&config, &a, &b, |_| {});
    assert_eq!(r.report.result.games(), 4, "all games played");
    // B dies in every game it cannot finish within 2 moves (each game restarts it, and
    // none of these openings is won in 2 moves): it loses all four.
    assert_eq!(r.report.result.wins, 4, "{:?}", r.games);
    assert_eq!(r.b.faults.len(), 4, "{:?}", r.b.faults);
    for g in &r.games {
        let forfeit = g.forfeit.as_deref().unwrap_or("");
        assert!(forfeit.contains("died"), "{forfeit}");
        // Its exit status and its last words on standard error are shown.
        assert!(forfeit.contains("exit status: 3"), "{forfeit}");
        assert!(forfeit.contains("dying after 2 moves"), "{forfeit}");
        assert_eq!(g.outcome, Some(Outcome::Win(g.a_side)));
    }
}

#[test]
fn a_slow_first_move_is_tolerated_and_a_timeout_is_a_loss() {
    let mut config = MatchConfig::new(
        openings(1),
        TimeControl::PerMove(Duration::from_millis(500)),
    );
    config.grace = Duration::from_millis(200);
    config.first_move_grace = Duration::from_secs(5);
    config.games = 1;
    config.max_stones = 8;
    let a = engine("--nodes 100 --slow-first 1000");
    let b = engine("--nodes 100");
    let r = run_match(&config, &a, &b, |_| {});
    assert!(r.a.faults.is_empty(), "{:?}", r.a.faults);
    assert!(r.a.max >= Duration::from_millis(1000));
    assert_eq!(r.a.over_limit, 1, "the slow move is counted over the limit");
    // Without the first-move grace the same engine loses on time.
    config.first_move_grace = Duration::ZERO;
    let r = run_match(&config, &a, &b, |_| {});
    assert_eq!(r.report.result.losses, 1);
    assert!(r.a.faults[0].contains("no answer"), "{:?}", r.a.faults);
}

/// Helper report 45: the nudges sent to an engine late on a move (here its slow first
/// move, inside the first-move grace) are answered after the move, and when that move
/// ended its game (here the stone cap, 4 or 5 stones after a 3-stone opening, whichever
/// colour the engine has), one of those answers, left in the pipe, ended the next
/// game's `RESTART` sync before its `OK`: the runner then read `RESTART`'s `OK` as
/// `START`'s and `START`'s as the engine's first move, and the engine forfeited the
/// second game. The owed answers are read now: both games are played with no fault.
#[test]
fn a_late_move_s_nudges_leave_the_next_game_in_step() {
    for max_stones in [4, 5] {
        let mut config = MatchConfig::new(
            openings(1),
            TimeControl::PerMove(Duration::from_millis(300)),
        );
        config.grace = Duration::from_millis(200);
        config.first_move_grace = Duration::from_secs(5);
        config.max_stones = max_stones;
        let a = engine("--nodes 100 --slow-first 1200");
        let b = engine("--nodes 100");
        let r = run_match(&config, &a, &b, |_| {});
        assert_eq!(r.report.result.games(), 2);
        assert!(r.a.nudges >= 2, "{max_stones}: {:?}", r.a);
        assert!(r.a.faults.is_empty(), "{max_stones}: {:?}", r.a.faults);
        assert!(r.games.iter().all(|g| g.forfeit.is_none()), "{:?}", r.games);
    }
}

/// Helper report 45: an engine that answers `ABOUT` twice leaves an answer in the pipe
/// that ends the next sync early, so a `RESTART`'s `OK` came after the sync and was
/// read as the engine's first move: it forfeited every game that began with `RESTART`
/// (`answered "OK" instead of a move`). A bare `OK` is never a move, and is skipped as a
/// stray line.
#[test]
fn an_engine_answering_about_twice_keeps_its_games() {
    let r = clean_pair("--about-twice", 8);
    assert!(r.a.stray_lines > 0, "{:?}", r.a);
}

/// One opening played twice (5 s a move, at most `max_stones` stones a game) by quirky
/// engine A with `quirk` against a plain one, both at 200 nodes a move: both games
/// played and no fault on either side.
fn clean_pair(quirk: &str, max_stones: usize) -> gomoku::gomocup::MatchResult {
    let mut config = MatchConfig::new(openings(1), TimeControl::PerMove(Duration::from_secs(5)));
    config.max_stones = max_stones;
    let a = engine(&format!("--nodes 200 {quirk}"));
    let b = engine("--nodes 200");
    let r = run_match(&config, &a, &b, |_| {});
    assert_eq!(r.report.result.games(), 2);
    assert!(r.a.faults.is_empty() && r.b.faults.is_empty(), "{r:?}");
    r
}

/// An engine that answers its moves with `SUGGEST x,y` plays them: the protocol says the
/// manager answers `SUGGEST` with `PLAY` (or `END`), and "in Gomocup tournament the
/// manager always answers the move the brain has sent in the SUGGEST command"; the
/// engine then echoes the move. New-user report 24: the runner scored every such game a
/// fault (`answered "SUGGEST 6,7" instead of a move`).
#[test]
fn an_engine_that_suggests_its_moves_plays_them() {
    let r = clean_pair("--suggest", 30);
    for g in &r.games {
        assert!(g.forfeit.is_none(), "{g:?}");
        let stones = g.moves.split(':').nth(1).unwrap().len();
        assert!(g.outcome.is_some() || stones >= 2 * 30, "{}", g.moves);
    }
    assert!(r.a.moves > 0, "{r:?}");
}

/// An engine that answers the runner's `PLAY` with another `SUGGEST` forfeits at once,
/// named for what it did (a tester's report: the runner sent `PLAY` after `PLAY` until
/// the move's time was gone, then scored `no answer within 0 ms`).
#[test]
fn an_engine_that_suggests_again_after_play_forfeits() {
    let mut config = MatchConfig::new(openings(1), TimeControl::PerMove(Duration::from_secs(5)));
    config.max_stones = 20;
    let a = engine("--nodes 200 --suggest --suggest-again");
    let b = engine("--nodes 200");
    let r = run_match(&config, &a, &b, |_| {});
    assert_eq!(r.report.result.games(), 2);
    assert_eq!(r.report.result.losses, 2, "{:?}", r.games);
    assert_eq!(r.a.faults.len(), 2, "{:?}", r.a.faults);
    for f in &r.a.faults {
        assert!(
            f.contains("answered \"SUGGEST ") && f.contains("to \"PLAY "),
            "{f}"
        );
    }
}

/// The runner ends its lines with CR LF: "The manager puts bytes CR LF (0x0d, 0x0a) at
/// the end of lines" (the protocol), and an engine may count on it. New-user report 24:
/// the runner sent LF alone, and such an engine answered `ERROR` from `START` on.
#[test]
fn the_runner_ends_its_lines_with_cr_lf() {
    let r = clean_pair("--strict-crlf", 20);
    assert_eq!(r.a.stray_lines, 0, "{r:?}");
    assert!(r.a.moves > 0, "{r:?}");
}

/// Time control with an injected clock (`zerosum::time::TickClock`, which moves a fixed
/// step at each reading): the engine's reported time never passes the budget's maximum
/// by more than a few readings, and on an unsettled middle game it uses at least 75 % of
/// the per-move limit (iterative deepening goes on until the maximum). No wall clock.
#[test]
fn engine_time_is_bounded_by_the_budget_and_mostly_used() {
    use gomoku::prelude::*;
    use gomoku::{Board, Engine, Limits, Notation};
    use std::sync::Arc;
    use zerosum::time::{Budget, TickClock};
    let step = Duration::from_micros(100);
    for (position, limit_ms) in [
        ("15f:h8i7e9h6g5i5", 100),
        ("15f:h8i7e9h6g5i5j6", 100),
        ("15s:h8i9g9i7i8j8", 60),
        ("15r:h8i7g9h6", 100),
    ] {
        let board = Board::parse_position(position).unwrap();
        let clock = Arc::new(TickClock::new(step));
        let limits = Limits::time(Duration::from_millis(limit_ms)).with_time_source(clock.clone());
        let maximum = Budget::new(&limits).maximum().unwrap();
        let mut engine = Engine::new(4);
        engine.set_level(gomoku::Level::new(8).unwrap());
        let r = engine.think(&board, &limits, &mut |_| {});
        let used = r.stats.elapsed;
        assert!(r.best_move.is_some());
        assert!(
            used <= maximum + step * 4,
            "{position}: {used:?} > {maximum:?} + 4 readings"
        );
        assert!(
            r.score.is_decisive() || used * 4 >= Duration::from_millis(limit_ms) * 3,
            "{position}: used {used:?} of {limit_ms} ms on an unsettled position"
        );
    }
}

/// `--nodes` is a hard cap: the search nodes, the root VCF and the defence's VCF tests
/// all count against the limit, whatever the limit and the position (the root VCT,
/// which polls its own limit only between its VCF tests, is left out here: it is off).
#[test]
fn a_node_limit_is_never_passed() {
    use gomoku::{Board, Engine, Limits, Notation};
    let positions = [
        "15f:h8i7e9h6g5i5",
        "15f:h8i7e9",
        "15f:h8i7e9h6g5i5i6g7j4k7h7j6h4k5",
        "15f:h8a1i8a3j8a5",
        "15f:h8h9i8i9j8",
    ];
    let mut engine = Engine::new(4);
    engine.root_vct_nodes = 0;
    // The default, then with the quick wins and the leaf VCT probe (whose solver may
    // pass its own limit by two VCF tests).
    for probe in [false, true] {
        engine.quick_wins = probe;
        engine.leaf_vct_nodes = if probe { 100 } else { 0 };
        for position in positions {
            let board = Board::parse_position(position).unwrap();
            for limit in [1, 2, 3, 7, 10, 50, 100, 333, 1_000, 5_000] {
                engine.clear();
                let info = engine.search(&board, &Limits::nodes(limit));
                assert!(info.best.is_some(), "{position} at {limit}");
                assert!(info.nodes <= limit, "{position}: {} > {limit}", info.nodes);
            }
        }
    }
}

/// Searches four positions (quiet, early, with fours and threes) at node limits from 1 to
/// 20,000 with `engine` cleared each time: each search gives a legal move within the
/// limit; `check` sees the engine, the result and the position and limit in words.
fn searches_keep_the_node_limit(
    engine: &mut gomoku::Engine,
    mut check: impl FnMut(&gomoku::Engine, &gomoku::SearchInfo, &str),
) {
    use gomoku::{Board, Game, Limits, Notation};
    for position in [
        "15f:h8i7e9h6g5i5",
        "15f:h8i7e9",
        "15f:h8i7e9h6g5i5i6g7j4k7h7j6h4k5",
        "15f:h8g6e10h7i8g8g9i7g7f6h6f8f9h9e8e4f7",
    ] {
        let board = Board::parse_position(position).unwrap();
        for limit in [1, 10, 333, 5_000, 20_000] {
            engine.clear();
            let info = engine.search(&board, &Limits::nodes(limit));
            let best = info.best.expect("a move");
            assert!(board.is_legal(best), "{position} at {limit}: {best}");
            assert!(info.nodes <= limit, "{position}: {} > {limit}", info.nodes);
            check(engine, &info, &format!("{position} at {limit}"));
        }
    }
}

/// Checks that `engine` (its root solvers turned off here, so that the tree decides)
/// still finds the textbook results of an open three: the side that has it wins within
/// `depth` plies when the opponent has no four to answer with, and the opponent must
/// block it at one of its two ends (a block one cell further off leaves an open four).
/// `what` names the setting in a failure.
fn finds_the_open_three_results(engine: &mut gomoku::Engine, depth: u32, what: &str) {
    use gomoku::{Board, Limits, Notation};
    engine.root_vcf_nodes = 0;
    engine.root_vct_nodes = 0;
    engine.clear();
    let board = Board::parse_position("15f:h8a1i8a3j8a5").unwrap();
    let info = engine.search(&board, &Limits::depth(depth));
    assert!(info.score.is_win(), "{what}: {:?}", info.score);
    engine.clear();
    let board = Board::parse_position("15f:h8a1i8a3j8").unwrap();
    let info = engine.search(&board, &Limits::nodes(20_000));
    let best = info.best.map(|c| c.to_string());
    assert!(
        matches!(best.as_deref(), Some("g8" | "k8")),
        "{what}: {best:?} does not block the open three"
    );
}

/// Checks that every node of a search that reached depth 2 is counted in
/// `Engine::stats` once: root solvers, interior, horizon, early and probe nodes.
fn nodes_are_accounted(engine: &gomoku::Engine, info: &gomoku::SearchInfo, what: &str) {
    let s = engine.stats;
    if info.depth >= 2 {
        let counted = s.root_solver_nodes + s.interior + s.horizon + s.early + s.probe_nodes;
        assert_eq!(counted, info.nodes, "{what}: {s:?}");
    }
}

/// The selective-search options (late-move reductions by index, ordering gap and
/// history, down to the horizon; move-count pruning; wider lists; the reductions from
/// the second move and move-count pruning are on by default, the rest off) keep the
/// node limit, always give a move, account for every node in
/// `Engine::stats`, and still find the tree's win of an open three.
#[test]
fn the_selective_search_keeps_the_limits_the_counts_and_the_wins() {
    use gomoku::{Board, Engine, Limits, Notation};
    let mut engine = Engine::new(4);
    engine.reductions = true;
    engine.reduction_divisor = 1.0;
    engine.reduction_from = 1;
    engine.reduction_depth = 2;
    engine.reduction_floor = 0;
    engine.history = true;
    engine.move_count_pruning = true;
    engine.max_moves = 12;
    searches_keep_the_node_limit(&mut engine, |engine, info, at| {
        let s = engine.stats;
        if info.depth >= 2 {
            let counted = s.root_solver_nodes + s.interior + s.horizon + s.early + s.probe_nodes;
            assert_eq!(counted, info.nodes, "{at}: {s:?}");
            assert!(s.first_cuts <= s.cuts && s.tt_cuts + s.quick_wins <= s.early);
        }
    });
    engine.root_vcf_nodes = 0;
    engine.root_vct_nodes = 0;
    let board = Board::parse_position("15f:h8a1i8a3j8a5").unwrap();
    let info = engine.search(&board, &Limits::depth(5));
    assert!(info.score.is_win(), "{:?}", info.score);
}

/// The root VCT with its threat-space and proof-number stages (`Engine::root_vct_lambda`,
/// a quarter of the limit for its deepening) keeps the node limit: the stages have node
/// budgets of their own (5,000 and 30,000), which the engine holds to what its limit
/// leaves; every node is counted in `Engine::stats`. Without that cap the 20,000-node
/// searches below pass their limit.
#[test]
fn the_root_vct_stages_keep_the_node_limit() {
    use gomoku::Engine;
    let mut engine = Engine::new(4);
    engine.root_vct_lambda = true;
    engine.root_vct_share = 4;
    engine.root_vct_nodes = 10_000;
    searches_keep_the_node_limit(&mut engine, nodes_are_accounted);
}

/// Reverse futility pruning at another margin than the default keeps the node limit,
/// always gives a move, accounts for every node in `Engine::stats` (the futility
/// cut-offs among the early nodes), does cut (the test would pass with a switch that
/// did nothing otherwise), and still finds the tree's win of an open three that the
/// opponent cannot answer with a four (the textbook win), at any margin and depth.
#[test]
fn reverse_futility_pruning_keeps_the_limits_the_counts_and_the_wins() {
    use gomoku::{Board, Engine, Limits, Notation};
    let mut engine = Engine::new(4);
    engine.reverse_futility_margin = 200;
    let mut cuts = 0;
    let mut pruned = 0;
    searches_keep_the_node_limit(&mut engine, |engine, info, at| {
        let s = engine.stats;
        cuts += s.futility_cuts;
        pruned += s.pruned;
        if info.depth >= 2 {
            let counted = s.root_solver_nodes + s.interior + s.horizon + s.early + s.probe_nodes;
            assert_eq!(counted, info.nodes, "{at}: {s:?}");
            assert!(
                s.tt_cuts + s.quick_wins + s.futility_cuts <= s.early,
                "{at}: {s:?}"
            );
        }
    });
    assert!(
        cuts > 0 && pruned > 0,
        "{cuts} futility cut-offs, {pruned} moves pruned"
    );
    engine.root_vcf_nodes = 0;
    engine.root_vct_nodes = 0;
    for (margin, depth) in [(200, 40), (1, 1), (i32::MAX, i32::MAX)] {
        engine.clear();
        engine.reverse_futility_margin = margin;
        engine.reverse_futility_depth = depth;
        let board = Board::parse_position("15f:h8a1i8a3j8a5").unwrap();
        let info = engine.search(&board, &Limits::depth(5));
        assert!(info.score.is_win(), "margin {margin}: {:?}", info.score);
    }
}

/// New-user report 22: `Engine::max_moves = 0` (a public field; `quirky-pbrain
/// --max-moves 0`) made the root index an empty candidate list and panic (and the brain
/// then hung). It now searches as with 1: a legal move, every time. `usize::MAX`
/// overflowed where the root doubles the width (a panic in a debug build).
#[test]
fn a_width_of_zero_searches_as_one() {
    use gomoku::{Board, Engine, Limits, Notation};
    for pos in ["15f:h8", "15f:h8i7e9", "15f:h8a1i8a3j8a5", "15r:h8i7e9"] {
        let board = Board::parse_position(pos).unwrap();
        let mut engine = Engine::new(4);
        engine.max_moves = 0;
        let zero = engine.search(&board, &Limits::depth(3));
        let cell = zero.best.expect("a move");
        assert!(board.clone().try_play(cell).is_ok(), "{pos}: {cell}");
        let mut engine = Engine::new(4);
        engine.max_moves = 1;
        let one = engine.search(&board, &Limits::depth(3));
        assert_eq!((zero.best, zero.score), (one.best, one.score), "{pos}");
        // The other end: every candidate (the root doubled the width, overflowing).
        let mut engine = Engine::new(4);
        engine.max_moves = usize::MAX;
        let all = engine.search(&board, &Limits::nodes(2000));
        let cell = all.best.expect("a move");
        assert!(board.clone().try_play(cell).is_ok(), "{pos}: {cell}");
    }
}

/// New-user report 22: the engine's public tuning fields at their extremes
/// (`quirky-pbrain --leaf-vct-vcf 18446744073709551615`, `--red-floor -2147483648`)
/// overflowed in the leaf VCT's slack and the reduction's cap (a panic in a debug build,
/// a wrapped value in a release one). Each still searches to a legal move.
#[test]
fn extreme_tuning_values_search_without_overflow() {
    use gomoku::{Board, Engine, Limits, Notation};
    type Set = fn(&mut Engine);
    let settings: [(&str, Set); 9] = [
        ("reverse_futility_margin max", |e| {
            e.reverse_futility_margin = i32::MAX;
            e.reverse_futility_depth = i32::MAX;
        }),
        ("reverse_futility_margin min", |e| {
            e.reverse_futility_margin = i32::MIN;
        }),
        ("reverse_futility_margin 1, depth min", |e| {
            e.reverse_futility_margin = 1;
            e.reverse_futility_depth = i32::MIN;
        }),
        ("leaf_vct_vcf_nodes max", |e| {
            e.leaf_vct_vcf_nodes = u64::MAX
        }),
        ("leaf_vct_nodes max", |e| e.leaf_vct_nodes = u64::MAX),
        ("reduction_floor min", |e| {
            e.reductions = true;
            e.reduction_floor = i32::MIN;
        }),
        ("reduction_floor max", |e| {
            e.reductions = true;
            e.reduction_floor = i32::MAX;
        }),
        ("reduction_depth min, gap max", |e| {
            e.reductions = true;
            e.reduction_depth = i32::MIN;
            e.reduction_gap = i32::MAX;
        }),
        ("reduction_from max, history", |e| {
            e.reductions = true;
            e.history = true;
            e.reduction_from = usize::MAX;
        }),
    ];
    for pos in ["15f:h8i7e9", "15f:h8i7e9h6j8g7j7g8i6g5g6i5j4h5"] {
        let board = Board::parse_position(pos).unwrap();
        for (what, set) in settings {
            let mut engine = Engine::new(4);
            set(&mut engine);
            let info = engine.search(&board, &Limits::nodes(3000));
            let cell = info.best.expect("a move");
            assert!(
                board.clone().try_play(cell).is_ok(),
                "{what}: {pos}: {cell}"
            );
        }
    }
}

/// Opening and middle-game positions from games against Rapfi, with fours and threes on
/// the board.
const FROM_RAPFI_GAMES: [&str; 7] = [
    "15f:h8i7e9",
    "15f:h8i7e9h6j8g7j7g8i6g5g6i5j4h5",
    "15f:h8g6e10h7i8g8g7f6h6f8",
    "15f:h8g6e10h7i8g8g9i7g7f6h6f8f9h9e8e4f7",
    "15f:h8j10e5k9e6i11l8i10e7e8f6i9d4g7e4",
    "15f:h8i10k6h9g8i8i7g9i9j10h10j8j7h7k8j9",
    "15f:h8i7e9h6g5i5i6g7j4k7h7j6h4k5",
];

/// Searches each of `positions` to each of `depths` with `switch` off and on (root VCF
/// and VCT off): the root values must be the same and the nodes, summed, fewer with it
/// on. `what` names the switch in the failure messages.
fn same_values_in_fewer_nodes(
    positions: &[&str],
    depths: &[u32],
    what: &str,
    switch: impl Fn(&mut gomoku::Engine, bool),
) {
    use gomoku::{Board, Engine, Limits, Notation};
    let (mut with, mut without) = (0, 0);
    for position in positions {
        let board = Board::parse_position(position).unwrap();
        for &depth in depths {
            let mut values = Vec::new();
            for on in [false, true] {
                let mut engine = Engine::new(4);
                engine.root_vcf_nodes = 0;
                engine.root_vct_nodes = 0;
                switch(&mut engine, on);
                let info = engine.search(&board, &Limits::depth(depth));
                values.push(info.score);
                if on {
                    with += info.nodes;
                } else {
                    without += info.nodes;
                }
            }
            assert_eq!(values[0], values[1], "{what}: {position} at depth {depth}");
        }
    }
    assert!(
        with < without,
        "{with} nodes with {what}, {without} without"
    );
}

/// Stand pat at the horizon (`Engine::leaf_stand_pat`) skips only the leaf VCF probes
/// whose win could not change a cut-off (the static value already reaches beta), so a
/// search to a fixed depth finds the same root value as the search that probes every
/// leaf (the reference), in fewer nodes. Opening and middle-game positions from games
/// against Rapfi, with fours and threes on the board.
#[test]
fn stand_pat_at_the_horizon_keeps_the_root_value() {
    same_values_in_fewer_nodes(&FROM_RAPFI_GAMES, &[2, 3, 4], "stand pat", |e, on| {
        e.leaf_stand_pat = on;
    });
}

/// Black f8 g8 h8 (closed by white's e8) and i6 i7: i8 makes a four on row 8 and an
/// open three on column i at once (a four-three cell). White's other stones are far
/// away; `to_move` moves next.
fn four_three_position(to_move: gomoku::Side) -> gomoku::Board {
    let mut b = gomoku::Board::new();
    for c in gomoku::parse_move_list("f8g8h8i6i7").unwrap() {
        b.place(c, gomoku::Side::First).unwrap();
    }
    for c in gomoku::parse_move_list("e8a1o1a15o15").unwrap() {
        b.place(c, gomoku::Side::Second).unwrap();
    }
    b.set_side_to_move(to_move);
    b
}

/// The leaf VCF probe limited to leaves with a four-three cell
/// (`Engine::leaf_vcf_four_three`) still sees a four-three: white to move, at depth 1
/// the white moves that leave black's four-three standing are losses (stand pat off, so
/// that each leaf is probed rather than cut off by its static value), and the move
/// chosen leaves black no VCF (the solver, with a far larger budget, finds none).
#[test]
fn the_four_three_gate_keeps_the_leaf_four_three_wins() {
    use gomoku::{Engine, Limits, Side};
    let board = four_three_position(Side::Second);
    let mut engine = Engine::new(4);
    engine.root_vcf_nodes = 0;
    engine.root_vct_nodes = 0;
    engine.leaf_vcf_four_three = true;
    engine.leaf_stand_pat = false;
    let info = engine.search(&board, &Limits::depth(1));
    assert_sees_and_stops_the_four_three(&board, &info);
}

/// `info` (white to move on `board`, black holding a four-three) rates some moves as
/// losses, and the move chosen leaves black no VCF (the solver, with a far larger budget,
/// finds none).
fn assert_sees_and_stops_the_four_three(board: &gomoku::Board, info: &gomoku::SearchInfo) {
    assert!(
        info.candidates.iter().any(|c| c.score.is_loss()),
        "{info:?}"
    );
    let mut after = board.clone();
    after.play_unchecked(info.best.unwrap());
    assert!(
        gomoku::vcf::VcfSolver::default()
            .solve(&mut after, 20, 100_000)
            .is_none(),
        "{info:?}"
    );
}

/// With the quick wins (`Engine::quick_wins`) a depth-1 search sees black's four-three
/// without any VCF probe: the white moves that leave it standing are losses, and the
/// move chosen leaves black no VCF. The same search without them sees no loss.
#[test]
fn quick_wins_see_a_four_three_without_a_probe() {
    use gomoku::{Engine, Limits, Side};
    let board = four_three_position(Side::Second);
    let search = |quick_wins: bool| {
        let mut engine = Engine::new(4);
        engine.root_vcf_nodes = 0;
        engine.root_vct_nodes = 0;
        engine.leaf_vcf_nodes = 0;
        engine.quick_wins = quick_wins;
        engine.search(&board, &Limits::depth(1))
    };
    assert_sees_and_stops_the_four_three(&board, &search(true));
    let blind = search(false);
    assert!(
        !blind.candidates.iter().any(|c| c.score.is_loss()),
        "{blind:?}"
    );
}

/// A stop flag raised before the search ends it at the first polls: few nodes, and a
/// move is still returned.
#[test]
fn a_raised_stop_flag_ends_the_search_at_once() {
    use gomoku::prelude::*;
    use gomoku::{Board, Engine, Limits, Notation, StopFlag};
    let board = Board::parse_position("15f:h8i7e9h6g5i5").unwrap();
    let stop = StopFlag::new();
    stop.stop();
    let mut engine = Engine::new(4);
    engine.set_level(gomoku::Level::new(8).unwrap());
    let r = engine.think(&board, &Limits::default().with_stop(stop), &mut |_| {});
    assert!(r.best_move.is_some());
    assert!(
        r.stats.nodes <= 200,
        "{} nodes after the stop",
        r.stats.nodes
    );
}

/// Self-play at a Gomocup per-move limit (`INFO timeout_turn`, 100 ms or
/// `GOMOKU_TURN_MS`; the brain's own limits) from the balanced openings of
/// `../shared/data/gomoku/`, 1,000 moves (or `GOMOKU_MOVES`): the distribution of the
/// engine-reported move times, of the engine thread's CPU time and of the wall time
/// around the search (none may pass the limit; unsettled moves, those not decided by a
/// proven result, a forced reply or a lost score, should use at least 75 % of it). Run
/// on a loaded machine to see the tail: `cargo test -p gomoku --test integration --
/// --ignored --nocapture self_play`.
#[test]
#[ignore = "about 1,000 moves of 100 ms; run by hand"]
fn self_play_move_times_at_100_ms() {
    use gomoku::prelude::*;
    use gomoku::protocol::Brain;
    use gomoku::{Engine, Game};
    let Some(text) = crate::common::data_file("balanced-openings-freestyle15.txt") else {
        return;
    };
    let env = |k: &str, d: u64| {
        std::env::var(k)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(d)
    };
    let turn = env("GOMOKU_TURN_MS", 100);
    let moves = env("GOMOKU_MOVES", 1_000) as usize;
    let limit = Duration::from_millis(turn);
    let mut brain = Brain::new();
    brain
        .handle_line(&format!("INFO timeout_turn {turn}"), &mut std::io::sink())
        .unwrap();
    let limits = brain.move_limits();
    let mut engine = Engine::new(64);
    engine.set_level(gomoku::Level::new(8).unwrap());
    let maximum = zerosum::time::Budget::new(&limits).maximum().unwrap();
    let (mut unsettled, mut settled, mut wall) = (Vec::new(), Vec::new(), Vec::new());
    let (mut cpu_unsettled, mut cpu_all) = (Vec::new(), Vec::new());
    let mut past_maximum = Vec::new();
    let openings = parse_openings(&text, 15, Rule::Freestyle).unwrap();
    for board in openings.iter().cycle() {
        if unsettled.len() + settled.len() >= moves {
            break;
        }
        let mut b = board.clone();
        engine.clear();
        while b.outcome().is_none()
            && b.stone_count() < 120
            && unsettled.len() + settled.len() < moves
        {
            let t = std::time::Instant::now();
            let before = schedstat();
            let r = engine.think(&b, &limits, &mut |_| {});
            wall.push(t.elapsed());
            let after = schedstat();
            let cpu = before
                .zip(after)
                .map(|(x, y)| Duration::from_nanos(y.0 - x.0));
            if let (Some(x), Some(y)) = (before, after)
                && r.stats.elapsed > maximum
            {
                // Linux: time on the CPU and time waiting for it during this move.
                let (cpu, wait) = (y.0 - x.0, y.1 - x.1);
                past_maximum.push((r.stats.elapsed - maximum, Duration::from_nanos(wait)));
                if r.stats.elapsed >= limit {
                    eprintln!(
                        "over the limit: {:?} reported, {:.1} ms on the CPU, {:.1} ms waiting for one",
                        r.stats.elapsed,
                        cpu as f64 / 1e6,
                        wait as f64 / 1e6
                    );
                }
            }
            let decided = r.exact || r.score.is_decisive() || r.root_moves.len() <= 1;
            if decided {
                settled.push(r.stats.elapsed);
            } else {
                unsettled.push(r.stats.elapsed);
                cpu_unsettled.extend(cpu);
            }
            cpu_all.extend(cpu);
            b.play(r.best_move.unwrap());
        }
    }
    let ms = |d: &Duration| d.as_secs_f64() * 1000.0;
    let summary = |v: &mut Vec<Duration>| {
        v.sort();
        if v.is_empty() {
            return String::from("none");
        }
        format!(
            "{} moves: median {:.1} ms ({:.0} % of the limit), p10 {:.1}, p90 {:.1}, p99 {:.1}, max {:.1}, at or over the limit of {turn} ms: {}",
            v.len(),
            ms(&v[v.len() / 2]),
            100.0 * v[v.len() / 2].as_secs_f64() / limit.as_secs_f64(),
            ms(&v[v.len() / 10]),
            ms(&v[v.len() * 9 / 10]),
            ms(&v[v.len() * 99 / 100]),
            ms(v.last().unwrap()),
            v.iter().filter(|d| **d >= limit).count()
        )
    };
    let mut all: Vec<Duration> = unsettled.iter().chain(&settled).copied().collect();
    eprintln!("budget maximum {maximum:?} of a {turn} ms limit");
    eprintln!("engine-reported, unsettled: {}", summary(&mut unsettled));
    eprintln!("engine-reported, settled:   {}", summary(&mut settled));
    eprintln!("engine-reported, all:       {}", summary(&mut all));
    eprintln!(
        "thread CPU, unsettled:      {}",
        summary(&mut cpu_unsettled)
    );
    eprintln!("thread CPU, all:            {}", summary(&mut cpu_all));
    eprintln!("wall clock around think():  {}", summary(&mut wall));
    let waited = past_maximum
        .iter()
        .filter(|(over, wait)| wait >= over)
        .count();
    eprintln!(
        "past the budget's maximum of {maximum:?}: {} moves, by at most {:?}; in {waited} of them the thread waited for a CPU at least as long as the overshoot",
        past_maximum.len(),
        past_maximum.iter().map(|p| p.0).max().unwrap_or_default()
    );
    eprintln!("lag reserve after the last move: {:?}", engine.lag());
    assert!(all.iter().all(|d| *d < limit));
    assert!(wall.iter().all(|d| *d < limit));
    assert!(unsettled[unsettled.len() / 2] * 4 >= limit * 3);
}

/// This thread's time on the CPU and waiting in the run queue, in ns (Linux
/// `/proc/thread-self/schedstat`), if readable.
fn schedstat() -> Option<(u64, u64)> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let mut f = text.split_whitespace().map(|t| t.parse::<u64>().ok());
    Some((f.next()??, f.next()??))
}

/// New-user report 11, items 6 and 8: an engine is named after its program, not after
/// its last argument; an opening that is already a finished game is refused with its
/// line number (it was played as two games with no moves and scored).
#[test]
fn engines_are_named_after_their_program_and_finished_openings_are_refused() {
    let spec = EngineSpec::from_command_line("/opt/engines/pbrain-rapfi --nodes 300");
    assert_eq!(spec.name, "pbrain-rapfi");
    assert_eq!(
        spec.command,
        ["/opt/engines/pbrain-rapfi", "--nodes", "300"]
    );
    let text = "h8i7e9\n# black has five\nh8a1i8a2j8a3k8a4l8\n";
    let (line, e) = parse_openings(text, 15, Rule::Freestyle).unwrap_err();
    assert_eq!(line, 3);
    assert!(
        matches!(e, gomoku::suite::SuiteError::Finished(_))
            && e.to_string().contains("black has five"),
        "{e}"
    );
}

/// `quirky-pbrain` with `args`, sent `START 15`, `BEGIN`, `END`: its exit status and
/// output (a refused command line exits before it reads: the pipe may be closed).
fn run_quirky_pbrain(args: &[&str]) -> std::process::Output {
    run_quirky_pbrain_with(args, std::process::Stdio::piped())
}

/// [`run_quirky_pbrain`] with standard error to `stderr` (e.g. `/dev/full`).
fn run_quirky_pbrain_with(args: &[&str], stderr: std::process::Stdio) -> std::process::Output {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_quirky-pbrain"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(stderr)
        .spawn()
        .expect("start quirky-pbrain");
    let mut stdin = child.stdin.take().unwrap();
    let _ = stdin.write_all(b"START 15\nBEGIN\nEND\n");
    drop(stdin);
    child.wait_with_output().expect("wait")
}

/// Runs `quirky-pbrain` with `args` and asserts that it refused them: exit status 2,
/// `needle` on standard error, nothing on standard output.
fn assert_quirky_pbrain_refuses(args: &[&str], needle: &str) {
    let out = run_quirky_pbrain(args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(err.contains(needle), "{args:?}: {err}");
    assert!(out.stdout.is_empty(), "{args:?}");
}

/// A refusal or `--die-after` with standard error on a full disk (`2>/dev/full`) keeps
/// its documented status (2 for a refused argument, 3 for `--die-after`): before, its
/// `eprintln!` panicked and the status was 101.
#[cfg(target_os = "linux")]
#[test]
fn quirky_pbrain_keeps_its_status_when_standard_error_is_full() {
    let full = || {
        let file = std::fs::OpenOptions::new().write(true).open("/dev/full");
        std::process::Stdio::from(file.expect("open /dev/full"))
    };
    for (args, code) in [
        (&["--node", "40000"][..], 2),
        (&["--nodes", "x"], 2),
        (&["--nodes", "0"], 2),
        (&["--quick-wins", "maybe"], 2),
        (&["--eval", "/nonexistent/eval.txt"], 2),
        (&["--die-after", "0"], 3),
    ] {
        let out = run_quirky_pbrain_with(args, full());
        assert_eq!(out.status.code(), Some(code), "{args:?}");
    }
}

/// `quirky-pbrain` refuses an argument no option reads (exit status 2, the argument
/// named): before, `--node 40000` or an option of another build ran the match silently
/// at the default 300 nodes. The options it has, values included, still start a brain.
#[test]
fn quirky_pbrain_refuses_unknown_arguments() {
    let run = run_quirky_pbrain;
    for (args, named) in [
        (&["--node", "40000"][..], "\"--node\""),
        (
            &["--nodes", "400", "--root-prior", "0.5"][..],
            "\"--root-prior\"",
        ),
        (&["40000"][..], "\"40000\""),
    ] {
        assert_quirky_pbrain_refuses(args, &format!("unknown argument {named}"));
    }
    // An option given twice is named as such (it was called unknown).
    assert_quirky_pbrain_refuses(
        &["--nodes", "5", "--nodes", "6"],
        "\"--nodes\" is given twice",
    );
    let out = run(&[
        "--nodes",
        "400",
        "--red-gap",
        "25",
        "--stand-pat",
        "on",
        "--error-on-info",
    ]);
    assert_started_and_played(&out);
}

/// A `quirky-pbrain` run of [`run_quirky_pbrain`] that took its options: it succeeded and
/// answered `START 15` and `BEGIN`.
fn assert_started_and_played(out: &std::process::Output) {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout), "OK\n7,7\n");
}

/// `quirky-pbrain` refuses a value outside its option's meaningful range (exit status 2,
/// the option and the range named, nothing on standard output): before, `--red-div nan`
/// (no reductions), `--nodes 0` or `--max-moves 0` (read as 1) ran another engine than
/// the one asked for, without a word. The ends of each range are still accepted.
#[test]
fn quirky_pbrain_refuses_values_out_of_range() {
    let run = run_quirky_pbrain;
    let refused = [
        ("--red-div", "nan", "a finite number greater than 0"),
        ("--red-div", "inf", "a finite number greater than 0"),
        ("--red-div", "0", "a finite number greater than 0"),
        ("--red-div", "-1", "a finite number greater than 0"),
        ("--nodes", "0", "a whole number of 1 or more"),
        ("--max-moves", "0", "a whole number of 1 or more"),
        ("--leaf-vct-vcf", "0", "a whole number of 1 or more"),
        ("--red-gap", "-3", "a whole number of 0 or more"),
        ("--red-floor", "-1", "a whole number of 0 or more"),
        ("--red-depth", "0", "a whole number of 1 or more"),
        ("--rfp", "-1", "a whole number of 0 or more"),
        ("--rfp-depth", "0", "a whole number of 1 or more"),
        ("--pv-max-moves", "0", "a whole number of 1 or more"),
        ("--mc-base", "nan", "a finite number of 0 or more"),
        ("--mc-base", "-0.5", "a finite number of 0 or more"),
        ("--red-pv-less", "-1", "a whole number of 0 or more"),
        ("--threat-prune", "-1", "a whole number of 0 or more"),
        ("--pv-move-count", "yes", "on or off"),
    ];
    for (option, value, range) in refused {
        assert_quirky_pbrain_refuses(&[option, value], &format!("{option} takes {range}"));
    }
    let out = run(&[
        "--nodes",
        "1",
        "--red-div",
        "0.5",
        "--max-moves",
        "1",
        "--leaf-vct-vcf",
        "1",
        "--leaf-vct",
        "0",
        "--red-gap",
        "0",
        "--red-floor",
        "0",
        "--red-depth",
        "1",
        "--red-from",
        "0",
        "--rfp",
        "0",
        "--rfp-depth",
        "1",
        "--pv-max-moves",
        "1",
        "--mc-base",
        "0",
        "--red-pv-less",
        "0",
        "--threat-prune",
        "4",
        "--pv-move-count",
        "off",
        "--root-max-moves",
        "20",
    ]);
    assert_started_and_played(&out);
}

/// The Gomocup protocol lets a brain end its lines with CR LF, LF or CR alone; the
/// runner read only up to LF, so an engine ending its lines with CR never answered
/// (every game lost on time after 10 s of waiting for `OK`).
#[test]
fn engine_lines_end_at_cr_lf_or_either_alone() {
    use gomoku::gomocup::read_engine_line;
    let mut input = &b"OK\r7,7\r\nname=\"x\"\nlast"[..];
    let mut line = Vec::new();
    let mut lines = Vec::new();
    while read_engine_line(&mut input, &mut line).unwrap() {
        lines.push(String::from_utf8(line.clone()).unwrap());
    }
    assert_eq!(lines, ["OK", "7,7", "", "name=\"x\"", "last"]);
    // A line longer than the bound keeps its start; the next line is whole.
    let mut long = vec![b'7'; 3 * gomoku::gomocup::MAX_ENGINE_LINE];
    long.extend_from_slice(b"\n8,8\n");
    let mut input = std::io::BufReader::with_capacity(1000, &long[..]);
    assert!(read_engine_line(&mut input, &mut line).unwrap());
    assert_eq!(line.len(), gomoku::gomocup::MAX_ENGINE_LINE);
    assert!(read_engine_line(&mut input, &mut line).unwrap());
    assert_eq!(line, b"8,8");
}

/// A whole match against engines that end their answers with CR alone: a shell script
/// that plays down one column of the board (engine A the first, B the last) from the
/// opening h8, so that A's five ends each game in which it moves first.
#[cfg(unix)]
#[test]
fn an_engine_ending_its_lines_with_cr_plays_its_games() {
    let dir = std::env::temp_dir().join(format!("zerosum-cr-engine-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("cr-engine.sh");
    std::fs::write(
        &script,
        "#!/bin/sh\ncol=$1; n=0\nwhile read -r line; do\n  case \"$line\" in\n    \
         START*) printf 'OK\\r';;\n    ABOUT*) printf 'name=\"cr\"\\r';;\n    \
         DONE*|TURN*) printf '%d,%d\\r' \"$col\" \"$n\"; n=$((n+1));;\n    \
         END*) exit 0;;\n  esac\ndone\n",
    )
    .unwrap();
    std::fs::set_permissions(&script, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let a = EngineSpec::from_command_line(&format!("{} 0", script.display()));
    let b = EngineSpec::from_command_line(&format!("{} 14", script.display()));
    let one = parse_openings("h8\n", 15, Rule::Freestyle).unwrap();
    let config = MatchConfig::new(one, TimeControl::PerMove(Duration::from_secs(5)));
    let r = run_match(&config, &a, &b, |_| {});
    let _ = std::fs::remove_dir_all(&dir);
    assert!(r.a.faults.is_empty() && r.b.faults.is_empty(), "{r:?}");
    assert_eq!(r.report.result.games(), 2);
    // White (to move after h8) plays first in the column: five stones in nine plies.
    for g in &r.games {
        assert!(g.forfeit.is_none() && g.outcome.is_some(), "{g:?}");
        assert_eq!(g.times.len(), 9, "{}", g.moves);
    }
}

/// New-user report 22: under a game clock the grace was given afresh for every move, so
/// an engine whose clock had run out played on at up to the grace a move and never lost
/// on time (`zerosum gomoku match --game-ms 1`: 112 moves each, a draw). The grace is
/// now one allowance for the game. Engine A (a shell script playing down the first
/// column) takes 150 ms a move on a 300 ms clock with 200 ms of grace: its third move
/// uses 150 ms of the grace, its fourth cannot get an answer in and loses on time; B
/// (the last column) answers at once. Before, A played its five and won game 1.
#[cfg(unix)]
#[test]
fn a_game_clock_run_out_loses_on_time() {
    let dir = std::env::temp_dir().join(format!("zerosum-slow-engine-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("slow-engine.sh");
    std::fs::write(
        &script,
        "#!/bin/sh\ncol=$1; pause=$2; n=0\nwhile read -r line; do\n  case \"$line\" in\n    \
         START*) echo OK;;\n    ABOUT*) echo 'name=\"slow\"';;\n    \
         DONE*|TURN*) sleep \"$pause\"; echo \"$col,$n\"; n=$((n+1));;\n    \
         END*) exit 0;;\n  esac\ndone\n",
    )
    .unwrap();
    std::fs::set_permissions(&script, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let a = EngineSpec::from_command_line(&format!("{} 0 0.15", script.display()));
    let b = EngineSpec::from_command_line(&format!("{} 14 0", script.display()));
    let one = parse_openings("h8\n", 15, Rule::Freestyle).unwrap();
    let mut config = MatchConfig::new(one, TimeControl::PerGame(Duration::from_millis(300)));
    config.grace = Duration::from_millis(200);
    config.first_move_grace = Duration::ZERO;
    let r = run_match(&config, &a, &b, |_| {});
    assert!(r.b.faults.is_empty(), "{:?}", r.b.faults);
    assert_eq!(r.a.faults.len(), 2, "{:?}", r.games);
    for g in &r.games {
        let forfeit = g.forfeit.as_deref().unwrap_or("");
        assert!(forfeit.contains("no answer"), "{g:?}");
        assert_eq!(g.outcome, Some(Outcome::Win(!g.a_side)), "{g:?}");
    }
    // Under a clock per move the same engine plays every move (150 ms of 300).
    let mut config = config.clone();
    config.time = TimeControl::PerMove(Duration::from_millis(300));
    let r = run_match(&config, &a, &b, |_| {});
    let _ = std::fs::remove_dir_all(&dir);
    assert!(r.a.faults.is_empty() && r.b.faults.is_empty(), "{r:?}");
}

/// A shell-script engine for [`a_new_game_is_begun_as_piskvork_begins_it`]: it plays
/// down column `col` and writes every line it reads to `log`; it answers `RESTART`
/// with `OK`, `UNKNOWN` or nothing, as `restart` says (`ok`, `unknown`, `silent`).
#[cfg(unix)]
fn logging_engine(
    dir: &std::path::Path,
    col: u32,
    restart: &str,
) -> (EngineSpec, std::path::PathBuf) {
    let script = dir.join("logging-engine.sh");
    std::fs::write(
        &script,
        "#!/bin/sh\ncol=$1; restart=$2; log=$3; n=0\nwhile read -r line; do\n  \
         line=$(printf '%s' \"$line\" | tr -d '\\r'); echo \"$line\" >> \"$log\"\n  \
         case \"$line\" in\n    START*) n=0; echo OK;;\n    \
         RESTART*) n=0; case $restart in ok) echo OK;; unknown) echo 'UNKNOWN command';; esac;;\n    \
         ABOUT*) echo 'name=\"log\"';;\n    INFO*|BOARD*|[0-9]*) ;;\n    \
         BEGIN*|DONE*|TURN*) echo \"$col,$n\"; n=$((n+1));;\n    \
         END*) exit 0;;\n    *) echo 'UNKNOWN command';;\n  esac\ndone\n",
    )
    .unwrap();
    std::fs::set_permissions(&script, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let log = dir.join(format!("{restart}-{col}.log"));
    let spec = EngineSpec::from_command_line(&format!(
        "{} {col} {restart} {}",
        script.display(),
        log.display()
    ));
    (spec, log)
}

/// The runner begins a game as Piskvork (the protocol's reference manager) does: `START`
/// for a new process and `RESTART` for one that played the game before, then for the
/// engine's first move `BEGIN` on an empty board, `TURN x,y` after one stone and
/// `BOARD` after more. An engine that answers `RESTART` with
/// anything but `OK` (`UNKNOWN`) or not at all is sent `START` instead (Piskvork starts
/// such an engine again; `START` keeps the process), and plays its games without a
/// fault. Before, every game began with `START` and a `BOARD`, even an empty one.
#[cfg(unix)]
#[test]
fn a_new_game_is_begun_as_piskvork_begins_it() {
    let dir = std::env::temp_dir().join(format!("zerosum-log-engine-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // An empty opening, one stone, three stones: six games, colours swapped in pairs.
    let three = parse_openings("15f:\nh8\nh8i7e9\n", 15, Rule::Freestyle).unwrap();
    let config = MatchConfig::new(three, TimeControl::PerMove(Duration::from_secs(5)));
    let count = |log: &std::path::Path, word: &str| {
        std::fs::read_to_string(log)
            .unwrap()
            .lines()
            .filter(|l| l.split([' ', ',']).next() == Some(word))
            .count()
    };
    for restart in ["ok", "unknown", "silent"] {
        let (a, a_log) = logging_engine(&dir, 0, restart);
        let (b, b_log) = logging_engine(&dir, 14, restart);
        let r = run_match(&config, &a, &b, |_| {});
        assert!(
            r.a.faults.is_empty() && r.b.faults.is_empty(),
            "{restart}: {r:?}"
        );
        assert_eq!(r.report.result.games(), 6, "{restart}");
        for log in [&a_log, &b_log] {
            let starts = if restart == "ok" { 1 } else { 6 };
            assert_eq!(count(log, "START"), starts, "{restart} {log:?}");
            assert_eq!(count(log, "RESTART"), 5, "{restart} {log:?}");
            // Each engine begins once on the empty board (and is told the other's
            // first stone by TURN once), is told h8 by TURN once, and is sent a BOARD
            // for its first move after two stones or more: once after h8 and the
            // other's reply, twice after h8i7e9.
            assert_eq!(count(log, "BEGIN"), 1, "{restart} {log:?}");
            assert_eq!(count(log, "BOARD"), 3, "{restart} {log:?}");
            let text = std::fs::read_to_string(log).unwrap();
            assert!(text.contains("\nTURN 7,7\n"), "{restart} {log:?}: {text}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A set-up opening's blocked cells are sent as `BOARD` field 3, also with no stone or
/// one: before, a blockers-only opening was begun with `BEGIN` and the others' blockers
/// were left out (a tester's report). Engines read field 3 only in the protocol's
/// continuous-game mode (Rapfi plays on such cells otherwise), so the openings reader
/// refuses such openings; a library caller's boards are still sent whole.
#[cfg(unix)]
#[test]
fn an_opening_s_blocked_cells_are_sent_as_field_3() {
    let dir = std::env::temp_dir().join(format!("zerosum-log-blockers-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let openings: Vec<gomoku::Board> = [
        "15f:[black h8; white i9; blocked g7 g8 g9]",
        "15f:[blocked a1 o15]",
        "15f:[black h8; blocked a15]",
    ]
    .iter()
    .map(|p| <gomoku::Board as zerosum::Notation>::parse_position(p).unwrap())
    .collect();
    let config = MatchConfig::new(openings, TimeControl::PerMove(Duration::from_secs(5)));
    // Column 1 and 13: no blocker there.
    let (a, a_log) = logging_engine(&dir, 1, "ok");
    let (b, b_log) = logging_engine(&dir, 13, "ok");
    let r = run_match(&config, &a, &b, |_| {});
    assert!(r.a.faults.is_empty() && r.b.faults.is_empty(), "{r:?}");
    assert_eq!(r.report.result.games(), 6);
    for log in [&a_log, &b_log] {
        let text = std::fs::read_to_string(log).unwrap();
        assert!(!text.contains("BEGIN"), "{log:?}: {text}");
        assert!(!text.contains("TURN 7,7\n"), "{text}");
        for blocker in ["6,6,3", "6,7,3", "6,8,3", "0,0,3", "14,14,3", "0,14,3"] {
            assert!(
                text.lines().any(|l| l == blocker),
                "{blocker} in {log:?}: {text}"
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The pruning of far counter-attacks against an open three up to 6 plies left
/// (`Engine::threat_prune_depth`, 4 by default) keeps the node limit, always gives a
/// move, accounts for every node in `Engine::stats`, acts (its counter is not zero: the
/// test would pass with a switch that did nothing otherwise), and still finds the
/// textbook results of an open three: the side that has it wins when the opponent has
/// no four to answer with, and the opponent must block it at one of its two ends.
#[test]
fn the_counter_attack_pruning_keeps_the_limits_and_the_wins() {
    use gomoku::Engine;
    let mut total = gomoku::TreeStats::default();
    let mut engine = Engine::new(4);
    engine.threat_prune_depth = 6;
    searches_keep_the_node_limit(&mut engine, |engine, info, at| {
        total += engine.stats;
        nodes_are_accounted(engine, info, &format!("threat prune 6: {at}"));
    });
    finds_the_open_three_results(&mut engine, 7, "threat prune 6");
    assert!(
        total.threat_pruned > 0,
        "no counter-attack pruned: {total:?}"
    );
}

/// `Engine::root_max_moves` is the number of root candidates the iterations search: by
/// default twice `Engine::max_moves` (16), else the number set, in a quiet position of
/// four stones whose frontier has more empty cells than any of these widths.
#[test]
fn the_root_width_is_the_number_of_root_candidates() {
    use gomoku::{Board, Engine, Limits, Notation};
    let board = Board::parse_position("15f:h8i7g9j8").unwrap();
    assert!(board.frontier().len() > 24);
    for (width, expected) in [(0, 16), (5, 5), (24, 24)] {
        let mut engine = Engine::new(4);
        engine.root_max_moves = width;
        let info = engine.search(&board, &Limits::nodes(20_000));
        assert_eq!(info.candidates.len(), expected, "root width {width}");
    }
}

/// Move-count pruning left off at principal-variation nodes
/// (`Engine::pv_move_count_pruning` false), on top of the defaults, keeps the node limit,
/// always gives a move, accounts for every node in `Engine::stats`, prunes fewer moves
/// than the default on the same searches (the test would pass with a switch that did
/// nothing otherwise), and still finds the textbook results of an open three.
#[test]
fn the_principal_variation_without_move_count_pruning_keeps_the_limits_and_the_wins() {
    use gomoku::Engine;
    let mut pruned = [0, 0];
    for (i, on) in [true, false].into_iter().enumerate() {
        let mut engine = Engine::new(4);
        engine.pv_move_count_pruning = on;
        let what = format!("pv move count {on}");
        searches_keep_the_node_limit(&mut engine, |engine, info, at| {
            pruned[i] += engine.stats.pruned;
            nodes_are_accounted(engine, info, &format!("{what}: {at}"));
        });
        finds_the_open_three_results(&mut engine, 7, &what);
    }
    assert!(pruned[1] < pruned[0], "pruned with and without: {pruned:?}");
}

/// A tester's report: the games file wrote move times in whole milliseconds, while the
/// table counts a move over the limit by its exact time (50.9 ms over 50 ms, written
/// `50`). Times are written to a tenth of a millisecond, rounded up.
#[test]
fn the_games_file_writes_times_to_a_tenth_rounded_up() {
    use gomoku::gomocup::MatchGame;
    use std::time::Duration;
    let game = MatchGame {
        number: 3,
        opening: 1,
        a_side: gomoku::Side::Second,
        outcome: Some(gomoku::Outcome::Win(gomoku::Side::First)),
        forfeit: None,
        moves: "15f:h8i9".to_string(),
        times: vec![
            (gomoku::Cell::new(8, 8), Duration::from_micros(50_900)),
            (gomoku::Cell::new(9, 9), Duration::from_micros(50_001)),
            (gomoku::Cell::new(1, 1), Duration::from_millis(54)),
            (gomoku::Cell::new(2, 2), Duration::from_nanos(1)),
        ],
    };
    assert_eq!(
        game.line("a", "b"),
        "3\t2\tb\ta\t1-0\t-\t15f:h8i9\ti9:50.9 j10:50.1 b2:54.0 c3:0.1"
    );
}

/// A recheck's report: the table rounded the slowest move to the nearest tenth (17.6)
/// while the games file rounds up (17.7): a move just over a 50 ms limit could show
/// `max ms 50.0` beside `over limit 1`. Both round up.
#[test]
fn the_tables_slowest_move_is_rounded_up_as_in_the_games_file() {
    use gomoku::gomocup::{EngineStats, MatchReport, MatchResult};
    let stats = |max_us: u64| EngineStats {
        moves: 2,
        total: Duration::from_micros(2 * max_us),
        max: Duration::from_micros(max_us),
        over_limit: 1,
        ..EngineStats::default()
    };
    let result = MatchResult {
        report: MatchReport::default(),
        games: Vec::new(),
        a: stats(50_010),
        b: stats(17_650),
        pairs: Vec::new(),
    };
    let table = match_table(&result, "a", "b");
    assert!(table.contains("| a | 2 | 50.0 | 50.1 | 1 |"), "{table}");
    assert!(table.contains("| b | 2 | 17.6 | 17.7 | 1 |"), "{table}");
}
