//! A match's view for one viewer: the rules' members ([`Rules::view_parts`]) and the
//! engine's own, in parts ([`Part`]); the text and the tree are the parts written out.

use serde_json::Value;
use std::sync::Arc;

use super::Match;
use crate::rules::Rules;
use crate::side::Viewer;
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
    /// is the text this state's offer keeps, shared by every view of it.
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
            Some((side, o)) => {
                Part::Text(Arc::clone(o.offered_text(&self.state, side, || {
                    self.undo.top_label(&self.dice)
                })))
            }
            None => Part::text_of("[]"),
        };
        members.push(("viewer".into(), json(&rules_viewer.as_str())));
        members.push(("to_act".into(), json(&self.to_act())));
        members.push(("prompt".into(), json(&prompt)));
        members.push((Key::Borrowed("actions"), actions));
        members.push((
            "draw".into(),
            Part::text_of(self.draw.view_text(viewer, over.is_none())),
        ));
        members.push(("outcome".into(), json(&over)));
        Part::Object(members)
    }
}

/// One member's value as a part.
fn json(value: &impl serde::Serialize) -> Part {
    Part::text_of(serde_json::to_string(value).expect("a view member serialises"))
}
