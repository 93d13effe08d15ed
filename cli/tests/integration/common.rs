//! Shared by the command-line integration tests: run a binary of this package.

#![allow(dead_code)] // each test file uses part of it

use std::io::Write;
use std::process::{Command, Stdio};

/// What a finished run printed and how it ended.
pub struct Run {
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
    /// True when the process exited with status 0.
    pub success: bool,
}

/// Runs `bin <args>` with `input` on standard input and waits for it.
pub fn run_binary(bin: &str, args: &[&str], input: &str) -> Run {
    let mut child = Command::new(bin)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {bin}: {e}"));
    // A binary that refuses its options exits without reading: a broken pipe is fine.
    if let Err(e) = child
        .stdin
        .take()
        .expect("piped stdin")
        .write_all(input.as_bytes())
        && e.kind() != std::io::ErrorKind::BrokenPipe
    {
        panic!("write stdin: {e}");
    }
    let out = child.wait_with_output().expect("wait for the binary");
    Run {
        stdout: String::from_utf8(out.stdout).expect("UTF-8 standard output"),
        stderr: String::from_utf8(out.stderr).expect("UTF-8 standard error"),
        success: out.status.success(),
    }
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
