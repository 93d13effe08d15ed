//! The VCT's depth-first proof-number stage ([`VctSolver::dfpn_nodes`]).
//!
//! Depth-first proof-number search (df-pn, Nagai 2002) with the 1 + ε threshold trick
//! of Pawlewicz and Lew (2007), over the same AND/OR tree as the iterative deepening
//! plus the attacker's **λ² moves** (Thomsen, "Lambda-search in game trees", 2000):
//! quiet moves after which the attacker, moving again, would win by VCF. At an attacker
//! (OR) node the moves are the fours and open threes of `threat_moves` and the cells
//! where the attacker makes a closed three or two twos; a move that is no threat at all
//! is disproved at the defender node that follows (`VctSolver::defences` finds no VCF
//! for a second move). At a defender (AND) node the replies are those of
//! `VctSolver::defences`: for a λ² threat the cells of the threatened VCF line, the
//! counter-fours and the cells that could turn its blocks into a four, less those
//! after which the same VCF still wins (Thomsen's relevance zone, found by search).
//!
//! At a defender node the replies that are counter-fours (the defender makes a four;
//! the attacker's next move is forced) add only the largest of their proof numbers,
//! not their sum (see `combine`): after a counter-four and its block the defender faces
//! the same threat again, so each such reply repeats the node's own work, and summing
//! them made every defender node look alike. They are searched after the other
//! replies. On the 80 freestyle misses (deepening 5,000, df-pn 80,000 nodes) this took
//! the stage from 9 to 16 proofs.
//!
//! Below the root, an attacker move that is away from the attacker's previous threat
//! (off its four lines within four cells and more than two cells from it) starts with
//! [`VctSolver::dfpn_far_pn`] more proof number, and the move that starts at 1 is the
//! generator's first one near it: threat sequences mostly build on the stones just
//! played (Allis's dependency of threats), so df-pn tries those first; nothing is
//! pruned. At the suite's budgets this took freestyle from 1,454 to 1,458 solved and
//! standard from 1,471 to 1,476.
//!
//! The proof and disproof numbers live in a transposition table keyed by the Zobrist
//! hash (the tree is a DAG: stones are only added). Each node's move list is generated
//! once and kept, so a node visited again costs no move generation and no VCF tests.
//! The proof tree is read back from the table and cached lists at the end and, like
//! every other VCT proof, is checked by [`crate::vct::check_vct_proof`] by its caller.

use super::{Defences, VctProof, VctSolver, threat_moves};
use crate::board::Board;
use crate::cell::Cell;
use crate::eval::cell_value;
use crate::pattern::Pattern;
use std::collections::HashMap as StdHashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::Arc;
use zerosum::{Game, Outcome, Side};

/// A proof or disproof number that stands for infinity.
const INF: u32 = 1 << 30;

/// A hasher for keys that are Zobrist hashes already (their bits are uniform): the key
/// itself.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct ZobristHasher(u64);

impl Hasher for ZobristHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &x in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(x);
        }
    }

    fn write_u64(&mut self, k: u64) {
        self.0 = k;
    }
}

type HashMap<K, V> = StdHashMap<K, V, BuildHasherDefault<ZobristHasher>>;

/// Proof and disproof numbers of a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Numbers {
    pn: u32,
    dn: u32,
}

/// The df-pn stage's tables, cleared at each proof.
#[derive(Clone, Debug, Default)]
pub(super) struct DfpnTables {
    /// Proof and disproof numbers by position hash.
    numbers: HashMap<u64, Numbers>,
    /// The move list of each expanded node (attacker moves or defender replies).
    moves: HashMap<u64, Arc<[u16]>>,
    /// The VCF line of each attacker node proven by one (a single five included).
    vcf: HashMap<u64, Vec<Cell>>,
}

impl DfpnTables {
    pub(super) fn clear(&mut self) {
        self.numbers.clear();
        self.moves.clear();
        self.vcf.clear();
    }
}

