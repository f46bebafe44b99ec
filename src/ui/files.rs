//! Saving and opening files through the system dialog, off the UI thread. The dialog and the
//! write both run on the runtime; the outcome is a sentence for the status line.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use super::backend::Backend;

/// A one-line outcome the pane shows next to the button that started the work.
pub type Status = Arc<Mutex<Option<String>>>;

pub fn status_text(status: &Status) -> Option<String> {
    status.lock().unwrap_or_else(|p| p.into_inner()).clone()
}

pub fn set_status(status: &Status, text: impl Into<String>) {
    *status.lock().unwrap_or_else(|p| p.into_inner()) = Some(text.into());
}

/// Asks where to save, then writes with `write`; `what` names the content ("42 units").
pub fn save_csv<W>(backend: &Backend, file_name: &str, what: String, status: Status, write: W)
where
    W: FnOnce(std::fs::File) -> Result<(), csv::Error> + Send + 'static,
{
    set_status(&status, "Choosing where to save…");
    let file_name = file_name.to_owned();
    let repaint = backend.clone();
    backend.run(async move {
        let chosen = rfd::AsyncFileDialog::new()
            .set_file_name(&file_name)
            .add_filter("CSV", &["csv"])
            .save_file()
            .await;
        let message = match chosen {
            None => "Export cancelled".to_owned(),
            Some(file) => write_to(file.path(), &what, write),
        };
        set_status(&status, message);
        repaint.repaint();
    });
}

/// Writes synchronously to a known path (also used where no dialog is wanted).
pub fn write_to<W>(path: &Path, what: &str, write: W) -> String
where
    W: FnOnce(std::fs::File) -> Result<(), csv::Error>,
{
    match std::fs::File::create(path)
        .map_err(csv::Error::from)
        .and_then(write)
    {
        Ok(()) => format!("Saved {what} to {}", path.display()),
        Err(e) => {
            format!("The file could not be written: {e}. Choose another folder and try again")
        }
    }
}

/// Asks for a CSV file to open; the chosen path lands in `chosen`.
pub fn pick_csv(backend: &Backend, status: Status, chosen: Arc<Mutex<Option<PathBuf>>>) {
    set_status(&status, "Choosing a file…");
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
            None => set_status(
                &status,
                "No file chosen (type its path in the box instead if no dialog appeared)",
            ),
        }
        repaint.repaint();
    });
}
