//! The game-tree search: iterative deepening PVS with a transposition table over the
//! candidate cells near the stones, forced replies, VCF at the root and the leaves, and a
//! time/node budget.

use crate::board::Board;
use crate::cell::Cell;
use crate::eval::{EvalTable, cell_value, evaluate_with, has_double_four_cell, quick_win};
use crate::order::OrderScorer;
use crate::pattern::Pattern;
use crate::vcf::VcfSolver;
use crate::vct::VctSolver;
use std::time::Duration;
use zerosum::search::{Limits, Report, TranspositionTable};
use zerosum::time::Budget;
use zerosum::{Bound, Game, Outcome, Score};

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
    /// Deepest iteration that decided the move, in plies (a partial iteration counts when
    /// a move searched in full at that depth beat the previous best; 0 when a VCF or
    /// another root solver decided; 1 for a single candidate, valued as a loss when it
    /// leaves the opponent a VCF or VCT, else by the static evaluation after it).
    pub depth: u32,
    /// Nodes searched (search nodes plus VCF nodes).
    pub nodes: u64,
    /// Principal variation, `best` first.
    pub pv: Vec<Cell>,
    /// Root moves with their scores from the last finished iteration, its best first
    /// (`best` differs when an unfinished deeper iteration found a better move; values of
    /// two depths are never mixed). When no iteration finished, the moves the first one
    /// searched.
    pub candidates: Vec<Candidate>,
    /// The VCF proof line when the root was won by continuous fours.
    pub vcf: Option<Vec<Cell>>,
    /// Wall time used.
    pub elapsed: Duration,
    /// True when `score` is the game's value under best play, not an evaluation: a win
    /// or loss found (decisive scores), a game already over, a draw because the move
    /// fills the board, or a dead draw (no five left for either side,
    /// [`Board::five_possible`]).
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
    /// wins, transposition-table cut-offs, null-move cuts.
    pub early: u64,
    /// Of [`SearchStats::early`], the transposition-table cut-offs.
    pub tt_cuts: u64,
    /// Of [`SearchStats::early`], the wins [`quick_win`] read.
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
    /// Moves skipped by pruning (move counts, futility).
    pub pruned: u64,
    /// Sum of the moves generated at interior nodes.
    pub generated: u64,
}

