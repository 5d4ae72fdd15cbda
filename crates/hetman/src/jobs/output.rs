//! Writing files without destroying anything: the one atomic write.
//!
//! [`AtomicFile`] writes to a temporary file beside the target, syncs it and
//! renames it over the target only when everything was written, so a full
//! disk, a write error or a crash leaves the old file as it was. A symlink
//! is followed: the file it points to is replaced and the link kept. A
//! device or a FIFO (`/dev/stdout`, `/dev/full`, a named pipe) is written in
//! place, never replaced by a regular file. [`Existing::OnlyOurs`] refuses
//! to replace a file that hetman did not write.
//!
//! # Example
//! ```
//! use hetman::jobs::output::{write_file, Existing};
//! let dir = std::env::temp_dir().join(format!("hetman-out-doc-{}", std::process::id()));
//! std::fs::create_dir_all(&dir).unwrap();
//! let path = dir.join("notes.txt");
//! std::fs::write(&path, "my notes\n").unwrap();
//! // A result file may only replace one of hetman's own.
//! let e = write_file(&path, b"hetman-file ...\n", Existing::OnlyOurs("hetman-file ")).unwrap_err();
//! assert!(e.to_string().contains("not written by hetman"), "{e}");
//! assert_eq!(std::fs::read_to_string(&path).unwrap(), "my notes\n");
//! write_file(&path, b"new\n", Existing::Replace).unwrap();
//! assert_eq!(std::fs::read_to_string(&path).unwrap(), "new\n");
//! # std::fs::remove_dir_all(&dir).unwrap();
//! ```

use crate::Error;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// What to do when the target is an existing regular file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Existing {
    /// Replace it (an output the user named, such as a picture).
    Replace,
    /// Replace it only if it begins with these bytes (a file hetman wrote,
    /// such as a checkpoint or a shard result); refuse otherwise.
    OnlyOurs(&'static str),
    /// Replace it only if it begins with one of these (a file hetman wrote
    /// in one of several forms, such as a record or an older sealed file).
    OnlyOursOf(&'static [&'static str]),
}

impl Existing {
    /// The beginnings of the files that may be replaced; `None` for any file.
    fn prefixes(&self) -> Option<&[&'static str]> {
        match self {
            Existing::Replace => None,
            Existing::OnlyOurs(prefix) => Some(std::slice::from_ref(prefix)),
            Existing::OnlyOursOf(prefixes) => Some(prefixes),
        }
    }
}

fn file_error(path: &Path, reason: impl Into<String>) -> Error {
    Error::File {
        path: path.display().to_string(),
        reason: reason.into(),
    }
}

fn io_failure(path: &Path, what: &str, e: &io::Error) -> Error {
    file_error(
        path,
        format!("cannot be {what}: {e}; the old file, if any, is unchanged"),
    )
}

/// Where the bytes for a path finally go.
#[derive(Debug)]
enum Target {
    /// A regular file (existing or not), after following symlinks.
    File(PathBuf),
    /// A device or a FIFO: written in place.
    InPlace(PathBuf),
}

/// Follows symlinks (also dangling ones, whose target is then created).
fn resolve(path: &Path) -> Result<Target, Error> {
    // `/dev/stdout`, `/dev/fd/3`, `/proc/self/fd/1`: the stream, whatever it leads to.
    if path.starts_with("/dev") || path.starts_with("/proc") {
        return Ok(Target::InPlace(path.to_path_buf()));
    }
    match fs::metadata(path) {
        Ok(m) if m.is_dir() => return Err(file_error(path, "is a directory, not a file")),
        Ok(m) if m.is_file() => {
            let real = fs::canonicalize(path).map_err(|e| io_failure(path, "examined", &e))?;
            return Ok(Target::File(real));
        }
        // A device, a FIFO, a socket, /dev/stdout (which may lead to a pipe).
        Ok(_) => return Ok(Target::InPlace(path.to_path_buf())),
        Err(_) => {}
    }
    // Absent, or a dangling symlink: create what it points to.
    let mut p = path.to_path_buf();
    for _ in 0..40 {
        match fs::symlink_metadata(&p) {
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Target::File(p)),
            Err(e) => return Err(io_failure(path, "examined", &e)),
            Ok(m) if m.file_type().is_symlink() => {
                let link = fs::read_link(&p).map_err(|e| io_failure(path, "examined", &e))?;
                p = match p.parent() {
                    Some(dir) if link.is_relative() => dir.join(link),
                    _ => link,
                };
            }
            Ok(m) if m.is_dir() => return Err(file_error(path, "is a directory, not a file")),
            Ok(m) if m.is_file() => return Ok(Target::File(p)),
            Ok(_) => return Ok(Target::InPlace(p)),
        }
    }
    Err(file_error(path, "is a loop of symbolic links"))
}

/// Whether the regular file at `path` begins with one of `prefixes`.
fn begins_with_one_of(path: &Path, prefixes: &[&str]) -> io::Result<bool> {
    let longest = prefixes.iter().map(|p| p.len()).max().unwrap_or(0);
    let mut head = Vec::with_capacity(longest);
    File::open(path)?
        .take(longest as u64)
        .read_to_end(&mut head)?;
    Ok(prefixes.iter().any(|p| head.starts_with(p.as_bytes())))
}

