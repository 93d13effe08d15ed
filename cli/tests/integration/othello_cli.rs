//! `zerosum othello …` end to end: perft, solve (exact and weak), analyze, bestmove,
//! and a bad input line.

use crate::common;

const START: &str = "---------------------------OX------XO--------------------------- X";
/// FFO #1 (14 empties): G8 +18 (FFO suite, from Edax's `problem/fforum-1-19.obf`).
const FFO1: &str = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";
/// FFO #20 (6 empties): H5 +6.
/// O's one disc e5 behind X's runs to the edge (d4 … a1, e4 … e1, d5 … a5): with O to
/// move, O must pass and X takes e5 and every square.
const WIPEOUT: &str = "X---X----X--X-----X-X------XX---XXXXO---------------------------";
const FFO20: &str = "XXXOXXXXOXXXXXXXOOXXXXXXOOOXXXXXOOOXXOO-OOOOO---OOOOOOO-OOOOOOO- X";

fn run(args: &[&str], stdin: &str) -> (bool, String, String) {
    let r = common::run_binary(env!("CARGO_BIN_EXE_zerosum"), args, stdin);
    (r.success, r.stdout, r.stderr)
}

fn first_columns(text: &str, n: usize) -> Vec<String> {
    text.lines()
        .map(|l| l.split_whitespace().take(n).collect::<Vec<_>>().join(" "))
        .collect()
}

#[test]
fn perft_prints_depth_and_count() {
    let (ok, out, _) = run(&["othello", "perft", "6"], "");
    assert!(ok);
    assert_eq!(
        first_columns(&out, 2),
        ["1 4", "2 12", "3 56", "4 244", "5 1396", "6 8200"]
    );
    let (ok, out, _) = run(
        &["othello", "perft", "2", "--position", START, "--edax"],
        "",
    );
    assert!(ok);
    assert_eq!(first_columns(&out, 2), ["1 4", "2 12"]);
    let (ok, _, err) = run(&["othello", "perft", "2", "--position", "XO X"], "");
    assert!(!ok);
    assert!(err.contains("64"), "{err}");
}

/// New-user report 40: a depth beyond the longest game is named against the position's
/// longest game however many digits it has (before, a number beyond 64 bits was named
/// against the type's limit).
#[test]
fn perft_names_the_longest_game_for_any_depth() {
    for depth in ["121", "99999999999999999999"] {
        let (ok, out, err) = run(&["othello", "perft", depth], "");
        assert!(!ok && out.is_empty(), "{out}");
        assert!(
            err.contains(&format!("perft depth {depth} is beyond")),
            "{err}"
        );
        assert!(err.contains("(the largest depth is 120)"), "{err}");
    }
    // FFO #20 has 6 empty squares: at most 12 plies.
    let (ok, _, err) = run(&["othello", "perft", "13", "--position", FFO20], "");
    assert!(!ok);
    assert!(err.contains("(the largest depth is 12)"), "{err}");
}

/// New-user report 41: an analysis at least as deep as the empty squares solves every
/// move, a draw included (it was shown as the evaluation `+0.00`); its values are the
/// exact analysis's (ties may come in another order).
#[test]
fn analyze_depth_past_the_end_is_exact_for_draws_too() {
    let p = "-X--XXXX--XOOOOO-XXOOXOO-XXOXOOO-OXXOXOOOOOOOOXOOXOOOOOOXXX--OXO X";
    let sorted = |out: &str| {
        let mut v: Vec<String> = out.split_whitespace().skip(2).map(String::from).collect();
        v.sort();
        v
    };
    let (ok, exact, _) = run(&["othello", "analyze"], &format!("{p}\n"));
    assert!(ok);
    assert!(exact.contains(" a5:0 "), "{exact}");
    let (ok, deep, _) = run(&["othello", "analyze", "--depth", "12"], &format!("{p}\n"));
    assert!(ok);
    assert!(deep.ends_with(" discs\n"), "{deep}");
    let mut want = sorted(&exact);
    want.push("discs".to_string());
    want.sort();
    assert_eq!(sorted(&deep), want, "{deep}");
}

