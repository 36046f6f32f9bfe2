//! The `adjutant` config file: server URL and token per profile, so that one machine can hold
//! several accounts (`--profile`). Kept at `$ADJUTANT_CONFIG`, or
//! `$XDG_CONFIG_HOME/adjutant/config.json`, or `~/.config/adjutant/config.json`.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::PathBuf;

/// The server used when neither the flag, the environment nor the profile names one.
pub const DEFAULT_SERVER: &str = "http://127.0.0.1:8080";

/// One account on one server.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Profile {
    pub server: Option<String>,
    pub token: Option<String>,
    pub name: Option<String>,
    /// The game this profile named last: the game of a command that names none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_game: Option<String>,
}

/// The whole file.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ConfigFile {
    #[serde(default)]
    pub profiles: BTreeMap<String, Profile>,
}

/// Where the file lives.
pub fn path() -> PathBuf {
    if let Some(path) = std::env::var_os("ADJUTANT_CONFIG") {
        return PathBuf::from(path);
    }
    let base = std::env::var_os("XDG_CONFIG_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".config")))
        .unwrap_or_else(|| PathBuf::from("."));
    base.join("adjutant").join("config.json")
}

impl ConfigFile {
    /// Reads the file; a missing file is an empty config.
    pub fn load() -> Result<ConfigFile, String> {
        let path = path();
        match std::fs::read_to_string(&path) {
            Ok(text) => serde_json::from_str(&text)
                .map_err(|e| format!("{} is not a valid config file: {e}", path.display())),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(ConfigFile::default()),
            Err(e) => Err(format!("cannot read {}: {e}", path.display())),
        }
    }

    /// Writes the file (readable by its owner only: it holds tokens).
    pub fn save(&self) -> Result<(), String> {
        let path = path();
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)
                .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        }
        let text = serde_json::to_string_pretty(self).expect("configs serialise");
        std::fs::write(&path, text + "\n")
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let _ = std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600));
        }
        Ok(())
    }
}
