//! Writing to standard output that survives a closed pipe: `adjutant show G | head -3` stops
//! quietly (exit status 0) when `head` has read enough, instead of panicking as `print!` does.

use std::io::{ErrorKind, Write};

/// What to do after writing.
#[derive(Debug, PartialEq, Eq)]
pub enum After {
    /// Go on.
    Continue,
    /// The reader has gone (a broken pipe): end now, successfully.
    ReaderGone,
    /// The output failed otherwise: end with this sentence, unsuccessfully.
    Failed(String),
}

/// Writes `text` to `w` and says what the command does next.
pub fn write_to(w: &mut impl Write, text: std::fmt::Arguments<'_>) -> After {
    match w.write_fmt(text).and_then(|()| w.flush()) {
        Ok(()) => After::Continue,
        Err(e) if e.kind() == ErrorKind::BrokenPipe => After::ReaderGone,
        Err(e) => After::Failed(format!("adjutant: cannot write the output: {e}")),
    }
}

/// Writes `text` to standard output; when the reader has gone the command ends here,
/// successfully: nobody is left to read the rest.
pub fn write(text: std::fmt::Arguments<'_>) {
    match write_to(&mut std::io::stdout().lock(), text) {
        After::Continue => {}
        After::ReaderGone => std::process::exit(0),
        After::Failed(sentence) => {
            eprintln!("{sentence}");
            std::process::exit(1);
        }
    }
}

/// `print!` that ends the command quietly on a closed pipe.
macro_rules! out {
    ($($arg:tt)*) => { $crate::out::write(format_args!($($arg)*)) };
}

/// `println!` that ends the command quietly on a closed pipe.
macro_rules! outln {
    () => { $crate::out::write(format_args!("\n")) };
    ($($arg:tt)*) => { $crate::out::write(format_args!("{}\n", format_args!($($arg)*))) };
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A reader that has gone after `room` bytes, as `head -3` does.
    struct ClosedAfter {
        room: usize,
        kind: ErrorKind,
    }

    impl Write for ClosedAfter {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            if self.room == 0 {
                return Err(std::io::Error::from(self.kind));
            }
            let n = buf.len().min(self.room);
            self.room -= n;
            Ok(n)
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_closed_pipe_ends_the_command_quietly_instead_of_panicking() {
        let mut w = ClosedAfter {
            room: 10,
            kind: ErrorKind::BrokenPipe,
        };
        assert_eq!(write_to(&mut w, format_args!("line 1\n")), After::Continue);
        assert_eq!(
            write_to(&mut w, format_args!("line 2 is longer\n")),
            After::ReaderGone
        );
    }

    #[test]
    fn another_output_failure_is_reported_in_words() {
        let mut w = ClosedAfter {
            room: 0,
            kind: ErrorKind::StorageFull,
        };
        let After::Failed(sentence) = write_to(&mut w, format_args!("x")) else {
            panic!("a full disk is not a closed pipe");
        };
        assert!(sentence.starts_with("adjutant: cannot write the output"));
    }
}
