//! The NBoard protocol's commands as a GUI sends them, one line at a time.

use othello::nboard::Command;

/// `move` carries one move, not a record: none of its errors numbers it "move 1"
/// (`GgfError::without_move_number`). Before, a move with a fourth field
/// (`move f5/1/2/3`) was refused as `move: move 1: "f5/1/2/3" has more than …`, while
/// the other errors of the same command named no number.
#[test]
fn a_lone_moves_errors_name_no_move_number() {
    for (line, expected) in [
        (
            "move z9",
            "move: invalid move \"z9\": expected a square a1..h8 or a pass (PS, PA or PASS)",
        ),
        ("move f5/abc", "move: \"abc\" is not a number"),
        (
            "move f5/1/2/3",
            "move: \"f5/1/2/3\" has more than <move>/<eval>/<time>",
        ),
    ] {
        let e = line.parse::<Command>().expect_err(line);
        assert_eq!(e.to_string(), expected, "{line}");
    }
}
