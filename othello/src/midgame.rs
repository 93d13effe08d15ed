//! The midgame search of the [`crate::Engine`]: iterative deepening with aspiration
//! windows over a negamax principal-variation search (PVS) on the [`Board`], with a
//! transposition table, a static evaluation at the horizon ([`MidgameEval`]: the trained
//! [`crate::eval::Pattern`] by default) and the exact final disc count when a line ends
//! the game.
//!
//! - **Units**: hundredths of a disc for the side to move ([`SCALE`]); a finished game is
//!   worth `100 ×` its final disc difference, so evaluations and results share one unit.
//! - **Ordering**: the table's move first; then, with 3 or more plies left, the children
//!   by their static evaluation (the best for us first); nearer the horizon by the
//!   opponent's mobility (fewest replies first) with a static square bonus.
//! - **PVS**: the first move with the full window, the others with a null window and a
//!   re-search when they fail high (Marsland and Campbell 1982).
//! - **Aspiration**: from depth 3 each iteration starts with a window of ±[`ASPIRATION`]
//!   around the previous iteration's value and widens it (doubling) on a fail.
//! - **Table**: one entry per slot (key, value, bound, depth, best move), replaced when
//!   the new result is at least as deep or comes from a newer search.
//! - **Stability cut-off**: a node whose alpha is at or above the final score the
//!   opponent's stable discs leave us (`64 − 2·stable` discs) returns that bound
//!   (`stability::score_upper_bound`, shared with the endgame solver).
//! - **ProbCut** (off unless [`Midgame::set_selectivity`] gives a threshold): Buro's
//!   multi-ProbCut (Buro 1997, "Experiments with Multi-ProbCut and a New High-Quality
//!   Evaluation Function for Othello"; Edax's `midgame.c` has the same idea). At a
//!   null-window node of [`PROBCUT_MIN_DEPTH`] or more plies, a null-window search of
//!   [`probcut_depth`] plies tests whether the deep value is above beta (or below alpha)
//!   with the regression `v_d ≈ a·v_d' + b`, residual σ, fitted on our own evaluation's
//!   searches ([`PROBCUT_FITS`], made by the `probcut_fit` example): the node is cut when
//!   the shallow value clears the bound by `t·σ`. Values are then no longer those of a
//!   fixed-depth negamax.
//! - **Limits**: the node limit is a hard cap, compared at every node (the search
//!   visits at most that many, depth 1 included, so runs under a node limit are
//!   reproducible); the clock and the stop flag are read every 1024 nodes from depth 2
//!   on (depth 1 always finishes unless the node limit stops it). An interrupted
//!   iteration is dropped unless its first (previous best) move was finished, so the
//!   move played comes from completed work: the previous best, or a move that beat it
//!   at the new depth (a move whose fail-high is being re-searched counts; the highest
//!   upper bound after a fail low does not); when not even one depth-1 child fits in the
//!   node limit (`0` nodes, say), the move is the first by the static square order (or
//!   the forced pass), with depth 0 and the value a 0-ply search gives, the position's
//!   static evaluation (its bound exact at depth 0; never a proven value). This is the
//!   one exception to the core's "depth 1 always finishes" ([`zerosum::search::Limits`]):
//!   the node limit is the harder promise here.

use crate::eval::pattern::{MAX_VALUE, PatternIndices, PatternWeights, SCALE};
use crate::eval::{SQUARE_ORDER, Strong};
use crate::stability::score_upper_bound;
use crate::{Board, Move, Square};
use smallvec::SmallVec;
use zerosum::search::{Report, RootMove, SearchResult, SearchStats};
use zerosum::time::Budget;
use zerosum::{Bound, Observer, Score, TableAllocError};

/// Half-width of the first aspiration window, in hundredths of a disc.
pub const ASPIRATION: i32 = 200;
/// The bound on every value: a finished game is at most 64 discs ([`MAX_VALUE`]).
const INF: i32 = MAX_VALUE + 1;
/// Nodes between two looks at the budget.
const POLL_MASK: u64 = 1023;

/// The fewest plies at which a node tries a ProbCut test.
pub const PROBCUT_MIN_DEPTH: u32 = 3;

/// The depth of the shallow search that predicts a `depth`-ply search in ProbCut:
/// `2·⌊depth/4⌋ + depth mod 2`, about half the depth with the same parity (Edax's
/// choice), `depth − 2` when that is 0.
pub const fn probcut_depth(depth: u32) -> u32 {
    let d = 2 * (depth / 4) + depth % 2;
    if d == 0 { depth.saturating_sub(2) } else { d }
}

/// One ProbCut regression: a `depth`-ply value predicted from a
/// [`probcut_depth`]`(depth)`-ply value of the same position, `v ≈ a·v' + b`, with the
/// residuals' standard deviation `sigma` (all values in hundredths of a disc), over the
/// positions with `empties_min..` empties (the next fit of the same depth starts the
/// next band).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ProbCutFit {
    /// The deep search's depth, plies.
    pub depth: u32,
    /// The fewest empties of the band.
    pub empties_min: u32,
    /// Slope.
    pub a: f64,
    /// Intercept, hundredths of a disc.
    pub b: f64,
    /// Standard deviation of the residuals, hundredths of a disc.
    pub sigma: f64,
    /// Standard deviation of the residuals of the same regression on the static
    /// evaluation (depth 0), hundredths of a disc: it decides which test is worth trying.
    pub sigma_eval: f64,
}

