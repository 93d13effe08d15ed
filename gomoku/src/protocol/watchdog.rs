//! The watchdog: a thread that answers a move (or a Swap2 opening) at its deadline when
//! the searching thread has not (it waits for a CPU on a busy machine), and the output
//! both threads share.

#[cfg(target_os = "linux")]
use super::listen::{Interrupt, Listener};
use super::{answer, trace};
use crate::board::Board;
use crate::cell::Cell;
use std::io::{self, Write};
use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};
use zerosum::search::StopFlag;

/// The lateness assumed before the watchdog has measured one.
pub(super) const INITIAL_LATENESS: Duration = Duration::from_millis(1);

/// The watchdog's lateness after it woke `late` past a deadline, from `old`: the
/// longer of the two, the old one less an eighth.
pub(super) fn decayed_lateness(late: Duration, old: Duration) -> Duration {
    late.max(old * 7 / 8)
}

/// An answer the watchdog may write in the searching thread's place.
#[derive(Clone, Debug)]
pub(super) enum Reply {
    /// A move, written `x,y`.
    Move(Cell),
    /// A Swap2 answer: its line (`SWAP`, or stones `x,y …`) and the board it leaves
    /// (the stones received and the ones it adds), the brain's game once it is written.
    Swap2 {
        /// The line as written.
        line: String,
        /// The position after it (boxed: a board is large, and moves are many).
        board: Box<Board>,
    },
}

impl Reply {
    /// The line written for it.
    pub(super) fn text(&self) -> String {
        match self {
            Reply::Move(c) => c.to_xy(),
            Reply::Swap2 { line, .. } => line.clone(),
        }
    }
}

/// The answer a watchdog guards.
pub(super) struct Guard {
    /// When the answer must be written.
    pub(super) deadline: Instant,
    /// The best answer so far (for a move the top-ranked candidate, then each finished
    /// iteration's; for Swap2 the choice of the comparisons made so far).
    pub(super) best: Option<Reply>,
    /// The answer written, once one was.
    pub(super) answer: Option<Reply>,
    /// The watchdog found the deadline passed (it answered, or had no move to give).
    pub(super) expired: bool,
    /// Stops the search.
    pub(super) stop: StopFlag,
}

/// What the searching thread and the watchdog share.
pub(super) struct Watch {
    pub(super) guard: Option<Guard>,
    /// See [`Brain::lateness`].
    pub(super) lateness: Duration,
    pub(super) quit: bool,
}

/// The conversation's output and the watchdog's state. Lock order: `out`, then `watch`;
/// a move is written while both are held, so exactly one of the two threads writes it
/// and nothing is written between its claim and its line.
pub(super) struct Link<'a, W> {
    pub(super) out: Mutex<&'a mut W>,
    pub(super) watch: Mutex<Watch>,
    pub(super) bell: Condvar,
    /// Told when each move's search starts and ends ([`Brain::run_listening`]).
    pub(super) listener: Option<&'a ListenerRef<'a>>,
}

/// The listener of [`Brain::run_listening`] (nothing off Linux).
#[cfg(target_os = "linux")]
pub(super) type ListenerRef<'a> = Listener<'a>;
/// The listener of [`Brain::run_listening`] (nothing off Linux).
#[cfg(not(target_os = "linux"))]
pub(super) type ListenerRef<'a> = std::marker::PhantomData<&'a ()>;

