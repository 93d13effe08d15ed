//! The game-tree search: iterative deepening PVS with a transposition table over the
//! candidate cells near the stones, forced replies, late-move reductions and move-count
//! pruning, VCF at the root and the leaves, and a time/node budget.
//!
//! The root (`root`) runs the solvers and the iterations, the tree below it is `negamax`,
//! and `moves` generates and ranks each node's candidates.

mod moves;
mod negamax;
mod root;

use crate::cell::Cell;
use crate::eval::EvalTable;
use crate::vcf::VcfSolver;
use crate::vct::VctSolver;
use std::sync::Arc;
use std::time::Duration;
use zerosum::search::{Limits, SharedTable};
use zerosum::time::Budget;
use zerosum::{Bound, Score};

/// A root move and its score from the last finished iteration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Candidate {
    /// The cell.
    pub cell: Cell,
    /// Its score for the side to move (exact for the best move, an upper bound for the
    /// others, as PVS proves them only no better).
    pub score: Score,
    /// How `score` relates to the move's true value at that depth.
    pub bound: Bound,
}

/// The result of [`Engine::search`].
#[derive(Clone, Debug, PartialEq)]
pub struct SearchInfo {
    /// The move to play (`None` only when the game is over).
    pub best: Option<Cell>,
    /// The score of `best` for the side to move.
    pub score: Score,
    /// How `score` relates to the position's value at `depth`: exact, or a lower bound
    /// when the limit stopped an iteration before it had searched every root move (the
    /// best move searched so far is at least that good; an upper bound for the move
    /// before a single forced reply whose own search was cut so).
    pub bound: Bound,
    /// Deepest iteration that decided the move, in plies (a partial iteration counts when
    /// a move searched in full at that depth beat the previous best; 0 when a VCF or
    /// another root solver decided; for a single candidate, 1 when it is valued as a loss
    /// because it leaves the opponent a VCF or VCT, else 1 plus the depth of the search
    /// of the position after it — a short one under a game clock, at most 10,000 nodes
    /// and a sixteenth of the time, since the move is played whatever it finds).
    pub depth: u32,
    /// Nodes searched (search nodes plus VCF nodes).
    pub nodes: u64,
    /// Principal variation, `best` first.
    pub pv: Vec<Cell>,
    /// Root moves with their scores from the last finished iteration, best first. When an
    /// unfinished deeper iteration found a better move (`best`), that move leads instead,
    /// with its lower bound at the deeper depth ([`Bound::Lower`], the answer's score), the
    /// others keep the finished iteration's values. When no iteration finished, the moves
    /// the first one searched.
    pub candidates: Vec<Candidate>,
    /// The VCF proof line when the root was won by continuous fours.
    pub vcf: Option<Vec<Cell>>,
    /// Wall time used.
    pub elapsed: Duration,
    /// True when `score` is proven to be the game's value under best play: a win in one
    /// move, a win by the root's VCF or VCT (a proof against every defence), a loss
    /// forced by the rules or by the opponent's VCF or VCT after a block the opponent's
    /// four forced, a game already over, a draw because the move fills the board, or a
    /// dead draw (no five left for either side,
    /// [`Board::five_possible`](crate::Board::five_possible)).
    ///
    /// A decisive `score` with `exact` false is a win or loss the tree search found: a
    /// **win in N** means the side to move wins within N plies against every defence the
    /// search tried, a **loss in N** that every move it tried loses within N plies. It
    /// is not a proof: below the root the search keeps only the best candidates of a
    /// quiet node ([`Engine::max_moves`]) and reduces or prunes the later ones, and the
    /// root tries at most twice as many, so a defence it did not search may hold (the
    /// win may be longer, or no win at all) and the distance may be short. A threat
    /// solver's proof (`vct::check_vct_proof`) or a deeper, wider search can confirm it.
    pub exact: bool,
}

/// Counters of one search's tree (reset by every [`Engine::search`]): where the nodes go
/// and how well the moves are ordered. Kept for diagnosis (`speed depth`); they cost a
/// few additions a node.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Nodes that reached the move loop (interior nodes).
    pub interior: u64,
    /// Nodes at the horizon (no plies left).
    pub horizon: u64,
    /// Nodes decided before the horizon or the move loop: terminal, immediate or quick
    /// wins, transposition-table cut-offs.
    pub early: u64,
    /// Of [`SearchStats::early`], the transposition-table cut-offs.
    pub tt_cuts: u64,
    /// Of [`SearchStats::early`], the wins [`quick_win`](crate::quick_win) read.
    pub quick_wins: u64,
    /// Nodes the leaf VCF and VCT probes visited.
    pub probe_nodes: u64,
    /// Nodes the root VCF and VCT searches and the root threat tests visited.
    pub root_solver_nodes: u64,
    /// Interior nodes that failed high (a move reached beta).
    pub cuts: u64,
    /// Of [`SearchStats::cuts`], those where the first move searched cut off.
    pub first_cuts: u64,
    /// Sum over the cut-offs of the index of the move that cut off (0 = first).
    pub cut_index_sum: u64,
    /// Zero-window searches re-searched (a reduced move searched again at full depth, or
    /// a PVS scout re-searched with the full window).
    pub re_searches: u64,
    /// Moves searched to the same depth as their parent (four extension).
    pub extended: u64,
    /// Moves searched at a reduced depth (late-move reductions).
    pub reduced: u64,
    /// Moves skipped by move-count pruning.
    pub pruned: u64,
    /// Of [`SearchStats::early`], the nodes [`Engine::reverse_futility_margin`] cut off
    /// with their static value.
    pub futility_cuts: u64,
    /// Nodes [`Engine::razor_margin`] sent to the horizon (counted there, as
    /// [`SearchStats::horizon`] or [`SearchStats::early`], not here too).
    pub razored: u64,
    /// Sum of the moves generated at interior nodes.
    pub generated: u64,
    /// Moves searched a ply shallower by [`Engine::fail_high_margin`].
    pub fail_high_reduced: u64,
    /// Table moves searched a ply deeper by [`Engine::singular_depth`] (found singular).
    pub singular_extended: u64,
    /// Nodes [`Engine::singular_depth`]'s test cut off (multi-cut: a move other than the
    /// table move also reached beta).
    pub multi_cuts: u64,
    /// Table moves searched deeper by [`Engine::tt_move_extension_pv`] or
    /// [`Engine::tt_move_extension_non_pv`].
    pub tt_move_extended: u64,
    /// Nodes searched a ply shallower by [`Engine::iir_depth`].
    pub iir_reduced: u64,
    /// Times a principal-variation node's depth fell by
    /// [`Engine::alpha_improvement_reduction`].
    pub alpha_reduced: u64,
    /// Late moves reduced less by [`Engine::tt_pv_reduction_less`].
    pub tt_pv_less: u64,
    /// Counter-attacks reduced by [`Engine::threat_reduction`].
    pub threat_reduced: u64,
    /// Counter-attacks skipped by [`Engine::threat_prune_depth`] (also in `pruned`).
    pub threat_pruned: u64,
    /// Principal-variation nodes searched shallower by [`Engine::pv_stale_reduction`].
    pub pv_stale_reduced: u64,
    /// Reduced moves searched again a ply deeper by [`Engine::lmr_deeper_margin`].
    pub lmr_deepened: u64,
    /// Late moves reduced less by [`Engine::continuous_attack_less`].
    pub attack_less: u64,
}

