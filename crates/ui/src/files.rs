//! Saving and opening files through the system dialog, off the UI thread. The dialog and the
//! write both run on the runtime; the outcome is a sentence for the status line.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use crate::engine::Backend;
use crate::engine::access_log::{What::Exported, counts_only};
use leasedesk_i18n::tr;

/// A one-line outcome the pane shows next to the button that started the work.
pub type Status = Arc<Mutex<Option<String>>>;

pub fn status_text(status: &Status) -> Option<String> {
    status.lock().unwrap_or_else(|p| p.into_inner()).clone()
}

/// The last save's sentence ("Saved … to /a/long/path (no file dialog could be shown here)"), on
/// one line whatever its length, the whole of it on hover: in a row it keeps to the room left;
/// on a line of its own (`steady`) the line is there before anything is said, so nothing below
/// moves when it appears.
pub fn status_line_ui(ui: &mut egui::Ui, status: &Status, colour: egui::Color32, steady: bool) {
    let label = |text: &str| egui::Label::new(egui::RichText::new(text).color(colour)).truncate();
    match status_text(status).filter(|s| !s.is_empty()) {
        Some(text) if steady => {
            ui.add(label(&text)).on_hover_text(text);
        }
        Some(text) => {
            // Exactly the room left on the row: a wrapping row would start a new one for a
            // long sentence, and push everything under it down.
            let room = ui.available_size_before_wrap().x.max(0.0);
            let height = ui.text_style_height(&egui::TextStyle::Body);
            ui.allocate_ui_with_layout(
                egui::vec2(room, height),
                egui::Layout::left_to_right(egui::Align::Center),
                |ui| {
                    ui.set_max_width(room);
                    ui.add(label(&text)).on_hover_text(text);
                },
            );
        }
        None if steady => crate::widgets::saved_line_room(ui),
        None => {}
    }
}

pub fn set_status(status: &Status, text: impl Into<String>) {
    *status.lock().unwrap_or_else(|p| p.into_inner()) = Some(text.into());
}

/// Where tests have files saved instead of asking (there is no one to answer a dialog).
#[cfg(feature = "test-hooks")]
static SAVE_FOLDER: Mutex<Option<PathBuf>> = Mutex::new(None);

/// Saves every file into `folder` under its suggested name, without a dialog (tests).
#[cfg(feature = "test-hooks")]
pub fn save_without_asking_into(folder: Option<PathBuf>) {
    *SAVE_FOLDER.lock().unwrap_or_else(|p| p.into_inner()) = folder;
}

/// Where tests have "no dialog could be shown" save instead of the documents folder.
#[cfg(feature = "test-hooks")]
static NO_DIALOG_FOLDER: Mutex<Option<PathBuf>> = Mutex::new(None);

/// Acts as if no file dialog could be shown, with `folder` as the documents folder (tests).
#[cfg(feature = "test-hooks")]
pub fn no_dialog_with_documents_in(folder: Option<PathBuf>) {
    *NO_DIALOG_FOLDER.lock().unwrap_or_else(|p| p.into_inner()) = folder;
}

/// A dialog answered faster than anyone can read it was never shown: rfd's portal backend
/// answers "nothing chosen" at once where there is no desktop portal to show it.
const NO_DIALOG_WITHIN: std::time::Duration = std::time::Duration::from_millis(400);

enum Chosen {
    Path(PathBuf),
    Cancelled,
    /// No dialog could be shown: the file goes to this folder under its own name.
    NoDialog(PathBuf),
}

/// The user's documents folder (their home without one), made if it is missing.
fn documents_folder() -> Option<PathBuf> {
    #[cfg(feature = "test-hooks")]
    if let Some(folder) = NO_DIALOG_FOLDER
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .clone()
    {
        return Some(folder);
    }
    let dirs = directories::UserDirs::new()?;
    let folder = dirs
        .document_dir()
        .map(Path::to_path_buf)
        .unwrap_or_else(|| dirs.home_dir().to_path_buf());
    std::fs::create_dir_all(&folder).ok()?;
    Some(folder)
}

/// What kind of file is saved: its extension, and its name in the save dialog's filter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileKind {
    Pdf,
    Csv,
    Text,
    /// The outbox's unopened changes, still encrypted.
    Sealed,
}

impl FileKind {
    pub fn extension(self) -> &'static str {
        match self {
            FileKind::Pdf => "pdf",
            FileKind::Csv => "csv",
            FileKind::Text => "txt",
            FileKind::Sealed => "jsonl",
        }
    }

    fn name(self) -> String {
        match self {
            FileKind::Pdf => "PDF".to_owned(),
            FileKind::Csv => "CSV".to_owned(),
            FileKind::Text => tr!("files-kind-text"),
            FileKind::Sealed => tr!("files-kind-sealed"),
        }
    }
}

