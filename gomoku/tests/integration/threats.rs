//! `Board::threats` and `Board::winning_row` against the rules alone, on hand-made boards
//! and on pseudo-random games of two rules (what `zerosum gomoku play` marks on the board).

use gomoku::{Board, Cell, Game, Rule, Threat, ThreatKind};
use zerosum::Side;

/// The board of `rule` after `moves`.
fn board(rule: Rule, moves: &[&str]) -> Board {
    let mut b = Board::with_size(15, rule).unwrap();
    for m in moves {
        b.try_play(Cell::parse_human(m).unwrap()).unwrap();
    }
    b
}

/// The winning row (sorted) and the threats a board should show, from the rules alone: a
/// five is a row of five (freestyle: five or more) of one side's stones; a side has a four
/// through an empty cell when its stone there completes a five, and an open three when
/// its stone there makes an open four — a line through the cell on which two or more
/// other empty cells would each then complete a five through it.
fn by_the_rules(b: &Board) -> (Vec<Cell>, Vec<Threat>) {
    let n = i32::from(b.size());
    let stone = |x: i32, y: i32, extra: &[(i32, i32)], side: Side| {
        (0..n).contains(&x)
            && (0..n).contains(&y)
            && (extra.contains(&(x, y)) || b.stone(Cell::new(x as u8, y as u8)) == Some(side))
    };
    // The length of `side`'s run through (x, y) along (dx, dy), with `extra` stones.
    let run = |x: i32, y: i32, (dx, dy): (i32, i32), extra: &[(i32, i32)], side: Side| {
        let mut len = 1;
        for sign in [-1, 1] {
            let mut k = 1;
            while stone(x + sign * k * dx, y + sign * k * dy, extra, side) {
                len += 1;
                k += 1;
            }
        }
        len
    };
    let wins = |len: i32| len == 5 || (len > 5 && b.rule() == Rule::Freestyle);
    let empty = |x: i32, y: i32| {
        (0..n).contains(&x) && (0..n).contains(&y) && b.stone(Cell::new(x as u8, y as u8)).is_none()
    };
    let dirs = [(1, 0), (0, 1), (1, 1), (1, -1)];
    let cells = || (0..n).flat_map(move |y| (0..n).map(move |x| (x, y)));
    let mut five: Vec<Cell> = cells()
        .filter(|&(x, y)| {
            [Side::First, Side::Second].into_iter().any(|side| {
                stone(x, y, &[], side) && dirs.iter().any(|&d| wins(run(x, y, d, &[], side)))
            })
        })
        .map(|(x, y)| Cell::new(x as u8, y as u8))
        .collect();
    five.sort();
    if !five.is_empty() {
        return (five, Vec::new());
    }
    let mut threats = Vec::new();
    for (x, y) in cells().filter(|&(x, y)| empty(x, y)) {
        for side in [Side::First, Side::Second] {
            let me = [(x, y)];
            let kind = if dirs.iter().any(|&d| wins(run(x, y, d, &me, side))) {
                ThreatKind::Five
            } else if dirs.iter().any(|&(dx, dy)| {
                (-5..=5)
                    .filter(|&k| k != 0 && empty(x + k * dx, y + k * dy))
                    .filter(|&k| {
                        let two = [(x, y), (x + k * dx, y + k * dy)];
                        wins(run(x, y, (dx, dy), &two, side))
                    })
                    .count()
                    >= 2
            }) {
                ThreatKind::OpenFour
            } else {
                continue;
            };
            let cell = Cell::new(x as u8, y as u8);
            threats.push(Threat { cell, side, kind });
        }
    }
    threats.sort();
    (five, threats)
}

/// What the board reports, in the reference's order.
fn reported(b: &Board) -> (Vec<Cell>, Vec<Threat>) {
    let mut five = b.winning_row().unwrap_or_default();
    five.sort();
    let mut threats = b.threats();
    threats.sort();
    (five, threats)
}

