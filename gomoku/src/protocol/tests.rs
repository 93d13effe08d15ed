use super::watchdog::decayed_lateness;
use super::*;
use crate::Notation;

fn talk(brain: &mut Brain, input: &str) -> String {
    let mut out = Vec::new();
    brain.run(input.as_bytes(), &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

/// [`Brain::run`] ends a line at a CR alone as at a LF or CR LF (before, the lines
/// ran together into `ERROR bad board size "15\rTURN 7,7"`).
#[test]
fn a_lone_cr_ends_a_line() {
    let mut b = Brain::new().with_node_limit(200);
    let out = talk(&mut b, "START 15\rTURN 7,7\r\nABOUT\r");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert_eq!(lines[0], "OK");
    assert!(Cell::parse_xy(lines[1]).is_ok(), "{out}");
    assert_eq!(lines[2], ABOUT);
}

/// A byte-order mark before the first line (an editor's) is skipped, as the workspace's
/// other readers skip it (a tester's report: `UNKNOWN command "\u{feff}START"`).
#[test]
fn a_byte_order_mark_is_skipped() {
    let mut b = Brain::new().with_node_limit(200);
    let out = talk(&mut b, "\u{feff}START 15\nEND\n");
    assert_eq!(out, "OK\n");
}

/// The table given to [`Brain::with_eval`] is the one its engine searches with, and
/// a brain without one searches with the default table.
#[test]
fn the_brain_evaluates_with_its_table() {
    let mut b = Brain::new().with_node_limit(500).with_eval(EvalTable::HAND);
    let out = talk(&mut b, "START 15\nTURN 7,7\n");
    assert!(
        out.lines()
            .nth(1)
            .is_some_and(|l| Cell::parse_xy(l).is_ok()),
        "{out}"
    );
    assert_eq!(b.engine.as_ref().map(|e| e.eval), Some(EvalTable::HAND));
    let mut b = Brain::new().with_node_limit(500);
    talk(&mut b, "START 15\nTURN 7,7\n");
    assert_eq!(b.engine.as_ref().map(|e| e.eval), Some(EvalTable::DEFAULT));
}

#[test]
fn a_short_game_and_bad_lines() {
    let mut b = Brain::new().with_node_limit(2_000);
    let out = talk(
        &mut b,
        "START 15\r\nINFO timeout_turn 1000\r\nINFO bogus 3\nFOO\nTURN 7,7\nTURN 7,7\nTURN x\nRECTSTART 10,12\nABOUT\nTAKEBACK 0,0\nEND\nTURN 1,1\n",
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "OK");
    assert!(lines[1].starts_with("UNKNOWN"), "{out}");
    assert!(Cell::parse_xy(lines[2]).is_ok(), "{out}");
    assert_eq!(lines[3], "ERROR cell 7,7 is occupied", "{out}");
    assert!(lines[4].starts_with("ERROR"), "{out}");
    assert!(lines[5].starts_with("ERROR"), "{out}");
    assert_eq!(lines[6], ABOUT);
    assert!(lines[7].starts_with("ERROR"), "{out}");
    assert_eq!(lines.len(), 8, "nothing after END: {out}");
    let out = talk(
        &mut Brain::new().with_node_limit(100),
        "START 15\nTURN 15,15\n",
    );
    assert_eq!(
        out.lines().nth(1),
        Some("ERROR cell 15,15 is off the 15x15 board")
    );
    // Beyond the largest board too, the answer names this game's board.
    let out = talk(
        &mut Brain::new().with_node_limit(100),
        "START 15\nTURN 99,99\nTAKEBACK 30,2\nTURN 99999999999,1\nSWAP2BOARD\n99,99\nDONE\nBOARD\n99999999999,3,1\n7,7,1\nDONE\n",
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[1], "ERROR cell 99,99 is off the 15x15 board", "{out}");
    assert_eq!(lines[2], "ERROR cell 30,2 is off the 15x15 board", "{out}");
    // However long the number, it is off the board, not malformed.
    assert_eq!(
        lines[3], "ERROR cell 99999999999,1 is off the 15x15 board",
        "{out}"
    );
    assert_eq!(
        lines[4], "ERROR bad board line \"99,99\" (off the board)",
        "{out}"
    );
    assert_eq!(
        lines[5],
        "MESSAGE skipped 1 bad board line, among them \"99999999999,3,1\" (off the board)",
        "{out}"
    );
}

/// The searching thread gets no CPU until the watchdog has answered for it (it is
/// held until then): the answer still comes, from the watchdog, and the game goes on.
#[test]
fn the_watchdog_answers_for_a_search_that_gets_no_cpu() {
    let mut b = Brain::new();
    b.hold_search = true;
    let out = talk(&mut b, "START 15\nINFO timeout_turn 50\nTURN 7,7\n");
    assert_eq!(
        b.held,
        Some(true),
        "the search was released by the watchdog's answer"
    );
    let reply = out.lines().nth(1).unwrap_or_default();
    let ours = Cell::parse_xy(reply).expect("a move, not an error");
    assert_ne!(ours, Cell::new(7, 7), "{out}");
    assert_eq!(
        out.lines().count(),
        2,
        "one answer, not the search's too: {out}"
    );
    assert_eq!(b.board().map(Board::stone_count), Some(2), "{out}");
    assert_eq!(b.board().and_then(Board::last_move), Some(ours));
    // The stopped search's engine plays on.
    b.hold_search = false;
    let out = talk(&mut b, "TURN 6,6\n");
    assert!(Cell::parse_xy(out.trim()).is_ok(), "{out}");
    assert_eq!(b.board().map(Board::stone_count), Some(4), "{out}");
}

/// A Swap2 answer whose thread gets no CPU after its first choice (it is held until the
/// watchdog has answered): the watchdog writes that choice at the deadline, and the
/// game is the position it leaves. Before, no watchdog guarded a Swap2 answer, which
/// came 60–76 ms after the block at a 50 ms limit on a busy machine.
#[test]
fn the_watchdog_answers_a_swap2_block_that_gets_no_cpu() {
    for (stones, added) in [
        ("", 3),
        ("7,7\n8,6\n4,8\n", 1),
        ("7,7\n8,6\n4,8\n9,9\n3,3\n", 1),
    ] {
        let mut b = Brain::new();
        b.hold_search = true;
        let out = talk(
            &mut b,
            &format!("START 15\nINFO timeout_turn 50\nSWAP2BOARD\n{stones}DONE\n"),
        );
        assert_eq!(
            b.held,
            Some(true),
            "{stones:?}: released by the watchdog's answer"
        );
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 2, "one answer, not the search's too: {out}");
        let cells: Vec<Cell> = lines[1]
            .split(' ')
            .map(|t| Cell::parse_xy(t).expect("stones, not an error"))
            .collect();
        assert_eq!(cells.len(), added, "{out}");
        let given = stones.lines().count();
        let board = b.board().expect("a game");
        assert_eq!(board.stone_count(), given + added, "{out}");
        assert_eq!(&board.moves()[given..], &cells[..], "{out}");
        // The game goes on from the position answered.
        b.hold_search = false;
        let reply = talk(&mut b, "INFO timeout_turn 200\nTURN 0,0\n");
        assert!(Cell::parse_xy(reply.trim()).is_ok(), "{reply}");
    }
}

#[test]
fn a_bad_board_line_does_not_lose_the_good_ones() {
    let mut b = Brain::new().with_node_limit(2_000);
    let out = talk(
        &mut b,
        "START 15\nBOARD\n7,7,1\n8,7,1\n9,7,1\n10,7,1\n0,1,2\n1,1,2\nfoo\n2,1,2\n3,1,2\n16,3,2\nDONE\n",
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[1], "MESSAGE skipped 2 bad board lines, among them \"foo\" (expected x,y,1|2|3)",
        "{out}"
    );
    // Our four on row 7 is still there: the move completes it.
    assert!(["6,7", "11,7"].contains(&lines[2]), "{out}");
    assert_eq!(b.board().map(Board::stone_count), Some(9), "{out}");
    let out = talk(&mut b, "BOARD\n7,7,1\n7,7,2\nDONE\n");
    assert_eq!(out.trim(), "ERROR cell 7,7 is occupied", "{out}");
    // The same line twice is read once (a protocol tester's report: it was refused as
    // an occupied cell, where Rapfi plays): a move, after a MESSAGE naming it.
    let out = talk(&mut b, "BOARD\n7,7,2\n7,7,2\nDONE\n");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "MESSAGE read 1 repeated board line once", "{out}");
    assert!(Cell::parse_xy(lines[1]).is_ok(), "{out}");
    assert_eq!(b.board().map(Board::stone_count), Some(2), "{out}");
    // The first bad line is the one quoted, an off-board stone as any other.
    let out = talk(&mut b, "BOARD\n7,7,1\n20,20,1\na,b,c\n8,8,2\nDONE\n");
    assert_eq!(
        out.lines().next(),
        Some(
            "MESSAGE skipped 2 bad board lines, among them \"20,20,1\" (cell 20,20 is off the 15x15 board)"
        ),
        "{out}"
    );
}

