//! The core conformance suite on several board shapes, and symmetry consistency.

use tictactoe::{Board, Game, Shape};
use zerosum::testing::{check_notation, check_rules};

fn shapes() -> Vec<Shape> {
    [
        "3x3", "4x4", "5x5x4", "4x3x3", "5x4 k=3", "8x8x5", "1x1x1", "7x2x2",
    ]
    .iter()
    .map(|s| s.parse().unwrap())
    .collect()
}

#[test]
fn rules_conform() {
    for shape in shapes() {
        let games = if shape.cells() <= 16 { 200 } else { 30 };
        check_rules(&Board::new(shape), games, 1);
    }
}

#[test]
fn notation_conforms() {
    for shape in shapes() {
        let games = if shape.cells() <= 16 { 100 } else { 30 };
        check_notation(&Board::new(shape), games, 2);
    }
}

#[test]
fn symmetric_positions_share_the_canonical_key_and_outcome() {
    use tictactoe::enumerate::reachable_positions;
    for b in reachable_positions(&Board::default()) {
        for s in 0..b.geometry().symmetries().len() {
            let t = b.transformed(s);
            assert_eq!(t.canonical_key(), b.canonical_key(), "{b} vs {t}");
            assert_eq!(t.outcome(), b.outcome());
            assert_eq!(t.side_to_move(), b.side_to_move());
        }
    }
}
