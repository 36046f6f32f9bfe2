//! The return of eliminated brigades through straggler recovery (S21.2, S24.1b; reference
//! 2.8.3): asked for in the Order Issue batch, marked on an hour turn, rolled in the Rally
//! Phase; secret until the brigade appears.

use adjutant_engine::{Match, Rules, Side, Viewer};
use bloody_roads_south::data::UnitId;
use bloody_roads_south::data::morale::MoraleState;
use bloody_roads_south::model::action::Action;
use bloody_roads_south::model::draft::ReturnDraft;
use bloody_roads_south::model::step::{CommandSegment, MovementSegment, Step};
use bloody_roads_south::model::unit::{Formation, Location};
use bloody_roads_south::stragglers::returns::RETURN_MIN_STRAGGLERS;
use bloody_roads_south::testing;
use bloody_roads_south::{BloodyRoadsSouth, Event};
use serde_json::Value;

use crate::fire_setup::{C, U, all, dice, hex, put, toward};

/// The eliminated Union brigade of these tests (D morale, 22 steps).
const BRIGADE: &str = "3/4/5";
/// An empty clearing hex (Wilderness Tavern) near its division leader, far from the enemy.
const TAVERN: &str = "A39.06";

/// An empty Sander's Field in the Union Order Issue of 1:00pm (an hour turn): Wadsworth in
/// A38.06, a Confederate brigade far off in A17.10, and 3/4/5 eliminated with 6 casualty and
/// `stragglers` straggler steps.
fn position(stragglers: u8) -> BloodyRoadsSouth {
    let mut g = crate::fire_setup::game();
    testing::set_step(
        &mut g,
        Step::Command {
            side: U,
            segment: CommandSegment::OrderIssue,
        },
    );
    put(&mut g, C, "Stwl/J/2", "A17.10", toward("A17.10", "A18.10"));
    testing::place(&mut g, U, "Wadsworth", "A38.06");
    testing::remove(&mut g, U, BRIGADE);
    testing::losses(&mut g, U, BRIGADE, 6, stragglers);
    g
}

fn ret(brigade: &str, at: &str) -> ReturnDraft {
    ReturnDraft {
        brigade: UnitId(brigade.into()),
        hex: hex(at),
    }
}

fn batch(returns: Vec<ReturnDraft>) -> Action {
    Action::IssueOrders {
        orders: Vec::new(),
        drop_goals: Vec::new(),
        retreats: Vec::new(),
        returns,
        entry_choices: Vec::new(),
    }
}

/// Posts the batch through the rules: its events, or the refusal.
fn post(g: &mut BloodyRoadsSouth, action: Action) -> Result<Vec<Event>, String> {
    let mut d = dice();
    BloodyRoadsSouth::apply(g, U, action, &mut d).map(|a| a.events)
}

fn key(g: &BloodyRoadsSouth) -> bloody_roads_south::model::unit::UnitKey {
    testing::key(g, U, BRIGADE)
}

#[test]
fn rule_s21_2_a_return_is_asked_in_the_order_issue_batch() {
    let mut g = position(12);
    let k = key(&g);
    assert!(
        g.return_hexes(k).contains(&hex(TAVERN)),
        "{:?}",
        g.return_hexes(k)
    );
    let menu = g.view(Viewer::Seat(U))["command"]["batch_menu"].clone();
    let entry = menu["entries"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["field"] == "returns")
        .cloned()
        .expect("a return entry");
    assert_eq!(entry["item"]["brigade"], BRIGADE);
    assert!(entry["item"]["hex"].is_null());
    assert!(
        entry["hexes"]
            .as_array()
            .unwrap()
            .contains(&Value::String(TAVERN.into()))
    );
    assert!(
        entry["label"]
            .as_str()
            .unwrap()
            .contains("12 straggler steps")
    );
    // Never in the opponent's or a spectator's view.
    for viewer in [Viewer::Seat(C), Viewer::Spectator] {
        assert!(!g.view(viewer).to_string().contains("batch_menu"));
    }
    let ev = post(&mut g, batch(vec![ret(BRIGADE, TAVERN)])).expect("accepted");
    let marker = g.returns(U)[0];
    assert_eq!(
        (marker.brigade, marker.hex, marker.placed),
        (k, hex(TAVERN), false)
    );
    assert!(all(&ev, Viewer::Seat(U)).contains("Return of the eliminated 3/4/5"));
    for viewer in [Viewer::Seat(C), Viewer::Spectator] {
        assert!(!all(&ev, viewer).contains("3/4/5"), "{}", all(&ev, viewer));
    }
    assert_eq!(
        g.view(Viewer::Seat(U))["command"]["returns"][0]["hex"],
        TAVERN
    );
}

