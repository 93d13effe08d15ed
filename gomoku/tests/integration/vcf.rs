//! Hand-made VCF and VCT positions.

use gomoku::vcf::{VcfSolver, check_proof};
use gomoku::{Board, Notation};

fn solve(text: &str) -> Option<Vec<gomoku::Cell>> {
    let mut b = Board::parse_position(text).unwrap();
    let line = VcfSolver::default().solve(&mut b, 30, 100_000);
    if let Some(l) = &line {
        check_proof(&b, l).unwrap_or_else(|e| panic!("{text}: {e}: {l:?}"));
    }
    line
}

#[test]
fn immediate_five_and_open_four() {
    assert_eq!(solve("h8a1i8a2j8a3k8a4").unwrap().len(), 1);
    // Black's open three h8-i8-j8 with black to move: open four then five (3 plies).
    assert_eq!(solve("h8a1i8a3j8a5").unwrap().len(), 3);
}

#[test]
fn four_three_by_fours_only() {
    // Black: h8 i8 j8 (closed by g8) and k9 k10 k11: k8 makes a four (h8-k8) and… the
    // solver must find a chain of fours ending in a double four.
    let line = solve("h8g8i8a1j8a3k10a5k11a7k9a9");
    assert!(line.is_some());
}

#[test]
fn no_vcf_on_a_quiet_board() {
    assert!(solve("h8i9").is_none());
    assert!(solve("h8i9h9i8").is_none());
    // White has an open four coming; black has nothing: no VCF for black.
    assert!(solve("a1h8a3i8a5j8a7k8").is_none());
}

#[test]
fn proof_checker_rejects_bad_lines() {
    let b = Board::parse_position("h8a1i8a3j8a5").unwrap();
    let c = |s: &str| gomoku::Cell::parse_human(s).unwrap();
    assert!(check_proof(&b, &[c("k8"), c("g8"), c("l8")]).is_ok());
    assert!(
        check_proof(&b, &[c("k8"), c("o1"), c("l8")]).is_err(),
        "defender move must block"
    );
    assert!(
        check_proof(&b, &[c("o15"), c("g8"), c("l8")]).is_err(),
        "attacker move must be a four"
    );
    assert!(check_proof(&b, &[c("k8"), c("g8")]).is_err(), "even length");
}

/// `vct`'s VCT proof (4-ply VCF tests, `nodes` for the deepening stage) for the side to
/// move of `text`, checked move by move by the independent checker, with the board
/// restored after the search.
fn checked_vct(vct: &mut gomoku::vct::VctSolver, text: &str, nodes: u64) -> gomoku::vct::VctProof {
    let mut b = Board::parse_position(text).unwrap();
    let proof = vct
        .prove(&mut b, 4, nodes, None)
        .unwrap_or_else(|| panic!("{text}: a VCT"));
    gomoku::vct::check_vct_proof(&b, &proof).unwrap_or_else(|e| panic!("{e}: {proof:?}"));
    assert_eq!(
        b,
        Board::parse_position(text).unwrap(),
        "{text}: the board is restored"
    );
    proof
}

/// Black's j8 makes two open threes at once (h8-i8-j8 and j8-j10-j11): no VCF, a VCT.
/// With no nodes for the iterative-deepening stage, only the threat-space-guided second
/// stage can find it, and its proof tree passes the checker.
#[test]
fn the_threat_space_stage_proves_a_double_three() {
    use gomoku::vct::VctSolver;
    let text = "h8a1i8a15j10o1j11o15";
    let mut b = Board::parse_position(text).unwrap();
    assert!(solve(text).is_none(), "no VCF");
    let mut vct = VctSolver::new();
    assert!(
        vct.prove(&mut b, 4, 0, None).is_none(),
        "no second stage, no nodes"
    );
    vct.tss_nodes = 5_000;
    checked_vct(&mut vct, text, 0);
}

/// The same double three, found by the proof-number stage alone (no nodes for the
/// iterative deepening, no threat-space stage); its proof tree passes the checker.
#[test]
fn the_proof_number_stage_proves_a_double_three() {
    use gomoku::vct::VctSolver;
    let text = "h8a1i8a15j10o1j11o15";
    let mut b = Board::parse_position(text).unwrap();
    let mut vct = VctSolver::new();
    vct.dfpn_nodes = 5_000;
    checked_vct(&mut vct, text, 0);
    vct.dfpn_nodes = 0;
    assert!(
        vct.prove(&mut b, 4, 0, None).is_none(),
        "no stage, no nodes"
    );
}

