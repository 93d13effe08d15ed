//! Output that cannot be written — standard output or standard error on a full disk
//! (`/dev/full`) — is an error with a non-zero status, never a silent success nor a
//! panic.

#![cfg(target_os = "linux")]

use crate::common::run_with_streams;
use std::process::{Output, Stdio};

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
    run_with_streams(ZEROSUM, args, stdout, Stdio::piped())
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

/// A tester's report: an error written with `eprintln!` panicked when standard error
/// could not be written (`2>/dev/full`), and the documented status (2 for a refused
/// option or argument) became 101. The message is now dropped, the status kept —
/// in `zerosum`, in `pbrain-zerosum`, and for a help that cannot be written either.
#[test]
fn errors_on_a_full_standard_error_keep_their_status() {
    let pbrain = env!("CARGO_BIN_EXE_pbrain-zerosum");
    for (bin, args, code) in [
        (
            ZEROSUM,
            &["gomoku", "play", "--plain", "--rule", "caro"][..],
            2,
        ),
        (ZEROSUM, &["connect4", "solve", "--width", "80"], 2),
        (
            ZEROSUM,
            &["tictactoe", "play", "--plain", "--level", "9"],
            2,
        ),
        (pbrain, &["--bogus"], 2),
    ] {
        let out = run_with_streams(bin, args, Stdio::piped(), full());
        assert_eq!(out.status.code(), Some(code), "{bin} {args:?}");
        assert!(out.stdout.is_empty(), "{bin} {args:?}");
    }
    let out = run_with_streams(ZEROSUM, &["--version"], full(), full());
    assert_eq!(out.status.code(), Some(1));
}
