//! VCT: victory by continuous threats (fours and open threes).
//!
//! An AND/OR search in the threat space of Allis ("Searching for Solutions in Games and
//! Artificial Intelligence", 1994), as the strong Gomoku engines use it:
//!
//! - at an attacker node the attacker first tries a VCF ([`VcfSolver`]); otherwise it
//!   plays a **threat**: a four, or a move making an open three (a cell from which one
//!   more stone makes an open four). When the defender has a four, the attacker's only
//!   move is the block.
//! - at a defender node, after a four only the block is considered; after an open three
//!   the defender's moves are **every** cell that leaves the attacker without an
//!   open-four or double-four move (tested by playing it, not guessed), plus every
//!   counter-four of its own anywhere on the board. Any other defender move loses to the
//!   attacker's open four at once.
//!
//! A proven win comes with its proof tree ([`VctProof`]), which [`check_vct_proof`]
//! verifies with the rules code alone: for every legal defender move at every defender
//! node, the tree either answers it or the attacker then wins at once (a five, or a
//! move that leaves two winning cells while the defender has none). VCF leaves are
//! checked by [`crate::vcf::check_proof`].
//!
//! The search deepens iteratively on the number of attacker threats (forced blocks are
//! free) and keeps a table of positions proven to fail at a depth.
//!
//! When that runs out of nodes, an optional second stage ([`VctSolver::tss_nodes`])
//! chooses the attacker's moves by **threat-space search** (Allis, 1994): a one-player
//! search over the same threats in which the defender answers each threat by occupying
//! *all* the cells that stop it at once (its "cost squares"; a four made by those stones
//! is blocked by the attacker at no cost). The first move of a sequence that wins there
//! is then proven against every real defence as above, and at each later attacker node
//! the threat-space search picks again (at most [`VctSolver::tss_tries`] first moves a
//! node). The one-player search is far narrower than the AND/OR tree, so it reaches
//! longer threat sequences within the same nodes; its wins are only candidates, every
//! proof still comes from the AND/OR search and passes [`check_vct_proof`].
//!
//! An optional third stage ([`VctSolver::dfpn_nodes`], off by default and in the engine,
//! on in the puzzle suite) runs a
//! depth-first proof-number search (df-pn, Nagai 2002) over the same tree plus the
//! attacker's **λ² moves** (Thomsen, "Lambda-search in game trees", 2000): quiet moves
//! after which the attacker, moving again, would win by VCF; the defender's replies to
//! such a move are the cells that break that VCF, as below. Proof and disproof numbers
//! and each node's move list are kept in a transposition table keyed by the Zobrist
//! hash; optionally ([`VctSolver::dfpn_zones`]) a node below a defender's counter-four
//! and the attacker's block is proven by the proof of the same node without them when
//! the pair lies outside that proof's relevance zone (Wu and Lin, 2010). Its proofs are
//! checked like every other.
//!
//! After a threat that is neither a four nor an open three (the attacker would win by
//! VCF with a second move), the defences sought are the cells of that VCF line, the
//! counter-fours and the cells that share a line with one of the line's forced blocks
//! (only those can turn the blocks into a four of the defender's); a cell after which
//! the same line still wins move by move is no defence, without a new VCF search.

use crate::board::{Board, DIRECTIONS};
use crate::cell::Cell;
use crate::eval::cell_value;
use crate::pattern::Pattern;
use crate::vcf::{VcfSolver, check_proof};
use std::time::Instant;
use zerosum::search::Limits;
use zerosum::time::Budget;
use zerosum::{Game, Outcome, Side};

mod dfpn;
pub use dfpn::near_previous_threat;

/// A proof that the side to move wins by continuous threats.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VctProof {
    /// A VCF proof line (attacker, defender, …, the attacker's five).
    Vcf(Vec<Cell>),
    /// The attacker plays `mv`; every defender reply that does not lose at once is listed
    /// with the proof that the attacker still wins after it.
    Threat {
        /// The attacker's move.
        mv: Cell,
        /// The defender's replies that need an answer, each with its sub-proof.
        replies: Vec<(Cell, VctProof)>,
        /// The most plies the attacker needs to make five after any reply not listed: 1
        /// where it has a five to make, 3 where it has an open four or a double four to
        /// make, else the longest of the VCF lines that answer such replies (a threat
        /// that only a VCF backs, which a move off its line leaves whole).
        rest: u32,
    },
}

impl VctProof {
    /// The first move of the proof.
    pub fn first_move(&self) -> Cell {
        match self {
            VctProof::Vcf(line) => line[0],
            VctProof::Threat { mv, .. } => *mv,
        }
    }

    /// A main line: the attacker's moves with, at each defender node, the reply whose
    /// sub-proof is deepest. It stops where the defender has no reply listed (an open
    /// four made, a threat a VCF backs), so it can be a single move that does not end
    /// in five.
    pub fn main_line(&self) -> Vec<Cell> {
        match self {
            VctProof::Vcf(line) => line.clone(),
            VctProof::Threat { mv, replies, .. } => {
                let mut out = vec![*mv];
                if let Some((r, sub)) = replies.iter().max_by_key(|(_, p)| p.size()) {
                    out.push(*r);
                    out.extend(sub.main_line());
                }
                out
            }
        }
    }

    /// The plies to five that the proof guarantees at most, the attacker to move on `b`
    /// (the board the proof was found on; restored before returning): a VCF line's
    /// length; 1 for a threat that is a five; else 2 plus the longest of its listed
    /// replies' proofs and of its `rest` (what the replies not listed leave: 3 after an
    /// open four to make, a VCF line's length after a threat a VCF backs). The main line
    /// ([`VctProof::main_line`]) can be shorter than this: it stops where the defender
    /// has no reply worth listing.
    pub fn plies(&self, b: &mut Board) -> u32 {
        match self {
            VctProof::Vcf(line) => line.len() as u32,
            VctProof::Threat { mv, replies, rest } => {
                b.play_unchecked(*mv);
                let plies = if b.outcome().is_some() {
                    1
                } else {
                    let mut longest = *rest;
                    for (r, sub) in replies {
                        b.play_unchecked(*r);
                        longest = longest.max(sub.plies(b));
                        b.try_undo();
                    }
                    2 + longest
                };
                b.try_undo();
                plies
            }
        }
    }

    /// Number of attacker moves in the whole tree.
    pub fn size(&self) -> usize {
        match self {
            VctProof::Vcf(line) => line.len().div_ceil(2),
            VctProof::Threat { replies, .. } => {
                1 + replies.iter().map(|(_, p)| p.size()).sum::<usize>()
            }
        }
    }
}

