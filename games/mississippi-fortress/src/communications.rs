//! Lines of Communication (2.11, S6): in his Communications Phase each player's non-militia
//! infantry traces to its Officer (2 Areas) and each Officer to his Commander (4 Areas); a
//! unit may instead trace directly to a Commander/Officer within one Area (2.11a-c; for the
//! Union only while a Commander/Officer heads the army, decision R2; every Confederate unit
//! traces to the Commander/Officer of its letter, 2.11b). A path may not pass through an Area
//! the enemy Controls unless the tracer fully Controls it too, and crosses the Mississippi or
//! Yazoo only for the Union through an arrow holding a Union steamer not guarded by a face-up
//! battery (4.14). Militia, cavalry and artillery never need a LOC (S6.4c, 4.4).
//!
//! The status is private to its owner (S6.6 visibility).

use adjutant_engine::Side;

use crate::control::Census;
use crate::data::units::LeaderRole;
use crate::data::{AreaId, Constants, Map};
use crate::events::{EventKind, Fx};
use crate::model::counter::{Key, Kind, Place};
use crate::model::game::MississippiFortress;
use crate::model::node::Node;

/// Where a counter traces from or to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origins {
    /// Aboard a steamer off the map: in communications (S3.6).
    Anywhere,
    /// These Areas (its own, or every Area beside its steamer's arrow, S3.6).
    Areas(Vec<AreaId>),
}

impl MississippiFortress {
    /// Where counter `k` traces from (or is reached at).
    pub fn loc_origins(&self, k: Key) -> Origins {
        match self.counters[k].place {
            Place::Area(a) => Origins::Areas(vec![a]),
            Place::Aboard(carrier) => match self.ships[carrier.ship].at {
                Some(Node::Arrow(arrow)) => Origins::Areas(
                    Map::get()
                        .arrow(arrow)
                        .map(|a| a.touches.clone())
                        .unwrap_or_default(),
                ),
                Some(_) => Origins::Anywhere,
                None => Origins::Areas(Vec::new()),
            },
            _ => Origins::Areas(Vec::new()),
        }
    }

    /// S6.2a: a LOC of `side` may cross the border between `a` and `b`.
    fn loc_border(&self, side: Side, a: AreaId, b: AreaId) -> bool {
        let Some(border) = Map::get().border(a, b) else {
            return false;
        };
        if border.land_crossable() {
            return true;
        }
        // 4.14, S3.44d: across the river by a Union steamer on an unguarded arrow.
        side == Side::Union
            && border.is_navigable_river()
            && border.arrows.iter().any(|&arrow| {
                let node = Node::Arrow(arrow);
                self.guarding(node).is_none()
                    && self.ships_at(side, node).any(|i| self.ships[i].transport)
            })
    }

    /// S6.2: a LOC of at most `max` borders from any of `from` (the tracer's own Areas,
    /// exempt from Control) to any of `to`, through no Area the enemy Controls unless `side`
    /// fully Controls it too.
    pub fn loc_reaches(
        &self,
        side: Side,
        census: &Census,
        from: &[AreaId],
        to: &[AreaId],
        max: u8,
    ) -> bool {
        if to.is_empty() {
            return false;
        }
        let map = Map::get();
        let passable = |a: AreaId| !census.controls(side.opponent(), a) || census.full(side, a);
        let mut dist = [u8::MAX; 48];
        let mut frontier: Vec<AreaId> = Vec::new();
        for &a in from {
            dist[usize::from(a.number())] = 0;
            frontier.push(a);
        }
        let mut d = 0;
        while !frontier.is_empty() && d < max {
            d += 1;
            let mut next = Vec::new();
            for &a in &frontier {
                for &n in map.neighbours(a) {
                    let i = usize::from(n.number());
                    if dist[i] <= d || !passable(n) || !self.loc_border(side, a, n) {
                        continue;
                    }
                    dist[i] = d;
                    next.push(n);
                }
            }
            frontier = next;
        }
        to.iter().any(|&t| dist[usize::from(t.number())] <= max)
    }

    fn reaches(&self, census: &Census, k: Key, target: Key, max: u8) -> bool {
        let side = self.counters[k].side;
        let from = match self.loc_origins(k) {
            Origins::Anywhere => return true,
            Origins::Areas(v) => v,
        };
        let to = match self.loc_origins(target) {
            Origins::Anywhere => Vec::new(),
            Origins::Areas(v) => v,
        };
        self.loc_reaches(side, census, &from, &to, max)
    }

