//! GGF, the Generic Game Format of the Internet Othello server GGS and of the NBoard
//! protocol's `set game` command: read and write one game.
//!
//! A game is `(;` followed by properties `KEY[value]` and `;)`:
//!
//! ```text
//! (;GM[Othello]PC[NBoard]PB[Edax]PW[human]RE[?]TI[15:00]TY[8]
//!   BO[8 ---------------------------O*------*O--------------------------- *]
//!   B[F5]W[F6//1.5]B[D3/-1.00/2.01];)
//! ```
//!
//! `BO` is the start position: the board size (only `8` is supported), the 64 squares
//! a1…h8 (`*` black, `O` white, `-` empty; spaces between rows allowed), and the side to
//! move (`*` or `O`). `B` and `W` are the moves of black and white, each
//! `<move>[/<evaluation>[/<seconds>]]`, the move a square (`f5`, either case) or a pass
//! (`PA`, `PASS` or `PS`, in either case: `PA` is what NBoard's and Edax's GGF writers
//! write and what this crate writes, `pass` is GGS's records', `PASS` NBoard's newer
//! records'; Edax reads `PA` and `PS`; any other spelling is a [`GgfError::Move`]).
//! Other properties (`GM`, `PC`, `PB`, `PW`, `RE`, `TI`, `DT`,
//! …) are kept as text. `TI` is the time control, `main[/increment[/extension]]` (GGS's
//! clock, each part `[[[d.]h:]m:]s`, days as in `1.00:00:00`); its main time is
//! read by [`GgfGame::main_time`]. `TB` and `TW` are black's and white's own time
//! controls, which NBoard writes instead of `TI` when the two clocks differ; a side's
//! clock is its own when given, else `TI`'s ([`GgfGame::main_time_of`]). A pass that a record leaves out (a `B` move where
//! white must pass) is filled in, as NBoard and GGS records sometimes omit it.
//!
//! Format reference: the GGS documentation and NBoard's protocol description
//! (`weltyc/ntest`, `instructions/Protocol.htm`).

use crate::{Move, Othello, ParseMoveError, PlayError, Side};
use std::fmt;
use std::time::Duration;
use thiserror::Error;
use zerosum::Game;

/// Why a GGF text could not be read.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum GgfError {
    /// The text does not start with `(;` (after white space), and has none.
    #[error("a GGF game starts with \"(;\"")]
    MissingStart,
    /// Text before the game's opening `(;` (white space aside).
    #[error("text before the game's opening \"(;\": {text:?} (a GGF game starts with \"(;\")")]
    LeadingText {
        /// The text, cut to 20 characters.
        text: String,
    },
    /// The text ends before `;)` or before a property's closing `]`.
    #[error("the GGF game is not terminated (missing \"]\" or \";)\")")]
    Unterminated,
    /// Text after the game's closing `;)`: a second game, say (one is read at a time).
    #[error("text after the game's closing \";)\" at byte {offset}: {text:?} (one game at a time)")]
    TrailingText {
        /// Byte offset of the text.
        offset: usize,
        /// The text, cut to 20 characters.
        text: String,
    },
    /// A character that cannot start or continue a property name.
    #[error("unexpected {found:?} at byte {offset} (expected a property name such as BO[...])")]
    Syntax {
        /// Byte offset in the text.
        offset: usize,
        /// The character found.
        found: char,
    },
    /// A property name not followed by its `[value]`.
    #[error("{name:?} at byte {offset} is not followed by a [value] (a property is NAME[value])")]
    NoValue {
        /// Byte offset of the name in the text.
        offset: usize,
        /// The name as found.
        name: String,
    },
    /// A move with more than `<move>/<eval>/<time>`.
    #[error("move {index}: {text:?} has more than <move>/<eval>/<time>")]
    ExtraField {
        /// 1-based number of the move in the game.
        index: usize,
        /// The move's text.
        text: String,
    },
    /// The game has no `BO` (start position) property.
    #[error("the GGF game has no BO[...] start position")]
    MissingBoard,
    /// The game has more than one `BO` (start position) property: which one holds is
    /// ambiguous (before, the first one was taken and the others ignored).
    #[error("the GGF game has {count} BO[...] start positions (one is allowed)")]
    DuplicateBoard {
        /// How many `BO` properties the game has.
        count: usize,
    },
    /// The `BO` property is malformed.
    #[error("invalid BO[...] start position: {0}")]
    Board(String),
    /// A move property's text is not a square or a pass.
    #[error("move {index}: {error}")]
    Move {
        /// 1-based number of the move in the record.
        index: usize,
        /// What is wrong (in the message, so not also the error's `source`).
        error: ParseMoveError,
    },
    /// The evaluation or time after a move is not a number.
    #[error("move {index}: {text:?} is not a number")]
    Annotation {
        /// 1-based number of the move in the record.
        index: usize,
        /// The text found.
        text: String,
    },
    /// A move that cannot be played in the position reached.
    #[error("move {index}: {error}")]
    Illegal {
        /// 1-based number of the move in the record.
        index: usize,
        /// Why it could not be played (in the message, so not also the error's
        /// `source`).
        error: PlayError,
    },
    /// A move of the side that is not to move (and the side to move has a move).
    #[error("move {index}: {colour} is not to move")]
    WrongColour {
        /// 1-based number of the move in the record.
        index: usize,
        /// `black` or `white`.
        colour: &'static str,
    },
    /// The `GM` property names another game than Othello.
    #[error("GM[{0}]: not an Othello game")]
    NotOthello(String),
    /// The `TY` property names anti-Othello (its letter `a`: the fewest discs win),
    /// which this crate does not play.
    #[error("TY[{0}]: anti-Othello (the fewest discs win) is not played here")]
    AntiOthello(String),
    /// The `TY` property names a board side other than 8.
    #[error("TY[{0}]: a game on another board than 8×8, which is the only one played here")]
    BoardSize(String),
    /// A time control property's (`TI`, or a side's own `TB`, `TW`) main time is not
    /// `[[h:]m:]s`, or is 1,000,000,000 s or more.
    #[error(
        "{key}[{value}]: expected a time control such as 15:00 or 1:00//2:00, under 1,000,000,000 s"
    )]
    TimeControl {
        /// The property: `TI`, `TB` or `TW`.
        key: String,
        /// Its value as found.
        value: String,
    },
}

