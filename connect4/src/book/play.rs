//! The play book: the perfect engine's own move, and its exact score, in every position
//! it can face in the first [`PlayBook::plies`] plies of a game from the empty board when
//! it plays perfectly — as the first player (its positions at plies 0, 2, 4, …) and as
//! the second (plies 1, 3, 5, …) — against every reply of the opponent.
//!
//! The column is the one [`Solver::best_move`] plays (the best score; among equals the
//! first in centre-first order `4 3 5 2 6 1 7`), found by our own solver with the
//! opening book ([`Book`]) and without this one. A position and its mirror image are
//! stored once, under [`Book::key`], with the column of the position whose own key
//! (`current + mask`) is the smaller; its mirror image gets the mirrored column. (So on
//! the mirror image of a position where two columns mirrored about the centre are both
//! best, the book plays the mirror of the stored one where a live search would take the
//! other, centre-first: same score, and the positions the engine can face stay mirror
//! images of each other.)
//!
//! The positions of each colour grow about 3.5-fold a move of the engine (7 replies,
//! less transpositions, mirror images and finished games): the shipped book, `M = 12`,
//! holds 23,153 (6,280 for `M = 10`, 1,563 for `M = 8`), and the engine's first live
//! search comes at 13 stones (as the second player) or 14 (as the first).
//!
//! # Building
//!
//! [`solve_play_book`] walks the engine's positions from the empty board (each colour),
//! answering those of fewer stones than the opening book's depth from it (no node
//! searched), and collects the first positions that need a search (the *units*, in the
//! order of the walk). Threads take units one at a time (`units` in [`PlayBuild`]) and
//! walk each depth first, one solver (and transposition table) a thread kept across its
//! units, so that a position is solved right after its grandparent, whose search filled
//! the table with its subtree. A position met twice (a transposition, or a mirror image)
//! is solved once. Each solved position is one text line `<moves> <score> <column>`
//! (Pons' moves and score, the column as a digit); shards of the units (`--shard k/n` of
//! `cargo xtask connect4-play-book`) merge by [`PlayBook::from_lines`], which checks that
//! the lines cover every position of the walk.
//!
//! # Binary format (version 1, little-endian)
//!
//! | bytes | field |
//! |---|---|
//! | 4 | magic `ZC4P` |
//! | 2 | version (1) |
//! | 1, 1 | board width, height (7, 6) |
//! | 1 | plies `M` |
//! | 4 | entry count |
//! | 8 × count | entries sorted by key, each one `u64`: bits 0–48 the key ([`Book::key`], 49 bits), bits 49–51 the column (0–6, of the orientation whose own key is the key), bits 52–57 the score + 32 (Pons' convention, −21…21), bits 58–63 zero |
//! | 8 | FNV-1a 64 checksum of every byte before it |

use super::{Book, BookError, Frame};
use crate::bits::{CELLS, Geometry, WIDTH};
use crate::{Column, Position, Solver, Standard};
use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};

/// The version of the binary format written by [`PlayBook::to_bytes`].
pub const PLAY_BOOK_VERSION: u16 = 1;
/// The play book's frame: magic `ZC4P`, entries of one `u64` (see the module docs).
const FRAME: Frame = Frame {
    magic: b"ZC4P",
    version: PLAY_BOOK_VERSION,
    width: 8,
};
/// Bits of a key (`current + mask` of 7 columns of 7 bits).
const KEY_BITS: u32 = 49;
/// Added to a score to store it in 6 bits.
const SCORE_BIAS: i32 = 32;

/// The play book shipped with the crate (`connect4/book/play.bin`, built by
/// `cargo xtask connect4-play-book`).
static SHIPPED: &[u8] = include_bytes!("../../book/play.bin");

/// The perfect engine's move and exact score in each position it can face in the first
/// [`PlayBook::plies`] plies (see the module docs), sorted by [`Book::key`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayBook {
    plies: u32,
    /// (key, score, column of the orientation whose own key is the key).
    entries: Vec<(u64, i8, u8)>,
}

/// The key of `position` and whether the position is the orientation stored (its own
/// key is the smaller of the two).
fn key_of(position: &Position) -> (u64, bool) {
    let (current, mask, _) = position.raw();
    let own = current + mask;
    let key = own.min(Standard.mirror(own));
    (key, own == key)
}

