//! Tests of the engine with a tiny race game: `step` moves one square (no dice), `roll`
//! moves a die's worth, `pass` hands the turn over; the first to square 10 wins.

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::*;

mod draw;
mod offered_fit;
mod replay_quiet;
mod shared_texts;
mod told;

thread_local! {
    /// How many times this thread's races listed their legal actions.
    static ENUMERATIONS: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
    /// How many labels this thread's races made.
    static LABELS: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

#[derive(Clone, Debug, Serialize, Deserialize)]
struct Race {
    squares: [u32; 2],
    turn: Side,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
enum RaceAction {
    Step,
    Roll,
    Pass,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
enum RaceEvent {
    Moved { side: Side, by: u32 },
    Passed { side: Side },
}

impl Rules for Race {
    type Action = RaceAction;
    type Event = RaceEvent;

    fn info() -> GameInfo {
        GameInfo {
            id: "race".into(),
            name: "Race".into(),
            description: "A test race.".into(),
            scenarios: vec![ScenarioInfo {
                id: "sprint".into(),
                name: "Sprint".into(),
                description: String::new(),
                turns: 0,
            }],
            choices: vec![],
        }
    }

    fn setup(_: &Setup, _: &mut Dice) -> Result<Self, String> {
        Ok(Race {
            squares: [0, 0],
            turn: Side::Union,
        })
    }

    fn prompt(&self, side: Side) -> Option<String> {
        (side == self.turn).then(|| "step, roll or pass".to_string())
    }

    fn legal_actions(&self, side: Side) -> Vec<RaceAction> {
        ENUMERATIONS.with(|n| n.set(n.get() + 1));
        if side == self.turn {
            vec![RaceAction::Step, RaceAction::Roll, RaceAction::Pass]
        } else {
            vec![]
        }
    }

    /// `step` is told without listing (as a game tells its frequent actions); the rest are
    /// left to the list.
    fn offered_fit(&self, side: Side, posted: &RaceAction) -> Option<RaceAction> {
        (side == self.turn && *posted == RaceAction::Step).then_some(RaceAction::Step)
    }

    fn label(&self, _: Side, action: &RaceAction) -> String {
        LABELS.with(|n| n.set(n.get() + 1));
        format!("{action:?}")
    }

    fn irrevocable(&self, _: Side, action: &RaceAction) -> bool {
        *action == RaceAction::Pass
    }

    fn apply(
        &mut self,
        side: Side,
        action: RaceAction,
        dice: &mut Dice,
    ) -> Result<Applied<RaceEvent>, String> {
        let by = match action {
            RaceAction::Step => 1,
            RaceAction::Roll => u32::from(dice.d6()),
            RaceAction::Pass => {
                self.turn = side.opponent();
                return Ok(Applied::quiet(vec![RaceEvent::Passed { side }]));
            }
        };
        self.squares[side.index()] += by;
        Ok(Applied::quiet(vec![RaceEvent::Moved { side, by }]))
    }

    fn view(&self, _: Viewer) -> Value {
        json!({"squares": self.squares, "turn": self.turn})
    }

    fn redact(_: &RaceEvent, _: Viewer) -> Told<impl Serialize> {
        Told::<()>::Whole
    }

    fn outcome(&self) -> Option<Outcome> {
        Side::BOTH
            .into_iter()
            .find(|s| self.squares[s.index()] >= 10)
            .map(|winner| Outcome {
                winner: Some(winner),
                reason: EndReason::Rules,
                summary: format!("{winner} wins the race"),
                score: None,
            })
    }
}

fn new_match() -> Match<Race> {
    Match::new(
        &Setup {
            scenario: "sprint".into(),
            ..Setup::default()
        },
        &Seed::from_bytes([9; 32]),
    )
    .unwrap()
}

fn has_undo(m: &Match<Race>, side: Side) -> bool {
    m.offered(side).iter().any(|a| a["type"] == "undo")
}

#[test]
fn offered_actions_carry_labels_and_are_accepted_back_unchanged() {
    let mut m = new_match();
    let offered = m.offered(Side::Union);
    assert_eq!(offered.len(), 3);
    assert_eq!(offered[0], json!({"type": "step", "label": "Step"}));
    let played = m.play(Side::Union, &offered[0]).unwrap();
    assert_eq!(played.seq, 1);
    assert_eq!(played.action(), json!({"type": "step"}));
    assert_eq!(m.state().squares, [1, 0]);
}

#[test]
fn refused_actions_leave_the_match_untouched() {
    let mut m = new_match();
    let before = serde_json::to_value(m.snapshot()).unwrap();
    assert_eq!(
        m.play(Side::Confederate, &json!({"type": "step"})),
        Err(PlayError::NotYourTurn(Side::Confederate))
    );
    assert!(matches!(
        m.play(Side::Union, &json!({"type": "fly"})),
        Err(PlayError::NotOffered(_))
    ));
    assert!(matches!(
        m.play(Side::Union, &json!("step")),
        Err(PlayError::NotOffered(_))
    ));
    assert!(matches!(
        m.play(Side::Union, &json!({"type": "undo"})),
        Err(PlayError::NotOffered(_))
    ));
    assert_eq!(serde_json::to_value(m.snapshot()).unwrap(), before);
    assert_eq!(m.seq(), 0);
}

#[test]
fn undo_takes_back_own_moves_but_never_past_a_roll() {
    let mut m = new_match();
    m.play(Side::Union, &json!({"type": "step"})).unwrap();
    m.play(Side::Union, &json!({"type": "step"})).unwrap();
    assert!(has_undo(&m, Side::Union));
    let undone = m.play(Side::Union, &json!({"type": "undo"})).unwrap();
    assert_eq!(undone.events()[0]["type"], "undone");
    assert_eq!(m.state().squares, [1, 0]);
    m.play(Side::Union, &json!({"type": "roll"})).unwrap();
    assert!(!has_undo(&m, Side::Union), "a roll is a barrier");
    assert!(matches!(
        m.play(Side::Union, &json!({"type": "undo"})),
        Err(PlayError::NotOffered(_))
    ));
}

#[test]
fn undo_is_not_offered_once_the_turn_has_passed() {
    let mut m = new_match();
    m.play(Side::Union, &json!({"type": "step"})).unwrap();
    m.play(Side::Union, &json!({"type": "pass"})).unwrap();
    assert!(!has_undo(&m, Side::Union));
    assert!(!has_undo(&m, Side::Confederate));
    m.play(Side::Confederate, &json!({"type": "step"})).unwrap();
    assert!(has_undo(&m, Side::Confederate));
}

#[test]
fn legal_actions_are_listed_once_per_state_and_side_whatever_is_asked() {
    let mut m = new_match();
    m.play(Side::Union, &json!({"type": "step"})).unwrap();
    ENUMERATIONS.with(|n| n.set(0));
    for _ in 0..3 {
        for viewer in [
            Viewer::Seat(Side::Union),
            Viewer::Seat(Side::Confederate),
            Viewer::Spectator,
        ] {
            m.view(viewer);
        }
        m.to_act();
        m.prompt(Side::Union);
        m.offered(Side::Confederate);
    }
    assert_eq!(ENUMERATIONS.with(|n| n.get()), 2, "once for each side");
    m.play(Side::Union, &json!({"type": "step"})).unwrap();
    assert_eq!(
        ENUMERATIONS.with(|n| n.get()),
        2,
        "the check reused the offer"
    );
    m.to_act();
    assert_eq!(
        ENUMERATIONS.with(|n| n.get()),
        4,
        "a new state, a new offer"
    );
}

#[test]
fn resign_and_time_out_posted_as_actions_are_refused_by_either_side() {
    let mut m = new_match();
    let before = serde_json::to_value(m.snapshot()).unwrap();
    for side in Side::BOTH {
        for meta in ["resign", "time_out"] {
            assert!(
                matches!(
                    m.play(side, &json!({"type": meta})),
                    Err(PlayError::NotOffered(_))
                ),
                "{side} posting {meta}"
            );
        }
        assert!(
            m.offered(side)
                .iter()
                .all(|a| a["type"] != "resign" && a["type"] != "time_out"),
            "meta actions other than undo are never offered"
        );
    }
    assert_eq!(serde_json::to_value(m.snapshot()).unwrap(), before);
    assert!(m.outcome().is_none());
}

#[test]
fn a_recorded_concession_replays() {
    let mut m = new_match();
    let played = m.replay(Side::Union, &json!({"type": "time_out"})).unwrap();
    assert_eq!(played.action(), json!({"type": "time_out"}));
    assert_eq!(m.outcome().unwrap().reason, EndReason::TimedOut);
    let mut m = new_match();
    m.replay(Side::Confederate, &json!({"type": "step"}))
        .expect_err("replay checks rules actions as play does");
    m.replay(Side::Confederate, &json!({"type": "resign"}))
        .unwrap();
    assert_eq!(m.outcome().unwrap().winner, Some(Side::Union));
}

#[test]
fn resignation_ends_the_game_for_either_side_at_any_time() {
    let mut m = new_match();
    let played = m.concede(Side::Confederate, EndReason::Resigned).unwrap();
    assert_eq!(played.events().last().unwrap()["type"], "game_over");
    let outcome = m.outcome().unwrap();
    assert_eq!(outcome.winner, Some(Side::Union));
    assert_eq!(outcome.reason, EndReason::Resigned);
    assert_eq!(
        m.play(Side::Union, &json!({"type": "step"})),
        Err(PlayError::GameOver)
    );
    assert!(m.to_act().is_empty());
    assert_eq!(m.view(Viewer::Spectator)["viewer"], "omniscient");
}

#[test]
fn a_snapshot_carries_on_exactly() {
    let mut a = new_match();
    a.play(Side::Union, &json!({"type": "roll"})).unwrap();
    a.play(Side::Union, &json!({"type": "step"})).unwrap();
    let mut b = Match::<Race>::restore(a.snapshot(), &Seed::from_bytes([9; 32]));
    assert!(has_undo(&b, Side::Union));
    for _ in 0..3 {
        let pa = a.play(Side::Union, &json!({"type": "roll"}));
        let pb = b.play(Side::Union, &json!({"type": "roll"}));
        assert_eq!(pa, pb);
    }
}

fn finished_record() -> (Registry, Record) {
    let registry = Registry::new().with(kind::<Race>());
    let seed = Seed::from_bytes([5; 32]);
    let mut m = new_match_with(&seed);
    let mut actions = Vec::new();
    while m.outcome().is_none() {
        let side = m.to_act()[0];
        let action = if m.seq() % 3 == 2 {
            json!({"type": "pass"})
        } else {
            json!({"type": "roll"})
        };
        let played = m.play(side, &action).unwrap();
        let events = played.events();
        actions.push(RecordedAction {
            seq: played.seq,
            side: played.side,
            action: Some(played.action()),
            rolls: Some(played.rolls),
            events,
            at: None,
            by_bot: false,
        });
    }
    let record = Record {
        format: RECORD_FORMAT.into(),
        game_id: None,
        game: "race".into(),
        scenario: "sprint".into(),
        options: Default::default(),
        secret_choices: PerSide {
            union: Some(Default::default()),
            confederate: Some(Default::default()),
        },
        seed_commitment: seed.commitment(),
        seed: Some(seed.to_hex()),
        players: PerSide::default(),
        actions,
        outcome: m.outcome(),
        clock: None,
    };
    (registry, record)
}

fn new_match_with(seed: &Seed) -> Match<Race> {
    Match::new(
        &Setup {
            scenario: "sprint".into(),
            ..Setup::default()
        },
        seed,
    )
    .unwrap()
}

#[test]
fn verify_accepts_an_honest_record() {
    let (registry, record) = finished_record();
    let verified = verify(&registry, &record).unwrap();
    assert_eq!(verified.actions, record.actions.len() as u64);
    assert!(verified.rolls > 0);
}

#[test]
fn verify_rejects_a_changed_roll_a_wrong_seed_and_a_hidden_seed() {
    let (registry, record) = finished_record();
    let mut changed = record.clone();
    let entry = changed
        .actions
        .iter_mut()
        .find(|a| !a.rolls.as_ref().unwrap().is_empty())
        .unwrap();
    let r = &mut entry.rolls.as_mut().unwrap()[0];
    *r = *r % 6 + 1;
    assert!(matches!(
        verify(&registry, &changed),
        Err(VerifyError::Roll { .. })
    ));

    let mut wrong_seed = record.clone();
    wrong_seed.seed = Some(Seed::from_bytes([6; 32]).to_hex());
    assert!(matches!(
        verify(&registry, &wrong_seed),
        Err(VerifyError::Commitment { .. })
    ));

    let mut hidden = record;
    hidden.seed = None;
    assert_eq!(verify(&registry, &hidden), Err(VerifyError::NoSeed));
}

#[test]
fn the_canonical_record_keeps_only_what_the_rules_read() {
    let (registry, record) = finished_record();
    let mut padded = record.clone();
    for entry in &mut padded.actions {
        let action = entry.action.as_mut().unwrap();
        action["pad"] = json!("x".repeat(1000));
        action["label"] = json!("Roll the die");
    }
    // The padded record still verifies (the rules never read the pad) ...
    assert!(verify(&registry, &padded).is_ok());
    // ... but its canonical form is the honest record, action for action.
    let (verified, canonical) = verify_canonical(&registry, &padded).unwrap();
    assert_eq!(verified, verify(&registry, &record).unwrap());
    assert_eq!(canonical.actions, record.actions);
    assert!(!serde_json::to_string(&canonical).unwrap().contains("xxx"));
}

#[test]
fn the_fuzz_body_plays_the_race_over_a_fixed_corpus() {
    let inputs = fuzzing::corpus(300, 200);
    assert!(inputs.iter().any(|i| i.len() > 100));
    for input in &inputs {
        fuzzing::play::<Race>(input, |_| Ok(()));
    }
}

#[test]
fn the_fuzz_body_catches_a_broken_invariant() {
    let caught = std::panic::catch_unwind(|| {
        fuzzing::play::<Race>(&[0; 64], |race| {
            if race.squares[0] > 2 {
                Err("the Union ran too far".into())
            } else {
                Ok(())
            }
        })
    });
    assert!(caught.is_err());
}

#[test]
fn the_view_text_is_the_rules_text_with_the_engines_members_and_parses_to_the_view() {
    let mut m = new_match();
    m.play(Side::Union, &json!({"type": "step"})).unwrap();
    for viewer in [
        Viewer::Seat(Side::Union),
        Viewer::Seat(Side::Confederate),
        Viewer::Spectator,
    ] {
        let text = m.view_text(viewer);
        let view: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(view, m.view(viewer));
        assert_eq!(view["squares"], json!(m.state().squares), "{text}");
        assert_eq!(view["viewer"], json!(viewer.as_str()));
        assert_eq!(
            view["to_act"],
            json!(m.to_act().iter().map(|s| s.as_str()).collect::<Vec<_>>())
        );
        match viewer.side() {
            Some(side) => {
                assert_eq!(view["prompt"], json!(m.prompt(side)));
                assert_eq!(view["actions"], json!(m.offered(side)));
            }
            None => {
                assert_eq!(view["prompt"], Value::Null);
                assert_eq!(view["actions"], json!([]));
            }
        }
        assert!(view["outcome"].is_null());
        assert_eq!(text, m.view_text(viewer), "the same view is the same text");
    }
}

/// A replay keeps fewer copies of the state for undo than play does (`game_match/undo.rs`),
/// but the match it builds is the same: the same snapshot (every undo state written out), the
/// same undo offered, the same states after each undo.
#[test]
fn a_replayed_match_undoes_and_saves_as_the_played_one() {
    let steps = [
        (Side::Union, "step"),
        (Side::Union, "roll"),
        (Side::Union, "step"),
        (Side::Union, "step"),
        (Side::Union, "undo"),
        (Side::Union, "step"),
        (Side::Union, "step"),
    ];
    let mut played = new_match();
    let mut replayed = new_match();
    for (side, action) in steps {
        let action = json!({ "type": action });
        let a = played.play(side, &action).unwrap();
        let b = replayed.replay(side, &action).unwrap();
        assert_eq!(a, b);
        assert_eq!(
            serde_json::to_value(played.snapshot()).unwrap(),
            serde_json::to_value(replayed.snapshot()).unwrap()
        );
    }
    assert_eq!(replayed.undo_depth(), 3, "three steps since the roll");
    for _ in 0..3 {
        assert!(has_undo(&replayed, Side::Union));
        let undo = json!({"type": "undo"});
        assert_eq!(
            played.play(Side::Union, &undo).unwrap(),
            replayed.play(Side::Union, &undo).unwrap()
        );
        assert_eq!(played.state().squares, replayed.state().squares);
    }
    assert!(!has_undo(&replayed, Side::Union), "never past the roll");
    // A snapshot of a replayed match restores to one that undoes alike.
    let mut again = new_match();
    for (side, action) in &steps[..4] {
        again.replay(*side, &json!({ "type": action })).unwrap();
    }
    let mut restored = Match::<Race>::restore(again.snapshot(), &Seed::from_bytes([9; 32]));
    restored
        .replay(Side::Union, &json!({"type": "step"}))
        .unwrap();
    restored
        .play(Side::Union, &json!({"type": "undo"}))
        .unwrap();
    restored
        .play(Side::Union, &json!({"type": "undo"}))
        .unwrap();
    assert_eq!(
        restored.state().squares[0],
        1 + again.state().squares[0] - 2
    );
}
