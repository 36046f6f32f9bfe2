//! Views (Appendix V): what one viewer may know, as compact JSON. Static data (map, charts,
//! counter names and printed values) is in [`crate::catalog`]; a view carries only what
//! changes: turn, date, phase, weather, VPs, the siege track, occupied Areas with their stacks,
//! the river with its ships, batteries, the Battle Board during a battle, and the viewer's own
//! pending business (dummy pool, reinforcements, the stack he is moving).

use adjutant_engine::{Side, Viewer};
use serde_json::{Map as JsonMap, Value, json};

use crate::model::action::Position;
use crate::model::battle::BattleStage;
use crate::model::counter::{Key, Place};
use crate::model::game::MississippiFortress;
use crate::model::node::Node;
use crate::weather::weather_name;

impl MississippiFortress {
    /// Everything `viewer` may know.
    pub fn build_view(&self, viewer: Viewer) -> Value {
        let scenario = self.scenario_data();
        let dates = crate::data::TurnTrack::get()
            .turn(scenario.track, self.turn)
            .map(|t| t.dates.clone())
            .unwrap_or_default();
        let mut v = JsonMap::new();
        v.insert("scenario".into(), json!(self.scenario));
        v.insert("turn".into(), json!(self.turn));
        v.insert("first_turn".into(), json!(scenario.first_turn));
        v.insert("last_turn".into(), json!(scenario.last_turn));
        v.insert("dates".into(), json!(dates));
        v.insert(
            "weather".into(),
            json!(weather_name(self.weather).to_lowercase()),
        );
        if self.continuing_rain() {
            v.insert("continuing_rain".into(), json!(true));
        }
        v.insert(
            "phase".into(),
            json!({
                "player": self.step.side(),
                "name": self.step.phase_name(),
                "segment": self.step.segment(),
            }),
        );
        v.insert(
            "vp".into(),
            json!({"union": self.vp.union, "confederate": self.vp.confederate}),
        );
        v.insert(
            "siege".into(),
            json!({"besieged": self.siege.besieged, "supplies": self.siege.supplies}),
        );
        let options: Vec<&str> = self.options.iter().map(|o| o.as_str()).collect();
        v.insert("options".into(), json!(options));
        v.insert("areas".into(), Value::Array(self.areas_view(viewer)));
        v.insert("river".into(), Value::Array(self.river_view(viewer)));
        v.insert("batteries".into(), Value::Array(self.batteries_view()));
        // Ships are always public (S4.2): those off the river too (4.15a, 7.21a, 7.21c, 7.21d).
        let off: Vec<Value> = self
            .ships
            .iter()
            .filter_map(|s| {
                s.off.map(
                    |off| json!({"id": s.id, "side": s.side, "transport": s.transport, "off": off}),
                )
            })
            .collect();
        if !off.is_empty() {
            v.insert("ships_off".into(), Value::Array(off));
        }
        if let Some(c) = &self.naval_combat {
            v.insert(
                "naval_combat".into(),
                json!({"node": c.node, "round": c.round}),
            );
        }
        if self.grand_gulf_count > 0 {
            v.insert("grand_gulf_count".into(), json!(self.grand_gulf_count));
        }
        v.insert("eliminated".into(), Value::Array(self.eliminated_view()));
        if !self.declared.is_empty() {
            v.insert("declared".into(), json!(self.declared));
        }
        if let Some(m) = self.moving_view(viewer) {
            v.insert("moving".into(), m);
        }
        if let Some(s) = &self.sailing {
            v.insert(
                "sailing".into(),
                json!({
                    "from": s.from,
                    "at": s.at,
                    "ships": s.ships.iter().map(|&i| self.ships[i].id.to_string()).collect::<Vec<_>>(),
                }),
            );
        }
        if let Some(b) = self.battle_view(viewer) {
            v.insert("battle".into(), b);
        }
        for side in Side::BOTH {
            if viewer.sees_secrets_of(side) {
                v.insert(
                    format!("{}_private", side.as_str()),
                    self.private_view(side, viewer),
                );
            }
        }
        Value::Object(v)
    }

