//! Every counter of a game, with a stamp telling which version of them this is.
//!
//! What is found from the counters alone (each hex's stack, the hexes that block a side's
//! radius traces, the enemy's zones of control as a side sees them) may be kept by the stamp
//! and serves as long as the stamp is the same (`command::read_whole`). The stamp is fresh,
//! taken from one count for the whole process (a game may move between threads), whenever
//! the counters are made, read from a record, or lent out to be changed ([`Counters::edit`]:
//! the only way to change them, so the compiler sees to it that no change goes unstamped);
//! a clone shares its original's stamp until either is changed, as it shares its counters.

use std::ops::Deref;
use std::sync::atomic::{AtomicU64, Ordering};

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::model::unit::Unit;

/// The last stamp handed out.
static STAMPS: AtomicU64 = AtomicU64::new(0);

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
}

impl Counters {
    /// These counters, with a fresh stamp.
    pub(crate) fn new(units: Vec<Unit>) -> Counters {
        Counters {
            units,
            stamp: fresh(),
        }
    }

    /// Which version of the counters this is.
    pub(crate) fn stamp(&self) -> u64 {
        self.stamp
    }

    /// The counters, to change them: they take a fresh stamp.
    pub(crate) fn edit(&mut self) -> &mut Vec<Unit> {
        self.stamp = fresh();
        &mut self.units
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
    use adjutant_engine::Side;

    #[test]
    fn a_change_or_a_reading_gives_a_fresh_stamp_and_a_clone_shares_its_originals() {
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
        let json = serde_json::to_string(&a).expect("counters serialise");
        let c: Counters = serde_json::from_str(&json).expect("and deserialise");
        assert_ne!(c.stamp(), a.stamp(), "read from a record");
        assert_eq!(c[0].z, 7);
    }
}
