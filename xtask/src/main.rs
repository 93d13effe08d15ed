//! `cargo xtask`: developer tasks for the zerosum workspace.
//!
//! - `cargo xtask bench [--quick] [--data DIR]`: runs the criterion benches of every crate
//!   and the public benchmark suites in `DIR` (default `../shared/data` when present),
//!   then prints two summary tables (the benches, then the suites);
//! - `cargo xtask suites [--data DIR] [--quick]`: only the public suites;
//! - `cargo xtask connect4-book --depth N [--shard k/n | --merge FILES…] [--skip FILES…]`:
//!   builds the connect4 opening book (see `connect4::book`);
//! - `cargo xtask connect4-play-book --plies M [--shard k/n | --merge FILES…] [--skip FILES…]`:
//!   builds the connect4 play book (see `connect4::PlayBook`);
//! - `cargo xtask ci`: exactly what `.ci/run` runs;
//! - `cargo xtask train-othello [--games N] [--rounds R] [--seed S] …`: self-play,
//!   exact labels and the least-squares fit of the othello pattern evaluation;
//! - `cargo xtask train-gomoku [--games N] [--seed S] [--nodes N] …`: self-play, result
//!   labels and the logistic fit of the gomoku evaluation, then a match against the
//!   hand-set values (`--teacher`: on a teacher engine's games; `--leaves N`: on the
//!   leaves of our own searches, labelled by a deeper search; `--mmto`: comparison
//!   training on the teacher's move choices);
//! - `cargo xtask tune-gomoku [--iterations N] [--seed S] [--nodes N] …`: tunes the
//!   gomoku evaluation's weights by match results (SPSA) against Rapfi at fixed nodes;
//! - `cargo xtask gomoku-openings --seed S [--count N] [--out FILE]`: seeded random
//!   gomoku openings for `zerosum gomoku match --openings`;
//! - `cargo xtask deps`: dependencies declared but unused (also a test, so CI checks it).

use clap::{Parser, Subcommand};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

mod args;
mod choice_logit;
mod connect4;
mod deps;
mod gomoku;
mod gomoku_cells;
mod gomoku_leaf;
mod gomoku_mmto;
mod gomoku_policy;
mod gomoku_teacher;
mod gomoku_train;
mod gomoku_tune;
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
    /// Results that are wrong: a score, a best move or a proof line the suite refutes,
    /// or a suite file that cannot be read. `None` (the default, for exact suites): every
    /// position not passed is wrong. Suites with a rate goal count here only the wrong
    /// answers, not the positions left unsolved within their budget.
    pub wrong: Option<usize>,
    /// The pass-rate goal beside correctness (`0.95` = at least 95 % of the positions
    /// passed), if the suite has one. Missing it is reported, never a failure.
    pub goal: Option<f64>,
}

impl SuiteRow {
    /// The row of a suite whose file is there but cannot be read: one wrong result and
    /// `why` (the path, and the line where the reading stopped, if any) in its note, so
    /// that the run fails.
    pub fn unreadable(name: impl Into<String>, why: impl std::fmt::Display) -> SuiteRow {
        SuiteRow {
            name: name.into(),
            note: format!("cannot read {why}"),
            wrong: Some(1),
            ..SuiteRow::default()
        }
    }

    /// The wrong results of this row (see [`SuiteRow::wrong`]); at least one when it ran
    /// no position: an empty or truncated suite file (a new user's report: empty files
    /// passed, the Gomoku rows with `goal met`).
    pub fn wrong_count(&self) -> usize {
        let wrong = self
            .wrong
            .unwrap_or(self.positions.saturating_sub(self.passed));
        if self.positions == 0 {
            wrong.max(1)
        } else {
            wrong
        }
    }

