//! `zerosum othello …` end to end: perft, solve (exact and weak), analyze, bestmove,
//! and a bad input line.

use crate::common;

const START: &str = "---------------------------OX------XO--------------------------- X";
/// FFO #1 (14 empties): G8 +18 (FFO suite, from Edax's `problem/fforum-1-19.obf`).
const FFO1: &str = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";
/// FFO #20 (6 empties): H5 +6.
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
    assert_eq!(out.split_whitespace().count(), 2 + 4, "{out}");
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

/// `othello nboard` answers each command as it comes (flushed: the test reads the
/// answer before it sends the next line) and solves FFO #1 (published: G8 +18).
#[test]
fn nboard_conversation_is_flushed_line_by_line() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_zerosum"))
        .args(["othello", "nboard", "--hash-mib", "4"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run zerosum");
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
