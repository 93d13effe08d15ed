//! The engine's search results: what `Engine::clear` forgets, and the losses the rules
//! prove at the root.

use gomoku::{Board, Cell, Engine, Game, Notation, Outcome, SearchInfo};
use std::time::Duration;
use zerosum::Score;
use zerosum::search::Limits;

/// `info` without its wall time (the only field that is not reproducible).
fn reproducible(mut info: SearchInfo) -> SearchInfo {
    info.elapsed = Duration::ZERO;
    info
}

/// The engine's answer for `position` at `nodes`, in a fresh engine.
fn fresh(position: &str, nodes: u64) -> SearchInfo {
    let b = Board::parse_position(position).unwrap();
    reproducible(Engine::new(16).search(&b, &Limits::nodes(nodes)))
}

/// A position searched after another one in the same engine, with `Engine::clear` in
/// between, gives what a fresh engine gives: move, score, depth, nodes, principal
/// variation, candidates. The pairs are consecutive positions of a balanced game on which
/// `zerosum gomoku bestmove --nodes 40000` answered differently in one process and in a
/// process of its own, when `clear` left the root VCT solver's VCF failure table (and
/// the leaf probes' solver) as the earlier search had left them: the first the root VCT
/// found its win in 609 nodes instead of 737, the second the tree chose another move.
#[test]
fn clear_makes_a_search_independent_of_the_earlier_ones() {
    let pairs = [
        (
            "15f:h8i10k6g10k7g9k8k9i9g7g8h10j10f8l12k11k5k4",
            "15f:h8i10k6g10k7g9k8k9i9g7g8h10j10f8l12k11k5k4i11",
        ),
        (
            "15f:h8g10d7f10f7e7e6h10e10f8g9f11d5g8f5c8g4",
            "15f:h8g10d7f10f7e7e6h10e10f8g9f11d5g8f5c8g4h3",
        ),
    ];
    let nodes = 40_000;
    for (before, position) in pairs {
        let mut engine = Engine::new(16);
        let limits = Limits::nodes(nodes);
        engine.search(&Board::parse_position(before).unwrap(), &limits);
        engine.clear();
        let after = reproducible(engine.search(&Board::parse_position(position).unwrap(), &limits));
        assert_eq!(after, fresh(position, nodes), "{position} after {before}");
    }
}

/// True when every legal move of the side to move of `b` loses in two plies by brute
/// force: none makes a five, and after each the opponent has a legal cell that wins.
fn loses_in_2_by_brute_force(b: &Board) -> bool {
    let me = b.side_to_move();
    let moves: Vec<Cell> = (0..b.cell_count())
        .map(|i| b.cell_of(i))
        .filter(|&c| b.is_legal(c))
        .collect();
    !moves.is_empty()
        && moves.into_iter().all(|c| {
            let mut after = b.clone();
            after.try_play(c).unwrap();
            after.outcome() != Some(Outcome::Win(me))
                && (0..after.cell_count()).any(|i| {
                    let w = after.cell_of(i);
                    after.is_legal(w) && {
                        let mut end = after.clone();
                        end.try_play(w).unwrap();
                        end.outcome() == Some(Outcome::Win(!me))
                    }
                })
        })
}

