//! A letter (Mail Out) as a one-page PDF on the community's letterhead: its name large at the
//! top over a rule, the date, whom it is to, the subject in bold, and the text wrapped to the
//! page. Standard Helvetica, so the words stay text. A text longer than a page continues on a
//! second page under the letterhead's name.

use pdf_writer::types::{ArtifactType, StructRole};
use pdf_writer::{Content, Str};

use super::Paper;
use super::pdf::{Font, assemble, win_ansi, wrap};
use super::tags::Tags;
use leasedesk_domain::outreach::Language;

const MARGIN: f32 = 72.0;
const BODY: f32 = 11.0;
const LINE: f32 = 15.0;

pub struct Letter {
    pub community: String,
    pub to: String,
    /// The recipient's postal address, a line each (none when the case has none).
    pub address: Vec<String>,
    pub date: chrono::NaiveDate,
    pub subject: String,
    pub body: String,
    /// The language it is written in: its date, its document title and what a screen reader
    /// speaks it as follow it.
    pub language: Language,
}

/// The date line as a letter in `language` writes it: "November 27, 2026", "27 de noviembre de
/// 2026".
fn dated(date: chrono::NaiveDate, language: Language) -> String {
    match language {
        Language::English => date.format("%B %-d, %Y").to_string(),
        Language::Spanish => date
            .format_localized("%-d de %B de %Y", chrono::Locale::es_US)
            .to_string(),
    }
}

struct Pages {
    pages: Vec<Content>,
    y: f32,
    height: f32,
    tags: Tags,
}

impl Pages {
    /// A line of the innermost element open.
    fn text(&mut self, x: f32, size: f32, font: Font, text: &str) {
        if self.y < MARGIN {
            self.pages.push(Content::new());
            self.tags.page_added();
            self.y = self.height - MARGIN;
        }
        let bytes = win_ansi(text);
        let y = self.y;
        let page = self.pages.last_mut().expect("a page is open");
        self.tags.begin(page);
        page.begin_text();
        page.set_font(font.name(), size);
        page.next_line(x, y);
        page.show(Str(&bytes));
        page.end_text();
        Tags::end(page);
    }

    /// Lines read as one element (a heading, a paragraph).
    fn element(&mut self, role: StructRole, lines: impl FnOnce(&mut Self)) {
        self.tags.open(role);
        lines(self);
        self.tags.close();
    }
}

