//! Fuzz target: `tictactoe_shape` must take any text without panicking.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(s) = std::str::from_utf8(data) {
        let _ = s.parse::<tictactoe::Shape>();
        let (size, k) = s.split_once(' ').unwrap_or((s, "3"));
        if let Ok(k) = k.parse::<u32>() {
            let _ = tictactoe::Shape::parse_size(size, k);
        }
    }
});
