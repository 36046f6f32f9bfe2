//! Game time: a date of the battle and a clock time, written `5 May 1:00pm`.
//!
//! Dates are calendar dates, except that the midnight turn, `12:00am`, belongs to the date
//! that is ending: the Day marker advances after it (series 1.1d). So the turns run
//! `5 May 11:00pm`, `5 May 12:00am`, `6 May 1:00am`, ... `6 May 4:00am`, `6 May 5:00am`.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A turn's time: the date on the Day marker and the clock on the Turn Record Track.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct GameTime {
    /// Day of May 1864.
    day: u8,
    /// Minutes after the start of the date, 12:00am (midnight ending the date) = 1440.
    minutes: u16,
}

impl GameTime {
    /// A time from a day of May and the clock (hour 0-23, minute); hour 0 minute 0 is the
    /// midnight turn that ends `day`.
    pub fn new(day: u8, hour: u8, minute: u8) -> Option<GameTime> {
        if !(1..=31).contains(&day) || hour > 23 || minute > 59 {
            return None;
        }
        let mut minutes = u16::from(hour) * 60 + u16::from(minute);
        if minutes == 0 {
            minutes = 24 * 60;
        }
        Some(GameTime { day, minutes })
    }

    /// The day of May on the Day marker.
    pub fn day(self) -> u8 {
        self.day
    }

    /// The hour on the clock, 0-23 (0 for the midnight turn).
    pub fn hour(self) -> u8 {
        ((self.minutes / 60) % 24) as u8
    }

    /// The minutes past the hour.
    pub fn minute(self) -> u8 {
        (self.minutes % 60) as u8
    }

    /// True on the hour (xx:00): straggler recovery markers are placed only then (series 21.2).
    pub fn is_hour(self) -> bool {
        self.minute() == 0
    }
}

impl FromStr for GameTime {
    type Err = String;
    fn from_str(s: &str) -> Result<GameTime, String> {
        let err = || format!("not a game time (expected e.g. \"5 May 1:00pm\"): {s:?}");
        let mut parts = s.split_whitespace();
        let day: u8 = parts.next().and_then(|d| d.parse().ok()).ok_or_else(err)?;
        if parts.next() != Some("May") {
            return Err(err());
        }
        let clock = parts.next().ok_or_else(err)?;
        if parts.next().is_some() {
            return Err(err());
        }
        let (hm, pm) = if let Some(t) = clock.strip_suffix("am") {
            (t, false)
        } else if let Some(t) = clock.strip_suffix("pm") {
            (t, true)
        } else {
            return Err(err());
        };
        let (h, m) = hm.split_once(':').ok_or_else(err)?;
        if m.len() != 2 {
            return Err(err());
        }
        let h: u8 = h.parse().map_err(|_| err())?;
        let m: u8 = m.parse().map_err(|_| err())?;
        if !(1..=12).contains(&h) {
            return Err(err());
        }
        let hour = h % 12 + if pm { 12 } else { 0 };
        GameTime::new(day, hour, m).ok_or_else(err)
    }
}

impl TryFrom<String> for GameTime {
    type Error = String;
    fn try_from(s: String) -> Result<GameTime, String> {
        s.parse()
    }
}

impl From<GameTime> for String {
    fn from(t: GameTime) -> String {
        t.to_string()
    }
}

impl fmt::Display for GameTime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let h = self.hour();
        let (h12, suffix) = match h {
            0 => (12, "am"),
            1..=11 => (h, "am"),
            12 => (12, "pm"),
            _ => (h - 12, "pm"),
        };
        write!(f, "{} May {}:{:02}{}", self.day, h12, self.minute(), suffix)
    }
}
