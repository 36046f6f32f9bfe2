//! What each viewer may know (reference section 5): own counters in full, enemy stacks as
//! their top counter and whether they hold troops, artillery, both or neither; own orders;
//! nothing of the opponent's orders, losses, morale, fire levels or dice.

pub mod command;
pub mod counter;
pub mod menu;

use adjutant_engine::{Side, Viewer};
use serde_json::{Map, Value, json};

use crate::data::HexId;
use crate::model::game::BloodyRoadsSouth;
use crate::model::step::Step;
use crate::model::unit::{Location, UnitKey};

impl BloodyRoadsSouth {
    /// The view of `viewer`.
    pub fn build_view(&self, viewer: Viewer) -> Value {
        let _reading = self.read_whole();
        let mut v = Map::new();
        let scenario = self.scenario();
        v.insert(
            "scenario".into(),
            json!({"id": scenario.id.as_str(), "title": scenario.title, "turns": scenario.length}),
        );
        let turn = self.turn();
        v.insert(
            "turn".into(),
            json!({
                "number": self.turn_number(),
                "of": scenario.length,
                "time": turn.time.to_string(),
                "night": self.is_night(),
                "visibility": turn.visibility,
            }),
        );
        // The variants in play that this viewer may know of (public ones for everyone; a
        // secret one for its side, and for everyone once revealed): id, rule, VP and to whom.
        let variants: Vec<Value> = self
            .variants()
            .iter()
            .filter(|&&id| {
                let d = crate::data::variants().variant(id);
                viewer == Viewer::Omniscient
                    || viewer.side() == Some(d.side)
                    || self.variant_revealed(id)
            })
            .map(|&id| {
                let d = crate::data::variants().variant(id);
                json!({
                    "id": id.as_str(), "rule": d.rule,
                    "title": crate::data::variant::variant_title(id),
                    "secret": d.secret, "points": d.points, "points_to": d.points_to,
                })
            })
            .collect();
        v.insert("variants".into(), Value::Array(variants));
        v.insert("phase".into(), self.phase_view());
        v.insert("stacks".into(), Value::Array(self.stacks_view(viewer)));
        v.insert("holdings".into(), self.holdings_view());
        if let Some(a) = self.army_status_view(viewer) {
            v.insert("army_status".into(), a);
        }
        if let Some(side) = viewer.side() {
            v.insert("waiting".into(), self.waiting_view(side));
            v.insert("orders".into(), self.orders_view(side));
            v.insert("command".into(), self.command_view(side));
            v.insert("railroad_found".into(), json!(self.railroad_found(side)));
            if let Some(m) = self.moving_view(side) {
                v.insert("moving".into(), m);
            }
            if let Some(p) = self.pickable_view(side) {
                v.insert("pickable".into(), p);
            }
            if let Some(f) = self.fire_view(side) {
                v.insert("fire".into(), f);
            }
            if let Some(e) = self.setup_extensions_view(side) {
                v.insert("setup_extensions".into(), e);
            }
        }
        if viewer == Viewer::Omniscient {
            v.insert(
                "orders_of_both".into(),
                json!({
                    "union": self.orders_view(Side::Union),
                    "confederate": self.orders_view(Side::Confederate),
                }),
            );
            v.insert(
                "command_of_both".into(),
                json!({
                    "union": self.command_view(Side::Union),
                    "confederate": self.command_view(Side::Confederate),
                }),
            );
        }
        if self.step == Step::SetUp {
            v.insert(
                "setup_done".into(),
                json!({"union": self.setup_done.union, "confederate": self.setup_done.confederate}),
            );
        }
        if let Some(r) = &self.result {
            v.insert("result".into(), json!(r));
        }
        Value::Object(v)
    }

    /// The step, the phasing player and the phase's title.
    fn phase_view(&self) -> Value {
        let mut m = Map::new();
        m.insert("phase".into(), json!(self.step.phase_name()));
        if let Some(s) = self.step.segment_name() {
            m.insert("segment".into(), json!(s));
        }
        if let Some(side) = self.step.phasing() {
            m.insert("side".into(), json!(side));
        }
        if let Step::Fire { firer, .. } = self.step {
            m.insert("firing".into(), json!(firer));
        }
        m.insert("title".into(), json!(self.phase_title()));
        Value::Object(m)
    }

