//! The exact endgame solver against a slow reference (plain minimax on random positions)
//! and against published answers.

use othello::solver::{Solver, Tuning, solve_slow};
use othello::{Board, Game, Move, Othello};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use zerosum::MoveList;

/// Random playouts from the start stopped with `empties` empty squares left.
fn random_endgames(count: usize, empties: u32, seed: u64) -> Vec<Board> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let mut g = Othello::new();
        while g.board().empties() > empties {
            let mut ms = MoveList::new();
            g.legal_moves(&mut ms);
            if ms.is_empty() {
                break;
            }
            g.play(ms[rng.random_range(0..ms.len())]);
        }
        if g.board().empties() == empties {
            out.push(g.board());
        }
    }
    out
}

/// The best move (if the game is not over) is legal and reaches the `exact` score by
/// plain minimax.
fn assert_best_move_reaches(b: Board, best: Option<Move>, exact: i32) {
    if let Some(mv) = best {
        let next = match mv.to_square() {
            Some(sq) => b.play(sq.index() as u32).expect("legal best move"),
            None => b.pass(),
        };
        assert_eq!(-solve_slow(next), exact, "best move {mv} of {b:?}");
    }
}

#[test]
fn solver_agrees_with_plain_minimax_up_to_10_empties() {
    let mut solver = Solver::new(16);
    for empties in 1..=10u32 {
        let count = if empties <= 8 { 40 } else { 8 };
        for b in random_endgames(count, empties, 100 + empties as u64) {
            let exact = solve_slow(b);
            let s = solver.solve(b);
            assert_eq!(s.score, exact, "empties {empties}: {b:?}");
            assert_best_move_reaches(b, s.best_move, exact);
            // Windowed and weak searches agree with the exact score.
            let weak = solver.solve_weak(b).score;
            assert_eq!(weak.signum(), exact.signum(), "weak {b:?}");
            let w = solver.solve_window(b, exact - 1, exact + 1).score;
            assert_eq!(w, exact);
        }
    }
}

/// Each technique moved to few empties (so that random 9-empties positions use it) or
/// switched off: the scores stay those of plain minimax, and the best move reaches them.
#[test]
fn every_tuning_keeps_scores_exact() {
    let base = Tuning {
        shallow_empties: 4,
        etc_empties: 6,
        sort_search_empties: 6,
        sort_depth_base: 0,
        sort_depth_origin: 6,
        sort_depth_step: 1,
        sort_depth_max: 2,
        ..Tuning::default()
    };
    let tunings = [
        base,
        Tuning {
            sort_margin: None,
            ..base
        },
        Tuning {
            stability: false,
            etc_empties: 65,
            ..base
        },
        Tuning {
            shallow_empties: 7,
            ..Tuning::default()
        },
        Tuning {
            sort_search_empties: 65,
            ..base
        },
        // Ordering searches of 0 / 1 plies below the plies that grow with the empties.
        Tuning {
            sort_depth_origin: 8,
            sort_depth_low: 0,
            ..base
        },
        Tuning {
            sort_depth_origin: 8,
            sort_depth_low: 1,
            sort_depth_base: 2,
            ..base
        },
        Tuning {
            guess_depth: 3,
            ..base
        },
        Tuning {
            shallow_empties: 7,
            fastest_first_empties: 5,
            w_corner_stability: 0,
            w_parity: 0,
            ..Tuning::default()
        },
        Tuning {
            fastest_first_empties: 65,
            ..Tuning::default()
        },
        // One table for all positions; a tiny table near the leaves.
        Tuning {
            near_empties: 0,
            ..base
        },
        Tuning {
            near_empties: 8,
            near_mib: 1,
            ..base
        },
        // Every selective search before the exact one, ProbCut from 5 empties.
        Tuning {
            selective: 0b11111,
            selective_root_empties: 7,
            endcut_empties: 5,
            ..base
        },
        Tuning {
            selective: 0b00001,
            selective_root_empties: 7,
            endcut_empties: 5,
            ..base
        },
    ];
    let positions = random_endgames(12, 9, 77);
    let exact: Vec<i32> = positions.iter().map(|&b| solve_slow(b)).collect();
    for t in tunings {
        let mut solver = Solver::new(4);
        solver.set_tuning(t);
        for (&b, &e) in positions.iter().zip(&exact) {
            let s = solver.solve(b);
            assert_eq!(s.score, e, "{t:?} {b:?}");
            assert_best_move_reaches(b, s.best_move, e);
        }
    }
}