/// A tester's report: a bare `INFO` and a `thread_num` beyond what the brain uses were
/// passed over in silence. Each gets a `MESSAGE`; unknown keys and `folder` stay silent.
#[test]
fn a_bare_info_and_clamped_threads_are_said() {
    let mut b = Brain::new();
    let out = talk(
        &mut b,
        "INFO\nINFO foo 3\nINFO folder\nINFO thread_num 99999\nINFO thread_num 1\n",
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert_eq!(
        lines[0],
        "MESSAGE INFO without a key (INFO <key> <value>); ignored"
    );
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let threads = cores.min(crate::engine::MAX_THREADS);
    assert!(
        lines[1].starts_with(&format!(
            "MESSAGE INFO thread_num 99999: searching on {threads} thread"
        )),
        "{out}"
    );
    // The limit that holds is named: the processors (a tester's report: "at most the
    // processors available, 64 and what max_memory holds" on a machine of 2), or memory.
    if cores <= crate::engine::MAX_THREADS {
        assert!(
            lines[1].ends_with(&format!(
                "at most the processors this process may use, {cores}"
            )),
            "{out}"
        );
    }
    if cores >= 2 {
        let out = talk(
            &mut b,
            &format!("INFO max_memory {MIN_MEMORY}\nINFO thread_num 2\n"),
        );
        assert_eq!(
            out.trim(),
            format!(
                "MESSAGE INFO thread_num 2: searching on 1 thread, at most what max_memory {MIN_MEMORY} holds"
            )
        );
    }
}

#[test]
fn bad_info_values_are_reported_and_square_rectstart_starts() {
    let mut b = Brain::new();
    let out = talk(
        &mut b,
        "INFO timeout_turn 700\nINFO timeout_turn -5\nINFO time_left abc\nRECTSTART 15,15\nRECTSTART 15,20\n",
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        "MESSAGE INFO timeout_turn \"-5\": expected a whole number, 0 or more; ignored"
    );
    assert!(
        lines[1].starts_with("MESSAGE INFO time_left \"abc\""),
        "{out}"
    );
    assert_eq!(lines[2], "OK", "{out}");
    assert!(lines[3].starts_with("ERROR rectangular"), "{out}");
    assert_eq!(b.board().map(Board::size), Some(15));
    // The setting in force was kept.
    assert_eq!(b.move_limits().time, Some(Duration::from_millis(700 - 28)));
    // A whole number too large for the setting is named as such.
    let out = talk(
        &mut b,
        "INFO timeout_turn 99999999999999999999
",
    );
    assert_eq!(
        out.trim(),
        "MESSAGE INFO timeout_turn \"99999999999999999999\": expected a whole number up to 18446744073709551615; ignored"
    );
    assert_eq!(b.move_limits().time, Some(Duration::from_millis(700 - 28)));
    // A clock beyond the signed 64-bit range names that range (u64::MAX is refused).
    let out = talk(&mut b, "INFO time_left 18446744073709551615\n");
    assert!(
        out.contains("from -9223372036854775808 to 9223372036854775807"),
        "{out}"
    );
    // A RECTSTART that is not two sizes is named as malformed, not as a rectangle.
    let out = talk(&mut b, "RECTSTART 15\nRECTSTART 15,abc\nRECTSTART 10,12\n");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0], "ERROR RECTSTART takes a width and a height, \"w,h\", got \"15\"",
        "{out}"
    );
    assert_eq!(lines[1], "ERROR bad board height \"abc\"", "{out}");
    assert!(lines[2].starts_with("ERROR rectangular"), "{out}");
    assert_eq!(b.board().map(Board::size), Some(15));
}

/// The protocol's numbers are plain decimal (one parser for them all): a sign is
/// refused, with the reason named, by `START`, `RECTSTART`, `INFO` (but `time_left`'s
/// minus), `TURN`, `PLAY`, `TAKEBACK` and a `BOARD` line's field; leading zeros are read in
/// decimal (`020` is 20, as the protocol's C skeleton reads it). Before, `START +20`,
/// `INFO timeout_turn +5`, `INFO rule +4` and the `BOARD` line `7,7,+1` were read as if
/// unsigned, while `TURN +7,7` was refused.
#[test]
fn numbers_are_plain_decimal() {
    let sign = "the protocol's numbers are plain decimal digits, without a sign";
    let mut b = Brain::new().with_node_limit(200);
    let out = talk(
        &mut b,
        "START +20\nRECTSTART +15,+15\nSTART 020\nINFO timeout_turn +5\nINFO time_left +5\nINFO max_memory +1000\nINFO rule +4\nINFO rule 04\nTURN +7,7\nPLAY 7,+7\nTAKEBACK -1,7\n",
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines,
        vec![
            format!("ERROR bad board size \"+20\" ({sign})"),
            format!("ERROR bad board size \"+15\" ({sign})"),
            "OK".into(),
            format!("MESSAGE INFO timeout_turn \"+5\": {sign}; ignored"),
            format!("MESSAGE INFO time_left \"+5\": {sign}; ignored"),
            format!("MESSAGE INFO max_memory \"+1000\": {sign}; ignored"),
            format!("MESSAGE INFO rule \"+4\": {sign}; ignored; still playing freestyle (rule 0)"),
            "ERROR malformed cell \"+7,7\" (expected two 0-based numbers x,y like 7,7)".into(),
            "ERROR malformed cell \"7,+7\" (expected two 0-based numbers x,y like 7,7)".into(),
            "ERROR malformed cell \"-1,7\" (expected two 0-based numbers x,y like 7,7)".into(),
        ],
        "{out}"
    );
    assert_eq!(b.board().map(Board::size), Some(20));
    assert_eq!(b.rule(), Rule::Renju, "rule 04 is rule 4");
    assert_eq!(
        b.move_limits().time,
        Some(Duration::from_millis(5000 - 200))
    );
    // A BOARD line with a signed field is a bad line, skipped and named.
    let out = talk(&mut b, "BOARD\n7,7,+1\n8,8,2\nDONE\n");
    assert_eq!(
        out.lines().next(),
        Some("MESSAGE skipped 1 bad board line, among them \"7,7,+1\" (expected x,y,1|2|3)"),
        "{out}"
    );
    // A negative clock is still read (a clock run out).
    let out = talk(&mut b, "INFO time_left -5\nRECTSTART 15,015\n");
    assert_eq!(out.trim(), "OK", "{out}");
    assert_eq!(b.board().map(Board::size), Some(15));
}

/// An unknown command is echoed with at most 40 characters and its length; a line
/// longer than [`MAX_LINE`] is cut there, and the answer says so rather than give the
/// cut length as the line's.
#[test]
fn an_unknown_command_is_echoed_short_and_as_sent() {
    let x37 = "x".repeat(37);
    let long = format!("FOO{}", "x".repeat(50_000));
    let longer = format!("FOO{}", "x".repeat(100_000));
    let out = talk(&mut Brain::new(), &format!("{long}\n{longer}\nBar\n"));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        format!("UNKNOWN command \"FOO{x37}\"… (50003 characters)")
    );
    assert_eq!(
        lines[1],
        format!("UNKNOWN command \"FOO{x37}\"… (a line longer than 65536 bytes, cut there)")
    );
    assert_eq!(lines[2], "UNKNOWN command \"Bar\"");
    // A move line cut there is named as cut, and the game goes on.
    let seven = "7".repeat(70_000);
    let mut b = Brain::new().with_node_limit(200);
    let out = talk(&mut b, &format!("START 15\nTURN {seven},7\nTURN 7,7\n"));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert_eq!(
        lines[1],
        format!(
            "ERROR TURN \"{}\"… (a line longer than 65536 bytes, cut there): not a cell",
            "7".repeat(40)
        )
    );
    assert!(Cell::parse_xy(lines[2]).is_ok(), "{out}");
}

/// The same through the listener of [`Brain::run_listening`], which keeps at most a
/// byte more than [`MAX_LINE`] of a line: a 3 MB line is answered as longer than
/// 65536 bytes. Before, the answer gave its cut length, `(65536 characters)`.
#[cfg(target_os = "linux")]
#[test]
fn a_cut_line_is_answered_as_longer_than_the_cut() {
    use std::io::Read;
    let (input, mut manager) = io::pipe().unwrap();
    let (mut answers, mut output) = io::pipe().unwrap();
    let writer = std::thread::spawn(move || {
        manager.write_all(b"FOO").unwrap();
        for _ in 0..30 {
            manager.write_all(&[b'x'; 100_000]).unwrap();
        }
        manager.write_all(b"\nEND\n").unwrap();
    });
    Brain::new().run_listening(&input, &mut output).unwrap();
    writer.join().unwrap();
    drop(output);
    let mut out = String::new();
    answers.read_to_string(&mut out).unwrap();
    assert_eq!(
        out.trim(),
        format!(
            "UNKNOWN command \"FOO{}\"… (a line longer than 65536 bytes, cut there)",
            "x".repeat(37)
        )
    );
}

#[test]
fn board_then_done_blocks_a_four() {
    let mut b = Brain::new().with_node_limit(5_000);
    let out = talk(
        &mut b,
        "START 20\nBOARD\n5,5,2\n6,6,2\n4,4,1\n7,7,2\n6,5,1\n8,8,2\n9,1,1\nDONE\n",
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines, vec!["OK", "9,9"], "{out}");
    assert_eq!(b.board().unwrap().stone_count(), 8);
}

#[test]
fn time_budget_follows_info() {
    // Expected values from the rules above and the core time control's table
    // (per move t: t - min(t/40, 5 ms); clock r over m moves: min(4r/m, r/4) - overhead).
    let ms = |b: &Brain| b.move_budget().as_millis();
    let mut b = Brain::new();
    assert_eq!(ms(&b), 5000 - 200 - 5);
    talk(&mut b, "INFO timeout_turn 1000\n");
    assert_eq!(ms(&b), 1000 - 40 - 5);
    talk(&mut b, "INFO timeout_turn 100\n");
    assert_eq!(ms(&b), 93); // 96 - 2.4
    talk(
        &mut b,
        "INFO timeout_turn 1000\nINFO timeout_match 60000\nINFO time_left 7000\n",
    );
    assert_eq!(ms(&b), 667); // (7000 - 280) * 4 / 40 - 5 = 667
    talk(&mut b, "INFO time_left 0\n");
    assert_eq!(ms(&b), 0);
    talk(
        &mut b,
        "INFO timeout_turn 0\nINFO timeout_match 0\nINFO time_left 100000\n",
    );
    // "As fast as possible": FAST_TURN_MS, 10 - 3 (the least margin) - 0.175.
    assert_eq!(ms(&b), 6);
}

/// The search's time counts from the command's arrival, and the wait reserve is
/// three times the watchdog's lateness, at least 8 % and at most 18 % of the hard
/// limit (expected
/// values from those rules: the hard limit at 100 ms is 93.6 ms, see above).
#[test]
fn the_search_time_counts_from_arrival_less_the_wait_reserve() {
    let mut b = Brain::new();
    talk(&mut b, "INFO timeout_turn 100\n");
    let hard = Duration::from_micros(93_600);
    assert_eq!(b.move_budget(), hard);
    b.lateness = Duration::from_millis(3);
    assert_eq!(b.deadline(), hard - Duration::from_millis(9));
    let limits = b.search_limits(Duration::from_millis(10));
    assert_eq!(limits.time, Some(hard - Duration::from_millis(19)));
    // A small lateness keeps the floor.
    b.lateness = Duration::from_micros(100);
    assert_eq!(b.deadline(), hard - hard.mul_f64(MIN_WAIT_SHARE));
    // A large lateness is capped, so the median move keeps most of its time.
    b.lateness = Duration::from_millis(40);
    assert_eq!(b.deadline(), hard - hard.mul_f64(MAX_WAIT_SHARE));
    // A search that starts after its deadline still gets 1 ms.
    let limits = b.search_limits(Duration::from_secs(1));
    assert_eq!(limits.time, Some(Duration::from_millis(1)));
}