#[test]
fn rule_s21_2_a_return_needs_two_straggler_steps() {
    assert_eq!(RETURN_MIN_STRAGGLERS, 2);
    let mut one = position(1);
    assert!(!one.may_return(key(&one)));
    assert!(one.return_hexes(key(&one)).is_empty());
    let err = post(&mut one, batch(vec![ret(BRIGADE, TAVERN)])).unwrap_err();
    assert!(err.contains("at least 2 straggler steps"), "{err}");
    assert!(one.returns(U).is_empty(), "nothing changed");
    let two = position(2);
    assert!(two.may_return(key(&two)));
    // A brigade on the map does not return.
    let mut alive = position(4);
    testing::place(&mut alive, U, BRIGADE, "A30.06");
    assert!(!alive.may_return(key(&alive)));
}

#[test]
fn rule_s21_2_the_hex_must_be_empty_clear_far_from_the_enemy_and_in_radius() {
    let g = position(6);
    let k = key(&g);
    let why = |g: &BloodyRoadsSouth, at: &str| g.return_problem(k, hex(at)).unwrap_or_default();
    assert_eq!(g.return_problem(k, hex(TAVERN)), None);
    // Not empty (even of a leader).
    assert!(why(&g, "A38.06").contains("not empty"));
    // A Wilderness hex with no road, trail or railroad (1.2f).
    let map = bloody_roads_south::data::map();
    let mut ring = vec![hex(TAVERN)];
    for _ in 0..4 {
        let next: Vec<_> = ring
            .iter()
            .flat_map(|&h| map.neighbours(h, g.maps()))
            .map(|(_, h)| h)
            .collect();
        ring.extend(next);
    }
    let wild = ring
        .into_iter()
        .find(|&h| {
            map.hex(h).is_some_and(|x| {
                x.terrain == bloody_roads_south::data::terrain::Terrain::Wilderness
                    && !x.has_road_feature(false)
            })
        })
        .expect("a roadless Wilderness hex near the tavern");
    assert!(why(&g, &wild.to_string()).contains("Wilderness"), "{wild}");
    // Within 3 hexes of an enemy combat unit.
    let mut near = g.clone();
    put(&mut near, C, "J/J/2", "A36.06", toward("A36.06", "A38.06"));
    assert!(why(&near, TAVERN).contains("within 3 hexes of the enemy"));
    // Out of the division leader's radius (4 leader MP), and with no leader at all.
    let far = g.return_hexes(k);
    assert!(!far.is_empty());
    let mut moved = g.clone();
    testing::place(&mut moved, U, "Wadsworth", "A30.20");
    assert!(why(&moved, TAVERN).contains("command radius"));
    let mut gone = g.clone();
    testing::remove(&mut gone, U, "Wadsworth");
    assert!(gone.return_hexes(k).is_empty());
    // A batch naming a bad hex is refused whole, with the reason.
    let mut bad = near.clone();
    let err = post(&mut bad, batch(vec![ret(BRIGADE, TAVERN)])).unwrap_err();
    assert!(
        err.contains("Return 1 of 1: 3/4/5 may not return in A39.06"),
        "{err}"
    );
    assert!(bad.returns(U).is_empty());
}

#[test]
fn rule_s21_2_a_batch_with_a_bad_return_is_refused_whole() {
    let mut g = position(6);
    let before = testing::state_json(&g);
    for returns in [
        vec![ret(BRIGADE, TAVERN), ret(BRIGADE, "A38.07")],
        vec![ret("Nobody", TAVERN)],
        vec![ret("1/4/5", TAVERN)],
    ] {
        let err = post(&mut g, batch(returns.clone())).unwrap_err();
        assert!(err.starts_with("Return "), "{err}");
        assert_eq!(testing::state_json(&g), before, "{returns:?}");
    }
}

#[test]
fn rule_s21_2_the_marker_is_placed_on_an_hour_turn_only() {
    let mut g = position(6);
    testing::set_turn(&mut g, "5 May 1:30pm");
    post(&mut g, batch(vec![ret(BRIGADE, TAVERN)])).expect("accepted");
    let mut d = dice();
    testing::recovery_markers(&mut g, U, &mut d);
    assert!(!g.returns(U)[0].placed, "not on a half-hour turn");
    testing::set_turn(&mut g, "5 May 2:00pm");
    let ev = testing::recovery_markers(&mut g, U, &mut d);
    assert!(g.returns(U)[0].placed);
    assert!(all(&ev, Viewer::Seat(U)).contains("marker placed in A39.06"));
    assert!(all(&ev, Viewer::Seat(C)).is_empty(), "the marker is secret");
}