/// New-user report 41: a draw was written three ways (`bestmove` `+0 discs`, `solve` `0`,
/// `analyze` `a5:0`); a zero now has no sign anywhere. The value is the exact solve's,
/// checked in `analyze_depth_past_the_end_is_exact_for_draws_too`.
#[test]
fn every_command_writes_a_draw_alike() {
    let p = "-X--XXXX--XOOOOO-XXOOXOO-XXOXOOO-OXXOXOOOOOOOOXOOXOOOOOOXXX--OXO X";
    let input = format!("{p}\n");
    let (ok, best, _) = run(&["othello", "bestmove", "--level", "perfect"], &input);
    assert!(ok && best.contains(" bestmove a5 score 0 discs "), "{best}");
    let (ok, solved, _) = run(&["othello", "solve"], &input);
    assert!(ok && solved == format!("{p} 0 a5\n"), "{solved}");
    let (ok, values, _) = run(&["othello", "analyze"], &input);
    assert!(ok && values.starts_with(&format!("{p} a5:0 ")), "{values}");
}

/// New-user report 40: `analyze --depth` takes `--time-ms` and `--nodes`; a limit that
/// ends the search first gives the deepest finished depth's values and says so.
#[test]
fn analyze_depth_is_bounded_by_a_limit() {
    let (ok, shallow, _) = run(
        &["othello", "analyze", "--depth", "1"],
        &format!("{START}\n"),
    );
    assert!(ok);
    let (ok, out, _) = run(
        &["othello", "analyze", "--depth", "30", "--nodes", "1"],
        &format!("{START}\n"),
    );
    assert!(ok);
    // One node: depth 1 (which always finishes) and nothing deeper.
    assert_eq!(
        out,
        shallow.replace(
            "discs (evaluation)",
            "discs (evaluation; depth 1 of 30 within the limit)"
        )
    );
    // A limit that the depth fits in changes nothing.
    let (ok, deep, _) = run(
        &["othello", "analyze", "--depth", "4"],
        &format!("{START}\n"),
    );
    assert!(ok);
    let (ok, out, _) = run(
        &["othello", "analyze", "--depth", "4", "--time-ms", "600000"],
        &format!("{START}\n"),
    );
    assert!(ok);
    assert_eq!(out, deep);
    assert!(deep.ends_with(" discs (evaluation)\n"), "{deep}");
}

