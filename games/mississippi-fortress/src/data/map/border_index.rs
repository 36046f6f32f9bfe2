//! Which border joins two Areas, looked up in a table indexed by both Area numbers: the
//! movement and communication rules ask it thousands of times per action listing, and a hash
//! of the pair cost more than the rest of the lookup (a twentieth of a whole replay).

use crate::data::ids::AreaId;

/// Areas are numbered 1 to [`AreaId::LAST`]; the table has a row and a column for each number
/// up to it (row and column 0 stay empty).
const SIDE: usize = AreaId::LAST as usize + 1;

/// No border between the pair.
const NONE: u16 = u16::MAX;

/// The index of the border between each pair of Areas, in either order.
#[derive(Clone, Debug)]
pub(super) struct BorderIndex {
    /// `SIDE × SIDE` entries, both orders of each pair filled.
    cells: Box<[u16]>,
}

impl Default for BorderIndex {
    fn default() -> Self {
        Self {
            cells: vec![NONE; SIDE * SIDE].into_boxed_slice(),
        }
    }
}

impl BorderIndex {
    fn cell(a: AreaId, b: AreaId) -> Option<usize> {
        let (a, b) = (usize::from(a.0), usize::from(b.0));
        (a < SIDE && b < SIDE).then_some(a * SIDE + b)
    }

    /// Records border `i` between `a` and `b`. `Err` with a sentence when an Area is not on
    /// the map or the pair already has a border.
    pub(super) fn insert(&mut self, a: AreaId, b: AreaId, i: usize) -> Result<(), String> {
        let (Some(ab), Some(ba)) = (Self::cell(a, b), Self::cell(b, a)) else {
            return Err(format!("border {}|{} names an Area off the map", a.0, b.0));
        };
        let i = u16::try_from(i)
            .ok()
            .filter(|&i| i != NONE)
            .ok_or("too many borders")?;
        if self.cells[ab] != NONE {
            return Err(format!("border {}|{} is listed twice", a.0, b.0));
        }
        self.cells[ab] = i;
        self.cells[ba] = i;
        Ok(())
    }

    /// The index of the border between `a` and `b`, in either order.
    pub(super) fn get(&self, a: AreaId, b: AreaId) -> Option<usize> {
        let at = Self::cell(a, b)?;
        let i = self.cells[at];
        (i != NONE).then_some(usize::from(i))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_border_is_found_in_either_order_and_only_once() {
        let mut index = BorderIndex::default();
        index.insert(AreaId(3), AreaId(7), 5).expect("a new border");
        assert_eq!(index.get(AreaId(3), AreaId(7)), Some(5));
        assert_eq!(index.get(AreaId(7), AreaId(3)), Some(5));
        assert_eq!(index.get(AreaId(3), AreaId(8)), None);
        assert!(
            index.insert(AreaId(7), AreaId(3), 6).is_err(),
            "listed twice"
        );
        assert!(
            index.insert(AreaId(3), AreaId(200), 6).is_err(),
            "off the map"
        );
        assert_eq!(index.get(AreaId(3), AreaId(200)), None);
    }
}
