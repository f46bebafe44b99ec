//! A document's structure, so a screen reader reads a PDF in order, knows its headings and
//! tables, and is told what a chart shows (a tagged PDF, ISO 32000-1 §14.8): a tree of
//! elements (Document, H1/H2, P, Table, TR, TH/TD, Figure with its alternative text), each
//! owning marked runs of the pages' content; what is not content (footers, rules, a table's
//! headings repeated on its next page) is marked as an artifact, so it is not read.

use pdf_writer::types::{ArtifactType, StructRole, TabOrder, TableHeaderScope};
use pdf_writer::{Content, Finish, Name, Pdf, Ref, TextStr};

/// A structure element being built.
struct Element {
    role: StructRole,
    parent: usize,
    alt: Option<String>,
    kids: Vec<Kid>,
}

enum Kid {
    Element(usize),
    /// A marked run of content: the page it is on, and its id there.
    Content {
        page: usize,
        mcid: i32,
    },
}

/// The structure tree, built alongside the pages' content.
pub(super) struct Tags {
    /// The Document element first.
    elements: Vec<Element>,
    /// The elements open, innermost last (the Document always).
    open: Vec<usize>,
    /// Per page, the element each of its marked runs belongs to, in the runs' order (the id
    /// of a run is its place here).
    runs: Vec<Vec<usize>>,
    /// The page runs are marked on, when not the last one (drawing on pages laid out before).
    page_now: Option<usize>,
}

/// Elements that hold other elements, never text of their own: text drawn while one of them is
/// innermost is a paragraph of its own.
fn holds_elements(role: StructRole) -> bool {
    matches!(
        role,
        StructRole::Document | StructRole::Table | StructRole::TR | StructRole::Sect
    )
}

impl Tags {
    pub(super) fn new() -> Self {
        Tags {
            elements: vec![Element {
                role: StructRole::Document,
                parent: 0,
                alt: None,
                kids: Vec::new(),
            }],
            open: vec![0],
            runs: Vec::new(),
            page_now: None,
        }
    }

    /// A page starts: its runs are counted from 0.
    pub(super) fn page_added(&mut self) {
        self.runs.push(Vec::new());
        self.page_now = None;
    }

    /// Runs marked from now on are on page `index` (laid out before).
    pub(super) fn on_page(&mut self, index: usize) {
        while self.runs.len() <= index {
            self.runs.push(Vec::new());
        }
        self.page_now = Some(index);
    }

    /// A new element inside the innermost open one; it is innermost until `close`.
    pub(super) fn open(&mut self, role: StructRole) {
        let parent = self.innermost();
        let index = self.elements.len();
        self.elements.push(Element {
            role,
            parent,
            alt: None,
            kids: Vec::new(),
        });
        self.elements[parent].kids.push(Kid::Element(index));
        self.open.push(index);
    }

    pub(super) fn close(&mut self) {
        if self.open.len() > 1 {
            self.open.pop();
        }
    }

    /// What the innermost element (a figure) shows, in words.
    pub(super) fn describe(&mut self, alt: &str) {
        let innermost = self.innermost();
        self.elements[innermost].alt = Some(alt.to_owned());
    }

    fn innermost(&self) -> usize {
        *self.open.last().unwrap_or(&0)
    }

    /// Whether text drawn now needs a paragraph of its own (nothing open takes text).
    pub(super) fn needs_paragraph(&self) -> bool {
        holds_elements(self.elements[self.innermost()].role)
    }

    /// Whether the document has a top heading yet.
    pub(super) fn has_title(&self) -> bool {
        self.elements.iter().any(|e| e.role == StructRole::H1)
    }

    /// Starts a marked run of the innermost element on the last page.
    pub(super) fn begin(&mut self, content: &mut Content) {
        let element = self.innermost();
        if self.runs.is_empty() {
            self.page_added();
        }
        let page = self.page_now.unwrap_or(self.runs.len() - 1);
        let mcid = self.runs[page].len() as i32;
        self.runs[page].push(element);
        self.elements[element]
            .kids
            .push(Kid::Content { page, mcid });
        let role = self.elements[element].role.to_name();
        content
            .begin_marked_content_with_properties(role)
            .properties()
            .identify(mcid);
    }

    pub(super) fn end(content: &mut Content) {
        content.end_marked_content();
    }

    /// Starts a run that is not content (a footer, a rule, headings repeated).
    pub(super) fn begin_artifact(content: &mut Content, kind: ArtifactType) {
        content
            .begin_marked_content_with_properties(Name(b"Artifact"))
            .properties()
            .artifact()
            .kind(kind);
    }

    /// Moves the last element made to be the Document's first: what every page says at its
    /// top (the training mark) is read once, first.
    pub(super) fn move_last_to_front(&mut self) {
        let last = self.elements.len() - 1;
        if let Some(at) = self.elements[0]
            .kids
            .iter()
            .position(|k| matches!(k, Kid::Element(e) if *e == last))
        {
            let kid = self.elements[0].kids.remove(at);
            self.elements[0].kids.insert(0, kid);
        }
    }

