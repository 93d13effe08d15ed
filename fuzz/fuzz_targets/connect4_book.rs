//! Fuzz target: `connect4_book` — the opening book's and the play book's readers (binary,
//! and the play book's solved lines as text) must take any bytes without panicking.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = connect4::Book::from_bytes(data);
    let _ = connect4::PlayBook::from_bytes(data);
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = connect4::PlayBook::from_lines(2, text.lines());
    }
});
