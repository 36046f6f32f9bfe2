//! Close combat (series 23; reference 2.9): the defender's fire, the attacker's, both morale
//! checks, the odds, and the retreats.

use crate::data::HexId;
use crate::events::Fx;
use crate::model::game::BloodyRoadsSouth;
use crate::model::unit::UnitKey;

impl BloodyRoadsSouth {
    /// Series 23: `attackers` (a group that started its move together, standing adjacent)
    /// attack the enemy stack in `hex`. The movement rules have checked that the attack is
    /// allowed and charged its movement points; this resolves it.
    pub fn close_combat(&mut self, _attackers: &[UnitKey], _hex: HexId, _fx: &mut Fx) {}
}
