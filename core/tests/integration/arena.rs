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