impl std::ops::AddAssign for SearchStats {
    /// Adds every counter of `other` (the totals over several searches).
    fn add_assign(&mut self, other: SearchStats) {
        let SearchStats {
            interior,
            horizon,
            early,
            tt_cuts,
            quick_wins,
            probe_nodes,
            root_solver_nodes,
            cuts,
            first_cuts,
            cut_index_sum,
            re_searches,
            extended,
            reduced,
            pruned,
            futility_cuts,
            razored,
            generated,
            fail_high_reduced,
            singular_extended,
            multi_cuts,
            tt_move_extended,
            iir_reduced,
            pv_stale_reduced,
            lmr_deepened,
            alpha_reduced,
            tt_pv_less,
            threat_reduced,
            threat_pruned,
            attack_less,
        } = other;
        self.interior += interior;
        self.horizon += horizon;
        self.early += early;
        self.tt_cuts += tt_cuts;
        self.quick_wins += quick_wins;
        self.probe_nodes += probe_nodes;
        self.root_solver_nodes += root_solver_nodes;
        self.cuts += cuts;
        self.first_cuts += first_cuts;
        self.cut_index_sum += cut_index_sum;
        self.re_searches += re_searches;
        self.extended += extended;
        self.reduced += reduced;
        self.pruned += pruned;
        self.futility_cuts += futility_cuts;
        self.razored += razored;
        self.generated += generated;
        self.fail_high_reduced += fail_high_reduced;
        self.singular_extended += singular_extended;
        self.multi_cuts += multi_cuts;
        self.tt_move_extended += tt_move_extended;
        self.iir_reduced += iir_reduced;
        self.alpha_reduced += alpha_reduced;
        self.tt_pv_less += tt_pv_less;
        self.threat_reduced += threat_reduced;
        self.threat_pruned += threat_pruned;
        self.pv_stale_reduced += pv_stale_reduced;
        self.lmr_deepened += lmr_deepened;
        self.attack_less += attack_less;
    }
}

