//! What a viewer may see of a counter, as plain values ([`Look`]), and each viewer's Area texts
//! kept from one view to the next ([`AreaTexts`]): the fog of war (`fog`) makes the looks, the
//! views (`view/area_texts.rs`) keep and reuse the texts; the state only holds the store.

use std::sync::{Arc, Mutex};

use crate::model::counter::Key;

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

/// Each viewer's kept Area texts. Not part of the state: a clone (the undo stack's) starts
/// empty, a saved game saves none, and the texts are only ever what the state gives again.
#[derive(Default)]
pub(crate) struct AreaTexts {
    /// Per viewer (both seats, spectators, the omniscient), per Area number.
    pub(crate) kept: Mutex<[Vec<Option<Kept>>; 4]>,
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

impl Clone for AreaTexts {
    fn clone(&self) -> Self {
        AreaTexts::default()
    }
}

impl std::fmt::Debug for AreaTexts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("AreaTexts")
    }
}
