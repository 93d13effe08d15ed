//! Pascal Pons' benchmark files (`Test_L3_R1` … `Test_L1_R3`): one position a line as
//! `<moves> <score>`, and a runner that solves them and measures the cost.

use crate::{ParseError, Position, Solver};
use std::path::Path;
use std::time::{Duration, Instant};
use thiserror::Error;

/// The six sets, easiest first, with Pons' names and the reference figures of Pons'
/// own solver on this project's machine (`../shared/data/connect4/README.md`): mean time
/// per position and mean nodes per position (Begin-Hard: its first 100 lines).
pub const SETS: [SetInfo; 6] = [
    SetInfo {
        file: "Test_L3_R1",
        name: "End-Easy",
        pons_time: Duration::from_micros(11),
        pons_nodes: 51.3,
    },
    SetInfo {
        file: "Test_L2_R1",
        name: "Middle-Easy",
        pons_time: Duration::from_micros(60),
        pons_nodes: 449.0,
    },
    SetInfo {
        file: "Test_L2_R2",
        name: "Middle-Medium",
        pons_time: Duration::from_micros(5500),
        pons_nodes: 39_808.0,
    },
    SetInfo {
        file: "Test_L1_R1",
        name: "Begin-Easy",
        pons_time: Duration::from_micros(400),
        pons_nodes: 3_296.0,
    },
    SetInfo {
        file: "Test_L1_R2",
        name: "Begin-Medium",
        pons_time: Duration::from_millis(160),
        pons_nodes: 1_187_923.0,
    },
    SetInfo {
        file: "Test_L1_R3",
        name: "Begin-Hard",
        pons_time: Duration::from_secs(9),
        pons_nodes: 58_200_000.0,
    },
];

/// One of Pons' test sets and his solver's figures on it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SetInfo {
    /// File name in the data folder.
    pub file: &'static str,
    /// Pons' name of the set.
    pub name: &'static str,
    /// Mean time per position of Pons' solver on this machine.
    pub pons_time: Duration,
    /// Mean nodes (negamax calls) per position of Pons' solver.
    pub pons_nodes: f64,
}

/// A line of a test file that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum LineError {
    /// The line has no move string.
    #[error("empty line")]
    Empty,
    /// The move string is not a legal game.
    #[error(transparent)]
    Moves(#[from] ParseError),
    /// The score is missing or not an integer.
    #[error("bad or missing score {0:?}")]
    Score(String),
    /// Text after the score (a new user's report: ` junk 77` was taken).
    #[error("unexpected {0:?} after the score")]
    Extra(String),
    /// A score no game from the position can end with
    /// ([`crate::score::possible_scores`]): a damaged line, not the solver's error (a new
    /// user's report: 99 was blamed on the solver).
    #[error("the score {score} is not possible here: scores lie from {min} to {max}")]
    Impossible {
        /// The score read.
        score: i32,
        /// The lowest possible score.
        min: i32,
        /// The highest possible score.
        max: i32,
    },
}

/// One test position: the moves, the position they reach, and the expected score.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TestCase {
    /// The moves as written.
    pub moves: String,
    /// The position reached.
    pub position: Position,
    /// The score stated by the file.
    pub score: i32,
}

/// Parses a line `<moves> <score>`: nothing after the score, and a score a game from the
/// position can end with.
///
/// # Errors
/// A [`LineError`] naming the bad part.
pub fn parse_line(line: &str) -> Result<TestCase, LineError> {
    let mut tokens = line.split_whitespace();
    let moves = tokens.next().ok_or(LineError::Empty)?;
    let position = Position::from_moves(moves)?;
    let score_text = tokens.next().unwrap_or("");
    let score = score_text
        .parse()
        .map_err(|_| LineError::Score(score_text.to_string()))?;
    if let Some(extra) = tokens.next() {
        return Err(LineError::Extra(extra.to_string()));
    }
    let possible = crate::score::possible_scores(&position);
    if !possible.contains(&score) {
        let (min, max) = (*possible.start(), *possible.end());
        return Err(LineError::Impossible { score, min, max });
    }
    Ok(TestCase {
        moves: moves.to_string(),
        position,
        score,
    })
}

