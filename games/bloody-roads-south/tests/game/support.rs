//! Test support: games of Sander's Field set up through the engine, a small seeded generator
//! for bot choices, and helpers that play actions.

use adjutant_engine::{Match, PerSide, Rules, Seed, Setup, Side, Viewer};
use bloody_roads_south::data::UnitId;
use bloody_roads_south::data::charts::command::OrderMethod;
use bloody_roads_south::data::order::OrderType;
use bloody_roads_south::model::draft::{Attempt, OrderDraft};
use bloody_roads_south::model::order::Receiver;
use bloody_roads_south::model::step::{CommandSegment, MovementSegment, Step};
use bloody_roads_south::{Action, BloodyRoadsSouth};
use serde_json::{Map, Value};

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

/// Plays one action chosen at random for a side chosen at random among those to act, its
/// free text filled as a bot fills it.
pub fn play_at_random(m: &mut Match<BloodyRoadsSouth>, rng: &mut Rng) {
    let to_act = m.to_act();
    let side = to_act[rng.below(to_act.len())];
    let legal = m.state().legal_actions(side);
    let offered = &legal[rng.below(legal.len())];
    let words = format!("Orders of move {}.", m.seq());
    let action =
        bloody_roads_south::bot::fill(m.state(), side, offered, &mut |k| rng.below(k), &words);
    let value = serde_json::to_value(&action).expect("actions serialise");
    m.play(side, &value).expect("an offered action is accepted");
}

/// Plays a bare state (no `Match`) to its end as the bots do: each action chosen at random
/// among the legal actions of a side chosen at random among those that have some, its orders'
/// words the action's number (as a bot writes them), every invariant checked after every
/// action; `seen` is told each action applied and its events. Returns the number of actions.
pub fn play_state_to_end(
    g: &mut BloodyRoadsSouth,
    dice: &mut adjutant_engine::Dice,
    rng: &mut Rng,
    n: u64,
    max: u32,
    mut seen: impl FnMut(&Action, &[bloody_roads_south::Event]),
) -> u32 {
    let mut actions = 0;
    while g.outcome().is_none() {
        actions += 1;
        assert!(actions < max, "game {n} does not end");
        let sides: Vec<Side> = Side::BOTH
            .into_iter()
            .filter(|&s| !g.legal_actions(s).is_empty())
            .collect();
        assert!(
            !sides.is_empty(),
            "game {n}: nobody can act at {:?}",
            g.step()
        );
        let side = sides[rng.below(sides.len())];
        let offered = g.legal_actions(side);
        let picked = offered[rng.below(offered.len())].clone();
        let words = format!("order {actions}");
        let action = bloody_roads_south::bot::fill(g, side, &picked, &mut |k| rng.below(k), &words);
        let applied = g
            .apply(side, action.clone(), dice)
            .unwrap_or_else(|e| panic!("game {n}: {action:?} refused: {e}"));
        seen(&action, &applied.events);
        if let Err(e) = g.check_invariants() {
            panic!("game {n}, action {actions}: {e} (after {action:?})");
        }
    }
    actions
}

/// The seed of game `n`.
pub fn seed(n: u64) -> Seed {
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&n.to_le_bytes());
    bytes[31] = 0xb5;
    Seed::from_bytes(bytes)
}

/// The set-up of a scenario with options.
pub fn setup_for(scenario: &str, options: &[&str]) -> Setup {
    let mut map = Map::new();
    for o in options {
        map.insert((*o).to_string(), Value::Bool(true));
    }
    Setup {
        scenario: scenario.into(),
        options: map,
        secret_choices: PerSide::default(),
    }
}

/// A match of Sander's Field with seed `n`.
pub fn sanders_field(n: u64) -> Match<BloodyRoadsSouth> {
    Match::new(&setup_for("sanders-field", &[]), &seed(n)).expect("Sander's Field sets up")
}

/// A match of Scenario 2, Warren and Sedgwick vs. Ewell, with seed `n`.
pub fn warren_and_sedgwick(n: u64) -> Match<BloodyRoadsSouth> {
    Match::new(&setup_for("warren-and-sedgwick-vs-ewell", &[]), &seed(n))
        .expect("Warren and Sedgwick vs. Ewell sets up")
}