/// Issue 14 item 10: the threats and the five that `play` marks — fours (the cell that
/// makes five) and open threes (the cells that make an open four) — checked against the
/// rules on hand-made boards and on pseudo-random games of both rules.
#[test]
fn threats_and_the_five_follow_the_rules() {
    // An open three h8 i8 j8: black makes an open four on g8 or k8 (f8 and l8 make only a
    // four). White's two stones far away make nothing.
    let b = board(Rule::Freestyle, &["h8", "a1", "i8", "a3", "j8"]);
    let texts: Vec<String> = b
        .threats()
        .iter()
        .map(|t| format!("{}:{:?}:{:?}", t.cell, t.side, t.kind))
        .collect();
    assert_eq!(
        texts,
        ["g8:First:OpenFour", "k8:First:OpenFour"],
        "{texts:?}"
    );
    // A four blocked on one side: one cell makes five.
    let b = board(Rule::Freestyle, &["h8", "g8", "i8", "a3", "j8", "a5", "k8"]);
    assert!(b.threats().contains(&Threat {
        cell: Cell::parse_human("l8").unwrap(),
        side: Side::First,
        kind: ThreatKind::Five,
    }));
    assert_eq!(reported(&b), by_the_rules(&b));
    // Renju: black's forbidden point is no open-four threat of black's (h8 would make
    // two fours, e8-h8 and h8-h11: a double four), while g8-style open-four cells that
    // are allowed still are (report newuser16 F3).
    let moves = [
        "e8", "a1", "f8", "a3", "g8", "a5", "h9", "a7", "h10", "a9", "h11", "a11",
    ];
    let h8 = Cell::parse_human("h8").unwrap();
    let renju = board(Rule::Renju, &moves);
    assert!(gomoku::renju::is_forbidden(&renju, h8));
    assert!(
        !renju.threats().iter().any(|t| t.cell == h8),
        "{:?}",
        renju.threats()
    );
    let free = board(Rule::Freestyle, &moves);
    assert!(free.threats().contains(&Threat {
        cell: h8,
        side: Side::First,
        kind: ThreatKind::OpenFour,
    }));
    // Pseudo-random games near the centre (so that lines form), checked after every move.
    for rule in [Rule::Freestyle, Rule::Standard] {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..6 {
            let mut b = Board::with_size(15, rule).unwrap();
            while b.outcome().is_none() && b.stone_count() < 40 {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let c = Cell::new(4 + (seed % 7) as u8, 4 + ((seed >> 8) % 7) as u8);
                if b.stone(c).is_none() {
                    b.play(c);
                    assert_eq!(reported(&b), by_the_rules(&b), "{}", b.diagram());
                }
            }
        }
    }
}

/// A solver copy (`Board::solver_copy`, the VCT's board) keeps the same patterns,
/// pattern counts, frontier and hash as the full board through pseudo-random games and
/// their take-backs, under the three rules; only the evaluation's sums are left out.
#[test]
fn the_solver_copy_keeps_the_patterns_of_the_full_board() {
    use gomoku::Pattern;
    let same = |full: &Board, lean: &Board| {
        assert_eq!(full.hash(), lean.hash());
        let (mut f, mut l) = (full.frontier().to_vec(), lean.frontier().to_vec());
        f.sort_unstable();
        l.sort_unstable();
        assert_eq!(f, l);
        for side in [Side::First, Side::Second] {
            for i in 0..full.cell_count() {
                assert_eq!(full.patterns(i, side), lean.patterns(i, side));
            }
            for code in 0..8u8 {
                let p = Pattern::from_code(code);
                assert_eq!(full.pattern_count(side, p), lean.pattern_count(side, p));
            }
            assert_eq!(lean.class_counts(side), [0; 3]);
        }
    };
    for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju] {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..4 {
            let mut full = Board::with_size(15, rule).unwrap();
            full.play(Cell::new(7, 7));
            let mut lean = full.solver_copy();
            assert!(lean.is_solver_copy() && !full.is_solver_copy());
            while full.outcome().is_none() && full.stone_count() < 50 {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let c = Cell::new(3 + (seed % 9) as u8, 3 + ((seed >> 8) % 9) as u8);
                if full.try_play(c).is_ok() {
                    lean.play_unchecked(c);
                    same(&full, &lean);
                    if seed.is_multiple_of(5) {
                        assert!(full.try_undo() && lean.try_undo());
                        same(&full, &lean);
                    }
                }
            }
        }
    }
}

