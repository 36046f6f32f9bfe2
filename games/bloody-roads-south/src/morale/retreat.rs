//! Retreats (series 24.3, 23, 24.1b, 14.1a; reference 2.10.5; BRS 1.2g), hex by hex through
//! the `Retreat` question; rout-through (`RoutThrough`) is in `rout_through`.
//!
//! **Decision** (the legal retreat hexes, "locally to the rear, away from the enemy"): each
//! hex entered must be an adjacent hex in play that
//! 1. holds no enemy counter and is not across the Rapidan except at its ford;
//! 2. lies farther from the hex the threat came from (`away_from`) than the hex left — for
//!    a routed unit retreating in the Rally Phase (S24.1b), farther from the nearest enemy
//!    combat unit;
//! 3. is not in an enemy zone of control, unless every hex allowed by 1-2 is (then those may
//!    be entered, and the retreat draws fire from the units exerting the zone, S14.1a, except
//!    into the first hex of a retreat out of close combat, S23);
//! 4. **BRS 1.2g**: from a Wilderness hex, among those, the hexes with a road, trail or found
//!    railroad (and from such a hex, the hexes along it) when there are any.
//!
//! The owner chooses among them. A stack with no legal hex cannot complete its retreat and
//! routs (S24.3); standing on a map-edge hex, it is forced off the map and eliminated instead
//! (decision: at the edge the only way back is off the map); a routed stack of the Rally Phase
//! that cannot get 6 hexes away is eliminated, its strength becoming casualties (S24.1b).
//! Unlimbered artillery limbers to retreat, rolling for gun loss in an enemy zone of control
//! or in close combat (S24.2, S26.1). Retreating units go on top of any stack they enter. At
//! the end of a retreat the non-phasing owner may turn the stack (S13.0, `face`).

use adjutant_engine::Side;

use crate::data::HexId;
use crate::data::morale::MoraleState;
use crate::data::stream::{Crossing, StreamKind};
use crate::data::terrain::Terrain;
use crate::events::{EventKind, Fx};
use crate::geometry::away_from;
use crate::model::action::Action;
use crate::model::decision::{Decision, Question, RetreatCause};
use crate::model::drawn::Drawn;
use crate::model::game::BloodyRoadsSouth;
use crate::model::unit::{Formation, Location, UnitKey, UnitKind};
use crate::morale::check::MoraleContext;

impl BloodyRoadsSouth {
    /// The hex a group of units stands in (its first unit on the map).
    fn group_hex(&self, units: &[UnitKey]) -> Option<HexId> {
        units.iter().find_map(|&k| self.unit(k).hex())
    }

    /// True when a unit may step from `from` into the adjacent `to` on a retreat or
    /// displacement: in play, no enemy counter, not across the Rapidan but at its ford.
    pub(crate) fn may_step(&self, side: Side, from: HexId, to: HexId) -> bool {
        let map = crate::data::map();
        if !map.in_play(to, self.maps()) {
            return false;
        }
        if self
            .units()
            .iter()
            .any(|u| u.side != side && u.hex() == Some(to))
        {
            return false;
        }
        let river = map
            .stream_between(from, to)
            .is_some_and(|s| s.kind == StreamKind::River);
        !river || map.crossing(from, to) == Some(Crossing::RiverFord)
    }

