//! The seed lecture's four search variants (seed 000: Harald Räcke's tic-tac-toe
//! lecture, TU Munich 2020), kept as named strategies with the lecture's node counting.
//!
//! The lecture builds a game tree whose nodes are positions, X being the minimising
//! player (`MIN = -1`) and O the maximising one (`MAX = +1`):
//!
//! - **A**, full game tree: every node expands every child, in cell order 0, 1, …, 8;
//! - **B**, as A but a node stops at the first child proving a win for its player;
//! - **C**, alpha-beta with the "goals" `goalMin`/`goalMax` (initially −1 and +1): a node
//!   stops as soon as its value reaches its goal, and passes the tightened goals on;
//! - **D**, as C, but a node whose player can win at once takes that value without
//!   expanding anything, and a node whose opponent threatens to win at once only expands
//!   the blocking move.
//!
//! # Counting convention
//!
//! As in the lecture (`nodeCount++` in the node constructor), one node is counted per
//! position created, the root included; a won or drawn position is a (counted) leaf. The
//! best move changes only on a strictly better value, so it never points at a child
//! whose value is only a bound (the lecture's warning). With this convention the counts
//! along the lecture's game are reproduced exactly (see `tests/integration/variants.rs`):
//! 549946 (A), 94978 (B), 18014 (C) and 2914 (D) nodes for the first move.

use crate::{Board, Cell};
use std::fmt;
use zerosum::{Game, Side};

/// One of the lecture's four variants.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Full game tree.
    A,
    /// Stop at a proven win.
    B,
    /// Alpha-beta with min/max goals.
    C,
    /// C plus immediate win and forced block.
    D,
}

impl Variant {
    /// The four variants in the lecture's order.
    pub const ALL: [Variant; 4] = [Variant::A, Variant::B, Variant::C, Variant::D];

    /// What the variant does, in a few words.
    pub fn description(self) -> &'static str {
        match self {
            Variant::A => "full game tree",
            Variant::B => "stop at a proven win",
            Variant::C => "alpha-beta with min/max goals",
            Variant::D => "C + immediate win and forced block",
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self:?}")
    }
}

/// What a variant found at the root ([`zerosum::Solution`]): `score` is the root value
/// for the side to move (1 win, 0 draw, −1 loss), `best_move` the move the variant plays
/// (`None` when the game is over), `nodes` the nodes generated, the root included.
pub type VariantResult = zerosum::Solution<Cell, i32>;

const MIN: i32 = -1;
const MAX: i32 = 1;

/// Runs `variant` on `board` (any shape; meant for 3×3) and counts its nodes.
pub fn run(variant: Variant, board: &Board) -> VariantResult {
    let mut search = Tree { variant, nodes: 0 };
    let mut b = board.clone();
    let (value, best_move) = search.node(&mut b, MIN, MAX);
    VariantResult {
        score: value * player_type(board.side_to_move()),
        best_move,
        nodes: search.nodes,
    }
}

/// The lecture's `type`: X minimises (−1), O maximises (+1).
fn player_type(side: Side) -> i32 {
    match side {
        Side::First => MIN,
        Side::Second => MAX,
    }
}

struct Tree {
    variant: Variant,
    nodes: u64,
}

impl Tree {
    /// The lecture's node constructor: returns (value for X = −1 … O = +1, best move).
    fn node(&mut self, b: &mut Board, mut goal_min: i32, mut goal_max: i32) -> (i32, Option<Cell>) {
        self.nodes += 1;
        let me = b.side_to_move();
        let ty = player_type(me);
        // "Have I lost already?" The previous mover made a line.
        if b.winner().is_some() {
            return (-ty, None);
        }
        let empty = b.empty();
        // No more moves: no winner.
        if empty == 0 {
            return (0, None);
        }
        if self.variant == Variant::D {
            let wins = b.winning_cells(me) & empty;
            if wins != 0 {
                return (ty, Some(Cell::new(wins.trailing_zeros())));
            }
            let threats = b.winning_cells(!me) & empty;
            if threats != 0 {
                let m = Cell::new(threats.trailing_zeros());
                b.play(m);
                let (v, _) = self.node(b, goal_min, goal_max);
                b.undo();
                return (v, Some(m));
            }
        }
        let mut value = -2 * ty;
        let mut best = None;
        let mut cells = empty;
        while cells != 0 {
            let m = Cell::new(cells.trailing_zeros());
            cells &= cells - 1;
            b.play(m);
            let (v, _) = self.node(b, goal_min, goal_max);
            b.undo();
            if (ty == MIN && v < value) || (ty == MAX && v > value) {
                value = v;
                best = Some(m);
                match self.variant {
                    Variant::A => {}
                    Variant::B => {
                        if value == ty {
                            return (value, best);
                        }
                    }
                    Variant::C | Variant::D => {
                        if (ty == MIN && value <= goal_min) || (ty == MAX && value >= goal_max) {
                            return (value, best);
                        }
                        if ty == MIN {
                            goal_max = value;
                        } else {
                            goal_min = value;
                        }
                    }
                }
            }
        }
        (value, best)
    }
}
