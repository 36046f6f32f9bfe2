//! Fog of war (S4, Appendix V): what each viewer may know of a counter. A player sees his own
//! counters fully (identity, present strength, casualties, stragglers, LOC); an enemy counter
//! only once it is face up (identity and printed values, never present strength, S4.4g);
//! otherwise only its side and where it is — `{"hidden": true, "side": ...}` with no
//! identifier, listed after the known ones so that order says nothing. Ships and batteries
//! are always face up (S4.2). A spectator sees what both players see.

use adjutant_engine::{Side, Viewer};
use serde::Serialize;

use crate::data::UnitId;
use crate::model::counter::{Key, Kind, Place};
use crate::model::game::MississippiFortress;
use crate::model::look::{Known, Look};
use crate::model::record::{is_false, is_zero};

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

    /// What `viewer` may know of counter `k`, as plain values: everything a view of it
    /// says but the counter's fixed identity (id, side, kind, unit).
    pub(crate) fn look(&self, k: Key, viewer: Viewer) -> Look {
        let c = &self.counters[k];
        if !self.identifies(k, viewer) {
            return Look {
                key: k,
                known: None,
            };
        }
        let mut known = Known {
            face_up: c.face_up,
            strength: None,
            casualties: 0,
            stragglers: 0,
            ineffective: false,
            in_comms: None,
            moved: false,
            pinned: false,
            probed: false,
        };
        if viewer.sees_secrets_of(c.side) {
            if c.is_combat() {
                known.strength = Some(c.present());
                known.casualties = c.casualties;
                known.stragglers = c.stragglers;
                known.ineffective = c.ineffective();
            }
            // LOC status is first traced when set-up is complete (S2.1 step 3): during set-up
            // there is none to show, and `false` would read as "out of communications".
            if self.loc_traced()
                && (c.kind.is_line_infantry()
                    || c.role() == Some(crate::data::units::LeaderRole::Officer))
            {
                known.in_comms = Some(c.rec.in_comms);
            }
            known.moved = c.rec.done;
            known.pinned = c.rec.pinned;
            known.probed = c.kind == Kind::Cavalry && c.rec.probed;
        }
        Look {
            key: k,
            known: Some(known),
        }
    }

    /// A counter as `viewer` sees it.
    pub fn counter_view(&self, k: Key, viewer: Viewer) -> CounterView<'_> {
        self.counter_view_of(self.look(k, viewer))
    }

    /// The view of a counter as [`MississippiFortress::look`] found it.
    pub(crate) fn counter_view_of(&self, look: Look) -> CounterView<'_> {
        let c = &self.counters[look.key];
        let Some(k) = look.known else {
            return CounterView::Hidden {
                hidden: true,
                side: c.side,
            };
        };
        CounterView::Known(KnownCounter {
            id: &c.id,
            side: c.side,
            kind: c.kind,
            unit: c.unit.as_ref().filter(|unit| unit.as_str() != &*c.id),
            face_up: k.face_up,
            strength: k.strength,
            casualties: k.casualties,
            stragglers: k.stragglers,
            ineffective: k.ineffective,
            in_comms: k.in_comms,
            moved: k.moved,
            pinned: k.pinned,
            probed: k.probed,
        })
    }

    /// Counters as `viewer` sees them: known ones sorted by side, kind and id, then the hidden
    /// ones (identical objects, sorted by side).
    pub fn counters_view(&self, keys: &[Key], viewer: Viewer) -> Vec<CounterView<'_>> {
        let looks: Vec<Look> = keys.iter().map(|&k| self.look(k, viewer)).collect();
        self.counters_view_of(looks)
    }

    /// [`MississippiFortress::counters_view`] of counters already looked at.
    pub(crate) fn counters_view_of(&self, looks: Vec<Look>) -> Vec<CounterView<'_>> {
        let (mut known, mut hidden): (Vec<Look>, Vec<Look>) =
            looks.into_iter().partition(|l| l.known.is_some());
        known.sort_by(|a, b| {
            let (x, y) = (&self.counters[a.key], &self.counters[b.key]);
            (x.side, x.kind, &x.id).cmp(&(y.side, y.kind, &y.id))
        });
        hidden.sort_by_key(|l| self.counters[l.key].side.as_str());
        known
            .into_iter()
            .chain(hidden)
            .map(|l| self.counter_view_of(l))
            .collect()
    }
}

/// A counter as one viewer sees it: identified, or only its side (no id, name, type,
/// strength or dummy flag).
#[derive(Serialize)]
#[serde(untagged)]
pub enum CounterView<'a> {
    Hidden { hidden: bool, side: Side },
    Known(KnownCounter<'a>),
}

/// An identified counter; its owner also sees its present strength and state.
#[derive(Serialize)]
pub struct KnownCounter<'a> {
    id: &'a str,
    side: Side,
    kind: Kind,
    /// The unit it stands for, where its id differs (a numbered dummy or leader).
    #[serde(skip_serializing_if = "Option::is_none")]
    unit: Option<&'a UnitId>,
    #[serde(skip_serializing_if = "is_false")]
    face_up: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    strength: Option<u8>,
    #[serde(skip_serializing_if = "is_zero")]
    casualties: u8,
    #[serde(skip_serializing_if = "is_zero")]
    stragglers: u8,
    #[serde(skip_serializing_if = "is_false")]
    ineffective: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    in_comms: Option<bool>,
    #[serde(skip_serializing_if = "is_false")]
    moved: bool,
    #[serde(skip_serializing_if = "is_false")]
    pinned: bool,
    #[serde(skip_serializing_if = "is_false")]
    probed: bool,
}