/// A VCT solver (owns a [`VcfSolver`] and a failure table).
#[derive(Clone, Debug)]
pub struct VctSolver {
    vcf: VcfSolver,
    fails: Vec<(u64, u8)>,
    mask: usize,
    /// Nodes of the last [`VctSolver::solve`] (attacker and defender positions), plus the
    /// VCF nodes.
    pub nodes: u64,
    node_limit: u64,
    budget: Budget,
    polls: u32,
    aborted: bool,
    /// Attacker positions each VCF test may visit.
    pub vcf_nodes: u64,
    /// Most plies a line may reach from the root (bounds chains of counter-fours).
    pub max_ply: u32,
    /// Nodes of the threat-space-guided second stage (see [`VctSolver::prove_within`]);
    /// 0 (the default) leaves it out.
    pub tss_nodes: u64,
    /// First moves of threat-space sequences tried at each attacker node of the second
    /// stage.
    pub tss_tries: u32,
    guided: bool,
    tss_fails: Vec<(u64, u8)>,
    /// Whether a position whose VCF test failed is not tested again within one proof
    /// (see `vcf_test`); off by default (the engine's root VCT), on in the puzzle suite.
    pub vcf_memo: bool,
    /// Hashes of positions whose VCF test failed in this proof (see `vcf_test`).
    no_vcf: Vec<u64>,
    /// Nodes of the depth-first proof-number stage (df-pn, Nagai 2002, with λ² moves;
    /// see the module documentation), run when the stages before it ran out of nodes;
    /// 0 (the default and the engine's setting) leaves it out; the puzzle suite uses
    /// `suite::SUITE_DFPN_NODES`.
    pub dfpn_nodes: u64,
    /// Most nodes one proof may visit over all its stages together (the deepening's
    /// `node_limit`, [`VctSolver::tss_nodes`] and [`VctSolver::dfpn_nodes`]): a later
    /// stage gets only what this leaves. `u64::MAX` (the default) caps nothing; the
    /// engine sets it to what its node limit leaves, so that the stages' budgets of
    /// their own cannot pass that limit. Like `node_limit`, it is compared between VCF
    /// tests, so a proof may pass it by about two of them.
    pub max_nodes: u64,
    /// Whether the proof-number stage also plays the attacker's quiet VCF threats (λ²
    /// moves, Thomsen 2000: a closed three or two twos after which the attacker has a
    /// four-three or double-four cell); true by default.
    pub dfpn_quiet: bool,
    /// Whether the proof-number stage also runs when the stages before it ended without
    /// running out of nodes (their trees, fours and open threes only, were exhausted to
    /// the depth asked): then only λ² moves can still prove it. False by default (the
    /// stage runs only after a stage ran out of nodes).
    pub dfpn_always: bool,
    /// Added to the initial proof number of the proof-number stage's attacker moves
    /// below the root that are away from the attacker's previous threat (off its four
    /// lines within four cells and more than three cells from it), so that df-pn tries
    /// the threats that build on it first; 0 treats every move alike. 2 by default.
    pub dfpn_far_pn: u32,
    /// Whether the proof-number stage proves a node by the proof of a proven node with
    /// fewer stones when the extra stones (a defender's counter-four and the attacker's
    /// block, found on the path) lie outside that proof's **relevance zone** (Wu and
    /// Lin's relevance-zone-oriented proof search for Connect6, 2010; Thomsen's lambda
    /// search, 2000; see `vct::dfpn`). False by default (the engine), true in the puzzle
    /// suite; never under renju.
    pub dfpn_zones: bool,
    /// Whether the proof-number stage's λ² moves below the root are only those near the
    /// attacker's previous threat (on its four lines within four cells or within three
    /// cells of it: Allis's dependency of threats, 1994); fours and open threes are
    /// generated everywhere still. False by default (the engine), true in the puzzle
    /// suite.
    pub dfpn_near_quiet: bool,
    /// Whether the proof-number stage's **previous threat** (what [`VctSolver::dfpn_far_pn`]
    /// and [`VctSolver::dfpn_near_quiet`] measure from) is the attacker's previous move
    /// whatever it was, a forced block of a defender's four included (the older rule, kept
    /// for comparison). False by default: the previous threat is the attacker's last
    /// move on the path that was not such a block (a block is forced, not a threat, and
    /// the attack goes on where it was: after a counter-four and its block, Rapfi's lines
    /// of the suite's misses resume near the last threat, not near the block).
    pub dfpn_previous_block: bool,
    /// Nodes of the last proof's proof-number stage proven through relevance zones
    /// ([`VctSolver::dfpn_zones`]): a statistic.
    pub dfpn_aliases: u64,
    /// The attacker's VCF line that made the last defender node of [`VctSolver::defences`]
    /// a threat when it was a λ² threat (empty otherwise): part of that node's zone.
    threat_line: Vec<Cell>,
    /// The (defender, attacker) stone pairs of the current df-pn path: a counter-four
    /// and its forced block (see `vct::dfpn`).
    zone_pairs: Vec<(usize, usize)>,
    /// The attacker's threats on the current df-pn path (its moves less the forced
    /// blocks of the defender's fours), the last one last (see
    /// [`VctSolver::dfpn_previous_block`]).
    dfpn_threats: Vec<Cell>,
    dfpn: dfpn::DfpnTables,
}

impl Default for VctSolver {
    fn default() -> Self {
        VctSolver::new()
    }
}

/// Most plies of a line of the search.
const MAX_PLY: u32 = 64;

/// True when `side` has an empty cell that makes an open four or two fours at once.
fn has_strong_move(b: &Board, side: Side) -> bool {
    let renju_black = side == Side::First && b.rule() == crate::Rule::Renju;
    if b.pattern_count(side, Pattern::OpenFour) > 0 && !renju_black {
        return true;
    }
    if b.pattern_count(side, Pattern::Four) < 2 && b.pattern_count(side, Pattern::OpenFour) == 0 {
        return false;
    }
    // A four's cell has the four's other stones within two cells: on the frontier.
    b.frontier()
        .iter()
        .any(|&i| strong_cell(b, i as usize, side))
}

/// True when a cell with the direction patterns `p` makes an open four or two fours.
/// Under renju a black stone there may be forbidden: see [`strong_cell`].
pub(crate) fn strong(p: &[u8; 4]) -> bool {
    crate::pattern::has_pattern(*p, Pattern::OpenFour)
        || p.iter().filter(|&&v| v >= Pattern::Four as u8).count() >= 2
}

/// True when `side` may play the empty cell `i` and makes an open four or two fours
/// there: [`strong`], and not a forbidden point when `side` is black under renju (a
/// black double four is always forbidden there; an open four can be too, beside a
/// double three or as an overline).
pub(crate) fn strong_cell(b: &Board, i: usize, side: Side) -> bool {
    strong(&b.patterns(i, side))
        && !(side == Side::First && crate::renju::is_forbidden(b, b.cell_of(i)))
}

/// [`has_strong_move`] for the attacker `a` as it would be after a defender's stone on
/// the empty index `j`, read without playing it. `strong_cells` are the attacker's
/// open-four and double-four cells now ([`strong_cell`]), and only they are looked at: a
/// defender's stone only takes win points away from the attacker's lines (a four has
/// one, an open four two or more, a five is made of stones already there), so a cell
/// that is not strong now is not strong after it. A strong cell on a line through `j` is
/// read with the stone added ([`Board::patterns_after_stone`]); the others keep their
/// patterns. Under renju, whether a black cell is forbidden is read on the board as it
/// is: a white stone that makes a false three real (its completing point no longer
/// forbidden) can make a strong cell forbidden, which this does not see; the VCT's
/// defender nodes play the stone for black instead (see `VctSolver::defences`).
pub(crate) fn strong_after(b: &Board, j: usize, a: Side, strong_cells: &[usize]) -> bool {
    strong_cells
        .iter()
        .any(|&i| i != j && strong(&b.patterns_after_stone(i, j, !a, a)))
}

