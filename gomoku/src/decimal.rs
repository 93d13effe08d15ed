//! The numbers of the Gomocup protocol (`START 20`, `INFO timeout_turn 5000`, `TURN
//! 7,7`, a `BOARD` line's `7,7,1`): plain decimal, one or more ASCII digits and nothing
//! else. One parser for all of them, so that every command reads its numbers alike.
//!
//! - A sign is refused: the protocol writes no `+`, and a minus is meaningful only in
//!   `INFO time_left` (a clock run out), read by [`signed`]. Before, `START +20` and
//!   `INFO timeout_turn +5` were read as 20 and 5 (Rust's integer parsers take a `+`)
//!   while `TURN +7,7` was refused.
//! - Leading zeros are allowed and read in decimal (`020` is 20, as the protocol's C
//!   skeleton's `%d` reads it; nothing in the protocol is octal).
//! - A number too large for its field is [`NumberError::TooLarge`], however many digits
//!   it has, not malformed.
//!
//! The brain's answers name the error: see [`NumberError`]'s texts.

use thiserror::Error;

/// Why a protocol number was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub(crate) enum NumberError {
    /// A `+` (or, where none is allowed, a `-`) before the digits.
    #[error("the protocol's numbers are plain decimal digits, without a sign")]
    Sign,
    /// Empty, or not all ASCII digits (`5x`, `٣`, `1_000`, `0x10`).
    #[error("expected decimal digits")]
    NotDecimal,
    /// Digits, but a number too large for the field.
    #[error("too large")]
    TooLarge,
}

/// The unsigned number written as `text` (no surrounding white space): one or more ASCII
/// digits, leading zeros allowed.
///
/// # Errors
/// [`NumberError::Sign`] for a leading `+` or `-` followed by digits,
/// [`NumberError::NotDecimal`] for anything else that is not all digits,
/// [`NumberError::TooLarge`] for digits beyond [`u64::MAX`].
pub(crate) fn unsigned(text: &str) -> Result<u64, NumberError> {
    if !is_digits(text) {
        let signed = text.strip_prefix(['+', '-']).is_some_and(is_digits);
        return Err(if signed {
            NumberError::Sign
        } else {
            NumberError::NotDecimal
        });
    }
    // All digits: the only failure left is overflow.
    text.parse().map_err(|_| NumberError::TooLarge)
}

/// [`unsigned`] into a narrower type: [`NumberError::TooLarge`] beyond its range.
///
/// # Errors
/// As [`unsigned`], and [`NumberError::TooLarge`] beyond `T`'s range.
pub(crate) fn unsigned_as<T: TryFrom<u64>>(text: &str) -> Result<T, NumberError> {
    T::try_from(unsigned(text)?).map_err(|_| NumberError::TooLarge)
}

/// A number that may be negative (`INFO time_left`): an optional `-` and then as
/// [`unsigned`].
///
/// # Errors
/// [`NumberError::Sign`] for a `+`, else as [`unsigned`] for the digits;
/// [`NumberError::TooLarge`] outside [`i64`].
pub(crate) fn signed(text: &str) -> Result<i64, NumberError> {
    match text.strip_prefix('-') {
        Some(digits) => {
            // `--5` is a sign too many.
            let n = unsigned(digits).map_err(|e| match e {
                NumberError::Sign => NumberError::NotDecimal,
                e => e,
            })?;
            0i64.checked_sub_unsigned(n).ok_or(NumberError::TooLarge)
        }
        None => i64::try_from(unsigned(text)?).map_err(|_| NumberError::TooLarge),
    }
}

fn is_digits(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Every u64 as the standard library writes it, with or without leading zeros,
        /// reads back; with a `+` it is refused as a sign.
        #[test]
        fn decimal_round_trip(n: u64, zeros in 0usize..4) {
            let text = format!("{}{n}", "0".repeat(zeros));
            prop_assert_eq!(unsigned(&text), Ok(n));
            prop_assert_eq!(unsigned(&format!("+{n}")), Err(NumberError::Sign));
            prop_assert_eq!(unsigned(&format!("-{n}")), Err(NumberError::Sign));
        }

        /// Every i64 as the standard library writes it reads back as a signed number.
        #[test]
        fn signed_round_trip(n: i64) {
            prop_assert_eq!(signed(&n.to_string()), Ok(n));
        }
    }

    #[test]
    fn what_is_not_a_plain_decimal_number() {
        for text in [
            "", " 5", "5 ", "5x", "0x10", "1_000", "٣", "５", "1e3", "-", "+",
        ] {
            assert_eq!(unsigned(text), Err(NumberError::NotDecimal), "{text:?}");
        }
        assert_eq!(unsigned("18446744073709551616"), Err(NumberError::TooLarge));
        assert_eq!(unsigned_as::<u8>("256"), Err(NumberError::TooLarge));
        assert_eq!(unsigned_as::<u8>("0255"), Ok(255));
        assert_eq!(signed("+5"), Err(NumberError::Sign));
        assert_eq!(signed("--5"), Err(NumberError::NotDecimal));
        assert_eq!(signed("-9223372036854775808"), Ok(i64::MIN));
        assert_eq!(signed("-9223372036854775809"), Err(NumberError::TooLarge));
        assert_eq!(signed("9223372036854775808"), Err(NumberError::TooLarge));
    }
}