    /// The pass rate beside its goal: `91/100 = 91.0 % (goal >= 95 %: missed)`; `no
    /// position run` when there was none.
    pub fn figure(&self) -> String {
        if self.positions == 0 {
            return "no position run".to_string();
        }
        let rate = 100.0 * self.passed as f64 / self.positions.max(1) as f64;
        let mut text = format!("{}/{} = {rate:.1} %", self.passed, self.positions);
        if let Some(goal) = self.goal {
            let met = self.passed as f64 >= goal * self.positions as f64;
            text.push_str(&format!(
                " (goal >= {:.0} %: {})",
                100.0 * goal,
                if met { "met" } else { "missed" }
            ));
        }
        text
    }
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
    /// With --quick, about half a minute of wall time on 2 quiet cores once built (the
    /// first build of the bench profile takes about 4 minutes more).
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
    /// Builds the connect4 opening book with the crate's own solver: every position of
    /// at most DEPTH stones, scored exactly. Without --shard or --merge, solves all
    /// leaves on every core, printing their `<moves> <score>` lines as they finish (an
    /// interrupted build goes on with --skip that output), and writes the book; --shard
    /// k/n solves one part and prints its lines; --merge reads such files and writes the
    /// book.
    #[command(name = "connect4-book")]
    Connect4Book {
        /// Positions with at most this many stones go into the book, 0 to 12 (every
        /// position of DEPTH stones, one per mirror pair, is listed in memory and solved
        /// exactly: millions at 12).
        #[arg(long, allow_negative_numbers = true, value_parser = clap::value_parser!(u32).range(0..=12))]
        depth: u32,
        /// Solve only shard k of n (0 <= k < n) and print its leaf lines.
        #[arg(long, value_name = "K/N", conflicts_with = "merge", value_parser = connect4::parse_shard)]
        shard: Option<connect4::Shard>,
        /// Merge these shard outputs into the book instead of solving.
        #[arg(long, num_args = 1.., value_name = "FILE")]
        merge: Option<Vec<PathBuf>>,
        /// Solver threads, each with its own table, 1 to 256 (default: all cores).
        #[arg(long, allow_negative_numbers = true, value_parser = crate::args::thread_count)]
        threads: Option<usize>,
        /// Each solver thread's table in MiB, 1 to 4,096 (rounded down to a power of two;
        /// 8 bytes an entry).
        #[arg(long, allow_negative_numbers = true, default_value_t = 256, value_name = "MIB", value_parser = clap::value_parser!(u64).range(1..=4096))]
        hash_mib: u64,
        /// Leaf lines of earlier (interrupted) runs: those leaves are not solved again
        /// (a full build merges their lines in; a shard prints only the new ones).
        #[arg(long, num_args = 1.., value_name = "FILE", conflicts_with = "merge")]
        skip: Vec<PathBuf>,
        /// Where to write the book (default connect4/book/book.bin).
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Builds the connect4 play book with the crate's own solver: the perfect engine's
    /// move and exact score in every position it can face in the first PLIES plies from
    /// the empty board (both colours, every opponent reply). Without --shard or
    /// --merge, solves everything on every core, printing `<moves> <score> <column>`
    /// lines as they finish (an interrupted build goes on with --skip that output), and
    /// writes the book; --shard k/n solves one part and prints its lines; --merge reads
    /// such files and writes the book.
    #[command(name = "connect4-play-book")]
    Connect4PlayBook {
        /// The engine's positions of at most this many stones go into the book, 0 to 16
        /// (the shipped book has 12; every two plies more multiply its positions several
        /// times, each solved exactly).
        #[arg(long, allow_negative_numbers = true, value_parser = clap::value_parser!(u32).range(0..=16))]
        plies: u32,
        /// Solve only shard k of n (0 <= k < n) and print its lines.
        #[arg(long, value_name = "K/N", conflicts_with = "merge", value_parser = connect4::parse_shard)]
        shard: Option<connect4::Shard>,
        /// Merge these shard outputs into the book instead of solving.
        #[arg(long, num_args = 1.., value_name = "FILE")]
        merge: Option<Vec<PathBuf>>,
        /// Solver threads, each with its own table, 1 to 256 (default: all cores).
        #[arg(long, allow_negative_numbers = true, value_parser = crate::args::thread_count)]
        threads: Option<usize>,
        /// Each solver thread's table in MiB, 1 to 4,096 (rounded down to a power of two;
        /// 8 bytes an entry).
        #[arg(long, allow_negative_numbers = true, default_value_t = 128, value_name = "MIB", value_parser = clap::value_parser!(u64).range(1..=4096))]
        hash_mib: u64,
        /// Lines of earlier (interrupted) runs: those positions are not solved again
        /// (a full build merges their lines in; a shard prints only the new ones).
        #[arg(long, num_args = 1.., value_name = "FILE", conflicts_with = "merge")]
        skip: Vec<PathBuf>,
        /// Where to write the book (default connect4/book/play.bin).
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Exactly what .ci/run runs.
    Ci,
    /// Trains the othello pattern evaluation (self-play, solver labels, ridge fit) and
    /// writes the weight file.
    TrainOthello(othello::TrainArgs),
    /// Fits the gomoku evaluation's values on self-play positions, writes the table into
    /// the crate and plays it against the hand-set values.
    TrainGomoku(Box<gomoku_train::TrainArgs>),
    /// Tunes the gomoku evaluation's weights by match results (SPSA) against Rapfi
    /// limited by nodes, or in self-play, and writes the averaged weights.
    TuneGomoku(gomoku_tune::TuneArgs),
    /// Writes seeded random gomoku openings (3 to 6 stones near the centre, as the
    /// teacher and leaf fits draw them) in the match runner's openings format.
    GomokuOpenings {
        /// The seed: the same seed and count give the same file.
        #[arg(long, allow_negative_numbers = true)]
        seed: u64,
        /// How many distinct openings, 1 to 50,000 (the openings drawn, h8 and 2 to 5
        /// stones in the central 5x5, fall into 62,344 classes up to the board's
        /// symmetries, and the last ones take long to draw).
        #[arg(long, allow_negative_numbers = true, default_value_t = 48, value_parser = clap::value_parser!(u32).range(1..=50_000))]
        count: u32,
        /// Where to write them (default: standard output).
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Lists the dependencies a crate declares but never names in its code.
    Deps,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.task {
        Task::Bench { quick, data } => {
            let data = match data_dir(data) {
                Ok(d) => d,
                Err(e) => {
                    eprintln!("{e}");
                    return ExitCode::from(2);
                }
            };
            let ok = run_criterion(quick);
            let benches = criterion_rows(&target_dir().join("criterion"));
            print_bench_table(&benches);
            let rows = run_suites(data.as_deref(), quick);
            print_suite_table(&rows);
            exit(ok && suites_correct(&rows))
        }
        Task::Suites { quick, data } => {
            let data = match data_dir(data) {
                Ok(d) => d,
                Err(e) => {
                    eprintln!("{e}");
                    return ExitCode::from(2);
                }
            };
            let rows = run_suites(data.as_deref(), quick);
            print_suite_table(&rows);
            exit(suites_correct(&rows))
        }
        Task::Connect4Book {
            depth,
            shard,
            merge,
            threads,
            hash_mib,
            skip,
            out,
        } => {
            let opts = connect4::BookOptions::new(threads, hash_mib, skip);
            let out = out.unwrap_or_else(|| workspace_root().join("connect4/book/book.bin"));
            let steps = BookSteps {
                shard: connect4::book_shard,
                merge: connect4::book_merge,
                build: connect4::book_build,
            };
            exit(steps.run("connect4-book", depth, shard, merge, &opts, &out))
        }
        Task::Connect4PlayBook {
            plies,
            shard,
            merge,
            threads,
            hash_mib,
            skip,
            out,
        } => {
            let opts = connect4::BookOptions::new(threads, hash_mib, skip);
            let out = out.unwrap_or_else(|| workspace_root().join("connect4/book/play.bin"));
            let steps = BookSteps {
                shard: connect4::play_shard,
                merge: connect4::play_merge,
                build: connect4::play_build,
            };
            exit(steps.run("connect4-play-book", plies, shard, merge, &opts, &out))
        }
        Task::TrainOthello(args) => exit(othello::train(&args, &workspace_root())),
        Task::TrainGomoku(args) => match data_dir(args.data.clone()) {
            Ok(data) => exit(gomoku_train::train(
                &args,
                &workspace_root(),
                data.as_deref(),
            )),
            Err(e) => {
                eprintln!("{e}");
                ExitCode::from(2)
            }
        },
        Task::TuneGomoku(args) => exit(gomoku_tune::tune(&args)),
        Task::GomokuOpenings { seed, count, out } => {
            let text = gomoku_teacher::openings_file(seed, count as usize);
            match out {
                Some(path) => match std::fs::write(&path, text) {
                    Ok(()) => ExitCode::SUCCESS,
                    Err(e) => {
                        eprintln!("{}: {e}", path.display());
                        ExitCode::from(2)
                    }
                },
                None => {
                    print!("{text}");
                    ExitCode::SUCCESS
                }
            }
        }
        Task::Deps => {
            let unused = deps::unused(&workspace_root());
            for u in &unused {
                println!("unused dependency: {u}");
            }
            // Silence looked like nothing had run (a new user's report).
            if unused.is_empty() {
                println!("no unused dependency in the workspace's crates");
            }
            exit(unused.is_empty())
        }
        Task::Ci => {
            let status = std::process::Command::new("bash")
                .arg(".ci/run")
                .current_dir(workspace_root())
                .status();
            exit(status.is_ok_and(|s| s.success()))
        }
    }
}

/// True when no suite row has a wrong result; otherwise names the rows that have on
/// standard error (the exit status is then non-zero). A benchmark reports: a speed or
/// rate goal that is missed is printed beside its figure, and is not a failure.
fn suites_correct(rows: &[SuiteRow]) -> bool {
    let wrong: Vec<String> = rows
        .iter()
        .filter(|r| r.wrong_count() > 0)
        .map(|r| format!("{} ({} wrong)", r.name, r.wrong_count()))
        .collect();
    if !wrong.is_empty() {
        eprintln!("xtask: wrong results: {}", wrong.join(", "));
    }
    let missed: Vec<&str> = rows
        .iter()
        .filter(|r| r.goal.is_some() && r.figure().ends_with("missed)"))
        .map(|r| r.name.as_str())
        .collect();
    if !missed.is_empty() {
        eprintln!(
            "xtask: goals missed (reported, not a failure): {}",
            missed.join(", ")
        );
    }
    wrong.is_empty()
}

/// The three ways to run one of the Connect Four book tasks (`connect4-book` by depth,
/// `connect4-play-book` by plies): one shard's solved lines to standard output, a merge
/// of shard files into the book, or the whole build into the book.
struct BookSteps {
    shard: fn(u32, connect4::Shard, &connect4::BookOptions) -> Result<(), String>,
    merge: fn(u32, &[PathBuf], &Path) -> Result<(), String>,
    build: fn(u32, &connect4::BookOptions, &Path) -> Result<(), String>,
}

impl BookSteps {
    /// Runs the step the options ask for (`--shard` first, then `--merge`, else the
    /// build) for `size` (the book's depth or plies), printing an error as
    /// `xtask <task>: <error>`; true when it succeeded.
    fn run(
        &self,
        task: &str,
        size: u32,
        shard: Option<connect4::Shard>,
        merge: Option<Vec<PathBuf>>,
        opts: &connect4::BookOptions,
        out: &Path,
    ) -> bool {
        // The book's file is checked before any solve (a new user's report: a folder that
        // does not exist was found after all the solving).
        if shard.is_none()
            && let Err(e) = writable(out)
        {
            eprintln!("xtask {task}: --out {}: {e}", out.display());
            return false;
        }
        let result = match (shard, merge) {
            (Some(shard), _) => (self.shard)(size, shard, opts),
            (None, Some(files)) => (self.merge)(size, &files, out),
            (None, None) => (self.build)(size, opts, out),
        };
        if let Err(e) = &result {
            eprintln!("xtask {task}: {e}");
        }
        result.is_ok()
    }
}

/// Whether a file can be written at `out` later: it is opened for writing now, without
/// changing it (a file made by the test is removed again).
fn writable(out: &Path) -> Result<(), String> {
    if out.is_dir() {
        return Err("a folder, not a file".into());
    }
    let existed = out.exists();
    std::fs::OpenOptions::new()
        .append(true)
        .create(true)
        .open(out)
        .map_err(|e| e.to_string())?;
    if !existed {
        let _ = std::fs::remove_file(out);
    }
    Ok(())
}

fn exit(ok: bool) -> ExitCode {
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// The workspace root (the parent of this crate's folder).
fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask lives in the workspace")
        .to_path_buf()
}

/// Cargo's target folder: `$CARGO_TARGET_DIR` when set, else `target/` in the workspace.
fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map_or_else(|| workspace_root().join("target"), PathBuf::from)
}

/// `--data DIR`, else `../shared/data` next to the workspace when it exists (else no
/// public suites: they are skipped with a note).
///
/// # Errors
/// A `--data DIR` that is not a folder, or a folder with none of the games' suite
/// folders (`connect4/`, `othello/`, `gomoku/`: a new user's report, `--data` one level
/// too high ran the tic-tac-toe rows alone and passed): asked for explicitly, it is not
/// skipped quietly.
fn data_dir(given: Option<PathBuf>) -> Result<Option<PathBuf>, String> {
    const GAMES: [&str; 3] = ["connect4", "othello", "gomoku"];
    match given {
        Some(dir) if dir.is_dir() && !GAMES.iter().any(|g| dir.join(g).is_dir()) => Err(format!(
            "xtask: --data {}: no suite folder in it (connect4/, othello/ or gomoku/)",
            dir.display()
        )),
        Some(dir) if dir.is_dir() => Ok(Some(dir)),
        Some(dir) if dir.exists() => Err(format!("xtask: --data {}: not a folder", dir.display())),
        Some(dir) => Err(format!("xtask: --data {}: no such folder", dir.display())),
        None => {
            let default = workspace_root().join("../shared/data");
            if default.is_dir() {
                Ok(Some(default))
            } else {
                // The folder looked at, in full: it is next to the workspace, not the
                // current folder (a new user's report).
                let shown = workspace_root()
                    .parent()
                    .map_or(default.clone(), |p| p.join("shared/data"));
                eprintln!(
                    "xtask: no {} (../shared/data next to the workspace); public suites \
                     skipped (use --data DIR)",
                    shown.display()
                );
                Ok(None)
            }
        }
    }
}

/// The folder `data/game` of one game's public suites, or `None` (with a note on
/// standard error naming the folder, so that a `--data` folder without them is not
/// silently a pass) when `data` is given but has no such folder.
fn suite_folder(data: Option<&Path>, game: &str) -> Option<PathBuf> {
    let dir = data?.join(game);
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!("xtask: no {}: {game} suites skipped", dir.display());
        None
    }
}

/// Notes on standard error that the suite file `path` is not there and its suite is
/// skipped.
fn note_missing_suite(path: &Path) {
    eprintln!("xtask: no {}: suite skipped", path.display());
}

/// Runs every criterion bench target of the workspace (`cargo bench --bench '*'`, which
/// leaves out the libtest harness of libraries); `quick` passes criterion's `--quick`.
fn run_criterion(quick: bool) -> bool {
    let mut cmd =
        std::process::Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()));
    cmd.current_dir(workspace_root()).args([
        "bench",
        "--workspace",
        "--exclude",
        "xtask",
        "--exclude",
        "zerosum-cli",
        "--bench",
        "*",
        "--",
    ]);
    if quick {
        cmd.arg("--quick");
    }
    match cmd.status() {
        Ok(s) if s.success() => true,
        Ok(s) => {
            eprintln!("xtask: cargo bench failed ({s})");
            false
        }
        Err(e) => {
            eprintln!("xtask: cannot run cargo bench: {e}");
            false
        }
    }
}

