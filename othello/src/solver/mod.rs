//! The exact endgame solver: the final disc difference under perfect play, and a best
//! move.
//!
//! # Algorithm
//!
//! Negamax alpha-beta (principal-variation search: the first move with the full window,
//! the others with a null window and a re-search), fail-soft, on [`Board`]s:
//! 1. more than [`SHALLOW_EMPTIES`] empties: count the node; no move → pass or score the
//!    finished game; **stability cut-off** (the opponent's stable discs bound our score
//!    from above: `64 − 2·stable`); **transposition table** probe (bounds of the exact
//!    score, any depth, and the best move; two-entry buckets on one cache line; the
//!    positions with fewer than [`NEAR_EMPTIES`] empties in a separate 2 MiB table, so
//!    that the many probes near the leaves hit the caches); the
//!    **table move is searched first, before the others are ordered** (when it cuts off,
//!    the ordering is never paid for); **move ordering** of the rest (none for a single
//!    move): every child's table bucket is prefetched first (the cache misses overlap),
//!    children whose stored bound proves a cut-off end the node (**enhanced
//!    transposition cut-off**, from [`ETC_EMPTIES`]; the children are probed after
//!    their keys are computed, so that the keys' work overlaps the loads, and before any
//!    ordering search, which a cut-off saves), then fastest-first (fewest opponent replies, corners counted
//!    twice), with bonuses for moves into an odd region (parity), corners, the mover's
//!    discs made stable at a corner, few potential replies, and a static square value
//!    (Weill's table, as Edax's) as a tie-breaker; far from the end ([`SORT_SEARCH_EMPTIES`]) a shallow
//!    alpha-beta search with the trained pattern evaluation below each child counts
//!    most (the child's static evaluation at 14–15 empties, 2 plies below the child at
//!    16–18 empties, 3 at 19–21, 4 from 22; the leaves' pattern indices updated from
//!    their parent's, [`crate::eval::pattern::PatternIndices`]; children
//!    told apart only down to 8 discs below alpha, as Edax's `SORT_ALPHA_DELTA`; inside
//!    it corners first, X-squares last, and the fewest replies first with 2 or more
//!    plies left);
//!    search; store the bounds. The thresholds are a [`Tuning`] (the measured effect of
//!    each is in the crate's FIGURES.md);
//! 2. at most [`SHALLOW_EMPTIES`] empties: no table, no move generation: the empty
//!    squares are tried directly; at 6 empties fastest-first (fewest opponent replies,
//!    [`Tuning::fastest_first_empties`]), at 5 those in regions with an odd number of
//!    empties first (parity), X-squares last; four and three empties have their own
//!    functions (parity: the squares alone in their quadrant first), two empties try
//!    both squares directly, and the last empty square is scored by counting its flips
//!    with line tables ([`last`]), without playing it. From 4 empties the stability
//!    cut-off is tried when alpha is high enough for it to be likely
//!    ([`SHALLOW_STABILITY_ALPHA`], from Edax's thresholds).
//!
//! The root runs aspiration (null-window) searches around a guess until the exact score
//! is known (MTD(f)). From [`Tuning::selective_root_empties`] empties the guess comes
//! from **selective searches** first (Edax's iterative selectivity; Buro's
//! multi-ProbCut): the same search, but at null-window nodes with
//! [`Tuning::endcut_empties`] or more empties a shallow search with the pattern
//! evaluation ([`ENDCUT_FITS`]) cuts the node when it predicts the exact score to be
//! outside the window with confidence `t` ([`SELECTIVITY`]). Their table entries are
//! marked with their level ([`EndgameTable::set_level`]): the exact search uses only
//! their best moves (searched first), never their bounds; their value is the exact
//! search's first guess. Scores are final disc differences for the side
//! to move, empties to the winner, always even, in `-64..=64`.
//!
//! Sources of the ideas: Edax (`abulmo/edax-reversi`, `src/endgame.c`: last-square
//! flip counting, parity, fastest-first, stability cut-off) and the FFO-solving
//! literature (Gunnar Andersson's notes on endgame solving).

pub mod last;
mod tt;

use crate::error::TuningError;
use crate::eval::pattern::PatternIndices;
use crate::movegen::{self, flips, moves, potential_moves};
use crate::stability::score_upper_bound;
use crate::{Board, Move};
use smallvec::SmallVec;
pub use tt::{DEFAULT_MIB, EXACT, EndgameTable, Probe};

/// At most this many empties: the parity-ordered search without table.
pub const SHALLOW_EMPTIES: u32 = 6;
/// From this many empties on, children are looked up in the table (cut-off and ordering);
/// 10: from 9, FFO #20–#39 takes 1.1 % fewer nodes but about
/// 2 % more CPU, measured side by side (each probe waits for its child's bucket, most of
/// which a cut-off would never have visited).
pub const ETC_EMPTIES: u32 = 10;
/// From this many empties on, moves are sorted by a shallow search with the pattern
/// evaluation before searching: up to [`SORT_DEPTH_ORIGIN`] empties that search is the
/// child's static evaluation ([`Tuning::sort_depth_low`] plies, 0 by default).
pub const SORT_SEARCH_EMPTIES: u32 = 14;
/// From this many empties on, the ordering searches have 2 plies and more
/// ([`Tuning::sort_depth_origin`]).
pub const SORT_DEPTH_ORIGIN: u32 = 16;
/// Positions with fewer empties are kept in a separate small table
/// ([`Tuning::near_empties`]).
pub const NEAR_EMPTIES: u32 = 10;
/// The size of that table, MiB ([`Tuning::near_mib`]).
pub const NEAR_MIB: u32 = 2;
/// The most empties of the table-free search: [`Tuning::set`] and
/// [`Solver::set_tuning`] keep [`Tuning::shallow_empties`] at most this, and its
/// fastest-first move list holds this many moves.
pub const SHALLOW_MAX_EMPTIES: u32 = 12;
/// The table-free search (4 to [`SHALLOW_EMPTIES`] empties) tries the stability
/// cut-off only when alpha (the side to move's, discs) is at least this, by empties (the
/// last entry for 7 or more, when [`Tuning::shallow_empties`] is raised):
/// Edax's `NWS_STABILITY_THRESHOLD` (6 / 8 / 10) less two, since the null windows here
/// are `(g − 1, g + 1)` around an even `g` (FFO #45, +6: 201.4 M nodes against 216.9 M
/// with Edax's values); lower, a cut-off is rare and the stable discs cost more than
/// they save. From 7 empties the table search tries it whenever the opponent's discs
/// allow a cut-off.
pub const SHALLOW_STABILITY_ALPHA: [i32; 8] = [65, 65, 65, 65, 4, 6, 8, 10];
/// Plies of the evaluation search that guesses the root's score (see [`Tuning::guess_depth`]).
pub const GUESS_DEPTH: u32 = 0;