/// A table-free search of 10 empties with 10 legal moves gives the exact score (its
/// fastest-first list held 8 moves, and a larger `shallow_empties` indexed past it;
/// it now holds `SHALLOW_MAX_EMPTIES`). Set-up: rank 1 and a8, b8 empty, rank 2, rank 7 and
/// c8–h8 of one side, ranks 3–6 of the other, which can play on every empty square.
/// Solved from both sides: the side without a move passes, so the table-free search
/// starts right below the root with all 10 moves.
#[test]
fn shallow_search_of_many_moves_is_exact() {
    let mover = Board::new(0x0000_FFFF_FFFF_0000, 0xFCFF_0000_0000_FF00).unwrap();
    assert_eq!(mover.empties(), 10);
    assert_eq!(mover.moves().count_ones(), 10);
    let passer = mover.pass();
    assert_eq!(passer.moves(), 0);
    for b in [passer, mover] {
        let exact = solve_slow(b);
        for shallow_empties in [10, 12] {
            let mut solver = Solver::new(1);
            solver.set_tuning(Tuning {
                shallow_empties,
                ..Tuning::default()
            });
            let s = solver.solve(b);
            assert_eq!(s.score, exact, "shallow_empties={shallow_empties} {b:?}");
            assert_best_move_reaches(b, s.best_move, exact);
        }
    }
}

#[test]
fn tuning_parameters_are_set_by_name() {
    let mut t = Tuning::default();
    t.set("etc_empties=12").unwrap();
    t.set("sort_margin=8").unwrap();
    t.set("stability=off").unwrap();
    assert_eq!(t.etc_empties, 12);
    assert_eq!(t.sort_margin, Some(8));
    assert!(!t.stability);
    t.set("sort_margin=none").unwrap();
    assert_eq!(t.sort_margin, None);
    t.set("guess_depth=4").unwrap();
    assert_eq!(t.guess_depth, 4);
    t.set("selective=5").unwrap();
    assert_eq!(t.selective, 5);
    t.set("selective=255").unwrap();
    assert_eq!(t.selective, 31, "only the defined levels");
    assert!(t.set("etc_empties").is_err());
    assert!(t.set("nonsense=1").is_err());
    assert!(t.set("etc_empties=x").is_err());
}

#[test]
fn analysis_gives_every_move_its_exact_score() {
    let mut solver = Solver::new(16);
    for b in random_endgames(10, 9, 5) {
        let list = solver.analyze(b);
        for (mv, s) in list {
            let next = match mv.to_square() {
                Some(sq) => b.play(sq.index() as u32).unwrap(),
                None => b.pass(),
            };
            assert_eq!(s, -solve_slow(next), "{mv} in {b:?}");
        }
    }
}

/// Published answers of FFO positions (the FFO endgame suite collected by Gunnar
/// Andersson from FForum; answers as listed in Edax's `problem/fforum-1-19.obf` and
/// `fforum-20-39.obf` and in Egaroucid's `bin/ffotest.py`).
const FFO_FACTS: [(&str, &str, i32, &[&str]); 6] = [
    (
        "#1",
        "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X",
        18,
        &["g8"],
    ),
    (
        "#2",
        "-XXXXXX---XOOOO--XOXXOOX-OOOOOOOOOOOXXOOOOOXXOOX--XXOO----XXXXX- X",
        10,
        &["a4"],
    ),
    (
        "#3",
        "----OX----OOXX---OOOXX-XOOXXOOOOOXXOXXOOOXXXOOOOOXXXXOXO--OOOOOX X",
        2,
        &["d1"],
    ),
    (
        "#4",
        "-XXXXXX-X-XXXOO-XOXXXOOXXXOXOOOX-OXOOXXX--OOOXXX--OOXX----XOXXO- X",
        0,
        &["h8", "a5"],
    ),
    (
        "#5",
        "-OOOOO----OXXO-XXXOXOXX-XXOXOXXOXXOOXOOOXXXXOO-OX-XOOO---XXXXX-- X",
        32,
        &["g8"],
    ),
    (
        "#20",
        "XXXOXXXXOXXXXXXXOOXXXXXXOOOXXXXXOOOXXOO-OOOOO---OOOOOOO-OOOOOOO- X",
        6,
        &["h5"],
    ),
];