#[test]
fn rule_s21_2_a_marker_whose_hex_no_longer_qualifies_is_dropped() {
    let mut g = position(6);
    post(&mut g, batch(vec![ret(BRIGADE, TAVERN)])).expect("accepted");
    testing::place(&mut g, U, "1/4/5", TAVERN);
    let mut d = dice();
    let ev = testing::recovery_markers(&mut g, U, &mut d);
    assert!(g.returns(U).is_empty());
    assert!(all(&ev, Viewer::Seat(U)).contains("cannot be placed: A39.06 is not empty"));
    assert!(all(&ev, Viewer::Seat(C)).is_empty());
}

/// The position with the marker placed, the Rally Phase's first Union die scripted.
fn marked(roll: u8) -> BloodyRoadsSouth {
    let mut g = position(6);
    post(&mut g, batch(vec![ret(BRIGADE, TAVERN)])).expect("accepted");
    let mut d = dice();
    testing::recovery_markers(&mut g, U, &mut d);
    assert!(g.returns(U)[0].placed);
    testing::set_step(&mut g, Step::Rally { side: U });
    testing::script_dice(&mut g, U, &[roll]);
    g
}

#[test]
fn rule_s21_2_the_brigade_returns_when_its_roll_recovers_a_step() {
    // D morale: a roll of 5 recovers 1 step.
    let mut g = marked(5);
    let mut d = dice();
    let ev = testing::rally(&mut g, U, &mut d);
    assert_eq!(testing::scripted_left(&g, U), 0);
    let u = testing::unit(&g, U, BRIGADE);
    assert_eq!(u.location(), Location::Map { hex: hex(TAVERN) });
    assert_eq!((u.casualties(), u.stragglers()), (6, 5), "casualties stay");
    assert_eq!(u.morale(), MoraleState::Normal);
    assert_eq!(u.formation(), Formation::Line);
    assert!(g.returns(U).is_empty(), "the marker is removed");
    let own = all(&ev, Viewer::Seat(U));
    assert!(own.contains("roll 5, 1 step recovered"), "{own}");
    for viewer in [Viewer::Seat(C), Viewer::Spectator] {
        let text = all(&ev, viewer);
        assert!(text.contains("returns to the map in A39.06"), "{text}");
        assert!(!text.contains("step"), "its strength is secret: {text}");
    }
    // The enemy sees the counter, not its losses.
    let stack = g.view(Viewer::Seat(C))["stacks"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["hex"] == TAVERN)
        .cloned()
        .expect("the returned brigade is seen");
    assert_eq!(stack["counters"][0]["id"], BRIGADE);
    assert!(!stack.to_string().contains("stragglers"));
}

#[test]
fn rule_s21_2_no_step_recovered_no_return() {
    // D morale: a roll of 4 recovers nothing.
    let mut g = marked(4);
    let mut d = dice();
    let ev = testing::rally(&mut g, U, &mut d);
    let u = testing::unit(&g, U, BRIGADE);
    assert_eq!(u.location(), Location::Gone);
    assert_eq!(u.stragglers(), 6);
    assert!(g.returns(U).is_empty());
    assert!(all(&ev, Viewer::Seat(U)).contains("no step recovered; it stays eliminated"));
    assert!(all(&ev, Viewer::Seat(C)).is_empty());
    // It may be asked again.
    assert!(g.may_return(key(&g)));
}

#[test]
fn rule_s21_2_a_marker_lost_before_the_roll_draws_no_die() {
    let mut g = marked(6);
    put(&mut g, C, "J/J/2", "A36.06", toward("A36.06", "A38.06"));
    let mut d = dice();
    let ev = testing::rally(&mut g, U, &mut d);
    assert_eq!(testing::unit(&g, U, BRIGADE).location(), Location::Gone);
    assert_eq!(testing::scripted_left(&g, U), 1, "no roll");
    assert!(all(&ev, Viewer::Seat(U)).contains("is lost"));
}

