//! The options every `zerosum <game> play` shares, and the AI's strength.

use super::{LevelOf, PlayGame};
use clap::{Arg, Args, ValueEnum};
use std::fmt;
use std::time::Duration;
use zerosum::{Level, Side};

/// Who the human plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Default)]
pub enum Human {
    /// The human moves first (from a `--position`: plays its side to move), the AI
    /// second.
    #[default]
    First,
    /// The AI moves first (from a `--position`: plays its side to move), the human
    /// second.
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
    /// standard input (automatic when standard input or output is not a terminal).
    #[arg(long)]
    pub plain: bool,
    /// Which side the human plays.
    #[arg(long, value_enum, default_value_t = Human::First)]
    pub human: Human,
    /// AI strength: a level of the game (each game's `play` names its range with
    /// [`level_arg`]); with --time-ms, --depth or --nodes, that level within them (as
    /// `bestmove` takes them).
    #[arg(long, value_name = "LEVEL", allow_negative_numbers = true)]
    pub level: Option<String>,
    /// AI thinking time per move, in milliseconds: the strongest level (or --level's)
    /// within it.
    #[arg(long, value_name = "MS", allow_negative_numbers = true,
          value_parser = crate::whole::whole::<u64>(1, crate::limits::MAX_TIME_MS))]
    pub time_ms: Option<u64>,
    /// AI search depth per move, in plies: the strongest level (or --level's), searched
    /// this deep.
    #[arg(long, value_name = "PLIES", allow_negative_numbers = true,
          value_parser = crate::whole::whole::<u32>(1, crate::limits::MAX_DEPTH_PLIES))]
    pub depth: Option<u32>,
    /// AI node budget per move: the strongest level (or --level's) within this many
    /// positions visited; reproducible, unlike a time.
    #[arg(long, value_name = "N", allow_negative_numbers = true,
          value_parser = crate::whole::whole::<u64>(1, u64::MAX))]
    pub nodes: Option<u64>,
    /// Start from this position instead of the initial one, written as the game's
    /// `bestmove`, `solve` and `analyze` read their input lines; the side to move comes
    /// from it (and --human first means the human plays that side). A finished
    /// position is refused.
    #[arg(long, value_name = "POSITION", allow_hyphen_values = true)]
    pub position: Option<String>,
}

/// `--level` for a game whose levels are `L`: its help names the game's range and
/// default (`1-8 (default 4)`), and its parser is the game's own, so that `play` refuses
/// a level when `clap` reads the options, in their order, exactly as `bestmove` does.
/// Each game's `play` command applies it with `#[command(mut_arg("level",
/// level_arg::<L>))]`.
pub fn level_arg<L: Level>(arg: Arg) -> Arg {
    level_help::<L>(arg, &L::range_text())
}

/// [`level_arg`] for a game whose `play` has a default of its own, `default` in words
/// (tic-tac-toe's depends on the board): the help names the levels of `L` and that
/// default instead of `L`'s.
pub fn level_arg_defaulting<L: Level>(arg: Arg, default: &str) -> Arg {
    let range = L::range_text();
    // The range less its own `(default …)`.
    let levels = range
        .split_once(" (default")
        .map_or(range.as_str(), |(l, _)| l);
    level_help::<L>(arg, &format!("{levels} (default {default})"))
}

/// `--level` with the help `AI strength: <levels>; …` and the parser of `L`.
fn level_help<L: Level>(arg: Arg, levels: &str) -> Arg {
    arg.help(format!(
        "AI strength: {levels}; with --time-ms, --depth or --nodes, that level within them \
         (as `bestmove` takes them)"
    ))
    .value_parser(|s: &str| s.parse::<L>().map(|_| s.to_string()))
}

/// A level as `--level` names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LevelChoice {
    /// A numbered level.
    Number(u8),
    /// The `perfect` level.
    Perfect,
}

impl fmt::Display for LevelChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LevelChoice::Number(n) => write!(f, "level {n}"),
            LevelChoice::Perfect => write!(f, "perfect"),
        }
    }
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
    /// Several of the options at once, as `bestmove` takes them: `level` (the strongest
    /// when `None`) within whichever of the time, depth and node limits are given.
    Within {
        /// The level, or `None` for the strongest.
        level: Option<LevelChoice>,
        /// The time per move.
        time: Option<Duration>,
        /// The search depth per move, in plies.
        depth: Option<u32>,
        /// The node budget per move.
        nodes: Option<u64>,
    },
}