    /// The legal hexes for the next hex of a retreat (see the module's decision), in the
    /// order away from the threat.
    pub fn retreat_hexes(&self, units: &[UnitKey], away: HexId, cause: RetreatCause) -> Vec<HexId> {
        let Some(from) = self.group_hex(units) else {
            return Vec::new();
        };
        let side = self.unit(units[0]).side;
        let map = crate::data::map();
        let here_enemy = self.distance_to_enemy(from, side);
        let here_away = map.distance(from, away);
        let mut legal: Vec<HexId> = away_from(map, self.maps(), from, away)
            .into_iter()
            .map(|(h, _)| h)
            .filter(|&h| self.may_step(side, from, h))
            .filter(|&h| match cause {
                RetreatCause::Rout => self.distance_to_enemy(h, side) > here_enemy,
                _ => map.distance(h, away) > here_away,
            })
            .collect();
        let free: Vec<HexId> = legal
            .iter()
            .copied()
            .filter(|&h| !self.in_enemy_zoc(h, side))
            .collect();
        if !free.is_empty() {
            legal = free;
        }
        if map.terrain(from) == Some(Terrain::Wilderness) {
            let found = self.railroad_found(side);
            let from_road = map.hex(from).is_some_and(|h| h.has_road_feature(found));
            let along: Vec<HexId> = legal
                .iter()
                .copied()
                .filter(|&h| {
                    map.road_along(from, h).is_some() || (found && map.railroad_along(from, h))
                })
                .collect();
            let onto: Vec<HexId> = legal
                .iter()
                .copied()
                .filter(|&h| map.hex(h).is_some_and(|i| i.has_road_feature(found)))
                .collect();
            if from_road && !along.is_empty() {
                legal = along;
            } else if !onto.is_empty() {
                legal = onto;
            }
        }
        legal
    }

    /// Starts the retreat of `units` by `hexes` hexes away from `away`: a 2-hex retreat first
    /// drags the rest of an extended line (S17.2b), artillery limbers, then the owner is asked
    /// for each hex, or the units rout or are eliminated when they cannot retreat (S24.3).
    pub fn begin_retreat(
        &mut self,
        units: &[UnitKey],
        hexes: u8,
        away: HexId,
        cause: RetreatCause,
        fx: &mut Fx,
    ) {
        // S17.2b: a 2-hex retreat drags the rest of an extended line along (a routed brigade
        // has collapsed already, S17.2a).
        let units = self.drag_extended_lines(units, hexes, fx);
        self.retreat_step(&units, hexes, away, cause, false, fx);
    }

    fn retreat_step(
        &mut self,
        units: &[UnitKey],
        hexes: u8,
        away: HexId,
        cause: RetreatCause,
        front: bool,
        fx: &mut Fx,
    ) {
        let units: Vec<UnitKey> = units
            .iter()
            .copied()
            .filter(|&k| self.unit(k).on_map())
            .collect();
        let Some(from) = self.group_hex(&units) else {
            return;
        };
        if hexes == 0 {
            self.finish_retreat(&units, away, cause, fx);
            return;
        }
        let side = self.unit(units[0]).side;
        self.limber_to_retreat(&units, from, cause, fx);
        let units: Vec<UnitKey> = units
            .into_iter()
            .filter(|&k| self.unit(k).on_map())
            .collect();
        if units.is_empty() {
            return;
        }
        if self.retreat_hexes(&units, away, cause).is_empty() {
            let map = crate::data::map();
            if map.is_edge(from, self.maps()) || cause == RetreatCause::Rout {
                let why = if cause == RetreatCause::Rout {
                    "a rout it cannot make, 24.1b"
                } else {
                    "forced off the map, 24.3"
                };
                for &k in &units {
                    if self.unit(k).kind.is_combat() {
                        self.eliminate(k, cause == RetreatCause::Rout, why, fx);
                    }
                }
                self.displace_lone_leaders(from, fx);
            } else {
                for &k in &units {
                    if self.unit(k).kind.is_combat() {
                        self.add_morale(k, MoraleState::Routed);
                    }
                }
                fx.reveal();
                fx.public(
                    EventKind::Retreat,
                    format!(
                        "The {side} stack in {from} cannot complete its retreat and routs (24.3)."
                    ),
                );
                self.collapse_routed_lines(fx);
                self.retreat_ended(&units, cause);
            }
            return;
        }
        let d = Decision::new(
            side,
            Question::Retreat {
                units,
                hexes_left: hexes,
                away_from: away,
                cause,
            },
        );
        if front {
            self.decisions.insert(0, d);
        } else {
            self.decisions.push(d);
        }
    }

