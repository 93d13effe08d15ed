//! `cargo xtask deps`: dependencies a crate declares but never names in its code.
//!
//! A cheap, dependency-free stand-in for `cargo machete`: for every workspace member, each
//! name under `[dependencies]`, `[dev-dependencies]` and `[build-dependencies]` of its
//! `Cargo.toml` must appear in its sources (`src/`, `tests/`, `benches/`, `examples/`) as
//! `name::`, `use name` or `name!` (with `-` read as `_`). The workspace test
//! `no_unused_dependencies` runs it in CI.

use std::fs;
use std::path::Path;

/// The workspace members checked.
pub const MEMBERS: [&str; 7] = [
    "core",
    "tictactoe",
    "connect4",
    "othello",
    "gomoku",
    "cli",
    "xtask",
];

/// The dependency names declared in a manifest's dependency tables.
fn declared(manifest: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut in_deps = false;
    for line in manifest.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            in_deps = matches!(
                line,
                "[dependencies]" | "[dev-dependencies]" | "[build-dependencies]"
            );
            continue;
        }
        if in_deps && let Some((key, _)) = line.split_once('=') {
            let name = key.trim().split('.').next().unwrap_or("").trim();
            if !name.is_empty() && !name.starts_with('#') {
                names.push(name.to_string());
            }
        }
    }
    names
}

/// Appends the text of every `.rs` file below `dir`.
fn sources(dir: &Path, out: &mut String) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs")
            && let Ok(text) = fs::read_to_string(&path)
        {
            out.push_str(&text);
        }
    }
}

/// `member: dependency` for every declared dependency its code never names.
pub fn unused(root: &Path) -> Vec<String> {
    let mut found = Vec::new();
    for member in MEMBERS {
        let dir = root.join(member);
        let Ok(manifest) = fs::read_to_string(dir.join("Cargo.toml")) else {
            continue;
        };
        let mut code = String::new();
        for sub in ["src", "tests", "benches", "examples"] {
            sources(&dir.join(sub), &mut code);
        }
        for name in declared(&manifest) {
            let id = name.replace('-', "_");
            let used = [format!("{id}::"), format!("use {id}"), format!("{id}!")]
                .iter()
                .any(|p| code.contains(p.as_str()));
            if !used {
                found.push(format!("{member}: {name}"));
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn declared_reads_the_dependency_tables_only() {
        let m = "[package]\nname = \"x\"\n[dependencies]\nclap.workspace = true\nserde = { version = \"1\" }\n[lints]\nworkspace = true\n";
        assert_eq!(declared(m), ["clap", "serde"]);
    }

    #[test]
    fn no_unused_dependencies() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let unused = unused(&root);
        assert!(unused.is_empty(), "declared but unused: {unused:?}");
    }
}