/// The watchdog's lateness is the longest of the last moves, decaying by an eighth.
#[test]
fn lateness_keeps_the_recent_longest() {
    let ms = Duration::from_millis;
    assert_eq!(decayed_lateness(ms(8), ms(1)), ms(8));
    assert_eq!(decayed_lateness(ms(1), ms(8)), ms(7));
    assert_eq!(decayed_lateness(ms(0), ms(0)), ms(0));
}

/// A tester's report: `INFO timeout_match 0` is the protocol's "no limit" for the match,
/// and then `time_left` is no clock (Rapfi thinks its whole `timeout_turn` there); the
/// brain had answered `time_left 0` at once. A match limit sent later makes it a clock.
#[test]
fn no_match_limit_makes_time_left_no_clock() {
    let mut b = Brain::new();
    talk(
        &mut b,
        "INFO timeout_turn 300\nINFO timeout_match 0\nINFO time_left 0\n",
    );
    let mut turn_only = Brain::new();
    talk(&mut turn_only, "INFO timeout_turn 300\n");
    assert_eq!(b.move_budget(), turn_only.move_budget());
    assert!(b.move_budget() > Duration::from_millis(250));
    talk(&mut b, "INFO timeout_match 60000\n");
    assert_eq!(b.move_budget(), Duration::ZERO);
}

/// A tester's report: with `INFO timeout_match 1000` and no `time_left` the brain took
/// 4.4 s for a move (the default `timeout_turn`'s). `timeout_match` is now the clock
/// until a `time_left` comes, and the moves' time is taken from it.
#[test]
fn timeout_match_without_time_left_is_a_clock_that_runs_down() {
    let mut b = Brain::new();
    talk(&mut b, "INFO timeout_match 1000\n");
    let first = b.move_budget();
    // (1000 - 40) * 4 / 40 = 96 ms, less its 40th (2.4 ms), as
    // `time_budget_follows_info` computes it.
    assert_eq!(first, Duration::from_micros(93_600));
    let out = talk(&mut b, "START 15\nBEGIN\n");
    assert!(Cell::parse_xy(out.lines().nth(1).unwrap()).is_ok(), "{out}");
    // The move's time is gone from the clock.
    assert!(b.move_budget() < first, "{:?}", b.move_budget());
    // A `time_left` is the clock again, and so is a new game's `timeout_match`.
    talk(&mut b, "INFO time_left 1000\n");
    assert_eq!(b.move_budget(), first);
    // (Against the same position's budget with nothing used: the stones on the board
    // change the moves still expected, and a quick move's time is small.)
    talk(&mut b, "TURN 0,0\n");
    let used = b.clock_used;
    assert!(used > Duration::ZERO);
    b.clock_used = Duration::ZERO;
    let unused = b.move_budget();
    b.clock_used = used;
    assert!(b.move_budget() < unused, "{:?} {unused:?}", b.move_budget());
    let mut again = Brain::new();
    talk(
        &mut again,
        "INFO timeout_match 1000\nSTART 15\nBEGIN\nRESTART\n",
    );
    assert_eq!(again.move_budget(), first);
    // The last game's `time_left` does not hold in a new game (RESTART or START).
    for new_game in ["RESTART", "START 15"] {
        let mut b = Brain::new();
        talk(
            &mut b,
            "INFO timeout_match 1000\nSTART 15\nINFO time_left 300\n",
        );
        assert!(b.move_budget() < first);
        talk(&mut b, &format!("{new_game}\n"));
        assert_eq!(b.move_budget(), first, "{new_game}");
    }
}

#[test]
fn the_match_clock_bounds_every_move_even_without_timeout_match() {
    // Issue 14 item 6: `timeout_turn 5000`, `time_left 1000` made the engine think
    // 2.5 s. The protocol: time_left is the time left for the whole match.
    let mut b = Brain::new();
    talk(&mut b, "INFO timeout_turn 5000\nINFO time_left 1000\n");
    assert!(b.move_budget() <= Duration::from_millis(1000 / 10));
    // A negative clock (a manager's way to say the time is over) is not thrown away.
    talk(&mut b, "INFO time_left -1\n");
    assert_eq!(b.move_budget(), Duration::ZERO);
    // And the brain still answers a move at once.
    let out = talk(&mut b, "START 15\nTURN 7,7\n");
    assert!(Cell::parse_xy(out.lines().nth(1).unwrap()).is_ok(), "{out}");
}

#[test]
fn rule_info_replays_the_game_and_refuses_what_it_cannot_play() {
    let mut b = Brain::new().with_node_limit(500);
    talk(&mut b, "START 15\nTURN 7,7\nINFO rule 1\n");
    assert_eq!(b.board().unwrap().rule(), Rule::Standard);
    assert_eq!(b.board().unwrap().stone_count(), 2);
    for value in ["5", "8", "10", "-1", "x", "4294967297"] {
        let out = talk(&mut b, &format!("INFO rule {value}\n"));
        assert!(
            out.starts_with("MESSAGE") && out.lines().count() == 1,
            "{value}: {out}"
        );
        assert_eq!(b.rule(), Rule::Standard, "rule {value} is never claimed");
        assert_eq!(b.board().unwrap().rule(), Rule::Standard);
    }
    assert_eq!(talk(&mut b, "INFO rule 0\n"), "");
    assert_eq!(b.rule(), Rule::Freestyle);
}

/// `INFO rule` is the protocol's bit mask: Piskvork sends its rule plus 2 in a
/// continuous game (`rule = base | continuous << 1`), so 3 is exactly five and 6 renju,
/// each answered with a `MESSAGE` that says how it is played.
#[test]
fn rule_info_plays_the_continuous_games_by_their_rule() {
    let mut b = Brain::new().with_node_limit(500);
    talk(&mut b, "START 15\nTURN 7,7\n");
    for (value, rule) in [
        ("3", Rule::Standard),
        ("6", Rule::Renju),
        ("2", Rule::Freestyle),
    ] {
        let out = talk(&mut b, &format!("INFO rule {value}\n"));
        assert!(
            out.starts_with("MESSAGE rule") && out.contains("continuous"),
            "{value}: {out}"
        );
        assert_eq!(b.rule(), rule, "rule {value}");
        assert_eq!(b.board().unwrap().rule(), rule);
        // The opponent's 7,7 and our answer, replayed under the new rule.
        assert_eq!(b.board().unwrap().stone_count(), 2);
        // A value refused after it names the one in force as it was sent (a tester saw
        // `still playing renju (rule 4)` after `INFO rule 6`).
        let out = talk(&mut b, "INFO rule 7\n");
        assert!(
            out.ends_with(&format!("(rule {value})\n")),
            "{value}: {out}"
        );
    }
    assert_eq!(talk(&mut b, "INFO rule 4\n"), "");
    assert_eq!(b.rule(), Rule::Renju);
}

/// Every cell's contents (0 empty, 1 black, 2 white, 3 blocker) and the side to move.
fn contents(board: &Board) -> (Vec<u8>, Side) {
    let cells = (0..board.cell_count()).map(|i| board.raw(i)).collect();
    (cells, board.side_to_move())
}

/// `INFO rule` during a game keeps the position: a `BOARD` set up as stones (here our
/// four stones against one) keeps each stone's colour, and its blocking stones
/// (field 3) stay. The stones were replayed in alternate colours and the blockers
/// dropped, so the brain no longer saw its own open four.
#[test]
fn rule_info_keeps_the_colours_and_blockers_of_a_board() {
    let mut b = Brain::new().with_node_limit(500);
    talk(
        &mut b,
        "START 15\nBOARD\n7,7,1\n7,8,1\n7,9,1\n12,12,1\n0,0,2\n3,3,3\nDONE\n",
    );
    let before = contents(b.board().unwrap());
    assert_eq!(b.board().unwrap().stone_count(), 6);
    for rule in ["1", "4", "0"] {
        assert_eq!(talk(&mut b, &format!("INFO rule {rule}\n")), "");
        assert_eq!(b.board().unwrap().rule().gomocup().to_string(), rule);
        assert_eq!(contents(b.board().unwrap()), before, "rule {rule}");
    }
    // A game played by turns is still replayed as moves: the last can be taken back.
    let mut b = Brain::new().with_node_limit(500);
    let out = talk(&mut b, "START 15\nTURN 7,7\nINFO rule 1\n");
    let before = contents(b.board().unwrap());
    let reply = out.lines().nth(1).unwrap().to_string();
    assert_eq!(talk(&mut b, "INFO rule 0\n"), "");
    assert_eq!(contents(b.board().unwrap()), before);
    assert_eq!(talk(&mut b, &format!("TAKEBACK {reply}\n")), "OK\n");
}

/// The shape of one reply line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shape {
    Ok,
    /// `x,y` on the board, on a cell that was empty.
    Move,
    /// Three `x,y` separated by spaces.
    ThreeMoves,
    /// `SWAP` or a move.
    SwapOrMove,
    /// Two `x,y` separated by a space.
    TwoMoves,
    Error,
    Unknown,
    Message,
    About,
}

fn shape_of(line: &str) -> Shape {
    let is_xy = |t: &str| Cell::parse_xy(t).is_ok() && !t.contains(' ');
    if line == "OK" {
        Shape::Ok
    } else if line == ABOUT {
        Shape::About
    } else if line.starts_with("ERROR") {
        Shape::Error
    } else if line.starts_with("UNKNOWN") {
        Shape::Unknown
    } else if line.starts_with("MESSAGE") {
        Shape::Message
    } else if line == "SWAP" {
        Shape::SwapOrMove
    } else if line.split(' ').count() == 3 && line.split(' ').all(is_xy) {
        Shape::ThreeMoves
    } else if line.split(' ').count() == 2 && line.split(' ').all(is_xy) {
        Shape::TwoMoves
    } else if is_xy(line) {
        Shape::Move
    } else {
        panic!("reply of no known shape: {line:?}")
    }
}

