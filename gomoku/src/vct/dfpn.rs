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
//! (off its four lines within four cells and more than [`NEAR_SQUARE`] cells from it)
//! starts with
//! [`VctSolver::dfpn_far_pn`] more proof number, and the move that starts at 1 is the
//! generator's first one near it: threat sequences mostly build on the stones just
//! played (Allis's dependency of threats), so df-pn tries those first; nothing is
//! pruned. At the suite's budgets this took freestyle from 1,454 to 1,458 solved and
//! standard from 1,471 to 1,476.
//!
//! The **previous threat** is the attacker's last move on the path that was not a forced
//! block of a defender's four (`dfpn_threats`, kept as df-pn descends): a block is forced,
//! not a threat, and after a counter-four and its block the attack goes on where it was
//! (in Rapfi's lines of the suite's freestyle misses, 5 of the 11 lines with a λ² move
//! far from the attacker's previous move play it right after such a block). At the
//! suite's budgets then (15,000 df-pn nodes) this
//! took freestyle from 1,459 to 1,460 solved (gains `white-to-move#85`, `#405`, loses
//! `#257`), standard 1,478 (the same gains and loss);
//! [`VctSolver::dfpn_previous_block`] measures from the attacker's previous move as before.
//!
//! With [`VctSolver::dfpn_near_quiet`] (on in the puzzle suite, off in the engine), the
//! λ² moves below the root are only those near the attacker's previous threat
//! ([`near_previous_threat`]; Allis's dependency of threats: a quiet threat mostly builds on the stones just
//! played; fours and open threes are still generated everywhere): the λ² candidates
//! were a third of the stage's budget. At the suite's budgets this took freestyle from
//! 1,458 to 1,459 solved and standard from 1,476 to 1,478, none lost.
//!
//! With [`VctSolver::dfpn_zones`] (on in the puzzle suite, off in the engine), a node is
//! also proven by **relevance zones** (Wu and Lin, "Relevance-zone-oriented proof
//! search for Connect6", 2010; Thomsen 2000): when the path to it holds pairs of a
//! defender's four and the attacker's forced block, and the position without some of
//! those pairs is proven already, the pairs' stones are compared with that proof's key
//! cells ([`Zone`], gathered by walking the proof, [`zone_walk`]); when no stone of
//! theirs touches a five-window the proof relies on and the four's stone can join no
//! four of the defender's ([`pair_fits`]), the node is proven by the same tree without a
//! search, and its proof is read back through that node's table entries. On the suite
//! it fires rarely (1,944 nodes in the freestyle run, 509 standard) and changes no
//! count: on the 67 freestyle misses only 23 % of the stage's expansions lie below a
//! counter-four and its block, and three in four of those have no proven counterpart
//! yet when they are reached; the stage's budget goes to λ² candidates (33 %), the VCF
//! tests of λ² defences (26 %) and of attacker nodes (21 %).
//!
//! The proof and disproof numbers live in a transposition table keyed by the Zobrist
//! hash (the tree is a DAG: stones are only added). Each node's move list is generated
//! once and kept, so a node visited again costs no move generation and no VCF tests.
//! The proof tree is read back from the table and cached lists at the end and, like
//! every other VCT proof, is checked by [`crate::vct::check_vct_proof`] by its caller.

use super::{Defences, VctProof, VctSolver, strong, threat_moves};
use crate::board::{Board, DIRECTIONS};
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
    /// The key cells each proven node adds itself to its proof's (see [`Zone`]; its
    /// children's are found by walking the proof, [`zone_walk`]), with
    /// [`VctSolver::dfpn_zones`].
    zones: HashMap<u64, Zone>,
    /// The nodes proven by a smaller node's proof: the XOR of the extra stones' Zobrist
    /// keys, which turns the node's hash into that node's, and the extra stones.
    alias: HashMap<u64, (u64, Vec<usize>)>,
    /// The attacker's VCF line of each λ² defender node (what made it a threat).
    lines: HashMap<u64, Vec<Cell>>,
    /// The plies to five that the replies not listed leave the attacker, at each expanded
    /// defender node (see [`VctProof::Threat`]).
    rest: HashMap<u64, u32>,
}

