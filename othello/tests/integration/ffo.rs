//! The FFO endgame suite (`../shared/data/othello/fforum-*.obf`): every position's best
//! score and a best move among the listed ones. Skips (passes) when the data folder is
//! absent. Slow: run with `cargo test --release -p othello --test integration -- --ignored --nocapture ffo::`.

use othello::ffo::{FfoPosition, read_file};
use othello::solver::Solver;
use std::path::PathBuf;
use std::time::Instant;

fn data_dir() -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/othello");
    dir.is_dir().then_some(dir)
}

fn load(file: &str) -> Option<Vec<FfoPosition>> {
    let path = data_dir()?.join(file);
    if !path.is_file() {
        eprintln!("skipping: {} not found", path.display());
        return None;
    }
    Some(read_file(&path).expect("suite file parses"))
}

fn run(file: &str, range: std::ops::RangeInclusive<usize>) {
    let Some(positions) = load(file) else { return };
    let mut solver = Solver::new(256);
    let (mut total_nodes, t0) = (0u64, Instant::now());
    for pos in positions.iter().filter(|p| range.contains(&p.number)) {
        let t = Instant::now();
        let s = solver.solve(pos.game.board());
        let dt = t.elapsed();
        total_nodes += s.nodes;
        let mv = s.best_move.expect("a move");
        eprintln!(
            "#{:<2} {:>2} empties  score {:+3} (expected {:+3})  move {mv}  {:>12} nodes  {:8.3} s  {:5.1} Mn/s",
            pos.number,
            pos.game.board().empties(),
            s.score,
            pos.best_score().unwrap(),
            s.nodes,
            dt.as_secs_f64(),
            s.nodes as f64 / dt.as_secs_f64().max(1e-9) / 1e6
        );
        assert_eq!(Some(s.score), pos.best_score(), "FFO #{} score", pos.number);
        assert!(
            pos.is_best_move(mv),
            "FFO #{}: {mv} is not a best move",
            pos.number
        );
    }
    eprintln!(
        "total {} nodes, {:.2} s",
        total_nodes,
        t0.elapsed().as_secs_f64()
    );
}

#[test]
#[ignore = "slow: FFO #1-#19 (seconds)"]
fn ffo_1_19() {
    run("fforum-1-19.obf", 1..=19);
}

#[test]
#[ignore = "slow: FFO #20-#39"]
fn ffo_20_39() {
    run("fforum-20-39.obf", 20..=39);
}

#[test]
#[ignore = "slow: FFO #40-#49 (the benchmark set; about a minute or more)"]
fn ffo_40_49() {
    run("fforum-40-59.obf", 40..=49);
}

#[test]
#[ignore = "very slow: FFO #50-#59"]
fn ffo_50_59() {
    run("fforum-40-59.obf", 50..=59);
}

/// The committed sample `tests/integration/fixtures/`: FFO #1-#3 (14 empties) and #20
/// (6 empties), the first lines of `fforum-1-19.obf` and `fforum-20-39.obf` as shipped in
/// Edax's repository (github `abulmo/edax-reversi`, folder `problem/`; copied from
/// `../shared/data/othello/`), so that the suite reader (numbering from the file name
/// included) and the check are tested without the data folder.
#[test]
fn committed_sample_solves_to_its_stated_scores() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/integration/fixtures");
    let mut solver = Solver::new(16);
    let mut numbers = Vec::new();
    for file in ["fforum-1-3.obf", "fforum-20-20.obf"] {
        for pos in read_file(&dir.join(file)).expect("the sample parses") {
            let s = solver.solve(pos.game.board());
            assert_eq!(Some(s.score), pos.best_score(), "FFO #{} score", pos.number);
            let mv = s.best_move.expect("a move");
            assert!(
                pos.is_best_move(mv),
                "FFO #{}: {mv} is not a best move",
                pos.number
            );
            numbers.push(pos.number);
        }
    }
    assert_eq!(numbers, [1, 2, 3, 20]);
}