impl VctSolver {
    /// A solver with default budgets.
    pub fn new() -> VctSolver {
        VctSolver::with_entries(1 << 16)
    }

    /// A solver whose failure tables (cleared at the start of every proof) and VCF
    /// failure table hold `entries` entries each (rounded up to a power of two, at least
    /// 16): small tables for many small proofs, as the engine's leaf probes
    /// ([`crate::Engine::leaf_vct_nodes`]) run, where clearing 64 Ki entries a proof
    /// would cost more than the proof.
    pub fn with_entries(entries: usize) -> VctSolver {
        let n = entries.max(16).next_power_of_two();
        VctSolver {
            vcf: VcfSolver::new(n),
            fails: vec![(0, 0); n],
            mask: n - 1,
            nodes: 0,
            node_limit: u64::MAX,
            budget: Budget::unlimited(),
            polls: 0,
            aborted: false,
            vcf_nodes: 150,
            max_ply: MAX_PLY,
            tss_nodes: 0,
            tss_tries: 3,
            guided: false,
            tss_fails: vec![(0, 0); n],
            no_vcf: vec![0; n],
            vcf_memo: false,
            dfpn_nodes: 0,
            max_nodes: u64::MAX,
            dfpn_quiet: true,
            dfpn_always: false,
            dfpn_far_pn: 2,
            dfpn_zones: false,
            dfpn_near_quiet: false,
            dfpn_previous_block: false,
            dfpn_aliases: 0,
            threat_line: Vec::new(),
            zone_pairs: Vec::new(),
            dfpn_threats: Vec::new(),
            dfpn: dfpn::DfpnTables::default(),
        }
    }

    /// Forgets everything kept between proofs (a new game, a new rule, or a position that
    /// must be answered as in a fresh solver): the VCF solver's failure table, which
    /// every proof reuses, and the tables each proof clears at its start anyway.
    pub fn clear(&mut self) {
        self.vcf.clear();
        self.fails.iter_mut().for_each(|e| *e = (0, 0));
        self.tss_fails.iter_mut().for_each(|e| *e = (0, 0));
        self.no_vcf.iter_mut().for_each(|e| *e = 0);
        self.dfpn.clear();
        self.polls = 0;
    }

    /// Looks for a VCT of the side to move with at most `depth` attacker threats (forced
    /// blocks not counted), within `node_limit` nodes and before `deadline`. Returns a
    /// main line (first move first, [`VctProof::main_line`]) or `None`. The board is
    /// restored before returning. The line need not end in five: it stops where the
    /// defender has no reply worth listing (after an open four, say, a single move);
    /// [`VctSolver::prove`] gives the whole proof, with its length in plies
    /// ([`VctProof::plies`]).
    pub fn solve(
        &mut self,
        board: &mut Board,
        depth: u32,
        node_limit: u64,
        deadline: Option<Instant>,
    ) -> Option<Vec<Cell>> {
        self.prove(board, depth, node_limit, deadline)
            .map(|p| p.main_line())
    }

    /// As [`VctSolver::solve`], giving up once `budget` says stop (its maximum time or
    /// stop flag; its node limit is not used, `node_limit` is).
    pub fn solve_within(
        &mut self,
        board: &mut Board,
        depth: u32,
        node_limit: u64,
        budget: &Budget,
    ) -> Option<Vec<Cell>> {
        self.prove_within(board, depth, node_limit, budget)
            .map(|p| p.main_line())
    }

    /// As [`VctSolver::solve`], returning the whole proof tree.
    pub fn prove(
        &mut self,
        board: &mut Board,
        depth: u32,
        node_limit: u64,
        deadline: Option<Instant>,
    ) -> Option<VctProof> {
        let budget = match deadline {
            None => Budget::unlimited(),
            Some(d) => {
                let left = d.saturating_duration_since(Instant::now());
                Budget::new(&Limits::time(left + Budget::overhead(left)))
            }
        };
        self.prove_within(board, depth, node_limit, &budget)
    }

    /// As [`VctSolver::prove`] under a core time [`Budget`].
    pub fn prove_within(
        &mut self,
        board: &mut Board,
        depth: u32,
        node_limit: u64,
        budget: &Budget,
    ) -> Option<VctProof> {
        self.nodes = 0;
        self.dfpn_aliases = 0;
        self.node_limit = node_limit.min(self.max_nodes);
        self.budget = budget.clone();
        self.aborted = false;
        if board.outcome().is_some() || budget.is_stopped() {
            return None;
        }
        // The search runs on a solver copy (no evaluation sums kept on make/undo); the
        // caller's board is left as it was.
        let mut copy;
        let board = if board.is_solver_copy() {
            board
        } else {
            copy = board.solver_copy();
            &mut copy
        };
        self.fails.iter_mut().for_each(|e| *e = (0, 0));
        self.tss_fails.iter_mut().for_each(|e| *e = (0, 0));
        self.no_vcf.iter_mut().for_each(|e| *e = 0);
        for d in 1..=depth {
            if let Some(p) = self.attack(board, d, 0) {
                return Some(p);
            }
            if self.aborted {
                break;
            }
        }
        // The second stage, when the first ran out of nodes (not of time): attacker
        // moves chosen by threat-space search, with nodes of its own.
        if self.tss_nodes > 0
            && self.aborted
            && self.stage_limit(self.tss_nodes) > self.nodes
            && !budget.is_stopped()
            && !self.budget.poll()
        {
            self.guided = true;
            self.aborted = false;
            self.node_limit = self.stage_limit(self.tss_nodes);
            self.fails.iter_mut().for_each(|e| *e = (0, 0));
            let r = self.attack(board, depth, 0);
            self.guided = false;
            if r.is_some() {
                return r;
            }
        }
        // The proof-number stage, when the stages before ran out of nodes (not of time)
        // or, with `dfpn_always`, whenever they found no proof.
        if self.dfpn_nodes > 0
            && (self.aborted || self.dfpn_always)
            && self.stage_limit(self.dfpn_nodes) > self.nodes
            && !budget.is_stopped()
            && !self.budget.poll()
        {
            self.aborted = false;
            self.node_limit = self.stage_limit(self.dfpn_nodes);
            let r = self.dfpn_root(board);
            self.dfpn.clear();
            return r;
        }
        None
    }

    /// The node limit of a later stage of `stage_nodes` nodes: that many more than the
    /// nodes so far, within [`VctSolver::max_nodes`].
    fn stage_limit(&self, stage_nodes: u64) -> u64 {
        self.nodes.saturating_add(stage_nodes).min(self.max_nodes)
    }