pub fn render(letter: &Letter, paper: Paper) -> Vec<u8> {
    let (width, height) = paper.size();
    let usable = width - 2.0 * MARGIN;
    let mut p = Pages {
        pages: vec![Content::new()],
        y: height - MARGIN,
        height,
        tags: Tags::new(),
    };
    p.tags.page_added();
    // The letterhead: the community's name over a rule.
    let community = match (letter.community.is_empty(), letter.language) {
        (false, _) => letter.community.as_str(),
        (true, Language::English) => "Our community",
        (true, Language::Spanish) => "Nuestra comunidad",
    };
    p.element(StructRole::H1, |p| {
        p.text(MARGIN, 20.0, Font::Bold, community)
    });
    p.y -= 10.0;
    {
        let y = p.y;
        let page = p.pages.last_mut().expect("a page is open");
        Tags::begin_artifact(page, ArtifactType::Layout);
        page.set_line_width(1.2);
        page.move_to(MARGIN, y);
        page.line_to(width - MARGIN, y);
        page.stroke();
        Tags::end(page);
    }
    p.y -= 36.0;
    p.element(StructRole::P, |p| {
        p.text(
            MARGIN,
            BODY,
            Font::Regular,
            &dated(letter.date, letter.language),
        )
    });
    p.y -= 2.0 * LINE;
    if !letter.to.is_empty() {
        // Whom it is to and where, read as one address.
        p.element(StructRole::P, |p| {
            p.text(MARGIN, BODY, Font::Regular, &letter.to);
            p.y -= LINE;
            for line in letter.address.iter().take(4) {
                p.text(MARGIN, BODY, Font::Regular, line);
                p.y -= LINE;
            }
        });
        p.y -= LINE;
    }
    if !letter.subject.trim().is_empty() {
        p.element(StructRole::P, |p| {
            p.text(MARGIN, BODY, Font::Bold, letter.subject.trim())
        });
        p.y -= 2.0 * LINE;
    }
    for paragraph in letter.body.lines() {
        if paragraph.trim().is_empty() {
            p.y -= LINE * 0.6;
            continue;
        }
        p.element(StructRole::P, |p| {
            for line in wrap(paragraph, usable, BODY, Font::Regular) {
                p.text(MARGIN, BODY, Font::Regular, &line);
                p.y -= LINE;
            }
        });
    }
    assemble(
        p.pages,
        p.tags,
        width,
        height,
        &match letter.language {
            Language::English => format!("Letter from {community}"),
            Language::Spanish => format!("Carta de {community}"),
        },
        letter.language.tag(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pdf::text_width;

    fn ruths_letter() -> Letter {
        Letter {
            community: "Maple Grove Senior Living".into(),
            to: "Ruth Ellison".into(),
            address: vec!["6934 Cedar Ridge Road".into(), "Powell, OH 43061".into()],
            date: chrono::NaiveDate::from_ymd_opt(2026, 11, 27).unwrap(),
            subject: "Thank you for visiting".into(),
            body: "Dear Ruth,\n\nIt was a pleasure.\n\nSincerely,\nDana Whitfield".into(),
            language: Language::English,
        }
    }

    #[test]
    fn a_spanish_letter_is_dated_titled_and_tagged_in_spanish() {
        let letter = Letter {
            subject: "Gracias por visitar Maple Grove".into(),
            body: "Estimada Ruth:\n\nFue un placer conocerle.\n\nAtentamente,\nDana".into(),
            language: Language::Spanish,
            ..ruths_letter()
        };
        let bytes = render(&letter, Paper::Letter);
        let text = String::from_utf8_lossy(&bytes);
        assert!(text.contains("(27 de noviembre de 2026)"), "the date line");
        assert!(text.contains("/Lang (es-US)"), "the document's language");
        assert!(
            text.contains("(Carta de Maple Grove Senior Living)"),
            "its title"
        );
        assert!(!text.contains("November"));
        // Accented letters are WinAnsi bytes, drawn by the standard fonts.
        assert!(bytes.windows(4).any(|w| w == b"Fue "));
    }

    #[test]
    fn long_paragraphs_wrap_within_the_page_and_keep_every_word() {
        let paragraph = "Thank you for visiting Maple Grove Senior Living on Thursday. ".repeat(8);
        let lines = wrap(&paragraph, 300.0, BODY, Font::Regular);
        assert!(lines.len() > 3);
        for line in &lines {
            assert!(text_width(line, BODY, Font::Regular) <= 300.0, "{line}");
        }
        let words: Vec<&str> = paragraph.split_whitespace().collect();
        let again: Vec<String> = lines
            .iter()
            .flat_map(|l| l.split_whitespace().map(str::to_owned))
            .collect();
        assert_eq!(again, words);
        let long = wrap(&"x".repeat(400), 100.0, BODY, Font::Regular);
        assert!(
            long.len() > 1
                && long
                    .iter()
                    .all(|l| text_width(l, BODY, Font::Regular) <= 100.0)
        );
    }

    #[test]
    fn the_letter_holds_its_letterhead_and_text_as_text() {
        let bytes = render(&ruths_letter(), Paper::Letter);
        let text = String::from_utf8_lossy(&bytes);
        assert!(text.starts_with("%PDF-"));
        for words in [
            "(Maple Grove Senior Living)",
            "(November 27, 2026)",
            "(Ruth Ellison)",
            "(Powell, OH 43061)",
            "(Thank you for visiting)",
            "(It was a pleasure.)",
            "(Dana Whitfield)",
        ] {
            assert!(text.contains(words), "{words}");
        }
    }

    // Read back with poppler, a Linux tool here (the Windows build's tests run under Wine).
    #[cfg(unix)]
    #[test]
    fn the_letter_is_tagged_its_letterhead_a_heading_and_each_paragraph_read_in_order() {
        let bytes = render(&ruths_letter(), Paper::Letter);
        let (info, structure) = crate::tags::read_back(&bytes);
        assert!(info.contains("Tagged:          yes"), "{info}");
        assert!(
            String::from_utf8_lossy(&bytes).contains("/Lang (en-US)"),
            "the document's language"
        );
        assert_eq!(
            crate::tags::outline(&structure),
            [
                "Document",
                "H1 (block)",
                "\"Maple Grove Senior Living\"",
                "P (block)",
                "\"November 27, 2026\"",
                "P (block)",
                "\"Ruth Ellison\"",
                "\"6934 Cedar Ridge Road\"",
                "\"Powell, OH 43061\"",
                "P (block)",
                "\"Thank you for visiting\"",
                "P (block)",
                "\"Dear Ruth,\"",
                "P (block)",
                "\"It was a pleasure.\"",
                "P (block)",
                "\"Sincerely,\"",
                "P (block)",
                "\"Dana Whitfield\"",
            ]
        );
    }
}