/// The fitted regressions, by depth and band of empties (`12..22`, `22..32`, `32..42`,
/// `42..`; a band's fit also serves fewer empties), made by
/// `cargo run --release -p othello --example probcut_fit -- --games 3000 --seed 1997
/// --depth 10` (3 000 self-play positions, one per game, 654–845 per band; 333 s CPU),
/// refitted after a retraining of the evaluation weights: the slopes are 0.96–1.05, the
/// intercepts within ±0.7 disc, σ from 1.6 discs (42 or more empties) to 5.2 discs
/// (12–21 empties), and the static evaluation's σ about twice that.
#[rustfmt::skip]
pub const PROBCUT_FITS: [ProbCutFit; 32] = [
    ProbCutFit { depth: 3, empties_min: 12, a: 0.998, b: 8.2, sigma: 453.2, sigma_eval: 649.6 },
    ProbCutFit { depth: 3, empties_min: 22, a: 1.014, b: -11.8, sigma: 351.3, sigma_eval: 595.0 },
    ProbCutFit { depth: 3, empties_min: 32, a: 1.006, b: -20.7, sigma: 292.8, sigma_eval: 488.4 },
    ProbCutFit { depth: 3, empties_min: 42, a: 1.010, b: 19.4, sigma: 189.2, sigma_eval: 394.4 },
    ProbCutFit { depth: 4, empties_min: 12, a: 1.014, b: 52.4, sigma: 436.9, sigma_eval: 635.3 },
    ProbCutFit { depth: 4, empties_min: 22, a: 1.016, b: 40.1, sigma: 323.0, sigma_eval: 538.6 },
    ProbCutFit { depth: 4, empties_min: 32, a: 1.026, b: 31.7, sigma: 240.3, sigma_eval: 422.0 },
    ProbCutFit { depth: 4, empties_min: 42, a: 0.999, b: 15.4, sigma: 165.2, sigma_eval: 338.5 },
    ProbCutFit { depth: 5, empties_min: 12, a: 0.996, b: -8.8, sigma: 388.1, sigma_eval: 725.3 },
    ProbCutFit { depth: 5, empties_min: 22, a: 1.017, b: -21.3, sigma: 294.0, sigma_eval: 673.2 },
    ProbCutFit { depth: 5, empties_min: 32, a: 1.022, b: -7.4, sigma: 212.3, sigma_eval: 528.6 },
    ProbCutFit { depth: 5, empties_min: 42, a: 1.011, b: 11.2, sigma: 155.0, sigma_eval: 411.4 },
    ProbCutFit { depth: 6, empties_min: 12, a: 0.996, b: 48.3, sigma: 520.4, sigma_eval: 709.2 },
    ProbCutFit { depth: 6, empties_min: 22, a: 1.039, b: 64.5, sigma: 413.3, sigma_eval: 615.1 },
    ProbCutFit { depth: 6, empties_min: 32, a: 1.036, b: 44.9, sigma: 293.9, sigma_eval: 462.0 },
    ProbCutFit { depth: 6, empties_min: 42, a: 1.010, b: 15.0, sigma: 217.5, sigma_eval: 382.5 },
    ProbCutFit { depth: 7, empties_min: 12, a: 0.994, b: 8.3, sigma: 459.5, sigma_eval: 765.3 },
    ProbCutFit { depth: 7, empties_min: 22, a: 1.033, b: -38.0, sigma: 385.8, sigma_eval: 720.4 },
    ProbCutFit { depth: 7, empties_min: 32, a: 1.045, b: -33.0, sigma: 281.8, sigma_eval: 569.7 },
    ProbCutFit { depth: 7, empties_min: 42, a: 1.032, b: 22.6, sigma: 193.3, sigma_eval: 440.3 },
    ProbCutFit { depth: 8, empties_min: 12, a: 0.980, b: 10.8, sigma: 422.2, sigma_eval: 753.1 },
    ProbCutFit { depth: 8, empties_min: 22, a: 1.020, b: 54.9, sigma: 352.9, sigma_eval: 633.4 },
    ProbCutFit { depth: 8, empties_min: 32, a: 1.035, b: 24.0, sigma: 256.1, sigma_eval: 512.3 },
    ProbCutFit { depth: 8, empties_min: 42, a: 1.030, b: -1.7, sigma: 172.5, sigma_eval: 396.3 },
    ProbCutFit { depth: 9, empties_min: 12, a: 0.985, b: 35.1, sigma: 396.9, sigma_eval: 779.4 },
    ProbCutFit { depth: 9, empties_min: 22, a: 1.032, b: -17.1, sigma: 332.7, sigma_eval: 747.6 },
    ProbCutFit { depth: 9, empties_min: 32, a: 1.042, b: -38.1, sigma: 267.6, sigma_eval: 599.3 },
    ProbCutFit { depth: 9, empties_min: 42, a: 1.032, b: 18.4, sigma: 169.4, sigma_eval: 449.5 },
    ProbCutFit { depth: 10, empties_min: 12, a: 0.962, b: 13.0, sigma: 490.8, sigma_eval: 774.4 },
    ProbCutFit { depth: 10, empties_min: 22, a: 1.041, b: 68.9, sigma: 427.8, sigma_eval: 690.1 },
    ProbCutFit { depth: 10, empties_min: 32, a: 1.047, b: 37.9, sigma: 318.3, sigma_eval: 548.5 },
    ProbCutFit { depth: 10, empties_min: 42, a: 1.044, b: -0.2, sigma: 198.2, sigma_eval: 411.4 },
];

/// The regression for a `depth`-ply node with `empties` empty squares: the fit of that
/// depth (the deepest fitted depth for deeper nodes) and of the band holding `empties`.
pub fn probcut_fit(depth: u32, empties: u32) -> ProbCutFit {
    let deepest = PROBCUT_FITS.iter().map(|f| f.depth).max().unwrap_or(0);
    let d = depth.min(deepest);
    let mut found = PROBCUT_FITS[0];
    for f in PROBCUT_FITS.iter() {
        if f.depth == d && f.empties_min <= empties {
            found = *f;
        }
    }
    found
}

