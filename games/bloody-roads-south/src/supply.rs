//! Small-arms ammunition (series 28; reference 2.12.3-2.12.4; BRS 2.1, 3.7). Low Ammo comes
//! from a natural 11-12 fire roll (`fire::resolve`); its effects are there (no fire at range 2,
//! one column left once per fire) and in the morale check (−1 row).
//!
//! The **Ammo Resupply** segment, last of the Movement Phase: every Low Ammo brigade of the
//! phasing side within 2 hexes of a wagon of its own corps with supply points left, or of the
//! army train, loses its marker for one supply point (the train's are unlimited); another
//! corps' wagon serves it only when no Low Ammo brigade of the wagon's own corps is left to
//! serve within its reach. Extended parts are resupplied with their parent for the one point.
//! **Decision**: resupply is automatic (it has no cost but the wagon's points, which exist
//! for no other use), own-corps wagons first, nearest first. Then Confederate wagons within 2
//! hexes of the ANVa train reload to 5 (S28). **BRS 3.7**: a Union wagon standing on the
//! reload hex (B51.25, or A49.01 when only Map A is used) at the start of the Confederate
//! player turn and still there at the Game Turn End reloads to 5. BRS 2.1: artillery
//! ammunition is unlimited, so nothing here concerns artillery.
//!
//! Resupply and its points are the owner's secret (section 5).

use adjutant_engine::Side;

use crate::data::HexId;
use crate::data::map::MapsUsed;
use crate::data::support::WagonKind;
use crate::events::{EventKind, Fx};
use crate::model::game::BloodyRoadsSouth;
use crate::model::unit::{UnitKey, UnitKind};

impl BloodyRoadsSouth {
    /// The kind of a wagon counter.
    fn wagon_kind(&self, k: UnitKey) -> Option<(WagonKind, Option<crate::data::FormationId>)> {
        let u = self.unit(k);
        crate::data::order_of_battle()
            .side(u.side)
            .wagons()
            .iter()
            .find(|w| w.id == u.id)
            .map(|w| (w.kind, w.corps.clone()))
    }

