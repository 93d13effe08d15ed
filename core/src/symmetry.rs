//! The eight symmetries of a square board (the dihedral group of order 8).

/// One of the eight symmetries of an `n`×`n` board, acting on 0-based coordinates
/// `(x, y)`. Used to reduce positions to a canonical form (tic-tac-toe, Othello openings)
/// and to generate equivalent test positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// `(x, y)` unchanged.
    Identity,
    /// Left–right mirror: `(n-1-x, y)`.
    MirrorX,
    /// Top–bottom mirror: `(x, n-1-y)`.
    MirrorY,
    /// Half turn: `(n-1-x, n-1-y)`.
    Rotate180,
    /// Mirror about the main diagonal: `(y, x)`.
    Transpose,
    /// Mirror about the anti-diagonal: `(n-1-y, n-1-x)`.
    AntiTranspose,
    /// Quarter turn: `(n-1-y, x)`.
    Rotate90,
    /// Three-quarter turn: `(y, n-1-x)`.
    Rotate270,
}

impl Symmetry {
    /// All eight symmetries, identity first.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::MirrorX,
        Symmetry::MirrorY,
        Symmetry::Rotate180,
        Symmetry::Transpose,
        Symmetry::AntiTranspose,
        Symmetry::Rotate90,
        Symmetry::Rotate270,
    ];

    /// The image of cell `(x, y)` on an `n`×`n` board (`x, y < n`).
    #[inline]
    pub const fn apply(self, n: u32, x: u32, y: u32) -> (u32, u32) {
        let m = n - 1;
        match self {
            Symmetry::Identity => (x, y),
            Symmetry::MirrorX => (m - x, y),
            Symmetry::MirrorY => (x, m - y),
            Symmetry::Rotate180 => (m - x, m - y),
            Symmetry::Transpose => (y, x),
            Symmetry::AntiTranspose => (m - y, m - x),
            Symmetry::Rotate90 => (m - y, x),
            Symmetry::Rotate270 => (y, m - x),
        }
    }

    /// The symmetry that undoes `self`.
    pub const fn inverse(self) -> Symmetry {
        match self {
            Symmetry::Rotate90 => Symmetry::Rotate270,
            Symmetry::Rotate270 => Symmetry::Rotate90,
            other => other,
        }
    }

    /// For a row-major `n`×`n` board, the table `t` with `t[i]` = image of cell `i`.
    pub fn index_map(self, n: u32) -> Vec<u32> {
        (0..n * n)
            .map(|i| {
                let (x, y) = self.apply(n, i % n, i / n);
                y * n + x
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn eight_distinct_bijections_closed_with_inverses() {
        let n = 5;
        let maps: HashSet<Vec<u32>> = Symmetry::ALL.iter().map(|s| s.index_map(n)).collect();
        assert_eq!(maps.len(), 8);
        for s in Symmetry::ALL {
            let m = s.index_map(n);
            let mut sorted = m.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, (0..n * n).collect::<Vec<_>>());
            for i in 0..n * n {
                let (x, y) = s.apply(n, i % n, i / n);
                assert_eq!(s.inverse().apply(n, x, y), (i % n, i / n));
            }
        }
    }
}
