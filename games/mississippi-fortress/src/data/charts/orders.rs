//! Combat Orders (S8.8) and the FCRT row group they select (S9.5b).

use serde::{Deserialize, Serialize};

/// The Attacker's Combat Orders (CIC A columns).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AttackerOrder {
    /// Feint: little fire either way.
    Diversion,
    /// Ordinary attack.
    Advance,
    /// All-out attack; may drive the defender off (S9.72).
    Assault,
}

/// The Defender's Combat Orders (CIC A rows).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DefenderOrder {
    /// Leave the Area at the end of the round (S9.71).
    Withdraw,
    /// Hold.
    Stand,
    /// Attack the attacker; may repulse him (S9.73); forgoes the terrain benefits.
    Counterattack,
}

/// Any Combat Order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CombatOrder {
    /// Attacker: Diversion.
    Diversion,
    /// Attacker: Advance.
    Advance,
    /// Attacker: Assault.
    Assault,
    /// Defender: Withdraw.
    Withdraw,
    /// Defender: Stand.
    Stand,
    /// Defender: Counterattack.
    Counterattack,
}

impl From<AttackerOrder> for CombatOrder {
    fn from(o: AttackerOrder) -> Self {
        match o {
            AttackerOrder::Diversion => CombatOrder::Diversion,
            AttackerOrder::Advance => CombatOrder::Advance,
            AttackerOrder::Assault => CombatOrder::Assault,
        }
    }
}

impl From<DefenderOrder> for CombatOrder {
    fn from(o: DefenderOrder) -> Self {
        match o {
            DefenderOrder::Withdraw => CombatOrder::Withdraw,
            DefenderOrder::Stand => CombatOrder::Stand,
            DefenderOrder::Counterattack => CombatOrder::Counterattack,
        }
    }
}

impl CombatOrder {
    /// All six.
    pub const ALL: [CombatOrder; 6] = [
        CombatOrder::Diversion,
        CombatOrder::Advance,
        CombatOrder::Assault,
        CombatOrder::Withdraw,
        CombatOrder::Stand,
        CombatOrder::Counterattack,
    ];

    /// The FCRT row group the firing Line Position's own order selects (S9.5b).
    pub fn fcrt_group(self) -> FcrtGroup {
        match self {
            CombatOrder::Diversion | CombatOrder::Withdraw => FcrtGroup::DiversionWithdraw,
            CombatOrder::Advance | CombatOrder::Stand => FcrtGroup::AdvanceStand,
            CombatOrder::Assault | CombatOrder::Counterattack => FcrtGroup::AssaultCounterattack,
        }
    }
}

/// The three row groups of the FCRT.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FcrtGroup {
    /// "Diversion or Withdraw".
    DiversionWithdraw,
    /// "Advance or Stand".
    AdvanceStand,
    /// "Assault or Counterattack".
    AssaultCounterattack,
}

impl FcrtGroup {
    /// All three, in printed order.
    pub const ALL: [FcrtGroup; 3] = [
        FcrtGroup::DiversionWithdraw,
        FcrtGroup::AdvanceStand,
        FcrtGroup::AssaultCounterattack,
    ];
}