impl fmt::Display for Strength {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Strength::Level(n) => write!(f, "level {n}"),
            Strength::Perfect => write!(f, "perfect"),
            Strength::Time(t) if t.as_millis() % 1000 == 0 => write!(f, "{} s/move", t.as_secs()),
            Strength::Time(t) => write!(f, "{} ms/move", t.as_millis()),
            Strength::Depth(d) => write!(f, "depth {d}"),
            Strength::Nodes(n) => write!(f, "{}/move", super::nodes_text(*n)),
            Strength::Within {
                level,
                time,
                depth,
                nodes,
            } => {
                let parts: Vec<String> = [
                    level.map(|l| l.to_string()),
                    time.map(|t| Strength::Time(t).to_string()),
                    depth.map(|d| Strength::Depth(d).to_string()),
                    nodes.map(|n| Strength::Nodes(n).to_string()),
                ]
                .into_iter()
                .flatten()
                .collect();
                f.write_str(&parts.join(", "))
            }
        }
    }
}

impl Strength {
    /// The strength `delta` steps (+1 stronger, −1 weaker) from `self`, as the `+` and
    /// `-` keys step it. A depth alone steps by a ply (1 to
    /// [`crate::limits::MAX_DEPTH_PLIES`]) and a node budget alone doubles or halves (at
    /// least 1 node): each is the strongest level within that budget, whose place among
    /// the levels is not known, so a step keeps the kind (a TUI tester's report: `+` from
    /// `--depth 12` gave Othello's level 4, a 4-ply search). Every other strength steps on
    /// `choices`, as [`Strength::step_on_ladder`] does.
    pub fn step(self, choices: &[Strength], default: Strength, delta: isize) -> Strength {
        match self {
            Strength::Depth(d) => {
                let max = u32::try_from(crate::limits::MAX_DEPTH_PLIES).unwrap_or(u32::MAX);
                let d = i64::from(d) + delta as i64;
                Strength::Depth(d.clamp(1, i64::from(max)) as u32)
            }
            Strength::Nodes(n) => {
                let shift = delta.unsigned_abs().min(63) as u32;
                Strength::Nodes(if delta >= 0 {
                    n.checked_shl(shift)
                        .filter(|m| m >> shift == n)
                        .unwrap_or(u64::MAX)
                } else {
                    (n >> shift).max(1)
                })
            }
            _ => self.step_on_ladder(choices, default, delta),
        }
    }

    /// The strength `delta` steps (+1 stronger, −1 weaker) from `self` on `choices` (the
    /// ladder of [`Strength::choices`], weakest first), kept within it. A strength not on
    /// the ladder (`--time-ms 3000`, `--depth 6`, `--level 5 --time-ms 2000`) steps from
    /// where it would stand: a time between the ladder's times, a level with a limit just
    /// under that level, a depth or node budget alone just under the default strength
    /// `default`. (Before, it stood at the ladder's foot: `-` gave level 1, `+` level 2.)
    /// The new-game dialog places such a strength on its list by this step.
    pub fn step_on_ladder(self, choices: &[Strength], default: Strength, delta: isize) -> Strength {
        let index = |s: Strength| choices.iter().position(|&c| c == s);
        // A place on the ladder in half steps: 2i on choice i, 2i − 1 just under it.
        let is_time = |c: &Strength| matches!(c, Strength::Time(_));
        let time_place = |t: Duration| {
            // Above every time of the ladder: just under what follows its last time.
            let after_times = choices
                .iter()
                .rposition(is_time)
                .map_or(choices.len(), |i| i + 1);
            let above = choices
                .iter()
                .position(|c| matches!(c, Strength::Time(x) if *x > t))
                .unwrap_or(after_times);
            2 * above as isize - 1
        };
        let under = |s: Strength| index(s).map_or(-1, |i| 2 * i as isize - 1);
        let place = match (index(self), self) {
            (Some(i), _) => 2 * i as isize,
            (
                None,
                Strength::Within {
                    level: Some(LevelChoice::Number(n)),
                    ..
                },
            ) => under(Strength::Level(n)),
            // `perfect` within a time is what the ladder's times are.
            (
                None,
                Strength::Within {
                    level: Some(LevelChoice::Perfect),
                    time: Some(t),
                    ..
                },
            ) => time_place(t),
            (
                None,
                Strength::Within {
                    level: Some(LevelChoice::Perfect),
                    ..
                },
            ) => under(Strength::Perfect),
            (None, Strength::Time(t) | Strength::Within { time: Some(t), .. }) => time_place(t),
            (None, _) => under(default),
        };
        // The next choice above (or below) the place; none beyond the ladder's ends.
        let next = if delta > 0 {
            place.div_euclid(2) + delta
        } else {
            (place + 1).div_euclid(2) + delta
        };
        usize::try_from(next)
            .ok()
            .and_then(|i| choices.get(i).copied())
            .unwrap_or(self)
    }

