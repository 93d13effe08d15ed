//! Fuzz target: `tictactoe_board` must take any text without panicking.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(s) = std::str::from_utf8(data) {
        let _ = tictactoe::Board::parse(s);
        if let Ok(shape) = "5x4".parse::<tictactoe::Shape>() {
            let _ = tictactoe::Board::parse_in(s, &tictactoe::Geometry::of(shape));
        }
    }
});
