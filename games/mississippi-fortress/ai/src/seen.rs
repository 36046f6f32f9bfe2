//! The seat's view, read into plain facts (Appendix V): whose counters stand where, what the
//! seat knows of each, the turn, weather and VPs. Nothing here comes from anywhere but the
//! view the seat receives.

use std::collections::BTreeMap;

use adjutant_engine::Side;
use mississippi_fortress::data::{Units, units::UnitKind};
use serde_json::Value;

/// One counter as the seat sees it.
#[derive(Clone, Debug, PartialEq)]
pub struct Counter {
    /// Its id, when the seat may identify it (S4.4).
    pub id: Option<String>,
    /// Its side.
    pub side: Side,
    /// "division", "brigade", "militia", "cavalry", "artillery", "leader", "dummy"; empty
    /// when hidden.
    pub kind: String,
    /// Present strength: the owner's knowledge (S4.4g); for a known enemy, the printed value.
    pub strength: f64,
    /// Moved already this phase (own counters only).
    pub moved: bool,
    /// In communications (own line infantry only; `true` when not shown).
    pub in_comms: bool,
    /// Stragglers (own counters only, S7).
    pub stragglers: f64,
}

impl Counter {
    /// A combat unit (not a Leader, not a dummy), as far as the seat knows.
    pub fn is_combat(&self) -> bool {
        matches!(
            self.kind.as_str(),
            "division" | "brigade" | "militia" | "cavalry" | "artillery"
        )
    }

    /// Infantry of any kind (S1.6).
    pub fn is_infantry(&self) -> bool {
        matches!(self.kind.as_str(), "division" | "brigade" | "militia")
    }
}

/// The seat's view, parsed.
#[derive(Clone, Debug, Default)]
pub struct Seen {
    /// The seat.
    pub me: Option<Side>,
    /// The scenario id (`champion-hill`).
    pub scenario: String,
    /// The Game Turn and the last one.
    pub turn: u8,
    /// The scenario's last turn.
    pub last_turn: u8,
    /// Rain this turn (3.2c).
    pub rain: bool,
    /// Whose player turn it is (`None` during the set-up).
    pub phase_player: Option<Side>,
    /// The phase's name (`Movement Phase`, `Combat Phase`...).
    pub phase: String,
    /// VPs: (mine, the enemy's).
    pub vp: (i64, i64),
    /// Counters on the map by Area.
    pub areas: BTreeMap<u8, Vec<Counter>>,
    /// Enemy counters identified anywhere so far in the view (on the map or eliminated).
    pub known_enemy: Vec<String>,
    /// The stack being moved: (from, at, path, counter ids) (S3.1c).
    pub moving: Option<(u8, u8, Vec<u8>, Vec<String>)>,
    /// My dummy pool.
    pub dummy_pool: u64,
    /// River arrows holding my transport steamers (`A6`), S4.2: ships are public.
    pub transports: Vec<String>,
}

impl Seen {
    /// The seat's side.
    pub fn side(&self) -> Side {
        self.me.unwrap_or(Side::Union)
    }