/// The Gomoku search engine. Owns its tables (allocated in [`Engine::new`]) so that a
/// game's successive searches reuse them.
///
/// A clone copies the options and the engine's own tables (history, killers, the threat
/// solvers' failure tables) but **shares** the transposition table, as the helper
/// threads of a parallel search ([`Engine::threads`]) do: two clones searching at once
/// read and write one table (safely: it is lockless, [`SharedTable`]).
#[derive(Clone)]
pub struct Engine {
    tt: Arc<SharedTable<Cell>>,
    vcf: VcfSolver,
    nodes: u64,
    node_limit: u64,
    budget: Budget,
    polls: u32,
    aborted: bool,
    /// Budget clock at the last poll of this search.
    last_poll: Duration,
    /// Longest gap between two polls in this search (the thread waiting for a CPU).
    stall: Duration,
    /// The scheduling delay the next search keeps in reserve (see [`Engine::lag`]).
    lag: Duration,
    /// Whether a timed search stops [`Engine::lag`] early (on by default; off where
    /// another thread answers for a search that is late, as the Gomocup brain's
    /// watchdog does).
    pub lag_reserve: bool,
    killers: [[Option<Cell>; 2]; KILLER_PLIES],
    /// Per ply, the buffer a node's candidate moves are generated into (kept between
    /// nodes, so that a node allocates nothing).
    move_lists: Vec<Vec<(i32, Cell)>>,
    /// Late-move reductions (on by default with divisor 1, from the second move and the
    /// history on, together with [`Engine::move_count_pruning`] and without
    /// [`Engine::four_extension`], see below; an earlier logarithmic schedule of quiet
    /// moves alone lost points against Rapfi at 3,000–10,000 nodes, see FIGURES.md):
    /// at a node not facing a four or an open three, with three or more plies left,
    /// every move from index [`Engine::reduction_from`] on that makes no four is first
    /// searched with a zero window, reduced by
    /// `ln(depth) · ln(k + 1) / reduction_divisor` plies (`k` the move's index), plus
    /// [`Engine::reduction_gap`] hundredths of a ply for each logit its ordering value is
    /// below the node's best, less a ply for a move that makes an open three, less up
    /// to a ply for a good [`Engine::history`] score (more for a bad one), rounded to
    /// whole plies (to sixteenths with [`Engine::fractional_reductions`]) and leaving
    /// at least one ply; a reduced move that beats alpha is searched again at
    /// full depth (Rapfi's and Stockfish's reductions by move count and move score,
    /// the design read, not the code). With divisor 1, from the second move and the
    /// history on, a 40,000-node search reaches 6.0 plies on average instead of 5.3
    /// (36 positions of ladder games; 6.9 instead of 5.9 at 160,000). Alone against
    /// Rapfi it scored 102 of 240 ladder games at 40,000 nodes (Rapfi 10,000) against
    /// the then default's 110, 79.5 against 78 at 160,000 (Rapfi 40,000), and 55 of 240
    /// against 58 at 200 ms a move; the three selectivity options together (these
    /// reductions, move-count pruning, no four extension) scored 81 against 78 at
    /// 160,000 and 146 against 134 of 600 at 200 ms a move (paired +12 ± 8.4), so they
    /// are the defaults; see FIGURES.md.
    pub reductions: bool,
    /// The divisor of [`Engine::reductions`]' logarithmic term (larger: smaller
    /// reductions; 1 by default).
    pub reduction_divisor: f64,
    /// Hundredths of a ply [`Engine::reductions`] adds for each logit (100 units of the
    /// fitted ordering) a move's ordering value lies below the node's best.
    pub reduction_gap: i32,
    /// The first move index [`Engine::reductions`] may reduce (1 by default: every move
    /// after the first).
    pub reduction_from: usize,
    /// The fewest plies left at which [`Engine::reductions`] reduces (3 by default).
    pub reduction_depth: i32,
    /// The fewest plies a move reduced by [`Engine::reductions`] keeps (1 by default; 0
    /// lets a reduction reach the horizon: the leaf's static value and probes; with
    /// [`Engine::reduction_depth`] 2 it reached 6.3 plies at 40,000 nodes and scored 95.5
    /// of 240 ladder games, the default 110).
    pub reduction_floor: i32,
    /// Plies [`Engine::reductions`] takes less at a principal-variation node (Rapfi's and
    /// Stockfish's smaller reductions on the principal variation, the design read, not
    /// the code). 1 by default: in self-play at 100 ms a move, 1 against 0 scored 204.5
    /// of 376 games (54.4 %, +31 Elo [−1, +63]) and 2 against 0 130 of 240 (54.6 %); see
    /// FIGURES.md, twenty-seventh session.
    pub pv_reduction_less: i32,
    /// Plies [`Engine::reductions`] adds at a zero-window node whose static value has not
    /// risen since the side to move's previous node (two plies up), to a reduction of
    /// more than one ply (Rapfi's non-PV reduction, the design read, not the code; 0 by
    /// default).
    pub not_improving_reduction: i32,
    /// A history heuristic for quiet moves (on by default): a quiet move that cuts off
    /// gains `64 · depth²` in its side's table, the quiet moves searched before it lose as
    /// much (with a gravity term that keeps the values within ± 16,384); the
    /// table halves at every search and is cleared with [`Engine::clear`]. Read by
    /// [`Engine::reductions`].
    pub history: bool,
    /// The history table, per side (the side to move first) and cell index.
    history_table: Vec<i32>,
    /// Whether this search's time comes from a game clock (`Limits::clock`): the time a
    /// move does not use is kept for the later moves.
    game_clock: bool,
    /// Four extension: a move that makes a four is searched to the same depth as its
    /// parent (off by default, since the eighteenth session: against Rapfi at 3,000
    /// nodes, ours at a 20,000 / 40,000 node cap, 13 and 23 wins of 48 with it, 10 and
    /// 13 without; later, without it alone, 98 against 110 of 240 ladder games at 40,000
    /// nodes, 86 against 78 at 160,000 and 58.5 against 59 of 240 at 200 ms a move;
    /// off together with [`Engine::reductions`] and [`Engine::move_count_pruning`]: 81
    /// against 78 at 160,000 and 146 against 134 of 600 at 200 ms; see FIGURES.md).
    pub four_extension: bool,
    /// Widest branching at an interior node (the best candidates by ordering value; 8
    /// by default with the fitted ordering, which puts Rapfi's move among its first 5
    /// in 68 % of positions against 57 % for the hand-set values: against Rapfi at
    /// fixed nodes 8 candidates scored more than 10 and 14; see FIGURES.md). 0 is taken
    /// as 1.
    pub max_moves: usize,
    /// Widest branching at a principal-variation node below the root (0: as
    /// [`Engine::max_moves`]). 16 by default, twice the other nodes' width (Rapfi limits
    /// no node's width; its principal variation is searched wider by reducing less): in
    /// self-play, 16 against 8 scored 54.8 % of 376 games at 100 ms a move (+33 Elo
    /// [+7, +60]) and 54.8 % of 240 at 200 ms; 12 scored 51.7 % of 240 at 100 ms (see
    /// FIGURES.md, twenty-seventh session).
    pub pv_max_moves: usize,
    /// Internal iterative reduction: a principal-variation or expected cut node with this
    /// many plies or more left and no transposition-table move is searched a ply
    /// shallower (its ordering has no tried best move; the next iteration finds the
    /// entry). 0 (the default) is off. After Ed Schröder's idea, as Stockfish and Rapfi
    /// use it (design read, not code; Chessprogramming wiki, "Internal Iterative
    /// Reductions").
    pub iir_depth: i32,
    /// The stale-entry reduction at principal-variation nodes, in sixteenths of a ply
    /// ([`ONE_PLY`]) per ply of depth the node's table entry lacks: a principal-variation
    /// node with a table move whose entry is shallower than the search now asks for (the
    /// move has not been confirmed for that many iterations) is searched that much
    /// shallower, at most [`PV_STALE_REDUCTION_MAX`]. 0 (the default) is off; Rapfi's
    /// value, 0.28 of a ply a ply, is about 4 (design read in Rapfi's `search/ab`, not
    /// its code).
    pub pv_stale_reduction: i32,
    /// The alpha-improvement reduction, in sixteenths of a ply ([`ONE_PLY`]): below the
    /// root, once a move of a principal-variation node raises alpha without reaching
    /// beta (its value not a proven result), the node's remaining moves are searched
    /// that much shallower (each such move takes it again), while more than 2 and
    /// fewer than 12 plies are left. 0 (the default) is off; Rapfi's value is a ply,
    /// 16 (design read in Rapfi's `search/ab`, not its code; Stockfish reduces by two).
    pub alpha_improvement_reduction: i32,
    /// The reduction taken off late moves at a zero-window node that is, or was, on a
    /// principal variation (its table entry's [`zerosum::search::TtEntry::pv`] flag,
    /// which every principal-variation node sets and its later stores keep), in
    /// sixteenths of a ply ([`ONE_PLY`]); principal-variation nodes themselves take
    /// [`Engine::pv_reduction_less`]. 0 (the default) is off and stores no flag; Rapfi's
    /// value is about a ply, 16 (Stockfish's `ttPv`; design read in Rapfi's `search/ab`,
    /// not its code).
    pub tt_pv_reduction_less: i32,
    /// The reduction of far counter-attacks, in sixteenths of a ply ([`ONE_PLY`]): at a
    /// node facing an open three (not a four) with 2 or more plies left, a candidate that
    /// does not block (one of the side to move's fours elsewhere) is searched this much
    /// shallower when it is more than 4 cells (Chebyshev distance) from the opponent's
    /// last move, and half as much when that far from the side to move's own last move
    /// (the two add up), and searched again at full depth when it beats alpha. 0 (the default) is off;
    /// Rapfi's "useless defence" reductions are about 1.9 and 1.0 plies, 31 and 15
    /// (design read in Rapfi's `search/ab`, not its code).
    pub threat_reduction: i32,
    /// Pruning of far counter-attacks: at a node facing an open three (not a four) with
    /// at most this many plies left, a candidate that does not block and lies more than
    /// 4 cells (Chebyshev distance) from both the opponent's and the side to move's last
    /// moves is skipped once a searched move is not a proven loss. 0 is off; the default,
    /// 4, after Rapfi, which prunes these "distracting defences" below 4.3 plies (design
    /// read in Rapfi's `search/ab`, not its code), scored 53.2 % of 760 games in
    /// self-play at 100 ms a move against off (+22 Elo [+6, +39]; see FIGURES.md,
    /// twenty-eighth session).
    pub threat_prune_depth: i32,
    /// Less reduction for a continued attack, in sixteenths of a ply ([`ONE_PLY`]): a
    /// late move of a calm node that the late-move reductions reduce is reduced this much
    /// less when the side to move's previous move (two plies back) made an open three or
    /// a four and this move makes an open three too, or lies within 4 cells (Chebyshev
    /// distance) of that move and makes a two or better in two directions. 0 (the
    /// default) is off; Rapfi's "continuous attack" value is about half a ply, 8
    /// (design read in Rapfi's `search/ab`, not its code).
    pub continuous_attack_less: i32,
    /// Whether the pruning decisions that read a node's static value (reverse futility
    /// pruning, razoring, the fail-high reduction) read the transposition table's value
    /// instead where its bound says the true value lies beyond the static one on that
    /// side (a lower bound above it, an upper bound below it, an exact value), as
    /// Stockfish and Rapfi do; never a decisive value. False (the default) as before.
    pub tt_value_as_eval: bool,
    /// The deeper re-search after a late-move reduction, in evaluation units (0, the
    /// default, is off): a reduced move whose reduced search beat alpha by more than
    /// this is searched again a ply deeper than its unreduced depth (Stockfish's and
    /// Rapfi's "deeper search" after a reduced fail-high; the design read, not their
    /// code). Never more than 40 plies below the root (half the deepest line), never on
    /// a decisive value.
    pub lmr_deeper_margin: i32,
    /// Late-move reductions at the root too (false, the default: every root move is
    /// searched to the iteration's depth): from the third root move on (in the previous
    /// iteration's order), a quiet move of a root that faces no four or open three is
    /// searched first with a zero window at the depth [`Engine::reductions`] gives it (a
    /// principal-variation node's, [`Engine::pv_reduction_less`] less), again at full
    /// depth when it beats alpha. Rapfi reduces from the third root move as well (design
    /// read, not code).
    pub root_reductions: bool,
    /// Widest branching at the root, after the root solvers (0, the default: twice
    /// [`Engine::max_moves`], 16): the best candidates by the ordering, searched at every
    /// iteration.
    pub root_max_moves: usize,
    /// Stand pat at the horizon: a leaf whose static value already reaches beta returns
    /// it without the VCF probe (a VCF win could only raise a value that already cuts
    /// off), so a search to a fixed depth keeps its root value. On by default, with
    /// [`Engine::leaf_vcf_four_three`], [`Engine::quick_wins`] and the leaf VCT probe
    /// ([`Engine::leaf_vct_nodes`]): the four together scored 110 points of 240 ladder
    /// games against 99 without them (Rapfi at 10,000 nodes, ours at 40,000) and 13 of
    /// 96 against 8 at 200 ms a move; the pair alone had scored 36 points of 288 against
    /// 46 at 200 ms; see FIGURES.md.
    pub leaf_stand_pat: bool,
    /// The leaf VCF probe runs only where the static patterns say a short VCF is
    /// possible: the side to move has a four-three cell (a cell that makes a four and an
    /// open three at once; [`Board::class_counts`](crate::Board::class_counts)). Off, every leaf where the side to
    /// move has a four to play is probed. On (the default; see [`Engine::leaf_stand_pat`]
    /// for the matches), the tree is a ply deeper at the same nodes, as with no leaf VCF
    /// at all, while a four-three at the horizon is still proved a win.
    pub leaf_vcf_four_three: bool,
    /// Attacker positions a VCF search at a leaf may visit (0 = no VCF at leaves).
    pub leaf_vcf_nodes: u64,
    /// Move-count pruning (the futility move count of Rapfi's search, after chess
    /// engines' late-move pruning): at a node not facing a four or an open three, once a
    /// move that does not lose has been searched, the moves from index
    /// `move_count_base + depth^1.32` on (after the table move and the killers were put
    /// first) are skipped: 4 moves at one ply left, 5 at two, 7 at three, all 8 above.
    /// On by default (since the eighteenth session, with [`Engine::reductions`] and
    /// without [`Engine::four_extension`]): alone against Rapfi it scored 100 of 240
    /// ladder games at 40,000 nodes (Rapfi 10,000) against the then default's 110, 86
    /// against 78 at 160,000 (Rapfi 40,000), and no more than the default at 200 ms a
    /// move; the three together gained at 200 ms (see FIGURES.md).
    pub move_count_pruning: bool,
    /// Whether [`Engine::move_count_pruning`] applies at principal-variation nodes too
    /// (true by default, as before the option; false searches a principal-variation
    /// node's whole width, [`Engine::pv_max_moves`], at every depth).
    pub pv_move_count_pruning: bool,
    /// The constant of [`Engine::move_count_pruning`]'s schedule (3 by default).
    pub move_count_base: f64,
    /// Reverse futility pruning (Rapfi's "futility pruning: child node", chess engines'
    /// static null move; the design read, not the code): at a zero-window node not
    /// facing a four or an open three, with at most [`Engine::reverse_futility_depth`]
    /// plies left, whose static value `s` (the evaluation at an interior node) is not
    /// decisive nor is beta, and where the side to move did not make a four with each of
    /// its last two moves (an attack under way), the node returns `s` at once when
    /// `s − margin · max(depth − 1 − improving, 0) ≥ beta`: at one ply left it is stand
    /// pat a ply early; `improving` is 1 when the static value rose since the side to
    /// move's previous node (two plies up). In units of the evaluation (200 a logit);
    /// 0 turns it off. 100 by default: in self-play at 200 ms a move, 200 against off
    /// scored 90.5 of 144 games (62.8 %), 120 against 200 33 of 48, and 60, 80 and 120
    /// were level with one another (see FIGURES.md, twenty-sixth session).
    pub reverse_futility_margin: i32,
    /// The most plies left at which [`Engine::reverse_futility_margin`] cuts (Rapfi has no
    /// such limit; 40 by default, the deepest iteration).
    pub reverse_futility_depth: i32,
    /// Razoring (Rapfi's "razoring with VCF", chess engines' razoring; the design read,
    /// not the code): a calm zero-window node with at most [`Engine::razor_depth`] plies
    /// left whose static value `s` is so far below alpha that
    /// `s + razor_margin · depth < alpha` takes the horizon's value at once (the static
    /// value with the side to move's VCF and VCT probes) instead of a search. In units
    /// of the evaluation (200 a logit); 0, the default, turns it off.
    pub razor_margin: i32,
    /// The most plies left at which [`Engine::razor_margin`] drops to the horizon (2 by
    /// default, as Rapfi's margin table ends below 2.6 plies).
    pub razor_depth: i32,
    /// Move-count pruning halved at a node whose static value has not risen since the side
    /// to move's previous node (Rapfi's `futilityMoveCount(d, improving)`, the design read,
    /// not the code): with [`Engine::move_count_pruning`], a node that is not improving
    /// searches `(move_count_base + depth^1.32) / 2` moves: 2 at one or two plies left,
    /// 3 at three, 4 at four. Off by default; it makes every interior node evaluate its
    /// position (a node facing a four or an open three takes its parent's value, negated).
    pub improving_move_count: bool,
    /// Plies added at an expected cut node to the late-move reduction
    /// ([`Engine::reductions`]) of every move that is not one of the ply's killers
    /// (Rapfi's and Stockfish's cut-node reduction, the design read, not the code). A
    /// node is an expected cut node as chess engines keep the flag: the principal
    /// variation's nodes are not, the zero-window child of a principal-variation node
    /// is, and below it the flag alternates (a zero-window child of a cut node is an
    /// expected all node, and the other way round); a reduced search's child is always
    /// taken as a cut node. 0, the default, turns it off; Rapfi adds 1.8 plies.
    pub cut_node_reduction: i32,
    /// Rapfi's fail-high reduction (the design read, not the code): at an expected cut
    /// node (see [`Engine::cut_node_reduction`]) not facing a four or an open three,
    /// whose static value is at least `beta + fail_high_margin · depth` (neither
    /// decisive), every move that makes no four is searched a ply shallower (the first
    /// one too, and no re-search restores the ply). In units of the evaluation (200 a
    /// logit); 0, the default, turns it off. Rapfi's margin is `15 · depth − 9` of its
    /// units, about 50 of ours a ply. It makes every interior node evaluate its
    /// position, as [`Engine::reverse_futility_margin`] does.
    pub fail_high_margin: i32,
    /// Singular extension (Stockfish's and Rapfi's, the design read, not the code): at a
    /// node with at least `singular_depth` plies left whose transposition-table entry
    /// holds a lower bound (or an exact value) `v`, not decisive, from a search at most
    /// three plies shallower, the table move is tested before it is searched: the node
    /// is searched again without it, `(depth − 1) / 2` plies deep with a zero window at
    /// `s = v − singular_margin · depth`. When every other move stays below `s`, the
    /// table move is singular and searched a ply deeper; when the test reaches `s` and
    /// `s ≥ beta`, two moves cut off and the node returns `s` at once (multi-cut); when
    /// it reaches `s` and `v ≥ beta`, the table move is searched a ply shallower. Not
    /// within the test's own search, nor beyond twice the iteration's depth in plies.
    /// 0, the default, turns it off.
    pub singular_depth: i32,
    /// The margin of [`Engine::singular_depth`]'s test, in units of the evaluation (200
    /// a logit) per ply left.
    pub singular_margin: i32,
    /// Extension of the table move at a principal-variation node, in units of
    /// [`ONE_PLY`] (Rapfi's extension of the table move where its singular extension
    /// does not test it, 0.25 ply there, the design read, not the code): the table move
    /// of a node with more than one candidate is searched this much deeper, unless the
    /// singular extension's test ([`Engine::singular_depth`]) extended or reduced it,
    /// or it is already searched at its parent's depth (a four with
    /// [`Engine::four_extension`]). 0, the default, turns it off; at most [`ONE_PLY`]
    /// (a larger value is taken as [`ONE_PLY`]; a negative one as 0).
    pub tt_move_extension_pv: i32,
    /// [`Engine::tt_move_extension_pv`] at the other nodes (zero-window), in units of
    /// [`ONE_PLY`] (Rapfi: 0.08 ply). 0, the default, turns it off; at most
    /// [`ONE_PLY`] (as [`Engine::tt_move_extension_pv`]).
    pub tt_move_extension_non_pv: i32,
    /// The depth a node's only candidate (the block of a four, or the one answer to an
    /// open three) is searched to, in units of [`ONE_PLY`] added to the depth its
    /// parent's other moves would get (a ply less than the parent's): [`ONE_PLY`], the
    /// default, keeps the parent's depth (the single reply costs no depth); Rapfi
    /// extends the reply to a four by 1.3 plies (about 21 units), the design read, not
    /// the code. A move that makes a four keeps at least its parent's depth with
    /// [`Engine::four_extension`]. From 0 (the reply costs a ply) to 2 · [`ONE_PLY`] (a
    /// value outside is taken as the nearer end).
    pub reply_extension: i32,
    /// Late-move reductions ([`Engine::reductions`]) in units of [`ONE_PLY`], the
    /// formula's value rounded to the nearest sixteenth of a ply instead of the nearest
    /// ply (Rapfi's reductions are not rounded), before the principal-variation and
    /// cut-node terms and the floor ([`Engine::reduction_floor`]) are applied. Off by
    /// default.
    pub fractional_reductions: bool,
    /// The transposition table keeps each entry's depth in units of [`ONE_PLY`] instead
    /// of whole plies rounded down (Rapfi's choice, an integer depth). With whole plies,
    /// once an option above puts fractions in the depths, an entry searched to 3 1/16
    /// plies is kept as 3 and no longer cuts off a probe of the same node at 3 1/16
    /// (at 40,000 nodes on the 36 ladder positions of `speed depth`, the table's
    /// cut-offs fell from 44,000 to 9,500 with the table move's extension at 4,1
    /// units, and the mean depth from 10.1 to 8.7 plies; with this, 38,000 and 9.0).
    /// The table's replacement weighs an entry's age against its depth
    /// (`depth − 4 · age`, see [`SharedTable`](zerosum::search::SharedTable)):
    /// in units, 4 is a quarter ply, so old entries stay longer. Off by default (whole plies: the
    /// search of whole plies node for node as before the depth was counted in units);
    /// change it only with an empty table ([`Engine::clear`]).
    pub table_depth_units: bool,
    /// Per ply, the move the singular extension's test search leaves out at that ply.
    excluded: Vec<Option<Cell>>,
    /// The depth of the iteration under way, in plies (bounds the singular extension).
    root_depth: i32,
    /// The static value as the mean of two plies' evaluations (after Rapfi's classical
    /// evaluation, which averages its pattern sum, a value of the stones alone, over the
    /// position and the one before it and adds the side to move's threat term once):
    /// the value of a position for the side to move, at the horizon and at the interior
    /// nodes that evaluate, is the mean of its evaluation and its parent position's
    /// evaluation negated (the parent's evaluation is kept per ply, or computed by taking
    /// the last move back when the parent did not evaluate). It damps the swing of the
    /// evaluation with the side to move. Off by default; on, every interior node
    /// evaluates its position, as [`Engine::reverse_futility_margin`] does.
    pub eval_average: bool,
    /// With [`Engine::eval_average`], Rapfi's form: only the stones' part of the
    /// evaluation (the direction-pattern counts and combination classes, see
    /// [`evaluate_parts`](crate::evaluate_parts)) is averaged over the two plies, the
    /// threats' part (each side's best threat class, the side to move's constant) is this
    /// position's alone. Off by default (the whole evaluation averaged).
    pub eval_average_stones: bool,
    /// Per ply, the evaluation (not averaged) of the position at that ply on the current
    /// line in the two parts [`Engine::eval_average`] reads (the averaged part, the
    /// kept part), `None` where it was not evaluated.
    raw_evals: Vec<Option<(Score, Score)>>,
    /// Per ply, the static value of the interior node at that ply on the current line
    /// (`None` where unknown: the root, or no option reads it).
    static_values: Vec<Option<Score>>,
    /// Per ply, whether the move played at that ply on the current line made a four.
    four_played: Vec<bool>,
    /// Per ply, whether the move played at that ply on the current line made an open
    /// three or a four for its side (kept for [`Engine::continuous_attack_less`]).
    attack_played: Vec<bool>,
    /// Static wins read from the threat classes at every node ([`quick_win`](crate::quick_win), the quick
    /// win check of classical engines such as Rapfi's): a side to move with a
    /// double-three cell that the opponent cannot answer with a four, or a four-three
    /// cell whose block makes no four, wins in 5 plies without a search (not under
    /// renju). On by default (with the settings of [`Engine::leaf_stand_pat`]); alone, at
    /// 40,000 nodes against Rapfi at 10,000, it reached half a ply deeper and scored the
    /// same points as without (58 of 144 either way; see FIGURES.md).
    pub quick_wins: bool,
    /// Nodes of the VCT probe (threes and fours, at most `LEAF_VCT_DEPTH` = 3 threats) at a
    /// horizon leaf whose side to move has a double-three or four-three cell that
    /// [`quick_win`](crate::quick_win) could not prove (the opponent has fours to answer with); after the
    /// leaf VCF, and with [`Engine::leaf_stand_pat`] only at leaves whose static value is
    /// below beta; 0 runs no probe. 100 by default, with VCF tests of
    /// [`Engine::leaf_vct_vcf_nodes`] = 20 nodes (see [`Engine::leaf_stand_pat`] and the
    /// crate's FIGURES.md for the matches; without stand pat, 200-node probes lost 12
    /// points of 144).
    pub leaf_vct_nodes: u64,
    /// Attacker positions each VCF test of a leaf VCT probe may visit.
    pub leaf_vct_vcf_nodes: u64,
    /// The leaf probes' solver (small tables: it is cleared every probe).
    leaf_vct: VctSolver,
    /// Attacker positions the root VCF searches may visit (under a node limit `N`, at
    /// most `N / 8`: the limit counts them).
    pub root_vcf_nodes: u64,
    /// Nodes the root VCT search's deepening may visit (0 = no VCT; under a node limit
    /// `N`, at most `N / root_vct_share`; and at most that share of the time).
    pub root_vct_nodes: u64,
    /// The root VCT's part of the budget: at most `1 / root_vct_share` of the time and of
    /// a node limit (the opponent's threat test gets half of those nodes, and a sixth of
    /// the time whatever the share); 1 or more (0 is read as 1), 8 by default. An eighth, not a quarter, for the deepening alone: ours capped at 40,000
    /// nodes a move scored 98.5 points of 288 games against Rapfi at 3,000, 5,000, 7,000,
    /// 10,000, 15,000 and 20,000 nodes with an eighth, 82.5 with a quarter; at 5,000 and
    /// 10,000 nodes a half won 15 + 9 games and a sixteenth 20 + 11, an eighth 23 + 12
    /// (see FIGURES.md).
    pub root_vct_share: u64,
    /// The root VCT solver (the root's own VCT and the defence's threat test) as the
    /// puzzle suite configures it ([`crate::suite::suite_vct_solver`]: after the
    /// deepening, its threat-space and proof-number stages with λ² moves, the quiet
    /// threats the deepening does not play; 20-node VCF tests remembered) instead of the
    /// deepening alone (false, the default). The stages' nodes count against a node
    /// limit like the rest (they get only what it leaves); the defence's small test of
    /// each candidate keeps the deepening alone.
    pub root_vct_lambda: bool,
    vct: VctSolver,
    /// Whether `vct` is the staged solver of [`Engine::root_vct_lambda`].
    vct_staged: bool,
    /// The feature evaluation's values ([`EvalTable::DEFAULT`] unless changed), read
    /// when [`Engine::cell_eval`] is `None`.
    pub eval: EvalTable,
    /// The cell evaluation ([`crate::CellTable`]) in place of [`Engine::eval`] wherever
    /// the search reads a static value: [`crate::eval_cells_fitted::CELLS_FITTED`] by
    /// default; `None` reads [`Engine::eval`] ([`Engine::use_feature_table`] sets both).
    /// With [`Engine::eval_average_stones`], the whole cell value is averaged.
    pub cell_eval: Option<&'static crate::CellTable>,
    /// Rank candidate cells by the fitted ordering model ([`crate::order`]) instead of
    /// the hand-set cell values (on by default; see FIGURES.md for the matches).
    pub fitted_order: bool,
    /// With [`Engine::fitted_order`], rank by the finer model
    /// ([`crate::order::PatternOrderTable`], a value per cell pattern code; on by
    /// default) instead of the feature model ([`crate::order::OrderTable`]; see
    /// FIGURES.md, thirty-first session, for the matches).
    pub pattern_order: bool,
    /// The strength of [`zerosum::Engine::think`] (see [`crate::Level`]).
    pub(crate) level: crate::Level,
    /// Leaf sampling for fitting the evaluation where the search asks it
    /// (`cargo xtask train-gomoku --leaves`): every `leaf_sample_every`-th position whose
    /// static value a horizon node returns (after its VCF probe failed) has its move list
    /// appended to [`Engine::leaf_samples`]; 0, the default, samples nothing.
    pub leaf_sample_every: u32,
    /// The sampled leaves' move lists, in the order the search met them (the caller
    /// empties it).
    pub leaf_samples: Vec<Vec<Cell>>,
    /// Static leaf values returned since the last sample.
    leaf_count: u32,
    /// The last search's counters ([`SearchStats`]).
    pub stats: SearchStats,
    /// Threads the tree search runs on (1, the default, searches on the caller's thread
    /// alone; at most [`MAX_THREADS`]): "Lazy SMP", every extra thread searching the same
    /// root iterations (some depths skipped) on its own copy of the engine, all sharing
    /// the transposition table, until the caller's thread ends its search, whose result
    /// is the answer unless another thread finished a deeper iteration with a higher
    /// value. The root solvers run before, on the caller's thread. With more than
    /// one thread a node limit counts the caller's thread's nodes only (the reported
    /// count is all threads'), and results are no longer reproducible.
    pub threads: usize,
}

