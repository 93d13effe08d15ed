//! The TUI's state and what keys, clicks and the AI's messages do to it. Drawing is in
//! [`super::draw`]; the terminal in [`super`].

use super::dialog::Dialog;
use crate::play::options::{Player, Setup, Strength};
use crate::play::session::Session;
use crate::play::worker::{Poll, Thinking};
use crate::play::{MoveValues, PlayGame, Progress};
use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use std::time::{Duration, Instant};

/// Why the AI is thinking.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// To play its move.
    Move,
    /// To suggest a move to the human.
    Hint,
}

/// What the worker is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Searching for a move, for this purpose.
    Search(Purpose),
    /// The move is played (or the hint given), and the worker values every legal move
    /// for the analysis panel; it hands the engine back when done. The AI's move waits
    /// for none of it (a TUI tester's report: at `--time-ms 300` the AI moved after 1.6 s,
    /// the valuing's fixed node budgets coming after the search).
    Valuing,
}

/// What the analysis panel shows: the current or last search.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Analysis {
    /// Whose search and what for, e.g. `o (AI, level 4)` or `hint for x`.
    pub title: String,
    /// `thinking`, `stopping`, or what came out of it (`played 4`).
    pub state: String,
    /// Time spent so far.
    pub elapsed: Duration,
    /// The latest report.
    pub progress: Option<Progress>,
    /// Nodes searched so far as the running search publishes them, shown while it has
    /// sent no report (a perfect solver reports only when done).
    pub live_nodes: u64,
    /// Every legal move's value, once the search has valued them.
    pub values: Option<MoveValues>,
    /// True while the worker values every legal move (after the search, its move
    /// played or its hint given).
    pub valuing: bool,
    /// The strength the search shown began at (it keeps it to its end, whatever `+` and
    /// `-` do meanwhile); `None` before any search.
    pub strength: Option<Strength>,
    /// True when the search shown is a hint's, not the AI's move.
    pub hint: bool,
}

/// Where the board was drawn, for mouse clicks: the screen cell of the board's
/// top-left cell, the width of a cell, and the end of the drawn area (a board cut by a
/// small terminal shows fewer cells than it has).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardHit {
    /// Screen column of the left edge of the first board column drawn.
    pub x: u16,
    /// Screen row of the first board row drawn.
    pub y: u16,
    /// The first board column drawn (0 unless a narrow screen scrolled the board).
    pub first_col: usize,
    /// The first board row drawn (0 unless a short screen scrolled the board).
    pub first_row: usize,
    /// Screen columns per board cell.
    pub cell_w: u16,
    /// The first screen column right of the drawn cells (the frame's right edge).
    pub right: u16,
    /// The first screen row below the drawn cells (the frame's bottom edge).
    pub bottom: u16,
}

impl BoardHit {
    /// True when the board cell `(col, row)` is drawn (not scrolled out of a board cut
    /// by a small screen).
    pub fn shows(&self, (col, row): (usize, usize)) -> bool {
        let cols = usize::from(self.right.saturating_sub(self.x) / self.cell_w.max(1));
        let rows = usize::from(self.bottom.saturating_sub(self.y));
        (self.first_col..self.first_col + cols).contains(&col)
            && (self.first_row..self.first_row + rows).contains(&row)
    }
}

/// The whole TUI state.
pub struct App<G: PlayGame> {
    /// The game.
    pub session: Session<G>,
    /// The position the first game started from (`--position`, or the empty board): a
    /// new game on its variant starts from it again, also after games on other variants
    /// (a TUI tester's report: one game on another rule, and the position was lost).
    given: G,
    engine: Option<G::Engine>,
    thinking: Option<(Thinking<G>, Stage)>,
    /// The analysis panel.
    pub analysis: Option<Analysis>,
    /// The cursor cell (column, row).
    pub cursor: (usize, usize),
    /// The move being typed, when the input line is open.
    pub input: Option<String>,
    /// The status message.
    pub message: String,
    /// The last hint, shown on the board.
    pub hint: Option<G::Move>,
    /// What the status line said of that hint, and the strength it was searched at:
    /// `i` again at that strength says it again instead of searching anew.
    hint_said: Option<(Strength, String)>,
    /// A move typed while the AI was to move: kept, and played (or refused, saying
    /// why) once the human is to move again.
    pub pending: Option<String>,
    /// The new-game dialog, when open.
    pub dialog: Option<Dialog>,
    /// Where the board was last drawn.
    pub board_hit: Option<BoardHit>,
    /// The first column and row of the board shown where the screen cannot show it
    /// whole: the view scrolls to keep the cursor in it.
    pub board_view: (usize, usize),
    /// How the last drawing had to adapt to a small terminal, if it did (shown in the
    /// status line).
    pub layout_note: Option<String>,
    /// `a` was just pressed in a game in progress: pressed again, it starts over.
    again_asked: bool,
    /// Set when the user quits.
    pub quit: bool,
    /// The AI does not start thinking before this instant (so that AI-vs-AI games can
    /// be watched).
    not_before: Instant,
}

