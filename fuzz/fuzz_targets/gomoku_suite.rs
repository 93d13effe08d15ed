//! Fuzz target: `gomoku_suite` must take any text without panicking.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(s) = std::str::from_utf8(data) {
        let _ = gomoku::suite::parse_puzzles(s);
        let _ = gomoku::suite::parse_openings(s, 15, gomoku::Rule::Freestyle);
        let _ = gomoku::suite::parse_rule_checks(s);
    }
});
