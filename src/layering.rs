//! No crate has an import loop: read from the sources, each module's imports of other modules
//! of its crate (`crate::…`, `super::…`, `use super::{a, b}`) form a graph with no cycle. A module's imports
//! of its own descendants (a parent re-exporting what its children define) are declarations,
//! like `mod`, and do not count; the window's crate is held to the stricter rule in `layering_window`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

pub(crate) fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// `src/ui/panes/calendar/mod.rs` is `ui::panes::calendar`.
pub(crate) fn module_of(src: &Path, file: &Path) -> Vec<String> {
    let relative = file.strip_prefix(src).unwrap().with_extension("");
    let mut parts: Vec<String> = relative
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    parts
}

/// The paths named in `code` that start at one of `roots` (`crate::`, `crate::ui`, `super::`), as
/// written (`super::{a, b}` gives one path each).
pub(crate) fn named_paths(code: &str, roots: &[&str]) -> Vec<String> {
    let mut out = Vec::new();
    let bytes: Vec<char> = code.chars().collect();
    let mut i = 0;
    while i < bytes.len() {
        let rest: String = bytes[i..].iter().take(12).collect();
        let starts = roots.iter().any(|root| rest.starts_with(root))
            && (i == 0 || !(bytes[i - 1].is_alphanumeric() || bytes[i - 1] == '_'));
        if !starts {
            i += 1;
            continue;
        }
        let mut j = i;
        while j < bytes.len() && (bytes[j].is_alphanumeric() || bytes[j] == '_' || bytes[j] == ':')
        {
            j += 1;
        }
        let path: String = bytes[i..j].iter().collect();
        let path = path.trim_end_matches(':').to_owned();
        if bytes.get(j) == Some(&'{') {
            let close = bytes[j..]
                .iter()
                .position(|&c| c == '}')
                .map_or(bytes.len(), |k| j + k);
            let group: String = bytes[j + 1..close].iter().collect();
            for name in group.split(',') {
                let name = name.trim().split("::").next().unwrap_or_default().trim();
                if !name.is_empty() && name != "self" {
                    out.push(format!("{path}::{name}"));
                }
            }
            i = close;
        } else {
            out.push(path);
            i = j;
        }
    }
    out
}

/// The module a path names (its longest prefix that is a module), from inside `here`.
pub(crate) fn resolve(
    path: &str,
    here: &[String],
    modules: &BTreeSet<Vec<String>>,
) -> Option<Vec<String>> {
    let mut parts: Vec<&str> = path.split("::").collect();
    let mut base: Vec<String> = if parts.first() == Some(&"crate") {
        parts.remove(0);
        Vec::new()
    } else {
        here.to_vec()
    };
    while parts.first() == Some(&"super") {
        parts.remove(0);
        base.pop();
    }
    let mut best = None;
    for n in 0..=parts.len() {
        let mut candidate = base.clone();
        candidate.extend(parts[..n].iter().map(|p| (*p).to_owned()));
        if modules.contains(&candidate) {
            best = Some(candidate);
        }
    }
    best
}

/// How a module's imports of its own descendants count.
#[derive(Clone, Copy, PartialEq)]
pub(crate) enum Children {
    /// As declarations, like `mod`: not counted (every crate).
    Declared,
    /// As imports like any other (the window's stricter rule).
    Counted,
}

/// Each crate's modules, and whom each imports (outside its tests).
pub(crate) fn import_graph(
    src: &Path,
    children: Children,
) -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
    let mut files = Vec::new();
    sources(src, &mut files);
    let modules: BTreeSet<Vec<String>> = files
        .iter()
        .map(|f| module_of(src, f))
        .filter(|m| !matches!(m.as_slice(), [one] if one == "main" || one == "lib"))
        .collect();
    let mut edges: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
    for file in &files {
        let here = module_of(src, file);
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
                    && (children == Children::Counted || !target.starts_with(&here))
                {
                    deps.insert(target);
                }
            }
        }
    }
    edges
}

/// The crates' layers are held by the compiler (a crate cannot import one above it); inside
/// each crate, its modules import one another without a loop.
#[test]
fn the_sources_have_no_import_loop() {
    let top = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut crates = vec![top.join("src")];
    for entry in std::fs::read_dir(top.join("crates")).unwrap() {
        crates.push(entry.unwrap().path().join("src"));
    }
    let mut modules = 0;
    let mut loops = Vec::new();
    for src in &crates {
        let edges = import_graph(src, Children::Declared);
        modules += edges.len();
        if src.ends_with("crates/engine/src") {
            assert!(
                edges[&vec!["sync".to_owned()]].contains(&vec!["change".to_owned()]),
                "imports are read (the sync names changes)"
            );
        }
        let mut done = BTreeSet::new();
        for m in edges.keys() {
            if let Some(cycle) = visit(m, &edges, &mut Vec::new(), &mut done) {
                loops.push(format!("{}: {}", src.display(), cycle.join(" → ")));
            }
        }
        // Folders too: `a/x.rs` naming `b/y.rs` and `b/z.rs` naming `a/w.rs` is a loop
        // between the folders `a` and `b`, though no file names itself back.
        let folders = between_siblings(&edges);
        let mut done = BTreeSet::new();
        for m in folders.keys() {
            if let Some(cycle) = visit(m, &folders, &mut Vec::new(), &mut done) {
                loops.push(format!(
                    "{} (folders): {}",
                    src.display(),
                    cycle.join(" → ")
                ));
            }
        }
    }
    assert!(modules >= 300, "the crates' modules: {modules}");
    assert!(loops.is_empty(), "import loops:\n{}", loops.join("\n"));
}

