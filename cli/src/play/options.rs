//! The options every `zerosum <game> play` shares, and the AI's strength.

use super::PlayGame;
use clap::{Args, ValueEnum};
use std::fmt;
use std::time::Duration;
use zerosum::Side;

/// Who the human plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Default)]
pub enum Human {
    /// The human moves first, the AI second.
    #[default]
    First,
    /// The AI moves first, the human second.
    Second,
    /// Two humans (no AI).
    Both,
    /// The AI plays itself.
    None,
}

/// Options of every `zerosum <game> play`.
#[derive(Args, Debug, Clone, Default)]
pub struct CommonArgs {
    /// Plain line mode: print the board after every move, read moves one a line from
    /// standard input (automatic when standard output is not a terminal).
    #[arg(long)]
    pub plain: bool,
    /// Which side the human plays.
    #[arg(long, value_enum, default_value_t = Human::First)]
    pub human: Human,
    /// AI strength: a level 1…N (N depends on the game) or `perfect` where the game has
    /// a perfect player.
    #[arg(long, value_name = "N|perfect", allow_negative_numbers = true, conflicts_with_all = ["time_ms", "depth", "nodes"])]
    pub level: Option<String>,
    /// AI thinking time per move, in milliseconds (instead of a level).
    #[arg(long, value_name = "MS", allow_negative_numbers = true, conflicts_with_all = ["depth", "nodes"],
          value_parser = clap::value_parser!(u64).range(1..=crate::limits::MAX_TIME_MS))]
    pub time_ms: Option<u64>,
    /// AI search depth per move, in plies (instead of a level): the strongest level,
    /// searched this deep.
    #[arg(long, value_name = "PLIES", allow_negative_numbers = true, conflicts_with = "nodes",
          value_parser = clap::value_parser!(u32).range(1..=crate::limits::MAX_DEPTH_PLIES))]
    pub depth: Option<u32>,
    /// AI node budget per move (instead of a level): the strongest level within this many
    /// positions visited; reproducible, unlike a time.
    #[arg(long, value_name = "N", allow_negative_numbers = true,
          value_parser = clap::value_parser!(u64).range(1..=u64::MAX))]
    pub nodes: Option<u64>,
}

/// How strong the AI plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strength {
    /// A level `1..=max_level`: a fixed depth or budget, reproducible.
    Level(u8),
    /// Perfect play (an exact solver).
    Perfect,
    /// A time per move.
    Time(Duration),
    /// A search depth per move, in plies.
    Depth(u32),
    /// A node budget per move.
    Nodes(u64),
}

impl fmt::Display for Strength {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Strength::Level(n) => write!(f, "level {n}"),
            Strength::Perfect => write!(f, "perfect"),
            Strength::Time(t) if t.as_millis() % 1000 == 0 => write!(f, "{} s/move", t.as_secs()),
            Strength::Time(t) => write!(f, "{} ms/move", t.as_millis()),
            Strength::Depth(d) => write!(f, "depth {d}"),
            Strength::Nodes(n) => write!(f, "{} nodes/move", super::short_count(*n)),
        }
    }
}

impl Strength {
    /// Every strength the new-game dialog offers for `game`: its levels, `perfect`, and
    /// a few times per move.
    pub fn choices<G: PlayGame>(game: &G) -> Vec<Strength> {
        let mut v: Vec<Strength> = (1..=game.max_level()).map(Strength::Level).collect();
        if game.has_perfect() {
            v.push(Strength::Perfect);
        }
        for ms in [500, 1000, 2000, 5000, 10000] {
            v.push(Strength::Time(Duration::from_millis(ms)));
        }
        v
    }
}

/// Who plays a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// A person at the keyboard (or standard input).
    Human,
    /// The AI.
    Ai,
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::Human => "human",
            Player::Ai => "AI",
        })
    }
}

/// The players and the AI's strength, checked against the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setup {
    /// Who plays each side, indexed by [`Side::index`].
    pub players: [Player; 2],
    /// The AI's strength.
    pub strength: Strength,
}

impl Setup {
    /// Who plays `side`.
    pub fn player(&self, side: Side) -> Player {
        self.players[side.index()]
    }
}

impl CommonArgs {
    /// Warns on standard error when `--depth` is at least `hopeless` plies (`what_it_takes`
    /// says how long that takes, for the game that calls): each AI move then searches that
    /// deep, with no time to stop it but the `m` key in the TUI.
    pub fn warn_if_too_deep(&self, hopeless: u32, what_it_takes: &str) {
        if let Some(d) = self.depth
            && d >= hopeless
        {
            eprintln!("warning: --depth {d}: every AI move searches that deep: {what_it_takes}");
        }
    }

    /// Warns on standard error when `--level perfect` asks for an exact solve of every AI
    /// move where that may not end (`what_it_takes` says so, for the game that calls):
    /// nothing bounds it but the `m` key in the TUI, and plain mode has none.
    pub fn warn_if_perfect(&self, what_it_takes: &str) {
        if self
            .level
            .as_deref()
            .is_some_and(|l| l.eq_ignore_ascii_case("perfect"))
        {
            eprintln!("warning: --level perfect: every AI move is solved exactly: {what_it_takes}");
        }
    }

    /// The setup these options ask for in `game`.
    ///
    /// # Errors
    /// A level that is not a number in range, or `perfect` where the game has no
    /// perfect player.
    pub fn setup<G: PlayGame>(&self, game: &G) -> Result<Setup, String> {
        let players = match self.human {
            Human::First => [Player::Human, Player::Ai],
            Human::Second => [Player::Ai, Player::Human],
            Human::Both => [Player::Human, Player::Human],
            Human::None => [Player::Ai, Player::Ai],
        };
        // Zero and out-of-range values are refused by the options' parsers.
        let strength = match (&self.level, self.time_ms, self.depth, self.nodes) {
            (_, Some(ms), _, _) => Strength::Time(Duration::from_millis(ms)),
            (_, _, Some(d), _) => Strength::Depth(d),
            (_, _, _, Some(n)) => Strength::Nodes(n),
            (Some(level), ..) => parse_level(game, level)?,
            (None, ..) => game.default_strength(),
        };
        Ok(Setup { players, strength })
    }
}

/// Parses `--level`: `1..=max` or `perfect`.
fn parse_level<G: PlayGame>(game: &G, text: &str) -> Result<Strength, String> {
    let max = game.max_level();
    if text.eq_ignore_ascii_case("perfect") {
        return if game.has_perfect() {
            Ok(Strength::Perfect)
        } else {
            Err(format!(
                "--level perfect: {} has no perfect player (levels 1-{max})",
                game.title()
            ))
        };
    }
    match text.parse::<u8>() {
        Ok(n) if (1..=max).contains(&n) => Ok(Strength::Level(n)),
        _ => Err(format!(
            "--level {text:?}: expected a level 1-{max}{}",
            if game.has_perfect() {
                " or `perfect`"
            } else {
                ""
            }
        )),
    }
}