/// The solver's search parameters (the defaults are the measured best on the FFO sets,
/// see the crate's FIGURES.md); public so that each technique can be measured by switching it
/// off or moving its threshold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tuning {
    /// At most this many empties: the parity-ordered search without table.
    pub shallow_empties: u32,
    /// From this many empties on, children are looked up in the table before the search
    /// (enhanced transposition cut-off and ordering); 65 switches it off.
    pub etc_empties: u32,
    /// From this many empties on, moves are ordered by a shallow search with the pattern
    /// evaluation (below: fastest-first); 65 switches it off.
    pub sort_search_empties: u32,
    /// Plies of the ordering search below each child of a node with
    /// [`Tuning::sort_depth_origin`] empties; one more every [`Tuning::sort_depth_step`]
    /// empties above it, at most [`Tuning::sort_depth_max`].
    pub sort_depth_base: u32,
    /// From this many empties on, the ordering searches' plies are
    /// [`Tuning::sort_depth_base`] and more; below it (from
    /// [`Tuning::sort_search_empties`]) they are [`Tuning::sort_depth_low`].
    pub sort_depth_origin: u32,
    /// Plies of the ordering searches below [`Tuning::sort_depth_origin`] empties.
    pub sort_depth_low: u32,
    /// Empties per extra ply of the ordering search (see [`Tuning::sort_depth_base`]).
    pub sort_depth_step: u32,
    /// The deepest ordering search (plies below the child).
    pub sort_depth_max: u32,
    /// The ordering search's window: children are only told apart below `alpha −
    /// sort_margin` discs (a cheaper search, as Edax's `SORT_ALPHA_DELTA`); `None`: the
    /// full window.
    pub sort_margin: Option<i32>,
    /// Stability cut-offs on or off.
    pub stability: bool,
    /// Plies of the pattern-evaluation search that gives the root's first null-window
    /// probe its guess; 0: the guess is 0 (a draw).
    pub guess_depth: u32,
    /// Fastest-first ordering weights, in units of 1/4096 of one opponent reply (a
    /// reply counts 4096, a reply on a corner twice): per potential reply of the
    /// opponent (an empty square next to one of our discs), subtracted.
    pub w_potential: i32,
    /// Bonus for a move into a quadrant with an odd number of empties (parity).
    pub w_parity: i32,
    /// Bonus for a move on a corner.
    pub w_corner: i32,
    /// Bonus per disc of the mover's that is stable at a corner after the move (a
    /// corner, and the edge squares next to an own corner).
    pub w_corner_stability: i32,
    /// From this many empties on, the table-free search orders its moves fastest-first
    /// (fewest opponent replies) instead of by parity alone; above
    /// [`Tuning::shallow_empties`]: never.
    pub fastest_first_empties: u32,
    /// Weight of the ordering search's value (hundredths of a disc) in the ordering key:
    /// one disc counts `100 · w_eval / 4096` opponent replies (16: about 0.4 of a reply;
    /// against 40, self-play positions at 18–25 empties, made by the `endgame_set`
    /// example, took 12 % fewer nodes with 16, and FFO #20–#39 9 %).
    pub w_eval: i32,
    /// Weight of the square's static value (0–18, Jean-Christophe Weill's table as
    /// Edax's `SQUARE_VALUE`) in the ordering key.
    pub w_square: i32,
    /// The selective searches run at the root before the exact one: bit `i` runs a
    /// search with ProbCut at the confidence [`SELECTIVITY`]`[i]`; 0: none. Default
    /// `0b111` (t = 1.1, 1.5, 2.0; when chosen, FFO #20–#39 took 104.9 M nodes
    /// and #40–#49 878.5 M against 108.5 M and 929.7 M with 1.1 and 1.5 alone).
    pub selective: u32,
    /// The selective searches run only when the root has at least this many empties.
    pub selective_root_empties: u32,
    /// From this many empties on, the children's table buckets are prefetched before
    /// the ordering.
    pub prefetch_empties: u32,
    /// Positions with fewer empties than this are kept in a separate table of
    /// [`Tuning::near_mib`] MiB: the many entries near the leaves then stay in the
    /// processor's caches (and its address translations), and the big table keeps the
    /// costlier ones; 0: one table.
    pub near_empties: u32,
    /// The size of the separate table for the positions near the leaves (MiB; 0: none).
    pub near_mib: u32,
    /// In a selective search, the ProbCut test is made at null-window nodes with at
    /// least this many empties.
    pub endcut_empties: u32,
}

impl Default for Tuning {
    fn default() -> Tuning {
        Tuning {
            shallow_empties: SHALLOW_EMPTIES,
            etc_empties: ETC_EMPTIES,
            sort_search_empties: SORT_SEARCH_EMPTIES,
            sort_depth_base: 2,
            sort_depth_origin: SORT_DEPTH_ORIGIN,
            sort_depth_low: 0,
            sort_depth_step: 3,
            sort_depth_max: 4,
            sort_margin: Some(8),
            stability: true,
            guess_depth: GUESS_DEPTH,
            w_potential: 1 << 6,
            w_parity: 1 << 8,
            w_corner: 1 << 10,
            w_corner_stability: 1 << 9,
            fastest_first_empties: 6,
            w_eval: 16,
            w_square: 16,
            selective: 0b111,
            selective_root_empties: 22,
            prefetch_empties: SHALLOW_EMPTIES + 2,
            near_empties: NEAR_EMPTIES,
            near_mib: NEAR_MIB,
            endcut_empties: 10,
        }
    }
}

impl Tuning {
    /// Plies of the ordering search below a child of a node with `empties` empties.
    #[inline]
    fn sort_depth(&self, empties: u32) -> u32 {
        let deeper = empties.saturating_sub(self.sort_depth_origin) / self.sort_depth_step.max(1);
        if empties >= self.sort_depth_origin {
            (deeper + self.sort_depth_base).min(self.sort_depth_max)
        } else {
            self.sort_depth_low.min(self.sort_depth_max)
        }
    }

    /// Sets one parameter from `name=value` (the names of the fields; counts, `on`/`off`
    /// for `stability`, `none` for the full-window `sort_margin`). For experiments from
    /// the command line.
    ///
    /// # Errors
    /// [`TuningError::Syntax`] without `=`, [`TuningError::Unknown`] for a name that is
    /// not a parameter, [`TuningError::Value`] for a value the parameter does not take.
    pub fn set(&mut self, assignment: &str) -> Result<(), TuningError> {
        let (k, v) = assignment
            .split_once('=')
            .ok_or_else(|| TuningError::Syntax(assignment.to_string()))?;
        let bad = || TuningError::Value {
            name: k.to_string(),
            value: v.to_string(),
        };
        let num = || v.parse::<u32>().map_err(|_| bad());
        match k {
            "shallow_empties" => self.shallow_empties = num()?.clamp(3, SHALLOW_MAX_EMPTIES),
            "etc_empties" => self.etc_empties = num()?,
            "sort_search_empties" => self.sort_search_empties = num()?,
            "sort_depth_base" => self.sort_depth_base = num()?,
            "sort_depth_origin" => self.sort_depth_origin = num()?,
            "sort_depth_low" => self.sort_depth_low = num()?,
            "sort_depth_step" => self.sort_depth_step = num()?,
            "sort_depth_max" => self.sort_depth_max = num()?,
            "guess_depth" => self.guess_depth = num()?.min(12),
            "fastest_first_empties" => self.fastest_first_empties = num()?,
            "w_square" => self.w_square = num()?.min(1 << 12) as i32,
            "selective" => self.selective = num()? & ((1 << SELECTIVITY.len()) - 1),
            "selective_root_empties" => self.selective_root_empties = num()?,
            "endcut_empties" => self.endcut_empties = num()?,
            "prefetch_empties" => self.prefetch_empties = num()?,
            "near_empties" => self.near_empties = num()?,
            "near_mib" => self.near_mib = num()?.min(1024),
            "w_eval" => self.w_eval = num()?.min(1 << 12) as i32,
            "w_potential" => self.w_potential = num()?.min(1 << 16) as i32,
            "w_parity" => self.w_parity = num()?.min(1 << 16) as i32,
            "w_corner" => self.w_corner = num()?.min(1 << 16) as i32,
            "w_corner_stability" => self.w_corner_stability = num()?.min(1 << 16) as i32,
            "sort_margin" => {
                self.sort_margin = if v == "none" {
                    None
                } else {
                    Some(num()?.min(128) as i32)
                }
            }
            "stability" => {
                self.stability = match v {
                    "on" | "1" | "true" => true,
                    "off" | "0" | "false" => false,
                    _ => return Err(bad()),
                }
            }
            _ => return Err(TuningError::Unknown(k.to_string())),
        }
        Ok(())
    }
}

/// The confidences `t` of the selective searches ([`Tuning::selective`]): a ProbCut test
/// cuts when the shallow search clears the bound by `t·σ` (Edax's selectivity levels
/// 73 %, 87 %, 95 %, 98 %, 99 %).
pub const SELECTIVITY: [f64; 5] = [1.1, 1.5, 2.0, 2.6, 3.3];

/// One endgame ProbCut regression: the exact score (hundredths of a disc) predicted from
/// a `shallow`-ply search with the pattern evaluation, `exact ≈ a·v + b`, residuals'
/// standard deviation `sigma`, over positions with `empties_min..` empties.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EndCutFit {
    /// Plies of the shallow search.
    pub shallow: u32,
    /// The fewest empties of the band.
    pub empties_min: u32,
    /// Slope.
    pub a: f64,
    /// Intercept, hundredths of a disc.
    pub b: f64,
    /// Standard deviation of the residuals, hundredths of a disc.
    pub sigma: f64,
}

/// The endgame ProbCut fits used by the selective searches, by band of empties (10–13,
/// 14–17, 18 or more; the first band's fit also serves fewer empties), made by `cargo run
/// --release -p othello --example probcut_fit -- --endgame --games 900 --seed 2027` (one
/// self-play position per game at 10–22 empties, solved exactly; 305 / 242 / 353 per
/// band): σ is 7–8 discs at 2 plies, 6–7 at 4 (all depths 0–6 in the crate's FIGURES.md);
/// the depths 2 / 4 / 4 searched the fewest nodes on FFO #20–#39. Fitted on an earlier
/// set of evaluation weights; the same command on a later set (σ 7.7 / 6.4 / 6.3 discs)
/// searched 5 % more nodes on FFO #40–#49 and was not kept (the crate's FIGURES.md).
#[rustfmt::skip]
pub const ENDCUT_FITS: [EndCutFit; 3] = [
    EndCutFit { shallow: 2, empties_min: 10, a: 1.001, b: -40.9, sigma: 741.8 },
    EndCutFit { shallow: 4, empties_min: 14, a: 1.015, b: -34.6, sigma: 700.7 },
    EndCutFit { shallow: 4, empties_min: 18, a: 1.036, b: -33.3, sigma: 679.4 },
];

