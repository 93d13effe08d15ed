//! Shared by the command-line integration tests: run the `zerosum` binary.

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs `zerosum <args>` with `input` on standard input; returns standard output and
/// whether the process exited successfully.
pub fn run_zerosum(args: &[&str], input: &str) -> (String, bool) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_zerosum"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run zerosum");
    child
        .stdin
        .take()
        .expect("piped stdin")
        .write_all(input.as_bytes())
        .expect("write stdin");
    let out = child.wait_with_output().expect("wait for zerosum");
    (
        String::from_utf8(out.stdout).expect("UTF-8 output"),
        out.status.success(),
    )
}
