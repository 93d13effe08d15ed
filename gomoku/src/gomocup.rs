//! A match runner for any Gomocup (`pbrain`) engines: two engine commands, openings,
//! a time per move or per game, colours swapped in pairs; W/D/L, score, Elo with a 95 %
//! interval, per-pair results, each engine's mean and maximum move time and every
//! protocol fault; every game with its move times.
//!
//! The manager side of the protocol (gomocup.org, "new protocol", Petr Lastovicka), as
//! Piskvork, the protocol's reference manager, plays it: each game starts with `START
//! size` for a new process and `RESTART` for one that played the game before (`START`
//! when an engine answers `RESTART` otherwise than `OK`, or not at all), and the `INFO`
//! settings; then the engine's first move is asked for with `BEGIN` on an empty board,
//! `TURN x,y` after an opening of one stone and `BOARD` … `DONE` after a longer one, and
//! each later move with `TURN x,y`. Real engines' quirks it copes with:
//! - an engine that answers `ERROR` (or `UNKNOWN`) to an `INFO` key it does not know:
//!   after the settings and after each move the runner sends `ABOUT` and reads up to the
//!   `name=` line, so stray answers never shift the conversation (Rapfi also drops a
//!   command sent while it is finishing its move; the same synchronisation avoids it);
//! - an engine slow on its first move (loading tables): the first move of each process
//!   gets [`MatchConfig::first_move_grace`] more before it counts as a loss on time;
//! - an engine that dies or answers nonsense: that game is lost (the fault is recorded),
//!   the engine is started again for the next game and the match goes on (a dead
//!   engine's fault names its exit status and its last [`STDERR_TAIL`] lines on
//!   standard error, which the runner reads throughout);
//! - an engine that thinks on (or ignores the end of its input) when the runner is
//!   killed: on Linux each engine gets `SIGKILL` when the runner dies;
//! - an engine that ends its lines with CR LF, LF or CR alone, as the protocol allows
//!   ([`read_engine_line`]);
//! - an engine that answers a move with `SUGGEST x,y`: the runner answers `PLAY x,y`, as
//!   the protocol asks of a manager in a tournament, and the engine's echo is its move
//!   (another `SUGGEST`, or an echo of another cell, is a fault named for what it was).
//!
//! Engines think one at a time (the runner waits for each answer), so a shared machine
//! measures them fairly; wrap a command in `nice` to be kind to others.

use crate::board::Board;
use crate::cell::Cell;
use crate::rule::Rule;
use std::collections::VecDeque;
use std::fmt::Write as _;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use zerosum::{Game, Outcome, Side};

/// How many of an engine's last standard-error lines are kept, to be shown when it dies.
pub const STDERR_TAIL: usize = 3;

/// The end of every line the runner sends: "The manager puts bytes CR LF (0x0d, 0x0a) at
/// the end of lines" (the protocol), and engines written for Piskvork may count on it.
pub const LINE_END: &str = "\r\n";

/// How often a late engine is nudged with `ABOUT` (see [`EngineStats::nudges`]).
pub const NUDGE_EVERY: Duration = Duration::from_millis(250);

/// How long a sync waits, after an `ABOUT` answer, for the answers still owed to earlier
/// `ABOUT`s (nudges): an engine that answers them all sends them in one burst, and one
/// that dropped some (Rapfi drops commands that come while it finishes a move) is not
/// waited for longer.
pub const OWED_ANSWERS_GRACE: Duration = Duration::from_millis(50);

/// How an engine is started and set up.
#[derive(Clone, Debug)]
pub struct EngineSpec {
    /// Name in the tables.
    pub name: String,
    /// The program and its arguments.
    pub command: Vec<String>,
    /// Extra lines sent after the standard `INFO` settings of each game (for example
    /// `INFO max_node 1000` or `INFO thread_num 1`).
    pub init: Vec<String>,
}

impl EngineSpec {
    /// An engine from a command line split at white space (no shell quoting), named
    /// after the program's file name (the first word, without its directories; its
    /// arguments are not part of the name).
    pub fn from_command_line(line: &str) -> EngineSpec {
        EngineSpec::from_command(line.split_whitespace().map(str::to_string).collect())
    }

    /// An engine from its program and arguments, already split (a front end that
    /// reads shell quoting splits the command line itself), named as by
    /// [`EngineSpec::from_command_line`].
    pub fn from_command(command: Vec<String>) -> EngineSpec {
        let name = command
            .first()
            .map(|p| p.rsplit('/').next().unwrap_or(p).to_string())
            .unwrap_or_else(|| "engine".to_string());
        EngineSpec {
            name,
            command,
            init: Vec::new(),
        }
    }
}

/// The clock of a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeControl {
    /// A limit per move (`INFO timeout_turn`, no match clock).
    PerMove(Duration),
    /// A clock for each engine's whole game (`INFO timeout_match` and `time_left` before
    /// each move; `timeout_turn` is the same total).
    PerGame(Duration),
}

