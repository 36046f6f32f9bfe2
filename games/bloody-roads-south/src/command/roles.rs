//! Who commands what (S10.0, S10.6, S25.4; BRS 3.1a, 3.1c(1), 3.3a, 4.1d): the army
//! commander who writes orders, Meade who relays them, corps and division commanders, the
//! formation a unit serves, and the 9th Corps release.
//!
//! Decisions (reference 3.1a "succession", 3.1c(1)): the Union chief is Grant; if he has
//! fallen, Burnside with the AUS HQ; if both have, Meade. A Burnside absent from the scenario
//! (variant 3.8b) counts as fallen. The Army of the Potomac's commander, who receives and
//! relays the chief's orders, is Meade; if Meade has fallen, Burnside. A side whose scenario
//! says "initiative only" (Scenarios 1-3) has no chief.

use adjutant_engine::Side;

use crate::data::leader::InitiativeRight;
use crate::data::unit::Unit as OobUnit;
use crate::data::{FormationId, GameTime, HexId, UnitId};
use crate::model::game::BloodyRoadsSouth;
use crate::model::order::Release;
use crate::model::unit::{LeaderFate, UnitKey, UnitKind};

/// The army of the Union chief (Grant's, or his successor's).
pub const AUS: &str = "AUS";
/// The Army of the Potomac (rule 3.0 "Terms").
pub const AOP: &str = "A Pot";
/// The 9th Corps (rule 3.3).
pub const NINTH: &str = "9";

fn fid(s: &str) -> FormationId {
    FormationId::new(s)
}

fn uid(s: &str) -> UnitId {
    UnitId::new(s)
}

impl BloodyRoadsSouth {
    /// The counter of `side` with this id, if it is on the map.
    pub(crate) fn on_map(&self, side: Side, id: &UnitId) -> Option<UnitKey> {
        self.key(side, id).filter(|&k| self.unit(k).on_map())
    }

    /// A leader of `side` in command: on the map and neither killed, wounded nor removed.
    pub(crate) fn active_leader(&self, side: Side, id: &UnitId) -> Option<UnitKey> {
        self.on_map(side, id).filter(|&k| {
            let u = self.unit(k);
            u.kind == UnitKind::Leader && u.fate == LeaderFate::Active
        })
    }

    /// A leader of the scenario who has been killed, wounded or removed, or who is not in it.
    fn fallen(&self, side: Side, id: &str) -> bool {
        self.key(side, &uid(id))
            .is_none_or(|k| self.unit(k).fate != LeaderFate::Active)
    }

    /// The army commander who writes orders (S10.1; rules 3.1a, 3.1c(1)) and his army: the
    /// "chief". `None` for a side with orders by initiative only.
    pub fn chief(&self, side: Side) -> Option<(UnitKey, FormationId)> {
        if self.scenario().side(side).initiative_only {
            return None;
        }
        let oob = crate::data::order_of_battle().side(side);
        match side {
            Side::Union => {
                self.key(side, &uid("Grant"))?;
                if let Some(k) = self.active_leader(side, &uid("Grant")) {
                    return Some((k, fid(AUS)));
                }
                if let Some(k) = self.active_leader(side, &uid("Burnside")) {
                    return Some((k, fid(AUS)));
                }
                if self.fallen(side, "Burnside") {
                    return self
                        .active_leader(side, &uid("Meade"))
                        .map(|k| (k, fid(AOP)));
                }
                None
            }
            Side::Confederate => {
                let army = oob.armies().first()?;
                self.key(side, &army.commander)?;
                std::iter::once(&army.commander)
                    .chain(&army.succession)
                    .find_map(|id| self.active_leader(side, id))
                    .map(|k| (k, army.id.clone()))
            }
        }
    }

    /// The Army of the Potomac's commander when he receives and relays the chief's orders
    /// (rule 3.1a; 3.1c(1) puts Burnside there if Meade falls). `None` when the chief himself
    /// commands the Army of the Potomac.
    pub fn relay_commander(&self, side: Side) -> Option<UnitKey> {
        let (chief, army) = self.chief(side)?;
        if side != Side::Union || army.as_str() != AUS {
            return None;
        }
        if let Some(k) = self.active_leader(side, &uid("Meade")) {
            return Some(k);
        }
        self.active_leader(side, &uid("Burnside"))
            .filter(|&k| k != chief && self.key(side, &uid("Meade")).is_some())
    }

    /// The HQ counter of an army.
    pub(crate) fn army_hq(&self, side: Side, army: &FormationId) -> Option<UnitKey> {
        let oob = crate::data::order_of_battle().side(side);
        let a = oob.armies().iter().find(|a| &a.id == army)?;
        self.on_map(side, &a.hq)
    }

