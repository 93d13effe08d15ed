//! Fuzz target: `gomoku_protocol` must take any bytes without panicking.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // Searches are bounded by a small node budget, so that every input runs fast.
    let mut brain = gomoku::protocol::Brain::new().with_node_limit(300);
    let _ = brain.run(data, &mut std::io::sink());
});
