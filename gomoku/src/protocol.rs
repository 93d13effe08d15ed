//! The Gomocup protocol ("pbrain" engines) as a state machine over any reader/writer.
//!
//! The manager sends one command a line (CR LF or LF); the brain answers on its standard
//! output, one line, flushed at once. Supported: `START n` (5–22 → `OK`, else `ERROR`),
//! `RECTSTART w,h` (`ERROR`: square boards only), `RESTART` (`OK`), `BEGIN` (our move),
//! `TURN x,y` (the opponent's move, then ours), `BOARD` … `DONE` (a whole position: lines
//! `x,y,1` for our stones and `x,y,2` for the opponent's; `3` lines of continuous games
//! are ignored), `TAKEBACK x,y` (`OK`), `INFO key value` (no answer; `timeout_turn`,
//! `timeout_match`, `time_left`, `max_memory`, `rule`, `game_type`, `folder` are read,
//! unknown keys ignored), `ABOUT`, `END`. Unknown commands get `UNKNOWN …`, bad
//! arguments `ERROR …`; nothing the manager sends can make it panic.
//!
//! Time: each move gets at most `timeout_turn` minus a safety margin, and at most a
//! fraction of `time_left` when the match clock is known; the search checks the clock
//! every 256 nodes. The engine and its tables are allocated at `START` (within
//! `max_memory`), never on a move. Reference: the protocol description at
//! gomocup.org ("new protocol", Petr Lastovicka).

use crate::board::Board;
use crate::cell::Cell;
use crate::engine::Engine;
use crate::rule::Rule;
use std::io::{self, BufRead, Write};
use std::time::Duration;
use zerosum::search::Limits;
use zerosum::{Game, Side};

/// The `ABOUT` answer.
pub const ABOUT: &str =
    "name=\"zerosum\", version=\"0.1.0\", author=\"zerosum authors\", country=\"-\"";

/// Default `timeout_turn` when the manager sends none, in ms.
pub const DEFAULT_TURN_MS: u64 = 5_000;

/// The brain's state between commands.
pub struct Brain {
    board: Option<Board>,
    engine: Option<Engine>,
    rule: Rule,
    timeout_turn: u64,
    timeout_match: u64,
    time_left: Option<u64>,
    max_memory: u64,
    pending_board: Option<Vec<(Cell, u8)>>,
    node_limit: Option<u64>,
    tt_mib: usize,
}

impl Default for Brain {
    fn default() -> Self {
        Brain::new()
    }
}

impl Brain {
    /// A brain waiting for `START`.
    pub fn new() -> Brain {
        Brain {
            board: None,
            engine: None,
            rule: Rule::Freestyle,
            timeout_turn: DEFAULT_TURN_MS,
            timeout_match: 0,
            time_left: None,
            max_memory: 0,
            pending_board: None,
            node_limit: None,
            tt_mib: 0,
        }
    }

    /// Also stops every search after `nodes` nodes (reproducible play in tests).
    pub fn with_node_limit(mut self, nodes: u64) -> Brain {
        self.node_limit = Some(nodes);
        self
    }

    /// The current position, if a game was started.
    pub fn board(&self) -> Option<&Board> {
        self.board.as_ref()
    }

    /// The time budget of the next move: `timeout_turn` minus a margin of a tenth
    /// (at least 30 ms), capped at a seventh of `time_left` when known; at least 5 ms.
    pub fn move_budget(&self) -> Duration {
        let turn = if self.timeout_turn == 0 {
            100
        } else {
            self.timeout_turn
        };
        let mut ms = turn.saturating_sub((turn / 10).max(30));
        if let Some(left) = self.time_left.filter(|_| self.timeout_match > 0) {
            ms = ms.min(left.saturating_sub(50) / 7);
        }
        Duration::from_millis(ms.max(5))
    }

    fn table_mib(&self) -> usize {
        // Half of max_memory for the table (0 = no limit: 64 MiB), at least 1 MiB.
        let limit = if self.max_memory == 0 {
            64
        } else {
            (self.max_memory / 2 / (1 << 20)) as usize
        };
        limit.clamp(1, 64)
    }

    fn ensure_engine(&mut self) {
        let mib = self.table_mib();
        if self.engine.is_none() || self.tt_mib != mib {
            self.engine = Some(Engine::new(mib));
            self.tt_mib = mib;
        }
    }

    fn think(&mut self) -> String {
        let budget = self.move_budget();
        let (Some(board), Some(engine)) = (self.board.as_mut(), self.engine.as_mut()) else {
            return "ERROR no game started (send START first)".into();
        };
        if board.outcome().is_some() {
            return "ERROR the game is over".into();
        }
        let limits = Limits {
            time: Some(budget),
            nodes: self.node_limit,
            ..Limits::default()
        };
        let info = engine.search(board, &limits);
        match info.best {
            Some(c) => {
                board.play(c);
                c.to_xy()
            }
            None => "ERROR no legal move".into(),
        }
    }

