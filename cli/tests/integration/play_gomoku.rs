//! `zerosum gomoku play --plain` driven through the binary with scripted games.

use crate::common;

/// Runs `zerosum gomoku play <args>` with `input` on standard input; returns stdout
/// and whether it exited successfully.
fn play(args: &[&str], input: &str) -> (String, bool) {
    common::run_command(["gomoku", "play"], args, input)
}

#[test]
fn two_humans_with_bad_moves_black_makes_five() {
    let (out, ok) = play(
        &["--plain", "--human", "both"],
        "h8\nh8\na1\np3\nzz\nj8\na2\ni8\na3\nk8\na4\nl8\n",
    );
    assert!(ok, "{out}");
    assert!(
        out.contains("illegal move \"h8\": cell h8 is occupied"),
        "{out}"
    );
    assert!(
        out.contains("illegal move \"p3\": cell p3 is off the 15x15 board"),
        "{out}"
    );
    assert!(out.contains("illegal move \"zz\""), "{out}");
    assert_eq!(out.lines().last(), Some("result: black wins"), "{out}");
    assert!(out.contains(" 8 . . . . . . . X X X X X . . .\n"), "{out}");
}

#[test]
fn standard_rule_overline_does_not_win() {
    // Black makes six in a row (c8..h8 with the gap filled last): no win under the
    // standard rule, so the game goes on.
    let moves = "c8\na1\nd8\na3\ne8\na5\ng8\na7\nh8\na9\nf8\n";
    let (out, ok) = play(&["--human", "both", "--rule", "standard"], moves);
    assert!(ok, "{out}");
    assert!(!out.contains("result:"), "{out}");
    let (out, _) = play(&["--human", "both", "--rule", "freestyle"], moves);
    assert_eq!(out.lines().last(), Some("result: black wins"), "{out}");
}

#[test]
fn the_ai_answers_and_plays_itself_to_the_end() {
    let (out, ok) = play(&["--level", "2"], "h8\n");
    assert!(ok, "{out}");
    assert!(out.contains("white plays"), "{out}");
    let (out, ok) = play(&["--human", "none", "--level", "1", "--size", "9"], "");
    assert!(ok, "{out}");
    assert!(out.starts_with("Gomoku 9×9 freestyle"), "{out}");
    assert!(out.lines().last().unwrap().starts_with("result: "), "{out}");
    let (_, ok) = play(&["--size", "40"], "");
    assert!(!ok);
}
