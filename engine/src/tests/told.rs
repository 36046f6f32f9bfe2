//! What each viewer is told of an action's events ([`crate::Told`]), on the race: the
//! events written once, each viewer's text, the engine's own undo redacted, stored events.

use super::*;

#[test]
fn the_last_actions_events_redact_alike_typed_or_stored() {
    let mut m = new_match();
    m.play(Side::Union, &json!({"type": "step"})).unwrap();
    let undone = m.play(Side::Union, &json!({"type": "undo"})).unwrap();
    let conceded = m.concede(Side::Confederate, EndReason::Resigned);
    for viewer in [
        Viewer::Seat(Side::Union),
        Viewer::Seat(Side::Confederate),
        Viewer::Spectator,
        Viewer::Omniscient,
    ] {
        let played = conceded.as_ref().unwrap();
        assert_eq!(
            m.redact_played(played, viewer),
            Match::<Race>::redact(&played.events(), viewer)
        );
        // An older action is redacted from its stored events.
        assert_eq!(
            m.redact_played(&undone, viewer),
            Match::<Race>::redact(&undone.events(), viewer)
        );
    }
}

#[test]
fn the_last_actions_events_are_written_once_and_each_viewer_is_told_its_own_text() {
    let mut m = new_match();
    m.play(Side::Union, &json!({"type": "step"})).unwrap();
    let undone = m.play(Side::Union, &json!({"type": "undo"})).unwrap();
    let whole = r#"[{"type":"undone","side":"union","label":"Step"}]"#;
    assert_eq!(undone.events_json, whole);
    for own in [Viewer::Seat(Side::Union), Viewer::Omniscient] {
        assert_eq!(m.redact_played_text(&undone, own), whole, "{own:?}");
    }
    for other in [Viewer::Seat(Side::Confederate), Viewer::Spectator] {
        assert_eq!(
            m.redact_played_text(&undone, other),
            r#"[{"type":"undone","side":"union"}]"#,
            "{other:?} must not read what was taken back"
        );
    }
    // The rules' own event, whole; an older action's events are told from its text.
    let stepped = m.play(Side::Union, &json!({"type": "step"})).unwrap();
    let moved = r#"[{"type":"moved","side":"union","by":1}]"#;
    assert_eq!(m.redact_played_text(&stepped, Viewer::Spectator), moved);
    m.play(Side::Union, &json!({"type": "pass"})).unwrap();
    let told = m.redact_played_text(&stepped, Viewer::Spectator);
    assert_eq!(
        serde_json::from_str::<Value>(&told).unwrap(),
        serde_json::from_str::<Value>(moved).unwrap()
    );
}

#[test]
fn an_undo_tells_the_other_side_and_spectators_only_that_it_happened() {
    let mut m = new_match();
    m.play(Side::Union, &json!({"type": "step"})).unwrap();
    let undone = m.play(Side::Union, &json!({"type": "undo"})).unwrap();
    let own = Match::<Race>::redact(&undone.events(), Viewer::Seat(Side::Union));
    assert_eq!(
        own,
        vec![json!({"type": "undone", "side": "union", "label": "Step"})]
    );
    assert_eq!(
        Match::<Race>::redact(&undone.events(), Viewer::Omniscient),
        own
    );
    for other in [Viewer::Seat(Side::Confederate), Viewer::Spectator] {
        assert_eq!(
            Match::<Race>::redact(&undone.events(), other),
            vec![json!({"type": "undone", "side": "union"})],
            "{other:?} must not read what was taken back"
        );
    }
}

#[test]
fn a_stored_meta_event_this_version_does_not_read_is_shown_only_to_the_omniscient() {
    let odd = vec![json!({"type": "undone", "side": "nobody", "label": "secret"})];
    assert!(Match::<Race>::redact(&odd, Viewer::Spectator).is_empty());
    assert!(Match::<Race>::redact(&odd, Viewer::Seat(Side::Union)).is_empty());
    assert_eq!(Match::<Race>::redact(&odd, Viewer::Omniscient), odd);
}
