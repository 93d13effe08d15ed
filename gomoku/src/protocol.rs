//! The Gomocup protocol ("pbrain" engines) as a state machine over any reader/writer.
//!
//! The manager sends one command a line (CR LF or LF); the brain answers on its standard
//! output, one line, flushed at once. Supported: `START n` (5–22 → `OK`, else `ERROR`),
//! `RECTSTART w,h` (`ERROR`: square boards only), `RESTART` (`OK`), `BEGIN` (our move),
//! `TURN x,y` (the opponent's move, then ours), `BOARD` … `DONE` (a whole position: lines
//! `x,y,1` for our stones, `x,y,2` for the opponent's and `x,y,3` for the stones of a
//! continuous game's winning line, which still occupy their cells), `SWAP2BOARD` … `DONE`
//! (the Swap2 opening: `x,y` lines in playing order; three stones on an empty board,
//! after three `SWAP`, a move or two stones, after five `SWAP` or a move),
//! `TAKEBACK x,y` (`OK`), `INFO key value` (no answer; `timeout_turn`, `timeout_match`,
//! `time_left` (signed: a negative clock is an empty one), `max_memory`, `rule`,
//! `game_type`, `folder` are read, unknown keys ignored; a `rule` we cannot play is
//! answered with a `MESSAGE` line and the rule in force is kept), `ABOUT`, `END`.
//! Unknown commands get `UNKNOWN …`, bad arguments `ERROR …`; a block (`BOARD`,
//! `SWAP2BOARD`) is answered once, at its `DONE`, however many of its lines are bad (a
//! `BOARD`'s bad lines, and its stones off the board, are skipped and counted in a
//! `MESSAGE` before the move: the good lines still make the position; a `SWAP2BOARD`
//! with a bad line is refused, since its stones count in order); `END`
//! ends the conversation at once, even inside a block; nothing the manager sends can make
//! it panic.
//!
//! Time: each move gets at most `timeout_turn` minus a safety margin, and at most a
//! share of `time_left` whenever the match clock is sent; the search checks the clock
//! at every node (the core time control's budget and stop flag; the VCF and VCT searches
//! poll it too). The search runs on its own thread while the protocol's thread sleeps
//! until the move's hard limit: if the search has not answered by then (its thread
//! waiting for a CPU on a loaded machine), the protocol answers with the best move of
//! the last finished iteration and stops the search. The engine and its tables are allocated at `START` (within
//! `max_memory`), never on a move. Reference: the protocol description at
//! gomocup.org ("new protocol", Petr Lastovicka) and its Swap2 extension.

use crate::board::{Board, PlayError};
use crate::cell::{Cell, CellError};
use crate::engine::Engine;
use crate::rule::Rule;
use std::io::{self, BufRead, Write};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};
use zerosum::search::{Limits, StopFlag};
use zerosum::time::{Budget, GameClock};
use zerosum::{Game, Score, Side};

/// The `ABOUT` answer.
pub const ABOUT: &str =
    "name=\"zerosum\", version=\"0.1.0\", author=\"zerosum authors\", country=\"-\"";

/// Default `timeout_turn` when the manager sends none, in ms.
pub const DEFAULT_TURN_MS: u64 = 5_000;

/// Budget of a move when `timeout_turn` is 0 ("play as fast as possible"), in ms.
pub const FAST_TURN_MS: u64 = 100;

/// Swap2 after three stones: the search score (in evaluation units, for white to move)
/// within which the position counts as even, and we place two more stones and let the
/// opponent choose rather than choose a colour ourselves.
pub const SWAP2_BALANCE: i32 = 100;

/// The multi-line commands of the protocol: their lines are collected until `DONE`
/// and answered once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum BlockKind {
    Board,
    Swap2,
}

struct Block {
    kind: BlockKind,
    stones: Vec<(Cell, u8)>,
    /// The first bad line, reported at `DONE`.
    error: Option<String>,
    /// How many lines were bad.
    bad: usize,
}

