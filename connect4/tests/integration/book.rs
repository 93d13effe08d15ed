//! The shipped opening book: its format checks, its internal consistency (every
//! position above the leaves is the negamax of its children in the book), the scores of
//! Pons' test sets that fall within it, the solver, `analyze` and the engine's perfect
//! level answering from it with no node searched, and (ignored, minutes) a re-solve of a
//! random sample of entries by the solver without the book. The shipped play book: it
//! covers every position the perfect engine can face in its plies (a walk over the game
//! tree, both colours, every reply), agrees with the opening book, answers the engine
//! with no node searched, and its scores and columns equal fresh solves without the
//! books (two positions by default, a sample when ignored tests run).

use connect4::prelude::*;
use connect4::suite;
use connect4::{Book, Column, Engine, Level, Limits, PlayBook, Position, Solver};
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use std::path::PathBuf;

/// Far more than a budget of one node lets the perfect line's solves spend (the solver
/// keeps a node limit exactly, and the line ends with the first solve the budget
/// stops), and far less than a solve of a position inside the books.
const LINE_POLL: u64 = 10_000;

fn book() -> &'static Book {
    Book::shipped().expect("the shipped book passes its format checks")
}

/// Every position with fewer stones than the book's depth, one per mirror pair: the
/// positions whose every column the book answers.
fn inner_positions() -> Vec<Position> {
    (0..book().depth()).flat_map(Book::leaves).collect()
}

/// The score of each column of `p` from the book alone: an immediate win by its
/// stone's number, else minus the book's score of the child.
fn book_analysis(p: &Position) -> [Option<i32>; 7] {
    Column::ALL.map(|col| {
        if !p.has_room(col) {
            None
        } else if p.is_winning_move(col) {
            Some(connect4::score::win_score(p.moves() + 1))
        } else {
            let mut child = p.clone();
            child.play_unchecked(col);
            Some(-book().score(&child).expect("a child within the book"))
        }
    })
}

#[test]
fn shipped_book_is_the_negamax_of_its_leaves() {
    let book = book();
    let leaves = Book::leaves(book.depth());
    let lines: Vec<String> = leaves
        .iter()
        .map(|p| format!("{p} {}", book.score(p).expect("every leaf is in the book")))
        .collect();
    let rebuilt = Book::from_leaf_lines(book.depth(), lines.iter().map(String::as_str)).unwrap();
    assert_eq!(&rebuilt, book);
    assert_eq!(Book::from_bytes(&book.to_bytes()).as_ref(), Ok(book));
    let positions: usize = (0..=book.depth()).map(|d| Book::leaves(d).len()).sum();
    assert_eq!(
        book.len(),
        positions,
        "every position up to mirror image, once"
    );
}

/// Pons' test sets (`../shared/data/connect4`, scored by his solver, an independent
/// implementation) hold 1-, 2-, 3-… stone positions in Test_L1_R3 and Test_L1_R2: each
/// one within the book's depth has the book's score. Skips when the data is absent.
#[test]
fn book_agrees_with_pons_test_sets() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/connect4");
    if !dir.is_dir() {
        eprintln!("skipped: no {}", dir.display());
        return;
    }
    let mut checked = 0;
    for set in suite::SETS {
        for case in suite::read_file(&dir.join(set.file), None).expect("the set reads") {
            if case.position.moves() <= book().depth() {
                assert_eq!(
                    book().score(&case.position),
                    Some(case.score),
                    "{} of {}",
                    case.moves,
                    set.file
                );
                checked += 1;
            }
        }
    }
    // The data README: one 1-stone and ten 2-stone positions in Test_L1_R3. Counted in
    // the files themselves: 70 of 3 stones, and 130 + 43 + 2 of 4 stones in Test_L1_R3,
    // Test_L1_R1 and Test_L1_R2 (256 lines of at most 4 stones in all).
    let expected = match book().depth() {
        0 | 1 => 0,
        2 | 3 => 11,
        _ => 256,
    };
    assert!(checked >= expected, "{checked} lines checked");
}

#[test]
fn empty_board_answers_from_the_book() {
    // Allis (1988), Allen (1990), Tromp: the first player wins by the centre column;
    // Pons' scores of the seven columns (his README): -2 -1 0 1 0 -1 -2.
    assert!(
        book().depth() >= 1,
        "the book covers the empty board's columns"
    );
    let mut solver = Solver::new();
    let empty = Position::new();
    let s = solver.try_solve(&empty, false).unwrap();
    assert_eq!((s.score, s.nodes), (1, 0));
    let scores = solver.analyze(&empty, false).unwrap();
    assert_eq!(scores, [-2, -1, 0, 1, 0, -1, -2].map(Some));
    assert_eq!(solver.nodes(), 0, "answered from the book, no search");
    let (col, score) = solver.best_move(&empty).unwrap().unwrap();
    assert_eq!((col, score), (Column::ALL[3], 1));
}