    fn out_of_budget(&mut self) -> bool {
        // A poll counter of its own: `nodes` jumps by the VCF nodes, so a mask on it
        // would fire only now and then.
        self.polls = self.polls.wrapping_add(1);
        if !self.aborted
            && (self.nodes > self.node_limit
                || self.budget.is_stopped()
                || (self.polls & 7 == 0 && self.budget.poll()))
        {
            self.aborted = true;
        }
        self.aborted
    }

    /// The VCF test of an attacker node whose position has hash `key`: a VCF proof line
    /// within [`VctSolver::vcf_nodes`], or `None`. With [`VctSolver::vcf_memo`], a
    /// position whose test has failed once in this proof is not tested again (the
    /// iterative deepening and the second stage come back to the same positions many
    /// times; the nodes saved go to the threats).
    fn vcf_test(&mut self, b: &mut Board, key: u64) -> Option<Vec<Cell>> {
        let slot = key as usize & self.mask;
        if self.vcf_memo && self.no_vcf[slot] == key {
            return None;
        }
        let vcf = self.vcf.solve_within(b, 30, self.vcf_nodes, &self.budget);
        self.nodes += self.vcf.nodes;
        if vcf.is_none() && self.vcf_memo {
            self.no_vcf[slot] = key;
        }
        vcf
    }

    /// The checks every attacker node makes before choosing its moves: a five to
    /// complete (a one-move proof), two or more defender fives to block, the budget, the
    /// ply cap, a stored failure at this depth or more, a VCF (its proof), depth 0.
    /// `Err` ends the node with that result; `Ok` gives the defender's winning cells
    /// (at most one: the attacker must block it) and the position's key.
    fn attack_start(
        &mut self,
        b: &mut Board,
        depth: u32,
        ply: u32,
    ) -> Result<(Vec<usize>, u64), Option<VctProof>> {
        self.nodes += 1;
        let a = b.side_to_move();
        if let Some(i) = b.first_winning_cell(a) {
            return Err(Some(VctProof::Vcf(vec![b.cell_of(i)])));
        }
        let blocks = b.winning_cells(!a);
        if blocks.len() >= 2 || self.out_of_budget() || ply >= self.max_ply {
            return Err(None);
        }
        let key = b.hash();
        let e = self.fails[key as usize & self.mask];
        if e.0 == key && e.1 as u32 >= depth {
            return Err(None);
        }
        if let Some(line) = self.vcf_test(b, key) {
            return Err(Some(VctProof::Vcf(line)));
        }
        if depth == 0 {
            return Err(None);
        }
        Ok((blocks, key))
    }

    /// Attacker to move.
    fn attack(&mut self, b: &mut Board, depth: u32, ply: u32) -> Option<VctProof> {
        if self.guided {
            return self.attack_guided(b, depth, ply);
        }
        let (blocks, key) = match self.attack_start(b, depth, ply) {
            Ok(next) => next,
            Err(end) => return end,
        };
        let a = b.side_to_move();
        let moves = match blocks.first() {
            Some(&i) => vec![(0, i)],
            None => threat_moves(b),
        };
        let forced = !blocks.is_empty();
        if forced && a == Side::First && crate::renju::is_forbidden(b, b.cell_of(blocks[0])) {
            return None;
        }
        let cost = u32::from(!forced);
        if let Some(p) = self.try_moves(b, &moves, depth - cost.min(depth), ply) {
            return Some(p);
        }
        if !self.aborted {
            self.fails[key as usize & self.mask] = (key, depth.min(255) as u8);
        }
        None
    }

    /// Attacker to move, moves chosen by threat-space search: the first move of a
    /// sequence of threats that wins when the defender occupies all the cells that
    /// answer each threat at once (Allis's threat-space search, 1994), then proven
    /// against each real defence by `defend`. At most `tss_tries` first moves.
    fn attack_guided(&mut self, b: &mut Board, depth: u32, ply: u32) -> Option<VctProof> {
        let (blocks, key) = match self.attack_start(b, depth, ply) {
            Ok(next) => next,
            Err(end) => return end,
        };
        let a = b.side_to_move();
        if let Some(&i) = blocks.first() {
            if a == Side::First && crate::renju::is_forbidden(b, b.cell_of(i)) {
                return None;
            }
            return self.try_moves(b, &[(0, i)], depth, ply);
        }
        let mut tried: Vec<usize> = Vec::new();
        for _ in 0..self.tss_tries {
            let mut first = None;
            for dd in 1..=depth {
                first = self.tss_root(b, dd, &tried);
                if first.is_some() || self.aborted {
                    break;
                }
            }
            let i = first?;
            if let Some(p) = self.try_moves(b, &[(0, i)], depth - 1, ply) {
                return Some(p);
            }
            if self.aborted {
                return None;
            }
            tried.push(i);
        }
        if !self.aborted {
            self.fails[key as usize & self.mask] = (key, depth.min(255) as u8);
        }
        None
    }

    /// The attacker's threat moves for the threat-space search, best first: fours and
    /// open-three makers.
    fn tss_moves(&self, b: &Board) -> Vec<(i32, usize)> {
        let a = b.side_to_move();
        let d = !a;
        let mut moves = Vec::new();
        // The empty cells near stones, in no order (sorted below).
        for &i in b.frontier() {
            let i = i as usize;
            let p = b.patterns(i, a);
            if !p.iter().any(|&v| v >= Pattern::OpenThree as u8) {
                continue;
            }
            if a == Side::First && crate::renju::is_forbidden(b, b.cell_of(i)) {
                continue;
            }
            moves.push((cell_value(p) + cell_value(b.patterns(i, d)) / 2, i));
        }
        moves.sort_by(|x, y| y.0.cmp(&x.0).then(x.1.cmp(&y.1)));
        moves
    }

    /// After the attacker's threat (the defender to move), the cells that answer it:
    /// for a four its win point; for an open three (an open-four or double-four move to
    /// come) each cell on those lines after which none is left. `None` when it is no
    /// threat.
    fn cost_squares(&mut self, b: &mut Board) -> Option<Vec<usize>> {
        let d = b.side_to_move();
        let a = !d;
        let fives = b.winning_cells(a);
        if !fives.is_empty() {
            return Some(fives);
        }
        if has_strong_move(b, a) {
            let s = b.size() as i32;
            let mut lines: Vec<usize> = Vec::new();
            for i in 0..b.cell_count() {
                if b.raw(i) != 0 {
                    continue;
                }
                if !strong_cell(b, i, a) {
                    continue;
                }
                let pa = b.patterns(i, a);
                let c = b.cell_of(i);
                for (dir, &(dx, dy)) in DIRECTIONS.iter().enumerate() {
                    if pa[dir] < Pattern::Four as u8 {
                        continue;
                    }
                    for k in -5..=5 {
                        let (x, y) = (c.x as i32 + k * dx, c.y as i32 + k * dy);
                        if x < 0 || y < 0 || x >= s || y >= s {
                            continue;
                        }
                        let j = (y * s + x) as usize;
                        if b.raw(j) == 0 && !lines.contains(&j) {
                            lines.push(j);
                        }
                    }
                }
            }
            let mut cost = Vec::new();
            for j in lines {
                let c = b.cell_of(j);
                b.play_unchecked(c);
                let stops = b.outcome().is_none() && !has_strong_move(b, a);
                b.try_undo();
                if stops {
                    cost.push(j);
                }
            }
            return Some(cost);
        }
        None
    }

