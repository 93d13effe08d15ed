//! VCT: victory by continuous threats (fours and threes).
//!
//! The attacker plays a move after which, if the defender passed, it would have a VCF
//! (a "threat"). The defender's every legal move is then considered: a move that neither
//! touches a cell of that VCF's proof line nor makes a four of its own is answered by
//! re-checking the same proof line move by move with the rules code
//! ([`crate::vcf::check_proof`]'s test, without a clone); every other move must be
//! refuted by a deeper VCT (or a VCF). The result is therefore sound: every defender move
//! is covered either by a checked VCF line or by a sub-proof. After the threat-space
//! search of Allis (1994), restricted to threats proven by VCF.

use crate::board::Board;
use crate::cell::Cell;
use crate::eval::cell_value;
use crate::pattern::Pattern;
use crate::vcf::VcfSolver;
use std::time::Instant;
use zerosum::search::Limits;
use zerosum::time::Budget;
use zerosum::{Game, Outcome, Side};

/// A VCT solver (owns a [`VcfSolver`] and a failure table).
#[derive(Clone, Debug)]
pub struct VctSolver {
    vcf: VcfSolver,
    fails: Vec<(u64, u8)>,
    mask: usize,
    /// VCT nodes of the last [`VctSolver::solve`] (attacker positions), plus VCF nodes.
    pub nodes: u64,
    node_limit: u64,
    /// Attacker positions each VCF test may visit.
    pub vcf_nodes: u64,
}

impl Default for VctSolver {
    fn default() -> Self {
        VctSolver::new()
    }
}

/// Plays `line` (attacker first) on `b` checking it is a VCF proof, then takes it back.
fn proof_holds(b: &mut Board, line: &[Cell]) -> bool {
    let a = b.side_to_move();
    let mut played = 0;
    let mut ok = true;
    for (k, &c) in line.iter().enumerate() {
        if !b.is_legal(c) {
            ok = false;
            break;
        }
        let i = b.index(c);
        if k % 2 == 1 && !b.is_winning_cell(i, a) {
            ok = false;
            break;
        }
        b.play_unchecked(c);
        played += 1;
        if k % 2 == 0 {
            if k + 1 == line.len() {
                ok = b.outcome() == Some(Outcome::Win(a));
                break;
            }
            if b.outcome().is_some()
                || b.pattern_count(!a, Pattern::Five) > 0
                || b.pattern_count(a, Pattern::Five) == 0
            {
                ok = false;
                break;
            }
        }
    }
    for _ in 0..played {
        b.try_undo();
    }
    ok && played == line.len()
}

impl VctSolver {
    /// A solver with default budgets.
    pub fn new() -> VctSolver {
        let n = 1 << 14;
        VctSolver {
            vcf: VcfSolver::new(1 << 16),
            fails: vec![(0, 0); n],
            mask: n - 1,
            nodes: 0,
            node_limit: u64::MAX,
            vcf_nodes: 3_000,
        }
    }

    /// Looks for a VCT of the side to move with at most `depth` threats, within
    /// `node_limit` nodes and before `deadline`. Returns a main line (first move first)
    /// or `None`. The board is restored before returning.
    pub fn solve(
        &mut self,
        board: &mut Board,
        depth: u32,
        node_limit: u64,
        deadline: Option<Instant>,
    ) -> Option<Vec<Cell>> {
        let budget = match deadline {
            None => Budget::unlimited(),
            Some(d) => {
                let left = d.saturating_duration_since(Instant::now());
                Budget::new(&Limits::time(left + Budget::overhead(left)))
            }
        };
        self.solve_within(board, depth, node_limit, &budget)
    }

    /// As [`VctSolver::solve`], giving up once `budget` says stop (its maximum time or
    /// stop flag, polled at every VCT node, every defender move and inside every VCF
    /// test; its node limit is not used, `node_limit` is).
    pub fn solve_within(
        &mut self,
        board: &mut Board,
        depth: u32,
        node_limit: u64,
        budget: &Budget,
    ) -> Option<Vec<Cell>> {
        self.nodes = 0;
        self.node_limit = node_limit;
        if board.outcome().is_some() || budget.is_stopped() {
            return None;
        }
        self.fails.iter_mut().for_each(|e| *e = (0, 0));
        self.search(board, depth, budget)
    }