/// The warning of [`App::perfect_warning`], which the first status line gives alone (the
/// command line's warning on standard error is hidden by the screen until it closes).
const PERFECT_WARNING: &str = "warning: exact, can take hours a move here; m: move now";

/// The longest typed text a message repeats whole, in characters.
const QUOTED_CHARS: usize = 16;

/// A typed `text` refused with the rules' or the notation's error `e`, for the status
/// line: `"text": e`, the text cut as [`quoted`] cuts it. An error that repeats the text
/// itself (tic-tac-toe's and Gomoku's do) is not led by it again, and repeats it cut.
fn refused(text: &str, e: &str) -> String {
    let short = quoted(text);
    let head: String = text.chars().take(QUOTED_CHARS).collect();
    if text.chars().count() > QUOTED_CHARS && e.contains(text) {
        e.replace(text, short.trim_matches('"'))
    } else if text.chars().count() > QUOTED_CHARS && e.contains(&head) {
        e.to_string()
    } else {
        format!("{short}: {e}")
    }
}

/// `text` quoted as a message repeats what was typed (`"d3"`): a text longer than
/// [`QUOTED_CHARS`] is cut there with `…`, so that the reason after it stays on the
/// status line (a long typed text pushed the reason off the screen).
fn quoted(text: &str) -> String {
    if text.chars().count() <= QUOTED_CHARS {
        format!("{text:?}")
    } else {
        let head: String = text.chars().take(QUOTED_CHARS).collect();
        format!("{:?}", head + "…")
    }
}

/// Pause between moves when the AI plays both sides.
const AI_VS_AI_PAUSE: Duration = Duration::from_millis(400);

/// How long a stopped valuing of the moves may take to hand its engine back before it
/// is dropped (the valuing polls its stop flag within a few thousand nodes).
const VALUING_STOP_WAIT: Duration = Duration::from_secs(2);

impl<G: PlayGame> App<G> {
    /// A new game of `game` with `setup`.
    pub fn new(game: G, setup: Setup) -> Self {
        let cursor = (game.cols() / 2, game.rows() / 2);
        let mut app = App {
            given: game.clone(),
            session: Session::new(game, setup),
            engine: None,
            thinking: None,
            analysis: None,
            cursor,
            input: None,
            message: String::new(),
            hint: None,
            hint_said: None,
            pending: None,
            dialog: None,
            board_hit: None,
            board_view: (0, 0),
            layout_note: None,
            again_asked: false,
            quit: false,
            not_before: Instant::now(),
        };
        if !app.perfect_warning().is_empty() {
            app.message = PERFECT_WARNING.to_string();
        }
        app
    }

