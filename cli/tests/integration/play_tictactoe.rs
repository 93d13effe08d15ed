//! `zerosum tictactoe play --plain` driven through the binary with scripted games.

use crate::common::{self, assert_contains_all, play, two_humans};

#[test]
fn perfect_ai_never_loses_and_blocks() {
    // The human (x) plays 1, 2: the perfect o must block at 3 and then draw or win.
    let out = play(
        "tictactoe",
        &["--plain", "--level", "perfect"],
        "1\n9\n2\n5\n4\n6\n7\n8\n",
    );
    let last = out.lines().last().unwrap();
    assert!(last == "result: o wins" || last == "result: draw", "{out}");
}

#[test]
fn ai_plays_first_at_a_low_level_and_eof_ends_cleanly() {
    let out = play("tictactoe", &["--human", "second", "--level", "1"], "");
    assert!(out.contains("x plays"), "{out}");
    assert!(!out.contains("result:"), "{out}");
}

/// Issue 14 item 5: a move that is not UTF-8 is refused and the game goes on (it used to
/// end the game); so is an over-long line.
#[test]
fn invalid_utf8_move_is_refused_not_the_end() {
    let mut input = b"1\n\xff\xfe\n4\n".to_vec();
    input.extend(std::iter::repeat_n(b'9', 100_000));
    input.extend_from_slice(b"\n2\n5\n3\n");
    let run = common::run_binary(
        env!("CARGO_BIN_EXE_zerosum"),
        &["tictactoe", "play", "--plain", "--human", "both"],
        &input,
    );
    let out = run.stdout;
    assert!(run.success, "{out}");
    assert_contains_all(
        &out,
        &[
            "refused: not valid UTF-8 (byte 0xFF at offset 0)",
            "refused: a line of 100000 bytes; lines are limited to",
        ],
    );
    // x 1 2 3 against o 4 5: the top row, as the rules say.
    assert_eq!(out.lines().last(), Some("result: x wins"), "{out}");
}

/// Issue 14 item 10: plain mode has `help` and `redo`.
#[test]
fn plain_help_lists_commands_and_redo_replays_undone_moves() {
    let out = two_humans("tictactoe", &[], "help\n1\n4\nundo\nredo\nredo\n2\n5\n3\n");
    assert_contains_all(
        &out,
        &[
            // All nine cells are legal on the empty board.
            "legal now: 1 2 3 4 5 6 7 8 9)",
            "undone\n",
            "redone\n",
            "nothing to redo\n",
        ],
    );
    // With 4 played again, x 1 2 3 against o 4 5 wins the top row.
    assert_eq!(out.lines().last(), Some("result: x wins"), "{out}");
}

/// A cell number off every board (0, or above 64) is named with this board's cells, as
/// one between its last cell and 64 is: on 3×3, `0` and `65` are off `1..=9` as `10`
/// is. Before, they were "off the board (cells are numbered from 1, at most 64)".
#[test]
fn a_cell_off_every_board_is_named_with_this_boards_cells() {
    let out = two_humans("tictactoe", &[], "0\n10\n65\n99999999999999999999\n");
    for n in ["0", "10", "65", "99999999999999999999"] {
        assert!(
            out.contains(&format!(
                "illegal move \"{n}\": cell {n} is off the board (cells are 1..=9)\n"
            )),
            "{n}: {out}"
        );
    }
    let out = two_humans("tictactoe", &["--size", "4x3", "--k", "3"], "0\n13\n");
    for n in ["0", "13"] {
        assert!(
            out.contains(&format!("cell {n} is off the board (cells are 1..=12)")),
            "{n}: {out}"
        );
    }
}

/// A record with `#` comments and blank lines plays as `solve` reads its input: they are
/// skipped, not refused as illegal moves (a helper's report).
#[test]
fn comments_and_blank_lines_are_skipped() {
    let out = two_humans(
        "tictactoe",
        &[],
        "# a quick win for x\n1\n\n4\n  # x threatens 3\n2\n5\n3\n",
    );
    assert!(!out.contains("illegal move"), "{out}");
    assert_eq!(out.lines().last(), Some("result: x wins"), "{out}");
}
