//! A match's view for one viewer: the rules' members ([`Rules::view_parts`]) and the
//! engine's own, in parts ([`Part`]); the text and the tree are the parts written out.

use serde_json::Value;
use std::sync::{Arc, LazyLock};

use super::Match;
use crate::rules::Rules;
use crate::side::{Side, Viewer};
use crate::view_parts::{Key, Part};

impl<G: Rules> Match<G> {
    /// The view for `viewer`: the rules' view plus `viewer`, `to_act`, `prompt`, `actions`,
    /// `draw` and `outcome`. Once the game is over every viewer sees everything. (The view
    /// as a tree: [`Match::view_text`] parsed.)
    pub fn view(&self, viewer: Viewer) -> Value {
        serde_json::from_str(&self.view_text(viewer)).expect("a view is JSON")
    }

    /// [`Match::view`] as JSON text, written without building a tree: [`Match::view_parts`]
    /// written out. The same view is always the same text.
    pub fn view_text(&self, viewer: Viewer) -> String {
        self.view_parts(viewer).text()
    }

    /// [`Match::view`] in parts: the rules' members ([`Rules::view_parts`]; a view that is
    /// not an object is the member `board`), then the engine's. The seat's list of actions
    /// is the texts this state's offer keeps, one an element, shared by every view of it.
    pub fn view_parts(&self, viewer: Viewer) -> Part {
        let over = self.outcome();
        let rules_viewer = if over.is_some() {
            Viewer::Omniscient
        } else {
            viewer
        };
        let mut members = self.state.view_parts(rules_viewer);
        members.reserve(6);
        let seat = viewer.side();
        let offer = seat.map(|side| self.offer(side));
        let prompt = seat
            .zip(offer)
            .and_then(|(side, o)| o.prompt(&self.state, side));
        let actions = match seat.zip(offer) {
            Some((side, o)) => Part::Array(
                o.offered_parts(&self.state, side, || self.undo.top_label(&self.dice))
                    .iter()
                    .map(|text| Part::Text(Arc::clone(text)))
                    .collect(),
            ),
            None => text_part("[]".to_string()),
        };
        members.push(("viewer".into(), viewer_part(rules_viewer)));
        members.push(("to_act".into(), to_act_part(&self.to_act())));
        members.push(("prompt".into(), json(&prompt)));
        members.push((Key::Borrowed("actions"), actions));
        members.push((
            "draw".into(),
            Part::Text(self.draw.view_part(viewer, over.is_none())),
        ));
        members.push(("outcome".into(), json(&over)));
        Part::Object(members)
    }
}

/// `viewer` as a member's value: one of the [`SHARED`] texts, without writing it.
fn viewer_part(viewer: Viewer) -> Part {
    let i = match viewer {
        Viewer::Seat(Side::Union) => 2,
        Viewer::Seat(Side::Confederate) => 3,
        Viewer::Spectator => 4,
        Viewer::Omniscient => 5,
    };
    Part::Text(Arc::clone(&SHARED[i]))
}

/// The sides to act as a member's value: one of the [`SHARED`] texts, without writing it.
fn to_act_part(to_act: &[Side]) -> Part {
    let i = match to_act {
        [] => 1,
        [Side::Union] => 6,
        [Side::Confederate] => 7,
        [Side::Union, Side::Confederate] => 8,
        _ => return json(&to_act),
    };
    Part::Text(Arc::clone(&SHARED[i]))
}

/// One member's value as a part: one of the [`SHARED`] texts when it is one.
fn json(value: &impl serde::Serialize) -> Part {
    text_part(serde_json::to_string(value).expect("a view member serialises"))
}

/// A member's JSON text as a part: one of the [`SHARED`] texts when it is one.
fn text_part(text: String) -> Part {
    match SHARED_TEXTS.iter().position(|shared| *shared == text) {
        Some(i) => Part::Text(Arc::clone(&SHARED[i])),
        None => Part::text_of(text),
    }
}

/// The values the engine's members take in most views: who views, who is to act, no prompt,
/// no outcome.
const SHARED_TEXTS: [&str; 9] = [
    "null",
    "[]",
    "\"union\"",
    "\"confederate\"",
    "\"spectator\"",
    "\"omniscient\"",
    "[\"union\"]",
    "[\"confederate\"]",
    "[\"union\",\"confederate\"]",
];

/// [`SHARED_TEXTS`], each one text for the life of the process: a member that keeps such a
/// value from one view to the next is the same shared text, known unchanged by its pointer,
/// and no view allocates it again.
static SHARED: LazyLock<Vec<Arc<str>>> =
    LazyLock::new(|| SHARED_TEXTS.iter().map(|t| Arc::from(*t)).collect());

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_viewer_and_the_sides_to_act_are_the_shared_texts_serde_json_writes() {
        for viewer in [
            Viewer::Seat(Side::Union),
            Viewer::Seat(Side::Confederate),
            Viewer::Spectator,
            Viewer::Omniscient,
        ] {
            assert_eq!(
                viewer_part(viewer).text(),
                serde_json::to_string(viewer.as_str()).unwrap()
            );
        }
        for to_act in [
            &[][..],
            &[Side::Union],
            &[Side::Confederate],
            &[Side::Union, Side::Confederate],
            &[Side::Confederate, Side::Union],
        ] {
            assert_eq!(
                to_act_part(to_act).text(),
                serde_json::to_string(to_act).unwrap()
            );
        }
    }

    #[test]
    fn each_shared_text_is_json_as_serde_json_writes_it() {
        for text in SHARED_TEXTS {
            assert_eq!(
                serde_json::from_str::<Value>(text).unwrap().to_string(),
                text
            );
        }
    }
}