/// An evaluation the midgame search can use: the value of a position for its side to
/// move in hundredths of a disc (or in the evaluation's own comparable unit), with a
/// state the search carries beside each position and updates move by move (the pattern
/// indices of [`PatternWeights`]: [`PatternIndices`]; nothing for [`Strong`]).
pub trait MidgameEval {
    /// What is kept beside each position of the search.
    type State: Copy;
    /// The state of `board`, from its discs.
    fn state(&self, board: Board) -> Self::State;
    /// The state after the side to move plays `sq` turning the discs of `flips`.
    fn play(&self, state: &Self::State, sq: u32, flips: u64) -> Self::State;
    /// The state after a pass.
    fn pass(&self, state: &Self::State) -> Self::State;
    /// The static value of `board`, whose state is `state`, for its side to move.
    fn value_with(&self, board: Board, state: &Self::State) -> i32;
    /// The static value of `board` for its side to move (its state from its discs).
    #[inline]
    fn value(&self, board: Board) -> i32 {
        self.value_with(board, &self.state(board))
    }
}

impl MidgameEval for PatternWeights {
    type State = PatternIndices;
    #[inline]
    fn state(&self, board: Board) -> PatternIndices {
        PatternIndices::new(board)
    }
    #[inline]
    fn play(&self, state: &PatternIndices, sq: u32, flips: u64) -> PatternIndices {
        state.play(sq, flips)
    }
    #[inline]
    fn pass(&self, state: &PatternIndices) -> PatternIndices {
        state.pass()
    }
    #[inline]
    fn value_with(&self, board: Board, state: &PatternIndices) -> i32 {
        PatternWeights::value_with(self, board, state).clamp(-MAX_VALUE, MAX_VALUE)
    }
}

impl MidgameEval for Strong {
    type State = ();
    #[inline]
    fn state(&self, _: Board) {}
    #[inline]
    fn play(&self, _: &(), _: u32, _: u64) {}
    #[inline]
    fn pass(&self, _: &()) {}
    #[inline]
    fn value_with(&self, board: Board, _: &()) -> i32 {
        Strong::value(board).clamp(-MAX_VALUE, MAX_VALUE)
    }
}

#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    key: u64,
    value: i16,
    depth: u8,
    bound: u8,
    best: u8,
    generation: u8,
}

const LOWER: u8 = 1;
const UPPER: u8 = 2;
const EXACT: u8 = 3;
const NO_MOVE: u8 = 255;

impl Entry {
    /// The entry for a fail-soft result `best` of a `depth`-ply search of the position
    /// `key` in the window `(alpha, beta)`: a lower bound at or above `beta`, an upper
    /// bound at or below `alpha`, else exact.
    fn new(
        key: u64,
        best: i32,
        depth: u32,
        alpha: i32,
        beta: i32,
        best_sq: u8,
        generation: u8,
    ) -> Entry {
        Entry {
            key,
            value: best as i16,
            depth: depth as u8,
            bound: if best >= beta {
                LOWER
            } else if best <= alpha {
                UPPER
            } else {
                EXACT
            },
            best: best_sq,
            generation,
        }
    }
}

/// A ProbCut test's constants for one depth and number of empties.
#[derive(Clone, Copy, Debug, Default)]
struct Cut {
    a: f64,
    b_lo: f64,
    b_hi: f64,
    eval_margin: i32,
}

/// The midgame searcher: owns its transposition table between searches.
pub struct Midgame {
    table: Vec<Entry>,
    mask: usize,
    generation: u8,
    nodes: u64,
    evaluations: u64,
    budget: Budget,
    /// The node count at which the search stops (`u64::MAX`: no node limit).
    node_limit: u64,
    checks: bool,
    stopped: bool,
    /// ProbCut's threshold `t` in standard deviations (`None`: no ProbCut).
    selectivity: Option<f64>,
    /// Mixed into every table key ([`Midgame::key`]): 0 without ProbCut, else one
    /// derived from `t`, so that searches of different selectivity share the table's
    /// memory but never each other's entries.
    salt: u64,
    /// Per depth and empties: `(a, b − t·σ, b + t·σ, t·(σ + σ_eval)/2)`.
    cuts: Vec<[Cut; 61]>,
    /// The best move of each node of this search whose window was open and whose value
    /// fell inside it (a principal-variation node), by Zobrist key, with its depth: the
    /// line is read from them, as the table's entries may have been replaced.
    pv_moves: std::collections::HashMap<u64, (u32, u8)>,
}

impl Midgame {
    /// A searcher with a table of at most `tt_mib` MiB (a power of two of entries).
    ///
    /// # Panics
    ///
    /// When the system refuses the table's memory (see [`Midgame::try_new`]).
    pub fn new(tt_mib: usize) -> Midgame {
        Self::try_new(tt_mib).unwrap_or_else(|e| panic!("{e}"))
    }

    /// [`Midgame::new`], or an error when the system refuses the table's memory.
    ///
    /// # Errors
    ///
    /// [`TableAllocError`] with the table's size in bytes.
    pub fn try_new(tt_mib: usize) -> Result<Midgame, TableAllocError> {
        let entries = tt_mib.max(1).saturating_mul(1 << 20) / std::mem::size_of::<Entry>();
        let mut size = 1024;
        while size * 2 <= entries {
            size *= 2;
        }
        let mut table = Vec::new();
        table
            .try_reserve_exact(size)
            .map_err(|_| TableAllocError::for_elements::<Entry>(size))?;
        table.resize(size, Entry::default());
        Ok(Midgame {
            table,
            mask: size - 1,
            generation: 0,
            nodes: 0,
            evaluations: 0,
            budget: Budget::unlimited(),
            node_limit: u64::MAX,
            checks: false,
            stopped: false,
            selectivity: None,
            salt: 0,
            cuts: Vec::new(),
            pv_moves: std::collections::HashMap::new(),
        })
    }