#[test]
fn ffo_positions_with_few_empties_have_their_published_answers() {
    let mut solver = Solver::new(32);
    for (name, text, score, best) in FFO_FACTS {
        let g: Othello = text.parse().unwrap();
        let s = solver.solve(g.board());
        assert_eq!(s.score, score, "FFO {name}");
        let mv = s.best_move.unwrap().to_string();
        assert!(
            best.contains(&mv.as_str()),
            "FFO {name}: {mv} not in {best:?}"
        );
    }
}

#[test]
fn finished_and_pass_positions() {
    let mut solver = Solver::new(1);
    // White to move must pass; black then takes everything: -64 for white.
    let g: Othello = format!("{} O", crate::positions::lone_e5('O'))
        .parse()
        .unwrap();
    let s = solver.solve(g.board());
    assert_eq!((s.score, s.best_move), (-64, Some(Move::PASS)));
    let centre = crate::positions::board_text(&crate::positions::CENTRE, &[]);
    let done: Othello = format!("{centre} O").parse().unwrap();
    let s = solver.solve(done.board());
    assert_eq!((s.score, s.best_move), (-64, None));
}

#[test]
fn a_stoppable_solve_gives_up_at_its_node_limit_and_keeps_only_true_results() {
    use zerosum::search::Limits;
    use zerosum::time::Budget;
    // 20 empties: far more than 20 000 nodes.
    for b in random_endgames(3, 20, 77) {
        let mut solver = Solver::new(8);
        let budget = Budget::new(&Limits::nodes(20_000));
        assert_eq!(solver.solve_within(b, &budget), None);
        // The node limit is a hard cap.
        assert!(solver.nodes() <= 20_000, "{} nodes", solver.nodes());
        // What the interrupted solve left in the table does not change the answer.
        let exact = Solver::new(8).solve(b).score;
        let after = solver
            .solve_within(b, &Budget::unlimited())
            .expect("no limit");
        assert_eq!(after.score, exact);
    }
    // A stop flag already raised: no search at all.
    let stop = zerosum::search::StopFlag::default();
    stop.stop();
    let budget = Budget::new(&Limits::default().with_stop(stop));
    let b = random_endgames(1, 12, 5)[0];
    assert_eq!(Solver::new(1).solve_within(b, &budget), None);
}

