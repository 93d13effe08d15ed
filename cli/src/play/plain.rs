//! The plain line mode: the board after every move on standard output, human moves one a
//! line from standard input. Scripts and tests drive it.
//!
//! A transcript: a header line, the board, then for each move a line `x plays 5` (the
//! AI adds its depth, value and nodes) and the board again, and finally
//! `result: x wins`, `result: draw` (Othello: `result: black wins 40-24`). A malformed or
//! illegal move prints `illegal move "…": <why>` and asks again; so does a line that is
//! not UTF-8 or longer than [`crate::lines::MAX_LINE_BYTES`] (it is refused, not the end).
//! Besides moves a human may type `help` (these commands), `hint` (the AI's move for
//! them, with its value), `undo` (takes back to their previous turn; before a human's
//! first move there is none, and the AI's first move stays), `redo` (plays again
//! what `undo` took back) or `quit`. The end of standard input ends the program cleanly
//! (exit status 0, no result line). The program ends after the result line: input after it
//! is not read.

use super::options::{Player, Setup};
use super::session::Session;
use super::worker::{Poll, Thinking};
use super::{PlayGame, nodes_text};
use crate::lines::{Line, MAX_LINE_BYTES, read_line, unreadable};
use std::io::{self, BufRead, Write};
use std::process::ExitCode;
use std::time::Duration;

