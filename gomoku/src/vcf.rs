//! VCF: victory by continuous fours.
//!
//! The attacker (the side to move) plays only moves that make a four; the defender's
//! only sensible reply is the cell that completes it (any other move loses at once). A
//! VCF exists when such a chain ends in a five, or in a double threat (open four, or
//! two fours at once) that cannot be blocked. When the defender already has a four, the
//! attacker's move must block it and make a four at the same time.
//!
//! The search is a depth-first AND/OR search over fours with a table of positions already
//! proven to fail at a given remaining depth (the classic threat-space idea of Allis,
//! "Searching for Solutions in Games and Artificial Intelligence", 1994, restricted to
//! fours). The attacker's fours are tried open fours and double fours first, then
//! fours that also make open threes, and among equals those on a line of its previous
//! four.
//!
//! Under renju black's forbidden points are respected on both sides: black attacks only
//! with allowed fours, and a four of white's whose completing point is forbidden for
//! black cannot be blocked (black plays any allowed cell and white makes five).

use crate::board::{Board, DIRECTIONS};
use crate::cell::Cell;
use crate::pattern::Pattern;
use std::time::Instant;
use zerosum::search::Limits;
use zerosum::time::Budget;
use zerosum::{Game, Outcome, Side};

/// How many VCF nodes pass between two polls of the time [`Budget`] (its clock and stop
/// flag): a few microseconds of work each, so a stop is seen within some tens of
/// microseconds of CPU.
pub const VCF_POLL_INTERVAL: u64 = 8;

/// A VCF solver with a reusable failure table.
#[derive(Clone, Debug)]
pub struct VcfSolver {
    fails: Vec<(u64, u8)>,
    mask: usize,
    /// Nodes (attacker positions) visited by the last [`VcfSolver::solve`].
    pub nodes: u64,
    node_limit: u64,
}

/// The proof of a VCF: moves alternating attacker, defender, …, ending with the
/// attacker's five.
pub type ProofLine = Vec<Cell>;

impl Default for VcfSolver {
    fn default() -> Self {
        VcfSolver::new(1 << 16)
    }
}

impl VcfSolver {
    /// A solver whose failure table has `entries` slots (rounded up to a power of two).
    pub fn new(entries: usize) -> VcfSolver {
        let n = entries.max(16).next_power_of_two();
        VcfSolver {
            fails: vec![(0, 0); n],
            mask: n - 1,
            nodes: 0,
            node_limit: u64::MAX,
        }
    }

    /// Forgets the failures learned so far (needed when the rule changes).
    pub fn clear(&mut self) {
        self.fails.iter_mut().for_each(|e| *e = (0, 0));
    }

    /// Looks for a VCF of the side to move with at most `max_fours` attacker moves before
    /// the final five, visiting at most `node_limit` attacker positions. Returns the proof
    /// line (attacker, defender, …, attacker's winning move) or `None` (no VCF found
    /// within the limits). The board is restored before returning.
    pub fn solve(
        &mut self,
        board: &mut Board,
        max_fours: u32,
        node_limit: u64,
    ) -> Option<ProofLine> {
        self.run(board, max_fours, node_limit, None)
    }

    /// Whether the last search stopped on its node limit or its budget: then a `None`
    /// means "no VCF found within the limits", not "no VCF of at most `max_fours` fours
    /// exists".
    pub fn limit_reached(&self) -> bool {
        self.nodes > self.node_limit
    }

    /// As [`VcfSolver::solve`], also giving up (with `None`) once `deadline` has passed
    /// (a time limit from now for the core [`Budget`]; see [`VcfSolver::solve_within`]).
    pub fn solve_until(
        &mut self,
        board: &mut Board,
        max_fours: u32,
        node_limit: u64,
        deadline: Option<Instant>,
    ) -> Option<ProofLine> {
        match deadline {
            None => self.run(board, max_fours, node_limit, None),
            Some(d) => {
                let left = d.saturating_duration_since(Instant::now());
                let budget = Budget::new(&Limits::time(left + Budget::overhead(left)));
                self.run(board, max_fours, node_limit, Some(&budget))
            }
        }
    }

