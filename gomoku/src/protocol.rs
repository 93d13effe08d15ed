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
//! `game_type`, `folder` are read, unknown keys ignored; `rule` is the protocol's bit
//! mask: 0, 1 and 4 are played, each also with the continuous-game bit 2 (answered with
//! a `MESSAGE` saying so); a `rule` we cannot play (caro, 5, …) is answered with a
//! `MESSAGE` line and the rule in force is kept), `ABOUT`, `END`.
//! Unknown commands get `UNKNOWN …`, bad arguments `ERROR …`; a block (`BOARD`,
//! `SWAP2BOARD`) is answered once, at its `DONE`, however many of its lines are bad (a
//! `BOARD`'s bad lines, and its stones off the board, are skipped and counted in a
//! `MESSAGE` before the move, quoting the first: the good lines still make the position;
//! a cell given twice makes the position ambiguous, and the block is refused with
//! `ERROR`; a `SWAP2BOARD` with a bad line is refused, since its stones count in order); `END`
//! ends the conversation at once, even inside a block; nothing the manager sends can make
//! it panic. With [`Brain::run_listening`] (standard input and output on Linux) an `END`
//! that arrives during a move's search, or the output's closing, stops the search.
//!
//! Time: each move gets at most `timeout_turn` minus a safety margin, and at most a
//! share of `time_left` whenever the match clock is sent, counted from the command's
//! arrival, less a reserve for the scheduling waits the brain cannot see (the manager's
//! line waiting for this process to be woken, the answer waiting for the manager):
//! three times the watchdog's recent lateness, at least 8 % and at most 18 % of the limit. The search
//! checks the clock at every node (the core time control's budget and stop flag; the
//! VCF and VCT searches poll it too). It runs on the thread that read the command and
//! writes its own answer, so no thread is woken between reading `TURN` and writing the
//! move (on a busy machine each wake-up waits for a CPU). A watchdog thread sleeps
//! until the move's deadline: if the search has not answered by then (its thread
//! waiting for a CPU), the watchdog writes the best move of the last finished iteration
//! and stops the search. The engine and its tables are allocated at `START` (within
//! `max_memory`), never on a move. Reference: the protocol description at
//! gomocup.org ("new protocol", Petr Lastovicka) and its Swap2 extension.

use crate::board::{Board, PlayError};
use crate::cell::{Cell, CellError};
use crate::engine::Engine;
use crate::eval::EvalTable;
use crate::rule::Rule;
use std::io::{self, BufRead, Write};
use std::sync::{Condvar, Mutex, MutexGuard};
use std::thread;
use std::time::{Duration, Instant};
use zerosum::search::{Limits, StopFlag};
use zerosum::time::{Budget, GameClock};
use zerosum::{Game, Score, Side};

#[cfg(target_os = "linux")]
mod listen;
#[cfg(target_os = "linux")]
use listen::{Interrupt, Listener};

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

