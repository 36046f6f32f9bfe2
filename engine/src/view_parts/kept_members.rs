//! A struct's members as parts ([`members`]) kept for each viewer from its last view while
//! the struct is what they were written from: a view's small members (the turn, the phase,
//! the orders given) change at a few actions in many, so most views compare the struct and
//! reuse the texts, and an update knows those members unchanged by their pointers.

use serde::Serialize;

use super::{Key, Part, ViewCache, members};
use crate::side::Viewer;

/// Per viewer ([`Viewer::index`]), the struct last written and its members' parts
/// ([`ViewCache`]: not part of the state; a clone starts empty).
#[derive(Debug)]
pub struct KeptMembers<T>(ViewCache<[Option<Kept<T>>; 4]>);

/// What a viewer's members were written from, and their parts.
type Kept<T> = (T, Vec<(Key, Part)>);

impl<T> Default for KeptMembers<T> {
    fn default() -> Self {
        KeptMembers(ViewCache::default())
    }
}

/// A clone (the undo stack's copy of a state) starts empty, as [`ViewCache`]'s does.
impl<T> Clone for KeptMembers<T> {
    fn clone(&self) -> Self {
        KeptMembers::default()
    }
}

impl<T: PartialEq + Serialize> KeptMembers<T> {
    /// The members of `value` (everything `viewer` may know of them, as the game built it):
    /// the parts kept from this viewer's last view if that view's struct was equal, else
    /// written (then kept).
    pub fn members(&self, viewer: Viewer, value: T) -> Vec<(Key, Part)> {
        self.members_of(viewer, value, |value| members(value))
    }
}

impl<T: PartialEq> KeptMembers<T> {
    /// The members `write` gives, where `from` is everything they are written from (so
    /// equal `from`s give equal members): those kept from this viewer's last view if its
    /// `from` was equal, else `write`'s (then kept with `from`). Debug builds check every
    /// reuse against `write`.
    pub fn members_of(
        &self,
        viewer: Viewer,
        from: T,
        write: impl FnOnce(&T) -> Vec<(Key, Part)>,
    ) -> Vec<(Key, Part)> {
        let mut kept = self.0.lock();
        let slot = &mut kept[viewer.index()];
        if let Some((was, parts)) = slot.as_ref()
            && *was == from
        {
            #[cfg(debug_assertions)]
            {
                let texts = |parts: &[(Key, Part)]| -> Vec<(Key, String)> {
                    parts.iter().map(|(k, p)| (k.clone(), p.text())).collect()
                };
                assert_eq!(
                    texts(parts),
                    texts(&write(&from)),
                    "kept members differ from the members written afresh"
                );
            }
            return parts.clone();
        }
        let parts = write(&from);
        *slot = Some((from, parts.clone()));
        parts
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::side::Side;
    use std::sync::Arc;

    #[derive(Serialize, PartialEq)]
    struct Standing {
        turn: u8,
        phase: &'static str,
    }

    fn texts(parts: &[(Key, Part)]) -> Vec<Arc<str>> {
        parts
            .iter()
            .map(|(_, p)| match p {
                Part::Text(t) => Arc::clone(t),
                _ => unreachable!("a member is one text"),
            })
            .collect()
    }

    #[test]
    fn an_equal_struct_shares_the_texts_a_changed_one_is_written_and_viewers_keep_their_own() {
        let kept = KeptMembers::default();
        let union = Viewer::Seat(Side::Union);
        let first = texts(&kept.members(
            union,
            Standing {
                turn: 1,
                phase: "a",
            },
        ));
        let again = texts(&kept.members(
            union,
            Standing {
                turn: 1,
                phase: "a",
            },
        ));
        assert!(first.iter().zip(&again).all(|(a, b)| Arc::ptr_eq(a, b)));
        // Another viewer's first view is written for it.
        let spectator = texts(&kept.members(
            Viewer::Spectator,
            Standing {
                turn: 1,
                phase: "a",
            },
        ));
        assert!(!Arc::ptr_eq(&first[0], &spectator[0]));
        // A change is written again: the new text, not the kept one.
        let moved = texts(&kept.members(
            union,
            Standing {
                turn: 2,
                phase: "a",
            },
        ));
        assert_eq!((&*moved[0], &*moved[1]), ("2", "\"a\""));
        assert!(!Arc::ptr_eq(&first[0], &moved[0]));
        // A clone (an undo copy) starts empty.
        let copy = kept.clone();
        let fresh = texts(&copy.members(
            union,
            Standing {
                turn: 2,
                phase: "a",
            },
        ));
        assert!(!Arc::ptr_eq(&moved[0], &fresh[0]));
    }

    /// A game whose `from` leaves out something its members are written from is caught by
    /// the debug builds' check of every reuse.
    #[cfg(debug_assertions)]
    #[test]
    #[should_panic(expected = "kept members differ")]
    fn a_reuse_whose_from_missed_a_change_is_caught_in_debug_builds() {
        let kept = KeptMembers::default();
        let union = Viewer::Seat(Side::Union);
        let phase_only = |turn: u8| move |phase: &&'static str| members(&Standing { turn, phase });
        kept.members_of(union, "a", phase_only(1));
        kept.members_of(union, "a", phase_only(2));
    }
}