/// The root reports a loss the rules prove as proven (`exact`), not as the tree's claim
/// `(search)`: the opponent has two cells that make its five and the side to move has
/// none, whatever fours it has (a four forces nothing against a five, and one on an
/// opponent's winning cell leaves the other). Before, `15f:h8a1i8a2j8a3k8` (white faces
/// an open four and has a four of its own at a4) was `loss in 2 (search)`. A cell that
/// the rule does not count as a five (an overline under renju for black, under the
/// exactly-five rule for either side) leaves one winning cell: no proven loss there. Each
/// position is checked by brute force over every move.
#[test]
fn a_loss_the_rules_prove_is_exact() {
    let lost = [
        // White's counter-four at a4 forces nothing.
        "15f:h8a1i8a2j8a3k8",
        // White's open four at g8 takes one of black's cells; l8 is left.
        "15f:h8g5i8g6j8g7k8",
        // Black's six at f8 wins under freestyle, as does the five at k8.
        "15f:e8a1g8c1h8a3i8c3j8",
        // The same for white against black, freestyle.
        "15f:a1e8d1g8a4h8d4i8g1j8",
        // Renju: white's overline at f8 wins for white, and k8.
        "15r:a1e8d1g8a4h8d4i8g1j8",
    ];
    for position in lost {
        let b = Board::parse_position(position).unwrap();
        assert!(loses_in_2_by_brute_force(&b), "{position}");
        let info = Engine::new(16).search(&b, &Limits::nodes(40_000));
        assert_eq!(info.score, Score::loss_in(2), "{position}");
        assert!(info.exact, "{position}: a proven loss");
        // Every candidate is valued alike, the move played first.
        assert_eq!(info.candidates[0].cell, info.best.unwrap(), "{position}");
        assert!(
            info.candidates
                .iter()
                .all(|c| c.score == Score::loss_in(2) && c.bound == zerosum::Bound::Exact),
            "{position}: {:?}",
            info.candidates
        );
        let best = info.best.unwrap();
        assert!(
            b.winning_cells(!b.side_to_move()).contains(&b.index(best)),
            "{position}: {best}"
        );
    }
    let held = [
        // Renju: black's f8 would make six, no five: white blocks k8.
        "15r:e8a1g8c1h8a3i8c3j8",
        // Exactly five: white's f8 would make six, no five: black blocks k8.
        "15s:a1e8d1g8a4h8d4i8g1j8",
    ];
    for position in held {
        let b = Board::parse_position(position).unwrap();
        assert!(!loses_in_2_by_brute_force(&b), "{position}");
        assert_eq!(b.winning_cells(!b.side_to_move()).len(), 1, "{position}");
        let info = Engine::new(16).search(&b, &Limits::nodes(40_000));
        assert!(
            !(info.exact && info.score == Score::loss_in(2)),
            "{position}: {info:?}"
        );
        assert_eq!(
            info.best,
            Some(Cell::parse_human("k8").unwrap()),
            "{position}"
        );
    }
}

/// A search on several threads (`Engine::threads`, Lazy SMP on the shared table) ends
/// when its own thread ends, under a node limit, a depth or a time limit alike, and
/// answers with a legal move that heads its principal variation and is one of its
/// candidates;
/// under a bare depth it finishes that depth. The positions are a quiet opening, a
/// middle game and one where the opponent threatens (its open three).
#[test]
fn a_search_on_several_threads_answers_within_its_limits() {
    let positions = [
        "15f:h8i9",
        "15f:h8i10k6g10k7g9k8k9i9g7g8h10j10f8l12k11k5k4",
        "15f:h8a1h9a2h10",
    ];
    for position in positions {
        let b = Board::parse_position(position).unwrap();
        for limits in [
            Limits::nodes(5_000),
            Limits::depth(6),
            Limits::time(Duration::from_millis(30)),
        ] {
            let mut engine = Engine::new(4);
            engine.threads = 3;
            let info = engine.search(&b, &limits);
            let best = info.best.expect("a move");
            assert!(b.is_legal(best), "{position}: {best}");
            assert_eq!(info.pv.first(), Some(&best), "{position}: {info:?}");
            // (Not always the first: a move that beat it in an unfinished iteration is
            // played, and the candidates stay the last finished iteration's. None when
            // no iteration finished: 30 ms on a busy machine can end in the root
            // solvers, and then the answer is the first candidate at depth 0, listed
            // without values.)
            assert!(
                info.candidates.iter().any(|c| c.cell == best)
                    || (info.depth == 0 && info.candidates.is_empty()),
                "{position}: {info:?}"
            );
            let mut line = b.clone();
            for &c in &info.pv {
                assert!(line.is_legal(c), "{position}: pv {:?}", info.pv);
                line.play_unchecked(c);
            }
            if limits.depth.is_some() && !info.exact {
                assert_eq!(info.depth, 6, "{position}: {info:?}");
            }
        }
    }
}

