//! Renju: black's forbidden points.
//!
//! Under [`Rule::Renju`] black wins only by exactly five and may not play a move that,
//! without making a five at the same time, makes
//!
//! - an **overline**: an unbroken row of six or more black stones;
//! - a **double four**: two or more fours at once (a *four* is a row of four stones to
//!   which one more stone makes exactly five; `X.XXX.X` filled in the middle is two
//!   fours on one line, the straight four `.XXXX.` is one);
//! - a **double three**: two or more threes at once (a *three* is a row of three stones
//!   to which one more stone, played without making a five at the same time, makes a
//!   *straight four* — four in an unbroken row that two different stones complete to
//!   exactly five). A three whose every completing point is itself forbidden for black is
//!   no three: the check recurses, each level with one more stone on the board.
//!
//! A five takes precedence: a move that makes exactly five is never forbidden. White has
//! no forbidden points and wins by five or more. Each of the four lines through the move
//! counts once: as its fours (one or two) or, when it holds no four, as a three or not.
//!
//! Source: The International Rules of Renju (RIF, 2 May 1996, corrected 3 May 1998),
//! definitions and article 9 (renju.net/study/rifrules.php). The checks here read the
//! board's line patterns to rule out most cells at once and then examine the few
//! remaining cells stone by stone on a scratch copy of the board; `tests/rules.rs` checks
//! them against a plain implementation of the rule text on random positions.

use crate::board::{Board, DIRECTIONS};
use crate::cell::Cell;
use crate::pattern::Pattern;
use crate::rule::Rule;
use zerosum::Side;

const EMPTY: u8 = 0;
const BLACK: u8 = 1;

/// True when `cell` is a forbidden point for black: the board's rule is [`Rule::Renju`],
/// the cell is empty and a black stone there would make an overline, a double four or a
/// double three without making exactly five (see the module docs). False for occupied and
/// off-board cells and under the other rules. Whose turn it is does not matter.
pub fn is_forbidden(board: &Board, cell: Cell) -> bool {
    if board.rule() != Rule::Renju || !board.on_board(cell) {
        return false;
    }
    let i = board.index(cell);
    if board.raw(i) != EMPTY {
        return false;
    }
    // Black's patterns are judged by exactly five: a Five here wins and is allowed; a
    // forbidden point needs an overline or at least two lines with a four or an open
    // three, or one line holding two fours (shown as an open four).
    let p = board.patterns(i, Side::First);
    if crate::pattern::has_pattern(p, Pattern::Five) {
        return false;
    }
    let strong = p
        .iter()
        .filter(|&&v| v == Pattern::OpenThree as u8 || v >= Pattern::Four as u8)
        .count();
    let open_four = crate::pattern::has_pattern(p, Pattern::OpenFour);
    if strong < 2 && !open_four && !makes_overline(board, cell) {
        return false;
    }
    let mut scratch = Scratch::of(board);
    scratch.forbidden(i)
}

/// The cells of `board` that are forbidden for black now (empty under other rules).
pub fn forbidden_points(board: &Board) -> Vec<Cell> {
    (0..board.cell_count())
        .map(|i| board.cell_of(i))
        .filter(|&c| is_forbidden(board, c))
        .collect()
}

/// True when a black stone on the empty `cell` would make six or more in a row.
fn makes_overline(board: &Board, cell: Cell) -> bool {
    let s = board.size() as i32;
    DIRECTIONS.iter().any(|&(dx, dy)| {
        let mut n = 1;
        for sign in [-1, 1] {
            let (mut x, mut y) = (cell.x as i32 + sign * dx, cell.y as i32 + sign * dy);
            while x >= 0 && y >= 0 && x < s && y < s && board.raw((y * s + x) as usize) == BLACK {
                n += 1;
                x += sign * dx;
                y += sign * dy;
            }
        }
        n >= 6
    })
}

/// A copy of the stones on which black stones are put and taken back while a point is
/// judged (the board itself is never changed).
struct Scratch {
    size: i32,
    cells: Vec<u8>,
}

impl Scratch {
    fn of(board: &Board) -> Scratch {
        Scratch {
            size: board.size() as i32,
            cells: (0..board.cell_count()).map(|i| board.raw(i)).collect(),
        }
    }

    /// The index of the cell `k` steps from index `i` along direction `d`, if on the board.
    #[inline]
    fn step(&self, i: usize, d: usize, k: i32) -> Option<usize> {
        let (dx, dy) = DIRECTIONS[d];
        let x = (i as i32 % self.size) + k * dx;
        let y = (i as i32 / self.size) + k * dy;
        (x >= 0 && y >= 0 && x < self.size && y < self.size).then(|| (y * self.size + x) as usize)
    }

