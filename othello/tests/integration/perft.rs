//! perft from the start position against the published counts
//! (`../shared/data/othello/README.md`; the same figures in the issue).

use othello::perft::{CountOverflow, PerftMode, perft, perft_slow, perft_up_to, try_perft};
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

/// The longest game from `g` in perft plies (a forced pass is a ply), by walking every
/// continuation.
fn longest(g: &mut Othello) -> u32 {
    if g.outcome().is_some() {
        return 0;
    }
    let mut ms = MoveList::new();
    g.legal_moves(&mut ms);
    let mut most = 0;
    for &mv in ms.iter() {
        g.play(mv);
        most = most.max(1 + longest(g));
        g.undo();
    }
    most
}

/// `zerosum othello perft 99` ran for ever. Depths beyond `longest_game_plies` (twice the
/// empty squares) are refused with a typed error naming the largest depth: on random
/// late positions (passes included) no game lasts longer than it, and the counts do not
/// change beyond the longest game.
#[test]
fn depths_beyond_the_longest_game_are_refused() {
    use othello::perft::{DepthError, check_depth, longest_game_plies};
    assert_eq!(longest_game_plies(Board::START), 120);
    assert_eq!(check_depth(Board::START, 120), Ok(()));
    let e = check_depth(Board::START, 121).unwrap_err();
    assert_eq!(
        e,
        DepthError {
            depth: 121,
            empties: 60,
            max: 120
        }
    );
    assert!(e.to_string().contains("the largest depth is 120"), "{e}");
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut passes_seen = false;
    for _ in 0..40 {
        let mut g = Othello::new();
        while g.board().empties() > 8 && g.outcome().is_none() {
            let mut ms = MoveList::new();
            g.legal_moves(&mut ms);
            g.play(ms[rng.random_range(0..ms.len())]);
        }
        let b = g.board();
        let longest = longest(&mut g);
        let max = longest_game_plies(b);
        assert!(longest <= max, "{g:?}: a game of {longest} plies");
        passes_seen |= longest > b.empties();
        // Every game has ended by the longest one's depth: the counts stay.
        let at = perft(b, longest.max(1), PerftMode::FinishedIsLeaf);
        assert_eq!(perft(b, max, PerftMode::FinishedIsLeaf), at, "{g:?}");
        assert_eq!(perft(b, max + 1, PerftMode::Edax), 0, "{g:?}");
        assert!(check_depth(b, max.into()).is_ok() && check_depth(b, u64::from(max) + 1).is_err());
    }
    assert!(passes_seen, "some game had a pass");
}

/// A count past the largest count kept is an error, never a wrapped number: perft 5 from
/// the start is 1,396 leaves (a count of `u64` passes its maximum at about depth 22 and
/// used to wrap round). Every partial sum is checked, and the bulk count of the last ply.
#[test]
fn a_count_beyond_the_largest_kept_is_an_error_not_a_wrapped_number() {
    for mode in [PerftMode::FinishedIsLeaf, PerftMode::Edax] {
        assert_eq!(perft_up_to(Board::START, 5, mode, 1396), Ok(1396));
        assert_eq!(
            perft_up_to(Board::START, 5, mode, 1395),
            Err(CountOverflow {
                depth: 5,
                max: 1395
            })
        );
        // The last ply's bulk count alone: 4 moves from the start.
        assert!(perft_up_to(Board::START, 1, mode, 3).is_err());
        assert_eq!(try_perft(Board::START, 6, mode), Ok(8200));
    }
    let e = perft_up_to(Board::START, 9, PerftMode::FinishedIsLeaf, 1000).unwrap_err();
    assert_eq!(
        e.to_string(),
        "perft 9: the count exceeds 1000, the largest count kept"
    );
}