/// The initial proof number of a defender node not yet expanded, after the attacker's
/// move with patterns `p`: a four leaves one reply, an open three a few, a λ² threat
/// more. The attacker node's first move (the best by the generator's ordering; below
/// the root the best near the previous threat, see [`near`]) starts at 1 whatever it
/// is, so that df-pn tries it before the other fours (at the suite's budgets 167 → 171
/// of the hard set's 243 wins).
fn initial_pn(p: &[u8; 4]) -> u32 {
    if p.iter().any(|&v| v >= Pattern::Four as u8) {
        1
    } else if p.contains(&(Pattern::OpenThree as u8)) {
        2
    } else {
        3
    }
}

/// What expanding a node gives.
enum Expansion {
    /// Proven (pn 0) or disproven (dn 0).
    Done(Numbers),
    /// The node's moves.
    Moves(Arc<[u16]>),
}

/// The flag of a defender reply that is a counter-four (in a move list).
const COUNTER_FOUR: u16 = 0x8000;

/// The flag of an attacker move away from the attacker's previous threat (in a move
/// list; see [`near`]).
const FAR: u16 = 0x4000;

/// True when the attacker's move `c` is near its previous threat `previous`: on one of
/// its four lines within four cells, or within two cells of it. A threat sequence
/// mostly builds on the stones just played (Allis's dependency of threats); a move
/// elsewhere starts with [`VctSolver::dfpn_far_pn`] more proof number, so df-pn tries
/// it after the near ones unless they grow costly (it is never pruned).
fn near(c: Cell, previous: Cell) -> bool {
    let (dx, dy) = (c.x.abs_diff(previous.x), c.y.abs_diff(previous.y));
    ((dx == 0 || dy == 0 || dx == dy) && dx.max(dy) <= 4) || dx.max(dy) <= 2
}

const PROVEN: Numbers = Numbers { pn: 0, dn: INF };
const DISPROVEN: Numbers = Numbers { pn: INF, dn: 0 };

impl VctSolver {
    /// The df-pn stage from the root `b` (the attacker to move), within the node limit
    /// already set. Returns the proof tree when the root is proven.
    pub(super) fn dfpn_root(&mut self, b: &mut Board) -> Option<VctProof> {
        self.dfpn.clear();
        let attacker = b.side_to_move();
        let mut tables = std::mem::take(&mut self.dfpn);
        let r = self.mid(b, attacker, INF - 1, INF - 1, 0, &mut tables);
        let proof = if r.pn == 0 {
            proof_or(b, &tables)
        } else {
            None
        };
        self.dfpn = tables;
        proof
    }

    /// Expands an attacker node: its terminal result or its moves.
    fn expand_or(&mut self, b: &mut Board, ply: u32, key: u64, t: &mut DfpnTables) -> Expansion {
        let a = b.side_to_move();
        if b.outcome().is_some() {
            return Expansion::Done(DISPROVEN);
        }
        if let Some(i) = b.first_winning_cell(a) {
            t.vcf.insert(key, vec![b.cell_of(i)]);
            return Expansion::Done(PROVEN);
        }
        let blocks = b.winning_cells(!a);
        if blocks.len() >= 2 || ply >= self.max_ply {
            return Expansion::Done(DISPROVEN);
        }
        if let Some(line) = self.vcf_test(b, key) {
            t.vcf.insert(key, line);
            return Expansion::Done(PROVEN);
        }
        if self.aborted {
            return Expansion::Done(Numbers { pn: 1, dn: 1 });
        }
        let list: Vec<u16> = match blocks.first() {
            Some(&i) => {
                if a == Side::First && crate::renju::is_forbidden(b, b.cell_of(i)) {
                    return Expansion::Done(DISPROVEN);
                }
                vec![i as u16]
            }
            None => {
                let mut moves = threat_moves(b);
                if self.dfpn_quiet {
                    let q = quiet_threats(b, &mut self.nodes);
                    moves.extend(q);
                }
                let mut list: Vec<u16> = moves.iter().map(|&(_, i)| i as u16).collect();
                // Below the root, the moves away from the attacker's previous threat are
                // marked: their defender nodes start with a larger proof number.
                let played = b.moves();
                if self.dfpn_far_pn > 0 && ply >= 2 && played.len() >= 2 {
                    let previous = played[played.len() - 2];
                    for m in &mut list {
                        if !near(b.cell_of(*m as usize), previous) {
                            *m |= FAR;
                        }
                    }
                }
                list
            }
        };
        if list.is_empty() {
            return Expansion::Done(DISPROVEN);
        }
        Expansion::Moves(list.into())
    }

