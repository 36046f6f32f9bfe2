//! The two seats of a game and the viewers a view can be built for.

use serde::{Deserialize, Serialize};
use std::fmt;

/// One of the two seats. Both games are fought between the Union and the Confederacy, so
/// the seats carry those names rather than "first" and "second".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    Union,
    Confederate,
}

impl Side {
    /// Both sides, Union first (the order used wherever both are listed).
    pub const BOTH: [Side; 2] = [Side::Union, Side::Confederate];

    /// The other seat.
    pub fn opponent(self) -> Side {
        match self {
            Side::Union => Side::Confederate,
            Side::Confederate => Side::Union,
        }
    }

    /// The wire name (`union`, `confederate`).
    pub fn as_str(self) -> &'static str {
        match self {
            Side::Union => "union",
            Side::Confederate => "confederate",
        }
    }

    /// Parses the wire name.
    pub fn parse(s: &str) -> Option<Side> {
        match s {
            "union" => Some(Side::Union),
            "confederate" => Some(Side::Confederate),
            _ => None,
        }
    }

    /// 0 for the Union, 1 for the Confederacy: an index into per-side arrays.
    pub fn index(self) -> usize {
        match self {
            Side::Union => 0,
            Side::Confederate => 1,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::Union => "Union",
            Side::Confederate => "Confederate",
        })
    }
}

/// Whom a view or an event is built for. A view holds exactly what this viewer may know.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Viewer {
    /// A player: sees the public board and its own side's secrets.
    Seat(Side),
    /// Anyone else: public information only.
    Spectator,
    /// Everything; offered only once the game is over.
    Omniscient,
}

impl Viewer {
    /// The side whose secrets this viewer may see, if it is a seat.
    pub fn side(self) -> Option<Side> {
        match self {
            Viewer::Seat(side) => Some(side),
            _ => None,
        }
    }

    /// Whether this viewer may see the secrets of `side`.
    pub fn sees_secrets_of(self, side: Side) -> bool {
        match self {
            Viewer::Seat(own) => own == side,
            Viewer::Spectator => false,
            Viewer::Omniscient => true,
        }
    }

    /// Its place among the four viewers (0 to 3: the Union, the Confederacy, spectators,
    /// the omniscient), for what is kept per viewer.
    pub fn index(self) -> usize {
        match self {
            Viewer::Seat(side) => side.index(),
            Viewer::Spectator => 2,
            Viewer::Omniscient => 3,
        }
    }

    /// The wire name (`union`, `confederate`, `spectator`, `omniscient`).
    pub fn as_str(self) -> &'static str {
        match self {
            Viewer::Seat(side) => side.as_str(),
            Viewer::Spectator => "spectator",
            Viewer::Omniscient => "omniscient",
        }
    }
}

/// A pair of values, one per side, indexed by [`Side`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PerSide<T> {
    pub union: T,
    pub confederate: T,
}

impl<T> PerSide<T> {
    /// Builds both halves from a function of the side.
    pub fn from_fn(mut f: impl FnMut(Side) -> T) -> Self {
        PerSide {
            union: f(Side::Union),
            confederate: f(Side::Confederate),
        }
    }

    /// The value for `side`.
    pub fn get(&self, side: Side) -> &T {
        match side {
            Side::Union => &self.union,
            Side::Confederate => &self.confederate,
        }
    }

    /// The value for `side`, mutably.
    pub fn get_mut(&mut self, side: Side) -> &mut T {
        match side {
            Side::Union => &mut self.union,
            Side::Confederate => &mut self.confederate,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sides_round_trip_through_their_wire_names() {
        for side in Side::BOTH {
            assert_eq!(Side::parse(side.as_str()), Some(side));
            assert_eq!(side.opponent().opponent(), side);
            assert_ne!(side.opponent(), side);
        }
        assert_eq!(Side::parse("rebel"), None);
    }

    #[test]
    fn only_the_own_seat_and_the_omniscient_see_secrets() {
        assert!(Viewer::Seat(Side::Union).sees_secrets_of(Side::Union));
        assert!(!Viewer::Seat(Side::Union).sees_secrets_of(Side::Confederate));
        assert!(!Viewer::Spectator.sees_secrets_of(Side::Union));
        assert!(Viewer::Omniscient.sees_secrets_of(Side::Confederate));
    }
}
