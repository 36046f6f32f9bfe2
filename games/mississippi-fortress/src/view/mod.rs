//! Views (Appendix V): what one viewer may know, written straight to JSON text from typed
//! borrowed structures (no `serde_json::Value` tree: the server diffs views as text). Static
//! data (map, charts, counter names and printed values) is in [`crate::catalog`]; a view
//! carries only what changes: turn, date, phase, weather, VPs, the siege track, occupied
//! Areas with their stacks, the river with its ships, batteries, the Battle Board during a
//! battle ([`battle`]), and the viewer's own pending business ([`private`]: dummy pool,
//! reinforcements, the stack he is moving).

mod area_texts;
mod battle;
mod private;
mod river;

use adjutant_engine::view_parts::{self, Part};
use adjutant_engine::{PerSide, Side, Viewer};
use serde::Serialize;

use crate::data::{AreaId, ScenarioId, UnitId};
use crate::model::counter::Kind;
use crate::model::game::MississippiFortress;
use crate::model::look::HeadFrom;
use crate::model::node::Node;
use crate::model::record::is_false;
use crate::model::ship::OffRiver;
use crate::weather::weather_name;

/// Everything one viewer may know: these members, then `areas` (the occupied Areas, each
/// Area's text kept by [`area_texts`]), `river` and `batteries` (kept by [`river`]), then
/// [`Rest`]'s.
#[derive(Serialize)]
struct View<'a> {
    scenario: &'a ScenarioId,
    turn: u8,
    first_turn: u8,
    last_turn: u8,
    dates: &'a str,
    weather: String,
    #[serde(skip_serializing_if = "is_false")]
    continuing_rain: bool,
    phase: Phase,
    vp: &'a PerSide<i64>,
    siege: Siege,
    options: Vec<&'a str>,
}

/// The members of a view after its Areas, its river and its batteries ([`river`]).
#[derive(Serialize)]
struct Rest<'a> {
    /// Ships off the river: always public (S4.2; 4.15a, 7.21a, 7.21c, 7.21d).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    ships_off: Vec<ShipOff<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    naval_combat: Option<NavalCombat>,
    #[serde(skip_serializing_if = "is_zero")]
    grand_gulf_count: u8,
    eliminated: Vec<Eliminated<'a>>,
    #[serde(skip_serializing_if = "<[AreaId]>::is_empty")]
    declared: &'a [AreaId],
    #[serde(skip_serializing_if = "Option::is_none")]
    moving: Option<Moving<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    sailing: Option<Sailing<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    battle: Option<battle::BattleView<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    union_private: Option<private::PrivateView<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    confederate_private: Option<private::PrivateView<'a>>,
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

#[derive(Serialize)]
struct Phase {
    player: Option<Side>,
    name: &'static str,
    segment: &'static str,
}

#[derive(Serialize)]
struct Siege {
    besieged: bool,
    supplies: Option<u8>,
}

#[derive(Serialize)]
struct ShipOff<'a> {
    id: &'a UnitId,
    side: Side,
    transport: bool,
    off: &'a OffRiver,
}

#[derive(Serialize)]
struct NavalCombat {
    node: Node,
    round: u8,
}

#[derive(Serialize)]
struct Eliminated<'a> {
    id: &'a str,
    side: Side,
    kind: Kind,
}

#[derive(Serialize)]
struct Moving<'a> {
    side: Side,
    from: AreaId,
    at: AreaId,
    path: &'a [AreaId],
    count: usize,
    /// Which counters: its owner's knowledge only.
    #[serde(skip_serializing_if = "Option::is_none")]
    counters: Option<Vec<&'a str>>,
}

#[derive(Serialize)]
struct Sailing<'a> {
    from: Node,
    at: Node,
    ships: Vec<&'a UnitId>,
}

impl MississippiFortress {
    /// Everything `viewer` may know, as JSON text: [`MississippiFortress::view_parts`]
    /// written out.
    pub fn view_text(&self, viewer: Viewer) -> String {
        Part::Object(self.view_parts(viewer)).text()
    }