    /// Questions that have lost their choices since they were asked (their units were
    /// eliminated or moved, the way was closed) are settled without asking: a retreat with
    /// no legal hex now routs or is eliminated as at its start (S24.3), a replacement leader
    /// whose division has no unit left is not placed (S25.4). So a question always offers at
    /// least one action.
    pub(crate) fn settle_decisions(&mut self, fx: &mut Fx) {
        for _ in 0..64 {
            let Some(first) = self.decisions.first().cloned() else {
                return;
            };
            match first.question {
                Question::Retreat {
                    units,
                    hexes_left,
                    away_from: away,
                    cause,
                } => {
                    let live: Vec<UnitKey> = units
                        .iter()
                        .copied()
                        .filter(|&k| self.unit(k).on_map())
                        .collect();
                    if !live.is_empty() && !self.retreat_hexes(&live, away, cause).is_empty() {
                        if live.len() == units.len() {
                            return;
                        }
                        self.decisions[0].question = Question::Retreat {
                            units: live,
                            hexes_left,
                            away_from: away,
                            cause,
                        };
                        return;
                    }
                    self.decisions.remove(0);
                    if !live.is_empty() {
                        self.retreat_step(&live, hexes_left, away, cause, true, fx);
                    }
                }
                Question::Face { hex, .. } => {
                    if !self.face_actions(first.side(), hex).is_empty() {
                        return;
                    }
                    self.decisions.remove(0);
                }
                Question::PlaceLeader { leader, command } => {
                    if !self
                        .place_leader_actions(leader, command.as_ref())
                        .is_empty()
                    {
                        return;
                    }
                    self.decisions.remove(0);
                    self.unit_mut(leader).location = Location::Gone;
                    self.unit_mut(leader).fate = crate::model::unit::LeaderFate::Removed;
                }
                _ => return,
            }
        }
    }

    /// Unlimbered artillery limbers to retreat, rolling on the Gun Loss Table in an enemy
    /// zone of control or in close combat (S24.2, S26.1).
    fn limber_to_retreat(
        &mut self,
        units: &[UnitKey],
        from: HexId,
        cause: RetreatCause,
        fx: &mut Fx,
    ) {
        let close = matches!(
            cause,
            RetreatCause::CloseCombatAttacker | RetreatCause::CloseCombatDefender
        );
        for &k in units {
            let u = self.unit(k);
            if u.kind != UnitKind::Battery || u.formation != Formation::Unlimbered {
                continue;
            }
            let side = u.side;
            self.unit_mut(k).formation = Formation::Limbered;
            if close || self.in_enemy_zoc(from, side) {
                self.gun_loss(k, fx);
            }
        }
    }

    /// A roll on the Gun Loss Table (S26.1) with the owner's secret die.
    pub fn gun_loss(&mut self, k: UnitKey, fx: &mut Fx) -> u8 {
        let side = self.unit(k).side;
        let die = self.secret_d6(side, fx);
        let lost = crate::data::charts()
            .close_combat
            .gun_loss
            .lost(die)
            .unwrap_or(0)
            .min(self.unit(k).gun_points);
        self.unit_mut(k).gun_points -= lost;
        let name = self.unit_name(side, &self.unit(k).id.clone());
        fx.private(
            EventKind::Retreat,
            side,
            format!(
                "{name} limbers under fire: Gun Loss roll {die}, {lost} gun point{} lost (26.1).",
                if lost == 1 { "" } else { "s" }
            ),
        );
        self.settle_losses(k, fx);
        lost
    }

    /// The end of a retreat: a close-combat defender checks morale again (S23); then the
    /// non-phasing owner may turn the stack (S13.0, `face`), unless that check sent it on a
    /// new retreat, at whose end he is asked instead.
    fn finish_retreat(&mut self, units: &[UnitKey], away: HexId, cause: RetreatCause, fx: &mut Fx) {
        if cause == RetreatCause::CloseCombatDefender
            && self
                .morale_check(units, &MoraleContext::after_fire(away), fx)
                .retreat
                > 0
        {
            return;
        }
        self.retreat_ended(units, cause);
    }

