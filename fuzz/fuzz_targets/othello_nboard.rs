//! Fuzz target: `othello_nboard` (NBoard protocol lines) must take any text without
//! panicking. Each line is parsed as a command; a session runs every line but the
//! searching ones (`go`, `hint`, `analyze`), whose depth the input could make unbounded.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(s) = std::str::from_utf8(data) {
        let mut session = othello::nboard::Session::new(1);
        for line in s.lines() {
            let _ = line.parse::<othello::nboard::Command>();
            // As the session reads it: a byte-order mark skipped first.
            let first = line
                .trim_start_matches('\u{feff}')
                .split_whitespace()
                .next()
                .unwrap_or("");
            if !["go", "hint", "analyze"].contains(&first.to_ascii_lowercase().as_str()) {
                let _ = session.handle_line(line, &mut std::io::sink());
            }
        }
    }
});