/// The Gomoku search engine. Owns its tables (allocated in [`Engine::new`]) so that a
/// game's successive searches reuse them.
pub struct Engine {
    tt: TranspositionTable<Cell>,
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
    /// moves alone lost points against Rapfi at 3,000–10,000 nodes, see the README):
    /// at a node not facing a four or an open three, with three or more plies left,
    /// every move from index [`Engine::reduction_from`] on that makes no four is first
    /// searched with a zero window, reduced by
    /// `ln(depth) · ln(k + 1) / reduction_divisor` plies (`k` the move's index), plus
    /// [`Engine::reduction_gap`] hundredths of a ply for each logit its ordering value is
    /// below the node's best, less a ply for a move that makes an open three, less up
    /// to a ply for a good [`Engine::history`] score (more for a bad one), rounded and
    /// leaving at least one ply; a reduced move that beats alpha is searched again at
    /// full depth (Rapfi's and Stockfish's reductions by move count and move score,
    /// the design read, not the code). With divisor 1, from the second move and the
    /// history on, a 40,000-node search reaches 6.0 plies on average instead of 5.3
    /// (36 positions of ladder games; 6.9 instead of 5.9 at 160,000). Alone against
    /// Rapfi it scored 102 of 240 ladder games at 40,000 nodes (Rapfi 10,000) against
    /// the then default's 110, 79.5 against 78 at 160,000 (Rapfi 40,000), and 55 of 240
    /// against 58 at 200 ms a move; the three selectivity options together (these
    /// reductions, move-count pruning, no four extension) scored 81 against 78 at
    /// 160,000 and 131 against 118 of 540 at 200 ms a move (paired +13 ± 7.8), so they
    /// are the defaults; see the README.
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
    /// A history heuristic for quiet moves (on by default): a quiet move that cuts off
    /// gains `64 · depth²` in its side's table, the quiet moves searched before it lose as
    /// much (with a gravity term that keeps the values within ± 16,384); the
    /// table halves at every search and is cleared with [`Engine::clear`]. Read by
    /// [`Engine::reductions`].
    pub history: bool,
    /// The history table, per side (the side to move first) and cell index.
    history_table: Vec<i32>,
    /// Four extension: a move that makes a four is searched to the same depth as its
    /// parent (off by default, since the eighteenth session: against Rapfi at 3,000
    /// nodes, ours at a 20,000 / 40,000 node cap, 13 and 23 wins of 48 with it, 10 and
    /// 13 without; later, without it alone, 98 against 110 of 240 ladder games at 40,000
    /// nodes, 86 against 78 at 160,000 and 58.5 against 59 of 240 at 200 ms a move;
    /// off together with [`Engine::reductions`] and [`Engine::move_count_pruning`]: 81
    /// against 78 at 160,000 and 131 against 118 of 540 at 200 ms; see the README).
    pub four_extension: bool,
    /// Widest branching at an interior node (the best candidates by ordering value; 8
    /// by default with the fitted ordering, which puts Rapfi's move among its first 5
    /// in 68 % of positions against 57 % for the hand-set values: against Rapfi at
    /// fixed nodes 8 candidates scored more than 10 and 14; see the README).
    pub max_moves: usize,
    /// Stand pat at the horizon: a leaf whose static value already reaches beta returns
    /// it without the VCF probe (a VCF win could only raise a value that already cuts
    /// off), so a search to a fixed depth keeps its root value. On by default, with
    /// [`Engine::leaf_vcf_four_three`], [`Engine::quick_wins`] and the leaf VCT probe
    /// ([`Engine::leaf_vct_nodes`]): the four together scored 110 points of 240 ladder
    /// games against 99 without them (Rapfi at 10,000 nodes, ours at 40,000) and 13 of
    /// 96 against 8 at 200 ms a move; the pair alone had scored 36 points of 288 against
    /// 46 at 200 ms; see the README.
    pub leaf_stand_pat: bool,
    /// The leaf VCF probe runs only where the static patterns say a short VCF is
    /// possible: the side to move has a four-three cell (a cell that makes a four and an
    /// open three at once; [`Board::class_counts`]). Off, every leaf where the side to
    /// move has a four to play is probed. On (the default; see [`Engine::leaf_stand_pat`]
    /// for the matches), the tree is a ply deeper at the same nodes, as with no leaf VCF
    /// at all, while a four-three at the horizon is still proved a win.
    pub leaf_vcf_four_three: bool,
    /// Exact defences of an open three inside the tree: against an opponent's open three
    /// (a cell where it would make an open four) a node searches only our fours and the
    /// candidate cells after which the opponent has neither an open-four nor a
    /// double-four cell (tested by playing them), not every cell where the opponent
    /// would have a four in some line (Rapfi generates the exact defences of a flex
    /// three likewise). The values are the same (a dropped move loses at once in its
    /// child: win in 3 for the opponent); the nodes those children cost are saved, about
    /// 4,000 of a 40,000-node search. Off by default: it did not score more, at fixed
    /// nodes or at 200 ms a move against Rapfi (see the README).
    pub exact_three_defence: bool,
    /// Attacker positions a VCF search at a leaf may visit (0 = no VCF at leaves).
    pub leaf_vcf_nodes: u64,
    /// Null-move pruning (0 = off): at a zero-window node with at least this many plies
    /// left, where neither side has a four to complete or an open three, nor a
    /// double-three or four-three cell ([`Board::class_counts`]), and whose static value
    /// reaches beta by [`Engine::null_move_margin`], the side to move passes and the
    /// opponent's reply is searched [`Engine::null_move_reduction`] plies shallower
    /// with a zero window at beta; when even that fails high, the node does too. Never
    /// twice in a row; decisive values of the pass are returned as beta. Off: at 3+
    /// plies only 3 % of the null searches failed high (a tempo is worth about a four
    /// here), and the ladder's tune set scored 38 of 96 either way (see the README).
    pub null_move_depth: i32,
    /// Plies the null-move search is reduced by, beyond the ply of the pass.
    pub null_move_reduction: i32,
    /// How far above beta the static value must be for a null move (may be negative).
    pub null_move_margin: i32,
    /// Confirm a null-move cut with a search of the node itself, null moves off, to the
    /// reduced depth.
    pub null_move_verify: bool,
    /// The ply after a null move (no second null move there).
    null_at: u32,
    /// True during a null-move verification search (no null move below it).
    null_off: bool,
    /// Aspiration windows at the root (0 = off): from the second iteration the root is
    /// searched in a window of this half-width around the previous iteration's value;
    /// a fail low or high widens that side fourfold and searches again (a window wider
    /// than a thousand units becomes infinite). Off: ± 60 scored 108 of 240 ladder games
    /// against the default's 110 (see the README).
    pub aspiration: i32,
    /// Futility pruning of quiet moves (0 = off): at a zero-window node with at most
    /// [`Engine::futility_depth`] plies left, not facing a four or an open three, whose
    /// static value plus this margin a ply is at most alpha, only the first move and the
    /// moves that are not quiet (fours, open threes, blocks of the opponent's fours)
    /// are searched. Off: margins of 150 and 80 scored 110 and 109 of 240 ladder games
    /// against the default's 110 (see the README).
    pub futility_margin: i32,
    /// Most plies left at which [`Engine::futility_margin`] prunes.
    pub futility_depth: i32,
    /// Branching by plies left: entry `d - 1` is the width of a node with `d` plies to
    /// go (the last entry for deeper nodes); empty (the default): [`Engine::max_moves`]
    /// everywhere. The root keeps twice [`Engine::max_moves`] either way. Widths 6 / 8 /
    /// 12 and 8 / 8 / 10 scored 35 and 37 of 96 ladder games against the default's 38.
    pub depth_widths: Vec<usize>,
    /// Width by the ordering values' gap (0 = off): where the side to move faces no four
    /// or open three, a candidate is kept only when its ordering value is within this
    /// many units (100 a logit of the fitted ordering) of the best one's, the first
    /// [`Engine::gap_min`] always. Off: gaps of 300 (at most 8) and 250 (at least 5,
    /// at most 12) scored 37 of 96 ladder games each against the default's 38.
    pub width_gap: i32,
    /// Candidates [`Engine::width_gap`] always keeps.
    pub gap_min: usize,
    /// Move-count pruning (the futility move count of Rapfi's search, after chess
    /// engines' late-move pruning): at a node not facing a four or an open three, once a
    /// move that does not lose has been searched, the moves from index
    /// `move_count_base + depth^1.32` on (after the table move and the killers were put
    /// first) are skipped: 4 moves at one ply left, 5 at two, 7 at three, all 8 above.
    /// On by default (since the eighteenth session, with [`Engine::reductions`] and
    /// without [`Engine::four_extension`]): alone against Rapfi it scored 100 of 240
    /// ladder games at 40,000 nodes (Rapfi 10,000) against the then default's 110, 86
    /// against 78 at 160,000 (Rapfi 40,000), and no more than the default at 200 ms a
    /// move; the three together gained at 200 ms (see the README).
    pub move_count_pruning: bool,
    /// The constant of [`Engine::move_count_pruning`]'s schedule (3 by default).
    pub move_count_base: f64,
    /// Static wins read from the threat classes at every node ([`quick_win`], the quick
    /// win check of classical engines such as Rapfi's): a side to move with a
    /// double-three cell that the opponent cannot answer with a four, or a four-three
    /// cell whose block makes no four, wins in 5 plies without a search (not under
    /// renju). On by default (with the settings of [`Engine::leaf_stand_pat`]); alone, at
    /// 40,000 nodes against Rapfi at 10,000, it reached half a ply deeper and scored the
    /// same points as without (58 of 144 either way; see the README).
    pub quick_wins: bool,
    /// Nodes of the VCT probe (threes and fours, at most `LEAF_VCT_DEPTH` = 3 threats) at a
    /// horizon leaf whose side to move has a double-three or four-three cell that
    /// [`quick_win`] could not prove (the opponent has fours to answer with); after the
    /// leaf VCF, and with [`Engine::leaf_stand_pat`] only at leaves whose static value is
    /// below beta; 0 runs no probe. 100 by default, with VCF tests of
    /// [`Engine::leaf_vct_vcf_nodes`] = 20 nodes (see [`Engine::leaf_stand_pat`] and the
    /// README for the matches; without stand pat, 200-node probes lost 12 points of 144).
    pub leaf_vct_nodes: u64,
    /// Attacker positions each VCF test of a leaf VCT probe may visit.
    pub leaf_vct_vcf_nodes: u64,
    /// The leaf probes' solver (small tables: it is cleared every probe).
    leaf_vct: VctSolver,
    /// Attacker positions the root VCF searches may visit (under a node limit `N`, at
    /// most `N / 8`: the limit counts them).
    pub root_vcf_nodes: u64,
    /// Nodes the root VCT search may visit (0 = no VCT; under a node limit `N`, at most
    /// `N / 8`; and at most an eighth of the time).
    pub root_vct_nodes: u64,
    vct: VctSolver,
    /// The evaluation's values at the horizon ([`EvalTable::DEFAULT`] unless changed).
    pub eval: EvalTable,
    /// Rank candidate cells by the fitted ordering model ([`crate::order`]) instead of
    /// the hand-set cell values (on by default; see the README for the matches).
    pub fitted_order: bool,
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
}