    /// Everything `viewer` may know, in parts: each member of the view its own text, and the
    /// occupied Areas each its own, kept from this viewer's last view while what it may see
    /// there is unchanged ([`area_texts`]); the river and the batteries kept likewise
    /// ([`river`]).
    pub fn view_parts(&self, viewer: Viewer) -> Vec<(view_parts::Key, Part)> {
        let private = |side: Side| {
            viewer
                .sees_secrets_of(side)
                .then(|| self.private_view(side, viewer))
        };
        let rest = Rest {
            ships_off: self
                .ships
                .iter()
                .filter_map(|s| {
                    s.off.as_ref().map(|off| ShipOff {
                        id: &s.id,
                        side: s.side,
                        transport: s.transport,
                        off,
                    })
                })
                .collect(),
            naval_combat: self.naval_combat.as_ref().map(|c| NavalCombat {
                node: c.node,
                round: c.round,
            }),
            grand_gulf_count: self.grand_gulf_count,
            eliminated: self.eliminated_view(),
            declared: &self.declared,
            moving: self.moving_view(viewer),
            sailing: self.sailing.as_ref().map(|s| Sailing {
                from: s.from,
                at: s.at,
                ships: s.ships.iter().map(|&i| &self.ships[i].id).collect(),
            }),
            battle: self.battle_view(viewer),
            union_private: private(Side::Union),
            confederate_private: private(Side::Confederate),
        };
        // The head is written only when what it is written from changed.
        let head = HeadFrom {
            turn: self.turn,
            weather: weather_name(self.weather),
            continuing_rain: self.continuing_rain(),
            phase: (
                self.step.side(),
                self.step.phase_name(),
                self.step.segment(),
            ),
            vp: self.vp,
            siege: (self.siege.besieged, self.siege.supplies),
        };
        let mut members = self
            .kept_texts
            .head
            .members_of(Viewer::Omniscient, head, |head| {
                view_parts::members(&self.view_head(head))
            });
        members.push(("areas".into(), self.areas_part(viewer)));
        members.push(("river".into(), self.river_part(viewer)));
        members.push(("batteries".into(), self.batteries_part()));
        members.extend(view_parts::members(&rest));
        members
    }

    /// The view's head: [`View`], written from `head` and what the game never changes.
    fn view_head(&self, head: &HeadFrom) -> View<'_> {
        let scenario = self.scenario_data();
        let dates = crate::data::TurnTrack::get()
            .turn(scenario.track, head.turn)
            .map_or("", |t| t.dates.as_str());
        View {
            scenario: &self.scenario,
            turn: head.turn,
            first_turn: scenario.first_turn,
            last_turn: scenario.last_turn,
            dates,
            weather: head.weather.to_lowercase(),
            continuing_rain: head.continuing_rain,
            phase: Phase {
                player: head.phase.0,
                name: head.phase.1,
                segment: head.phase.2,
            },
            vp: &self.vp,
            siege: Siege {
                besieged: head.siege.0,
                supplies: head.siege.1,
            },
            options: self.options.iter().map(|o| o.as_str()).collect(),
        }
    }

    /// Counters eliminated or fallen, with their names announced (S4.4c, R40); brigades
    /// absorbed under 4.5 are not identified (4.52).
    fn eliminated_view(&self) -> Vec<Eliminated<'_>> {
        self.counters
            .iter()
            .enumerate()
            .filter(|&(k, _)| self.announced(k))
            .map(|(_, c)| Eliminated {
                id: &c.id,
                side: c.side,
                kind: c.kind,
            })
            .collect()
    }

    fn moving_view(&self, viewer: Viewer) -> Option<Moving<'_>> {
        let g = self.moving.as_ref()?;
        let side = self.counters.get(*g.members.first()?)?.side;
        Some(Moving {
            side,
            from: g.from,
            at: g.at,
            path: &g.path,
            count: g.members.len(),
            counters: viewer.sees_secrets_of(side).then(|| {
                g.members
                    .iter()
                    .map(|&k| self.counters[k].id.as_ref())
                    .collect()
            }),
        })
    }
}
