//! Other board sizes: the solver's outcome of the empty board against the published
//! outcomes, and against a slow reference on the smallest boards.
//!
//! Source of the expected values: John Tromp's results for every board with
//! width + height ≤ 15 (<https://tromp.github.io/c4/c4.html>), as tabulated in the
//! README of Christophe Steininger's solver (<https://github.com/ChristopheSteininger/c4>,
//! sections "Outcome" and "Last Move": who wins with perfect play, and the move on which
//! the game then ends). Only these facts are taken from there, no code.

use connect4::score::ending_move;
use connect4::{Game, Geometry, Position, Size, Solver};
use std::collections::HashMap;

/// Who wins the empty board with perfect play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Outcome {
    /// The first player.
    First,
    /// The second player.
    Second,
    /// Nobody.
    Draw,
}
use Outcome::{Draw, First, Second};

/// Published outcomes: `(width, height, outcome, move on which the game ends)`, every
/// board with both sides at least 4 and width + height ≤ 13 (Tromp's results, tabulated
/// in Steininger's README).
const PUBLISHED: [(u32, u32, Outcome, u32); 21] = [
    (4, 4, Draw, 16),
    (5, 4, Draw, 20),
    (6, 4, Second, 24),
    (7, 4, Draw, 28),
    (8, 4, Second, 32),
    (9, 4, Second, 36),
    (4, 5, Draw, 20),
    (5, 5, Draw, 25),
    (6, 5, Draw, 30),
    (7, 5, Draw, 35),
    (8, 5, First, 39),
    (4, 6, Draw, 24),
    (5, 6, Draw, 30),
    (6, 6, Second, 36),
    (7, 6, First, 41),
    (4, 7, Draw, 28),
    (5, 7, Draw, 35),
    (6, 7, First, 41),
    (4, 8, Draw, 32),
    (5, 8, Draw, 40),
    (4, 9, Draw, 36),
];

/// Published outcomes of the boards with width + height = 14 (same source), all within
/// the bitboard's 64 bits.
const PUBLISHED_14: [(u32, u32, Outcome, u32); 7] = [
    (10, 4, Second, 40),
    (9, 5, First, 41),
    (8, 6, Second, 48),
    (7, 7, Draw, 49),
    (6, 8, Second, 48),
    (5, 9, Draw, 45),
    (4, 10, Draw, 40),
];

/// Boards of [`PUBLISHED`] that take seconds to minutes (measured in a release build,
/// one thread: 5×7 and 7×5 2.7 s, 6×6 8 s, 5×8 9 s, 9×4 33 s, 6×7 44 s, 8×5 106 s, 7×6
/// about 30 s without the opening book). Each of the slowest has a test of its own, so
/// that the test harness runs them side by side.
const LARGE: [(u32, u32); 8] = [
    (5, 7),
    (7, 5),
    (6, 6),
    (5, 8),
    (9, 4),
    (6, 7),
    (8, 5),
    (7, 6),
];

/// The empty board's outcome and ending move from a solver's score (first player's
/// view): the score convention of `connect4::score` generalised to the cell count.
fn outcome(size: Size) -> (Outcome, u32) {
    let mut solver = Solver::on(size, 22);
    // The 7×6 board is solved, not read from the opening book.
    solver.set_use_book(false);
    let score = solver.solve(&Position::empty_on(size));
    (outcome_of(score), ending_move(size.cells(), score))
}

/// Who wins, from the first player's score.
fn outcome_of(score: i32) -> Outcome {
    match score.signum() {
        1 => First,
        -1 => Second,
        _ => Draw,
    }
}

/// Checks the boards of `table` for which `pick` holds.
fn check_published(table: &[(u32, u32, Outcome, u32)], pick: impl Fn(u32, u32) -> bool) {
    for &(w, h, who, last) in table {
        if pick(w, h) {
            let size = Size::new(w, h).unwrap();
            assert_eq!(outcome(size), (who, last), "{size} board");
        }
    }
}

#[test]
fn published_outcomes_of_the_smaller_boards() {
    check_published(&PUBLISHED, |w, h| !LARGE.contains(&(w, h)));
}

/// 5×7, 7×5, 6×6 and 5×8: about 22 s of CPU together.
#[test]
fn published_outcomes_of_the_boards_of_35_to_40_cells() {
    check_published(&PUBLISHED, |w, h| LARGE[..4].contains(&(w, h)));
}

/// About 33 s of CPU.
#[test]
fn published_outcome_9x4() {
    check_published(&PUBLISHED, |w, h| (w, h) == (9, 4));
}

