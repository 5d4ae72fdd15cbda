//! A running `hetman serve --port 0` for the tests that talk to it over
//! loopback: its port read from its first line on stderr, its later lines
//! kept, its process figures read from `/proc`, stopped when dropped.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::Duration;

/// A running `hetman serve --port 0`, stopped when dropped.
pub struct Server {
    pub child: Child,
    pub port: u16,
    /// The lines it printed on stderr after its address.
    pub stderr: Receiver<String>,
}

impl Server {
    /// `hetman serve --port 0`.
    pub fn start() -> Server {
        Server::start_with(&[], None)
    }

    /// `hetman serve --port 0 ARGS`, under `ulimit -n NOFILE` if given. The
    /// binary is this build's, or the one `HETMAN_BIN` names (to put the same
    /// load on another build, side by side).
    pub fn start_with(args: &[&str], nofile: Option<u32>) -> Server {
        let bin = std::env::var("HETMAN_BIN")
            .unwrap_or_else(|_| env!("CARGO_BIN_EXE_hetman").to_string());
        let mut command = match nofile {
            Some(n) => {
                let mut c = Command::new("sh");
                c.args(["-c", &format!("ulimit -n {n} && exec \"$0\" \"$@\""), &bin]);
                c
            }
            None => Command::new(&bin),
        };
        let mut child = command
            .args(["serve", "--port", "0"])
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("hetman serve starts");
        let (tx, rx) = channel();
        let err = child.stderr.take().unwrap();
        std::thread::spawn(move || {
            for line in BufReader::new(err).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let first = rx
            .recv_timeout(Duration::from_secs(20))
            .expect("hetman serve prints its address");
        let port = first
            .trim()
            .strip_prefix("hetman: serving on http://127.0.0.1:")
            .and_then(|r| r.split('/').next())
            .and_then(|p| p.parse().ok())
            .unwrap_or_else(|| panic!("unexpected first line: {first}"));
        Server {
            child,
            port,
            stderr: rx,
        }
    }

    /// A field of `/proc/PID/status` in kB (`VmRSS`, `VmHWM`); Linux only.
    pub fn status_kb(&self, field: &str) -> u64 {
        let s = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).unwrap();
        s.lines()
            .find_map(|l| l.strip_prefix(field)?.strip_prefix(':'))
            .and_then(|v| v.trim().trim_end_matches(" kB").parse().ok())
            .unwrap_or(0)
    }

    /// Its CPU time so far (user and system), in seconds; Linux only.
    pub fn cpu_seconds(&self) -> f64 {
        let stat = std::fs::read_to_string(format!("/proc/{}/stat", self.child.id())).unwrap();
        // Fields 14 and 15 of stat (utime, stime) are 12 and 13 after the name.
        let f: Vec<&str> = stat[stat.rfind(')').unwrap() + 2..].split(' ').collect();
        (f[11].parse::<f64>().unwrap() + f[12].parse::<f64>().unwrap()) / 100.0
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