#[test]
fn rule_5_1a_a_returned_brigade_scores_by_its_casualties() {
    let awards = &crate::fire_setup::game().scenario().victory;
    let bloody_roads_south::data::scenario::VictoryRules::Points(awards) = awards else {
        panic!("Sander's Field scores points")
    };
    for (casualties, wrecked) in [(8u8, true), (2, false)] {
        let mut g = marked(5);
        testing::losses(&mut g, U, BRIGADE, casualties, 22 - casualties);
        let before = g.scenario_points(awards).0;
        let mut d = dice();
        testing::rally(&mut g, U, &mut d);
        assert!(testing::unit(&g, U, BRIGADE).on_map());
        assert_eq!(
            g.scenario_points(awards).0,
            before,
            "{casualties} casualties"
        );
        assert_eq!(
            g.brigade_wrecked(
                key(&g),
                bloody_roads_south::victory::wrecks::WreckCount::Victory
            ),
            wrecked
        );
    }
}

/// Plays `side`'s quickest action on both matches, checking what the Confederate player and
/// spectators read of it; returns false once the brigade has appeared in `a`.
fn step_both(a: &mut Match<BloodyRoadsSouth>, b: &mut Match<BloodyRoadsSouth>) -> bool {
    assert_eq!(a.seq(), b.seq(), "the same number of actions");
    assert_eq!(a.to_act(), b.to_act());
    let side = a.to_act()[0];
    let action = crate::support::next_finish(a, side);
    assert_eq!(action, crate::support::next_finish(b, side));
    let pa = crate::support::play_got(a, side, &action);
    let pb = crate::support::play_got(b, side, &action);
    if testing::unit(a.state(), U, BRIGADE).on_map() {
        return false;
    }
    for viewer in [Viewer::Seat(Side::Confederate), Viewer::Spectator] {
        assert_eq!(a.redact_played(&pa, viewer), b.redact_played(&pb, viewer));
        assert_eq!(a.view(viewer), b.view(viewer), "seq {}", a.seq());
    }
    true
}

#[test]
fn section_5_a_return_is_secret_until_the_brigade_appears() {
    // Two games of Sander's Field, one Union brigade eliminated with stragglers in both; in
    // one the Union asks for its return. The others see the same until it appears.
    let base = crate::support::union_order_issue(7);
    let prepare = |g: &mut BloodyRoadsSouth| {
        g.test_clear_map();
        let w = testing::key(g, U, "Wadsworth");
        g.test_place(
            U,
            "Wadsworth",
            "A38.06",
            Formation::None,
            g.unit(w).facing(),
        );
        put(g, C, "Stwl/J/2", "A17.10", toward("A17.10", "A18.10"));
        testing::remove(g, U, BRIGADE);
        testing::losses(g, U, BRIGADE, 6, 6);
    };
    let mut a = crate::support::edit(&base, 7, prepare);
    let mut b = crate::support::edit(&base, 7, prepare);
    let with = batch(vec![ret(BRIGADE, TAVERN)]);
    let pa = crate::support::play_got(&mut a, U, &with);
    let pb = crate::support::play_got(&mut b, U, &batch(Vec::new()));
    for viewer in [Viewer::Seat(Side::Confederate), Viewer::Spectator] {
        assert_eq!(a.redact_played(&pa, viewer), b.redact_played(&pb, viewer));
        assert_eq!(a.view(viewer), b.view(viewer));
    }
    assert_ne!(
        a.view(Viewer::Seat(U))["command"]["returns"],
        b.view(Viewer::Seat(U))["command"]["returns"]
    );
    // On to the Union Rally Phase: the marker is placed, then rolled.
    let mut steps = 0;
    let mut scripted = false;
    while !matches!(
        a.state().step(),
        Step::Command {
            side: Side::Confederate,
            ..
        }
    ) {
        if !scripted && a.state().step() == (Step::Fire { side: U, firer: U }) {
            // Before the last Union action, the Rally Phase's first Union die in both games
            // is made a 6, which recovers a step (D: 5-6).
            scripted = true;
            for m in [&mut a, &mut b] {
                let next = crate::support::edit(m, 7, |g| testing::script_dice(g, U, &[6]));
                *m = next;
            }
        }
        if !step_both(&mut a, &mut b) {
            break;
        }
        steps += 1;
        assert!(steps < 200);
        if a.state().step()
            == (Step::Movement {
                side: U,
                segment: MovementSegment::Move,
            })
        {
            assert!(a.state().returns(U).iter().any(|m| m.placed));
        }
    }
    let u = testing::unit(a.state(), U, BRIGADE);
    assert_eq!(u.hex(), Some(hex(TAVERN)), "the brigade has appeared");
    assert_eq!(
        testing::unit(b.state(), U, BRIGADE).location(),
        Location::Gone
    );
}
