/// The engine stands below the window: nothing in it may name egui or the `ui` module.
fn sources(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn the_engine_stands_below_the_window() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/engine");
    let mut files = Vec::new();
    sources(&root, &mut files);
    assert!(files.len() >= 10, "the engine's files: {files:?}");
    // Spelt in pieces, so this test does not find itself.
    let forbidden = [
        concat!("eg", "ui"),
        concat!("crate::", "ui"),
        concat!("super::", "ui"),
    ];
    let mut offending = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or_default();
            if forbidden.iter().any(|word| code.contains(word)) {
                offending.push(format!("{}:{}: {line}", file.display(), n + 1));
            }
        }
    }
    assert!(offending.is_empty(), "{}", offending.join("\n"));
}

/// The window asks the engine (`engine::asks`) and never composes a service call: no
/// client, no `service::` path in `src/ui`.
#[test]
fn the_window_asks_the_engine_and_holds_no_client() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/ui");
    let mut files = Vec::new();
    sources(&root, &mut files);
    assert!(files.len() >= 30, "the window's files: {files:?}");
    let forbidden = [
        concat!("client", "."),
        concat!("service", "::"),
        concat!("|client", "|"),
        concat!("Client::", "with_options"),
        concat!("Client::", "new"),
    ];
    let mut offending = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or_default();
            if forbidden.iter().any(|word| code.contains(word)) {
                offending.push(format!("{}:{}: {line}", file.display(), n + 1));
            }
        }
    }
    assert!(offending.is_empty(), "{}", offending.join("\n"));
}