impl GgfError {
    /// What is wrong, without the move's number in the record: for one move given
    /// alone (NBoard's `move` command), where "move 1" would mean nothing.
    pub fn without_move_number(&self) -> String {
        match self {
            GgfError::Move { error, .. } => error.to_string(),
            GgfError::Annotation { text, .. } => format!("{text:?} is not a number"),
            GgfError::ExtraField { text, .. } => {
                format!("{text:?} has more than <move>/<eval>/<time>")
            }
            GgfError::Illegal { error, .. } => error.to_string(),
            other => other.to_string(),
        }
    }
}

/// One move of a record with its optional annotations.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GgfMove {
    /// The move (a square or [`Move::PASS`]).
    pub mv: Move,
    /// The evaluation given with the move (in discs, from the mover's point of view),
    /// if any.
    pub eval: Option<f64>,
    /// Seconds the mover used, if given.
    pub time: Option<f64>,
}

/// The board side a GGF `TY` value names (`8`, `s8r20`, `10`): its first run of digits,
/// after an optional `s` (synchro); `None` when it names none.
fn ty_size(value: &str) -> Option<u32> {
    let t = value.trim();
    let t = t.strip_prefix(['s', 'S']).unwrap_or(t);
    let digits: String = t.chars().take_while(char::is_ascii_digit).collect();
    // Digits too many for a u32 name no board either (a recheck's report: such a `TY`
    // was read as 8×8).
    (!digits.is_empty()).then(|| digits.parse().unwrap_or(u32::MAX))
}

impl GgfMove {
    /// A move without annotations.
    pub const fn plain(mv: Move) -> GgfMove {
        GgfMove {
            mv,
            eval: None,
            time: None,
        }
    }

    /// Reads `<move>[/<eval>[/<time>]]` (empty eval or time allowed: `f5//2.5`). A
    /// number with a decimal comma (`f5/1,50`) is read as with a point: NBoard writes its
    /// evaluations with Java's `String.format("%3.2f")`, in the user's locale, and sends
    /// them back in `move` and `set game` (a tester's report: a German or French
    /// system's `F5/1,50/2.3` was refused, and the engine stayed on the old position).
    ///
    /// # Errors
    /// [`GgfError::Move`], [`GgfError::Annotation`] or [`GgfError::ExtraField`], naming
    /// move `index`.
    pub fn parse(text: &str, index: usize) -> Result<GgfMove, GgfError> {
        let mut parts = text.trim().split('/');
        let mv_text = parts.next().unwrap_or("").trim();
        let mv = parse_move(mv_text).map_err(|error| GgfError::Move { index, error })?;
        let number = |part: Option<&str>| -> Result<Option<f64>, GgfError> {
            match part.map(str::trim) {
                None | Some("") => Ok(None),
                Some(t) => (t.parse::<f64>().ok())
                    .or_else(|| {
                        let comma = t.matches(',').count() == 1 && !t.contains('.');
                        comma.then(|| t.replace(',', ".").parse::<f64>().ok())?
                    })
                    .filter(|v| v.is_finite())
                    .map(Some)
                    .ok_or_else(|| GgfError::Annotation {
                        index,
                        text: t.to_string(),
                    }),
            }
        };
        let eval = number(parts.next())?;
        let time = number(parts.next())?;
        if parts.next().is_some() {
            return Err(GgfError::ExtraField {
                index,
                text: text.trim().to_string(),
            });
        }
        Ok(GgfMove { mv, eval, time })
    }
}

impl fmt::Display for GgfMove {
    /// `f5`, `f5/-1.5`, `f5/-1.5/2.01` or `f5//2.01`; a pass is `PA`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.mv.is_pass() {
            f.write_str("PA")?;
        } else {
            write!(f, "{}", self.mv)?;
        }
        match (self.eval, self.time) {
            (None, None) => Ok(()),
            (Some(e), None) => write!(f, "/{e}"),
            (e, Some(t)) => {
                f.write_str("/")?;
                if let Some(e) = e {
                    write!(f, "{e}")?;
                }
                write!(f, "/{t}")
            }
        }
    }
}

