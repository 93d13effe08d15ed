//! The `Engine` under node limits: what it reports is what it searched.

use crate::positions::{CENTRE, board_text, lone_e5};
use othello::{Engine, Game, Level, Othello};
use zerosum::Engine as _;
use zerosum::MoveList;
use zerosum::search::Limits;

/// The start, a 26-empties middle game (the exact solver gives up there at the perfect
/// level), and FFO #1 (14 empties: exact at both levels when the budget allows).
fn positions() -> Vec<Othello> {
    [
        "---------------------------OX------XO--------------------------- X",
        "--OX-O----XXOO--OOOOOXX-OOOOOX--OOOXOXX-OOOOXX-----OOX----X-O--- X",
        "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X",
    ]
    .iter()
    .map(|l| Othello::from_obf_line(l).unwrap())
    .collect()
}

/// `--nodes N` is a hard cap: the nodes the engine reports (the midgame search's, plus
/// those of an exact solve that gave up first) never exceed `N`, at the default and the
/// perfect level, and a run is reproducible (same move, score and nodes twice). Before,
/// the midgame polled the limit every 1024 nodes and not at depth 1: 100 nodes gave 228
/// from the start, 2 000 gave 3 072, 5 000 gave 8 338.
#[test]
fn a_node_limit_is_a_hard_cap() {
    for game in positions() {
        let mut legal = MoveList::new();
        game.legal_moves(&mut legal);
        for level in [Level::numbered(4), Level::numbered(7), Level::PERFECT] {
            for n in [1, 10, 100, 2_000, 5_000, 50_000] {
                let limits = Limits::nodes(n);
                let mut runs = Vec::new();
                for _ in 0..2 {
                    let mut engine = Engine::new(4);
                    engine.set_level(level);
                    let r = engine.think(&game, &limits, &mut |_| {});
                    assert!(
                        r.stats.nodes <= n,
                        "{:?} at level {level}, --nodes {n}: {} nodes",
                        game.board(),
                        r.stats.nodes
                    );
                    let mv = r.best_move.expect("a move");
                    assert!(legal.contains(&mv), "{mv} is not legal");
                    // The line starts with the move chosen, even when the first
                    // iteration was cut (new-user report 14: `--nodes 1` printed
                    // an empty `pv`).
                    assert_eq!(r.pv.first(), Some(&mv), "--nodes {n}: pv {:?}", r.pv);
                    runs.push((mv, r.score, r.stats.nodes));
                }
                assert_eq!(runs[0], runs[1], "not reproducible");
            }
        }
    }
}

/// New-user report item 5: a depth that reaches every game end gives the exact result
/// (FFO #20, 6 empties, `--depth 20`: `+6.00 discs (evaluation) depth 6` before;
/// published H5 +6), and a line the evaluation chose that ends the game is proven and
/// labelled exact (a1 X, b1 O, O to move: O passes, X takes c1, a wipe-out, -64 — the
/// exact analysis's value, where a search once reported `-64.00 discs (evaluation) depth 4`,
/// and at depth 1).
#[test]
fn proven_results_are_reported_exact() {
    let ffo20 = Othello::from_obf_line(
        "XXXOXXXXOXXXXXXXOOXXXXXXOOOXXXXXOOOXXOO-OOOOO---OOOOOOO-OOOOOOO- X",
    )
    .unwrap();
    let mut engine = Engine::new(4);
    let limits = Limits {
        depth: Some(20),
        ..Limits::default()
    };
    let r = engine.think(&ffo20, &limits, &mut |_| {});
    assert!(r.exact);
    assert_eq!(Engine::score_text(r.score, r.exact), "+6 discs");
    assert_eq!(
        (r.best_move.unwrap().to_string(), r.depth),
        ("h5".into(), 6)
    );

    // White's lone e5 must pass; black takes it and every square.
    let wipeout = Othello::from_obf_line(&format!("{} O", lone_e5('O'))).unwrap();
    // At depth 1 the pass costs no depth: the line still reaches the game end (the
    // principal variation used to count the pass as its one ply and stop there).
    let depth = |d| Limits {
        depth: Some(d),
        ..Limits::default()
    };
    for limits in [Limits::default(), Limits::nodes(100), depth(1), depth(2)] {
        let mut engine = Engine::new(4);
        let r = engine.think(&wipeout, &limits, &mut |_| {});
        assert!(r.exact);
        assert_eq!(Engine::score_text(r.score, r.exact), "-64 discs");
        assert!(r.stats.nodes <= limits.nodes.unwrap_or(u64::MAX));
    }
}