/// `col` seen from the stored orientation of a position whose own orientation is
/// `stored` (mirrored when it is not).
fn orient(col: Column, stored: bool) -> Column {
    if stored { col } else { col.mirror(WIDTH) }
}

/// Calls `visit` on every position the engine faces in the first `plies` plies, playing
/// first and second, with `answer` its move there; a position (or mirror image) met
/// again is not visited twice. `answer` gives `None` to stop the walk below a position
/// (its subtree is not visited), or an error that ends the walk.
fn walk<E>(
    plies: u32,
    answer: &mut dyn FnMut(&Position) -> Result<Option<Column>, E>,
) -> Result<(), E> {
    fn visit<E>(
        p: &mut Position,
        plies: u32,
        seen: &mut HashSet<u64>,
        answer: &mut dyn FnMut(&Position) -> Result<Option<Column>, E>,
    ) -> Result<(), E> {
        if p.moves() > plies || p.is_over() || !seen.insert(key_of(p).0) {
            return Ok(());
        }
        let Some(col) = answer(p)? else {
            return Ok(());
        };
        p.play_unchecked(col);
        if !p.is_over() {
            for reply in Column::ALL {
                if p.has_room(reply) && !p.is_winning_move(reply) {
                    p.play_unchecked(reply);
                    visit(p, plies, seen, answer)?;
                    p.undo_move();
                }
            }
        }
        p.undo_move();
        Ok(())
    }
    let mut seen = HashSet::new();
    let mut empty = Position::new();
    visit(&mut empty, plies, &mut seen, answer)?;
    for first in Column::ALL {
        let mut p = Position::new();
        p.play_unchecked(first);
        visit(&mut p, plies, &mut seen, answer)?;
    }
    Ok(())
}

