//! Importing units from a CSV file: open it, see every row checked, import the good rows in
//! batches with a progress bar, read each row's result, and get the failed rows back as a file
//! to fix and import again.

use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use egui_extras::{Column, TableBuilder};

use crate::context::AppCtx;
use crate::domain::unit_import::{self, FIELDS, ImportPlan, Known, RowOutcome};
use crate::engine::asks::{self, ImportProgress as Progress, InventoryData};
use crate::files;
use crate::remote::{Remote, Slot};
use crate::widgets::{entered, labelled};

#[derive(Default)]
pub struct UnitImport {
    path: String,
    picked: Arc<Mutex<Option<PathBuf>>>,
    status: files::Status,
    problem: Option<String>,
    plan: Option<ImportPlan>,
    progress: Arc<Progress>,
    run: Slot<ImportPlan>,
    finished_seen: bool,
    /// Where the failed rows were written after the run.
    failed_file: Option<String>,
    /// The file being read in the background.
    reading: files::TextRead,
}

impl UnitImport {
    /// True once, after an import ran (the inventory reloads).
    pub fn take_finished(&mut self) -> bool {
        if matches!(self.run.state, Remote::Ready(_)) && !self.finished_seen {
            self.finished_seen = true;
            return true;
        }
        false
    }

    /// Reads the file in the background; [`UnitImport::take_read`] checks it when it is in.
    fn open(&mut self, ctx: &AppCtx) {
        self.problem = None;
        let path = PathBuf::from(self.path.trim());
        files::read_text(
            ctx.backend,
            path,
            files::MAX_IMPORT_BYTES,
            self.reading.clone(),
        );
    }

    fn take_read(&mut self, data: &InventoryData) {
        let read = self
            .reading
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .take();
        let text = match read {
            None => return,
            Some(Ok(text)) => text,
            Some(Err(problem)) => {
                self.problem = Some(problem);
                return;
            }
        };
        let known = Known {
            communities: &data.communities,
            care_groups: &data.care_groups,
            floor_plans: &data.floor_plans,
            units: &data.units,
        };
        match unit_import::plan(&text, &known) {
            Ok(plan) => {
                self.problem = None;
                self.plan = Some(plan);
                self.run.reset();
                self.failed_file = None;
            }
            Err(e) => {
                self.problem = Some(super::unit_words::file_problem(&e));
                self.plan = None;
            }
        }
    }

