//! The NBoard protocol (version 2), by which the NBoard GUI and other Othello front ends
//! drive an engine over standard input and output (Chris Welty's description:
//! `weltyc/ntest`, `instructions/Protocol.htm`).
//!
//! [`Command`] reads one line from the GUI; [`Session`] keeps the game and the
//! [`Engine`] and answers each command on a writer, flushing after every answer. The
//! `zerosum othello nboard` command is a thin loop around it.
//!
//! | from the GUI | what the session does |
//! |---|---|
//! | `nboard 2` | answers `set myname zerosum` |
//! | `set game <GGF>` | the game and its position (see [`crate::ggf`]); a game that cannot be read is refused: the session keeps its previous game and says so in a `status` line |
//! | `set depth <n>` | midgame depth `n` plies (1–60), exact from `min(2n, 24)` empties |
//! | `set contempt <n>` | a whole number (centidiscs, signed) read and ignored (no opening book, so no book draws); no number, or another word, is refused |
//! | `move <mv>[/<eval>[/<time>]]` | plays the move (`PA` passes); a bare `<mv>` too, as NBoard 1.1 sends it; a square when the side to move must pass is the other side's move after the pass, which is filled in (as `set game` fills in a pass a record leaves out); a move that cannot be read or played is refused as a bad `set game` is |
//! | `hint <n>` | `search <move> <eval> 0 <depth>` for up to `n` best moves (1–64): exact (`100%`) when the solver's range is reached, there preceded from 18 empties on by the midgame search's values at most 10 plies deep (NBoard shows them until the exact ones come, which replace those of the same moves; a preview move that is not among the exact ones stays on its board, greyed as an older depth's); otherwise the midgame search's values at the set depth, preceded by each shallower iteration's best move as it finishes (a move whose game end the search sees: its final disc difference, solved, depth `100%`, when that solve takes at most 4 million nodes, else ±64.00 at the set depth) |
//! | `go` | `=== <move>/<eval>/<seconds>`, within the game's time left (the side's `TB`/`TW`, else `TI`, less its recorded move times) when the game has a clock (a clock of zeros alone, NBoard's `TI[0]` of an untimed game, is none: the set depth; but one side's zeros beside the other's running clock are a clock run out); the position is not changed. A finished game: `status game over`, then `=== PA/<final disc difference>/0.00` (see below) |
//! | `ping <n>` | `pong <n>` (a search in progress is stopped first: see [`interrupts`]) |
//! | `learn` | answers `learned` (nothing is learned: no opening book) |
//! | `analyze` | `analysis <moves made> <eval>` for each position of the game, from the last to the start, each at the set depth (exact from the level's end depth on); values for **black**, as NBoard's score graph draws them |
//! | `quit` | ends the session |
//!
//! Around `go` and `hint` the session sends `status …` lines, and `nodestats <nodes>
//! <seconds>` after each finished depth. Evaluations are in discs for the side to move
//! (`analyze`'s for black);
//! those of the midgame search are the evaluation's hundredths of a disc divided by 100.
//! `go` on a finished game (no move for either side) is answered too, with a pass and
//! the final disc difference for the side to move: `=== PA/62/0.00`. The protocol
//! requires a `=== <move>` for every `go`, and a GUI or match runner waits for it, so
//! the `status game over` alone that the session sent before left such a front end
//! hanging. NBoard itself never sends `go` on a finished game (its `ReversiWindow`
//! checks `isGameOver` first); Edax also always answers `===`, there with its no-move
//! marker `--` (`nboard.c`, `play_go` returning early), which NBoard's move reader
//! (`COsMove`) reads as a square off the board, not as a move. `PA` is the protocol's own move for a side
//! without a legal one, which every NBoard reader parses; the value tells the result.
//! Unknown commands are ignored as the protocol asks ([`CommandError::Unknown`]); an
//! argument after `go`, `learn` or `quit`, which take none, is refused, not ignored
//! ([`CommandError::UnexpectedArgument`]).
//!
//! A `set game` or `move` the session refuses leaves its game as it was, which is then no
//! longer the GUI's: a `go` or `hint` after it answers for the previous position. The
//! protocol has no error answer (an engine "may assume" the GUI sends good commands, and
//! the GUI reads only `===`, `pong`, `status`, `set myname`, `search`, `book`,
//! `nodestats`, `learned` and `analysis`), so the refusal is told in a `status` line,
//! which NBoard shows: `status zerosum refused set game: <why>; its game is unchanged`.
//! The caller also gets the error ([`Session::handle_line`]). A known command refused for
//! its argument (`hint 0`, `set depth 99`, `go now`) is not carried out and is told the
//! same way, without the game's part: `status zerosum refused hint: 0 is not in 1–64`. Before, the refusal was
//! only in the error, which the `nboard` command writes to standard error, where the GUI
//! shows nothing. The
//! protocol has the GUI send `nboard 2` first: until then every command but `ping` and
//! `quit` is refused and named ([`SessionError::BeforeHandshake`]). Version 1 is spoken
//! too: its only difference the description names is that NBoard 1.1 sends a move
//! alone (`F5`) instead of `move F5`, which the session reads as a `move` in either
//! version (as the description's reference engine, ntest, does).

use crate::ggf::{GgfError, GgfGame, GgfMove};
use crate::{Engine, Level, Move, Othello, PlayError, Solution};
use std::io::{self, Write};
use std::time::Instant;
use thiserror::Error;
use zerosum::search::{Limits, StopFlag};
use zerosum::time::{Budget, GameClock};
use zerosum::{Engine as _, Game, Score, Side};

/// The name the engine gives the GUI.
pub const NAME: &str = "zerosum";
/// The protocol version implemented.
pub const VERSION: u32 = 2;
/// The oldest protocol version spoken: 1, whose GUI (NBoard 1.1) sends a move alone.
pub const OLDEST_VERSION: u32 = 1;
/// The deepest midgame depth `set depth` accepts.
pub const MAX_DEPTH: u32 = 60;
/// The most moves `hint` evaluates (more than any position has).
pub const MAX_HINT_MOVES: u32 = 64;
/// From this many empties on, a `hint` in the solver's range shows the midgame search's
/// values before the exact ones (a solve of 18 or more empties can take seconds to
/// minutes, and the GUI would show nothing meanwhile).
pub const HINT_PREVIEW_EMPTIES: u32 = 18;
/// The deepest midgame search of a `hint`'s preview, in plies (the set depth when lower).
pub const HINT_PREVIEW_DEPTH: u32 = 10;
/// The solver is used from at most this many empties whatever the depth (the GUI's
/// `hint` has no time limit; an exact solve beyond this can take minutes).
pub const MAX_EXACT_EMPTIES: u32 = 24;

/// One command from the GUI.
#[derive(Clone, Debug)]
pub enum Command {
    /// `nboard <version>`: the first command.
    NBoard(u32),
    /// `set game <GGF>`: the game, whose last position is the current one.
    SetGame(Box<GgfGame>),
    /// `set depth <plies>`.
    SetDepth(u32),
    /// `set contempt <value>`: the value of a draw in centidiscs (a whole number, signed),
    /// for an engine's book; read and ignored (no opening book).
    SetContempt(i32),
    /// `move <move>[/<eval>[/<time>]]`, or the move alone (NBoard 1.1): a move played on
    /// the board.
    Move(GgfMove),
    /// `hint <n>`: evaluate the `n` best moves.
    Hint(u32),
    /// `go`: the move the engine would play.
    Go,
    /// `ping <n>`: answer `pong <n>` once idle.
    Ping(String),
    /// `learn`: add the game to the book (answered, nothing learned).
    Learn,
    /// `analyze`: a retrograde analysis of the game: one `analysis <moves made> <eval>`
    /// line a position, from the last back to the start, each valued for black at the set
    /// depth (see the module docs).
    Analyze,
    /// `quit`: end the session.
    Quit,
}

impl Command {
    /// The command's name as the GUI writes it (`set game`, `go`).
    pub fn name(&self) -> &'static str {
        match self {
            Command::NBoard(_) => "nboard",
            Command::SetGame(_) => "set game",
            Command::SetDepth(_) => "set depth",
            Command::SetContempt(_) => "set contempt",
            Command::Move(_) => "move",
            Command::Hint(_) => "hint",
            Command::Go => "go",
            Command::Ping(_) => "ping",
            Command::Learn => "learn",
            Command::Analyze => "analyze",
            Command::Quit => "quit",
        }
    }
}

