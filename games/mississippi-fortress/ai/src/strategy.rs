//! The plan (the book's Player Notes, 8.11 and 8.12): objectives by scenario and side, and
//! the distances between Areas that every movement decision weighs.
//!
//! - **Champion Hill (6.1)**: the Union must hold Jackson (Area 15) with effective infantry in
//!   communications and not trail on VPs; the Confederates hold Jackson and make him pay.
//! - **The campaign (6.2, 6.3)**: the Union crosses the Mississippi by steamer (4.12, 5.3),
//!   takes Jackson (10 VP), closes on Snyders Bluff, Mt. Albion and Warrenton (the siege, 5.41)
//!   and Vicksburg itself (up to 50 VP); the Confederates keep Vicksburg (20 VP if not
//!   besieged) and Jackson, and strike only at good odds.

use adjutant_engine::Side;
use mississippi_fortress::data::map::Terrain;
use mississippi_fortress::data::{AreaId, Map};

use crate::belief::Belief;
use crate::seen::Seen;

/// Jackson (2.32, 6.1).
pub const JACKSON: u8 = 15;
/// Vicksburg (5.4).
pub const VICKSBURG: u8 = 18;
/// The siege Areas (5.41).
pub const SIEGE: [u8; 3] = [10, 19, 23];
/// No path.
pub const FAR: u32 = 99;

/// An objective: an Area, its weight, and whether it is to be held (a garrison kept there)
/// rather than taken.
#[derive(Clone, Copy, Debug)]
pub struct Objective {
    /// The Area.
    pub area: u8,
    /// How much it is worth.
    pub weight: f64,
    /// Kept with a garrison.
    pub hold: bool,
    /// An enemy stack hunted for its SP (S10.3), not an Area the scenario values.
    pub prey: bool,
}

/// Objectives and distances.
#[derive(Clone, Debug)]
pub struct Plan {
    /// The objectives of my side.
    pub objectives: Vec<Objective>,
    /// Steps between Areas (index by Area number), steamer crossings counted for the Union.
    pub dist: Vec<Vec<u32>>,
}

impl Plan {
    /// The plan for the seat of `seen`.
    pub fn new(seen: &Seen, belief: &Belief) -> Plan {
        let side = seen.side();
        let campaign = seen.scenario != "champion-hill" && seen.scenario != "shermans-assault";
        let o = |area, weight, hold| Objective {
            area,
            weight,
            hold,
            prey: false,
        };
        let objectives = match (side, campaign) {
            (Side::Union, false) if seen.scenario == "shermans-assault" => {
                vec![o(VICKSBURG, 100.0, false)]
            }
            (Side::Union, false) => vec![o(JACKSON, 100.0, false)],
            (Side::Confederate, false) if seen.scenario == "shermans-assault" => {
                vec![o(VICKSBURG, 100.0, true)]
            }
            (Side::Confederate, false) => vec![o(JACKSON, 100.0, true)],
            // Player Notes 8.11: Jackson first, while the Confederates are scattered; then
            // the siege Areas and Vicksburg.
            (Side::Union, true) if !seen.i_hold(JACKSON) => {
                vec![o(JACKSON, 100.0, false), o(VICKSBURG, 10.0, false)]
            }
            (Side::Union, true) => vec![
                o(JACKSON, 40.0, true),
                o(VICKSBURG, 50.0, false),
                o(SIEGE[0], 25.0, false),
                o(SIEGE[1], 25.0, false),
                o(SIEGE[2], 25.0, false),
            ],
            (Side::Confederate, true) => vec![o(VICKSBURG, 100.0, true), o(JACKSON, 30.0, true)],
        };
        // An objective taken and clear of the enemy is held from now on, with a garrison. In
        // 6.1 occupying Jackson is enough (Confederates may share it): once the Union is in,
        // a garrison sized to the enemy there and near holds it and the rest goes hunting,
        // rather than the whole army waiting on the few Confederates who walk in.
        let shared = !campaign && side == Side::Union;
        let mut objectives: Vec<Objective> = objectives
            .into_iter()
            .map(|mut o| {
                if seen.i_hold(o.area) && (shared || belief.enemy_in(o.area) <= 0.0) {
                    o.hold = true;
                }
                o
            })
            .collect();
        // The enemy's stacks are objectives too: every SP he loses is worth VPs (S10.3). The
        // Union of 6.1 starts 7 VPs behind and must hunt; elsewhere the pull is milder.
        let hunt = if side == Side::Union && !campaign {
            2.5
        } else {
            1.0
        };
        for (&area, &e) in &belief.enemy {
            if e > 0.0 && !objectives.iter().any(|o| o.area == area) {
                objectives.push(Objective {
                    prey: true,
                    ..o(area, hunt * e.min(12.0), false)
                });
            }
        }
        Plan {
            objectives,
            dist: distances(side, &seen.transports),
        }
    }

