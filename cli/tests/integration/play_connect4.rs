//! `zerosum connect4 play --plain` driven through the binary with scripted games.

use crate::common::{assert_contains_all, play, two_humans};

#[test]
fn a_full_column_is_refused() {
    let out = two_humans("connect4", &[], "4\n4\n4\n4\n4\n4\n4\n");
    assert_contains_all(&out, &["illegal move \"4\": column 4 is full"]);
}

#[test]
fn the_ai_blocks_and_wins_against_a_naive_human() {
    // The human stacks column 1; the level-4 AI must win.
    let input = "1\n1\n1\n1\n1\n1\n2\n2\n2\n2\n2\n2\n";
    let out = play("connect4", &["--level", "4"], input);
    assert_eq!(out.lines().last(), Some("result: o wins"), "{out}");
    assert!(out.contains("o plays"), "{out}");
}