/// Why a line from the GUI is not a command the session can carry out.
#[derive(Debug, Error)]
pub enum CommandError {
    /// A blank line.
    #[error("empty line")]
    Empty,
    /// A command this engine does not know (the protocol says to ignore it).
    #[error("unknown command {0:?}")]
    Unknown(String),
    /// A command without its argument.
    #[error("{command}: missing argument")]
    MissingArgument {
        /// The command.
        command: &'static str,
    },
    /// A number argument that is not a number.
    #[error("{command}: invalid number {text:?}")]
    Number {
        /// The command.
        command: &'static str,
        /// The text found.
        text: String,
    },
    /// An argument after a command that takes none (`go now`): refused, not ignored.
    #[error("{command}: takes no argument, found {text:?}")]
    UnexpectedArgument {
        /// The command.
        command: &'static str,
        /// The text after it.
        text: String,
    },
    /// A number argument outside the range the command accepts.
    #[error("{command}: {text} is not in {min}\u{2013}{max}")]
    OutOfRange {
        /// The command.
        command: &'static str,
        /// The number as found.
        text: String,
        /// The smallest number accepted.
        min: u32,
        /// The largest number accepted.
        max: u32,
    },
    /// `set game` with an unreadable game.
    #[error("set game: {0}")]
    Game(GgfError),
    /// `move` with an unreadable move or annotation.
    #[error("move: {}", .0.without_move_number())]
    Move(GgfError),
}

// Plain `From`s (not thiserror's `#[from]`): a variant's message already holds the
// inner error's, so it is not also its `source` (an error reporter printed it twice).
impl From<GgfError> for CommandError {
    fn from(e: GgfError) -> Self {
        CommandError::Game(e)
    }
}

impl std::str::FromStr for Command {
    type Err = CommandError;

    fn from_str(line: &str) -> Result<Command, CommandError> {
        let line = line.trim();
        let (word, rest) = line
            .split_once(char::is_whitespace)
            .map_or((line, ""), |(w, r)| (w, r.trim()));
        let number = |command: &'static str,
                      text: &str,
                      (min, max): (u32, u32)|
         -> Result<u32, CommandError> {
            if text.is_empty() {
                return Err(CommandError::MissingArgument { command });
            }
            // One number only: `set depth 4 5` is not taken for 4.
            let t = text.trim();
            if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
                return Err(CommandError::Number {
                    command,
                    text: t.to_string(),
                });
            }
            // All digits: a number, perhaps too large for any integer type.
            match t.parse::<u32>() {
                Ok(n) if (min..=max).contains(&n) => Ok(n),
                _ => Err(CommandError::OutOfRange {
                    command,
                    text: t.to_string(),
                    min,
                    max,
                }),
            }
        };
        match word {
            "" => Err(CommandError::Empty),
            "nboard" => Ok(Command::NBoard(number("nboard", rest, (0, u32::MAX))?)),
            "set" => {
                let (what, arg) = rest
                    .split_once(char::is_whitespace)
                    .map_or((rest, ""), |(w, r)| (w, r.trim()));
                match what {
                    "game" if arg.is_empty() => Err(CommandError::MissingArgument {
                        command: "set game",
                    }),
                    "game" => Ok(Command::SetGame(Box::new(GgfGame::parse(arg)?))),
                    "depth" => {
                        let d = number("set depth", arg, (1, MAX_DEPTH))?;
                        Ok(Command::SetDepth(d))
                    }
                    "contempt" => {
                        if arg.is_empty() {
                            return Err(CommandError::MissingArgument {
                                command: "set contempt",
                            });
                        }
                        // A whole number, signed; one beyond `i32` is kept at its end
                        // (the value is ignored).
                        let digits = arg.strip_prefix(['+', '-']).unwrap_or(arg);
                        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                            return Err(CommandError::Number {
                                command: "set contempt",
                                text: arg.to_string(),
                            });
                        }
                        let end = if arg.starts_with('-') {
                            i32::MIN
                        } else {
                            i32::MAX
                        };
                        Ok(Command::SetContempt(arg.parse().unwrap_or(end)))
                    }
                    "" => Err(CommandError::MissingArgument { command: "set" }),
                    _ => Err(CommandError::Unknown(shown(line))),
                }
            }
            "move" => {
                if rest.is_empty() {
                    return Err(CommandError::MissingArgument { command: "move" });
                }
                GgfMove::parse(rest, 1)
                    .map(Command::Move)
                    .map_err(CommandError::Move)
            }
            "hint" => Ok(Command::Hint(number("hint", rest, (1, MAX_HINT_MOVES))?)),
            "go" => no_argument("go", rest, Command::Go),
            "ping" => Ok(Command::Ping(rest.to_string())),
            "learn" => no_argument("learn", rest, Command::Learn),
            "analyze" => no_argument("analyze", rest, Command::Analyze),
            "quit" => no_argument("quit", rest, Command::Quit),
            // NBoard 1.1 sends a move alone, `F5`, for `move F5`.
            _ if rest.is_empty() => GgfMove::parse(word, 1)
                .map(Command::Move)
                .map_err(|_| CommandError::Unknown(shown(line))),
            _ => Err(CommandError::Unknown(shown(line))),
        }
    }
}

/// `command`, which takes no argument, unless `rest` (the text after it) is not empty:
/// then [`CommandError::UnexpectedArgument`].
fn no_argument(command: &'static str, rest: &str, c: Command) -> Result<Command, CommandError> {
    if rest.is_empty() {
        Ok(c)
    } else {
        Err(CommandError::UnexpectedArgument {
            command,
            text: shown(rest),
        })
    }
}

/// True for the lines that must stop a search in progress at once (`ping`, `quit`): a
/// front end that reads standard input on another thread raises the session's
/// [`Session::stop_flag`] when one arrives.
pub fn interrupts(line: &str) -> bool {
    let mut words = line.split_whitespace();
    match words.next() {
        Some("ping") => true,
        // `quit now` is refused (a command with an argument it does not take).
        Some("quit") => words.next().is_none(),
        _ => false,
    }
}

/// Why a command could not be carried out.
#[derive(Debug, Error)]
pub enum SessionError {
    /// The line is not a command (see [`CommandError`]).
    #[error(transparent)]
    Command(#[from] CommandError),
    /// `move` with a move that is illegal in the current position.
    #[error("move: {0}")]
    Illegal(PlayError),
    /// `nboard N` with a version other than [`OLDEST_VERSION`]…[`VERSION`]. The session
    /// still answers `set myname` and goes on in version 2; the error tells the user why
    /// the GUI may not understand it.
    #[error(
        "nboard: protocol version {0} is not supported (this engine speaks version {VERSION}); going on in version {VERSION}"
    )]
    Version(u32),
    /// A command other than `ping` or `quit` before the `nboard` handshake, which the
    /// protocol has the GUI send first; it is not carried out.
    #[error("{command}: before the handshake (the GUI sends \"nboard {VERSION}\" first); ignored")]
    BeforeHandshake {
        /// The command's name.
        command: &'static str,
    },
    /// Writing to the GUI failed.
    #[error("output: {0}")]
    Io(io::Error),
}

impl From<PlayError> for SessionError {
    fn from(e: PlayError) -> Self {
        SessionError::Illegal(e)
    }
}

impl From<io::Error> for SessionError {
    fn from(e: io::Error) -> Self {
        SessionError::Io(e)
    }
}

impl SessionError {
    /// Whether the error refused a command that sets the position (`set game`, `move`):
    /// the session's game is then no longer the GUI's.
    fn keeps_a_stale_game(&self) -> bool {
        matches!(
            self,
            SessionError::Command(
                CommandError::Game(_)
                    | CommandError::Move(_)
                    | CommandError::MissingArgument {
                        command: "set game" | "move"
                    }
            ) | SessionError::Illegal(_)
        )
    }

    /// Whether the error refused a command the session knows for its argument (`hint 0`,
    /// `set depth 99`, `go now`) without changing the game: the command was not carried
    /// out, which the GUI is told in a `status` line (the protocol has no error answer).
    fn refuses_a_known_command(&self) -> bool {
        matches!(
            self,
            SessionError::Command(
                CommandError::MissingArgument { .. }
                    | CommandError::Number { .. }
                    | CommandError::UnexpectedArgument { .. }
                    | CommandError::OutOfRange { .. }
            )
        ) && !self.keeps_a_stale_game()
    }
}

/// What the front end does after a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Control {
    /// Read the next line.
    Continue,
    /// `quit` was received: stop.
    Quit,
}

/// An NBoard session: the game as the GUI last set it, the depth, and the engine.
pub struct Session {
    engine: Engine,
    game: GgfGame,
    depth: u32,
    stop: StopFlag,
    /// Whether `nboard` was received.
    greeted: bool,
}

