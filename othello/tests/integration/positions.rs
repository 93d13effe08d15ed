//! Board texts of set-up positions for the tests, written square by square.

/// A 64-square board text (a1, b1, …, h8; `X` black, `O` white, `-` empty) with `x`'s
/// squares black and `o`'s white (square names such as `d4`).
pub fn board_text(x: &[&str], o: &[&str]) -> String {
    let mut squares = ['-'; 64];
    for (names, disc) in [(x, 'X'), (o, 'O')] {
        for name in names {
            let sq: othello::Square = name.parse().unwrap();
            squares[sq.index() as usize] = disc;
        }
    }
    squares.iter().collect()
}

/// The squares of the runs from e5 through d4, e4 and d5 to the board's edge: a lone
/// disc on e5 with the other colour on these has no move (each run ends at the edge),
/// and the other side takes it from f6, f5 or e6, after which the game is over.
pub const RUNS_FROM_E5: [&str; 12] = [
    "d4", "c3", "b2", "a1", "e4", "e3", "e2", "e1", "d5", "c5", "b5", "a5",
];

/// A board where `lone`'s colour (`'X'` or `'O'`) has the one disc e5 and must pass; the
/// other side then takes it and every square (the final difference is 64 against the
/// lone disc's side).
pub fn lone_e5(lone: char) -> String {
    if lone == 'X' {
        board_text(&["e5"], &RUNS_FROM_E5)
    } else {
        board_text(&RUNS_FROM_E5, &["e5"])
    }
}

/// The four centre squares, filled at the start of every game.
pub const CENTRE: [&str; 4] = ["d4", "e4", "d5", "e5"];
