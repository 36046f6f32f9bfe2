//! Facing on hex vertices (series 13.0; reference 2.4): all units in a hex face one vertex,
//! and the two hexsides meeting there are their frontal hexsides. The type and its geometry
//! live in `geometry::facing`; the model names it here.

pub use crate::geometry::facing::Vertex;