/// `Board::any_pattern_after` and `Board::fives_after` (read without playing) agree with
/// the patterns and win points after really playing the stone, on pseudo-random
/// positions of the three rules, for every empty cell near the stones and both sides.
#[test]
fn patterns_read_ahead_agree_with_playing_the_stone() {
    let mut seed = 0x0ddb_1a5e_5bad_5eed_u64;
    let rules = [Rule::Freestyle, Rule::Standard, Rule::Renju];
    random_games(&mut seed, &rules, 3, 36, |_, b| {
        for &i in b.frontier() {
            let i = i as usize;
            for side in [Side::First, Side::Second] {
                let mut after = b.clone();
                after.set_side_to_move(side);
                after.play_unchecked(b.cell_of(i));
                for view in [side, !side] {
                    let mut seen = 0;
                    b.any_pattern_after(i, side, view, |j, p| {
                        assert_eq!(p, after.patterns(j, view), "{}", b.diagram());
                        seen += 1;
                        false
                    });
                    assert!(seen > 0);
                }
                let mut fives = Vec::new();
                b.fives_after(i, side, &mut fives);
                fives.sort_unstable();
                let c = b.cell_of(i);
                let mut expected: Vec<usize> = (after.winning_cells(side).into_iter())
                    .filter(|&j| {
                        let o = b.cell_of(j);
                        let (dx, dy) = (o.x as i32 - c.x as i32, o.y as i32 - c.y as i32);
                        (dx == 0 || dy == 0 || dx.abs() == dy.abs()) && dx.abs().max(dy.abs()) <= 4
                    })
                    .collect();
                expected.sort_unstable();
                assert_eq!(fives, expected, "{}", b.diagram());
            }
        }
        false
    });
}

/// Plays `games` pseudo-random games (xorshift from `seed`) under each of `rules` on
/// 15×15, from a stone in the centre, each stone drawn from the 9×9 square around it;
/// `visit` sees the board after every stone played, until the game ends, it holds
/// `stones` stones, or `visit` returns true (this game is done).
fn random_games(
    seed: &mut u64,
    rules: &[Rule],
    games: usize,
    stones: usize,
    mut visit: impl FnMut(Rule, &mut Board) -> bool,
) {
    for &rule in rules {
        for _ in 0..games {
            let mut b = Board::with_size(15, rule).unwrap();
            b.play(Cell::new(7, 7));
            while b.outcome().is_none() && b.stone_count() < stones {
                *seed ^= *seed << 13;
                *seed ^= *seed >> 7;
                *seed ^= *seed << 17;
                let c = Cell::new(3 + (*seed % 9) as u8, 3 + ((*seed >> 8) % 9) as u8);
                if b.try_play(c).is_ok() && visit(rule, &mut b) {
                    break;
                }
            }
        }
    }
}

/// Every win `gomoku::quick_win` reads from the threat classes is a real one: on
/// pseudo-random games of freestyle and standard, each position it claims is proved by
/// the VCT solver within 3 threats, and the proof tree passes `check_vct_proof` (the
/// rules code alone answers every defence). Both of its shapes are met: a claim where
/// the opponent could make a four (a four-three whose block makes none) and one where
/// it could not.
#[test]
fn quick_wins_are_proved_wins() {
    use gomoku::Pattern;
    use gomoku::vct::{VctSolver, check_vct_proof};
    let mut seed = 0x5eed_0fa1_1c1a_0001_u64;
    let (mut claims, mut against_fours) = (0, 0);
    let mut solver = VctSolver::new();
    random_games(
        &mut seed,
        &[Rule::Freestyle, Rule::Standard],
        40,
        40,
        |rule, b| {
            let before = b.clone();
            if !gomoku::quick_win(b) {
                return false;
            }
            assert_eq!(b.moves(), before.moves(), "the board is restored");
            let me = b.side_to_move();
            claims += 1;
            if b.pattern_count(!me, Pattern::Four) + b.pattern_count(!me, Pattern::OpenFour) > 0 {
                against_fours += 1;
            }
            let proof = solver.prove(b, 3, 1_000_000, None);
            let position = format!("{rule:?} {b}");
            let proof = proof.unwrap_or_else(|| panic!("no VCT for a quick win: {position}"));
            check_vct_proof(b, &proof).unwrap_or_else(|e| panic!("{position}: {e}"));
            // One claim a game: the next game gives a new position.
            true
        },
    );
    assert!(
        claims >= 20 && against_fours >= 3,
        "{claims} claims, {against_fours} against fours"
    );
}

