//! zerosum: gomoku (work in progress).
#![deny(missing_docs)]

pub use zerosum::{Score, Side};
