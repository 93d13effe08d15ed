//! The new-game dialog: who plays each side, the AI's strength, the game's variant.

use crate::play::options::{Player, Setup, Strength};
use crate::play::{PlayGame, VariantOption};

/// One row of the dialog: a name, its values, the chosen one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// The row's name.
    pub name: String,
    /// The values to choose from.
    pub values: Vec<String>,
    /// Index of the chosen value.
    pub chosen: usize,
}

/// The dialog's state.
#[derive(Clone, Debug)]
pub struct Dialog {
    /// Rows: first player, second player, strength, then the variant options.
    pub rows: Vec<Row>,
    /// The selected row.
    pub selected: usize,
    strengths: Vec<Strength>,
    /// Each row's value when the dialog opened.
    opened: Vec<usize>,
    /// Whether the strength row was changed: until then it follows the variant.
    strength_chosen: bool,
    /// An error from the last attempt to start (a bad variant).
    pub error: Option<String>,
}

const PLAYERS: [Player; 2] = [Player::Human, Player::Ai];

/// The strength row's index (after the two players' rows).
const STRENGTH_ROW: usize = 2;
/// The first variant row's index.
const VARIANT_ROWS: usize = 3;

impl Dialog {
    /// The dialog filled in with the current game and setup; each variant row also
    /// offers the value of `given`, the position the first game started from (a size
    /// that is not among the usual ones, so that its position can be chosen again).
    pub fn new<G: PlayGame>(game: &G, setup: &Setup, given: &G) -> Self {
        let player_row = |label: String, p: Player| Row {
            name: label,
            values: PLAYERS.iter().map(|p| p.to_string()).collect(),
            chosen: PLAYERS.iter().position(|&q| q == p).unwrap_or(0),
        };
        let mut strengths = Strength::choices(game);
        if !strengths.contains(&setup.strength) {
            // Where `+` and `-` place it: just under the next stronger choice (it was
            // put after `perfect`, and the next choice wrapped round to level 1).
            let stronger = setup
                .strength
                .step_on_ladder(&strengths, game.default_strength(), 1);
            // (At the ladder's top `step` gives the strength itself: it goes last.)
            let at = strengths
                .iter()
                .position(|&s| s == stronger)
                .unwrap_or(strengths.len());
            strengths.insert(at, setup.strength);
        }
        let mut rows = vec![
            player_row(
                format!("{} (first)", game.side_name(zerosum::Side::First)),
                setup.players[0],
            ),
            player_row(
                format!("{} (second)", game.side_name(zerosum::Side::Second)),
                setup.players[1],
            ),
            Row {
                name: "AI strength".into(),
                values: strengths.iter().map(|s| s.to_string()).collect(),
                chosen: strengths
                    .iter()
                    .position(|&s| s == setup.strength)
                    .unwrap_or(0),
            },
        ];
        let current = game.variant();
        let own = given.variant();
        let own_options = given.variant_options();
        for (i, VariantOption { name, mut values }) in
            game.variant_options().into_iter().enumerate()
        {
            if let Some(own) = own.get(i).filter(|v| !values.contains(v)) {
                // Where the given game's own list has it: after the nearest value before
                // it that this list has too (sizes stay smallest first).
                let theirs = own_options.get(i).map_or(&[][..], |o| &o.values[..]);
                let before = &theirs[..theirs.iter().position(|v| v == own).unwrap_or(0)];
                let at = before
                    .iter()
                    .rev()
                    .find_map(|p| values.iter().position(|v| v == p))
                    .map_or(0, |k| k + 1);
                values.insert(at, own.clone());
            }
            let cur = current.get(i).cloned().unwrap_or_default();
            let chosen = match values.iter().position(|v| *v == cur) {
                Some(p) => p,
                None => {
                    values.push(cur);
                    values.len() - 1
                }
            };
            rows.push(Row {
                name: name.to_string(),
                values,
                chosen,
            });
        }
        Dialog {
            opened: rows.iter().map(|r| r.chosen).collect(),
            strength_chosen: false,
            rows,
            selected: 0,
            strengths,
            error: None,
        }
    }

    /// Moves the selection up (-1) or down (+1).
    pub fn select(&mut self, delta: isize) {
        let n = self.rows.len() as isize;
        self.selected = (self.selected as isize + delta).rem_euclid(n) as usize;
    }

