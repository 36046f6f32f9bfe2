//! The route of a withdrawing army (reference 3A.7: "must spend their movement moving toward
//! the east edge of either map along trails, roads or pikes, or toward Entry F by the Brock
//! Road while it is open (no Confederate unit or EZOC on the Brock Road between them and
//! B39.01)"; the Confederates off the west or south edges).
//!
//! **Decisions** (the reference names the route, not how a step is judged):
//! - *Along the roads.* A step along a trail, road or pike (any road class crossing the
//!   hexside, series 16.2) goes toward the army's edges when it ends nearer them **along the
//!   roads**: fewer road hexsides from an edge hex of the army (the maps in play; a road that
//!   reaches no such edge leads nowhere). So a withdrawing column follows its road round its
//!   bends, never back the way it came. For the Union, a step along the Brock Road toward F
//!   is one too, while the road is open.
//! - *The Brock Road is open* when no hex of it from the step's end to F holds a Confederate
//!   unit or lies in a Confederate zone of control as the Union player knows it (the apparent
//!   zones of the enemy's top counters, and those found on this move: the legal actions
//!   depend on nothing the Union player may not see).
//! - *Across country.* A group with no such road step open to it now (it stands off the
//!   roads, its road leads to no edge, or the road ahead is closed to it) steps toward the
//!   edge across country: a step that ends further east (the Union) or further west or south
//!   (the Confederates).
//! - *Must spend their movement* (`movement::group_actions`, `movement_actions`): a
//!   withdrawing group may not stop while it has such a step or may leave the map, and the
//!   phasing player may not finish movement while a unit under withdrawal that may move has
//!   not moved this phase. A group with no step left (its movement points spent, the way
//!   blocked) stops. Turning and formation changes stay offered (a battery limbers, a line
//!   forms column for the road) and forced march is the player's choice, as for any order.

use std::sync::OnceLock;

use adjutant_engine::Side;

use crate::data::map::{Map, MapsUsed};
use crate::data::road::RoadId;
use crate::data::{Direction, HexId, Sheet};
use crate::model::game::BloodyRoadsSouth;
use crate::model::moves::MovingGroup;

/// The road a withdrawing Union army may follow to Entry F (3A.7).
const BROCK_ROAD: &str = "brock-road";

/// No road route to the edge.
const NOWHERE: u16 = u16::MAX;

/// Road distances to each army's edges, by set of maps and side, made the first time asked.
static ROUTES: [[OnceLock<Vec<u16>>; 2]; 3] = [const { [const { OnceLock::new() }; 2] }; 3];

/// `hex` lies on the edge `side`'s withdrawing army leaves by: the east edge of the maps in
/// play for the Union, the west or south edge for the Confederates (F is the Union's other
/// way out, by the Brock Road).
pub(crate) fn on_army_edge(map: &Map, maps: MapsUsed, side: Side, hex: HexId) -> bool {
    let off = |d: Direction| map.neighbour(hex, d, maps).is_none();
    match side {
        Side::Union => off(Direction::NE) && off(Direction::SE),
        Side::Confederate => (off(Direction::NW) && off(Direction::SW)) || off(Direction::S),
    }
}

/// Each canonical hex's number of road hexsides from `side`'s edge, by [`HexId::slot`]
/// ([`NOWHERE`] off the roads that reach it): a search along the roads from every edge hex.
fn road_distances(map: &Map, maps: MapsUsed, side: Side) -> Vec<u16> {
    let mut dist = vec![NOWHERE; HexId::SLOTS];
    let mut frontier: Vec<HexId> = Vec::new();
    for sheet in Sheet::ALL {
        for row in 1..=99 {
            for col in 1..=99 {
                let Some(h) = HexId::new(sheet, row, col) else {
                    continue;
                };
                if map.canonical(h, maps) == Some(h) && on_army_edge(map, maps, side, h) {
                    dist[h.slot()] = 0;
                    frontier.push(h);
                }
            }
        }
    }
    let mut d = 0;
    while !frontier.is_empty() {
        d += 1;
        let mut next = Vec::new();
        for h in frontier {
            for (_, n) in map.neighbours(h, maps) {
                let Some(n) = map.canonical(n, maps) else {
                    continue;
                };
                if dist[n.slot()] == NOWHERE && map.road_along(h, n).is_some() {
                    dist[n.slot()] = d;
                    next.push(n);
                }
            }
        }
        frontier = next;
    }
    dist
}

