//! Time control: one budget for every search.
//!
//! A front end says how much time a move may take in one of two ways (both may be given;
//! the tighter wins):
//!
//! - a **per-move limit** ([`Limits::time`], `--time-ms`, Gomocup `timeout_turn`): the
//!   answer must come within it; the search uses nearly all of it, because time not used
//!   for this move is lost;
//! - a **game clock** ([`GameClock`]: time left, increment, moves to go; Gomocup
//!   `time_left`/`timeout_match`, NBoard's clock): the engine spends a share of what is
//!   left, more when the position needs it.
//!
//! [`Budget::new`] turns [`Limits`] into two times measured from the start of the search
//! (the model is Stockfish's `TimeManagement` and Rapfi's `TimeControl`):
//!
//! - the **optimum**: iterative deepening starts another iteration only while less than
//!   this has passed ([`Budget::start_iteration`]);
//! - the **maximum**: a hard stop; every search polls [`Budget::should_stop`] and returns
//!   soon after it is reached, with the best result it can vouch for.
//!
//! | limits given | optimum | maximum |
//! |---|---|---|
//! | per move `t` | `t − overhead` | `t − overhead` |
//! | clock: left `r`, increment `i`, moves to go `m` (default [`GameClock::DEFAULT_MOVES_TO_GO`]) | `min(r / m + 3i/4, maximum) − overhead` | `min(4·(r / m + 3i/4), r/4 + i, 3r/4) − overhead` (the increment comes after the move) |
//! | both | the smaller of each | |
//!
//! The overhead ([`Budget::overhead`]: 1/40 of the limit, at most 5 ms; for a clock, of
//! its maximum) keeps the answer inside the limit once printing and process start-up are
//! counted. A large increment does not raise the optimum past the maximum: with 2 s left
//! and a 10 s increment both are 1.495 s.
//!
//! # Polling: the contract for every search
//!
//! Every search — the core [`Searcher`](crate::search::Searcher) and each game's own
//! solvers and threat searches — calls [`Budget::should_stop`] with its node count **once
//! per node** (or, for a search whose nodes are very cheap, at least every few hundred
//! nodes) and unwinds as soon as it returns `true`:
//!
//! - the **node limit** is compared on every call, always the same way: the search stops
//!   once `nodes >= limit`, so a search visits at most `limit` nodes (plus those its
//!   callers count after the stop);
//! - the **clock and the [`StopFlag`]** are read every [`POLL_INTERVAL`] calls, so a
//!   search notices a stop within `POLL_INTERVAL` nodes — well under a millisecond for
//!   every game here;
//! - once it has returned `true` it keeps returning `true` (the stop is sticky), so
//!   every level of a recursion sees it.
//!
//! A search that runs in phases (a threat search, then a main search) shares one
//! `Budget` between them, or gives a phase a part of it with [`Budget::share`].
//!
//! # Testing time behaviour without a wall clock
//!
//! [`Limits::time_source`] replaces the system clock. [`TickClock`] advances by a fixed
//! step each time it is read, so "time" becomes a count of polls and a test can check
//! what the engine reports (elapsed ≤ maximum + one poll interval, iterations started
//! only before the optimum) deterministically, with no wall-clock assertion.
//!
//! ```
//! use std::sync::Arc;
//! use std::time::Duration;
//! use zerosum::search::Limits;
//! use zerosum::time::{Budget, TickClock};
//!
//! // A clock that moves 1 ms each time it is read.
//! let clock = Arc::new(TickClock::new(Duration::from_millis(1)));
//! let limits = Limits::time(Duration::from_millis(200)).with_time_source(clock);
//! let budget = Budget::new(&limits);
//! assert_eq!(budget.maximum(), Some(Duration::from_millis(195)));
//! let mut nodes = 0;
//! while !budget.should_stop(nodes) {
//!     nodes += 1;
//! }
//! // The clock is read once every POLL_INTERVAL calls: 195 reads until the stop.
//! assert!(budget.elapsed() >= Duration::from_millis(195));
//! assert!(nodes <= 196 * zerosum::time::POLL_INTERVAL as u64);
//! ```