/// The fit for a node with `empties` empties.
fn endcut_fit(empties: u32) -> EndCutFit {
    let mut found = ENDCUT_FITS[0];
    for f in ENDCUT_FITS {
        if f.empties_min <= empties {
            found = f;
        }
    }
    found
}

/// A static value of each square for move ordering, a1…h8 (0–18: corners best, X-squares
/// worst): Jean-Christophe Weill's table, as used by Edax's `move.c` (`SQUARE_VALUE`); a
/// tie-breaker after the mobility terms.
const SQUARE_VALUE: [i32; 64] = [
    18, 4, 16, 12, 12, 16, 4, 18, 4, 2, 6, 8, 8, 6, 2, 4, 16, 6, 14, 10, 10, 14, 6, 16, 12, 8, 10,
    0, 0, 10, 8, 12, 12, 8, 10, 0, 0, 10, 8, 12, 16, 6, 14, 10, 10, 14, 6, 16, 4, 2, 6, 8, 8, 6, 2,
    4, 18, 4, 16, 12, 12, 16, 4, 18,
];

/// Quadrant masks (a1–d4, e1–h4, a5–d8, e5–h8) for parity ordering (the reference
/// for [`odd_regions`] in the tests).
#[cfg(test)]
const QUADRANTS: [u64; 4] = [
    0x0000_0000_0F0F_0F0F,
    0x0000_0000_F0F0_F0F0,
    0x0F0F_0F0F_0000_0000,
    0xF0F0_F0F0_0000_0000,
];
/// The quadrant (0–3, as in [`odd_regions`]) of each square, looked up rather than
/// computed in the three-empties search.
const QUADRANT_OF: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut sq = 0;
    while sq < 64 {
        t[sq] = ((sq >> 2 & 1) | (sq >> 4 & 2)) as u8;
        sq += 1;
    }
    t
};

const CORNERS: u64 = crate::eval::CORNERS;
/// b2, g2, b7, g7: the squares diagonally next to the corners.
const X_SQUARES: u64 = 0x0042_0000_0000_4200;

/// The board's squares in classes, best-looking first (the static order of the
/// table-free search within a parity group): corners; edge squares other than the
/// C-squares; inner squares other than the X-squares; C-squares (edge squares next to a
/// corner); X-squares.
const SQUARE_CLASSES: [u64; 2] = [!X_SQUARES, X_SQUARES];

/// The squares around each square: a move there needs an opponent disc among them.
const NEIGHBOURS: [u64; 64] = {
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        t[sq] = zerosum::Bitboard(1u64 << sq).neighbours().0;
        sq += 1;
    }
    t
};

/// The result of solving a position ([`zerosum::Solution`]): `score` is the exact final
/// disc difference for the side to move, in `-64..=64` (from [`Solver::solve_weak`] and
/// [`Solver::solve_window`] only a bound outside the window: its sign — win, draw, loss —
/// is exact in weak mode); `best_move` is a best move ([`Move::PASS`] when the side must
/// pass), `None` when the game is over; `nodes` counts the positions visited.
pub type Solution = zerosum::Solution<Move, i32>;

/// The discs of `own` that are stable at a corner: its corners, and the edge squares next
/// to a corner it holds (a cheap lower bound on its stable discs, as Edax's corner
/// stability in move ordering).
#[inline]
fn corner_stability(own: u64) -> i32 {
    let c = own & CORNERS;
    let next_to =
        (c << 1 | c >> 1) & 0x4200_0000_0000_0042 | (c << 8 | c >> 8) & 0x0081_0000_0000_8100;
    (c | (next_to & own)).count_ones() as i32
}

/// The empty squares in quadrants (a1–d4, e1–h4, a5–d8, e5–h8) holding an odd number
/// of empties, without counting: the parity of each quadrant is folded into one bit
/// (each half-row's four bits into its lowest, then the four half-rows of each quadrant
/// into the lowest), and one multiplication spreads each quadrant's bit over its 16
/// squares (the four products cannot overlap, so no carry crosses a quadrant).
#[inline(always)]
fn odd_regions(empty: u64) -> u64 {
    let mut x = empty ^ (empty >> 1);
    x ^= x >> 2;
    x ^= x >> 8;
    x ^= x >> 16;
    (x & 0x0000_0011_0000_0011).wrapping_mul(0x0F0F_0F0F) & empty
}

/// The exact score with one empty square `sq` left (`b` has 63 discs), fail-soft
/// against `alpha`: the flips are counted by [`last::count_last_flips`], the move is not
/// played. When the side to move cannot play there and the score without any move is
/// already at most `alpha`, the opponent's flips are not counted (its move could only
/// lower the score: that upper bound is returned; Edax's lazy cut-off in `solve_1`).
#[inline(always)]
fn solve_last(b: Board, sq: u32, alpha: i32) -> i32 {
    let p = b.player_discs() as i32;
    let n = last::count_last_flips(b.player, sq);
    if n > 0 {
        return 2 * (p + n + 1) - 64;
    }
    // Nobody moves: 63 discs, the empty square goes to the winner.
    let none = if 2 * p > 63 {
        2 * p + 1 - 63
    } else {
        2 * p - 1 - 63
    };
    if none <= alpha {
        return none;
    }
    let n = last::count_last_flips(b.opponent, sq);
    if n > 0 {
        return 2 * (p - n) - 64;
    }
    none
}

/// The position after the side to move plays on the empty square `sq`, or `None` when
/// that move is illegal (a square with no opponent disc next to it is rejected before
/// the flips are computed).
#[inline(always)]
fn play_empty(b: Board, sq: u32) -> Option<Board> {
    if NEIGHBOURS[sq as usize] & b.opponent == 0 {
        return None;
    }
    let f = flips(b.player, b.opponent, sq);
    (f != 0).then(|| b.play_flips(sq, f))
}

/// Fail-soft negamax bookkeeping for a child's value `v`: raises `best` and `alpha`;
/// true on a beta cut-off (`alpha >= beta`).
#[inline(always)]
fn raise(best: &mut i32, alpha: &mut i32, v: i32, beta: i32) -> bool {
    if v > *best {
        *best = v;
        if v > *alpha {
            *alpha = v;
            return v >= beta;
        }
    }
    false
}

/// A reusable endgame solver (owns its transposition table).
pub struct Solver {
    tt: EndgameTable,
    tuning: Tuning,
    nodes: u64,
    /// The part of `nodes` visited by the move-ordering searches.
    sort_nodes: u64,
    /// The budget of a stoppable solve ([`Solver::solve_within`]).
    budget: Option<zerosum::time::Budget>,
    /// Nodes at the start of the current stoppable solve.
    budget_start: u64,
    /// The value of `nodes` at which a stoppable solve stops (`u64::MAX`: no node
    /// limit); checked at every node with three or more empties.
    node_limit: u64,
    /// Table-level nodes left before the next look at the budget.
    countdown: u32,
    /// Set once the budget is exhausted: every search unwinds without storing.
    stopped: bool,
    /// The ProbCut confidence of the current selective search (`None`: exact).
    cut: Option<f64>,
    /// The move buffers of the nodes being searched, one per number of empties (0..=64).
    plies: Vec<Ply>,
    /// The ordering key's static part for a move on each square (the corner bonus and
    /// the weighted square value of [`Tuning`]), computed when the tuning is set.
    square_bonus: [i32; 64],
}

/// The static part of the ordering key for each square: [`Tuning::w_corner`] on the
/// corners plus [`Tuning::w_square`] times [`SQUARE_VALUE`].
fn square_bonus(t: &Tuning) -> [i32; 64] {
    std::array::from_fn(|sq| {
        let corner = if CORNERS >> sq & 1 != 0 {
            t.w_corner
        } else {
            0
        };
        corner + SQUARE_VALUE[sq] * t.w_square
    })
}

/// Table-level nodes (7 or more empties) between two looks at the budget of a
/// stoppable solve; between two such nodes a search visits at most the few thousand
/// nodes of a 6-empties subtree, so the stop is seen within about a million nodes
/// (well under a tenth of a second).
pub const POLL_INTERVAL: u32 = 1024;

