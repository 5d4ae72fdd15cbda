//! The accept loop: HTTP/1 connections served by hyper with a header-read
//! timeout (which also ends a kept-alive connection that sends nothing), at
//! most [`max_connections`] open at once (below the open-file limit, so the
//! listener never runs out of descriptors), and, when nearly all are taken,
//! the connections quiet for [`IDLE_UNDER_PRESSURE`] closed first, so idle
//! sockets cannot lock the class out.

use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::{Duration, Instant};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{watch, Semaphore};

/// How long a client may take to send a request's headers, counted from
/// the connection's start or the end of the previous answer (so it is also
/// how long a kept-alive connection may stay silent).
pub const HEADER_READ: Duration = Duration::from_secs(10);
/// When nearly every connection is taken, those quiet this long are closed
/// (after the answer under way, if any).
pub const IDLE_UNDER_PRESSURE: Duration = Duration::from_secs(1);
/// How often a connection looks at the pressure.
const TICK: Duration = Duration::from_millis(250);
/// File descriptors kept for everything but connections.
const RESERVED_FDS: u64 = 64;
/// The bytes hyper buffers for a request head: above the API's own limits
/// (8 KiB address, 16 KiB headers), so those get their JSON answers.
const HEAD_BUFFER: usize = 64 * 1024;

/// The most connections open at once: the open-file limit less a reserve.
pub fn max_connections() -> usize {
    #[cfg(unix)]
    {
        use nix::sys::resource::{getrlimit, Resource};
        if let Ok((soft, _)) = getrlimit(Resource::RLIMIT_NOFILE) {
            let n = soft.saturating_sub(RESERVED_FDS).clamp(8, 16_384);
            return usize::try_from(n).unwrap_or(16_384);
        }
    }
    1000
}

/// Serves `app` on `listener` with at most `limit` connections until `stop`
/// turns true, then waits for the open connections to finish their answers
/// (each is told to close after its current one).
pub async fn serve(listener: TcpListener, app: Router, limit: usize, stop: watch::Receiver<bool>) {
    let slots = Arc::new(Semaphore::new(limit));
    let reserve = limit / 16 + 1;
    let epoch = Instant::now();
    let mut stopped = stop.clone();
    loop {
        let slot = tokio::select! {
            s = slots.clone().acquire_owned() => match s { Ok(s) => s, Err(_) => break },
            _ = stopped.wait_for(|&s| s) => break,
        };
        let tcp = tokio::select! {
            r = listener.accept() => match r {
                Ok((tcp, _)) => tcp,
                Err(e) => {
                    // Out of descriptors despite the limit, or a connection reset
                    // before it was taken: wait a little, then go on.
                    eprintln!("hetman: warning: cannot accept a connection: {e}");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            },
            _ = stopped.wait_for(|&s| s) => break,
        };
        let _ = tcp.set_nodelay(true);
        let app = app.clone();
        let slots = slots.clone();
        let stop = stop.clone();
        tokio::spawn(async move {
            connection(tcp, app, &slots, reserve, epoch, stop).await;
            drop(slot);
        });
    }
    drop(listener);
    // Every slot back: every connection closed.
    let all = u32::try_from(limit).unwrap_or(u32::MAX);
    let _ = slots.acquire_many(all).await;
}

async fn connection(
    tcp: TcpStream,
    app: Router,
    slots: &Semaphore,
    reserve: usize,
    epoch: Instant,
    mut stop: watch::Receiver<bool>,
) {
    let last = Arc::new(AtomicU64::new(millis(epoch)));
    let io = Tracked {
        inner: tcp,
        last: last.clone(),
        epoch,
    };
    let conn = http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(HEADER_READ)
        .max_buf_size(HEAD_BUFFER)
        .serve_connection(TokioIo::new(io), TowerToHyperService::new(app));
    tokio::pin!(conn);
    let mut tick = tokio::time::interval(TICK);
    let mut closing = false;
    loop {
        tokio::select! {
            _ = conn.as_mut() => break,
            _ = tick.tick(), if !closing => {
                let quiet = millis(epoch).saturating_sub(last.load(Ordering::Relaxed));
                let idle = u128::from(quiet) >= IDLE_UNDER_PRESSURE.as_millis();
                if idle && slots.available_permits() < reserve {
                    conn.as_mut().graceful_shutdown();
                    closing = true;
                }
            }
            _ = stop.wait_for(|&s| s), if !closing => {
                conn.as_mut().graceful_shutdown();
                closing = true;
            }
        }
    }
}

fn millis(epoch: Instant) -> u64 {
    u64::try_from(epoch.elapsed().as_millis()).unwrap_or(u64::MAX)
}

/// A socket that notes when it last moved a byte.
struct Tracked {
    inner: TcpStream,
    last: Arc<AtomicU64>,
    epoch: Instant,
}

impl Tracked {
    fn stamp(&self) {
        self.last.store(millis(self.epoch), Ordering::Relaxed);
    }
}

impl AsyncRead for Tracked {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        let before = buf.filled().len();
        let r = Pin::new(&mut self.inner).poll_read(cx, buf);
        if matches!(r, Poll::Ready(Ok(()))) && buf.filled().len() > before {
            self.stamp();
        }
        r
    }
}