    /// Handles the AI's messages and starts the AI when it is its turn. Call often.
    pub fn tick(&mut self) {
        if let Some((thinking, stage)) = &mut self.thinking {
            let searching = *stage != Stage::Valuing;
            let poll = thinking.poll();
            if let Some(a) = &mut self.analysis {
                a.values.clone_from(&thinking.values);
                if searching {
                    // The time, the reports and the nodes of the search that chose the
                    // move; the valuing after it has none of its own.
                    a.elapsed = thinking.started.elapsed();
                    a.progress.clone_from(&thinking.latest);
                    a.live_nodes = thinking.live_nodes();
                }
                if thinking.stopping && searching {
                    a.state = "stopping".into();
                }
                a.valuing = thinking.valuing && thinking.values.is_none();
            }
            match poll {
                Poll::Running => {
                    if searching {
                        return;
                    }
                }
                Poll::Lost => {
                    self.thinking = None;
                    self.message =
                        format!("the AI crashed; press {} to restart", self.key_name('a'));
                    return;
                }
                Poll::Chosen(mv) => {
                    if let Stage::Search(purpose) = std::mem::replace(stage, Stage::Valuing) {
                        self.finish_search(mv, purpose);
                    }
                }
                Poll::Done(mv, engine) => {
                    let stage = self.thinking.take().map(|(_, stage)| stage);
                    self.engine = Some(engine);
                    if let Some(a) = &mut self.analysis {
                        a.valuing = false;
                    }
                    if let Some(Stage::Search(purpose)) = stage {
                        self.finish_search(mv, purpose);
                    }
                }
            }
        }
        if self.dialog.is_none() && self.session.is_running() {
            // A forced pass (Othello) is played for whoever is to move.
            if self.session.at_forced_pass() {
                let pass = self.session.game.legal_moves()[0];
                let side = self
                    .session
                    .game
                    .side_name(self.session.game.side_to_move());
                if self.session.play(pass).is_ok() {
                    self.after_move();
                    if self.session.is_running() {
                        self.message = format!("{side} has no move and passes");
                    }
                }
                return;
            }
        }
        if self.dialog.is_none()
            && self.session.is_running()
            && self.session.player_to_move() == Player::Ai
            && Instant::now() >= self.not_before
        {
            self.start_search(Purpose::Move);
        }
    }

    fn start_search(&mut self, purpose: Purpose) {
        self.stop_valuing();
        let game = &self.session.game;
        let engine = self.engine.take().unwrap_or_else(|| game.new_engine());
        let side = game.side_name(game.side_to_move());
        let strength = self.session.setup.strength;
        let title = match purpose {
            Purpose::Move => format!("{side} (AI, {strength})"),
            Purpose::Hint => format!("hint for {side} ({strength})"),
        };
        self.analysis = Some(Analysis {
            title,
            state: "thinking".into(),
            elapsed: Duration::ZERO,
            progress: None,
            values: None,
            live_nodes: 0,
            valuing: false,
            strength: Some(strength),
            hint: matches!(purpose, Purpose::Hint),
        });
        let thinking = Thinking::spawn(game.clone(), engine, strength, true);
        self.thinking = Some((thinking, Stage::Search(purpose)));
    }

    fn finish_search(&mut self, mv: Option<G::Move>, purpose: Purpose) {
        let Some(mv) = mv else { return };
        let text = self.session.game.move_text(mv);
        let value = self
            .analysis
            .as_ref()
            .and_then(|a| a.progress.as_ref())
            .map(|p| format!(", value {}", p.value))
            .unwrap_or_default();
        match purpose {
            Purpose::Move => {
                let game = &self.session.game;
                let side = game.side_name(game.side_to_move());
                // A forced pass just before (Othello) stays said: its message was
                // replaced at once by this move's, and a human did not see they passed.
                let passed = match self.session.moves.last() {
                    Some(p) if p.cell.is_none() => {
                        let other = game.side_name(!game.side_to_move());
                        format!("{other} had no move and passed; ")
                    }
                    _ => String::new(),
                };
                match self.session.play(mv) {
                    Ok(()) => {
                        self.message = format!("{passed}{side} played {text}{value}");
                        if let Some(a) = &mut self.analysis {
                            a.state = format!("played {text}");
                        }
                        self.after_move();
                        self.play_pending();
                    }
                    Err(e) => self.message = format!("the AI chose {text}: {e}"),
                }
            }
            Purpose::Hint => {
                self.hint = Some(mv);
                if let Some(cell) = self.session.game.move_cell(mv) {
                    self.cursor = cell;
                }
                self.message = format!("hint: {text}{value}");
                // The strength the hint was searched at, not one `+` gave meanwhile (a
                // recheck's report: `i` then repeated it at the new strength).
                let searched_at = self
                    .analysis
                    .as_ref()
                    .and_then(|a| a.strength)
                    .unwrap_or(self.session.setup.strength);
                self.hint_said = Some((searched_at, self.message.clone()));
                if let Some(a) = &mut self.analysis {
                    a.state = format!("suggests {text}");
                }
            }
        }
    }