/// A match of Scenario 3, The Battle of the Plank Road, with seed `n`.
pub fn plank_road(n: u64) -> Match<BloodyRoadsSouth> {
    Match::new(&setup_for("plank-road", &[]), &seed(n))
        .expect("The Battle of the Plank Road sets up")
}

/// A match of Scenario 4, The Battles of May 5th (both maps), with seed `n`.
pub fn battles_of_may_5th(n: u64) -> Match<BloodyRoadsSouth> {
    Match::new(&setup_for("battles-of-may-5th", &[]), &seed(n))
        .expect("The Battles of May 5th sets up")
}

/// A match of Scenario 4 with seed `n` and its variants: 3.8b as a public option, 4.5c as the
/// Confederate's secret choice.
pub fn battles_of_may_5th_with(n: u64, burnside: bool, anderson: bool) -> Match<BloodyRoadsSouth> {
    let mut setup = setup_for("battles-of-may-5th", &[]);
    setup
        .options
        .insert("burnside-elsewhere".into(), Value::Bool(burnside));
    setup
        .secret_choices
        .get_mut(Side::Confederate)
        .insert("anderson-with-hill".into(), Value::Bool(anderson));
    Match::new(&setup, &seed(n)).expect("The Battles of May 5th sets up with its variants")
}

/// A match of Scenario 6, The Second Day (both maps, 6 May), with seed `n`.
pub fn second_day(n: u64) -> Match<BloodyRoadsSouth> {
    Match::new(&setup_for("second-day", &[]), &seed(n)).expect("The Second Day sets up")
}

/// A match of Scenario 6 with seed `n`, the public options named and the secret choices of
/// each side (`(side, choice id)`) set to true.
pub fn second_day_with(
    n: u64,
    options: &[&str],
    secrets: &[(Side, &str)],
) -> Match<BloodyRoadsSouth> {
    let mut setup = setup_for("second-day", options);
    for (side, id) in secrets {
        setup
            .secret_choices
            .get_mut(*side)
            .insert((*id).into(), Value::Bool(true));
    }
    Match::new(&setup, &seed(n)).expect("The Second Day sets up with its choices")
}

/// A match of Scenario 5, The Battle of the Wilderness (both maps, 5-7 May), with seed `n`,
/// the public options named and the secret choices of each side (`(side, choice id)`) set to
/// true.
pub fn wilderness_with(
    n: u64,
    options: &[&str],
    secrets: &[(Side, &str)],
) -> Match<BloodyRoadsSouth> {
    let mut setup = setup_for("battle-of-the-wilderness", options);
    for (side, id) in secrets {
        setup
            .secret_choices
            .get_mut(*side)
            .insert((*id).into(), Value::Bool(true));
    }
    Match::new(&setup, &seed(n)).expect("The Battle of the Wilderness sets up with its choices")
}

/// A match of Scenario 7, The Wasted Day (both maps, 7 May), with seed `n`, the public options
/// named and the secret choices of each side (`(side, choice id)`) set to true.
pub fn wasted_day_with(
    n: u64,
    options: &[&str],
    secrets: &[(Side, &str)],
) -> Match<BloodyRoadsSouth> {
    let mut setup = setup_for("wasted-day", options);
    for (side, id) in secrets {
        setup
            .secret_choices
            .get_mut(*side)
            .insert((*id).into(), Value::Bool(true));
    }
    Match::new(&setup, &seed(n)).expect("The Wasted Day sets up with its choices")
}

/// Plays an action through the engine, panicking with the refusal if it is refused.
pub fn play(m: &mut Match<BloodyRoadsSouth>, side: Side, action: &Action) {
    let value = serde_json::to_value(action).expect("actions serialise");
    if let Err(e) = m.play(side, &value) {
        panic!("{action:?} refused for {side}: {e}");
    }
}

/// Plays the first offered action matching `pred`.
pub fn play_first(
    m: &mut Match<BloodyRoadsSouth>,
    side: Side,
    pred: impl Fn(&Action) -> bool,
) -> Action {
    let action = m
        .state()
        .legal_actions(side)
        .into_iter()
        .find(|a| pred(a))
        .unwrap_or_else(|| panic!("no such action offered to {side}"));
    play(m, side, &action);
    action
}

