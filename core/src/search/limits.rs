//! Search limits and the stop flag.

use crate::time::{GameClock, TimeSource};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

/// A flag another thread (a UI, a protocol handler) sets to end a search early. Cheap to
/// clone: clones share one flag.
#[derive(Clone, Debug, Default)]
pub struct StopFlag(Arc<AtomicBool>);

impl StopFlag {
    /// A new, unset flag.
    pub fn new() -> Self {
        Self::default()
    }

    /// Asks every search watching this flag to stop as soon as it can.
    pub fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Clears the flag so that it can be used for the next search.
    pub fn reset(&self) {
        self.0.store(false, Ordering::Relaxed);
    }

    /// True once [`StopFlag::stop`] has been called (and not reset).
    #[inline]
    pub fn is_stopped(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// What a front end asks of one search (a move, an analysis). Every limit is optional;
/// with none the search goes on until the game's end is proven or [`crate::MAX_PLY`] is
/// reached (an exact solver: until it has solved the position, which can take very long).
///
/// Searches turn these into a [`crate::time::Budget`] (optimum and maximum time, node
/// limit, stop flag) and poll it; see [`crate::time`] for how a per-move limit and a game
/// clock become times, and for the polling contract every search keeps.
///
/// Iterative deepening always finishes depth 1 so that it has a move, then stops at the
/// first of: `depth` finished, `nodes` visited, the maximum time reached, or `stop` set;
/// and starts no new depth after the optimum time. An interrupted depth's partial result
/// is used only where it is safe (its first root move searched). The exceptions are
/// engines whose limits are hard caps at depth 1 too: Othello's and Gomoku's node limit
/// (for reproducible runs), and Gomoku's time limit and stop flag (its root threat
/// solvers come before depth 1, and a Gomocup brain must answer within its time). A
/// limit that leaves nothing for depth 1 (a node limit of `0`; a time or a stop that
/// ends the search during Gomoku's root solvers) gives a depth-0 result, a legal move
/// without search valued by the static evaluation, never marked exact.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Deepest iteration, in plies. Depth 1 is the least a search finishes: `Some(0)`
    /// searches as `Some(1)`.
    pub depth: Option<u32>,
    /// Node budget (one node = one position visited); gives reproducible runs. Depth 1
    /// finishes past it, except in an engine that holds it as a hard cap (see above).
    pub nodes: Option<u64>,
    /// Per-move time limit from the start of the search (`--time-ms`, Gomocup
    /// `timeout_turn`): the answer comes within it, and most of it is used.
    pub time: Option<Duration>,
    /// The game clock (time left, increment, moves to go), when the front end has one.
    pub clock: Option<GameClock>,
    /// Cancellation from another thread.
    pub stop: Option<StopFlag>,
    /// The clock searches read; `None` for the system clock. Tests inject a
    /// [`crate::time::TickClock`].
    pub time_source: Option<Arc<dyn TimeSource>>,
    /// A counter the search publishes its node count into at every poll (see
    /// [`crate::time::Budget::with_progress`]), so that another thread (a terminal UI) can
    /// show a long search's progress; `None` publishes nothing.
    pub progress: Option<Arc<AtomicU64>>,
}

impl Limits {
    /// Limits to a fixed depth in plies.
    pub fn depth(depth: u32) -> Self {
        Limits {
            depth: Some(depth),
            ..Self::default()
        }
    }

    /// Limits to a node budget.
    pub fn nodes(nodes: u64) -> Self {
        Limits {
            nodes: Some(nodes),
            ..Self::default()
        }
    }

    /// Limits to a time budget.
    pub fn time(time: Duration) -> Self {
        Limits {
            time: Some(time),
            ..Self::default()
        }
    }

    /// Limits to a game clock.
    pub fn clock(clock: GameClock) -> Self {
        Limits {
            clock: Some(clock),
            ..Self::default()
        }
    }

    /// These limits, read from `source` instead of the system clock.
    pub fn with_time_source(mut self, source: Arc<dyn TimeSource>) -> Self {
        self.time_source = Some(source);
        self
    }

    /// True when nothing but the stop flag bounds the search (no depth, nodes or time).
    pub fn is_unbounded(&self) -> bool {
        self.depth.is_none() && self.nodes.is_none() && self.time.is_none() && self.clock.is_none()
    }

    /// These limits, also watching `stop`.
    pub fn with_stop(mut self, stop: StopFlag) -> Self {
        self.stop = Some(stop);
        self
    }

    /// These limits, publishing the search's node count into `counter` at every poll.
    pub fn with_progress(mut self, counter: Arc<AtomicU64>) -> Self {
        self.progress = Some(counter);
        self
    }
}