impl Session {
    /// A session at the start position, depth 4, with `tt_mib` MiB for each of the
    /// engine's tables.
    ///
    /// # Panics
    ///
    /// When the system refuses the tables' memory (see [`Session::try_new`]).
    pub fn new(tt_mib: usize) -> Session {
        Self::try_new(tt_mib).unwrap_or_else(|e| panic!("{e}"))
    }

    /// [`Session::new`], or an error when the system refuses the tables' memory.
    ///
    /// # Errors
    ///
    /// [`zerosum::TableAllocError`] with the size of the table refused, in bytes.
    pub fn try_new(tt_mib: usize) -> Result<Session, zerosum::TableAllocError> {
        let mut s = Session {
            engine: Engine::try_new(tt_mib)?,
            game: GgfGame::from_game(&Othello::new()),
            depth: 4,
            stop: StopFlag::new(),
            greeted: false,
        };
        s.engine.set_level(level_for_depth(s.depth));
        Ok(s)
    }

    /// The flag that stops a `go` or `hint` in progress (raise it from the thread that
    /// reads the GUI's lines when [`interrupts`] says so); the session lowers it when it
    /// answers `ping`.
    pub fn stop_flag(&self) -> StopFlag {
        self.stop.clone()
    }

    /// The current position.
    pub fn game(&self) -> &Othello {
        self.game.game()
    }

    /// Reads and carries out one line, writing the answers to `out` (flushed). A refused
    /// `set game` or `move` (unreadable, or an illegal move) is also told to the GUI in a
    /// `status` line (see the module docs): the session's game is no longer the GUI's.
    /// A known command refused for its argument (`hint 0`, `set depth 99`, `go now`) is
    /// told likewise, `status zerosum refused <why>`; an unknown command is ignored
    /// silently, as the protocol asks.
    ///
    /// # Errors
    /// [`SessionError`]; the session's state is unchanged by a failed command, and the
    /// caller may go on with the next line (for [`CommandError::Unknown`] the protocol
    /// asks exactly that).
    pub fn handle_line(
        &mut self,
        line: &str,
        out: &mut impl Write,
    ) -> Result<Control, SessionError> {
        // A byte-order mark (an editor's, before a file's first line) is no part of a
        // command, as the other readers of the workspace skip it.
        let line = line.trim_start_matches('\u{feff}');
        let result = match line.parse::<Command>() {
            Ok(command) => self.execute(command, out),
            Err(e) => Err(e.into()),
        };
        if let Err(e) = &result {
            if e.keeps_a_stale_game() {
                Self::tell_refused(e, out)?;
            } else if e.refuses_a_known_command() {
                Self::tell(&format!("refused {e}"), out)?;
            }
        }
        result
    }

    /// Tells the GUI in a `status` line that the session refused something (`why`) and
    /// kept its game: `status zerosum refused <why>; its game is unchanged`, flushed.
    /// [`Session::handle_line`] writes it for a refused `set game` or `move`; a front end
    /// writes it for a line it could not read at all (longer than its bound), which may
    /// have been either.
    ///
    /// # Errors
    /// Writing to `out` failed.
    pub fn tell_refused(why: &dyn std::fmt::Display, out: &mut impl Write) -> io::Result<()> {
        Self::tell(&format!("refused {why}; its game is unchanged"), out)
    }

    /// Tells the GUI `what` the session is doing or did in a `status` line, `status
    /// zerosum <what>`, flushed (NBoard shows `status` lines; the protocol has no error
    /// answer, so refusals are told this way too).
    fn tell(what: &str, out: &mut impl Write) -> io::Result<()> {
        writeln!(out, "status {NAME} {what}")?;
        out.flush()
    }

    /// Carries out one command, writing the answers to `out` (flushed).
    ///
    /// # Errors
    /// [`SessionError::Illegal`] for an illegal `move`, [`SessionError::Version`] for
    /// `nboard` with another version (after answering it),
    /// [`SessionError::BeforeHandshake`] for a command before `nboard` (not carried
    /// out), [`SessionError::Io`] when writing fails.
    pub fn execute(
        &mut self,
        command: Command,
        out: &mut impl Write,
    ) -> Result<Control, SessionError> {
        if !self.greeted
            && !matches!(
                command,
                Command::NBoard(_) | Command::Ping(_) | Command::Quit
            )
        {
            return Err(SessionError::BeforeHandshake {
                command: command.name(),
            });
        }
        match command {
            Command::NBoard(v) => {
                self.greeted = true;
                writeln!(out, "set myname {NAME}")?;
                out.flush()?;
                if !(OLDEST_VERSION..=VERSION).contains(&v) {
                    return Err(SessionError::Version(v));
                }
            }
            Command::SetGame(g) => {
                self.game = *g;
            }
            Command::SetDepth(d) => {
                self.depth = d;
                self.engine.set_level(level_for_depth(d));
            }
            Command::SetContempt(_) => {}
            Command::Move(m) => self.play(m)?,
            Command::Hint(n) => self.hint(n as usize, out)?,
            Command::Go => self.go(out)?,
            Command::Ping(n) => {
                self.stop.reset();
                // The number is echoed as sent, with control characters escaped.
                let n: String = n.trim().chars().flat_map(char::escape_default).collect();
                if n.is_empty() {
                    writeln!(out, "pong")?;
                } else {
                    writeln!(out, "pong {n}")?;
                }
            }
            Command::Learn => writeln!(out, "learned")?,
            Command::Analyze => self.analyze(out)?,
            Command::Quit => {
                out.flush()?;
                return Ok(Control::Quit);
            }
        }
        out.flush()?;
        Ok(Control::Continue)
    }

    /// `move`: plays `m` for the side to move. When that side must pass and `m` is a
    /// square, the pass the GUI left out is filled in first, as `set game` fills in a
    /// pass a record leaves out ([`crate::ggf`]), so that `move` after such a record
    /// and the same record with the move appended give one game. A square the other
    /// side cannot play either is refused with the side to move's error
    /// ([`PlayError::MustPass`]), and the game is unchanged.
    fn play(&mut self, m: GgfMove) -> Result<(), PlayError> {
        if self.game.game().must_pass() && !m.mv.is_pass() {
            let mut filled = self.game.clone();
            filled.play(GgfMove::plain(Move::PASS))?;
            if filled.play(m).is_ok() {
                self.game = filled;
                return Ok(());
            }
        }
        self.game.play(m)
    }

    /// The position to think about, after telling the GUI what the engine is `doing`;
    /// `None` (the GUI told so) when the game is over.
    fn begin(&self, out: &mut impl Write, doing: &str) -> io::Result<Option<Othello>> {
        let game = self.game.game().clone();
        if game.outcome().is_some() {
            writeln!(out, "status game over")?;
            return Ok(None);
        }
        Self::tell(&format!("is {doing}"), out)?;
        Ok(Some(game))
    }

    /// `go`: the engine's move within the depth and the time left. A finished game has
    /// no move, but every `go` gets its `===` line, which the GUI waits for (the
    /// protocol's one required answer): `=== PA/<final disc difference>/0.00`, after
    /// `status game over` (see the module docs).
    fn go(&mut self, out: &mut impl Write) -> io::Result<()> {
        let Some(game) = self.begin(out, "thinking")? else {
            let score = self.game.game().final_score();
            writeln!(out, "=== {}/{score}/0.00", move_text(Move::PASS))?;
            return Ok(());
        };
        let mut limits = Limits {
            stop: Some(self.stop.clone()),
            ..Limits::default()
        };
        let side = game.side_to_move();
        if let Some(left) = self.game.time_left(side) {
            let empties = game.board().empties();
            limits.clock = Some(GameClock {
                remaining: left,
                increment: Default::default(),
                moves_to_go: Some(empties.div_ceil(2).max(1)),
            });
        }
        let start = Instant::now();
        let mut io_error = None;
        let result = self.engine.think(&game, &limits, &mut |r| {
            if io_error.is_none()
                && let Err(e) =
                    writeln!(out, "nodestats {} {:.2}", r.nodes, r.elapsed.as_secs_f64())
                        .and_then(|_| out.flush())
            {
                io_error = Some(e);
            }
        });
        if let Some(e) = io_error {
            return Err(e);
        }
        let secs = start.elapsed().as_secs_f64();
        let mv = result.best_move.unwrap_or(Move::PASS);
        writeln!(
            out,
            "=== {}/{}/{secs:.2}",
            move_text(mv),
            eval_text(result.score, result.exact)
        )?;
        writeln!(out, "status")?;
        Ok(())
    }

    /// No limit but the session's stop flag (raised by `ping` and `quit`).
    fn stop_limits(&self) -> Limits {
        Limits {
            stop: Some(self.stop.clone()),
            ..Limits::default()
        }
    }