async fn choose_save_path(file_name: &str, kind: FileKind, kind_name: String) -> Chosen {
    #[cfg(feature = "test-hooks")]
    if let Some(folder) = SAVE_FOLDER
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .clone()
    {
        return Chosen::Path(folder.join(file_name));
    }
    #[cfg(feature = "test-hooks")]
    let shown = NO_DIALOG_FOLDER
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .is_none();
    #[cfg(not(feature = "test-hooks"))]
    let shown = true;
    let asked = std::time::Instant::now();
    let picked = if shown {
        rfd::AsyncFileDialog::new()
            .set_file_name(file_name)
            .add_filter(kind_name, &[kind.extension()])
            .save_file()
            .await
            .map(|f| f.path().to_path_buf())
    } else {
        None
    };
    match picked {
        Some(path) => Chosen::Path(path),
        None if !shown || asked.elapsed() < NO_DIALOG_WITHIN => match documents_folder() {
            Some(folder) => {
                let (stem, ext) = file_name
                    .rsplit_once('.')
                    .unwrap_or((file_name, kind.extension()));
                Chosen::NoDialog(free_path(&folder, stem, ext))
            }
            None => Chosen::Cancelled,
        },
        None => Chosen::Cancelled,
    }
}

/// Asks where to save (on the runtime), then runs `finish` with the path; its sentence goes to
/// the status line. No path chosen: "Export cancelled". Where no dialog can be shown, the file
/// goes to the documents folder under its own name (never over an earlier one), and the
/// sentence says so.
pub fn save_as(
    backend: &Backend,
    file_name: &str,
    kind: FileKind,
    status: Status,
    finish: impl FnOnce(&Path) -> String + Send + 'static,
) {
    set_status(&status, tr!("files-choosing-where"));
    let kind_name = kind.name();
    // Said in the window's language, though said on the runtime.
    let language = leasedesk_i18n::language();
    // What a training portal exports is named so wherever it lands (its PDFs say so on every
    // page too).
    let file_name = if backend.connection().link().is_training() {
        format!("TRAINING-{file_name}")
    } else {
        file_name.to_owned()
    };
    let repaint = backend.clone();
    backend.run(async move {
        let chosen = choose_save_path(&file_name, kind, kind_name).await;
        let message = leasedesk_i18n::in_language(language, || match chosen {
            Chosen::Cancelled => tr!("files-cancelled"),
            Chosen::Path(path) => finish(&path),
            // What was saved and where first: on a narrow row the end is cut.
            Chosen::NoDialog(path) => tr!("files-no-dialog", said = finish(&path)),
        });
        set_status(&status, message);
        repaint.events().wake();
    });
}

/// Asks where to save, then writes with `write`; `what` names the content ("42 units").
pub fn save_csv<W>(backend: &Backend, file_name: &str, what: String, status: Status, write: W)
where
    W: FnOnce(&mut std::fs::File) -> Result<(), csv::Error> + Send + 'static,
{
    let log = backend.clone();
    save_as(backend, file_name, FileKind::Csv, status, move |path| {
        let said = write_said(path, &what, write);
        if said.is_ok() {
            log.access_log()
                .record(Exported, None, &format!("csv: {}", counts_only(&what)));
        }
        said.unwrap_or_else(|failed| failed)
    });
}

/// Asks where to save, then writes `bytes` whole (or nothing); `what` names the content.
pub fn save_bytes(
    backend: &Backend,
    file_name: &str,
    kind: FileKind,
    what: String,
    status: Status,
    bytes: Arc<Vec<u8>>,
) {
    let log = backend.clone();
    save_as(
        backend,
        file_name,
        kind,
        status,
        move |path| match crate::report::write_atomically(path, &bytes) {
            Ok(()) => {
                let kind = kind.extension();
                log.access_log()
                    .record(Exported, None, &format!("{kind}: {}", counts_only(&what)));
                saved(&what, path)
            }
            Err(e) => not_written(&e),
        },
    );
}

fn saved(what: &str, path: &Path) -> String {
    tr!(
        "files-saved",
        what = what,
        path = path.display().to_string()
    )
}

fn not_written(e: &dyn std::fmt::Display) -> String {
    tr!("files-not-written", error = e.to_string())
}

