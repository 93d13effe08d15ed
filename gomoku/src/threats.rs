//! The threats on a board as a player reads them: for each side, the empty cells where its
//! stone would complete a five (the side has a *four* through the cell) or make an open
//! four (it has an *open three* through it). Front ends mark them on the board.

use crate::{Board, Cell, Pattern};
use zerosum::{Game as _, Side};

/// What a side's stone on an empty cell would make.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ThreatKind {
    /// A five: the side has a four through the cell.
    Five,
    /// An open four (two cells would then complete a five): the side has an open three
    /// through the cell.
    OpenFour,
}

/// A threat: `side`'s stone on the empty `cell` would make `kind`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Threat {
    /// The empty cell.
    pub cell: Cell,
    /// The side it threatens for.
    pub side: Side,
    /// What the stone would make there (a five first, when both).
    pub kind: ThreatKind,
}

impl Board {
    /// Every threat of both sides under the board's rule, in cell order, the first
    /// player's before the second's on a cell; none once the game is over. A cell where a
    /// side would make both a five and an open four is listed once, as a five. Under renju
    /// black's forbidden points are no open-four threat of black's (it may not play them;
    /// a five there still wins and is listed).
    pub fn threats(&self) -> Vec<Threat> {
        if self.outcome().is_some() {
            return Vec::new();
        }
        let mut threats = Vec::new();
        for i in 0..self.cell_count() {
            let cell = self.cell_of(i);
            if self.stone(cell).is_some() {
                continue;
            }
            for side in [Side::First, Side::Second] {
                let kind = if self.is_winning_cell(i, side) {
                    ThreatKind::Five
                } else if (0..4).any(|d| self.pattern(i, side, d) == Pattern::OpenFour)
                    && !(self.rule() == crate::Rule::Renju
                        && side == Side::First
                        && crate::renju::is_forbidden(self, cell))
                {
                    ThreatKind::OpenFour
                } else {
                    continue;
                };
                threats.push(Threat { cell, side, kind });
            }
        }
        threats
    }
}