    /// Turns multi-ProbCut on with threshold `t` (standard deviations of the
    /// regression's error; Buro used about 1.5), or off with `None`. The table's entries
    /// of one selectivity are not another's: a fixed-depth search must not take a
    /// selective search's cut-offs. They are told apart by a salt in their keys, not by
    /// clearing the table, which cost a 1 GiB table 100 ms inside the first timed
    /// search's limit (a library user's report: a 5 ms move took 100 ms).
    pub fn set_selectivity(&mut self, t: Option<f64>) {
        if t == self.selectivity {
            return;
        }
        self.selectivity = t;
        // SplitMix64's finaliser of the threshold's bits: any two thresholds apart
        // (never 0, the plain search's salt).
        self.salt = t.map_or(0, |t| {
            zerosum::hash::finalize(t.to_bits() ^ zerosum::hash::GOLDEN_GAMMA) | 1
        });
        self.cuts = match t {
            None => Vec::new(),
            Some(t) => (0..=60)
                .map(|depth| {
                    let mut row = [Cut::default(); 61];
                    for (empties, r) in row.iter_mut().enumerate() {
                        let f = probcut_fit(depth, empties as u32);
                        *r = Cut {
                            a: f.a,
                            b_lo: f.b - t * f.sigma,
                            b_hi: f.b + t * f.sigma,
                            eval_margin: (t * 0.5 * (f.sigma + f.sigma_eval)) as i32,
                        };
                    }
                    row
                })
                .collect(),
        };
    }

    /// ProbCut's threshold, if on.
    pub fn selectivity(&self) -> Option<f64> {
        self.selectivity
    }

    /// The table key of `b`: its Zobrist key with the selectivity's salt.
    #[inline]
    fn key(&self, b: &Board) -> u64 {
        b.hash() ^ self.salt
    }

    /// Forgets the table.
    pub fn clear(&mut self) {
        self.table.iter_mut().for_each(|e| *e = Entry::default());
    }

    /// Nodes of the last search.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Iterative deepening to at most `max_depth` plies under `budget`; `observer` hears
    /// of every finished depth. The score is in hundredths of a disc for the side to
    /// move. `None` as the best move only when `board`'s game is over. Depth 0 when the
    /// node limit leaves no room for one depth-1 child: a move by the static square
    /// order, valued by the static evaluation (see the module docs, **Limits**).
    pub fn search<E: MidgameEval>(
        &mut self,
        eval: &E,
        board: Board,
        max_depth: u32,
        budget: &Budget,
        observer: &mut Observer<'_, Move>,
    ) -> SearchResult<Move> {
        self.generation = self.generation.wrapping_add(1);
        self.nodes = 0;
        self.evaluations = 0;
        self.budget = budget.clone();
        self.node_limit = budget.node_limit().unwrap_or(u64::MAX);
        self.stopped = false;
        self.pv_moves.clear();
        let mut result = SearchResult {
            best_move: None,
            score: Score::DRAW,
            bound: Bound::Exact,
            depth: 0,
            pv: Vec::new(),
            root_moves: Vec::new(),
            stats: SearchStats::default(),
            exact: false,
        };
        let moves = board.moves();
        let root_board = if moves == 0 { board.pass() } else { board };
        if moves == 0 {
            if board.opponent_moves() == 0 {
                result.score = Score::heuristic(board.final_score() * SCALE);
                result.exact = true;
                return result;
            }
            // The pass is the only move.
            result.best_move = Some(Move::PASS);
        }
        let sign = if moves == 0 { -1 } else { 1 };
        let mut root: Vec<(u32, i32)> = zerosum::Bitboard(root_board.moves())
            .iter()
            .map(|sq| (sq, -INF))
            .collect();
        root.sort_by_key(|&(sq, _)| -SQUARE_ORDER[sq as usize]);
        let root_state = eval.state(root_board);
        let mut prev = 0;
        for depth in 1..=max_depth.clamp(1, 60) {
            self.checks = depth > 1;
            let (mut alpha, mut beta) = if depth >= 3 {
                (prev - ASPIRATION, prev + ASPIRATION)
            } else {
                (-INF, INF)
            };
            let mut width = ASPIRATION;
            // The move and lower bound of a pass that failed high: proven better than
            // the previous best at this depth, even if its re-search is stopped.
            let mut failed_high = None;
            let (value, complete) = loop {
                let (v, complete) =
                    self.root(eval, root_board, &root_state, depth, alpha, beta, &mut root);
                if !complete {
                    break (v, false);
                }
                if v <= alpha && alpha > -INF {
                    width *= 2;
                    alpha = (v - width).max(-INF);
                } else if v >= beta && beta < INF {
                    failed_high = Some(root[0]);
                    width *= 2;
                    beta = (v + width).min(INF);
                } else {
                    break (v, true);
                }
            };
            if !complete && root[0].1 == -INF {
                match failed_high {
                    // The re-search of a move that failed high was stopped before it
                    // finished: the move is kept with its bound.
                    Some(m) if m.0 == root[0].0 => root[0] = m,
                    // Not even the first move (the previous best) was searched.
                    _ => break,
                }
            }
            prev = value;
            let (sq, v) = root[0];
            let mv = Move::square(Square::new(sq as u8).expect("a square"));
            if moves != 0 {
                result.best_move = Some(mv);
            }
            result.score = Score::heuristic(sign * v);
            result.depth = depth;
            // For the side to move at the root: negated when it passes.
            result.bound = match (complete, v <= alpha, moves == 0) {
                (true, _, _) => Bound::Exact,
                // The previous best failed low and nothing beat it before the stop.
                (false, true, false) | (false, false, true) => Bound::Upper,
                _ => Bound::Lower,
            };
            result.pv = self.principal_variation(eval, board, depth, sq);
            result.root_moves = root
                .iter()
                .enumerate()
                .map(|(i, &(sq, v))| RootMove {
                    mv: Move::square(Square::new(sq as u8).expect("a square")),
                    score: Score::heuristic(v.max(-INF + 1)),
                    bound: if i == 0 { Bound::Exact } else { Bound::Upper },
                })
                .collect();
            if moves == 0 {
                result.root_moves = vec![RootMove {
                    mv: Move::PASS,
                    score: result.score,
                    bound: Bound::Exact,
                }];
            }
            let elapsed = self.budget.elapsed();
            result.stats = self.stats(elapsed);
            observer(&Report {
                depth,
                score: result.score,
                bound: result.bound,
                pv: result.pv.clone(),
                nodes: self.nodes,
                elapsed,
                nodes_per_second: result.stats.nodes_per_second(),
                exact: false,
            });
            if !complete
                || depth >= root_board.empties()
                || !self.budget.start_iteration(self.nodes)
            {
                break;
            }
        }
        if result.depth == 0 {
            // Not one depth-1 child within the node limit: the first move by the static
            // square order (or the forced pass), valued as a 0-ply search values it, by
            // the static evaluation (exact at depth 0, and no more: `exact` stays false).
            let mv = result
                .best_move
                .unwrap_or_else(|| Move::square(Square::new(root[0].0 as u8).expect("a square")));
            result.best_move = Some(mv);
            result.pv = vec![mv];
            self.evaluations += 1;
            result.score = Score::heuristic(sign * eval.value_with(root_board, &root_state));
        }
        result.stats = self.stats(self.budget.elapsed());
        result
    }