/// Aspiration windows wider than this (half-width, evaluation units) become infinite.
const ASPIRATION_MAX: i32 = 1000;
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

/// Updates a history value by `bonus` (Stockfish's gravity form: the nearer the value is
/// to ± [`HISTORY_MAX`], the less it moves).
fn history_update(h: &mut i32, bonus: i32) {
    let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
    *h += bonus - *h * bonus.abs() / HISTORY_MAX;
}

/// Most candidates [`Engine::candidate_moves_by`] keeps sorted as it scores the cells
/// (more are sorted once at the end).
const MAX_INSERTION_KEEP: usize = 16;
/// Ordering value below which a move makes no four or open three for either side.
const QUIET_VALUE: i32 = 200;
/// Most attacker threats of the root VCT searches.
const VCT_DEPTH: u32 = 10;
/// The root VCT's part of the budget: at most `1 / VCT_SHARE` of the time and of a node
/// limit (the opponent's threat test gets half of that). An eighth, not a quarter: ours
/// capped at 40,000 nodes a move scored 98.5 points of 288 games against Rapfi at 3,000,
/// 5,000, 7,000, 10,000, 15,000 and 20,000 nodes with an eighth, 82.5 with a quarter; at
/// 5,000 and 10,000 nodes a half won 15 + 9 games and a sixteenth 20 + 11, an eighth
/// 23 + 12 (see the README).
const VCT_SHARE: u64 = 8;

impl Engine {
    /// An engine with a transposition table of `tt_mib` MiB.
    pub fn new(tt_mib: usize) -> Engine {
        Engine {
            tt: TranspositionTable::new(tt_mib),
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
            history: true,
            history_table: vec![0; 2 * HISTORY_CELLS],
            four_extension: false,
            max_moves: 8,
            leaf_vcf_nodes: 60,
            null_move_depth: 0,
            null_move_reduction: 2,
            null_move_margin: 0,
            null_move_verify: false,
            null_at: 0,
            null_off: false,
            aspiration: 0,
            futility_margin: 0,
            futility_depth: 2,
            depth_widths: Vec::new(),
            width_gap: 0,
            move_count_pruning: true,
            move_count_base: 3.0,
            gap_min: 3,
            quick_wins: true,
            leaf_vct_nodes: 100,
            leaf_vct_vcf_nodes: 20,
            leaf_vct: VctSolver::with_entries(1 << 10),
            exact_three_defence: false,
            leaf_stand_pat: true,
            leaf_vcf_four_three: true,
            root_vcf_nodes: 20_000,
            root_vct_nodes: 40_000,
            vct: VctSolver::new(),
            eval: EvalTable::DEFAULT,
            fitted_order: true,
            level: <crate::Level as zerosum::Level>::default_level(),
            leaf_sample_every: 0,
            leaf_samples: Vec::new(),
            leaf_count: 0,
            stats: SearchStats::default(),
        }
    }

    /// Forgets everything learned (new game or new rule).
    pub fn clear(&mut self) {
        self.history_table.fill(0);
        self.tt.clear();
        self.vcf.clear();
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
            self.aborted = self.budget.poll();
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

    /// Candidate moves of the side to move, best ordering value first, at most `cap`:
    /// against a four only the block; against an open three (a cell where the opponent
    /// would make an open four) only the cells that change that line and our own fours;
    /// otherwise every empty cell within two of a stone. Under renju black's forbidden
    /// points are left out (so black facing a four it may not block has no candidate).
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
        out.clear();
        if board.outcome().is_some() {
            return;
        }
        let me = board.side_to_move();
        let opp = !me;
        let m = board.size() / 2;
        if board.stone_count() == 0 && board.raw(board.index(Cell::new(m, m))) == 0 {
            out.push((0, Cell::new(m, m)));
            return;
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
            return;
        }
        let open_three = board.pattern_count(opp, Pattern::OpenFour) > 0;
        let scorer = order.map(|o| o.at(board));
        // Best first: higher value, then the lower cell (a total order, as the cells
        // differ, so every way of ordering gives one result).
        let by_value = |a: &(i32, Cell), b: &(i32, Cell)| b.0.cmp(&a.0).then(a.1.cmp(&b.1));
        // When only the first few are kept, they are kept sorted as the cells come (a
        // cell not better than the last kept one costs one comparison): the same moves
        // in the same order as sorting the whole list and truncating it.
        let keep = cap.max(1);
        let insert = !open_three && keep <= MAX_INSERTION_KEEP;
        for &i in board.frontier() {
            let i = usize::from(i);
            let mine = board.patterns(i, me);
            let theirs = board.patterns(i, opp);
            if open_three {
                let my_four = mine.iter().any(|&v| v >= Pattern::Four as u8);
                let defends = theirs.iter().any(|&v| v >= Pattern::Four as u8);
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
            if !open_three {
                out.truncate(keep);
            }
        }
    }

    /// The width of a node with `depth` plies to go ([`Engine::depth_widths`]).
    fn width(&self, depth: i32) -> usize {
        match self.depth_widths.len() {
            0 => self.max_moves,
            n => self.depth_widths[(depth.max(1) as usize).min(n) - 1],
        }
    }

    /// The ordering model in use: the fitted one when [`Engine::fitted_order`] is set.
    fn order(&self) -> Option<&'static OrderScorer> {
        self.fitted_order.then(OrderScorer::fitted)
    }

