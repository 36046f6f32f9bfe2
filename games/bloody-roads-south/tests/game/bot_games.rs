//! Seeded bot games of Sander's Field, each choosing uniformly among the engine's own legal
//! actions, played through `adjutant_engine::Match` to the end: no panic, someone can always
//! act until the end, no prompt without actions, every invariant after every action.

use adjutant_engine::{Match, Rules, Side};
use bloody_roads_south::BloodyRoadsSouth;
use bloody_roads_south::model::action::Action;

use crate::support::{Rng, sanders_field};

/// Actions a bot game may take before it is declared stuck.
const MAX_ACTIONS: u64 = 100_000;

/// Plays one game to its end, counting the batches that wrote orders and tried initiative.
pub fn play_out_counting(
    mut m: Match<BloodyRoadsSouth>,
    n: u64,
    written: &mut u32,
    tried: &mut u32,
) -> u64 {
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
        // A player composes his batches from his menu; a bot writes its move number as each
        // order's words (initiative may not re-issue, word for word, the order in delay, 10.2).
        let words = format!("Orders of move {}.", m.seq());
        action =
            bloody_roads_south::bot::fill(m.state(), side, &action, &mut |k| rng.below(k), &words);
        if let Action::LooseCannonOrder { text, .. } = &mut action {
            *text = words;
        }
        if matches!(&action, Action::IssueOrders { orders, .. } if !orders.is_empty()) {
            *written += 1;
        }
        if matches!(&action, Action::Initiative { attempts } if !attempts.is_empty()) {
            *tried += 1;
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
    let (mut written, mut tried) = (0, 0);
    for n in 0..20 {
        let actions = play_out_counting(sanders_field(n), n, &mut written, &mut tried);
        assert!(actions > 10, "game {n} ended after {actions} actions");
    }
    assert!(
        written > 10 && tried > 10,
        "bots fill their batches: {written} with orders, {tried} with attempts"
    );
}
