//! Line-oriented batch processing shared by the `solve`/`analyze`/`bestmove` commands:
//! read positions one a line, skip blank lines and `#` comments, answer each good line on
//! standard output (flushed per line), report each bad line on standard error with its
//! line number, and exit non-zero at the end if any line was bad. A line answered with
//! what a limit allowed (`not solved within the limit`, Connect Four's `?` columns,
//! Othello's `depth D of N within the limit`) is answered, not bad: it leaves the exit
//! status 0.

use std::fmt::Display;
use std::io::{self, BufRead, Write};
use std::process::ExitCode;

/// The longest input line read, in bytes (64 KiB, far beyond any position of these
/// games). A longer line is reported and skipped without being held in memory or echoed.
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// At most this many characters of a bad line are echoed in its error message.
const ECHO_CHARS: usize = 120;

/// Whether a line of input is skipped rather than read: blank (whitespace alone) or a
/// `#` comment after leading whitespace. No game's position or move starts with `#`.
pub fn is_skipped(line: &str) -> bool {
    let t = line.trim();
    t.is_empty() || t.starts_with('#')
}

/// One line of input as read by [`read_line`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// A line of valid UTF-8, without its line ending.
    Text(String),
    /// A line that is not valid UTF-8: the byte offset (0-based) of the first bad byte
    /// and that byte.
    NotUtf8 {
        /// Offset of the first invalid byte in the line.
        at: usize,
        /// The invalid byte.
        byte: u8,
        /// The line with each invalid sequence replaced by U+FFFD, for a reader that
        /// takes such lines as they are (NBoard's, as it always did).
        lossy: String,
    },
    /// A line longer than the limit: its length in bytes (the rest was skipped).
    TooLong {
        /// Length of the line in bytes, line ending excluded.
        bytes: usize,
        /// Whether it is a `#` comment (after leading whitespace or a byte-order mark),
        /// which the readers that skip comments skip whatever its length.
        comment: bool,
    },
}

impl Line {
    /// Whether the line is skipped rather than read ([`is_skipped`]): blank, or a `#`
    /// comment after leading whitespace or a byte-order mark, whatever its length and
    /// whether or not it is valid UTF-8 (a recheck's report: a short comment that was
    /// not UTF-8, or had a byte-order mark on a later line, was a bad line, where the
    /// same comment over 64 KiB was skipped).
    pub fn is_skipped(&self) -> bool {
        match self {
            Line::Text(text) | Line::NotUtf8 { lossy: text, .. } => {
                text.trim().is_empty() || is_comment(text)
            }
            Line::TooLong { comment, .. } => *comment,
        }
    }
}

/// Whether `text` is a `#` comment: `#` after leading whitespace (any Unicode space), or
/// after a byte-order mark and whitespace. A mark before anything else, or alone, makes
/// no comment (the input's first line has its mark taken off before it is read).
fn is_comment(text: &str) -> bool {
    let t = text.strip_prefix('\u{feff}').unwrap_or(text);
    t.trim_start().starts_with('#')
}

/// Reads one line of at most `max` bytes from `input` as bytes, so that neither invalid
/// UTF-8 nor a huge line stops the caller. Returns `None` at the end of the input. A line
/// longer than `max` bytes is consumed to its end but only counted. A line ends with LF,
/// CR LF or a CR alone (a file saved with old Mac line ends: before, its lines ran
/// together into one bad line, and Connect Four took a second position for a score).
///
/// # Errors
/// Only errors of the underlying reader.
pub fn read_line(input: &mut impl BufRead, max: usize) -> io::Result<Option<Line>> {
    let mut buf = Vec::new();
    let mut total = 0usize;
    let mut seen = false;
    loop {
        let chunk = match input.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            if !seen {
                return Ok(None);
            }
            break;
        }
        seen = true;
        let (take, end) = match chunk.iter().position(|&b| b == b'\n' || b == b'\r') {
            Some(i) => (i, Some(chunk[i])),
            None => (chunk.len(), None),
        };
        let room = max.saturating_sub(buf.len());
        buf.extend_from_slice(&chunk[..take.min(room)]);
        total = total.saturating_add(take);
        input.consume(take + usize::from(end.is_some()));
        match end {
            // A CR LF is one line end: the LF after a CR is taken with it. (Waiting for
            // the byte after a CR only waits where a CR used to wait for its LF anyway.)
            Some(b'\r') => {
                if next_byte(input)? == Some(b'\n') {
                    input.consume(1);
                }
                break;
            }
            Some(_) => break,
            None => {}
        }
    }
    if total > max {
        // Read as a short line's comment is (its first 64 KiB).
        let comment = is_comment(&String::from_utf8_lossy(&buf));
        return Ok(Some(Line::TooLong {
            bytes: total,
            comment,
        }));
    }
    Ok(Some(match String::from_utf8(buf) {
        Ok(text) => Line::Text(text),
        Err(e) => {
            let at = e.utf8_error().valid_up_to();
            Line::NotUtf8 {
                at,
                byte: e.as_bytes()[at],
                lossy: String::from_utf8_lossy(e.as_bytes()).into_owned(),
            }
        }
    }))
}

