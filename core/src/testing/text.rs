//! Random text for parser tests (feature `proptest`): every public parser must take any
//! `&str` without panicking. The strategies mix a notation's own characters with
//! [`TRICKY_CHARS`] — characters that made byte-indexing parsers panic — and edit valid
//! inputs a few characters at a time, so that the cases come close to what parses.
//!
//! ```
//! use proptest::prelude::*;
//! use zerosum::testing::text::{Edit, edits, mutate, notation_like};
//!
//! assert_eq!(mutate("abc", &[Edit::Insert(1, 'é'), Edit::Delete(3), Edit::Replace(0, 'x')]), "xéb");
//! proptest!(|(text in notation_like("1234567", 40), e in edits("1234567"))| {
//!     assert!(text.chars().count() <= 40);
//!     let _ = mutate(&text, &e);
//! });
//! ```

use proptest::prelude::*;

/// Characters that broke parsers which sliced text by bytes or trusted `char::is_numeric`:
/// a fullwidth letter and digit, an accented letter, an Arabic-Indic digit, a fullwidth
/// `h`, NEL (a Unicode line break), NUL, a combining accent, a character outside the
/// Basic Multilingual Plane, and white space.
pub const TRICKY_CHARS: &[char] = &[
    'Ｘ', '４', 'é', '٣', 'ｈ', '\u{85}', '\u{0}', '\u{300}', '🂡', '\t', ' ',
];

/// One edit of a text at a character index (taken modulo the length plus one, so any
/// index fits any text).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edit {
    /// Insert the character before that index.
    Insert(usize, char),
    /// Delete the character there (nothing past the end).
    Delete(usize),
    /// Replace the character there (append past the end).
    Replace(usize, char),
}

/// `text` with `edits` applied in order, by characters (never splitting one).
pub fn mutate(text: &str, edits: &[Edit]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for &edit in edits {
        match edit {
            Edit::Insert(at, c) => chars.insert(at % (chars.len() + 1), c),
            Edit::Delete(at) => {
                let i = at % (chars.len() + 1);
                if i < chars.len() {
                    chars.remove(i);
                }
            }
            Edit::Replace(at, c) => {
                let i = at % (chars.len() + 1);
                match chars.get_mut(i) {
                    Some(slot) => *slot = c,
                    None => chars.push(c),
                }
            }
        }
    }
    chars.into_iter().collect()
}

/// A character of `alphabet` (the notation's own) or of [`TRICKY_CHARS`].
pub fn notation_char(alphabet: &str) -> impl Strategy<Value = char> + Clone + use<> {
    let chars: Vec<char> = alphabet
        .chars()
        .chain(TRICKY_CHARS.iter().copied())
        .collect();
    prop::sample::select(chars)
}

/// Strings of at most `max_len` characters of [`notation_char`]: text that looks like the
/// notation and is mostly not valid.
pub fn notation_like(alphabet: &str, max_len: usize) -> impl Strategy<Value = String> + use<> {
    prop::collection::vec(notation_char(alphabet), 0..=max_len)
        .prop_map(|v| v.into_iter().collect())
}

/// One to three [`Edit`]s with characters of [`notation_char`].
pub fn edits(alphabet: &str) -> impl Strategy<Value = Vec<Edit>> + use<> {
    let edit =
        (0u8..3, any::<usize>(), notation_char(alphabet)).prop_map(|(kind, at, c)| match kind {
            0 => Edit::Insert(at, c),
            1 => Edit::Delete(at),
            _ => Edit::Replace(at, c),
        });
    prop::collection::vec(edit, 1..4)
}