    /// Whether the move `c` of the side to move (ordering value `value`) is quiet: it
    /// makes no open three or four of its own and blocks no four of the opponent's.
    /// (The hand-set values say it by their size.)
    fn is_quiet_move(&self, b: &Board, c: Cell, value: i32) -> bool {
        if !self.fitted_order {
            return value < QUIET_VALUE;
        }
        let i = b.index(c);
        let me = b.side_to_move();
        !b.patterns(i, me)
            .iter()
            .any(|&p| p >= Pattern::OpenThree as u8)
            && !b.patterns(i, !me).iter().any(|&p| p >= Pattern::Four as u8)
    }

    /// The plies [`Engine::reductions`] takes from the `k`-th move of a node with
    /// `depth` plies left, whose ordering value is `gap` units below the node's best,
    /// quiet or not, with history value `h`.
    fn reduction(&self, depth: i32, k: usize, gap: i32, quiet: bool, h: i32) -> i32 {
        let mut r = f64::from(depth).ln() * ((k + 1) as f64).ln() / self.reduction_divisor;
        r += f64::from(gap.max(0)) * f64::from(self.reduction_gap) / 10_000.0;
        if !quiet {
            r -= 1.0;
        }
        r -= f64::from(h) / f64::from(HISTORY_MAX);
        (r.round() as i32).max(0)
    }

