//! Fuzz target: `connect4_input_line` must take any text without panicking.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(s) = std::str::from_utf8(data) {
        let _ = connect4::parse_input_line(s);
    }
});
