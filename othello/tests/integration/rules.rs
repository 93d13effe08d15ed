//! Rules: fast move generation against the slow reference, the conformance suite of
//! `zerosum::testing`, the seed's undo/redo/pass API, and typed parse errors.

use othello::movegen::{flips, flips_slow, moves, moves_slow};
use othello::{
    Board, Game, Move, Notation, Othello, ParsePositionError, PlayError, Side, Square, zobrist,
};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use zerosum::MoveList;
use zerosum::testing::play_random;

/// Random positions reached by random play (ChaCha8, fixed seed).
fn random_positions(count: usize, seed: u64) -> Vec<Othello> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let mut g = Othello::new();
        let plies = rng.random_range(0..70);
        for _ in 0..plies {
            if !play_random(&mut g, &mut rng) {
                break;
            }
        }
        out.push(g);
    }
    out
}

#[test]
fn fast_moves_and_flips_agree_with_the_slow_reference() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut boards: Vec<Board> = random_positions(3000, 1)
        .iter()
        .map(|g| g.board())
        .collect();
    // Plus arbitrary (not necessarily reachable) dense and sparse boards.
    for _ in 0..3000 {
        let a: u64 = rng.random();
        let b: u64 = rng.random();
        let c: u64 = rng.random();
        let occ = if rng.random_range(0..2) == 0 {
            a | b
        } else {
            a & b
        };
        let p = occ & c;
        boards.push(Board {
            player: p,
            opponent: occ & !p,
        });
    }
    for b in boards {
        assert_eq!(
            moves(b.player, b.opponent),
            moves_slow(b.player, b.opponent),
            "{b:?}"
        );
        for sq in 0..64 {
            if b.empty() >> sq & 1 != 0 {
                assert_eq!(
                    flips(b.player, b.opponent, sq),
                    flips_slow(b.player, b.opponent, sq),
                    "{b:?} {sq}"
                );
            }
        }
        assert_eq!(
            zobrist::hash(b.player, b.opponent),
            zobrist::hash_slow(b.player, b.opponent)
        );
    }
}

#[test]
fn conformance_rules_and_notation() {
    zerosum::testing::check_rules(&Othello::new(), 60, 11);
    zerosum::testing::check_notation(&Othello::new(), 20, 12);
}

#[test]
fn start_position_and_notation() {
    let g = Othello::new();
    let text = "---------------------------OX------XO--------------------------- X";
    assert_eq!(g.to_string(), text);
    assert_eq!(Othello::parse_position(text).unwrap(), g);
    assert_eq!(
        (g.black_score(), g.white_score(), g.stones_on_board()),
        (2, 2, 4)
    );
    assert_eq!(g.side_to_move(), Side::First);
    let legal: Vec<String> = zerosum::Bitboard(g.moves_bitboard())
        .iter()
        .map(|i| Square::new(i as u8).unwrap().to_string())
        .collect();
    assert_eq!(legal, ["d3", "c4", "f5", "e6"]);
}

#[test]
fn parse_errors_are_typed() {
    let board = "---------------------------OX------XO---------------------------";
    assert_eq!(
        Othello::parse_position("XO- X"),
        Err(ParsePositionError::Length { found: 3 })
    );
    let bad = board.replacen('-', "Z", 1);
    assert!(matches!(
        Othello::parse_position(&format!("{bad} X")),
        Err(ParsePositionError::Character { found: 'Z', .. })
    ));
    assert_eq!(
        Othello::parse_position(board),
        Err(ParsePositionError::MissingSide)
    );
    assert_eq!(
        Othello::parse_position(&format!("{board} W")),
        Err(ParsePositionError::Side { found: "W".into() })
    );
    assert!(matches!(
        Othello::parse_position(&format!("{board} X extra")),
        Err(ParsePositionError::Trailing { .. })
    ));
    // A board without a disc (a tester's report: read as a finished game, 0 to 0), and
    // one with a disc but an empty centre square (read as a game won 64 to 0): no game
    // reaches either.
    let d4: othello::Square = "d4".parse().unwrap();
    assert_eq!(
        Othello::parse_position(&format!("{} X", "-".repeat(64))),
        Err(ParsePositionError::EmptyCentre { square: d4 })
    );
    let one_disc = format!("{}X X", "-".repeat(63));
    assert_eq!(
        Othello::parse_position(&one_disc),
        Err(ParsePositionError::EmptyCentre { square: d4 })
    );
    let mut no_e5: Vec<char> = board.chars().take(64).collect();
    no_e5[36] = '-';
    let no_e5: String = no_e5.into_iter().collect();
    assert_eq!(
        Othello::parse_position(&format!("{no_e5} X")),
        Err(ParsePositionError::EmptyCentre {
            square: "e5".parse().unwrap()
        })
    );
    // The lenient OBF reader ignores annotations after the side.
    let g = Othello::from_obf_line(&format!("{board} X; D3:+0; C4:+0;")).unwrap();
    assert_eq!(g, Othello::new());
    assert!("z9".parse::<Move>().is_err());
}

