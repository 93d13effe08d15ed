//! The FFO endgame suite's file format (Edax's OBF lines with move scores).
//!
//! A line is `<board> <side>; <move>:<score>; <move>:<score>; …`: the position in the
//! OBF board form, then every legal move with its exact score, best first (see
//! `../shared/data/othello/README.md`). Files are named `fforum-<first>-<last>.obf`, the
//! positions numbered from `<first>` in line order (blank lines skipped).

use crate::{Move, Othello, ParseMoveError, ParsePositionError};
use std::path::Path;
use thiserror::Error;

/// One suite position with its published answer.
#[derive(Clone, Debug)]
pub struct FfoPosition {
    /// The position's number in the suite (#1–#79).
    pub number: usize,
    /// The position.
    pub game: Othello,
    /// Every legal move and its exact score, in file order (best first).
    pub moves: Vec<(Move, i32)>,
}

impl FfoPosition {
    /// The published exact score: the first move's score.
    pub fn best_score(&self) -> Option<i32> {
        self.moves.first().map(|m| m.1)
    }

    /// True when `mv` is one of the moves sharing the best score.
    pub fn is_best_move(&self, mv: Move) -> bool {
        let best = self.best_score();
        self.moves.iter().any(|&(m, s)| m == mv && Some(s) == best)
    }
}

/// Why a suite line or file could not be read.
#[derive(Debug, Error)]
pub enum FfoError {
    /// The position part is malformed.
    #[error("position: {0}")]
    Position(ParsePositionError),
    /// A `move:score` item is malformed, names a move that is not legal, or gives a
    /// score no game ends with; or the list is empty where the game goes on (`item`
    /// empty).
    #[error("move list item {item:?}: {reason}")]
    Item {
        /// The item text.
        item: String,
        /// What is wrong.
        reason: String,
    },
    /// A move is not a square.
    #[error("move: {0}")]
    Move(ParseMoveError),
    /// A line of a file is bad ([`read_file`]): its 1-based line in the file (blank
    /// lines counted), the position's number, and what is wrong.
    #[error("line {line} (position #{position}): {error}")]
    Line {
        /// The line in the file, from 1.
        line: usize,
        /// The position's number in the suite (FFO #`position`).
        position: usize,
        /// What is wrong with the line.
        error: Box<FfoError>,
    },
    /// The file could not be read.
    #[error("cannot read {path}: {error}")]
    Io {
        /// The file.
        path: String,
        /// The I/O error (in the message, so not also the error's `source`).
        error: std::io::Error,
    },
}

// Plain `From`s (not thiserror's `#[from]`): a variant's message already holds the
// inner error's, so it is not also its `source` (an error reporter printed it twice).
impl From<ParsePositionError> for FfoError {
    fn from(e: ParsePositionError) -> Self {
        FfoError::Position(e)
    }
}

impl From<ParseMoveError> for FfoError {
    fn from(e: ParseMoveError) -> Self {
        FfoError::Move(e)
    }
}

/// Parses one suite line (numbered `number`): a position whose game goes on, then its
/// listed moves with their exact scores, best first: each move legal in the position and
/// listed once, each score an even disc difference from −64 to +64, none above the first.
///
/// # Errors
/// [`FfoError`] naming the bad part: [`FfoError::Item`] for a listed move that is not
/// legal or listed twice, a score that no game ends with or above the first, no move
/// listed, or a finished game (nothing to solve).
pub fn parse_line(line: &str, number: usize) -> Result<FfoPosition, FfoError> {
    let game = Othello::from_obf_line(line)?;
    let mut moves = Vec::new();
    for item in line.split(';').skip(1) {
        let item = item.trim();
        if item.is_empty() {
            continue;
        }
        let (mv, score) = item.split_once(':').ok_or_else(|| FfoError::Item {
            item: item.to_string(),
            reason: "expected <move>:<score>".into(),
        })?;
        let written = mv.trim();
        let mv: Move = written.parse()?;
        let score: i32 =
            score
                .trim()
                .parse()
                .map_err(|e: std::num::ParseIntError| FfoError::Item {
                    item: item.to_string(),
                    reason: format!("score {:?}: {e}", score.trim()),
                })?;
        // What the data README says of every answer (a new user's report: a doctored
        // score or move was read, and the solver blamed for disagreeing): the move is
        // legal here (a pass only when one is forced), and the score is an even disc
        // difference from -64 to +64 (the empties go to the winner).
        let legal = match mv.to_square() {
            Some(square) => game.is_legal_move(square),
            None => game.must_pass(),
        };
        if !legal {
            return Err(FfoError::Item {
                item: item.to_string(),
                reason: format!("{written} is not a legal move here"),
            });
        }
        if moves.iter().any(|&(m, _)| m == mv) {
            return Err(FfoError::Item {
                item: item.to_string(),
                reason: format!("{written} is listed twice (each legal move is listed once)"),
            });
        }
        if !(-64..=64).contains(&score) || score % 2 != 0 {
            return Err(FfoError::Item {
                item: item.to_string(),
                reason: format!(
                    "the score {score} is no final disc difference (an even number from -64 to 64)"
                ),
            });
        }
        // Best first: the first score is the position's (a recheck's report: `H1:+12;
        // G8:+18;` was read, and the solver's +18 called wrong).
        if let Some(&(_, best)) = moves.first()
            && score > best
        {
            return Err(FfoError::Item {
                item: item.to_string(),
                reason: format!(
                    "the score {score} is above the first move's {best} (moves come best first)"
                ),
            });
        }
        moves.push((mv, score));
    }
    // A finished game has nothing to solve (a recheck's report: the suite's check of
    // the solver's answer against no listed answer called it wrong).
    if game.is_end_of_game() {
        return Err(FfoError::Item {
            item: String::new(),
            reason: "the game is over: a suite line is a position to solve".into(),
        });
    }
    // A game not over has answers to list (a new user's report: a line cut after its
    // side to move was read, and the solver's answer called wrong against `?`).
    if moves.is_empty() {
        return Err(FfoError::Item {
            item: String::new(),
            reason:
                "no <move>:<score> listed (a suite line lists the moves with their exact scores)"
                    .into(),
        });
    }
    Ok(FfoPosition {
        number,
        game,
        moves,
    })
}