impl DfpnTables {
    pub(super) fn clear(&mut self) {
        self.numbers.clear();
        self.moves.clear();
        self.vcf.clear();
        self.zones.clear();
        self.alias.clear();
        self.lines.clear();
        self.rest.clear();
    }
}

/// The **key cells** of a proof (Wu and Lin's relevance zones, Connect6, 2010), in two
/// sets. The attacker's: every attacker move of the proof tree, every cell of its VCF
/// lines, and at each defender node the threat just played, the attacker's win points,
/// open-four and double-four cells and the VCF line that made a λ² move a threat. The
/// defender's: every listed reply and every block of those VCF lines. A stone off the
/// attacker's key cells' lines (within four cells, five under the exact-five rule, where
/// a stone next to a five makes an overline) lies in no five-window of the proof's
/// fours, fives or open fours; a defender stone that shares no live five-window with two
/// other defender stones, the proof's included, adds no four of the defender's anywhere
/// in the proof (see [`pair_fits`]). A set over the at most 22 × 22 cells each.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Zone {
    att: [u64; 8],
    def: [u64; 8],
}

/// Inserts index `i` into the cell set `s`.
fn put(s: &mut [u64; 8], i: usize) {
    s[i >> 6] |= 1 << (i & 63);
}

/// True when the cell set `s` holds index `i`.
fn has(s: &[u64; 8], i: usize) -> bool {
    s[i >> 6] & (1 << (i & 63)) != 0
}

impl Zone {
    fn union(&mut self, o: &Zone) {
        for (x, y) in self.att.iter_mut().zip(o.att) {
            *x |= y;
        }
        for (x, y) in self.def.iter_mut().zip(o.def) {
            *x |= y;
        }
    }

    /// Adds a VCF line: every cell the attacker's, the blocks the defender's as well.
    fn add_line(&mut self, b: &Board, line: &[Cell]) {
        for (k, &c) in line.iter().enumerate() {
            let i = b.index(c);
            put(&mut self.att, i);
            if k % 2 == 1 {
                put(&mut self.def, i);
            }
        }
    }
}

/// True when the extra pair (the defender's stone on `four`, the attacker's on `block`,
/// both on `b`) leaves the proof of key cells `z` valid: neither is a key cell, neither
/// lies on a line of an attacker's key cell within four cells (five under the
/// exact-five rule), and every five-window through `four` free of attacker stones holds
/// at most one other defender stone, counting the board's and the proof's (a four of the
/// defender's needs three more).
fn pair_fits(b: &Board, z: &Zone, four: usize, block: usize, d: Side) -> bool {
    let reach = if b.rule() == crate::Rule::Freestyle {
        4
    } else {
        5
    };
    let s = b.size() as i32;
    let at = |c: Cell, k: i32, (dx, dy): (i32, i32)| -> Option<usize> {
        let (x, y) = (c.x as i32 + k * dx, c.y as i32 + k * dy);
        (x >= 0 && y >= 0 && x < s && y < s).then_some((y * s + x) as usize)
    };
    for i in [four, block] {
        if has(&z.def, i) {
            return false;
        }
        let c = b.cell_of(i);
        for &dir in &DIRECTIONS {
            if (-reach..=reach).any(|k| at(c, k, dir).is_some_and(|j| has(&z.att, j))) {
                return false;
            }
        }
    }
    let mine = if d == Side::First { 1 } else { 2 };
    let c = b.cell_of(four);
    DIRECTIONS.iter().all(|&dir| {
        (-4..=0).all(|start| {
            let mut others = 0;
            for k in start..start + 5 {
                let Some(j) = at(c, k, dir) else {
                    return true;
                };
                match b.raw(j) {
                    0 => others += u32::from(has(&z.def, j)),
                    v if v == mine => others += u32::from(k != 0),
                    _ => return true,
                }
            }
            others <= 1
        })
    })
}

