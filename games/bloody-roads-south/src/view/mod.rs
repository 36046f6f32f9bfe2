//! What each viewer may know (reference section 5): own counters in full, enemy stacks as
//! their top counter and whether they hold troops, artillery, both or neither; own orders;
//! nothing of the opponent's orders, losses, morale, fire levels or dice.
//!
//! A view is written straight to JSON text (the server diffs views as text): the large parts
//! (stacks, counters, reinforcements, order logs, possession) from borrowed typed structures,
//! the small ones as before; the object's members are written in the order of their names.

pub mod command;
pub mod counter;
pub mod menu;

use adjutant_engine::{Side, Viewer};
use serde::Serialize;
use serde_json::{Map, Value, json};

use crate::data::HexId;
use crate::data::charts::command::OrderMethod;
use crate::data::order::OrderType;
use crate::model::game::BloodyRoadsSouth;
use crate::model::order::{OrderNo, OrderStatus, Origin, Receiver};
use crate::model::step::Step;
use crate::model::unit::{Location, UnitKey};
use counter::CounterView;

#[derive(Serialize)]
struct ScenarioView<'a> {
    id: &'a str,
    title: &'a str,
    turns: u16,
    /// The game's last turn (later than the scenario's when its players play on, 7.0).
    last: String,
}

#[derive(Serialize)]
struct TurnView {
    night: bool,
    number: u16,
    of: u16,
    time: String,
    visibility: Option<u8>,
}

#[derive(Serialize)]
struct VariantView<'a> {
    id: &'a str,
    points: u8,
    points_to: Side,
    rule: &'a str,
    secret: bool,
    title: &'a str,
}

/// A stack on the map: its owner sees every counter, anyone else its top counter only.
#[derive(Serialize)]
struct StackView<'a> {
    contents: &'static str,
    counters: Vec<CounterView<'a>>,
    facing: crate::model::facing::Vertex,
    hex: HexId,
    side: Side,
}

#[derive(Serialize)]
struct HoldingView {
    hex: HexId,
    side: Side,
}

/// One order of a side's log (reference 2.3.3).
#[derive(Serialize)]
struct OrderView<'a> {
    accepted_on: Option<String>,
    arrives: String,
    cost: u8,
    method: &'a OrderMethod,
    no: &'a OrderNo,
    objective: &'a Option<HexId>,
    origin: &'a Origin,
    receiver: &'a Receiver,
    relay_of: &'a Option<OrderNo>,
    status: &'a OrderStatus,
    status_mark: &'static str,
    text: &'a str,
    #[serde(rename = "type")]
    order_type: &'a OrderType,
    written: String,
}

#[derive(Serialize)]
struct OfBoth<T> {
    confederate: T,
    union: T,
}