    /// Plays the attacker's threat `i`, then all its cost squares for the defender; the
    /// number of moves played (to take back), or `None` (nothing left played) when it
    /// is no threat or the defender's stones make a five or a four.
    fn play_threat(&mut self, b: &mut Board, i: usize) -> Option<usize> {
        let a = b.side_to_move();
        let d = !a;
        b.play_unchecked(b.cell_of(i));
        if b.outcome().is_some() {
            b.try_undo();
            return None;
        }
        let Some(cost) = self.cost_squares(b) else {
            b.try_undo();
            return None;
        };
        let mut played = 1;
        let mut ok = true;
        for j in cost {
            b.set_side_to_move(d);
            b.play_unchecked(b.cell_of(j));
            played += 1;
            if b.outcome().is_some() {
                ok = false;
                break;
            }
        }
        b.set_side_to_move(a);
        if ok {
            Some(played)
        } else {
            for _ in 0..played {
                b.try_undo();
            }
            b.set_side_to_move(a);
            None
        }
    }

    /// Takes back `played` moves of [`VctSolver::play_threat`].
    fn undo_threat(b: &mut Board, played: usize) {
        // The last stone taken back is the attacker's: it is to move again.
        for _ in 0..played {
            b.try_undo();
        }
    }

    /// The first move of a threat-space sequence of at most `depth` threats (the first
    /// not in `tried`).
    fn tss_root(&mut self, b: &mut Board, depth: u32, tried: &[usize]) -> Option<usize> {
        for (_, i) in self.tss_moves(b) {
            if tried.contains(&i) {
                continue;
            }
            let Some(played) = self.play_threat(b, i) else {
                continue;
            };
            let ok = self.tss(b, depth - 1);
            Self::undo_threat(b, played);
            if ok {
                return Some(i);
            }
            if self.aborted {
                return None;
            }
        }
        None
    }

    /// Threat-space search: true when the attacker (to move) wins by VCF now or by a
    /// threat whose cost squares, all given to the defender, leave a win of `depth - 1`.
    fn tss(&mut self, b: &mut Board, depth: u32) -> bool {
        self.nodes += 1;
        let a = b.side_to_move();
        if self.out_of_budget() {
            return false;
        }
        let key = b.hash();
        let e = self.tss_fails[key as usize & self.mask];
        if e.0 == key && e.1 as u32 >= depth {
            return false;
        }
        if self.vcf_test(b, key).is_some() {
            return true;
        }
        if depth == 0 {
            return false;
        }
        let blocks = b.winning_cells(!a);
        if blocks.len() >= 2 {
            return false;
        }
        if let Some(&i) = blocks.first() {
            // The defender's stones made a four: the attacker blocks (no threat, no cost).
            if a == Side::First && crate::renju::is_forbidden(b, b.cell_of(i)) {
                return false;
            }
            b.play_unchecked(b.cell_of(i));
            let ok = b.outcome().is_none() && {
                b.set_side_to_move(a);
                let ok = self.tss(b, depth);
                b.set_side_to_move(!a);
                ok
            };
            b.try_undo();
            return ok;
        }
        for (_, i) in self.tss_moves(b) {
            let Some(played) = self.play_threat(b, i) else {
                continue;
            };
            let ok = self.tss(b, depth - 1);
            Self::undo_threat(b, played);
            if ok {
                return true;
            }
            if self.aborted {
                return false;
            }
        }
        if !self.aborted {
            self.tss_fails[key as usize & self.mask] = (key, depth.min(255) as u8);
        }
        false
    }

    /// Plays each attacker move of `moves` in turn; the first whose defender node is
    /// proven (with `depth` threats left) gives the proof.
    fn try_moves(
        &mut self,
        b: &mut Board,
        moves: &[(i32, usize)],
        depth: u32,
        ply: u32,
    ) -> Option<VctProof> {
        for &(_, i) in moves {
            let c = b.cell_of(i);
            b.play_unchecked(c);
            let r = self.defend(b, depth, ply + 1, c);
            b.try_undo();
            if let Some((replies, rest)) = r {
                return Some(VctProof::Threat {
                    mv: c,
                    replies,
                    rest,
                });
            }
            if self.aborted {
                return None;
            }
        }
        None
    }

    /// Defender to move after the attacker's `last`: the replies with their sub-proofs
    /// and the plies the replies not listed leave the attacker (see
    /// [`VctProof::Threat`]), or `None` when a reply holds.
    fn defend(
        &mut self,
        b: &mut Board,
        depth: u32,
        ply: u32,
        last: Cell,
    ) -> Option<(Vec<(Cell, VctProof)>, u32)> {
        let _ = last;
        let (defences, rest) = match self.defences(b) {
            Defences::Won => return Some((Vec::new(), 1)),
            Defences::Holds => return None,
            Defences::Replies(list, rest) => (list, rest),
        };
        let mut replies = Vec::with_capacity(defences.len());
        for &(_, j) in &defences {
            let c = b.cell_of(j);
            b.play_unchecked(c);
            let sub = if b.outcome().is_some() {
                None
            } else {
                self.attack(b, depth, ply + 1)
            };
            b.try_undo();
            replies.push((c, sub?));
        }
        Some((replies, rest))
    }

