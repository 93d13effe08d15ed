//! Drawing the TUI: the board with coordinates, the analysis panel, the move list, the
//! status and help lines, and the new-game dialog.

use super::app::{App, BoardHit};
use crate::play::options::Player;
use crate::play::{Mark, MarkKind, PlayGame, short_count};
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};
use zerosum::Side;

/// Width of the right-hand panel (analysis and moves).
const PANEL_W: u16 = 34;

const HELP: &str = "arrows/hjkl cursor · Enter/click play · type the move (or :) · u undo · r redo · \
i hint · m/Esc move now · s swap · +/- strength · n new game · a again · q/Ctrl-C quit";

/// The note before [`HELP`] on a board whose column letters take some command keys
/// (first, as the line is cut to its space's two rows on a narrow screen).
const CAPITALS_NOTE: &str = "capitals: commands on column letters · ";

/// [`HELP`] for `game`: the command keys that are column letters in capitals, after
/// [`CAPITALS_NOTE`] when there are any (not where moves are numbers).
fn help_text<G: PlayGame>(game: &G) -> String {
    let text = with_capital_keys(game, HELP);
    if text == HELP {
        text
    } else {
        CAPITALS_NOTE.to_string() + &text
    }
}

/// Whether some command key of `game` is a column letter, given in capitals.
fn has_capital_keys<G: PlayGame>(game: &G) -> bool {
    with_capital_keys(game, HELP) != HELP
}

/// `text` with each command key that is also a column letter of `game`'s board (a
/// lowercase letter alone, or one of `hjkl`) in capitals: typed in lower case it begins a
/// move, and the capital gives the command.
fn with_capital_keys<G: PlayGame>(game: &G, text: &str) -> String {
    let column = |c: char| (0..game.cols()).any(|col| game.col_label(col).starts_with(c));
    let mut out = String::with_capacity(text.len());
    let chars: Vec<char> = text.chars().collect();
    let mut k = 0;
    while k < chars.len() {
        let end = (k..chars.len())
            .find(|&j| !chars[j].is_ascii_alphabetic())
            .unwrap_or(chars.len());
        if end == k {
            out.push(chars[k]);
            k += 1;
            continue;
        }
        let word: String = chars[k..end].iter().collect();
        // A key alone: not part of a cell name such as `d3`.
        let alone = chars.get(end).is_none_or(|c| !c.is_ascii_digit());
        if alone
            && (word.len() == 1 && word.chars().all(|c| c.is_ascii_lowercase()) || word == "hjkl")
        {
            out.extend(
                word.chars()
                    .map(|c| if column(c) { c.to_ascii_uppercase() } else { c }),
            );
        } else {
            out.push_str(&word);
        }
        k = end;
    }
    out
}

fn side_style(side: Side) -> Style {
    match side {
        Side::First => Style::new()
            .fg(Color::LightRed)
            .add_modifier(Modifier::BOLD),
        Side::Second => Style::new()
            .fg(Color::LightCyan)
            .add_modifier(Modifier::BOLD),
    }
}

/// Screen columns per board cell, when the terminal is wide enough: 3, or 2 on boards
/// of over 10 columns, except where empty cells show their move's name (tic-tac-toe's
/// cell numbers, which a 2-column cell drops: a 12×5 board showed only dots).
fn cell_width<G: PlayGame>(game: &G) -> u16 {
    if game.cols() <= 10 || game.empty_label(0, 0).is_some() {
        3
    } else {
        2
    }
}

/// Screen columns the board's frame needs with cells `cw` wide.
fn board_width<G: PlayGame>(game: &G, row_w: u16, cw: u16) -> u16 {
    row_w + 1 + cw * game.cols() as u16 + 2
}

/// The cell width that fits `width` screen columns — the preferred one, else narrower
/// down to the widest label — and a note for the user when the board had to be scaled
/// or still does not fit.
pub fn fit_board<G: PlayGame>(game: &G, row_w: u16, width: u16) -> (u16, Option<String>) {
    let preferred = cell_width(game);
    let labels = (0..game.cols())
        .map(|c| game.col_label(c).chars().count())
        .chain((0..game.cols() * game.rows()).map(|i| {
            game.empty_label(i % game.cols(), i / game.cols())
                .map_or(1, |l| l.chars().count())
        }))
        .max()
        .unwrap_or(1)
        .clamp(1, usize::from(preferred)) as u16;
    for cw in (labels..=preferred).rev() {
        if board_width(game, row_w, cw) <= width {
            let note = (cw < preferred).then(|| "scaled to fit".to_string());
            return (cw, note);
        }
    }
    let need = board_width(game, row_w, labels);
    (
        labels,
        Some(format!("board cut: needs {need} cols (widen, or --plain)")),
    )
}