    /// Handles one line from the manager, writing the answer (if any) to `out` and
    /// flushing it. Returns `false` after `END`.
    ///
    /// # Errors
    /// Only errors of `out`.
    pub fn handle_line(&mut self, line: &str, out: &mut impl Write) -> io::Result<bool> {
        let line = line.trim_matches(|c: char| c == '\r' || c == '\n' || c.is_whitespace());
        if line.is_empty() {
            return Ok(true);
        }
        if let Some(stones) = self.pending_board.as_mut() {
            if line.eq_ignore_ascii_case("DONE") {
                let stones = self.pending_board.take().unwrap_or_default();
                let reply = self.set_board(&stones);
                return answer(out, &reply).map(|_| true);
            }
            let parts: Vec<&str> = line.split(',').map(str::trim).collect();
            let parsed = (parts.len() == 3)
                .then(|| Cell::parse_xy(&format!("{},{}", parts[0], parts[1])).ok())
                .flatten()
                .zip(
                    parts
                        .get(2)
                        .and_then(|w| w.parse::<u8>().ok())
                        .filter(|w| (1..=3).contains(w)),
                );
            return match parsed {
                Some((c, who)) => {
                    stones.push((c, who));
                    Ok(true)
                }
                None => answer(
                    out,
                    &format!("ERROR bad BOARD line {line:?} (expected x,y,1|2|3)"),
                )
                .map(|_| true),
            };
        }
        let (cmd, arg) = match line.split_once(char::is_whitespace) {
            Some((c, a)) => (c, a.trim()),
            None => (line, ""),
        };
        let reply: Option<String> = match cmd.to_ascii_uppercase().as_str() {
            "START" => Some(self.start(arg)),
            "RECTSTART" => Some("ERROR rectangular boards are not supported".into()),
            "RESTART" => Some(match self.board.as_ref() {
                Some(b) => {
                    let size = b.size() as u32;
                    self.board = Board::with_size(size, self.rule).ok();
                    "OK".into()
                }
                None => "ERROR no game started (send START first)".into(),
            }),
            "BEGIN" => Some(match &self.board {
                Some(b) if b.stone_count() > 0 => "ERROR BEGIN on a board that is not empty".into(),
                _ => self.think(),
            }),
            "TURN" => Some(self.turn(arg)),
            "BOARD" => {
                if self.board.is_none() {
                    Some("ERROR no game started (send START first)".into())
                } else {
                    self.pending_board = Some(Vec::new());
                    None
                }
            }
            "TAKEBACK" => Some(self.takeback(arg)),
            "INFO" => {
                self.info(arg);
                None
            }
            "ABOUT" => Some(ABOUT.into()),
            "END" => return Ok(false),
            _ => Some(format!("UNKNOWN command {cmd:?}")),
        };
        if let Some(r) = reply {
            answer(out, &r)?;
        }
        Ok(true)
    }

    fn start(&mut self, arg: &str) -> String {
        match arg.parse::<u32>() {
            Ok(n) => match Board::with_size(n, self.rule) {
                Ok(b) => {
                    self.board = Some(b);
                    self.ensure_engine();
                    if let Some(e) = self.engine.as_mut() {
                        e.clear();
                    }
                    "OK".into()
                }
                Err(e) => format!("ERROR {e}"),
            },
            Err(_) => format!("ERROR bad board size {arg:?}"),
        }
    }

    fn turn(&mut self, arg: &str) -> String {
        let Some(board) = self.board.as_mut() else {
            return "ERROR no game started (send START first)".into();
        };
        let cell = match Cell::parse_xy(arg) {
            Ok(c) => c,
            Err(e) => return format!("ERROR {e}"),
        };
        if let Err(e) = board.try_play(cell) {
            return format!("ERROR {e}");
        }
        self.think()
    }

    fn takeback(&mut self, arg: &str) -> String {
        let Some(board) = self.board.as_mut() else {
            return "ERROR no game started (send START first)".into();
        };
        match Cell::parse_xy(arg) {
            Ok(c) if board.last_move() == Some(c) && board.try_undo() => "OK".into(),
            Ok(c) => format!("ERROR {} is not the last stone played", c.to_xy()),
            Err(e) => format!("ERROR {e}"),
        }
    }

