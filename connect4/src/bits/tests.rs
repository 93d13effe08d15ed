//! The shift tricks against slow scans over (column, row) coordinates, on the standard
//! board and on run-time sizes from the smallest to the 64-bit limits.

use super::*;
use crate::{Size, Standard};

/// Sizes checked besides [`Standard`]: small, wide, tall, and the 64-bit limits.
fn sizes() -> Vec<Size> {
    [
        (7, 6),
        (4, 4),
        (5, 4),
        (8, 7),
        (9, 6),
        (1, 63),
        (32, 1),
        (16, 3),
        (3, 3),
        (2, 9),
        (6, 9),
    ]
    .into_iter()
    .map(|(w, h)| Size::new(w, h).unwrap())
    .collect()
}

/// Every cell of `g` as (column, row, bit).
fn cells<G: Geometry>(g: G) -> Vec<(i32, i32, u64)> {
    let mut out = Vec::new();
    for c in 0..g.width() {
        for r in 0..g.height() {
            out.push((c as i32, r as i32, g.cell(c, r)));
        }
    }
    out
}

/// The windows of four cells on `g`, as lists of bits.
fn windows_of<G: Geometry>(g: G) -> Vec<[u64; 4]> {
    let (w, h) = (g.width() as i32, g.height() as i32);
    let mut out = Vec::new();
    for (c, r, _) in cells(g) {
        for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
            let (ce, re) = (c + 3 * dc, r + 3 * dr);
            if (0..w).contains(&ce) && (0..h).contains(&re) {
                out.push([0, 1, 2, 3].map(|k| g.cell((c + k * dc) as u32, (r + k * dr) as u32)));
            }
        }
    }
    out
}

/// Slow four detection over the windows.
fn slow_four<G: Geometry>(g: G, stones: u64) -> bool {
    windows_of(g)
        .iter()
        .any(|win| win.iter().all(|&b| stones & b != 0))
}

/// A reachable-looking mask of `g` from the bits of `x`: each column filled from the
/// bottom.
fn column_heights_mask<G: Geometry>(g: G, mut x: u64) -> u64 {
    let mut mask = 0;
    for c in 0..g.width() {
        if c % 8 == 0 {
            x = mix64(x);
        }
        let h = ((x >> (8 * (c % 8))) & 0xFF) as u32 % (g.height() + 1);
        mask |= low_bits(h) << (c * g.column_bits());
    }
    mask
}

/// Random sets of cells of `g`, sparse and dense.
fn random_sets<G: Geometry>(g: G, n: usize, seed: u64) -> Vec<u64> {
    let mut x = seed;
    (0..n)
        .map(|i| {
            x = mix64(x);
            if i % 2 == 0 {
                x & mix64(x ^ 77) & g.board()
            } else {
                x & g.board()
            }
        })
        .collect()
}

fn masks<G: Geometry>(g: G) {
    assert_eq!(g.board().count_ones(), g.cells());
    assert_eq!(g.bottom().count_ones(), g.width());
    let all = cells(g).iter().fold(0, |m, c| m | c.2);
    assert_eq!(all, g.board());
    for c in 0..g.width() {
        assert_eq!(g.column(c).count_ones(), g.height());
        assert_eq!(g.top_of(c), g.cell(c, g.height() - 1));
        assert_eq!(g.bottom_of(c), g.cell(c, 0));
        assert_eq!(g.column_of(g.cell(c, g.height() - 1)), c);
    }
    let even = cells(g)
        .iter()
        .filter(|c| c.1 % 2 == 1)
        .fold(0, |m, c| m | c.2);
    assert_eq!(g.even_rows(), even);
}

fn four_detection<G: Geometry>(g: G) {
    for stones in random_sets(g, 4_000, 0x1234_5678 ^ u64::from(g.key_bits())) {
        assert_eq!(
            g.has_four(stones),
            slow_four(g, stones),
            "{g:?} {stones:#x}"
        );
    }
}

fn mirror_by_cells<G: Geometry>(g: G) {
    for stones in random_sets(g, 500, 5) {
        let slow = cells(g)
            .iter()
            .filter(|c| stones & c.2 != 0)
            .fold(0, |m, &(c, r, _)| {
                m | g.cell(g.width() - 1 - c as u32, r as u32)
            });
        assert_eq!(g.mirror(stones), slow, "{g:?}");
        // Keys (a marker bit above each column's stones) mirror too.
        let mask = column_heights_mask(g, stones);
        let key = (stones & mask) + mask;
        let m = g.mirror(mask);
        assert_eq!(g.mirror(key), g.mirror(stones & mask) + m);
    }
}

fn winning_cells_match_has_four<G: Geometry>(g: G) {
    let mut x: u64 = 99;
    for _ in 0..1_000 {
        x = mix64(x);
        let mask = column_heights_mask(g, x);
        let stones = mask & mix64(x + 1);
        if g.has_four(stones) {
            continue;
        }
        let win = g.winning_cells(stones, mask);
        for (_, _, b) in cells(g) {
            if b & mask == 0 {
                assert_eq!(win & b != 0, g.has_four(stones | b), "{g:?} {stones:#x}");
            }
        }
        assert_eq!(win & !(g.board() & !mask), 0);
    }
}

/// Every window of four cells with an empty cell: whether the side to move (`current`)
/// or the opponent could still complete it.
fn open_windows<G: Geometry>(g: G, current: u64, mask: u64) -> Vec<(bool, bool)> {
    windows_of(g)
        .iter()
        .filter(|win| win.iter().any(|&b| mask & b == 0))
        .map(|win| {
            let mine = win.iter().all(|&b| mask & b == 0 || current & b != 0);
            let theirs = win.iter().all(|&b| mask & b == 0 || current & b == 0);
            (mine, theirs)
        })
        .collect()
}

fn dead_stones_change_no_open_window<G: Geometry>(g: G) -> u32 {
    let mut x: u64 = 4242;
    let mut found = 0;
    for _ in 0..2_000 {
        x = mix64(x);
        let mask = column_heights_mask(g, x);
        let current = mask & mix64(x + 1);
        let dead = g.dead_stones(current, mask);
        assert_eq!(dead & !(mask ^ current), 0, "only opponent stones");
        found += dead.count_ones();
        assert_eq!(
            open_windows(g, current, mask),
            open_windows(g, current | dead, mask),
            "{g:?} {current:#x} {mask:#x} dead {dead:#x}"
        );
    }
    found
}

#[test]
fn standard_and_every_checked_size() {
    masks(Standard);
    four_detection(Standard);
    mirror_by_cells(Standard);
    winning_cells_match_has_four(Standard);
    assert!(dead_stones_change_no_open_window(Standard) > 1000);
    for g in sizes() {
        masks(g);
        four_detection(g);
        mirror_by_cells(g);
        winning_cells_match_has_four(g);
        dead_stones_change_no_open_window(g);
    }
}

#[test]
fn standard_constants() {
    assert_eq!(BOARD_MASK.count_ones(), CELLS);
    assert_eq!(cell(5, 3), Standard.cell(5, 3));
    assert_eq!(Standard.key_bits(), 49);
}
