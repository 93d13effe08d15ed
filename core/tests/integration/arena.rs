//! The match runner: a searching agent beats a random one; results are reproducible.

use zerosum::Score;
use zerosum::agent::{RandomAgent, SearchAgent, random_openings, run_match};
use zerosum::search::Limits;
use zerosum::testing::{Drop, hash_eval};

fn center_eval(g: &Drop) -> Score {
    // A tiny sensible evaluation would do better, but even noise with depth-4 tactics
    // must beat random play.
    hash_eval(g)
}

#[test]
fn search_beats_random_with_colours_swapped() {
    let openings = random_openings(&Drop::new(6, 5, 4), 10, 2, 42);
    assert_eq!(openings.len(), 10);
    let mut search = SearchAgent::new("alpha-beta depth 4", center_eval, Limits::depth(4), 1);
    let mut random = RandomAgent::new(7);
    let result = run_match(&openings, &mut search, &mut random, 100);
    assert_eq!(result.games(), 20);
    assert!(result.score() >= 0.8, "{result:?}");
    // Same seeds, same result.
    let mut search = SearchAgent::new("alpha-beta depth 4", center_eval, Limits::depth(4), 1);
    let mut random = RandomAgent::new(7);
    assert_eq!(run_match(&openings, &mut search, &mut random, 100), result);
}

/// The Elo interval's bounds are the Wilson interval of the score: Newcombe (1998,
/// "Two-sided confidence intervals for the single proportion", Statistics in Medicine
/// 17, table I, method 3: Wilson without continuity correction) gives 0.2553–0.3662
/// for 81 successes in 263 trials and 0–0.1611 for 0 of 20.
#[test]
fn elo_interval_is_the_wilson_interval_of_the_score() {
    use zerosum::agent::MatchResult;
    let score = |elo: f64| 1.0 / (1.0 + 10f64.powf(-elo / 400.0));
    let (_, lo, hi) = MatchResult {
        wins: 81,
        draws: 0,
        losses: 182,
    }
    .elo();
    assert!((score(lo) - 0.2553).abs() < 5e-5, "{}", score(lo));
    assert!((score(hi) - 0.3662).abs() < 5e-5, "{}", score(hi));
    // A clean sweep: the lower bound is the clamped estimate, the upper one Newcombe's
    // 0.1611 for 0 of 20 — not a zero-width interval.
    let sweep = MatchResult {
        wins: 0,
        draws: 0,
        losses: 20,
    };
    let (e, lo, hi) = sweep.elo();
    assert!((score(hi) - 0.1611).abs() < 5e-5, "{}", score(hi));
    assert_eq!(e, lo);
    // Draws make the score less variable: the same 50 % from draws has a narrower
    // interval than from wins and losses.
    let (_, dlo, dhi) = MatchResult {
        wins: 5,
        draws: 20,
        losses: 5,
    }
    .elo();
    let (_, wlo, whi) = MatchResult {
        wins: 15,
        draws: 0,
        losses: 15,
    }
    .elo();
    assert!(dhi - dlo < whi - wlo);
}