    fn areas_view(&self, viewer: Viewer) -> Vec<Value> {
        let mut areas: Vec<_> = self.counters.iter().filter_map(|c| c.area()).collect();
        areas.sort();
        areas.dedup();
        areas
            .into_iter()
            .map(|area| {
                let keys: Vec<Key> = self.all_in_area(area).collect();
                json!({"area": area, "counters": self.counters_view(&keys, viewer)})
            })
            .collect()
    }

    fn river_view(&self, viewer: Viewer) -> Vec<Value> {
        let mut nodes: Vec<Node> = self.ships.iter().filter_map(|s| s.at).collect();
        nodes.sort();
        nodes.dedup();
        nodes
            .into_iter()
            .map(|node| {
                let mut ships: Vec<usize> = self
                    .ships
                    .iter()
                    .enumerate()
                    .filter(|(_, s)| s.at == Some(node))
                    .map(|(i, _)| i)
                    .collect();
                ships.sort_by(|&a, &b| self.ships[a].id.cmp(&self.ships[b].id));
                let ships: Vec<Value> = ships
                    .into_iter()
                    .map(|i| {
                        let s = &self.ships[i];
                        let aboard: Vec<Key> = self
                            .aboard(i)
                            .filter(|&k| match self.counters[k].place {
                                Place::Aboard(c) => c.ship == i,
                                _ => false,
                            })
                            .collect();
                        let mut m = JsonMap::new();
                        m.insert("id".into(), json!(s.id));
                        m.insert("side".into(), json!(s.side));
                        m.insert("transport".into(), json!(s.transport));
                        if let Some(p) = self.lashed_to(i) {
                            m.insert("lashed_to".into(), json!(self.ships[p].id));
                        }
                        if s.rec.moved {
                            m.insert("moved".into(), json!(true));
                        }
                        if s.rec.held {
                            m.insert("held".into(), json!(true));
                        }
                        if s.transport {
                            m.insert("aboard".into(), json!(self.counters_view(&aboard, viewer)));
                            if viewer.sees_secrets_of(s.side) {
                                m.insert("load".into(), json!(self.load(i)));
                                m.insert("taken_this_turn".into(), json!(s.rec.taken));
                            }
                        }
                        Value::Object(m)
                    })
                    .collect();
                json!({"node": node, "ships": ships})
            })
            .collect()
    }

    fn batteries_view(&self) -> Vec<Value> {
        self.batteries
            .iter()
            .map(|b| json!({"id": b.id, "area": b.area, "arrow": b.arrow, "state": b.state}))
            .collect()
    }

    /// Counters eliminated or fallen, with their names announced (S4.4c, R40); brigades
    /// absorbed under 4.5 are not identified (4.52).
    fn eliminated_view(&self) -> Vec<Value> {
        self.counters
            .iter()
            .enumerate()
            .filter(|&(k, _)| self.announced(k))
            .map(|(_, c)| json!({"id": c.id, "side": c.side, "kind": c.kind}))
            .collect()
    }

    fn moving_view(&self, viewer: Viewer) -> Option<Value> {
        let g = self.moving.as_ref()?;
        let side = self.counters.get(*g.members.first()?)?.side;
        let mut m = JsonMap::new();
        m.insert("side".into(), json!(side));
        m.insert("from".into(), json!(g.from));
        m.insert("at".into(), json!(g.at));
        m.insert("path".into(), json!(g.path));
        m.insert("count".into(), json!(g.members.len()));
        if viewer.sees_secrets_of(side) {
            m.insert(
                "counters".into(),
                json!(
                    g.members
                        .iter()
                        .map(|&k| self.counters[k].id.clone())
                        .collect::<Vec<_>>()
                ),
            );
        }
        Some(Value::Object(m))
    }

