//! Evaluations per second: the trained pattern evaluation (46 pattern look-ups, the two
//! sides' mobility and potential mobility) against the hand-written `Strong`, on
//! positions of a random game. The pattern evaluation three ways: its indices from the
//! discs (`pattern`, what `Pattern::value` does), read off the bitboards by `features`
//! (`pattern features`, the reference), and updated from the parent's by the move
//! (`pattern incremental`, what the searches do at a leaf).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use othello::Board;
use othello::eval::pattern::{PatternIndices, shipped};
use othello::eval::{Pattern, Strong};
use std::hint::black_box;

/// Positions of one game: each move the legal move of the lowest index whose square
/// number is the ply's multiple of 7 modulo the move count (deterministic, varied).
fn positions() -> Vec<Board> {
    let mut out = Vec::new();
    let mut b = Board::START;
    for ply in 0..60u32 {
        let m = b.moves();
        if m == 0 {
            if b.opponent_moves() == 0 {
                break;
            }
            b = b.pass();
            continue;
        }
        out.push(b);
        let k = (ply * 7) % m.count_ones();
        let sq = zerosum::Bitboard(m)
            .iter()
            .nth(k as usize)
            .expect("k < count");
        b = b.play(sq).expect("legal");
    }
    out
}

fn bench_eval(c: &mut Criterion) {
    let boards = positions();
    let mut group = c.benchmark_group("othello eval");
    group.throughput(Throughput::Elements(boards.len() as u64));
    group.bench_function("pattern", |b| {
        b.iter(|| {
            boards
                .iter()
                .map(|&x| Pattern::value(black_box(x)))
                .sum::<i32>()
        })
    });
    // The same value from the indices read off the bitboards by `features` (the
    // reference path).
    group.bench_function("pattern features", |b| {
        b.iter(|| {
            boards
                .iter()
                .map(|&x| shipped().value_of_features(black_box(x)))
                .sum::<i32>()
        })
    });
    // The searches' leaf: the parent's indices updated by the move, then the value.
    let w = shipped();
    let steps: Vec<(PatternIndices, u32, u64, Board)> = boards
        .iter()
        .filter_map(|&x| {
            let sq = zerosum::Bitboard(x.moves()).iter().next()?;
            let f = x.flips(sq);
            Some((PatternIndices::new(x), sq, f, x.play_flips(sq, f)))
        })
        .collect();
    group.bench_function("pattern incremental", |b| {
        b.iter(|| {
            steps
                .iter()
                .map(|(ix, sq, f, child)| {
                    let c = black_box(ix).play(*sq, *f);
                    w.value_with(black_box(*child), &c)
                })
                .sum::<i32>()
        })
    });
    group.bench_function("strong", |b| {
        b.iter(|| {
            boards
                .iter()
                .map(|&x| Strong::value(black_box(x)))
                .sum::<i32>()
        })
    });
    group.finish();
}

criterion_group!(benches, bench_eval);
criterion_main!(benches);
