//! Line-oriented batch processing shared by the `solve`/`analyze`/`bestmove` commands:
//! read positions one a line, skip blank lines and `#` comments, answer each good line on
//! standard output (flushed per line), report each bad line on standard error with its
//! line number, and exit non-zero at the end if any line was bad.

use std::fmt::Display;
use std::io::{self, BufRead, Write};
use std::process::ExitCode;

/// Runs `answer` on every non-blank, non-comment line of `input` (trimmed). `Ok(text)` is
/// printed as a line on `out` and flushed; `Err(e)` is printed on `err` as
/// `line N: <e>: <the line>`. Returns success if every line was answered.
pub fn process_lines<E: Display>(
    input: impl BufRead,
    out: &mut impl Write,
    err: &mut impl Write,
    mut answer: impl FnMut(&str) -> Result<String, E>,
) -> ExitCode {
    let mut failed = false;
    for (i, line) in input.lines().enumerate() {
        let line = match line {
            Ok(l) => l,
            Err(e) => {
                let _ = writeln!(err, "line {}: cannot read input: {e}", i + 1);
                failed = true;
                break;
            }
        };
        let text = line.trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        match answer(text) {
            Ok(reply) => {
                let _ = writeln!(out, "{reply}");
                let _ = out.flush();
            }
            Err(e) => {
                let _ = writeln!(err, "line {}: {e}: {text}", i + 1);
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

/// [`process_lines`] over standard input, output and error.
pub fn process_stdin<E: Display>(answer: impl FnMut(&str) -> Result<String, E>) -> ExitCode {
    let stdin = io::stdin();
    let stdout = io::stdout();
    let stderr = io::stderr();
    process_lines(stdin.lock(), &mut stdout.lock(), &mut stderr.lock(), answer)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_lines_are_reported_and_good_ones_answered() {
        let input = "1\n\n# comment\nx\n3\n";
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let code = process_lines(input.as_bytes(), &mut out, &mut err, |l| {
            l.parse::<i32>()
                .map(|n| format!("{l} {}", n * 2))
                .map_err(|e| e.to_string())
        });
        assert_eq!(String::from_utf8(out).unwrap(), "1 2\n3 6\n");
        assert_eq!(
            String::from_utf8(err).unwrap(),
            "line 4: invalid digit found in string: x\n"
        );
        assert_eq!(code, ExitCode::FAILURE);
    }
}