    /// The actions answering a retreat or rout-through question.
    pub(crate) fn retreat_actions(&self, q: &Question) -> Vec<Action> {
        match q {
            Question::Retreat {
                units,
                away_from,
                cause,
                ..
            } => self
                .retreat_hexes(units, *away_from, *cause)
                .into_iter()
                .map(|to| Action::Retreat { to })
                .collect(),
            Question::RoutThrough { hex, retreating } => {
                self.rout_through_actions(*hex, retreating)
            }
            _ => Vec::new(),
        }
    }

    /// Applies an answer to a retreat or rout-through question (the first question).
    pub(crate) fn apply_retreat_answer(&mut self, q: Question, action: Action, fx: &mut Fx) {
        match (q, action) {
            (
                Question::Retreat {
                    units,
                    hexes_left,
                    away_from: away,
                    cause,
                },
                Action::Retreat { to },
            ) => self.retreat_into(&units, to, hexes_left, away, cause, fx),
            (Question::RoutThrough { hex, retreating }, action) => {
                self.apply_rout_through(hex, &retreating, action, fx)
            }
            _ => {}
        }
    }

    /// One hex of a retreat: the units move into `to` (on top), a friendly stack there is
    /// asked to step aside or stand fast, an enemy zone of control draws fire (not the first
    /// hex out of a close combat), and the retreat goes on or ends.
    fn retreat_into(
        &mut self,
        units: &[UnitKey],
        to: HexId,
        hexes_left: u8,
        away: HexId,
        cause: RetreatCause,
        fx: &mut Fx,
    ) {
        let Some(from) = self.group_hex(units) else {
            return;
        };
        let map = crate::data::map();
        let side = self.unit(units[0]).side;
        let close = matches!(
            cause,
            RetreatCause::CloseCombatAttacker | RetreatCause::CloseCombatDefender
        );
        let exempt = close && map.distance(from, away) == Some(1);
        let residents: Vec<UnitKey> = self
            .at(to)
            .into_iter()
            .filter(|&k| self.unit(k).side == side)
            .collect();
        let movers: Vec<UnitKey> = units
            .iter()
            .copied()
            .filter(|&k| self.unit(k).on_map())
            .collect();
        for &k in movers.iter().rev() {
            self.unit_mut(k).location = Location::Map { hex: to };
            self.unit_mut(k).marks.recovering = false;
            self.put_on_top(k);
        }
        let top = movers
            .iter()
            .copied()
            .find(|&k| self.unit(k).kind.is_combat())
            .or(movers.first().copied());
        let name = top
            .map(|k| self.unit_name(side, &self.unit(k).id.clone()))
            .unwrap_or_default();
        fx.reveal();
        fx.public(
            EventKind::Retreat,
            format!("The {side} stack led by {name} retreats from {from} to {to} (24.3)."),
        );
        let mut insert_at = 0;
        if residents.iter().any(|&k| self.unit(k).kind.is_combat()) {
            self.decisions.insert(
                0,
                Decision::new(
                    side,
                    Question::RoutThrough {
                        hex: to,
                        retreating: movers.clone(),
                    },
                ),
            );
            insert_at = 1;
        }
        if !exempt && self.in_enemy_zoc(to, side) {
            self.drawn_fire(to, Drawn::Retreat, fx);
        }
        let still: Vec<UnitKey> = movers
            .into_iter()
            .filter(|&k| self.unit(k).hex() == Some(to))
            .collect();
        if still.is_empty() {
            return;
        }
        let before = self.decisions.len();
        self.retreat_step(&still, hexes_left - 1, away, cause, true, fx);
        // Ask the next hex after the rout-through question, not before it.
        if insert_at == 1 && self.decisions.len() > before {
            let d = self.decisions.remove(0);
            self.decisions.insert(1, d);
        }
    }
}
