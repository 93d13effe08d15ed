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

/// The command line's `-` for the empty board parses in the library too (new-user
/// report 14: the CLI's own output `- 0` did not parse back).
#[test]
fn a_dash_is_the_empty_board() {
    use zerosum::Notation;
    assert_eq!("-".parse::<Position>(), Ok(Position::new()));
    assert_eq!(Position::parse_position("-"), Ok(Position::new()));
    assert!("-4".parse::<Position>().is_err());
    assert!("4-".parse::<Position>().is_err());
}

#[test]
fn scored_position_follows_the_game_contract() {
    check_rules(&WinPlacePosition::new(), 100, 3);
    check_notation(&WinPlacePosition::new(), 30, 4);
}

/// Other board sizes (small, wide with letter columns, tall, the 64-bit limits) follow
/// the game contract, and their move strings round-trip.
#[test]
fn other_sizes_follow_the_game_contract() {
    use connect4::{Game, Size};
    for (w, h) in [(4, 4), (12, 4), (1, 63), (32, 1), (3, 3), (9, 5)] {
        let size = Size::new(w, h).unwrap();
        let start = Position::empty_on(size);
        check_rules(&start, 30, u64::from(w * 100 + h));
        let mut p = start.clone();
        let mut moves = zerosum::MoveList::new();
        while !p.is_over() {
            moves.clear();
            p.legal_moves(&mut moves);
            p.play(moves[(p.moves() as usize * 7 + 3) % moves.len()]);
            assert_eq!(Position::from_moves_on(size, &p.to_string()).unwrap(), p);
        }
    }
}
