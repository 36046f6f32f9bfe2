//! Ships that come into play other than by sailing, and Confederate ships ashore:
//!
//! - 4.15a: Union naval reinforcements may be held off the map indefinitely. They arrive in
//!   the off-map box of their map edge on the turn they are called for (Farragut's fleet, 7.22,
//!   from the start) and enter in that or any later Union Movement Phase by sailing onto the
//!   edge's arrow.
//! - 7.21a: at set-up the Confederate player places the Arkansas* on the Vicksburg arrow or in
//!   support of the Vicksburg battery, and the Gunboat* and Steamer* each on the arrow of any
//!   Confederate battery or in support of it.
//! - 7.21c: in his Movement Phase a Confederate ship on a battery's arrow may hop ashore in
//!   support of the battery (not after fighting a naval combat this turn, and not with land
//!   units aboard: land units cannot go ashore onto a battery); a ship in support may hop back onto the arrow, which stops it
//!   there if Union ships are on it (a naval combat follows). Ships in support neither block nor
//!   fight; they are eliminated if the battery is destroyed.
//! - 7.21d, 7.22: a damaged Union ship comes back five turns later: Farragut's ships on the
//!   river arrow at Area 43, the others in the off-map box of the north edge, beside Area 1; a
//!   damaged Confederate ship may come back three turns later at Vicksburg, on its
//!   arrow or in support of its battery, in the Confederate arrival segment.
//!
//! Ships are always face up: every placement is public (S4.2).

use adjutant_engine::Side;

use crate::data::map::AreaFlag;
use crate::data::scenarios::Location;
use crate::data::{AreaId, Map, OptionId, Options};
use crate::events::{EventKind, Fx};
use crate::model::action::Action;
pub use crate::model::action::Station;
use crate::model::game::MississippiFortress;
use crate::model::node::Node;
use crate::model::ship::{BatteryState, OffRiver};

impl MississippiFortress {
    /// "A3 (Vicksburg)", "in support of the Vicksburg Shore Battery".
    pub fn station_name(&self, station: Station) -> String {
        match station {
            Station::Arrow(node) => node.name(),
            Station::Support(area) => match self.batteries.iter().position(|b| b.area == area) {
                Some(b) => format!("in support of the {}", self.battery_name(b)),
                None => format!("in support of the battery in {}", Self::area_name(area)),
            },
        }
    }

    /// The batteries still standing (face up or silenced), as (Area, arrow node).
    fn standing_batteries(&self) -> Vec<(AreaId, Node)> {
        self.batteries
            .iter()
            .filter(|b| b.state != BatteryState::Destroyed)
            .map(|b| (b.area, Node::Arrow(b.arrow)))
            .collect()
    }

    /// 7.21a: where a Confederate ship may be placed at set-up.
    pub fn setup_stations(&self, ship: usize) -> Vec<Station> {
        let id = self.ships[ship].id.as_str();
        let location = Options::get()
            .option(OptionId::RebelIronAfloat)
            .setup
            .iter()
            .find(|p| p.units.iter().any(|u| u.as_str() == id))
            .map(|p| p.location);
        let batteries: Vec<(AreaId, Node)> = self
            .standing_batteries()
            .into_iter()
            .filter(|(area, _)| match location {
                Some(Location::ShoreBattery(a)) => *area == a,
                Some(Location::AnyShoreBattery) => true,
                _ => false,
            })
            .collect();
        let max = usize::from(crate::data::Constants::get().naval.max_ships_per_arrow);
        let side = self.ships[ship].side;
        let mut out = Vec::new();
        for (area, node) in batteries {
            // At most two ships on an arrow (4.11a); support is unlimited (7.21c).
            if self.ships_at(side, node).count() < max {
                out.push(Station::Arrow(node));
            }
            out.push(Station::Support(area));
        }
        out
    }

    /// The ship `side` places next at set-up (7.21a), one at a time in data order.
    pub fn next_setup_ship(&self, side: Side) -> Option<usize> {
        self.ships
            .iter()
            .position(|s| s.side == side && s.off == Some(OffRiver::SetUp))
    }

