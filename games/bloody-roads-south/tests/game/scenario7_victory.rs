//! Scenario 7's victory (book 7.0: "Use 5.0 through 5.3. Note that existing conditions will
//! count toward victory"; reference 5.0): the bracketed casualties count as losses, the
//! brigades and divisions they wreck count as wrecked, and the leaders lost before play
//! (Wadsworth killed, Longstreet wounded) count as lost — unlike Scenario 6, which counts only
//! what happens in play.

use adjutant_engine::Side;
use bloody_roads_south::data::{self, ScenarioId, UnitId};
use bloody_roads_south::{BloodyRoadsSouth, testing};

use crate::scenario7::set_up;

const U: Side = Side::Union;
const C: Side = Side::Confederate;

/// What `side`'s losses before play are worth to the enemy at the tactical level, read from the
/// data alone (brackets, wreck lines, division thresholds, the lost leaders' ratings):
/// (casualty steps, wrecked brigades, wrecked divisions, leader ratings).
fn losses_before_play(side: Side) -> (u32, u32, u32, u32) {
    let s = data::scenario(ScenarioId::WastedDay).side(side);
    let oob = data::order_of_battle().side(side);
    let steps: u32 = s.casualties.values().map(|&c| u32::from(c)).sum();
    let wrecked = |id: &UnitId| {
        let c = s.casualties.get(id).copied().unwrap_or(0);
        oob.brigade(id).is_some_and(|b| b.is_wrecked(c))
    };
    let brigades = s.casualties.keys().filter(|id| wrecked(id)).count() as u32;
    let divisions = oob
        .divisions()
        .iter()
        .filter(|d| {
            let n = d
                .brigades
                .iter()
                .filter(|b| {
                    oob.brigade(b)
                        .is_some_and(|x| x.counts_for_division_wreck())
                        && wrecked(b)
                })
                .count();
            n >= usize::from(d.wreck_threshold)
        })
        .count() as u32;
    let ratings = s
        .leaders_lost
        .iter()
        .filter_map(|l| oob.leader(l))
        .map(|l| u32::from(l.rating))
        .sum();
    (steps, brigades, divisions, ratings)
}

#[test]
fn rule_5_0_scenario_7_existing_conditions_count_toward_victory() {
    let g = set_up(9);
    let r = g.standard_result();
    eprintln!("Scenario 7 at the start: {}", r.outcome().summary);
    // The brackets: 180 Union and 106 Confederate steps (100 men each) before play.
    let (u_steps, u_brigades, u_divisions, u_leaders) = losses_before_play(U);
    let (c_steps, c_brigades, c_divisions, c_leaders) = losses_before_play(C);
    assert_eq!((u_steps, c_steps), (180, 106));
    assert!(
        u_brigades > 0,
        "some Union brigades start wrecked (2/3/2 [14])"
    );
    // Wadsworth (rating 2) and Longstreet.
    assert_eq!(u_leaders, 2);
    assert!(c_leaders > 0);
    assert_eq!(
        r.tactical.confederate.total,
        u_steps + u_brigades + 2 * u_divisions + u_leaders,
        "{:?}",
        r.tactical.confederate.lines
    );
    assert_eq!(
        r.tactical.union.total,
        c_steps + c_brigades + 2 * c_divisions + c_leaders,
        "{:?}",
        r.tactical.union.lines
    );
    let said = |lines: &[String], what: &str| lines.iter().any(|l| l.contains(what));
    assert!(said(&r.tactical.confederate.lines, "Wadsworth"));
    assert!(said(
        &r.tactical.confederate.lines,
        "18000 enemy casualties"
    ));
    // Longstreet commanded a corps: his rating counts at the strategic level too; Wadsworth,
    // a division commander, does not.
    assert!(said(&r.strategic.union.lines, "Longstreet"));
    assert!(!said(&r.strategic.confederate.lines, "Wadsworth"));
    // The Union starts behind: the ratio of losses favours the Confederates.
    assert!(r.tactical.confederate.total > r.tactical.union.total);
}

#[test]
fn rule_5_0_scenario_7_losses_in_play_add_to_those_before_play() {
    let base = set_up(10);
    let before = base.standard_result().tactical.confederate.total;
    // 1/1/2 starts at full strength: two steps in play are 200 more casualties.
    let mut g: BloodyRoadsSouth = base.clone();
    testing::losses(&mut g, U, "1/1/2", 2, 0);
    assert_eq!(g.standard_result().tactical.confederate.total, before + 2);
    // Stragglers never count (5.1a).
    let mut g = base.clone();
    testing::losses(&mut g, U, "1/1/2", 0, 3);
    assert_eq!(g.standard_result().tactical.confederate.total, before);
    // A leader falling in play counts as in every scenario (Griffin, rating from the data).
    let mut g = base.clone();
    testing::remove(&mut g, U, "Griffin");
    let rating = data::order_of_battle()
        .side(U)
        .leader(&UnitId::new("Griffin"))
        .map_or(0, |l| u32::from(l.rating));
    assert_eq!(
        g.standard_result().tactical.confederate.total,
        before + rating
    );
}

#[test]
fn rule_5_1b_scenario_7_a_corps_wrecked_before_play_counts() {
    let g = set_up(11);
    let r = g.standard_result();
    // Whatever corps the brackets wreck (25% of its brigades) score 2 strategic points for the
    // enemy from the start, as the wrecked-corps line says.
    for side in Side::BOTH {
        let corps = g.wrecked_corps(side);
        let line = r
            .strategic
            .get(side.opponent())
            .lines
            .iter()
            .any(|l| l.contains("wrecked enemy corps"));
        assert_eq!(line, !corps.is_empty(), "{side}: {corps:?}");
    }
    // The location table starts as the scenario's possession table says (5.1d).
    let s = data::scenario(ScenarioId::WastedDay);
    assert_eq!(g.place_holders().len(), 9);
    for (loc, _) in g.place_holders() {
        assert!(s.possession.contains_key(&loc.printed), "{}", loc.printed);
    }
}
