//! What one viewer may know of an Outpost game, written straight to JSON text from typed
//! borrowed structures: every counter of the viewer's side, enemy counters once revealed or
//! dead, the others only as "a counter at post n"; orders given, and their words to their
//! side; remaining strength where the viewer may know it.

use adjutant_engine::view_parts::{Key, Part};
use adjutant_engine::{PerSide, Side, Viewer};
use serde::Serialize;

use crate::kept_counters::Seen;
use crate::{Outpost, Phase, Stance};

impl Outpost {
    /// Everything `viewer` may know, as JSON text: [`Outpost::view_members`] written out.
    pub(crate) fn view_json(&self, viewer: Viewer) -> String {
        Part::Object(self.view_members(viewer)).text()
    }

    /// Everything `viewer` may know in parts: each member of the view its own text (the
    /// engine makes an update from the members that changed).
    pub(crate) fn view_members(&self, viewer: Viewer) -> Vec<(Key, Part)> {
        let mut seen = Vec::new();
        let mut hidden = Vec::new();
        for (i, c) in self.counters.iter().enumerate() {
            let shown = |moved| Seen::Shown {
                counter: i,
                post: c.post,
                strength: c.strength,
                decoy: c.decoy,
                alive: c.alive,
                moved,
            };
            if viewer.sees_secrets_of(c.side) {
                seen.push(shown(Some(c.moved)));
            } else if c.revealed || !c.alive {
                seen.push(shown(None));
            } else {
                hidden.push((c.side, c.post));
            }
        }
        hidden.sort_by_key(|&(side, post)| (side.as_str(), post));
        seen.extend(
            hidden
                .into_iter()
                .map(|(side, post)| Seen::Hidden { side, post }),
        );
        let order = |side: Side| match self.orders.get(side) {
            None => OrderView {
                given: false,
                stance: None,
                note: None,
            },
            Some(o) => {
                let own = viewer.sees_secrets_of(side);
                OrderView {
                    given: true,
                    stance: own.then_some(o.stance),
                    note: own.then(|| o.note.clone()),
                }
            }
        };
        let view = View {
            round: self.round,
            rounds: self.rounds,
            phase: match self.phase {
                Phase::Movement(side) => PhaseView {
                    name: "movement",
                    side: Some(side),
                },
                Phase::Orders => PhaseView {
                    name: "orders",
                    side: None,
                },
                Phase::Over => PhaseView {
                    name: "over",
                    side: None,
                },
            },
            orders: PerSide {
                union: order(Side::Union),
                confederate: order(Side::Confederate),
            },
            strength_left: PerSide {
                union: self.visible_strength(Side::Union, viewer),
                confederate: self.visible_strength(Side::Confederate, viewer),
            },
        };
        let mut members = self.kept_members.members(viewer, view);
        // Each counter its own part, in the view's order, kept from this viewer's last view
        // while it is seen the same: an update compares the counters one by one and reads
        // only the one that changed (`counters` is the fourth member).
        let counters = self
            .kept
            .texts(viewer, &seen, |seen| self.counter_text(seen))
            .into_iter()
            .map(Part::Text)
            .collect();
        members.insert(3, (Key::Borrowed("counters"), Part::Array(counters)));
        members
    }

    /// A counter's view, as JSON text.
    fn counter_text(&self, seen: Seen) -> String {
        let view = match seen {
            Seen::Shown {
                counter,
                post,
                strength,
                decoy,
                alive,
                moved,
            } => {
                let c = &self.counters[counter];
                CounterView::Shown(ShownCounter {
                    id: &c.id,
                    side: c.side,
                    post,
                    strength,
                    decoy,
                    alive,
                    moved,
                })
            }
            Seen::Hidden { side, post } => CounterView::Hidden {
                hidden: true,
                side,
                post,
            },
        };
        serde_json::to_string(&view).expect("a counter serialises")
    }

    /// A side's remaining strength as `viewer` may know it: exact for its own side and once
    /// everything is revealed; otherwise only the strength of revealed counters is known.
    fn visible_strength(&self, side: Side, viewer: Viewer) -> Option<u8> {
        (viewer.sees_secrets_of(side) || self.alive(side).all(|c| c.revealed))
            .then(|| self.strength_left(side))
    }
}

/// What one viewer may know but its counters, written straight to JSON text (each member
/// kept per viewer while it is equal, `Outpost::kept_members`).
#[derive(Debug, PartialEq, Serialize)]
pub(crate) struct View {
    round: u32,
    rounds: u32,
    phase: PhaseView,
    /// Written as parts of their own, after `phase` ([`Outpost::view_members`]).
    orders: PerSide<OrderView>,
    strength_left: PerSide<Option<u8>>,
}

#[derive(Debug, PartialEq, Serialize)]
struct PhaseView {
    name: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    side: Option<Side>,
}

/// A counter known to the viewer, or only its side and post.
#[derive(Serialize)]
#[serde(untagged)]
enum CounterView<'a> {
    Shown(ShownCounter<'a>),
    Hidden { hidden: bool, side: Side, post: u8 },
}

#[derive(Serialize)]
struct ShownCounter<'a> {
    id: &'a str,
    side: Side,
    post: u8,
    strength: u8,
    decoy: bool,
    alive: bool,
    /// Its owner's knowledge only.
    #[serde(skip_serializing_if = "Option::is_none")]
    moved: Option<bool>,
}

/// An order: whether given, and what it says to whoever may know.
#[derive(Debug, PartialEq, Serialize)]
struct OrderView {
    given: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    stance: Option<Stance>,
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<String>,
}