/// The most threads [`Engine::threads`] uses.
pub const MAX_THREADS: usize = 64;

/// One ply of search depth in the units the tree search counts depth in (sixteenths of
/// a ply): the depth left at a node below the root is a whole number of these units, so
/// that an extension or a reduction may be a fraction of a ply (Rapfi counts depth in
/// fractional plies, as a float; this is the same in fixed point). The options that
/// name plies ([`Engine::reduction_depth`], [`Engine::singular_depth`] and the like)
/// stay in whole plies; the transposition table keeps the depth in whole plies, rounded
/// down.
pub const ONE_PLY: i32 = 16;

/// The depth of `plies` whole plies in units of [`ONE_PLY`] (saturating, as the options
/// in plies take any `i32`).
pub(super) fn plies(plies: i32) -> i32 {
    plies.saturating_mul(ONE_PLY)
}

/// A margin of `per_ply` units of the evaluation a ply, over `depth` units of
/// [`ONE_PLY`]: `per_ply · depth / ONE_PLY`, rounded towards zero, saturating at the
/// bounds of `i32`.
pub(super) fn per_ply(per_ply: i32, depth: i32) -> i32 {
    let m = i64::from(per_ply) * i64::from(depth) / i64::from(ONE_PLY);
    m.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32
}

/// Most attacker threats of a leaf VCT probe ([`Engine::leaf_vct_nodes`]).
pub const LEAF_VCT_DEPTH: u32 = 3;
const MAX_DEPTH: u32 = 40;
/// The most [`Engine::pv_stale_reduction`] takes from a node: three and a half plies, in
/// units of [`ONE_PLY`] (Rapfi's cap is 3.6 plies).
pub const PV_STALE_REDUCTION_MAX: i32 = 7 * ONE_PLY / 2;
/// Search nodes between two polls of the time budget: every node (a node with its leaf
/// VCF costs a few to a few hundred microseconds of CPU, stretched several times in wall
/// time on a loaded machine; reading the clock costs tens of nanoseconds).
const POLL_NODES: u32 = 1;
const MAX_PLY: u32 = 80;
/// The scheduling delay assumed before any search has measured one.
const INITIAL_LAG: Duration = Duration::from_millis(5);
/// Most of the time limit the lag reserve may take, in parts of the limit.
const MAX_LAG_SHARE: f64 = 0.15;
/// Plies with their own killer moves (deeper plies share the last slot).
const KILLER_PLIES: usize = 64;
/// Cells of the history table a side (the largest board's).
const HISTORY_CELLS: usize = crate::MAX_SIZE as usize * crate::MAX_SIZE as usize;
/// The bound of the history values (the gravity term keeps them within it).
const HISTORY_MAX: i32 = 16_384;

