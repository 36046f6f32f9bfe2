//! Army Status and panic (reference 3A; rule 3.3's option; section 5's visibility): the
//! option and its tracks, the Status Checks and their score, the viewpoint, the panic roll on
//! the printed tables, panic demands and what panics do to orders. Positions are built with
//! the crate's `testing` helpers on Scenario 4 (the only scenario built that uses the rules).

use adjutant_engine::{Dice, Rules, Seed, Side, Viewer};
use bloody_roads_south::data::order::OrderType;
use bloody_roads_south::data::{self, FormationId, UnitId};
use bloody_roads_south::model::action::Action;
use bloody_roads_south::model::decision::Question;
use bloody_roads_south::model::order::Receiver;
use bloody_roads_south::model::step::{MovementSegment, Step};
use bloody_roads_south::{BloodyRoadsSouth, Event, testing};

const U: Side = Side::Union;
const C: Side = Side::Confederate;
const S4: &str = "battles-of-may-5th";

fn dice() -> Dice {
    Dice::new(&Seed::from_bytes([3; 32]))
}

/// Scenario 4, every counter off the map, with the options given (army status on by default).
fn game(options: &[&str]) -> BloodyRoadsSouth {
    testing::empty_game(S4, options)
}

/// Wrecks every brigade of a division (casualties past any wreck line).
fn wreck_division(g: &mut BloodyRoadsSouth, side: Side, division: &str) {
    let d = data::order_of_battle()
        .side(side)
        .division(&FormationId(division.into()))
        .expect("a division")
        .brigades
        .clone();
    for b in d {
        if g.key(side, &b).is_some() {
            testing::losses(g, side, b.as_str(), 40, 0);
        }
    }
}

/// Runs the Game Turn End of the turn at `time` (the last step of a turn is the Union's
/// Rally Phase) and returns its events.
fn turn_end_at(g: &mut BloodyRoadsSouth, time: &str) -> Vec<Event> {
    testing::set_turn(g, time);
    testing::set_step(g, Step::Rally { side: U });
    testing::finish_step(g, &mut dice())
}

fn read(events: &[Event], viewer: Viewer) -> Vec<String> {
    events.iter().filter_map(|e| e.sentence(viewer)).collect()
}

fn says(events: &[Event], viewer: Viewer, part: &str) -> bool {
    read(events, viewer).iter().any(|t| t.contains(part))
}

#[test]
fn rule_3a_option_army_status_is_public_and_on_by_default_where_its_data_says() {
    let info = <BloodyRoadsSouth as Rules>::info();
    let a = info
        .choices
        .iter()
        .find(|c| c.id == "army-status")
        .expect("offered");
    assert_eq!(a.scope, adjutant_engine::ChoiceScope::Option);
    assert_eq!(a.kind, adjutant_engine::ChoiceKind::Bool { default: true });
    assert_eq!(a.scenarios, vec![S4.to_string()]);
    let b = info
        .choices
        .iter()
        .find(|c| c.id == "burnside-always-negative")
        .expect("3.3 offered");
    assert_eq!(b.kind, adjutant_engine::ChoiceKind::Bool { default: false });
    assert_eq!(b.scenarios, vec![S4.to_string()]);
    assert_eq!(b.requires, vec!["army-status".to_string()]);
    // On unless turned off; never in Scenarios 1-3.
    assert!(game(&[]).army_status_on());
    let mut off = adjutant_engine::Setup {
        scenario: S4.into(),
        options: Default::default(),
        secret_choices: Default::default(),
    };
    off.options
        .insert("army-status".into(), serde_json::Value::Bool(false));
    let g = BloodyRoadsSouth::new_game(&off).expect("sets up");
    assert!(!g.army_status_on() && g.status_of("Grant").is_none());
    assert!(g.build_view(Viewer::Seat(U)).get("army_status").is_none());
    let g = testing::empty_game("sanders-field", &["army-status"]);
    assert!(!g.army_status_on(), "no Army Status in Scenario 1");
}

