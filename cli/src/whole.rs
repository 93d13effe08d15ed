//! Whole-number options (`--nodes`, `--hash-mib`, `--depth`, `--width`, …): one value
//! parser whose refusals say what the option takes.
//!
//! clap's own parsers answered `-5` with `unexpected argument '-5' found` (the value taken
//! for an unknown short option) or `invalid digit found in string`, and a value beyond a
//! `u32` with `is not in 0..=4294967295` whatever the option's real range. Each option
//! built with [`whole`] takes negative-looking values (`allow_negative_numbers`) and
//! refuses them, and anything else out of range, by its range in words.
//!
//! The values are plain decimal digits, as every other number the command line reads
//! (board sizes, the Gomocup protocol's numbers): a `+` sign is refused and named
//! ([`WholeError::PlusSign`]). Before, `--depth +5` and `gomoku play --size +15` were
//! taken (Rust's integer parser reads a `+`) while `tictactoe --size` refused one.

use std::fmt;
use thiserror::Error;

/// The values a whole-number option takes, `min..=max`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WholeRange {
    /// The least value.
    pub min: u64,
    /// The greatest value (`u64::MAX`: no bound but the type's).
    pub max: u64,
}

impl fmt::Display for WholeRange {
    /// `a whole number from 1 to 4096`, or `a whole number of 1 or more` with no upper
    /// bound.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.max == u64::MAX {
            write!(f, "a whole number of {} or more", self.min)
        } else {
            write!(f, "a whole number from {} to {}", self.min, self.max)
        }
    }
}

/// Why the value of a whole-number option was refused (clap prints it after `invalid
/// value '-5' for '--nodes <N>': `).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum WholeError {
    /// A minus sign before digits.
    #[error("expected {0}; a negative number is not allowed")]
    Negative(WholeRange),
    /// A plus sign before digits: numbers are plain decimal digits.
    #[error("expected {0}, in plain decimal digits; a + sign is not allowed")]
    PlusSign(WholeRange),
    /// Not a number of digits, or a number outside the range (however long).
    #[error("expected {0}")]
    Outside(WholeRange),
    /// Digits beyond the largest count ([`u64::MAX`]) for a range with no bound of its
    /// own (said as `of 1 or more`, which the number is).
    #[error("expected a whole number up to {}", u64::MAX)]
    TooLarge(WholeRange),
}

/// The value parser of a whole-number option of type `T` taking `min..=max` (give
/// `max` within `T`'s range), for `#[arg(value_parser = whole::<u64>(1, 4096),
/// allow_negative_numbers = true)]`.
pub fn whole<T>(
    min: u64,
    max: u64,
) -> impl Fn(&str) -> Result<T, WholeError> + Clone + Send + Sync + 'static
where
    T: TryFrom<u64> + Clone + Send + Sync + 'static,
{
    let range = WholeRange { min, max };
    move |text: &str| {
        let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        if text.strip_prefix('-').is_some_and(digits) {
            return Err(WholeError::Negative(range));
        }
        if text.strip_prefix('+').is_some_and(digits) {
            return Err(WholeError::PlusSign(range));
        }
        // Digits only from here: `u64::from_str` would also read a `+`.
        if !digits(text) {
            return Err(WholeError::Outside(range));
        }
        if max == u64::MAX && digits(text) && text.parse::<u64>().is_err() {
            return Err(WholeError::TooLarge(range));
        }
        let n = text.parse::<u64>().ok().filter(|n| (min..=max).contains(n));
        n.and_then(|n| T::try_from(n).ok())
            .ok_or(WholeError::Outside(range))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_name_the_range() {
        let mib = whole::<u64>(1, 4096);
        assert_eq!(mib("4096"), Ok(4096));
        let text = |v: &str| mib(v).unwrap_err().to_string();
        assert_eq!(
            text("-5"),
            "expected a whole number from 1 to 4096; a negative number is not allowed"
        );
        for v in [
            "0",
            "4097",
            "1000000000000",
            "99999999999999999999999",
            "x",
            "",
            "5x",
            " 5",
        ] {
            assert_eq!(text(v), "expected a whole number from 1 to 4096", "{v:?}");
        }
        let nodes = whole::<u64>(1, u64::MAX);
        assert_eq!(nodes("18446744073709551615"), Ok(u64::MAX));
        assert_eq!(
            nodes("18446744073709551616").unwrap_err().to_string(),
            "expected a whole number up to 18446744073709551615"
        );
        assert_eq!(
            nodes("-1").unwrap_err().to_string(),
            "expected a whole number of 1 or more; a negative number is not allowed"
        );
        // `-` alone or `--5` is no number: not called negative.
        assert_eq!(
            nodes("-"),
            Err(WholeError::Outside(WholeRange {
                min: 1,
                max: u64::MAX
            }))
        );
        assert_eq!(whole::<u16>(1, 256)("256"), Ok(256u16));
    }

    /// A `+` before the digits is refused and named, as the Gomocup protocol's numbers
    /// and the tic-tac-toe board sizes refuse it (`u64::from_str` reads `+5` as 5, so
    /// before, `--depth +5` was depth 5); a sign alone or doubled is no number at all.
    #[test]
    fn a_plus_sign_is_refused_and_named() {
        let mib = whole::<u64>(1, 4096);
        let range = WholeRange { min: 1, max: 4096 };
        assert_eq!(mib("+5"), Err(WholeError::PlusSign(range)));
        assert_eq!(
            mib("+5").unwrap_err().to_string(),
            "expected a whole number from 1 to 4096, in plain decimal digits; a + sign is not allowed"
        );
        assert_eq!(mib("+99999"), Err(WholeError::PlusSign(range)));
        for v in ["+", "++5", "+-5", "+ 5", "5+"] {
            assert_eq!(mib(v), Err(WholeError::Outside(range)), "{v:?}");
        }
        let nodes = whole::<u64>(1, u64::MAX);
        assert!(matches!(nodes("+1"), Err(WholeError::PlusSign(_))));
        assert_eq!(mib("05"), Ok(5), "leading zeros are decimal digits");
    }
}
