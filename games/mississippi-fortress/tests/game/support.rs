//! Test support: games of scenario 6.1 set up through the engine, a small seeded generator for
//! bot choices, and helpers that play actions and find counters.

use adjutant_engine::{Dice, Match, PerSide, Rules, Seed, Setup, Side};
use mississippi_fortress::MississippiFortress;
use mississippi_fortress::actions::Action;
use mississippi_fortress::data::AreaId;
use mississippi_fortress::sequence::Step;
use mississippi_fortress::situation::Situation;
use mississippi_fortress::state::{Kind, Place};
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

/// The set-up of any scenario with options.
pub fn setup_for(scenario: &str, options: Value) -> Setup {
    Setup {
        scenario: scenario.into(),
        ..setup_with(options)
    }
}

/// The set-up of `scenario` with every option it offers turned on.
pub fn setup_with_every_option(scenario: &str) -> Setup {
    let options: Map<String, Value> = mississippi_fortress::catalog::game_info()
        .choices
        .iter()
        .filter(|c| c.scenarios.iter().any(|s| s == scenario))
        .map(|c| (c.id.clone(), Value::Bool(true)))
        .collect();
    setup_for(scenario, Value::Object(options))
}

/// A game of any scenario with options and its dice, right after set-up.
pub fn new_scenario(scenario: &str, options: Value, n: u64) -> (MississippiFortress, Dice) {
    let mut dice = Dice::new(&seed(n));
    let game = MississippiFortress::setup(&setup_for(scenario, options), &mut dice)
        .unwrap_or_else(|e| panic!("{scenario} sets up: {e}"));
    (game, dice)
}

/// A ship's place by its name: `"A3"`, `"Y1"`, `"north-edge"`.
pub fn node(s: &str) -> mississippi_fortress::naval::Node {
    s.parse().expect("a node")
}

/// Puts a ship (by id) on the river at `at`, wherever it was (4.15, 7.21a).
pub fn put_ship(game: &mut MississippiFortress, id: &str, at: &str) -> usize {
    edit(game, |s| s.ship_at(id, node(at)));
    game.ship_index(id).expect("a ship")
}

