//! The integration tests of `gomoku`, as one test binary (one link instead of one per file).

mod common;
mod data_suites;
mod engine;
mod gomocup;
mod parsers;
mod reexports;
mod rules;
mod snapshots;
mod strength;
mod threats;
mod vcf;
mod winlines;
