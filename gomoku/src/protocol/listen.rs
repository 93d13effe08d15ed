//! The manager's input for [`Brain::run_listening`](super::Brain::run_listening), read by
//! the conversation thread between searches and by a listener thread while a search runs.
//!
//! The search runs on the thread that reads the commands (no thread is woken between
//! reading `TURN` and searching), so without a listener a command sent during a search is
//! read only after it. The listener sleeps between searches. While one runs it waits in
//! `poll(2)` on the input, on the output and on a wake-up pipe, and reads what comes into
//! the buffer the conversation thread takes its lines from, so nothing is lost or
//! reordered. It stops the search when
//! - an `END` line arrives during the search (an `END` already in the input when the
//!   search started, as in a script piped in at once, is handled after it, in its turn:
//!   the conversation thread reads what the input holds before each search, and what
//!   keeps coming without a pause ([`Listener::read_ahead`]), so that the answer does not
//!   depend on how much a read happened to take); the
//!   search's answer is then not written ([`Listener::end_arrived`]): nothing is written
//!   after `END`, and the conversation ends,
//! - an `INFO timeout_turn 0` line arrives during the search: "play as fast as
//!   possible", which Piskvork's "stop thinking" sends while a brain thinks (the
//!   protocol recommends reacting to commands at any time); the move found so far is
//!   answered, and the line is read after it as usual, or
//! - the output is closed: nobody reads the answers any more (the manager died; a pipe
//!   whose reader is gone reports `POLLERR`, a hung-up terminal `POLLHUP`).
//!
//! The end of the input alone does not stop a search: `printf 'START 15\nTURN 7,7\n' |
//! pbrain-zerosum` closes the input at once and still wants its move searched.

use super::MAX_LINE;
use super::{first_word, is_line_end};
use rustix::event::{PollFd, PollFlags, poll};
use rustix::io::Errno;
use std::io::{self, Read, Write};
use std::os::fd::{BorrowedFd, OwnedFd};
use std::sync::{Condvar, Mutex, MutexGuard};
use zerosum::search::StopFlag;

/// How much the listener thread reads at a time.
const CHUNK: usize = 64 * 1024;
/// How much the conversation thread reads at a time (between searches, for a line).
const LINE_CHUNK: usize = 4096;
/// The most bytes read ahead when a search starts: the lines already written to the
/// input then (a script piped in at once) are not taken as arriving during the search.
const AHEAD: usize = 64 << 20;
/// Once the input held something when a search started, how long the read ahead waits
/// for more: a pipe holds 64 KiB, and its writer refills it only as it is read (a
/// recheck's report: scripts of 100 KB to 2 MB lost their move).
const AHEAD_PAUSE_MS: i64 = 20;
/// The longest the read ahead goes on: input that keeps trickling in is left to the
/// listener, so that the search starts (a recheck's report: a line every few
/// milliseconds kept the brain reading until its watchdog answered unsearched).
const AHEAD_TIME: std::time::Duration = std::time::Duration::from_millis(50);
/// The most bytes of a line kept: [`MAX_LINE`] and one more, so that the conversation
/// knows a line was cut (it cuts it to [`MAX_LINE`] and says so); the rest of a longer
/// line is dropped as it comes, so that a huge line neither fills the memory nor is
/// scanned again and again.
const KEPT: usize = MAX_LINE + 1;

/// Why the listener stopped a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Interrupt {
    /// An `END` line arrived during the search.
    End,
    /// An `INFO timeout_turn 0` line arrived during the search (Piskvork's "stop
    /// thinking"): the move is wanted now.
    PlayNow,
    /// The output was closed during the search.
    OutputClosed,
}

/// What the two threads share.
struct State {
    /// Bytes read and not yet taken as lines.
    buf: Vec<u8>,
    /// The input has ended.
    eof: bool,
    /// The running search's stop flag.
    search: Option<StopFlag>,
    /// Counts the searches started, so that a listener that waited in `poll` across the
    /// end of one search and the start of the next knows its wake-up is stale.
    generation: u64,
    /// Where the line being read (not yet ended) starts in `buf`: every byte before it
    /// belongs to lines already ended.
    line_start: usize,
    /// The line being read passed [`KEPT`] bytes: the rest is dropped up to its end.
    cutting: bool,
    /// For the running search: the line ends of `buf` before this offset have been
    /// looked at for an `END` ...
    end_scan: usize,
    /// ... and the line after them starts here (the line being read when the search
    /// started, or a later one).
    end_line: usize,
    /// What stopped the running (or last) search, if the listener did.
    stopped: Option<Interrupt>,
    /// The conversation is over: the listener returns.
    quit: bool,
}