/// `side` starts a naval stack at `from` and takes `ships` into it (S12.1).
pub fn sail(
    game: &mut MississippiFortress,
    dice: &mut Dice,
    side: Side,
    from: &str,
    ships: &[&str],
) {
    play(game, dice, side, Action::SailFrom { node: node(from) });
    for s in ships {
        play(
            game,
            dice,
            side,
            Action::TakeShip {
                ship: s.to_string(),
            },
        );
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
    game.apply(side, action, dice)
        .expect("an offered action applies");
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
                        | Action::Halt
                        | Action::Cancel
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
    assert!(
        pred(game),
        "the condition was never reached (step {:?})",
        game.step()
    );
}

/// The key of a counter by id.
pub fn key(game: &MississippiFortress, id: &str) -> usize {
    game.key(id).unwrap_or_else(|| panic!("no counter {id}"))
}

/// Area shorthand.
pub fn area(n: u8) -> AreaId {
    AreaId(n)
}

/// A 6.1 game past the set-up dummies (none placed), at the Union arrival segment of Turn 13.
pub fn lab(n: u64) -> (MississippiFortress, Dice) {
    lab_with(n, json!({}))
}

/// The same with options.
pub fn lab_with(n: u64, options: Value) -> (MississippiFortress, Dice) {
    let mut dice = Dice::new(&seed(n));
    let mut game =
        MississippiFortress::setup(&setup_with(options), &mut dice).expect("6.1 sets up");
    act(&mut game, &mut dice, Side::Confederate, Action::FinishSetUp);
    act(&mut game, &mut dice, Side::Union, Action::FinishSetUp);
    assert_eq!(game.step(), Step::Arrival(Side::Union));
    (game, dice)
}

/// A game of any scenario past the set-up dummies (none placed), at the Union arrival segment
/// of its first turn.
pub fn scenario_lab(scenario: &str, n: u64, options: Value) -> (MississippiFortress, Dice) {
    let mut dice = Dice::new(&seed(n));
    let mut game = MississippiFortress::setup(&setup_for(scenario, options), &mut dice)
        .unwrap_or_else(|e| panic!("{scenario} sets up: {e}"));
    act(&mut game, &mut dice, Side::Confederate, Action::FinishSetUp);
    act(&mut game, &mut dice, Side::Union, Action::FinishSetUp);
    assert_eq!(game.step(), Step::Arrival(Side::Union));
    (game, dice)
}

/// Changes `game` through the position builder ([`Situation`]); the result must build.
pub fn edit(game: &mut MississippiFortress, change: impl FnOnce(Situation) -> Situation) {
    *game = change(Situation::new(game.clone()))
        .build()
        .unwrap_or_else(|e| panic!("the situation does not build: {e}"));
}

/// Takes every land counter off the map (dummies to their pools) and sinks nothing: the
/// ships stay where they are unless `ships` is false, in which case they leave the river too.
pub fn clear(game: &mut MississippiFortress, ships: bool) {
    edit(game, |s| s.clear_map());
    if !ships {
        ships_leave_the_river(game);
    }
}

/// Every ship leaves the river: no ship is on an arrow or in an off-map box (why a ship is
/// off the river, if it is, stays as it was).
pub fn ships_leave_the_river(game: &mut MississippiFortress) {
    let count = game.ships().len();
    edit(game, |s| {
        (0..count).fold(s, |s, i| s.ship(i, |ship| ship.set_at(None)))
    });
}

/// Puts a counter (by id) in an Area, at full strength unless it was reduced.
pub fn put(game: &mut MississippiFortress, id: &str, area_number: u8) -> usize {
    edit(game, |s| s.put(id, area(area_number)));
    key(game, id)
}

/// Takes every land counter out of an Area: they are gone.
pub fn empty_area(game: &mut MississippiFortress, area_number: u8) {
    let there: Vec<usize> = (0..game.counters().len())
        .filter(|&k| game.counters()[k].area() == Some(area(area_number)))
        .collect();
    edit(game, |s| {
        there.iter().fold(s, |s, &k| s.place(k, Place::Gone))
    });
}

/// Puts one of `side`'s dummies in an Area.
pub fn put_dummy(game: &mut MississippiFortress, side: Side, area_number: u8) -> usize {
    let k = game
        .counters()
        .iter()
        .position(|c| c.side() == side && c.kind() == Kind::Dummy && c.place() == Place::Pool)
        .expect("a dummy in the pool");
    edit(game, |s| s.put(k, area(area_number)));
    k
}

/// The area a counter stands in.
pub fn where_is(game: &MississippiFortress, id: &str) -> Option<u8> {
    game.counters()[key(game, id)].area().map(|a| a.number())
}

/// Event texts (public and secret) of an applied action, joined.
pub fn texts(events: &[mississippi_fortress::Event]) -> String {
    events
        .iter()
        .map(|e| {
            format!(
                "{} {}",
                e.text,
                e.secret.as_ref().map(|s| s.text.as_str()).unwrap_or("")
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Applies an offered action and returns its events.
pub fn play(
    game: &mut MississippiFortress,
    dice: &mut Dice,
    side: Side,
    action: Action,
) -> Vec<mississippi_fortress::Event> {
    let offered = game.legal_actions(side);
    assert!(
        offered.contains(&action),
        "{action:?} is not offered to the {side} player: {offered:?} (prompt {:?})",
        game.prompt(side)
    );
    game.apply(side, action, dice)
        .expect("an offered action applies")
        .events
}

/// Dice whose rolls are known in advance: a seed found so that the next rolls are `wanted`.
pub fn dice_rolling(wanted: &[u8]) -> Dice {
    for n in 0..2_000_000u64 {
        let mut probe = Dice::new(&seed(n));
        if wanted.iter().all(|&w| probe.d6() == w) {
            return Dice::new(&seed(n));
        }
    }
    panic!("no seed gives the rolls {wanted:?}");
}
