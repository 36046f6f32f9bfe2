//! Transport (4.12, 4.13, S12.3): Union land counters in an Area beside an arrow where
//! steamers began the Movement Phase may board them (1b), ride with them, and land in an Area
//! beside their arrow after all other movement (1e) that the enemy does not Control and that
//! holds no face-up battery. Each steamer carries 6 SP; a unit of 7 SP or more needs two
//! steamers, lashed together while it is aboard; Leaders and dummies ride free; a stack takes
//! at most 6 SP aboard per steamer per Game Turn (decision R10). Gunboats carry nothing.
//! In the Confederate Combat Phase threatened Union units may escape aboard (4.13).

use std::sync::OnceLock;

use adjutant_engine::Side;

use crate::data::{AreaId, Constants, Map};
use crate::events::{EventKind, Fx};
use crate::model::action::{Action, Dest};
use crate::model::counter::{Carrier, Key, Place};
use crate::model::decision::Decision;
use crate::model::game::MississippiFortress;
use crate::model::node::Node;

/// SP one steamer carries (4.12c).
pub fn capacity() -> u8 {
    Constants::get().naval.transport_capacity_sp
}

/// The land graph's banks: Areas joined without crossing the Mississippi or navigable Yazoo.
fn bank(area: AreaId) -> usize {
    static BANKS: OnceLock<Vec<usize>> = OnceLock::new();
    let banks = BANKS.get_or_init(|| {
        let map = Map::get();
        let mut bank = vec![usize::MAX; 48];
        let mut next = 0;
        for start in map.areas() {
            let s = usize::from(start.id.number());
            if bank[s] != usize::MAX {
                continue;
            }
            let mut stack = vec![start.id];
            bank[s] = next;
            while let Some(a) = stack.pop() {
                for &n in map.neighbours(a) {
                    let crossable = map.border(a, n).is_some_and(|b| !b.is_navigable_river());
                    let i = usize::from(n.number());
                    if crossable && bank[i] == usize::MAX {
                        bank[i] = next;
                        stack.push(n);
                    }
                }
            }
            next += 1;
        }
        bank
    });
    banks.get(usize::from(area.number())).copied().unwrap_or(0)
}

/// S3.6: a landing in `to` by a unit that boarded in `from` crossed the Mississippi or the
/// Yazoo: the two Areas face each other across it, or lie on different banks.
pub fn landing_crosses_river(from: AreaId, to: AreaId) -> bool {
    from != to
        && (Map::get()
            .border(from, to)
            .is_some_and(|b| b.is_navigable_river())
            || bank(from) != bank(to))
}

impl MississippiFortress {
    /// SP aboard steamer `ship` now.
    pub fn load(&self, ship: usize) -> u8 {
        self.counters
            .iter()
            .map(|c| match c.place {
                Place::Aboard(carrier) => {
                    let first = carrier.on_first.min(c.present());
                    if carrier.ship == ship {
                        first
                    } else if carrier.also == Some(ship) {
                        c.present() - first
                    } else {
                        0
                    }
                }
                _ => 0,
            })
            .sum()
    }

    /// Room left on a steamer: by load now and by SP taken aboard this turn (R10).
    fn room(&self, ship: usize) -> u8 {
        let cap = capacity();
        cap.saturating_sub(self.load(ship))
            .min(cap.saturating_sub(self.ships[ship].rec.taken))
    }

    /// The steamers (one, or a pair to be lashed) that could take counter `k` aboard from its
    /// Area. In 1b only steamers that began the phase beside it (4.12a); for an evacuation
    /// (4.13a) any steamer with room this turn.
    pub fn carriers_for(&self, k: Key, evacuation: bool) -> Vec<Vec<usize>> {
        let c = &self.counters[k];
        let Some(area) = c.area() else {
            return Vec::new();
        };
        let sp = if c.is_combat() { c.present() } else { 0 };
        let map = Map::get();
        let mut out = Vec::new();
        for arrow in map.arrows_touching(area) {
            let steamers: Vec<usize> = self
                .ships_at(c.side, Node::Arrow(arrow))
                .filter(|&i| self.ships[i].transport && (evacuation || !self.ships[i].rec.moved))
                .collect();
            let singles: Vec<usize> = steamers
                .iter()
                .copied()
                .filter(|&i| self.room(i) >= sp)
                .collect();
            if !singles.is_empty() {
                out.extend(singles.into_iter().map(|i| vec![i]));
                continue;
            }
            for (n, &i) in steamers.iter().enumerate() {
                for &j in &steamers[n + 1..] {
                    let free_partners =
                        |s: usize, t: usize| self.lashed_to(s).is_none_or(|p| p == t);
                    if free_partners(i, j)
                        && free_partners(j, i)
                        && u16::from(self.room(i)) + u16::from(self.room(j)) >= u16::from(sp)
                    {
                        out.push(vec![i, j]);
                    }
                }
            }
        }
        out
    }

    /// The ships' ids.
    pub(crate) fn ship_ids(&self, ships: &[usize]) -> Vec<String> {
        ships
            .iter()
            .map(|&i| self.ships[i].id.to_string())
            .collect()
    }

    /// 1b: counters that may board, and "finish".
    pub(crate) fn embarkation_actions(&self, side: Side) -> Vec<Action> {
        let mut out = Vec::new();
        if self
            .ships
            .iter()
            .any(|s| s.side == side && s.transport && s.at.is_some())
        {
            let census = self.census();
            for (k, c) in self.counters.iter().enumerate() {
                let Some(area) = c.area() else { continue };
                if c.side != side
                    || c.rec.done
                    || c.rec.pinned
                    || census.closed_to_shipping(side, area)
                    || self.carriers_for(k, false).is_empty()
                {
                    continue;
                }
                out.push(Action::Board {
                    counter: c.id.to_string(),
                });
            }
        }
        out.push(Action::FinishEmbarkation);
        out
    }

