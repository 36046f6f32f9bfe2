//! The on-disk form of `data/map.json` and its validation.

use std::collections::{BTreeMap, BTreeSet};

use serde::Deserialize;

use super::border_index::BorderIndex;
use super::{
    Area, AreaFlag, Border, BorderKind, Crossing, Extent, FILE, LonLat, MandatoryCombat, Map,
    MapEdge, NavalNode, River, RiverArrow, RiverClass, RiverId, Route, ShoreBatterySite, Terrain,
};
use crate::data::error::{DataError, ensure};
use crate::data::ids::{AreaId, ArrowId, NavigableRiver, Provenance};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMap {
    title: String,
    extent: Extent,
    mandatory_combat: Vec<MandatoryCombat>,
    areas: Vec<Area>,
    borders: Vec<RawBorder>,
    rivers: Vec<RawRiver>,
    roads: Vec<RawRoute>,
    railroads: Vec<RawRoute>,
    river_arrows: Vec<RawArrow>,
    shore_battery_sites: Vec<ShoreBatterySite>,
    setup_arrows: Vec<RawSetupArrow>,
}

#[derive(Deserialize, Clone, Copy)]
#[serde(rename_all = "kebab-case")]
enum RawBorderKind {
    Open,
    Ridge,
    MajorRiver,
    Mississippi,
    Yazoo,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBorder {
    a: AreaId,
    b: AreaId,
    kind: RawBorderKind,
    #[serde(default)]
    river: Option<RiverId>,
    #[serde(default)]
    crossings: Vec<Crossing>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRiver {
    id: RiverId,
    name: String,
    class: RiverClass,
    status: Provenance,
    course: Vec<[f64; 2]>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRoute {
    id: String,
    name: String,
    areas: Vec<AreaId>,
    #[serde(default)]
    exits_map_edge: Vec<MapEdge>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawArrow {
    id: ArrowId,
    name: String,
    name_status: Provenance,
    river: NavigableRiver,
    touches: Vec<AreaId>,
    crosses: Vec<[AreaId; 2]>,
    downstream: String,
    from_north_edge: bool,
    position: LonLat,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSetupArrow {
    area: AreaId,
    arrow: ArrowId,
}

pub(super) fn build(json: &str) -> Result<Map, DataError> {
    let raw: RawMap = serde_json::from_str(json).map_err(|e| DataError::parse(FILE, e))?;
    let areas = check_areas(raw.areas)?;
    let on_map = |id: AreaId| id.is_on_map();

    let mut borders = Vec::with_capacity(raw.borders.len());
    for rb in raw.borders {
        borders.push(check_border(rb)?);
    }
    borders.sort_by_key(|b| (b.a, b.b));
    let mut border_index = BorderIndex::default();
    for (i, b) in borders.iter().enumerate() {
        border_index
            .insert(b.a, b.b, i)
            .map_err(|e| DataError::invalid(FILE, e))?;
    }
    let mut neighbours = vec![Vec::new(); usize::from(AreaId::LAST)];
    for b in &borders {
        neighbours[usize::from(b.a.0) - 1].push(b.b);
        neighbours[usize::from(b.b.0) - 1].push(b.a);
    }
    for list in &mut neighbours {
        list.sort();
    }

    let roads = check_routes(raw.roads, &mut borders, &border_index, false)?;
    let railroads = check_routes(raw.railroads, &mut borders, &border_index, true)?;

    let rivers = raw
        .rivers
        .into_iter()
        .map(|r| River {
            id: r.id,
            name: r.name,
            class: r.class,
            status: r.status,
            course: r
                .course
                .into_iter()
                .map(|[lon, lat]| LonLat { lon, lat })
                .collect(),
        })
        .collect();

    let mut arrows = Vec::with_capacity(raw.river_arrows.len());
    for ra in raw.river_arrows {
        ensure(ra.id.river == ra.river, FILE, || {
            format!("arrow {} is on the wrong river", ra.id)
        })?;
        ensure(ra.touches.iter().all(|&a| on_map(a)), FILE, || {
            format!("arrow {} touches an Area not on the map", ra.id)
        })?;
        let downstream = if ra.downstream == "south-edge" {
            NavalNode::OffMap(MapEdge::South)
        } else {
            NavalNode::Arrow(
                ra.downstream
                    .parse()
                    .map_err(|e: String| DataError::invalid(FILE, e))?,
            )
        };
        let first = NavigableRiver::Mississippi == ra.river && ra.id.number == 1;
        ensure(ra.from_north_edge == first, FILE, || {
            format!("only A1 is fed from the north edge, not {}", ra.id)
        })?;
        let mut crosses = Vec::new();
        for [x, y] in ra.crosses {
            let key = if x < y { (x, y) } else { (y, x) };
            let i = border_index.get(x, y).ok_or_else(|| {
                DataError::invalid(
                    FILE,
                    format!("arrow {} crosses {}|{}, not a border", ra.id, x.0, y.0),
                )
            })?;
            let river = match ra.river {
                NavigableRiver::Mississippi => RiverId::Mississippi,
                NavigableRiver::Yazoo => RiverId::Yazoo,
            };
            ensure(borders[i].river() == Some(river), FILE, || {
                format!("arrow {} crosses {}|{} off its river", ra.id, x.0, y.0)
            })?;
            ensure(
                ra.touches.contains(&x) && ra.touches.contains(&y),
                FILE,
                || {
                    format!(
                        "arrow {} crosses {}|{} without touching both",
                        ra.id, x.0, y.0
                    )
                },
            )?;
            borders[i].arrows.push(ra.id);
            crosses.push(key);
        }
        arrows.push(RiverArrow {
            id: ra.id,
            name: ra.name,
            name_status: ra.name_status,
            touches: ra.touches,
            crosses,
            downstream,
            position: ra.position,
        });
    }
    check_arrow_order(&arrows)?;

    for site in &raw.shore_battery_sites {
        let touching: Vec<ArrowId> = arrows
            .iter()
            .filter(|a| a.touches(site.area))
            .map(|a| a.id)
            .collect();
        ensure(touching == [site.arrow], FILE, || {
            format!(
                "the battery in Area {} must touch exactly its arrow {} (4.22b)",
                site.area.0, site.arrow
            )
        })?;
        ensure(
            areas[usize::from(site.area.0) - 1].has(AreaFlag::ShoreBatterySite),
            FILE,
            || format!("Area {} lacks the shore-battery-site flag", site.area.0),
        )?;
    }

    let mut setup_arrows = BTreeMap::new();
    for s in raw.setup_arrows {
        let ok = arrows.iter().any(|a| a.id == s.arrow && a.touches(s.area));
        ensure(ok, FILE, || {
            format!("set-up arrow {} does not touch Area {}", s.arrow, s.area.0)
        })?;
        setup_arrows.insert(s.area, s.arrow);
    }

    for m in &raw.mandatory_combat {
        ensure(
            areas
                .get(usize::from(m.into.0).wrapping_sub(1))
                .is_some_and(|a| a.terrain == Terrain::Mountainous),
            FILE,
            || {
                format!(
                    "mandatory combat Area {} is not mountainous (5.1)",
                    m.into.0
                )
            },
        )?;
        ensure(m.from.iter().all(|f| f.is_on_map()), FILE, || {
            format!(
                "mandatory combat into {} names an Area not on the map",
                m.into.0
            )
        })?;
    }

    Ok(Map {
        title: raw.title,
        extent: raw.extent,
        areas,
        borders,
        border_index,
        neighbours,
        rivers,
        roads,
        railroads,
        arrows,
        shore_battery_sites: raw.shore_battery_sites,
        setup_arrows,
        mandatory_combat: raw.mandatory_combat,
    })
}

fn check_areas(areas: Vec<Area>) -> Result<Vec<Area>, DataError> {
    ensure(areas.len() == usize::from(AreaId::LAST), FILE, || {
        format!("expected 47 Areas, found {}", areas.len())
    })?;
    let mut names = BTreeSet::new();
    for (i, a) in areas.iter().enumerate() {
        ensure(usize::from(a.id.0) == i + 1, FILE, || {
            format!("Area at position {} is numbered {}", i + 1, a.id.0)
        })?;
        ensure(!a.name.trim().is_empty(), FILE, || {
            format!("Area {} has no name", a.id.0)
        })?;
        ensure(names.insert(a.name.clone()), FILE, || {
            format!("Area name {:?} is used twice", a.name)
        })?;
    }
    Ok(areas)
}

fn check_border(rb: RawBorder) -> Result<Border, DataError> {
    let (a, b) = (rb.a, rb.b);
    ensure(a < b && a.is_on_map() && b.is_on_map(), FILE, || {
        format!(
            "border {}|{} must join two Areas on the map, lower first",
            a.0, b.0
        )
    })?;
    let plain = |kind: BorderKind| -> Result<BorderKind, DataError> {
        ensure(rb.river.is_none() && rb.crossings.is_empty(), FILE, || {
            format!(
                "border {}|{}: only Major Rivers carry a river and crossings",
                a.0, b.0
            )
        })?;
        Ok(kind)
    };
    let kind = match rb.kind {
        RawBorderKind::Open => plain(BorderKind::Open)?,
        RawBorderKind::Ridge => plain(BorderKind::Ridge)?,
        RawBorderKind::Mississippi => plain(BorderKind::Mississippi)?,
        RawBorderKind::Yazoo => plain(BorderKind::Yazoo)?,
        RawBorderKind::MajorRiver => {
            let river = rb.river.ok_or_else(|| {
                DataError::invalid(
                    FILE,
                    format!("Major River border {}|{} names no river", a.0, b.0),
                )
            })?;
            ensure(river != RiverId::Mississippi, FILE, || {
                format!(
                    "border {}|{}: the Mississippi is never a Major River border (5.3)",
                    a.0, b.0
                )
            })?;
            BorderKind::MajorRiver {
                river,
                crossings: rb.crossings,
            }
        }
    };
    Ok(Border {
        a,
        b,
        kind,
        road: false,
        railroad: false,
        arrows: Vec::new(),
    })
}

fn check_routes(
    raw: Vec<RawRoute>,
    borders: &mut [Border],
    index: &BorderIndex,
    railroad: bool,
) -> Result<Vec<Route>, DataError> {
    let mut out = Vec::with_capacity(raw.len());
    for r in raw {
        ensure(!r.areas.is_empty(), FILE, || {
            format!("route {} has no Areas", r.id)
        })?;
        for pair in r.areas.windows(2) {
            let key = if pair[0] < pair[1] {
                (pair[0], pair[1])
            } else {
                (pair[1], pair[0])
            };
            let i = index.get(key.0, key.1).ok_or_else(|| {
                DataError::invalid(
                    FILE,
                    format!(
                        "route {} steps {}-{}, not a border",
                        r.id, pair[0].0, pair[1].0
                    ),
                )
            })?;
            ensure(borders[i].land_crossable(), FILE, || {
                format!(
                    "route {} crosses {}|{}, which land units cannot",
                    r.id, key.0.0, key.1.0
                )
            })?;
            if railroad {
                borders[i].railroad = true;
            } else {
                borders[i].road = true;
            }
        }
        out.push(Route {
            id: r.id,
            name: r.name,
            areas: r.areas,
            exits_map_edge: r.exits_map_edge,
        });
    }
    Ok(out)
}

/// Arrows must be listed Mississippi first (numbered 1.. from the north) then Yazoo (1.. from
/// the mouth), and every downstream chain must reach the south map edge.
fn check_arrow_order(arrows: &[RiverArrow]) -> Result<(), DataError> {
    let mut expected = Vec::new();
    for river in [NavigableRiver::Mississippi, NavigableRiver::Yazoo] {
        let count = arrows.iter().filter(|a| a.river() == river).count();
        for n in 1..=count {
            expected.push(ArrowId {
                river,
                number: u8::try_from(n).unwrap_or(u8::MAX),
            });
        }
    }
    let ids: Vec<ArrowId> = arrows.iter().map(|a| a.id).collect();
    ensure(ids == expected, FILE, || {
        "river arrows must be listed A1.. then Y1.., each river numbered from 1".to_string()
    })?;
    for start in arrows {
        let mut node = start.downstream;
        let mut steps = 0;
        loop {
            match node {
                NavalNode::OffMap(MapEdge::South) => break,
                NavalNode::OffMap(edge) => {
                    return Err(DataError::invalid(
                        FILE,
                        format!("arrow {} drains to the {edge:?} edge", start.id),
                    ));
                }
                NavalNode::Arrow(next) => {
                    node = arrows
                        .iter()
                        .find(|a| a.id == next)
                        .ok_or_else(|| {
                            DataError::invalid(FILE, format!("arrow {next} does not exist"))
                        })?
                        .downstream;
                }
            }
            steps += 1;
            ensure(steps <= arrows.len(), FILE, || {
                format!("the river below arrow {} loops", start.id)
            })?;
        }
    }
    Ok(())
}
