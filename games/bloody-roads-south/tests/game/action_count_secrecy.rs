//! Action-count non-interference (reference 5.2): every action is numbered for every viewer,
//! so two games that differ only in one side's secrets (the counters beneath a stack's top,
//! their formations, morale states, losses; the set-up's facings and formations) must give the
//! other side and spectators the same views, the same events and the same number of actions
//! for the same public course of play.

use adjutant_engine::Rules;
use adjutant_engine::{Match, Side, Viewer};
use bloody_roads_south::data::morale::MoraleState;
use bloody_roads_south::model::action::{SetUpFacing, SetUpFormation};
use bloody_roads_south::model::facing::Vertex;
use bloody_roads_south::model::unit::{Formation, UnitKind};
use bloody_roads_south::testing;
use bloody_roads_south::{Action, BloodyRoadsSouth};
use proptest::prelude::*;

use crate::fire_setup::{put, toward};
use crate::movement_board::hex;
use crate::support::{edit, sanders_field, set_up_quickly};

const U: Side = Side::Union;
const C: Side = Side::Confederate;

const STATES: [MoraleState; 4] = [
    MoraleState::BloodLust,
    MoraleState::Normal,
    MoraleState::Shaken,
    MoraleState::Disorganized,
];

/// Plays `in_a` in `a` and `in_b` in `b` and checks that `viewers` get the same of them: the
/// events, the view after, the action's number.
fn both(
    a: &mut Match<BloodyRoadsSouth>,
    b: &mut Match<BloodyRoadsSouth>,
    side: Side,
    (in_a, in_b): (&Action, &Action),
    viewers: &[Viewer],
) -> Result<(), TestCaseError> {
    let value = |x: &Action| serde_json::to_value(x).expect("serialises");
    let pa = a
        .play(side, &value(in_a))
        .unwrap_or_else(|e| panic!("{in_a:?} refused: {e}"));
    let pb = b
        .play(side, &value(in_b))
        .unwrap_or_else(|e| panic!("{in_b:?} refused: {e}"));
    prop_assert_eq!(pa.seq, pb.seq);
    for &viewer in viewers {
        prop_assert_eq!(
            a.redact_played(&pa, viewer),
            b.redact_played(&pb, viewer),
            "events of {:?} for {:?}",
            in_a,
            viewer
        );
        prop_assert_eq!(a.view(viewer), b.view(viewer), "view of {:?}", viewer);
    }
    Ok(())
}

/// The Union's secrets in a stack whose top is 2/1/5: who is beneath, the formation and
/// losses of the brigade beneath, everyone's morale.
#[derive(Debug, Clone)]
struct Beneath {
    griffin: bool,
    brigade: Option<(bool, u8)>,
    morale: u8,
    top_losses: u8,
}

fn beneath() -> impl Strategy<Value = Beneath> {
    (
        any::<bool>(),
        proptest::option::of((any::<bool>(), 4u8..=5)),
        0u8..4,
        0u8..=2,
    )
        .prop_map(|(griffin, brigade, morale, top_losses)| Beneath {
            griffin,
            brigade,
            morale,
            top_losses,
        })
}

/// Sander's Field at the Union's movement: the Union stack in A20.06 (2/1/5 on top, the rest
/// as `s` says), a Confederate brigade far off.
fn movement(s: &Beneath, n: u64) -> Match<BloodyRoadsSouth> {
    let mut m = sanders_field(n);
    set_up_quickly(&mut m);
    edit(&m, n, |g| {
        g.test_clear_map();
        g.test_place(C, "Ste/J/2", "A14.06", Formation::Line, Vertex::NE_SE);
        let state = STATES[usize::from(s.morale) % STATES.len()];
        if let Some((column, losses)) = s.brigade {
            let f = if column {
                Formation::Column
            } else {
                Formation::Line
            };
            let k = g.test_place(U, "1/2/5", "A20.06", f, Vertex::SW_NW);
            g.test_set_losses(k, losses, 0);
            g.test_set_morale(k, state);
        }
        if s.griffin {
            g.test_place(U, "Griffin", "A20.06", Formation::None, Vertex::SW_NW);
        }
        let top = g.test_place(U, "2/1/5", "A20.06", Formation::Line, Vertex::SW_NW);
        g.test_set_losses(top, s.top_losses, 0);
        g.test_set_morale(top, state);
        g.test_begin_movement(U);
    })
}

