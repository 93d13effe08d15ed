//! Candidate moves: forced replies first, then the cells near the stones ranked by the
//! fitted ordering model or the hand-set cell values.

use super::Engine;
use crate::board::Board;
use crate::cell::Cell;
use crate::eval::cell_value;
use crate::order::OrderScorer;
use crate::pattern::Pattern;
use crate::vct::{strong, strong_after};
use zerosum::Game;

/// Most candidates [`Engine::candidate_moves_by`] keeps sorted as it scores the cells
/// (more are sorted once at the end).
const MAX_INSERTION_KEEP: usize = 16;
/// Ordering value below which a move makes no four or open three for either side.
const QUIET_VALUE: i32 = 200;
impl Engine {
    /// Candidate moves of the side to move, best ordering value first, at most `cap`:
    /// against a four only the block; against an open three (a cell where the opponent
    /// would make an open four) or, but under renju, a double-four cell, all of our own
    /// fours and of the cells after which the opponent has no such cell left (read from
    /// the line keys without playing; where there is none, every cell where the opponent
    /// would make a four; under renju, against an open three, those cells); otherwise
    /// every empty cell within two of a stone. Under renju black's forbidden points are
    /// left out (so black facing a four it may not block has no candidate).
    pub fn candidate_moves(board: &Board, cap: usize, out: &mut Vec<(i32, Cell)>) {
        Self::candidate_moves_by(board, cap, out, None);
    }

    /// [`Engine::candidate_moves`] ranked by `order`'s values when given (the fitted
    /// ordering model, [`OrderScorer`]), else by the hand-set [`cell_value`]s.
    pub fn candidate_moves_by(
        board: &Board,
        cap: usize,
        out: &mut Vec<(i32, Cell)>,
        order: Option<&OrderScorer>,
    ) {
        // No cell breaks every threat and we have no four: every move loses at once; the
        // cells of the opponent's fours stay candidates, so that the node's value says so.
        if !Self::fill_candidates(board, cap, out, order, true) {
            Self::fill_candidates(board, cap, out, order, false);
        }
    }

    /// [`Engine::candidate_moves_by`]'s list, with the defences against open threes and
    /// double-four cells told apart by the VCT's `strong_after` when `exact` (else every
    /// cell where the opponent makes a four); false when `exact` found no candidate where
    /// the looser list would have some.
    fn fill_candidates(
        board: &Board,
        cap: usize,
        out: &mut Vec<(i32, Cell)>,
        order: Option<&OrderScorer>,
        exact: bool,
    ) -> bool {
        out.clear();
        if board.outcome().is_some() {
            return true;
        }
        let me = board.side_to_move();
        let opp = !me;
        let m = board.size() / 2;
        if board.stone_count() == 0 && board.raw(board.index(Cell::new(m, m))) == 0 {
            out.push((0, Cell::new(m, m)));
            return true;
        }
        let renju_black = board.rule() == crate::Rule::Renju && me == zerosum::Side::First;
        let allowed = |c: Cell| !(renju_black && crate::renju::is_forbidden(board, c));
        let threats = board.winning_cells(opp);
        if !threats.is_empty() {
            out.extend(
                threats
                    .into_iter()
                    .map(|i| (0, board.cell_of(i)))
                    .filter(|m| allowed(m.1)),
            );
            return true;
        }
        // Against an open three (a cell where the opponent makes an open four) or, but
        // under renju, a double-four cell (one where it makes fours in two directions),
        // only our fours and the cells that break every such threat: any other move loses
        // at once. A stone changes a cell's pattern in a direction only from that line
        // within five cells, so a defence lies on the line of each open-four cell's open
        // four and on a four line of each double-four cell (or on the cell itself), and
        // is a cell where the opponent makes a four (an empty cell of its five).
        let (must_defend, threats) = if board.rule() == crate::Rule::Renju {
            (board.pattern_count(opp, Pattern::OpenFour) > 0, None)
        } else if board.pattern_count(opp, Pattern::OpenFour) > 0
            || (!board.is_solver_copy() && board.double_four_count(opp) > 0)
        {
            (true, threat_cells(board, opp).filter(|_| exact))
        } else {
            (false, None)
        };
        let scorer = order.map(|o| o.at(board));
        // Best first: higher value, then the lower cell (a total order, as the cells
        // differ, so every way of ordering gives one result).
        let by_value = |a: &(i32, Cell), b: &(i32, Cell)| b.0.cmp(&a.0).then(a.1.cmp(&b.1));
        // When only the first few are kept, they are kept sorted as the cells come (a
        // cell not better than the last kept one costs one comparison): the same moves
        // in the same order as sorting the whole list and truncating it.
        let keep = cap.max(1);
        let insert = !must_defend && keep <= MAX_INSERTION_KEEP;
        for &i in board.frontier() {
            let i = usize::from(i);
            let mine = board.patterns(i, me);
            let theirs = board.patterns(i, opp);
            if must_defend {
                let my_four = mine.iter().any(|&v| v >= Pattern::Four as u8);
                let defends = theirs.iter().any(|&v| v >= Pattern::Four as u8)
                    && threats.is_none_or(|(cells, n)| !strong_after(board, i, opp, &cells[..n]));
                if !my_four && !defends {
                    continue;
                }
            }
            let c = board.cell_of(i);
            if !allowed(c) {
                continue;
            }
            let value = match &scorer {
                Some(o) => o.score(board, i, c),
                None => cell_value(mine) + cell_value(theirs) * 4 / 5,
            };
            let m = (value, c);
            if !insert {
                out.push(m);
                continue;
            }
            if out.len() == keep {
                if by_value(&m, &out[keep - 1]).is_ge() {
                    continue;
                }
                out.pop();
            }
            let at = out.partition_point(|x| by_value(x, &m).is_lt());
            out.insert(at, m);
        }
        if !insert {
            out.sort_unstable_by(by_value);
            if !must_defend {
                out.truncate(keep);
            }
        }
        !(out.is_empty() && threats.is_some())
    }