    /// Reads `view` as seen by `side`.
    pub fn read(side: Side, view: &Value) -> Seen {
        let mut seen = Seen {
            me: Some(side),
            scenario: view["scenario"].as_str().unwrap_or_default().to_string(),
            turn: view["turn"].as_u64().unwrap_or(0) as u8,
            last_turn: view["last_turn"].as_u64().unwrap_or(0) as u8,
            rain: view["weather"].as_str() == Some("rain"),
            phase_player: Side::parse(view["phase"]["player"].as_str().unwrap_or_default()),
            phase: view["phase"]["name"]
                .as_str()
                .unwrap_or_default()
                .to_string(),
            ..Seen::default()
        };
        let vp = |s: Side| view["vp"][s.as_str()].as_i64().unwrap_or(0);
        seen.vp = (vp(side), vp(side.opponent()));
        for area in view["areas"].as_array().into_iter().flatten() {
            let id = area["area"].as_u64().unwrap_or(0) as u8;
            let counters: Vec<Counter> = area["counters"]
                .as_array()
                .into_iter()
                .flatten()
                .map(read_counter)
                .collect();
            for c in &counters {
                if c.side != side
                    && let Some(id) = &c.id
                {
                    seen.known_enemy.push(id.clone());
                }
            }
            seen.areas.insert(id, counters);
        }
        for e in view["eliminated"].as_array().into_iter().flatten() {
            if e["side"].as_str() == Some(side.opponent().as_str())
                && let Some(id) = e["id"].as_str()
            {
                seen.known_enemy.push(id.to_string());
            }
        }
        let m = &view["moving"];
        if m.is_object() {
            let ids = m["counters"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|c| c.as_str().map(str::to_string))
                .collect();
            let path = m["path"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|a| a.as_u64().map(|a| a as u8))
                .collect();
            seen.moving = Some((
                m["from"].as_u64().unwrap_or(0) as u8,
                m["at"].as_u64().unwrap_or(0) as u8,
                path,
                ids,
            ));
        }
        for node in view["river"].as_array().into_iter().flatten() {
            let mine = node["ships"].as_array().into_iter().flatten().any(|s| {
                s["side"].as_str() == Some(side.as_str()) && s["transport"].as_bool() == Some(true)
            });
            if mine && let Some(n) = node["node"].as_str() {
                seen.transports.push(n.to_string());
            }
        }
        let private = format!("{}_private", side.as_str());
        seen.dummy_pool = view[private.as_str()]["dummy_pool"].as_u64().unwrap_or(0);
        seen
    }

    /// My counters in `area`.
    pub fn mine(&self, area: u8) -> impl Iterator<Item = &Counter> {
        let me = self.side();
        self.areas
            .get(&area)
            .into_iter()
            .flatten()
            .filter(move |c| c.side == me)
    }

    /// The enemy's counters in `area`.
    pub fn theirs(&self, area: u8) -> impl Iterator<Item = &Counter> {
        let me = self.side();
        self.areas
            .get(&area)
            .into_iter()
            .flatten()
            .filter(move |c| c.side != me)
    }

    /// My combat strength in `area` (present SP).
    pub fn my_strength(&self, area: u8) -> f64 {
        self.mine(area)
            .filter(|c| c.is_combat())
            .map(|c| c.strength)
            .sum()
    }

    /// Whether I have a combat unit in `area`.
    pub fn i_hold(&self, area: u8) -> bool {
        self.mine(area).any(Counter::is_combat)
    }

    /// The ids of the counters of the stack being moved (none when nothing moves).
    pub fn moving_ids(&self) -> Vec<&str> {
        self.moving
            .as_ref()
            .map(|m| m.3.iter().map(String::as_str).collect())
            .unwrap_or_default()
    }

    /// My counter by id, with its Area.
    pub fn my_counter(&self, id: &str) -> Option<(u8, &Counter)> {
        self.areas.iter().find_map(|(&a, cs)| {
            cs.iter()
                .find(|c| c.id.as_deref() == Some(id))
                .map(|c| (a, c))
        })
    }
}

/// A counter of the view.
pub fn read_counter(c: &Value) -> Counter {
    let side = match c["side"].as_str() {
        Some("confederate") => Side::Confederate,
        _ => Side::Union,
    };
    let id = c["id"].as_str().map(str::to_string);
    let kind = c["kind"].as_str().unwrap_or_default().to_string();
    let strength = match c["strength"].as_u64() {
        Some(s) => s as f64,
        None => id.as_deref().map_or(0.0, printed_strength),
    };
    Counter {
        id,
        side,
        kind,
        strength,
        moved: c["moved"].as_bool().unwrap_or(false),
        in_comms: c["in_comms"].as_bool().unwrap_or(true),
        stragglers: c["stragglers"].as_f64().unwrap_or(0.0),
    }
}

/// A unit's printed strength (public: the counter sheet), 0 for Leaders, dummies and ships.
pub fn printed_strength(id: &str) -> f64 {
    Units::get().unit(id).map_or(0.0, |u| match u.kind {
        UnitKind::ShoreBattery | UnitKind::Gunboat | UnitKind::Transport | UnitKind::Leader => 0.0,
        _ => f64::from(u.strength.unwrap_or(0)),
    })
}