/// Draws the whole screen.
pub fn draw<G: PlayGame>(app: &mut App<G>, frame: &mut Frame) {
    let area = frame.area();
    let game = &app.session.game;
    let row_w = (0..game.rows())
        .map(|r| game.row_label(r).len())
        .max()
        .unwrap_or(0) as u16;
    let preferred = cell_width(game);
    let side_by_side = area.width >= board_width(game, row_w, preferred).max(26) + PANEL_W;
    let (cw, note) = if side_by_side {
        (preferred, None)
    } else {
        fit_board(game, row_w, area.width)
    };
    let board_w = board_width(game, row_w, cw).max(26).min(area.width);
    // The frame, the column labels and the side to move, then the status or legend.
    // The legend wraps at the board panel's width: the screen's when the panels are
    // stacked (a recheck's report: counted at the board's width, a one-line legend was
    // two, and the note said `board cut` with everything drawn).
    let legend_w = if side_by_side { board_w } else { area.width }.saturating_sub(2);
    let board_h = game.rows() as u16 + 4 + legend_rows(game, legend_w.into());
    // What the board's panel shows: its row kept for a legend with nothing to say is no
    // loss when cut (a tester's report: `board cut` with every row drawn).
    let shown_h = game.rows() as u16 + 4 + legend_lines(game, legend_w.into());
    // The status line takes a second row where its text is longer than the screen is
    // wide and a row is spare (a warning after the layout's note on 60 columns was cut).
    let base_note = note;
    let mut status_h = 1;
    let (help_h, note, analysis_h) = loop {
        let mut note = base_note.clone();
        // Stacked: the board first; the analysis and the key line only where rows remain.
        let spare = area.height.saturating_sub(board_h + 1 + status_h);
        // The help line whole where the rows allow (a TUI tester's report: cut to two
        // rows, it lost `m/Esc` and `q/Ctrl-C` on 60-column screens), else two rows.
        let help_rows = Paragraph::new(help_text(&app.session.game))
            .wrap(Wrap { trim: true })
            .line_count(area.width.max(1)) as u16;
        let wanted = analysis_height(app, area.width);
        // Whole only where the analysis's rows and three of moves still fit beside it (a
        // recheck's report: on a tall narrow screen it took rows from the moves and the
        // board).
        let help_h = match spare {
            _ if side_by_side => 0,
            s if s >= wanted.max(8) + help_rows + 3 => help_rows,
            s if s >= 8 + 2 + 3 => 2,
            _ => 0,
        };
        let analysis_h = match spare {
            _ if side_by_side => wanted,
            s if s >= wanted => wanted,
            s if s >= 4 => s,
            _ => 0,
        };
        // The title and status lines take two rows: a board taller than the rest is cut
        // at the bottom, and the note says so, as it does for columns.
        if shown_h + 2 > area.height {
            let text = format!("board cut: needs {} rows (taller, or --plain)", shown_h + 2);
            note = Some(note.map_or(text.clone(), |n| format!("{n}; {text}")));
        }
        if !side_by_side && analysis_h < wanted {
            let hidden = if analysis_h == 0 { "no" } else { "short" };
            let text = format!("{hidden} analysis: {} rows", area.height);
            note = Some(note.map_or(text.clone(), |n| format!("{n}; {text}")));
        }
        let status_w = status_line(app, note.as_deref(), area.width.into()).width();
        // A spare row beyond the 4 of a short analysis panel.
        if status_h == 1 && status_w > usize::from(area.width) && spare > 4 {
            status_h = 2;
            continue;
        }
        break (help_h, note, analysis_h);
    };
    app.layout_note.clone_from(&note);

    let [title, main, status, help] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(board_h.min(area.height.saturating_sub(1 + status_h))),
        Constraint::Length(status_h),
        Constraint::Length(help_h),
    ])
    .areas(area);
    draw_title(app, frame, title);
    if side_by_side {
        // Left: the board, the moves below it. Right: the analysis, the keys below it.
        let [left, right] =
            Layout::horizontal([Constraint::Length(board_w), Constraint::Min(PANEL_W)]).areas(main);
        let [board, moves] =
            Layout::vertical([Constraint::Length(board_h), Constraint::Min(0)]).areas(left);
        let wanted = analysis_height(app, right.width);
        draw_board(app, frame, board, row_w, cw);
        if moves.height >= MOVES_MIN_H {
            let [analysis, keys] =
                Layout::vertical([Constraint::Length(wanted), Constraint::Min(0)]).areas(right);
            draw_moves(app, frame, moves);
            draw_analysis(app, frame, analysis);
            draw_keys(&app.session.game, frame, keys);
        } else {
            // No row for a move under the board (15×15 Gomoku on 80×24): the moves go
            // between the analysis and the keys, which keep the rows of their short
            // form; the analysis gives up the end of its list of values.
            let keys_h = keys_height(&app.session.game, right.width);
            let room = right.height.saturating_sub(MOVES_MIN_H + keys_h);
            let [analysis, moves, keys] = Layout::vertical([
                Constraint::Length(wanted.min(room)),
                Constraint::Length(MOVES_MIN_H),
                Constraint::Min(0),
            ])
            .areas(right);
            draw_analysis(app, frame, analysis);
            draw_moves(app, frame, moves);
            draw_keys(&app.session.game, frame, keys);
        }
    } else {
        let [board, analysis, moves] = Layout::vertical([
            Constraint::Length(board_h),
            Constraint::Length(analysis_h),
            Constraint::Min(0),
        ])
        .areas(main);
        draw_board(app, frame, board, row_w, cw);
        draw_analysis(app, frame, analysis);
        draw_moves(app, frame, moves);
        frame.render_widget(
            Paragraph::new(help_text(&app.session.game))
                .style(Style::new().fg(Color::DarkGray))
                .wrap(Wrap { trim: true }),
            help,
        );
    }
    draw_status(app, frame, status);
    if app.dialog.is_some() {
        draw_dialog(app, frame, area);
    }
}

