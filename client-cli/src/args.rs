//! The `adjutant` command's arguments: its subcommands and their flags.

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "adjutant",
    version,
    about = "Play rule-enforced wargames on an Adjutant server",
    after_help = GAME_HELP
)]
pub(super) struct Cli {
    /// Server URL (default: the profile's, else http://127.0.0.1:8080).
    #[arg(long, global = true, env = "ADJUTANT_SERVER")]
    pub(super) server: Option<String>,
    /// Config profile: one account per profile.
    #[arg(
        long,
        global = true,
        env = "ADJUTANT_PROFILE",
        default_value = "default"
    )]
    pub(super) profile: String,
    #[command(subcommand)]
    pub(super) command: Command,
}

/// How every command names its game.
const GAME_HELP: &str = "GAME: every command that takes a game id takes a unique start of one \
(`adjutant show 3f2a`), matched against `adjutant list` and the public lists; an ambiguous \
start is refused with the games it could be. Without a GAME, a command works on the game this \
profile used last.";

#[derive(Subcommand)]
pub(super) enum Command {
    /// The account: create one, sign in (password, token or mailed link), password,
    /// sessions and revoking them.
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
        /// Who plays the other side: person (someone joins; the default), or
        /// computer[:LEVEL] (the server plays it at LEVEL: easy, normal or hard; the game
        /// starts at once).
        #[arg(long, value_name = "person|computer[:LEVEL]")]
        against: Option<String>,
    },
    /// Take the open seat of a game.
    Join {
        /// The game (a unique start of its id).
        game_id: Option<String>,
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
    /// Show a game as you see it: state, what happened since your last action, prompt and
    /// numbered choices.
    #[command(after_help = GAME_HELP)]
    Show {
        game_id: Option<String>,
        #[arg(long)]
        spectate: Option<String>,
        /// Print the raw JSON instead.
        #[arg(long)]
        json: bool,
    },
    /// Act: CHOICE is a number from `show`, words of a choice's label, or an action as JSON.
    ///
    /// A choice that asks for words (a written order) takes them with --text, and the hex it
    /// aims at with --objective: `adjutant act GAME 4 --text "Attack along the pike"
    /// --objective A12.10`. A choice that carries a list of units (the units moving with a
    /// picked unit, the units firing) takes it with --units: `adjutant act
    /// GAME 7 --units "Griffin,1/2/5"`; any other typed parameter with --set NAME=JSON, e.g.
    /// `--set 'facings=[{"hex":"A20.06","facing":"N-NE"}]'` (or `formations=`,
    /// `extensions=`) for Finish setting up. A flag the chosen action has no field for is
    /// refused.
    ///
    /// A batch (all of a Command Phase's orders, or all its initiative attempts, posted as one
    /// action) is filled from the numbered menu `show` prints: --order (or --attempt) once per
    /// item, in order, each "ENTRY|OBJECTIVE|WORDS": `adjutant act GAME 1 --order
    /// "7|A17.10|Press the attack up the pike" --order "20||Hold the ridge"`. With none, the
    /// batch is posted empty.
    #[command(after_help = GAME_HELP)]
    Act {
        /// [GAME] CHOICE: the game (optional: the last one used) and the choice.
        #[arg(value_name = "GAME] [CHOICE", num_args = 1..=2, required = true)]
        game_and_choice: Vec<String>,
        /// Text for the action's free-text field (the words of a written order).
        #[arg(long)]
        text: Option<String>,
        /// The hex the action aims at, for an action with an objective (a written order's
        /// objective hex, e.g. A12.10).
        #[arg(long, value_name = "HEX")]
        objective: Option<String>,
        /// The units of the action's list, separated by commas (empty for none): the units
        /// that go with a picked unit, or the units that fire.
        #[arg(long, value_name = "ID,ID")]
        units: Option<String>,
        /// A typed parameter of the action, NAME=JSON (repeatable).
        #[arg(long = "set", value_name = "NAME=JSON")]
        sets: Vec<String>,
        /// Add an entry of your orders menu to the batch: "ENTRY|OBJECTIVE|WORDS" (objective
        /// may be empty; a goal dropped or a retreat takes just its ENTRY; an entry that names
        /// a hex, such as a brigade's return, takes "ENTRY|HEX"). Repeat, in order.
        #[arg(long = "order", value_name = "ENTRY|OBJECTIVE|WORDS")]
        orders: Vec<String>,
        /// Add an entry of your initiative menu to the batch: "ENTRY|OBJECTIVE|WORDS", the
        /// order the leader gives if he wins. Repeat, in the order they are rolled.
        #[arg(long = "attempt", value_name = "ENTRY|OBJECTIVE|WORDS")]
        attempts: Vec<String>,
        /// Post a choice the rules mark irrevocable without asking first (asked only at a
        /// terminal).
        #[arg(long, short = 'y')]
        yes: bool,
    },
    /// Offer a draw, or answer or withdraw a draw offer: ANSWER is offer, accept, decline or
    /// withdraw. An offer stands until it is answered or withdrawn.
    #[command(after_help = GAME_HELP)]
    Draw {
        /// [GAME] ANSWER: the game (optional: the last one used) and offer, accept, decline
        /// or withdraw.
        #[arg(value_name = "GAME] [ANSWER", num_args = 1..=2, required = true)]
        game_and_answer: Vec<String>,
    },
    /// Resign a game.
    #[command(after_help = GAME_HELP)]
    Resign { game_id: Option<String> },
    /// Watch a game live: what happened since your last action, then each update as it
    /// comes.
    #[command(after_help = GAME_HELP)]
    Watch {
        game_id: Option<String>,
        #[arg(long)]
        spectate: Option<String>,
    },
    /// Print your redacted event log of a game.
    #[command(after_help = GAME_HELP)]
    Events {
        game_id: Option<String>,
        #[arg(long, default_value_t = 0)]
        after: u64,
        #[arg(long)]
        spectate: Option<String>,
    },
    /// Save the game record (complete, seed included, once the game is over).
    #[command(after_help = GAME_HELP)]
    Export {
        game_id: Option<String>,
        #[arg(short, long)]
        output: Option<String>,
        #[arg(long)]
        spectate: Option<String>,
    },
    /// Replay a finished record: check the seed against its commitment and every roll.
    Verify { file: String },
    /// Play your seat in a game by picking legal actions until it ends.
    #[command(after_help = GAME_HELP)]
    Bot {
        game_id: Option<String>,
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Play a game at the terminal: show it, read your choice (a number or words of a
    /// label), act, wait for your opponent over the WebSocket, show it again, until it ends.
    /// `q` quits; `m` prints the map, `a PLACE` describes a place of it.
    #[command(after_help = GAME_HELP)]
    Play { game_id: Option<String> },
    /// The whole map as text, with what you see on it; or, with --svg, drawn to an SVG file.
    #[command(after_help = GAME_HELP)]
    Map {
        game_id: Option<String>,
        /// Write the map as SVG to this file instead.
        #[arg(long, value_name = "FILE")]
        svg: Option<String>,
        #[arg(long)]
        spectate: Option<String>,
    },
    /// A game's maps studied without a game (the game's id as `adjutant catalog` lists it):
    /// every sheet, or those of --sheets, drawn whole as text; or, with --svg, to an SVG file.
    Maps {
        game: String,
        /// The sheets, as the game names them (A, B, or A,B joined); all when not given.
        #[arg(long, default_value = "")]
        sheets: String,
        /// Write the maps as SVG to this file instead.
        #[arg(long, value_name = "FILE")]
        svg: Option<String>,
    },
    /// One place of the map described, named as the game names it (an Area's number such as
    /// 20, a hex id such as A17.10): terrain, neighbours and borders, who is there, your
    /// choices naming it.
    #[command(after_help = GAME_HELP)]
    Area {
        /// [GAME] PLACE: the game (optional: the last one used) and the place.
        #[arg(value_name = "GAME] [PLACE", num_args = 1..=2, required = true)]
        game_and_place: Vec<String>,
        #[arg(long)]
        spectate: Option<String>,
    },
    /// Your notices: the latest (default), your settings, or a test notice.
    Notices {
        #[command(subcommand)]
        action: Option<NoticesCommand>,
    },
    /// Ask for a pause of DAYS days (both clocks stop), or answer or end one. With one
    /// argument of at most three digits, it is DAYS (of the last game used).
    #[command(after_help = GAME_HELP)]
    Pause {
        game_id: Option<String>,
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
    #[command(after_help = GAME_HELP)]
    Reclaim { game_id: Option<String> },
    /// Your pause allowance this year.
    Vacation,
    /// Read a game's chat, or post TEXT to it (posting names the game: `chat GAME TEXT`).
    #[command(after_help = GAME_HELP)]
    Chat {
        game_id: Option<String>,
        text: Option<String>,
        /// players, spectators or notes (your private notes); by default the players' channel
        /// for a seated player and the spectators' for anyone else.
        #[arg(long)]
        channel: Option<String>,
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
    #[command(after_help = GAME_HELP)]
    Rematch {
        game_id: Option<String>,
        /// A secret choice for your new side, KEY=VALUE (repeatable).
        #[arg(long = "secret", value_name = "KEY=VALUE")]
        secrets: Vec<String>,
    },
    /// Step through a finished game: turn by turn (interactive, or --turn N), or --at ACTION.
    #[command(after_help = GAME_HELP)]
    Replay {
        game_id: Option<String>,
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
    /// The after-action report of a finished game: victory points and strength turn by turn,
    /// as a text chart or CSV.
    Report {
        game_id: Option<String>,
        /// Comma-separated values (for a spreadsheet) instead of the chart.
        #[arg(long)]
        csv: bool,
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
        /// The server's process id (same machine): the report adds its CPU time per action.
        /// Repeat it for several servers: their CPU times are summed.
        #[arg(long)]
        server_pid: Vec<u32>,
        /// Another server on the same database (repeat it): the two players of each pair are
        /// then on different servers (round robin over `--server` and these), and a player
        /// whose server dies plays on through the next one.
        #[arg(long, value_name = "URL")]
        node: Vec<String>,
        /// Kill this server process (same machine) with SIGKILL mid-run (`--kill-after`): the
        /// report adds the latency around its death.
        #[arg(long, value_name = "PID", requires = "kill_after")]
        kill_pid: Option<u32>,
        /// When to kill `--kill-pid`, in seconds after the bots start.
        #[arg(long, value_name = "SECS", requires = "kill_pid")]
        kill_after: Option<f64>,
        /// After the run, read every game back and check that its last acknowledged action
        /// is there.
        #[arg(long)]
        check_acked: bool,
        /// The server binary (same machine): after the bots stop, its `disk-bench` measures
        /// the disk's fsynced commits per second, and the report gives the run's ratio to it.
        #[arg(long, value_name = "SERVER_BINARY")]
        disk_bench: Option<std::path::PathBuf>,
        /// The directory the disk bench measures (the database's own; default the system's
        /// temporary directory).
        #[arg(long, value_name = "DIR", requires = "disk_bench")]
        disk_dir: Option<std::path::PathBuf>,
        /// Each bot pauses this long before each of its actions (0: flat out). Paced pairs
        /// stand for many live games at a player's pace: 1,000 pairs at 1,000 ms.
        #[arg(long, default_value_t = 0, value_name = "MS")]
        think_ms: u64,
    },
    /// Measure what idle spectators cost a server on this machine: open COUNT spectator
    /// WebSockets on a few public games and read the server's resident memory.
    Spectators {
        #[arg(long, default_value_t = 1000)]
        count: usize,
        /// Public games the spectators are spread over.
        #[arg(long, default_value_t = 10)]
        games: usize,
        #[arg(long)]
        game: String,
        #[arg(long)]
        scenario: String,
        /// The server's process id (same machine).
        #[arg(long)]
        server_pid: u32,
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
pub(super) enum NoticesCommand {
    /// The latest notices sent to you, newest first.
    List,
    /// Show your settings, or change them with the flags given.
    Settings {
        /// Where notices are POSTed (https://... or http://...).
        #[arg(long, conflicts_with = "no_webhook")]
        webhook: Option<String>,
        /// The webhook body's shape: auto (by the address), adjutant, discord or slack.
        #[arg(long)]
        webhook_format: Option<String>,
        /// A new signing secret for the webhook.
        #[arg(long)]
        rotate_secret: bool,
        /// The hour (UTC, 0-23) the daily digest goes at, or `none` (a day after the last).
        #[arg(long)]
        digest_hour: Option<String>,
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
pub(super) enum AccountCommand {
    /// Create an account and save its token in the profile.
    Create {
        name: String,
        /// Set a password too (asked on the terminal, twice, without echo), so that the
        /// account can sign in by name on other devices.
        #[arg(long, conflicts_with = "password_stdin")]
        password: bool,
        /// Read the password from the first line of standard input.
        #[arg(long)]
        password_stdin: bool,
    },
    /// Show the profile's account.
    Show,
    /// Sign in on this machine and save the new token in the profile: with the account's
    /// name and password, an existing token, or a link mailed by `account recover`.
    Login {
        /// The account's name (its password is asked on the terminal without echo).
        #[arg(required_unless_present_any = ["token", "link"], conflicts_with_all = ["token", "link"])]
        name: Option<String>,
        /// Read the password from the first line of standard input.
        #[arg(long)]
        password_stdin: bool,
        /// Use this existing token (checked with the server first).
        #[arg(long, conflicts_with = "link")]
        token: Option<String>,
        /// Use a sign-in link mailed to the account's confirmed address (the whole link or
        /// its token).
        #[arg(long)]
        link: Option<String>,
        /// With --link: set a new password too (asked on the terminal, or the first line
        /// of standard input with --password-stdin).
        #[arg(long, requires = "link")]
        new_password: bool,
        /// What the new token is for, as `account sessions` lists it (default: the CLI and
        /// this machine's name).
        #[arg(long)]
        label: Option<String>,
    },
    /// Mail a sign-in link to the account's confirmed notice address (for a forgotten
    /// password or a new machine); use it with `account login --link`.
    Recover { name: String },
    /// Set the account's password, or change it (the current one is asked first).
    Password {
        /// Read the passwords from standard input: the current one on the first line (when
        /// the account has one), the new one on the next.
        #[arg(long)]
        password_stdin: bool,
        /// Revoke every other token of the account too.
        #[arg(long)]
        sign_out_others: bool,
    },
    /// List the account's tokens (sessions): when made, how, last used; never the tokens.
    Sessions,
    /// Revoke one token by its id (as `account sessions` lists it), or every other one.
    Revoke {
        #[arg(required_unless_present = "others", conflicts_with = "others")]
        id: Option<String>,
        /// Revoke every token but this profile's.
        #[arg(long)]
        others: bool,
    },
    /// Revoke this profile's token and forget it.
    Logout,
}
