//! The catalog entry (scenarios, options, secret choices) and the static data clients draw
//! the game from (`GET /api/catalog/bloody-roads-south`): the maps, the counters, the charts'
//! names. Views carry only what changes.

use adjutant_engine::{ChoiceInfo, ChoiceKind, ChoiceScope, GameInfo, ScenarioInfo};
use serde_json::{Value, json};

use crate::data::terrain::Terrain;
use crate::data::{Sheet, VariantId};

pub use crate::data::scenario::OFFERED;
pub use crate::data::variant::{VARIANTS_OFFERED, variant_title};
pub(crate) use crate::options::option_applies;

/// The catalog's choices for the offered variants: public options or secret choices of the
/// variant's side, each in the offered scenarios that list it.
fn variant_choices() -> Vec<ChoiceInfo> {
    VARIANTS_OFFERED
        .iter()
        .map(|&v| {
            let d = crate::data::variants().variant(v);
            let title = variant_title(v);
            let (who, gets) = match d.points_to {
                adjutant_engine::Side::Union => ("The Union", "receives"),
                adjutant_engine::Side::Confederate => ("The Confederates", "receive"),
            };
            let secrecy = if d.secret {
                format!(
                    "Secret: the {} player learns it when its troops enter the map (with the \
                     set-ups when they set up).",
                    d.side.opponent()
                )
            } else {
                "Announced before the game: both players and spectators see it.".to_string()
            };
            ChoiceInfo {
                id: v.as_str().into(),
                name: format!("Variant {}: {title}", d.rule),
                description: format!(
                    "{} {who} {gets} {} VP. {secrecy}",
                    variant_effect(v),
                    d.points
                ),
                scope: if d.secret {
                    ChoiceScope::Secret(d.side)
                } else {
                    ChoiceScope::Option
                },
                kind: ChoiceKind::Bool { default: false },
                scenarios: OFFERED
                    .iter()
                    .filter(|&&s| crate::data::scenario(s).variants.contains(&v))
                    .map(|s| s.as_str().to_string())
                    .collect(),
                requires: Vec::new(),
            }
        })
        .filter(|c| !c.scenarios.is_empty())
        .collect()
}

fn variant_effect(v: VariantId) -> &'static str {
    match v {
        VariantId::FerreroJoins => {
            "4/9 (Ferrero) with a 9th Corps battery may enter at Entry D on any turn after \
             6:00am 6 May (from 6:30am), to join the 9th Corps (Scenario 7: it sets up within \
             3 hexes of the 9 Corps HQ); 3.8b deletes it."
        }
        VariantId::BurnsideElsewhere => {
            "The whole 9th Corps (Burnside, his HQ, wagon, artillery and divisions) is deleted."
        }
        VariantId::PickettJoins => {
            "Pickett's division joins 1 Corps (Scenario 7: it sets up within 3 hexes of the 1 \
             Corps HQ)."
        }
        VariantId::LongstreetFurtherEast => {
            "Longstreet enters two turns later at Entry F or B29.01."
        }
        VariantId::AndersonWithHill => {
            "Anderson's division (A/3) sets up within 3 hexes of the 3 Corps HQ."
        }
    }
}

/// What the scenario plays, as its introduction in the book (section 7.0) tells it.
fn situation(id: crate::data::ScenarioId) -> &'static str {
    use crate::data::ScenarioId as S;
    match id {
        S::SandersField => {
            "Warren's 5th Corps, hours late, attacks Ewell's corps deployed across the Orange \
             Turnpike west of Sander's Field: the battle's opening."
        }
        S::WarrenAndSedgwickVsEwell => {
            "Scenario 1 carried into the night, with part of Sedgwick's 6th Corps arriving on \
             Warren's right."
        }
        S::PlankRoad => {
            "A.P. Hill's two divisions meet Getty's three brigades west of the Brock Road \
             crossing; Hancock's 2nd Corps comes up behind Getty."
        }
        S::BattlesOfMay5th => "The whole first day of the battle, on both fronts.",
        S::BattleOfTheWilderness => {
            "The whole battle, from Warren's attack on Ewell to the end of 7 May."
        }
        S::SecondDay => {
            "Grant attacks all along the line at first light, Hancock with six divisions \
             against Hill's two, while Lee waits for Longstreet and Anderson."
        }
        S::WastedDay => {
            "The third day that was never fought: what might have happened had the armies \
             fought on 7 May."
        }
    }
}

