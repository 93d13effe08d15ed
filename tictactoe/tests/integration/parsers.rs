//! Every public parser of the crate takes any `&str` without panicking (issue 14 item 4):
//! random Unicode, text from the notation's own alphabet mixed with the characters that
//! broke other parsers (`Ｘ`, `é`, `٣`, `ｈ`, `\u{85}`), and valid positions with a few
//! characters inserted, deleted or replaced. What a parser accepts must also round-trip
//! (the notation's rule: `parse(display(p)) == p`). Bounded: proptest's default 256 cases
//! a property (`PROPTEST_CASES` to change).

use proptest::prelude::*;
use tictactoe::{Board, Cell, Geometry, MoveError, PlayError, Shape};
use zerosum::testing::text::{edits, mutate, notation_like};

/// The notation's characters (with the core's tricky ones).
const ALPHABET: &str = "xoXO./k=0139×";

/// A position reached by legal play on a random board of at most 64 cells.
fn played() -> impl Strategy<Value = Board> {
    (
        1u32..=8,
        1u32..=8,
        any::<u8>(),
        prop::collection::vec(any::<u8>(), 0..20),
    )
        .prop_map(|(cols, rows, k, moves)| {
            let k = 1 + u32::from(k) % cols.max(rows);
            let mut b = Board::new(Shape::new(cols, rows, k).expect("a small board"));
            for m in moves {
                if b.winner().is_some() {
                    break;
                }
                let _ = b.try_play(Cell::new(u32::from(m) % (cols * rows)));
            }
            b
        })
}

fn check_board(text: &str) {
    if let Ok(b) = Board::parse(text) {
        let again = Board::parse(&b.to_string()).expect("a displayed board parses");
        assert_eq!(again.to_string(), b.to_string());
    }
    let _ = Board::parse_in(text, &Geometry::standard());
    let _ = Board::parse_in(text, &Geometry::of(Shape::new(4, 4, 3).unwrap()));
}

fn check_shape(text: &str) {
    if let Ok(s) = text.parse::<Shape>() {
        assert!(s.cols * s.rows <= 64, "{text:?} gave {s}");
        let again: Shape = s.to_string().parse().expect("a displayed shape parses");
        assert_eq!(again, s);
    }
    if let Ok(s) = Shape::parse_size(text, 3) {
        assert!(s.cols * s.rows <= 64);
    }
    // A cell is digits alone (around white space), shown back as it was read.
    if let Ok(c) = text.parse::<Cell>() {
        let t = text.trim();
        assert!(t.bytes().all(|b| b.is_ascii_digit()), "{text:?} gave {c}");
        assert_eq!(c.to_string(), t.trim_start_matches('0'), "{text:?}");
    }
}

/// A sign is not a digit: `+5` was cell 5, though the docs (and the level and size
/// parsers) refuse anything but digits (a helper's report).
#[test]
fn a_cell_is_digits_alone() {
    assert_eq!(" 5 ".parse::<Cell>(), Ok(Cell::new(4)));
    for text in ["+5", "-5", "+0", "5+", ""] {
        assert!(
            matches!(
                text.parse::<Cell>(),
                Err(tictactoe::CellError::NotANumber(_))
            ),
            "{text:?}"
        );
    }
}

