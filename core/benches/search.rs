//! Search speed on the test game `Drop` (Connect Four's rules): exact solves of a small
//! board and fixed-depth searches of 7×6. Results are asserted inside the bench.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use zerosum::search::{Limits, Searcher, alpha_beta};
use zerosum::testing::{Drop, hash_eval};
use zerosum::{Score, ZeroEval};

fn bench_search(c: &mut Criterion) {
    let mut group = c.benchmark_group("core");
    group.sample_size(10);
    group.bench_function("solve drop 4x4 k3 (PVS+TT)", |b| {
        b.iter(|| {
            let mut g = Drop::new(4, 4, 3);
            let mut s = Searcher::<Drop>::new(16);
            let r = s.search(black_box(&mut g), &mut ZeroEval, &Limits::default(), |_| {});
            assert!(r.score.is_decisive() || r.score == Score::DRAW);
            r.stats.nodes
        })
    });
    group.bench_function("drop 7x6 k4 depth 7 (PVS+TT)", |b| {
        b.iter(|| {
            let mut g = Drop::new(7, 6, 4);
            let mut s = Searcher::<Drop>::new(16);
            let r = s.search(black_box(&mut g), &mut hash_eval, &Limits::depth(7), |_| {});
            assert_eq!(r.depth, 7);
            r.stats.nodes
        })
    });
    group.bench_function("drop 7x6 k4 depth 5 (plain alpha-beta)", |b| {
        b.iter(|| {
            let mut g = Drop::new(7, 6, 4);
            alpha_beta(
                black_box(&mut g),
                5,
                -Score::INFINITE,
                Score::INFINITE,
                &mut hash_eval,
            )
        })
    });
    group.finish();
}

criterion_group!(benches, bench_search);
criterion_main!(benches);
