//! `zerosum tictactoe play --plain` driven through the binary with scripted games.

use crate::common;

/// Runs `zerosum tictactoe play <args>` with `input` on standard input; returns stdout
/// and whether it exited successfully.
fn play(args: &[&str], input: &str) -> (String, bool) {
    common::run_command(["tictactoe", "play"], args, input)
}

#[test]
fn two_humans_with_bad_moves_x_wins() {
    // x: 1 2 3 (top row) — o: 4 5; with an occupied cell, an off-board cell and junk.
    let (out, ok) = play(
        &["--plain", "--human", "both"],
        "1\n1\n4\n10\nabc\n2\n5\n3\n",
    );
    assert!(ok, "{out}");
    assert!(
        out.contains("illegal move \"1\": cell 1 is occupied"),
        "{out}"
    );
    assert!(
        out.contains("illegal move \"10\": cell 10 is off the board"),
        "{out}"
    );
    assert!(out.contains("illegal move \"abc\""), "{out}");
    assert_eq!(out.lines().last(), Some("result: x wins"), "{out}");
    // The board after the last move.
    assert!(out.contains(" X X X\n O O 6\n 7 8 9\n"), "{out}");
}

#[test]
fn perfect_ai_never_loses_and_blocks() {
    // The human (x) plays 1, 2: the perfect o must block at 3 and then draw or win.
    let (out, ok) = play(
        &["--plain", "--level", "perfect"],
        "1\n9\n2\n5\n4\n6\n7\n8\n",
    );
    assert!(ok, "{out}");
    let last = out.lines().last().unwrap();
    assert!(last == "result: o wins" || last == "result: draw", "{out}");
}

#[test]
fn ai_plays_first_at_a_low_level_and_eof_ends_cleanly() {
    let (out, ok) = play(&["--human", "second", "--level", "1"], "");
    assert!(ok, "{out}");
    assert!(out.contains("x plays"), "{out}");
    assert!(!out.contains("result:"), "{out}");
}

#[test]
fn other_board_sizes_and_bad_options() {
    let (out, ok) = play(
        &[
            "--human", "none", "--size", "4x4", "--k", "3", "--level", "2",
        ],
        "",
    );
    assert!(ok, "{out}");
    assert!(out.starts_with("m,n,k 4×4 k=3"), "{out}");
    assert!(out.lines().last().unwrap().starts_with("result: "), "{out}");
    let (_, ok) = play(&["--level", "9"], "");
    assert!(!ok);
    let (_, ok) = play(&["--size", "9x9"], "");
    assert!(!ok);
}

/// Runs `zerosum tictactoe play <args>` with raw bytes on standard input.
fn play_bytes(args: &[&str], input: &[u8]) -> (String, bool) {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_zerosum"))
        .args(["tictactoe", "play"])
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run zerosum");
    child.stdin.take().unwrap().write_all(input).unwrap();
    let out = child.wait_with_output().unwrap();
    (String::from_utf8(out.stdout).unwrap(), out.status.success())
}

/// Issue 14 item 5: a move that is not UTF-8 is refused and the game goes on (it used to
/// end the game); so is an over-long line.
#[test]
fn invalid_utf8_move_is_refused_not_the_end() {
    let mut input = b"1\n\xff\xfe\n4\n".to_vec();
    input.extend(std::iter::repeat_n(b'9', 100_000));
    input.extend_from_slice(b"\n2\n5\n3\n");
    let (out, ok) = play_bytes(&["--plain", "--human", "both"], &input);
    assert!(ok, "{out}");
    assert!(
        out.contains("refused: not valid UTF-8 (byte 0xFF at offset 0)"),
        "{out}"
    );
    assert!(
        out.contains("refused: 100000 bytes without a line break"),
        "{out}"
    );
    // x 1 2 3 against o 4 5: the top row, as the rules say.
    assert_eq!(out.lines().last(), Some("result: x wins"), "{out}");
}

/// Issue 14 item 10: plain mode has `help` and `redo`.
#[test]
fn plain_help_lists_commands_and_redo_replays_undone_moves() {
    let (out, ok) = play(
        &["--plain", "--human", "both"],
        "help\n1\n4\nundo\nredo\nredo\n2\n5\n3\n",
    );
    assert!(ok, "{out}");
    // All nine cells are legal on the empty board.
    assert!(
        out.contains("legal now: 1 2 3 4 5 6 7 8 … 9 in all"),
        "{out}"
    );
    assert!(out.contains("undone\n"), "{out}");
    assert!(out.contains("redone\n"), "{out}");
    assert!(out.contains("nothing to redo\n"), "{out}");
    // With 4 played again, x 1 2 3 against o 4 5 wins the top row.
    assert_eq!(out.lines().last(), Some("result: x wins"), "{out}");
}