/// The most nodes a search visits past the last look at the node limit (a three-empties
/// subtree: its own node, three two-empties nodes, their last moves, and passes); a
/// stoppable solve looks for its stop this many nodes before its limit, so that it never
/// visits more than the limit.
pub const NODE_MARGIN: u64 = 16;

/// A solver with a table of [`DEFAULT_MIB`] MiB.
impl Default for Solver {
    fn default() -> Solver {
        Solver::new(DEFAULT_MIB)
    }
}

impl Solver {
    /// A solver with a table of at most `tt_mib` MiB.
    ///
    /// # Panics
    ///
    /// When the system refuses the table's memory (see [`Solver::try_new`], which returns
    /// an error instead: use it for a size the user chose).
    pub fn new(tt_mib: usize) -> Solver {
        Self::try_new(tt_mib).unwrap_or_else(|e| panic!("{e}"))
    }

    /// [`Solver::new`], or an error when the system refuses the table's memory.
    ///
    /// # Errors
    ///
    /// [`zerosum::TableAllocError`] with the table's size in bytes.
    pub fn try_new(tt_mib: usize) -> Result<Solver, zerosum::TableAllocError> {
        Ok(Solver {
            tt: {
                let t = Tuning::default();
                let mut tt = EndgameTable::try_new(tt_mib)?;
                tt.set_near(t.near_empties, t.near_mib as usize);
                tt
            },
            tuning: Tuning::default(),
            nodes: 0,
            sort_nodes: 0,
            budget: None,
            budget_start: 0,
            node_limit: u64::MAX,
            countdown: POLL_INTERVAL,
            stopped: false,
            cut: None,
            plies: vec![
                Ply {
                    items: [(0, 0, 0); 64],
                    len: 0,
                };
                65
            ],
            square_bonus: square_bonus(&Tuning::default()),
        })
    }

    /// The search parameters.
    pub fn tuning(&self) -> Tuning {
        self.tuning
    }

    /// Replaces the search parameters (the table is kept: its bounds stay exact);
    /// [`Tuning::shallow_empties`] is kept within `3..=`[`SHALLOW_MAX_EMPTIES`].
    pub fn set_tuning(&mut self, mut tuning: Tuning) {
        tuning.shallow_empties = tuning.shallow_empties.clamp(3, SHALLOW_MAX_EMPTIES);
        if (tuning.near_empties, tuning.near_mib)
            != (self.tuning.near_empties, self.tuning.near_mib)
        {
            self.tt
                .set_near(tuning.near_empties, tuning.near_mib as usize);
        }
        self.tuning = tuning;
        self.square_bonus = square_bonus(&tuning);
    }

    /// Solves `board` exactly unless `budget` (time, nodes counted from now, stop flag)
    /// runs out first; then `None`, and the table keeps only completed results.
    ///
    /// The node limit is a hard cap: the solve visits at most that many nodes (it stops
    /// [`NODE_MARGIN`] nodes early, so a limit below that margin gives up at once, except
    /// on a finished game, whose value the rules give in one node under any budget); the
    /// nodes spent either way are in [`Solver::nodes`]. The clock and the stop flag are
    /// read every [`POLL_INTERVAL`] table-level nodes.
    pub fn solve_within(
        &mut self,
        board: Board,
        budget: &zerosum::time::Budget,
    ) -> Option<Solution> {
        self.solve_window_within(board, -64, 64, budget)
    }

    /// [`Solver::solve_weak`] (win, draw or loss) unless `budget` runs out first, as
    /// [`Solver::solve_within`] stops.
    pub fn solve_weak_within(
        &mut self,
        board: Board,
        budget: &zerosum::time::Budget,
    ) -> Option<Solution> {
        self.solve_window_within(board, -1, 1, budget)
    }

    /// [`Solver::solve_window`] unless `budget` runs out first, as
    /// [`Solver::solve_within`] stops.
    ///
    /// # Panics
    /// As [`Solver::solve_window`], if `alpha >= beta`.
    pub fn solve_window_within(
        &mut self,
        board: Board,
        alpha: i32,
        beta: i32,
        budget: &zerosum::time::Budget,
    ) -> Option<Solution> {
        assert!(
            alpha < beta,
            "solve_window_within: empty window ({alpha}, {beta}): alpha must be below beta"
        );
        // A finished game's value is the rules' (one node): no budget refuses it.
        let over = board.is_game_over();
        self.budget = (!over).then(|| budget.clone());
        self.budget_start = self.nodes;
        self.node_limit = match budget.node_limit() {
            Some(n) if !over => self.nodes + n.saturating_sub(NODE_MARGIN),
            _ => u64::MAX,
        };
        self.countdown = POLL_INTERVAL;
        self.stopped = !over && (budget.poll() || self.nodes >= self.node_limit);
        let s = if self.stopped {
            None
        } else {
            Some(self.solve_window(board, alpha, beta))
        };
        self.budget = None;
        self.node_limit = u64::MAX;
        let stopped = std::mem::take(&mut self.stopped);
        if stopped { None } else { s }
    }

    /// True once the node limit is reached (then the search is stopped).
    #[inline(always)]
    fn at_node_limit(&mut self) -> bool {
        if self.nodes >= self.node_limit {
            self.stopped = true;
        }
        self.stopped
    }

    /// Looks at the node limit at every call and at the clock and the stop flag every
    /// [`POLL_INTERVAL`] calls; true once the budget is exhausted.
    #[inline]
    fn out_of_budget(&mut self) -> bool {
        if self.at_node_limit() {
            return true;
        }
        self.countdown -= 1;
        if self.countdown == 0 {
            self.countdown = POLL_INTERVAL;
            if let Some(b) = &self.budget
                && b.exceeded(self.nodes - self.budget_start)
            {
                self.stopped = true;
            }
        }
        self.stopped
    }

