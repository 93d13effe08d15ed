//! Rule variants: freestyle, exactly five and renju (Gomocup `INFO rule` 0, 1 and 4).

use std::fmt;
use std::str::FromStr;
use thiserror::Error;
use zerosum::Side;

/// Which rows of stones win.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Rule {
    /// Five or more in a row wins (Gomocup rule 0).
    #[default]
    Freestyle,
    /// Exactly five wins; an overline (six or more) does not (Gomocup rule 1).
    Standard,
    /// Renju (Gomocup rule 4, the RIF rules): black wins only by exactly five and may not
    /// make an overline, a double four or a double three ([`crate::renju`]); white wins
    /// by five or more.
    Renju,
}

/// A rule name or number that is not supported.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown or unsupported rule {0:?} (freestyle/0, standard/1 or renju/4)")]
pub struct RuleError(pub String);

impl Rule {
    /// The one-letter code used in the notation (`f`, `s`, `r`).
    pub const fn letter(self) -> char {
        match self {
            Rule::Freestyle => 'f',
            Rule::Standard => 's',
            Rule::Renju => 'r',
        }
    }

    /// The rule of a Gomocup `INFO rule` value: bit 0 = exactly five, bit 1 = continuous
    /// game, bit 2 = renju, bit 3 = caro (the protocol's bit mask; Piskvork sends its
    /// rule 0, 1 or 4 plus 2 in a continuous game). The continuous bit is the
    /// manager's: it plays on after a five and sends the finished line's stones as
    /// `BOARD` field 3, which the brain takes as blockers; what wins is the same. So
    /// 0 and 2 are freestyle, 1 and 3 exactly five, 4 and 6 renju ([`Rule::is_continuous_gomocup`]
    /// tells the continuous ones); any other value gives `None` (never a rule that drops
    /// a bit that changes what wins: caro (8) is not played, and `5` is not taken for
    /// renju).
    pub const fn from_gomocup(value: u32) -> Option<Rule> {
        match value & !2 {
            0 => Some(Rule::Freestyle),
            1 => Some(Rule::Standard),
            4 => Some(Rule::Renju),
            _ => None,
        }
    }

    /// Whether a Gomocup `INFO rule` value asks for a continuous game (bit 1; see
    /// [`Rule::from_gomocup`]).
    pub const fn is_continuous_gomocup(value: u32) -> bool {
        value & 2 != 0
    }

    /// The Gomocup `INFO rule` value of this rule (0, 1 or 4).
    pub const fn gomocup(self) -> u32 {
        match self {
            Rule::Freestyle => 0,
            Rule::Standard => 1,
            Rule::Renju => 4,
        }
    }

    /// The index of this rule in per-rule tables (0 freestyle, 1 standard, 2 renju).
    pub const fn index(self) -> usize {
        match self {
            Rule::Freestyle => 0,
            Rule::Standard => 1,
            Rule::Renju => 2,
        }
    }

    /// How rows of `side`'s stones are judged under this rule, as one of the two line
    /// rules: [`Rule::Standard`] (only exactly five wins) or [`Rule::Freestyle`] (five or
    /// more). Renju judges black by exactly five and white by five or more.
    pub const fn line_rule(self, side: Side) -> Rule {
        match (self, side) {
            (Rule::Freestyle, _) => Rule::Freestyle,
            (Rule::Standard, _) => Rule::Standard,
            (Rule::Renju, Side::First) => Rule::Standard,
            (Rule::Renju, Side::Second) => Rule::Freestyle,
        }
    }

    /// True when an overline (six or more in a row) of `side` wins.
    pub const fn overline_wins(self, side: Side) -> bool {
        matches!(self.line_rule(side), Rule::Freestyle)
    }

    /// True when an unbroken row of `len` stones of `side` wins: five, or more when its
    /// overline wins ([`Rule::overline_wins`]).
    pub const fn row_wins(self, side: Side, len: usize) -> bool {
        len == 5 || (len > 5 && self.overline_wins(side))
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Rule::Freestyle => "freestyle",
            Rule::Standard => "standard",
            Rule::Renju => "renju",
        })
    }
}

impl FromStr for Rule {
    type Err = RuleError;
    /// `freestyle`/`f`/`0`, `standard`/`s`/`exact`/`1` or `renju`/`r`/`4`
    /// (case-insensitive).
    fn from_str(s: &str) -> Result<Rule, RuleError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "freestyle" | "f" | "0" => Ok(Rule::Freestyle),
            "standard" | "s" | "exact" | "1" => Ok(Rule::Standard),
            "renju" | "r" | "4" => Ok(Rule::Renju),
            _ => Err(RuleError(s.into())),
        }
    }
}