/// The `Pick` of 2/1/5 with every unit its owner's view lists as able to go with it.
fn pick_the_stack(m: &Match<BloodyRoadsSouth>) -> Action {
    let view = m.view(Viewer::Seat(U));
    let with = view["pickable"]
        .as_array()
        .and_then(|l| l.iter().find(|p| p["unit"] == "2/1/5"))
        .map(|p| serde_json::from_value(p["with"].clone()).expect("ids"))
        .expect("2/1/5 may move");
    Action::Pick {
        unit: bloody_roads_south::data::UnitId::new("2/1/5"),
        part: None,
        with,
    }
}

/// The Confederate stack in A17.10 (Stwl/J/2 on top, worn down to B or C by `top`'s losses
/// so that its hex has fire left, S12.0; brigades beneath as given: in line or column,
/// losses, morale) fires at 2/1/5 two hexes off; the roll (1+1) has no effect on the
/// columns its points reach.
fn fire(top: (u8, u8), below: &[(bool, u8, u8)], n: u64) -> Match<BloodyRoadsSouth> {
    let mut m = sanders_field(n);
    set_up_quickly(&mut m);
    let mut g = testing::empty_game("sanders-field", &[]);
    let at = toward("A17.10", "A19.10");
    for (id, &(column, losses, morale)) in ["J/J/2", "Ste/J/2"].iter().zip(below) {
        put(&mut g, C, id, "A17.10", at);
        testing::losses(&mut g, C, id, losses, 0);
        testing::morale(&mut g, C, id, STATES[usize::from(morale) % STATES.len()]);
        if column {
            testing::form(&mut g, C, id, Formation::Column);
        }
    }
    put(&mut g, C, "Stwl/J/2", "A17.10", at);
    testing::losses(&mut g, C, "Stwl/J/2", top.0, 0);
    testing::morale(
        &mut g,
        C,
        "Stwl/J/2",
        STATES[usize::from(top.1) % STATES.len()],
    );
    put(&mut g, U, "2/1/5", "A19.10", toward("A19.10", "A17.10"));
    testing::script_shared(&mut g, &[1, 1, 1]);
    edit(&m, n, |s| *s = g)
}

