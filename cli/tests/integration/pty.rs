//! Every long-running command of every game, with standard error on a pseudo-terminal
//! (issue 14 item 1): `connect4 solve` used to hang there forever, because the line
//! processor held the standard-error lock while the progress spinner's thread waited to
//! write. `ZEROSUM_PROGRESS_DELAY_MS=0` makes the spinner draw at once on every line, so
//! the terminal path is taken on these small inputs.
//!
//! Expected answers are the published values (Pons' scores, the FFO suite, tic-tac-toe
//! theory) or, for the rest, what the same command prints with standard error on a pipe.

#![cfg(unix)]

use crate::common;

use rustix::pty::{OpenptFlags, grantpt, openpt, ptsname, unlockpt};
use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const ZEROSUM: &str = env!("CARGO_BIN_EXE_zerosum");

/// A deadlock detector, not a speed bound: each run below takes well under a second of
/// CPU; a process alive after this long is stuck (the old hang slept forever).
const STUCK_AFTER: Duration = Duration::from_secs(300);

/// FFO #20 (6 empties): H5 +6, G6 −2, F6 −4, H6 −10 (FFO suite).
const FFO20: &str = "XXXOXXXXOXXXXXXXOOXXXXXXOOOXXXXXOOOXXOO-OOOOO---OOOOOOO-OOOOOOO- X";

/// A new pseudo-terminal: its controlling side (the test's) and a way to open its
/// terminal side (for a child's streams).
fn new_pty() -> (rustix::fd::OwnedFd, impl Fn() -> std::fs::File) {
    let master = openpt(OpenptFlags::RDWR | OpenptFlags::NOCTTY).expect("openpt");
    grantpt(&master).expect("grantpt");
    unlockpt(&master).expect("unlockpt");
    let name = ptsname(&master, Vec::new()).expect("ptsname");
    let name = name.to_str().expect("UTF-8 pty name").to_string();
    let open = move || {
        std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .open(&name)
            .expect("open the pty's terminal side")
    };
    (master, open)
}

/// A thread reading everything written to the pseudo-terminal `master` until its
/// terminal side is gone (reading then fails with EIO), calling `read` with the bytes
/// seen so far after each read; it returns them as text.
fn read_terminal(
    master: rustix::fd::OwnedFd,
    mut read: impl FnMut(usize) + Send + 'static,
) -> std::thread::JoinHandle<String> {
    let mut master = std::fs::File::from(master);
    std::thread::spawn(move || {
        let mut seen = Vec::new();
        let mut buf = [0u8; 4096];
        while let Ok(n) = master.read(&mut buf) {
            if n == 0 {
                break;
            }
            seen.extend_from_slice(&buf[..n]);
            read(seen.len());
        }
        String::from_utf8_lossy(&seen).into_owned()
    })
}

/// What a run under a pseudo-terminal printed.
struct PtyRun {
    stdout: String,
    terminal: String,
    success: bool,
}

/// Runs `zerosum <args>` with `input` on a pipe, standard output on a pipe and standard
/// error on a pseudo-terminal; fails the test if the process does not end.
fn run_on_pty(args: &[&str], input: &str) -> PtyRun {
    let (master, open) = new_pty();
    let slave = open();
    let mut child = Command::new(ZEROSUM)
        .args(args)
        .env("ZEROSUM_PROGRESS_DELAY_MS", "0")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::from(slave))
        .spawn()
        .expect("run zerosum");
    // The terminal must be read, or a process writing much to it would block.
    let terminal = read_terminal(master, |_| {});
    let mut stdout = child.stdout.take().expect("piped stdout");
    let out = std::thread::spawn(move || {
        let mut s = String::new();
        stdout
            .read_to_string(&mut s)
            .expect("UTF-8 standard output");
        s
    });
    let mut stdin = child.stdin.take().expect("piped stdin");
    stdin.write_all(input.as_bytes()).expect("write stdin");
    drop(stdin);
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if started.elapsed() > STUCK_AFTER {
            let _ = child.kill();
            let _ = child.wait();
            panic!("zerosum {args:?} is stuck with standard error on a terminal");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    PtyRun {
        stdout: out.join().expect("stdout reader"),
        terminal: terminal.join().expect("terminal reader"),
        success: status.success(),
    }
}

