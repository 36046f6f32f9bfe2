//! Every counter of a game, with a stamp telling which version of them this is.
//!
//! What is found from the counters alone (each hex's stack, the hexes that block a side's
//! radius traces, the enemy's zones of control as a side sees them) may be kept by the stamp
//! and serves as long as the stamp is the same (`command::read_whole`). The stamp is fresh,
//! taken from one count for the whole process (a game may move between threads), whenever
//! the counters are made, read from a record, or lent out to be changed ([`Counters::edit`]:
//! the only way to change them, so the compiler sees to it that no change goes unstamped);
//! a clone shares its original's stamp until either is changed, as it shares its counters.
//!
//! Each side's counters carry a stamp of their own as well, fresh whenever one of that side's
//! counters may have changed ([`Counters::edit_one`] names the counter; [`Counters::edit`]
//! freshens both): what is found from one side's counters alone (the enemy's part of a side's
//! blocked hexes, `command::enemy_blocking`) is kept by it while the other side moves. A
//! counter's side never changes (it is printed on it).
//!
//! The counters also keep a short journal of the counters lent out one by one since a recent
//! version ([`Counters::lent_since`]): what was found from an earlier version (each hex's
//! stack) is brought up to date from those few counters, without a pass over every counter.
//! The journal is not part of the state: not recorded, empty in counters read from a record
//! or lent out whole; a clone keeps it, as the versions it names are its own history too.

use std::ops::Deref;
use std::sync::atomic::{AtomicU64, Ordering};

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use adjutant_engine::Side;

use crate::model::unit::{Unit, UnitKey};

/// The last stamp handed out.
static STAMPS: AtomicU64 = AtomicU64::new(0);

/// The most counters lent out one by one that the journal remembers ([`Counters::lent_since`]).
const JOURNAL: usize = 32;

/// A stamp no version of any game's counters has had yet.
fn fresh() -> u64 {
    STAMPS.fetch_add(1, Ordering::Relaxed) + 1
}

/// Every counter of both sides, indexed by [`crate::model::unit::UnitKey`]; read as a slice,
/// changed through [`Counters::edit`]. Recorded as the list of counters alone.
#[derive(Debug, Clone)]
pub struct Counters {
    units: Vec<Unit>,
    /// Which version of the counters this is (module docs).
    stamp: u64,
    /// Which version of each side's counters this is, by [`Side::index`] (module docs).
    sides: [u64; 2],
    /// The journal (module docs): each counter lent out by [`Counters::edit_one`], with the
    /// stamp the counters had before, oldest first; at most [`JOURNAL`], the oldest forgotten.
    lent: Vec<(u64, UnitKey)>,
}

impl Counters {
    /// These counters, with a fresh stamp.
    pub(crate) fn new(units: Vec<Unit>) -> Counters {
        Counters {
            units,
            stamp: fresh(),
            sides: [fresh(), fresh()],
            lent: Vec::new(),
        }
    }

    /// Which version of the counters this is.
    pub(crate) fn stamp(&self) -> u64 {
        self.stamp
    }

    /// Which version of `side`'s counters this is.
    pub(crate) fn side_stamp(&self, side: Side) -> u64 {
        self.sides[side.index()]
    }

    /// The counters lent out to be changed since the version stamped `stamp`, oldest first
    /// (a counter may be named more than once): every counter that may differ from that
    /// version's; none when `stamp` is this version's. `None` when the journal does not reach
    /// back to that version (another game's, forgotten, or before all were lent out).
    pub(crate) fn lent_since(&self, stamp: u64) -> Option<impl Iterator<Item = UnitKey> + '_> {
        let from = if stamp == self.stamp {
            self.lent.len()
        } else {
            self.lent.iter().position(|&(before, _)| before == stamp)?
        };
        Some(self.lent[from..].iter().map(|&(_, k)| k))
    }

    /// The counters, to change them: they and both sides' take fresh stamps.
    pub(crate) fn edit(&mut self) -> &mut Vec<Unit> {
        self.stamp = fresh();
        self.sides = [fresh(), fresh()];
        self.lent.clear();
        &mut self.units
    }

    /// One counter, to change it (not its side): the counters and its side's take fresh
    /// stamps.
    pub(crate) fn edit_one(&mut self, k: UnitKey) -> &mut Unit {
        let unit = &mut self.units[k.index()];
        if self.lent.len() == JOURNAL {
            self.lent.remove(0);
        }
        self.lent.push((self.stamp, k));
        self.stamp = fresh();
        self.sides[unit.side.index()] = fresh();
        debug_assert!(
            self.sides[unit.side.opponent().index()] != self.sides[unit.side.index()],
            "stamps are distinct"
        );
        unit
    }
}

