//! Shared by the integration tests of `gomoku`.

/// The text of `name` in the public data folder `../shared/data/gomoku/`, or `None` (with
/// a note on standard error) when it is absent: the tests that need it are then skipped.
pub fn data_file(name: &str) -> Option<String> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../shared/data/gomoku")
        .join(name);
    let text = std::fs::read_to_string(&path);
    if text.is_err() {
        eprintln!(
            "data folder absent ({} unreadable): skipped",
            path.display()
        );
    }
    text.ok()
}
