//! `zerosum othello play --plain` driven through the binary with scripted games.

use crate::common::play;

#[test]
fn ai_against_itself_plays_to_the_end_with_the_disc_count() {
    let out = play("othello", &["--human", "none", "--level", "1"], "");
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
    let out = play("othello", &["--level", "2"], "f5\n");
    assert!(out.contains("black plays f5"), "{out}");
    assert!(out.contains("white plays"), "{out}");
    assert!(!out.contains("result:"), "{out}");
}
