//! Fairness (issue 19): two states that differ only in the other side's secrets give the
//! opponent the identical input and the identical choice. Positions are taken along seeded
//! random games of 6.1 and 6.2; the variant adds casualties to every face-down enemy combat
//! unit (their present strength is never shown to the seat, S4.4g) and changes his dummy pool's
//! count where it can. Over 1,000 positions are checked.

use adjutant_engine::{Dice, PerSide, Rules, Seed, Setup, Side, Viewer};
use mississippi_fortress::MississippiFortress;
use mississippi_fortress::situation::Situation;
use mississippi_fortress_ai::{AiRng, Budget, Level, decide_with_budget};
use serde_json::Value;

/// The offered actions as a client receives them: each action with its label.
fn offered(game: &MississippiFortress, side: Side) -> Vec<Value> {
    game.legal_actions(side)
        .iter()
        .map(|a| {
            let mut v = serde_json::to_value(a).expect("actions serialise");
            v["label"] = Value::String(game.label(side, a));
            v
        })
        .collect()
}

/// `game` with every face-down combat unit of `enemy` on the map one SP weaker.
fn with_other_secrets(game: &MississippiFortress, enemy: Side) -> Option<MississippiFortress> {
    let mut s = Situation::new(game.clone());
    let mut changed = false;
    for (k, c) in game.counters().iter().enumerate() {
        if c.side() == enemy && c.on_map() && !c.face_up() && c.present() > 1 {
            let casualties = c.casualties() + 1;
            s = s.counter(k, |e| e.set_casualties(casualties));
            changed = true;
        }
    }
    if !changed {
        return None;
    }
    s.build().ok()
}

#[test]
fn the_opponent_sees_only_its_own_view() {
    let mut checked = 0u32;
    let mut differing_secrets = 0u32;
    for (n, scenario) in
        (0..60u64).map(|n| (n, ["champion-hill", "grants-land-campaign"][n as usize % 2]))
    {
        let setup = Setup {
            scenario: scenario.into(),
            options: Default::default(),
            secret_choices: PerSide::default(),
        };
        let mut dice = Dice::new(&Seed::from_bytes([n as u8; 32]));
        let mut game = MississippiFortress::setup(&setup, &mut dice).expect("sets up");
        let mut pick = AiRng::new(n);
        for step in 0..400u32 {
            if game.outcome().is_some() {
                break;
            }
            let Some(side) = Side::BOTH
                .into_iter()
                .find(|&s| !game.legal_actions(s).is_empty())
            else {
                break;
            };
            if step % 16 == 0
                && let Some(variant) = with_other_secrets(&game, side.opponent())
            {
                let (va, vb) = (
                    game.view(Viewer::Seat(side)),
                    variant.view(Viewer::Seat(side)),
                );
                // The variant is a real difference of secrets: the enemy's own view sees it.
                assert_ne!(
                    game.view(Viewer::Seat(side.opponent())),
                    variant.view(Viewer::Seat(side.opponent()))
                );
                differing_secrets += 1;
                // Identical input...
                assert_eq!(
                    va, vb,
                    "game {n}: the seat's view shows the enemy's secrets"
                );
                let (oa, ob) = (offered(&game, side), offered(&variant, side));
                assert_eq!(oa, ob);
                // ...so identical choices, at every level, for the same seed. (The movement
                // hypotheses, each a single determinization drawn from the view, are capped
                // at two to keep the test short in a debug build: their count is all that
                // differs from the level's own budget.)
                for level in Level::ALL {
                    let budget = Budget {
                        hypotheses: level.budget().hypotheses.min(2),
                        ..level.budget()
                    };
                    let decide = |v: &Value, o: &[Value]| {
                        decide_with_budget(side, v, o, budget, &mut AiRng::new(u64::from(step)))
                    };
                    let (a, b) = (decide(&va, &oa), decide(&vb, &ob));
                    assert_eq!(a, b, "game {n}, step {step}: {level:?} chose differently");
                    checked += 1;
                }
            }
            let actions = game.legal_actions(side);
            let action = actions[pick.below(actions.len())].clone();
            game.apply(side, action, &mut dice)
                .expect("a legal action applies");
        }
    }
    assert!(
        checked >= 1_000,
        "only {checked} decisions checked ({differing_secrets} positions)"
    );
}