/// Reads a suite file; the first position's number comes from the file name
/// (`fforum-40-59.obf` → 40, otherwise 1). A byte-order mark at its start is skipped.
///
/// # Errors
/// [`FfoError::Io`], or the first bad line's error as an [`FfoError::Line`] (a tester's
/// report: a bad side to move was named without its line or position).
pub fn read_file(path: &Path) -> Result<Vec<FfoPosition>, FfoError> {
    let text = std::fs::read_to_string(path).map_err(|error| FfoError::Io {
        path: path.display().to_string(),
        error,
    })?;
    let first = path
        .file_stem()
        .and_then(|s| s.to_str())
        .and_then(|s| s.strip_prefix("fforum-"))
        .and_then(|s| s.split('-').next())
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    // An editor's byte-order mark before the first line is skipped, as the command
    // line's readers skip it (a fuzz tester's report: it was read as a 65th square).
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .enumerate()
        .map(|(k, (i, l))| {
            parse_line(l, first + k).map_err(|error| FfoError::Line {
                line: i + 1,
                position: first + k,
                error: Box::new(error),
            })
        })
        .collect()
}

/// The suite files in `dir` (`fforum-1-19.obf`, `fforum-20-39.obf`, `fforum-40-59.obf`,
/// `fforum-60-79.obf`) that exist, in that order.
pub fn suite_files(dir: &Path) -> Vec<std::path::PathBuf> {
    [
        "fforum-1-19.obf",
        "fforum-20-39.obf",
        "fforum-40-59.obf",
        "fforum-60-79.obf",
    ]
    .iter()
    .map(|f| dir.join(f))
    .filter(|p| p.is_file())
    .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A bad line is named by its line in the file (blank lines counted) and its
    /// position's number (a tester's report: neither was given).
    #[test]
    fn a_bad_line_names_its_line_and_position() {
        let dir = std::env::temp_dir().join(format!("zerosum-ffo-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("fforum-20-39.obf");
        let board = "XXXOXXXXOXXXXXXXOOXXXXXXOOOXXXXXOOOXXOO-OOOOO---OOOOOOO-OOOOOOO-";
        let good = format!("{board} X; H5:+6;");
        let bad = format!("{board} Z; H5:+6;");
        std::fs::write(&path, format!("{good}\n\n{good}\n{bad}\n")).unwrap();
        let e = read_file(&path).unwrap_err();
        assert!(
            matches!(
                e,
                FfoError::Line {
                    line: 4,
                    position: 22,
                    ..
                }
            ),
            "{e}"
        );
        assert!(
            e.to_string()
                .starts_with("line 4 (position #22): position: "),
            "{e}"
        );
        std::fs::write(&path, format!("{good}\n\n{good}\n")).unwrap();
        let read = read_file(&path).unwrap();
        assert_eq!(read.iter().map(|p| p.number).collect::<Vec<_>>(), [20, 21]);
        // Answers the data README rules out are refused as the line's, not blamed on a
        // solver: an odd or out-of-range score, a move that is not legal (a1 is taken),
        // no answer at all.
        for (item, why) in [
            ("H5:+7", "the score 7 is no final disc difference"),
            ("H5:+98", "the score 98"),
            ("A1:+18", "A1 is not a legal move here"),
            ("PS:+18", "PS is not a legal move here"),
            ("", "no <move>:<score> listed"),
            ("H5:+6; H5:+4", "H5 is listed twice"),
            ("H5:+6; G8:18:1", "score \"18:1\""),
        ] {
            let e = parse_line(&format!("{board} X; {item}"), 1)
                .unwrap_err()
                .to_string();
            assert!(e.contains(why), "{item}: {e}");
        }
        // FFO #1 (the published G8 +18) with its first two answers swapped: not best
        // first. A finished game (a full board) has nothing to solve.
        let ffo1 = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";
        assert!(parse_line(&format!("{ffo1}; G8:+18; H1:+12;"), 1).is_ok());
        let e = parse_line(&format!("{ffo1}; H1:+12; G8:+18;"), 1).unwrap_err();
        assert!(e.to_string().contains("above the first move's 12"), "{e}");
        let full = format!("{} X;", "X".repeat(64));
        let e = parse_line(&full, 1).unwrap_err();
        assert!(e.to_string().contains("the game is over"), "{e}");
        // A byte-order mark before the first line is skipped (it was a 65th square).
        std::fs::write(&path, format!("\u{feff}{good}\n{good}\n")).unwrap();
        let with_bom = read_file(&path).unwrap();
        assert_eq!(with_bom.len(), 2);
        assert_eq!(with_bom[0].moves, read[0].moves);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
