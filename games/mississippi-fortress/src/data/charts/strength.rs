//! Combat strengths and the column they select on CIC B and the FCRT (S1.3, S9.3-S9.5).

use serde::{Deserialize, Serialize};

/// A Line Position's modified combat strength, kept exactly (S1.3a). Strengths are whole SP
/// multiplied (artillery x1-x4, mountains x3) and halved (river crossing or force march, cavalry);
/// the unit is one sixteenth of an SP, so no value the rules produce is ever rounded.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
pub struct CombatStrength(u32);

impl CombatStrength {
    /// No strength.
    pub const ZERO: CombatStrength = CombatStrength(0);

    /// Whole strength points.
    pub fn from_sp(sp: u32) -> Self {
        Self(sp * 16)
    }

    /// Sixteenths of a strength point.
    pub fn from_sixteenths(n: u32) -> Self {
        Self(n)
    }

    /// The exact value in sixteenths of an SP.
    pub fn sixteenths(self) -> u32 {
        self.0
    }

    /// Multiplied by a chart factor (Artillery Strength Multiplier Chart, mountain tripling).
    pub fn times(self, factor: u32) -> Self {
        Self(self.0 * factor)
    }

    /// Halved (CIC B / FCRT combat strength modifiers 2 and 3). Exact for up to four halvings of
    /// a whole SP; the rules never halve a unit more than twice.
    pub fn halved(self) -> Self {
        Self(self.0 / 2)
    }

    /// Whole SP, rounded down (S9.5a).
    pub fn whole_sp(self) -> u32 {
        self.0 / 16
    }
}

impl std::ops::Add for CombatStrength {
    type Output = CombatStrength;

    fn add(self, rhs: Self) -> Self {
        Self(self.0 + rhs.0)
    }
}

impl std::iter::Sum for CombatStrength {
    fn sum<I: Iterator<Item = Self>>(iter: I) -> Self {
        iter.fold(Self::ZERO, |a, b| a + b)
    }
}

/// A column of CIC B: the Attacker/Defender strength ratio (S9.4b).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum RatioColumn {
    /// 1:4 or worse.
    #[serde(rename = "1:4")]
    OneToFour,
    /// 1:3.
    #[serde(rename = "1:3")]
    OneToThree,
    /// 1:2.
    #[serde(rename = "1:2")]
    OneToTwo,
    /// 1:1.
    #[serde(rename = "1:1")]
    OneToOne,
    /// 2:1.
    #[serde(rename = "2:1")]
    TwoToOne,
    /// 3:1.
    #[serde(rename = "3:1")]
    ThreeToOne,
    /// 4:1.
    #[serde(rename = "4:1")]
    FourToOne,
    /// 5:1 or better.
    #[serde(rename = "5:1+")]
    FiveToOnePlus,
}

impl RatioColumn {
    /// All columns, left (worst for the Attacker) to right.
    pub const ALL: [RatioColumn; 8] = [
        RatioColumn::OneToFour,
        RatioColumn::OneToThree,
        RatioColumn::OneToTwo,
        RatioColumn::OneToOne,
        RatioColumn::TwoToOne,
        RatioColumn::ThreeToOne,
        RatioColumn::FourToOne,
        RatioColumn::FiveToOnePlus,
    ];

    /// The column of an Attacker strength against a Defender strength, rounded in the
    /// Defender's favour (S9.4b): A >= D uses floor(A/D):1 capped at 5:1+; A < D uses
    /// 1:ceil(D/A) capped at 1:4. A Defender of 0 gives 5:1+, an Attacker of 0 gives 1:4.
    pub fn from_strengths(attacker: CombatStrength, defender: CombatStrength) -> Self {
        let (a, d) = (attacker.0, defender.0);
        if d == 0 {
            return RatioColumn::FiveToOnePlus;
        }
        if a == 0 {
            return RatioColumn::OneToFour;
        }
        if a >= d {
            match a / d {
                1 => RatioColumn::OneToOne,
                2 => RatioColumn::TwoToOne,
                3 => RatioColumn::ThreeToOne,
                4 => RatioColumn::FourToOne,
                _ => RatioColumn::FiveToOnePlus,
            }
        } else {
            match d.div_ceil(a) {
                2 => RatioColumn::OneToTwo,
                3 => RatioColumn::OneToThree,
                _ => RatioColumn::OneToFour,
            }
        }
    }

    /// The column index, 0 for 1:4.
    pub fn index(self) -> usize {
        self as usize
    }

    /// Shifted by `by` columns (negative: left, in the Defender's favour), stopping at the edges
    /// (S9.4c).
    pub fn shifted(self, by: i32) -> Self {
        let i = (self as i32 + by).clamp(0, 7);
        Self::ALL[usize::try_from(i).unwrap_or(0)]
    }

    /// The printed label, e.g. "2:1".
    pub fn label(self) -> &'static str {
        ["1:4", "1:3", "1:2", "1:1", "2:1", "3:1", "4:1", "5:1+"][self.index()]
    }
}

/// A column of the FCRT: the firing Line Position's strength (S9.5a). The rulebook's six bands
/// run from 1-3 to 21+; its row label "Odds" means this band.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum StrengthBand {
    /// 1-3 SP.
    #[serde(rename = "1-3")]
    B1To3,
    /// 4-6 SP.
    #[serde(rename = "4-6")]
    B4To6,
    /// 7-10 SP.
    #[serde(rename = "7-10")]
    B7To10,
    /// 11-14 SP.
    #[serde(rename = "11-14")]
    B11To14,
    /// 15-20 SP (completed).
    #[serde(rename = "15-20")]
    B15To20,
    /// 21 SP or more (completed).
    #[serde(rename = "21+")]
    B21Plus,
}

impl StrengthBand {
    /// All bands, weakest first.
    pub const ALL: [StrengthBand; 6] = [
        StrengthBand::B1To3,
        StrengthBand::B4To6,
        StrengthBand::B7To10,
        StrengthBand::B11To14,
        StrengthBand::B15To20,
        StrengthBand::B21Plus,
    ];

    /// The band of a strength: whole SP rounded down, at least 1 (S9.5a).
    pub fn from_strength(strength: CombatStrength) -> Self {
        match strength.whole_sp().max(1) {
            1..=3 => StrengthBand::B1To3,
            4..=6 => StrengthBand::B4To6,
            7..=10 => StrengthBand::B7To10,
            11..=14 => StrengthBand::B11To14,
            15..=20 => StrengthBand::B15To20,
            _ => StrengthBand::B21Plus,
        }
    }

    /// The band index, 0 for 1-3.
    pub fn index(self) -> usize {
        self as usize
    }

    /// Shifted by `by` columns (positive: right, stronger), stopping at 1-3 and 21+ (S9.5c).
    pub fn shifted(self, by: i32) -> Self {
        let i = (self as i32 + by).clamp(0, 5);
        Self::ALL[usize::try_from(i).unwrap_or(0)]
    }

    /// The printed label, e.g. "7-10".
    pub fn label(self) -> &'static str {
        ["1-3", "4-6", "7-10", "11-14", "15-20", "21+"][self.index()]
    }
}