use crate::search::{Limits, StopFlag};
use std::cell::Cell;
use std::fmt::Debug;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// How many [`Budget::should_stop`] calls pass between two readings of the clock and the
/// stop flag.
pub const POLL_INTERVAL: u32 = 1024;

/// A source of time, injectable through [`Limits::time_source`] so that tests can drive a
/// search's clock. The system clock is used when none is given.
pub trait TimeSource: Debug + Send + Sync {
    /// Time since an arbitrary fixed origin; never decreases.
    fn now(&self) -> Duration;
}

/// A test clock that advances by `step` every time it is read (and can be advanced by
/// hand): time becomes a count of polls, and time tests become deterministic.
#[derive(Debug, Default)]
pub struct TickClock {
    nanos: AtomicU64,
    step: u64,
}

impl TickClock {
    /// A clock at zero that moves `step` forward on each reading.
    pub fn new(step: Duration) -> Self {
        TickClock {
            nanos: AtomicU64::new(0),
            step: step.as_nanos() as u64,
        }
    }

    /// Moves the clock `by` forward.
    pub fn advance(&self, by: Duration) {
        self.nanos
            .fetch_add(by.as_nanos() as u64, Ordering::Relaxed);
    }
}

impl TimeSource for TickClock {
    fn now(&self) -> Duration {
        Duration::from_nanos(self.nanos.fetch_add(self.step, Ordering::Relaxed) + self.step)
    }
}

/// A game clock, as chess and Gomocup managers send it: the time left for all the
/// player's remaining moves, the increment added after each move, and (for a repeating
/// time control) the moves until the next time is added.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GameClock {
    /// Time left on the player's clock.
    pub remaining: Duration,
    /// Time added to the clock after every move.
    pub increment: Duration,
    /// Moves until the clock is refilled; `None`: the rest of the game (the budget then
    /// assumes [`GameClock::DEFAULT_MOVES_TO_GO`]).
    pub moves_to_go: Option<u32>,
}

impl GameClock {
    /// The number of moves a clock without `moves_to_go` is shared over.
    pub const DEFAULT_MOVES_TO_GO: u32 = 30;

    /// The optimum and maximum for one move, before the overhead.
    fn plan(&self) -> (Duration, Duration) {
        let moves = self.moves_to_go.unwrap_or(Self::DEFAULT_MOVES_TO_GO).max(1);
        // Saturating: a clock of `Duration::MAX` ("no limit") plans without overflow.
        let optimum = (self.remaining / moves).saturating_add(self.increment.saturating_mul(3) / 4);
        // The increment comes after the move: the move itself has only `remaining`, so
        // the maximum keeps a quarter of it back whatever the increment (a clock of 2 s
        // with a 10 s increment planned 10 s and lost on time).
        let maximum = optimum
            .saturating_mul(4)
            .min((self.remaining / 4).saturating_add(self.increment))
            .min(self.remaining / 4 * 3);
        (optimum.min(maximum), maximum)
    }
}

#[derive(Clone, Debug)]
enum Timer {
    System(Instant),
    Custom(Arc<dyn TimeSource>, Duration),
}

impl Timer {
    fn elapsed(&self) -> Duration {
        match self {
            Timer::System(start) => start.elapsed(),
            Timer::Custom(source, start) => source.now().saturating_sub(*start),
        }
    }
}

/// One search's budget: node limit, optimum and maximum time from its start, and the stop
/// flag — what every search polls (see the [module docs](self) for the contract).
///
/// Cheap to create and to clone; a clone shares the start time and the stop flag but
/// has its own poll counter and sticky stop.
#[derive(Clone, Debug)]
pub struct Budget {
    timer: Timer,
    optimum: Option<Duration>,
    maximum: Option<Duration>,
    nodes: Option<u64>,
    stop: Option<StopFlag>,
    countdown: Cell<u32>,
    stopped: Cell<bool>,
    progress: Option<Arc<AtomicU64>>,
}