/// A search that finishes no iteration (a node limit of 0, which the engine holds as a
/// hard cap at depth 1 too, or a stop flag raised before it) answers with the first
/// candidate at depth 0, valued by the root's static evaluation and never exact: it was
/// a placeholder draw given as an exact value (a library user's report). The value is
/// checked against the evaluation function itself, and a finished depth 1 is not depth 0.
#[test]
fn no_finished_iteration_gives_the_static_value_at_depth_0() {
    use zerosum::Engine as _;
    let board = Board::parse_position("15f:h8i7j9").unwrap();
    let stat = gomoku::evaluate_cells(&board, &gomoku::eval_cells_fitted::CELLS_FITTED);
    assert_ne!(
        stat,
        Score::DRAW,
        "a position whose static value is not the placeholder"
    );
    let stop = zerosum::search::StopFlag::new();
    stop.stop();
    for limits in [Limits::nodes(0), Limits::default().with_stop(stop.clone())] {
        let r = Engine::new(1).think(&board, &limits, &mut |_| {});
        assert_eq!(r.depth, 0, "{limits:?}");
        assert!(!r.exact, "{limits:?}");
        assert_eq!(r.score, stat, "{limits:?}");
        assert!(r.best_move.is_some_and(|c| board.is_legal(c)), "{limits:?}");
    }
    // Also after an earlier search of the same position, whose table holds a line: the
    // move alone, and no placeholder values of moves (they were 0 with `<=`).
    let mut engine = Engine::new(1);
    engine.think(&board, &Limits::nodes(20_000), &mut |_| {});
    for limits in [Limits::nodes(0), Limits::default().with_stop(stop)] {
        let r = engine.think(&board, &limits, &mut |_| {});
        assert_eq!((r.depth, r.exact, r.score), (0, false, stat), "{limits:?}");
        assert_eq!(r.pv.len(), 1, "{limits:?}: {:?}", r.pv);
        assert_eq!(r.pv.first(), r.best_move.as_ref());
        assert!(r.root_moves.is_empty(), "{limits:?}: {:?}", r.root_moves);
    }
    let r = Engine::new(1).think(&board, &Limits::depth(1), &mut |_| {});
    assert_eq!(r.depth, 1);
    assert!(!r.root_moves.is_empty());
}

/// A library user's report: a set-up position with a five on the board and the winner
/// to move was an exact `loss in 0` for the winner (the root took every finished game
/// as lost by the side to move, as after the winning move).
#[test]
fn a_won_game_is_won_for_the_winner_to_move() {
    use zerosum::Score;
    for (text, winner_to_move) in [
        (
            "15f:[black a1 b1 c1 d1 e1; white h8 i8; black to move]",
            true,
        ),
        (
            "15f:[white a1 b1 c1 d1 e1; black h8 i8 j8; white to move]",
            true,
        ),
        (
            "15f:[black a1 b1 c1 d1 e1; white h8 i8; white to move]",
            false,
        ),
        ("15f:h8a1i8a2j8a3k8a4l8", false),
    ] {
        let b = gomoku::Board::parse_position(text).unwrap();
        assert!(b.outcome().is_some(), "{text}");
        let info = gomoku::Engine::new(1).search(&b, &zerosum::search::Limits::nodes(100));
        let want = if winner_to_move {
            Score::win_in(0)
        } else {
            Score::loss_in(0)
        };
        assert_eq!(
            (info.score, info.exact, info.best),
            (want, true, None),
            "{text}"
        );
    }
}