impl AsyncWrite for Tracked {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        let r = Pin::new(&mut self.inner).poll_write(cx, buf);
        if matches!(r, Poll::Ready(Ok(n)) if n > 0) {
            self.stamp();
        }
        r
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[std::io::IoSlice<'_>],
    ) -> Poll<std::io::Result<usize>> {
        let r = Pin::new(&mut self.inner).poll_write_vectored(cx, bufs);
        if matches!(r, Poll::Ready(Ok(n)) if n > 0) {
            self.stamp();
        }
        r
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

/// The addresses other machines can use to reach a server listening on the
/// unspecified address `ip` (0.0.0.0: this machine's IPv4 addresses; ::
/// also its IPv6 ones), with their interfaces' names; loopback and
/// link-local addresses left out.
pub fn interface_addresses(ip: std::net::IpAddr) -> Vec<(String, std::net::IpAddr)> {
    let mut out = Vec::new();
    #[cfg(unix)]
    {
        use nix::net::if_::InterfaceFlags;
        use std::net::IpAddr;
        let Ok(addrs) = nix::ifaddrs::getifaddrs() else {
            return out;
        };
        for a in addrs {
            if !a.flags.contains(InterfaceFlags::IFF_UP) {
                continue;
            }
            let Some(addr) = a.address else { continue };
            let found = if let Some(v4) = addr.as_sockaddr_in() {
                IpAddr::V4(v4.ip())
            } else if let Some(v6) = addr.as_sockaddr_in6() {
                if ip.is_ipv4() || v6.ip().segments()[0] & 0xffc0 == 0xfe80 {
                    continue;
                }
                IpAddr::V6(v6.ip())
            } else {
                continue;
            };
            if !found.is_loopback() && !out.iter().any(|(_, x)| *x == found) {
                out.push((a.interface_name.clone(), found));
            }
        }
    }
    #[cfg(not(unix))]
    let _ = ip;
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_connection_limit_is_below_the_open_file_limit() {
        let n = max_connections();
        assert!(n >= 8);
        #[cfg(unix)]
        {
            let (soft, _) =
                nix::sys::resource::getrlimit(nix::sys::resource::Resource::RLIMIT_NOFILE).unwrap();
            assert!((n as u64) < soft.max(RESERVED_FDS + 8), "{n} of {soft}");
        }
    }

    #[test]
    fn interface_addresses_leave_out_loopback() {
        let v4 = interface_addresses("0.0.0.0".parse().unwrap());
        assert!(v4.iter().all(|(_, ip)| ip.is_ipv4() && !ip.is_loopback()));
    }
}