impl Deref for Counters {
    type Target = [Unit];

    fn deref(&self) -> &[Unit] {
        &self.units
    }
}

impl Serialize for Counters {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.units.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Counters {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Counters, D::Error> {
        Vec::<Unit>::deserialize(deserializer).map(Counters::new)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::unit::{Formation, UnitKind};

    #[test]
    fn a_change_or_a_reading_gives_a_fresh_stamp_a_clone_shares_its_originals_and_one_counter_freshens_its_sides()
     {
        let unit = Unit::new(
            crate::data::UnitId("1".into()),
            Side::Union,
            UnitKind::Brigade,
            Formation::Line,
        );
        let mut a = Counters::new(vec![unit]);
        let b = a.clone();
        assert_eq!(a.stamp(), b.stamp(), "the same counters");
        a.edit()[0].z = 7;
        assert_ne!(a.stamp(), b.stamp(), "changed");
        let (union, confederate) = (a.side_stamp(Side::Union), a.side_stamp(Side::Confederate));
        a.edit_one(UnitKey(0)).z = 8;
        assert_ne!(a.side_stamp(Side::Union), union, "a Union counter changed");
        assert_eq!(
            a.side_stamp(Side::Confederate),
            confederate,
            "no Confederate counter changed"
        );
        a.edit();
        assert_ne!(a.side_stamp(Side::Confederate), confederate, "any may have");
        let json = serde_json::to_string(&a).expect("counters serialise");
        let c: Counters = serde_json::from_str(&json).expect("and deserialise");
        assert_ne!(c.stamp(), a.stamp(), "read from a record");
        assert_eq!(c[0].z, 8);
    }

    #[test]
    fn the_journal_names_every_counter_lent_out_since_a_version_it_reaches() {
        let unit = |id: &str| {
            Unit::new(
                crate::data::UnitId(id.into()),
                Side::Union,
                UnitKind::Brigade,
                Formation::Line,
            )
        };
        let mut a = Counters::new(vec![unit("1"), unit("2"), unit("3")]);
        let start = a.stamp();
        let named = |c: &Counters, stamp| c.lent_since(stamp).map(Iterator::collect::<Vec<_>>);
        assert_eq!(named(&a, start), Some(vec![]), "this version");
        a.edit_one(UnitKey(2)).z = 1;
        let middle = a.stamp();
        a.edit_one(UnitKey(0)).z = 1;
        a.edit_one(UnitKey(2)).z = 2;
        assert_eq!(
            named(&a, start),
            Some(vec![UnitKey(2), UnitKey(0), UnitKey(2)])
        );
        assert_eq!(named(&a, middle), Some(vec![UnitKey(0), UnitKey(2)]));
        let mut b = a.clone();
        let shared = b.stamp();
        b.edit_one(UnitKey(1)).z = 1;
        assert_eq!(
            named(&b, middle),
            Some(vec![UnitKey(0), UnitKey(2), UnitKey(1)])
        );
        a.edit_one(UnitKey(0)).z = 3;
        assert_eq!(named(&a, b.stamp()), None, "another line of versions");
        assert_eq!(named(&a, shared), Some(vec![UnitKey(0)]));
        for _ in 0..JOURNAL {
            a.edit_one(UnitKey(1)).z += 1;
        }
        assert_eq!(named(&a, shared), None, "forgotten");
        let recent = a.stamp();
        a.edit_one(UnitKey(1)).z += 1;
        assert_eq!(named(&a, recent), Some(vec![UnitKey(1)]));
        a.edit();
        assert_eq!(named(&a, recent), None, "all lent out");
        let json = serde_json::to_string(&a).expect("counters serialise");
        let c: Counters = serde_json::from_str(&json).expect("and deserialise");
        assert_eq!(named(&c, a.stamp()), None, "read from a record");
    }
}
