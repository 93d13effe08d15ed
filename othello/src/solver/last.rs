//! The last empty square: how many discs a move there flips, by table look-up.
//!
//! With one empty square the board is otherwise full, so along each of the four lines
//! through the square every disc that is not the mover's is the opponent's: the flips on
//! a line depend only on the mover's discs on it. Each line is gathered into one byte
//! (a row by a shift; a column, a diagonal or an anti-diagonal by one multiplication
//! that stacks its squares into the top byte, one bit per file or rank), and
//! [`LINE_FLIPS`] gives the count for the square's place on the line. Squares of a short
//! diagonal's byte that are off the board read as opponent discs with no own disc
//! beyond, so no flip runs over the board's edge. (Edax's `count_last_flip` idea; this
//! is the plain multiplication variant, no processor-specific instruction.)

const FILE_A: u64 = 0x0101_0101_0101_0101;
/// Stacks the a-file's squares into the top byte: rank r → bit 56 + r.
const FILE_TO_BYTE: u64 = 0x0102_0408_1020_4080;

/// `LINE_FLIPS[i][own]`: discs flipped on an 8-square line by a move at place `i` when
/// the mover's discs are the bits of `own` and every other square is the opponent's,
/// counting both directions.
pub const LINE_FLIPS: [[u8; 256]; 8] = {
    let mut t = [[0u8; 256]; 8];
    let mut i = 0;
    while i < 8 {
        let mut own = 0;
        while own < 256 {
            let mut n = 0;
            // Upwards.
            let mut k = i + 1;
            let mut run = 0;
            while k < 8 && own >> k & 1 == 0 {
                run += 1;
                k += 1;
            }
            if k < 8 {
                n += run;
            }
            // Downwards.
            let mut k = i as i32 - 1;
            let mut run = 0;
            while k >= 0 && own >> k & 1 == 0 {
                run += 1;
                k -= 1;
            }
            if k >= 0 {
                n += run;
            }
            t[i][own] = n as u8;
            own += 1;
        }
        i += 1;
    }
    t
};

/// The diagonal (a1–h8 direction) and anti-diagonal (h1–a8) through each square.
const DIAGONALS: [(u64, u64); 64] = {
    let mut t = [(0u64, 0u64); 64];
    let mut sq = 0;
    while sq < 64 {
        let (x, y) = ((sq % 8) as i32, (sq / 8) as i32);
        let mut other = 0usize;
        while other < 64 {
            let (u, v) = ((other % 8) as i32, (other / 8) as i32);
            if u - v == x - y {
                t[sq].0 |= 1 << other;
            }
            if u + v == x + y {
                t[sq].1 |= 1 << other;
            }
            other += 1;
        }
        sq += 1;
    }
    t
};

/// The number of discs that `own`'s move on the square `sq` flips when `sq` is the only
/// empty square (`own` and the opponent's discs fill the rest of the board). Zero when
/// the move is illegal.
#[inline]
pub fn count_last_flips(own: u64, sq: u32) -> i32 {
    let (x, y) = ((sq & 7) as usize, (sq >> 3) as usize);
    let (d9, d7) = DIAGONALS[sq as usize];
    let row = (own >> (sq & 56)) as u8 as usize;
    let col = (((own >> x) & FILE_A).wrapping_mul(FILE_TO_BYTE) >> 56) as usize;
    let diag = ((own & d9).wrapping_mul(FILE_A) >> 56) as usize;
    let anti = ((own & d7).wrapping_mul(FILE_A) >> 56) as usize;
    (LINE_FLIPS[x][row] + LINE_FLIPS[y][col] + LINE_FLIPS[x][diag] + LINE_FLIPS[x][anti]) as i32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movegen::flips_slow;

    /// On random full boards with one empty square, the table count equals the slow
    /// reference's flips for both sides.
    #[test]
    fn counts_match_the_slow_flips() {
        let mut s = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..20_000 {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            let sq = (s >> 58) as u32;
            let p = s.rotate_left(17) & !(1u64 << sq);
            let o = !p & !(1u64 << sq);
            assert_eq!(
                count_last_flips(p, sq),
                flips_slow(p, o, sq).count_ones() as i32,
                "p={p:#x} sq={sq}"
            );
            assert_eq!(
                count_last_flips(o, sq),
                flips_slow(o, p, sq).count_ones() as i32
            );
        }
    }
}