/// `text` with the values of `time <ms>` fields blanked (they differ from run to run).
fn without_times(text: &str) -> String {
    let mut out = Vec::new();
    let mut after_time = false;
    for word in text.split(' ') {
        out.push(if after_time { "_" } else { word });
        after_time = word == "time";
    }
    out.join(" ")
}

/// Runs `args` on a pty and on pipes: same answers (times aside), success.
fn same_as_on_pipes(args: &[&str], input: &str) -> PtyRun {
    let pty = run_on_pty(args, input);
    let piped = common::run_binary(ZEROSUM, args, input);
    assert_eq!(
        without_times(&pty.stdout),
        without_times(&piped.stdout),
        "zerosum {args:?}"
    );
    assert!(
        pty.success && piped.success,
        "zerosum {args:?}: {}",
        piped.stderr
    );
    pty
}

#[test]
fn connect4_long_commands_answer_on_a_terminal() {
    // Pons' scores (his test protocol's convention).
    let run = same_as_on_pipes(&["connect4", "solve"], "4455\n44455554221\n");
    assert_eq!(run.stdout, "4455 18\n44455554221 -15\n");
    // The spinner was drawn on the terminal: progress is shown to whoever looks.
    assert!(run.terminal.contains("solving 4455"), "{:?}", run.terminal);
    // x to move wins at once in column 1 (three x stones there).
    let run = same_as_on_pipes(&["connect4", "bestmove"], "121212\n");
    assert!(
        run.stdout.starts_with("121212 bestmove 1 score win in 1 "),
        "{}",
        run.stdout
    );
    same_as_on_pipes(&["connect4", "analyze"], "444444123216\n");
    same_as_on_pipes(&["connect4", "solve", "--weak"], "4455\n");
    same_as_on_pipes(&["connect4", "bestmove", "--level", "4"], "4455\n");
}

#[test]
fn tictactoe_long_commands_answer_on_a_terminal() {
    // X in a corner, O in the centre: a draw with best play.
    let run = same_as_on_pipes(&["tictactoe", "solve"], "x...o....\n");
    assert_eq!(run.stdout, "x...o.... 0\n");
    assert!(
        run.terminal.contains("solving (7 empty cells)"),
        "{:?}",
        run.terminal
    );
    let run = same_as_on_pipes(&["tictactoe", "analyze"], "x...o....\n");
    assert!(
        run.terminal.contains("analyzing (7 empty cells)"),
        "{:?}",
        run.terminal
    );
    same_as_on_pipes(&["tictactoe", "bestmove"], "x...o....\n");
    same_as_on_pipes(&["tictactoe", "bestmove", "--depth", "3"], "x...o....\n");
    same_as_on_pipes(&["tictactoe", "variants"], "x...o.x.o\n");
}

#[test]
fn othello_long_commands_answer_on_a_terminal() {
    let run = same_as_on_pipes(&["othello", "solve"], &format!("{FFO20}\n"));
    assert_eq!(run.stdout, format!("{FFO20} +6 h5\n"));
    assert!(
        run.terminal.contains("solving (6 empties)"),
        "{:?}",
        run.terminal
    );
    let run = same_as_on_pipes(&["othello", "analyze"], &format!("{FFO20}\n"));
    assert_eq!(run.stdout, format!("{FFO20} h5:+6 g6:-2 f6:-4 h6:-10\n"));
    assert!(
        run.terminal.contains("analyzing (6 empties)"),
        "{:?}",
        run.terminal
    );
    same_as_on_pipes(
        &["othello", "bestmove", "--depth", "3"],
        &format!("{FFO20}\n"),
    );
    // Published perft counts of the start position: 4, 12, 56, 244 (the timing columns
    // differ from run to run).
    let run = run_on_pty(&["othello", "perft", "4"], "");
    assert!(run.success);
    let counts: Vec<&str> = run
        .stdout
        .lines()
        .filter_map(|l| l.split_whitespace().nth(1))
        .collect();
    assert_eq!(counts, ["4", "12", "56", "244"]);
}

