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
mod screens;
#[cfg(test)]
mod test_support;
#[cfg(test)]
mod testgame;

use std::fmt::{Debug, Display};
use std::io::IsTerminal;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::AtomicU64;
use zerosum::search::{Limits, RootMove, StopFlag};
use zerosum::{Bound, Engine as _, Game as _, MoveList, Outcome, Side};

pub use options::{CommonArgs, LevelChoice, Strength};

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

/// What a finished search found: the move and the root moves of its last iteration.
#[derive(Clone, Debug, PartialEq)]
pub struct Thought<M> {
    /// The move chosen (`None` when the game was over).
    pub best: Option<M>,
    /// Every root move the search valued, best first, in the engine's units.
    pub root: Vec<RootMove<M>>,
    /// True when the best move's score is the exact game value.
    pub exact: bool,
}

impl<M> Default for Thought<M> {
    /// No move, no root moves, not exact: nothing thought yet.
    fn default() -> Self {
        Thought {
            best: None,
            root: Vec::new(),
            exact: false,
        }
    }
}

/// Every legal move's value for the side to move, in one unit, best first: what the
/// analysis panel lists.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveValues {
    /// The unit of every value, e.g. `discs, exact` or `evaluation, depth 4`.
    pub unit: String,
    /// Each move in the game's notation with its value (`?` when not found in time).
    pub values: Vec<(String, String)>,
    /// What the reader should know about the list (moves not solved, moves not shown).
    pub note: Option<String>,
}

/// The values of a search's root moves in the engine's units, `≤` marking a value only
/// proven to be an upper bound and `≥` one only a lower bound (Gomoku: a forced move whose
/// reply's search was cut); the unit says whether the values are exact.
pub fn root_values<M: Display>(root: &[RootMove<M>], exact: bool) -> MoveValues {
    let unit = if exact { "exact" } else { "evaluation" };
    root_values_in(root, &format!("{unit}; win/loss in plies"))
}

/// The values of a search's root moves as [`root_values`] gives them, under the unit
/// `unit`, followed by the meaning of each bound mark the list uses (`≤: at most`,
/// `≥: at least`).
pub fn root_values_in<M: Display>(root: &[RootMove<M>], unit: &str) -> MoveValues {
    let mark = |bound| match bound {
        Bound::Upper => "≤",
        Bound::Lower => "≥",
        Bound::Exact => "",
    };
    let values = root
        .iter()
        .map(|m| (m.mv.to_string(), format!("{}{}", mark(m.bound), m.score)))
        .collect();
    let mut unit = unit.to_string();
    for (bound, meaning) in [(Bound::Upper, "≤: at most"), (Bound::Lower, "≥: at least")] {
        if root.iter().any(|m| m.bound == bound) {
            unit = format!("{unit}; {meaning}");
        }
    }
    MoveValues {
        unit,
        values,
        note: None,
    }
}

/// A move read from the game's notation (`parsed`), if the rules let it be played now:
/// `try_play` plays it on a copy of `game`, its error saying why not.
///
/// # Errors
/// The notation's error or the rules', for the user.
pub fn checked_move<G: Clone, M: Copy, E: Display, F: Display>(
    game: &G,
    parsed: Result<M, E>,
    try_play: impl FnOnce(&mut G, M) -> Result<(), F>,
) -> Result<M, String> {
    let mv = parsed.map_err(|e| e.to_string())?;
    try_play(&mut game.clone(), mv).map_err(|e| e.to_string())?;
    Ok(mv)
}

impl MoveValues {
    /// Exact values in `unit`, each searched within `nodes`: a move with none found shows
    /// `?`, and the note says why.
    pub fn solved<M: Display>(
        unit: &str,
        values: impl IntoIterator<Item = (M, Option<String>)>,
        nodes: u64,
    ) -> MoveValues {
        let values: Vec<(String, String)> = (values.into_iter())
            .map(|(m, v)| (m.to_string(), v.unwrap_or_else(|| "?".into())))
            .collect();
        let unsolved = values.iter().any(|(_, v)| v == "?");
        MoveValues {
            unit: unit.into(),
            values,
            note: unsolved.then(|| format!("?: not solved within {}k nodes", nodes / 1000)),
        }
    }
}

/// What a board mark shows (Gomoku): the winning row, and the threats on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MarkKind {
    /// A stone of the winning row.
    Five,
    /// An empty cell where `side` would complete a five now: `side` has a four.
    FivePoint(Side),
    /// An empty cell where `side` would make an open four (two cells then complete a
    /// five): `side` has an open three through it.
    OpenFourPoint(Side),
}