/// A file being written whole or not at all: [`Write`] to it, then
/// [`commit`](AtomicFile::commit). Dropped without a commit, it leaves the
/// target as it was.
#[derive(Debug)]
pub struct AtomicFile {
    shown: PathBuf,
    target: Target,
    tmp: PathBuf,
    file: Option<File>,
}

impl AtomicFile {
    /// Starts writing `path`, after checking that it may be replaced.
    pub fn create(path: &Path, existing: Existing) -> Result<AtomicFile, Error> {
        let target = resolve(path)?;
        let tmp = match &target {
            Target::File(p) => {
                if let Some(prefixes) = existing.prefixes()
                    && p.exists()
                    && !begins_with_one_of(p, prefixes).map_err(|e| io_failure(path, "read", &e))?
                {
                    return Err(file_error(
                        path,
                        "exists and was not written by hetman; it is left as it is: \
                             choose another file name",
                    ));
                }
                let mut name = p.file_name().unwrap_or_default().to_os_string();
                name.push(format!(".hetman-tmp{}", std::process::id()));
                p.with_file_name(name)
            }
            Target::InPlace(_) => {
                std::env::temp_dir().join(format!("hetman-out-{}-{}", std::process::id(), unique()))
            }
        };
        let file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(true)
            .open(&tmp)
            .map_err(|e| io_failure(path, "written", &e))?;
        Ok(AtomicFile {
            shown: path.to_path_buf(),
            target,
            tmp,
            file: Some(file),
        })
    }

    fn file(&mut self) -> &mut File {
        self.file.as_mut().expect("the file is open until commit")
    }

    /// Rewrites `bytes` at `offset` of what was written (to fill in a header
    /// once the body's checksum is known).
    pub(crate) fn rewrite_at(&mut self, offset: u64, bytes: &[u8]) -> io::Result<()> {
        let f = self.file();
        f.seek(SeekFrom::Start(offset))?;
        f.write_all(bytes)?;
        f.seek(SeekFrom::End(0))?;
        Ok(())
    }

    /// Syncs the new contents and puts them in place: renames them over a
    /// regular file, or copies them into a device or FIFO.
    pub fn commit(mut self) -> Result<(), Error> {
        let path = self.shown.clone();
        let mut file = self.file.take().expect("committed once");
        file.sync_all()
            .map_err(|e| io_failure(&path, "written", &e))?;
        match &self.target {
            Target::File(p) => {
                fs::rename(&self.tmp, p).map_err(|e| io_failure(&path, "written", &e))?;
            }
            Target::InPlace(p) => {
                file.seek(SeekFrom::Start(0))
                    .map_err(|e| io_failure(&path, "written", &e))?;
                let mut out = OpenOptions::new()
                    .write(true)
                    .open(p)
                    .map_err(|e| io_failure(&path, "opened", &e))?;
                let copied = io::copy(&mut file, &mut out).and_then(|_| out.flush());
                let _ = fs::remove_file(&self.tmp);
                copied.map_err(|e| io_failure(&path, "written", &e))?;
            }
        }
        Ok(())
    }
}

impl Write for AtomicFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.file().write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.file().flush()
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        if self.file.take().is_some() {
            let _ = fs::remove_file(&self.tmp);
        }
    }
}

fn unique() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static NEXT: AtomicU64 = AtomicU64::new(0);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

/// Writes `bytes` to `path` whole or not at all (see [`AtomicFile`]).
pub fn write_file(path: &Path, bytes: &[u8], existing: Existing) -> Result<(), Error> {
    let mut f = AtomicFile::create(path, existing)?;
    f.write_all(bytes)
        .map_err(|e| io_failure(path, "written", &e))?;
    f.commit()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("hetman-output-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&d);
        fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn a_symlink_is_followed_and_kept() {
        let d = dir("link");
        let real = d.join("real.txt");
        fs::write(&real, "old").unwrap();
        let link = d.join("link.txt");
        std::os::unix::fs::symlink("real.txt", &link).unwrap();
        write_file(&link, b"new", Existing::Replace).unwrap();
        assert!(fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(fs::read_to_string(&real).unwrap(), "new");
        // No temporary file is left behind.
        assert_eq!(fs::read_dir(&d).unwrap().count(), 2);
        fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn a_full_device_is_an_error_and_stays_a_device() {
        let full = Path::new("/dev/full");
        if !full.exists() {
            return;
        }
        let e = write_file(full, b"data", Existing::Replace).unwrap_err();
        assert!(e.to_string().contains("No space left"), "{e}");
        let m = fs::metadata(full).unwrap();
        assert!(!m.is_file());
    }

    #[test]
    fn a_write_into_a_missing_directory_fails_cleanly() {
        let d = dir("missing");
        let e = write_file(&d.join("no/such/dir.txt"), b"x", Existing::Replace).unwrap_err();
        assert!(e.to_string().contains("cannot be written"), "{e}");
        assert!(write_file(&d, b"x", Existing::Replace)
            .unwrap_err()
            .to_string()
            .contains("is a directory"));
        fs::remove_dir_all(&d).unwrap();
    }
}