/// What a match plays.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// The openings, each played twice with colours swapped (engine A first takes the
    /// side to move of the opening).
    pub openings: Vec<Board>,
    /// The number of games: the openings are taken in order, each for a pair of games
    /// with colours swapped, until this many games are played (an odd number ends on
    /// the first game of a pair); at most twice the number of openings.
    pub games: usize,
    /// The clock.
    pub time: TimeControl,
    /// The rule sent as `INFO rule` (0 freestyle, 1 exactly five, 4 renju).
    pub rule: Rule,
    /// Extra time before a late answer loses the game (pipes, a busy machine): under
    /// [`TimeControl::PerMove`] for each move; under [`TimeControl::PerGame`] once for
    /// the whole game (each move's overrun of the clock is taken from it, so that an
    /// engine whose clock has run out cannot go on with this much for every move).
    pub grace: Duration,
    /// Extra time for the first move of each engine process.
    pub first_move_grace: Duration,
    /// Stones after which a game is called a draw.
    pub max_stones: usize,
}

impl MatchConfig {
    /// Defaults: every opening twice, 1 s grace, 10 s more for a first move, a draw only
    /// on a full board.
    pub fn new(openings: Vec<Board>, time: TimeControl) -> MatchConfig {
        MatchConfig {
            games: openings.len() * 2,
            openings,
            time,
            rule: Rule::Freestyle,
            grace: Duration::from_secs(1),
            first_move_grace: Duration::from_secs(10),
            max_stones: usize::MAX,
        }
    }
}

/// Move times and faults of one engine over a match.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct EngineStats {
    /// Moves it played.
    pub moves: u64,
    /// Sum of its move times (wall time from our command to its answer).
    pub total: Duration,
    /// Its slowest move.
    pub max: Duration,
    /// Moves answered after the limit (per move: the limit; per game: its time left).
    pub over_limit: u64,
    /// Protocol faults, each with the game number (1-based) and what happened.
    pub faults: Vec<String>,
    /// Stray lines it sent that the runner skipped (`ERROR`/`UNKNOWN` answers to
    /// settings it does not know), counted.
    pub stray_lines: u64,
    /// `ABOUT` lines sent to wake an engine that held its move past the limit (its move
    /// time still counts until the move came).
    pub nudges: u64,
}

impl EngineStats {
    /// The mean move time.
    pub fn mean(&self) -> Duration {
        if self.moves == 0 {
            Duration::ZERO
        } else {
            self.total / self.moves as u32
        }
    }

    fn record(&mut self, t: Duration, limit: Option<Duration>) {
        self.moves += 1;
        self.total += t;
        self.max = self.max.max(t);
        if limit.is_some_and(|l| t > l) {
            self.over_limit += 1;
        }
    }
}

/// `t` in milliseconds to a tenth, rounded up (`50.9`): a time over a limit reads over
/// it, in the games file and in the table's maximum alike.
fn ms_rounded_up(t: Duration) -> String {
    let tenths = t.as_nanos().div_ceil(100_000);
    format!("{}.{}", tenths / 10, tenths % 10)
}

/// One game of a match between two engines.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchGame {
    /// 1-based game number.
    pub number: usize,
    /// Index of the opening.
    pub opening: usize,
    /// The side engine A played.
    pub a_side: Side,
    /// The result (`None`: a draw by the stone cap).
    pub outcome: Option<Outcome>,
    /// Why the game ended when it was not on the board: a fault of the loser.
    pub forfeit: Option<String>,
    /// The final position in notation.
    pub moves: String,
    /// Each engine move after the opening: the cell and its time.
    pub times: Vec<(Cell, Duration)>,
}

impl MatchGame {
    /// One line for the games file: number, opening, black, white, result, reason,
    /// position, and the engine moves with their times in ms to a tenth, rounded up
    /// (`e8:54.6`: a time over the limit reads over it).
    pub fn line(&self, a: &str, b: &str) -> String {
        let (black, white) = if self.a_side == Side::First {
            (a, b)
        } else {
            (b, a)
        };
        let result = match self.outcome {
            Some(Outcome::Win(Side::First)) => "1-0",
            Some(Outcome::Win(Side::Second)) => "0-1",
            _ => "1/2",
        };
        // (A tester's report: 50.9 ms counted over a 50 ms limit and was written `50`.)
        let mut times = String::new();
        for (c, t) in &self.times {
            let _ = write!(times, "{c}:{} ", ms_rounded_up(*t));
        }
        format!(
            "{}\t{}\t{black}\t{white}\t{result}\t{}\t{}\t{}",
            self.number,
            self.opening + 1,
            self.forfeit.as_deref().unwrap_or("-"),
            self.moves,
            times.trim_end()
        )
    }
}

/// A match's results from engine A's point of view: W/D/L (with games, score and Elo
/// from [`zerosum::agent::MatchResult`]) and the colour-swapped pairs.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MatchReport {
    /// A's wins, draws (and unfinished games) and losses.
    pub result: zerosum::agent::MatchResult,
    /// Openings where A won both games (as black and as white).
    pub pairs_won: u32,
    /// Openings where A lost both games.
    pub pairs_lost: u32,
}

