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
/// few additions a node. Not the core's `zerosum::search::SearchStats` (nodes and time,
/// in [`SearchResult::stats`](crate::SearchResult)): a library user's report found two
/// types of that one name, this one then called `SearchStats` too.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TreeStats {
    /// Nodes that reached the move loop (interior nodes).
    pub interior: u64,
    /// Nodes at the horizon (no plies left).
    pub horizon: u64,
    /// Nodes decided before the horizon or the move loop: terminal, immediate or quick
    /// wins, transposition-table cut-offs.
    pub early: u64,
    /// Of [`TreeStats::early`], the transposition-table cut-offs.
    pub tt_cuts: u64,
    /// Of [`TreeStats::early`], the wins [`quick_win`](crate::quick_win) read.
    pub quick_wins: u64,
    /// Nodes the leaf VCF and VCT probes visited.
    pub probe_nodes: u64,
    /// Nodes the root VCF and VCT searches and the root threat tests visited.
    pub root_solver_nodes: u64,
    /// Interior nodes that failed high (a move reached beta).
    pub cuts: u64,
    /// Of [`TreeStats::cuts`], those where the first move searched cut off.
    pub first_cuts: u64,
    /// Sum over the cut-offs of the index of the move that cut off (0 = first).
    pub cut_index_sum: u64,
    /// Zero-window searches re-searched (a reduced move searched again at full depth, or
    /// a PVS scout re-searched with the full window).
    pub re_searches: u64,
    /// Moves searched at a reduced depth (late-move reductions).
    pub reduced: u64,
    /// Moves skipped by move-count pruning.
    pub pruned: u64,
    /// Of [`TreeStats::early`], the nodes [`Engine::reverse_futility_margin`] cut off
    /// with their static value.
    pub futility_cuts: u64,
    /// Sum of the moves generated at interior nodes.
    pub generated: u64,
    /// Counter-attacks skipped by [`Engine::threat_prune_depth`] (also in `pruned`).
    pub threat_pruned: u64,
}