    #[inline]
    fn is(&self, i: Option<usize>, v: u8) -> bool {
        i.is_some_and(|i| self.cells[i] == v)
    }

    /// The unbroken black row through the black stone at `i` along `d`: the steps to its
    /// two ends (`lo <= 0 <= hi`).
    fn run(&self, i: usize, d: usize) -> (i32, i32) {
        let mut lo = 0;
        while self.is(self.step(i, d, lo - 1), BLACK) {
            lo -= 1;
        }
        let mut hi = 0;
        while self.is(self.step(i, d, hi + 1), BLACK) {
            hi += 1;
        }
        (lo, hi)
    }

    /// True when black on the empty `i` is forbidden (the stone is taken back after).
    fn forbidden(&mut self, i: usize) -> bool {
        self.with_black(i, |s| s.judge(i))
    }

    /// True when black on the empty `i` makes exactly five in some line.
    fn makes_five(&mut self, i: usize) -> bool {
        self.with_black(i, |s| {
            (0..4).any(|d| {
                let (lo, hi) = s.run(i, d);
                hi - lo + 1 == 5
            })
        })
    }

    /// `test` run with a black stone on the empty `i`, which is taken back after.
    fn with_black<R>(&mut self, i: usize, test: impl FnOnce(&mut Self) -> R) -> R {
        self.cells[i] = BLACK;
        let r = test(self);
        self.cells[i] = EMPTY;
        r
    }

    /// The empty cells within four steps of `i` along `d` (either way), as
    /// `(steps, index)`; off-board and occupied steps are `None`.
    fn empty_points(&self, i: usize, d: usize) -> [Option<(i32, usize)>; 8] {
        let mut out = [None; 8];
        for (slot, k) in out.iter_mut().zip((-4..=4).filter(|&k| k != 0)) {
            *slot = self
                .step(i, d, k)
                .filter(|&e| self.cells[e] == EMPTY)
                .map(|e| (k, e));
        }
        out
    }

    /// The verdict for the black stone just put on `i`.
    fn judge(&mut self, i: usize) -> bool {
        let mut overline = false;
        for d in 0..4 {
            let (lo, hi) = self.run(i, d);
            match hi - lo + 1 {
                5 => return false,
                n if n >= 6 => overline = true,
                _ => {}
            }
        }
        if overline {
            return true;
        }
        let mut fours = [0u32; 4];
        for (d, f) in fours.iter_mut().enumerate() {
            *f = self.fours(i, d);
        }
        if fours.iter().sum::<u32>() >= 2 {
            return true;
        }
        let mut threes = 0;
        for (d, &f) in fours.iter().enumerate() {
            if f == 0 && self.is_three(i, d) {
                threes += 1;
                if threes >= 2 {
                    return true;
                }
            }
        }
        false
    }

    /// The empty cells (as steps from `i`) that complete exactly five with the black
    /// stone at `i` along `d`.
    fn five_points(&mut self, i: usize, d: usize, out: &mut Vec<i32>) {
        out.clear();
        for (k, e) in self.empty_points(i, d).into_iter().flatten() {
            let five = self.with_black(e, |s| {
                let (lo, hi) = s.run(i, d);
                hi - lo + 1 == 5 && (lo..=hi).contains(&k)
            });
            if five {
                out.push(k);
            }
        }
    }

    /// The number of fours through the black stone at `i` along `d` (0, 1 or 2): one per
    /// five point, except that the two ends of a straight four are one four.
    fn fours(&mut self, i: usize, d: usize) -> u32 {
        let mut points = Vec::with_capacity(2);
        self.five_points(i, d, &mut points);
        match points.as_slice() {
            [a, b] if (a - b).abs() == 5 => 1,
            p => p.len() as u32,
        }
    }

    /// True when the line through the black stone at `i` along `d` is a three: some
    /// empty cell on it makes a straight four with `i`, without making a five at the same
    /// time, and is not itself forbidden.
    fn is_three(&mut self, i: usize, d: usize) -> bool {
        self.empty_points(i, d).into_iter().flatten().any(|(k, e)| {
            self.with_black(e, |s| s.is_straight_four(i, d, k))
                && !self.makes_five(e)
                && !self.forbidden(e)
        })
    }

