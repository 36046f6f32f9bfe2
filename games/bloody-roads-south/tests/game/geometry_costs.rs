//! The Movement Chart applied to single steps on the map (reference 3, "The Movement Chart";
//! rules 1.1, 1.2a, 1.2d, 1.3e, 1.4, 3.2; series 11.0, 16.0).

use bloody_roads_south::data::charts::cell::Halves;
use bloody_roads_south::data::charts::movement::MoveClass;
use bloody_roads_south::data::road::RoadClass;
use bloody_roads_south::data::{self, Direction, HexId, MapsUsed, Side, UnitId};
use bloody_roads_south::geometry::{Feature, Mover, Posture, Prohibited, Step, move_class};
use proptest::prelude::*;

use MoveClass::{
    ArmyTrain, ArtilleryLimbered as Art, CorpsWagon as Wagon, InfantryColumn as Column,
    InfantryLine as Line, Leader,
};

fn h(s: &str) -> HexId {
    s.parse().expect(s)
}

fn mover(class: MoveClass, maps: MapsUsed, railroad_found: bool) -> Mover<'static> {
    Mover {
        map: data::map(),
        chart: &data::charts().movement,
        maps,
        class,
        railroad_found,
    }
}

/// The cost in MP halves of entering `to` from `from` on both maps.
fn cost(class: MoveClass, from: &str, to: &str) -> Result<u16, Prohibited> {
    mover(class, MapsUsed::Both, false)
        .enter_cost(h(from), h(to))
        .map(|c| c.0)
}

fn step(class: MoveClass, from: &str, to: &str) -> Step {
    mover(class, MapsUsed::Both, false)
        .step(h(from), h(to))
        .expect("allowed")
}

#[test]
fn rule_1_2d_wilderness_and_clear_costs_by_column() {
    // A25.02 -> A24.02: level 3 Wilderness, no road, no stream
    for (class, halves) in [(Line, 6), (Column, 6), (Art, 10), (Leader, 4), (Wagon, 12)] {
        assert_eq!(cost(class, "A25.02", "A24.02"), Ok(halves), "{class:?}");
    }
    assert_eq!(
        cost(ArmyTrain, "A25.02", "A24.02"),
        Err(Prohibited::Terrain)
    );
    // within Sander's Field (clear), not along the Turnpike: A17.09 -> A17.10
    for class in [Line, Column, Art, Leader, Wagon] {
        assert_eq!(
            step(class, "A17.09", "A17.10"),
            Step {
                cost: Halves(2),
                along: None
            }
        );
    }
    assert_eq!(
        cost(ArmyTrain, "A17.09", "A17.10"),
        Err(Prohibited::Terrain)
    );
}

#[test]
fn rule_1_2a_road_cost_replaces_wilderness_cost() {
    // along the Orange Turnpike, A14.10 -> A15.10, both level-4 Wilderness
    for class in [Column, Art, Leader, Wagon, ArmyTrain] {
        assert_eq!(
            step(class, "A14.10", "A15.10"),
            Step {
                cost: Halves(1),
                along: Some(Feature::Road(RoadClass::Pike))
            },
            "{class:?}"
        );
    }
    // a line cannot use the road ("–"): it pays the Wilderness
    assert_eq!(
        step(Line, "A14.10", "A15.10"),
        Step {
            cost: Halves(6),
            along: None
        }
    );
    // the road rate is paid only along the road: A15.10 -> A15.11 leaves it
    assert_eq!(cost(Column, "A15.10", "A15.11"), Ok(6));
}

#[test]
fn rule_1_1_trails_have_their_own_row() {
    // Parker's Store Road across Wilderness Run, B13.32 -> B13.33 (level-4 Wilderness): the
    // trail plus its ford, against Wilderness plus the creek
    assert_eq!(cost(Column, "B13.32", "B13.33"), Ok(4)); // 1 + 1
    assert_eq!(cost(Art, "B13.32", "B13.33"), Ok(6)); // 2 + 1
    assert_eq!(cost(Leader, "B13.32", "B13.33"), Ok(1)); // 1/2 + 0
    assert_eq!(cost(Wagon, "B13.32", "B13.33"), Ok(6)); // 2 + 1
    assert_eq!(cost(Line, "B13.32", "B13.33"), Ok(8)); // 3 + 1
    // the ANVa train may not use trails ("P") nor enter the Wilderness
    assert_eq!(
        cost(ArmyTrain, "B13.32", "B13.33"),
        Err(Prohibited::Terrain)
    );
}

