//! `adjutant`: the command-line client.

/// The same allocator as the server: the load generator must not be the bottleneck.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[macro_use]
mod out;
mod account_cli;
mod corr_cli;

mod args;
mod batch;
mod lists;
mod session;
use args::{Cli, Command, NoticesCommand};
use session::{fill_free_fields, game_data, pick, replay, watch};

use adjutant_cli::config::{ConfigFile, DEFAULT_SERVER};
use adjutant_cli::load::{self, LoadPlan};
use adjutant_cli::{Client, Live, bot, render};
use adjutant_protocol::{
    ChatChannel, ClientMessage, CreateGame, GameFilter, GameStatus, JoinGame, Record,
    ServerMessage, SideChoice, UpdateMode, UpdateNoticeSettings, Visibility, patch,
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
        Command::Catalog => {
            let catalog = client.catalog().await.map_err(e)?;
            if catalog.games.is_empty() {
                outln!("This server hosts no games.");
            }
            for game in catalog.games {
                outln!("{} — {}\n  {}", game.id, game.name, game.description);
                for s in &game.scenarios {
                    outln!(
                        "  scenario {} — {} ({} turns): {}",
                        s.id,
                        s.name,
                        s.turns,
                        s.description
                    );
                }
                for c in &game.choices {
                    let scope = match c.scope {
                        adjutant_engine::ChoiceScope::Option => "option".to_string(),
                        adjutant_engine::ChoiceScope::Secret(side) => {
                            format!("secret choice of the {side} player")
                        }
                    };
                    outln!("  {scope} {} — {}: {}", c.id, c.name, c.description);
                }
            }
        }
        Command::New {
            game,
            scenario,
            side,
            private,
            options,
            secrets,
            clock,
            on_timeout,
        } => {
            let clock = clock
                .map(|spec| corr_cli::clock_choice(&spec, &on_timeout))
                .transpose()?;
            let side = match side.as_str() {
                "union" => SideChoice::Union,
                "confederate" => SideChoice::Confederate,
                "random" => SideChoice::Random,
                other => {
                    return Err(format!(
                        "--side is union, confederate or random, not {other:?}"
                    ));
                }
            };
            let request = CreateGame {
                game,
                scenario,
                options: pairs(&options)?,
                side,
                visibility: if private {
                    Visibility::Private
                } else {
                    Visibility::Public
                },
                secret_choices: pairs(&secrets)?,
                clock,
            };
            let created = client.create_game(&request).await.map_err(e)?;
            outln!(
                "Game {} created; you are the {} player.",
                created.game_id,
                created.seat
            );
            outln!(
                "Invite code (give it to your opponent): {}",
                created.invite_code
            );
            outln!("Spectate code: {}", created.spectate_code);
            outln!("Seed commitment: {}", created.seed_commitment);
        }
        Command::Join {
            game_id,
            invite,
            secrets,
        } => {
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
            let state = client
                .state(&game_id, spectate.as_deref())
                .await
                .map_err(e)?;
            if json {
                outln!(
                    "{}",
                    serde_json::to_string_pretty(&state).expect("states serialise")
                );
            } else {
                let data = game_data(&client, &state.game).await;
                out!("{}", render::state(&state, &data));
                if let Some(clock) = &state.clock {
                    out!("\n{}", corr_cli::clock(clock));
                }
                if let Some(id) = &state.rematch {
                    outln!("\nA rematch is offered: game {id}.");
                }
            }
        }
        Command::Act {
            game_id,
            choice,
            text,
            objective,
            units,
            sets,
            orders,
            attempts,
        } => {
            let state = client.state(&game_id, None).await.map_err(e)?;
            let actions = state.view["actions"]
                .as_array()
                .cloned()
                .unwrap_or_default();
            let mut action = pick(&actions, &choice)?;
            fill_free_fields(&mut action, text.as_deref(), objective.as_deref())?;
            lists::fill_lists(&mut action, units.as_deref(), &sets)?;
            batch::fill_batch(&mut action, &state.view, &orders, &attempts)?;
            let accepted = client.act(&game_id, state.seq, &action).await.map_err(e)?;
            outln!("Done (action {}).", accepted.seq);
            let data = game_data(&client, &state.game).await;
            out!("{}", render::game_board(&state.game, &accepted.view, &data));
            out!("{}", render::prompt(&accepted.view));
        }
        Command::Resign { game_id } => {
            client.resign(&game_id).await.map_err(e)?;
            outln!("You resigned game {game_id}.");
        }
        Command::Watch { game_id, spectate } => watch(&client, &game_id, spectate).await?,
        Command::Events {
            game_id,
            after,
            spectate,
        } => {
            let log = client
                .events(&game_id, after, spectate.as_deref())
                .await
                .map_err(e)?;
            for entry in log.entries {
                for event in entry.events {
                    outln!(
                        "{:>5} {:<11} {}",
                        entry.seq,
                        entry.side.to_string(),
                        render::event(&event)
                    );
                }
            }
        }
        Command::Export {
            game_id,
            output,
            spectate,
        } => {
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
            let verified = adjutant_cli::verify(&adjutant_cli::registry(), &record)
                .map_err(|err| err.to_string())?;
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
            let mut live = Live::connect(&client.ws_url(), client.token())
                .await
                .map_err(e)?;
            let stats = bot::play(&mut live, &game_id, seed, None)
                .await
                .map_err(e)?;
            outln!(
                "The bot played {} actions; the game is over.",
                stats.actions
            );
        }
        Command::Notices { action } => match action.unwrap_or(NoticesCommand::List) {
            NoticesCommand::List => {
                let list = client.notices().await.map_err(e)?;
                out!("{}", corr_cli::notices(&list.notices));
            }
            NoticesCommand::Test => {
                let settings = client.test_notice().await.map_err(e)?;
                outln!("A test notice is on its way to every channel you have.");
                out!("{}", corr_cli::settings(&settings));
            }
            NoticesCommand::Confirm => {
                let settings = client.resend_confirmation().await.map_err(e)?;
                outln!("A new confirmation link is on its way to your e-mail address.");
                out!("{}", corr_cli::settings(&settings));
            }
            NoticesCommand::Settings {
                webhook,
                no_webhook,
                email,
                no_email,
                always,
                digest,
            } => {
                let current = client.notice_settings().await.map_err(e)?;
                let changed = webhook.is_some()
                    || no_webhook
                    || email.is_some()
                    || no_email
                    || always.is_some()
                    || digest.is_some();
                let settings = if changed {
                    let update = UpdateNoticeSettings {
                        webhook_url: if no_webhook {
                            None
                        } else {
                            webhook.or(current.webhook_url)
                        },
                        email: if no_email {
                            None
                        } else {
                            email.or(current.email)
                        },
                        always: always.unwrap_or(current.always),
                        digest: digest.unwrap_or(current.digest),
                    };
                    client.set_notice_settings(&update).await.map_err(e)?
                } else {
                    current
                };
                out!("{}", corr_cli::settings(&settings));
            }
        },
        Command::Pause {
            game_id,
            days,
            accept,
            refuse,
            end,
        } => {
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
            let imported = client.import(&record, visibility).await.map_err(e)?;
            outln!(
                "Imported as game {} ({} actions and {} rolls checked). Step through it with `adjutant replay {}`.",
                imported.game_id,
                imported.actions,
                imported.rolls,
                imported.game_id
            );
        }
        Command::Rematch { game_id, secrets } => {
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
        } => replay(&client, &game_id, turn, at, list).await?,
        Command::Load {
            pairs: n,
            seconds,
            game,
            scenario,
            options,
        } => {
            let plan = LoadPlan {
                server,
                pairs: n,
                duration: Duration::from_secs(seconds),
                game,
                scenario,
                options: pairs(&options)?,
            };
            let report = load::run(plan).await.map_err(e)?;
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