    /// As [`VcfSolver::solve`], also giving up (with `None`) once `budget` says stop (its
    /// maximum time or stop flag, polled every [`VCF_POLL_INTERVAL`] nodes; its node
    /// limit is not used, `node_limit` is). A stopped budget returns at once.
    pub fn solve_within(
        &mut self,
        board: &mut Board,
        max_fours: u32,
        node_limit: u64,
        budget: &Budget,
    ) -> Option<ProofLine> {
        self.run(board, max_fours, node_limit, Some(budget))
    }

    /// As [`VcfSolver::solve_within`], then searches for a shorter VCF in turn (at most
    /// one four fewer than the last line found, on the same board) until none is found:
    /// the shortest proof line, as a user asking "win in how many" expects (the first
    /// line found can be longer: the search tries the fours by their order, not by the
    /// length of what follows). All the searches together visit at most `node_limit`
    /// attacker positions ([`VcfSolver::nodes`] counts them all) within `budget`; when
    /// they run out before a shorter line is ruled out, the line is the shortest found and
    /// [`VcfSolver::limit_reached`] says so.
    pub fn solve_shortest_within(
        &mut self,
        board: &mut Board,
        max_fours: u32,
        node_limit: u64,
        budget: &Budget,
    ) -> Option<ProofLine> {
        let mut best = self.solve_within(board, max_fours, node_limit, budget)?;
        let mut spent = self.nodes;
        let mut cut = false;
        // A line of `2f + 1` plies has `f` fours before the five.
        while best.len() > 1 {
            let fours = (best.len() as u32 - 1) / 2;
            if spent >= node_limit {
                cut = true;
                break;
            }
            let found = self.solve_within(board, fours - 1, node_limit - spent, budget);
            spent += self.nodes;
            match found {
                Some(line) => best = line,
                None => {
                    cut = self.limit_reached();
                    break;
                }
            }
        }
        self.nodes = spent;
        // `limit_reached` reads the count against the limit; a cut (the nodes or the
        // budget) leaves a limit below it.
        self.node_limit = if cut { 0 } else { node_limit };
        Some(best)
    }

    fn run(
        &mut self,
        board: &mut Board,
        max_fours: u32,
        node_limit: u64,
        budget: Option<&Budget>,
    ) -> Option<ProofLine> {
        self.nodes = 0;
        self.node_limit = node_limit;
        if board.outcome().is_some() || budget.is_some_and(Budget::is_stopped) {
            return None;
        }
        let mut line = Vec::new();
        if self.search(board, max_fours, &mut line, budget) {
            Some(line)
        } else {
            None
        }
    }

    fn attacker_wins(board: &Board, side: Side) -> Option<usize> {
        board.first_winning_cell(side)
    }

    /// Win points of `side` on the four lines through `c` (within four cells).
    fn win_points_around(board: &Board, c: Cell, side: Side, out: &mut Vec<usize>) {
        out.clear();
        let s = board.size() as i32;
        for (dx, dy) in DIRECTIONS {
            for k in -4..=4 {
                let (x, y) = (c.x as i32 + k * dx, c.y as i32 + k * dy);
                if k == 0 || x < 0 || y < 0 || x >= s || y >= s {
                    continue;
                }
                let i = (y * s + x) as usize;
                if board.is_winning_cell(i, side) && !out.contains(&i) {
                    out.push(i);
                }
            }
        }
    }

    fn probe_fail(&self, key: u64, depth: u32) -> bool {
        let e = self.fails[(key as usize) & self.mask];
        e.0 == key && e.1 as u32 >= depth
    }

    fn store_fail(&mut self, key: u64, depth: u32) {
        self.fails[(key as usize) & self.mask] = (key, depth.min(255) as u8);
    }

    /// After the attacker's four with win points `wins`: when the defender `d` cannot
    /// stop them all, its reply (a block of one, or under renju any allowed cell when
    /// black may block none) and the attacker's five after it.
    fn unstoppable(board: &Board, d: Side, wins: &[usize]) -> Option<(usize, usize)> {
        let renju_black = d == Side::First && board.rule() == crate::Rule::Renju;
        let allowed =
            |j: usize| !(renju_black && crate::renju::is_forbidden(board, board.cell_of(j)));
        let blocks: Vec<usize> = wins.iter().copied().filter(|&j| allowed(j)).collect();
        match (blocks.first(), wins.len()) {
            (None, 0) => None,
            (None, _) => (0..board.cell_count())
                .find(|&j| board.raw(j) == 0 && !wins.contains(&j) && allowed(j))
                .map(|j| (j, wins[0])),
            (Some(_), 1) => None,
            (Some(&b), _) => wins.iter().find(|&&w| w != b).map(|&w| (b, w)),
        }
    }