#[test]
fn rule_3a_1_tracks_start_as_printed_and_burnside_s_goes_with_3_8b() {
    let g = game(&[]);
    for (sheet, status) in [("Grant", 4), ("Meade", 3), ("Burnside", 3), ("Lee", 4)] {
        assert_eq!(g.status_of(sheet), Some(status), "{sheet}");
    }
    let g = game(&["burnside-elsewhere"]);
    assert_eq!(g.status_of("Burnside"), None, "9 Corps deleted by 3.8b");
    assert_eq!(g.status_of("Meade"), Some(3));
}

#[test]
fn rule_3a_1_section_5_each_seat_sees_only_its_own_tracks() {
    let g = game(&[]);
    let names = |v: Viewer| -> Vec<String> {
        g.build_view(v)["army_status"]["tracks"]
            .as_array()
            .expect("tracks")
            .iter()
            .map(|t| t["commander"].as_str().unwrap_or_default().to_string())
            .collect()
    };
    assert_eq!(names(Viewer::Seat(U)), ["Grant", "Meade", "Burnside"]);
    assert_eq!(names(Viewer::Seat(C)), ["Lee"]);
    assert!(names(Viewer::Spectator).is_empty());
    assert_eq!(names(Viewer::Omniscient).len(), 4);
}

#[test]
fn rule_3a_2_status_check_at_three_oclock_and_not_at_half_past_two() {
    let mut g = game(&[]);
    let ev = turn_end_at(&mut g, "5 May 2:30pm");
    assert!(!says(&ev, Viewer::Seat(U), "Status Check"));
    let ev = turn_end_at(&mut g, "5 May 3:00pm");
    assert!(says(&ev, Viewer::Spectator, "checked in secret (3A.2)"));
    assert!(says(
        &ev,
        Viewer::Seat(U),
        "Status Check (3A.2): Grant's Army Status"
    ));
    assert!(says(&ev, Viewer::Seat(U), "Burnside's Corps Status"));
    assert!(says(
        &ev,
        Viewer::Seat(C),
        "Status Check (3A.2): Lee's Army Status"
    ));
    assert!(!says(&ev, Viewer::Seat(C), "Grant's Army Status"));
    assert!(!says(&ev, Viewer::Spectator, "Lee's Army Status"));
    for time in ["5 May 6:00pm", "5 May 9:00pm"] {
        let mut g = game(&[]);
        assert!(says(
            &turn_end_at(&mut g, time),
            Viewer::Seat(U),
            "Status Check"
        ));
    }
}

#[test]
fn rule_3a_3_score_counts_wrecks_of_both_sides_in_play() {
    let mut g = game(&[]);
    // Two Union brigades of two divisions wrecked (one by stragglers: they count in play),
    // one Confederate.
    testing::losses(&mut g, U, "1/1/5", 40, 0);
    testing::losses(&mut g, U, "1/2/5", 0, 40);
    testing::losses(&mut g, C, "Sta/J/2", 40, 0);
    let ev = turn_end_at(&mut g, "5 May 3:00pm");
    let union = read(&ev, Viewer::Seat(U)).join(" ");
    assert!(
        union.contains("Union brigades wrecked +2 (-2)")
            && union.contains("Confederate brigades wrecked +1 (+1)"),
        "{union}"
    );
    // Grant: -2 +1 = -1, neutral: stays at 4. Lee: +2 -1 = +1, neutral.
    assert_eq!(g.status_of("Grant"), Some(4));
    assert_eq!(g.status_of("Lee"), Some(4));
    // Recovery un-wrecks: the next period counts it the other way.
    testing::losses(&mut g, U, "1/2/5", 0, 0);
    let ev = turn_end_at(&mut g, "5 May 6:00pm");
    assert!(says(&ev, Viewer::Seat(U), "Union brigades wrecked -1 (+1)"));
}