/// Issue 14 item 6's conversation set as a table: command lines in, reply shapes
/// out, from the protocol's text (one answer per command that expects one, none for
/// INFO, one per block at DONE, nothing after END).
#[test]
fn protocol_table() {
    use Shape::*;
    let table: &[(&str, &[Shape])] = &[
        ("START 15", &[Ok]),
        ("START 20\nBEGIN", &[Ok, Move]),
        ("START 15\nTURN 7,7", &[Ok, Move]),
        (
            "START 4\nSTART 23\nSTART -1\nSTART Ｘ",
            &[Error, Error, Error, Error],
        ),
        ("RECTSTART 20,15", &[Error]),
        ("TURN 7,7", &[Error]),
        (
            "START 15\nTURN 15,15\nTURN 7,x\nTURN 7,7,1",
            &[Ok, Error, Error, Error],
        ),
        (
            "START 15\nINFO timeout_turn 300\nINFO time_left -1\nINFO max_memory 0\nINFO folder /tmp\nINFO game_type 1\nINFO whatever 5\nTURN 1,1",
            &[Ok, Move],
        ),
        // A huge memory limit (10^12 bytes, the largest u64) sizes no table beyond the
        // brain's own cap, before or after START: a move, not an allocation failure;
        // a huge board is refused.
        (
            "START 15\nINFO max_memory 1000000000000\nBEGIN\nINFO max_memory 18446744073709551615\nTURN 1,1",
            &[Ok, Move, Move],
        ),
        (
            "INFO max_memory 1000000000000\nSTART 15\nBEGIN",
            &[Ok, Move],
        ),
        ("START 1000000000000", &[Error]),
        ("START 15\nINFO rule 4\nINFO rule 1\nBEGIN", &[Ok, Move]),
        (
            "START 15\nINFO rule 5\nINFO rule 9\nINFO rule 2",
            &[Ok, Message, Message, Message],
        ),
        ("START 15\nBOARD\n7,7,1\n8,8,2\nDONE", &[Ok, Move]),
        ("START 15\nBOARD\n7,7,3\nDONE", &[Ok, Move]),
        // Bad lines are skipped and reported; the good ones still make the position.
        // (One stone of ours and none of theirs: a second `MESSAGE` says no alternate
        // play gives those counts.)
        (
            "START 15\nBOARD\n7,7,4\nx\n1,1,1\nDONE\nABOUT",
            &[Ok, Message, Message, Move, About],
        ),
        (
            "START 15\nBOARD\n1,1,1\n15,3,2\nDONE\nABOUT",
            &[Ok, Message, Message, Move, About],
        ),
        ("START 15\nSWAP2BOARD\n7,7\nx\n9,9\nDONE", &[Ok, Error]),
        ("START 15\nBOARD\n7,7,1\n7,7,2\nDONE", &[Ok, Error]),
        ("BOARD\n1,1,1\nDONE\nSTART 15", &[Error, Ok]),
        ("START 15\nSWAP2BOARD\nDONE", &[Ok, ThreeMoves]),
        (
            "START 15\nSWAP2BOARD\n7,7\n8,6\n4,8\n9,9\n3,3\nDONE\nABOUT",
            &[Ok, SwapOrMove, About],
        ),
        (
            "START 15\nSWAP2BOARD\n7,7\n8,6\nDONE\nSWAP2BOARD\n7,7\n7,7\n1,1\nDONE",
            &[Ok, Error, Error],
        ),
        (
            "START 15\nSWAP2BOARD\n7,7,1\nDONE\nSWAP2BOARD\n7,7\nx\n1,1\nDONE",
            &[Ok, Error, Error],
        ),
        (
            "START 15\nYXBOARD\n7,7,1\nDONE",
            &[Ok, Unknown, Unknown, Unknown],
        ),
        ("START 15\nBOARD\n7,7,1\nEND\nABOUT", &[Ok]),
        ("START 15\nSWAP2BOARD\nEND\nDONE", &[Ok]),
        ("END\nSTART 15", &[]),
        // TAKEBACK removes the stone on its cell, the last move or not (the protocol).
        (
            "START 15\nTAKEBACK 7,7\nTURN 7,7\nTAKEBACK 7,7",
            &[Ok, Error, Move, Ok],
        ),
        (
            "START 15\nRESTART\nRESTART 3\nabout\n\n\r\nfoo bar",
            &[Ok, Ok, Ok, About, Unknown],
        ),
        (
            "START 15\nTURN ７,7\nTURN \u{85}\nTURN é,é",
            &[Ok, Error, Error, Error],
        ),
    ];
    for (input, expected) in table {
        let mut brain = Brain::new().with_node_limit(300);
        let out = talk(&mut brain, &format!("{input}\n"));
        // After five Swap2 stones the protocol allows `SWAP` or a sixth stone: which
        // one is the evaluation's choice, so both answer `SwapOrMove`.
        let shapes: Vec<Shape> = out
            .lines()
            .map(shape_of)
            .enumerate()
            .map(|(k, s)| match (s, expected.get(k)) {
                (Move, Some(&SwapOrMove)) => SwapOrMove,
                _ => s,
            })
            .collect();
        assert_eq!(&shapes, expected, "input {input:?} answered {out:?}");
    }
}