impl Budget {
    /// Starts the clock of a search under `limits` now.
    pub fn new(limits: &Limits) -> Self {
        let timer = match &limits.time_source {
            Some(source) => Timer::Custom(source.clone(), source.now()),
            None => Timer::System(Instant::now()),
        };
        let mut optimum: Option<Duration> = None;
        let mut maximum: Option<Duration> = None;
        let mut tighten = |opt: Duration, max: Duration| {
            optimum = Some(optimum.map_or(opt, |o| o.min(opt)));
            maximum = Some(maximum.map_or(max, |m| m.min(max)));
        };
        if let Some(t) = limits.time {
            let t = t.saturating_sub(Self::overhead(t));
            tighten(t, t);
        }
        if let Some(clock) = &limits.clock {
            let (opt, max) = clock.plan();
            let o = Self::overhead(max);
            tighten(opt.saturating_sub(o), max.saturating_sub(o));
        }
        Budget {
            timer,
            optimum,
            maximum,
            nodes: limits.nodes,
            stop: limits.stop.clone(),
            countdown: Cell::new(POLL_INTERVAL),
            stopped: Cell::new(false),
            progress: limits.progress.clone(),
        }
    }

    /// Publishes the node count into `counter` at every full poll (every
    /// [`POLL_INTERVAL`] calls of [`Budget::should_stop`], every call of
    /// [`Budget::exceeded`]), so that another thread can show a long search's progress.
    /// Costs one relaxed store per poll; none without a counter.
    pub fn with_progress(mut self, counter: Arc<AtomicU64>) -> Budget {
        self.progress = Some(counter);
        self
    }

    /// Publishes `nodes` into the progress counter ([`Budget::with_progress`]; nothing
    /// without one). [`Budget::should_stop`] and [`Budget::exceeded`] do it at each full
    /// poll; a search that polls with [`Budget::poll`] or [`Budget::poll_at`] on its own
    /// schedule calls it there with its node count.
    #[inline]
    pub fn publish(&self, nodes: u64) {
        if let Some(p) = &self.progress {
            p.store(nodes, Ordering::Relaxed);
        }
    }

    /// This budget without its progress counter: for the helper threads of a parallel
    /// search, whose node counts are their own and would overwrite the main thread's.
    pub fn without_progress(mut self) -> Budget {
        self.progress = None;
        self
    }

    /// This budget watching `stop` instead of its own stop flag (the helper threads of
    /// a parallel search: the search's thread stops them through `stop` when it ends,
    /// having watched the caller's flag itself).
    pub fn with_stop(mut self, stop: StopFlag) -> Budget {
        self.stop = Some(stop);
        self
    }

    /// A budget with no limit at all (it stops only by its own flag if given one).
    pub fn unlimited() -> Self {
        Self::new(&Limits::default())
    }

    /// The time kept back from a limit `t` for answering: `t / 40`, at most 5 ms.
    pub fn overhead(t: Duration) -> Duration {
        (t / 40).min(Duration::from_millis(5))
    }

    /// Time since the search started.
    pub fn elapsed(&self) -> Duration {
        self.timer.elapsed()
    }

    /// The time after which no new iteration starts, from the search's start.
    pub fn optimum(&self) -> Option<Duration> {
        self.optimum
    }

    /// The hard time limit, from the search's start.
    pub fn maximum(&self) -> Option<Duration> {
        self.maximum
    }

    /// The node limit.
    pub fn node_limit(&self) -> Option<u64> {
        self.nodes
    }

    /// True when the search has a time limit or a node limit (an exact solver without
    /// either may run for a very long time).
    pub fn is_bounded(&self) -> bool {
        self.maximum.is_some() || self.nodes.is_some()
    }

    /// True when a stop flag is watched (a UI or protocol may cancel the search).
    pub fn can_be_stopped(&self) -> bool {
        self.stop.is_some()
    }

    /// True when the stop flag is raised: the caller asked the search to stop (not a
    /// limit reached).
    pub fn stop_requested(&self) -> bool {
        self.stop.as_ref().is_some_and(StopFlag::is_stopped)
    }

