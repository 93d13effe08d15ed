//! `zerosum connect4 play`: Connect Four, 7×6. Moves are columns `1`…`7` (Pascal Pons'
//! notation). The AI: levels 1…14 are the seed's score-table evaluation searched to
//! `level` plies by the core `Searcher`; `perfect` is the crate's exact solver (values
//! in plies and in Pons' score); a time per move searches the score table.

use super::{CommonArgs, PlayGame, Progress, Strength};
use clap::Args;
use connect4::{Column, Level, Position, ScoreTable, Solver, Stopped, WinPlacePosition};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};
use zerosum::search::{Limits, Searcher, StopFlag};
use zerosum::{Game, Outcome, Score, Side};

/// Rows of the board.
const HEIGHT: usize = 6;
/// Columns of the board.
const WIDTH: usize = 7;

/// Options of `zerosum connect4 play`.
#[derive(Args, Debug, Clone)]
pub struct PlayArgs {
    #[command(flatten)]
    common: CommonArgs,
}

/// Runs `zerosum connect4 play`.
pub fn run(args: PlayArgs) -> ExitCode {
    super::run(ConnectFour::default(), &args.common)
}

/// A Connect Four game.
#[derive(Clone, Debug, Default)]
pub struct ConnectFour {
    pos: Position,
}

/// The AI's state: the score-table searcher and the exact solver (made on first use:
/// its table takes 64 MiB).
pub struct Engine {
    searcher: Searcher<WinPlacePosition>,
    solver: Option<Solver>,
}

/// A core score in words: `win in 7` (plies), `draw` when proven, `+12` heuristic.
fn value_text(score: Score) -> String {
    score.to_string()
}

/// A Pons score in words, with the core's distance in plies: `win in 7 (score 12)`.
fn pons_text(score: i32, stones: u32) -> String {
    if score == 0 {
        "draw (score 0)".to_string()
    } else {
        format!(
            "{} (score {score:+})",
            connect4::score::to_core(score, stones)
        )
    }
}

impl ConnectFour {
    fn search(
        &self,
        engine: &mut Engine,
        limits: Limits,
        progress: &mut dyn FnMut(Progress),
    ) -> Option<Column> {
        let mut game = WinPlacePosition::from(self.pos.clone());
        let r = engine
            .searcher
            .search(&mut game, &mut ScoreTable, &limits, |r| {
                progress(Progress {
                    depth: r.depth,
                    value: value_text(r.score),
                    pv: r.pv.iter().map(|m| m.to_string()).collect(),
                    nodes: r.nodes,
                    nps: r.nodes_per_second,
                })
            });
        r.best_move
    }

    /// The exact solver on a helper thread, its node counter reported meanwhile.
    fn solve(
        &self,
        solver: &mut Solver,
        stop: &StopFlag,
        progress: &mut dyn FnMut(Progress),
    ) -> Result<Option<(Column, i32)>, Stopped> {
        let counter = Arc::new(AtomicU64::new(0));
        solver.set_stop(Some(stop.clone()));
        solver.set_progress(Some(counter.clone()));
        let before = solver.nodes();
        let start = Instant::now();
        let depth = (WIDTH * HEIGHT) as u32 - self.pos.moves();
        let pos = &self.pos;
        let result = std::thread::scope(|scope| {
            let handle = scope.spawn(|| solver.best_move(pos));
            while !handle.is_finished() {
                std::thread::sleep(Duration::from_millis(100));
                let nodes = counter.load(Ordering::Relaxed).saturating_sub(before);
                progress(Progress {
                    depth,
                    value: "solving".into(),
                    pv: Vec::new(),
                    nodes,
                    nps: per_second(nodes, start.elapsed()),
                });
            }
            handle.join().unwrap_or(Err(Stopped))
        });
        let nodes = solver.nodes().saturating_sub(before);
        solver.set_stop(None);
        solver.set_progress(None);
        if let Ok(Some((col, score))) = result {
            progress(Progress {
                depth,
                value: pons_text(score, self.pos.moves()),
                pv: vec![col.to_string()],
                nodes,
                nps: per_second(nodes, start.elapsed()),
            });
        }
        result
    }
}

fn per_second(nodes: u64, elapsed: Duration) -> u64 {
    let s = elapsed.as_secs_f64();
    if s < 1e-3 {
        0
    } else {
        (nodes as f64 / s) as u64
    }
}

impl PlayGame for ConnectFour {
    type Move = Column;
    type Engine = Engine;