/// The next byte of `input` without taking it, `None` at the end of the input.
fn next_byte(input: &mut impl BufRead) -> io::Result<Option<u8>> {
    loop {
        match input.fill_buf() {
            Ok(c) => return Ok(c.first().copied()),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        }
    }
}

/// Why a line could not be read as text, for error messages.
pub fn unreadable(line: &Line) -> Option<String> {
    match line {
        Line::Text(_) => None,
        Line::NotUtf8 { at, byte, .. } => Some(format!(
            "not valid UTF-8 (byte 0x{byte:02X} at offset {at}); line skipped"
        )),
        Line::TooLong { bytes, .. } => Some(format!(
            "a line of {bytes} bytes; lines are limited to {MAX_LINE_BYTES} bytes, \
             line skipped"
        )),
    }
}

/// `text` shortened to its first [`ECHO_CHARS`] characters for an error message, with
/// control characters (NUL, escape, …) written as escapes such as `\u{0}` so that they
/// cannot reach the terminal.
pub fn echo(text: &str) -> String {
    let (shown, cut) = match zerosum::text::head(text, ECHO_CHARS) {
        Some(h) => (h, true),
        None => (text, false),
    };
    let mut out = String::with_capacity(shown.len());
    for c in shown.chars() {
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    if cut {
        out.push_str(&format!("… ({} bytes)", text.len()));
    }
    out
}

/// The message for an input that failed after `lines_read` lines: `cannot read input:
/// <why>`, named by the line it stopped at (`line N: …`) only after a line was read, so
/// that an input that cannot be read at all (a folder) is no bad first line (a tester's
/// report: `solve < /` said `line 1:`).
pub fn read_failure(lines_read: usize, why: &impl Display) -> String {
    if lines_read == 0 {
        format!("cannot read input: {why}")
    } else {
        format!("line {}: cannot read input: {why}", lines_read + 1)
    }
}

/// Runs `answer` on every non-blank, non-comment line of `input` (trimmed; a UTF-8
/// byte-order mark at the start of the input is skipped). `Ok(text)` is
/// printed as a line on `out` and flushed; `Err(e)` is printed on `err` as
/// `line N: <e>: <the line>`. A line that is not UTF-8 or longer than
/// [`MAX_LINE_BYTES`] is reported as `line N: <why>` and skipped; the lines after it are
/// still answered. Returns success if every line was answered. When `out` cannot be
/// written the run stops there, quietly when its reader went away (a broken pipe), else
/// with the error on `err` and a failure.
///
/// `err` is written one message at a time: a caller passing standard error must not hold
/// its lock, as the progress spinner ([`crate::progress`]) writes there too.
pub fn process_lines<E: Display>(
    mut input: impl BufRead,
    out: &mut impl Write,
    err: &mut impl Write,
    mut answer: impl FnMut(&str) -> Result<String, E>,
) -> ExitCode {
    let mut failed = false;
    let mut number = 0usize;
    loop {
        let line = match read_line(&mut input, MAX_LINE_BYTES) {
            Ok(Some(l)) => l,
            Ok(None) => break,
            Err(e) => {
                let _ = writeln!(err, "{}", read_failure(number, &e));
                failed = true;
                break;
            }
        };
        number += 1;
        // A `#` comment is skipped whatever its length or bytes (a fuzzer's report: a
        // long one was a bad line, and the run's status a failure).
        if line.is_skipped() {
            continue;
        }
        let Line::Text(line) = line else {
            let why = unreadable(&line).unwrap_or_default();
            let _ = writeln!(err, "line {number}: {why}");
            failed = true;
            continue;
        };
        // A byte-order mark that an editor wrote at the start of a file is no part of
        // its first position.
        let text = if number == 1 {
            line.strip_prefix('\u{feff}').unwrap_or(&line)
        } else {
            &line
        };
        if is_skipped(text) {
            continue;
        }
        let text = text.trim();
        match answer(text) {
            Ok(reply) => {
                if let Err(e) = writeln!(out, "{reply}").and_then(|()| out.flush()) {
                    // A reader that went away (`solve < file | head -1`) ends the run
                    // quietly, as perft's does: the lines left would be solved for
                    // nobody (before, every line was still solved, for hours on a hard
                    // file, and the status said success). Another error is reported.
                    if e.kind() != io::ErrorKind::BrokenPipe {
                        let _ = writeln!(err, "line {number}: cannot write the answer: {e}");
                        failed = true;
                    }
                    break;
                }
            }
            Err(e) => {
                let _ = writeln!(err, "line {number}: {e}: {}", echo(text));
                failed = true;
            }
        }
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// [`process_lines`] over standard input, output and error. Standard error is not
/// locked for the run (the progress spinner's thread writes to it).
pub fn process_stdin<E: Display>(answer: impl FnMut(&str) -> Result<String, E>) -> ExitCode {
    let stdin = io::stdin();
    let stdout = io::stdout();
    process_lines(stdin.lock(), &mut stdout.lock(), &mut io::stderr(), answer)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Standard output, standard error and the exit code of `process_lines` on `input`
    /// answering each number `n` with `n 2n`.
    fn doubled(input: &[u8]) -> (String, String, ExitCode) {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let code = process_lines(input, &mut out, &mut err, |l| {
            l.parse::<i32>()
                .map(|n| format!("{l} {}", n * 2))
                .map_err(|e| e.to_string())
        });
        let text = |bytes| String::from_utf8(bytes).unwrap();
        (text(out), text(err), code)
    }

    #[test]
    fn bad_lines_are_reported_and_good_ones_answered() {
        let (out, err, code) = doubled(b"1\n\n# comment\nx\n3\n");
        assert_eq!(out, "1 2\n3 6\n");
        assert_eq!(err, "line 4: invalid digit found in string: x\n");
        assert_eq!(code, ExitCode::FAILURE);
    }

    /// Issue 14 item 5: invalid UTF-8 is reported with its line number and the lines
    /// after it are still answered (before, the batch stopped at the bad line).
    #[test]
    fn invalid_utf8_is_reported_and_the_batch_goes_on() {
        let (out, err, code) = doubled(b"\xff\n2\nab\xc3\n\n4\r\n");
        assert_eq!(out, "2 4\n4 8\n");
        assert_eq!(
            err,
            "line 1: not valid UTF-8 (byte 0xFF at offset 0); line skipped\n\
             line 3: not valid UTF-8 (byte 0xC3 at offset 2); line skipped\n"
        );
        assert_eq!(code, ExitCode::FAILURE);
    }

    /// A fuzzer's report: a `#` comment longer than the bound was reported as a bad
    /// line, and the run failed for a file whose only fault was a long comment. A
    /// comment is skipped whatever its length (after whitespace or a byte-order mark);
    /// a long line that is no comment is still refused.
    #[test]
    fn a_long_comment_is_skipped() {
        for start in ["#", "  # note", "\u{feff}#", "\u{b}\u{a0}#"] {
            let mut input = start.as_bytes().to_vec();
            input.extend(std::iter::repeat_n(b'#', MAX_LINE_BYTES + 10));
            input.extend_from_slice(b"\n3\n");
            let (mut out, mut err) = (Vec::new(), Vec::new());
            let code = process_lines(&input[..], &mut out, &mut err, |l| {
                Ok::<_, String>(format!("{} chars", l.len()))
            });
            assert_eq!(String::from_utf8(out).unwrap(), "1 chars\n", "{start:?}");
            assert!(err.is_empty(), "{}", String::from_utf8_lossy(&err));
            assert_eq!(code, ExitCode::SUCCESS);
        }
        let mut input = vec![b'x'; MAX_LINE_BYTES + 1];
        input.extend_from_slice(b"#\n");
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let code = process_lines(&input[..], &mut out, &mut err, |l| {
            Ok::<_, String>(l.to_string())
        });
        assert!(
            String::from_utf8(err)
                .unwrap()
                .contains("line 1: a line of")
        );
        assert_eq!(code, ExitCode::FAILURE);
    }

    /// Issue 14 item 5: a line longer than the bound is counted, not held nor echoed,
    /// and the next line is answered.
    #[test]
    fn overlong_line_is_skipped_not_held() {
        let mut input = vec![b'7'; 3 * MAX_LINE_BYTES + 5];
        input.extend_from_slice(b"\n3\n");
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let code = process_lines(
            io::BufReader::with_capacity(1024, &input[..]),
            &mut out,
            &mut err,
            |l| Ok::<_, String>(format!("{} chars", l.len())),
        );
        assert_eq!(String::from_utf8(out).unwrap(), "1 chars\n");
        let err = String::from_utf8(err).unwrap();
        assert_eq!(
            err,
            format!(
                "line 1: a line of {} bytes; lines are limited to {MAX_LINE_BYTES} \
                 bytes, line skipped\n",
                3 * MAX_LINE_BYTES + 5
            )
        );
        assert_eq!(code, ExitCode::FAILURE);
    }

    /// The reader never holds more than the bound, even for a line with no newline at all
    /// at the end of the input.
    #[test]
    fn read_line_bounds_memory_and_counts_bytes() {
        let input = vec![b'a'; 10_000];
        let mut r = io::BufReader::with_capacity(64, &input[..]);
        assert_eq!(
            read_line(&mut r, 100).unwrap(),
            Some(Line::TooLong {
                bytes: 10_000,
                comment: false
            })
        );
        assert_eq!(read_line(&mut r, 100).unwrap(), None);
        let mut r = "é\n".as_bytes();
        assert_eq!(read_line(&mut r, 2).unwrap(), Some(Line::Text("é".into())));
    }

    /// A writer that refuses every write, with the error kind given.
    struct Refusing(io::ErrorKind);

    impl Write for Refusing {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            Err(self.0.into())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    /// An input that fails after `good` bytes (a folder given as standard input fails at
    /// once).
    struct Failing(&'static [u8]);

    impl io::Read for Failing {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.0.is_empty() {
                return Err(io::ErrorKind::IsADirectory.into());
            }
            let n = self.0.len().min(buf.len());
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    /// A read error names the line it stopped at, but none when no line was read (a
    /// tester's report: `solve < /` said `line 1: cannot read input`); the lines before
    /// it are answered, and the run fails.
    #[test]
    fn an_unreadable_input_is_named_by_its_line_once_one_was_read() {
        for (input, answers, message) in [
            (&b""[..], 0, "cannot read input: "),
            (&b"1\n2\n"[..], 2, "line 3: cannot read input: "),
        ] {
            let (mut out, mut err) = (Vec::new(), Vec::new());
            let reader = io::BufReader::new(Failing(input));
            let code = process_lines(reader, &mut out, &mut err, |l| Ok::<_, String>(l.into()));
            let err = String::from_utf8(err).unwrap();
            assert!(err.starts_with(message), "{err}");
            assert_eq!(out.iter().filter(|&&b| b == b'\n').count(), answers);
            assert_eq!(code, ExitCode::FAILURE);
        }
    }

    /// Once the output's reader is gone (`solve < file | head -1`), no more lines are
    /// answered: before, every line was still solved (six FFO endgames took 8.5 s of CPU
    /// after `head -1` had left) and the status was success. A broken pipe stops
    /// quietly; another write error is reported and fails the run.
    #[test]
    fn a_closed_output_stops_the_run() {
        for (kind, message, code) in [
            (io::ErrorKind::BrokenPipe, "", ExitCode::SUCCESS),
            (
                io::ErrorKind::StorageFull,
                "line 1: cannot write the answer: ",
                ExitCode::FAILURE,
            ),
        ] {
            let mut answered = 0;
            let mut err = Vec::new();
            let code_got =
                process_lines(&b"1\n2\n3\n4\n"[..], &mut Refusing(kind), &mut err, |l| {
                    answered += 1;
                    Ok::<_, String>(l.to_string())
                });
            let err = String::from_utf8(err).unwrap();
            assert_eq!(answered, 1, "{kind:?}");
            assert!(
                err.starts_with(message) && (message.is_empty() == err.is_empty()),
                "{err}"
            );
            assert_eq!(code_got, code);
        }
    }

    /// Lines may end with LF, CR LF or a CR alone, mixed, and a CR LF split across two
    /// reads is still one line end: the line numbers count lines, not ends. Before, a
    /// file with CR line ends was one bad line (`line 1: … 1\r2\r3`).
    #[test]
    fn lines_end_at_lf_cr_lf_or_a_lone_cr() {
        let (out, err, code) = doubled(b"1\r2\r\n3\n4\r\r6\rx\r7");
        assert_eq!(out, "1 2\n2 4\n3 6\n4 8\n6 12\n7 14\n");
        assert_eq!(err, "line 7: invalid digit found in string: x\n");
        assert_eq!(code, ExitCode::FAILURE);
        let input = b"ab\r\ncd\r";
        let mut r = io::BufReader::with_capacity(3, &input[..]);
        let mut lines = Vec::new();
        while let Some(l) = read_line(&mut r, 100).unwrap() {
            lines.push(l);
        }
        assert_eq!(lines, [Line::Text("ab".into()), Line::Text("cd".into())]);
    }

    /// A file saved with a UTF-8 byte-order mark (as some editors write one) has its
    /// first line answered like the others; before, the mark was taken as part of the
    /// position (`wrong length: expected 9 cells, found 10`). A mark anywhere else is
    /// still an error.
    #[test]
    fn a_byte_order_mark_at_the_start_is_skipped() {
        let (out, err, code) = doubled("\u{feff}1\n2\n\u{feff}3\n".as_bytes());
        assert_eq!(out, "1 2\n2 4\n");
        assert!(err.starts_with("line 3: "), "{err}");
        assert_eq!(code, ExitCode::FAILURE);
        let (out, _, code) = doubled("\u{feff}# comment\n5\n".as_bytes());
        assert_eq!((out.as_str(), code), ("5 10\n", ExitCode::SUCCESS));
    }

    /// A recheck's report: a short comment was read differently from a long one. A
    /// short `#` line that is not valid UTF-8, or has a byte-order mark before its `#` on
    /// a later line, was a bad line (the run failed), where the same comment over 64 KiB
    /// was skipped. Both are skipped now, as the long ones are.
    #[test]
    fn a_comment_is_skipped_whatever_its_bytes() {
        let (out, err, code) = doubled(b"1\n# caf\xe9 latin-1\n  #\xff\n\xef\xbb\xbf# later\n2\n");
        assert_eq!(out, "1 2\n2 4\n");
        assert!(err.is_empty(), "{err}");
        assert_eq!(code, ExitCode::SUCCESS);
        // A mark before anything but a `#` on a later line is still a bad line, a mark
        // alone too (the fuzz test's rule: only the input's first line loses its mark).
        let (out, err, code) = doubled(b"1\n\xef\xbb\xbf\n\xef\xbb\xbf2\n");
        assert_eq!(out, "1 2\n");
        assert!(
            err.starts_with("line 2: ") && err.contains("line 3: "),
            "{err}"
        );
        assert_eq!(code, ExitCode::FAILURE);
    }

    #[test]
    fn long_errors_echo_a_prefix() {
        let long = "é".repeat(500);
        let e = echo(&long);
        assert!(e.starts_with(&"é".repeat(120)));
        assert!(e.ends_with("… (1000 bytes)"));
        assert_eq!(echo("abc"), "abc");
    }

    #[test]
    fn control_characters_are_echoed_as_escapes() {
        assert_eq!(echo("ab\0c\u{1b}[2J"), "ab\\u{0}c\\u{1b}[2J");
        let (_, err, code) = doubled(b"x\0y\n");
        assert_eq!(code, ExitCode::FAILURE);
        assert!(err.contains("x\\u{0}y") && !err.contains('\0'), "{err:?}");
    }
}
