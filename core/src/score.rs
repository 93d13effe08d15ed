//! Scores of positions: heuristic values below, proven wins and losses above them.
//!
//! A [`Score`] is an `i32` from the point of view of the side to move. Decisive scores
//! sit above every heuristic value and encode the distance to the end of the game in
//! plies, so that a faster win and a slower loss compare as better (seed 002 asks for the
//! fastest win; the same encoding as Stockfish's `mate_in`/`mated_in`, `src/types.h`).
//!
//! ```
//! use zerosum::Score;
//! assert!(Score::win_in(3) > Score::win_in(5));
//! assert!(Score::win_in(5) > Score::MAX_HEURISTIC);
//! assert!(Score::MIN_HEURISTIC > Score::loss_in(5));
//! assert!(Score::loss_in(5) > Score::loss_in(3));
//! assert_eq!(-Score::win_in(4), Score::loss_in(4));
//! assert_eq!(Score::win_in(7).to_string(), "win in 7");
//! ```

use std::fmt;
use std::ops::{Add, Neg, Sub};

/// The longest game, in plies, that decisive scores can encode (and the deepest search).
pub const MAX_PLY: u32 = 1024;

/// A position's value for the side to move: a heuristic value in
/// `MIN_HEURISTIC..=MAX_HEURISTIC` (units are the evaluator's own: discs, weights, …),
/// or "win/loss in n plies" (`n` counted from the position scored).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Score(pub i32);

impl Score {
    /// The score of a win on the spot (0 plies); every decisive score lies within
    /// `MAX_PLY` of `±WIN`.
    pub const WIN: Score = Score(1_000_000);
    /// Larger than every score: the initial beta of a full-window search.
    pub const INFINITE: Score = Score(1_000_001);
    /// A draw (and a balanced heuristic value).
    pub const DRAW: Score = Score(0);
    /// The largest heuristic score; anything above is a proven win.
    pub const MAX_HEURISTIC: Score = Score(Self::WIN.0 - MAX_PLY as i32 - 1);
    /// The smallest heuristic score; anything below is a proven loss.
    pub const MIN_HEURISTIC: Score = Score(-Self::MAX_HEURISTIC.0);

    /// The side to move wins with the `plies`-th ply from now (1 = its next move wins).
    /// `plies` must be at most [`MAX_PLY`]: beyond it the value falls among the heuristic
    /// scores and is no win.
    #[inline]
    pub const fn win_in(plies: u32) -> Score {
        Score(Self::WIN.0 - plies as i32)
    }

    /// The side to move loses: the opponent's winning move is `plies` plies from now
    /// (0 = the game is already lost, 1 is impossible in most games, 2 = after our reply).
    /// `plies` must be at most [`MAX_PLY`], as for [`Score::win_in`].
    #[inline]
    pub const fn loss_in(plies: u32) -> Score {
        Score(-Self::WIN.0 + plies as i32)
    }

    /// A heuristic score, clamped into `MIN_HEURISTIC..=MAX_HEURISTIC`.
    #[inline]
    pub const fn heuristic(value: i32) -> Score {
        let max = Self::MAX_HEURISTIC.0;
        Score(if value > max {
            max
        } else if value < -max {
            -max
        } else {
            value
        })
    }

    /// True for a proven win (and for the search's sentinel [`Score::INFINITE`], above
    /// every win: it is no score a search returns).
    #[inline]
    pub const fn is_win(self) -> bool {
        self.0 > Self::MAX_HEURISTIC.0
    }

    /// True for a proven loss (and for `-Score::INFINITE`, below every loss).
    #[inline]
    pub const fn is_loss(self) -> bool {
        self.0 < Self::MIN_HEURISTIC.0
    }

    /// True for a proven win or loss.
    #[inline]
    pub const fn is_decisive(self) -> bool {
        self.is_win() || self.is_loss()
    }

    /// For a decisive score, the number of plies to the end of the game; `None` otherwise:
    /// for a heuristic score, and for a value beyond [`Score::WIN`] or below its negation
    /// (the search's sentinel [`Score::INFINITE`]: no game ends in a negative number of
    /// plies).
    #[inline]
    pub const fn plies_to_end(self) -> Option<u32> {
        if self.0 > Self::WIN.0 || self.0 < -Self::WIN.0 {
            None
        } else if self.is_win() {
            Some((Self::WIN.0 - self.0) as u32)
        } else if self.is_loss() {
            Some((self.0 + Self::WIN.0) as u32)
        } else {
            None
        }
    }

    /// The value as `-1`, `0` or `+1` (loss, draw or heuristic zero, win) by sign.
    #[inline]
    pub const fn signum(self) -> i32 {
        self.0.signum()
    }

    /// Converts a score relative to a node `ply` plies below the root into one relative
    /// to that node, for storing in a transposition table: decisive scores count plies
    /// from the node, not from the root. Inverse of [`Score::from_tt`].
    #[inline]
    pub const fn to_tt(self, ply: u32) -> Score {
        if self.is_win() {
            Score(self.0 + ply as i32)
        } else if self.is_loss() {
            Score(self.0 - ply as i32)
        } else {
            self
        }
    }

