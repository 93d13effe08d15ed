//! `cargo xtask`: developer tasks for the zerosum workspace.
//!
//! - `cargo xtask bench [--quick] [--data DIR]`: runs the criterion benches of every crate
//!   and the public benchmark suites in `DIR` (default `../shared/data` when present),
//!   then prints one summary table;
//! - `cargo xtask suites [--data DIR] [--quick]`: only the public suites;
//! - `cargo xtask ci`: exactly what `.ci/run` runs.

use clap::{Parser, Subcommand};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

mod connect4;
mod gomoku;
mod othello;
mod tictactoe;

/// One row of a suite summary: a set of positions solved and checked.
#[derive(Clone, Debug, Default)]
pub struct SuiteRow {
    /// What was run, e.g. `connect4 Test_L3_R1`.
    pub name: String,
    /// Positions attempted.
    pub positions: usize,
    /// Positions whose answer matched the suite's.
    pub passed: usize,
    /// Mean wall time per position.
    pub mean_time: Duration,
    /// Mean nodes per position (0 if not counted).
    pub mean_nodes: f64,
    /// Free text: the reference figure to compare with, failures, …
    pub note: String,
}

#[derive(Parser, Debug)]
#[command(name = "xtask", about = "zerosum developer tasks")]
struct Cli {
    #[command(subcommand)]
    task: Task,
}

#[derive(Subcommand, Debug)]
enum Task {
    /// Criterion benches of every crate, then the public suites; prints a summary table.
    Bench {
        /// Short runs (criterion's quick mode, suite samples).
        #[arg(long)]
        quick: bool,
        /// Folder of the public suites (default ../shared/data when it exists).
        #[arg(long)]
        data: Option<PathBuf>,
    },
    /// Only the public suites (correctness and speed), with a summary table.
    Suites {
        /// Short runs (a sample of each suite).
        #[arg(long)]
        quick: bool,
        /// Folder of the public suites (default ../shared/data when it exists).
        #[arg(long)]
        data: Option<PathBuf>,
    },
    /// Exactly what .ci/run runs.
    Ci,
}

fn main() -> ExitCode {
    ExitCode::SUCCESS
}
