//! "Import calls…": a phone system's call export read and checked, then each call matched to
//! a case by its number and logged once (importing the same calls again logs nothing); the
//! numbers that match no one are listed, each with "New individual…" ready with the number.

use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use crate::commands::Command;
use crate::context::AppCtx;
use crate::domain::calls::export::{self, Columns, Export, PRESETS};
use crate::engine::asks::calls::{Imported, import_calls};
use crate::files;
use crate::remote::{Remote, Slot};
use crate::widgets::{entered, labelled};
use leasedesk_i18n::tr;

/// The dialog's height, its report in or not (room for the longer Spanish sentences).
const DIALOG_HEIGHT: f32 = 520.0;
/// The separator and the Close row at its foot.
const CLOSE_ROW: f32 = 34.0;

pub struct ImportCallsForm {
    first_focus: crate::widgets::FirstFocus,
    path: String,
    picked: Arc<Mutex<Option<PathBuf>>>,
    status: files::Status,
    reading: files::TextRead,
    export: Option<Export>,
    problem: Option<String>,
    /// The file as read, kept while its columns are being set.
    bytes: Option<Vec<u8>>,
    /// A layout no preset knows: the file's columns and which one holds each fact.
    mapping: Option<(Vec<String>, [String; 7])>,
    run: Slot<Imported>,
    pub open: bool,
}

/// What each fact of a call is called beside its drop-down.
fn fact_labels() -> [String; 7] {
    [
        tr!("calls-fact-caller"),
        tr!("calls-fact-called"),
        tr!("calls-fact-start"),
        tr!("calls-fact-time"),
        tr!("calls-fact-length"),
        tr!("calls-fact-direction"),
        tr!("calls-fact-answered"),
    ]
}

impl Default for ImportCallsForm {
    fn default() -> Self {
        ImportCallsForm {
            first_focus: Default::default(),
            path: String::new(),
            picked: Default::default(),
            status: Default::default(),
            reading: Default::default(),
            export: None,
            problem: None,
            bytes: None,
            mapping: None,
            run: Slot::default(),
            open: true,
        }
    }
}

impl ImportCallsForm {
    /// Nothing typed is lost by closing: the file is still where it was.
    pub fn saved(&self) -> bool {
        !self.run.state.is_pending()
    }

    fn take_read(&mut self, ctx: &AppCtx) {
        let read = self
            .reading
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .take();
        let Some(read) = read else { return };
        self.export = None;
        self.mapping = None;
        self.bytes = None;
        self.run.reset();
        let bytes = match read {
            Ok(text) => text.into_bytes(),
            Err(problem) => {
                self.problem = Some(problem);
                return;
            }
        };
        let by_preset = export::read(&bytes, None, ctx.zone);
        let by_saved = || {
            ctx.prefs
                .call_columns()
                .and_then(|c| export::read(&bytes, Some(c), ctx.zone).ok())
        };
        self.problem = match by_preset {
            Ok(export) => {
                self.export = Some(export);
                None
            }
            Err(_) if let Some(export) = by_saved() => {
                self.export = Some(export);
                None
            }
            Err(e) => {
                let header = export::header_of(&bytes);
                if e.line == 1 && header.len() >= 5 {
                    // Columns no preset knows: the user says which is which, once.
                    let choices = Columns::guess(&header);
                    self.mapping = Some((header, choices));
                    self.bytes = Some(bytes);
                    None
                } else {
                    Some(super::call_export_words::export_error(&e))
                }
            }
        };
    }