/// The key line of typed moves: the game's own example move replaces it.
const TYPE_A_MOVE: &str = "MOVE, :";

/// The key line of the capitals, shown only where some command key is a column letter.
const CAPITALS: &str = "capitals";

/// The keys, one a line.
const KEYS: [(&str, &str); 12] = [
    ("arrows hjkl", "move the cursor"),
    ("Enter, click", "play there"),
    (TYPE_A_MOVE, "type a move"),
    (CAPITALS, "commands on columns"),
    ("u / r", "undo / redo"),
    ("i", "hint: the AI's move"),
    ("m or Esc", "AI: move now"),
    ("s", "swap sides"),
    ("+ / -", "AI strength"),
    ("n", "new game options"),
    ("a", "play again"),
    ("q, Ctrl-C/Q", "quit"),
];

/// A move in the game's notation: the name of the board's middle cell (`5` in
/// tic-tac-toe, the column `4` in Connect Four, `d4` in Othello, `h8` in Gomoku).
fn example_move<G: PlayGame>(game: &G) -> String {
    let (col, row) = (game.cols() / 2, game.rows() / 2);
    game.empty_label(col, row)
        .unwrap_or_else(|| game.col_label(col) + &game.row_label(row))
}

/// The rows of the moves panel with one line of moves (the last ones), borders included.
const MOVES_MIN_H: u16 = 3;

/// Rows the keys panel needs in `width` columns, borders included: its short form, the
/// help line wrapped ([`draw_keys`] falls back on it when its key-a-line list does not fit).
fn keys_height<G: PlayGame>(game: &G, width: u16) -> u16 {
    let inner = width.saturating_sub(2).max(1);
    let rows = Paragraph::new(help_text(game))
        .wrap(Wrap { trim: true })
        .line_count(inner);
    rows as u16 + 2
}

/// The keys panel: a key a line, or where its rows are too few for them (a terminal of
/// 24 rows), the help line wrapped, which names every key (the list was cut after six).
fn draw_keys<G: PlayGame>(game: &G, frame: &mut Frame, area: Rect) {
    let capitals = has_capital_keys(game);
    let lines: Vec<Line> = KEYS
        .iter()
        .filter(|&&(k, _)| capitals || k != CAPITALS)
        .map(|&(k, what)| {
            let k = if k == TYPE_A_MOVE {
                format!("{}, :", example_move(game))
            } else {
                with_capital_keys(game, k)
            };
            Line::from(vec![
                Span::styled(format!("{k:<13}"), Style::new().fg(Color::Yellow)),
                Span::raw(what),
            ])
        })
        .collect();
    let block = Block::bordered().title(" keys ");
    if usize::from(area.height.saturating_sub(2)) < lines.len() {
        frame.render_widget(
            Paragraph::new(help_text(game))
                .block(block)
                .wrap(Wrap { trim: true }),
            area,
        );
    } else {
        frame.render_widget(Paragraph::new(lines).block(block), area);
    }
}