    /// Chooses a counter to board; the steamers are chosen next.
    pub(crate) fn board(&mut self, id: &str) {
        if let Some(k) = self.key(id) {
            self.decisions.push(Decision::Carrier { unit: k });
        }
    }

    /// Puts counter `k` aboard the steamers `ids` (4.12, R10).
    pub(crate) fn embark(&mut self, k: Key, ids: &[String], fx: &mut Fx) {
        let ships: Vec<usize> = ids.iter().filter_map(|s| self.ship_index(s)).collect();
        let Some(&first) = ships.first() else { return };
        let c = &self.counters[k];
        let from = c.area();
        let sp = if c.is_combat() { c.present() } else { 0 };
        let on_first = sp.min(self.room(first));
        let also = ships.get(1).copied();
        self.ships[first].rec.taken += on_first;
        if let Some(j) = also {
            self.ships[j].rec.taken += sp - on_first;
        }
        let c = &mut self.counters[k];
        c.place = Place::Aboard(Carrier {
            ship: first,
            also,
            on_first,
        });
        c.rec.boarded_from = from;
        c.rec.shipped = true;
        c.rec.done = true;
        c.rec.moved_since = true;
        let (side, name) = (c.side, c.name());
        let names: Vec<String> = ships.iter().map(|&i| self.ships[i].name()).collect();
        let at = self.ships[first].at.map(Node::name).unwrap_or_default();
        fx.both(
            EventKind::Transport,
            format!(
                "{side}: 1 counter boards {} at {at}{}.",
                names.join(" and "),
                from.map(|a| format!(" from {}", Self::area_name(a)))
                    .unwrap_or_default()
            ),
            side,
            format!("{name} boards."),
        );
        self.settle(fx);
    }

    /// The Areas counter `k` aboard may land in (4.12b, 4.22b, S3.43a).
    pub fn landing_areas(&self, k: Key) -> Vec<AreaId> {
        let c = &self.counters[k];
        let Place::Aboard(carrier) = c.place else {
            return Vec::new();
        };
        let Some(arrow) = self.ships[carrier.ship].at.and_then(Node::arrow) else {
            return Vec::new();
        };
        let census = self.census();
        let map = Map::get();
        map.arrow(arrow)
            .map(|a| {
                a.touches
                    .iter()
                    .copied()
                    .filter(|&area| {
                        // 4.22b: Union units may not land beside a face-up battery (the
                        // Confederate Steamer*, 7.21a, may).
                        let beside_battery = self.batteries.iter().any(|b| {
                            b.area == area && b.state == crate::model::ship::BatteryState::FaceUp
                        });
                        !census.closed_to_shipping(c.side, area)
                            && (c.side != Side::Union || !beside_battery)
                    })
                    .collect()
            })
            .unwrap_or_default()
    }

    /// 1e: landings, and "finish".
    pub(crate) fn disembarkation_actions(&self, side: Side) -> Vec<Action> {
        let mut out = Vec::new();
        for (k, c) in self.counters.iter().enumerate() {
            if c.side != side || !matches!(c.place, Place::Aboard(_)) {
                continue;
            }
            for area in self.landing_areas(k) {
                out.push(Action::Land {
                    counter: c.id.to_string(),
                    area,
                });
            }
        }
        out.push(Action::FinishDisembarkation);
        out
    }

    /// 4.12b: a counter lands; it may not move again this phase. Landing counts as entering
    /// (S3.53) and, across the river, as crossing a Major River (S3.6).
    pub(crate) fn land(&mut self, id: &str, area: AreaId, fx: &mut Fx) {
        let Some(k) = self.key(id) else { return };
        let Place::Aboard(carrier) = self.counters[k].place else {
            return;
        };
        let arrow = self.ships[carrier.ship]
            .at
            .map(Node::name)
            .unwrap_or_default();
        let c = &mut self.counters[k];
        if let Some(from) = c.rec.boarded_from
            && landing_crosses_river(from, area)
            && c.is_combat()
        {
            c.rec.crossed_river = true;
        }
        c.place = Place::Area(area);
        c.rec.boarded_from = None;
        c.rec.entered_from = None;
        c.rec.entry_crossed = false;
        c.rec.done = true;
        c.rec.shipped = true;
        c.rec.moved_since = true;
        let (side, name) = (c.side, c.name());
        fx.both(
            EventKind::Transport,
            format!(
                "{side}: 1 counter lands in {} from {arrow}.",
                Self::area_name(area)
            ),
            side,
            format!("{name} lands."),
        );
        self.entered(side, area, None, &[k], fx);
        self.landed(&[k], area, fx);
        self.settle(fx);
    }

    /// 4.13a: the destinations aboard steamers for an evacuating unit.
    pub(crate) fn evacuation_dests(&self, k: Key) -> Vec<Dest> {
        self.carriers_for(k, true)
            .into_iter()
            .map(|ships| Dest::Ships(self.ship_ids(&ships)))
            .collect()
    }

    /// 4.13a: an evacuated unit is aboard; the steamers may not move until the next Union
    /// Movement Phase.
    pub(crate) fn evacuate(&mut self, k: Key, ids: &[String], fx: &mut Fx) {
        self.embark(k, ids, fx);
        for id in ids {
            if let Some(i) = self.ship_index(id) {
                self.ships[i].rec.held = true;
            }
        }
        self.counters[k].rec.hurried_since = true;
    }
}