/// The double three again, with counter-fours for the defender (white's a1-a3 make a
/// four at a4 or a5): the proof-number stage alone must
/// answer them (a defender node's counter-four replies are searched with only their
/// largest proof number added, see `vct::dfpn`), and its proof tree passes the checker,
/// which tries every defender move; the deepening proves the same position.
#[test]
fn the_proof_number_stage_answers_counter_fours() {
    use gomoku::Cell;
    use gomoku::vct::{VctProof, VctSolver};
    let text = "h8a1i8a2j10a3j11o15";
    assert!(solve(text).is_none(), "no VCF");
    let mut vct = VctSolver::new();
    vct.dfpn_nodes = 20_000;
    let proof = checked_vct(&mut vct, text, 0);
    let VctProof::Threat { replies, .. } = &proof else {
        panic!("a threat first: {proof:?}")
    };
    for c in ["a4", "a5"] {
        let c = Cell::parse_human(c).unwrap();
        assert!(
            replies.iter().any(|(r, _)| *r == c),
            "the counter-four {c} is answered: {proof:?}"
        );
    }
    checked_vct(&mut VctSolver::new(), text, 20_000);
}

/// A double three wins in 5 plies (the three, a block, the open four, a block, the five)
/// and not sooner (no four on the board: nothing wins in 1 or 3), whatever the proof's
/// main line shows; the engine reports that distance, and so does a VCT proof's
/// [`gomoku::vct::VctProof::plies`] (by the rules, worked by hand).
#[test]
fn a_double_three_is_a_win_in_5_plies() {
    use gomoku::vct::VctSolver;
    use zerosum::search::Limits;
    for text in ["h8o15i8a15j9o1j10a1", "h8a1i8a15j10o1j11o15"] {
        let mut b = Board::parse_position(text).unwrap();
        assert!(solve(text).is_none(), "{text}: no VCF");
        let proof = checked_vct(&mut VctSolver::new(), text, 20_000);
        assert_eq!(proof.plies(&mut b), 5, "{text}: {proof:?}");
        assert_eq!(b, Board::parse_position(text).unwrap(), "restored");
        let mut engine = gomoku::Engine::new(16);
        let r = zerosum::Engine::think(&mut engine, &b, &Limits::nodes(20_000), &mut |_| {});
        assert_eq!(r.score, zerosum::Score::win_in(5), "{text}: {r:?}");
    }
}

/// A forced block (the opponent has a four) that leaves the opponent a VCF is valued as
/// the loss it is, not by the static evaluation after it: after black's h10 (the only
/// block of white's four) white wins by f9 f8 f13. Rapfi classical rates the position
/// lost in 4 plies (`-M4`, a new user's check); here the line is verified by the rules
/// checker `check_proof`, not by the solver that found it.
#[test]
fn a_forced_block_that_leaves_a_vcf_is_a_loss() {
    use gomoku::{Cell, Engine, Limits};
    use zerosum::Game;
    let text =
        "15f:l7h12d9f12j8g3d12k3e12f11j7i9l3f10m9j4i13e13j6m7g7e7m11g10e9h11h6g11g5h5g9m10c4l6h3k7";
    let board = Board::parse_position(text).unwrap();
    let info = Engine::new(1).search(&board, &Limits::nodes(40_000));
    let h10 = Cell::parse_human("h10").unwrap();
    assert_eq!(info.best, Some(h10));
    assert_eq!(info.score.plies_to_end(), Some(4), "{:?}", info.score);
    assert!(info.score < zerosum::Score::DRAW, "{:?}", info.score);
    assert_eq!(info.pv[0], h10);
    let mut after = board.clone();
    after.play(h10);
    check_proof(&after, &info.pv[1..]).unwrap();
}

/// A forced block whose loss starts only after the opponent's own forced reply is
/// searched, not valued by the static evaluation: black's only move m8 blocks white's
/// four and makes a four of its own, white must block it at j8, and then white's attack
/// wins. Rapfi classical rates the position after m8 `+M9` for white (a new user's check;
/// the engine used to answer `m8 score +194 (evaluation)`). The engine's value must be a
/// loss, with the forced pair first in its line: a loss its search found after j8 (no
/// threat solver proves it within the engine's budgets), so not `exact`.
#[test]
fn a_forced_block_lost_after_the_forced_reply_is_a_loss() {
    use gomoku::{Cell, Engine, Limits};
    let board = Board::parse_position("15f:h8j6i8k6f9d10c11i4h3d9g8j5j9l7c10b7i7l4").unwrap();
    let info = Engine::new(4).search(&board, &Limits::nodes(200_000));
    let cell = |t: &str| Cell::parse_human(t).unwrap();
    assert_eq!(info.best, Some(cell("m8")));
    assert!(info.score.is_loss(), "{:?}", info.score);
    assert!(!info.exact);
    assert_eq!(info.pv[..2], [cell("m8"), cell("j8")], "{:?}", info.pv);
    assert!(info.depth > 1, "searched, not evaluated: {info:?}");
}