impl MatchReport {
    /// `W/D/L` with the pairs and the Elo estimate, one line.
    pub fn summary(&self) -> String {
        let r = &self.result;
        format!(
            "+{} ={} -{} ({} game{}, score {:.1}%, pairs 2-0 {} / 0-2 {}), {}",
            r.wins,
            r.draws,
            r.losses,
            r.games(),
            if r.games() == 1 { "" } else { "s" },
            100.0 * r.score(),
            self.pairs_won,
            self.pairs_lost,
            r.elo_text()
        )
    }
}

/// The result of [`run_match`], from engine A's point of view.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MatchResult {
    /// W/D/L, pairs and Elo.
    pub report: MatchReport,
    /// Every game.
    pub games: Vec<MatchGame>,
    /// Engine A's times and faults.
    pub a: EngineStats,
    /// Engine B's times and faults.
    pub b: EngineStats,
    /// Per opening: A's points in its two games (0, 0.5, …, 2).
    pub pairs: Vec<(usize, f64)>,
}

/// A running engine process with a reader thread, so that every answer can be awaited
/// with a timeout.
struct Process {
    child: Child,
    stdin: ChildStdin,
    /// Each line the engine wrote, with when the reader thread read it.
    lines: Receiver<(Instant, String)>,
    /// The last [`STDERR_TAIL`] lines the engine wrote to its standard error.
    stderr_tail: Arc<Mutex<VecDeque<String>>>,
    first_move: bool,
    /// The board size of the engine's last game, begun with `START` or `RESTART`.
    size: Option<u8>,
    /// `ABOUT`s sent (syncs and nudges) whose answers have not been read yet.
    owed_abouts: u64,
}

/// Why talking to an engine failed.
#[derive(Debug)]
enum Fault {
    Died,
    Timeout(Duration),
    Bad(String),
}

impl std::fmt::Display for Fault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Fault::Died => write!(f, "the engine died (its output closed)"),
            Fault::Timeout(t) => write!(f, "no answer within {} ms", t.as_millis()),
            Fault::Bad(s) => write!(f, "{s}"),
        }
    }
}

/// Makes the engine that `command` starts die with the runner, on Linux: the engine gets
/// `SIGKILL` when the runner's thread that started it ends, however it ends (`SIGTERM`,
/// Ctrl-C, `SIGKILL`, a panic). Without it an engine that is thinking (a huge time limit)
/// or ignores its standard input's end would keep running, adopted by init.
///
/// This is `prctl(PR_SET_PDEATHSIG, SIGKILL)` in the child between fork and exec (Linux
/// `prctl(2)`). If the runner died before the call, the engine is not started at all. On
/// other systems it does nothing: an engine there ends when it reads the end of its input.
#[cfg(target_os = "linux")]
fn die_with_runner(command: &mut Command) {
    use std::os::unix::process::CommandExt;
    let runner = rustix::process::getpid();
    let in_child = move || -> std::io::Result<()> {
        rustix::process::set_parent_process_death_signal(Some(rustix::process::Signal::KILL))?;
        // The runner may have died between the fork and the call: then no signal comes,
        // and the child (adopted by another process) gives up instead of running alone.
        if rustix::process::getppid() != Some(runner) {
            return Err(std::io::ErrorKind::NotConnected.into());
        }
        Ok(())
    };
    #[allow(unsafe_code)]
    // SAFETY: `pre_exec` runs the closure in the forked child, where only async-signal-safe
    // work is sound. It makes two system calls (prctl, getppid) and builds an error from
    // its kind alone: no allocation, no lock, no shared state.
    unsafe {
        command.pre_exec(in_child);
    }
}

/// Does nothing off Linux (see the Linux version).
#[cfg(not(target_os = "linux"))]
fn die_with_runner(_command: &mut Command) {}

/// The longest line of an engine's kept by [`read_engine_line`], in bytes.
pub const MAX_ENGINE_LINE: usize = 64 * 1024;

/// Reads one line of an engine's output into `buf` (cleared first), without its end:
/// the protocol lets a brain end its lines with CR LF, LF or CR alone, so a line ends at
/// the first CR or LF (a CR LF gives the line and then an empty one, which every reader
/// of the answers skips). Only the first [`MAX_ENGINE_LINE`] bytes of a line are kept
/// (an engine writing without end does not fill the runner's memory). Returns `false`
/// at the end of the output with nothing read.
///
/// # Errors
/// Only errors of the underlying reader.
pub fn read_engine_line(reader: &mut impl BufRead, buf: &mut Vec<u8>) -> std::io::Result<bool> {
    buf.clear();
    loop {
        let chunk = match reader.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            return Ok(!buf.is_empty());
        }
        let end = chunk.iter().position(|&b| b == b'\n' || b == b'\r');
        let take = end.unwrap_or(chunk.len());
        let room = MAX_ENGINE_LINE.saturating_sub(buf.len());
        buf.extend_from_slice(&chunk[..take.min(room)]);
        reader.consume(take + usize::from(end.is_some()));
        if end.is_some() {
            return Ok(true);
        }
    }
}

