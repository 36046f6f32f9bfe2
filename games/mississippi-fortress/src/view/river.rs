//! The river and the shore batteries of a view, each one member whose text is kept from one
//! view to the next (issue 16, "view in parts"): most actions move land units, and writing
//! the river's ships (with the counters aboard the transports) again at every view cost as
//! much as the rest of a Champion Hill view. A kept text is reused only when everything it
//! was written from is what it was: every ship, and every counter aboard a steamer (which
//! steamers, its strength, what the viewer sees of it, its id) for the river; every battery
//! for the batteries (public: one text for all viewers). Nothing needs to be told what an
//! action touched, and nothing can be missed.

use adjutant_engine::{Part, Side, Viewer};
use serde::Serialize;
use std::sync::Arc;

use crate::data::{AreaId, ArrowId, UnitId};
use crate::fog::CounterView;
use crate::model::counter::{Key, Place};
use crate::model::game::MississippiFortress;
use crate::model::look::{AboardLook, KeptBatteries, KeptRiver};
use crate::model::node::Node;
use crate::model::record::is_false;
use crate::model::ship::BatteryState;

/// One node of the river with the ships there.
#[derive(Serialize)]
struct NodeView<'a> {
    node: Node,
    ships: Vec<ShipView<'a>>,
}

#[derive(Serialize)]
struct ShipView<'a> {
    id: &'a UnitId,
    side: Side,
    transport: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    lashed_to: Option<&'a UnitId>,
    #[serde(skip_serializing_if = "is_false")]
    moved: bool,
    #[serde(skip_serializing_if = "is_false")]
    held: bool,
    /// A transport's passengers, as the viewer may see them.
    #[serde(skip_serializing_if = "Option::is_none")]
    aboard: Option<Vec<CounterView<'a>>>,
    /// Its owner's: SP aboard and SP taken aboard this turn.
    #[serde(skip_serializing_if = "Option::is_none")]
    load: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    taken_this_turn: Option<u8>,
}

#[derive(Serialize)]
struct BatteryView<'a> {
    id: &'a UnitId,
    area: AreaId,
    arrow: &'a ArrowId,
    state: &'a BatteryState,
}

impl MississippiFortress {
    /// The member `river`: each node with ships, in node order, its ships by id, as `viewer`
    /// may see them; the text kept from this viewer's last view while nothing it was written
    /// from has changed (the same shared text, so an update knows it unchanged).
    pub(super) fn river_part(&self, viewer: Viewer) -> Part {
        let aboard: Vec<AboardLook> = self
            .counters
            .iter()
            .enumerate()
            .filter(|(_, c)| matches!(c.place, Place::Aboard(_)))
            .map(|(k, c)| AboardLook {
                place: c.place,
                present: c.present(),
                look: self.look(k, viewer),
                id: c.id.clone(),
            })
            .collect();
        let mut guard = self.kept_texts.river.lock();
        let kept = &mut guard[viewer.index()];
        let text = match kept {
            Some(k) if k.aboard == aboard && k.ships == self.ships => {
                debug_assert_eq!(*k.text, self.river_text(viewer), "a stale river");
                Arc::clone(&k.text)
            }
            _ => {
                let text: Arc<str> = Arc::from(self.river_text(viewer));
                *kept = Some(KeptRiver {
                    ships: self.ships.clone(),
                    aboard,
                    text: Arc::clone(&text),
                });
                text
            }
        };
        Part::Text(text)
    }

    /// The member `batteries`, the same for every viewer, kept while no battery changes.
    pub(super) fn batteries_part(&self) -> Part {
        let mut kept = self.kept_texts.batteries.lock();
        let text = match &*kept {
            Some(k) if k.batteries == self.batteries => {
                debug_assert_eq!(*k.text, self.batteries_text(), "stale batteries");
                Arc::clone(&k.text)
            }
            _ => {
                let text: Arc<str> = Arc::from(self.batteries_text());
                *kept = Some(KeptBatteries {
                    batteries: self.batteries.clone(),
                    text: Arc::clone(&text),
                });
                text
            }
        };
        Part::Text(text)
    }

    fn batteries_text(&self) -> String {
        let batteries: Vec<BatteryView> = self
            .batteries
            .iter()
            .map(|b| BatteryView {
                id: &b.id,
                area: b.area,
                arrow: &b.arrow,
                state: &b.state,
            })
            .collect();
        adjutant_engine::json_text(&batteries, 1024)
    }

    fn river_text(&self, viewer: Viewer) -> String {
        let mut nodes: Vec<Node> = self.ships.iter().filter_map(|s| s.at).collect();
        nodes.sort();
        nodes.dedup();
        let river: Vec<NodeView> = nodes
            .into_iter()
            .map(|node| {
                let mut ships: Vec<usize> = self
                    .ships
                    .iter()
                    .enumerate()
                    .filter(|(_, s)| s.at == Some(node))
                    .map(|(i, _)| i)
                    .collect();
                ships.sort_by(|&a, &b| self.ships[a].id.cmp(&self.ships[b].id));
                let ships = ships
                    .into_iter()
                    .map(|i| self.ship_view(i, viewer))
                    .collect();
                NodeView { node, ships }
            })
            .collect();
        adjutant_engine::json_text(&river, 2048)
    }

    fn ship_view(&self, i: usize, viewer: Viewer) -> ShipView<'_> {
        let s = &self.ships[i];
        let owner = s.transport && viewer.sees_secrets_of(s.side);
        let aboard = s.transport.then(|| {
            let aboard: Vec<Key> = self
                .aboard(i)
                .filter(|&k| match self.counters[k].place {
                    Place::Aboard(c) => c.ship == i,
                    _ => false,
                })
                .collect();
            self.counters_view(&aboard, viewer)
        });
        ShipView {
            id: &s.id,
            side: s.side,
            transport: s.transport,
            lashed_to: self.lashed_to(i).map(|p| &self.ships[p].id),
            moved: s.rec.moved,
            held: s.rec.held,
            aboard,
            load: owner.then(|| self.load(i)),
            taken_this_turn: owner.then_some(s.rec.taken),
        }
    }
}