    /// Positions visited since the last [`Solver::reset_nodes`] (or creation).
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The part of [`Solver::nodes`] visited by the shallow move-ordering searches (each
    /// position they evaluate or expand counts, as Edax counts its sorting searches).
    pub fn sort_nodes(&self) -> u64 {
        self.sort_nodes
    }

    /// Sets the node counters to zero.
    pub fn reset_nodes(&mut self) {
        self.nodes = 0;
        self.sort_nodes = 0;
    }

    /// Forgets the transposition table.
    pub fn clear(&mut self) {
        self.tt.clear();
    }

    /// The exact score of `board` and a best move.
    pub fn solve(&mut self, board: Board) -> Solution {
        self.solve_window(board, -64, 64)
    }

    /// Win/draw/loss only: the score's sign is exact and its value is a bound (a search
    /// with the window `(-1, 1)`, much faster than the exact score). The best move
    /// achieves that result.
    pub fn solve_weak(&mut self, board: Board) -> Solution {
        self.solve_window(board, -1, 1)
    }

    /// The score within `(alpha, beta)` (exact inside the window, a bound outside) and a
    /// move achieving it.
    ///
    /// # Panics
    /// If the window is empty (`alpha >= beta`): no score lies inside it.
    pub fn solve_window(&mut self, board: Board, alpha: i32, beta: i32) -> Solution {
        assert!(
            alpha < beta,
            "solve_window: empty window ({alpha}, {beta}): alpha must be below beta"
        );
        let start = self.nodes;
        let empties = board.empties();
        let moves = board.moves();
        if moves == 0 {
            if board.opponent_moves() == 0 {
                return Solution {
                    score: board.final_score(),
                    best_move: None,
                    nodes: 1,
                };
            }
            let s = -self.search(board.pass(), -beta, -alpha, empties);
            return Solution {
                score: s,
                best_move: Some(Move::PASS),
                nodes: self.nodes - start,
            };
        }
        let (score, sq) = if alpha + 2 >= beta || empties <= self.tuning.sort_search_empties {
            self.root(board, alpha, beta)
        } else {
            self.aspiration(board, alpha, beta)
        };
        let sq = sq.or(Some(moves.trailing_zeros()));
        let best_move = sq.and_then(|s| Move::from_index(s as usize));
        Solution {
            score,
            best_move,
            nodes: self.nodes - start,
        }
    }

    /// MTD(f) driver: null-window probes `(g − 1, g + 1)` (scores are even, so the
    /// window holds only `g`), the guess `g` moving to each fail-soft bound returned,
    /// until a probe is exact or the bounds `lo ≤ score ≤ hi` meet. (Doubling steps with
    /// bisection were tried and searched more nodes on FFO #48.)
    fn aspiration(&mut self, board: Board, alpha: i32, beta: i32) -> (i32, Option<u32>) {
        let mut guess = self.guess(board);
        if board.empties() >= self.tuning.selective_root_empties {
            for (i, &t) in SELECTIVITY.iter().enumerate() {
                if self.tuning.selective >> i & 1 == 0 {
                    continue;
                }
                self.cut = Some(t);
                self.tt.set_level(i as u8);
                let (v, _) = self.mtdf(board, guess, -64, 64);
                self.cut = None;
                self.tt.set_level(tt::EXACT);
                if self.stopped {
                    return (0, None);
                }
                guess = v;
            }
        }
        self.mtdf(board, guess, alpha, beta)
    }

    /// MTD(f) from the first guess `guess` in `(alpha, beta)` (see
    /// [`Solver::aspiration`]).
    fn mtdf(&mut self, board: Board, guess: i32, alpha: i32, beta: i32) -> (i32, Option<u32>) {
        let (mut lo, mut hi) = (alpha, beta);
        let mut guess = guess.clamp(alpha + 1, beta - 1);
        guess += guess & 1;
        let mut best = None;
        loop {
            let (v, sq) = self.root(board, guess - 1, guess + 1);
            if self.stopped {
                return (v, sq);
            }
            if v == guess {
                return (v, sq);
            }
            if v > guess {
                lo = v;
                best = sq;
            } else {
                hi = v;
            }
            // Selective searches may return odd bounds; probes stay on even scores.
            guess = v + (v & 1) * if v > guess { 1 } else { -1 };
            if lo >= hi || guess <= alpha || guess >= beta {
                return (if lo >= beta { lo } else { hi.max(lo) }, best);
            }
        }
    }

    /// The exact score of every legal move (a pass when that is the only move): the score
    /// of the position after the move, seen by the player who made it. Best first.
    pub fn analyze(&mut self, board: Board) -> Vec<(Move, i32)> {
        self.analyze_within(board, &zerosum::time::Budget::unlimited())
            .expect("an unlimited budget never stops")
    }

    /// [`Solver::analyze`] unless `budget` (time, nodes, stop flag; shared by all the
    /// moves' solves) runs out first: then `None`, as [`Solver::solve_within`] stops.
    pub fn analyze_within(
        &mut self,
        board: Board,
        budget: &zerosum::time::Budget,
    ) -> Option<Vec<(Move, i32)>> {
        let mut out = Vec::new();
        let moves = board.moves();
        if moves == 0 {
            if board.opponent_moves() != 0 {
                out.push((Move::PASS, -self.solve_within(board.pass(), budget)?.score));
            }
            return Some(out);
        }
        // One node limit for all the moves: each solve gets what the others left.
        let start = self.nodes;
        for sq in zerosum::Bitboard(moves) {
            let next = board.play_flips(sq, board.flips(sq));
            let part = budget.rest_of_nodes(self.nodes - start);
            let s = -self.solve_within(next, &part)?.score;
            out.push((Move::from_index(sq as usize).expect("square"), s));
        }
        out.sort_by_key(|m| std::cmp::Reverse(m.1));
        Some(out)
    }

    /// The first guess of the root probes: 0 with [`Tuning::guess_depth`] 0, else a
    /// [`Tuning::guess_depth`]-ply alpha-beta search with the pattern evaluation, in
    /// discs (its positions count as ordering nodes).
    fn guess(&mut self, board: Board) -> i32 {
        let depth = self.tuning.guess_depth;
        if depth == 0 {
            return 0;
        }
        let before = self.sort_nodes;
        let limit = before + self.node_limit.saturating_sub(self.nodes);
        let mut count = NodeCount {
            nodes: &mut self.sort_nodes,
            limit,
        };
        let ix = PatternIndices::new(board);
        let v = eval_search(
            board,
            &ix,
            board.moves(),
            depth,
            -INF_EVAL,
            INF_EVAL,
            &mut count,
        );
        self.nodes += self.sort_nodes - before;
        let scale = crate::eval::pattern::SCALE;
        (v + v.signum() * scale / 2) / scale
    }

    /// Principal-variation search over the ordered moves of `board` in `(alpha, beta)`
    /// (the ply buffer of `empties`, filled by [`Solver::order`]):
    /// the first move with the full window (unless `first` says a move was searched
    /// already, with its value and square), the others with a null window and a
    /// re-search. Returns the fail-soft value (final disc difference for the side to
    /// move) and the move that reached it; `(-65, None)` for an empty list and no
    /// `first`.
    #[inline]
    fn search_moves(
        &mut self,
        board: Board,
        mut alpha: i32,
        beta: i32,
        empties: u32,
        first: Option<(i32, u32)>,
    ) -> (i32, Option<u32>) {
        let (mut best, mut best_sq) = match first {
            Some((v, sq)) => (v, Some(sq)),
            None => (-65, None),
        };
        alpha = alpha.max(best);
        if alpha >= beta {
            return (best, best_sq);
        }
        let e = empties as usize;
        for i in 0..self.plies[e].len {
            if self.stopped {
                break;
            }
            let (_, sq, f) = self.plies[e].items[i];
            let next = board.play_flips(sq, f);
            let v = if i == 0 && first.is_none() {
                -self.search(next, -beta, -alpha, empties - 1)
            } else {
                let v = -self.search(next, -alpha - 1, -alpha, empties - 1);
                if v > alpha && v < beta {
                    -self.search(next, -beta, -alpha, empties - 1)
                } else {
                    v
                }
            };
            if v > best {
                best_sq = Some(sq);
            }
            if raise(&mut best, &mut alpha, v, beta) {
                break;
            }
        }
        (best, best_sq)
    }

    /// Root search in `(alpha, beta)`: the fail-soft value and the move that reached it.
    fn root(&mut self, board: Board, alpha: i32, beta: i32) -> (i32, Option<u32>) {
        self.nodes += 1;
        let empties = board.empties();
        let moves = board.moves();
        let tt_move = self
            .tt
            .probe(board.player, board.opponent)
            .and_then(|p| p.best)
            .filter(|&sq| moves >> sq & 1 != 0);
        let mut first = None;
        if let Some(sq) = tt_move {
            let next = board.play_flips(sq, flips(board.player, board.opponent, sq));
            let v = -self.search(next, -beta, -alpha, empties - 1);
            if self.stopped || v >= beta {
                return (v, Some(sq));
            }
            first = Some((v, sq));
        }
        let order_alpha = first.map_or(alpha, |(v, _)| alpha.max(v));
        self.order(board, moves, empties, tt_move, order_alpha, None);
        self.search_moves(board, alpha, beta, empties, first)
    }

    /// The search dispatcher by number of empties.
    #[inline]
    fn search(&mut self, b: Board, alpha: i32, beta: i32, empties: u32) -> i32 {
        if empties <= self.tuning.shallow_empties {
            if empties == 0 {
                self.nodes += 1;
                return b.final_score();
            }
            if empties == 1 {
                self.nodes += 1;
                return solve_last(b, b.empty().trailing_zeros(), alpha);
            }
            self.shallow(b, alpha, beta, empties)
        } else {
            self.deep(b, alpha, beta, empties)
        }
    }

    /// Parity-ordered alpha-beta over the empty squares, no table (few empties).
    fn shallow(&mut self, b: Board, mut alpha: i32, beta: i32, empties: u32) -> i32 {
        if empties == 2 {
            let e = b.empty();
            let x1 = e.trailing_zeros();
            return self.solve_two(b, beta, x1, (e & (e - 1)).trailing_zeros());
        }
        if empties == 3 {
            return self.solve_three(b, alpha, beta, false);
        }
        if empties == 4 {
            return self.solve_four(b, alpha, beta, false);
        }
        if self.at_node_limit() {
            return 0;
        }
        self.nodes += 1;
        if let Some(upper) = self.shallow_stability_cut(b, alpha, empties) {
            return upper;
        }
        let empty = b.empty();
        let odd = odd_regions(empty);
        let mut best = -65;
        let fastest_first = empties >= self.tuning.fastest_first_empties;
        if fastest_first {
            // Fastest first: fewest opponent replies (corners twice), parity on ties.
            let mut list = [(0i32, b); SHALLOW_MAX_EMPTIES as usize];
            let mut n = 0;
            for sq in zerosum::Bitboard(empty) {
                if let Some(next) = play_empty(b, sq) {
                    let om = next.moves();
                    let k = -((om.count_ones() + (om & CORNERS).count_ones()) as i32) * 4
                        + (odd >> sq & 1) as i32 * 2
                        - (X_SQUARES >> sq & 1) as i32;
                    let mut j = n;
                    while j > 0 && list[j - 1].0 < k {
                        list[j] = list[j - 1];
                        j -= 1;
                    }
                    list[j] = (k, next);
                    n += 1;
                }
            }
            for &(_, next) in &list[..n] {
                let v = -self.shallow(next, -beta, -alpha, empties - 1);
                if raise(&mut best, &mut alpha, v, beta) {
                    return best;
                }
            }
        }
        let groups = if fastest_first {
            [0, 0]
        } else {
            [odd, empty & !odd]
        };
        for group in groups {
            for class in SQUARE_CLASSES {
                let mut m = group & class;
                while m != 0 {
                    let sq = m.trailing_zeros();
                    m &= m - 1;
                    if let Some(next) = play_empty(b, sq) {
                        let v = -self.shallow(next, -beta, -alpha, empties - 1);
                        if raise(&mut best, &mut alpha, v, beta) {
                            return best;
                        }
                    }
                }
            }
        }
        if best == -65 {
            // No move: pass, or the game is over.
            if moves(b.opponent, b.player) == 0 {
                return b.final_score();
            }
            return -self.shallow(b.pass(), -beta, -alpha, empties);
        }
        best
    }

    /// The stability cut-off of the table-free search at `empties` empty squares: the
    /// score's upper bound from the stable discs when it is at most `alpha`, tried only
    /// when alpha reaches [`SHALLOW_STABILITY_ALPHA`] for that many empties.
    #[inline]
    fn shallow_stability_cut(&self, b: Board, alpha: i32, empties: u32) -> Option<i32> {
        if !self.tuning.stability || alpha < SHALLOW_STABILITY_ALPHA[empties.min(7) as usize] {
            return None;
        }
        score_upper_bound(b.player, b.opponent, alpha).filter(|&upper| upper <= alpha)
    }

    /// Four empty squares left: the squares in quadrants with an odd number of empties
    /// first (parity), X-squares last within each group, each move followed by
    /// [`Solver::solve_three`]. `passed` is set when the other side has just passed.
    fn solve_four(&mut self, b: Board, mut alpha: i32, beta: i32, passed: bool) -> i32 {
        if self.at_node_limit() {
            return 0;
        }
        self.nodes += 1;
        if let Some(upper) = self.shallow_stability_cut(b, alpha, 4) {
            return upper;
        }
        let e = b.empty();
        let odd = odd_regions(e);
        let mut best = -65;
        for group in [
            odd & !X_SQUARES,
            odd & X_SQUARES,
            e & !odd & !X_SQUARES,
            e & !odd & X_SQUARES,
        ] {
            let mut m = group;
            while m != 0 {
                let sq = m.trailing_zeros();
                m &= m - 1;
                if let Some(next) = play_empty(b, sq) {
                    let v = -self.solve_three(next, -beta, -alpha, false);
                    if raise(&mut best, &mut alpha, v, beta) {
                        return best;
                    }
                }
            }
        }
        if best == -65 {
            return self.pass_or_end(b, alpha, beta, passed, Solver::solve_four);
        }
        best
    }

    /// The value of `b` when its side to move has no move: the final score when the
    /// other side has just passed too (`passed`), else minus `search` of the other
    /// side's turn (which is told that a pass came before).
    #[inline]
    fn pass_or_end(
        &mut self,
        b: Board,
        alpha: i32,
        beta: i32,
        passed: bool,
        search: fn(&mut Solver, Board, i32, i32, bool) -> i32,
    ) -> i32 {
        if passed {
            return b.final_score();
        }
        -search(self, b.pass(), -beta, -alpha, true)
    }

    /// Three empty squares left: each move (the square alone in its quadrant first:
    /// parity) is followed by [`Solver::solve_two`]. `passed` is set when the other
    /// side has just passed.
    #[inline(always)]
    fn solve_three(&mut self, b: Board, mut alpha: i32, beta: i32, passed: bool) -> i32 {
        if self.at_node_limit() {
            return 0;
        }
        self.nodes += 1;
        let e = b.empty();
        let x1 = e.trailing_zeros();
        let e2 = e & (e - 1);
        let x2 = e2.trailing_zeros();
        let x3 = 63 - e.leading_zeros();
        // Parity: a square alone in its quadrant comes first.
        let q = |x: u32| QUADRANT_OF[x as usize & 63];
        let order = if q(x1) == q(x2) && q(x1) != q(x3) {
            [(x3, x1, x2), (x1, x2, x3), (x2, x1, x3)]
        } else if q(x1) == q(x3) && q(x1) != q(x2) {
            [(x2, x1, x3), (x1, x2, x3), (x3, x1, x2)]
        } else {
            [(x1, x2, x3), (x2, x1, x3), (x3, x1, x2)]
        };
        let mut best = -65;
        for (a, c, d) in order {
            if let Some(next) = play_empty(b, a) {
                let v = -self.solve_two(next, -alpha, c, d);
                if raise(&mut best, &mut alpha, v, beta) {
                    return best;
                }
            }
        }
        if best == -65 {
            return self.pass_or_end(b, alpha, beta, passed, Solver::solve_three);
        }
        best
    }

    /// Two empty squares `x1`, `x2` left: each move is followed by [`solve_last`].
    /// When the side to move has no move, the other side's moves are tried (a pass,
    /// counted as a node); when neither side can move the game is over. Not recursive,
    /// so that it is inlined into its callers.
    #[inline(always)]
    fn solve_two(&mut self, b: Board, beta: i32, x1: u32, x2: u32) -> i32 {
        self.nodes += 1;
        let mut best = -65;
        for (a, c) in [(x1, x2), (x2, x1)] {
            if let Some(next) = play_empty(b, a) {
                self.nodes += 1;
                let v = -solve_last(next, c, -beta);
                if v > best {
                    best = v;
                    if v >= beta {
                        return best;
                    }
                }
            }
        }
        if best != -65 {
            return best;
        }
        // A pass: the other side's best (no cut-off: its window is open above).
        let passed = b.pass();
        self.nodes += 1;
        for (a, c) in [(x1, x2), (x2, x1)] {
            if let Some(next) = play_empty(passed, a) {
                self.nodes += 1;
                best = best.max(-solve_last(next, c, -65));
            }
        }
        if best == -65 {
            // Neither side can move.
            return b.final_score();
        }
        -best
    }

    /// Fills the ply buffer of `empties` ([`Ply`]) with the legal moves of `b` (`moves`,
    /// known to the caller) but `searched`, best-looking first.
    /// With `beta`, and far enough from the end, children found in the table may prove a
    /// cut-off at once (enhanced transposition cut-off): the proven value is returned.
    #[allow(clippy::too_many_arguments)]
    fn order(
        &mut self,
        b: Board,
        moves: u64,
        empties: u32,
        searched: Option<u32>,
        alpha: i32,
        beta: Option<i32>,
    ) -> Option<i32> {
        let t = &self.tuning;
        let sort_search = empties >= t.sort_search_empties;
        let (sort_depth, sort_beta) = if sort_search {
            let bound = t.sort_margin.map_or(INF_EVAL, |m| {
                -(alpha - m).max(-64) * crate::eval::pattern::SCALE
            });
            (t.sort_depth(empties), bound)
        } else {
            (0, 0)
        };
        let odd = odd_regions(b.empty());
        // First every child and a prefetch of its table bucket: the loads overlap each
        // other and the work below (the probes below, and the child's own probe when it
        // is searched, then find the bucket in the cache).
        let prefetch = empties >= t.prefetch_empties;
        let etc = beta.filter(|_| empties >= t.etc_empties);
        let (w_potential, w_parity, w_corner_stability, w_eval) =
            (t.w_potential, t.w_parity, t.w_corner_stability, t.w_eval);
        let list = &mut self.plies[empties as usize];
        let mut n = 0;
        let mut m = moves & !searched.map_or(0, |sq| 1u64 << sq);
        while m != 0 {
            let sq = m.trailing_zeros();
            m &= m - 1;
            let f = flips(b.player, b.opponent, sq);
            if prefetch {
                let next = b.play_flips(sq, f);
                self.tt
                    .prefetch_at(self.tt.slot_with(next.player, next.opponent, empties - 1));
            }
            list.items[n] = (0, sq, f);
            n += 1;
        }
        list.len = n;
        if n <= 1 {
            // Nothing to order; a single child's own probe does what its ETC probe would.
            return None;
        }
        // The cheap keys first: their work overlaps the prefetches' memory loads (the
        // first probe would wait for them).
        for item in &mut list.items[..n] {
            let (_, sq, f) = *item;
            let next = b.play_flips(sq, f);
            let om = next.moves();
            let mobility = (om.count_ones() + (om & CORNERS).count_ones()) as i32;
            let potential = potential_moves(next.player, next.opponent).count_ones() as i32;
            let mut k = -mobility * (1 << 12) - potential * w_potential
                + (odd >> sq & 1) as i32 * w_parity
                + self.square_bonus[sq as usize & 63];
            if w_corner_stability != 0 {
                k += corner_stability(next.opponent) * w_corner_stability;
            }
            item.0 = k;
        }
        // Then the children's probes, all before any ordering search: a cut-off saves
        // every ordering search of the node.
        if let Some(beta) = etc {
            for item in &mut list.items[..n] {
                let next = b.play_flips(item.1, item.2);
                if let Some(child) = self.tt.probe_at(
                    self.tt.slot_with(next.player, next.opponent, empties - 1),
                    next.player,
                    next.opponent,
                ) {
                    if -child.upper >= beta {
                        return Some(-child.upper);
                    }
                    item.0 += (64 - child.upper) * (1 << 10);
                }
            }
        }
        // A shallow evaluation of the reply counts most; the pattern indices of `b` are
        // updated to each child's for its ordering search.
        if sort_search {
            let ix = PatternIndices::new(b);
            for i in 0..n {
                let (_, sq, f) = self.plies[empties as usize].items[i];
                let next = b.play_flips(sq, f);
                let before = self.sort_nodes;
                let limit = before + self.node_limit.saturating_sub(self.nodes);
                let mut count = NodeCount {
                    nodes: &mut self.sort_nodes,
                    limit,
                };
                let next_ix = ix.play(sq, f);
                let v = eval_search(
                    next,
                    &next_ix,
                    if sort_depth > 0 { next.moves() } else { 0 },
                    sort_depth,
                    -INF_EVAL,
                    sort_beta,
                    &mut count,
                );
                self.nodes += self.sort_nodes - before;
                if self.nodes >= self.node_limit {
                    self.stopped = true;
                }
                if self.stopped {
                    return None;
                }
                self.plies[empties as usize].items[i].0 -= v * w_eval;
            }
        }
        let list = &mut self.plies[empties as usize];
        list.sort();
        None
    }

    /// ProbCut at a null-window node of a selective search (Buro's multi-ProbCut with
    /// the exact score as the deep value; Edax's endgame selectivity): `Some(beta)` when
    /// a shallow search with the pattern evaluation says, with confidence `t`, that the
    /// exact score is at least `beta`, `Some(alpha)` when at most `alpha`. Only the test
    /// on the static value's side is made.
    fn endcut(&mut self, b: Board, empties: u32, alpha: i32, beta: i32, t: f64) -> Option<i32> {
        let f = endcut_fit(empties);
        let scale = crate::eval::pattern::SCALE as f64;
        let margin = t * f.sigma;
        let hi = ((beta as f64 * scale - f.b + margin) / f.a).ceil() as i32;
        let lo = ((alpha as f64 * scale - f.b - margin) / f.a).floor() as i32;
        let before = self.sort_nodes;
        let limit = before + self.node_limit.saturating_sub(self.nodes);
        let mut count = NodeCount {
            nodes: &mut self.sort_nodes,
            limit,
        };
        *count.nodes += 1;
        let ix = PatternIndices::new(b);
        let v0 = crate::eval::pattern::shipped().value_with(b, &ix);
        let m = b.moves();
        let cut = if v0 >= (hi + lo) / 2 {
            (eval_search(b, &ix, m, f.shallow, hi - 1, hi, &mut count) >= hi).then_some(beta)
        } else {
            (eval_search(b, &ix, m, f.shallow, lo, lo + 1, &mut count) <= lo).then_some(alpha)
        };
        self.nodes += self.sort_nodes - before;
        cut
    }

    /// Null-window and principal-variation search with table and ordering.
    fn deep(&mut self, b: Board, alpha: i32, mut beta: i32, empties: u32) -> i32 {
        if self.out_of_budget() {
            return 0;
        }
        self.nodes += 1;
        // The table first: its cache miss overlaps the move generation below.
        let slot = self.tt.slot_with(b.player, b.opponent, empties);
        let probe = self.tt.probe_at(slot, b.player, b.opponent);
        let moves = b.moves();
        if moves == 0 {
            if b.opponent_moves() == 0 {
                return b.final_score();
            }
            return -self.deep(b.pass(), -beta, -alpha, empties);
        }
        // Stability cut-off: the opponent's stable discs stay theirs.
        if self.tuning.stability
            && let Some(upper) = score_upper_bound(b.player, b.opponent, alpha)
        {
            if upper <= alpha {
                return upper;
            }
            beta = beta.min(upper);
        }
        // Transposition table.
        let mut tt_move = None;
        if let Some(pr) = probe {
            if pr.lower >= beta {
                return pr.lower;
            }
            if pr.upper <= alpha {
                return pr.upper;
            }
            if pr.lower == pr.upper {
                return pr.lower;
            }
            tt_move = pr.best;
        }
        // Selective search: ProbCut.
        if let Some(t) = self.cut
            && empties >= self.tuning.endcut_empties
            && beta <= alpha + 2
            && let Some(v) = self.endcut(b, empties, alpha, beta, t)
        {
            return v;
        }
        // The table's move first, before the others are ordered: when it cuts off, the
        // ordering (and its shallow searches) is saved.
        let mut first = None;
        if let Some(sq) = tt_move.filter(|&sq| moves >> sq & 1 != 0) {
            let v = -self.search(
                b.play_flips(sq, flips(b.player, b.opponent, sq)),
                -beta,
                -alpha,
                empties - 1,
            );
            if self.stopped {
                return 0;
            }
            if v >= beta {
                self.tt
                    .store_at(slot, b.player, b.opponent, empties, v, 64, Some(sq));
                return v;
            }
            first = Some((v, sq));
        }
        let order_alpha = first.map_or(alpha, |(v, _)| alpha.max(v));
        if let Some(v) = self.order(
            b,
            moves,
            empties,
            first.map(|f| f.1),
            order_alpha,
            Some(beta),
        ) {
            return v;
        }
        let (best, best_sq) = self.search_moves(b, alpha, beta, empties, first);
        if self.stopped {
            return 0;
        }
        let lower = if best > alpha { best } else { -64 };
        let upper = if best < beta { best } else { 64 };
        self.tt
            .store_at(slot, b.player, b.opponent, empties, lower, upper, best_sq);
        best
    }
}

const INF_EVAL: i32 = 1 << 20;

/// The node counter of an ordering search and the count at which it stops.
struct NodeCount<'a> {
    nodes: &'a mut u64,
    limit: u64,
}

