//! Helpers shared by the chart loaders.

use crate::data::error::{DataError, ensure};
use crate::data::ids::Provenance;

/// The status of cell `index` in a row whose leftmost `printed_cells` cells are printed.
pub(crate) fn status(index: usize, printed_cells: usize) -> Provenance {
    if index < printed_cells {
        Provenance::Printed
    } else {
        Provenance::Reconstructed
    }
}

/// The row for a modified die roll on a chart whose rows are 1 to `rows` (S1.1b): a roll below 1
/// uses the first ("1 or less") row, a roll above the last row uses the last ("6+") row.
pub(crate) fn roll_row(modified_roll: i32, rows: usize) -> usize {
    let last = i32::try_from(rows).unwrap_or(1);
    usize::try_from(modified_roll.clamp(1, last) - 1).unwrap_or(0)
}

/// Checks a row of `cells` against the expected width and its printed-cell count.
pub(crate) fn check_row<T>(
    file: &'static str,
    what: &str,
    cells: &[T],
    width: usize,
    printed_cells: usize,
) -> Result<(), DataError> {
    ensure(cells.len() == width && printed_cells <= width, file, || {
        format!("{what}: expected {width} cells with at most {width} printed")
    })
}

/// Checks that a chart lists its die-roll rows as 1, 2, ... in order.
pub(crate) fn check_rolls(
    file: &'static str,
    rolls: impl Iterator<Item = u8>,
    expected: usize,
) -> Result<(), DataError> {
    let rolls: Vec<u8> = rolls.collect();
    let ok = rolls.len() == expected
        && rolls
            .iter()
            .enumerate()
            .all(|(i, &r)| usize::from(r) == i + 1);
    ensure(ok, file, || {
        format!("die-roll rows must be 1 to {expected} in order")
    })
}