/// A move's text: a square in either case, or a pass (`PA`, `PASS`, `PS`).
fn parse_move(text: &str) -> Result<Move, ParseMoveError> {
    if ["pa", "pass", "ps"]
        .iter()
        .any(|p| text.eq_ignore_ascii_case(p))
    {
        return Ok(Move::PASS);
    }
    text.parse::<Move>()
}

/// A game record: its properties, its start position, its moves, and the position they
/// lead to.
#[derive(Clone, Debug)]
pub struct GgfGame {
    /// Properties other than `BO`, `B` and `W`, in order (`GM`, `PB`, `TI`, …).
    pub properties: Vec<(String, String)>,
    /// Each move with its colour, in order (passes included, also those filled in).
    pub moves: Vec<(Side, GgfMove)>,
    start: Othello,
    game: Othello,
}

impl GgfGame {
    /// A record of `game` (its start position and the moves played, annotations
    /// empty), with the properties `GM[Othello]` and `TY[8]`.
    pub fn from_game(game: &Othello) -> GgfGame {
        let mut start = game.clone();
        start.undo_n(start.undo_count());
        let start = Othello::from_board(start.board(), start.side_to_move());
        let mut side = start.side_to_move();
        let moves = game
            .moves_played()
            .map(|mv| {
                let m = (side, GgfMove::plain(mv));
                side = !side;
                m
            })
            .collect();
        GgfGame {
            properties: vec![("GM".into(), "Othello".into()), ("TY".into(), "8".into())],
            moves,
            start,
            game: game.clone(),
        }
    }

    /// Reads one game, `(; … ;)`, with white space around it.
    ///
    /// # Errors
    /// A [`GgfError`] saying what is wrong ([`GgfError::LeadingText`] and
    /// [`GgfError::TrailingText`] for other text around the game); the moves are
    /// replayed, so an illegal move is an error too.
    pub fn parse(text: &str) -> Result<GgfGame, GgfError> {
        let open = text.find("(;").ok_or(GgfError::MissingStart)?;
        // A tester's report: text before the game was ignored, text after it refused.
        let before = text[..open].trim();
        if !before.is_empty() {
            return Err(GgfError::LeadingText {
                text: before.chars().take(20).collect(),
            });
        }
        let bytes = text.as_bytes();
        let mut i = open + 2;
        let mut props: Vec<(String, String)> = Vec::new();
        loop {
            while i < bytes.len() && bytes[i].is_ascii_whitespace() {
                i += 1;
            }
            if i >= bytes.len() {
                return Err(GgfError::Unterminated);
            }
            if bytes[i] == b';' {
                let mut j = i + 1;
                while j < bytes.len() && bytes[j].is_ascii_whitespace() {
                    j += 1;
                }
                if j < bytes.len() && bytes[j] == b')' {
                    let rest = &text[j + 1..];
                    let trimmed = rest.trim_start();
                    if !trimmed.is_empty() {
                        return Err(GgfError::TrailingText {
                            offset: text.len() - trimmed.len(),
                            text: trimmed.trim_end().chars().take(20).collect(),
                        });
                    }
                    break;
                }
                // A `;` not before the closing `)`: one game of one node is read (a
                // tester's report: `…B[f5];GM[x];)` was called unterminated).
                if j < bytes.len() {
                    return Err(GgfError::Syntax {
                        offset: i,
                        found: ';',
                    });
                }
                return Err(GgfError::Unterminated);
            }
            let key_start = i;
            while i < bytes.len() && bytes[i].is_ascii_alphanumeric() {
                i += 1;
            }
            if i == key_start || i >= bytes.len() || bytes[i] != b'[' {
                if i >= bytes.len() {
                    return Err(GgfError::Unterminated);
                }
                if i > key_start {
                    return Err(GgfError::NoValue {
                        offset: key_start,
                        name: text[key_start..i].to_string(),
                    });
                }
                let found = text[i..].chars().next().unwrap_or('?');
                return Err(GgfError::Syntax { offset: i, found });
            }
            let key = text[key_start..i].to_ascii_uppercase();
            i += 1;
            let mut value = String::new();
            loop {
                let Some(c) = text[i..].chars().next() else {
                    return Err(GgfError::Unterminated);
                };
                i += c.len_utf8();
                match c {
                    ']' => break,
                    '\\' => {
                        let Some(next) = text[i..].chars().next() else {
                            return Err(GgfError::Unterminated);
                        };
                        i += next.len_utf8();
                        value.push(next);
                    }
                    _ => value.push(c),
                }
            }
            props.push((key, value));
        }
        for (k, v) in &props {
            match k.as_str() {
                "GM" if !v.trim().eq_ignore_ascii_case("othello") => {
                    return Err(GgfError::NotOthello(v.clone()));
                }
                // GGF's game type: the board size, then letters for variants, of which
                // `a` (anti-Othello: the fewest discs win) changes the game's aim (a
                // tester's report: `TY[8a]` was played as Othello, without a word).
                "TY" if v
                    .trim()
                    .trim_start_matches(|c: char| c.is_ascii_digit())
                    .contains(['a', 'A']) =>
                {
                    return Err(GgfError::AntiOthello(v.clone()));
                }
                // Its board size, after an optional `s` (synchro), must be 8 when given
                // (a recheck's report: `TY[10]` was read with an 8×8 `BO`).
                "TY" if !matches!(ty_size(v), None | Some(8)) => {
                    return Err(GgfError::BoardSize(v.clone()));
                }
                "TI" | "TB" | "TW" if v.split('/').next().and_then(parse_clock).is_none() => {
                    return Err(GgfError::TimeControl {
                        key: k.clone(),
                        value: v.clone(),
                    });
                }
                _ => {}
            }
        }
        let boards = props.iter().filter(|(k, _)| k == "BO").count();
        if boards > 1 {
            return Err(GgfError::DuplicateBoard { count: boards });
        }
        let board = props
            .iter()
            .find(|(k, _)| k == "BO")
            .ok_or(GgfError::MissingBoard)?;
        let start = parse_board(&board.1)?;
        let mut game = start.clone();
        let mut moves = Vec::new();
        let mut index = 0;
        let mut properties = Vec::new();
        for (key, value) in props {
            let side = match key.as_str() {
                "B" => Side::First,
                "W" => Side::Second,
                "BO" => continue,
                _ => {
                    properties.push((key, value));
                    continue;
                }
            };
            index += 1;
            let m = GgfMove::parse(&value, index)?;
            if side != game.side_to_move() {
                if game.must_pass() {
                    let pass = GgfMove::plain(Move::PASS);
                    moves.push((game.side_to_move(), pass));
                    game.try_play(Move::PASS)
                        .map_err(|error| GgfError::Illegal { index, error })?;
                } else {
                    return Err(GgfError::WrongColour {
                        index,
                        colour: colour_name(side),
                    });
                }
            }
            game.try_play(m.mv)
                .map_err(|error| GgfError::Illegal { index, error })?;
            moves.push((side, m));
        }
        Ok(GgfGame {
            properties,
            moves,
            start,
            game,
        })
    }

