//! `zerosum <game> play`: the terminal UI and the plain line mode.
//!
//! Each game implements [`PlayGame`] in its own module (`play/<game>.rs`): what is on
//! the board, its notation, its moves and its AI. Everything else is generic:
//!
//! - [`options`]: the command-line options every game shares (`--plain`, `--human`,
//!   `--level`, `--time-ms`);
//! - [`session`]: a game in progress with its move list, redo stack and players;
//! - [`worker`]: the AI thinking on a worker thread, with the core's stop flag and
//!   progress reports over a channel;
//! - [`plain`]: the line mode (scripts and tests drive it);
//! - [`tui`]: the interactive terminal UI (ratatui).

pub mod connect4;
pub mod gomoku;
pub mod othello;
pub mod tictactoe;

pub mod options;
pub mod plain;
pub mod session;
pub mod tui;
pub mod worker;

#[cfg(test)]
mod test_support;
#[cfg(test)]
mod testgame;

use std::fmt::{Debug, Display};
use std::io::IsTerminal;
use std::process::ExitCode;
use zerosum::search::{Limits, StopFlag};
use zerosum::{Engine as _, Game as _, MoveList, Outcome, Side};

pub use options::{CommonArgs, Strength};

/// One progress report of a thinking AI, already written in the game's terms.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    /// Depth finished, in plies (or the solver's own measure).
    pub depth: u32,
    /// The value for the side to move in the game's terms: `win in 7`, `+12 discs`, `+35`.
    pub value: String,
    /// The principal variation in the game's notation, best move first.
    pub pv: Vec<String>,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Nodes per second so far.
    pub nps: u64,
}

/// A game option of the new-game dialog (board size, rule): a name and the values to
/// cycle through. The values are what the command line accepts for that option.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantOption {
    /// The option's name, e.g. `size`.
    pub name: &'static str,
    /// The values offered, e.g. `["15", "20"]`.
    pub values: Vec<String>,
}

