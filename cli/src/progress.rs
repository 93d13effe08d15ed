//! Progress of long line-by-line work (`solve`, `analyze`, `bestmove`) on standard error.
//!
//! Progress costs nothing when nobody sees it: when standard error is not a terminal no
//! thread is started and no counter is handed to the solver. When it is a terminal, one
//! drawing thread serves the whole run (not one per input line); a task shows a spinner
//! with its label and node count once it has taken longer than [`DEFAULT_DELAY`].
//!
//! The drawing thread writes to standard error itself, so the caller must never hold the
//! standard-error lock while a task runs (see [`crate::lines`]): that is what made
//! `connect4 solve` hang in a terminal.
//!
//! `ZEROSUM_PROGRESS_DELAY_MS` overrides the delay (`0`: show every task at once; the
//! pseudo-terminal tests use it).

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How long a task runs before its spinner appears.
pub const DEFAULT_DELAY: Duration = Duration::from_secs(1);

/// How often a shown spinner is redrawn.
const TICK: Duration = Duration::from_millis(120);

/// Where the spinner is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Target {
    /// Standard error (a terminal).
    Stderr,
    /// Nowhere, but with the same thread and timing (tests).
    #[cfg(test)]
    Hidden,
}

/// What a task shares with the drawing thread besides its node counter.
#[derive(Default)]
struct Shared {
    /// Shown after the node count (`move 3 of 10, about 12 s left`).
    detail: Mutex<String>,
    /// Nodes of the parts of the task already done.
    base: AtomicU64,
}

enum Message {
    /// A task begins: its label, its node counter, the counter's value at the start, and
    /// what else it shares.
    Start(String, Arc<AtomicU64>, u64, Arc<Shared>),
    /// The task ended: clear the spinner, then acknowledge.
    Stop,
}

struct Drawer {
    to_thread: Sender<Message>,
    acks: Receiver<()>,
    thread: Option<JoinHandle<()>>,
}

/// Progress display for one run of a command. Create it once, then wrap each line's work
/// in [`Progress::task`].
pub struct Progress {
    target: Option<Target>,
    delay: Duration,
    drawer: Option<Drawer>,
    /// Drawing threads started by this run: 0 when unseen, at most 1.
    threads_started: usize,
    /// Every text the spinner was given, when recorded (tests).
    log: Option<Log>,
}

/// The texts a spinner was given, in order (tests read them).
type Log = Arc<Mutex<Vec<String>>>;

/// One running task; its spinner is cleared when it is dropped.
pub struct Task<'a> {
    progress: &'a mut Progress,
    counter: Option<Arc<AtomicU64>>,
    start: u64,
    shared: Arc<Shared>,
}

impl Task<'_> {
    /// The node counter the solver should add to, or `None` when nobody watches (then
    /// the solver need not count at all).
    pub fn counter(&self) -> Option<Arc<AtomicU64>> {
        self.counter.clone()
    }

    /// The budget of `limits` for this task, adding to its node counter when the task is
    /// shown.
    pub fn budget(&self, limits: &zerosum::search::Limits) -> zerosum::time::Budget {
        let budget = zerosum::time::Budget::new(limits);
        match self.counter() {
            Some(counter) => budget.with_progress(counter),
            None => budget,
        }
    }

    /// True when the task is shown (standard error is a terminal).
    pub fn is_seen(&self) -> bool {
        self.counter.is_some()
    }

    /// Sets the text shown after the node count, e.g. an estimate of the time left;
    /// `text` is only called when somebody watches.
    pub fn set_detail(&self, text: impl FnOnce() -> String) {
        if self.is_seen()
            && let Ok(mut d) = self.shared.detail.lock()
        {
            *d = text();
        }
    }

    /// A part of the task (one move of an analysis) is done after `nodes` nodes: they are
    /// added to the total shown, and the counter starts again from the task's start.
    pub fn part_done(&self, nodes: u64) {
        if let Some(c) = &self.counter {
            self.shared.base.fetch_add(nodes, Ordering::Relaxed);
            c.store(self.start, Ordering::Relaxed);
        }
    }

    /// The nodes shown now: the parts done and the current part (tests).
    #[cfg(test)]
    fn shown_nodes(&self) -> u64 {
        let current = self
            .counter
            .as_ref()
            .map_or(0, |c| c.load(Ordering::Relaxed).saturating_sub(self.start));
        self.shared.base.load(Ordering::Relaxed) + current
    }
}