#[test]
fn rule_3a_4_score_of_plus_two_raises_status() {
    let mut g = game(&[]);
    testing::set_status(&mut g, "Lee", 2);
    testing::losses(&mut g, U, "1/1/5", 40, 0);
    testing::losses(&mut g, U, "2/1/5", 40, 0);
    let ev = turn_end_at(&mut g, "5 May 3:00pm");
    assert_eq!(g.status_of("Lee"), Some(3));
    assert!(says(&ev, Viewer::Seat(C), "viewpoint positive"));
    // Meade's friendly troops are the AoP's: 5 Corps brigades count against him.
    assert_eq!(g.status_of("Meade"), Some(2));
    // Burnside's friendly troops are all Union's: -2, negative too.
    assert_eq!(g.status_of("Burnside"), Some(2));
}

#[test]
fn rule_3a_4_status_stays_between_one_and_four_and_a_score_of_one_changes_nothing() {
    let mut g = game(&[]);
    testing::set_status(&mut g, "Grant", 1);
    for b in ["Sta/J/2", "J/J/2"] {
        testing::losses(&mut g, C, b, 40, 0);
    }
    testing::losses(&mut g, U, "1/1/5", 40, 0);
    testing::set_status(&mut g, "Lee", 4);
    turn_end_at(&mut g, "5 May 3:00pm");
    // Grant: +2 -1 = +1: no change; Lee: -2 +1 = -1: no change.
    assert_eq!(g.status_of("Grant"), Some(1));
    assert_eq!(g.status_of("Lee"), Some(4));
    // Two more Confederate wrecks: Grant +2 rises; Lee at most 4 and at least 1.
    for b in ["Stwl/J/2", "Ste/J/2"] {
        testing::losses(&mut g, C, b, 40, 0);
    }
    testing::set_status(&mut g, "Lee", 1);
    testing::script_dice(&mut g, C, &[1, 1]);
    testing::script_dice(&mut g, U, &[1, 1]);
    turn_end_at(&mut g, "5 May 6:00pm");
    assert_eq!(g.status_of("Lee"), Some(1));
}

#[test]
fn rule_3_3_option_burnside_always_negative() {
    let mut g = game(&["burnside-always-negative"]);
    let ev = turn_end_at(&mut g, "5 May 3:00pm");
    assert_eq!(g.status_of("Burnside"), Some(2));
    assert!(says(
        &ev,
        Viewer::Seat(U),
        "always negative: optional rule 3.3"
    ));
    assert_eq!(g.status_of("Meade"), Some(3), "only Burnside's");
    let mut g = game(&[]);
    turn_end_at(&mut g, "5 May 3:00pm");
    assert_eq!(g.status_of("Burnside"), Some(3));
}

#[test]
fn rule_3a_5_panic_roll_on_the_printed_table_with_secret_dice() {
    // Lee at 1, no wrecked division: "Status of 1", column 0-3: 12 panics.
    let mut g = game(&[]);
    testing::set_status(&mut g, "Lee", 1);
    testing::script_dice(&mut g, C, &[6, 5]);
    let ev = turn_end_at(&mut g, "5 May 3:00pm");
    assert!(says(
        &ev,
        Viewer::Seat(C),
        "12 or more panics; roll 6+5 = 11: no panic"
    ));
    assert!(!g.panicked("Lee"));
    assert!(!says(&ev, Viewer::Seat(U), "panic"));
    assert!(!says(&ev, Viewer::Spectator, "panic"));
    testing::script_dice(&mut g, C, &[6, 6]);
    let ev = turn_end_at(&mut g, "5 May 6:00pm");
    assert!(g.panicked("Lee") && g.withdrawing(C));
    for v in [Viewer::Seat(U), Viewer::Spectator] {
        assert!(says(&ev, v, "Lee panics (3A.5)"), "{v:?}");
    }
    // Public from then on; Lee's panic is for good (a later check at 3 does not end it).
    let view = g.build_view(Viewer::Spectator);
    assert_eq!(view["army_status"]["panics"][0]["commander"], "Lee");
    testing::set_status(&mut g, "Lee", 3);
    turn_end_at(&mut g, "5 May 9:00pm");
    assert!(g.panicked("Lee"));
    // Column by wrecked divisions: Grant at 2 with 4 wrecked Union divisions reads "12".
    let mut g = game(&[]);
    testing::set_status(&mut g, "Grant", 3);
    for d in ["1/5", "2/5", "4/5", "1/6"] {
        wreck_division(&mut g, U, d);
    }
    testing::rebase_tracks(&mut g);
    testing::set_status(&mut g, "Grant", 2);
    testing::script_dice(&mut g, U, &[6, 6]);
    let ev = turn_end_at(&mut g, "5 May 3:00pm");
    assert!(
        says(
            &ev,
            Viewer::Seat(U),
            "column 4-6 (4 wrecked divisions): 12 or more"
        ),
        "{:?}",
        read(&ev, Viewer::Seat(U))
    );
    assert!(g.panicked("Grant") && g.withdrawing(U));
}