    /// Which column holds what, for a layout no preset knows; read again by it, and kept for
    /// the profile once it reads.
    fn mapping_ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        let Some((header, choices)) = &mut self.mapping else {
            return;
        };
        ui.label(tr!("calls-columns-unknown"));
        egui::Grid::new("call-columns")
            .num_columns(2)
            .spacing([12.0, 4.0])
            .show(ui, |ui| {
                for (i, label) in fact_labels().iter().enumerate() {
                    let shown = if choices[i].is_empty() && i == 3 {
                        tr!("calls-none")
                    } else if choices[i].is_empty() {
                        tr!("calls-choose-column")
                    } else {
                        choices[i].clone()
                    };
                    labelled(ui, label, |ui| {
                        crate::widgets::steady_combo(
                            ui,
                            220.0,
                            egui::ComboBox::from_id_salt(("call-column", i)).selected_text(shown),
                            |ui| {
                                if i == 3 {
                                    ui.selectable_value(
                                        &mut choices[i],
                                        String::new(),
                                        tr!("calls-none"),
                                    );
                                }
                                for column in header.iter() {
                                    ui.selectable_value(&mut choices[i], column.clone(), column);
                                }
                            },
                        )
                    });
                    ui.end_row();
                }
            });
        if ui.button(tr!("calls-read-columns")).clicked() {
            let read = Columns::from_choices(choices)
                .map_err(super::call_export_words::choose_fact)
                .and_then(|columns| {
                    let bytes = self.bytes.as_deref().unwrap_or_default();
                    export::read(bytes, Some(&columns), ctx.zone)
                        .map(|export| (columns, export))
                        .map_err(|e| super::call_export_words::export_error(&e))
                });
            match read {
                Ok((columns, export)) => {
                    self.export = Some(export);
                    self.mapping = None;
                    self.bytes = None;
                    self.problem = None;
                    ctx.send(Command::SetCallColumns(Box::new(columns)));
                }
                Err(problem) => self.problem = Some(problem),
            }
        }
    }

    pub fn ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        self.run.poll();
        let picked = self.picked.lock().unwrap_or_else(|p| p.into_inner()).take();
        if let Some(path) = picked {
            self.path = path.display().to_string();
            self.open_file(ctx);
        }
        self.take_read(ctx);
        ui.heading(crate::modals::Dialog::title(self));
        ui.label(tr!(
            "calls-import-about",
            systems = and_list(&PRESETS.iter().map(|p| p.name).collect::<Vec<_>>())
        ));
        let running = self.run.state.is_pending();
        ui.horizontal(|ui| {
            let field = labelled(ui, &tr!("calls-export"), |ui| {
                ui.add(
                    egui::TextEdit::singleline(&mut self.path)
                        .id_salt("calls-path")
                        .desired_width(260.0),
                )
            });
            // The file's path is what the dialog asks first: typed at once, as it opens.
            self.first_focus.on(&field);
            if (ui
                .add_enabled(!running, egui::Button::new(tr!("calls-open")))
                .clicked()
                || entered(ui, &field))
                && !running
            {
                self.open_file(ctx);
            }
            if ui
                .add_enabled(!running, egui::Button::new(tr!("calls-choose-file")))
                .clicked()
            {
                files::pick_csv(ctx.backend, self.status.clone(), self.picked.clone());
            }
        });
        files::status_line_ui(ui, &self.status, ctx.tokens.muted, true);
        if let Some(problem) = &self.problem {
            crate::widgets::problem_ui(ui, ctx.tokens.error, format!("⚠ {problem}"));
        }
        self.mapping_ui(ui, ctx);
        if let Some(export) = &self.export {
            let first = export.calls.iter().map(|c| c.start).min();
            let last = export.calls.iter().map(|c| c.start).max();
            ui.label(match (first, last) {
                (Some(a), Some(b)) => tr!(
                    "calls-read-span",
                    count = export.calls.len(),
                    layout = super::call_export_words::layout(&export.layout),
                    from = crate::dates::day(a.with_timezone(&ctx.zone).date_naive()),
                    to = crate::dates::day(b.with_timezone(&ctx.zone).date_naive())
                ),
                _ => tr!(
                    "calls-read",
                    count = export.calls.len(),
                    layout = super::call_export_words::layout(&export.layout)
                ),
            });
            let can = !running && !export.calls.is_empty() && self.run.state.value().is_none();
            if ui
                .add_enabled(can, egui::Button::new(tr!("calls-import")))
                .clicked()
            {
                self.run.ask(ctx.backend, import_calls(export.clone()));
            }
        }
        match &self.run.state {
            Remote::Pending { .. } => {
                ui.horizontal(|ui| {
                    crate::widgets::spinner_ui(ui);
                    ui.label(tr!("calls-matching"));
                });
            }
            Remote::Failed { error, .. } => {
                crate::widgets::problem_ui(
                    ui,
                    ctx.tokens.error,
                    format!("⚠ {}", crate::error_words::api_error(error)),
                );
            }
            _ => {}
        }
        if let Remote::Ready(done) = &self.run.state {
            match done {
                Err(problem) => {
                    crate::widgets::problem_ui(ui, ctx.tokens.error, format!("⚠ {problem}"));
                }
                Ok(report) => {
                    let report = report.clone();
                    self.report_ui(ui, ctx, &report);
                }
            }
        }
        // Close at the foot of a dialog as tall from the start as with its report, so
        // nothing moves (nor does the dialog re-centre) when the report comes.
        let used = ui.min_rect().height();
        ui.add_space((DIALOG_HEIGHT - CLOSE_ROW - used).max(0.0));
        ui.separator();
        ui.horizontal(|ui| {
            if ui.button(tr!("calls-close")).clicked() {
                self.open = false;
            }
        });
    }

    fn open_file(&mut self, ctx: &AppCtx) {
        self.problem = None;
        files::read_text(
            ctx.backend,
            PathBuf::from(self.path.trim()),
            export::MAX_BYTES as u64,
            self.reading.clone(),
        );
    }

    fn report_ui(
        &mut self,
        ui: &mut egui::Ui,
        ctx: &mut AppCtx,
        report: &crate::engine::asks::calls::ImportReport,
    ) {
        crate::widgets::announced_ui(
            ui,
            &tr!(
                "calls-import-summary",
                calls = report.calls,
                layout = super::call_export_words::layout(&report.layout),
                cases = report.cases,
                matched = report.matched,
                logged = report.logged,
                already = report.already
            ),
        );
        egui::ScrollArea::vertical()
            .id_salt("calls-report")
            .max_height(260.0)
            .show(ui, |ui| {
                if !report.unmatched.is_empty() {
                    ui.label(
                        egui::RichText::new(tr!("calls-unmatched", count = report.unmatched.len()))
                            .strong(),
                    );
                }
                // A column each, so every line's button stands at one place, not after
                // sentences of different lengths.
                egui::Grid::new("calls-unmatched")
                    .num_columns(2)
                    .striped(true)
                    .show(ui, |ui| {
                        for n in &report.unmatched {
                            ui.label(tr!(
                                "calls-unmatched-number",
                                number = n.number.as_str(),
                                calls = n.calls,
                                inbound = n.inbound,
                                line = n.first_line
                            ));
                            if ui
                                .button(tr!("calls-new-individual"))
                                .on_hover_text(tr!(
                                    "calls-new-individual-hint",
                                    number = n.number.as_str()
                                ))
                                .clicked()
                            {
                                ctx.send(Command::NewIndividualCalling(n.number.clone()));
                            }
                            ui.end_row();
                        }
                    });
                for (number, lines) in &report.several {
                    ui.label(tr!(
                        "calls-several",
                        number = number.as_str(),
                        lines = lines
                            .iter()
                            .map(usize::to_string)
                            .collect::<Vec<_>>()
                            .join(", ")
                    ));
                }
                if !report.missed.is_empty() {
                    // Counted as My day lists them: one per case, on whose leads.
                    let me = ctx.me().map(|m| m.user_id);
                    ui.label(where_they_wait(&report.missed, me));
                }
            });
    }
}