/// The defences the engine searches against an open three or a double-four cell are
/// exactly the moves that do not lose at once, by the rules alone: on pseudo-random
/// games of freestyle and standard, wherever the side to move has no five to make and
/// faces no four but a cell where the opponent's stone would leave it two cells that
/// complete a five, `Engine::candidate_moves` (uncapped) lists exactly the cells after
/// which the side to move has a five to make or the opponent has no such cell (or, where
/// every move loses so, some moves).
#[test]
fn defences_against_open_threes_and_double_fours_are_exact() {
    use gomoku::Engine;
    let mut seed = 0xdefe_4ce5_0000_0001_u64;
    let (mut positions, mut double_fours_only, mut lost) = (0, 0, 0);
    random_games(
        &mut seed,
        &[Rule::Freestyle, Rule::Standard],
        60,
        60,
        |_, b| {
            let me = b.side_to_move();
            if b.outcome().is_some()
                || !five_points(b, me, None, None).is_empty()
                || !five_points(b, !me, None, None).is_empty()
            {
                return false;
            }
            let threats = winning_cells_for(b, !me);
            if threats.is_empty() {
                return false;
            }
            positions += 1;
            if b.pattern_count(!me, gomoku::Pattern::OpenFour) == 0 {
                double_fours_only += 1;
            }
            let mut expected: Vec<Cell> = Vec::new();
            for i in 0..b.cell_count() {
                let c = b.cell_of(i);
                if b.stone(c).is_some() {
                    continue;
                }
                // A stone of ours makes no new cell for the opponent: its cells after
                // the move are among those before.
                b.play(c);
                let holds = !five_points(b, me, Some(c), None).is_empty()
                    || threats
                        .iter()
                        .all(|&f| f == c || five_points(b, !me, Some(f), Some(f)).len() < 2);
                b.try_undo();
                if holds {
                    expected.push(c);
                }
            }
            expected.sort();
            let mut listed = Vec::new();
            Engine::candidate_moves(b, usize::MAX, &mut listed);
            let mut listed: Vec<Cell> = listed.into_iter().map(|m| m.1).collect();
            listed.sort();
            if expected.is_empty() {
                // Every move loses at once: the looser list still gives the node moves.
                lost += 1;
                assert!(!listed.is_empty(), "{}", b.diagram());
            } else {
                assert_eq!(listed, expected, "{}", b.diagram());
            }
            false
        },
    );
    assert!(positions >= 100, "{positions} positions");
    assert!(
        double_fours_only >= 5,
        "{double_fours_only} double-four positions"
    );
    assert!(
        lost < positions / 2,
        "{lost} of {positions} lost whatever is played"
    );
}

