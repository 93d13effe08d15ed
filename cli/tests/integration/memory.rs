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

/// The Gomocup brain's peak resident memory (`VmHWM`: what Piskvork checks, a brain's
/// `PeakWorkingSetSize`, against `max_memory` in a tournament), in bytes.
fn peak_resident(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let kib = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().strip_suffix("kB"))
        .and_then(|v| v.trim().parse::<u64>().ok())
        .expect("a VmHWM line in kB");
    kib * 1024
}

/// `pbrain-zerosum` told `max_memory` as Piskvork and the Gomocup judge tell it (after
/// `START`), playing four moves as white: its `MESSAGE` lines and its peak resident
/// memory then.
fn brain_under_max_memory(max_memory: u64) -> (Vec<String>, u64) {
    use std::io::{BufRead, BufReader, Write};
    let mut child = crate::common::spawn(
        env!("CARGO_BIN_EXE_pbrain-zerosum"),
        &[],
        std::process::Stdio::piped(),
    );
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut messages = Vec::new();
    let mut answer = |stdin: &mut std::process::ChildStdin, line: &str| -> String {
        write!(stdin, "{line}\r\n").unwrap();
        stdin.flush().unwrap();
        loop {
            let mut reply = String::new();
            stdout.read_line(&mut reply).unwrap();
            let reply = reply.trim_end().to_string();
            if !reply.starts_with("MESSAGE") {
                return reply;
            }
            messages.push(reply);
        }
    };
    assert_eq!(answer(&mut stdin, "START 15"), "OK");
    write!(
        stdin,
        "INFO timeout_turn 200\r\nINFO max_memory {max_memory}\r\nINFO rule 0\r\n"
    )
    .unwrap();
    // The opponent's stones along the edge, skipping any the brain took.
    let mut taken = Vec::new();
    let mut edge = (0..15).map(|y| format!("0,{y}"));
    for _ in 0..4 {
        let ours = edge.find(|c| !taken.contains(c)).unwrap();
        let reply = answer(&mut stdin, &format!("TURN {ours}"));
        assert!(gomoku::Cell::parse_xy(&reply).is_ok(), "{reply}");
        taken.extend([ours, reply]);
    }
    let peak = peak_resident(child.id());
    write!(stdin, "END\r\n").unwrap();
    drop(stdin);
    assert!(child.wait().unwrap().success());
    (messages, peak)
}

/// `INFO max_memory` (bytes, 0 = no limit) is a limit the brain keeps, its table sized
/// by what it leaves; one below what the brain needs with its smallest table is met as
/// closely as it can be (that table) and said so in a `MESSAGE`, which a manager logs.
/// Before, the brain made its 64 MiB table at `START`, before the limit came (about
/// 57 MB resident), and then took half of the limit for its table whatever the rest
/// needed, all without a word.
#[test]
fn the_gomocup_brain_keeps_within_max_memory() {
    for limit in [11_000_000, 16_000_000, 40_000_000] {
        let (messages, peak) = brain_under_max_memory(limit);
        assert!(messages.is_empty(), "{limit}: {messages:?}");
        assert!(
            peak <= limit,
            "max_memory {limit}: {peak} bytes resident at the peak"
        );
    }
    let (messages, peak) = brain_under_max_memory(4_000_000);
    assert_eq!(
        messages,
        [format!(
            "MESSAGE INFO max_memory 4000000: cannot be met, the brain needs about {} bytes with its smallest table (1 MiB); playing with that table",
            gomoku::protocol::MIN_MEMORY
        )]
    );
    assert!(peak <= gomoku::protocol::MIN_MEMORY, "{peak}");
}
