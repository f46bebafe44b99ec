//! The weekly report written out: as a PDF for the meeting, as JSON for other tools (the same
//! figures; `docs/report.md` names the fields), or as CSV (the occupancy and forecast table).
//! Files are written beside their destination and renamed into place, so a failure never leaves
//! half a report.

// The layers below, by the names the code has always used for them.
use leasedesk_base::atomic_file;
use leasedesk_domain as domain;

use std::io::Write;
use std::path::Path;

use crate::domain::report::WeeklyReport;

pub mod access_log;
pub mod letter;
pub mod partner_pack;
pub mod pdf;
pub mod region;
mod tags;
pub mod training;
pub mod words;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Format {
    #[default]
    Pdf,
    Json,
    Csv,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Paper {
    #[default]
    Letter,
    A4,
}

impl Paper {
    /// Width and height in points.
    pub fn size(self) -> (f32, f32) {
        match self {
            Paper::Letter => (612.0, 792.0),
            Paper::A4 => (595.0, 842.0),
        }
    }
}

pub use leasedesk_i18n::Language;

/// The report in a format, as bytes; a PDF in `language` (JSON and CSV are for other tools:
/// their names and notes stay as `docs/report.md` gives them).
pub fn render(
    report: &WeeklyReport,
    format: Format,
    paper: Paper,
    language: Language,
) -> Result<Vec<u8>, String> {
    match format {
        Format::Pdf => Ok(pdf::render(report, paper, language)),
        Format::Json => serde_json::to_vec_pretty(report)
            .map_err(|e| format!("the report could not be written as JSON: {e}")),
        Format::Csv => {
            csv(report).map_err(|e| format!("the report could not be written as CSV: {e}"))
        }
    }
}

/// One row per community and care group (and the total): occupancy today and the forecast.
fn csv(report: &WeeklyReport) -> Result<Vec<u8>, csv::Error> {
    let mut out = Vec::new();
    {
        let mut w = crate::domain::csv_export::SafeWriter::new(&mut out);
        w.row([
            "as_of",
            "community",
            "care_group",
            "units",
            "occupied_units",
            "beds",
            "occupied_beds",
            "beds_day_30",
            "beds_day_60",
            "beds_day_90",
        ])?;
        let occupancy = report
            .occupancy
            .iter()
            .chain(std::iter::once(&report.occupancy_total));
        let forecast = report
            .forecast
            .iter()
            .chain(std::iter::once(&report.forecast_total));
        for (o, f) in occupancy.zip(forecast) {
            w.row([
                report.as_of.to_string().as_str(),
                &o.community,
                &o.care_group,
                &o.units.to_string(),
                &o.occupied_units.to_string(),
                &o.beds.to_string(),
                &o.occupied_beds.to_string(),
                &f.day_30.to_string(),
                &f.day_60.to_string(),
                &f.day_90.to_string(),
            ])?;
        }
        w.flush()?;
    }
    Ok(out)
}

/// Writes `bytes` to `path` whole or not at all (see [`crate::atomic_file`]).
pub fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    crate::atomic_file::write_with(path, |file| file.write_all(bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_portal_renders_in_every_format_and_says_why() {
        use crate::domain::report::{ReportInput, weekly};
        let checklists = std::collections::HashMap::new();
        let report = weekly(&ReportInput {
            portal: "Empty",
            communities: &[],
            units: &[],
            contracts: &[],
            activities: &[],
            cases: &[],
            members: &[],
            checklists: &checklists,
            as_of: chrono::NaiveDate::from_ymd_opt(2026, 11, 21).unwrap(),
            community: None,
            generated: chrono::Utc::now(),
            unreadable: &[("unit".to_owned(), 1)],
            settings: &Default::default(),
        });
        let pdf = render(&report, Format::Pdf, Paper::A4, Language::English).unwrap();
        assert!(pdf.starts_with(b"%PDF-"));
        let text = String::from_utf8_lossy(&pdf);
        assert!(text.contains("No units"), "the PDF says why it is empty");
        assert!(
            text.contains("1 unit record sent by the service could not be read"),
            "and what it could not read"
        );
        assert!(text.contains("Page 1 of"));
        let json = render(&report, Format::Json, Paper::A4, Language::English).unwrap();
        let value: serde_json::Value = serde_json::from_slice(&json).unwrap();
        assert_eq!(value["funnel"]["reached"], serde_json::json!([0, 0, 0, 0]));
        assert_eq!(
            value["notes"].as_array().unwrap().len(),
            4,
            "three empties and the unread unit"
        );
        let csv = render(&report, Format::Csv, Paper::A4, Language::English).unwrap();
        assert!(String::from_utf8(csv).unwrap().lines().count() >= 1);
    }
}
