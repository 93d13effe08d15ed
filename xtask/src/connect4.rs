//! connect4 suites for `cargo xtask`: Pascal Pons' six test sets
//! (`<data>/connect4/Test_L*_R*`), solved strongly with exact scores checked, with mean
//! time and nodes per position next to Pons' own solver's figures.

use crate::SuiteRow;
use connect4::book::{BookError, PlayBook, PlayBuild};
use connect4::suite::{self, SETS};
use connect4::{Book, Position, Solver};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;
use zerosum::time::process_cpu_time;

/// Lines of Test_L1_R3 (Begin-Hard, seconds a position) in a full run; the data README
/// gives Pons' figures on its first 100 lines.
const HARD_LINES: usize = 100;

/// Lines of each of Pons' test sets ("Six plain-text files, 1000 positions each": the
/// data README).
const SET_LINES: usize = 1000;

/// Runs the connect4 suites found under `data` (if any). `quick` takes the first 50
/// lines of each set (5 of Test_L1_R3); a full run takes every line (100 of Test_L1_R3).
pub fn suites(data: Option<&Path>, quick: bool) -> Vec<SuiteRow> {
    let Some(dir) = crate::suite_folder(data, "connect4") else {
        return Vec::new();
    };
    let mut rows = Vec::new();
    for set in SETS {
        let hard = set.file == "Test_L1_R3";
        let limit = match (quick, hard) {
            (true, true) => Some(5),
            (true, false) => Some(50),
            (false, true) => Some(HARD_LINES),
            (false, false) => None,
        };
        let path = dir.join(set.file);
        if !path.exists() {
            crate::note_missing_suite(&path);
            continue;
        }
        let name = format!("connect4 {} ({})", set.file, set.name);
        let cases = match suite::read_file(&path, limit) {
            Ok(c) => c,
            Err(e) => {
                rows.push(SuiteRow::unreadable(
                    name,
                    format!("{}: {e}", path.display()),
                ));
                continue;
            }
        };
        // One solver per set; `suite::run` clears its table before each line, so that each
        // line's nodes are its own.
        let mut solver = Solver::new();
        // The books off: the suites measure the search against Pons' (no book).
        solver.set_use_book(false);
        let cpu_before = cpu_seconds();
        let stats = suite::run(&mut solver, &cases, false);
        // CPU time is what Pons' figures measure (one core); wall time suffers when the
        // machine is shared.
        // No figure for a set that ran no position (an empty file: a recheck's report,
        // its row gave a CPU time a position and a ratio to Pons').
        let cpu = cpu_before
            .zip(cpu_seconds())
            .filter(|_| stats.positions > 0)
            .map(|(a, b)| (b - a) / stats.positions as f64);
        let mut note = format!("Pons: {:.1?}, {} nodes", set.pons_time, set.pons_nodes);
        if let Some(cpu) = cpu {
            note.push_str(&format!(
                "; ours {:.1?} CPU/pos (ours/Pons {:.2}",
                std::time::Duration::from_secs_f64(cpu),
                cpu / set.pons_time.as_secs_f64()
            ));
            // A quick run's sample is not the one Pons' figure is the mean of (a new
            // user's report: End-Easy's ratio was 1.06 quick, 0.71 in full).
            if quick {
                let pons_lines = if hard { HARD_LINES } else { SET_LINES };
                note.push_str(&format!(
                    ", ours on {} lines, Pons' on {pons_lines}: not comparable",
                    stats.positions
                ));
            }
            note.push(')');
        }
        if let Some((moves, want, got)) = stats.failures.first() {
            note.push_str(&format!("; FAIL {moves}: want {want}, got {got}"));
        }
        // Fewer lines than the run takes: a cut file (a new user's report: 7 lines
        // passed as 7/7). One wrong result more, so that the run fails.
        // A whole set read (no limit) must have its count: a longer file is not the set
        // either (a recheck's report: 1001 lines passed).
        let wanted = limit.unwrap_or(SET_LINES);
        let short = cases.len() < wanted || (limit.is_none() && cases.len() != SET_LINES);
        if short {
            note.push_str(&format!(
                "; NOT THE SET: {} lines where the run takes {wanted} (the set has {SET_LINES})",
                cases.len()
            ));
        }
        rows.push(SuiteRow {
            name,
            positions: stats.positions,
            passed: stats.passed,
            mean_time: stats.mean_time(),
            mean_nodes: stats.mean_nodes(),
            note,
            wrong: short.then(|| stats.positions - stats.passed + 1),
            ..SuiteRow::default()
        });
    }
    rows
}

