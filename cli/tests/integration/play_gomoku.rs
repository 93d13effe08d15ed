//! `zerosum gomoku play --plain` driven through the binary with scripted games.

use crate::common::{play, two_humans};

#[test]
fn standard_rule_overline_does_not_win() {
    // Black makes six in a row (c8..h8 with the gap filled last): no win under the
    // standard rule, so the game goes on.
    let moves = "c8\na1\nd8\na3\ne8\na5\ng8\na7\nh8\na9\nf8\n";
    let out = play("gomoku", &["--human", "both", "--rule", "standard"], moves);
    assert!(!out.contains("result:"), "{out}");
    let out = play("gomoku", &["--human", "both", "--rule", "freestyle"], moves);
    assert_eq!(out.lines().last(), Some("result: black wins"), "{out}");
}

#[test]
fn renju_refuses_black_forbidden_move() {
    // Black f8 g8 h9 h10: h8 would make two open threes, forbidden for black in renju.
    let moves = "f8\na1\ng8\na3\nh9\na5\nh10\na7\nh8\n";
    let out = two_humans("gomoku", &["--rule", "renju"], moves);
    assert!(
        out.contains("illegal move \"h8\": cell h8 is forbidden for black under renju"),
        "{out}"
    );
    let out = two_humans("gomoku", &["--rule", "freestyle"], moves);
    assert!(!out.contains("forbidden"), "{out}");
}

#[test]
fn the_ai_answers_a_human() {
    let out = play("gomoku", &["--level", "2"], "h8\n");
    assert!(out.contains("white plays"), "{out}");
}
