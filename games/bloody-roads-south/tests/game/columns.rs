//! Road columns and road stretches of the set-ups are continuous roads (Scenario 4 Ewell on
//! the Turnpike; Scenario 6 the 9th Corps "on the Germanna Plank Road turning onto the
//! Orange Turnpike").

use bloody_roads_south::data::placement::SetupLocation;
use bloody_roads_south::data::road::RoadId;
use bloody_roads_south::data::{self, HexId, ScenarioId, Side, UnitId};

fn h(s: &str) -> HexId {
    s.parse().expect(s)
}

fn stretch(id: ScenarioId, side: Side, unit: &str) -> (Vec<RoadId>, Vec<HexId>, bool) {
    let s = data::scenario(id);
    let p = s
        .side(side)
        .placements
        .iter()
        .find(|p| p.units.contains(&UnitId::new(unit)))
        .expect(unit);
    let SetupLocation::Along { roads, from, to } = &p.location else {
        panic!("{unit} is not on a road stretch")
    };
    let path = data::map()
        .path_along(roads, *from, *to)
        .expect("a continuous road");
    (roads.clone(), path, p.column)
}

#[test]
fn every_road_stretch_of_every_set_up_is_a_continuous_road() {
    let map = data::map();
    let mut n = 0;
    for s in data::scenarios().all() {
        for side in Side::BOTH {
            for p in &s.side(side).placements {
                let SetupLocation::Along { roads, from, to } = &p.location else {
                    continue;
                };
                let path = map
                    .path_along(roads, *from, *to)
                    .unwrap_or_else(|| panic!("{}: {} is not a road", s.id, p.book));
                assert_eq!(path.first(), Some(from));
                assert_eq!(path.last(), Some(to));
                for w in path.windows(2) {
                    assert!(
                        roads.iter().any(|r| map.road_links(r, w[0], w[1])),
                        "{}: {} breaks at {}",
                        s.id,
                        p.book,
                        w[1]
                    );
                }
                n += 1;
            }
        }
    }
    assert!(n >= 8, "{n}");
}

#[test]
fn scenario_4_ewell_between_a9_10_and_a15_10_along_the_orange_turnpike() {
    let (_, path, column) = stretch(ScenarioId::BattlesOfMay5th, Side::Confederate, "Ewell");
    assert!(!column);
    let expected: Vec<HexId> = (9..=15)
        .map(|c| HexId::new(data::Sheet::A, c, 10).expect("id"))
        .collect();
    assert_eq!(path, expected);
}

#[test]
fn scenario_6_ninth_corps_road_column_turns_from_the_germanna_plank_road_onto_the_turnpike() {
    let six = ScenarioId::SecondDay;
    let (r2, two, c2) = stretch(six, Side::Union, "Potter");
    let (r3, three, c3) = stretch(six, Side::Union, "Willcox");
    let (r1, one, c1) = stretch(six, Side::Union, "Stevenson");
    let (ra, whole, ca) = stretch(six, Side::Union, "Burnside");
    assert!(c1 && c2 && c3 && ca, "printed road columns");
    assert_eq!(r2, vec![RoadId::new("orange-turnpike")]);
    assert_eq!(r1, vec![RoadId::new("germanna-plank-road")]);
    assert_eq!(r3.len(), 2);
    assert_eq!(ra, r3);
    // 2/9 at the head on the Turnpike, 3/9 through the turn at A36.07, 1/9 at the tail
    assert_eq!(
        (two[0], *two.last().expect("end")),
        (h("A31.08"), h("A35.07"))
    );
    assert_eq!(
        (three[0], *three.last().expect("end")),
        (h("A36.07"), h("A34.11"))
    );
    assert_eq!(
        (one[0], *one.last().expect("end")),
        (h("A34.12"), h("A33.15"))
    );
    let map = data::map();
    assert!(
        map.adjacent(h("A35.07"), h("A36.07")),
        "2/9's tail touches 3/9's head"
    );
    assert!(
        map.adjacent(h("A34.11"), h("A34.12")),
        "3/9's tail touches 1/9's head"
    );
    let joined: Vec<HexId> = two.iter().chain(&three).chain(&one).copied().collect();
    assert_eq!(
        joined, whole,
        "Burnside's 'anywhere along the column' is the whole column"
    );
    assert_eq!(whole.len(), 15);
    assert!(
        map.hex(h("A36.07")).expect("hex").roads.len() >= 2,
        "the turn is a junction"
    );
    assert!(
        whole.contains(&h("A33.15")),
        "errata: the Germanna Plank Road through A33.15"
    );
}
