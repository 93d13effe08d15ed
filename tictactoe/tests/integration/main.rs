//! The integration tests of `tictactoe`, as one test binary (one link instead of one per file).

mod conformance;
mod decisions;
mod equivalence;
mod ground_truth;
mod matches;
mod parsers;
mod reexports;
mod variants;