    /// Counts a node, or stops the search when the node limit is reached (every node) or
    /// the clock or the stop flag say so (every 1024 nodes, from depth 2 on); true when
    /// stopped.
    #[inline]
    fn count_node(&mut self) -> bool {
        if self.stopped || self.nodes >= self.node_limit {
            self.stopped = true;
            return true;
        }
        self.nodes += 1;
        if self.checks && self.nodes & POLL_MASK == 0 && self.budget.exceeded(self.nodes) {
            self.stopped = true;
        }
        self.stopped
    }

    fn stats(&self, elapsed: std::time::Duration) -> SearchStats {
        SearchStats {
            nodes: self.nodes,
            evaluations: self.evaluations,
            elapsed,
            ..SearchStats::default()
        }
    }

    /// The principal variation of an iteration `depth` plies deep from `board` whose
    /// best root move is the square `first` (after the root's pass when `board` must
    /// pass): then, ply by ply, the best move of each principal-variation node of that
    /// depth (see `pv_moves`), else the table's, until `depth` plies (passes, which cost
    /// the search no depth, are not counted) or the game's end. The last ply's nodes
    /// store nothing (see [`Midgame::pvs`]), so its move is found as they find it: the
    /// first move of the best static value (a finished game's final score).
    fn principal_variation<E: MidgameEval>(
        &self,
        eval: &E,
        board: Board,
        depth: u32,
        first: u32,
    ) -> Vec<Move> {
        let mut pv = Vec::new();
        let mut b = board;
        if b.moves() == 0 {
            pv.push(Move::PASS);
            b = b.pass();
        }
        pv.push(Move::square(Square::new(first as u8).expect("a square")));
        b = b.play_flips(first, b.flips(first));
        // A pass costs no depth in the search, so it costs none here either.
        let mut plies = 1;
        while plies < depth {
            let m = b.moves();
            if m == 0 {
                if b.opponent_moves() == 0 {
                    break;
                }
                pv.push(Move::PASS);
                b = b.pass();
                continue;
            }
            let key = self.key(&b);
            let legal = |sq: u8| sq != NO_MOVE && m >> sq & 1 != 0;
            let e = self.table[key as usize & self.mask];
            let best = match self.pv_moves.get(&key) {
                Some(&(d, sq)) if d == depth - plies && legal(sq) => u32::from(sq),
                _ if e.key == key && legal(e.best) => u32::from(e.best),
                _ if plies + 1 == depth => {
                    let value = |c: Board| {
                        if c.is_game_over() {
                            c.final_score() * SCALE
                        } else {
                            eval.value(c)
                        }
                    };
                    let mut best = (i32::MIN, 0);
                    for sq in zerosum::Bitboard(m) {
                        let v = -value(b.play_flips(sq, b.flips(sq)));
                        if v > best.0 {
                            best = (v, sq);
                        }
                    }
                    best.1
                }
                _ => break,
            };
            pv.push(Move::square(Square::new(best as u8).expect("a square")));
            b = b.play_flips(best, b.flips(best));
            plies += 1;
        }
        pv
    }

    /// One root iteration in `(alpha, beta)` (PVS as [`Midgame::child`]): the best value
    /// and whether every move was searched. `root` comes back best first when a value
    /// beat `alpha` (after a fail low the order is unchanged), each move with its value
    /// (a bound for all but the first); moves not searched keep their place after the
    /// searched ones. A move whose null-window search beat the best so far leads with
    /// that bound when its re-search is stopped.
    #[allow(clippy::too_many_arguments)]
    fn root<E: MidgameEval>(
        &mut self,
        eval: &E,
        board: Board,
        state: &E::State,
        depth: u32,
        alpha: i32,
        beta: i32,
        root: &mut [(u32, i32)],
    ) -> (i32, bool) {
        let mut best = -INF;
        let mut a = alpha;
        let mut searched = 0;
        for i in 0..root.len() {
            let sq = root[i].0;
            let f = board.flips(sq);
            let (child, cs) = (board.play_flips(sq, f), eval.play(state, sq, f));
            let (v, proven) = self.child(eval, child, &cs, depth, a, beta, i == 0);
            if let Some(probe) = proven {
                // The null window already proved this move better than the best so
                // far: it leads with that bound though its re-search was stopped.
                root[i].1 = probe;
                root[..=i].rotate_right(1);
                searched = i + 1;
                break;
            }
            if self.stopped {
                break;
            }
            searched = i + 1;
            root[i].1 = v;
            if v > best {
                best = v;
                // A move that beats the window's lower bound goes to the front, keeping
                // the others' order. Values at or below it are fail-soft upper bounds,
                // which do not rank the moves: after a fail low the previous best stays
                // first (playing the highest upper bound of a stopped iteration lost
                // games).
                if v > a {
                    root[..=i].rotate_right(1);
                    a = v;
                }
                if v >= beta {
                    break;
                }
            }
        }
        if searched == 0 {
            root[0].1 = -INF;
        }
        let complete = !self.stopped;
        if complete {
            let key = self.key(&board);
            let e = &mut self.table[key as usize & self.mask];
            *e = Entry::new(
                key,
                best,
                depth,
                alpha,
                beta,
                root[0].0 as u8,
                self.generation,
            );
        }
        (best, complete)
    }