    fn info(&mut self, arg: &str) {
        let (key, value) = match arg.split_once(char::is_whitespace) {
            Some((k, v)) => (k.to_ascii_lowercase(), v.trim()),
            None => (arg.to_ascii_lowercase(), ""),
        };
        let num = value.parse::<u64>().ok();
        match key.as_str() {
            "timeout_turn" => self.timeout_turn = num.unwrap_or(self.timeout_turn),
            "timeout_match" => self.timeout_match = num.unwrap_or(self.timeout_match),
            "time_left" => self.time_left = num.or(self.time_left),
            "max_memory" => {
                self.max_memory = num.unwrap_or(self.max_memory);
                if self.board.is_some() {
                    self.ensure_engine();
                }
            }
            "rule" => {
                if let Some(rule) = num.and_then(|v| Rule::from_gomocup(v as u32))
                    && rule != self.rule
                {
                    self.rule = rule;
                    if let Some(b) = self.board.as_ref() {
                        let mut nb = Board::with_size(b.size() as u32, rule).expect("same size");
                        for &c in b.moves() {
                            if nb.try_play(c).is_err() {
                                break;
                            }
                        }
                        self.board = Some(nb);
                    }
                    if let Some(e) = self.engine.as_mut() {
                        e.clear();
                    }
                }
            }
            _ => {}
        }
    }

    fn set_board(&mut self, stones: &[(Cell, u8)]) -> String {
        let Some(old) = self.board.as_ref() else {
            return "ERROR no game started (send START first)".into();
        };
        let size = old.size() as u32;
        let own: Vec<Cell> = stones.iter().filter(|s| s.1 == 1).map(|s| s.0).collect();
        let opp: Vec<Cell> = stones.iter().filter(|s| s.1 == 2).map(|s| s.0).collect();
        let mut b = Board::with_size(size, self.rule).expect("size was accepted at START");
        // Alternate play when the counts allow it: black is whoever has one stone more or,
        // on equal counts, us (we are to move).
        let (first, second) = if opp.len() == own.len() + 1 {
            (&opp, &own)
        } else {
            (&own, &opp)
        };
        let mut ok = first.len() == second.len() || first.len() == second.len() + 1;
        if ok {
            for k in 0..first.len() {
                if b.try_play(first[k]).is_err()
                    || (k < second.len() && b.try_play(second[k]).is_err())
                {
                    ok = false;
                    break;
                }
            }
        }
        if !ok {
            b = Board::with_size(size, self.rule).expect("size was accepted at START");
            let us = if opp.len() > own.len() {
                Side::Second
            } else {
                Side::First
            };
            for &c in &own {
                if let Err(e) = b.place(c, us) {
                    return format!("ERROR {e}");
                }
            }
            for &c in &opp {
                if let Err(e) = b.place(c, !us) {
                    return format!("ERROR {e}");
                }
            }
            b.set_side_to_move(us);
        }
        self.board = Some(b);
        self.think()
    }

    /// Runs the protocol until `END` or the end of `input`.
    ///
    /// # Errors
    /// Errors of reading `input` or writing `out`.
    pub fn run(&mut self, input: impl BufRead, out: &mut impl Write) -> io::Result<()> {
        for line in input.split(b'\n') {
            let line = line?;
            let text = String::from_utf8_lossy(&line);
            if !self.handle_line(&text, out)? {
                break;
            }
        }
        Ok(())
    }
}

fn answer(out: &mut impl Write, text: &str) -> io::Result<()> {
    writeln!(out, "{text}")?;
    out.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn talk(brain: &mut Brain, input: &str) -> String {
        let mut out = Vec::new();
        brain.run(input.as_bytes(), &mut out).unwrap();
        String::from_utf8(out).unwrap()
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
        assert!(lines[3].starts_with("ERROR"), "{out}");
        assert!(lines[4].starts_with("ERROR"), "{out}");
        assert!(lines[5].starts_with("ERROR"), "{out}");
        assert_eq!(lines[6], ABOUT);
        assert!(lines[7].starts_with("ERROR"), "{out}");
        assert_eq!(lines.len(), 8, "nothing after END: {out}");
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
        let mut b = Brain::new();
        assert_eq!(b.move_budget(), Duration::from_millis(4_500));
        talk(&mut b, "INFO timeout_turn 1000\n");
        assert_eq!(b.move_budget(), Duration::from_millis(900));
        talk(&mut b, "INFO timeout_match 60000\nINFO time_left 700\n");
        assert_eq!(b.move_budget(), Duration::from_millis(92));
        talk(&mut b, "INFO time_left 0\n");
        assert_eq!(b.move_budget(), Duration::from_millis(5));
        talk(&mut b, "INFO timeout_turn 0\nINFO timeout_match 0\n");
        assert_eq!(b.move_budget(), Duration::from_millis(70));
    }

    #[test]
    fn rule_info_replays_the_game() {
        let mut b = Brain::new().with_node_limit(500);
        talk(&mut b, "START 15\nTURN 7,7\nINFO rule 1\n");
        assert_eq!(b.board().unwrap().rule(), Rule::Standard);
        assert_eq!(b.board().unwrap().stone_count(), 2);
        talk(&mut b, "INFO rule 4\n");
        assert_eq!(
            b.board().unwrap().rule(),
            Rule::Standard,
            "renju is not supported: unchanged"
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
}