impl Drop for Task<'_> {
    fn drop(&mut self) {
        if self.counter.is_some()
            && let Some(d) = &self.progress.drawer
            && d.to_thread.send(Message::Stop).is_ok()
        {
            // Wait until the spinner is cleared, so that the answer printed next does not
            // mix with it.
            let _ = d.acks.recv();
        }
    }
}

impl Progress {
    /// Progress on standard error if it is a terminal, else a no-op.
    pub fn stderr() -> Progress {
        let delay = std::env::var("ZEROSUM_PROGRESS_DELAY_MS")
            .ok()
            .and_then(|v| v.trim().parse().ok())
            .map_or(DEFAULT_DELAY, Duration::from_millis);
        Progress {
            target: std::io::stderr().is_terminal().then_some(Target::Stderr),
            delay,
            drawer: None,
            threads_started: 0,
            log: None,
        }
    }

    /// A progress that never shows anything (library use, tests).
    #[cfg(test)]
    fn disabled() -> Progress {
        Progress {
            target: None,
            delay: DEFAULT_DELAY,
            drawer: None,
            threads_started: 0,
            log: None,
        }
    }

    /// A seen progress drawn nowhere that records every text its spinner is given, at a
    /// task's start and end at least (tests of the commands' progress).
    #[cfg(test)]
    pub fn recorded() -> (Progress, Log) {
        let log = Log::default();
        let p = Progress {
            target: Some(Target::Hidden),
            delay: Duration::ZERO,
            drawer: None,
            threads_started: 0,
            log: Some(Arc::clone(&log)),
        };
        (p, log)
    }

    /// Starts a task labelled `label` (e.g. `solving 4455`). The solver publishes its
    /// running node total into [`Task::counter`]; `start_nodes` is that total now, so
    /// that the spinner shows this task's nodes.
    pub fn task(&mut self, label: impl Into<String>, start_nodes: u64) -> Task<'_> {
        let shared = Arc::new(Shared::default());
        let Some(target) = self.target else {
            return Task {
                progress: self,
                counter: None,
                start: start_nodes,
                shared,
            };
        };
        if self.drawer.is_none() {
            self.drawer = Some(spawn(target, self.delay, self.log.clone()));
            self.threads_started += 1;
        }
        let counter = Arc::new(AtomicU64::new(start_nodes));
        let started = self.drawer.as_ref().is_some_and(|d| {
            d.to_thread
                .send(Message::Start(
                    label.into(),
                    Arc::clone(&counter),
                    start_nodes,
                    Arc::clone(&shared),
                ))
                .is_ok()
                && d.acks.recv().is_ok()
        });
        Task {
            progress: self,
            counter: started.then_some(counter),
            start: start_nodes,
            shared,
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        if let Some(mut d) = self.drawer.take() {
            drop(d.to_thread);
            if let Some(t) = d.thread.take() {
                let _ = t.join();
            }
        }
    }
}

/// Starts the one drawing thread of a run.
fn spawn(target: Target, delay: Duration, log: Option<Log>) -> Drawer {
    let (to_thread, from_main) = mpsc::channel::<Message>();
    let (ack, acks) = mpsc::channel::<()>();
    let thread = std::thread::spawn(move || draw_loop(target, delay, log, &from_main, &ack));
    Drawer {
        to_thread,
        acks,
        thread: Some(thread),
    }
}

