//! Criterion benches: the exact solver on a fixed list of positions (scores asserted:
//! Pons' tutorial examples, and positions scored independently by a build of Pons' own
//! solver), and the seed's levelled AI.

use connect4::prelude::*;
use connect4::{Engine, Level, Limits, Position, Solver};
use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use std::cell::RefCell;
use std::hint::black_box;

/// `(moves, score)`: a sample from 4 to 24 stones, microseconds to tens of milliseconds.
const POSITIONS: [(&str, i32); 7] = [
    ("4455", 18),
    ("44455554221", -15),
    ("4453324532", 12),
    ("451374535331", 10),
    ("42114431464343", -5),
    ("4512327257215144", 0),
    ("13663433433444655554", -7),
];

fn solve(c: &mut Criterion) {
    // One solver; its table is emptied before each timed solve (outside the timing).
    // Both books off: the bench measures the search, as Pons' solver has no book.
    let solver = RefCell::new(Solver::new());
    solver.borrow_mut().set_use_book(false);
    let mut group = c.benchmark_group("connect4_solve");
    group.sample_size(10);
    for (moves, score) in POSITIONS {
        let position = Position::from_moves(moves).unwrap();
        group.bench_function(format!("strong/{moves}"), |b| {
            b.iter_batched(
                || solver.borrow_mut().reset(),
                |()| {
                    let s = solver.borrow_mut().solve(black_box(&position));
                    assert_eq!(s, score, "{moves}");
                },
                BatchSize::PerIteration,
            )
        });
    }
    let position = Position::from_moves("42114431464343").unwrap();
    group.bench_function("weak/42114431464343", |b| {
        b.iter_batched(
            || solver.borrow_mut().reset(),
            |()| assert_eq!(solver.borrow_mut().solve_weak(black_box(&position)), -1),
            BatchSize::PerIteration,
        )
    });
    group.finish();
}

fn levels(c: &mut Criterion) {
    let mut group = c.benchmark_group("connect4_level");
    group.sample_size(10);
    let position = Position::from_moves("4453").unwrap();
    for level in [4, 8] {
        group.bench_function(format!("level{level}/4453"), |b| {
            b.iter(|| {
                // A fresh AI: no table carried over from the previous iteration.
                let mut ai = Engine::default();
                ai.set_level(Level::Depth(level));
                let r = ai.think(black_box(&position), &Limits::default(), &mut |_| {});
                assert!(r.best_move.is_some());
            })
        });
    }
    group.finish();
}

criterion_group!(benches, solve, levels);
criterion_main!(benches);
