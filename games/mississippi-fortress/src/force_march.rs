//! Force march (S3.3, decision R1): a combat unit or dummy may take one step beyond its
//! movement allowance, if its whole move that phase stays clear of swamp and mountain Areas,
//! ridges and Major Rivers (Terrain Effects Chart, 5.2), and it did not begin the phase in
//! contact with the enemy, is not an ineffective division (S1.8c) and neither embarked nor
//! disembarked. Leaders never force march. It costs a straggler check (1f), halves the unit if
//! it attacks this turn, and extends its force-march streak (S7.3).

use crate::data::map::Terrain;
use crate::data::{AreaId, Constants, Map};
use crate::model::counter::{Counter, Kind};

/// Extra steps a force march allows (S3.3a).
pub fn extra_steps() -> u8 {
    Constants::get().movement.force_march_extra_steps
}

/// S3.3c, S1.8c: whether this counter may force march at all this phase.
pub fn may_force_march(c: &Counter) -> bool {
    (c.is_combat() || c.kind == Kind::Dummy)
        && !c.rec.began_in_contact
        && !c.ineffective()
        && !c.rec.shipped
}

/// Decision R1: a path (the starting Area, then every Area entered) that a force-marching unit
/// may take: no swamp or mountainous Area on it, no ridge or Major River border crossed.
pub fn path_allows_force_march(path: &[AreaId]) -> bool {
    let map = Map::get();
    let terrain_ok = path.iter().all(|&a| {
        map.area(a)
            .is_some_and(|area| !matches!(area.terrain, Terrain::Swamp | Terrain::Mountainous))
    });
    terrain_ok
        && path.windows(2).all(|w| {
            map.border(w[0], w[1])
                .is_some_and(|b| !b.is_ridge() && !b.is_major_river())
        })
}
