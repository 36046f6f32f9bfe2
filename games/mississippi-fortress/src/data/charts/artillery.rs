//! The Artillery Strength Multiplier Chart (S9.3a), read from
//! `data/charts/artillery_multiplier.toml`. Every cell is printed.

use serde::Deserialize;

use super::orders::CombatOrder;
use crate::data::error::{DataError, ensure};
use crate::data::ids::{PerSide, Side};

const FILE: &str = "charts/artillery_multiplier.toml";

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    rule: String,
    row: Vec<RawRow>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRow {
    order: CombatOrder,
    union: u8,
    confederate: u8,
}

/// Artillery strength multipliers by side and by the Combat Order of its Line Position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArtilleryMultiplier {
    /// The chart's name.
    pub rule: String,
    rows: Vec<(CombatOrder, PerSide<u8>)>,
}

impl ArtilleryMultiplier {
    pub(crate) fn parse(text: &str) -> Result<Self, DataError> {
        let raw: Raw = toml::from_str(text).map_err(|e| DataError::parse(FILE, e))?;
        ensure(
            raw.row.iter().map(|r| r.order).eq(CombatOrder::ALL),
            FILE,
            || "rows must be the six orders, attack orders first".to_string(),
        )?;
        Ok(Self {
            rule: raw.rule,
            rows: raw
                .row
                .into_iter()
                .map(|r| {
                    (
                        r.order,
                        PerSide {
                            union: r.union,
                            confederate: r.confederate,
                        },
                    )
                })
                .collect(),
        })
    }

    /// The multiplier for an artillery unit of `side` in a Line Position with `order`.
    pub fn factor(&self, side: Side, order: CombatOrder) -> u8 {
        self.rows
            .iter()
            .find(|(o, _)| *o == order)
            .map_or(1, |(_, f)| *f.get(side))
    }
}