    /// Every strength the new-game dialog offers for `game`, weakest first: its levels, a
    /// few times per move (the strongest level within that time), then `perfect` where
    /// the game has it (the strongest: the exact solver with no limit; before, it stood
    /// below the times, so `+` from it went to weaker play).
    pub fn choices<G: PlayGame>(game: &G) -> Vec<Strength> {
        let mut v: Vec<Strength> = (1..=game.max_level()).map(Strength::Level).collect();
        for ms in [500, 1000, 2000, 5000, 10000] {
            v.push(Strength::Time(Duration::from_millis(ms)));
        }
        if game.has_perfect() {
            v.push(Strength::Perfect);
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
            diag!("warning: --depth {d}: every AI move searches that deep: {what_it_takes}");
        }
    }

    /// True when `--time-ms`, `--nodes` or `--depth` bounds each AI move.
    pub fn bounded(&self) -> bool {
        self.time_ms.is_some() || self.nodes.is_some() || self.depth.is_some()
    }

    /// Warns on standard error when `--level perfect` asks for an exact solve of every AI
    /// move where that may not end (`what_it_takes` says so, for the game that calls):
    /// nothing bounds it but the `m` key in the TUI, and plain mode has none.
    pub fn warn_if_perfect(&self, what_it_takes: &str) {
        if !self.bounded()
            && self
                .level
                .as_deref()
                .is_some_and(|l| l.trim().eq_ignore_ascii_case("perfect"))
        {
            diag!("warning: --level perfect: every AI move is solved exactly: {what_it_takes}");
        }
    }

    /// The setup these options ask for in `game`.
    ///
    /// # Errors
    /// A level that is not a number in range, or `perfect` where the game has no
    /// perfect player.
    pub fn setup<G: PlayGame>(&self, game: &G) -> Result<Setup, String> {
        let mut players = match self.human {
            Human::First => [Player::Human, Player::Ai],
            Human::Second => [Player::Ai, Player::Human],
            Human::Both => [Player::Human, Player::Human],
            Human::None => [Player::Ai, Player::Ai],
        };
        // `first` moves first from the start position: from a `--position` with the
        // second player to move, that is the second player.
        if game.side_to_move() == zerosum::Side::Second {
            players.swap(0, 1);
        }
        // Zero and out-of-range values are refused by the options' parsers.
        let time = self.time_ms.map(Duration::from_millis);
        let level = self.level.as_deref().map(parse_level::<G>).transpose()?;
        if let (Some(LevelChoice::Perfect), Some(d)) = (level, self.depth) {
            crate::limits::warn_perfect_to_depth(d, "each AI move's search");
        }
        // One option alone is its own strength (as the new-game dialog offers them);
        // several are combined as `bestmove` combines them.
        let strength = match (level, time, self.depth, self.nodes) {
            (None, None, None, None) => game.default_strength(),
            (Some(level), None, None, None) => level.into(),
            (None, Some(t), None, None) => Strength::Time(t),
            (None, None, Some(d), None) => Strength::Depth(d),
            (None, None, None, Some(n)) => Strength::Nodes(n),
            _ => Strength::Within {
                level,
                time,
                depth: self.depth,
                nodes: self.nodes,
            },
        };
        Ok(Setup { players, strength })
    }
}

impl From<LevelChoice> for Strength {
    fn from(level: LevelChoice) -> Strength {
        match level {
            LevelChoice::Number(n) => Strength::Level(n),
            LevelChoice::Perfect => Strength::Perfect,
        }
    }
}

