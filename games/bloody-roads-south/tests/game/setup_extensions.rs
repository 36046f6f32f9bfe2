//! Extended lines at set-up (rule 6.0h; series 17.0; reference 6.0h): the `extensions` list of
//! `FinishSetUp`, checked whole on arrival with `Extend`'s legality, secret until the set-ups
//! are revealed.

use adjutant_engine::{Dice, Match, Rules, Seed, Side, Viewer};
use bloody_roads_south::data::{HexId, UnitId};
use bloody_roads_south::model::action::{SetUpExtension, SetUpFacing, SetUpFormation};
use bloody_roads_south::model::facing::Vertex;
use bloody_roads_south::model::unit::{Formation, UnitKind};
use bloody_roads_south::testing;
use bloody_roads_south::{Action, BloodyRoadsSouth};
use serde_json::json;

use crate::support::{edit, play, sanders_field};

const U: Side = Side::Union;
const C: Side = Side::Confederate;

/// Places every counter of `side` (and posts its pre-set orders), short of finishing.
fn place_all(m: &mut Match<BloodyRoadsSouth>, side: Side) {
    while let Some(a) = m
        .state()
        .legal_actions(side)
        .into_iter()
        .find(|a| matches!(a, Action::Place { .. } | Action::IssueOrders { .. }))
    {
        play(m, side, &a);
    }
}

fn finish(extensions: Vec<SetUpExtension>) -> Action {
    Action::FinishSetUp {
        facings: Vec::new(),
        formations: Vec::new(),
        extensions,
    }
}

fn ext(unit: &str, hex: HexId) -> SetUpExtension {
    SetUpExtension {
        unit: UnitId::new(unit),
        hex,
    }
}

/// The first extension the Union's view offers that the engine accepts as it stands.
fn a_legal_extension(m: &Match<BloodyRoadsSouth>) -> SetUpExtension {
    let view = m.view(Viewer::Seat(U));
    let menu = view["setup_extensions"]
        .as_array()
        .expect("the set-up extensions menu while Finish is offered");
    assert!(!menu.is_empty());
    menu.iter()
        .flat_map(|e| {
            let unit = e["unit"].as_str().expect("a unit").to_string();
            e["hexes"]
                .as_array()
                .expect("hexes")
                .iter()
                .map(move |h| ext(&unit, h.as_str().expect("a hex").parse().expect("a hex id")))
        })
        .find(|e| m.state().check_lists(U, &finish(vec![e.clone()])).is_ok())
        .expect("some brigade may extend as it stands")
}

/// The refusal of a posted action, checking that nothing changed.
fn refused(m: &mut Match<BloodyRoadsSouth>, action: &Action) -> String {
    let before = testing::state_json(m.state());
    let err = match m.play(U, &serde_json::to_value(action).expect("serialises")) {
        Ok(_) => panic!("{action:?} was accepted"),
        Err(e) => e.to_string(),
    };
    assert_eq!(testing::state_json(m.state()), before, "nothing changed");
    err
}

#[test]
fn rule_6_0h_a_brigade_sets_up_with_an_extended_line_secretly() {
    let mut a = sanders_field(71);
    place_all(&mut a, U);
    let mut b = sanders_field(71);
    place_all(&mut b, U);
    let e = a_legal_extension(&a);
    let k = a.state().key(U, &e.unit).expect("the brigade");
    let total = a.state().c_units(k);
    let pa = a
        .play(
            U,
            &serde_json::to_value(finish(vec![e.clone()])).expect("json"),
        )
        .expect("accepted");
    let pb = b
        .play(U, &serde_json::to_value(finish(Vec::new())).expect("json"))
        .expect("accepted");
    // The opponent and spectators learn nothing of it before the reveal: the same action
    // number, events and views.
    assert_eq!(pa.seq, pb.seq);
    for viewer in [Viewer::Seat(C), Viewer::Spectator] {
        assert_eq!(a.redact_played(&pa, viewer), b.redact_played(&pb, viewer));
        assert_eq!(a.view(viewer), b.view(viewer));
    }
    let g = a.state();
    let parts = g.parts_of(k);
    assert_eq!(parts.len(), 1);
    let part = parts[0];
    assert_eq!(g.unit(part).hex(), Some(e.hex));
    assert_eq!(g.unit(part).formation(), Formation::Line);
    assert!(!g.unit(part).marks().moved, "set up, not moved");
    // Split evenly, the remainder with the parent (S17.0).
    assert_eq!(g.c_units(part), total / 2);
    assert_eq!(g.c_units(k) + g.c_units(part), total);
    g.check_invariants().expect("consistent");
    // Revealed with the rest of the set-up.
    place_all(&mut a, C);
    play(&mut a, C, &finish(Vec::new()));
    assert!(a.state().unit(part).on_map());
    let seen = a.view(Viewer::Seat(C));
    let shown = seen["stacks"]
        .as_array()
        .expect("stacks")
        .iter()
        .any(|s| s["hex"] == json!(e.hex) && s["counters"][0]["extended_part"] == true);
    assert!(shown, "the part is on the opponent's map after the reveal");
}

