//! The evaluation values fitted on a teacher engine's games, written by
//! `cargo xtask train-gomoku --teacher "/root/.cache/zerosum-anchors/rapfi/pbrain-rapfi" --teacher-nodes 3000 --games 2000 --seed 2026 --teacher-mix 1 --teacher-scale 60 --lambda 1`
//! (do not edit by hand; run the command again).
//!
//! Data: 760 games of the teacher against itself at 3000 nodes a move from random openings
//! of 3 to 6 stones (black 623, white 130, draws 7); 18308 quiet positions, each
//! labelled 1 × the teacher's evaluation (a logistic of 60 units a logit) + 0 × the
//! game's result for the side to move. Logistic regression (Newton, ridge 1 on the
//! standardised features): log loss 0.3963. 200 units a logit, weights in tenths of a unit.

use crate::eval::EvalTable;

/// The fitted table (feature order of [`crate::FEATURE_NAMES`]).
pub const FITTED: EvalTable = EvalTable {
    weights: [
        4,     // my one
        64,    // my two
        264,   // my three
        619,   // my open three
        1227,  // my four
        0,     // my open four
        0,     // my five
        6,     // their one
        -82,   // their two
        -232,  // their three
        -491,  // their open three
        -1035, // their four
        -2410, // their open four
        -6183, // their five
        13802, // my best class double three
        7061,  // my best class four-three
        204,   // my best class double three, they can four
        -1903, // my best class four-three, they can four
        -405,  // their best class double three
        3214,  // their best class four-three
        -784,  // my double-three cells
        5644,  // my four-three cells
        555,   // their double-three cells
        -4832, // their four-three cells
        212,   // my four + three cells
        21,    // my four + two cells
        -50,   // my open three + three cells
        34,    // my open three + two cells
        -101,  // my three + three cells
        1,     // my three + two cells
        46,    // my two + two cells
        -240,  // their four + three cells
        -161,  // their four + two cells
        -97,   // their open three + three cells
        -91,   // their open three + two cells
        -46,   // their three + three cells
        1,     // their three + two cells
        21,    // their two + two cells
        843,   // side to move
    ],
    divisor: 10,
};
