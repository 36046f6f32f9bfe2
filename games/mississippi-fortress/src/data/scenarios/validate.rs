//! Cross-checks of a scenario against the map, the counters and the turn track.

use std::collections::BTreeSet;

use super::{Arrival, Location, Scenario, SpecialRule, WinCondition};
use crate::data::error::{DataError, ensure};
use crate::data::ids::{Side, UnitId};
use crate::data::map::{AreaFlag, Map};
use crate::data::scenarios::AwardKind;
use crate::data::turn_track::TurnTrack;
use crate::data::units::{UnitKind, Units};

/// Checks one group of counters placed together: every id exists, belongs to `side`, and fits
/// the location (land units in Areas, ships on arrows, batteries on their sites).
pub(crate) fn check_group(
    file: &'static str,
    side: Side,
    location: Location,
    ids: &[UnitId],
    map: &Map,
    units: &Units,
) -> Result<(), DataError> {
    ensure(!ids.is_empty(), file, || {
        "a placement lists no units".to_string()
    })?;
    match location {
        Location::Area(a) => ensure(map.area(a).is_some(), file, || {
            format!("Area {} is not on the map", a.0)
        })?,
        Location::ArrowAt(a) => ensure(map.setup_arrow(a).is_some(), file, || {
            format!("Area {} has no designated river arrow", a.0)
        })?,
        Location::ShoreBattery(a) => ensure(map.shore_battery_site(a).is_some(), file, || {
            format!("Area {} has no shore battery site", a.0)
        })?,
        Location::AnyShoreBattery => {}
    }
    for id in ids {
        let unit = units
            .unit(id.as_str())
            .ok_or_else(|| DataError::invalid(file, format!("unknown unit {id}")))?;
        ensure(unit.side == side, file, || {
            format!("unit {id} is not {side:?}")
        })?;
        let fits = match location {
            Location::Area(a) => match unit.kind {
                UnitKind::Gunboat | UnitKind::Transport => false,
                UnitKind::ShoreBattery => map.shore_battery_site(a).is_some(),
                _ => true,
            },
            Location::ArrowAt(_) | Location::ShoreBattery(_) | Location::AnyShoreBattery => {
                unit.kind.is_naval()
            }
        };
        ensure(fits, file, || {
            format!("unit {id} cannot be placed at {location:?}")
        })?;
    }
    Ok(())
}

pub(super) fn check_scenario(
    file: &'static str,
    s: &Scenario,
    map: &Map,
    units: &Units,
    track: &TurnTrack,
) -> Result<(), DataError> {
    let turns = track.track(s.track);
    ensure(
        s.first_turn >= 1 && s.first_turn <= s.last_turn && usize::from(s.last_turn) <= turns.len(),
        file,
        || {
            format!(
                "turns {}-{} are not on the track",
                s.first_turn, s.last_turn
            )
        },
    )?;
    if let Some(n) = s.max_dummies {
        ensure(
            n <= units.dummies().union.min(units.dummies().confederate),
            file,
            || "max_dummies exceeds the counter mix".to_string(),
        )?;
    }

    let mut seen = BTreeSet::new();
    for p in &s.setup {
        check_group(file, p.side, p.location, &p.units, map, units)?;
        for id in &p.units {
            ensure(seen.insert(id.clone()), file, || {
                format!("unit {id} is placed twice")
            })?;
        }
    }
    for r in &s.reinforcements {
        check_group(file, r.side, r.location, &r.units, map, units)?;
        if let Arrival::Turn(t) = r.turn {
            ensure(t >= s.first_turn && t <= s.last_turn, file, || {
                format!("reinforcements on turn {t} fall outside the scenario")
            })?;
        }
        for id in &r.units {
            ensure(seen.insert(id.clone()), file, || {
                format!("unit {id} is placed twice")
            })?;
        }
    }
    for id in &seen {
        let unit = units
            .unit(id.as_str())
            .ok_or_else(|| DataError::invalid(file, format!("unknown unit {id}")))?;
        ensure(unit.option.is_none(), file, || {
            format!("unit {id} belongs to an optional rule, not to the scenario")
        })?;
        ensure(unit.scenario.is_none_or(|only| only == s.id), file, || {
            format!("unit {id} belongs to another scenario")
        })?;
    }
    for (id, &present) in &s.reduced {
        let in_setup = s.setup.iter().any(|p| p.units.contains(id));
        let full = units
            .unit(id.as_str())
            .and_then(|u| u.strength)
            .unwrap_or(0);
        ensure(in_setup && present >= 1 && present < full, file, || {
            format!("reduced strength of {id} must be 1..{full} and the unit must start on the map")
        })?;
    }

    for special in &s.special_rules {
        match &special.rule {
            SpecialRule::AreasClosed {
                areas,
                until_turn,
                unless_landing_in,
                ..
            } => {
                ensure(
                    areas
                        .iter()
                        .chain([unless_landing_in])
                        .all(|&a| map.area(a).is_some())
                        && *until_turn > s.first_turn
                        && *until_turn <= s.last_turn,
                    file,
                    || "areas-closed names an Area or a turn out of range".to_string(),
                )?;
            }
            SpecialRule::NoArtilleryInto { area } => {
                ensure(map.area(*area).is_some(), file, || {
                    format!("Area {} is not on the map", area.0)
                })?;
            }
            SpecialRule::CommanderOfficerCommands { formations, .. } => {
                ensure(!formations.is_empty(), file, || {
                    "commander-officer-commands lists no formation".to_string()
                })?;
            }
        }
    }

    let area_ok = |a| map.area(a).is_some();
    match s.victory.condition {
        WinCondition::HigherVp { tie_break_area: a }
        | WinCondition::HoldAreaWithVp { area: a, .. }
        | WinCondition::OccupyAreaWithInfantry { area: a, .. } => {
            ensure(area_ok(a), file, || {
                format!("victory Area {} is not on the map", a.0)
            })?;
        }
    }
    if let Some(end) = s.victory.sudden_end {
        ensure(
            map.area(end.area)
                .is_some_and(|a| a.has(AreaFlag::Vicksburg)),
            file,
            || "the 5.44 automatic end concerns Vicksburg".to_string(),
        )?;
    }
    for award in &s.victory.awards {
        match award.kind {
            AwardKind::AreaOccupied { area, .. }
            | AwardKind::AreaCaptured { area, .. }
            | AwardKind::AreaHeldNotBesieged { area, .. } => {
                ensure(area_ok(area), file, || {
                    format!("award Area {} is not on the map", area.0)
                })?;
            }
            AwardKind::AreaCapturedBy { area, by_turn, .. } => {
                ensure(area_ok(area) && by_turn <= s.last_turn, file, || {
                    format!(
                        "award for Area {} by turn {by_turn} is out of range",
                        area.0
                    )
                })?;
            }
            _ => {}
        }
    }
    Ok(())
}
