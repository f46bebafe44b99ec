//! The one CSV writer every export uses. Names, emails and RSVP responses arrive from public web
//! forms; a cell such as `=HYPERLINK(…)` would run as a formula when the file is opened in a
//! spreadsheet. A text cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return is
//! written with a leading `'`, which spreadsheets show as text. Numbers stay numbers. The unit
//! import strips that `'` again, so a failed-rows file imports as it was written.

use std::borrow::Cow;

const TRIGGERS: [char; 6] = ['=', '+', '-', '@', '\t', '\r'];

/// The cell as it is safe to write.
pub fn neutralize(cell: &str) -> Cow<'_, str> {
    let risky = cell.starts_with(TRIGGERS) && cell.trim().parse::<f64>().is_err();
    if risky {
        Cow::Owned(format!("'{cell}"))
    } else {
        Cow::Borrowed(cell)
    }
}

/// A cell read back from a file this module wrote.
pub fn restore(cell: &str) -> &str {
    match cell.strip_prefix('\'') {
        Some(rest) if rest.starts_with(TRIGGERS) => rest,
        _ => cell,
    }
}

/// A `csv::Writer` that writes every cell through [`neutralize`].
pub struct SafeWriter<W: std::io::Write> {
    inner: csv::Writer<W>,
}

impl<W: std::io::Write> SafeWriter<W> {
    pub fn new(out: W) -> Self {
        SafeWriter {
            inner: csv::Writer::from_writer(out),
        }
    }

    pub fn row<I, S>(&mut self, cells: I) -> Result<(), csv::Error>
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        let cells: Vec<String> = cells
            .into_iter()
            .map(|c| neutralize(c.as_ref()).into_owned())
            .collect();
        self.inner.write_record(&cells)
    }

    pub fn flush(&mut self) -> Result<(), csv::Error> {
        self.inner.flush().map_err(csv::Error::from)
    }

    /// What it wrote into, flushed; `None` when the flush failed.
    pub fn into_inner(self) -> Option<W> {
        self.inner.into_inner().ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formulas_become_text_and_numbers_stay_numbers() {
        for bad in [
            "=HYPERLINK(\"x\")",
            "+1+2",
            "-2+3",
            "@SUM(A1)",
            "\tx",
            "\rx",
        ] {
            let safe = neutralize(bad);
            assert!(safe.starts_with('\''), "{bad:?} became {safe:?}");
            assert_eq!(restore(&safe), bad, "and reads back");
        }
        for fine in [
            "Ada Ellison",
            "-45.50",
            "+15",
            "1e3",
            "",
            "O'Brien",
            "'quoted",
        ] {
            assert_eq!(neutralize(fine), fine);
            assert_eq!(restore(fine), fine);
        }
        let mut out = Vec::new();
        let mut w = SafeWriter::new(&mut out);
        w.row(["Name", "Response"]).unwrap();
        w.row(["=cmd|' /C calc'!A0", "-12"]).unwrap();
        w.flush().unwrap();
        drop(w);
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text, "Name,Response\n'=cmd|' /C calc'!A0,-12\n");
    }
}