/// A reader that stops after the first line (`perft 30 | head -1`) ends perft quietly
/// with success, not a panic on the broken pipe.
#[test]
fn perft_ends_quietly_when_its_reader_goes_away() {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_zerosum"))
        .args(["othello", "perft", "30"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(first.starts_with("1 4 "), "{first}");
    // The reader is dropped here: depth 2 is written into a closed pipe.
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{:?}: {err}", out.status);
    assert!(!err.contains("panicked"), "{err}");
}

/// Issue 14 item 9: `perft 0` counts the position itself (1 leaf), and a rate is printed
/// only when the CPU time means something (depths 0 to 3 take microseconds: `-`).
#[test]
fn perft_zero_is_one_and_tiny_times_print_no_rate() {
    let (ok, out, _) = run(&["othello", "perft", "0"], "");
    assert!(ok);
    assert_eq!(out, "0 1 0.000 -\n");
    let (ok, out, _) = run(&["othello", "perft", "3"], "");
    assert!(ok);
    for line in out.lines() {
        assert!(line.ends_with(" -"), "{out}");
    }
}

/// New-user report 19 / fix 20: a perft depth beyond the longest possible game (twice
/// the empty squares, a pass being a ply) is refused at once, naming the largest depth;
/// it used to run for ever (`perft 4000000000`).
#[test]
fn perft_beyond_the_longest_game_is_refused() {
    // Beyond u32 too (polish-25: `perft 1000000000000` named only the u32 range, `0 to
    // 4294967295`): the depth is named and the largest depth of the position.
    for depth in ["4000000000", "1000000000000", "18446744073709551615"] {
        let (ok, out, err) = run(&["othello", "perft", depth], "");
        assert!(!ok && out.is_empty(), "{out}");
        assert!(
            err.starts_with(&format!(
                "error: perft depth {depth} is beyond the longest possible game"
            )) && err.contains("the largest depth is 120"),
            "{err}"
        );
    }
    // Two empty squares: at most 4 plies.
    let late = format!("{}-- X", "X".repeat(31) + &"O".repeat(31));
    let (ok, _, err) = run(&["othello", "perft", "5", "--position", &late], "");
    assert!(!ok && err.contains("the largest depth is 4"), "{err}");
    let (ok, out, _) = run(&["othello", "perft", "4", "--position", &late], "");
    assert!(ok && out.lines().count() == 4, "{out}");
}

#[test]
fn solve_answers_good_lines_and_reports_bad_ones() {
    let input = format!("# FFO positions\n{FFO20}; H5:+6; G6:-2;\n\nnot a board X\n{FFO1}\n");
    let (ok, out, err) = run(&["othello", "solve"], &input);
    assert!(!ok, "a bad line makes the exit status non-zero");
    assert_eq!(out, format!("{FFO20} +6 h5\n{FFO1} +18 g8\n"));
    assert!(err.starts_with("line 4: "), "{err}");
    let (ok, out, _) = run(&["othello", "solve", "--weak"], &format!("{FFO20}\n"));
    assert!(ok);
    assert!(out.starts_with(&format!("{FFO20} win ")), "{out}");
}

#[test]
fn analyze_scores_every_move() {
    let (ok, out, _) = run(&["othello", "analyze"], &format!("{FFO20}\n"));
    assert!(ok);
    assert_eq!(out, format!("{FFO20} h5:+6 g6:-2 f6:-4 h6:-10\n"));
    let (ok, out, _) = run(
        &["othello", "analyze", "--depth", "2"],
        &format!("{START}\n"),
    );
    assert!(ok);
    assert_eq!(out.split_whitespace().count(), 2 + 4 + 2, "{out}");
    assert!(out.ends_with(" discs (evaluation)\n"), "{out}");
}

/// New-user report item 2: a depth-limited analysis that sees the game end gave
/// `h5:win in 1 g6:loss in 8 …` on FFO #20; a proven end is now solved and shown in
/// discs, the exact analysis's values (published: H5 +6), and the evaluations carry
/// bestmove's unit wording. `--depth 0` is refused as by every other `--depth`.
#[test]
fn analyze_depth_shows_game_ends_in_discs() {
    for depth in ["10", "20"] {
        let (ok, out, _) = run(
            &["othello", "analyze", "--depth", depth],
            &format!("{FFO20}\n"),
        );
        assert!(ok);
        assert_eq!(out, format!("{FFO20} h5:+6 g6:-2 f6:-4 h6:-10 discs\n"));
    }
    let (ok, out, _) = run(
        &["othello", "analyze", "--depth", "1"],
        &format!("{FFO20}\n"),
    );
    assert!(ok);
    assert!(out.starts_with(&format!("{FFO20} h5:+6 ")), "{out}");
    assert!(
        out.ends_with(" discs (evaluation; whole numbers exact)\n"),
        "{out}"
    );
    assert!(!out.contains(" in "), "{out}");
    // O's one disc e5 behind X's runs to the edge, O to move: O passes and X takes e5
    // (from f5, f6 or e6), a wipe-out (exact analysis: -64).
    let wipeout = format!("{WIPEOUT} O");
    let (ok, out, _) = run(
        &["othello", "analyze", "--depth", "3"],
        &format!("{wipeout}\n"),
    );
    assert!(ok);
    assert_eq!(out, format!("{wipeout} PS:-64 discs\n"));
    // bestmove's line of the forced pass goes on with X's reply (report 20: `pv PS`
    // alone).
    let (ok, out, _) = run(&["othello", "bestmove"], &format!("{wipeout}\n"));
    assert!(ok);
    assert!(
        out.starts_with(&format!("{wipeout} bestmove PS score -64 discs ")),
        "{out}"
    );
    let reply = out.rsplit_once(" pv PS ").map(|(_, m)| m.trim_end());
    assert!(matches!(reply, Some("f5" | "f6" | "e6")), "{out}");
    // After it the game is over (O has no disc): no move, the final difference as
    // `analyze` gives it, an answer with exit status 0 (here X's four centre discs).
    let over = "---------------------------XX------XX--------------------------- O";
    let (ok, out, _) = run(&["othello", "bestmove"], &format!("{over}\n"));
    assert!(ok);
    assert_eq!(out, format!("{over} bestmove none game over -64\n"));
    let r = common::run_binary(
        env!("CARGO_BIN_EXE_zerosum"),
        &["othello", "analyze", "--depth", "0"],
        format!("{FFO20}\n"),
    );
    assert!(
        !r.success
            && r.stderr
                .contains("'0' for '--depth <PLIES>': expected a whole number from 1 to"),
        "{}",
        r.stderr
    );
}

#[test]
fn bestmove_plays_a_legal_move() {
    let (ok, out, _) = run(
        &["othello", "bestmove", "--depth", "3"],
        &format!("{START}\n"),
    );
    assert!(ok);
    let mv = out.split_whitespace().nth(3).unwrap();
    assert!(["d3", "c4", "f5", "e6"].contains(&mv), "{out}");
    assert!(out.contains(" (evaluation) depth 3 nodes "), "{out}");
    // A time limit still solves a 14-empty endgame exactly (in milliseconds when idle;
    // the limit is generous so that a loaded machine does not fail the test).
    let (ok, out, _) = run(
        &["othello", "bestmove", "--time-ms", "10000"],
        &format!("{FFO1}\n"),
    );
    assert!(ok);
    assert!(
        out.starts_with(&format!(
            "{FFO1} bestmove g8 score +18 discs depth 14 nodes "
        )),
        "{out}"
    );
}

/// `bestmove --nodes N` reports at most `N` nodes, the same answer twice (before: 100
/// gave 228 from the start, 2 000 gave 3 072, 5 000 gave 8 338).
#[test]
fn bestmove_keeps_to_its_node_limit() {
    for n in [100u64, 2_000, 5_000] {
        let input = format!("{START}\n{FFO1}\n");
        let args = ["othello", "bestmove", "--level", "perfect", "--nodes"];
        let (ok, out, _) = run(&[&args[..], &[n.to_string().as_str()]].concat(), &input);
        assert!(ok);
        for line in out.lines() {
            let words: Vec<&str> = line.split_whitespace().collect();
            let at = words.iter().position(|&w| w == "nodes").expect("nodes");
            let nodes: u64 = words[at + 1].parse().unwrap();
            assert!(nodes <= n, "--nodes {n}: {line}");
        }
        let (_, again, _) = run(&[&args[..], &[n.to_string().as_str()]].concat(), &input);
        let without_time = |t: &str| -> Vec<String> {
            t.lines()
                .map(|l| l.split(" time ").next().unwrap_or("").to_string())
                .collect()
        };
        assert_eq!(without_time(&out), without_time(&again));
    }
}

/// Every table-size option is `--hash-mib`, range-checked by clap (exit 2 with the range,
/// no allocation attempted), for every game that has one.
#[test]
fn table_sizes_are_range_checked() {
    for (game, bad) in [
        ("othello", "100000000"),
        ("tictactoe", "100000000"),
        ("tictactoe", "18446744073709551615"),
        ("connect4", "8"),
        ("connect4", "99999"),
    ] {
        let r = common::run_binary(
            env!("CARGO_BIN_EXE_zerosum"),
            &[game, "solve", "--hash-mib", bad],
            "",
        );
        assert!(!r.success, "{game} --hash-mib {bad}");
        assert!(r.stderr.contains("--hash-mib"), "{game}: {}", r.stderr);
        assert!(r.stderr.contains("4096"), "{game}: {}", r.stderr);
    }
}

/// Issue 14 item 2: an exact command on a position far beyond exact solving warns,
/// saying how far (before, `othello solve` on the start position printed nothing for
/// minutes); with `--time-ms` or `--nodes` it answers `not solved within the limit` and
/// needs no warning; with standard error on a pipe no progress is drawn there.
#[test]
fn exact_commands_warn_far_beyond_and_take_a_limit() {
    let zerosum = env!("CARGO_BIN_EXE_zerosum");
    for command in ["solve", "analyze"] {
        let warning = common::first_stderr_line_then_kill(
            zerosum,
            &["othello", command],
            &format!("{START}\n"),
        );
        assert!(
            warning.starts_with(&format!("warning: {START}: 60 empty squares, 40 more than the 20 solved here in about a second: roughly 10^12 times that work")),
            "{warning}"
        );
        // New-user report item 6: the outlook follows the estimate (it said "minutes
        // to hours" for 10^19 seconds).
        assert!(
            warning.contains("that work: an exact solve may take far more than a lifetime"),
            "{warning}"
        );
        // 51 empty squares but a wipe-out two plies away (exact: -64): solved at once,
        // no warning (there was one).
        let wipeout = format!("{WIPEOUT} O");
        let (ok, out, err) = run(&["othello", command], &format!("{wipeout}\n"));
        assert!(ok);
        assert!(
            out.starts_with(&format!("{wipeout} ")) && out.contains("-64"),
            "{out}"
        );
        assert!(err.is_empty(), "{err}");
    }
    for (args, second, answer) in [
        (["othello", "solve", "--time-ms", "100"], FFO20, "+6 h5"),
        (
            ["othello", "analyze", "--nodes", "5000"],
            FFO1,
            "not solved within the limit",
        ),
    ] {
        let (ok, out, err) = run(&args, &format!("{START}\n{second}\n"));
        assert!(ok);
        assert_eq!(
            out,
            format!("{START} not solved within the limit\n{second} {answer}\n")
        );
        assert!(
            err.is_empty(),
            "a limit is given: no warning, no spinner: {err}"
        );
    }
    // New-user report 11 item 4: the warning says a limit bounds the solve, and so it
    // does for --weak too (it was refused as a conflict).
    let (ok, out, err) = run(
        &["othello", "solve", "--weak", "--nodes", "5000"],
        &format!("{START}\n{FFO20}\n"),
    );
    assert!(ok, "{err}");
    assert_eq!(
        out,
        format!("{START} not solved within the limit\n{FFO20} win h5\n")
    );
}

/// New-user report item 14: a bad `--position` is a usage error, exit status 2 like
/// every other bad option value (it was 1, the status of bad input lines).
#[test]
fn a_bad_perft_position_is_a_usage_error() {
    let r = common::run_binary(
        env!("CARGO_BIN_EXE_zerosum"),
        &["othello", "perft", "3", "--position", "XXX X"],
        "",
    );
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(r.stderr.contains("--position"), "{}", r.stderr);
    let (ok, out, _) = run(&["othello", "perft", "1", "--position", START], "");
    assert!(ok);
    assert!(out.starts_with("1 4 "), "{out}");
}

/// Issue 14 item 9: errors of the command line itself (not of one input line, which are
/// `line N: …`) begin with `error: `, as clap's own do, in every game.
#[test]
fn command_errors_share_one_prefix() {
    for args in [
        &["othello", "perft", "2", "--position", "XO X"][..],
        &["tictactoe", "solve", "--size", "65536x65536"],
        &["tictactoe", "play", "--plain", "--size", "9x9"],
        &["gomoku", "play", "--plain", "--size", "100"],
        &["connect4", "bestmove", "--level", "15"],
        &["othello", "solve", "--hash-mib", "0"],
    ] {
        let r = common::run_binary(env!("CARGO_BIN_EXE_zerosum"), args, "");
        assert!(!r.success, "{args:?}");
        assert!(r.stderr.starts_with("error: "), "{args:?}: {}", r.stderr);
    }
}

/// `othello nboard` answers each command as it comes (flushed: the test reads the
/// answer before it sends the next line) and solves FFO #1 (published: G8 +18).
#[test]
fn nboard_conversation_is_flushed_line_by_line() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::Stdio;
    let mut child = crate::common::spawn(
        env!("CARGO_BIN_EXE_zerosum"),
        &["othello", "nboard", "--hash-mib", "4"],
        Stdio::piped(),
    );
    let mut stdin = child.stdin.take().expect("stdin");
    let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
    let mut read_until = |prefix: &str| -> String {
        let mut line = String::new();
        loop {
            line.clear();
            assert!(
                stdout.read_line(&mut line).expect("read") > 0,
                "no {prefix:?}"
            );
            if line.starts_with(prefix) {
                return line.trim_end().to_string();
            }
        }
    };
    writeln!(stdin, "nboard 2").unwrap();
    assert_eq!(read_until("set myname"), "set myname zerosum");
    writeln!(stdin, "set depth 7\nping 1").unwrap();
    assert_eq!(read_until("pong"), "pong 1");
    let ffo1 =
        "(;GM[Othello]BO[8 --*****--OOO**-O-OOO**O*-O*O*O**O***O***--*O*O**-***OOO--OOOOO-- *];)";
    writeln!(stdin, "set game {ffo1}\ngo").unwrap();
    assert!(read_until("===").starts_with("=== g8/18/"));
    writeln!(stdin, "hint 1").unwrap();
    assert_eq!(read_until("search"), "search g8 18 0 100%");
    writeln!(stdin, "quit").unwrap();
    let out = child.wait_with_output().expect("wait");
    assert!(out.status.success());
}

/// New-user report 14: a depth-limited search too deep to finish in minutes warns before
/// it starts (it was silent until killed); a bounded one does not.
#[test]
fn deep_searches_warn_before_they_start() {
    let zerosum = env!("CARGO_BIN_EXE_zerosum");
    let input = format!("{START}\n");
    for (args, text) in [
        (
            &["othello", "bestmove", "--depth", "1023"][..],
            "warning: --depth 1023 without --time-ms or --nodes: an Othello search of 20 plies",
        ),
        (
            &["othello", "analyze", "--depth", "30"][..],
            "warning: ---------------------------OX------XO--------------------------- X: --depth 30: an Othello analysis of 18 plies",
        ),
        // A depth that takes every move's position to its end solves each exactly:
        // the exact analysis's warning (a tester's report: it spoke of a search).
        (
            &["othello", "analyze", "--depth", "61"][..],
            "warning: ---------------------------OX------XO--------------------------- X: 60 empty squares, 40 more than the 20 solved here",
        ),
        (
            &["connect4", "bestmove", "--depth", "40"][..],
            "warning: --depth 40 without --time-ms or --nodes: a Connect Four search of 20 plies",
        ),
    ] {
        let input = if args[0] == "connect4" { "-\n" } else { &input };
        let warning = common::first_stderr_line_then_kill(zerosum, args, input);
        assert!(warning.starts_with(text), "{args:?}: {warning}");
    }
    let (ok, _, err) = run(
        &["othello", "bestmove", "--depth", "30", "--nodes", "2000"],
        &input,
    );
    assert!(ok && err.is_empty(), "{err}");
    // An endgame's deep analysis is about as quick as its exact solve: no warning for
    // six empty squares (report 41: the warning came before any position was read).
    let (ok, out, err) = run(
        &["othello", "analyze", "--depth", "20"],
        "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXOOOOOOOOOOOOOOOOOOOOOOOOOO------ X\n",
    );
    assert!(ok && err.is_empty() && out.contains("h8:+30"), "{out}{err}");
    // Nor for 60 empty squares whose every move the solver finishes at once (each of
    // black's c5, c6 and d6 takes white's one disc, d5, and the game is over).
    let (ok, out, err) = run(
        &["othello", "analyze", "--depth", "1023"],
        "---------------------------XX------OX--------------------------- X\n",
    );
    assert!(
        ok && err.is_empty()
            && ["c5", "c6", "d6"]
                .iter()
                .all(|m| out.contains(&format!(" {m}:+64")))
            && out.ends_with(" discs\n"),
        "{out}{err}"
    );
    // A depth replaces level perfect's exact solve by a search that deep (an evaluation
    // at once): before, the start position still got "level perfect solves exactly: …
    // far more than a lifetime". Now it is told that the value is a search's (helper
    // report 45: tic-tac-toe and Connect Four said nothing).
    let (ok, out, err) = run(
        &["othello", "bestmove", "--level", "perfect", "--depth", "3"],
        &input,
    );
    assert!(
        ok && err.trim_end()
            == "warning: --depth 3 with level perfect: the search stops at 3 plies, so its \
                value is exact only where the game ends within that depth",
        "{err}"
    );
    assert!(out.contains("(evaluation) depth 3"), "{out}");
}

/// NBoard lines may end with LF, CR LF or a CR alone, a line longer than the bound is
/// reported by its number (to the GUI too, in a `status` line), and bytes that are not UTF-8 are replaced (a GGF name in
/// Latin-1 still sets the game). Before, lines ending with CR ran together
/// (`nboard: invalid number "2\rping 1"`).
#[test]
fn nboard_lines_end_at_a_lone_cr_too() {
    let mut input = b"nboard 2\rping 1\r\xffping\r\n".to_vec();
    input.extend_from_slice(b"set game (;GM[Othello]PB[M\xfcller]BO[8 ");
    input.extend_from_slice(b"---------------------------O*------*O--------------------------- *]");
    input.extend_from_slice(b"B[f5];)\rmove d3\r");
    input.extend(std::iter::repeat_n(b'x', 70_000));
    input.extend_from_slice(b"\rping 2\nquit\r");
    let r = common::run_binary(
        env!("CARGO_BIN_EXE_zerosum"),
        &["othello", "nboard", "--hash-mib", "4"],
        &input[..],
    );
    assert!(r.success, "{}", r.stderr);
    // Line 5's refused move is told to the GUI in a status line too, and so is line 6,
    // too long to read (it may have been a `set game`; before, only standard error had it).
    assert_eq!(
        r.stdout,
        "set myname zerosum\npong 1\nstatus zerosum refused move: illegal move d3: it turns no disc over; its game is unchanged\nstatus zerosum refused line 6: a line of 70000 bytes; lines are limited to 65536 bytes, line skipped; its game is unchanged\npong 2\n"
    );
    // Line 3 is an unknown command; line 5's d3 is no move of white's after f5, which
    // shows that line 4 set the game; line 6 is too long.
    let err: Vec<&str> = r.stderr.lines().collect();
    assert_eq!(err.len(), 3, "{}", r.stderr);
    assert!(
        err[0].starts_with("line 3: unknown command"),
        "{}",
        r.stderr
    );
    assert!(err[1].starts_with("line 5: "), "{}", r.stderr);
    assert!(
        err[2].starts_with("line 6: a line of 70000 bytes"),
        "{}",
        r.stderr
    );
}

/// New-user report 22: an input that cannot be read (a directory, `< /`) ended the NBoard
/// session in silence with success; it is reported as every command reading standard
/// input reports it, and fails.
#[cfg(unix)]
#[test]
fn nboard_reports_an_input_it_cannot_read() {
    use std::process::{Command, Stdio};
    let out = Command::new(env!("CARGO_BIN_EXE_zerosum"))
        .args(["othello", "nboard", "--hash-mib", "4"])
        .stdin(std::fs::File::open("/").unwrap())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{err}");
    // No line was read: no line is named (a tester's report, of `solve < /`).
    assert!(err.starts_with("cannot read input: "), "{err}");
}

/// New-user report 22: when the GUI went away (the engine's output closed) during `go`
/// at a deep `set depth`, the search went on for nobody until its depth was done (`set
/// depth 40` from the start: until killed). The closed output now stops it at once, as
/// the Gomocup brain's listener does, and the engine exits quietly with success, as the
/// batch commands do on a closed output (before, it exited 1 with `output: Broken
/// pipe`). The input stays open, so only the output's end can stop it; the deadline is a
/// hang detector.
#[cfg(target_os = "linux")]
#[test]
fn nboard_stops_its_search_when_its_output_closes() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::Stdio;
    use std::time::{Duration, Instant};
    let mut child = crate::common::spawn(
        env!("CARGO_BIN_EXE_zerosum"),
        &["othello", "nboard", "--hash-mib", "4"],
        Stdio::piped(),
    );
    let mut input = child.stdin.take().unwrap();
    input.write_all(b"nboard 2\nset depth 40\ngo\n").unwrap();
    input.flush().unwrap();
    let mut reader = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    while !line.starts_with("status zerosum is thinking") {
        line.clear();
        assert!(reader.read_line(&mut line).unwrap() > 0, "no status line");
    }
    drop(reader);
    let deadline = Instant::now() + Duration::from_secs(60);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("the search went on after the output closed");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let mut err = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut err).unwrap();
    assert!(
        status.success(),
        "a closed output ends it quietly: {status:?}: {err}"
    );
    assert!(err.is_empty(), "{err}");
    drop(input);
}