fn player_text<G: PlayGame>(app: &App<G>, side: Side) -> String {
    let s = &app.session.setup;
    match s.player(side) {
        Player::Human => format!("{} human", app.session.game.side_name(side)),
        Player::Ai => format!("{} AI ({})", app.session.game.side_name(side), s.strength),
    }
}

fn draw_title<G: PlayGame>(app: &App<G>, frame: &mut Frame, area: Rect) {
    let line = Line::from(vec![
        Span::styled(
            format!(" zerosum · {} ", app.session.game.title()),
            Style::new().add_modifier(Modifier::BOLD | Modifier::REVERSED),
        ),
        Span::raw("  "),
        Span::styled(player_text(app, Side::First), side_style(Side::First)),
        Span::raw(" vs "),
        Span::styled(player_text(app, Side::Second), side_style(Side::Second)),
    ]);
    frame.render_widget(Paragraph::new(line), area);
}

fn draw_board<G: PlayGame>(app: &mut App<G>, frame: &mut Frame, area: Rect, row_w: u16, cw: u16) {
    let game = &app.session.game;
    let (cols, rows) = (game.cols(), game.rows());
    let last = app.session.last().and_then(|p| p.cell);
    let legal: Vec<(usize, usize)> = if game.marks_legal_moves() {
        game.legal_moves()
            .into_iter()
            .filter_map(|m| game.move_cell(m))
            .collect()
    } else {
        Vec::new()
    };
    let hint = app.hint.and_then(|m| game.move_cell(m));
    let running = app.session.is_running();
    let marks = game.marks();
    let to_move = game.side_to_move();
    // One mark a cell: a five point before an open-four point, the side to move's first.
    let mark_at = |cell: (usize, usize)| {
        marks
            .iter()
            .filter(|m| m.cell == cell)
            .max_by_key(|m| match m.kind {
                MarkKind::Five => 4,
                MarkKind::FivePoint(s) => 2 + u8::from(s == to_move),
                MarkKind::OpenFourPoint(s) => u8::from(s == to_move),
            })
            .map(|m| m.kind)
    };
    // The cursor shows where its move would go (Connect Four: the landing cell; on a
    // full column, its top stone, wherever the cursor's row was: it sat on a stone
    // mid-column, and Up and Down moved it).
    let (cc, cr) = app.cursor;
    let cursor = match game.move_at(cc, cr).and_then(|m| game.move_cell(m)) {
        Some(cell) => cell,
        None if game.moves_are_columns() => (cc, 0),
        None => app.cursor,
    };

    // The footer under the rows: the side to move, then the status or the legend.
    let inner = Block::bordered().inner(area);
    let mut footer = vec![
        if running {
            let side = game.side_to_move();
            let who = match app.session.player_to_move() {
                Player::Human => "human",
                Player::Ai => "AI",
            };
            Line::from(format!("{} to move ({who})", game.side_name(side)))
        } else {
            Line::from(format!("result: {}", game.result_text()))
        }
        .style(Style::new().add_modifier(Modifier::BOLD)),
    ];
    if let Some(status) = game.status() {
        footer.push(Line::from(status));
    } else {
        for legend in marks_legend(&marks, usize::from(inner.width)) {
            footer.push(Line::styled(legend, Style::new().fg(Color::Gray)));
        }
    }
    // A screen too small for the whole board shows the part around the cursor, with the
    // side to move under it; the frame's title says which part (a TUI tester's report:
    // 20×20 Gomoku at 80×24 hid its bottom rows, where the cursor could go and play
    // unseen, and on smaller screens nothing said the board was cut).
    let room_h = usize::from(inner.height).saturating_sub(1);
    let shown_rows = if room_h >= rows + footer.len() {
        rows
    } else {
        room_h.saturating_sub(1).clamp(1, rows)
    };
    let room_w = usize::from(inner.width.saturating_sub(row_w + 1) / cw.max(1));
    let shown_cols = room_w.clamp(1, cols);
    let view = |first: usize, at: usize, shown: usize, all: usize| {
        let first = if at < first {
            at
        } else if at >= first + shown {
            at + 1 - shown
        } else {
            first
        };
        first.min(all - shown)
    };
    let (c0, r0) = (
        view(app.board_view.0, cursor.0, shown_cols, cols),
        view(app.board_view.1, cursor.1, shown_rows, rows),
    );
    // Games without row or column labels (Connect Four's rows) count them from the top
    // and the left (a recheck's report: `rows – of 7×6`).
    let span = |first: String, last: String, a: usize, b: usize, from: &str| {
        if first.is_empty() || last.is_empty() {
            format!("{}–{} from the {from}", a + 1, b + 1)
        } else {
            format!("{first}–{last}")
        }
    };
    let (c1, r1) = (c0 + shown_cols - 1, r0 + shown_rows - 1);
    let col_span = || span(game.col_label(c0), game.col_label(c1), c0, c1, "left");
    let row_span = || span(game.row_label(r0), game.row_label(r1), r0, r1, "top");
    let part = match (shown_cols < cols, shown_rows < rows) {
        (false, false) => None,
        (true, false) => Some(format!("cols {}", col_span())),
        (false, true) => Some(format!("rows {}", row_span())),
        (true, true) => Some(format!("{} × {}", col_span(), row_span())),
    };
    let title = match part {
        None => " board ".to_string(),
        Some(part) => {
            let title = format!(" board {part} of {cols}×{rows} ");
            let scrolls = format!("{title}· cursor scrolls ");
            if scrolls.chars().count() <= usize::from(inner.width) {
                scrolls
            } else {
                title
            }
        }
    };

    let mut lines = Vec::with_capacity(rows + 2);
    let mut header = " ".repeat(row_w as usize + 1);
    for c in c0..c0 + shown_cols {
        let label = game.col_label(c);
        header.push_str(&format!("{label:^w$}", w = cw as usize));
    }
    lines.push(Line::styled(header, Style::new().fg(Color::Gray)));
    for r in r0..r0 + shown_rows {
        let mut spans = vec![Span::styled(
            format!("{:>w$} ", game.row_label(r), w = row_w as usize),
            Style::new().fg(Color::Gray),
        )];
        for c in c0..c0 + shown_cols {
            let cell = (c, r);
            let stone = game.stone(c, r);
            let mark = mark_at(cell);
            let (ch, mut style) = match (stone, mark) {
                (Some(s), Some(MarkKind::Five)) => (
                    game.symbol(s),
                    side_style(s)
                        .bg(Color::Green)
                        .add_modifier(Modifier::REVERSED),
                ),
                (Some(s), _) => (game.symbol(s), side_style(s)),
                (None, _) if game.blocked(c, r) => ('#', Style::new().fg(Color::DarkGray)),
                (None, _) if hint == Some(cell) => ('?', Style::new().fg(Color::LightGreen)),
                (None, Some(MarkKind::FivePoint(s))) => ('!', side_style(s)),
                (None, Some(MarkKind::OpenFourPoint(s))) => {
                    ('+', side_style(s).remove_modifier(Modifier::BOLD))
                }
                (None, _) if legal.contains(&cell) => ('*', Style::new().fg(Color::Green)),
                (None, _) => ('.', Style::new().fg(Color::DarkGray)),
            };
            let label = match (stone, game.empty_label(c, r)) {
                (None, Some(l)) if hint != Some(cell) => Some(l),
                _ => None,
            };
            if last == Some(cell) {
                style = style
                    .bg(Color::Rgb(90, 80, 0))
                    .add_modifier(Modifier::UNDERLINED);
            }
            let is_cursor = running && cursor == cell;
            let text = match (cw, is_cursor, label) {
                (1, _, Some(l)) => l,
                (1, _, None) => ch.to_string(),
                (3, true, Some(l)) if l.len() == 1 => format!("[{l}]"),
                // A two-digit cell number fills the cell: reverse video alone marks
                // the cursor there.
                (3, true, Some(l)) => format!("{l:>2} "),
                (3, true, None) => format!("[{ch}]"),
                (3, false, Some(l)) => format!("{l:>2} "),
                (3, false, None) => format!(" {ch} "),
                (_, _, _) => format!("{ch} "),
            };
            if is_cursor {
                style = style.add_modifier(Modifier::REVERSED);
            }
            spans.push(Span::styled(text, style));
        }
        lines.push(Line::from(spans));
    }
    lines.extend(footer);
    let block = Block::bordered().title(title);
    app.board_view = (c0, r0);
    app.board_hit = Some(BoardHit {
        x: inner.x + row_w + 1,
        y: inner.y + 1,
        first_col: c0,
        first_row: r0,
        cell_w: cw,
        right: (inner.x + row_w + 1 + cw * shown_cols as u16).min(inner.right()),
        bottom: (inner.y + 1 + shown_rows as u16).min(inner.bottom()),
    });
    frame.render_widget(Paragraph::new(lines).block(block), area);
}

