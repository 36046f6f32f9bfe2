//! What each viewer reads of fire (reference section 5), and the non-interference property:
//! two games differing only in one side's secrets (losses, stragglers, morale states, Low
//! Ammo) look the same to the other side and to spectators until the rules reveal something.

use adjutant_engine::{Dice, Rules, Seed, Viewer};
use bloody_roads_south::data::morale::MoraleState;
use bloody_roads_south::events::EventKind;
use bloody_roads_south::testing;
use bloody_roads_south::{Action, BloodyRoadsSouth, Event};
use proptest::prelude::*;

use crate::fire_setup::*;

#[test]
fn section_5_fire_firer_reads_points_target_roll_and_result_spectators_the_roll() {
    let mut g = game();
    put(&mut g, C, "Stwl/J/2", "A17.10", toward("A17.10", "A18.10"));
    put(&mut g, U, "2/1/5", "A18.10", toward("A18.10", "A17.10"));
    testing::script_shared(&mut g, &[5, 4, 1]);
    testing::script_dice(&mut g, U, &[1, 2, 1]);
    let mut d = dice();
    let mut ev = testing::play(&mut g, C, Action::Target { hex: hex("A18.10") }, &mut d);
    ev.extend(testing::play(
        &mut g,
        C,
        Action::Fire {
            firers: vec![bloody_roads_south::data::UnitId::new("Stwl/J/2")],
        },
        &mut d,
    ));
    let firer = all(&ev, Viewer::Seat(C));
    let target = all(&ev, Viewer::Seat(U));
    let public = all(&ev, Viewer::Spectator);
    assert!(
        firer
            .contains("4 fire points, column 3–4; no shifts: column 3–4; roll 5+4 = 9. Result: 1."),
        "{firer}"
    );
    assert!(
        !firer.contains("Losses"),
        "the firer does not read the target's losses: {firer}"
    );
    assert!(!firer.contains("Morale check"), "{firer}");
    assert!(target.contains("roll 5+4 = 9. Result: 1."), "{target}");
    assert!(
        !target.contains("fire points") && !target.contains("column"),
        "{target}"
    );
    assert!(target.contains("Losses in A18.10"), "{target}");
    assert!(target.contains("Morale check"), "{target}");
    assert_eq!(
        public,
        "Confederate fire from A17.10 at A18.10: roll 5+4 = 9."
    );
    // Afterwards, the whole story for everyone.
    assert!(all(&ev, Viewer::Omniscient).contains("fire points"));
}

/// The Union secrets of one brigade.
#[derive(Debug, Clone)]
struct Secrets {
    casualties: u8,
    stragglers: u8,
    morale: MoraleState,
    low_ammo: bool,
}

fn secrets() -> impl Strategy<Value = Secrets> {
    (
        0u8..=4,
        0u8..=3,
        prop_oneof![
            Just(MoraleState::BloodLust),
            Just(MoraleState::Normal),
            Just(MoraleState::Shaken),
            Just(MoraleState::Disorganized),
        ],
        any::<bool>(),
    )
        .prop_map(|(casualties, stragglers, morale, low_ammo)| Secrets {
            casualties,
            stragglers,
            morale,
            low_ammo,
        })
}

const UNION: [(&str, &str); 3] = [
    ("2/1/5", "A18.10"),
    ("3/1/5", "A17.11"),
    ("1/2/5", "A18.09"),
];

/// The same position with the Union brigades' secrets as given: the Confederates in the
/// Union player turn's defensive fire.
fn position(s: &[Secrets]) -> BloodyRoadsSouth {
    let mut g = game();
    put(&mut g, C, "2b-1", "A17.10", toward("A17.10", "A18.10"));
    put(&mut g, C, "Stwl/J/2", "A17.10", toward("A17.10", "A18.10"));
    put(&mut g, C, "J/J/2", "A17.09", toward("A17.09", "A18.09"));
    for ((id, at), sec) in UNION.iter().zip(s) {
        put(&mut g, U, id, at, toward(at, "A17.10"));
        testing::losses(&mut g, U, id, sec.casualties, sec.stragglers);
        testing::morale(&mut g, U, id, sec.morale);
        testing::low_ammo(&mut g, U, id, sec.low_ammo);
    }
    g
}

/// True when the rules showed the other side or spectators something that comes from the
/// secrets: a retreat or rout, an elimination, a leader lost, a question for the Union.
fn revealing(g: &BloodyRoadsSouth, events: &[Event]) -> bool {
    !g.decisions().is_empty()
        || events.iter().any(|e| {
            matches!(e.kind, EventKind::Retreat | EventKind::Leader)
                || e.text.contains("eliminated")
        })
}

fn redacted(events: &[Event], viewer: Viewer) -> Vec<serde_json::Value> {
    events.iter().filter_map(|e| e.redact(viewer)).collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn section_5_union_secrets_do_not_reach_the_confederates_or_spectators(
        a in proptest::collection::vec(secrets(), 3),
        b in proptest::collection::vec(secrets(), 3),
        choices in proptest::collection::vec(any::<u16>(), 12),
        seed in any::<u8>(),
    ) {
        let (mut ga, mut gb) = (position(&a), position(&b));
        let (mut da, mut db) = (
            Dice::new(&Seed::from_bytes([seed; 32])),
            Dice::new(&Seed::from_bytes([seed; 32])),
        );
        for choice in choices {
            // Action lists never depend on the enemy's secrets.
            let offered = ga.legal_actions(C);
            prop_assert_eq!(&offered, &gb.legal_actions(C));
            prop_assert!(ga.legal_actions(U).is_empty() && gb.legal_actions(U).is_empty());
            for viewer in [Viewer::Seat(C), Viewer::Spectator] {
                prop_assert_eq!(ga.view(viewer), gb.view(viewer));
            }
            if offered.is_empty() || offered == vec![Action::FinishFire] {
                break;
            }
            // Keep firing: never finish while there is a target.
            let choosable: Vec<&Action> =
                offered.iter().filter(|a| **a != Action::FinishFire).collect();
            let action = choosable[usize::from(choice) % choosable.len()].clone();
            let ea = BloodyRoadsSouth::apply(&mut ga, C, action.clone(), &mut da).unwrap().events;
            let eb = BloodyRoadsSouth::apply(&mut gb, C, action, &mut db).unwrap().events;
            // Spectators read only the rolls: always the same.
            if revealing(&ga, &ea) || revealing(&gb, &eb) {
                break;
            }
            prop_assert_eq!(redacted(&ea, Viewer::Spectator), redacted(&eb, Viewer::Spectator));
            // The firer reads the results of his fire (section 5); nothing else may differ.
            let keep = |evs: &[Event]| -> Vec<serde_json::Value> {
                redacted(
                    &evs.iter().filter(|e| e.kind != EventKind::Fire).cloned().collect::<Vec<_>>(),
                    Viewer::Seat(C),
                )
            };
            prop_assert_eq!(keep(&ea), keep(&eb));
            prop_assert_eq!(
                ea.iter().filter(|e| e.kind == EventKind::Fire && e.sentence(Viewer::Seat(C)).is_some()).count(),
                eb.iter().filter(|e| e.kind == EventKind::Fire && e.sentence(Viewer::Seat(C)).is_some()).count()
            );
        }
    }
}
