//! Fuzz target: `othello_obf` must take any text without panicking.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(s) = std::str::from_utf8(data) {
        let _ = othello::Othello::from_obf_line(s);
        let _ = s.parse::<othello::Othello>();
    }
});