/// One criterion benchmark's summary, read back from `target/criterion`.
struct BenchRow {
    name: String,
    median_ns: f64,
    throughput: Option<(f64, String)>,
}

/// Reads every `new/estimates.json` (median) and `new/benchmark.json` (title, throughput)
/// under `dir`.
fn criterion_rows(dir: &Path) -> Vec<BenchRow> {
    let mut rows = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                if p.file_name().is_some_and(|n| n == "new") {
                    if let Some(row) = read_bench(&p) {
                        rows.push(row);
                    }
                } else if p
                    .file_name()
                    .is_some_and(|n| n != "base" && n != "report" && n != "change")
                {
                    stack.push(p);
                }
            }
        }
    }
    rows.sort_by(|a, b| a.name.cmp(&b.name));
    rows
}

/// What `cargo xtask bench` reads of criterion's `estimates.json`.
#[derive(serde::Deserialize)]
struct Estimates {
    median: Estimate,
}

/// One statistic of `estimates.json`.
#[derive(serde::Deserialize)]
struct Estimate {
    point_estimate: f64,
}

/// What `cargo xtask bench` reads of criterion's `benchmark.json`.
#[derive(serde::Deserialize)]
struct BenchmarkMeta {
    full_id: Option<String>,
    title: Option<String>,
    /// `{"Elements": n}` or `{"Bytes": n}`, when the bench declares a throughput.
    throughput: Option<std::collections::BTreeMap<String, Amount>>,
}

