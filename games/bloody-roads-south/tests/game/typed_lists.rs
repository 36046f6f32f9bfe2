//! The typed lists of one action (reference 5.2): a moving group is one `Pick`, a fire one
//! `Fire`, a set-up's facings and formations go with `FinishSetUp`; a bad list refuses the
//! whole action in words, and nothing changes.

use adjutant_engine::{Dice, Rules, Seed, Side, Viewer};
use bloody_roads_south::data::UnitId;
use bloody_roads_south::data::morale::MoraleState;
use bloody_roads_south::model::action::{SetUpFacing, SetUpFormation};
use bloody_roads_south::model::facing::Vertex;
use bloody_roads_south::model::unit::Formation;
use bloody_roads_south::refusal::Refusal;
use bloody_roads_south::testing;
use bloody_roads_south::{Action, BloodyRoadsSouth};

use crate::fire_combat::{fire_with, offered_firers};
use crate::fire_setup::{dice, put, toward};
use crate::movement_board::{Board, hex, pick};
use crate::support::{play, sanders_field};

const U: Side = Side::Union;
const C: Side = Side::Confederate;

/// Applies `action`, expecting a refusal; checks that nothing changed.
fn refused(g: &mut BloodyRoadsSouth, side: Side, action: Action) -> String {
    let before = testing::state_json(g);
    let mut d = Dice::new(&Seed::from_bytes([9; 32]));
    let err = match g.apply(side, action.clone(), &mut d) {
        Ok(_) => panic!("{action:?} was accepted"),
        Err(e) => e,
    };
    assert_eq!(
        testing::state_json(g),
        before,
        "a refused action changes nothing"
    );
    err
}

#[test]
fn s12_a_stack_moves_as_one_pick_whatever_its_size() {
    let mut b = Board::empty(40);
    let top = b.place(U, "2/1/5", "A20.06", Formation::Line, Vertex::SW_NW);
    let griffin = b.place(U, "Griffin", "A20.06", Formation::None, Vertex::SW_NW);
    let below = b.place(U, "1/2/5", "A20.06", Formation::Line, Vertex::SW_NW);
    b.g.test_set_losses(below, 4, 0);
    b.begin(U);
    // The offer is the unit alone; the mover's view lists who may go with it.
    assert!(b.is_offered(U, &pick("2/1/5", &[])));
    let view = b.g.view(Viewer::Seat(U));
    let entry = view["pickable"]
        .as_array()
        .and_then(|l| l.iter().find(|p| p["unit"] == "2/1/5"))
        .cloned()
        .expect("2/1/5 may be picked");
    assert_eq!(
        entry["with"],
        serde_json::json!(["1/2/5", "Griffin"]),
        "top first"
    );
    for viewer in [Viewer::Seat(C), Viewer::Spectator] {
        assert!(b.g.view(viewer).get("pickable").is_none(), "{viewer:?}");
    }
    b.pick_with(U, "2/1/5", &["Griffin", "1/2/5"]);
    assert_eq!(
        b.g.moving().expect("a group moves").units(),
        &[top, griffin, below]
    );
    b.step(U, "A20.07");
    b.act(U, Action::EndMove);
    for k in [top, griffin, below] {
        assert_eq!(b.unit(k).hex(), Some(hex("A20.07")));
        assert!(b.unit(k).marks().moved);
    }
    assert_eq!(b.g.at(hex("A20.07"))[0], top, "the picked unit on top");
}

#[test]
fn s12_a_pick_naming_a_unit_that_may_not_go_is_refused_whole_and_changes_nothing() {
    let mut b = Board::empty(41);
    b.place(U, "2/1/5", "A20.06", Formation::Line, Vertex::SW_NW);
    b.place(U, "Griffin", "A20.06", Formation::None, Vertex::SW_NW);
    let routed = b.place(U, "1/2/5", "A20.06", Formation::Line, Vertex::SW_NW);
    b.g.test_set_losses(routed, 4, 0);
    b.g.test_set_morale(routed, MoraleState::Routed);
    b.place(U, "3/1/5", "A22.06", Formation::Line, Vertex::SW_NW);
    b.begin(U);
    for with in [
        vec!["Griffin", "1/2/5"],   // routed: it retreats only (S24.1b)
        vec!["3/1/5"],              // another hex
        vec!["Griffin", "Griffin"], // twice
        vec!["Nobody"],
    ] {
        let err = refused(&mut b.g, U, pick("2/1/5", &with));
        assert!(err.contains("cannot move with this group"), "{err}");
        assert!(err.contains("Nothing was moved"), "{err}");
    }
    assert_eq!(
        b.g.check_lists(U, &pick("2/1/5", &["3/1/5"])),
        Err(Refusal::NotAStackMate {
            unit: UnitId::new("3/1/5"),
            hex: hex("A20.06"),
        })
    );
    assert!(b.g.moving().is_none());
}