    /// Expands a defender node: its terminal result or the replies that need an answer.
    fn expand_and(&mut self, b: &mut Board) -> Expansion {
        match self.defences(b) {
            Defences::Won => Expansion::Done(PROVEN),
            Defences::Holds => Expansion::Done(DISPROVEN),
            Defences::Replies(list) if list.is_empty() => Expansion::Done(PROVEN),
            Defences::Replies(list) => {
                // Replies that are counter-fours (and no block of a four) last, marked.
                let d = b.side_to_move();
                let block = b.first_winning_cell(!d);
                let counter = |j: usize| {
                    Some(j) != block && b.patterns(j, d).iter().any(|&v| v >= Pattern::Four as u8)
                };
                let mut l: Vec<u16> = (list.iter())
                    .filter(|&&(_, j)| !counter(j))
                    .map(|&(_, j)| j as u16)
                    .collect();
                l.extend(
                    (list.iter())
                        .filter(|&&(_, j)| counter(j))
                        .map(|&(_, j)| j as u16 | COUNTER_FOUR),
                );
                Expansion::Moves(l.into())
            }
        }
    }

    /// Nagai's multiple iterative deepening at one node: searches below it until its
    /// proof number reaches `th_pn` or its disproof number `th_dn` (or the budget ends),
    /// and returns its numbers.
    fn mid(
        &mut self,
        b: &mut Board,
        attacker: Side,
        th_pn: u32,
        th_dn: u32,
        ply: u32,
        t: &mut DfpnTables,
    ) -> Numbers {
        let key = b.hash();
        let or = b.side_to_move() == attacker;
        self.nodes += 1;
        if self.out_of_budget() {
            return Numbers { pn: 1, dn: 1 };
        }
        let moves = match t.moves.get(&key) {
            Some(m) => m.clone(),
            None => {
                let e = if or {
                    self.expand_or(b, ply, key, t)
                } else {
                    self.expand_and(b)
                };
                match e {
                    Expansion::Done(n) => {
                        if !self.aborted {
                            t.numbers.insert(key, n);
                            if !or && n.pn == 0 {
                                t.moves.insert(key, Arc::from(Vec::new()));
                            }
                        }
                        return n;
                    }
                    Expansion::Moves(m) => {
                        if self.aborted {
                            return Numbers { pn: 1, dn: 1 };
                        }
                        t.moves.insert(key, m.clone());
                        m
                    }
                }
            }
        };
        let far_pn = self.dfpn_far_pn;
        // The move that starts at proof number 1: the generator's first one near the
        // previous threat (its first one when none is).
        let first = if or {
            moves.iter().position(|&m| m & FAR == 0).unwrap_or(0)
        } else {
            0
        };
        loop {
            // The children's numbers: from the table, or estimated.
            let children = moves.iter().enumerate().map(|(k, &m)| {
                let i = (m & !(COUNTER_FOUR | FAR)) as usize;
                let n = match t.numbers.get(&b.hash_after_move(i)) {
                    Some(&n) => n,
                    // That move is tried first, whatever its kind.
                    None if or && k == first => Numbers { pn: 1, dn: 1 },
                    None if or => Numbers {
                        pn: initial_pn(&b.patterns(i, attacker))
                            + if m & FAR != 0 { far_pn } else { 0 },
                        dn: 1,
                    },
                    None => Numbers { pn: 1, dn: 1 },
                };
                (n, m & COUNTER_FOUR != 0)
            });
            let Combined {
                n,
                best,
                second_v,
                rest,
            } = combine(or, children);
            t.numbers.insert(key, n);
            if n.pn == 0 || n.dn == 0 || n.pn >= th_pn || n.dn >= th_dn || self.aborted {
                return n;
            }
            // Thresholds for the best child (1 + ε with ε = 1/4).
            let second = second_v.min(INF);
            let widened = (second + second / 4).max(second.saturating_add(1));
            let (child_pn, child_dn) = if or {
                (th_pn.min(widened), th_dn.saturating_sub(rest).max(1))
            } else {
                (th_pn.saturating_sub(rest).max(1), th_dn.min(widened))
            };
            let m = moves[best] & !(COUNTER_FOUR | FAR);
            b.play_unchecked(b.cell_of(m as usize));
            self.mid(b, attacker, child_pn, child_dn, ply + 1, t);
            b.try_undo();
            if self.aborted {
                return n;
            }
        }
    }
}

