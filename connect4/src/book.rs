//! The opening book: the exact (strong) score of every position of at most
//! [`Book::depth`] stones, built by this crate's own [`Solver`](crate::Solver), a position and its
//! mirror image stored once.
//!
//! # Building
//!
//! Only the positions of exactly `depth` stones are solved (the *leaves*, by
//! [`solve_leaves`]: every core, one transposition table a thread kept from one leaf to
//! the next, neighbouring leaves together so that a table serves the subtrees they
//! share); the scores of shallower positions follow by negamax over the book itself, with
//! no search. A position of `depth` stones therefore answers `solve` from the book, and
//! one of fewer stones answers `analyze` too (its children are in the book). The leaves
//! are numbered in a fixed order ([`Book::leaves`]), so the work splits into shards:
//! shard `k` of `n` ([`Book::shard`]) is the `k`-th run of consecutive leaves, solved
//! and written as text, one `<moves> <score>` line each (Pons' test-file format);
//! [`Book::from_leaf_lines`] merges the shards. `cargo xtask connect4-book` runs both
//! steps (see the crate README).
//!
//! # Binary format (version 1, little-endian)
//!
//! | bytes | field |
//! |---|---|
//! | 4 | magic `ZC4B` |
//! | 2 | version (1) |
//! | 1, 1 | board width, height (7, 6) |
//! | 1 | depth |
//! | 4 | entry count |
//! | 9 × count | entries sorted by key: the key (`u64`, see [`Book::key`]), the score (`i8`) |
//! | 8 | FNV-1a 64 checksum of every byte before it |

use crate::bits::{CELLS, Geometry, HEIGHT, WIDTH};
use crate::{Column, Position, Standard};
use std::collections::{BTreeMap, HashSet};
use std::sync::OnceLock;
use thiserror::Error;
use zerosum::hash::fnv1a;

mod builder;
mod play;
pub use builder::{LeafStats, solve_leaves};
pub use play::{PLAY_BOOK_VERSION, PlayBook, PlayBuild, PlayStats, check_lines, solve_play_book};

/// The version of the binary format written by [`Book::to_bytes`].
pub const BOOK_VERSION: u16 = 1;

/// The book shipped with the crate (`connect4/book/book.bin`, built by
/// `cargo xtask connect4-book`).
static SHIPPED: &[u8] = include_bytes!("../book/book.bin");

/// Why a book could not be read or built.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BookError {
    /// The bytes do not start with the magic number `ZC4B`.
    #[error("not a connect4 book (bad magic number)")]
    Magic,
    /// A version this code does not read: the file's, then the one this build reads.
    #[error("book format version {0}, this build reads version {1}")]
    Version(u16, u16),
    /// A book for another board size.
    #[error("book for a {0}x{1} board, not 7x6")]
    Board(u8, u8),
    /// The length does not match the entry count.
    #[error("book truncated or too long: {0} bytes")]
    Length(usize),
    /// The checksum does not match the contents.
    #[error("book checksum mismatch")]
    Checksum,
    /// The entries are not sorted by key, or a key repeats.
    #[error("book entries not in strictly increasing key order")]
    Order,
    /// An entry (its number, from 0) with a field out of range (a play book's column,
    /// score or unused bits).
    #[error("book entry {0}: a field out of range")]
    Entry(usize),
    /// A leaf line could not be read: its number (from 1) and why.
    #[error("leaf line {0}: {1}")]
    Line(usize, String),
    /// A position of the book's depth has no leaf score (its moves; empty for the
    /// empty board, written `-`).
    #[error("no score for leaf {}", if .0.is_empty() { "-" } else { .0.as_str() })]
    MissingLeaf(String),
}

/// A sorted table from [`Book::key`] to the exact score (Pons' convention).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Book {
    depth: u32,
    entries: Vec<(u64, i8)>,
}

/// The frame that both book files share: a magic number, the format version, the board's
/// width and height, a one-byte depth (in plies), the entry count, `count` entries of
/// `width` bytes, then the FNV-1a checksum of everything before it.
struct Frame {
    magic: &'static [u8; 4],
    version: u16,
    width: usize,
}

impl Frame {
    /// Frame bytes before the entries.
    const HEADER: usize = 4 + 2 + 1 + 1 + 1 + 4;