/// CPU time (user + system) of this process so far, in seconds (`None` outside Unix).
fn cpu_seconds() -> Option<f64> {
    process_cpu_time().map(|t| t.as_secs_f64())
}

/// How the book's leaves are solved.
pub struct BookOptions {
    /// Solver threads (default: all cores).
    pub threads: Option<usize>,
    /// Each thread's table: `2^table_log2` entries of 8 bytes.
    pub table_log2: u32,
    /// Files of leaf lines already solved (earlier runs): skipped.
    pub skip: Vec<PathBuf>,
}

impl BookOptions {
    /// The options of a build with `threads` solver threads, `hash_mib` MiB of table
    /// each (rounded down to a power of two; 2^17 entries of 8 bytes a MiB) and the
    /// leaf lines of the `skip` files already solved.
    pub fn new(threads: Option<usize>, hash_mib: u64, skip: Vec<PathBuf>) -> BookOptions {
        BookOptions {
            threads,
            table_log2: 63 - hash_mib.leading_zeros() + 17,
            skip,
        }
    }
}

/// The text of several files, one after the other (a newline after each), with where
/// each file's lines begin, so that a line of the whole is named by its file and line.
struct Joined {
    text: String,
    /// Each file and the number of lines it takes in `text`.
    files: Vec<(PathBuf, usize)>,
}

impl Joined {
    /// `FILE line K` for line `n` (from 1) of the whole text (a new user's report: a
    /// merge's errors counted the lines of all the files, and named none).
    fn locate(&self, n: usize) -> String {
        let mut before = 0;
        for (f, lines) in &self.files {
            if n <= before + lines {
                return format!("{} line {}", f.display(), n - before);
            }
            before += lines;
        }
        format!("line {n}")
    }

    /// `e`, a leaf line's error named by its file and line.
    fn book_error(&self, e: BookError) -> String {
        match e {
            BookError::Line(n, why) => format!("{}: {why}", self.locate(n)),
            e => e.to_string(),
        }
    }
}

/// The text of `files`, one after the other.
fn read_all(files: &[PathBuf]) -> Result<Joined, String> {
    let mut joined = Joined {
        text: String::new(),
        files: Vec::new(),
    };
    for f in files {
        let text = std::fs::read_to_string(f).map_err(|e| format!("{}: {e}", f.display()))?;
        // `str::lines` of the whole counts a line for each newline of the file and the
        // one added after it.
        joined
            .files
            .push((f.clone(), text.matches('\n').count() + 1));
        joined.text += &text;
        joined.text.push('\n');
    }
    Ok(joined)
}

/// A position's moves as a book line writes them: `-` for the empty board (a recheck's
/// report: the depth-0 book wrote ` 1`, which its own reader took for the moves `1`).
fn moves_text(p: &Position) -> String {
    if p.moves() == 0 {
        "-".to_string()
    } else {
        p.to_string()
    }
}

/// `leaves` (of `depth` stones) less those with a line in `done` (`<moves> <score>`
/// lines; a mirror image counts as the same leaf). Every line is checked here, before
/// any solving (a new user's report: a bad line of a skip file was found only after the
/// first leaves' solves, and named no file).
fn unsolved(depth: u32, leaves: &[Position], done: &Joined) -> Result<Vec<Position>, String> {
    // Each leaf's score, to find two lines of one leaf (or its mirror image) that differ.
    let mut keys = std::collections::HashMap::new();
    for (i, line) in done.text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let bad = |e: String| format!("skip file {}: {e}", done.locate(i + 1));
        let (p, score) = Book::parse_leaf_line(depth, line).map_err(bad)?;
        match keys.insert(Book::key(&p), score) {
            Some(earlier) if earlier != score => {
                // The position as the line writes it (a fuzz tester's report: the empty
                // board's `-` was shown as nothing).
                let moves = line.split_whitespace().next().unwrap_or_default();
                return Err(bad(format!(
                    "{moves} scores {score}, where an earlier line gave it (or its mirror \
                     image) {earlier}"
                )));
            }
            _ => {}
        }
    }
    Ok(leaves
        .iter()
        .filter(|p| !keys.contains_key(&Book::key(p)))
        .cloned()
        .collect())
}