impl Engine {
    /// An engine with a transposition table of `tt_mib` MiB.
    pub fn new(tt_mib: usize) -> Engine {
        Engine {
            tt: Arc::new(SharedTable::new(tt_mib)),
            vcf: VcfSolver::new(1 << 16),
            nodes: 0,
            node_limit: u64::MAX,
            budget: Budget::unlimited(),
            polls: 0,
            aborted: false,
            last_poll: Duration::ZERO,
            stall: Duration::ZERO,
            lag: INITIAL_LAG,
            lag_reserve: true,
            killers: [[None; 2]; KILLER_PLIES],
            move_lists: vec![Vec::new(); MAX_PLY as usize],
            reductions: true,
            reduction_divisor: 1.0,
            reduction_gap: 50,
            reduction_from: 1,
            reduction_depth: 3,
            reduction_floor: 1,
            pv_reduction_less: 1,
            not_improving_reduction: 0,
            history: true,
            history_table: vec![0; 2 * HISTORY_CELLS],
            game_clock: false,
            four_extension: false,
            max_moves: 8,
            pv_max_moves: 16,
            iir_depth: 0,
            pv_stale_reduction: 0,
            alpha_improvement_reduction: 0,
            tt_pv_reduction_less: 0,
            threat_reduction: 0,
            threat_prune_depth: 4,
            continuous_attack_less: 0,
            tt_value_as_eval: false,
            lmr_deeper_margin: 0,
            root_reductions: false,
            root_max_moves: 0,
            leaf_vcf_nodes: 60,
            move_count_pruning: true,
            pv_move_count_pruning: true,
            move_count_base: 3.0,
            reverse_futility_margin: 100,
            reverse_futility_depth: MAX_DEPTH as i32,
            improving_move_count: false,
            razor_margin: 0,
            razor_depth: 2,
            cut_node_reduction: 0,
            fail_high_margin: 0,
            singular_depth: 0,
            singular_margin: 4,
            tt_move_extension_pv: 0,
            tt_move_extension_non_pv: 0,
            reply_extension: ONE_PLY,
            fractional_reductions: false,
            table_depth_units: false,
            excluded: vec![None; MAX_PLY as usize + 1],
            root_depth: 0,
            eval_average: false,
            eval_average_stones: false,
            raw_evals: vec![None; MAX_PLY as usize + 1],
            static_values: vec![None; MAX_PLY as usize + 1],
            four_played: vec![false; MAX_PLY as usize + 1],
            attack_played: vec![false; MAX_PLY as usize + 1],
            quick_wins: true,
            leaf_vct_nodes: 100,
            leaf_vct_vcf_nodes: 20,
            leaf_vct: VctSolver::with_entries(1 << 10),
            leaf_stand_pat: true,
            leaf_vcf_four_three: true,
            root_vcf_nodes: 20_000,
            root_vct_nodes: 40_000,
            root_vct_share: 8,
            root_vct_lambda: false,
            vct: VctSolver::new(),
            vct_staged: false,
            eval: EvalTable::DEFAULT,
            cell_eval: Some(&crate::eval_cells_fitted::CELLS_FITTED),
            fitted_order: true,
            pattern_order: true,
            level: <crate::Level as zerosum::Level>::default_level(),
            leaf_sample_every: 0,
            leaf_samples: Vec::new(),
            leaf_count: 0,
            stats: SearchStats::default(),
            threads: 1,
        }
    }