impl std::ops::AddAssign for TreeStats {
    /// Adds every counter of `other` (the totals over several searches).
    fn add_assign(&mut self, other: TreeStats) {
        let TreeStats {
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
            reduced,
            pruned,
            futility_cuts,
            generated,
            threat_pruned,
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
        self.reduced += reduced;
        self.pruned += pruned;
        self.futility_cuts += futility_cuts;
        self.generated += generated;
        self.threat_pruned += threat_pruned;
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
    /// history on, together with [`Engine::move_count_pruning`] and without the four
    /// extension (a four searched at its parent's depth), see below; an earlier logarithmic schedule of quiet
    /// moves alone lost points against Rapfi at 3,000–10,000 nodes, see FIGURES.md):
    /// at a node not facing a four or an open three, with three or more plies left,
    /// every move from index [`Engine::reduction_from`] on that makes no four is first
    /// searched with a zero window, reduced by
    /// `ln(depth) · ln(k + 1) / reduction_divisor` plies (`k` the move's index), plus
    /// [`Engine::reduction_gap`] hundredths of a ply for each logit its ordering value is
    /// below the node's best, less a ply for a move that makes an open three, less up
    /// to a ply for a good [`Engine::history`] score (more for a bad one), rounded to
    /// whole plies and leaving at least one ply; a reduced move that beats alpha is searched again at
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
    /// Pruning of far counter-attacks: at a node facing an open three (not a four) with
    /// at most this many plies left, a candidate that does not block and lies more than
    /// 4 cells (Chebyshev distance) from both the opponent's and the side to move's last
    /// moves is skipped once a searched move is not a proven loss. 0 is off; the default,
    /// 4, after Rapfi, which prunes these "distracting defences" below 4.3 plies (design
    /// read in Rapfi's `search/ab`, not its code), scored 53.2 % of 760 games in
    /// self-play at 100 ms a move against off (+22 Elo [+6, +39]; see FIGURES.md,
    /// twenty-eighth session).
    pub threat_prune_depth: i32,
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
    /// without the four extension): alone against Rapfi it scored 100 of 240
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
    /// Per ply, the static value of the interior node at that ply on the current line
    /// (`None` where unknown: the root, or no option reads it).
    static_values: Vec<Option<Score>>,
    /// Per ply, whether the move played at that ply on the current line made a four.
    four_played: Vec<bool>,
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
    /// The last search's counters ([`TreeStats`]).
    pub stats: TreeStats,
    /// Threads the tree search runs on (1, the default, searches on the caller's thread
    /// alone; at most [`MAX_THREADS`] and the processors this process may use, see
    /// [`Engine::search_threads`]): "Lazy SMP", every extra thread searching the same
    /// root iterations (some depths skipped) on its own copy of the engine, all sharing
    /// the transposition table, until the caller's thread ends its search, whose result
    /// is the answer unless another thread finished a deeper iteration with a higher
    /// value. The root solvers run before, on the caller's thread. With more than
    /// one thread a node limit counts the caller's thread's nodes only (the reported
    /// count is all threads'), and results are no longer reproducible.
    pub threads: usize,
}

/// The most threads a search uses here: [`MAX_THREADS`], or fewer processors where this
/// process may use fewer (`std::thread::available_parallelism`; 1 when unknown).
pub(crate) fn thread_cap() -> usize {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    MAX_THREADS.min(cores)
}

/// The most threads [`Engine::threads`] uses.
pub const MAX_THREADS: usize = 64;

/// Most attacker threats of a leaf VCT probe ([`Engine::leaf_vct_nodes`]).
pub const LEAF_VCT_DEPTH: u32 = 3;
const MAX_DEPTH: u32 = 40;
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

impl Default for Engine {
    /// The default level, a 16 MiB transposition table (the command line's size).
    fn default() -> Self {
        Engine::new(16)
    }
}

impl Engine {
    /// An engine with a transposition table of `tt_mib` MiB (its threat solvers' tables
    /// are of fixed sizes).
    ///
    /// # Panics
    ///
    /// When the system refuses the table's memory (see [`Engine::try_new`], which returns
    /// an error instead: use it for a size the user chose).
    pub fn new(tt_mib: usize) -> Engine {
        Self::try_new(tt_mib).unwrap_or_else(|e| panic!("{e}"))
    }

    /// [`Engine::new`], or an error when the system refuses the table's memory.
    ///
    /// # Errors
    ///
    /// [`zerosum::TableAllocError`] with the size of the table refused, in bytes.
    pub fn try_new(tt_mib: usize) -> Result<Engine, zerosum::TableAllocError> {
        let tt = Arc::new(SharedTable::try_new(tt_mib)?);
        Ok(Engine {
            tt,
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
            history: true,
            history_table: vec![0; 2 * HISTORY_CELLS],
            game_clock: false,
            max_moves: 8,
            pv_max_moves: 16,
            threat_prune_depth: 4,
            root_max_moves: 0,
            leaf_vcf_nodes: 60,
            move_count_pruning: true,
            pv_move_count_pruning: true,
            move_count_base: 3.0,
            reverse_futility_margin: 100,
            reverse_futility_depth: MAX_DEPTH as i32,
            static_values: vec![None; MAX_PLY as usize + 1],
            four_played: vec![false; MAX_PLY as usize + 1],
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
            stats: TreeStats::default(),
            threads: 1,
        })
    }

    /// Forgets everything learned (new game): the transposition table, the history and
    /// killer tables, and the failure tables of every threat solver the engine owns (the
    /// root VCF, the root VCT and its own VCF, the leaf VCT probes' and theirs), so that
    /// a search after `clear` answers as a fresh engine's would.
    pub fn clear(&mut self) {
        self.forget_move_order();
        self.tt.clear();
        self.vcf.clear();
        self.vct.clear();
        self.leaf_vct.clear();
        self.polls = 0;
        self.leaf_count = 0;
    }

    /// Forgets the move-ordering statistics (the history and killer tables) but keeps the
    /// tables of positions: for a new rule, whose positions' Zobrist keys differ from the
    /// old rule's (the rule is in every key), so that no entry made under one rule is read
    /// under the other, while clearing the tables (a write of all their memory, 34 ms for
    /// a 64 MiB table, the Gomocup brain's largest) would cost a move's time. A search
    /// after it answers as a fresh engine's would, for any position not searched before
    /// under the new rule.
    pub fn forget_move_order(&mut self) {
        self.history_table.fill(0);
        self.killers = [[None; 2]; KILLER_PLIES];
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
            // A front end's live node count (`Limits::progress`; a library user's report:
            // it stayed at 0 through a search of 492,079 nodes).
            self.budget.publish(self.nodes);
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

    /// The threads a search runs on: [`Engine::threads`] (0 read as 1), at most
    /// [`MAX_THREADS`] and the processors this process may use
    /// (`std::thread::available_parallelism`; 1 when unknown). More threads than
    /// processors only take turns on them: a time limit was overrun several times over
    /// (a library user's report: 64 threads on 2 processors answered a 100 ms limit in
    /// 480-680 ms).
    pub fn search_threads(&self) -> usize {
        self.threads.clamp(1, thread_cap())
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
