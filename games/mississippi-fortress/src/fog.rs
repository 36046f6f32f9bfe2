//! Fog of war (S4, Appendix V): what each viewer may know of a counter. A player sees his own
//! counters fully (identity, present strength, casualties, stragglers, LOC); an enemy counter
//! only once it is face up (identity and printed values, never present strength, S4.4g);
//! otherwise only its side and where it is — `{"hidden": true, "side": ...}` with no
//! identifier, listed after the known ones so that order says nothing. Ships and batteries
//! are always face up (S4.2). A spectator sees what both players see.

use adjutant_engine::Viewer;
use serde_json::{Map as JsonMap, Value, json};

use crate::model::counter::{Key, Kind, Place};
use crate::model::game::MississippiFortress;

impl MississippiFortress {
    /// Whether `viewer` may identify counter `k`.
    pub fn identifies(&self, k: Key, viewer: Viewer) -> bool {
        let c = &self.counters[k];
        viewer.sees_secrets_of(c.side) || c.face_up
    }

    /// Whether counter `k` was eliminated or fell with its name announced to both players
    /// (S4.4c, R40): every counter gone from play but dummies and the brigades absorbed
    /// unidentified under 4.52.
    pub fn announced(&self, k: Key) -> bool {
        let c = &self.counters[k];
        c.place == Place::Gone && c.kind != Kind::Dummy && !c.rec.absorbed
    }

    /// Whether LOC status has been traced yet: not before set-up is complete (S2.1 step 3).
    fn loc_traced(&self) -> bool {
        !matches!(self.step, crate::model::step::Step::SetUpDummies(_))
    }

    /// A counter as `viewer` sees it.
    pub fn counter_view(&self, k: Key, viewer: Viewer) -> Value {
        let c = &self.counters[k];
        if !self.identifies(k, viewer) {
            return json!({"hidden": true, "side": c.side});
        }
        let mut m = JsonMap::new();
        m.insert("id".into(), json!(c.id));
        m.insert("side".into(), json!(c.side));
        m.insert("kind".into(), json!(c.kind));
        if let Some(unit) = &c.unit
            && unit.as_str() != c.id
        {
            m.insert("unit".into(), json!(unit));
        }
        if c.face_up {
            m.insert("face_up".into(), json!(true));
        }
        if viewer.sees_secrets_of(c.side) {
            if c.is_combat() {
                m.insert("strength".into(), json!(c.present()));
                if c.casualties > 0 {
                    m.insert("casualties".into(), json!(c.casualties));
                }
                if c.stragglers > 0 {
                    m.insert("stragglers".into(), json!(c.stragglers));
                }
                if c.ineffective() {
                    m.insert("ineffective".into(), json!(true));
                }
            }
            // LOC status is first traced when set-up is complete (S2.1 step 3): during set-up
            // there is none to show, and `false` would read as "out of communications".
            if self.loc_traced()
                && (c.kind.is_line_infantry()
                    || c.role() == Some(crate::data::units::LeaderRole::Officer))
            {
                m.insert("in_comms".into(), json!(c.rec.in_comms));
            }
            if c.rec.done {
                m.insert("moved".into(), json!(true));
            }
            if c.rec.pinned {
                m.insert("pinned".into(), json!(true));
            }
            if c.kind == Kind::Cavalry && c.rec.probed {
                m.insert("probed".into(), json!(true));
            }
        }
        Value::Object(m)
    }

    /// Counters as `viewer` sees them: known ones sorted by side, kind and id, then the hidden
    /// ones (identical objects, sorted by side).
    pub fn counters_view(&self, keys: &[Key], viewer: Viewer) -> Vec<Value> {
        let mut known: Vec<Key> = keys
            .iter()
            .copied()
            .filter(|&k| self.identifies(k, viewer))
            .collect();
        known.sort_by(|&a, &b| {
            let (x, y) = (&self.counters[a], &self.counters[b]);
            (x.side, x.kind, &x.id).cmp(&(y.side, y.kind, &y.id))
        });
        let mut hidden: Vec<Value> = keys
            .iter()
            .copied()
            .filter(|&k| !self.identifies(k, viewer))
            .map(|k| self.counter_view(k, viewer))
            .collect();
        hidden.sort_by_key(|v| v["side"].as_str().map(String::from));
        let mut out: Vec<Value> = known
            .into_iter()
            .map(|k| self.counter_view(k, viewer))
            .collect();
        out.extend(hidden);
        out
    }
}
