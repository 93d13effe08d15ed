//! The match runner: a searching agent beats a random one; results are reproducible.

use zerosum::agent::{Agent, RandomAgent, SearchAgent, play_game, random_openings, run_match};
use zerosum::search::Limits;
use zerosum::testing::{Col, Drop, hash_eval};
use zerosum::{Game, MoveList, Outcome, Score, Side};

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

/// An agent that plays the first legal move of every position until its `after`-th
/// turn, then an illegal move (a column beyond the board) when `illegal`, else none.
struct Faulty {
    turns: u32,
    after: u32,
    illegal: bool,
}

impl Agent<Drop> for Faulty {
    fn name(&self) -> String {
        "faulty".into()
    }
    fn choose(&mut self, game: &Drop) -> Option<Col> {
        self.turns += 1;
        let mut moves = MoveList::new();
        game.legal_moves(&mut moves);
        if self.turns < self.after {
            return moves.first().copied();
        }
        self.illegal.then_some(Col(game.width as u8))
    }
}

/// A library user's report: an agent's illegal move (or no move) ended the game with
/// `None`, which `run_match` counts as a draw, so a broken agent never lost. The agent
/// at fault now forfeits, whichever side it plays; only the ply cap gives `None`.
#[test]
fn an_agent_that_plays_an_illegal_move_or_none_forfeits() {
    let start = Drop::new(4, 4, 4);
    for illegal in [true, false] {
        for after in [1, 3] {
            let mut bad = Faulty {
                turns: 0,
                after,
                illegal,
            };
            let mut good = RandomAgent::new(3);
            assert_eq!(
                play_game(&start, &mut bad, &mut good, 100),
                Some(Outcome::Win(Side::Second)),
                "illegal {illegal}, from turn {after}, first"
            );
            let mut bad = Faulty {
                turns: 0,
                after,
                illegal,
            };
            assert_eq!(
                play_game(&start, &mut good, &mut bad, 100),
                Some(Outcome::Win(Side::First)),
                "illegal {illegal}, from turn {after}, second"
            );
            let mut bad = Faulty {
                turns: 0,
                after,
                illegal,
            };
            let r = run_match(std::slice::from_ref(&start), &mut bad, &mut good, 100);
            assert_eq!((r.wins, r.draws, r.losses), (0, 0, 2), "illegal {illegal}");
        }
    }
    // The ply cap is the one `None`.
    let (mut a, mut b) = (RandomAgent::new(1), RandomAgent::new(2));
    assert_eq!(play_game(&start, &mut a, &mut b, 2), None);
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
