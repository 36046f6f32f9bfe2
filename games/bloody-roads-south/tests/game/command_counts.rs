//! Action-count non-interference (reference section 5, consequence 4): every viewer sees each
//! action's `seq`, so how many actions a side takes, and where, is public. Two games that
//! differ only in the Union's secrets (which orders it writes, which goals it drops, which
//! initiative attempts it makes, its secret dice: acceptance, delay, initiative) must give the
//! Confederate player and spectators identical views and events, and the same number of
//! actions at the same moments, through a whole game turn.

use adjutant_engine::{Match, Rules, Side, Viewer};
use bloody_roads_south::BloodyRoadsSouth;
use bloody_roads_south::model::action::Action;
use bloody_roads_south::model::step::{CommandSegment, Step};
use bloody_roads_south::testing;
use proptest::prelude::*;
use serde_json::Value;

use crate::support::Rng as Bot;
use crate::support::*;

/// What the Confederate player and a spectator see now.
fn seen(m: &Match<BloodyRoadsSouth>) -> Value {
    Value::Array(vec![
        m.view(Viewer::Seat(Side::Confederate)),
        m.view(Viewer::Spectator),
    ])
}

/// The Union's action in one game: its batches filled by a bot from its own menu (so they
/// differ between the games), otherwise the quickest way on.
fn union_action(m: &Match<BloodyRoadsSouth>, rng: &mut Bot) -> Action {
    let offered = m.state().legal_actions(Side::Union);
    if let Some(batch) = offered
        .iter()
        .find(|a| matches!(a, Action::IssueOrders { .. } | Action::Initiative { .. }))
    {
        let words = format!("Secret words {}.", rng.next() % 1000);
        return bloody_roads_south::bot::fill(
            m.state(),
            Side::Union,
            batch,
            &mut |k| rng.below(k),
            &words,
        );
    }
    quickest(m, Side::Union, offered[0].clone())
}

/// A finishing action when there is one (or the quickest way on), else `otherwise`.
fn quickest(m: &Match<BloodyRoadsSouth>, side: Side, otherwise: Action) -> Action {
    let offered = m.state().legal_actions(side);
    let pick = |p: fn(&Action) -> bool| offered.iter().find(|a| p(a)).cloned();
    pick(is_finish)
        .or_else(|| pick(|a| *a == Action::EndMove))
        .or_else(|| pick(|a| matches!(a, Action::Enter { .. })))
        .or_else(|| pick(|a| matches!(a, Action::Step { .. })))
        .unwrap_or(otherwise)
}

fn is_batch(a: &Action) -> bool {
    matches!(a, Action::IssueOrders { .. } | Action::Initiative { .. })
}

/// The Union's Order Issue of turn 2 (one whole game turn after the start).
fn turn_over(g: &BloodyRoadsSouth) -> bool {
    g.turn_number() == 2
        && g.step()
            == Step::Command {
                side: Side::Union,
                segment: CommandSegment::OrderIssue,
            }
}

fn base() -> &'static Match<BloodyRoadsSouth> {
    static BASE: std::sync::OnceLock<Match<BloodyRoadsSouth>> = std::sync::OnceLock::new();
    BASE.get_or_init(|| union_order_issue(61))
}

/// Plays both games on together for a whole turn, checking after every action.
fn whole_turn(
    a: &mut Match<BloodyRoadsSouth>,
    b: &mut Match<BloodyRoadsSouth>,
    (ra, rb, rc): (&mut Bot, &mut Bot, &mut Bot),
) -> Result<usize, TestCaseError> {
    let mut batches = 0;
    for _ in 0..2000 {
        prop_assert_eq!(a.seq(), b.seq(), "the same number of actions");
        prop_assert_eq!(a.to_act(), b.to_act(), "the same player to act");
        prop_assert!(
            seen(a) == seen(b),
            "the others' views differ at {}",
            a.seq()
        );
        if turn_over(a.state()) || a.outcome().is_some() {
            prop_assert!(turn_over(b.state()) || b.outcome().is_some());
            return Ok(batches);
        }
        let Some(&side) = a.to_act().first() else {
            return Err(TestCaseError::fail("nobody to act"));
        };
        let (x, y) = if side == Side::Union {
            let (x, y) = (union_action(a, ra), union_action(b, rb));
            prop_assert_eq!(is_batch(&x), is_batch(&y), "{:?} / {:?}", x, y);
            if is_batch(&x) {
                batches += 1;
            } else {
                prop_assert_eq!(&x, &y);
            }
            (x, y)
        } else {
            prop_assert_eq!(a.offered(side), b.offered(side));
            prop_assert_eq!(a.prompt(side), b.prompt(side));
            let offered = a.state().legal_actions(side);
            let pick = offered[rc.below(offered.len())].clone();
            let pick = if rc.below(3) > 0 {
                quickest(a, side, pick)
            } else {
                pick
            };
            (pick.clone(), pick)
        };
        let pa = play_got(a, side, &x);
        let pb = play_got(b, side, &y);
        for viewer in [Viewer::Seat(Side::Confederate), Viewer::Spectator] {
            prop_assert_eq!(a.redact_played(&pa, viewer), b.redact_played(&pb, viewer));
        }
    }
    Err(TestCaseError::fail("the turn never ended"))
}

