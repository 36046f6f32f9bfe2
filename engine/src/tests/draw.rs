//! Draw offers ([`crate::draw`]) and the `irrevocable` mark, on the race.

use super::*;

fn draw_actions(m: &Match<Race>, side: Side) -> Vec<String> {
    m.view(Viewer::Seat(side))["draw"]["actions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["type"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn either_seat_may_offer_a_draw_whoever_is_to_act_and_the_rules_never_list_it() {
    let m = new_match();
    for side in Side::BOTH {
        assert_eq!(draw_actions(&m, side), ["offer_draw"], "{side}");
        assert!(m.offered(side).iter().all(|a| a["type"] != "offer_draw"));
    }
    assert_eq!(
        m.view(Viewer::Spectator)["draw"],
        json!({"offered_by": null, "actions": []})
    );
}

#[test]
fn an_accepted_draw_ends_the_game_with_no_winner() {
    let mut m = new_match();
    m.play(Side::Union, &json!({"type": "step"})).unwrap();
    let offer = m
        .play(
            Side::Confederate,
            &json!({"type": "offer_draw", "label": "Offer a draw"}),
        )
        .unwrap();
    assert_eq!(
        offer.events(),
        [json!({"type": "draw_offered", "side": "confederate"})]
    );
    assert_eq!(m.to_act(), [Side::Union], "an offer hands nothing over");
    assert!(
        has_undo(&m, Side::Union),
        "nor clears the offerer's opponent's undo"
    );
    assert_eq!(
        m.view(Viewer::Spectator)["draw"]["offered_by"],
        "confederate"
    );
    assert_eq!(draw_actions(&m, Side::Confederate), ["withdraw_draw"]);
    assert_eq!(
        draw_actions(&m, Side::Union),
        ["accept_draw", "decline_draw"]
    );
    let agreed = m
        .play(Side::Union, &json!({"type": "accept_draw"}))
        .unwrap();
    assert_eq!(
        agreed.events()[0],
        json!({"type": "draw_agreed", "side": "union"})
    );
    assert_eq!(agreed.events()[1]["type"], "game_over");
    let outcome = m.outcome().unwrap();
    assert_eq!((outcome.winner, outcome.reason), (None, EndReason::Agreed));
    assert!(m.to_act().is_empty());
    assert_eq!(
        m.view(Viewer::Seat(Side::Union))["draw"],
        json!({"offered_by": null, "actions": []})
    );
}

#[test]
fn a_declined_offer_may_not_be_repeated_until_the_offerer_has_played() {
    let mut m = new_match();
    m.play(Side::Confederate, &json!({"type": "offer_draw"}))
        .unwrap();
    let refused = m.play(Side::Confederate, &json!({"type": "accept_draw"}));
    assert!(
        matches!(refused, Err(PlayError::NotOffered(_))),
        "not one's own offer"
    );
    m.play(Side::Union, &json!({"type": "decline_draw"}))
        .unwrap();
    assert!(draw_actions(&m, Side::Confederate).is_empty());
    let before = serde_json::to_value(m.snapshot()).unwrap();
    let again = m.play(Side::Confederate, &json!({"type": "offer_draw"}));
    assert!(matches!(again, Err(PlayError::NotOffered(why)) if why.contains("declined")));
    assert_eq!(serde_json::to_value(m.snapshot()).unwrap(), before);
    m.play(Side::Union, &json!({"type": "pass"})).unwrap();
    m.play(Side::Confederate, &json!({"type": "step"})).unwrap();
    assert_eq!(draw_actions(&m, Side::Confederate), ["offer_draw"]);
    assert_eq!(draw_actions(&m, Side::Union), ["offer_draw"]);
}

#[test]
fn a_withdrawn_offer_can_no_longer_be_accepted_and_a_snapshot_keeps_an_offer() {
    let mut m = new_match();
    m.play(Side::Union, &json!({"type": "offer_draw"})).unwrap();
    let mut restored = Match::<Race>::restore(m.snapshot(), &Seed::from_bytes([9; 32]));
    assert_eq!(
        draw_actions(&restored, Side::Confederate),
        ["accept_draw", "decline_draw"]
    );
    restored
        .play(Side::Union, &json!({"type": "withdraw_draw"}))
        .unwrap();
    assert!(matches!(
        restored.play(Side::Confederate, &json!({"type": "accept_draw"})),
        Err(PlayError::NotOffered(_))
    ));
    assert!(restored.outcome().is_none());
}

#[test]
fn draw_actions_replay_from_a_record_like_any_other() {
    let mut m = new_match();
    m.replay(Side::Union, &json!({"type": "offer_draw"}))
        .unwrap();
    m.replay(Side::Confederate, &json!({"type": "accept_draw"}))
        .unwrap();
    assert_eq!(m.outcome().unwrap().reason, EndReason::Agreed);
}

#[test]
fn an_irrevocable_action_is_marked_and_accepted_back_with_its_mark() {
    let mut m = new_match();
    let offered = m.offered(Side::Union);
    let pass = offered.iter().find(|a| a["type"] == "pass").unwrap();
    assert_eq!(pass["irrevocable"], true);
    assert!(
        offered[0].get("irrevocable").is_none(),
        "only what the rules mark"
    );
    let played = m.play(Side::Union, pass).unwrap();
    assert_eq!(
        played.action(),
        json!({"type": "pass"}),
        "the mark is not recorded"
    );
}
