//! Every public parser of the crate takes any `&str` without panicking (issue 14 item 4):
//! random Unicode, text from the notations' alphabets mixed with characters that broke
//! other parsers (`Ｘ`, `é`, `٣`, `ｈ`, `\u{85}`), and valid positions and move lines with
//! a few characters inserted, deleted or replaced. What a parser accepts must round-trip
//! (`parse(display(p)) == p`). Bounded: proptest's default 256 cases a property
//! (`PROPTEST_CASES` to change).

use othello::ggf::GgfGame;
use othello::nboard::Command;
use othello::{Move, Notation, Othello, Square, ffo};
use proptest::prelude::*;
use zerosum::testing::text::{edits, mutate, notation_like};

/// The notations' characters (with the core's tricky ones).
const ALPHABET: &str = "XO-xo*.;:+ahPS189";

/// A game of random legal moves from the start: its move line and the game.
fn played() -> impl Strategy<Value = (String, Othello)> {
    prop::collection::vec(0u8..65, 0..60).prop_map(|picks| {
        let mut g = Othello::new();
        let mut line = String::new();
        for p in picks {
            let mv = Square::new(p).map_or(Move::PASS, Move::square);
            if g.try_play(mv).is_ok() {
                line += &mv.to_string();
            }
        }
        (line, g)
    })
}

fn check(text: &str) {
    if let Ok(g) = Othello::parse_position(text) {
        let again = Othello::parse_position(&g.to_string()).expect("displayed position");
        assert_eq!(again.to_string(), g.to_string());
    }
    let _ = text.parse::<Othello>();
    if let Ok(g) = Othello::from_obf_line(text) {
        assert_eq!(
            Othello::from_obf_line(&g.to_string()).map(|h| h.to_string()),
            Ok(g.to_string())
        );
    }
    if let Ok(g) = Othello::from_line(text) {
        let line: String = g.moves_played().map(|m| m.to_string()).collect();
        assert_eq!(
            Othello::from_line(&line).map(|h| h.to_string()),
            Ok(g.to_string())
        );
    }
    let _ = ffo::parse_line(text, 1);
    // A square's parser skips spaces around it, as a move's does.
    if let Ok(sq) = text.parse::<Square>() {
        assert_eq!(sq.to_string(), text.trim().to_ascii_lowercase());
    }
    let _ = text.parse::<Move>();
    check_ggf(text);
    let _ = text.parse::<Command>();
}

/// GGF: what parses writes back to a record that parses to the same game.
fn check_ggf(text: &str) {
    if let Ok(g) = GgfGame::parse(text) {
        let again = GgfGame::parse(&g.to_string()).expect("written GGF");
        assert_eq!(again.game(), g.game());
        assert_eq!(again.to_string(), g.to_string());
    }
}

proptest! {
    #[test]
    fn any_unicode_never_panics(text in any::<String>()) {
        check(&text);
    }

    #[test]
    fn notation_like_text_never_panics(text in notation_like(ALPHABET, 90)) {
        check(&text);
    }

    #[test]
    fn mutated_positions_and_lines_never_panic((line, game) in played(), e in edits(ALPHABET)) {
        let obf = game.to_string();
        check(&obf);
        check(&mutate(&obf, &e));
        let annotated = format!("{obf}; a1:+2; PS:-4;");
        check(&mutate(&annotated, &e));
        check(&line);
        check(&mutate(&line, &e));
        let ggf = GgfGame::from_game(&game).to_string();
        check_ggf(&ggf);
        check_ggf(&mutate(&ggf, &e));
        let _ = format!("set game {}", mutate(&ggf, &e)).parse::<Command>();
    }
}

/// A non-ASCII character in a move line is read as a character, not cut into bytes:
/// the error shows the move as written.
#[test]
fn move_lines_are_read_in_characters() {
    let e = Othello::from_line("f5dé").unwrap_err();
    assert!(e.to_string().starts_with("move 2: "), "{e}");
    assert!(e.to_string().contains("dé"), "{e}");
}

/// An OBF line is `<board> <side>`, then optionally `;` and annotations: text after the
/// side but before any `;` is an error that names it, not silently dropped.
#[test]
fn obf_lines_refuse_text_between_the_side_and_the_annotations() {
    let board = "---------------------------OX------XO---------------------------";
    assert!(Othello::from_obf_line(&format!("{board} X")).is_ok());
    assert!(Othello::from_obf_line(&format!("{board} X; d3:+0;")).is_ok());
    assert!(Othello::from_obf_line(&format!("{board} X;junk")).is_ok());
    for bad in [
        format!("{board} X junk"),
        format!("{board} X 12 34"),
        format!("{board} X junk; d3:+0;"),
    ] {
        let e = Othello::from_obf_line(&bad).unwrap_err();
        assert!(e.to_string().contains("unexpected text"), "{bad}: {e}");
    }
}

/// New user 45: a side letter with no space before it was "the board has 65 squares",
/// and a comma after the board "66 squares", neither naming the fault. Each is named
/// now; a board that is simply too long or too short still gives its length.
#[test]
fn a_joined_side_and_a_character_after_the_board_are_named() {
    use othello::ParsePositionError as E;
    let board = "---------------------------OX------XO---------------------------";
    for (text, want) in [
        (format!("{board}X"), E::JoinedSide { found: 'X' }),
        (format!("{board}o"), E::JoinedSide { found: 'o' }),
        (format!("{board},X"), E::AfterBoard { found: ',' }),
        (format!("{board}X,"), E::JoinedSide { found: 'X' }),
        (format!("{board}Xfoo"), E::JoinedSide { found: 'X' }),
        (format!("{board}X O"), E::Length { found: 65 }),
        (format!("{board}- X"), E::Length { found: 65 }),
        ("--- X".to_string(), E::Length { found: 3 }),
    ] {
        assert_eq!(Othello::from_obf_line(&text).unwrap_err(), want, "{text}");
    }
    // One square is not "1 squares" (a tester's report).
    assert_eq!(
        E::Length { found: 1 }.to_string(),
        "the board has 1 square, expected 64"
    );
    assert_eq!(
        E::Length { found: 3 }.to_string(),
        "the board has 3 squares, expected 64"
    );
}

/// A library user's report: a bad move line's message was also its `source`, so an
/// error reporter that prints the chain showed it twice. Each error holds an inner
/// error's message once now (core's `check_error_chain`).
#[test]
fn no_error_repeats_its_source() {
    use zerosum::testing::check_error_chain;
    check_error_chain(&Othello::from_line("f5d6x9").unwrap_err());
    check_error_chain(&Othello::from_line("f5f5").unwrap_err());
    check_error_chain(&ffo::parse_line("not a position", 1).unwrap_err());
    let missing = std::path::Path::new("/nonexistent/zerosum/x.obf");
    check_error_chain(&ffo::read_file(missing).unwrap_err());
    check_error_chain(&GgfGame::parse("(;GM[Othello]BO[8 ---------------------------O*------*O--------------------------- *]B[x9];)").unwrap_err());
    check_error_chain(&GgfGame::parse("(;GM[Othello]BO[8 ---------------------------O*------*O--------------------------- *]B[a1];)").unwrap_err());
    check_error_chain(
        &"set game (;GM[Othello]B[x9];)"
            .parse::<Command>()
            .unwrap_err(),
    );
}
