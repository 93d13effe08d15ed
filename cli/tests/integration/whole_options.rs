//! Every whole-number option of every command refuses a negative value and a huge one
//! (10^12: a table of a million GiB, a board side beyond any board) by naming the option
//! and the range its help documents, with clap's usage status 2, never an abort or a
//! panic. Before, a negative value read as an unknown short option (`unexpected
//! argument '-5' found`, the option unnamed) or as `invalid digit found in string`, and
//! a huge board side as `not in 0..=4294967295`.

use crate::common::run_binary;

const ZEROSUM: &str = env!("CARGO_BIN_EXE_zerosum");

/// A refused value: status 2, nothing on standard output, and standard error naming the
/// value, the option and `expected` (the range in words).
fn refused(args: &[&str], value: &str, option: &str, expected: &str) {
    let run = run_binary(ZEROSUM, args, "");
    let err = &run.stderr;
    assert_eq!(run.code, Some(2), "{args:?}: {err}");
    assert_eq!(run.stdout, "", "{args:?}");
    let named = format!("error: invalid value '{value}' for '{option}");
    assert!(
        err.starts_with(&named),
        "{args:?}: {named:?} missing in {err}"
    );
    assert!(
        err.contains(expected),
        "{args:?}: {expected:?} missing in {err}"
    );
}

/// The options, each with the range its `--help` documents (the limits shared by every
/// game: `--time-ms` at most a day, `--depth` below the core's 1024 plies).
#[test]
fn negative_and_huge_values_name_the_option_and_its_range() {
    let openings = ["--a", "x", "--b", "y", "--openings", "z"];
    let nodes = "a whole number of 1 or more";
    let time = "a whole number from 1 to 86400000";
    let depth = "a whole number from 1 to 1023";
    let mib = "a whole number from 1 to 4096";
    let c4_mib = "a whole number from 64 to 4096";
    let k = "a whole number from 1 to 64";
    let threads = "a whole number from 1 to 256";
    let width = "a whole number from 1 to 32";
    let height = "a whole number from 1 to 63";
    let side = "a whole number from 5 to 22";
    let gomoku_match = [&["gomoku", "match"][..], &openings].concat();
    let cases: Vec<(Vec<&str>, &str, &str)> = vec![
        (vec!["tictactoe", "solve"], "--hash-mib", mib),
        (vec!["tictactoe", "bestmove"], "--hash-mib", mib),
        (vec!["tictactoe", "analyze"], "--hash-mib", mib),
        (vec!["tictactoe", "solve"], "--k", k),
        (vec!["tictactoe", "play", "--plain"], "--k", k),
        (vec!["tictactoe", "solve"], "--time-ms", time),
        (vec!["tictactoe", "solve"], "--nodes", nodes),
        (vec!["tictactoe", "bestmove"], "--depth", depth),
        (vec!["tictactoe", "bestmove"], "--nodes", nodes),
        (vec!["tictactoe", "bestmove"], "--time-ms", time),
        (vec!["tictactoe", "play", "--plain"], "--depth", depth),
        (vec!["tictactoe", "play", "--plain"], "--nodes", nodes),
        (vec!["tictactoe", "play", "--plain"], "--time-ms", time),
        (vec!["connect4", "solve"], "--hash-mib", c4_mib),
        (vec!["connect4", "analyze"], "--hash-mib", c4_mib),
        (vec!["connect4", "solve"], "--threads", threads),
        (vec!["connect4", "solve"], "--width", width),
        (vec!["connect4", "solve"], "--height", height),
        (vec!["connect4", "play", "--plain"], "--width", width),
        (vec!["connect4", "analyze"], "--nodes", nodes),
        (vec!["connect4", "bestmove"], "--depth", depth),
        (vec!["othello", "solve"], "--hash-mib", mib),
        (vec!["othello", "nboard"], "--hash-mib", mib),
        (vec!["othello", "analyze"], "--depth", depth),
        (vec!["othello", "analyze"], "--time-ms", time),
        (vec!["othello", "play", "--plain"], "--depth", depth),
        (vec!["gomoku", "solve"], "--nodes", nodes),
        (vec!["gomoku", "bestmove"], "--nodes", nodes),
        (vec!["gomoku", "play", "--plain"], "--size", side),
        (gomoku_match.clone(), "--games", nodes),
        (gomoku_match.clone(), "--time-ms", time),
        (gomoku_match.clone(), "--game-ms", time),
    ];
    for (command, option, expected) in &cases {
        // Plain decimal digits: a `+` is refused and named (`u64::from_str` reads one).
        let args = [&command[..], &[option, "+5"]].concat();
        let plus = format!("{expected}, in plain decimal digits; a + sign is not allowed");
        refused(&args, "+5", option, &plus);
        for value in ["-5", "-1"] {
            let args = [&command[..], &[option, value]].concat();
            let negative = format!("{expected}; a negative number is not allowed");
            refused(&args, value, option, &negative);
        }
        if !expected.ends_with("or more") {
            let huge = "1000000000000";
            refused(
                &[&command[..], &[option, huge]].concat(),
                huge,
                option,
                expected,
            );
        }
    }
    // The positional perft depth too.
    refused(
        &["othello", "perft", "-1"],
        "-1",
        "<DEPTH>",
        "a whole number of 0 or more; a negative number is not allowed",
    );
    // A number of digits too large for any count is named as such (but perft's depth,
    // named against the position's longest game: `perft_names_the_longest_game_for_any_depth`).
    let huge = "99999999999999999999999";
    refused(
        &["gomoku", "solve", "--nodes", huge],
        huge,
        "--nodes",
        "a whole number up to 18446744073709551615",
    );
}