    /// The cheap check every search makes once per node, with its node count: true once
    /// `nodes >= ` the node limit (checked every call), or the maximum time has passed or
    /// the stop flag is set (checked every [`POLL_INTERVAL`] calls). Sticky.
    #[inline]
    pub fn should_stop(&self, nodes: u64) -> bool {
        if self.stopped.get() {
            return true;
        }
        if self.nodes.is_some_and(|limit| nodes >= limit) {
            self.stopped.set(true);
            return true;
        }
        let c = self.countdown.get() - 1;
        if c == 0 {
            self.countdown.set(POLL_INTERVAL);
            self.publish(nodes);
            self.poll()
        } else {
            self.countdown.set(c);
            false
        }
    }

    /// The full check, now: the stop flag and the maximum time (not the node limit, which
    /// needs the count). Sticky like [`Budget::should_stop`].
    pub fn poll(&self) -> bool {
        // Without a time limit the clock is not read.
        let elapsed = if self.maximum.is_some() && !self.stopped.get() {
            self.elapsed()
        } else {
            Duration::ZERO
        };
        self.poll_at(elapsed)
    }

    /// [`Budget::poll`] with the time since the search's start already read by the
    /// caller (`elapsed`, from [`Budget::elapsed`] a moment ago): a search that reads the
    /// clock for its own reasons at every poll then reads it once, not twice.
    pub fn poll_at(&self, elapsed: Duration) -> bool {
        if self.stopped.get() {
            return true;
        }
        let flag = self.stop.as_ref().is_some_and(StopFlag::is_stopped);
        if flag || self.maximum.is_some_and(|m| elapsed >= m) {
            self.stopped.set(true);
        }
        self.stopped.get()
    }

    /// The full check now, for a search that polls on its own schedule (every 2^k nodes):
    /// the node limit (`nodes >= limit`), the stop flag and the maximum time. Sticky.
    pub fn exceeded(&self, nodes: u64) -> bool {
        self.publish(nodes);
        if self.nodes.is_some_and(|limit| nodes >= limit) {
            self.stopped.set(true);
        }
        self.poll()
    }

    /// True once a stop has been seen (by [`Budget::should_stop`] or [`Budget::poll`]).
    pub fn is_stopped(&self) -> bool {
        self.stopped.get()
    }

    /// Whether iterative deepening should start another iteration, after `nodes` nodes:
    /// false once stopped, at the node limit, or past the optimum time.
    pub fn start_iteration(&self, nodes: u64) -> bool {
        if self.poll() || self.nodes.is_some_and(|limit| nodes >= limit) {
            return false;
        }
        self.optimum.is_none_or(|o| self.elapsed() < o)
    }

    /// The part an exact solver gets before a search takes over (`perfect` levels): all
    /// of it when `limits` set no time or node limit, else half of the time and nodes.
    /// Its hard limit is half of what is left of the optimum, not of the maximum: under
    /// a game clock the maximum lies well past the optimum, and a solver that ran to half
    /// of it left the search after it past its optimum, so that it stopped after one ply
    /// (a helper's report: depth-1 moves at the perfect level with a 10 s clock).
    pub fn exact_part(&self, limits: &Limits) -> Budget {
        if self.is_bounded() {
            self.share(0.5, limits.nodes.map(|n| n / 2))
                .capped_at_optimum()
        } else {
            self.clone()
        }
    }

    /// This budget with its hard limit moved back to its optimum (when it has both): for
    /// work that should not take the time a game clock keeps in reserve past the move's
    /// planned time (an exact solver's part, a principal variation after the move is
    /// known).
    pub fn capped_at_optimum(mut self) -> Budget {
        if let (Some(o), Some(m)) = (self.optimum, self.maximum) {
            self.maximum = Some(o.min(m));
        }
        self
    }

    /// This budget for the next of several searches that share it after the earlier
    /// ones used `spent` nodes (a search after an exact solver that gave up, the moves'
    /// solves of an analysis): the same clock and stop flag, all the time left, and the
    /// node limit less `spent` (none without a node limit).
    pub fn rest_of_nodes(&self, spent: u64) -> Budget {
        self.share(1.0, self.nodes.map(|n| n.saturating_sub(spent)))
    }