/// The empty cells where a stone of `side` completes a five by the rules (freestyle: five
/// or more in a row; standard: exactly five), with `side`'s stone also on `extra` when
/// given: all of the board's or, given `near`, those on the four lines through it within
/// four cells (where a stone at `near` can have made new ones).
fn five_points(b: &Board, side: Side, near: Option<Cell>, extra: Option<Cell>) -> Vec<Cell> {
    let n = i32::from(b.size());
    let on = |x: i32, y: i32| (0..n).contains(&x) && (0..n).contains(&y);
    let mine = |x: i32, y: i32| {
        on(x, y) && {
            let c = Cell::new(x as u8, y as u8);
            Some(c) == extra || b.stone(c) == Some(side)
        }
    };
    let dirs = [(1, 0), (0, 1), (1, 1), (1, -1)];
    let completes = |x: i32, y: i32| {
        dirs.iter().any(|&(dx, dy)| {
            let mut len = 1;
            for sign in [-1, 1] {
                let mut k = 1;
                while mine(x + sign * k * dx, y + sign * k * dy) {
                    len += 1;
                    k += 1;
                }
            }
            len == 5 || (len > 5 && b.rule() == Rule::Freestyle)
        })
    };
    let cells: Vec<(i32, i32)> = match near {
        None => (0..n).flat_map(|y| (0..n).map(move |x| (x, y))).collect(),
        Some(c) => {
            let (x, y) = (i32::from(c.x), i32::from(c.y));
            dirs.iter()
                .flat_map(|&(dx, dy)| (-4..=4).map(move |k| (x + k * dx, y + k * dy)))
                .collect()
        }
    };
    let mut out: Vec<Cell> = cells
        .into_iter()
        .filter(|&(x, y)| on(x, y))
        .map(|(x, y)| Cell::new(x as u8, y as u8))
        .filter(|&c| b.stone(c).is_none() && Some(c) != extra)
        .filter(|&c| completes(i32::from(c.x), i32::from(c.y)))
        .collect();
    out.sort();
    out.dedup();
    out
}

/// The empty cells where a stone of `side` leaves it two or more cells that complete a
/// five ([`five_points`]): its open-four and double-four cells, by the rules.
fn winning_cells_for(b: &Board, side: Side) -> Vec<Cell> {
    (0..b.cell_count())
        .map(|i| b.cell_of(i))
        .filter(|&f| b.stone(f).is_none())
        .filter(|&f| five_points(b, side, Some(f), Some(f)).len() >= 2)
        .collect()
}

/// `VctSolver::max_nodes` caps a proof's stages together: the puzzle suite's solver
/// (deepening, threat-space stage of 5,000 nodes, proof-number stage of 30,000 run
/// whenever no proof was found) given a deepening of 200 nodes and a cap of 500 or
/// 3,000 stays within the cap and two of its VCF tests, on pseudo-random games; the
/// stages do run (past the deepening's 200 nodes) in many of them.
#[test]
fn the_vct_stages_keep_the_cap() {
    use gomoku::suite::suite_vct_solver;
    let mut seed = 0x0002_3600_5ca9_0001_u64;
    let mut solver = suite_vct_solver();
    let (mut proofs, mut staged) = (0, 0);
    random_games(
        &mut seed,
        &[Rule::Freestyle, Rule::Standard],
        8,
        30,
        |_, b| {
            if b.outcome().is_some() {
                return false;
            }
            for cap in [500, 3_000] {
                solver.max_nodes = cap;
                solver.prove(b, 10, 200, None);
                proofs += 1;
                let slack = 2 * (solver.vcf_nodes + 2);
                staged += usize::from(solver.nodes > 200 + slack);
                assert!(
                    solver.nodes <= cap + slack,
                    "{} > {cap} + {slack}: {}",
                    solver.nodes,
                    b.diagram()
                );
            }
            false
        },
    );
    assert!(
        staged > proofs / 4,
        "the stages ran past the deepening in {staged} of {proofs} proofs"
    );
}