/// The input of a conversation with its listener (see the module docs).
pub(crate) struct Listener<'a> {
    input: BorrowedFd<'a>,
    output: OwnedFd,
    state: Mutex<State>,
    bell: Condvar,
    wake_read: io::PipeReader,
    wake_write: io::PipeWriter,
}

impl State {
    /// Nothing read yet, no search.
    fn new() -> State {
        State {
            buf: Vec::new(),
            eof: false,
            search: None,
            generation: 0,
            line_start: 0,
            cutting: false,
            end_scan: 0,
            end_line: 0,
            stopped: None,
            quit: false,
        }
    }
}

/// A lock whose holder panicked is still used (the state is plain values).
fn lock(m: &Mutex<State>) -> MutexGuard<'_, State> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Appends `bytes` read from the input to `st.buf`, keeping at most [`KEPT`] bytes of
/// each line (the rest of a longer one is dropped up to its end).
fn append(st: &mut State, mut bytes: &[u8]) {
    while !bytes.is_empty() {
        if st.cutting {
            match bytes.iter().position(|&b| is_line_end(b)) {
                None => return,
                Some(j) => {
                    bytes = &bytes[j..];
                    st.cutting = false;
                }
            }
        }
        let end = bytes.iter().position(|&b| is_line_end(b));
        let content = &bytes[..end.unwrap_or(bytes.len())];
        let room = KEPT - (st.buf.len() - st.line_start);
        st.buf
            .extend_from_slice(&content[..content.len().min(room)]);
        match end {
            Some(j) => {
                st.buf.push(bytes[j]);
                st.line_start = st.buf.len();
                bytes = &bytes[j + 1..];
            }
            None => {
                st.cutting = content.len() > room;
                bytes = &[];
            }
        }
    }
}

/// Whether a line ended since the last call (during the running search) stops the
/// search, and why: the command `END` (its first word, in any case, as the conversation
/// reads it) or `INFO timeout_turn 0`. Each byte is looked at once.
fn stop_arrived(st: &mut State) -> Option<Interrupt> {
    for i in st.end_scan..st.buf.len() {
        if is_line_end(st.buf[i]) {
            let line = st.end_line..i;
            st.end_line = i + 1;
            let why = stops(&st.buf[line]);
            if why.is_some() {
                st.end_scan = i + 1;
                return why;
            }
        }
    }
    st.end_scan = st.buf.len();
    None
}

/// Whether `line` stops a running search: `END` ([`Interrupt::End`]) or `INFO
/// timeout_turn` with a value of 0 ([`Interrupt::PlayNow`]); read as the conversation
/// reads its lines ([`first_word`], words in any case).
fn stops(line: &[u8]) -> Option<Interrupt> {
    let text = String::from_utf8_lossy(line);
    let (command, arg) = first_word(&text);
    if command.eq_ignore_ascii_case("END") {
        return Some(Interrupt::End);
    }
    let (key, value) = first_word(arg);
    (command.eq_ignore_ascii_case("INFO")
        && key.eq_ignore_ascii_case("timeout_turn")
        && crate::decimal::unsigned(value) == Ok(0))
    .then_some(Interrupt::PlayNow)
}

impl<'a> Listener<'a> {
    /// A listener on `input` that also watches `output` (a duplicate of the output's
    /// descriptor: the conversation writes to the original).
    pub(crate) fn new(input: BorrowedFd<'a>, output: BorrowedFd<'_>) -> io::Result<Self> {
        let (wake_read, wake_write) = io::pipe()?;
        // Neither end blocks: a full pipe already holds a wake-up, and the listener
        // drains it to empty.
        rustix::io::ioctl_fionbio(&wake_read, true)?;
        rustix::io::ioctl_fionbio(&wake_write, true)?;
        Ok(Listener {
            input,
            output: output.try_clone_to_owned()?,
            state: Mutex::new(State::new()),
            bell: Condvar::new(),
            wake_read,
            wake_write,
        })
    }