/// A throughput's amount: a count, or a shape this table does not show.
#[derive(serde::Deserialize)]
#[serde(untagged)]
enum Amount {
    Count(f64),
    Other(serde::de::IgnoredAny),
}

fn read_bench(new_dir: &Path) -> Option<BenchRow> {
    let est: Estimates =
        serde_json::from_str(&std::fs::read_to_string(new_dir.join("estimates.json")).ok()?)
            .ok()?;
    let meta: BenchmarkMeta =
        serde_json::from_str(&std::fs::read_to_string(new_dir.join("benchmark.json")).ok()?)
            .ok()?;
    let median_ns = est.median.point_estimate;
    let name = meta.full_id.or(meta.title)?;
    let throughput = meta.throughput.and_then(|t| {
        t.into_iter().find_map(|(kind, amount)| match amount {
            Amount::Count(n) => Some((n / (median_ns * 1e-9), kind.to_lowercase())),
            Amount::Other(_) => None,
        })
    });
    Some(BenchRow {
        name,
        median_ns,
        throughput,
    })
}

fn print_bench_table(rows: &[BenchRow]) {
    println!();
    println!("{:<60} {:>14} {:>22}", "benchmark", "median", "throughput");
    println!("{}", "-".repeat(98));
    for r in rows {
        let tp = r
            .throughput
            .as_ref()
            .map_or(String::new(), |(n, kind)| format!("{} {kind}/s", si(*n)));
        println!(
            "{:<60} {:>14} {:>22}",
            r.name,
            human_time(r.median_ns * 1e-9),
            tp
        );
    }
}

