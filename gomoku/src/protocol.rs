//! The Gomocup protocol ("pbrain" engines) as a state machine over any reader/writer.
//!
//! The manager sends one command a line (CR LF or LF); the brain answers on its standard
//! output, one line, flushed at once. Supported: `START n` (5–22 → `OK`, else `ERROR`),
//! `RECTSTART w,h` (a square board as `START`; a rectangle `ERROR`), `RESTART` (`OK`), `BEGIN` (our move),
//! `TURN x,y` (the opponent's move, then ours), `BOARD` … `DONE` (a whole position: lines
//! `x,y,1` for our stones, `x,y,2` for the opponent's and `x,y,3` for the stones of a
//! continuous game's winning line, which still occupy their cells), `SWAP2BOARD` … `DONE`
//! (the Swap2 opening: `x,y` lines in playing order; three stones on an empty board,
//! after three `SWAP`, a move or two stones, after five `SWAP` or a move),
//! `TAKEBACK x,y` (`OK`), `PLAY x,y` (the manager's answer to a `SUGGEST`: the cell is played
//! as the brain's own move, without a search, and echoed back; refused with `ERROR` when
//! the opponent is to move, as a `TURN` is while the brain is, after a `TAKEBACK` of its
//! own stone: a stone never goes down in the wrong colour), `INFO key value` (no answer; `timeout_turn`, `timeout_match`,
//! `time_left` (signed: a negative clock is an empty one), `max_memory`, `thread_num`, `rule`,
//! `game_type`, `folder` are read, unknown keys ignored; `rule` is the protocol's bit
//! mask: 0, 1 and 4 are played, each also with the continuous-game bit 2 (answered with
//! a `MESSAGE` saying so); a `rule` we cannot play (caro, 5, …) is answered with a
//! `MESSAGE` line and the rule in force is kept; as the protocol asks, an `INFO`'s
//! `MESSAGE` waits for the first command that is not an `INFO` and goes out before that
//! command's answer, or at the end of the input), `ABOUT`, `END`.
//! Numbers (sizes, coordinates, `INFO` values, a `BOARD` line's field) are plain decimal:
//! digits only, leading zeros read in decimal; a sign is refused and named (`START +20` →
//! `ERROR`, `INFO timeout_turn +5` → `MESSAGE`), but for `time_left`'s minus.
//! Unknown commands get `UNKNOWN …`, bad arguments `ERROR …`; a block (`BOARD`,
//! `SWAP2BOARD`) is answered once, at its `DONE`, however many of its lines are bad (a
//! `BOARD`'s bad lines, and its stones off the board, are skipped and counted in a
//! `MESSAGE` before the move, quoting the first: the good lines still make the position;
//! the same line twice is read once, with a `MESSAGE`; a cell given twice with two
//! fields makes the position ambiguous, and the block is refused with
//! `ERROR`; a `SWAP2BOARD` with a bad line is refused, since its stones count in order); `END`
//! ends the conversation at once, even inside a block; nothing the manager sends can make
//! it panic. With [`Brain::run_listening`] (standard input and output on Linux) an `END`
//! that arrives during a move's search stops the search and ends the conversation
//! without writing the move (the protocol: "the brain should not write anything to
//! output after the END command"; lines sent between the move's command and the `END`
//! are not answered either); an `INFO timeout_turn 0` (Piskvork's "stop thinking": the
//! move now) that arrives during a search, or the output's closing, stops the search and
//! the move found so far is answered. Any other line that arrives during a search,
//! `INFO` included, is read after the search, in its turn: a `timeout_turn`,
//! `timeout_match`, `time_left` or `max_memory` sent then holds from the next move on.
//! The protocol allows that: "the time limits will not be changed in the middle of a
//! match during a tournament", and `time_left` is sent before each move's command; it
//! only "recommends" reacting at once, for a human changing the limits in a GUI (whose
//! "stop thinking" is the `timeout_turn 0` above).
//!
//! Time: each move gets at most `timeout_turn` minus a safety margin, and at most a
//! share of `time_left` whenever the match clock is sent (not after `timeout_match 0`,
//! the protocol's "no limit"; `timeout_match` itself when no `time_left` is sent, less
//! the time the brain's moves took), counted from the command's
//! arrival, less a reserve for the scheduling waits the brain cannot see (the manager's
//! line waiting for this process to be woken, the answer waiting for the manager):
//! three times the watchdog's recent lateness, at least 8 % and at most 18 % of the limit. The search
//! checks the clock at every node (the core time control's budget and stop flag; the
//! VCF and VCT searches poll it too). It runs on the thread that read the command and
//! writes its own answer, so no thread is woken between reading `TURN` and writing the
//! move (on a busy machine each wake-up waits for a CPU). A watchdog thread sleeps
//! until the move's deadline: if the search has not answered by then (its thread
//! waiting for a CPU), the watchdog writes the best move of the last finished iteration
//! and stops the search.
//!
//! Memory: `INFO max_memory` (bytes, 0 = no limit) is kept as a limit on the brain's
//! peak resident memory (what Piskvork checks in a tournament: the peak working set).
//! The transposition table gets what the limit leaves after [`BRAIN_MEMORY`], from
//! [`MIN_TABLE_MIB`] to [`MAX_TABLE_MIB`]; a limit below [`MIN_MEMORY`] (about 10 MB)
//! cannot be met: the brain says so in a `MESSAGE` and plays with its smallest table.
//! Threads: `INFO thread_num` sets the engine's search threads ([`Engine::threads`],
//! [`Brain::search_threads`]); each beyond the first takes [`HELPER_MEMORY`] from the
//! table's share of the limit.
//! The engine and its tables are allocated at `START` when the limit is known, else
//! when `INFO max_memory` comes (managers send it after `START`), an old table freed
//! before a new one is made; only a brain never told a limit allocates at its first
//! move. Reference: the protocol description at
//! gomocup.org ("new protocol", Petr Lastovicka) and its Swap2 extension.
//!
//! This file holds the brain's state and its commands; `swap2` answers `SWAP2BOARD`,
//! `watchdog` answers a move at its deadline, `listen` reads the input during a search.

