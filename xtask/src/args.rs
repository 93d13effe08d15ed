//! Parsers of the tasks' number arguments that clap's ranges do not cover: real
//! numbers (a NaN, an infinity or a value out of range is refused, naming it), counts
//! of at least one, and thread counts.

/// A number from 0 to 1 (a share, a TD(λ) weight); the error names the value.
pub fn unit_interval(text: &str) -> Result<f64, String> {
    let x = real(text)?;
    if (0.0..=1.0).contains(&x) {
        Ok(x)
    } else {
        Err(format!("{x} is not between 0 and 1"))
    }
}

/// A finite number of at least 0 (a ridge penalty); the error names the value.
pub fn non_negative(text: &str) -> Result<f64, String> {
    let x = real(text)?;
    if x >= 0.0 {
        Ok(x)
    } else {
        Err(format!("{x} is negative"))
    }
}

/// A finite number above 0 (a scale); the error names the value.
pub fn positive(text: &str) -> Result<f64, String> {
    let x = real(text)?;
    if x > 0.0 {
        Ok(x)
    } else {
        Err(format!("{x} is not above 0"))
    }
}

/// A count of at least 1 (games, threads, iterations); the error names the value.
pub fn at_least_one(text: &str) -> Result<usize, String> {
    count(text)
}

/// A count of at least 1 of any unsigned type (nodes, games, iterations); the error
/// names the value (a tester's report: clap's own range said `0 is not in
/// 1..18446744073709551615`, and a negative count was an "unexpected argument").
pub fn count<T>(text: &str) -> Result<T, String>
where
    T: std::str::FromStr<Err = std::num::ParseIntError> + PartialEq + From<u8>,
{
    match text.parse::<T>() {
        Ok(n) if n == T::from(0) => Err("0 is not at least 1".into()),
        Ok(n) => Ok(n),
        Err(e) => Err(format!("{text:?} is not a count: {e}")),
    }
}

/// Threads of a job, 1 to [`MAX_THREADS`]: each is started whatever the work, so a
/// huge count ran the machine out of memory (a recheck's report).
pub fn thread_count(text: &str) -> Result<usize, String> {
    match at_least_one(text)? {
        n if n > MAX_THREADS => Err(format!("{n} is more than {MAX_THREADS} threads")),
        n => Ok(n),
    }
}

/// The most threads (or parallel tuning games) a job starts.
pub const MAX_THREADS: usize = 256;

/// A finite real number.
fn real(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(x) if x.is_finite() => Ok(x),
        Ok(x) => Err(format!("{x} is not a finite number")),
        Err(e) => Err(format!("{text:?} is not a number: {e}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_numbers_are_named() {
        assert_eq!(unit_interval("0.3"), Ok(0.3));
        assert_eq!(
            unit_interval("1.5"),
            Err("1.5 is not between 0 and 1".into())
        );
        assert_eq!(
            non_negative("nan"),
            Err("NaN is not a finite number".into())
        );
        assert_eq!(
            non_negative("1e999"),
            Err("inf is not a finite number".into())
        );
        assert_eq!(non_negative("-1"), Err("-1 is negative".into()));
        assert_eq!(non_negative("12"), Ok(12.0));
        assert_eq!(positive("0"), Err("0 is not above 0".into()));
        assert!(
            positive("x")
                .unwrap_err()
                .starts_with("\"x\" is not a number")
        );
        assert_eq!(at_least_one("0"), Err("0 is not at least 1".into()));
        assert_eq!(at_least_one("7"), Ok(7));
        assert_eq!(thread_count("256"), Ok(256));
        assert_eq!(
            thread_count("257"),
            Err("257 is more than 256 threads".into())
        );
        assert_eq!(thread_count("0"), Err("0 is not at least 1".into()));
    }
}