    /// The next line of the input (without its LF or CR; the last one may lack it), `None`
    /// at its end. Called by the conversation thread between searches only.
    pub(crate) fn next_line(&self) -> Option<io::Result<Vec<u8>>> {
        // A line is short: a buffer on the stack, not a 64 KiB allocation a line.
        let mut chunk = [0; LINE_CHUNK];
        loop {
            {
                let mut st = lock(&self.state);
                // A whole line is in the buffer (its first line is at most KEPT long).
                if st.line_start > 0
                    && let Some(i) = st.buf.iter().position(|&b| is_line_end(b))
                {
                    let mut line: Vec<u8> = st.buf.drain(..=i).collect();
                    st.line_start -= line.len();
                    line.pop();
                    return Some(Ok(line));
                }
                if st.eof {
                    st.line_start = 0;
                    st.cutting = false;
                    return (!st.buf.is_empty()).then(|| Ok(std::mem::take(&mut st.buf)));
                }
            }
            // No search runs, so the listener does not read: read without the lock.
            match rustix::io::read(self.input, &mut chunk) {
                Ok(0) => lock(&self.state).eof = true,
                Ok(n) => append(&mut lock(&self.state), &chunk[..n]),
                Err(Errno::INTR) => {}
                Err(e) => return Some(Err(e.into())),
            }
        }
    }

    /// A search starts: the input it already holds is read (up to [`AHEAD`] bytes), and
    /// the listener watches for its `stop` in what comes after.
    pub(crate) fn search_started(&self, stop: &StopFlag) {
        self.read_ahead();
        let mut st = lock(&self.state);
        st.generation += 1;
        st.search = Some(stop.clone());
        // Lines that end from now on are watched: the one being read, and later ones.
        st.end_scan = st.buf.len();
        st.end_line = st.line_start;
        st.stopped = None;
        drop(st);
        self.bell.notify_all();
    }

    /// Reads what the input holds now, and when it held something, what keeps coming
    /// without a pause of [`AHEAD_PAUSE_MS`] (a pipe refilled by its writer), up to
    /// [`AHEAD`] bytes and for at most [`AHEAD_TIME`] (a regular file is read as far as
    /// that). An input that holds nothing (a manager waiting for the move) is not waited
    /// for, and costs one `poll`. Called by the conversation thread between searches (the
    /// listener does not read then).
    fn read_ahead(&self) {
        // Allocated at the first byte to read: a manager's turn allocates nothing.
        let mut chunk = Vec::new();
        let mut taken = 0;
        let started = std::time::Instant::now();
        while taken < AHEAD && !lock(&self.state).eof && started.elapsed() < AHEAD_TIME {
            let wait = rustix::event::Timespec {
                tv_sec: 0,
                tv_nsec: if taken == 0 {
                    0
                } else {
                    AHEAD_PAUSE_MS * 1_000_000
                },
            };
            let mut fds = [PollFd::from_borrowed_fd(self.input, PollFlags::IN)];
            match poll(&mut fds, Some(&wait)) {
                Ok(0) => return,
                Ok(_) => {}
                Err(Errno::INTR) => continue,
                Err(_) => return,
            }
            if fds[0].revents().is_empty() {
                return;
            }
            if chunk.is_empty() {
                chunk = vec![0; CHUNK];
            }
            match rustix::io::read(self.input, &mut chunk) {
                Ok(0) => lock(&self.state).eof = true,
                Ok(n) => {
                    append(&mut lock(&self.state), &chunk[..n]);
                    taken += n;
                }
                Err(Errno::INTR | Errno::AGAIN) => {}
                // Left to the conversation's next read, which names the error.
                Err(_) => return,
            }
        }
    }

    /// The search ended: the listener goes back to sleep. Returns what stopped it, if
    /// the listener did.
    pub(crate) fn search_ended(&self) -> Option<Interrupt> {
        let mut st = lock(&self.state);
        st.search = None;
        let stopped = st.stopped;
        drop(st);
        self.wake();
        stopped
    }