impl Process {
    fn spawn(spec: &EngineSpec) -> Result<Process, Fault> {
        let (program, args) = spec
            .command
            .split_first()
            .ok_or_else(|| Fault::Bad("empty engine command".into()))?;
        let mut command = Command::new(program);
        command
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        die_with_runner(&mut command);
        let mut child = command
            .spawn()
            .map_err(|e| Fault::Bad(format!("cannot start {program}: {e}")))?;
        let stdin = child.stdin.take().ok_or(Fault::Died)?;
        let stdout = child.stdout.take().ok_or(Fault::Died)?;
        let stderr_tail = Arc::new(Mutex::new(VecDeque::new()));
        if let Some(stderr) = child.stderr.take() {
            // Read all of it (a full pipe would block the engine), keep the last lines.
            let tail = Arc::clone(&stderr_tail);
            std::thread::spawn(move || {
                let mut reader = BufReader::new(stderr);
                let mut line = Vec::new();
                while let Ok(true) = read_engine_line(&mut reader, &mut line) {
                    let text = String::from_utf8_lossy(&line).trim().to_string();
                    if text.is_empty() {
                        continue;
                    }
                    let mut tail = tail.lock().unwrap_or_else(|e| e.into_inner());
                    if tail.len() == STDERR_TAIL {
                        tail.pop_front();
                    }
                    tail.push_back(text);
                }
            });
        }
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut buf = Vec::new();
            loop {
                match read_engine_line(&mut reader, &mut buf) {
                    Ok(false) | Err(_) => break,
                    Ok(true) => {
                        // The line's time is when it was read from the pipe, as a manager
                        // reading the pipe sees it; the hand-off to the match thread
                        // after it is the runner's own delay.
                        let read = Instant::now();
                        let line = String::from_utf8_lossy(&buf).trim().to_string();
                        if tx.send((read, line)).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        Ok(Process {
            child,
            stdin,
            lines: rx,
            stderr_tail,
            first_move: true,
            size: None,
            owed_abouts: 0,
        })
    }

    /// What is known of a dead engine: its exit status (waited for up to half a second)
    /// and its last lines on standard error, e.g. `exit status: 101; stderr: "thread
    /// 'main' panicked at …"`.
    fn obituary(&mut self) -> String {
        let deadline = Instant::now() + Duration::from_millis(500);
        let status = loop {
            match self.child.try_wait() {
                Ok(Some(status)) => break Some(status),
                Ok(None) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(10))
                }
                _ => break None,
            }
        };
        // The stderr reader may still be reading the last lines the engine wrote.
        std::thread::sleep(Duration::from_millis(20));
        let mut text = match status {
            Some(s) => s.to_string(),
            None => "still running".to_string(),
        };
        let tail = self.stderr_tail.lock().unwrap_or_else(|e| e.into_inner());
        if !tail.is_empty() {
            let lines: Vec<&str> = tail.iter().map(String::as_str).collect();
            let _ = write!(text, "; stderr: {:?}", lines.join(" | "));
        }
        text
    }

    /// Writes `text` and its line end to the engine in one write, so that the engine is
    /// woken once for the line, not once for its text and again for its end. Lines end
    /// with CR LF, as the protocol says a manager's lines do ([`LINE_END`]).
    fn send(&mut self, text: &str) -> Result<(), Fault> {
        let mut line = String::with_capacity(text.len() + LINE_END.len());
        line.push_str(text);
        line.push_str(LINE_END);
        self.stdin
            .write_all(line.as_bytes())
            .map_err(|_| Fault::Died)?;
        self.stdin.flush().map_err(|_| Fault::Died)
    }

    /// The next line that is not empty, `MESSAGE`, `DEBUG` or an `ABOUT` answer (see
    /// [`is_about_answer`]; from a sync or a nudge), within `timeout`, with when it was read from
    /// the pipe. From `nudge_after` on, an `ABOUT` is sent every [`NUDGE_EVERY`] while
    /// nothing comes (see [`EngineStats::nudges`]).
    fn answer_nudged(
        &mut self,
        timeout: Duration,
        nudge_after: Option<Duration>,
        nudges: &mut u64,
    ) -> Result<(Instant, String), Fault> {
        let start = Instant::now();
        let deadline = start + timeout;
        let mut next_nudge = nudge_after.map(|n| start + n);
        loop {
            let now = Instant::now();
            let until = next_nudge.map_or(deadline, |n| n.min(deadline));
            match self
                .lines
                .recv_timeout(until.saturating_duration_since(now))
            {
                Ok((read, line)) => {
                    let up = line.to_ascii_uppercase();
                    if line.is_empty() || up.starts_with("MESSAGE") || up.starts_with("DEBUG") {
                        continue;
                    }
                    if is_about_answer(&line) {
                        self.owed_abouts = self.owed_abouts.saturating_sub(1);
                        continue;
                    }
                    return Ok((read, line));
                }
                Err(RecvTimeoutError::Timeout) => {
                    if Instant::now() >= deadline {
                        return Err(Fault::Timeout(timeout));
                    }
                    if let Some(n) = next_nudge.as_mut() {
                        self.send_about()?;
                        *nudges += 1;
                        *n += NUDGE_EVERY;
                    }
                }
                Err(RecvTimeoutError::Disconnected) => return Err(Fault::Died),
            }
        }
    }

    fn answer(&mut self, timeout: Duration) -> Result<String, Fault> {
        self.answer_nudged(timeout, None, &mut 0)
            .map(|(_, line)| line)
    }

    /// Sends `ABOUT`, counting the answer owed.
    fn send_about(&mut self) -> Result<(), Fault> {
        self.send("ABOUT")?;
        self.owed_abouts += 1;
        Ok(())
    }

    /// Sends `ABOUT` and skips everything up to its answer (a line with `name=`);
    /// returns how many stray lines were skipped.
    fn sync(&mut self, timeout: Duration) -> Result<u64, Fault> {
        Ok(self.sync_lines(timeout)?.len() as u64)
    }

    /// Begins a new game of the last game's size with `RESTART` (followed by an `ABOUT`
    /// sync, so that an engine that does not answer it is not waited for): whether the
    /// engine answered `OK`, and how many stray lines came besides its answer.
    fn restart(&mut self, timeout: Duration) -> Result<(bool, u64), Fault> {
        self.send("RESTART")?;
        let lines = self.sync_lines(timeout)?;
        let ok = lines.first().is_some_and(|l| l.eq_ignore_ascii_case("OK"));
        Ok((ok, lines.len().saturating_sub(1) as u64))
    }

    /// [`Process::sync`], returning the lines skipped (but empty, `MESSAGE` and `DEBUG`
    /// lines). After the first `ABOUT` answer it also reads those still owed to earlier
    /// `ABOUT`s (the nudges of a late move), while they come within
    /// [`OWED_ANSWERS_GRACE`] of each other: left in the pipe, one of them ended the next
    /// sync too early, so that after a `RESTART` the runner took its `OK` for `START`'s
    /// and `START`'s `OK` for the engine's first move (helper report 45: an engine 1.1 s
    /// late on a move forfeited its next game).
    fn sync_lines(&mut self, timeout: Duration) -> Result<Vec<String>, Fault> {
        self.send_about()?;
        let deadline = Instant::now() + timeout;
        let mut stray = Vec::new();
        let mut answered = false;
        loop {
            // An engine may drop a command that came while it was finishing its move
            // (Rapfi does): ask again until it answers.
            let left = deadline.saturating_duration_since(Instant::now());
            let wait = if answered {
                OWED_ANSWERS_GRACE
            } else {
                left.min(NUDGE_EVERY)
            };
            let line = match self.lines.recv_timeout(wait) {
                Ok((_, line)) => line,
                Err(RecvTimeoutError::Timeout) if answered => {
                    // The rest were dropped.
                    self.owed_abouts = 0;
                    return Ok(stray);
                }
                Err(RecvTimeoutError::Timeout) if Instant::now() < deadline => {
                    self.send_about()?;
                    continue;
                }
                Err(RecvTimeoutError::Timeout) => {
                    return Err(Fault::Bad(format!(
                        "no answer to ABOUT within {} ms",
                        timeout.as_millis()
                    )));
                }
                Err(RecvTimeoutError::Disconnected) => return Err(Fault::Died),
            };
            if is_about_answer(&line) {
                self.owed_abouts = self.owed_abouts.saturating_sub(1);
                if self.owed_abouts == 0 {
                    return Ok(stray);
                }
                answered = true;
                continue;
            }
            let up = line.to_ascii_uppercase();
            if !(line.is_empty() || up.starts_with("MESSAGE") || up.starts_with("DEBUG")) {
                stray.push(line);
            }
        }
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.send("END");
        // Give it a moment to exit on its own, then make sure it is gone.
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One engine of the match: its spec, its process (started on demand) and its stats.
struct Player<'a> {
    spec: &'a EngineSpec,
    process: Option<Process>,
    stats: EngineStats,
}

impl Player<'_> {
    /// Starts a game as Piskvork does: the process if needed, `START` for a new process
    /// (or a new board size) and `RESTART` for one that played a game of this size
    /// (`START` after all when it answers `RESTART` otherwise than `OK`, or not at all:
    /// Piskvork starts such an engine again, the runner keeps the process), the settings,
    /// `ABOUT` sync.
    fn new_game(&mut self, config: &MatchConfig, size: u8) -> Result<(), Fault> {
        if self.process.is_none() {
            self.process = Some(Process::spawn(self.spec)?);
        }
        let p = self.process.as_mut().expect("started");
        let setup = Duration::from_secs(10);
        let mut restarted = false;
        if p.size == Some(size) {
            let (ok, stray) = p.restart(setup)?;
            self.stats.stray_lines += stray;
            restarted = ok;
        }
        if !restarted {
            p.send(&format!("START {size}"))?;
            let ok = p.answer(setup)?;
            if ok != "OK" {
                return Err(Fault::Bad(format!("answered {ok:?} to START {size}")));
            }
            p.size = Some(size);
        }
        let (turn, game) = match config.time {
            TimeControl::PerMove(t) => (t, Duration::ZERO),
            TimeControl::PerGame(t) => (t, t),
        };
        let rule = config.rule.gomocup();
        p.send(&format!("INFO timeout_turn {}", turn.as_millis()))?;
        p.send(&format!("INFO timeout_match {}", game.as_millis()))?;
        if game > Duration::ZERO {
            p.send(&format!("INFO time_left {}", game.as_millis()))?;
        }
        p.send("INFO max_memory 268435456")?;
        p.send(&format!("INFO rule {rule}"))?;
        for line in &self.spec.init {
            p.send(line)?;
        }
        self.stats.stray_lines += p.sync(setup)?;
        Ok(())
    }

    /// Asks for a move, waiting up to `limit` and `grace` (and the first move's extra
    /// time). The first move of a game is asked for as Piskvork asks for it: `BEGIN` on
    /// an empty board, `TURN x,y` after one stone, `BOARD` after more or when the opening
    /// has blocked cells (sent as field 3); later moves with `TURN`. Returns the move, its
    /// time and the extra time it was allowed as the process's first move.
    fn ask(
        &mut self,
        board: &Board,
        first: bool,
        limit: Duration,
        grace: Duration,
        config: &MatchConfig,
        time_left: Option<Duration>,
    ) -> Result<(Cell, Duration, Duration), Fault> {
        let p = self.process.as_mut().ok_or(Fault::Died)?;
        if let Some(left) = time_left {
            p.send(&format!("INFO time_left {}", left.as_millis()))?;
        }
        let start = Instant::now();
        let blocked = board.blocked_cells().next().is_some();
        if first && board.stone_count() == 0 && !blocked {
            p.send("BEGIN")?;
        } else if first && (board.stone_count() > 1 || blocked) {
            let me = board.side_to_move();
            let mut text = String::from("BOARD");
            for &c in board.moves() {
                let who = if board.stone(c) == Some(me) { 1 } else { 2 };
                let _ = write!(text, "{LINE_END}{},{},{who}", c.x, c.y);
            }
            // A set-up opening's blocked cells: field 3, as Piskvork sends a continuous
            // game's (a tester's report: they were not sent, and both engines forfeited
            // by playing on them).
            for i in board.blocked_cells() {
                let c = board.cell_of(i);
                let _ = write!(text, "{LINE_END}{},{},3", c.x, c.y);
            }
            text.push_str(LINE_END);
            text.push_str("DONE");
            p.send(&text)?;
        } else {
            let last = board
                .last_move()
                .ok_or(Fault::Bad("no move to send".into()))?;
            p.send(&format!("TURN {},{}", last.x, last.y))?;
        }
        let mut wait = limit + grace;
        let mut free = Duration::ZERO;
        if p.first_move {
            wait += config.first_move_grace;
            free = config.first_move_grace;
        }
        // Some engines (Rapfi under `max_node`) hold their move until they read another
        // line: once the limit has passed, nudge them with ABOUT.
        let nudge = limit + Duration::from_millis(50);
        let (mut read, mut reply) = p.answer_nudged(wait, Some(nudge), &mut self.stats.nudges)?;
        // The move a `PLAY` asked the engine to echo, and the fault of an answer that
        // is not that echo.
        let mut played: Option<Cell> = None;
        let not_echoed = |asked: Cell, reply: &str| {
            Fault::Bad(format!(
                "answered {reply:?} to \"PLAY {}\" instead of echoing the move",
                asked.to_xy()
            ))
        };
        loop {
            if reply.eq_ignore_ascii_case("OK") {
                // A late `OK` to a `START` or `RESTART`, never a move: an engine that
                // answers `ABOUT` twice, or slowly, can put a sync out of step with its
                // answers, and the `OK` then comes after the sync (helper report 45: such
                // an engine forfeited every game that began with `RESTART`).
                self.stats.stray_lines += 1;
            } else if let Some(text) = suggested(&reply) {
                // `SUGGEST x,y`: the engine proposes a move without playing it, and the
                // manager answers `PLAY` with the move to play, which the engine echoes
                // as its move; a Gomocup manager always plays the suggested move (the
                // protocol's words), as Piskvork does. Its time runs on until the echo.
                // Once: a second `SUGGEST` answers the `PLAY` (a tester's report: the
                // runner sent `PLAY` after `PLAY` until the move's time was gone, then
                // blamed the engine for no answer within 0 ms).
                if let Some(asked) = played {
                    return Err(not_echoed(asked, &reply));
                }
                let cell = Cell::parse_xy(text)
                    .map_err(|_| Fault::Bad(format!("suggested {reply:?}, not a move")))?;
                p.send(&format!("PLAY {}", cell.to_xy()))?;
                played = Some(cell);
            } else {
                break;
            }
            let spent = start.elapsed();
            (read, reply) = p
                .answer_nudged(
                    wait.saturating_sub(spent),
                    Some(nudge.saturating_sub(spent)),
                    &mut self.stats.nudges,
                )
                // The move's whole allowance, not what was left of it at the last line.
                .map_err(|e| match e {
                    Fault::Timeout(_) => Fault::Timeout(wait),
                    e => e,
                })?;
        }
        let t = read.saturating_duration_since(start);
        rtrace(start, read);
        p.first_move = false;
        let cell = Cell::parse_xy(&reply)
            .map_err(|_| Fault::Bad(format!("answered {reply:?} instead of a move")))?;
        if let Some(asked) = played.filter(|&asked| asked != cell) {
            return Err(not_echoed(asked, &reply));
        }
        if !board.is_legal(cell) {
            // Why, in the board's words (occupied, off the board, forbidden for black
            // under renju).
            let why = board
                .clone()
                .try_play(cell)
                .err()
                .map_or(String::new(), |e| format!(": {e}"));
            return Err(Fault::Bad(format!("played the illegal move {reply}{why}")));
        }
        self.stats.stray_lines += p.sync(config.grace.max(Duration::from_secs(2)))?;
        Ok((cell, t, free))
    }
}

/// The cell of an engine's `SUGGEST x,y` line (`SUGGEST` in any case), as the engine
/// wrote it; `None` for any other line.
fn suggested(line: &str) -> Option<&str> {
    let (word, rest) = line.trim().split_once(char::is_whitespace)?;
    word.eq_ignore_ascii_case("SUGGEST").then(|| rest.trim())
}

/// Plays engine A against engine B under `config`, calling `progress` after each game.
///
/// Faults never stop the match: a game whose engine dies, answers nonsense or does not
/// answer in time is lost by that engine (recorded in its [`EngineStats::faults`]), and
/// the engine is started again for the next game.
pub fn run_match(
    config: &MatchConfig,
    a: &EngineSpec,
    b: &EngineSpec,
    mut progress: impl FnMut(&MatchGame),
) -> MatchResult {
    let mut players = [
        Player {
            spec: a,
            process: None,
            stats: EngineStats::default(),
        },
        Player {
            spec: b,
            process: None,
            stats: EngineStats::default(),
        },
    ];
    let mut result = MatchResult::default();
    let mut number = 0;
    'openings: for (k, opening) in config.openings.iter().enumerate() {
        let mut pair = 0.0;
        for a_side in [opening.side_to_move(), !opening.side_to_move()] {
            if number >= config.games {
                break 'openings;
            }
            number += 1;
            let game = play_game(config, &mut players, opening, k, a_side, number);
            pair += match game.outcome {
                Some(Outcome::Win(w)) if w == a_side => 1.0,
                Some(Outcome::Win(_)) => 0.0,
                _ => 0.5,
            };
            result.report.result.record(a_side, game.outcome);
            progress(&game);
            result.games.push(game);
        }
        if pair == 2.0 {
            result.report.pairs_won += 1;
        } else if pair == 0.0 {
            result.report.pairs_lost += 1;
        }
        result.pairs.push((k, pair));
    }
    let [pa, pb] = players;
    result.a = pa.stats;
    result.b = pb.stats;
    result
}