/// Solves `leaves` on `threads` threads (default: all cores) with a progress line on
/// standard error for each leaf (each thousandth when there are more than a thousand),
/// handing each `<moves> <score>` line to `line`;
/// reports the cost (leaves, nodes, CPU and wall time) on standard error.
fn solve_leaves(
    depth: u32,
    leaves: &[Position],
    opts: &BookOptions,
    line: &(dyn Fn(String) + Sync),
) {
    let threads = opts
        .threads
        .or_else(|| std::thread::available_parallelism().ok().map(|n| n.get()))
        .unwrap_or(1)
        .max(1);
    let (start, cpu) = (Instant::now(), cpu_seconds());
    let done = AtomicUsize::new(0);
    let each = if leaves.len() > 1000 { 1000 } else { 1 };
    let stats =
        connect4::book::solve_leaves(leaves, threads, opts.table_log2, &|p, score, nodes| {
            line(format!("{} {score}", moves_text(p)));
            let d = done.fetch_add(1, Ordering::Relaxed) + 1;
            if d.is_multiple_of(each) {
                let n = leaves.len();
                let t = start.elapsed();
                eprintln!("{d}/{n} leaves ({p} {score}: {nodes} nodes), {t:.0?} wall");
            }
        });
    let cpu = cpu.zip(cpu_seconds()).map_or(f64::NAN, |(a, b)| b - a);
    eprintln!(
        "{} leaves of {depth} stones solved on {threads} threads: {} nodes, {cpu:.1} s CPU, {:.1?} wall",
        stats.positions,
        stats.nodes,
        start.elapsed()
    );
}

/// `--shard k/n`: solves that shard of the book's leaves of `depth` (a run of
/// consecutive leaves, see `connect4::Book::shard`) on every core and prints its
/// `<moves> <score>` lines on standard output.
pub fn book_shard(depth: u32, (k, n): Shard, opts: &BookOptions) -> Result<(), String> {
    let leaves = Book::leaves(depth);
    let todo = unsolved(depth, Book::shard(&leaves, k, n), &read_all(&opts.skip)?)?;
    let out = Mutex::new(std::io::stdout());
    solve_leaves(depth, &todo, opts, &|line| print_line(&out, &line));
    Ok(())
}

/// Prints one solved line of a shard on standard output at once. A closed pipe ends
/// the output; the merge then reports what is missing.
fn print_line(out: &Mutex<std::io::Stdout>, line: &str) {
    let mut out = out.lock().expect("no panic while printing");
    let _ = writeln!(out, "{line}").and_then(|()| out.flush());
}

/// `--merge FILES`: the book of `depth` from shard outputs, written to `out`.
pub fn book_merge(depth: u32, files: &[PathBuf], out: &Path) -> Result<(), String> {
    let joined = read_all(files)?;
    let book =
        Book::from_leaf_lines(depth, joined.text.lines()).map_err(|e| joined.book_error(e))?;
    write_book(&book, out)
}

/// Solves every leaf of `depth` (but those of the skip files) on `threads` threads
/// (default: all cores), printing each leaf's `<moves> <score>` line on standard output
/// as it finishes (as a shard does, so that an interrupted build goes on with `--skip`
/// that output: a tester's report found the lines kept in memory alone, and lost), then
/// derives the shallower positions, and writes the book to `out`.
pub fn book_build(depth: u32, opts: &BookOptions, out: &Path) -> Result<(), String> {
    let done = read_all(&opts.skip)?;
    let todo = unsolved(depth, &Book::leaves(depth), &done)?;
    let lines = Mutex::new(done.text.lines().map(String::from).collect::<Vec<_>>());
    let stdout = Mutex::new(std::io::stdout());
    solve_leaves(depth, &todo, opts, &|line| {
        print_line(&stdout, &line);
        lines.lock().expect("no panic while collecting").push(line);
    });
    let lines = lines.into_inner().expect("no panic while collecting");
    let book = Book::from_leaf_lines(depth, lines.iter().map(String::as_str))
        .map_err(|e| e.to_string())?;
    write_book(&book, out)
}

fn write_book(book: &Book, out: &Path) -> Result<(), String> {
    let bytes = book.to_bytes();
    std::fs::write(out, &bytes).map_err(|e| format!("{}: {e}", out.display()))?;
    // On standard error: standard output holds the solved lines alone.
    eprintln!(
        "{}: {} positions of at most {} stones, {} bytes",
        out.display(),
        book.len(),
        book.depth(),
        bytes.len()
    );
    Ok(())
}

