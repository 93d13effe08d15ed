//! The exact endgame solver on FFO positions with published answers (#1, #2, #5 with
//! 14 empties; #20 with 6; from Edax's `problem/fforum-*.obf`). Each run starts with an
//! empty 2 MiB table.

use criterion::{Criterion, criterion_group, criterion_main};
use othello::Othello;
use othello::solver::Solver;
use std::hint::black_box;
use std::time::Duration;

const POSITIONS: [(&str, &str, i32); 4] = [
    (
        "FFO #20",
        "XXXOXXXXOXXXXXXXOOXXXXXXOOOXXXXXOOOXXOO-OOOOO---OOOOOOO-OOOOOOO- X",
        6,
    ),
    (
        "FFO #1",
        "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X",
        18,
    ),
    (
        "FFO #2",
        "-XXXXXX---XOOOO--XOXXOOX-OOOOOOOOOOOXXOOOOOXXOOX--XXOO----XXXXX- X",
        10,
    ),
    (
        "FFO #5",
        "-OOOOO----OXXO-XXXOXOXX-XXOXOXXOXXOOXOOOXXXXOO-OX-XOOO---XXXXX-- X",
        32,
    ),
];

fn bench_solver(c: &mut Criterion) {
    let mut group = c.benchmark_group("othello solve");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(3));
    let mut solver = Solver::new(2);
    for (name, text, score) in POSITIONS {
        let board = text.parse::<Othello>().expect("valid position").board();
        group.bench_function(name, |b| {
            b.iter(|| {
                solver.clear();
                let s = solver.solve(black_box(board));
                assert_eq!(s.score, score);
                s.nodes
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench_solver);
criterion_main!(benches);
