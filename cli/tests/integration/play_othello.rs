//! `zerosum othello play --plain` driven through the binary with scripted games.

use crate::common;

/// Runs `zerosum othello play <args>` with `input` on standard input; returns stdout
/// and whether it exited successfully.
fn play(args: &[&str], input: &str) -> (String, bool) {
    common::run_command(["othello", "play"], args, input)
}

#[test]
fn shortest_game_with_bad_moves_black_wins_64_0() {
    // The shortest Othello game (9 plies, white wiped out), with bad moves on the way.
    let (out, ok) = play(
        &["--plain", "--human", "both"],
        "e6\na1\nd4\nPS\nq9\nf4\ne3\nf6\ng5\nd6\ne7\nf5\nc5\n",
    );
    assert!(ok, "{out}");
    assert!(
        out.contains("illegal move \"a1\": a1 is occupied or turns no disc over"),
        "{out}"
    );
    assert!(out.contains("illegal move \"d4\""), "{out}");
    assert!(out.contains("illegal move \"PS\": cannot pass"), "{out}");
    assert!(out.contains("illegal move \"q9\": invalid move"), "{out}");
    assert!(out.contains("black 4 · white 1"), "{out}");
    assert_eq!(out.lines().last(), Some("result: black wins 64-0"), "{out}");
}

#[test]
fn ai_against_itself_plays_to_the_end_with_the_disc_count() {
    let (out, ok) = play(&["--human", "none", "--level", "1"], "");
    assert!(ok, "{out}");
    let last = out.lines().last().unwrap();
    let words: Vec<&str> = last.split(' ').collect();
    assert_eq!(words[0], "result:", "{out}");
    let (a, b) = words.last().unwrap().split_once('-').expect("a disc count");
    let (a, b): (u32, u32) = (a.parse().unwrap(), b.parse().unwrap());
    assert!(a + b <= 64 && a >= b, "{out}");
    assert!(
        out.contains(" discs,"),
        "the endgame was solved exactly: {out}"
    );
}

#[test]
fn human_against_the_ai_and_eof() {
    let (out, ok) = play(&["--level", "2"], "f5\n");
    assert!(ok, "{out}");
    assert!(out.contains("black plays f5"), "{out}");
    assert!(out.contains("white plays"), "{out}");
    assert!(!out.contains("result:"), "{out}");
    let (_, ok) = play(&["--level", "11"], "");
    assert!(!ok, "othello's levels are 1-10 and perfect");
}
