//! Every public parser of the crate takes any `&str` without panicking (issue 14 item 4):
//! random Unicode, text from the notation's alphabet mixed with characters that broke
//! other parsers (`Ｘ`, `é`, `٣`, `ｈ`, `\u{85}`), and valid move strings with a few
//! characters inserted, deleted or replaced. What a parser accepts must agree with the
//! rules: only digits 1–7 (or `-` alone, the empty board), at most 42 stones, and
//! `Display` gives the same moves back.
//! Bounded: proptest's default 256 cases a property (`PROPTEST_CASES` to change).

use connect4::score::possible_scores;
use connect4::{Column, Notation, PlayBook, Position, WinPlacePosition, parse_input_line, suite};
use proptest::prelude::*;
use zerosum::testing::text::{edits, mutate, notation_like};

/// The notation's characters and its neighbours (with the core's tricky ones).
const ALPHABET: &str = "123456708-+";

/// A legal move string of random play (stops at a win or a full board).
fn played() -> impl Strategy<Value = String> {
    prop::collection::vec(0u8..7, 0..50).prop_map(|cols| {
        let mut p = Position::new();
        for c in cols {
            let col = Column::new(usize::from(c)).expect("0..7 is a column");
            if p.is_over() {
                break;
            }
            let _ = p.try_play(col);
        }
        p.to_string()
    })
}

fn check(text: &str) {
    if let Ok(p) = Position::from_moves(text) {
        if text == "-" {
            // The command line's empty board.
            assert_eq!(p, Position::new());
        } else {
            assert!(text.chars().all(|c| ('1'..='7').contains(&c)), "{text:?}");
            assert!(p.moves() <= 42);
            assert_eq!(p.to_string(), text);
        }
    }
    let _ = text.parse::<Position>();
    let _ = WinPlacePosition::parse_position(text);
    let _ = suite::parse_line(text);
    // The play book's solved lines (`<moves> <score> <column>`), over a one-ply walk.
    let _ = PlayBook::from_lines(1, text.lines());
    let _ = PlayBook::from_lines(1, [format!("{text} 0 4").as_str()]);
    if let Ok(l) = parse_input_line(text) {
        // A win with the next stone scores ⌊(43 − n)/2⌋; a game already lost to the last
        // stone, ⌊(44 − n)/2⌋ (`solve` answers `2275632242144233 -14`).
        let bound = (44 - l.position.moves() as i32) / 2;
        assert!(l.score.is_none_or(|s| s.abs() <= bound), "{text:?}");
        assert!(
            l.score
                .is_none_or(|s| possible_scores(&l.position).contains(&s)),
            "{text:?}"
        );
    }
}

proptest! {
    #[test]
    fn any_unicode_never_panics(text in any::<String>()) {
        check(&text);
    }

    #[test]
    fn notation_like_text_never_panics(text in notation_like(ALPHABET, 60)) {
        check(&text);
    }

    #[test]
    fn mutated_move_strings_never_panic(
        moves in played(),
        score in -30i32..30,
        e in edits(ALPHABET),
    ) {
        prop_assert_eq!(Position::from_moves(&moves).map(|p| p.to_string()), Ok(moves.clone()));
        check(&mutate(&moves, &e));
        let line = format!("{moves} {score}");
        check(&line);
        check(&mutate(&line, &e));
    }
}

/// A score too large for any integer is named as a score outside the possible range,
/// as a smaller one is (Pons' bound after 4 stones: 18). Before, `4455
/// 99999999999999999999` was refused as "unexpected text after the moves … (only a
/// score in Pons' convention may follow)", as if it were not a score.
#[test]
fn a_huge_score_is_named_as_out_of_range() {
    for score in [
        "99999999999999999999",
        "-99999999999999999999",
        "+2147483648",
    ] {
        let line = format!("4455 {score}");
        assert_eq!(
            parse_input_line(&line).unwrap_err().to_string(),
            format!(
                "the score {score} after the moves is not possible here: at ply 4 scores lie from -18 to 18"
            ),
            "{line}"
        );
    }
    // Not a number at all: still text after the moves.
    assert!(
        parse_input_line("4455 1e3")
            .unwrap_err()
            .to_string()
            .starts_with("unexpected text after the moves")
    );
}