/// The analysis panel's lines for an inner width of `width` columns: the search's title
/// and state, depth, value, principal variation and nodes, then every legal move's value
/// under its unit (wrapped between moves).
fn analysis_lines<G: PlayGame>(
    app: &App<G>,
    width: usize,
    shown: Option<usize>,
) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    let Some(a) = &app.analysis else {
        lines.push(Line::from(with_capital_keys(
            &app.session.game,
            "no search yet (i: hint)",
        )));
        return lines;
    };
    lines.push(Line::from(vec![
        Span::styled(a.title.clone(), Style::new().add_modifier(Modifier::BOLD)),
        Span::raw(format!(": {} {:.1} s", a.state, a.elapsed.as_secs_f64())),
        // The move is played (or the hint given); the values of the moves come next.
        Span::styled(
            if a.valuing {
                " · valuing every move"
            } else {
                ""
            },
            Style::new().fg(Color::Gray),
        ),
    ]));
    if let Some(p) = &a.progress {
        lines.push(Line::from(format!("depth  {}", p.depth)));
        lines.push(Line::from(vec![
            Span::raw("value  "),
            Span::styled(p.value.clone(), Style::new().fg(Color::Yellow)),
        ]));
        lines.push(Line::from(format!("pv     {}", p.pv.join(" "))));
        // Past the last report the live count (a perfect level's exact solve after its
        // first search reports nothing until it ends: a recheck's report, the panel
        // stood still on the search's count for the solve's minutes).
        let secs = a.elapsed.as_secs_f64();
        let (nodes, nps) = if a.live_nodes > p.nodes && secs > 0.0 {
            (a.live_nodes, (a.live_nodes as f64 / secs) as u64)
        } else {
            (p.nodes, p.nps)
        };
        lines.push(Line::from(if nps > 0 {
            format!("nodes  {}  ({}/s)", short_count(nodes), short_count(nps))
        } else {
            format!("nodes  {}", short_count(nodes))
        }));
    } else {
        lines.push(Line::from("depth  -"));
        if a.live_nodes > 0 {
            let secs = a.elapsed.as_secs_f64();
            lines.push(Line::from(if secs > 0.0 {
                format!(
                    "nodes  {}  ({}/s)",
                    short_count(a.live_nodes),
                    short_count((a.live_nodes as f64 / secs) as u64)
                )
            } else {
                format!("nodes  {}", short_count(a.live_nodes))
            }));
        }
    }
    // No values (a level that chooses without a search: Gomoku's level 1) and no note
    // about them: no header over an empty list (a TUI tester's report).
    if let Some(v) = a
        .values
        .as_ref()
        .filter(|v| !v.values.is_empty() || v.note.is_some())
    {
        let shown = shown.unwrap_or(usize::MAX).min(v.values.len());
        if shown == 0 && !v.values.is_empty() {
            // Not one value fits: one row says so, without the unit's (a recheck's report:
            // on 20×20 Gomoku at 80×24 the unit took the last rows, cut mid-sentence).
            lines.push(Line::styled(
                format!(
                    "{} value{} (screen too short)",
                    v.values.len(),
                    if v.values.len() == 1 { "" } else { "s" }
                ),
                Style::new().fg(Color::Gray),
            ));
            return lines;
        }
        // After the AI's move the list is of the position it moved from (a recheck's
        // report: under "moves" it read as the human's moves now, the AI's cell listed).
        let whose = if a.state.starts_with("played") {
            "moves before it"
        } else {
            "moves"
        };
        lines.push(Line::styled(
            format!("{whose} ({}):", v.unit),
            Style::new().fg(Color::Gray),
        ));
        let items = v.values[..shown]
            .iter()
            .map(|(m, val)| format!("{m} {val}"));
        let mut rows = wrap_items(items, width.max(1));
        // How many more a cut list has, on the last row of values where it fits (a TUI
        // tester's report: on its own row it left no row for a value at 80×24).
        let more = (shown < v.values.len()).then(|| format!("… {} more", v.values.len() - shown));
        let more_on_last = match (&more, rows.last()) {
            (Some(m), Some(last)) => last.chars().count() + 3 + m.chars().count() <= width,
            _ => false,
        };
        let last = if more_on_last { rows.pop() } else { None };
        for text in rows {
            lines.push(Line::styled(text, Style::new().fg(Color::Yellow)));
        }
        let gray = Style::new().fg(Color::Gray);
        match (last, more) {
            (Some(last), Some(more)) => lines.push(Line::from(vec![
                Span::styled(last, Style::new().fg(Color::Yellow)),
                Span::styled(format!("   {more}"), gray),
            ])),
            (None, Some(more)) => lines.push(Line::styled(more, gray)),
            _ => {}
        }
        if let Some(note) = &v.note {
            lines.push(Line::styled(note.clone(), Style::new().fg(Color::Gray)));
        }
    }
    lines
}

