//! Leaders lost and replaced (series 25.2, 25.4, 10.0; reference 2.7 step 8, 2.11).
//!
//! - **Leader loss** (S25.2): when a hex takes at least one casualty step, each leader in it
//!   rolls 2d6 of his owner's secret dice: 2 killed, 11-12 wounded. The owner reads the roll;
//!   the opponent (and spectators) only a leader killed or wounded (section 5).
//! - **Replacement** (S25.4): a lost corps commander is replaced at once by the first
//!   division commander of his corps' `succession` who is on the map; that division gets a
//!   generic replacement. A lost division commander gets a generic replacement (rating 1),
//!   who appears at the start of his side's next Command Phase with any unit of the division
//!   (the `PlaceLeader` question). A leader's present command is [`BloodyRoadsSouth::leader_command`]:
//!   for a successor or a replacement it is kept in the counter's `division` field.
//!   Army commanders' successions (BRS 3.1a, 3.1c) belong to the army command rules; Lee's
//!   choice to take a fallen corps commander's place (4.1d) to `command::lee`.
//! - **Displacement** (S25.4): a leader alone in a hex that enemy units enter displaces to
//!   the nearest friendly stack of his command ([`BloodyRoadsSouth::displace_lone_leaders`],
//!   called by movement and retreats).

use adjutant_engine::Side;

use crate::data::charts::fire::LeaderLossResult;
use crate::data::formation::Formation as OobFormation;
use crate::data::{FormationId, HexId, UnitId};
use crate::events::{EventKind, Fx};
use crate::model::action::Action;
use crate::model::decision::{Decision, Question};
use crate::model::game::BloodyRoadsSouth;
use crate::model::unit::{LeaderFate, Location, Unit, UnitKey, UnitKind};

/// The order-of-battle id of the generic replacement leader.
pub use crate::data::leader::REPLACEMENT;

impl BloodyRoadsSouth {
    /// The formation a leader commands now: a successor's or replacement's (kept in the
    /// counter), else the printed one.
    pub fn leader_command(&self, k: UnitKey) -> Option<FormationId> {
        let u = self.unit(k);
        if u.kind != UnitKind::Leader {
            return None;
        }
        u.division
            .clone()
            .or_else(|| self.leader_data(k).and_then(|l| l.command.clone()))
    }

    /// The active leader on the map (or waiting to appear) commanding `formation` of `side`.
    pub fn commander_of(&self, side: Side, formation: &FormationId) -> Option<UnitKey> {
        self.keys().find(|&k| {
            let u = self.unit(k);
            u.side == side
                && u.kind == UnitKind::Leader
                && u.fate == LeaderFate::Active
                && u.location != Location::Gone
                && self.leader_command(k).as_ref() == Some(formation)
        })
    }

    /// A leader of `side` killed or wounded: in play, or before play as the scenario says
    /// (Scenario 7: Wadsworth killed, Longstreet wounded; `leaders_lost`).
    pub fn lost_leader(&self, side: Side, id: &UnitId) -> bool {
        self.scenario().side(side).leaders_lost.contains(id)
            || self.key(side, id).is_some_and(|k| {
                matches!(self.unit(k).fate, LeaderFate::Killed | LeaderFate::Wounded)
            })
    }

