//! `adjutant`: the command-line client.

/// The same allocator as the server: the load generator must not be the bottleneck.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

mod corr_cli;

use adjutant_cli::config::{ConfigFile, DEFAULT_SERVER, Profile};
use adjutant_cli::load::{self, LoadPlan};
use adjutant_cli::{Client, Live, bot, render};
use adjutant_protocol::{
    ChatChannel, ClientMessage, CreateGame, GameFilter, GameStatus, JoinGame, Record,
    ServerMessage, SideChoice, UpdateMode, UpdateNoticeSettings, Visibility, patch,
};
use clap::{Parser, Subcommand};
use serde_json::{Map, Value};
use std::io::BufRead;
use std::process::ExitCode;
use std::time::Duration;

#[derive(Parser)]
#[command(
    name = "adjutant",
    version,
    about = "Play rule-enforced wargames on an Adjutant server"
)]
struct Cli {
    /// Server URL (default: the profile's, else http://127.0.0.1:8080).
    #[arg(long, global = true, env = "ADJUTANT_SERVER")]
    server: Option<String>,
    /// Config profile: one account per profile.
    #[arg(
        long,
        global = true,
        env = "ADJUTANT_PROFILE",
        default_value = "default"
    )]
    profile: String,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Create an account (its token is saved in the profile) or show the current one.
    Account {
        #[command(subcommand)]
        action: AccountCommand,
    },
    /// List the games, scenarios and options the server offers.
    Catalog,
    /// Create a game and take a seat in it.
    New {
        /// Game id, as `adjutant catalog` lists it.
        game: String,
        /// Scenario id, as `adjutant catalog` lists it.
        scenario: String,
        /// union, confederate or random.
        #[arg(long, default_value = "random")]
        side: String,
        /// Only an invite code lets someone join, and a spectate code watch.
        #[arg(long)]
        private: bool,
        /// A public option, KEY=VALUE (repeatable).
        #[arg(long = "option", value_name = "KEY=VALUE")]
        options: Vec<String>,
        /// A secret choice of yours, KEY=VALUE (repeatable).
        #[arg(long = "secret", value_name = "KEY=VALUE")]
        secrets: Vec<String>,
        /// A correspondence clock: a preset (brisk, a-move-a-day, leisurely) or
        /// BANK,INCREMENT,CAP such as 3d,36h,10d.
        #[arg(long)]
        clock: Option<String>,
        /// When a bank runs out: forfeit, or bot (the server plays the seat until you
        /// take it back).
        #[arg(long, default_value = "forfeit")]
        on_timeout: String,
    },
    /// Take the open seat of a game.
    Join {
        game_id: String,
        #[arg(long)]
        invite: Option<String>,
        #[arg(long = "secret", value_name = "KEY=VALUE")]
        secrets: Vec<String>,
    },
    /// List games: mine (default), open, active or finished.
    List {
        #[arg(long, default_value = "mine")]
        filter: String,
    },
    /// Show a game as you see it: state, prompt and numbered choices.
    Show {
        game_id: String,
        #[arg(long)]
        spectate: Option<String>,
        /// Print the raw JSON instead.
        #[arg(long)]
        json: bool,
    },
    /// Act: CHOICE is a number from `show`, words of a choice's label, or an action as JSON.
    Act {
        game_id: String,
        choice: String,
        /// Text for the action's free-text field (a written order).
        #[arg(long)]
        text: Option<String>,
    },
    /// Resign a game.
    Resign { game_id: String },
    /// Watch a game live.
    Watch {
        game_id: String,
        #[arg(long)]
        spectate: Option<String>,
    },
    /// Print your redacted event log of a game.
    Events {
        game_id: String,
        #[arg(long, default_value_t = 0)]
        after: u64,
        #[arg(long)]
        spectate: Option<String>,
    },
    /// Save the game record (complete, seed included, once the game is over).
    Export {
        game_id: String,
        #[arg(short, long)]
        output: Option<String>,
        #[arg(long)]
        spectate: Option<String>,
    },
    /// Replay a finished record: check the seed against its commitment and every roll.
    Verify { file: String },
    /// Play your seat in a game by picking legal actions until it ends.
    Bot {
        game_id: String,
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Your notices: the latest (default), your settings, or a test notice.
    Notices {
        #[command(subcommand)]
        action: Option<NoticesCommand>,
    },
    /// Ask for a pause of DAYS days (both clocks stop), or answer or end one.
    Pause {
        game_id: String,
        /// Days to ask for.
        days: Option<u32>,
        /// Agree to your opponent's request.
        #[arg(long, conflicts_with_all = ["refuse", "end"])]
        accept: bool,
        /// Refuse your opponent's request.
        #[arg(long, conflicts_with = "end")]
        refuse: bool,
        /// End the running pause now (the unused days go back to its asker).
        #[arg(long)]
        end: bool,
    },
    /// Take your seat back from the server's bot after a time-out.
    Reclaim { game_id: String },
    /// Your pause allowance this year.
    Vacation,
    /// Read a game's chat, or post TEXT to it.
    Chat {
        game_id: String,
        text: Option<String>,
        /// players, spectators or notes (your private notes).
        #[arg(long, default_value = "players")]
        channel: String,
        /// Only messages after this id.
        #[arg(long, default_value_t = 0)]
        after: i64,
        #[arg(long)]
        spectate: Option<String>,
    },
    /// Import a finished game's record (checked against the rules) into the server, read-only.
    Import {
        file: String,
        #[arg(long)]
        private: bool,
    },
    /// Offer a rematch of a finished game with sides swapped.
    Rematch {
        game_id: String,
        /// A secret choice for your new side, KEY=VALUE (repeatable).
        #[arg(long = "secret", value_name = "KEY=VALUE")]
        secrets: Vec<String>,
    },
    /// Step through a finished game: turn by turn (interactive, or --turn N), or --at ACTION.
    Replay {
        game_id: String,
        /// Show the game as it stood when turn (or round) N began.
        #[arg(long, conflicts_with = "at")]
        turn: Option<i64>,
        /// Show the game as it stood after action N.
        #[arg(long)]
        at: Option<u64>,
        /// Only list where each turn starts.
        #[arg(long)]
        list: bool,
    },
    /// Run N bot pairs against the server and report actions/s and latency.
    Load {
        #[arg(long, default_value_t = 100)]
        pairs: usize,
        #[arg(long, default_value_t = 20)]
        seconds: u64,
        #[arg(long)]
        game: String,
        #[arg(long)]
        scenario: String,
        #[arg(long = "option", value_name = "KEY=VALUE")]
        options: Vec<String>,
    },
    /// Kill a server process with SIGKILL at random moments while bots play, and check
    /// after each restart that no acknowledged action was lost (docs/reliability.md).
    CrashSoak {
        /// The server binary to run (it must host the game played).
        #[arg(long)]
        server_binary: std::path::PathBuf,
        /// The database file to create and reuse.
        #[arg(long)]
        db: std::path::PathBuf,
        #[arg(long, default_value_t = 1000)]
        kills: u32,
        /// Games played at once.
        #[arg(long, default_value_t = 16)]
        games: usize,
        #[arg(long)]
        game: String,
        #[arg(long)]
        scenario: String,
        #[arg(long = "option", value_name = "KEY=VALUE")]
        options: Vec<String>,
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
}

#[derive(Subcommand)]
enum NoticesCommand {
    /// The latest notices sent to you, newest first.
    List,
    /// Show your settings, or change them with the flags given.
    Settings {
        /// Where notices are POSTed (http://...).
        #[arg(long, conflicts_with = "no_webhook")]
        webhook: Option<String>,
        #[arg(long)]
        no_webhook: bool,
        /// Where notices are mailed.
        #[arg(long, conflicts_with = "no_email")]
        email: Option<String>,
        #[arg(long)]
        no_email: bool,
        /// Also while you are connected to the game: yes or no.
        #[arg(long)]
        always: Option<bool>,
        /// A daily list of the games where it is your move: yes or no.
        #[arg(long)]
        digest: Option<bool>,
    },
    /// Send yourself a test notice on every channel.
    Test,
    /// Mail yourself a fresh link that confirms your e-mail address.
    Confirm,
}

#[derive(Subcommand)]
enum AccountCommand {
    /// Create an account and save its token in the profile.
    Create { name: String },
    /// Show the profile's account.
    Show,
}

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
        Command::Account {
            action: AccountCommand::Create { name },
        } => {
            let created = client.create_account(&name).await.map_err(e)?;
            config.profiles.insert(
                cli.profile.clone(),
                Profile {
                    server: Some(server),
                    token: Some(created.token),
                    name: Some(created.name.clone()),
                },
            );
            config.save()?;
            println!(
                "Created account {} ({}); its token is saved in profile {:?}.",
                created.name, created.account_id, cli.profile
            );
        }
        Command::Account {
            action: AccountCommand::Show,
        } => {
            let me = client.me().await.map_err(e)?;
            println!("{} ({}) on {server}", me.name, me.account_id);
        }
        Command::Catalog => {
            let catalog = client.catalog().await.map_err(e)?;
            if catalog.games.is_empty() {
                println!("This server hosts no games.");
            }
            for game in catalog.games {
                println!("{} — {}\n  {}", game.id, game.name, game.description);
                for s in &game.scenarios {
                    println!(
                        "  scenario {} — {} ({} turns): {}",
                        s.id, s.name, s.turns, s.description
                    );
                }
                for c in &game.choices {
                    let scope = match c.scope {
                        adjutant_engine::ChoiceScope::Option => "option".to_string(),
                        adjutant_engine::ChoiceScope::Secret(side) => {
                            format!("secret choice of the {side} player")
                        }
                    };
                    println!("  {scope} {} — {}: {}", c.id, c.name, c.description);
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
            println!(
                "Game {} created; you are the {} player.",
                created.game_id, created.seat
            );
            println!(
                "Invite code (give it to your opponent): {}",
                created.invite_code
            );
            println!("Spectate code: {}", created.spectate_code);
            println!("Seed commitment: {}", created.seed_commitment);
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
            println!(
                "You are the {} player in game {}.",
                joined.seat, joined.game_id
            );
        }
        Command::List { filter } => {
            let filter: GameFilter = serde_json::from_value(Value::String(filter.clone()))
                .map_err(|_| {
                    format!("--filter is mine, open, active or finished, not {filter:?}")
                })?;
            let list = client.list(filter).await.map_err(e)?;
            print!("{}", render::list(&list.games));
            print!("{}", corr_cli::list_clocks(&list.games));
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
                println!(
                    "{}",
                    serde_json::to_string_pretty(&state).expect("states serialise")
                );
            } else {
                // A game drawn from its static data: names degrade to numbers without it.
                let data = match render::needs_data(&state.game) {
                    true => client
                        .game_data(&state.game)
                        .await
                        .unwrap_or(serde_json::Value::Null),
                    false => serde_json::Value::Null,
                };
                print!("{}", render::state(&state, &data));
                if let Some(clock) = &state.clock {
                    print!("\n{}", corr_cli::clock(clock));
                }
                if let Some(id) = &state.rematch {
                    println!("\nA rematch is offered: game {id}.");
                }
            }
        }
        Command::Act {
            game_id,
            choice,
            text,
        } => {
            let state = client.state(&game_id, None).await.map_err(e)?;
            let actions = state.view["actions"]
                .as_array()
                .cloned()
                .unwrap_or_default();
            let mut action = pick(&actions, &choice)?;
            if let Some(text) = text {
                bot::fill_text(&mut action, &text);
            }
            let accepted = client.act(&game_id, state.seq, &action).await.map_err(e)?;
            println!("Done (action {}).", accepted.seq);
            print!("{}", render::board(&accepted.view));
            print!("{}", render::prompt(&accepted.view));
        }
        Command::Resign { game_id } => {
            client.resign(&game_id).await.map_err(e)?;
            println!("You resigned game {game_id}.");
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
                    println!(
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
                    println!(
                        "Saved the record of game {game_id} ({} actions) to {path}.",
                        record.actions.len()
                    );
                }
                None => print!("{text}"),
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
            println!(
                "Verified: {} actions replayed, {} rolls checked against the seed, which matches its commitment. {result}.",
                verified.actions, verified.rolls
            );
        }
        Command::Bot { game_id, seed } => {
            let mut live = Live::connect(&client.ws_url(), client.token())
                .await
                .map_err(e)?;
            let stats = bot::play(&mut live, &game_id, seed, None)
                .await
                .map_err(e)?;
            println!(
                "The bot played {} actions; the game is over.",
                stats.actions
            );
        }
        Command::Notices { action } => match action.unwrap_or(NoticesCommand::List) {
            NoticesCommand::List => {
                let list = client.notices().await.map_err(e)?;
                print!("{}", corr_cli::notices(&list.notices));
            }
            NoticesCommand::Test => {
                let settings = client.test_notice().await.map_err(e)?;
                println!("A test notice is on its way to every channel you have.");
                print!("{}", corr_cli::settings(&settings));
            }
            NoticesCommand::Confirm => {
                let settings = client.resend_confirmation().await.map_err(e)?;
                println!("A new confirmation link is on its way to your e-mail address.");
                print!("{}", corr_cli::settings(&settings));
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
                print!("{}", corr_cli::settings(&settings));
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
            print!("{}", corr_cli::clock(&reply.clock));
        }
        Command::Reclaim { game_id } => {
            let reply = client.reclaim(&game_id).await.map_err(e)?;
            println!("Your seat is yours again.");
            print!("{}", corr_cli::clock(&reply.clock));
        }
        Command::Vacation => {
            let vacation = client.vacation().await.map_err(e)?;
            print!("{}", corr_cli::vacation(&vacation));
        }
        Command::Chat {
            game_id,
            text,
            channel,
            after,
            spectate,
        } => {
            let channel: ChatChannel = serde_json::from_value(Value::String(channel.clone()))
                .map_err(|_| {
                    format!("--channel is players, spectators or notes, not {channel:?}")
                })?;
            match text {
                Some(text) => {
                    let message = client
                        .post_chat(&game_id, channel, &text, spectate.as_deref())
                        .await
                        .map_err(e)?;
                    print!("{}", corr_cli::chat(&[message]));
                }
                None => {
                    let log = client
                        .chat(&game_id, channel, after, spectate.as_deref())
                        .await
                        .map_err(e)?;
                    print!("{}", corr_cli::chat(&log.messages));
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
            println!(
                "Imported as game {} ({} actions and {} rolls checked). Step through it with `adjutant replay {}`.",
                imported.game_id, imported.actions, imported.rolls, imported.game_id
            );
        }
        Command::Rematch { game_id, secrets } => {
            let created = client
                .rematch(&game_id, pairs(&secrets)?)
                .await
                .map_err(e)?;
            println!(
                "Rematch {} created; you are the {} player. Your opponent's seat is kept for them.",
                created.game_id, created.seat
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
            println!("{report}");
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
            println!("{report}");
            for lost in &report.lost {
                println!("lost: {lost}");
            }
            if !report.lost.is_empty() {
                return Err("acknowledged actions were lost".into());
            }
        }
    }
    Ok(())
}

/// Steps through a finished game: one position (`--turn`, `--at`), the turn list
/// (`--list`), or interactively from the start, a turn at a time.
async fn replay(
    client: &Client,
    game_id: &str,
    turn: Option<i64>,
    at: Option<u64>,
    list: bool,
) -> Outcome {
    let e = |e: adjutant_cli::ClientError| e.to_string();
    let index = client.turns(game_id).await.map_err(e)?;
    if list {
        print!("{}", corr_cli::turns(&index));
        return Ok(());
    }
    let show = |seq: u64| async move {
        let step = client.replay(game_id, seq).await.map_err(e)?;
        println!("— after action {} of {} —", step.seq, step.last);
        for event in &step.events {
            println!("  {}", render::event(event));
        }
        print!("{}", render::board(&step.view));
        Ok::<(), String>(())
    };
    if let Some(at) = at {
        return show(at).await;
    }
    if let Some(turn) = turn {
        let mark = index
            .turns
            .iter()
            .find(|m| m.turn == turn)
            .ok_or_else(|| format!("the game has no turn {turn}"))?;
        return show(mark.seq).await;
    }
    // Interactive: n (next turn), p (previous), a (next action), a number (that turn), q.
    let marks: Vec<u64> = if index.turns.is_empty() {
        (0..=index.last).collect()
    } else {
        index.turns.iter().map(|m| m.seq).collect()
    };
    let (mut i, mut seq) = (0usize, 0u64);
    show(seq).await?;
    println!("n: next turn, p: previous, a: next action, a number: that turn, q: quit");
    let stdin = std::io::stdin();
    for line in stdin.lock().lines() {
        let line = line.map_err(|err| err.to_string())?;
        match line.trim() {
            "q" => break,
            "p" => i = i.saturating_sub(1),
            "a" => {
                seq = (seq + 1).min(index.last);
                show(seq).await?;
                continue;
            }
            "" | "n" => i = (i + 1).min(marks.len() - 1),
            other => match other.parse::<i64>() {
                Ok(n) => match index.turns.iter().position(|m| m.turn == n) {
                    Some(found) => i = found,
                    None => {
                        println!("there is no turn {n}");
                        continue;
                    }
                },
                Err(_) => {
                    println!("n, p, a, a turn number or q");
                    continue;
                }
            },
        }
        seq = marks[i];
        show(seq).await?;
    }
    Ok(())
}

/// The action a choice names: a 1-based number, a JSON object, or words of one label.
fn pick(actions: &[Value], choice: &str) -> Result<Value, String> {
    if actions.is_empty() {
        return Err("you have nothing to do in this game at the moment".into());
    }
    if let Ok(n) = choice.parse::<usize>() {
        return actions
            .get(n.wrapping_sub(1))
            .cloned()
            .ok_or_else(|| format!("choose a number from 1 to {}", actions.len()));
    }
    if choice.trim_start().starts_with('{') {
        return serde_json::from_str(choice)
            .map_err(|err| format!("that is not a JSON action: {err}"));
    }
    let wanted = choice.to_lowercase();
    let matching: Vec<&Value> = actions
        .iter()
        .filter(|a| {
            a["label"]
                .as_str()
                .is_some_and(|l| l.to_lowercase().contains(&wanted))
        })
        .collect();
    match matching.as_slice() {
        [one] => Ok((*one).clone()),
        [] => Err(format!("no choice matches {choice:?}")),
        many => Err(format!(
            "{} choices match {choice:?}; use its number",
            many.len()
        )),
    }
}

async fn watch(client: &Client, game_id: &str, spectate_code: Option<String>) -> Outcome {
    let e = |e: adjutant_cli::ClientError| e.to_string();
    let mut live = Live::connect(&client.ws_url(), client.token())
        .await
        .map_err(e)?;
    live.send(&ClientMessage::Subscribe {
        game_id: game_id.to_string(),
        after_seq: None,
        spectate_code,
        updates: UpdateMode::Patch,
        id: None,
    })
    .await
    .map_err(e)?;
    let mut view = Value::Null;
    while let Some(frame) = live.next().await {
        match frame.map_err(e)? {
            ServerMessage::Subscribed {
                view: v,
                seq,
                status,
                ..
            } => {
                view = v;
                println!(
                    "Watching game {game_id} at action {seq} ({}).",
                    status.as_str()
                );
                print!("{}{}", render::board(&view), render::prompt(&view));
            }
            ServerMessage::Started { view: v, .. } => {
                view = v;
                println!("The game has started.");
                print!("{}{}", render::board(&view), render::prompt(&view));
            }
            ServerMessage::Update {
                seq,
                side,
                status,
                events,
                view: v,
                patch: p,
                ..
            } => {
                if let Some(v) = v {
                    view = v;
                } else if let Some(ops) = p {
                    patch::apply(&mut view, &ops)
                        .map_err(|err| format!("a patch did not apply: {err}"))?;
                }
                for event in &events {
                    println!("{seq:>5} {:<11} {}", side.to_string(), render::event(event));
                }
                print!("{}", render::prompt(&view));
                if status == GameStatus::Finished {
                    print!("{}", render::board(&view));
                    return Ok(());
                }
            }
            ServerMessage::Presence { presence, .. } => {
                println!(
                    "(connected: Union {}, Confederate {}, {} watching)",
                    if presence.union { "yes" } else { "no" },
                    if presence.confederate { "yes" } else { "no" },
                    presence.spectators
                );
            }
            ServerMessage::Clock { clock, .. } => print!("{}", corr_cli::clock(&clock)),
            ServerMessage::Chat { message, .. } => print!("{}", corr_cli::chat(&[message])),
            ServerMessage::RematchOffered { rematch_id, .. } => {
                println!("A rematch is offered: game {rematch_id}.");
            }
            ServerMessage::Error { message, code, .. } => {
                return Err(format!("{message} ({code})"));
            }
            _ => {}
        }
    }
    Err("the server closed the connection".into())
}