    /// True when the unbroken row through `i` along `d` holds the stone `k` steps away,
    /// is four long, and both of its ends complete it to exactly five.
    fn is_straight_four(&self, i: usize, d: usize, k: i32) -> bool {
        let (lo, hi) = self.run(i, d);
        if hi - lo + 1 != 4 || !(lo..=hi).contains(&k) {
            return false;
        }
        self.is(self.step(i, d, lo - 1), EMPTY)
            && self.is(self.step(i, d, hi + 1), EMPTY)
            && !self.is(self.step(i, d, lo - 2), BLACK)
            && !self.is(self.step(i, d, hi + 2), BLACK)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use zerosum::Notation;

    /// A renju board with setup stones (black, then white, human cell names).
    fn setup(black: &str, white: &str) -> Board {
        let mut b = Board::with_size(15, Rule::Renju).unwrap();
        for (cells, side) in [(black, Side::First), (white, Side::Second)] {
            for c in crate::parse_move_list(cells).unwrap() {
                b.place(c, side).unwrap();
            }
        }
        b
    }

    fn forbidden(b: &Board, c: &str) -> bool {
        is_forbidden(b, Cell::parse_human(c).unwrap())
    }

    /// The shapes of the RIF definitions (article 9), each next to a variation one
    /// stone away that changes the verdict.
    #[test]
    fn rule_text_shapes() {
        // Double three: row f8-g8-h8 and column h8-h9-h10, both open.
        let b = setup("f8g8h9h10", "");
        assert!(forbidden(&b, "h8"));
        assert!(!forbidden(&b, "i8"), "one three only");
        // A white stone on e8 leaves the row no straight four: one three, allowed.
        assert!(!forbidden(&setup("f8g8h9h10", "e8"), "h8"));
        // Double four on two lines (e8-h8 and h8-h11).
        assert!(forbidden(&setup("e8f8g8h9h10h11", "d8h12"), "h8"));
        // Two fours on one line: X.XXX.X filled in the middle.
        let b = setup("d8f8h8j8", "");
        assert!(forbidden(&b, "g8"));
        // The straight four .XXXX. is one four, and a four-three is allowed.
        assert!(!forbidden(&setup("e8f8g8h9h10", ""), "h8"));
        // Overline: six in a row.
        let b = setup("d8e8f8h8i8", "");
        assert!(forbidden(&b, "g8"));
        // Five takes precedence: exactly five with a four (or an overline) elsewhere.
        assert!(!forbidden(&setup("d8e8f8h8g9g10g11", ""), "g8"));
        assert!(!forbidden(&setup("d8e8f8h8g9g10g11g12g13", ""), "g8"));
        // No other rule has forbidden points.
        let mut b = Board::with_size(15, Rule::Standard).unwrap();
        for c in crate::parse_move_list("f8g8h9h10").unwrap() {
            b.place(c, Side::First).unwrap();
        }
        assert!(!forbidden(&b, "h8"));
    }

    /// RIF article 9's recursion: a three whose completing points are forbidden is no
    /// three. The column h8-h9-h10 becomes a straight four only on h7 or h11; both are
    /// overline points (e7 f7 g7 _ i7 j7 and e11 f11 g11 _ i11 j11), so h8 makes one
    /// three and is allowed. Without the stones of row 7, h7 is a plain completion and
    /// h8 a double three.
    #[test]
    fn a_three_completed_only_on_forbidden_points_is_no_three() {
        let walls = "e7f7g7i7j7e11f11g11i11j11";
        let b = setup(&format!("f8g8h9h10{walls}"), "");
        assert!(forbidden(&b, "h7") && forbidden(&b, "h11"));
        assert!(!forbidden(&b, "h8"));
        let b = setup("f8g8h9h10e11f11g11i11j11", "");
        assert!(!forbidden(&b, "h7") && forbidden(&b, "h11"));
        assert!(forbidden(&b, "h8"));
    }

    #[test]
    fn forbidden_moves_are_refused_in_play_and_not_legal() {
        // Black f8 g8 h9 h10 by play (white far away), black to move: h8 is refused.
        let mut b = Board::parse_position("15r:f8a1g8a3h9a5h10a7").unwrap();
        let h8 = Cell::parse_human("h8").unwrap();
        assert_eq!(b.try_play(h8), Err(crate::PlayError::Forbidden(h8)));
        assert!(!zerosum::Game::is_legal(&b, h8));
        let mut moves = zerosum::MoveList::new();
        zerosum::Game::legal_moves(&b, &mut moves);
        assert!(!moves.contains(&h8));
        assert_eq!(forbidden_points(&b), vec![h8]);
        // White may play there.
        b.try_play(Cell::parse_human("o15").unwrap()).unwrap();
        assert!(b.try_play(h8).is_ok());
    }
}