    /// The start position (the `BO` property), with no history.
    pub fn start(&self) -> &Othello {
        &self.start
    }

    /// The position after all the moves, with the moves as its history (so that it can
    /// be undone back to the start).
    pub fn game(&self) -> &Othello {
        &self.game
    }

    /// The value of property `key` (upper case, e.g. `"PB"`), if present.
    pub fn property(&self, key: &str) -> Option<&str> {
        self.properties
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// Plays `m` for the side to move and records it.
    ///
    /// # Errors
    /// The [`PlayError`] of [`Othello::try_play`]; the record is unchanged.
    pub fn play(&mut self, m: GgfMove) -> Result<(), PlayError> {
        let side = self.game.side_to_move();
        self.game.try_play(m.mv)?;
        self.moves.push((side, m));
        Ok(())
    }

    /// The main time of the time control `TI` (`[[h:]m:]s`, the part before any `/`),
    /// if present and readable.
    pub fn main_time(&self) -> Option<Duration> {
        main_part(self.property("TI")?)
    }

    /// The main time of `side`'s own time control (`TB` for black, `TW` for white) if
    /// the record has one, else of `TI` ([`GgfGame::main_time`]).
    pub fn main_time_of(&self, side: Side) -> Option<Duration> {
        main_part(self.clock_of(side)?)
    }

    /// The text of `side`'s time control: its own (`TB` for black, `TW` for white) if the
    /// record has one, else `TI`.
    fn clock_of(&self, side: Side) -> Option<&str> {
        let own = match side {
            Side::First => "TB",
            Side::Second => "TW",
        };
        self.property(own).or_else(|| self.property("TI"))
    }

    /// The time `side` has left: [`GgfGame::main_time_of`] less the times recorded
    /// with its moves (never below zero); `None` without a time control, and for a clock
    /// of zeros alone (`TI[0]`, `TI[0//0]`): NBoard writes `TI[0]` for an untimed game
    /// (its default clock is 0 seconds, `OsClock.DEFAULT` in `weltyc/nboard`), which is no
    /// clock, not an empty one, unless the other side's clock is not zeros alone: with
    /// `TI[5:00]`, `TB[0:00]` is black's clock run out (a tester's report: it was
    /// searched to the set depth, for 45 s). A zero main time with an increment
    /// or an extension (`TI[0/1]`, `TI[0//0:01]`) is a clock: its main time is used up at
    /// once (the increment and the extension are not counted).
    pub fn time_left(&self, side: Side) -> Option<Duration> {
        let clock = self.clock_of(side)?;
        let main = main_part(clock)?;
        let zeros = |clock: &str| {
            clock
                .split('/')
                .all(|part| part.trim().is_empty() || parse_clock(part) == Some(Duration::ZERO))
        };
        let untimed = [Side::First, Side::Second]
            .into_iter()
            .filter_map(|s| self.clock_of(s))
            .all(zeros);
        if untimed {
            return None;
        }
        let used: f64 = self
            .moves
            .iter()
            .filter(|(s, _)| *s == side)
            .filter_map(|(_, m)| m.time)
            .filter(|t| *t > 0.0)
            .sum();
        Some(main.saturating_sub(Duration::from_secs_f64(used.min(1e9))))
    }
}

/// The main time of a time control `main[/increment[/extension]]`.
fn main_part(clock: &str) -> Option<Duration> {
    parse_clock(clock.split('/').next()?)
}

/// `[[[d.]h:]m:]s` to a duration: days only before the hours, as NBoard's clock reader
/// (`OsClock.ReadTime` in `weltyc/nboard`) takes `1.00:00:00` for a day; elsewhere a point
/// is a decimal one (`1.5` seconds, `2.5:00` minutes).
fn parse_clock(text: &str) -> Option<Duration> {
    let mut secs = 0.0f64;
    let parts: Vec<&str> = text.trim().split(':').collect();
    if parts.len() > 3 {
        return None;
    }
    let mut parts = parts.as_slice();
    if let [first, _, _] = parts
        && let Some((days, hours)) = first.split_once('.')
    {
        let days: u32 = days.trim().parse().ok()?;
        let hours: u32 = hours.trim().parse().ok()?;
        secs = f64::from(days) * 24.0 + f64::from(hours);
        parts = &parts[1..];
    }
    for part in parts {
        let v: f64 = part.trim().parse().ok()?;
        if !(v.is_finite() && v >= 0.0) {
            return None;
        }
        secs = secs * 60.0 + v;
    }
    (secs < 1e9).then(|| Duration::from_secs_f64(secs))
}

fn colour_name(side: Side) -> &'static str {
    match side {
        Side::First => "black",
        Side::Second => "white",
    }
}