/// Stwl/J/2 and J/J/2 in A17.10 with 2b-1, all facing 2/1/5 in A18.10.
fn battery_and_brigades() -> BloodyRoadsSouth {
    let mut g = testing::empty_game("sanders-field", &[]);
    let at = toward("A17.10", "A18.10");
    put(&mut g, C, "2b-1", "A17.10", at);
    put(&mut g, C, "Stwl/J/2", "A17.10", at);
    put(&mut g, C, "J/J/2", "A16.10", toward("A16.10", "A18.10"));
    put(&mut g, U, "2/1/5", "A18.10", toward("A18.10", "A17.10"));
    g
}

#[test]
fn s20_3_one_fire_action_offers_every_eligible_firer_and_fires_with_those_posted() {
    let mut g = battery_and_brigades();
    let mut d = dice();
    testing::play(&mut g, C, Action::Target { hex: hex("A18.10") }, &mut d);
    let all = offered_firers(&g);
    assert!(all.contains(&"Stwl/J/2".to_string()) && all.contains(&"2b-1".to_string()));
    // The firer's own view lists each with its points; nobody else's does.
    let own = g.view(Viewer::Seat(C));
    let listed: Vec<&str> = own["fire"]["firers"]
        .as_array()
        .expect("the fire in the firer's view")
        .iter()
        .filter_map(|f| f["id"].as_str())
        .collect();
    assert_eq!(listed.len(), all.len(), "{own}");
    assert!(own["fire"]["firers"][0]["points"].is_string());
    for viewer in [Viewer::Seat(U), Viewer::Spectator] {
        assert!(g.view(viewer).get("fire").is_none(), "{viewer:?}");
    }
    testing::script_shared(&mut g, &[1, 1, 1]);
    testing::play(&mut g, C, fire_with(&["2b-1"]), &mut d);
    assert_eq!(testing::shared_left(&g), 0, "three shared dice, as always");
    assert!(testing::unit(&g, C, "2b-1").marks().fired);
    assert!(!testing::unit(&g, C, "Stwl/J/2").marks().fired, "left out");
}

#[test]
fn s20_3_a_bad_firer_list_is_refused_whole_and_changes_nothing() {
    let mut g = battery_and_brigades();
    put(&mut g, C, "Ste/J/2", "A14.10", toward("A14.10", "A18.10"));
    let mut d = dice();
    testing::play(&mut g, C, Action::Target { hex: hex("A18.10") }, &mut d);
    let empty = refused(&mut g, C, fire_with(&[]));
    assert!(empty.contains("at least one unit"), "{empty}");
    for bad in [
        vec!["2b-1", "Ste/J/2"], // out of range
        vec!["2b-1", "2b-1"],    // twice
        vec!["2/1/5"],           // not his
    ] {
        let err = refused(&mut g, C, fire_with(&bad));
        assert!(err.contains("cannot fire at A18.10"), "{err}");
        assert!(err.contains("Nothing was fired"), "{err}");
    }
    assert!(g.fire().is_some(), "the target is still chosen");
}

#[test]
fn s6_0_facings_and_formations_go_with_finish_set_up_and_a_bad_list_is_refused_whole() {
    let mut m = sanders_field(42);
    while let Some(a) = m
        .state()
        .legal_actions(U)
        .into_iter()
        .find(|a| matches!(a, Action::Place { .. }))
    {
        play(&mut m, U, &a);
    }
    let offered = m.state().legal_actions(U);
    assert!(
        !offered.iter().any(|a| matches!(a, Action::Place { .. })),
        "every counter placed"
    );
    let g = m.state();
    let (k, at) = g
        .keys()
        .filter(|&k| g.unit(k).side() == U && g.unit(k).kind().is_combat())
        .find_map(|k| g.unit(k).hex().map(|h| (k, h)))
        .expect("a Union brigade or battery on the map");
    let unit = g.unit(k).id().clone();
    let kind_formation = match g.unit(k).formation() {
        Formation::Line => Formation::Column,
        Formation::Column => Formation::Line,
        Formation::Unlimbered => Formation::Limbered,
        _ => Formation::Unlimbered,
    };
    let finish = |facings: Vec<SetUpFacing>, formations: Vec<SetUpFormation>| Action::FinishSetUp {
        facings,
        formations,
        extensions: Vec::new(),
    };
    let face = SetUpFacing {
        hex: at,
        facing: Vertex::N_NE,
    };
    let form = SetUpFormation {
        unit: unit.clone(),
        formation: kind_formation,
    };
    let mut g = m.state().clone();
    for bad in [
        finish(vec![face.clone(), face.clone()], vec![]),
        finish(
            vec![SetUpFacing {
                hex: hex("A01.01"),
                facing: Vertex::N_NE,
            }],
            vec![],
        ),
        finish(vec![], vec![form.clone(), form.clone()]),
        finish(
            vec![],
            vec![SetUpFormation {
                unit: unit.clone(),
                formation: Formation::None,
            }],
        ),
    ] {
        let err = refused(&mut g, U, bad);
        assert!(err.contains("Nothing was set up"), "{err}");
    }
    play(&mut m, U, &finish(vec![face], vec![form]));
    let g = m.state();
    assert_eq!(g.unit(k).formation(), kind_formation);
    for o in g.at(at) {
        assert_eq!(g.unit(o).facing(), Vertex::N_NE, "the whole stack faces");
    }
    assert!(m.state().legal_actions(U).is_empty(), "done");
}
