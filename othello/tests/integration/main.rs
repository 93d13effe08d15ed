//! The integration tests of `othello`, as one test binary (one link instead of one per file).

mod engine;
mod eval;
mod ffo;
mod nboard;
mod parsers;
mod perft;
mod positions;
mod reexports;
mod rules;
mod solver;