fn draw_loop(
    target: Target,
    delay: Duration,
    log: Option<Log>,
    from_main: &Receiver<Message>,
    ack: &Sender<()>,
) {
    let new_bar = || {
        let draw = match target {
            Target::Stderr => ProgressDrawTarget::stderr(),
            #[cfg(test)]
            Target::Hidden => ProgressDrawTarget::hidden(),
        };
        let bar = ProgressBar::with_draw_target(None, draw);
        if let Ok(style) = ProgressStyle::with_template("{spinner} [{elapsed_precise}] {msg}") {
            bar.set_style(style);
        }
        bar
    };
    while let Ok(message) = from_main.recv() {
        let Message::Start(label, counter, start, shared) = message else {
            let _ = ack.send(());
            continue;
        };
        // The spinner's clock counts from the task's start, not from its first drawing.
        let started = Instant::now();
        let show = |bar: &ProgressBar| {
            let nodes = shared.base.load(Ordering::Relaxed)
                + counter.load(Ordering::Relaxed).saturating_sub(start);
            let detail = shared.detail.lock().map(|d| d.clone()).unwrap_or_default();
            let text = spinner_text(&label, nodes, bar.elapsed(), &detail);
            if let Some(log) = &log
                && let Ok(mut log) = log.lock()
            {
                log.push(text.clone());
            }
            bar.set_message(text);
            bar.tick();
        };
        // With no delay the spinner is drawn before the task starts.
        let mut bar = None;
        if delay.is_zero() {
            let b = new_bar();
            show(&b);
            bar = Some(b);
        }
        let _ = ack.send(());
        let mut wait = if bar.is_some() { TICK } else { delay };
        loop {
            match from_main.recv_timeout(wait) {
                Err(RecvTimeoutError::Timeout) => {
                    let b = bar.get_or_insert_with(|| new_bar().with_elapsed(started.elapsed()));
                    show(b);
                    wait = TICK;
                }
                Ok(_) => {
                    if let Some(b) = bar.take() {
                        // The last state, for a recording (a terminal clears it at once).
                        if log.is_some() {
                            show(&b);
                        }
                        b.finish_and_clear();
                    }
                    let _ = ack.send(());
                    break;
                }
                Err(RecvTimeoutError::Disconnected) => {
                    if let Some(b) = bar.take() {
                        b.finish_and_clear();
                    }
                    return;
                }
            }
        }
    }
}

/// The spinner's text: `solving …: 12.3 M nodes, 4.1 M/s; <detail>` (no rate before a
/// tenth of a second, no node count before the first is published).
fn spinner_text(label: &str, nodes: u64, elapsed: Duration, detail: &str) -> String {
    let mut text = label.to_string();
    if nodes > 0 {
        text.push_str(&format!(": {:.1} M nodes", nodes as f64 / 1e6));
        if elapsed >= Duration::from_millis(100) {
            let rate = nodes as f64 / elapsed.as_secs_f64();
            text.push_str(&format!(", {:.1} M/s", rate / 1e6));
        }
    }
    if !detail.is_empty() {
        text.push_str("; ");
        text.push_str(detail);
    }
    text
}

