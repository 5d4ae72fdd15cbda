//! The server: arguments, the router, binding, opening a browser, and a clean stop on Ctrl-C.

use super::{api, assets, conn, layers, work};
use anyhow::Context;
use axum::Router;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::process::ExitCode;
use std::time::Duration;

/// How long requests still running may take to finish after Ctrl-C.
const GRACE: Duration = Duration::from_secs(3);

/// `hetman serve`: the web page that animates the searches.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  hetman serve\n  hetman serve --port 0 --open\n  \
hetman serve --host 0.0.0.0 --port 8000   # the whole classroom network: use with care\n\n\
The page and the API are described in docs/trace-schema.md and the README. Nothing is \
written to disk; Ctrl-C stops the server.\n\n\
Far jumps: the trace requests keep saved states of the searches they run (one every 1,048,576 \
steps, at most 128 MiB in all, the searches used least recently dropped first), so a chunk far \
into a search is answered from the nearest one; a request replays at most 100,000,000 steps, \
and a skip farther than that past what is saved is reached in hops (GET /api/limits says the rule)."
)]
pub struct ServeArgs {
    /// The address to listen on: 127.0.0.1 (this machine only, the default), or
    /// 0.0.0.0 / :: to let other machines in.
    #[arg(long, default_value = "127.0.0.1", value_parser = parse_host)]
    pub host: IpAddr,
    /// The port; 0 takes any free port (the address is printed on stderr).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// Open the page in a browser (with xdg-open; a failure is only a warning).
    #[arg(long)]
    pub open: bool,
    /// Searches (traces, one-page exports, tours) run at once; more wait in
    /// a short queue, then get 503 with Retry-After. Default: the number of
    /// cores.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=256))]
    pub workers: Option<u32>,
    #[command(flatten)]
    pub lang: crate::common::i18n::LangArg,
}

fn parse_host(s: &str) -> Result<IpAddr, String> {
    let t = s.trim();
    if t.eq_ignore_ascii_case("localhost") {
        return Ok(IpAddr::V4(Ipv4Addr::LOCALHOST));
    }
    t.trim_start_matches('[')
        .trim_end_matches(']')
        .parse()
        .map_err(|_| {
            format!("'{s}' is not an IP address: give one such as 127.0.0.1, 0.0.0.0 or ::1")
        })
}

/// The whole application: the page, its assets and the API, with the
/// headers, compression and JSON errors of every answer.
pub fn router() -> Router {
    layers::apply(api::routes().merge(assets::routes()))
}

/// Runs the server until Ctrl-C.
pub fn run(args: ServeArgs) -> anyhow::Result<ExitCode> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .context("cannot start the server's runtime")?;
    let result = runtime.block_on(serve(args));
    // Searches still streaming to a client that left stop at their next chunk.
    runtime.shutdown_timeout(Duration::from_secs(1));
    result
}

async fn serve(args: ServeArgs) -> anyhow::Result<ExitCode> {
    let _ = super::assets::DEFAULT_LANG.set(args.lang.lang());
    let addr = SocketAddr::new(args.host, args.port);
    let listener = tokio::net::TcpListener::bind(addr).await.with_context(|| {
        format!(
            "cannot listen on {addr}: is another server using port {}? \
             Choose another with --port, or --port 0 for any free port",
            args.port
        )
    })?;
    let local = listener
        .local_addr()
        .context("cannot read the bound address")?;
    if let Some(w) = args.workers {
        work::set_workers(w as usize);
    }
    let url = page_url(local);
    eprintln!("hetman: serving on {url} (Ctrl-C to stop)");
    if !local.ip().is_loopback() {
        eprintln!(
            "hetman: warning: listening on {}, so other machines can reach the page",
            local.ip()
        );
        let others = if local.ip().is_unspecified() {
            conn::interface_addresses(local.ip())
        } else {
            vec![(String::new(), local.ip())]
        };
        if others.is_empty() {
            eprintln!("hetman: this machine has no network address besides loopback");
        }
        for (name, ip) in others {
            let at = if name.is_empty() {
                String::new()
            } else {
                format!(" ({name})")
            };
            eprintln!(
                "hetman: students open {}{at}",
                page_url(SocketAddr::new(ip, local.port()))
            );
        }
    }
    let limit = conn::max_connections();
    eprintln!(
        "hetman: at most {limit} connections and {} searches at once",
        work::workers()
    );
    if args.open {
        open_browser(&url);
    }

    let (stop_tx, stop_rx) = tokio::sync::watch::channel(false);
    let server = conn::serve(listener, router(), limit, stop_rx);
    tokio::pin!(server);
    tokio::select! {
        () = server.as_mut() => return Ok(ExitCode::SUCCESS),
        () = stop_signal() => {}
    }
    eprintln!(
        "hetman: stopping (waiting up to {} s for open requests)",
        GRACE.as_secs()
    );
    let _ = stop_tx.send(true);
    tokio::select! {
        () = server => {}
        () = tokio::time::sleep(GRACE) => eprintln!("hetman: requests still open were cut"),
        _ = tokio::signal::ctrl_c() => eprintln!("hetman: requests still open were cut"),
    }
    eprintln!("hetman: stopped");
    Ok(ExitCode::SUCCESS)
}

/// Ctrl-C, or a polite request to stop (SIGTERM) where there is one.
async fn stop_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        if let Ok(mut term) = signal(SignalKind::terminate()) {
            tokio::select! {
                _ = tokio::signal::ctrl_c() => {}
                _ = term.recv() => {}
            }
            return;
        }
    }
    let _ = tokio::signal::ctrl_c().await;
}

/// The URL of the page, for the address actually bound.
fn page_url(local: SocketAddr) -> String {
    let host = match local.ip() {
        IpAddr::V4(ip) if ip.is_unspecified() => "127.0.0.1".to_string(),
        IpAddr::V6(ip) if ip.is_unspecified() => "[::1]".to_string(),
        IpAddr::V4(ip) => ip.to_string(),
        IpAddr::V6(ip) => format!("[{ip}]"),
    };
    format!("http://{host}:{}/", local.port())
}

/// Opens `url` in a browser if one is available; a failure is a warning.
fn open_browser(url: &str) {
    let program = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(windows) {
        "explorer"
    } else {
        "xdg-open"
    };
    let spawned = std::process::Command::new(program)
        .arg(url)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
    match spawned {
        Ok(mut child) => {
            let url = url.to_string();
            std::thread::spawn(move || {
                match child.wait() {
                Ok(status) if !status.success() => eprintln!(
                    "hetman: warning: {program} could not open a browser ({status}); open {url} yourself"
                ),
                _ => {}
            }
            });
        }
        Err(e) => eprintln!(
            "hetman: warning: cannot open a browser ({program}: {e}); open {url} yourself"
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_name_the_bound_address() {
        let a: SocketAddr = "127.0.0.1:4321".parse().unwrap();
        assert_eq!(page_url(a), "http://127.0.0.1:4321/");
        let a: SocketAddr = "0.0.0.0:80".parse().unwrap();
        assert_eq!(page_url(a), "http://127.0.0.1:80/");
        let a: SocketAddr = "[::1]:8080".parse().unwrap();
        assert_eq!(page_url(a), "http://[::1]:8080/");
    }

    #[test]
    fn hosts_parse() {
        assert_eq!(
            parse_host("localhost").unwrap(),
            IpAddr::V4(Ipv4Addr::LOCALHOST)
        );
        assert!(parse_host("[::1]").unwrap().is_loopback());
        assert!(parse_host("example").unwrap_err().contains("127.0.0.1"));
    }
}