/// A single legal move (f2 here, 34 empties) and a forced pass (33 empties) are answered
/// at once under a game clock: the search that values them gets at most 200,000 nodes
/// (and a sixteenth of the time), not the clock's whole share for the move. Under a node
/// limit they get the whole budget (2,000,000 nodes here), as under a time per move:
/// time a move does not use is lost there, and the search fills the table for the next
/// move. The time is a test clock that moves 1 ms a reading, so the figures are counts.
/// A bare depth is searched in full.
#[test]
fn a_single_legal_move_is_answered_at_once_under_a_game_clock() {
    use std::sync::Arc;
    use std::time::Duration;
    use zerosum::time::{GameClock, TickClock};
    let single = "------O---XXX-OO--X-O-O---XXXOOO--XXX-O--XXXXXOO-XXX--X-------XO X";
    let pass = "------O---XXXXOO--X-X-O---XXXOOO--XXX-O--XXXXXOO-XXX--O------OOO X";
    for (line, mv) in [(single, "f2"), (pass, "PS")] {
        let game = Othello::from_obf_line(line).unwrap();
        for level in [Level::numbered(4), Level::PERFECT] {
            let clock = Limits::clock(GameClock {
                remaining: Duration::from_secs(60),
                increment: Duration::ZERO,
                moves_to_go: None,
            })
            .with_time_source(Arc::new(TickClock::new(Duration::from_millis(1))));
            let mut engine = Engine::new(4);
            engine.set_level(level);
            let r = engine.think(&game, &clock, &mut |_| {});
            assert_eq!(r.best_move.map(|m| m.to_string()).as_deref(), Some(mv));
            assert!(r.depth >= 4, "a search valued it: {r:?}");
            assert!(r.stats.nodes <= 200_000, "{} nodes: {r:?}", r.stats.nodes);
            assert!(r.stats.elapsed < Duration::from_secs(1), "{r:?}");
        }
        let mut engine = Engine::new(4);
        engine.set_level(Level::PERFECT);
        let r = engine.think(&game, &Limits::nodes(2_000_000), &mut |_| {});
        assert_eq!(r.best_move.map(|m| m.to_string()).as_deref(), Some(mv));
        assert!(r.stats.nodes > 200_000, "{} nodes: {r:?}", r.stats.nodes);
        let mut engine = Engine::new(4);
        let deep = engine.think(&game, &Limits::depth(6), &mut |_| {});
        assert_eq!(deep.depth, 6, "{deep:?}");
    }
}

/// FFO #44 (23 empties; Edax's `problem/fforum-40-59.obf`, value −14) at the perfect level
/// within 30 M nodes: the cost estimate lets the exact solve try its half (15 M nodes),
/// and it is solved in about 11 M. Before, the estimate (2.8 times the nodes a square,
/// from an older solver) put it at 154 M and never tried it, and the midgame's value was
/// an evaluation (−16.00 at 3 s a move).
#[test]
fn ffo_44_is_solved_within_a_budget_it_fits() {
    let game = Othello::from_obf_line(
        "--O-X-O---O-XO-O-OOXXXOOOOOOXXXOOOOOXX--XXOOXO----XXXX-----XXX-- O",
    )
    .unwrap();
    let mut engine = Engine::new(16);
    engine.set_level(Level::PERFECT);
    let r = engine.think(&game, &Limits::nodes(30_000_000), &mut |_| {});
    assert!(r.exact, "{r:?}");
    assert_eq!(r.score.0, -14);
    assert!(["d2", "b8"].contains(&r.best_move.unwrap().to_string().as_str()));
}

