//! Extended lines at set-up (rule 6.0h; series 17.0; reference 6.0h, 2.5): "Once placed into
//! the listed hex, Brigades, which may otherwise do so, may be set up with extended lines into
//! adjacent hexes."
//!
//! **Decisions.**
//! - They go with `FinishSetUp` as its `extensions` list (one entry a part, the brigade named
//!   by its id, the part by its hex), like the facings and formations (`choices`): one action
//!   however many brigades extend, so the count of actions tells nothing (reference 5.2).
//! - "Which may otherwise do so" is `Extend`'s legality without its movement cost: a brigade
//!   of the player's in line (after the list's formations) with a fire level of at least B
//!   for one part and AA for two; the hex next to it, in play, one a unit in line could enter
//!   from its hex, within the 9th Corps' limits, not already holding a part of it, and able
//!   to take the part's share (evenly split, S17.0) within 3 A fire levels. The parent stays
//!   in its listed hex.
//! - The enemy's set-up is secret until both have finished (6.0), so an entry is never
//!   refused for an enemy counter: that would tell where it stands. When the set-ups are
//!   revealed, a part whose hex holds an enemy counter rejoins its brigade, told to its owner
//!   alone (the set-ups appear together; nothing of it was ever on the opponent's map).
//! - The player's own view lists, while `FinishSetUp` is offered, each brigade whose fire
//!   level allows a part, with how many and the adjacent hexes a unit in line could enter
//!   (`setup_extensions`); the other conditions are checked when the list is posted.

use adjutant_engine::Side;
use serde_json::{Value, json};

use crate::data::HexId;
use crate::events::{EventKind, Fx};
use crate::model::action::{Action, SetUpExtension};
use crate::model::game::BloodyRoadsSouth;
use crate::model::unit::{Formation, UnitKey, UnitKind};
use crate::refusal::ExtensionBar;
use crate::setup::placement::STACK_C_UNITS;

impl BloodyRoadsSouth {
    /// The brigade and the hex of a set-up extension, if the brigade may have it now (module
    /// docs).
    pub(crate) fn setup_extension(
        &self,
        side: Side,
        e: &SetUpExtension,
    ) -> Result<(UnitKey, HexId), ExtensionBar> {
        let k = self
            .key(side, &e.unit)
            .filter(|&k| {
                let u = self.unit(k);
                u.kind == UnitKind::Brigade && u.part_of.is_none() && u.on_map()
            })
            .ok_or(ExtensionBar::NotABrigade)?;
        let here = self.unit(k).hex().ok_or(ExtensionBar::NotABrigade)?;
        if self.unit(k).formation != Formation::Line {
            return Err(ExtensionBar::NotInLine);
        }
        let parts = self.parts_of(k);
        if parts.len() >= self.parts_allowed(k) {
            return Err(ExtensionBar::FireLevel);
        }
        let map = crate::data::map();
        let hex = self
            .canonical(e.hex)
            .filter(|&h| map.in_play(h, self.maps()) && map.distance(here, h) == Some(1))
            .ok_or(ExtensionBar::NotAdjacent)?;
        if parts.iter().any(|&p| self.unit(p).hex() == Some(hex)) {
            return Err(ExtensionBar::Twice);
        }
        if self.unit_step(k, here, hex, false).is_err() {
            return Err(ExtensionBar::Terrain);
        }
        if self.breaks_ninth_limits(&[k], hex) {
            return Err(ExtensionBar::NinthCorps);
        }
        // Only the player's own counters count: the enemy's set-up is secret (module docs).
        let share = self.brigade_c_units(k) / (parts.len() as u8 + 2);
        let own: u16 = self
            .stack_of(hex, side)
            .into_iter()
            .filter(|&o| self.unit(o).kind == UnitKind::Brigade)
            .map(|o| u16::from(self.c_units(o)))
            .sum();
        if own + u16::from(share) > STACK_C_UNITS {
            return Err(ExtensionBar::Stacking);
        }
        Ok((k, hex))
    }

    /// When the set-ups are revealed: a part set up in a hex the enemy holds rejoins its
    /// brigade (module docs).
    pub(crate) fn extensions_meet_the_enemy(&mut self, fx: &mut Fx) {
        for k in self.keys().collect::<Vec<_>>() {
            let u = self.unit(k);
            let (Some(parent), Some(hex)) = (u.part_of, u.hex()) else {
                continue;
            };
            let side = u.side;
            if self.occupant_other_than(hex, side) {
                self.rejoin(parent, k);
                fx.private(
                    EventKind::SetUp,
                    side,
                    format!(
                        "The enemy holds {hex}: the extended line of {} is not set up there \
                         (6.0h).",
                        self.unit_name(side, &self.unit(parent).id.clone())
                    ),
                );
            }
        }
    }

    /// A counter of the other side than `side` stands in `hex`.
    fn occupant_other_than(&self, hex: HexId, side: Side) -> bool {
        self.units()
            .iter()
            .any(|u| u.side != side && u.hex() == Some(hex))
    }

    /// The set-up extensions menu of the player's own view (module docs), while he may finish
    /// setting up.
    pub(crate) fn setup_extensions_view(&self, side: Side) -> Option<Value> {
        let offered = self
            .actions_for(side)
            .iter()
            .any(|a| matches!(a, Action::FinishSetUp { .. }));
        if !offered {
            return None;
        }
        let entries: Vec<Value> = self
            .keys()
            .filter(|&k| {
                let u = self.unit(k);
                u.side == side
                    && u.kind == UnitKind::Brigade
                    && u.part_of.is_none()
                    && u.on_map()
                    && self.parts_allowed(k) > 0
            })
            .filter_map(|k| {
                let here = self.unit(k).hex()?;
                let hexes: Vec<HexId> = self
                    .neighbour_hexes(here)
                    .into_iter()
                    .filter(|&h| {
                        self.unit_step(k, here, h, false).is_ok()
                            && !self.breaks_ninth_limits(&[k], h)
                    })
                    .collect();
                Some(json!({
                    "unit": self.unit(k).id.as_str(),
                    "hex": here,
                    "parts": self.parts_allowed(k),
                    "hexes": hexes,
                }))
            })
            .collect();
        Some(Value::Array(entries))
    }
}
