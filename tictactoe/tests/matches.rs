//! Matches with the core runner: the perfect player never loses, and two perfect players
//! draw.

use tictactoe::{Board, PerfectPlayer};
use zerosum::Outcome;
use zerosum::agent::{RandomAgent, play_game, random_openings, run_match};

#[test]
fn perfect_never_loses_to_random() {
    let openings = vec![Board::default()];
    let r = run_match(
        &openings,
        &mut PerfectPlayer::default(),
        &mut RandomAgent::new(1),
        20,
    );
    assert_eq!(r.losses, 0);
    let mut perfect = PerfectPlayer::default();
    let mut random = RandomAgent::new(2);
    let mut wins = 0;
    for _ in 0..50 {
        let r = run_match(&openings, &mut perfect, &mut random, 20);
        assert_eq!(r.losses, 0);
        wins += r.wins;
    }
    assert!(
        wins > 50,
        "perfect play beats a random mover most of the time ({wins} of 100)"
    );
}

#[test]
fn perfect_players_draw_and_keep_won_openings() {
    let mut a = PerfectPlayer::default();
    let mut b = PerfectPlayer::default();
    assert_eq!(
        play_game(&Board::default(), &mut a, &mut b, 20),
        Some(Outcome::Draw)
    );
    // From any opening, the perfect side to move scores at least the opening's value.
    let four = Board::new("4x3x3".parse().unwrap());
    assert_eq!(
        play_game(&four, &mut a, &mut b, 20),
        Some(Outcome::Win(zerosum::Side::First)),
        "4x3, k = 3 is a first-player win"
    );
    for opening in random_openings(&Board::default(), 20, 2, 9) {
        let outcome = play_game(&opening, &mut a, &mut b, 20).expect("a finished game");
        let value = tictactoe::Solver::default().solve(&opening).outcome_value();
        let expected = match value {
            0 => Outcome::Draw,
            1 => Outcome::Win(zerosum::Game::side_to_move(&opening)),
            _ => Outcome::Win(!zerosum::Game::side_to_move(&opening)),
        };
        assert_eq!(outcome, expected, "from {opening}");
    }
}