/// The offered `Fire` (every unit that may fire).
fn offered_fire(m: &Match<BloodyRoadsSouth>) -> Action {
    m.state()
        .legal_actions(C)
        .into_iter()
        .find(|a| matches!(a, Action::Fire { .. }))
        .expect("a fire is offered")
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, .. ProptestConfig::default() })]

    #[test]
    fn rule_5_2_a_stack_moves_in_as_many_actions_whatever_it_hides(
        a in beneath(),
        b in beneath(),
        n in 0u64..1000,
    ) {
        let (mut ma, mut mb) = (movement(&a, n), movement(&b, n));
        let watch = [Viewer::Seat(C), Viewer::Spectator];
        let (pa, pb) = (pick_the_stack(&ma), pick_the_stack(&mb));
        both(&mut ma, &mut mb, U, (&pa, &pb), &watch)?;
        let step = Action::Step { to: hex("A20.07") };
        both(&mut ma, &mut mb, U, (&step, &step), &watch)?;
        both(&mut ma, &mut mb, U, (&Action::EndMove, &Action::EndMove), &watch)?;
        let finish = Action::FinishMovement;
        both(&mut ma, &mut mb, U, (&finish, &finish), &watch)?;
    }

    #[test]
    fn rule_5_2_a_fire_takes_as_many_actions_whatever_the_firers_stack_hides(
        top in (7u8..=11, 0u8..4),
        a in proptest::collection::vec((any::<bool>(), 0u8..=3, 0u8..4), 0..=2),
        b in proptest::collection::vec((any::<bool>(), 0u8..=3, 0u8..4), 0..=2),
        n in 0u64..1000,
    ) {
        let (mut ma, mut mb) = (fire(top, &a, n), fire(top, &b, n));
        let watch = [Viewer::Seat(U), Viewer::Spectator];
        let target = Action::Target { hex: hex("A19.10") };
        both(&mut ma, &mut mb, C, (&target, &target), &watch)?;
        let (fa, fb) = (offered_fire(&ma), offered_fire(&mb));
        both(&mut ma, &mut mb, C, (&fa, &fb), &watch)?;
        prop_assert_eq!(testing::shared_left(ma.state()), 0);
        prop_assert_eq!(testing::shared_left(mb.state()), 0);
        let done = Action::FinishFire;
        both(&mut ma, &mut mb, C, (&done, &done), &watch)?;
    }

    #[test]
    fn rule_5_2_6_0_a_set_up_takes_as_many_actions_whatever_its_facings_and_formations(
        picks in proptest::collection::vec((any::<u16>(), 0usize..6, any::<bool>()), 0..8),
        n in 0u64..1000,
    ) {
        let (mut ma, mut mb) = (sanders_field(n), sanders_field(n));
        let watch = [Viewer::Seat(C), Viewer::Spectator];
        while let Some(place) = ma
            .state()
            .legal_actions(U)
            .into_iter()
            .find(|x| matches!(x, Action::Place { .. }))
        {
            both(&mut ma, &mut mb, U, (&place, &place), &watch)?;
        }
        // Game b's Union player chooses facings and formations; game a's keeps them.
        let g = mb.state();
        let units: Vec<_> = g
            .keys()
            .filter(|&k| g.unit(k).side() == U && g.unit(k).on_map())
            .filter(|&k| matches!(g.unit(k).kind(), UnitKind::Brigade | UnitKind::Battery))
            .collect();
        let (mut facings, mut formations): (Vec<SetUpFacing>, Vec<SetUpFormation>) =
            (Vec::new(), Vec::new());
        for (i, v, form) in picks {
            let k = units[usize::from(i) % units.len()];
            let u = g.unit(k);
            let at = u.hex().expect("on the map");
            if form && !formations.iter().any(|f| &f.unit == u.id()) {
                let formation = match u.formation() {
                    Formation::Line => Formation::Column,
                    Formation::Column => Formation::Line,
                    Formation::Unlimbered => Formation::Limbered,
                    _ => Formation::Unlimbered,
                };
                formations.push(SetUpFormation { unit: u.id().clone(), formation });
            } else if !form && !facings.iter().any(|f| f.hex == at) {
                facings.push(SetUpFacing { hex: at, facing: Vertex::ALL[v] });
            }
        }
        let plain = Action::FinishSetUp {
            facings: Vec::new(),
            formations: Vec::new(),
            extensions: Vec::new(),
        };
        let chosen = Action::FinishSetUp { facings, formations, extensions: Vec::new() };
        both(&mut ma, &mut mb, U, (&plain, &chosen), &watch)?;
        // The Confederate player sets up the same way and sees the same all along (the
        // set-ups are revealed together when he finishes, 6.0).
        while let Some(place) = ma
            .state()
            .legal_actions(C)
            .into_iter()
            .find(|x| matches!(x, Action::Place { .. }))
        {
            both(&mut ma, &mut mb, C, (&place, &place), &[Viewer::Seat(C), Viewer::Spectator])?;
        }
    }
}

#[test]
fn rule_5_2_the_fire_property_fires_with_hidden_firers_and_the_union_reads_the_roll() {
    let mut m = fire((8, 1), &[(false, 0, 1), (false, 3, 1)], 5);
    let target = Action::Target { hex: hex("A19.10") };
    m.play(C, &serde_json::to_value(&target).expect("serialises"))
        .expect("A19.10 is a target");
    let Action::Fire { firers } = offered_fire(&m) else {
        unreachable!()
    };
    // Stwl/J/2 at B (2 C units) leaves room in the hex's 1 A for J/J/2 (S12.0), not more.
    assert_eq!(firers.len(), 2, "{firers:?}");
    let played = m
        .play(
            C,
            &serde_json::to_value(offered_fire(&m)).expect("serialises"),
        )
        .expect("fires");
    let union = serde_json::to_string(&m.redact_played(&played, Viewer::Seat(U))).expect("json");
    assert!(union.contains("roll 1+1 = 2"), "{union}");
    assert!(!union.contains("fire points"), "{union}");
}
