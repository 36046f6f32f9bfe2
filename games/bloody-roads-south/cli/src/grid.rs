//! The hex grid of the sheets in play, read from the static data (`sheets`, `roads`,
//! `railroad`, `streams`, `scenarios`): hex ids to cells of one frame and back, the terrain,
//! level, road and stream of each cell. Geometry of the rules reference, section 1.2:
//! flat-topped hexes in vertical hexrows, even hexrows half a hex higher; `B(c, r)` is cell
//! `(c, r)`, `A(c, r)` is cell `(c + dx, r + dy)` with the sheet's `offset` (−6, 34).

use serde_json::Value;
use std::collections::{HashMap, HashSet};

/// A cell of the joined maps: (hexrow, hex) in Map B's numbering; the hex number grows north.
pub type Cell = (i32, i32);

/// The six hexside directions, clockwise from north.
pub const DIRECTIONS: [&str; 6] = ["N", "NE", "SE", "S", "SW", "NW"];

/// A book hex id split: sheet letter, hexrow, hex (`A17.10` → ('A', 17, 10)).
pub fn parse(id: &str) -> Option<(char, i32, i32)> {
    let mut chars = id.chars();
    let sheet = chars.next().filter(|c| c.is_ascii_uppercase())?;
    let (row, hex) = chars.as_str().split_once('.')?;
    let digits = |t: &str| !t.is_empty() && t.len() <= 2 && t.bytes().all(|b| b.is_ascii_digit());
    if !digits(row) || !digits(hex) || hex.len() != 2 {
        return None;
    }
    Some((sheet, row.parse().ok()?, hex.parse().ok()?))
}

/// The neighbour of `cell` across hexside `dir` (an index of [`DIRECTIONS`]).
pub fn neighbour((c, r): Cell, dir: usize) -> Cell {
    let even = c.rem_euclid(2) == 0;
    match (dir, even) {
        (0, _) => (c, r + 1),
        (3, _) => (c, r - 1),
        (1, true) => (c + 1, r + 1),
        (1, false) => (c + 1, r),
        (2, true) => (c + 1, r),
        (2, false) => (c + 1, r - 1),
        (4, true) => (c - 1, r),
        (4, false) => (c - 1, r - 1),
        (_, true) => (c - 1, r + 1),
        (_, false) => (c - 1, r),
    }
}

/// One sheet of the static data.
struct Sheet {
    letter: char,
    hexrows: (i32, i32),
    hexes: (i32, i32),
    offset: (i32, i32),
    terrain: Vec<Vec<char>>,
    levels: Vec<Vec<char>>,
}

impl Sheet {
    fn read(letter: char, v: &Value) -> Option<Sheet> {
        let pair = |x: &Value| -> Option<(i32, i32)> {
            Some((x[0].as_i64()? as i32, x[1].as_i64()? as i32))
        };
        let strings = |x: &Value| -> Vec<Vec<char>> {
            x.as_array()
                .into_iter()
                .flatten()
                .map(|s| s.as_str().unwrap_or("").chars().collect())
                .collect()
        };
        Some(Sheet {
            letter,
            hexrows: pair(&v["hexrows"])?,
            hexes: pair(&v["hexes"])?,
            offset: pair(&v["offset"]).unwrap_or((0, 0)),
            terrain: strings(&v["terrain"]),
            levels: strings(&v["levels"]),
        })
    }

    /// The book (hexrow, hex) of a cell, if the cell is on this sheet.
    fn book(&self, (c, r): Cell) -> Option<(i32, i32)> {
        let (col, hex) = (c - self.offset.0, r - self.offset.1);
        let inside = (self.hexrows.0..=self.hexrows.1).contains(&col)
            && (self.hexes.0..=self.hexes.1).contains(&hex);
        inside.then_some((col, hex))
    }

    fn at(&self, table: &[Vec<char>], cell: Cell) -> Option<char> {
        let (col, hex) = self.book(cell)?;
        let row = table.get((col - self.hexrows.0) as usize)?;
        row.get((hex - self.hexes.0) as usize).copied()
    }
}

/// The road classes, most important first, with the letter the text map marks them by.
pub const ROAD_MARKS: [(&str, char, &str); 4] = [
    ("pike", 'P', "pike"),
    ("primary", 'R', "primary road"),
    ("secondary", 'r', "secondary road"),
    ("trail", 't', "trail"),
];

/// The mark of the Unfinished Railroad.
pub const RAILROAD_MARK: char = '#';

/// The sheets in play and what lies on each cell.
pub struct Grid {
    sheets: Vec<Sheet>,
    /// Best road (an index of [`ROAD_MARKS`]) through each cell.
    roads: HashMap<Cell, usize>,
    railroad: HashSet<Cell>,
    /// Hexsides with a stream, from both of their hexes: (cell, direction index).
    streams: HashSet<(Cell, usize)>,
}

impl Grid {
    /// The grid of the sheets scenario `scenario` uses (every sheet if the data does not
    /// say), or `None` without static data.
    pub fn new(data: &Value, scenario: &str) -> Option<Grid> {
        let maps = data["scenarios"]
            .as_array()
            .into_iter()
            .flatten()
            .find(|s| s["id"] == scenario)
            .and_then(|s| s["maps"].as_str())
            .unwrap_or("Both");
        let letters: &[char] = match maps {
            "A" => &['A'],
            "B" => &['B'],
            _ => &['A', 'B'],
        };
        Grid::of_sheets(data, letters)
    }

