//! The 9th Corps' limits in movement (rule 3.3a; reference 3, rule 3.3a).
//!
//! - Until the 9th Corps is released, no 9 Corps unit may enter a hex south of Spottswood
//!   Clearing (a hex numbered below 19 on Map A, or any hex of Map B), nor a hex more than one
//!   hex west of the Germanna Plank Road (a hex whose hexrow is more than one below the lowest
//!   hexrow of the road's Map A hexes with the same hex number; a hex number the road does not
//!   reach has no western limit). East of the road is free.
//! - Release (1): a Confederate unit moves to or within 2 hexes of a 9 Corps unit, checked at
//!   every hex Confederate units enter. (The release by time and by Burnside's initiative are
//!   the command rules'.)
//! - A release by Burnside's initiative is secret until a 9 Corps unit moves beyond the
//!   limits: that step tells it to everyone.

use adjutant_engine::Side;

use crate::data::road::RoadId;
use crate::data::{HexId, Sheet};
use crate::events::{EventKind, Fx};
use crate::model::game::BloodyRoadsSouth;
use crate::model::order::Release;
use crate::model::unit::UnitKey;

/// The 9th Corps.
const NINTH: &str = "9";
/// The first hex number north of Spottswood Clearing's southern edge on Map A.
const SOUTH_LIMIT: u8 = 19;

impl BloodyRoadsSouth {
    /// `hex` lies within rule 3.3a's limits.
    fn within_ninth_limits(hex: HexId) -> bool {
        if hex.sheet() != Sheet::A || hex.hex() < SOUTH_LIMIT {
            return false;
        }
        let map = crate::data::map();
        let road = RoadId::new("germanna-plank-road");
        let westmost = map.road(&road).and_then(|r| {
            r.path
                .iter()
                .filter(|h| h.sheet() == Sheet::A && h.hex() == hex.hex())
                .map(|h| h.hexrow())
                .min()
        });
        westmost.is_none_or(|w| hex.hexrow() + 1 >= w)
    }

    /// A 9 Corps unit of `units` would break rule 3.3a by entering `hex`.
    pub(crate) fn breaks_ninth_limits(&self, units: &[UnitKey], hex: HexId) -> bool {
        !self.ninth_corps_released()
            && !Self::within_ninth_limits(hex)
            && units.iter().any(|&k| self.is_ninth(k))
    }

    fn is_ninth(&self, k: UnitKey) -> bool {
        let u = self.unit(k);
        u.side == Side::Union && self.corps_of(k).is_some_and(|c| c.as_str() == NINTH)
    }

    /// After `units` of `side` entered `hex`: a Confederate unit within 2 hexes of a 9 Corps
    /// unit releases the corps; a 9 Corps unit beyond the limits makes a secret release known.
    pub(crate) fn ninth_corps_on_entry(
        &mut self,
        side: Side,
        units: &[UnitKey],
        from: Option<HexId>,
        hex: HexId,
        fx: &mut Fx,
    ) {
        let map = crate::data::map();
        match side {
            Side::Confederate => {
                if self.ninth_corps_released() {
                    return;
                }
                // The distance first: a unit's corps is found only for the few near `hex`.
                let near = self.keys().any(|k| {
                    let u = self.unit(k);
                    u.side == Side::Union
                        && u.hex()
                            .and_then(|h| map.distance(h, hex))
                            .is_some_and(|d| d <= 2)
                        && self.is_ninth(k)
                });
                if near {
                    self.release_ninth_corps(Release::Contact, fx);
                }
            }
            Side::Union => {
                let crossed = !Self::within_ninth_limits(hex)
                    && from.is_none_or(Self::within_ninth_limits)
                    && units.iter().any(|&k| self.is_ninth(k));
                let secret = self.command_state.ninth_released == Some(Release::Initiative);
                if crossed && secret {
                    fx.reveal();
                    fx.public(
                        EventKind::Move,
                        format!(
                            "9th Corps troops move beyond the limits of rule 3.3a, into {hex}: the corps is released."
                        ),
                    );
                }
            }
        }
    }
}
