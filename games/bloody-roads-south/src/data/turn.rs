//! The Turn Record Track (reconstructed): every turn from 5 May 5:00am to 7 May 8:00pm with
//! its period, length and visibility. Loaded from `data/turn_record.toml`.

use super::error::{DataError, parse_toml};
use super::time::GameTime;
use serde::Deserialize;

/// Day or night (series 29.0 and rule 1.2h apply on night turns).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Period {
    /// 5:00am to 8:00pm.
    Day,
    /// 9:00pm to 4:00am.
    Night,
}

/// One box of the Turn Record Track.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Turn {
    /// Its time.
    pub time: GameTime,
    /// Day or night.
    pub period: Period,
    /// Game minutes until the next turn (30 by day, 60 for the 8:00pm turn and at night).
    pub minutes: u16,
    /// Visibility in hexes; `None` = unlimited.
    pub visibility: Option<u8>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TurnRow {
    date: String,
    time: String,
    period: Period,
    minutes: u16,
    visibility: Option<u8>,
}

#[derive(Deserialize)]
struct TurnFile {
    turn: Vec<TurnRow>,
}

/// The Turn Record Track.
#[derive(Debug, Clone)]
pub struct TurnRecord {
    turns: Vec<Turn>,
}

impl TurnRecord {
    /// Parse `data/turn_record.toml` and check that each turn follows the one before it by
    /// that turn's length.
    pub fn from_toml(text: &str) -> Result<TurnRecord, DataError> {
        let f: TurnFile = parse_toml("turn_record.toml", text)?;
        let mut turns: Vec<Turn> = Vec::with_capacity(f.turn.len());
        for row in f.turn {
            let time: GameTime = format!("{} {}", row.date, row.time)
                .parse()
                .map_err(|e| DataError::new(format!("turn_record.toml: {e}")))?;
            if let Some(prev) = turns.last() {
                let expected = advance(prev.time, prev.minutes);
                if expected != Some(time) {
                    return Err(DataError::new(format!(
                        "turn_record.toml: {time} does not follow {}",
                        prev.time
                    )));
                }
            }
            turns.push(Turn {
                time,
                period: row.period,
                minutes: row.minutes,
                visibility: row.visibility,
            });
        }
        Ok(TurnRecord { turns })
    }

    /// Every turn in order.
    pub fn turns(&self) -> &[Turn] {
        &self.turns
    }

    /// The position of a turn on the track.
    pub fn index_of(&self, time: GameTime) -> Option<usize> {
        self.turns.iter().position(|t| t.time == time)
    }

    /// The turn at a time.
    pub fn turn(&self, time: GameTime) -> Option<&Turn> {
        self.index_of(time).map(|i| &self.turns[i])
    }

    /// The turn `n` turns after `time` (used for arrival delays and off-map movement, 4.2).
    pub fn later(&self, time: GameTime, n: usize) -> Option<GameTime> {
        self.index_of(time)
            .and_then(|i| self.turns.get(i + n))
            .map(|t| t.time)
    }

    /// The turns from `first` to `last`, both included.
    pub fn span(&self, first: GameTime, last: GameTime) -> Option<&[Turn]> {
        let (a, b) = (self.index_of(first)?, self.index_of(last)?);
        (a <= b).then(|| &self.turns[a..=b])
    }
}

/// The clock `minutes` after `t`, with the Day marker advancing after the midnight turn.
fn advance(t: GameTime, minutes: u16) -> Option<GameTime> {
    let total = u16::from(t.hour()) * 60 + u16::from(t.minute()) + minutes;
    let (day, total) = if t.hour() == 0 {
        (t.day() + 1, total)
    } else if total >= 24 * 60 {
        (t.day(), total - 24 * 60)
    } else {
        (t.day(), total)
    };
    GameTime::new(day, (total / 60) as u8, (total % 60) as u8)
}