    /// Bookkeeping after any move: the hint is stale, the result is announced, and two
    /// AIs pause between moves.
    fn after_move(&mut self) {
        self.hint = None;
        // A board cut by a small screen shows the part around the cursor: a move played
        // out of that view brings the cursor to it, so that it shows (a recheck's report:
        // a typed move and the AI's reply landed out of view, unseen).
        if let (Some(hit), Some(cell)) = (self.board_hit, self.session.last().and_then(|p| p.cell))
            && !hit.shows(cell)
        {
            self.cursor = cell;
        }
        if self.session.setup.players == [Player::Ai; 2] {
            self.not_before = Instant::now() + AI_VS_AI_PAUSE;
        }
        self.announce_result();
    }

    /// Once the game is over: the result and the restart prompt in the status line.
    fn announce_result(&mut self) {
        if !self.session.is_running() {
            self.message = format!(
                "result: {} — Enter or a: play again, n: new game, q: quit",
                self.session.game.result_text()
            );
        }
    }

    /// Drops a running search (its engine is rebuilt when next needed); a valuing of
    /// the moves after a move already played is stopped instead, its engine kept.
    fn cancel_search(&mut self) {
        if self.stop_valuing() {
            return;
        }
        if self.thinking.take().is_some()
            && let Some(a) = &mut self.analysis
        {
            a.state = "cancelled".into();
        }
    }

    /// Stops the valuing of the moves after the AI's move or hint (the position moved
    /// on, or the engine is needed for the next search) and takes the engine back: the
    /// valuing polls the stop flag, so it answers at once; a worker that does not within
    /// [`VALUING_STOP_WAIT`] is dropped and its engine rebuilt when next needed. Values
    /// already shown stay; a list cut by the stop is dropped. True if there was such a
    /// valuing.
    fn stop_valuing(&mut self) -> bool {
        let mut thinking = match self.thinking.take() {
            Some((thinking, Stage::Valuing)) => thinking,
            searching => {
                self.thinking = searching;
                return false;
            }
        };
        thinking.stop_all();
        let deadline = Instant::now() + VALUING_STOP_WAIT;
        loop {
            match thinking.wait(deadline.saturating_duration_since(Instant::now())) {
                Poll::Done(_, engine) => {
                    self.engine = Some(engine);
                    break;
                }
                Poll::Lost => break,
                _ if Instant::now() >= deadline => break,
                _ => {}
            }
        }
        // Values that came before the stop stay in the panel (a tick copied them); a list
        // the stop cut short is not shown: it would call the moves it never tried
        // "not solved within N nodes" (a recheck's report).
        if let Some(a) = &mut self.analysis {
            a.valuing = false;
        }
        true
    }

    /// Plays the move kept while the AI was thinking, now that a human is to move; says
    /// so either way, after the AI's move in the status line.
    fn play_pending(&mut self) {
        if self.session.is_running() && self.session.player_to_move() == Player::Human {
            if let Some(text) = self.pending.take() {
                let ai = std::mem::take(&mut self.message);
                match self.session.game.parse_move(&text) {
                    Ok(mv) => {
                        self.human_move(mv);
                        self.message = format!("{ai}; then your kept move: {}", self.message);
                    }
                    Err(e) => {
                        // The refusal first: on a narrow screen the AI's move and value
                        // come after it (the reason was cut off at 80 columns).
                        let text = quoted(&text);
                        self.message = format!("your kept move {text} is refused: {e}; {ai}")
                    }
                }
            }
        } else if let Some(text) = self.pending.take() {
            self.message = format!("{}; kept move {} dropped", self.message, quoted(&text));
        }
    }

    /// Plays a human move, if a human is to move.
    pub fn human_move(&mut self, mv: G::Move) {
        if !self.session.is_running() {
            self.announce_result();
            return;
        }
        if self.session.player_to_move() != Player::Human {
            self.message = format!(
                "the AI is to move ({}: make it move now)",
                self.key_name('m')
            );
            return;
        }
        let side = self
            .session
            .game
            .side_name(self.session.game.side_to_move());
        let text = self.session.game.move_text(mv);
        match self.session.play(mv) {
            Ok(()) => {
                self.cancel_search();
                // A hint's panel, given or still searching, was about the position
                // before this move (an Othello tester's report: between two humans it
                // stayed to the game's end; against the AI its reply's search replaced it).
                if self.analysis.as_ref().is_some_and(|a| a.hint) {
                    self.analysis = None;
                }
                self.message = format!("{side} played {text}");
                self.after_move();
            }
            Err(e) => self.message = e,
        }
    }