/// A `BOARD` where we have one stone more than the opponent: we are still the side
/// to move. Alternate play would have left the opponent to move, and the brain
/// answered the opponent's best move (0,4, its five) instead of our own five (7,11).
#[test]
fn board_with_one_stone_more_of_ours_is_searched_for_us() {
    let mut b = Brain::new().with_node_limit(2_000);
    let out = talk(
        &mut b,
        "START 15\nBOARD\n7,7,1\n7,6,2\n7,8,1\n0,0,2\n7,9,1\n0,1,2\n7,10,1\n0,2,2\n10,0,1\n0,3,2\n12,12,1\nDONE\n",
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert_eq!((lines[0], lines[2]), ("OK", "7,11"), "{out}");
    // New-user report 40: such counts were taken silently.
    assert_eq!(
        lines[1],
        "MESSAGE BOARD has 6 own and 5 opponent stones, which alternate play cannot give (equal counts, or the opponent one stone ahead): set up as sent, black to move"
    );
    let board = b.board().unwrap();
    assert_eq!(board.stone_count(), 12);
    assert_eq!(
        board.outcome(),
        Some(zerosum::Outcome::Win(Side::First)),
        "{out}"
    );
}

/// `TAKEBACK x,y` removes the stone on `x,y` and answers `OK`: the protocol says "The
/// brain removes stone which has coordinate [X,Y] and then answers OK", and the
/// manager's reference brain (Piskvork's `skelet_CPP/example.cpp`) clears whatever is on
/// the cell. A manager takes back the game's moves in the game's order, while a `BOARD`
/// may list its stones in any order under Gomoku (here grouped by colour) or as a
/// position no alternate play reaches. New-user report 24: every stone but the last
/// of the brain's own record was refused (`ERROR 7,9 is not the last stone played`,
/// `ERROR 0,0 is a stone of the BOARD's setup, which cannot be taken back`).
#[test]
fn takeback_removes_the_stone_on_its_cell() {
    let cell = |t: &str| Cell::parse_xy(t).unwrap();
    // The game 7,7 8,8 7,8 6,6 7,9 9,9 (we are black), sent grouped by colour.
    let mut b = Brain::new().with_node_limit(500);
    let out = talk(
        &mut b,
        "START 15\nBOARD\n8,8,2\n6,6,2\n9,9,2\n7,9,1\n7,8,1\n7,7,1\nDONE\n",
    );
    let reply = out.lines().nth(1).unwrap().to_string();
    for (taken, to_move) in [
        (reply.as_str(), Side::First),
        ("9,9", Side::Second),
        ("7,9", Side::First),
        ("6,6", Side::Second),
        ("7,8", Side::First),
        ("8,8", Side::Second),
    ] {
        assert_eq!(
            talk(&mut b, &format!("TAKEBACK {taken}\n")),
            "OK\n",
            "{taken}"
        );
        let board = b.board().unwrap();
        assert_eq!(board.stone(cell(taken)), None, "{taken}");
        assert_eq!(board.side_to_move(), to_move, "after {taken}");
    }
    assert_eq!(b.board().unwrap().stone_count(), 1);
    // The game goes on from there: white's new move, then ours.
    let out = talk(&mut b, "TURN 0,0\n");
    let ours = cell(out.trim());
    assert!(![cell("7,7"), cell("0,0")].contains(&ours), "{out}");
    // A BOARD of stones no alternate play reaches (three of ours, one of theirs).
    let mut b = Brain::new().with_node_limit(500);
    let out = talk(
        &mut b,
        "START 15\nBOARD\n7,7,1\n7,8,1\n0,0,2\n0,5,1\nDONE\n",
    );
    assert!(
        out.lines()
            .nth(1)
            .unwrap()
            .starts_with("MESSAGE BOARD has 3 own and 1 opponent stones"),
        "{out}"
    );
    let reply = out.lines().nth(2).unwrap().to_string();
    assert_eq!(
        talk(
            &mut b,
            &format!(
                "TAKEBACK {reply}\nTAKEBACK 0,0\nTAKEBACK 7,7\nTAKEBACK 3,3\nTAKEBACK 20,20\n"
            )
        ),
        "OK\nOK\nOK\nERROR cell 3,3 holds no stone\nERROR cell 20,20 is off the 15x15 board\n"
    );
    let board = b.board().unwrap();
    assert_eq!(board.stone_count(), 2);
    assert_eq!(board.stone(cell("7,8")), Some(Side::First));
    assert_eq!(board.stone(cell("0,5")), Some(Side::First));
    assert_eq!(board.side_to_move(), Side::First);
    // A blocker of a continuous game (field 3) is cleared too.
    let mut b = Brain::new().with_node_limit(500);
    talk(&mut b, "START 15\nBOARD\n7,7,1\n3,3,3\nDONE\n");
    assert_eq!(talk(&mut b, "TAKEBACK 3,3\n"), "OK\n");
    let board = b.board().unwrap();
    assert_eq!(board.raw(board.index(cell("3,3"))), 0);
    assert_eq!(board.stone(cell("7,7")), Some(Side::First));
}

#[test]
fn board_stones_of_field_3_occupy_their_cells() {
    // Issue 14 item 6: BOARD / 7,7,3 / DONE was answered 7,7.
    let mut b = Brain::new().with_node_limit(2_000);
    let out = talk(&mut b, "START 15\nBOARD\n7,7,3\nDONE\n");
    let reply = out.lines().nth(1).unwrap();
    assert_ne!(reply, "7,7", "{out}");
    // A line cut by a field-3 stone is no four: with x . X X X 3 only the cell on
    // the open side completes nothing, so the brain need not block there.
    let board = b.board().unwrap();
    assert_eq!(board.raw(board.index(Cell::new(7, 7))), 3);
    // Every reply of a longer block avoids all the sent stones.
    let mut b = Brain::new().with_node_limit(2_000);
    let out = talk(
        &mut b,
        "START 15\nBOARD\n7,7,1\n8,8,2\n6,6,3\n9,9,3\n8,7,3\nDONE\n",
    );
    let mv = Cell::parse_xy(out.lines().nth(1).unwrap()).unwrap();
    assert!(
        ![(7, 7), (8, 8), (6, 6), (9, 9), (8, 7)].contains(&(mv.x, mv.y)),
        "{out}"
    );
}

/// The reply to a `SWAP2BOARD` block with `stones` (`x,y` in playing order).
fn swap2_reply(stones: &[&str]) -> String {
    let mut b = Brain::new().with_node_limit(4_000);
    let mut input = String::from("START 15\nINFO rule 1\nSWAP2BOARD\n");
    for s in stones {
        input.push_str(s);
        input.push('\n');
    }
    input.push_str("DONE\n");
    let out = talk(&mut b, &input);
    let mut lines = out.lines();
    assert_eq!(lines.next(), Some("OK"), "{out}");
    lines.next().unwrap_or_default().to_string()
}

fn cells_of(reply: &str) -> Vec<Cell> {
    reply
        .split(' ')
        .map(|t| Cell::parse_xy(t).unwrap())
        .collect()
}

/// The three cases of the Gomocup Swap2 protocol (gomocup.org, experimental
/// tournament 2020/2021): the answers' shapes, their legality, and the choices on
/// positions where one colour is plainly better.
#[test]
fn swap2_answers_the_three_cases() {
    // Case 1: three distinct stones of the central 5x5, black centre first.
    let cells = cells_of(&swap2_reply(&[]));
    assert_eq!(cells.len(), 3);
    assert_eq!(cells[0], Cell::new(7, 7));
    assert!(cells[0] != cells[1] && cells[1] != cells[2] && cells[0] != cells[2]);
    assert!(
        cells
            .iter()
            .all(|c| (5..=9).contains(&c.x) && (5..=9).contains(&c.y))
    );
    // Case 2, white plainly better (black's two stones in corners, white's in the
    // centre, white to move): we stay white and play a 4th stone.
    let reply = swap2_reply(&["0,0", "7,7", "14,14"]);
    let mv = cells_of(&reply);
    assert_eq!(mv.len(), 1, "{reply}");
    assert!(![(0, 0), (7, 7), (14, 14)].contains(&(mv[0].x, mv[0].y)));
    // Case 2, black plainly better (black h8 i8 together, white's stone in the
    // corner): we take black.
    assert_eq!(swap2_reply(&["7,7", "0,0", "8,7"]), "SWAP");
    // Case 2 near even: SWAP, a 4th stone, or two stones on empty cells.
    let reply = swap2_reply(&["7,7", "8,6", "4,8"]);
    if reply != "SWAP" {
        let cells = cells_of(&reply);
        assert!((1..=2).contains(&cells.len()), "{reply}");
        for c in &cells {
            assert!(![(7, 7), (8, 6), (4, 8)].contains(&(c.x, c.y)), "{reply}");
        }
    }
    // Case 3, black's open three h8-i8-j8 and white's stones in corners: we take
    // black; white's two central stones against black's three corners: we play.
    assert_eq!(swap2_reply(&["7,7", "0,0", "8,7", "14,14", "9,7"]), "SWAP");
    let reply = swap2_reply(&["0,0", "7,7", "0,14", "8,7", "14,0"]);
    assert_eq!(cells_of(&reply).len(), 1, "{reply}");
}

/// A `SWAP2BOARD` block refused for its stone count leaves the game as it was: its
/// stones were kept as the position, so a `TURN` on a cell of the game before was
/// taken as a new move.
#[test]
fn a_refused_swap2_block_keeps_the_game() {
    let mut b = Brain::new().with_node_limit(2_000);
    let out = talk(
        &mut b,
        "START 15\nTURN 7,7\nSWAP2BOARD\n0,0\n0,1\n0,2\n0,3\nDONE\nTURN 7,7\n",
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert_eq!(lines[2], "ERROR SWAP2BOARD takes 0, 3 or 5 stones, got 4");
    assert_eq!(lines[3], "ERROR cell 7,7 is occupied", "{out}");
    let board = b.board().unwrap();
    assert_eq!(board.stone_count(), 2, "{out}");
    assert_eq!(board.moves()[0], Cell::new(7, 7));
}

/// A Swap2 answer whose hard limit has passed (its searches came back late, as a
/// search thread that waited for a CPU does) compares no more candidates: the
/// first legal candidate stands in, with no search.
#[test]
fn swap2_past_its_deadline_searches_no_more_candidates() {
    let mut b = Brain::new().with_node_limit(4_000);
    talk(&mut b, "START 15\n");
    let mut board = Board::with_size(15, b.rule).unwrap();
    for c in [Cell::new(7, 7), Cell::new(8, 6), Cell::new(4, 8)] {
        board.play(c);
    }
    let taken = Cell::new(7, 7);
    let candidates = [taken, Cell::new(6, 6), Cell::new(9, 9)];
    // No engine: a search would panic ("engine allocated"), so none may start.
    b.engine = None;
    let chosen = b.most_balanced(&mut board, &candidates, 3, Some(Instant::now()));
    assert_eq!(chosen, Some(Cell::new(6, 6)));
    assert_eq!(board.stone_count(), 3, "the board is left as it was");
    // With time left, the candidates are searched.
    b.ensure_engine();
    let chosen = b.most_balanced(&mut board, &candidates, 3, None);
    assert!(candidates[1..].contains(&chosen.unwrap()));
    assert_eq!(board.stone_count(), 3);
}

/// Exactly five (rule 1) in a conversation: GomocupJudge's check c2 (white to move
/// after h8 h9 i8 h10 g8 h11 j13 h12 g14 h14 i15). White's h13 makes six (h9-h14):
/// the winning move under rule 0, no win under rule 1, where white must stop black's
/// open three g8-h8-i8 instead. The same under renju, where white's six wins.
#[test]
fn exact_five_in_conversation() {
    // Ours (white) field 1, the opponent's (black) field 2.
    let stones =
        "7,8,1\n7,9,1\n7,10,1\n7,11,1\n7,13,1\n7,7,2\n8,7,2\n6,7,2\n9,12,2\n6,13,2\n8,14,2\n";
    for (rule, expect) in [
        ("0", &["7,12"][..]),
        ("1", &["5,7", "9,7"]),
        ("4", &["7,12"]),
    ] {
        let mut b = Brain::new().with_node_limit(5_000);
        let out = talk(
            &mut b,
            &format!("START 15\nINFO rule {rule}\nBOARD\n{stones}DONE\n"),
        );
        let reply = out.lines().nth(1).unwrap();
        assert!(expect.contains(&reply), "rule {rule}: {out}");
    }
}

/// A refused board size names 20, the size Gomocup plays: Piskvork offers to switch to
/// 20×20 only when the `ERROR` of a refused `START` contains "20".
#[test]
fn a_refused_board_size_names_20() {
    for start in [
        "START 25",
        "START 4",
        "START 99999999999999999999",
        "RECTSTART 20,15",
    ] {
        let mut b = Brain::new();
        let out = talk(&mut b, &format!("{start}\n"));
        assert!(
            out.starts_with("ERROR") && out.contains("20 is among the sizes supported"),
            "{start}: {out}"
        );
    }
}

/// A `BOARD` is one position, whatever the order of its stones (the protocol: the
/// manager "may send moves in any order"): under rule 1 our six in a row on row 0 is
/// no win, and the position is answered with a move in any order. Before, an order that
/// made an exact five of the first five stones (a protocol tester's report) had the
/// replay and the setup stones both refuse the sixth: `ERROR the game is over`.
#[test]
fn a_board_under_exact_five_is_one_position_in_any_order() {
    let theirs = "10,10,2\n10,11,2\n12,10,2\n13,14,2\n8,14,2\n14,7,2\n";
    for ours in [
        "0,0,1\n1,0,1\n2,0,1\n3,0,1\n4,0,1\n5,0,1\n",
        "5,0,1\n0,0,1\n1,0,1\n2,0,1\n3,0,1\n4,0,1\n",
        "2,0,1\n4,0,1\n0,0,1\n3,0,1\n1,0,1\n5,0,1\n",
    ] {
        // Ours first, then interleaved with the opponent's as alternate play sends them.
        let mixed: String = ours
            .lines()
            .zip(theirs.lines())
            .map(|(a, b)| format!("{a}\n{b}\n"))
            .collect();
        for stones in [format!("{ours}{theirs}"), mixed] {
            let mut b = Brain::new().with_node_limit(2_000);
            let out = talk(
                &mut b,
                &format!("START 15\nINFO rule 1\nBOARD\n{stones}DONE\n"),
            );
            let reply = out.lines().nth(1).unwrap();
            assert!(!reply.starts_with("ERROR"), "{stones:?}: {out}");
        }
    }
    // Under rule 0 the six wins: the game is over in any order.
    let mut b = Brain::new().with_node_limit(2_000);
    let out = talk(
        &mut b,
        &format!(
            "START 15\nINFO rule 0\nBOARD\n5,0,1\n0,0,1\n1,0,1\n2,0,1\n3,0,1\n4,0,1\n{theirs}DONE\n"
        ),
    );
    assert!(
        out.lines()
            .nth(1)
            .unwrap()
            .starts_with("ERROR the game is over"),
        "{out}"
    );
}

#[test]
fn renju_forbidden_points_in_conversation() {
    // GomocupJudge's renju check c3: black (us) to move after h8 h9 i7 i9 h10 i6 i11
    // i12; g9 (6,8) would be a double three, which wins under freestyle.
    let stones = "7,7,1\n7,8,2\n8,6,1\n8,8,2\n7,9,1\n8,5,2\n8,10,1\n8,11,2\n";
    for (rule, g9_allowed) in [("0", true), ("4", false)] {
        let mut b = Brain::new().with_node_limit(3_000);
        let out = talk(
            &mut b,
            &format!("START 15\nINFO rule {rule}\nBOARD\n{stones}DONE\n"),
        );
        let reply = out.lines().nth(1).unwrap();
        assert_eq!(reply == "6,8", g9_allowed, "rule {rule}: {out}");
    }
    // As white (the opponent has a stone more, 0,0 far away): our reply, then the
    // opponent's forbidden g9 is refused with ERROR.
    let mut b = Brain::new().with_node_limit(300);
    let out = talk(
        &mut b,
        "START 15\nINFO rule 4\nBOARD\n7,7,2\n7,8,1\n8,6,2\n8,8,1\n7,9,2\n8,5,1\n8,10,2\n8,11,1\n0,0,2\nDONE\nTURN 6,8\n",
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert_ne!(lines[1], "6,8", "{out}");
    assert!(
        lines[2].starts_with("ERROR") && lines[2].contains("forbidden"),
        "{out}"
    );
}

#[test]
fn sizes_and_takeback() {
    let mut b = Brain::new().with_node_limit(1_000);
    let out = talk(&mut b, "START 4\nSTART 23\nSTART x\nSTART 5\nBEGIN\n");
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[0].starts_with("ERROR")
            && lines[1].starts_with("ERROR")
            && lines[2].starts_with("ERROR")
    );
    assert_eq!(lines[3], "OK");
    assert_eq!(lines[4], "2,2");
    let out = talk(&mut b, "TAKEBACK 2,2\nRESTART\nBEGIN\n");
    assert_eq!(out, "OK\nOK\n2,2\n");
}

/// A brain talking over pipes with [`Brain::run_listening`] on a thread of its own:
/// the manager's end of its input and of its output, the searches' starts, and the
/// brain with its result when the conversation is over.
#[cfg(target_os = "linux")]
struct OnPipes {
    input: Option<io::PipeWriter>,
    output: Option<io::BufReader<io::PipeReader>>,
    searching: std::sync::mpsc::Receiver<()>,
    done: std::sync::mpsc::Receiver<(Brain, io::Result<()>)>,
}

/// How long a test waits for something that must happen: only a hang fails it, this
/// is no threshold on speed.
#[cfg(target_os = "linux")]
const HANG: Duration = Duration::from_secs(60);

#[cfg(target_os = "linux")]
impl OnPipes {
    fn start(mut brain: Brain) -> OnPipes {
        let (in_read, in_write) = io::pipe().unwrap();
        let (out_read, mut out_write) = io::pipe().unwrap();
        let (tell, searching) = std::sync::mpsc::channel();
        brain.on_search = Some(tell);
        let (finished, done) = std::sync::mpsc::channel();
        thread::spawn(move || {
            let r = brain.run_listening(&in_read, &mut out_write);
            drop(out_write);
            let _ = finished.send((brain, r));
        });
        OnPipes {
            input: Some(in_write),
            output: Some(io::BufReader::new(out_read)),
            searching,
            done,
        }
    }

    /// A default brain on pipes, set to an 11-day `timeout_turn` (only an interruption
    /// ends its searches), once its search for `command` (a `TURN`, a `SWAP2BOARD`
    /// block) has started.
    fn searching(command: &str) -> OnPipes {
        let mut p = OnPipes::start(Brain::new());
        p.send("START 15\nINFO timeout_turn 1000000000\n");
        assert_eq!(p.line(), "OK");
        p.send(command);
        p.search_started();
        p
    }

    fn send(&mut self, text: &str) {
        let input = self.input.as_mut().expect("input open");
        input.write_all(text.as_bytes()).unwrap();
        input.flush().unwrap();
    }

    /// The brain's next line; a brain that never answers fails the test (after
    /// [`HANG`]) instead of hanging it.
    fn line(&mut self) -> String {
        use rustix::event::{PollFd, PollFlags, Timespec, poll};
        let out = self.output.as_mut().expect("output open");
        if !out.buffer().contains(&b'\n') {
            let mut fds = [PollFd::new(out.get_ref(), PollFlags::IN)];
            let hang = Timespec {
                tv_sec: HANG.as_secs() as i64,
                tv_nsec: 0,
            };
            let ready = poll(&mut fds, Some(&hang)).unwrap();
            assert!(
                ready > 0,
                "the brain did not answer (its search was not stopped)"
            );
        }
        let mut line = String::new();
        out.read_line(&mut line).unwrap();
        line.trim_end().to_string()
    }

    fn search_started(&self) {
        self.searching.recv_timeout(HANG).expect("a search started");
    }

    fn finished(&self) -> (Brain, io::Result<()>) {
        self.done
            .recv_timeout(HANG)
            .expect("the conversation ended")
    }

    /// Sends `lines` (ending with an `END`) during a search and checks that the
    /// conversation ended on that `END` without an error and with nothing written after
    /// it; gives the brain back.
    fn ends_silently_on(&mut self, lines: &str) -> Brain {
        self.send(lines);
        let (brain, result) = self.finished();
        result.unwrap();
        assert_eq!(brain.interrupted, Some(Interrupt::End));
        assert_eq!(self.line(), "", "nothing after END");
        brain
    }
}

/// New-user report 22: a panic in a command (here a writer that panics on the
/// brain's first answer; the report found one with `quirky-pbrain --max-moves 0`)
/// left the brain hanging: the conversation's thread scopes waited for the listener
/// and the watchdog, which nobody told to quit, so a manager waited for its timeout.
/// The panic now ends the conversation (it reaches the caller, the process exits).
#[cfg(target_os = "linux")]
#[test]
fn a_panic_in_a_command_ends_the_conversation() {
    struct PanicsOnWrite(io::PipeWriter);
    impl Write for PanicsOnWrite {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            panic!("injected: the brain's answer cannot be written");
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }
    impl std::os::fd::AsFd for PanicsOnWrite {
        fn as_fd(&self) -> std::os::fd::BorrowedFd<'_> {
            self.0.as_fd()
        }
    }
    let (in_read, mut in_write) = io::pipe().unwrap();
    let (_out_read, out_write) = io::pipe().unwrap();
    let brain = thread::spawn(move || {
        let mut out = PanicsOnWrite(out_write);
        let _ = Brain::new().run_listening(&in_read, &mut out);
    });
    // The input stays open: only the panic can end the conversation.
    in_write.write_all(b"START 15\n").unwrap();
    let deadline = Instant::now() + HANG;
    while !brain.is_finished() {
        assert!(Instant::now() < deadline, "the brain hung after a panic");
        thread::sleep(Duration::from_millis(10));
    }
    assert!(brain.join().is_err(), "the panic reached the caller");
    drop(in_write);
}

/// New-user report 19 item 9 / fix 20: an `END` sent while the brain searches (here
/// under an 11-day `timeout_turn`) stops the search at once, and the conversation ends.
/// Before fix 20, `END` was read only after the search. No move is written: the
/// protocol's `END` is "the brain should not write anything to output after the END
/// command" (gomocup.org, Petr Lastovicka's protocol description); a manager sends it to
/// make the brain exit, and reads nothing more. Before, the best move so far was written
/// after the `END`.
#[cfg(target_os = "linux")]
#[test]
fn end_during_a_search_stops_it_and_writes_nothing() {
    let brain = OnPipes::searching("TURN 7,7\n").ends_silently_on("END\n");
    // The move was not played either: the board holds the opponent's stone only.
    assert_eq!(brain.board.as_ref().map(Board::stone_count), Some(1));
}

/// Lines sent during a search before its `END` (here an `ABOUT`, and a `TURN` a
/// manager would never send then) are not answered: the `END` ends the conversation
/// when the search stops, and nothing is written after it.
#[cfg(target_os = "linux")]
#[test]
fn lines_before_an_end_during_a_search_are_not_answered() {
    OnPipes::searching("TURN 7,7\n").ends_silently_on("ABOUT\nTURN 8,8\nEND\n");
}

/// The watchdog writes nothing once an `END` stopped the search: here the search's
/// thread is never done (as one waiting for a CPU), the `END` arrives, and the move's
/// deadline passes; before, the watchdog wrote the best move so far at the deadline.
#[cfg(target_os = "linux")]
#[test]
fn the_watchdog_writes_nothing_after_an_end() {
    use std::os::fd::AsFd;
    let (in_read, mut in_write) = io::pipe().unwrap();
    let (_out_read, out_write) = io::pipe().unwrap();
    let listener = Listener::new(in_read.as_fd(), out_write.as_fd()).unwrap();
    let mut written = Vec::new();
    {
        let link = Link::new(&mut written, INITIAL_LATENESS, Some(&listener));
        let stop = StopFlag::new();
        thread::scope(|s| {
            s.spawn(|| listener.listen());
            s.spawn(|| watchdog(&link));
            link.arm(Guard {
                deadline: Instant::now() + Duration::from_millis(200),
                best: Cell::parse_xy("7,7").ok().map(Reply::Move),
                answer: None,
                expired: false,
                stop: stop.clone(),
            });
            link.search_started(&stop);
            in_write.write_all(b"END\n").unwrap();
            // The listener stops the search; then the watchdog reaches the deadline.
            let hang = Instant::now() + HANG;
            let expired = || lock(&link.watch).guard.as_ref().is_some_and(|g| g.expired);
            while !(stop.is_stopped() && expired()) {
                assert!(Instant::now() < hang, "the deadline never expired");
                thread::sleep(Duration::from_millis(5));
            }
            assert!(link.end_arrived());
            listener.quit();
            link.quit();
        });
    }
    assert_eq!(String::from_utf8_lossy(&written), "", "written after END");
}

/// Piskvork's "stop thinking" sends `INFO timeout_turn 0` while the brain thinks (and
/// sends the real limit again before the next move): the protocol's "0 = play as fast as
/// possible", and "it is recommended to react on commands at any time, because the
/// human opponent can change these values even when the brain is thinking"; the
/// reference brain's thinking loop reads the new limit at once. The search stops and
/// its best move so far is written; the conversation goes on with the `INFO` read as
/// usual. New-user report 24: the `INFO` was read only after the search, so the brain
/// thought on for its whole move (8.5 s of a `timeout_turn 10000`).
#[cfg(target_os = "linux")]
#[test]
fn info_timeout_turn_0_during_a_search_asks_for_the_move_now() {
    let mut p = OnPipes::searching("TURN 7,7\n");
    p.send("INFO timeout_turn 0\n");
    let reply = p.line();
    assert!(Cell::parse_xy(&reply).is_ok(), "{reply}");
    p.send("ABOUT\nEND\n");
    assert_eq!(p.line(), ABOUT);
    let (brain, result) = p.finished();
    result.unwrap();
    assert_eq!(brain.interrupted, Some(Interrupt::PlayNow));
    assert_eq!(brain.timeout_turn, 0, "the INFO was read after the search");
    // Another limit during a search, and a limit sent with the move (a script piped in
    // at once), do not stop it: it runs to its node limit.
    let script = "START 15\nTURN 7,7\nINFO timeout_turn 0\n";
    let expected = talk(&mut Brain::new().with_node_limit(20_000), script);
    let mut p = OnPipes::start(Brain::new().with_node_limit(20_000));
    p.send("START 15\nTURN 7,7\nINFO timeout_turn 0\n");
    p.search_started();
    p.send("INFO timeout_turn 5000\n");
    assert_eq!(format!("{}\n{}\n", p.line(), p.line()), expected);
    p.send("END\n");
    let (brain, result) = p.finished();
    result.unwrap();
    assert_eq!(brain.interrupted, None);
    assert_eq!(brain.timeout_turn, 5000);
}

/// The searches of a Swap2 answer (here choosing after three stones, under an 11-day
/// `timeout_turn`) stop on `END` too, and the conversation ends with nothing written
/// (before, an answer was written after the `END`).
#[cfg(target_os = "linux")]
#[test]
fn end_during_a_swap2_answer_stops_it_and_writes_nothing() {
    OnPipes::searching("SWAP2BOARD\n7,7\n8,8\n9,7\nDONE\n").ends_silently_on("END\n");
}

/// A `BOARD` block's search stops on `END` as a `TURN`'s does, with nothing written.
#[cfg(target_os = "linux")]
#[test]
fn end_during_a_board_search_stops_it_and_writes_nothing() {
    OnPipes::searching("BOARD\n7,7,2\n8,8,1\n9,9,2\nDONE\n").ends_silently_on("END\n");
}

/// The manager gone (its end of the brain's output closed) during a search stops the
/// search too: nobody would read its move. Writing it then fails (a broken pipe).
#[cfg(target_os = "linux")]
#[test]
fn a_closed_output_stops_the_search() {
    let mut p = OnPipes::searching("TURN 7,7\n");
    p.output = None;
    let (brain, result) = p.finished();
    assert_eq!(result.unwrap_err().kind(), io::ErrorKind::BrokenPipe);
    assert_eq!(brain.interrupted, Some(Interrupt::OutputClosed));
}

/// What does not stop a search: the input's end (a script piped in closes it at once),
/// and an `END` already read when the search started (a script's last line). Both
/// searches run to their node limit and answer what [`Brain::run`] answers.
#[cfg(target_os = "linux")]
#[test]
fn a_scripts_end_does_not_stop_its_searches() {
    let script = "START 15\nINFO timeout_turn 1000000000\nTURN 7,7\n";
    let expected = talk(&mut Brain::new().with_node_limit(20_000), script);
    // The input closed during the search.
    let mut p = OnPipes::start(Brain::new().with_node_limit(20_000));
    p.send(script);
    p.search_started();
    p.input = None;
    assert_eq!(format!("{}\n{}\n", p.line(), p.line()), expected);
    let (brain, result) = p.finished();
    result.unwrap();
    assert_eq!(brain.interrupted, None);
    // END sent with the commands, read before the search; also past the first read's
    // 4 KiB (a tester's report: 700 `INFO` lines between `TURN` and `END` left the move
    // unanswered, the `END` read by the listener as arriving during the search).
    for filler in [0, 700] {
        let mut p = OnPipes::start(Brain::new().with_node_limit(20_000));
        p.send(&format!("{script}{}END\n", "INFO foo 1\n".repeat(filler)));
        p.search_started();
        assert_eq!(
            format!("{}\n{}\n", p.line(), p.line()),
            expected,
            "{filler}"
        );
        let (brain, result) = p.finished();
        result.unwrap();
        assert_eq!(brain.interrupted, None, "{filler}");
    }
    // A script longer than a pipe holds (a recheck's report: 100 KB to 2 MB scripts lost
    // their move), here 330 KB from a file, whose reads never wait: read ahead whole.
    let path = std::env::temp_dir().join(format!("zerosum-script-{}.txt", std::process::id()));
    std::fs::write(
        &path,
        format!("{script}{}END\n", "INFO foo 1\n".repeat(30_000)),
    )
    .unwrap();
    let file = std::fs::File::open(&path).unwrap();
    let (mut out_read, mut out_write) = io::pipe().unwrap();
    let mut brain = Brain::new().with_node_limit(20_000);
    brain.run_listening(&file, &mut out_write).unwrap();
    drop(out_write);
    let _ = std::fs::remove_file(&path);
    let mut answered = String::new();
    io::Read::read_to_string(&mut out_read, &mut answered).unwrap();
    assert_eq!(answered, expected);
    assert_eq!(brain.interrupted, None);
}

/// A `BOARD` block for `position` (15x15 freestyle), the side to move's stones as ours.
fn board_block(position: &str) -> String {
    let b = Board::parse_position(position).unwrap();
    let to_move = b.moves().len() % 2;
    let mut text = String::from("BOARD\n");
    for (k, c) in b.moves().iter().enumerate() {
        let who = if k % 2 == to_move { 1 } else { 2 };
        text.push_str(&format!("{},{who}\n", c.to_xy()));
    }
    text.push_str("DONE\n");
    text
}

/// `RESTART` starts a new game as `START` does: the engine's tables are cleared, so a
/// search after it answers as the engine of a brain that saw nothing before (before,
/// `RESTART` kept the transposition, history and solver tables of the game before it:
/// here the root VCT proved the win in 609 nodes instead of 737).
#[test]
fn restart_clears_the_engine() {
    let before = "15f:h8i10k6g10k7g9k8k9i9g7g8h10j10f8l12k11k5k4";
    let position =
        Board::parse_position("15f:h8i10k6g10k7g9k8k9i9g7g8h10j10f8l12k11k5k4i11").unwrap();
    let limits = Limits::nodes(40_000);
    let answer = |brain: &mut Brain| {
        let mut info = brain.engine.as_mut().unwrap().search(&position, &limits);
        info.elapsed = Duration::ZERO;
        info
    };
    let mut fresh = Brain::new().with_node_limit(40_000);
    assert_eq!(talk(&mut fresh, "START 15\n"), "OK\n");
    // Told no max_memory, a brain makes its engine at its first move.
    assert!(fresh.engine.is_none());
    fresh.ensure_engine();
    let mut b = Brain::new().with_node_limit(40_000);
    let out = talk(
        &mut b,
        &format!("START 15\n{}RESTART\n", board_block(before)),
    );
    assert!(out.ends_with("\nOK\n"), "{out}");
    assert_eq!(answer(&mut b), answer(&mut fresh));
}

/// `INFO thread_num` sets the engine's search threads: 0 is read as 1, no more than the
/// processors, and no more than `max_memory` holds (each thread beyond the first takes
/// `HELPER_MEMORY` from the table); the brain then answers its moves as before.
#[test]
fn thread_num_sets_the_search_threads_within_the_memory() {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let mut b = Brain::new().with_node_limit(3_000);
    assert_eq!(b.search_threads(), 1);
    assert_eq!(talk(&mut b, "INFO thread_num 0\n"), "");
    assert_eq!(b.search_threads(), 1);
    let limit = 50 << 20;
    let out = talk(
        &mut b,
        &format!("INFO thread_num 3\nINFO max_memory {limit}\nSTART 15\nBEGIN\nTURN 6,6\n"),
    );
    // Fewer processors than threads asked for: said in a message.
    let (said, lines): (Vec<&str>, Vec<&str>) = out
        .lines()
        .partition(|l| l.starts_with("MESSAGE INFO thread_num 3: searching on"));
    assert_eq!(said.len(), usize::from(cores < 3), "{out}");
    assert_eq!(lines.len(), 3, "{out}");
    assert!(
        lines[1..].iter().all(|l| Cell::parse_xy(l).is_ok()),
        "{out}"
    );
    let threads = 3.min(cores);
    assert_eq!(b.search_threads(), threads);
    assert_eq!(b.engine.as_ref().unwrap().threads, threads);
    let helpers = (threads as u64 - 1) * HELPER_MEMORY;
    assert_eq!(b.table_mib() as u64, (limit - BRAIN_MEMORY - helpers) >> 20);
    // Room for the smallest table and not one thread more.
    let tight = MIN_MEMORY + HELPER_MEMORY - 1;
    assert_eq!(talk(&mut b, &format!("INFO max_memory {tight}\n")), "");
    assert_eq!(b.search_threads(), 1);
    assert_eq!(b.engine.as_ref().unwrap().threads, 1);
    // One thread: the table gets the 4 MiB a second thread would have needed.
    assert_eq!(b.table_mib() as u64, (tight - BRAIN_MEMORY) >> 20);
    let out = talk(&mut b, "INFO max_memory 0\nINFO thread_num 100000\n");
    assert!(
        out.starts_with("MESSAGE INFO thread_num 100000: searching on"),
        "{out}"
    );
    assert_eq!(b.search_threads(), cores.min(crate::engine::MAX_THREADS));
    assert!(Cell::parse_xy(talk(&mut b, "TURN 9,9\n").trim()).is_ok());
}

/// A brain asked to move in a finished game names the result, as a move after the end
/// is refused (new-user report 40: the first was a bare "the game is over").
#[test]
fn a_finished_game_is_named_alike_whatever_asks_for_a_move() {
    let mut b = Brain::new().with_node_limit(300);
    let over = "ERROR the game is over (white won); no more moves";
    let out = talk(
        &mut b,
        "START 15\nBOARD\n5,5,1\n0,0,2\n6,6,1\n0,1,2\n7,7,1\n0,2,2\n9,9,1\n0,3,2\n11,11,1\n0,4,2\nDONE\nTURN 1,1\n",
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines, ["OK", over, over], "{out}");
}

/// `PLAY x,y` (the manager's answer to a `SUGGEST`) plays the cell as the brain's own
/// move without a search and echoes it; it can be taken back; bad cells are refused
/// with `ERROR` and the game goes on (the protocol description at gomocup.org).
#[test]
fn play_forces_the_brains_own_move_and_echoes_it() {
    let mut b = Brain::new().with_node_limit(300);
    let out = talk(
        &mut b,
        "PLAY 7,7\nSTART 15\nPLAY 7,7\nPLAY 7,7\nPLAY 15,0\nPLAY x\nTURN 8,8\n",
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 7, "{out}");
    assert!(lines[0].starts_with("ERROR no game"), "{out}");
    assert_eq!(lines[1], "OK");
    assert_eq!(lines[2], "7,7");
    assert!(lines[3].starts_with("ERROR cell 7,7 is occupied"), "{out}");
    assert!(lines[4].starts_with("ERROR cell 15,0 is off"), "{out}");
    assert!(lines[5].starts_with("ERROR"), "{out}");
    // The forced move was black's, so after white's 8,8 black moves again.
    let reply = Cell::parse_xy(lines[6]).expect("a move");
    let board = b.board.as_ref().unwrap();
    assert_eq!(board.stone_count(), 3);
    assert_eq!(
        board.stone(Cell::parse_xy("7,7").unwrap()),
        Some(Side::First)
    );
    assert_eq!(
        board.stone(Cell::parse_xy("8,8").unwrap()),
        Some(Side::Second)
    );
    assert_eq!(board.stone(reply), Some(Side::First));
    let out = talk(
        &mut b,
        &format!("TAKEBACK {}\nTAKEBACK 8,8\nTAKEBACK 7,7\n", reply.to_xy()),
    );
    assert_eq!(out, "OK\nOK\nOK\n");
    assert_eq!(b.board.as_ref().unwrap().stone_count(), 0);
}

/// `PLAY` plays the brain's own move, checked as a `TURN`'s: under renju a black
/// forbidden point is refused (and the position kept), another cell is played.
#[test]
fn play_refuses_a_forbidden_point() {
    let mut b = Brain::new().with_node_limit(300);
    // Black (the brain): 5,7 6,7 and 7,5 7,6; white far away; black's 7,7 is a double
    // three. The brain's answer to the position is taken back: black to move again.
    let out = talk(
        &mut b,
        "START 15\nINFO rule 4\nBOARD\n5,7,1\n6,7,1\n7,5,1\n7,6,1\n0,0,2\n0,14,2\n14,0,2\n14,14,2\nDONE\n",
    );
    let reply = out.lines().nth(1).expect("a move").to_string();
    assert_ne!(reply, "7,7", "{out}");
    let out = talk(&mut b, &format!("TAKEBACK {reply}\nPLAY 7,7\nPLAY 8,8\n"));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert_eq!(lines[0], "OK");
    assert!(lines[1].starts_with("ERROR cell 7,7 is forbidden"), "{out}");
    assert_eq!(lines[2], "8,8");
    let board = b.board.as_ref().unwrap();
    assert_eq!(board.stone(Cell::parse_xy("7,7").unwrap()), None);
    assert_eq!(
        board.stone(Cell::parse_xy("8,8").unwrap()),
        Some(Side::First)
    );
}

/// The brain keeps its colour: a `PLAY` (its own move) while the opponent is to move,
/// and a `TURN` (the opponent's move) while the brain is (after a `TAKEBACK` of its own
/// stone), are refused with an `ERROR` naming whose turn it is, and leave the position
/// as it was, where before they put a stone down in the wrong colour (a stone of the
/// opponent's completed the brain's five, or the brain's the opponent's). The game goes
/// on after them, and a new game forgets the colour.
#[test]
fn turn_and_play_never_put_a_stone_down_in_the_wrong_colour() {
    let cell = |t: &str| Cell::parse_xy(t).unwrap();
    let mut b = Brain::new().with_node_limit(300);
    // The brain is white: black opened at 7,7.
    let out = talk(&mut b, "START 15\nTURN 7,7\n");
    let ours = out.lines().nth(1).expect("a move").to_string();
    let out = talk(&mut b, "PLAY 0,0\n");
    assert!(
        out.starts_with("ERROR PLAY 0,0: it is the opponent's turn (black to move)"),
        "{out}"
    );
    assert_eq!(b.board().unwrap().stone(cell("0,0")), None);
    assert_eq!(b.board().unwrap().stone_count(), 2);
    // The brain's stone taken back: white, the brain, is to move.
    assert_eq!(talk(&mut b, &format!("TAKEBACK {ours}\n")), "OK\n");
    let out = talk(&mut b, "TURN 0,0\n");
    assert!(
        out.starts_with("ERROR TURN 0,0: it is the brain's turn (white to move"),
        "{out}"
    );
    assert_eq!(b.board().unwrap().stone(cell("0,0")), None);
    assert_eq!(b.board().unwrap().stone_count(), 1);
    // Its own move is forced instead; then black's TURN is answered.
    assert_eq!(talk(&mut b, "PLAY 8,8\n"), "8,8\n");
    assert_eq!(b.board().unwrap().stone(cell("8,8")), Some(Side::Second));
    let out = talk(&mut b, "TURN 0,0\n");
    let reply = cell(out.trim());
    let board = b.board().unwrap();
    assert_eq!(board.stone(cell("0,0")), Some(Side::First));
    assert_eq!(board.stone(reply), Some(Side::Second));
    // A new game: the colour is not known until the brain moves, and PLAY makes it black.
    assert_eq!(talk(&mut b, "RESTART\nPLAY 7,7\n"), "OK\n7,7\n");
    assert_eq!(b.board().unwrap().stone(cell("7,7")), Some(Side::First));
    // New-user report 41: a BOARD whose game is over still tells the brain its colour
    // (black here: equal counts). The opponent's five taken back leaves white to move, so
    // a PLAY, the brain's own move, is refused instead of moving for white.
    let board =
        "BOARD\n0,0,2\n1,0,2\n2,0,2\n3,0,2\n0,5,1\n1,5,1\n2,5,1\n3,5,1\n7,7,1\n4,0,2\nDONE\n";
    let out = talk(&mut b, &format!("RESTART\n{board}"));
    assert!(out.contains("ERROR") && out.contains("white won"), "{out}");
    assert_eq!(talk(&mut b, "TAKEBACK 4,0\n"), "OK\n");
    let out = talk(&mut b, "PLAY 4,0\n");
    assert!(
        out.starts_with("ERROR PLAY 4,0: it is the opponent's turn (white to move)"),
        "{out}"
    );
    assert_eq!(b.board().unwrap().stone(cell("4,0")), None);
    // White's TURN is the opponent's move: taken, and its five ends the game again.
    let out = talk(&mut b, "TURN 4,0\n");
    assert!(
        out.starts_with("ERROR") && out.contains("white won"),
        "{out}"
    );
    assert_eq!(b.board().unwrap().stone(cell("4,0")), Some(Side::Second));
}

/// Helper report 45: `INFO rule` cleared the engine's tables, 34 ms of a 200 ms first
/// move. It keeps them now (every key holds its rule) and forgets only the move-ordering
/// statistics. The answers stay right: a brain that searched a position under freestyle,
/// where 11,7 wins at once (an overline of six: own stones 7..=10 and 12 on row 7), then
/// given the same position under exactly five (where that overline does not win, and
/// 6,7 is blocked) answers as a fresh brain does under exactly five.
#[test]
fn a_rule_change_keeps_the_tables_and_answers_as_a_fresh_brain() {
    let board =
        "BOARD\n7,7,1\n0,0,2\n8,7,1\n6,7,2\n9,7,1\n0,14,2\n10,7,1\n14,0,2\n12,7,1\n14,14,2\nDONE\n";
    let mut b = Brain::new().with_node_limit(3_000);
    let out = talk(&mut b, &format!("START 15\nINFO rule 0\n{board}"));
    assert_eq!(out.lines().nth(1), Some("11,7"), "{out}");
    let changed = talk(&mut b, &format!("INFO rule 1\n{board}"));
    let mut fresh = Brain::new().with_node_limit(3_000);
    let expected = talk(&mut fresh, &format!("START 15\nINFO rule 1\n{board}"));
    assert_eq!(
        changed.lines().last(),
        expected.lines().last(),
        "{changed} / {expected}"
    );
    assert_ne!(changed.lines().last(), Some("11,7"), "{changed}");
}

/// The protocol: the brain "should wait with the output of the problem until the
/// manager sends the first command not having an INFO form". `INFO` values sent before
/// `START` get their `MESSAGE` lines after `START` arrives, before its `OK` (before, they
/// went out at once, ahead of the `START` they precede); with `handle_line`, one line a
/// call, the same.
#[test]
fn info_messages_wait_for_the_next_command() {
    let mut b = Brain::new();
    let mut out = Vec::new();
    for line in [
        "INFO rule 5",
        "INFO timeout_turn abc",
        "INFO timeout_turn 500",
    ] {
        assert!(b.handle_line(line, &mut out).unwrap());
    }
    assert!(out.is_empty(), "{}", String::from_utf8_lossy(&out));
    assert!(b.handle_line("START 15", &mut out).unwrap());
    let text = String::from_utf8(out).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert!(lines[0].starts_with("MESSAGE rule \"5\""), "{text}");
    assert!(
        lines[1].starts_with("MESSAGE INFO timeout_turn \"abc\""),
        "{text}"
    );
    assert_eq!(lines[2], "OK");
    // At the end of the input, the messages still waiting are written.
    let out = talk(&mut b, "INFO rule 5\n");
    assert!(out.starts_with("MESSAGE rule"), "{out}");
    // A block's lines are not commands: the message goes out before the block's answer.
    let out = talk(&mut b, "INFO rule 5\nBOARD\n7,7,2\nDONE\n");
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("MESSAGE rule"), "{out}");
    assert!(!lines[1].starts_with("MESSAGE"), "{out}");
    // END drops them with everything else: nothing is written after it.
    let out = talk(&mut b, "INFO rule 5\nEND\n");
    assert_eq!(out, "");
}

