//! One counter as a viewer may see it (reference section 5): everything for its owner; for
//! anyone else only what is printed on the top counter of a stack.

use serde_json::{Map, Value, json};

use crate::data::unit::Unit as OobUnit;
use crate::model::game::BloodyRoadsSouth;
use crate::model::unit::{Formation, UnitKey, UnitKind};
use crate::victory::wrecks::WreckCount;

impl BloodyRoadsSouth {
    /// What is printed on a counter and visible on the map: id, side, type, name, printed
    /// rating and formation. This is all an opponent learns of an enemy stack's top counter.
    pub(crate) fn counter_face(&self, k: UnitKey) -> Map<String, Value> {
        let u = self.unit(k);
        let oob = crate::data::order_of_battle().side(u.side);
        let mut m = Map::new();
        m.insert("id".into(), json!(u.id.as_str()));
        m.insert("side".into(), json!(u.side));
        m.insert("kind".into(), json!(u.kind));
        if u.formation != Formation::None {
            m.insert("formation".into(), json!(u.formation));
        }
        match oob.unit(&u.id) {
            Some(OobUnit::Brigade(b)) => {
                m.insert("name".into(), json!(b.name));
                m.insert("morale_rating".into(), json!(b.morale.letter().to_string()));
                if let Some(d) = &b.division {
                    m.insert("division".into(), json!(d.as_str()));
                }
                m.insert("corps".into(), json!(b.corps.as_str()));
            }
            Some(OobUnit::Leader(l)) => {
                m.insert("name".into(), json!(l.name));
                m.insert("rating".into(), json!(l.rating));
                if let Some(c) = &l.command {
                    m.insert("command".into(), json!(c.as_str()));
                }
            }
            Some(OobUnit::Battery(b)) => {
                m.insert("name".into(), json!(b.label));
                m.insert("corps".into(), json!(b.corps.as_str()));
            }
            Some(OobUnit::Hq(h)) => {
                m.insert("name".into(), json!(h.id.as_str()));
            }
            Some(OobUnit::Wagon(w)) => {
                m.insert("name".into(), json!(w.id.as_str()));
            }
            Some(OobUnit::Special(s)) => {
                m.insert("name".into(), json!(s.name));
            }
            None => {}
        }
        if u.part_of.is_some() {
            m.insert("extended_part".into(), json!(true));
        }
        m
    }

    /// Everything about a counter, for its owner (and everyone after the game).
    pub(crate) fn counter_full(&self, k: UnitKey) -> Value {
        let u = self.unit(k);
        let mut m = self.counter_face(k);
        m.insert("morale".into(), json!(u.morale));
        match u.kind {
            UnitKind::Brigade if u.part_of.is_some() => {
                // An extended part (series 17): its losses are on its parent's loss chart.
                let parent = u.part_of.map(|p| self.unit(p));
                m.insert("parent_hex".into(), json!(parent.and_then(|p| p.hex())));
                m.insert("share".into(), json!(u.share));
            }
            UnitKind::Brigade => {
                m.insert("casualties".into(), json!(u.casualties));
                m.insert("stragglers".into(), json!(u.stragglers));
                if let Some(b) = self.brigade_data(k) {
                    m.insert("steps".into(), json!(b.steps));
                    m.insert("wreck_after".into(), json!(b.wreck_after));
                    if let Some(level) = b.fire_level(u.casualties + u.stragglers) {
                        m.insert("fire_level".into(), json!(level.as_str()));
                    }
                }
                if self.brigade_wrecked(k, WreckCount::InPlay) {
                    m.insert("wrecked".into(), json!(true));
                }
                if let Some(d) = &u.division {
                    m.insert("serving_with".into(), json!(d.as_str()));
                }
                if u.share > 0 {
                    m.insert("share".into(), json!(u.share));
                }
            }
            UnitKind::Battery => {
                m.insert("gun_points".into(), json!(u.gun_points));
            }
            UnitKind::Wagon => {
                m.insert("supply".into(), json!(u.supply));
            }
            _ => {}
        }
        if u.low_ammo {
            m.insert("low_ammo".into(), json!(true));
        }
        if u.ocr {
            m.insert("ocr".into(), json!(true));
        }
        if u.marks.recovering {
            m.insert("recovering".into(), json!(true));
        }
        if u.marks.moved {
            m.insert("moved".into(), json!(true));
        }
        if u.marks.fired {
            m.insert("fired".into(), json!(true));
        }
        if u.marks.must_split {
            m.insert("must_split".into(), json!(true));
        }
        Value::Object(m)
    }

    /// Whether a stack holds troops, artillery, both or neither (series 9.0: the question an
    /// opponent may always ask).
    pub(crate) fn contents(&self, keys: &[UnitKey]) -> &'static str {
        let troops = keys.iter().any(|&k| self.unit(k).kind == UnitKind::Brigade);
        let guns = keys.iter().any(|&k| self.unit(k).kind == UnitKind::Battery);
        match (troops, guns) {
            (true, true) => "both",
            (true, false) => "troops",
            (false, true) => "artillery",
            (false, false) => "neither",
        }
    }
}
