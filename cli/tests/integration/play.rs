//! `zerosum <game> play --plain` driven through the binary: one scripted game between two
//! humans per game, bad moves included.

use crate::common::{assert_contains_all, play, run_command, two_humans};

/// A scripted game between two humans.
struct Script {
    game: &'static str,
    /// The moves typed, one a line, bad ones included.
    input: &'static str,
    /// What must be printed on the way: the refusals of the bad moves, with their reason.
    shown: &'static [&'static str],
    /// The last line printed.
    result: &'static str,
}

/// Each game refuses occupied, off-board and malformed moves with the reason, goes on,
/// and ends with the right result and the board drawn after the last move.
#[test]
fn two_humans_with_bad_moves_play_to_the_end() {
    let scripts = [
        // x: 1 2 3 (top row) — o: 4 5; with an occupied cell, an off-board cell and junk.
        Script {
            game: "tictactoe",
            input: "1\n1\n4\n10\nabc\n2\n5\n3\n",
            shown: &[
                "illegal move \"1\": cell 1 is occupied",
                "illegal move \"10\": cell 10 is off the board",
                "illegal move \"abc\"",
                " X X X\n O O 6\n 7 8 9\n",
            ],
            result: "result: x wins",
        },
        // x wins on the bottom row.
        Script {
            game: "connect4",
            input: "1\n1\n8\n0\nx\n2\n2\n3\n3\n4\n",
            shown: &[
                "illegal move \"8\": a move is a column 1-7",
                "illegal move \"x\"",
                " O O O . . . .\n X X X X . . .\n",
            ],
            result: "result: x wins",
        },
        // The shortest Othello game (9 plies, white wiped out).
        Script {
            game: "othello",
            input: "e6\na1\nd4\nPS\nq9\nf4\ne3\nf6\ng5\nd6\ne7\nf5\nc5\n",
            shown: &[
                "illegal move \"a1\": a1 turns no disc over",
                "illegal move \"d4\"",
                "illegal move \"PS\": cannot pass",
                "illegal move \"q9\": expected a square a1..h8 or a pass (PS, PA or PASS)",
                "black 4 · white 1",
            ],
            result: "result: black wins 64-0",
        },
        // Black makes five on row 8.
        Script {
            game: "gomoku",
            input: "h8\nh8\na1\np3\nzz\nj8\na2\ni8\na3\nk8\na4\nl8\n",
            shown: &[
                "illegal move \"h8\": cell h8 is occupied",
                "illegal move \"p3\": cell p3 is off the 15x15 board",
                "illegal move \"zz\"",
                " 8 . . . . . . . X X X X X . . .\n",
            ],
            result: "result: black wins",
        },
    ];
    for s in scripts {
        let out = two_humans(s.game, &[], s.input);
        assert_contains_all(&out, s.shown);
        assert_eq!(out.lines().last(), Some(s.result), "{}: {out}", s.game);
    }
}

/// The AI plays both sides to a result (the first line names the game and its variant).
#[test]
fn ai_against_itself_plays_to_the_end() {
    for (game, args, title) in [
        (
            "tictactoe",
            &["--size", "4x4", "--k", "3", "--level", "2"][..],
            "m,n,k 4×4 k=3",
        ),
        ("connect4", &["--level", "2"], "Connect Four"),
        ("othello", &["--level", "1"], "Othello"),
        (
            "gomoku",
            &["--level", "1", "--size", "9"],
            "Gomoku 9×9 freestyle",
        ),
    ] {
        let full: Vec<&str> = ["--human", "none"].iter().chain(args).copied().collect();
        let out = play(game, &full, "");
        assert!(out.starts_with(title), "{out}");
        assert!(out.lines().last().unwrap().starts_with("result: "), "{out}");
    }
}

/// Options out of range are refused (exit status not 0) before the game starts.
#[test]
fn bad_options_are_refused() {
    for (game, args) in [
        ("tictactoe", &["--level", "9"][..]),
        ("tictactoe", &["--size", "9x9"]),
        // Othello's levels are 1-10 and perfect.
        ("othello", &["--level", "11"]),
        ("gomoku", &["--size", "40"]),
        ("connect4", &["--depth", "0"]),
        ("othello", &["--nodes", "0"]),
        ("connect4", &["--depth", "x"]),
        // The same ranges as `bestmove`: depth below MAX_PLY, a day at most.
        ("connect4", &["--depth", "5000"]),
        ("gomoku", &["--time-ms", "86400001"]),
    ] {
        let (out, ok) = run_command([game, "play"], args, "");
        assert!(!ok, "{game} play {args:?}: {out}");
    }
}