/// A node's numbers from its children's, with what [`VctSolver::mid`] needs to go on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Combined {
    /// The node's proof and disproof numbers.
    n: Numbers,
    /// The child to search next (the least proof number at an attacker node, the least
    /// disproof number at a defender node; the first among equals).
    best: usize,
    /// The second least of the numbers `best` was chosen by (`INF + 1` when alone).
    second_v: u32,
    /// The part of the node's summed number that the best child does not make:
    /// its child's threshold is the node's threshold less this.
    rest: u32,
}

/// Combines the children's numbers `(numbers, counter_four)` of an attacker node (`or`)
/// or a defender node. At an attacker node the proof number is the least child's and
/// the disproof number the sum (Allis 1994). At a defender node the disproof number is
/// the least child's; the proof number is the sum over the replies that are no
/// counter-four, plus only the **largest** of the counter-fours' (a counter-four and
/// its forced block leave the defender to move against the same threat, so its subtree
/// repeats the node's own work; summing them counted the same replies once per
/// counter-four, and every defender node looked alike). Either way a number is 0
/// exactly when it is 0 by the rules of AND/OR trees: the counter-fours change only
/// which node is searched first, never what is proven.
fn combine(or: bool, children: impl Iterator<Item = (Numbers, bool)>) -> Combined {
    let mut best = 0usize;
    let mut best_v = INF + 1;
    let mut best_other = 0u32;
    let mut best_c4 = false;
    let mut second_v = INF + 1;
    let mut sum = 0u32;
    let mut c4_max = 0u32;
    for (k, (n, c4)) in children.enumerate() {
        let c4 = c4 && !or;
        let (v, other) = if or { (n.pn, n.dn) } else { (n.dn, n.pn) };
        if c4 {
            c4_max = c4_max.max(other);
        } else {
            sum = sum.saturating_add(other).min(INF);
        }
        if v < best_v {
            second_v = best_v;
            best_v = v;
            best_other = other;
            best = k;
            best_c4 = c4;
        } else if v < second_v {
            second_v = v;
        }
    }
    let total = sum.saturating_add(c4_max).min(INF);
    let n = if or {
        Numbers {
            pn: best_v.min(INF),
            dn: total,
        }
    } else {
        Numbers {
            pn: total,
            dn: best_v.min(INF),
        }
    };
    // A counter-four below the largest can grow up to it without changing the node.
    let rest = if best_c4 {
        sum
    } else {
        total.saturating_sub(best_other)
    };
    Combined {
        n,
        best,
        second_v,
        rest,
    }
}