    /// The current commander of a corps (S25.4 successions; rule 4.1d's acting Lee; rules
    /// 3.1a and 3.1c(1): 9 Corps passes to its senior division commander when Burnside
    /// commands an army).
    pub fn corps_commander(&self, side: Side, corps: &FormationId) -> Option<UnitKey> {
        let data = self.scenario().side(side);
        if let Some(a) = data.acting_commanders.iter().find(|a| &a.command == corps)
            && let Some(k) = self.active_leader(side, &a.leader)
        {
            return Some(k);
        }
        if self.command_state.lee_corps.as_ref() == Some(corps)
            && let Some((k, _)) = self.chief(side)
        {
            return Some(k);
        }
        let c = crate::data::order_of_battle().side(side).corps_of(corps)?;
        let burnside_above = side == Side::Union
            && corps.as_str() == NINTH
            && (self
                .chief(side)
                .is_some_and(|(k, _)| self.unit(k).id.as_str() == "Burnside")
                || self
                    .relay_commander(side)
                    .is_some_and(|k| self.unit(k).id.as_str() == "Burnside"));
        if !burnside_above && let Some(k) = self.active_leader(side, &c.commander) {
            return Some(k);
        }
        // S25.4: the successor named when the commander fell (`leaders::lose_leader`).
        if let Some(k) = self
            .commander_of(side, corps)
            .filter(|&k| self.unit(k).on_map())
        {
            return Some(k);
        }
        c.succession
            .iter()
            .find_map(|id| self.active_leader(side, id))
    }

    /// The printed commander of a corps has been lost (S10.3 step 1: "plus one").
    pub(crate) fn original_corps_commander_lost(&self, side: Side, corps: &FormationId) -> bool {
        crate::data::order_of_battle()
            .side(side)
            .corps_of(corps)
            .is_some_and(|c| self.lost_leader(side, &c.commander))
    }

    /// The leader of a division in command, if any: its printed leader while he commands it
    /// (not after he succeeded to his corps), else its generic replacement once placed (S25.4;
    /// `leaders`); a division without one has no leader.
    pub fn division_leader(&self, side: Side, division: &FormationId) -> Option<UnitKey> {
        let d = crate::data::order_of_battle()
            .side(side)
            .division(division)?;
        self.active_leader(side, &d.leader)
            .filter(|&k| self.leader_command(k).as_ref() == Some(division))
            .or_else(|| {
                self.commander_of(side, division)
                    .filter(|&k| self.unit(k).on_map())
            })
    }

    /// The printed leader of a division has been lost (S10.3, rule 3.1c(2): "plus one").
    pub(crate) fn original_division_leader_lost(&self, side: Side, division: &FormationId) -> bool {
        crate::data::order_of_battle()
            .side(side)
            .division(division)
            .is_some_and(|d| self.lost_leader(side, &d.leader))
    }

    /// The corps a division serves now: the A Pot HQ's Reserve (optional rule 3.6), the
    /// scenario's attachment (rules 3.2, 3.6) or its own.
    pub fn corps_of_division(&self, side: Side, division: &FormationId) -> Option<FormationId> {
        if self.in_reserve(side, division) {
            return Some(fid(AOP));
        }
        let data = self.scenario().side(side);
        let returned = self.command_state.returned.contains(division);
        if let Some(a) = data
            .attachments
            .iter()
            .find(|a| a.unit == division.as_str())
            .filter(|_| !returned)
        {
            return Some(a.to.clone());
        }
        crate::data::order_of_battle()
            .side(side)
            .division(division)
            .map(|d| d.corps.clone())
    }

    /// The division a counter serves now: a brigade's (2.2 reassignment and attachments
    /// included), a division leader's own.
    pub fn division_of(&self, k: UnitKey) -> Option<FormationId> {
        let u = self.unit(k);
        let u = match u.part_of {
            Some(p) => self.unit(p),
            None => u,
        };
        match u.kind {
            UnitKind::Brigade => u.division.clone(),
            UnitKind::Leader => self
                .leader_data(k)
                .and_then(|l| l.command.clone())
                .filter(|c| {
                    crate::data::order_of_battle()
                        .side(u.side)
                        .division(c)
                        .is_some()
                }),
            _ => None,
        }
    }

    /// The corps (or, for army troops, the army) a counter serves now.
    pub fn corps_of(&self, k: UnitKey) -> Option<FormationId> {
        let u = self.unit(k);
        let side = u.side;
        if let Some(d) = self.division_of(k) {
            return self.corps_of_division(side, &d);
        }
        let data = self.scenario().side(side);
        if let Some(a) = data.attachments.iter().find(|a| a.unit == u.id.as_str()) {
            return Some(a.to.clone());
        }
        let oob = crate::data::order_of_battle().side(side);
        match oob.unit(&u.id)? {
            OobUnit::Brigade(b) => Some(b.corps.clone()),
            OobUnit::Battery(b) => Some(b.corps.clone()),
            OobUnit::Leader(l) => l.command.clone(),
            OobUnit::Hq(h) => oob.leader(&h.leader).and_then(|l| l.command.clone()),
            OobUnit::Wagon(w) => w.corps.clone(),
            OobUnit::Special(_) => None,
        }
    }

