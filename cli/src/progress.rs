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
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread::JoinHandle;
use std::time::Duration;

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

enum Message {
    /// A task begins: its label, its node counter and the counter's value at the start.
    Start(String, Arc<AtomicU64>, u64),
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
}

/// One running task; its spinner is cleared when it is dropped.
pub struct Task<'a> {
    progress: &'a mut Progress,
    counter: Option<Arc<AtomicU64>>,
}

impl Task<'_> {
    /// The node counter the solver should add to, or `None` when nobody watches (then
    /// the solver need not count at all).
    pub fn counter(&self) -> Option<Arc<AtomicU64>> {
        self.counter.clone()
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
        }
    }

    /// Starts a task labelled `label` (e.g. `solving 4455`). The solver publishes its
    /// running node total into [`Task::counter`]; `start_nodes` is that total now, so
    /// that the spinner shows this task's nodes.
    pub fn task(&mut self, label: impl Into<String>, start_nodes: u64) -> Task<'_> {
        let Some(target) = self.target else {
            return Task {
                progress: self,
                counter: None,
            };
        };
        if self.drawer.is_none() {
            self.drawer = Some(spawn(target, self.delay));
            self.threads_started += 1;
        }
        let counter = Arc::new(AtomicU64::new(start_nodes));
        let started = self.drawer.as_ref().is_some_and(|d| {
            d.to_thread
                .send(Message::Start(
                    label.into(),
                    Arc::clone(&counter),
                    start_nodes,
                ))
                .is_ok()
                && d.acks.recv().is_ok()
        });
        Task {
            progress: self,
            counter: started.then_some(counter),
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
fn spawn(target: Target, delay: Duration) -> Drawer {
    let (to_thread, from_main) = mpsc::channel::<Message>();
    let (ack, acks) = mpsc::channel::<()>();
    let thread = std::thread::spawn(move || draw_loop(target, delay, &from_main, &ack));
    Drawer {
        to_thread,
        acks,
        thread: Some(thread),
    }
}

fn draw_loop(target: Target, delay: Duration, from_main: &Receiver<Message>, ack: &Sender<()>) {
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
        let Message::Start(label, counter, start) = message else {
            let _ = ack.send(());
            continue;
        };
        let show = |bar: &ProgressBar| {
            let nodes = counter.load(Ordering::Relaxed).saturating_sub(start);
            bar.set_message(format!("{label}: {:.1} M nodes", nodes as f64 / 1e6));
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
                    let b = bar.get_or_insert_with(new_bar);
                    show(b);
                    wait = TICK;
                }
                Ok(_) => {
                    if let Some(b) = bar.take() {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn hidden(delay: Duration) -> Progress {
        Progress {
            target: Some(Target::Hidden),
            delay,
            drawer: None,
            threads_started: 0,
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
}
