//! Diagnostics on standard error that never panic.
//!
//! `eprintln!` panics when standard error cannot be written (`2>/dev/full`: "failed
//! printing to stderr", exit 101), which would turn a documented error status into a
//! crash. `diag!` writes the same line and ignores a failed write: there is nowhere
//! left to report it, and the exit status still tells.

/// Writes a line to standard error as `eprintln!` does (same arguments, one locked
/// write), ignoring a failed write instead of panicking.
macro_rules! diag {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}
