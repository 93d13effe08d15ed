//! Shared by the command-line integration tests: run a binary of this package.

#![allow(dead_code)] // each test file uses part of it

use std::io::Write;
use std::process::{Child, Command, Output, Stdio};

/// What a finished run printed and how it ended.
pub struct Run {
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
    /// True when the process exited with status 0.
    pub success: bool,
    /// The exit status (`None` when a signal ended the process).
    pub code: Option<i32>,
}

/// Starts `bin <args>` with standard input and standard error piped, standard output
/// to `stdout` (e.g. `Stdio::piped()` for a conversation line by line).
pub fn spawn(bin: &str, args: &[&str], stdout: Stdio) -> Child {
    Command::new(bin)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {bin}: {e}"))
}

/// Runs `bin <args>` with `input` (text or raw bytes) on standard input and waits for it.
pub fn run_binary(bin: &str, args: &[&str], input: impl AsRef<[u8]>) -> Run {
    let mut child = spawn(bin, args, Stdio::piped());
    // A binary that refuses its options exits without reading: a broken pipe is fine.
    if let Err(e) = child
        .stdin
        .take()
        .expect("piped stdin")
        .write_all(input.as_ref())
        && e.kind() != std::io::ErrorKind::BrokenPipe
    {
        panic!("write stdin: {e}");
    }
    let out = child.wait_with_output().expect("wait for the binary");
    Run {
        stdout: String::from_utf8(out.stdout).expect("UTF-8 standard output"),
        stderr: String::from_utf8(out.stderr).expect("UTF-8 standard error"),
        success: out.status.success(),
        code: out.status.code(),
    }
}

/// Runs `bin <args>` with no input, standard output to `stdout` and standard error to
/// `stderr` (e.g. `/dev/full` for either), and waits for it.
pub fn run_with_streams(bin: &str, args: &[&str], stdout: Stdio, stderr: Stdio) -> Output {
    Command::new(bin)
        .args(args)
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(stderr)
        .output()
        .unwrap_or_else(|e| panic!("cannot run {bin}: {e}"))
}

/// Runs `zerosum <args>` with `input` on standard input; returns standard output and
/// whether the process exited successfully.
pub fn run_zerosum(args: &[&str], input: &str) -> (String, bool) {
    let run = run_binary(env!("CARGO_BIN_EXE_zerosum"), args, input);
    (run.stdout, run.success)
}

/// Runs `zerosum <game> <command> <args>` (e.g. `["connect4", "play"]`) with `input` on
/// standard input; returns standard output and whether the process exited successfully.
pub fn run_command(command: [&str; 2], args: &[&str], input: &str) -> (String, bool) {
    let full: Vec<&str> = command.iter().chain(args).copied().collect();
    run_zerosum(&full, input)
}

/// Runs `zerosum <game> <args>` with `input` on standard input; returns standard output,
/// standard error and whether the process exited successfully.
pub fn run_game(game: &str, args: &[&str], input: &str) -> (String, String, bool) {
    let full: Vec<&str> = [game].iter().chain(args).copied().collect();
    let r = run_binary(env!("CARGO_BIN_EXE_zerosum"), &full, input);
    (r.stdout, r.stderr, r.success)
}

/// Runs `zerosum <game> play <args>` with `input` on standard input: asserts that the
/// process exits successfully and returns standard output.
pub fn play(game: &str, args: &[&str], input: &str) -> String {
    let (out, ok) = run_command([game, "play"], args, input);
    assert!(ok, "{game} play {args:?}: {out}");
    out
}

/// Two humans play `<game>` in plain mode (`--plain --human both` and `args`), typing
/// `input`: asserts that the process exits successfully and returns standard output.
pub fn two_humans(game: &str, args: &[&str], input: &str) -> String {
    let full: Vec<&str> = ["--plain", "--human", "both"]
        .iter()
        .chain(args)
        .copied()
        .collect();
    play(game, &full, input)
}

/// Asserts that `out` contains every one of `needles`.
pub fn assert_contains_all(out: &str, needles: &[&str]) {
    for needle in needles {
        assert!(out.contains(needle), "{needle:?} missing in:\n{out}");
    }
}

/// Starts `bin <args>` with `input` on standard input, reads the first line it writes to
/// standard error, then kills it (for warnings printed before a very long run).
pub fn first_stderr_line_then_kill(bin: &str, args: &[&str], input: &str) -> String {
    use std::io::{BufRead, BufReader};
    let mut child = spawn(bin, args, Stdio::null());
    let mut stdin = child.stdin.take().expect("piped stdin");
    stdin.write_all(input.as_ref()).expect("write stdin");
    drop(stdin);
    let mut line = String::new();
    let read = BufReader::new(child.stderr.take().expect("piped stderr")).read_line(&mut line);
    let _ = child.kill();
    let _ = child.wait();
    read.expect("read standard error");
    line
}