    /// Defender to move after the attacker's threat: the defender's moves that need an
    /// answer, best first (counts one node, and the VCF tests' nodes); `Holds` when the
    /// budget runs out among the VCF tests of the answers (no proof is claimed).
    fn defences(&mut self, b: &mut Board) -> Defences {
        self.nodes += 1;
        self.threat_line.clear();
        let d = b.side_to_move();
        let a = !d;
        if b.outcome() == Some(Outcome::Win(a)) {
            return Defences::Won;
        }
        if b.outcome().is_some() || b.pattern_count(d, Pattern::Five) > 0 {
            return Defences::Holds;
        }
        let fives = b.winning_cells(a);
        let mut defences: Vec<(i32, usize)> = Vec::new();
        // The plies to five a reply not listed leaves the attacker (see `VctProof`).
        let mut rest = 1;
        match fives.len() {
            0 if has_strong_move(b, a) => {
                rest = 3;
                // Candidates: counter-fours anywhere, and the cells on the lines through
                // the attacker's open-four and double-four cells.
                let s = b.size() as i32;
                let mut seen = vec![false; b.cell_count()];
                let mut lines: Vec<usize> = Vec::new();
                let mut strong_cells: Vec<usize> = Vec::new();
                // An open-four, double-four or counter-four cell has stones of its
                // lines within two cells: it is on the frontier (the order the cells
                // are met in does not matter: the defences are sorted below).
                for &i in b.frontier() {
                    let i = usize::from(i);
                    let pa = b.patterns(i, a);
                    if strong_cell(b, i, a) {
                        strong_cells.push(i);
                        let c = b.cell_of(i);
                        for (dir, &(dx, dy)) in DIRECTIONS.iter().enumerate() {
                            if pa[dir] < Pattern::Four as u8 {
                                continue;
                            }
                            for k in -5..=5 {
                                let (x, y) = (c.x as i32 + k * dx, c.y as i32 + k * dy);
                                if x < 0 || y < 0 || x >= s || y >= s {
                                    continue;
                                }
                                let j = (y * s + x) as usize;
                                if b.raw(j) == 0 && !seen[j] {
                                    seen[j] = true;
                                    lines.push(j);
                                }
                            }
                        }
                    }
                    if b.patterns(i, d).iter().any(|&v| v >= Pattern::Four as u8) && !seen[i] {
                        seen[i] = true;
                        lines.push(i);
                    }
                }
                // Renju's black: whether a cell is forbidden can change with a white
                // stone (a false three made real), so the stone is played. A white
                // stone can only take win points from black's lines, so it makes a
                // strong cell forbidden only by making real a false open three through
                // it, where two or more line-local open threes pass (a double three
                // with one false): a stone anywhere can do that (it may spoil the
                // double four that makes the three's completing point forbidden), so
                // then every empty cell is tried. Else the cells on the strong cells'
                // lines are the only candidates.
                let renju_black = a == Side::First && b.rule() == crate::Rule::Renju;
                if renju_black
                    && strong_cells
                        .iter()
                        .any(|&i| two_open_threes(b.patterns(i, a)))
                {
                    for (j, seen) in seen.iter_mut().enumerate() {
                        if b.raw(j) == 0 && !*seen {
                            *seen = true;
                            lines.push(j);
                        }
                    }
                }
                for j in lines {
                    let pd = b.patterns(j, d);
                    let counter = pd.iter().any(|&v| v >= Pattern::Four as u8);
                    let stops = counter
                        || if renju_black {
                            b.play_unchecked(b.cell_of(j));
                            let stops = b.outcome().is_none() && !has_strong_move(b, a);
                            b.try_undo();
                            stops
                        } else {
                            !strong_after(b, j, a, &strong_cells)
                        };
                    if stops {
                        defences.push((cell_value(pd) + cell_value(b.patterns(j, a)), j));
                    }
                }
                defences.sort_by(|x, y| y.0.cmp(&x.0).then(x.1.cmp(&y.1)));
            }
            0 => {
                // No open four to come: a threat only if the attacker, given a second
                // move, wins by VCF. The defences are then sought among the cells of
                // that proof line, the counter-fours and the cells on a line with one
                // of its forced blocks (which the blocks could turn into a four, even
                // with no defender's stone on that line yet: three blocks and the
                // stone; see `blocks_on_line`); a move elsewhere
                // is answered by the same VCF (the checker re-proves it). A cell after
                // which the same line still holds is no defence (no VCF search).
                b.set_side_to_move(a);
                let threat = self.vcf.solve_within(b, 30, self.vcf_nodes, &self.budget);
                self.nodes += self.vcf.nodes;
                b.set_side_to_move(d);
                let Some(line) = threat else {
                    return Defences::Holds;
                };
                self.threat_line.clone_from(&line);
                rest = line.len() as u32;
                // Under renju a stone anywhere may change a forbidden point the line
                // depends on (see `renju_line_may_turn`): then every empty cell is tried.
                let everywhere = b.rule() == crate::Rule::Renju && renju_line_may_turn(b, &line);
                for j in 0..b.cell_count() {
                    if b.raw(j) != 0 {
                        continue;
                    }
                    let c = b.cell_of(j);
                    let pd = b.patterns(j, d);
                    let counter = pd.iter().any(|&v| v >= Pattern::Four as u8);
                    if !everywhere
                        && !counter
                        && !line.contains(&c)
                        && !blocks_on_line(c, &pd, &line)
                    {
                        continue;
                    }
                    // Out of nodes or time: no answer (the threat is not taken as
                    // proven), so that a defender node passes its limit by one VCF test
                    // at most, not one a cell.
                    if !counter && self.out_of_budget() {
                        return Defences::Holds;
                    }
                    // The attacker has no open-four or double-four cell now, so it has
                    // none after a defender's stone either (see `strong_after`).
                    let stops = counter || {
                        b.play_unchecked(c);
                        let r = (!line.contains(&c) && line_holds(b, &line)) || {
                            let v = self.vcf.solve_within(b, 30, self.vcf_nodes, &self.budget);
                            self.nodes += self.vcf.nodes;
                            if let Some(v) = &v {
                                rest = rest.max(v.len() as u32);
                            }
                            v.is_some()
                        };
                        b.try_undo();
                        !r
                    };
                    if stops {
                        defences.push((cell_value(pd) + cell_value(b.patterns(j, a)), j));
                    }
                }
                defences.sort_by(|x, y| y.0.cmp(&x.0).then(x.1.cmp(&y.1)));
            }
            1 => defences.push((0, fives[0])),
            _ => return Defences::Won,
        }
        if d == Side::First && b.rule() == crate::Rule::Renju {
            // Black may not defend on a forbidden point (a four it cannot block is lost).
            defences.retain(|&(_, j)| !crate::renju::is_forbidden(b, b.cell_of(j)));
        }
        Defences::Replies(defences, rest)
    }
}

/// What [`VctSolver::defences`] finds at a defender node.
enum Defences {
    /// The attacker has won, or wins whatever the defender plays.
    Won,
    /// The threat fails: the defender wins or it was no threat.
    Holds,
    /// The moves that need an answer, as (ordering score, cell index), best first, and
    /// the plies to five the replies not listed leave the attacker at most (see
    /// [`VctProof::Threat`]).
    Replies(Vec<(i32, usize)>, u32),
}

/// The side to move's threats, best first, as (ordering score, cell index): the cells
/// where it makes a four or an open three (two closed threes at once were tried as well:
/// the wider tree solved fewer puzzles within the same budget), never a forbidden point.
fn threat_moves(b: &Board) -> Vec<(i32, usize)> {
    let a = b.side_to_move();
    let d = !a;
    let mut moves: Vec<(i32, usize)> = Vec::new();
    // The empty cells near stones, in no order (sorted below).
    for &i in b.frontier() {
        let i = i as usize;
        let p = b.patterns(i, a);
        if p.iter().any(|&v| v >= Pattern::OpenThree as u8)
            && !(a == Side::First && crate::renju::is_forbidden(b, b.cell_of(i)))
        {
            moves.push((cell_value(p) + cell_value(b.patterns(i, d)) / 2, i));
        }
    }
    moves.sort_by(|x, y| y.0.cmp(&x.0).then(x.1.cmp(&y.1)));
    moves
}

