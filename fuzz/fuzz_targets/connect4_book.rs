//! Fuzz target: `connect4_book` must take any bytes without panicking.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = connect4::Book::from_bytes(data);
});