/// Parses `--level` with the game's own level parser (`<Level as FromStr>`), so that
/// `play` accepts and refuses exactly what `bestmove` does, in the same words: a number
/// of the game's range in plain decimal digits, or `perfect` where the game has one.
///
/// # Errors
/// The text `clap` prints for `bestmove --level` with that value: `invalid value '11'
/// for '--level <LEVEL>': level "11": expected 1-10 or perfect (default 4)`, then its
/// pointer to `--help`.
fn parse_level<G: PlayGame>(text: &str) -> Result<LevelChoice, String> {
    let level = text.parse::<LevelOf<G::Engine>>().map_err(|e| {
        format!(
            "invalid value '{text}' for '--level <LEVEL>': {e}\n\n\
             For more information, try '--help'."
        )
    })?;
    let name = level.to_string();
    match name.parse::<u8>() {
        Ok(n) => Ok(LevelChoice::Number(n)),
        Err(_) if name == "perfect" => Ok(LevelChoice::Perfect),
        // A level off the numbered table (Othello's `mid 5 end 6`) has no place on the
        // play screen's ladder (a recheck's report: it was taken for `perfect`).
        Err(_) => Err(format!(
            "invalid value '{text}' for '--level <LEVEL>': play takes a numbered level or \
             perfect ({name} is for bestmove and analyze)\n\n\
             For more information, try '--help'."
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::othello::OthelloGame;

    /// `+` and `-` from a strength on the ladder go one step; from one off it (a time
    /// between the ladder's, a level with a limit, a depth alone) they go to its
    /// neighbours, never to the ladder's foot (before: `-` gave level 1 from 3 s a move);
    /// at an end they stay.
    /// A recheck's report: `othello play --level "mid 5 end 6"` (a level off the table,
    /// which `bestmove` takes) became `perfect`. It is refused, naming why.
    #[test]
    fn a_level_off_the_table_is_refused_by_play() {
        let e = parse_level::<OthelloGame>("mid 5 end 6").unwrap_err();
        assert!(e.contains("play takes a numbered level or perfect"), "{e}");
        assert!(matches!(
            parse_level::<OthelloGame>("mid 4 end 8"),
            Ok(LevelChoice::Number(4))
        ));
        assert!(matches!(
            parse_level::<OthelloGame>("perfect"),
            Ok(LevelChoice::Perfect)
        ));
    }

    #[test]
    fn strength_steps_from_where_it_stands() {
        let g = OthelloGame::default();
        let choices = Strength::choices(&g);
        let default = g.default_strength();
        let ms = |n| Strength::Time(Duration::from_millis(n));
        let step = |s: Strength, d| s.step(&choices, default, d);
        assert_eq!(step(Strength::Level(5), -1), Strength::Level(4));
        assert_eq!(step(Strength::Level(10), 1), ms(500));
        assert_eq!(step(ms(500), -1), Strength::Level(10));
        // `perfect` (no limit) is the top: `+` stays, `-` gives the longest time.
        assert_eq!(step(Strength::Perfect, 1), Strength::Perfect);
        assert_eq!(step(Strength::Perfect, -1), ms(10_000));
        assert_eq!(step(ms(10_000), 1), Strength::Perfect);
        assert_eq!(step(ms(3000), -1), ms(2000));
        assert_eq!(step(ms(3000), 1), ms(5000));
        assert_eq!(step(ms(6000), -1), ms(5000));
        assert_eq!(step(ms(20_000), 1), Strength::Perfect);
        assert_eq!(step(ms(20_000), -1), ms(10_000));
        assert_eq!(step(Strength::Level(1), -1), Strength::Level(1));
        let perfect_within = |t| Strength::Within {
            level: Some(LevelChoice::Perfect),
            time: Some(Duration::from_millis(t)),
            depth: None,
            nodes: None,
        };
        assert_eq!(step(perfect_within(3000), 1), ms(5000));
        assert_eq!(step(perfect_within(3000), -1), ms(2000));
        let level_within = Strength::Within {
            level: Some(LevelChoice::Number(5)),
            time: Some(Duration::from_millis(2000)),
            depth: None,
            nodes: None,
        };
        assert_eq!(step(level_within, -1), Strength::Level(4));
        assert_eq!(step(level_within, 1), Strength::Level(5));
        let Strength::Level(d) = default else {
            panic!("{default}")
        };
        let on_ladder = |s: Strength, delta| s.step_on_ladder(&choices, default, delta);
        assert_eq!(on_ladder(Strength::Depth(6), -1), Strength::Level(d - 1));
        assert_eq!(on_ladder(Strength::Nodes(100_000), 1), Strength::Level(d));
        // The keys keep a depth or a node budget alone (its place among the levels is
        // not known: `+` from depth 12 gave level 4), within the options' ranges.
        assert_eq!(step(Strength::Depth(12), 1), Strength::Depth(13));
        assert_eq!(step(Strength::Depth(12), -1), Strength::Depth(11));
        assert_eq!(step(Strength::Depth(1), -1), Strength::Depth(1));
        let deepest = crate::limits::MAX_DEPTH_PLIES as u32;
        assert_eq!(step(Strength::Depth(deepest), 1), Strength::Depth(deepest));
        assert_eq!(step(Strength::Nodes(100_000), 1), Strength::Nodes(200_000));
        assert_eq!(step(Strength::Nodes(100_000), -1), Strength::Nodes(50_000));
        assert_eq!(step(Strength::Nodes(1), -1), Strength::Nodes(1));
        assert_eq!(
            step(Strength::Nodes(u64::MAX), 1),
            Strength::Nodes(u64::MAX)
        );
    }
}
