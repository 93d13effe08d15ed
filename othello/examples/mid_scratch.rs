//! Scratch (not committed): fixed-depth midgame searches, nodes and CPU.
use othello::Board;
use othello::eval::pattern::shipped;
use othello::midgame::Midgame;
use othello::train::SplitMix;
use zerosum::time::Budget;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let depth: u32 = args.first().map_or(9, |v| v.parse().unwrap());
    let probcut: Option<f64> = args.get(1).map(|v| v.parse().unwrap());
    let w = shipped();
    let mut rng = SplitMix::new(77);
    let mut boards = Vec::new();
    while boards.len() < 12 {
        let mut b = Board::START;
        let plies = 10 + rng.below(30) as u32;
        let mut ok = true;
        for _ in 0..plies {
            let m = b.moves();
            if m == 0 {
                ok = false;
                break;
            }
            let k = rng.below(m.count_ones() as u64) as usize;
            let sq = zerosum::Bitboard(m).iter().nth(k).unwrap();
            b = b.play_flips(sq, b.flips(sq));
        }
        if ok && b.moves() != 0 {
            boards.push(b);
        }
    }
    let t0 = std::time::Instant::now();
    let mut nodes = 0;
    let mut sum = 0i64;
    let mut m = Midgame::new(16);
    m.set_selectivity(probcut);
    for b in &boards {
        let r = m.search(w, *b, depth, &Budget::unlimited(), &mut |_| {});
        nodes += m.nodes();
        sum = sum * 31
            + r.score.0 as i64
            + r.best_move
                .map_or(0, |mv| format!("{mv}").len() as i64 * 1000);
        print!("{} ", r.score.0);
    }
    println!("\nnodes {nodes} check {sum} {:.2?}", t0.elapsed());
}
