//! One counter as a viewer may see it (reference section 5): everything for its owner; for
//! anyone else only what is printed on the top counter of a stack. Written straight to JSON
//! text from a borrowed structure (no `serde_json::Value` tree); its members are declared in
//! the order of their names, so that the text is that of a JSON object with sorted keys, as
//! every other part of the view is written.

use serde::Serialize;

use crate::data::HexId;
use crate::data::morale::MoraleState;
use crate::data::unit::Unit as OobUnit;
use crate::model::game::BloodyRoadsSouth;
use crate::model::unit::{Formation, UnitKey, UnitKind};
use crate::victory::wrecks::WreckCount;

/// A counter in a view: its face (id, side, type, name, printed rating, formation) for
/// anyone who sees it, its state for its owner, and, off the map, where it stands.
#[derive(Serialize)]
pub(crate) struct CounterView<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    casualties: Option<u8>,
    /// A leader's command.
    #[serde(skip_serializing_if = "Option::is_none")]
    command: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    corps: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    division: Option<&'a str>,
    /// Off the map: the time a reinforcement is due (null: any later turn).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) due: Option<Option<String>>,
    /// Off the map: the hex a reinforcement enters by (its owner's 4.3 choice included).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) enters_at: Option<Option<HexId>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    extended_part: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    fire_level: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    fired: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    formation: Option<Formation>,
    #[serde(skip_serializing_if = "Option::is_none")]
    gun_points: Option<u8>,
    id: &'a str,
    kind: UnitKind,
    #[serde(skip_serializing_if = "Option::is_none")]
    low_ammo: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    morale: Option<MoraleState>,
    #[serde(skip_serializing_if = "Option::is_none")]
    morale_rating: Option<char>,
    #[serde(skip_serializing_if = "Option::is_none")]
    moved: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    must_split: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    name: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    ocr: Option<bool>,
    /// An extended part's parent's hex (null when the parent is off the map).
    #[serde(skip_serializing_if = "Option::is_none")]
    parent_hex: Option<Option<HexId>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    rating: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    recovering: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    serving_with: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    share: Option<u8>,
    side: adjutant_engine::Side,
    /// Off the map: "waiting", "gone" or "left the map".
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) status: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    steps: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    stragglers: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    supply: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    wreck_after: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    wrecked: Option<bool>,
}

/// `Some(true)` for a mark that is set, nothing for one that is not.
fn mark(set: bool) -> Option<bool> {
    set.then_some(true)
}

impl BloodyRoadsSouth {
    /// What is printed on a counter and visible on the map: id, side, type, name, printed
    /// rating and formation. This is all an opponent learns of an enemy stack's top counter.
    pub(crate) fn counter_face(&self, k: UnitKey) -> CounterView<'_> {
        let u = self.unit(k);
        let oob = crate::data::order_of_battle().side(u.side);
        let mut c = CounterView {
            casualties: None,
            command: None,
            corps: None,
            division: None,
            due: None,
            enters_at: None,
            extended_part: mark(u.part_of.is_some()),
            fire_level: None,
            fired: None,
            formation: (u.formation != Formation::None).then_some(u.formation),
            gun_points: None,
            id: u.id.as_str(),
            kind: u.kind,
            low_ammo: None,
            morale: None,
            morale_rating: None,
            moved: None,
            must_split: None,
            name: None,
            ocr: None,
            parent_hex: None,
            rating: None,
            recovering: None,
            serving_with: None,
            share: None,
            side: u.side,
            status: None,
            steps: None,
            stragglers: None,
            supply: None,
            wreck_after: None,
            wrecked: None,
        };
        match oob.unit(&u.id) {
            Some(OobUnit::Brigade(b)) => {
                c.name = Some(&b.name);
                c.morale_rating = Some(b.morale.letter());
                c.division = b.division.as_ref().map(|d| d.as_str());
                c.corps = Some(b.corps.as_str());
            }
            Some(OobUnit::Leader(l)) => {
                c.name = Some(&l.name);
                c.rating = Some(l.rating);
                c.command = l.command.as_ref().map(|d| d.as_str());
            }
            Some(OobUnit::Battery(b)) => {
                c.name = Some(&b.label);
                c.corps = Some(b.corps.as_str());
            }
            Some(OobUnit::Hq(h)) => c.name = Some(h.id.as_str()),
            Some(OobUnit::Wagon(w)) => c.name = Some(w.id.as_str()),
            Some(OobUnit::Special(s)) => c.name = Some(&s.name),
            None => {}
        }
        c
    }

    /// Everything about a counter, for its owner (and everyone after the game).
    pub(crate) fn counter_full(&self, k: UnitKey) -> CounterView<'_> {
        let u = self.unit(k);
        let mut c = self.counter_face(k);
        c.morale = Some(u.morale);
        match u.kind {
            UnitKind::Brigade if u.part_of.is_some() => {
                // An extended part (series 17): its losses are on its parent's loss chart.
                let parent = u.part_of.map(|p| self.unit(p));
                c.parent_hex = Some(parent.and_then(|p| p.hex()));
                c.share = Some(u.share);
            }
            UnitKind::Brigade => {
                c.casualties = Some(u.casualties);
                c.stragglers = Some(u.stragglers);
                if let Some(b) = self.brigade_data(k) {
                    c.steps = Some(b.steps);
                    c.wreck_after = Some(b.wreck_after);
                    c.fire_level = b
                        .fire_level(u.casualties + u.stragglers)
                        .map(|level| level.as_str());
                }
                c.wrecked = mark(self.brigade_wrecked(k, WreckCount::InPlay));
                c.serving_with = u.division.as_ref().map(|d| d.as_str());
                c.share = (u.share > 0).then_some(u.share);
            }
            UnitKind::Battery => c.gun_points = Some(u.gun_points),
            UnitKind::Wagon => c.supply = Some(u.supply),
            _ => {}
        }
        c.low_ammo = mark(u.low_ammo);
        c.ocr = mark(u.ocr);
        c.recovering = mark(u.marks.recovering);
        c.moved = mark(u.marks.moved);
        c.fired = mark(u.marks.fired);
        c.must_split = mark(u.marks.must_split);
        c
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