    fn negamax(
        &mut self,
        b: &mut Board,
        depth: i32,
        mut alpha: Score,
        beta: Score,
        ply: u32,
    ) -> Score {
        // Checked before the node is counted, so that a node limit is never passed.
        if self.check_abort() {
            return Score::DRAW;
        }
        self.nodes += 1;
        // 1. Terminal positions: the previous move won, or the board is full.
        // Counted as early; the horizon and the move loop take it back.
        self.stats.early += 1;
        match b.outcome() {
            Some(Outcome::Draw) => return Score::DRAW,
            Some(Outcome::Win(_)) => return Score::loss_in(ply),
            None => {}
        }
        let me = b.side_to_move();
        // 2. Immediate wins and forced losses.
        if b.pattern_count(me, Pattern::Five) > 0 {
            return Score::win_in(ply + 1);
        }
        let opp_fives = b.pattern_count(!me, Pattern::Five);
        if opp_fives == 0 && has_double_four_cell(b, me) {
            return Score::win_in(ply + 3);
        }
        if opp_fives > 0 && b.win_points(!me).nth(1).is_some() {
            return Score::loss_in(ply + 2);
        }
        // Wins the threat classes show (double three, four-three) without a search.
        if self.quick_wins && opp_fives == 0 && quick_win(b) {
            self.stats.quick_wins += 1;
            return Score::win_in(ply + 5);
        }
        // 3. Horizon: with stand pat, the static value stands when it already reaches
        // beta (our VCF could only raise it: the cut-off is the same); else our own VCF
        // (with the four-three gate, only when we have a four-three cell), then the VCT
        // probe (when on), else the static value.
        if depth <= 0 || ply >= MAX_PLY {
            self.stats.horizon += 1;
            self.stats.early -= 1;
            let stand = evaluate_with(b, &self.eval);
            if self.leaf_stand_pat && stand >= beta {
                return stand;
            }
            // The VCF visits at most its limit + 1 positions: within the node limit.
            let room = self.node_limit.saturating_sub(self.nodes);
            if opp_fives == 0
                && self.leaf_vcf_nodes > 0
                && room > 0
                && b.pattern_count(me, Pattern::Four) > 0
                && (!self.leaf_vcf_four_three || b.class_counts(me)[2] > 0)
            {
                let line = self.vcf.solve(b, 12, self.leaf_vcf_nodes.min(room - 1));
                self.nodes += self.vcf.nodes;
                self.stats.probe_nodes += self.vcf.nodes;
                if let Some(line) = line {
                    return Score::win_in(ply + line.len() as u32);
                }
            }
            // A VCT probe where the side to move has a double-three or four-three cell
            // (quick_win could not prove it: the opponent has fours to answer with). The
            // solver may pass its limit by two of its VCF tests: kept within the room.
            let room = self.node_limit.saturating_sub(self.nodes);
            let slack = 2 * (self.leaf_vct_vcf_nodes + 2);
            let classes = b.class_counts(me);
            if opp_fives == 0
                && self.leaf_vct_nodes > 0
                && room > 2 * slack
                && classes[1] + classes[2] > 0
            {
                self.leaf_vct.vcf_nodes = self.leaf_vct_vcf_nodes;
                let limit = self.leaf_vct_nodes.min(room - slack);
                let proof = self
                    .leaf_vct
                    .prove_within(b, LEAF_VCT_DEPTH, limit, &self.budget);
                self.nodes += self.leaf_vct.nodes;
                self.stats.probe_nodes += self.leaf_vct.nodes;
                if let Some(p) = proof {
                    return Score::win_in(ply + p.plies(b));
                }
            }
            if self.leaf_sample_every > 0 {
                self.leaf_count += 1;
                if self.leaf_count >= self.leaf_sample_every {
                    self.leaf_count = 0;
                    self.leaf_samples.push(b.moves().to_vec());
                }
            }
            return stand;
        }
        // 4. Transposition table.
        let key = b.hash();
        let mut tt_move = None;
        if let Some(e) = self.tt.probe(key) {
            tt_move = e.mv;
            if e.depth as i32 >= depth {
                let s = e.score.from_tt(ply);
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                };
                if cut {
                    self.stats.tt_cuts += 1;
                    return s;
                }
            }
        }
        // 4b. Null move (off by default).
        let zero_window = beta.0 - alpha.0 == 1;
        let calm = opp_fives == 0 && b.pattern_count(!me, Pattern::OpenFour) == 0;
        let mut stand = None;
        if self.null_move_depth > 0
            && zero_window
            && calm
            && depth >= self.null_move_depth
            && self.null_at != ply
            && !self.null_off
            && !beta.is_decisive()
            && b.pattern_count(me, Pattern::Five) == 0
            && {
                let (mine, theirs) = (b.class_counts(me), b.class_counts(!me));
                mine[1] + mine[2] + theirs[1] + theirs[2] == 0
            }
        {
            let s0 = evaluate_with(b, &self.eval);
            stand = Some(s0);
            if s0 >= beta + self.null_move_margin {
                let saved = self.null_at;
                self.null_at = ply + 1;
                b.set_side_to_move(!me);
                let r = self.null_move_reduction;
                let s = -self.negamax(b, depth - 1 - r, -beta, -beta + 1, ply + 1);
                b.set_side_to_move(me);
                self.null_at = saved;
                if self.aborted {
                    return Score::DRAW;
                }
                if s >= beta {
                    let holds = !self.null_move_verify || {
                        self.null_off = true;
                        let v = self.negamax(b, depth - r, beta - 1, beta, ply);
                        self.null_off = false;
                        if self.aborted {
                            return Score::DRAW;
                        }
                        v >= beta
                    };
                    if holds {
                        return if s.is_decisive() { beta } else { s };
                    }
                }
            }
        }
        // 5. Moves: forced replies or the best candidates, into this ply's buffer (put
        // back before every return below).
        let mut moves = std::mem::take(&mut self.move_lists[ply as usize]);
        Self::candidate_moves_by(b, self.width(depth), &mut moves, self.order());
        if self.width_gap > 0 && calm && moves.len() > self.gap_min {
            let floor = moves[0].0 - self.width_gap;
            let keep = self.gap_min;
            let mut k = 0;
            moves.retain(|m| {
                k += 1;
                k <= keep || m.0 >= floor
            });
        }
        if self.exact_three_defence
            && opp_fives == 0
            && b.pattern_count(!me, Pattern::OpenFour) > 0
            && !moves.is_empty()
        {
            // Against an open three only our fours and the moves after which the opponent
            // has neither an open-four nor a double-four cell. The others
            // lose at once in the child (win in 3 for the opponent, step 2): dropping them
            // here keeps every value and saves their nodes.
            moves.retain(|&(_, c)| {
                let i = b.index(c);
                if b.patterns(i, me).iter().any(|&p| p >= Pattern::Four as u8) {
                    return true;
                }
                b.play_unchecked(c);
                let holds = b.outcome().is_some() || !has_double_four_cell(b, !me);
                b.try_undo();
                holds
            });
            if moves.is_empty() {
                self.move_lists[ply as usize] = moves;
                // What each dropped move's child returns.
                return Score::loss_in(ply + 4);
            }
        }
        if moves.is_empty() {
            self.move_lists[ply as usize] = moves;
            // Renju: black may not block the four (or has no allowed cell near the stones).
            return if opp_fives > 0 {
                Score::loss_in(ply + 2)
            } else {
                evaluate_with(b, &self.eval)
            };
        }
        // Killers (quiet moves that cut off at this ply before), then the TT move, first.
        let slot = (ply as usize).min(KILLER_PLIES - 1);
        for killer in self.killers[slot].into_iter().rev().flatten() {
            if let Some(pos) = moves.iter().position(|m| m.1 == killer) {
                moves[..=pos].rotate_right(1);
            }
        }
        if let Some(t) = tt_move
            && let Some(pos) = moves.iter().position(|m| m.1 == t)
        {
            moves[..=pos].rotate_right(1);
        }
        let next_depth = if moves.len() == 1 { depth } else { depth - 1 };
        // Futility: the quiet moves after the first cannot raise a hopeless static value
        // to alpha this close to the horizon.
        let futile = if self.futility_margin > 0
            && zero_window
            && calm
            && depth <= self.futility_depth
            && !alpha.is_decisive()
            && moves.len() > 1
        {
            let s0 = *stand.get_or_insert_with(|| evaluate_with(b, &self.eval));
            let bound = s0 + self.futility_margin * depth;
            (bound <= alpha).then_some(bound)
        } else {
            None
        };
        // Move-count pruning: near the horizon only the first few candidates.
        let move_count = if self.move_count_pruning && calm {
            (self.move_count_base + f64::from(depth.max(0)).powf(1.32)) as usize
        } else {
            usize::MAX
        };
        self.stats.interior += 1;
        self.stats.early -= 1;
        self.stats.generated += moves.len() as u64;
        let top = moves.iter().map(|m| m.0).max().unwrap_or(0);
        let side = usize::from(me != zerosum::Side::First) * HISTORY_CELLS;
        let reducing = self.reductions
            && calm
            && depth >= self.reduction_depth
            && depth > self.reduction_floor
            && moves.len() > 1;
        let alpha0 = alpha;
        let mut best = -Score::INFINITE;
        let mut best_move = None;
        for (k, &(value, c)) in moves.iter().enumerate() {
            if k >= move_count && best > -Score::INFINITE && !best.is_loss() {
                self.stats.pruned += (moves.len() - k) as u64;
                break;
            }
            // Four extension: a four costs no depth (the block it forces costs none either).
            let four = b
                .patterns(b.index(c), me)
                .iter()
                .any(|&p| p >= Pattern::Four as u8);
            let next_depth = if self.four_extension && ply < MAX_PLY / 2 && four {
                self.stats.extended += 1;
                depth
            } else {
                next_depth
            };
            let quiet = self.is_quiet_move(b, c, value);
            if let Some(bound) = futile
                && k > 0
                && quiet
            {
                self.stats.pruned += 1;
                best = best.max(bound);
                continue;
            }
            b.play_unchecked(c);
            if next_depth > 0 {
                // The child probes the table after its first checks.
                self.tt.prefetch(b.hash());
            }
            let mut s;
            if k == 0 {
                s = -self.negamax(b, next_depth, -beta, -alpha, ply + 1);
            } else {
                // Late-move reduction of quiet moves (no four or open three for either
                // side), re-searched at full depth when they beat alpha.
                let r = if reducing {
                    if k >= self.reduction_from && !four {
                        let h = if self.history {
                            self.history_table[side + b.index(c)]
                        } else {
                            0
                        };
                        self.reduction(depth, k, top - value, quiet, h)
                            .min(next_depth - self.reduction_floor)
                    } else {
                        0
                    }
                } else {
                    0
                };
                let reduce = r > 0;
                s = if reduce {
                    self.stats.reduced += 1;
                    -self.negamax(b, next_depth - r, -alpha - 1, -alpha, ply + 1)
                } else {
                    alpha + 1
                };
                if s > alpha && !self.aborted {
                    if reduce {
                        self.stats.re_searches += 1;
                    }
                    s = -self.negamax(b, next_depth, -alpha - 1, -alpha, ply + 1);
                }
                if s > alpha && s < beta && !self.aborted {
                    self.stats.re_searches += 1;
                    s = -self.negamax(b, next_depth, -beta, -alpha, ply + 1);
                }
            }
            b.try_undo();
            if self.aborted {
                self.move_lists[ply as usize] = moves;
                return Score::DRAW;
            }
            if s > best {
                best = s;
                best_move = Some(c);
                if s > alpha {
                    alpha = s;
                    if s >= beta {
                        self.stats.cuts += 1;
                        self.stats.first_cuts += u64::from(k == 0);
                        self.stats.cut_index_sum += k as u64;
                        if self.history && quiet {
                            let bonus = 64 * depth * depth;
                            history_update(&mut self.history_table[side + b.index(c)], bonus);
                            for &(v, q) in &moves[..k] {
                                if self.is_quiet_move(b, q, v) {
                                    let h = &mut self.history_table[side + b.index(q)];
                                    history_update(h, -bonus);
                                }
                            }
                        }
                        if quiet && self.killers[slot][0] != Some(c) {
                            self.killers[slot][1] = self.killers[slot][0];
                            self.killers[slot][0] = Some(c);
                        }
                        break;
                    }
                }
            }
        }
        self.move_lists[ply as usize] = moves;
        // 6. Store.
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt
            .store(key, best.to_tt(ply), depth.max(0) as u32, bound, best_move);
        best
    }

    /// The plies in which the side to move of `b` wins by VCF or else by VCT, and the
    /// line (the VCF, or the VCT proof's main line), tested on the budgets of the root
    /// defence (a quarter of `vcf_budget` VCF nodes, half of `vct_budget` VCT nodes and a
    /// sixth of the time); `None` when neither is found.
    fn opponent_threat(
        &mut self,
        b: &mut Board,
        vcf_budget: u64,
        vct_budget: u64,
    ) -> Option<(u32, Vec<Cell>)> {
        if vcf_budget > 0 && self.room() > 0 {
            let limit = (vcf_budget / 4 + 1).min(self.room() - 1);
            let line = self.vcf.solve_within(b, 40, limit, &self.budget);
            self.nodes += self.vcf.nodes;
            if let Some(line) = line {
                return Some((line.len() as u32, line));
            }
        }
        let limit = (vct_budget / 2).min(self.vct_room());
        if limit == 0 {
            return None;
        }
        let time = self.budget.share(1.0 / 6.0, None);
        let proof = self.vct.prove_within(b, VCT_DEPTH, limit, &time);
        self.nodes += self.vct.nodes;
        proof.map(|p| (p.plies(b), p.main_line()))
    }

    fn pv_from_tt(&self, board: &Board, first: Cell, max: usize) -> Vec<Cell> {
        let mut b = board.clone();
        let mut pv = vec![first];
        b.play_unchecked(first);
        while pv.len() < max && b.outcome().is_none() {
            match self.tt.probe(b.hash()).and_then(|e| e.mv) {
                Some(m) if b.is_legal(m) => {
                    pv.push(m);
                    b.play_unchecked(m);
                }
                _ => break,
            }
        }
        pv
    }

    /// Searches `board` under `limits` (depth in plies, nodes, time, stop flag) and returns
    /// the move to play with its score, principal variation and root candidates. Time and
    /// the stop flag come from one core [`Budget`], polled at every search node and every
    /// 8 VCF nodes (the root VCT gets an eighth of it), so the search returns shortly
    /// after its maximum; `elapsed` is the budget's own clock. With only a node limit the
    /// result is reproducible.
    pub fn search(&mut self, board: &Board, limits: &Limits) -> SearchInfo {
        self.search_observed(board, limits, &mut |_| {})
    }

    /// [`Engine::search`], calling `observer` after each finished iteration. Time comes
    /// from the core [`Budget`]: no iteration starts after its optimum, and the searches
    /// stop at its maximum.
    pub fn search_observed(
        &mut self,
        board: &Board,
        limits: &Limits,
        observer: &mut zerosum::Observer<'_, Cell>,
    ) -> SearchInfo {
        self.budget = self.budget_for(limits);
        self.stall = Duration::ZERO;
        self.nodes = 0;
        self.aborted = false;
        self.node_limit = limits.nodes.unwrap_or(u64::MAX);
        self.tt.new_search();
        self.killers = [[None; 2]; KILLER_PLIES];
        self.stats = SearchStats::default();
        self.history_table.iter_mut().for_each(|h| *h /= 2);
        let mut info = SearchInfo {
            best: None,
            score: Score::DRAW,
            depth: 0,
            nodes: 0,
            pv: Vec::new(),
            candidates: Vec::new(),
            vcf: None,
            elapsed: Duration::ZERO,
            exact: false,
        };
        let mut b = board.clone();
        match b.outcome() {
            // The previous move won: the side to move has lost (0 plies from now).
            Some(Outcome::Win(_)) => {
                info.score = Score::loss_in(0);
                info.exact = true;
                return info;
            }
            Some(Outcome::Draw) => {
                info.exact = true;
                return info;
            }
            None => {}
        }
        let me = b.side_to_move();
        let mut moves = Vec::new();
        Self::candidate_moves_by(&b, usize::MAX, &mut moves, self.order());
        // A dead draw: no five left for either side, whatever is played.
        if !b.five_possible(me) && !b.five_possible(!me) {
            let cell = moves.first().map(|&(_, c)| c).or_else(|| {
                (0..b.cell_count())
                    .find(|&i| b.raw(i) == 0)
                    .map(|i| b.cell_of(i))
            });
            info.best = cell;
            info.exact = true;
            info.pv = cell.into_iter().collect();
            info.candidates = moves
                .iter()
                .map(|&(_, c)| Candidate {
                    cell: c,
                    score: Score::DRAW,
                    bound: Bound::Exact,
                })
                .collect();
            info.elapsed = self.budget.elapsed();
            return info;
        }
        // Root step 1: a win at once or a VCF.
        if let Some(w) = (0..b.cell_count()).find(|&i| b.is_winning_cell(i, me)) {
            let c = b.cell_of(w);
            info.best = Some(c);
            info.score = Score::win_in(1);
            info.exact = true;
            info.pv = vec![c];
            info.candidates = vec![Candidate {
                cell: c,
                score: info.score,
                bound: Bound::Exact,
            }];
            info.elapsed = self.budget.elapsed();
            return info;
        }
        // Under a node limit the root solvers get parts of it (an eighth for the VCF, an
        // eighth for the VCT, less for the defence), and the tree search the rest.
        let part = |want: u64, share: u64| want.min(self.node_limit / share);
        let vcf_budget = part(self.root_vcf_nodes, 8);
        if vcf_budget > 0
            && let Some(line) = self
                .vcf
                .solve_within(&mut b, 40, vcf_budget - 1, &self.budget)
        {
            self.nodes += self.vcf.nodes;
            info.best = Some(line[0]);
            info.score = Score::win_in(line.len() as u32);
            info.exact = true;
            info.pv = line.clone();
            info.candidates = vec![Candidate {
                cell: line[0],
                score: info.score,
                bound: Bound::Exact,
            }];
            info.vcf = Some(line);
            info.nodes = self.nodes;
            info.elapsed = self.budget.elapsed();
            return info;
        }
        if vcf_budget > 0 {
            self.nodes += self.vcf.nodes;
        }
        // Root step 1b: a VCT (threes and fours) on its own budget: at most an eighth of
        // the time (and of a node limit).
        let vct_budget = part(self.root_vct_nodes, VCT_SHARE);
        if vct_budget.min(self.vct_room()) > 0 {
            let budget = vct_budget.min(self.vct_room());
            let vct_time = self.budget.share(1.0 / VCT_SHARE as f64, None);
            if let Some(proof) = self.vct.prove_within(&mut b, VCT_DEPTH, budget, &vct_time) {
                self.nodes += self.vct.nodes;
                info.best = Some(proof.first_move());
                // The plies the proof guarantees, not its main line's length: the line
                // stops where no defence needed an answer (e.g. after a double three).
                info.score = Score::win_in(proof.plies(&mut b));
                info.exact = true;
                info.pv = proof.main_line();
                info.candidates = vec![Candidate {
                    cell: info.pv[0],
                    score: info.score,
                    bound: Bound::Exact,
                }];
                info.nodes = self.nodes;
                info.elapsed = self.budget.elapsed();
                return info;
            }
            self.nodes += self.vct.nodes;
        }
        // Root step 2: if the opponent, moving now, would win by VCF or VCT, keep only the
        // moves after which it no longer does (tested on a smaller budget, until half the
        // time is gone), and our fours.
        if moves.len() > 1 && b.pattern_count(!me, Pattern::Five) == 0 {
            b.set_side_to_move(!me);
            let vcf_threat = if self.room() > 0 {
                let limit = (vcf_budget / 4 + 1).min(self.room() - 1);
                let t = self.vcf.solve_within(&mut b, 40, limit, &self.budget);
                self.nodes += self.vcf.nodes;
                t
            } else {
                None
            };
            let vct_threat = if vcf_threat.is_none() && (vct_budget / 2).min(self.vct_room()) > 0 {
                let p = self.vct.prove_within(
                    &mut b,
                    VCT_DEPTH,
                    (vct_budget / 2).min(self.vct_room()),
                    &self.budget.share(1.0 / 6.0, None),
                );
                self.nodes += self.vct.nodes;
                p
            } else {
                None
            };
            b.set_side_to_move(me);
            if vcf_threat.is_some() || vct_threat.is_some() {
                // The best candidates by ordering value (defences of a threat rank high:
                // they take the opponent's best cells).
                let mut order = moves.clone();
                order.truncate(self.max_moves * 2);
                let half = self.budget.share(0.5, None);
                let mut safe = Vec::new();
                let mut unchecked = Vec::new();
                for &(v, c) in &order {
                    if half.poll() || self.room() < 2 {
                        unchecked.push((v, c));
                        continue;
                    }
                    let i = b.index(c);
                    let my_four = b.patterns(i, me).iter().any(|&p| p >= Pattern::Four as u8);
                    b.play_unchecked(c);
                    let refuted = my_four || b.outcome().is_some() || {
                        let limit = (vcf_budget / 8 + 1).min(self.room() - 1);
                        let vcf = self.vcf.solve_within(&mut b, 40, limit, &half);
                        self.nodes += self.vcf.nodes;
                        vcf.is_none()
                            && (vct_budget == 0 || self.vct_room() == 0 || {
                                let limit = (vct_budget / 32 + 1).min(self.vct_room());
                                let t = self.vct.prove_within(&mut b, VCT_DEPTH, limit, &half);
                                self.nodes += self.vct.nodes;
                                t.is_none()
                            })
                    };
                    b.try_undo();
                    if refuted {
                        safe.push((v, c));
                    }
                }
                if safe.iter().any(|m| {
                    let i = b.index(m.1);
                    !b.patterns(i, me).iter().any(|&p| p >= Pattern::Four as u8)
                }) {
                    safe.extend(unchecked.into_iter().take(self.max_moves));
                    moves = safe;
                }
            }
        }
        if moves.is_empty() {
            // Renju: black may not block a four (or has no allowed cell near the stones):
            // any allowed cell, nearest the stones first.
            let allowed = |i: usize| b.is_legal(b.cell_of(i));
            let pick = (0..b.cell_count())
                .find(|&i| b.near(i) > 0 && allowed(i))
                .or_else(|| (0..b.cell_count()).find(|&i| allowed(i)));
            match pick {
                Some(i) => moves.push((0, b.cell_of(i))),
                None => {
                    info.elapsed = self.budget.elapsed();
                    info.exact = true;
                    return info;
                }
            }
        }
        if moves.len() > self.max_moves * 2 {
            moves.truncate(self.max_moves * 2);
        }
        let mut scores: Vec<(Cell, Score, Bound)> = moves
            .iter()
            .map(|&(_, c)| (c, Score::DRAW, Bound::Upper))
            .collect();
        info.best = Some(scores[0].0);
        info.candidates = scores
            .iter()
            .map(|&(cell, score, bound)| Candidate { cell, score, bound })
            .collect();
        if moves.len() == 1 {
            // One move (a forced block, renju's only allowed cell, the last cell): no
            // tree search; its value is exact when it ends the game, cannot stop the
            // opponent's five (renju: the block is forbidden; or a second four), or
            // leaves the opponent a VCF or VCT (tested as the root defence tests, on the
            // same budgets), else the static evaluation after it (depth 1).
            let c = scores[0].0;
            b.play_unchecked(c);
            (info.score, info.exact) = match b.outcome() {
                Some(Outcome::Win(_)) => (Score::win_in(1), true),
                Some(Outcome::Draw) => (Score::DRAW, true),
                None if b.pattern_count(!me, Pattern::Five) > 0 => (Score::loss_in(2), true),
                None => match self.opponent_threat(&mut b, vcf_budget, vct_budget) {
                    Some((plies, line)) => {
                        info.pv.extend(line);
                        (Score::loss_in(1 + plies), true)
                    }
                    None => (-evaluate_with(&b, &self.eval), false),
                },
            };
            b.try_undo();
            info.pv.insert(0, c);
            info.candidates = vec![Candidate {
                cell: c,
                score: info.score,
                bound: Bound::Exact,
            }];
            info.nodes = self.nodes;
            info.depth = 1;
            info.elapsed = self.budget.elapsed();
            return info;
        }
        // Root step 3: iterative deepening PVS, in the nodes the root solvers left.
        self.stats.root_solver_nodes = self.nodes;
        self.last_poll = self.budget.elapsed();
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).min(MAX_DEPTH);
        'deepening: for depth in 1..=max_depth {
            // The window: infinite, or with aspiration windows (from the second
            // iteration) a band around the last value, widened on each fail.
            let prev = scores[0].1;
            let mut delta = self.aspiration;
            let (mut lo, mut hi) = if delta > 0 && depth > 1 && !prev.is_decisive() {
                (prev - delta, prev + delta)
            } else {
                (-Score::INFINITE, Score::INFINITE)
            };
            let (iter_best, mut iter_scores) = loop {
                let mut alpha = lo;
                let beta = hi;
                let mut iter_best: Option<(usize, Score)> = None;
                let mut iter_scores = scores.clone();
                let mut searched = 0;
                for k in 0..scores.len() {
                    let c = scores[k].0;
                    b.play_unchecked(c);
                    let s = if k == 0 {
                        -self.negamax(&mut b, depth as i32 - 1, -beta, -alpha, 1)
                    } else {
                        let s = -self.negamax(&mut b, depth as i32 - 1, -alpha - 1, -alpha, 1);
                        if s > alpha && s < beta && !self.aborted {
                            -self.negamax(&mut b, depth as i32 - 1, -beta, -alpha, 1)
                        } else {
                            s
                        }
                    };
                    b.try_undo();
                    if self.aborted {
                        break;
                    }
                    searched = k + 1;
                    if s > alpha {
                        alpha = s;
                        iter_best = Some((k, s));
                        iter_scores[k] = (c, s, Bound::Exact);
                        if s >= beta {
                            // Fail high (a finite beta: aspiration).
                            break;
                        }
                    } else {
                        iter_scores[k] = (c, s, Bound::Upper);
                    }
                }
                if self.aborted {
                    if let Some((k, s)) = iter_best
                        && (k != 0 || depth == 1)
                    {
                        // A move searched in full at the new depth beat the old best.
                        info.best = Some(scores[k].0);
                        info.score = s;
                        info.depth = depth;
                        if depth == 1 {
                            // No iteration finished: the candidates are this one's values,
                            // the moves it did not reach left out.
                            iter_scores.truncate(searched);
                            let (best, mut rest): (Vec<_>, Vec<_>) =
                                iter_scores.into_iter().partition(|m| m.0 == scores[k].0);
                            rest.sort_by_key(|m| std::cmp::Reverse(m.1));
                            info.candidates = best
                                .into_iter()
                                .chain(rest)
                                .map(|(cell, score, bound)| Candidate { cell, score, bound })
                                .collect();
                        }
                        // Otherwise the candidates stay those of the last finished
                        // iteration: values of two depths are not mixed in one list.
                    }
                    break 'deepening;
                }
                delta = delta.saturating_mul(4);
                let infinite = delta > ASPIRATION_MAX;
                match iter_best {
                    None if lo > -Score::INFINITE => {
                        // Fail low: every move is at most lo.
                        let top = iter_scores.iter().map(|m| m.1).max().unwrap_or(lo);
                        lo = if infinite {
                            -Score::INFINITE
                        } else {
                            (top - delta).max(-Score::INFINITE)
                        };
                    }
                    Some((k, s)) if s >= hi && hi < Score::INFINITE => {
                        // Fail high: that move is searched first again; it already beat
                        // the old best at this depth.
                        let m = scores.remove(k);
                        scores.insert(0, m);
                        info.best = Some(m.0);
                        info.score = s;
                        info.depth = depth;
                        hi = if infinite {
                            Score::INFINITE
                        } else {
                            (s + delta).min(Score::INFINITE)
                        };
                    }
                    _ => break (iter_best, iter_scores),
                }
            };
            // A finished iteration: best first, the rest by their bounds.
            if let Some((k, _)) = iter_best {
                let m = iter_scores.remove(k);
                iter_scores.insert(0, m);
            }
            let head = iter_scores.remove(0);
            iter_scores.sort_by_key(|m| std::cmp::Reverse(m.1));
            iter_scores.insert(0, head);
            scores = iter_scores;
            info.best = Some(scores[0].0);
            info.score = scores[0].1;
            info.depth = depth;
            info.candidates = scores
                .iter()
                .map(|&(cell, score, bound)| Candidate { cell, score, bound })
                .collect();
            let elapsed = self.budget.elapsed();
            observer(&Report {
                depth,
                score: info.score,
                pv: self.pv_from_tt(&b, scores[0].0, 16),
                nodes: self.nodes,
                elapsed,
                nodes_per_second: (self.nodes as f64 / elapsed.as_secs_f64().max(1e-3)) as u64,
                exact: info.score.is_decisive(),
            });
            // Stop early only on a win: a lost score comes from a tree whose quiet
            // defences are cut to the best candidates, so a deeper iteration may still
            // find the move that holds (time not used on this move is lost anyway).
            if info.score.is_win() || !self.budget.start_iteration(0) {
                break;
            }
        }
        let best = info.best.expect("a root move exists");
        info.pv = self.pv_from_tt(&b, best, 16);
        info.nodes = self.nodes;
        info.elapsed = self.budget.elapsed();
        info.exact = info.score.is_decisive();
        self.lag = self.stall.max(self.lag * 7 / 8);
        info
    }
}