    /// Writes the tree from `first` on (one object per element, one per page's runs and the
    /// root), and returns the root's reference.
    pub(super) fn write(&self, pdf: &mut Pdf, first: i32, pages: &[Ref]) -> Ref {
        let root = Ref::new(first);
        let element_ref = |i: usize| Ref::new(first + 1 + i as i32);
        let runs_ref = |p: usize| Ref::new(first + 1 + self.elements.len() as i32 + p as i32);
        for (i, element) in self.elements.iter().enumerate() {
            let mut e = pdf.struct_element(element_ref(i));
            e.kind(element.role);
            e.parent(if i == 0 {
                root
            } else {
                element_ref(element.parent)
            });
            if let Some(alt) = &element.alt {
                e.alt(TextStr(alt));
            }
            if element.role == StructRole::TH {
                e.attributes()
                    .push()
                    .table()
                    .scope(TableHeaderScope::Column);
            }
            let mut kids = e.children();
            for kid in &element.kids {
                match kid {
                    Kid::Element(k) => {
                        kids.struct_element(element_ref(*k));
                    }
                    Kid::Content { page, mcid } => {
                        if let Some(page) = pages.get(*page) {
                            kids.marked_content_ref()
                                .marked_content_id(*mcid)
                                .page(*page);
                        }
                    }
                }
            }
            kids.finish();
            e.finish();
        }
        for (p, runs) in self.runs.iter().enumerate() {
            pdf.indirect(runs_ref(p))
                .array()
                .items(runs.iter().map(|e| element_ref(*e)));
        }
        let mut tree = pdf
            .indirect(root)
            .start::<pdf_writer::writers::StructTreeRoot>();
        tree.child(element_ref(0));
        let mut nums = tree.parent_tree();
        let mut entries = nums.nums();
        for p in 0..self.runs.len() {
            entries.insert(p as i32, runs_ref(p));
        }
        entries.finish();
        nums.finish();
        tree.parent_tree_next_key(self.runs.len() as i32);
        tree.finish();
        root
    }
}

/// Says of a page that its runs are keyed `index` in the parent tree and that its reading
/// order is the structure's.
pub(super) fn tag_page(page: &mut pdf_writer::writers::Page, index: usize) {
    page.struct_parents(index as i32);
    page.tab_order(TabOrder::StructureOrder);
}

/// A PDF read back as poppler reads it for assistive technology: `pdfinfo`'s summary and its
/// structure tree with each element's text (`pdfinfo -struct-text`).
#[cfg(test)]
pub(crate) fn read_back(pdf: &[u8]) -> (String, String) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join("read.pdf");
    std::fs::write(&path, pdf).expect("the PDF written");
    let run = |args: &[&str]| {
        let out = std::process::Command::new("pdfinfo")
            .args(args)
            .arg(&path)
            .output()
            .expect("pdfinfo (poppler-utils) is installed");
        assert!(out.status.success(), "{out:?}");
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    (run(&[]), run(&["-struct-text"]))
}

/// The structure's elements, a line each without their indent, where `TRAINING_MARK`'s
/// paragraph (present when another test of this process holds the mark) is left out.
#[cfg(all(test, unix))]
pub(crate) fn outline(structure: &str) -> Vec<String> {
    let lines: Vec<&str> = structure.lines().collect();
    let mut kept = Vec::new();
    let mut n = 0;
    while n < lines.len() {
        let line = lines[n].trim();
        if line.starts_with("P") && lines.get(n + 1).is_some_and(|l| l.contains("TRAINING")) {
            n += 2;
            continue;
        }
        kept.push(line.to_owned());
        n += 1;
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_outside_any_element_is_its_own_paragraph_and_runs_are_numbered_per_page() {
        let mut tags = Tags::new();
        tags.page_added();
        assert!(tags.needs_paragraph(), "the Document holds no text itself");
        tags.open(StructRole::Table);
        assert!(tags.needs_paragraph());
        tags.open(StructRole::TR);
        tags.open(StructRole::TD);
        assert!(!tags.needs_paragraph());
        let mut content = Content::new();
        tags.begin(&mut content);
        Tags::end(&mut content);
        tags.begin(&mut content);
        Tags::end(&mut content);
        tags.page_added();
        tags.begin(&mut content);
        Tags::end(&mut content);
        assert_eq!(tags.runs, vec![vec![3, 3], vec![3]]);
        let stream = String::from_utf8_lossy(&content.finish())
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        assert!(
            stream.contains(
                "/TD << /MCID 0 >> BDC EMC /TD << /MCID 1 >> BDC EMC /TD << /MCID 0 >> BDC"
            ),
            "{stream}"
        );
        tags.close();
        tags.close();
        tags.close();
        tags.close();
        assert_eq!(tags.open, vec![0], "the Document stays open");
    }
}
