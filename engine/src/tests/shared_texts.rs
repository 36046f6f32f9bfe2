//! The engine's common view members (who views, no actions, no outcome) are one shared text
//! in every view, so an update knows them unchanged by their pointer.

use super::*;
use std::sync::Arc;

fn member<'a>(view: &'a Part, key: &str) -> &'a Arc<str> {
    let Part::Object(members) = view else {
        panic!("a view is an object")
    };
    match members.iter().find(|(k, _)| k == key) {
        Some((_, Part::Text(text))) => text,
        _ => panic!("no member {key}"),
    }
}

#[test]
fn the_engines_common_members_are_one_shared_text_in_every_view() {
    let (m, other) = (new_match(), new_match());
    let (a, b) = (
        m.view_parts(Viewer::Spectator),
        other.view_parts(Viewer::Spectator),
    );
    for key in ["viewer", "actions", "outcome"] {
        assert!(Arc::ptr_eq(member(&a, key), member(&b, key)), "{key}");
    }
    assert_eq!(&**member(&a, "viewer"), "\"spectator\"");
}
