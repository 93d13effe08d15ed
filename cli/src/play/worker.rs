//! The AI on a worker thread: it searches a copy of the position with the core's
//! [`StopFlag`], sends [`Progress`] reports over a channel, and hands back its move and
//! its engine (tables kept between moves) when done.

use super::{MoveValues, PlayGame, Progress, Strength};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::thread;
use std::time::{Duration, Instant};
use zerosum::search::StopFlag;

/// A message from the worker.
pub enum Event<G: PlayGame> {
    /// A finished depth (or the solver's equivalent).
    Progress(Progress),
    /// The move is chosen (`None` if the game was over), sent before the moves are
    /// valued, so that it is played within its clock (when asked for values).
    Chosen(Option<G::Move>),
    /// The search now values every legal move.
    Valuing,
    /// Every legal move's value, after the search (when asked for).
    Values(MoveValues),
    /// The search is over: the move chosen (`None` if the game was over) and the engine.
    Done(Option<G::Move>, G::Engine),
}

/// A search running on a worker thread.
pub struct Thinking<G: PlayGame> {
    /// Stops the search: its best move so far is played.
    stop: StopFlag,
    /// Stops the valuing of the moves after the search (a flag of its own: `m` during
    /// the search ends the search, not the valuing that follows it).
    stop_values: StopFlag,
    rx: Receiver<Event<G>>,
    /// When the search started.
    pub started: Instant,
    /// The node count the search publishes as it goes (at each of its budget polls).
    nodes: Arc<AtomicU64>,
    /// The latest progress report, if any.
    pub latest: Option<Progress>,
    /// True while the search values the moves, its move chosen.
    pub valuing: bool,
    /// Every legal move's value, once the search has found them (when asked for).
    pub values: Option<MoveValues>,
    /// True once the stop flag was set.
    pub stopping: bool,
}

/// What [`Thinking::poll`] found.
pub enum Poll<G: PlayGame> {
    /// Still searching, or valuing the moves after [`Poll::Chosen`].
    Running,
    /// The move is chosen (`None` if the game was over); the moves are valued next, and
    /// [`Poll::Done`] follows with the engine (only when the search values the moves).
    Chosen(Option<G::Move>),
    /// Finished with this move and engine.
    Done(Option<G::Move>, G::Engine),
    /// The worker died (a panic in the engine) and took the engine with it.
    Lost,
}

impl<G: PlayGame> Thinking<G> {
    /// Starts searching `game` (which must not be over) with `engine` on a new thread;
    /// with `values`, it sends its move first ([`Poll::Chosen`]: the move is played within
    /// its clock) and then values every legal move ([`PlayGame::move_values`]) before
    /// handing back its engine — unless the valuing's own stop flag was set by then
    /// ([`Thinking::stop_all`]): a list cut at once by the flag would show every move
    /// unsolved, as if a node limit had left them. [`Thinking::stop`] ends the search
    /// alone: its move is played and the moves are valued as after any search.
    pub fn spawn(game: G, mut engine: G::Engine, strength: Strength, values: bool) -> Self {
        let (tx, rx) = mpsc::channel();
        let stop = StopFlag::new();
        let flag = stop.clone();
        let stop_values = StopFlag::new();
        let values_flag = stop_values.clone();
        let nodes = Arc::new(AtomicU64::new(0));
        let counter = Arc::clone(&nodes);
        thread::spawn(move || {
            let progress_tx = tx.clone();
            let mut progress = |p: Progress| {
                let _ = progress_tx.send(Event::Progress(p));
            };
            let thought = game.think(&mut engine, strength, &flag, Some(&counter), &mut progress);
            if values {
                let _ = tx.send(Event::Chosen(thought.best));
                if !values_flag.is_stopped() {
                    let _ = tx.send(Event::Valuing);
                    let v = game.move_values(&mut engine, &thought, &values_flag);
                    let _ = tx.send(Event::Values(v));
                }
            }
            let _ = tx.send(Event::Done(thought.best, engine));
        });
        Thinking {
            stop,
            stop_values,
            rx,
            started: Instant::now(),
            nodes,
            latest: None,
            valuing: false,
            values: None,
            stopping: false,
        }
    }

    /// Nodes searched so far, as the search last published them (0 before its first
    /// poll); what the panel shows while a perfect solver has sent no report yet, or
    /// none since its first search's (when it is more than that report's).
    pub fn live_nodes(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
    }

    /// Asks the search to stop and play its best move so far; the valuing of the moves
    /// after it still runs (see [`Thinking::stop_all`]).
    pub fn stop(&mut self) {
        self.stop.stop();
        self.stopping = true;
    }

    /// Asks the search and the valuing of the moves after it to stop: the search's best
    /// move so far is played, and the moves are not valued (or their valuing ends).
    pub fn stop_all(&mut self) {
        self.stop_values.stop();
        self.stop();
    }

    /// Takes the reports that arrived and says whether the search is done.
    pub fn poll(&mut self) -> Poll<G> {
        loop {
            match self.rx.try_recv() {
                Ok(Event::Progress(p)) => self.latest = Some(p),
                Ok(Event::Chosen(mv)) => return Poll::Chosen(mv),
                Ok(Event::Valuing) => self.valuing = true,
                Ok(Event::Values(v)) => self.values = Some(v),
                Ok(Event::Done(mv, engine)) => return Poll::Done(mv, engine),
                Err(TryRecvError::Empty) => return Poll::Running,
                Err(TryRecvError::Disconnected) => return Poll::Lost,
            }
        }
    }

    /// Waits up to `timeout` for the next message and handles it like [`Thinking::poll`].
    pub fn wait(&mut self, timeout: Duration) -> Poll<G> {
        match self.rx.recv_timeout(timeout) {
            Ok(Event::Progress(p)) => {
                self.latest = Some(p);
                self.poll()
            }
            Ok(Event::Valuing) => {
                self.valuing = true;
                self.poll()
            }
            Ok(Event::Values(v)) => {
                self.values = Some(v);
                self.poll()
            }
            Ok(Event::Chosen(mv)) => Poll::Chosen(mv),
            Ok(Event::Done(mv, engine)) => Poll::Done(mv, engine),
            Err(mpsc::RecvTimeoutError::Timeout) => Poll::Running,
            Err(mpsc::RecvTimeoutError::Disconnected) => Poll::Lost,
        }
    }
}

impl<G: PlayGame> Drop for Thinking<G> {
    /// A search nobody waits for any more is told to stop.
    fn drop(&mut self) {
        self.stop_all();
    }
}
