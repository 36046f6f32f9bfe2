//! The maps studied without a game (`adjutant maps bloody-roads-south --sheets A,B`), as the
//! web's maps page shows them: Map A, Map B or both joined, drawn whole as text (with the ways
//! off the map and the whole Turn Record Track) or as an SVG document; no view, so nobody on
//! them.

use serde_json::Value;

use crate::atlas::whole;
use crate::grid::Grid;
use crate::svg::draw;
use crate::words::list;

/// The sheets named by `sheets` ("A", "b", "A,B"; every sheet when empty), drawn as text or,
/// with `svg`, as an SVG document; or a sentence saying why they cannot be.
pub fn maps(data: &Value, sheets: &str, svg: bool) -> Result<String, String> {
    let known: Vec<char> = data["sheets"]
        .as_object()
        .ok_or("The maps are not known: the game's static data did not load.")?
        .keys()
        .filter_map(|k| k.chars().next())
        .collect();
    let mut letters = Vec::new();
    for part in sheets.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let asked = part.to_uppercase();
        let letter = asked
            .chars()
            .next()
            .filter(|c| asked.len() == 1 && known.contains(c));
        let Some(letter) = letter else {
            let names: Vec<String> = known.iter().map(|c| format!("Map {c}")).collect();
            return Err(format!(
                "There is no Map {part}: the sheets are {}.",
                list(&names)
            ));
        };
        letters.push(letter);
    }
    if letters.is_empty() {
        letters = known;
    }
    let grid = Grid::of_sheets(data, &letters)
        .ok_or("The maps are not known: the game's static data did not load.")?;
    Ok(if svg {
        draw(&grid, &Value::Null, data)
    } else {
        whole(&grid, &Value::Null, data)
    })
}