/// Each import seen where the two paths part: `ui::app::x` naming `crash::y` is `ui` naming
/// `crash`; `ui::widgets::a` naming `ui::remote` is `ui::widgets` naming `ui::remote`.
fn between_siblings(
    edges: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
) -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
    let mut out: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
    for (from, targets) in edges {
        for to in targets {
            let shared = from.iter().zip(to).take_while(|(a, b)| a == b).count();
            if shared < from.len() && shared < to.len() {
                out.entry(from[..=shared].to_vec())
                    .or_default()
                    .insert(to[..=shared].to_vec());
            }
        }
    }
    out
}

/// Depth-first, colouring modules: reaching one still on the path is a loop.
pub(crate) fn visit(
    m: &Vec<String>,
    edges: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
    on_path: &mut Vec<Vec<String>>,
    done: &mut BTreeSet<Vec<String>>,
) -> Option<Vec<String>> {
    if let Some(at) = on_path.iter().position(|p| p == m) {
        let mut cycle: Vec<String> = on_path[at..].iter().map(|p| p.join("::")).collect();
        cycle.push(m.join("::"));
        return Some(cycle);
    }
    if done.contains(m) {
        return None;
    }
    on_path.push(m.clone());
    for next in edges.get(m).into_iter().flatten() {
        if let Some(cycle) = visit(next, edges, on_path, done) {
            on_path.pop();
            done.insert(m.clone());
            return Some(cycle);
        }
    }
    on_path.pop();
    done.insert(m.clone());
    None
}

/// The window asks the engine (`engine::asks`): it cannot name the client or the service (its
/// crate does not depend on them: the compiler says so). What the compiler cannot say, since
/// tests and screenshots turn on the engine's `test-hooks`: no pane reaches into the store, the
/// follow-up file or the keys answers are kept under.
#[test]
fn the_window_does_not_reach_into_the_store() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/ui/src");
    // Spelt in pieces, so this test does not find itself.
    let forbidden = [
        concat!("engine::", "store::"),
        concat!("engine::", "follow_up_file"),
        concat!("engine::", "answer_keys"),
    ]
    .map(String::from);
    let offending = lines_naming(&root, &forbidden, false);
    assert!(offending.is_empty(), "{}", offending.join("\n"));
    let manifest = std::fs::read_to_string(root.with_file_name("Cargo.toml")).unwrap();
    for below in ["leasedesk-client", "leasedesk-service", "leasedesk-sandbox"] {
        assert!(
            !manifest.contains(below),
            "the window's crate depends on {below}"
        );
    }
}

/// The lines of the Rust files below `dir` (outside their tests with `skip_tests`) whose code
/// (not comments) holds one of `forbidden`, as "file:line: text".
pub(crate) fn lines_naming(dir: &Path, forbidden: &[String], skip_tests: bool) -> Vec<String> {
    let mut files = Vec::new();
    sources(dir, &mut files);
    assert!(
        files.len() >= 10,
        "the files below {}: {}",
        dir.display(),
        files.len()
    );
    let mut offending = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let text = if skip_tests {
            text.split("#[cfg(test)]")
                .next()
                .unwrap_or_default()
                .to_owned()
        } else {
            text
        };
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or_default();
            if forbidden.iter().any(|word| code.contains(word.as_str())) {
                offending.push(format!("{}:{}: {line}", file.display(), n + 1));
            }
        }
    }
    offending
}

/// Every message the code names (`tr!` with a message id) is in every language's file: a
/// missing one would show its id.
#[test]
fn every_message_the_code_names_is_in_every_language() {
    let top = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    sources(&top.join("src"), &mut files);
    for entry in std::fs::read_dir(top.join("crates")).unwrap() {
        sources(&entry.unwrap().path().join("src"), &mut files);
    }
    let mut named = BTreeSet::new();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        let mut rest = text.as_str();
        while let Some(at) = rest.find("tr!(\"") {
            // `tr!`, not `include_str!`.
            let own = rest[..at]
                .chars()
                .next_back()
                .is_none_or(|c| !(c.is_alphanumeric() || c == '_'));
            rest = &rest[at + 5..];
            if own {
                named.insert(rest.chars().take_while(|c| *c != '"').collect::<String>());
            }
        }
    }
    assert!(named.len() >= 20, "messages named: {}", named.len());
    let missing: Vec<String> = named
        .iter()
        .flat_map(|id| {
            leasedesk_i18n::Language::ALL
                .into_iter()
                .filter(|l| !leasedesk_i18n::has(*l, id))
                .map(move |l| format!("{id} ({})", l.tag()))
        })
        .collect();
    assert!(missing.is_empty(), "not in the files: {missing:?}");
}