/// The key cells a defender node adds to its proof's zone (the defender to move): the
/// threat just played, the attacker's win points and open-four and double-four cells
/// (the checker answers an unlisted reply by one of them), and the VCF line that made
/// a λ² move a threat (the checker answers an unlisted reply by a VCF).
fn defender_keys(b: &Board, t: &DfpnTables, key: u64) -> Zone {
    let a = !b.side_to_move();
    let mut z = Zone::default();
    if let Some(&last) = b.moves().last() {
        put(&mut z.att, b.index(last));
    }
    for &i in b.frontier() {
        let p = b.patterns(i as usize, a);
        if strong(&p) {
            put(&mut z.att, i as usize);
        }
    }
    for &i in &b.winning_cells(a) {
        put(&mut z.att, i);
    }
    if let Some(line) = t.lines.get(&key) {
        z.add_line(b, line);
    }
    z
}

/// The initial proof number of a defender node not yet expanded, after the attacker's
/// move with patterns `p`: a four leaves one reply, an open three a few, a λ² threat
/// more. The attacker node's first move (the best by the generator's ordering; below
/// the root the best near the previous threat, see [`near_previous_threat`]) starts at
/// 1 whatever it is, so that df-pn tries it before the other fours (at the suite's budgets 167 → 171
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
/// list; see [`near_previous_threat`]).
const FAR: u16 = 0x4000;

/// The flag of the attacker's forced block of a defender's four (in a move list).
const BLOCK: u16 = 0x2000;

/// The cell index in a move list entry.
const INDEX: u16 = 0x1FFF;

/// True when the attacker's move `c` is near its previous threat `previous`: on one of
/// its four lines within four cells, or within 3 cells of it in both coordinates
/// (`NEAR_SQUARE`). A threat sequence mostly builds on the stones just played (Allis's
/// dependency of threats); a move elsewhere starts with [`VctSolver::dfpn_far_pn`] more
/// proof number, so df-pn tries it after the near ones unless they grow costly (it is
/// never pruned).
pub fn near_previous_threat(c: Cell, previous: Cell) -> bool {
    crate::vcf::aligned(c, previous)
        || c.x.abs_diff(previous.x).max(c.y.abs_diff(previous.y)) <= NEAR_SQUARE
}

/// The square around the previous threat (cells at most this far in both coordinates)
/// that [`near_previous_threat`] counts as near, besides its four lines: 3, because in
/// Rapfi's lines of the suite's freestyle misses 9 λ² moves were outside the 2-cell
/// square and off the lines of the previous threat, 5 of them knight-like steps within 3
/// cells; with 30,000 df-pn nodes, 3 against 2 took freestyle from 1,462 to 1,464 solved
/// (gains `white-to-move#76`, `practical#232`, `#625`, loses `white-to-move#127`),
/// standard 1,484 → 1,485.
const NEAR_SQUARE: u8 = 3;

const PROVEN: Numbers = Numbers { pn: 0, dn: INF };
const DISPROVEN: Numbers = Numbers { pn: INF, dn: 0 };

impl VctSolver {
    /// The df-pn stage from the root `b` (the attacker to move), within the node limit
    /// already set. Returns the proof tree when the root is proven.
    pub(super) fn dfpn_root(&mut self, b: &mut Board) -> Option<VctProof> {
        self.dfpn.clear();
        self.zone_pairs.clear();
        self.dfpn_threats.clear();
        let attacker = b.side_to_move();
        let mut tables = std::mem::take(&mut self.dfpn);
        let r = self.mid(b, attacker, INF - 1, INF - 1, 0, &mut tables);
        let proof = if r.pn == 0 {
            let mut nodes_left = PROOF_SIZE_CAP;
            proof_or(b, &tables, 0, &mut nodes_left)
        } else {
            None
        };
        self.dfpn = tables;
        proof
    }