/// True when the defender's stone on `c`, whose patterns are `pd`, shares a line
/// (within four cells, in a direction where a five-window free of the attacker's stones
/// passes through `c`) with one of the defender's forced blocks of the attacker's VCF
/// `line` (its odd moves): only such a stone can turn those blocks into a four of the
/// defender's. The stone need not make a two now: three blocks on its line and the stone
/// are a four (a random sweep found such stones left out when a two was asked for).
fn blocks_on_line(c: Cell, pd: &[u8; 4], line: &[Cell]) -> bool {
    DIRECTIONS.iter().enumerate().any(|(dir, &(dx, dy))| {
        pd[dir] >= Pattern::One as u8
            && line.iter().skip(1).step_by(2).any(|&bl| {
                let (ox, oy) = (bl.x as i32 - c.x as i32, bl.y as i32 - c.y as i32);
                (1..=4).any(|k| (ox, oy) == (k * dx, k * dy) || (ox, oy) == (-k * dx, -k * dy))
            })
    })
}

/// True when a cell's line patterns `p` (one a direction) hold two or more open threes:
/// for renju's black, a cell that is not forbidden then has a false three that a white
/// stone could make real, making the cell forbidden.
fn two_open_threes(p: [u8; 4]) -> bool {
    p.iter().filter(|&&v| v == Pattern::OpenThree as u8).count() >= 2
}

/// True when a defender's stone anywhere, under renju, may change a forbidden point the
/// VCF `line` depends on (`line` played from `b`, the defender to move, as if the
/// attacker moved first):
/// - black attacking: one of its fours passes two or more line-local open threes, one of
///   them false; a white stone that made it real would make the four forbidden;
/// - black defending: one of white's fours cannot be blocked (its completing point is
///   forbidden, and the line's reply there is no block); a black stone that made that
///   point legal again (a three of it turned into a four, say) lets black block.
///
/// Plays and takes back the moves in place; stops where the line no longer plays.
fn renju_line_may_turn(b: &mut Board, line: &[Cell]) -> bool {
    let d = b.side_to_move();
    let a = !d;
    b.set_side_to_move(a);
    let mut played = 0;
    let mut met = false;
    for (k, &c) in line.iter().enumerate() {
        let i = b.index(c);
        if b.raw(i) != 0 || b.outcome().is_some() {
            break;
        }
        met = if k % 2 == 0 {
            a == Side::First && two_open_threes(b.patterns(i, a))
        } else {
            d == Side::First && !b.is_winning_cell(i, a)
        };
        if met {
            break;
        }
        b.play_unchecked(c);
        played += 1;
    }
    for _ in 0..played {
        b.try_undo();
    }
    b.set_side_to_move(d);
    met
}

/// True when the VCF `line` of the attacker (the side to move) still wins move by move
/// on `b` under the rules [`check_proof`] applies (every attacker move legal, a four
/// that leaves the defender no five, every defender move a block of it, the last move a
/// five). Plays and takes back the moves in place; conservative (a line it rejects may
/// still win another way).
fn line_holds(b: &mut Board, line: &[Cell]) -> bool {
    let a = b.side_to_move();
    let renju_black = a == Side::First && b.rule() == crate::Rule::Renju;
    let mut played = 0;
    let mut ok = false;
    for (k, &c) in line.iter().enumerate() {
        let i = b.index(c);
        if b.raw(i) != 0 || b.outcome().is_some() {
            break;
        }
        if k % 2 == 0 {
            if renju_black && crate::renju::is_forbidden(b, c) {
                break;
            }
            b.play_unchecked(c);
            played += 1;
            if k + 1 == line.len() {
                ok = b.outcome() == Some(Outcome::Win(a));
                break;
            }
            if b.outcome().is_some()
                || b.pattern_count(!a, Pattern::Five) > 0
                || b.pattern_count(a, Pattern::Five) == 0
            {
                break;
            }
        } else {
            if !b.is_winning_cell(i, a) {
                break;
            }
            b.play_unchecked(c);
            played += 1;
        }
    }
    for _ in 0..played {
        b.try_undo();
    }
    ok
}

/// Checks a VCT proof tree with the rules code: the attacker's moves are legal; at every
/// defender node, every legal defender move is either answered in the tree or lets the
/// attacker win at once (a five, or a move leaving two winning cells while the defender
/// has none); every VCF leaf passes [`check_proof`].
///
/// # Errors
/// A message naming the first move that breaks the proof.
pub fn check_vct_proof(board: &Board, proof: &VctProof) -> Result<(), String> {
    let mut b = board.clone();
    check_attack(&mut b, proof, &mut VcfSolver::default())
}

/// `vcf` is one solver for all the VCFs the check seeks afresh (its failure table is
/// only a cache; every line it finds is checked by [`check_proof`]).
fn check_attack(b: &mut Board, proof: &VctProof, vcf: &mut VcfSolver) -> Result<(), String> {
    match proof {
        VctProof::Vcf(line) => check_proof(b, line),
        VctProof::Threat { mv, replies, .. } => {
            let a = b.side_to_move();
            let d = !a;
            if !b.is_legal(*mv) {
                return Err(format!("attacker move {mv} is illegal"));
            }
            b.play_unchecked(*mv);
            let r = check_defence(b, a, d, *mv, replies, vcf);
            b.try_undo();
            r
        }
    }
}

/// True when `a` (to move) wins at once: a five, or — when `d` has no winning cell — a
/// move after which `a` has two winning cells.
fn wins_at_once(b: &mut Board, a: Side) -> bool {
    let d = !a;
    if !b.winning_cells(a).is_empty() {
        return true;
    }
    if !b.winning_cells(d).is_empty() {
        return false;
    }
    // Only a cell where `a` makes a four can leave a winning cell; each is played (never
    // a forbidden point of renju's black).
    for i in 0..b.cell_count() {
        if b.raw(i) != 0 || !b.patterns(i, a).iter().any(|&v| v >= Pattern::Four as u8) {
            continue;
        }
        let c = b.cell_of(i);
        if a == Side::First && crate::renju::is_forbidden(b, c) {
            continue;
        }
        b.play_unchecked(c);
        let two = b.outcome().is_none() && b.winning_cells(a).len() >= 2;
        b.try_undo();
        if two {
            return true;
        }
    }
    false
}