/// The brain's state between commands.
pub struct Brain {
    board: Option<Board>,
    engine: Option<Engine>,
    rule: Rule,
    timeout_turn: u64,
    timeout_match: u64,
    time_left: Option<i64>,
    max_memory: u64,
    block: Option<Block>,
    node_limit: Option<u64>,
    tt_mib: usize,
    /// The search thread of the last move when its deadline answered for it.
    pending: Option<JoinHandle<Engine>>,
    /// Tests: the next search thread waits for a message here before it starts, as a
    /// thread waiting for a CPU would.
    #[cfg(test)]
    gate: Option<mpsc::Receiver<()>>,
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
            block: None,
            node_limit: None,
            tt_mib: 0,
            pending: None,
            #[cfg(test)]
            gate: None,
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

    /// The rule in force (only rules we can play are ever taken from `INFO rule`).
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// The limits of the next move, for the core time control ([`zerosum::time`]):
    /// the per-move limit is `timeout_turn` ([`FAST_TURN_MS`] when it is 0) minus a safety
    /// margin of a 25th (at least 3 ms) for the pipes and the process; the engine keeps
    /// its own reserve for the scheduling delays it measures (see [`Engine::lag`]); whenever the manager sent `time_left` (with or without `timeout_match`) the game clock is that
    /// time minus the same margin, shared over the moves we still expect to play (at
    /// least 12, about 40 minus half the stones on the board).
    pub fn move_limits(&self) -> Limits {
        let turn = if self.timeout_turn == 0 {
            FAST_TURN_MS
        } else {
            self.timeout_turn
        };
        let margin = |ms: u64| (ms / 25).max(3);
        let clock = self.time_left.map(|left| {
            let left = left.max(0) as u64;
            let stones = self.board.as_ref().map_or(0, |b| b.stone_count() as u32);
            GameClock {
                remaining: Duration::from_millis(left.saturating_sub(margin(left))),
                increment: Duration::ZERO,
                moves_to_go: Some(40u32.saturating_sub(stones / 2).max(12)),
            }
        });
        Limits {
            time: Some(Duration::from_millis(
                turn.saturating_sub(margin(turn)).max(1),
            )),
            clock,
            nodes: self.node_limit,
            ..Limits::default()
        }
    }

