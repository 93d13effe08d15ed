//! Criterion benches: make/undo with pattern updates, VCF on puzzles, a fixed-node search.

use criterion::{Criterion, criterion_group, criterion_main};
use gomoku::vcf::VcfSolver;
use gomoku::{Board, Engine, Game, Notation};
use std::hint::black_box;
use zerosum::search::Limits;

fn play_undo(c: &mut Criterion) {
    let b = Board::parse_position("h8i7e9h6g5i5i6g7j4k7h7j6h4k5").unwrap();
    let mut moves = zerosum::MoveList::new();
    b.legal_moves(&mut moves);
    c.bench_function("gomoku play+undo every legal move (211)", |bench| {
        let mut g = b.clone();
        bench.iter(|| {
            for &m in &moves {
                g.play(m);
                g.undo();
            }
            assert_eq!(g.hash(), b.hash());
            black_box(&g);
        })
    });
}

fn vcf(c: &mut Criterion) {
    // black-to-move #101 of the lfz084 collection (a fact; 19-move VCF).
    let b = Board::parse_position("g4h4g5i6i5j6f6e7h6i7g7j7k7f8l7g8h8k8j8m8g9f9i10i9").unwrap();
    c.bench_function("gomoku VCF black-to-move#101", |bench| {
        let mut solver = VcfSolver::default();
        bench.iter(|| {
            let mut g = b.clone();
            solver.clear();
            let line = solver.solve(black_box(&mut g), 60, 200_000);
            assert!(line.is_some());
        })
    });
}

fn search(c: &mut Criterion) {
    let b = Board::parse_position("h8i7e9h6g5i5").unwrap();
    let mut group = c.benchmark_group("gomoku search");
    group.sample_size(10);
    group.bench_function("20k nodes", |bench| {
        bench.iter(|| {
            let mut e = Engine::new(16);
            let info = e.search(black_box(&b), &Limits::nodes(20_000));
            assert!(info.best.is_some());
        })
    });
    // The tree search alone (no root VCF/VCT): nodes per second.
    group.bench_function("20k nodes, search only", |bench| {
        bench.iter(|| {
            let mut e = Engine::new(16);
            e.root_vcf_nodes = 0;
            e.root_vct_nodes = 0;
            let info = e.search(black_box(&b), &Limits::nodes(20_000));
            assert!(info.best.is_some());
        })
    });
    group.finish();
}

criterion_group!(benches, play_undo, vcf, search);
criterion_main!(benches);
