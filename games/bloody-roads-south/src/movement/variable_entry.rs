//! Variable reinforcement entry chosen at set-up (rules 4.3, 4.5a, 4.5b; reference 4.3,
//! section 5): in Scenario 6 the Confederate player chooses, secretly, where each of his
//! reinforcement groups of 6 May enters.
//!
//! **Decisions.**
//! - Each group whose printed line names an entry group (`data/variants.toml`) is one secret
//!   choice of the Confederate seat, `entry-<group>`, made when taking the seat (as 4.5c is):
//!   one of the group's hexes, its default being the printed entry. No action of the game
//!   makes it, so the Confederate's number of set-up actions never tells it.
//! - 4.5b (Longstreet moves further east) is chosen with 1 Corps' entry: its two hexes (Entry F,
//!   B39.01, and B29.01) are values of the same choice, so that the variant and its hex are
//!   never in conflict; choosing one puts the variant in play (4 VP to the Union, 5.1e).
//! - 4.5a (Pickett joins) is the seat's secret `pickett-joins`; the division's entry is the
//!   choice `entry-pickett`: with the rest of 1 Corps (its hex and turn), or Entry F or B29.01
//!   two turns after 1 Corps arrives. Without 4.5a that choice does nothing.
//! - A group arrives on its printed turn plus the turns its hex adds (4.3b: 3 at A1.10 or
//!   A1.01 for 1 Corps; 4.5b: 2). It enters as every reinforcement does
//!   (`reinforcements`); where and when it enters is public at once (16.3), which is the
//!   book's "shown to the Union player on the turn of entry". A secret variant without
//!   counters of its own (4.5b) is revealed then with a public event.
//! - Orders for Longstreet's corps and A/3 written at set-up (4.3a) are pre-set orders that
//!   replace the groups' printed ones (`command::group_orders`); the others enter with their
//!   printed orders (6.0d).

use adjutant_engine::Side;

use crate::data::HexId;
use crate::data::reinforcement::Reinforcement;
use crate::data::variant::{EntryGroup, EntryGroupId};
use crate::model::game::BloodyRoadsSouth;

pub use crate::data::variant::EntryChoice;
use crate::setup::entry_choices::WITH;

impl BloodyRoadsSouth {
    /// A group's entry: as chosen (at set-up, or in play in Scenario 5), else its default.
    pub(crate) fn entry_choice(&self, g: &EntryGroup) -> Option<EntryChoice> {
        if let Some((_, c)) = self.entries.iter().find(|(id, _)| id == &g.id) {
            return Some(*c);
        }
        if g.default == WITH {
            return Some(EntryChoice::WithGroup);
        }
        g.default.parse().ok().map(EntryChoice::Hex)
    }

    /// The line of the scenario that brings entry group `id`, in play.
    pub(crate) fn group_line(&self, id: &EntryGroupId) -> Option<&'static Reinforcement> {
        self.scenario()
            .confederate
            .reinforcements
            .iter()
            .find(|r| r.entry_group.as_ref() == Some(id) && r.in_play(&self.variants))
    }

    /// Where and on which turn (an index on the Turn Record Track) a line's units arrive: its
    /// printed turn, or its group's chosen hex and the turns that adds (module docs);
    /// `None` for the hex of a line without an entry group (its printed entries apply).
    pub(crate) fn reinforcement_arrival(&self, r: &Reinforcement) -> (Option<HexId>, Option<u16>) {
        let printed = crate::data::turn_record()
            .index_of(r.turn)
            .map(|i| i as u16);
        let Some(g) = r
            .entry_group
            .as_ref()
            .and_then(|g| crate::data::variants().entry_group(g))
        else {
            return (None, printed);
        };
        match (self.entry_choice(g), &g.with_group) {
            (Some(EntryChoice::WithGroup), Some(with)) => match self.group_line(with) {
                Some(line) => self.reinforcement_arrival(line),
                None => (None, printed),
            },
            (Some(EntryChoice::Hex(hex)), Some(with)) => {
                let after = self
                    .group_line(with)
                    .and_then(|l| self.reinforcement_arrival(l).1);
                let turn = after.or(printed).map(|t| {
                    t + u16::from(g.delay_after_group.unwrap_or(0)) + u16::from(g.delay_at(hex))
                });
                (Some(hex), turn)
            }
            (Some(EntryChoice::Hex(hex)), None) => {
                (Some(hex), printed.map(|t| t + u16::from(g.delay_at(hex))))
            }
            _ => (None, printed),
        }
    }

    /// Where (a chosen hex, else the printed entries apply) and when a waiting reinforcement
    /// of `side` is due: for its owner's view.
    pub(crate) fn arrival_of(
        &self,
        side: Side,
        id: &crate::data::UnitId,
    ) -> Option<(Option<HexId>, Option<u16>)> {
        self.scenario()
            .side(side)
            .reinforcements
            .iter()
            .find(|r| r.in_play(&self.variants) && r.units.contains(id))
            .map(|r| self.reinforcement_arrival(r))
    }

    /// True when a secret variant without counters of its own (4.5b) has been revealed: a
    /// unit of the entry group it travels with is on the map.
    pub(crate) fn revealed_with_group(&self, group: &EntryGroupId) -> bool {
        self.group_line(group).is_some_and(|line| {
            line.units.iter().any(|u| {
                self.key(Side::Confederate, u)
                    .is_some_and(|k| self.unit(k).on_map())
            })
        })
    }
}