/// Runs each command line of `runs` (its last argument the `--size` value) and checks
/// that it exits with usage status 2 and the one line `error: --size: size "<value>"
/// <why>`.
fn size_refused(runs: &[&[&str]], why: &str) {
    for &args in runs {
        let run = run_binary(ZEROSUM, args, "");
        assert_eq!(run.code, Some(2), "{args:?}: {}", run.stderr);
        let size = args.last().unwrap();
        assert_eq!(
            run.stderr.trim(),
            format!("error: --size: size \"{size}\" {why}"),
            "{args:?}"
        );
    }
}

/// A board size written with a minus (`--size -3x3`) is the size option's to refuse,
/// saying why, with usage status 2. Before, clap took it for a short option:
/// `unexpected argument '-3' found`, the size option unnamed.
#[test]
fn a_negative_board_size_is_refused_as_a_size() {
    size_refused(
        &[
            &["tictactoe", "play", "--plain", "--size", "-3x3"],
            &["tictactoe", "solve", "--size", "-3x3"],
            &["tictactoe", "bestmove", "--size", "3x-3"],
            &["tictactoe", "analyze", "--size", "-3"],
        ],
        "has a negative side (sides are whole numbers of 1 or more, e.g. 3x3, 5x4)",
    );
    refused(
        &["gomoku", "play", "--plain", "--size", "-3x3"],
        "-3x3",
        "--size",
        "a whole number from 5 to 22",
    );
}

/// A board size or a level written with a `+` (`--size +3x3`, `--level +3`) is refused
/// with the option named and the sign said, with usage status 2, as a `+` is in every
/// number the command line reads (the whole-number options, the Gomocup protocol's
/// numbers). Before, each was read as if the `+` were not there.
#[test]
fn a_plus_sign_is_refused_in_sizes_and_levels() {
    size_refused(
        &[
            &["tictactoe", "play", "--plain", "--size", "+3x3"],
            &["tictactoe", "solve", "--size", "+3x3"],
            &["tictactoe", "bestmove", "--size", "3x+3"],
            &["tictactoe", "analyze", "--size", "4x4x+3"],
        ],
        "has a number written with a + sign (sizes are plain decimal digits, e.g. 3x3, 5x4 k=4)",
    );
    refused(
        &["gomoku", "play", "--plain", "--size", "+15"],
        "+15",
        "--size",
        "a whole number from 5 to 22, in plain decimal digits; a + sign is not allowed",
    );
    for (game, expected) in [
        ("tictactoe", "level \"+3\": expected "),
        ("connect4", "level \"+3\": expected "),
        ("othello", "level \"+3\": expected "),
        ("gomoku", "level \"+3\": expected "),
    ] {
        for command in [&[game, "play", "--plain"][..], &[game, "bestmove"]] {
            let args = [command, &["--level", "+3"]].concat();
            let run = run_binary(ZEROSUM, &args, "");
            assert_eq!(run.code, Some(2), "{args:?}: {}", run.stderr);
            assert!(
                run.stderr.contains(expected)
                    && run
                        .stderr
                        .contains("in plain decimal digits without a + sign"),
                "{args:?}: {}",
                run.stderr
            );
            assert!(run.stderr.contains("--level"), "{args:?}: {}", run.stderr);
        }
    }
}

/// A rule written as a negative Gomocup code is the rule parser's to refuse (naming
/// `--rule`), not taken for a short option.
#[test]
fn a_negative_rule_code_is_refused_as_a_rule() {
    let run = run_binary(ZEROSUM, &["gomoku", "play", "--plain", "--rule", "-1"], "");
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(
        run.stderr
            .starts_with("error: invalid value '-1' for '--rule <RULE>'"),
        "{}",
        run.stderr
    );
    let args = [
        "gomoku",
        "match",
        "--a",
        "x",
        "--b",
        "y",
        "--openings",
        "z",
        "--rule",
        "-1",
    ];
    let run = run_binary(ZEROSUM, &args, "");
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(
        run.stderr
            .starts_with("error: invalid value '-1' for '--rule"),
        "{}",
        run.stderr
    );
}