#[test]
fn rule_6_0h_a_bad_extension_refuses_the_whole_set_up_naming_it() {
    let mut m = sanders_field(72);
    place_all(&mut m, U);
    let good = a_legal_extension(&m);
    let g = m.state();
    let k = g.key(U, &good.unit).expect("the brigade");
    let here = g.unit(k).hex().expect("on the map");
    let map = bloody_roads_south::data::map();
    let far = g
        .hexes_within(here, 2)
        .into_iter()
        .find(|&h| map.distance(here, h) == Some(2))
        .expect("a hex two away");
    let leader = g
        .keys()
        .find(|&o| {
            g.unit(o).side() == U && g.unit(o).kind() == UnitKind::Leader && g.unit(o).on_map()
        })
        .map(|o| g.unit(o).id().clone())
        .expect("a Union leader");
    let cases: Vec<(Action, &str)> = vec![
        (
            finish(vec![ext(leader.as_str(), good.hex)]),
            "not one of your brigades",
        ),
        (
            finish(vec![ext(good.unit.as_str(), far)]),
            "not a hex in play next to it",
        ),
        (
            finish(vec![good.clone(), good.clone()]),
            "already has a part there",
        ),
        (
            Action::FinishSetUp {
                facings: Vec::new(),
                formations: vec![SetUpFormation {
                    unit: good.unit.clone(),
                    formation: Formation::Column,
                }],
                extensions: vec![good.clone()],
            },
            "only a brigade in line",
        ),
    ];
    for (action, why) in cases {
        let err = refused(&mut m, &action);
        assert!(err.contains(why), "{err}");
        assert!(err.contains("Nothing was set up"), "{err}");
    }
    // A brigade below B may not extend at all.
    let last = m.state().brigade_data(k).expect("a brigade").steps - 1;
    let low = edit(&m, 72, |g| g.test_set_losses(k, last, 0));
    let low_fire = low.state().check_lists(U, &finish(vec![good.clone()]));
    let words = low_fire.expect_err("no fire level to extend").to_string();
    assert!(
        words.contains(good.unit.as_str()) && words.contains("fire level"),
        "{words}"
    );
    // The part's hex may be faced in the same list.
    let with_facing = Action::FinishSetUp {
        facings: vec![SetUpFacing {
            hex: good.hex,
            facing: Vertex::N_NE,
        }],
        formations: Vec::new(),
        extensions: vec![good.clone()],
    };
    play(&mut m, U, &with_facing);
    let part = m.state().parts_of(k)[0];
    assert_eq!(m.state().unit(part).facing(), Vertex::N_NE);
}

#[test]
fn rule_6_0h_old_clients_that_omit_the_list_still_finish() {
    let mut m = sanders_field(73);
    place_all(&mut m, U);
    m.play(
        U,
        &json!({"type": "finish_set_up", "facings": [], "formations": []}),
    )
    .expect("an old client's Finish setting up");
    assert!(m.state().legal_actions(U).is_empty(), "done");
}

#[test]
fn rule_6_0h_an_extension_into_a_hex_the_enemy_holds_is_withdrawn_at_the_reveal() {
    let mut m = sanders_field(74);
    place_all(&mut m, U);
    place_all(&mut m, C);
    let e = a_legal_extension(&m);
    // A Confederate brigade stands in the hex (the Union player cannot know it yet).
    let m2 = edit(&m, 74, |g| {
        let c = g
            .keys()
            .find(|&o| g.unit(o).side() == C && g.unit(o).kind() == UnitKind::Brigade)
            .expect("a Confederate brigade");
        let id = g.unit(c).id().as_str().to_string();
        testing::place(g, C, &id, &e.hex.to_string());
    });
    let mut m = m2;
    play(&mut m, U, &finish(vec![e.clone()]));
    let k = m.state().key(U, &e.unit).expect("the brigade");
    assert_eq!(
        m.state().parts_of(k).len(),
        1,
        "accepted: the enemy is secret"
    );
    let mut d = Dice::new(&Seed::from_bytes([5; 32]));
    let mut g = m.state().clone();
    let applied = g.apply(C, finish(Vec::new()), &mut d).expect("C finishes");
    assert!(g.parts_of(k).is_empty(), "withdrawn at the reveal");
    let own: Vec<String> = applied
        .events
        .iter()
        .filter_map(|ev| ev.sentence(Viewer::Seat(U)))
        .collect();
    assert!(own.iter().any(|s| s.contains("6.0h")), "{own:?}");
    let theirs: Vec<String> = applied
        .events
        .iter()
        .filter_map(|ev| ev.sentence(Viewer::Seat(C)))
        .collect();
    assert!(!theirs.iter().any(|s| s.contains("6.0h")), "{theirs:?}");
}