/// The VCT solver keeps its node limit within two of its VCF tests, as the engine's leaf
/// probe assumes (`Engine::leaf_vct_nodes`): on pseudo-random games of freestyle and
/// standard, a leaf probe's solver (VCF tests of 20 nodes) under limits of 10 to 1,000
/// nodes. A defender's answers to a threat that is no open four are each checked by a
/// VCF test; the solver once ran them all past its limit (242 nodes under 100).
#[test]
fn the_vct_keeps_its_node_limit() {
    use gomoku::vct::VctSolver;
    let mut seed = 0x0001_1000_07c7_0001_u64;
    let mut solver = VctSolver::with_entries(1 << 10);
    solver.vcf_nodes = 20;
    let (mut probes, mut stopped) = (0, 0);
    random_games(
        &mut seed,
        &[Rule::Freestyle, Rule::Standard],
        20,
        40,
        |_, b| {
            if b.outcome().is_some() {
                return false;
            }
            for limit in [10, 100, 1_000] {
                solver.prove(b, 3, limit, None);
                probes += 1;
                stopped += usize::from(solver.nodes > limit);
                let most = limit + 2 * (solver.vcf_nodes + 2);
                assert!(
                    solver.nodes <= most,
                    "{} > {most}: {}",
                    solver.nodes,
                    b.diagram()
                );
            }
            false
        },
    );
    assert!(
        stopped > 10,
        "{stopped} of {probes} probes reached their limit"
    );
}

/// Whether the side to move of `b` wins within `n` plies (odd) against every defence, by
/// the rules alone: a slow reference for the distances the VCT solver claims. A five to
/// make now; else, with `n` ≥ 3, a legal move after which every legal reply of the
/// defender's (all of them are tried) leaves a win within `n − 2`. The attacker's moves
/// tried: the block of the defender's five when it has one; else, at the top (`top`),
/// every empty cell within two of a stone, and below it the cells where the attacker
/// makes a four or an open three (to win within 3 plies it must make a four). So a `true`
/// is a real win; a `false` may miss a win that goes on with a quiet move.
fn wins_within(b: &mut Board, n: u32, top: bool) -> bool {
    use gomoku::{Outcome, Pattern};
    let a = b.side_to_move();
    if !b.winning_cells(a).is_empty() {
        return true;
    }
    if n < 3 {
        return false;
    }
    let threats = b.winning_cells(!a);
    let near = |b: &Board, i: usize| {
        let (c, n) = (b.cell_of(i), b.size() as i32);
        (-2..=2i32).any(|dy| {
            (-2..=2i32).any(|dx| {
                let (x, y) = (c.x as i32 + dx, c.y as i32 + dy);
                (0..n).contains(&x) && (0..n).contains(&y) && b.raw((y * n + x) as usize) != 0
            })
        })
    };
    let candidates: Vec<usize> = match threats.len() {
        0 => (0..b.cell_count())
            .filter(|&i| b.raw(i) == 0)
            .filter(|&i| {
                let p = b.patterns(i, a);
                let least = if n == 3 {
                    Pattern::Four
                } else {
                    Pattern::OpenThree
                };
                (top && near(b, i)) || p.iter().any(|&v| v >= least as u8)
            })
            .collect(),
        1 => threats,
        _ => return false,
    };
    for i in candidates {
        if b.try_play(b.cell_of(i)).is_err() {
            continue; // a forbidden point of renju's black
        }
        let won = match b.outcome() {
            Some(Outcome::Win(s)) => s == a,
            Some(_) => false,
            None => every_reply_loses(b, n),
        };
        b.try_undo();
        if won {
            return true;
        }
    }
    false
}

/// The defender to move of `b` loses within `n − 1` plies whatever it plays (see
/// [`wins_within`]): every legal reply, or only the block when the attacker has a five
/// to make (any other reply lets it make five; a block that is forbidden for renju's
/// black loses too).
fn every_reply_loses(b: &mut Board, n: u32) -> bool {
    use gomoku::Outcome;
    let d = b.side_to_move();
    if !b.winning_cells(d).is_empty() {
        return false;
    }
    let fives = b.winning_cells(!d);
    if fives.len() >= 2 {
        return true;
    }
    let replies: Vec<usize> = if fives.len() == 1 {
        fives
    } else {
        (0..b.cell_count()).filter(|&i| b.raw(i) == 0).collect()
    };
    for j in replies {
        if b.try_play(b.cell_of(j)).is_err() {
            continue;
        }
        let holds = match b.outcome() {
            Some(Outcome::Win(s)) => s == d,
            Some(_) => true,
            None => !wins_within(b, n - 2, false),
        };
        b.try_undo();
        if holds {
            return false;
        }
    }
    true
}

