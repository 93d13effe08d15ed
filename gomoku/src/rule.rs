//! Rule variants.

use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// Which rows of stones win.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Rule {
    /// Five or more in a row wins (Gomocup rule 0).
    #[default]
    Freestyle,
    /// Exactly five wins; an overline (six or more) does not (Gomocup rule 1).
    Standard,
}

/// A rule name or number that is not supported.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown or unsupported rule {0:?} (freestyle/0 or standard/1)")]
pub struct RuleError(pub String);

impl Rule {
    /// The one-letter code used in the notation (`f`, `s`).
    pub const fn letter(self) -> char {
        match self {
            Rule::Freestyle => 'f',
            Rule::Standard => 's',
        }
    }

    /// The rule of a Gomocup `INFO rule` value: bit 0 = exactly five, bit 1 = continuous
    /// game, bit 2 = renju, bit 3 = caro. Only 0 (freestyle) and 1 (exactly five) are
    /// supported; any other bit gives `None` (never a rule that drops a bit: `5`, renju
    /// with exactly five, is not "exactly five").
    pub const fn from_gomocup(value: u32) -> Option<Rule> {
        if value & !1 != 0 {
            return None;
        }
        Some(if value & 1 == 1 {
            Rule::Standard
        } else {
            Rule::Freestyle
        })
    }

    /// The index of this rule in per-rule tables (0 freestyle, 1 standard).
    pub const fn index(self) -> usize {
        match self {
            Rule::Freestyle => 0,
            Rule::Standard => 1,
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Rule::Freestyle => "freestyle",
            Rule::Standard => "standard",
        })
    }
}

impl FromStr for Rule {
    type Err = RuleError;
    /// `freestyle`/`f`/`0` or `standard`/`s`/`exact`/`1` (case-insensitive).
    fn from_str(s: &str) -> Result<Rule, RuleError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "freestyle" | "f" | "0" => Ok(Rule::Freestyle),
            "standard" | "s" | "exact" | "1" => Ok(Rule::Standard),
            _ => Err(RuleError(s.into())),
        }
    }
}
