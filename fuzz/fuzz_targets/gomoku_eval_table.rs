//! Fuzz target: `gomoku_eval_table` (an evaluation table file, as `quirky-pbrain --eval`
//! reads it) must take any text without panicking.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(s) = std::str::from_utf8(data) {
        let _ = gomoku::EvalTable::parse(s);
    }
});
