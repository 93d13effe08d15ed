//! `zerosum connect4 play --plain` driven through the binary with scripted games.

use crate::common;

/// Runs `zerosum connect4 play <args>` with `input` on standard input; returns stdout
/// and whether it exited successfully.
fn play(args: &[&str], input: &str) -> (String, bool) {
    common::run_command(["connect4", "play"], args, input)
}

#[test]
fn two_humans_with_bad_moves_x_wins_on_the_bottom_row() {
    let (out, ok) = play(
        &["--plain", "--human", "both"],
        "1\n1\n8\n0\nx\n2\n2\n3\n3\n4\n",
    );
    assert!(ok, "{out}");
    assert!(
        out.contains("illegal move \"8\": a move is a column 1-7"),
        "{out}"
    );
    assert!(out.contains("illegal move \"x\""), "{out}");
    assert_eq!(out.lines().last(), Some("result: x wins"), "{out}");
    assert!(out.contains(" O O O . . . .\n X X X X . . .\n"), "{out}");
}

#[test]
fn a_full_column_is_refused() {
    let (out, ok) = play(&["--plain", "--human", "both"], "4\n4\n4\n4\n4\n4\n4\n");
    assert!(ok, "{out}");
    assert!(
        out.contains("illegal move \"4\": column 4 is full"),
        "{out}"
    );
}

#[test]
fn the_ai_blocks_and_wins_against_a_naive_human() {
    // The human stacks column 1; the level-4 AI must win.
    let (out, ok) = play(&["--level", "4"], "1\n1\n1\n1\n1\n1\n2\n2\n2\n2\n2\n2\n");
    assert!(ok, "{out}");
    assert_eq!(out.lines().last(), Some("result: o wins"), "{out}");
    assert!(out.contains("o plays"), "{out}");
}

#[test]
fn ai_against_itself_finishes() {
    let (out, ok) = play(&["--human", "none", "--level", "2"], "");
    assert!(ok, "{out}");
    assert!(out.lines().last().unwrap().starts_with("result: "), "{out}");
}