    /// The corps of a side whose HQ is on the map.
    pub(crate) fn corps_on_map(&self, side: Side) -> Vec<FormationId> {
        crate::data::order_of_battle()
            .side(side)
            .corps()
            .iter()
            .filter(|c| self.on_map(side, &c.hq).is_some())
            .map(|c| c.id.clone())
            .collect()
    }

    /// The HQ hex of a corps.
    pub fn corps_hq_hex(&self, side: Side, corps: &FormationId) -> Option<HexId> {
        let c = crate::data::order_of_battle().side(side).corps_of(corps)?;
        self.on_map(side, &c.hq).and_then(|k| self.unit(k).hex())
    }

    /// The divisions of a side that have a counter on the map (leader or brigade), with the
    /// corps they serve now.
    pub(crate) fn divisions_on_map(&self, side: Side) -> Vec<(FormationId, FormationId)> {
        let mut out: Vec<(FormationId, FormationId)> = Vec::new();
        for k in self.keys() {
            let u = self.unit(k);
            if u.side != side || !u.on_map() || u.part_of.is_some() {
                continue;
            }
            if let Some(d) = self.division_of(k)
                && !out.iter().any(|(x, _)| *x == d)
                && let Some(c) = self.corps_of_division(side, &d)
            {
                out.push((d, c));
            }
        }
        out.sort();
        out
    }

    /// A leader's printed rating (0-4); a counter that is not a leader counts as 2 (the
    /// rating an army HQ, artillery unit or brigade receiving an order has, S10.1f, S10.5b).
    pub(crate) fn rating_of(&self, k: UnitKey) -> u8 {
        self.leader_data(k).map(|l| l.rating).unwrap_or(
            crate::data::charts()
                .command
                .acceptance
                .army_hq_receiver_rating,
        )
    }

    /// What initiative a leader may use (S10.2; rules 3.1e-g, 4.1b-d): his printed right, or
    /// any order for Lee acting as a corps commander (4.1d).
    pub fn initiative_right(&self, k: UnitKey) -> InitiativeRight {
        let u = self.unit(k);
        let acting = self
            .scenario()
            .side(u.side)
            .acting_commanders
            .iter()
            .any(|a| a.leader == u.id)
            || (self.command_state.lee_corps.is_some()
                && self.chief(u.side).is_some_and(|(c, _)| c == k));
        if acting {
            return InitiativeRight::Any;
        }
        self.leader_data(k)
            .map(|l| l.initiative)
            .unwrap_or(InitiativeRight::None)
    }

    /// The 9th Corps is released from rule 3.3a's restrictions: by contact, by Burnside's
    /// initiative, or from the 10:00pm 5 May turn (Scenarios 6 and 7 start released).
    pub fn ninth_corps_released(&self) -> bool {
        self.command_state.ninth_released.is_some() || self.ninth_release_time_reached()
    }

    /// The 10:00pm 5 May turn has begun (rule 3.3a, release (2)).
    pub(crate) fn ninth_release_time_reached(&self) -> bool {
        let at: GameTime = "5 May 10:00pm".parse().expect("a game time");
        crate::data::turn_record()
            .index_of(at)
            .is_some_and(|i| usize::from(self.turn) >= i)
    }

    /// Releases the 9th Corps (rule 3.3a). The movement rules call this with
    /// [`Release::Contact`] when a Confederate unit moves or retreats to within 2 hexes of a
    /// 9 Corps unit; the release is public then.
    pub(crate) fn release_ninth_corps(&mut self, how: Release, fx: &mut crate::events::Fx) {
        if self.command_state.ninth_released.is_some() {
            return;
        }
        self.command_state.ninth_released = Some(how);
        let kind = crate::events::EventKind::Initiative;
        match how {
            Release::Initiative => fx.private(
                kind,
                Side::Union,
                "Burnside's initiative releases the 9th Corps from its restrictions (3.3a).",
            ),
            Release::Contact => fx.public(
                kind,
                "Confederate troops near the 9th Corps release it from its restrictions (3.3a).",
            ),
            Release::Time => fx.public(
                kind,
                "The 9th Corps is released from its restrictions (3.3a, 10:00pm 5 May).",
            ),
        }
    }

    /// The leader's name for a sentence.
    pub(crate) fn leader_name(&self, k: UnitKey) -> String {
        let u = self.unit(k);
        self.unit_name(u.side, &u.id)
    }
}