    /// Converts a score read from a transposition table at a node `ply` plies below the
    /// root back into a root-relative score. Inverse of [`Score::to_tt`].
    #[inline]
    pub const fn from_tt(self, ply: u32) -> Score {
        if self.is_win() {
            Score(self.0 - ply as i32)
        } else if self.is_loss() {
            Score(self.0 + ply as i32)
        } else {
            self
        }
    }
}

impl Neg for Score {
    type Output = Score;
    #[inline]
    fn neg(self) -> Score {
        Score(-self.0)
    }
}

impl Add<i32> for Score {
    type Output = Score;
    #[inline]
    fn add(self, rhs: i32) -> Score {
        Score(self.0 + rhs)
    }
}

impl Sub<i32> for Score {
    type Output = Score;
    #[inline]
    fn sub(self, rhs: i32) -> Score {
        Score(self.0 - rhs)
    }
}

impl fmt::Display for Score {
    /// `win in N` / `loss in N` (N in plies) for decisive scores, a signed number
    /// (`+12`, `0`, `-3`) for heuristic ones, `+inf` / `-inf` for values beyond a win or
    /// a loss (the search's sentinel [`Score::INFINITE`]; they printed as a win in
    /// 4,294,967,295 plies, a library tester's report).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.plies_to_end() {
            Some(n) if self.is_win() => write!(f, "win in {n}"),
            Some(n) => write!(f, "loss in {n}"),
            None if self.0 > Self::WIN.0 => f.write_str("+inf"),
            None if self.0 < -Self::WIN.0 => f.write_str("-inf"),
            None if self.0 > 0 => write!(f, "+{}", self.0),
            None => write!(f, "{}", self.0),
        }
    }
}

/// How a stored or returned score relates to the true value of the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Bound {
    /// The exact value (a principal-variation node).
    Exact,
    /// A lower bound: the true value is at least this (a beta cut-off, "fail high").
    Lower,
    /// An upper bound: the true value is at most this (no move reached alpha, "fail low").
    Upper,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Values beyond a win or a loss are no win or loss in some number of plies.
    #[test]
    fn sentinels_beyond_a_win_print_as_infinities() {
        assert_eq!(Score::INFINITE.to_string(), "+inf");
        assert_eq!((-Score::INFINITE).to_string(), "-inf");
        assert_eq!(Score(i32::MAX).to_string(), "+inf");
        assert_eq!(Score(i32::MIN).to_string(), "-inf");
        assert_eq!(Score::INFINITE.plies_to_end(), None);
        assert_eq!(Score::WIN.to_string(), "win in 0");
        assert_eq!((-Score::WIN).to_string(), "loss in 0");
        assert_eq!(Score::win_in(3).to_string(), "win in 3");
    }

    #[test]
    fn ordering_of_decisive_and_heuristic_scores() {
        let order = [
            Score::win_in(3),
            Score::win_in(5),
            Score::MAX_HEURISTIC,
            Score::heuristic(17),
            Score::DRAW,
            Score::heuristic(-17),
            Score::MIN_HEURISTIC,
            Score::loss_in(5),
            Score::loss_in(3),
        ];
        for pair in order.windows(2) {
            assert!(pair[0] > pair[1], "{} should beat {}", pair[0], pair[1]);
        }
        assert!(Score::INFINITE > Score::win_in(0));
        assert!(-Score::INFINITE < Score::loss_in(0));
    }

    #[test]
    fn decisive_classification_and_distance() {
        assert_eq!(Score::win_in(9).plies_to_end(), Some(9));
        assert_eq!(Score::loss_in(MAX_PLY).plies_to_end(), Some(MAX_PLY));
        assert!(Score::win_in(MAX_PLY).is_win());
        assert!(!Score::MAX_HEURISTIC.is_decisive());
        assert_eq!(Score::heuristic(i32::MAX), Score::MAX_HEURISTIC);
        assert_eq!(Score::heuristic(i32::MIN + 1), Score::MIN_HEURISTIC);
    }

    #[test]
    fn tt_adjustment_round_trips_and_counts_from_the_node() {
        // A win 7 plies from the root, seen at a node 3 plies deep, is a win in 4 there.
        assert_eq!(Score::win_in(7).to_tt(3), Score::win_in(4));
        assert_eq!(Score::loss_in(7).to_tt(3), Score::loss_in(4));
        for s in [Score::win_in(10), Score::loss_in(12), Score::heuristic(-40)] {
            assert_eq!(s.to_tt(5).from_tt(5), s);
        }
    }

    #[test]
    fn display_is_readable() {
        assert_eq!(Score::loss_in(4).to_string(), "loss in 4");
        assert_eq!(Score::heuristic(12).to_string(), "+12");
        assert_eq!(Score::heuristic(-3).to_string(), "-3");
        assert_eq!(Score::DRAW.to_string(), "0");
    }
}
