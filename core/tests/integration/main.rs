//! The integration tests of `zerosum` (core), as one test binary (one link instead of one per file).

mod arena;
mod limits;
mod search_equivalence;
