//! Draw offers, the engine's own and the same for every game: a seat offers the game drawn,
//! the other seat accepts or declines, the offerer may withdraw. Public: both seats and
//! spectators see an offer stand.
//!
//! Decided (no rulebook speaks of it; correspondence chess is the model):
//! - an offer stands until it is answered or withdrawn, whoever is to act meanwhile (a
//!   correspondence player may think it over for days while the game goes on);
//! - a seat whose offer was declined may not offer again until it has itself played an
//!   action of the game since (no offer repeated every minute);
//! - an agreed draw ends the game with no winner (`outcome.reason` `agreed`).

use serde::{Deserialize, Serialize};
use std::sync::{Arc, OnceLock};

use crate::meta::MetaAction;
use crate::side::{PerSide, Side, Viewer};

/// Where the draw offers of a match stand.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Draw {
    /// The side whose offer stands, if any.
    #[serde(default)]
    offered_by: Option<Side>,
    /// Sides whose offer was declined and who have played no action of the game since.
    #[serde(default)]
    declined: PerSide<bool>,
}

impl Draw {
    /// The draw actions `side` may take now, while the game runs.
    pub fn choices(&self, side: Side) -> Vec<MetaAction> {
        match self.offered_by {
            Some(by) if by == side => vec![MetaAction::WithdrawDraw],
            Some(_) => vec![MetaAction::AcceptDraw, MetaAction::DeclineDraw],
            None if *self.declined.get(side) => Vec::new(),
            None => vec![MetaAction::OfferDraw],
        }
    }

    /// Whether `side` may take `action` now.
    pub fn allows(&self, side: Side, action: MetaAction) -> bool {
        self.choices(side).contains(&action)
    }

    /// Applies an allowed draw action of `side`; true when the game is drawn.
    pub fn apply(&mut self, side: Side, action: MetaAction) -> bool {
        match action {
            MetaAction::OfferDraw => self.offered_by = Some(side),
            MetaAction::WithdrawDraw => self.offered_by = None,
            MetaAction::DeclineDraw => {
                self.offered_by = None;
                *self.declined.get_mut(side.opponent()) = true;
            }
            MetaAction::AcceptDraw => {
                self.offered_by = None;
                return true;
            }
            _ => {}
        }
        false
    }

    /// `side` played an action of the game: it may offer again.
    pub fn played(&mut self, side: Side) {
        *self.declined.get_mut(side) = false;
    }

    /// The game ended: nothing stands any more.
    pub fn close(&mut self) {
        *self = Draw::default();
    }

    /// The view's `draw` as JSON text: the standing offer (public) and, for a seat, the draw
    /// actions it may post, labelled like every offered action (keys in the order of a
    /// `serde_json` map, as the view has always had them).
    pub fn view_text(&self, viewer: Viewer, running: bool) -> String {
        let actions = match viewer.side() {
            Some(side) if running => self.choices(side),
            _ => Vec::new(),
        };
        let view = DrawView {
            actions: actions
                .into_iter()
                .map(|action| DrawChoice {
                    label: label(action),
                    action,
                })
                .collect(),
            offered_by: self.offered_by,
        };
        serde_json::to_string(&view).expect("a draw view serialises")
    }

    /// [`Draw::view_text`], shared: the text depends only on the standing offer, whether
    /// the viewer's seat was declined, which seat views and whether the game runs (36
    /// texts, written once for the process), so every view of every game shares them and an
    /// update knows the member unchanged by its pointer.
    pub fn view_part(&self, viewer: Viewer, running: bool) -> Arc<str> {
        static TEXTS: OnceLock<Vec<Arc<str>>> = OnceLock::new();
        let texts = TEXTS.get_or_init(|| {
            let mut texts = Vec::with_capacity(36);
            for offered_by in [None, Some(Side::Union), Some(Side::Confederate)] {
                for declined in [false, true] {
                    let draw = Draw {
                        offered_by,
                        declined: PerSide {
                            union: declined,
                            confederate: declined,
                        },
                    };
                    for viewer in [
                        Viewer::Spectator,
                        Viewer::Seat(Side::Union),
                        Viewer::Seat(Side::Confederate),
                    ] {
                        for running in [false, true] {
                            texts.push(Arc::from(draw.view_text(viewer, running)));
                        }
                    }
                }
            }
            texts
        });
        let offered = match self.offered_by {
            None => 0,
            Some(Side::Union) => 1,
            Some(Side::Confederate) => 2,
        };
        let (seat, declined) = match viewer.side() {
            None => (0, false),
            Some(side) => (1 + side.index(), *self.declined.get(side)),
        };
        let at = ((offered * 2 + usize::from(declined)) * 3 + seat) * 2 + usize::from(running);
        Arc::clone(&texts[at])
    }
}

/// The view's `draw`.
#[derive(Serialize)]
struct DrawView {
    actions: Vec<DrawChoice>,
    offered_by: Option<Side>,
}

/// A draw action offered, with its label.
#[derive(Serialize)]
struct DrawChoice {
    label: &'static str,
    /// Written as its `type` member.
    #[serde(flatten)]
    action: MetaAction,
}

/// The label of a draw action, as offered.
fn label(action: MetaAction) -> &'static str {
    match action {
        MetaAction::OfferDraw => "Offer a draw",
        MetaAction::AcceptDraw => "Accept the draw offered",
        MetaAction::DeclineDraw => "Decline the draw offered",
        MetaAction::WithdrawDraw => "Withdraw your draw offer",
        _ => "",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{Value, json};

    /// The draw view as it was first written, from a tree.
    fn view_tree(draw: &Draw, viewer: Viewer, running: bool) -> Value {
        let actions: Vec<Value> = match viewer.side() {
            Some(side) if running => draw
                .choices(side)
                .into_iter()
                .map(|action| {
                    let mut value = action.to_value();
                    value["label"] = Value::String(label(action).to_string());
                    value
                })
                .collect(),
            _ => Vec::new(),
        };
        json!({"offered_by": draw.offered_by.map(Side::as_str), "actions": actions})
    }

    #[test]
    fn every_draw_view_is_the_text_of_its_tree() {
        let viewers = [
            Viewer::Seat(Side::Union),
            Viewer::Seat(Side::Confederate),
            Viewer::Spectator,
            Viewer::Omniscient,
        ];
        for offered_by in [None, Some(Side::Union), Some(Side::Confederate)] {
            for (union, confederate) in [(false, false), (true, false), (false, true), (true, true)]
            {
                let draw = Draw {
                    offered_by,
                    declined: PerSide { union, confederate },
                };
                for viewer in viewers {
                    for running in [true, false] {
                        let text = view_tree(&draw, viewer, running).to_string();
                        assert_eq!(
                            draw.view_text(viewer, running),
                            text,
                            "{draw:?} {viewer:?} {running}"
                        );
                        // The shared texts: the same, whichever side was declined.
                        assert_eq!(
                            *draw.view_part(viewer, running),
                            *text,
                            "{draw:?} {viewer:?} {running}, shared"
                        );
                    }
                }
            }
        }
    }
}