    /// Counts a node settled without playing it (a block already proven to fail) and
    /// polls the budget as [`VcfSolver::search`] would at that node: a stop ends the
    /// search by dropping the node limit to 0.
    fn count_settled_node(&mut self, depth: u32, budget: Option<&Budget>) {
        self.nodes += 1;
        if depth > 1
            && self.nodes <= self.node_limit
            && self.nodes.is_multiple_of(VCF_POLL_INTERVAL)
            && budget.is_some_and(Budget::poll)
        {
            self.node_limit = 0;
        }
    }

    fn search(
        &mut self,
        board: &mut Board,
        depth: u32,
        line: &mut Vec<Cell>,
        budget: Option<&Budget>,
    ) -> bool {
        self.nodes += 1;
        let a = board.side_to_move();
        let d = !a;
        if let Some(w) = Self::attacker_wins(board, a) {
            line.push(board.cell_of(w));
            return true;
        }
        if depth == 0 || self.nodes > self.node_limit {
            return false;
        }
        if self.nodes.is_multiple_of(VCF_POLL_INTERVAL) && budget.is_some_and(Budget::poll) {
            self.node_limit = 0;
            return false;
        }
        let key = board.hash();
        if self.probe_fail(key, depth) {
            return false;
        }
        let threats = board.winning_cells(d);
        // The attacker's previous four in this search (two moves back, before the block).
        let n = board.moves().len();
        let last_threat = (n >= 2 && line.len() >= 2).then(|| board.moves()[n - 2]);
        let mut candidates: Vec<(i32, usize)> = Vec::new();
        let renju_black = board.rule() == crate::Rule::Renju && a == Side::First;
        let consider = |i: usize, board: &Board, out: &mut Vec<(i32, usize)>| {
            let p = board.patterns(i, a);
            let fours = p.iter().filter(|&&v| v >= Pattern::Four as u8).count() as i32;
            if fours == 0 {
                return;
            }
            if renju_black && crate::renju::is_forbidden(board, board.cell_of(i)) {
                return;
            }
            let open = crate::pattern::has_pattern(p, Pattern::OpenFour) as i32;
            let threes = p.iter().filter(|&&v| v == Pattern::OpenThree as u8).count() as i32;
            let mut score = 1000 * open + 100 * (fours - 1) + 30 * threes;
            score += p.iter().map(|&v| v as i32).sum::<i32>();
            if let Some(t) = last_threat
                && aligned(board.cell_of(i), t)
            {
                score += LOCAL_BONUS;
            }
            out.push((score, i));
        };
        match threats.len() {
            0 => {
                // The empty cells near stones, in no order (sorted below).
                for &i in board.frontier() {
                    consider(i as usize, board, &mut candidates);
                }
            }
            1 => consider(threats[0], board, &mut candidates),
            _ => return false,
        }
        candidates.sort_by(|x, y| y.0.cmp(&x.0).then(x.1.cmp(&y.1)));
        let mut wins = Vec::with_capacity(4);
        // Outside renju (where the defender's blocks depend on forbidden points after
        // the four), a four's win points and the fail-table probe of its block are read
        // before playing it: a four whose block is a stored failure, or that cannot be
        // stopped, costs no make/undo.
        let look_ahead = board.rule() != crate::Rule::Renju && board.winning_cells(d).is_empty();
        for &(_, i) in &candidates {
            let c = board.cell_of(i);
            if look_ahead && board.empty_count() > 2 {
                board.fives_after(i, a, &mut wins);
                if wins.len() >= 2 {
                    let (reply, five) = (wins[0], wins[1]);
                    line.extend([c, board.cell_of(reply), board.cell_of(five)]);
                    return true;
                }
                if wins.len() == 1 && self.probe_fail(board.hash_after_pair(i, wins[0]), depth - 1)
                {
                    self.count_settled_node(depth, budget);
                    if self.nodes > self.node_limit {
                        return false;
                    }
                    continue;
                }
            }
            board.play_unchecked(c);
            if board.outcome() == Some(Outcome::Win(a)) {
                board.try_undo();
                line.push(c);
                return true;
            }
            if board.outcome().is_some() {
                // A draw: under renju, white's four left black no allowed cell at all.
                board.try_undo();
                continue;
            }
            Self::win_points_around(board, c, a, &mut wins);
            if let Some((reply, five)) = Self::unstoppable(board, d, &wins) {
                board.try_undo();
                line.extend([c, board.cell_of(reply), board.cell_of(five)]);
                return true;
            }
            if wins.len() == 1 && self.probe_fail(board.hash_after_move(wins[0]), depth - 1) {
                // The block leads to a position already proven to fail with as many
                // fours left: what `search` would find there at once (the node counted
                // and the budget polled as it would), without playing the block.
                self.count_settled_node(depth, budget);
            } else if wins.len() == 1 {
                let block = board.cell_of(wins[0]);
                board.play_unchecked(block);
                line.extend([c, block]);
                let ok = board.outcome().is_none() && self.search(board, depth - 1, line, budget);
                board.try_undo();
                if ok {
                    board.try_undo();
                    return true;
                }
                line.truncate(line.len() - 2);
            }
            board.try_undo();
            if self.nodes > self.node_limit {
                return false;
            }
        }
        if self.nodes <= self.node_limit {
            self.store_fail(key, depth);
        }
        false
    }
}

