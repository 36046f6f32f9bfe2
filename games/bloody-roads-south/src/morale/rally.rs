//! The Rally Phase (series 24.5; reference 2.10.6).

use adjutant_engine::Side;

use crate::events::Fx;
use crate::model::game::BloodyRoadsSouth;

impl BloodyRoadsSouth {
    /// The phasing player's Rally Phase.
    pub(crate) fn rally(&mut self, _side: Side, _fx: &mut Fx) {}
}