/// `solve`, `analyze` (strong and weak) and `best_move` of every position with fewer
/// stones than the book's depth, and of their mirror images, come from the book: the
/// book's scores, no node searched.
#[test]
fn positions_within_the_book_are_answered_without_search() {
    let mut solver = Solver::new();
    for p in inner_positions().into_iter().flat_map(|p| [p.mirror(), p]) {
        let want = book_analysis(&p);
        assert_eq!(solver.analyze(&p, false).unwrap(), want, "{p}");
        let weak = want.map(|s| s.map(i32::signum));
        assert_eq!(solver.analyze(&p, true).unwrap(), weak, "{p}");
        let best = want.iter().flatten().max().copied();
        assert_eq!(solver.try_solve(&p, false).unwrap().score, best.unwrap());
        let (col, score) = solver.best_move(&p).unwrap().unwrap();
        assert_eq!((want[col.index()], Some(score)), (best, best), "{p}");
    }
    assert_eq!(solver.nodes(), 0, "answered from the book, no search");
}

/// The engine's perfect level moves at once from the empty board and from every other
/// position with fewer stones than the book's depth: an exact result, a best column of
/// the book, no node searched for it — also under a budget of one node. The nodes
/// reported are those of the perfect line's solves after the book's move, which the
/// budget bounds (to under [`LINE_POLL`]): a solve of one of these early positions
/// would take millions.
#[test]
fn perfect_engine_plays_from_the_book() {
    let mut engine = Engine::default();
    engine.set_level(Level::Perfect);
    let positions = inner_positions();
    let runs = [Limits::default(), Limits::nodes(1)]
        .into_iter()
        .flat_map(|l| positions.iter().map(move |p| (p.clone(), l.clone())));
    for (p, limits) in runs {
        let r = engine.think(&p, &limits, &mut |_| {});
        assert!(r.exact, "{p}");
        if limits.nodes.is_some() {
            assert!(
                r.stats.nodes < LINE_POLL,
                "{p}: from the book, no search: {}",
                r.stats.nodes
            );
        }
        let want = book_analysis(&p);
        let best = want.iter().flatten().max().copied();
        let col = r.best_move.expect("a move");
        assert_eq!(want[col.index()], best, "{p}: a best column");
        assert_eq!(
            connect4::score::from_core(r.score, p.moves()),
            best.unwrap(),
            "{p}"
        );
    }
}