impl BloodyRoadsSouth {
    /// The number of road hexsides from `hex` to `side`'s edge along trails, roads and pikes
    /// (0 on the edge), or `None` if no road from it reaches the edge (module docs).
    pub fn road_distance_to_edge(&self, side: Side, hex: HexId) -> Option<u16> {
        let maps = self.maps();
        let by_side = usize::from(side == Side::Confederate);
        let table = ROUTES[maps.index()][by_side]
            .get_or_init(|| road_distances(crate::data::map(), maps, side));
        let hex = self.canonical(hex)?;
        Some(table[hex.slot()]).filter(|&d| d != NOWHERE)
    }

    /// A step a withdrawing group of `side` may take along a trail, road or pike (module
    /// docs): nearer its edge along the roads, or (the Union) along the Brock Road toward F
    /// while the road is open as the mover knows it (`group`, when one is moving).
    pub fn withdrawal_road_step(
        &self,
        side: Side,
        from: HexId,
        to: HexId,
        group: Option<&MovingGroup>,
    ) -> bool {
        if crate::data::map().road_along(from, to).is_none() {
            return false;
        }
        let nearer = match (
            self.road_distance_to_edge(side, from),
            self.road_distance_to_edge(side, to),
        ) {
            (Some(a), Some(b)) => b < a,
            _ => false,
        };
        nearer || (side == Side::Union && self.brock_road_step(from, to, group))
    }

    /// A step a withdrawing group of `side` may take across country (module docs): one that
    /// ends further east (the Union), or further west or south (the Confederates).
    pub fn withdrawal_step(&self, side: Side, from: HexId, to: HexId) -> bool {
        let map = crate::data::map();
        let (Some(a), Some(b)) = (map.cell(from), map.cell(to)) else {
            return false;
        };
        match side {
            Side::Union => b.x > a.x,
            Side::Confederate => b.x < a.x || (b.x == a.x && b.y < a.y),
        }
    }

    /// The Brock Road's hexes in play, from its start to its end.
    fn brock_road(&self) -> Vec<HexId> {
        crate::data::map()
            .road(&RoadId(BROCK_ROAD.into()))
            .map(|r| r.path.iter().filter_map(|&h| self.canonical(h)).collect())
            .unwrap_or_default()
    }

    /// The step `from` → `to` follows the Brock Road toward F while the road is open from
    /// `to` to F (module docs).
    fn brock_road_step(&self, from: HexId, to: HexId, group: Option<&MovingGroup>) -> bool {
        let (Some(f), road) = (self.entry_f(), self.brock_road()) else {
            return false;
        };
        let (Some(i), Some(j), Some(end)) = (
            road.iter().position(|&h| h == from),
            road.iter().position(|&h| h == to),
            road.iter().position(|&h| h == f),
        ) else {
            return false;
        };
        let toward = i.abs_diff(end) > j.abs_diff(end) && i.abs_diff(j) == 1;
        toward && {
            let (lo, hi) = (j.min(end), j.max(end));
            road[lo..=hi]
                .iter()
                .all(|&h| self.brock_road_open_at(h, group))
        }
    }

    /// No Confederate unit stands in `hex` and no Confederate zone of control reaches it as
    /// the Union player knows it.
    fn brock_road_open_at(&self, hex: HexId, group: Option<&MovingGroup>) -> bool {
        self.at(hex)
            .into_iter()
            .all(|k| self.unit(k).side != Side::Confederate)
            && !self.known_zoc(Side::Union, hex, group)
    }
}
