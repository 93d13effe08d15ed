//! The move-ordering weights fitted on a teacher engine's moves, written by
//! `cargo xtask train-gomoku --policy --games 2248 --seed 2027 --lambda 1`
//! (do not edit by hand; run the command again; the games file comes from
//! `cargo xtask train-gomoku --teacher …`, see `eval_fitted.rs`).
//!
//! Data: 2248 games, 32280 decisions (positions that are not a forced reply), conditional
//! logit over the cells within two of a stone (Newton, ridge 1): log likelihood
//! -2.4843 a decision. 100 units a logit.

use crate::order::OrderTable;

/// The fitted table (feature order of [`crate::order::ORDER_FEATURE_NAMES`]).
pub const FITTED: OrderTable = OrderTable {
    weights: [
        22,   // my one
        98,   // my two
        168,  // my three
        308,  // my open three
        394,  // my four
        1250, // my open four
        0,    // my five
        184,  // my double three
        394,  // my four-three
        44,   // my four + three
        26,   // my four + two
        46,   // my open three + three
        55,   // my open three + two
        55,   // my three + three
        43,   // my three + two
        44,   // my two + two
        22,   // their one
        45,   // their two
        104,  // their three
        244,  // their open three
        319,  // their four
        0,    // their open four
        0,    // their five
        -24,  // their double three
        101,  // their four-three
        16,   // their four + three
        4,    // their four + two
        -7,   // their open three + three
        -8,   // their open three + two
        -34,  // their three + three
        -32,  // their three + two
        -27,  // their two + two
        43,   // next to the last move
        23,   // two from the last move
        85,   // next to our previous move
        47,   // two from our previous move
    ],
};