    /// The widest branching in use: [`Engine::max_moves`], at least 1 (a width of 0 left
    /// the root without a candidate and panicked) and at most half of `usize::MAX` (the
    /// root takes twice the width).
    pub(super) fn width(&self) -> usize {
        self.max_moves.clamp(1, usize::MAX / 2)
    }

    /// The ordering model in use: the fitted one when [`Engine::fitted_order`] is set
    /// (the finer one with [`Engine::pattern_order`]).
    pub(super) fn order(&self) -> Option<&'static OrderScorer> {
        match (self.fitted_order, self.pattern_order) {
            (false, _) => None,
            (true, false) => Some(OrderScorer::fitted()),
            (true, true) => Some(OrderScorer::fitted_patterns()),
        }
    }

    /// Whether the move `c` of the side to move (ordering value `value`) is quiet: it
    /// makes no open three or four of its own and blocks no four of the opponent's.
    /// (The hand-set values say it by their size.)
    pub(super) fn is_quiet_move(&self, b: &Board, c: Cell, value: i32) -> bool {
        if !self.fitted_order {
            return value < QUIET_VALUE;
        }
        let i = b.index(c);
        let me = b.side_to_move();
        !attacks(b.patterns(i, me)) && !b.makes_four(i, !me)
    }
}

/// Whether a stone on a cell with these four direction patterns (one side's) makes an
/// open three or better in some direction.
pub(super) fn attacks(patterns: [u8; 4]) -> bool {
    patterns.iter().any(|&p| p >= Pattern::OpenThree as u8)
}

/// Most open-four and double-four cells of the opponent's [`threat_cells`] lists (more:
/// none listed, the looser list of every cell where the opponent makes a four).
const MAX_THREAT_CELLS: usize = 16;

/// The open-four and double-four cells of `side` (the VCT's strong cells, read from the
/// direction patterns of the frontier) and their count, or `None` when there are more
/// than [`MAX_THREAT_CELLS`]. A fixed array: candidates are generated at every node.
fn threat_cells(board: &Board, side: zerosum::Side) -> Option<([usize; MAX_THREAT_CELLS], usize)> {
    let mut cells = [0; MAX_THREAT_CELLS];
    let mut n = 0;
    for &i in board.frontier() {
        let i = usize::from(i);
        if !strong(&board.patterns(i, side)) {
            continue;
        }
        if n == MAX_THREAT_CELLS {
            return None;
        }
        cells[n] = i;
        n += 1;
    }
    Some((cells, n))
}