#[test]
fn rule_3a_5_section_5_a_status_check_without_panic_tells_the_other_side_nothing() {
    // Two games alike but for the Union's secret: Grant's status (1 or 4) and his dice.
    let run = |status: u8, roll: [u8; 2]| {
        let mut g = game(&[]);
        testing::set_status(&mut g, "Grant", status);
        testing::set_status(&mut g, "Meade", status.min(3));
        testing::script_dice(&mut g, U, &roll);
        let ev = turn_end_at(&mut g, "5 May 3:00pm");
        assert!(!g.panicked("Grant"));
        (g, ev)
    };
    let (a, ea) = run(1, [1, 2]);
    let (b, eb) = run(4, [5, 6]);
    assert_ne!(read(&ea, Viewer::Seat(U)), read(&eb, Viewer::Seat(U)));
    for v in [Viewer::Seat(C), Viewer::Spectator] {
        assert_eq!(read(&ea, v), read(&eb, v), "{v:?}");
        assert_eq!(a.build_view(v), b.build_view(v), "{v:?}");
    }
}

/// Enters the Rally Phase of `side` (from its own offensive fire) and returns the events.
fn enter_rally(g: &mut BloodyRoadsSouth, side: Side) -> Vec<Event> {
    testing::set_step(g, Step::Fire { side, firer: side });
    testing::finish_step(g, &mut dice())
}

fn demand_question(g: &BloodyRoadsSouth) -> Option<Vec<UnitId>> {
    g.decisions().iter().find_map(|d| match d.question() {
        Question::PanicDemand { targets } => Some(targets.clone()),
        _ => None,
    })
}

#[test]
fn rule_3a_6_demand_offered_only_after_a_won_close_combat() {
    let mut g = game(&[]);
    testing::set_turn(&mut g, "5 May 2:00pm");
    enter_rally(&mut g, C);
    assert_eq!(demand_question(&g), None, "no blow, no demand");
    // A blow in the Union's own turn does not count for the Confederates.
    testing::set_step(&mut g, Step::Fire { side: U, firer: U });
    testing::blow(&mut g, U, "1/1/5");
    enter_rally(&mut g, U);
    assert_eq!(demand_question(&g), None);
    // A blow against a 5 Corps brigade in the Confederate turn: Grant's or Meade's command.
    let mut g = game(&[]);
    testing::set_turn(&mut g, "5 May 2:00pm");
    testing::set_step(&mut g, Step::Fire { side: C, firer: C });
    testing::blow(&mut g, U, "1/1/5");
    enter_rally(&mut g, C);
    assert_eq!(
        demand_question(&g),
        Some(vec![UnitId::new("Grant"), UnitId::new("Meade")])
    );
    let offered = g.legal_actions(C);
    assert!(offered.contains(&Action::Decline));
    assert!(offered.contains(&Action::DemandPanic {
        target: UnitId::new("Meade")
    }));
    assert!(g.legal_actions(U).is_empty());
}

#[test]
fn rule_3a_6_a_9_corps_blow_allows_a_demand_of_burnside() {
    let mut g = game(&[]);
    testing::set_step(&mut g, Step::Fire { side: C, firer: C });
    testing::blow(&mut g, U, "1/2/9");
    enter_rally(&mut g, C);
    assert_eq!(
        demand_question(&g),
        Some(vec![UnitId::new("Grant"), UnitId::new("Burnside")])
    );
}