/// An option's bad value is refused with the option named and what it accepts, as
/// clap's own errors do (a tester's report: `gomoku play --rule caro` said only
/// `unknown or unsupported rule "caro"`, and Gomoku's `--size`, tic-tac-toe's
/// `--size`/`--k` and Connect Four's `--width`/`--height` named no option either).
#[test]
fn a_bad_option_value_names_the_option() {
    for (game, args, expected) in [
        (
            "gomoku",
            &["--rule", "caro"][..],
            &[
                "'caro' for '--rule <RULE>'",
                "\"caro\"",
                "freestyle",
                "standard",
                "renju",
            ][..],
        ),
        (
            "gomoku",
            &["--size", "30"],
            &["'30' for '--size <SIZE>'", "from 5 to 22"],
        ),
        ("tictactoe", &["--size", "9x9x"], &["--size: ", "9x9x"]),
        ("tictactoe", &["--size", "9x9"], &["--size: ", "at most 64"]),
        (
            "tictactoe",
            &["--k", "7"],
            &["--k: ", "k = 7", "1 <= k <= 3"],
        ),
        (
            "tictactoe",
            &["--size", "4x4", "--k", "5"],
            &["--size/--k: ", "k = 5"],
        ),
        (
            "connect4",
            &["--width", "80"],
            &["'80' for '--width <W>'", "from 1 to 32"],
        ),
        (
            "connect4",
            &["--width", "32"],
            &["--width 32 --height 6: ", "64-bit bitboard"],
        ),
        (
            "connect4",
            &["--width", "8"],
            &["--width 8 --height 6: ", "7x6 board only"],
        ),
    ] {
        let full: Vec<&str> = ["play", "--plain"].iter().chain(args).copied().collect();
        let (_, err, ok) = crate::common::run_game(game, &full, "");
        assert!(!ok, "{game} play {args:?}: accepted");
        assert!(err.starts_with("error: "), "{game} play {args:?}: {err}");
        crate::common::assert_contains_all(&err, expected);
    }
}

/// A negative level is refused with the game's own message, as any other bad level
/// (report 20: clap took `-1` for an unknown option, `unexpected argument '-1' found`),
/// in `play` and in `bestmove`; a negative depth names its range.
#[test]
fn a_negative_level_gets_the_games_own_message() {
    let (_, err, ok) =
        crate::common::run_game("connect4", &["play", "--plain", "--level", "-1"], "");
    assert!(
        !ok && err.contains("--level <LEVEL>': level \"-1\": expected 1-14 or perfect"),
        "{err}"
    );
    let (_, err, ok) = crate::common::run_game("gomoku", &["bestmove", "--level", "-1"], "h8\n");
    assert!(!ok && err.contains("level \"-1\": expected 1-8"), "{err}");
    let (_, err, ok) = crate::common::run_game("othello", &["bestmove", "--depth", "-1"], "");
    assert!(
        !ok && err.contains("expected a whole number from 1 to 1023; a negative number"),
        "{err}"
    );
}