    /// A horizon position: the final score if the game is over, else the evaluation.
    #[inline]
    fn leaf<E: MidgameEval>(&mut self, eval: &E, b: Board, s: &E::State) -> i32 {
        if b.moves() == 0 && b.opponent_moves() == 0 {
            return b.final_score() * SCALE;
        }
        self.evaluations += 1;
        eval.value_with(b, s)
    }

    /// The value of `child` for its parent (a `depth`-ply node searched in `(alpha,
    /// beta)`): the full window for the parent's `first` move, else a null window at
    /// `alpha` and a full-window re-search when it fails high inside the window (PVS).
    /// The second value is the null window's when it proved the move better than
    /// `alpha` but the re-search was then stopped (a lower bound the root keeps).
    #[inline]
    #[allow(clippy::too_many_arguments)]
    fn child<E: MidgameEval>(
        &mut self,
        eval: &E,
        child: Board,
        cs: &E::State,
        depth: u32,
        alpha: i32,
        beta: i32,
        first: bool,
    ) -> (i32, Option<i32>) {
        if first {
            return (-self.pvs(eval, child, cs, depth - 1, -beta, -alpha), None);
        }
        let probe = -self.pvs(eval, child, cs, depth - 1, -alpha - 1, -alpha);
        if probe > alpha && probe < beta && !self.stopped {
            let v = -self.pvs(eval, child, cs, depth - 1, -beta, -alpha);
            (v, self.stopped.then_some(probe))
        } else {
            (probe, None)
        }
    }

    /// ProbCut at a null-window node `(alpha, alpha + 1)` of `depth` plies: `Some(bound)`
    /// when a shallow search says, with the regression's confidence, that the deep value
    /// is at least `alpha + 1` or at most `alpha`.
    #[inline]
    fn probcut<E: MidgameEval>(
        &mut self,
        eval: &E,
        b: Board,
        s: &E::State,
        depth: u32,
        alpha: i32,
    ) -> Option<i32> {
        let beta = alpha + 1;
        let cut = self.cuts[depth as usize][b.empties() as usize];
        let shallow = probcut_depth(depth);
        // As Edax: a test only when the static value is not far on the other side.
        self.evaluations += 1;
        let static_value = eval.value_with(b, s);
        // Deep ≥ beta when a·v' + b − tσ ≥ beta.
        let hi = ((beta as f64 - cut.b_lo) / cut.a).ceil() as i32;
        if static_value >= beta - cut.eval_margin && hi < INF {
            let v = self.pvs(eval, b, s, shallow, hi - 1, hi);
            if self.stopped {
                return Some(0);
            }
            if v >= hi {
                return Some(beta);
            }
        }
        // Deep ≤ alpha when a·v' + b + tσ ≤ alpha.
        let lo = ((alpha as f64 - cut.b_hi) / cut.a).floor() as i32;
        if static_value < alpha + cut.eval_margin && lo > -INF {
            let v = self.pvs(eval, b, s, shallow, lo, lo + 1);
            if self.stopped {
                return Some(0);
            }
            if v <= lo {
                return Some(alpha);
            }
        }
        None
    }