proptest! {
    #[test]
    fn any_unicode_never_panics(text in any::<String>()) {
        check_board(&text);
        check_shape(&text);
    }

    #[test]
    fn notation_like_text_never_panics(text in notation_like(ALPHABET, 80)) {
        check_board(&text);
        check_shape(&text);
    }

    #[test]
    fn mutated_positions_never_panic(board in played(), e in edits(ALPHABET)) {
        let text = board.to_string();
        prop_assert_eq!(Board::parse(&text).map(|b| b.to_string()), Ok(text.clone()));
        check_board(&mutate(&text, &e));
    }

    /// `Board::parse_move` reads the move as the notation numbers cells (1 = top-left,
    /// row by row, up to cols × rows) and agrees with the rules: a cell is playable
    /// when it is on the board and empty and the game goes on. The reference below
    /// knows only that numbering and the stones on the diagram.
    #[test]
    fn parse_move_agrees_with_the_numbering(board in played(), n in 0u64..200, pad in 0usize..2) {
        let text = format!("{}{n}{}", " ".repeat(pad), " ".repeat(pad));
        let shape = board.shape();
        let cells = u64::from(shape.cols * shape.rows);
        let got = board.parse_move(&text);
        if n == 0 || n > cells {
            prop_assert_eq!(
                got.map_err(|e| e.to_string()),
                Err(format!("cell {n} is off the board (cells are 1..={cells})"))
            );
        } else {
            let i = (n - 1) as u32;
            // The diagram's cells in reading order (rows joined, ` k=K` dropped).
            let diagram = board.to_string();
            let flat: Vec<u8> = (diagram.split(' ').next().unwrap().bytes())
                .filter(|&b| b != b'/')
                .collect();
            let empty = flat[i as usize] == b'.';
            let expected = if zerosum::Game::outcome(&board).is_some() {
                Err(MoveError::Play(PlayError::GameOver))
            } else if empty {
                Ok(Cell::new(i))
            } else {
                Err(MoveError::Play(PlayError::Occupied(Cell::new(i))))
            };
            prop_assert_eq!(got, expected, "{} {}", board, text);
        }
    }

    #[test]
    fn mutated_sizes_never_panic(cols in 0u32..100_000, rows in 0u32..100_000, e in edits(ALPHABET)) {
        let text = format!("{cols}x{rows}");
        check_shape(&text);
        check_shape(&mutate(&text, &e));
    }
}

/// A number off every board (0, above 64, or too long for any integer) is named with
/// this board's cells, as a number between its last cell and 64 is: one wording for
/// the user (before, the command line built it a second time for the first kind).
#[test]
fn numbers_off_every_board_name_this_boards_cells() {
    let board = Board::new(Shape::new(4, 3, 3).unwrap());
    for n in ["0", "13", "64", "65", "99999999999999999999999"] {
        assert_eq!(
            board.parse_move(n).unwrap_err().to_string(),
            format!("cell {n} is off the board (cells are 1..=12)")
        );
    }
    assert_eq!(
        board.parse_move("a1").unwrap_err().to_string(),
        "\"a1\" is not a cell number (1, 2, …; 1 is the top-left cell)"
    );
    assert_eq!(
        board
            .parse_move("-3")
            .map_err(|e| matches!(e, MoveError::NotACell(_))),
        Err(true)
    );
}

/// Issue 14 item 4: sizes whose cell count overflows 32 bits are refused with the true
/// count (65536 × 65536 = 4,294,967,296), not a panic or a wrapped size.
#[test]
fn huge_sizes_are_refused_with_their_true_cell_count() {
    for (text, cells) in [
        ("65536x65536", 4_294_967_296u64),
        ("4294967295x2", 8_589_934_590),
        ("65536x65536x3", 4_294_967_296),
    ] {
        let e = text.parse::<Shape>().unwrap_err();
        assert_eq!(
            e.to_string(),
            format!(
                "the {} board has {cells} cells, at most 64 are supported",
                text.trim_end_matches("x3")
            )
        );
    }
}

/// A library user's report: a board line whose shape cannot be played gave the shape's
/// message in its own and again as its `source`, so an error reporter printed it twice
/// (core's `check_error_chain`).
#[test]
fn no_error_repeats_its_source() {
    let e = Board::parse("..../..../..../.... k=9").unwrap_err();
    assert!(e.to_string().contains("k = 9"), "{e}");
    zerosum::testing::check_error_chain(&e);
    zerosum::testing::check_error_chain(&Board::parse("x.x.x.x.x").unwrap_err());
}
