//! perft from the start position (leaves per second = 3 005 288 / time at depth 9),
//! and move generation on a fixed position list.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use othello::Board;
use othello::perft::{PerftMode, perft};
use std::hint::black_box;
use std::time::Duration;

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("othello perft");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(5));
    for (depth, leaves) in [(7u32, 55_092u64), (9, 3_005_288)] {
        group.throughput(Throughput::Elements(leaves));
        group.bench_function(format!("start depth {depth}"), |b| {
            b.iter(|| {
                let n = perft(black_box(Board::START), depth, PerftMode::FinishedIsLeaf);
                assert_eq!(n, leaves);
                n
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench_perft);
criterion_main!(benches);