/// `items` on lines of at most `width` characters, three spaces between two items (an
/// item longer than a line gets a line of its own).
fn wrap_items(items: impl Iterator<Item = String>, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for item in items {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 3 + item.chars().count() <= width => {
                line.push_str("   ");
                line.push_str(&item);
            }
            _ => lines.push(item),
        }
    }
    lines
}

/// Rows the analysis panel wants with an inner width of `width` (borders included): its
/// lines as the panel wraps them (a long unit label takes two rows).
fn analysis_height<G: PlayGame>(app: &App<G>, width: u16) -> u16 {
    let inner = width.saturating_sub(2);
    let lines = analysis_lines(app, inner as usize, None);
    let rows = Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .line_count(inner.max(1));
    (rows as u16 + 2).max(8)
}

/// The legend of the marks on the board for a panel `width` columns wide: one line
/// when its parts fit side by side, else a line a part (a 15×15 board's panel is 33
/// columns wide, and the line of two parts was cut there; a new user's report). Empty
/// when there are no marks.
pub fn marks_legend(marks: &[Mark], width: usize) -> Vec<String> {
    let has = |f: fn(&MarkKind) -> bool| marks.iter().any(|m| f(&m.kind));
    let mut parts = Vec::new();
    if has(|k| *k == MarkKind::Five) {
        parts.push("highlighted: the five");
    }
    if has(|k| matches!(k, MarkKind::FivePoint(_))) {
        parts.push("! makes five (a four)");
    }
    if has(|k| matches!(k, MarkKind::OpenFourPoint(_))) {
        parts.push("+ makes an open four (a three)");
    }
    let one = parts.join(" · ");
    if one.chars().count() <= width {
        (!parts.is_empty()).then_some(one).into_iter().collect()
    } else {
        parts.into_iter().map(str::to_string).collect()
    }
}

