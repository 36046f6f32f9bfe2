//! `adjutant`: the command-line client.

/// The same allocator as the server: the load generator must not be the bottleneck.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[macro_use]
mod out;
mod account_cli;
mod corr_cli;

mod act;
mod args;
mod batch;
mod game_ids;
mod lists;
mod lobby_cli;
mod play;
mod session;
mod show;
use args::{Cli, Command};
use session::{replay, watch};

use adjutant_cli::config::{ConfigFile, DEFAULT_SERVER};
use adjutant_cli::disk_limit::DiskBench;
use adjutant_cli::load::{self, LoadPlan};
use adjutant_cli::progress::Progress;
use adjutant_cli::{Client, Live, bot, render};
use adjutant_protocol::{
    ChatChannel, ClientMessage, GameFilter, GameStatus, JoinGame, Record, ServerMessage,
    UpdateMode, Visibility, patch,
};
use clap::Parser;
use serde_json::{Map, Value};
use std::io::BufRead;
use std::process::ExitCode;
use std::time::Duration;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("adjutant: cannot start: {e}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(run(cli)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("adjutant: {message}");
            ExitCode::FAILURE
        }
    }
}

type Outcome = Result<(), String>;

fn pairs(items: &[String]) -> Result<Value, String> {
    let mut map = Map::new();
    for item in items {
        let (key, value) = item
            .split_once('=')
            .ok_or_else(|| format!("{item:?} is not KEY=VALUE"))?;
        let value =
            serde_json::from_str(value).unwrap_or_else(|_| Value::String(value.to_string()));
        map.insert(key.to_string(), value);
    }
    Ok(Value::Object(map))
}