#[test]
fn s16_a_road_is_never_obliged_the_cheaper_way_is_taken() {
    // decision: limbered artillery along the Parker's Store trail into Chewning's clearing
    // pays the clear hex (1), not the trail (2), and it is not road movement
    assert_eq!(
        step(Art, "B10.26", "B11.27"),
        Step {
            cost: Halves(2),
            along: None
        }
    );
    // on equal costs the step is not road movement either
    assert_eq!(
        step(Column, "B10.26", "B11.27"),
        Step {
            cost: Halves(2),
            along: None
        }
    );
    // the leader's trail rate is cheaper
    assert_eq!(
        step(Leader, "B10.26", "B11.27"),
        Step {
            cost: Halves(1),
            along: Some(Feature::Road(RoadClass::Trail))
        }
    );
}

#[test]
fn rule_1_2d_creeks_bridges_and_fords() {
    // Wilderness Run away from any road: A25.02 -> A26.01 (level-3 Wilderness)
    for (class, halves) in [(Line, 8), (Column, 8), (Art, 14), (Leader, 4), (Wagon, 16)] {
        assert_eq!(cost(class, "A25.02", "A26.01"), Ok(halves), "{class:?}");
    }
    // the Turnpike bridge over Wilderness Run, A36.07 -> A37.07 (into the tavern clearing)
    for class in [Column, Art, Leader, Wagon, ArmyTrain] {
        assert_eq!(cost(class, "A36.07", "A37.07"), Ok(1), "{class:?}");
    }
    // a line fords the creek beside the bridge: clear 1 + creek 1
    assert_eq!(cost(Line, "A36.07", "A37.07"), Ok(4));
    // the Lacy-Tapp trail's ford, A32.05 -> A33.05 (clear both): trail 1 + ford 1 against
    // clear 1 + creek 1 for a column; the leader rides the trail for 1/2
    assert_eq!(
        step(Column, "A32.05", "A33.05"),
        Step {
            cost: Halves(4),
            along: None
        }
    );
    assert_eq!(cost(Leader, "A32.05", "A33.05"), Ok(1));
}

#[test]
fn rule_1_4_rapidan_crossed_only_at_the_ford_for_three_more_mp() {
    // Culpeper Mine Ford, A46.32:N on the Culpepper Mine Road (secondary)
    assert_eq!(cost(Column, "A46.32", "A46.33"), Ok(7)); // 1/2 + 3
    assert_eq!(cost(Leader, "A46.32", "A46.33"), Ok(7));
    assert_eq!(cost(Art, "A46.32", "A46.33"), Ok(7));
    assert_eq!(cost(Wagon, "A46.32", "A46.33"), Ok(8)); // 1 + 3
    assert_eq!(cost(ArmyTrain, "A46.32", "A46.33"), Ok(8));
    assert_eq!(cost(Line, "A46.32", "A46.33"), Ok(12)); // Wilderness 3 + 3
    assert_eq!(cost(Column, "A46.33", "A46.32"), Ok(7)); // either way
    // anywhere else the river may not be crossed
    let map = data::map();
    for (hex, d) in [
        ("A46.32", Direction::NE),
        ("A46.32", Direction::SE),
        ("A47.31", Direction::N),
    ] {
        let across = map
            .neighbour(h(hex), d, MapsUsed::Both)
            .expect("on the map");
        for class in [Line, Column, Art, Leader, Wagon, ArmyTrain] {
            assert_eq!(
                mover(class, MapsUsed::Both, false).enter_cost(h(hex), across),
                Err(Prohibited::Rapidan),
                "{hex}:{d} {class:?}"
            );
        }
    }
}

#[test]
fn rule_1_2d_each_level_climbed_costs_off_the_road() {
    // A17.09 (level 3, clear) -> A16.09 (level 4 Wilderness)
    for (class, halves) in [(Line, 8), (Column, 6), (Art, 12), (Leader, 4), (Wagon, 14)] {
        assert_eq!(cost(class, "A17.09", "A16.09"), Ok(halves), "{class:?}");
    }
    // downhill costs nothing more
    assert_eq!(cost(Line, "A16.09", "A17.09"), Ok(2));
    // up Ewell's ridge along the Turnpike, A17.10 -> A16.10: no climb along a road
    assert_eq!(cost(Art, "A17.10", "A16.10"), Ok(1));
    assert_eq!(cost(Line, "A17.10", "A16.10"), Ok(8)); // Wilderness 3 + climb 1
}