    /// Forgets everything learned (new game or new rule): the transposition table, the
    /// history and killer tables, and the failure tables of every threat solver the
    /// engine owns (the root VCF, the root VCT and its own VCF, the leaf VCT probes' and
    /// theirs), so that a search after `clear` answers as a fresh engine's would.
    pub fn clear(&mut self) {
        self.history_table.fill(0);
        self.killers = [[None; 2]; KILLER_PLIES];
        self.tt.clear();
        self.vcf.clear();
        self.vct.clear();
        self.leaf_vct.clear();
        self.polls = 0;
        self.leaf_count = 0;
    }

    fn check_abort(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        // The core budget's clock and stop flag are polled every POLL_NODES calls (not
        // every 2^k nodes: the count jumps by the VCF nodes of the leaves, so a mask on it
        // fired only now and then); the node limit is compared on every call.
        self.polls = self.polls.wrapping_add(1);
        if self.nodes >= self.node_limit {
            self.aborted = true;
        } else if self.polls.is_multiple_of(POLL_NODES) {
            let now = self.budget.elapsed();
            self.stall = self.stall.max(now.saturating_sub(self.last_poll));
            self.last_poll = now;
            self.aborted = self.budget.poll_at(now);
        }
        self.aborted
    }

    /// Nodes left under the node limit.
    fn room(&self) -> u64 {
        self.node_limit.saturating_sub(self.nodes)
    }