/// Lee demands a panic roll of `target` after a blow against 1/1/5; returns the events.
fn lee_demands(g: &mut BloodyRoadsSouth, target: &str) -> Vec<Event> {
    testing::set_step(g, Step::Fire { side: C, firer: C });
    testing::blow(g, U, "1/1/5");
    enter_rally(g, C);
    testing::play(
        g,
        C,
        Action::DemandPanic {
            target: UnitId::new(target),
        },
        &mut dice(),
    )
}

#[test]
fn rule_3a_6_the_target_rolls_one_row_lower_and_two_demands_a_date() {
    let mut g = game(&[]);
    testing::set_turn(&mut g, "5 May 2:00pm");
    // Grant at 4: no roll, no panic.
    let ev = lee_demands(&mut g, "Grant");
    assert!(says(
        &ev,
        Viewer::Spectator,
        "Lee makes a panic demand of Grant (1 of 2 today"
    ));
    assert!(says(&ev, Viewer::Spectator, "Grant: no panic (3A.6)"));
    assert!(says(&ev, Viewer::Seat(U), "status 4: no roll"));
    assert!(!says(&ev, Viewer::Seat(C), "status 4"), "the answer only");
    // Meade at 2 rolls on "Status of 1" (column 0-3: 12): a panic, public.
    testing::set_status(&mut g, "Meade", 2);
    testing::script_dice(&mut g, U, &[6, 6]);
    let ev = lee_demands(&mut g, "Meade");
    assert!(says(&ev, Viewer::Seat(U), "row \"Status of 1\""));
    assert!(says(&ev, Viewer::Seat(C), "Meade panics (3A.5)"));
    assert!(g.panicked("Meade"));
    assert_eq!(
        g.status_of("Meade"),
        Some(2),
        "a demand never changes status"
    );
    // Two made today: no third, even after another blow.
    assert_eq!(g.demands_made_today(C), 2);
    testing::set_step(&mut g, Step::Fire { side: C, firer: C });
    testing::blow(&mut g, U, "1/1/5");
    enter_rally(&mut g, C);
    assert_eq!(demand_question(&g), None);
    // They lapse when the Day marker advances.
    testing::set_turn(&mut g, "6 May 5:00am");
    assert_eq!(g.demands_made_today(C), 0);
    assert_eq!(
        g.demand_targets(C),
        vec![UnitId::new("Grant"), UnitId::new("Meade")]
    );
}

#[test]
fn rule_3a_6_status_1_rolls_with_plus_one() {
    let mut g = game(&[]);
    testing::set_status(&mut g, "Grant", 1);
    testing::script_dice(&mut g, U, &[5, 6]);
    let ev = lee_demands(&mut g, "Grant");
    assert!(says(&ev, Viewer::Seat(U), "roll 5+6 +1 = 12: panic"));
    assert!(g.withdrawing(U));
}

#[test]
fn rule_3a_7_burnside_panic_shifts_9_corps_acceptance_and_forbids_complex_orders() {
    let mut g = game(&[]);
    let ninth = Receiver::Corps(FormationId("9".into()));
    let fifth = Receiver::Corps(FormationId("5".into()));
    assert!(!g.panic_forbids(U, &ninth, OrderType::Complex));
    testing::set_panicked(&mut g, "Burnside", true);
    assert!(g.panic_forbids(U, &ninth, OrderType::Complex));
    assert!(!g.panic_forbids(U, &ninth, OrderType::Simple));
    assert!(!g.panic_forbids(U, &fifth, OrderType::Complex));
    let division = Receiver::Division(FormationId("2/9".into()));
    assert!(g.panic_forbids(U, &division, OrderType::Complex));
    // Until a Status Check finds him at 3 or more.
    testing::set_status(&mut g, "Burnside", 3);
    let ev = turn_end_at(&mut g, "5 May 3:00pm");
    assert!(says(&ev, Viewer::Seat(U), "Burnside recovers"));
    assert!(!g.panicked("Burnside"));
    assert!(!says(&ev, Viewer::Seat(C), "recovers"));
}