use crate::board::{Board, PlayError, colour_name, describe};
use crate::cell::{Cell, CellError, MAX_SIZE, MIN_SIZE};
use crate::decimal::{self, NumberError};
use crate::engine::Engine;
use crate::eval::EvalTable;
use crate::rule::Rule;
use std::io::{self, BufRead, Write};
use std::sync::Mutex;
use std::thread;
use std::time::{Duration, Instant};
use zerosum::search::{Limits, StopFlag};
use zerosum::time::{Budget, GameClock};
use zerosum::{Game, Side};

/// The longest line read, in bytes: the protocol lets a brain cut very long lines (no
/// command is nearly this long); a longer line is cut to it, and an `UNKNOWN` answer to
/// it says so.
pub(crate) const MAX_LINE: usize = 64 * 1024;

#[cfg(target_os = "linux")]
mod listen;
mod swap2;
mod watchdog;
#[cfg(all(test, target_os = "linux"))]
use listen::Interrupt;
#[cfg(target_os = "linux")]
use listen::Listener;
use watchdog::{Guard, INITIAL_LATENESS, Link, ListenerRef, Reply, lock, watchdog};

/// The `ABOUT` answer.
pub const ABOUT: &str =
    "name=\"zerosum\", version=\"0.1.0\", author=\"zerosum authors\", country=\"-\"";

/// Default `timeout_turn` when the manager sends none, in ms.
pub const DEFAULT_TURN_MS: u64 = 5_000;

/// Budget of a move when `timeout_turn` is 0 ("play as fast as possible"), in ms: as
/// short as the shortest limits managers send (a 10 ms move still searches about 8
/// plies), so that 0 is never slower than a small limit.
pub const FAST_TURN_MS: u64 = 10;

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
    /// The `INFO rule` value in force (0, 1 or 4, or one of them + 2 for a continuous
    /// game): named when a later value is refused.
    rule_code: u32,
    timeout_turn: u64,
    /// `INFO timeout_match` in milliseconds (`Some(0)`: no match limit, when `time_left`
    /// is not a clock; `None`: none sent yet).
    timeout_match: Option<u64>,
    time_left: Option<i64>,
    /// The time our moves took since the last `time_left` (or since the game began when
    /// none was sent): taken from the match clock, so that a manager that sends
    /// `timeout_match` alone still gets a clock that runs down.
    clock_used: Duration,
    /// `INFO max_memory` in bytes (`Some(0)`: no limit; `None`: none sent yet).
    max_memory: Option<u64>,
    /// `INFO thread_num`: the most threads the manager lets the brain use (1 until sent).
    thread_num: u64,
    block: Option<Block>,
    /// The brain's own colour once known: the side it was last asked to move for
    /// (`BEGIN`, `TURN`, `BOARD`) or played with `PLAY`; `None` after `START`, `RESTART`
    /// and `SWAP2BOARD` (whose answer may hand the colours over) until then. A `TURN`
    /// while the brain is to move (after a `TAKEBACK` of its own stone) or a `PLAY`
    /// while the opponent is would put a stone of the wrong colour down, and is refused.
    own: Option<Side>,
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
    /// An `END` arrived, as a command or during a search ([`Brain::run_listening`]):
    /// the conversation is over, and nothing more is written (a search's answer neither).
    ended: bool,
    /// The `MESSAGE` lines of `INFO` commands not yet written: the protocol has the brain
    /// "wait with the output of the problem until the manager sends the first command
    /// not having an INFO form", so they go out before the next other command's answer
    /// (or at the end of the input).
    info_messages: Vec<String>,
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

/// Appended to the `ERROR` for a board size we do not play: Piskvork offers to switch
/// to 20×20 only when a refused `START`'s message contains "20" (its `protocol.cpp`, a
/// protocol tester's reading), and 20 is the size Gomocup's tournaments play. (It said
/// "20 is supported" after "(5 to 22)", which read as if 20 alone were.)
const SIZE_HINT: &str = "; Gomocup's 20 is among the sizes supported";