/// A tiny fail-soft alpha-beta with the trained [`crate::eval::Pattern`] at the horizon
/// (hundredths of a disc), for move ordering far from the end: corners first and
/// X-squares last, and with 2 or more plies left the moves with the fewest replies
/// first. `ix` holds the pattern indices of `b`, updated move by move. `nodes` counts
/// the positions visited; at its limit the search returns at once (a meaningless value:
/// the solve it serves is stopped). `m` is `b.moves()`, known to the caller (a parent
/// has it from its fastest-first ordering); unused at depth 0, where it may be anything.
fn eval_search(
    b: Board,
    ix: &PatternIndices,
    m: u64,
    depth: u32,
    mut alpha: i32,
    beta: i32,
    nodes: &mut NodeCount,
) -> i32 {
    if *nodes.nodes >= nodes.limit {
        return 0;
    }
    *nodes.nodes += 1;
    if depth == 0 {
        return crate::eval::pattern::shipped().value_with(b, ix);
    }
    if m == 0 {
        let om = b.opponent_moves();
        if om == 0 {
            return b.final_score() * crate::eval::pattern::SCALE;
        }
        return -eval_search(b.pass(), &ix.pass(), om, depth, -beta, -alpha, nodes);
    }
    let mut best = -INF_EVAL;
    // Corners first, the squares diagonally next to them (X-squares) last: more
    // cut-offs at no cost.
    let order = [m & CORNERS, m & !(CORNERS | X_SQUARES), m & X_SQUARES];
    if depth == 1 {
        // The leaves, evaluated here from this node's indices (each counts as a node).
        let w = crate::eval::pattern::shipped();
        for sq in order.into_iter().flat_map(zerosum::Bitboard) {
            if *nodes.nodes >= nodes.limit {
                return 0;
            }
            *nodes.nodes += 1;
            let f = flips(b.player, b.opponent, sq);
            let v = -w.value_with(b.play_flips(sq, f), &ix.play(sq, f));
            if raise(&mut best, &mut alpha, v, beta) {
                break;
            }
        }
        return best;
    }
    // Deeper: fastest-first (fewest replies), corners and X-squares as above on ties.
    let mut list = MoveList::new();
    for (rank, sq) in order.into_iter().enumerate().flat_map(|(r, g)| {
        zerosum::Bitboard(g)
            .into_iter()
            .map(move |sq| (r as i32, sq))
    }) {
        let f = flips(b.player, b.opponent, sq);
        let replies = movegen::moves(b.opponent ^ f, b.player ^ f ^ (1u64 << sq));
        list.push(-(replies.count_ones() as i32) * 4 - rank, sq, f, replies);
    }
    list.sort();
    for &(_, sq, f, replies) in list.as_slice() {
        let v = -eval_search(
            b.play_flips(sq, f),
            &ix.play(sq, f),
            replies,
            depth - 1,
            -beta,
            -alpha,
            nodes,
        );
        if raise(&mut best, &mut alpha, v, beta) {
            break;
        }
    }
    best
}