async fn run(cli: Cli) -> Outcome {
    let mut config = ConfigFile::load()?;
    let profile = config
        .profiles
        .get(&cli.profile)
        .cloned()
        .unwrap_or_default();
    let server = cli
        .server
        .clone()
        .or_else(|| profile.server.clone())
        .unwrap_or_else(|| DEFAULT_SERVER.to_string());
    let client = Client::new(&server, profile.token.clone());
    let e = |e: adjutant_cli::ClientError| e.to_string();
    let profile_name = cli.profile.clone();
    // The game a command names (a unique start of an id), or the profile's last one.
    macro_rules! game {
        ($given:expr) => {
            game_ids::resolve(&client, &mut config, &profile_name, $given.as_deref()).await?
        };
    }
    match cli.command {
        Command::Account { action } => {
            let place = account_cli::Place {
                config: &mut config,
                profile: &cli.profile,
                server: &server,
                client: &client,
            };
            account_cli::run(action, place).await?;
        }
        Command::Catalog => lobby_cli::catalog(&client).await?,
        Command::New {
            game,
            scenario,
            side,
            private,
            options,
            secrets,
            clock,
            on_timeout,
            against,
        } => {
            let flags = lobby_cli::NewGame {
                game,
                scenario,
                side,
                private,
                options,
                secrets,
                clock,
                on_timeout,
                against,
            };
            let created = lobby_cli::new_game(&client, flags).await?;
            // The new game is the one later commands mean when they name none.
            game_ids::resolve(&client, &mut config, &profile_name, Some(&created)).await?;
        }
        Command::Join {
            game_id,
            invite,
            secrets,
        } => {
            let game_id = game!(game_id);
            let join = JoinGame {
                invite_code: invite,
                secret_choices: pairs(&secrets)?,
            };
            let joined = client.join(&game_id, &join).await.map_err(e)?;
            outln!(
                "You are the {} player in game {}.",
                joined.seat,
                joined.game_id
            );
        }
        Command::List { filter } => {
            let filter: GameFilter = serde_json::from_value(Value::String(filter.clone()))
                .map_err(|_| {
                    format!("--filter is mine, open, active or finished, not {filter:?}")
                })?;
            let list = client.list(filter).await.map_err(e)?;
            out!("{}", render::list(&list.games));
            out!("{}", corr_cli::list_clocks(&list.games));
        }
        Command::Show {
            game_id,
            spectate,
            json,
        } => {
            let game_id = game!(game_id);
            show::show(&client, &game_id, spectate.as_deref(), json).await?;
        }
        Command::Act {
            game_and_choice,
            text,
            objective,
            units,
            sets,
            orders,
            attempts,
            yes,
        } => {
            let (given, choice) = split_last(game_and_choice);
            let game_id = game!(given);
            let fill = act::Fill {
                text,
                objective,
                units,
                sets,
                orders,
                attempts,
                yes,
            };
            act::act(&client, &game_id, &choice, &fill).await?;
        }
        Command::Draw { game_and_answer } => {
            let (given, answer) = split_last(game_and_answer);
            let game_id = game!(given);
            act::draw(&client, &game_id, &answer).await?;
        }
        Command::Play { game_id } => {
            let game_id = game!(game_id);
            play::play(&client, &game_id).await?;
        }
        Command::Map {
            game_id,
            svg,
            spectate,
        } => {
            let game_id = game!(game_id);
            show::map(&client, &game_id, svg.as_deref(), spectate.as_deref()).await?;
        }
        Command::Maps { game, sheets, svg } => {
            show::maps(&client, &game, &sheets, svg.as_deref()).await?;
        }
        Command::Area {
            game_and_place,
            spectate,
        } => {
            let (given, place) = split_last(game_and_place);
            let game_id = game!(given);
            show::area(&client, &game_id, &place, spectate.as_deref()).await?;
        }
        Command::Resign { game_id } => {
            let game_id = game!(game_id);
            client.resign(&game_id).await.map_err(e)?;
            outln!("You resigned game {game_id}.");
        }
        Command::Watch { game_id, spectate } => {
            let game_id = game!(game_id);
            watch(&client, &game_id, spectate).await?
        }
        Command::Events {
            game_id,
            after,
            spectate,
        } => {
            let game_id = game!(game_id);
            show::events(&client, &game_id, after, spectate.as_deref()).await?;
        }
        Command::Export {
            game_id,
            output,
            spectate,
        } => {
            let game_id = game!(game_id);
            let record = client
                .record(&game_id, spectate.as_deref())
                .await
                .map_err(e)?;
            let text = serde_json::to_string_pretty(&record).expect("records serialise") + "\n";
            match output {
                Some(path) => {
                    std::fs::write(&path, text)
                        .map_err(|err| format!("cannot write {path}: {err}"))?;
                    outln!(
                        "Saved the record of game {game_id} ({} actions) to {path}.",
                        record.actions.len()
                    );
                }
                None => out!("{text}"),
            }
        }
        Command::Verify { file } => {
            let text = std::fs::read_to_string(&file)
                .map_err(|err| format!("cannot read {file}: {err}"))?;
            let record: Record = serde_json::from_str(&text)
                .map_err(|err| format!("{file} is not a game record: {err}"))?;
            let replaying = Progress::spinner(&format!(
                "Replaying {} actions against the rules",
                record.actions.len()
            ));
            let verified = adjutant_cli::verify(&adjutant_cli::registry(), &record)
                .map_err(|err| err.to_string())?;
            drop(replaying);
            let result = verified
                .outcome
                .map(|o| o.summary)
                .unwrap_or_else(|| "no result".into());
            outln!(
                "Verified: {} actions replayed, {} rolls checked against the seed, which matches its commitment. {result}.",
                verified.actions,
                verified.rolls
            );
        }
        Command::Bot { game_id, seed } => {
            let game_id = game!(game_id);
            let mut live = Live::connect(&client.ws_url(), client.token())
                .await
                .map_err(e)?;
            let bar = Progress::spinner("The bot is playing");
            let mut played = 0u64;
            let stats = bot::play_watched(
                &mut live,
                &game_id,
                seed,
                None,
                Duration::ZERO,
                &mut |seq| {
                    played += 1;
                    bar.say(format!(
                        "The bot has played {played} actions (game at action {seq})"
                    ));
                },
            )
            .await
            .map_err(e)?;
            drop(bar);
            outln!(
                "The bot played {} actions; the game is over.",
                stats.actions
            );
        }
        Command::Notices { action } => corr_cli::notices_command(&client, action).await?,
        Command::Pause {
            game_id,
            days,
            accept,
            refuse,
            end,
        } => {
            // One short number alone is the days, for the last game used.
            let (game_id, days) = match (game_id, days) {
                (Some(g), None) if g.len() <= 3 && g.bytes().all(|b| b.is_ascii_digit()) => {
                    (None, g.parse().ok())
                }
                other => other,
            };
            let game_id = game!(game_id);
            let reply = match (days, accept, refuse, end) {
                (_, true, _, _) => client.answer_pause(&game_id, true).await,
                (_, _, true, _) => client.answer_pause(&game_id, false).await,
                (_, _, _, true) => client.end_pause(&game_id).await,
                (Some(days), ..) => client.pause(&game_id, days).await,
                (None, ..) => {
                    return Err(
                        "give the number of days to ask for, or --accept, --refuse or --end".into(),
                    );
                }
            }
            .map_err(e)?;
            out!("{}", corr_cli::clock(&reply.clock));
        }
        Command::Reclaim { game_id } => {
            let game_id = game!(game_id);
            let reply = client.reclaim(&game_id).await.map_err(e)?;
            outln!("Your seat is yours again.");
            out!("{}", corr_cli::clock(&reply.clock));
        }
        Command::Vacation => {
            let vacation = client.vacation().await.map_err(e)?;
            out!("{}", corr_cli::vacation(&vacation));
        }
        Command::Chat {
            game_id,
            text,
            channel,
            after,
            spectate,
        } => {
            let game_id = game!(game_id);
            let channel: ChatChannel = match channel {
                Some(channel) => {
                    serde_json::from_value(Value::String(channel.clone())).map_err(|_| {
                        format!("--channel is players, spectators or notes, not {channel:?}")
                    })?
                }
                None if spectate.is_some() => ChatChannel::Spectators,
                None => {
                    let state = client.state(&game_id, None).await.map_err(e)?;
                    corr_cli::default_chat_channel(&state.viewer)
                }
            };
            match text {
                Some(text) => {
                    let message = client
                        .post_chat(&game_id, channel, &text, spectate.as_deref())
                        .await
                        .map_err(e)?;
                    out!("{}", corr_cli::chat(&[message]));
                }
                None => {
                    let log = client
                        .chat(&game_id, channel, after, spectate.as_deref())
                        .await
                        .map_err(e)?;
                    out!("{}", corr_cli::chat(&log.messages));
                }
            }
        }
        Command::Import { file, private } => {
            let text = std::fs::read_to_string(&file)
                .map_err(|err| format!("cannot read {file}: {err}"))?;
            let record: Record = serde_json::from_str(&text)
                .map_err(|err| format!("{file} is not a game record: {err}"))?;
            let visibility = if private {
                Visibility::Private
            } else {
                Visibility::Public
            };
            let sending = Progress::spinner(&format!(
                "Importing {} actions (the server checks each against the rules)",
                record.actions.len()
            ));
            let imported = client.import(&record, visibility).await.map_err(e)?;
            drop(sending);
            outln!(
                "Imported as game {} ({} actions and {} rolls checked). Step through it with `adjutant replay {}`.",
                imported.game_id,
                imported.actions,
                imported.rolls,
                imported.game_id
            );
        }
        Command::Rematch { game_id, secrets } => {
            let game_id = game!(game_id);
            let created = client
                .rematch(&game_id, pairs(&secrets)?)
                .await
                .map_err(e)?;
            outln!(
                "Rematch {} created; you are the {} player. Your opponent's seat is kept for them.",
                created.game_id,
                created.seat
            );
        }
        Command::Replay {
            game_id,
            turn,
            at,
            list,
        } => {
            let game_id = game!(game_id);
            replay(&client, &game_id, turn, at, list).await?
        }
        Command::Report { game_id, csv } => {
            let game_id = game!(game_id);
            let index = client.turns(&game_id).await.map_err(e)?;
            let unit = index
                .end
                .as_ref()
                .map_or("strength".to_string(), |t| t.unit.clone());
            if csv {
                out!("{}", adjutant_cli::report::csv(&index));
            } else {
                out!("{}", adjutant_cli::report::chart(&index, &unit));
            }
        }
        Command::Load {
            pairs: n,
            seconds,
            game,
            scenario,
            options,
            server_pid,
            node,
            kill_pid,
            kill_after,
            check_acked,
            disk_bench,
            disk_dir,
            think_ms,
        } => {
            let plan = LoadPlan {
                servers: std::iter::once(server).chain(node).collect(),
                pairs: n,
                think: Duration::from_millis(think_ms),
                duration: Duration::from_secs(seconds),
                game,
                scenario,
                options: pairs(&options)?,
                server_pids: server_pid,
                kill: kill_pid.zip(kill_after.map(Duration::from_secs_f64)),
                check_acked,
                disk_bench: disk_bench.map(|server_binary| DiskBench {
                    server_binary,
                    dir: disk_dir.unwrap_or_else(adjutant_cli::disk_limit::default_dir),
                    seconds: 5,
                }),
            };
            let bar = Progress::bar(seconds, "Bots playing");
            let running = load::run(plan);
            tokio::pin!(running);
            let mut tick = tokio::time::interval(Duration::from_millis(250));
            let start = std::time::Instant::now();
            let report = loop {
                tokio::select! {
                    report = &mut running => break report.map_err(e)?,
                    _ = tick.tick() => bar.set(start.elapsed().as_secs().min(seconds)),
                }
            };
            drop(bar);
            outln!("{report}");
        }
        Command::Spectators {
            count,
            games,
            game,
            scenario,
            server_pid,
        } => {
            let plan = adjutant_cli::spectators::SpectatorPlan {
                server,
                count,
                games,
                game,
                scenario,
                server_pid,
            };
            let report = adjutant_cli::spectators::run(plan).await.map_err(e)?;
            outln!("{report}");
        }
        Command::CrashSoak {
            server_binary,
            db,
            kills,
            games,
            game,
            scenario,
            options,
            seed,
        } => {
            let plan = adjutant_cli::crash_soak::SoakPlan {
                server: server_binary,
                db,
                kills,
                games,
                game,
                scenario,
                options: pairs(&options)?,
                seed,
            };
            let report = adjutant_cli::crash_soak::run(plan).await?;
            outln!("{report}");
            for lost in &report.lost {
                outln!("lost: {lost}");
            }
            if !report.lost.is_empty() {
                return Err("acknowledged actions were lost".into());
            }
        }
    }
    Ok(())
}

/// `[GAME] X` given as one or two words: the game (if given) and X.
fn split_last(mut words: Vec<String>) -> (Option<String>, String) {
    let last = words.pop().unwrap_or_default();
    (words.pop(), last)
}
