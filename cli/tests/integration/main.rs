//! The integration tests of `zerosum-cli`, as one test binary (one link instead of one per file).

mod common;
mod connect4_cli;
mod engines;
mod exit_status;
mod full_streams;
mod fuzz_lines;
mod gomoku_cli;
mod memory;
mod othello_cli;
mod play;
mod play_connect4;
mod play_gomoku;
mod play_othello;
mod play_position;
mod play_tictactoe;
mod pty;
mod repeated_lines;
mod tictactoe_cli;
mod whole_options;
