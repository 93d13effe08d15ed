//! Squares `a1`…`h8` and moves (a square or the pass `PS`).

use crate::error::ParseMoveError;
use std::fmt;
use std::str::FromStr;

/// A square of the 8×8 board: bit index `8·rank + file` (a1 = 0, h1 = 7, a8 = 56,
/// h8 = 63), the layout of Edax and [`zerosum::Bitboard`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square with bit index `index`, or `None` if `index >= 64`.
    #[inline]
    pub const fn new(index: u8) -> Option<Square> {
        if index < 64 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The square at file `x` (0 = a) and rank `y` (0 = rank 1), or `None` off the board.
    #[inline]
    pub const fn from_xy(x: u8, y: u8) -> Option<Square> {
        if x < 8 && y < 8 {
            Some(Square(8 * y + x))
        } else {
            None
        }
    }

    /// The bit index, `0..64`.
    #[inline]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The file, `0..8` (0 = a).
    #[inline]
    pub const fn x(self) -> u8 {
        self.0 % 8
    }

    /// The rank, `0..8` (0 = rank 1).
    #[inline]
    pub const fn y(self) -> u8 {
        self.0 / 8
    }

    /// The square as a one-bit bitboard.
    #[inline]
    pub const fn bit(self) -> u64 {
        1u64 << self.0
    }
}

impl fmt::Display for Square {
    /// Lowercase file letter then rank digit: `a1`, `h8`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.x()) as char, self.y() + 1)
    }
}

impl FromStr for Square {
    type Err = ParseMoveError;

    /// Parses `a1`…`h8` (the file letter in either case; spaces around it are skipped,
    /// as [`Move`]'s parser skips them).
    ///
    /// # Errors
    /// [`ParseMoveError::Square`] with the text (trimmed) otherwise.
    fn from_str(s: &str) -> Result<Square, ParseMoveError> {
        let s = s.trim();
        let b = s.as_bytes();
        let square = match b {
            [file, rank] => Square::from_xy(
                file.to_ascii_lowercase().wrapping_sub(b'a'),
                rank.wrapping_sub(b'1'),
            ),
            _ => None,
        };
        square.ok_or_else(|| ParseMoveError::Square(s.to_string()))
    }
}

/// A move: a disc placed on a square, or a pass (`PS`), which is legal only when the side
/// to move has no other move and the game is not over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(u8);

impl Move {
    /// The pass, written `PS`.
    pub const PASS: Move = Move(64);

    /// The move placing a disc on `square`.
    #[inline]
    pub const fn square(square: Square) -> Move {
        Move(square.0)
    }

    /// The square of a disc move, `None` for the pass.
    #[inline]
    pub const fn to_square(self) -> Option<Square> {
        Square::new(self.0)
    }

    /// True for the pass.
    #[inline]
    pub const fn is_pass(self) -> bool {
        self.0 == 64
    }

    /// The dense index `0..=64`: the square's bit index, 64 for the pass.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The move with dense index `index` (`0..=64`), `None` beyond.
    #[inline]
    pub const fn from_index(index: usize) -> Option<Move> {
        if index <= 64 {
            Some(Move(index as u8))
        } else {
            None
        }
    }
}

impl From<Square> for Move {
    fn from(square: Square) -> Move {
        Move::square(square)
    }
}

impl fmt::Display for Move {
    /// `a1`…`h8`, or `PS` for the pass.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.to_square() {
            Some(sq) => sq.fmt(f),
            None => f.write_str("PS"),
        }
    }
}

impl FromStr for Move {
    type Err = ParseMoveError;

    /// Parses `a1`…`h8` (either case) or a pass: `PS` (Edax), `PA` (GGF and NBoard, which
    /// the `nboard` command writes) or `pass`, in either case.
    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        let t = s.trim();
        if ["ps", "pa", "pass"]
            .iter()
            .any(|p| t.eq_ignore_ascii_case(p))
        {
            return Ok(Move::PASS);
        }
        t.parse::<Square>()
            .map(Move::square)
            .map_err(|_| ParseMoveError::Syntax(t.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A square's error offers no pass (a library user's report: `"ps"` as a square was
    /// told a pass would do); a move's does. Both skip spaces around the text.
    #[test]
    fn a_square_is_read_as_a_square_and_a_move_as_a_move() {
        for bad in ["ps", "a1x", "i1", ""] {
            let e = bad.parse::<Square>().unwrap_err();
            assert_eq!(e, ParseMoveError::Square(bad.to_string()));
            assert!(!e.to_string().contains("pass"), "{e}");
        }
        assert!(matches!(
            "a1x".parse::<Move>(),
            Err(ParseMoveError::Syntax(_))
        ));
        assert_eq!(" f5 ".parse::<Square>(), "f5".parse::<Square>());
        assert_eq!(" ps ".parse::<Move>(), Ok(Move::PASS));
    }

    #[test]
    fn squares_and_moves_round_trip() {
        for i in 0..64 {
            let sq = Square::new(i).unwrap();
            assert_eq!(sq.to_string().parse::<Square>().unwrap(), sq);
            assert_eq!(
                Move::from_index(sq.index() as usize),
                Some(Move::square(sq))
            );
        }
        assert_eq!(Square::new(0).unwrap().to_string(), "a1");
        assert_eq!(Square::new(63).unwrap().to_string(), "h8");
        assert_eq!("G8".parse::<Move>().unwrap().to_string(), "g8");
        assert_eq!("PS".parse::<Move>().unwrap(), Move::PASS);
        // NBoard's and GGF's pass, as the `nboard` command prints it (`=== PA`).
        assert_eq!("PA".parse::<Move>().unwrap(), Move::PASS);
        assert_eq!("pa".parse::<Move>().unwrap(), Move::PASS);
        assert!("i1".parse::<Move>().is_err());
        assert!("a9".parse::<Move>().is_err());
        assert!("".parse::<Move>().is_err());
        assert_eq!(Move::from_index(65), None);
    }
}