/// A scenario's first and last turns, the day named once when they share it
/// ("5 May 1:00pm to 3:00pm").
fn span(first: crate::data::GameTime, last: crate::data::GameTime) -> String {
    let written = last.to_string();
    let day = format!("{} May ", last.day());
    match written.strip_prefix(&day) {
        Some(hour) if first.day() == last.day() => format!("{first} to {hour}"),
        _ => format!("{first} to {written}"),
    }
}

/// The catalog entry.
pub fn game_info() -> GameInfo {
    let scenarios = OFFERED
        .iter()
        .map(|&id| {
            let s = crate::data::scenario(id);
            ScenarioInfo {
                id: id.as_str().into(),
                name: format!("{} (Scenario {})", s.title, id.book_number()),
                description: format!(
                    "{} {}, on {}.",
                    situation(id),
                    span(s.first_turn, s.last_turn),
                    match s.maps {
                        crate::data::MapsUsed::A => "Map A",
                        crate::data::MapsUsed::B => "Map B",
                        crate::data::MapsUsed::Both => "Maps A and B",
                    }
                ),
                turns: u32::from(s.length),
            }
        })
        .collect();
    let choices = crate::data::variants()
        .options()
        .iter()
        .map(|o| ChoiceInfo {
            id: o.id.key().into(),
            name: o
                .title
                .clone()
                .unwrap_or_else(|| format!("Optional rule {}", o.rule)),
            description: o.text.clone(),
            scope: ChoiceScope::Option,
            kind: ChoiceKind::Bool {
                default: o.id.default_on(),
            },
            scenarios: OFFERED
                .iter()
                .filter(|&&s| option_applies(o.id, s))
                .map(|s| s.as_str().to_string())
                .collect(),
            requires: option_requires(o.id)
                .iter()
                .map(|r| r.key().to_string())
                .collect(),
        })
        .filter(|c| !c.scenarios.is_empty())
        .chain(variant_choices())
        .chain(crate::setup::entry_choices::choice_infos())
        .collect();
    GameInfo {
        id: "bloody-roads-south".into(),
        name: "Bloody Roads South".into(),
        description: "The Battle of the Wilderness, 5-7 May 1864, in the Civil War Brigade \
                      Series: hex-and-counter, brigades and leaders, orders written in secret \
                      and carried by aides, fire and close combat in the thickets. Seven \
                      scenarios, from Warren's attack at Sander's Field (5 turns) to the \
                      whole three-day battle on both maps (91 turns), with the book's variants \
                      and optional rules, Army Status and panic among them."
            .into(),
        scenarios,
        choices,
    }
}

/// The options an option builds on (3.3's "Burnside always negative" is a rule of the Army
/// Status rules).
fn option_requires(
    id: crate::data::variant::OptionId,
) -> &'static [crate::data::variant::OptionId] {
    use crate::data::variant::OptionId as O;
    match id {
        O::BurnsideAlwaysNegative => &[O::ArmyStatus],
        _ => &[],
    }
}

/// The static data: both sheets (terrain and levels by hexrow), roads, the railroad,
/// streams, places and entries, and every printed counter of both sides.
pub fn static_data() -> Value {
    let map = crate::data::map();
    let mut sheets = serde_json::Map::new();
    for sheet in Sheet::ALL {
        let e = map.extent(sheet);
        let mut terrain = Vec::new();
        let mut levels = Vec::new();
        for col in e.hexrows.0..=e.hexrows.1 {
            let mut t = String::new();
            let mut l = String::new();
            for row in e.hexes.0..=e.hexes.1 {
                let id = crate::data::HexId::new(sheet, col, row);
                let info = id.and_then(|h| map.hex(h));
                t.push(match info.map(|i| i.terrain) {
                    Some(Terrain::Clear) => 'c',
                    Some(Terrain::Wilderness) => 'w',
                    None => '-',
                });
                l.push(info.map_or('0', |i| char::from(b'0' + i.level)));
            }
            terrain.push(t);
            levels.push(l);
        }
        let (dx, dy) = map.offsets().of(sheet);
        sheets.insert(
            sheet.letter().to_string(),
            json!({
                "hexrows": [e.hexrows.0, e.hexrows.1],
                "hexes": [e.hexes.0, e.hexes.1],
                "offset": [dx, dy],
                "terrain": terrain,
                "levels": levels,
            }),
        );
    }
    let roads: Vec<Value> = map
        .roads()
        .iter()
        .map(|r| json!({"id": r.id, "name": r.name, "class": r.class, "path": r.path}))
        .collect();
    let rr = map.railroad();
    let streams: Vec<Value> = map
        .streams()
        .iter()
        .map(|s| {
            json!({
                "id": s.id, "name": s.name, "kind": s.kind,
                "hexsides": s.hexsides.iter().map(|h| h.to_string()).collect::<Vec<_>>(),
            })
        })
        .collect();
    let fords: Vec<Value> = map
        .fords()
        .iter()
        .map(|f| json!({"name": f.name, "hexside": f.hexside.to_string()}))
        .collect();
    let clearings: Vec<Value> = map
        .clearings()
        .iter()
        .map(|c| json!({"id": c.id, "name": c.name, "hexes": c.hexes}))
        .collect();
    let places: Vec<Value> = map
        .places()
        .iter()
        .map(|p| json!({"id": p.id, "name": p.name, "hex": p.hex, "kind": p.kind}))
        .collect();
    let entries: Vec<Value> = map
        .entries()
        .iter()
        .map(|e| json!({"code": e.code.letter().to_string(), "hexes": e.hexes, "road": e.road}))
        .collect();
    let scenarios: Vec<Value> = OFFERED
        .iter()
        .map(|&id| {
            let s = crate::data::scenario(id);
            json!({
                "id": id.as_str(), "title": s.title, "maps": format!("{:?}", s.maps), "turns": s.length,
                "first": s.first_turn.to_string(), "last": s.last_turn.to_string(),
            })
        })
        .collect();
    json!({
        "sheets": sheets,
        "roads": roads,
        "railroad": {"name": rr.name, "path": rr.path},
        "streams": streams,
        "fords": fords,
        "clearings": clearings,
        "places": places,
        "entries": entries,
        "scenarios": scenarios,
        "turn_track": turn_track(),
        "off_map": off_map(),
    })
}

