//! Hexes around a hex: the canonical id of a hex, the hexes within N hexes, and the
//! neighbours of a hex ordered away from an enemy hex (for retreats).
//!
//! **Canonical ids.** The 44 hexes of the shared row have two printed ids (`A23.01` =
//! `B17.35`, reference 1.2). Everything in this module and in [`super::paths`] and
//! [`super::los`] that *returns* a hex names it by [`canonical`]: Map A's id when the hex is
//! on Map A and Map A is in play, otherwise Map B's id. Callers compare hexes by cell
//! ([`Map::cell`]) or normalise their own ids with [`canonical_id`].
//!
//! Distances are [`Map::distance`] (by id) and [`Cell::distance`] (in the joined frame).

use super::frame::{axial, centre, dot4, from_axial};
use crate::data::hex::{Cell, HexId, Sheet};
use crate::data::map::{Map, MapsUsed};
use std::cmp::Reverse;

/// The canonical id of a cell in play (Map A's id first), or `None` if it is not in play.
pub fn canonical(map: &Map, maps: MapsUsed, cell: Cell) -> Option<HexId> {
    map.id_near(cell, Sheet::A, maps)
}

/// The canonical id of a hex given by either of its ids, or `None` if it is not in play.
pub fn canonical_id(map: &Map, maps: MapsUsed, id: HexId) -> Option<HexId> {
    map.canonical(id, maps)
}

/// Every hex in play within `n` hexes of `centre_hex` (itself included, at distance 0), with
/// its distance, ordered by distance and then by id. Empty if `centre_hex` is not in play.
/// Used for ranges (fire, visibility, reinforcement entry within 10 hexes, S16).
pub fn hexes_within(map: &Map, maps: MapsUsed, centre_hex: HexId, n: u32) -> Vec<(HexId, u32)> {
    let Some(c) = map
        .cell(centre_hex)
        .filter(|_| map.in_play(centre_hex, maps))
    else {
        return Vec::new();
    };
    let (a0, b0) = axial(c);
    let n = i32::try_from(n).unwrap_or(i32::MAX / 4).min(200);
    let mut out = Vec::new();
    for da in -n..=n {
        for db in (-n).max(-da - n)..=n.min(-da + n) {
            let cell = from_axial(a0 + da, b0 + db);
            if let Some(id) = canonical(map, maps, cell) {
                out.push((id, c.distance(cell)));
            }
        }
    }
    out.sort_by_key(|&(id, d)| (d, id));
    out
}

/// The neighbours in play of `hex`, ordered away from `enemy` for a retreat: the farthest
/// from `enemy` in hexes first; among equally far ones, the one whose centre lies farther
/// from `enemy`'s centre first (the straighter way away), then by id. Each comes with its
/// distance from `enemy`, so the rules can keep only those that increase it.
pub fn away_from(map: &Map, maps: MapsUsed, hex: HexId, enemy: HexId) -> Vec<(HexId, u32)> {
    let Some(e) = map.cell(enemy) else {
        return Vec::new();
    };
    let mut out: Vec<(HexId, u32, i64)> = map
        .neighbours(hex, maps)
        .into_iter()
        .filter_map(|(_, n)| {
            let c = map.cell(n)?;
            let w = centre(e).to(centre(c));
            Some((canonical(map, maps, c)?, c.distance(e), dot4(w, w)))
        })
        .collect();
    out.sort_by_key(|&(id, d, far)| (Reverse(d), Reverse(far), id));
    out.into_iter().map(|(id, d, _)| (id, d)).collect()
}
