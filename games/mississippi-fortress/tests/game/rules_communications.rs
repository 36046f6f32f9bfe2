//! Lines of Communication (2.11, 4.14, 4.32, 4.4, S6).

use adjutant_engine::Side;
use mississippi_fortress::MississippiFortress;
use mississippi_fortress::sequence::Step;
use mississippi_fortress::state::Place;

use crate::support::*;

fn in_comms(game: &MississippiFortress, id: &str) -> bool {
    let census = game.census();
    game.in_communications_now(&census, key(game, id))
}

#[test]
fn rule_2_11a_union_infantry_traces_to_its_officer_and_the_officer_to_grant() {
    let (mut game, _) = lab(70);
    assert!(in_comms(&game, "xv-1-div"), "Sherman and Grant are with it");
    assert!(in_comms(&game, "xiii-10-div"), "McClernand one Area away");
    assert!(in_comms(&game, "xvii-6-div"), "McPherson one Area away");
    // 2.21a: Sherman leads the XV and the XVI Corps.
    let k = put(&mut game, "xvi-4-div", 22);
    assert_eq!(game.officer_of(k), Some(key(&game, "sherman")));
    // An Officer three Areas away is too far (S6.3: 2), and Grant two Areas away too (2.11c).
    put(&mut game, "mcclernand", 41);
    put(&mut game, "xiii-10-div", 25);
    assert!(!in_comms(&game, "xiii-10-div"));
    put(&mut game, "mcclernand", 32);
    assert!(in_comms(&game, "xiii-10-div"), "two Areas: 25-26-32");
}

#[test]
fn rule_2_11a_r2_a_unit_may_trace_directly_to_grant_within_one_area() {
    let (mut game, _) = lab(71);
    put(&mut game, "mcpherson", 47);
    assert!(
        in_comms(&game, "xvii-6-div"),
        "Grant at 13 is adjacent to 22"
    );
    put(&mut game, "xvii-6-div", 26);
    assert!(!in_comms(&game, "xvii-6-div"), "Grant two Areas away");
    // R2: no direct trace once Commander McClernand heads the army.
    put(&mut game, "xvii-6-div", 22);
    edit(&mut game, |s| s.place("grant", Place::Gone));
    assert!(!in_comms(&game, "xvii-6-div"));
    edit(&mut game, |s| {
        s.add_counter("mcclernand-commander", Place::Area(area(13)))
    });
    assert!(!in_comms(&game, "xvii-6-div"));
    // His Officers trace to him.
    assert!(
        in_comms(&game, "xv-1-div"),
        "Sherman reaches Commander McClernand"
    );
}

#[test]
fn rule_2_11b_2_11c_confederate_infantry_traces_to_the_c_o_of_its_letter_within_one_area() {
    let (mut game, _) = lab(72);
    assert!(
        in_comms(&game, "stevenson-div"),
        "Pemberton at 19, next to 20"
    );
    assert!(in_comms(&game, "walker-bde"), "Johnston is with it");
    put(&mut game, "ector-bde", 7);
    assert!(!in_comms(&game, "ector-bde"), "Johnston two Areas away");
    put(&mut game, "pemberton", 18);
    assert!(!in_comms(&game, "stevenson-div"));
    // 4.32: Bowen's Division traces to Pemberton like any other.
    assert!(!in_comms(&game, "bowen-div"));
}

#[test]
fn rule_s6_2b_a_loc_may_not_pass_through_enemy_controlled_areas() {
    let (mut game, _) = lab(73);
    clear(&mut game, false);
    put(&mut game, "grant", 13);
    put(&mut game, "mcclernand", 13);
    put(&mut game, "xiii-10-div", 26);
    assert!(in_comms(&game, "xiii-10-div"));
    put(&mut game, "loring-div", 22);
    put(&mut game, "stevenson-div", 21);
    assert!(
        !in_comms(&game, "xiii-10-div"),
        "21 and 22 are Confederate-Controlled"
    );
    put(&mut game, "xiii-9-div", 22);
    assert!(
        in_comms(&game, "xiii-10-div"),
        "the Union also fully Controls 22"
    );
    // Limited Control blocks too (S3.44b).
    edit(&mut game, |s| s.place("xiii-9-div", Place::Gone));
    put(&mut game, "loring-div", 20);
    put(&mut game, "la-art", 22);
    assert!(
        !in_comms(&game, "xiii-10-div"),
        "artillery alone gives limited Control"
    );
}

#[test]
fn rule_4_4_s6_4c_militia_cavalry_and_artillery_need_no_loc() {
    let (mut game, mut dice) = lab(74);
    put(&mut game, "vicksburg-garrison", 47);
    put(&mut game, "ms-2-cav", 46);
    put(&mut game, "ms-art", 45);
    for id in ["vicksburg-garrison", "ms-2-cav", "ms-art"] {
        assert!(in_comms(&game, id));
    }
    // S6.1a: the status is taken in the owner's Communications Phase and held.
    put(&mut game, "ector-bde", 7);
    finish_until(&mut game, &mut dice, |g| {
        g.step() == Step::Arrival(Side::Union) && g.turn() == 14
    });
    let ector = key(&game, "ector-bde");
    let garrison = key(&game, "vicksburg-garrison");
    assert!(
        !game.counters()[ector].rec().in_comms() || game.counters()[ector].area() != Some(area(7))
    );
    assert!(game.counters()[garrison].rec().in_comms());
}
