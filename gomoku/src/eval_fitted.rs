//! The evaluation values fitted on a teacher engine's games, written by
//! `cargo xtask train-gomoku --teacher ~/.cache/zerosum-anchors/rapfi/pbrain-rapfi --teacher-nodes 3000 --games 2248 --seed 2027 --teacher-mix 1 --teacher-scale 60 --lambda 1`
//! (do not edit by hand; run the command again).
//!
//! Data: 2248 games of the teacher against itself at 3000 nodes a move from random openings
//! of 3 to 6 stones (black 1855, white 383, draws 10); 51914 quiet positions, each
//! labelled 1 × the teacher's evaluation (a logistic of 60 units a logit) + 0 × the
//! game's result for the side to move. Logistic regression (Newton, ridge 1 on the
//! standardised features): log loss 0.3813. 200 units a logit, weights in tenths of a unit.

use crate::eval::EvalTable;

/// The fitted table (feature order of [`crate::FEATURE_NAMES`]).
pub const FITTED: EvalTable = EvalTable {
    weights: [
        6,     // my one
        63,    // my two
        265,   // my three
        641,   // my open three
        1276,  // my four
        0,     // my open four
        0,     // my five
        3,     // their one
        -83,   // their two
        -255,  // their three
        -535,  // their open three
        -1095, // their four
        -2449, // their open four
        -6749, // their five
        15862, // my best class double three
        12026, // my best class four-three
        242,   // my best class double three, they can four
        2465,  // my best class four-three, they can four
        -459,  // their best class double three
        924,   // their best class four-three
        -663,  // my double-three cells
        1913,  // my four-three cells
        678,   // their double-three cells
        -2787, // their four-three cells
        460,   // my four + three cells
        116,   // my four + two cells
        103,   // my open three + three cells
        77,    // my open three + two cells
        -69,   // my three + three cells
        6,     // my three + two cells
        71,    // my two + two cells
        -288,  // their four + three cells
        -233,  // their four + two cells
        -113,  // their open three + three cells
        -76,   // their open three + two cells
        38,    // their three + three cells
        14,    // their three + two cells
        14,    // their two + two cells
        1233,  // side to move
    ],
    divisor: 10,
};
