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

/// Seed 004's weights by own stones in a live line (0 to 5).
const SEED_WEIGHTS: [i64; 6] = [1, 10, 100, 1_000, 100_000, 0];

/// Both tables by brute force: every line of five cells through a cell adds the weight
/// of its side's stones there, when it holds no opponent stone and no blocker.
fn brute_tables(b: &Board) -> [Vec<i64>; 2] {
    let s = b.size() as i32;
    let mut t = [vec![0; (s * s) as usize], vec![0; (s * s) as usize]];
    for y in 0..s {
        for x in 0..s {
            for (dx, dy) in gomoku::DIRECTIONS {
                let cells: Vec<i32> = (0..5).map(|k| (y + k * dy) * s + x + k * dx).collect();
                let (ex, ey) = (x + 4 * dx, y + 4 * dy);
                if ex < 0 || ey < 0 || ex >= s || ey >= s {
                    continue;
                }
                for (side, table) in t.iter_mut().enumerate() {
                    let own = side as u8 + 1;
                    let raws: Vec<u8> = cells.iter().map(|&i| b.raw(i as usize)).collect();
                    if raws.iter().all(|&r| r == 0 || r == own) {
                        let n = raws.iter().filter(|&&r| r == own).count();
                        for &i in &cells {
                            table[i as usize] += SEED_WEIGHTS[n];
                        }
                    }
                }
            }
        }
    }
    t
}

/// A library user's report: level 1 (the weight table) played f8 in
/// `15f:[black h8 i8 j8 k8; blocked g8 l8]`, behind a blocker, on a line no one can
/// complete: its tables took the blockers' lines as open. The tables of set-up
/// positions with blockers equal a brute-force count, and the agent's cell is one of
/// highest weight by it.
#[test]
fn blockers_cut_the_weight_tables_lines() {
    use zerosum::agent::Agent;
    let mut agent = gomoku::WeightTable::new();
    for text in [
        "15f:[black h8 i8 j8 k8; blocked g8 l8]",
        "15f:[black h8 i8; white c3; blocked g8 j8 h9]k2",
        "9s:[blocked a1 e5 i9; white to move]",
    ] {
        let b = Board::parse_position(text).unwrap();
        let brute = brute_tables(&b);
        assert_eq!(WinLines::from_board(&b).tables(), &brute, "{text}");
        let c = agent.choose(&b).unwrap();
        let i = b.index(c);
        let best = (0..b.cell_count())
            .filter(|&j| b.raw(j) == 0)
            .map(|j| brute[0][j].max(brute[1][j]))
            .max()
            .unwrap();
        assert_eq!(brute[0][i].max(brute[1][i]), best, "{text}: {c}");
    }
}