    /// Series 25.2: the leader loss rolls of every leader of `side` in `hex`.
    pub(crate) fn leader_loss(&mut self, hex: HexId, side: Side, fx: &mut Fx) {
        let table = &crate::data::charts().fire.leader_loss;
        let leaders: Vec<UnitKey> = self
            .at(hex)
            .into_iter()
            .filter(|&k| self.unit(k).side == side && self.unit(k).kind == UnitKind::Leader)
            .collect();
        for k in leaders {
            let (a, b) = self.secret_2d6(side, fx);
            let roll = a + b;
            let result = table.result(roll).unwrap_or(LeaderLossResult::NoEffect);
            let name = self.unit_name(side, &self.unit(k).id.clone());
            match result {
                LeaderLossResult::NoEffect => fx.private(
                    EventKind::Leader,
                    side,
                    format!("Leader loss roll for {name}: {a}+{b} = {roll}, unhurt (25.2)."),
                ),
                LeaderLossResult::Killed | LeaderLossResult::Wounded => {
                    let word = if result == LeaderLossResult::Killed {
                        "killed"
                    } else {
                        "wounded"
                    };
                    fx.reveal();
                    fx.both(
                        EventKind::Leader,
                        format!("{name} is {word} (25.2)."),
                        side,
                        format!("Leader loss roll for {name}: {a}+{b} = {roll}: {word} (25.2)."),
                    );
                    self.lose_leader(k, result == LeaderLossResult::Killed, fx);
                }
            }
        }
    }

    /// A leader is killed or wounded: he leaves the map and is replaced (S25.4).
    pub fn lose_leader(&mut self, k: UnitKey, killed: bool, fx: &mut Fx) {
        let side = self.unit(k).side;
        let command = self.leader_command(k);
        {
            let u = self.unit_mut(k);
            u.fate = if killed {
                LeaderFate::Killed
            } else {
                LeaderFate::Wounded
            };
            u.location = Location::Gone;
        }
        self.lee_falls(side, k, fx);
        self.offer_hancock_attached(k, command.as_ref());
        let Some(command) = command else {
            return;
        };
        let oob = crate::data::order_of_battle().side(side);
        match oob.formation(&command) {
            // Rule 4.1d: Lee may take the corps; the succession waits for the answer.
            Some(OobFormation::Corps(_)) if !self.offer_lee_the_corps(side, &command) => {
                self.appoint_successor(side, &command, fx);
            }
            Some(OobFormation::Division(_)) => self.create_replacement(side, command, fx),
            _ => {}
        }
    }

    /// S25.4: the first division commander of the corps' succession on the map takes the
    /// corps; his division gets a replacement.
    pub(crate) fn appoint_successor(&mut self, side: Side, corps: &FormationId, fx: &mut Fx) {
        let oob = crate::data::order_of_battle().side(side);
        let Some(c) = oob.corps_of(corps) else {
            return;
        };
        let successor = c.succession.iter().find_map(|id| {
            self.key(side, id)
                .filter(|&s| self.unit(s).on_map() && self.unit(s).fate == LeaderFate::Active)
        });
        if let Some(s) = successor {
            let old = self.leader_command(s);
            self.unit_mut(s).division = Some(corps.clone());
            let name = self.unit_name(side, &self.unit(s).id.clone());
            fx.public(
                EventKind::Leader,
                format!("{name} takes command of {corps} Corps (25.4)."),
            );
            if let Some(d) = old {
                self.create_replacement(side, d, fx);
            }
        }
    }

    /// A generic replacement leader for `division`, waiting to appear at the start of his
    /// side's next Command Phase (S25.4).
    fn create_replacement(&mut self, side: Side, division: FormationId, fx: &mut Fx) {
        let mut u = Unit::new(
            UnitId::new(REPLACEMENT),
            side,
            UnitKind::Leader,
            crate::model::unit::Formation::None,
        );
        u.division = Some(division.clone());
        u.facing = crate::setup::default_facing(side);
        self.units_mut().push(u);
        fx.public(
            EventKind::Leader,
            format!("A replacement leader is named for division {division} (25.4)."),
        );
    }

    /// The hexes where a waiting replacement of `division` may appear: those of any unit of
    /// the division.
    fn replacement_hexes(&self, side: Side, division: &FormationId) -> Vec<HexId> {
        let mut v: Vec<HexId> = self
            .units()
            .iter()
            .filter(|u| u.side == side && u.kind == UnitKind::Brigade)
            .filter(|u| u.division.as_ref() == Some(division))
            .filter_map(|u| u.hex())
            .collect();
        v.sort();
        v.dedup();
        v
    }