    /// The file: the header for `count` entries at `depth`, the entries `write` appends,
    /// and the checksum.
    fn write(&self, depth: u32, count: usize, write: impl FnOnce(&mut Vec<u8>)) -> Vec<u8> {
        let mut out = Vec::with_capacity(Self::HEADER + self.width * count + 8);
        out.extend_from_slice(self.magic);
        out.extend_from_slice(&self.version.to_le_bytes());
        out.extend_from_slice(&[WIDTH as u8, HEIGHT as u8, depth as u8]);
        out.extend_from_slice(&(count as u32).to_le_bytes());
        write(&mut out);
        debug_assert_eq!(out.len(), Self::HEADER + self.width * count);
        let sum = fnv1a(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// The depth and the entries' bytes, after checking the magic number, version, board,
    /// length and checksum.
    ///
    /// # Errors
    /// The [`BookError`] of the first check that fails.
    fn read<'a>(&self, bytes: &'a [u8]) -> Result<(u32, &'a [u8]), BookError> {
        if bytes.len() < Self::HEADER + 8 || &bytes[..4] != self.magic {
            return Err(BookError::Magic);
        }
        let version = u16::from_le_bytes([bytes[4], bytes[5]]);
        if version != self.version {
            return Err(BookError::Version(version, self.version));
        }
        if (bytes[6], bytes[7]) != (WIDTH as u8, HEIGHT as u8) {
            return Err(BookError::Board(bytes[6], bytes[7]));
        }
        let depth = u32::from(bytes[8]);
        let count = u32::from_le_bytes([bytes[9], bytes[10], bytes[11], bytes[12]]) as usize;
        if bytes.len() != Self::HEADER + self.width * count + 8 {
            return Err(BookError::Length(bytes.len()));
        }
        let (body, sum) = bytes.split_at(bytes.len() - 8);
        if fnv1a(body) != u64::from_le_bytes(sum.try_into().expect("8 bytes")) {
            return Err(BookError::Checksum);
        }
        Ok((depth, &body[Self::HEADER..]))
    }
}

/// The score book's frame.
const FRAME: Frame = Frame {
    magic: b"ZC4B",
    version: BOOK_VERSION,
    width: 9,
};

impl Book {
    /// The book shipped with the crate, read once; `None` if it fails its checks (which
    /// the tests rule out).
    pub fn shipped() -> Option<&'static Book> {
        static BOOK: OnceLock<Option<Book>> = OnceLock::new();
        BOOK.get_or_init(|| Book::from_bytes(SHIPPED).ok()).as_ref()
    }

    /// The key of a position and of its mirror image: the smaller of Pons' keys
    /// `current + mask` of the two.
    pub fn key(position: &Position) -> u64 {
        let (current, mask, _) = position.raw();
        Self::raw_key(current, mask)
    }

    pub(crate) fn raw_key(current: u64, mask: u64) -> u64 {
        let k = current + mask;
        k.min(Standard.mirror(k))
    }

    /// Positions with at most this many stones are in the book.
    pub fn depth(&self) -> u32 {
        self.depth
    }

    /// Number of entries (positions up to mirror image).
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True when the book holds no position.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Every entry: the key and the exact score.
    pub fn entries(&self) -> &[(u64, i8)] {
        &self.entries
    }

    /// The exact score of `position` in Pons' convention, if the book holds it (a game
    /// not over, with at most [`Book::depth`] stones).
    pub fn score(&self, position: &Position) -> Option<i32> {
        let (current, mask, moves) = position.raw();
        self.raw_score(current, mask, moves)
    }

    #[inline]
    pub(crate) fn raw_score(&self, current: u64, mask: u64, moves: u32) -> Option<i32> {
        if moves > self.depth {
            return None;
        }
        let key = Self::raw_key(current, mask);
        self.entries
            .binary_search_by_key(&key, |e| e.0)
            .ok()
            .map(|i| i32::from(self.entries[i].1))
    }

