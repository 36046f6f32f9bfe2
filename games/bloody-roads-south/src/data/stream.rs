//! Streams and the Rapidan River (hexside features), their bridges and fords (rule 1.4).

use super::hex::Hexside;
use super::road::RoadId;
use super::terrain::Confidence;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The id of a stream (`wilderness-run`, `rapidan-river`, ...).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct StreamId(pub String);

impl fmt::Display for StreamId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A creek (crossable at a cost) or the river (crossable only at its ford, rule 1.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum StreamKind {
    /// Wilderness Run, Flat Run, the Po headwaters.
    Creek,
    /// The Rapidan.
    River,
}

/// A stream: the hexsides it runs along.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Stream {
    /// Its id.
    pub id: StreamId,
    /// Its name.
    pub name: String,
    /// Creek or river.
    pub kind: StreamKind,
    /// Where it comes from.
    pub source: String,
    /// How sure the reconstruction is.
    pub confidence: Confidence,
    /// Its course.
    pub note: String,
    /// The hexsides it runs along.
    pub hexsides: Vec<Hexside>,
}

/// The ford of the Rapidan (rule 1.4).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Ford {
    /// Its name.
    pub name: String,
    /// The river it crosses.
    pub stream: StreamId,
    /// The hexside it crosses.
    pub hexside: Hexside,
    /// The road that uses it.
    pub road: RoadId,
    /// Where it comes from.
    pub source: String,
    /// Notes.
    pub note: String,
}

/// What a road or railroad hexside over a stream is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Crossing {
    /// A pike, primary or secondary road over a creek.
    Bridge,
    /// A trail or the railroad over a creek.
    TrailFord,
    /// The Rapidan's ford (rule 1.4).
    RiverFord,
}