/// The sample size of the ignored re-solve tests (`CONNECT4_BOOK_SAMPLE`).
fn sample_size(default: usize) -> usize {
    std::env::var("CONNECT4_BOOK_SAMPLE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

/// A random sample of the deepest (cheapest) entries, then of the others, re-solved from
/// scratch without the book.
#[test]
#[ignore = "minutes: re-solves sampled book positions from scratch (release build)"]
fn sampled_entries_equal_a_fresh_solve() {
    let book = book();
    let mut rng = ChaCha8Rng::seed_from_u64(12);
    let mut deepest = Book::leaves(book.depth());
    deepest.shuffle(&mut rng);
    let mut others: Vec<Position> = (0..book.depth()).flat_map(Book::leaves).collect();
    others.shuffle(&mut rng);
    let sample = sample_size(2);
    let mut solver = Solver::new();
    solver.set_use_book(false);
    for p in deepest
        .iter()
        .take(sample)
        .chain(others.iter().take(sample / 4))
    {
        assert_eq!(Some(solver.solve(p)), book.score(p), "{p}");
    }
}

/// `analyze` of a sampled position with fewer stones than the book's depth (from the
/// book) equals the analysis of the solver without the book.
#[test]
#[ignore = "minutes: seven solves without the book per sampled position (release build)"]
fn analysis_from_the_book_equals_a_fresh_analysis() {
    let mut positions = Book::leaves(book().depth() - 1);
    positions.shuffle(&mut ChaCha8Rng::seed_from_u64(13));
    let mut with_book = Solver::new();
    let mut without = Solver::new();
    without.set_use_book(false);
    for p in positions.iter().take(sample_size(1)) {
        assert_eq!(
            with_book.analyze(p, false).unwrap(),
            without.analyze(p, false).unwrap(),
            "{p}"
        );
    }
}

fn play_book() -> &'static PlayBook {
    PlayBook::shipped().expect("the shipped play book passes its format checks")
}

/// Follows the play book from the empty board, the engine playing first and second,
/// against every reply (every path of the tree, no merging of transpositions or mirror
/// images): each engine position of at most `plies` stones must be in the book, and
/// its column playable. The engine positions met, with repeats.
fn follow_play_book(book: &PlayBook) -> usize {
    fn engine_turn(p: &mut Position, book: &PlayBook) -> usize {
        if p.moves() > book.plies() || p.is_over() {
            return 0;
        }
        let (col, _) = book
            .best(p)
            .unwrap_or_else(|| panic!("{p}: not in the play book"));
        assert!(p.can_play(col), "{p}: column {col}");
        p.play_unchecked(col);
        let mut met = 1;
        if !p.is_over() {
            for reply in Column::ALL {
                if p.can_play(reply) {
                    p.play_unchecked(reply);
                    met += engine_turn(p, book);
                    p.undo_move();
                }
            }
        }
        p.undo_move();
        met
    }
    let mut met = engine_turn(&mut Position::new(), book);
    for first in Column::ALL {
        let mut p = Position::new();
        p.play_unchecked(first);
        met += engine_turn(&mut p, book);
    }
    met
}

#[test]
fn play_book_covers_every_position_the_engine_can_face() {
    let opening_depth = book().depth();
    let book = play_book();
    assert!(book.plies() > opening_depth, "beyond the opening book");
    let met = follow_play_book(book);
    // At least the engine positions of the first plies: 1 + 7 (engine first, plies 0
    // and 2) and 7 (engine second, ply 1), before any game can end.
    assert!(met >= 15, "{met}");
    let positions = book
        .positions()
        .expect("the walk meets no missing position");
    assert_eq!(positions.len(), book.len(), "every entry on the walk, once");
    let lines: Vec<String> = positions
        .iter()
        .map(|p| {
            let (col, score) = book.best(p).unwrap();
            format!("{p} {score} {col}")
        })
        .collect();
    let rebuilt = PlayBook::from_lines(book.plies(), lines.iter().map(String::as_str)).unwrap();
    assert_eq!(&rebuilt, book);
    assert_eq!(PlayBook::from_bytes(&book.to_bytes()).as_ref(), Ok(book));
}

/// The play book's positions within the opening book have its score, and those with
/// fewer stones than its depth a best column by its analysis (an independent build:
/// leaves solved, negamax over them).
#[test]
fn play_book_agrees_with_the_opening_book() {
    let mut checked = 0;
    for p in play_book().positions().unwrap() {
        let (col, score) = play_book().best(&p).unwrap();
        if p.moves() <= book().depth() {
            assert_eq!(book().score(&p), Some(score), "{p}");
            checked += 1;
        }
        if p.moves() < book().depth() {
            let want = book_analysis(&p);
            assert_eq!(want[col.index()], Some(score), "{p}: column {col}");
            assert_eq!(want.iter().flatten().max(), Some(&score), "{p}");
        }
    }
    assert!(checked > 30, "{checked}");
}

/// The perfect engine answers every position of the play book from it (mirror images
/// too): its column and score, no node searched for it, under a budget of one node (the
/// nodes reported are the perfect line's, under [`LINE_POLL`]).
#[test]
fn perfect_engine_plays_from_the_play_book() {
    let mut engine = Engine::default();
    engine.set_level(Level::Perfect);
    for p in play_book()
        .positions()
        .unwrap()
        .into_iter()
        .flat_map(|p| [p.mirror(), p])
    {
        let (col, score) = play_book().best(&p).unwrap();
        let r = engine.think(&p, &Limits::nodes(1), &mut |_| {});
        assert!(r.exact, "{p}");
        assert!(
            r.stats.nodes < LINE_POLL,
            "{p}: from the play book, no search: {}",
            r.stats.nodes
        );
        assert_eq!(r.best_move, Some(col), "{p}");
        assert_eq!(connect4::score::from_core(r.score, p.moves()), score, "{p}");
    }
}

/// Re-solves `p` (a play-book position) with the solver without either book: the
/// book's score, and its column scores that too.
fn check_play_entry(solver: &mut Solver, p: &Position) {
    let (col, score) = play_book().best(p).unwrap();
    assert_eq!(solver.solve(p), score, "{p}");
    let by_col = if p.is_winning_move(col) {
        connect4::score::win_score(p.moves() + 1)
    } else {
        let mut child = p.clone();
        child.play_unchecked(col);
        -solver.solve(&child)
    };
    assert_eq!(by_col, score, "{p}: column {col}");
}

/// Play-book positions drawn at random from those of at least `min_stones` stones.
fn sampled_play_positions(min_stones: u32, seed: u64) -> Vec<Position> {
    let mut positions: Vec<Position> = play_book()
        .positions()
        .unwrap()
        .into_iter()
        .filter(|p| p.moves() >= min_stones)
        .collect();
    positions.shuffle(&mut ChaCha8Rng::seed_from_u64(seed));
    positions
}

/// Two of the deepest play-book positions (the cheapest to solve) re-solved from
/// scratch: score and column.
#[test]
fn deepest_play_book_entries_equal_a_fresh_solve() {
    let mut solver = Solver::new();
    solver.set_use_book(false);
    for p in sampled_play_positions(play_book().plies(), 14)
        .iter()
        .take(2)
    {
        check_play_entry(&mut solver, p);
    }
}

/// A random sample (`CONNECT4_BOOK_SAMPLE`, default 40) of the play-book positions
/// beyond the opening book re-solved from scratch: score and column.
#[test]
#[ignore = "minutes: re-solves sampled play-book positions from scratch (release build)"]
fn sampled_play_book_entries_equal_a_fresh_solve() {
    let mut solver = Solver::new();
    solver.set_use_book(false);
    for p in sampled_play_positions(book().depth() + 1, 15)
        .iter()
        .take(sample_size(40))
    {
        check_play_entry(&mut solver, p);
    }
}