    fn play_cursor(&mut self) {
        let (c, r) = self.cursor;
        match self.session.game.move_at(c, r) {
            Some(mv) => self.human_move(mv),
            None => self.message = "no move there".into(),
        }
    }

    fn play_typed(&mut self, text: &str) {
        if text.is_empty() {
            return;
        }
        // After the end a typed move is refused with its reason (a TUI tester's report:
        // the move line closed without a word).
        if !self.session.is_running() {
            self.message = refused(
                text,
                &format!(
                    "the game is over ({}; Enter or {}: play again)",
                    self.session.game.result_text(),
                    self.key_name('a')
                ),
            );
            return;
        }
        if self.session.player_to_move() == Player::Ai {
            // No move at all is refused at once (it was kept, and refused only after the
            // AI's move: a TUI tester's report).
            if let Err(e) = self.session.game.check_notation(text) {
                self.message = refused(text, &e.to_string());
                return;
            }
            // Nobody to play it for: refused at once (a TUI tester's report: kept as
            // "played after the AI's move", then dropped without a reason).
            if !self.session.setup.players.contains(&Player::Human) {
                self.message = refused(
                    text,
                    &format!(
                        "the AI plays both sides ({} starts a game with a human side)",
                        self.key_name('n')
                    ),
                );
                return;
            }
            // Kept, not lost: played when the AI has moved (checked then).
            self.message = format!(
                "kept {}: played after the AI's move ({} drops it, a new move replaces it)",
                quoted(text),
                self.key_name('u')
            );
            self.pending = Some(text.to_string());
            return;
        }
        match self.session.game.parse_move(text) {
            Ok(mv) => self.human_move(mv),
            Err(e) => self.message = refused(text, &e.to_string()),
        }
    }

    /// True when `c` begins a move in the game's notation (Othello, Gomoku: a column
    /// letter), so that typing a move needs no `:` first. Once the game is over no move
    /// can be typed, and every letter is its command (`a` plays again, `n` a new game, as
    /// the result line says).
    fn starts_move(&self, c: char) -> bool {
        let game = &self.session.game;
        self.session.is_running()
            && c.is_ascii_lowercase()
            && (0..game.cols()).any(|col| game.col_label(col).starts_with(c))
    }

    /// The key that gives command `c` now: its capital where `c` in lower case would begin
    /// a move (a column letter), as the keys panel names it.
    fn key_name(&self, c: char) -> char {
        if self.starts_move(c) {
            c.to_ascii_uppercase()
        } else {
            c
        }
    }

    /// Starts a new game from `game` with `setup`.
    pub fn new_game(&mut self, game: G, setup: Setup) {
        self.cancel_search();
        self.engine = None;
        self.analysis = None;
        self.hint = None;
        self.pending = None;
        self.cursor = (game.cols() / 2, game.rows() / 2);
        self.session = Session::new(game, setup);
        self.not_before = Instant::now();
        self.message = format!(
            "new game: {}{}",
            self.session.game.title(),
            self.perfect_warning()
        );
    }

    fn undo(&mut self) {
        // A move typed ahead while the AI thinks: `u` drops it, as the status line said
        // when it was kept (a TUI tester's report: it took back the human's move before
        // it, and cancelled the AI's search, saying nothing of the kept move).
        if self.session.player_to_move() == Player::Ai
            && let Some(text) = self.pending.take()
        {
            self.message = format!("kept move {} dropped", quoted(&text));
            return;
        }
        // The search runs on its own copy of the game: with nothing to undo it goes on,
        // and the hint and the analysis stay, as the position does (a search was
        // cancelled and started again, a TUI tester's report).
        let n = self.session.undo_to_human();
        self.message = moves_message(n, "undo", "took back");
        // Moves on the list that are not the human's to take back (the AI's first move,
        // a forced pass played for the human): said as plain mode says it (a TUI
        // tester's report: a bare "nothing to undo" beside a list of moves).
        if n == 0 && !self.session.moves.is_empty() {
            self.message = "nothing to undo: you have not moved yet".to_string();
        }
        if n == 0 {
            // A move typed ahead is dropped all the same, as the status line said.
            if let Some(text) = self.pending.take() {
                self.message = format!("kept move {} dropped", quoted(&text));
            }
            return;
        }
        self.cancel_search();
        // The hint and the analysis were for a position that is gone.
        self.hint = None;
        self.analysis = None;
        self.pending = None;
        self.pause_ai();
    }

