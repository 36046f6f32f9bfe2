//! Printed table cells: each type parses the text printed in a chart and displays it back
//! exactly ("½", "1½", "m-1", "11–16", "–", "P", "8 (12)").

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The printed empty cell, an en dash.
pub const DASH: &str = "\u{2013}";

macro_rules! serde_via_str {
    ($t:ty) => {
        impl TryFrom<String> for $t {
            type Error = String;
            fn try_from(s: String) -> Result<$t, String> {
                s.parse()
            }
        }
        impl From<$t> for String {
            fn from(v: $t) -> String {
                v.to_string()
            }
        }
    };
}

/// A quantity counted in halves (fire points, fire results, movement points): 3 = "1½".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Halves(pub u16);

impl Halves {
    /// Whole units, rounded down.
    pub fn whole(self) -> u16 {
        self.0 / 2
    }

    /// True when there is a half.
    pub fn has_half(self) -> bool {
        self.0 % 2 == 1
    }
}

impl FromStr for Halves {
    type Err = String;
    fn from_str(s: &str) -> Result<Halves, String> {
        let (whole, half) = match s.strip_suffix('½') {
            Some(w) => (w, 1),
            None => (s, 0),
        };
        let whole: u16 = if whole.is_empty() && half == 1 {
            0
        } else {
            whole.parse().map_err(|_| format!("not a number: {s:?}"))?
        };
        Ok(Halves(whole * 2 + half))
    }
}

impl fmt::Display for Halves {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.whole(), self.has_half()) {
            (0, true) => f.write_str("½"),
            (w, true) => write!(f, "{w}½"),
            (w, false) => write!(f, "{w}"),
        }
    }
}
serde_via_str!(Halves);

/// A number that may be printed as an empty cell ("–"): `None`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct MaybeNumber(pub Option<u8>);

impl FromStr for MaybeNumber {
    type Err = String;
    fn from_str(s: &str) -> Result<MaybeNumber, String> {
        if s == DASH {
            return Ok(MaybeNumber(None));
        }
        s.parse()
            .map(|n| MaybeNumber(Some(n)))
            .map_err(|_| format!("not a number: {s:?}"))
    }
}

impl fmt::Display for MaybeNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(n) => write!(f, "{n}"),
            None => f.write_str(DASH),
        }
    }
}
serde_via_str!(MaybeNumber);

/// A range of dice results, printed "11–16" (d66) or "2–5" or a single value "65".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct RollRange {
    /// Lowest roll included.
    pub lo: u8,
    /// Highest roll included.
    pub hi: u8,
}

impl RollRange {
    /// True when the roll falls in the range.
    pub fn contains(self, roll: u8) -> bool {
        (self.lo..=self.hi).contains(&roll)
    }
}

impl FromStr for RollRange {
    type Err = String;
    fn from_str(s: &str) -> Result<RollRange, String> {
        let bad = || format!("not a roll range: {s:?}");
        let (lo, hi) = match s.split_once('\u{2013}') {
            Some((a, b)) => (a.parse().map_err(|_| bad())?, b.parse().map_err(|_| bad())?),
            None => {
                let v = s.parse().map_err(|_| bad())?;
                (v, v)
            }
        };
        if lo > hi {
            return Err(bad());
        }
        Ok(RollRange { lo, hi })
    }
}

impl fmt::Display for RollRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.lo == self.hi {
            write!(f, "{}", self.lo)
        } else {
            write!(f, "{}\u{2013}{}", self.lo, self.hi)
        }
    }
}
serde_via_str!(RollRange);

/// A roll range that may be printed empty ("–": no roll gives this result).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct MaybeRange(pub Option<RollRange>);

impl FromStr for MaybeRange {
    type Err = String;
    fn from_str(s: &str) -> Result<MaybeRange, String> {
        if s == DASH {
            Ok(MaybeRange(None))
        } else {
            s.parse().map(|r| MaybeRange(Some(r)))
        }
    }
}

impl fmt::Display for MaybeRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(r) => r.fmt(f),
            None => f.write_str(DASH),
        }
    }
}
serde_via_str!(MaybeRange);
