//! `zerosum <game> play --position POS`: the game starts from a position written as the
//! game's `bestmove` reads it, the side to move taken from it; a bad or finished
//! position, or a board option that disagrees with it, is refused before the game starts.

use crate::common::{self, assert_contains_all, play, two_humans};

/// Runs `zerosum <game> play <args>` with no input and expects a refusal: exit status 2,
/// nothing on standard output, and standard error naming what is wrong.
fn refused(game: &str, args: &[&str], why: &str) {
    let full: Vec<&str> = [game, "play", "--plain"]
        .iter()
        .chain(args)
        .copied()
        .collect();
    let run = common::run_binary(env!("CARGO_BIN_EXE_zerosum"), &full, "");
    assert_eq!(run.code, Some(2), "{full:?}: {}{}", run.stdout, run.stderr);
    assert_eq!(run.stdout, "", "{full:?}");
    assert!(
        run.stderr.starts_with("error: "),
        "{full:?}: {}",
        run.stderr
    );
    assert!(
        run.stderr.contains(why),
        "{full:?}: {why:?} missing in {}",
        run.stderr
    );
    assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
}

/// Tic-tac-toe: o to move in the position, so the game goes on from there with o; x's
/// column 1 is completed by x.
#[test]
fn tictactoe_starts_from_the_position_with_its_side_to_move() {
    let out = two_humans("tictactoe", &["--position", "xo.x....."], "9\n7\n");
    assert_contains_all(
        &out,
        &[
            " X O 3\n X 5 6\n 7 8 9\no to move:\no plays 9\n",
            "x plays 7\n X O 3\n X 5 6\n X 8 O\n",
        ],
    );
    assert_eq!(out.lines().last(), Some("result: x wins"), "{out}");
    // The rows form with --k: a 4×4 board with k = 3.
    let out = two_humans(
        "tictactoe",
        &["--position", "x.../.o../..../....", "--k", "3"],
        "",
    );
    assert!(out.starts_with("m,n,k 4×4 k=3: "), "{out}");
}

/// `--human first` plays the position's side to move: here o, against the AI as x.
#[test]
fn the_human_plays_the_side_to_move_of_the_position() {
    let out = play("tictactoe", &["--plain", "--position", "xx..o...."], "");
    assert!(
        out.starts_with("tic-tac-toe: x AI (perfect), o human\n"),
        "{out}"
    );
    assert!(out.ends_with("o to move:\n"), "{out}");
    // And `--human second` has the AI play it.
    let out = play(
        "tictactoe",
        &["--plain", "--human", "second", "--position", "xx..o...."],
        "",
    );
    assert!(
        out.starts_with("tic-tac-toe: x human, o AI (perfect)\n"),
        "{out}"
    );
    assert!(out.contains("o plays 3 "), "o must block: {out}");
}

#[test]
fn tictactoe_refuses_bad_finished_and_disagreeing_positions() {
    refused(
        "tictactoe",
        &["--position", "x.oo....."],
        "--position \"x.oo.....\": impossible piece counts: x has 1, o has 2",
    );
    refused(
        "tictactoe",
        &["--position", "xxx.."],
        "wrong length: expected 9 cells",
    );
    refused(
        "tictactoe",
        &["--position", "xxxoo...."],
        "--position: the game is already over (x wins)",
    );
    refused(
        "tictactoe",
        &["--position", "x.../.o../..../....", "--size", "3x3"],
        "wrong number of rows: 4, expected 3",
    );
    refused(
        "tictactoe",
        &["--position", "x.../.o../..../.... k=4", "--k", "3"],
        "does not match k = 3",
    );
}

/// Connect Four: Pons' move string; `-` is the empty board.
#[test]
fn connect4_starts_from_the_moves_and_refuses_bad_ones() {
    let out = two_humans("connect4", &["--position", "4455"], "3\n3\n2\n");
    assert_contains_all(
        &out,
        &[
            " . . . O O . .\n . . . X X . .\nx to move:\nx plays 3\n",
            " . . O O O . .\n . X X X X . .\n",
        ],
    );
    assert_eq!(out.lines().last(), Some("result: x wins"), "{out}");
    let out = two_humans("connect4", &["--position", "-"], "");
    assert!(out.ends_with(" . . . . . . .\nx to move:\n"), "{out}");
    refused(
        "connect4",
        &["--position", "4458"],
        "--position \"4458\": move 4 ('8'): not a column digit 1-7",
    );
    refused(
        "connect4",
        &["--position", "1212121"],
        "the game is already over (x wins)",
    );
}

