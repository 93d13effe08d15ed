//! perft from the start position against the published counts
//! (`../shared/data/othello/README.md`; the same figures in the issue).

use othello::perft::{PerftMode, perft, perft_slow};
use othello::{Board, Game, Othello};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use zerosum::MoveList;

const COUNTS: [u64; 9] = [4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288];

#[test]
fn perft_to_depth_9_matches_published_counts() {
    for (i, &n) in COUNTS.iter().enumerate() {
        let d = i as u32 + 1;
        assert_eq!(
            perft(Board::START, d, PerftMode::FinishedIsLeaf),
            n,
            "depth {d}"
        );
        assert_eq!(perft(Board::START, d, PerftMode::Edax), n, "edax depth {d}");
    }
}

#[test]
fn bulk_perft_agrees_with_the_generic_game_interface() {
    let mut g = Othello::new();
    for d in 1..=6 {
        assert_eq!(
            perft_slow(&mut g, d, PerftMode::FinishedIsLeaf),
            COUNTS[d as usize - 1]
        );
    }
    // Positions near the end (random playouts), where passes and finished games occur.
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for _ in 0..40 {
        let mut g = Othello::new();
        while g.board().empties() > 9 && g.outcome().is_none() {
            let mut ms = MoveList::new();
            g.legal_moves(&mut ms);
            g.play(ms[rng.random_range(0..ms.len())]);
        }
        let start = g.clone();
        for mode in [PerftMode::FinishedIsLeaf, PerftMode::Edax] {
            assert_eq!(
                perft_slow(&mut g, 7, mode),
                perft(start.board(), 7, mode),
                "{start:?}"
            );
        }
    }
}

/// Perft from the start at each `(depth, finished games as leaves, Edax's count)`: the
/// two conventions differ once games end before the depth (Edax counts no leaf there).
fn check_start_counts(rows: &[(u32, u64, u64)]) {
    for &(depth, finished_is_leaf, edax) in rows {
        let counts =
            [PerftMode::FinishedIsLeaf, PerftMode::Edax].map(|m| perft(Board::START, depth, m));
        assert_eq!(counts, [finished_is_leaf, edax], "depth {depth}");
    }
}

#[test]
#[ignore = "slow: depth 10-11 (about a second); depth 12-13 in release via the CLI"]
fn perft_depth_10_and_11_both_conventions() {
    check_start_counts(&[(10, 24_571_284, 24_571_056), (11, 212_258_800, 212_258_216)]);
}

#[test]
#[ignore = "slow: depth 12 and 13 (minutes)"]
fn perft_depth_12_and_13_both_conventions() {
    check_start_counts(&[
        (12, 1_939_886_636, 1_939_879_668),
        (13, 18_429_641_748, 18_429_618_408),
    ]);
}
