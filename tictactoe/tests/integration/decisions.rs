//! Snapshot of decisions: for a fixed list of instructive positions, the move the solver
//! plays, its value and the exact value of every legal move (distance mode: the winner
//! hurries, the loser delays). A change in play shows up in review.

use tictactoe::{Board, Game, Mode, Score, Side, Solver, SolverConfig};

const POSITIONS: &[(&str, &str)] = &[
    (".........", "empty board: a draw, every first move draws"),
    ("x........", "corner opening: only the centre holds for O"),
    (
        "....x....",
        "centre opening: O must take a corner, edges lose",
    ),
    (".x.......", "edge opening: O has several holding replies"),
    ("x.......o", "O took the opposite corner: X wins"),
    ("x....o...", "O took a far edge: X wins"),
    ("x..o.....", "O took an adjacent edge: X wins"),
    ("xo.......", "O took the other adjacent edge: X wins"),
    (
        "x...o...x",
        "opposite corners vs centre: O must play an edge, a corner loses",
    ),
    ("x...o....", "the lecture's second position"),
    ("xx..o....", "forced block at 3"),
    ("x.x.o....", "forced block at 2"),
    ("x.o.x....", "forced block at 9 on the diagonal"),
    ("xx.oo....", "X wins at once and ignores O's threat"),
    ("xo.xo....", "both threaten; X, to move, wins first"),
    ("xx..o.x.o", "already lost: X has two threats"),
    ("xoxoxo.x.", "already lost near the end"),
    ("x.o.x...o", "X must block at 6; everything else loses"),
    (
        "o...x...x",
        "O in a corner against centre and opposite corner: take a corner",
    ),
    (".x.xo....", "O to move against two edges"),
    ("x...x.o..", "O to move: block 9"),
    ("xox.o....", "X must block 8"),
    ("oxo.x....", "X wins at once down the middle column"),
    ("xoxoxo...", "X has two winning cells"),
    ("xxoo.x.o.", "late middlegame: every move draws"),
    ("xxxoo....", "finished: X won"),
    ("xoxxoooxx", "finished: full board, a draw"),
    (
        "..../..../..../....",
        "4x4, k = 4: the empty board is a draw",
    ),
    (
        "x.../.o../..../....",
        "4x4, k = 4: corner and diagonal reply",
    ),
    ("..../..../.... k=3", "4x3, k = 3: the first player wins"),
];

fn show(v: Score, empty: u32) -> String {
    match v.plies_to_end() {
        Some(n) if v.is_win() => format!("win in {n}"),
        Some(n) => format!("loss in {n}"),
        None => format!("draw ({empty} plies)"),
    }
}

#[test]
fn decisions_snapshot() {
    let config = SolverConfig {
        mode: Mode::Distance,
        tt_mib: 8,
        ..SolverConfig::default()
    };
    let mut out = String::new();
    for &(text, note) in POSITIONS {
        let board = Board::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let mut solver = Solver::new(config);
        let s = solver.solve(&board);
        let mover = if board.side_to_move() == Side::First {
            "x"
        } else {
            "o"
        };
        out += &format!("# {note}\n{text}  ");
        match board.outcome() {
            Some(o) => out += &format!("game over: {o:?}\n"),
            None => {
                let e = board.empty_count();
                out += &format!(
                    "{mover} to move: {}, plays {} ({} nodes)\n",
                    show(s.score, e),
                    s.best_move.expect("a move"),
                    s.nodes
                );
                let (moves, _) = Solver::new(config).analyze(&board);
                let list: Vec<String> = moves
                    .iter()
                    .map(|(m, v)| format!("{m}: {}", show(*v, e)))
                    .collect();
                out += &format!("    {}\n", list.join(", "));
                // The chosen move is one of the best.
                let best = moves.iter().map(|m| m.1).max().unwrap();
                assert_eq!(best, s.score, "{text}");
                assert!(moves.contains(&(s.best_move.unwrap(), best)), "{text}");
            }
        }
    }
    insta::assert_snapshot!(out);
}
