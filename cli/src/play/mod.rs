//! `zerosum <game> play`: the terminal UI and the plain line mode (work in progress).

pub mod connect4;
pub mod gomoku;
pub mod othello;
pub mod tictactoe;