/// `analyze_within`'s and `Engine::move_values`' node limit is one for all the moves'
/// solves, as documented: a limit below their total gives up, though each solve alone
/// fits in it (a helper's report: each solve had the whole limit, 151,372 nodes under a
/// limit of 50,000), and a limit above the total answers every move.
#[test]
fn an_analysis_shares_one_node_limit_among_the_moves() {
    use othello::{Engine, Limits};
    use zerosum::time::Budget;
    let mut checked = 0;
    for b in random_endgames(6, 14, 31) {
        // Each move's solve alone, on a fresh table, and their total.
        let mut each = Vec::new();
        for sq in zerosum::Bitboard(b.moves()) {
            let mut solver = Solver::new(8);
            solver.solve(b.play_flips(sq, b.flips(sq)));
            each.push(solver.nodes());
        }
        let (total, most) = (each.iter().sum::<u64>(), *each.iter().max().unwrap());
        if each.len() < 3 || 2 * most >= total {
            continue;
        }
        checked += 1;
        let half = Limits::nodes(total / 2);
        let mut solver = Solver::new(8);
        assert_eq!(
            solver.analyze_within(b, &Budget::new(&half)),
            None,
            "{each:?}"
        );
        assert!(
            solver.nodes() <= total / 2,
            "{} of {}",
            solver.nodes(),
            total / 2
        );
        let mut solver = Solver::new(8);
        let all = solver.analyze_within(b, &Budget::new(&Limits::nodes(2 * total)));
        assert_eq!(all.map(|v| v.len()), Some(each.len()));
        let game = Othello::from_board(b, zerosum::Side::First);
        let mut engine = Engine::new(8);
        // Out of nodes, the values are the depth-4 search's, not exact.
        let r = engine.move_values(&game, &half, 4).unwrap();
        assert!(!r.exact, "{each:?}");
        // (The solves get half of the engine's limit.)
        let r = engine
            .move_values(&game, &Limits::nodes(4 * total), 4)
            .unwrap();
        assert!(r.exact && r.root_moves.len() == each.len(), "{each:?}");
    }
    assert!(checked >= 3, "{checked}");
}

/// A finished game's value comes from the rules, so no budget refuses it: one node, or a
/// raised stop flag, still gets the final disc difference (plain minimax's), with no move.
#[test]
fn a_finished_game_is_answered_under_any_budget() {
    use zerosum::search::{Limits, StopFlag};
    use zerosum::time::Budget;
    let mut rng = ChaCha8Rng::seed_from_u64(404);
    let stop = StopFlag::default();
    stop.stop();
    let budgets = [
        Budget::new(&Limits::nodes(1)),
        Budget::new(&Limits::default().with_stop(stop)),
    ];
    // Random games played to their end, full boards and early wipe-outs alike, and the
    // empty board (no move for either side).
    let mut finished = vec![Board::new(0, 0).unwrap()];
    while finished.len() < 12 {
        let mut g = Othello::new();
        loop {
            let mut ms = MoveList::new();
            g.legal_moves(&mut ms);
            if ms.is_empty() {
                break;
            }
            g.play(ms[rng.random_range(0..ms.len())]);
        }
        finished.push(g.board());
    }
    for b in finished {
        assert!(b.is_game_over());
        for budget in &budgets {
            let mut solver = Solver::new(1);
            let s = solver.solve_within(b, budget).expect("a finished game");
            assert_eq!((s.score, s.best_move), (solve_slow(b), None), "{b:?}");
            assert!(solver.nodes() <= 1);
            let weak = solver
                .solve_weak_within(b, budget)
                .expect("a finished game");
            assert_eq!(weak.score.signum(), solve_slow(b).signum());
        }
    }
}

/// Under a node limit a solve visits at most that many nodes, whether it finishes (then
/// its score is the exact one) or gives up, at every depth of the solver (the table-free
/// last empties, the table and the ordering searches).
#[test]
fn a_node_limit_is_a_hard_cap() {
    use zerosum::search::Limits;
    use zerosum::time::Budget;
    for empties in [3, 4, 6, 9, 14, 18] {
        for b in random_endgames(2, empties, 31 + u64::from(empties)) {
            let exact = Solver::new(4).solve(b).score;
            for limit in [1, 10, 17, 50, 300, 5_000, 100_000] {
                let mut solver = Solver::new(4);
                let s = solver.solve_within(b, &Budget::new(&Limits::nodes(limit)));
                assert!(
                    solver.nodes() <= limit,
                    "{empties} empties, limit {limit}: {} nodes",
                    solver.nodes()
                );
                if let Some(s) = s {
                    assert_eq!(s.score, exact);
                    assert!(s.nodes <= limit);
                }
            }
        }
    }
}