    /// The node limit a VCT search may be given now: the room less two of its VCF tests
    /// (the VCT compares its count with its limit between VCF tests, so it may pass the
    /// limit by about that much).
    fn vct_room(&self) -> u64 {
        self.room().saturating_sub(2 * (self.vct.vcf_nodes + 2))
    }

    /// The scheduling delay the engine measured lately: the longest gap between two of
    /// its clock polls (a node costs microseconds, so a gap of milliseconds is time spent
    /// waiting for a CPU on a busy machine), decaying by an eighth a search. A search
    /// stops twice this before its time maximum (at most 15 % of it), so that a wait that
    /// begins just before the stop still ends within the limit; on an idle machine the
    /// reserve shrinks to almost nothing.
    pub fn lag(&self) -> Duration {
        self.lag
    }

    /// The core budget of one search: `limits`' time and stop flag (not its node limit,
    /// which the engine counts itself), less the lag reserve.
    fn budget_for(&self, limits: &Limits) -> Budget {
        let full = Budget::new(&Limits {
            nodes: None,
            ..limits.clone()
        });
        match full.maximum() {
            Some(max) if !max.is_zero() && self.lag_reserve => {
                let reserve = (self.lag * 2).min(max.mul_f64(MAX_LAG_SHARE));
                full.share(1.0 - reserve.as_secs_f64() / max.as_secs_f64(), None)
            }
            _ => full,
        }
    }
}