    /// A budget for one phase of a search: the same start, stop flag and clock, at most
    /// `fraction` (0 to 1) of the time that is left now (both optimum and maximum), and at
    /// most `nodes` nodes counted by the phase itself.
    pub fn share(&self, fraction: f64, nodes: Option<u64>) -> Budget {
        let now = self.elapsed();
        let part = |limit: Duration| {
            let rest = limit.saturating_sub(now);
            // `mul_f64` panics when the product rounds past `Duration::MAX`, as
            // `Duration::MAX` ("no limit") times 1.0 does.
            let f = fraction.clamp(0.0, 1.0);
            let part = Duration::try_from_secs_f64(rest.as_secs_f64() * f).unwrap_or(rest);
            now.saturating_add(part.min(rest))
        };
        Budget {
            timer: self.timer.clone(),
            optimum: self.optimum.map(part),
            maximum: self.maximum.map(part),
            nodes,
            stop: self.stop.clone(),
            countdown: Cell::new(POLL_INTERVAL),
            stopped: Cell::new(self.stopped.get()),
            progress: self.progress.clone(),
        }
    }
}

/// The CPU time (user + system) this thread has used so far: POSIX
/// `CLOCK_THREAD_CPUTIME_ID`, nanosecond resolution. `None` where the platform has no
/// such clock (outside Unix). Speed figures on a shared machine come from it: wall time
/// there can be several times the CPU time.
pub fn thread_cpu_time() -> Option<Duration> {
    cpu_clock(CpuClock::Thread)
}

/// The CPU time (user + system) this process, all its threads, has used so far: POSIX
/// `CLOCK_PROCESS_CPUTIME_ID`, nanosecond resolution. `None` outside Unix.
pub fn process_cpu_time() -> Option<Duration> {
    cpu_clock(CpuClock::Process)
}

enum CpuClock {
    Thread,
    Process,
}

#[cfg(unix)]
fn cpu_clock(clock: CpuClock) -> Option<Duration> {
    use rustix::time::{ClockId, clock_gettime};
    let t = clock_gettime(match clock {
        CpuClock::Thread => ClockId::ThreadCPUTime,
        CpuClock::Process => ClockId::ProcessCPUTime,
    });
    Some(Duration::new(
        u64::try_from(t.tv_sec).ok()?,
        u32::try_from(t.tv_nsec).ok()?,
    ))
}