/// One part of a book's work, `(k, n)`: the `k`-th of `n` runs (`--shard k/n`).
pub type Shard = (usize, usize);

/// `k/n` of `--shard` (clap's value parser: a bad value is a usage error, exit 2, as
/// the other options' are).
pub fn parse_shard(shard: &str) -> Result<Shard, String> {
    shard
        .split_once('/')
        .and_then(|(k, n)| Some((k.parse::<usize>().ok()?, n.parse::<usize>().ok()?)))
        .filter(|&(k, n)| k < n)
        .ok_or_else(|| "expected k/n with 0 <= k < n".to_string())
}

/// Solves shard `shard` of the play book of `plies` (the positions of the skip files
/// are followed, not solved), handing each `<moves> <score> <column>` line to `line`
/// and reporting each position (each hundredth when the shard has more than 400 units)
/// and the cost (positions, nodes, CPU and wall time) on standard error.
fn solve_play(
    plies: u32,
    shard: (usize, usize),
    known: &Joined,
    opts: &BookOptions,
    line: &(dyn Fn(String) + Sync),
) -> Result<(), String> {
    let threads = opts
        .threads
        .or_else(|| std::thread::available_parallelism().ok().map(|n| n.get()))
        .unwrap_or(1)
        .max(1);
    let build = PlayBuild {
        plies,
        threads,
        table_log2: opts.table_log2,
        shard,
    };
    let (start, cpu) = (Instant::now(), cpu_seconds());
    let done = AtomicUsize::new(0);
    let stats =
        connect4::book::solve_play_book(&build, known.text.lines(), &|p, score, col, nodes| {
            line(format!("{} {score} {col}", moves_text(p)));
            let d = done.fetch_add(1, Ordering::Relaxed) + 1;
            let t = start.elapsed();
            eprintln!("{d}: {p} {score} {col} ({nodes} nodes), {t:.0?} wall");
        })
        // A skip file's bad line named by its file and line, as a merge's is.
        .map_err(|e| known.book_error(e))?;
    let cpu = cpu.zip(cpu_seconds()).map_or(f64::NAN, |(a, b)| b - a);
    eprintln!(
        "play book of {plies} plies, shard {}/{}: {} units, {} positions solved on {threads} threads: {} nodes, {cpu:.1} s CPU, {:.1?} wall",
        shard.0,
        shard.1,
        stats.units,
        stats.positions,
        stats.nodes,
        start.elapsed()
    );
    Ok(())
}

/// `connect4-play-book --shard k/n`: prints that shard's lines on standard output.
pub fn play_shard(plies: u32, shard: Shard, opts: &BookOptions) -> Result<(), String> {
    let known = read_play_skips(&opts.skip)?;
    let out = Mutex::new(std::io::stdout());
    solve_play(plies, shard, &known, opts, &|line| print_line(&out, &line))
}

/// `connect4-play-book --merge FILES`: the play book from shard outputs, written to `out`.
pub fn play_merge(plies: u32, files: &[PathBuf], out: &Path) -> Result<(), String> {
    let joined = read_all(files)?;
    let book =
        PlayBook::from_lines(plies, joined.text.lines()).map_err(|e| joined.book_error(e))?;
    write_play_book(&book, out)
}

/// The play-book skip files, each line checked (and no two lines of one position at
/// odds) before any solve, named by file and line (a recheck's report: two lines of one
/// position were found only after the solves, and named no file).
fn read_play_skips(files: &[PathBuf]) -> Result<Joined, String> {
    let known = read_all(files)?;
    connect4::book::check_lines(known.text.lines())
        .map_err(|e| format!("skip file {}", known.book_error(e)))?;
    Ok(known)
}

/// `connect4-play-book`: solves everything (but the skip files' positions), printing
/// each `<moves> <score> <column>` line on standard output as it finishes (an
/// interrupted build goes on with `--skip` that output), and writes the book to `out`.
pub fn play_build(plies: u32, opts: &BookOptions, out: &Path) -> Result<(), String> {
    let known = read_play_skips(&opts.skip)?;
    let lines = Mutex::new(known.text.lines().map(String::from).collect::<Vec<_>>());
    let stdout = Mutex::new(std::io::stdout());
    solve_play(plies, (0, 1), &known, opts, &|line| {
        print_line(&stdout, &line);
        lines.lock().expect("no panic while collecting").push(line);
    })?;
    let lines = lines.into_inner().expect("no panic while collecting");
    let book =
        PlayBook::from_lines(plies, lines.iter().map(String::as_str)).map_err(|e| e.to_string())?;
    write_play_book(&book, out)
}

