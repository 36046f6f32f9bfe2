//! Fire drawn outside the Fire Combat Phase (series 14.1a, 15.0b-c): a voluntary formation
//! change in an enemy zone of control, unlimbering near the enemy, a retreat into an enemy
//! zone of control.

use crate::data::HexId;
use crate::events::Fx;
use crate::model::game::BloodyRoadsSouth;

/// Why fire is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Drawn {
    /// S15.0b: a voluntary formation change in an enemy zone of control; the target counts
    /// as in the worse of its two formations.
    FormationChange,
    /// S15.0c: unlimbering within 2 hexes of the enemy; the battery counts as limbered.
    Unlimbering,
    /// S14.1a, 24.3: a retreat into an enemy zone of control.
    Retreat,
}

impl BloodyRoadsSouth {
    /// The enemy units entitled to fire at the stack in `target` for `why` fire at it now,
    /// as one fire (series 20), outside the Fire Combat Phase.
    pub fn drawn_fire(&mut self, _target: HexId, _why: Drawn, _fx: &mut Fx) {}
}