    /// Whether the running (or last) search was stopped by an `END` that arrived during
    /// it: its answer is not written (nothing is after `END`), and the conversation ends.
    pub(crate) fn end_arrived(&self) -> bool {
        lock(&self.state).stopped == Some(Interrupt::End)
    }

    /// The conversation is over: the listener returns.
    pub(crate) fn quit(&self) {
        lock(&self.state).quit = true;
        self.bell.notify_all();
        self.wake();
    }

    /// Wakes the listener from `poll` (a byte on the wake-up pipe; when the pipe is
    /// full, which the listener's draining makes unlikely, it already holds one).
    fn wake(&self) {
        let _ = (&self.wake_write).write(&[1]);
    }

    /// Empties the wake-up pipe (its bytes may have piled up over searches that ended
    /// before the listener got to `poll`).
    fn drain_wake(&self) {
        let mut bytes = [0; 64];
        while matches!((&self.wake_read).read(&mut bytes), Ok(n) if n > 0) {}
    }

    /// The listener thread: until [`Listener::quit`], watches each search (see the
    /// module docs).
    pub(crate) fn listen(&self) {
        let mut chunk = vec![0; CHUNK];
        // The generation whose search this listener has stopped (nothing more to watch).
        let mut done = 0;
        let mut st = lock(&self.state);
        loop {
            if st.quit {
                return;
            }
            if st.search.is_none() || st.generation == done {
                st = self.bell.wait(st).unwrap_or_else(|e| e.into_inner());
                continue;
            }
            let generation = st.generation;
            let watch_input = !st.eof;
            drop(st);
            // If nothing can be watched, searches run to their limits as with `run`.
            let Some((input_ready, output_gone, woken)) = self.wait(watch_input) else {
                return;
            };
            if woken {
                self.drain_wake();
            }
            st = lock(&self.state);
            if st.quit {
                return;
            }
            if st.generation != generation || st.search.is_none() {
                continue;
            }
            // Only this thread reads while a search runs, and `poll` said the input is
            // ready: the read does not block.
            if input_ready {
                match rustix::io::read(self.input, &mut chunk) {
                    Ok(0) => st.eof = true,
                    Ok(n) => append(&mut st, &chunk[..n]),
                    Err(Errno::INTR | Errno::AGAIN) => {}
                    // An input that cannot be read is at its end for the conversation.
                    Err(_) => st.eof = true,
                }
            }
            let why = stop_arrived(&mut st).or(output_gone.then_some(Interrupt::OutputClosed));
            if let (Some(why), Some(stop)) = (why, st.search.as_ref()) {
                stop.stop();
                st.stopped = Some(why);
                done = generation;
            }
        }
    }