#[test]
fn rule_3a_7_a_withdrawing_army_starts_no_close_combat() {
    let mut g = game(&[]);
    assert!(!g.withdrawing(C));
    testing::set_panicked(&mut g, "Lee", true);
    assert!(g.withdrawing(C) && !g.withdrawing(U));
    testing::set_panicked(&mut g, "Meade", true);
    assert!(!g.withdrawing(U), "Meade's panic is no withdrawal");
}

#[test]
fn rule_3a_1_meade_s_track_is_dropped_when_he_falls() {
    let mut g = game(&[]);
    testing::set_panicked(&mut g, "Meade", true);
    testing::remove(&mut g, U, "Meade");
    let ev = turn_end_at(&mut g, "5 May 3:00pm");
    assert_eq!(g.status_of("Meade"), None);
    assert!(!g.panicked("Meade"));
    assert!(says(
        &ev,
        Viewer::Seat(U),
        "his Army Status track is dropped"
    ));
    // Grant's track belongs to his command: it stays when he falls.
    testing::remove(&mut g, U, "Grant");
    turn_end_at(&mut g, "5 May 6:00pm");
    assert!(g.status_of("Grant").is_some());
}

/// Scenario 4 with Grant, Meade and their HQs at A32.08, Warren and the 5 Corps HQ at A32.06
/// and 1/1/5 at A30.08, Grant at status 1: a 6+6 at the 3:00pm check panics him.
fn grant_panics() -> (BloodyRoadsSouth, Vec<Event>) {
    let mut g = game(&[]);
    for id in ["Grant", "AUS HQ", "Meade", "A Pot HQ"] {
        testing::place(&mut g, U, id, "A32.08");
    }
    for id in ["Warren", "5 Corps HQ"] {
        testing::place(&mut g, U, id, "A32.06");
    }
    testing::place(&mut g, U, "1/1/5", "A30.08");
    testing::set_status(&mut g, "Grant", 1);
    testing::script_dice(&mut g, U, &[6, 6]);
    let ev = turn_end_at(&mut g, "5 May 3:00pm");
    assert!(g.withdrawing(U));
    (g, ev)
}

#[test]
fn rule_3a_7_grant_s_panic_sends_free_withdrawal_orders_accepted_on_arrival() {
    let (mut g, ev) = grant_panics();
    assert!(says(&ev, Viewer::Spectator, "Grant panics (3A.5)"));
    assert!(says(
        &ev,
        Viewer::Seat(U),
        "Withdrawal (3A.7): free orders by aide"
    ));
    assert!(
        !says(&ev, Viewer::Seat(C), "Withdrawal (3A.7)"),
        "the orders are secret"
    );
    let orders: Vec<_> = g
        .orders(U)
        .iter()
        .filter(|o| o.receiver() == &Receiver::Corps(FormationId("5".into())))
        .cloned()
        .collect();
    assert_eq!(orders.len(), 1, "one order to 5 Corps");
    assert_eq!(orders[0].cost(), 0, "free");
    let k = testing::key(&g, U, "1/1/5");
    assert!(!g.under_withdrawal(k), "not before it arrives");
    // Accepted on arrival, without a roll (no secret die drawn).
    testing::script_dice(&mut g, U, &[1, 1]);
    for _ in 0..4 {
        testing::acceptance(&mut g, U, &mut dice());
        // A corps order comes into force when Warren touches base (10.0), as usual.
        testing::set_step(
            &mut g,
            Step::Movement {
                side: U,
                segment: MovementSegment::Move,
            },
        );
        testing::touch_base(&mut g, U, "5", &mut dice());
        if g.under_withdrawal(k) {
            break;
        }
        let next = g.time_of(g.turn_index() + 1);
        testing::set_turn(&mut g, &next);
    }
    assert!(g.under_withdrawal(k));
    assert_eq!(testing::scripted_left(&g, U), 2, "no acceptance roll");
}

