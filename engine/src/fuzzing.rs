//! The body of the fuzz targets that play a game (`fuzz/`), as a library function so that
//! the normal test suite runs it too, over a fixed corpus, without libfuzzer: [`play`] turns
//! arbitrary bytes into a set-up, a seed and a sequence of actions (mostly chosen among those
//! offered, some mutated, some arbitrary JSON, some from a side not asked) and checks after
//! each one what every match must keep.

use serde_json::{Map, Value};

use crate::catalog::{ChoiceKind, ChoiceScope, GameInfo};
use crate::dice::Seed;
use crate::error::PlayError;
use crate::game_match::Match;
use crate::rules::Rules;
use crate::setup::Setup;
use crate::side::{PerSide, Side, Viewer};

/// Most actions one input plays (keeps one execution short).
pub const MAX_ACTIONS: usize = 1000;

/// Every kind of viewer.
const VIEWERS: [Viewer; 4] = [
    Viewer::Seat(Side::Union),
    Viewer::Seat(Side::Confederate),
    Viewer::Spectator,
    Viewer::Omniscient,
];

/// The fuzzer's bytes, read from the front; zeros once they are used up.
pub struct Input<'a> {
    data: &'a [u8],
}

impl<'a> Input<'a> {
    /// Reads `data` from the start.
    pub fn new(data: &'a [u8]) -> Self {
        Input { data }
    }

    /// Whether every byte has been read.
    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    /// The next byte (0 once the input is used up).
    pub fn byte(&mut self) -> u8 {
        match self.data.split_first() {
            Some((first, rest)) => {
                self.data = rest;
                *first
            }
            None => 0,
        }
    }

    /// A number below `len` (0 when `len` is 0), from two bytes.
    pub fn below(&mut self, len: usize) -> usize {
        let wide = usize::from(u16::from_le_bytes([self.byte(), self.byte()]));
        wide.checked_rem(len).unwrap_or(0)
    }

    /// The next `n` bytes at most.
    pub fn take(&mut self, n: usize) -> &'a [u8] {
        let (head, rest) = self.data.split_at(n.min(self.data.len()));
        self.data = rest;
        head
    }
}

/// Plays the game `G` as `data` says and panics if a match breaks a promise: a refused action
/// must leave the match exactly as it was (its snapshot is compared); an accepted one moves
/// the sequence number on by one, came from a side asked to act (resignation aside), and
/// replays identically from its recorded form; after every action `invariants` holds, every
/// side asked to act has a prompt and actions, a finished game asks no one, every view and
/// every event's redaction is built, and a snapshot restores to the same match.
pub fn play<G: Rules>(data: &[u8], invariants: impl Fn(&G) -> Result<(), String>) {
    let mut input = Input::new(data);
    let setup = setup_from(&G::info(), &mut input);
    let mut bytes = [0u8; 32];
    let given = input.take(4);
    bytes[..given.len()].copy_from_slice(given);
    let seed = Seed::from_bytes(bytes);
    // A set-up the rules refuse (an option they cannot combine) is a fine answer.
    let Ok(mut game) = Match::<G>::new(&setup, &seed) else {
        return;
    };
    check(&game, &invariants);
    for n in 0..MAX_ACTIONS {
        if input.is_empty() {
            break;
        }
        let (side, action) = choose(&game, &mut input);
        step(&mut game, side, &action, &invariants);
        if n % 32 == 31 {
            check_snapshot(&game, &seed);
        }
        if game.outcome().is_some() {
            let late = game.play(side, &action);
            assert!(
                matches!(late, Err(PlayError::GameOver)),
                "a finished game took an action: {late:?}"
            );
            break;
        }
    }
    check_snapshot(&game, &seed);
}

