//! The evaluation values fitted on self-play positions, written by
//! `cargo xtask train-gomoku --games 2000 --seed 2026 --nodes 600 --lambda 1`
//! (do not edit by hand; run the command again).
//!
//! Data: 2000 games (24 balanced openings, the rest random 2-5 stone openings; black 1480,
//! white 516, draws 4), self-play at 600 search nodes a move, 15 % random moves
//! among the best four in the first 12 plies; 40340 quiet positions labelled with the game's
//! result for the side to move. Logistic regression (Newton, ridge 1 on the
//! standardised features): log loss 0.5183. 200 units a logit, weights in tenths of a unit.
//! Self-play took 252 s of CPU.

use crate::eval::EvalTable;

/// The fitted table (feature order of [`crate::FEATURE_NAMES`]).
pub const FITTED: EvalTable = EvalTable {
    weights: [
        -37,   // my one
        17,    // my two
        121,   // my three
        343,   // my open three
        984,   // my four
        0,     // my open four
        0,     // my five
        39,    // their one
        -16,   // their two
        -102,  // their three
        -300,  // their open three
        -861,  // their four
        -1239, // their open four
        -4375, // their five
        9856,  // my best class double three
        7878,  // my best class four-three
        565,   // my best class double three, they can four
        4533,  // my best class four-three, they can four
        -953,  // their best class double three
        -3053, // their best class four-three
        -745,  // my double-three cells
        -31,   // my four-three cells
        818,   // their double-three cells
        1518,  // their four-three cells
        1023,  // side to move
    ],
    divisor: 10,
};