    fn title(&self) -> String {
        "Connect Four".into()
    }
    fn cols(&self) -> usize {
        WIDTH
    }
    fn rows(&self) -> usize {
        HEIGHT
    }
    fn stone(&self, col: usize, row: usize) -> Option<Side> {
        self.pos.cell(col, HEIGHT - 1 - row)
    }
    fn col_label(&self, col: usize) -> String {
        (col + 1).to_string()
    }
    fn row_label(&self, _row: usize) -> String {
        String::new()
    }
    fn side_name(&self, side: Side) -> &'static str {
        match side {
            Side::First => "x",
            Side::Second => "o",
        }
    }
    fn symbol(&self, side: Side) -> char {
        match side {
            Side::First => 'X',
            Side::Second => 'O',
        }
    }
    fn side_to_move(&self) -> Side {
        self.pos.side_to_move()
    }
    fn legal_moves(&self) -> Vec<Column> {
        Column::ALL
            .into_iter()
            .filter(|&c| self.pos.is_legal(c))
            .collect()
    }
    fn parse_move(&self, text: &str) -> Result<Column, String> {
        let mut chars = text.chars();
        let col = match (chars.next(), chars.next()) {
            (Some(c), None) => Column::from_digit(c),
            _ => None,
        }
        .ok_or_else(|| "a move is a column 1-7".to_string())?;
        let mut p = self.pos.clone();
        p.try_play(col).map_err(|e| e.to_string())?;
        Ok(col)
    }
    fn move_text(&self, mv: Column) -> String {
        mv.to_string()
    }
    fn move_at(&self, col: usize, _row: usize) -> Option<Column> {
        Column::new(col)
    }
    fn move_cell(&self, mv: Column) -> Option<(usize, usize)> {
        let h = self.pos.height(mv) as usize;
        (h < HEIGHT).then(|| (mv.index(), HEIGHT - 1 - h))
    }
    fn marks_legal_moves(&self) -> bool {
        true
    }
    fn play(&mut self, mv: Column) {
        self.pos.play(mv);
    }
    fn undo(&mut self) {
        self.pos.undo();
    }
    fn outcome(&self) -> Option<Outcome> {
        self.pos.outcome()
    }

    fn max_level(&self) -> u8 {
        Level::MAX
    }
    fn default_level(&self) -> u8 {
        7
    }
    fn has_perfect(&self) -> bool {
        true
    }
    fn new_engine(&self) -> Engine {
        Engine {
            searcher: Searcher::new(16),
            solver: None,
        }
    }
    fn think(
        &self,
        engine: &mut Engine,
        strength: Strength,
        stop: &StopFlag,
        progress: &mut dyn FnMut(Progress),
    ) -> Option<Column> {
        let limits = match strength {
            Strength::Level(n) => Limits::depth(u32::from(n)),
            Strength::Time(t) => Limits::time(t),
            Strength::Perfect => {
                let solver = engine.solver.get_or_insert_with(Solver::new);
                match self.solve(solver, stop, progress) {
                    Ok(best) => return best.map(|(c, _)| c),
                    // Stopped: play the score table's choice at a quick depth.
                    Err(Stopped) => Limits::depth(8),
                }
            }
        };
        let limits = if stop.is_stopped() {
            limits
        } else {
            limits.with_stop(stop.clone())
        };
        self.search(engine, limits, progress)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::options::{Player, Setup};
    use crate::play::session::Session;
    use crate::play::tui::app::{Analysis, App};
    use crate::play::tui::render_to_string;

    #[test]
    fn perfect_play_finds_the_win_and_stop_falls_back() {
        // Pons' tutorial: after 44455554221 the opponent wins with their 7th stone.
        let mut g = ConnectFour::default();
        for c in "44455554221".chars() {
            let mv = g.parse_move(&c.to_string()).unwrap();
            g.play(mv);
        }
        let mut engine = g.new_engine();
        let mut last = Progress::default();
        let mv = g.think(&mut engine, Strength::Perfect, &StopFlag::new(), &mut |p| {
            last = p
        });
        assert!(mv.is_some());
        assert_eq!(last.value, "loss in 2 (score -15)");
        let stop = StopFlag::new();
        stop.stop();
        let mv = ConnectFour::default().think(&mut engine, Strength::Perfect, &stop, &mut |_| {});
        assert!(mv.is_some());
    }

    #[test]
    fn tui_states() {
        let setup = Setup {
            players: [Player::Human, Player::Ai],
            strength: Strength::Level(7),
        };
        let mut app = App::new(ConnectFour::default(), setup);
        insta::assert_snapshot!("connect4_start", render_to_string(&mut app, 80, 18));
        let mut s = Session::new(ConnectFour::default(), setup);
        for m in "4453354".chars() {
            s.play_text(&m.to_string()).unwrap();
        }
        app.session = s;
        app.analysis = Some(Analysis {
            title: "o (AI, level 7)".into(),
            state: "thinking".into(),
            elapsed: Duration::from_millis(800),
            progress: Some(Progress {
                depth: 6,
                value: "+24".into(),
                pv: ["3", "3", "2", "6", "2", "2"].map(String::from).to_vec(),
                nodes: 45_678,
                nps: 1_234_567,
            }),
        });
        insta::assert_snapshot!("connect4_thinking", render_to_string(&mut app, 80, 18));
        app.analysis = None;
        app.session = Session::new(ConnectFour::default(), setup);
        for m in "1122334".chars() {
            app.session.play_text(&m.to_string()).unwrap();
        }
        assert_eq!(app.session.game.result_text(), "x wins");
        insta::assert_snapshot!("connect4_won", render_to_string(&mut app, 80, 18));
    }
}