/// Both players set up with the first hex offered for every choice, then finish.
pub fn set_up_quickly(m: &mut Match<BloodyRoadsSouth>) {
    for side in Side::BOTH {
        loop {
            let actions = m.state().legal_actions(side);
            let Some(a) = actions
                .iter()
                .find(|a| matches!(a, Action::Place { .. } | Action::IssueOrders { .. }))
                .or_else(|| {
                    actions
                        .iter()
                        .find(|a| matches!(a, Action::FinishSetUp { .. }))
                })
            else {
                break;
            };
            let a = a.clone();
            play(m, side, &a);
            if matches!(a, Action::FinishSetUp { .. }) {
                break;
            }
        }
    }
}

/// A copy of the match with its rules state changed by `f` (seed `n`).
pub fn edit(
    m: &Match<BloodyRoadsSouth>,
    n: u64,
    f: impl FnOnce(&mut BloodyRoadsSouth),
) -> Match<BloodyRoadsSouth> {
    bloody_roads_south::testing::edit(m, &seed(n), f)
}

/// True for the actions that only end a step (no choice made): an empty batch too.
pub fn is_finish(a: &Action) -> bool {
    let empty_batch = match a {
        Action::IssueOrders {
            orders,
            drop_goals,
            retreats,
            returns,
            entry_choices,
        } => {
            orders.is_empty()
                && drop_goals.is_empty()
                && retreats.is_empty()
                && returns.is_empty()
                && entry_choices.is_empty()
        }
        Action::Initiative { attempts } => attempts.is_empty(),
        _ => false,
    };
    empty_batch
        || matches!(
            a,
            Action::FinishMovement | Action::FinishFire | Action::FinishSetUp { .. }
        )
}

/// The action that gets `side` on with the fewest choices: a "finish" action; in a Movement
/// Phase that may not finish because reinforcements cannot be held back (series 16.3), the
/// next one brought on and stopped as soon as it may stop; or because a stack must split
/// (series 12.0), a unit of it picked up, stepped out and stopped.
pub fn next_finish(m: &Match<BloodyRoadsSouth>, side: Side) -> Action {
    let g = m.state();
    let actions = g.legal_actions(side);
    let pick = |p: fn(&Action) -> bool| actions.iter().find(|a| p(a)).cloned();
    let splitting = actions.iter().find(|a| match a {
        Action::Pick { unit, part, .. } => g
            .key(side, unit)
            .and_then(|k| part.or(g.unit(k).hex()))
            .is_some_and(|h| g.must_split_here(h)),
        _ => false,
    });
    pick(is_finish)
        .or_else(|| pick(|a| *a == Action::EndMove))
        .or_else(|| pick(|a| *a == Action::Decline))
        .or_else(|| pick(|a| matches!(a, Action::Enter { .. })))
        .or_else(|| pick(|a| matches!(a, Action::Step { .. })))
        .or_else(|| splitting.cloned())
        .unwrap_or_else(|| panic!("nothing to finish with for {side}"))
}

/// Plays [`next_finish`] for whoever must act until `until` holds (at most 1000 actions).
pub fn finish_until(m: &mut Match<BloodyRoadsSouth>, until: impl Fn(&BloodyRoadsSouth) -> bool) {
    for _ in 0..1000 {
        if until(m.state()) || m.outcome().is_some() {
            return;
        }
        let side = m.to_act()[0];
        let action = next_finish(m, side);
        play(m, side, &action);
    }
    panic!("finish_until: the condition never held");
}

/// Sander's Field `n`, set up, played to the Union's Order Issue of the first turn.
pub fn union_order_issue(n: u64) -> Match<BloodyRoadsSouth> {
    to_union_order_issue(sanders_field(n))
}

/// `m`, set up, played to the Union's first Order Issue.
pub fn to_union_order_issue(mut m: Match<BloodyRoadsSouth>) -> Match<BloodyRoadsSouth> {
    use bloody_roads_south::model::step::{CommandSegment, Step};
    set_up_quickly(&mut m);
    finish_until(&mut m, |g| {
        g.step()
            == Step::Command {
                side: Side::Union,
                segment: CommandSegment::OrderIssue,
            }
    });
    m
}

/// The text of every event of `played` as `viewer` reads it.
pub fn texts(
    m: &Match<BloodyRoadsSouth>,
    played: &adjutant_engine::Played,
    viewer: adjutant_engine::Viewer,
) -> Vec<String> {
    m.redact_played(played, viewer)
        .iter()
        .map(|e| e["text"].as_str().unwrap_or_default().to_string())
        .collect()
}