/// About 44 s of CPU.
#[test]
fn published_outcome_6x7() {
    check_published(&PUBLISHED, |w, h| (w, h) == (6, 7));
}

/// About 106 s of CPU, the longest test of the workspace.
#[test]
fn published_outcome_8x5() {
    check_published(&PUBLISHED, |w, h| (w, h) == (8, 5));
}

/// 7×6 through the standard board with its opening book, as `zerosum connect4 solve`
/// answers it (the book is built by this solver and checked against Pons' solver in
/// `book_agrees_with_pons_test_sets`); solving it without the book takes about 30 s
/// (`empty_board` example).
#[test]
fn published_outcome_7x6_from_the_book() {
    let mut solver = Solver::new();
    let score = solver.solve(&Position::new());
    let published = PUBLISHED.iter().find(|e| (e.0, e.1) == (7, 6)).unwrap();
    let cells = Size::new(7, 6).unwrap().cells();
    assert_eq!(
        (outcome_of(score), ending_move(cells, score)),
        (published.2, published.3)
    );
}

/// The 7×6 board solved without the book (about 30 s in a release build):
/// `cargo test --release -p connect4 -- --ignored published`.
#[test]
#[ignore]
fn published_outcome_7x6_solved() {
    check_published(&PUBLISHED, |w, h| (w, h) == (7, 6));
}

/// Hours in a release build (the 48- and 49-cell boards).
#[test]
#[ignore]
fn published_outcomes_of_width_plus_height_14() {
    check_published(&PUBLISHED_14, |_, _| true);
}

/// The exact score (Pons' convention over the board's cells) by plain negamax with a
/// memo of every position, no pruning: a slow reference for the smallest boards.
fn memo_negamax(p: &mut Position<Size>, memo: &mut HashMap<u64, i32>) -> i32 {
    if let Some(&s) = memo.get(&p.key()) {
        return s;
    }
    let g = p.geometry();
    let score = if p.winner().is_some() {
        // The last stone won: the side to move lost to it.
        // Pons' score: the winner's stones left unplayed plus one. On an odd board the
        // first player has one stone more, ⌈N/2⌉, so its win with the last cell is 1.
        let winner_stones = if p.moves() % 2 == 1 {
            g.cells().div_ceil(2)
        } else {
            g.cells() / 2
        };
        let used = p.moves().div_ceil(2);
        -((winner_stones - used) as i32 + 1)
    } else if p.moves() == g.cells() {
        0
    } else {
        let mut best = i32::MIN;
        let mut moves = zerosum::MoveList::new();
        p.legal_moves(&mut moves);
        for mv in moves {
            p.play(mv);
            best = best.max(-memo_negamax(p, memo));
            p.undo();
        }
        best
    };
    memo.insert(p.key(), score);
    score
}

/// Every accepted size of at most 13 cells (boards smaller than 4 in some dimension,
/// whose outcomes are not in the published table, among them; 14 cells and more take
/// seconds on the one-row boards): the solver's score of the empty board and of every
/// position after one move equals the slow reference.
#[test]
fn small_boards_match_plain_negamax() {
    let mut checked = 0;
    for size in Size::all().filter(|s| s.cells() <= 13) {
        let mut solver = Solver::on(size, 16);
        let mut memo = HashMap::new();
        let mut p = Position::empty_on(size);
        assert_eq!(solver.solve(&p), memo_negamax(&mut p, &mut memo), "{size}");
        let scores = solver.analyze(&p, false).unwrap();
        let (on_board, beyond) = scores.split_at(size.width() as usize);
        assert!(beyond.iter().all(Option::is_none));
        for (c, &score) in on_board.iter().enumerate() {
            let col = connect4::Column::new(c).unwrap();
            p.play(col);
            let want = -memo_negamax(&mut p, &mut memo);
            assert_eq!(score, Some(want), "{size} {col}");
            p.undo();
        }
        checked += 1;
    }
    assert_eq!(checked, 37, "sizes of at most 13 cells");
}