/// λ² candidates that count as one node of the stage's budget. A candidate is tested
/// without playing it (the cells on its four lines are read), and costs far less CPU
/// than the stage's other nodes: on 12 freestyle misses (df-pn alone, 30,000 nodes,
/// `perf`) the scan took 14 % of the stage's CPU while its candidates were half of its
/// nodes (51 % on `white-to-move#327`). Counting a candidate as a whole node spent half
/// the budget on a seventh of the CPU.
const QUIET_PER_NODE: u64 = 2;

/// The attacker's quiet moves that may threaten a VCF: cells (not fours or open threes,
/// which [`threat_moves`] gives) where it makes a closed three or two twos and after
/// which it has a four-three or double-four cell, best first. Adds the candidates
/// tested to `nodes`, [`QUIET_PER_NODE`] to a node.
fn quiet_threats(b: &mut Board, nodes: &mut u64) -> Vec<(i32, usize)> {
    let a = b.side_to_move();
    let d = !a;
    let mut moves: Vec<(i32, usize)> = Vec::new();
    for &i in b.frontier() {
        let i = i as usize;
        let p = b.patterns(i, a);
        let max = p.iter().copied().max().unwrap_or(0);
        if max >= Pattern::OpenThree as u8 {
            continue;
        }
        let threes = p.iter().filter(|&&v| v == Pattern::Three as u8).count();
        let twos = p.iter().filter(|&&v| v == Pattern::Two as u8).count();
        if threes == 0 && twos < 2 {
            continue;
        }
        if a == Side::First && crate::renju::is_forbidden(b, b.cell_of(i)) {
            continue;
        }
        let v = cell_value(p) + cell_value(b.patterns(i, d)) / 2;
        moves.push((v, i));
    }
    // Each candidate is played once (counted as a node) to see whether it leaves a
    // four-three or double-four cell: far cheaper than a VCF search a candidate, and
    // the λ² moves of the suite's longer wins mostly are of this kind.
    // A stone changes the patterns only of the cells on its four lines, so unless
    // the attacker has such a cell already, only those are read, from the pattern keys
    // without playing the candidate ([`Board::any_pattern_after`]). (With one already,
    // the candidate is played: under the exact-five rules a stone can also spoil one.)
    *nodes += (moves.len() as u64).div_ceil(QUIET_PER_NODE);
    let before = has_four_three(b, a);
    moves.retain(|&(_, i)| {
        if before || b.empty_count() <= 1 {
            let c = b.cell_of(i);
            b.play_unchecked(c);
            let ok = b.outcome().is_none() && has_four_three(b, a);
            b.try_undo();
            ok
        } else {
            b.any_pattern_after(i, a, a, |_, p| four_three(&p))
        }
    });
    moves.sort_by(|x, y| y.0.cmp(&x.0).then(x.1.cmp(&y.1)));
    moves
}

/// True when `a` has a cell making an open four, two fours, or a four and an open
/// three at once (a VCF of one or two fours, the defender's counter-fours aside).
fn has_four_three(b: &Board, a: Side) -> bool {
    if b.pattern_count(a, Pattern::Four) == 0 && b.pattern_count(a, Pattern::OpenFour) == 0 {
        return false;
    }
    (b.frontier().iter()).any(|&i| four_three(&b.patterns(i as usize, a)))
}

/// True when a cell with the direction patterns `p` makes an open four, two fours, or a
/// four and an open three at once.
fn four_three(p: &[u8; 4]) -> bool {
    let fours = p.iter().filter(|&&v| v >= Pattern::Four as u8).count();
    let threes = p.iter().filter(|&&v| v == Pattern::OpenThree as u8).count();
    p.contains(&(Pattern::OpenFour as u8)) || fours >= 2 || (fours >= 1 && threes >= 1)
}

