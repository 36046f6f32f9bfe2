//! A posted action checked without listing ([`Rules::offered_fit`]), on the race: `step` is
//! told by the rules, everything else by the list, and the answers are the list's.

use super::*;

fn enumerations() -> u32 {
    ENUMERATIONS.with(|n| n.get())
}

fn labels() -> u32 {
    LABELS.with(|n| n.get())
}

#[test]
fn an_action_the_rules_tell_is_accepted_without_listing_and_undoes_with_its_label() {
    let mut m = new_match();
    ENUMERATIONS.with(|n| n.set(0));
    LABELS.with(|n| n.set(0));
    for _ in 0..3 {
        m.replay(Side::Union, &json!({"type": "step"})).unwrap();
    }
    assert_eq!(enumerations(), 0, "a replay of told actions lists nothing");
    assert_eq!(
        labels(),
        0,
        "nor labels them: undo labels are made when asked"
    );
    let offered = m.offered(Side::Union);
    let undo = offered.iter().find(|a| a["type"] == "undo").unwrap();
    assert_eq!(undo["label"], "Undo: Step");
    m.play(Side::Union, &json!({"type": "undo"})).unwrap();
    assert_eq!(m.state().squares, [2, 0]);
    // The newest action left is labelled from its state before, rebuilt from the stack.
    let offered = m.offered(Side::Union);
    let undo = offered.iter().find(|a| a["type"] == "undo").unwrap();
    assert_eq!(undo["label"], "Undo: Step");
}

#[test]
fn what_the_rules_do_not_tell_is_checked_against_the_list_with_the_lists_errors() {
    let mut m = new_match();
    ENUMERATIONS.with(|n| n.set(0));
    m.replay(Side::Union, &json!({"type": "pass", "label": "Pass"}))
        .unwrap();
    assert_eq!(enumerations(), 1, "pass is left to the list");
    let refused = [
        (Side::Union, json!({"type": "step"})),
        (Side::Union, json!({"type": "fly"})),
        (Side::Confederate, json!({"type": "fly"})),
    ];
    for (side, action) in refused {
        let err = m.play(side, &action).unwrap_err();
        let expected = if side == Side::Union {
            "NotYourTurn"
        } else {
            "NotOffered"
        };
        assert!(
            format!("{err:?}").starts_with(expected),
            "{side} {action}: {err:?}"
        );
    }
    assert_eq!(m.seq(), 1);
    assert_eq!(m.state().squares, [0, 0]);
    m.play(Side::Confederate, &json!({"type": "step"})).unwrap();
    assert_eq!(m.state().squares, [0, 1]);
}
