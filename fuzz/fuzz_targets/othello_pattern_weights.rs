//! Fuzz target: `othello_pattern_weights` (the pattern evaluation's weight file) must
//! take any bytes without panicking.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = othello::eval::pattern::PatternWeights::decode(data);
});