/// Secret dice with no natural 2 on consecutive rolls (a Loose Cannon is public by design).
fn dice() -> impl Strategy<Value = Vec<u8>> {
    proptest::collection::vec(2u8..=6, 80)
}

/// Two games from the same Order Issue, differing only in the Union's secret dice (`da`,
/// `db`) and in what the Union writes (`sa`, `sb`), played on together for a whole turn.
fn same_course(da: &[u8], db: &[u8], sa: u64, sb: u64, sc: u64) -> Result<(), TestCaseError> {
    let mut a = edit(base(), 61, |g| testing::script_dice(g, Side::Union, da));
    let mut b = edit(base(), 61, |g| testing::script_dice(g, Side::Union, db));
    let batches = whole_turn(&mut a, &mut b, (&mut Bot(sa), &mut Bot(sb), &mut Bot(sc)))?;
    prop_assert_eq!(batches, 2, "the Union's Order Issue and Initiative");
    Ok(())
}

proptest! {
    // A fixed seed: the same 256 courses on every run. `S5_SEED=<n> S5_CASES=<n>` explores
    // others (on 2026-12-05, seeds 1, 2, 3, 11 and 12 with 300 cases each passed, alone and
    // after every command test on one thread).
    #![proptest_config(ProptestConfig {
        cases: env_number("S5_CASES").map_or(256, |n| n as u32),
        rng_seed: proptest::test_runner::RngSeed::Fixed(
            env_number("S5_SEED").unwrap_or(0xad_7a47)
        ),
        ..ProptestConfig::default()
    })]

    /// Section 5, consequence 4: the Union's secret decisions and dice never change how many
    /// actions are taken, by whom, or what the others see, through a whole game turn.
    #[test]
    fn section_5_action_counts_do_not_depend_on_secrets(
        da in dice(),
        db in dice(),
        sa in any::<u64>(),
        sb in any::<u64>(),
        sc in any::<u64>(),
    ) {
        same_course(&da, &db, sa, sb, sc)?;
    }
}

/// A number from the environment (to explore the property above with other seeds).
fn env_number(name: &str) -> Option<u64> {
    std::env::var(name).ok()?.parse().ok()
}

/// The case a randomly seeded run of the property test above reported on 2026-12-04 (in a full
/// `.ci/run`): with the same dice, two sets of Union orders led to a different player to act.
/// It has passed on every run since, alone and after the other tests on one thread, and 1,500
/// more random cases found nothing: kept as a regression test (the failure may have come from
/// code changed that day).
#[test]
fn section_5_known_case_union_orders_change_who_acts() {
    let dice = [2u8; 80];
    same_course(&dice, &dice, 0, 8944868399669038490, 8275455605005016740)
        .expect("the same course whatever the Union writes");
}

#[test]
fn s10_1_order_issue_is_one_action_whatever_is_written() {
    let m = base();
    let mut rng = Bot(7);
    let mut counts = Vec::new();
    for written in [0usize, 1, 3] {
        let mut g = m.clone();
        let menu = menu_drafts(&g, Side::Union);
        let orders: Vec<_> = menu
            .into_iter()
            .filter(|d| {
                d.method != bloody_roads_south::data::charts::command::OrderMethod::InPerson
            })
            .filter(|d| {
                d.relay.is_none()
                    && !matches!(
                        d.receiver,
                        bloody_roads_south::model::order::Receiver::ArmyHq(_)
                    )
            })
            .take(written)
            .collect();
        let orders: Vec<_> = orders
            .into_iter()
            .map(|mut d| {
                d.order_type = bloody_roads_south::data::order::OrderType::Simple;
                d.method = bloody_roads_south::data::charts::command::OrderMethod::AideOral;
                d.text = format!("Order {}", rng.next());
                d
            })
            .collect();
        let before = g.seq();
        let played = play_got(&mut g, Side::Union, &issue(orders));
        counts.push((
            g.seq() - before,
            texts(&g, &played, Viewer::Seat(Side::Confederate)),
            texts(&g, &played, Viewer::Spectator),
            g.view(Viewer::Seat(Side::Confederate)),
            g.to_act(),
        ));
    }
    assert_eq!(counts[0], counts[1]);
    assert_eq!(counts[0], counts[2]);
    assert_eq!(counts[0].0, 1);
}
