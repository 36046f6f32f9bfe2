//! Leader casualties and the chain of command (2.13, S9.64-S9.66): a fallen Leader is replaced
//! by his successor (data `successor`), then by unlimited 0/0 replacements who take over his
//! formations; Grant's fall also replaces Officer McClernand by Ord (decision G15). Replacements
//! are placed in the next Leader Replacement Segment (2d of either player's turn).

use crate::data::{AreaId, Units};
use crate::events::{EventKind, Fx};
use crate::model::counter::{Key, Kind, Place};
use crate::model::decision::Decision;
use crate::model::game::MississippiFortress;
use crate::setup::land_counter;

/// The man behind a Leader counter: "McClernand (Commander)" and "McClernand" are one man
/// (decisions G15, R4: one man, one counter).
pub fn person(name: &str) -> &str {
    name.split(" (")
        .next()
        .unwrap_or(name)
        .trim_end_matches('*')
        .trim()
}

impl MississippiFortress {
    /// A Leader becomes a casualty (S9.63), is captured (S3.92, 5.43) or is lost aboard a sunk
    /// steamer (4.23d): he leaves play and his successor awaits placement (S9.64).
    pub(crate) fn leader_falls(&mut self, k: Key, reason: &str, fx: &mut Fx) {
        // Already gone: he left his command for another (G15) earlier in the same event, e.g.
        // Officer McClernand aboard the steamer that sank with Grant.
        if self.counters[k].place == Place::Gone {
            return;
        }
        let at = self.leader_area(k);
        let c = &mut self.counters[k];
        c.place = Place::Gone;
        c.face_up = true;
        let (name, side) = (c.name(), c.side);
        fx.public(
            EventKind::Leader,
            format!("{name} ({side}) is lost: {reason}."),
        );
        fx.reveal();
        self.appoint_successor(k, at, fx);
    }

    /// The Area a Leader stands in, or for one aboard a steamer the first Area beside its arrow.
    fn leader_area(&self, k: Key) -> Option<AreaId> {
        match self.counters[k].place {
            Place::Area(a) => Some(a),
            Place::Aboard(carrier) => self.ships[carrier.ship]
                .at
                .and_then(|n| n.arrow())
                .and_then(|a| crate::data::Map::get().arrow(a))
                .and_then(|a| a.touches.first().copied()),
            _ => None,
        }
    }

    /// S9.64: the successor of a fallen Leader joins the waiting replacements.
    fn appoint_successor(&mut self, fallen: Key, at: Option<AreaId>, fx: &mut Fx) {
        let units = Units::get();
        let Some(next) = self.counters[fallen]
            .data()
            .and_then(|u| u.leader.as_ref())
            .and_then(|l| l.successor.clone())
            .and_then(|s| units.unit(s.as_str()))
        else {
            fx.public(
                EventKind::Leader,
                format!("{} has no successor.", self.counters[fallen].name()),
            );
            return;
        };
        let generic = next.leader.as_ref().is_some_and(|l| l.generic);
        let Ok(mut counter) = land_counter(next.id.as_str(), Place::Waiting) else {
            return;
        };
        if generic {
            self.replacements_made += 1;
            counter.id = format!("{}-{}", next.id, self.replacements_made).into();
            // S1.5f: a 0/0 replacement takes over the formations of the Leader he replaces.
            if let (Some(l), Some(fallen)) = (&mut counter.leader, &self.counters[fallen].leader) {
                l.commands = fallen.commands.clone();
            }
        }
        counter.rec.replaces_at = at;
        let side = counter.side;
        fx.both(
            EventKind::Leader,
            format!(
                "{} will replace {} ({side}).",
                next.name,
                self.counters[fallen].name()
            ),
            side,
            "The replacement is placed in the next Leader Replacement Segment (S9.66).",
        );
        self.counters.push(counter);
        if generic {
            return;
        }
        // G15 / R4: the successor's other counter (Officer McClernand when Grant falls) is
        // replaced at once by its own successor.
        let man = person(&next.name).to_string();
        let others: Vec<Key> = (0..self.counters.len())
            .filter(|&o| {
                let c = &self.counters[o];
                c.side == side
                    && c.kind == Kind::Leader
                    && c.unit.as_ref() != Some(&next.id)
                    && matches!(c.place, Place::Area(_) | Place::Aboard(_) | Place::Waiting)
                    && c.data().is_some_and(|u| {
                        person(&u.name) == man && !u.leader.as_ref().is_some_and(|l| l.generic)
                    })
            })
            .collect();
        for other in others {
            let where_ = self.leader_area(other);
            let name = self.counters[other].name();
            self.counters[other].place = Place::Gone;
            fx.public(
                EventKind::Leader,
                format!(
                    "{name} leaves his command to replace {} (G15).",
                    self.counters[fallen].name()
                ),
            );
            self.appoint_successor(other, where_, fx);
        }
    }

    /// Waiting replacement Leaders (not reinforcements).
    pub fn waiting_replacements(&self) -> Vec<Key> {
        (0..self.counters.len())
            .filter(|&k| {
                self.counters[k].kind == Kind::Leader
                    && self.counters[k].place == Place::Waiting
                    && !self.reinforcements.iter().any(|g| g.units.contains(&k))
            })
            .collect()
    }

    /// S9.66: where a replacement may be placed: the casualty's Area if it holds combat units
    /// of his formations (for a Leader without formations, any friendly combat unit);
    /// otherwise any Area with combat units of those formations; otherwise any Area with a
    /// friendly combat unit. None on the map: he waits (decision R28).
    pub fn replacement_areas(&self, k: Key) -> Vec<AreaId> {
        let c = &self.counters[k];
        let commands = c
            .leader
            .as_ref()
            .map(|l| l.commands.clone())
            .unwrap_or_default();
        let side = c.side;
        let fits = |u: &crate::model::counter::Counter| {
            commands.is_empty() || u.formation.is_some_and(|f| commands.contains(&f))
        };
        let areas = |pred: &dyn Fn(&crate::model::counter::Counter) -> bool| {
            let mut v: Vec<AreaId> = self
                .counters
                .iter()
                .filter(|u| u.side == side && u.is_combat() && pred(u))
                .filter_map(|u| u.area())
                .collect();
            v.sort();
            v.dedup();
            v
        };
        let own = areas(&|u| fits(u));
        if let Some(at) = c.rec.replaces_at
            && own.contains(&at)
        {
            return vec![at];
        }
        if !own.is_empty() {
            return own;
        }
        areas(&|_| true)
    }

    /// 2d: the Leader Replacement Segment places every waiting replacement that can be.
    pub(crate) fn place_replacements(&mut self, fx: &mut Fx) {
        for k in self.waiting_replacements() {
            let areas = self.replacement_areas(k);
            match areas.len() {
                0 => {}
                1 => self.place_replacement(k, areas[0], fx),
                _ => self.decisions.push(Decision::Replacement { leader: k }),
            }
        }
    }

    /// S9.66: a replacement Leader is placed face down.
    pub(crate) fn place_replacement(&mut self, k: Key, area: AreaId, fx: &mut Fx) {
        let c = &mut self.counters[k];
        c.place = Place::Area(area);
        c.face_up = false;
        c.rec.replaces_at = None;
        c.rec.done = true;
        let (side, name) = (c.side, c.name());
        fx.both(
            EventKind::Leader,
            format!(
                "The {side} player places a replacement Leader in {}.",
                Self::area_name(area)
            ),
            side,
            format!("{name} takes command in {}.", Self::area_name(area)),
        );
    }
}
