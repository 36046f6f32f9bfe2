//! The Turn Record Track (3.1): 39 campaign turns with dates and weather, and the 7.3 track.

use mississippi_fortress::data::turn_track::TrackId;
use mississippi_fortress::data::{Provenance, TurnTrack, Weather};

use crate::facts::{facts, num};

fn track() -> &'static TurnTrack {
    TurnTrack::get()
}

#[test]
fn rule_3_1_campaign_track_has_39_turns_with_dates_and_weather() {
    let t = track().track(TrackId::Campaign);
    assert_eq!(t.len(), 39);
    for (i, r) in t.iter().enumerate() {
        assert_eq!(usize::from(r.turn), i + 1);
        assert!(!r.dates.is_empty() && !r.basis.is_empty());
        assert_eq!(
            r.weather_status,
            Provenance::Reconstructed,
            "the printed track is not available"
        );
    }
}

#[test]
fn printed_turn_dates_read_back() {
    for d in facts()["turn_dates"].as_array().unwrap() {
        let r = track().turn(TrackId::Campaign, num(&d["turn"])).unwrap();
        assert_eq!(r.dates, d["dates"].as_str().unwrap(), "Turn {}", r.turn);
        assert_eq!(r.dates_status, Provenance::Printed, "Turn {}", r.turn);
    }
    let printed = track()
        .track(TrackId::Campaign)
        .iter()
        .filter(|r| r.dates_status == Provenance::Printed)
        .count();
    assert_eq!(printed, facts()["turn_dates"].as_array().unwrap().len());
}

#[test]
fn turns_follow_the_two_day_rule_and_turn_39_keeps_its_printed_label() {
    assert_eq!(
        track().turn(TrackId::Campaign, 31).unwrap().dates,
        "June 18-19"
    );
    assert_eq!(
        track().turn(TrackId::Campaign, 37).unwrap().dates,
        "June 30-July 1"
    );
    assert_eq!(
        track().turn(TrackId::Campaign, 38).unwrap().dates,
        "July 2-3"
    );
    assert_eq!(
        track().turn(TrackId::Campaign, 39).unwrap().dates,
        "July 3-4"
    );
    assert!(track().turn(TrackId::Campaign, 40).is_none());
    assert!(track().turn(TrackId::Campaign, 0).is_none());
}

#[test]
fn rule_3_2_historical_weather_reconstructed_from_the_campaign() {
    let w = |t| track().weather(TrackId::Campaign, t).unwrap();
    assert_eq!(
        w(13),
        Weather::Rain,
        "the driving rainstorm at Jackson, 14 May"
    );
    assert_eq!(w(12), Weather::Heat, "Raymond, 12 May");
    assert_eq!(w(14), Weather::Clear, "Champion Hill, 16 May");
    let count = |x| {
        track()
            .track(TrackId::Campaign)
            .iter()
            .filter(|r| r.weather == x)
            .count()
    };
    assert_eq!(
        (count(Weather::Rain), count(Weather::Heat)),
        (3, 5),
        "3.0: several days, not harsh"
    );
}

#[test]
fn rule_7_3_track_has_five_turns_from_christmas_eve() {
    let t = track().track(TrackId::ShermansAssault);
    assert_eq!(t.len(), 5);
    for d in facts()["shermans_assault_dates"].as_array().unwrap() {
        assert_eq!(
            t[usize::from(num(&d["turn"])) - 1].dates,
            d["dates"].as_str().unwrap()
        );
    }
    assert_eq!(t[4].weather, Weather::Rain, "the rain of 1-2 January 1863");
}

#[test]
fn turn_track_loader_rejects_misnumbered_turns() {
    let ok = include_str!("../../data/turn_track.toml");
    assert!(TurnTrack::parse(ok).is_ok());
    assert!(TurnTrack::parse(&ok.replacen("turn = 2\n", "turn = 3\n", 1)).is_err());
}
