//! What a panic does (reference 3A.7), through the rules it touches:
//! - *Meade* (until a Status Check finds him at 3 or more): Grant's orders to Meade need an
//!   acceptance roll even when the two are stacked (`command::issue`, `log_written`).
//! - *Burnside* (until his status is 3 or more at a check): one more column left on every
//!   9 Corps acceptance roll (`command::acceptance`), and 9 Corps may be given no attack
//!   (complex) order (`command::issue`, the order menu). An order already in force stands.
//! - *Grant*, *Lee* (for good): their army withdraws (`withdrawal`).

use adjutant_engine::Side;

use crate::data::FormationId;
use crate::data::charts::army_status::PanicEffect;
use crate::model::game::BloodyRoadsSouth;
use crate::model::order::Receiver;

/// The 9th Corps' id.
const NINTH: &str = "9";

impl BloodyRoadsSouth {
    /// Meade's panic is in force: Grant's orders to him need a roll even when stacked.
    pub fn meade_must_roll(&self, side: Side) -> bool {
        side == Side::Union && self.panicked("Meade")
    }

    /// Burnside's panic is in force.
    pub fn burnside_shaken(&self, side: Side) -> bool {
        side == Side::Union && self.panicked("Burnside")
    }

    /// A receiver of 9 Corps: the corps, one of its divisions, one of its units.
    pub(crate) fn receiver_in_ninth(&self, side: Side, receiver: &Receiver) -> bool {
        let ninth = FormationId(NINTH.into());
        match receiver {
            Receiver::Corps(c) => *c == ninth,
            Receiver::Division(d) => self.corps_of_division(side, d).as_ref() == Some(&ninth),
            Receiver::Unit(id) => self
                .key(side, id)
                .and_then(|k| self.corps_of(k))
                .is_some_and(|c| c == ninth),
            Receiver::Relay | Receiver::ArmyHq(_) | Receiver::Conference(_) => false,
        }
    }

    /// Burnside's panic forbids this order: a complex order to 9 Corps (3A.7).
    pub fn panic_forbids(
        &self,
        side: Side,
        receiver: &Receiver,
        order_type: crate::data::order::OrderType,
    ) -> bool {
        order_type == crate::data::order::OrderType::Complex
            && self.burnside_shaken(side)
            && self.receiver_in_ninth(side, receiver)
    }

    /// The army of `side` is withdrawing after its commander's panic (Grant's, Lee's).
    pub fn withdrawing(&self, side: Side) -> bool {
        self.army_status.tracks.iter().any(|t| {
            t.side == side
                && t.panicked
                && Self::sheet(&t.sheet).is_some_and(|c| {
                    matches!(
                        c.on_panic,
                        PanicEffect::WithdrawEast | PanicEffect::WithdrawWestOrSouth
                    )
                })
        })
    }
}