impl PlayBook {
    /// The play book shipped with the crate, read once; `None` if it fails its checks
    /// (which the tests rule out).
    pub fn shipped() -> Option<&'static PlayBook> {
        static BOOK: OnceLock<Option<PlayBook>> = OnceLock::new();
        BOOK.get_or_init(|| PlayBook::from_bytes(SHIPPED).ok())
            .as_ref()
    }

    /// The engine's positions of at most this many stones are in the book.
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// Number of entries (positions up to mirror image).
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True when the book holds no position.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Every entry: the key ([`Book::key`]), the exact score (Pons' convention) and the
    /// best column (0-based) of the orientation whose own key is the key.
    pub fn entries(&self) -> &[(u64, i8, u8)] {
        &self.entries
    }

    /// The perfect engine's column in `position` and the position's exact score (Pons'
    /// convention), if the book holds the position.
    pub fn best(&self, position: &Position) -> Option<(Column, i32)> {
        let (current, mask, moves) = position.raw();
        self.raw_best(current, mask, moves)
    }

    #[inline]
    pub(crate) fn raw_best(&self, current: u64, mask: u64, moves: u32) -> Option<(Column, i32)> {
        if moves > self.plies {
            return None;
        }
        let own = current + mask;
        let key = own.min(Standard.mirror(own));
        let i = self.entries.binary_search_by_key(&key, |e| e.0).ok()?;
        let (_, score, col) = self.entries[i];
        let col = Column::new(usize::from(col))?;
        Some((orient(col, own == key), i32::from(score)))
    }

    /// The exact score of `position` (Pons' convention), if the book holds it.
    pub fn score(&self, position: &Position) -> Option<i32> {
        self.best(position).map(|(_, s)| s)
    }

    /// Walks the engine's positions from the empty board, both colours, following the
    /// book: every distinct position met (a position or its mirror image once), in the
    /// orientation met, in the walk's order (depth first; the engine playing first, then
    /// second after each first move).
    ///
    /// # Errors
    /// [`BookError::MissingLeaf`] with the first position of at most [`PlayBook::plies`]
    /// stones the book does not hold.
    pub fn positions(&self) -> Result<Vec<Position>, BookError> {
        let mut met = Vec::new();
        walk(self.plies, &mut |p| {
            met.push(p.clone());
            self.best(p)
                .map(|(col, _)| Some(col))
                .ok_or_else(|| BookError::MissingLeaf(p.to_string()))
        })?;
        Ok(met)
    }

    /// The book of `plies` from solved lines `<moves> <score> <column>` (any order, a
    /// position or its mirror image any number of times with the same answer; blank
    /// lines ignored), checked to cover every position of the walk ([`PlayBook::positions`]).
    /// Lines of positions the walk does not reach are left out.
    ///
    /// # Errors
    /// [`BookError::Line`] for a line that does not parse, names a column that cannot
    /// be played, or contradicts an earlier line; [`BookError::MissingLeaf`] for a
    /// position of the walk with no line.
    pub fn from_lines<'a>(
        plies: u32,
        lines: impl IntoIterator<Item = &'a str>,
    ) -> Result<PlayBook, BookError> {
        let answers = read_answers(lines)?;
        let mut entries = BTreeMap::new();
        walk(plies, &mut |p| {
            let (key, stored) = key_of(p);
            let &(score, col) = answers
                .get(&key)
                .ok_or_else(|| BookError::MissingLeaf(p.to_string()))?;
            entries.insert(key, (score, col));
            let col = Column::new(usize::from(col)).expect("checked on reading");
            Ok(Some(orient(col, stored)))
        })?;
        Ok(PlayBook {
            plies,
            entries: entries.into_iter().map(|(k, (s, c))| (k, s, c)).collect(),
        })
    }

    /// The binary form (see the module docs).
    pub fn to_bytes(&self) -> Vec<u8> {
        FRAME.write(self.plies, self.entries.len(), |out| {
            for &(key, score, col) in &self.entries {
                let score = (i32::from(score) + SCORE_BIAS) as u64;
                let word = key | u64::from(col) << KEY_BITS | score << (KEY_BITS + 3);
                out.extend_from_slice(&word.to_le_bytes());
            }
        })
    }

    /// Reads the binary form, checking the magic number, version, board, length,
    /// checksum, each entry's fields and the key order.
    ///
    /// # Errors
    /// The [`BookError`] of the first check that fails.
    pub fn from_bytes(bytes: &[u8]) -> Result<PlayBook, BookError> {
        let (plies, body) = FRAME.read(bytes)?;
        let max_score = (CELLS / 2) as i32;
        let entries = body
            .chunks_exact(FRAME.width)
            .enumerate()
            .map(|(i, c)| {
                let word = u64::from_le_bytes(c.try_into().expect("8 bytes"));
                let key = word & ((1 << KEY_BITS) - 1);
                let col = (word >> KEY_BITS) & 7;
                let score = ((word >> (KEY_BITS + 3)) & 63) as i32 - SCORE_BIAS;
                if word >> (KEY_BITS + 9) != 0 || col >= u64::from(WIDTH) || score.abs() > max_score
                {
                    return Err(BookError::Entry(i));
                }
                Ok((key, score as i8, col as u8))
            })
            .collect::<Result<Vec<_>, _>>()?;
        if entries.windows(2).any(|w| w[0].0 >= w[1].0) {
            return Err(BookError::Order);
        }
        Ok(PlayBook { plies, entries })
    }
}

/// Checks solved lines `<moves> <score> <column>` as [`PlayBook::from_lines`] reads them
/// (each line whole, a score the position can have, a playable column, no line that
/// contradicts an earlier one, mirror images included), without building a book: a
/// build's skip files are checked this way before any solve.
///
/// # Errors
/// [`BookError::Line`] with the first bad line's number (from 1) and why.
pub fn check_lines<'a>(lines: impl IntoIterator<Item = &'a str>) -> Result<(), BookError> {
    read_answers(lines).map(|_| ())
}

