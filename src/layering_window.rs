//! The window's crate (`crates/ui`) has no import loop under the stricter rule: a module's own
//! children count only where it imports them, not where it declares them.

use std::collections::BTreeSet;
use std::path::Path;

use crate::layering::{Children, import_graph, visit};

#[test]
fn the_window_has_no_import_loop() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/ui/src");
    let edges = import_graph(&src, Children::Counted);
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