/// A mark on a board cell (column, row as drawn).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Mark {
    /// The cell, (column, row) counted from the top-left as drawn.
    pub cell: (usize, usize),
    /// What it marks.
    pub kind: MarkKind,
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
/// Required: the drawing (title, size, stones), move parsing and the
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
    /// The label of a column in the game's notation (`a`, `1`); letters from `a` by
    /// default.
    fn col_label(&self, col: usize) -> String {
        char::from(b'a' + col as u8).to_string()
    }
    /// The label of a row in the game's notation (`8`, `1`); none (empty) by default.
    fn row_label(&self, _row: usize) -> String {
        String::new()
    }
    /// True when a cell holds no stone but cannot be played: a Gomoku blocker (a set-up
    /// position's `blocked` cells), drawn `#`. None by default.
    fn blocked(&self, _col: usize, _row: usize) -> bool {
        false
    }
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
    /// Checks that `text` is a move in the game's notation (on this board), whether or
    /// not it is legal now: a move typed ahead while the AI thinks is refused at once
    /// when it is no move at all, and checked against the rules when it is played. By
    /// default every text passes.
    ///
    /// # Errors
    /// Why the text is no move in the notation, for the user.
    fn check_notation(&self, _text: &str) -> Result<(), String> {
        Ok(())
    }
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
    /// Plies played before this position (moves and passes): the move list numbers its
    /// moves from it, as chess GUIs count from a FEN's move number.
    fn ply(&self) -> u32 {
        self.game().ply()
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
    /// True when `text` names a pass in the game's notation, legal now or not (Othello's
    /// `PS`, `PA`, `PASS`); games without passes never have one.
    fn is_pass_text(&self, _text: &str) -> bool {
        false
    }
    /// True when a move is a whole column (Connect Four): a click on a column's label
    /// above the board then plays that column, as a click in the column does.
    fn moves_are_columns(&self) -> bool {
        false
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
    /// Marks on the board besides the stones (Gomoku: the winning five, fours and open
    /// threes); none by default.
    fn marks(&self) -> Vec<Mark> {
        Vec::new()
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
    /// True when `perfect` here may take far longer than a move should (minutes to
    /// hours an AI move): the front ends warn when it is chosen, as `play --level
    /// perfect` warns on the command line. False by default: the exact solver answers
    /// at once, or the game has no `perfect`.
    fn perfect_may_take_long(&self) -> bool {
        false
    }
    /// Chooses a move for the side to move (the game is not over) with the game crate's
    /// engine, reporting each iteration; returns soon after `stop` is set, with the best
    /// move found so far. A time, depth or node budget per move plays the engine's
    /// strongest level within that budget. With `live_nodes`, the search publishes its
    /// node count there as it goes (a perfect solver sends no report before it is done).
    fn think(
        &self,
        engine: &mut Self::Engine,
        strength: Strength,
        stop: &StopFlag,
        live_nodes: Option<&Arc<AtomicU64>>,
        progress: &mut dyn FnMut(Progress),
    ) -> Thought<Self::Move> {
        let all = <LevelOf<Self::Engine> as zerosum::Level>::all();
        let wanted = match strength {
            Strength::Level(n)
            | Strength::Within {
                level: Some(LevelChoice::Number(n)),
                ..
            } => n.to_string(),
            Strength::Perfect
            | Strength::Within {
                level: Some(LevelChoice::Perfect),
                ..
            } => "perfect".to_string(),
            Strength::Time(_)
            | Strength::Depth(_)
            | Strength::Nodes(_)
            | Strength::Within { level: None, .. } => {
                all.last().map(|l| l.to_string()).unwrap_or_default()
            }
        };
        if let Some(level) = all.into_iter().find(|l| l.to_string() == wanted) {
            engine.set_level(level);
        }
        let mut limits = match strength {
            Strength::Time(t) => Limits::time(t),
            Strength::Depth(d) => Limits::depth(d),
            Strength::Nodes(n) => Limits::nodes(n),
            Strength::Within {
                time, depth, nodes, ..
            } => Limits {
                time,
                depth,
                nodes,
                ..Limits::default()
            },
            Strength::Level(_) | Strength::Perfect => Limits::default(),
        }
        .with_stop(stop.clone());
        if let Some(counter) = live_nodes {
            limits = limits.with_progress(Arc::clone(counter));
        }
        // A depth the limit cut is marked as the bound it is (the report says which).
        let to_progress = |r: &zerosum::search::Report<Self::Move>| Progress {
            depth: r.depth,
            value: format!(
                "{}{}",
                match r.bound {
                    Bound::Lower if !r.exact => "≥",
                    Bound::Upper if !r.exact => "≤",
                    _ => "",
                },
                <Self::Engine as zerosum::Engine>::score_text(r.score, r.exact)
            ),
            pv: r.pv.iter().map(|m| m.to_string()).collect(),
            nodes: r.nodes,
            nps: r.nodes_per_second,
        };
        let mut last = None;
        let r = engine.think(self.game(), &limits, &mut |r| {
            last = Some((r.pv.first().copied(), r.score));
            progress(to_progress(r))
        });
        // The move played may come from a depth the time cut short (a move that failed
        // high), after the last report: its value and line are reported then, bound
        // marked, so the panel shows the move played (a recheck's report: `played j8`
        // under the line and value of k10).
        if last.is_some_and(|last| last != (r.pv.first().copied(), r.score))
            && r.best_move.is_some()
        {
            progress(to_progress(&r.report()));
        }
        Thought {
            best: r.best_move,
            root: r.root_moves,
            exact: r.exact,
        }
    }

    /// Every legal move's value for the side to move, after `thought` (the search just
    /// made on this position), for the analysis panel; stops soon after `stop` is set
    /// (values not found then are `?`). By default the search's own root values in the
    /// engine's units; games with an exact solver fast enough near the end override it.
    fn move_values(
        &self,
        _engine: &mut Self::Engine,
        thought: &Thought<Self::Move>,
        _stop: &StopFlag,
    ) -> MoveValues {
        root_values(&thought.root, thought.exact)
    }

    /// The options of the new-game dialog (board size, rule), in order.
    fn variant_options(&self) -> Vec<VariantOption> {
        Vec::new()
    }
    /// The current value of each variant option, in the order of `variant_options`.
    fn variant(&self) -> Vec<String> {
        Vec::new()
    }
    /// A new game with the given variant values; called on the current game's start
    /// position (the new-game dialog), which it keeps when the values are its own (so
    /// that a game from `--position` starts from it again).
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

/// Runs `zerosum <game> play` for `game` (made from the options, from `--position` when
/// given; `Err` says why they make no game): the plain line mode with `--plain` or when
/// standard input or output is not a terminal, the TUI otherwise. Bad options, and a position
/// whose game is already over, exit with status 2.
pub fn run<G: PlayGame>(game: Result<G, String>, common: &CommonArgs) -> ExitCode {
    let made = game
        .and_then(|g| match g.outcome() {
            Some(_) => Err(format!(
                "--position: the game is already over ({}): there is nothing to play",
                g.result_text()
            )),
            None => Ok(g),
        })
        .and_then(|g| common.setup(&g).map(|setup| (g, setup)));
    let (game, mut setup) = match made {
        Ok(made) => made,
        Err(e) => {
            diag!("error: {e}");
            return ExitCode::from(2);
        }
    };
    setup.strength = without_unused_limits::<G>(setup.strength);
    if common.plain || !std::io::stdout().is_terminal() || !std::io::stdin().is_terminal() {
        plain::run(game, setup)
    } else {
        tui::run(game, setup)
    }
}

/// `strength` without the limits it cannot use: a level that chooses its move without a
/// search (Gomoku's level 1) with a time or node limit, and no depth (which makes every
/// level search), ignores the limit. Warns on standard error as `bestmove` does, and
/// leaves the limit out, so that the players' line shows the level alone (a tester:
/// `--level 1 --nodes 500` was warned of and then shown as `level 1, 500 nodes/move`).
fn without_unused_limits<G: PlayGame>(strength: Strength) -> Strength {
    let Strength::Within {
        level: Some(LevelChoice::Number(n)),
        time,
        depth: None,
        nodes,
    } = strength
    else {
        return strength;
    };
    let Some(what) = crate::limits::unused_limits_text(nodes.is_some(), time.is_some()) else {
        return strength;
    };
    match n.to_string().parse::<LevelOf<G::Engine>>() {
        Ok(level) if !zerosum::Level::searches(&level) => {
            diag!("warning: level {level} chooses its move without a search, so {what} no effect");
            Strength::Within {
                level: Some(LevelChoice::Number(n)),
                time: None,
                depth: None,
                nodes: None,
            }
        }
        _ => strength,
    }
}

/// `n` nodes in [`short_count`]'s form, with the noun it takes: `1 node`, `12.3k nodes`.
pub fn nodes_text(n: u64) -> String {
    format!("{} {}", short_count(n), crate::noun(n, "node", "nodes"))
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

#[cfg(test)]
mod tests {
    use super::*;
    use zerosum::Score;

    /// Report 20: the analysis panel marked only upper bounds, so a Gomoku forced move
    /// whose reply's search was cut (a lower bound) showed its value unmarked. Both
    /// marks are shown, and the unit names those the list uses.
    #[test]
    fn root_values_mark_both_bounds_and_name_the_marks_used() {
        let root = |bounds: &[Bound]| -> Vec<RootMove<u8>> {
            (bounds.iter().enumerate())
                .map(|(k, &bound)| RootMove {
                    mv: k as u8,
                    score: Score(10 - k as i32),
                    bound,
                })
                .collect()
        };
        let v = root_values(&root(&[Bound::Lower]), false);
        assert_eq!(v.values, [("0".to_string(), "≥+10".to_string())]);
        assert_eq!(v.unit, "evaluation; win/loss in plies; ≥: at least");
        let v = root_values(&root(&[Bound::Exact, Bound::Upper]), false);
        assert_eq!(v.values[1], ("1".to_string(), "≤+9".to_string()));
        assert_eq!(v.unit, "evaluation; win/loss in plies; ≤: at most");
        let v = root_values(&root(&[Bound::Exact]), true);
        assert_eq!(v.unit, "exact; win/loss in plies");
    }
}