    /// The Ammo Resupply segment of `side` (series 28).
    pub(crate) fn ammo_resupply(&mut self, side: Side, fx: &mut Fx) {
        let map = crate::data::map();
        let range = u32::from(crate::data::charts().limits.supply.resupply_range);
        let wagons: Vec<UnitKey> = self
            .keys()
            .filter(|&k| {
                let u = self.unit(k);
                u.side == side && u.kind == UnitKind::Wagon && u.on_map()
            })
            .collect();
        let low: Vec<UnitKey> = self
            .keys()
            .filter(|&k| {
                let u = self.unit(k);
                u.side == side
                    && u.kind == UnitKind::Brigade
                    && u.part_of.is_none()
                    && u.on_map()
                    && (u.low_ammo || self.parts_low_ammo(k))
            })
            .collect();
        let corps_of =
            |g: &BloodyRoadsSouth, k: UnitKey| g.brigade_data(k).map(|b| b.corps.clone());
        let within = |g: &BloodyRoadsSouth, a: UnitKey, b: UnitKey| -> bool {
            match (g.unit(a).hex(), g.unit(b).hex()) {
                (Some(x), Some(y)) => map.distance(x, y).is_some_and(|d| d <= range),
                _ => false,
            }
        };
        let mut words = Vec::new();
        // Own corps first, then other corps' wagons (when their own corps has none left to serve).
        for pass in 0..2 {
            for &b in &low {
                if !self.unit(b).low_ammo && !self.parts_low_ammo(b) {
                    continue;
                }
                let corps = corps_of(self, b);
                let mut best: Option<(u32, UnitKey)> = None;
                for &w in &wagons {
                    let Some((kind, wcorps)) = self.wagon_kind(w) else {
                        continue;
                    };
                    let usable = match kind {
                        WagonKind::ArmyTrain => true,
                        WagonKind::CorpsWagon => {
                            self.unit(w).supply > 0
                                && if pass == 0 {
                                    wcorps == corps
                                } else {
                                    !low.iter().any(|&o| {
                                        (self.unit(o).low_ammo || self.parts_low_ammo(o))
                                            && corps_of(self, o) == wcorps
                                            && within(self, o, w)
                                    })
                                }
                        }
                        WagonKind::OffMapTrain => false,
                    };
                    if !usable || !within(self, b, w) {
                        continue;
                    }
                    let d = map
                        .distance(
                            self.unit(b).hex().expect("on map"),
                            self.unit(w).hex().expect("on map"),
                        )
                        .unwrap_or(u32::MAX);
                    if best.is_none_or(|(bd, _)| d < bd) {
                        best = Some((d, w));
                    }
                }
                if let Some((_, w)) = best {
                    if self
                        .wagon_kind(w)
                        .is_some_and(|(k, _)| k == WagonKind::CorpsWagon)
                    {
                        self.unit_mut(w).supply -= 1;
                    }
                    self.unit_mut(b).low_ammo = false;
                    for p in self.keys().collect::<Vec<_>>() {
                        if self.unit(p).part_of == Some(b) {
                            self.unit_mut(p).low_ammo = false;
                        }
                    }
                    words.push(format!("{} from {}", self.unit(b).id, self.unit(w).id));
                }
            }
        }
        // Confederate wagons reload near the ANVa train (series 28).
        let reload = crate::data::charts().limits.supply.wagon_supply_points;
        let reload_range = u32::from(crate::data::charts().limits.supply.wagon_reload_range);
        let trains: Vec<HexId> = wagons
            .iter()
            .filter(|&&w| {
                self.wagon_kind(w)
                    .is_some_and(|(k, _)| k == WagonKind::ArmyTrain)
            })
            .filter_map(|&w| self.unit(w).hex())
            .collect();
        for &w in &wagons {
            if self
                .wagon_kind(w)
                .is_some_and(|(k, _)| k == WagonKind::CorpsWagon)
                && self.unit(w).supply < reload
                && let Some(h) = self.unit(w).hex()
                && trains
                    .iter()
                    .any(|&t| map.distance(h, t).is_some_and(|d| d <= reload_range))
            {
                self.unit_mut(w).supply = reload;
                words.push(format!("{} reloads", self.unit(w).id));
            }
        }
        if !words.is_empty() {
            fx.private(
                EventKind::Supply,
                side,
                format!("Ammo Resupply (28): {}.", words.join("; ")),
            );
        }
    }

    /// True when an extended part of brigade `k` is Low Ammo (series 17: parts go Low Ammo
    /// separately; one point resupplies the brigade).
    fn parts_low_ammo(&self, k: UnitKey) -> bool {
        self.units()
            .iter()
            .any(|u| u.part_of == Some(k) && u.low_ammo)
    }

    /// BRS 3.7: the Union reload hex for the maps in play.
    fn union_reload_hex(&self) -> Option<HexId> {
        let id = match self.maps() {
            MapsUsed::A => "A49.01",
            _ => "B51.25",
        };
        id.parse().ok().and_then(|h| self.canonical(h))
    }

    /// BRS 3.7, at the start of the Confederate player turn: the Union wagons on the reload hex.
    pub fn park_union_wagons(&mut self) {
        let hex = self.union_reload_hex();
        self.parked_wagons = self
            .keys()
            .filter(|&k| {
                let u = self.unit(k);
                u.side == Side::Union
                    && u.kind == UnitKind::Wagon
                    && hex.is_some()
                    && u.hex() == hex
            })
            .collect();
    }

    /// BRS 3.7, at the Game Turn End: the parked Union wagons still on the hex reload to 5.
    pub fn reload_union_wagons(&mut self, fx: &mut Fx) {
        let hex = self.union_reload_hex();
        let full = crate::data::charts().limits.supply.wagon_supply_points;
        let mut words = Vec::new();
        for k in std::mem::take(&mut self.parked_wagons) {
            if hex.is_some() && self.unit(k).hex() == hex && self.unit(k).supply < full {
                self.unit_mut(k).supply = full;
                words.push(self.unit(k).id.to_string());
            }
        }
        if !words.is_empty() {
            fx.private(
                EventKind::Supply,
                Side::Union,
                format!("{} reload to {full} supply points (3.7).", words.join(", ")),
            );
        }
    }
}
