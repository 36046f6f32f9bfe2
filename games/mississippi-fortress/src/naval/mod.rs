//! The Union navy (4.1, S12): where ships can be (river arrows and the off-map boxes of the two
//! Mississippi map edges), naval movement ([`movement`]) and transport ([`transport`]).

pub mod combat;
pub mod movement;
pub mod stations;
pub mod transport;

use adjutant_engine::Side;

use crate::model::counter::Place;
use crate::model::game::MississippiFortress;
pub use crate::model::node::{Fleet, Node};

impl MississippiFortress {
    /// Indices of the afloat ships of `side` at `node`.
    pub fn ships_at(&self, side: Side, node: Node) -> impl Iterator<Item = usize> + '_ {
        self.ships
            .iter()
            .enumerate()
            .filter(move |(_, s)| s.side == side && s.at == Some(node))
            .map(|(i, _)| i)
    }

    /// The steamer lashed to `ship` by a counter aboard both (4.12c), if any.
    pub fn lashed_to(&self, ship: usize) -> Option<usize> {
        self.counters.iter().find_map(|c| match c.place {
            Place::Aboard(carrier) if carrier.ship == ship => carrier.also,
            Place::Aboard(carrier) if carrier.also == Some(ship) => Some(carrier.ship),
            _ => None,
        })
    }
}
