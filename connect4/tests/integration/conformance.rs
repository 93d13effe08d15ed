//! zerosum's conformance suite on the connect4 games.

use connect4::{Position, WinPlacePosition};
use zerosum::testing::{check_notation, check_rules};

#[test]
fn position_follows_the_game_contract() {
    check_rules(&Position::new(), 300, 1);
}

#[test]
fn position_notation_round_trips() {
    check_notation(&Position::new(), 100, 2);
}

#[test]
fn scored_position_follows_the_game_contract() {
    check_rules(&WinPlacePosition::new(), 100, 3);
    check_notation(&WinPlacePosition::new(), 30, 4);
}