    /// At the start of `side`'s Command Phase: each waiting replacement leader is placed by
    /// his owner (the `PlaceLeader` question), or removed when his division has no unit left.
    pub(crate) fn replacements_appear(&mut self, side: Side, fx: &mut Fx) {
        for k in self.keys().collect::<Vec<_>>() {
            let u = self.unit(k);
            if u.side != side
                || u.kind != UnitKind::Leader
                || u.location != Location::Waiting
                || u.id.as_str() != REPLACEMENT
            {
                continue;
            }
            let Some(d) = u.division.clone() else {
                continue;
            };
            if self.replacement_hexes(side, &d).is_empty() {
                self.unit_mut(k).location = Location::Gone;
                self.unit_mut(k).fate = LeaderFate::Removed;
                fx.private(
                    EventKind::Leader,
                    side,
                    format!("Division {d} has no unit left: its replacement leader is not placed."),
                );
            } else {
                self.decisions.push(Decision::new(
                    side,
                    Question::PlaceLeader {
                        leader: k,
                        command: Some(d),
                    },
                ));
            }
        }
    }

    /// The actions answering a `PlaceLeader` question.
    pub(crate) fn place_leader_actions(
        &self,
        leader: UnitKey,
        command: Option<&FormationId>,
    ) -> Vec<Action> {
        let side = self.unit(leader).side;
        let id = self.unit(leader).id.clone();
        let hexes = match command {
            Some(d) => self.replacement_hexes(side, d),
            None => Vec::new(),
        };
        hexes
            .into_iter()
            .map(|hex| Action::PlaceLeader {
                leader: id.clone(),
                hex,
            })
            .collect()
    }

    /// Puts a replacement (or displaced) leader in a hex.
    pub(crate) fn apply_place_leader(&mut self, leader: UnitKey, hex: HexId, fx: &mut Fx) {
        self.unit_mut(leader).location = Location::Map { hex };
        self.put_on_top(leader);
        let side = self.unit(leader).side;
        let command = self
            .leader_command(leader)
            .map(|c| c.to_string())
            .unwrap_or_default();
        fx.public(
            EventKind::Leader,
            format!("The {side} replacement leader of {command} appears in {hex} (25.4)."),
        );
    }

    /// Series 25.4: leaders (and headquarters) of the side not in `hex`'s enemy stack, alone in
    /// `hex` without friendly combat units while enemy units stand there, move to the nearest
    /// hex holding a friendly combat unit of their command (else any friendly combat unit);
    /// ties by hex id. Movement calls this when its units enter a hex holding enemy leaders.
    pub fn displace_lone_leaders(&mut self, hex: HexId, fx: &mut Fx) {
        let map = crate::data::map();
        let here = self.at(hex);
        for k in here {
            let u = self.unit(k);
            if u.kind != UnitKind::Leader {
                continue;
            }
            let side = u.side;
            let guarded = self
                .at(hex)
                .into_iter()
                .any(|o| self.unit(o).side == side && self.unit(o).kind.is_combat());
            if guarded {
                continue;
            }
            let command = self.leader_command(k);
            let members = command
                .as_ref()
                .map(|c| crate::data::order_of_battle().side(side).members(c))
                .unwrap_or_default();
            let candidates: Vec<(bool, u32, HexId)> = self
                .units()
                .iter()
                .filter(|o| o.side == side && o.kind.is_combat())
                .filter_map(|o| {
                    let h = o.hex()?;
                    if h == hex {
                        return None;
                    }
                    let own =
                        members.contains(&o.id) || (o.division.is_some() && o.division == command);
                    Some((!own, map.distance(hex, h)?, h))
                })
                .collect();
            let Some(&(_, _, to)) = candidates.iter().min() else {
                continue;
            };
            self.unit_mut(k).location = Location::Map { hex: to };
            self.put_on_top(k);
            let name = self.unit_name(side, &self.unit(k).id.clone());
            fx.public(
                EventKind::Leader,
                format!("{name} escapes from {hex} to {to} (25.4)."),
            );
        }
    }
}