/// "A, B and C", "A, B y C".
fn and_list(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [one] => (*one).to_owned(),
        [rest @ .., last] => tr!("calls-and-list", rest = rest.join(", "), last = *last),
    }
}

/// Where the missed calls wait to be returned: on whose leads, in whose My day.
fn where_they_wait(missed: &[crate::domain::calls::missed::MissedCall], me: Option<i64>) -> String {
    let (mine, colleagues, others) = crate::domain::calls::missed::whose(missed, me);
    let mut parts = Vec::new();
    if mine > 0 {
        parts.push(tr!("calls-wait-mine", count = mine));
    }
    if colleagues > 0 {
        parts.push(tr!("calls-wait-colleagues", count = colleagues));
    }
    if others > 0 {
        parts.push(tr!("calls-wait-others", count = others));
    }
    tr!(
        "calls-waiting",
        count = missed.len(),
        places = parts.join("; ")
    )
}

impl crate::modals::Dialog for ImportCallsForm {
    fn title(&self) -> String {
        tr!("calls-import-title")
    }

    fn ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx) {
        ImportCallsForm::ui(self, ui, ctx);
    }

    fn width(&self) -> f32 {
        620.0
    }

    fn is_open(&self) -> bool {
        self.open
    }

    fn saved(&self) -> bool {
        ImportCallsForm::saved(self)
    }
}