/// A game as the play front ends see it: what is drawn, how moves are typed, and which
/// game crate engine thinks. Rows are counted from the top line as drawn; columns from
/// the left.
///
/// Required: the drawing (title, size, stones, labels, names), move parsing and the
/// cell ↔ move mapping, the position ([`PlayGame::game`]) and a fresh engine. Everything
/// else — the rules, legal moves, levels and the AI's move — comes from the game crate
/// through [`zerosum::Game`] and [`zerosum::Engine`]; adapters override a provided method
/// only to keep extra state (as the test game does) or to word a result.
pub trait PlayGame: Clone + Send + 'static {
    /// A move.
    type Move: Copy + Eq + Debug + Display + Send + 'static;
    /// The game crate's position type.
    type Game: zerosum::Game<Move = Self::Move> + Send + 'static;
    /// The game crate's engine.
    type Engine: zerosum::Engine<Game = Self::Game> + Send + 'static;
    /// The sides' names in results and prompts, first player first ([`PlayGame::side_name`]).
    const SIDE_NAMES: [&'static str; 2] = ["x", "o"];

    /// The game's title, with its variant, e.g. `Connect Four` or `Gomoku 15×15 freestyle`.
    fn title(&self) -> String;
    /// Board width in cells.
    fn cols(&self) -> usize;
    /// Board height in cells.
    fn rows(&self) -> usize;
    /// The stone on a cell, if any.
    fn stone(&self, col: usize, row: usize) -> Option<Side>;
    /// The label of a column in the game's notation (`a`, `1`).
    fn col_label(&self, col: usize) -> String;
    /// The label of a row in the game's notation (`8`, `1`); empty for none.
    fn row_label(&self, row: usize) -> String;
    /// What an empty cell shows, if not `.` (tic-tac-toe: its cell number, the move's
    /// notation).
    fn empty_label(&self, _col: usize, _row: usize) -> Option<String> {
        None
    }
    /// The name of a side in results and prompts: `x`, `black`, `red`.
    fn side_name(&self, side: Side) -> &'static str {
        match side {
            Side::First => Self::SIDE_NAMES[0],
            Side::Second => Self::SIDE_NAMES[1],
        }
    }
    /// The character drawn for a side's stone: `X` for the first player, `O` for the
    /// second.
    fn symbol(&self, side: Side) -> char {
        match side {
            Side::First => 'X',
            Side::Second => 'O',
        }
    }
    /// Parses a move typed in the game's notation and checks that it is legal now.
    ///
    /// # Errors
    /// Why the text is not a legal move, for the user.
    fn parse_move(&self, text: &str) -> Result<Self::Move, String>;
    /// The move for a clicked or cursor cell (Connect Four: that cell's column), legal
    /// or not; `None` where no move fits.
    fn move_at(&self, col: usize, row: usize) -> Option<Self::Move>;
    /// The cell where `mv` would put its stone in the current position (a pass: none).
    fn move_cell(&self, mv: Self::Move) -> Option<(usize, usize)>;
    /// The position.
    fn game(&self) -> &Self::Game;
    /// The position, to play on.
    fn game_mut(&mut self) -> &mut Self::Game;
    /// A fresh engine (its tables allocated).
    fn new_engine(&self) -> Self::Engine;

    /// The side to move.
    fn side_to_move(&self) -> Side {
        self.game().side_to_move()
    }
    /// Every legal move (none once the game is over).
    fn legal_moves(&self) -> Vec<Self::Move> {
        let mut moves = MoveList::new();
        self.game().legal_moves(&mut moves);
        moves.to_vec()
    }
    /// A move in the game's notation.
    fn move_text(&self, mv: Self::Move) -> String {
        mv.to_string()
    }
    /// True when the UI should mark the legal moves (Othello, Connect Four), false when
    /// every empty cell is legal anyway.
    fn marks_legal_moves(&self) -> bool {
        false
    }
    /// Plays a legal move.
    fn play(&mut self, mv: Self::Move) {
        self.game_mut().play(mv);
    }
    /// Takes back the last move.
    fn undo(&mut self) {
        self.game_mut().undo();
    }
    /// `Some` once the game is over.
    fn outcome(&self) -> Option<Outcome> {
        self.game().outcome()
    }
    /// The result without the `result: ` prefix: `x wins`, `draw`, `black wins 40-24`.
    fn result_text(&self) -> String {
        match self.outcome() {
            Some(Outcome::Win(side)) => format!("{} wins", self.side_name(side)),
            Some(Outcome::Draw) => "draw".to_string(),
            None => "unfinished".to_string(),
        }
    }
    /// A line about the position shown under the board (Othello: the disc count).
    fn status(&self) -> Option<String> {
        None
    }

    /// The highest numbered AI level (levels are `1..=max_level()`), from the engine's
    /// [`zerosum::Level`] type.
    fn max_level(&self) -> u8 {
        levels::<Self::Engine>()
            .iter()
            .filter_map(|l| l.parse::<u8>().ok())
            .max()
            .unwrap_or(1)
    }
    /// The strength used when none is given: the engine's default level.
    fn default_strength(&self) -> Strength {
        let text = <LevelOf<Self::Engine> as zerosum::Level>::default_level().to_string();
        text.parse().map_or(Strength::Perfect, Strength::Level)
    }
    /// True when the engine has a `perfect` level.
    fn has_perfect(&self) -> bool {
        levels::<Self::Engine>().iter().any(|l| l == "perfect")
    }
    /// Chooses a move for the side to move (the game is not over) with the game crate's
    /// engine, reporting each iteration; returns soon after `stop` is set, with the best
    /// move found so far. A time per move plays the engine's strongest level, the time
    /// deciding the depth.
    fn think(
        &self,
        engine: &mut Self::Engine,
        strength: Strength,
        stop: &StopFlag,
        progress: &mut dyn FnMut(Progress),
    ) -> Option<Self::Move> {
        let all = <LevelOf<Self::Engine> as zerosum::Level>::all();
        let wanted = match strength {
            Strength::Level(n) => n.to_string(),
            Strength::Perfect => "perfect".to_string(),
            Strength::Time(_) => all.last().map(|l| l.to_string()).unwrap_or_default(),
        };
        if let Some(level) = all.into_iter().find(|l| l.to_string() == wanted) {
            engine.set_level(level);
        }
        let limits = match strength {
            Strength::Time(t) => Limits::time(t),
            _ => Limits::default(),
        }
        .with_stop(stop.clone());
        let r = engine.think(self.game(), &limits, &mut |r| {
            progress(Progress {
                depth: r.depth,
                value: <Self::Engine as zerosum::Engine>::score_text(r.score, r.exact),
                pv: r.pv.iter().map(|m| m.to_string()).collect(),
                nodes: r.nodes,
                nps: r.nodes_per_second,
            })
        });
        r.best_move
    }

    /// The options of the new-game dialog (board size, rule), in order.
    fn variant_options(&self) -> Vec<VariantOption> {
        Vec::new()
    }
    /// The current value of each variant option, in the order of `variant_options`.
    fn variant(&self) -> Vec<String> {
        Vec::new()
    }
    /// A new game with the given variant values.
    ///
    /// # Errors
    /// Why the values do not make a game.
    fn with_variant(&self, _values: &[String]) -> Result<Self, String> {
        Ok(self.clone())
    }
}

/// The level type of an engine.
pub type LevelOf<E> = <E as zerosum::Engine>::Level;

/// Every level of an engine as users type them.
fn levels<E: zerosum::Engine>() -> Vec<String> {
    <LevelOf<E> as zerosum::Level>::all()
        .iter()
        .map(|l| l.to_string())
        .collect()
}

/// Runs `zerosum <game> play` for `game`: the plain line mode with `--plain` or when
/// standard output is not a terminal, the TUI otherwise.
pub fn run<G: PlayGame>(game: G, common: &CommonArgs) -> ExitCode {
    let setup = match common.setup(&game) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    if common.plain || !std::io::stdout().is_terminal() || !std::io::stdin().is_terminal() {
        plain::run(game, setup)
    } else {
        tui::run(game, setup)
    }
}

/// Formats a node count briefly: `950`, `12.3k`, `4.56M`, `1.20G`.
pub fn short_count(n: u64) -> String {
    match n {
        0..=9_999 => n.to_string(),
        10_000..=999_999 => format!("{:.1}k", n as f64 / 1e3),
        1_000_000..=999_999_999 => format!("{:.2}M", n as f64 / 1e6),
        _ => format!("{:.2}G", n as f64 / 1e9),
    }
}