    /// Every position of exactly `depth` stones whose game is not over, one per mirror
    /// pair, in a fixed order: ply by ply, the children of each position (columns left
    /// to right) in the order of their parents, a position kept where it (or its mirror
    /// image) is first reached. Neighbours in this order share their first moves.
    pub fn leaves(depth: u32) -> Vec<Position> {
        let mut level = vec![Position::new()];
        for _ in 0..depth {
            let mut seen = HashSet::new();
            let mut next = Vec::new();
            for p in &level {
                for col in Column::ALL {
                    if p.has_room(col) && !p.is_winning_move(col) {
                        let mut child = p.clone();
                        child.play_unchecked(col);
                        if seen.insert(Book::key(&child)) {
                            next.push(child);
                        }
                    }
                }
            }
            level = next;
        }
        level
    }

    /// Shard `k` of `n` of `leaves`: the `k`-th of `n` consecutive runs of about equal
    /// length (consecutive leaves share subtrees, so one machine's table serves them).
    /// Empty when `k >= n`.
    pub fn shard(leaves: &[Position], k: usize, n: usize) -> &[Position] {
        if k >= n {
            return &[];
        }
        let at = |i: usize| leaves.len() * i / n;
        &leaves[at(k)..at(k + 1)]
    }

    /// The book of `depth` from the leaf scores of every shard (`<moves> <score>` lines;
    /// blank lines ignored): the leaves, then every shallower position by negamax.
    ///
    /// # Errors
    /// [`BookError::Line`] for a line that does not parse or is not a leaf of `depth`,
    /// [`BookError::MissingLeaf`] when a leaf has no score.
    pub fn from_leaf_lines<'a>(
        depth: u32,
        lines: impl IntoIterator<Item = &'a str>,
    ) -> Result<Book, BookError> {
        let mut scores: BTreeMap<u64, i8> = BTreeMap::new();
        for (i, line) in lines.into_iter().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let bad = |why: String| BookError::Line(i + 1, why);
            let (p, score) = Book::parse_leaf_line(depth, line).map_err(bad)?;
            // A leaf and its mirror image are one entry: two lines of it must agree (a
            // new user's report: the later line won, without a word).
            match scores.insert(Book::key(&p), score as i8) {
                Some(earlier) if i32::from(earlier) != score => {
                    // The position as the line writes it (a fuzz tester's report: the
                    // empty board's `-` was shown as nothing).
                    let moves = line.split_whitespace().next().unwrap_or_default();
                    return Err(bad(format!(
                        "{moves} scores {score}, where an earlier line gave it (or its \
                         mirror image) {earlier}"
                    )));
                }
                _ => {}
            }
        }
        fn fill(
            p: &mut Position,
            depth: u32,
            scores: &mut BTreeMap<u64, i8>,
        ) -> Result<i32, BookError> {
            let key = Book::key(p);
            if let Some(&s) = scores.get(&key) {
                return Ok(i32::from(s));
            }
            if p.moves() == depth {
                return Err(BookError::MissingLeaf(p.to_string()));
            }
            let mut best = i32::MIN;
            for col in Column::ALL {
                if !p.has_room(col) {
                    continue;
                }
                let s = if p.is_winning_move(col) {
                    crate::score::win_score(p.moves() + 1)
                } else if p.moves() + 1 == CELLS {
                    0
                } else {
                    p.play_unchecked(col);
                    let s = -fill(p, depth, scores)?;
                    p.undo_move();
                    s
                };
                best = best.max(s);
            }
            scores.insert(key, best as i8);
            Ok(best)
        }
        fill(&mut Position::new(), depth, &mut scores)?;
        Ok(Book {
            depth,
            entries: scores.into_iter().collect(),
        })
    }

    /// One leaf line `<moves> <score>` of a book of `depth`: a position of `depth` stones
    /// whose game goes on and a score it can have ([`crate::score::possible_scores`]),
    /// nothing after it (a new user's report: `4 30` and `4 -1 extra` were taken, and
    /// the first gave the empty board a wrong score).
    ///
    /// # Errors
    /// What is wrong with the line, in words.
    pub fn parse_leaf_line(depth: u32, line: &str) -> Result<(Position, i32), String> {
        // The position named with its error (a recheck's report: "the score -19 after
        // the moves is not possible here" named no moves).
        let moves = line.split_whitespace().next().unwrap_or("");
        let input = crate::notation::parse_input_line(line).map_err(|e| format!("{moves}: {e}"))?;
        let p = input.position;
        if p.moves() != depth || p.is_over() {
            return Err(format!(
                "{} is not a position of {depth} stones whose game goes on",
                input.moves
            ));
        }
        let score = input
            .score
            .ok_or_else(|| format!("{}: no score", input.moves))?;
        Ok((p, score))
    }

    /// The binary form (see the module docs).
    pub fn to_bytes(&self) -> Vec<u8> {
        FRAME.write(self.depth, self.entries.len(), |out| {
            for &(key, score) in &self.entries {
                out.extend_from_slice(&key.to_le_bytes());
                out.push(score as u8);
            }
        })
    }

    /// Reads the binary form, checking the magic number, version, board, length,
    /// checksum and key order.
    ///
    /// # Errors
    /// The [`BookError`] of the first check that fails.
    pub fn from_bytes(bytes: &[u8]) -> Result<Book, BookError> {
        let (depth, body) = FRAME.read(bytes)?;
        let entries: Vec<(u64, i8)> = body
            .chunks_exact(FRAME.width)
            .map(|c| {
                (
                    u64::from_le_bytes(c[..8].try_into().expect("8 bytes")),
                    c[8] as i8,
                )
            })
            .collect();
        if entries.windows(2).any(|w| w[0].0 >= w[1].0) {
            return Err(BookError::Order);
        }
        Ok(Book { depth, entries })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leaves_count_positions_up_to_mirror_image() {
        // Independently: every move sequence, positions told apart by their stones, a
        // position and its mirror (`Position::mirror`, replaying mirrored moves) once.
        fn all(p: &mut Position, depth: u32, set: &mut HashSet<(u64, u64)>) {
            if p.moves() == depth {
                let (c, m, _) = p.raw();
                let (mc, mm, _) = p.mirror().raw();
                set.insert((c, m).min((mc, mm)));
                return;
            }
            for col in Column::ALL {
                if p.has_room(col) && !p.is_winning_move(col) {
                    p.play_unchecked(col);
                    all(p, depth, set);
                    p.undo_move();
                }
            }
        }
        for depth in 0..=4 {
            let mut set = HashSet::new();
            all(&mut Position::new(), depth, &mut set);
            assert_eq!(Book::leaves(depth).len(), set.len(), "depth {depth}");
        }
        // 1, 7, 49, 238 positions (OEIS A212693); 4 of the 7 and 25 of the 49 up to mirror.
        assert_eq!(Book::leaves(1).len(), 4);
        assert_eq!(Book::leaves(2).len(), 25);
    }

    #[test]
    fn round_trip_and_checks() {
        let book = Book {
            depth: 1,
            entries: vec![(3, -2), (9, 1), (1 << 40, 0)],
        };
        let bytes = book.to_bytes();
        assert_eq!(Book::from_bytes(&bytes), Ok(book));
        let mut bad = bytes.clone();
        bad[Frame::HEADER] ^= 1;
        assert_eq!(Book::from_bytes(&bad), Err(BookError::Checksum));
        let mut bad = bytes.clone();
        bad[4] = 9;
        assert_eq!(Book::from_bytes(&bad), Err(BookError::Version(9, 1)));
        assert_eq!(
            Book::from_bytes(&bytes[..bytes.len() - 1]),
            Err(BookError::Length(bytes.len() - 1))
        );
        assert_eq!(Book::from_bytes(b"nope"), Err(BookError::Magic));
    }

    #[test]
    fn board_and_order_are_checked() {
        let book = Book {
            depth: 1,
            entries: vec![(3, -2), (9, 1)],
        };
        // Rewrite one header field, then recompute the checksum so that only that
        // field is wrong.
        let resum = |mut bytes: Vec<u8>| {
            let n = bytes.len() - 8;
            let sum = fnv1a(&bytes[..n]);
            bytes[n..].copy_from_slice(&sum.to_le_bytes());
            bytes
        };
        let mut bytes = book.to_bytes();
        bytes[6] = 8;
        assert_eq!(Book::from_bytes(&resum(bytes)), Err(BookError::Board(8, 6)));
        let swapped = Book {
            depth: 1,
            entries: vec![(9, 1), (3, -2)],
        };
        assert_eq!(Book::from_bytes(&swapped.to_bytes()), Err(BookError::Order));
        let twice = Book {
            depth: 1,
            entries: vec![(3, 1), (3, 1)],
        };
        assert_eq!(Book::from_bytes(&twice.to_bytes()), Err(BookError::Order));
        let mut bytes = book.to_bytes();
        bytes[9] = 3;
        assert!(matches!(
            Book::from_bytes(&resum(bytes)),
            Err(BookError::Length(_))
        ));
    }

    /// Leaf lines are read whole and checked (a new user's report: `4 30`, `4 -1 extra`
    /// and a mirror image's line with another score were all taken; the first gave the
    /// empty board a draw where it scores +1). The depth-1 leaves' true scores are the
    /// data README's: `1` 2, `2` 1, `3` 0, `4` -1.
    #[test]
    fn bad_leaf_lines_are_refused() {
        let good = ["1 2", "2 1", "3 0", "4 -1"];
        let book = Book::from_leaf_lines(1, good).unwrap();
        assert_eq!(book.score(&Position::new()), Some(1));
        // A mirror image's line with the same score is welcome.
        assert!(Book::from_leaf_lines(1, ["1 2", "2 1", "3 0", "4 -1", "7 2", ""]).is_ok());
        for (last, why) in [
            ("4 30", "the score 30"),
            ("4 -1 extra", "extra"),
            ("7 1", "earlier line gave it (or its mirror image) 2"),
            ("44 0", "44 is not a position of 1 stones"),
            ("4", "no score"),
        ] {
            let lines = [good[0], good[1], good[2], good[3], last];
            match Book::from_leaf_lines(1, lines) {
                Err(BookError::Line(5, e)) => assert!(e.contains(why), "{last}: {e}"),
                other => panic!("{last}: {other:?}"),
            }
        }
    }

    #[test]
    fn shards_cover_the_leaves_once_in_order() {
        let leaves = Book::leaves(3);
        for n in [1, 2, 3, 7, 1000] {
            let joined: Vec<Position> = (0..n)
                .flat_map(|k| Book::shard(&leaves, k, n).to_vec())
                .collect();
            assert_eq!(joined, leaves, "{n} shards");
        }
        assert!(Book::shard(&leaves, 3, 3).is_empty());
    }

    #[test]
    fn leaf_lines_are_checked() {
        // The depth-1 book from made-up leaf scores: the empty board is their negamax.
        let lines = ["1 2", "2 1", "3 0", "4 -1"];
        let book = Book::from_leaf_lines(1, lines).unwrap();
        assert_eq!(book.len(), 5);
        assert_eq!(book.score(&Position::new()), Some(1));
        // The mirror image of a leaf is the same entry.
        assert_eq!(book.score(&Position::from_moves("7").unwrap()), Some(2));
        // Deeper positions are not in a book of depth 1.
        assert_eq!(book.score(&Position::from_moves("44").unwrap()), None);
        assert!(matches!(
            Book::from_leaf_lines(1, ["1 2", "2 1", "3 0"]),
            Err(BookError::MissingLeaf(m)) if m == "4"
        ));
        assert!(matches!(
            Book::from_leaf_lines(1, ["1 2", "44 0"]),
            Err(BookError::Line(2, _))
        ));
        assert!(matches!(
            Book::from_leaf_lines(1, ["1 x"]),
            Err(BookError::Line(1, _))
        ));
        assert!(matches!(
            Book::from_leaf_lines(1, ["8 0"]),
            Err(BookError::Line(1, _))
        ));
        // The empty board's lines at odds name it `-`, as they write it (it was named
        // as nothing).
        match Book::from_leaf_lines(0, ["- 1", "- 2"]) {
            Err(BookError::Line(2, e)) => assert!(e.starts_with("- scores 2, where"), "{e}"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn mirror_positions_share_a_key() {
        let p = Position::from_moves("1123").unwrap();
        assert_eq!(Book::key(&p), Book::key(&p.mirror()));
        assert_ne!(
            Book::key(&p),
            Book::key(&Position::from_moves("1132").unwrap())
        );
    }

    #[test]
    fn shipped_book_reads() {
        let book = Book::shipped().expect("the shipped book passes its checks");
        assert!(book.score(&Position::new()).is_some());
    }
}