    /// The options of the set-up of the optional navy (7.21a).
    pub(crate) fn setup_ship_actions(&self, side: Side) -> Vec<Action> {
        let Some(i) = self.next_setup_ship(side) else {
            return Vec::new();
        };
        self.setup_stations(i)
            .into_iter()
            .map(|at| Action::Station {
                ship: self.ships[i].id.to_string(),
                at,
            })
            .collect()
    }

    /// Puts a ship on its station (set-up, return, hop).
    pub(crate) fn station_ship(&mut self, id: &str, at: Station, fx: &mut Fx) {
        let Some(i) = self.ship_index(id) else { return };
        let how = match self.ships[i].off {
            Some(OffRiver::SetUp) => "is placed",
            Some(OffRiver::Damaged { .. }) => "returns, repaired (7.21d),",
            _ => "goes",
        };
        let ship = &mut self.ships[i];
        match at {
            Station::Arrow(node) => {
                ship.at = Some(node);
                ship.off = None;
            }
            Station::Support(area) => {
                ship.at = None;
                ship.off = Some(OffRiver::Support { area });
            }
        }
        ship.rec.done = true;
        let (side, name) = (ship.side, ship.name());
        let place = match at {
            Station::Arrow(node) => format!("on {}", node.name()),
            Station::Support(_) => self.station_name(at),
        };
        fx.public(
            EventKind::NavalCombat,
            format!("{name} ({side}) {how} {place}."),
        );
    }

    /// 4.15a, 7.21d: at the start of his player turn, `side`'s naval reinforcements called for
    /// by now arrive off the map at their edge, and his damaged Union ships whose time has come
    /// are back there.
    pub(crate) fn naval_arrivals(&mut self, side: Side, fx: &mut Fx) {
        let mut arrived: Vec<(Node, String)> = Vec::new();
        let mut repaired: Vec<(Node, String)> = Vec::new();
        for i in 0..self.ships.len() {
            let ship = &self.ships[i];
            if ship.side != side {
                continue;
            }
            match ship.off {
                Some(OffRiver::Awaiting { turn, edge }) if turn <= self.turn => {
                    arrived.push((edge, ship.name()));
                    let ship = &mut self.ships[i];
                    ship.at = Some(edge);
                    ship.off = None;
                }
                Some(OffRiver::Damaged { turn }) if turn <= self.turn && side == Side::Union => {
                    let place = if ship.farragut() {
                        self.farragut_return()
                    } else {
                        Node::North
                    };
                    repaired.push((place, ship.name()));
                    let ship = &mut self.ships[i];
                    ship.at = Some(place);
                    ship.off = None;
                }
                _ => {}
            }
        }
        let mut places = vec![Node::North, Node::South];
        places.extend(
            repaired
                .iter()
                .map(|(place, _)| *place)
                .filter(|p| p.arrow().is_some()),
        );
        places.dedup();
        for (list, what) in [
            (arrived, "naval reinforcements arrive"),
            (repaired, "repaired ships are back (7.21d)"),
        ] {
            for &edge in &places {
                let names: Vec<&str> = list
                    .iter()
                    .filter(|(e, _)| *e == edge)
                    .map(|(_, n)| n.as_str())
                    .collect();
                if names.is_empty() {
                    continue;
                }
                let text = if edge.arrow().is_some() {
                    format!(
                        "{side}: {what} on {}: {} (7.22).",
                        edge.name(),
                        names.join(", ")
                    )
                } else {
                    format!(
                        "{side}: {what} {}: {}; they may enter the map in this or a later Movement Phase (4.15a).",
                        edge.name(),
                        names.join(", ")
                    )
                };
                fx.public(EventKind::Sail, text);
            }
        }
    }

    /// 7.22: a damaged ship of Farragut's fleet "may return five turns later on the river
    /// arrow at Area 43": it is put straight on that arrow, unless Confederate ships hold it
    /// (a ship is never put beside the enemy without the naval combat that sailing there
    /// brings, S12.2), when it waits off the south edge and sails on as reinforcements do.
    fn farragut_return(&self) -> Node {
        match Map::get().arrow_from_south_edge().map(Node::Arrow) {
            Some(arrow) if self.ships_at(Side::Confederate, arrow).next().is_none() => arrow,
            _ => Node::South,
        }
    }