/// The Turn Record Track (reference 1.4): each turn's time as views name it, night or day,
/// its length and visibility.
fn turn_track() -> Vec<Value> {
    crate::data::turn_record()
        .turns()
        .iter()
        .map(|t| {
            json!({
                "time": t.time.to_string(),
                "night": t.period == crate::data::turn::Period::Night,
                "minutes": t.minutes,
                "visibility": t.visibility,
            })
        })
        .collect()
}

/// The ways off the map (rule 4.2): the two ends of the Confederate off-map link with the
/// turns each kind of counter spends off the map, and the off-map roads with the map-edge
/// hexes they feed.
fn off_map() -> Value {
    let link = &crate::data::charts().special_rules.off_map;
    let roads: Vec<Value> = crate::data::map()
        .off_map_roads()
        .iter()
        .map(|r| json!({"name": r.name, "feeds": r.feeds}))
        .collect();
    json!({
        "link": {
            "rule": link.rule,
            "hexes": link.hexes,
            "delays": [
                {"who": "infantry in column and artillery", "turns": link.infantry_column_and_artillery},
                {"who": "wagons and trains", "turns": link.wagons_and_trains},
                {"who": "leaders and orders", "turns": link.leaders_and_orders},
            ],
        },
        "roads": roads,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::GameTime;

    #[test]
    fn a_span_names_the_day_once_when_it_does_not_change() {
        let at = |d, h| GameTime::new(d, h, 0).expect("a time on the track");
        assert_eq!(span(at(5, 13), at(5, 15)), "5 May 1:00pm to 3:00pm");
        assert_eq!(span(at(5, 13), at(7, 19)), "5 May 1:00pm to 7 May 7:00pm");
    }

    #[test]
    fn every_scenario_is_described_in_sentences_with_its_times_and_maps() {
        let info = game_info();
        assert_eq!(info.scenarios.len(), OFFERED.len());
        for s in &info.scenarios {
            let d = &s.description;
            assert!(
                d.ends_with("on Map A.")
                    || d.ends_with("on Map B.")
                    || d.ends_with("on Maps A and B."),
                "{d}"
            );
            assert!(d.contains(" May "), "{d}");
            assert!(
                !d.contains("turns,"),
                "the turn count is the entry's own field: {d}"
            );
            assert!(d.chars().next().is_some_and(char::is_uppercase), "{d}");
        }
        let s1 = &info.scenarios[0];
        assert_eq!(s1.id, "sanders-field");
        assert!(
            s1.description
                .ends_with("5 May 1:00pm to 3:00pm, on Map A."),
            "{}",
            s1.description
        );
    }

    #[test]
    fn a_variants_points_open_a_sentence() {
        for c in variant_choices() {
            assert!(
                c.description.contains(". The Union receives")
                    || c.description.contains(". The Confederates receive"),
                "{}",
                c.description
            );
        }
    }
}