/// Boards of an odd number of cells, where the first player has one stone more: the
/// solver's `solve` and `analyze` equal the slow reference at every position of 40
/// pseudo-random games on 5×3 and 3×5. The solver scored a first-player win with the
/// last cell 0 (as a draw) when the win was at once, and 1 when it came from a search
/// (`5221211343355` on 5×3: `solve` -1, `analyze` 0 for its only column).
#[test]
fn odd_boards_match_plain_negamax_along_games() {
    for (w, h) in [(5, 3), (3, 5)] {
        let size = Size::new(w, h).unwrap();
        let mut solver = Solver::on(size, 16);
        let mut memo = HashMap::new();
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        for _ in 0..40 {
            let mut p = Position::empty_on(size);
            while !p.is_over() {
                let want = memo_negamax(&mut p, &mut memo);
                assert_eq!(solver.solve(&p), want, "{size} {p}");
                let scores = solver.analyze(&p, false).unwrap();
                let mut legal = Vec::new();
                for (c, &score) in scores[..w as usize].iter().enumerate() {
                    let col = connect4::Column::new(c).unwrap();
                    if !p.has_room(col) {
                        assert_eq!(score, None, "{size} {p} {col}");
                        continue;
                    }
                    p.play(col);
                    let child = -memo_negamax(&mut p, &mut memo);
                    p.undo();
                    assert_eq!(score, Some(child), "{size} {p} {col}");
                    legal.push(col);
                }
                seed = seed
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                p.play(legal[(seed >> 33) as usize % legal.len()]);
            }
        }
    }
    let size = Size::new(5, 3).unwrap();
    let p = Position::from_moves_on(size, "5221211343355").unwrap();
    let mut solver = Solver::on(size, 16);
    assert_eq!(solver.solve(&p), -1);
    assert_eq!(
        solver.analyze(&p, false).unwrap()[..5],
        [None, None, None, Some(-1), None]
    );
}

/// A board smaller than 4 in both dimensions holds no line of four: every game is a
/// draw by the rules, and the game ends on its last cell.
#[test]
fn boards_without_a_line_of_four_are_draws() {
    for size in Size::all().filter(|s| s.width() < 4 && s.height() < 4) {
        assert_eq!(outcome(size), (Draw, size.cells()), "{size}");
    }
}

/// The run-time 7×6 size solves like the standard board, node for node.
#[test]
fn run_time_standard_size_matches_the_standard_board() {
    let moves = "44455554221";
    let mut standard = Solver::new();
    let mut sized = Solver::on(Size::STANDARD, connect4::DEFAULT_TABLE_LOG2);
    let a = standard
        .try_solve(&Position::from_moves(moves).unwrap(), false)
        .unwrap();
    let b = sized
        .try_solve(
            &Position::from_moves_on(Size::STANDARD, moves).unwrap(),
            false,
        )
        .unwrap();
    assert_eq!((a.score, a.nodes), (b.score, b.nodes));
    assert_eq!(Size::STANDARD.key_bits(), 49);
    // The 7×6 defaults are the standard board's, larger boards use the table longer.
    assert_eq!(
        connect4::Techniques::for_cells(42),
        connect4::Techniques::default()
    );
    assert_eq!(connect4::Techniques::for_cells(45).table_max_stones, 35);
}
/// A `Solver<Size>` given a `Position<Size>` of another size panics, naming both boards;
/// before, it searched the position on its own board and gave wrong scores (a helper's
/// report: `4455` on 7×5, true score 15 by a solver of its size, scored 12 by a 6×5
/// solver).
#[test]
fn a_solver_refuses_a_position_of_another_size() {
    use connect4::Column;
    let (seven, six) = (Size::new(7, 5).unwrap(), Size::new(6, 5).unwrap());
    let p = Position::from_moves_on(seven, "4455").unwrap();
    assert_eq!(Solver::on(seven, 18).solve(&p), 15);
    let col = Column::new(0).unwrap();
    type Call<'a> = Box<dyn Fn(&mut Solver<Size>) + 'a>;
    let calls: [(&str, Call); 5] = [
        ("solve", Box::new(|s| _ = s.solve(&p))),
        ("analyze", Box::new(|s| _ = s.analyze(&p, false))),
        (
            "analyze_column",
            Box::new(|s| _ = s.analyze_column(&p, col, true)),
        ),
        ("best_move", Box::new(|s| _ = s.best_move(&p))),
        ("in_book", Box::new(|s| _ = s.in_book(&p))),
    ];
    for (name, call) in calls {
        let e = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            call(&mut Solver::on(six, 18))
        }))
        .expect_err(name);
        let text = e.downcast_ref::<String>().cloned().unwrap_or_default();
        assert!(
            text.contains("7x5") && text.contains("6x5"),
            "{name}: {text}"
        );
    }
}

/// A position on another board than the solver's is refused loudly, as each method's
/// `# Panics` says (a library user found the panic documented only on a private
/// function): a 5×4 solver given a 7×6 position of the same type.
#[test]
#[should_panic(expected = "given to a solver of")]
fn a_position_on_another_board_panics_as_documented() {
    let small = Size::new(5, 4).unwrap();
    let large = Size::new(7, 6).unwrap();
    let mut solver = Solver::on(small, 12);
    let _ = solver.try_solve(&Position::empty_on(large), false);
}