    /// The hard time limit of the next move ([`Budget::maximum`] of
    /// [`Brain::move_limits`]): the search never goes past it by more than one clock poll.
    pub fn move_budget(&self) -> Duration {
        Budget::new(&self.move_limits())
            .maximum()
            .unwrap_or(Duration::ZERO)
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

    /// Searches the current position on a search thread while this thread keeps the
    /// move's hard limit ([`Brain::move_budget`], counted from the command's arrival):
    /// the search's own answer when it comes in time, else the best move of its last
    /// finished iteration (or, before the first, the top-ranked candidate) — the search is
    /// told to stop and is joined at the next command. So a search thread that waits for a
    /// CPU on a loaded machine does not make the answer late: this thread sleeps until the
    /// deadline, and a sleeping thread is woken on time. `Err` holds the `ERROR` text when
    /// there is no game, it is over, or no move is left.
    fn search(&mut self) -> Result<Cell, String> {
        let received = Instant::now();
        let mut limits = self.move_limits();
        let hard = Budget::new(&limits).maximum();
        let Some(board) = self.board.as_ref() else {
            return Err("ERROR no game started (send START first)".into());
        };
        if board.outcome().is_some() {
            return Err("ERROR the game is over".into());
        }
        let mut top = Vec::new();
        Engine::candidate_moves(board, 1, &mut top);
        let fallback = top.first().map(|&(_, c)| c);
        let position = board.clone();
        self.ensure_engine();
        let mut engine = self.engine.take().expect("engine allocated");
        let stop = StopFlag::new();
        limits.stop = Some(stop.clone());
        let best = Arc::new(Mutex::new(None::<Cell>));
        let seen = Arc::clone(&best);
        let (tx, rx) = mpsc::channel();
        #[cfg(test)]
        let gate = self.gate.take();
        let search = move || {
            #[cfg(test)]
            if let Some(gate) = gate {
                let _ = gate.recv_timeout(Duration::from_secs(60));
            }
            let info = engine.search_observed(&position, &limits, &mut |r| {
                if let Some(&c) = r.pv.first() {
                    *seen.lock().unwrap_or_else(|e| e.into_inner()) = Some(c);
                }
            });
            let _ = tx.send(info.best);
            engine
        };
        let handle = match thread::Builder::new().name("search".into()).spawn(search) {
            Ok(h) => h,
            Err(e) => return Err(format!("ERROR cannot start the search thread: {e}")),
        };
        let answer = match hard {
            Some(h) => rx.recv_timeout(h.saturating_sub(received.elapsed())),
            None => rx.recv().map_err(|_| RecvTimeoutError::Disconnected),
        };
        match answer {
            Ok(found) => {
                self.pending = Some(handle);
                self.finish_search();
                found.ok_or_else(|| "ERROR no legal move".to_string())
            }
            Err(RecvTimeoutError::Timeout) => {
                stop.stop();
                let last = *best.lock().unwrap_or_else(|e| e.into_inner());
                let chosen = last.or(fallback);
                // Without any move to give (no candidate: renju black facing a four it
                // may not block), wait for the stopped search's own answer.
                let late = chosen.is_none().then(|| rx.recv().ok().flatten()).flatten();
                self.pending = Some(handle);
                chosen
                    .or(late)
                    .ok_or_else(|| "ERROR no legal move".to_string())
            }
            Err(RecvTimeoutError::Disconnected) => {
                // The search thread panicked: its engine is gone; the next move gets a
                // new one.
                self.pending = Some(handle);
                self.finish_search();
                fallback.ok_or_else(|| "ERROR no legal move".to_string())
            }
        }
    }

    /// Waits for a search thread that the deadline answered for (it was told to stop)
    /// and takes its engine back; a thread that panicked leaves no engine, and the next
    /// search allocates one.
    fn finish_search(&mut self) {
        if let Some(handle) = self.pending.take()
            && let Ok(engine) = handle.join()
        {
            self.engine = Some(engine);
        }
    }

    fn think(&mut self) -> String {
        match self.search() {
            Ok(c) => {
                if let Some(board) = self.board.as_mut() {
                    board.play(c);
                }
                c.to_xy()
            }
            Err(e) => e,
        }
    }

    /// Handles one line from the manager, writing the answer (if any) to `out` and
    /// flushing it. Returns `false` after `END` (also inside an open block).
    ///
    /// # Errors
    /// Only errors of `out`.
    pub fn handle_line(&mut self, line: &str, out: &mut impl Write) -> io::Result<bool> {
        self.finish_search();
        let line = line.trim();
        if line.is_empty() {
            return Ok(true);
        }
        let (cmd, arg) = match line.split_once(char::is_whitespace) {
            Some((c, a)) => (c, a.trim()),
            None => (line, ""),
        };
        let cmd = cmd.to_ascii_uppercase();
        if cmd == "END" {
            return Ok(false);
        }
        if let Some(block) = self.block.as_mut() {
            if cmd == "DONE" {
                let block = self.block.take().expect("a block is open");
                let reply = match block.kind {
                    BlockKind::Swap2 => match block.error {
                        Some(e) => format!("ERROR bad board line {e}"),
                        None => self.swap2(&block.stones),
                    },
                    BlockKind::Board => self.board_block(block),
                };
                return answer(out, &reply).map(|_| true);
            }
            let (parsed, expected) = match block.kind {
                BlockKind::Board => (parse_stone_line(line), "x,y,1|2|3"),
                // Swap2 stones come in playing order, black first, as `x,y`.
                BlockKind::Swap2 => (Cell::parse_xy(line).ok().map(|c| (c, 0)), "x,y"),
            };
            match parsed {
                Some(stone) => block.stones.push(stone),
                None => {
                    block.bad += 1;
                    if block.error.is_none() {
                        block.error = Some(format!("{} (expected {expected})", echo(line)));
                    }
                }
            }
            return Ok(true);
        }
        let reply: Option<String> = match cmd.as_str() {
            "START" => Some(self.start(arg)),
            "RECTSTART" => Some(match arg.split_once(',') {
                // A square board sent as a rectangle is an ordinary START.
                Some((w, h)) if w.trim() == h.trim() => self.start(w.trim()),
                _ => "ERROR rectangular boards are not supported (square ones: START n)".into(),
            }),
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
            "BOARD" | "SWAP2BOARD" => {
                // The block is collected even without a game, so that its lines are not
                // taken as commands; the answer comes once, at DONE.
                self.block = Some(Block {
                    kind: if cmd == "BOARD" {
                        BlockKind::Board
                    } else {
                        BlockKind::Swap2
                    },
                    stones: Vec::new(),
                    error: None,
                    bad: 0,
                });
                None
            }
            "TAKEBACK" => Some(self.takeback(arg)),
            "INFO" => self.info(arg),
            "ABOUT" => Some(ABOUT.into()),
            _ => Some(format!("UNKNOWN command {}", echo(&cmd))),
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
            Err(e) => return bad_cell(&e, board.size()),
        };
        if let Err(e) = board.try_play(cell) {
            return refused(&e);
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
            Err(e) => bad_cell(&e, board.size()),
        }
    }

    /// `INFO key value`: no answer, except a `MESSAGE` for a rule we cannot play or a
    /// time or memory value that is not a number (the setting in force is kept).
    fn info(&mut self, arg: &str) -> Option<String> {
        let (key, value) = match arg.split_once(char::is_whitespace) {
            Some((k, v)) => (k.to_ascii_lowercase(), v.trim()),
            None => (arg.to_ascii_lowercase(), ""),
        };
        let num = value.parse::<u64>().ok();
        let numeric = ["timeout_turn", "timeout_match", "max_memory", "time_left"];
        let valid = if key == "time_left" {
            value.parse::<i64>().is_ok()
        } else {
            num.is_some()
        };
        if numeric.contains(&key.as_str()) && !valid {
            // The setting in force is kept, and the manager is told why.
            let expected = if key == "time_left" {
                "a whole number of milliseconds"
            } else {
                "a whole number, 0 or more"
            };
            return Some(format!(
                "MESSAGE INFO {key} {}: expected {expected}; ignored",
                echo(value)
            ));
        }
        match key.as_str() {
            "timeout_turn" => self.timeout_turn = num.unwrap_or(self.timeout_turn),
            "timeout_match" => self.timeout_match = num.unwrap_or(self.timeout_match),
            // Signed: managers send a negative clock once a player is over its time.
            "time_left" => self.time_left = value.parse::<i64>().ok().or(self.time_left),
            "max_memory" => {
                self.max_memory = num.unwrap_or(self.max_memory);
                if self.board.is_some() {
                    self.ensure_engine();
                }
            }
            "rule" => {
                let Some(rule) = num
                    .and_then(|v| u32::try_from(v).ok())
                    .and_then(Rule::from_gomocup)
                else {
                    return Some(format!(
                        "MESSAGE rule {value:?} is not supported (0 freestyle, 1 exactly five, 4 renju); still playing {} (rule {})",
                        self.rule,
                        self.rule.gomocup()
                    ));
                };
                if rule != self.rule {
                    self.rule = rule;
                    if let Some(b) = self.board.as_ref() {
                        let mut nb = Board::with_size(b.size() as u32, rule).expect("same size");
                        let mut replayed = true;
                        for &c in b.moves() {
                            if nb.try_play(c).is_err() {
                                replayed = false;
                                break;
                            }
                        }
                        if !replayed {
                            // A stone the new rule refuses in this order (a renju forbidden
                            // point, or a five that no longer ends the game): the same
                            // stones as a setup, the same side to move.
                            nb = Board::with_size(b.size() as u32, rule).expect("same size");
                            for (k, &c) in b.moves().iter().enumerate() {
                                let side = if k % 2 == 0 {
                                    Side::First
                                } else {
                                    Side::Second
                                };
                                if nb.place(c, side).is_err() {
                                    break;
                                }
                            }
                            nb.set_side_to_move(b.side_to_move());
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
        None
    }

    /// The answer to a finished `BOARD` block: stones off this game's board are bad
    /// lines too; the good lines still make the position ([`Brain::set_board`]), and the
    /// skipped ones are counted in a `MESSAGE` line before the move.
    fn board_block(&mut self, mut block: Block) -> String {
        let size = self.board.as_ref().map_or(0, Board::size);
        let (on, off): (Vec<_>, Vec<_>) = std::mem::take(&mut block.stones)
            .into_iter()
            .partition(|(c, _)| c.x < size && c.y < size);
        if let Some((c, field)) = off.first() {
            block.bad += off.len();
            block.error.get_or_insert_with(|| {
                let xy = c.to_xy();
                format!("\"{xy},{field}\" (cell {xy} is off the {size}x{size} board)")
            });
        }
        let reply = self.set_board(&on, true);
        match block.error {
            Some(e) if self.board.is_some() => format!(
                "MESSAGE skipped {} bad board line{}, among them {e}\n{reply}",
                block.bad,
                if block.bad == 1 { "" } else { "s" }
            ),
            _ => reply,
        }
    }

    /// Sets up the position of a `BOARD`/`SWAP2BOARD` block: our stones (`1`) and the
    /// opponent's (`2`) by alternate play when the counts allow it (black is whoever has
    /// one stone more or, on equal counts, us), else as setup stones with us to move;
    /// then the blocking stones (`3`). With `think`, answers our move.
    fn set_board(&mut self, stones: &[(Cell, u8)], think: bool) -> String {
        let Some(old) = self.board.as_ref() else {
            return "ERROR no game started (send START first)".into();
        };
        let size = old.size() as u32;
        let own: Vec<Cell> = stones.iter().filter(|s| s.1 == 1).map(|s| s.0).collect();
        let opp: Vec<Cell> = stones.iter().filter(|s| s.1 == 2).map(|s| s.0).collect();
        let blockers: Vec<Cell> = stones.iter().filter(|s| s.1 == 3).map(|s| s.0).collect();
        let mut b = Board::with_size(size, self.rule).expect("size was accepted at START");
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
                    return refused(&e);
                }
            }
            for &c in &opp {
                if let Err(e) = b.place(c, !us) {
                    return refused(&e);
                }
            }
            b.set_side_to_move(us);
        }
        for &c in &blockers {
            if let Err(e) = b.place_blocker(c) {
                return refused(&e);
            }
        }
        self.board = Some(b);
        if think { self.think() } else { String::new() }
    }

    /// The Swap2 opening, as the Gomocup managers send it (`SWAP2BOARD`, the stones so far
    /// as `x,y` lines in playing order, black first, `DONE`; the experimental
    /// tournament's protocol, gomocup.org 2020/2021):
    ///
    /// - **no stone**: we open, answering three stones `x,y x,y x,y` (black, white,
    ///   black): the centre, a diagonal neighbour, and the third stone of the central
    ///   5×5 that our search rates closest to even;
    /// - **three stones** (white to move): `SWAP` (we take black) when the search rates
    ///   the position worse than [`SWAP2_BALANCE`] for white, our 4th stone `x,y` (we stay
    ///   white) when better than it, else two more stones `x,y x,y` (white's best 4th
    ///   stone and the black 5th stone that leaves the position closest to even), after
    ///   which the opponent chooses the colour;
    /// - **five stones** (white to move): `SWAP` when the position is worse than even
    ///   for white, else our 6th stone as white.
    ///
    /// Any other count is answered with `ERROR`. The thinking time of the whole answer
    /// is one move's ([`Brain::move_limits`]), shared among the positions it compares,
    /// and its hard limit holds for the whole answer: when a search comes back late (a
    /// search thread that waited for a CPU), the comparisons left are skipped and the
    /// best choice so far is answered.
    fn swap2(&mut self, stones: &[(Cell, u8)]) -> String {
        let received = Instant::now();
        let Some(size) = self.board.as_ref().map(|b| b.size() as u32) else {
            return "ERROR no game started (send START first)".into();
        };
        let mut b = Board::with_size(size, self.rule).expect("size was accepted at START");
        for &(c, _) in stones {
            if let Err(e) = b.try_play(c) {
                return refused(&e);
            }
        }
        if b.outcome().is_some() {
            return "ERROR the game is over".into();
        }
        self.ensure_engine();
        let hard = Budget::new(&self.move_limits()).maximum();
        let deadline = hard.map(|h| received + h);
        let reply = match stones.len() {
            0 => self.swap2_open(&mut b, deadline),
            3 => self.swap2_choose(&mut b, true, deadline),
            5 => self.swap2_choose(&mut b, false, deadline),
            n => format!("ERROR SWAP2BOARD takes 0, 3 or 5 stones, got {n}"),
        };
        self.board = Some(b);
        reply
    }

    /// The limits of one of `parts` searches sharing the time (and nodes) of one move,
    /// never past `deadline` (the move's hard limit; at least 1 ms).
    fn part_limits(&self, parts: u32, deadline: Option<Instant>) -> Limits {
        let whole = self.move_limits();
        let budget = Budget::new(&whole).maximum().unwrap_or(Duration::ZERO);
        let mut part = budget / parts.max(1);
        if let Some(d) = deadline {
            part = part.min(d.saturating_duration_since(Instant::now()));
        }
        Limits {
            time: Some(part.max(Duration::from_millis(1))),
            clock: None,
            nodes: whole.nodes.map(|n| (n / u64::from(parts.max(1))).max(1)),
            ..Limits::default()
        }
    }

    /// The engine's best move and score for the side to move of `board`.
    fn evaluate_position(&mut self, board: &Board, limits: &Limits) -> (Option<Cell>, Score) {
        let engine = self.engine.as_mut().expect("engine allocated");
        let info = engine.search(board, limits);
        (info.best, info.score)
    }

    /// Among `candidates` for the next stone of `board`, the one after which the search
    /// rates the position closest to even (ties: the first); once `deadline` has passed
    /// the candidates left are not searched (the first legal one stands in when none
    /// was).
    fn most_balanced(
        &mut self,
        board: &mut Board,
        candidates: &[Cell],
        parts: u32,
        deadline: Option<Instant>,
    ) -> Option<Cell> {
        let mut best: Option<(i32, Cell)> = None;
        for &c in candidates {
            let late = deadline.is_some_and(|d| Instant::now() >= d);
            if late && best.is_some() {
                break;
            }
            if board.try_play(c).is_err() {
                continue;
            }
            if late {
                board.try_undo();
                return Some(c);
            }
            let limits = self.part_limits(parts, deadline);
            let (_, score) = if board.outcome().is_some() {
                (None, Score::INFINITE)
            } else {
                self.evaluate_position(board, &limits)
            };
            board.try_undo();
            let off = score.0.saturating_abs();
            if best.is_none_or(|(o, _)| off < o) {
                best = Some((off, c));
            }
        }
        best.map(|(_, c)| c)
    }

    /// Swap2 with no stone: centre, its diagonal neighbour, and the most balanced third
    /// black stone of the central 5×5.
    fn swap2_open(&mut self, b: &mut Board, deadline: Option<Instant>) -> String {
        let n = b.size() as i32;
        let c = n / 2;
        let at = |x: i32, y: i32| Cell::new(x.clamp(0, n - 1) as u8, y.clamp(0, n - 1) as u8);
        let (first, second) = (at(c, c), at(c + 1, c - 1));
        b.play(first);
        b.play(second);
        let mut candidates = Vec::new();
        for dy in -2..=2 {
            for dx in -2..=2 {
                let cell = at(c + dx, c + dy);
                if b.is_legal(cell) && !candidates.contains(&cell) {
                    candidates.push(cell);
                }
            }
        }
        let parts = candidates.len() as u32 + 2;
        let third = self
            .most_balanced(b, &candidates, parts, deadline)
            .unwrap_or(at(c - 3, c + 1));
        b.play(third);
        format!("{} {} {}", first.to_xy(), second.to_xy(), third.to_xy())
    }

    /// Swap2 after three stones (`may_add`: the two-stone option exists) or five.
    fn swap2_choose(&mut self, b: &mut Board, may_add: bool, deadline: Option<Instant>) -> String {
        // Three stones: half of the time for the first look, then up to ten twentieths
        // for the balancing 5th stone. Five stones: all of it.
        let (first, parts) = if may_add { (2, 20) } else { (1, 1) };
        let (best, score) = self.evaluate_position(b, &self.part_limits(first, deadline));
        let Some(best) = best else {
            return "ERROR no legal move".into();
        };
        let margin = if may_add { SWAP2_BALANCE } else { 0 };
        if score.0 < -margin {
            return "SWAP".into();
        }
        if score.0 > margin || !may_add {
            b.play(best);
            return best.to_xy();
        }
        // Near even: our 4th stone (white's best) and the 5th (black) that keeps it even.
        b.play(best);
        let mut ordered = Vec::new();
        Engine::candidate_moves(b, 10, &mut ordered);
        let candidates: Vec<Cell> = ordered.into_iter().map(|m| m.1).collect();
        let Some(fifth) = self.most_balanced(b, &candidates, parts, deadline) else {
            return best.to_xy();
        };
        b.play(fifth);
        format!("{} {}", best.to_xy(), fifth.to_xy())
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

    /// [`Brain::run`] on this process's standard input and output, as a Gomocup manager
    /// runs a brain.
    ///
    /// # Errors
    /// Reading standard input or writing standard output failed.
    pub fn run_stdio(&mut self) -> io::Result<()> {
        self.run(io::stdin().lock(), &mut io::stdout().lock())
    }
}

/// One stone line of a block: `x,y,field` with field 1, 2 or 3.
fn parse_stone_line(line: &str) -> Option<(Cell, u8)> {
    let (xy, field) = line.rsplit_once(',')?;
    let field = field
        .trim()
        .parse::<u8>()
        .ok()
        .filter(|f| (1..=3).contains(f))?;
    Some((Cell::parse_xy(xy).ok()?, field))
}

fn answer(out: &mut impl Write, text: &str) -> io::Result<()> {
    writeln!(out, "{text}")?;
    out.flush()
}

/// A cell that did not parse as an `ERROR` line: a coordinate beyond the largest board is
/// named as off this game's board (`size` × `size`), the size the manager chose.
fn bad_cell(e: &CellError, size: u8) -> String {
    match e {
        CellError::OutOfRange(text) => format!("ERROR cell {text} is off the {size}x{size} board"),
        e => format!("ERROR {e}"),
    }
}

/// Longest part of an unknown command echoed back, in characters.
const ECHO_CHARS: usize = 40;

/// An unknown command as quoted in the `UNKNOWN` answer: at most [`ECHO_CHARS`]
/// characters (then `…` and the length), so that a garbage line of megabytes is not sent
/// back whole.
fn echo(cmd: &str) -> String {
    match zerosum::text::head(cmd, ECHO_CHARS) {
        None => format!("{cmd:?}"),
        Some(head) => format!("{head:?}… ({} characters)", cmd.chars().count()),
    }
}

/// A refused move as an `ERROR` line in the protocol's own words: cells as `x,y`.
fn refused(e: &PlayError) -> String {
    match e {
        PlayError::OffBoard { cell, size } => {
            format!("ERROR cell {} is off the {size}x{size} board", cell.to_xy())
        }
        PlayError::Occupied(c) => format!("ERROR cell {} is occupied", c.to_xy()),
        PlayError::Forbidden(c) => {
            format!(
                "ERROR cell {} is forbidden for black under renju",
                c.to_xy()
            )
        }
        other => format!("ERROR {other}"),
    }
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
            "START 15\nTURN 99,99\nTAKEBACK 30,2\n",
        );
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[1], "ERROR cell 99,99 is off the 15x15 board", "{out}");
        assert_eq!(lines[2], "ERROR cell 30,2 is off the 15x15 board", "{out}");
    }

    #[test]
    fn the_deadline_answers_for_a_search_thread_that_gets_no_cpu() {
        let mut b = Brain::new();
        let (release, gate) = mpsc::channel();
        b.gate = Some(gate);
        let out = talk(&mut b, "START 15\nINFO timeout_turn 50\nTURN 7,7\n");
        let reply = out.lines().nth(1).unwrap_or_default();
        let ours = Cell::parse_xy(reply).expect("a move, not an error");
        assert_ne!(ours, Cell::new(7, 7), "{out}");
        assert_eq!(b.board().map(Board::stone_count), Some(2), "{out}");
        // The search thread still waits at its gate (it gives up after 60 s): the answer
        // came from the deadline, not from the search.
        assert!(
            release.send(()).is_ok(),
            "the answer waited for the stalled search"
        );
        // The next command takes the engine back from the stopped search and plays on.
        let out = talk(&mut b, "TURN 6,6\n");
        assert!(Cell::parse_xy(out.trim()).is_ok(), "{out}");
        assert_eq!(b.board().map(Board::stone_count), Some(4), "{out}");
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
    }

    #[test]
    fn an_unknown_command_is_echoed_short() {
        let long = format!("FOO{}", "x".repeat(100_000));
        let out = talk(&mut Brain::new(), &format!("{long}\nBAR\n"));
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(
            lines[0],
            format!(
                "UNKNOWN command \"FOO{}\"… (100003 characters)",
                "X".repeat(37)
            )
        );
        assert_eq!(lines[1], "UNKNOWN command \"BAR\"");
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
        assert_eq!(ms(&b), 93);
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
        for value in ["5", "2", "3", "8", "-1", "x", "4294967297"] {
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
            ("START 15\nINFO rule 4\nINFO rule 1\nBEGIN", &[Ok, Move]),
            (
                "START 15\nINFO rule 5\nINFO rule 9\nINFO rule 2",
                &[Ok, Message, Message, Message],
            ),
            ("START 15\nBOARD\n7,7,1\n8,8,2\nDONE", &[Ok, Move]),
            ("START 15\nBOARD\n7,7,3\nDONE", &[Ok, Move]),
            // Bad lines are skipped and reported; the good ones still make the position.
            (
                "START 15\nBOARD\n7,7,4\nx\n1,1,1\nDONE\nABOUT",
                &[Ok, Message, Move, About],
            ),
            (
                "START 15\nBOARD\n1,1,1\n15,3,2\nDONE\nABOUT",
                &[Ok, Message, Move, About],
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
            (
                "START 15\nTAKEBACK 7,7\nTURN 7,7\nTAKEBACK 7,7",
                &[Ok, Error, Move, Error],
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
}
