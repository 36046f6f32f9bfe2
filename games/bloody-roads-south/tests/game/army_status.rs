//! Army Status and panic (reference 3A.1-3A.5; rule 3.3's option; section 5's visibility):
//! the option and its tracks, the Status Checks and their score, the viewpoint, the panic roll
//! on the printed tables (demands and the effects of a panic: `army_status_panic`). Positions
//! are built with the crate's `testing` helpers on Scenario 4 (the only scenario built that
//! uses the rules).

use adjutant_engine::{Dice, Rules, Seed, Side, Viewer};
use bloody_roads_south::data::{self, FormationId};
use bloody_roads_south::model::step::Step;
use bloody_roads_south::{BloodyRoadsSouth, Event, testing};

pub(crate) const U: Side = Side::Union;
pub(crate) const C: Side = Side::Confederate;
pub(crate) const S4: &str = "battles-of-may-5th";

pub(crate) fn dice() -> Dice {
    Dice::new(&Seed::from_bytes([3; 32]))
}

/// Scenario 4, every counter off the map, with the options given (army status on by default).
pub(crate) fn game(options: &[&str]) -> BloodyRoadsSouth {
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
pub(crate) fn turn_end_at(g: &mut BloodyRoadsSouth, time: &str) -> Vec<Event> {
    testing::set_turn(g, time);
    testing::set_step(g, Step::Rally { side: U });
    testing::finish_step(g, &mut dice())
}

pub(crate) fn read(events: &[Event], viewer: Viewer) -> Vec<String> {
    events.iter().filter_map(|e| e.sentence(viewer)).collect()
}

pub(crate) fn says(events: &[Event], viewer: Viewer, part: &str) -> bool {
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
    assert_eq!(
        a.scenarios,
        [S4, "battle-of-the-wilderness", "second-day", "wasted-day"]
    );
    let b = info
        .choices
        .iter()
        .find(|c| c.id == "burnside-always-negative")
        .expect("3.3 offered");
    assert_eq!(b.kind, adjutant_engine::ChoiceKind::Bool { default: false });
    assert_eq!(
        b.scenarios,
        [S4, "battle-of-the-wilderness", "second-day", "wasted-day"]
    );
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