    fn redo(&mut self) {
        let n = self.session.redo_to_human();
        self.message = moves_message(n, "redo", "replayed");
        if n == 0 {
            return;
        }
        self.cancel_search();
        self.hint = None;
        self.analysis = None;
        self.after_move();
        self.pause_ai();
    }

    /// After undo/redo, give the user a moment before the AI moves on its own.
    fn pause_ai(&mut self) {
        self.not_before = Instant::now() + Duration::from_millis(800);
    }

    fn change_strength(&mut self, delta: isize) {
        let choices = Strength::choices(&self.session.game);
        let default = self.session.game.default_strength();
        let before = self.session.setup.strength;
        let next = before.step(&choices, default, delta);
        self.session.setup.strength = next;
        // At either end of the ladder the key says so (a TUI tester's report: `+` at
        // `perfect` repeated the line as if it had changed something).
        let end = match (next == before, delta > 0) {
            (false, _) => "",
            (true, true) => " (already the strongest)",
            (true, false) => " (already the weakest)",
        };
        // A search under way keeps the strength it began with (a TUI tester's report:
        // the header said 5 s/move while the move took its 8 s, unexplained).
        let later = if matches!(self.thinking, Some((_, Stage::Search(_))))
            && self.analysis.as_ref().and_then(|a| a.strength) != Some(next)
        {
            " (from the next search; this one keeps its own)"
        } else {
            ""
        };
        self.message = format!("AI strength: {next}{end}{later}{}", self.perfect_warning());
    }

    /// A warning to add to the status line when the AI plays `perfect` where that may
    /// take minutes to hours a move ([`PlayGame::perfect_may_take_long`]), as `play
    /// --level perfect` warns on the command line; empty otherwise.
    fn perfect_warning(&self) -> String {
        if self.session.setup.strength == Strength::Perfect
            && self.session.game.perfect_may_take_long()
        {
            format!(" ({PERFECT_WARNING})")
        } else {
            String::new()
        }
    }

    fn move_cursor(&mut self, dc: isize, dr: isize) {
        let cols = self.session.game.cols() as isize;
        let rows = self.session.game.rows() as isize;
        self.cursor.0 = (self.cursor.0 as isize + dc).clamp(0, cols - 1) as usize;
        self.cursor.1 = (self.cursor.1 as isize + dr).clamp(0, rows - 1) as usize;
    }

    /// True while the worker thread searches or values the moves (for tests: the app
    /// is idle, its engine back).
    #[cfg(test)]
    pub fn is_working(&self) -> bool {
        self.thinking.is_some()
    }

