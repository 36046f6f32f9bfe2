//! Fire levels (series 6.5) and the brigade loss chart with its wreck line (series 20.7).

use super::error::DataError;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A fire level: how many A, B and C "letters" of small-arms fire a unit (or one part of an
/// extended line) has. A = 2 B = 4 C when splitting (series 6.5b). Ordered from weakest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum FireLevel {
    /// One C.
    C,
    /// One B.
    B,
    /// One A.
    A,
    /// An A and a B.
    AB,
    /// Two A.
    AA,
    /// Two A and a B.
    AAB,
    /// Three A.
    AAA,
}

impl FireLevel {
    /// All levels, weakest first.
    pub const ALL: [FireLevel; 7] = [
        FireLevel::C,
        FireLevel::B,
        FireLevel::A,
        FireLevel::AB,
        FireLevel::AA,
        FireLevel::AAB,
        FireLevel::AAA,
    ];

    /// The printed letters.
    pub fn as_str(self) -> &'static str {
        match self {
            FireLevel::C => "C",
            FireLevel::B => "B",
            FireLevel::A => "A",
            FireLevel::AB => "AB",
            FireLevel::AA => "AA",
            FireLevel::AAB => "AAB",
            FireLevel::AAA => "AAA",
        }
    }

    /// The number of A, B and C letters.
    pub fn letters(self) -> (u8, u8, u8) {
        match self {
            FireLevel::C => (0, 0, 1),
            FireLevel::B => (0, 1, 0),
            FireLevel::A => (1, 0, 0),
            FireLevel::AB => (1, 1, 0),
            FireLevel::AA => (2, 0, 0),
            FireLevel::AAB => (2, 1, 0),
            FireLevel::AAA => (3, 0, 0),
        }
    }

    /// The level's worth in C units (A = 4, B = 2, C = 1), used for stacking and splitting.
    pub fn c_units(self) -> u8 {
        let (a, b, c) = self.letters();
        4 * a + 2 * b + c
    }
}

impl FromStr for FireLevel {
    type Err = DataError;
    fn from_str(s: &str) -> Result<FireLevel, DataError> {
        FireLevel::ALL
            .into_iter()
            .find(|l| l.as_str() == s)
            .ok_or_else(|| DataError::new(format!("not a fire level: {s:?}")))
    }
}

impl TryFrom<String> for FireLevel {
    type Error = DataError;
    fn try_from(s: String) -> Result<FireLevel, DataError> {
        s.parse()
    }
}

impl From<FireLevel> for String {
    fn from(l: FireLevel) -> String {
        l.as_str().to_string()
    }
}

impl fmt::Display for FireLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One band of a loss chart: a fire level and its number of boxes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LossBand {
    /// The fire level while the first empty box is in this band.
    pub level: FireLevel,
    /// Its boxes (one step each).
    pub boxes: u8,
}

/// A brigade's printed loss chart (series 20.7): bands of boxes from left to right, filled
/// from the left by casualties (X) and stragglers (/). Written `"AA4 AB5 A5 B3 C3"`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(try_from = "String")]
pub struct LossChart {
    bands: Vec<LossBand>,
}

impl LossChart {
    /// The bands, left to right.
    pub fn bands(&self) -> &[LossBand] {
        &self.bands
    }

    /// The number of boxes, which is the brigade's full strength in steps.
    pub fn steps(&self) -> u8 {
        self.bands.iter().map(|b| b.boxes).sum()
    }

    /// The fire level after `losses` boxes are filled (casualties plus stragglers): the band
    /// of the first empty box. `None` when every box is filled (the brigade is eliminated).
    pub fn fire_level(&self, losses: u8) -> Option<FireLevel> {
        let mut filled = 0u8;
        for band in &self.bands {
            filled += band.boxes;
            if losses < filled {
                return Some(band.level);
            }
        }
        None
    }
}

impl TryFrom<String> for LossChart {
    type Error = DataError;
    fn try_from(s: String) -> Result<LossChart, DataError> {
        s.parse()
    }
}

impl FromStr for LossChart {
    type Err = DataError;
    fn from_str(s: &str) -> Result<LossChart, DataError> {
        let mut bands = Vec::new();
        for part in s.split_whitespace() {
            let split = part.find(|c: char| c.is_ascii_digit()).ok_or_else(|| {
                DataError::new(format!("loss chart band without boxes: {part:?}"))
            })?;
            let level: FireLevel = part[..split].parse()?;
            let boxes: u8 = part[split..]
                .parse()
                .map_err(|_| DataError::new(format!("bad box count in {part:?}")))?;
            if boxes == 0 || bands.last().is_some_and(|b: &LossBand| b.level <= level) {
                return Err(DataError::new(format!(
                    "loss chart bands must fall from left to right: {s:?}"
                )));
            }
            bands.push(LossBand { level, boxes });
        }
        if bands.is_empty() {
            return Err(DataError::new("empty loss chart"));
        }
        Ok(LossChart { bands })
    }
}

impl fmt::Display for LossChart {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self
            .bands
            .iter()
            .map(|b| format!("{}{}", b.level, b.boxes))
            .collect();
        f.write_str(&parts.join(" "))
    }
}
