//! The Turn Record Track: dates and historical weather of every Game Turn (3.1, 6.x), read from
//! `data/turn_track.toml`.

use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use crate::data::error::{DataError, ensure};
use crate::data::ids::Provenance;

const FILE: &str = "turn_track.toml";

/// The three weather conditions (3.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Weather {
    /// No effect (3.2a).
    Clear,
    /// +1 on the Straggler Loss Chart (3.2b).
    Heat,
    /// +1 on the Straggler Loss Chart (+2 on the second and later consecutive Rain turn);
    /// Combat Intensity Level -1, never below 0 (3.2c).
    Rain,
}

/// Which track a scenario uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TrackId {
    /// The campaign track, Turns 1-39 (19 April - 4 July 1863): 6.1, 6.2, 6.3.
    Campaign,
    /// The 7.3 track, Turns 1-5 (24 December 1862 - 2 January 1863).
    ShermansAssault,
}

/// One box of the Turn Record Track.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TurnRecord {
    /// The Game Turn number.
    pub turn: u8,
    /// Its two days, e.g. "May 13-14".
    pub dates: String,
    /// Printed in the rulebook text, or reconstructed from the two-day rule.
    pub dates_status: Provenance,
    /// The historical weather (3.1).
    pub weather: Weather,
    /// Always reconstructed: the printed track is not available.
    pub weather_status: Provenance,
    /// The evidence for the weather.
    pub basis: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTrack {
    campaign: Vec<TurnRecord>,
    shermans_assault: Vec<TurnRecord>,
}

/// Both tracks.
#[derive(Clone, Debug)]
pub struct TurnTrack {
    campaign: Vec<TurnRecord>,
    shermans_assault: Vec<TurnRecord>,
}

impl TurnTrack {
    /// The compiled-in tracks, parsed once. The tests prove them valid.
    pub fn get() -> &'static TurnTrack {
        static TRACK: OnceLock<TurnTrack> = OnceLock::new();
        TRACK.get_or_init(|| {
            TurnTrack::parse(include_str!("../../data/turn_track.toml"))
                .expect("data/turn_track.toml is valid")
        })
    }

    /// Parses and validates tracks in the format of `data/turn_track.toml`.
    pub fn parse(text: &str) -> Result<TurnTrack, DataError> {
        let raw: RawTrack = toml::from_str(text).map_err(|e| DataError::parse(FILE, e))?;
        for (name, records) in [
            ("campaign", &raw.campaign),
            ("shermans_assault", &raw.shermans_assault),
        ] {
            for (i, r) in records.iter().enumerate() {
                ensure(usize::from(r.turn) == i + 1, FILE, || {
                    format!("{name}: box {} is numbered {}", i + 1, r.turn)
                })?;
                ensure(!r.dates.is_empty() && !r.basis.is_empty(), FILE, || {
                    format!("{name}: turn {} needs dates and a basis", r.turn)
                })?;
            }
        }
        Ok(TurnTrack {
            campaign: raw.campaign,
            shermans_assault: raw.shermans_assault,
        })
    }

    /// Every turn of one track, from Turn 1.
    pub fn track(&self, id: TrackId) -> &[TurnRecord] {
        match id {
            TrackId::Campaign => &self.campaign,
            TrackId::ShermansAssault => &self.shermans_assault,
        }
    }

    /// One turn of one track.
    pub fn turn(&self, id: TrackId, turn: u8) -> Option<&TurnRecord> {
        usize::from(turn)
            .checked_sub(1)
            .and_then(|i| self.track(id).get(i))
    }

    /// The historical weather of a turn (3.1).
    pub fn weather(&self, id: TrackId, turn: u8) -> Option<Weather> {
        self.turn(id, turn).map(|r| r.weather)
    }
}
