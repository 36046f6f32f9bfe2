//! Weather (3.1-3.3): each turn's weather is read from the Turn Record Track, or rolled on the
//! Optional Weather Table for the First Player (3.3). Clear has no effect; Heat adds +1 to
//! straggler rolls; Rain adds +1 (+2 on the second and later consecutive Rain turn, decision
//! G16) and lowers every Combat Intensity Level by one. The weather is public (R33).

use crate::data::{Charts, OptionId, TurnTrack, Weather};
use crate::events::{EventKind, Fx};
use crate::model::game::MississippiFortress;

impl MississippiFortress {
    /// S2.2 A: the Weather Segment of the current turn.
    pub(crate) fn start_turn(&mut self, fx: &mut Fx) {
        let weather = if self.option(OptionId::OptionalWeather) {
            // 3.3: the First Player rolls; the engine rolls for him and the roll is public.
            let roll = fx.d6();
            let weather = Charts::get()
                .optional_weather(roll)
                .unwrap_or(Weather::Clear);
            fx.public(
                EventKind::Weather,
                format!(
                    "{}: the weather roll is {roll}: {}.",
                    self.turn_name(),
                    weather_name(weather)
                ),
            );
            weather
        } else {
            let track = self.scenario_data().track;
            TurnTrack::get()
                .weather(track, self.turn)
                .unwrap_or(Weather::Clear)
        };
        self.weather = weather;
        let rain_note = if self.continuing_rain() {
            " (the second consecutive turn of Rain)"
        } else {
            ""
        };
        fx.public(
            EventKind::Weather,
            format!(
                "{} begins. Weather: {}{rain_note}.",
                self.turn_name(),
                weather_name(weather)
            ),
        );
    }

    /// 3.2c: Rain following a Rain turn (the turn before the first counts as Clear, S2.1).
    pub fn continuing_rain(&self) -> bool {
        self.weather == Weather::Rain && self.previous_weather == Weather::Rain
    }

    /// 3.2c: it rains this turn.
    pub fn raining(&self) -> bool {
        self.weather == Weather::Rain
    }

    /// 3.2b-c: the weather modifier of every Straggler Loss Chart roll this turn.
    pub fn weather_straggler_modifier(&self) -> i32 {
        let m = &Charts::get().straggler_loss.modifiers;
        match self.weather {
            Weather::Clear => 0,
            Weather::Heat => i32::from(m.heat_or_rain),
            Weather::Rain if self.continuing_rain() => i32::from(m.continuing_rain),
            Weather::Rain => i32::from(m.heat_or_rain),
        }
    }
}

/// "Clear", "Heat", "Rain".
pub fn weather_name(weather: Weather) -> &'static str {
    match weather {
        Weather::Clear => "Clear",
        Weather::Heat => "Heat",
        Weather::Rain => "Rain",
    }
}