/// The rows under the board for the status or the marks' legend in a panel of
/// `width` columns (at least one).
fn legend_rows<G: PlayGame>(game: &G, width: usize) -> u16 {
    legend_lines(game, width).max(1)
}

/// The lines of text under the board for the status or the marks' legend (0 when there
/// are no marks and no status: [`legend_rows`] keeps a row for them all the same).
fn legend_lines<G: PlayGame>(game: &G, width: usize) -> u16 {
    if game.status().is_some() {
        1
    } else {
        marks_legend(&game.marks(), width).len() as u16
    }
}

fn draw_analysis<G: PlayGame>(app: &App<G>, frame: &mut Frame, area: Rect) {
    let block = Block::bordered().title(" analysis ");
    let width = area.width.saturating_sub(2);
    let rows = |lines: &[Line<'static>]| {
        Paragraph::new(lines.to_vec())
            .wrap(Wrap { trim: false })
            .line_count(width.max(1))
    };
    let inner_h = usize::from(area.height.saturating_sub(2));
    let mut lines = analysis_lines(app, width.into(), None);
    // Too many values for the rows: as many as fit, and how many more there are (a TUI
    // tester's report: Gomoku's list was cut at 80×24 without a word).
    let count = app
        .analysis
        .as_ref()
        .and_then(|a| a.values.as_ref())
        .map_or(0, |v| v.values.len());
    if rows(&lines) > inner_h && count > 0 {
        let fits = |k: usize| rows(&analysis_lines(app, width.into(), Some(k))) <= inner_h;
        // The most values that fit, by bisection (fewer values never take more rows).
        let (mut lo, mut hi) = (0, count - 1);
        while lo < hi {
            let mid = (lo + hi).div_ceil(2);
            if fits(mid) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        lines = analysis_lines(app, width.into(), Some(lo));
    }
    frame.render_widget(
        Paragraph::new(lines)
            .block(block)
            .wrap(Wrap { trim: false }),
        area,
    );
}

/// The move list as numbered pairs (`1. d3 c5`, numbered on from a `--position`'s
/// ply: [`Session::numbered_moves`](crate::play::session::Session::numbered_moves)),
/// wrapped to `width` between pairs, keeping the last lines when they do not all fit.
fn draw_moves<G: PlayGame>(app: &App<G>, frame: &mut Frame, area: Rect) {
    let width = area.width.saturating_sub(2) as usize;
    let mut lines: Vec<String> = vec![String::new()];
    for item in app.session.numbered_moves() {
        let line = lines.last_mut().expect("a line");
        if line.is_empty() {
            line.push_str(&item);
        } else if line.chars().count() + 1 + item.chars().count() <= width {
            line.push(' ');
            line.push_str(&item);
        } else {
            lines.push(item);
        }
    }
    let height = area.height.saturating_sub(2) as usize;
    let skip = lines.len().saturating_sub(height);
    let redo = app.session.redo.len();
    let title = if redo > 0 {
        format!(" moves ({redo} to redo) ")
    } else {
        " moves ".to_string()
    };
    let text: Vec<Line> = lines.into_iter().skip(skip).map(Line::from).collect();
    frame.render_widget(
        Paragraph::new(text).block(Block::bordered().title(title)),
        area,
    );
}

fn draw_status<G: PlayGame>(app: &App<G>, frame: &mut Frame, area: Rect) {
    let line = status_line(app, app.layout_note.as_deref(), area.width.into());
    frame.render_widget(Paragraph::new(line).wrap(Wrap { trim: false }), area);
}

/// The status line: the move being typed, or the last message and the layout's `note`.
/// The message comes first: where the line is cut (a board cut at 60×20 leaves it one
/// row), the note had filled it, and no move, refusal or result was seen.
/// A move being typed that is longer than the line (`width` columns) shows its end
/// after `…`, so that the cursor stays in sight.
fn status_line<G: PlayGame>(app: &App<G>, note: Option<&str>, width: usize) -> Line<'static> {
    match &app.input {
        Some(input) => {
            const PROMPT: &str = "move> ";
            // The prompt, the text and the cursor in one row.
            let room = width.saturating_sub(PROMPT.len() + 1).max(1);
            // Screen columns, not characters: a wide character takes two.
            let cols = |t: &str| Span::raw(t.to_string()).width();
            let shown = if cols(input) > room {
                let mut tail: Vec<char> = Vec::new();
                let mut used = 1; // the `…`
                for c in input.chars().rev() {
                    let w = cols(&c.to_string());
                    if used + w > room {
                        break;
                    }
                    used += w;
                    tail.push(c);
                }
                let tail: String = tail.into_iter().rev().collect();
                format!("…{tail}")
            } else {
                input.clone()
            };
            Line::from(vec![
                Span::styled(PROMPT, Style::new().fg(Color::Yellow)),
                Span::raw(shown),
                Span::styled("_", Style::new().add_modifier(Modifier::SLOW_BLINK)),
            ])
        }
        None => match note {
            Some(note) => {
                let gap = if app.message.is_empty() { "" } else { " " };
                Line::from(vec![
                    Span::raw(app.message.clone()),
                    Span::styled(format!("{gap}[{note}]"), Style::new().fg(Color::Yellow)),
                ])
            }
            None => Line::from(app.message.clone()),
        },
    }
}