#[test]
fn illegal_moves_and_passes_are_refused() {
    let mut g = Othello::new();
    let a1: Move = "a1".parse().unwrap();
    assert_eq!(g.try_play(a1), Err(PlayError::Illegal(a1)));
    let d4: Move = "d4".parse().unwrap();
    assert_eq!(g.try_play(d4), Err(PlayError::Occupied(d4)));
    assert_eq!(g.pass(), Err(PlayError::PassWithMoves));
    assert!(Othello::from_line("f5 d6 c3 d3 c4").is_ok());
    assert!(matches!(
        Othello::from_line("f5f5"),
        Err(othello::ParseLineError::Illegal { index: 2, .. })
    ));
    assert!(matches!(
        Othello::from_line("f5zz"),
        Err(othello::ParseLineError::Syntax { index: 2, .. })
    ));
}

/// A pass may be written `pass` as a word of its own, as `Move` reads it (a helper's
/// report: `… h1 pass` was read as `pa` `ss`). Black has no move after white's h1 in
/// this game (a helper's, checked with its own Othello rules).
#[test]
fn a_line_reads_pass_as_a_word() {
    let line = "f5 d6 c5 b4 c4 g5 b6 e3 f4 a7 d2 b3 e6 d7 a4 c1 e2 f2 e7 f6 d3 c6 h5 f8 d8 g4 \
                a2 e8 g6 h6 g3 g2 b7 c3 c2 b2 h7 a3 c8 a5 h4 a1 d1 c7 b1 f3 f1 e1 a6 g1 h3 \
                a8 h2 b8 b5 f7 g7 h1";
    let with_ps = Othello::from_line(&format!("{line} PS")).unwrap();
    for pass in ["pass", "PASS", "Pa"] {
        let g = Othello::from_line(&format!("{line} {pass}")).unwrap();
        assert_eq!(g, with_ps, "{pass}");
    }
    assert_eq!(with_ps.undo_count(), 59);
    // Not inside a run of moves: `f5pass` is f5, `pa` (a pass, refused while d6 is
    // there to play), `ss`.
    assert!(matches!(
        Othello::from_line("f5pass"),
        Err(othello::ParseLineError::Illegal { index: 2, .. })
    ));
}

/// A position where white must pass: black to move has moves, white has none after.
#[test]
fn forced_pass_and_end_of_game() {
    // White (O) to move has one disc, e5, and no move (each run of X from it ends at the
    // edge); X has f6, which takes it.
    let board = crate::positions::lone_e5('O');
    let mut g = Othello::parse_position(&format!("{board} O")).unwrap();
    assert!(g.must_pass());
    let mut ms = MoveList::new();
    g.legal_moves(&mut ms);
    assert_eq!(ms.as_slice(), [Move::PASS]);
    let f6: Move = "f6".parse().unwrap();
    assert_eq!(g.try_play(f6), Err(PlayError::MustPass(f6)));
    g.pass().unwrap();
    assert_eq!(g.side_to_move(), Side::First);
    g.try_play(f6).unwrap();
    // Now only X discs: the game is over, X wins 64-0 by the empties rule.
    assert!(g.is_end_of_game());
    assert_eq!(g.outcome(), Some(othello::Outcome::Win(Side::First)));
    assert_eq!(g.try_play(Move::PASS), Err(PlayError::GameOver));
    assert_eq!(g.final_score(), -64, "score for white, to move");
}

#[test]
fn undo_and_redo_follow_the_seed_api() {
    let mut g = Othello::from_line("f5d6c3d3c4").unwrap();
    let end = g.clone();
    assert_eq!((g.undo_count(), g.redo_count(), g.ply()), (5, 0, 5));
    assert_eq!(g.undo_n(3), 3);
    assert_eq!((g.undo_count(), g.redo_count(), g.ply()), (2, 3, 2));
    assert_eq!(g, Othello::from_line("f5d6").unwrap());
    assert!(g.redo());
    assert_eq!(g.redo_n(10), 2);
    assert_eq!(g, end);
    assert_eq!(g.hash(), end.hash());
    assert!(!g.redo());
    assert_eq!(g.undo_n(100), 5);
    assert_eq!(g, Othello::new());
    // A new move clears the redo list.
    g.redo();
    g.undo();
    g.try_play("d3".parse().unwrap()).unwrap();
    assert_eq!(g.redo_count(), 0);
    let played: Vec<String> = g.moves_played().map(|m| m.to_string()).collect();
    assert_eq!(played, ["d3"]);
}

#[test]
fn scores_and_legality_per_colour() {
    let g = Othello::from_line("f5").unwrap();
    assert_eq!(g.score(Side::First), 4);
    assert_eq!(g.score(Side::Second), 1);
    let f6: Square = "f6".parse().unwrap();
    assert!(g.is_legal_move(f6));
    assert!(g.is_legal_move_for(f6, Side::Second));
    assert_eq!(g.disc_at(5, 4), Some(Side::First));
    assert_eq!(g.disc_at(0, 0), None);
    assert_eq!(g.disc_at(9, 0), None);
}
