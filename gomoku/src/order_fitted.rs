//! The move-ordering weights fitted on a teacher engine's moves, written by
//! `cargo xtask train-gomoku --policy --teacher-games /tmp/gk/snap5.tsv --lambda 1`
//! (do not edit by hand; run the command again; the games file comes from
//! `cargo xtask train-gomoku --teacher …`, see `eval_fitted.rs`).
//!
//! Data: 1500 games, 22003 decisions (positions that are not a forced reply), conditional
//! logit over the cells within two of a stone (Newton, ridge 1): log likelihood
//! -2.5012 a decision. 100 units a logit.

use crate::order::OrderTable;

/// The fitted table (feature order of [`crate::order::ORDER_FEATURE_NAMES`]).
pub const FITTED: OrderTable = OrderTable {
    weights: [
        20,   // my one
        97,   // my two
        165,  // my three
        308,  // my open three
        393,  // my four
        1206, // my open four
        0,    // my five
        176,  // my double three
        382,  // my four-three
        43,   // my four + three
        23,   // my four + two
        44,   // my open three + three
        50,   // my open three + two
        58,   // my three + three
        43,   // my three + two
        40,   // my two + two
        23,   // their one
        45,   // their two
        104,  // their three
        242,  // their open three
        319,  // their four
        0,    // their open four
        0,    // their five
        -17,  // their double three
        108,  // their four-three
        18,   // their four + three
        6,    // their four + two
        -6,   // their open three + three
        -7,   // their open three + two
        -26,  // their three + three
        -32,  // their three + two
        -26,  // their two + two
        42,   // next to the last move
        23,   // two from the last move
        84,   // next to our previous move
        45,   // two from our previous move
    ],
};
