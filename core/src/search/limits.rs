//! Search limits and the stop flag.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
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

/// When an iterative-deepening search must stop. Every limit is optional; with none the
/// search goes on until the game's end is proven or [`crate::MAX_PLY`] is reached.
///
/// The search always finishes depth 1 so that it has a move, then stops at the first of:
/// `depth` finished, `nodes` visited, `time` elapsed, or `stop` set. An interrupted
/// depth's partial result is used only where it is safe (its first root move searched).
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Deepest iteration, in plies.
    pub depth: Option<u32>,
    /// Node budget (one node = one position visited); gives reproducible runs.
    pub nodes: Option<u64>,
    /// Wall-clock budget from the start of the search.
    pub time: Option<Duration>,
    /// Cancellation from another thread.
    pub stop: Option<StopFlag>,
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

    /// These limits, also watching `stop`.
    pub fn with_stop(mut self, stop: StopFlag) -> Self {
        self.stop = Some(stop);
        self
    }
}
