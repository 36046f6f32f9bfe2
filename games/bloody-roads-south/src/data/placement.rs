//! Where a scenario sets up its counters (rules 6.0a-h): a hex, "within N of" a hex or a
//! unit, "with (or adjacent to) any unit of" a formation, or anywhere along a stretch of road.

use super::hex::HexId;
use super::ids::{FormationId, UnitId};
use super::road::RoadId;
use super::variant::VariantId;
use serde::Deserialize;

/// Where the units of one set-up line go. The owning player chooses the exact hex within
/// the allowed set, secretly and simultaneously with the opponent (see the rules reference).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetupLocation {
    /// In this hex.
    At(HexId),
    /// In a hex at most `radius` hexes from `of` ("w/i 2 B32.26").
    Within {
        /// Maximum distance in hexes.
        radius: u8,
        /// The centre hex.
        of: HexId,
    },
    /// In a hex at most `radius` hexes from wherever `unit` is set up ("w/i 3 hexes of the
    /// 3 Corps HQ", rules 3.8a and 4.5a/c).
    WithinOfUnit {
        /// Maximum distance in hexes.
        radius: u8,
        /// The unit (of the same side).
        unit: UnitId,
    },
    /// Stacked with any unit of the formation (attached units included), except those listed.
    WithUnitOf {
        /// The formation.
        formation: FormationId,
        /// Units of the formation that do not qualify.
        except: Vec<UnitId>,
    },
    /// Stacked with or adjacent to any unit of the formation, except those listed.
    WithOrAdjacentToUnitOf {
        /// The formation.
        formation: FormationId,
        /// Units of the formation that do not qualify.
        except: Vec<UnitId>,
    },
    /// Any hex of the stretch of road from `from` to `to` (both included) along `roads`
    /// ("anywhere between A9.10 through A15.10 along the Orange Turnpike").
    Along {
        /// The roads the stretch follows.
        roads: Vec<RoadId>,
        /// One end.
        from: HexId,
        /// The other end.
        to: HexId,
    },
}

/// One set-up line of a scenario.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placement {
    /// The line as printed in the book (or the rule that adds it).
    pub book: String,
    /// The counters it places.
    pub units: Vec<UnitId>,
    /// Where they go.
    pub location: SetupLocation,
    /// Only with this variant.
    pub variant: Option<VariantId>,
    /// Not with this variant (Scenario 6's 9th Corps without it in 3.8b).
    pub unless_variant: Option<VariantId>,
    /// The hex printed in the book when the data corrects a misprint (Scenario 7: A20.25).
    pub printed_hex: Option<HexId>,
    /// True for a printed road column (Scenario 6, 9th Corps): the units set up in column
    /// formation along the stretch.
    pub column: bool,
}

impl Placement {
    /// True when the line takes part with these variants.
    pub fn in_play(&self, variants: &[VariantId]) -> bool {
        self.variant.is_none_or(|v| variants.contains(&v))
            && self.unless_variant.is_none_or(|v| !variants.contains(&v))
    }
}

#[derive(Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct PlacementRow {
    book: String,
    units: Vec<UnitId>,
    variant: Option<VariantId>,
    unless_variant: Option<VariantId>,
    at: Option<HexId>,
    printed_hex: Option<HexId>,
    within: Option<u8>,
    of: Option<HexId>,
    of_unit: Option<UnitId>,
    with_unit_of: Option<FormationId>,
    with_or_adjacent_to_unit_of: Option<FormationId>,
    #[serde(default)]
    except: Vec<UnitId>,
    along: Option<AlongRow>,
    #[serde(default)]
    column: bool,
}

#[derive(Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct AlongRow {
    roads: Vec<RoadId>,
    from: HexId,
    to: HexId,
}

impl PlacementRow {
    pub(crate) fn into_placement(self) -> Result<Placement, String> {
        let location = match (
            self.at,
            self.within,
            self.of,
            self.of_unit,
            self.with_unit_of,
            self.with_or_adjacent_to_unit_of,
            self.along,
        ) {
            (Some(h), None, None, None, None, None, None) => SetupLocation::At(h),
            (None, Some(radius), Some(of), None, None, None, None) => {
                SetupLocation::Within { radius, of }
            }
            (None, Some(radius), None, Some(unit), None, None, None) => {
                SetupLocation::WithinOfUnit { radius, unit }
            }
            (None, None, None, None, Some(formation), None, None) => SetupLocation::WithUnitOf {
                formation,
                except: self.except,
            },
            (None, None, None, None, None, Some(formation), None) => {
                SetupLocation::WithOrAdjacentToUnitOf {
                    formation,
                    except: self.except,
                }
            }
            (None, None, None, None, None, None, Some(a)) => SetupLocation::Along {
                roads: a.roads,
                from: a.from,
                to: a.to,
            },
            _ => {
                return Err(format!(
                    "set-up line {:?} needs exactly one kind of location",
                    self.book
                ));
            }
        };
        if self.units.is_empty() {
            return Err(format!("set-up line {:?} places no unit", self.book));
        }
        Ok(Placement {
            book: self.book,
            units: self.units,
            location,
            variant: self.variant,
            unless_variant: self.unless_variant,
            printed_hex: self.printed_hex,
            column: self.column,
        })
    }
}