    /// The Leaders on the map (or aboard) of `side` with a role.
    fn leaders_of(&self, side: Side, role: LeaderRole) -> impl Iterator<Item = Key> + '_ {
        self.counters
            .iter()
            .enumerate()
            .filter(move |(_, c)| c.side == side && c.on_map() && c.role() == Some(role))
            .map(|(k, _)| k)
    }

    /// S6.4: the Officer whose formations include the unit's (Sherman leads XV and XVI).
    pub fn officer_of(&self, k: Key) -> Option<Key> {
        let c = &self.counters[k];
        let formation = c.formation?;
        self.leaders_of(c.side, LeaderRole::Officer).find(|&o| {
            self.counters[o]
                .leader
                .as_ref()
                .is_some_and(|l| l.commands.contains(&formation))
        })
    }

    /// The Commanders (and Commander/Officers) of `side` Officers trace to (S6.4).
    fn commanders(&self, side: Side) -> Vec<Key> {
        let mut v: Vec<Key> = self
            .leaders_of(side, LeaderRole::CommanderOfficer)
            .collect();
        v.extend(self.leaders_of(side, LeaderRole::Commander));
        v
    }

    /// S6.4: the Commander/Officers unit `k` may trace to directly, within one Area: the
    /// Confederate C/O of its letter (2.11b); the Union C/O heading the army, while one does
    /// (2.11a, decision R2).
    pub fn direct_leaders(&self, k: Key) -> Vec<Key> {
        let c = &self.counters[k];
        match c.side {
            Side::Confederate => c
                .formation
                .map(|f| {
                    self.leaders_of(c.side, LeaderRole::CommanderOfficer)
                        .filter(|&o| {
                            self.counters[o]
                                .leader
                                .as_ref()
                                .is_some_and(|l| l.commands.contains(&f))
                                || self.leads_by_special_rule(c.side, f)
                        })
                        .collect()
                })
                .unwrap_or_default(),
            Side::Union => {
                let commanders = self.commanders(c.side);
                let heads_is_co = commanders
                    .iter()
                    .all(|&o| self.counters[o].role() == Some(LeaderRole::CommanderOfficer));
                if heads_is_co { commanders } else { Vec::new() }
            }
        }
    }

    /// S6.5d: an Officer in communications with his Commander.
    pub fn officer_in_comms(&self, census: &Census, o: Key) -> bool {
        let max = Constants::get().loc.officer_to_commander;
        self.commanders(self.counters[o].side)
            .into_iter()
            .any(|cmd| self.reaches(census, o, cmd, max))
    }

    /// S6.5b: the unit can trace a LOC to its Officer (or directly to a C/O).
    pub fn traces_to_officer(&self, census: &Census, k: Key) -> bool {
        let loc = &Constants::get().loc;
        self.officer_of(k)
            .is_some_and(|o| self.reaches(census, k, o, loc.infantry_to_officer))
            || self
                .direct_leaders(k)
                .into_iter()
                .any(|l| self.reaches(census, k, l, loc.infantry_to_commander_officer))
    }

    /// S6.5a: the unit is in communications now (its Officer reached and he his Commander,
    /// or a direct trace). Cavalry, artillery, militia and dummies always are (S6.4c).
    pub fn in_communications_now(&self, census: &Census, k: Key) -> bool {
        let c = &self.counters[k];
        if c.kind == Kind::Leader {
            return c.role() != Some(LeaderRole::Officer) || self.officer_in_comms(census, k);
        }
        if !c.kind.is_line_infantry() {
            return true;
        }
        let loc = &Constants::get().loc;
        self.officer_of(k).is_some_and(|o| {
            self.officer_in_comms(census, o) && self.reaches(census, k, o, loc.infantry_to_officer)
        }) || self
            .direct_leaders(k)
            .into_iter()
            .any(|l| self.reaches(census, k, l, loc.infantry_to_commander_officer))
    }

    /// S6.1a: the LOC status of every counter of `side`, held until its next Communications
    /// Phase.
    pub(crate) fn trace_communications(&mut self, side: Side) {
        let census = self.census();
        let status: Vec<(Key, bool)> = (0..self.counters.len())
            .filter(|&k| self.counters[k].side == side && self.counters[k].on_map())
            .map(|k| (k, self.in_communications_now(&census, k)))
            .collect();
        for (k, ok) in status {
            self.counters[k].rec.in_comms = ok;
        }
    }

    /// 3: the Communications Phase: LOC status (3a), then straggler recovery (3b).
    pub(crate) fn communications_phase(&mut self, side: Side, fx: &mut Fx) {
        self.trace_communications(side);
        let out: Vec<String> = self
            .counters
            .iter()
            .filter(|c| {
                c.side == side && c.on_map() && c.kind.is_line_infantry() && !c.rec.in_comms
            })
            .map(|c| c.name())
            .collect();
        fx.private(
            EventKind::Communications,
            side,
            if out.is_empty() {
                "Communications: every infantry unit is in communications.".to_string()
            } else {
                format!("Communications: out of communications: {}.", out.join(", "))
            },
        );
        self.recover_stragglers(side, fx);
    }
}