fn play_game(
    config: &MatchConfig,
    players: &mut [Player<'_>; 2],
    opening: &Board,
    k: usize,
    a_side: Side,
    number: usize,
) -> MatchGame {
    let mut board = opening.clone();
    let mut game = MatchGame {
        number,
        opening: k,
        a_side,
        outcome: None,
        forfeit: None,
        moves: String::new(),
        times: Vec::new(),
    };
    // Player index of a side: A (0) plays a_side.
    let who = |side: Side| usize::from(side != a_side);
    let forfeit = |players: &mut [Player<'_>; 2], i: usize, f: Fault, game: &mut MatchGame| {
        let f = match (f, players[i].process.as_mut()) {
            (Fault::Died, Some(p)) => Fault::Bad(format!("{} ({})", Fault::Died, p.obituary())),
            (f, _) => f,
        };
        let text = format!("game {number}: {f}");
        players[i].stats.faults.push(text.clone());
        // A broken conversation cannot be trusted: start the engine again next game.
        players[i].process = None;
        game.forfeit = Some(format!("{} {f}", players[i].spec.name));
        let loser = if i == 0 { a_side } else { !a_side };
        game.outcome = Some(Outcome::Win(!loser));
    };
    for i in 0..2 {
        if let Err(f) = players[i].new_game(config, opening.size()) {
            forfeit(players, i, f, &mut game);
            game.moves = board.to_string();
            return game;
        }
    }
    let mut first = [true, true];
    let mut left = match config.time {
        TimeControl::PerGame(t) => [Some(t), Some(t)],
        TimeControl::PerMove(_) => [None, None],
    };
    // Under a game clock the grace is one allowance for the game: before, every move
    // got it afresh, so an engine whose clock had run out played on at up to the grace
    // a move and never lost on time (`--game-ms 1`: 112 moves each, a draw).
    let mut grace = [config.grace; 2];
    while board.outcome().is_none() && board.stone_count() < config.max_stones {
        let i = who(board.side_to_move());
        let limit = match config.time {
            TimeControl::PerMove(t) => t,
            TimeControl::PerGame(_) => left[i].unwrap_or_default(),
        };
        match players[i].ask(&board, first[i], limit, grace[i], config, left[i]) {
            Ok((cell, t, free)) => {
                first[i] = false;
                players[i].stats.record(t, Some(limit));
                if let Some(l) = left[i].as_mut() {
                    // The overrun, less the first move's extra time (loading).
                    let over = t.saturating_sub(*l).saturating_sub(free);
                    grace[i] = grace[i].saturating_sub(over);
                    *l = l.saturating_sub(t);
                }
                game.times.push((cell, t));
                board.play(cell);
            }
            Err(f) => {
                forfeit(players, i, f, &mut game);
                game.moves = board.to_string();
                return game;
            }
        }
    }
    game.outcome = board.outcome();
    game.moves = board.to_string();
    game
}

/// The match tables as text: the summary line, each engine's times and faults, and the
/// per-pair results.
pub fn match_table(result: &MatchResult, a: &str, b: &str) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "{a} vs {b}: {}", result.report.summary());
    let _ = writeln!(
        s,
        "| engine | moves | mean ms | max ms | over limit | faults | stray lines | nudges |"
    );
    let _ = writeln!(s, "|---|---|---|---|---|---|---|---|");
    for (name, st) in [(a, &result.a), (b, &result.b)] {
        let _ = writeln!(
            s,
            "| {name} | {} | {:.1} | {} | {} | {} | {} | {} |",
            st.moves,
            st.mean().as_secs_f64() * 1000.0,
            ms_rounded_up(st.max),
            st.over_limit,
            st.faults.len(),
            st.stray_lines,
            st.nudges
        );
    }
    for (name, st) in [(a, &result.a), (b, &result.b)] {
        for f in &st.faults {
            let _ = writeln!(s, "fault {name}: {f}");
        }
    }
    let pairs: Vec<String> = result
        .pairs
        .iter()
        .map(|(k, p)| format!("{}:{p}", k + 1))
        .collect();
    if !pairs.is_empty() {
        let _ = writeln!(s, "pairs (opening:points of {a} of 2): {}", pairs.join(" "));
    }
    s
}

