//! Finished games made in-process, fast, for tests that need a long game on a server (to
//! import, replay or step through): a seeded random bot plays both sides through the
//! engine's match (now and then taking a move back), and the record is built from what it
//! played.

use adjutant_engine::{
    MetaAction, PerSide, RECORD_FORMAT, Record, RecordedAction, Registry, Seed, Setup, Side,
};
use serde_json::Value;

/// Most actions a bot game may take before it is called a bug.
const MOST_ACTIONS: usize = 50_000;

/// A scenario's set-up with every option and secret choice at its default.
pub fn default_setup(registry: &Registry, game: &str, scenario: &str) -> Setup {
    let info = registry.get(game).expect("a known game").info();
    let empty = Value::Object(Default::default());
    Setup {
        scenario: scenario.to_string(),
        options: info.resolve_options(scenario, &empty).expect("defaults"),
        secret_choices: PerSide::from_fn(|side| {
            info.resolve_secret_choices(scenario, side, &empty)
                .expect("defaults")
        }),
    }
}

/// The seed a test game number `n` is played from.
pub fn seed(n: u64) -> Seed {
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&n.to_le_bytes());
    Seed::from_bytes(bytes)
}

/// Plays `scenario` of `game` to its end from seed `n`, both sides choosing at random among
/// the actions offered (an undo one time in eight when offered), and returns the complete
/// record, "played" by `grant` (Union) and `pemberton`.
pub fn finished_record(registry: &Registry, game: &str, scenario: &str, n: u64) -> Record {
    let setup = default_setup(registry, game, scenario);
    let seed = seed(n);
    let kind = registry.get(game).expect("a known game");
    let mut played = kind.start(&setup, &seed).expect("the scenario sets up");
    let mut random = n.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = move || {
        random ^= random << 13;
        random ^= random >> 7;
        random ^= random << 17;
        random
    };
    let mut actions = Vec::new();
    while played.outcome().is_none() {
        assert!(actions.len() < MOST_ACTIONS, "the bot game does not end");
        let to_act = played.to_act();
        let side = to_act[next() as usize % to_act.len()];
        let mut offered = played.view(adjutant_engine::Viewer::Seat(side))["actions"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        let undo = offered
            .iter()
            .position(|a| MetaAction::parse(a) == Some(MetaAction::Undo));
        let choice = match undo {
            Some(i) if next() % 8 == 0 => offered.swap_remove(i),
            Some(i) => {
                offered.swap_remove(i);
                offered.swap_remove(next() as usize % offered.len())
            }
            None => offered.swap_remove(next() as usize % offered.len()),
        };
        let done = played
            .play(side, &choice)
            .expect("an offered action is taken");
        let events = done.events();
        actions.push(RecordedAction {
            seq: done.seq,
            side: done.side,
            action: Some(done.action()),
            rolls: Some(done.rolls),
            events,
            at: None,
            by_bot: false,
        });
    }
    Record {
        format: RECORD_FORMAT.to_string(),
        game_id: None,
        game: game.to_string(),
        scenario: scenario.to_string(),
        options: setup.options,
        secret_choices: PerSide::from_fn(|side: Side| Some(setup.secret_choices.get(side).clone())),
        seed_commitment: seed.commitment(),
        seed: Some(seed.to_hex()),
        players: PerSide {
            union: Some("grant".to_string()),
            confederate: Some("pemberton".to_string()),
        },
        actions,
        outcome: played.outcome(),
        clock: None,
    }
}
