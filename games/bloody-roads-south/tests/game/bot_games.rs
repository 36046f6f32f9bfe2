//! Seeded bot games of Sander's Field, each choosing uniformly among the engine's own legal
//! actions, played through `adjutant_engine::Match` to the end: no panic, someone can always
//! act until the end, no prompt without actions, every invariant after every action.

use adjutant_engine::{Match, Rules, Side};
use bloody_roads_south::BloodyRoadsSouth;
use bloody_roads_south::model::action::Action;
use bloody_roads_south::model::order::Receiver;

use crate::support::{Rng, sanders_field};

/// Hexes of Map A an army HQ may be ordered to.
const HQ_DESTINATIONS: [&str; 3] = ["A32.08", "A30.07", "A28.09"];

/// Actions a bot game may take before it is declared stuck.
const MAX_ACTIONS: u64 = 100_000;

/// Plays one game to its end; returns the number of actions.
pub fn play_out(mut m: Match<BloodyRoadsSouth>, n: u64) -> u64 {
    let mut rng = Rng(n ^ 0x5eed);
    while m.outcome().is_none() {
        assert!(m.seq() < MAX_ACTIONS, "game {n} does not end");
        let to_act = m.to_act();
        assert!(
            !to_act.is_empty(),
            "game {n}: nobody can act at {:?}",
            m.state().step()
        );
        for side in Side::BOTH {
            assert_eq!(
                m.state().prompt(side).is_some(),
                !m.state().legal_actions(side).is_empty(),
                "game {n}: a prompt without actions for {side}"
            );
        }
        let side = to_act[rng.below(to_act.len())];
        let actions = m.state().legal_actions(side);
        let mut action = actions[rng.below(actions.len())].clone();
        // A player fills an order's free parts; an army HQ's move must name its destination.
        if let Action::WriteOrder {
            receiver: Receiver::ArmyHq(_),
            objective,
            ..
        } = &mut action
        {
            *objective = Some(
                HQ_DESTINATIONS[rng.below(HQ_DESTINATIONS.len())]
                    .parse()
                    .unwrap(),
            );
        }
        // A player writes each order's words; a bot writes its move number (initiative may not
        // re-issue, word for word, the order in delay, 10.2).
        if let Action::WriteOrder { text, .. }
        | Action::GiveOrder { text, .. }
        | Action::LooseCannonOrder { text, .. } = &mut action
        {
            *text = format!("Orders of move {}.", m.seq());
        }
        let action = &action;
        let value = serde_json::to_value(action).expect("actions serialise");
        if let Err(e) = m.play(side, &value) {
            panic!("game {n}: {action:?} was refused: {e}");
        }
        if let Err(e) = m.state().check_invariants() {
            panic!("game {n}, action {}: {e} (after {action:?})", m.seq());
        }
    }
    m.seq()
}

#[test]
fn sanders_field_bot_games_reach_their_result() {
    for n in 0..20 {
        let actions = play_out(sanders_field(n), n);
        assert!(actions > 10, "game {n} ended after {actions} actions");
    }
}