    /// The attacker's previous threat at an attacker node `ply` plies below the root (none
    /// at the root): its last move on the path that was not a forced block of a
    /// defender's four, or with [`VctSolver::dfpn_previous_block`] its previous move
    /// whatever it was. `None` as well when every attacker move on the path was a block.
    fn previous_threat(&self, b: &Board, ply: u32) -> Option<Cell> {
        let played = b.moves();
        if ply < 2 || played.len() < 2 {
            return None;
        }
        if self.dfpn_previous_block {
            Some(played[played.len() - 2])
        } else {
            self.dfpn_threats.last().copied()
        }
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
                vec![i as u16 | BLOCK]
            }
            None => {
                let mut moves = threat_moves(b);
                if self.dfpn_quiet {
                    // Below the root, with `dfpn_near_quiet`, only the λ² moves near the
                    // attacker's previous threat.
                    let previous = self
                        .dfpn_near_quiet
                        .then(|| self.previous_threat(b, ply))
                        .flatten();
                    let q = quiet_threats(b, &mut self.nodes, previous);
                    moves.extend(q);
                }
                let mut list: Vec<u16> = moves.iter().map(|&(_, i)| i as u16).collect();
                // Below the root, the moves away from the attacker's previous threat are
                // marked: their defender nodes start with a larger proof number.
                if self.dfpn_far_pn > 0
                    && let Some(previous) = self.previous_threat(b, ply)
                {
                    for m in &mut list {
                        if !near_previous_threat(b.cell_of(*m as usize), previous) {
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
    fn expand_and(&mut self, b: &mut Board, key: u64, t: &mut DfpnTables) -> Expansion {
        let defences = self.defences(b);
        if self.dfpn_zones && !self.threat_line.is_empty() {
            t.lines.insert(key, std::mem::take(&mut self.threat_line));
        }
        if let Defences::Replies(_, rest) = defences {
            t.rest.insert(key, rest);
        }
        match defences {
            Defences::Won => Expansion::Done(PROVEN),
            Defences::Holds => Expansion::Done(DISPROVEN),
            Defences::Replies(list, _) if list.is_empty() => Expansion::Done(PROVEN),
            Defences::Replies(list, _) => {
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
                if self.dfpn_zones && !self.zone_pairs.is_empty() {
                    if t.alias.contains_key(&key) {
                        return PROVEN;
                    }
                    if let Some(n) = self.zone_alias(b, key, attacker, t) {
                        self.dfpn_aliases += 1;
                        return n;
                    }
                }
                let e = if or {
                    self.expand_or(b, ply, key, t)
                } else {
                    self.expand_and(b, key, t)
                };
                match e {
                    Expansion::Done(n) => {
                        if !self.aborted {
                            t.numbers.insert(key, n);
                            if !or && n.pn == 0 {
                                t.moves.insert(key, Arc::from(Vec::new()));
                            }
                            if self.dfpn_zones && n.pn == 0 {
                                let z = if or {
                                    let mut z = Zone::default();
                                    if let Some(line) = t.vcf.get(&key) {
                                        z.add_line(b, line);
                                    }
                                    z
                                } else {
                                    defender_keys(b, t, key)
                                };
                                t.zones.insert(key, z);
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
                let i = (m & INDEX) as usize;
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
            if n.pn == 0 && self.dfpn_zones {
                let z = if or {
                    Zone::default()
                } else {
                    defender_keys(b, t, key)
                };
                t.zones.insert(key, z);
            }
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
            let m = moves[best] & INDEX;
            // A forced block of the defender's four: the pair (four, block) is an extra
            // the nodes below may be proven without (see `zone_alias`).
            let pair = or && self.dfpn_zones && moves[best] & BLOCK != 0;
            if pair && let Some(&four) = b.moves().last() {
                self.zone_pairs.push((b.index(four), m as usize));
            }
            // An attacker move other than a forced block is the next nodes' previous
            // threat.
            let threat = or && moves[best] & BLOCK == 0;
            if threat {
                self.dfpn_threats.push(b.cell_of(m as usize));
            }
            b.play_unchecked(b.cell_of(m as usize));
            self.mid(b, attacker, child_pn, child_dn, ply + 1, t);
            b.try_undo();
            if threat {
                self.dfpn_threats.pop();
            }
            if pair {
                self.zone_pairs.pop();
            }
            if self.aborted {
                return n;
            }
        }
    }
}

impl VctSolver {
    /// Relevance zones (Wu and Lin, 2010): the node `key` (not yet expanded) is the
    /// position of a proven node plus some of the (counter-four, block) pairs of the
    /// current path. When each pair fits that node's key cells ([`pair_fits`]), the same
    /// proof tree wins here: its
    /// moves are empty, its fours, fives and open fours keep their windows, the defender
    /// gains no four, and every reply the checker answers afresh there is answered the
    /// same way. The node is proven (its proof read through the alias), its zone is the
    /// source's plus the pairs. Never under renju (black's forbidden points depend on
    /// every stone).
    fn zone_alias(
        &self,
        b: &Board,
        key: u64,
        attacker: Side,
        t: &mut DfpnTables,
    ) -> Option<Numbers> {
        if b.rule() == crate::Rule::Renju {
            return None;
        }
        let d = !attacker;
        let or = b.side_to_move() == attacker;
        let mut delta = 0u64;
        for s in (0..self.zone_pairs.len()).rev() {
            let (four, block) = self.zone_pairs[s];
            delta ^= Board::stone_key(four, d) ^ Board::stone_key(block, attacker);
            let y = key ^ delta;
            if t.numbers.get(&y).is_none_or(|n| n.pn != 0) {
                continue;
            }
            let pairs = &self.zone_pairs[s..];
            let extra: Vec<usize> = pairs.iter().flat_map(|&(f, bl)| [f, bl]).collect();
            let mut z = Zone::default();
            let mut seen = HashMap::default();
            if !zone_walk(t, y, or, attacker, &extra, &mut z, &mut seen) {
                continue;
            }
            if pairs
                .iter()
                .all(|&(four, block)| pair_fits(b, &z, four, block, d))
            {
                t.zones.insert(key, Zone::default());
                t.alias.insert(key, (delta, extra));
                t.numbers.insert(key, PROVEN);
                return Some(PROVEN);
            }
        }
        None
    }
}

/// The key cells of the proof of the proven node `y` (its table key; `or` when the
/// attacker, `attacker`, is to move there) added to `z`, walking the proof as
/// [`proof_or`] reads it back, with the stones on `extra` on the board as well: a reply
/// on one of them is not playable, so its subtree is left out (the counter-four a pair
/// holds is a listed reply all through the proof it is checked against). Through an
/// alias, the source's proof with its extra stones. False when a proven node has no
/// key cells recorded. `seen` holds the nodes walked with their extra stones (the proof
/// is a DAG).
fn zone_walk(
    t: &DfpnTables,
    y: u64,
    or: bool,
    attacker: Side,
    extra: &[usize],
    z: &mut Zone,
    seen: &mut HashMap<u64, ()>,
) -> bool {
    let with_extra = (extra.iter()).fold(y, |h, &i| h ^ Board::stone_key(i, Side::Second));
    if seen.insert(with_extra, ()).is_some() {
        return true;
    }
    if seen.len() > ZONE_WALK_CAP {
        return false;
    }
    if let Some((delta, more)) = t.alias.get(&y) {
        let mut all = extra.to_vec();
        all.extend(more);
        for (k, &i) in more.iter().enumerate() {
            if k % 2 == 0 {
                put(&mut z.def, i);
            }
        }
        return zone_walk(t, y ^ delta, or, attacker, &all, z, seen);
    }
    let Some(own) = t.zones.get(&y) else {
        return false;
    };
    z.union(own);
    if t.vcf.contains_key(&y) {
        return true;
    }
    let Some(moves) = t.moves.get(&y) else {
        return false;
    };
    let side = if or { attacker } else { !attacker };
    let child = |i: usize| y ^ Board::stone_key(i, side) ^ Board::turn_key();
    if or {
        for &m in moves.iter() {
            let i = (m & INDEX) as usize;
            if !extra.contains(&i) && t.numbers.get(&child(i)).is_some_and(|n| n.pn == 0) {
                put(&mut z.att, i);
                return zone_walk(t, child(i), false, attacker, extra, z, seen);
            }
        }
        false
    } else {
        for &m in moves.iter() {
            let i = (m & INDEX) as usize;
            if extra.contains(&i) {
                continue;
            }
            put(&mut z.def, i);
            if !zone_walk(t, child(i), true, attacker, extra, z, seen) {
                return false;
            }
        }
        true
    }
}

/// Most nodes a [`zone_walk`] visits before giving up (the zone is then unknown).
const ZONE_WALK_CAP: usize = 4096;

/// Most nodes of a proof tree read back from the tables: a larger one is not claimed
/// (the tree repeats the subtrees of transpositions and relevance-zone aliases).
const PROOF_SIZE_CAP: u64 = 1 << 20;

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
/// the budget on a seventh of the CPU. A quarter node each (half a node measured against
/// it with the suite's 30,000 df-pn nodes: freestyle 1,464 → 1,465, gains
/// `white-to-move#187`, standard 1,485 the same; a miss or loss about 2 ms more CPU).
const QUIET_PER_NODE: u64 = 4;

/// The attacker's quiet moves that may threaten a VCF: cells (not fours or open threes,
/// which [`threat_moves`] gives) where it makes a closed three or two twos and after
/// which it has a four-three or double-four cell, best first; with `previous` (the
/// attacker's previous threat), only the cells near it ([`near_previous_threat`]). Adds
/// the candidates tested to `nodes`, [`QUIET_PER_NODE`] to a node.
fn quiet_threats(b: &mut Board, nodes: &mut u64, previous: Option<Cell>) -> Vec<(i32, usize)> {
    let a = b.side_to_move();
    let d = !a;
    let mut moves: Vec<(i32, usize)> = Vec::new();
    for &i in b.frontier() {
        let i = i as usize;
        if previous.is_some_and(|p| !near_previous_threat(b.cell_of(i), p)) {
            continue;
        }
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

/// The proof tree of a proven attacker node, read from the tables. The board's position
/// is found in them under its hash XOR `off` (a node proven through a relevance-zone
/// alias is read as its source, the extra stones staying on the board); `size` counts
/// down the nodes read ([`PROOF_SIZE_CAP`]).
fn proof_or(b: &mut Board, t: &DfpnTables, mut off: u64, size: &mut u64) -> Option<VctProof> {
    *size = size.checked_sub(1)?;
    let mut key = b.hash() ^ off;
    // An alias's source may be an alias itself.
    while let Some(&(d, _)) = t.alias.get(&key) {
        off ^= d;
        key ^= d;
    }
    if let Some(line) = t.vcf.get(&key) {
        return Some(VctProof::Vcf(line.clone()));
    }
    let moves = t.moves.get(&key)?;
    for &i in moves.iter() {
        let i = (i & INDEX) as usize;
        if b.raw(i) == 0
            && t.numbers
                .get(&(b.hash_after_move(i) ^ off))
                .is_some_and(|n| n.pn == 0)
        {
            let c = b.cell_of(i);
            b.play_unchecked(c);
            let replies = proof_and(b, t, off, size);
            b.try_undo();
            if let Some((replies, rest)) = replies {
                return Some(VctProof::Threat {
                    mv: c,
                    replies,
                    rest,
                });
            }
        }
    }
    None
}

/// The replies of a proven defender node with their sub-proofs, and the plies to five
/// the replies not listed leave the attacker, read from the tables (the position under
/// its hash XOR `off`, as in [`proof_or`]).
fn proof_and(
    b: &mut Board,
    t: &DfpnTables,
    mut off: u64,
    size: &mut u64,
) -> Option<(Vec<(Cell, VctProof)>, u32)> {
    let a = !b.side_to_move();
    if b.outcome() == Some(Outcome::Win(a)) {
        return Some((Vec::new(), 1));
    }
    let mut key = b.hash() ^ off;
    // An alias's source may be an alias itself.
    while let Some(&(d, _)) = t.alias.get(&key) {
        off ^= d;
        key ^= d;
    }
    let moves = t.moves.get(&key)?;
    let mut replies = Vec::with_capacity(moves.len());
    for &j in moves.iter() {
        let j = (j & INDEX) as usize;
        if b.raw(j) != 0 {
            // Under an alias, a reply of the source's on one of the extra stones: not
            // playable here (`zone_walk` leaves its subtree out too).
            continue;
        }
        let c = b.cell_of(j);
        b.play_unchecked(c);
        let sub = proof_or(b, t, off, size);
        b.try_undo();
        replies.push((c, sub?));
    }
    // A proven node without an entry was proven by two fives to make (`Defences::Won`).
    Some((replies, t.rest.get(&key).copied().unwrap_or(1)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(pn: u32, dn: u32) -> Numbers {
        Numbers { pn, dn }
    }

    #[test]
    fn a_pair_fits_a_zone_off_the_attackers_lines_and_the_defenders_windows() {
        let c = |t: &str| Cell::parse_human(t).unwrap();
        for rule in [crate::Rule::Freestyle, crate::Rule::Standard] {
            let mut b = Board::with_size(15, rule).unwrap();
            // White (the defender) has stones on d4 and e4; black attacks elsewhere.
            b.place(c("d4"), Side::Second).unwrap();
            b.place(c("e4"), Side::Second).unwrap();
            let mut z = Zone::default();
            put(&mut z.att, b.index(c("h8")));
            put(&mut z.def, b.index(c("k12")));
            let fits = |b: &Board, z: &Zone, four: &str, block: &str| {
                pair_fits(b, z, b.index(c(four)), b.index(c(block)), Side::Second)
            };
            // Far from every key cell, and in no window with two other white stones.
            assert!(fits(&b, &z, "o2", "n3"));
            // On an attacker key cell's line within four cells (h8-l8), or its own.
            assert!(!fits(&b, &z, "l8", "n3"));
            assert!(!fits(&b, &z, "o2", "h4"));
            // Five cells away on the line: outside under freestyle only (under the
            // exact-five rule a stone there can make an overline of the proof's five).
            assert_eq!(fits(&b, &z, "m8", "n3"), rule == crate::Rule::Freestyle);
            // On a defender key cell.
            assert!(!fits(&b, &z, "o2", "k12"));
            // A white stone in a free window with two other white stones (d4, e4).
            assert!(!fits(&b, &z, "f4", "n3"));
            // One board stone and one of the proof's defender stones in a window.
            assert!(fits(&b, &z, "n12", "n3"));
            put(&mut z.def, b.index(c("l12")));
            b.place(c("o12"), Side::Second).unwrap();
            assert!(!fits(&b, &z, "n12", "n3"));
            // A black stone in that window makes it dead.
            b.place(c("m12"), Side::First).unwrap();
            assert!(fits(&b, &z, "n12", "n3"));
        }
    }

    #[test]
    fn near_is_the_previous_threats_lines_and_its_three_cell_square() {
        let c = |t: &str| Cell::parse_human(t).unwrap();
        let previous = c("h8");
        for t in [
            "h8", "h12", "h4", "l8", "d8", "l12", "d4", "l4", "d12", "j9", "g10", "f6", "k9", "e9",
            "k11", "e5", "i11",
        ] {
            assert!(near_previous_threat(c(t), previous), "{t}");
        }
        for t in ["h13", "m8", "m13", "d7", "l9", "i12", "l5", "c9"] {
            assert!(!near_previous_threat(c(t), previous), "{t}");
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
