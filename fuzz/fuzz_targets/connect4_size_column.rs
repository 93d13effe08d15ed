//! Fuzz target: `connect4_size_column` (board sizes such as `7x6`, columns such as `4`)
//! must take any text without panicking.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(s) = std::str::from_utf8(data) {
        let _ = s.parse::<connect4::Size>();
        let _ = s.parse::<connect4::Column>();
    }
});
