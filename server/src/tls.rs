//! TLS for what the server sends out: webhooks over HTTPS and mail over STARTTLS or implicit
//! TLS, by rustls with ring. Webhooks trust the system's roots (the platform verifier), mail
//! Mozilla's (bundled); both also trust the certificates of `--extra-ca-file`, for a private
//! CA (a company's mail relay, a test).

use std::path::Path;

/// How the connection to the SMTP server is secured (`--smtp-tls`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum SmtpTls {
    /// By the port: implicit TLS on 465, STARTTLS required on 587, STARTTLS if offered on
    /// any other port (a local relay on 25 may not offer it).
    Auto,
    /// Plain SMTP, never TLS (a relay on the same machine).
    None,
    /// STARTTLS, required: the mail is not sent if the server does not offer it.
    Starttls,
    /// Implicit TLS from the first byte ("SMTPS").
    Tls,
}

/// How a mail is secured on a connection to `port`, once `Auto` is settled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SmtpSecurity {
    Plain,
    Opportunistic,
    Starttls,
    Implicit,
}

impl SmtpTls {
    /// What this setting means on `port`.
    pub fn on_port(self, port: u16) -> SmtpSecurity {
        match (self, port) {
            (SmtpTls::None, _) => SmtpSecurity::Plain,
            (SmtpTls::Starttls, _) | (SmtpTls::Auto, 587) => SmtpSecurity::Starttls,
            (SmtpTls::Tls, _) | (SmtpTls::Auto, 465) => SmtpSecurity::Implicit,
            (SmtpTls::Auto, _) => SmtpSecurity::Opportunistic,
        }
    }
}

/// Makes ring the process's rustls crypto provider (once; later calls do nothing).
pub fn install_provider() {
    let _ = rustls::crypto::ring::default_provider().install_default();
}

/// The PEM bundle of `--extra-ca-file`, if set; an unreadable file is an error for the
/// operator (the server does not start with half its settings).
pub fn extra_roots(path: Option<&Path>) -> Result<Option<Vec<u8>>, String> {
    let Some(path) = path else { return Ok(None) };
    let pem = std::fs::read(path)
        .map_err(|e| format!("--extra-ca-file {}: cannot read it: {e}", path.display()))?;
    if !pem.windows(27).any(|w| w == b"-----BEGIN CERTIFICATE-----") {
        return Err(format!(
            "--extra-ca-file {}: no PEM certificate in it",
            path.display()
        ));
    }
    Ok(Some(pem))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn auto_reads_the_port_as_mail_servers_mean_it() {
        assert_eq!(SmtpTls::Auto.on_port(465), SmtpSecurity::Implicit);
        assert_eq!(SmtpTls::Auto.on_port(587), SmtpSecurity::Starttls);
        assert_eq!(SmtpTls::Auto.on_port(25), SmtpSecurity::Opportunistic);
        assert_eq!(SmtpTls::None.on_port(465), SmtpSecurity::Plain);
        assert_eq!(SmtpTls::Tls.on_port(25), SmtpSecurity::Implicit);
        assert_eq!(SmtpTls::Starttls.on_port(2525), SmtpSecurity::Starttls);
    }

    #[test]
    fn an_extra_ca_file_must_hold_a_certificate() {
        assert_eq!(extra_roots(None), Ok(None));
        let dir = std::env::temp_dir().join(format!("adjutant-ca-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let empty = dir.join("empty.pem");
        std::fs::write(&empty, "nothing here").unwrap();
        assert!(extra_roots(Some(&empty)).unwrap_err().contains("no PEM"));
        assert!(
            extra_roots(Some(&dir.join("missing.pem")))
                .unwrap_err()
                .contains("cannot read")
        );
    }
}