/// Under renju, a white threat whose backing VCF has a four black cannot block (its
/// completing point forbidden) is answered by a black stone anywhere that makes the
/// point legal again: the defender's list left such stones out, and proofs claimed
/// wins the proof checker refused (`after h7 the defence k6 is not answered`; a
/// helper's fuzzing, confirmed by its independent rules search: after the first
/// position and h7, black k6, j7 or f8 leave white no win within 5 plies). Every proof
/// found for these positions now passes the checker.
#[test]
fn renju_white_threats_answer_a_black_stone_that_unforbids_a_block() {
    use gomoku::vct::{VctSolver, check_vct_proof};
    use zerosum::Notation;
    let base = "15r:g8m12h8d11h9h10g10g9j9i9k10e8e10o1f9";
    let mut proven = 0;
    for tail in [
        "i7l10f10j11i10i6",
        "o15d6d8e9k12e6i10k11",
        "o15d6d8e9k12e6i10k11i7i6",
        "i6j11f5e6g4d12i7d5f7i10",
    ] {
        let position = format!("{base}{tail}");
        let mut b = Board::parse_position(&position).unwrap();
        let mut solver = VctSolver::new();
        if let Some(proof) = solver.prove(&mut b, 10, 1_000_000, None) {
            check_vct_proof(&b, &proof).unwrap_or_else(|e| panic!("{position}: {e}"));
            proven += 1;
        }
    }
    // The last position's win stands, proven another way (k12, win in 13).
    assert!(proven >= 1, "{proven}");
}

/// The plies a VCT proof guarantees ([`VctProof::plies`]) are real: within them the
/// attacker wins against every defence, by the rules alone ([`wins_within`]). Two
/// positions from an adversarial test, where the distance counted 5 for a threat none of
/// whose replies was listed, though the replies not listed left a 9-ply VCF (freestyle)
/// or the only open-four cell left was a forbidden double four (renju's black); then
/// every claim of 5 plies or fewer on pseudo-random games of the three rules.
#[test]
fn vct_distances_are_real_wins() {
    use gomoku::vct::{VctSolver, check_vct_proof};
    use zerosum::Notation;
    let mut solver = VctSolver::new();
    for (position, beyond) in [
        (
            "15f:j9k6j5h11i7f9h6k9k11e7g10i5i6k10h8g9h5j10g8k5f6h7j8k8e9j6",
            5,
        ),
        ("15r:h6i11f9f5j7h10i7h11j10k6h8h9k8k5k10f10k9h13", 5),
    ] {
        let mut b = Board::parse_position(position).unwrap();
        let proof = solver.prove(&mut b, 10, 1_000_000, None).expect(position);
        check_vct_proof(&b, &proof).unwrap_or_else(|e| panic!("{position}: {e}"));
        let plies = proof.plies(&mut b.clone());
        // No win within `beyond` plies: the distance is longer.
        assert!(!wins_within(&mut b, beyond, true), "{position}");
        assert!(plies > beyond, "{position}: {plies} plies");
        if plies <= 7 {
            assert!(
                wins_within(&mut b, plies, true),
                "{position}: {plies} plies"
            );
        }
    }
    let mut seed = 0x0d15_7a9c_e000_0001_u64;
    let mut claims = 0;
    random_games(
        &mut seed,
        &[Rule::Freestyle, Rule::Standard, Rule::Renju],
        40,
        50,
        |rule, b| {
            if b.stone_count() < 12 || !b.winning_cells(!b.side_to_move()).is_empty() {
                return false;
            }
            let Some(proof) = solver.prove(b, 3, 200_000, None) else {
                return false;
            };
            let plies = proof.plies(&mut b.clone());
            if plies <= 5 {
                claims += 1;
                assert!(wins_within(b, plies, true), "{rule:?} {b}: {plies} plies");
            }
            true
        },
    );
    assert!(claims >= 20, "{claims} claims");
}