    /// `hint n`: the `n` best moves with their values. In the solver's range from
    /// [`HINT_PREVIEW_EMPTIES`] empties on, where the exact values can take minutes, the
    /// midgame search's values at most [`HINT_PREVIEW_DEPTH`] plies deep come first, so
    /// that the GUI has something to show; NBoard replaces a move's preview value with its
    /// exact one, and greys a preview move the exact lines leave out (its `Hints.Add`
    /// marks the hints of another depth as old).
    fn hint(&mut self, n: usize, out: &mut impl Write) -> io::Result<()> {
        let Some(game) = self.begin(out, "analysing")? else {
            return Ok(());
        };
        let level = level_for_depth(self.depth);
        let empties = game.board().empties();
        if game.must_pass() {
            // The pass's value is the position's, as `go` finds it (the engine plays
            // the pass and searches on).
            let r = self.engine.think(&game, &self.stop_limits(), &mut |_| {});
            let depth = if r.exact {
                "100%".to_string()
            } else {
                r.depth.to_string()
            };
            writeln!(out, "search PA {} 0 {depth}", eval_text(r.score, r.exact))?;
        } else if empties <= level.end_depth {
            if empties >= HINT_PREVIEW_EMPTIES {
                self.midgame_hints(&game, self.depth.min(HINT_PREVIEW_DEPTH), n, out)?;
                if self.stop.is_stopped() {
                    writeln!(out, "status")?;
                    return Ok(());
                }
            }
            // Stopped by `ping`/`quit`: nothing solved is shown.
            let budget = Budget::new(&self.stop_limits());
            if n == 1 {
                // One move asked for: the position's solve gives it, with its value, at a
                // fraction of solving every move (a tester's report: `hint 1` with 24
                // empties took 128 s, where `go`'s solve took 50 s).
                let solved = self.engine.solver().solve_within(game.board(), &budget);
                if let Some(Solution {
                    score,
                    best_move: Some(mv),
                    ..
                }) = solved
                {
                    writeln!(out, "search {} {score} 0 100%", move_text(mv))?;
                }
            } else {
                let moves = self.engine.solver().analyze_within(game.board(), &budget);
                for (mv, score) in moves.unwrap_or_default().into_iter().take(n) {
                    writeln!(out, "search {} {score} 0 100%", move_text(mv))?;
                }
            }
        } else {
            self.midgame_hints(&game, self.depth, n, out)?;
        }
        writeln!(out, "status")?;
        Ok(())
    }

    /// The `search` lines of the `n` best moves of `game` by the midgame search `depth`
    /// plies deep, after its `nodestats` line; before them, as each shallower iteration
    /// finishes, its best move's line (a tester's report: a deep hint showed nothing for
    /// seconds; the protocol asks for evaluations during the search). Stopped by
    /// `ping`/`quit`: the last finished iteration's values.
    fn midgame_hints(
        &mut self,
        game: &Othello,
        depth: u32,
        n: usize,
        out: &mut impl Write,
    ) -> io::Result<()> {
        let budget = Budget::new(&self.stop_limits());
        let mut written = Ok(());
        // The last line streamed: a search stopped after it gives the same line as its
        // result, which is not sent twice (a protocol tester's report).
        let mut streamed: Option<String> = None;
        let r = self
            .engine
            .analyze_midgame_reporting(game, depth, &budget, |report| {
                let Some(&mv) = report.pv.first() else {
                    return;
                };
                // A proven result waits for the final lines, which give its discs.
                if report.depth >= depth
                    || report.exact
                    || report.score.is_decisive()
                    || written.is_err()
                {
                    return;
                }
                let line = format!(
                    "search {} {} 0 {}",
                    move_text(mv),
                    eval_text(report.score, false),
                    report.depth
                );
                written = writeln!(out, "{line}").and_then(|()| out.flush());
                streamed = Some(line);
            });
        written?;
        writeln!(
            out,
            "nodestats {} {:.2}",
            r.stats.nodes,
            r.stats.elapsed.as_secs_f64()
        )?;
        // A proven game end is shown as its final disc difference, solved, when the
        // solve is small; else as ±64.00 ([`Engine::root_move_values`]).
        for v in self
            .engine
            .root_move_values(game, &r.root_moves, r.depth)
            .iter()
            .take(n)
        {
            let (value, depth) = if v.exact {
                (v.value.to_string(), "100%".to_string())
            } else {
                (
                    format!("{:.2}", f64::from(v.value) / 100.0),
                    r.depth.to_string(),
                )
            };
            let line = format!("search {} {value} 0 {depth}", move_text(v.mv));
            if streamed.take().is_some_and(|last| last == line) {
                continue;
            }
            writeln!(out, "{line}")?;
        }
        out.flush()
    }

    /// `analyze`: a retrograde analysis of the game. For each position of the game, from
    /// the last back to the start position (so that the tables filled by the later
    /// positions serve the earlier ones), one line `analysis <moves made> <eval>`: the
    /// moves made since the start position (passes counted, so 0 is the start) and the
    /// position's value in discs **for black**, as `go` finds it at the set depth (exact
    /// from the level's end depth on; a finished game's final disc difference). Black's
    /// view, not the side to move's: NBoard draws these values in the score graph beside
    /// each move's own value, which it turns to black's view itself (`EvalGraph`: white's
    /// move values negated; `AnalysisData` keeps the analysis values as sent). The
    /// protocol's response class (`AnalysisResponse`) calls the value the side to move's,
    /// but the GUI passes it on unchanged (`EngineSynchronizer` to `AnalysisData.put`):
    /// with the side to move's values its graph would swing sign each move. A raised
    /// stop flag (`ping`, `quit`) ends the analysis after the last finished position.
    fn analyze(&mut self, out: &mut impl Write) -> io::Result<()> {
        Self::tell("is analysing the game", out)?;
        let mut game = self.game.game().clone();
        for made in (0..=game.undo_count()).rev() {
            let (score, exact) = if game.outcome().is_some() {
                (Score(game.final_score()), true)
            } else {
                let r = self.engine.think(&game, &self.stop_limits(), &mut |_| {});
                if self.stop.is_stopped() {
                    break;
                }
                (r.score, r.exact)
            };
            let for_black = if game.side_to_move() == Side::First {
                score
            } else {
                -score
            };
            writeln!(out, "analysis {made} {}", eval_text(for_black, exact))?;
            out.flush()?;
            if made > 0 {
                game.undo();
            }
        }
        writeln!(out, "status")?;
        Ok(())
    }
}

/// The engine level for NBoard's `set depth d`: `d` plies in the midgame, exact from
/// `min(2d, 24)` empties (the numbered levels' rule, capped by [`MAX_EXACT_EMPTIES`]).
pub fn level_for_depth(d: u32) -> Level {
    Level {
        mid_depth: d,
        end_depth: (2 * d).min(MAX_EXACT_EMPTIES),
    }
}

/// A move as NBoard writes it: `f5`, or `PA` for a pass.
pub fn move_text(mv: Move) -> String {
    if mv.is_pass() {
        "PA".to_string()
    } else {
        mv.to_string()
    }
}

/// A score in discs: exact scores as they are, evaluations (hundredths of a disc) / 100,
/// a win or loss the search saw coming as ±64.
fn eval_text(score: Score, exact: bool) -> String {
    if score.is_decisive() {
        return if score.0 > 0 { "64" } else { "-64" }.to_string();
    }
    if exact {
        score.0.to_string()
    } else {
        format!("{:.2}", score.0 as f64 / 100.0)
    }
}

/// Longest part of an unknown command that its error quotes, in characters.
const SHOWN_CHARS: usize = 60;