impl Brain {
    /// A brain waiting for `START`, with both line rules' pattern tables built (a few
    /// milliseconds, once a process) so that no move waits for them.
    pub fn new() -> Brain {
        crate::pattern::build_tables();
        Brain {
            board: None,
            engine: None,
            rule: Rule::Freestyle,
            rule_code: 0,
            timeout_turn: DEFAULT_TURN_MS,
            timeout_match: None,
            time_left: None,
            clock_used: Duration::ZERO,
            max_memory: None,
            thread_num: 1,
            block: None,
            own: None,
            node_limit: None,
            eval: None,
            setup: None,
            tt_mib: 0,
            arrived: Instant::now(),
            lateness: INITIAL_LATENESS,
            swap2_stop: None,
            ended: false,
            info_messages: Vec::new(),
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

    /// Evaluates with the feature table `table` instead of the engine's default (the
    /// cell evaluation, [`crate::Engine::cell_eval`]), for matches of alternative
    /// weights, e.g. the match-tuning job `cargo xtask tune-gomoku`.
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
    /// its own reserve for the scheduling delays it measures (see [`Engine::lag`]); whenever the manager sent `time_left`, unless it sent `timeout_match 0` (the protocol's "no
    /// limit" for the match, where Rapfi too ignores `time_left`), the game clock is that
    /// time minus the same margin, shared over the moves we still expect to play (at
    /// least 12, about 40 minus half the stones on the board). A manager that sends
    /// `timeout_match` but no `time_left` gets the same clock from `timeout_match` (a
    /// tester's report: a 1 s match took 4.4 s for a move, the default `timeout_turn`'s);
    /// either way the time our moves took since it was sent, or since the game began, is
    /// taken from it. A new game (`START`, `RESTART`) forgets the last game's `time_left`.
    pub fn move_limits(&self) -> Limits {
        let turn = if self.timeout_turn == 0 {
            FAST_TURN_MS
        } else {
            self.timeout_turn
        };
        let margin = |ms: u64| (ms / 25).max(3);
        let match_clock = match self.timeout_match {
            Some(0) => None,
            whole => self
                .time_left
                .or_else(|| whole.map(|ms| i64::try_from(ms).unwrap_or(i64::MAX))),
        };
        let clock = match_clock.map(|left| {
            // The moves' time to the nanosecond: a move under a millisecond still counts.
            let left = Duration::from_millis(left.max(0) as u64).saturating_sub(self.clock_used);
            let ms = u64::try_from(left.as_millis()).unwrap_or(u64::MAX);
            let stones = self.board.as_ref().map_or(0, |b| b.stone_count() as u32);
            GameClock {
                remaining: left.saturating_sub(Duration::from_millis(margin(ms))),
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

    /// The threads the engine searches on ([`Engine::threads`]): `INFO thread_num` (0
    /// read as 1), at most the processors this process may run on and
    /// [`crate::MAX_THREADS`], and no more than `max_memory` holds with the
    /// smallest table ([`HELPER_MEMORY`] each thread beyond the first).
    pub fn search_threads(&self) -> usize {
        let wanted = usize::try_from(self.thread_num)
            .unwrap_or(usize::MAX)
            .clamp(1, crate::engine::thread_cap());
        match self.max_memory {
            None | Some(0) => wanted,
            Some(limit) => {
                let spare = limit.saturating_sub(MIN_MEMORY) / HELPER_MEMORY;
                wanted.min(
                    usize::try_from(spare)
                        .unwrap_or(usize::MAX)
                        .saturating_add(1),
                )
            }
        }
    }

    /// The size of the engine's transposition table, in MiB: what `max_memory` leaves
    /// after [`BRAIN_MEMORY`] and [`HELPER_MEMORY`] for each search thread beyond the
    /// first ([`Brain::search_threads`]), from [`MIN_TABLE_MIB`] to [`MAX_TABLE_MIB`]
    /// (the largest when no limit was sent, or 0, no limit).
    pub fn table_mib(&self) -> usize {
        match self.max_memory {
            None | Some(0) => MAX_TABLE_MIB,
            Some(limit) => {
                let helpers = (self.search_threads() - 1) as u64 * HELPER_MEMORY;
                let left = limit.saturating_sub(BRAIN_MEMORY + helpers) >> 20;
                usize::try_from(left)
                    .unwrap_or(usize::MAX)
                    .clamp(MIN_TABLE_MIB, MAX_TABLE_MIB)
            }
        }
    }

    /// Makes the engine with a table of [`Brain::table_mib`], unless it has one already,
    /// and gives it [`Brain::search_threads`]. An engine with a table of another size is
    /// dropped first, so that the two are never held at once (a manager checks the peak
    /// of the brain's memory).
    fn ensure_engine(&mut self) {
        let mib = self.table_mib();
        if self.engine.is_none() || self.tt_mib != mib {
            self.engine = None;
            let mut engine = Engine::new(mib);
            // The watchdog answers for a search that is late: it keeps no reserve of its own.
            engine.lag_reserve = false;
            if let Some(table) = self.eval {
                engine.use_feature_table(table);
            }
            if let Some(setup) = &self.setup {
                setup(&mut engine);
            }
            self.engine = Some(engine);
            self.tt_mib = mib;
        }
        // Every search comes through here: the threads as `thread_num` and the memory
        // allow now.
        let threads = self.search_threads();
        if let Some(e) = self.engine.as_mut() {
            e.threads = threads;
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

    /// The search of [`Brain::watch_search`] ended: whether an `END` arrived during it
    /// (the listener of [`Brain::run_listening`] stopped it); then its answer is not
    /// written and the conversation ends. Tests keep what stopped it.
    fn search_done<W: Write>(&mut self, link: &Link<'_, W>) -> bool {
        let _interrupted = link.search_ended();
        #[cfg(all(test, target_os = "linux"))]
        {
            self.interrupted = _interrupted;
        }
        self.ended = link.end_arrived();
        self.ended
    }

    fn think<W: Write>(&mut self, link: &Link<'_, W>) -> io::Result<()> {
        let arrived = self.arrived;
        if let Some(b) = self.board.as_ref()
            && b.outcome().is_none()
        {
            self.own = Some(b.side_to_move());
        }
        let Some(board) = self.board.as_ref() else {
            return link.write("ERROR no game started (send START first)");
        };
        if let Some(o) = board.outcome() {
            // As a move after the end is refused: who won, and that no move follows.
            return link.write(&refused(&PlayError::GameOver(describe(o))));
        }
        let mut top = Vec::new();
        Engine::candidate_moves(board, 1, &mut top);
        let fallback = top.first().map(|&(_, c)| c);
        let position = board.clone();
        // The watchdog may have measured a lateness since the last move was answered (it
        // still wakes at that move's deadline): the reserve of this move counts it.
        self.lateness = link.lateness();
        let deadline = self.deadline();
        let stop = StopFlag::new();
        link.arm(Guard {
            deadline: arrived + deadline,
            best: fallback.map(Reply::Move),
            answer: None,
            expired: false,
            stop: stop.clone(),
        });
        // The engine only now: allocating its table (the first move, or one after `INFO
        // max_memory`) may take a while on a busy machine, and the watchdog guards it.
        self.ensure_engine();
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
                link.improve(Reply::Move(c));
            }
        });
        if self.search_done(link) {
            // The manager sent END: it wants the brain gone, and the protocol says
            // "the brain should not write anything to output after the END command".
            trace("end", "");
            link.abandon();
            return Ok(());
        }
        trace("stop", "");
        let answered = link.settle(info.best.map(Reply::Move))?;
        trace("written", "");
        self.lateness = link.lateness();
        match answered {
            Some(Reply::Move(c)) => {
                if let Some(board) = self.board.as_mut() {
                    board.play(c);
                }
                self.clock_used += arrived.elapsed();
                Ok(())
            }
            // Only a move's search arms this guard.
            Some(Reply::Swap2 { .. }) => Ok(()),
            None => link.write("ERROR no legal move"),
        }
    }

    /// Answers a `SWAP2BOARD` block of `stones` ([`Brain::swap2`]) as a move is
    /// answered: the searches stop on the manager's `END` or `INFO timeout_turn 0`
    /// ([`Brain::run_listening`]), and the watchdog writes the best choice so far at the
    /// move's deadline if the answer is not written by then (a Swap2 answer compares
    /// several searched positions, and a thread waiting for a CPU made it late: 60–76 ms
    /// at a 50 ms limit on a busy machine). The game becomes the position of the answer
    /// written. Nothing is written after an `END` ([`Brain::ended`] is set).
    fn swap2_watched<W: Write>(
        &mut self,
        stones: &[(Cell, u8)],
        link: &Link<'_, W>,
    ) -> io::Result<()> {
        // As for a move: the reserve counts the latest lateness.
        self.lateness = link.lateness();
        let stop = StopFlag::new();
        link.arm(Guard {
            deadline: self.arrived + self.deadline(),
            best: None,
            answer: None,
            expired: false,
            stop: stop.clone(),
        });
        self.watch_search(link, &stop);
        self.swap2_stop = Some(stop);
        // Tests: the thread is held after the first offer, as one waiting for a CPU.
        #[cfg(test)]
        let (hold, mut held) = (self.hold_search, None);
        let answer = self.swap2(stones, &mut |line, board| {
            link.improve(Reply::Swap2 {
                line: line.to_string(),
                board: Box::new(board.clone()),
            });
            #[cfg(test)]
            if hold && held.is_none() {
                held = Some(link.wait_answered(Duration::from_secs(60)));
            }
        });
        #[cfg(test)]
        {
            self.held = held;
        }
        self.swap2_stop = None;
        if self.search_done(link) {
            // END arrived: nothing is written after it.
            link.abandon();
            return Ok(());
        }
        let found = match answer {
            Ok((line, board)) => Some(Reply::Swap2 {
                line,
                board: Box::new(board),
            }),
            Err(refusal) => {
                // Refused before any search: the game is kept, and the guard dropped.
                link.abandon();
                return link.write(&refusal);
            }
        };
        if let Some(Reply::Swap2 { board, .. }) = link.settle(found)? {
            self.board = Some(*board);
            // The answer may hand the colours over (SWAP): the side is known again at
            // the next move the brain is asked for.
            self.own = None;
        }
        self.lateness = link.lateness();
        Ok(())
    }

    /// Handles one line from the manager, writing the answer (if any) to `out` and
    /// flushing it. Returns `false` on `END` (also inside an open block) and for every
    /// line after it, which is not answered: the protocol has the brain write nothing
    /// after `END`. The line counts as arrived now; a move is watched by a watchdog
    /// thread of this call.
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
            false,
        )?;
        Ok(going)
    }

    /// Runs the conversation over `lines` with one watchdog thread, until `END` (then
    /// `going` is set to false) or the end of `lines`, where the `INFO` messages still
    /// waiting are written when `input_ends` (the whole input, not one line of it);
    /// `listener` (if any) is told when each move's search starts and ends.
    fn converse<W: Write + Send>(
        &mut self,
        lines: impl Iterator<Item = io::Result<Vec<u8>>>,
        out: &mut W,
        going: &mut bool,
        listener: Option<&ListenerRef<'_>>,
        input_ends: bool,
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
                        // Said as a reading error (a write's is not): `Is a directory`
                        // alone did not say what was one.
                        result = Err(io::Error::new(
                            e.kind(),
                            format!("cannot read the input: {e}"),
                        ));
                        break;
                    }
                };
                // A line longer than MAX_LINE (the listener keeps a byte more of one) is
                // cut to it, and known to be cut.
                let cut = line.len() > MAX_LINE;
                let text = String::from_utf8_lossy(&line[..line.len().min(MAX_LINE)]);
                trace("read", text.trim());
                match self.handle(&text, cut, &link) {
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
            if result.is_ok() && *going && input_ends {
                result = self.write_info_messages(&link);
            }
            result
        })
    }

