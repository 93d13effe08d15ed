//! Text helpers shared by the parsers and protocols of every game.

/// The first `max_chars` characters of `text` when it is longer than that, else `None`:
/// an error message quotes a bad input by its head, so that a garbage line of megabytes
/// is not echoed whole (each caller adds its own `…` and length).
///
/// ```
/// assert_eq!(zerosum::text::head("abcdef", 3), Some("abc"));
/// assert_eq!(zerosum::text::head("abc", 3), None);
/// assert_eq!(zerosum::text::head("éèê", 2), Some("éè"));
/// ```
pub fn head(text: &str, max_chars: usize) -> Option<&str> {
    text.char_indices().nth(max_chars).map(|(i, _)| &text[..i])
}