/// An estimate of the time left of a task done in `parts` parts of which `done` are
/// done after `elapsed`, assuming the rest cost as much each: `about 12 s left`.
pub fn time_left(done: usize, parts: usize, elapsed: Duration) -> String {
    if done == 0 || done >= parts {
        return String::new();
    }
    let left = elapsed.as_secs_f64() / done as f64 * (parts - done) as f64;
    let left = if left < 90.0 {
        format!("{left:.0} s")
    } else if left < 5400.0 {
        format!("{:.0} min", left / 60.0)
    } else {
        format!("{:.1} h", left / 3600.0)
    };
    format!("about {left} left")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hidden(delay: Duration) -> Progress {
        Progress {
            target: Some(Target::Hidden),
            delay,
            drawer: None,
            threads_started: 0,
            log: None,
        }
    }

    /// Issue 14 item 1: progress costs nothing when nobody sees it — no thread and no
    /// node counter for a thousand lines (the old spinner started a thread a line).
    #[test]
    fn unseen_progress_starts_no_thread() {
        let mut p = Progress::disabled();
        for i in 0..1000 {
            let t = p.task(format!("line {i}"), 0);
            assert!(t.counter().is_none());
        }
        assert_eq!(p.threads_started, 0);
        assert!(p.drawer.is_none());
    }

    /// Issue 14 item 1: a seen run starts one drawing thread for all its lines, not one
    /// per line, whether the spinner shows at once or after a delay.
    #[test]
    fn seen_progress_starts_one_thread_per_run() {
        for delay in [Duration::ZERO, Duration::from_secs(3600)] {
            let mut p = hidden(delay);
            for i in 0..200 {
                let t = p.task(format!("line {i}"), 0);
                let c = t.counter().expect("a seen task counts nodes");
                c.fetch_add(1, Ordering::Relaxed);
            }
            assert_eq!(p.threads_started, 1);
        }
    }

    /// Issue 14 item 2: an unseen task costs nothing — its detail text is never built.
    #[test]
    fn unseen_task_never_builds_its_detail() {
        let mut p = Progress::disabled();
        let t = p.task("solving", 0);
        t.set_detail(|| unreachable!("nobody watches"));
        t.part_done(10);
        assert!(!t.is_seen());
    }

    /// Issue 14 item 2: a task in parts (an analysis, move by move) shows the nodes of
    /// the parts done plus the current one.
    #[test]
    fn parts_add_up_in_the_node_count() {
        let mut p = hidden(Duration::from_secs(3600));
        let t = p.task("analyzing", 0);
        let c = t.counter().expect("seen");
        c.store(500, Ordering::Relaxed);
        t.part_done(500);
        c.store(200, Ordering::Relaxed);
        assert_eq!(t.shown_nodes(), 700);
        t.set_detail(|| "move 2 of 3".into());
        assert_eq!(*t.shared.detail.lock().unwrap(), "move 2 of 3");
    }

    /// The spinner's clock counts from the task's start: when it first appears, after
    /// its delay, the rate is nodes over the whole time (with a clock started at the
    /// first drawing, no rate would show yet: less than a tenth of a second).
    #[test]
    fn a_delayed_spinner_counts_time_from_the_task_start() {
        let log = Log::default();
        let mut p = hidden(Duration::from_millis(300));
        p.log = Some(Arc::clone(&log));
        let t = p.task("solving", 0);
        t.counter()
            .expect("seen")
            .store(3_000_000, Ordering::Relaxed);
        while log.lock().unwrap().is_empty() {
            std::thread::sleep(Duration::from_millis(10));
        }
        drop(t);
        let first = log.lock().unwrap()[0].clone();
        // 3 M nodes in at least 0.3 s: a rate, and at most 10 M/s.
        let rate: f64 = first
            .split(", ")
            .nth(1)
            .and_then(|r| r.strip_suffix(" M/s"))
            .and_then(|r| r.parse().ok())
            .unwrap_or_else(|| panic!("no rate in {first:?}"));
        assert!(rate <= 10.0, "{first}");
    }

    #[test]
    fn messages_and_estimates() {
        assert_eq!(
            spinner_text("solving x", 0, Duration::ZERO, ""),
            "solving x"
        );
        assert_eq!(
            spinner_text(
                "solving x",
                12_300_000,
                Duration::from_secs(3),
                "move 2 of 5"
            ),
            "solving x: 12.3 M nodes, 4.1 M/s; move 2 of 5"
        );
        // Two parts of ten took 4 s: eight more take about 16 s.
        assert_eq!(time_left(2, 10, Duration::from_secs(4)), "about 16 s left");
        assert_eq!(
            time_left(1, 10, Duration::from_secs(400)),
            "about 60 min left"
        );
        assert_eq!(
            time_left(1, 10, Duration::from_secs(600)),
            "about 1.5 h left"
        );
        assert_eq!(time_left(0, 10, Duration::from_secs(4)), "");
    }
}