    fn out_of_budget(&self, budget: &Budget) -> bool {
        self.nodes > self.node_limit || budget.poll()
    }

    fn vcf(&mut self, b: &mut Board, budget: &Budget) -> Option<Vec<Cell>> {
        let r = self.vcf.solve_within(b, 30, self.vcf_nodes, budget);
        self.nodes += self.vcf.nodes;
        r
    }

    fn search(&mut self, b: &mut Board, depth: u32, budget: &Budget) -> Option<Vec<Cell>> {
        self.nodes += 1;
        if self.out_of_budget(budget) {
            return None;
        }
        if let Some(line) = self.vcf(b, budget) {
            return Some(line);
        }
        if depth == 0 || self.out_of_budget(budget) {
            return None;
        }
        let key = b.hash();
        let e = self.fails[key as usize & self.mask];
        if e.0 == key && e.1 as u32 >= depth {
            return None;
        }
        let a = b.side_to_move();
        let d: Side = !a;
        let threats = b.winning_cells(d);
        let mut candidates: Vec<(i32, usize)> = Vec::new();
        match threats.len() {
            0 => {
                for i in 0..b.cell_count() {
                    if b.raw(i) != 0 || b.near(i) == 0 {
                        continue;
                    }
                    let p = b.patterns(i, a);
                    if p.iter().any(|&v| v >= Pattern::OpenThree as u8)
                        && !(a == Side::First && crate::renju::is_forbidden(b, b.cell_of(i)))
                    {
                        candidates.push((cell_value(p) + cell_value(b.patterns(i, d)) / 2, i));
                    }
                }
            }
            1 if !(a == Side::First && crate::renju::is_forbidden(b, b.cell_of(threats[0]))) => {
                candidates.push((0, threats[0]))
            }
            _ => return None,
        }
        candidates.sort_by(|x, y| y.0.cmp(&x.0).then(x.1.cmp(&y.1)));
        let mut result = None;
        'moves: for &(_, i) in &candidates {
            if self.out_of_budget(budget) {
                break;
            }
            let c = b.cell_of(i);
            b.play_unchecked(c);
            if b.outcome().is_some() {
                b.try_undo();
                if b.is_winning_cell(i, a) {
                    return Some(vec![c]);
                }
                continue;
            }
            // Is it a threat? The attacker's VCF if the defender passed.
            b.set_side_to_move(a);
            let threat = self.vcf(b, budget);
            b.set_side_to_move(d);
            let Some(line) = threat else {
                b.try_undo();
                continue;
            };
            let mut main: Vec<Cell> = vec![c];
            let mut longest = 0;
            for m in 0..b.cell_count() {
                if b.raw(m) != 0 {
                    continue;
                }
                let mc = b.cell_of(m);
                if d == Side::First && crate::renju::is_forbidden(b, mc) {
                    continue; // not a move black may make
                }
                let touches = line.contains(&mc)
                    || b.patterns(m, d).iter().any(|&v| v >= Pattern::Four as u8);
                b.play_unchecked(mc);
                self.nodes += 1;
                let covered = b.outcome().is_none() && !touches && proof_holds(b, &line);
                let sub = if covered {
                    Some(Vec::new())
                } else if b.outcome().is_some() || self.out_of_budget(budget) {
                    None
                } else {
                    self.search(b, depth - 1, budget)
                };
                b.try_undo();
                match sub {
                    Some(s) => {
                        if !covered && s.len() + 1 >= longest {
                            longest = s.len() + 1;
                            main.truncate(1);
                            main.push(mc);
                            main.extend(s);
                        }
                    }
                    None => {
                        b.try_undo();
                        continue 'moves;
                    }
                }
            }
            b.try_undo();
            result = Some(main);
            break;
        }
        if result.is_none() && !self.out_of_budget(budget) {
            self.fails[key as usize & self.mask] = (key, depth.min(255) as u8);
        }
        result
    }
}
