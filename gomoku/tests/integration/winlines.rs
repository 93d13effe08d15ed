//! Seed 004's win lines: counts and incremental tables equal a recount.

use gomoku::{Board, Game, Notation, WinLines};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use zerosum::MoveList;

#[test]
fn line_counts() {
    assert_eq!(WinLines::new(15).line_count(), 572);
    assert_eq!(WinLines::new(20).line_count(), 1152);
    let w = WinLines::new(15);
    assert_eq!(w.live_lines(gomoku::Side::First), 572);
    // The centre of 15x15 lies on 20 lines, a corner on 3.
    assert_eq!(w.weight(gomoku::Side::First, 7 * 15 + 7), 20);
    assert_eq!(w.weight(gomoku::Side::First, 0), 3);
}

#[test]
fn incremental_tables_equal_a_recount_on_random_games() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for size in [7u32, 15, 20] {
        for _ in 0..4 {
            let mut b = Board::with_size(size, gomoku::Rule::Freestyle).unwrap();
            let mut w = WinLines::new(size as u8);
            let mut moves = MoveList::new();
            while b.outcome().is_none() {
                moves.clear();
                b.legal_moves(&mut moves);
                let c = moves[rng.random_range(0..moves.len())];
                let side = b.side_to_move();
                b.play(c);
                w.play(b.index(c), side);
                assert_eq!(w.tables(), &w.recount());
                if rng.random_range(0..5) == 0 {
                    w.undo();
                    b.undo();
                    assert_eq!(w.tables(), &w.recount());
                }
            }
            assert_eq!(w.tables(), &WinLines::from_board(&b).recount());
            while !b.moves().is_empty() {
                b.undo();
                w.undo();
            }
            assert_eq!(w.tables(), WinLines::new(size as u8).tables());
        }
    }
}

#[test]
fn weight_table_takes_a_win_and_blocks_a_four() {
    use zerosum::agent::Agent;
    let mut agent = gomoku::WeightTable::new();
    let b = Board::parse_position("h8a1i8a2j8a3k8a4").unwrap();
    let c = agent.choose(&b).unwrap();
    assert!(["g8", "l8"].contains(&c.to_string().as_str()), "{c}");
    let b = Board::parse_position("h8a1i8a2j8a3k8").unwrap();
    let c = agent.choose(&b).unwrap();
    assert!(
        ["g8", "l8", "a4", "a5"].contains(&c.to_string().as_str()),
        "{c}"
    );
    let b = Board::parse_position("h8a1i8b2j8c3a15d4").unwrap();
    assert_eq!(agent.choose(&b).unwrap().to_string(), "e5");
}