/// A set-up of one of the game's scenarios, each option and secret choice from the input
/// (the defaults where the combination is refused).
fn setup_from(info: &GameInfo, input: &mut Input) -> Setup {
    let scenario = info.scenarios[input.below(info.scenarios.len())].id.clone();
    let mut choose = |scope: ChoiceScope| {
        let mut given = Map::new();
        for choice in info.choices.iter().filter(|c| c.scope == scope) {
            let value = match &choice.kind {
                ChoiceKind::Bool { .. } => Value::Bool(input.byte() & 1 == 1),
                ChoiceKind::Enum { values, .. } => {
                    Value::String(values[input.below(values.len())].id.clone())
                }
                ChoiceKind::Int { min, max, .. } => {
                    let span = (max - min).unsigned_abs().saturating_add(1);
                    let step = u64::from(input.byte()) % span;
                    Value::from(min.saturating_add_unsigned(step))
                }
            };
            given.insert(choice.id.clone(), value);
        }
        given
    };
    let options = choose(ChoiceScope::Option);
    let secrets = PerSide::from_fn(|side| choose(ChoiceScope::Secret(side)));
    let empty = Value::Object(Map::new());
    let options = info
        .resolve_options(&scenario, &Value::Object(options))
        .or_else(|_| info.resolve_options(&scenario, &empty))
        .expect("a scenario's defaults are valid");
    let secret_choices = PerSide::from_fn(|side| {
        info.resolve_secret_choices(&scenario, side, &Value::Object(secrets.get(side).clone()))
            .or_else(|_| info.resolve_secret_choices(&scenario, side, &empty))
            .expect("a scenario's default secret choices are valid")
    });
    Setup {
        scenario,
        options,
        secret_choices,
    }
}

/// Who acts and what it posts: mostly an offered action; sometimes one with a field
/// changed, arbitrary JSON, or an action from the side not asked.
fn choose<G: Rules>(game: &Match<G>, input: &mut Input) -> (Side, Value) {
    let op = input.byte();
    let to_act = game.to_act();
    let side = match to_act.as_slice() {
        [] => Side::BOTH[usize::from(op >> 7)],
        sides => sides[usize::from(op >> 4) % sides.len()],
    };
    let offered = game.offered(side);
    let pick = |input: &mut Input| offered.get(input.below(offered.len())).cloned();
    match op % 16 {
        0..=11 => (side, pick(input).unwrap_or_else(|| raw(input))),
        12 | 13 => {
            let mut action = pick(input).unwrap_or_else(|| raw(input));
            mutate(&mut action, input);
            (side, action)
        }
        14 => (side, raw(input)),
        _ => {
            let other = side.opponent();
            let theirs = game.offered(other);
            let action = theirs
                .get(input.below(theirs.len()))
                .cloned()
                .or_else(|| pick(input))
                .unwrap_or_else(|| raw(input));
            (other, action)
        }
    }
}

/// Arbitrary JSON from the input (a string when the bytes are not JSON).
pub fn raw(input: &mut Input) -> Value {
    let len = usize::from(input.byte());
    let bytes = input.take(len);
    serde_json::from_slice(bytes)
        .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(bytes).into_owned()))
}

/// Changes one field of an action (or any JSON object): another number, string or truth
/// value, a field removed or added, or the whole value replaced.
pub fn mutate(action: &mut Value, input: &mut Input) {
    let Value::Object(map) = action else {
        *action = raw(input);
        return;
    };
    let keys: Vec<String> = map.keys().cloned().collect();
    let how = input.byte();
    let Some(key) = keys.get(input.below(keys.len())).cloned() else {
        map.insert("type".into(), raw(input));
        return;
    };
    let field = map.get_mut(&key).expect("a key of the map");
    match how % 6 {
        0 => {
            map.remove(&key);
        }
        1 => {
            map.insert(format!("{key}_"), raw(input));
        }
        2 => {
            let by = i64::from(input.byte() as i8);
            *field = match field.as_i64() {
                Some(n) => Value::from(n.wrapping_add(by)),
                None => Value::from(by),
            };
        }
        3 => {
            let len = usize::from(input.byte() % 16);
            *field = Value::String(String::from_utf8_lossy(input.take(len)).into_owned());
        }
        4 => *field = Value::Bool(!field.as_bool().unwrap_or(false)),
        _ => *field = raw(input),
    }
}

