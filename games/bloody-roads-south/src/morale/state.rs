//! Morale states and their additive effects (series 24.1, 24.4; reference 2.10.1, 2.10.4).

use crate::data::morale::MoraleState;
use crate::model::game::BloodyRoadsSouth;
use crate::model::unit::UnitKey;

/// Series 24.4: the state a unit is in after a new result `new` while in `old`. DG + DG =
/// R; DG + BL = Normal; R + BL = Sh; Sh + BL = BL; a Blood Lust result makes a Normal unit
/// BL and a Normal "result" changes nothing; otherwise the worse state. (Additive
/// effects never add retreats or stragglers: the caller applies those from the result.)
pub fn combine(old: MoraleState, new: MoraleState) -> MoraleState {
    use MoraleState::*;
    match (old, new) {
        (Disorganized, Disorganized) => Routed,
        (Disorganized, BloodLust) | (BloodLust, Disorganized) => Normal,
        (Routed, BloodLust) | (BloodLust, Routed) => Shaken,
        (Shaken, BloodLust) | (BloodLust, Shaken) => BloodLust,
        (Normal, BloodLust) => BloodLust,
        (old, Normal) => old,
        (a, b) => a.max(b),
    }
}

/// One level worse (series 24.3 displacement, series 17.2b dragged parts): Normal and BL
/// become Shaken, Shaken becomes DG, DG and R become R.
pub fn one_worse(state: MoraleState) -> MoraleState {
    use MoraleState::*;
    match state {
        BloodLust | Normal => Shaken,
        Shaken => Disorganized,
        Disorganized | Routed => Routed,
    }
}

impl BloodyRoadsSouth {
    /// Applies a new morale result to a unit by the additive effects of series 24.4.
    pub fn add_morale(&mut self, k: UnitKey, new: MoraleState) {
        let u = self.unit_mut(k);
        u.morale = combine(u.morale, new);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use MoraleState::*;

    #[test]
    fn s24_4_additive_effects() {
        assert_eq!(combine(Disorganized, Disorganized), Routed);
        assert_eq!(combine(Disorganized, BloodLust), Normal);
        assert_eq!(combine(Routed, BloodLust), Shaken);
        assert_eq!(combine(Shaken, BloodLust), BloodLust);
        assert_eq!(combine(Normal, Shaken), Shaken);
        assert_eq!(combine(Shaken, Disorganized), Disorganized);
        assert_eq!(combine(Routed, Shaken), Routed);
        assert_eq!(combine(Normal, BloodLust), BloodLust);
    }

    #[test]
    fn s24_3_one_level_worse() {
        assert_eq!(one_worse(BloodLust), Shaken);
        assert_eq!(one_worse(Normal), Shaken);
        assert_eq!(one_worse(Shaken), Disorganized);
        assert_eq!(one_worse(Disorganized), Routed);
    }
}