/// A library user's report: 64 search threads on 2 processors answered a 100 ms limit
/// in 480-680 ms, taking turns on them. A search runs on at most the processors this
/// process may use.
#[test]
fn a_search_runs_on_no_more_threads_than_processors() {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let mut engine = Engine::new(4);
    for (asked, used) in [
        (0, 1),
        (1, 1),
        (2, 2.min(cores)),
        (1000, cores.min(gomoku::MAX_THREADS)),
    ] {
        engine.threads = asked;
        assert_eq!(engine.search_threads(), used, "{asked} threads asked");
    }
}

/// A search that a node limit cuts in an iteration, when that iteration found no better
/// move, answers with the last finished iteration's depth, value and principal
/// variation: the same as a search to that depth. A tester's report: under `--nodes
/// 100`, `15f:h8i7e9` answered `score -50 depth 2 … pv h6 e8 i6` (the line read from the
/// table after the cut third iteration had rewritten it), where `--depth 2` gives `pv
/// h6 j8`.
#[test]
fn a_cut_iteration_leaves_the_finished_one_s_line() {
    let mut checked = 0;
    for position in [
        "15f:h8i7e9",
        "15f:h8i10k6g10k7g9k8k9i9g7g8h10",
        "15r:h8h9i9g7j10",
    ] {
        let b = Board::parse_position(position).unwrap();
        for depth in 2..=4 {
            let finished = Engine::new(16).search(&b, &Limits::depth(depth));
            let deeper = Engine::new(16).search(&b, &Limits::depth(depth + 1));
            if finished.depth != depth || deeper.nodes <= finished.nodes + 1 {
                continue;
            }
            let span = deeper.nodes - finished.nodes;
            for step in 1..=4 {
                let nodes = finished.nodes + span * step / 5;
                let cut = Engine::new(16).search(&b, &Limits::nodes(nodes));
                if cut.depth != depth || cut.bound != zerosum::Bound::Exact {
                    continue;
                }
                checked += 1;
                let at = format!("{position} at {nodes} nodes");
                assert_eq!(cut.best, finished.best, "{at}");
                assert_eq!(cut.score, finished.score, "{at}");
                assert_eq!(cut.pv, finished.pv, "{at}");
            }
        }
    }
    assert!(
        checked >= 6,
        "only {checked} cut searches kept the finished iteration"
    );
}

/// The search publishes its node count into `Limits::progress` as it goes, as the other
/// games' searches do (a library user's report: the counter stayed at 0 through a search
/// of 492,079 nodes, so the play screen's live count never moved for Gomoku). With two
/// threads the count is the first thread's (the helpers' own counts would overwrite it).
#[test]
fn the_search_publishes_its_node_count() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicU64, Ordering};
    let b = Board::parse_position("15f:h8i7e9").unwrap();
    for threads in [1, 2] {
        let counter = Arc::new(AtomicU64::new(0));
        let mut engine = Engine::new(16);
        engine.threads = threads;
        let limits = Limits::nodes(20_000).with_progress(Arc::clone(&counter));
        let info = engine.search(&b, &limits);
        let published = counter.load(Ordering::Relaxed);
        assert!(published > 1_000, "{threads} threads: {published}");
        assert!(
            published <= info.nodes,
            "{threads}: {published} > {}",
            info.nodes
        );
    }
}

/// A depth limit of 0 searches as 1, as the other games' searches read it (a tester's
/// report: Connect Four searched depth 1 where Gomoku gave a depth-0 result, the static
/// evaluation's first candidate).
#[test]
fn a_depth_of_zero_searches_as_one() {
    let b = Board::parse_position("15f:h8i7e9").unwrap();
    let zero = reproducible(Engine::new(16).search(&b, &Limits::depth(0)));
    let one = reproducible(Engine::new(16).search(&b, &Limits::depth(1)));
    assert_eq!(zero.depth, 1, "{zero:?}");
    assert_eq!(format!("{zero:?}"), format!("{one:?}"));
}
