//! Fuzz target: `othello_ggf` (GGF games and moves, as NBoard's `set game` and `move`
//! carry them) must take any text without panicking.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(s) = std::str::from_utf8(data) {
        let _ = othello::ggf::GgfGame::parse(s);
        let _ = othello::ggf::GgfMove::parse(s, 1);
    }
});