/// FFO #47 (25 empties, value +4) within 100 M nodes: the estimate does not try the
/// exact solve first (its half, 50 M nodes, is below a quarter of the estimate), the
/// midgame reaches the end of the game in about 13 M nodes, and the rest of the budget
/// goes to the exact solve, which needs about 17 M. Before, the midgame's selective
/// value at 25 plies was the answer (an evaluation), most of the budget unused.
#[test]
fn a_midgame_that_reaches_the_end_hands_the_rest_to_the_solver() {
    let game = Othello::from_obf_line(
        "-OOOOO----OOOO---OOOOX--XXXXXX---OXOOX--OOOXOX----OOXX----XXXX-- O",
    )
    .unwrap();
    assert_eq!(game.board().empties(), 25);
    let mut engine = Engine::new(16);
    engine.set_level(Level::PERFECT);
    let r = engine.think(&game, &Limits::nodes(100_000_000), &mut |_| {});
    assert!(r.exact, "{r:?}");
    assert_eq!((r.score.0, r.depth), (4, 25));
    assert_eq!(r.best_move.unwrap().to_string(), "g2");
}

/// A game of random legal moves from the start, stopped at `empties` empty squares or
/// at its end, whichever comes first.
fn random_game(rng: &mut rand_chacha::ChaCha8Rng, empties: u32) -> Othello {
    use rand::RngExt;
    let mut g = Othello::new();
    while g.board().empties() > empties && g.outcome().is_none() {
        let mut ms = MoveList::new();
        g.legal_moves(&mut ms);
        g.play(ms[rng.random_range(0..ms.len())]);
    }
    g
}

/// Whether a forced pass comes up within `depth` moves with discs of `g`.
fn pass_within(g: &mut Othello, depth: u32) -> bool {
    if depth == 0 || g.outcome().is_some() {
        return false;
    }
    let mut moves = MoveList::new();
    g.legal_moves(&mut moves);
    moves.iter().any(|&mv| {
        if mv.is_pass() {
            return true;
        }
        g.play(mv);
        let found = pass_within(g, depth - 1);
        g.undo();
        found
    })
}