fn draw_dialog<G: PlayGame>(app: &App<G>, frame: &mut Frame, area: Rect) {
    let Some(dialog) = &app.dialog else { return };
    let h = dialog.rows.len() as u16 + 5;
    let w = 54.min(area.width);
    let rect = Rect {
        x: area.x + (area.width.saturating_sub(w)) / 2,
        y: area.y + (area.height.saturating_sub(h)) / 2,
        width: w,
        height: h.min(area.height),
    };
    let mut lines = Vec::new();
    for (i, row) in dialog.rows.iter().enumerate() {
        let selected = i == dialog.selected;
        let style = if selected {
            Style::new().add_modifier(Modifier::REVERSED)
        } else {
            Style::new()
        };
        lines.push(Line::from(vec![
            Span::raw(if selected { "> " } else { "  " }),
            Span::raw(format!("{:<14} ", row.name)),
            Span::styled(format!("< {} >", row.values[row.chosen]), style),
        ]));
    }
    lines.push(Line::from(""));
    match &dialog.error {
        Some(e) => lines.push(Line::styled(e.clone(), Style::new().fg(Color::Red))),
        None => lines.push(Line::styled(
            "↑↓ choose · ←→ change · Enter start · Esc cancel",
            Style::new().fg(Color::DarkGray),
        )),
    }
    frame.render_widget(Clear, rect);
    frame.render_widget(
        Paragraph::new(lines).block(Block::bordered().title(" new game ")),
        rect,
    );
}