/// The proof tree of a proven attacker node, read from the tables.
fn proof_or(b: &mut Board, t: &DfpnTables) -> Option<VctProof> {
    let key = b.hash();
    if let Some(line) = t.vcf.get(&key) {
        return Some(VctProof::Vcf(line.clone()));
    }
    let moves = t.moves.get(&key)?;
    for &i in moves.iter() {
        let i = (i & !FAR) as usize;
        if t.numbers
            .get(&b.hash_after_move(i))
            .is_some_and(|n| n.pn == 0)
        {
            let c = b.cell_of(i);
            b.play_unchecked(c);
            let replies = proof_and(b, t);
            b.try_undo();
            if let Some(replies) = replies {
                return Some(VctProof::Threat { mv: c, replies });
            }
        }
    }
    None
}

/// The replies of a proven defender node with their sub-proofs, read from the tables.
fn proof_and(b: &mut Board, t: &DfpnTables) -> Option<Vec<(Cell, VctProof)>> {
    let a = !b.side_to_move();
    if b.outcome() == Some(Outcome::Win(a)) {
        return Some(Vec::new());
    }
    let moves = t.moves.get(&b.hash())?;
    let mut replies = Vec::with_capacity(moves.len());
    for &j in moves.iter() {
        let c = b.cell_of((j & !COUNTER_FOUR) as usize);
        b.play_unchecked(c);
        let sub = proof_or(b, t);
        b.try_undo();
        replies.push((c, sub?));
    }
    Some(replies)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(pn: u32, dn: u32) -> Numbers {
        Numbers { pn, dn }
    }

    #[test]
    fn near_is_the_previous_threats_lines_and_its_two_cell_square() {
        let c = |t: &str| Cell::parse_human(t).unwrap();
        let previous = c("h8");
        for t in [
            "h8", "h12", "h4", "l8", "d8", "l12", "d4", "l4", "d12", "j9", "g10", "f6",
        ] {
            assert!(near(c(t), previous), "{t}");
        }
        for t in ["h13", "m8", "m13", "k9", "e9", "d7", "l9"] {
            assert!(!near(c(t), previous), "{t}");
        }
    }

    #[test]
    fn counter_fours_add_only_their_largest_proof_number() {
        // A defender node: two replies (pn 3 and 2) and three counter-fours (pn 5, 7, 1).
        let kids = [
            (n(3, 1), false),
            (n(2, 4), false),
            (n(5, 2), true),
            (n(7, 3), true),
            (n(1, 9), true),
        ];
        let c = combine(false, kids.into_iter());
        assert_eq!(c.n, n(3 + 2 + 7, 1));
        assert_eq!(
            c.best, 0,
            "the least disproof number, the first among equals"
        );
        assert_eq!(c.rest, 12 - 3);
        // The counter-four with the least disproof number is searched next: it may grow
        // up to the largest counter-four's number without changing the node.
        let kids = [(n(3, 4), false), (n(5, 1), true), (n(7, 3), true)];
        let c = combine(false, kids.into_iter());
        assert_eq!((c.n, c.best, c.rest, c.second_v), (n(10, 1), 1, 3, 3));
        // Proven exactly when every child is, counter-fours included.
        let kids = [(n(0, INF), false), (n(0, INF), true), (n(2, 1), true)];
        assert_eq!(combine(false, kids.into_iter()).n.pn, 2);
        let kids = [(n(0, INF), false), (n(0, INF), true)];
        assert_eq!(combine(false, kids.into_iter()).n, n(0, INF));
        // Disproven as soon as one child is, a counter-four or not.
        let kids = [(n(4, 2), false), (n(INF, 0), true)];
        assert_eq!(combine(false, kids.into_iter()).n.dn, 0);
    }

    #[test]
    fn attacker_nodes_sum_every_disproof_number() {
        // The flag means nothing at an attacker node (its moves are never counter-fours).
        let kids = [(n(3, 2), false), (n(1, 5), true), (n(2, 4), false)];
        let c = combine(true, kids.into_iter());
        assert_eq!((c.n, c.best, c.second_v, c.rest), (n(1, 11), 1, 2, 6));
        let kids = [(n(INF, 0), false), (n(0, INF), false)];
        assert_eq!(combine(true, kids.into_iter()).n.pn, 0);
    }
}
