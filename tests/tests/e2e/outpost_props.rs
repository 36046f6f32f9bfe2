//! Properties of the engine on Outpost, without a server: changing one side's secrets never
//! changes the other side's view or the spectator's, and random legal playouts always end.

use adjutant_engine::{Match, PerSide, Seed, Setup, Side, Viewer};
use outpost::Outpost;
use proptest::prelude::*;
use serde_json::{Map, Value, json};

fn setup(union_decoy: u8, confederate_decoy: u8) -> Setup {
    let secret = |d: u8| {
        json!({"decoy": d.to_string()})
            .as_object()
            .cloned()
            .unwrap_or_else(Map::new)
    };
    Setup {
        scenario: "skirmish".into(),
        options: json!({"rounds": 3}).as_object().cloned().unwrap(),
        secret_choices: PerSide {
            union: secret(union_decoy),
            confederate: secret(confederate_decoy),
        },
    }
}

/// The `pick`-th offered action of the first side to act; an order carries that side's note
/// from `notes`.
fn step(m: &mut Match<Outpost>, pick: usize, notes: &PerSide<String>) -> Option<Vec<Value>> {
    let side = *m.to_act().first()?;
    let actions = m.offered(side);
    let mut action = actions[pick % actions.len()].clone();
    if action["type"] == "order" {
        action["note"] = Value::String(notes.get(side).clone());
    }
    Some(
        m.play(side, &action)
            .expect("an offered action is accepted")
            .events(),
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// The Confederate's decoy and order notes are its secrets: until the orders are
    /// revealed, the Union's view and the spectator's are the same whatever they are.
    #[test]
    fn confederate_secrets_never_change_the_union_or_spectator_view(
        union_decoy in 1u8..=3,
        decoys in (1u8..=3, 1u8..=3),
        notes in ("[a-z ]{0,20}", "[a-z ]{0,20}"),
        picks in prop::collection::vec(0usize..16, 1..60),
        seed in any::<[u8; 32]>(),
    ) {
        prop_assume!(decoys.0 != decoys.1);
        let seed = Seed::from_bytes(seed);
        let mut a = Match::<Outpost>::new(&setup(union_decoy, decoys.0), &seed).unwrap();
        let mut b = Match::<Outpost>::new(&setup(union_decoy, decoys.1), &seed).unwrap();
        let owner = Viewer::Seat(Side::Confederate);
        prop_assert_ne!(a.view(owner), b.view(owner), "the two games must differ for their owner");
        for pick in picks {
            for viewer in [Viewer::Seat(Side::Union), Viewer::Spectator] {
                prop_assert_eq!(a.view(viewer), b.view(viewer));
            }
            let note_a = PerSide { union: "hold".to_string(), confederate: notes.0.clone() };
            let note_b = PerSide { union: "hold".to_string(), confederate: notes.1.clone() };
            let Some(events_a) = step(&mut a, pick, &note_a) else { break };
            let Some(events_b) = step(&mut b, pick, &note_b) else { break };
            let revealed = events_a.iter().chain(&events_b).any(|e| e["type"] == "orders_revealed");
            if revealed {
                break;
            }
            for viewer in [Viewer::Seat(Side::Union), Viewer::Spectator] {
                prop_assert_eq!(
                    adjutant_engine::Match::<Outpost>::redact(&events_a, viewer),
                    adjutant_engine::Match::<Outpost>::redact(&events_b, viewer)
                );
            }
        }
    }

    /// The same for the Union's secrets, seen by the Confederate and spectators.
    #[test]
    fn union_secrets_never_change_the_confederate_or_spectator_view(
        decoys in (1u8..=3, 1u8..=3),
        picks in prop::collection::vec(0usize..16, 1..40),
        seed in any::<[u8; 32]>(),
    ) {
        prop_assume!(decoys.0 != decoys.1);
        let seed = Seed::from_bytes(seed);
        let mut a = Match::<Outpost>::new(&setup(decoys.0, 2), &seed).unwrap();
        let mut b = Match::<Outpost>::new(&setup(decoys.1, 2), &seed).unwrap();
        let owner = Viewer::Seat(Side::Union);
        prop_assert_ne!(a.view(owner), b.view(owner), "the two games must differ for their owner");
        for pick in picks {
            for viewer in [Viewer::Seat(Side::Confederate), Viewer::Spectator] {
                prop_assert_eq!(a.view(viewer), b.view(viewer));
            }
            let notes = PerSide { union: "same".to_string(), confederate: "same".to_string() };
            let Some(events_a) = step(&mut a, pick, &notes) else { break };
            let Some(events_b) = step(&mut b, pick, &notes) else { break };
            if events_a.iter().chain(&events_b).any(|e| e["type"] == "orders_revealed") {
                break;
            }
            for viewer in [Viewer::Seat(Side::Confederate), Viewer::Spectator] {
                prop_assert_eq!(
                    adjutant_engine::Match::<Outpost>::redact(&events_a, viewer),
                    adjutant_engine::Match::<Outpost>::redact(&events_b, viewer)
                );
            }
        }
    }

    /// Random legal playouts always end, someone is always asked to act until then, and a
    /// prompt always comes with actions.
    #[test]
    fn random_playouts_end_without_a_dead_end(
        decoys in (1u8..=3, 1u8..=3),
        picks in prop::collection::vec(0usize..64, 400),
        seed in any::<[u8; 32]>(),
    ) {
        let mut m = Match::<Outpost>::new(&setup(decoys.0, decoys.1), &Seed::from_bytes(seed)).unwrap();
        for pick in picks {
            if m.outcome().is_some() {
                break;
            }
            let to_act = m.to_act();
            prop_assert!(!to_act.is_empty(), "nobody can act but the game is not over");
            for side in to_act {
                prop_assert!(!m.offered(side).is_empty());
            }
            step(&mut m, pick, &PerSide { union: "u".into(), confederate: "c".into() });
        }
        let outcome = m.outcome();
        prop_assert!(outcome.is_some(), "3 rounds end within 400 actions");
        let score = outcome.unwrap().score.unwrap();
        prop_assert!(score.union >= 0 && score.union <= 7 && score.confederate >= 0 && score.confederate <= 7);
    }
}
