//! The hex map as text: a window of hexes drawn as staggered boxes (a brick wall is a hex
//! grid: each box touches the box above and below it and two boxes on each side, as a hex
//! touches its six neighbours). Each box holds the hex's book id, terrain, level, road and
//! whether an offered action names it, then the stack in it. Streams run along the box
//! edges as `~`.

use std::collections::{HashMap, HashSet};

use crate::grid::{Cell, Grid};

/// Hexrows shown side by side (12 characters each: about 100 columns).
pub const COLS: i32 = 8;
/// Hexes shown in each hexrow.
pub const ROWS: i32 = 7;
/// Characters inside a box.
const INNER: usize = 11;
/// Columns per box (its left edge and its inside).
const STEP: usize = INNER + 1;

/// What the map shows of a stack in its box: two lines of 11 characters.
pub struct Mark {
    /// Side letter, facing arrow, top counter's formation, and `+N` / contents.
    pub line: String,
    /// The top counter's short name.
    pub name: String,
}

/// The cells shown: hexrows `cols`, hexes `rows` (inclusive) of the joined frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Window {
    pub cols: (i32, i32),
    pub rows: (i32, i32),
}

impl Window {
    /// The window of [`COLS`] × [`ROWS`] cells around `focus` (the middle of their extent, or
    /// of the map when there is none), kept inside the map.
    pub fn around(grid: &Grid, focus: &[Cell]) -> Window {
        let (c_min, c_max, r_min, r_max) = grid.bounds();
        let (cx, cy) = if focus.is_empty() {
            ((c_min + c_max) / 2, (r_min + r_max) / 2)
        } else {
            middle(focus)
        };
        let fit = |centre: i32, size: i32, lo: i32, hi: i32| {
            let start = (centre - size / 2).min(hi - size + 1).max(lo);
            (start, (start + size - 1).min(hi))
        };
        Window {
            cols: fit(cx, COLS, c_min, c_max),
            rows: fit(cy, ROWS, r_min, r_max),
        }
    }

    /// True when the cell is shown.
    pub fn shows(&self, (c, r): Cell) -> bool {
        (self.cols.0..=self.cols.1).contains(&c) && (self.rows.0..=self.rows.1).contains(&r)
    }
}

/// The centre of a set of cells: the middle of their extent when it fits in a window, else
/// the median cell (so that most of them are shown).
fn middle(cells: &[Cell]) -> Cell {
    let (c0, c1) = span(cells.iter().map(|c| c.0));
    let (r0, r1) = span(cells.iter().map(|c| c.1));
    if c1 - c0 < COLS && r1 - r0 < ROWS {
        return ((c0 + c1) / 2, (r0 + r1 + 1) / 2);
    }
    let mut cs: Vec<i32> = cells.iter().map(|c| c.0).collect();
    let mut rs: Vec<i32> = cells.iter().map(|c| c.1).collect();
    cs.sort_unstable();
    rs.sort_unstable();
    (cs[cs.len() / 2], rs[rs.len() / 2])
}

fn span(values: impl Iterator<Item = i32>) -> (i32, i32) {
    values.fold((i32::MAX, i32::MIN), |(lo, hi), v| (lo.min(v), hi.max(v)))
}

/// A character grid; edges drawn later never hide streams or corners drawn earlier.
struct Canvas(Vec<Vec<char>>);

impl Canvas {
    fn put(&mut self, y: usize, x: usize, ch: char) {
        let rank = |c: char| match c {
            '~' => 3,
            '+' => 2,
            '-' | '|' => 1,
            _ => 0,
        };
        if let Some(slot) = self.0.get_mut(y).and_then(|row| row.get_mut(x))
            && rank(ch) >= rank(*slot)
        {
            *slot = ch;
        }
    }

    fn text(&mut self, y: usize, x: usize, text: &str) {
        if let Some(row) = self.0.get_mut(y) {
            for (i, ch) in text.chars().take(INNER).enumerate() {
                if let Some(slot) = row.get_mut(x + i) {
                    *slot = ch;
                }
            }
        }
    }
}

/// Draws the window: one line of text per row of characters, north at the top.
pub fn draw(
    grid: &Grid,
    window: Window,
    marks: &HashMap<Cell, Mark>,
    targets: &HashSet<Cell>,
) -> Vec<String> {
    let cols = (window.cols.1 - window.cols.0 + 1) as usize;
    let rows = (window.rows.1 - window.rows.0 + 1) as usize;
    let height = rows * 4 + 3;
    let mut canvas = Canvas(vec![vec![' '; cols * STEP + 1]; height]);
    let place = |(c, r): Cell| -> (usize, usize) {
        let x = (c - window.cols.0) as usize * STEP;
        let y = (window.rows.1 - r) as usize * 4 + if c.rem_euclid(2) == 1 { 2 } else { 0 };
        (x, y)
    };
    let cells: Vec<Cell> = (window.cols.0..=window.cols.1)
        .flat_map(|c| (window.rows.0..=window.rows.1).map(move |r| (c, r)))
        .filter(|&cell| grid.in_play(cell))
        .collect();
    for &cell in &cells {
        let (x, y) = place(cell);
        for yy in [y, y + 4] {
            canvas.put(yy, x, '+');
            canvas.put(yy, x + STEP, '+');
            for xx in x + 1..x + STEP {
                canvas.put(yy, xx, '-');
            }
        }
        for yy in y + 1..y + 4 {
            canvas.put(yy, x, '|');
            canvas.put(yy, x + STEP, '|');
        }
        // Streams: N and S along the top and bottom edges, the others on half an edge.
        let stream_at: [(usize, Vec<(usize, usize)>); 6] = [
            (0, (x + 1..x + STEP).map(|xx| (y, xx)).collect()),
            (1, vec![(y + 1, x + STEP)]),
            (2, vec![(y + 3, x + STEP)]),
            (3, (x + 1..x + STEP).map(|xx| (y + 4, xx)).collect()),
            (4, vec![(y + 3, x)]),
            (5, vec![(y + 1, x)]),
        ];
        for (dir, spots) in stream_at {
            if grid.stream(cell, dir) {
                for (yy, xx) in spots {
                    canvas.put(yy, xx, '~');
                }
            }
        }
    }
    for &cell in &cells {
        let (x, y) = place(cell);
        let id = grid.id(cell).unwrap_or_default();
        let first = format!(
            "{id:<6} {}{}{}{}",
            grid.terrain(cell),
            grid.level(cell),
            grid.road(cell),
            if targets.contains(&cell) { '*' } else { ' ' }
        );
        canvas.text(y + 1, x + 1, &first);
        if let Some(mark) = marks.get(&cell) {
            canvas.text(y + 2, x + 1, &mark.line);
            canvas.text(y + 3, x + 1, &mark.name);
        }
    }
    canvas
        .0
        .into_iter()
        .map(|row| row.into_iter().collect::<String>().trim_end().to_string())
        .collect()
}