/// The answers of solved lines by key: the score and the column of the key's
/// orientation.
fn read_answers<'a>(
    lines: impl IntoIterator<Item = &'a str>,
) -> Result<HashMap<u64, (i8, u8)>, BookError> {
    let mut answers: HashMap<u64, (i8, u8)> = HashMap::new();
    // Each key's first line: its number and its answer as written, for the error of a
    // later line at odds with it.
    let mut first: HashMap<u64, (usize, i32, Column)> = HashMap::new();
    for (i, line) in lines.into_iter().enumerate() {
        let bad = |why: String| BookError::Line(i + 1, why);
        let Some(entry) = parse_line(line).map_err(bad)? else {
            continue;
        };
        let (p, score, col) = entry;
        let (key, stored) = key_of(&p);
        let value = (score as i8, orient(col, stored).index() as u8);
        // A position that is its own mirror image has two orientations of one answer (a
        // recheck's report: `4 -1 3` then `4 -1 5` was called another answer).
        let symmetric = {
            let (current, mask, _) = p.raw();
            Standard.mirror(current + mask) == current + mask
        };
        let mirrored = (value.0, (WIDTH as u8) - 1 - value.1);
        if let Some(&old) = answers.get(&key)
            && old != value
            && !(symmetric && old == mirrored)
        {
            // The position and both answers named (a fuzz tester's report: the empty
            // board was named as nothing, and neither answer was given).
            let at = if p.moves() == 0 {
                "the empty board".to_string()
            } else {
                p.to_string()
            };
            let earlier = first.get(&key).map_or(String::new(), |&(n, s, c)| {
                format!(" (line {n}: score {s}, column {c}, for it or its mirror image)")
            });
            return Err(bad(format!(
                "{at}: score {score}, column {col}, another answer than an earlier line{earlier}"
            )));
        }
        answers.entry(key).or_insert(value);
        first.entry(key).or_insert((i + 1, score, col));
    }
    Ok(answers)
}

/// One `<moves> <score> <column>` line (the empty board's moves are empty, a line of
/// two fields, or `-`): `None` for a blank line.
fn parse_line(line: &str) -> Result<Option<(Position, i32, Column)>, String> {
    let fields: Vec<&str> = line.split_whitespace().collect();
    let (moves, score, col) = match fields[..] {
        [] => return Ok(None),
        // `-`, the empty board as the other readers write it, and no column after its
        // score (a fuzz tester's report: `- 1` was "bad score \"-\"").
        ["-", _] => return Err("expected <moves> <score> <column>: no column".into()),
        [score, col] => ("", score, col),
        ["-", score, col] => ("", score, col),
        [moves, score, col] => (moves, score, col),
        _ => return Err("expected <moves> <score> <column>".into()),
    };
    // The empty board's moves are empty: named as such in errors, not as `: …` (a
    // recheck's report).
    let at = if moves.is_empty() {
        "the empty board"
    } else {
        moves
    };
    let p = Position::from_moves(moves).map_err(|e| e.to_string())?;
    let score: i32 = score.parse().map_err(|_| format!("bad score {score:?}"))?;
    // A score the position can have (a new user's report: ` 40 4` made a book whose
    // entry the loader refuses, which would have switched the shipped play book off).
    let range = crate::score::possible_scores(&p);
    if !range.contains(&score) {
        return Err(format!(
            "{at}: the score {score} is not possible here: scores lie from {} to {}",
            range.start(),
            range.end()
        ));
    }
    let col = Some(col)
        .filter(|c| c.len() == 1)
        .and_then(|c| c.chars().next().and_then(Column::from_digit))
        .filter(|&c| p.can_play(c))
        .ok_or_else(|| format!("{at}: {col:?} is not a playable column"))?;
    Ok(Some((p, score, col)))
}

/// How [`solve_play_book`] runs.
#[derive(Clone, Debug)]
pub struct PlayBuild {
    /// The engine's positions of at most this many stones are solved.
    pub plies: u32,
    /// Solver threads (at least 1), each with its own table.
    pub threads: usize,
    /// Each thread's table: `2^table_log2` entries of 8 bytes.
    pub table_log2: u32,
    /// Solve only this run of the units (shard `k` of `n`: the `k`-th of `n`
    /// consecutive runs, as [`Book::shard`]); the positions answered from the opening
    /// book are reported by shard 0 only.
    pub shard: (usize, usize),
}

/// What a play-book build cost.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayStats {
    /// Units (first positions that need a search) in this shard.
    pub units: usize,
    /// Positions solved (by search or from the opening book).
    pub positions: usize,
    /// Negamax calls of every thread, summed (Pons' count).
    pub nodes: u64,
}