fn write_play_book(book: &PlayBook, out: &Path) -> Result<(), String> {
    let bytes = book.to_bytes();
    std::fs::write(out, &bytes).map_err(|e| format!("{}: {e}", out.display()))?;
    // On standard error: standard output holds the solved lines alone.
    eprintln!(
        "{}: {} positions of at most {} stones, {} bytes",
        out.display(),
        book.len(),
        book.plies(),
        bytes.len()
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The empty board's book lines read back (`- 1`, `- 1 4`), in both books.
    #[test]
    fn the_empty_board_s_lines_read_back() {
        let empty = Position::new();
        let leaf = format!("{} 1", moves_text(&empty));
        assert_eq!(Book::parse_leaf_line(0, &leaf).unwrap(), (empty.clone(), 1));
        let play = format!("{} 1 4", moves_text(&empty));
        assert!(connect4::book::check_lines([play.as_str()]).is_ok());
        assert_eq!(moves_text(&Position::from_moves("44").unwrap()), "44");
    }

    /// A merge's bad line is named by its file and its line there (a new user's report:
    /// `--merge good bad` named line 12 of the whole for line 2 of `bad`), files with and
    /// without a last newline alike.
    #[test]
    fn a_merged_line_is_named_by_its_file() {
        let dir = std::env::temp_dir().join(format!("xtask-merge-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (good, bad) = (dir.join("good.txt"), dir.join("bad.txt"));
        std::fs::write(&good, "4 1 4\n44 -1 4\n").unwrap();
        std::fs::write(&bad, "43 0 3\n4 bogus").unwrap();
        let joined = read_all(&[good.clone(), bad.clone()]).unwrap();
        let lines: Vec<&str> = joined.text.lines().collect();
        assert_eq!(lines[4], "4 bogus");
        assert_eq!(joined.locate(2), format!("{} line 2", good.display()));
        assert_eq!(joined.locate(5), format!("{} line 2", bad.display()));
        let e = joined.book_error(BookError::Line(5, "bad score".into()));
        assert_eq!(e, format!("{} line 2: bad score", bad.display()));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Skip files are checked whole before any solve, named by file and line: a bad
    /// line, and two lines of one position (or its mirror image) at odds (a new user's
    /// report and a recheck's: found only after the first leaves' solves, named by no
    /// file). Good files give the leaves left to solve.
    #[test]
    fn skip_files_are_checked_before_any_solve() {
        let dir = std::env::temp_dir().join(format!("xtask-skip-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let write = |name: &str, text: &str| {
            let path = dir.join(name);
            std::fs::write(&path, text).unwrap();
            path
        };
        let good = write("good.txt", "1 2\n2 1\n\n");
        let leaves = Book::leaves(1);
        let left = unsolved(1, &leaves, &read_all(std::slice::from_ref(&good)).unwrap()).unwrap();
        assert_eq!(left.len(), leaves.len() - 2);
        for (text, why) in [
            ("44 0\n", "line 1: 44 is not a position of 1 stones"),
            ("4 -1 extra\n", "line 1: "),
            (
                "7 -2\n",
                "line 1: 7 scores -2, where an earlier line gave it",
            ),
        ] {
            let bad = write("bad.txt", text);
            let e =
                unsolved(1, &leaves, &read_all(&[good.clone(), bad.clone()]).unwrap()).unwrap_err();
            let want = format!("skip file {} {why}", bad.display());
            assert!(e.starts_with(&want), "{e}");
        }
        // The play book's: its own lines (`<moves> <score> <column>`).
        let play = write("play.txt", "2 1 3\n6 0 5\n");
        let e = read_play_skips(std::slice::from_ref(&play)).err().unwrap();
        assert!(
            e.starts_with(&format!("skip file {} line 2: ", play.display())),
            "{e}"
        );
        assert!(read_play_skips(&[write("ok.txt", "2 1 3\n6 1 5\n")]).is_ok());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
