//! The hexes in one of two sorted lists and not in the other, walked once: how a kept search
//! tells whether the hexes it was given have changed only where it never looked (the closing
//! searches of `movement::closing_searches`) or where its answer does not depend on them (the
//! radius traces of `command::reach_memo`).

use crate::data::HexId;

/// Whether no hex in one of the sorted lists `was` and `now` but not in the other is one that
/// `asked` says the search looked at.
pub fn changed_only_unasked(was: &[HexId], now: &[HexId], asked: impl Fn(HexId) -> bool) -> bool {
    let (mut i, mut j) = (0, 0);
    loop {
        let changed = match (was.get(i), now.get(j)) {
            (None, None) => return true,
            (Some(a), Some(b)) if a == b => {
                i += 1;
                j += 1;
                continue;
            }
            (Some(&a), Some(&b)) if a < b => {
                i += 1;
                a
            }
            (Some(&a), None) => {
                i += 1;
                a
            }
            (_, Some(&b)) => {
                j += 1;
                b
            }
        };
        if asked(changed) {
            return false;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hexes(ids: &[&str]) -> Vec<HexId> {
        let mut v: Vec<HexId> = ids.iter().map(|h| h.parse().expect("a hex id")).collect();
        v.sort();
        v
    }

    #[test]
    fn only_the_hexes_in_one_list_and_not_the_other_are_asked_about() {
        let was = hexes(&["A1.01", "A2.02", "A3.03"]);
        let now = hexes(&["A2.02", "A3.03", "A4.04"]);
        let asked_about = |h: HexId| hexes(&["A1.01", "A4.04"]).contains(&h);
        let changed: std::cell::RefCell<Vec<HexId>> = Default::default();
        assert!(changed_only_unasked(&was, &now, |h| {
            changed.borrow_mut().push(h);
            false
        }));
        assert_eq!(changed.into_inner(), hexes(&["A1.01", "A4.04"]));
        assert!(!changed_only_unasked(&was, &now, asked_about));
        assert!(changed_only_unasked(&was, &was, |_| true), "no change");
        assert!(!changed_only_unasked(&[], &now, |h| h == now[2]));
    }
}