    /// The grid of the sheets `letters` (those of them the data has), or `None` if none is.
    pub fn of_sheets(data: &Value, letters: &[char]) -> Option<Grid> {
        let mut sheets: Vec<Sheet> = data["sheets"]
            .as_object()?
            .iter()
            .filter_map(|(k, v)| Sheet::read(k.chars().next()?, v))
            .filter(|s| letters.contains(&s.letter))
            .collect();
        // Where two sheets share a row of hexes, the first sheet's id names it (A, as the
        // rules do).
        sheets.sort_by_key(|s| s.letter);
        if sheets.is_empty() {
            return None;
        }
        let mut grid = Grid {
            sheets,
            roads: HashMap::new(),
            railroad: HashSet::new(),
            streams: HashSet::new(),
        };
        for road in data["roads"].as_array().into_iter().flatten() {
            let Some(mark) = ROAD_MARKS.iter().position(|m| road["class"] == m.0) else {
                continue;
            };
            for cell in grid.path(&road["path"]) {
                let best = grid.roads.entry(cell).or_insert(mark);
                *best = (*best).min(mark);
            }
        }
        grid.railroad = grid.path(&data["railroad"]["path"]).into_iter().collect();
        for stream in data["streams"].as_array().into_iter().flatten() {
            for side in stream["hexsides"].as_array().into_iter().flatten() {
                let Some((hex, dir)) = side.as_str().and_then(|s| s.split_once(':')) else {
                    continue;
                };
                let (Some(cell), Some(d)) =
                    (grid.cell(hex), DIRECTIONS.iter().position(|x| *x == dir))
                else {
                    continue;
                };
                grid.streams.insert((cell, d));
                grid.streams.insert((neighbour(cell, d), (d + 3) % 6));
            }
        }
        Some(grid)
    }

    fn path(&self, path: &Value) -> Vec<Cell> {
        path.as_array()
            .into_iter()
            .flatten()
            .filter_map(|h| self.cell(h.as_str()?))
            .collect()
    }

    /// The cell of a hex id (of any sheet of the data, in play or not).
    pub fn cell(&self, id: &str) -> Option<Cell> {
        let (letter, col, hex) = parse(id)?;
        let offset = match self.sheets.iter().find(|s| s.letter == letter) {
            Some(s) => s.offset,
            // A sheet not in play: the standard join of the reference (A is B shifted).
            None if letter == 'A' => (-6, 34),
            None => (0, 0),
        };
        Some((col + offset.0, hex + offset.1))
    }

    /// The book id of a cell on a sheet in play (the first sheet's where two share a row).
    pub fn id(&self, cell: Cell) -> Option<String> {
        self.ids(cell).into_iter().next()
    }

    /// Every book id of a cell on the sheets in play: two on the row joined sheets share.
    pub fn ids(&self, cell: Cell) -> Vec<String> {
        self.sheets
            .iter()
            .filter_map(|s| {
                let (col, hex) = s.book(cell)?;
                Some(format!("{}{col}.{hex:02}", s.letter))
            })
            .collect()
    }

    /// True when the cell is on a sheet in play.
    pub fn in_play(&self, cell: Cell) -> bool {
        self.sheets.iter().any(|s| s.book(cell).is_some())
    }

    /// 'c' clear or 'w' wilderness.
    pub fn terrain(&self, cell: Cell) -> char {
        self.sheets
            .iter()
            .find_map(|s| s.at(&s.terrain, cell))
            .unwrap_or(' ')
    }

    /// The elevation level, a digit.
    pub fn level(&self, cell: Cell) -> char {
        self.sheets
            .iter()
            .find_map(|s| s.at(&s.levels, cell))
            .unwrap_or(' ')
    }

    /// The mark of the best road or trail through the cell, else the railroad's, else ' '.
    pub fn road(&self, cell: Cell) -> char {
        match self.roads.get(&cell) {
            Some(&i) => ROAD_MARKS[i].1,
            None if self.railroad.contains(&cell) => RAILROAD_MARK,
            None => ' ',
        }
    }

    /// True when a stream runs along hexside `dir` of the cell.
    pub fn stream(&self, cell: Cell, dir: usize) -> bool {
        self.streams.contains(&(cell, dir))
    }

    /// The cells in play: (min hexrow, max hexrow, min hex, max hex) of the frame.
    pub fn bounds(&self) -> (i32, i32, i32, i32) {
        let mut b = (i32::MAX, i32::MIN, i32::MAX, i32::MIN);
        for s in &self.sheets {
            b.0 = b.0.min(s.hexrows.0 + s.offset.0);
            b.1 = b.1.max(s.hexrows.1 + s.offset.0);
            b.2 = b.2.min(s.hexes.0 + s.offset.1);
            b.3 = b.3.max(s.hexes.1 + s.offset.1);
        }
        b
    }

    /// The sheets in play, by letter ("A", "A and B").
    pub fn sheet_names(&self) -> String {
        let letters: Vec<String> = self.sheets.iter().map(|s| s.letter.to_string()).collect();
        letters.join(" and ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_parse_and_neighbours_follow_the_stagger() {
        assert_eq!(parse("A17.10"), Some(('A', 17, 10)));
        assert_eq!(parse("B1.21"), Some(('B', 1, 21)));
        assert_eq!(parse("1/1/5"), None);
        assert_eq!(parse("A17.1"), None);
        // Even hexrows sit higher: NE of an even hexrow is one hex up, of an odd one level.
        assert_eq!(neighbour((16, 10), 1), (17, 11));
        assert_eq!(neighbour((17, 10), 1), (18, 10));
        assert_eq!(neighbour((17, 10), 4), (16, 9));
        assert_eq!(neighbour((-5, 10), 2), (-4, 9));
        for c in -3..3 {
            for d in 0..6 {
                assert_eq!(neighbour(neighbour((c, 7), d), (d + 3) % 6), (c, 7));
            }
        }
    }
}
