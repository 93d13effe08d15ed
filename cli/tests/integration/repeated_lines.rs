//! Each line is answered as if it were alone (README, *One example per game*): the same
//! position twice under a node limit gets the same answer twice. A new user found
//! tic-tac-toe's `solve` and `analyze` answering a repeated line from the table its first
//! solve had filled (`not solved within the limit`, then the values), and Othello's did
//! the same; the positions below are ones where that happened.

use crate::common::run_binary;

const ZEROSUM: &str = env!("CARGO_BIN_EXE_zerosum");

/// FFO endgame #5 (Othello, 14 empties, `+32 g8`; the FFO test suite, fforum-1-19.obf).
const FFO5: &str = "-OOOOO----OXXO-XXXOXOXX-XXOXOXXOXXOOXOOOXXXXOO-OX-XOOO---XXXXX-- X";

/// Every exact command of every game, and each game's `bestmove`, with a node limit that
/// a first solve does not fit in: the line given twice gets the same answer twice.
#[test]
fn a_repeated_line_gets_the_same_answer_under_a_node_limit() {
    for (game, command, nodes, position) in [
        ("tictactoe", "solve", "10000", "x.../..o./..../...."),
        ("tictactoe", "analyze", "20000", "x.../..o./..../...."),
        ("tictactoe", "bestmove", "2000", "x.../..o./..../...."),
        ("othello", "solve", "5000", FFO5),
        ("othello", "analyze", "20000", FFO5),
        ("othello", "bestmove", "5000", FFO5),
        ("connect4", "solve", "20000", "4455"),
        ("connect4", "analyze", "20000", "4455"),
        ("connect4", "bestmove", "2000", "4455"),
        ("gomoku", "solve", "300", "h8i7e9h6g5i5i6g7j4k7h7j6h4k5"),
        ("gomoku", "analyze", "3000", "h8i7e9h6g5i5"),
        ("gomoku", "bestmove", "3000", "h8i7e9h6g5i5"),
    ] {
        let r = run_binary(
            ZEROSUM,
            &[game, command, "--nodes", nodes],
            format!("{position}\n{position}\n"),
        );
        assert_eq!(r.code, Some(0), "{game} {command}: {}", r.stderr);
        let lines: Vec<&str> = r.stdout.lines().collect();
        assert_eq!(lines.len(), 2, "{game} {command}: {}", r.stdout);
        // `bestmove` prints the time it took: compare what comes before it.
        let answer = |l: &str| l.split(" time ").next().unwrap_or(l).to_string();
        assert_eq!(
            answer(lines[0]),
            answer(lines[1]),
            "{game} {command} --nodes {nodes}"
        );
    }
}