/// Solves the play book's positions (see the module docs) on `build.threads` threads;
/// `known` lines (`<moves> <score> <column>`, from an interrupted run) are not solved
/// again but followed. Calls `done` with each position solved, its score, column and
/// the nodes its solve took, as they finish (from any thread).
///
/// # Errors
/// [`BookError::Line`] for a bad line in `known`.
pub fn solve_play_book<'a>(
    build: &PlayBuild,
    known: impl IntoIterator<Item = &'a str>,
    done: &(dyn Fn(&Position, i32, Column, u64) + Sync),
) -> Result<PlayStats, BookError> {
    let mut answers: HashMap<u64, (i32, Column)> = HashMap::new();
    for (i, line) in known.into_iter().enumerate() {
        if let Some((p, score, col)) = parse_line(line).map_err(|e| BookError::Line(i + 1, e))? {
            let (key, stored) = key_of(&p);
            answers.insert(key, (score, orient(col, stored)));
        }
    }
    let (k, n) = build.shard;
    let mut stats = PlayStats::default();
    // The walk answered by the opening book; the units are where it needs a search.
    let mut solver = Solver::new();
    solver.set_use_play_book(false);
    let book_depth = Book::shipped().map_or(0, Book::depth);
    let mut units = Vec::new();
    walk(build.plies, &mut |p| {
        let (key, stored) = key_of(p);
        if let Some(&(_, col)) = answers.get(&key) {
            if p.moves() >= book_depth {
                units.push(p.clone());
                return Ok(None);
            }
            return Ok(Some(orient(col, stored)));
        }
        if p.moves() >= book_depth {
            units.push(p.clone());
            return Ok(None);
        }
        let before = solver.nodes();
        let (col, score) = solver
            .best_move(p)
            .expect("no stop flag is set")
            .expect("the walk meets no finished game");
        if k == 0 {
            done(p, score, col, solver.nodes() - before);
            stats.positions += 1;
        }
        answers.insert(key, (score, orient(col, stored)));
        Ok::<_, BookError>(Some(col))
    })?;
    let units = Book::shard(&units, k, n);
    stats.units = units.len();
    let answers = Mutex::new(answers);
    let seen = Mutex::new(HashSet::new());
    let next = AtomicUsize::new(0);
    let totals = Mutex::new(stats);
    std::thread::scope(|s| {
        for _ in 0..build.threads.max(1) {
            s.spawn(|| {
                let mut solver = Solver::with_table_log2(build.table_log2);
                solver.set_use_play_book(false);
                let mut solved = 0;
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(unit) = units.get(i) else { break };
                    let mut p = unit.clone();
                    solved += unit_walk(&mut p, build.plies, &mut solver, &answers, &seen, done);
                }
                let mut t = totals.lock().expect("no thread panics holding the lock");
                t.positions += solved;
                t.nodes += solver.nodes();
            });
        }
    });
    let mut stats = totals.into_inner().expect("no thread panicked");
    stats.nodes += solver.nodes();
    Ok(stats)
}

/// The depth-first walk of one unit by one thread: solves each engine position not yet
/// answered, then visits the positions after its move and each reply. The number of
/// positions solved.
fn unit_walk(
    p: &mut Position,
    plies: u32,
    solver: &mut Solver,
    answers: &Mutex<HashMap<u64, (i32, Column)>>,
    seen: &Mutex<HashSet<u64>>,
    done: &(dyn Fn(&Position, i32, Column, u64) + Sync),
) -> usize {
    if p.moves() > plies || p.is_over() {
        return 0;
    }
    let (key, stored) = key_of(p);
    if !seen.lock().expect("no panic").insert(key) {
        return 0;
    }
    let known = answers.lock().expect("no panic").get(&key).copied();
    let (mut solved, col) = match known {
        Some((_, col)) => (0, orient(col, stored)),
        None => {
            let before = solver.nodes();
            let (col, score) = solver
                .best_move(p)
                .expect("no stop flag is set")
                .expect("the game is not over");
            done(p, score, col, solver.nodes() - before);
            answers
                .lock()
                .expect("no panic")
                .insert(key, (score, orient(col, stored)));
            (1, col)
        }
    };
    p.play_unchecked(col);
    if !p.is_over() {
        for reply in Column::ALL {
            if p.has_room(reply) && !p.is_winning_move(reply) {
                p.play_unchecked(reply);
                solved += unit_walk(p, plies, solver, answers, seen, done);
                p.undo_move();
            }
        }
    }
    p.undo_move();
    solved
}

#[cfg(test)]
mod tests {
    use super::*;
    use zerosum::hash::fnv1a;

