//! Solving benchmarks: the empty 3×3 and 4×4 (k = 4) boards, every reachable 3×3
//! position, and the lecture's variants on the empty board. Node counts are printed once
//! per benchmark (they do not change between runs); expected values are asserted.

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use tictactoe::enumerate::reachable_positions;
use tictactoe::variants::{self, Variant};
use tictactoe::{Board, Mode, Score, Shape, Solver, SolverConfig};

/// Solves the empty board of `shape` from an empty table each iteration (the table is
/// `tt_mib` MiB; clearing it is part of the time).
fn solve_empty(
    c: &mut BenchmarkGroup<WallTime>,
    name: &str,
    shape: Shape,
    mode: Mode,
    tt_mib: usize,
) {
    let board = Board::new(shape);
    let mut solver = Solver::new(SolverConfig {
        mode,
        tt_mib,
        ..SolverConfig::default()
    });
    let s = solver.solve(&board);
    assert_eq!(s.score, Score::DRAW);
    eprintln!(
        "{name}: {} nodes, best move {}",
        s.nodes,
        s.best_move.unwrap()
    );
    c.bench_function(name, |b| {
        b.iter(|| {
            solver.clear();
            let s = solver.solve(black_box(&board));
            assert_eq!(s.score, Score::DRAW);
            s.nodes
        })
    });
}

fn benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("tictactoe");
    solve_empty(
        &mut group,
        "solve empty 3x3 (ours, outcome)",
        Shape::TIC_TAC_TOE,
        Mode::Outcome,
        1,
    );
    solve_empty(
        &mut group,
        "solve empty 3x3 (ours, distance)",
        Shape::TIC_TAC_TOE,
        Mode::Distance,
        1,
    );
    group.sample_size(10);
    let four = Shape::new(4, 4, 4).unwrap();
    solve_empty(
        &mut group,
        "solve empty 4x4 k=4 (ours, outcome)",
        four,
        Mode::Outcome,
        16,
    );
    solve_empty(
        &mut group,
        "solve empty 4x4 k=4 (ours, distance)",
        four,
        Mode::Distance,
        16,
    );
    group.finish();
    let positions = reachable_positions(&Board::default());
    let mut solver = Solver::new(SolverConfig {
        tt_mib: 1,
        ..SolverConfig::default()
    });
    c.bench_function("solve all 5478 positions (ours, shared table)", |b| {
        b.iter(|| {
            solver.clear();
            positions
                .iter()
                .map(|p| solver.solve(black_box(p)).nodes)
                .sum::<u64>()
        })
    });
    for (variant, nodes) in [(Variant::A, 549_946), (Variant::D, 2914)] {
        c.bench_function(
            &format!("lecture variant {variant} on the empty board"),
            |b| {
                b.iter(|| {
                    let r = variants::run(variant, black_box(&Board::default()));
                    assert_eq!(r.nodes, nodes);
                    r.score
                })
            },
        );
    }
}

criterion_group!(solve, benches);
criterion_main!(solve);
