//! Published facts about Connect Four positions, in Pascal Pons' score convention.

use connect4::{Column, Position, Solver};

fn solve(moves: &str) -> i32 {
    Solver::new().solve(&Position::from_moves(moves).unwrap())
}

/// Pons, "Solving Connect 4", part 2 (test protocol), quoted in
/// `../shared/data/connect4/README.md`: `4455` scores 18 and `44455554221` scores −15.
#[test]
fn pons_tutorial_examples() {
    assert_eq!(solve("4455"), 18);
    assert_eq!(solve("44455554221"), -15);
    let mut solver = Solver::new();
    assert_eq!(solver.solve_weak(&Position::from_moves("4455").unwrap()), 1);
    assert_eq!(
        solver.solve_weak(&Position::from_moves("44455554221").unwrap()),
        -1
    );
}

/// In `4455` the side to move wins with its 4th stone by playing column 3 or 6 (an open
/// three on the bottom row): after either, the opponent loses to that 4th stone.
#[test]
fn winning_columns_of_4455() {
    let mut solver = Solver::new();
    for moves in ["44553", "44556"] {
        assert_eq!(
            solver.solve(&Position::from_moves(moves).unwrap()),
            -18,
            "{moves}"
        );
    }
}

/// The first lines of Pons' two easiest sets (the data README, table "The six sets";
/// Pons' test protocol page): solved exactly. Skips when the data folder is absent.
#[test]
fn first_lines_of_the_easy_sets() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/connect4");
    let mut solver = Solver::new();
    for file in ["Test_L3_R1", "Test_L2_R1", "Test_L1_R1"] {
        let Ok(cases) = connect4::suite::read_file(&dir.join(file), Some(100)) else {
            eprintln!("{file} absent: skipped");
            continue;
        };
        let stats = connect4::suite::run(&mut solver, &cases, false);
        assert_eq!(
            stats.passed, stats.positions,
            "{file}: {:?}",
            stats.failures
        );
    }
}

/// Lines of Pons' sets (the data README), solved exactly by two and three threads
/// sharing the table, and with each technique of `connect4::Techniques` turned off alone.
/// Skips when the data folder is absent.
#[test]
fn threads_and_each_technique_keep_scores_exact() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/connect4");
    let base = connect4::Techniques::default();
    let variants = [
        connect4::Techniques {
            threat_ordering: false,
            ..base
        },
        connect4::Techniques {
            mirror_keys: false,
            ..base
        },
        connect4::Techniques {
            etc_max_stones: 0,
            ..base
        },
        connect4::Techniques {
            child_claimeven: false,
            ..base
        },
        connect4::Techniques {
            forced_lines: false,
            ..base
        },
        connect4::Techniques {
            guess_windows: false,
            ..base
        },
        connect4::Techniques {
            dead_stones_min: 0,
            ..base
        },
        connect4::Techniques {
            forced_without_table: false,
            ..base
        },
        connect4::Techniques {
            table_max_stones: 42,
            ..base
        },
        connect4::Techniques {
            prefetch: false,
            ..base
        },
        connect4::Techniques {
            growing_table: false,
            ..base
        },
    ];
    for file in ["Test_L2_R2", "Test_L1_R1"] {
        let Ok(cases) = connect4::suite::read_file(&dir.join(file), Some(20)) else {
            eprintln!("{file} absent: skipped");
            continue;
        };
        for threads in [2, 3] {
            let mut solver = Solver::with_table_log2(20);
            solver.set_threads(threads);
            let stats = connect4::suite::run(&mut solver, &cases, false);
            assert_eq!(stats.passed, stats.positions, "{file}, {threads} threads");
        }
        for techniques in variants {
            let mut solver = Solver::with_table_log2(20);
            solver.set_techniques(techniques);
            let stats = connect4::suite::run(&mut solver, &cases, false);
            assert_eq!(stats.passed, stats.positions, "{file}, {techniques:?}");
        }
    }
}

/// Connect Four is a first-player win by the centre (Allis 1988, Allen 1988; Pons' score
/// +1: the first player wins with their last, 21st stone). The empty board's column
/// values are −2 −1 0 +1 0 −1 −2 (Pons' online solver, connect4.gamesolver.org): the
/// 1-ply positions score 2, 1, 0, −1, 0, 1, 2 for the second player (the data README:
/// `7` scores 2; after `4`, −1). Minutes in release mode.
#[test]
#[ignore = "minutes: the empty board from scratch"]
fn empty_board_is_a_first_player_win_by_the_centre() {
    let mut solver = Solver::new();
    solver.set_use_book(false);
    let empty = Position::new();
    assert_eq!(solver.solve_weak(&empty), 1);
    let (best, score) = solver.best_move(&empty).unwrap().unwrap();
    assert_eq!((best, score), (Column::new(3).unwrap(), 1));
    assert_eq!(
        solver.analyze(&empty, false).unwrap(),
        [-2, -1, 0, 1, 0, -1, -2].map(Some)
    );
}

/// A cheaper piece of the same fact: after `44` (centre, centre) the first player still
/// has the win; after `4` the second player loses by the smallest margin (−1, README).
#[test]
#[ignore = "minutes"]
fn after_the_centre_opening() {
    let mut solver = Solver::new();
    solver.set_use_book(false);
    assert_eq!(solver.solve(&Position::from_moves("4").unwrap()), -1);
}

/// Positions scored by a build of Pons' own solver (PascalPons/connect4 at d6ba50d,
/// `-O3`, no book) — an independent implementation of the same convention.
#[test]
fn scores_from_pons_solver() {
    let mut solver = Solver::new();
    for (moves, score) in [
        ("4453324532", 12),
        ("451374535331", 10),
        ("42114431464343", -5),
        ("4512327257215144", 0),
        ("147772354556256172", 11),
        ("13663433433444655554", -7),
        ("511352425632244613662542", 9),
    ] {
        assert_eq!(
            solver.solve(&Position::from_moves(moves).unwrap()),
            score,
            "{moves}"
        );
    }
}

/// The same, a position of 8 stones that takes seconds (2.5 M nodes).
#[test]
#[ignore = "seconds"]
fn slow_score_from_pons_solver() {
    assert_eq!(solve("44444343"), -3);
}