/// Settings a brain applies to each engine it makes.
type EngineSetup = Box<dyn Fn(&mut Engine) + Send + Sync>;

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
    /// The evaluation table of the engine (the default table when `None`).
    eval: Option<EvalTable>,
    /// Settings applied to every engine the brain makes ([`Brain::with_engine_setup`]).
    setup: Option<EngineSetup>,
    tt_mib: usize,
    /// When the command being handled was read.
    arrived: Instant,
    /// See [`Brain::lateness`].
    lateness: Duration,
    /// Stops the searches of the Swap2 answer being computed (raised by the listener of
    /// [`Brain::run_listening`]).
    swap2_stop: Option<StopFlag>,
    /// Tests: each search waits until the watchdog has answered for it, as a thread
    /// waiting for a CPU would ([`Brain::held`]).
    #[cfg(test)]
    hold_search: bool,
    /// Tests: whether the last held search was released by the watchdog's answer.
    #[cfg(test)]
    held: Option<bool>,
    /// Tests: told when each search starts (after the listener was told).
    #[cfg(test)]
    on_search: Option<std::sync::mpsc::Sender<()>>,
    /// Tests: what stopped the last search, if the listener did.
    #[cfg(all(test, target_os = "linux"))]
    interrupted: Option<Interrupt>,
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
            eval: None,
            setup: None,
            tt_mib: 0,
            arrived: Instant::now(),
            lateness: INITIAL_LATENESS,
            swap2_stop: None,
            #[cfg(test)]
            hold_search: false,
            #[cfg(test)]
            held: None,
            #[cfg(test)]
            on_search: None,
            #[cfg(all(test, target_os = "linux"))]
            interrupted: None,
        }
    }

    /// Also stops every search after `nodes` nodes (reproducible play in tests).
    pub fn with_node_limit(mut self, nodes: u64) -> Brain {
        self.node_limit = Some(nodes);
        self
    }

    /// Evaluates with `table` instead of [`EvalTable::DEFAULT`] (for matches of
    /// alternative weights, e.g. the match-tuning job `cargo xtask tune-gomoku`).
    pub fn with_eval(mut self, table: EvalTable) -> Brain {
        self.eval = Some(table);
        self
    }

    /// Applies `setup` to every engine the brain makes, after its own settings (for
    /// matches of engine variants, e.g. `quirky-pbrain --quick-wins`).
    pub fn with_engine_setup(
        mut self,
        setup: impl Fn(&mut Engine) + Send + Sync + 'static,
    ) -> Brain {
        self.setup = Some(Box::new(setup));
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
            let mut engine = Engine::new(mib);
            // The watchdog answers for a search that is late: it keeps no reserve of its own.
            engine.lag_reserve = false;
            if let Some(table) = self.eval {
                engine.eval = table;
            }
            if let Some(setup) = &self.setup {
                setup(&mut engine);
            }
            self.engine = Some(engine);
            self.tt_mib = mib;
        }
    }

    /// The reserve kept before the move's hard limit ([`Brain::move_budget`]) for the
    /// waits the brain cannot see: the manager's line waiting for this process to be
    /// woken before it is read, and the answer waiting for the manager to be woken. A
    /// sleeping thread woken on a busy machine waits about as long as the watchdog waits
    /// past its own deadlines, so the reserve is [`WAIT_RESERVE_FACTOR`] times the
    /// watchdog's recent lateness ([`Brain::lateness`]), at least [`MIN_WAIT_SHARE`] of
    /// `hard` (waits the watchdog has not seen: the manager's own) and at most
    /// [`MAX_WAIT_SHARE`].
    pub fn wait_reserve(&self, hard: Duration) -> Duration {
        (self.lateness * WAIT_RESERVE_FACTOR)
            .max(hard.mul_f64(MIN_WAIT_SHARE))
            .min(hard.mul_f64(MAX_WAIT_SHARE))
    }

    /// When the move must be answered, from the command's arrival: the hard limit
    /// ([`Brain::move_budget`]) less [`Brain::wait_reserve`]. The watchdog answers then
    /// if the search has not.
    pub fn deadline(&self) -> Duration {
        let hard = self.move_budget();
        hard.saturating_sub(self.wait_reserve(hard))
    }

    /// The limits of a search that starts `since_arrival` after its command arrived:
    /// [`Brain::move_limits`] with the time cut to what is left of [`Brain::deadline`]
    /// (at least 1 ms).
    pub fn search_limits(&self, since_arrival: Duration) -> Limits {
        let mut limits = self.move_limits();
        limits.time = Some(
            self.deadline()
                .saturating_sub(since_arrival)
                .max(Duration::from_millis(1)),
        );
        limits
    }

    /// The watchdog's recent lateness: how long past its deadlines it was woken (the
    /// scheduling delay of a sleeping thread here), the longest of the last moves,
    /// decaying by an eighth a move.
    pub fn lateness(&self) -> Duration {
        self.lateness
    }

    /// Searches the current position and writes the move, on this thread — the one that
    /// read the command, so that no other thread must be woken (each wake-up waits for a
    /// CPU on a busy machine) before the search starts or before its answer is written.
    /// The search's time counts from the command's arrival ([`Brain::move_budget`] less
    /// [`Brain::wait_reserve`]). Meanwhile the watchdog thread sleeps until that
    /// deadline: if the search has not answered by then (this thread waiting for a CPU),
    /// the watchdog writes the best move of the last finished iteration (or, before the
    /// first, the top-ranked candidate) and stops the search, whose own answer is then
    /// dropped. Writes `ERROR` when there is no game, it is over, or no move is left.
    /// A search starts (a move's, or a Swap2 answer's): the listener, if any, may stop it
    /// with `stop`; tests are told.
    fn watch_search<W: Write>(&self, link: &Link<'_, W>, stop: &StopFlag) {
        link.search_started(stop);
        #[cfg(test)]
        if let Some(tell) = &self.on_search {
            let _ = tell.send(());
        }
    }

    /// The search of [`Brain::watch_search`] ended; tests keep what stopped it.
    fn search_done<W: Write>(&mut self, link: &Link<'_, W>) {
        let _interrupted = link.search_ended();
        #[cfg(all(test, target_os = "linux"))]
        {
            self.interrupted = _interrupted;
        }
    }

    fn think<W: Write>(&mut self, link: &Link<'_, W>) -> io::Result<()> {
        let arrived = self.arrived;
        let Some(board) = self.board.as_ref() else {
            return link.write("ERROR no game started (send START first)");
        };
        if board.outcome().is_some() {
            return link.write("ERROR the game is over");
        }
        let mut top = Vec::new();
        Engine::candidate_moves(board, 1, &mut top);
        let fallback = top.first().map(|&(_, c)| c);
        let position = board.clone();
        self.ensure_engine();
        // The watchdog may have measured a lateness since the last move was answered (it
        // still wakes at that move's deadline): the reserve of this move counts it.
        self.lateness = link.lateness();
        let deadline = self.deadline();
        let stop = StopFlag::new();
        link.arm(Guard {
            deadline: arrived + deadline,
            best: fallback,
            answer: None,
            expired: false,
            stop: stop.clone(),
        });
        #[cfg(test)]
        if self.hold_search {
            self.held = Some(link.wait_answered(Duration::from_secs(60)));
        }
        let mut limits = self.search_limits(arrived.elapsed());
        self.watch_search(link, &stop);
        limits.stop = Some(stop);
        trace("search", "");
        let engine = self.engine.as_mut().expect("engine allocated");
        let info = engine.search_observed(&position, &limits, &mut |r| {
            if let Some(&c) = r.pv.first() {
                link.improve(c);
            }
        });
        self.search_done(link);
        trace("stop", "");
        let answered = link.settle(info.best)?;
        trace("written", "");
        self.lateness = link.lateness();
        match answered {
            Some(c) => {
                if let Some(board) = self.board.as_mut() {
                    board.play(c);
                }
                Ok(())
            }
            None => link.write("ERROR no legal move"),
        }
    }

    /// Handles one line from the manager, writing the answer (if any) to `out` and
    /// flushing it. Returns `false` after `END` (also inside an open block). The line
    /// counts as arrived now; a move is watched by a watchdog thread of this call.
    ///
    /// # Errors
    /// Only errors of `out`.
    pub fn handle_line(&mut self, line: &str, out: &mut (impl Write + Send)) -> io::Result<bool> {
        let mut going = true;
        self.converse(
            std::iter::once(Ok(line.as_bytes().to_vec())),
            out,
            &mut going,
            None,
        )?;
        Ok(going)
    }

    /// Runs the conversation over `lines` with one watchdog thread, until `END` (then
    /// `going` is set to false) or the end of `lines`; `listener` (if any) is told when
    /// each move's search starts and ends.
    fn converse<W: Write + Send>(
        &mut self,
        lines: impl Iterator<Item = io::Result<Vec<u8>>>,
        out: &mut W,
        going: &mut bool,
        listener: Option<&ListenerRef<'_>>,
    ) -> io::Result<()> {
        let link = Link::new(out, self.lateness, listener);
        thread::scope(|s| {
            // Without a watchdog (no thread could be started) the search answers alone.
            let _ = thread::Builder::new()
                .name("watchdog".into())
                .spawn_scoped(s, || watchdog(&link));
            // The watchdog quits when the conversation ends, also by a panic in a
            // command (the scope waits for it: before, the brain hung).
            let _quit = OnDrop(|| link.quit());
            let mut result = Ok(());
            for line in lines {
                self.arrived = Instant::now();
                let line = match line {
                    Ok(l) => l,
                    Err(e) => {
                        result = Err(e);
                        break;
                    }
                };
                let text = String::from_utf8_lossy(&line);
                trace("read", text.trim());
                match self.handle(&text, &link) {
                    Ok(true) => {}
                    Ok(false) => {
                        *going = false;
                        break;
                    }
                    Err(e) => {
                        result = Err(e);
                        break;
                    }
                }
            }
            result
        })
    }

    /// One command (see [`Brain::handle_line`]).
    fn handle<W: Write>(&mut self, line: &str, link: &Link<'_, W>) -> io::Result<bool> {
        let line = line.trim();
        if line.is_empty() {
            return Ok(true);
        }
        let (cmd, arg) = match line.split_once(char::is_whitespace) {
            Some((c, a)) => (c, a.trim()),
            None => (line, ""),
        };
        // The command as sent, for an UNKNOWN answer's echo.
        let sent = cmd;
        let cmd = cmd.to_ascii_uppercase();
        if cmd == "END" {
            return Ok(false);
        }
        if let Some(block) = self.block.as_mut() {
            if cmd == "DONE" {
                let block = self.block.take().expect("a block is open");
                match block.kind {
                    BlockKind::Swap2 => {
                        let reply = match block.error {
                            Some(e) => format!("ERROR bad board line {e}"),
                            None => {
                                // As for a move: the reserve counts the latest lateness.
                                self.lateness = link.lateness();
                                // Its searches stop as a move's does (`run_listening`).
                                let stop = StopFlag::new();
                                self.watch_search(link, &stop);
                                self.swap2_stop = Some(stop);
                                let reply = self.swap2(&block.stones);
                                self.swap2_stop = None;
                                self.search_done(link);
                                reply
                            }
                        };
                        link.write(&reply)?;
                    }
                    BlockKind::Board => self.board_block(block, link)?,
                }
                return Ok(true);
            }
            let size = self.board.as_ref().map(Board::size);
            let parsed = match block.kind {
                // Stones off this game's board are bad lines too, counted where they come.
                BlockKind::Board => match parse_stone_line(line) {
                    Ok((c, _)) if size.is_some_and(|n| c.x >= n || c.y >= n) => {
                        let n = size.unwrap_or_default();
                        Err(format!("cell {} is off the {n}x{n} board", c.to_xy()))
                    }
                    parsed => parsed.map_err(String::from),
                },
                // Swap2 stones come in playing order, black first, as `x,y`.
                BlockKind::Swap2 => match Cell::parse_xy(line) {
                    Ok(c) => Ok((c, 0)),
                    Err(CellError::OutOfRange(_)) => Err("off the board".into()),
                    Err(_) => Err("expected x,y".into()),
                },
            };
            match parsed {
                Ok(stone) => block.stones.push(stone),
                Err(why) => {
                    block.bad += 1;
                    if block.error.is_none() {
                        block.error = Some(format!("{} ({why})", echo(line)));
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
            "BEGIN" => match &self.board {
                Some(b) if b.stone_count() > 0 => {
                    Some("ERROR BEGIN on a board that is not empty".into())
                }
                _ => {
                    self.think(link)?;
                    None
                }
            },
            "TURN" => self.turn(arg, link)?,
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
            _ => Some(format!("UNKNOWN command {}", echo(sent))),
        };
        if let Some(r) = reply {
            link.write(&r)?;
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

    /// `TURN x,y`: the opponent's move, then ours (written by [`Brain::think`]); the
    /// `ERROR` line for a move that cannot be played.
    fn turn<W: Write>(&mut self, arg: &str, link: &Link<'_, W>) -> io::Result<Option<String>> {
        let Some(board) = self.board.as_mut() else {
            return Ok(Some("ERROR no game started (send START first)".into()));
        };
        let cell = match Cell::parse_xy(arg) {
            Ok(c) => c,
            Err(e) => return Ok(Some(bad_cell(&e, board.size()))),
        };
        if let Err(e) = board.try_play(cell) {
            return Ok(Some(refused(&e)));
        }
        self.think(link)?;
        Ok(None)
    }

    fn takeback(&mut self, arg: &str) -> String {
        let Some(board) = self.board.as_mut() else {
            return "ERROR no game started (send START first)".into();
        };
        match Cell::parse_xy(arg) {
            Ok(c) if board.last_move() == Some(c) && board.try_undo() => "OK".into(),
            // Only the stones of a `BOARD` set up as stones (not by alternate play) are
            // left: none of them is a move that can be taken back.
            Ok(c) if board.stone(c).is_some() && !board.clone().try_undo() => format!(
                "ERROR {} is a stone of the BOARD's setup, which cannot be taken back",
                c.to_xy()
            ),
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
            // Digits only, yet not a number: too large for the setting (u64 / i64).
            let digits = value.strip_prefix('-').unwrap_or(value);
            let too_large = !digits.is_empty() && digits.bytes().all(|c| c.is_ascii_digit());
            let expected = match (key == "time_left", too_large) {
                (true, true) => "a whole number of milliseconds that fits in 64 bits",
                (true, false) => "a whole number of milliseconds",
                (false, true) if !value.starts_with('-') => {
                    "a whole number up to 18446744073709551615"
                }
                (false, _) => "a whole number, 0 or more",
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
                let code = num.and_then(|v| u32::try_from(v).ok());
                let Some(rule) = code.and_then(Rule::from_gomocup) else {
                    return Some(format!(
                        "MESSAGE rule {value:?} is not supported (0 freestyle, 1 exactly five, 4 renju, each + 2 in a continuous game); still playing {} (rule {})",
                        self.rule,
                        self.rule.gomocup()
                    ));
                };
                if rule != self.rule {
                    self.rule = rule;
                    if let Some(b) = self.board.as_ref() {
                        self.board = Some(under_rule(b, rule));
                    }
                    if let Some(e) = self.engine.as_mut() {
                        e.clear();
                    }
                }
                if code.is_some_and(Rule::is_continuous_gomocup) {
                    return Some(format!(
                        "MESSAGE rule {value}: a continuous game, each position played by the rule {} (rule {}; a finished line's stones, BOARD field 3, are blockers)",
                        rule,
                        rule.gomocup()
                    ));
                }
            }
            _ => {}
        }
        None
    }

    /// The answer to a finished `BOARD` block: the good lines make the position
    /// ([`Brain::set_board`]), and the skipped ones are counted in a `MESSAGE` line
    /// before the move, quoting the first.
    fn board_block<W: Write>(&mut self, block: Block, link: &Link<'_, W>) -> io::Result<()> {
        if let Some(e) = block.error.as_ref().filter(|_| self.board.is_some()) {
            link.write(&format!(
                "MESSAGE skipped {} bad board line{}, among them {e}",
                block.bad,
                if block.bad == 1 { "" } else { "s" }
            ))?;
        }
        match self.set_board(&block.stones) {
            Some(error) => link.write(&error),
            None => self.think(link),
        }
    }

    /// Sets up the position of a `BOARD`/`SWAP2BOARD` block: our stones (`1`) and the
    /// opponent's (`2`) by alternate play when the counts leave us to move (equal counts:
    /// we are black; the opponent one stone more: it is black), else as setup stones with
    /// us to move (also when we have one stone more: alternate play would leave the
    /// opponent to move, and the search would choose the opponent's move); then the
    /// blocking stones (`3`). The `ERROR` line when the position cannot be set.
    fn set_board(&mut self, stones: &[(Cell, u8)]) -> Option<String> {
        let Some(old) = self.board.as_ref() else {
            return Some("ERROR no game started (send START first)".into());
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
        // Alternate play must end with us to move: equal counts (we are black) or the
        // opponent one stone ahead (it is black). With one stone more of ours it would
        // end with the opponent to move.
        let mut ok = own.len() == opp.len() || opp.len() == own.len() + 1;
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
                    return Some(refused(&e));
                }
            }
            for &c in &opp {
                if let Err(e) = b.place(c, !us) {
                    return Some(refused(&e));
                }
            }
            b.set_side_to_move(us);
        }
        for &c in &blockers {
            if let Err(e) = b.place_blocker(c) {
                return Some(refused(&e));
            }
        }
        self.board = Some(b);
        None
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
    /// Any other count is answered with `ERROR`, and the game so far is kept (as for a
    /// stone that cannot be played, or a finished position). The thinking time of the
    /// whole answer is one move's ([`Brain::move_limits`]), shared among the positions it
    /// compares, and a move's deadline ([`Brain::deadline`]: the hard limit less the wait
    /// reserve) holds for the whole answer: when a search comes back late (a search
    /// thread that waited for a CPU), the comparisons left are skipped and the best
    /// choice so far is answered. No watchdog answers for it: a search that is itself
    /// late past the reserve makes the answer late.
    fn swap2(&mut self, stones: &[(Cell, u8)]) -> String {
        let received = self.arrived;
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
        // A move's deadline: the hard limit less the reserve for the waits the brain
        // cannot see (no watchdog answers for a late Swap2 reply).
        let hard = Budget::new(&self.move_limits()).maximum();
        let deadline = hard.map(|_| received + self.deadline());
        let reply = match stones.len() {
            0 => self.swap2_open(&mut b, deadline),
            3 => self.swap2_choose(&mut b, true, deadline),
            5 => self.swap2_choose(&mut b, false, deadline),
            // The game so far is kept: a refused block changes nothing.
            n => return format!("ERROR SWAP2BOARD takes 0, 3 or 5 stones, got {n}"),
        };
        self.board = Some(b);
        reply
    }

    /// The limits of one of `parts` searches sharing the time (and nodes) of one move,
    /// never past `deadline` (the move's deadline, [`Brain::deadline`]; at least 1 ms).
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
            stop: self.swap2_stop.clone(),
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

    /// Runs the protocol until `END` or the end of `input`. A command sent during a
    /// search is read after it ([`Brain::run_listening`] stops the search on `END`).
    ///
    /// # Errors
    /// Errors of reading `input` or writing `out`.
    pub fn run(&mut self, input: impl BufRead, out: &mut (impl Write + Send)) -> io::Result<()> {
        // A line ends with LF or CR (see `is_line_end`): each piece of a line split at LF
        // is cut at its CRs too.
        let lines = input.split(b'\n').flat_map(|line| match line {
            Ok(l) => l
                .split(|&b| is_line_end(b))
                .map(|piece| Ok(piece.to_vec()))
                .collect::<Vec<_>>(),
            Err(e) => vec![Err(e)],
        });
        self.converse(lines, out, &mut true, None)
    }

    /// [`Brain::run`] on file descriptors (a pipe from the manager, a terminal), with a
    /// listener thread that reads the input while a move's search (or a Swap2 answer's
    /// searches) runs: an `END` that
    /// arrives during the search, or the output's closing (the manager is gone), stops
    /// the search at once; the best move so far is still written, then the conversation
    /// goes on with the lines that came (and ends at the `END`). An `END` already read
    /// when the search started (a script piped in at once) and the input's end do not
    /// stop a search. Linux only.
    ///
    /// # Errors
    /// Errors of reading `input` or writing `out`, or no pipe for the listener's wake-up.
    #[cfg(target_os = "linux")]
    pub fn run_listening(
        &mut self,
        input: impl std::os::fd::AsFd,
        out: &mut (impl Write + std::os::fd::AsFd + Send),
    ) -> io::Result<()> {
        let listener = Listener::new(input.as_fd(), out.as_fd())?;
        thread::scope(|s| {
            // Without a listener thread the search is never stopped early, as in `run`.
            let _ = thread::Builder::new()
                .name("listener".into())
                .spawn_scoped(s, || listener.listen());
            // The listener quits when the conversation ends, also by a panic: the scope
            // waits for it, so before, a panic in a command hung the brain.
            let _quit = OnDrop(|| listener.quit());
            let lines = std::iter::from_fn(|| listener.next_line());
            self.converse(lines, out, &mut true, Some(&listener))
        })
    }

    /// The protocol on this process's standard input and output, as a Gomocup manager
    /// runs a brain: [`Brain::run_listening`] on Linux, [`Brain::run`] elsewhere.
    ///
    /// # Errors
    /// Reading standard input or writing standard output failed.
    pub fn run_stdio(&mut self) -> io::Result<()> {
        #[cfg(target_os = "linux")]
        return self.run_listening(io::stdin(), &mut io::stdout());
        #[cfg(not(target_os = "linux"))]
        return self.run(io::stdin().lock(), &mut io::stdout());
    }
}

/// Whether `b` ends a line of the manager's: LF, or CR (managers end their lines with
/// CR LF; a CR alone ends one too, and the empty line between a CR and its LF is skipped
/// as every empty line is).
fn is_line_end(b: u8) -> bool {
    b == b'\n' || b == b'\r'
}

/// `board`'s position under `rule`, for an `INFO rule` sent during a game: its moves
/// replayed in order when each stone is the side to move's and the rule accepts it (a
/// game played by `TURN`s), else its stones placed as setup stones of their own colours
/// (a `BOARD` set up without alternate play, or a stone the new rule refuses in this
/// order: a renju forbidden point, or a five that no longer ends the game); then its
/// blocking stones (`BOARD` field 3), and the same side to move.
fn under_rule(board: &Board, rule: Rule) -> Board {
    let size = u32::from(board.size());
    let mut nb = Board::with_size(size, rule).expect("same size");
    let replayed = board
        .moves()
        .iter()
        .all(|&c| board.stone(c) == Some(nb.side_to_move()) && nb.try_play(c).is_ok());
    if !replayed {
        nb = Board::with_size(size, rule).expect("same size");
        for &c in board.moves() {
            let side = board.stone(c).expect("a stone played is on its cell");
            if nb.place(c, side).is_err() {
                break;
            }
        }
    }
    for i in 0..board.cell_count() {
        if board.raw(i) == 3 {
            // An empty cell of the new board: the blockers' cells hold no stone.
            let _ = nb.place_blocker(board.cell_of(i));
        }
    }
    nb.set_side_to_move(board.side_to_move());
    nb
}

/// One stone line of a block: `x,y,field` with field 1, 2 or 3.
fn parse_stone_line(line: &str) -> Result<(Cell, u8), &'static str> {
    const EXPECTED: &str = "expected x,y,1|2|3";
    let (xy, field) = line.rsplit_once(',').ok_or(EXPECTED)?;
    let field = field
        .trim()
        .parse::<u8>()
        .ok()
        .filter(|f| (1..=3).contains(f))
        .ok_or(EXPECTED)?;
    match Cell::parse_xy(xy) {
        Ok(c) => Ok((c, field)),
        Err(CellError::OutOfRange(_)) => Err("off the board"),
        Err(_) => Err(EXPECTED),
    }
}

fn answer(out: &mut impl Write, text: &str) -> io::Result<()> {
    writeln!(out, "{text}")?;
    out.flush()
}

/// How many times the watchdog's recent lateness [`Brain::wait_reserve`] keeps for the
/// waits the brain cannot see.
pub const WAIT_RESERVE_FACTOR: u32 = 3;

/// Most of a move's hard limit the wait reserve may take.
pub const MAX_WAIT_SHARE: f64 = 0.18;

/// Least of a move's hard limit the wait reserve keeps. Self-play at 100 ms a move (load
/// about 4.5, a build running) with no floor: 3 of 1,595 moves over the limit by 1–3 ms,
/// the watchdog's lateness then about 1 ms; the floor (7.5 ms at 100 ms) covers such
/// waits, and the median move keeps over 80 % of the limit.
pub const MIN_WAIT_SHARE: f64 = 0.08;

/// The lateness assumed before the watchdog has measured one.
const INITIAL_LATENESS: Duration = Duration::from_millis(1);

/// The watchdog's lateness after it woke `late` past a deadline, from `old`: the
/// longer of the two, the old one less an eighth.
fn decayed_lateness(late: Duration, old: Duration) -> Duration {
    late.max(old * 7 / 8)
}

/// The move a watchdog guards.
struct Guard {
    /// When the move must be answered.
    deadline: Instant,
    /// The best move so far (the top-ranked candidate, then each finished iteration's).
    best: Option<Cell>,
    /// The move answered, once one was written.
    answer: Option<Cell>,
    /// The watchdog found the deadline passed (it answered, or had no move to give).
    expired: bool,
    /// Stops the search.
    stop: StopFlag,
}

/// What the searching thread and the watchdog share.
struct Watch {
    guard: Option<Guard>,
    /// See [`Brain::lateness`].
    lateness: Duration,
    quit: bool,
}

/// The conversation's output and the watchdog's state. Lock order: `out`, then `watch`;
/// a move is written while both are held, so exactly one of the two threads writes it
/// and nothing is written between its claim and its line.
struct Link<'a, W> {
    out: Mutex<&'a mut W>,
    watch: Mutex<Watch>,
    bell: Condvar,
    /// Told when each move's search starts and ends ([`Brain::run_listening`]).
    listener: Option<&'a ListenerRef<'a>>,
}

/// The listener of [`Brain::run_listening`] (nothing off Linux).
#[cfg(target_os = "linux")]
type ListenerRef<'a> = Listener<'a>;
/// The listener of [`Brain::run_listening`] (nothing off Linux).
#[cfg(not(target_os = "linux"))]
type ListenerRef<'a> = std::marker::PhantomData<&'a ()>;

/// A lock whose holder panicked is still used (the state is plain values).
/// Runs its closure when dropped: on every way out of a scope, unwinding included.
struct OnDrop<F: FnMut()>(F);

impl<F: FnMut()> Drop for OnDrop<F> {
    fn drop(&mut self) {
        (self.0)();
    }
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl<'a, W: Write> Link<'a, W> {
    fn new(out: &'a mut W, lateness: Duration, listener: Option<&'a ListenerRef<'a>>) -> Self {
        Link {
            out: Mutex::new(out),
            watch: Mutex::new(Watch {
                guard: None,
                lateness,
                quit: false,
            }),
            bell: Condvar::new(),
            listener,
        }
    }

    /// A move's search starts: the listener (if any) may stop it with `stop`.
    fn search_started(&self, stop: &StopFlag) {
        #[cfg(target_os = "linux")]
        if let Some(l) = self.listener {
            l.search_started(stop);
        }
        #[cfg(not(target_os = "linux"))]
        let _ = stop;
    }

    /// The search ended; returns what stopped it, if the listener did.
    #[cfg(target_os = "linux")]
    fn search_ended(&self) -> Option<Interrupt> {
        self.listener.and_then(Listener::search_ended)
    }

    /// The search ended (no listener off Linux).
    #[cfg(not(target_os = "linux"))]
    fn search_ended(&self) -> Option<()> {
        None
    }

    /// Writes one line and flushes it.
    fn write(&self, text: &str) -> io::Result<()> {
        answer(&mut **lock(&self.out), text)
    }

    /// Hands a move to the watchdog.
    fn arm(&self, guard: Guard) {
        lock(&self.watch).guard = Some(guard);
        self.bell.notify_all();
    }

    /// A finished iteration's best move.
    fn improve(&self, c: Cell) {
        if let Some(g) = lock(&self.watch).guard.as_mut() {
            g.best = Some(c);
        }
    }

    /// The search's result: written unless the watchdog answered first. Returns the
    /// move answered (`None`: none was, and none was found).
    fn settle(&self, found: Option<Cell>) -> io::Result<Option<Cell>> {
        let mut out = lock(&self.out);
        let guard = lock(&self.watch).guard.take();
        if let Some(c) = guard.and_then(|g| g.answer) {
            return Ok(Some(c));
        }
        if let Some(c) = found {
            answer(&mut **out, &c.to_xy())?;
        }
        Ok(found)
    }

    fn lateness(&self) -> Duration {
        lock(&self.watch).lateness
    }

    /// Tests: waits until the watchdog has answered the armed move (true) or `timeout`
    /// has passed (false).
    #[cfg(test)]
    fn wait_answered(&self, timeout: Duration) -> bool {
        let w = lock(&self.watch);
        let (w, _) = self
            .bell
            .wait_timeout_while(w, timeout, |w| {
                w.guard.as_ref().is_some_and(|g| g.answer.is_none())
            })
            .unwrap_or_else(|e| e.into_inner());
        w.guard.as_ref().is_some_and(|g| g.answer.is_some())
    }

    fn quit(&self) {
        lock(&self.watch).quit = true;
        self.bell.notify_all();
    }
}

/// The watchdog thread: sleeps until the armed move's deadline; if no answer was
/// written by then, writes the best move so far and stops the search. Each time it
/// wakes at a deadline it measures how late it woke ([`Brain::lateness`]).
fn watchdog<W: Write>(link: &Link<'_, W>) {
    let mut w = lock(&link.watch);
    let mut sleeping_until: Option<Instant> = None;
    loop {
        if w.quit {
            return;
        }
        let now = Instant::now();
        if let Some(t) = sleeping_until.take()
            && now >= t
        {
            let late = now - t;
            trace("late", &format!("{}", late.as_micros()));
            w.lateness = decayed_lateness(late, w.lateness);
        }
        let due = w
            .guard
            .as_ref()
            .filter(|g| g.answer.is_none() && !g.expired)
            .map(|g| g.deadline);
        match due {
            None => w = link.bell.wait(w).unwrap_or_else(|e| e.into_inner()),
            Some(d) if now < d => {
                sleeping_until = Some(d);
                w = link
                    .bell
                    .wait_timeout(w, d - now)
                    .unwrap_or_else(|e| e.into_inner())
                    .0;
            }
            Some(d) => {
                drop(w);
                let mut out = lock(&link.out);
                w = lock(&link.watch);
                if let Some(g) = w.guard.as_mut().filter(|g| g.deadline == d) {
                    g.stop.stop();
                    g.expired = true;
                    if g.answer.is_none()
                        && let Some(c) = g.best
                    {
                        g.answer = Some(c);
                        let _ = answer(&mut **out, &c.to_xy());
                        trace("watchdog", "");
                    }
                }
                drop(out);
                link.bell.notify_all();
            }
        }
    }
}

/// The trace file named by the environment variable `var`, opened for appending;
/// `None` when the variable is unset or the file cannot be opened (tracing is then off).
pub(crate) fn trace_file(var: &str) -> Option<Mutex<std::fs::File>> {
    std::env::var_os(var).and_then(|p| {
        std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(p)
            .ok()
            .map(Mutex::new)
    })
}

/// Diagnostics: with `ZEROSUM_PBRAIN_TRACE=FILE`, appends `µs pid event text` lines
/// (system clock): each command read, search start and stop, the answer written, the
/// watchdog's answers and its lateness at each deadline. Off (one check) without it.
fn trace(event: &str, text: &str) {
    use std::sync::OnceLock;
    static FILE: OnceLock<Option<Mutex<std::fs::File>>> = OnceLock::new();
    let f = FILE.get_or_init(|| trace_file("ZEROSUM_PBRAIN_TRACE"));
    if let Some(f) = f {
        let t = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap_or_default()
            .as_micros();
        let _ = writeln!(lock(f), "{t} {} {event} {text}", std::process::id());
    }
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
    }

    #[test]
    fn an_unknown_command_is_echoed_short_and_as_sent() {
        let long = format!("FOO{}", "x".repeat(100_000));
        let out = talk(&mut Brain::new(), &format!("{long}\nBar\n"));
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(
            lines[0],
            format!(
                "UNKNOWN command \"FOO{}\"… (100003 characters)",
                "x".repeat(37)
            )
        );
        assert_eq!(lines[1], "UNKNOWN command \"Bar\"");
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
        assert_eq!(lines, vec!["OK", "7,11"], "{out}");
        let board = b.board().unwrap();
        assert_eq!(board.stone_count(), 12);
        assert_eq!(
            board.outcome(),
            Some(zerosum::Outcome::Win(Side::First)),
            "{out}"
        );
    }

    /// `TAKEBACK` of a stone of a `BOARD` set up as stones is refused with its reason;
    /// it was told "not the last stone played", even for the last one.
    #[test]
    fn takeback_of_a_setup_stone_says_why() {
        let mut b = Brain::new().with_node_limit(500);
        let out = talk(
            &mut b,
            "START 15\nBOARD\n7,7,1\n7,8,1\n0,0,2\n0,5,1\nDONE\n",
        );
        let reply = out.lines().nth(1).unwrap().to_string();
        assert_eq!(talk(&mut b, &format!("TAKEBACK {reply}\n")), "OK\n");
        assert_eq!(
            talk(&mut b, "TAKEBACK 0,0\nTAKEBACK 7,7\nTAKEBACK 3,3\n"),
            "ERROR 0,0 is a stone of the BOARD's setup, which cannot be taken back\n\
             ERROR 7,7 is a stone of the BOARD's setup, which cannot be taken back\n\
             ERROR 3,3 is not the last stone played\n"
        );
        assert_eq!(b.board().unwrap().stone_count(), 4);
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
    /// under an 11-day `timeout_turn`) stops the search at once: the best move so far is
    /// written and the conversation ends. Before, `END` was read only after the search.
    #[cfg(target_os = "linux")]
    #[test]
    fn end_during_a_search_stops_it() {
        let mut p = OnPipes::start(Brain::new());
        p.send("START 15\nINFO timeout_turn 1000000000\n");
        assert_eq!(p.line(), "OK");
        p.send("TURN 7,7\n");
        p.search_started();
        p.send("END\n");
        let reply = p.line();
        assert!(Cell::parse_xy(&reply).is_ok(), "{reply}");
        let (brain, result) = p.finished();
        result.unwrap();
        assert_eq!(brain.interrupted, Some(Interrupt::End));
        assert_eq!(p.line(), "", "nothing after the move");
    }

    /// The searches of a Swap2 answer (here choosing after three stones, under an 11-day
    /// `timeout_turn`) stop on `END` too: an answer is written at once and the
    /// conversation ends.
    #[cfg(target_os = "linux")]
    #[test]
    fn end_during_a_swap2_answer_stops_it() {
        let mut p = OnPipes::start(Brain::new());
        p.send("START 15\nINFO timeout_turn 1000000000\n");
        assert_eq!(p.line(), "OK");
        p.send("SWAP2BOARD\n7,7\n8,8\n9,7\nDONE\n");
        p.search_started();
        p.send("END\n");
        let reply = p.line();
        assert!(!reply.is_empty() && !reply.starts_with("ERROR"), "{reply}");
        let (brain, result) = p.finished();
        result.unwrap();
        assert_eq!(brain.interrupted, Some(Interrupt::End));
    }

    /// The manager gone (its end of the brain's output closed) during a search stops the
    /// search too: nobody would read its move. Writing it then fails (a broken pipe).
    #[cfg(target_os = "linux")]
    #[test]
    fn a_closed_output_stops_the_search() {
        let mut p = OnPipes::start(Brain::new());
        p.send("START 15\nINFO timeout_turn 1000000000\n");
        assert_eq!(p.line(), "OK");
        p.send("TURN 7,7\n");
        p.search_started();
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
        // END sent with the commands, read before the search.
        let mut p = OnPipes::start(Brain::new().with_node_limit(20_000));
        p.send(&format!("{script}END\n"));
        p.search_started();
        assert_eq!(format!("{}\n{}\n", p.line(), p.line()), expected);
        let (brain, result) = p.finished();
        result.unwrap();
        assert_eq!(brain.interrupted, None);
    }
}