    /// "5 May 1:00pm, Confederate Command Phase: Order Issue"; on a night turn "5 May 9:00pm,
    /// night, Confederate Command Phase: Order Issue" (series 29.0; reference 1.4).
    pub fn phase_title(&self) -> String {
        let time = self.turn_words();
        match (self.step.phasing(), self.step.segment_name()) {
            (Some(side), Some(seg)) => format!("{time}, {side} {}: {seg}", self.step.phase_name()),
            (Some(side), None) => format!("{time}, {side} {}", self.step.phase_name()),
            _ => format!("{time}, {}", self.step.phase_name()),
        }
    }

    /// Every stack on the map the viewer may see. During set-up a player sees only his own
    /// (the set-ups are revealed together, 6.0); spectators see nothing until then.
    fn stacks_view(&self, viewer: Viewer) -> Vec<Value> {
        let mut hexes: Vec<HexId> = self.units.iter().filter_map(|u| u.hex()).collect();
        hexes.sort();
        hexes.dedup();
        let mut out = Vec::new();
        for hex in hexes {
            let stack = self.at(hex);
            let Some(&first) = stack.first() else {
                continue;
            };
            let side = self.unit(first).side;
            let own = viewer.sees_secrets_of(side);
            if self.step == Step::SetUp && !own {
                continue;
            }
            let mut m = Map::new();
            m.insert("hex".into(), json!(hex));
            m.insert("side".into(), json!(side));
            m.insert("facing".into(), json!(self.unit(first).facing));
            m.insert("contents".into(), json!(self.contents(&stack)));
            let counters: Vec<Value> = if own {
                stack.iter().map(|&k| self.counter_full(k)).collect()
            } else {
                self.top(hex)
                    .map(|k| vec![Value::Object(self.counter_face(k))])
                    .unwrap_or_default()
            };
            m.insert("counters".into(), Value::Array(counters));
            out.push(Value::Object(m));
        }
        out
    }

    /// Possession of hexes (rule 5.1d): public, it follows occupation.
    fn holdings_view(&self) -> Value {
        let mut v: Vec<Value> = self
            .holdings
            .iter()
            .map(|h| json!({"hex": h.hex, "side": h.side}))
            .collect();
        v.sort_by(|a, b| a["hex"].as_str().cmp(&b["hex"].as_str()));
        Value::Array(v)
    }

    /// A side's counters not on the map: reinforcements to come, and those lost.
    fn waiting_view(&self, side: Side) -> Value {
        let keys: Vec<UnitKey> = self
            .keys()
            .filter(|&k| self.unit(k).side == side && !self.unit(k).on_map())
            .filter(|&k| self.unit(k).part_of.is_none())
            .collect();
        let mut out = Vec::new();
        for k in keys {
            let mut c = self.counter_full(k);
            let state = match self.unit(k).location {
                Location::Waiting => {
                    // When and where it is due (its owner's entry choices, 4.3, included).
                    if let Some((hex, turn)) = self.arrival_of(side, &self.unit(k).id) {
                        c["due"] = json!(turn.map(|t| self.time_of(t)));
                        c["enters_at"] = json!(hex);
                    }
                    "waiting"
                }
                Location::Gone => "gone",
                Location::Exited { .. } => "left the map",
                Location::OffMap { to, due } => {
                    c["due"] = json!(self.time_of(due));
                    c["enters_at"] = json!(to);
                    "off the map (4.2)"
                }
                Location::Map { .. } => continue,
            };
            c["status"] = json!(state);
            out.push(c);
        }
        Value::Array(out)
    }

    /// A side's order log (reference 2.3.3).
    fn orders_view(&self, side: Side) -> Value {
        Value::Array(
            self.orders(side)
                .iter()
                .map(|o| {
                    json!({
                        "no": o.no,
                        "origin": o.origin,
                        "receiver": o.receiver,
                        "method": o.method,
                        "type": o.order_type,
                        "objective": o.objective,
                        "text": o.text,
                        "written": self.time_of(o.written),
                        "arrives": self.time_of(o.arrives),
                        "cost": o.cost,
                        "relay_of": o.relay_of,
                        "accepted_on": o.accepted_on.map(|t| self.time_of(t)),
                        "status": o.status,
                        "status_mark": o.status.log_mark(),
                    })
                })
                .collect(),
        )
    }

    /// The clock time of a turn index.
    pub fn time_of(&self, turn: u16) -> String {
        crate::data::turn_record()
            .turns()
            .get(usize::from(turn))
            .map(|t| t.time.to_string())
            .unwrap_or_default()
    }
}