    /// Returns true when the panel should close.
    pub fn ui(&mut self, ui: &mut egui::Ui, ctx: &mut AppCtx, data: &InventoryData) -> bool {
        if self.run.poll()
            && let Remote::Ready(done) = &self.run.state
        {
            self.plan = Some(done.clone());
            self.write_failed_next_to_source();
        }
        let picked = self.picked.lock().unwrap_or_else(|p| p.into_inner()).take();
        if let Some(path) = picked {
            self.path = path.display().to_string();
            self.open(ctx);
        }
        self.take_read(data);
        let mut close = false;
        ui.horizontal(|ui| {
            ui.heading(leasedesk_i18n::tr!("import-title"));
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                close = ui.button(leasedesk_i18n::tr!("unit-close")).clicked();
            });
        });
        ui.label(leasedesk_i18n::tr!(
            "import-about",
            fields = FIELDS.join(", ")
        ));
        let running = self.run.state.is_pending();
        ui.horizontal(|ui| {
            let field = labelled(ui, &leasedesk_i18n::tr!("import-file"), |ui| {
                ui.add(
                    egui::TextEdit::singleline(&mut self.path)
                        .id_salt("import-path")
                        .desired_width(200.0),
                )
            });
            let entered = entered(ui, &field);
            if ui
                .add_enabled(
                    !running,
                    egui::Button::new(leasedesk_i18n::tr!("import-open")),
                )
                .clicked()
                || (entered && !running)
            {
                self.open(ctx);
            }
            if ui
                .add_enabled(
                    !running,
                    egui::Button::new(leasedesk_i18n::tr!("import-choose")),
                )
                .clicked()
            {
                files::pick_csv(ctx.backend, self.status.clone(), self.picked.clone());
            }
        });
        files::status_line_ui(ui, &self.status, ctx.tokens.muted, true);
        if let Some(p) = &self.problem {
            crate::widgets::problem_ui(ui, ctx.tokens.error, format!("⚠ {p}"));
        }
        let Some(plan) = &self.plan else {
            return close;
        };
        ui.separator();
        let created = plan.count(|o| matches!(o, RowOutcome::Created(_)));
        let existing = plan.count(|o| matches!(o, RowOutcome::Exists(_)));
        let offline = plan.count(|o| matches!(o, RowOutcome::SavedOffline));
        let mut summary = leasedesk_i18n::tr!(
            "import-summary",
            rows = plan.rows.len(),
            ready = plan.ready(),
            created = created,
            existing = existing,
            failed = plan.failed()
        );
        if offline > 0 {
            summary.push_str(&leasedesk_i18n::tr!("import-offline", count = offline));
        }
        ui.label(summary);
        if running {
            ui.add(
                egui::ProgressBar::new(self.progress.fraction())
                    .show_percentage()
                    .text(leasedesk_i18n::tr!(
                        "import-progress",
                        done = self
                            .progress
                            .done
                            .load(std::sync::atomic::Ordering::Relaxed),
                        total = self
                            .progress
                            .total
                            .load(std::sync::atomic::Ordering::Relaxed)
                    )),
            );
        }
        let ready = plan.ready();
        let mut start = false;
        ui.horizontal(|ui| {
            start = ui
                .add_enabled(
                    ready > 0 && !running,
                    egui::Button::new(leasedesk_i18n::tr!("import-start", count = ready)),
                )
                .clicked();
            if plan.failed() > 0
                && !running
                && ui
                    .button(leasedesk_i18n::tr!("import-save-failed"))
                    .clicked()
            {
                let plan = plan.clone();
                files::save_csv(
                    ctx.backend,
                    "units-failed.csv",
                    leasedesk_i18n::tr!("import-failed-rows", count = plan.failed()),
                    self.status.clone(),
                    move |f| plan.write_failed(f, super::unit_words::outcome).map(|_| ()),
                );
            }
        });
        if self.run.state.error().is_some() {
            self.run
                .status_ui(ui, ctx, &leasedesk_i18n::tr!("import-the-import"));
        }
        if let Some(f) = &self.failed_file {
            ui.label(f);
        }
        rows_ui(ui, plan, ctx);
        if start {
            let plan = plan.clone();
            let progress = self.progress.clone();
            let file = PathBuf::from(self.path.trim()).file_name().map_or_else(
                || leasedesk_i18n::tr!("import-the-file"),
                |n| n.to_string_lossy().to_string(),
            );
            // The Outbox's line for rows left unsent, in the window's language though said on
            // the runtime.
            let language = leasedesk_i18n::language();
            let summary: asks::inventory::UnitsSummary = std::sync::Arc::new(move |count| {
                leasedesk_i18n::in_language(language, || {
                    leasedesk_i18n::tr!(
                        "import-new-units-from",
                        count = count,
                        file = file.as_str()
                    )
                })
            });
            self.finished_seen = false;
            // Run even while working offline: the rows then go to the outbox unsent.
            self.run.ask(
                ctx.backend,
                asks::inventory::import_units(plan, progress, summary),
            );
        }
        close
    }

    /// Failed rows go next to the file they came from, ready to fix and import again, under
    /// a name no file has yet.
    fn write_failed_next_to_source(&mut self) {
        let Some(plan) = &self.plan else { return };
        if plan.failed() == 0 {
            self.failed_file = None;
            return;
        }
        let source = PathBuf::from(self.path.trim());
        let stem = source
            .file_stem()
            .map_or("units".into(), |s| s.to_string_lossy().to_string());
        let dir = source.parent().unwrap_or(std::path::Path::new("."));
        let target = files::free_path(dir, &format!("{stem}-failed"), "csv");
        let what = leasedesk_i18n::tr!("import-failed-rows", count = plan.failed());
        let plan = plan.clone();
        self.failed_file = Some(files::write_to(&target, &what, move |f| {
            plan.write_failed(f, super::unit_words::outcome).map(|_| ())
        }));
    }
}

fn rows_ui(ui: &mut egui::Ui, plan: &ImportPlan, ctx: &AppCtx) {
    let number_at = plan
        .header
        .iter()
        .position(|h| h.eq_ignore_ascii_case("Number"));
    ui.push_id("import-rows", |ui| {
        ui.style_mut().interaction.selectable_labels = false;
        TableBuilder::new(ui)
            .striped(true)
            .column(Column::exact(40.0))
            .column(Column::exact(60.0))
            .column(Column::remainder().clip(true))
            .min_scrolled_height(0.0)
            .max_scroll_height(360.0)
            .header(22.0, |mut h| {
                for t in [
                    leasedesk_i18n::tr!("import-col-line"),
                    leasedesk_i18n::tr!("unit-field-number"),
                    leasedesk_i18n::tr!("log-result"),
                ] {
                    h.col(|ui| {
                        ui.strong(t);
                    });
                }
            })
            .body(|body| {
                body.rows(crate::theme::TARGET, plan.rows.len(), |mut row| {
                    let r = &plan.rows[row.index()];
                    row.col(|ui| {
                        ui.label(r.line.to_string());
                    });
                    row.col(|ui| {
                        ui.label(
                            number_at
                                .and_then(|i| r.cells.get(i))
                                .cloned()
                                .unwrap_or_default(),
                        );
                    });
                    row.col(|ui| {
                        let colour = match &r.outcome {
                            o if o.failed() => ctx.tokens.error,
                            RowOutcome::Created(_) => ctx.tokens.success,
                            _ => ui.visuals().text_color(),
                        };
                        let words = super::unit_words::outcome(&r.outcome);
                        ui.colored_label(colour, &words).on_hover_text(&words);
                    });
                });
            });
    });
}
