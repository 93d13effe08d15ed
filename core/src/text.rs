//! Text helpers shared by the parsers and protocols of every game.

/// The first `max_chars` characters of `text` when it is longer than that, else `None`:
/// an error message quotes a bad input by its head, so that a garbage line of megabytes
/// is not echoed whole ([`cut`] adds the `…`; a caller may add the length).
///
/// ```
/// assert_eq!(zerosum::text::head("abcdef", 3), Some("abc"));
/// assert_eq!(zerosum::text::head("abc", 3), None);
/// assert_eq!(zerosum::text::head("éèê", 2), Some("éè"));
/// ```
pub fn head(text: &str, max_chars: usize) -> Option<&str> {
    text.char_indices().nth(max_chars).map(|(i, _)| &text[..i])
}

/// `text` as an error message quotes it: whole when it has at most `max_chars`
/// characters, else its [`head`] and `…`.
///
/// ```
/// assert_eq!(zerosum::text::cut("abcdef", 3), "abc…");
/// assert_eq!(zerosum::text::cut("abc", 3), "abc");
/// ```
pub fn cut(text: &str, max_chars: usize) -> String {
    head(text, max_chars).map_or_else(|| text.to_string(), |head| format!("{head}…"))
}
