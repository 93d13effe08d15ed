//! Output that cannot be written — standard output or standard error on a full disk
//! (`/dev/full`) — is an error with a non-zero status, never a silent success nor a
//! panic.

#![cfg(target_os = "linux")]

use std::process::{Command, Output, Stdio};

const ZEROSUM: &str = env!("CARGO_BIN_EXE_zerosum");

/// `/dev/full` opened for writing: every write fails with "no space left on device".
fn full() -> Stdio {
    let file = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("open /dev/full");
    Stdio::from(file)
}

/// Runs `zerosum <args>` with no input, standard output to `stdout` and standard error
/// piped.
fn zerosum(args: &[&str], stdout: Stdio) -> Output {
    Command::new(ZEROSUM)
        .args(args)
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .output()
        .expect("run zerosum")
}

/// A tester's report: `zerosum --version > /dev/full` exited 0, as did `--help` and a
/// subcommand's help (clap's `exit` ignores a failed write). As coreutils do, a help or
/// version that cannot be written now fails with status 1 and says why on standard
/// error; written to a pipe, they still succeed.
#[test]
fn help_and_version_that_cannot_be_written_fail() {
    for args in [
        &["--version"][..],
        &["--help"],
        &["gomoku", "--help"],
        &["connect4", "play", "--help"],
        &["help", "othello"],
    ] {
        let out = zerosum(args, full());
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert!(
            err.starts_with("error: cannot write to standard output: "),
            "{args:?}: {err}"
        );
        let out = zerosum(args, Stdio::piped());
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        assert!(!out.stdout.is_empty() && out.stderr.is_empty(), "{args:?}");
    }
    // A usage error keeps clap's status 2.
    let out = zerosum(&["--bogus"], full());
    assert_eq!(out.status.code(), Some(2));
}