/// Reads the `BO` value: `8 <64 squares> <side>`.
fn parse_board(text: &str) -> Result<Othello, GgfError> {
    let mut tokens = text.split_whitespace();
    match tokens.next() {
        Some("8") => {}
        Some(size) => {
            return Err(GgfError::Board(format!(
                "board size {size:?}: only 8 is supported"
            )));
        }
        None => return Err(GgfError::Board("empty".into())),
    }
    let rest: Vec<char> = tokens.flat_map(str::chars).collect();
    if rest.len() != 65 {
        return Err(GgfError::Board(format!(
            "{} characters after the size, expected 65 (64 squares, then the side to move)",
            rest.len()
        )));
    }
    let (mut black, mut white) = (0u64, 0u64);
    for (sq, &c) in rest[..64].iter().enumerate() {
        match c {
            '*' | 'X' | 'x' | '#' => black |= 1 << sq,
            'O' | 'o' => white |= 1 << sq,
            '-' | '.' => {}
            _ => {
                return Err(GgfError::Board(format!(
                    "invalid square {c:?} at {} (expected * or X for black, O for white, - or . for empty)",
                    crate::Square::new(sq as u8).map_or(String::new(), |s| s.to_string())
                )));
            }
        }
    }
    let side = match rest[64] {
        '*' | 'X' | 'x' | '#' => Side::First,
        'O' | 'o' => Side::Second,
        c => {
            return Err(GgfError::Board(format!(
                "invalid side to move {c:?} (expected * or O)"
            )));
        }
    };
    if let Some(square) = crate::game::empty_centre(black | white) {
        return Err(GgfError::Board(format!(
            "centre square {square} is empty: no game reaches it (the four centre squares are filled at the start and never emptied)"
        )));
    }
    let (player, opponent) = match side {
        Side::First => (black, white),
        Side::Second => (white, black),
    };
    Ok(Othello::from_board(crate::Board { player, opponent }, side))
}

impl std::str::FromStr for GgfGame {
    type Err = GgfError;
    fn from_str(s: &str) -> Result<GgfGame, GgfError> {
        GgfGame::parse(s)
    }
}