    /// A bad column on the empty board's line names the empty board (a recheck's
    /// report: `: "bogus" is not a playable column`).
    #[test]
    fn a_bad_column_names_its_position() {
        let e = parse_line("1 bogus").unwrap_err();
        assert_eq!(e, "the empty board: \"bogus\" is not a playable column");
        let e = parse_line("4 -1 x").unwrap_err();
        assert_eq!(e, "4: \"x\" is not a playable column");
        // A score the position cannot have (a new user's report: ` 40 4` made a book the
        // loader refuses).
        let e = parse_line(" 40 4").unwrap_err();
        assert_eq!(
            e,
            "the empty board: the score 40 is not possible here: scores lie from -18 to 18"
        );
        assert!(parse_line("4 19 4").unwrap_err().contains("score 19"));
        assert!(parse_line(" 1 4").is_ok());
        // A position that is its own mirror image: both orientations of one answer agree.
        assert!(check_lines(["4 -1 3", "4 -1 5", "4 -1 3"]).is_ok());
        // Symmetric, though reached by moves that are not.
        assert!(check_lines(["1177 1 3", "1177 1 5"]).is_ok());
        assert!(check_lines(["4 -1 3", "4 -1 4"]).is_err());
        assert!(check_lines(["1 2 4", "1 2 5"]).is_err());
        // `-` is the empty board, as the other readers write it; without its column the
        // line says so (a fuzz tester's report: `- 1` was "bad score \"-\"").
        assert_eq!(parse_line("- 1 4").unwrap(), parse_line(" 1 4").unwrap());
        assert_eq!(
            parse_line("- 1").unwrap_err(),
            "expected <moves> <score> <column>: no column"
        );
        // Lines at odds name the position and both answers (the empty board was named
        // as nothing, and neither answer given).
        let e = check_lines(["- 1 4", "", "- 1 3"]).unwrap_err().to_string();
        assert!(
            e.contains(
                "line 3: the empty board: score 1, column 3, another answer than an earlier \
                 line (line 1: score 1, column 4, for it or its mirror image)"
            ),
            "{e}"
        );
        let e = check_lines(["4 -1 3", "4 -1 4"]).unwrap_err().to_string();
        assert!(e.contains("4: score -1, column 4, another answer"), "{e}");
    }

    /// The book of `plies` whose every answer is the leftmost playable column, score 0
    /// (made up: the format
    /// and the walk do not care whether the answers are right).
    fn left_book(plies: u32) -> PlayBook {
        let mut lines = Vec::new();
        walk(plies, &mut |p| {
            let col = Column::ALL
                .into_iter()
                .find(|&c| p.can_play(c))
                .expect("a column");
            lines.push(format!("{p} 0 {col}"));
            Ok::<_, ()>(Some(col))
        })
        .unwrap();
        PlayBook::from_lines(plies, lines.iter().map(String::as_str)).unwrap()
    }

    #[test]
    fn walk_counts_the_engine_positions() {
        // Engine first: 1 position at ply 0, 7 at ply 2 (4 up to mirror image); engine
        // second: 7 at ply 1 (4 up to mirror image). Column 1 as the answer everywhere.
        assert_eq!(left_book(0).len(), 1);
        assert_eq!(left_book(1).len(), 1 + 4);
        // Ply 2: after 1 and each reply, 7 positions with no mirror pairs among them.
        assert_eq!(left_book(2).len(), 1 + 4 + 7);
        let book = left_book(4);
        assert_eq!(book.positions().unwrap().len(), book.len());
    }