    /// Changes the selected row's value backwards (-1) or forwards (+1). Until the
    /// strength row is changed, it follows the variant (`start` is the current game's
    /// start position, as for [`Dialog::build`]): the strength it opened with for the
    /// variant it opened with, else the new variant's default
    /// ([`PlayGame::default_strength`]), as on the command line (a 3×3 game's `perfect`
    /// kept for 7×7 would solve for hours a move) — but a strength the game was given
    /// that is not its variant's default stays, unless it is `perfect` where that may
    /// take hours.
    pub fn change<G: PlayGame>(&mut self, delta: isize, start: &G) {
        self.step(self.selected, delta);
        self.error = None;
        if self.selected >= VARIANT_ROWS {
            self.fit_variant(delta, start);
        }
        if self.selected == STRENGTH_ROW {
            self.strength_chosen = true;
        } else if self.selected > STRENGTH_ROW && !self.strength_chosen {
            let opened_variant = self.rows[VARIANT_ROWS..]
                .iter()
                .zip(&self.opened[VARIANT_ROWS..])
                .all(|(r, &opened)| r.chosen == opened);
            if opened_variant {
                self.rows[STRENGTH_ROW].chosen = self.opened[STRENGTH_ROW];
            } else if let Ok(game) = start.with_variant(&self.variant_values()) {
                // A strength the game was given that is not its variant's default (`play
                // --level 2`) stays, unless it is `perfect` where that may take hours (a
                // TUI tester's report: Gomoku's size 15 → 20 turned level 2 into 4).
                let opened = self.strengths[self.opened[STRENGTH_ROW]];
                let keep = opened != start.default_strength()
                    && !(opened == Strength::Perfect && game.perfect_may_take_long());
                let strength = if keep {
                    opened
                } else {
                    game.default_strength()
                };
                let at = match self.strengths.iter().position(|&s| s == strength) {
                    Some(at) => at,
                    None => {
                        self.strengths.push(strength);
                        self.rows[STRENGTH_ROW].values.push(strength.to_string());
                        self.strengths.len() - 1
                    }
                };
                self.rows[STRENGTH_ROW].chosen = at;
            }
        }
    }

    /// Moves row `row`'s choice `delta` values on, round the ends.
    fn step(&mut self, row: usize, delta: isize) {
        let row = &mut self.rows[row];
        let n = row.values.len() as isize;
        row.chosen = (row.chosen as isize + delta).rem_euclid(n) as usize;
    }

    /// After the selected variant row changed to values that make no game (a k beyond
    /// the board): a variant row after it takes its value nearest to the one it had
    /// that makes a game (a smaller board brings k down to its side); where none does,
    /// the selected row moves on in the same direction to its next value that does (k
    /// steps over the values its board cannot take). A TUI tester's report: the dialog
    /// offered k up to 8 on a 3×3 board and refused it only when confirmed.
    fn fit_variant<G: PlayGame>(&mut self, delta: isize, start: &G) {
        for _ in 0..self.rows[self.selected].values.len() {
            if start.with_variant(&self.variant_values()).is_ok() || self.fit_later_rows(start) {
                return;
            }
            self.step(self.selected, delta);
        }
    }

    /// Gives one variant row after the selected one the value nearest to its own that
    /// makes a game with the others; false (every row as it was) if none does.
    fn fit_later_rows<G: PlayGame>(&mut self, start: &G) -> bool {
        for r in self.selected + 1..self.rows.len() {
            let was = self.rows[r].chosen;
            let n = self.rows[r].values.len();
            for distance in 1..n {
                for candidate in [was.checked_sub(distance), Some(was + distance)] {
                    let Some(c) = candidate.filter(|&c| c < n) else {
                        continue;
                    };
                    self.rows[r].chosen = c;
                    if start.with_variant(&self.variant_values()).is_ok() {
                        return true;
                    }
                }
            }
            self.rows[r].chosen = was;
        }
        false
    }

    /// The chosen value of each variant row.
    fn variant_values(&self) -> Vec<String> {
        self.rows[VARIANT_ROWS..]
            .iter()
            .map(|r| r.values[r.chosen].clone())
            .collect()
    }

    /// The setup and the new game the dialog describes, with the strength its row shows
    /// (see [`Dialog::change`]); `start` is the first game's start position (kept when
    /// the variant chosen is its own, as when the game has no variant options).
    ///
    /// # Errors
    /// The game's reason when the variant values do not make a game.
    pub fn build<G: PlayGame>(&self, start: &G) -> Result<(G, Setup), String> {
        let game = start.with_variant(&self.variant_values())?;
        let setup = Setup {
            players: [PLAYERS[self.rows[0].chosen], PLAYERS[self.rows[1].chosen]],
            strength: self.strengths[self.rows[STRENGTH_ROW].chosen],
        };
        Ok((game, setup))
    }
}
