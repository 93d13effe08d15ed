//! The two players of a game.

use std::ops::Not;

/// One of the two players. `First` moves first from the initial position
/// (X in tic-tac-toe, black in Othello and Gomoku, the first player in Connect Four).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// The player who moves first from the initial position.
    First,
    /// The player who moves second.
    Second,
}

impl Side {
    /// Both sides, `First` then `Second`.
    pub const BOTH: [Side; 2] = [Side::First, Side::Second];

    /// `0` for `First`, `1` for `Second`: an index into `[T; 2]` tables.
    #[inline]
    pub const fn index(self) -> usize {
        match self {
            Side::First => 0,
            Side::Second => 1,
        }
    }

    /// `+1` for `First`, `-1` for `Second`: turns a first-player score into a score for `self`.
    #[inline]
    pub const fn sign(self) -> i32 {
        match self {
            Side::First => 1,
            Side::Second => -1,
        }
    }
}

impl Not for Side {
    type Output = Side;
    /// The other side.
    #[inline]
    fn not(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }
}

/// A pair of values, one per [`Side`], indexed by side (instead of a bare `[T; 2]`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct BySide<T> {
    /// The first player's value.
    pub first: T,
    /// The second player's value.
    pub second: T,
}

impl<T> BySide<T> {
    /// A pair from the two values.
    pub const fn new(first: T, second: T) -> Self {
        BySide { first, second }
    }

    /// The value of `side`.
    #[inline]
    pub fn get(&self, side: Side) -> &T {
        match side {
            Side::First => &self.first,
            Side::Second => &self.second,
        }
    }

    /// The value of `side`, mutably.
    #[inline]
    pub fn get_mut(&mut self, side: Side) -> &mut T {
        match side {
            Side::First => &mut self.first,
            Side::Second => &mut self.second,
        }
    }
}

impl<T> std::ops::Index<Side> for BySide<T> {
    type Output = T;
    fn index(&self, side: Side) -> &T {
        self.get(side)
    }
}

impl<T> std::ops::IndexMut<Side> for BySide<T> {
    fn index_mut(&mut self, side: Side) -> &mut T {
        self.get_mut(side)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn not_swaps_and_index_matches() {
        assert_eq!(!Side::First, Side::Second);
        assert_eq!(!!Side::Second, Side::Second);
        let mut pair = BySide::new(1, 2);
        pair[Side::Second] += 10;
        assert_eq!((pair[Side::First], pair[Side::Second]), (1, 12));
        assert_eq!(Side::Second.index(), 1);
        assert_eq!(Side::Second.sign(), -1);
    }
}