    /// Waits until the input is ready (when `watch_input`), the output is closed or the
    /// listener is woken; returns those three (`None`: `poll` failed).
    fn wait(&self, watch_input: bool) -> Option<(bool, bool, bool)> {
        let gone = PollFlags::ERR | PollFlags::HUP | PollFlags::NVAL;
        let mut fds = [
            PollFd::new(&self.wake_read, PollFlags::IN),
            PollFd::new(&self.output, PollFlags::empty()),
            PollFd::from_borrowed_fd(self.input, PollFlags::IN),
        ];
        let n = if watch_input { 3 } else { 2 };
        loop {
            match poll(&mut fds[..n], None) {
                Ok(_) => break,
                Err(Errno::INTR) => continue,
                Err(_) => return None,
            }
        }
        let woken = !fds[0].revents().is_empty();
        let output_gone = fds[1].revents().intersects(gone);
        let input_ready = watch_input && !fds[2].revents().is_empty();
        Some((input_ready, output_gone, woken))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    /// A line far longer than [`MAX_LINE`] is cut to one byte more (the rest dropped as
    /// it comes, the byte more telling the conversation that it was cut), and the lines
    /// after it are whole. Before, the buffer held all of it and was
    /// scanned from its start after every 4 KiB read: a 100 MB line took over ten minutes
    /// of CPU (a 4 MB one 0.55 s, a 2 MB one 0.14 s).
    #[test]
    fn a_huge_line_is_cut_and_the_next_lines_are_whole() {
        let (input, mut manager) = io::pipe().unwrap();
        let (_reader, output) = io::pipe().unwrap();
        let writer = std::thread::spawn(move || {
            manager.write_all(b"START 15\r\n").unwrap();
            let block = vec![b'A'; 100_000];
            for _ in 0..30 {
                manager.write_all(&block).unwrap();
            }
            manager.write_all(b"\rABOUT\nEND").unwrap();
        });
        use std::os::fd::AsFd;
        let listener = Listener::new(input.as_fd(), output.as_fd()).unwrap();
        let mut lines = Vec::new();
        while let Some(line) = listener.next_line() {
            lines.push(line.unwrap());
        }
        writer.join().unwrap();
        let lengths: Vec<usize> = lines.iter().map(Vec::len).collect();
        assert_eq!(lengths, [8, 0, KEPT, 5, 3]);
        assert!(lines[2].iter().all(|&b| b == b'A'));
        assert_eq!((&lines[3][..], &lines[4][..]), (&b"ABOUT"[..], &b"END"[..]));
    }

    /// During a search, an `END` after a line cut to [`KEPT`] bytes (itself sent in
    /// pieces, as reads split it) stops the search; an `END` that ended before the search
    /// started does not.
    #[test]
    fn end_after_a_cut_line_is_seen() {
        let mut st = State::new();
        append(&mut st, b"END\nTURN 7,7\nmore of a line");
        st.end_scan = st.buf.len();
        st.end_line = st.line_start;
        assert_eq!(stop_arrived(&mut st), None);
        for _ in 0..20 {
            append(&mut st, &[b'x'; 10_000]);
            assert_eq!(stop_arrived(&mut st), None);
        }
        assert_eq!(st.buf.len() - st.line_start, KEPT);
        append(&mut st, b"x\nEn");
        assert_eq!(stop_arrived(&mut st), None);
        append(&mut st, b"d \r");
        assert_eq!(stop_arrived(&mut st), Some(Interrupt::End));
    }

    /// The lines that stop a search: `END`, and `INFO timeout_turn` with the value 0 as
    /// the conversation parses it (any case and spacing, `00`); no other value, key or
    /// command does, `+0` neither (the conversation refuses a sign: `decimal`).
    #[test]
    fn end_and_a_zero_turn_limit_stop_a_search() {
        for (line, why) in [
            (&b"END"[..], Some(Interrupt::End)),
            (b"  end  ", Some(Interrupt::End)),
            (b"INFO timeout_turn 0", Some(Interrupt::PlayNow)),
            (b"info  TIMEOUT_TURN\t00 ", Some(Interrupt::PlayNow)),
            (b"INFO timeout_turn +0", None),
            (b"INFO timeout_turn 10", None),
            (b"INFO timeout_turn", None),
            (b"INFO timeout_turn 0 ms", None),
            (b"INFO time_left 0", None),
            (b"INFO timeout_match 0", None),
            (b"TURN 7,7", None),
            (b"", None),
        ] {
            assert_eq!(stops(line), why, "{:?}", String::from_utf8_lossy(line));
        }
    }

    /// Wake-ups pile up when searches end before the listener gets to `poll` (fast moves
    /// over a long match): the wake-up pipe must never block the conversation (100,000 of
    /// them, beyond a pipe's 64 KiB), and a listener that finds them drains them and still
    /// stops the next search on `END`.
    #[test]
    fn piled_up_wake_ups_neither_block_nor_blind_the_listener() {
        let (input, mut manager) = io::pipe().unwrap();
        let (_reader, output) = io::pipe().unwrap();
        let (done, finished) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            use std::os::fd::AsFd;
            let listener = Listener::new(input.as_fd(), output.as_fd()).unwrap();
            for _ in 0..100_000 {
                listener.search_ended();
            }
            std::thread::scope(|s| {
                s.spawn(|| listener.listen());
                let stop = StopFlag::new();
                listener.search_started(&stop);
                manager.write_all(b"END\n").unwrap();
                while !stop.is_stopped() {
                    std::thread::yield_now();
                }
                let why = listener.search_ended();
                listener.quit();
                let _ = done.send(why);
            });
        });
        // The limit only turns a hang into a failure.
        let why = finished.recv_timeout(Duration::from_secs(60));
        assert_eq!(why, Ok(Some(Interrupt::End)));
    }
}
