//! Criterion benches: make/undo with pattern updates, VCF on puzzles, a fixed-node search.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use gomoku::vcf::VcfSolver;
use gomoku::{Board, Engine, Game, Notation};
use std::hint::black_box;
use zerosum::search::Limits;

fn play_undo(c: &mut Criterion) {
    let b = Board::parse_position("h8i7e9h6g5i5i6g7j4k7h7j6h4k5").unwrap();
    let mut moves = zerosum::MoveList::new();
    b.legal_moves(&mut moves);
    let mut group = c.benchmark_group("gomoku play+undo");
    group.throughput(Throughput::Elements(moves.len() as u64));
    group.bench_function("every legal move (211)", |bench| {
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
    group.finish();
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
    group.finish();
}

/// The tree search alone (no root VCF/VCT), 20,000 nodes from each of four positions:
/// criterion's throughput is then search nodes per second.
fn nodes_per_second(c: &mut Criterion) {
    let positions: Vec<Board> = [
        "h8i7e9h6g5i5",
        "h8i7e9",
        "h8g6e10",
        "h8i7e9h6g5i5i6g7j4k7h7j6h4k5",
    ]
    .iter()
    .map(|p| Board::parse_position(p).unwrap())
    .collect();
    let run = |positions: &[Board]| -> u64 {
        positions
            .iter()
            .map(|b| {
                let mut e = Engine::new(16);
                e.root_vcf_nodes = 0;
                e.root_vct_nodes = 0;
                e.search(black_box(b), &Limits::nodes(20_000)).nodes
            })
            .sum()
    };
    let nodes = run(&positions);
    let mut group = c.benchmark_group("gomoku nodes per second");
    group.sample_size(10);
    group.throughput(Throughput::Elements(nodes));
    group.bench_function("search only, 4 positions x 20k nodes", |bench| {
        bench.iter(|| assert_eq!(run(&positions), nodes))
    });
    group.finish();
}

criterion_group!(benches, play_undo, vcf, search, nodes_per_second);
criterion_main!(benches);
