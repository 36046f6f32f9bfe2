//! Where a ship can be (4.15): river arrows and off-map boxes; a naval stack on the move.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::data::map::{MapEdge, NavalNode};
use crate::data::{ArrowId, Map};

/// Where a ship can be: a river arrow, or off the map beyond the north or south edge (4.15).
/// Written `"A3"`, `"Y1"`, `"north-edge"` or `"south-edge"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum Node {
    /// A river arrow.
    Arrow(ArrowId),
    /// Off the map beyond the north edge (Milliken's Bend side).
    North,
    /// Off the map beyond the south edge (Bruinsburg side).
    South,
}

impl Node {
    /// The node of the map's naval graph, if it is one ships use.
    pub fn from_naval(node: NavalNode) -> Option<Node> {
        match node {
            NavalNode::Arrow(a) => Some(Node::Arrow(a)),
            NavalNode::OffMap(MapEdge::North) => Some(Node::North),
            NavalNode::OffMap(MapEdge::South) => Some(Node::South),
            NavalNode::OffMap(_) => None,
        }
    }

    /// The arrow, if on the map.
    pub fn arrow(self) -> Option<ArrowId> {
        match self {
            Node::Arrow(a) => Some(a),
            _ => None,
        }
    }

    /// "A3 (Vicksburg)", "off the map (north edge)".
    pub fn name(self) -> String {
        match self {
            Node::Arrow(a) => match Map::get().arrow(a) {
                Some(arrow) => format!("{a} ({})", arrow.name),
                None => a.to_string(),
            },
            Node::North => "off the map (north edge)".to_string(),
            Node::South => "off the map (south edge)".to_string(),
        }
    }

    /// The nodes one naval step away, each with whether the step is upstream (4.11, S12.1b).
    pub fn next(self) -> Vec<(Node, bool)> {
        let map = Map::get();
        match self {
            Node::Arrow(a) => {
                let mut out = Vec::new();
                if let Some(down) = map.downstream(a).and_then(Node::from_naval) {
                    out.push((down, false));
                }
                for up in map.upstream(a).into_iter().filter_map(Node::from_naval) {
                    out.push((up, true));
                }
                out
            }
            Node::North => map
                .arrow_from_north_edge()
                .map(|a| vec![(Node::Arrow(a), false)])
                .unwrap_or_default(),
            Node::South => map
                .arrow_from_south_edge()
                .map(|a| vec![(Node::Arrow(a), true)])
                .unwrap_or_default(),
        }
    }

    /// The number of naval steps to another node, along the rivers either way.
    pub fn distance(self, to: Node) -> Option<u32> {
        let mut seen = vec![self];
        let mut frontier = vec![self];
        let mut d = 0;
        while !frontier.is_empty() {
            if frontier.contains(&to) {
                return Some(d);
            }
            d += 1;
            let mut next = Vec::new();
            for node in frontier {
                for (n, _) in node.neighbours() {
                    if !seen.contains(&n) {
                        seen.push(n);
                        next.push(n);
                    }
                }
            }
            frontier = next;
        }
        None
    }

    /// Neighbours either way (for distances).
    fn neighbours(self) -> Vec<(Node, bool)> {
        let mut out = self.next();
        let map = Map::get();
        // Nodes from which one step reaches this one.
        for arrow in map.arrows() {
            let from = Node::Arrow(arrow.id);
            if from.next().iter().any(|(n, _)| *n == self) && !out.iter().any(|(n, _)| *n == from) {
                out.push((from, false));
            }
        }
        for edge in [Node::North, Node::South] {
            if edge.next().iter().any(|(n, _)| *n == self) && !out.iter().any(|(n, _)| *n == edge) {
                out.push((edge, false));
            }
        }
        out
    }

    /// The off-map box of the nearer map edge along the river (decision R7).
    pub fn nearer_edge(self) -> Node {
        let north = self.distance(Node::North).unwrap_or(u32::MAX);
        let south = self.distance(Node::South).unwrap_or(u32::MAX);
        if north <= south {
            Node::North
        } else {
            Node::South
        }
    }
}

impl fmt::Display for Node {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Node::Arrow(a) => write!(f, "{a}"),
            Node::North => f.write_str("north-edge"),
            Node::South => f.write_str("south-edge"),
        }
    }
}

impl FromStr for Node {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "north-edge" => Ok(Node::North),
            "south-edge" => Ok(Node::South),
            _ => s.parse().map(Node::Arrow),
        }
    }
}

impl TryFrom<String> for Node {
    type Error = String;

    fn try_from(value: String) -> Result<Self, Self::Error> {
        value.parse()
    }
}

impl From<Node> for String {
    fn from(value: Node) -> Self {
        value.to_string()
    }
}

/// A naval stack on the move: one or two ships, the first on top (decisions R8, R22).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fleet {
    /// Where the stack was formed.
    pub(crate) from: Node,
    /// Where it is now.
    pub(crate) at: Node,
    /// Its ships, top first.
    pub(crate) ships: Vec<usize>,
    /// Steps taken.
    pub(crate) steps: u8,
}

impl Fleet {
    /// Its ships, top first.
    pub fn ships(&self) -> &[usize] {
        &self.ships
    }
}