/// The shortest VCF of at most `fours` fours, by brute force (the slow reference): every
/// cell that makes a four for the attacker, the defender's one block (a defender's five
/// refutes the four; two winning cells win), and a defender's four answered only by an
/// attacker four on its cell. `None` when there is none. Freestyle only.
fn shortest_vcf_by_brute_force(b: &mut Board, fours: u32) -> Option<u32> {
    (0..=fours).find(|&f| vcf_within(b, f))
}

fn vcf_within(b: &mut Board, fours: u32) -> bool {
    use gomoku::Game;
    let a = b.side_to_move();
    if !b.winning_cells(a).is_empty() {
        return true;
    }
    if fours == 0 {
        return false;
    }
    let threats = b.winning_cells(!a);
    let cells: Vec<usize> = if threats.is_empty() {
        (0..b.cell_count()).collect()
    } else {
        threats
    };
    for i in cells {
        let c = b.cell_of(i);
        if !b.is_legal(c) {
            continue;
        }
        b.play_unchecked(c);
        let wins = b.winning_cells(a);
        let holds = if wins.is_empty() || !b.winning_cells(!a).is_empty() {
            false
        } else if wins.len() >= 2 {
            true
        } else {
            let block = b.cell_of(wins[0]);
            b.play_unchecked(block);
            let r = vcf_within(b, fours - 1);
            b.try_undo();
            r
        };
        b.try_undo();
        if holds {
            return true;
        }
    }
    false
}

/// `solve_shortest_within` gives the shortest VCF, as the brute force finds it (a
/// tester's position: the first line found, and `zerosum gomoku solve`'s answer, was a
/// win in 11 where a win in 9 exists), with a proof the checker accepts; and a position
/// whose first line is already the shortest keeps it.
#[test]
fn the_shortest_vcf_is_found() {
    use zerosum::time::Budget;
    let text = "13s:i1g1h2j1i2j2k3k4i4k2j3h3l5j4h1m1i3l4g3h4m2m3f2h5l2k1m4i5g6f1h6j5f3f6";
    let mut b = Board::parse_position(&text.replace("13s", "13f")).unwrap();
    let unlimited = Budget::unlimited();
    let first = VcfSolver::default()
        .solve_within(&mut b, 60, 1_000_000, &unlimited)
        .unwrap();
    let mut solver = VcfSolver::default();
    let shortest = solver
        .solve_shortest_within(&mut b, 60, 1_000_000, &unlimited)
        .unwrap();
    assert!(!solver.limit_reached());
    check_proof(&b, &shortest).unwrap();
    let fours = shortest_vcf_by_brute_force(&mut b, 5).expect("a VCF");
    assert_eq!(shortest.len() as u32, 2 * fours + 1, "{shortest:?}");
    assert!(
        first.len() > shortest.len(),
        "the position's first line is longer"
    );
    // Already the shortest: the open three's open four.
    let mut b = Board::parse_position("h8a1i8a3j8a5").unwrap();
    let line = solver
        .solve_shortest_within(&mut b, 60, 1_000_000, &unlimited)
        .unwrap();
    assert_eq!(line.len(), 3);
    // A node limit too small to rule out a shorter line says so.
    let mut b = Board::parse_position(&text.replace("13s", "13f")).unwrap();
    let nodes = first_nodes(&b);
    let line = solver.solve_shortest_within(&mut b, 60, nodes, &unlimited);
    assert!(line.is_some());
    assert!(solver.limit_reached());
}

/// The nodes of the first VCF search of `b` (so that nothing is left to shorten it).
fn first_nodes(b: &Board) -> u64 {
    use zerosum::time::Budget;
    let mut solver = VcfSolver::default();
    solver
        .solve_within(&mut b.clone(), 60, 1_000_000, &Budget::unlimited())
        .unwrap();
    solver.nodes
}
