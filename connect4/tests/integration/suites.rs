//! Pons' six test sets (`../shared/data/connect4/Test_L*_R*`, 1000 positions each), each
//! line solved to its exact stated score. Skips when the data folder is absent.

use connect4::Solver;
use connect4::suite::{self, SETS};
use std::path::PathBuf;

fn data_dir() -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/connect4");
    dir.is_dir().then_some(dir)
}

/// Lines of Test_L1_R3 (seconds each) checked; the env variable
/// `CONNECT4_HARD_LINES` changes it (1000 = the whole set, hours).
fn hard_lines() -> usize {
    std::env::var("CONNECT4_HARD_LINES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(20)
}

#[test]
#[ignore = "minutes: all six sets (run in release: cargo test --release -p connect4 -- --ignored)"]
fn all_six_sets_give_their_stated_scores() {
    let Some(dir) = data_dir() else {
        eprintln!("no data folder: skipped");
        return;
    };
    for set in SETS {
        let limit = (set.file == "Test_L1_R3").then(hard_lines);
        let cases = suite::read_file(&dir.join(set.file), limit).expect("readable test file");
        let mut solver = Solver::new();
        let stats = suite::run(&mut solver, &cases, false);
        eprintln!(
            "{} ({}): {}/{} exact, mean {:.2?}, {:.1} nodes (Pons {:.2?}, {:.1} nodes)",
            set.file,
            set.name,
            stats.passed,
            stats.positions,
            stats.mean_time(),
            stats.mean_nodes(),
            set.pons_time,
            set.pons_nodes
        );
        assert_eq!(
            stats.passed, stats.positions,
            "{}: {:?}",
            set.file, stats.failures
        );
    }
}

#[test]
#[ignore = "seconds: weak solve of the five easier sets"]
fn weak_solve_gives_the_sign() {
    let Some(dir) = data_dir() else {
        return;
    };
    for set in &SETS[..5] {
        let cases = suite::read_file(&dir.join(set.file), Some(200)).expect("readable test file");
        let stats = suite::run(&mut Solver::new(), &cases, true);
        assert_eq!(
            stats.passed, stats.positions,
            "{}: {:?}",
            set.file, stats.failures
        );
    }
}

/// The committed sample `tests/integration/fixtures/pons-sample.txt`: the first lines of
/// Pascal Pons' test sets (Test_L3_R1 1-3, Test_L2_R1 1-3, Test_L1_R1 1-2, Test_L2_R2 1-2,
/// Test_L1_R2 1; from "Solving Connect 4: how to build a perfect AI",
/// http://blog.gamesolver.org/solving-connect-four/02-test-protocol/, copied from
/// `../shared/data/connect4/`), so that the suite reader and runner are tested without the
/// data folder: every stated score, strongly and weakly.
#[test]
fn committed_sample_gives_its_stated_scores() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/integration/fixtures/pons-sample.txt");
    let cases = suite::read_file(&path, None).expect("the sample parses");
    assert_eq!(cases.len(), 11);
    for weak in [false, true] {
        let stats = suite::run(&mut Solver::new(), &cases, weak);
        assert_eq!(stats.positions, 11);
        assert_eq!(stats.passed, 11, "weak {weak}: {:?}", stats.failures);
        assert!(stats.total_nodes > 0);
    }
    let limited = suite::read_file(&path, Some(4)).expect("the sample parses");
    assert_eq!(limited.len(), 4);
}

/// `best_move` (the position's score, then the first column in centre-first order shown
/// to reach it) against `analyze` (every column solved exactly) and Pons' stated score,
/// with both books off, on the first lines of two of his sets: the same score, and the
/// column is the first of `4 3 5 2 6 1 7` whose exact score is the best.
#[test]
fn best_move_is_the_first_best_column_of_analyze() {
    let Some(dir) = data_dir() else {
        return;
    };
    let centre_first = [3, 2, 4, 1, 5, 0, 6];
    for (file, lines) in [("Test_L2_R1", 100), ("Test_L1_R1", 15)] {
        let cases = suite::read_file(&dir.join(file), Some(lines)).expect("readable test file");
        let mut solver = Solver::new();
        solver.set_use_book(false);
        for case in cases {
            let (col, score) = solver.best_move(&case.position).unwrap().unwrap();
            let scores = solver.analyze(&case.position, false).unwrap();
            let best = scores.iter().flatten().max().copied().unwrap();
            assert_eq!((score, best), (case.score, case.score), "{}", case.moves);
            let first = centre_first
                .into_iter()
                .find(|&i| scores[i] == Some(best))
                .unwrap();
            assert_eq!(col.index(), first, "{}", case.moves);
        }
    }
}