/// A list of (ordering key, square, flips, the child's moves), on the stack for up to 32
/// moves (every position of real games: the most legal moves known in a reachable
/// position is 33, and set-up positions can have up to 60), on the heap beyond; not
/// zeroed when made.
struct MoveList {
    items: SmallVec<[(i32, u32, u64, u64); 32]>,
}

impl MoveList {
    #[inline]
    fn new() -> MoveList {
        MoveList {
            items: SmallVec::new(),
        }
    }

    #[inline]
    fn push(&mut self, key: i32, sq: u32, f: u64, replies: u64) {
        self.items.push((key, sq, f, replies));
    }

    /// Insertion sort, highest key first.
    #[inline]
    fn sort(&mut self) {
        sort_by_key_descending(self.items.as_mut_slice(), |x| x.0);
    }

    #[inline]
    fn as_slice(&self) -> &[(i32, u32, u64, u64)] {
        self.items.as_slice()
    }
}

/// Insertion sort of move entries by `key`, highest first and stable (equal keys keep
/// their order): fast for the few moves of a node.
#[inline]
fn sort_by_key_descending<T: Copy>(s: &mut [T], key: impl Fn(&T) -> i32) {
    for i in 1..s.len() {
        let x = s[i];
        let mut j = i;
        while j > 0 && key(&s[j - 1]) < key(&x) {
            s[j] = s[j - 1];
            j -= 1;
        }
        s[j] = x;
    }
}