#[test]
fn rule_3a_7_withdrawing_units_step_only_toward_their_edges_and_leave_there() {
    let g = game(&[]);
    let h = |s: &str| g.canonical(s.parse().expect(s)).expect(s);
    // The Union: further east; the Confederates: further west or south.
    assert!(g.withdrawal_step(U, h("A30.08"), h("A31.08")));
    assert!(!g.withdrawal_step(U, h("A30.08"), h("A29.08")));
    assert!(!g.withdrawal_step(U, h("A30.08"), h("A30.09")));
    assert!(g.withdrawal_step(C, h("A30.08"), h("A29.08")));
    assert!(g.withdrawal_step(C, h("A30.08"), h("A30.07")));
    assert!(!g.withdrawal_step(C, h("A30.08"), h("A31.08")));
    // Edges: Map A's east edge for the Union, F (B39.01) too; west or south for the
    // Confederates.
    assert!(g.withdrawal_exit(U, h("A50.10")));
    assert!(g.withdrawal_exit(U, h("B39.01")));
    assert!(!g.withdrawal_exit(U, h("A30.08")));
    assert!(g.withdrawal_exit(C, h("A1.10")));
    assert!(g.withdrawal_exit(C, h("B20.01")));
    assert!(!g.withdrawal_exit(C, h("A50.10")));
}

#[test]
fn rule_5_3_panic_brock_road_points_for_divisions_withdrawn_by_f() {
    let mut g = game(&[]);
    let division = data::order_of_battle()
        .side(U)
        .division(&FormationId("1/5".into()))
        .expect("1/5")
        .brigades
        .clone();
    for b in &division {
        testing::exit_map(&mut g, U, b.as_str(), "B39.01");
    }
    assert!(g.brock_road_divisions(U).is_empty(), "only after a panic");
    testing::set_panicked(&mut g, "Grant", true);
    assert_eq!(g.brock_road_divisions(U), vec![FormationId("1/5".into())]);
    let r = g.standard_result();
    assert!(
        r.strategic
            .union
            .lines
            .iter()
            .any(|l| l == "1 for division 1/5 withdrawn by the Brock Road (3A.7)"),
        "{:?}",
        r.strategic.union.lines
    );
    // One brigade left elsewhere: no point.
    testing::exit_map(&mut g, U, division[0].as_str(), "A50.10");
    assert!(g.brock_road_divisions(U).is_empty());
}

#[test]
fn rule_3a_7_the_legal_actions_move_withdrawing_units_east_and_off_the_map() {
    use crate::movement_board::Board;
    use bloody_roads_south::model::facing::Vertex;
    use bloody_roads_south::model::unit::Formation;
    let mut b = Board::empty_of(S4, 1);
    let map = data::map();
    let x = |h: &bloody_roads_south::data::HexId| map.cell(*h).expect("a cell").x;
    // 5b-1 serves the A Pot reserve (army troops): under withdrawal as soon as Grant panics.
    let k = b.place(U, "5b-1", "A30.08", Formation::Limbered, Vertex::SW_NW);
    testing::set_panicked(&mut b.g, "Grant", true);
    assert!(b.g.under_withdrawal(k));
    b.begin(U);
    b.pick(U, "5b-1");
    let from = b.g.unit(k).hex().expect("on the map");
    let steps: Vec<_> = b
        .offered(U)
        .into_iter()
        .filter_map(|a| match a {
            Action::Step { to } => Some(to),
            _ => None,
        })
        .collect();
    assert!(!steps.is_empty(), "it may move east");
    assert!(steps.iter().all(|to| x(to) > x(&from)), "{steps:?}");
    assert!(!b.is_offered(U, &Action::LeaveMap));
    // On the east edge it may leave the map: out of play, not eliminated.
    let mut b = Board::empty_of(S4, 1);
    let k = b.place(U, "5b-1", "A50.10", Formation::Limbered, Vertex::SW_NW);
    testing::set_panicked(&mut b.g, "Grant", true);
    b.begin(U);
    b.pick(U, "5b-1");
    b.act(U, Action::LeaveMap);
    assert!(matches!(
        b.g.unit(k).location(),
        bloody_roads_south::model::unit::Location::Exited { .. }
    ));
}