fn check_defence(
    b: &mut Board,
    a: Side,
    d: Side,
    mv: Cell,
    replies: &[(Cell, VctProof)],
    vcf: &mut VcfSolver,
) -> Result<(), String> {
    if b.outcome() == Some(Outcome::Win(a)) {
        return Ok(());
    }
    if b.outcome().is_some() {
        return Err(format!(
            "after {mv} the game ends without the attacker's win"
        ));
    }
    for i in 0..b.cell_count() {
        let c = b.cell_of(i);
        if b.raw(i) != 0 || !b.is_legal(c) {
            continue;
        }
        let answered = replies.iter().find(|(r, _)| *r == c);
        b.play_unchecked(c);
        let r = if b.outcome() == Some(Outcome::Win(d)) {
            Err(format!("after {mv} the defender wins at {c}"))
        } else if b.outcome().is_some() {
            Err(format!("after {mv} {c} ends the game"))
        } else if let Some((_, sub)) = answered {
            check_attack(b, sub, vcf)
        } else if b.side_to_move() == a && wins_at_once(b, a) {
            Ok(())
        } else if let Some(line) = vcf.solve(b, 60, 200_000)
            && check_proof(b, &line).is_ok()
        {
            // The attacker wins by a VCF found afresh and checked move by move.
            Ok(())
        } else {
            Err(format!("after {mv} the defence {c} is not answered"))
        };
        b.try_undo();
        r?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rule;
    use rand::{RngExt, SeedableRng};
    use zerosum::Notation;

    /// `strong_after` (the attacker's strong cells on the lines through the stone read
    /// from the pattern keys, its other strong cells as they are) against the stone
    /// played and every empty cell's patterns read afresh, on random positions of the
    /// three rules.
    #[test]
    fn strong_after_agrees_with_the_stone_played() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(20_261_202);
        let (mut judged, mut strong_left, mut stopped) = (0u32, 0u32, 0u32);
        for round in 0..300 {
            let rule = [Rule::Freestyle, Rule::Standard, Rule::Renju][round % 3];
            let mut b = Board::with_size(15, rule).unwrap();
            let stones = rng.random_range(8..50);
            for _ in 0..stones {
                let c = Cell::new(rng.random_range(3..12), rng.random_range(3..12));
                let side = if rng.random_bool(0.6) {
                    Side::First
                } else {
                    Side::Second
                };
                if b.stone(c).is_some() || b.is_winning_cell(b.index(c), side) {
                    continue;
                }
                b.place(c, side).unwrap();
            }
            for d in [Side::First, Side::Second] {
                let a = !d;
                b.set_side_to_move(d);
                if b.outcome().is_some() || !b.winning_cells(a).is_empty() {
                    continue;
                }
                let cells: Vec<usize> = (0..b.cell_count())
                    .filter(|&i| b.raw(i) == 0 && strong(&b.patterns(i, a)))
                    .collect();
                for j in 0..b.cell_count() {
                    if b.raw(j) != 0 {
                        continue;
                    }
                    let fast = strong_after(&b, j, a, &cells);
                    b.play_unchecked(b.cell_of(j));
                    let slow = b.outcome().is_none()
                        && (0..b.cell_count()).any(|i| b.raw(i) == 0 && strong(&b.patterns(i, a)));
                    let over = b.outcome().is_some();
                    b.try_undo();
                    b.set_side_to_move(d);
                    if over {
                        continue;
                    }
                    assert_eq!(
                        fast,
                        slow,
                        "{rule}: {b:?} defender stone on {}",
                        b.cell_of(j)
                    );
                    judged += 1;
                    strong_left += u32::from(slow);
                    stopped += u32::from(!slow && !cells.is_empty());
                }
            }
        }
        eprintln!("{judged} cells, {strong_left} leave a strong move, {stopped} stop one");
        assert!(
            strong_left > 1_000 && stopped > 100,
            "the positions test both answers"
        );
    }

    /// Where black's threat is a VCF given a second move, every white stone the
    /// defender's list leaves out must leave black a win: the threat's own line still
    /// played move by move by the rules, or another VCF that does. On random positions
    /// of the three rules. A white stone with no white stone on a line yet can still
    /// make a four there with three of the line's forced blocks: the list left such
    /// stones out (4 of 1,114 threats here), and black's VCF then ran into white's five.
    #[test]
    fn vcf_threat_defences_leave_out_only_stones_that_lose() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let (mut judged, mut unlisted) = (0u32, 0u32);
        let mut vcf = VcfSolver::new(1 << 16);
        for round in 0..60_000 {
            let rule = [Rule::Freestyle, Rule::Standard, Rule::Renju][round % 3];
            let mut b = Board::with_size(15, rule).unwrap();
            for _ in 0..rng.random_range(10..60) {
                let c = Cell::new(rng.random_range(2..13), rng.random_range(2..13));
                let side = if rng.random_bool(0.55) {
                    Side::First
                } else {
                    Side::Second
                };
                if b.stone(c).is_some()
                    || b.is_winning_cell(b.index(c), side)
                    || (side == Side::First
                        && rule == Rule::Renju
                        && crate::renju::is_forbidden(&b, c))
                {
                    continue;
                }
                b.place(c, side).unwrap();
            }
            // White to move, with no four, five or open-four cell of its own, against
            // no four of black's.
            b.set_side_to_move(Side::Second);
            if b.outcome().is_some()
                || !b.winning_cells(Side::First).is_empty()
                || has_strong_move(&b, Side::Second)
                || b.pattern_count(Side::Second, Pattern::Four) > 0
            {
                continue;
            }
            let mut solver = VctSolver::new();
            let Defences::Replies(replies, _) = solver.defences(&mut b) else {
                continue;
            };
            let line = solver.threat_line.clone();
            if line.is_empty() {
                continue;
            }
            judged += 1;
            for j in 0..b.cell_count() {
                if b.raw(j) != 0 || replies.iter().any(|&(_, r)| r == j) {
                    continue;
                }
                unlisted += 1;
                b.play_unchecked(b.cell_of(j));
                let wins = line_holds(&mut b, &line)
                    || vcf
                        .solve_within(&mut b, 30, 150, &Budget::unlimited())
                        .is_some_and(|other| line_holds(&mut b, &other));
                b.try_undo();
                b.set_side_to_move(Side::Second);
                let text: Vec<String> = line.iter().map(Cell::to_string).collect();
                assert!(
                    wins,
                    "{rule}: {b:?}\nwhite {} breaks {text:?}",
                    b.cell_of(j)
                );
            }
        }
        eprintln!("{judged} threats, {unlisted} stones left out");
        assert!(judged > 1_000, "{judged}");
    }

    /// Under renju, a white stone off every line of black's open four can still stop it:
    /// after `j8`, black's only open-four cell `i8` makes a four and one real three (its
    /// diagonal three is false: the completing point `h7` is a double four). White `i6`
    /// spoils `h7`'s second four, the three becomes real and `i8` a forbidden double
    /// three (a helper's constructed position; the forbidden points after `j8` and after
    /// `j8 i6` checked with an independent Python implementation of the renju rules).
    /// Every cell that leaves black no open-four or double-four cell is a listed
    /// defence, checked by playing each empty cell.
    #[test]
    fn renju_defences_include_a_stone_that_makes_the_open_four_cell_forbidden() {
        let mut b = Board::parse_position("15r:g8m12h8d11h9h10g10g9j9i9k10e8e10o1f9o15j8").unwrap();
        let (i6, i8) = (
            Cell::parse_human("i6").unwrap(),
            Cell::parse_human("i8").unwrap(),
        );
        assert!(strong_cell(&b, b.index(i8), Side::First));
        let mut solver = VctSolver::new();
        let Defences::Replies(replies, _) = solver.defences(&mut b) else {
            panic!("black's open four is a threat");
        };
        let listed: Vec<usize> = replies.iter().map(|&(_, j)| j).collect();
        for j in 0..b.cell_count() {
            if b.raw(j) != 0 {
                continue;
            }
            b.play_unchecked(b.cell_of(j));
            let stops = b.outcome().is_none() && !has_strong_move(&b, Side::First);
            b.try_undo();
            assert!(
                !stops || listed.contains(&j),
                "{} stops black's open four but is not listed",
                b.cell_of(j)
            );
        }
        assert!(listed.contains(&b.index(i6)), "{listed:?}");
    }
}