/// Ordering bonus of a four on a line of the attacker's previous four (within four
/// cells): VCFs tend to build on their last four, and trying those fours first found the
/// renju puzzle `practical-vcf.json#398` in 4,286 nodes instead of 152,996; larger
/// bonuses (50, 2,000) lost one freestyle VCT of the puzzle suite, 10 lost none.
const LOCAL_BONUS: i32 = 10;

/// True when `a` and `b` share a line (row, column or diagonal) within four cells.
pub(crate) fn aligned(a: Cell, b: Cell) -> bool {
    let (dx, dy) = (a.x.abs_diff(b.x), a.y.abs_diff(b.y));
    (dx == 0 || dy == 0 || dx == dy) && dx.max(dy) <= 4
}

/// Checks a VCF proof line move by move with the board's own rules: every attacker move
/// is legal, leaves the defender without a winning cell and (except the last) makes a
/// four; every defender move is legal and occupies one of the attacker's winning cells
/// (or, under renju, every such cell is forbidden for black, the defender); the last move
/// wins for the attacker.
///
/// # Errors
/// A message naming the first move that breaks the proof.
pub fn check_proof(board: &Board, line: &[Cell]) -> Result<(), String> {
    let mut b = board.clone();
    let a = b.side_to_move();
    if line.is_empty() || line.len().is_multiple_of(2) {
        return Err(format!(
            "a proof has an odd number of moves, got {}",
            line.len()
        ));
    }
    for (k, &c) in line.iter().enumerate() {
        b.try_play(c)
            .map_err(|e| format!("move {} ({c}): {e}", k + 1))?;
        let last = k + 1 == line.len();
        if k % 2 == 0 {
            if last {
                return if b.outcome() == Some(Outcome::Win(a)) {
                    Ok(())
                } else {
                    Err(format!("last move {c} does not win"))
                };
            }
            if b.outcome().is_some() {
                return Err(format!("move {} ({c}) ends the game early", k + 1));
            }
            if !b.winning_cells(!a).is_empty() {
                return Err(format!(
                    "after move {} ({c}) the defender can win at once",
                    k + 1
                ));
            }
            if b.winning_cells(a).is_empty() {
                return Err(format!("move {} ({c}) is not a four", k + 1));
            }
        } else {
            b.undo();
            let blocks = b.winning_cells(a);
            let unblockable = blocks
                .iter()
                .all(|&j| crate::renju::is_forbidden(&b, b.cell_of(j)))
                && b.side_to_move() == Side::First;
            let i = b.index(c);
            b.play(c);
            if !blocks.contains(&i) && !unblockable {
                return Err(format!("defender move {} ({c}) is not a block", k + 1));
            }
        }
    }
    Ok(())
}
