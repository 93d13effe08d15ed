//! Board rules: conformance suite, notation, errors, outcomes, overlines.

use gomoku::{Board, Cell, Game, Notation, Outcome, ParseError, PlayError, Rule, Side};
use zerosum::testing::{check_notation, check_rules};

#[test]
fn conformance_15x15_and_small_boards() {
    check_rules(&Board::new(), 3, 1);
    check_notation(&Board::new(), 3, 2);
    for (size, rule) in [
        (5, Rule::Freestyle),
        (6, Rule::Standard),
        (7, Rule::Freestyle),
    ] {
        let b = Board::with_size(size, rule).unwrap();
        check_rules(&b, 10, size as u64);
        check_notation(&b, 10, size as u64 + 100);
    }
}

#[test]
fn sizes_5_to_22() {
    for n in 5..=22 {
        let b = Board::with_size(n, Rule::Freestyle).unwrap();
        assert_eq!(b.cell_count(), (n * n) as usize);
    }
    assert!(Board::with_size(4, Rule::Freestyle).is_err());
    assert!(Board::with_size(23, Rule::Standard).is_err());
}

#[test]
fn notation_examples() {
    let b = Board::parse_position("h8i7e9").unwrap();
    assert_eq!(b.to_string(), "15f:h8i7e9");
    assert_eq!(b.side_to_move(), Side::Second);
    assert_eq!(b.stone(Cell::new(7, 7)), Some(Side::First));
    assert_eq!(b.stone(Cell::new(8, 6)), Some(Side::Second));
    let b = Board::parse_position("20s:a1 t20").unwrap();
    assert_eq!(
        (b.size(), b.rule(), b.to_string().as_str()),
        (20, Rule::Standard, "20s:a1t20")
    );
    assert_eq!(Board::parse_position("15f:").unwrap(), Board::new());
}

#[test]
fn typed_errors() {
    assert!(matches!(
        Board::parse_position("4f:"),
        Err(ParseError::Size(_))
    ));
    assert!(matches!(
        Board::parse_position("15x:h8"),
        Err(ParseError::Rule(_))
    ));
    assert!(matches!(
        Board::parse_position("h8h8"),
        Err(ParseError::Play {
            index: 2,
            error: PlayError::Occupied(_)
        })
    ));
    assert!(matches!(
        Board::parse_position("h8p1"),
        Err(ParseError::Play {
            index: 2,
            error: PlayError::OffBoard { .. }
        })
    ));
    assert!(matches!(
        Board::parse_position("h8?"),
        Err(ParseError::Cell { index: 2, .. })
    ));
    let mut b = Board::parse_position("a1b1a2b2a3b3a4b4a5").unwrap();
    assert_eq!(b.outcome(), Some(Outcome::Win(Side::First)));
    assert!(matches!(
        b.try_play(Cell::new(9, 9)),
        Err(PlayError::GameOver(_))
    ));
    assert!(!b.is_legal(Cell::new(9, 9)));
    b.undo();
    assert_eq!(b.outcome(), None);
    assert!(b.is_legal(Cell::new(0, 4)));
}

#[test]
fn full_board_is_a_draw() {
    // 5x5, filled column by column in a pattern with no five for anyone.
    let mut b = Board::with_size(5, Rule::Freestyle).unwrap();
    // Rows alternate XXOOX / OOXXO shifted so that no line of five forms.
    let rows = ["XXOOX", "OOXXO", "XXOOX", "OOXXO", "XOXOX"];
    let mut xs = Vec::new();
    let mut os = Vec::new();
    for (y, r) in rows.iter().enumerate() {
        for (x, ch) in r.chars().enumerate() {
            if ch == 'X' {
                xs.push(Cell::new(x as u8, y as u8))
            } else {
                os.push(Cell::new(x as u8, y as u8))
            }
        }
    }
    assert_eq!((xs.len(), os.len()), (13, 12));
    for k in 0..13 {
        b.try_play(xs[k]).unwrap();
        assert_eq!(
            b.outcome(),
            if k == 12 { Some(Outcome::Draw) } else { None }
        );
        if k < 12 {
            b.try_play(os[k]).unwrap();
        }
    }
    assert_eq!(b.outcome(), Some(Outcome::Draw));
}

#[test]
fn overline_wins_only_in_freestyle() {
    // Black a1 b1 c1 e1 f1 (white far away), then d1 makes six.
    let moves = "a1a15b1c15c1e15e1g15f1i15";
    for (rule, wins) in [(Rule::Freestyle, true), (Rule::Standard, false)] {
        let mut b = Board::parse_position(&format!("15{}:{moves}", rule.letter())).unwrap();
        b.play(Cell::parse_human("d1").unwrap());
        assert_eq!(b.outcome().is_some(), wins, "{rule}");
    }
    // Exactly five still wins under the standard rule.
    let mut b = Board::parse_position("15s:a1a15b1c15c1e15d1g15").unwrap();
    b.play(Cell::parse_human("e1").unwrap());
    assert_eq!(b.outcome(), Some(Outcome::Win(Side::First)));
    assert_eq!(b.winning_row().unwrap().len(), 5);
}

#[test]
fn gomocup_rule_checks_from_data() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../shared/data/gomoku/gomocup-rule-checks.tsv");
    let Ok(text) = std::fs::read_to_string(path) else {
        eprintln!("data folder absent: skipped");
        return;
    };
    let checks = gomoku::suite::parse_rule_checks(&text).unwrap();
    let mut engine = gomoku::Engine::new(4);
    let mut tested = 0;
    for c in checks {
        let Some(board) = c.board else { continue };
        let info = engine.search(&board, &zerosum::search::Limits::nodes(20_000));
        let best = info.best.unwrap();
        if !c.accept.is_empty() {
            assert!(
                c.accept.contains(&best),
                "{}: {best} not in {:?}",
                c.id,
                c.accept
            );
        }
        assert_ne!(Some(best), c.reject, "{}", c.id);
        tested += 1;
    }
    assert_eq!(
        tested, 3,
        "c1 (20x20), c1s and c2 are freestyle/standard checks"
    );
}