    /// Fail-soft negamax PVS of `depth` plies in `(alpha, beta)`.
    fn pvs<E: MidgameEval>(
        &mut self,
        eval: &E,
        b: Board,
        s: &E::State,
        depth: u32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        if self.count_node() {
            return 0;
        }
        if depth == 0 {
            return self.leaf(eval, b, s);
        }
        let moves = b.moves();
        if moves == 0 {
            if b.opponent_moves() == 0 {
                return b.final_score() * SCALE;
            }
            return -self.pvs(eval, b.pass(), &eval.pass(s), depth, -beta, -alpha);
        }
        // Stability cut-off: the opponent's stable discs bound the final score, and so
        // this node's value, from above (as in the endgame solver).
        if let Some(upper) = score_upper_bound(b.player, b.opponent, alpha.div_euclid(SCALE))
            .map(|u| u * SCALE)
            .filter(|&u| u <= alpha)
        {
            return upper;
        }
        let key = self.key(&b);
        let slot = key as usize & self.mask;
        let e = self.table[slot];
        let mut tt_move = NO_MOVE;
        if e.key == key {
            tt_move = e.best;
            // Only a result of the same depth: the value then equals a fixed-depth
            // negamax exactly (deeper results would make it depend on the table).
            if e.depth as u32 == depth {
                let v = e.value as i32;
                match e.bound {
                    EXACT => return v,
                    LOWER if v >= beta => return v,
                    UPPER if v <= alpha => return v,
                    _ => {}
                }
            }
        }
        if depth >= PROBCUT_MIN_DEPTH
            && beta == alpha + 1
            && !self.cuts.is_empty()
            && let Some(v) = self.probcut(eval, b, s, depth, alpha)
        {
            return v;
        }
        if depth == 1 {
            // The last ply: no ordering, no table store.
            let mut best = -INF;
            for sq in zerosum::Bitboard(moves) {
                let f = b.flips(sq);
                let c = b.play_flips(sq, f);
                if self.count_node() {
                    return 0;
                }
                let v = -self.leaf(eval, c, &eval.play(s, sq, f));
                if v > best {
                    best = v;
                    if v >= beta {
                        break;
                    }
                }
            }
            return best;
        }
        // On the stack for up to 32 moves, on the heap beyond (a set-up position can
        // have up to 60); not zeroed when made.
        let mut list: SmallVec<[(i32, u32, Board); 32]> = SmallVec::new();
        for sq in zerosum::Bitboard(moves) {
            let f = b.flips(sq);
            let c = b.play_flips(sq, f);
            let key = if sq as u8 == tt_move {
                i32::MAX
            } else if depth >= 3 {
                self.evaluations += 1;
                -eval.value_with(c, &eval.play(s, sq, f))
            } else {
                SQUARE_ORDER[sq as usize] - 100 * c.moves().count_ones() as i32
            };
            list.push((key, sq, c));
        }
        list.sort_unstable_by_key(|x| -x.0);
        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_sq = NO_MOVE;
        for (i, &(_, sq, c)) in list.iter().enumerate() {
            // The child's discs turned are its opponent's discs that were the parent's
            // opponent's.
            let cs = eval.play(s, sq, c.player ^ b.opponent);
            let (v, _) = self.child(eval, c, &cs, depth, alpha, beta, i == 0);
            if self.stopped {
                return 0;
            }
            if v > best {
                best = v;
                best_sq = sq as u8;
                if v > alpha {
                    alpha = v;
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        let e = &mut self.table[slot];
        if e.generation != self.generation || depth as u8 >= e.depth || e.key == key {
            *e = Entry::new(key, best, depth, alpha0, beta, best_sq, self.generation);
        }
        if beta - alpha0 > 1 && alpha0 < best && best < beta {
            self.pv_moves.insert(key, (depth, best_sq));
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_impossible_table_is_an_error() {
        let e = Midgame::try_new(usize::MAX).err().unwrap();
        assert!(e.bytes > isize::MAX as usize, "{e:?}");
    }

    /// Plain negamax without pruning or table, same horizon and terminal values.
    fn negamax<E: MidgameEval>(eval: &E, b: Board, depth: u32) -> i32 {
        let m = b.moves();
        if m == 0 && b.opponent_moves() == 0 {
            return b.final_score() * SCALE;
        }
        if depth == 0 {
            return eval.value(b);
        }
        if m == 0 {
            return -negamax(eval, b.pass(), depth);
        }
        zerosum::Bitboard(m)
            .iter()
            .map(|sq| -negamax(eval, b.play_flips(sq, b.flips(sq)), depth - 1))
            .max()
            .expect("a move")
    }

    fn positions() -> Vec<Board> {
        let mut out = Vec::new();
        let mut x = 0x1234_5678_9ABC_DEF1u64;
        for game in 0..12 {
            let mut b = Board::START;
            for ply in 0..(8 + game * 4) {
                let m = b.moves();
                if m == 0 {
                    break;
                }
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let k = (x % m.count_ones() as u64) as usize;
                let sq = zerosum::Bitboard(m).iter().nth(k).expect("k < count");
                b = b.play_flips(sq, b.flips(sq));
                let _ = ply;
            }
            if b.moves() != 0 {
                out.push(b);
            }
        }
        out
    }

    #[test]
    fn values_equal_plain_negamax_with_both_evaluations() {
        let w = crate::eval::pattern::shipped().clone();
        for b in positions() {
            for depth in 1..=4 {
                let mut m = Midgame::new(1);
                let r = m.search(&w, b, depth, &Budget::unlimited(), &mut |_| {});
                assert_eq!(
                    r.score,
                    Score::heuristic(negamax(&w, b, depth)),
                    "{b:?} {depth}"
                );
                let mut m = Midgame::new(1);
                let r = m.search(&Strong, b, depth, &Budget::unlimited(), &mut |_| {});
                assert_eq!(
                    r.score,
                    Score::heuristic(negamax(&Strong, b, depth)),
                    "{b:?} {depth}"
                );
                // The best move reaches the value.
                let sq = r
                    .best_move
                    .and_then(Move::to_square)
                    .expect("a move")
                    .index() as u32;
                let child = b.play_flips(sq, b.flips(sq));
                assert_eq!(
                    r.score,
                    Score::heuristic(-negamax(&Strong, child, depth - 1))
                );
            }
        }
    }

    /// Searches of different selectivity do not see each other's entries, yet a change
    /// of selectivity keeps the table (a library user's report: clearing a 1 GiB table
    /// inside the first timed search made a 5 ms move take 100 ms). A selective search
    /// after a plain one is node for node a fresh one; the plain search repeated after
    /// both finds its own entries again.
    #[test]
    fn selectivities_share_the_table_but_not_its_entries() {
        let w = crate::eval::pattern::shipped().clone();
        let unlimited = Budget::unlimited();
        for b in positions() {
            let mut fresh = Midgame::new(4);
            fresh.set_selectivity(Some(1.5));
            let selective = fresh.search(&w, b, 7, &unlimited, &mut |_| {});
            let mut m = Midgame::new(4);
            let plain = m.search(&w, b, 7, &unlimited, &mut |_| {});
            m.set_selectivity(Some(1.5));
            let after = m.search(&w, b, 7, &unlimited, &mut |_| {});
            assert_eq!(
                (after.score, after.stats.nodes),
                (selective.score, selective.stats.nodes)
            );
            m.set_selectivity(None);
            let again = m.search(&w, b, 7, &unlimited, &mut |_| {});
            assert_eq!(again.score, plain.score);
            assert!(
                again.stats.nodes < plain.stats.nodes,
                "{} {}",
                again.stats.nodes,
                plain.stats.nodes
            );
        }
    }

    #[test]
    fn probcut_leaves_shallow_searches_exact_and_prunes_deep_ones() {
        let w = crate::eval::pattern::shipped().clone();
        let mut plain_nodes = 0;
        let mut selective_nodes = 0;
        for b in positions() {
            // Below PROBCUT_MIN_DEPTH + 1 plies no node is tested.
            for depth in 1..=PROBCUT_MIN_DEPTH {
                let mut m = Midgame::new(1);
                m.set_selectivity(Some(1.5));
                let r = m.search(&w, b, depth, &Budget::unlimited(), &mut |_| {});
                assert_eq!(r.score, Score::heuristic(negamax(&w, b, depth)));
            }
            let mut m = Midgame::new(4);
            let r = m.search(&w, b, 7, &Budget::unlimited(), &mut |_| {});
            plain_nodes += r.stats.nodes;
            let mut m = Midgame::new(4);
            m.set_selectivity(Some(1.5));
            let r = m.search(&w, b, 7, &Budget::unlimited(), &mut |_| {});
            selective_nodes += r.stats.nodes;
            let sq = r.best_move.and_then(Move::to_square).expect("a move");
            assert!(b.moves() >> sq.index() & 1 == 1);
        }
        assert!(
            selective_nodes < plain_nodes,
            "{selective_nodes} >= {plain_nodes}"
        );
    }

    /// The position after each disc move of `pv` played from `b`, with the sign that
    /// turns its side to move's values into `b`'s side's; each move (and pass) is checked
    /// legal.
    fn replay(b: Board, pv: &[Move]) -> Vec<(Board, i32)> {
        let (mut pos, mut sign, mut out) = (b, 1, Vec::new());
        for mv in pv {
            sign = -sign;
            if mv.is_pass() {
                assert_eq!(pos.moves(), 0, "{b:?}: {pv:?}");
                pos = pos.pass();
                continue;
            }
            let sq = mv.to_square().expect("a square").index() as u32;
            assert_eq!(pos.moves() >> sq & 1, 1, "{b:?}: {pv:?}");
            pos = pos.play_flips(sq, pos.flips(sq));
            out.push((pos, sign));
        }
        out
    }

    /// The principal variation is as long as the search is deep (passes apart), or ends
    /// the game, and each of its moves keeps the root's value by plain negamax: the
    /// line's last move came from no table entry (the last ply stores none), and was
    /// left out before (`bestmove --depth 2` gave a one-move line).
    #[test]
    fn the_principal_variation_reaches_the_depth_and_keeps_the_value() {
        let w = crate::eval::pattern::shipped().clone();
        for b in positions() {
            for depth in 1..=5 {
                let mut m = Midgame::new(1);
                let r = m.search(&w, b, depth, &Budget::unlimited(), &mut |_| {});
                let line = replay(b, &r.pv);
                for (plies, &(pos, sign)) in (1..).zip(&line) {
                    assert_eq!(
                        r.score,
                        Score::heuristic(sign * negamax(&w, pos, depth - plies)),
                        "{b:?} {depth}: {:?}",
                        r.pv
                    );
                }
                let (pos, plies) = (line.last().map_or(b, |l| l.0), line.len() as u32);
                let over = pos.is_game_over();
                assert!(plies == depth || over, "{b:?} {depth}: {:?}", r.pv);
            }
        }
    }

    /// With ProbCut on, as the engine searches, and deeper (6 to 10 plies), where the
    /// table replaces entries of the line: the principal variation is still as long as
    /// the search is deep, or ends the game, and legal (helper report 45: at depth 10
    /// it stopped after 6 moves where an entry had been replaced).
    #[test]
    fn deep_selective_principal_variations_are_whole() {
        let w = crate::eval::pattern::shipped().clone();
        let mut m = Midgame::new(1);
        m.set_selectivity(Some(1.5));
        for b in positions() {
            for depth in 6..=10 {
                let r = m.search(&w, b, depth, &Budget::unlimited(), &mut |_| {});
                let line = replay(b, &r.pv);
                let (pos, plies) = (line.last().map_or(b, |l| l.0), line.len() as u32);
                let over = pos.is_game_over();
                assert!(plies == depth || over, "{b:?} {depth}: {:?}", r.pv);
                assert_eq!(r.pv.iter().find(|m| !m.is_pass()), r.best_move.as_ref());
            }
        }
    }

    #[test]
    fn probcut_depths_keep_the_parity() {
        for depth in PROBCUT_MIN_DEPTH..=60 {
            let d = probcut_depth(depth);
            assert!(d >= 1 && d + 2 <= depth, "{depth} {d}");
            assert_eq!(d % 2, depth % 2);
        }
    }

    #[test]
    fn a_reused_table_keeps_the_values() {
        let w = crate::eval::pattern::shipped().clone();
        let mut m = Midgame::new(1);
        for b in positions() {
            for depth in [3, 5] {
                let r = m.search(&w, b, depth, &Budget::unlimited(), &mut |_| {});
                assert_eq!(r.score, Score::heuristic(negamax(&w, b, depth)));
            }
        }
    }

    /// An iteration stopped part-way (here by a node limit, which stops the search at
    /// the same places a clock would) may only change the move to one proven better at
    /// its depth than the previous iteration's best; before, after a root fail low, a
    /// move with a higher fail-soft upper bound was moved first and played.
    #[test]
    fn an_interrupted_iteration_plays_a_proven_move() {
        let w = crate::eval::pattern::shipped().clone();
        let mut checked = 0;
        let mut changed = 0;
        for b in positions().into_iter().take(6) {
            let children: Vec<(u32, Board)> = zerosum::Bitboard(b.moves())
                .iter()
                .map(|sq| (sq, b.play_flips(sq, b.flips(sq))))
                .collect();
            let values = |depth: u32| -> Vec<i32> {
                children
                    .iter()
                    .map(|&(_, c)| -negamax(&w, c, depth - 1))
                    .collect()
            };
            let by_depth: Vec<Vec<i32>> = (1..=5).map(values).collect();
            for limit in (200..6000).step_by(97) {
                let mut m = Midgame::new(1);
                let budget = Budget::new(&zerosum::search::Limits::nodes(limit));
                let r = m.search(&w, b, 5, &budget, &mut |_| {});
                let d = r.depth;
                if d < 2 {
                    continue;
                }
                let sq = r
                    .best_move
                    .and_then(Move::to_square)
                    .expect("a move")
                    .index() as u32;
                let i = children.iter().position(|c| c.0 == sq).expect("legal");
                let (prev, here) = (&by_depth[d as usize - 2], &by_depth[d as usize - 1]);
                let prev_best = *prev.iter().max().expect("moves");
                checked += 1;
                if prev[i] == prev_best {
                    continue;
                }
                changed += 1;
                // Not a best move of the last complete depth: it must beat one at this
                // depth.
                let beaten = (0..children.len())
                    .filter(|&j| prev[j] == prev_best)
                    .map(|j| here[j])
                    .min()
                    .expect("a best move");
                assert!(here[i] > beaten, "{b:?} limit {limit} depth {d}");
            }
        }
        assert!(checked > 100 && changed > 0, "{checked} {changed}");
    }
}