    /// One command (see [`Brain::handle_line`]); `cut` when `line` is the first
    /// [`MAX_LINE`] bytes of a longer line.
    fn handle<W: Write>(&mut self, line: &str, cut: bool, link: &Link<'_, W>) -> io::Result<bool> {
        // After END the protocol has "the brain should not write anything to output":
        // a library caller's later lines get no answer.
        if self.ended {
            return Ok(false);
        }
        // A byte-order mark (an editor's, before a file's first line) is no part of a
        // command, as the other readers of the workspace skip it.
        let line = line.trim_start_matches('\u{feff}').trim();
        if line.is_empty() {
            return Ok(true);
        }
        let (cmd, arg) = first_word(line);
        // The command as sent, for an UNKNOWN answer's echo.
        let sent = cmd;
        let cmd = cmd.to_ascii_uppercase();
        if cmd == "END" {
            self.ended = true;
            return Ok(false);
        }
        // The first command not of the INFO form (a block's lines are not commands).
        if cmd != "INFO" && self.block.is_none() {
            self.write_info_messages(link)?;
        }
        if let Some(block) = self.block.as_mut() {
            if cmd == "DONE" {
                let block = self.block.take().expect("a block is open");
                match block.kind {
                    BlockKind::Swap2 => {
                        let reply = match block.error {
                            Some(e) => format!("ERROR bad board line {e}"),
                            None => {
                                self.swap2_watched(&block.stones, link)?;
                                return Ok(!self.ended);
                            }
                        };
                        link.write(&reply)?;
                    }
                    BlockKind::Board => self.board_block(block, link)?,
                }
                // An END during the position's search ends the conversation.
                return Ok(!self.ended);
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
                        block.error = Some(format!("{} ({why})", echo(line, cut)));
                    }
                }
            }
            return Ok(true);
        }
        let reply: Option<String> = match cmd.as_str() {
            "START" => Some(self.start(arg)),
            "RECTSTART" => Some(match arg.split_once(',') {
                // A square board sent as a rectangle is an ordinary START (a bad width
                // is answered as START's size).
                Some((w, h))
                    if decimal::unsigned(w.trim()).is_err()
                        || decimal::unsigned(w.trim()) == decimal::unsigned(h.trim()) =>
                {
                    self.start(w.trim())
                }
                // Two sizes that differ: a rectangle; anything else is malformed.
                Some((_, h)) if decimal::unsigned(h.trim()).is_ok() => {
                    format!(
                        "ERROR rectangular boards are not supported (square ones: START n){SIZE_HINT}"
                    )
                }
                Some((_, h)) => format!("ERROR bad board height {}", echo(h.trim(), cut)),
                None => format!(
                    "ERROR RECTSTART takes a width and a height, \"w,h\", got {}",
                    echo(arg, cut)
                ),
            }),
            "RESTART" => Some(match self.board.as_ref() {
                Some(b) => {
                    let size = b.size() as u32;
                    self.board = Board::with_size(size, self.rule).ok();
                    self.own = None;
                    // A new game's clock: the last game's `time_left` is not this one's
                    // (a recheck's report: one `time_left 300` made every later game
                    // fast), until the manager sends its own.
                    self.clock_used = Duration::ZERO;
                    self.time_left = None;
                    // A new game: nothing the last one left in the tables may change it.
                    if let Some(e) = self.engine.as_mut() {
                        e.clear();
                    }
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
            // A move line cut at MAX_LINE bytes holds no cell: named as cut, not parsed.
            "TURN" | "PLAY" | "TAKEBACK" if cut => {
                Some(format!("ERROR {cmd} {}: not a cell", echo(arg, true)))
            }
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
            "PLAY" => Some(self.play(arg)),
            "INFO" => {
                if let Some(message) = self.info(arg, cut) {
                    self.info_messages.push(message);
                }
                None
            }
            "ABOUT" => Some(ABOUT.into()),
            _ => Some(format!("UNKNOWN command {}", echo(sent, cut))),
        };
        if let Some(r) = reply {
            link.write(&r)?;
        }
        // An END during a move's search ends the conversation.
        Ok(!self.ended)
    }

    /// Writes the `INFO` messages waiting (see `Brain::info_messages`), oldest first.
    fn write_info_messages<W: Write>(&mut self, link: &Link<'_, W>) -> io::Result<()> {
        for message in std::mem::take(&mut self.info_messages) {
            link.write(&message)?;
        }
        Ok(())
    }

    /// `START n`: a new game on the empty `n`×`n` board; `n` is a protocol number
    /// ([`decimal`]), and an `ERROR` names why it is refused.
    fn start(&mut self, arg: &str) -> String {
        // A size beyond u32 is as unsupported as 23.
        let size = match decimal::unsigned(arg) {
            Ok(n) => Ok(u32::try_from(n).unwrap_or(u32::MAX)),
            Err(NumberError::TooLarge) => Ok(u32::MAX),
            Err(e) => Err(e),
        };
        match size {
            Ok(u32::MAX) => format!(
                "ERROR unsupported board size {} ({MIN_SIZE} to {MAX_SIZE}){SIZE_HINT}",
                echo(arg, false)
            ),
            Ok(n) => match Board::with_size(n, self.rule) {
                Ok(b) => {
                    self.board = Some(b);
                    self.own = None;
                    // A new game's clock: the last game's `time_left` is not this one's
                    // (a recheck's report: one `time_left 300` made every later game
                    // fast), until the manager sends its own.
                    self.clock_used = Duration::ZERO;
                    self.time_left = None;
                    // Managers send `max_memory` after START: until it is known, the
                    // table waits for it (or for the first move), so that the brain
                    // never holds a table larger than the limit will allow.
                    if self.max_memory.is_some() {
                        self.ensure_engine();
                    }
                    if let Some(e) = self.engine.as_mut() {
                        e.clear();
                    }
                    "OK".into()
                }
                Err(e) => format!("ERROR {e}{SIZE_HINT}"),
            },
            Err(NumberError::Sign) => format!(
                "ERROR bad board size {} ({})",
                echo(arg, false),
                NumberError::Sign
            ),
            Err(_) => format!("ERROR bad board size {}", echo(arg, false)),
        }
    }

    /// `TURN x,y`: the opponent's move, then ours (written by [`Brain::think`]); the
    /// `ERROR` line for a move that cannot be played, or when it is the brain's own turn
    /// (after a `TAKEBACK` of its stone: the stone would go down in its colour).
    fn turn<W: Write>(&mut self, arg: &str, link: &Link<'_, W>) -> io::Result<Option<String>> {
        let Some(board) = self.board.as_mut() else {
            return Ok(Some("ERROR no game started (send START first)".into()));
        };
        let cell = match Cell::parse_xy(arg) {
            Ok(c) => c,
            Err(e) => return Ok(Some(bad_cell(&e, board.size()))),
        };
        let to_move = board.side_to_move();
        if let Err(e) = board.try_play(cell) {
            return Ok(Some(refused(&e)));
        }
        // The stone went down in the colour to move: refused (taken back) when that is
        // the brain's own colour, after the checks of the cell itself.
        if self.own == Some(to_move) {
            board.try_undo();
            return Ok(Some(format!(
                "ERROR TURN {}: it is the brain's turn ({} to move, after a TAKEBACK of its \
                 stone), not the opponent's; send BOARD to set up the position",
                cell.to_xy(),
                colour_name(to_move)
            )));
        }
        self.think(link)?;
        Ok(None)
    }

    /// `PLAY x,y`: the protocol's answer to a brain's `SUGGEST` (the manager may force
    /// another cell): the cell is played for the side to move, the brain's own side,
    /// without a search, and the brain answers with the same coordinates. The brain
    /// never sends `SUGGEST`, but a manager may still force a move this way. Answers
    /// `ERROR` without a game, for a bad or off-board cell, an occupied or (black under
    /// renju) forbidden cell, a finished game, or when the side to move is not the
    /// brain's (its colour known from the last move it was asked for, see `own`).
    fn play(&mut self, arg: &str) -> String {
        let Some(board) = self.board.as_mut() else {
            return "ERROR no game started (send START first)".into();
        };
        let cell = match Cell::parse_xy(arg) {
            Ok(c) => c,
            Err(e) => return bad_cell(&e, board.size()),
        };
        let to_move = board.side_to_move();
        if let Err(e) = board.try_play(cell) {
            return refused(&e);
        }
        // As for TURN: the cell's own checks first, then whose turn it is.
        if self.own.is_some_and(|own| own != to_move) {
            board.try_undo();
            return format!(
                "ERROR PLAY {}: it is the opponent's turn ({} to move), not the brain's",
                cell.to_xy(),
                colour_name(to_move)
            );
        }
        self.own = Some(to_move);
        cell.to_xy()
    }

    /// `TAKEBACK x,y`: removes the stone on `x,y` and answers `OK`, as the protocol says
    /// ("the brain removes stone which has coordinate [X,Y]"; the manager's reference
    /// brain clears whatever is on the cell). The last move is undone; any other stone
    /// (a `BOARD` may list its stones in any order under Gomoku, or as a position no
    /// alternate play reaches) is removed by [`without_stone`], its side then to move.
    /// Answers `ERROR` without a game, for a bad or off-board cell, or an empty one.
    fn takeback(&mut self, arg: &str) -> String {
        let Some(board) = self.board.as_mut() else {
            return "ERROR no game started (send START first)".into();
        };
        match Cell::parse_xy(arg) {
            Ok(c) if board.last_move() == Some(c) && board.try_undo() => "OK".into(),
            Ok(c) if !board.on_board(c) => {
                let n = board.size();
                format!("ERROR cell {} is off the {n}x{n} board", c.to_xy())
            }
            Ok(c) if board.raw(board.index(c)) == 0 => {
                format!("ERROR cell {} holds no stone", c.to_xy())
            }
            Ok(c) => {
                *board = without_stone(board, c);
                "OK".into()
            }
            Err(e) => bad_cell(&e, board.size()),
        }
    }

    /// `INFO key value`: no answer, except a `MESSAGE` for a rule we cannot play, a
    /// time or memory value that is not a number (the setting in force is kept), more
    /// threads than the brain will use, or no key at all; `cut`
    /// when the line was cut at [`MAX_LINE`] bytes. Each numeric value is parsed once, as
    /// its key reads it: the match clock (`time_left`) signed, the others unsigned; a
    /// refused one has one answer, [`info_ignored`]'s. `game_type`, `folder` and unknown
    /// keys are ignored.
    fn info(&mut self, arg: &str, cut: bool) -> Option<String> {
        let (key, value) = first_word(arg);
        let key = key.to_ascii_lowercase();
        match key.as_str() {
            // A tester's report: a bare `INFO` had no answer at all.
            "" => return Some("MESSAGE INFO without a key (INFO <key> <value>); ignored".into()),
            // Signed: managers send a negative clock once a player is over its time.
            "time_left" => match decimal::signed(value) {
                Ok(ms) => {
                    self.time_left = Some(ms);
                    self.clock_used = Duration::ZERO;
                }
                Err(e) => return Some(info_ignored(&key, value, cut, e)),
            },
            "timeout_turn" | "timeout_match" | "max_memory" | "rule" | "thread_num" => {
                return match decimal::unsigned(value) {
                    Ok(n) => self.info_unsigned(&key, value, n),
                    // A refused rule names the one in force, as for a number not played.
                    Err(e) if key == "rule" => Some(format!(
                        "{}; still playing {} (rule {})",
                        info_ignored(&key, value, cut, e),
                        self.rule,
                        self.rule_code
                    )),
                    Err(e) => Some(info_ignored(&key, value, cut, e)),
                };
            }
            _ => {}
        }
        None
    }

    /// An `INFO` key whose value is the unsigned number `num` (`value` as sent): the
    /// `MESSAGE` for a memory limit that cannot be met or a rule we cannot play (then
    /// the rule in force is kept), else no answer.
    fn info_unsigned(&mut self, key: &str, value: &str, num: u64) -> Option<String> {
        match key {
            "timeout_turn" => self.timeout_turn = num,
            "timeout_match" => self.timeout_match = Some(num),
            "thread_num" => {
                self.thread_num = num;
                if self.board.is_some() {
                    // The table may shrink to leave room for the threads' memory.
                    self.ensure_engine();
                }
                // Fewer threads than allowed: said, as for a memory limit not met (a
                // tester's report: `INFO thread_num 99999` was clamped without a word).
                let threads = self.search_threads();
                if u64::try_from(threads).is_ok_and(|t| t < num) {
                    // Named by the limit that holds it (a tester's report: "at most the
                    // processors available, 64 and what max_memory holds" read as 64
                    // processors on a machine of 2).
                    let cores = std::thread::available_parallelism().map_or(1, usize::from);
                    let why = if threads < crate::engine::thread_cap() {
                        format!("what max_memory {} holds", self.max_memory.unwrap_or(0))
                    } else if cores <= crate::engine::MAX_THREADS {
                        format!("the processors this process may use, {cores}")
                    } else {
                        format!("the brain's most, {}", crate::engine::MAX_THREADS)
                    };
                    return Some(format!(
                        "MESSAGE INFO thread_num {num}: searching on {threads} thread{}, at most {why}",
                        if threads == 1 { "" } else { "s" },
                    ));
                }
            }
            "max_memory" => {
                self.max_memory = Some(num);
                if self.board.is_some() {
                    self.ensure_engine();
                }
                if num != 0 && num < MIN_MEMORY {
                    return Some(format!(
                        "MESSAGE INFO max_memory {num}: cannot be met, the brain needs about {MIN_MEMORY} bytes with its smallest table ({MIN_TABLE_MIB} MiB); playing with that table"
                    ));
                }
            }
            "rule" => {
                let code = u32::try_from(num).ok();
                let Some((code_in_force, rule)) =
                    code.and_then(|c| Some((c, Rule::from_gomocup(c)?)))
                else {
                    return Some(format!(
                        "MESSAGE rule {value:?} is not supported (0 freestyle, 1 exactly five, 4 renju, each + 2 in a continuous game); still playing {} (rule {})",
                        self.rule, self.rule_code
                    ));
                };
                self.rule_code = code_in_force;
                if rule != self.rule {
                    self.rule = rule;
                    if let Some(b) = self.board.as_ref() {
                        self.board = Some(under_rule(b, rule));
                    }
                    // The tables of positions are kept: every position's Zobrist key
                    // holds its rule, so an entry made under one rule is never read under
                    // another. Clearing them (a write of the whole table, 34 ms for 64
                    // MiB) came between the manager's `INFO rule` and its first move, as
                    // Piskvork sends `INFO rule` after `INFO max_memory`, and the first
                    // move answered past `timeout_turn` (helper report 45: 201-249 ms at
                    // 200 ms).
                    if let Some(e) = self.engine.as_mut() {
                        e.forget_move_order();
                    }
                }
                if Rule::is_continuous_gomocup(code_in_force) {
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
        // The same line twice says nothing more: read once (a cell given twice with two
        // fields stays ambiguous, refused by `set_board`).
        let mut stones: Vec<(Cell, u8)> = Vec::with_capacity(block.stones.len());
        for &stone in &block.stones {
            if !stones.contains(&stone) {
                stones.push(stone);
            }
        }
        let repeated = block.stones.len() - stones.len();
        if repeated > 0 && self.board.is_some() {
            link.write(&format!(
                "MESSAGE read {repeated} repeated board line{} once",
                if repeated == 1 { "" } else { "s" }
            ))?;
        }
        let count = |field| stones.iter().filter(|s| s.1 == field).count();
        let (own, opp) = (count(1), count(2));
        match self.set_board(&stones) {
            Some(error) => link.write(&error),
            None => {
                if own != opp && opp != own + 1 {
                    let to_move = self.board.as_ref().map(|b| colour_name(b.side_to_move()));
                    link.write(&format!(
                        "MESSAGE BOARD has {own} own and {opp} opponent stones, which alternate play cannot give (equal counts, or the opponent one stone ahead): set up as sent, {} to move",
                        to_move.unwrap_or("black")
                    ))?;
                }
                self.think(link)
            }
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
        // The brain's side is the side to move, even in a finished game (a `TAKEBACK`
        // may reopen it, and a `PLAY` then must not move for the opponent).
        self.own = Some(b.side_to_move());
        self.board = Some(b);
        None
    }

    /// Runs the protocol until `END` or the end of `input`. A command sent during a
    /// search is read after it ([`Brain::run_listening`] stops the search on `END`, and
    /// writes nothing more).
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
        self.converse(lines, out, &mut true, None, true)
    }

    /// [`Brain::run`] on file descriptors (a pipe from the manager, a terminal), with a
    /// listener thread that reads the input while a move's search (or a Swap2 answer's
    /// searches) runs: an `END` that arrives during the search stops it at once and ends
    /// the conversation, with nothing written after it (neither the move nor answers to
    /// lines sent before the `END`); an `INFO timeout_turn 0` (Piskvork's "stop
    /// thinking") or the output's closing (the manager is gone) stops the search at once,
    /// the best move so far is written, and the conversation goes on with the lines that
    /// came. Other lines (other `INFO` values among them) are read after the search and
    /// hold from the next move. An `END` already read when the search started (a script
    /// piped in at once) and the input's end do not stop a search. Linux only.
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
            self.converse(lines, out, &mut true, Some(&listener), true)
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

/// A line's first word and the rest, both without surrounding white space: a command
/// and its argument (`"INFO timeout_turn 0"` → `("INFO", "timeout_turn 0")`), or an
/// `INFO` key and its value; `("", "")` for a blank line.
fn first_word(text: &str) -> (&str, &str) {
    let text = text.trim();
    match text.split_once(char::is_whitespace) {
        Some((word, rest)) => (word, rest.trim()),
        None => (text, ""),
    }
}

/// The `MESSAGE` for an `INFO key value` whose number was refused with `e` (the
/// setting in force is kept): why, in the words of the key's kind of number (only the
/// match clock, `time_left`, may be negative); `cut` when the line was cut at
/// [`MAX_LINE`] bytes.
fn info_ignored(key: &str, value: &str, cut: bool, e: NumberError) -> String {
    let clock = key == "time_left";
    let expected = match (clock, e) {
        (_, NumberError::Sign) if value.starts_with('+') => e.to_string(),
        (true, NumberError::TooLarge) => {
            "expected a whole number of milliseconds from -9223372036854775808 to 9223372036854775807 (a signed 64-bit number)".into()
        }
        (true, _) => "expected a whole number of milliseconds".into(),
        (false, NumberError::TooLarge) => {
            "expected a whole number up to 18446744073709551615".into()
        }
        (false, _) => "expected a whole number, 0 or more".into(),
    };
    format!(
        "MESSAGE INFO {key} {}: {expected}; ignored",
        echo(value, cut)
    )
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
    rebuilt(board, rule, Some(board.moves()), None, board.side_to_move())
}

/// `board` without the stone (or blocker) on `removed`, for a `TAKEBACK` of a stone that
/// is not the last move: the side of a removed stone is to move (it is taken back), the
/// side to move stays for a blocker. The other stones are replayed by alternate play,
/// each side's in the order they were played, when their counts let that end with the
/// side to move (then they can be taken back in turn); else, or when the rule refuses a
/// stone in that order, they are placed as setup stones of their own colours. Then the
/// blockers (`BOARD` field 3) but `removed`.
fn without_stone(board: &Board, removed: Cell) -> Board {
    let to_move = board.stone(removed).unwrap_or(board.side_to_move());
    let of = |side: Side| -> Vec<Cell> {
        board
            .moves()
            .iter()
            .copied()
            .filter(|&c| c != removed && board.stone(c) == Some(side))
            .collect()
    };
    let (black, white) = (of(Side::First), of(Side::Second));
    // Alternate play from black ends with black to move after equal counts, with white
    // to move after one black stone more.
    let alternate = match to_move {
        Side::First => black.len() == white.len(),
        Side::Second => black.len() == white.len() + 1,
    };
    let order: Vec<Cell> = black
        .iter()
        .enumerate()
        .flat_map(|(k, &b)| std::iter::once(b).chain(white.get(k).copied()))
        .collect();
    rebuilt(
        board,
        board.rule(),
        alternate.then_some(&order[..]),
        Some(removed),
        to_move,
    )
}

/// A board of `board`'s size under `rule` holding `board`'s stones and blockers but the
/// one on `removed`, with `to_move` to move: the stones replayed by alternate play in
/// the order `play` when it is given, each the side to move's and accepted by the rule;
/// else (or when one is not) placed as setup stones of their own colours, in the order
/// played. Then the blocking stones (`BOARD` field 3).
fn rebuilt(
    board: &Board,
    rule: Rule,
    play: Option<&[Cell]>,
    removed: Option<Cell>,
    to_move: Side,
) -> Board {
    let size = u32::from(board.size());
    let mut nb = Board::with_size(size, rule).expect("same size");
    let replayed = play.is_some_and(|order| {
        order
            .iter()
            .all(|&c| board.stone(c) == Some(nb.side_to_move()) && nb.try_play(c).is_ok())
    });
    if !replayed {
        nb = Board::with_size(size, rule).expect("same size");
        for &c in board.moves().iter().filter(|&&c| Some(c) != removed) {
            let side = board.stone(c).expect("a stone played is on its cell");
            if nb.place(c, side).is_err() {
                break;
            }
        }
    }
    for i in board.blocked_cells() {
        let c = board.cell_of(i);
        if Some(c) != removed {
            // An empty cell of the new board: the blockers' cells hold no stone.
            let _ = nb.place_blocker(c);
        }
    }
    nb.set_side_to_move(to_move);
    nb
}

/// One stone line of a block: `x,y,field` with field 1, 2 or 3.
fn parse_stone_line(line: &str) -> Result<(Cell, u8), &'static str> {
    const EXPECTED: &str = "expected x,y,1|2|3";
    let (xy, field) = line.rsplit_once(',').ok_or(EXPECTED)?;
    let field = decimal::unsigned(field.trim())
        .ok()
        .filter(|f| (1..=3).contains(f))
        .ok_or(EXPECTED)? as u8;
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

/// The largest transposition table the brain makes, in MiB (with no memory limit).
pub const MAX_TABLE_MIB: usize = 64;

/// The smallest transposition table the brain makes, in MiB, however low `max_memory`.
pub const MIN_TABLE_MIB: usize = 1;

/// What the brain needs besides its transposition table, in bytes: the program, its
/// threads, the engine's threat solvers and move lists. Measured as the peak resident
/// memory (`VmHWM`, what Piskvork checks: the peak working set) over self-play games at
/// 300 ms to 1 s a move with a 1 MiB table, less the table: 8.2 MiB in a test build,
/// 7.4 MiB in a release build; 9 MiB keeps a margin.
pub const BRAIN_MEMORY: u64 = 9 << 20;

/// What each search thread beyond the first ([`Brain::search_threads`]) adds to
/// [`BRAIN_MEMORY`], in bytes: its copy of the engine's threat solvers' tables (about 3
/// MiB: the root VCF's and VCT's failure tables, 64 Ki entries each) and its stack.
pub const HELPER_MEMORY: u64 = 4 << 20;

/// The least `max_memory` the brain can keep, in bytes: [`BRAIN_MEMORY`] and the
/// smallest table. A lower limit is answered with a `MESSAGE` saying it cannot be met,
/// and the brain plays with its smallest table.
pub const MIN_MEMORY: u64 = BRAIN_MEMORY + ((MIN_TABLE_MIB as u64) << 20);

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

/// Runs its closure when dropped: on every way out of a scope, unwinding included.
struct OnDrop<F: FnMut()>(F);

impl<F: FnMut()> Drop for OnDrop<F> {
    fn drop(&mut self) {
        (self.0)();
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
/// back whole. When its line was `cut` at [`MAX_LINE`] bytes, its length is unknown: the
/// answer says the line was longer than that (before, it gave the cut length as the
/// command's).
fn echo(cmd: &str, cut: bool) -> String {
    match zerosum::text::head(cmd, ECHO_CHARS) {
        None if !cut => format!("{cmd:?}"),
        None => format!("{cmd:?}… (a line longer than {MAX_LINE} bytes, cut there)"),
        Some(head) if cut => {
            format!("{head:?}… (a line longer than {MAX_LINE} bytes, cut there)")
        }
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
mod tests;