/// `play` takes a level with a time, depth or node limit, and these limits together, as
/// `bestmove` does and with its meaning: `--level 2 --nodes 100` is level 2 within 100
/// nodes (the first move and its depth and nodes are `bestmove`'s), `--level perfect
/// --time-ms` is the perfect level bounded by the time, with no warning that a solve may
/// not end. Before, clap refused any two of them (`--level` cannot be used with
/// `--time-ms`).
#[test]
fn play_takes_a_level_with_limits_as_bestmove_does() {
    let start = "---------------------------OX------XO--------------------------- X\n";
    let (best, _, ok) = crate::common::run_game(
        "othello",
        &["bestmove", "--level", "2", "--nodes", "100"],
        start,
    );
    assert!(ok, "{best}");
    let words: Vec<&str> = best.split_whitespace().collect();
    let at = |key: &str| words[words.iter().position(|&w| w == key).unwrap() + 1];
    let (mv, depth, nodes) = (at("bestmove"), at("depth"), at("nodes"));
    let out = play(
        "othello",
        &["--human", "none", "--level", "2", "--nodes", "100"],
        "",
    );
    assert!(out.contains("black AI (level 2, 100 nodes/move)"), "{out}");
    let first = out.lines().find(|l| l.starts_with("black plays")).unwrap();
    assert!(
        first.starts_with(&format!("black plays {mv} (depth {depth}, ")),
        "{first}"
    );
    assert!(first.ends_with(&format!(", {nodes} nodes)")), "{first}");
    assert!(out.lines().last().unwrap().starts_with("result: "), "{out}");
    let (out, err, ok) = crate::common::run_game(
        "othello",
        &["play", "--plain", "--level", "perfect", "--time-ms", "50"],
        "",
    );
    assert!(ok && err.is_empty(), "{err}");
    assert!(out.contains("AI (perfect, 50 ms/move)"), "{out}");
    // A level that does not search ignores a limit, and says so, as `bestmove` does;
    // the players' line shows the level alone (a tester: it showed the limit too).
    let (out, err, ok) = crate::common::run_game(
        "gomoku",
        &["play", "--plain", "--level", "1", "--time-ms", "100"],
        "",
    );
    assert!(ok, "{err}");
    assert_eq!(
        err.trim(),
        "warning: level 1 chooses its move without a search, so --time-ms has no effect"
    );
    assert!(out.contains("white AI (level 1)\n"), "{out}");
    // Both limits are named when both are given (a recheck's report).
    let (_, err, ok) = crate::common::run_game(
        "gomoku",
        &[
            "play",
            "--plain",
            "--level",
            "1",
            "--time-ms",
            "100",
            "--nodes",
            "500",
        ],
        "",
    );
    assert!(ok, "{err}");
    assert!(
        err.contains("so --nodes and --time-ms have no effect"),
        "{err}"
    );
    let out = play(
        "tictactoe",
        &["--human", "none", "--depth", "2", "--time-ms", "100"],
        "",
    );
    assert!(out.contains("AI (100 ms/move, depth 2)"), "{out}");
    assert!(out.lines().last().unwrap().starts_with("result: "), "{out}");
    // Perfect cut to a depth is a depth-limited search, and says so, as `bestmove` does
    // (helper report 45).
    let (out, err, ok) = crate::common::run_game(
        "tictactoe",
        &["play", "--plain", "--level", "perfect", "--depth", "2"],
        "",
    );
    assert!(ok && out.contains("AI (perfect, depth 2)"), "{out}{err}");
    assert!(
        err.starts_with("warning: --depth 2 with level perfect:"),
        "{err}"
    );
}

/// A depth or a node budget per move instead of a level: the AI plays the game out at
/// its strongest level within it, and says so.
#[test]
fn ai_plays_to_a_depth_or_a_node_budget() {
    for (game, args, shown) in [
        ("connect4", ["--depth", "3"], "AI (depth 3)"),
        ("othello", ["--nodes", "2000"], "AI (2000 nodes/move)"),
        ("tictactoe", ["--nodes", "500"], "AI (500 nodes/move)"),
        ("gomoku", ["--depth", "1"], "AI (depth 1)"),
    ] {
        let size: &[&str] = if game == "gomoku" {
            &["--size", "9"]
        } else {
            &[]
        };
        let full: Vec<&str> = ["--human", "none"]
            .iter()
            .chain(&args)
            .chain(size)
            .copied()
            .collect();
        let out = play(game, &full, "");
        assert!(out.contains(shown), "{game}: {out}");
        assert!(
            out.lines().last().unwrap().starts_with("result: "),
            "{game}: {out}"
        );
    }
}

/// `--level perfect` where an exact solve of an early position may not end (Othello from
/// the start, tic-tac-toe beyond 4×4) warns before the game starts: plain mode has no key
/// to stop the AI, and before, the game waited in silence. The small boards the solver
/// answers at once play without a warning, and so does an Othello position with 20
/// empty squares or fewer. (The human moves first and the input is empty, so each game
/// ends before the AI's first move.)
#[test]
fn perfect_where_it_may_not_end_warns() {
    let warning = "warning: --level perfect: every AI move is solved exactly: ";
    for (game, size) in [
        ("othello", &[][..]),
        ("tictactoe", &["--size", "8x8", "--k", "5"][..]),
    ] {
        let args: Vec<&str> = ["play", "--plain", "--level", "perfect"]
            .iter()
            .chain(size)
            .copied()
            .collect();
        let (_, err, ok) = crate::common::run_game(game, &args, "");
        assert!(ok && err.starts_with(warning), "{game}: {err}");
    }
    for size in ["3x3", "4x4"] {
        let (_, err, ok) = crate::common::run_game(
            "tictactoe",
            &["play", "--plain", "--size", size, "--level", "perfect"],
            "",
        );
        assert!(ok && err.is_empty(), "{size}: {err}");
    }
    // 14 empty squares, black to move.
    let late = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";
    let (_, err, ok) = crate::common::run_game(
        "othello",
        &["play", "--plain", "--level", "perfect", "--position", late],
        "",
    );
    assert!(ok && err.is_empty(), "{err}");
}