    /// 7.21d: where a damaged Confederate ship may come back: the Vicksburg arrow, or in
    /// support of the Vicksburg battery (not with land units aboard).
    pub fn return_stations(&self, ship: usize) -> Vec<Station> {
        let map = Map::get();
        let mut out = Vec::new();
        for area in map.areas_with(AreaFlag::Vicksburg) {
            let Some(site) = map.shore_battery_site(area) else {
                continue;
            };
            out.push(Station::Arrow(Node::Arrow(site.arrow)));
            let standing = self
                .batteries
                .iter()
                .any(|b| b.area == area && b.state != BatteryState::Destroyed);
            if standing && self.aboard(ship).next().is_none() {
                out.push(Station::Support(area));
            }
        }
        out
    }

    /// The damaged Confederate ships that may come back now (7.21d), with where.
    pub(crate) fn return_actions(&self, side: Side) -> Vec<Action> {
        if side != Side::Confederate {
            return Vec::new();
        }
        let mut out = Vec::new();
        for (i, s) in self.ships.iter().enumerate() {
            if s.side != side {
                continue;
            }
            if let Some(OffRiver::Damaged { turn }) = s.off
                && turn <= self.turn
            {
                out.extend(
                    self.return_stations(i)
                        .into_iter()
                        .map(|at| Action::Station {
                            ship: s.id.to_string(),
                            at,
                        }),
                );
            }
        }
        out
    }

    /// 7.21c: the hops into and out of support `side` may make now (Confederate Movement
    /// Phase, no stack on the move).
    pub(crate) fn support_actions(&self, side: Side) -> Vec<Action> {
        if side != Side::Confederate {
            return Vec::new();
        }
        let mut out = Vec::new();
        for (i, s) in self.ships.iter().enumerate() {
            if s.side != side {
                continue;
            }
            if let Some(node) = s.at
                && !s.rec.fought
                && self.guarding(node).is_some()
                && self.aboard(i).next().is_none()
            {
                out.push(Action::SupportBattery {
                    ship: s.id.to_string(),
                });
            }
            let back = s.supporting().and_then(|area| {
                self.batteries
                    .iter()
                    .find(|b| b.area == area)
                    .map(|b| Node::Arrow(b.arrow))
            });
            if let Some(node) = back
                && !s.rec.done
                && self.may_initiate(side, &[i], node)
            {
                out.push(Action::LeaveSupport {
                    ship: s.id.to_string(),
                });
            }
        }
        out
    }

    /// 7.21c: a ship hops ashore in support of the battery beside its arrow; it has finished
    /// moving.
    pub(crate) fn hop_into_support(&mut self, id: &str, fx: &mut Fx) {
        let Some(i) = self.ship_index(id) else { return };
        let Some(b) = self.ships[i].at.and_then(|n| self.guarding(n)) else {
            return;
        };
        let area = self.batteries[b].area;
        self.station_ship(id, Station::Support(area), fx);
    }

    /// 7.21c: a ship in support hops back onto the battery's arrow. With enemy ships there it
    /// stops, and a naval combat follows when movement ends (R32).
    pub(crate) fn leave_support(&mut self, id: &str, fx: &mut Fx) {
        let Some(i) = self.ship_index(id) else { return };
        let Some(area) = self.ships[i].supporting() else {
            return;
        };
        let Some(b) = self.batteries.iter().position(|b| b.area == area) else {
            return;
        };
        let node = Node::Arrow(self.batteries[b].arrow);
        self.station_ship(id, Station::Arrow(node), fx);
        let side = self.ships[i].side;
        let enemy_there = self.ships_at(side.opponent(), node).next().is_some();
        self.ships[i].rec.done = enemy_there;
    }

    /// 7.21c: the ships supporting a destroyed battery are eliminated.
    pub(crate) fn eliminate_supporting(&mut self, area: AreaId, fx: &mut Fx) {
        let supporting: Vec<usize> = (0..self.ships.len())
            .filter(|&i| self.ships[i].supporting() == Some(area))
            .collect();
        for i in supporting {
            self.lose_ship(
                i,
                "is eliminated: the battery it supported is gone (7.21c)",
                fx,
            );
        }
    }
}
