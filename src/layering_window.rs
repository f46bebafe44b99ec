//! The window's crate (`crates/ui`) has no import loop under the stricter rule: a module's own
//! children count only where it imports them, not where it declares them.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use crate::layering::{module_of, named_paths, resolve, sources, visit};

#[test]
fn the_window_has_no_import_loop() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/ui/src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let modules: BTreeSet<Vec<String>> = files
        .iter()
        .map(|f| module_of(&src, f))
        .filter(|m| !matches!(m.as_slice(), [one] if one == "lib"))
        .collect();
    let mut edges: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
    for file in &files {
        let here = module_of(&src, file);
        if !modules.contains(&here) {
            continue;
        }
        let text = std::fs::read_to_string(file).unwrap();
        // Tests may reach anywhere.
        let text = text.split("#[cfg(test)]").next().unwrap_or_default();
        let deps = edges.entry(here.clone()).or_default();
        for line in text.lines() {
            let code = line.split("//").next().unwrap_or_default();
            for path in named_paths(code, &["crate::", "super::"]) {
                if let Some(target) = resolve(&path, &here, &modules)
                    && target != here
                {
                    deps.insert(target);
                }
            }
        }
    }
    assert!(edges.len() >= 60, "the window's modules: {}", edges.len());
    assert!(
        edges[&vec!["commands".to_owned()]].contains(&vec!["nav".to_owned()]),
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