#[test]
fn rule_1_3e_the_railroad_is_a_trail_only_once_found() {
    // B2.22 -> B3.22 along the Unfinished Railroad (level-4 Wilderness)
    let found = |class| mover(class, MapsUsed::Both, true).step(h("B2.22"), h("B3.22"));
    let unknown = |class| mover(class, MapsUsed::Both, false).step(h("B2.22"), h("B3.22"));
    assert_eq!(
        found(Column),
        Ok(Step {
            cost: Halves(2),
            along: Some(Feature::Railroad)
        })
    );
    assert_eq!(
        unknown(Column),
        Ok(Step {
            cost: Halves(6),
            along: None
        })
    );
    assert_eq!(found(Art).map(|s| s.cost), Ok(Halves(4)));
    assert_eq!(unknown(Art).map(|s| s.cost), Ok(Halves(10)));
    assert_eq!(found(Leader).map(|s| s.cost), Ok(Halves(1)));
    assert_eq!(found(ArmyTrain), Err(Prohibited::Terrain));
}

#[test]
fn s16_movement_off_the_maps_in_use_is_prohibited() {
    let b_only = mover(Column, MapsUsed::B, false);
    // B17.35 is A23.01: on Map B's top edge when Map A is not used
    assert_eq!(
        b_only.enter_cost(h("B17.35"), h("A23.02")),
        Err(Prohibited::NotInPlay)
    );
    let both = mover(Column, MapsUsed::Both, false);
    assert_eq!(both.enter_cost(h("B17.35"), h("A23.02")), Ok(Halves(6)));
    assert_eq!(both.enter_cost(h("A23.01"), h("A23.02")), Ok(Halves(6)));
    assert_eq!(
        both.enter_cost(h("A14.10"), h("A16.10")),
        Err(Prohibited::NotAdjacent)
    );
    assert_eq!(
        both.enter_cost(h("A14.10"), h("A14.10")),
        Err(Prohibited::NotAdjacent)
    );
}

#[test]
fn rule_3_2_move_classes_by_kind_and_formation() {
    let oob = data::order_of_battle();
    let class = |side: Side, id: &str, posture: Posture| {
        move_class(oob.unit(side, &UnitId::new(id)).expect(id), posture)
    };
    use Posture::{Deployed, Marching};
    assert_eq!(class(Side::Union, "2/4/5", Deployed), Some(Line));
    assert_eq!(class(Side::Union, "2/4/5", Marching), Some(Column));
    assert_eq!(class(Side::Union, "2b-1", Marching), Some(Art));
    assert_eq!(class(Side::Union, "2b-1", Deployed), None);
    assert_eq!(class(Side::Union, "Hancock", Deployed), Some(Art));
    assert_eq!(class(Side::Union, "Meade", Deployed), Some(Leader));
    assert_eq!(class(Side::Union, "2 Corps HQ", Deployed), Some(Leader));
    assert_eq!(class(Side::Union, "2 Corps Supply", Deployed), Some(Wagon));
    assert_eq!(class(Side::Union, "Supply train", Marching), None);
    assert_eq!(
        class(Side::Confederate, "ANVa Supply", Marching),
        Some(ArmyTrain)
    );
    assert_eq!(class(Side::Confederate, "1 NC Cav", Marching), None);
}

const CLASSES: [MoveClass; 6] = [Line, Column, Art, Leader, Wagon, ArmyTrain];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn rule_1_2d_every_step_costs_at_least_half_and_is_finite(
        sheet in prop::sample::select(vec![data::Sheet::A, data::Sheet::B]),
        row in 1u8..=51,
        hex in 1u8..=35,
        d in prop::sample::select(Direction::ALL.to_vec()),
        k in 0usize..6,
        found in any::<bool>(),
    ) {
        let map = data::map();
        let from = HexId::new(sheet, row, hex).expect("valid");
        prop_assume!(map.contains(from));
        let Some(to) = map.neighbour(from, d, MapsUsed::Both) else {
            return Ok(());
        };
        let class = CLASSES[k];
        let result = mover(class, MapsUsed::Both, found).enter_cost(from, to);
        match result {
            Ok(c) => {
                prop_assert!(c >= Halves(1) && c <= Halves(24), "{from}->{to} {class:?}: {c}");
            }
            Err(Prohibited::Rapidan) => {
                prop_assert!(map.stream_between(from, to).is_some());
            }
            // only the ANVa train is kept off ground and creeks
            Err(e) => prop_assert!(class == ArmyTrain, "{from}->{to} {class:?}: {e:?}"),
        }
    }
}