#[cfg(not(unix))]
fn cpu_clock(_: CpuClock) -> Option<Duration> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    /// A clock with `remaining_ms` left, no increment.
    fn clock(remaining_ms: u64, moves_to_go: Option<u32>) -> GameClock {
        GameClock {
            remaining: ms(remaining_ms),
            increment: ms(0),
            moves_to_go,
        }
    }

    /// A budget with a progress counter publishes the node count it is polled with, and
    /// its shares publish into the same counter.
    #[test]
    fn progress_counter_follows_the_polls() {
        let counter = Arc::new(AtomicU64::new(0));
        let b = Budget::unlimited().with_progress(Arc::clone(&counter));
        for nodes in 1..=3 * u64::from(POLL_INTERVAL) {
            assert!(!b.should_stop(nodes));
        }
        assert_eq!(
            counter.load(Ordering::Relaxed),
            3 * u64::from(POLL_INTERVAL)
        );
        assert!(!b.exceeded(12_345));
        assert_eq!(counter.load(Ordering::Relaxed), 12_345);
        let part = b.share(0.5, None);
        assert!(!part.exceeded(7));
        assert_eq!(counter.load(Ordering::Relaxed), 7);
    }

    /// A counter given in the limits reaches the budget made from them.
    #[test]
    fn limits_carry_the_progress_counter() {
        let counter = Arc::new(AtomicU64::new(0));
        let b = Budget::new(&Limits::default().with_progress(Arc::clone(&counter)));
        assert!(!b.exceeded(4_321));
        assert_eq!(counter.load(Ordering::Relaxed), 4_321);
    }

    /// `poll_at` judges the maximum by the time it is given, not by the clock, and a
    /// stop it sees sticks.
    #[test]
    fn poll_at_reads_the_time_given() {
        let b = Budget::new(&Limits::time(ms(200)));
        assert!(!b.poll_at(ms(194)));
        assert!(!b.poll(), "a fresh budget is not past its maximum");
        assert!(b.poll_at(ms(195)));
        assert!(b.poll_at(ms(0)) && b.poll() && b.is_stopped());
        let unlimited = Budget::unlimited();
        assert!(!unlimited.poll_at(Duration::from_secs(1 << 40)));
    }

    #[test]
    fn a_per_move_limit_is_both_optimum_and_maximum() {
        let b = Budget::new(&Limits::time(ms(200)));
        assert_eq!(b.optimum(), Some(ms(195)));
        assert_eq!(b.maximum(), Some(ms(195)));
        let b = Budget::new(&Limits::time(ms(40)));
        assert_eq!(b.maximum(), Some(ms(39)));
    }

    #[test]
    fn a_game_clock_spreads_the_time_left() {
        let b = Budget::new(&Limits::clock(clock(60_000, None)));
        // 60 s / 30 moves = 2 s optimum, 8 s maximum, minus 5 ms each.
        assert_eq!(b.optimum(), Some(ms(1995)));
        assert_eq!(b.maximum(), Some(ms(7995)));
        // Little left: the maximum is a quarter of it.
        let b = Budget::new(&Limits::clock(clock(1000, Some(1))));
        assert_eq!(b.maximum(), Some(ms(245)));
        assert!(b.optimum() <= b.maximum());
    }

    #[test]
    fn the_tighter_of_clock_and_per_move_limit_wins() {
        let b = Budget::new(&Limits {
            time: Some(ms(5000)),
            clock: Some(clock(1000, None)),
            ..Limits::default()
        });
        assert!(b.maximum().unwrap() <= ms(250));
    }

    #[test]
    fn the_node_limit_is_nodes_at_least_limit() {
        let b = Budget::new(&Limits::nodes(10));
        assert!(!b.should_stop(9));
        assert!(b.should_stop(10));
        assert!(b.should_stop(0), "sticky");
        assert!(!Budget::new(&Limits::nodes(9)).start_iteration(9));
        assert!(Budget::new(&Limits::nodes(10)).start_iteration(9));
    }

    #[test]
    fn the_stop_flag_is_seen_within_one_poll_interval() {
        let stop = StopFlag::new();
        let b = Budget::new(&Limits::default().with_stop(stop.clone()));
        assert!(!b.should_stop(0));
        stop.stop();
        let calls = (1..=POLL_INTERVAL)
            .take_while(|_| !b.should_stop(0))
            .count();
        assert!(calls < POLL_INTERVAL as usize);
        assert!(b.is_stopped());
    }

    #[test]
    fn no_iteration_starts_after_the_optimum() {
        let ticks = Arc::new(TickClock::new(Duration::ZERO));
        let limits = Limits::clock(clock(30_000, None)).with_time_source(ticks.clone());
        let b = Budget::new(&limits);
        assert!(b.start_iteration(0));
        ticks.advance(ms(996));
        assert!(!b.start_iteration(0), "past the 995 ms optimum");
        assert!(!b.poll(), "but not past the maximum");
        ticks.advance(ms(3000));
        assert!(b.poll());
    }

    #[test]
    fn a_share_keeps_the_start_and_takes_part_of_what_is_left() {
        let clock = Arc::new(TickClock::new(Duration::ZERO));
        let b = Budget::new(&Limits::time(ms(400)).with_time_source(clock.clone()));
        clock.advance(ms(90));
        let part = b.share(0.5, Some(7));
        // Half of the 305 ms left of the 395 ms maximum.
        assert_eq!(part.maximum(), Some(ms(90) + ms(305) / 2));
        assert_eq!(part.node_limit(), Some(7));
        assert_eq!(part.elapsed(), ms(90));
    }

    /// The increment is added after the move, so a move never plans past the time left
    /// (a library user's report: 2 s left with a 10 s increment planned a 10 s maximum,
    /// and a search thought 8.8 s; 1 ms left with a huge increment searched for minutes).
    #[test]
    fn a_move_never_plans_past_the_time_left() {
        let with = |left: u64, inc: Duration, to_go| GameClock {
            remaining: ms(left),
            increment: inc,
            moves_to_go: to_go,
        };
        for clock in [
            with(2000, ms(10_000), None),
            with(1, ms(10_000), None),
            with(50, ms(60_000), Some(1)),
            with(1, Duration::MAX, None),
            with(1000, ms(1000), None),
        ] {
            let b = Budget::new(&Limits::clock(clock));
            let max = b.maximum().unwrap();
            assert!(max < clock.remaining.max(ms(1)), "{clock:?}: {max:?}");
            assert!(b.optimum() <= b.maximum(), "{clock:?}");
        }
    }

    /// `Duration::MAX`, a natural "no limit", as a per-move time, a clock or an increment:
    /// no overflow (a library user's report: `share` panicked in `mul_f64`, the clock's
    /// plan in `increment * 3`), and the budget is as long as a duration can be.
    #[test]
    fn the_largest_durations_plan_without_overflow() {
        let clock_of = |remaining, increment| GameClock {
            remaining,
            increment,
            moves_to_go: None,
        };
        for limits in [
            Limits::time(Duration::MAX),
            Limits::clock(clock_of(Duration::MAX, Duration::ZERO)),
            Limits::clock(clock_of(ms(1000), Duration::MAX)),
            Limits::clock(clock_of(Duration::MAX, Duration::MAX)),
        ] {
            let b = Budget::new(&limits);
            assert!(b.optimum() <= b.maximum(), "{limits:?}");
            assert!(b.maximum() >= Some(ms(245)), "{limits:?}");
            for fraction in [0.0, 0.5, 0.999_999, 1.0] {
                let part = b.share(fraction, None);
                assert!(part.maximum() <= b.maximum(), "{limits:?} {fraction}");
            }
            assert!(!b.should_stop(1));
        }
        let part = Budget::new(&Limits::time(Duration::MAX)).share(1.0, None);
        assert!(part.maximum() >= Some(Duration::MAX / 2));
    }

    /// Under a game clock the exact solver stops by half the optimum, so that a search
    /// after a failed solve still starts iterations (before, the solver's hard limit was
    /// half the maximum, past the optimum, and the search stopped after one ply).
    #[test]
    fn the_exact_part_leaves_the_search_half_the_optimum() {
        let ticks = Arc::new(TickClock::new(Duration::ZERO));
        let limits = Limits::clock(clock(30_000, None)).with_time_source(ticks.clone());
        let b = Budget::new(&limits);
        let (optimum, maximum) = (b.optimum().unwrap(), b.maximum().unwrap());
        assert!(maximum > optimum, "{optimum:?} {maximum:?}");
        let exact = b.exact_part(&limits);
        assert_eq!(exact.maximum(), Some(optimum / 2));
        // The solver runs to its limit and gives up: the search still has time.
        ticks.advance(optimum / 2);
        assert!(exact.poll());
        let rest = b.rest_of_nodes(0);
        assert!(rest.start_iteration(0));
        // A limit per move (optimum and maximum alike) is shared as before.
        let b = Budget::new(&Limits::time(ms(400)).with_time_source(ticks.clone()));
        let exact = b.exact_part(&Limits::time(ms(400)));
        assert_eq!(exact.maximum(), Some(b.maximum().unwrap() / 2));
    }

    #[test]
    fn cpu_clocks_advance_with_work() {
        let (t0, p0) = (thread_cpu_time(), process_cpu_time());
        let mut x = 0u64;
        for i in 0..20_000_000u64 {
            x = std::hint::black_box(x.wrapping_mul(31).wrapping_add(i));
        }
        if cfg!(unix) {
            assert!(thread_cpu_time().unwrap() > t0.unwrap());
            assert!(process_cpu_time().unwrap() > p0.unwrap());
        } else {
            assert_eq!((t0, p0), (None, None));
        }
    }
}