    /// Steps from `a` to `b`.
    pub fn d(&self, a: u8, b: u8) -> u32 {
        self.dist
            .get(usize::from(a))
            .and_then(|r| r.get(usize::from(b)))
            .copied()
            .unwrap_or(FAR)
    }
}

/// All-pairs steps by land (S3.2a), plus a steamer crossing (two steps) between the Areas an
/// arrow holding my transports touches (4.12, 5.3).
fn distances(side: Side, transports: &[String]) -> Vec<Vec<u32>> {
    let map = Map::get();
    let n = 48usize;
    let mut adj: Vec<Vec<(usize, u32)>> = vec![Vec::new(); n];
    for (a, edges) in adj.iter_mut().enumerate().skip(1) {
        for &b in map.neighbours(AreaId(a as u8)) {
            if map.land_step(AreaId(a as u8), b, false) {
                edges.push((usize::from(b.0), 1));
            }
        }
    }
    if side == Side::Union {
        for arrow in map.arrows() {
            let id = serde_json::to_value(arrow.id).unwrap_or_default();
            if !transports.iter().any(|t| id.as_str() == Some(t)) {
                continue;
            }
            for &x in &arrow.touches {
                for &y in &arrow.touches {
                    if x != y {
                        adj[usize::from(x.0)].push((usize::from(y.0), 2));
                    }
                }
            }
        }
    }
    (0..n)
        .map(|s| {
            // Dijkstra on a tiny graph: a plain O(n²) scan.
            let mut d = vec![FAR; n];
            let mut done = vec![false; n];
            if s > 0 {
                d[s] = 0;
            }
            loop {
                let next = (1..n)
                    .filter(|&i| !done[i] && d[i] < FAR)
                    .min_by_key(|&i| d[i]);
                let Some(u) = next else { break };
                done[u] = true;
                for &(v, w) in &adj[u] {
                    if d[u] + w < d[v] {
                        d[v] = d[u] + w;
                    }
                }
            }
            d
        })
        .collect()
}

/// The terrain of an Area.
pub fn terrain(area: u8) -> Terrain {
    Map::get()
        .area(AreaId(area))
        .map_or(Terrain::Clear, |a| a.terrain)
}

/// How much a defender's strength counts for in `area` when he does not counterattack:
/// tripled in Mountainous terrain (5.1, S9.3b), a column in Defensible terrain (S9.4c,
/// reckoned here as a third more).
pub fn defence_factor(area: u8) -> f64 {
    match terrain(area) {
        Terrain::Mountainous => 3.0,
        Terrain::Defensible => 1.35,
        _ => 1.0,
    }
}

/// Whether `area` is on the Louisiana bank (across the Mississippi from the objectives).
pub fn louisiana(area: u8) -> bool {
    Map::get()
        .area(AreaId(area))
        .is_some_and(|a| a.state == mississippi_fortress::data::map::State::Louisiana)
}