/// A lock whose holder panicked is still used (the state is plain values).
pub(super) fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl<'a, W: Write> Link<'a, W> {
    pub(super) fn new(
        out: &'a mut W,
        lateness: Duration,
        listener: Option<&'a ListenerRef<'a>>,
    ) -> Self {
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
    pub(super) fn search_started(&self, stop: &StopFlag) {
        #[cfg(target_os = "linux")]
        if let Some(l) = self.listener {
            l.search_started(stop);
        }
        #[cfg(not(target_os = "linux"))]
        let _ = stop;
    }

    /// The search ended; returns what stopped it, if the listener did.
    #[cfg(target_os = "linux")]
    pub(super) fn search_ended(&self) -> Option<Interrupt> {
        self.listener.and_then(Listener::search_ended)
    }

    /// The search ended (no listener off Linux).
    #[cfg(not(target_os = "linux"))]
    pub(super) fn search_ended(&self) -> Option<()> {
        None
    }

    /// Whether an `END` arrived during the running (or last) search: the listener of
    /// [`Brain::run_listening`] stopped it for that, and nothing more may be written.
    #[cfg(target_os = "linux")]
    pub(super) fn end_arrived(&self) -> bool {
        self.listener.is_some_and(Listener::end_arrived)
    }

    /// Whether an `END` arrived during the running search (never: no listener off
    /// Linux).
    #[cfg(not(target_os = "linux"))]
    pub(super) fn end_arrived(&self) -> bool {
        false
    }

    /// Writes one line and flushes it.
    pub(super) fn write(&self, text: &str) -> io::Result<()> {
        answer(&mut **lock(&self.out), text)
    }

    /// Hands a move to the watchdog.
    pub(super) fn arm(&self, guard: Guard) {
        lock(&self.watch).guard = Some(guard);
        self.bell.notify_all();
    }

    /// A better answer than the guard's so far (a finished iteration's best move, a
    /// Swap2 comparison's choice).
    pub(super) fn improve(&self, reply: Reply) {
        if let Some(g) = lock(&self.watch).guard.as_mut() {
            g.best = Some(reply);
        }
    }

    /// The search's result: written unless the watchdog answered first. Returns the
    /// answer written (`None`: none was, and none was found).
    pub(super) fn settle(&self, found: Option<Reply>) -> io::Result<Option<Reply>> {
        let mut out = lock(&self.out);
        let guard = lock(&self.watch).guard.take();
        if let Some(written) = guard.and_then(|g| g.answer) {
            return Ok(Some(written));
        }
        if let Some(r) = &found {
            answer(&mut **out, &r.text())?;
        }
        Ok(found)
    }

    /// The search was stopped by an `END`: its move is not written, and the watchdog no
    /// longer guards it. (A move the watchdog wrote before the `END` was seen stays
    /// written: it went out before the `END` was read.)
    pub(super) fn abandon(&self) {
        let _out = lock(&self.out);
        lock(&self.watch).guard = None;
        self.bell.notify_all();
    }

    pub(super) fn lateness(&self) -> Duration {
        lock(&self.watch).lateness
    }

    /// Tests: waits until the watchdog has answered the armed move (true) or `timeout`
    /// has passed (false).
    #[cfg(test)]
    pub(super) fn wait_answered(&self, timeout: Duration) -> bool {
        let w = lock(&self.watch);
        let (w, _) = self
            .bell
            .wait_timeout_while(w, timeout, |w| {
                w.guard.as_ref().is_some_and(|g| g.answer.is_none())
            })
            .unwrap_or_else(|e| e.into_inner());
        w.guard.as_ref().is_some_and(|g| g.answer.is_some())
    }

    pub(super) fn quit(&self) {
        lock(&self.watch).quit = true;
        self.bell.notify_all();
    }
}

/// The watchdog thread: sleeps until the armed answer's deadline; if no answer was
/// written by then, writes the best answer so far (unless an `END` stopped the search:
/// nothing is written after it) and stops the search. Each time it
/// wakes at a deadline it measures how late it woke ([`Brain::lateness`]).
pub(super) fn watchdog<W: Write>(link: &Link<'_, W>) {
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
                        && !link.end_arrived()
                        && let Some(best) = g.best.clone()
                    {
                        let _ = answer(&mut **out, &best.text());
                        g.answer = Some(best);
                        trace("watchdog", "");
                    }
                }
                drop(out);
                link.bell.notify_all();
            }
        }
    }
}