    /// Handles a key press.
    pub fn handle_key(&mut self, key: KeyEvent) {
        if key.modifiers.contains(KeyModifiers::CONTROL)
            && matches!(key.code, KeyCode::Char('c') | KeyCode::Char('q'))
        {
            self.quit = true;
            return;
        }
        // Any other key with Ctrl or Alt does nothing (a TUI tester's report: Ctrl-U undid
        // a move and Alt-x typed x, as the bare letters; PLAY.md lists none of them).
        if key
            .modifiers
            .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT)
        {
            return;
        }
        // `a` once more right after its question: any other key (a move typed, a
        // dialog's) takes the question back, and says so where the key says nothing of
        // its own (a cursor key, Esc from the move line).
        let again_asked = std::mem::take(&mut self.again_asked);
        let again_key = self.dialog.is_none()
            && self.input.is_none()
            && (key.code == KeyCode::Char('A')
                || key.code == KeyCode::Char('a') && !self.starts_move('a'));
        if again_asked && !again_key {
            self.say_game_goes_on();
        }
        if self.dialog.is_some() {
            self.dialog_key(key);
            return;
        }
        if let Some(input) = &mut self.input {
            match key.code {
                KeyCode::Esc => self.input = None,
                KeyCode::Enter => {
                    let text = input.trim().to_string();
                    self.input = None;
                    self.play_typed(&text);
                }
                // On an empty line Backspace closes it, as Esc does (a tester's report:
                // the line stayed open, and the cursor keys typed next went into it).
                KeyCode::Backspace if input.is_empty() => self.input = None,
                KeyCode::Backspace => {
                    input.pop();
                }
                KeyCode::Char(c) if !c.is_control() => input.push(c),
                _ => {}
            }
            return;
        }
        // Games whose moves begin with a letter (Othello, Gomoku): a column letter starts
        // typing a move; Shift gives every letter its command.
        let code = match key.code {
            KeyCode::Char(c) if self.starts_move(c) => {
                self.input = Some(c.to_string());
                return;
            }
            KeyCode::Char(c) if c.is_ascii_uppercase() => KeyCode::Char(c.to_ascii_lowercase()),
            code => code,
        };
        match code {
            KeyCode::Char('q') => self.quit = true,
            KeyCode::Left | KeyCode::Char('h') => self.move_cursor(-1, 0),
            KeyCode::Right | KeyCode::Char('l') => self.move_cursor(1, 0),
            KeyCode::Up | KeyCode::Char('k') => self.move_cursor(0, -1),
            KeyCode::Down | KeyCode::Char('j') => self.move_cursor(0, 1),
            KeyCode::Enter | KeyCode::Char(' ') => {
                if self.session.is_running() {
                    self.play_cursor();
                } else {
                    self.restart();
                }
            }
            KeyCode::Char(':') | KeyCode::Char('/') => self.input = Some(String::new()),
            KeyCode::Char(c) if c.is_ascii_digit() => self.input = Some(c.to_string()),
            KeyCode::Char('u') | KeyCode::Backspace => self.undo(),
            KeyCode::Char('r') => self.redo(),
            KeyCode::Char('a') => self.again(again_asked),
            KeyCode::Char('n') => {
                self.cancel_search();
                self.dialog = Some(Dialog::new(
                    &self.session.start,
                    &self.session.setup,
                    &self.given,
                ));
            }
            KeyCode::Char('i') | KeyCode::Char('?') => self.hint(),
            KeyCode::Char('s') => self.swap(),
            KeyCode::Char('m') | KeyCode::Esc => self.move_now(),
            KeyCode::Char('+') | KeyCode::Char('=') => self.change_strength(1),
            KeyCode::Char('-') => self.change_strength(-1),
            _ => {}
        }
    }

    /// The status line after the question of `a` (play again) was taken back.
    fn say_game_goes_on(&mut self) {
        let a = self.key_name('a');
        self.message = format!("the game goes on (start over: {a} twice)");
    }

    /// `a`: a game over, or not begun, starts again at once; a game in progress only
    /// after `a` twice in a row (a TUI tester's report: one key next to `s` threw away
    /// a game, with no undo).
    fn again(&mut self, asked: bool) {
        let n = self.session.moves.len();
        let redo = self.session.redo.len();
        if asked || !self.session.is_running() || n + redo == 0 {
            self.restart();
            return;
        }
        let a = self.key_name('a');
        // Moves undone count too: they are lost with the game, and said to be (a
        // tester: the count with moves undone looked too high).
        let undone = match redo {
            0 => String::new(),
            r if r == n + redo => " (all undone)".to_string(),
            r => format!(" ({r} of them undone)"),
        };
        let n = n + redo;
        self.message = format!(
            "{a} again to start over: this game's {n} {}{undone} will be lost",
            if n == 1 { "move" } else { "moves" }
        );
        self.again_asked = true;
    }

    fn restart(&mut self) {
        let game = self.session.start.clone();
        let setup = self.session.setup;
        self.new_game(game, setup);
    }

    fn hint(&mut self) {
        // The hint on the board is for this position: at the strength it was searched at,
        // `i` says it again, and the valuing of its moves goes on (a recheck's report: it
        // stopped that valuing and searched again).
        if self.hint.is_some()
            && let Some((strength, said)) = &self.hint_said
            && *strength == self.session.setup.strength
        {
            self.message = said.clone();
            return;
        }
        self.stop_valuing();
        if !self.session.is_running() {
            self.message = "the game is over".into();
        } else if self.thinking.is_some() {
            self.message = "the AI is thinking".into();
        } else {
            self.start_search(Purpose::Hint);
        }
    }

    fn swap(&mut self) {
        let g = &self.session.game;
        let [first, second] = self.session.setup.players;
        if first == second {
            self.message = format!(
                "{} and {} are both {first}: nothing to swap",
                g.side_name(zerosum::Side::First),
                g.side_name(zerosum::Side::Second),
            );
            return;
        }
        self.cancel_search();
        self.session.setup.players.swap(0, 1);
        let g = &self.session.game;
        self.message = format!(
            "{} is now {}, {} is now {}",
            g.side_name(zerosum::Side::First),
            self.session.setup.players[0],
            g.side_name(zerosum::Side::Second),
            self.session.setup.players[1]
        );
        // A move typed ahead was for the side the human had: after the swap it would be
        // played for the other side.
        if let Some(text) = self.pending.take() {
            self.message = format!("{}; kept move {} dropped", self.message, quoted(&text));
        }
        self.not_before = Instant::now();
    }

    fn move_now(&mut self) {
        if self.stop_valuing() && self.session.player_to_move() != Player::Ai {
            self.message = "stopped valuing the moves".into();
            return;
        }
        // The AI to move but waiting out the pause after an undo, a redo or a swap: it
        // starts now, told to stop at once (before, `m` said "the AI is not thinking"
        // and the AI then took its whole time).
        if self.thinking.is_none()
            && self.session.is_running()
            && self.session.player_to_move() == Player::Ai
        {
            self.not_before = Instant::now();
            self.start_search(Purpose::Move);
        }
        match &mut self.thinking {
            Some((t, _)) => {
                t.stop();
                self.message = "stopping the AI: it plays its best move so far".into();
            }
            None => self.message = "the AI is not thinking".into(),
        }
    }

    fn dialog_key(&mut self, key: KeyEvent) {
        let Some(dialog) = &mut self.dialog else {
            return;
        };
        match key.code {
            KeyCode::Esc | KeyCode::Char('q') => {
                self.dialog = None;
                self.pause_ai();
            }
            KeyCode::Up | KeyCode::Char('k') => dialog.select(-1),
            KeyCode::Down | KeyCode::Char('j') | KeyCode::Tab => dialog.select(1),
            KeyCode::Left | KeyCode::Char('h') => dialog.change(-1, &self.session.start),
            KeyCode::Right | KeyCode::Char('l') | KeyCode::Char(' ') => {
                dialog.change(1, &self.session.start)
            }
            KeyCode::Enter => match dialog.build(&self.given) {
                Ok((game, setup)) => {
                    self.dialog = None;
                    self.new_game(game, setup);
                }
                Err(e) => dialog.error = Some(e),
            },
            _ => {}
        }
    }

    /// Handles a mouse event: a left click on a cell moves the cursor there and plays;
    /// where moves are columns (Connect Four), so does a click on a column's label above
    /// the board.
    pub fn handle_mouse(&mut self, ev: MouseEvent) {
        if ev.kind == MouseEventKind::Down(MouseButton::Left) && self.again_asked {
            // A click takes back the question of `a` (play again), as a key does.
            self.again_asked = false;
            self.say_game_goes_on();
        }
        if self.dialog.is_some() || self.input.is_some() {
            return;
        }
        if ev.kind != MouseEventKind::Down(MouseButton::Left) {
            return;
        }
        let Some(hit) = self.board_hit else { return };
        if self.session.game.moves_are_columns()
            && ev.row + 1 == hit.y
            && (hit.x..hit.right).contains(&ev.column)
        {
            let c = hit.first_col + ((ev.column - hit.x) / hit.cell_w) as usize;
            if c < self.session.game.cols() {
                self.cursor.0 = c;
                self.play_cursor();
            }
            return;
        }
        // Only a drawn cell: not the frame, nor a line below a board cut at the bottom.
        if ev.column < hit.x || ev.row < hit.y || ev.column >= hit.right || ev.row >= hit.bottom {
            return;
        }
        let c = hit.first_col + ((ev.column - hit.x) / hit.cell_w) as usize;
        let r = hit.first_row + (ev.row - hit.y) as usize;
        if c < self.session.game.cols() && r < self.session.game.rows() {
            self.cursor = (c, r);
            self.play_cursor();
        }
    }
}

/// What an undo or redo of `n` moves did: `nothing to <command>`, `<done> 1 move`,
/// `<done> n moves`.
fn moves_message(n: usize, command: &str, done: &str) -> String {
    match n {
        0 => format!("nothing to {command}"),
        1 => format!("{done} 1 move"),
        n => format!("{done} {n} moves"),
    }
}