/// Writes to a known path whole or not at all (see [`crate::atomic_file`]).
pub fn write_to<W>(path: &Path, what: &str, write: W) -> String
where
    W: FnOnce(&mut std::fs::File) -> Result<(), csv::Error>,
{
    write_said(path, what, write).unwrap_or_else(|failed| failed)
}

/// Writes as [`write_to`] does: what was saved, or why nothing was.
fn write_said<W>(path: &Path, what: &str, write: W) -> Result<String, String>
where
    W: FnOnce(&mut std::fs::File) -> Result<(), csv::Error>,
{
    match crate::atomic_file::write_with(path, write) {
        Ok(()) => Ok(saved(what, path)),
        Err(e) => Err(not_written(&e)),
    }
}

/// `dir/stem.ext`, or `dir/stem-2.ext`, `-3`… when that exists: a name nothing has yet, so an
/// earlier file is never overwritten.
pub fn free_path(dir: &Path, stem: &str, ext: &str) -> PathBuf {
    let first = dir.join(format!("{stem}.{ext}"));
    if !first.exists() {
        return first;
    }
    (2..10_000)
        .map(|n| dir.join(format!("{stem}-{n}.{ext}")))
        .find(|p| !p.exists())
        .unwrap_or(first)
}

/// Files larger than this are not opened for import.
pub const MAX_IMPORT_BYTES: u64 = 20 * 1024 * 1024;

/// What reading a file in the background gave: its text, or a sentence saying what went wrong.
pub type TextRead = Arc<Mutex<Option<Result<String, String>>>>;

/// Reads a text file on the runtime (never on the UI thread), refusing files over `limit`.
pub fn read_text(backend: &Backend, path: PathBuf, limit: u64, into: TextRead) {
    let repaint = backend.clone();
    let language = leasedesk_i18n::language();
    backend.run(async move {
        let read = tokio::task::spawn_blocking(move || {
            leasedesk_i18n::in_language(language, || read_capped(&path, limit))
        })
        .await
        .unwrap_or_else(|e| {
            Err(leasedesk_i18n::in_language(language, || {
                tr!("files-not-read", error = e.to_string())
            }))
        });
        *into.lock().unwrap_or_else(|p| p.into_inner()) = Some(read);
        repaint.events().wake();
    });
}

fn read_capped(path: &Path, limit: u64) -> Result<String, String> {
    use std::io::Read;
    let unreadable = |e: std::io::Error| {
        tr!(
            "files-unreadable",
            path = path.display().to_string(),
            error = e.to_string()
        )
    };
    let file = std::fs::File::open(path).map_err(unreadable)?;
    let mut bytes = Vec::new();
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(unreadable)?;
    if bytes.len() as u64 > limit {
        return Err(tr!(
            "files-too-large",
            path = path.display().to_string(),
            mb = limit / (1024 * 1024)
        ));
    }
    String::from_utf8(bytes).map_err(|_| tr!("files-not-utf8", path = path.display().to_string()))
}

/// Asks for a CSV file to open; the chosen path lands in `chosen`.
pub fn pick_csv(backend: &Backend, status: Status, chosen: Arc<Mutex<Option<PathBuf>>>) {
    set_status(&status, tr!("files-choosing-file"));
    let none_chosen = tr!("files-none-chosen");
    let repaint = backend.clone();
    backend.run(async move {
        match rfd::AsyncFileDialog::new()
            .add_filter("CSV", &["csv"])
            .pick_file()
            .await
        {
            Some(file) => {
                *chosen.lock().unwrap_or_else(|p| p.into_inner()) = Some(file.path().into());
                set_status(&status, "");
            }
            None => set_status(&status, none_chosen),
        }
        repaint.events().wake();
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn big_files_are_refused_and_names_are_never_reused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("units.csv");
        std::fs::write(&path, "a".repeat(2048)).unwrap();
        assert_eq!(read_capped(&path, 4096).unwrap().len(), 2048);
        assert!(
            read_capped(&path, 1024)
                .unwrap_err()
                .contains("larger than")
        );
        let free = free_path(dir.path(), "units", "csv");
        assert_eq!(free, dir.path().join("units-2.csv"));
        let written = write_to(&free, "rows", |f| {
            let mut w = csv::Writer::from_writer(f);
            w.write_record(["x"])?;
            w.flush().map_err(csv::Error::from)
        });
        assert!(written.starts_with("Saved"), "{written}");
        assert_eq!(
            free_path(dir.path(), "units", "csv"),
            dir.path().join("units-3.csv")
        );
        let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(
            names.len(),
            2,
            "units.csv and units-2.csv, no temporary file left"
        );
    }
}