/// Posts one action and checks what the match must keep, whether it takes it or not.
fn step<G: Rules>(
    game: &mut Match<G>,
    side: Side,
    action: &Value,
    invariants: &impl Fn(&G) -> Result<(), String>,
) {
    let before = game.clone();
    let asked = before.to_act();
    match game.play(side, action) {
        Ok(played) => {
            assert_eq!(
                played.seq,
                before.seq() + 1,
                "the sequence number moves by one"
            );
            assert_eq!(game.seq(), played.seq);
            assert_eq!(played.side, side);
            assert!(
                asked.contains(&side),
                "{side} was not asked to act but {action} was accepted"
            );
            // The store keeps `played.action` and replays it when the game is loaded.
            let mut again = before.clone();
            let replayed = again
                .replay(side, &played.action())
                .unwrap_or_else(|e| panic!("{} does not replay: {e}", played.action_json));
            assert_eq!(replayed, played, "the recorded action replays differently");
            assert_eq!(snapshot(&again), snapshot(game));
            // Each viewer is told the same from the typed events as from the stored ones.
            let stored = played.events();
            for viewer in VIEWERS {
                assert_eq!(
                    game.redact_played(&played, viewer),
                    Match::<G>::redact(&stored, viewer),
                    "{viewer:?} is told the action's events differently once stored"
                );
            }
            check(game, invariants);
        }
        Err(why) => {
            assert_eq!(
                snapshot(game),
                snapshot(&before),
                "refusing {action} ({why}) changed the match"
            );
        }
    }
}

/// What holds between any two actions.
fn check<G: Rules>(game: &Match<G>, invariants: &impl Fn(&G) -> Result<(), String>) {
    if let Err(why) = invariants(game.state()) {
        panic!("an invariant broke after action {}: {why}", game.seq());
    }
    let to_act = game.to_act();
    if game.outcome().is_some() {
        assert!(to_act.is_empty(), "a finished game asks {to_act:?} to act");
    }
    for side in Side::BOTH {
        let asked = to_act.contains(&side);
        assert_eq!(game.prompt(side).is_some(), asked, "{side}'s prompt");
        assert_eq!(!game.offered(side).is_empty(), asked, "{side}'s actions");
    }
    for viewer in VIEWERS {
        let view = game.view(viewer);
        assert!(view.is_object(), "a view is an object");
        if viewer.side().is_none() {
            assert_eq!(view["actions"], Value::Array(Vec::new()), "{viewer:?} acts");
        }
    }
}

/// A snapshot written to JSON and read back carries on as the same match.
fn check_snapshot<G: Rules>(game: &Match<G>, seed: &Seed) {
    let text = serde_json::to_string(&game.snapshot()).expect("snapshots serialise");
    let back = serde_json::from_str(&text).expect("a snapshot reads back");
    let restored = Match::<G>::restore(back, seed);
    assert_eq!(
        snapshot(&restored),
        snapshot(game),
        "a restored snapshot differs"
    );
    for viewer in VIEWERS {
        assert_eq!(
            restored.view(viewer),
            game.view(viewer),
            "{viewer:?}'s view"
        );
    }
}

fn snapshot<G: Rules>(game: &Match<G>) -> Value {
    serde_json::to_value(game.snapshot()).expect("snapshots serialise")
}

/// A fixed corpus for the smoke tests that run the fuzz targets' bodies in the normal test
/// suite: `count` inputs of up to `max_len` bytes from a seeded generator (xorshift), the
/// same on every machine.
pub fn corpus(count: usize, max_len: usize) -> Vec<Vec<u8>> {
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    (0..count)
        .map(|_| {
            let len = usize::try_from(next()).unwrap_or(0) % (max_len + 1);
            (0..len).map(|_| next().to_le_bytes()[0]).collect()
        })
        .collect()
}