/// An unknown command as its error quotes it: whole when short, else its first
/// [`SHOWN_CHARS`] characters, `…` and its length, so that a garbage line of megabytes
/// is not echoed whole.
fn shown(line: &str) -> String {
    match zerosum::text::head(line, SHOWN_CHARS) {
        None => line.to_string(),
        Some(head) => format!("{head}… ({} characters)", line.chars().count()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn impossible_tables_are_an_error() {
        assert!(Session::try_new(usize::MAX).is_err());
    }

    /// The game of the protocol description's example session.
    const EXAMPLE: &str = "(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[./mEdax]PW[chris]RE[?]TI[15:00]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[F6]B[D3]W[C5]B[E6]W[F7]B[E7]W[F4];)";
    /// FFO #1 (14 empties, black to move): G8 +18 is the published answer.
    const FFO1: &str = "(;GM[Othello]BO[8 --*****- -OOO**-O -OOO**O* -O*O*O** O***O*** --*O*O** -***OOO- -OOOOO-- *];)";

    /// Sends `lines` one by one; returns every answer line and the errors by line.
    fn converse(session: &mut Session, lines: &[&str]) -> (Vec<String>, Vec<(usize, String)>) {
        let mut out = Vec::new();
        let mut errors = Vec::new();
        for (i, line) in lines.iter().enumerate() {
            match session.handle_line(line, &mut out) {
                Ok(Control::Continue) => {}
                Ok(Control::Quit) => break,
                Err(e) => errors.push((i + 1, e.to_string())),
            }
        }
        let text = String::from_utf8(out).unwrap();
        (text.lines().map(str::to_string).collect(), errors)
    }

    /// A GGF `BO` board's 64 squares (a1, b1, …, h8) with black's discs on the squares
    /// named in `black` (separated by spaces) and white's on `white`.
    fn board_of(black: &str, white: &[&str]) -> String {
        let mut squares = ['-'; 64];
        for (names, disc) in [
            (black.split(' ').collect::<Vec<_>>(), '*'),
            (white.to_vec(), 'O'),
        ] {
            for name in names {
                let sq: crate::Square = name.parse().unwrap();
                squares[sq.index() as usize] = disc;
            }
        }
        squares.iter().collect()
    }

    /// `set game` of a record starting from `board` (OBF squares, `X` black, `O`
    /// white, `-` empty), black to move, no moves.
    fn set_game_of(board: &str) -> String {
        format!(
            "set game (;GM[Othello]BO[8 {} *];)",
            board.replace('X', "*")
        )
    }

    fn without_progress(lines: &[String]) -> Vec<&str> {
        lines
            .iter()
            .map(String::as_str)
            .filter(|l| !l.starts_with("nodestats") && !l.starts_with("status"))
            .collect()
    }

    /// A byte-order mark before the first line (an editor's) is skipped, as the
    /// workspace's other readers skip it: the handshake was refused as an unknown
    /// command `\u{feff}nboard 2` (a tester's report).
    #[test]
    fn a_byte_order_mark_is_skipped() {
        let mut session = Session::new(1);
        let (out, errors) = converse(&mut session, &["\u{feff}nboard 2", "ping 1"]);
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(out, ["set myname zerosum", "pong 1"]);
    }

    /// `set` without a property is named as a missing argument, not an unknown command.
    #[test]
    fn set_alone_is_a_missing_argument() {
        assert!(matches!(
            "set".parse::<Command>(),
            Err(CommandError::MissingArgument { command: "set" })
        ));
        assert!(matches!(
            "set foo".parse::<Command>(),
            Err(CommandError::Unknown(_))
        ));
    }

    /// Another protocol version is answered (`set myname`) and reported as an error
    /// naming both versions; the session goes on.
    #[test]
    fn another_version_is_answered_and_reported() {
        let mut s = Session::new(1);
        let (out, errors) = converse(&mut s, &["nboard 3", "ping 1"]);
        assert_eq!(out, ["set myname zerosum", "pong 1"]);
        assert_eq!(errors.len(), 1);
        assert_eq!(errors[0].0, 1);
        assert!(errors[0].1.contains("version 3"), "{}", errors[0].1);
        assert!(errors[0].1.contains("version 2"), "{}", errors[0].1);
        let (_, errors) = converse(&mut s, &["nboard 2"]);
        assert!(errors.is_empty());
    }

    /// The protocol description: "NBoard 1.1 sends just \"F5\" instead of \"move F5\"",
    /// and its reference engine (ntest) reads a two-character command as a move. It was
    /// `unknown command "F5"`, and the hint or move that followed was for the position
    /// before it. A bare move is a `move`, and `nboard 1` is spoken without complaint.
    #[test]
    fn a_bare_move_is_a_move_as_nboard_1_1_sends_it() {
        let mut s = Session::new(1);
        let (out, errors) = converse(&mut s, &["nboard 1", "F5", "f6", "PS", "ping 1"]);
        // `PS` is refused as `move PS` is (black has a move after f5 f6), and the GUI is
        // told so in a status line.
        assert_eq!(
            out,
            [
                "set myname zerosum",
                "status zerosum refused move: cannot pass: a move exists; its game is unchanged",
                "pong 1"
            ]
        );
        let named: Vec<_> = errors.iter().map(|(n, e)| (*n, e.as_str())).collect();
        assert_eq!(named, [(4, "move: cannot pass: a move exists")]);
        assert_eq!(s.game(), &Othello::from_line("f5f6").unwrap());
        // An illegal bare move is refused as `move` refuses it; the position stays.
        let (_, errors) = converse(&mut s, &["a1", "xyzzy"]);
        assert!(errors[0].1.contains("illegal move a1"), "{errors:?}");
        assert!(errors[1].1.contains("unknown command"), "{errors:?}");
        assert_eq!(s.game(), &Othello::from_line("f5f6").unwrap());
    }

    /// A pass the GUI leaves out before a `move` is filled in, as `set game` fills in
    /// a pass its record leaves out: the record and then `move g8` gives the game of
    /// the record with `B[g8]` appended. Before, the `move` was refused ("must pass").
    /// A square neither side can play is still refused, and the game kept.
    #[test]
    fn a_move_after_a_left_out_pass_fills_the_pass_in() {
        // White to move has no move; black has g8.
        let start = format!("{}O--", "X".repeat(61));
        assert!(
            Othello::from_obf_line(&format!("{start} O"))
                .unwrap()
                .must_pass()
        );
        let record = format!("(;GM[Othello]BO[8 {} O];)", start.replace('X', "*"));
        let appended = record.replace(" O];)", " O]B[g8];)");
        let mut a = Session::new(1);
        let (_, errors) = converse(
            &mut a,
            &[
                "nboard 2",
                &format!("set game {record}"),
                "move a1",
                "move g8",
            ],
        );
        let named: Vec<_> = errors.iter().map(|(n, e)| (*n, e.as_str())).collect();
        assert_eq!(named.len(), 1, "{named:?}");
        assert_eq!(named[0].0, 3, "{named:?}");
        let mut b = Session::new(1);
        let (_, errors) = converse(&mut b, &["nboard 2", &format!("set game {appended}")]);
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(a.game(), b.game());
        assert_eq!(a.game.to_string(), b.game.to_string());
    }

    /// A ping's number is echoed with control characters escaped, never raw.
    #[test]
    fn ping_echoes_control_characters_escaped() {
        let mut s = Session::new(1);
        let (out, _) = converse(
            &mut s,
            &[
                "nboard 2",
                "ping 1\0",
                "ping 2\u{1b}[2J",
                "ping",
                "ping  3 ",
            ],
        );
        // No number: `pong` alone (it was `pong ` with a trailing space).
        assert_eq!(
            out[1..],
            ["pong 1\\u{0}", "pong 2\\u{1b}[2J", "pong", "pong 3"]
        );
    }

    #[test]
    fn scripted_conversation() {
        let mut s = Session::new(4);
        let set_game = format!("set game {FFO1}");
        let (out, errors) = converse(
            &mut s,
            &[
                "nboard 2",
                "set depth 7",
                &set_game,
                "ping 1",
                "hint 1",
                "go",
                "bogus command",
                "learn",
                "set contempt 0",
                "ping 2",
                "quit",
                "ping 3",
            ],
        );
        let got = without_progress(&out);
        let want = [
            "set myname zerosum",
            "pong 1",
            "search g8 18 0 100%",
            "=== g8/18/",
            "learned",
            "pong 2",
        ];
        assert_eq!(got.len(), want.len(), "{out:?}");
        for (g, w) in got.iter().zip(want) {
            assert!(g.starts_with(w), "{g:?} should start with {w:?}");
        }
        assert!(out.contains(&"status zerosum is thinking".to_string()));
        assert!(out.iter().any(|l| l.starts_with("nodestats ")));
        assert_eq!(errors.len(), 1);
        assert_eq!(errors[0].0, 7);
        assert!(errors[0].1.contains("unknown command"));
    }

    /// On a forced pass `hint` values the pass as `go` does (here black, to move with
    /// one disc, e5, behind white runs to the edge, must pass; white then takes e5 and
    /// every square: −64, the final disc difference), not 0.
    #[test]
    fn hint_values_a_forced_pass_as_go_does() {
        let board = board_of(
            "e5",
            &[
                "d4", "c3", "b2", "a1", "e4", "e3", "e2", "e1", "d5", "c5", "b5", "a5",
            ],
        );
        let set_game = format!("set game (;GM[Othello]BO[8 {board} *];)");
        let mut s = Session::new(4);
        let (out, errors) = converse(
            &mut s,
            &["nboard 2", "set depth 2", &set_game, "hint 1", "go"],
        );
        assert!(errors.is_empty(), "{errors:?}");
        let got = without_progress(&out);
        assert_eq!(got[1], "search PA -64 0 100%", "{out:?}");
        assert!(got[2].starts_with("=== PA/-64/"), "{out:?}");
        // New-user report 19 item 7's kind of position (white to move must pass; black
        // then takes every disc; the colours of the one above swapped), at the GUI's
        // default depth: exact too. The report's `search PA -64.00 0 1` came from its
        // `ping` piped in the same write, which stops every search before it (the
        // session's stop flag, by design): a search stopped after its first iteration has
        // proved nothing.
        let swapped: String = board
            .chars()
            .map(|c| match c {
                '*' => 'O',
                'O' => '*',
                c => c,
            })
            .collect();
        let set_game = format!("set game (;GM[Othello]BO[8 {swapped} O];)");
        let mut s = Session::new(4);
        let (out, errors) = converse(&mut s, &["nboard 2", &set_game, "hint 3", "go"]);
        assert!(errors.is_empty(), "{errors:?}");
        let got = without_progress(&out);
        assert_eq!(got[1], "search PA -64 0 100%", "{out:?}");
        assert!(got[2].starts_with("=== PA/-64/"), "{out:?}");
    }

    /// `hint 1` in the solver's range solves the position once, not every move (a
    /// tester's report: 128 s for 24 empties where `go` took 50 s): its move and value
    /// are the best of what `hint 64` lists, each of those solved move by move.
    #[test]
    fn hint_1_in_the_endgame_is_the_best_of_every_move() {
        for board in [
            "XXXOXXXXOXXXXXXXOOXXXXXXOOOXXXXXOOOXXOO-OOOOO---OOOOOOO-OOOOOOO-",
            "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO--",
        ] {
            let lines = [
                "nboard 2".to_string(),
                "set depth 12".into(),
                set_game_of(board),
            ];
            let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
            let mut s = Session::new(4);
            let (_, errors) = converse(&mut s, &lines);
            assert!(errors.is_empty(), "{errors:?}");
            let (one, errors) = converse(&mut s, &["hint 1"]);
            assert!(errors.is_empty(), "{errors:?}");
            let (all, errors) =
                converse(&mut Session::new(4), &[&lines[..], &["hint 64"]].concat());
            assert!(errors.is_empty(), "{errors:?}");
            let one: Vec<&str> = without_progress(&one)
                .into_iter()
                .filter(|l| l.starts_with("search"))
                .collect();
            let all: Vec<&str> = without_progress(&all)
                .into_iter()
                .filter(|l| l.starts_with("search"))
                .collect();
            assert_eq!(one.len(), 1, "{one:?}");
            let value = |l: &str| l.split(' ').nth(2).unwrap().parse::<i32>().unwrap();
            let best = all.iter().map(|l| value(l)).max().unwrap();
            assert!(one[0].ends_with(" 0 100%"), "{one:?}");
            assert_eq!(value(one[0]), best, "{one:?} against {all:?}");
            assert!(
                all.iter()
                    .any(|l| l.split(' ').nth(1) == one[0].split(' ').nth(1) && value(l) == best),
                "{one:?} against {all:?}"
            );
        }
    }

    /// A `hint` in the solver's range from [`HINT_PREVIEW_EMPTIES`] empties on first
    /// shows the midgame search's values, at most [`HINT_PREVIEW_DEPTH`] plies deep, then
    /// the exact ones; below that, the exact ones alone. FFO #40 (20 empties; black wins
    /// by 38, the FFO suite's published value) at depth 12, whose solver range starts at
    /// 24 empties.
    #[test]
    fn hint_in_the_endgame_shows_the_midgame_values_first() {
        let ffo40 = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X--------";
        for n in [1, 2] {
            let mut s = Session::new(4);
            let lines = [
                "nboard 2".to_string(),
                "set depth 12".into(),
                set_game_of(ffo40),
            ];
            let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
            let (_, errors) = converse(&mut s, &lines);
            assert!(errors.is_empty(), "{errors:?}");
            let hint = format!("hint {n}");
            let (out, errors) = converse(&mut s, &[&hint]);
            assert!(errors.is_empty(), "{errors:?}");
            let searched: Vec<&String> = out.iter().filter(|l| l.starts_with("search")).collect();
            let depth = |l: &str| l.rsplit(' ').next().unwrap().to_string();
            // The preview: each shallower iteration's best move, then its last depth's n.
            assert!(searched.len() > n, "{out:?}");
            let (preview, exact) = searched.split_at(searched.len() - n);
            assert!(preview.len() >= n, "{out:?}");
            for l in preview {
                let d: u32 = depth(l).parse().unwrap_or_else(|_| panic!("{out:?}"));
                assert!((1..=HINT_PREVIEW_DEPTH).contains(&d), "{out:?}");
            }
            assert!(exact.iter().all(|l| depth(l) == "100%"), "{out:?}");
            assert_eq!(exact[0].split(' ').nth(2), Some("38"), "{out:?}");
            assert_eq!(out.last().map(String::as_str), Some("status"), "{out:?}");
        }
    }

    /// A midgame `hint` shows each finished iteration's best move as it comes (a
    /// tester's report: a deep hint showed nothing until the whole depth was done), then,
    /// after its `nodestats`, the `n` best moves at the set depth.
    #[test]
    fn a_midgame_hint_shows_each_iteration_s_best_move() {
        let mut s = Session::new(4);
        let start = set_game_of("---------------------------OX------XO---------------------------");
        let (out, errors) = converse(&mut s, &["nboard 2", "set depth 6", &start, "hint 2"]);
        assert!(errors.is_empty(), "{errors:?}");
        let got: Vec<&str> = out.iter().map(String::as_str).collect();
        let stats = got.iter().position(|l| l.starts_with("nodestats")).unwrap();
        let depth = |l: &str| l.rsplit(' ').next().unwrap().parse::<u32>().unwrap();
        let before: Vec<u32> = got[..stats]
            .iter()
            .filter(|l| l.starts_with("search "))
            .map(|l| depth(l))
            .collect();
        assert_eq!(before, [1, 2, 3, 4, 5], "{out:?}");
        let after: Vec<u32> = got[stats..]
            .iter()
            .filter(|l| l.starts_with("search "))
            .map(|l| depth(l))
            .collect();
        assert_eq!(after, [6, 6], "{out:?}");
        assert_eq!(got.last(), Some(&"status"), "{out:?}");
    }

    /// `hint` stops on the session's stop flag (raised by the reader for `ping` and
    /// `quit`), in the midgame search and in the exact solver: here the flag is up before
    /// it starts, so a depth-60 hint of the start answers with its first iteration's
    /// values, and an exact hint of FFO #40 (20 empties, seconds of work) with its
    /// preview's first iteration and no exact value.
    #[test]
    fn hint_stops_on_the_stop_flag() {
        let ffo40 = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X--------";
        for (depth, game) in [("60", String::new()), ("12", set_game_of(ffo40))] {
            let mut s = Session::new(4);
            let mut lines = vec!["nboard 2".to_string(), format!("set depth {depth}")];
            if !game.is_empty() {
                lines.push(game);
            }
            let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
            let (_, errors) = converse(&mut s, &lines);
            assert!(errors.is_empty(), "{errors:?}");
            s.stop_flag().stop();
            let (out, errors) = converse(&mut s, &["hint 3"]);
            assert!(errors.is_empty(), "{errors:?}");
            // The midgame search still finishes its first iteration (so that it has
            // values); the solver gives none.
            // (FFO #40's preview too, it being in the preview's range.)
            let searched: Vec<&String> = out.iter().filter(|l| l.starts_with("search")).collect();
            assert!(
                !searched.is_empty() && searched.iter().all(|l| l.ends_with(" 0 1")),
                "{out:?}"
            );
            // The streamed line of the last iteration is not sent again as its result
            // (a protocol tester's report: `search g6 4.86 0 8` twice).
            assert!(searched.windows(2).all(|w| w[0] != w[1]), "{out:?}");
        }
    }

    /// A `hint` below the solver's range whose search sees the game end gives that
    /// move's final disc difference, as the exact solver does (the first position of
    /// `fforum-20-39.obf`, 6 empties: H5 +6 published), not a mate-style ±64.
    #[test]
    fn hint_shows_a_proven_game_end_in_discs() {
        let board = "XXXOXXXXOXXXXXXXOOXXXXXXOOOXXXXXOOOXXOO-OOOOO---OOOOOOO-OOOOOOO-";
        let set_game = set_game_of(board);
        let mut s = Session::new(4);
        let (out, errors) = converse(&mut s, &["nboard 2", "set depth 1", &set_game, "hint 1"]);
        assert!(errors.is_empty(), "{errors:?}");
        let got = without_progress(&out);
        // Solved, so `100%` in the depth field (new-user report 14: it said `1`).
        assert_eq!(got[1..], ["search h5 6 0 100%"], "{out:?}");
    }

    /// `analyze` along a perfect game from FFO #1 (14 empties, black to move, G8 +18
    /// published in `fforum-1-19.obf`): every position of a perfectly played game has
    /// the start's value, +18 for black, whichever side is to move (a value from the
    /// side to move's view would show as -18 after each black move); the last position
    /// is finished and its value is its final disc difference. The lines come from the
    /// last position back to the start, one per position, passes counted.
    #[test]
    fn analyze_values_every_position_for_black_from_the_end() {
        let board = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO--";
        let set_game = set_game_of(board);
        let mut s = Session::new(4);
        let (_, errors) = converse(&mut s, &["nboard 2", "set depth 7", &set_game]);
        assert!(errors.is_empty(), "{errors:?}");
        // Play the game out with `go` (exact from 14 empties), then analyse it.
        while s.game().outcome().is_none() {
            let (out, errors) = converse(&mut s, &["go"]);
            assert!(errors.is_empty(), "{errors:?}");
            let answer = out.iter().find_map(|l| l.strip_prefix("=== ")).unwrap();
            let mv = answer.split('/').next().unwrap().to_string();
            let (_, errors) = converse(&mut s, &[&format!("move {mv}")]);
            assert!(errors.is_empty(), "{errors:?}");
        }
        let made = s.game().undo_count();
        assert!(made >= 14, "{made}");
        // The final disc difference, the empty squares to the winner.
        let (black, white) = (s.game().black_score() as i32, s.game().white_score() as i32);
        let empties = 64 - black - white;
        let difference = black - white + (black - white).signum() * empties;
        assert_eq!(difference, 18, "{black} {white}");
        let (out, errors) = converse(&mut s, &["analyze"]);
        assert!(errors.is_empty(), "{errors:?}");
        let analysis: Vec<&String> = out.iter().filter(|l| l.starts_with("analysis")).collect();
        let expected: Vec<String> = (0..=made)
            .rev()
            .map(|n| format!("analysis {n} 18"))
            .collect();
        assert_eq!(analysis, expected.iter().collect::<Vec<_>>(), "{out:?}");
        assert_eq!(out.last().map(String::as_str), Some("status"), "{out:?}");
        // The game is unchanged.
        assert_eq!(s.game().undo_count(), made);
    }

    /// A raised stop flag (`ping`, `quit`) ends `analyze` before its first search: an
    /// unfinished game gets no `analysis` line, only the closing `status`.
    #[test]
    fn analyze_stops_on_the_stop_flag() {
        let mut s = Session::new(4);
        let (_, errors) = converse(&mut s, &["nboard 2", "set depth 20", "move f5"]);
        assert!(errors.is_empty(), "{errors:?}");
        s.stop_flag().stop();
        let (out, errors) = converse(&mut s, &["analyze"]);
        assert!(errors.is_empty(), "{errors:?}");
        assert!(!out.iter().any(|l| l.starts_with("analysis")), "{out:?}");
        assert_eq!(out.last().map(String::as_str), Some("status"), "{out:?}");
    }

    /// An untimed NBoard game (`TI[0]`, as NBoard writes it) is searched to the set
    /// depth, as a game with no `TI` is: the same answer after the same iterations.
    /// Before, its zero main time was an empty clock and `go` answered after one ply.
    #[test]
    fn an_untimed_game_is_searched_to_the_set_depth() {
        let start =
            "BO[8 ---------------------------O*------*O--------------------------- *]B[f5]W[d6]";
        let answers = ["", "TI[0]", "TI[0//0]"].map(|clock| {
            let mut s = Session::new(4);
            let set_game = format!("set game (;GM[Othello]PC[NBoard]{clock}TY[8]{start};)");
            let (out, errors) = converse(&mut s, &["nboard 2", "set depth 6", &set_game, "go"]);
            assert!(errors.is_empty(), "{clock}: {errors:?}");
            let iterations = out.iter().filter(|l| l.starts_with("nodestats")).count();
            let answer = out.iter().find(|l| l.starts_with("=== ")).unwrap();
            (iterations, answer.rsplit_once('/').unwrap().0.to_string())
        });
        assert!(answers[0].0 >= 6, "{answers:?}");
        assert!(answers.iter().all(|a| *a == answers[0]), "{answers:?}");
    }

    #[test]
    fn moves_and_set_game_change_the_position_go_does_not() {
        let mut s = Session::new(4);
        let set_game = format!("set game {EXAMPLE}");
        let (out, errors) = converse(&mut s, &["nboard 2", &set_game, "set depth 2", "go"]);
        assert!(errors.is_empty(), "{errors:?}");
        let line = Othello::from_line("f5f6d3c5e6f7e7f4").unwrap();
        assert_eq!(s.game(), &line);
        let answer = out.iter().find(|l| l.starts_with("=== ")).unwrap();
        let mv: Move = answer[4..6].parse().unwrap();
        assert!(line.is_legal_move(mv.to_square().unwrap()), "{answer}");
        let (_, errors) = converse(&mut s, &["move D6/0.5/1.25", "move a1", "move"]);
        assert_eq!(s.game(), &Othello::from_line("f5f6d3c5e6f7e7f4d6").unwrap());
        assert_eq!(errors.len(), 2, "{errors:?}");
        assert!(errors[0].1.contains("illegal move a1"), "{errors:?}");
        // One move alone has no number in a record: `move z9` names the move, once.
        let (_, errors) = converse(&mut s, &["move z9"]);
        assert!(
            errors[0].1.starts_with("move: invalid move \"z9\""),
            "{errors:?}"
        );
        // A bad game leaves the position as it was.
        let (_, errors) = converse(&mut s, &["set game (;GM[Othello];)", "set depth 0"]);
        assert_eq!(errors.len(), 2);
        assert_eq!(s.game(), &Othello::from_line("f5f6d3c5e6f7e7f4d6").unwrap());
    }

    /// A `set game` the session cannot read is refused, and the GUI is told so: the
    /// protocol has no error answer, and NBoard shows an engine's `status` line (its
    /// response parser: `===`, `pong`, `status`, `set myname`, `search`, `book`,
    /// `nodestats`, `learned`, `analysis`), not its standard error. The session keeps its
    /// previous game. Before, nothing reached the GUI: its next `go` was answered for the
    /// previous position as if the game had been set. A `move` that cannot be read or
    /// played is told the same way; other refusals (`set depth 0`) are not.
    #[test]
    fn a_refused_set_game_is_told_in_a_status_line() {
        let mut s = Session::new(1);
        let set_game = format!("set game {EXAMPLE}");
        let (_, errors) = converse(&mut s, &["nboard 2", &set_game]);
        assert!(errors.is_empty(), "{errors:?}");
        let before = s.game().clone();
        let (out, errors) = converse(&mut s, &["set game (;GM[Othello];)"]);
        assert_eq!(
            errors,
            [(
                1,
                "set game: the GGF game has no BO[...] start position".to_string()
            )]
        );
        assert_eq!(
            out,
            [
                "status zerosum refused set game: the GGF game has no BO[...] start position; its game is unchanged"
            ]
        );
        assert_eq!(s.game(), &before);
        // A record with a pass spelt `--` (no GGF writer's spelling) names the move.
        let bad_pass = EXAMPLE.replace("W[F4]", "W[--]");
        let (out, errors) = converse(&mut s, &[&format!("set game {bad_pass}")]);
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert_eq!(out.len(), 1, "{out:?}");
        assert!(
            out[0].starts_with("status zerosum refused set game: move 8: ")
                && out[0].contains("\"--\"")
                && out[0].ends_with("; its game is unchanged"),
            "{out:?}"
        );
        assert_eq!(s.game(), &before);
        // An illegal move, an unreadable one, NBoard 1.1's bare move (illegal here), and
        // `move` or `set game` with nothing after it.
        for line in ["move a1", "move z9", "b1", "move", "set game"] {
            let (out, errors) = converse(&mut s, &[line]);
            assert_eq!(errors.len(), 1, "{line}: {errors:?}");
            assert_eq!(out.len(), 1, "{line}: {out:?}");
            let command = if line == "set game" {
                "set game"
            } else {
                "move"
            };
            assert!(
                out[0].starts_with(&format!("status zerosum refused {command}: "))
                    && out[0].ends_with("; its game is unchanged"),
                "{line}: {out:?}"
            );
            assert_eq!(s.game(), &before, "{line}");
        }
        // A known command refused for its argument is told without the game's part (it
        // was on standard error only); an unknown command is ignored silently, as the
        // protocol asks. The depth stays as it was.
        let (out, errors) = converse(
            &mut s,
            &["set depth 0", "hint 0", "hint -1", "go now", "bogus"],
        );
        assert_eq!(errors.len(), 5, "{errors:?}");
        assert_eq!(
            out,
            [
                "status zerosum refused set depth: 0 is not in 1\u{2013}60",
                "status zerosum refused hint: 0 is not in 1\u{2013}64",
                "status zerosum refused hint: invalid number \"-1\"",
                "status zerosum refused go: takes no argument, found \"now\"",
            ]
        );
        assert_eq!(s.depth, 4);
    }

    /// Report 20: `go` was answered before the `nboard 2` handshake. The protocol has the
    /// GUI send it first; before it a command is refused and named (`ping` and `quit`
    /// still answered), after it carried out.
    #[test]
    fn commands_before_the_handshake_are_refused_and_named() {
        let mut s = Session::new(1);
        let (out, errors) = converse(&mut s, &["go", "hint 1", "set depth 2", "ping 1"]);
        assert_eq!(out, ["pong 1"]);
        let named: Vec<_> = errors.iter().map(|(n, e)| (*n, e.as_str())).collect();
        assert_eq!(
            named,
            [
                (
                    1,
                    "go: before the handshake (the GUI sends \"nboard 2\" first); ignored"
                ),
                (
                    2,
                    "hint: before the handshake (the GUI sends \"nboard 2\" first); ignored"
                ),
                (
                    3,
                    "set depth: before the handshake (the GUI sends \"nboard 2\" first); ignored"
                ),
            ]
        );
        let (out, errors) = converse(&mut s, &["nboard 2", "set depth 1", "go"]);
        assert!(errors.is_empty(), "{errors:?}");
        assert!(out.iter().any(|l| l.starts_with("=== ")), "{out:?}");
    }

    #[test]
    fn a_forced_pass_is_answered_pa() {
        // White to move cannot move; black can (g8).
        let mut s = Session::new(4);
        let board = "*".repeat(61) + "O--";
        let set_game = format!("set game (;GM[Othello]BO[8 {board} O];)");
        let (out, errors) = converse(&mut s, &["nboard 2", &set_game, "go", "move PA", "go"]);
        assert!(errors.is_empty(), "{errors:?}");
        let answers: Vec<_> = out.iter().filter(|l| l.starts_with("=== ")).collect();
        assert!(answers[0].starts_with("=== PA/"), "{answers:?}");
        assert!(answers[1].starts_with("=== g8/64/"), "{answers:?}");
    }

    /// `go` on a finished game (no move for either side) still gets its `===` line, which
    /// the GUI waits for: `=== PA/<final disc difference>/0.00` after `status game over`
    /// (before, the status line alone: a front end that sent `go` hung). A full board
    /// (black 63, white 1, black to move) and a wipe-out with empties (black on the four
    /// centre squares, white to move: the empties go to black).
    #[test]
    fn go_on_a_finished_game_is_answered_with_a_pass_and_the_final_score() {
        for (board, mover, answer) in [
            ("*".repeat(63) + "O", "*", "=== PA/62/0.00"),
            (board_of("d4 e4 d5 e5", &[]), "O", "=== PA/-64/0.00"),
        ] {
            let mut s = Session::new(1);
            let set_game = format!("set game (;GM[Othello]BO[8 {board} {mover}];)");
            let (out, errors) = converse(&mut s, &["nboard 2", &set_game, "go", "ping 1"]);
            assert!(errors.is_empty(), "{errors:?}");
            assert_eq!(
                out,
                ["set myname zerosum", "status game over", answer, "pong 1"],
                "{board}"
            );
        }
    }

    #[test]
    fn a_raised_stop_flag_ends_go_at_once_with_a_legal_move() {
        let mut s = Session::new(4);
        let (_, errors) = converse(&mut s, &["nboard 2", "set depth 60"]);
        assert!(errors.is_empty());
        assert!(interrupts("ping 7") && interrupts("quit") && !interrupts("go"));
        s.stop_flag().stop();
        let (out, _) = converse(&mut s, &["go", "ping 7"]);
        let answer = out.iter().find(|l| l.starts_with("=== ")).unwrap();
        let mv: Move = answer[4..6].parse().unwrap();
        assert!(Othello::new().is_legal_move(mv.to_square().unwrap()));
        assert!(out.contains(&"pong 7".to_string()));
        // The pong lowers the flag for the next search.
        assert!(!s.stop_flag().is_stopped());
    }

    #[test]
    fn commands_parse_with_typed_errors() {
        assert!(matches!("".parse::<Command>(), Err(CommandError::Empty)));
        assert!(matches!(
            "hint".parse::<Command>(),
            Err(CommandError::MissingArgument { .. })
        ));
        assert!(matches!(
            "hint x".parse::<Command>(),
            Err(CommandError::Number { .. })
        ));
        // New-user report item 10: a number out of range names the range (it said
        // `invalid number "61"`), and `hint 0` is refused (it answered one move).
        for (line, message) in [
            ("set depth 61", "set depth: 61 is not in 1–60"),
            ("set depth 999", "set depth: 999 is not in 1–60"),
            ("set depth 0", "set depth: 0 is not in 1–60"),
            ("hint 999999", "hint: 999999 is not in 1–64"),
            ("hint 0", "hint: 0 is not in 1–64"),
            (
                "hint 99999999999999999999",
                "hint: 99999999999999999999 is not in 1–64",
            ),
            ("hint -1", "hint: invalid number \"-1\""),
            // New-user report 14: a second number is an error, not ignored.
            ("set depth 4 5", "set depth: invalid number \"4 5\""),
            // And so is a word after a command that takes none, or a contempt that is no
            // whole number (all were accepted and ignored).
            ("set contempt", "set contempt: missing argument"),
            ("set game", "set game: missing argument"),
            (
                "set game (;GM[Othello]BO[8 ---------------------------OX------XO--------------------------- *];) (;GM[Othello];)",
                "set game: text after the game's closing \";)\" at byte 88: \"(;GM[Othello];)\" (one game at a time)",
            ),
            (
                "set contempt banana",
                "set contempt: invalid number \"banana\"",
            ),
            ("set contempt 1.5", "set contempt: invalid number \"1.5\""),
            (
                "go now please",
                "go: takes no argument, found \"now please\"",
            ),
            (
                "learn everything",
                "learn: takes no argument, found \"everything\"",
            ),
            ("quit now", "quit: takes no argument, found \"now\""),
        ] {
            let e = line.parse::<Command>().unwrap_err();
            assert_eq!(e.to_string(), message, "{line}");
        }
        assert!(matches!(
            "set depth 60".parse::<Command>(),
            Ok(Command::SetDepth(60))
        ));
        assert!(matches!("hint 1".parse::<Command>(), Ok(Command::Hint(1))));
        for (line, contempt) in [
            ("set contempt 99999999999999999999", i32::MAX),
            ("set contempt -2147483649", i32::MIN),
            ("set contempt 0", 0),
            ("set contempt -250", -250),
            ("set contempt +3", 3),
        ] {
            assert!(
                matches!(line.parse::<Command>(), Ok(Command::SetContempt(c)) if c == contempt),
                "{line}"
            );
        }
        assert!(matches!("go".parse::<Command>(), Ok(Command::Go)));
        assert!(matches!(" quit ".parse::<Command>(), Ok(Command::Quit)));
        // A refused `quit now` does not stop a search either.
        assert!(interrupts("quit") && interrupts("ping 3") && !interrupts("quit now"));
        assert!(matches!(
            "set game (;".parse::<Command>(),
            Err(CommandError::Game(_))
        ));
        assert!(matches!(
            "move zz".parse::<Command>(),
            Err(CommandError::Move(_))
        ));
        assert!(matches!(
            "set depth 12".parse::<Command>(),
            Ok(Command::SetDepth(12))
        ));
        assert!(matches!("analyze".parse::<Command>(), Ok(Command::Analyze)));
        assert!(matches!(
            "analyze all".parse::<Command>(),
            Err(CommandError::UnexpectedArgument { .. })
        ));
        let long = format!("bogus {}", "x".repeat(100_000));
        let e = long.parse::<Command>().unwrap_err().to_string();
        assert!(e.len() < 120 && e.contains("(100006 characters)"), "{e}");
        assert_eq!(level_for_depth(3), Level::numbered(3));
        assert_eq!(level_for_depth(20).end_depth, MAX_EXACT_EMPTIES);
    }
}