/// The moves of one node of the exact search, as (ordering key, square, flips): one
/// buffer for each number of empties, owned by the [`Solver`] and reused, so that no
/// node allocates or zeroes a list. A node and the node it is searching never share a
/// number of empties (a pass is searched before the node's moves are listed), and a
/// position has at most as many legal moves as empty squares (at most 60).
#[derive(Clone)]
struct Ply {
    items: [(i32, u32, u64); 64],
    len: usize,
}

impl Ply {
    /// Insertion sort, highest key first (stable: equal keys keep their square order).
    #[inline]
    fn sort(&mut self) {
        sort_by_key_descending(&mut self.items[..self.len], |x| x.0);
    }
}

/// Slow reference: plain negamax over the whole tree, no pruning (for tests; only for a
/// handful of empties).
pub fn solve_slow(b: Board) -> i32 {
    let m = crate::movegen::moves_slow(b.player, b.opponent);
    if m == 0 {
        if crate::movegen::moves_slow(b.opponent, b.player) == 0 {
            return b.final_score();
        }
        return -solve_slow(b.pass());
    }
    let mut best = -65;
    for sq in zerosum::Bitboard(m) {
        let f = crate::movegen::flips_slow(b.player, b.opponent, sq);
        best = best.max(-solve_slow(b.play_flips(sq, f)));
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_impossible_table_is_an_error() {
        for e in [
            EndgameTable::try_new(usize::MAX).err(),
            Solver::try_new(usize::MAX).err(),
        ] {
            assert!(e.is_some_and(|e| e.bytes > isize::MAX as usize));
        }
    }

    /// A random position with `empties` empty squares (at random places) and the other
    /// squares shared at random between the two sides, with `p_share` (0–64) the chance
    /// in 64 that a disc is the mover's: lopsided boards give passes, games over and
    /// stability cut-offs; even ones close scores.
    fn random_board(rng: &mut crate::train::SplitMix, empties: u32, p_share: u64) -> Board {
        let mut empty = 0u64;
        while empty.count_ones() < empties {
            empty |= 1 << (rng.next_u64() % 64);
        }
        let mut player = 0u64;
        for sq in 0..64 {
            if empty >> sq & 1 == 0 && rng.next_u64() % 64 < p_share {
                player |= 1 << sq;
            }
        }
        Board::new(player, !empty & !player).expect("disjoint")
    }

    /// The table-free end of the solver (1–6 empties: the last square's count, the two-,
    /// three- and four-empties searches, the parity and fastest-first search above them,
    /// with their stability cut-offs) against plain negamax to the end of the game, on
    /// random positions and windows: fail-soft (a value at most alpha bounds the score
    /// from above, at least beta from below, between them it is the score), under the
    /// default tuning and with each ordering and stability switched.
    #[test]
    fn table_free_search_matches_plain_negamax() {
        let mut rng = crate::train::SplitMix::new(0x0DDB_1A5E_5BAD_5EED);
        let tunings = [
            Tuning::default(),
            Tuning {
                stability: false,
                ..Tuning::default()
            },
            Tuning {
                fastest_first_empties: 5,
                ..Tuning::default()
            },
            Tuning {
                fastest_first_empties: 65,
                ..Tuning::default()
            },
        ];
        let mut solvers: Vec<Solver> = tunings
            .iter()
            .map(|&t| {
                let mut s = Solver::new(1);
                s.set_tuning(t);
                s
            })
            .collect();
        let mut checked = 0;
        for i in 0..6000u64 {
            let empties = 1 + (i % 6) as u32;
            let share = [8, 24, 32, 40, 56][(i / 6 % 5) as usize];
            let b = random_board(&mut rng, empties, share);
            let exact = solve_slow(b);
            let r = (rng.next_u64() % 129) as i32 - 64;
            let windows = [
                (-65, 65),
                (exact - 1, exact + 1),
                (exact - 3, exact - 1),
                (exact + 1, exact + 3),
                (exact - 2, exact + 2),
                (r - 1, r + 1),
                (r - 1, r + 9),
            ];
            for solver in solvers.iter_mut() {
                for (alpha, beta) in windows {
                    let v = solver.search(b, alpha, beta, empties);
                    let ok = if v <= alpha {
                        exact <= v
                    } else if v >= beta {
                        exact >= v
                    } else {
                        v == exact
                    };
                    assert!(
                        ok,
                        "{b:?} ({empties} empties) in ({alpha}, {beta}): {v}, exact {exact}, {:?}",
                        solver.tuning
                    );
                    checked += 1;
                }
            }
        }
        assert_eq!(checked, 6000 * 7 * 4);
    }

    /// The default plies of the ordering searches by empties: the child's static
    /// evaluation at 14–15, then 2 plies at 16–18, 3 at 19–21, 4 from 22.
    #[test]
    fn default_ordering_plies() {
        let t = Tuning::default();
        let plies: Vec<u32> = (14..=26).map(|e| t.sort_depth(e)).collect();
        assert_eq!(plies, [0, 0, 2, 2, 2, 3, 3, 3, 4, 4, 4, 4, 4]);
    }

    /// The folded parity equals counting the empties of each quadrant, on random sets of
    /// empty squares (sparse and dense) and on every set within one quadrant's corner.
    #[test]
    fn odd_regions_match_counting() {
        let counted = |empty: u64| {
            QUADRANTS
                .iter()
                .filter(|&&q| (empty & q).count_ones() % 2 == 1)
                .fold(0, |m, &q| m | q)
                & empty
        };
        let mut rng = crate::train::SplitMix::new(0x2545_F491_4F6C_DD1D);
        for i in 0..20_000 {
            let s = rng.next_u64();
            let t = s.rotate_left(23);
            let empty = match i % 3 {
                0 => s,
                1 => s & t,
                _ => s & t & t.rotate_left(9),
            };
            assert_eq!(odd_regions(empty), counted(empty), "{empty:#x}");
        }
        for empty in 0..1u64 << 16 {
            let spread = (empty & 0xFF) | (empty >> 8) << 32;
            assert_eq!(odd_regions(spread), counted(spread), "{spread:#x}");
        }
    }
}