/// `analyze --depth d` (the core search in analysis mode) and `bestmove --depth d` (the
/// midgame search) value a position alike, on positions whose trees hold forced passes:
/// the analysis's best value is the midgame's fixed-depth value. A pass costs no depth in
/// either (new-user report 41: the analysis counted it as a ply, so on a forced pass
/// `analyze --depth N` gave `bestmove --depth N-1`'s value).
#[test]
fn depth_analysis_and_search_agree_across_passes() {
    use rand::{RngExt, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(42);
    let mut engine = Engine::new(16);
    let (mut checked, mut tried) = (0, 0);
    while checked < 12 && tried < 200_000 {
        tried += 1;
        let stop_at = rng.random_range(10..30);
        let mut g = random_game(&mut rng, stop_at);
        let depth = 1 + checked % 4;
        if g.outcome().is_some() || !pass_within(&mut g, depth) {
            continue;
        }
        engine.clear();
        let values = engine.analyze_depth(&g, depth);
        if values.iter().any(|v| v.exact) {
            continue;
        }
        engine.clear();
        let budget = zerosum::time::Budget::unlimited();
        let r = engine.midgame(&g, depth, &budget, &mut |_| {});
        assert_eq!(values[0].value, r.score.0, "depth {depth}: {g}");
        checked += 1;
    }
    assert_eq!(checked, 12, "{tried} positions tried");
}

/// A move whose game end the analysis search proves is solved for its margin only when
/// the solve is small: a tester's 44-empty position, where white can wipe black out
/// after d2 within 6 plies, solved d2's 43 empties for minutes (`analyze --depth 6`
/// hung). Its value is now the evaluation's extreme, not exact, and the other moves keep
/// the search's evaluations (`bestmove --depth 6` plays f5 at -30.52).
#[test]
fn a_proven_game_end_with_many_empties_is_not_solved_for_minutes() {
    let g = Othello::from_obf_line(
        "OOOOO---OXO-----OOOOO---OOOOO------XO--------------------------- X",
    )
    .unwrap();
    let mut engine = Engine::new(16);
    let values = engine.analyze_depth(&g, 6);
    let d2 = values.iter().find(|v| v.mv.to_string() == "d2").unwrap();
    assert_eq!((d2.value, d2.exact), (-64 * 100, false), "{values:?}");
    assert_eq!(values.last(), Some(d2), "{values:?}");
    assert!(values.iter().all(|v| !v.exact), "{values:?}");
    assert_eq!(values[0].mv.to_string(), "f5", "{values:?}");
}

/// With one empty square more than `--depth`, every move with a disc leaves no more
/// empties than the depth: `analyze --depth` solves each such move, and `bestmove
/// --depth` now solves the position (new-user report 42: on
/// `…XX-XOXXXXXXX- X` at depth 1, `analyze` gave `h8:+2 f7:-18` while `bestmove` played
/// f7 at the evaluation -14.67). Both are exact and agree with plain minimax.
#[test]
fn a_depth_one_short_of_the_end_is_solved_as_analyze_solves_it() {
    use rand::{RngExt, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    let mut engine = Engine::new(16);
    let mut checked = 0;
    while checked < 16 {
        let empties = rng.random_range(2..9u32);
        let g = random_game(&mut rng, empties);
        if g.outcome().is_some() || g.board().moves() == 0 {
            continue;
        }
        let depth = g.board().empties() - 1;
        engine.clear();
        let r = engine.think(&g, &Limits::depth(depth), &mut |_| {});
        assert!(r.exact, "{g} at depth {depth}");
        let exact = othello::solver::solve_slow(g.board());
        assert_eq!(r.score.0, exact, "{g}");
        let values = engine.analyze_depth(&g, depth);
        assert!(values.iter().all(|v| v.exact), "{g}");
        assert_eq!(values[0].value, exact, "{g}");
        checked += 1;
    }
}

/// The perfect line may use the whole node limit left after the solve, not only the
/// solve's half of it (report 42: at `--nodes 1000` the line stopped after its first
/// move, at 490 nodes, where 720 nodes give all of it), and stays within the limit.
#[test]
fn the_perfect_line_uses_the_rest_of_the_node_limit() {
    let g = Othello::from_obf_line(
        "-OXX-XO-X-XXXXX-XXXOXXXXXXXOOXOOXXOOOOOOXOXXOXXXXOOXXO--XOOXXOO- X",
    )
    .unwrap();
    let mut engine = Engine::new(16);
    engine.set_level(Level::PERFECT);
    let r = engine.think(&g, &Limits::nodes(1000), &mut |_| {});
    assert!(
        r.exact && r.stats.nodes <= 1000,
        "{:?} {}",
        r.score,
        r.stats.nodes
    );
    let mut end = g.clone();
    for &mv in &r.pv {
        assert!(end.is_legal(mv), "{:?}", r.pv);
        end.play(mv);
    }
    assert!(end.outcome().is_some(), "{:?} ends the game", r.pv);
}

/// `Engine::move_values` reports every node it spent: when the one node limit of the
/// moves' exact solves runs out, the analysis search it falls back on counts the solves'
/// nodes too, the solve that gave up included (a review's finding: only the search's
/// were reported), and it searches within the nodes the solves left (it searched its
/// whole depth whatever the limit). FFO #1 (14 empties): the limit is half of what the
/// unlimited values took, so some solves finish and one gives up.
#[test]
fn move_values_out_of_nodes_reports_the_solves_nodes_too() {
    let game = positions()[2].clone();
    let all = Engine::new(4)
        .move_values(&game, &Limits::default(), 4)
        .expect("no stop flag");
    assert!(all.exact);
    let limit = all.stats.nodes / 2;
    let mut engine = Engine::new(4);
    let r = engine
        .move_values(&game, &Limits::nodes(limit), 4)
        .expect("no stop flag");
    assert!(!r.exact && (1..=4).contains(&r.depth), "{r:?}");
    let solves = engine.solver().nodes();
    assert!(solves > 0);
    // The fallback alone, on fresh tables as in `engine`, within the nodes left.
    let rest = zerosum::time::Budget::new(&Limits::nodes(limit.saturating_sub(solves)));
    let search = Engine::new(4).analyze_midgame_within(&game, 4, &rest);
    assert_eq!(search.depth, r.depth);
    assert_eq!(
        r.stats.nodes,
        search.stats.nodes + solves,
        "search {}, solves {solves}",
        search.stats.nodes
    );
}

/// Under a node limit the solves of `Engine::move_values` get half of it, so that the
/// analysis search after solves that gave up still has the other half: FFO #1 (14
/// empties) within 20,000 nodes, far fewer than its exact values take, gets the values
/// of a search at least 3 plies deep (it got 1 ply: the solves had used the limit).
#[test]
fn move_values_out_of_nodes_still_search() {
    let game = positions()[2].clone();
    let mut engine = Engine::new(4);
    let r = engine
        .move_values(&game, &Limits::nodes(20_000), 4)
        .expect("no stop flag");
    assert!(!r.exact, "{r:?}");
    assert!(r.depth >= 3, "depth {}", r.depth);
}

/// The analysis search of `Engine::move_values` (more empties than its exact range)
/// honours the limits, as the solves do: a node limit far below what the depth needs
/// gives the last finished iteration, within the limit but for the first iteration, which
/// always finishes; the stop flag raised before the call gives `None`. It searched its
/// fixed depth whatever the limits.
#[test]
fn move_values_search_honours_the_limits() {
    let game = positions()[1].clone();
    assert!(64 - game.stones_on_board() > Engine::EXACT_VALUE_EMPTIES);
    let deep = Engine::new(4).analyze_midgame(&game, 8);
    assert_eq!(deep.depth, 8);
    let limit = deep.stats.nodes / 20;
    let r = Engine::new(4)
        .move_values(&game, &Limits::nodes(limit), 8)
        .expect("no stop flag");
    assert!((1..8).contains(&r.depth), "depth {} of 8", r.depth);
    let first = Engine::new(4).analyze_midgame(&game, 1).stats.nodes;
    assert!(
        r.stats.nodes <= limit.max(first) + first,
        "{} nodes under a limit of {limit}",
        r.stats.nodes
    );
    let stop = zerosum::search::StopFlag::new();
    stop.stop();
    let stopped = Limits {
        stop: Some(stop),
        ..Limits::default()
    };
    assert!(Engine::new(4).move_values(&game, &stopped, 8).is_none());
}

/// `--nodes 0` (or a limit too small for one depth-1 child): the node limit stays a hard
/// cap (no node searched, so no depth finished: depth 0, the one exception to the core's
/// "depth 1 always finishes"), and the value is what a 0-ply search finds, the position's
/// static evaluation, never claimed exact; before, it was a bare 0 with an exact bound.
/// At the default and the perfect level, a forced pass included.
#[test]
fn no_node_at_all_gives_the_static_evaluation_at_depth_0() {
    use othello::midgame::MidgameEval;
    use othello::{Bound, Score};
    let eval = othello::eval::pattern::shipped();
    let pass = "------O---XXXXOO--X-X-O---XXXOOO--XXX-O--XXXXXOO-XXX--O------OOO X";
    let mut games = positions();
    games.push(Othello::from_obf_line(pass).unwrap());
    let mut nonzero = 0;
    for game in games {
        let b = game.board();
        let value = if b.moves() == 0 {
            -MidgameEval::value(eval, b.pass())
        } else {
            MidgameEval::value(eval, b)
        };
        nonzero += usize::from(value != 0);
        for level in [Level::numbered(4), Level::PERFECT] {
            let mut engine = Engine::new(4);
            engine.set_level(level);
            let r = engine.think(&game, &Limits::nodes(0), &mut |_| {});
            assert_eq!((r.depth, r.stats.nodes, r.exact), (0, 0, false), "{b:?}");
            assert_eq!((r.score, r.bound), (Score::heuristic(value), Bound::Exact));
            let mv = r.best_move.expect("a move");
            assert!(game.is_legal(mv), "{mv}");
            assert_eq!(r.pv, [mv]);
        }
    }
    assert_eq!(nonzero, 4);
}

/// A finished game is valued in discs, as the engine's docs promise for exact results:
/// its final disc difference for the side to move (empties to the winner), checked
/// against the exact solver, with no move (a library user's report: `win in 0`).
#[test]
fn a_finished_game_is_its_final_disc_difference() {
    use othello::Score;
    let full = format!("{} O", "X".repeat(64));
    // Neither side can move with empties left: black's four centre discs alone.
    let lone = format!("{} X", board_text(&CENTRE, &[]));
    for line in [full, lone] {
        let game = Othello::from_obf_line(&line).unwrap();
        assert!(game.outcome().is_some(), "{line}");
        let solved = Engine::new(1).solver().solve(game.board()).score;
        for level in [1, 10] {
            let mut engine = Engine::new(1);
            engine.set_level(Level::numbered(level));
            let r = engine.think(&game, &Limits::default(), &mut |_| {});
            assert_eq!(r.best_move, None, "{line}");
            assert!(r.exact, "{line}");
            assert_eq!(r.score, Score(solved), "{line}");
            assert_eq!(r.score.0, game.final_score(), "{line}");
        }
        // `move_values` and `endgame` too (a library user's report: the core search's
        // `loss in 0`, and `None` under an unlimited budget).
        let mut engine = Engine::new(1);
        for depth in [1, 4] {
            let r = engine
                .move_values(&game, &Limits::default(), depth)
                .unwrap();
            assert_eq!(
                (r.best_move, r.score, r.exact),
                (None, Score(solved), true),
                "{line}"
            );
        }
        let r = engine
            .endgame(&game, &zerosum::time::Budget::unlimited())
            .unwrap();
        assert_eq!(
            (r.best_move, r.score, r.exact),
            (None, Score(solved), true),
            "{line}"
        );
    }
}

/// The perfect level with only a stop flag (a UI's "think until I say stop") at FFO #47
/// (25 empties, a solve of seconds to minutes): stopped after 300 ms, it plays the move of
/// its midgame search, which comes before the solve. Before, the solve came first and a
/// stop during it left a 1-ply search's move.
///
/// Its last report sums the nodes of the midgame search and of the stopped solve, and
/// gives the time of both: the play screen showed 57M nodes at 1.12G nodes/s after `m`,
/// the sum over the midgame's time alone. The last report's time now runs on from the
/// one before (as its callback saw it), and its rate is its nodes over its time.
#[test]
fn a_stopped_perfect_search_plays_its_midgame_move() {
    let game = Othello::from_obf_line(
        "-OOOOO----OOOO---OOOOX--XXXXXX---OXOOX--OOOXOX----OOXX----XXXX-- O",
    )
    .unwrap();
    let mut engine = Engine::new(16);
    engine.set_level(Level::PERFECT);
    let stop = zerosum::search::StopFlag::new();
    let limits = Limits::default().with_stop(stop.clone());
    let stopper = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(300));
        stop.stop();
    });
    let start = std::time::Instant::now();
    let mut reports = Vec::new();
    let r = engine.think(&game, &limits, &mut |report| {
        reports.push((report.clone(), start.elapsed()));
    });
    stopper.join().unwrap();
    assert!(r.best_move.is_some());
    if r.exact {
        return; // solved within the 300 ms: one search, nothing to sum
    }
    let depths: Vec<u32> = reports.iter().map(|(r, _)| r.depth).collect();
    assert!(r.depth >= 4, "depth {} ({depths:?})", r.depth);
    assert!(reports.len() >= 2, "{reports:?}");
    let [.., (_, seen), (last, _)] = &reports[..] else {
        unreachable!()
    };
    assert!(last.elapsed >= *seen, "{reports:?}");
    let rate = last.nodes as f64 / last.elapsed.as_secs_f64();
    assert!(
        (last.nodes_per_second as f64 - rate).abs() <= 1.0 + rate * 1e-6,
        "{last:?}"
    );
}
