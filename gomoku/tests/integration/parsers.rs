//! Every public Gomoku parser takes arbitrary `&str` without panicking (issue 14 item 4):
//! random Unicode strings and mutated valid inputs, a bounded number of cases so that CI
//! stays fast. Where the input is valid the result must agree with the notation's rules
//! (round trip through `Display`).

use gomoku::protocol::Brain;
use gomoku::suite::{Puzzle, parse_openings, parse_puzzles, parse_rule_checks};
use gomoku::{Board, Cell, Notation, Rule, parse_move_list};
use proptest::prelude::*;
use zerosum::testing::text::{edits, mutate, notation_char};

/// The notation's alphabet and separators, with a few more characters that broke
/// byte-index slicing (the core adds its own tricky ones).
const ALPHABET: &str = "abcdefghijklmnopqrstuvwxyzAHOV0123456789fs,;:-+#\r\nß\u{3000}８";

/// A character of the notation, a tricky one, or any character at all.
fn tricky_char() -> impl Strategy<Value = char> {
    prop_oneof![6 => notation_char(ALPHABET), 2 => any::<char>()]
}

fn tricky_string() -> impl Strategy<Value = String> {
    prop::collection::vec(tricky_char(), 0..24).prop_map(|v| v.into_iter().collect())
}

/// A valid position text and a few random edits of it (insert, delete, replace a char).
fn mutated_position() -> impl Strategy<Value = String> {
    let base = prop::sample::select(vec![
        "15f:h8i7e9",
        "h8i7e9",
        "20s:a1b2c3t20",
        "15f:",
        "5f:a1b1c1",
        "h8 i7 e9 j10",
    ]);
    (base, edits(ALPHABET)).prop_map(|(base, e)| mutate(base, &e))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    #[test]
    fn cell_parsers_never_panic(text in tricky_string()) {
        let _ = Cell::parse_human(&text);
        let _ = Cell::parse_xy(&text);
        let _ = text.parse::<Cell>();
        let _ = text.parse::<Rule>();
        if let Ok(cells) = parse_move_list(&text) {
            // Every cell read back is a real cell: its own text parses to itself.
            for c in cells {
                prop_assert_eq!(Cell::parse_human(&c.to_string()), Ok(c));
            }
        }
    }

    #[test]
    fn position_parser_never_panics_and_round_trips(text in prop_oneof![tricky_string(), mutated_position()]) {
        if let Ok(board) = Board::parse_position(&text) {
            let again = Board::parse_position(&board.to_string());
            prop_assert_eq!(again.as_ref().map(|b| b.to_string()), Ok(board.to_string()));
        }
    }

    #[test]
    fn suite_parsers_never_panic(text in prop_oneof![tricky_string(), mutated_position()]) {
        let _ = Puzzle::parse(&text);
        let _ = parse_puzzles(&text);
        let _ = parse_openings(&text, 15, Rule::Freestyle);
        let tsv = format!("c1\t0\t15\t{text}\t-\th8\t-");
        let _ = parse_rule_checks(&tsv);
        let _ = parse_rule_checks(&text);
    }

}

proptest! {
    // Each case may run a (tiny) search: fewer cases.
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn protocol_lines_never_panic(lines in prop::collection::vec(
        prop_oneof![
            tricky_string(),
            (prop::sample::select(vec!["START", "TURN", "BOARD", "INFO", "TAKEBACK", "RECTSTART", "SWAP2BOARD", "DONE", "INFO rule", "INFO time_left"]), tricky_string())
                .prop_map(|(c, a)| format!("{c} {a}")),
        ], 0..6)) {
        let mut brain = Brain::new().with_node_limit(50);
        let mut out = Vec::new();
        for line in std::iter::once("START 15".to_string()).chain(lines) {
            if !brain.handle_line(&line, &mut out).unwrap() {
                break;
            }
        }
        // Every answer is one line of UTF-8 text.
        prop_assert!(String::from_utf8(out).is_ok());
    }
}

/// A library user's report: errors that quoted an inner error's message also returned
/// it as their `source`, so an error reporter printed it twice (core's
/// `check_error_chain`). The suite's errors hold it once.
#[test]
fn no_error_repeats_its_source() {
    for bad in ["{not json", r#"{"board": "zz"}"#] {
        if let Err((_, e)) = parse_puzzles(bad) {
            zerosum::testing::check_error_chain(&e);
        }
    }
    let e: gomoku::suite::SuiteError = "z99".parse::<Cell>().unwrap_err().into();
    zerosum::testing::check_error_chain(&e);
    zerosum::testing::check_error_chain(&Board::parse_position("15f:h8h8").unwrap_err());
}
