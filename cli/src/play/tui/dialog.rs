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
    /// An error from the last attempt to start (a bad variant).
    pub error: Option<String>,
}

const PLAYERS: [Player; 2] = [Player::Human, Player::Ai];

impl Dialog {
    /// The dialog filled in with the current game and setup.
    pub fn new<G: PlayGame>(game: &G, setup: &Setup) -> Self {
        let player_row = |label: String, p: Player| Row {
            name: label,
            values: PLAYERS.iter().map(|p| p.to_string()).collect(),
            chosen: PLAYERS.iter().position(|&q| q == p).unwrap_or(0),
        };
        let mut strengths = Strength::choices(game);
        if !strengths.contains(&setup.strength) {
            strengths.push(setup.strength);
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
        for (i, VariantOption { name, mut values }) in
            game.variant_options().into_iter().enumerate()
        {
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

    /// Changes the selected row's value backwards (-1) or forwards (+1).
    pub fn change(&mut self, delta: isize) {
        let row = &mut self.rows[self.selected];
        let n = row.values.len() as isize;
        row.chosen = (row.chosen as isize + delta).rem_euclid(n) as usize;
        self.error = None;
    }

    /// The setup and the new game the dialog describes; `start` is the current game's
    /// start position (kept when the game has no variant options). When the variant
    /// changed and the strength was left as it was, the strength is the new game's
    /// default ([`PlayGame::default_strength`]), as on the command line: a 3×3 game's
    /// `perfect` kept for 7×7 would solve for hours a move.
    ///
    /// # Errors
    /// The game's reason when the variant values do not make a game.
    pub fn build<G: PlayGame>(&self, start: &G) -> Result<(G, Setup), String> {
        let values: Vec<String> = self.rows[3..]
            .iter()
            .map(|r| r.values[r.chosen].clone())
            .collect();
        let game = start.with_variant(&values)?;
        let variant_changed = self.rows[3..]
            .iter()
            .zip(&self.opened[3..])
            .any(|(r, &opened)| r.chosen != opened);
        let strength = if variant_changed && self.rows[2].chosen == self.opened[2] {
            game.default_strength()
        } else {
            self.strengths[self.rows[2].chosen]
        };
        let setup = Setup {
            players: [PLAYERS[self.rows[0].chosen], PLAYERS[self.rows[1].chosen]],
            strength,
        };
        Ok((game, setup))
    }
}