/// A view's members as (name, JSON text), written as one object in the order of the names.
struct Members(Vec<(&'static str, String)>);

impl Members {
    fn add(&mut self, name: &'static str, value: &impl Serialize) {
        let text = serde_json::to_string(value).expect("views serialise");
        self.0.push((name, text));
    }

    fn into_text(mut self) -> String {
        self.0.sort_unstable_by_key(|(name, _)| *name);
        let len: usize = self.0.iter().map(|(n, t)| n.len() + t.len() + 4).sum();
        let mut out = String::with_capacity(len + 2);
        out.push('{');
        for (i, (name, text)) in self.0.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            out.push('"');
            out.push_str(name);
            out.push_str("\":");
            out.push_str(text);
        }
        out.push('}');
        out
    }
}

impl BloodyRoadsSouth {
    /// The view of `viewer`, as JSON text (one object).
    pub fn view_json(&self, viewer: Viewer) -> String {
        let _reading = self.read_whole();
        let mut v = Members(Vec::with_capacity(24));
        let scenario = self.scenario();
        v.add(
            "scenario",
            &ScenarioView {
                id: scenario.id.as_str(),
                title: &scenario.title,
                turns: self.length(),
                last: self.last_turn().to_string(),
            },
        );
        let turn = self.turn();
        v.add(
            "turn",
            &TurnView {
                night: self.is_night(),
                number: self.turn_number(),
                of: self.length(),
                time: turn.time.to_string(),
                visibility: turn.visibility,
            },
        );
        v.add("variants", &self.variants_view(viewer));
        v.add("phase", &self.phase_view());
        v.add("stacks", &self.stacks_view(viewer));
        v.add("holdings", &self.holdings_view());
        if let Some(a) = self.army_status_view(viewer) {
            v.add("army_status", &a);
        }
        if let Some(side) = viewer.side() {
            v.add("waiting", &self.waiting_view(side));
            v.add("orders", &self.orders_view(side));
            v.add("command", &self.command_view(side));
            v.add("railroad_found", &self.railroad_found(side));
            if let Some(m) = self.moving_view(side) {
                v.add("moving", &m);
            }
            if let Some(p) = self.pickable_view(side) {
                v.add("pickable", &p);
            }
            if let Some(f) = self.fire_view(side) {
                v.add("fire", &f);
            }
            if let Some(e) = self.setup_extensions_view(side) {
                v.add("setup_extensions", &e);
            }
        }
        if viewer == Viewer::Omniscient {
            v.add(
                "orders_of_both",
                &OfBoth {
                    confederate: self.orders_view(Side::Confederate),
                    union: self.orders_view(Side::Union),
                },
            );
            v.add(
                "command_of_both",
                &OfBoth {
                    confederate: self.command_view(Side::Confederate),
                    union: self.command_view(Side::Union),
                },
            );
        }
        if self.step == Step::SetUp {
            v.add(
                "setup_done",
                &OfBoth {
                    confederate: self.setup_done.confederate,
                    union: self.setup_done.union,
                },
            );
        }
        if let Some(r) = &self.result {
            v.add("result", r);
        }
        v.into_text()
    }

    /// The view of `viewer` as a tree (for tests and tools; the server reads the text).
    pub fn build_view(&self, viewer: Viewer) -> Value {
        serde_json::from_str(&self.view_json(viewer)).expect("a view is JSON")
    }

    /// The variants in play that this viewer may know of (public ones for everyone; a secret
    /// one for its side, and for everyone once revealed): id, rule, VP and to whom.
    fn variants_view(&self, viewer: Viewer) -> Vec<VariantView<'static>> {
        self.variants()
            .iter()
            .filter(|&&id| {
                let d = crate::data::variants().variant(id);
                viewer == Viewer::Omniscient
                    || viewer.side() == Some(d.side)
                    || self.variant_revealed(id)
            })
            .map(|&id| {
                let d = crate::data::variants().variant(id);
                VariantView {
                    id: id.as_str(),
                    points: d.points,
                    points_to: d.points_to,
                    rule: &d.rule,
                    secret: d.secret,
                    title: crate::data::variant::variant_title(id),
                }
            })
            .collect()
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
    fn stacks_view(&self, viewer: Viewer) -> Vec<StackView<'_>> {
        let mut hexes: Vec<HexId> = self.units().iter().filter_map(|u| u.hex()).collect();
        hexes.sort();
        hexes.dedup();
        let mut out = Vec::with_capacity(hexes.len());
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
            let counters = if own {
                stack.iter().map(|&k| self.counter_full(k)).collect()
            } else {
                self.top(hex)
                    .map(|k| vec![self.counter_face(k)])
                    .unwrap_or_default()
            };
            out.push(StackView {
                contents: self.contents(&stack),
                counters,
                facing: self.unit(first).facing,
                hex,
                side,
            });
        }
        out
    }

    /// Possession of hexes (rule 5.1d): public, it follows occupation; sorted by hex id.
    fn holdings_view(&self) -> Vec<HoldingView> {
        let mut v: Vec<HoldingView> = self
            .holdings
            .iter()
            .map(|h| HoldingView {
                hex: h.hex,
                side: h.side,
            })
            .collect();
        v.sort_by_cached_key(|h| h.hex.to_string());
        v
    }

    /// A side's counters not on the map: reinforcements to come, and those lost.
    fn waiting_view(&self, side: Side) -> Vec<CounterView<'_>> {
        let keys: Vec<UnitKey> = self
            .keys()
            .filter(|&k| self.unit(k).side == side && !self.unit(k).on_map())
            .filter(|&k| self.unit(k).part_of.is_none())
            .collect();
        let mut out = Vec::with_capacity(keys.len());
        for k in keys {
            let mut c = self.counter_full(k);
            let state = match self.unit(k).location {
                Location::Waiting => {
                    // When and where it is due (its owner's entry choices, 4.3, included).
                    if let Some((hex, turn)) = self.arrival_of(side, &self.unit(k).id) {
                        c.due = Some(turn.map(|t| self.time_of(t)));
                        c.enters_at = Some(hex);
                    }
                    "waiting"
                }
                Location::Gone => "gone",
                Location::Exited { .. } => "left the map",
                Location::OffMap { to, due } => {
                    c.due = Some(Some(self.time_of(due)));
                    c.enters_at = Some(Some(to));
                    "off the map (4.2)"
                }
                Location::Map { .. } => continue,
            };
            c.status = Some(state);
            out.push(c);
        }
        out
    }

    /// A side's order log (reference 2.3.3).
    fn orders_view(&self, side: Side) -> Vec<OrderView<'_>> {
        self.orders(side)
            .iter()
            .map(|o| OrderView {
                accepted_on: o.accepted_on.map(|t| self.time_of(t)),
                arrives: self.time_of(o.arrives),
                cost: o.cost,
                method: &o.method,
                no: &o.no,
                objective: &o.objective,
                origin: &o.origin,
                receiver: &o.receiver,
                relay_of: &o.relay_of,
                status: &o.status,
                status_mark: o.status.log_mark(),
                text: &o.text,
                order_type: &o.order_type,
                written: self.time_of(o.written),
            })
            .collect()
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
