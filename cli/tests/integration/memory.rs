//! A table bigger than the memory the process may have (`--hash-mib` within its range,
//! under an address-space limit) is a clear error, not an abort. Linux only (`sh`'s
//! `ulimit -v` limits the address space there).
#![cfg(target_os = "linux")]

use crate::common::{Run, run_binary};

/// The address-space limit of the runs, in KiB (`ulimit -v`): about 2 GB, less than the
/// 4096 MiB tables asked for, enough for everything else.
const LIMIT_KIB: u32 = 2_000_000;

/// Runs `zerosum <args>` under [`LIMIT_KIB`] (through `sh`'s `ulimit -v`) with `input`.
fn under_limit(args: &[&str], input: &str) -> Run {
    let script = format!("ulimit -v {LIMIT_KIB} && exec \"$0\" \"$@\"");
    let mut full = vec!["-c", &script, env!("CARGO_BIN_EXE_zerosum")];
    full.extend_from_slice(args);
    run_binary("sh", &full, input)
}

#[test]
fn a_table_the_system_refuses_is_an_error_naming_its_size() {
    for (args, input) in [
        (&["connect4", "solve", "--hash-mib", "4096"][..], "4455\n"),
        (&["connect4", "analyze", "--hash-mib", "4096"][..], "4455\n"),
        (&["othello", "solve", "--hash-mib", "4096"][..], ""),
        (&["othello", "nboard", "--hash-mib", "4096"][..], ""),
        (
            &["tictactoe", "solve", "--hash-mib", "4096"][..],
            "x........\n",
        ),
        (
            &["tictactoe", "bestmove", "--hash-mib", "4096"][..],
            "x........\n",
        ),
    ] {
        let run = under_limit(args, input);
        assert_eq!(run.code, Some(1), "{args:?}: {}", run.stderr);
        assert!(
            run.stderr.starts_with("error: cannot allocate a table of ")
                && run.stderr.contains("--hash-mib")
                && !run.stderr.contains("panicked"),
            "{args:?}: {}",
            run.stderr
        );
        assert_eq!(run.stdout, "", "{args:?}");
    }
    // The limit leaves room for the default tables: the same commands answer.
    let run = under_limit(&["connect4", "solve"], "4455\n");
    assert_eq!(
        (run.stdout.as_str(), run.code),
        ("4455 18\n", Some(0)),
        "{}",
        run.stderr
    );
}