/// `play --level` refuses what `bestmove --level` refuses, in the same words (the game's
/// own level parser; report 41: `play` said `expected a level 1-10 or \`perfect\`` where
/// `bestmove` said `level "11": expected 1-10 or perfect (default 4)`), and both exit
/// with status 2.
#[test]
fn play_and_bestmove_refuse_a_level_alike() {
    for (game, bad) in [
        ("tictactoe", "6"),
        ("connect4", "15"),
        ("othello", "11"),
        ("gomoku", "perfect"),
        ("gomoku", "+4"),
    ] {
        let run = |command: &[&str]| {
            let args: Vec<&str> = [game].iter().chain(command).copied().collect();
            crate::common::run_binary(env!("CARGO_BIN_EXE_zerosum"), &args, "")
        };
        let play = run(&["play", "--plain", "--level", bad]);
        let best = run(&["bestmove", "--level", bad]);
        let message = |err: &str| {
            err.lines().find_map(|l| {
                l.split_once(&format!("level \"{bad}\": "))
                    .map(|(_, m)| m.to_string())
            })
        };
        assert_eq!(play.code, Some(2), "{game} play {bad}: {}", play.stderr);
        assert_eq!(best.code, Some(2), "{game} bestmove {bad}: {}", best.stderr);
        let (p, b) = (message(&play.stderr), message(&best.stderr));
        assert!(p.is_some(), "{game} play {bad}: {}", play.stderr);
        assert_eq!(p, b, "{game} --level {bad}");
        // The whole message, clap's frame included.
        assert_eq!(play.stderr, best.stderr, "{game} --level {bad}");
        // The level is refused where clap reads it, before a bad option after it.
        let play = run(&["play", "--plain", "--level", bad, "--time-ms", "0"]);
        let best = run(&["bestmove", "--level", bad, "--time-ms", "0"]);
        assert!(
            play.stderr.contains("'--level <LEVEL>'"),
            "{game}: {}",
            play.stderr
        );
        assert_eq!(play.stderr, best.stderr, "{game} --level {bad} --time-ms 0");
        // `play --help` names the levels the error names (the defaults may differ:
        // tic-tac-toe's `play` has its own on large boards).
        let range = p
            .as_deref()
            .and_then(|m| m.strip_prefix("expected "))
            .unwrap();
        let range = &range[..range.find(" (default").unwrap()];
        let help = run(&["play", "--help"]);
        if game == "tictactoe" {
            // Its own default, as a 5x5 game shows it.
            assert!(
                help.stdout.contains("on larger boards 2 s a move"),
                "{}",
                help.stdout
            );
            let five = run(&["play", "--plain", "--size", "5x5"]);
            assert!(five.stdout.contains("(2 s/move)"), "{}", five.stdout);
        }
        assert!(
            help.stdout.contains(&format!("AI strength: {range}")),
            "{game} play --help does not name {range}: {}",
            help.stdout
        );
    }
}

/// Blank lines, `#` comments and CR LF line ends are skipped without a new prompt: one
/// `x to move:` a turn, for a script that counts the prompts (a new user's report: four
/// prompts before the first move).
#[test]
fn skipped_lines_do_not_prompt_again() {
    let out = two_humans("tictactoe", &[], "\n#x\n\r\n5\n# o's turn\n\n1\nq\n");
    let first = out.find("x plays 5").unwrap_or_else(|| panic!("{out}"));
    assert_eq!(out[..first].matches("x to move:").count(), 1, "{out}");
    let second = out.find("o plays 1").unwrap_or_else(|| panic!("{out}"));
    assert_eq!(out[first..second].matches("o to move:").count(), 1, "{out}");
}

/// A script saved with a byte-order mark: the mark before its first move is skipped, as
/// the batch commands skip it (a recheck's report: `illegal move "\u{feff}5"`). A mark
/// before a later move is still refused.
#[test]
fn a_byte_order_mark_before_the_first_move_is_skipped() {
    let out = two_humans("tictactoe", &[], "\u{feff}5\n\u{feff}1\nq\n");
    assert!(out.contains("x plays 5"), "{out}");
    assert!(!out.contains("o plays 1"), "{out}");
    // Only on the input's first line, even when that line was a comment.
    let out = two_humans("tictactoe", &[], "# c\n\u{feff}5\nq\n");
    assert!(!out.contains("x plays 5"), "{out}");
}