/// Every suite: tic-tac-toe's (no data), then the public ones under `data`. A `data`
/// folder under which not one public suite file was found is a wrong result (a
/// recheck's report: `--data` at the workspace, whose crate folders are named as the
/// games', ran the tic-tac-toe rows alone and passed).
fn run_suites(data: Option<&Path>, quick: bool) -> Vec<SuiteRow> {
    let mut rows = tictactoe::suites(data, quick);
    let own = rows.len();
    rows.extend(connect4::suites(data, quick));
    rows.extend(othello::suites(data, quick));
    rows.extend(gomoku::suites(data, quick));
    if let Some(dir) = data
        && rows.len() == own
    {
        rows.push(SuiteRow {
            name: "public suites".into(),
            note: format!(
                "NO SUITE: {}: not one suite file this run reads was found \
                 (connect4/Test_L*_R*, othello/fforum-1-19.obf, fforum-20-39.obf, and in a \
                 full run fforum-40-59.obf, gomoku/…; see the data README)",
                dir.display()
            ),
            wrong: Some(1),
            ..SuiteRow::default()
        });
    }
    rows
}

fn print_suite_table(rows: &[SuiteRow]) {
    if rows.is_empty() {
        return;
    }
    // The name and figure columns as wide as their longest entry, so that the later
    // columns stay under their headers.
    let name_w = rows
        .iter()
        .map(|r| r.name.chars().count())
        .max()
        .unwrap_or(0)
        .max(5);
    let figure_w = rows
        .iter()
        .map(|r| r.figure().chars().count())
        .max()
        .unwrap_or(0)
        .max(13);
    println!();
    println!(
        "{:<name_w$} {:<figure_w$} {:>6} {:>12} {:>14}  note",
        "suite", "passed (goal)", "wrong", "mean time", "mean nodes"
    );
    println!("{}", "-".repeat(name_w + figure_w + 60));
    for r in rows {
        println!(
            "{:<name_w$} {:<figure_w$} {:>6} {:>12} {:>14}  {}",
            r.name,
            r.figure(),
            r.wrong_count(),
            human_time(r.mean_time.as_secs_f64()),
            if r.mean_nodes > 0.0 {
                si(r.mean_nodes)
            } else {
                "-".into()
            },
            r.note
        );
    }
}