/// Plays an action and returns what was played.
pub fn play_got(
    m: &mut Match<BloodyRoadsSouth>,
    side: Side,
    action: &Action,
) -> adjutant_engine::Played {
    let value = serde_json::to_value(action).expect("actions serialise");
    m.play(side, &value)
        .unwrap_or_else(|e| panic!("{action:?} refused for {side}: {e}"))
}

/// An order draft without objective.
pub fn draft(
    receiver: Receiver,
    method: OrderMethod,
    order_type: OrderType,
    text: &str,
) -> OrderDraft {
    OrderDraft {
        receiver,
        method,
        order_type,
        relay: None,
        objective: None,
        text: text.into(),
        reserve: Vec::new(),
    }
}

/// An `IssueOrders` batch of these orders only.
pub fn issue(orders: Vec<OrderDraft>) -> Action {
    Action::IssueOrders {
        orders,
        drop_goals: Vec::new(),
        retreats: Vec::new(),
        returns: Vec::new(),
        entry_choices: Vec::new(),
    }
}

/// The empty `IssueOrders` batch (nothing written).
pub fn no_orders() -> Action {
    issue(Vec::new())
}

/// An initiative attempt without objective.
pub fn attempt(leader: &str, receiver: Receiver, order_type: OrderType, text: &str) -> Attempt {
    Attempt {
        leader: UnitId(leader.into()),
        receiver,
        order_type,
        objective: None,
        text: text.into(),
    }
}

/// An `Initiative` batch.
pub fn initiative(attempts: Vec<Attempt>) -> Action {
    Action::Initiative { attempts }
}

/// The empty `Initiative` batch (no attempt).
pub fn no_attempts() -> Action {
    initiative(Vec::new())
}

/// The entries of the batch menu in `side`'s own view (empty when no batch is offered).
pub fn menu(m: &Match<BloodyRoadsSouth>, side: Side) -> Vec<Value> {
    m.view(adjutant_engine::Viewer::Seat(side))["command"]["batch_menu"]["entries"]
        .as_array()
        .cloned()
        .unwrap_or_default()
}

/// The order drafts of `side`'s Order Issue menu.
pub fn menu_drafts(m: &Match<BloodyRoadsSouth>, side: Side) -> Vec<OrderDraft> {
    menu(m, side)
        .into_iter()
        .filter(|e| e["field"] == "orders")
        .map(|e| serde_json::from_value(e["item"].clone()).expect("a draft"))
        .collect()
}

/// The attempts of `side`'s Initiative menu.
pub fn menu_attempts(m: &Match<BloodyRoadsSouth>, side: Side) -> Vec<Attempt> {
    menu(m, side)
        .into_iter()
        .filter(|e| e["field"] == "attempts")
        .map(|e| serde_json::from_value(e["item"].clone()).expect("an attempt"))
        .collect()
}

/// True at the Confederate's Order Issue of turn `turn`, his batch not yet posted.
pub fn at_order_issue(g: &BloodyRoadsSouth, turn: u16) -> bool {
    g.turn_number() == turn
        && g.step()
            == Step::Command {
                side: Side::Confederate,
                segment: CommandSegment::OrderIssue,
            }
        && !g.legal_actions(Side::Confederate).is_empty()
}

/// True at the Confederate's Movement Phase of turn `turn`.
pub fn at_movement(g: &BloodyRoadsSouth, turn: u16) -> bool {
    g.turn_number() == turn
        && g.step()
            == Step::Movement {
                side: Side::Confederate,
                segment: MovementSegment::Move,
            }
}

/// Plays `action` of `side` in two games that differ only in the Confederate's secrets, and
/// checks that the Union and the spectators get the same events and views from both.
pub fn play_both_alike(
    a: &mut Match<BloodyRoadsSouth>,
    b: &mut Match<BloodyRoadsSouth>,
    side: Side,
    action: &Action,
) -> adjutant_engine::Played {
    let pa = play_got(a, side, action);
    let pb = play_got(b, side, action);
    assert_eq!(pa.seq, pb.seq);
    for viewer in [Viewer::Seat(Side::Union), Viewer::Spectator] {
        assert_eq!(
            a.redact_played(&pa, viewer),
            b.redact_played(&pb, viewer),
            "events of {action:?} for {viewer:?}"
        );
        assert_eq!(a.view(viewer), b.view(viewer), "{action:?}, {viewer:?}");
    }
    pa
}