/// Othello: an OBF line (white to move after black's f5).
#[test]
fn othello_starts_from_the_obf_position_and_refuses_bad_ones() {
    let obf = "---------------------------OX------XXX-------------------------- O";
    let out = two_humans("othello", &["--position", obf], "help\nf6\nundo\nundo\n");
    assert_contains_all(
        &out,
        &[
            "black 4 · white 1\nwhite to move:\n",
            "legal now: f4 d6 f6)",
            "white plays f6\n",
            "5 . . . X O X . .\n6 . . . . . O . .\n",
            "undone\n",
            "nothing to undo\n",
        ],
    );
    let bad = "---------------------------OX------XXX-------------------------- Z";
    refused(
        "othello",
        &["--position", bad],
        "invalid side to move \"Z\" (expected X or O; x, * and o are read too)",
    );
    refused("othello", &["--position", "XO"], "--position \"XO\": ");
    let full = format!("{} O", "X".repeat(64));
    refused(
        "othello",
        &["--position", &full],
        "the game is already over (black wins 64-0)",
    );
}

/// Gomoku: a move list (15×15 freestyle) or a position with its size and rule, which
/// `--size` and `--rule` must agree with.
#[test]
fn gomoku_starts_from_the_position_with_its_size_and_rule() {
    let out = two_humans("gomoku", &["--position", "h8i9i8"], "j9\n");
    assert!(out.starts_with("Gomoku 15×15 freestyle: "), "{out}");
    assert!(out.contains("white to move:\nwhite plays j9\n"), "{out}");
    let out = two_humans(
        "gomoku",
        &["--position", "9r:e5", "--size", "9", "--rule", "renju"],
        "",
    );
    assert!(out.starts_with("Gomoku 9×9 renju: "), "{out}");
    assert!(out.ends_with("white to move:\n"), "{out}");
    refused(
        "gomoku",
        &["--position", "h8h8"],
        "--position \"h8h8\": move 2: cell h8 is occupied",
    );
    refused(
        "gomoku",
        &["--position", "h8i9", "--size", "20"],
        "--size 20 disagrees with --position \"h8i9\", which is on a 15x15 board \
         (write the size and rule first, as 20f:h8i9, for another board)",
    );
    // Stones off the asked board: no position is offered that cannot be played.
    refused(
        "gomoku",
        &["--position", "h8o15", "--size", "9"],
        "--size 9 disagrees with --position \"h8o15\", which is on a 15x15 board \
         (write the size and rule first, as 9f:…, for another board)",
    );
    refused(
        "gomoku",
        &["--position", "20s:h8", "--rule", "renju"],
        "--rule renju disagrees with --position \"20s:h8\", which is played under standard \
         (write the size and rule first, as 20r:h8, for another board)",
    );
    refused(
        "gomoku",
        &["--position", "h8a1i8a2j8a3k8a4l8"],
        "the game is already over (black wins)",
    );
}

/// An empty `--position` (or one of white space only) is refused by every game, naming
/// the option, as tic-tac-toe, Connect Four and Othello did: a user who meant the start
/// writes no `--position` (or the game's empty board, `-` or `15f:`). Before, Gomoku
/// started an empty 15x15 board without a word. `othello perft --position` too.
#[test]
fn an_empty_position_is_refused_by_every_game() {
    for text in ["", "  "] {
        for game in ["tictactoe", "connect4", "othello", "gomoku"] {
            refused(game, &["--position", text], &format!("--position {text:?}"));
        }
        let run = common::run_binary(
            env!("CARGO_BIN_EXE_zerosum"),
            &["othello", "perft", "1", "--position", text],
            "",
        );
        assert_eq!(run.code, Some(2), "{}", run.stderr);
        assert!(run.stderr.contains("--position"), "{}", run.stderr);
    }
    refused("gomoku", &["--position", ""], "empty position");
    // The empty board written as the notation says still starts.
    let out = two_humans("gomoku", &["--position", "15f:"], "");
    assert!(out.starts_with("Gomoku 15×15 freestyle: "), "{out}");
}