/// Runs the line mode on standard input and output.
pub fn run<G: PlayGame>(game: G, setup: Setup) -> ExitCode {
    let stdin = io::stdin();
    let stdout = io::stdout();
    match play(game, setup, stdin.lock(), &mut stdout.lock()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            diag!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Runs the AI on the side to move (on the worker thread, waiting for it) and returns
/// its move and last report.
fn think<G: PlayGame>(
    session: &Session<G>,
    engine: &mut Option<G::Engine>,
) -> io::Result<(G::Move, Option<super::Progress>)> {
    let eng = engine.take().unwrap_or_else(|| session.game.new_engine());
    let mut thinking = Thinking::spawn(session.game.clone(), eng, session.setup.strength, false);
    let (mv, eng) = loop {
        match thinking.wait(Duration::from_millis(200)) {
            Poll::Running | Poll::Chosen(_) => {}
            Poll::Done(mv, eng) => break (mv, eng),
            Poll::Lost => return Err(io::Error::other("the AI crashed")),
        }
    };
    *engine = Some(eng);
    let mv = mv.ok_or_else(|| io::Error::other("the AI found no move"))?;
    Ok((mv, thinking.latest.take()))
}

/// The board as text: column labels on top, row labels on the left, `.` for an empty
/// cell, the sides' symbols for stones.
pub fn board_text<G: PlayGame>(game: &G) -> String {
    let cols = game.cols();
    let rows = game.rows();
    let empty = |c: usize, r: usize| match game.empty_label(c, r) {
        _ if game.blocked(c, r) => "#".into(),
        Some(label) => label,
        None => ".".into(),
    };
    let col_w = (0..cols)
        .map(|c| game.col_label(c).len())
        .chain((0..cols * rows).map(|i| empty(i % cols, i / cols).len()))
        .max()
        .unwrap_or(1);
    let row_w = (0..rows)
        .map(|r| game.row_label(r).len())
        .max()
        .unwrap_or(0);
    let mut out = String::new();
    if (0..cols).any(|c| !game.col_label(c).is_empty()) {
        out.push_str(&" ".repeat(row_w));
        for c in 0..cols {
            out.push_str(&format!(" {:>col_w$}", game.col_label(c)));
        }
        out.push('\n');
    }
    for r in 0..rows {
        out.push_str(&format!("{:>row_w$}", game.row_label(r)));
        for c in 0..cols {
            let text = game
                .stone(c, r)
                .map_or_else(|| empty(c, r), |s| game.symbol(s).to_string());
            out.push_str(&format!(" {text:>col_w$}"));
        }
        out.push('\n');
    }
    out
}

/// The `help` text; `legal` are some legal moves in the game's notation.
fn help_text(legal: &[String]) -> String {
    format!(
        "commands: a move in the game's notation (legal now: {}), hint (the AI's move \
         for you), undo (take back to your previous turn), redo (play again what undo \
         took back), help, quit",
        legal.join(" ")
    )
}

/// Plays one game on `input`/`out`. Returns at the end of the game, on `quit`, or at
/// the end of the input.
///
/// # Errors
/// Only failures to write the output.
pub fn play<G: PlayGame>(
    game: G,
    setup: Setup,
    mut input: impl BufRead,
    out: &mut impl Write,
) -> io::Result<()> {
    let mut session = Session::new(game, setup);
    let mut engine = Some(session.game.new_engine());
    let name = |p: Player| match p {
        Player::Human => "human".to_string(),
        Player::Ai => format!("AI ({})", setup.strength),
    };
    writeln!(
        out,
        "{}: {} {}, {} {}",
        session.game.title(),
        session.game.side_name(zerosum::Side::First),
        name(setup.players[0]),
        session.game.side_name(zerosum::Side::Second),
        name(setup.players[1]),
    )?;
    write!(out, "{}", board_text(&session.game))?;
    if let Some(status) = session.game.status() {
        writeln!(out, "{status}")?;
    }
    // The sides whose forced passes were played for them since the human's last line, in
    // order: a script replaying a game record then sends those passes itself, each taken
    // as said, not refused (a recheck's report: a second forced pass, after the AI's
    // replies, was refused).
    let mut forced_passes: std::collections::VecDeque<String> = Default::default();
    // Whether no line has been read yet: the input's first line, whose byte-order mark
    // (an editor's) is skipped, as the batch commands skip it (a recheck's report:
    // `illegal move "\u{feff}5"`); on any later line it is refused, as they refuse it.
    let mut first_line = true;
    while session.is_running() {
        let side = session.game.side_to_move();
        let who = session.game.side_name(side);
        // A forced pass is played for a human too.
        if session.at_forced_pass() {
            // Only a human's is kept: a script sends its own side's moves, never the AI's
            // pass (a recheck's report: after the AI's forced pass, the human's own
            // illegal `PS` was taken as said).
            let human = session.player_to_move() == Player::Human;
            let pass = session.game.legal_moves()[0];
            session.play(pass).map_err(io::Error::other)?;
            writeln!(out, "{who} passes")?;
            if human {
                forced_passes.push_back(who.to_string());
            }
            continue;
        }
        match session.player_to_move() {
            Player::Ai => {
                // A human's forced passes stay said across the AI's replies: a script
                // replaying its side's moves sends each after them (a TUI tester's
                // report: refused as `cannot pass: a move exists`); each pass the human
                // then types takes one, any other line ends them all.
                let (mv, latest) = think(&session, &mut engine)?;
                let text = session.game.move_text(mv);
                session.play(mv).map_err(io::Error::other)?;
                match &latest {
                    Some(p) => writeln!(
                        out,
                        "{who} plays {text} (depth {}, {}, {})",
                        p.depth,
                        p.value,
                        nodes_text(p.nodes)
                    )?,
                    None => writeln!(out, "{who} plays {text}")?,
                }
            }
            Player::Human => {
                writeln!(out, "{who} to move:")?;
                out.flush()?;
                // Blank lines and `#` comments are skipped, as `solve` reads its input
                // (no game's move starts with `#`), without a new prompt: one prompt a
                // turn, for a script that counts them (a new user's report).
                let (read, first) = loop {
                    let line = read_line(&mut input, MAX_LINE_BYTES).map_err(|e| {
                        io::Error::new(e.kind(), format!("cannot read standard input: {e}"))
                    })?;
                    let first = std::mem::take(&mut first_line);
                    match line {
                        Some(l) if l.is_skipped() => {}
                        read => break (read, first),
                    }
                };
                let line = match read {
                    None => return Ok(()),
                    Some(Line::Text(t)) if first => {
                        t.strip_prefix('\u{feff}').map_or(t.clone(), str::to_string)
                    }
                    Some(Line::Text(t)) => t,
                    Some(bad) => {
                        let why = unreadable(&bad).unwrap_or_default();
                        writeln!(out, "refused: {why} (type help for the commands)")?;
                        continue;
                    }
                };
                let text = line.trim();
                if session.game.is_pass_text(text)
                    && let Some(passed) = forced_passes.pop_front()
                {
                    writeln!(out, "{passed}'s forced pass was already played")?;
                    continue;
                }
                forced_passes.clear();
                // Commands in any case (`HINT`); no game's move is spelt like one.
                let command = text.to_ascii_lowercase();
                match command.as_str() {
                    "quit" | "exit" | "q" => return Ok(()),
                    "help" | "?" => {
                        let all = session.game.legal_moves();
                        // Up to 9 moves are listed whole; more are cut to 8 and a count.
                        let shown = if all.len() <= 9 { all.len() } else { 8 };
                        let mut legal: Vec<String> = all
                            .iter()
                            .take(shown)
                            .map(|&m| session.game.move_text(m))
                            .collect();
                        if all.len() > legal.len() {
                            legal.push(format!("… {} in all", all.len()));
                        }
                        writeln!(out, "{}", help_text(&legal))?;
                        continue;
                    }
                    "hint" => {
                        let (mv, latest) = think(&session, &mut engine)?;
                        let value = latest.map(|p| format!(", value {}", p.value));
                        writeln!(
                            out,
                            "hint: {}{}",
                            session.game.move_text(mv),
                            value.unwrap_or_default()
                        )?;
                        continue;
                    }
                    "undo" | "redo" => {
                        let (steps, done) = if command == "undo" {
                            (session.undo_to_human(), "undone")
                        } else {
                            (session.redo_to_human(), "redone")
                        };
                        if steps == 0 {
                            if command == "undo" && !session.moves.is_empty() {
                                writeln!(out, "nothing to undo: you have not moved yet")?;
                            } else {
                                writeln!(out, "nothing to {command}")?;
                            }
                            continue;
                        }
                        writeln!(out, "{done}")?;
                    }
                    _ => match session.game.parse_move(text) {
                        Ok(mv) => {
                            let notation = session.game.move_text(mv);
                            session.play(mv).map_err(io::Error::other)?;
                            writeln!(out, "{who} plays {notation}")?;
                        }
                        Err(why) => {
                            writeln!(out, "illegal move {text:?}: {why}")?;
                            continue;
                        }
                    },
                }
            }
        }
        write!(out, "{}", board_text(&session.game))?;
        if let Some(status) = session.game.status() {
            writeln!(out, "{status}")?;
        }
    }
    writeln!(out, "result: {}", session.game.result_text())?;
    out.flush()
}
