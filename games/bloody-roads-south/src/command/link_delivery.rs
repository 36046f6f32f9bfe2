//! Orders by the Confederate off-map link (rule 4.2c; reference 2.3.3, 4.2): "Leaders and
//! Orders. 2 turns." An aide carrying a Confederate order may ride off the map at one end of
//! the link (A1.01 or B1.21) and come back on at the other two turns later, in the scenarios
//! that offer the link (`off_map_link = true`: every scenario on both maps, 4-7).
//!
//! **Decisions.**
//! - The aide takes the quicker way, by itself: over the map (S10.1e), or by the link — the
//!   turns of the ride from the sender to one end, plus the link's 2 turns (the chart's
//!   `leaders_and_orders`), plus the turns of the ride from the other end to the receiver,
//!   each ride reckoned as an aide's delivery is (leader MP of the cheapest path ÷ 10, rounded
//!   up; 0 when the sender or the receiver stands at the end). The player does not choose the
//!   route: the aides of S10.1e always ride the cheapest path, and the link is one more path.
//!   On a tie the map is taken.
//! - Aides ride around units and zones of control (S10.1e), so an end is never blocked for
//!   them; 4.2's alternative edge hexes are for units only.
//! - Only Confederate orders use it (4.2: "the Union player may never move units off-map");
//!   in person orders never travel. It serves every order an aide carries: the orders Lee
//!   writes, and his withdrawal orders of 3A.7.
//! - Nothing of it is public: the order, its route and its arrival are in the Confederate's
//!   own log, menu and events only (section 5), which name the link when it is the route.

use adjutant_engine::Side;

use crate::data::HexId;
use crate::data::charts::command::OrderMethod;
use crate::model::game::BloodyRoadsSouth;
use crate::model::order::Receiver;
use crate::model::unit::UnitKey;

impl BloodyRoadsSouth {
    /// Aide transit turns from `from` to `to` (S10.1e; rule 4.2c): the quicker of the ride
    /// over the map and the off-map link.
    pub(crate) fn aide_turns(&self, side: Side, from: HexId, to: HexId) -> u16 {
        let on_map = self.aide_turns_on_map(side, from, to);
        match self.link_aide_turns(side, from, to) {
            Some(by_link) if by_link < on_map => by_link,
            _ => on_map,
        }
    }

    /// True when an aide from `from` to `to` rides by the off-map link (rule 4.2c): it is
    /// offered to `side` and quicker than the map.
    pub(crate) fn aide_by_link(&self, side: Side, from: HexId, to: HexId) -> bool {
        self.link_aide_turns(side, from, to)
            .is_some_and(|t| t < self.aide_turns_on_map(side, from, to))
    }

    /// The turns of an aide's ride by the off-map link, through whichever end is quicker, if
    /// this game offers the link to `side` (rule 4.2c; module docs).
    fn link_aide_turns(&self, side: Side, from: HexId, to: HexId) -> Option<u16> {
        let [a, b] = self.link_ends(side)?;
        let off_map = u16::from(
            crate::data::charts()
                .special_rules
                .off_map
                .leaders_and_orders,
        );
        let via = |out: HexId, back: HexId| {
            self.aide_turns_on_map(side, from, out)
                + off_map
                + self.aide_turns_on_map(side, back, to)
        };
        Some(via(a, b).min(via(b, a)))
    }

    /// " by the off-map link (4.2c)" when writer `w`'s order to `receiver` by `method` rides
    /// the link, else nothing: for the writer's menu and log (module docs).
    pub(crate) fn route_words(
        &self,
        side: Side,
        w: UnitKey,
        receiver: &Receiver,
        method: OrderMethod,
    ) -> &'static str {
        if method == OrderMethod::InPerson || matches!(receiver, Receiver::ArmyHq(_)) {
            return "";
        }
        match (self.unit(w).hex(), self.delivery_hex(side, receiver)) {
            (Some(a), Some(b)) if self.aide_by_link(side, a, b) => " by the off-map link (4.2c)",
            _ => "",
        }
    }
}
