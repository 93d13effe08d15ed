//! The shipped opening book: its format checks, its internal consistency (every
//! position above the leaves is the negamax of its children in the book), published
//! values, and a re-solve of a random sample of entries by the solver without the book.

use connect4::{Book, Column, Position, Solver};
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

fn book() -> &'static Book {
    Book::shipped().expect("the shipped book passes its format checks")
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

#[test]
#[ignore = "minutes: re-solves sampled book positions from scratch (release build)"]
fn sampled_entries_equal_a_fresh_solve() {
    let book = book();
    let mut positions: Vec<Position> = (0..=book.depth()).flat_map(Book::leaves).collect();
    positions.shuffle(&mut ChaCha8Rng::seed_from_u64(12));
    let sample: usize = std::env::var("CONNECT4_BOOK_SAMPLE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2);
    let mut solver = Solver::new();
    solver.set_use_book(false);
    for p in positions.iter().take(sample) {
        assert_eq!(Some(solver.solve(p)), book.score(p), "{p}");
    }
}