    #[test]
    fn round_trip_and_checks() {
        let book = left_book(3);
        let bytes = book.to_bytes();
        assert_eq!(PlayBook::from_bytes(&bytes).as_ref(), Ok(&book));
        let resum = |mut bytes: Vec<u8>| {
            let n = bytes.len() - 8;
            let sum = fnv1a(&bytes[..n]);
            bytes[n..].copy_from_slice(&sum.to_le_bytes());
            bytes
        };
        let mut bad = bytes.clone();
        bad[Frame::HEADER] ^= 1;
        assert_eq!(PlayBook::from_bytes(&bad), Err(BookError::Checksum));
        let mut bad = bytes.clone();
        bad[4] = 9;
        assert_eq!(
            PlayBook::from_bytes(&resum(bad)),
            Err(BookError::Version(9, 1))
        );
        let mut bad = bytes.clone();
        bad[7] = 7;
        assert_eq!(
            PlayBook::from_bytes(&resum(bad)),
            Err(BookError::Board(7, 7))
        );
        assert_eq!(
            PlayBook::from_bytes(&bytes[..bytes.len() - 1]),
            Err(BookError::Length(bytes.len() - 1))
        );
        assert_eq!(PlayBook::from_bytes(b"nope"), Err(BookError::Magic));
        // The opening book's magic is not the play book's.
        let mut bad = bytes.clone();
        bad[3] = b'B';
        assert_eq!(PlayBook::from_bytes(&bad), Err(BookError::Magic));
        // A column beyond the board, a score beyond ±21, a high bit; keys out of order.
        let word = |bytes: &[u8], i: usize| {
            u64::from_le_bytes(bytes[Frame::HEADER + 8 * i..][..8].try_into().unwrap())
        };
        let set = |mut bytes: Vec<u8>, i: usize, w: u64| {
            bytes[Frame::HEADER + 8 * i..][..8].copy_from_slice(&w.to_le_bytes());
            resum(bytes)
        };
        let w = word(&bytes, 2);
        assert_eq!(w & ((1 << KEY_BITS) - 1), book.entries[2].0);
        assert_eq!(
            PlayBook::from_bytes(&set(bytes.clone(), 2, w)),
            Ok(book.clone())
        );
        assert_eq!(
            PlayBook::from_bytes(&set(bytes.clone(), 2, w | 7 << KEY_BITS)),
            Err(BookError::Entry(2))
        );
        assert_eq!(
            PlayBook::from_bytes(&set(bytes.clone(), 2, w | 63 << (KEY_BITS + 3))),
            Err(BookError::Entry(2))
        );
        assert_eq!(
            PlayBook::from_bytes(&set(bytes.clone(), 2, w | 1 << 63)),
            Err(BookError::Entry(2))
        );
        let mut swapped = book.clone();
        swapped.entries.swap(0, 1);
        assert_eq!(
            PlayBook::from_bytes(&swapped.to_bytes()),
            Err(BookError::Order)
        );
    }

    #[test]
    fn lines_are_checked() {
        // The empty board's line has no moves; a mirror image answers for its pair.
        let lines = [" 1 4", "1 -1 4", "2 -2 4", "3 0 4", "4 2 4"];
        let book = PlayBook::from_lines(1, lines).unwrap();
        assert_eq!(book.len(), 5);
        assert_eq!(book.best(&Position::new()), Some((Column::ALL[3], 1)));
        // `6` is the mirror image of `2`: its column 4 is column 4 mirrored.
        let six = Position::from_moves("6").unwrap();
        assert_eq!(book.best(&six), Some((Column::ALL[3], -2)));
        // `12` is the mirror image of `76`, answered 2: `76` plays 6.
        let book = PlayBook::from_lines(2, left_lines(2).iter().map(String::as_str)).unwrap();
        let p = Position::from_moves("12").unwrap();
        let (col, _) = book.best(&p).unwrap();
        assert_eq!(book.best(&p.mirror()).unwrap().0, col.mirror(WIDTH));
        assert!(matches!(
            PlayBook::from_lines(1, lines[..4].iter().copied()),
            Err(BookError::MissingLeaf(m)) if m == "4"
        ));
        assert!(matches!(
            PlayBook::from_lines(1, ["1 -1 4", "7 -1 3"]),
            Err(BookError::Line(2, _))
        ));
        for bad in ["1 x 4", "1 0", "1 0 8", "1 0 44", "0 0 4", "1 0 4 4"] {
            assert!(
                matches!(PlayBook::from_lines(1, [bad]), Err(BookError::Line(1, _))),
                "{bad}"
            );
        }
        assert!(matches!(
            PlayBook::from_lines(0, ["444444 0 4"]),
            Err(BookError::Line(1, _))
        ));
        // Lines beyond the walk are left out.
        let book = PlayBook::from_lines(0, [" 1 4", "44 0 4"]).unwrap();
        assert_eq!(book.len(), 1);
        assert_eq!(book.best(&Position::from_moves("44").unwrap()), None);
    }

    /// The lines of [`left_book`].
    fn left_lines(plies: u32) -> Vec<String> {
        let book = left_book(plies);
        book.positions()
            .unwrap()
            .iter()
            .map(|p| {
                let (col, score) = book.best(p).unwrap();
                format!("{p} {score} {col}")
            })
            .collect()
    }
}