/// Diagnostics: with `ZEROSUM_RUNNER_TRACE=FILE`, appends a line per move: when the
/// command was written, when the answer was read from the pipe and when the match
/// thread got it, in µs of the system clock (comparable with the brain's
/// `ZEROSUM_PBRAIN_TRACE` lines on the same machine).
fn rtrace(start: Instant, read: Instant) {
    use std::sync::{Mutex, OnceLock};
    static FILE: OnceLock<Option<Mutex<std::fs::File>>> = OnceLock::new();
    let f = FILE.get_or_init(|| crate::protocol::trace_file("ZEROSUM_RUNNER_TRACE"));
    if let Some(f) = f {
        let now = Instant::now();
        let sys = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap_or_default()
            .as_micros();
        let s = sys.saturating_sub(now.duration_since(start).as_micros());
        let r = sys.saturating_sub(now.duration_since(read).as_micros());
        let mut f = f.lock().unwrap_or_else(|e| e.into_inner());
        let _ = writeln!(f, "{s} {r} {sys}");
    }
}

/// Whether `line` is an engine's answer to `ABOUT`: `key="value"` pairs, one of them
/// `name` (`name="pbrain-x", version="1.0"`), so a line that begins with a letter and
/// holds `name=` in any case. A move with junk after it (`7,6 name=x`) is not one: it
/// is the engine's answer, refused as a malformed move (a tester's report: it was
/// skipped as an `ABOUT` answer and the game lost as "no answer").
fn is_about_answer(line: &str) -> bool {
    line.trim_start()
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic())
        && line.to_ascii_lowercase().contains("name=")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_about_answer_is_told_from_a_move_with_junk() {
        assert!(is_about_answer(r#"name="pbrain-x", version="1.0""#));
        assert!(is_about_answer(r#"  version="2", NAME="x""#));
        assert!(!is_about_answer("7,6 name=x"));
        assert!(!is_about_answer("7,6"));
        assert!(!is_about_answer(""));
    }
}
