//! The solve suite: every position reachable from the empty board, solved.