/// Seconds as `12.3 µs`, `4.56 ms`, `1.23 s`.
fn human_time(secs: f64) -> String {
    if secs < 1e-6 {
        format!("{:.1} ns", secs * 1e9)
    } else if secs < 1e-3 {
        format!("{:.2} µs", secs * 1e6)
    } else if secs < 1.0 {
        format!("{:.2} ms", secs * 1e3)
    } else {
        format!("{secs:.2} s")
    }
}

/// A count with an SI suffix: `951`, `12.3 k`, `4.56 M`, `7.89 G`.
fn si(n: f64) -> String {
    if n < 1e3 {
        format!("{n:.1}")
    } else if n < 1e6 {
        format!("{:.2} k", n / 1e3)
    } else if n < 1e9 {
        format!("{:.2} M", n / 1e6)
    } else {
        format!("{:.2} G", n / 1e9)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A library user's report: `connect4-book --depth 99` listed positions without
    /// end (580 MB after 20 s), and `train-othello --lambda nan` (or `--iterations 0`,
    /// `--phases 0`) wrote an empty weight file over the shipped one, exit status 0.
    /// Such arguments are refused before any work, naming the value.
    #[test]
    fn arguments_that_cannot_make_a_table_are_refused() {
        for args in [
            "connect4-book --depth 13 --shard 0/1",
            "train-othello --lambda nan",
            "train-othello --lambda -1",
            "train-othello --iterations 0",
            "train-othello --phases 0",
            "train-othello --phases 17",
            "train-othello --games 0",
            "train-othello --threads 0",
            "train-othello --solve-empties 25",
            "train-gomoku --games 0",
            "train-gomoku --lambda inf",
            "train-gomoku --teacher-mix 1.5",
            "train-gomoku --teacher-scale 0",
            "train-gomoku --nodes 0",
            "train-gomoku --threads 0",
            "train-gomoku --mmto-value-weight nan",
            "connect4-play-book --plies 17 --shard 0/1",
            "connect4-book --depth 4 --threads 0",
            "tune-gomoku --rate nan",
            "tune-gomoku --scale nan",
            "tune-gomoku --scale 0",
            "tune-gomoku --nodes 0",
            "tune-gomoku --batch 0",
            "train-othello --use-games 5",
            "train-othello --threads 100000000",
            "train-othello --label-depth 99",
            "train-othello --check-empties 61",
            "train-othello --window-below 4294967295",
            "train-gomoku --threads 257",
            "connect4-play-book --plies 0 --threads 100000000",
            "tune-gomoku --batch 100000000",
            "tune-gomoku --first 18446744073709551615",
            // A tester's report: a bad shard was an error of the run (exit 1), after
            // the arguments were taken.
            "connect4-book --depth 4 --shard 3/2",
            "connect4-book --depth 4 --shard x",
            "connect4-play-book --plies 2 --shard 0/0",
            // A negative number was an "unexpected argument", not a bad value.
            "train-gomoku --match-games -1",
            "train-gomoku --mmto-value-weight -1",
            "tune-gomoku --nodes -5",
            "connect4-book --depth -1",
        ] {
            let line = std::iter::once("xtask").chain(args.split(' '));
            let e = Cli::try_parse_from(line).expect_err(args);
            let refused = [
                clap::error::ErrorKind::ValueValidation,
                clap::error::ErrorKind::MissingRequiredArgument,
            ];
            assert!(refused.contains(&e.kind()), "{args}: {e}");
        }
        for args in [
            "connect4-book --depth 12 --shard 0/1",
            "train-othello --lambda 0 --phases 16 --solve-empties 24",
            "train-gomoku --games 1 --teacher-mix 1",
        ] {
            let line = std::iter::once("xtask").chain(args.split(' '));
            assert!(Cli::try_parse_from(line).is_ok(), "{args}");
        }
    }

    /// A game's suites come from `data/game` when that folder is there, and from
    /// nowhere (with a note) when it is not or no data folder is given.
    #[test]
    fn finds_a_game_s_suite_folder_only_where_it_is() {
        let dir = std::env::temp_dir().join(format!("xtask-data-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("othello")).unwrap();
        assert_eq!(
            suite_folder(Some(&dir), "othello"),
            Some(dir.join("othello"))
        );
        assert_eq!(suite_folder(Some(&dir), "gomoku"), None);
        assert_eq!(suite_folder(None, "othello"), None);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn reads_criterion_results_back() {
        let dir = std::env::temp_dir().join(format!("xtask-criterion-{}", std::process::id()));
        let new = dir.join("group/bench_one/new");
        std::fs::create_dir_all(&new).unwrap();
        std::fs::create_dir_all(dir.join("group/bench_one/base")).unwrap();
        std::fs::write(
            new.join("estimates.json"),
            r#"{"median":{"point_estimate":2000000.0}}"#,
        )
        .unwrap();
        std::fs::write(
            new.join("benchmark.json"),
            r#"{"full_id":"group/bench one","title":"group/bench one","throughput":{"Elements":1000}}"#,
        )
        .unwrap();
        let rows = criterion_rows(&dir);
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(rows.len(), 1);
        assert_eq!(rows[0].name, "group/bench one");
        assert_eq!(rows[0].median_ns, 2_000_000.0);
        let (per_second, kind) = rows[0].throughput.clone().unwrap();
        assert_eq!((per_second.round(), kind.as_str()), (500_000.0, "elements"));
    }

    fn row(positions: usize, passed: usize, wrong: Option<usize>, goal: Option<f64>) -> SuiteRow {
        SuiteRow {
            name: "s".into(),
            positions,
            passed,
            wrong,
            goal,
            ..SuiteRow::default()
        }
    }

    /// Issue 14 item 3: a missed rate goal is reported beside its figure and does not
    /// fail the run (the Gomoku VCF goal of 95 % made a fresh clone's
    /// `cargo xtask suites --quick` exit 1); a wrong result does.
    #[test]
    fn only_wrong_results_fail_a_run() {
        let missed = row(100, 91, Some(0), Some(0.95));
        assert_eq!(missed.figure(), "91/100 = 91.0 % (goal >= 95 %: missed)");
        assert!(suites_correct(&[missed]));
        let met = row(100, 96, Some(0), Some(0.95));
        assert_eq!(met.figure(), "96/100 = 96.0 % (goal >= 95 %: met)");
        // A refuted proof line is wrong even when the rate goal is met.
        assert!(!suites_correct(&[row(100, 96, Some(1), Some(0.95))]));
        // An exact suite: every position not passed is a wrong answer.
        let exact = row(1000, 999, None, None);
        assert_eq!(exact.wrong_count(), 1);
        assert!(!suites_correct(&[exact]));
        assert!(suites_correct(&[row(1000, 1000, None, None)]));
        // No position run (an empty or truncated file): wrong, whatever the goal (a new
        // user's report: empty files passed, `0/0 = 0.0 % (goal >= 98 %: met)`).
        for empty in [row(0, 0, Some(0), Some(0.98)), row(0, 0, None, None)] {
            assert_eq!(empty.figure(), "no position run");
            assert!(!suites_correct(&[empty]));
        }
    }

    #[test]
    fn formats_are_readable() {
        assert_eq!(human_time(0.0000123), "12.30 µs");
        assert_eq!(human_time(2.5), "2.50 s");
        assert_eq!(si(1_500_000.0), "1.50 M");
        assert_eq!(si(12.0), "12.0");
    }
}
