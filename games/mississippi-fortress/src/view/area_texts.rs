//! The occupied Areas of a view, each Area's text written once and kept for its viewer until
//! what that viewer may see there changes (issue 16, "view in parts"): an action moves one
//! stack or changes a few counters, so a view after it rewrites one or two Areas and copies
//! the rest. What a viewer may see of an Area is exactly the [`Look`]s at its counters (and
//! the counters' fixed identities), so a kept text is reused only when every look and every
//! id there is what it was when the text was written: nothing the state says needs to be
//! told which Areas an action touched, and nothing can be missed.

use adjutant_engine::{Part, Side, Viewer};
use serde::Serialize;
use std::sync::Arc;

use crate::data::AreaId;
use crate::fog::CounterView;
use crate::model::counter::Key;
use crate::model::game::MississippiFortress;
use crate::model::look::{Kept, Look};

/// One occupied Area as a viewer sees it.
#[derive(Serialize)]
struct AreaView<'a> {
    area: AreaId,
    counters: Vec<CounterView<'a>>,
}

fn slot(viewer: Viewer) -> usize {
    match viewer {
        Viewer::Seat(Side::Union) => 0,
        Viewer::Seat(Side::Confederate) => 1,
        Viewer::Spectator => 2,
        Viewer::Omniscient => 3,
    }
}

impl MississippiFortress {
    /// The occupied Areas in order, each with its counters as `viewer` sees them, one part
    /// each: an Area whose looks are unchanged since this viewer's last view is the text kept
    /// then (the same shared text, so an update knows it unchanged without reading it).
    pub(crate) fn areas_part(&self, viewer: Viewer) -> Part {
        let mut placed: Vec<(AreaId, Key)> = self
            .counters
            .iter()
            .enumerate()
            .filter_map(|(k, c)| Some((c.area()?, k)))
            .collect();
        placed.sort_unstable();
        // A poisoned lock (a panic while writing) only loses the kept texts.
        let mut guard = match self.area_texts.kept.lock() {
            Ok(guard) => guard,
            Err(poisoned) => {
                let mut guard = poisoned.into_inner();
                *guard = Default::default();
                guard
            }
        };
        let kept = &mut guard[slot(viewer)];
        let mut areas = Vec::with_capacity(placed.len());
        for run in placed.chunk_by(|a, b| a.0 == b.0) {
            let area = run[0].0;
            let n = usize::from(area.number());
            if kept.len() <= n {
                kept.resize_with(n + 1, || None);
            }
            let fresh = kept[n].as_ref().is_some_and(|k| {
                k.looks.len() == run.len()
                    && run
                        .iter()
                        .zip(&k.looks)
                        .zip(&k.ids)
                        .all(|((&(_, key), look), id)| {
                            *look == self.look(key, viewer) && *id == self.counters[key].id
                        })
            });
            if !fresh {
                kept[n] = Some(self.write_area(area, run, viewer));
            }
            if let Some(k) = &kept[n] {
                areas.push(Part::Text(Arc::clone(&k.text)));
            }
        }
        Part::Array(areas)
    }

    fn write_area(&self, area: AreaId, run: &[(AreaId, Key)], viewer: Viewer) -> Kept {
        let looks: Vec<Look> = run.iter().map(|&(_, k)| self.look(k, viewer)).collect();
        let ids = run
            .iter()
            .map(|&(_, k)| self.counters[k].id.clone())
            .collect();
        let view = AreaView {
            area,
            counters: self.counters_view_of(looks.clone()),
        };
        Kept {
            looks,
            ids,
            text: Arc::from(adjutant_engine::json_text(&view, 512)),
        }
    }
}
