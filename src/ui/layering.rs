//! `src/ui` has no import loop: read from the sources, each module's imports of other `ui`
//! modules (`crate::ui::…`, `super::…`, `use super::{a, b}`) form a graph with no cycle. A
//! module's own children count only where it imports them, not where it declares them.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use crate::layering::{module_of, named_paths, resolve, sources, visit};

#[test]
fn the_window_has_no_import_loop() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src.join("ui"), &mut files);
    let modules: BTreeSet<Vec<String>> = files.iter().map(|f| module_of(&src, f)).collect();
    let mut edges: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
    for file in &files {
        let here = module_of(&src, file);
        let text = std::fs::read_to_string(file).unwrap();
        // Tests may reach anywhere.
        let text = text.split("#[cfg(test)]").next().unwrap_or_default();
        let deps = edges.entry(here.clone()).or_default();
        for line in text.lines() {
            let code = line.split("//").next().unwrap_or_default();
            for path in named_paths(code, &["crate::ui", "super::"]) {
                if let Some(target) = resolve(&path, &here, &modules)
                    && target != here
                    && target.first().is_some_and(|m| m == "ui")
                {
                    deps.insert(target);
                }
            }
        }
    }
    assert!(edges.len() >= 60, "the window's modules: {}", edges.len());
    assert!(
        edges[&vec!["ui".to_owned(), "commands".to_owned()]]
            .contains(&vec!["ui".to_owned(), "nav".to_owned()]),
        "imports are read (commands use nav)"
    );
    let mut done = BTreeSet::new();
    for m in edges.keys() {
        let found = visit(m, &edges, &mut Vec::new(), &mut done);
        assert!(
            found.is_none(),
            "an import loop: {}",
            found.unwrap().join(" → ")
        );
    }
}
