//! The status tracks (reference 3A.1): one per personality sheet whose leader is in the
//! scenario (Burnside's is absent with variant 3.8b), starting as printed. A track belongs to
//! the command: a successor inherits it; Meade's is dropped when he falls.

use adjutant_engine::{Side, Viewer};
use serde_json::{Value, json};

use crate::data::UnitId;
use crate::data::charts::army_status::Commander;
use crate::data::variant::OptionId;
use crate::model::game::BloodyRoadsSouth;
use crate::model::status::Track;
use crate::model::unit::LeaderFate;

/// The sheet whose track is dropped when its leader falls (3A.1).
pub const DROPPED_WHEN_FALLEN: &str = "Meade";

impl BloodyRoadsSouth {
    /// The Army Status rules are in use in this game (option `army-status`).
    pub fn army_status_on(&self) -> bool {
        self.option(OptionId::ArmyStatus)
    }

    /// Creates the tracks when the rules are in use (at the game's creation).
    pub(crate) fn start_tracks(&mut self) {
        if !self.army_status_on() {
            return;
        }
        let data = &crate::data::charts().army_status;
        self.army_status.tracks = data
            .commander
            .iter()
            .filter(|c| self.key(c.side, &c.leader).is_some())
            .map(|c| Track {
                sheet: c.leader.clone(),
                side: c.side,
                status: c.starting_status,
                dropped: false,
                panicked: false,
                tally: Default::default(),
            })
            .collect();
        self.rebase_tracks();
    }

    /// Counts every track's tally as things stand (the start of the first period, 3A.3).
    pub(crate) fn rebase_tracks(&mut self) {
        for i in 0..self.army_status.tracks.len() {
            let t = self.tally_now(&self.army_status.tracks[i].sheet.clone());
            self.army_status.tracks[i].tally = t;
        }
    }

    /// A track by its sheet's leader ("Grant"), if in play and not dropped.
    pub fn track(&self, sheet: &str) -> Option<&Track> {
        self.army_status
            .tracks
            .iter()
            .find(|t| t.sheet.as_str() == sheet && !t.dropped)
    }

    /// The status of a track (1-4), if in play.
    pub fn status_of(&self, sheet: &str) -> Option<u8> {
        self.track(sheet).map(|t| t.status)
    }

    /// The panic of `sheet`'s commander is in force (3A.7).
    pub fn panicked(&self, sheet: &str) -> bool {
        self.track(sheet).is_some_and(|t| t.panicked)
    }

    /// A sheet's data.
    pub(crate) fn sheet(sheet: &UnitId) -> Option<&'static Commander> {
        crate::data::charts().army_status.commander(sheet)
    }

    /// Who holds a track now: the sheet's leader, or the successor in his command (3A.1).
    pub(crate) fn track_holder(&self, track: &Track) -> String {
        let side = track.side;
        let own = self
            .key(side, &track.sheet)
            .filter(|&k| !matches!(self.unit(k).fate, LeaderFate::Killed | LeaderFate::Wounded));
        if own.is_some() {
            return track.sheet.to_string();
        }
        let command = self
            .key(side, &track.sheet)
            .and_then(|k| self.leader_data(k))
            .and_then(|l| l.command.clone());
        command
            .and_then(|c| self.commander_of(side, &c))
            .map(|k| self.leader_name(k))
            .map(|n| format!("{n} (in {}'s place)", track.sheet))
            .unwrap_or_else(|| track.sheet.to_string())
    }

    /// The name of a track in sentences: "Grant's Army Status", "Burnside's Corps Status".
    pub(crate) fn track_name(&self, track: &Track) -> String {
        let kind = Self::sheet(&track.sheet).map_or("Army Status", |c| c.track.as_str());
        format!("{}'s {kind}", track.sheet)
    }

    /// Drops Meade's track when he has fallen (3A.1); returns the dropped sheets.
    pub(crate) fn drop_fallen_tracks(&mut self) -> Vec<UnitId> {
        let mut out = Vec::new();
        for i in 0..self.army_status.tracks.len() {
            let t = &self.army_status.tracks[i];
            if t.dropped || t.sheet.as_str() != DROPPED_WHEN_FALLEN {
                continue;
            }
            let fallen = self.key(t.side, &t.sheet).is_some_and(|k| {
                matches!(self.unit(k).fate, LeaderFate::Killed | LeaderFate::Wounded)
            });
            if fallen {
                out.push(t.sheet.clone());
                self.army_status.tracks[i].dropped = true;
                self.army_status.tracks[i].panicked = false;
            }
        }
        out
    }

    /// The Army Status part of a view (reference section 5): a seat sees its own tracks
    /// (status, panic in force) and its demands left today; everyone sees the panics that
    /// have happened and the demands each side has made today (both public events);
    /// after the game, everything.
    pub(crate) fn army_status_view(&self, viewer: Viewer) -> Option<Value> {
        if !self.army_status_on() {
            return None;
        }
        let tracks: Vec<Value> = self
            .army_status
            .tracks
            .iter()
            .filter(|t| viewer.sees_secrets_of(t.side))
            .map(|t| {
                json!({
                    "commander": t.sheet,
                    "side": t.side,
                    "track": Self::sheet(&t.sheet).map(|c| c.track.clone()),
                    "held_by": self.track_holder(t),
                    "status": t.status,
                    "dropped": t.dropped,
                    "panic_in_force": t.panicked,
                })
            })
            .collect();
        let panics: Vec<Value> = self
            .army_status
            .panics
            .iter()
            .map(|p| json!({"commander": p.sheet, "time": p.time, "cause": p.cause}))
            .collect();
        let demands = json!({
            "union": self.demands_made_today(Side::Union),
            "confederate": self.demands_made_today(Side::Confederate),
        });
        Some(json!({
            "tracks": tracks,
            "panics": panics,
            "demands_made_today": demands,
        }))
    }
}