/// A tester's report: the first move after `INFO rule 1` or `INFO rule 4` waited 4–16 ms
/// for that rule's pattern tables, and passed `timeout_turn` at 50 ms. A brain builds
/// them when it is made. (Run alone, this test is the first to ask for the tables.)
#[test]
fn a_new_brain_has_every_rules_tables() {
    let _brain = Brain::new();
    assert!(crate::pattern::tables_built());
}

/// The protocol: "the brain should not write anything to output after the END
/// command". A library caller that goes on with `handle_line` after `END` gets no
/// answer and `false` for every later line (before, a `TURN` after `END` was searched
/// and answered with a move).
#[test]
fn nothing_is_answered_after_end() {
    let mut b = Brain::new();
    let mut out = Vec::new();
    for line in ["INFO timeout_turn 100", "START 15", "BEGIN"] {
        assert!(b.handle_line(line, &mut out).unwrap());
    }
    let before = out.len();
    assert!(!b.handle_line("END", &mut out).unwrap());
    for line in ["TURN 7,8", "ABOUT", "START 15", "END"] {
        assert!(!b.handle_line(line, &mut out).unwrap(), "{line}");
    }
    assert_eq!(
        out.len(),
        before,
        "written after END: {}",
        String::from_utf8_lossy(&out[before..])
    );
}
