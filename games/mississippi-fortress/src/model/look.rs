//! What a viewer may see of a counter, as plain values ([`Look`]), and each viewer's texts
//! kept from one view to the next ([`KeptTexts`]: the occupied Areas, the river, the shore
//! batteries): the fog of war (`fog`) makes the looks, the views (`view/area_texts.rs`,
//! `view/river.rs`) keep and reuse the texts; the state only holds the store.

use adjutant_engine::view_parts::{KeptMembers, ViewCache};
use adjutant_engine::{PerSide, Side};
use std::sync::Arc;

use crate::model::counter::{Key, Place};
use crate::model::ship::{Battery, Ship};

/// What one viewer may know of one counter, besides its fixed identity: the whole input of
/// its view, so that two equal looks at the same counter are written the same.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Look {
    /// Which counter.
    pub(crate) key: Key,
    /// What the viewer knows of it; `None` when he may not identify it.
    pub(crate) known: Option<Known>,
}

/// An identified counter's changing values as one viewer may know them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Known {
    pub(crate) face_up: bool,
    pub(crate) strength: Option<u8>,
    pub(crate) casualties: u8,
    pub(crate) stragglers: u8,
    pub(crate) ineffective: bool,
    pub(crate) in_comms: Option<bool>,
    pub(crate) moved: bool,
    pub(crate) pinned: bool,
    pub(crate) probed: bool,
}

/// Each viewer's kept texts ([`ViewCache`]: not part of the state).
#[derive(Clone, Debug, Default)]
pub(crate) struct KeptTexts {
    /// Per viewer ([`adjutant_engine::Viewer::index`]), per Area number.
    pub(crate) areas: ViewCache<[Vec<Option<Kept>>; 4]>,
    /// Per viewer, the river's member.
    pub(crate) river: ViewCache<[Option<KeptRiver>; 4]>,
    /// The shore batteries' member, the same for every viewer.
    pub(crate) batteries: ViewCache<Option<KeptBatteries>>,
    /// The view's head (its members before the Areas), public: one kept copy for every
    /// viewer (kept in the omniscient viewer's place).
    pub(crate) head: KeptMembers<HeadFrom>,
}

/// What a view's head is written from, besides what a game never changes (its scenario, its
/// turn range and its options): equal heads are equal texts.
#[derive(Debug, PartialEq)]
pub(crate) struct HeadFrom {
    pub(crate) turn: u8,
    pub(crate) weather: &'static str,
    pub(crate) continuing_rain: bool,
    /// The phase's player, name and segment.
    pub(crate) phase: (Option<Side>, &'static str, &'static str),
    pub(crate) vp: PerSide<i64>,
    /// Whether Vicksburg is besieged, and its supplies.
    pub(crate) siege: (bool, Option<u8>),
}

/// One Area's text for one viewer, and what it was written from.
pub(crate) struct Kept {
    /// The looks at the Area's counters, in key order.
    pub(crate) looks: Vec<Look>,
    /// Their ids, in the same order (a key may name another counter after an undo).
    pub(crate) ids: Vec<Arc<str>>,
    /// `{"area":N,"counters":[...]}`, shared with the views that hold it.
    pub(crate) text: Arc<str>,
}

/// The river's text for one viewer, and everything it was written from: the ships, and each
/// counter aboard a steamer (which steamers, how many SP, what the viewer sees of it).
pub(crate) struct KeptRiver {
    pub(crate) ships: Vec<Ship>,
    pub(crate) aboard: Vec<AboardLook>,
    /// `[{"node":…,"ships":[…]},…]`, shared with the views that hold it.
    pub(crate) text: Arc<str>,
}

/// A counter aboard a steamer, as much as the river's view reads of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct AboardLook {
    /// Which steamers and how its SP are split (the load, the lashing).
    pub(crate) place: Place,
    /// Its present strength (the load).
    pub(crate) present: u8,
    /// What the viewer sees of it (its key among them).
    pub(crate) look: Look,
    /// Its id (a key may name another counter after an undo).
    pub(crate) id: Arc<str>,
}

/// The shore batteries' text and the batteries it was written from.
pub(crate) struct KeptBatteries {
    pub(crate) batteries: Vec<Battery>,
    pub(crate) text: Arc<str>,
}