/// A set-up position may have more legal moves than any game reaches (33 is the most
/// known in a reachable position): this one has 35 for X (counted by an independent
/// Python scan of the eight directions, and by the square-by-square `moves_slow`). The
/// solver (its per-ply move buffers hold 64 moves) and the midgame search take it.
#[test]
fn a_set_up_position_with_35_moves_is_searched() {
    use zerosum::search::Limits;
    use zerosum::time::Budget;
    // Its centre is not filled, so no game reaches it: the text readers refuse it, and it
    // is set up from its bitboards.
    let line = "---------OXOOOO--OX-XXO--XO------X--XOO--OX-OXX--OX-OXO------X--";
    assert!(Othello::from_obf_line(&format!("{line} X")).is_err());
    let bits = |disc| {
        line.chars()
            .enumerate()
            .filter(|&(_, c)| c == disc)
            .fold(0u64, |b, (i, _)| b | 1 << i)
    };
    let g = Othello::from_board(
        Board::new(bits('X'), bits('O')).unwrap(),
        zerosum::Side::First,
    );
    let mut moves = MoveList::new();
    g.legal_moves(&mut moves);
    assert_eq!(moves.len(), 35);
    // The square-by-square reference agrees.
    let b = g.board();
    assert_eq!(
        othello::movegen::moves_slow(b.player, b.opponent).count_ones(),
        35
    );
    let mut solver = Solver::new(4);
    let budget = Budget::new(&Limits::nodes(200_000));
    let _ = solver.solve_within(g.board(), &budget);
    assert!(solver.nodes() > 0);
    let mut engine = othello::Engine::default();
    let values = engine.analyze_depth(&g, 4);
    assert_eq!(values.len(), 35);
}

/// An exact solve's principal variation ([`othello::Engine::endgame`]) goes to the end of
/// the game, every move legal (a pass only when forced), and every position on it keeps
/// the solve's value by plain minimax: each move is a best move, for both sides. Before,
/// the line was the first move alone.
#[test]
fn an_exact_solve_comes_with_its_line_to_the_end() {
    let mut engine = othello::Engine::new(16);
    for empties in [4u32, 6, 8, 10] {
        for b in random_endgames(6, empties, 400 + u64::from(empties)) {
            let g = Othello::from_board(b, zerosum::Side::First);
            let r = engine
                .endgame(&g, &zerosum::time::Budget::unlimited())
                .expect("an unlimited solve");
            let mut v = r.score.0;
            assert_eq!(v, solve_slow(b), "{b:?}");
            let mut p = b;
            for &mv in &r.pv {
                assert_eq!(solve_slow(p), v, "{mv} in {:?} from {b:?}", r.pv);
                p = match mv.to_square() {
                    Some(sq) => p.play(sq.index() as u32).expect("a legal move"),
                    None => {
                        assert_eq!(p.moves(), 0, "a pass only when forced");
                        p.pass()
                    }
                };
                v = -v;
            }
            assert!(
                p.moves() == 0 && p.opponent_moves() == 0,
                "{:?} ends the game",
                r.pv
            );
            assert_eq!(p.final_score(), v);
        }
    }
}

/// An empty window has no score inside it: `solve_window` refuses it by name instead of
/// answering -65, outside every disc difference (a helper's report).
#[test]
fn an_empty_window_is_refused() {
    use zerosum::time::Budget;
    let b = random_endgames(1, 10, 3)[0];
    for (alpha, beta) in [(10, 10), (30, -30)] {
        let e = std::panic::catch_unwind(|| Solver::new(1).solve_window(b, alpha, beta))
            .expect_err("an empty window");
        let text = e.downcast_ref::<String>().cloned().unwrap_or_default();
        assert!(text.contains("empty window"), "{text}");
        assert!(
            std::panic::catch_unwind(|| {
                Solver::new(1).solve_window_within(b, alpha, beta, &Budget::unlimited())
            })
            .is_err()
        );
    }
    // A valid window still gives the score inside it and a bound on the right side.
    let exact = Solver::new(1).solve(b).score;
    let s = Solver::new(1).solve_window(b, exact - 1, exact + 1).score;
    assert_eq!(s, exact);
    let s = Solver::new(1).solve_window(b, exact + 1, exact + 3).score;
    assert!(s <= exact + 1, "{s} {exact}");
}
