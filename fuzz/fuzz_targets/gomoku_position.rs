//! Fuzz target: `gomoku_position` must take any text without panicking.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(s) = std::str::from_utf8(data) {
        let _ = <gomoku::Board as gomoku::Notation>::parse_position(s);
    }
});
