//! The integration tests of `connect4`, as one test binary (one link instead of one per file).

mod book;
mod conformance;
mod facts;
mod parsers;
mod perfect_line;
mod reexports;
mod score_table;
mod sizes;
mod solver_vs_minimax;
mod suites;