impl fmt::Display for GgfGame {
    /// The record on one line: `(;` the properties, `BO[…]`, the moves, `;)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("(;")?;
        for (k, v) in &self.properties {
            write!(f, "{k}[")?;
            for c in v.chars() {
                if c == ']' || c == '\\' {
                    f.write_str("\\")?;
                }
                write!(f, "{c}")?;
            }
            f.write_str("]")?;
        }
        let b = self.start.board();
        let (black, white) = match self.start.side_to_move() {
            Side::First => (b.player, b.opponent),
            Side::Second => (b.opponent, b.player),
        };
        f.write_str("BO[8 ")?;
        for sq in 0..64 {
            let c = if black >> sq & 1 != 0 {
                '*'
            } else if white >> sq & 1 != 0 {
                'O'
            } else {
                '-'
            };
            write!(f, "{c}")?;
        }
        let side = match self.start.side_to_move() {
            Side::First => '*',
            Side::Second => 'O',
        };
        write!(f, " {side}]")?;
        for (s, m) in &self.moves {
            let tag = match s {
                Side::First => "B",
                Side::Second => "W",
            };
            write!(f, "{tag}[{m}]")?;
        }
        f.write_str(";)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The example session of the NBoard protocol description.
    const NBOARD_EXAMPLE: &str = "(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[./mEdax]PW[chris]RE[?]TI[15:00]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[F6]B[D3]W[C5]B[E6]W[F7]B[E7]W[F4];)";

    #[test]
    fn reads_the_protocol_example() {
        let g = GgfGame::parse(NBOARD_EXAMPLE).unwrap();
        assert_eq!(g.moves.len(), 8);
        assert_eq!(g.property("PB"), Some("./mEdax"));
        assert_eq!(g.main_time(), Some(Duration::from_secs(900)));
        let line = Othello::from_line("f5f6d3c5e6f7e7f4").unwrap();
        assert_eq!(g.game(), &line);
        assert_eq!(g.start(), &Othello::new());
        // Written and read again: the same record.
        let again = GgfGame::parse(&g.to_string()).unwrap();
        assert_eq!(again.to_string(), g.to_string());
        assert_eq!(again.game(), &line);
    }

    /// A clock's days come before its hours, as NBoard reads them (`OsClock.ReadTime` in
    /// `weltyc/nboard`: `1.00:00:00` is a day); without hours a point is a decimal one.
    #[test]
    fn a_clock_reads_days_before_hours() {
        let board = "BO[8 ---------------------------O*------*O--------------------------- *]";
        for (ti, secs) in [
            ("1.00:00:00", 86_400.0),
            (
                "2.03:04:05",
                2.0 * 86_400.0 + 3.0 * 3_600.0 + 4.0 * 60.0 + 5.0,
            ),
            ("1:30:00", 5_400.0),
            ("2.5:00", 150.0),
            ("1.5", 1.5),
        ] {
            let g = GgfGame::parse(&format!("(;GM[Othello]TI[{ti}]{board};)")).unwrap();
            assert_eq!(g.main_time(), Some(Duration::from_secs_f64(secs)), "{ti}");
        }
        for ti in ["1.5.00:00:00", "-1.00:00:00", "1.x:00:00", "1.00:00:00:00"] {
            assert!(
                GgfGame::parse(&format!("(;GM[Othello]TI[{ti}]{board};)")).is_err(),
                "{ti}"
            );
        }
    }

    #[test]
    fn annotations_and_time_left() {
        let text = "(;GM[Othello]TI[1:00//2:00]BO[8 ---------------------------O*------*O--------------------------- *]B[f5/1.5/10]W[d6//20.5]B[c3/-2];)";
        let g = GgfGame::parse(text).unwrap();
        assert_eq!(g.moves[0].1.eval, Some(1.5));
        assert_eq!(g.moves[1].1.time, Some(20.5));
        assert_eq!(g.time_left(Side::First), Some(Duration::from_secs(50)));
        assert_eq!(
            g.time_left(Side::Second),
            Some(Duration::from_secs_f64(39.5))
        );
        assert!(g.to_string().contains("B[f5/1.5/10]W[d6//20.5]B[c3/-2]"));
    }

    /// GGF's `TY` letter `a` is anti-Othello, whose aim is the opposite: refused, not
    /// played as Othello; so is a size other than 8. The other letters (a random start,
    /// `r`, whose board `BO` gives) are read as before.
    #[test]
    fn anti_othello_is_refused() {
        let bo = "BO[8 ---------------------------O*------*O--------------------------- *]";
        for ty in ["8a", "8ra", "8A"] {
            let e = GgfGame::parse(&format!("(;GM[Othello]TY[{ty}]{bo};)")).unwrap_err();
            assert!(matches!(e, GgfError::AntiOthello(_)), "{ty}: {e}");
        }
        for ty in ["10", "6", "s10r4", "99999999999999999999"] {
            let e = GgfGame::parse(&format!("(;GM[Othello]TY[{ty}]{bo};)")).unwrap_err();
            assert!(matches!(e, GgfError::BoardSize(_)), "{ty}: {e}");
        }
        for ty in ["8", "8r4", "8k", "s8r20", "", "x"] {
            assert!(
                GgfGame::parse(&format!("(;GM[Othello]TY[{ty}]{bo};)")).is_ok(),
                "{ty}"
            );
        }
    }

    /// NBoard formats its evaluations in the user's locale: a decimal comma is read as
    /// a point; a comma that cannot be one (two of them, or beside a point) is refused.
    #[test]
    fn a_decimal_comma_is_read() {
        let m = GgfMove::parse("F5/1,50/2.3", 1).unwrap();
        assert_eq!((m.eval, m.time), (Some(1.5), Some(2.3)));
        assert_eq!(GgfMove::parse("d6/-0,75", 2).unwrap().eval, Some(-0.75));
        for bad in ["f5/1,5,0", "f5/1.5,0", "f5/,"] {
            assert!(
                matches!(GgfMove::parse(bad, 1), Err(GgfError::Annotation { .. })),
                "{bad}"
            );
        }
        let bo = "BO[8 ---------------------------O*------*O--------------------------- *]";
        let g = GgfGame::parse(&format!("(;GM[Othello]{bo}B[F5/1,50/2.3];)")).unwrap();
        assert_eq!(g.moves[0].1.eval, Some(1.5));
    }

    /// NBoard writes each side's clock, `TB[…]TW[…]`, instead of `TI[…]` when the two
    /// are not the same clock (`MutableGame.toGgf` in `weltyc/nboard`). They were
    /// ignored: no time control, so `go` searched to its depth whatever the clock.
    #[test]
    fn tb_and_tw_give_each_side_its_own_clock() {
        let bo = "BO[8 ---------------------------O*------*O--------------------------- *]";
        let text =
            format!("(;GM[Othello]PC[NBoard]TB[1:00]TW[2:00]TY[8r4]{bo}B[f5//10]W[d6//20.5];)");
        let g = GgfGame::parse(&text).unwrap();
        assert_eq!(g.time_left(Side::First), Some(Duration::from_secs(50)));
        assert_eq!(
            g.time_left(Side::Second),
            Some(Duration::from_secs_f64(99.5))
        );
        // A side without its own clock has `TI`'s; without either, none.
        let g = GgfGame::parse(&format!("(;GM[Othello]TI[5:00]TW[0:30]{bo};)")).unwrap();
        assert_eq!(g.time_left(Side::First), Some(Duration::from_secs(300)));
        assert_eq!(g.time_left(Side::Second), Some(Duration::from_secs(30)));
        let g = GgfGame::parse(&format!("(;GM[Othello]TB[0:02]{bo};)")).unwrap();
        assert_eq!(g.time_left(Side::First), Some(Duration::from_secs(2)));
        assert_eq!(g.time_left(Side::Second), None);
        // A main time of zero is no clock: NBoard writes `TI[0]` for an untimed game
        // (`COsGameTest.testDefaultConstruction` in `weltyc/nboard`). Before, it was an
        // empty clock, and `go` played every move of such a game after one ply.
        for clocks in ["TI[0]", "TI[0//0]", "TI[0:00]", "TI[5:00]TB[0]TW[0]"] {
            let g = GgfGame::parse(&format!("(;GM[Othello]{clocks}{bo};)")).unwrap();
            assert_eq!(g.time_left(Side::First), None, "{clocks}");
            assert_eq!(g.time_left(Side::Second), None, "{clocks}");
        }
        // A zero main time with an increment or an extension is a clock (a helper's
        // report: `TI[0//0:01]` had been taken for untimed, and `go` searched unbounded).
        for clocks in ["TI[0/1]", "TI[0//0:01]", "TI[0/0/5]"] {
            let g = GgfGame::parse(&format!("(;GM[Othello]{clocks}{bo};)")).unwrap();
            assert_eq!(g.time_left(Side::First), Some(Duration::ZERO), "{clocks}");
        }
        // One side's clock of zeros beside the other's running clock is run out (a
        // tester's report: `TI[5:00]TB[0:00]` was searched to the set depth, 45 s).
        for (clocks, white) in [("TI[5:00]TB[0:00]", 300), ("TB[0]TW[0:30]", 30)] {
            let g = GgfGame::parse(&format!("(;GM[Othello]{clocks}{bo};)")).unwrap();
            assert_eq!(g.time_left(Side::First), Some(Duration::ZERO), "{clocks}");
            let white = Some(Duration::from_secs(white));
            assert_eq!(g.time_left(Side::Second), white, "{clocks}");
        }
        // A clock used up is still a clock, with nothing left.
        let g = GgfGame::parse(&format!("(;GM[Othello]TI[0:10]{bo}B[f5//12];)")).unwrap();
        assert_eq!(g.time_left(Side::First), Some(Duration::ZERO));
    }

    #[test]
    fn errors_are_typed() {
        let bo = "BO[8 ---------------------------O*------*O--------------------------- *]";
        let case = |t: &str| GgfGame::parse(t).unwrap_err();
        assert_eq!(case("GM[Othello]"), GgfError::MissingStart);
        assert_eq!(case("(;GM[Othello"), GgfError::Unterminated);
        assert_eq!(case("(;GM[Othello]"), GgfError::Unterminated);
        assert_eq!(case("(;GM[Othello];)"), GgfError::MissingBoard);
        // Text around the game: refused before it as after it (white space is not).
        assert_eq!(
            case(&format!("junk (;GM[Othello]{bo};)")),
            GgfError::LeadingText {
                text: "junk".into()
            }
        );
        assert!(matches!(
            case(&format!("(;GM[Othello]{bo};) junk")),
            GgfError::TrailingText { .. }
        ));
        assert!(GgfGame::parse(&format!(" \n(;GM[Othello]{bo};)\r\n")).is_ok());
        // Two start positions (here the same one twice): ambiguous, refused.
        assert_eq!(
            case(&format!("(;GM[Othello]{bo}B[f5]{bo};)")),
            GgfError::DuplicateBoard { count: 2 }
        );
        assert_eq!(
            case(&format!("(;GM[Chess]{bo};)")),
            GgfError::NotOthello("Chess".into())
        );
        for ti in ["abc", "1:2:x", "-5", "1:2:3:4"] {
            for key in ["TI", "TB", "TW"] {
                assert_eq!(
                    case(&format!("(;GM[Othello]{key}[{ti}]{bo};)")),
                    GgfError::TimeControl {
                        key: key.into(),
                        value: ti.into()
                    }
                );
            }
        }
        assert_eq!(
            case(&format!("(;GM[Othello]TB[5:00]TW[x]{bo};)")).to_string(),
            "TW[x]: expected a time control such as 15:00 or 1:00//2:00, under 1,000,000,000 s"
        );
        // A clock beyond the limit is named with it (it read as a malformed one).
        assert!(
            case(&format!("(;GM[Othello]TI[99999999999]{bo};)"))
                .to_string()
                .ends_with("under 1,000,000,000 s"),
        );
        // A `;` inside the record is named, not taken for a missing end.
        assert_eq!(
            case(&format!("(;GM[Othello]{bo}B[f5];GM[x];)")),
            GgfError::Syntax {
                offset: 90,
                found: ';'
            }
        );
        assert_eq!(case("(;GM[Othello];"), GgfError::Unterminated);
        assert!(GgfGame::parse(&format!("(;GM[othello]TI[1:00:00//0:30]{bo};)")).is_ok());
        assert!(matches!(case("(;BO[10 --];)"), GgfError::Board(_)));
        assert!(matches!(case("(;BO[8 --- *];)"), GgfError::Board(_)));
        let empty = format!("(;BO[8 {} *];)", "-".repeat(64));
        assert!(
            case(&empty)
                .to_string()
                .contains("centre square d4 is empty"),
            "{}",
            case(&empty)
        );
        let one_disc = format!("(;BO[8 {}* *];)", "-".repeat(63));
        assert!(
            case(&one_disc)
                .to_string()
                .contains("centre square d4 is empty"),
            "{}",
            case(&one_disc)
        );
        // The first move after the start position, and the error it must give.
        type Expected = fn(&GgfError) -> bool;
        let moves: [(&str, Expected); 7] = [
            ("B[z9]", |e| matches!(e, GgfError::Move { index: 1, .. })),
            ("B[f5/1/2/3]", |e| {
                matches!(e, GgfError::ExtraField { index: 1, .. })
            }),
            // A stray word is named, not the `;` after it.
            (
                "B[f5] junk",
                |e| matches!(e, GgfError::NoValue { name, .. } if name == "junk"),
            ),
            ("B[f5/x]", |e| {
                matches!(e, GgfError::Annotation { index: 1, .. })
            }),
            ("B[a1]", |e| matches!(e, GgfError::Illegal { index: 1, .. })),
            ("W[f5]", |e| {
                matches!(e, GgfError::WrongColour { index: 1, .. })
            }),
            ("é[x]", |e| {
                matches!(e, GgfError::Syntax { found: 'é', .. })
            }),
        ];
        for (mv, expected) in moves {
            let e = case(&format!("(;{bo}{mv};)"));
            assert!(expected(&e), "{mv}: {e:?}");
        }
    }

    #[test]
    fn an_omitted_pass_is_filled_in() {
        // White to move has no move; black has: a record giving black's move directly.
        let g = Othello::from_obf_line(
            "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXO-- O",
        )
        .unwrap();
        assert!(g.must_pass());
        let text = format!(
            "(;GM[Othello]BO[8 {} O]B[g8];)",
            &g.to_string()[..64].replace('X', "*")
        );
        let r = GgfGame::parse(&text).unwrap();
        assert_eq!(r.moves.len(), 2);
        assert!(r.moves[0].1.mv.is_pass());
        assert!(r.game().is_end_of_game());
        assert!(r.to_string().contains("W[PA]B[g8]"));
    }

    /// The pass spellings of the GGF writers are read (NBoard's `OsMove` and Edax's
    /// `game_export_ggf` write `PA`, GGS's records `pass//1.67`, NBoard's newer records
    /// `PASS`; Edax's reader also takes `PS`, this crate's own notation), in either
    /// case and with annotations; any other word is refused with the move named, a typed
    /// [`GgfError::Move`] (NBoard's reader would take any word starting with `P`, but no
    /// writer writes `P`, `PAS` or `PASSE`).
    #[test]
    fn the_writers_pass_spellings_are_read_and_others_refused() {
        // White to move has no move; black has g8.
        let g = Othello::from_obf_line(
            "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXO-- O",
        )
        .unwrap();
        let bo = format!("BO[8 {} O]", &g.to_string()[..64].replace('X', "*"));
        for pass in [
            "PA",
            "pa",
            "Pa",
            "PASS",
            "pass",
            "pass//1.67",
            "PA/0/0.5",
            "PS",
            "ps",
        ] {
            let r = GgfGame::parse(&format!("(;GM[Othello]{bo}W[{pass}]B[g8];)"))
                .unwrap_or_else(|e| panic!("{pass}: {e}"));
            assert_eq!(r.moves.len(), 2, "{pass}");
            assert_eq!(r.moves[0].0, Side::Second, "{pass}");
            assert!(r.moves[0].1.mv.is_pass(), "{pass}");
            assert!(r.game().is_end_of_game(), "{pass}");
            // Written back as PA, as NBoard and Edax write it.
            assert!(r.to_string().contains("W[PA"), "{pass}: {r}");
        }
        for word in ["P", "PAS", "PASSE", "PAA", "--", "-", "@@", "p a", "0"] {
            assert_eq!(
                GgfGame::parse(&format!("(;GM[Othello]{bo}W[{word}]B[g8];)")).unwrap_err(),
                GgfError::Move {
                    index: 1,
                    error: ParseMoveError::Syntax(word.to_string())
                },
                "{word}"
            );
        }
    }

    #[test]
    fn a_board_without_its_side_to_move_is_named() {
        let squares = "-".repeat(64);
        let e = GgfGame::parse(&format!("(;GM[Othello]BO[8 {squares}];)")).unwrap_err();
        let text = e.to_string();
        assert!(
            text.contains("64 characters after the size, expected 65"),
            "{text}"
        );
    }

    #[test]
    fn from_game_round_trips() {
        let g = Othello::from_line("f5d6c3d3c4").unwrap();
        let r = GgfGame::from_game(&g);
        let back = GgfGame::parse(&r.to_string()).unwrap();
        assert_eq!(back.game(), &g);
        assert_eq!(back.moves.len(), 5);
    }
}