#[test]
fn gomoku_long_commands_answer_on_a_terminal() {
    same_as_on_pipes(&["gomoku", "solve"], "h8a1i8a3j8a5\n15f:h8i9\n");
    same_as_on_pipes(
        &["gomoku", "bestmove", "--nodes", "2000"],
        "h8a1i8a2j8a3k8\n",
    );
    let run = same_as_on_pipes(&["gomoku", "pbrain"], "ABOUT\r\nEND\r\n");
    assert!(run.stdout.starts_with("name=\"zerosum\""), "{}", run.stdout);
}

/// `zerosum tictactoe play` with all three streams on a new pseudo-terminal, once it has
/// drawn (its signal handlers are in place by then), with the terminal's reader, which
/// returns what the UI wrote when the UI has ended.
fn tui_on_pty() -> (std::process::Child, std::thread::JoinHandle<String>) {
    let (master, open) = new_pty();
    let child = Command::new(ZEROSUM)
        .args(["tictactoe", "play"])
        .stdin(Stdio::from(open()))
        .stdout(Stdio::from(open()))
        .stderr(Stdio::from(open()))
        .spawn()
        .expect("run zerosum");
    let (tx, rx) = std::sync::mpsc::channel();
    let reader = read_terminal(master, move |n| {
        let _ = tx.send(n);
    });
    // More than the few bytes of the alternate screen and mouse switches: it has drawn.
    let started = Instant::now();
    let mut written = 0;
    while written < 200 {
        match rx.recv_timeout(Duration::from_secs(1)) {
            Ok(n) => written = n,
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
                assert!(started.elapsed() < STUCK_AFTER, "the UI did not start");
            }
            Err(e) => panic!("the UI ended before it drew: {e}"),
        }
    }
    (child, reader)
}

/// Sends SIGTERM to `child` and waits for it to end (failing the test when it does not).
fn terminate(child: &mut std::process::Child) -> std::process::ExitStatus {
    let pid = rustix::process::Pid::from_child(child);
    rustix::process::kill_process(pid, rustix::process::Signal::TERM).expect("kill");
    let started = Instant::now();
    loop {
        if let Some(status) = child.try_wait().expect("wait") {
            return status;
        }
        if started.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("the UI did not end on SIGTERM");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// A TUI tester's report: `kill -TERM` of the terminal UI left the terminal on the
/// alternate screen with mouse reporting on. The UI now restores the terminal on
/// SIGTERM (and SIGHUP, SIGINT) and exits with 128 + 15.
#[test]
fn the_terminal_ui_restores_the_terminal_on_sigterm() {
    let (mut child, reader) = tui_on_pty();
    let status = terminate(&mut child);
    // The terminal side is closed with the child's streams: the reader ends.
    drop(child);
    let screen = reader.join().expect("terminal reader");
    assert_eq!(status.code(), Some(143), "{status:?}");
    let entered = screen
        .rfind("\x1b[?1049h")
        .expect("the alternate screen was entered");
    let left = screen
        .rfind("\x1b[?1049l")
        .expect("the alternate screen was left");
    assert!(left > entered);
    assert!(
        screen[entered..].contains("\x1b[?1000l"),
        "mouse reporting left on"
    );
    // The cursor shown again after the UI hid it (a tester's report: it stayed hidden).
    let hidden = screen.rfind("\x1b[?25l").expect("the UI hid the cursor");
    let shown = screen
        .rfind("\x1b[?25h")
        .expect("the cursor was not shown again");
    assert!(shown > hidden, "the cursor left hidden");
}
