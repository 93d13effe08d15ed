//! Fuzz target: `gomoku_cell` must take any text without panicking.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(s) = std::str::from_utf8(data) {
        let _ = gomoku::Cell::parse_human(s);
        let _ = gomoku::Cell::parse_xy(s);
        let _ = s.parse::<gomoku::Cell>();
    }
});
