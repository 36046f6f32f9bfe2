//! The occupied Areas of a view, each Area's text written once and kept for its viewer until
//! what that viewer may see there changes (issue 16, "view in parts"): an action moves one
//! stack or changes a few counters, so a view after it rewrites one or two Areas and copies
//! the rest. What a viewer may see of an Area is exactly the [`Look`]s at its counters (and
//! the counters' fixed identities), so a kept text is reused only when every look and every
//! id there is what it was when the text was written: nothing the state says needs to be
//! told which Areas an action touched, and nothing can be missed.

use adjutant_engine::{Part, Viewer};
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

/// `placed` (in counter order) sorted by Area, each Area's counters in counter order: the
/// order `sort_unstable` gives, found by counting (47 Areas) rather than by comparing.
fn by_area(placed: Vec<(AreaId, Key)>) -> Vec<(AreaId, Key)> {
    let last = usize::from(AreaId::LAST);
    if placed.iter().any(|(a, _)| usize::from(a.number()) > last) {
        let mut placed = placed;
        placed.sort_unstable();
        return placed;
    }
    // Where each Area's counters start, then the next free place of each.
    let mut next = vec![0usize; last + 2];
    for &(a, _) in &placed {
        next[usize::from(a.number()) + 1] += 1;
    }
    for i in 1..next.len() {
        next[i] += next[i - 1];
    }
    let mut sorted = placed.clone();
    for &(a, k) in &placed {
        let at = &mut next[usize::from(a.number())];
        sorted[*at] = (a, k);
        *at += 1;
    }
    sorted
}

impl MississippiFortress {
    /// The occupied Areas in order, each with its counters as `viewer` sees them, one part
    /// each: an Area whose looks are unchanged since this viewer's last view is the text kept
    /// then (the same shared text, so an update knows it unchanged without reading it).
    pub(crate) fn areas_part(&self, viewer: Viewer) -> Part {
        let placed = by_area(
            self.counters
                .iter()
                .enumerate()
                .filter_map(|(k, c)| Some((c.area()?, k)))
                .collect(),
        );
        let mut guard = self.kept_texts.areas.lock();
        let kept = &mut guard[viewer.index()];
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counters_sorted_by_area_by_counting_as_by_comparing() {
        let mut seed = 7u64;
        for n in 0..200 {
            let placed: Vec<(AreaId, Key)> = (0..n % 60)
                .map(|k| {
                    seed = seed
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    (AreaId(1 + (seed >> 33) as u8 % AreaId::LAST), k)
                })
                .collect();
            let mut compared = placed.clone();
            compared.sort_unstable();
            assert_eq!(by_area(placed), compared);
        }
        // An Area past the map's last (not in any scenario) is sorted all the same.
        assert_eq!(
            by_area(vec![(AreaId(200), 0), (AreaId(3), 1)]),
            vec![(AreaId(3), 1), (AreaId(200), 0)]
        );
    }
}