    fn private_view(&self, side: Side, viewer: Viewer) -> Value {
        let groups: Vec<Value> = self
            .reinforcements
            .iter()
            .enumerate()
            .filter(|(_, g)| g.side == side && !g.placed && !g.cancelled)
            .map(|(i, g)| {
                json!({
                    "group": i,
                    "turn": g.turn,
                    "area": g.area,
                    "units": g.units.iter().map(|&k| self.counters[k].id.clone()).collect::<Vec<_>>(),
                    "withheld": g.withheld,
                })
            })
            .collect();
        let waiting: Vec<Value> = self
            .waiting_replacements()
            .into_iter()
            .filter(|&k| self.counters[k].side == side)
            .map(|k| self.counter_view(k, viewer))
            .collect();
        let mut m = JsonMap::new();
        m.insert("dummy_pool".into(), json!(self.dummy_pool(side)));
        m.insert("reinforcements".into(), json!(groups));
        m.insert("waiting_leaders".into(), json!(waiting));
        // 7.11 (R16): the Variable Entry roll is the Confederate player's alone.
        if side == Side::Confederate
            && let Some(roll) = self.entry_roll
        {
            m.insert("entry_roll".into(), json!(roll));
        }
        m.insert("sp_lost_since_enemy_vp".into(), json!(self.lost.get(side)));
        if let Some(p) = &self.probe
            && p.cavalry
                .first()
                .is_some_and(|&k| self.counters[k].side == side)
        {
            m.insert(
                "probe".into(),
                json!({"area": p.area, "cavalry": p.cavalry.iter().map(|&k| self.counters[k].id.clone()).collect::<Vec<_>>()}),
            );
        }
        Value::Object(m)
    }

    fn battle_view(&self, viewer: Viewer) -> Option<Value> {
        let b = self.battle.as_ref()?;
        let mut sides = JsonMap::new();
        for side in [b.attacker, b.defender()] {
            let own = viewer.sees_secrets_of(side);
            let mut s = JsonMap::new();
            // Until the roster is drawn up (S8.2d, after any retreat before combat) the side's
            // counters in the battle's Area are its participants.
            let participants = if b.roster.is_empty() {
                self.in_area(side, b.area).count()
            } else {
                b.roster
                    .iter()
                    .filter(|&&k| self.counters[k].side == side)
                    .count()
            };
            s.insert("participants".into(), json!(participants));
            if b.revealed || own {
                let lines: Vec<Value> = (0..3)
                    .map(|line| {
                        let keys = self.at_position(side, Position::of_line(line));
                        json!({"counters": self.counters_view(&keys, viewer)})
                    })
                    .collect();
                s.insert("lines".into(), Value::Array(lines));
                let reserve = self.at_position(side, Position::Reserve);
                if own {
                    s.insert(
                        "reserve".into(),
                        json!(self.counters_view(&reserve, viewer)),
                    );
                } else {
                    s.insert("reserve_count".into(), json!(reserve.len()));
                }
            }
            if own && b.stage == BattleStage::Commit {
                let commits: Vec<Value> = b
                    .commits
                    .iter()
                    .filter(|(k, _)| self.counters[*k].side == side)
                    .map(|(k, p)| json!({"counter": self.counters[*k].id, "position": p}))
                    .collect();
                s.insert("commits".into(), json!(commits));
            }
            if b.orders_revealed || own {
                let orders: Vec<Value> = b
                    .orders
                    .iter()
                    .filter(|(s, _, _)| *s == side)
                    .map(|(_, l, o)| json!({"line": l, "order": o}))
                    .collect();
                s.insert("orders".into(), json!(orders));
            }
            if b.orders_revealed {
                s.insert("losses".into(), json!(b.losses.get(side)));
            }
            sides.insert(side.as_str().to_string(), Value::Object(s));
        }
        let engaged: Vec<Value> = if b.revealed {
            (0..3)
                .filter_map(|a| {
                    b.engaged[a].map(|d| json!({"attacker_line": a, "defender_line": d}))
                })
                .collect()
        } else {
            Vec::new()
        };
        Some(json!({
            "area": b.area,
            "attacker": b.attacker,
            "defender": b.defender(),
            "round": b.round,
            "stage": b.stage,
            "compelled": b.compelled,
            "engaged": engaged,
            "results": if b.orders_revealed { json!(b.results) } else { json!([]) },
            // The same engagements as the events' combat reports (model/report.rs): what a
            // client draws after fire, with strengths in SP and lines numbered from 1.
            "combats": if b.orders_revealed { json!(b.reports) } else { json!([]) },
            "sides": sides,
        }))
    }
}