/// Reads at most `limit` test cases of a file (all with `None`).
///
/// # Errors
/// An I/O error, or a line that does not parse (with its line number).
pub fn read_file(path: &Path, limit: Option<usize>) -> std::io::Result<Vec<TestCase>> {
    let text = std::fs::read_to_string(path)?;
    // A CR alone ends a line too, as on the command line's standard input (a new user's
    // report: a file of old Mac line ends was read as one line).
    let text = text.replace("\r\n", "\n").replace('\r', "\n");
    // An editor's byte-order mark is skipped, as the command line skips it (a new
    // user's report: it was read as a move).
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    // Numbered before the blank lines are dropped: an error names the file's line (a
    // tester's report: line 4 was named line 3 after a blank first line).
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .take(limit.unwrap_or(usize::MAX))
        .map(|(i, l)| {
            parse_line(l).map_err(|e| {
                std::io::Error::new(
                    std::io::ErrorKind::InvalidData,
                    format!("line {}: {e}", i + 1),
                )
            })
        })
        .collect()
}

/// What a run over test cases measured.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RunStats {
    /// Positions solved.
    pub positions: usize,
    /// Positions whose score equals the stated one (its sign for a weak solve).
    pub passed: usize,
    /// The first mismatches: `(moves, expected, found)`.
    pub failures: Vec<(String, i32, i32)>,
    /// Total wall-clock time.
    pub total_time: Duration,
    /// Total negamax calls.
    pub total_nodes: u64,
}

impl RunStats {
    /// Mean time per position.
    pub fn mean_time(&self) -> Duration {
        if self.positions == 0 {
            Duration::ZERO
        } else {
            self.total_time / self.positions as u32
        }
    }

    /// Mean nodes per position.
    pub fn mean_nodes(&self) -> f64 {
        if self.positions == 0 {
            0.0
        } else {
            self.total_nodes as f64 / self.positions as f64
        }
    }
}

/// Solves every case with `solver` (strongly, or weakly when `weak`), in order, each
/// from an empty table ([`Solver::reset`], as `zerosum connect4 solve` does for each
/// line), and compares with the stated scores.
pub fn run(solver: &mut Solver, cases: &[TestCase], weak: bool) -> RunStats {
    let mut stats = RunStats::default();
    let start = Instant::now();
    for case in cases {
        solver.reset();
        let before = solver.nodes();
        let found = if weak {
            solver.solve_weak(&case.position)
        } else {
            solver.solve(&case.position)
        };
        stats.total_nodes += solver.nodes() - before;
        stats.positions += 1;
        let expected = if weak {
            case.score.signum()
        } else {
            case.score
        };
        if found == expected {
            stats.passed += 1;
        } else if stats.failures.len() < 10 {
            stats.failures.push((case.moves.clone(), expected, found));
        }
    }
    stats.total_time = start.elapsed();
    stats
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An error names the file's line, blank lines counted (a tester's report: line 4
    /// was named line 3 after a blank first line), and `limit` counts test cases.
    #[test]
    fn a_bad_line_is_named_by_its_line_in_the_file() {
        let dir = std::env::temp_dir().join(format!("zerosum-c4-suite-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("suite");
        std::fs::write(&path, "\n4455 18\n\n  \n44X5 0\n").unwrap();
        let e = read_file(&path, None).unwrap_err();
        assert!(e.to_string().starts_with("line 5: "), "{e}");
        let cases = read_file(&path, Some(1)).unwrap();
        assert_eq!(cases.len(), 1);
        assert_eq!((cases[0].moves.as_str(), cases[0].score), ("4455", 18));
        // A CR alone ends a line (a new user's report: old Mac line ends made one line).
        std::fs::write(&path, "4455 18\r44455554221 -15\r\n4 1\r").unwrap();
        let cases = read_file(&path, None).unwrap();
        assert_eq!(cases.len(), 3);
        std::fs::write(&path, "4455 18\r44X5 0\r").unwrap();
        let e = read_file(&path, None).unwrap_err();
        assert!(e.to_string().starts_with("line 2: "), "{e}");
        // A byte-order mark before the first line is skipped (it was read as a move).
        std::fs::write(&path, "\u{feff}4455 18\n4 1\n").unwrap();
        assert_eq!(read_file(&path, None).unwrap().len(), 2);
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// Text after the score, and a score no game from the position can end with, are
    /// the line's fault, not the solver's (a new user's report: ` junk 77` was taken,
    /// and 99 on a 38-stone line was blamed on the solver).
    #[test]
    fn a_line_with_extra_text_or_an_impossible_score_is_refused() {
        assert_eq!(
            parse_line("4455 18 junk"),
            Err(LineError::Extra("junk".into()))
        );
        assert_eq!(
            parse_line("4455 19"),
            Err(LineError::Impossible {
                score: 19,
                min: -18,
                max: 18
            })
        );
        assert_eq!(parse_line("4455 -18").unwrap().score, -18);
    }
}
