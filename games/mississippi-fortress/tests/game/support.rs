//! Test support: games of scenario 6.1 set up through the engine, a small seeded generator for
//! bot choices, and helpers that play actions and find counters.

use adjutant_engine::{Dice, Match, PerSide, Rules, Seed, Setup, Side};
use mississippi_fortress::MississippiFortress;
use mississippi_fortress::actions::Action;
use mississippi_fortress::data::AreaId;
use serde_json::{Map, Value, json};

/// SplitMix64: a tiny deterministic generator for bot choices.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// The set-up of 6.1 with options.
pub fn setup_with(options: Value) -> Setup {
    let options: Map<String, Value> = options.as_object().cloned().unwrap_or_default();
    Setup {
        scenario: "champion-hill".into(),
        options,
        secret_choices: PerSide::default(),
    }
}

/// A seed from a number.
pub fn seed(n: u64) -> Seed {
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&n.to_le_bytes());
    bytes[8..16].copy_from_slice(&(!n).to_le_bytes());
    Seed::from_bytes(bytes)
}

/// A 6.1 match through the engine.
pub fn new_match(n: u64) -> Match<MississippiFortress> {
    Match::new(&setup_with(json!({})), &seed(n)).expect("6.1 sets up")
}

/// A 6.1 game and its dice, for rule tests that drive the state directly.
pub fn new_game(n: u64) -> (MississippiFortress, Dice) {
    let mut dice = Dice::new(&seed(n));
    let game = MississippiFortress::setup(&setup_with(json!({})), &mut dice).expect("6.1 sets up");
    (game, dice)
}

/// Applies an action that must be legal.
pub fn act(game: &mut MississippiFortress, dice: &mut Dice, side: Side, action: Action) {
    let offered = game.legal_actions(side);
    assert!(
        offered.contains(&action),
        "{action:?} is not offered to the {side} player: {offered:?} (prompt {:?})",
        game.prompt(side)
    );
    game.apply(side, action, dice).expect("an offered action applies");
}

/// Plays `side`'s finishing actions until `pred` holds or nothing is left to finish.
pub fn finish_until(
    game: &mut MississippiFortress,
    dice: &mut Dice,
    pred: impl Fn(&MississippiFortress) -> bool,
) {
    for _ in 0..500 {
        if pred(game) {
            return;
        }
        let mut acted = false;
        for side in Side::BOTH {
            let actions = game.legal_actions(side);
            let finish = actions.iter().find(|a| {
                matches!(
                    a,
                    Action::FinishSetUp
                        | Action::FinishArrival
                        | Action::FinishEmbarkation
                        | Action::FinishMovement
                        | Action::FinishDisembarkation
                        | Action::FinishTransfers
                        | Action::FinishProbes
                        | Action::FinishDeclarations
                        | Action::StandAndFight
                        | Action::EndBattle
                )
            });
            if let Some(a) = finish.cloned().or_else(|| actions.first().cloned()) {
                game.apply(side, a, dice).expect("applies");
                acted = true;
                break;
            }
        }
        if !acted {
            break;
        }
    }
    assert!(pred(game), "the condition was never reached (step {:?})", game.step);
}

/// The key of a counter by id.
pub fn key(game: &MississippiFortress, id: &str) -> usize {
    game.key(id).unwrap_or_else(|| panic!("no counter {id}"))
}

/// Area shorthand.
pub fn area(n: u8) -> AreaId {
    AreaId(n)
}
